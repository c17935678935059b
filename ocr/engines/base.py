"""The recogniser interface: a cell of a layout in, a `Reading` out, and the registry of engines by name.

The decoder never sees pixels; it asks readings how likely candidate texts are. Any engine that turns a cell
image into such a reading can sit behind this interface, so the Tesseract engine and a trained model are
interchangeable. Each engine also cuts its own cells out of the page (`Engine.crop`): the image it reads at
scan time is the image it is trained and measured on.

`auto` (`AutoEngine`) reads each page with the trained model, and with Tesseract as well where Tesseract
reads the page's first cells as printed text: Tesseract reads typed sheets almost perfectly and handwriting
hardly at all, the model reads both, typed sheets less well; on a printed page their evidence multiplies.

Engines are registered as entry points in the group `partiar.engines` (`name = "module:Class"`), partiar's
own in its `pyproject.toml`; another distribution adds an engine by declaring one. Only the names are read
up front: an engine's module is imported when that engine is asked for, so naming one engine never loads
another's dependencies.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from importlib.metadata import EntryPoint, entry_points

from PIL import Image

from ...notation.decode.beam import REVIEW_BELOW
from ...notation.decode.reading import Reading
from ...notation.errors import ExitStatus, NotationError, UsageError
from ..layout.grid import Cell, Layout


class EngineError(NotationError):
    """An engine that cannot run (a missing binary or model) or that failed on its input."""

    exit_status = ExitStatus.INPUT


class UnknownEngineError(EngineError, UsageError):
    """An engine name that is not in the registry; the message lists the known names."""

    exit_status = ExitStatus.USAGE


class Engine(ABC):
    """Turns cells into readings. Subclasses set `name` and implement `read`; they override `crop` when they
    want to see more (or less) of the page round a cell than its outline.

    `review_below` is the confidence under which a decoded move is flagged for review: readings of
    different engines are sharp or soft in their own way, so each engine carries the threshold measured
    for it on development data (never on the evaluation pages).
    """

    name: str
    review_below: float = REVIEW_BELOW

    def crop(self, layout: Layout, cell: Cell) -> Image.Image:
        """The image of `cell` this engine reads: by default the cell's outline, perspective removed."""
        return layout.crop(cell)

    @abstractmethod
    def read(self, cell: Image.Image) -> Reading:
        """The reading of one cell image (as `crop` cut it)."""

    def read_many(self, cells: Sequence[Image.Image]) -> list[Reading]:
        """The readings of many cells, in order; engines override this when batching is faster."""
        return [self.read(cell) for cell in cells]

    def legibility(self, cells: Sequence[Image.Image]) -> float:
        """How well the cells read to this engine (its mean confidence in its own readings): a page the
        wrong way up reads worse. At least one cell."""
        return self_confidence(self.read_many(cells))


def self_confidence(readings: Sequence[Reading]) -> float:
    """The mean log-probability that readings give their own best text (at least one reading)."""
    return sum(reading.score(reading.best()) for reading in readings) / len(readings)


GROUP = "partiar.engines"
AUTO = "auto"
# The engines in order of preference (the trained model, then Tesseract), then any other registered engine by
# name. `auto` reads handwriting with the first that can run and printed pages with Tesseract (`AutoEngine`).
PREFERRED = ("ctc", "tesseract")
PRINTED = "tesseract"


def registered(entries: Iterable[EntryPoint] | None = None) -> dict[str, EntryPoint]:
    """The registered engines by (lower-case) name, in `auto`'s order; nothing is imported.

    `entries` stands in for the installed entry points of the group (`importlib.metadata`); where two
    declare the same name, the first one counts.
    """
    found: dict[str, EntryPoint] = {}
    for entry in entry_points(group=GROUP) if entries is None else entries:
        found.setdefault(entry.name.strip().lower(), entry)
    rank = {name: index for index, name in enumerate(PREFERRED)}
    return dict(sorted(found.items(), key=lambda item: (rank.get(item[0], len(rank)), item[0])))


def _build(name: str, entry: EntryPoint) -> Engine:
    try:
        engine_class = entry.load()
    except (ImportError, AttributeError) as error:
        raise EngineError(f"{name} engine: cannot be loaded ({error})") from None
    if not (isinstance(engine_class, type) and issubclass(engine_class, Engine)):
        raise EngineError(f"{name} engine: {entry.value} is not a partiar.ocr.engines.base.Engine")
    engine: Engine = engine_class()
    return engine


def get_engine(name: str = AUTO, entries: Iterable[EntryPoint] | None = None) -> Engine:
    """The engine called `name`; `auto` gives the most preferred engine that can run on this machine, with
    Tesseract for printed pages where both can run (`partiar.ocr.engines.auto.AutoEngine`).

    Raises `UnknownEngineError` for a name nobody registered and `EngineError` for an engine that cannot
    run. `entries`: as for `registered`.
    """
    engines = registered(entries)
    wanted = name.strip().lower()
    if wanted == AUTO:
        problems = []
        for known, candidate in engines.items():
            try:
                first = _build(known, candidate)
            except EngineError as error:
                problems.append(str(error))
                continue
            return _with_printed(first, engines)
        raise EngineError(
            "no recognition engine can run: " + ("; ".join(problems) or f"none registered ({GROUP})")
        )
    entry = engines.get(wanted)
    if entry is None:
        known = ", ".join([AUTO, *engines])
        raise UnknownEngineError(f"unknown engine {name!r}; known engines: {known}")
    return _build(wanted, entry)


def _with_printed(model: Engine, engines: dict[str, EntryPoint]) -> Engine:
    """`model`, with Tesseract for the pages that look printed when it can run too."""
    entry = engines.get(PRINTED)
    if model.name == PRINTED or entry is None:
        return model
    try:
        printed = _build(PRINTED, entry)
    except EngineError:
        return model
    return AutoEngine(model, printed)


# --- `auto`: the model for handwriting, both engines on printed pages ------------------------------------

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

    def legibility(self, cells: Sequence[Image.Image]) -> float:
        """The model's: it reads both handwriting and print (Tesseract is not asked twice for a page)."""
        return self.model.legibility(cells)

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
    return self_confidence(filled) > PRINTED_ABOVE
