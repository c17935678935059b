"""`partiar scan`: registered with the `partiar` command through the `partiar.commands` entry point, so the
notation core never imports the scanning side."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from notation.cli import EXIT_FLAGGED, EXIT_NOTATION, EXIT_OK
from notation.export import JsonWriter, write_pgn
from notation.locales import get_locale
from notation.outfile import output
from ocr.engine import get_engine
from ocr.forms import get_form
from ocr.scan import scan


def _progress(done: int, total: int) -> None:
    """A progress bar on a terminal (nothing when stderr is a file or a pipe)."""
    if total < 2 or not sys.stderr.isatty():
        return
    width = 30
    filled = width * done // total
    sys.stderr.write(f"\rscanning [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def cmd_scan(args: argparse.Namespace) -> int:
    locale = get_locale(args.locale)
    form = get_form(args.form) if args.form else None
    engine = get_engine(args.engine)
    games = scan(
        [Path(name) for name in args.files], locale, engine, copies=args.copies, form=form, progress=_progress
    )
    status = EXIT_OK
    with output(args.output) as out:
        writer = JsonWriter(out) if args.json else None
        for scanned in games:
            if writer is not None:
                writer.write(scanned.game, scanned.move_fields())
            else:
                write_pgn(scanned.game, out)
            if scanned.decoded.error is not None:
                print(
                    f"partiar: {', '.join(scanned.files)}: stopped: {scanned.decoded.error}", file=sys.stderr
                )
                status = EXIT_NOTATION
            elif scanned.decoded.flagged and status == EXIT_OK:
                status = EXIT_FLAGGED
        if writer is not None:
            writer.close()
    return status


def add_commands(commands: Any) -> None:
    scan_parser = commands.add_parser("scan", help="scan scoresheet images or PDFs into a game")
    scan_parser.add_argument("files", nargs="+", metavar="FILE", help="PNG, JPEG, TIFF or PDF scoresheets")
    scan_parser.add_argument("--locale", required=True, metavar="LOCALE", help="the notation's language")
    scan_parser.add_argument("--copies", action="store_true", help="all files are copies of the same game")
    scan_parser.add_argument("--form", metavar="NAME", help="form profile (hcs, fide-2x30, 2x25, 3x20, 3x25)")
    scan_parser.add_argument("--engine", default="auto", metavar="auto|ctc|tesseract")
    scan_parser.add_argument(
        "--json", action="store_true", help="JSON with confidences, alternatives and cells"
    )
    scan_parser.add_argument("-o", "--output", metavar="OUT", help="output file (replaced only on success)")
    scan_parser.set_defaults(handler=cmd_scan)
