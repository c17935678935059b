"""Scoresheets in, the most probable legal game out: load → layout → recognise → decode.

Without copies each file is one game (the pages of a PDF continue one another); with copies all files are
the white and black players' sheets of the same game and their readings are decoded together, ply by ply.
A page that carries a text layer (a typed bulletin) goes through the noisy-text path instead of the
recogniser.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..notation.decode.beam import REVIEW_BELOW, Decoded, decode
from ..notation.decode.lenient import tokens
from ..notation.decode.reading import Reading
from ..notation.decode.textscore import TextReading
from ..notation.game import Game
from ..notation.locales import Locale, get_locale
from .engines.base import Engine
from .forms import Form
from .layout.grid import find_layout
from .load import load_pages


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


@dataclass
class ScannedGame:
    files: list[str]
    decoded: Decoded
    sources: list[list[CellSource | None]]

    @property
    def game(self) -> Game:
        return self.decoded.reviewed_game({"Annotator": "partiar scan"})

    def move_fields(self) -> list[dict[str, object]]:
        fields = self.decoded.move_fields()
        for move, sources in zip(fields, self.sources, strict=False):
            move["cells"] = [source.as_json() for source in sources if source is not None]
        return fields


def read_sheet(path: Path, engine: Engine, form: Form | None = None) -> SheetReading:
    """The readings of one scoresheet file, page after page, up to the first empty cell of each page."""
    sheet = SheetReading()
    for page in load_pages(path):
        if page.text and page.text.strip():
            for text in tokens(page.text)[0]:
                if text is None:  # a move missing from the text: decoded from the moves around it
                    sheet.readings.append(None)
                    sheet.sources.append(None)
                else:
                    sheet.readings.append(TextReading(text))
                    sheet.sources.append(CellSource(str(path), page.number, None, text))
            continue
        if page.image is None:
            continue
        layout = find_layout(page.image, form)
        cells = [cell for row in layout.written() for cell in (row.white, row.black) if not cell.empty]
        readings = engine.read_many([layout.crop(cell) for cell in cells])
        for cell, reading in zip(cells, readings, strict=True):
            sheet.readings.append(reading)
            sheet.sources.append(CellSource(str(path), page.number, cell.box, reading.best()))
    return sheet


def decode_copies(
    sheets: Sequence[SheetReading], locale: str | Locale, review_below: float = REVIEW_BELOW
) -> tuple[Decoded, list[list[CellSource | None]]]:
    """The game behind one or more copies, their readings scored together ply by ply."""
    plies = max((len(sheet.readings) for sheet in sheets), default=0)
    evidence: list[list[Reading | None]] = []
    sources: list[list[CellSource | None]] = []
    for index in range(plies):
        evidence.append([sheet.readings[index] if index < len(sheet.readings) else None for sheet in sheets])
        sources.append([sheet.sources[index] if index < len(sheet.sources) else None for sheet in sheets])
    return decode(evidence, get_locale(locale), review_below=review_below), sources


def scan(
    files: Sequence[Path],
    locale: str | Locale,
    engine: Engine,
    *,
    copies: bool = False,
    form: Form | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[ScannedGame]:
    """Scan files into games: one game per file, or one game from all files with `copies`."""
    sheets: list[SheetReading] = []
    for number, path in enumerate(files, 1):
        sheets.append(read_sheet(path, engine, form))
        if progress is not None:
            progress(number, len(files))
    groups = [sheets] if copies else [[sheet] for sheet in sheets]
    names = [[str(path) for path in files]] if copies else [[str(path)] for path in files]
    games = []
    for group, group_names in zip(groups, names, strict=True):
        decoded, sources = decode_copies(group, locale, engine.review_below)
        games.append(ScannedGame(group_names, decoded, sources))
    return games
