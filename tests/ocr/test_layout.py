"""Finding the move grid: synthetic sheets of every form, where the true cells are known, and real HCS scans."""

from __future__ import annotations

import json
import random
from functools import cache

import numpy as np
import pytest
from conftest import EXAMPLES, shared
from partiar.ocr.errors import LayoutError, UnknownFormError
from partiar.ocr.forms import FORMS, get_form
from partiar.ocr.layout.grid import Cell, Layout, find_layout
from partiar.ocr.training.fonts import PRINTED_FONT, find_font
from partiar.ocr.training.synth import Capture, Sheet, draw_scoresheet
from PIL import Image

pytestmark = pytest.mark.shared_data

# A Ruy Lopez in Slovak notation, as a player writes it.
MOVES = ["e4", "e5", "Jf3", "Jc6", "Sb5", "a6", "Sa4", "Jf6", "O-O", "Se7", "Ve1", "b5", "Sb3", "d6", "c3", "O-O",
         "h3", "Jb8", "d4", "Jbd7", "c4", "c6", "cxb5", "axb5", "Jc3", "Sb7"]  # fmt: skip


def _rows(count: int) -> list[tuple[str, str]]:
    plies = (MOVES * 10)[: 2 * count - 1]
    return [(plies[i], plies[i + 1] if i + 1 < len(plies) else "") for i in range(0, len(plies), 2)]


def _iou(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    width = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    height = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = width * height
    return inter / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter)


def _found(layout: Layout) -> dict[tuple[int, str], Cell]:
    return {(row.number, cell.side): cell for row in layout.rows for cell in (row.white, row.black)}


def _true_box(layout: Layout, quad: tuple[float, ...]) -> tuple[float, ...]:
    """A true cell outline of the source image, carried onto the straightened page, as a box."""
    points = [layout.from_source(quad[i], quad[i + 1]) for i in range(0, 8, 2)]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return (min(xs), min(ys), max(xs), max(ys))


CASES = [
    # form, dpi, capture, header height (mm), moves written
    ("hcs", 150, Capture(angle=4.0, perspective=0.015, noise=3.0), 40.0, 45),
    ("fide-2x30", 300, Capture(angle=-3.0, perspective=0.02, blur=0.8, jpeg_quality=60), 15.0, 37),
    ("2x25", 150, Capture(angle=-5.0, perspective=0.01, shading=0.3, background=70), 70.0, 50),
    ("3x20", 300, Capture(angle=2.0, perspective=0.02, noise=5.0), None, 33),
    ("3x25", 150, Capture(angle=5.0, perspective=0.015, blur=0.6, jpeg_quality=75), 85.0, 61),
]


@pytest.fixture(scope="module", params=CASES, ids=[f"{c[0]}-{c[1]}dpi" for c in CASES])
def drawn(request: pytest.FixtureRequest) -> tuple[Sheet, Layout]:
    name, dpi, capture, header, moves = request.param
    form = get_form(name)
    font = find_font("dkg.ttf") if dpi == 150 else find_font(PRINTED_FONT)
    sheet = draw_scoresheet(
        _rows(moves), form, "sk", font, random.Random(dpi + moves), dpi, capture=capture, header_mm=header
    )
    return sheet, find_layout(sheet.image)


def test_every_form_is_found_with_its_blocks_and_rows(drawn: tuple[Sheet, Layout]) -> None:
    sheet, layout = drawn
    assert (layout.blocks, layout.rows_per_block) == (sheet.form.blocks, sheet.form.rows)
    assert [row.number for row in layout.rows] == list(range(1, sheet.form.moves + 1))


def test_every_cell_overlaps_its_true_box(drawn: tuple[Sheet, Layout]) -> None:
    sheet, layout = drawn
    found = _found(layout)
    overlaps = [_iou(_true_box(layout, cell.quad), found[cell.number, cell.side].box) for cell in sheet.cells]
    assert min(overlaps) >= 0.7
    assert float(np.median(overlaps)) >= 0.9


def test_empty_cells_are_told_from_written_ones(drawn: tuple[Sheet, Layout]) -> None:
    sheet, layout = drawn
    found = _found(layout)
    wrong = [cell.number for cell in sheet.cells if found[cell.number, cell.side].empty != (cell.text == "")]
    assert wrong == []
    last = max(cell.number for cell in sheet.cells if cell.text)
    assert len(layout.written()) == last


