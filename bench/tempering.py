"""How the scan decoder's tempering of a misread copy trades flags for wrong moves, on development data only.

Single sheets in the writing no recogniser learned (`fonts.UNSEEN_DEV_FONTS`, `strokes.UNSEEN_DEV_HANDS`) and
the HCS validation pages are read once as `partiar scan` reads them (the slow part); their readings are then decoded
again for each `RELIABLE_FIT` given. Per setting and set: moves right, flagged at the review threshold, and
wrong among the unflagged; and, for a per-sheet threshold, the same with the sheets the decoder did not
temper flagged below each lower threshold (tempered ones stay at the review threshold). Prints JSON.

    python bench/tempering.py --reliable-fit -1.5 --reliable-fit -1.0
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
from pathlib import Path

from partiar.notation import Style
from partiar.notation.decode import beam
from partiar.ocr.engines.base import get_engine
from partiar.ocr.forms import get_form
from partiar.ocr.pipeline import SheetReading, decode_copies, read_sheet
from partiar.ocr.training.dataset import hcs_split
from partiar.ocr.training.fonts import UNSEEN_DEV_FONTS, find_font
from partiar.ocr.training.strokes import UNSEEN_DEV_HANDS, Hand
from partiar.ocr.training.synth import draw_scoresheet
from scan import HCS, Tally, hcs_labels, real_games, rows_of, verified_prefix

# (set, locale, the sheet's readings, the true SAN of each ply)
Item = tuple[str, str, SheetReading, list[str]]
LOWER_THRESHOLDS = (0.95, 0.9, 0.8)


def read_items(games: int, seed: int) -> list[Item]:
    """The development sheets and pages, each read once."""
    engine = get_engine("auto")
    rng = random.Random(seed)
    writing = [*UNSEEN_DEV_FONTS, *(f"hand:{face}" for face in UNSEEN_DEV_HANDS)]
    form = get_form("fide-2x30")
    items: list[Item] = []
    with tempfile.TemporaryDirectory() as tmp:
        for number, game in enumerate(real_games(games, rng)):
            locale = "sk" if number % 2 == 0 else "cs"
            style = Style(capture=rng.choice(["×", "x", ""]))
            font = writing[number % len(writing)]
            writer = Hand.at_random(rng, (font[5:],)) if font.startswith("hand:") else find_font(font)
            sheet = draw_scoresheet(rows_of(game, locale, style), form, locale, writer, rng, dpi=200)
            path = Path(tmp) / f"sheet-{number}.png"
            sheet.image.save(path)
            items.append(
                ("unseen writing", locale, read_sheet(path, engine), [ply.san for ply in game.plies])
            )
    labels = hcs_labels()
    for page in hcs_split(HCS)[1]:
        sheet = read_sheet(HCS / "pages" / f"{page}.jpg", engine)
        items.append(("hcs validation", "en", sheet, verified_prefix(labels.get(page, {}))))
    return items


def tally(outcomes: list[tuple[float, bool, bool]], threshold: float) -> dict[str, object]:
    """Flags and errors when untempered moves are flagged below `threshold`, tempered ones below the
    review threshold; an outcome is (confidence, right, tempered)."""
    kept = [
        right
        for confidence, right, tempered in outcomes
        if confidence >= (beam.REVIEW_BELOW if tempered else threshold)
    ]
    return {
        "flagged": round(1 - len(kept) / len(outcomes), 4),
        "wrong_unflagged": kept.count(False),
        "unflagged": len(kept),
    }


def measure(items: list[Item], reliable_fit: float) -> dict[str, object]:
    """Every item decoded with `RELIABLE_FIT` at `reliable_fit`."""
    beam.RELIABLE_FIT = reliable_fit
    by_set: dict[str, list[tuple[float, bool, bool]]] = {}
    for name, locale, sheet, truth in items:
        decoded, _ = decode_copies([sheet], locale)
        scored = Tally()
        scored.add(decoded, list(truth))
        tempered = decoded.temperature > 1.0
        by_set.setdefault(name, []).extend(
            (confidence, right, tempered) for confidence, right in scored.outcomes
        )
    return {
        "reliable_fit": reliable_fit,
        "sets": {
            name: {
                "moves emitted": len(outcomes),
                "right": round(sum(right for _, right, _ in outcomes) / len(outcomes), 4),
                "at_review_threshold": tally(outcomes, beam.REVIEW_BELOW),
                "untempered_sheets_below": {str(low): tally(outcomes, low) for low in LOWER_THRESHOLDS},
            }
            for name, outcomes in by_set.items()
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--reliable-fit", type=float, action="append", help="settings to try")
    parser.add_argument("--games", type=int, default=16, help="sheets in the unseen development writing")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    items = read_items(args.games, args.seed)
    rows = [measure(items, value) for value in args.reliable_fit or [beam.RELIABLE_FIT]]
    print(json.dumps({"benchmark": "tempering", "rows": rows}, indent=2))


if __name__ == "__main__":
    main()
