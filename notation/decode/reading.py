"""What the decoder needs from anything that reads a written move: an image engine or a noisy text token.

The decoder only asks a reading how likely a candidate text is; it never looks at pixels. That keeps
`notation` free of any image code (`ocr` depends on `notation`, never the other way round) and lets a
recogniser plug in without changing the decoder.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


class Reading(Protocol):
    """One cell's (or one text token's) evidence about what was written."""

    def score(self, candidate: str) -> float:
        """Log-probability (natural log, <= 0) that `candidate` is what was written."""
        ...

    def score_many(self, candidates: Sequence[str]) -> list[float]:
        """`score` of every candidate, in order. The decoder asks each reading about all candidate moves of
        a ply in one call, so a reading that scores many candidates together (a CTC reading runs its
        recursion once for all of them) does it here; others answer one by one."""
        ...

    def best(self) -> str:
        """The reader's own best guess of the text, for reports and raw accuracy."""
        ...
