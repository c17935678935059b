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
# Borisov – Popov, 77th ch-RUS 2025, its first 50 plies: a Najdorf Sicilian whose pieces several tests write
# in a figurine font's characters, or leave out.
BORISOV_POPOV = [
    *["e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6", "Bg5", "Nbd7", "Bc4", "Qb6", "Bb3"],
    *["e6", "Qd2", "Be7", "O-O-O", "Nc5", "f3", "Qc7", "g4", "b5", "a3", "Rb8", "Kb1", "Bd7", "Be3", "O-O"],
    *["g5", "Nh5", "Nde2", "b4", "axb4", "Nxb3", "cxb3", "Qb7", "Ng3", "g6", "Nxh5", "gxh5", "Na2", "Rfd8"],
    *["Rhg1", "Bc6", "Bd4", "e5", "Bc3", "Qd7"],
]
# The Najdorf Sicilian's first ten plies.
NAJDORF = BORISOV_POPOV[:10]
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


def written_with(sans: list[str], pieces: dict[str, str], number: str = ".") -> str:
    """A game's moves on one line, each piece's letter written as `pieces` has it (a figurine font's run, or
    nothing), White's moves numbered `1.` (`number` after the digits: `". "`, `" "`)."""
    moves = [pieces.get(san[0], san[0]) + san[1:] if san[0] in pieces else san for san in sans]
    return " ".join(
        f"{index // 2 + 1}{number}{move}" if index % 2 == 0 else move for index, move in enumerate(moves)
    )


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
