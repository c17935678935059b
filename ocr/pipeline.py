"""Scoresheets in, the most probable legal game out, in five named stages:

1. `load`: a file's pages (`load_pages`): grayscale images, or a PDF's text layer;
2. `layout`: a page image's move grid (`find_layout`);
3. `cut`: the written cells up to the first empty one, each cut from the page by the engine (`Engine.crop`);
4. `recognise`: the cells' readings (`Engine.read_many`);
5. `decode`: the readings of one game's copies decoded together, ply by ply, into the most probable legal
   game (`decode_copies`).

`read_sheet` runs stages 1–4 on one file and `scan` runs it on every file, then stage 5. Without copies each
file is one game (the pages of a PDF continue one another); with copies all files are the white and black
players' sheets of the same game. A page that carries a text layer (a typed bulletin) goes through the
noisy-text path (`read_text`) instead of stages 2–4.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import chess
from PIL import Image

from ..notation.decode.beam import REVIEW_BELOW, Decoded, decode
from ..notation.decode.lenient import tokens
from ..notation.decode.reading import Reading
from ..notation.decode.textscore import TextReading
from ..notation.game import Game
from ..notation.locales import Locale, get_locale
from .engines.base import Engine
from .forms import Form
from .layout.grid import Cell, Layout, find_layout
from .load import Page, load_pages


@dataclass(frozen=True)
class CellSource:
    """Where a ply's reading came from: the file, the page (from 1), the cell box and what was read."""

    file: str
    page: int
    box: tuple[int, int, int, int] | None
    text: str

    def as_json(self) -> dict[str, object]:
        return {
            "file": self.file,
            "page": self.page,
            "box": list(self.box) if self.box else None,
            "text": self.text,
        }


@dataclass
class SheetReading:
    """One copy of a game: per ply, the reading and where it came from (None for a move missing from a text
    layer)."""

    readings: list[Reading | None] = field(default_factory=list)
    sources: list[CellSource | None] = field(default_factory=list)

    def add(self, reading: Reading | None, source: CellSource | None) -> None:
        self.readings.append(reading)
        self.sources.append(source)


@dataclass
class ScannedGame:
    files: list[str]
    decoded: Decoded
    sources: list[list[CellSource | None]]
    # The copies' readings, kept to decode the game again with confirmed moves (`redecode`).
    sheets: list[SheetReading] = field(default_factory=list)

    @property
    def game(self) -> Game:
        # The files it was read from, as they were named, so the game can be traced back to its sheets.
        return self.decoded.reviewed_game({"Annotator": "partiar scan", "Source": ", ".join(self.files)})

    def move_fields(self) -> list[dict[str, object]]:
        fields = self.decoded.move_fields()
        for move, sources in zip(fields, self.sources, strict=False):
            move["cells"] = [source.as_json() for source in sources if source is not None]
        return fields


def load(path: Path) -> list[Page]:
    """Stage 1: the pages of a scoresheet file, in order."""
    return load_pages(path)


def layout(image: Image.Image, form: Form | None = None) -> Layout:
    """Stage 2: the move grid of a page image (only grids of `form`'s shape when it is given)."""
    return find_layout(image, form)


def cut(grid: Layout, engine: Engine) -> list[tuple[Cell, Image.Image]]:
    """Stage 3: the written cells, up to the first empty one (it ends the game), each cut out by `engine`."""
    cells = [cell for row in grid.written() for cell in (row.white, row.black) if not cell.empty]
    return [(cell, engine.crop(grid, cell)) for cell in cells]


def recognise(engine: Engine, images: Sequence[Image.Image]) -> list[Reading]:
    """Stage 4: the readings of cell images, in order."""
    return engine.read_many(images)


def read_text(path: Path, page: Page, sheet: SheetReading) -> None:
    """A page's text layer in place of stages 2–4: its move tokens as text readings."""
    for text in tokens(page.text or "")[0]:
        if text is None:  # a move missing from the text: decoded from the moves around it
            sheet.add(None, None)
        else:
            sheet.add(TextReading(text), CellSource(str(path), page.number, None, text))


