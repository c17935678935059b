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

    def __reduce__(self) -> tuple[object, ...]:
        # Pickled as its class, message and fields and rebuilt without calling `__init__` (the subclasses'
        # take keywords, which `Exception` cannot pickle), so that errors come back from worker processes.
        return (_rebuilt, (type(self), self.args, self.__dict__))


def _rebuilt(kind: type[NotationError], args: tuple[object, ...], fields: dict[str, object]) -> NotationError:
    error = kind.__new__(kind)
    error.args = args
    error.__dict__.update(fields)
    return error


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


class LostFirstMovesError(NotationSyntaxError):
    """Moves numbered from a later move than 1 and no position for them ("4) dxe5 d5 5) Jbd2 …", the first line
    lost at a page break): the moves are in the text, and cannot be played from the start."""


class MoveError(NotationError):
    """A written move that does not name exactly one legal move in its position.

    `candidates` are SAN, for programs; `listed` are the same moves as the message names them, in the letters
    of the locale the move was written in (SAN when not given).
    """

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
        listed: Sequence[str] | None = None,
    ) -> None:
        self.number = number
        self.side = side
        self.text = text
        self.line = line
        self.column = column
        self.fen = fen
        self.candidates = tuple(candidates)
        self.listed = self.candidates if listed is None else tuple(listed)
        self.detail = detail
        super().__init__(self._message())

    def _where(self) -> str:
        dots = "." if self.side == "white" else "..."
        return (
            f"move {self.number}{dots} {quoted(self.text)} ({self.side}) at line {self.line}, "
            f"column {self.column}"
        )

    def _message(self) -> str:
        listed = ", ".join(self.listed) if self.listed else "none"
        extra = f" ({self.detail})" if self.detail else ""
        return f"{self.reason}: {self._where()}{extra}; candidates: {listed}; position: {self.fen}"


class IllegalMoveError(MoveError):
    """No legal move matches what was written."""

    reason = "illegal move"


class AmbiguousMoveError(MoveError):
    """Several legal moves match what was written."""

    reason = "ambiguous move"


class GameOverError(IllegalMoveError):
    """A move written after checkmate or stalemate: no move is legal, so the message says why instead of
    listing no candidates."""

    def __init__(
        self,
        *,
        number: int,
        side: str,
        text: str,
        line: int,
        column: int,
        fen: str,
        ending: str,
        last: str,
    ) -> None:
        self.ending = ending  # "checkmate" or "stalemate"
        self.last = last  # the move that ended the game, with its number; "" in a start position
        super().__init__(number=number, side=side, text=text, line=line, column=column, fen=fen)

    def _message(self) -> str:
        since = f"after {self.last}" if self.last else "in its start position"
        return (
            f"the game is over ({self.ending}) {since}; {self._where()} cannot be played; "
            f"position: {self.fen}"
        )


def quoted(text: str, width: int = 40) -> str:
    """`text` quoted for a message, cut to `width` characters with an ellipsis: a message stays one short
    line whatever the input held (a megabyte-long token, say)."""
    return repr(text if len(text) <= width else text[:width] + "…")
