"""`partiar scan`: the scanning side (numpy, onnxruntime, pdfplumber) is imported inside the handler only, so
the notation commands start without it."""

from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path

from ..notation.errors import ExitStatus, InputError, NotationError
from ..notation.locales import get_locale
from ..notation.text.writers import JsonWriter, json_document, write_pgn
from .options import add_output, add_recognition, add_sheets
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
    from ..ocr.errors import LayoutError
    from ..ocr.forms import get_form
    from ..ocr.pipeline import decode_game, read_sheet

    locale = get_locale(args.locale)
    form = get_form(args.form) if args.form else None
    engine = get_engine(args.engine)
    paths = [Path(name) for name in args.files]
    # One game per file, or one from all the copies; a file that cannot be read is reported and the
    # others are still scanned (with copies, the game is decoded from the copies that could be read).
    groups = [paths] if args.copies else [[path] for path in paths]
    status = ExitStatus.OK
    done = written = 0
    failed: list[NotationError] = []
    with output(args.output, args.files) as out, contextlib.ExitStack() as stack:
        writer = stack.enter_context(json_document(out, JsonWriter)) if args.json else None
        for group in groups:
            readable, names = [], []
            for path in group:
                done += 1
                _progress(done, len(paths))
                try:
                    readable.append(read_sheet(path, engine, form))
                    names.append(str(path))
                except (InputError, LayoutError) as exc:
                    failed.append(exc)
                    status = max(status, exc.exit_status)
            if not readable:
                continue
            scanned = decode_game(readable, names, locale, engine)
            for warning in scanned.warnings:
                print(f"partiar: {warning}", file=sys.stderr)
            written += 1
            if writer is not None:
                writer.write(scanned.game, scanned.move_fields())
            else:
                write_pgn(scanned.game, out)
            if scanned.decoded.error is not None:
                print(
                    f"partiar: {', '.join(scanned.files)}: stopped: {scanned.decoded.error}", file=sys.stderr
                )
                status = max(status, ExitStatus.NOTATION)
            elif scanned.decoded.flagged and status == ExitStatus.OK:
                status = ExitStatus.FLAGGED
        for error in failed[: -1 if not written else None]:
            print(f"partiar: error: {error}", file=sys.stderr)
        if not written:
            raise failed[-1]  # nothing to write: the output is left as it was
    return status


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register `scan` on the `partiar` command parser."""
    scan_parser = commands.add_parser("scan", help="scan scoresheet images or PDFs into a game")
    add_sheets(scan_parser)
    add_recognition(scan_parser)
    scan_parser.add_argument(
        "--json", action="store_true", help="JSON with confidences, alternatives and cells"
    )
    add_output(scan_parser)
    scan_parser.set_defaults(handler=cmd_scan)
