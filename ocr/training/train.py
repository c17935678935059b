"""Train the handwriting recogniser and export it as the packaged ONNX model: `python -m partiar.ocr.training.train`.

Needs the `train` extra (torch, onnx); the engine itself runs without either. Data, from the shared data
(`partiar.ocr.training.shared`): the HCS train pages (`split.json`), of which whole games are held out for
validation, and synthetic sheets written with development fonts. The HCS test pages are never read here.
Validation reads each cell as the CTC engine cuts and scales it at scan time (`ctc.crop`, `ctc.prepare`),
so the epoch that ships is the best at what the scanner shows it. Every run is seeded; the settings and the
validation figures are printed as JSON lines and stored in the model's metadata, so the shipped weights can
be rebuilt and compared.
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import onnx
import torch
from PIL import Image, ImageFilter
from torch import nn

from ..engines import charset
from ..engines.ctc import HEIGHT, WIDTH, CtcReading, model_file, prepare
from .dataset import (
    CACHE_HEIGHT,
    CACHE_LEFT_MARGIN,
    CACHE_MARGIN,
    CACHE_RIGHT_MARGIN,
    Sample,
    hcs_labels,
    hcs_samples,
    hcs_split,
    synthetic,
)
from .shared import shared_data

WARM_UP = 0.05
WIDE_LEFT = 0.3


@dataclass(frozen=True)
class Settings:
    """Everything a run depends on; stored in the exported model."""

    seed: int = 0
    validation_games: float = 0.12  # share of HCS train games held out, whole games
    synthetic_sheets: int = 320
    synthetic_seed: int = 1
    synthetic_validation: float = 0.1  # share of synthetic sheets held out
    synthetic_per_real: float = 0.8  # synthetic cells drawn per HCS cell in each epoch
    # The run ends after `epochs` epochs or `minutes` of training, whichever comes first; the learning rate
    # follows whichever is further along, so a run on a slow or busy machine still ends annealed.
    epochs: int = 60
    minutes: float = 110.0
    batch: int = 32
    learning_rate: float = 2e-3
    weight_decay: float = 1e-4
    threads: int = 2
    channels: tuple[int, ...] = (16, 32, 64, 96)
    hidden: int = 128


def _block(inputs: int, outputs: int) -> list[nn.Module]:
    return [
        nn.Conv2d(inputs, outputs, 3, padding=1, bias=False),
        nn.BatchNorm2d(outputs),
        nn.ReLU(inplace=True),
    ]


class Recogniser(nn.Module):
    """CNN (height 40 → 2, width ÷ 4) + two BiLSTM layers + per-timestep log-softmax over the classes."""

    def __init__(self, channels: Sequence[int], hidden: int) -> None:
        super().__init__()
        c1, c2, c3, c4 = channels
        self.cnn = nn.Sequential(
            *_block(1, c1),
            nn.MaxPool2d(2),
            *_block(c1, c2),
            nn.MaxPool2d(2),
            *_block(c2, c3),
            *_block(c3, c3),
            nn.MaxPool2d((2, 1)),
            *_block(c3, c4),
            nn.MaxPool2d((2, 1)),
        )
        features = c4 * (HEIGHT // 16)
        self.project = nn.Linear(features, 2 * hidden)
        self.rnn = nn.LSTM(
            2 * hidden, hidden, num_layers=2, bidirectional=True, batch_first=True, dropout=0.2
        )
        self.out = nn.Linear(2 * hidden, charset.CLASSES)

    def forward(self, images: torch.Tensor) -> torch.Tensor:
        features = self.cnn(images)
        batch, channels, height, width = features.shape
        steps = features.permute(0, 3, 1, 2).reshape(batch, width, channels * height)
        hidden, _ = self.rnn(torch.relu(self.project(steps)))
        return torch.log_softmax(self.out(hidden), dim=-1)


def _paper(values: np.ndarray) -> int:
    return int(np.percentile(values, 90))


def crop(sample: Sample, top: float, bottom: float, left: float, right: float) -> Image.Image:
    """The cached cell with the given margins (in cell heights; negative cuts into the cell)."""
    image = Image.fromarray(sample.image)
    x0 = (CACHE_LEFT_MARGIN - left) * CACHE_HEIGHT
    x1 = image.width - (CACHE_RIGHT_MARGIN - right) * CACHE_HEIGHT
    y0 = (CACHE_MARGIN - top) * CACHE_HEIGHT
    y1 = (CACHE_MARGIN + 1 + bottom) * CACHE_HEIGHT
    return image.crop((round(x0), round(y0), round(max(x1, x0 + 8)), round(y1)))


def engine_view(sample: Sample) -> np.ndarray:
    """The sample as the engine sees it at scan time (cut by `ctc.crop`, scaled by `prepare`): no
    augmentation."""
    return prepare(Image.fromarray(sample.view))


def augmented(sample: Sample, rng: random.Random) -> np.ndarray:
    """A random view of the sample: crop, slant, turn, width, stroke, blur, contrast and noise."""
    image = Image.fromarray(sample.image)
    paper = _paper(sample.image)
    if rng.random() < 0.6:
        slant = rng.uniform(-0.3, 0.3)
        image = image.transform(
            image.size,
            Image.Transform.AFFINE,
            (1, slant, -slant * image.height / 2, 0, 1, 0),
            resample=Image.Resampling.BILINEAR,
            fillcolor=paper,
        )
    if rng.random() < 0.3:
        image = image.rotate(rng.uniform(-2.5, 2.5), resample=Image.Resampling.BILINEAR, fillcolor=paper)
    view = dataclasses.replace(sample, image=np.asarray(image))
    # Now and then the cell reaches far to the left, as when a layout leaves the number column in it.
    left = rng.uniform(0.3, CACHE_LEFT_MARGIN - 0.2) if rng.random() < WIDE_LEFT else rng.uniform(-0.05, 0.3)
    cell = crop(view, rng.uniform(-0.05, 0.35), rng.uniform(-0.05, 0.35), left, rng.uniform(-0.05, 0.3))
    cell = cell.resize((max(8, round(cell.width * rng.uniform(0.8, 1.2))), cell.height))
    if rng.random() < 0.15:
        cell = cell.filter(ImageFilter.MinFilter(3))  # a broader pen
    elif rng.random() < 0.1:
        cell = cell.filter(ImageFilter.MaxFilter(3))  # a finer one
    if rng.random() < 0.3:
        cell = cell.filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 1.2)))
    values = prepare(cell)
    if rng.random() < 0.3:
        values = values * rng.uniform(0.5, 1.0)
    if rng.random() < 0.3:
        noise = np.random.default_rng(rng.getrandbits(32)).normal(0, rng.uniform(0.02, 0.1), values.shape)
        values = np.clip(values + noise, 0.0, 1.0).astype(np.float32)
    return values


def _targets(samples: Sequence[Sample]) -> tuple[torch.Tensor, torch.Tensor]:
    encoded = [charset.encode(sample.text) or [] for sample in samples]
    flat = torch.tensor([index for classes in encoded for index in classes], dtype=torch.long)
    return flat, torch.tensor([len(classes) for classes in encoded], dtype=torch.long)


def _usable(sample: Sample) -> bool:
    classes = charset.encode(sample.text)
    if classes is None:
        return False
    repeats = sum(a == b for a, b in itertools.pairwise(classes))
    return len(classes) + repeats <= WIDTH // 4


def _split(
    settings: Settings,
) -> tuple[list[Sample], list[Sample], list[Sample], list[Sample], dict[str, int]]:
    """HCS train and validation cells (whole games apart), synthetic train and validation cells."""
    data = shared_data()
    root = data / "hcs"
    labels = hcs_labels(root)
    training, validation = hcs_split(root, settings.seed, settings.validation_games)
    cut_pages = {page: hcs_samples(root, page, labels[page]) for page in training + validation}
    real_train = [sample for page in training for sample in cut_pages[page]]
    real_validation = [sample for page in validation for sample in cut_pages[page]]
    sheets = list(synthetic(data, settings.synthetic_sheets, settings.synthetic_seed))
    kept = round(len(sheets) * (1 - settings.synthetic_validation))
    synthetic_train = [sample for sheet in sheets[:kept] for sample in sheet]
    synthetic_validation = [sample for sheet in sheets[kept:] for sample in sheet]
    counts = {
        "hcs_pages": len(training) + len(validation),
        "hcs_pages_without_grid": sum(not samples for samples in cut_pages.values()),
        "hcs_validation_games": len({page.split("_")[0] for page in validation}),
        "synthetic_sheets_without_grid": sum(not sheet for sheet in sheets),
    }
    parts = (real_train, real_validation, synthetic_train, synthetic_validation)
    usable = [[sample for sample in part if _usable(sample)] for part in parts]
    return usable[0], usable[1], usable[2], usable[3], counts


def _batches(images: np.ndarray, size: int) -> list[torch.Tensor]:
    return [torch.from_numpy(images[start : start + size])[:, None] for start in range(0, len(images), size)]


def evaluate(model: Recogniser, samples: Sequence[Sample]) -> dict[str, float]:
    """Greedy reading accuracy (exact, and ignoring + # capture marks and 0/O) and mean CTC loss."""
    if not samples:
        return {"cells": 0}
    model.eval()
    views = np.stack([engine_view(sample) for sample in samples])
    outputs = []
    with torch.no_grad():
        for batch in _batches(views, 128):
            outputs.append(model(batch))
    log_probs = torch.cat(outputs)
    targets, lengths = _targets(samples)
    steps = torch.full((len(samples),), log_probs.shape[1], dtype=torch.long)
    loss = nn.functional.ctc_loss(
        log_probs.permute(1, 0, 2), targets, steps, lengths, zero_infinity=True, reduction="mean"
    )
    guesses = [CtcReading(matrix.numpy()).best() for matrix in log_probs]
    exact = sum(
        guess == charset.normalise(sample.text) for guess, sample in zip(guesses, samples, strict=True)
    )
    loose = sum(
        charset.loose(guess) == charset.loose(sample.text)
        for guess, sample in zip(guesses, samples, strict=True)
    )
    return {
        "cells": len(samples),
        "loss": float(loss),
        "exact": exact / len(samples),
        "loose": loose / len(samples),
    }


def export(model: Recogniser, path: Path, metadata: dict[str, str]) -> None:
    """The model as ONNX (batch size free), with the alphabet and the run's record in its metadata."""
    model.eval()
    dummy = torch.zeros(2, 1, HEIGHT, WIDTH)
    path.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(
        model,
        (dummy,),
        str(path),
        input_names=["image"],
        output_names=["log_probs"],
        dynamic_axes={"image": {0: "batch"}, "log_probs": {0: "batch"}},
        opset_version=17,
        dynamo=False,
    )
    proto = onnx.load(str(path))
    for key, value in {"alphabet": charset.ALPHABET, **metadata}.items():
        entry = proto.metadata_props.add()
        entry.key, entry.value = key, value
    onnx.save(proto, str(path))


def learning_rate(peak: float, progress: float) -> float:
    """Linear warm-up over the first WARM_UP of the run, then a cosine down to nothing."""
    if progress < WARM_UP:
        return peak * (0.1 + 0.9 * progress / WARM_UP)
    return peak * 0.5 * (1 + math.cos(math.pi * (progress - WARM_UP) / (1 - WARM_UP)))


def _log(record: dict[str, object]) -> None:
    print(json.dumps(record, ensure_ascii=False), flush=True)


def train(settings: Settings, out: Path) -> dict[str, object]:
    """One seeded run; writes the best epoch's model (by HCS validation accuracy) to `out`."""
    random.seed(settings.seed)
    np.random.seed(settings.seed)
    torch.manual_seed(settings.seed)
    torch.set_num_threads(settings.threads)
    rng = random.Random(settings.seed)
    real_train, real_validation, synthetic_train, synthetic_validation, counts = _split(settings)
    sizes = {
        "hcs_train_cells": len(real_train),
        "hcs_validation_cells": len(real_validation),
        "synthetic_train_cells": len(synthetic_train),
        "synthetic_validation_cells": len(synthetic_validation),
    }
    _log({"settings": dataclasses.asdict(settings), **counts, **sizes})
    model = Recogniser(settings.channels, settings.hidden)
    per_epoch = len(real_train) + round(settings.synthetic_per_real * len(real_train))
    steps_per_epoch = math.ceil(per_epoch / settings.batch)
    optimiser = torch.optim.AdamW(
        model.parameters(), settings.learning_rate, weight_decay=settings.weight_decay
    )
    best: tuple[float, dict[str, torch.Tensor], int] = (-1.0, {}, 0)
    started = time.monotonic()
    history: list[dict[str, object]] = []
    step = 0
    progress = 0.0

    def done() -> float:
        """How far the run is: by steps or by the clock, whichever is further."""
        minutes = (time.monotonic() - started) / 60
        return max(step / (settings.epochs * steps_per_epoch), minutes / settings.minutes)

    while progress < 1.0:
        model.train()
        chosen = real_train + rng.sample(
            synthetic_train, min(len(synthetic_train), per_epoch - len(real_train))
        )
        rng.shuffle(chosen)
        total = 0.0
        seen = 0
        for start in range(0, len(chosen), settings.batch):
            progress = done()
            if progress >= 1.0:
                break
            for group in optimiser.param_groups:
                group["lr"] = learning_rate(settings.learning_rate, progress)
            batch = chosen[start : start + settings.batch]
            images = torch.from_numpy(np.stack([augmented(sample, rng) for sample in batch]))[:, None]
            log_probs = model(images)
            targets, lengths = _targets(batch)
            steps = torch.full((len(batch),), log_probs.shape[1], dtype=torch.long)
            loss = nn.functional.ctc_loss(
                log_probs.permute(1, 0, 2), targets, steps, lengths, zero_infinity=True
            )
            optimiser.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(model.parameters(), 5.0)
            optimiser.step()
            step += 1
            seen += len(batch)
            total += loss.item() * len(batch)
        progress = done()
        epoch = len(history) + 1
        validation = evaluate(model, real_validation)
        record: dict[str, object] = {
            "epoch": epoch,
            "minutes": round((time.monotonic() - started) / 60, 1),
            "steps": step,
            "train_loss": round(total / max(1, seen), 4),
            "hcs_validation": validation,
            "synthetic_validation": evaluate(model, synthetic_validation),
        }
        history.append(record)
        _log(record)
        score = validation["loose"]
        if score > best[0]:
            best = (score, {key: value.clone() for key, value in model.state_dict().items()}, epoch)
    model.load_state_dict(best[1])
    summary = {
        "best_epoch": best[2],
        "epochs_run": len(history),
        "steps_run": step,
        "training_minutes": round((time.monotonic() - started) / 60, 1),
        "validation": history[best[2] - 1],
    }
    metadata = {
        "settings": json.dumps(dataclasses.asdict(settings)),
        "record": json.dumps({**counts, **sizes, **summary}),
    }
    export(model, out, metadata)
    _log({"exported": str(out), "bytes": out.stat().st_size, **summary})
    return summary


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m partiar.ocr.training.train", description=__doc__.splitlines()[0]
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=Path(str(model_file())),
        help="where the ONNX model goes (the packaged one)",
    )
    parser.add_argument("--epochs", type=int, default=Settings.epochs)
    parser.add_argument("--minutes", type=float, default=Settings.minutes, help="training time limit")
    parser.add_argument("--seed", type=int, default=Settings.seed)
    args = parser.parse_args(argv)
    settings = Settings(seed=args.seed, epochs=args.epochs, minutes=args.minutes)
    train(settings, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
