"""Named openings: where a text's first line was lost, the positions its first moves may have come from.

A game whose text starts at a later move than 1 ("4) dxe5 d5 5) Jbd2 …", the first line lost at a fax's fold or
a page's top) cannot be played from the start, and a search over all the moves the lost plies could be finds
the moves that let the written ones play, not the moves played. Players play openings: the positions the named
openings reach at that ply are the likely ones, and the moves written next choose among them. How many named
lines go on with each move from a position also measures how often players choose it: the move prior
(`prior.py`) weighs the first moves with it.

`openings.tsv.gz` beside this module is the lichess.org opening list (github.com/lichess-org/chess-openings,
files a.tsv to e.tsv of commit 51b8862, CC0 1.0): ECO code, name and moves of 3,807 named lines.
"""

from __future__ import annotations

import gzip
from collections import Counter
from functools import cache
from pathlib import Path
from typing import NamedTuple

import chess
import chess.polyglot

BOOK_FILE = Path(__file__).with_name("openings.tsv.gz")


class Opening(NamedTuple):
    """A named line's first plies: its ECO code and name, the moves played."""

    eco: str
    name: str
    moves: tuple[chess.Move, ...]


@cache
def _lines() -> tuple[Opening, ...]:
    """Every named line of the book, its moves played from the start."""
    lines = []
    with gzip.open(BOOK_FILE, "rt", encoding="utf-8") as book:
        next(book)  # the column names
        for row in book:
            eco, name, pgn = row.rstrip("\n").split("\t")
            board = chess.Board()
            for token in pgn.split():
                if not token[0].isdigit():
                    board.push_san(token)
            lines.append(Opening(eco, name, tuple(board.move_stack)))
    return tuple(lines)


def book_moves(board: chess.Board) -> Counter[chess.Move]:
    """How many named lines go on from the position on `board` with each move (transpositions merged, the
    position reached in any number of plies); empty where no named line passes. A proxy for how often the
    move is played there: 692 lines go on with 2. Nf3 after 1. e4 e5, 4 with 2. d3."""
    return _continuations().get(chess.polyglot.zobrist_hash(board), _NONE)


_NONE: Counter[chess.Move] = Counter()


@cache
def _continuations() -> dict[int, Counter[chess.Move]]:
    """Per position of the named lines (by its Zobrist hash), the lines that go on from it by each move."""
    found: dict[int, Counter[chess.Move]] = {}
    for line in _lines():
        board = chess.Board()
        for move in line.moves:
            found.setdefault(chess.polyglot.zobrist_hash(board), Counter())[move] += 1
            board.push(move)
    return found


def openings_at(plies: int) -> tuple[Opening, ...]:
    """The named lines' distinct positions after `plies` plies, each once (see `_reached`)."""
    return tuple(_reached(plies).values())


def opening_of(board: chess.Board) -> Opening | None:
    """The named line whose first plies reach the position on `board` in as many plies, or None."""
    return _reached(board.ply()).get(board.epd())


@cache
def _reached(plies: int) -> dict[str, Opening]:
    """The named lines' distinct positions after `plies` plies, each as the first line in the book that reaches
    it (its ECO code and name those of the shortest line through it), by its EPD (an e.p. square only where
    a pawn can take there: 1. Nf3 d5 2. d4 and 1. d4 d5 2. Nf3 reach one position); a line named for a later
    move reaches the positions of its first plies too."""
    found: dict[str, Opening] = {}
    for line in sorted(_lines(), key=lambda line: len(line.moves)):
        if len(line.moves) < plies:
            continue
        board = chess.Board()
        for move in line.moves[:plies]:
            board.push(move)
        found.setdefault(board.epd(), line._replace(moves=line.moves[:plies]))
    return found
