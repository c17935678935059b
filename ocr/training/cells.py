"""Synthetic cells drawn one at a time: far more writing, and harder, than whole sheets can give.

A cell is drawn straight into the geometry of the training cache (`dataset.cut_sample`): CACHE_HEIGHT pixels
between its rules with the cache's margins round it, so training crops and augments it like a cell cut from
a page, and its `view` is the cell at its outline, as the engine cuts at scan time. A cell shows:

- a move of a real game (at any point of it) in a random locale and style, written by a development font or
  a pen-stroke `Hand` (`strokes.py`), of any size that fits, anywhere in the cell, now and then overrunning;
- the form's rules, of any weight and a little tilted; at the left the neighbouring cell's rule with the
  printed move number or the White move beside a Black one; the ink of the rows above and below;
- now and then a correction, as players make them: a wrong move struck through (one or two lines or a
  scribble) or blotted out, with the right move written beside it or squeezed in above; the label is the
  right move;
- now and then nothing: a blank cell, with a stray dot or tick at times.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import chess
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from ...notation.text.render import render_on_board
from .dataset import (
    CACHE_HEIGHT,
    CACHE_LEFT_MARGIN,
    CACHE_MARGIN,
    CACHE_RIGHT_MARGIN,
    Sample,
    random_locale,
    random_style,
    rare_move,
)
from .fonts import PRINTED_FONT, missing_glyphs
from .strokes import HANDS, Hand, can_write
from .synth import blend, word_mask

Game = tuple[chess.Move, ...]


@dataclass(frozen=True)
class CellMix:
    """How often a drawn cell shows each thing."""

    hand: float = 0.4  # written by a pen-stroke hand rather than a font (when a hand can write it)
    corrected: float = 0.1  # a struck-through or blotted move with the right one beside or above
    blank: float = 0.04
    neighbours: float = 0.5  # ink of the rows above and below reaching into the margins
    left: float = 0.5  # the neighbouring cell at the left: a printed number or the White move
    rare: float = 0.06  # a promotion, an en-passant capture or a draw offer instead of the game's move


@dataclass(frozen=True)
class _Pen:
    font: Path | None
    hand: Hand | None
    size: float  # cap height in cell heights
    slant: float
    colour: int

    def ink(self, text: str, rng: random.Random, scale: float = 1.0) -> Image.Image:
        cap = self.size * scale * CACHE_HEIGHT
        if self.hand is not None:
            return self.hand.ink(text, cap, rng)
        assert self.font is not None
        face = ImageFont.truetype(str(self.font), max(6, round(cap / 0.7)))
        return word_mask(face, text, self.slant + rng.uniform(-0.05, 0.05), rng.uniform(-3, 3))


def draw_cell(
    rng: random.Random, games: Sequence[Game], fonts: Sequence[Path], mix: CellMix = CellMix(), index: int = 0
) -> Sample:
    """One random labelled cell (`source` "fresh/<index>")."""
    while True:  # a locale whose letters no pen at hand can write is drawn again
        texts = _texts(rng, games, mix)
        pen = _pen(rng, texts, fonts, mix)
        if pen is not None:
            break
    text = "" if rng.random() < mix.blank else texts[2]
    aspect = rng.uniform(2.6, 5.5)
    height = round(CACHE_HEIGHT * (1 + 2 * CACHE_MARGIN))
    width = round(CACHE_HEIGHT * (CACHE_LEFT_MARGIN + aspect + CACHE_RIGHT_MARGIN))
    top = CACHE_HEIGHT * CACHE_MARGIN
    left = CACHE_HEIGHT * CACHE_LEFT_MARGIN
    right = left + aspect * CACHE_HEIGHT
    bottom = top + CACHE_HEIGHT
    paper = rng.randint(170, 250)
    ink = np.full((height, width), float(paper), dtype=np.float32)
    _rules(ink, rng, top, bottom, left, right, paper)
    if rng.random() < mix.left:
        _left_neighbour(ink, rng, pen, texts[1], left)
    if rng.random() < mix.neighbours:
        for row, above in ((texts[0], True), (texts[3], False)):
            mask = pen.ink(row, rng)
            middle = top - CACHE_HEIGHT / 2 if above else bottom + CACHE_HEIGHT / 2
            y = middle - mask.height / 2 + rng.gauss(0.0, 0.1) * CACHE_HEIGHT
            blend(ink, mask, round(left + rng.uniform(0.0, 0.5) * CACHE_HEIGHT), round(y), pen.colour)
    if text:
        if rng.random() < mix.corrected:
            _corrected(ink, rng, pen, text, texts[4], (top, left, right))
        else:
            _write(ink, rng, pen, text, (top, left, right))
    elif rng.random() < 0.3:
        _stray(ink, rng, pen, (top, left, right))
    noise = np.random.default_rng(rng.getrandbits(32)).normal(0.0, rng.uniform(0.0, 8.0), ink.shape)
    image = np.clip(ink + noise, 0, 255).astype(np.uint8)
    view = image[round(top) : round(bottom), round(left) : round(right)]
    return Sample(f"fresh/{index}", 0, "white", text, image, np.ascontiguousarray(view))


def _texts(rng: random.Random, games: Sequence[Game], mix: CellMix) -> list[str]:
    """Five moves of one game in one locale and style: the row above, the cell's left neighbour, the
    cell's own move, the row below, and a wrong move for a correction."""
    locale = random_locale(rng)
    style = random_style(rng)
    game = rng.choice(games)
    ply = rng.randrange(len(game))
    start = max(0, ply - 2)
    board = chess.Board()
    for move in game[:start]:
        board.push(move)
    texts = []
    for move in game[start : start + 4]:
        texts.append(render_on_board(board, move, locale, style))
        board.push(move)
    while len(texts) < 4:
        texts.insert(0, texts[0])
    own = rare_move(rng, locale, style) if rng.random() < mix.rare else texts[2]
    if board.is_game_over():
        wrong = texts[0]
    else:
        wrong = render_on_board(board, rng.choice(list(board.legal_moves)), locale, style)
    return [texts[0], texts[1], own, texts[3], wrong]


