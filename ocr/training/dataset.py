"""Labelled cell images for training and measuring the recogniser: HCS train pages and synthetic sheets.

Both sources are cut the way the scanner cuts cells: `find_layout` finds the grid, and each sample keeps
the cell exactly as the CTC engine cuts it at scan time (`partiar.ocr.engines.ctc.crop`, its `view`), on
which training measures its epochs. Each sample also keeps a wider cut, two cell heights on the left, so
that training can vary the crop: writers overrun their cells, and a crop may take in neighbouring rules and
strokes and the printed move numbers a layout may leave in a White cell. Cutting a page costs a second or
two, so every page's cells are cached (pickled) under `$PARTIAR_CACHE` or `~/.cache/partiar`, outside the
repository: crops of the HCS scans are not ours to ship. The HCS pages and the game collections are read
from the shared data (`partiar.ocr.training.shared`).

Synthetic sheets fill a random form with a real game (or a random legal one) written in a random locale
and style with a development font (never a held-out one), adding the moves real games rarely show
(promotions, `e.p.`, draw offers) so every class of the alphabet is seen.
"""

from __future__ import annotations

import dataclasses
import json
import os
import pickle
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import chess
import chess.pgn
import numpy as np
from PIL import Image

from ...notation.locales import LOCALES
from ...notation.text.render import Style, render, render_on_board
from ..engines import ctc
from ..errors import LayoutError, SynthError
from ..forms import FORMS
from ..layout.grid import Cell, Layout, Quad, find_layout
from .fonts import DEV_FONTS, fonts_for
from .shared import shared_data
from .synth import WORDING, Capture, draw_scoresheet

# The cache's wide cut: margins round the cell in cell heights (above and below, left, right), and every
# cell scaled to CACHE_HEIGHT pixels between its rules.
CACHE_MARGIN = 0.45
CACHE_LEFT_MARGIN = 2.0  # room for a number column that a layout left in the cell
CACHE_RIGHT_MARGIN = 0.35
CACHE_HEIGHT = 48
CACHE_VERSION = "cells-v3"  # v3: samples keep the engine's own cut (`view`)
EMPTY_PER_PAGE = 3  # empty cells kept per page, so the model learns that a blank cell says nothing

GAMES = ("shakmaty/twic1599_1000k.pgn", "pgn-extract/fischer.pgn", "pgn-extract/petrosian.pgn")
# How often each locale writes a synthetic sheet: the project's own locales first, every other one too.
LOCALE_WEIGHTS = {
    "sk": 4,
    "cs": 3,
    "sr": 2,
    "sr-Cyrl": 1,
    "de": 2,
    "ru": 2,
    "uk": 1,
    "bg": 1,
    "tr": 1,
    "en": 1,
}
OTHER_LOCALE_WEIGHT = 0.5
RARE = 0.06  # share of synthetic cells replaced by a promotion, an en-passant capture or a draw offer


@dataclass(frozen=True)
class Sample:
    """One labelled cell: where it came from, its label, its wide image and the engine's view of it."""

    source: str  # "hcs/<page>" or "synth/<index>"
    number: int
    side: str
    text: str
    image: np.ndarray  # uint8 grey, the cell CACHE_HEIGHT pixels high with the cache's margins round it
    view: np.ndarray  # uint8 grey, the cell as the CTC engine cuts it at scan time (`ctc.crop`)


def cache_dir() -> Path:
    """Where cut cells are kept: `$PARTIAR_CACHE` or `~/.cache/partiar`."""
    return Path(os.environ.get("PARTIAR_CACHE", Path.home() / ".cache" / "partiar"))


def widen(cell: Cell, margin: float, left: float, right: float) -> Cell:
    """The cell grown by `margin` cell heights above and below, `left` and `right` heights at the sides,
    along its own (perspective) edges."""
    upper_left, lower_left, lower_right, upper_right = np.array(cell.quad).reshape(4, 2)
    left_up, right_up = upper_left - lower_left, upper_right - lower_right
    height = float(np.hypot(*left_up) + np.hypot(*right_up)) / 2
    upper_left, lower_left = upper_left + margin * left_up, lower_left - margin * left_up
    upper_right, lower_right = upper_right + margin * right_up, lower_right - margin * right_up
    top, bottom = upper_right - upper_left, lower_right - lower_left
    top, bottom = (
        top * height / max(1.0, float(np.hypot(*top))),
        bottom * height / max(1.0, float(np.hypot(*bottom))),
    )
    points = np.array(
        [
            upper_left - left * top,
            lower_left - left * bottom,
            lower_right + right * bottom,
            upper_right + right * top,
        ]
    )
    low, high = points.min(axis=0), points.max(axis=0)
    box = (round(low[0]), round(low[1]), round(high[0]), round(high[1]))
    x0, y0, x1, y1, x2, y2, x3, y3 = (float(value) for value in points.flatten())
    quad: Quad = (x0, y0, x1, y1, x2, y2, x3, y3)
    return dataclasses.replace(cell, quad=quad, box=box)


