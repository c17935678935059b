"""Games in = games out in every command that reads many games: a file mixing a forfeit, an unclosed
variation, an unclosed comment, games glued on one line, a game with an illegal move, a comment before the
first move and sound games gives the same eight games in every mode, and the damage is told on stderr."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from partiar.notation import open_lines, read_games
from partiar.notation.errors import ExitStatus

from partiar.cli.main import main

MIXED = Path(__file__).resolve().parent.parent / "data" / "damaged" / "mixed.pgn"
GAMES = 8


@pytest.mark.parametrize(
    ("command", "status"),
    [
        (["convert", "--to", "json"], ExitStatus.NOTATION),
        (["convert", "--lenient", "--to", "json"], ExitStatus.FLAGGED),
        (["check", "--json"], ExitStatus.OK),
    ],
)
def test_every_game_comes_out_as_json(
    capsys: pytest.CaptureFixture[str], command: list[str], status: ExitStatus
) -> None:
    assert main([command[0], str(MIXED), "--from", "en", *command[1:]]) == status
    captured = capsys.readouterr()
    assert len(json.loads(captured.out)["games"]) == GAMES
    assert "game 2 (line 8)" in captured.err  # the unclosed variation is told, with where


@pytest.mark.parametrize("target", ["en", "sk"])
def test_every_game_comes_out_as_text_and_reads_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], target: str
) -> None:
    out = tmp_path / "out.txt"
    status = main(
        ["convert", str(MIXED), "--from", "en", "--to", "pgn" if target == "en" else target, "-o", str(out)]
    )
    err = capsys.readouterr().err
    assert status == ExitStatus.NOTATION  # the game with an illegal move is stopped and says so
    assert "game 6 (line 23)" in err and "Ke3" in err
    assert len(list(read_games(open_lines(str(out)), target))) == GAMES


def test_check_tells_the_damage_on_stderr_and_audits_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(MIXED), "--from", "en"]) == ExitStatus.OK
    captured = capsys.readouterr()
    assert captured.out.count("FIDE Laws of Chess 2023") == GAMES
    assert "bracket not closed" in captured.err and "comment not closed" in captured.err
    assert "illegal move: 'Ke3'" in captured.out  # the irregularity is the report's, not a warning


def test_lenient_keeps_every_game_of_a_damaged_bulletin(capsys: pytest.CaptureFixture[str]) -> None:
    bulletin = MIXED.with_name("mixed-sk.txt")
    main(["convert", str(bulletin), "--from", "sk", "--lenient", "--to", "json"])
    assert len(json.loads(capsys.readouterr().out)["games"]) == GAMES


def test_lenient_tells_a_bad_game_at_its_own_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "three.txt"
    source.write_text("1. e4 e5 1-0\n1. d4 d5 1-0\n1. e4 Qz9 @@ 1-0\n", encoding="utf-8")
    assert main(["convert", str(source), "--from", "en", "--lenient"]) == ExitStatus.NOTATION
    told = [line for line in capsys.readouterr().err.splitlines() if "stopped" in line]
    assert len(told) == 1 and told[0].startswith("partiar: game 3 (line 3): stopped: ")  # once, at its line
