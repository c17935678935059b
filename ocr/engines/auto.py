"""`--engine auto`: the trained model for handwriting and Tesseract for printed sheets, chosen page by page.

Tesseract reads typed sheets almost perfectly and handwriting hardly at all; the trained model reads both,
typed sheets less well. So each page's first cells are read by Tesseract: where it reads them as printed
text (something in nearly every cell, with a confident reading), Tesseract reads the page; otherwise the
model does.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from ...notation.decode.reading import Reading
from ..layout.grid import Cell, Layout
from .base import Engine

# How many of a page's cells Tesseract reads to decide, and what counts as printed: a mean log-confidence
# of its own reading above PRINTED_ABOVE, with text in at least PRINTED_FILLED of the cells. On synthetic
# development sheets Tesseract reads the printed font at -0.3 to -0.5 and handwriting fonts at -1.8 to -2.5,
# the bundled examples at -0.3 (typed) and -4.2 (handwritten); on HCS pages it mostly reads nothing.
SAMPLE = 8
PRINTED_ABOVE = -1.0
PRINTED_FILLED = 0.75


class AutoEngine(Engine):
    """Reads each page with `printed` when its first cells look printed to it, else with `model`."""

    name = "auto"

    def __init__(self, model: Engine, printed: Engine) -> None:
        self.model = model
        self.printed = printed
        self.review_below = model.review_below

    def crop(self, layout: Layout, cell: Cell) -> Image.Image:
        """The model's crop (the printed reader takes the cell's outline, which is what partiar's model cuts)."""
        return self.model.crop(layout, cell)

    def read(self, cell: Image.Image) -> Reading:
        return self.model.read(cell)

    def read_many(self, cells: Sequence[Image.Image]) -> list[Reading]:
        sample = self.printed.read_many(cells[:SAMPLE])
        modelled = self.model.read_many(cells)
        if not _printed(sample):
            return modelled
        printed = sample + self.printed.read_many(cells[SAMPLE:])
        return [Both(first, second) for first, second in zip(printed, modelled, strict=True)]


class Both:
    """Two engines' readings of one cell as one: the likelihoods multiply (the log scores add), as for
    independent witnesses; the text shown is the first engine's."""

    def __init__(self, first: Reading, second: Reading) -> None:
        self.first = first
        self.second = second

    def score(self, candidate: str) -> float:
        return self.first.score(candidate) + self.second.score(candidate)

    def score_many(self, candidates: Sequence[str]) -> list[float]:
        return [
            first + second
            for first, second in zip(
                self.first.score_many(candidates), self.second.score_many(candidates), strict=True
            )
        ]

    def best(self) -> str:
        return self.first.best()


def _printed(readings: Sequence[Reading]) -> bool:
    if not readings:
        return False
    filled = [reading for reading in readings if reading.best().strip()]
    if len(filled) < PRINTED_FILLED * len(readings):
        return False
    return sum(reading.score(reading.best()) for reading in filled) / len(filled) > PRINTED_ABOVE
