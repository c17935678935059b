"""Synthetic scoresheets: printed forms of every profile, filled by "hand", photographed, with the truth.

Real scans with known cell boxes are scarce, and none exist for Slovak, Czech or German forms, so tests,
benchmarks and training draw their own: a blank form (header wording in the sheet's language, column headings,
printed move numbers), move texts in a handwriting font with a writer's size, slant and jitter, then a
capture (rotation, perspective, uneven light, blur, noise, JPEG artefacts). Because the capture is one known
homography, every cell's true box in the final image is exact. Everything random comes from the caller's
`random.Random`, so a seed reproduces a sheet.
"""

from __future__ import annotations

import io
import json
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from ..errors import SynthError
from ..forms import Form
from .fonts import FORM_BOLD_FONT, FORM_FONT, PRINTED_FONT, find_font, missing_glyphs
from .strokes import Hand, can_write

Box = tuple[int, int, int, int]
SIDES = ("white", "black")
PAGE_MM = (210.0, 297.0)  # A4 portrait


@dataclass(frozen=True)
class Wording:
    """The printed words of a form in one language."""

    title: str
    event: str
    round: str
    board: str
    date: str
    white: str
    black: str
    number: str
    result: str
    signature: str


WORDING = {
    "sk": Wording("Partiár", "Turnaj", "Kolo", "Šachovnica", "Dátum", "Biely", "Čierny", "č.", "Výsledok",
                  "Podpis"),
    "cs": Wording("Partiář", "Turnaj", "Kolo", "Šachovnice", "Datum", "Bílý", "Černý", "č.", "Výsledek",
                  "Podpis"),
    "en": Wording("Score sheet", "Event", "Round", "Board", "Date", "White", "Black", "No.", "Result",
                  "Signature"),
    "de": Wording("Partieformular", "Turnier", "Runde", "Brett", "Datum", "Weiß", "Schwarz", "Nr.", "Ergebnis",
                  "Unterschrift"),
}  # fmt: skip


@dataclass(frozen=True)
class Capture:
    """How the filled sheet was photographed or scanned; the default is a clean, straight scan."""

    angle: float = 0.0  # degrees, counter-clockwise
    perspective: float = 0.0  # largest corner displacement, as a fraction of the page size
    blur: float = 0.0  # Gaussian blur radius in pixels
    noise: float = 0.0  # standard deviation of the sensor noise, in grey levels
    jpeg_quality: int | None = None
    shading: float = 0.0  # depth of the uneven-light gradient, 0 (even) to 1
    background: int | None = None  # grey level of the table around the paper; None: no border

    @classmethod
    def random(cls, rng: random.Random) -> Capture:
        """A plausible phone photo or scan, for training and benchmarks."""
        return cls(
            angle=rng.uniform(-5, 5),
            perspective=rng.uniform(0, 0.03),
            blur=rng.uniform(0, 1.2),
            noise=rng.uniform(0, 8),
            jpeg_quality=rng.randint(35, 92) if rng.random() < 0.5 else None,
            shading=rng.uniform(0, 0.35),
            background=rng.randint(30, 150) if rng.random() < 0.3 else None,
        )


@dataclass(frozen=True)
class TruthCell:
    """One move cell: its move number, side and written text, and where it is in the sheet image.

    `quad` is the cell's outline after capture (upper-left, lower-left, lower-right, upper-right corners,
    as x, y pairs); `box` is the outline's bounding box (x0, y0, x1, y1).
    """

    number: int
    side: str
    box: Box
    quad: tuple[float, ...]
    text: str


