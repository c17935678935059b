"""What the review tests share: the bundled handwritten example and its truth, and small text-read games."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import EXAMPLES
from partiar.notation.decode.textscore import TextReading
from partiar.ocr.pipeline import CellSource, ScannedGame, SheetReading, decode_copies

HANDWRITTEN = EXAMPLES / "scoresheets" / "kasparov-deep-blue-1997-handwritten.png"


def true_texts() -> list[str]:
    """The moves written on the bundled handwritten sheet, in Slovak, cell by cell."""
    cells = json.loads(HANDWRITTEN.with_suffix(".json").read_text(encoding="utf-8"))["cells"]
    return [cell["text"] for cell in cells]


def text_game(moves: str, locale: str = "sk") -> ScannedGame:
    """A game read from typed tokens (no cell images): quick to decode, for the re-decoding logic."""
    sheet = SheetReading()
    for token in moves.split():
        sheet.add(TextReading(token), CellSource("typed.txt", 1, None, token))
    decoded, sources = decode_copies([sheet], locale)
    return ScannedGame([str(Path("typed.txt"))], decoded, sources, [sheet])
