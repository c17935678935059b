"""How the scan decoder's settings trade flags for wrong moves on single sheets, on development data only.

Single sheets in the writing no recogniser learned (`fonts.UNSEEN_DEV_FONTS`, `strokes.UNSEEN_DEV_HANDS`) and
the HCS validation pages are read once as `partiar scan` reads them (the slow part); their readings are
then decoded again for each combination of the settings given: `--reliable-fit` (the tempering of a
misread copy, `RELIABLE_FIT`), `--clear-below` (`decode(..., clear_below=...)`: the threshold for moves of
a sheet the decoder did not temper where the cell reads as the move; by default the review threshold) and
`--prior-weight` (the move prior's weight; by default the decoder's). Per setting and set: moves emitted,
right, flagged, and wrong among the unflagged. Prints JSON.

    python bench/tempering.py --reliable-fit -1.5 --reliable-fit -1.0
    python bench/tempering.py --games 48 --seed 12 --clear-below 0.99 --clear-below 0.9
    python bench/tempering.py --games 48 --seed 12 --prior-weight 0.5 --prior-weight 1 --prior-weight 2"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
from pathlib import Path

from partiar.notation import Style
from partiar.notation.decode import beam
from partiar.ocr.engines.base import get_engine
from partiar.ocr.pipeline import SheetReading, decode_copies, read_sheet
from partiar.ocr.training.dataset import hcs_split
from partiar.ocr.training.fonts import UNSEEN_DEV_FONTS
from partiar.ocr.training.strokes import UNSEEN_DEV_HANDS
from scan import HCS, Tally, draw_sheet, hcs_labels, real_games, verified_prefix

# (set, locale, the sheet's readings, the true SAN of each ply)
Item = tuple[str, str, SheetReading, list[str]]


def read_items(games: int, seed: int) -> list[Item]:
    """The development sheets and pages, each read once."""
    engine = get_engine("auto")
    rng = random.Random(seed)
    writing = [*UNSEEN_DEV_FONTS, *(f"hand:{face}" for face in UNSEEN_DEV_HANDS)]
    items: list[Item] = []
    with tempfile.TemporaryDirectory() as tmp:
        for number, game in enumerate(real_games(games, rng)):
            locale = "sk" if number % 2 == 0 else "cs"
            style = Style(capture=rng.choice(["×", "x", ""]))
            font = writing[number % len(writing)]
            path = draw_sheet(game, locale, style, font, rng, Path(tmp) / f"sheet-{number}.png")
            items.append(
                ("unseen writing", locale, read_sheet(path, engine), [ply.san for ply in game.plies])
            )
    labels = hcs_labels()
    for page in hcs_split(HCS)[1]:
        sheet = read_sheet(HCS / "pages" / f"{page}.jpg", engine)
        items.append(("hcs validation", "en", sheet, verified_prefix(labels.get(page, {}))))
    return items


def measure(
    items: list[Item], reliable_fit: float, clear_below: float | None, prior_weight: float | None
) -> dict[str, object]:
    """Every item decoded with `RELIABLE_FIT` at `reliable_fit`, untempered sheets' moves that read as
    written flagged below `clear_below` (None: the review threshold, as `partiar scan` flags them) and the
    move prior at `prior_weight` (None: the decoder's own)."""
    beam.RELIABLE_FIT = reliable_fit
    by_set: dict[str, Tally] = {}
    for name, locale, sheet, truth in items:
        decoded = decode_copies([sheet], locale, clear_below=clear_below, prior_weight=prior_weight)[0]
        by_set.setdefault(name, Tally()).add(decoded, list(truth))
    return {
        "reliable_fit": reliable_fit,
        "clear_below": clear_below,
        "prior_weight": prior_weight,
        "sets": {
            name: {
                "moves": scored.plies - scored.not_emitted,
                "right": round(scored.right / max(scored.plies, 1), 4),
                "flagged": round(scored.flagged / max(scored.plies - scored.not_emitted, 1), 4),
                "wrong_unflagged": scored.wrong_unflagged,
                "unflagged": scored.plies - scored.not_emitted - scored.flagged,
            }
            for name, scored in by_set.items()
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--reliable-fit", type=float, action="append", help="settings to try")
    parser.add_argument("--clear-below", type=float, action="append", help="settings to try")
    parser.add_argument("--prior-weight", type=float, action="append", help="settings to try")
    parser.add_argument("--games", type=int, default=16, help="sheets in the unseen development writing")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    items = read_items(args.games, args.seed)
    rows = [
        measure(items, fit, clear, weight)
        for fit in args.reliable_fit or [beam.RELIABLE_FIT]
        for clear in args.clear_below or [None]
        for weight in args.prior_weight or [None]
    ]
    print(json.dumps({"benchmark": "tempering", "rows": rows}, indent=2))


if __name__ == "__main__":
    main()