def read_sheet(path: Path, engine: Engine, form: Form | None = None) -> SheetReading:
    """Stages 1–4 on one scoresheet file: its readings, page after page, up to the first empty cell of each
    page."""
    sheet = SheetReading()
    for page in load(path):
        if page.text and page.text.strip():
            read_text(path, page, sheet)
            continue
        if page.image is None:
            continue
        cells = cut(layout(page.image, form), engine)
        readings = recognise(engine, [image for _, image in cells])
        for (cell, _), reading in zip(cells, readings, strict=True):
            sheet.add(reading, CellSource(str(path), page.number, cell.box, reading.best()))
    return sheet


def decode_copies(
    sheets: Sequence[SheetReading],
    locale: str | Locale,
    review_below: float = REVIEW_BELOW,
    fixed: Mapping[int, chess.Move] | None = None,
) -> tuple[Decoded, list[list[CellSource | None]]]:
    """Stage 5: the game behind one or more copies, their readings scored together ply by ply (`fixed`:
    plies, from 0, whose moves a person confirmed)."""
    plies = max((len(sheet.readings) for sheet in sheets), default=0)
    evidence: list[list[Reading | None]] = []
    sources: list[list[CellSource | None]] = []
    for index in range(plies):
        evidence.append([sheet.readings[index] if index < len(sheet.readings) else None for sheet in sheets])
        sources.append([sheet.sources[index] if index < len(sheet.sources) else None for sheet in sheets])
    return decode(evidence, get_locale(locale), review_below=review_below, fixed=fixed), sources


def redecode(
    scanned: ScannedGame,
    locale: str | Locale,
    fixed: Mapping[int, chess.Move],
    review_below: float = REVIEW_BELOW,
) -> Decoded:
    """Stage 5 again on a scanned game's readings, with the plies in `fixed` (from 0) held to their moves."""
    return decode_copies(scanned.sheets, locale, review_below, fixed)[0]


def cell_image(
    source: CellSource,
    form: Form | None = None,
    margin: float = 0.3,
    pages: dict[tuple[str, int], Image.Image] | None = None,
) -> Image.Image:
    """The cell a reading came from, cut from its straightened page (stage 2 run again, with the `form` the
    scan used) with `margin` (a share of the cell's height) round it, so strokes that cross its lines show.
    `pages` caches the straightened pages between calls. A move read from a text layer has no image:
    ValueError."""
    if source.box is None:
        raise ValueError(f"{source.file}: page {source.page}: the move was read from text, not an image")
    key = (source.file, source.page)
    page = pages.get(key) if pages is not None else None
    if page is None:
        image = load(Path(source.file))[source.page - 1].image
        if image is None:
            raise ValueError(f"{source.file}: page {source.page}: no image")
        page = layout(image, form).page
        if pages is not None:
            pages[key] = page
    left, top, right, bottom = source.box
    pad = int(margin * (bottom - top))
    width, height = page.size
    return page.crop(
        (max(0, left - pad), max(0, top - pad), min(width, right + pad), min(height, bottom + pad))
    )


def scan(
    files: Sequence[Path],
    locale: str | Locale,
    engine: Engine,
    *,
    copies: bool = False,
    form: Form | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[ScannedGame]:
    """Scan files into games: one game per file, or one game from all files with `copies`. Each file goes
    through stages 1–4 (`read_sheet`), then each game's copies through stage 5 (`decode_copies`)."""
    sheets: list[SheetReading] = []
    for number, path in enumerate(files, 1):
        sheets.append(read_sheet(path, engine, form))
        if progress is not None:
            progress(number, len(files))
    groups = [sheets] if copies else [[sheet] for sheet in sheets]
    names = [[str(path) for path in files]] if copies else [[str(path)] for path in files]
    return [
        decode_game(group, group_names, locale, engine)
        for group, group_names in zip(groups, names, strict=True)
    ]


def decode_game(
    sheets: Sequence[SheetReading], files: Sequence[str], locale: str | Locale, engine: Engine
) -> ScannedGame:
    """Stage 5 for one game: the readings of its copies (read from `files`) decoded together."""
    decoded, sources = decode_copies(sheets, locale, engine.review_below)
    return ScannedGame(list(files), decoded, sources, list(sheets))
