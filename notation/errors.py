"""One error hierarchy, so callers and the CLI can tell partiar's own failures from bugs.

Every message is one line that says what went wrong and where: the CLI prints it as it is.
"""

from __future__ import annotations

from collections.abc import Sequence


class NotationError(Exception):
    """Root of every error partiar raises on purpose."""


class UnknownLocaleError(NotationError):
    """A locale name that is not in the registry; the message lists the known codes."""


class InputError(NotationError):
    """Input that cannot be read at all: a missing file, an undecodable byte, a broken image or PDF."""


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
