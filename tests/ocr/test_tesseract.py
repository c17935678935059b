"""The Tesseract engine on rendered cells, with the real binary, and the engine registry."""

from __future__ import annotations

import math
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path

import partiar.ocr.engines.tesseract
import pytesseract
import pytest
from partiar.notation.decode.reading import Reading
from partiar.notation.errors import NotationError
from partiar.ocr.engines.base import (
    GROUP,
    AutoEngine,
    Both,
    Engine,
    EngineError,
    UnknownEngineError,
    get_engine,
    registered,
)
from partiar.ocr.engines.tesseract import TesseractEngine
from partiar.ocr.layout.grid import Cell, Layout, MoveRow
from PIL import Image, ImageDraw, ImageFont

pytestmark = pytest.mark.tesseract

FONTS = Path("/usr/share/fonts/truetype")
PRINTED = FONTS / "dejavu" / "DejaVuSans.ttf"
HANDWRITTEN = FONTS / "breip" / "Breip.ttf"

# Each written move with moves a decoder would weigh against it: other squares, pieces, shapes.
NEIGHBOURS = {
    "Jf3": ["Jf5", "Je3", "f3", "Jg3", "Jf2"],
    "e×d6": ["e×d5", "d6", "c×d6", "e×f6"],
    "0-0-0": ["0-0", "Dd1", "a3"],
    "Dd1×d4": ["Dd1×d5", "Dd4", "Dd1×d3", "Vd1×d4", "Db1×d4"],
    "Kb1": ["Kb2", "Kc1", "Ka1", "Kb8", "Kh1"],
}


def cell(text: str, font: Path = PRINTED) -> Image.Image:
    """A 200 × 40 cell with `text` written in `font`."""
    image = Image.new("L", (200, 40), 255)
    ImageDraw.Draw(image).text((10, 4), text, font=ImageFont.truetype(str(font), 26), fill=0)
    return image


def rank(reading: Reading, text: str) -> int:
    """1 + how many neighbours score at least as well as the written text."""
    mine = reading.score(text)
    return 1 + sum(reading.score(other) >= mine for other in NEIGHBOURS[text])


@pytest.fixture(scope="module")
def engine() -> TesseractEngine:
    return TesseractEngine()


@pytest.fixture(scope="module")
def printed(engine: TesseractEngine) -> dict[str, Reading]:
    return dict(zip(NEIGHBOURS, engine.read_many([cell(text) for text in NEIGHBOURS]), strict=True))


@pytest.mark.parametrize("text", list(NEIGHBOURS))
def test_printed_move_outscores_its_neighbours(printed: dict[str, Reading], text: str) -> None:
    assert rank(printed[text], text) == 1


def test_readings_score_many_candidates_as_one_by_one(printed: dict[str, Reading]) -> None:
    reading = printed["Jf3"]
    candidates = ["Jf3", *NEIGHBOURS["Jf3"], "Jf3"]
    assert reading.score_many(candidates) == [reading.score(text) for text in candidates]
    assert reading.score_many([]) == []


def test_printed_moves_are_read_as_written(printed: dict[str, Reading]) -> None:
    for text, reading in printed.items():
        # Tesseract's English model has no ×: it reads the letter x.
        assert reading.best().replace("x", "×") == text
        assert reading.score(text) <= 0.0


def test_handwritten_moves_rank_near_the_top(engine: TesseractEngine) -> None:
    readings = engine.read_many([cell(text, HANDWRITTEN) for text in NEIGHBOURS])
    ranks = [rank(reading, text) for reading, text in zip(readings, NEIGHBOURS, strict=True)]
    assert max(ranks) <= 3
    assert ranks.count(1) >= 3


def test_one_cell_reads_as_in_a_batch(engine: TesseractEngine, printed: dict[str, Reading]) -> None:
    alone = engine.read(cell("Dd1×d4"))
    assert alone.best() == printed["Dd1×d4"].best()
    # Tesseract's layout analysis sees the neighbouring lines, so the ratings differ a little.
    assert alone.score("Dd1×d5") == pytest.approx(printed["Dd1×d4"].score("Dd1×d5"), abs=0.25)


