"""The `partiar check` (audit) and `partiar claim` (one claim's verdict) commands: arguments and output.

`add_commands` registers both on the `partiar` parser; the handlers return the exit status and raise
`NotationError`s, which the main entry point prints as one line. What the commands say is the library's
(`partiar.notation.rules`); here are only the options, the files and the printing.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Iterable
from dataclasses import replace
from typing import TextIO

from ..notation.errors import InputError, NotationError, UsageError, quoted
from ..notation.game import Game
from ..notation.locales import Locale, get_locale
from ..notation.rules.claims import GameAudit, KeyedGameBuilder, audit, audit_games, claim_with_written
from ..notation.rules.editions import (
    DEFAULT_EDITION,
    EDITIONS,
    Edition,
    Speed,
    get_edition,
    parse_time_control,
)
from ..notation.rules.messages import LANGUAGES
from ..notation.rules.report import describe_audit
from ..notation.rules.verdicts import explain, headline
from ..notation.text.chunks import Chunk
from ..notation.text.encoding import open_lines
from ..notation.text.reader import read_chunks, read_games
from ..notation.text.writers import JsonDocumentWriter, json_document, write_json_document
from .notices import notices, read_as, tell, tell_lines
from .options import (
    NOTATION_WORKERS,
    add_dask,
    add_locale,
    add_output,
    spread_wanted,
    workers_asked,
)
from .output import output
from .parallel import Batch, run_batches


def _seconds(text: str) -> int:
    """A clock reading: seconds, or minutes:seconds."""
    minutes, _, seconds = text.rpartition(":")
    try:
        whole_minutes, rest = int(minutes or 0), int(seconds)
    except ValueError:
        whole_minutes = rest = -1
    if whole_minutes < 0 or rest < 0 or (minutes and rest >= 60):
        raise argparse.ArgumentTypeError(f"not a time: {quoted(text)} (use seconds or M:SS)")
    return whole_minutes * 60 + rest


def _time_control(text: str) -> tuple[int, int]:
    """A PGN TimeControl field for a game in one period: "BASE" or "BASE+INCREMENT", in seconds."""
    try:
        return parse_time_control(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register `check` and `claim` on the `partiar` command parser."""
    editions = sorted(EDITIONS)
    check = subparsers.add_parser(
        "check", help="audit games: draw claims, automatic ends, illegal moves (FIDE Art. 5 and 9)"
    )
    check.add_argument("file", nargs="?", default="-", metavar="FILE", help="input file, or - for stdin")
    add_locale(
        check,
        help="the notation's language: a code, a name or an alias (see `partiar locales`), or auto: the locale "
        "that `convert --from auto` chooses for most of the file's games, said on standard error",
    )
    check.add_argument(
        "--edition",
        type=int,
        choices=editions,
        default=DEFAULT_EDITION,
        help=f"the edition of the FIDE Laws to apply (default: {DEFAULT_EDITION})",
    )
    check.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the report (default: en)")
    check.add_argument("--json", action="store_true", help="write JSON instead of a report")
    add_output(check)
    add_dask(check, workers=NOTATION_WORKERS)
    check.set_defaults(handler=cmd_check)

    claim_parser = subparsers.add_parser(
        "claim", help="decide a threefold-repetition or 50-move claim by the player on move"
    )
    claim_parser.add_argument("file", nargs="?", default="-", metavar="FILE", help="one game, or - for stdin")
    add_locale(
        claim_parser,
        help="the notation's language: a code, a name or an alias (see `partiar locales`), or auto: the locale "
        "that `convert --from auto` chooses for most of the file's games, said on standard error",
    )
    claim_parser.add_argument(
        "--kind",
        required=True,
        choices=("threefold", "fifty"),
        help="the claim: threefold repetition or 50 moves",
    )
    claim_parser.add_argument(
        "--written", metavar="MOVE", help="the move written on the scoresheet, not yet played"
    )
    claim_parser.add_argument(
        "--edition",
        type=int,
        choices=editions,
        default=DEFAULT_EDITION,
        help=f"the edition of the FIDE Laws to apply (default: {DEFAULT_EDITION})",
    )
    claim_parser.add_argument(
        "--lang", choices=LANGUAGES, default="en", help="language of the explanation (default: en)"
    )
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


def _locale_and_lines(args: argparse.Namespace) -> tuple[Locale, Iterable[str]]:
    """The locale named, or with `--from auto` the one chosen for most of the file's games (told on
    stderr), and the file's lines."""
    lines = open_lines(args.file)
    if args.locale.strip().casefold() != "auto":
        return get_locale(args.locale), lines
    from ..notation.text.detect import file_locale

    kept = list(lines)  # read twice: once to choose, once to check
    read = file_locale(kept)
    if read is None:
        raise InputError(f"{args.file if args.file != '-' else '<stdin>'}: no game found")
    print(f"partiar: {args.file}: {read_as(read.locale, read.same)}", file=sys.stderr)
    return read.locale, kept


