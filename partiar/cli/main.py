"""The `partiar` command line: the parser, the commands' registration and the mapping of errors to exit
statuses. Every error partiar raises carries its own exit status; the work is done in the library."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence

from .. import __version__
from ..notation.errors import ExitStatus, NotationError

EPILOG = """exit status: 0 success; 1 finished, but some moves are flagged for review; 2 usage error (a bad
option, an unknown locale, form or engine); 3 input that cannot be read or output that cannot be written
(missing file, bad encoding, broken image or PDF, a recognition engine that cannot run); 4 notation error
(syntax, illegal or ambiguous move, a decoding that had to stop), reported with its line, column, move
number, side and position."""

Handler = Callable[[argparse.Namespace], int]

# The module that registers each command, in the order `partiar --help` lists them. A command line that names
# its command imports that module alone, so converting text never loads the rules or the scanning side.
COMMANDS = {
    "convert": "convert",
    "locales": "convert",
    "check": "rules",
    "claim": "rules",
    "scan": "scan",
    "review": "review",
    "batch": "batch",
}


def _modules(argv: Sequence[str]) -> list[str]:
    """The command modules to register: the named command's, or all of them (help, a mistyped command)."""
    first = next((arg for arg in argv if not arg.startswith("-")), None)
    if first in COMMANDS:
        return [COMMANDS[first]]
    if first is None and "--version" in argv:
        return []
    return list(dict.fromkeys(COMMANDS.values()))


def build_parser(argv: Sequence[str] = ()) -> argparse.ArgumentParser:
    """The `partiar` parser with every command, or only the command the arguments `argv` name."""
    parser = argparse.ArgumentParser(
        prog="partiar",
        description="Chess games written by people, made checkable.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"partiar {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in _modules(argv):
        importlib.import_module(f"{__package__}.{name}").add_commands(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else argv
    args = build_parser(arguments).parse_args(arguments)
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
