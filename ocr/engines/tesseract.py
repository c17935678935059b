"""The Tesseract engine: printed text and the fallback when no trained model is available.

Tesseract 5 can report, per recognised character, the alternatives its LSTM considered
(`lstm_choice_mode=2` in the hOCR output) with a rating: the negative log-probability of the best path
through that character's timesteps. Those ratings become a per-position distribution over characters, and
the shared confusion scorer aligns candidates against it, so a candidate Tesseract never spelled out
(`Kb1` where it read `Kbl`) still scores sensibly. No character whitelist: it zeroes the alternatives.

Starting Tesseract costs far more than reading one cell, so cells are stacked into one tall strip per call,
read as a block of lines (`--psm 6`), and each text line goes back to the cell it lies in: on printed cells
about 15 times faster than one call per cell, and no less accurate (bench/engine_tesseract.py).
"""

from __future__ import annotations

import bisect
import math
import os
import re
import subprocess
import threading
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

import pytesseract
from PIL import Image, ImageFilter, ImageOps

from ...notation.decode.reading import Reading
from ...notation.decode.textscore import PositionReading
from .base import Engine, EngineError

# Cells are scaled to this height before recognition (letters of 25-40 px, which Tesseract reads best), and
# a 3 × 3 median filter takes the grain of a poor scan out of the upscaled image.
CELL_HEIGHT = 56
MEDIAN = 3
PAD = 16
# White space between stacked cells, and how many cells go into one Tesseract call.
GAP = 40
STRIP_CELLS = 40
# Ratings are printed as 100 - coefficient × rating, clipped at 0; coefficient 1 keeps the most detail.
RATING_COEFFICIENT = 1
CHOICE_ITERATIONS = 8
# Alternatives' ratings are summed over a character's timesteps, so they are softened before use.
TEMPERATURE = 4.0
# The share of every position left to characters Tesseract did not list.
UNLISTED = 0.05
TIMEOUT_SECONDS = 120

_CONFIG = (
    f"--psm 6 -c lstm_choice_mode=2 -c lstm_choice_iterations={CHOICE_ITERATIONS} "
    f"-c lstm_rating_coefficient={RATING_COEFFICIENT}"
)
_LINE_CLASSES = {"ocr_line", "ocr_textfloat", "ocr_header", "ocr_caption"}
_BBOX = re.compile(r"bbox (\d+) (\d+) (\d+) (\d+)")
_CONFS = re.compile(r"x_confs ([\d.]+)")
_XHTML = "{http://www.w3.org/1999/xhtml}"
_COMMAND_LOCK = threading.Lock()


@dataclass
class _Line:
    """One recognised text line: where it lies, Tesseract's text and the per-character alternatives."""

    top: int
    bottom: int
    left: int
    text: str
    positions: list[dict[str, float]] = field(default_factory=list)


# Tesseract's alternatives already carry its doubt; a confusion beyond them is this much rarer.
TESSERACT_CONFUSION = 0.1
# Share of a cell's width and height trimmed off each side before reading.
EDGE_TRIM = (0.03, 0.1)


def _distribution(choices: Sequence[tuple[str, float]]) -> dict[str, float]:
    """Alternatives' ratings as probabilities (softmax of -rating / TEMPERATURE), leaving UNLISTED over."""
    if not choices:
        return {}
    best = min(rating for _, rating in choices)
    weights: dict[str, float] = {}
    for char, rating in choices:
        weights[char] = weights.get(char, 0.0) + math.exp((best - rating) / TEMPERATURE)
    total = sum(weights.values())
    return {char: (1.0 - UNLISTED) * weight / total for char, weight in weights.items()}


def _classes(element: ET.Element) -> set[str]:
    return set(element.get("class", "").split())


def _parse(hocr: str) -> list[_Line]:
    """The text lines of an hOCR page with their boxes and per-character alternatives."""
    try:
        root = ET.fromstring(hocr)
    except ET.ParseError as error:
        raise EngineError(f"tesseract engine: unreadable hOCR output ({error})") from None
    lines = []
    for element in root.iter(f"{_XHTML}span"):
        if not _classes(element) & _LINE_CLASSES:
            continue
        box = _BBOX.search(element.get("title", ""))
        if box is None:
            continue
        left, top, _, bottom = (int(value) for value in box.groups())
        words = []
        positions = []
        for word in element.iter(f"{_XHTML}span"):
            if "ocrx_word" in _classes(word):
                words.append((word.text or "").strip())
            elif word.get("id", "").startswith("lstm_choices"):
                choices = []
                for choice in word:
                    conf = _CONFS.search(choice.get("title", ""))
                    if conf is not None:
                        rating = (100.0 - float(conf.group(1))) / RATING_COEFFICIENT
                        choices.append((choice.text or " ", rating))
                positions.append(_distribution(choices))
        lines.append(_Line(top, bottom, left, " ".join(w for w in words if w), positions))
    return lines