def _take(layout: Layout, cell: Cell, height: int | None = None) -> Image.Image:
    """`Layout.crop`, except that what lies beyond the page is the cell's paper grey rather than black: a
    margin round the first or last row of a tightly cropped scan would otherwise end in a black bar."""
    x0, y0, x1, y1 = cell.box
    size = (max(1, x1 - x0), max(1, y1 - y0))
    if height is not None:
        size = (max(1, round(size[0] * height / size[1])), height)
    page = layout.page
    inside = np.asarray(page.crop((max(0, x0), max(0, y0), min(page.width, x1), min(page.height, y1))))
    paper = int(np.percentile(inside, 90)) if inside.size else 255
    return page.transform(
        size, Image.Transform.QUAD, cell.quad, resample=Image.Resampling.BICUBIC, fillcolor=paper
    )


def cut_sample(source: str, layout: Layout, cell: Cell, text: str) -> Sample:
    """The labelled cell, cut twice: with the cache's wide margins, and as the CTC engine cuts it."""
    wide = widen(cell, CACHE_MARGIN, CACHE_LEFT_MARGIN, CACHE_RIGHT_MARGIN)
    image = np.asarray(_take(layout, wide, round(CACHE_HEIGHT * (1 + 2 * CACHE_MARGIN))))
    view = np.asarray(ctc.crop(layout, cell).convert("L"))
    return Sample(source, cell.number, cell.side, text, image, view)


def _cached(name: str, build: Callable[[], list[Sample]]) -> list[Sample]:
    path = cache_dir() / CACHE_VERSION / f"{name}.pkl"
    if path.exists():
        with path.open("rb") as handle:
            samples: list[Sample] = pickle.load(handle)
        return samples
    samples = build()
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".tmp")
    with partial.open("wb") as handle:
        pickle.dump(samples, handle)
    partial.replace(path)
    return samples


def hcs_root() -> Path:
    """The HCS data set in the shared data."""
    return shared_data("hcs")


def hcs_labels(root: Path | None = None) -> dict[str, dict[tuple[int, str], str]]:
    """The training tags by page (`GGG_C`), then by (move number, side)."""
    labels: dict[str, dict[tuple[int, str], str]] = {}
    for line in ((root or hcs_root()) / "training_tags.txt").read_text().splitlines():
        name, _, label = line.strip().partition(" ")
        if not name:
            continue
        game, copy, number, side = name.removesuffix(".png").split("_")
        labels.setdefault(f"{game}_{copy}", {})[(int(number), side)] = label.strip()
    return labels


def hcs_split(root: Path | None = None, seed: int = 0, share: float = 0.12) -> tuple[list[str], list[str]]:
    """The labelled HCS train pages split into training and validation pages, `share` of the games (both
    copies of a game together) held out for validation. The test pages are in neither."""
    root = root or hcs_root()
    labelled = hcs_labels(root)
    pages = [
        page for page in json.loads((root / "split.json").read_text())["train_pages"] if page in labelled
    ]
    games = sorted({page.split("_")[0] for page in pages})
    random.Random(seed).shuffle(games)
    held = set(games[: round(len(games) * share)])
    training = [page for page in pages if page.split("_")[0] not in held]
    return training, [page for page in pages if page.split("_")[0] in held]


def _empties(layout: Layout, last: int, rng: random.Random) -> list[tuple[Cell, str]]:
    """A few cells well after the last written move: empty in all but a stray case."""
    cells = [cell for row in layout.rows if row.number >= last + 3 for cell in (row.white, row.black)]
    return [(cell, "") for cell in rng.sample(cells, min(EMPTY_PER_PAGE, len(cells)))]


def hcs_samples(root: Path, page: str, labels: dict[tuple[int, str], str]) -> list[Sample]:
    """The labelled cells of one HCS page (none when no grid is found), with a few empty ones; cached."""

    def build() -> list[Sample]:
        with Image.open(root / "pages" / f"{page}.jpg") as image:
            try:
                layout = find_layout(image, FORMS["hcs"])
            except LayoutError:
                return []
        by_key = {
            (row.number, side): getattr(row, side) for row in layout.rows for side in ("white", "black")
        }
        chosen = [(by_key[key], text) for key, text in sorted(labels.items()) if key in by_key]
        chosen += _empties(layout, max(number for number, _ in labels), random.Random(page))
        return [cut_sample(f"hcs/{page}", layout, cell, text) for cell, text in chosen]

    return _cached(f"hcs/{page}", build)


@cache
def collection_games(data: Path) -> tuple[tuple[chess.Move, ...], ...]:
    games = []
    for name in GAMES:
        with (data / "pgn" / name).open(encoding="utf-8-sig") as handle:
            while (game := chess.pgn.read_game(handle)) is not None:
                moves = tuple(game.mainline_moves())
                if len(moves) >= 10 and not game.errors:
                    games.append(moves)
    return tuple(games)


def _random_game(rng: random.Random, plies: int) -> tuple[chess.Move, ...]:
    board = chess.Board()
    while len(board.move_stack) < plies and not board.is_game_over():
        board.push(rng.choice(list(board.legal_moves)))
    return tuple(board.move_stack)


