"""The `partiar check` (audit) and `partiar claim` (one claim's verdict) commands: arguments and output.

`add_commands` registers both on the `partiar` parser; the handlers return the exit status and raise
`NotationError`s, which the main entry point prints as one line.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable
from itertools import groupby
from typing import TextIO

import chess

from ..notation.errors import AmbiguousMoveError, IllegalMoveError, InputError
from ..notation.game import Game
from ..notation.locales import Locale, get_locale
from ..notation.rules.claims import Event, GameAudit, Verdict, WrittenMove, audit_games, claim
from ..notation.rules.editions import DEFAULT_EDITION, EDITIONS, Edition, Speed, get_edition
from ..notation.rules.verdicts import LANGUAGES, explain
from ..notation.text.encoding import open_lines
from ..notation.text.reader import read_games
from ..notation.text.render import render
from ..notation.text.resolve import parse_written, resolve
from .options import add_locale, add_output
from .output import output

SCHEMA = 1


def _seconds(text: str) -> int:
    """A clock reading: seconds, or minutes:seconds."""
    minutes, _, seconds = text.rpartition(":")
    try:
        return int(minutes or 0) * 60 + int(seconds)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a time: {text!r} (use seconds or M:SS)") from None


def _time_control(text: str) -> tuple[int, int]:
    """A PGN TimeControl field for a game in one period: "BASE" or "BASE+INCREMENT", in seconds."""
    base, _, increment = text.partition("+")
    try:
        return int(base), int(increment or 0)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"not a time control: {text!r} (use seconds+increment, e.g. 180+2)"
        ) from None


def add_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register `check` and `claim` on the `partiar` command parser."""
    editions = sorted(EDITIONS)
    check = subparsers.add_parser(
        "check", help="audit games: draw claims, automatic ends, illegal moves (FIDE Art. 5 and 9)"
    )
    check.add_argument("file", nargs="?", default="-", metavar="FILE", help="input file, or - for stdin")
    add_locale(check)
    check.add_argument("--edition", type=int, choices=editions, default=DEFAULT_EDITION)
    check.add_argument("--json", action="store_true", help="write JSON instead of a report")
    add_output(check)
    check.set_defaults(handler=cmd_check)

    claim_parser = subparsers.add_parser(
        "claim", help="decide a threefold-repetition or 50-move claim by the player on move"
    )
    claim_parser.add_argument("file", nargs="?", default="-", metavar="FILE", help="one game, or - for stdin")
    add_locale(claim_parser)
    claim_parser.add_argument("--kind", required=True, choices=("threefold", "fifty"))
    claim_parser.add_argument(
        "--written", metavar="MOVE", help="the move written on the scoresheet, not yet played"
    )
    claim_parser.add_argument("--edition", type=int, choices=editions, default=DEFAULT_EDITION)
    claim_parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the explanation")
    speed = claim_parser.add_mutually_exclusive_group()
    speed.add_argument(
        "--time-control",
        type=_time_control,
        metavar="BASE+INC",
        help="seconds and increment, e.g. 180+2 (default: the game's TimeControl header)",
    )
    speed.add_argument("--blitz", action="store_true", help="the game is blitz (the penalty is 1 minute)")
    claim_parser.add_argument(
        "--claimant-time", type=_seconds, metavar="M:SS", help="the claimant's remaining time (2005 edition)"
    )
    claim_parser.add_argument("--json", action="store_true", help="write JSON instead of text")
    add_output(claim_parser)
    claim_parser.set_defaults(handler=cmd_claim)


# ---- check ----


def _move_label(game: Game, ply: int) -> tuple[int, str | None]:
    """The move number and "12... Qf6" for the position after `ply` (None for the start position)."""
    if ply <= 0:
        return game.board().fullmove_number, None
    played = game.plies[ply - 1]
    return played.number, f"{played.number}{'.' if played.white else '...'} {played.san}"


def event_json(event: Event, game: Game) -> dict[str, object]:
    number, after = _move_label(game, event.ply)
    return {
        "type": event.type,
        "ply": event.ply,
        "side": event.side,
        "number": number,
        "after": after,
        "rule": event.rule,
        **event.data,
    }


