"""Scoresheets in, the most probable legal game out, in five named stages:

1. `load`: a file's pages (`load_pages`): grayscale images, or a PDF's text layer;
2. `layout`: a page image's move grid (`find_layout`);
3. `cut`: every cell of the grid, row by row, each inked one cut from the page by the engine (`Engine.crop`);
4. `recognise`: the inked cells' readings (`Engine.read_many`); a cell without ink is read as `Blank`;
5. `decode`: the readings of one game's copies decoded together, ply by ply, into the most probable legal
   game (`decode_copies`). Where the game ends is the decoder's decision, from the evidence: a blank or
   crossed-out cell in the middle does not end it, and the blank cells after the last move do.

`read_sheet` runs stages 1–4 on one file and `scan` runs it on every file, then stage 5. Without copies each
file is one game (the pages of a PDF continue one another); with copies all files are the white and black
players' sheets of the same game. A page that carries a text layer (a typed bulletin) goes through the
noisy-text path (`read_text`) instead of stages 2–4. Pages are read one at a time (a long PDF is never
held whole in memory); a page of a many-page file that shows no grid is skipped with a warning.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import chess
from PIL import Image

from ..notation.decode.beam import REVIEW_BELOW, WRONG_TOKEN, Decoded, decode
from ..notation.decode.lenient import tokens
from ..notation.decode.reading import Blank, Reading
from ..notation.decode.textscore import TextReading
from ..notation.game import Game, Ply
from ..notation.locales import Locale, get_locale
from ..notation.prior import default_prior
from ..notation.text.render import renderings
from .engines.base import Engine
from .errors import LayoutError
from .forms import Form
from .layout.grid import Cell, Layout, find_layout
from .load import Page, iter_pages, load_pages


@dataclass(frozen=True)
class CellSource:
    """Where a ply's reading came from: the file, the page (from 1), the cell box (on the page turned by
    `turn` and straightened) and what was read."""

    file: str
    page: int
    box: tuple[int, int, int, int] | None
    text: str
    turn: int = 0  # degrees the page was turned (counter-clockwise) before its grid was found

    def as_json(self) -> dict[str, object]:
        return {
            "file": self.file,
            "page": self.page,
            "box": list(self.box) if self.box else None,
            "text": self.text,
            "turn": self.turn,
        }


@dataclass
class SheetReading:
    """One copy of a game: per ply, the reading and where it came from (None for a move missing from a text
    layer), and warnings about pages that could not be read."""

    readings: list[Reading | None] = field(default_factory=list)
    sources: list[CellSource | None] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

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
    # Pages skipped, copies that disagree: told on standard error and in the JSON output.
    warnings: list[str] = field(default_factory=list)
    # Per copy, the plies (from 0) at which it contradicts the decoded move that another copy shows.
    disagreeing: list[list[int]] = field(default_factory=list)

    @property
    def game(self) -> Game:
        # The files it was read from, as they were named, so the game can be traced back to its sheets.
        game = self.decoded.reviewed_game({"Annotator": "partiar scan", "Source": ", ".join(self.files)})
        game.warnings = [*game.warnings, *self.warnings]
        return game

    def move_fields(self) -> list[dict[str, object]]:
        fields = self.decoded.move_fields()
        for move, sources in zip(fields, self.sources, strict=False):
            move["cells"] = [source.as_json() for source in sources if source is not None]
        return fields


def load(path: Path) -> list[Page]:
    """Stage 1: the pages of a scoresheet file, in order."""
    return load_pages(path)


# Quarter turns (counter-clockwise degrees) tried, in order, on a page where no grid is found as it lies: a
# sheet scanned sideways or upside down.
TURNS = (90, 270, 180)
# A grid is upside down when the engine reads its first cells turned half round with clearly more confidence
# (mean log-confidence of its own best text over UPRIGHT_SAMPLE cells). Only pages read below UPRIGHT_DOUBT
# are tried both ways, and the turn must read better by FLIP_MARGIN: on 41 HCS validation and training
# pages, upright cells read at -1.3 to 0, and three poorly written upright pages read up to 0.32 better
# turned; a sheet really upside down reads 1 to 2 better the right way up.
UPRIGHT_DOUBT = -0.5
UPRIGHT_SAMPLE = 8
FLIP_MARGIN = 0.5


def layout(image: Image.Image, form: Form | None = None) -> tuple[int, Layout]:
    """Stage 2: the move grid of a page image (only grids of `form`'s shape when it is given), and the turn
    (degrees counter-clockwise) the page needed: none, or a quarter, three quarters or half a turn where no
    grid is found as it lies."""
    try:
        return 0, find_layout(image, form)
    except LayoutError as error:
        for turn in TURNS:
            try:
                return turn, find_layout(image.rotate(turn, expand=True), form)
            except LayoutError:
                continue
        raise error from None


def upright(image: Image.Image, engine: Engine, form: Form | None = None) -> tuple[int, Layout]:
    """Stage 2 with the page the right way up: a grid found upside down reads worse than the same grid
    turned half round, so where the first cells read poorly both ways are compared on a sample of them."""
    turn, grid = layout(image, form)
    doubt = _legibility(grid, engine)
    if doubt is None or doubt >= UPRIGHT_DOUBT:
        return turn, grid
    flipped = (turn + 180) % 360
    try:
        other = find_layout(image.rotate(flipped, expand=True), form)
    except LayoutError:
        return turn, grid
    better = _legibility(other, engine)
    return (flipped, other) if better is not None and better > doubt + FLIP_MARGIN else (turn, grid)


def _legibility(grid: Layout, engine: Engine) -> float | None:
    """How well the engine reads the grid's first inked cells (`Engine.legibility`)."""
    cells = [cell for row in grid.rows for cell in (row.white, row.black) if not cell.empty][:UPRIGHT_SAMPLE]
    return engine.legibility([engine.crop(grid, cell) for cell in cells]) if cells else None


def cut(grid: Layout, engine: Engine) -> list[tuple[Cell, Image.Image | None]]:
    """Stage 3: every cell of the grid in the order of play, each inked one cut out by `engine` (an empty
    cell has no image: it is read as blank)."""
    cells = [cell for row in grid.rows for cell in (row.white, row.black)]
    return [(cell, None if cell.empty else engine.crop(grid, cell)) for cell in cells]


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
    """Stages 1–4 on one scoresheet file: the readings of every cell, page after page.

    A page without a grid is skipped with a warning when another page of the file can be read; a file in
    which no page can be read raises `LayoutError` naming it."""
    sheet = SheetReading()
    failures: list[str] = []
    read = 0
    for page in iter_pages(path):
        if page.text and page.text.strip():
            read_text(path, page, sheet)
            read += 1
            continue
        if page.image is None:
            continue
        try:
            turn, grid = upright(page.image, engine, form)
        except LayoutError as error:
            failures.append(f"{path}, page {page.number}: {error}")
            continue
        cells = cut(grid, engine)
        readings = iter(recognise(engine, [image for _, image in cells if image is not None]))
        for cell, image in cells:
            reading: Reading = Blank() if image is None else next(readings)
            sheet.add(reading, CellSource(str(path), page.number, cell.box, reading.best(), turn))
        read += 1
    if not read:
        raise LayoutError(failures[0] if len(failures) == 1 else f"{path}: no page shows a move grid")
    sheet.warnings += [f"{failure}; the page is skipped" for failure in failures]
    return sheet


def decode_copies(
    sheets: Sequence[SheetReading],
    locale: str | Locale,
    review_below: float = REVIEW_BELOW,
    fixed: Mapping[int, chess.Move] | None = None,
    prior_weight: float | None = None,
    clear_below: float | None = None,
) -> tuple[Decoded, list[list[CellSource | None]]]:
    """Stage 5: the game behind one or more copies, their readings scored together ply by ply (`fixed`:
    plies, from 0, whose moves a person confirmed; `prior_weight`: the move prior's, the decoder's own by
    default; `clear_below`: see `decode`)."""
    plies = max((len(sheet.readings) for sheet in sheets), default=0)
    evidence: list[list[Reading | None]] = []
    sources: list[list[CellSource | None]] = []
    for index in range(plies):
        evidence.append([sheet.readings[index] if index < len(sheet.readings) else None for sheet in sheets])
        sources.append([sheet.sources[index] if index < len(sheet.sources) else None for sheet in sheets])
    decoded = decode(
        evidence,
        get_locale(locale),
        review_below=review_below,
        clear_below=clear_below,
        fixed=fixed,
        prior=default_prior(),
        prior_weight=prior_weight,
    )
    return decoded, sources


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
        page = find_layout(image.rotate(source.turn, expand=True) if source.turn else image, form).page
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
    """Stage 5 for one game: the readings of its copies (read from `files`) decoded together; copies that
    disagree beyond chance are told in a warning."""
    decoded, sources = decode_copies(sheets, locale, engine.review_below)
    against = disagreeing(sheets, decoded, get_locale(locale))
    warnings = [warning for sheet in sheets for warning in sheet.warnings]
    for file, temperature in zip(files, decoded.temperatures, strict=False):
        if temperature > 1.0:
            decides = "its moves are flagged unless the board decides them"
            if len(sheets) > 1:
                decides = "the other copies decide where it disagrees with them"
            warnings.append(
                f"{file}: the writing is often misread (many cells fit no legal move), so its readings count "
                f"{1 / temperature:.2f} as much and {decides}"
            )
    for file, sheet, plies in zip(files, sheets, against, strict=True):
        written = sum(
            reading is not None and not isinstance(reading, Blank)
            for reading in sheet.readings[: len(decoded.moves)]
        )
        if len(plies) >= DISAGREE_CELLS and len(plies) >= DISAGREE_SHARE * written:
            moves = ", ".join(_move_name(decoded.moves[index].ply) for index in plies[:5])
            more = f" and {len(plies) - 5} more" if len(plies) > 5 else ""
            warnings.append(
                f"{file}: this copy disagrees with the others at {len(plies)} of its {written} "
                f"written moves: {moves}{more}"
            )
    return ScannedGame(list(files), decoded, sources, list(sheets), warnings, against)


# A copy disagrees with the game beyond chance when at least this many of its written cells, and this share
# of them, fit none of the renderings of the decoded move while another copy's cell at the same ply does.
DISAGREE_CELLS = 3
DISAGREE_SHARE = 0.2


def disagreeing(sheets: Sequence[SheetReading], decoded: Decoded, locale: Locale) -> list[list[int]]:
    """Per copy, the plies (from 0) at which its cell fits none of the ways of writing the decoded move while
    another copy's cell does: two sheets of different games, a copy whose rows slipped, or a misreading."""
    fits: list[list[bool | None]] = [[] for _ in sheets]
    for index, move in enumerate(decoded.moves):
        texts = renderings(move.ply.san, move.ply.move, locale, en_passant=move.ply.en_passant)
        for copy, sheet in enumerate(sheets):
            reading = sheet.readings[index] if index < len(sheet.readings) else None
            fit = None
            if reading is not None and not isinstance(reading, Blank):
                fit = max(reading.score_many(texts)) > WRONG_TOKEN
            fits[copy].append(fit)
    return [
        [
            index
            for index, fit in enumerate(copy_fits)
            if fit is False and any(other[index] for other in fits if other is not copy_fits)
        ]
        for copy_fits in fits
    ]


def _move_name(ply: Ply) -> str:
    return f"{ply.number}{'.' if ply.white else '...'} {ply.san}"
