"""The `partiar` command line: argument parsing, output and exit statuses; the work is done elsewhere."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from importlib.metadata import entry_points

from notation.claims_cli import add_commands as add_claim_commands
from notation.errors import InputError, NotationError, UnknownLocaleError
from notation.export import JsonWriter, write_pgn, write_text
from notation.game import Game
from notation.lenient import read_lenient
from notation.locales import LOCALES, PIECE_ORDER, get_locale
from notation.outfile import output
from notation.reader import read_games
from notation.render import Style
from notation.textio import open_lines

EXIT_OK = 0
EXIT_FLAGGED = 1
EXIT_USAGE = 2
EXIT_INPUT = 3
EXIT_NOTATION = 4

EPILOG = """exit status: 0 success; 1 scan finished but some moves are flagged for review; 2 usage error;
3 input that cannot be read (missing file, bad encoding, broken image); 4 notation error (syntax, illegal
or ambiguous move), reported with its line, column, move number, side and position."""

Handler = Callable[[argparse.Namespace], int]


def _capture_mark(value: str) -> str:
    return "" if value == "none" else value


def cmd_convert(args: argparse.Namespace) -> int:
    locale = get_locale(args.from_locale)
    target = args.to.lower()
    writer_locale = None if target in ("pgn", "json") else get_locale(args.to)
    style = Style(
        form=args.style,
        capture=args.capture,
        checks=not args.no_checks,
        en_passant=args.ep,
        figurines=args.figurines,
    )
    lines = open_lines(args.file)
    status = EXIT_OK
    with output(args.output) as out:
        json_writer = JsonWriter(out) if target == "json" else None

        def write(game: Game, extra: Sequence[dict[str, object]] = ()) -> None:
            if json_writer is not None:
                json_writer.write(game, extra)
            elif writer_locale is None:
                write_pgn(game, out)
            else:
                write_text(game, out, writer_locale, style)

        if args.lenient:
            for number, decoded_game in enumerate(read_lenient(lines, locale), 1):
                decoded = decoded_game.decoded
                write(decoded_game.game, decoded.move_fields())
                if decoded.error is not None:
                    print(f"partiar: game {number}: stopped: {decoded.error}", file=sys.stderr)
                    status = EXIT_NOTATION
                elif decoded.flagged and status == EXIT_OK:
                    status = EXIT_FLAGGED
        else:
            for game in read_games(lines, locale):
                if game.error is not None:
                    raise game.error
                write(game)
        if json_writer is not None:
            json_writer.close()
    return status


def cmd_locales(args: argparse.Namespace) -> int:
    for loc in LOCALES:
        letters = " ".join(loc.letter(piece) for piece in PIECE_ORDER)
        pawn = "/".join(loc.pawn_letters) or "-"
        print(f"{loc.code:8} {letters:14} pawn {pawn:4} {loc.name} ({loc.native})")
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="partiar",
        description="Chess games written by people, made checkable.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    convert = commands.add_parser("convert", help="convert notation between locales, PGN and JSON")
    convert.add_argument("file", nargs="?", default="-", metavar="FILE", help="input file, or - for stdin")
    convert.add_argument("--from", dest="from_locale", required=True, metavar="LOCALE")
    convert.add_argument("--to", default="pgn", metavar="pgn|json|LOCALE")
    convert.add_argument("--style", choices=("short", "long"), default="short")
    convert.add_argument(
        "--capture",
        type=_capture_mark,
        default=None,
        metavar="MARK",
        help="×, x, : or none (default: locale's)",
    )
    convert.add_argument("--ep", action="store_true", help="write e.p. after en-passant captures")
    convert.add_argument("--figurines", action="store_true", help="write ♔♕♖♗♘ instead of letters")
    convert.add_argument("--no-checks", action="store_true", help="leave out + and # marks")
    convert.add_argument(
        "--lenient",
        action="store_true",
        help="decode noisy text (OCR'd, mistyped) into the most probable legal game, with a confidence per move",
    )
    convert.add_argument("-o", "--output", metavar="OUT", help="output file (replaced only on success)")
    convert.set_defaults(handler=cmd_convert)

    locales = commands.add_parser("locales", help="list the supported locales and their piece letters")
    locales.set_defaults(handler=cmd_locales)
    add_claim_commands(commands)
    # Other packages (the scanner) add their commands through this entry-point group; the notation core
    # itself depends on none of them.
    for entry in entry_points(group="partiar.commands"):
        entry.load()(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Handler = args.handler
    try:
        return handler(args)
    except InputError as exc:
        print(f"partiar: error: {exc}", file=sys.stderr)
        return EXIT_INPUT
    except UnknownLocaleError as exc:
        print(f"partiar: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except NotationError as exc:
        print(f"partiar: error: {exc}", file=sys.stderr)
        return EXIT_NOTATION
    except BrokenPipeError:
        sys.stderr.close()
        return EXIT_OK
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