def _prepare(cell: Image.Image) -> Image.Image:
    """Grayscale without the cell's ruled edges, scaled to CELL_HEIGHT, smoothed and padded with white: the
    size Tesseract reads best (a rule left at an edge reads as a line of dashes of its own)."""
    gray = cell.convert("L")
    dx, dy = round(gray.width * EDGE_TRIM[0]), round(gray.height * EDGE_TRIM[1])
    if gray.width > 2 * dx and gray.height > 2 * dy:
        gray = gray.crop((dx, dy, gray.width - dx, gray.height - dy))
    if gray.width == 0 or gray.height == 0:
        return Image.new("L", (CELL_HEIGHT + 2 * PAD, CELL_HEIGHT + 2 * PAD), 255)
    width = max(1, round(gray.width * CELL_HEIGHT / gray.height))
    scaled = gray.resize((width, CELL_HEIGHT), Image.Resampling.LANCZOS).filter(
        ImageFilter.MedianFilter(MEDIAN)
    )
    return ImageOps.expand(scaled, PAD, fill=255)


class TesseractEngine(Engine):
    """Reads cells with the Tesseract 5 binary through pytesseract."""

    name = "tesseract"

    def __init__(self, lang: str = "eng", cmd: str | None = None) -> None:
        self.lang = lang
        self.cmd = cmd or pytesseract.pytesseract.tesseract_cmd
        # OpenMP threads make Tesseract several times slower on small images on a shared machine.
        os.environ.setdefault("OMP_THREAD_LIMIT", "1")
        with self._command():
            try:
                version = pytesseract.get_tesseract_version()
                languages = pytesseract.get_languages()
            except pytesseract.TesseractNotFoundError:
                raise EngineError(f"tesseract engine: no tesseract binary at {self.cmd!r}") from None
            except (OSError, subprocess.SubprocessError, SystemExit) as error:
                # pytesseract raises SystemExit for a binary whose version it cannot parse.
                raise EngineError(
                    f"tesseract engine: {self.cmd!r} is not a working tesseract ({error})"
                ) from None
        if version.major < 5:
            raise EngineError(
                f"tesseract engine: needs Tesseract 5 or later, found {version} at {self.cmd!r}"
            )
        if lang not in languages:
            installed = ", ".join(languages) or "none"
            raise EngineError(f"tesseract engine: language {lang!r} is not installed; installed: {installed}")

    @contextmanager
    def _command(self) -> Iterator[None]:
        """pytesseract keeps the binary's path in a module global: set ours for the length of a call."""
        with _COMMAND_LOCK:
            saved = pytesseract.pytesseract.tesseract_cmd
            pytesseract.pytesseract.tesseract_cmd = self.cmd
            try:
                yield
            finally:
                pytesseract.pytesseract.tesseract_cmd = saved

    def _lines(self, image: Image.Image) -> list[_Line]:
        with self._command():
            try:
                raw = pytesseract.image_to_pdf_or_hocr(
                    image,
                    lang=self.lang,
                    extension="hocr",
                    config=_CONFIG,
                    timeout=TIMEOUT_SECONDS,
                )
            except pytesseract.TesseractNotFoundError:
                raise EngineError(f"tesseract engine: no tesseract binary at {self.cmd!r}") from None
            except (OSError, RuntimeError, pytesseract.TesseractError) as error:
                message = " ".join(str(error).split())
                raise EngineError(f"tesseract engine: recognition failed ({message})") from None
        return _parse(raw.decode("utf-8"))

    def read(self, cell: Image.Image) -> Reading:
        """One cell, read as a batch of one."""
        return self.read_many([cell])[0]

    def read_many(self, cells: Sequence[Image.Image]) -> list[Reading]:
        """Many cells, STRIP_CELLS at a time stacked into one image read as a block of lines (`--psm 6`)."""
        readings: list[Reading] = []
        for start in range(0, len(cells), STRIP_CELLS):
            readings.extend(self._read_strip([_prepare(cell) for cell in cells[start : start + STRIP_CELLS]]))
        return readings

    def _read_strip(self, images: list[Image.Image]) -> list[PositionReading]:
        """The cells stacked top to bottom with white between; each text line goes to the cell it lies in."""
        tops = []
        y = 0
        for image in images:
            tops.append(y)
            y += image.height + GAP
        strip = Image.new("L", (max(image.width for image in images), y - GAP), 255)
        for image, top in zip(images, tops, strict=True):
            strip.paste(image, (0, top))
        owned: list[list[_Line]] = [[] for _ in images]
        for line in self._lines(strip):
            owned[max(0, bisect.bisect_right(tops, (line.top + line.bottom) / 2) - 1)].append(line)
        return [_reading(lines) for lines in owned]


def _reading(lines: list[_Line]) -> PositionReading:
    """The lines found in one cell, left to right, as one reading (no lines: a flat reading)."""
    ordered = sorted(lines, key=lambda line: line.left)
    positions = [position for line in ordered for position in line.positions]
    return PositionReading(
        positions, " ".join(line.text for line in ordered if line.text), TESSERACT_CONFUSION
    )
