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


def tokens(movetext: str) -> tuple[list[str | None], set[int], str]:
    """The move tokens of noisy movetext, the indexes of moves followed by a draw offer, and the result.

    Move numbers place the tokens: where a number follows the one before it (`35.` after `34.`) with
    fewer than two moves in between, the moves that are not there (lost to the scanner, or never typed)
    are None, so the moves after them stay on their own plies.
    """
    moves: list[str | None] = []
    offers: set[int] = set()
    result = "*"
    last_number: tuple[int, int] | None = None  # (move number, index of its white move)
    for raw in _COMMENT.sub(" ", movetext).split():
        number = _NUMBER.match(raw)
        token = raw[number.end() :] if number else raw
        if number and number["number"]:
            black = number["dots"] is not None and (number["dots"] == "…" or len(number["dots"]) >= 3)
            last_number = _place(int(number["number"]), black, last_number, moves)
        if not token or token.strip(".…") == "":
            continue
        if _RESULT.match(token):
            result = RESULTS.get(token, FORFEITS.get(token, "*"))
            break
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
    return moves, offers, result


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
        headers = read_headers(chunk)
        if headers.board is None:
            yield LenientGame(Decoded(chess.STARTING_FEN), Game(headers=headers.tags, error=headers.error))
            continue
        moves, offers, result = tokens(chunk.movetext)
        if not moves and not chunk.headers:
            continue
        decoded = decode(
            [[TextReading(text) if text is not None else None] for text in moves],
            loc,
            start_fen=headers.fen,
            review_below=TEXT_REVIEW_BELOW,
        )
        game = decoded.reviewed_game(headers.tags, result)
        game.plies = [ply._replace(draw_offer=ply.halfmove - 1 in offers) for ply in game.plies]
        yield LenientGame(decoded, game)
