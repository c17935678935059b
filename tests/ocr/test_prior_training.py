"""Fitting the scan decoder's move prior on real games: it learns what players do, and writes what loads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from partiar.notation.prior import FEATURES, MovePrior
from partiar.ocr.training import prior as fitting
from partiar.ocr.training.shared import shared_data

GAMES = (shared_data("pgn", "pgn-extract", "najdorf.pgn"),)


def test_a_fit_on_real_games_predicts_them_better_than_uniform_and_values_a_recapture() -> None:
    x, owner, played = fitting.design(GAMES)
    assert x.shape == (len(owner), len(FEATURES)) and len(played) == owner.max() + 1
    weights = fitting.fit(x, owner, played)
    loss, _ = fitting.log_loss(weights, x, owner, played)
    assert loss < fitting.uniform_loss(owner) - 0.3
    assert weights[FEATURES.index("takes back")] > 0 > weights[FEATURES.index("knight to the rim")]


def test_the_written_weights_load_as_a_prior(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "prior.json"
    monkeypatch.setattr(fitting, "TRAIN", GAMES)
    monkeypatch.setattr(fitting, "HELD_OUT", GAMES)
    fitting.main(["--out", str(out)])
    document = json.loads(out.read_text(encoding="utf-8"))
    assert list(document["weights"]) == list(FEATURES)
    assert document["report"]["held_out_loss"] < document["report"]["held_out_uniform_loss"]
    MovePrior([document["weights"][name] for name in FEATURES])
