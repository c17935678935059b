"""Pen-stroke handwriting: text written along the centre lines of the Hershey vector fonts by simulated writers.

A TTF font is one writer whose every `e` is the same. A `Hand` is a writer drawn at random: a Hershey face,
a slant, a width, the size of small letters against capitals, a pen width, a spacing and a baseline that
drifts; each letter it writes varies again (size, height, a jitter of every point smoothed along the
stroke), and a smooth random field bends the whole word. No two cells come out alike, which is the
variety of writers a scanned collection cannot give.

The faces are split like the fonts (`fonts.py`): `HANDS` for training, `HELD_OUT_HANDS` kept for evaluation,
and `UNSEEN_DEV_HANDS`, never trained on and never evaluated on: development writing no recogniser has
learned, on which what guards against unseen writing (thresholds, tempering) is chosen.
Hershey faces hold ASCII only; `×` and the long dashes are written as `x` and `-` (one class each in
`charset`), and `can_write` says which texts a hand can write at all (no Cyrillic, no `Ş`).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
from PIL import Image, ImageDraw

HANDS = ("scripts", "scriptc", "futural", "futuram", "rowmans")
HELD_OUT_HANDS = ("cursive", "timesi")
UNSEEN_DEV_HANDS = ("rowmand", "timesr")

_SUBSTITUTES = str.maketrans({"×": "x", "–": "-", "—": "-", "‒": "-", "−": "-"})
_CAP = 21.0  # Hershey units from the cap line (-12) to the base line (9)
_SUPERSAMPLE = 3


@cache
def _face(name: str) -> Any:
    """The Hershey face (imported here: sheets drawn in font files alone need no Hershey package)."""
    from HersheyFonts import HersheyFonts

    face = HersheyFonts()
    face.load_default_font(name)
    return face


def can_write(text: str) -> bool:
    """Whether the Hershey faces hold every character of `text` (after `×` and dashes become `x`, `-`)."""
    return all(" " <= char <= "~" for char in text.translate(_SUBSTITUTES))


@dataclass(frozen=True)
class Hand:
    """One simulated writer."""

    face: str
    slant: float  # horizontal shift per unit of height (positive leans right)
    width: float  # horizontal scale of every letter
    small: float  # size of letters without ascenders against the face's design
    pen: float  # pen width, in cap heights
    spacing: float  # extra advance after each letter, in cap heights
    jitter: float  # point jitter, in cap heights
    drift: float  # how far the baseline wanders over the word, in cap heights
    bend: float  # amplitude of the smooth field that bends the word, in cap heights

    @classmethod
    def at_random(cls, rng: random.Random, faces: tuple[str, ...] = HANDS) -> Hand:
        return cls(
            face=rng.choice(faces),
            slant=rng.gauss(0.15, 0.15),
            width=rng.uniform(0.75, 1.3),
            small=rng.uniform(0.85, 1.2),
            pen=rng.uniform(0.05, 0.14),
            spacing=rng.uniform(-0.12, 0.25),
            jitter=rng.uniform(0.0, 0.035),
            drift=rng.uniform(0.0, 0.15),
            bend=rng.uniform(0.0, 0.08),
        )

    def ink(self, text: str, cap: float, rng: random.Random) -> Image.Image:
        """`text` written with a cap height of `cap` pixels: a mask (255 = ink) cut to the ink's box."""
        strokes = self._strokes(text.translate(_SUBSTITUTES), rng)
        scale = cap / _CAP * _SUPERSAMPLE
        pen = max(1, round(self.pen * cap * _SUPERSAMPLE))
        margin = pen + _SUPERSAMPLE
        points = [np.asarray(stroke) * scale for stroke in strokes if len(stroke)]
        if not points:
            return Image.new("L", (1, 1), 0)
        every = np.concatenate(points)
        left, top = every.min(axis=0)
        right, bottom = every.max(axis=0)
        size = (int(right - left) + 2 * margin + 1, int(bottom - top) + 2 * margin + 1)
        mask = Image.new("L", size, 0)
        draw = ImageDraw.Draw(mask)
        for stroke in points:
            shifted = [(x - left + margin, y - top + margin) for x, y in stroke]
            width = max(1, round(pen * rng.uniform(0.85, 1.15)))
            if len(shifted) > 1:
                draw.line(shifted, fill=255, width=width, joint="curve")
            for x, y in (shifted[0], shifted[-1]):  # round pen tips
                draw.ellipse((x - width / 2, y - width / 2, x + width / 2, y + width / 2), fill=255)
        small = (max(1, round(size[0] / _SUPERSAMPLE)), max(1, round(size[1] / _SUPERSAMPLE)))
        mask = mask.resize(small, Image.Resampling.BOX)
        box = mask.getbbox()
        return mask.crop(box) if box else mask

    def _strokes(self, text: str, rng: random.Random) -> list[list[tuple[float, float]]]:
        """The word's strokes in Hershey units (y down, base line at 0), every letter varied."""
        face = _face(self.face)
        strokes: list[list[tuple[float, float]]] = []
        x = 0.0
        phase = rng.uniform(0, 2 * math.pi)
        for glyph in face.glyphs_for_text(text):
            size = rng.gauss(1.0, 0.05) * (self.small if _is_small(glyph) else 1.0)
            stretch = self.width * rng.gauss(1.0, 0.05)
            lift = rng.gauss(0.0, 0.03) * _CAP + self.drift * _CAP * math.sin(phase + x / (3 * _CAP))
            for stroke in glyph.strokes:
                points = np.asarray(stroke, dtype=float)
                points[:, 1] -= glyph.base_line
                points[:, 0] = (points[:, 0] - glyph.left_offset) * stretch * size + x
                points[:, 1] = points[:, 1] * size + lift
                points += _smooth_jitter(len(points), self.jitter * _CAP, rng)
                strokes.append([(float(px), float(py)) for px, py in points])
            x += glyph.char_width * stretch * size + self.spacing * _CAP
        return [self._bent(stroke, rng_seed=phase) for stroke in strokes]

    def _bent(self, stroke: list[tuple[float, float]], rng_seed: float) -> list[tuple[float, float]]:
        """Slant, then a smooth field: a word on a wavy line with letters a little rotated."""
        amplitude = self.bend * _CAP
        bent = []
        for x, y in stroke:
            dx = amplitude * math.sin(rng_seed + y / (0.7 * _CAP))
            dy = amplitude * math.sin(2 * rng_seed + x / (1.3 * _CAP))
            bent.append((x - self.slant * y + dx, y + dy))
        return bent


def _is_small(glyph: object) -> bool:
    """Whether a glyph stays below the x-height (a lower-case letter without ascender): its top is well
    under the cap line."""
    (_, top), _ = glyph.draw_box  # type: ignore[attr-defined]
    return bool(top > -7)


def _smooth_jitter(count: int, scale: float, rng: random.Random) -> np.ndarray:
    """Random offsets for `count` points of one stroke, correlated along it (a hand trembles slowly)."""
    if scale <= 0 or count == 0:
        return np.zeros((count, 2))
    noise = np.random.default_rng(rng.getrandbits(32)).normal(0.0, scale, (count + 4, 2))
    kernel = np.ones(5) / math.sqrt(5)
    return np.stack([np.convolve(noise[:, axis], kernel, mode="valid") for axis in (0, 1)], axis=1)[:count]
