"""The CTC engine on real handwriting: HCS pages cut by the layout, every cell read, candidates scored.

For each page of the chosen split the grid is found (`find_layout`), all 120 cells are cut the way the
scanner cuts them (each engine's `Engine.crop`) and read in one batch. Reported per engine, over the labelled cells:

- raw accuracy of `best()` against the label, exact and ignoring `+`, `#`, capture marks and 0/O;
- top-1 among legal moves: where the page's labels replay as a legal game (up to the first label that does
  not), the true move against every legal move of the position, each scored by the best of its renderings
  (SAN, without check mark, without capture mark), ties counted against the true move;
- top-1 among the page's labels: the true label against every other distinct label on the same page;
- seconds per page (layout + cutting + reading 120 cells) and microseconds per candidate for `score_many`.

The reference in the same run is the Tesseract engine on the same cells. `validation` is the games held
out of the train pages (`partiar.ocr.training.dataset.hcs_split`); `test` the split's test pages, to be run once, at the end.
Prints JSON.

    python bench/recogniser.py [validation|test] [--pages N] [--no-reference]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Sequence

import chess
from partiar.ocr.engines import charset
from partiar.ocr.engines.base import Engine
from partiar.ocr.engines.ctc import CtcEngine
from partiar.ocr.engines.tesseract import TesseractEngine
from partiar.ocr.forms import FORMS
from partiar.ocr.layout.grid import find_layout
from partiar.ocr.training.dataset import hcs_labels, hcs_split
from partiar.ocr.training.shared import shared_data
from PIL import Image

HCS = shared_data("hcs")
SIDES = ("white", "black")


def replay(labels: dict[tuple[int, str], str]) -> list[tuple[tuple[int, str], chess.Board, chess.Move]]:
    """(cell, position, move) for every ply the labels replay legally, up to the first one that does not."""
    board = chess.Board()
    plies: list[tuple[tuple[int, str], chess.Board, chess.Move]] = []
    for number in range(1, 61):
        for side in SIDES:
            label = labels.get((number, side))
            if label is None:
                return plies
            try:
                move = board.parse_san(label)
            except ValueError:
                return plies
            plies.append(((number, side), board.copy(stack=False), move))
            board.push(move)
    return plies


def renderings(board: chess.Board, move: chess.Move) -> list[str]:
    san = board.san(move)
    bare = san.rstrip("+#")
    return list(dict.fromkeys((san, bare, bare.replace("x", ""))))


def rank(true: float, others: Sequence[float]) -> int:
    return 1 + sum(score >= true for score in others)


def measure(
    engine: Engine, pages: Sequence[str], labels: dict[str, dict[tuple[int, str], str]]
) -> dict[str, float]:
    seconds, exact, loose, cells, legal_hits, legal, label_hits, candidates, scoring = (
        [],
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0.0,
    )
    for page in pages:
        with Image.open(HCS / "pages" / f"{page}.jpg") as image:
            started = time.perf_counter()
            layout = find_layout(image, FORMS["hcs"])
            keys = [(row.number, side) for row in layout.rows for side in SIDES]
            crops = [engine.crop(layout, getattr(row, side)) for row in layout.rows for side in SIDES]
            readings = dict(zip(keys, engine.read_many(crops), strict=True))
            seconds.append(time.perf_counter() - started)
        page_labels = {key: text for key, text in labels[page].items() if key in readings}
        distinct = sorted(set(page_labels.values()))
        for key, text in page_labels.items():
            reading = readings[key]
            guess = reading.best()
            cells += 1
            exact += charset.normalise(guess) == charset.normalise(text)
            loose += charset.loose(guess) == charset.loose(text)
            others = [other for other in distinct if other != text]
            label_hits += rank(reading.score(text), reading.score_many(others)) == 1
        for key, board, move in replay(page_labels):
            texts = {other: renderings(board, other) for other in board.legal_moves}
            flat = [text for group in texts.values() for text in group]
            started = time.perf_counter()
            scores = dict(zip(flat, readings[key].score_many(flat), strict=True))
            scoring += time.perf_counter() - started
            candidates += len(flat)
            best = {other: max(scores[text] for text in group) for other, group in texts.items()}
            legal += 1
            legal_hits += rank(best[move], [score for other, score in best.items() if other != move]) == 1
    return {
        "pages": len(pages),
        "cells": cells,
        "exact": round(exact / cells, 4),
        "loose": round(loose / cells, 4),
        "legal_plies": legal,
        "legal_top1": round(legal_hits / max(1, legal), 4),
        "label_top1": round(label_hits / cells, 4),
        "seconds_per_page_median": round(statistics.median(seconds), 3),
        "us_per_candidate": round(1e6 * scoring / max(1, candidates), 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description="CTC engine on HCS pages")
    parser.add_argument("split", choices=("validation", "test"), nargs="?", default="validation")
    parser.add_argument("--pages", type=int, default=0, help="only the first N pages")
    parser.add_argument("--no-reference", action="store_true", help="skip the Tesseract reference")
    args = parser.parse_args()
    labels = hcs_labels(HCS)
    if args.split == "validation":
        pages = hcs_split(HCS)[1]
    else:
        pages = [
            page for page in json.loads((HCS / "split.json").read_text())["test_pages"] if page in labels
        ]
    pages = pages[: args.pages] if args.pages else pages
    result: dict[str, object] = {"split": args.split, "ctc": measure(CtcEngine(), pages, labels)}
    if not args.no_reference:
        reference = measure(TesseractEngine(), pages, labels)
        result["tesseract"] = reference
        ours = result["ctc"]
        assert isinstance(ours, dict)
        result["ratio"] = {
            key: round(ours[key] / reference[key], 2) if reference[key] else None
            for key in ("loose", "legal_top1", "label_top1", "seconds_per_page_median")
        }
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
