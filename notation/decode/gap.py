"""Moves a text lost: the plies a dropped line held, found from the moves written after them.

A line lost at a page break or a fax's fold (`18) Dd2 Tfd8`, then `Da8 22) La3 …`: moves 19 to 21 gone)
leaves the reading plies behind the numbers written after it, and every later move read for the wrong side.
The plies in between are no text's. What can be known of them is what the moves written after them need (the
queen must stand where it goes to a8 from): of the sequences of that many legal moves, those after which most
of the next written moves can be played as written; the move prior orders the moves nothing later needs.
The decoder supplies them, flagged, and lets the text after them decide between the sequences found.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import chess

from ..game import Written
from ..keys import raw_key
from ..openings import openings_at

# The sequences kept at each ply of the search, and the next written plies that judge them.
WIDTH = 24
JUDGED = 40
# What a written ply counts for where it is played only as another move it may have been misread from.
MISREAD = 0.5


def played(board: chess.Board, written: Written) -> chess.Move | None:
    """A legal move of `board` as written there (its piece, target square and origin hints; the first of
    several), or None. A piece's origin file or rank alone (`Jbd2`) is written where two such pieces reach
    the square: where one alone does, the text was written for another board."""
    if written.castle is not None:
        for move in board.legal_moves:
            if board.is_castling(move) and board.is_kingside_castling(move) == (written.castle == "short"):
                return move
        return None
    if written.piece is None:
        return None
    pieces = board.pieces_mask(written.piece, board.turn)
    origins = pieces
    if written.from_file is not None:
        origins &= chess.BB_FILES[written.from_file]
    if written.from_rank is not None:
        origins &= chess.BB_RANKS[written.from_rank]
    if written.to_square is not None:
        # (A piece that does not even attack the square cannot go there: told without generating moves.)
        if written.piece != chess.PAWN and not board.attackers_mask(board.turn, written.to_square) & origins:
            return None
        targets = chess.BB_SQUARES[written.to_square]
    elif written.to_file is not None:
        targets = chess.BB_FILES[written.to_file]
    else:
        targets = chess.BB_ALL
    found = next(board.generate_legal_moves(origins, targets), None)
    if (
        found is None
        or (written.from_file is None) == (written.from_rank is None)
        or written.piece == chess.PAWN
    ):
        return found
    rivals = sum(1 for _ in board.generate_legal_moves(pieces, targets))
    return found if rivals >= 2 else None


def _as_written(board: chess.Board, written: Written) -> chess.Move | None:
    """`played`, and a capture where the text marks one."""
    move = played(board, written)
    if move is None or (written.capture_mark and not board.is_capture(move)):
        return None
    return move


def replayed(board: chess.Board, written: Sequence[Sequence[Written]], skipped: int = 0) -> float:
    """How well the written plies can be played, in turn, from `board` after `skipped` plies passed over:
    1 for each played as written, MISREAD for one played as another move it may have been written as (the
    first that can); a ply that cannot be played is passed over, so one slip does not hide the rest."""
    board = board.copy(stack=False)
    for _ in range(skipped):
        board.push(chess.Move.null())
    count = 0.0
    for ply in written[:JUDGED]:
        for rank, reading in enumerate(ply):
            move = _as_written(board, reading)
            if move is not None:
                board.push(move)
                count += 1.0 if rank == 0 else MISREAD
                break
        else:
            board.push(chess.Move.null())
    return count


def bridges(
    board: chess.Board,
    written: Sequence[Sequence[Written]],
    plies: int,
    priors: Callable[[chess.Board], dict[chess.Move, float]],
    kept: int,
) -> list[tuple[float, tuple[chess.Move, ...]]]:
    """The `kept` best sequences of `plies` legal moves from `board` before the `written` plies: by how many
    of those can then be played as written, then by the move prior; each with that count."""
    beam: list[tuple[float, float, tuple[chess.Move, ...], chess.Board]] = [(0.0, 0.0, (), board)]
    for ply in range(plies):
        found: dict[object, tuple[float, float, tuple[chess.Move, ...], chess.Board]] = {}
        for _, prior, moves, before in beam:
            weights = priors(before)
            for move in before.legal_moves:
                after = before.copy(stack=False)
                after.push(move)
                key = raw_key(after)
                count = replayed(after, written, plies - ply - 1)
                candidate = (count, prior + weights.get(move, 0.0), (*moves, move), after)
                if key not in found or candidate[:2] > found[key][:2]:
                    found[key] = candidate
        beam = sorted(found.values(), key=lambda item: (-item[0], -item[1]))[:WIDTH]
    return [(count, moves) for count, _, moves, _ in beam[:kept]]


def from_book(
    written: Sequence[Sequence[Written]], plies: int, kept: int
) -> list[tuple[float, tuple[chess.Move, ...]]]:
    """The `kept` named openings' first `plies` plies (each position once) after which most of the `written`
    plies can be played, the best first (the book's order among equals), each with that count: a game's first
    line lost is a line of an opening the players knew, as a search over every legal move cannot tell."""
    scored = []
    for opening in openings_at(plies):
        board = chess.Board()
        for move in opening.moves:
            board.push(move)
        scored.append((replayed(board, written), opening.moves))
    scored.sort(key=lambda pair: -pair[0])
    return scored[:kept]
