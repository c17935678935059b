"""What partiar knows about a game once it has been read: the moves as played and as written.

These types know nothing of any language: a `Written` is the language-free reading of one move as the player
wrote it (the IR), a `Ply` is that reading resolved against the board, and a `Game` is the list of plies with
its headers, result and the error that stopped it, if any.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

import chess

from .errors import NotationError


class Written(NamedTuple):
    """One move as written, in no particular language, with its 1-based line and column in the source.

    `piece` is a python-chess piece type (PAWN for pawn moves) or None for castling; `castle` is "short" or
    "long". A pawn capture written by its files alone ("ed") has `to_file` and no `to_square`; a capture
    written by its two pieces alone ("RxA") has `captured` and neither. The marks a writer may omit (capture, check, e.p.) are kept only to warn when they disagree with
    the board: they never decide which move was meant.
    """

    text: str
    line: int
    column: int
    piece: int | None
    to_square: int | None = None
    from_file: int | None = None
    from_rank: int | None = None
    castle: str | None = None
    promotion: int | None = None
    capture_mark: bool = False
    check_mark: str = ""
    en_passant_mark: bool = False
    long_form: bool = False
    hyphen: bool = False
    pawn_letter: bool = False
    to_file: int | None = None
    # The piece a capture names where it writes no square ("RxA": the king takes the bishop).
    captured: int | None = None


class Ply(NamedTuple):
    """One half-move: the legal move that was played and what the scoresheet says about it.

    `halfmove` counts half-moves from 1; `number` is the move number as players count it. `variations` are
    the alternatives to this ply written in the text, each a line of plies from the position before it (to
    any depth: their plies have variations of their own); `starting_comment` is prose written before the
    ply as the first thing of its variation.
    """

    halfmove: int
    number: int
    white: bool
    move: chess.Move
    san: str
    written: Written
    en_passant: bool = False
    draw_offer: bool = False
    comment: str = ""
    nags: tuple[int, ...] = ()
    warnings: tuple[str, ...] = ()
    variations: tuple[tuple[Ply, ...], ...] = ()
    starting_comment: str = ""

    @property
    def side(self) -> str:
        return "white" if self.white else "black"


@dataclass
class Game:
    """A game read from text: headers, start position, the plies in order, the result and any error.

    A game stops at its first error (7.5.1: the position before the irregularity stands); `error` holds it, so
    an audit can report it and a conversion can refuse the game.
    """

    headers: dict[str, str] = field(default_factory=dict)
    start_fen: str = chess.STARTING_FEN
    chess960: bool = False
    plies: list[Ply] = field(default_factory=list)
    result: str = "*"
    error: NotationError | None = None
    comment: str = ""
    warnings: list[str] = field(default_factory=list)
    line: int = 1
    # The half-move from which the plies may not be the ones the text means (another line the text writes
    # from there could be the game's); 0 when the reading has no such doubt.
    doubtful_from: int = 0

    def board(self) -> chess.Board:
        """A fresh board in the start position (the FEN header's when the game has one)."""
        return chess.Board(self.start_fen, chess960=self.chess960)

    def end_board(self) -> chess.Board:
        """The position after the last legal ply."""
        board = self.board()
        for ply in self.plies:
            board.push(ply.move)
        return board
