"""`partiar convert --from auto`: each game read in the locale under which it goes furthest, and said."""

from __future__ import annotations

from pathlib import Path

import pytest
from partiar.notation.errors import ExitStatus

from partiar.cli.main import main

# One game each in Polish, Greek, Russian and Spanish letters, one file, blank lines between them.
TEXT = """\
1. e4 e5 2. Gc4 Sc6 3. Hh5 Sf6 4. Hxf7# 1-0

1. ζ3 ε5 2. η4 Βθ4# 0-1

1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 4. Сa4 Кf6 5. 0-0 Сe7 6. Лe1 b5 1/2-1/2

1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Axc6 dxc6 5. Cxe5 Dd4 1-0
"""


def test_each_game_is_read_in_its_own_locale(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mixed.txt"
    path.write_text(TEXT, encoding="utf-8")
    assert main(["convert", str(path), "--from", "auto"]) == ExitStatus.OK
    out, err = capsys.readouterr()
    assert "4. Qxf7# 1-0" in out and "2. g4 Qh4# 0-1" in out and "6. Re1 b5 1/2-1/2" in out
    assert "5. Nxe5 Qd4 1-0" in out
    told = [line.partition("read as ")[2] for line in err.splitlines()]
    assert told[0] == "Polish (pl)"
    assert told[1] == "Greek (el)"
    assert told[2] == "Russian (ru)"
    # Spanish, Italian and Catalan write the pieces alike: the first is chosen, the others named.
    assert told[3] == "Spanish (es); Italian (it), Catalan (ca) read it the same"


def test_quiet_says_nothing_and_the_moves_are_the_same(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "mixed.txt"
    path.write_text(TEXT, encoding="utf-8")
    main(["convert", str(path), "--from", "auto"])
    told = capsys.readouterr().out
    assert main(["convert", str(path), "--from", "auto", "-q"]) == ExitStatus.OK
    out, err = capsys.readouterr()
    assert out == told and err == ""


@pytest.mark.parametrize("option", [["--lenient"], ["--workers", "2"]])
def test_auto_is_refused_where_the_locale_must_be_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: list[str]
) -> None:
    path = tmp_path / "game.txt"
    path.write_text("1. e4 e5", encoding="utf-8")
    assert main(["convert", str(path), "--from", "auto", *option]) == ExitStatus.USAGE
    assert "--from auto: not with --lenient" in capsys.readouterr().err


def test_check_and_claim_read_the_file_in_the_locale_chosen_for_most_of_its_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "sk.txt"
    shuffle = "1. Jf3 Jf6 2. Jg1 Jg8 3. Jf3 Jf6 4. Jg1 Jg8"
    path.write_text(f"{shuffle} 1/2-1/2\n\n1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 1-0\n", encoding="utf-8")
    assert main(["check", str(path), "--from", "auto"]) == ExitStatus.OK
    out, err = capsys.readouterr()
    assert err.splitlines()[0] == f"partiar: {path}: read as Slovak (sk); Czech (cs) read it the same"
    assert "after 4. Jg1: Black may claim a draw" in out  # the report writes the moves in Slovak
    one = tmp_path / "one.txt"
    one.write_text(f"{shuffle} 5. Jf3\n", encoding="utf-8")
    assert main(["claim", str(one), "--from", "auto", "--kind", "threefold"]) == ExitStatus.OK
    out, err = capsys.readouterr()
    assert "read as Slovak (sk)" in err and out.strip()
    assert main(["check", str(path), "--from", "auto", "--workers", "2"]) == ExitStatus.USAGE


# The same moves in the same letters, told apart only by the words around them.
WORDED = """\
Weiß: Meier – Schwarz: Huber, Vereinsmeisterschaft

1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 Der Spanier, die älteste Eröffnung. 4. La4 Sf6 Schwarz gab auf. 1-0

Beli: Petrović – Crni: Jovanović, prvenstvo kluba

1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 Španska partija, najstarije otvaranje. 4. La4 Sf6 Crni je predao. 1-0

Bílý: Novák – Černý: Dvořák, přebor oddílu

1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 Španělská hra, jedno z nejstarších zahájení. 4. Sa4 Jf6 Černý se vzdal. 1-0

Biely: Horváth – Čierny: Kováč, majstrovstvá klubu

1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 Španielska hra, jedno z najstarších otvorení. 4. Sa4 Jf6 Čierny sa vzdal. 1-0
"""


def test_locales_that_write_alike_are_told_apart_by_the_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "worded.txt"
    path.write_text(WORDED, encoding="utf-8")
    assert main(["convert", str(path), "--from", "auto"]) == ExitStatus.OK
    out, err = capsys.readouterr()
    told = [line.partition("read as ")[2].partition(";")[0] for line in err.splitlines()]
    assert told == ["German (de)", "Serbian (sr)", "Czech (cs)", "Slovak (sk)"]
    # A heading cut off from its moves by a blank line heads its game, as it does read in one locale.
    assert '[White "Meier"]' in out and '[Black "Huber"]' in out