def audit_json(result: GameAudit) -> dict[str, object]:
    game = result.game
    return {
        "index": result.index,
        "line": game.line,
        "headers": game.headers,
        "plies": len(game.plies),
        "result": game.result,
        "end": event_json(result.end, game) if result.end is not None else None,
        "events": [event_json(event, game) for event in result.events],
    }


_SENTENCES = {
    "draw_offer": "{Side} offers a draw",
    "threefold": "{Side} to move may claim a draw: the position has occurred {count} times (plies {plies})",
    "threefold_by_move": "{Side} may claim a draw by first writing {moves}",
    "fifty": "{Side} to move may claim a draw: {halfmoves} half-moves without a pawn move or capture {since}",
    "fifty_by_move": "{Side} may claim a draw by first writing a move that is neither a pawn move nor a "
    "capture ({halfmoves} half-moves so far)",
    "fifty_run": "the side to move may claim a draw: {first} to {last} half-moves without a pawn move or "
    "capture {since}",
    "fivefold": "drawn by fivefold repetition (plies {plies})",
    "seventyfive": "drawn under the 75-move rule ({halfmoves} half-moves without a pawn move or capture "
    "{since})",
    "checkmate": "checkmate: {winner} wins",
    "stalemate": "stalemate: the game is drawn",
    "dead_position": "dead position (no mating material): the game is drawn",
    "moves_after_end": "{extra_plies} more half-move(s) recorded after the end of the game, from {first!r}",
    "illegal_move": "{reason}: {written!r} ({Side}) in {fen}; candidates: {candidates}",
    "unreadable": "the record cannot be read on from here: {message}",
}


def _numbers(values: Iterable[object]) -> str:
    return ", ".join(map(str, values))


class _Report:
    """One game's audit as readable English, with the moves in the letters of the input's locale."""

    def __init__(self, result: GameAudit, locale: Locale) -> None:
        self.result = result
        self.game = result.game
        self.locale = locale

    def move(self, san: str) -> str:
        # The short form needs no origin square, so the null move stands in for the move itself.
        return render(san, chess.Move.null(), self.locale)

    def where(self, ply: int) -> str:
        if ply <= 0:
            return "in the start position"
        played = self.game.plies[ply - 1]
        return f"after {played.number}{'.' if played.white else '...'} {self.move(played.san)} (ply {ply})"

    def fields(self, event: Event) -> dict[str, object]:
        data = event.data
        fields: dict[str, object] = {**data, "Side": event.side.capitalize()}
        if event.type == "threefold_by_move":
            pairs = zip(data["moves"], data["plies"], strict=True)  # type: ignore[call-overload]
            fields["moves"] = " or ".join(
                f"{self.move(san)} (the position of plies {_numbers(where)})" for san, where in pairs
            )
        elif isinstance(data.get("plies"), list):
            fields["plies"] = _numbers(data["plies"])  # type: ignore[arg-type]
        since = data.get("since_ply")
        fields["since"] = "counting moves before the record" if since is None else f"since ply {since}"
        fields["winner"] = str(data.get("winner", "")).capitalize()
        fields["written"] = data.get("text", "")
        fields["candidates"] = ", ".join(self.move(str(san)) for san in data.get("candidates", [])) or "none"  # type: ignore[attr-defined]
        return fields

    def line(self, template: str, event: Event, span: str, **extra: object) -> str:
        rule = f" [{event.rule}]" if event.rule else ""
        return f"  {span}: {_SENTENCES[template].format(**self.fields(event), **extra)}{rule}\n"

    def write(self, edition: Edition, out: TextIO) -> None:
        """The heading and one line per event; a run of plies open to a 50-move claim is one line."""
        result, game = self.result, self.game
        headers = game.headers
        players = f"{headers.get('White', '?')} - {headers.get('Black', '?')}"
        known = {key: value for key, value in headers.items() if value not in ("?", "")}
        place = [known[key] for key in ("Event", "Site", "Date") if key in known]
        if "Round" in known:
            place.append(f"round {known['Round']}")
        out.write(f"Game {result.index} (line {game.line}): {', '.join([players, *place])}; ")
        out.write(f"{len(game.plies)} plies; result {game.result}; {edition.title}\n")
        if not result.events:
            out.write("  no claims, automatic ends or irregularities\n")
        for kind, group in groupby(result.events, key=lambda event: event.type):
            events = list(group)
            if kind == "fifty" and len(events) > 1:
                first, last = events[0], events[-1]
                span = f"{self.where(first.ply)} to {self.where(last.ply)}"
                halfmoves = {"first": first.data["halfmoves"], "last": last.data["halfmoves"]}
                out.write(self.line("fifty_run", first, span, **halfmoves))
                continue
            for event in events:
                template = "unreadable" if event.data.get("reason") == "unreadable" else event.type
                out.write(self.line(template, event, self.where(event.ply)))
        out.write("\n")