def random_locale(rng: random.Random) -> str:
    """A locale's code, the project's own locales more often (`LOCALE_WEIGHTS`)."""
    codes = [locale.code for locale in LOCALES]
    return rng.choices(codes, [LOCALE_WEIGHTS.get(code, OTHER_LOCALE_WEIGHT) for code in codes])[0]


def random_style(rng: random.Random) -> Style:
    return Style(
        form="long" if rng.random() < 0.15 else "short",
        capture=rng.choices([None, "x", "", ":", "×"], [50, 20, 15, 10, 5])[0],
        checks=rng.random() < 0.75,
        en_passant=rng.random() < 0.5,
        castling_zero=rng.random() < 0.6,
        promotion_mark="=" if rng.random() < 0.4 else "",
    )


def rare_move(rng: random.Random, locale: str, style: Style) -> str:
    """A move real games seldom show: a promotion, an en-passant capture, or any move with a draw offer."""
    files = "abcdefgh"
    column = rng.randrange(8)
    beside = min(7, max(0, column + rng.choice((-1, 1))))
    kind = rng.randrange(3)
    if kind == 0:
        target = column if rng.random() < 0.5 else beside
        piece = rng.choice("QRBN")
        start = f"{files[column]}x" if target != column else ""
        san = f"{start}{files[target]}8={piece}{rng.choice(['', '+', '#'])}"
        move = chess.Move(
            chess.square(column, 6), chess.square(target, 7), chess.Piece.from_symbol(piece).piece_type
        )
        return render(san, move, locale, style)
    if kind == 1 and beside != column:
        san = f"{files[column]}x{files[beside]}6"
        move = chess.Move(chess.square(column, 4), chess.square(beside, 5))
        return render(san, move, locale, dataclasses.replace(style, en_passant=True), en_passant=True)
    board = chess.Board()
    for move in _random_game(rng, rng.randrange(2, 30)):
        board.push(move)
    if board.is_game_over():
        return "(=)"
    return render_on_board(board, rng.choice(list(board.legal_moves)), locale, style) + "(=)"


def _sheet_texts(rng: random.Random, data: Path, moves: int) -> tuple[str, list[tuple[str, str]]]:
    """A locale and up to `moves` rows of (White, Black) texts of one game written in it."""
    locale = random_locale(rng)
    style = random_style(rng)
    game = (
        rng.choice(collection_games(data))
        if rng.random() < 0.8
        else _random_game(rng, rng.randrange(20, 120))
    )
    plies = min(len(game), 2 * rng.randint(max(1, moves // 3), moves))
    board = chess.Board()
    texts = []
    for move in game[:plies]:
        texts.append(
            rare_move(rng, locale, style)
            if rng.random() < RARE
            else render_on_board(board, move, locale, style)
        )
        board.push(move)
    texts += [""] * (len(texts) % 2)
    return locale, list(zip(texts[::2], texts[1::2], strict=True))


def synthetic_samples(data: Path, index: int, seed: int) -> list[Sample]:
    """The written cells (and a few empty ones) of synthetic sheet `index`; cached. A sheet whose grid the
    layout does not find gives none."""

    def build() -> list[Sample]:
        rng = random.Random(f"{seed}/{index}")
        form = rng.choice(list(FORMS.values()))
        _, rows = _sheet_texts(rng, data, form.moves)
        fonts = fonts_for(DEV_FONTS, "".join(white + black for white, black in rows))
        if not fonts:
            return []
        capture = Capture.random(rng) if rng.random() < 0.7 else None
        try:
            sheet = draw_scoresheet(
                rows, form, rng.choice(list(WORDING)), rng.choice(fonts), rng, rng.choice((120, 150, 200)),
                capture=capture,
            )  # fmt: skip
            layout = find_layout(sheet.image, form)
        except (LayoutError, SynthError):
            return []
        cells = {(row.number, side): getattr(row, side) for row in layout.rows for side in ("white", "black")}
        written: list[tuple[Cell, str]] = []
        empty: list[tuple[Cell, str]] = []
        for truth in sheet.cells:
            cell = cells.get((truth.number, truth.side))
            x, y = layout.from_source((truth.box[0] + truth.box[2]) / 2, (truth.box[1] + truth.box[3]) / 2)
            if cell is None or not (cell.box[0] <= x <= cell.box[2] and cell.box[1] <= y <= cell.box[3]):
                continue
            (written if truth.text else empty).append((cell, truth.text))
        chosen = written + rng.sample(empty, min(EMPTY_PER_PAGE, len(empty)))
        return [cut_sample(f"synth/{index}", layout, cell, text) for cell, text in chosen]

    return _cached(f"synth/{seed}-{index}", build)


def synthetic(data: Path, sheets: int, seed: int) -> Iterator[list[Sample]]:
    """The samples of synthetic sheets 0 … sheets - 1, sheet by sheet."""
    for index in range(sheets):
        yield synthetic_samples(data, index, seed)
