"""`partiar scan`: the scanning side (numpy, onnxruntime, pdfplumber) is imported inside the handler only, so
the notation commands start without it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..notation.errors import ExitStatus
from ..notation.locales import get_locale
from ..notation.text.writers import JsonWriter, write_pgn
from .options import add_locale, add_output
from .output import output


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
    from ..ocr.engines.base import get_engine
    from ..ocr.forms import get_form
    from ..ocr.pipeline import scan

    locale = get_locale(args.locale)
    form = get_form(args.form) if args.form else None
    engine = get_engine(args.engine)
    games = scan(
        [Path(name) for name in args.files], locale, engine, copies=args.copies, form=form, progress=_progress
    )
    status = ExitStatus.OK
    with output(args.output, args.files) as out:
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
                status = ExitStatus.NOTATION
            elif scanned.decoded.flagged and status == ExitStatus.OK:
                status = ExitStatus.FLAGGED
        if writer is not None:
            writer.close()
    return status


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register `scan` on the `partiar` command parser."""
    scan_parser = commands.add_parser("scan", help="scan scoresheet images or PDFs into a game")
    scan_parser.add_argument("files", nargs="+", metavar="FILE", help="PNG, JPEG, TIFF or PDF scoresheets")
    add_locale(scan_parser, primary="--locale")
    scan_parser.add_argument("--copies", action="store_true", help="all files are copies of the same game")
    scan_parser.add_argument(
        "--form",
        metavar="NAME",
        help="form profile: hcs, fide-2x30, 2x25, 3x20, 3x25 (default: found from the page)",
    )
    scan_parser.add_argument(
        "--engine", default="auto", metavar="auto|ctc|tesseract", help="recognition engine (default: auto)"
    )
    scan_parser.add_argument(
        "--json", action="store_true", help="JSON with confidences, alternatives and cells"
    )
    add_output(scan_parser)
    scan_parser.set_defaults(handler=cmd_scan)
