"""The `partiar` command line: the parser, the commands' registration and the mapping of errors to exit
statuses. Every error partiar raises carries its own exit status; the work is done in the library."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from .. import __version__
from ..notation.errors import ExitStatus, NotationError
from . import batch, convert, review, rules, scan

EPILOG = """exit status: 0 success; 1 finished, but some moves are flagged for review; 2 usage error (a bad
option, an unknown locale, form or engine); 3 input that cannot be read or output that cannot be written
(missing file, bad encoding, broken image or PDF, a recognition engine that cannot run); 4 notation error
(syntax, illegal or ambiguous move, a decoding that had to stop), reported with its line, column, move
number, side and position."""

Handler = Callable[[argparse.Namespace], int]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="partiar",
        description="Chess games written by people, made checkable.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"partiar {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    convert.add_commands(commands)
    rules.add_commands(commands)
    scan.add_commands(commands)
    review.add_commands(commands)
    batch.add_commands(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    handler: Handler = args.handler
    try:
        return handler(args)
    except NotationError as exc:
        print(f"partiar: error: {exc}", file=sys.stderr)
        return exc.exit_status
    except BrokenPipeError:
        sys.stderr.close()
        return ExitStatus.OK
    except OSError as exc:
        # Input and output errors that no command translated (standard output on a full disk, say).
        where = exc.filename if exc.filename is not None else "standard output"
        print(f"partiar: error: {where}: {exc.strerror or exc}", file=sys.stderr)
        return ExitStatus.INPUT
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
