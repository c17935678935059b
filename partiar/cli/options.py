"""Options that several commands share, defined once so that they read and behave the same everywhere."""

from __future__ import annotations

import argparse


def add_locale(parser: argparse.ArgumentParser, *, primary: str = "--from", help: str = "") -> None:
    """The notation's locale, as `--from` (text commands) or `--locale` (scanning); the other name also works."""
    names = (primary, "--locale" if primary == "--from" else "--from")
    parser.add_argument(
        *names,
        dest="locale",
        required=True,
        metavar="LOCALE",
        help=help or "the notation's language: a code, or an English or native name (see `partiar locales`)",
    )


def add_output(parser: argparse.ArgumentParser) -> None:
    """`-o OUT`: the output file, replaced only once the whole output was written."""
    parser.add_argument(
        "-o",
        "--output",
        metavar="OUT",
        help="output file, replaced only once the whole output was written (default: standard output)",
    )
