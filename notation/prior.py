"""How likely a player is to make each legal move of a position, before anything written is read.

Where a scanned cell cannot tell two legal moves apart (`Dd2` or `Jd2`, a smudged `e5` or `c5`), the move a
player would make is the better guess: a recapture, a developing move, a capture that wins material, rather
than a queen walking into a pawn's capture; in the first moves, a move the named openings go on with, above
all the one most of them go on with (`1. 4`, its file letter lost, is 1. e4 sooner than 1. h4). The prior is
a small log-linear model (a softmax over the legal moves) of a few yes/no features of each move, fitted on a
collection of real games by `ocr/training/prior.py` (`make train-prior`); its weights are `prior.json` beside
this module.

The decoder adds `weight × log(n·p)` to each move's score, n the number of legal moves: uniform moves gain
nothing, so the prior shifts the choice among moves without changing how likely "none of the legal moves" is.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Sequence
from functools import cache
from pathlib import Path

import chess

from .openings import book_moves

# The features, by name; `features` returns the indices of those a move has.
FEATURES = (
    "pawn",
    "knight",
    "bishop",
    "rook",
    "queen",
    "king",
    "castles",
    "takes pawn",
    "takes knight",
    "takes bishop",
    "takes rook",
    "takes queen",
    "takes back",
    "wins material",
    "lands attacked",
    "lands on a pawn's attack",
    "lands undefended and attacked",
    "leaves an attack",
    "leaves an undefended attack",
    "checks",
    "promotes to a queen",
    "promotes to another piece",
    "pawn two squares",
    "pawn to the sixth or seventh",
    "minor piece leaves the back rank",
    "piece back to the back rank",
    "king steps with castling rights",
    "queen out in the first moves",
    "knight to the rim",
    "book move",
    "book's main move",
)
_INDEX = {name: index for index, name in enumerate(FEATURES)}
_CASTLES = _INDEX["castles"]
_TAKES_BACK = _INDEX["takes back"]
_WINS_MATERIAL = _INDEX["wins material"]
_LANDS_ATTACKED = _INDEX["lands attacked"]
_LANDS_UNDEFENDED_AND_ATTACKED = _INDEX["lands undefended and attacked"]
_LANDS_ON_A_PAWN_S_ATTACK = _INDEX["lands on a pawn's attack"]
_LEAVES_AN_ATTACK = _INDEX["leaves an attack"]
_LEAVES_AN_UNDEFENDED_ATTACK = _INDEX["leaves an undefended attack"]
_CHECKS = _INDEX["checks"]
_PAWN_TWO_SQUARES = _INDEX["pawn two squares"]
_PAWN_TO_THE_SIXTH_OR_SEVENTH = _INDEX["pawn to the sixth or seventh"]
_KING_STEPS_WITH_CASTLING_RIGHTS = _INDEX["king steps with castling rights"]
_MINOR_PIECE_LEAVES_THE_BACK_RANK = _INDEX["minor piece leaves the back rank"]
_PIECE_BACK_TO_THE_BACK_RANK = _INDEX["piece back to the back rank"]
_QUEEN_OUT_IN_THE_FIRST_MOVES = _INDEX["queen out in the first moves"]
_KNIGHT_TO_THE_RIM = _INDEX["knight to the rim"]
_PROMOTES_TO_A_QUEEN = _INDEX["promotes to a queen"]
_PROMOTES_TO_ANOTHER_PIECE = _INDEX["promotes to another piece"]
_BOOK_MOVE = _INDEX["book move"]
_BOOKS_MAIN_MOVE = _INDEX["book's main move"]
_VALUE = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 100}
_PIECE = {
    piece: _INDEX[name]
    for piece, name in zip(
        chess.PIECE_TYPES, ("pawn", "knight", "bishop", "rook", "queen", "king"), strict=True
    )
}
_TAKES = {
    piece: _INDEX[f"takes {name}"]
    for piece, name in zip(chess.PIECE_TYPES[:5], ("pawn", "knight", "bishop", "rook", "queen"), strict=True)
}
_RIM = chess.BB_FILE_A | chess.BB_FILE_H
# A move is the book's main move where more than half the named lines from a position go on with it, of this
# many at least: after 1. h4 three of eight lines go on with 1...d5, a name's whim, not what players choose.
MAIN_LINES = 10


def _main_move(book: Counter[chess.Move]) -> chess.Move | None:
    """The move more than half the named lines from a position go on with, where `MAIN_LINES` or more do."""
    lines = sum(book.values())
    if lines < MAIN_LINES:
        return None
    move, count = book.most_common(1)[0]
    return move if 2 * count > lines else None


_SQUARES = chess.BB_SQUARES


class Position:
    """What the features of every move of one position need: each side's attacked squares, once."""

    def __init__(self, board: chess.Board, last_to: int | None) -> None:
        self.board = board
        self.last_to = last_to
        us = board.turn
        self.theirs, _ = self._attacks(board, not us)
        self.ours, self.ours_twice = self._attacks(board, us)
        their_pawns = board.pawns & board.occupied_co[not us]
        self.their_pawns = 0
        for square in chess.scan_forward(their_pawns):
            self.their_pawns |= chess.BB_PAWN_ATTACKS[not us][square]
        self.back_rank = chess.BB_RANK_1 if us == chess.WHITE else chess.BB_RANK_8
        self.far_ranks = (
            chess.BB_RANK_6 | chess.BB_RANK_7 if us == chess.WHITE else chess.BB_RANK_3 | chess.BB_RANK_2
        )
        self.can_castle = bool(board.castling_rights & board.occupied_co[us])
        self.opening = board.fullmove_number <= 8
        # The named openings' moves from here, with the one most of them go on with.
        self.book = book_moves(board)
        self.book_main = _main_move(self.book)

    @staticmethod
    def _attacks(board: chess.Board, colour: chess.Color) -> tuple[int, int]:
        """The squares `colour` attacks, and those it attacks twice or more."""
        pawns = board.pawns & board.occupied_co[colour]
        # The pawns' captures towards the a-file and towards the h-file, all pawns at once (none stands on its
        # last rank, so none leaves the board).
        if colour == chess.WHITE:
            west, east = (pawns & ~chess.BB_FILE_A) << 7, (pawns & ~chess.BB_FILE_H) << 9
        else:
            west, east = (pawns & ~chess.BB_FILE_A) >> 9, (pawns & ~chess.BB_FILE_H) >> 7
        once, twice = west | east, west & east
        for square in chess.scan_forward(board.occupied_co[colour] & ~pawns):
            attacks = board.attacks_mask(square)
            twice |= once & attacks
            once |= attacks
        return once, twice

    def _book(self, move: chess.Move) -> list[int]:
        """The book's features of `move`: a named line goes on with it; most named lines do."""
        if not self.book or move not in self.book:
            return []
        return [_BOOK_MOVE, _BOOKS_MAIN_MOVE] if move == self.book_main else [_BOOK_MOVE]

    def features(self, move: chess.Move, piece: int, checks: bool) -> list[int]:
        """The indices of the features `move` (of a `piece`, checking or not) has in this position."""
        board = self.board
        to_square = move.to_square
        to_mask = _SQUARES[to_square]
        from_mask = _SQUARES[move.from_square]
        book = self._book(move)
        if piece == chess.KING and board.castling_rights and board.is_castling(move):
            return [_CASTLES, *book]
        active = [_PIECE[piece], *book]
        taken = board.piece_type_at(to_square)
        if taken is None and piece == chess.PAWN and to_square == board.ep_square:
            taken = chess.PAWN
        theirs = self.theirs
        attacked = theirs & to_mask
        if taken is not None:
            active.append(_TAKES[taken])
            if to_square == self.last_to:
                active.append(_TAKES_BACK)
            if not attacked or _VALUE[taken] > _VALUE[piece]:
                active.append(_WINS_MATERIAL)
        if attacked:
            active.append(_LANDS_ATTACKED)
            # A piece (or a pawn taking) attacks the square it goes to: it defends it no more once there.
            defenders = self.ours_twice if piece != chess.PAWN or taken is not None else self.ours
            if not defenders & to_mask:
                active.append(_LANDS_UNDEFENDED_AND_ATTACKED)
        if theirs & from_mask:
            active.append(_LEAVES_AN_ATTACK)
            if not self.ours & from_mask:
                active.append(_LEAVES_AN_UNDEFENDED_ATTACK)
        if checks:
            active.append(_CHECKS)
        if piece == chess.PAWN:
            if move.promotion:
                active.append(
                    _PROMOTES_TO_A_QUEEN if move.promotion == chess.QUEEN else _PROMOTES_TO_ANOTHER_PIECE
                )
            if abs(to_square - move.from_square) == 16:
                active.append(_PAWN_TWO_SQUARES)
            if self.far_ranks & to_mask:
                active.append(_PAWN_TO_THE_SIXTH_OR_SEVENTH)
            return active
        if self.their_pawns & to_mask:
            active.append(_LANDS_ON_A_PAWN_S_ATTACK)
        if piece == chess.KING:
            if self.can_castle:
                active.append(_KING_STEPS_WITH_CASTLING_RIGHTS)
            return active
        back_rank = self.back_rank
        if back_rank & from_mask:
            if piece == chess.KNIGHT or piece == chess.BISHOP:
                active.append(_MINOR_PIECE_LEAVES_THE_BACK_RANK)
        elif back_rank & to_mask:
            active.append(_PIECE_BACK_TO_THE_BACK_RANK)
        if piece == chess.QUEEN:
            if self.opening:
                active.append(_QUEEN_OUT_IN_THE_FIRST_MOVES)
        elif piece == chess.KNIGHT and _RIM & to_mask:
            active.append(_KNIGHT_TO_THE_RIM)
        return active


