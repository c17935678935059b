"""Options that several commands share, defined once so that they read and behave the same everywhere."""

from __future__ import annotations

import argparse
import os

from ..notation.errors import quoted


def add_locale(parser: argparse.ArgumentParser, *, primary: str = "--from", help: str = "") -> None:
    """The notation's locale, as `--from` (text commands) or `--locale` (scanning); the other name also works."""
    names = (primary, "--locale" if primary == "--from" else "--from")
    parser.add_argument(
        *names,
        dest="locale",
        required=True,
        metavar="LOCALE",
        help=help or "the notation's language: a code, a name or an alias (see `partiar locales`)",
    )


def add_output(parser: argparse.ArgumentParser) -> None:
    """`-o OUT`: the output file, replaced only once the whole output was written."""
    parser.add_argument(
        "-o",
        "--output",
        metavar="OUT",
        help="output file, replaced only once the whole output was written (default: standard output)",
    )


def add_sheets(parser: argparse.ArgumentParser) -> None:
    """The scoresheet files of one or more games and `--copies`, as `scan` and `review` take them."""
    parser.add_argument("files", nargs="+", metavar="FILE", help="PNG, JPEG, TIFF or PDF scoresheets")
    add_locale(parser, primary="--locale")
    parser.add_argument("--copies", action="store_true", help="all files are copies of the same game")


def add_recognition(parser: argparse.ArgumentParser) -> None:
    """How a scoresheet is read: its form profile and the recognition engine."""
    parser.add_argument(
        "--form",
        metavar="NAME",
        help="form profile: hcs, fide-2x30, 2x25, 3x20, 3x25 (default: found from the page)",
    )
    parser.add_argument(
        "--engine", default="auto", metavar="auto|ctc|tesseract", help="recognition engine (default: auto)"
    )


# `--workers` of the notation commands (`convert`, `check`).
NOTATION_WORKERS = (
    "read the games in batches in N worker processes, with the same output as one process (default: one per "
    "processor available, once the input holds more than one batch of games; 1: one process)"
)


def positive(text: str) -> int:
    """An argument type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"needs a whole number of at least 1, not {quoted(text)}")
    return value


def add_dask(parser: argparse.ArgumentParser, *, workers: str, scheduler: str = "") -> None:
    """`--workers N` (a local Dask cluster) or `--scheduler ADDRESS` (an existing one), not both."""
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--workers", type=positive, metavar="N", help=workers)
    where.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help=scheduler or "an existing Dask cluster's scheduler, e.g. tcp://host:8786",
    )


def workers_asked(args: argparse.Namespace) -> bool:
    """Whether `add_dask`'s options ask for workers: `--scheduler`, or `--workers` 2 or more (1: one
    process)."""
    return args.scheduler is not None or (args.workers is not None and args.workers > 1)


def processors() -> int:
    """The processors this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def spread_wanted(args: argparse.Namespace, *, one_process: bool) -> bool:
    """Whether a notation command reads its games in worker processes: asked for (`--scheduler`, `--workers`
    2 or more), or by default where more than one processor is free to this one, unless the command can be
    read only in `one_process` (`--lenient`, `--from auto`)."""
    return workers_asked(args) or (args.workers is None and not one_process and processors() > 1)
