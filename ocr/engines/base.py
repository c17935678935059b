"""The recogniser interface: a cell image in, a `Reading` out, and a registry of engines by name.

The decoder never sees pixels; it asks readings how likely candidate texts are. Any engine that turns a cell
image into such a reading can sit behind this interface, so the Tesseract engine and a trained model are
interchangeable. Engines are listed by module path and imported on demand, so naming one engine never loads
another's dependencies.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Sequence

from PIL import Image

from ...notation.decode.beam import REVIEW_BELOW
from ...notation.decode.reading import Reading
from ...notation.errors import ExitStatus, NotationError, UsageError


class EngineError(NotationError):
    """An engine that cannot run (a missing binary or model) or that failed on its input."""

    exit_status = ExitStatus.INPUT


class UnknownEngineError(EngineError, UsageError):
    """An engine name that is not in the registry; the message lists the known names."""

    exit_status = ExitStatus.USAGE


class Engine(ABC):
    """Turns cell images into readings. Subclasses set `name` and implement `read`.

    `review_below` is the confidence under which a decoded move is flagged for review: readings of
    different engines are sharp or soft in their own way, so each engine carries the threshold measured
    for it on development data (never on the evaluation pages).
    """

    name: str
    review_below: float = REVIEW_BELOW

    @abstractmethod
    def read(self, cell: Image.Image) -> Reading:
        """The reading of one cell image."""

    def read_many(self, cells: Sequence[Image.Image]) -> list[Reading]:
        """The readings of many cells, in order; engines override this when batching is faster."""
        return [self.read(cell) for cell in cells]


# Every engine by name, in order of preference for `auto`: (name, module, class).
ENGINES: tuple[tuple[str, str, str], ...] = (
    ("ctc", "partiar.ocr.engines.ctc", "CtcEngine"),
    ("tesseract", "partiar.ocr.engines.tesseract", "TesseractEngine"),
)
AUTO = "auto"


def _build(name: str, module: str, attribute: str) -> Engine:
    try:
        engine_class = getattr(importlib.import_module(module), attribute)
    except ImportError as error:
        raise EngineError(f"{name} engine: cannot be loaded ({error})") from None
    engine: Engine = engine_class()
    return engine


def get_engine(name: str = AUTO) -> Engine:
    """The engine called `name`; `auto` gives the most preferred engine that can run on this machine."""
    wanted = name.strip().lower()
    if wanted == AUTO:
        problems = []
        for entry in ENGINES:
            try:
                return _build(*entry)
            except EngineError as error:
                problems.append(str(error))
        raise EngineError("no recognition engine can run: " + "; ".join(problems))
    for entry in ENGINES:
        if entry[0] == wanted:
            return _build(*entry)
    known = ", ".join([AUTO, *(entry[0] for entry in ENGINES)])
    raise UnknownEngineError(f"unknown engine {name!r}; known engines: {known}")