@dataclass(frozen=True)
class Sheet:
    """A drawn scoresheet and the truth about every cell of its grid (empty cells have text "")."""

    image: Image.Image
    form: Form
    lang: str
    font: Path | Hand
    dpi: int
    cells: tuple[TruthCell, ...]

    def truth(self) -> dict[str, object]:
        """The truth as the JSON written beside a sample."""
        return {**self._about(), "cells": self._cells()}

    def _about(self) -> dict[str, object]:
        return {
            "form": self.form.name,
            "lang": self.lang,
            "font": self.font.name if isinstance(self.font, Path) else f"hand:{self.font.face}",
            "dpi": self.dpi,
            "size": list(self.image.size),
        }

    def _cells(self) -> list[dict[str, object]]:
        return [
            {
                "number": cell.number,
                "side": cell.side,
                "box": list(cell.box),
                "quad": [round(value, 1) for value in cell.quad],
                "text": cell.text,
            }
            for cell in self.cells
        ]


@dataclass
class _Grid:
    """The form's geometry in page pixels before capture."""

    px: float  # pixels per millimetre
    size: tuple[int, int]
    header: tuple[float, float]  # top and bottom of the header band
    heading: tuple[float, float]  # top and bottom of the column-heading row
    rows: list[float]  # y of every row rule, top to bottom
    blocks: list[tuple[float, float, float, float]]  # x of: block left, number|White, White|Black, right
    footer_top: float
    line: int  # thin rule width in pixels
    frame: int  # outer rule width in pixels


def draw_scoresheet(
    rows: Sequence[tuple[str, str]],
    form: Form,
    lang: str,
    font: Path | Hand,
    rng: random.Random,
    dpi: int = 150,
    *,
    capture: Capture | None = None,
    header_mm: float | None = None,
) -> Sheet:
    """Draw a form of `form`'s shape in `lang`, write `rows` (White, Black texts per move) in `font`: a
    font file or a pen-stroke `Hand`.

    The printed font (`fonts.PRINTED_FONT`) writes a neat "typed" sheet; any other font writes with a
    writer's slant and jitter. `header_mm` fixes the height of the header above the grid (random otherwise).
    """
    if lang not in WORDING:
        raise SynthError(f"no form wording for language {lang!r}; known: {', '.join(WORDING)}")
    if len(rows) > form.moves:
        raise SynthError(f"{len(rows)} moves do not fit on form {form.name!r} ({form.moves} moves)")
    written = "".join(white + black for white, black in rows)
    if isinstance(font, Path) and (missing := missing_glyphs(font, written)):
        raise SynthError(f"font {font.name} has no glyphs for {missing!r}")
    if not isinstance(font, Path) and not can_write(written):
        raise SynthError(f"hand {font.face} cannot write {written!r}")
    grid = _geometry(form, dpi, rng, header_mm)
    page = Image.new("L", grid.size, 255)
    _draw_form(page, grid, form, WORDING[lang], rng)
    texts = {
        (number, side): text
        for number, row in enumerate(rows, 1)
        for side, text in zip(SIDES, row, strict=True)
    }
    cells = _cells(grid, form, texts)
    typed = isinstance(font, Path) and font.name == PRINTED_FONT
    _write(page, cells, font, rng, typed=typed, row_height=grid.rows[1] - grid.rows[0])
    image, homography = _capture(page, capture or Capture(), rng)
    return Sheet(
        image=image,
        form=form,
        lang=lang,
        font=font,
        dpi=dpi,
        cells=tuple(
            TruthCell(number, side, *_map_box(homography, box), text) for number, side, box, text in cells
        ),
    )


def write_sample(directory: Path, name: str, sheet: Sheet, fmt: str = "png") -> Path:
    """Write the sheet as `name.<fmt>` (png, jpg or pdf) and its truth as `name.json`; return the image path."""
    savers: dict[str, tuple[str, dict[str, Any]]] = {
        "png": ("PNG", {"optimize": True}),
        "jpg": ("JPEG", {"quality": 90}),
        "pdf": ("PDF", {}),
    }
    if fmt not in savers:
        raise SynthError(f"unknown sample format {fmt!r}; known: {', '.join(savers)}")
    directory.mkdir(parents=True, exist_ok=True)
    kind, options = savers[fmt]
    path = directory / f"{name}.{fmt}"
    sheet.image.save(path, kind, resolution=float(sheet.dpi), **options)
    # One cell to a line: the file stays small and reads (and diffs) cell by cell.
    head = json.dumps(sheet._about(), ensure_ascii=False)[:-1]
    cells = ",\n".join(json.dumps(cell, ensure_ascii=False) for cell in sheet._cells())
    (directory / f"{name}.json").write_text(f'{head}, "cells": [\n{cells}\n]}}\n', encoding="utf-8")
    return path


