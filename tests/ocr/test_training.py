"""Training the recogniser: pen-stroke hands, drawn cells, the export that travels, and a run that stops,
resumes, calibrates and exports a model the engine's runtime loads — all on the CPU, in miniature."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import onnxruntime as ort
import pytest
import torch
from partiar.ocr.engines import charset
from partiar.ocr.engines.ctc import HEIGHT, WIDTH, calibrated
from partiar.ocr.errors import SynthError
from partiar.ocr.forms import FORMS
from partiar.ocr.layout.grid import find_layout
from partiar.ocr.training import train as training
from partiar.ocr.training.cells import CellMix, draw_cell
from partiar.ocr.training.dataset import CACHE_HEIGHT, CACHE_MARGIN, collection_games
from partiar.ocr.training.export import PARTS, load, write
from partiar.ocr.training.fonts import DEV_FONTS, HELD_OUT_FONTS, UNSEEN_DEV_FONTS, find_font
from partiar.ocr.training.shared import shared_data
from partiar.ocr.training.strokes import HANDS, HELD_OUT_HANDS, UNSEEN_DEV_HANDS, Hand, can_write
from partiar.ocr.training.synth import draw_scoresheet
from PIL import Image, ImageFilter

ASCII_CLASSES = [char for char in charset.ALPHABET if can_write(char)]


@pytest.fixture(scope="module")
def games() -> tuple[tuple[object, ...], ...]:
    return collection_games(shared_data())[:50]


@pytest.fixture(scope="module")
def fonts() -> list[Path]:
    return [find_font(name) for name in DEV_FONTS if not name.startswith("Klee")]


def test_the_held_out_hands_and_fonts_are_never_training_ones() -> None:
    assert not set(HANDS) & set(HELD_OUT_HANDS)
    assert not set(UNSEEN_DEV_HANDS) & set(HANDS + HELD_OUT_HANDS)
    assert not set(DEV_FONTS) & set(HELD_OUT_FONTS)
    assert not set(UNSEEN_DEV_FONTS) & set(DEV_FONTS + HELD_OUT_FONTS)


@pytest.mark.parametrize("face", HANDS + HELD_OUT_HANDS + UNSEEN_DEV_HANDS)
def test_every_hand_writes_every_ascii_class_of_the_alphabet(face: str) -> None:
    rng = random.Random(face)
    for char in ASCII_CLASSES:
        mask = np.asarray(Hand.at_random(rng, (face,)).ink(char, 30, rng))
        assert mask.max() > 128, (face, char)
    assert not can_write("Кр")
    assert can_write("Dxe5×f6–")


def test_a_hand_is_seeded_and_never_writes_a_word_twice_alike() -> None:
    hand = Hand.at_random(random.Random(1))
    first = np.asarray(hand.ink("Sb2-e5", 30, random.Random(2)))
    again = np.asarray(hand.ink("Sb2-e5", 30, random.Random(2)))
    other = np.asarray(hand.ink("Sb2-e5", 30, random.Random(3)))
    assert np.array_equal(first, again)
    assert first.shape != other.shape or not np.array_equal(first, other)


def test_drawn_cells_have_the_cache_geometry_and_a_label_the_alphabet_spells(
    games: tuple[tuple[object, ...], ...], fonts: list[Path]
) -> None:
    rng = random.Random(0)
    cells = [draw_cell(rng, games, fonts, index=index) for index in range(60)]  # type: ignore[arg-type]
    for cell in cells:
        assert cell.image.shape[0] == round(CACHE_HEIGHT * (1 + 2 * CACHE_MARGIN))
        assert cell.view.shape[0] == CACHE_HEIGHT
        assert charset.encode(cell.text) is not None, cell.text
        assert cell.image.dtype == np.uint8
    assert any(not cell.text for cell in cells) or sum(bool(cell.text) for cell in cells) == 60
    assert len({cell.text for cell in cells}) > 30


def test_a_corrected_cell_is_labelled_with_the_right_move_not_the_struck_one(
    games: tuple[tuple[object, ...], ...], fonts: list[Path]
) -> None:
    for seed in range(10):
        plain = draw_cell(random.Random(seed), games, fonts, CellMix(corrected=0.0, blank=0.0))  # type: ignore[arg-type]
        fixed = draw_cell(random.Random(seed), games, fonts, CellMix(corrected=1.0, blank=0.0))  # type: ignore[arg-type]
        assert fixed.text == plain.text
        assert not np.array_equal(fixed.image, plain.image)


def test_an_export_reads_back_the_cells_it_was_given(
    tmp_path: Path, games: tuple[tuple[object, ...], ...], fonts: list[Path]
) -> None:
    rng = random.Random(4)
    parts = {part: [draw_cell(rng, games, fonts, index=i) for i in range(5)] for part in PARTS}  # type: ignore[arg-type]
    manifest = write(tmp_path, parts, games[:3], fonts[:1], {"about": "test"})  # type: ignore[arg-type]
    data = load(tmp_path)
    assert manifest["cells"] == {part: 5 for part in PARTS}
    assert json.loads((tmp_path / "manifest.json").read_text()) == data.manifest
    assert len(data.games) == 3 and data.games[0] == games[0]
    assert [font.name for font in data.fonts] == [fonts[0].name]
    for part in PARTS:
        for before, after in zip(parts[part], data.parts[part], strict=True):
            assert (after.text, after.source) == (before.text, before.source)
            assert after.image.shape == before.image.shape
            assert _blurred_difference(after.image, before.image) < 6  # the pixel noise is not kept
            if part.endswith("validation"):  # the engine's cut, kept at the network's height
                assert after.view.shape[0] == HEIGHT
                assert abs(after.view.shape[1] - before.view.shape[1] * HEIGHT / before.view.shape[0]) <= 1


def _blurred_difference(first: np.ndarray, second: np.ndarray) -> float:
    blur = ImageFilter.GaussianBlur(1.5)
    a, b = (np.asarray(Image.fromarray(x).filter(blur), dtype=float) for x in (first, second))
    return float(np.abs(a - b).mean())


def test_a_run_stops_on_its_budget_resumes_and_exports_a_calibrated_model(
    tmp_path: Path, games: tuple[tuple[object, ...], ...], fonts: list[Path]
) -> None:
    rng = random.Random(5)
    sizes = {"hcs_train": 48, "hcs_validation": 16, "synthetic_train": 8, "synthetic_validation": 8}
    parts = {part: [draw_cell(rng, games, fonts, index=i) for i in range(n)] for part, n in sizes.items()}  # type: ignore[arg-type]
    write(tmp_path / "data", parts, games, fonts, {})  # type: ignore[arg-type]
    data = load(tmp_path / "data")
    settings = training.Settings(
        epochs=2, minutes=60, batch=16, fresh=0.5, threads=1, channels=(4, 8, 8, 8), hidden=8
    )
    checkpoint, model = tmp_path / "run.pt", tmp_path / "model.onnx"
    cpu = training.pick_device("cpu")
    assert training.train(settings, data, model, checkpoint, cpu, budget=1e-9) is None  # one epoch, then stop
    assert torch.load(checkpoint, weights_only=False)["progress"]["epoch"] == 1
    assert not model.exists()
    summary = training.train(settings, data, model, checkpoint, cpu)
    assert summary is not None and summary["epochs_run"] == 2
    session = ort.InferenceSession(str(model), providers=["CPUExecutionProvider"])
    metadata = session.get_modelmeta().custom_metadata_map
    assert metadata["alphabet"] == charset.ALPHABET
    assert float(metadata["temperature"]) == summary["calibration"]["temperature"]  # type: ignore[index]
    (output,) = session.run(None, {"image": np.zeros((3, 1, HEIGHT, WIDTH), dtype=np.float32)})
    assert output.shape == (3, WIDTH // 4, charset.CLASSES)
    with pytest.raises(SystemExit, match="other settings"):
        training.train(training.Settings(epochs=3), data, model, checkpoint, cpu)


def test_calibration_flattens_or_sharpens_without_changing_the_best_reading() -> None:
    logits = np.random.default_rng(0).normal(0, 3, (48, charset.CLASSES))
    log_probs = logits - np.log(np.exp(logits).sum(axis=-1, keepdims=True))
    assert calibrated(log_probs, 1.0) is log_probs
    for temperature in (0.5, 2.0):
        scaled = calibrated(log_probs, temperature)
        assert np.allclose(np.exp(scaled).sum(axis=-1), 1.0)
        assert (scaled.argmax(axis=-1) == log_probs.argmax(axis=-1)).all()
        sharper = (np.exp(scaled).max(axis=-1) > np.exp(log_probs).max(axis=-1)).mean()
        assert sharper > 0.9 if temperature < 1 else sharper < 0.1


def test_a_sheet_written_by_a_hand_is_found_and_inked_and_a_hand_refuses_cyrillic() -> None:
    rows = [("e4", "e5"), ("Jf3", "Jc6"), ("Sb5", "a6")]
    rng = random.Random(6)
    sheet = draw_scoresheet(rows, FORMS["fide-2x30"], "sk", Hand.at_random(rng, HELD_OUT_HANDS), rng)
    layout = find_layout(sheet.image, FORMS["fide-2x30"])
    assert sheet.truth()["font"] in {f"hand:{face}" for face in HELD_OUT_HANDS}
    first = layout.rows[0].white
    assert (np.asarray(layout.crop(first)) < 128).sum() > 20
    with pytest.raises(SynthError, match="cannot write"):
        draw_scoresheet([("Кр1", "e5")], FORMS["fide-2x30"], "sk", Hand.at_random(rng), rng)