def _pen(rng: random.Random, texts: Sequence[str], fonts: Sequence[Path], mix: CellMix) -> _Pen | None:
    """A pen that can write all the texts, or None."""
    everything = "".join(texts)
    size = rng.uniform(0.3, 0.62)
    colour = rng.randint(0, 110)
    if (rng.random() < mix.hand or not fonts) and can_write(everything):
        return _Pen(None, Hand.at_random(rng, HANDS), size, 0.0, colour)
    usable = [font for font in fonts if not missing_glyphs(font, everything)]
    if not usable:
        return None
    font = rng.choice(usable)
    slant = 0.0 if font.name == PRINTED_FONT else rng.uniform(-0.15, 0.35)  # a typed sheet stands upright
    return _Pen(font, None, size, slant, colour)


def _rules(
    ink: np.ndarray, rng: random.Random, top: float, bottom: float, left: float, right: float, paper: int
) -> None:
    """The cell's rules: horizontal ones across the whole cut, vertical ones at its sides and, at times, at
    the left edge of the neighbouring cell."""
    shade = rng.randint(20, max(21, paper - 40))
    weight = rng.randint(1, 3)
    width = ink.shape[1]
    tilt = rng.uniform(-0.01, 0.01) * width
    with _drawing_on(ink) as draw:
        for y in (top, bottom):
            y += rng.uniform(-1.5, 1.5)
            draw.line((0, y - tilt / 2, width, y + tilt / 2), fill=shade, width=weight)
        columns = [left, right]
        if rng.random() < 0.6:
            columns.append(left - rng.uniform(0.6, 1.4) * CACHE_HEIGHT)
        for x in columns:
            x += rng.uniform(-1.5, 1.5)
            draw.line((x, 0, x + rng.uniform(-1, 1), ink.shape[0]), fill=shade, width=weight)


@contextmanager
def _drawing_on(ink: np.ndarray) -> Iterator[ImageDraw.ImageDraw]:
    """Pillow's drawing on the float ink array, written back when done."""
    layer = Image.fromarray(ink, mode="F")
    yield ImageDraw.Draw(layer)
    ink[:] = np.asarray(layer)


def _left_neighbour(ink: np.ndarray, rng: random.Random, pen: _Pen, white: str, left: float) -> None:
    """At the left, the White move (this cell being Black's) or a printed move number."""
    if rng.random() < 0.5:
        mask = pen.ink(white, rng)
    else:
        mask = word_mask(_printed(rng.randint(14, 24)), str(rng.randint(1, 80)), 0.0, 0.0)
    x = left - mask.width - rng.uniform(0.05, 0.3) * CACHE_HEIGHT
    y = CACHE_HEIGHT * CACHE_MARGIN + (CACHE_HEIGHT - mask.height) / 2 + rng.uniform(-0.1, 0.1) * CACHE_HEIGHT
    blend(ink, mask, round(x), round(y), pen.colour if rng.random() < 0.5 else rng.randint(0, 80))


@cache
def _printed(size: int) -> ImageFont.FreeTypeFont:
    """Pillow's own printed face (no font file needed where training runs)."""
    face = ImageFont.load_default(size)
    assert isinstance(face, ImageFont.FreeTypeFont)
    return face


def _fit(mask: Image.Image, width: float, height: float) -> Image.Image:
    """The mask shrunk, keeping its shape, so it fits `width` × `height` (people squeeze, not wrap)."""
    factor = min(1.0, width / max(1, mask.width), height / max(1, mask.height))
    if factor >= 1.0:
        return mask
    return mask.resize(
        (max(1, round(mask.width * factor)), max(1, round(mask.height * factor))), Image.Resampling.BILINEAR
    )


