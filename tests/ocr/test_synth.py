"""Synthetic scoresheets: the truth agrees with the drawing, a seed repeats a sheet, and fonts are checked."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest
from conftest import ROOT
from partiar.ocr.errors import SynthError
from partiar.ocr.forms import FORMS, get_form
from partiar.ocr.load import load_pages
from partiar.ocr.training.fonts import (
    DEV_FONTS,
    HELD_OUT_FONTS,
    PRINTED_FONT,
    find_font,
    fonts_for,
    missing_glyphs,
)
from partiar.ocr.training.shared import ENVIRONMENT, shared_data
from partiar.ocr.training.synth import WORDING, Capture, Sheet, draw_scoresheet, write_sample

ROWS = [
    ("e4", "c5"),
    ("Jf3", "d6"),
    ("d4", "c×d4"),
    ("J×d4", "Jf6"),
    ("Jc3", "a6"),
    ("Se3", "e5"),
    ("Jb3", ""),
]
SAN = "abcdefgh12345678KQRBNDVSJTLx+#=O-0"


def _sheet(form: str = "fide-2x30", seed: int = 1, capture: Capture | None = None) -> Sheet:
    return draw_scoresheet(
        ROWS, get_form(form), "sk", find_font("dkg.ttf"), random.Random(seed), 100, capture=capture
    )


@pytest.mark.parametrize("name", sorted(FORMS))
def test_truth_has_every_cell_of_the_form_with_the_texts_written(name: str) -> None:
    form = get_form(name)
    sheet = draw_scoresheet(ROWS, form, "cs", find_font("dkg.ttf"), random.Random(2), 100)
    assert len(sheet.cells) == 2 * form.moves
    assert [(cell.number, cell.side) for cell in sheet.cells[:4]] == [
        (1, "white"),
        (1, "black"),
        (2, "white"),
        (2, "black"),
    ]
    written = {(cell.number, cell.side): cell.text for cell in sheet.cells if cell.text}
    assert written == {
        (n, side): text
        for n, row in enumerate(ROWS, 1)
        for side, text in zip(("white", "black"), row, strict=True)
        if text
    }
    width, height = sheet.image.size
    for cell in sheet.cells:
        x0, y0, x1, y1 = cell.box
        assert 0 <= x0 < x1 <= width and 0 <= y0 < y1 <= height
        xs, ys = cell.quad[0::2], cell.quad[1::2]
        assert (round(min(xs)), round(min(ys)), round(max(xs)), round(max(ys))) == cell.box
    rows: dict[int, dict[str, tuple[int, int, int, int]]] = {}
    for cell in sheet.cells:
        rows.setdefault(cell.number, {})[cell.side] = cell.box
    assert all(row["white"][2] == row["black"][0] for row in rows.values())


def test_ink_lies_in_written_cells_and_not_in_empty_ones() -> None:
    sheet = draw_scoresheet(ROWS, get_form("2x25"), "de", find_font("dkg.ttf"), random.Random(3), 100)
    page = np.asarray(sheet.image)
    for cell in sheet.cells:
        x0, y0, x1, y1 = cell.box
        inside = page[y0 + 3 : y1 - 2, x0 + 3 : x1 - 2]
        assert (inside.min() < 128) == bool(cell.text), (cell.number, cell.side)


def test_a_seed_repeats_a_sheet_exactly() -> None:
    first, again, other = (
        _sheet(seed=7, capture=Capture(angle=2, noise=4)),
        _sheet(seed=7, capture=Capture(angle=2, noise=4)),
        _sheet(seed=8),
    )
    assert first.image.tobytes() == again.image.tobytes() and first.cells == again.cells
    assert first.image.tobytes() != other.image.tobytes()
    assert Capture.random(random.Random(4)) == Capture.random(random.Random(4))


def test_a_capture_turns_the_truth_with_the_page() -> None:
    straight, turned = _sheet(seed=5), _sheet(seed=5, capture=Capture(angle=5, background=80))
    assert turned.image.size[0] > straight.image.size[0]
    (ux, uy), (lx, ly) = turned.cells[0].quad[0:2], turned.cells[0].quad[2:4]
    assert (
        lx > ux and ly > uy
    )  # turned counter-clockwise: a cell's lower-left corner lies right of its upper-left
    assert turned.image.getpixel((1, 1)) == 80


def test_every_language_has_its_wording() -> None:
    assert (WORDING["sk"].white, WORDING["sk"].black, WORDING["sk"].event) == ("Biely", "Čierny", "Turnaj")
    assert (WORDING["cs"].white, WORDING["cs"].black, WORDING["cs"].round) == ("Bílý", "Černý", "Kolo")
    assert (WORDING["en"].white, WORDING["en"].black, WORDING["en"].event) == ("White", "Black", "Event")
    assert (WORDING["de"].white, WORDING["de"].black, WORDING["de"].round) == ("Weiß", "Schwarz", "Runde")
    for lang in WORDING:
        draw_scoresheet(ROWS[:2], get_form("3x20"), lang, find_font(PRINTED_FONT), random.Random(0), 60)
    with pytest.raises(SynthError, match="no form wording for language 'fr'"):
        draw_scoresheet(ROWS, get_form("3x20"), "fr", find_font("dkg.ttf"), random.Random(0), 60)


def test_impossible_sheets_are_refused() -> None:
    with pytest.raises(SynthError, match="61 moves do not fit on form 'hcs'"):
        draw_scoresheet(
            [("e4", "e5")] * 61, get_form("hcs"), "en", find_font("dkg.ttf"), random.Random(0), 60
        )
    with pytest.raises(SynthError, match=r"font Rufscript010.ttf has no glyphs for '×'"):
        draw_scoresheet(ROWS, get_form("hcs"), "sk", find_font("Rufscript010.ttf"), random.Random(0), 60)
    with pytest.raises(SynthError, match="no room for 30 rows"):
        draw_scoresheet(
            ROWS, get_form("hcs"), "sk", find_font("dkg.ttf"), random.Random(0), 60, header_mm=200
        )


@pytest.mark.parametrize("fmt", ["png", "jpg", "pdf"])
def test_a_sample_is_written_with_its_truth_beside_it(tmp_path: Path, fmt: str) -> None:
    sheet = _sheet(form="3x25")
    path = write_sample(tmp_path / "out", "game", sheet, fmt)
    truth = json.loads((tmp_path / "out" / "game.json").read_text())
    assert path == tmp_path / "out" / f"game.{fmt}"
    assert truth["form"] == "3x25" and truth["lang"] == "sk" and truth["dpi"] == 100
    assert truth["cells"][2] == {
        "number": 2,
        "side": "white",
        "box": list(sheet.cells[2].box),
        "quad": [round(value, 1) for value in sheet.cells[2].quad],
        "text": "Jf3",
    }
    [page] = load_pages(path, dpi=100)
    assert page.image is not None
    assert all(abs(got - want) <= 1 for got, want in zip(page.image.size, truth["size"], strict=True))


def test_font_lists_are_installed_disjoint_and_write_algebraic_notation() -> None:
    assert not set(DEV_FONTS) & set(HELD_OUT_FONTS)
    for name in (*DEV_FONTS, *HELD_OUT_FONTS):
        assert missing_glyphs(find_font(name), SAN) == "", name
    assert missing_glyphs(find_font("Rufscript010.ttf"), "Jf3 S×b5") == "×"
    assert missing_glyphs(find_font("dkg.ttf"), "Кр:e4") == "Кр"
    assert find_font("SteveHand.ttf") in fonts_for(HELD_OUT_FONTS, "Кр:e4")
    assert find_font("dkg.ttf") not in fonts_for(DEV_FONTS, "Кр:e4")
    with pytest.raises(SynthError, match=r"font Nonesuch\.ttf is not installed"):
        find_font("Nonesuch.ttf")


def test_shared_data_lies_beside_the_repository_unless_the_environment_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(ENVIRONMENT, raising=False)
    assert shared_data() == ROOT.parent / "shared" / "data"
    assert shared_data("hcs", "split.json") == ROOT.parent / "shared" / "data" / "hcs" / "split.json"
    monkeypatch.setenv(ENVIRONMENT, str(tmp_path))
    assert shared_data("pgn", "games.pgn") == tmp_path / "pgn" / "games.pgn"
