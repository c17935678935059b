"""The Tesseract engine on printed move cells: raw accuracy, candidate ranking and speed.

Positions come from real games (pgn-extract's Fischer, Petrosian and Najdorf collections); each sample is one
move written in Slovak, Czech or English notation in a random style, drawn with DejaVu Sans into a 200 × 40
cell, once clean and once as a poor scan (half resolution, blur, grain). The candidates are every legal move
of the position written in the same style: what the decoder compares. Reported for both ways of calling
Tesseract (cells stacked into strips, and one call per cell): raw accuracy of `best()`, the rate at which
the true move ranks first by `score`, and time per cell. The references in the same run score the candidates
from Tesseract's text alone: by plain edit distance, and by the confusion scorer without the alternatives.
Prints JSON.

    python bench/engine_tesseract.py [samples] [seed]
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

import chess
import chess.pgn
import numpy as np
from partiar.notation import Style, render_on_board
from partiar.notation.decode.reading import Reading
from partiar.notation.decode.textscore import TextReading, clean
from partiar.ocr.engines.tesseract import TesseractEngine
from partiar.ocr.training.shared import shared_data
from PIL import Image, ImageDraw, ImageFilter, ImageFont

DATA = shared_data("pgn", "pgn-extract")
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
LOCALES = ("sk", "cs", "en")
CELL = (200, 40)


Samples = Sequence[tuple[str, list[str]]]


def positions(rng: random.Random, count: int) -> list[tuple[chess.Board, chess.Move]]:
    """`count` (position, move played) pairs from random plies of the real games."""
    games = []
    for name in ("fischer.pgn", "petrosian.pgn", "najdorf.pgn"):
        with open(DATA / name, encoding="utf-8", errors="replace") as handle:
            while (game := chess.pgn.read_game(handle)) is not None:
                moves = list(game.mainline_moves())
                if moves:
                    games.append((game.board(), moves))
    picked = []
    for _ in range(count):
        start, moves = rng.choice(games)
        board = start.copy()
        ply = rng.randrange(len(moves))
        for move in moves[:ply]:
            board.push(move)
        picked.append((board, moves[ply]))
    return picked


def random_style(rng: random.Random) -> Style:
    return Style(
        form="long" if rng.random() < 0.2 else "short",
        capture=rng.choice((None, None, "x", "")),
        checks=rng.random() < 0.8,
        en_passant=rng.random() < 0.5,
    )


def draw_cell(text: str, rng: random.Random) -> Image.Image:
    """`text` in DejaVu Sans, at a random size and offset that fit the cell."""
    size = rng.randint(22, 28)
    font = ImageFont.truetype(FONT, size)
    while font.getlength(text) > CELL[0] - 12:
        size -= 1
        font = ImageFont.truetype(FONT, size)
    image = Image.new("L", CELL, 255)
    x = rng.randint(4, max(4, int(CELL[0] - 4 - font.getlength(text))))
    y = (CELL[1] - size) // 2 - 2 + rng.randint(-2, 2)
    ImageDraw.Draw(image).text((x, y), text, font=font, fill=0)
    return image


def degrade(image: Image.Image, rng: random.Random) -> Image.Image:
    """A poor scan of the cell: half the resolution, blurred, with grain."""
    small = image.resize((image.width // 2, image.height // 2), Image.Resampling.BILINEAR)
    blurred = np.asarray(small.filter(ImageFilter.GaussianBlur(0.6)), dtype=np.float64)
    noisy = blurred + np.random.default_rng(rng.randrange(2**32)).normal(0.0, 20.0, blurred.shape)
    return Image.fromarray(np.clip(noisy, 0, 255).astype(np.uint8))


def edit_distance(a: str, b: str) -> int:
    row = list(range(len(b) + 1))
    for i, char in enumerate(a, 1):
        previous, row = row, [i]
        for j, other in enumerate(b, 1):
            row.append(min(previous[j - 1] + (char != other), previous[j] + 1, row[j - 1] + 1))
    return row[-1]


def rank(true: str, candidates: Sequence[str], score: Callable[[str], float]) -> int:
    """1 + the number of other candidates scoring at least as well (ties count against the true text)."""
    mine = score(true)
    return 1 + sum(1 for other in candidates if other != true and score(other) >= mine)


def top1(readings: Sequence[Reading], samples: Samples) -> float:
    pairs = zip(readings, samples, strict=True)
    hits = sum(rank(text, candidates, reading.score) == 1 for reading, (text, candidates) in pairs)
    return round(hits / len(samples), 3)


def summary(readings: Sequence[Reading], samples: Samples, seconds: float) -> dict[str, float]:
    """Accuracy of `best()`, ranks by `score`, and the two references computed from `best()` alone."""
    exact = folded = 0
    ranks = []
    for reading, (text, candidates) in zip(readings, samples, strict=True):
        best = clean(reading.best())
        exact += best == clean(text)
        folded += best.replace("×", "x") == clean(text).replace("×", "x")
        ranks.append(rank(text, candidates, reading.score))
    distance = [EditDistance(reading.best()) for reading in readings]
    text_only = [TextReading(reading.best()) for reading in readings]
    n = len(samples)
    return {
        "seconds_per_cell": round(seconds / n, 4),
        "best_exact": round(exact / n, 3),
        "best_exact_reading_x_for_times": round(folded / n, 3),
        "top1_by_score": round(sum(r == 1 for r in ranks) / n, 3),
        "top3_by_score": round(sum(r <= 3 for r in ranks) / n, 3),
        "median_rank": statistics.median(ranks),
        "reference_top1_edit_distance_on_best": top1(distance, samples),
        "reference_top1_confusion_scorer_on_best": top1(text_only, samples),
    }


def measure(engine: TesseractEngine, cells: Sequence[Image.Image], samples: Samples) -> dict[str, object]:
    """Both ways of calling Tesseract on the same cells, with their speed ratio."""
    started = time.perf_counter()
    strip = engine.read_many(cells)
    strip_seconds = time.perf_counter() - started
    single = []
    times = []
    for cell in cells:
        started = time.perf_counter()
        single.append(engine.read(cell))
        times.append(time.perf_counter() - started)
    return {
        "strip": summary(strip, samples, strip_seconds),
        "per_cell": summary(single, samples, sum(times)),
        "per_cell_median_seconds": round(statistics.median(times), 4),
        "speedup_strip_over_per_cell": round(sum(times) / strip_seconds, 1),
    }


def score_microseconds(readings: Sequence[Reading], samples: Samples) -> float:
    """Median time of one uncached `score` call."""
    times = []
    for reading, (_, candidates) in zip(readings, samples, strict=True):
        started = time.perf_counter()
        for candidate in candidates:
            reading.score(candidate + " ")  # a key the cache has not seen: whitespace is ignored
        times.append((time.perf_counter() - started) / len(candidates))
    return round(statistics.median(times) * 1e6, 1)


class EditDistance:
    """The reference: unit-cost edit distance from Tesseract's text, as a score."""

    def __init__(self, text: str) -> None:
        self.text = clean(text)

    def score(self, candidate: str) -> float:
        return -float(edit_distance(self.text, clean(candidate)))

    def score_many(self, candidates: Sequence[str]) -> list[float]:
        return [self.score(candidate) for candidate in candidates]

    def best(self) -> str:
        return self.text


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    samples = []
    cells = []
    for i, (board, move) in enumerate(positions(rng, count)):
        locale = LOCALES[i % len(LOCALES)]
        style = random_style(rng)
        text = render_on_board(board, move, locale, style)
        candidates = sorted({render_on_board(board, other, locale, style) for other in board.legal_moves})
        samples.append((text, candidates))
        cells.append(draw_cell(text, rng))
    engine = TesseractEngine()
    degraded = [degrade(cell, rng) for cell in cells]
    result = {
        "samples": count,
        "locales": list(LOCALES),
        "cell_px": list(CELL),
        "candidates_median": statistics.median(len(c) for _, c in samples),
        "clean": measure(engine, cells, samples),
        "degraded": measure(engine, degraded, samples),
        "score_microseconds_median": score_microseconds(engine.read_many(cells), samples),
    }
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
