"""Positions as keys: the draw rules count a position's occurrences by them, and the decoders and the named
openings look positions up by them, whatever moves led there."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import chess

# python-chess's transposition key: the six piece bitboards, White's and Black's occupancy, the side to move,
# the castling rights of rooks and kings still in place, and the en-passant square only when an en-passant
# capture is legal. That is the FIDE "same position" (9.2.2) with castling compared by rights.
Key = tuple[int, int, int, int, int, int, int, int, bool, int, int | None]

# The position as 9.2.2 compares it (see `Key`); bound once here because it runs on every ply.
position_key = cast(Callable[[chess.Board], Key], chess.Board._transposition_key)


def raw_key(board: chess.Board) -> Key:
    """The key as bitboards alone, cheap enough for every ply: the e.p. square as the board has it, legal
    capture or not, and the castling rights as pushes keep them. `Replay.advance` settles the e.p. square."""
    return (
        board.pawns,
        board.knights,
        board.bishops,
        board.rooks,
        board.queens,
        board.kings,
        board.occupied_co[chess.WHITE],
        board.occupied_co[chess.BLACK],
        board.turn,
        board.castling_rights,
        board.ep_square,
    )
