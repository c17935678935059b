"""The `partiar` command line: the convert and locales contract, errors, exit statuses, safe output."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import EXAMPLES
from partiar.notation import parse_games
from partiar.notation.errors import ExitStatus

from partiar.cli.main import main


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(args)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_convert_slovak_sample_to_pgn(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["convert", str(EXAMPLES / "sk-2018-sample.txt"), "--from", "sk"], capsys)
    assert status == ExitStatus.OK and err == ""
    assert out.count('[Event "?"]') == 3
    assert "11. Kb1 {(=)} *" in out


def test_convert_to_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        ["convert", str(EXAMPLES / "sk-2018-sample.txt"), "--from", "slovak", "--to", "json"], capsys
    )
    data = json.loads(out)
    assert status == ExitStatus.OK and data["schema"] == 1 and len(data["games"]) == 3
    game = data["games"][0]
    assert set(game) >= {"headers", "result", "moves", "errors"} and game["errors"] == []
    assert game["moves"][0] == {
        "ply": 1,
        "number": 1,
        "side": "white",
        "san": "e4",
        "uci": "e2e4",
        "text": "e4",
        "draw_offer": False,
        "warnings": [],
    }
    assert game["moves"][10]["text"] == "e×d6" and game["moves"][10]["san"] == "exd6"
    assert game["moves"][20]["draw_offer"] is True


def test_convert_to_another_locale_long_form(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["convert", str(EXAMPLES / "sk-2018-sample.txt"), "--from", "sk", "--to", "sr", "--style", "long"]
    status, out, _ = run([*args, "--capture", "x", "--ep"], capsys)
    assert status == ExitStatus.OK
    assert out.splitlines()[0].startswith("1. e2e4 e7e5 2. Sg1f3 Sg8f6 3. d2d4 e5xd4")
    assert "6. e5xd6 e.p. Se4xd6" in out and "11. Kc1b1 (=)" in out


def test_convert_to_the_long_form_with_a_dash_reads_back(capsys: pytest.CaptureFixture[str]) -> None:
    sample = EXAMPLES / "sk-2018-sample.txt"
    status, out, _ = run(
        ["convert", str(sample), "--from", "sk", "--to", "de", "--style", "long-dash"], capsys
    )
    assert status == ExitStatus.OK
    assert out.startswith("1. e2-e4 e7-e5 2. Sg1-f3 Sg8-f6 3. d2-d4 e5xd4 4. e4-e5 Sf6-e4 5. Dd1xd4")
    original = parse_games(sample.read_text(encoding="utf-8"), "sk")
    assert [[ply.move for ply in game.plies] for game in parse_games(out, "de")] == [
        [ply.move for ply in game.plies] for game in original
    ]
    args = ["convert", str(sample), "--from", "sk", "--to", "ru", "--style", "long-dash", "--capture", ":"]
    assert "3. d2-d4 e5:d4" in run(args, capsys)[1]
    with pytest.raises(SystemExit):
        main(["convert", "--help"])
    assert "long-dash" in capsys.readouterr().out


def test_convert_names_candidates_in_the_letters_of_the_locale(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = tmp_path / "game.txt"
    source.write_text("1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Jd5\n", encoding="utf-8")
    status, out, err = run(["convert", str(source), "--from", "sk"], capsys)
    assert status == ExitStatus.NOTATION
    assert "candidates: Ja3, Jc3, Jd4, Jg1, Jg5, Jh4, J×e5;" in err and "Nxe5" not in err + out


def test_a_megabyte_token_is_echoed_cut_short(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = tmp_path / "huge.txt"
    source.write_text(f'[Event "{"x" * 1_000_000}"\n1. e4 e5\n', encoding="utf-8")
    status, out, err = run(["convert", str(source), "--from", "sk"], capsys)
    assert status == ExitStatus.NOTATION and "not a PGN tag: '[Event \"xxx" in err and "x…'" in err
    assert len(err) < 200 and len(out) < 1000
    out = run(["check", str(source), "--from", "sk"], capsys)[1]
    assert "x…'" in out and len(out) < 1000


def test_result_tag_contradicted_after_the_moves_is_a_warning(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = tmp_path / "tagged.pgn"
    source.write_text(
        '[Result "0-1"]\n\n1. e4 e5 2. Nf3 1-0\n\n[Result "0-1"]\n\n1. d4 d5\n', encoding="utf-8"
    )
    status, out, err = run(["convert", str(source), "--from", "en", "--to", "json"], capsys)
    first, second = json.loads(out)["games"]
    warning = "line 1: the Result tag says 0-1 but the moves end with 1-0; 1-0 kept"
    assert status == ExitStatus.OK and first["result"] == "1-0" and first["warnings"] == [warning]
    assert second["result"] == "0-1" and "warnings" not in second
    assert err == f"partiar: game 1 (line 1): {warning}\n"


def test_convert_reads_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO("1. e4 e5 2. Jf3 1-0\n".encode("cp1250"))))
    status, out, _ = run(["convert", "-", "--from", "cs"], capsys)
    assert status == ExitStatus.OK and "1. e4 e5 2. Nf3 1-0" in out


def test_locales_lists_every_language(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["locales"], capsys)
    assert status == ExitStatus.OK
    assert any(line.startswith("sk ") and "K D V S J" in line for line in out.splitlines())
    assert any(line.startswith("ru ") and "Кр Ф Л С К" in line for line in out.splitlines())
    assert len(out.splitlines()) >= 27


def test_unknown_locale_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["convert", str(EXAMPLES / "sk-2018-sample.txt"), "--from", "xx"], capsys)
    assert status == ExitStatus.USAGE and out == ""
    assert (
        err.startswith("partiar: error: unknown locale 'xx'; known locales: en, sk") and err.count("\n") == 1
    )


def test_missing_file_is_an_input_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(["convert", str(tmp_path / "none.txt"), "--from", "sk"], capsys)
    assert status == ExitStatus.INPUT and "none.txt: cannot open" in err and err.count("\n") == 1


def test_a_bad_game_is_reported_and_every_game_is_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = tmp_path / "bad.txt"
    source.write_text("1. e4 e5 1-0\n\n1. e4 e5 2. Jf4 1-0\n\n1. d4 d5 0-1\n", encoding="utf-8")
    target = tmp_path / "out.pgn"
    target.write_text("precious\n", encoding="utf-8")
    status, _, err = run(["convert", str(source), "--from", "sk", "-o", str(target)], capsys)
    assert status == ExitStatus.NOTATION
    assert err.startswith(
        "partiar: game 2 (line 3): illegal move: move 2. 'Jf4' (white) at line 3, column 13"
    )
    assert err.count("\n") == 1
    written = parse_games(target.read_text(encoding="utf-8"), "en")
    assert [len(game.plies) for game in written] == [2, 2, 2]
    assert "cannot be read on from here: illegal move" in written[1].plies[-1].comment
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.txt", "out.pgn"]


def test_an_input_error_leaves_existing_output_untouched_and_json_valid(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = tmp_path / "bad.txt"
    source.write_bytes(b"1. e4 e5 1-0\n\n" * 5000 + b"1. d4 \x98 1-0\n" + "{čšť}".encode("cp1250"))
    target = tmp_path / "out.pgn"
    target.write_text("precious\n", encoding="utf-8")
    assert run(["convert", str(source), "--from", "sk", "-o", str(target)], capsys)[0] == ExitStatus.INPUT
    assert target.read_text(encoding="utf-8") == "precious\n"
    status, out, err = run(["convert", str(source), "--from", "sk", "--to", "json"], capsys)
    document = json.loads(out)
    assert status == ExitStatus.INPUT and "line 10001 is not valid cp1250" in document["error"]
    assert err.strip().endswith(document["error"])


def test_an_empty_input_is_an_input_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("\n", encoding="utf-8")
    for command in (["convert"], ["check"], ["claim", "--kind", "threefold"]):
        status, _, err = run([*command, str(empty), "--from", "sk"], capsys)
        assert status == ExitStatus.INPUT and err == f"partiar: error: {empty}: no game found\n"


def test_output_file_is_written_on_success(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "out.pgn"
    target.write_text("old\n", encoding="utf-8")
    status, out, _ = run(
        ["convert", str(EXAMPLES / "cz-2009-sample.txt"), "--from", "cs", "-o", str(target)], capsys
    )
    assert status == ExitStatus.OK and out == ""
    assert "17. a5 *" in target.read_text(encoding="utf-8")


def test_the_installed_command_fails_without_a_traceback(tmp_path: Path) -> None:
    source = tmp_path / "bad.txt"
    source.write_bytes(b"1. e4 e5 2. Jf3 \xff\xfe {")
    result = subprocess.run(
        [sys.executable, "-m", "partiar.cli.main", "convert", str(source), "--from", "sk"],
        capture_output=True,
        text=True,
        check=False,
    )
    # An unclosed comment is a warning naming where; the moves before it are kept.
    assert result.returncode == 0
    assert "Traceback" not in result.stderr
    assert "comment not closed" in result.stderr
    assert "1. e4 e5 2. Nf3" in result.stdout


def test_output_that_cannot_be_written_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sample = str(EXAMPLES / "sk-2018-sample.txt")
    assert main(["convert", sample, "--from", "sk", "-o", str(tmp_path)]) == ExitStatus.INPUT
    assert main(["convert", sample, "--from", "sk", "-o", ""]) == ExitStatus.USAGE
    assert main(["convert", sample, "--from", "sk", "-o", "/dev/full"]) == ExitStatus.INPUT
    err = capsys.readouterr().err.splitlines()
    assert err == [
        f"partiar: error: {tmp_path}: cannot write: is a directory",
        "partiar: error: -o needs a file name",
        "partiar: error: /dev/full: cannot write: No space left on device",
    ]


def test_output_never_replaces_its_own_input(tmp_path: Path) -> None:
    game = tmp_path / "game.txt"
    game.write_text("1. e4 e5 1-0\n", encoding="utf-8")
    assert main(["convert", str(game), "--from", "sk", "-o", str(game)]) == ExitStatus.USAGE
    assert game.read_text(encoding="utf-8") == "1. e4 e5 1-0\n"


def test_output_keeps_the_mode_of_the_file_it_replaces_and_writes_devices_through(tmp_path: Path) -> None:
    sample = str(EXAMPLES / "sk-2018-sample.txt")
    kept = tmp_path / "kept.pgn"
    kept.write_text("old", encoding="utf-8")
    kept.chmod(0o640)
    assert main(["convert", sample, "--from", "sk", "-o", str(kept)]) == ExitStatus.OK
    assert kept.stat().st_mode & 0o777 == 0o640 and kept.read_text(encoding="utf-8").startswith("[Event")
    fresh = tmp_path / "fresh.pgn"
    umask = os.umask(0o022)
    try:
        assert main(["convert", sample, "--from", "sk", "-o", str(fresh)]) == ExitStatus.OK
    finally:
        os.umask(umask)
    assert fresh.stat().st_mode & 0o777 == 0o644
    assert main(["convert", sample, "--from", "sk", "-o", "/dev/null"]) == ExitStatus.OK
    assert Path("/dev/null").is_char_device()


def test_a_bad_capture_mark_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(
            [
                "convert",
                str(EXAMPLES / "sk-2018-sample.txt"),
                "--from",
                "sk",
                "--to",
                "cs",
                "--capture",
                "foo",
            ]
        )
    assert stop.value.code == ExitStatus.USAGE and "'foo' is not a capture mark" in capsys.readouterr().err


@pytest.mark.parametrize("option", [["--style", "long"], ["--figurines"], ["--ep"], ["--capture", "x"]])
def test_locale_text_options_are_refused_with_pgn(
    option: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["convert", str(EXAMPLES / "sk-2018-sample.txt"), "--from", "sk", *option])
    err = capsys.readouterr().err
    assert status == ExitStatus.USAGE and "only for locale text (--to LOCALE), not --to pgn" in err


@pytest.mark.parametrize("clock", ["99:99", "-5", "1:-3", "abc", "1:2:3"])
def test_a_clock_reading_that_is_no_time_is_a_usage_error(
    clock: str, capsys: pytest.CaptureFixture[str]
) -> None:
    game = str(EXAMPLES / "claims" / "marshall-capablanca-1909-sk.txt")
    with pytest.raises(SystemExit) as stop:
        main(
            [
                "claim",
                game,
                "--from",
                "sk",
                "--kind",
                "threefold",
                "--edition",
                "2005",
                "--claimant-time",
                clock,
            ]
        )
    assert stop.value.code == ExitStatus.USAGE and f"not a time: {clock!r}" in capsys.readouterr().err


def test_check_refuses_a_language_for_json(capsys: pytest.CaptureFixture[str]) -> None:
    game = str(EXAMPLES / "claims" / "marshall-capablanca-1909-sk.txt")
    status, out, err = run(["check", game, "--from", "sk", "--json", "--lang", "sk"], capsys)
    assert status == ExitStatus.USAGE and out == "" and "--lang" in err
