"""The `partiar` command line: the convert and locales contract, errors, exit statuses, safe output."""

from __future__ import annotations

import contextlib
import json
import os
import re
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


# ---- output and input failures, reading warnings, wide encodings, draw offers, options that do not apply ----

SAMPLE = str(EXAMPLES / "sk-2018-sample.txt")
ONE_GAME = str(EXAMPLES / "claims" / "marshall-capablanca-1909-sk.txt")


def _command(*args: str) -> list[str]:
    return [sys.executable, "-m", "partiar.cli.main", *args]


@pytest.mark.parametrize(
    "argv",
    [
        ["convert", SAMPLE, "--from", "sk"],
        ["convert", SAMPLE, "--from", "sk", "--to", "json"],
        ["check", ONE_GAME, "--from", "sk", "--json"],
        ["claim", ONE_GAME, "--from", "sk", "--kind", "threefold"],
    ],
)
def test_a_full_standard_output_is_an_output_error_without_a_traceback(argv: list[str]) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    with open("/dev/full", "w", encoding="utf-8") as full:
        result = subprocess.run(_command(*argv), stdout=full, stderr=subprocess.PIPE, text=True, check=False)
    assert result.returncode == ExitStatus.INPUT
    assert result.stderr == "partiar: error: standard output: No space left on device\n"


def test_output_on_a_full_file_system_is_an_output_error_and_the_old_file_stays(tmp_path: Path) -> None:
    resource = pytest.importorskip("resource")
    target = tmp_path / "out.pgn"
    target.write_text("precious\n", encoding="utf-8")

    def small_files_only() -> None:  # the file system is "full" after 256 bytes
        resource.setrlimit(resource.RLIMIT_FSIZE, (256, 256))

    for argv in (["convert", SAMPLE, "--from", "sk"], ["check", SAMPLE, "--from", "sk", "--json"]):
        result = subprocess.run(
            _command(*argv, "-o", str(target)),
            capture_output=True,
            text=True,
            check=False,
            preexec_fn=small_files_only,
        )
        assert result.returncode == ExitStatus.INPUT and "Traceback" not in result.stderr
        assert result.stderr == f"partiar: error: {target}: cannot write: File too large\n"
        assert target.read_text(encoding="utf-8") == "precious\n"
        assert sorted(p.name for p in tmp_path.iterdir()) == ["out.pgn"]  # no temporary file left


