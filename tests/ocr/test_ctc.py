"""The trained CTC engine: the packaged model reads handwritten cells, and scoring is the exact CTC sum."""

from __future__ import annotations

import itertools
import math
import time

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from partiar.notation.decode.reading import Reading
from partiar.ocr.engines import charset
from partiar.ocr.engines.base import get_engine
from partiar.ocr.engines.ctc import MODELS, CtcEngine, CtcReading, forward_scores, prepare
from partiar.ocr.layout.grid import Cell, Layout, MoveRow
from partiar.ocr.training.dataset import cut_sample
from partiar.ocr.training.fonts import find_font
from PIL import Image, ImageDraw, ImageFont

# Written moves, each with moves a decoder would weigh against it: other squares, pieces and shapes.
NEIGHBOURS = {
    "Jf3": ["Jf5", "Je3", "Jg3", "Jf2", "f3", "Sf3"],
    "Dxd4": ["Dxd5", "Dd4", "Vxd4", "Dxe4", "Kxd4"],
    "0-0": ["0-0-0", "Kg1", "a3", "b3"],
    "e4": ["e5", "d4", "e3", "c4", "Ke4"],
    "Sb5": ["Sb3", "Sc5", "Jb5", "b5", "Sd5"],
}
FONT = "KleeOne-Regular.ttf"  # a development font: the model has seen its shapes, never these cells


def cell(text: str, font: str = FONT) -> Image.Image:
    """A scoresheet cell as the scanner cuts it: rules above and below, `text` written in between."""
    image = Image.new("L", (260, 66), 235)
    draw = ImageDraw.Draw(image)
    for y in (8, 57):
        draw.line((0, y, 259, y), fill=60, width=2)
    if text:
        draw.text((24, 32), text, font=ImageFont.truetype(str(find_font(font)), 30), fill=20, anchor="lm")
    return image


@pytest.fixture(scope="module")
def engine() -> CtcEngine:
    return CtcEngine()


def ctc(reading: Reading) -> CtcReading:
    """The engine's readings keep the network's output, so they can score candidates in batches."""
    assert isinstance(reading, CtcReading)
    return reading


@pytest.fixture(scope="module")
def written(engine: CtcEngine) -> dict[str, CtcReading]:
    readings = engine.read_many([cell(text) for text in NEIGHBOURS])
    return {text: ctc(reading) for text, reading in zip(NEIGHBOURS, readings, strict=True)}


def test_the_packaged_model_loads_and_reads(engine: CtcEngine) -> None:
    reading: Reading = engine.read(cell("Jf3"))
    assert engine.name == "ctc"
    assert reading.best() == "Jf3"


@pytest.mark.parametrize("text", list(NEIGHBOURS))
def test_written_move_outscores_its_neighbours(written: dict[str, CtcReading], text: str) -> None:
    reading = written[text]
    mine = reading.score(text)
    assert all(score < mine for score in reading.score_many(NEIGHBOURS[text]))
    assert mine < 0


def test_an_empty_cell_reads_as_nothing(engine: CtcEngine) -> None:
    reading = ctc(engine.read(cell("")))
    assert reading.best() == ""
    assert reading.score("") > max(reading.score_many(["e4", "Jf3", "0-0"]))


def test_look_alike_spellings_score_the_same(written: dict[str, CtcReading]) -> None:
    reading = written["Dxd4"]
    assert reading.score("D×d4") == reading.score("Dxd4") == reading.score("D x d4")
    assert written["0-0"].score("O-O") == written["0-0"].score("0-0")


def test_characters_outside_the_alphabet_are_impossible(written: dict[str, CtcReading]) -> None:
    reading = written["Jf3"]
    assert reading.score_many(["♘f3", "Jf3½", "Jf3!"]) == [-math.inf] * 3
    assert math.isfinite(reading.score("Jf3"))


def test_a_candidate_longer_than_the_reading_is_impossible(written: dict[str, CtcReading]) -> None:
    assert written["e4"].score("e4" * 40) == -math.inf


def test_registry_builds_the_engine() -> None:
    assert get_engine("ctc").name == "ctc"


def test_a_page_of_cells_is_read_quickly(engine: CtcEngine) -> None:
    cells = [cell(text) for text in ("e4", "Jf3", "Sb5", "0-0", "")] * 24
    started = time.perf_counter()
    readings = engine.read_many(cells)
    assert len(readings) == 120
    assert time.perf_counter() - started < 10.0
    assert [reading.best() for reading in readings[:5]] == [reading.best() for reading in readings[5:10]]


def brute_force(log_probs: np.ndarray, target: tuple[int, ...]) -> float:
    """The log of the summed probability of every path that collapses to `target`."""
    total = 0.0
    for path in itertools.product(range(log_probs.shape[1]), repeat=log_probs.shape[0]):
        merged = [label for label, _ in itertools.groupby(path) if label != charset.BLANK]
        if tuple(merged) == target:
            total += math.exp(sum(log_probs[step, label] for step, label in enumerate(path)))
    return math.log(total) if total > 0 else -math.inf


