"""Shared test fixtures: where the data beside the project lives, and the bundled examples."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = ROOT.parent / "shared" / "data"
EXAMPLES = ROOT / "examples"
GOLDEN = ROOT / "tests" / "data" / "golden"


def shared(*parts: str) -> Path:
    """A path under ../shared/data; the test is skipped, saying why, when the data set is not there."""
    path = SHARED_DATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"data set not present: {path}")
    return path
