"""`bench/ocr_slips.py`, the measurement behind the lenient decoder's table of Tesseract's slips: it counts what
is read for each written character, per script, and keeps a slip into a character moves are written with only
where it is the rule."""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[2] / "bench"


def _slips() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ocr_slips", BENCH / "ocr_slips.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_alignment_pairs_each_written_character_with_what_was_read() -> None:
    assert list(_slips().pairs("Ve1 e4", "Vel e4")) == [
        ("V", "V"),
        ("e", "e"),
        ("1", "l"),
        (" ", " "),
        ("e", "e"),
        ("4", "4"),
    ]
    assert ("f", "") in list(_slips().pairs("Jf3", "J3"))


def test_slips_are_counted_per_script_with_the_split_letter_made_one(tmp_path: Path) -> None:
    records = [
        {"locale": "sk", "clean": "1. Ve1 Jf6 2. c4", "text": "1. Vel Jf6 2. e4"},
        {"locale": "sr-Cyrl", "clean": "1. Лf4 Дб6", "text": "1. JIf4 Д66"},
    ]
    path = tmp_path / "ocr.jsonl"
    path.write_text("".join(json.dumps(record) + "\n" for record in records), encoding="utf-8")
    module = _slips()
    slips, totals, move_chars = module.count([path], cyrillic=False)
    assert slips == {("1", "l"): 1, ("c", "e"): 1} and "e" in move_chars and "J" in move_chars
    slips, totals, _ = module.count([path], cyrillic=True)
    # `JI` is the Л written; the file letter б folds to b, which Tesseract read as 6.
    assert slips == {("b", "6"): 1} and totals["Л"] == 1


def test_a_slip_into_a_move_character_counts_only_where_it_is_the_rule() -> None:
    module = _slips()
    totals = Counter({"1": 100, "c": 100, "b": 100})
    slips = Counter({("1", "l"): 10, ("c", "e"): 5, ("b", "6"): 20})
    table = module.rates(slips, totals, {"e", "6", "1", "c", "b"}, 1, 0.008, 0.1)
    assert table == {("b", "6"): 0.2, ("1", "l"): 0.1}
