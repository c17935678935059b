"""`partiar convert` (notation between locales, PGN and JSON; `--lenient` for noisy text) and `partiar locales`."""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import TextIO

from ..notation.errors import ExitStatus, InputError, UsageError, quoted
from ..notation.game import Game
from ..notation.locales import LOCALES, PIECE_ORDER, Locale, get_locale
from ..notation.text.chunks import Chunk
from ..notation.text.encoding import open_lines
from ..notation.text.reader import (
    figurines_replaced,
    moves_numbered_from,
    read_chunks,
    read_games,
    read_otherwise,
)
from ..notation.text.render import FORMS, Style
from ..notation.text.writers import JsonWriter, game_json, json_document, write_pgn, write_text
from .notices import notices, read_as, stopped, tell, tell_lines
from .options import NOTATION_WORKERS, add_dask, add_locale, add_output, spread_wanted, workers_asked
from .output import output
from .parallel import Batch, run_batches

CAPTURE_MARKS = ("×", "x", ":", "none")


def _capture_mark(value: str) -> str:
    if value not in CAPTURE_MARKS:
        raise argparse.ArgumentTypeError(
            f"{quoted(value)} is not a capture mark (use {', '.join(CAPTURE_MARKS)})"
        )
    return "" if value == "none" else value


def _refuse_text_options_for(target: str, args: argparse.Namespace) -> None:
    """PGN and JSON have one fixed way of writing moves: options that shape locale text are refused there."""
    given = [
        option
        for option, used in (
            (f"--style {args.style}", args.style != "short"),
            ("--capture", args.capture is not None),
            ("--ep", args.ep),
            ("--figurines", args.figurines),
            ("--no-checks", args.no_checks),
        )
        if used
    ]
    if given:
        raise UsageError(f"{', '.join(given)}: only for locale text (--to LOCALE), not --to {target}")


def _auto_told(lines: Iterable[str], quiet: bool) -> Iterator[Game]:
    """`--from auto`: each game read in the locale that reads it furthest, told on stderr unless quiet."""
    from ..notation.text.detect import read_games_auto

    for count, read in enumerate(read_games_auto(lines), 1):
        if not quiet:
            print(
                f"partiar: game {count} (line {read.game.line}): {read_as(read.locale, read.same)}",
                file=sys.stderr,
            )
        yield read.game


def convert_batch(chunks: list[Chunk], locale: str, target: str, style: Style, quiet: bool) -> Batch:
    """`partiar convert` of one batch, in a worker: `target` is pgn, json or a locale's code."""
    writer_locale = None if target in ("pgn", "json") else get_locale(target)
    done = Batch()
    out = io.StringIO()
    for game in read_chunks(chunks, locale):
        done.games.append((game.line, notices(game, quiet=quiet)))
        if target == "json":
            done.entries.append(game_json(game))
        elif writer_locale is None:
            write_pgn(stopped(game), out)
        else:
            write_text(stopped(game), out, writer_locale, style)
        done.status = max(done.status, _status(game))
    done.text = out.getvalue()
    return done


def _convert_spread(
    args: argparse.Namespace,
    lines: Iterable[str],
    target: str,
    style: Style,
    out: TextIO,
    json: JsonWriter | None,
) -> tuple[int, ExitStatus]:
    """`partiar convert` in workers (`partiar.cli.parallel`): the games written to `out` (or `json`) in input
    order; the count and the exit status."""
    locale = get_locale(args.locale).code
    code = target if target in ("pgn", "json") else get_locale(target).code
    count, status = 0, ExitStatus.OK

    def write(batch: Batch) -> None:
        nonlocal count, status
        for line, told in batch.games:
            count += 1
            tell_lines(count, line, told)
        if json is not None:
            for entry in batch.entries:
                json.add(entry)
        out.write(batch.text)
        status = max(status, batch.status)

    run_batches(args, lines, locale, convert_batch, (locale, code, style, args.quiet), write)
    return count, status


def cmd_convert(args: argparse.Namespace) -> int:
    auto = args.locale.strip().casefold() == "auto"
    locale = get_locale("en" if auto else args.locale)
    target = args.to.lower()
    writer_locale = None if target in ("pgn", "json") else get_locale(args.to)
    if writer_locale is None:
        _refuse_text_options_for(target, args)
    style = Style(
        form=args.style,
        capture=args.capture,
        checks=not args.no_checks,
        en_passant=args.ep,
        figurines=args.figurines,
    )
    if workers_asked(args) and args.lenient:
        raise UsageError("--workers, --scheduler: not with --lenient")
    if auto and (workers_asked(args) or args.lenient):
        raise UsageError("--from auto: not with --lenient, --workers or --scheduler; name the locale")
    parallel = spread_wanted(args, one_process=auto or args.lenient)
    lines = open_lines(args.file)
    status = ExitStatus.OK
    count = 0
    with output(args.output, [args.file]) as out, contextlib.ExitStack() as stack:
        json_writer = stack.enter_context(json_document(out, JsonWriter)) if target == "json" else None

        def write(game: Game, extra: Sequence[dict[str, object]] = ()) -> None:
            if json_writer is not None:
                json_writer.write(game, extra)
            elif writer_locale is None:
                write_pgn(game, out)
            else:
                write_text(game, out, writer_locale, style)

        if args.lenient:
            from ..notation.decode.lenient import read_lenient

            for count, decoded_game in enumerate(read_lenient(lines, locale), 1):
                decoded, game = decoded_game.decoded, decoded_game.game
                # Where decoding stopped is told once, as such; a broken tag as any error is.
                tell(count, game, quiet=args.quiet, error=decoded.error is None)
                write(game, decoded.move_fields())
                if decoded.error is not None:
                    print(
                        f"partiar: game {count} (line {game.line}): stopped: {decoded.error}", file=sys.stderr
                    )
                if game.error is not None:
                    status = ExitStatus.NOTATION
                elif decoded.flagged and status == ExitStatus.OK:
                    status = ExitStatus.FLAGGED
        elif parallel:
            count, status = _convert_spread(args, lines, target, style, out, json_writer)
        else:
            # Every game is written: one that cannot be read to its end up to its error, marked there,
            # and the exit status says that some could not.
            games = _auto_told(lines, args.quiet) if auto else read_games(lines, locale)
            for count, game in enumerate(games, 1):
                tell(count, game, quiet=args.quiet)
                write(stopped(game) if target != "json" else game)
                status = max(status, _status(game))
        if count == 0:
            raise InputError(
                f"{args.file if args.file != '-' else '<stdin>'}: no game found{_why_none(args.file, args.lenient)}"
            )
    if status != ExitStatus.OK and not args.lenient and not auto and args.file != "-":
        hint = _figurines_read_by_ocr(args.file, locale)
        if hint:
            print(f"partiar: {args.file}: {hint}", file=sys.stderr)
    return status