def log_softmax(values: np.ndarray) -> np.ndarray:
    shifted = values - values.max(axis=1, keepdims=True)
    result: np.ndarray = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
    return result


@settings(max_examples=40, deadline=None)
@given(
    steps=st.integers(1, 5),
    seed=st.integers(0, 2**32 - 1),
    targets=st.lists(st.lists(st.integers(1, 3), max_size=5).map(tuple), min_size=1, max_size=6),
)
def test_forward_scores_are_the_sum_over_all_alignments(
    steps: int, seed: int, targets: list[tuple[int, ...]]
) -> None:
    log_probs = log_softmax(np.random.default_rng(seed).normal(0, 2, (steps, 4)))
    scores = forward_scores(log_probs, targets)
    for target, score in zip(targets, scores, strict=True):
        expected = brute_force(log_probs, target)
        assert score == pytest.approx(expected, rel=1e-9, abs=1e-9) or score == expected == -math.inf


def test_score_many_equals_score_one_by_one() -> None:
    log_probs = log_softmax(np.random.default_rng(7).normal(0, 3, (48, charset.CLASSES))).astype(np.float32)
    candidates = ["", "e4", "Jf3", "Jf3+", "0-0-0", "exd6 e.p.", "Кр:е5", "aa", "Dd1xd4", "♘f3"]
    together = CtcReading(log_probs).score_many(candidates)
    alone = [CtcReading(log_probs).score(candidate) for candidate in candidates]
    assert together == pytest.approx(alone, rel=1e-12)
    assert together[-1] == -math.inf


def test_several_models_score_a_candidate_by_the_mean_of_their_log_probabilities() -> None:
    rng = np.random.default_rng(11)
    first, second = (log_softmax(rng.normal(0, 3, (48, charset.CLASSES))) for _ in range(2))
    candidates = ["e4", "Jf3", "0-0-0", "♘f3"]
    both = CtcReading(first, second).score_many(candidates)
    alone = [CtcReading(matrix).score_many(candidates) for matrix in (first, second)]
    assert both[:3] == pytest.approx([(a + b) / 2 for a, b in zip(alone[0][:3], alone[1][:3], strict=True)])
    assert both[3] == -math.inf
    assert CtcReading(first, second).best() == CtcReading(first).best()  # greedy reads the first model


def test_the_engine_reads_every_packaged_model(engine: CtcEngine, written: dict[str, CtcReading]) -> None:
    """The HCS-trained model and the one trained mostly on drawn cells both read each cell; each model's
    temperature (fitted on validation cells by training) is applied to its own output."""
    assert len(MODELS) == len(engine.temperatures) == 2
    assert all(len(reading.members) == len(MODELS) for reading in written.values())
    assert all(0.5 <= temperature <= 4 for temperature in engine.temperatures)


def test_the_empty_text_is_the_all_blank_path() -> None:
    log_probs = log_softmax(np.random.default_rng(3).normal(0, 1, (10, charset.CLASSES)))
    assert CtcReading(log_probs).score("") == pytest.approx(log_probs[:, charset.BLANK].sum())


def test_greedy_decoding_merges_repeats_and_drops_blanks() -> None:
    e, four = charset.encode("e4") or (0, 0)
    path = [charset.BLANK, e, e, charset.BLANK, e, four]
    log_probs = np.full((len(path), charset.CLASSES), -20.0)
    log_probs[np.arange(len(path)), path] = 0.0
    assert CtcReading(log_probs).best() == "ee4"


def test_labels_and_candidates_are_normalised_alike() -> None:
    assert charset.normalise("Кр:е5") == "Kp:e5"
    assert charset.normalise("0-0 (=)") == charset.normalise("O–O(=)") == "O-O(=)"
    assert charset.encode("exd6 e.p.") == charset.encode("e×d6e.p.")
    assert charset.encode("Фd1") is not None and charset.encode("♕d1") is None
    assert charset.loose("Dxd4+") == charset.loose("D:d4") == "Dd4"


def test_training_measures_the_cells_as_the_scanner_cuts_them(engine: CtcEngine) -> None:
    """One definition of the engine's cut: the scanner's (the cell's outline, as it always was) is what
    training keeps for validation, next to its wide cut for augmentation."""
    page = Image.new("L", (600, 400), 250)
    ImageDraw.Draw(page).text((130, 110), "Jf3", font=ImageFont.truetype(str(find_font(FONT)), 30), fill=20)
    cell = Cell(1, "white", (120, 100, 260, 150), (120, 100, 120, 150, 260, 150, 260, 100), 0.1, False)
    layout = Layout(page, 0.0, 1, 1, (MoveRow(1, cell, cell),), page.size)
    cut = engine.crop(layout, cell)
    assert cut.tobytes() == layout.crop(cell).tobytes()
    sample = cut_sample("test/1", layout, cell, "Jf3")
    assert np.array_equal(sample.view, np.asarray(cut))
    assert sample.image.shape[0] > sample.view.shape[0] and sample.text == "Jf3"
    assert np.array_equal(prepare(Image.fromarray(sample.view)), prepare(cut))
