"""Train the handwriting recogniser and export it as the packaged ONNX model: `python -m partiar.ocr.training.train`.

Needs the `train` extra (torch, onnx); the engine itself runs without either. Training reads one folder,
the export of `partiar.ocr.training.export` (`make train-data`): HCS train cells, of which whole games are
held out for validation, the synthetic sheets' cells, the games and the development fonts. On top of these,
every epoch draws new cells (`cells.draw_cell`: development fonts and pen-stroke hands, corrections,
neighbouring rules and ink), so no two epochs see the same synthetic cells. The HCS test pages are never
read here.

It runs where it is started: `--device auto` takes CUDA when there is one (bfloat16 mixed precision,
augmentation and drawing in data-loader workers), else the CPU. A run may span several commands: each
epoch ends with a checkpoint, a run started again with the same settings resumes from it, and
`--budget MINUTES` ends a command cleanly before a limit. Validation reads each cell as the CTC engine cuts
and scales it at scan time (`ctc.crop`, `ctc.prepare`), so the epoch that ships is the best at what the
scanner shows it; a temperature fitted on the validation cells makes its probabilities mean what they say.
Every run is seeded; settings and figures are printed as JSON lines and stored in the model's metadata.
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
from torch.utils.data import DataLoader, Dataset

from ..engines import charset
from ..engines.ctc import HEIGHT, WIDTH, CtcReading, model_file, prepare
from .cells import CellMix, draw_cell
from .dataset import CACHE_HEIGHT, CACHE_LEFT_MARGIN, CACHE_MARGIN, CACHE_RIGHT_MARGIN, Sample
from .export import DEFAULT_OUT, TrainingData, load

WARM_UP = 0.05
WIDE_LEFT = 0.3
DEFAULT_CHECKPOINT = Path("build/train/checkpoint.pt")
TEMPERATURES = np.exp(np.linspace(math.log(0.5), math.log(4.0), 41))


@dataclass(frozen=True)
class Settings:
    """Everything a run depends on; stored in the checkpoint and the exported model."""

    seed: int = 0
    # Each epoch: every HCS training cell, every stored synthetic training cell, and `fresh` new cells per
    # HCS cell drawn for that epoch alone.
    fresh: float = 1.0
    # The run ends after `epochs` epochs or `minutes` of training, whichever comes first; the learning rate
    # follows whichever is further along, so a run on a slow or busy machine still ends annealed.
    epochs: int = 60
    minutes: float = 110.0
    batch: int = 32
    learning_rate: float = 2e-3
    weight_decay: float = 1e-4
    threads: int = 2
    workers: int = 0  # data-loader processes drawing and augmenting cells (0: in the training process)
    channels: tuple[int, ...] = (16, 32, 64, 96)
    double: bool = False  # two convolutions per stage
    hidden: int = 128


def _block(inputs: int, outputs: int, double: bool = False) -> list[nn.Module]:
    layers: list[nn.Module] = [
        nn.Conv2d(inputs, outputs, 3, padding=1, bias=False),
        nn.BatchNorm2d(outputs),
        nn.ReLU(inplace=True),
    ]
    return layers + (_block(outputs, outputs) if double else [])


class Recogniser(nn.Module):
    """CNN (height 40 → 2, width ÷ 4) + two BiLSTM layers + per-timestep log-softmax over the classes."""

    def __init__(self, channels: Sequence[int], hidden: int, double: bool = False) -> None:
        super().__init__()
        c1, c2, c3, c4 = channels
        self.cnn = nn.Sequential(
            *_block(1, c1, double),
            nn.MaxPool2d(2),
            *_block(c1, c2, double),
            nn.MaxPool2d(2),
            *_block(c2, c3),
            *_block(c3, c3),
            nn.MaxPool2d((2, 1)),
            *_block(c3, c4, double),
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


def _fits(classes: Sequence[int]) -> bool:
    """Whether CTC can emit the classes in the network's WIDTH // 4 steps (repeats need a blank between)."""
    repeats = sum(a == b for a, b in itertools.pairwise(classes))
    return len(classes) + repeats <= WIDTH // 4


def usable(sample: Sample) -> bool:
    """Whether a labelled cell can be a CTC target at all."""
    classes = charset.encode(sample.text)
    return classes is not None and _fits(classes)


def _outputs(model: Recogniser, samples: Sequence[Sample], device: torch.device) -> torch.Tensor:
    """The model's log-probabilities (on the CPU, float32) for the engine's view of every sample."""
    model.eval()
    views = torch.from_numpy(np.stack([engine_view(sample) for sample in samples]))[:, None]
    outputs = []
    with torch.no_grad(), _autocast(device):
        for start in range(0, len(views), 256):
            outputs.append(model(views[start : start + 256].to(device)).float().cpu())
    return torch.cat(outputs)


