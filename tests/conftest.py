"""Shared test fixtures: where the data beside the project lives, the bundled examples, a common game, a
reading that cannot tell two texts apart."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

import pytest
from partiar.ocr.training.shared import shared_data

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
GOLDEN = ROOT / "tests" / "data" / "golden"
# The first sixteen moves of a Spanish game, which several tests write in other notations and noise.
# The Najdorf Sicilian's first ten plies.
NAJDORF = ["e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6"]
RUY_LOPEZ = [
    "e4",
    "e5",
    "Nf3",
    "Nc6",
    "Bb5",
    "a6",
    "Ba4",
    "Nf6",
    "O-O",
    "Be7",
    "Re1",
    "b5",
    "Bb3",
    "d6",
    "c3",
    "O-O",
]


def shared(*parts: str) -> Path:
    """A path under the shared data (`shared_data`: ../shared/data or $PARTIAR_SHARED_DATA); the test is
    skipped, saying why, when the data set is not there."""
    path = shared_data(*parts)
    if not path.exists():
        pytest.skip(f"data set not present: {path}")
    return path


class Either:
    """A cell (or token) that reads as either of two texts, equally: what the move prior decides."""

    def __init__(self, *texts: str) -> None:
        self.texts = texts

    def score(self, candidate: str) -> float:
        return math.log(0.5) if candidate in self.texts else -20.0

    def score_many(self, candidates: Sequence[str]) -> list[float]:
        return [self.score(candidate) for candidate in candidates]

    def best(self) -> str:
        return self.texts[0]
