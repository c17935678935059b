"""`partiar batch`: a folder of scoresheets scanned game by game on Dask. The work is `partiar.ocr.batch`'s;
this module parses the options, shows the progress and prints the triage. Dask, rich and the scanning side
are imported inside the handler only."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..notation.errors import UsageError, quoted
from ..notation.locales import get_locale
from .options import add_dask, add_locale, add_recognition

# How many games of each triage class the summary names (the report has them all).
SHOWN = 10


def _print_triage(summary: Any, out: Path) -> None:
    from ..ocr.batch import FEW, NO_REVIEW, PERSON

    titles = {PERSON: "needs a person", FEW: "a few flagged moves", NO_REVIEW: "no review needed"}
    data = summary.as_json()["summary"]
    rate = f", {data['pages_per_second']:.2f} pages/s" if data["pages_per_second"] else ""
    print(
        f"{data['games']} games ({data['resumed']} resumed): {data['scanned']} scanned, {data['flagged']} flagged, "
        f"{data['stopped']} stopped, {data['failed']} failed; {data['pages']} pages in {data['seconds']:.1f} s{rate}"
    )
    for name, records in summary.triage.items():
        print(f"{titles[name]}: {len(records)}")
        if name == NO_REVIEW:
            continue
        for record in records[:SHOWN]:
            print(f"  {record['game']}: {'; '.join(record['reasons'])}")
            print(f"    {record['review']}")
        if len(records) > SHOWN:
            print(f"  ... and {len(records) - SHOWN} more in {out / 'report.jsonl'}")


def cmd_batch(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TaskProgressColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from ..ocr import batch
    from ..ocr.engines.base import AUTO, UnknownEngineError, registered
    from ..ocr.forms import get_form

    locale = get_locale(args.locale)
    if args.form:
        get_form(args.form)
    engines = registered()
    if args.engine.strip().lower() not in {AUTO, *engines}:
        raise UnknownEngineError(
            f"unknown engine {quoted(args.engine)}; known engines: {', '.join([AUTO, *engines])}"
        )
    games = batch.find_games(Path(args.dir), args.pair)
    if not games:
        raise UsageError(f"{args.dir}: no PNG, JPEG, TIFF or PDF scoresheets under it")
    options = batch.BatchOptions(locale.code, args.engine, args.form)
    console = Console(stderr=True)
    progress = Progress(
        TextColumn("scanning"),
        BarColumn(),
        MofNCompleteColumn(),
        TaskProgressColumn(),
        TextColumn("{task.fields[rate]} pages/s"),
        TimeElapsedColumn(),
        TextColumn("elapsed,"),
        TimeRemainingColumn(),
        TextColumn("left"),
        console=console,
        disable=not console.is_terminal,
    )
    task = progress.add_task("scanning", total=len(games), rate="-")
    pages = 0

    def on_result(record: dict[str, Any], done: int, total: int) -> None:
        nonlocal pages
        if not record.get("resumed"):
            pages += record["pages"]
        elapsed = progress.tasks[0].elapsed or 0.0
        rate = f"{pages / elapsed:.2f}" if elapsed and pages else "-"
        progress.update(task, completed=done, rate=rate)
        if record["status"] == "failed":  # above the bar on a terminal
            console.print(
                f"partiar: {record['game']}: failed: {record['error']}",
                markup=False,
                highlight=False,
                soft_wrap=True,
            )

    with progress, batch.dask_client(args.workers, args.scheduler) as client:
        summary = batch.run_batch(
            games, Path(args.out), options, client, resume=args.resume, on_result=on_result
        )
    _print_triage(summary, Path(args.out))
    return summary.exit_status


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register `batch` on the `partiar` command parser."""
    parser = commands.add_parser(
        "batch",
        help="scan a folder of scoresheets, game by game, on Dask (needs partiar[batch])",
        description="Scan every PNG, JPEG, TIFF and PDF under DIR into OUT/NAME.pgn and OUT/NAME.json, "
        "one Dask task per game, with OUT/report.jsonl (a line per game, then the triage). Exit status: 0 "
        "every game scanned, 1 some flagged or stopped, 3 some failed.",
    )
    parser.add_argument(
        "dir", metavar="DIR", help="the folder of scoresheets (searched with its sub-folders)"
    )
    parser.add_argument("--out", required=True, metavar="OUT", help="the output folder")
    add_locale(parser, primary="--locale")
    parser.add_argument(
        "--pair",
        metavar="PATTERN",
        help="a regular expression with a (?P<name>...) group and an optional (?P<copy>...) group, matched "
        "against each file name without its suffix, or a CSV manifest with the columns game,file "
        r"(default: NAME_0, NAME_1, ... are copies of game NAME: '(?P<name>.+)_(?P<copy>\d+)')",
    )
    add_recognition(parser)
    add_dask(parser, workers="worker processes of a local Dask cluster (default: one per core)")
    parser.add_argument(
        "--resume", action="store_true", help="skip the games whose outputs an earlier run wrote whole"
    )
    parser.set_defaults(handler=cmd_batch)
