"""The trained handwriting engine: a small CNN + BiLSTM with a CTC output, run with onnxruntime.

The network turns a cell into a log-probability for every class (the blank and `charset.ALPHABET`) at every
timestep. A reading keeps that whole matrix, so the decoder can ask how likely any candidate text is: the
probability of a text is the sum over every alignment that collapses to it (CTC), computed exactly by the
forward recursion. The decoder asks each cell about hundreds of candidates, so they are scored together:
padded to one length, the recursion runs over the timesteps once with arrays of shape (candidates, states).
The weights ship in the package: `ocr/models/ctc-large.onnx`, a larger network trained on a GPU on HCS cells
and cells drawn afresh every epoch, and `ctc.onnx`, a small one trained on a CPU on HCS cells and stored
synthetic ones; every cell goes through both. `python -m partiar.ocr.training.train` rebuilds either.

What the network sees is defined here once: `crop` cuts a cell from the page and `prepare` scales it.
Scanning and training's validation (which picks the epoch that ships) both go through them.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from importlib import resources
from importlib.resources.abc import Traversable

import numpy as np
import onnxruntime as ort
from PIL import Image

from ...notation.decode.reading import Reading
from ..layout.grid import Cell, Layout
from . import charset
from .base import Engine, EngineError

HEIGHT = 40  # the network's input: cells scaled to this height, padded or squeezed to WIDTH
WIDTH = 192
BATCH = 64
MODEL = "ctc.onnx"
# Every model the engine reads, each cell through each; a candidate's score combines theirs (`CtcReading`).
# The first reads best alone: greedy decoding (`CtcReading.best`) reads it.
MODELS = ("ctc-large.onnx", MODEL)
# Emission probabilities below e^-700 are taken as e^-700 so the scaled recursion never underflows to 0;
# a softmax output never comes near it.
_LOG_FLOOR = -700.0


def crop(layout: Layout, cell: Cell) -> Image.Image:
    """The cell as the engine cuts it from the page, at scan time and in training alike: its outline,
    perspective removed (`Layout.crop`), with no margin round it."""
    return layout.crop(cell)


def prepare(cell: Image.Image) -> np.ndarray:
    """The cell as the network sees it: HEIGHT × WIDTH, ink 1 and paper 0, text at the left.

    The paper's grey (the 90th percentile) and the ink's (the 1st) are stretched to 0 and 1; a faint
    cell is not stretched past a contrast of 60 grey levels, so noise in an empty cell stays faint.
    """
    gray = cell.convert("L")
    width = min(WIDTH, max(1, round(gray.width * HEIGHT / max(1, gray.height))))
    values = np.asarray(gray.resize((width, HEIGHT), Image.Resampling.BILINEAR), dtype=np.float32)
    paper, ink = np.percentile(values, (90, 1))
    scaled = np.clip((paper - values) / max(paper - ink, 60.0), 0.0, 1.0)
    out = np.zeros((HEIGHT, WIDTH), dtype=np.float32)
    out[:, :width] = scaled
    return out


def forward_scores(log_probs: np.ndarray, candidates: Sequence[Sequence[int]]) -> np.ndarray:
    """The CTC log-likelihood of every candidate (a sequence of non-blank classes) under (T × C) log-probs.

    The recursion runs in probability space with each candidate's states rescaled to sum 1 at every step
    (the scales' logs add up to the result), which is exact and needs no log-sum-exp. States run down the
    first axis so every shifted slice is contiguous. Padding states lie after a candidate's last state, so
    they receive mass but never pass any back. A candidate whose mass dies out (it needs more steps than
    there are) scores -inf.
    """
    count = len(candidates)
    if count == 0:
        return np.zeros(0)
    steps = log_probs.shape[0]
    lengths = np.array([len(candidate) for candidate in candidates])
    states = 2 * int(lengths.max()) + 1
    labels = np.full((states, count), charset.BLANK, dtype=np.intp)
    for column, candidate in enumerate(candidates):
        labels[1 : 2 * len(candidate) : 2, column] = candidate
    skip = np.zeros((max(0, states - 2), count))  # 1 where state s + 2 may be entered from state s
    skip[1::2] = labels[3::2] != labels[1:-2:2]
    emissions = np.exp(np.maximum(log_probs.astype(np.float64), _LOG_FLOOR))[:, labels]  # (T, S, N)
    alpha = np.zeros((states, count))
    alpha[:2] = emissions[0, :2]
    moved = np.empty_like(alpha)
    jump = np.empty_like(skip)
    scales = np.empty((steps, count))
    with np.errstate(invalid="ignore", divide="ignore"):
        for step in range(steps):
            if step:
                moved[:] = alpha
                moved[1:] += alpha[:-1]
                np.multiply(skip, alpha[:-2], out=jump)
                moved[2:] += jump
                np.multiply(moved, emissions[step], out=alpha)
            total = alpha.sum(axis=0)
            scales[step] = total
            alpha /= total
        columns = np.arange(count)
        last = 2 * lengths
        final = alpha[last, columns] + np.where(lengths > 0, alpha[np.maximum(last - 1, 0), columns], 0.0)
        scores = np.log(scales).sum(axis=0) + np.log(final)
    return np.where((scales > 0).all(axis=0), scores, -np.inf)


def calibrated(log_probs: np.ndarray, temperature: float) -> np.ndarray:
    """Log-probabilities divided by the temperature and renormalised over the classes at every step."""
    if temperature == 1.0:
        return log_probs
    scaled = log_probs / temperature
    top = scaled.max(axis=-1, keepdims=True)
    result: np.ndarray = scaled - top - np.log(np.exp(scaled - top).sum(axis=-1, keepdims=True))
    return result


class CtcReading:
    """One cell's per-timestep log-probabilities, from one model or several; scores any candidate text
    exactly. With several models a candidate's score is the mean of their log-probabilities (a product of
    experts, renormalised by the decoder): a text every model finds likely wins, one that only one model
    reads stays in doubt. On the HCS validation pages this read more moves right than their mixture (the
    mean of their probabilities)."""

    def __init__(self, log_probs: np.ndarray, *others: np.ndarray) -> None:
        self.members = (log_probs, *others)
        self._cache: dict[str, float] = {}

    def score(self, candidate: str) -> float:
        """Natural-log probability that `candidate` is what the cell says (-inf outside the alphabet)."""
        return self.score_many([candidate])[0]

    def score_many(self, candidates: Sequence[str]) -> list[float]:
        """The scores of many candidates, computed together; repeated candidates are answered from a cache."""
        wanted: dict[str, list[int]] = {}
        for candidate in candidates:
            key = charset.normalise(candidate)
            if key not in self._cache and key not in wanted:
                classes = charset.encode(key)
                if classes is None:
                    self._cache[key] = -math.inf
                else:
                    wanted[key] = classes
        if wanted:
            targets = list(wanted.values())
            scores = np.mean([forward_scores(member, targets) for member in self.members], axis=0)
            self._cache.update(zip(wanted, (float(score) for score in scores), strict=True))
        return [self._cache[charset.normalise(candidate)] for candidate in candidates]

    def best(self) -> str:
        """Greedy decoding: the most likely class at every step, repeats merged, blanks dropped."""
        path = self.members[0].argmax(axis=1)
        keep = (path != charset.BLANK) & np.concatenate([[True], path[1:] != path[:-1]])
        return charset.decode([int(index) for index in path[keep]])


def model_file(name: str = MODEL) -> Traversable:
    """A packaged model (`ocr/models/`): `ctc.onnx` is the one training writes unless told otherwise."""
    return resources.files("partiar.ocr").joinpath("models", name)


def _threads() -> int:
    """Threads for each network's work: `OMP_NUM_THREADS` where it is set (Dask sets it to 1 in its workers,
    each of which reads its own pages), else every processor of the machine (one `partiar scan`)."""
    try:
        return max(1, int(os.environ.get("OMP_NUM_THREADS", "")))
    except ValueError:
        return os.cpu_count() or 1


def _session(name: str) -> ort.InferenceSession:
    model = model_file(name)
    try:
        data = model.read_bytes()
    except OSError as error:
        raise EngineError(f"ctc engine: no model at ocr/models/{name} ({error.strerror})") from None
    options = ort.SessionOptions()
    options.intra_op_num_threads = _threads()
    options.inter_op_num_threads = 1
    try:
        session = ort.InferenceSession(data, options, providers=["CPUExecutionProvider"])
    except (RuntimeError, ValueError) as error:
        raise EngineError(f"ctc engine: ocr/models/{name} cannot be loaded ({error})") from None
    alphabet = session.get_modelmeta().custom_metadata_map.get("alphabet")
    if alphabet != charset.ALPHABET:
        raise EngineError(f"ctc engine: ocr/models/{name} was trained for another alphabet ({alphabet!r})")
    return session


class CtcEngine(Engine):
    """Reads handwritten cells with the packaged CNN + BiLSTM models."""

    name = "ctc"

    def __init__(self) -> None:
        self._sessions = [_session(name) for name in MODELS]
        self._inputs = [session.get_inputs()[0].name for session in self._sessions]
        # Each model's temperature, fitted on validation cells by training (absent in older models: 1).
        self.temperatures = [
            float(session.get_modelmeta().custom_metadata_map.get("temperature", "1"))
            for session in self._sessions
        ]

    def crop(self, layout: Layout, cell: Cell) -> Image.Image:
        """The module's `crop`: the one definition training uses too."""
        return crop(layout, cell)

    def read(self, cell: Image.Image) -> Reading:
        """One cell, read as a batch of one."""
        return self.read_many([cell])[0]

    def read_many(self, cells: Sequence[Image.Image]) -> list[Reading]:
        """Many cells, BATCH at a time through the network; the readings are `CtcReading`s."""
        readings: list[Reading] = []
        for start in range(0, len(cells), BATCH):
            batch = np.stack([prepare(cell) for cell in cells[start : start + BATCH]])[:, None]
            outputs = [
                calibrated(session.run(None, {name: batch})[0], temperature)
                for session, name, temperature in zip(
                    self._sessions, self._inputs, self.temperatures, strict=True
                )
            ]
            readings.extend(CtcReading(*matrices) for matrices in zip(*outputs, strict=True))
        return readings
