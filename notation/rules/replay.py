"""One walk over a game that keeps what the draw rules need, in constant work per ply.

Per ply the walk keeps the FIDE position key (9.2.2), how often that position has occurred and the halfmove
clock. Positions are only counted since the last pawn move or capture: nothing before such a move can occur
again, so the table stays small and no ply ever re-scans the history.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import pairwise
from typing import Literal, cast

import chess

from ..keys import Key, position_key
from .editions import Edition

_WHITE_OCCUPANCY = 6
_BLACK_OCCUPANCY = 7
_TURN = 8

EndingName = Literal["checkmate", "stalemate", "dead_position", "fivefold", "seventyfive"]

FIFTY = 100  # half-moves: 50 moves by each player
SEVENTY_FIVE = 150
_ALTERNATE_SPACING = 4  # a position recurring on consecutive alternate moves of both players


def is_dead_material(board: chess.Board) -> bool:
    """Insufficient material on both sides: K v K, K+B v K, K+N v K, or bishops all on one colour of square.

    K+N v K+N is not dead (a mate is possible), nor is any position with a pawn, rook or queen.
    """
    return _dead(board.pawns, board.knights, board.bishops, board.rooks, board.queens)


def _dead(pawns: int, knights: int, bishops: int, rooks: int, queens: int) -> bool:
    if pawns or rooks or queens:
        return False
    if knights:
        return not bishops and chess.popcount(knights) == 1
    return not bishops & chess.BB_LIGHT_SQUARES or not bishops & chess.BB_DARK_SQUARES


def _dead_key(key: Key) -> bool:
    """Dead material read from a position key (its first five fields are the piece bitboards)."""
    return _dead(key[0], key[1], key[2], key[3], key[4])


def _place(board: chess.Board, key: Key, clock: int, fullmove: int) -> None:
    """Set `board` to the position a key describes (its pieces, side to move, castling rights, and the
    e.p. square when a capture there is legal) without playing the moves that led to it."""
    pawns, knights, bishops, rooks, queens, kings, white, black, turn, castling, ep_square = key
    board.pawns, board.knights, board.bishops = pawns, knights, bishops
    board.rooks, board.queens, board.kings = rooks, queens, kings
    board.occupied_co[chess.WHITE], board.occupied_co[chess.BLACK] = white, black
    board.occupied = white | black
    board.promoted = chess.BB_EMPTY
    board.turn = turn
    board.castling_rights = castling
    board.ep_square = ep_square
    board.halfmove_clock = clock
    board.fullmove_number = fullmove


class Replay:
    """A board plus the repetition and move-count state of every ply played on it so far.

    Index 0 of `keys`, `counts` and `clocks` is the start position; index n is the position after ply n.
    `occurrences` maps each position since the last pawn move or capture to the plies where it occurred.
    """

    def __init__(self, board: chess.Board) -> None:
        self.board = board
        key = position_key(board)
        self.keys: list[Key] = [key]
        self.counts: list[int] = [1]
        self.clocks: list[int] = [board.halfmove_clock]
        self.occurrences: dict[Key, list[int]] = {key: [0]}
        self.repeated: list[Key] = []  # positions that occurred at least twice, in order of their second time
        self.dead = is_dead_material(board)

    @property
    def ply(self) -> int:
        return len(self.keys) - 1

    def push(self, move: chess.Move) -> None:
        """Play one legal move and record the new position."""
        for _ in self.advance((move,)):
            pass

    def advance(
        self,
        moves: Sequence[chess.Move],
        last: int = -1,
        positions: Sequence[tuple[Key, int]] | None = None,
    ) -> Iterator[int]:
        """Play legal moves one by one, recording each position; yield the plies worth a closer look.

        Those are ply `last` and every ply where a claim or an automatic end may hold: a position
        seen three times or more, one seen twice in this run without pawn moves and captures (a move might
        repeat it a third time), a halfmove clock of 99 or more, or dead material. On most plies none holds,
        so the caller's checks run rarely. Locals stand in for attributes: this loop runs on every ply.

        `positions` (the key and halfmove clock after each move, as the reader already computed them)
        spares playing every move: the board is set from the key only at the plies it yields.
        """
        board = self.board
        play = board.push
        keys, counts, clocks = self.keys, self.counts, self.clocks
        occurrences, repeated, dead = self.occurrences, self.repeated, self.dead
        ply = len(keys) - 1
        # Plies before the start position's fullmove number, so a position set from a key gets its number.
        before = 2 * board.fullmove_number - (2 if board.turn else 1) - ply
        for index, move in enumerate(moves):
            ply += 1
            if positions is None:
                play(move)
                key = position_key(board)
                clock = board.halfmove_clock
            else:
                key, clock = positions[index]
                if key[10] is not None:
                    # A double step: the square counts only if an e.p. capture is legal (9.2.2).
                    _place(board, key, clock, (before + ply) // 2 + 1)
                    key = position_key(board)
            if clock:
                plies = occurrences.get(key)
                if plies is None:
                    occurrences[key] = [ply]
                    count = 1
                else:
                    plies.append(ply)
                    count = len(plies)
                    if count == 2:
                        repeated.append(key)
            else:
                # A pawn move or capture: no earlier position can occur again, and only now can material change.
                self.occurrences = occurrences = {key: [ply]}
                if repeated:
                    self.repeated = repeated = []
                self.dead = dead = _dead_key(key)
                count = 1
            keys.append(key)
            counts.append(count)
            clocks.append(clock)
            if count >= 3 or clock >= FIFTY - 1 or repeated or dead or ply == last:
                if positions is not None:
                    _place(board, key, clock, (before + ply) // 2 + 1)
                yield ply
        if positions is not None and ply != last and moves:
            _place(board, keys[-1], clocks[-1], (before + ply) // 2 + 1)

    def plies_of(self, key: Key) -> list[int]:
        """The plies (since the last pawn move or capture) after which `key` occurred."""
        return self.occurrences.get(key, [])

    def count_after(self, move: chess.Move) -> tuple[Key, int]:
        """The position a legal `move` would produce and how often it would then have occurred.

        After a pawn move or capture the position is new: it differs from every position in the table in
        its pawns or its material, so the table's answer (none) is right for those moves too.
        """
        board = self.board
        board.push(move)
        key = position_key(board)
        board.pop()
        return key, len(self.plies_of(key)) + 1

    def repetition_moves(self) -> list[chess.Move]:
        """The legal moves of the side to move that would make a position occur for the third time or more.

        Only a position that already occurred twice with the opponent to move can be reached, and a move
        that can reach it is neither a pawn move nor a capture: the squares the mover's pieces left and
        entered name it. So usually there is nothing to try.
        """
        board = self.board
        us = board.turn
        ours_now = board.occupied_co[us]
        theirs_now = board.occupied_co[not us]
        ours_at, theirs_at = (
            (_WHITE_OCCUPANCY, _BLACK_OCCUPANCY) if us else (_BLACK_OCCUPANCY, _WHITE_OCCUPANCY)
        )
        moves: list[chess.Move] = []
        for key in self.repeated:
            ours = cast(int, key[ours_at])
            if key[_TURN] == us or key[theirs_at] != theirs_now:
                continue
            left, entered = ours_now & ~ours, ours & ~ours_now
            if chess.popcount(left) != 1 or chess.popcount(entered) != 1:
                continue
            move = chess.Move(chess.lsb(left), chess.lsb(entered))
            if board.is_legal(move):
                board.push(move)
                reached = position_key(board) == key
                board.pop()
                if reached:
                    moves.append(move)
        return moves

    def has_quiet_move(self) -> bool:
        """Whether the side to move has a legal move that is neither a pawn move nor a capture (9.3.1)."""
        board = self.board
        return any(not board.is_zeroing(move) for move in board.generate_legal_moves())

    def is_fivefold(self, alternate: bool) -> bool:
        """Five occurrences of the current position; with `alternate`, five in a row 4 plies apart (2014)."""
        if self.counts[-1] < 5:
            return False
        if not alternate:
            return True
        last = self.occurrences[self.keys[-1]][-5:]
        return all(later - earlier == _ALTERNATE_SPACING for earlier, later in pairwise(last))

    def ending(self, edition: Edition, *, next_move_legal: bool) -> EndingName | None:
        """The automatic end of the game in the current position, by precedence, or None.

        Mate and stalemate are only looked for when the record does not go on with a legal move: a position
        with a legal move is neither. Checkmate beats the 75-move rule (9.6.2). Nothing here can hold unless
        the record stops, the position occurred five times, the clock reached 150 or the material is dead.
        """
        board = self.board
        if not next_move_legal:
            if board.is_checkmate():
                return "checkmate"
            if board.is_stalemate():
                return "stalemate"
        if self.dead:
            return "dead_position"
        if edition.fivefold and self.is_fivefold(edition.fivefold_alternate):
            return "fivefold"
        if edition.seventyfive and self.clocks[-1] >= SEVENTY_FIVE:
            return "seventyfive"
        return None
