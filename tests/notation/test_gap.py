"""The plies a lost line held, found from the moves written after it (notation/decode/gap.py)."""

from __future__ import annotations

import chess
from partiar.notation.decode.gap import bridges, from_book, played, replayed
from partiar.notation.text.resolve import parse_written


def _written(*moves: str) -> list[tuple[object, ...]]:
    return [(parse_written(move, "sk"),) for move in moves]


def _no_prior(board: chess.Board) -> dict[chess.Move, float]:
    return {}


def test_the_moves_a_later_move_needs_are_found() -> None:
    # 1. e4 e5 lost: `Sb5` needs the e-pawn moved, `a6` the a-pawn not; nothing says more.
    written = _written("Jf3", "Jc6", "Sb5", "a6", "Sa4", "Jf6")
    found = bridges(chess.Board(), written, 2, _no_prior, 4)
    assert found and all(count == 6 for count, _ in found)
    for _, moves in found:
        assert chess.Board().san(moves[0]) in {"e3", "e4"}
    # Without the two plies, White's bishop is shut in.
    assert replayed(chess.Board(), written) < 6


def test_a_move_written_with_its_origin_where_one_piece_reaches_the_square_is_not_as_written() -> None:
    # `Jbd2` is written where both knights reach d2; with the king's knight at home, only b1's does.
    board = chess.Board()
    board.push_san("d4")
    board.push_san("d5")
    assert played(board, parse_written("Jbd2", "sk")) is None
    board.push_san("Nf3")
    board.push_san("Nf6")
    assert played(board, parse_written("Jbd2", "sk")) == chess.Move.from_uci("b1d2")


def test_a_move_marked_as_a_capture_that_takes_nothing_does_not_count() -> None:
    board = chess.Board()
    assert replayed(board, _written("e4", "e5")) == 2
    assert replayed(board, _written("exd4")) == 0


def test_a_lost_first_line_is_drawn_from_the_named_openings() -> None:
    # 1. e4 e5 2. Nf3 Nf6 3. d4 Nxe4 lost: the Petrov's position after 6 plies is the one book position where
    # all the written plies play; a search over every legal move ranks others as high.
    written = _written("dxe5", "d5", "Jbd2", "Se7", "Jxe4", "dxe4", "Dxd8+", "Sxd8", "Jd4", "Jd7")
    (best, second) = from_book(written, 6, 2)
    assert best[0] == 10 and second[0] < 10
    assert chess.Board().variation_san(list(best[1])) == "1. e4 e5 2. Nf3 Nf6 3. d4 Nxe4"