def _ctc_loss(log_probs: torch.Tensor, samples: Sequence[Sample]) -> float:
    targets, lengths = _targets(samples)
    steps = torch.full((len(samples),), log_probs.shape[1], dtype=torch.long)
    loss = nn.functional.ctc_loss(
        log_probs.permute(1, 0, 2), targets, steps, lengths, zero_infinity=True, reduction="mean"
    )
    return float(loss)


def evaluate(model: Recogniser, samples: Sequence[Sample], device: torch.device) -> dict[str, float]:
    """Greedy reading accuracy (exact, and ignoring + # capture marks and 0/O) and mean CTC loss."""
    if not samples:
        return {"cells": 0}
    log_probs = _outputs(model, samples, device)
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
        "loss": _ctc_loss(log_probs, samples),
        "exact": exact / len(samples),
        "loose": loose / len(samples),
    }


def fit_temperature(model: Recogniser, samples: Sequence[Sample], device: torch.device) -> dict[str, float]:
    """The temperature T (log-probabilities divided by T, then renormalised) that minimises the validation
    cells' mean CTC loss, from a grid of 41 values between 0.5 and 4: the model's confidence made honest
    on cells it was not trained on."""
    log_probs = _outputs(model, samples, device)
    losses = [_ctc_loss(torch.log_softmax(log_probs / value, dim=-1), samples) for value in TEMPERATURES]
    best = int(np.argmin(losses))
    return {
        "temperature": round(float(TEMPERATURES[best]), 4),
        "loss_at_1": round(_ctc_loss(log_probs, samples), 4),
        "loss_fitted": round(losses[best], 4),
    }


def export(model: Recogniser, path: Path, metadata: dict[str, str]) -> None:
    """The model as ONNX (batch size free, float32, on the CPU), with the alphabet and the run's record in
    its metadata."""
    model = model.float().cpu().eval()
    dummy = torch.zeros(2, 1, HEIGHT, WIDTH)
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".tmp")
    torch.onnx.export(
        model,
        (dummy,),
        str(partial),
        input_names=["image"],
        output_names=["log_probs"],
        dynamic_axes={"image": {0: "batch"}, "log_probs": {0: "batch"}},
        opset_version=17,
        dynamo=False,
    )
    proto = onnx.load(str(partial))
    for key, value in {"alphabet": charset.ALPHABET, **metadata}.items():
        entry = proto.metadata_props.add()
        entry.key, entry.value = key, value
    onnx.save(proto, str(partial))
    partial.replace(path)


def learning_rate(peak: float, progress: float) -> float:
    """Linear warm-up over the first WARM_UP of the run, then a cosine down to nothing."""
    if progress < WARM_UP:
        return peak * (0.1 + 0.9 * progress / WARM_UP)
    return peak * 0.5 * (1 + math.cos(math.pi * (progress - WARM_UP) / (1 - WARM_UP)))


def _log(record: dict[str, object]) -> None:
    print(json.dumps(record, ensure_ascii=False), flush=True)


def pick_device(name: str) -> torch.device:
    """`auto`: CUDA when torch sees a GPU, else the CPU."""
    if name == "auto":
        name = "cuda" if torch.cuda.is_available() else "cpu"
    return torch.device(name)


def _autocast(device: torch.device) -> torch.autocast:
    """bfloat16 mixed precision on a GPU; plain float32 on the CPU."""
    return torch.autocast(device.type, dtype=torch.bfloat16, enabled=device.type == "cuda")


class EpochCells(Dataset[tuple[np.ndarray, list[int]]]):
    """One epoch's training cells: stored ones by index, fresh ones drawn from their own seed. Each item is
    a function of (run seed, epoch, position) alone, so any number of workers gives the same epoch."""

    def __init__(self, data: TrainingData, plan: Sequence[int], seed: str) -> None:
        self.stored = data.parts["hcs_train"] + data.parts["synthetic_train"]
        self.games = data.games
        self.fonts = data.fonts
        self.plan = plan  # an index into `stored`, or -1 for a fresh cell
        self.seed = seed

    def __len__(self) -> int:
        return len(self.plan)

    def __getitem__(self, position: int) -> tuple[np.ndarray, list[int]]:
        rng = random.Random(f"{self.seed}/{position}")
        index = self.plan[position]
        while True:
            sample = self.stored[index] if index >= 0 else draw_cell(rng, self.games, self.fonts, CellMix())
            classes = charset.encode(sample.text)
            if classes is not None and _fits(classes):
                return augmented(sample, rng), classes
            index = -1  # an unusable fresh cell is drawn again