def _geometry(form: Form, dpi: int, rng: random.Random, header_mm: float | None) -> _Grid:
    px = dpi / 25.4
    width_mm, height_mm = PAGE_MM
    margin_x, margin_top, margin_bottom = rng.uniform(8, 15), rng.uniform(8, 14), rng.uniform(8, 12)
    header = rng.uniform(20, 80) if header_mm is None else header_mm
    footer = rng.uniform(14, 28)
    heading_rows = rng.uniform(1.0, 1.5)
    room = height_mm - margin_top - header - footer - margin_bottom
    row_mm = min(room / (form.rows + heading_rows), rng.uniform(7.5, 10.0))
    if row_mm < 4.0:
        raise SynthError(f"a {header:.0f} mm header leaves no room for {form.rows} rows on an A4 page")
    gap = 0.0 if form.shaded_numbers or rng.random() < 0.4 else rng.uniform(3, 8)
    block_mm = (width_mm - 2 * margin_x - gap * (form.blocks - 1)) / form.blocks
    number_mm = max(7.0, block_mm * rng.uniform(0.12, 0.2))
    blocks = []
    for index in range(form.blocks):
        left = margin_x + index * (block_mm + gap)
        middle = left + number_mm + (block_mm - number_mm) / 2
        blocks.append((left * px, (left + number_mm) * px, middle * px, (left + block_mm) * px))
    heading_top = margin_top + header
    first_row = heading_top + heading_rows * row_mm
    return _Grid(
        px=px,
        size=(round(width_mm * px), round(height_mm * px)),
        header=(margin_top * px, heading_top * px - 2 * px),
        heading=(heading_top * px, first_row * px),
        rows=[(first_row + r * row_mm) * px for r in range(form.rows + 1)],
        blocks=blocks,
        footer_top=(first_row + form.rows * row_mm) * px,
        line=max(1, round(rng.uniform(0.18, 0.35) * px)),
        frame=max(2, round(rng.uniform(0.4, 0.7) * px)),
    )


def _font(name: str, size: float) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(find_font(name)), max(6, round(size)))


def _hline(draw: ImageDraw.ImageDraw, y: float, x0: float, x1: float, width: int) -> None:
    top = round(y - width / 2)
    draw.rectangle((round(x0 - width / 2), top, round(x1 + width / 2) - 1, top + width - 1), fill=0)


def _vline(draw: ImageDraw.ImageDraw, x: float, y0: float, y1: float, width: int) -> None:
    left = round(x - width / 2)
    draw.rectangle((left, round(y0 - width / 2), left + width - 1, round(y1 + width / 2) - 1), fill=0)