class MovePrior:
    """A log-linear model over the legal moves of a position: one weight per feature."""

    def __init__(self, weights: Sequence[float]) -> None:
        if len(weights) != len(FEATURES):
            raise ValueError(f"a move prior needs {len(FEATURES)} weights, not {len(weights)}")
        self.weights = tuple(weights)

    def centred_logs(self, position: Position, moves: Sequence[tuple[chess.Move, int, bool]]) -> list[float]:
        """Per move (move, piece, checks), log(n·p): its log-probability plus the log of the number of moves,
        so that a position where every move is alike gives every move 0."""
        weights = self.weights
        features = position.features
        scores = []
        for move, piece, checks in moves:
            score = 0.0
            for index in features(move, piece, checks):
                score += weights[index]
            scores.append(score)
        if not scores:
            return []
        top = max(scores)
        log_total = top + math.log(sum(math.exp(score - top) for score in scores))
        centre = math.log(len(scores)) - log_total
        return [score + centre for score in scores]


WEIGHTS_FILE = Path(__file__).with_name("prior.json")


@cache
def default_prior() -> MovePrior:
    """The prior fitted on real games, as shipped (`prior.json`)."""
    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    return MovePrior([float(data["weights"][name]) for name in FEATURES])


def line_log_likelihood(board: chess.Board, moves: Sequence[chess.Move]) -> float:
    """How likely the shipped prior finds it that the moves are played in turn from `board`: the sum of
    their log-probabilities among the legal moves of each position. A reader weighs with it what the text
    does not decide: a left-out move after which the next moves written are the natural ones ("…Nxh4+" before
    "23.Kh1", the check answered) is likelier than one after which they are arbitrary."""
    prior = default_prior()
    board = board.copy()
    last_to = board.peek().to_square if board.move_stack else None
    total = 0.0
    for move in moves:
        legal = list(board.legal_moves)
        logs = prior.centred_logs(
            Position(board, last_to),
            [(m, board.piece_type_at(m.from_square) or chess.PAWN, board.gives_check(m)) for m in legal],
        )
        total += logs[legal.index(move)] - math.log(len(legal))
        last_to = move.to_square
        board.push(move)
    return total