def check_batch(chunks: list[Chunk], locale: str, edition: int, json: bool) -> Batch:
    """`partiar check` of one batch, in a worker: its audits numbered from 1 (the caller numbers them on),
    as JSON entries or as `GameAudit`s to be told in words once numbered."""
    rules = get_edition(edition)
    done = Batch()
    for index, keyed in enumerate(read_chunks(chunks, locale, KeyedGameBuilder), 1):
        result = audit(keyed.game, rules, index, keyed.positions)
        done.games.append((keyed.game.line, notices(keyed.game, error=False)))
        done.entries.append(result.to_json() if json else result)
    return done


def _check_spread(
    args: argparse.Namespace, lines: Iterable[str], out: TextIO, json: JsonDocumentWriter | None
) -> int:
    """`partiar check` in workers (`partiar.cli.parallel`): the audits written to `out` (or `json`) in input
    order; the count of games."""
    locale = get_locale(args.locale)
    edition = get_edition(args.edition)
    count = 0

    def write(batch: Batch) -> None:
        nonlocal count
        for (line, told), entry in zip(batch.games, batch.entries, strict=True):
            count += 1
            tell_lines(count, line, told)
            if json is not None:
                json.add({**entry, "index": count})
            else:
                numbered: GameAudit = replace(entry, index=count)
                out.write(describe_audit(numbered, edition, args.lang, locale))

    arguments = (locale.code, edition.year, json is not None)
    run_batches(args, lines, locale.code, check_batch, arguments, write)
    return count


def cmd_check(args: argparse.Namespace) -> int:
    if args.json and args.lang != "en":
        raise UsageError("--lang: the JSON report has no words to translate; use it without --json")
    edition = get_edition(args.edition)
    auto = args.locale.strip().casefold() == "auto"
    if auto and workers_asked(args):
        raise UsageError("--from auto: not with --workers or --scheduler; name the locale")
    locale, lines = _locale_and_lines(args)
    count = 0
    with output(args.output, [args.file]) as out, contextlib.ExitStack() as stack:
        writer = (
            stack.enter_context(json_document(out, JsonDocumentWriter, edition=edition.year))
            if args.json
            else None
        )
        if spread_wanted(args, one_process=auto):
            count = _check_spread(args, lines, out, writer)
        else:
            for count, result in enumerate(audit_games(lines, locale, edition), 1):
                tell(count, result.game, error=False)
                if writer is not None:
                    writer.add(result.to_json())
                else:
                    out.write(describe_audit(result, edition, args.lang, locale))
        if count == 0:
            raise InputError(f"{args.file if args.file != '-' else '<stdin>'}: no game found")
    return 0


def _one_game(path: str, lines: Iterable[str], locale: Locale) -> Game:
    games = read_games(lines, locale)
    game = next(games, None)
    if game is None:
        raise InputError(f"{path}: no game found")
    if next(games, None) is not None:
        raise InputError(f"{path}: holds several games; a claim concerns exactly one")
    return game


def _speed(args: argparse.Namespace, game: Game, edition: Edition) -> Speed:
    if args.blitz:
        return "blitz"
    if args.time_control is not None:
        return edition.speed(*args.time_control)
    return edition.time_control_speed(game.headers.get("TimeControl", ""))


def _refuse_claimant_time(args: argparse.Namespace, edition: Edition) -> None:
    """`--claimant-time` only means something under an edition that cuts the claimant's time."""
    if args.claimant_time is None or edition.claimant_time is not None:
        return
    using = " or ".join(str(year) for year, known in sorted(EDITIONS.items()) if known.claimant_time)
    raise UsageError(
        f"--claimant-time: the {edition.year} edition does not cut the claimant's time; only --edition {using} does"
    )


def cmd_claim(args: argparse.Namespace) -> int:
    edition = get_edition(args.edition)
    _refuse_claimant_time(args, edition)
    locale, lines = _locale_and_lines(args)
    with output(args.output, [args.file]) as out:
        try:
            game = _one_game(args.file, lines, locale)
            tell(1, game, error=False)  # the error, if any, stops the claim and is told as the error
            verdict = claim_with_written(
                game,
                args.kind,
                edition,
                args.written,
                locale,
                speed=_speed(args, game, edition),
                claimant_seconds=args.claimant_time,
            )
        except NotationError as exc:
            if args.json:  # a JSON reader gets a document that says why there is no verdict
                write_json_document(out, {"error": str(exc)})
            raise
        explanation = explain(verdict, game, args.lang)
        if args.json:
            write_json_document(out, verdict.to_json(explanation))
        else:
            out.write(headline(verdict, args.lang) + "\n" + explanation + "\n")
    return 0
