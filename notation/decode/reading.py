"""What the decoder needs from anything that reads a written move: an image engine or a noisy text token.

The decoder only asks a reading how likely a candidate text is; it never looks at pixels. That keeps
`notation` free of any image code (`ocr` depends on `notation`, never the other way round) and lets a
recogniser plug in without changing the decoder.
"""

from __future__ import annotations

import math
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


# Log-probability that a cell left without ink is where a move was played (a forgotten move, per copy): far
# likelier than a misread move, far less likely than a blank after the game's end.
FORGOTTEN = math.log(0.01)


class Blank:
    """A cell with no ink. Mid-game it is a forgotten move (every move equally likely, at a cost); after the
    game's end it is what a sheet shows, so the decoder reads the blank cells as where the game stops."""

    def score(self, candidate: str) -> float:
        return 0.0 if candidate == "" else FORGOTTEN

    def score_many(self, candidates: Sequence[str]) -> list[float]:
        return [self.score(candidate) for candidate in candidates]

    def best(self) -> str:
        return ""


class Tempered:
    """Another reading's log-probabilities divided by a temperature above 1: as sure of itself as its own
    writing deserves, where a recogniser reads writing unlike what it learned from."""

    def __init__(self, reading: Reading, temperature: float) -> None:
        self.reading, self.temperature = reading, temperature

    def score(self, candidate: str) -> float:
        return self.reading.score(candidate) / self.temperature

    def score_many(self, candidates: Sequence[str]) -> list[float]:
        return [score / self.temperature for score in self.reading.score_many(candidates)]

    def best(self) -> str:
        return self.reading.best()