def test_a_cell_crops_to_its_box_or_a_given_height(drawn: tuple[Sheet, Layout]) -> None:
    _, layout = drawn
    cell = layout.rows[0].white
    x0, y0, x1, y1 = cell.box
    assert layout.crop(cell).size == (x1 - x0, y1 - y0)
    assert layout.crop(cell, height=32).height == 32
    assert layout.crop(cell).mode == "L"


def test_a_named_form_must_match_the_grid() -> None:
    sheet = draw_scoresheet(_rows(20), get_form("3x20"), "en", find_font("dkg.ttf"), random.Random(5), 150)
    assert find_layout(sheet.image, get_form("3x20")).rows_per_block == 20
    with pytest.raises(LayoutError, match=r"found 3 blocks of rows, form 'hcs' has 2"):
        find_layout(sheet.image, get_form("hcs"))


@pytest.mark.parametrize(
    "image",
    [
        Image.new("L", (1240, 1754), 250),
        Image.new("L", (12, 9), 0),
        Image.fromarray(np.random.default_rng(0).integers(0, 256, (900, 700), dtype=np.uint8)),
    ],
    ids=["blank", "tiny", "noise"],
)
def test_a_page_without_a_grid_is_refused(image: Image.Image) -> None:
    with pytest.raises(LayoutError, match="no move grid found"):
        find_layout(image)


def test_the_example_scoresheets_show_the_whole_game() -> None:
    for name in ("kasparov-deep-blue-1997-typed", "kasparov-deep-blue-1997-handwritten"):
        truth = json.loads((EXAMPLES / "scoresheets" / f"{name}.json").read_text(encoding="utf-8"))
        layout = find_layout(Image.open(EXAMPLES / "scoresheets" / f"{name}.png"), get_form(truth["form"]))
        written = max(cell["number"] for cell in truth["cells"] if cell["text"])
        assert len(layout.written()) == written == 45


HCS_PAGES = ("002_0", "003_0", "041_2", "074_0", "147_0")


@cache
def _hcs(page: str) -> Layout:
    split = json.loads(shared("hcs", "split.json").read_text())
    assert page in split["train_pages"]
    return find_layout(Image.open(shared("hcs", "pages", f"{page}.jpg")))


@pytest.mark.parametrize("page", HCS_PAGES)
def test_real_hcs_pages_give_two_regular_blocks_of_thirty(page: str) -> None:
    layout = _hcs(page)
    assert (layout.blocks, layout.rows_per_block) == (2, 30)
    heights = np.array(
        [[cell.quad[3] - cell.quad[1] for cell in (row.white, row.black)] for row in layout.rows]
    )
    pitch = float(np.median(heights))
    # The form prints each block's first row a little lower than the others.
    assert ((heights[1:30] > 0.75 * pitch) & (heights[1:30] < 1.25 * pitch)).all()
    assert ((heights[31:] > 0.75 * pitch) & (heights[31:] < 1.25 * pitch)).all()
    assert ((heights > 0.6 * pitch) & (heights < 1.25 * pitch)).all()
    for row in layout.rows:
        white, black = row.white.box, row.black.box
        assert white[2] - white[0] > 3 * pitch and black[2] - black[0] > 3 * pitch
        assert abs(white[2] - black[0]) <= 2  # White's right edge is Black's left edge
    left, right = layout.rows[0], layout.rows[30]
    assert left.black.box[2] <= right.white.box[0] and abs(left.white.box[1] - right.white.box[1]) < pitch


@pytest.mark.parametrize("page", HCS_PAGES)
def test_real_hcs_written_cells_are_not_empty(page: str) -> None:
    labelled = {
        tuple(name.split("_")[2:4])
        for name, *_ in (line.split() for line in shared("hcs", "training_tags.txt").read_text().splitlines())
        if name.startswith(f"{page}_")
    }
    cells = _found(_hcs(page))
    assert labelled
    assert [key for key in labelled if cells[int(key[0]), key[1].removesuffix(".png")].empty] == []


def test_form_profiles_are_found_by_name() -> None:
    assert {name: (form.blocks, form.rows) for name, form in FORMS.items()} == {
        "hcs": (2, 30),
        "fide-2x30": (2, 30),
        "2x25": (2, 25),
        "3x20": (3, 20),
        "3x25": (3, 25),
    }
    assert get_form("HCS") is FORMS["hcs"] and get_form("2×30") is FORMS["fide-2x30"]
    assert get_form("3 x 25").moves == 75 and get_form(FORMS["3x20"]).columns == ("number", "white", "black")
    with pytest.raises(
        UnknownFormError, match="unknown form '4x15'; known forms: hcs, fide-2x30, 2x25, 3x20, 3x25"
    ):
        get_form("4x15")