def _collate(
    items: Sequence[tuple[np.ndarray, list[int]]],
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    images = torch.from_numpy(np.stack([image for image, _ in items]))[:, None]
    targets = torch.tensor([index for _, classes in items for index in classes], dtype=torch.long)
    lengths = torch.tensor([len(classes) for _, classes in items], dtype=torch.long)
    return images, targets, lengths


@dataclass
class Progress:
    """What a checkpoint holds besides the weights and the optimiser."""

    epoch: int = 0
    step: int = 0
    minutes: float = 0.0  # training time over every command of the run
    best_score: float = -1.0
    best_epoch: int = 0
    history: list[dict[str, object]] = dataclasses.field(default_factory=list)


def _save(
    path: Path,
    settings: Settings,
    progress: Progress,
    model: Recogniser,
    optimiser: torch.optim.Optimizer,
    best: dict[str, torch.Tensor],
) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".tmp")
    torch.save(
        {
            "settings": dataclasses.asdict(settings),
            "progress": dataclasses.asdict(progress),
            "model": model.state_dict(),
            "optimiser": optimiser.state_dict(),
            "best": best,
        },
        partial,
    )
    partial.replace(path)


def train(
    settings: Settings,
    data: TrainingData,
    out: Path,
    checkpoint: Path,
    device: torch.device,
    budget: float = math.inf,
) -> dict[str, object] | None:
    """Run (or resume) training; when the run is complete, export its best epoch to `out` and return its
    summary. Returns None when the next epoch would end past `budget` minutes of this call (at least one
    epoch runs; the checkpoint holds the run)."""
    torch.manual_seed(settings.seed)
    torch.set_num_threads(settings.threads)
    data = dataclasses.replace(
        data, parts={name: [s for s in part if usable(s)] for name, part in data.parts.items()}
    )
    real_train = data.parts["hcs_train"]
    model = Recogniser(settings.channels, settings.hidden, settings.double).to(device)
    optimiser = torch.optim.AdamW(
        model.parameters(), settings.learning_rate, weight_decay=settings.weight_decay
    )
    progress = Progress()
    best: dict[str, torch.Tensor] = {}
    if checkpoint.exists():
        state = torch.load(checkpoint, map_location=device, weights_only=False)
        if state["settings"] != dataclasses.asdict(settings):
            raise SystemExit(f"{checkpoint}: a run with other settings; remove it to start afresh")
        model.load_state_dict(state["model"])
        optimiser.load_state_dict(state["optimiser"])
        progress = Progress(**state["progress"])
        best = state["best"]
        _log({"resumed": str(checkpoint), "epoch": progress.epoch, "minutes": round(progress.minutes, 1)})
    else:
        _log({"settings": dataclasses.asdict(settings), "data": data.manifest, "device": str(device)})
    stored = len(real_train) + len(data.parts["synthetic_train"])
    per_epoch = stored + round(settings.fresh * len(real_train))
    steps_per_epoch = math.ceil(per_epoch / settings.batch)
    started = time.monotonic()
    last_epoch = 0.0

    def done(step: int, extra: float) -> float:
        return max(step / (settings.epochs * steps_per_epoch), (progress.minutes + extra) / settings.minutes)

    while done(progress.step, 0.0) < 1.0:
        if last_epoch and (time.monotonic() - started) / 60 + last_epoch > budget:
            _save(checkpoint, settings, progress, model, optimiser, best)
            _log({"stopped": "budget", "epoch": progress.epoch, "checkpoint": str(checkpoint)})
            return None
        epoch_start = time.monotonic()
        order = list(range(stored)) + [-1] * (per_epoch - stored)
        random.Random(f"{settings.seed}/order/{progress.epoch}").shuffle(order)
        cells = EpochCells(data, order, f"{settings.seed}/{progress.epoch}")
        loader = DataLoader(
            cells,
            batch_size=settings.batch,
            collate_fn=_collate,
            num_workers=settings.workers,
            pin_memory=device.type == "cuda",
        )
        model.train()
        total, seen = 0.0, 0
        for images, targets, lengths in loader:
            fraction = done(progress.step, (time.monotonic() - epoch_start) / 60)
            if fraction >= 1.0:
                break
            for group in optimiser.param_groups:
                group["lr"] = learning_rate(settings.learning_rate, fraction)
            with _autocast(device):
                log_probs = model(images.to(device, non_blocking=True))
            steps = torch.full((len(lengths),), log_probs.shape[1], dtype=torch.long)
            loss = nn.functional.ctc_loss(
                log_probs.float().permute(1, 0, 2), targets.to(device), steps, lengths, zero_infinity=True
            )
            optimiser.zero_grad(set_to_none=True)
            loss.backward()  # type: ignore[no-untyped-call]
            nn.utils.clip_grad_norm_(model.parameters(), 5.0)
            optimiser.step()
            progress.step += 1
            seen += len(lengths)
            total += loss.item() * len(lengths)
        last_epoch = (time.monotonic() - epoch_start) / 60
        progress.minutes += last_epoch
        progress.epoch += 1
        validation = evaluate(model, data.parts["hcs_validation"], device)
        record: dict[str, object] = {
            "epoch": progress.epoch,
            "minutes": round(progress.minutes, 1),
            "steps": progress.step,
            "train_loss": round(total / max(1, seen), 4),
            "hcs_validation": validation,
            "synthetic_validation": evaluate(model, data.parts["synthetic_validation"], device),
        }
        progress.history.append(record)
        _log(record)
        if validation["loose"] > progress.best_score:
            progress.best_score, progress.best_epoch = validation["loose"], progress.epoch
            best = {key: value.detach().clone() for key, value in model.state_dict().items()}
        _save(checkpoint, settings, progress, model, optimiser, best)
    return finish(settings, data, out, checkpoint, device)