def _draw_form(page: Image.Image, grid: _Grid, form: Form, words: Wording, rng: random.Random) -> None:
    draw = ImageDraw.Draw(page)
    _draw_header(draw, grid, words, rng)
    row_h = grid.rows[1] - grid.rows[0]
    top, bottom = grid.heading[0], grid.rows[-1]
    numbers = _font(FORM_FONT, row_h * 0.45)
    caption = _font(FORM_BOLD_FONT, row_h * 0.42)
    dark_heading = form.shaded_numbers or rng.random() < 0.3
    for block, (left, num_right, middle, right) in enumerate(grid.blocks):
        if form.shaded_numbers:
            for column in range(round(left), round(num_right)):
                shade = 150 + 85 * (column - left) / max(1.0, num_right - left)
                draw.line((column, grid.rows[0], column, bottom), fill=round(shade))
        if dark_heading:
            draw.rectangle((round(middle), round(top), round(right), round(grid.heading[1])), fill=60)
        headings = [
            (num_right, middle, words.white, 0),
            (middle, right, words.black, 255 if dark_heading else 0),
        ]
        if form.ruled_numbers:
            headings.insert(0, (left, num_right, words.number, 0))
        for x0, x1, text, ink in headings:
            draw.text(((x0 + x1) / 2, (top + grid.heading[1]) / 2), text, font=caption, fill=ink, anchor="mm")
        for y in grid.rows[1:-1]:
            _hline(draw, y, left, right, grid.line)
        for y in (top, grid.rows[0], bottom):
            _hline(draw, y, left, right, grid.frame if y != grid.rows[0] else grid.line)
        inner = (num_right, middle) if form.ruled_numbers else (middle,)
        for x in inner:
            _vline(draw, x, top, bottom, grid.line)
        for x in (left, right):
            _vline(draw, x, top, bottom, grid.frame)
        for row in range(form.rows):
            y = (grid.rows[row] + grid.rows[row + 1]) / 2
            draw.text(
                (left + grid.px * 1.2, y),
                str(block * form.rows + row + 1),
                font=numbers,
                fill=40,
                anchor="lm",
            )
    _draw_footer(draw, grid, words)


def _draw_header(draw: ImageDraw.ImageDraw, grid: _Grid, words: Wording, rng: random.Random) -> None:
    """Title and underlined fields, as many lines as the header's height holds."""
    top, bottom = grid.header
    width = grid.size[0]
    left, right = grid.blocks[0][0], grid.blocks[-1][3]
    title = _font(FORM_BOLD_FONT, min(6 * grid.px, (bottom - top) * 0.4))
    draw.text((width / 2, top), words.title.upper(), font=title, fill=0, anchor="mt")
    label = _font(FORM_FONT, 3.2 * grid.px)
    lines = [(words.event, words.round), (words.white, words.black), (words.date, words.board)]
    y = top + 11 * grid.px + (bottom - top - 11 * grid.px) % (8 * grid.px) * rng.random()
    for pair in lines:
        if y + 3 * grid.px > bottom:
            break
        half = (left + right) / 2
        for (x0, x1), text in zip(
            ((left, half - 3 * grid.px), (half + 3 * grid.px, right)), pair, strict=True
        ):
            draw.text((x0, y), f"{text}:", font=label, fill=0, anchor="ls")
            start = x0 + draw.textlength(f"{text}: ", font=label)
            _hline(draw, y + 0.6 * grid.px, start, x1, grid.line)
        y += 8 * grid.px


def _draw_footer(draw: ImageDraw.ImageDraw, grid: _Grid, words: Wording) -> None:
    y = grid.footer_top + 6 * grid.px
    if y + 2 * grid.px > grid.size[1]:
        return
    label = _font(FORM_FONT, 3.2 * grid.px)
    left, right = grid.blocks[0][0], grid.blocks[-1][3]
    text = f"{words.result}:   1-0    ½-½    0-1"
    draw.text((left, y), text, font=label, fill=0, anchor="ls")
    start = (left + right) / 2
    draw.text((start, y), f"{words.signature}:", font=label, fill=0, anchor="ls")
    _hline(
        draw, y + 0.6 * grid.px, start + draw.textlength(f"{words.signature}: ", font=label), right, grid.line
    )


def _cells(grid: _Grid, form: Form, texts: dict[tuple[int, str], str]) -> list[tuple[int, str, Box, str]]:
    """Every move cell of the form, (number, side, page box between the rule centres, text)."""
    cells = []
    for block, (_, num_right, middle, right) in enumerate(grid.blocks):
        for row in range(form.rows):
            number = block * form.rows + row + 1
            y0, y1 = grid.rows[row], grid.rows[row + 1]
            for side, (x0, x1) in zip(SIDES, ((num_right, middle), (middle, right)), strict=True):
                box = (round(x0), round(y0), round(x1), round(y1))
                cells.append((number, side, box, texts.get((number, side), "")))
    return sorted(cells, key=lambda cell: (cell[0], SIDES.index(cell[1])))