def test_batches_keep_cell_order_across_strips_and_blanks(
    engine: TesseractEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(partiar.ocr.engines.tesseract, "STRIP_CELLS", 2)
    texts = ["Kb1", "", "Jf3", "0-0-0", ""]
    readings = engine.read_many([cell(text) for text in texts])
    assert [reading.best() for reading in readings] == texts


def test_empty_cell_gives_a_flat_reading(engine: TesseractEngine) -> None:
    reading = engine.read(Image.new("L", (200, 40), 255))
    assert reading.best() == ""
    scores = [reading.score(text) for text in ("e4", "Jf3", "Dd1×d4")]
    assert scores == sorted(scores, reverse=True)
    assert max(scores) < math.log(0.01)


def test_odd_images_are_read(engine: TesseractEngine) -> None:
    colour = cell("Kb1").convert("RGB")
    tiny = cell("Kb1").resize((50, 10))
    readings = engine.read_many([colour, tiny, Image.new("L", (0, 0))])
    assert len(readings) == 3
    assert readings[0].best() == "Kb1"
    assert readings[2].best() == ""


def test_missing_binary_is_a_clear_error() -> None:
    with pytest.raises(
        EngineError, match="tesseract engine: no tesseract binary at '/nonexistent/tesseract'"
    ):
        TesseractEngine(cmd="/nonexistent/tesseract")


def test_a_binary_that_is_not_tesseract_is_a_clear_error() -> None:
    with pytest.raises(EngineError, match="not a working tesseract"):
        TesseractEngine(cmd="/bin/echo")


def test_missing_language_is_a_clear_error() -> None:
    with pytest.raises(EngineError, match=r"language 'xyz' is not installed; installed: .*eng"):
        TesseractEngine(lang="xyz")


def test_registry_names_engines(monkeypatch: pytest.MonkeyPatch) -> None:
    assert get_engine("tesseract").name == "tesseract"
    auto = get_engine("auto")  # the trained recogniser, with Tesseract for printed pages
    assert isinstance(auto, AutoEngine) and (auto.model.name, auto.printed.name) == ("ctc", "tesseract")
    with pytest.raises(
        UnknownEngineError, match="unknown engine 'ctc-x'; known engines: auto, ctc, tesseract"
    ):
        get_engine("ctc-x")
    only_tesseract = [entry("tesseract", "partiar.ocr.engines.tesseract:TesseractEngine")]
    monkeypatch.setattr(pytesseract.pytesseract, "tesseract_cmd", "/nonexistent/tesseract")
    with pytest.raises(
        EngineError, match="no recognition engine can run: tesseract engine: no tesseract binary"
    ):
        get_engine("auto", only_tesseract)
    with pytest.raises(NotationError, match="tesseract"):
        get_engine("tesseract", only_tesseract)


def entry(name: str, value: str) -> EntryPoint:
    """An entry point as a distribution would declare it in the engines' group."""
    return EntryPoint(name=name, value=value, group=GROUP)


def test_the_installed_entry_points_are_the_registry() -> None:
    names = list(registered())
    assert names[:2] == ["ctc", "tesseract"]  # auto's order of preference
    assert {found.name for found in entry_points(group=GROUP)} >= {"ctc", "tesseract"}


def test_auto_passes_over_engines_that_cannot_load() -> None:
    entries = [
        entry("broken", "partiar.ocr.engines.not_built_yet:BrokenEngine"),
        entry("tesseract", "partiar.ocr.engines.tesseract:TesseractEngine"),
        entry("ctc", "partiar.ocr.engines.not_built_yet:CtcEngine"),  # the model's runtime missing
    ]
    assert list(registered(entries)) == ["ctc", "tesseract", "broken"]
    assert get_engine("auto", entries).name == "tesseract"
    with pytest.raises(EngineError, match="broken engine: cannot be loaded"):
        get_engine("BROKEN", entries)
    with pytest.raises(EngineError, match="ctc engine: cannot be loaded"):
        get_engine("ctc", entries)
    with pytest.raises(EngineError, match="missing engine: cannot be loaded"):
        get_engine("missing", [entry("missing", "partiar.ocr.engines.tesseract:NoSuchEngine")])
    with pytest.raises(EngineError, match=r"forms engine: partiar\.ocr\.forms:Form is not a partiar"):
        get_engine("forms", [entry("forms", "partiar.ocr.forms:Form")])
    with pytest.raises(
        EngineError, match=r"no recognition engine can run: none registered \(partiar.engines\)"
    ):
        get_engine("auto", [])
    with pytest.raises(UnknownEngineError, match=r"unknown engine 'ctc'; known engines: auto$"):
        get_engine("ctc", [])


def one_cell_layout() -> tuple[Layout, Cell]:
    """A blank page with one 100 × 40 cell at (10, 20), with a dark band across it."""
    page = Image.new("L", (400, 300), 255)
    page.paste(0, (10, 35, 110, 45))
    cell = Cell(1, "white", (10, 20, 110, 60), (10, 20, 10, 60, 110, 60, 110, 20), 0.1, False)
    return Layout(page, 0.0, 1, 1, (MoveRow(1, cell, cell),), page.size), cell


THIRD_PARTY_ENGINE = """
from partiar.notation.decode.textscore import TextReading
from partiar.ocr.engines.base import Engine


class ShapeEngine(Engine):
    name = "shape"

    def crop(self, layout, cell):
        return layout.crop(cell, height=20)

    def read(self, cell):
        return TextReading(f"{cell.width}x{cell.height}")
"""


def test_a_third_party_engine_is_found_by_its_entry_point(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A distribution installed beside partiar that declares an engine in the group: no registration code."""
    (tmp_path / "shape_engine.py").write_text(THIRD_PARTY_ENGINE, encoding="utf-8")
    info = tmp_path / "shape_engine-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: shape-engine\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(f"[{GROUP}]\nshape = shape_engine:ShapeEngine\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert list(registered()) == ["ctc", "tesseract", "shape"]
    auto = get_engine("auto")  # partiar's own engines keep their preference
    assert isinstance(auto, AutoEngine) and auto.model.name == "ctc"
    engine = get_engine("Shape")
    assert engine.name == "shape"
    layout, cell = one_cell_layout()
    assert engine.read(engine.crop(layout, cell)).best() == "50x20"
    with pytest.raises(UnknownEngineError, match="known engines: auto, ctc, tesseract, shape"):
        get_engine("nope")


def test_tesseract_reads_the_cell_outline(engine: TesseractEngine) -> None:
    """Tesseract is given the cell's outline (the base `Engine.crop`) and trims its ruled edges itself."""
    layout, cell = one_cell_layout()
    assert type(engine).crop is Engine.crop
    assert engine.crop(layout, cell).tobytes() == layout.crop(cell).tobytes()


@pytest.mark.parametrize(("name", "printed"), [("typed", True), ("handwritten", False)])
def test_auto_reads_printed_pages_with_both_engines_and_handwriting_with_the_model(
    name: str, printed: bool
) -> None:
    from conftest import EXAMPLES
    from partiar.ocr.layout.grid import find_layout
    from PIL import Image

    with Image.open(EXAMPLES / "scoresheets" / f"kasparov-deep-blue-1997-{name}.png") as image:
        grid = find_layout(image)
    engine = get_engine("auto")
    cells = [grid.crop(cell) for row in grid.rows for cell in (row.white, row.black) if not cell.empty][:12]
    readings = engine.read_many(cells)
    assert len(readings) == len(cells)
    assert all(isinstance(reading, Both) for reading in readings) == printed
    if printed:  # the witnesses agree on a clear cell, and their scores add up
        first = readings[0]
        assert isinstance(first, Both) and first.best() == "Jf3"
        assert first.score("Jf3") == pytest.approx(first.first.score("Jf3") + first.second.score("Jf3"))
