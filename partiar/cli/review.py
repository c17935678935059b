"""`partiar review`: scan as `partiar scan` does, then serve a page on 127.0.0.1 where a person confirms or
corrects the flagged moves. The scanning side and the web app are imported inside the handler only."""

from __future__ import annotations

import argparse
import sys
import webbrowser
from collections.abc import Callable
from pathlib import Path

from ..notation.errors import ExitStatus, UsageError
from ..notation.locales import get_locale
from .options import add_recognition, add_sheets
from .output import _check_target, output
from .scan import _progress


def _saver(path: str, inputs: list[str]) -> tuple[str, Callable[[str, str], None]]:
    """The file names `POST /api/save` writes, and the function that writes them (all or nothing each)."""
    beside = f"{path}.review.json"

    def write(pgn: str, confirmations: str) -> None:
        with output(path, inputs) as out:
            out.write(pgn)
        with output(beside, inputs) as out:
            out.write(confirmations)

    return beside, write


def cmd_review(args: argparse.Namespace) -> int:
    from ..ocr.engines.base import get_engine
    from ..ocr.forms import get_form
    from ..ocr.pipeline import scan
    from ..review.app import bind, create_app, local_hosts, serve
    from ..review.session import ReviewSession

    locale = get_locale(args.locale)
    form = get_form(args.form) if args.form else None
    engine = get_engine(args.engine)
    if len(args.files) > 1 and not args.copies:
        raise UsageError("review takes one game: give one file, or the copies of one game with --copies")
    if args.save is not None:
        # Refuse a bad --save now, not after the reviewer's work.
        _check_target(args.save, args.files)
        _check_target(f"{args.save}.review.json", args.files)
    (scanned,) = scan(
        [Path(name) for name in args.files], locale, engine, copies=args.copies, form=form, progress=_progress
    )
    session = ReviewSession(scanned, locale, engine.review_below, form)
    save: Callable[[str, str], None] | None = None
    save_name = None
    if args.save is not None:
        beside, save = _saver(args.save, args.files)
        save_name = f"{args.save} (and {beside})"
    try:
        sock = bind(args.port)
    except OSError as exc:
        raise UsageError(f"--port {args.port}: cannot listen on 127.0.0.1: {exc.strerror}") from None
    port = sock.getsockname()[1]
    app = create_app(session, local_hosts(port), save, save_name)
    url = f"http://127.0.0.1:{port}/"
    print(url, flush=True)
    print(
        f"partiar: {scanned.decoded.flagged} of {len(scanned.decoded.moves)} moves flagged; "
        "reviewing at the address above (Ctrl-C to stop)",
        file=sys.stderr,
    )
    if not args.no_browser:
        webbrowser.open(url)
    serve(app, sock)
    return ExitStatus.OK


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register `review` on the `partiar` command parser."""
    parser = commands.add_parser(
        "review", help="scan a game, then confirm or correct its flagged moves on a local web page"
    )
    add_sheets(parser)
    add_recognition(parser)
    parser.add_argument(
        "--port", type=int, default=0, metavar="P", help="port on 127.0.0.1 (default: a free one)"
    )
    parser.add_argument("--no-browser", action="store_true", help="print the address only")
    parser.add_argument(
        "--save",
        metavar="OUT",
        help="where the Save button writes the PGN (the confirmations go to OUT.review.json)",
    )
    parser.set_defaults(handler=cmd_review)
