"""Draw rules applied to a game (FIDE Art. 5 and 9): the audit of a whole game and the verdict on one claim.

The audit lists, ply by ply, every claim either side could have made, every automatic end and every
irregularity of the record; the verdict decides one claim the way an arbiter must, with the article of the
chosen edition and what follows from it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal, NamedTuple

import chess

from ..errors import MoveError, NotationError
from ..game import Game, Ply
from ..locales import Locale
from ..text.reader import BuildingVisitor, read_games
from .editions import Edition, Speed
from .replay import FIFTY, Key, Replay, raw_key

Kind = Literal["threefold", "fifty"]
_CLAIM_CLOCK = FIFTY - 1  # from here a claim under 9.3.1 (with a written move) is possible


def _side(white: bool) -> str:
    return "white" if white else "black"


@dataclass(frozen=True, slots=True)
class Event:
    """Something that holds after ply `ply` (0 = the start position) and concerns `side`.

    `data` holds the type's own facts: the plies where a position occurred, the moves that would repeat it,
    the halfmove count, the move as written, and so on.
    """

    type: str
    ply: int
    side: str
    rule: str
    data: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class GameAudit:
    """The audit of one game: its events in order and how (and after which ply) it ended, if it did."""

    index: int
    game: Game
    events: list[Event]
    end: Event | None


def _ending_event(replay: Replay, name: str, edition: Edition) -> Event:
    board = replay.board
    data: dict[str, object] = {}
    if name == "checkmate":
        data["winner"] = _side(not board.turn)
    elif name == "fivefold":
        data = {"count": replay.counts[-1], "plies": list(replay.plies_of(replay.keys[-1]))}
    elif name == "seventyfive":
        data = _count_facts(replay)
    return Event(name, replay.ply, _side(board.turn), edition.article(name), data)


def _count_start(replay: Replay) -> int | None:
    """The ply after which the current run without pawn moves and captures began; None when it began
    before the recorded moves (a start position whose halfmove clock is not zero)."""
    since = replay.ply - replay.clocks[-1]
    return since if since >= 0 else None


def _count_facts(replay: Replay) -> dict[str, object]:
    return {"halfmoves": replay.clocks[-1], "since_ply": _count_start(replay)}


def _claim_events(replay: Replay, edition: Edition) -> list[Event]:
    """The claims open to the side to move in the current position (9.2.1.1, 9.2.1.2, 9.3.1, 9.3.2)."""
    events: list[Event] = []
    board, ply = replay.board, replay.ply
    side = _side(board.turn)
    count = replay.counts[-1]
    if count >= 3:
        plies = list(replay.plies_of(replay.keys[-1]))
        events.append(
            Event("threefold", ply, side, edition.article("threefold"), {"count": count, "plies": plies})
        )
    moves = replay.repetition_moves()
    if moves:
        sans, where = [], []
        for move in moves:
            key, _ = replay.count_after(move)
            sans.append(board.san(move))
            where.append(list(replay.plies_of(key)))
        data: dict[str, object] = {"moves": sans, "plies": where}
        events.append(Event("threefold_by_move", ply, side, edition.article("threefold_by_move"), data))
    clock = replay.clocks[-1]
    if clock >= FIFTY:
        events.append(Event("fifty", ply, side, edition.article("fifty"), _count_facts(replay)))
    elif clock == _CLAIM_CLOCK and replay.has_quiet_move():
        events.append(
            Event("fifty_by_move", ply, side, edition.article("fifty_by_move"), _count_facts(replay))
        )
    return events


def _error_event(error: NotationError, replay: Replay, edition: Edition) -> Event:
    if isinstance(error, MoveError):
        data: dict[str, object] = {
            "reason": error.reason,
            "text": error.text,
            "number": error.number,
            "fen": error.fen,
            "candidates": list(error.candidates),
            "line": error.line,
            "column": error.column,
        }
        side = error.side
        rule = edition.article("illegal_move")
    else:
        data = {"reason": "unreadable", "message": str(error)}
        side, rule = _side(replay.board.turn), ""  # text that is no move breaks no rule of chess
    return Event("illegal_move", replay.ply, side, rule, data)


def _after_end_event(game: Game, end: Event) -> Event | None:
    """Moves recorded after an automatic end: the legal ones, and a move that failed only because the game
    was over (after mate or stalemate no move is legal)."""
    extra = game.plies[end.ply :]
    failed = game.error if isinstance(game.error, MoveError) else None
    if not extra and failed is None:
        return None
    first = extra[0].written.text if extra else failed.text if failed else ""
    data: dict[str, object] = {
        "ended_by": end.type,
        "first": first,
        "extra_plies": len(extra) + (failed is not None),
    }
    return Event("moves_after_end", end.ply, end.side, end.rule, data)


def walk(
    game: Game, edition: Edition, index: int = 1, positions: Sequence[tuple[Key, int]] | None = None
) -> tuple[GameAudit, Replay]:
    """Replay `game` once, collecting its events; the replay stops where the game ended automatically.

    `positions` (the key and halfmove clock after each ply, as `KeyedGameBuilder` recorded them while
    reading) spares playing every move again."""
    replay = Replay(game.board())
    plies = game.plies
    last = len(plies)
    events: list[Event] = []
    ending = replay.ending(edition, next_move_legal=last > 0)
    if ending is None:
        events.extend(_claim_events(replay, edition))  # a start position from a FEN may already allow a claim
        for number in replay.advance([ply.move for ply in plies], last, positions):
            ending = replay.ending(edition, next_move_legal=number < last)
            if ending is not None:
                break
            events.extend(_claim_events(replay, edition))
    offer = edition.article("draw_offer")
    offers = [
        Event("draw_offer", number, ply.side, offer)
        for number, ply in enumerate(plies[: replay.ply], 1)
        if ply.draw_offer
    ]
    if offers:
        # An offer is made with its move, before anything that follows in the position it produces.
        events = sorted(offers + events, key=lambda event: (event.ply, event.type != "draw_offer"))
    end = _ending_event(replay, ending, edition) if ending is not None else None
    if end is not None:
        events.append(end)
        after_end = _after_end_event(game, end)
        if after_end is not None:
            events.append(after_end)
    if game.error is not None and (end is None or not isinstance(game.error, MoveError)):
        events.append(_error_event(game.error, replay, edition))
    return GameAudit(index, game, events, end), replay


def audit(
    game: Game, edition: Edition, index: int = 1, positions: Sequence[tuple[Key, int]] | None = None
) -> GameAudit:
    """Every claim, automatic end and irregularity of one game, in order."""
    return walk(game, edition, index, positions)[0]


class KeyedGame(NamedTuple):
    """A game and the key and halfmove clock of the position after each of its plies."""

    game: Game
    positions: list[tuple[Key, int]]


class KeyedGameBuilder(BuildingVisitor[KeyedGame]):
    """Builds the game and records each position's key as the reader plays the moves, so that the audit
    need not play them again."""

    def begin_game(self, line: int) -> None:
        super().begin_game(line)
        self.positions: list[tuple[Key, int]] = []

    def visit_move(self, ply: Ply, board: chess.Board) -> None:
        super().visit_move(ply, board)
        self.positions.append((raw_key(board), board.halfmove_clock))

    def end_game(self) -> KeyedGame:
        return KeyedGame(self.game, self.positions)


def audit_games(lines: Iterable[str], locale: str | Locale, edition: Edition) -> Iterator[GameAudit]:
    """The audit of every game of a notation text, one game at a time."""
    for index, keyed in enumerate(read_games(lines, locale, KeyedGameBuilder), 1):
        yield audit(keyed.game, edition, index, keyed.positions)


@dataclass(frozen=True, slots=True)
class WrittenMove:
    """The move a claimant wrote but has not played: its text, the legal move it names (None when it names
    no legal move) and the piece it names, for the rule that an illegal written move is replaced by another
    move of the same piece."""

    text: str
    move: chess.Move | None
    piece: int | None


@dataclass(frozen=True, slots=True)
class Verdict:
    """The decision on one claim. `reason` and `facts` feed the explanation in any language."""

    valid: bool
    kind: Kind
    rule: str
    rule_name: str
    edition: Edition
    claimant: str
    plies: list[int]
    reason: str
    facts: dict[str, object]
    draw: bool = False
    opponent_bonus_seconds: int = 0
    must_play: str | None = None
    claimant_time_seconds: int | None = None
    game_over: Event | None = None


@dataclass(frozen=True, slots=True)
class _Finding:
    """What the position (and the written move) show, before the consequences are attached."""

    valid: bool
    rule_name: str
    reason: str
    plies: list[int]
    facts: dict[str, object]


def _threefold(replay: Replay, written: WrittenMove | None) -> _Finding:
    count = replay.counts[-1]
    here = list(replay.plies_of(replay.keys[-1]))
    facts: dict[str, object] = {"count": count, "plies": here}
    if count >= 3:
        return _Finding(True, "threefold", "threefold_now", here, facts)
    if written is None or written.move is None:
        hints = replay.repetition_moves()
        facts["could_write"] = [replay.board.san(move) for move in hints]
        return _Finding(
            False, "threefold" if written is None else "threefold_by_move", "threefold_short", here, facts
        )
    key, after = replay.count_after(written.move)
    where = [*replay.plies_of(key), replay.ply + 1]
    facts.update(count=after, plies=where, move=replay.board.san(written.move))
    if after >= 3:
        return _Finding(True, "threefold_by_move", "threefold_written", where, facts)
    return _Finding(False, "threefold_by_move", "threefold_written_short", where, facts)


def _fifty(replay: Replay, written: WrittenMove | None) -> _Finding:
    clock = replay.clocks[-1]
    facts = _count_facts(replay)
    since = _count_start(replay)
    plies = [] if since is None else [since]
    if clock >= FIFTY:
        return _Finding(True, "fifty", "fifty_now", plies, facts)
    if written is None or written.move is None:
        facts["could_write"] = clock == _CLAIM_CLOCK and replay.has_quiet_move()
        return _Finding(False, "fifty" if written is None else "fifty_by_move", "fifty_short", plies, facts)
    board = replay.board
    facts["move"] = board.san(written.move)
    if board.is_zeroing(written.move):
        return _Finding(False, "fifty_by_move", "fifty_written_resets", [replay.ply + 1], facts)
    facts["halfmoves"] = clock + 1
    if clock + 1 >= FIFTY:
        return _Finding(True, "fifty_by_move", "fifty_written", plies, facts)
    return _Finding(False, "fifty_by_move", "fifty_written_short", plies, facts)


_FINDERS = {"threefold": _threefold, "fifty": _fifty}


def claim(
    game: Game,
    kind: Kind,
    edition: Edition,
    *,
    written: WrittenMove | None = None,
    speed: Speed = "standard",
    claimant_seconds: int | None = None,
) -> Verdict:
    """Decide a claim of `kind` by the side to move after the last ply of `game`.

    An error in the record raises it (the position of the claim is unknown), unless the game had already
    ended before it; a claim after the end of the game is incorrect, without penalty.
    """
    audit_result, replay = walk(game, edition)
    claimant = _side(replay.board.turn)
    end = audit_result.end
    if end is not None:
        facts: dict[str, object] = {"ending": end.type, "ply": end.ply}
        over = Verdict(False, kind, end.rule, end.type, edition, claimant, [end.ply], "game_over", facts)
        return replace(over, draw=end.type != "checkmate", game_over=end)
    if game.error is not None:
        raise game.error
    found = _FINDERS[kind](replay, written)
    rule = edition.article(found.rule_name)
    verdict = Verdict(
        found.valid, kind, rule, found.rule_name, edition, claimant, found.plies, found.reason, found.facts
    )
    if found.valid:
        if written is not None and found.rule_name == kind:
            found.facts["written_unneeded"] = written.text
        return replace(verdict, draw=True)
    if written is not None and written.move is None:
        found.facts.update(text=written.text, piece=written.piece)
        verdict = replace(verdict, reason="written_illegal")
    elif written is not None and written.move is not None:
        verdict = replace(verdict, must_play=replay.board.san(written.move))
    cut = edition.claimant_time
    time_left = cut.apply(claimant_seconds) if cut is not None and claimant_seconds is not None else None
    return replace(
        verdict, opponent_bonus_seconds=edition.incorrect_claim_bonus(speed), claimant_time_seconds=time_left
    )
