"""What the audit of a game finds, one frozen dataclass per kind of event, and its JSON form.

Every event holds after ply `ply` (0 = the start position), concerns `side` and cites `rule`, the article of
the chosen edition ('' when the event breaks no rule of chess). The kinds add their own typed facts; the
JSON form (`Event.to_json`) is the common fields, the move they follow, then those facts by their field
names, so the JSON keys and the attributes are the same words.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum
from typing import ClassVar, Literal

from ..game import Game

Side = Literal["white", "black"]


def side_of(white: bool) -> Side:
    return "white" if white else "black"


class EventType(StrEnum):
    """The kinds of event, as the JSON's "type" names them."""

    DRAW_OFFER = "draw_offer"
    THREEFOLD = "threefold"
    THREEFOLD_BY_MOVE = "threefold_by_move"
    FIFTY = "fifty"
    FIFTY_BY_MOVE = "fifty_by_move"
    CHECKMATE = "checkmate"
    STALEMATE = "stalemate"
    DEAD_POSITION = "dead_position"
    FIVEFOLD = "fivefold"
    SEVENTYFIVE = "seventyfive"
    MOVES_AFTER_END = "moves_after_end"
    ILLEGAL_MOVE = "illegal_move"


_COMMON = ("ply", "side", "rule")


def _json_value(value: object) -> object:
    if isinstance(value, tuple):
        return [_json_value(item) for item in value]
    if isinstance(value, StrEnum):
        return value.value
    return value


def move_label(game: Game, ply: int) -> tuple[int, str | None]:
    """The move number and "12... Qf6" (English SAN) for the position after `ply` (None for the start)."""
    if ply <= 0:
        return game.board().fullmove_number, None
    played = game.plies[ply - 1]
    return played.number, f"{played.number}{'.' if played.white else '...'} {played.san}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """Something that holds after ply `ply` and concerns `side`; subclasses are the kinds."""

    type: ClassVar[EventType]
    ply: int
    side: Side
    rule: str

    @property
    def data(self) -> dict[str, object]:
        """The kind's own facts as JSON values (tuples as lists), keyed by their field names."""
        return {
            field.name: _json_value(getattr(self, field.name))
            for field in fields(self)
            if field.name not in _COMMON
        }

    def to_json(self, game: Game) -> dict[str, object]:
        """The event as the JSON of `partiar check --json` writes it; `game` is the game it belongs to."""
        number, after = move_label(game, self.ply)
        return {
            "type": self.type.value,
            "ply": self.ply,
            "side": self.side,
            "number": number,
            "after": after,
            "rule": self.rule,
            **self.data,
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class DrawOffer(Event):
    """`side` offered a draw with the move of ply `ply` (9.1.2.2)."""

    type = EventType.DRAW_OFFER


@dataclass(frozen=True, slots=True, kw_only=True)
class _Occurrences(Event):
    count: int  # how often the position after `ply` has occurred
    plies: tuple[int, ...]  # after which plies


@dataclass(frozen=True, slots=True, kw_only=True)
class Threefold(_Occurrences):
    """The side to move may claim: the position has occurred three times or more (9.2.1.2)."""

    type = EventType.THREEFOLD


@dataclass(frozen=True, slots=True, kw_only=True)
class Fivefold(_Occurrences):
    """The game is drawn: the position has occurred five times (9.6.1)."""

    type = EventType.FIVEFOLD


@dataclass(frozen=True, slots=True, kw_only=True)
class ThreefoldByMove(Event):
    """The side to move may claim by first writing one of `moves` (9.2.1.1); `plies[i]` are the plies after
    which the position `moves[i]` would make has occurred."""

    type = EventType.THREEFOLD_BY_MOVE
    moves: tuple[str, ...]  # SAN
    plies: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class _Count(Event):
    halfmoves: int  # the halfmove clock: plies without a pawn move or a capture
    since_ply: int | None  # the ply after which the count began; None: before the recorded moves


@dataclass(frozen=True, slots=True, kw_only=True)
class Fifty(_Count):
    """The side to move may claim: 50 moves by each player without a pawn move or capture (9.3.2)."""

    type = EventType.FIFTY


@dataclass(frozen=True, slots=True, kw_only=True)
class FiftyByMove(_Count):
    """The side to move may claim by first writing a move that is neither a pawn move nor a capture (9.3.1)."""

    type = EventType.FIFTY_BY_MOVE


@dataclass(frozen=True, slots=True, kw_only=True)
class SeventyFive(_Count):
    """The game is drawn: 75 moves by each player without a pawn move or capture (9.6.2)."""

    type = EventType.SEVENTYFIVE


@dataclass(frozen=True, slots=True, kw_only=True)
class Checkmate(Event):
    """The game ends: `side` is mated and `winner` wins."""

    type = EventType.CHECKMATE
    winner: Side


@dataclass(frozen=True, slots=True, kw_only=True)
class Stalemate(Event):
    """The game is drawn: `side` is stalemated."""

    type = EventType.STALEMATE


@dataclass(frozen=True, slots=True, kw_only=True)
class DeadPosition(Event):
    """The game is drawn: no sequence of legal moves can lead to mate."""

    type = EventType.DEAD_POSITION


Ending = Checkmate | Stalemate | DeadPosition | Fivefold | SeventyFive


@dataclass(frozen=True, slots=True, kw_only=True)
class MovesAfterEnd(Event):
    """Moves recorded after the game ended `ended_by` an automatic end, the first written `first`."""

    type = EventType.MOVES_AFTER_END
    ended_by: EventType
    first: str
    extra_plies: int


@dataclass(frozen=True, slots=True, kw_only=True)
class IllegalMove(Event):
    """A written move that names no legal move, or several (`reason` is the error's: "illegal move",
    "ambiguous move"), where the record stops."""

    type = EventType.ILLEGAL_MOVE
    reason: str
    text: str
    number: int
    fen: str
    candidates: tuple[str, ...]  # SAN
    line: int
    column: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Unreadable(Event):
    """Text that is no move, where the record stops; an event of type "illegal_move" with reason
    "unreadable" in the JSON."""

    type = EventType.ILLEGAL_MOVE
    reason: Literal["unreadable"] = "unreadable"
    message: str