def _write(
    ink: np.ndarray, rng: random.Random, pen: _Pen, text: str, box: tuple[float, float, float]
) -> None:
    top, left, right = box
    mask = _fit(pen.ink(text, rng), (right - left) * rng.uniform(0.85, 1.05), CACHE_HEIGHT * 1.05)
    spare = right - left - mask.width
    x = left + max(-0.05 * CACHE_HEIGHT, spare * rng.uniform(0.0, 0.6) if rng.random() < 0.7 else spare / 2)
    y = top + (CACHE_HEIGHT - mask.height) / 2 + rng.gauss(0.0, 0.08) * CACHE_HEIGHT
    blend(ink, mask, round(x), round(y), pen.colour)


def _corrected(
    ink: np.ndarray,
    rng: random.Random,
    pen: _Pen,
    text: str,
    wrong: str,
    box: tuple[float, float, float],
) -> None:
    """A wrong move struck through or blotted, and `text` beside it or squeezed in above it."""
    top, left, right = box
    above = rng.random() < 0.25
    share = rng.uniform(0.3, 0.5) if not above else rng.uniform(0.6, 0.95)
    crossed = _fit(pen.ink(wrong, rng), (right - left) * share, CACHE_HEIGHT * (0.5 if above else 0.9))
    x = left + rng.uniform(0.0, 0.1) * CACHE_HEIGHT
    # Squeezed in above: the struck move in the cell's lower half, the right one in its upper half, reaching
    # a little over the top rule (a crop that keeps the cell keeps the move).
    y = (
        top + CACHE_HEIGHT - crossed.height - 0.05 * CACHE_HEIGHT
        if above
        else top + (CACHE_HEIGHT - crossed.height) / 2
    )
    blend(ink, crossed, round(x), round(y), pen.colour)
    _strike(ink, rng, pen.colour, (x, y, x + crossed.width, y + crossed.height))
    if above:
        mask = _fit(pen.ink(text, rng, scale=rng.uniform(0.6, 0.85)), right - left, CACHE_HEIGHT * 0.5)
        blend(
            ink,
            mask,
            round(left + rng.uniform(0.0, 0.4) * CACHE_HEIGHT),
            round(top - mask.height * rng.uniform(0.0, 0.25)),
            pen.colour,
        )
    else:
        start = x + crossed.width + rng.uniform(0.05, 0.25) * CACHE_HEIGHT
        mask = _fit(pen.ink(text, rng), max(8.0, right - start + 0.1 * CACHE_HEIGHT), CACHE_HEIGHT)
        blend(ink, mask, round(start), round(top + (CACHE_HEIGHT - mask.height) / 2), pen.colour)


def _strike(ink: np.ndarray, rng: random.Random, colour: int, box: tuple[float, float, float, float]) -> None:
    """Lines through the box, a zigzag scribble over it, or a blot on it."""
    x0, y0, x1, y1 = box
    kind = rng.random()
    pen = rng.randint(1, 3)
    with _drawing_on(ink) as draw:
        if kind < 0.5:
            for _ in range(rng.choice((1, 1, 2))):
                y = rng.uniform(y0 + 0.3 * (y1 - y0), y0 + 0.7 * (y1 - y0))
                draw.line(
                    (x0 - 2, y + rng.uniform(-3, 3), x1 + 2, y + rng.uniform(-3, 3)), fill=colour, width=pen
                )
        elif kind < 0.85:
            turns = max(3, round((x1 - x0) / max(3.0, rng.uniform(3, 8))))
            points = [(x0 + (x1 - x0) * step / turns, y0 if step % 2 else y1) for step in range(turns + 1)]
            draw.line(points, fill=colour, width=pen)
        else:
            draw.ellipse((x0, y0 + 0.1 * (y1 - y0), x1, y1 - 0.1 * (y1 - y0)), fill=colour)


def _stray(ink: np.ndarray, rng: random.Random, pen: _Pen, box: tuple[float, float, float]) -> None:
    """A dot or a short tick in an empty cell."""
    top, left, right = box
    bottom = top + CACHE_HEIGHT
    x = rng.uniform(left, right)
    y = rng.uniform(top, bottom)
    size = rng.uniform(1.0, 3.0)
    with _drawing_on(ink) as draw:
        if rng.random() < 0.5:
            draw.ellipse((x - size, y - size, x + size, y + size), fill=pen.colour)
        else:
            angle = rng.uniform(0, math.pi)
            length = rng.uniform(3, 10)
            draw.line(
                (x, y, x + length * math.cos(angle), y + length * math.sin(angle)), fill=pen.colour, width=2
            )
