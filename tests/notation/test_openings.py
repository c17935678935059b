"""The named openings' positions (notation/openings.py)."""

from __future__ import annotations

import gzip
from pathlib import Path

import chess
from partiar.notation.openings import (
    COUNTS_FILE,
    book_moves,
    count_lines,
    opening_of,
    openings_at,
    write_counts,
)


def test_each_position_after_so_many_plies_is_named_once_by_the_shortest_line_through_it() -> None:
    board = chess.Board()
    for san in ("e4", "e5", "Nf3", "Nc6", "Bb5"):
        board.push_san(san)
    opening = opening_of(board)
    assert opening is not None and (opening.eco, opening.name) == ("C60", "Ruy Lopez")
    # 1. Nf3 d5 2. d4 and 1. d4 d5 2. Nf3 reach one position: it is named once, by the first line in the book.
    transposed = chess.Board()
    for san in ("Nf3", "d5", "d4"):
        transposed.push_san(san)
    reached = [opening for opening in openings_at(3) if opening_of(transposed) == opening]
    assert len(reached) == 1
    keys = set()
    for opening in openings_at(3):
        after = chess.Board()
        for move in opening.moves:
            assert after.is_legal(move)
            after.push(move)
        keys.add(after.epd())
    assert len(keys) == len(openings_at(3)) == 272


def test_a_position_no_named_line_reaches_in_as_many_plies_has_no_name() -> None:
    board = chess.Board()
    for san in ("a4", "h5", "Ra3", "Rh6"):
        board.push_san(san)
    assert opening_of(board) is None


def test_the_book_counts_the_named_lines_that_go_on_with_each_move_transpositions_merged() -> None:
    after_e5 = chess.Board()
    for san in ("e4", "e5"):
        after_e5.push_san(san)
    counted = {after_e5.san(move): lines for move, lines in book_moves(after_e5).items()}
    assert max(counted, key=counted.__getitem__) == "Nf3"
    assert counted["Nf3"] > 10 * counted["d3"] > 0
    assert "Ba6" not in counted
    # 1. Nf3 d5 2. d4 and 1. d4 d5 2. Nf3 reach one position: the lines through either go on from it.
    one, other = chess.Board(), chess.Board()
    for san in ("Nf3", "d5", "d4"):
        one.push_san(san)
    for san in ("d4", "d5", "Nf3"):
        other.push_san(san)
    assert book_moves(one) == book_moves(other) != {}
    off_book = chess.Board()
    for san in ("a4", "h5", "Ra3", "Rh6"):
        off_book.push_san(san)
    assert not book_moves(off_book)


def test_the_shipped_counts_are_the_named_lines_counted(tmp_path: Path) -> None:
    written = tmp_path / "book.tsv.gz"
    write_counts(written)
    shipped = gzip.decompress(COUNTS_FILE.read_bytes())
    assert gzip.decompress(written.read_bytes()) == shipped, "run `make book`: openings.tsv.gz has changed"
    assert len(shipped.splitlines()) == len(count_lines())