def _write(
    page: Image.Image,
    cells: list[tuple[int, str, Box, str]],
    font: Path | Hand,
    rng: random.Random,
    *,
    typed: bool,
    row_height: float,
) -> None:
    """Write every non-empty cell's text as one writer would: one size, slant and pen for the sheet."""
    scale = rng.uniform(0.45, 0.6) if typed else rng.uniform(0.5, 0.75)
    slant = 0.0 if typed else rng.uniform(-0.15, 0.35)
    pen = rng.randint(0, 30) if typed else rng.randint(0, 80)
    centred = rng.random() < 0.5
    jitter = 0.0 if typed else 1.0
    if isinstance(font, Path):
        ref_box = ImageFont.truetype(str(font), 100).getbbox("Kd8")
        size = 100 * scale * row_height / (ref_box[3] - ref_box[1])
    ink = np.asarray(page, dtype=np.float32).copy()
    for _, _, (x0, y0, x1, y1), text in cells:
        if not text:
            continue
        varied = 1 + jitter * rng.uniform(-0.1, 0.1)
        if isinstance(font, Path):
            face = ImageFont.truetype(str(font), max(6, round(size * varied)))
            mask = word_mask(
                face, text, slant + jitter * rng.uniform(-0.06, 0.06), jitter * rng.uniform(-3, 3)
            )
        else:  # a hand has its own slant; its cap height is most of the "Kd8" box
            mask = font.ink(text, 0.8 * scale * row_height * varied, rng)
        width, height = x1 - x0, y1 - y0
        if mask.width > 0.92 * width:
            mask = mask.resize((round(0.92 * width), max(1, round(mask.height * 0.92 * width / mask.width))))
        spare = width - mask.width
        x = (
            x0
            + (spare / 2 if centred else spare * rng.uniform(0.05, 0.3))
            + jitter * rng.uniform(-0.04, 0.04) * width
        )
        y = y0 + (height - mask.height) / 2 + jitter * rng.uniform(-0.12, 0.08) * height
        blend(ink, mask, round(x), round(y), pen)
    page.paste(Image.fromarray(ink.astype(np.uint8)))


def word_mask(face: ImageFont.FreeTypeFont, text: str, slant: float, angle: float) -> Image.Image:
    """The text as a coverage mask (255 = ink), sheared by `slant` and turned by `angle` degrees."""
    left, top, right, bottom = (round(value) for value in face.getbbox(text))
    pad = (bottom - top) // 2 + 2
    mask = Image.new("L", (right - left + 2 * pad, bottom - top + 2 * pad), 0)
    ImageDraw.Draw(mask).text((pad - left, pad - top), text, font=face, fill=255)
    if slant:
        shift = abs(slant) * mask.height
        mask = mask.transform(
            (mask.width + math.ceil(shift), mask.height),
            Image.Transform.AFFINE,
            (1, slant, -shift if slant > 0 else 0, 0, 1, 0),
            resample=Image.Resampling.BICUBIC,
        )
    if angle:
        mask = mask.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True)
    box = mask.getbbox()
    return mask.crop(box) if box else mask


def blend(ink: np.ndarray, mask: Image.Image, x: int, y: int, pen: int) -> None:
    """Lay the mask onto the page in pen colour `pen`, clipped to the page."""
    height, width = ink.shape
    alpha = np.asarray(mask, dtype=np.float32) / 255.0
    top, left = max(0, y), max(0, x)
    bottom, right = min(height, y + alpha.shape[0]), min(width, x + alpha.shape[1])
    if bottom <= top or right <= left:
        return
    alpha = alpha[top - y : bottom - y, left - x : right - x]
    region = ink[top:bottom, left:right]
    ink[top:bottom, left:right] = region * (1 - alpha) + pen * alpha


