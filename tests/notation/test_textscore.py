"""The confusion scorer: noisy text tokens and per-position distributions scored against candidate moves."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st
from partiar.notation.decode.textscore import (
    CONFUSIONS,
    SKIP_DEFAULT,
    UNRELATED,
    PositionReading,
    TextReading,
    similarity,
)

MOVE_CHARS = "KDVSJQRBNabcdefgh12345678x×:+#=-0O."
moves = st.text(alphabet=MOVE_CHARS, min_size=1, max_size=9)
# Characters in no confusion group and no skip table: each one is as unlike a move character as any.
FOREIGN = "ŽŸΩЖ"


def ranking(token: str, candidates: list[str]) -> list[str]:
    reading = TextReading(token)
    return sorted(candidates, key=reading.score, reverse=True)


@pytest.mark.parametrize(
    ("token", "meant", "competitors"),
    [
        ("Kbl", "Kb1", ["Kb2", "Kh1", "Ka1", "Kbl1"]),
        ("J%f3", "J×f3", ["Jf5", "Je3", "f3", "J×f5"]),
        ("jf3", "Jf3", ["Jf5", "Je3", "f3", "Sf3"]),
        ("O-O", "0-0", ["0-0-0", "Dd1", "Kg1"]),
        ("Sb5", "S×b5", ["Sb6", "Sc5", "b5", "Vb5"]),
        ("Vxa1#", "V×a1+", ["V×a2+", "Va1", "Dxa1", "V×b1+"]),
        ("e:d6", "e×d6", ["e×d5", "d6", "c×d6"]),
        ("Dd1d4", "Dd1×d4", ["Dd1×d5", "Dd4", "Dh1×d4"]),
        ("Jf", "Jf3", ["Je3", "Jg5", "f4"]),
        ("Jff3", "Jf3", ["Jf5", "Je3", "f3"]),
        ("8b", "Bb", ["Bh", "Kb"]),
        ("h8=D", "h8D", ["h8V", "h7", "g8D"]),
        ("Кf3", "Kf3", ["Kf5", "Sf3"]),
    ],
)
def test_the_meant_move_outscores_its_neighbours(token: str, meant: str, competitors: list[str]) -> None:
    assert ranking(token, [meant, *competitors])[0] == meant


def test_exact_text_scores_zero_and_everything_else_below() -> None:
    reading = TextReading("Jf3")
    assert reading.score("Jf3") == 0.0
    assert all(reading.score(other) < 0.0 for other in ("Jf5", "J×f3", "jf3", "Jf3+"))


@given(moves, moves)
def test_scores_are_log_probabilities_peaking_at_the_written_text(written: str, candidate: str) -> None:
    reading = TextReading(written)
    assert reading.score(candidate) <= reading.score(written) == 0.0


@given(moves, st.data())
def test_more_foreign_characters_never_score_better(written: str, data: st.DataObject) -> None:
    order = data.draw(st.permutations(range(len(written))))
    reading = TextReading(written)
    scores = []
    candidate = list(written)
    for index in order:
        candidate[index] = data.draw(st.sampled_from(FOREIGN))
        scores.append(reading.score("".join(candidate)))
    assert scores == sorted(scores, reverse=True)


@pytest.mark.parametrize(
    ("token", "marked"),
    [
        ("Jf3", "J×f3"),
        ("Jf3", "Jxf3"),
        ("Jf3", "Jf3+"),
        ("Jf3", "Jf3#"),
        ("J×f3+", "Jf3"),
        ("exd6", "e×d6 e.p."),
        ("exd6", "e×d6ep"),
        ("h8D", "h8=D"),
        ("Jg1f3", "Jg1-f3"),
    ],
)
def test_optional_marks_cost_little(token: str, marked: str) -> None:
    reading = TextReading(token)
    assert reading.score(marked) >= 2 * math.log(0.3) - 1e-9
    assert reading.score(marked) > max(
        reading.score(other) for other in ("Jf5", "Je3", "exd5", "h8V", "Jg1f5")
    )


def test_a_dropped_character_costs_more_than_a_mark() -> None:
    reading = TextReading("Jf3")
    assert reading.score("J×f3") > reading.score("Jf33") > reading.score("Jf3f3")


def test_whitespace_is_ignored() -> None:
    reading = TextReading("e×d6 e.p.")
    assert reading.score("e×d6e.p.") == reading.score("e×d6 e.p.") == 0.0
    assert TextReading(" Jf3 ").score("Jf3") == 0.0


def test_empty_evidence_is_flat_but_ordered_by_length() -> None:
    for reading in (TextReading(""), PositionReading([], "")):
        scores = [reading.score(text) for text in ("e4", "Jf3", "Jg1f3")]
        assert scores == sorted(scores, reverse=True)
        assert all(score <= 2 * math.log(SKIP_DEFAULT) for score in scores)
        assert reading.best() == ""


def test_position_distributions_weigh_the_alternatives() -> None:
    reading = PositionReading([{"J": 0.9, "j": 0.05}, {"f": 0.95}, {"3": 0.6, "8": 0.35}], "Jf3")
    assert reading.best() == "Jf3"
    ordered = sorted(["Jf5", "Jf8", "Jf3", "Jf2"], key=reading.score, reverse=True)
    assert ordered == ["Jf3", "Jf8", "Jf5", "Jf2"]


def test_overfull_positions_are_normalised() -> None:
    reading = PositionReading([{"K": 2.0, "k": 2.0}], "K")
    assert reading.score("K") == pytest.approx(math.log(0.5 + 0.5 * similarity("K", "k")))


def test_confusion_table_is_symmetric_and_below_identity() -> None:
    for chars, weight in CONFUSIONS:
        assert UNRELATED < weight < 1.0
        for a in chars:
            for b in chars:
                assert similarity(a, b) == similarity(b, a)
    assert similarity("b", "B") == similarity("B", "b") < 1.0
    assert similarity("Ω", "K") == UNRELATED


distributions = st.lists(
    st.dictionaries(st.sampled_from(MOVE_CHARS + " "), st.floats(0.0, 1.0), max_size=6), max_size=8
)


@given(distributions, moves)
def test_any_distribution_gives_finite_log_probabilities(
    positions: list[dict[str, float]], candidate: str
) -> None:
    score = PositionReading(positions, "").score(candidate)
    assert -math.inf < score <= 0.0