def cmd_check(args: argparse.Namespace) -> int:
    edition = get_edition(args.edition)
    locale = get_locale(args.locale)
    results = audit_games(open_lines(args.file), locale, edition)
    with output(args.output) as out:
        if args.json:
            _write_json_games(results, edition, out)
        else:
            for result in results:
                _Report(result, locale).write(edition, out)
    return 0


def _write_json_games(results: Iterable[GameAudit], edition: Edition, out: TextIO) -> None:
    """The audit JSON, written game by game so a large file never sits in memory."""
    out.write(f'{{"schema": {SCHEMA}, "edition": {edition.year}, "games": [')
    for number, result in enumerate(results):
        out.write(("," if number else "") + "\n" + json.dumps(audit_json(result), ensure_ascii=False))
    out.write("\n]}\n")


# ---- claim ----


def _one_game(path: str, locale: Locale) -> Game:
    games = read_games(open_lines(path), locale)
    game = next(games, None)
    if game is None:
        raise InputError(f"{path}: no game found")
    if next(games, None) is not None:
        raise InputError(f"{path}: holds several games; a claim concerns exactly one")
    return game


def written_move(game: Game, text: str, locale: Locale) -> WrittenMove:
    """The claimant's written move read in the position after the last ply (None as move when illegal)."""
    written = parse_written(text, locale)
    piece = chess.KING if written.piece is None else written.piece
    try:
        move = resolve(game.end_board(), written).move
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
        ) from None
    return WrittenMove(text, move, piece)


def _speed(args: argparse.Namespace, game: Game, edition: Edition) -> Speed:
    if args.blitz:
        return "blitz"
    control = args.time_control
    header = game.headers.get("TimeControl", "")
    if control is None and header and header[0].isdigit() and "/" not in header and ":" not in header:
        try:
            control = _time_control(header)
        except argparse.ArgumentTypeError:
            control = None
    return edition.speed(*control) if control is not None else "standard"


def verdict_json(verdict: Verdict, explanation: str) -> dict[str, object]:
    end = verdict.game_over
    return {
        "schema": SCHEMA,
        "valid": verdict.valid,
        "kind": verdict.kind,
        "rule": verdict.rule,
        "rule_name": verdict.rule_name,
        "edition": verdict.edition.year,
        "claimant": verdict.claimant,
        "plies": verdict.plies,
        "consequence": {
            "draw": verdict.draw,
            "opponent_bonus_seconds": verdict.opponent_bonus_seconds,
            "must_play": verdict.must_play,
            "draw_offer": not verdict.valid and end is None,
            "claimant_time_seconds": verdict.claimant_time_seconds,
        },
        "game_over": None if end is None else {"type": end.type, "ply": end.ply, "rule": end.rule},
        "explanation": explanation,
    }


def cmd_claim(args: argparse.Namespace) -> int:
    locale = get_locale(args.locale)
    edition = get_edition(args.edition)
    game = _one_game(args.file, locale)
    written = None
    if args.written is not None and game.error is None:
        written = written_move(game, args.written, locale)
    verdict = claim(
        game,
        args.kind,
        edition,
        written=written,
        speed=_speed(args, game, edition),
        claimant_seconds=args.claimant_time,
    )
    explanation = explain(verdict, game, args.lang)
    with output(args.output) as out:
        if args.json:
            out.write(json.dumps(verdict_json(verdict, explanation), ensure_ascii=False, indent=2) + "\n")
        else:
            status = "correct" if verdict.valid else "incorrect"
            out.write(
                f"{args.kind} claim by {verdict.claimant}: {status} ({verdict.rule}, {edition.title})\n"
            )
            out.write(explanation + "\n")
    return 0
