"""The FIDE Laws of 2023, the default edition: the example claims decided under them, and what they changed.

2023 renumbered 9.2 (9.2.1 about to appear, 9.2.2 has just appeared, 9.2.3 the same position) and made an
incorrect claim in rapid cost one minute (A.3); everything else partiar decides is as in 2018.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import ROOT
from partiar.notation.game import Game
from partiar.notation.rules.claims import Kind, Verdict, audit, claim_with_written
from partiar.notation.rules.editions import DEFAULT_EDITION, Speed, get_edition
from partiar.notation.rules.verdicts import explain, headline
from partiar.notation.text.reader import parse_games

import partiar
from partiar.cli.rules import add_commands

EXAMPLES = ROOT / "examples" / "claims"
E2018, E2023 = get_edition(2018), get_edition(2023)
RENUMBERED = {"9.2.1.1": "9.2.1", "9.2.1.2": "9.2.2"}  # 2018 -> 2023; every other article stays
SHUFFLE = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1"  # Black to move; Nc6 repeats nothing


def example(name: str, locale: str) -> Game:
    (only,) = parse_games((EXAMPLES / name).read_text(encoding="utf-8"), locale)
    return only


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    parser = argparse.ArgumentParser(prog="partiar")
    add_commands(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    status: int = args.handler(args)
    return status, capsys.readouterr().out


# (file, locale, kind, written move, correct, 2023 article, plies)
CLAIMS = [
    ("marshall-capablanca-1909-sk.txt", "sk", "threefold", "Db4", True, "9.2.1", [49, 53, 57]),
    ("marshall-capablanca-1909-sk.txt", "sk", "threefold", "Dc4", False, "9.2.1", [57]),
    ("marshall-capablanca-1909-sk.txt", "sk", "threefold", None, False, "9.2.2", [52, 56]),
    ("marshall-capablanca-1909-sk.txt", "sk", "fifty", None, False, "9.3.2", [49]),
    ("fifty-written-mate.pgn", "en", "fifty", "Rh8#", True, "9.3.1", []),
    ("after-mate-cs.txt", "cs", "threefold", None, False, "5.1.1", [4]),
]


@pytest.mark.parametrize(("name", "locale", "kind", "written", "valid", "rule", "plies"), CLAIMS)
def test_example_claims_under_2023(
    name: str, locale: str, kind: Kind, written: str | None, valid: bool, rule: str, plies: list[int]
) -> None:
    played = example(name, locale)
    verdict = claim_with_written(played, kind, E2023, written, locale)
    assert (verdict.valid, verdict.rule, verdict.plies, verdict.edition.year) == (valid, rule, plies, 2023)


@pytest.mark.parametrize(("name", "locale", "kind", "written"), [claim[:4] for claim in CLAIMS])
def test_example_claims_are_decided_as_in_2018_but_for_the_article_numbers(
    name: str, locale: str, kind: Kind, written: str | None
) -> None:
    played = example(name, locale)
    old, new = (claim_with_written(played, kind, edition, written, locale) for edition in (E2018, E2023))
    assert new.rule == RENUMBERED.get(old.rule, old.rule)
    assert replace(new, rule=old.rule, edition=E2018) == old  # same finding, facts and (standard) penalty


def test_the_written_example_claim_explained_with_2023_articles() -> None:
    played = example("marshall-capablanca-1909-sk.txt", "sk")
    verdict = claim_with_written(played, "threefold", E2023, None, "sk")
    assert explain(verdict, played, "en") == (
        "The claim is incorrect (Art. 9.2.2, FIDE Laws of Chess 2023): the position with White to move has "
        "occurred only twice: after 26... Qf6 and after 28... Qf6; three occurrences are needed. The arbiter "
        "adds 2 minutes to the opponent's remaining time (Art. 9.5.3) and the game continues. The claim counts "
        "as a draw offer (Art. 9.1.2.3), which the opponent may still accept. A claim under Art. 9.2.1, "
        "writing Qb4 first, would have been correct."
    )
    assert headline(verdict, "sk").endswith("nesprávna (9.2.2, Pravidlá šachu FIDE 2023)")


def test_the_audit_example_under_2023() -> None:
    played = example("audit-cz-2014.txt", "cs")
    old, new = audit(played, E2018), audit(played, E2023)
    assert new.end is not None and (new.end.type, new.end.ply, new.end.rule) == ("fivefold", 20, "9.6.1")
    assert [(event.type, event.ply) for event in new.events] == [
        (event.type, event.ply) for event in old.events
    ]
    assert [event.rule for event in new.events] == [
        RENUMBERED.get(event.rule, event.rule) for event in old.events
    ]
    assert {event.rule for event in new.events} == {"9.1.2.2", "9.2.1", "9.2.2", "9.6.1"}


# ---- what 2023 changed: one minute for an incorrect claim in rapid (A.3) ----


def _incorrect_rapid_claim(year: int) -> tuple[Verdict, Game]:
    played = parse_games(f'[TimeControl "900+10"]\n\n{SHUFFLE}\n', "en")[0]
    edition = get_edition(year)
    speed = edition.time_control_speed(played.headers["TimeControl"])
    return claim_with_written(played, "threefold", edition, "Nc6", "en", speed=speed), played


@pytest.mark.parametrize(("year", "bonus", "rule"), [(2018, 120, "9.5.3"), (2023, 60, "9.5.3, A.3")])
def test_an_incorrect_claim_in_rapid_costs_one_minute_from_2023(year: int, bonus: int, rule: str) -> None:
    verdict, _ = _incorrect_rapid_claim(year)
    assert (verdict.valid, verdict.opponent_bonus_seconds, verdict.penalty_rule) == (False, bonus, rule)
    assert verdict.must_play == "Nc6"


def test_standard_and_blitz_penalties_stay_as_in_2018() -> None:
    played = parse_games(SHUFFLE, "en")[0]
    speeds: tuple[tuple[Speed, int], ...] = (("standard", 120), ("blitz", 60))
    for speed, bonus in speeds:
        old, new = (
            claim_with_written(played, "threefold", edition, "Nc6", "en", speed=speed)
            for edition in (E2018, E2023)
        )
        assert old.opponent_bonus_seconds == new.opponent_bonus_seconds == bonus
    assert (E2023.speed(300, 5), E2023.speed(300, 6), E2023.speed(3540, 0), E2023.speed(3600, 0)) == (
        "blitz",
        "rapid",
        "rapid",
        "standard",
    )


def test_the_rapid_penalty_explained_in_three_languages() -> None:
    verdict, played = _incorrect_rapid_claim(2023)
    assert (
        "The arbiter adds 1 minute to the opponent's remaining time (Art. 9.5.3, A.3) and the game continues."
        in explain(verdict, played, "en")
    )
    assert "Rozhodca pridá súperovi 1 minútu k jeho zvyšnému času (čl. 9.5.3, A.3)" in explain(
        verdict, played, "sk"
    )
    assert "Rozhodčí přidá soupeři 1 minutu k jeho zbývajícímu času (čl. 9.5.3, A.3)" in explain(
        verdict, played, "cs"
    )


# ---- 2023 is the default of the API and of both commands ----


def test_2023_is_the_default_edition_of_the_api() -> None:
    assert DEFAULT_EDITION == 2023 and get_edition().year == 2023
    played = example("marshall-capablanca-1909-sk.txt", "sk")
    assert partiar.claim(played, "threefold", "sk", written="Db4").rule == "9.2.1"
    assert partiar.claim(played, "threefold", "sk", written="Db4", edition=2018).rule == "9.2.1.1"
    (audited,) = partiar.check(EXAMPLES / "marshall-capablanca-1909-sk.txt", "sk")
    assert {event.rule for event in audited.events} >= {"9.2.1"}


def test_2023_is_the_default_edition_of_the_commands(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "rapid.pgn"
    path.write_text(f'[TimeControl "900+10"]\n\n{SHUFFLE}\n', encoding="utf-8")
    base = ["claim", str(path), "--from", "en", "--kind", "threefold", "--written", "Nc6", "--json"]
    verdict = json.loads(run(base, capsys)[1])
    assert (verdict["edition"], verdict["rule"], verdict["consequence"]["opponent_bonus_seconds"]) == (
        2023,
        "9.2.1",
        60,
    )
    assert "(Art. 9.5.3, A.3)" in verdict["explanation"]
    older = json.loads(run([*base, "--edition", "2018"], capsys)[1])
    assert (older["edition"], older["rule"], older["consequence"]["opponent_bonus_seconds"]) == (
        2018,
        "9.2.1.1",
        120,
    )
    report = run(["check", str(EXAMPLES / "audit-cz-2014.txt"), "--from", "cs"], capsys)[1]
    assert report.startswith("Game 1 (line 1): ? - ?; 17 moves; result *; FIDE Laws of Chess 2023\n")
    assert "[9.2.1]" in report and "[9.2.2]" in report and "[9.6.1]" in report