@pytest.mark.parametrize(
    "command",
    [
        ["convert"],
        ["convert", "--to", "json"],
        ["convert", "--lenient"],
        ["check"],
        ["check", "--json"],
        ["claim", "--kind", "fifty"],
    ],
)
def test_an_input_that_cannot_be_read_is_an_input_error_naming_it(
    command: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    unreadable = [(str(tmp_path), "cannot open: Is a directory")]
    if Path("/proc/self/mem").exists():
        unreadable.append(("/proc/self/mem", "cannot read: Input/output error"))
    for path, reason in unreadable:
        status, out, err = run([command[0], path, "--from", "sk", *command[1:]], capsys)
        assert status == ExitStatus.INPUT and err == f"partiar: error: {path}: {reason}\n"
        if "json" in command or "--json" in command:
            assert json.loads(out)["error"] == f"{path}: {reason}"
        else:
            assert out == ""


def test_output_to_a_named_pipe_is_written_through(tmp_path: Path) -> None:
    import stat
    import threading

    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    received: list[str] = []
    reader = threading.Thread(target=lambda: received.append(pipe.read_text(encoding="utf-8")), daemon=True)
    reader.start()
    try:
        status = main(["convert", SAMPLE, "--from", "sk", "-o", str(pipe)])
    finally:
        if reader.is_alive():  # nothing opened the pipe: let the reader go
            with contextlib.suppress(OSError):
                os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))
        reader.join(timeout=10)
    assert status == ExitStatus.OK and received and received[0].count('[Event "?"]') == 3
    assert stat.S_ISFIFO(pipe.stat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


@pytest.mark.parametrize(
    "command",
    [
        ["convert", "--from", "sk"],
        ["check", "--from", "sk"],
        ["claim", "--from", "sk", "--kind", "threefold"],
    ],
)
@pytest.mark.parametrize("link", ["itself", "symlink", "hard link"])
def test_no_command_writes_over_its_own_input(
    command: list[str], link: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = tmp_path / "game.txt"
    text = Path(ONE_GAME).read_bytes()
    source.write_bytes(text)
    target = source
    if link == "symlink":
        target = tmp_path / "link.txt"
        target.symlink_to(source)
    elif link == "hard link":
        target = tmp_path / "hard.txt"
        os.link(source, target)
    status, out, err = run([command[0], str(source), *command[1:], "-o", str(target)], capsys)
    assert status == ExitStatus.USAGE and out == ""
    assert err == f"partiar: error: {target}: is also an input; write the output to another file\n"
    assert source.read_bytes() == text


@pytest.mark.parametrize(
    "command",
    [["convert"], ["convert", "--to", "json"], ["convert", "--to", "cs"], ["check"], ["check", "--json"]],
)
def test_every_reading_warning_reaches_stderr_with_its_game_move_and_line(
    command: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = tmp_path / "warned.txt"
    source.write_text(
        "1. e4 e5 1-0\n\n1. e4 e5 3. Jf3 Jc6 (2... Jf3) 1-0\n\nHorváth – Tóth\n+:-\n", encoding="utf-8"
    )
    status, out, err = run([command[0], str(source), "--from", "sk", *command[1:]], capsys)
    lines = err.splitlines()
    assert status == ExitStatus.OK and len(lines) == 3
    # A variation that cannot be read, kept as a comment
    assert lines[0].startswith("partiar: game 2 (line 3): line 3, column 21: variation 2...Jc6 (variation 1)")
    assert lines[0].endswith("; kept as a comment")
    # A move number that does not fit (it reached JSON only)
    assert lines[1] == (
        "partiar: game 2 (line 3): line 3: 2. Jf3: move number '3.' written where 2. was expected"
    )
    # A printed forfeit read as a result
    assert lines[2] == "partiar: game 3 (line 6): forfeit result '+--'"
    if command[1:] == ["--to", "json"]:
        games = json.loads(out)["games"]
        assert games[1]["warnings"][0].endswith("kept as a comment")
        assert games[1]["moves"][2]["warnings"] == ["move number '3.' written where 2. was expected"]
        assert games[2]["warnings"] == ["forfeit result '+--'"] and games[2]["result"] == "1-0"


def test_an_unclosed_variation_is_told_and_the_rest_of_the_game_is_kept(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # The rest of the record after an unclosed bracket is kept, and both commands say so; the moves after the
    # bracket are in doubt, so `convert` exits with the status of moves flagged for review.
    source = tmp_path / "unclosed.txt"
    source.write_text("1. e4 e5 (1... c5 2. Jf3 2. Jf3 Jc6 3. Sb5 a6 1-0\n", encoding="utf-8")
    told = "partiar: game 1 (line 1): line 1, column 10: bracket not closed; closed at the result"
    status, out, err = run(["convert", str(source), "--from", "sk"], capsys)
    assert status == ExitStatus.FLAGGED and told in err.splitlines()
    assert "1. e4 e5 {1... c5 2. Jf3 2. Jf3 Jc6 3. Sb5 a6} 1-0" in out
    status, _, err = run(["check", str(source), "--from", "sk"], capsys)
    assert status == ExitStatus.OK and told in err.splitlines()


def test_a_move_read_other_than_written_is_for_review_in_the_exit_status(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # `4. e4, ed:` for cd: (no e-pawn can take on the d-file) is read as the one slip after which the game
    # plays on, with a warning; the game is written, and the exit status says that a move needs review.
    source = tmp_path / "misprint.txt"
    text = "1. d4, Hf6 2. Hf3, c5 3. Fg5, e6 4. e4, ed: 5. Hd4:, Hc6 6. Hc6:, bc: 7. Fd3, Vb6\n"
    source.write_text(text, encoding="utf-8")
    status, out, err = run(["convert", str(source), "--from", "hu"], capsys)
    assert status == ExitStatus.FLAGGED
    assert "4. e4 cxd4 5. Nxd4 Nc6 6. Nxc6 bxc6 7. Bd3 Qb6" in " ".join(out.split())
    assert "4... ed: cannot be played; read as cxd4" in err
    # As written, the same game is read with nothing to review.
    source.write_text(text.replace("ed:", "cd:"), encoding="utf-8")
    status, _, err = run(["convert", str(source), "--from", "hu"], capsys)
    assert status == ExitStatus.OK and err == ""
    # So is a game whose moves stop where the comment after them numbers later moves: it may go on there.
    source.write_text(
        "1. d4 d5 2. c4 c6\nTekst.\n6. Sf3, Sf6, 7. Sc3, e6, 8. g3, dc, 9. Lg2, Sbd7, 10. 0-0, b5 1-0\n",
        encoding="utf-8",
    )
    status, _, err = run(["convert", str(source), "--from", "sr"], capsys)
    assert status == ExitStatus.FLAGGED and "the game may go on there" in err


@pytest.mark.parametrize("encoding", ["utf-16", "utf-32", "utf-16-le", "utf-16-be"])
def test_wide_encoded_files_are_read_with_or_without_a_byte_order_mark(
    encoding: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = tmp_path / "wide.txt"
    source.write_bytes('[Event "Žilina"]\n\n1. e4 e5 2. Jf3 {ťah} Jc6 1-0\n'.encode(encoding))
    status, out, err = run(["convert", str(source), "--from", "sk"], capsys)
    assert status == ExitStatus.OK and err == ""
    assert '[Event "Žilina"]' in out and "1. e4 e5 2. Nf3 {ťah} 2... Nc6 1-0" in out


def test_a_draw_offer_written_to_pgn_reads_back_as_a_draw_offer(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pgn = tmp_path / "offers.pgn"
    assert main(["convert", SAMPLE, "--from", "sk", "-o", str(pgn)]) == ExitStatus.OK
    status, out, _ = run(["convert", str(pgn), "--from", "en", "--to", "json"], capsys)
    games = json.loads(out)["games"]
    assert status == ExitStatus.OK and len(games) == 3
    assert all([m["ply"] for m in game["moves"] if m["draw_offer"]] == [21] for game in games)
    status, out, _ = run(["convert", str(pgn), "--from", "en", "--to", "sk"], capsys)
    assert status == ExitStatus.OK and out.count("11. Kb1 (=)") == 3


@pytest.mark.parametrize(
    "option",
    [
        ["--style", "long"],
        ["--style", "long-dash"],
        ["--figurines"],
        ["--ep"],
        ["--capture", "x"],
        ["--no-checks"],
    ],
)
def test_locale_text_options_are_refused_with_json(
    option: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["convert", SAMPLE, "--from", "sk", "--to", "json", *option], capsys)
    named = " ".join(option) if option[0] == "--style" else option[0]
    assert status == ExitStatus.USAGE and out == ""
    assert err == f"partiar: error: {named}: only for locale text (--to LOCALE), not --to json\n"


@pytest.mark.parametrize("text", ["1. e4 e5 1-0 1. d4 d5 0-1\n", "1. e4 e5 1-0\n1. d4 d5 0-1\n"])
def test_lenient_keeps_games_that_share_a_line_or_follow_without_a_blank_line(
    text: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = tmp_path / "two.txt"
    source.write_text(text, encoding="utf-8")
    status, out, _ = run(["convert", str(source), "--from", "en", "--lenient", "--to", "json"], capsys)
    games = json.loads(out)["games"]
    assert status == ExitStatus.OK
    assert [([m["san"] for m in game["moves"]], game["result"]) for game in games] == [
        (["e4", "e5"], "1-0"),
        (["d4", "d5"], "0-1"),
    ]


# ---- claims and checks tell what the reading warned of; forfeits; options the edition does not use ----

UNCLOSED = "1. e4 e5 (1... c5 2. Jf3 2. Jf3 Jc6 3. Sb5 a6 1-0\n"


def test_claim_tells_the_reading_warnings_on_stderr(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # The claim is decided on 1. e4 e5 alone: the rest of the record is in an unclosed bracket.
    source = tmp_path / "unclosed.txt"
    source.write_text(UNCLOSED, encoding="utf-8")
    status, _, err = run(["claim", str(source), "--from", "sk", "--kind", "fifty"], capsys)
    assert status == ExitStatus.OK and "bracket not closed" in err


def test_claim_json_on_an_error_is_an_error_object(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = tmp_path / "none.txt"
    status, out, err = run(["claim", str(missing), "--from", "sk", "--kind", "fifty", "--json"], capsys)
    assert status == ExitStatus.INPUT and err.strip().endswith(json.loads(out)["error"])


def test_check_json_carries_the_reading_warnings(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = tmp_path / "unclosed.txt"
    source.write_text(UNCLOSED, encoding="utf-8")
    status, out, _ = run(["check", str(source), "--from", "sk", "--json"], capsys)
    assert status == ExitStatus.OK and "bracket not closed" in json.dumps(json.loads(out)["games"][0])


def test_a_forfeit_written_plus_slash_minus_is_a_game_of_its_own(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = tmp_path / "bulletin.txt"
    source.write_text(
        "Novák – Kováč\n1. e4 e5 1-0\n\nHorváth – Tóth\n+/-\n\nVarga – Baláž\n1. d4 d5 0-1\n",
        encoding="utf-8",
    )
    status, out, _ = run(["convert", str(source), "--from", "sk", "--to", "json"], capsys)
    games = json.loads(out)["games"]
    assert status == ExitStatus.OK and len(games) == 3
    assert games[2]["headers"] == {"White": "Varga", "Black": "Baláž"}


def test_a_claimant_time_that_the_edition_does_not_use_is_not_ignored_silently(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = run(
        ["claim", ONE_GAME, "--from", "sk", "--kind", "threefold", "--claimant-time", "1:00"], capsys
    )
    assert status != ExitStatus.OK or "--claimant-time" in err


def test_every_locale_alias_is_documented(capsys: pytest.CaptureFixture[str]) -> None:
    from conftest import ROOT
    from partiar.notation.locales import LOCALES

    listing = (run(["locales"], capsys)[1] + (ROOT / "README.md").read_text(encoding="utf-8")).lower()
    missing = [
        alias
        for locale in LOCALES
        for alias in locale.aliases
        if not re.search(rf"(?<![\w-]){re.escape(alias.lower())}(?![\w-])", listing)
    ]
    assert missing == []  # "cz" in a file name such as cz-2009-sample.txt documents nothing


def test_a_text_whose_moves_begin_after_move_one_says_why_no_game_is_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Its first line lost at a page break: "4) dxe5 d5 5) Jbd2 …" from the start position is no game.
    source = tmp_path / "cut.txt"
    source.write_text(
        "Ma Qun – Abasov\n\n4) dxe5 d5 5) Jbd2 Sc7 6) Jxe4 dxe4 7) Dxd8+ Sxd8 Remis.\n", encoding="utf-8"
    )
    status, _, err = run(["convert", str(source), "--from", "cs"], capsys)
    assert status == ExitStatus.INPUT
    assert err == (
        f"partiar: error: {source}: no game found (its moves are numbered from 4: the moves before are not in the "
        "text, and no FEN gives the position; --lenient supplies them from the named openings, flagged, where one "
        "fits)\n"
    )


# A PDF's figurine font extracted as U+FFFD before every piece's square; and the same in two columns read across,
# prose between the lines of moves.
FIGURINES_REPLACED = [
    "1. \ufffdf3 c5 2. c 4 \ufffdc6 3. \ufffdc3 \ufffdf6",
    "4. g3 g6 5. \ufffdg2 \ufffdg7 6. d4 0-0",
]
FIGURINES_REPLACED_IN_COLUMNS = [
    "Hong,Andrew – Ivanchuk,V",
    FIGURINES_REPLACED[0],
    "Konflikt ve středu šachovnice",
    FIGURINES_REPLACED[1],
    "vyřešil bílý efektivní obětí.",
    "7. d5 \ufffda5 8. \ufffdd2 d6 9. 0-0 e5",
]


@pytest.mark.parametrize(
    ("lines", "lenient", "squares"),
    [(FIGURINES_REPLACED, ExitStatus.OK, 6), (FIGURINES_REPLACED_IN_COLUMNS, ExitStatus.FLAGGED, 8)],
)
def test_a_text_whose_figurines_were_lost_in_conversion_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lines: list[str], lenient: ExitStatus, squares: int
) -> None:
    # No move can be read, and the error says why. Before: "move 1 cannot be read" alone, or "numbered from 4"
    # (the first move a pawn's), the wrong reason.
    source = tmp_path / "lost.txt"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    told, _, err = run(["convert", str(source), "--from", "cs"], capsys)
    reason = (
        f"(the replacement character U+FFFD stands before {squares} squares: the pieces' figurines were lost when "
        "the text was converted; --lenient reads each such move as the piece that can go to its square, flagged "
        "where several kinds can)\n"
    )
    assert told == ExitStatus.NOTATION and err.endswith(reason)
    columns = lines is FIGURINES_REPLACED_IN_COLUMNS
    # --lenient reads them: each as the piece that can go to its square (`?c3` the knight: the queen cannot),
    # flagged where several kinds can (`8. ?d2`, the knight or the bishop: read as the bishop, the game's was
    # the knight). Before: no game found.
    told, out, err = run(["convert", str(source), "--from", "cs", "--lenient", "--to", "json"], capsys)
    moves = [(move["san"], move["flagged"]) for game in json.loads(out)["games"] for move in game["moves"]]
    played = [
        "Nf3",
        "c5",
        "c4",
        "Nc6",
        "Nc3",
        "Nf6",
        "g3",
        "g6",
        "Bg2",
        "Bg7",
        "d4",
        "O-O",
        "d5",
        "Na5",
        "Nd2",
        "d6",
        "O-O",
        "e5",
    ]
    # Where the board decides every move, none is flagged.
    assert told == lenient and "figurines were lost" in err
    assert len(moves) == (len(played) if columns else 12)
    assert all(san == truth or flagged for (san, flagged), truth in zip(moves, played, strict=False))
    assert ("Bd2", True) in moves or not columns
    assert sum(flagged for _, flagged in moves) <= len(moves) // 3


# Morphy's opera game as a figurine font's OCR reads it: its knights `ltJ`, bishops `i.`, rooks `l:t`, queens `'iV`.
OPERA_GAME_OCR = [
    "1.e4 e5 2.ltJf3 d6 3.d4 i.g4 4.dxe5 i.xf3 5.'iVxf3 dxe5 6.i.c4 ltJf6 7.'iVb3 'iVe7 8.ltJc3 c6",
    "9.i.g5 b5 10.ltJxb5 cxb5 11.i.xb5+ ltJbd7 12.0-0-0 l:td8 13.l:txd7 l:txd7 14.l:td1 'iVe6",
    "15.i.xd7+ ltJxd7 16.'iVb8+ ltJxb8 17.l:td8# 1-0",
]


def test_a_figurine_font_read_by_ocr_is_pointed_out_and_read_with_lenient(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # The strict reader stops after 1... e5; the hint names the runs and what reads them. Before: no hint.
    source = tmp_path / "opera.txt"
    source.write_text("\n".join(OPERA_GAME_OCR) + "\n", encoding="utf-8")
    status, _, err = run(["convert", str(source), "--from", "sk"], capsys)
    assert status == ExitStatus.FLAGGED
    assert err.endswith(
        f"partiar: {source}: runs of characters stand before squares where piece letters would ('ltJ', 'i.', "
        "\"'iV\", 'l:t'): a figurine font read by OCR? --lenient reads each run as the piece its moves make\n"
    )
    status, out, err = run(["convert", str(source), "--from", "sk", "--lenient"], capsys)
    assert status == ExitStatus.OK and "16. Qb8+ Nxb8 17. Rd8# 1-0" in out
    assert "'ltJ' as the knight, 'i.' as the bishop" in err
