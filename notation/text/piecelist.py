"""A position written as two lists of pieces, White's then Black's, read into a board's placement.

Columns and reports print a fragment's starting position so: `Bijeli: Kg1, Df6, Tb1; pješaci: b4, c4;
Crni: Kg8, Da7 …`, `Р.ПОНОМАРЕВ (Крg1, Лc1, Сd2, пп.a2, b4) – В.ТОПАЛОВ (Крg8, …)`, `b. Kf2, Db8, Pg4 (7),
č. Ke5 …`. A list is a run of three or more squares, each with the locale's piece letter or none (a pawn),
separated by commas or semicolons, a word such as `pješaci:` or `пп.` allowed before a square; each side's
list holds one king. The side to move and the move number are the reader's to decide (from the first move
written after the lists).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from functools import cache
from typing import NamedTuple

import chess

from ..locales import Locale, get_locale

# How far apart the two lists may stand (the black player's name or a label between them).
_GAP_LONGEST = 60


class PieceLists(NamedTuple):
    """Where each side's list stands in the text (start, end), and the placement they give (FEN's first
    field)."""

    white: tuple[int, int]
    black: tuple[int, int]
    placement: str

    @property
    def end(self) -> int:
        return self.black[1]


@cache
def _list_pattern(code: str) -> re.Pattern[str]:
    locale = get_locale(code)
    letters = "|".join(re.escape(letter) for letter in locale.piece_spellings(english=False))
    pawn = "|".join(re.escape(letter) for letter in locale.pawn_letters)
    item = rf"(?:{letters}{'|' + pawn if pawn else ''})?[a-h][1-8]"
    separator = r"[ \t]*[,;][ \t]*(?:[^\W\d_]{1,9}[.:][ \t]*)?"
    return re.compile(rf"(?<![\w])(?:[^\W\d_]{{1,9}}[.:][ \t]*)?{item}(?:{separator}{item}){{2,}}(?![\w])")


def _pieces(found: str, locale: Locale) -> list[tuple[int, chess.Square]] | None:
    """The pieces of one list, or None where it holds no king or more than one."""
    spellings = locale.piece_spellings(english=False)
    pieces = []
    for item in re.finditer(r"(\S*?)([a-h][1-8])(?![\w])", re.sub(r"[^\W\d_]{1,9}[.:]", " ", found)):
        letter = item[1].strip(",; \t")
        piece = spellings.get(letter, chess.PAWN if not letter or letter in locale.pawn_letters else 0)
        if not piece:
            return None
        pieces.append((piece, chess.parse_square(item[2])))
    return pieces if sum(piece == chess.KING for piece, _ in pieces) == 1 else None


def piece_lists(text: str, locale: Locale) -> Iterator[PieceLists]:
    """The positions written as two lists of pieces in `text` (folded into the locale's script)."""
    found = list(_list_pattern(locale.code).finditer(text))
    for white, black in itertools.pairwise(found):
        if black.start() - white.end() > _GAP_LONGEST:
            continue
        white_pieces, black_pieces = _pieces(white[0], locale), _pieces(black[0], locale)
        if white_pieces is None or black_pieces is None:
            continue
        placed = {square: chess.Piece(piece, chess.WHITE) for piece, square in white_pieces}
        placed |= {square: chess.Piece(piece, chess.BLACK) for piece, square in black_pieces}
        if len(placed) == len(white_pieces) + len(black_pieces):  # no square named twice
            board = chess.Board(None)
            board.set_piece_map(placed)
            yield PieceLists(white.span(), black.span(), board.board_fen())
