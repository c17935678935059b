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

from .keys import Key, position_key

BOOK_FILE = Path(__file__).with_name("openings.tsv.gz")
# How many named lines go on with each move from each of their positions: counted from BOOK_FILE by
# `write_counts` (`make book`), whenever BOOK_FILE changes.
COUNTS_FILE = Path(__file__).with_name("book.tsv.gz")


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
    if board.occupied not in _occupied():  # most positions: told apart without the costlier key
        return _NONE
    return _continuations().get(position_key(board), _NONE)


_NONE: Counter[chess.Move] = Counter()


@cache
def _occupied() -> frozenset[int]:
    """The occupied squares of every position of the named lines."""
    return frozenset(key[6] | key[7] for key in _continuations())


@cache
def _continuations() -> dict[Key, Counter[chess.Move]]:
    """Per position of the named lines, the lines that go on from it by each move, as `COUNTS_FILE` holds
    them (read in a few hundredths of a second; counting them from the lines takes about a second)."""
    found: dict[Key, Counter[chess.Move]] = {}
    with gzip.open(COUNTS_FILE, "rt", encoding="ascii") as counts:
        for row in counts:
            fields, moves = row.rstrip("\n").split("\t")
            pawns, knights, bishops, rooks, queens, kings, white, black, turn, castling, ep_square = (
                fields.split()
            )
            key: Key = (
                int(pawns),
                int(knights),
                int(bishops),
                int(rooks),
                int(queens),
                int(kings),
                int(white),
                int(black),
                turn == "w",
                int(castling),
                None if ep_square == "-" else int(ep_square),
            )
            found[key] = Counter(
                {
                    chess.Move.from_uci(uci): int(count)
                    for uci, count in (move.split(":") for move in moves.split())
                }
            )
    return found


def count_lines() -> dict[Key, Counter[chess.Move]]:
    """Per position of the named lines, the lines that go on from it by each move, counted from `_lines()`."""
    found: dict[Key, Counter[chess.Move]] = {}
    for line in _lines():
        board = chess.Board()
        for move in line.moves:
            found.setdefault(position_key(board), Counter())[move] += 1
            board.push(move)
    return found


def write_counts(path: Path = COUNTS_FILE) -> None:
    """Write `count_lines()` as `COUNTS_FILE` holds it: per position, its key's fields (the bitboards, the side
    to move, the castling rights, the e.p. square or -), a tab, and each move's UCI and count."""
    rows = []
    for key, counted in count_lines().items():
        *boards, turn, castling, ep_square = key
        fields = [
            *map(str, boards),
            "w" if turn else "b",
            str(castling),
            "-" if ep_square is None else str(ep_square),
        ]
        moves = " ".join(
            f"{move.uci()}:{count}" for move, count in sorted(counted.items(), key=lambda item: item[0].uci())
        )
        rows.append(f"{' '.join(fields)}\t{moves}\n")
    with gzip.GzipFile(path, "wb", mtime=0) as counts:
        counts.write("".join(sorted(rows)).encode("ascii"))


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
