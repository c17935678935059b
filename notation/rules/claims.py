"""Draw rules applied to a game (FIDE Art. 5 and 9): the audit of a whole game and the verdict on one claim.

The audit lists, ply by ply, every claim either side could have made, every automatic end and every
irregularity of the record; the verdict decides one claim the way an arbiter must, with the article of the
chosen edition and what follows from it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Literal, NamedTuple

import chess

from ..errors import AmbiguousMoveError, IllegalMoveError, MoveError, NotationError
from ..game import Game, Ply
from ..keys import Key, raw_key
from ..locales import Locale, get_locale
from ..text.reader import read_games
from ..text.resolve import parse_written, resolve
from ..text.visitor import BuildingVisitor
from .editions import Edition, RuleName, Speed
from .events import (
    Checkmate,
    DeadPosition,
    DrawOffer,
    Ending,
    Event,
    Fifty,
    FiftyByMove,
    Fivefold,
    IllegalMove,
    MovesAfterEnd,
    SeventyFive,
    Side,
    Stalemate,
    Threefold,
    ThreefoldByMove,
    Unreadable,
    side_of,
)
from .replay import FIFTY, EndingName, Replay

Kind = Literal["threefold", "fifty"]
_CLAIM_CLOCK = FIFTY - 1  # from here a claim under 9.3.1 (with a written move) is possible


@dataclass(frozen=True, slots=True)
class GameAudit:
    """The audit of one game: its events in order and how (and after which ply) it ended, if it did."""

    index: int
    game: Game
    events: list[Event]
    end: Ending | None

    def to_json(self) -> dict[str, object]:
        """The game's entry in the JSON of `partiar check --json`."""
        game = self.game
        entry: dict[str, object] = {
            "index": self.index,
            "line": game.line,
            "headers": game.headers,
            "plies": len(game.plies),
            "result": game.result,
            "end": self.end.to_json(game) if self.end is not None else None,
            "events": [event.to_json(game) for event in self.events],
        }
        # What the reading warned of, as in `partiar convert --to json`: the game's warnings, and each move's
        # (only the moves that have any, since the moves themselves are not listed here).
        if game.warnings:
            entry["warnings"] = list(game.warnings)
        moves = [
            {
                "ply": ply.halfmove,
                "number": ply.number,
                "side": ply.side,
                "text": ply.written.text,
                "line": ply.written.line,
                "warnings": list(ply.warnings),
            }
            for ply in game.plies
            if ply.warnings
        ]
        if moves:
            entry["move_warnings"] = moves
        return entry


def _count_start(replay: Replay) -> int | None:
    """The ply after which the current run without pawn moves and captures began; None when it began
    before the recorded moves (a start position whose halfmove clock is not zero)."""
    since = replay.ply - replay.clocks[-1]
    return since if since >= 0 else None


def _ending_event(replay: Replay, name: EndingName, edition: Edition) -> Ending:
    board = replay.board
    ply, side, rule = replay.ply, side_of(board.turn), edition.article(name)
    if name == "checkmate":
        return Checkmate(ply=ply, side=side, rule=rule, winner=side_of(not board.turn))
    if name == "stalemate":
        return Stalemate(ply=ply, side=side, rule=rule)
    if name == "dead_position":
        return DeadPosition(ply=ply, side=side, rule=rule)
    if name == "fivefold":
        plies = tuple(replay.plies_of(replay.keys[-1]))
        return Fivefold(ply=ply, side=side, rule=rule, count=replay.counts[-1], plies=plies)
    return SeventyFive(
        ply=ply, side=side, rule=rule, halfmoves=replay.clocks[-1], since_ply=_count_start(replay)
    )


