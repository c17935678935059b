"""Noisy notation (OCR'd text, a carelessly typed file) through the legal-move decoder.

The strict reader refuses `Kbl` or `S%e5`; here every move token becomes a reading scored with the
character-confusion model, and the decoder finds the most probable legal game, with a confidence, a review
flag and alternatives on every move. Tokenising is deliberately forgiving: move numbers may be glued to
moves or misread, marks may stand apart from their move, prose words are skipped.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import NamedTuple

import chess

from ..game import Game
from ..locales import Locale, get_locale
from ..text.reader import FORFEITS, RESULTS, read_headers, split_games
from .beam import Decoded, decode
from .textscore import TextReading

# Only braced comments: in noisy text a stray ";" is more likely a misread character than a PGN comment.
_COMMENT = re.compile(r"\{[^}]*\}")
# A move number, with its dots or glued straight to a piece letter ("12.Jf3", "12Jf3"); leading dots.
# `dots` of three or more (or an ellipsis) after a number mean Black's move follows.
_NUMBER = re.compile(r"^(?:(?P<number>[0-9]+)(?:\s*(?P<dots>\.+|…)|(?=[^\W\d_a-z]))|\.+|…)")
_RESULT = re.compile(r"^(1-0|0-1|1/2-1/2|½-½|\*|\+/-|-/\+|-/-)$")
_MARK = re.compile(r"^(?:[+#!?]+|e\.?p\.?)$")
_DRAW_OFFER = re.compile(r"^\(?=\)?$")
# Moves of noisy text below this confidence are flagged: the lowest threshold at which unflagged moves were
# wrong at most 0.05% of the time on development games (`bench/scan.py --only dev`, 3% noise), rounded up.
TEXT_REVIEW_BELOW = 0.98
_PROSE = re.compile(r"^(?:[^\W\d_]{3,}[.:]|[^\W\d_]{5,})$")


@dataclass
class LenientGame:
    """A game decoded from noisy text: the decoding and the game it gives (with headers and result)."""

    decoded: Decoded
    game: Game


class TokenGame(NamedTuple):
    """One game's move tokens (None where a move is missing), the indexes of moves followed by a draw
    offer, and the result."""

    moves: list[str | None]
    offers: set[int]
    result: str


def token_games(movetext: str) -> list[TokenGame]:
    """The games of noisy movetext, as tokens: a result ends a game, and so does a move number 1 after
    higher ones (games printed one after another); text after the last game's result is a game of its own.

    Move numbers place the tokens: where a number follows the one before it (`35.` after `34.`) with
    fewer than two moves in between, the moves that are not there (lost to the scanner, or never typed)
    are None, so the moves after them stay on their own plies.
    """
    games: list[TokenGame] = []
    game = TokenGame([], set(), "*")
    last_number: tuple[int, int] | None = None  # (move number, index of its white move)
    for raw in _COMMENT.sub(" ", movetext).split():
        number = _NUMBER.match(raw)
        token = raw[number.end() :] if number else raw
        moves, offers = game.moves, game.offers
        if number and number["number"]:
            value = int(number["number"])
            black = number["dots"] is not None and (number["dots"] == "…" or len(number["dots"]) >= 3)
            if value == 1 and not black and moves and last_number is not None and last_number[0] > 1:
                games.append(game)
                game = TokenGame([], set(), "*")
                moves, offers, last_number = game.moves, game.offers, None
            last_number = _place(value, black, last_number, moves)
        if not token or token.strip(".…") == "":
            continue
        if _RESULT.match(token):
            games.append(game._replace(result=RESULTS.get(token, FORFEITS.get(token, "*"))))
            game, last_number = TokenGame([], set(), "*"), None
            continue
        if _DRAW_OFFER.match(token):
            if moves:
                offers.add(len(moves) - 1)
            continue
        if _MARK.match(token) and moves and moves[-1] is not None:
            moves[-1] += token if not token.startswith("e") else " " + token
            continue
        if _PROSE.match(token) and not any(ch.isdigit() for ch in token):
            continue
        if token.endswith("(=)"):
            token = token[:-3]
            offers.add(len(moves))
        moves.append(token)
    if game.moves or not games:
        games.append(game)
    return games


def tokens(movetext: str) -> TokenGame:
    """The tokens of the first game of the movetext (a scoresheet page's text layer holds one game)."""
    return token_games(movetext)[0]


def _place(
    number: int, black: bool, last: tuple[int, int] | None, moves: list[str | None]
) -> tuple[int, int] | None:
    """Fill in the moves missing before move `number` (None each) when it follows the previous move
    number; return the new reference: the move number and the index of its white move."""
    if black:  # `12...`: the next token is Black's 12th move
        return (number, len(moves) - 1)
    if last is not None and number == last[0] + 1:
        missing = last[1] + 2 - len(moves)
        if 0 < missing <= 2:
            moves.extend([None] * missing)
    return (number, len(moves))


def read_lenient(lines: Iterable[str], locale: str | Locale) -> Iterator[LenientGame]:
    """Games from noisy notation text, decoded one at a time."""
    loc = get_locale(locale)
    for chunk in split_games(lines):
        line = chunk.headers[0][0] if chunk.headers else chunk.first_line  # where the game starts
        headers = read_headers(chunk)
        if headers.board is None:
            game = Game(headers=headers.tags, error=headers.error, line=line)
            yield LenientGame(Decoded(chess.STARTING_FEN), game)
            continue
        for index, (moves, offers, result) in enumerate(token_games(chunk.movetext)):
            if not moves and not chunk.headers:
                continue
            decoded = decode(
                [[TextReading(text) if text is not None else None] for text in moves],
                loc,
                start_fen=headers.fen,
                review_below=TEXT_REVIEW_BELOW,
            )
            # The tags belong to the first game of the chunk; games glued after it have none.
            game = decoded.reviewed_game(headers.tags if index == 0 else {}, result)
            game.plies = [ply._replace(draw_offer=ply.halfmove - 1 in offers) for ply in game.plies]
            game.line = line
            yield LenientGame(decoded, game)
