"""`partiar scan` end to end: generated scoresheets (PNG and PDF), one copy and two, and bad input."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Sequence
from functools import cache
from pathlib import Path

import partiar.ocr
import pytest
from conftest import EXAMPLES, Either
from partiar.notation import Game, Style, parse_games, render
from partiar.notation.decode.reading import Reading
from partiar.notation.decode.textscore import TextReading
from partiar.notation.errors import ExitStatus
from partiar.ocr import pipeline
from partiar.ocr.engines.base import Engine
from partiar.ocr.forms import get_form
from partiar.ocr.layout.grid import Cell, Layout
from partiar.ocr.training.fonts import PRINTED_FONT, find_font
from partiar.ocr.training.synth import draw_scoresheet
from PIL import Image

from partiar.cli.main import main

GAME = (EXAMPLES / "cz-2009-sample.txt").read_text(encoding="utf-8")


@cache
def game() -> Game:
    (parsed,) = parse_games(GAME, "cs")
    return parsed


def rows(locale: str) -> list[tuple[str, str]]:
    texts = [render(ply.san, ply.move, locale, Style()) for ply in game().plies] + [""]
    return [(texts[i], texts[i + 1]) for i in range(0, len(texts) - 1, 2)]


def sheet_file(directory: Path, name: str, seed: int, fmt: str = "png") -> Path:
    sheet = draw_scoresheet(
        rows("sk"), get_form("fide-2x30"), "sk", find_font(PRINTED_FONT), random.Random(seed), dpi=200
    )
    path = directory / f"{name}.{fmt}"
    sheet.image.save(path, resolution=200) if fmt == "pdf" else sheet.image.save(path)
    return path


def scan_json(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, object]]:
    status = main(["scan", *args, "--locale", "sk", "--engine", "tesseract", "--json"])
    return status, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("fmt", ["png", "pdf"])
@pytest.mark.tesseract
def test_a_typed_sheet_scans_to_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    status, data = scan_json([str(sheet_file(tmp_path, "sheet", 1, fmt))], capsys)
    (scanned,) = data["games"]  # type: ignore[misc]
    moves = scanned["moves"]
    assert [move["san"] for move in moves] == [ply.san for ply in game().plies]
    assert status in (ExitStatus.OK, ExitStatus.FLAGGED)
    assert status == (ExitStatus.FLAGGED if any(move["flagged"] for move in moves) else ExitStatus.OK)
    cell = moves[0]["cells"][0]
    assert cell["file"].endswith(f"sheet.{fmt}") and cell["page"] == 1 and len(cell["box"]) == 4
    assert set(moves[0]) >= {"confidence", "flagged", "alternatives", "cells", "san", "uci", "text"}


@pytest.mark.tesseract
def test_two_copies_are_decoded_together(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(sheet_file(tmp_path, "white", 2)), str(sheet_file(tmp_path, "black", 3))]
    status, data = scan_json([*files, "--copies"], capsys)
    (scanned,) = data["games"]  # type: ignore[misc]
    assert status in (ExitStatus.OK, ExitStatus.FLAGGED)
    assert [move["san"] for move in scanned["moves"]] == [ply.san for ply in game().plies]
    assert {cell["file"] for cell in scanned["moves"][0]["cells"]} == set(files)


@pytest.mark.tesseract
def test_pgn_output_marks_flagged_moves_and_names_the_tool(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["scan", str(sheet_file(tmp_path, "sheet", 4)), "--locale", "sk", "--engine", "tesseract"])
    out = capsys.readouterr().out
    assert '[Annotator "partiar scan"]' in out and "1. d4" in out
    assert ("{?}" in out) == (status == ExitStatus.FLAGGED)


@pytest.mark.tesseract
def test_a_broken_file_is_an_input_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.png"
    broken.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00" * 40)
    status = main(["scan", str(broken), "--locale", "sk", "--engine", "tesseract"])
    err = capsys.readouterr().err
    assert status == ExitStatus.INPUT and "broken.png" in err and err.count("\n") == 1


def test_a_typed_bulletin_pdf_goes_through_the_noisy_text_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from test_load import _text_pdf

    bulletin = tmp_path / "bulletin.pdf"
    _text_pdf(bulletin, "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sa4 Jf6")
    status, data = scan_json([str(bulletin)], capsys)
    (scanned,) = data["games"]  # type: ignore[misc]
    assert [move["san"] for move in scanned["moves"]] == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"]
    cell = {"file": str(bulletin), "page": 1, "box": None, "text": "Jf3", "turn": 0}
    assert scanned["moves"][2]["cells"] == [cell]
    assert status in (ExitStatus.OK, ExitStatus.FLAGGED)


def test_the_bundled_handwritten_example_scans_with_the_default_engine(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # What `make run` does: the default engine (the trained model) on the handwritten example sheet.
    example = EXAMPLES / "scoresheets" / "kasparov-deep-blue-1997-handwritten.png"
    truth = json.loads(example.with_suffix(".json").read_text(encoding="utf-8"))
    written = [cell["text"] for cell in truth["cells"] if cell["text"]]
    status = main(["scan", str(example), "--locale", "sk", "--json"])
    (scanned,) = json.loads(capsys.readouterr().out)["games"]
    assert status in (ExitStatus.OK, ExitStatus.FLAGGED) and not scanned["errors"]
    (meant,) = parse_games(" ".join(written), "sk")
    assert [move["san"] for move in scanned["moves"]] == [ply.san for ply in meant.plies]


@pytest.mark.parametrize("turn", [90, 180, 270])
def test_a_sheet_scanned_sideways_or_upside_down_reads_as_upright(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], turn: int
) -> None:
    example = EXAMPLES / "scoresheets" / "kasparov-deep-blue-1997-handwritten.png"
    main(["scan", str(example), "--locale", "sk", "--json"])
    (upright,) = json.loads(capsys.readouterr().out)["games"]
    turned = tmp_path / f"turned-{turn}.png"
    with Image.open(example) as image:
        image.rotate(turn, expand=True).save(turned)
    main(["scan", str(turned), "--locale", "sk", "--json"])
    (scanned,) = json.loads(capsys.readouterr().out)["games"]
    assert [move["san"] for move in scanned["moves"]] == [move["san"] for move in upright["moves"]]
    assert {move["cells"][0]["turn"] for move in scanned["moves"]} == {(360 - turn) % 360}


def test_the_scanning_package_is_light_to_import() -> None:
    """`import partiar.ocr` loads no image, PDF or model library; its API is imported on first use."""
    probe = (
        "import json, sys\n"
        "import partiar.ocr as ocr\n"
        "heavy = ('numpy', 'PIL', 'onnxruntime', 'pdfplumber', 'pytesseract')\n"
        "before = [m for m in heavy if m in sys.modules]\n"
        "api = sorted(name for name in ocr.__all__ if getattr(ocr, name) is None)\n"
        "print(json.dumps([before, api, 'numpy' in sys.modules, hasattr(ocr, 'draw_scoresheet')]))\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert json.loads(result.stdout) == [[], [], True, False]
    assert set(partiar.ocr.__all__) >= {
        "load_pages",
        "find_layout",
        "get_form",
        "FORMS",
        "get_engine",
        "scan",
    }
    with pytest.raises(AttributeError, match="has no attribute 'write_sample'"):
        partiar.ocr.write_sample  # noqa: B018 (the synthetic sheets are training's)


class Outlines(Engine):
    """An engine that reads nothing but the size of what it was given, cutting each cell 20 px high."""

    name = "outlines"

    def __init__(self) -> None:
        self.calls: list[str] = []

    def crop(self, layout: Layout, cell: Cell) -> Image.Image:
        self.calls.append("crop")
        return layout.crop(cell, height=20)

    def read_many(self, cells: Sequence[Image.Image]) -> list[Reading]:
        self.calls.append(f"read {len(cells)}")
        return super().read_many(cells)

    def read(self, cell: Image.Image) -> Reading:
        return TextReading(f"{cell.height}")


def test_scanning_runs_its_stages_with_the_engines_own_crop(tmp_path: Path) -> None:
    path = sheet_file(tmp_path, "sheet", 1)
    engine = Outlines()
    (page,) = pipeline.load(path)
    assert page.image is not None
    turn, grid = pipeline.layout(page.image)
    assert turn == 0
    cells = pipeline.cut(grid, engine)
    plies = len(game().plies)
    # Every cell of the form is cut, in the order of play; only the inked ones (the game's moves) have images.
    assert len(cells) == 2 * len(grid.rows) > plies and engine.calls == ["crop"] * plies
    images = [image for _, image in cells if image is not None]
    assert [image is not None for _, image in cells] == [True] * plies + [False] * (len(cells) - plies)
    assert all(image.height == 20 for image in images)
    readings = pipeline.recognise(engine, images)
    assert [reading.best() for reading in readings] == ["20"] * plies
    sheet = pipeline.read_sheet(path, Outlines())
    assert [source.box if source else None for source in sheet.sources] == [cell.box for cell, _ in cells]
    _, sources = pipeline.decode_copies([sheet], "sk")
    assert [copies[0] for copies in sources] == sheet.sources


@pytest.mark.tesseract
def test_every_file_that_can_be_read_is_scanned_and_the_others_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = sheet_file(tmp_path, "good", 4)
    broken = tmp_path / "broken.png"
    broken.write_bytes(b"not an image")
    missing = tmp_path / "missing.png"
    target = tmp_path / "out.pgn"
    argv = ["scan", str(good), str(broken), str(missing), "--locale", "sk", "--engine", "tesseract"]
    status = main([*argv, "-o", str(target)])
    err = capsys.readouterr().err.splitlines()
    assert status == ExitStatus.INPUT
    assert [line.split(":")[2].strip() for line in err] == [str(broken), str(missing)]
    (game,) = parse_games(target.read_text(encoding="utf-8"), "en")
    assert game.headers["Source"] == str(good) and len(game.plies) >= 1
    target.write_text("precious\n", encoding="utf-8")
    assert main(["scan", str(broken), str(missing), "--locale", "sk", "-o", str(target)]) == ExitStatus.INPUT
    assert target.read_text(encoding="utf-8") == "precious\n"


def test_scan_never_writes_over_one_of_its_sheets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Refused before any sheet is read, so no engine needs to run: the stand-in would fail if asked to.
    monkeypatch.setattr("partiar.ocr.engines.base.get_engine", lambda name: object())
    sheet = tmp_path / "sheet.png"
    sheet.write_bytes((EXAMPLES / "scoresheets" / "kasparov-deep-blue-1997-typed.png").read_bytes())
    other = tmp_path / "other.png"
    other.write_bytes(sheet.read_bytes())
    before = sheet.read_bytes()
    status = main(["scan", str(other), str(sheet), "--locale", "en", "-o", str(sheet)])
    assert status == ExitStatus.USAGE
    assert capsys.readouterr().err == (
        f"partiar: error: {sheet}: is also an input; write the output to another file\n"
    )
    assert sheet.read_bytes() == before


def test_a_sheet_whose_writing_is_often_misread_is_named_in_a_warning() -> None:
    moves = [ply.san for ply in game().plies][:16]
    engine = partiar.ocr.get_engine("tesseract")
    well, poorly = pipeline.SheetReading(), pipeline.SheetReading()
    for index, san in enumerate(moves):
        # The second sheet's recogniser misreads every other cell as nothing legal.
        well.add(TextReading(san), None)
        poorly.add(TextReading(san if index % 2 == 0 else "Kz9"), None)
    read_well = pipeline.decode_game([well], ["white.png"], "en", engine)
    assert read_well.decoded.temperatures == (1.0,) and read_well.warnings == []
    read_poorly = pipeline.decode_game([poorly], ["black.png"], "en", engine)
    (warning,) = read_poorly.warnings
    assert warning.startswith("black.png: the writing is often misread")
    assert all(move.flagged for move in read_poorly.decoded.moves)


@pytest.mark.parametrize("written", [("Jf6", "Dxd5"), ("Dxd5", "Jf6")])
def test_a_scan_prefers_the_move_a_player_would_make_where_the_cell_reads_as_two(
    written: tuple[str, str],
) -> None:
    sheet = pipeline.SheetReading()
    for reading in (TextReading("e4"), TextReading("d5"), TextReading("exd5"), Either(*written)):
        sheet.add(reading, None)
    decoded, _ = pipeline.decode_copies([sheet], "sk")
    reply = decoded.moves[3]
    assert (reply.ply.san, reply.flagged, reply.alternatives[0].san) == ("Qxd5", True, "Nf6")