def _figurines_read_by_ocr(path: str, locale: Locale) -> str:
    """Where a text's games did not read whole and runs of characters stand before squares where piece
    letters would (`ltJf3`, `i.e2`: a book's figurine font read by OCR), the hint that `--lenient` reads them
    (it learns which piece each run stands for); else ""."""
    from ..notation.decode.glyphs import glyph_runs  # (only here: the decoder is slow to import)

    runs = glyph_runs("\n".join(open_lines(path)), locale)
    if not runs:
        return ""
    shown = ", ".join(repr(run) for run, _ in runs.most_common(4))
    return (
        f"runs of characters stand before squares where piece letters would ({shown}): a figurine font read "
        "by OCR? --lenient reads each run as the piece its moves make"
    )


def _status(game: Game) -> ExitStatus:
    """A game's exit status in the default mode: one that stopped is a notation error; one with moves read
    other than written (a misprint, a slip, a move left out) or in doubt from some move on is read, but for
    review, as `--lenient` flags those moves."""
    if game.error is not None:
        return ExitStatus.NOTATION
    if game.doubtful_from > 0 or any(read_otherwise(ply) for ply in game.plies):
        return ExitStatus.FLAGGED
    return ExitStatus.OK


def _why_none(path: str, lenient: bool) -> str:
    """Why a file holds no game, where its text tells: its pieces' figurines lost in a conversion (Unicode's
    replacement character before squares), or moves numbered from a later move than 1 and no position given
    for it (the first moves lost, a line dropped at a page break), which `--lenient` may supply."""
    if path == "-":
        return ""
    text = "\n".join(open_lines(path))
    lost = figurines_replaced(text)
    if lost:
        return f" ({lost})"
    number = moves_numbered_from(text)
    if number <= 1 or "FEN" in text:
        return ""
    supplied = "" if lenient else "; --lenient supplies them from the named openings, flagged, where one fits"
    return (
        f" (its moves are numbered from {number}: the moves before are not in the text, and no FEN gives the "
        f"position{supplied})"
    )


def cmd_locales(args: argparse.Namespace) -> int:
    for loc in LOCALES:
        letters = " ".join(loc.letter(piece) for piece in PIECE_ORDER)
        pawn = "/".join(loc.pawn_letters) or "-"
        also = f"; also {', '.join(loc.aliases)}" if loc.aliases else ""
        print(f"{loc.code:8} {letters:14} pawn {pawn:4} {loc.name} ({loc.native}){also}")
    return ExitStatus.OK


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register `convert` and `locales` on the `partiar` command parser."""
    convert = commands.add_parser("convert", help="convert notation between locales, PGN and JSON")
    convert.add_argument("file", nargs="?", default="-", metavar="FILE", help="input file, or - for stdin")
    add_locale(
        convert,
        help="the notation's language: a code, a name or an alias (see `partiar locales`), or auto: each "
        "game read in the locale under which it goes furthest, said on standard error",
    )
    convert.add_argument(
        "--to", default="pgn", metavar="pgn|json|LOCALE", help="what to write (default: pgn)"
    )
    convert.add_argument(
        "--style",
        choices=FORMS,
        default="short",
        help="short (Nf3), long (Ng1f3) or long with a dash (Ng1-f3, e4xd5) algebraic form (default: short)",
    )
    convert.add_argument(
        "--capture",
        type=_capture_mark,
        default=None,
        metavar="MARK",
        help="×, x, : or none (default: the locale's)",
    )
    convert.add_argument("--ep", action="store_true", help="write e.p. after en-passant captures")
    convert.add_argument("--figurines", action="store_true", help="write ♔♕♖♗♘ instead of letters")
    convert.add_argument("--no-checks", action="store_true", help="leave out + and # marks")
    convert.add_argument(
        "--lenient",
        action="store_true",
        help="decode noisy text (OCR'd, mistyped) into the most probable legal game, with a confidence per move",
    )
    convert.add_argument(
        "-q", "--quiet", action="store_true", help="do not print warnings (errors still are)"
    )
    add_output(convert)
    add_dask(convert, workers=NOTATION_WORKERS)
    convert.set_defaults(handler=cmd_convert)

    locales = commands.add_parser("locales", help="list the supported locales and their piece letters")
    locales.set_defaults(handler=cmd_locales)
