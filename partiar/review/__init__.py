"""The review of a scanned game: a local web page where a person confirms or corrects the doubtful moves.

`session.ReviewSession` holds the game and the confirmations (every correction decodes the rest of the game
again); `app.create_app` serves it (Starlette, on loopback only). `partiar review` runs both.
"""