def _homography(source: np.ndarray, target: np.ndarray) -> np.ndarray:
    """The 3 × 3 projective map taking four source points onto four target points."""
    rows: list[list[float]] = []
    rhs: list[float] = []
    for (x, y), (u, v) in zip(source, target, strict=True):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        rhs.extend((u, v))
    solution = np.linalg.solve(np.array(rows, dtype=np.float64), np.array(rhs, dtype=np.float64))
    return np.append(solution, 1.0).reshape(3, 3)


def _map_box(homography: np.ndarray, box: Box) -> tuple[Box, tuple[float, ...]]:
    """A page box through the capture: its bounding box and its outline (upper-left, lower-left, ...)."""
    x0, y0, x1, y1 = box
    corners = np.array([[x0, y0, 1], [x0, y1, 1], [x1, y1, 1], [x1, y0, 1]], dtype=np.float64)
    mapped = corners @ homography.T
    xs, ys = mapped[:, 0] / mapped[:, 2], mapped[:, 1] / mapped[:, 2]
    bounds = (round(xs.min()), round(ys.min()), round(xs.max()), round(ys.max()))
    return bounds, tuple(float(v) for pair in zip(xs, ys, strict=True) for v in pair)


def _capture(page: Image.Image, capture: Capture, rng: random.Random) -> tuple[Image.Image, np.ndarray]:
    """Photograph the page; return the picture and the homography from page to picture pixels."""
    width, height = page.size
    corners = np.array([[0, 0], [width, 0], [width, height], [0, height]], dtype=np.float64)
    turn = math.radians(capture.angle)
    centre = np.array([width / 2, height / 2])
    rotation = np.array([[math.cos(turn), math.sin(turn)], [-math.sin(turn), math.cos(turn)]])
    moved = (corners - centre) @ rotation.T + centre
    moved += np.array([[rng.uniform(-1, 1) * width, rng.uniform(-1, 1) * height] for _ in range(4)]) * (
        capture.perspective
    )
    border = 0.0 if capture.background is None else rng.uniform(0.02, 0.06) * width
    moved += border - moved.min(axis=0)
    size = (math.ceil(moved[:, 0].max() + border), math.ceil(moved[:, 1].max() + border))
    homography = _homography(corners, moved)
    inverse = np.linalg.inv(homography)
    inverse /= inverse[2, 2]
    picture = page.transform(
        size,
        Image.Transform.PERSPECTIVE,
        tuple(inverse.flatten()[:8]),
        resample=Image.Resampling.BICUBIC,
        fillcolor=255 if capture.background is None else capture.background,
    )
    return _degrade(picture, capture, rng), homography


def _degrade(picture: Image.Image, capture: Capture, rng: random.Random) -> Image.Image:
    if capture.blur:
        picture = picture.filter(ImageFilter.GaussianBlur(capture.blur))
    if capture.shading or capture.noise:
        values = np.asarray(picture, dtype=np.float32)
        height, width = values.shape
        if capture.shading:
            ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
            direction = rng.uniform(0, 2 * math.pi)
            ramp = (xs / width - 0.5) * math.cos(direction) + (ys / height - 0.5) * math.sin(direction)
            values = values * (1 - capture.shading * (ramp + 0.5))
        if capture.noise:
            noise = np.random.default_rng(rng.getrandbits(64)).normal(0, capture.noise, values.shape)
            values = values + noise.astype(np.float32)
        picture = Image.fromarray(np.clip(values, 0, 255).astype(np.uint8))
    if capture.jpeg_quality is not None:
        buffer = io.BytesIO()
        picture.save(buffer, "JPEG", quality=capture.jpeg_quality)
        picture = Image.open(io.BytesIO(buffer.getvalue())).convert("L")
    return picture
