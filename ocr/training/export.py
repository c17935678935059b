"""The recogniser's training set in one small folder, so training runs where neither the HCS pages nor the
fonts are (a lent GPU machine takes a 64 MiB working tree): `make train-data`, or
`python -m partiar.ocr.training.export [--out build/train-data]`.

The folder holds:
- `cells.npz`: the labelled cells of each part — HCS train and validation cells (whole games apart,
  `dataset.hcs_split`), the synthetic sheets' validation cells, and of their training cells all that
  fresh cells cannot give (letters outside ASCII: Cyrillic, `Ş`, drawn by the one large Cyrillic font) and
  a share of the rest (`Split.sheet_cells`) — each image WebP-coded with its cell `STORED_HEIGHT` pixels high (the network sees a cell at about 30),
  and, for validation parts, the engine's own cut (`view`) too;
- `games.txt`: the games whose moves fresh cells write (`cells.draw_cell`), in UCI, one per line;
- `fonts/`: the development fonts small enough to travel (KleeOne, 21 MB a face, stays behind) and the
  printed font of typed sheets;
- `manifest.json`: the split's settings and counts, stored in the model that training exports.
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import json
import random
import shutil
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import chess
import numpy as np
from PIL import Image

from ..engines.ctc import HEIGHT
from .dataset import (
    CACHE_HEIGHT,
    Sample,
    collection_games,
    hcs_labels,
    hcs_samples,
    hcs_split,
    synthetic,
)
from .fonts import DEV_FONTS, PRINTED_FONT, find_font
from .shared import shared_data
from .strokes import can_write

STORED_HEIGHT = 30  # cell height of the stored images; loading scales them back to CACHE_HEIGHT
QUALITY = 85
TRAVELLING_FONT_BYTES = 1 << 20
PARTS = ("hcs_train", "hcs_validation", "synthetic_train", "synthetic_validation")
VALIDATION_PARTS = ("hcs_validation", "synthetic_validation")
DEFAULT_OUT = Path("build/train-data")


@dataclass(frozen=True)
class Split:
    """How the data is divided; stored in the manifest."""

    seed: int = 0
    validation_games: float = 0.12  # share of HCS train games held out, whole games
    synthetic_sheets: int = 320
    synthetic_seed: int = 1
    synthetic_validation: float = 0.1  # share of synthetic sheets held out
    games: int = 4000  # games kept for fresh cells
    # Share of the sheets' ASCII training cells kept (fresh cells give far more such writing; the sheets'
    # cells add the layout's real cuts of perspective-captured pages). Non-ASCII cells are all kept.
    sheet_cells: float = 0.15


@dataclass(frozen=True)
class TrainingData:
    """A loaded export."""

    parts: dict[str, list[Sample]]
    games: tuple[tuple[chess.Move, ...], ...]
    fonts: tuple[Path, ...]
    manifest: dict[str, object]


def _code(image: np.ndarray, scale: float) -> bytes:
    picture = Image.fromarray(image)
    if scale != 1.0:
        size = (max(1, round(picture.width * scale)), max(1, round(picture.height * scale)))
        picture = picture.resize(size, Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    picture.save(buffer, "WEBP", quality=QUALITY)
    return buffer.getvalue()


def _decode(data: bytes, size: tuple[int, int] | None) -> np.ndarray:
    """A stored image, scaled back to `size` (views stay at the network's height: `prepare` scales them
    there anyway)."""
    picture = Image.open(io.BytesIO(data)).convert("L")
    if size is not None and picture.size != size:
        picture = picture.resize(size, Image.Resampling.BICUBIC)
    return np.asarray(picture)


def _pack(samples: Sequence[Sample], with_views: bool) -> dict[str, np.ndarray]:
    """One part as arrays: coded images (concatenated, with offsets), original sizes, labels, sources."""
    scale = STORED_HEIGHT / CACHE_HEIGHT
    coded = [_code(sample.image, scale) for sample in samples]
    arrays = {
        "images": np.frombuffer(b"".join(coded), dtype=np.uint8),
        "image_ends": np.cumsum([len(data) for data in coded]),
        "image_sizes": np.array([(s.image.shape[1], s.image.shape[0]) for s in samples]).reshape(-1, 2),
        "texts": np.array([sample.text for sample in samples], dtype=str),
        "sources": np.array([f"{s.source}/{s.number}/{s.side}" for s in samples], dtype=str),
    }
    if with_views:
        views = [_code(sample.view, HEIGHT / sample.view.shape[0]) for sample in samples]
        arrays["views"] = np.frombuffer(b"".join(views), dtype=np.uint8)
        arrays["view_ends"] = np.cumsum([len(data) for data in views])
    return arrays


def _unpack(arrays: dict[str, np.ndarray], part: str) -> list[Sample]:
    images = arrays[f"{part}/images"].tobytes()
    ends = arrays[f"{part}/image_ends"]
    starts = np.concatenate([[0], ends[:-1]]) if len(ends) else ends
    views = arrays[f"{part}/views"].tobytes() if f"{part}/views" in arrays else None
    view_ends = arrays.get(f"{part}/view_ends")
    samples = []
    for index, (start, end) in enumerate(zip(starts, ends, strict=True)):
        width, height = (int(value) for value in arrays[f"{part}/image_sizes"][index])
        image = _decode(images[start:end], (width, height))
        if views is not None and view_ends is not None:
            view_start = int(view_ends[index - 1]) if index else 0
            view = _decode(views[view_start : int(view_ends[index])], None)
        else:
            view = image
        source, number, side = str(arrays[f"{part}/sources"][index]).rsplit("/", 2)
        samples.append(Sample(source, int(number), side, str(arrays[f"{part}/texts"][index]), image, view))
    return samples


def export(out: Path, split: Split = Split()) -> dict[str, object]:
    """Write the folder; returns the manifest."""
    data = shared_data()
    root = data / "hcs"
    labels = hcs_labels(root)
    training, validation = hcs_split(root, split.seed, split.validation_games)
    sheets = list(synthetic(data, split.synthetic_sheets, split.synthetic_seed))
    kept = round(len(sheets) * (1 - split.synthetic_validation))
    parts = {
        "hcs_train": [s for page in training for s in hcs_samples(root, page, labels[page])],
        "hcs_validation": [s for page in validation for s in hcs_samples(root, page, labels[page])],
        "synthetic_train": [
            s
            for index, sheet in enumerate(sheets[:kept])
            for s in sheet
            if not can_write(s.text)
            or random.Random(f"{split.seed}/{index}/{s.number}/{s.side}").random() < split.sheet_cells
        ],
        "synthetic_validation": [s for sheet in sheets[kept:] for s in sheet],
    }
    games = collection_games(data)[: split.games]
    names = (*DEV_FONTS, PRINTED_FONT)  # printed sheets too
    fonts = [path for path in map(find_font, names) if path.stat().st_size <= TRAVELLING_FONT_BYTES]
    about = {
        "split": dataclasses.asdict(split),
        "hcs_train_pages": len(training),
        "hcs_validation_pages": len(validation),
    }
    return write(out, parts, games, fonts, about)


def write(
    out: Path,
    parts: dict[str, list[Sample]],
    games: Sequence[tuple[chess.Move, ...]],
    fonts: Sequence[Path],
    about: dict[str, object],
) -> dict[str, object]:
    """Write an export folder from its pieces (each file replaced whole); returns the manifest."""
    out.mkdir(parents=True, exist_ok=True)
    arrays = {
        f"{part}/{key}": value
        for part, samples in parts.items()
        for key, value in _pack(samples, part in VALIDATION_PARTS).items()
    }
    partial = out / "cells.tmp.npz"
    np.savez_compressed(partial, **arrays)  # type: ignore[arg-type]
    partial.replace(out / "cells.npz")
    (out / "games.txt").write_text("".join(" ".join(m.uci() for m in game) + "\n" for game in games))
    folder = out / "fonts"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    for path in fonts:
        shutil.copy(path, folder / path.name)
    manifest: dict[str, object] = {
        **about,
        "cells": {part: len(samples) for part, samples in parts.items()},
        "games": len(games),
        "fonts": sorted(path.name for path in fonts),
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    return manifest


def load(folder: Path) -> TrainingData:
    """An export read back: cells at the cache's geometry, games as moves, font paths."""
    with np.load(folder / "cells.npz") as stored:
        arrays = {key: stored[key] for key in stored.files}
    games = []
    for line in (folder / "games.txt").read_text().splitlines():
        games.append(tuple(chess.Move.from_uci(uci) for uci in line.split()))
    return TrainingData(
        parts={part: _unpack(arrays, part) for part in PARTS},
        games=tuple(games),
        fonts=tuple(sorted((folder / "fonts").iterdir())),
        manifest=json.loads((folder / "manifest.json").read_text()),
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m partiar.ocr.training.export", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the folder to write")
    args = parser.parse_args(argv)
    manifest = export(args.out)
    size = sum(path.stat().st_size for path in args.out.rglob("*") if path.is_file())
    print(json.dumps({"out": str(args.out), "bytes": size, **manifest}, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