def _claim_events(replay: Replay, edition: Edition) -> list[Event]:
    """The claims open to the side to move in the current position (9.2.1.1, 9.2.1.2, 9.3.1, 9.3.2)."""
    events: list[Event] = []
    board, ply = replay.board, replay.ply
    side = side_of(board.turn)
    count = replay.counts[-1]
    if count >= 3:
        plies = tuple(replay.plies_of(replay.keys[-1]))
        events.append(
            Threefold(ply=ply, side=side, rule=edition.article("threefold"), count=count, plies=plies)
        )
    moves = replay.repetition_moves()
    if moves:
        sans, where = [], []
        for move in moves:
            key, _ = replay.count_after(move)
            sans.append(board.san(move))
            where.append(tuple(replay.plies_of(key)))
        rule = edition.article("threefold_by_move")
        events.append(ThreefoldByMove(ply=ply, side=side, rule=rule, moves=tuple(sans), plies=tuple(where)))
    clock = replay.clocks[-1]
    since = _count_start(replay)
    if clock >= FIFTY:
        events.append(
            Fifty(ply=ply, side=side, rule=edition.article("fifty"), halfmoves=clock, since_ply=since)
        )
    elif clock == _CLAIM_CLOCK and replay.has_quiet_move():
        rule = edition.article("fifty_by_move")
        events.append(FiftyByMove(ply=ply, side=side, rule=rule, halfmoves=clock, since_ply=since))
    return events


def _error_event(error: NotationError, replay: Replay, edition: Edition) -> Event:
    if isinstance(error, MoveError):
        return IllegalMove(
            ply=replay.ply,
            side=side_of(error.side == "white"),
            rule=edition.article("illegal_move"),
            reason=error.reason,
            text=error.text,
            number=error.number,
            fen=error.fen,
            candidates=error.candidates,
            line=error.line,
            column=error.column,
        )
    # Text that is no move breaks no rule of chess.
    return Unreadable(ply=replay.ply, side=side_of(replay.board.turn), rule="", message=str(error))


def _after_end_event(game: Game, end: Ending) -> MovesAfterEnd | None:
    """Moves recorded after an automatic end: the legal ones, and a move that failed only because the game
    was over (after mate or stalemate no move is legal)."""
    extra = game.plies[end.ply :]
    failed = game.error if isinstance(game.error, MoveError) else None
    if not extra and failed is None:
        return None
    first = extra[0].written.text if extra else failed.text if failed else ""
    return MovesAfterEnd(
        ply=end.ply,
        side=end.side,
        rule=end.rule,
        ended_by=end.type,
        first=first,
        extra_plies=len(extra) + (failed is not None),
    )


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
    offers: list[Event] = [
        DrawOffer(ply=number, side=side_of(ply.white), rule=offer)
        for number, ply in enumerate(plies[: replay.ply], 1)
        if ply.draw_offer
    ]
    if offers:
        # An offer is made with its move, before anything that follows in the position it produces.
        events = sorted(offers + events, key=lambda event: (event.ply, not isinstance(event, DrawOffer)))
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


def written_move(game: Game, text: str, locale: str | Locale) -> WrittenMove:
    """The claimant's written move, in `locale`, read in the position after the last ply of `game`.

    A move that names no legal move gives `move=None`; text that is no move raises `NotationSyntaxError`,
    and a move that names several legal moves raises `AmbiguousMoveError`."""
    written = parse_written(text, locale)
    piece = chess.KING if written.piece is None else written.piece
    try:
        move = resolve(game.end_board(), written, get_locale(locale)).move
    except IllegalMoveError:
        return WrittenMove(text, None, piece)
    except AmbiguousMoveError as exc:
        raise AmbiguousMoveError(
            number=exc.number,
            side=exc.side,
            text=text,
            line=1,
            column=1,
            fen=exc.fen,
            candidates=exc.candidates,
            detail="the written move of the claim",
            listed=exc.listed,
        ) from None
    return WrittenMove(text, move, piece)


