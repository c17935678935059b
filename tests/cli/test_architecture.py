"""The architecture's promises that a user can see: the notation commands start without the scanning side,
unknown names are usage errors, and the package's API is documented."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import EXAMPLES
from partiar.notation.errors import ExitStatus

from partiar.cli.main import main

SCANNING_MODULES = (
    "numpy",
    "pdfplumber",
    "PIL",
    "onnxruntime",
    "pytesseract",
    "partiar.ocr",
    "dask",
    "distributed",
    "rich",
)


@pytest.mark.parametrize(
    "argv",
    [
        ["locales"],
        ["convert", str(EXAMPLES / "sk-2018-sample.txt"), "--from", "sk"],
        ["convert", str(EXAMPLES / "sk-2018-sample.txt"), "--from", "sk", "--workers", "1"],
        ["convert", str(EXAMPLES / "sk-2018-sample.txt"), "--from", "sk", "--lenient", "--to", "json"],
        ["check", str(EXAMPLES / "claims" / "marshall-capablanca-1909-sk.txt"), "--from", "sk"],
    ],
)
def test_notation_commands_never_import_the_scanning_side(argv: list[str]) -> None:
    status, loaded = loaded_by(argv, SCANNING_MODULES)
    assert status in set(ExitStatus) and loaded == []


def test_plain_conversion_loads_neither_the_rules_nor_the_decoder() -> None:
    """Converting clean text is start-up bound on small files: it imports only the reader and writers."""
    argv = ["convert", str(EXAMPLES / "sk-2018-sample.txt"), "--from", "sk"]
    modules = ("partiar.notation.rules.claims", "partiar.notation.decode.beam", "partiar.cli.rules")
    assert loaded_by(argv, modules) == [ExitStatus.OK, []]


def loaded_by(argv: list[str], modules: tuple[str, ...]) -> list[object]:
    """The exit status of `partiar ARGV` in a fresh interpreter, and which of `modules` it imported."""
    probe = (
        "import json, sys\n"
        "from partiar.cli.main import main\n"
        f"status = main({argv!r})\n"
        f"sys.stderr.write(json.dumps([status, [m for m in {modules!r} if m in sys.modules]]))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=False, stdin=subprocess.DEVNULL
    )
    loaded: list[object] = json.loads(result.stderr.strip().splitlines()[-1])
    return loaded


@pytest.mark.parametrize(
    "option",
    [["--form", "nope"], ["--engine", "nope"], ["--locale", "klingon"]],
)
def test_unknown_names_in_scan_are_usage_errors(
    option: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = str(EXAMPLES / "scoresheets" / "kasparov-deep-blue-1997-typed.png")
    argv = ["scan", sheet, "--locale", "en"]
    argv[-2:] = [] if option[0] == "--locale" else argv[-2:]
    status = main([*argv, *option])
    err = capsys.readouterr().err
    assert status == ExitStatus.USAGE
    assert err.startswith("partiar: error: unknown") and err.count("\n") == 1


def test_version_is_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    import partiar

    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0 and capsys.readouterr().out.strip() == f"partiar {partiar.__version__}"


def test_the_package_api_is_documented_and_its_examples_hold() -> None:
    import doctest
    import pydoc

    import partiar

    assert doctest.testmod(partiar).failed == 0
    page = pydoc.render_doc(partiar)
    for name in ("read", "write", "convert", "check", "claim", "scan"):
        function = getattr(partiar, name)
        assert f"{name}(" in page and function.__doc__ and function.__annotations__


def test_every_option_of_every_command_has_help_and_shows_its_default() -> None:
    import argparse

    from partiar.cli.main import build_parser

    commands = build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    missing = []
    for name, command in commands.items():
        for action in command._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            shown = action.default in (None, False, argparse.SUPPRESS) or "default" in (action.help or "")
            if not action.help or (action.option_strings and not shown):
                missing.append(f"{name} {'/'.join(action.option_strings) or action.dest}")
    assert missing == []
