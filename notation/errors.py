"""One error hierarchy, so callers and the CLI can tell partiar's own failures from bugs.

Every message is one line that says what went wrong and where: the CLI prints it as it is. Every error class
carries the exit status the command line ends with, so the mapping lives with the error, not in a chain of
checks in the CLI.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from typing import ClassVar


class ExitStatus(IntEnum):
    """The documented exit statuses of the `partiar` command."""

    OK = 0
    FLAGGED = 1  # finished, but some moves are flagged for review
    USAGE = 2  # a bad option or an unknown name (locale, form, engine)
    INPUT = 3  # input that cannot be read, or output that cannot be written
    NOTATION = 4  # a syntax error, an illegal or ambiguous move, a decoding that had to stop


class NotationError(Exception):
    """Root of every error partiar raises on purpose."""

    exit_status: ClassVar[ExitStatus] = ExitStatus.NOTATION


class UsageError(NotationError):
    """A name or value given by the user that partiar does not know: the message lists the known ones."""

    exit_status = ExitStatus.USAGE


class UnknownLocaleError(UsageError):
    """A locale name that is not in the registry; the message lists the known codes."""


class InputError(NotationError):
    """Input that cannot be read at all: a missing file, an undecodable byte, a broken image or PDF."""

    exit_status = ExitStatus.INPUT


class NotationSyntaxError(NotationError):
    """Text that is not notation, with the line, the column and a caret under the offending character."""

    def __init__(self, message: str, *, line: int, column: int, source_line: str = "") -> None:
        self.line = line
        self.column = column
        self.source_line = source_line
        super().__init__(f"line {line}, column {column}: {message}")

    def caret(self) -> str:
        """The offending line with a caret under the column, for a reader who wants to see the spot."""
        return f"{self.source_line}\n{' ' * (self.column - 1)}^"


class MoveError(NotationError):
    """A written move that does not name exactly one legal move in its position."""

    reason = "move error"

    def __init__(
        self,
        *,
        number: int,
        side: str,
        text: str,
        line: int,
        column: int,
        fen: str,
        candidates: Sequence[str] = (),
        detail: str = "",
    ) -> None:
        self.number = number
        self.side = side
        self.text = text
        self.line = line
        self.column = column
        self.fen = fen
        self.candidates = tuple(candidates)
        self.detail = detail
        dots = "." if side == "white" else "..."
        listed = ", ".join(self.candidates) if self.candidates else "none"
        extra = f" ({detail})" if detail else ""
        super().__init__(
            f"{self.reason}: move {number}{dots} {text!r} ({side}) at line {line}, column {column}{extra}; "
            f"candidates: {listed}; position: {fen}"
        )


class IllegalMoveError(MoveError):
    """No legal move matches what was written."""

    reason = "illegal move"


class AmbiguousMoveError(MoveError):
    """Several legal moves match what was written."""

    reason = "ambiguous move"
