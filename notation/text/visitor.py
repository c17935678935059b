"""What the reader tells about each game, in reading order: a visitor's callbacks, as in python-chess's
`chess.pgn`, and the visitor that builds a `Game` from them."""

from __future__ import annotations

from typing import Generic, TypeVar

import chess

from ..errors import NotationError
from ..game import Game, Ply

ResultT = TypeVar("ResultT", covariant=True)


class Visitor(Generic[ResultT]):
    """What the reader tells about one game, in reading order; `end_game` returns what `read_games` yields.

    Every method but `end_game` does nothing here, so a visitor overrides only what it needs. `visit_move`
    is called once a ply is complete (its marks, comments and NAGs read), with the board after it.
    """

    def begin_game(self, line: int) -> None:
        """A game starts at `line` of the input."""

    def visit_header(self, name: str, value: str) -> None:
        """One tag pair."""

    def visit_start(self, fen: str, chess960: bool) -> None:
        """The start position, once the tags are read."""

    def visit_comment(self, text: str) -> None:
        """A comment before the first move."""

    def visit_move(self, ply: Ply, board: chess.Board) -> None:
        """A complete ply; `board` is the position after it (not to be kept: the reader plays on)."""

    def visit_warning(self, text: str) -> None:
        """Something worth telling that did not stop the game."""

    def visit_doubt(self, halfmove: int, text: str) -> None:
        """The moves from `halfmove` on may not be the ones the text means (why: `text`); a warning here."""
        self.visit_warning(text)

    def visit_result(self, result: str) -> None:
        """The result written at the end of the moves, in PGN form."""

    def visit_error(self, error: NotationError) -> None:
        """The error that stopped the game; no move follows it."""

    def end_game(self) -> ResultT:
        raise NotImplementedError


class BuildingVisitor(Visitor[ResultT]):
    """Builds a `Game` from what the reader tells; subclasses say what to return with it."""

    def begin_game(self, line: int) -> None:
        self.game = Game(line=line)

    def visit_header(self, name: str, value: str) -> None:
        self.game.headers[name] = value

    def visit_start(self, fen: str, chess960: bool) -> None:
        self.game.start_fen = fen
        self.game.chess960 = chess960

    def visit_comment(self, text: str) -> None:
        self.game.comment = f"{self.game.comment} {text}".strip()

    def visit_move(self, ply: Ply, board: chess.Board) -> None:
        self.game.plies.append(ply)

    def visit_warning(self, text: str) -> None:
        self.game.warnings.append(text)

    def visit_doubt(self, halfmove: int, text: str) -> None:
        self.game.doubtful_from = min(self.game.doubtful_from or halfmove, halfmove)
        self.game.warnings.append(text)

    def visit_result(self, result: str) -> None:
        self.game.result = result

    def visit_error(self, error: NotationError) -> None:
        self.game.error = error


class GameBuilder(BuildingVisitor[Game]):
    """The default visitor: the `Game` itself."""

    def end_game(self) -> Game:
        return self.game