class Reason(StrEnum):
    """Why a claim is correct or not: each has its own sentence in the explanation."""

    THREEFOLD_NOW = "threefold_now"  # the position has occurred three times (9.2.1.2)
    THREEFOLD_WRITTEN = "threefold_written"  # the written move makes it occur three times (9.2.1.1)
    THREEFOLD_SHORT = "threefold_short"  # fewer than three occurrences, no written move
    THREEFOLD_WRITTEN_SHORT = "threefold_written_short"  # fewer than three even after the written move
    FIFTY_NOW = "fifty_now"  # 100 half-moves without a pawn move or capture (9.3.2)
    FIFTY_WRITTEN = "fifty_written"  # the written move completes them (9.3.1)
    FIFTY_SHORT = "fifty_short"  # too few, no written move
    FIFTY_WRITTEN_SHORT = "fifty_written_short"  # too few even with the written move
    FIFTY_WRITTEN_RESETS = "fifty_written_resets"  # the written move is a pawn move or a capture
    WRITTEN_ILLEGAL = "written_illegal"  # the written move is not legal
    GAME_OVER = "game_over"  # the game had already ended


@dataclass(frozen=True, slots=True)
class ClaimFacts:
    """What the position and the written move showed, for the explanation.

    `count` (threefold) is how often the position occurred, after the written move when there is one;
    `halfmoves` and `since_ply` (fifty) the count without pawn moves and captures and the ply after which it
    began (None: before the recorded moves); `move` the written move in SAN when it is legal; `could_write`
    the moves that, written first, would have made a threefold claim correct, and `could_write_quiet`
    whether a written quiet move would have made a 50-move claim correct; `written` the claimant's written
    move and `written_unneeded` whether the claim was correct without it."""

    count: int | None = None
    halfmoves: int | None = None
    since_ply: int | None = None
    move: str | None = None
    could_write: tuple[str, ...] = ()
    could_write_quiet: bool = False
    written: WrittenMove | None = None
    written_unneeded: bool = False


@dataclass(frozen=True, slots=True)
class Verdict:
    """The decision on one claim. `reason` and `facts` feed the explanation in any language."""

    valid: bool
    kind: Kind
    rule: str
    rule_name: str
    edition: Edition
    claimant: Side
    plies: list[int]
    reason: Reason
    facts: ClaimFacts = field(default_factory=ClaimFacts)
    draw: bool = False
    opponent_bonus_seconds: int = 0
    penalty_rule: str = ""  # the articles behind the bonus, e.g. "9.5.3, A.3" in a 2023 rapid game
    must_play: str | None = None
    claimant_time_seconds: int | None = None
    game_over: Ending | None = None

    def to_json(self, explanation: str) -> dict[str, object]:
        """The verdict as `partiar claim --json` writes it (the document's schema number aside)."""
        end = self.game_over
        return {
            "valid": self.valid,
            "kind": self.kind,
            "rule": self.rule,
            "rule_name": self.rule_name,
            "edition": self.edition.year,
            "claimant": self.claimant,
            "plies": self.plies,
            "consequence": {
                "draw": self.draw,
                "opponent_bonus_seconds": self.opponent_bonus_seconds,
                "must_play": self.must_play,
                "draw_offer": not self.valid and end is None,
                "claimant_time_seconds": self.claimant_time_seconds,
            },
            "game_over": None if end is None else {"type": end.type.value, "ply": end.ply, "rule": end.rule},
            "explanation": explanation,
        }


@dataclass(frozen=True, slots=True)
class _Finding:
    """What the position (and the written move) show, before the consequences are attached."""

    valid: bool
    rule_name: RuleName
    reason: Reason
    plies: list[int]
    facts: ClaimFacts


