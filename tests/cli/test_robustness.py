"""Every command fed random bytes and damaged real games: no traceback, a documented exit status, and JSON
on standard output that is valid whenever JSON was asked for."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest
from conftest import EXAMPLES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from partiar.notation.errors import ExitStatus

from partiar.cli.main import main

REAL = [
    (EXAMPLES / "sk-2018-sample.txt").read_bytes(),
    (EXAMPLES / "cz-2009-sample.txt").read_bytes(),
    (EXAMPLES / "claims" / "marshall-capablanca-1909-sk.txt").read_bytes(),
]

COMMANDS = {
    "convert": ["convert", "{file}", "--from", "sk"],
    "convert-json": ["convert", "{file}", "--from", "sk", "--to", "json"],
    "convert-cs": ["convert", "{file}", "--from", "cs", "--to", "sr", "--style", "long"],
    "check-json": ["check", "{file}", "--from", "sk", "--json"],
    "check": ["check", "{file}", "--from", "cs", "--lang", "sk"],
    "claim-json": ["claim", "{file}", "--from", "sk", "--kind", "threefold", "--json"],
    "claim": ["claim", "{file}", "--from", "sk", "--kind", "fifty", "--written", "Jf3"],
    "scan-json": ["scan", "{file}", "--locale", "sk", "--json"],
}


@st.composite
def damaged(draw: st.DrawFn) -> bytes:
    """A real game with a few bytes cut, replaced or inserted."""
    text = bytearray(draw(st.sampled_from(REAL)))
    for _ in range(draw(st.integers(1, 8))):
        at = draw(st.integers(0, len(text)))
        action = draw(st.sampled_from(("cut", "replace", "insert")))
        chunk = draw(st.binary(min_size=1, max_size=4))
        if action == "cut":
            del text[at : at + len(chunk)]
        elif action == "replace":
            text[at : at + len(chunk)] = chunk
        else:
            text[at:at] = chunk
    return bytes(text)


inputs = st.one_of(st.binary(max_size=600), damaged())


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as stop:  # argparse's own usage errors
            status = int(stop.code or 0)
    return status, out.getvalue(), err.getvalue()


def check_command(argv: list[str], data: bytes, tmp_path: Path) -> None:
    source = tmp_path / "input.bin"
    source.write_bytes(data)
    status, out, err = run([part.replace("{file}", str(source)) for part in argv])
    assert status in set(ExitStatus), (status, err)
    assert "Traceback" not in err
    assert all(line.startswith("partiar: ") for line in err.splitlines()), err
    if ("json" in argv or "--json" in argv) and out:
        json.loads(out)


@pytest.mark.parametrize("command", sorted(COMMANDS))
@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=inputs)
def test_any_input_gives_a_documented_status_and_valid_json(
    command: str, data: bytes, tmp_path: Path
) -> None:
    check_command(COMMANDS[command], data, tmp_path)


@pytest.mark.slow
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=inputs)
def test_lenient_decoding_of_any_input_gives_a_documented_status_and_valid_json(
    data: bytes, tmp_path: Path
) -> None:
    check_command(["convert", "{file}", "--from", "sk", "--lenient", "--to", "json"], data, tmp_path)
