"""Shared test fixtures: where the data beside the project lives, and the bundled examples."""

from __future__ import annotations

from pathlib import Path

import pytest
from partiar.ocr.training.shared import shared_data

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
GOLDEN = ROOT / "tests" / "data" / "golden"


def shared(*parts: str) -> Path:
    """A path under the shared data (`shared_data`: ../shared/data or $PARTIAR_SHARED_DATA); the test is
    skipped, saying why, when the data set is not there."""
    path = shared_data(*parts)
    if not path.exists():
        pytest.skip(f"data set not present: {path}")
    return path
