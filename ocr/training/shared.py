"""Where the data sets that are not ours live (HCS scans, game collections): read in place, never copied.

`$PARTIAR_SHARED_DATA` when it is set, otherwise the `shared/data` folder beside the repository
(`<repository>/../shared/data`). Training, the benchmarks and the tests all find their data here.
"""

from __future__ import annotations

import os
from pathlib import Path

ENVIRONMENT = "PARTIAR_SHARED_DATA"
# This file is <repository>/ocr/training/shared.py; training runs from the repository, never installed.
_BESIDE_REPOSITORY = Path(__file__).resolve().parents[2].parent / "shared" / "data"


def shared_data(*parts: str) -> Path:
    """A path under the shared data root (`$PARTIAR_SHARED_DATA`, else `../shared/data`); it may not exist."""
    root = os.environ.get(ENVIRONMENT)
    return (Path(root) if root else _BESIDE_REPOSITORY).joinpath(*parts)
