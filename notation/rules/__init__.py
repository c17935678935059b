"""The FIDE Laws applied to a game: position keys and replay, editions as data, draw claims and audits, and
verdicts told in words."""