def finish(
    settings: Settings, data: TrainingData, out: Path, checkpoint: Path, device: torch.device
) -> dict[str, object]:
    """Export the checkpoint's best epoch with its fitted temperature."""
    state = torch.load(checkpoint, map_location=device, weights_only=False)
    progress = Progress(**state["progress"])
    model = Recogniser(settings.channels, settings.hidden, settings.double).to(device)
    model.load_state_dict(state["best"])
    calibration = fit_temperature(model, data.parts["hcs_validation"], device)
    summary = {
        "best_epoch": progress.best_epoch,
        "epochs_run": progress.epoch,
        "steps_run": progress.step,
        "training_minutes": round(progress.minutes, 1),
        "device": torch.cuda.get_device_name(device) if device.type == "cuda" else "cpu",
        "validation": progress.history[progress.best_epoch - 1],
        "calibration": calibration,
    }
    metadata = {
        "settings": json.dumps(dataclasses.asdict(settings)),
        "data": json.dumps(data.manifest),
        "record": json.dumps(summary),
        "temperature": str(calibration["temperature"]),
    }
    export(model, out, metadata)
    _log({"exported": str(out), "bytes": out.stat().st_size, **summary})
    return summary


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m partiar.ocr.training.train", description=__doc__.splitlines()[0]
    )
    parser.add_argument(
        "--data", type=Path, default=DEFAULT_OUT, help="the export to train on (make train-data)"
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=Path(str(model_file())),
        help="where the ONNX model goes (the packaged one)",
    )
    parser.add_argument("--checkpoint", type=Path, default=DEFAULT_CHECKPOINT, help="resumed when it exists")
    parser.add_argument("--device", default="auto", help="auto (CUDA when present), cpu or cuda")
    parser.add_argument(
        "--budget", type=float, default=math.inf, help="minutes for this command; then stop and checkpoint"
    )
    parser.add_argument("--epochs", type=int, default=Settings.epochs)
    parser.add_argument(
        "--minutes", type=float, default=Settings.minutes, help="training time of the whole run"
    )
    parser.add_argument("--seed", type=int, default=Settings.seed)
    parser.add_argument(
        "--fresh", type=float, default=Settings.fresh, help="fresh cells per HCS cell each epoch"
    )
    parser.add_argument("--batch", type=int, default=Settings.batch)
    parser.add_argument("--learning-rate", type=float, default=Settings.learning_rate)
    parser.add_argument("--threads", type=int, default=Settings.threads)
    parser.add_argument("--workers", type=int, default=Settings.workers)
    parser.add_argument(
        "--channels", default=",".join(map(str, Settings.channels)), help="four CNN stage widths"
    )
    parser.add_argument("--double", action="store_true", help="two convolutions per CNN stage")
    parser.add_argument("--hidden", type=int, default=Settings.hidden, help="BiLSTM hidden size")
    args = parser.parse_args(argv)
    settings = Settings(
        seed=args.seed,
        fresh=args.fresh,
        epochs=args.epochs,
        minutes=args.minutes,
        batch=args.batch,
        learning_rate=args.learning_rate,
        threads=args.threads,
        workers=args.workers,
        channels=tuple(int(width) for width in args.channels.split(",")),
        double=args.double,
        hidden=args.hidden,
    )
    summary = train(
        settings, load(args.data), args.out, args.checkpoint, pick_device(args.device), args.budget
    )
    return 0 if summary is not None else 3


if __name__ == "__main__":
    sys.exit(main())