def _threefold(replay: Replay, written: WrittenMove | None) -> _Finding:
    count = replay.counts[-1]
    here = list(replay.plies_of(replay.keys[-1]))
    facts = ClaimFacts(count=count)
    if count >= 3:
        return _Finding(True, "threefold", Reason.THREEFOLD_NOW, here, facts)
    if written is None or written.move is None:
        hints = tuple(replay.board.san(move) for move in replay.repetition_moves())
        rule_name: RuleName = "threefold" if written is None else "threefold_by_move"
        return _Finding(False, rule_name, Reason.THREEFOLD_SHORT, here, replace(facts, could_write=hints))
    key, after = replay.count_after(written.move)
    where = [*replay.plies_of(key), replay.ply + 1]
    facts = ClaimFacts(count=after, move=replay.board.san(written.move))
    if after >= 3:
        return _Finding(True, "threefold_by_move", Reason.THREEFOLD_WRITTEN, where, facts)
    return _Finding(False, "threefold_by_move", Reason.THREEFOLD_WRITTEN_SHORT, where, facts)


def _fifty(replay: Replay, written: WrittenMove | None) -> _Finding:
    clock = replay.clocks[-1]
    since = _count_start(replay)
    facts = ClaimFacts(halfmoves=clock, since_ply=since)
    plies = [] if since is None else [since]
    if clock >= FIFTY:
        return _Finding(True, "fifty", Reason.FIFTY_NOW, plies, facts)
    if written is None or written.move is None:
        quiet = clock == _CLAIM_CLOCK and replay.has_quiet_move()
        rule_name: RuleName = "fifty" if written is None else "fifty_by_move"
        return _Finding(False, rule_name, Reason.FIFTY_SHORT, plies, replace(facts, could_write_quiet=quiet))
    board = replay.board
    facts = replace(facts, move=board.san(written.move))
    if board.is_zeroing(written.move):
        return _Finding(False, "fifty_by_move", Reason.FIFTY_WRITTEN_RESETS, [replay.ply + 1], facts)
    facts = replace(facts, halfmoves=clock + 1)
    if clock + 1 >= FIFTY:
        return _Finding(True, "fifty_by_move", Reason.FIFTY_WRITTEN, plies, facts)
    return _Finding(False, "fifty_by_move", Reason.FIFTY_WRITTEN_SHORT, plies, facts)


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
    claimant = side_of(replay.board.turn)
    end = audit_result.end
    if end is not None:
        return Verdict(
            False,
            kind,
            end.rule,
            end.type.value,
            edition,
            claimant,
            [end.ply],
            Reason.GAME_OVER,
            draw=not isinstance(end, Checkmate),
            game_over=end,
        )
    if game.error is not None:
        raise game.error
    found = _FINDERS[kind](replay, written)
    facts = replace(found.facts, written=written)
    rule = edition.article(found.rule_name)
    verdict = Verdict(
        found.valid, kind, rule, found.rule_name, edition, claimant, found.plies, found.reason, facts
    )
    if found.valid:
        unneeded = written is not None and found.rule_name == kind
        return replace(verdict, draw=True, facts=replace(facts, written_unneeded=unneeded))
    if written is not None and written.move is None:
        verdict = replace(verdict, reason=Reason.WRITTEN_ILLEGAL)
    elif written is not None and written.move is not None:
        verdict = replace(verdict, must_play=replay.board.san(written.move))
    cut = edition.claimant_time
    time_left = cut.apply(claimant_seconds) if cut is not None and claimant_seconds is not None else None
    return replace(
        verdict,
        opponent_bonus_seconds=edition.incorrect_claim_bonus(speed),
        penalty_rule=edition.incorrect_claim_rule(speed),
        claimant_time_seconds=time_left,
    )


def claim_with_written(
    game: Game,
    kind: Kind,
    edition: Edition,
    written: str | None,
    locale: str | Locale,
    *,
    speed: Speed = "standard",
    claimant_seconds: int | None = None,
) -> Verdict:
    """`claim` with the claimant's written move as text in `locale` (see `written_move`); the move is only
    read when the record has no error, since the position of the claim is otherwise unknown."""
    move = written_move(game, written, locale) if written is not None and game.error is None else None
    return claim(game, kind, edition, written=move, speed=speed, claimant_seconds=claimant_seconds)
