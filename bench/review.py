"""How many corrections a reviewer needs to reach the true game with `partiar review`, fixing the first wrong
move each time (every correction decodes the rest of the game again, as the review page does). Prints JSON.

Sections (`--only`): `handwriting`: synthetic sheets in the held-out handwriting fonts, single sheets and two
copies of each game (the same games and fonts as bench/scan.py's handwriting section); `hcs`: the HCS test
pages, single pages and both copies, counted on each page's label-verified prefix (bench/scan.py explains it).
Never used to tune anything.

Per section: games, plies, the moves wrong before review, the flagged moves, the corrections needed (in all,
per game, and as a share of plies), and the seconds a correction takes to re-decode.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import chess

sys.path.insert(0, str(Path(__file__).resolve().parent))
import scan as scan_bench
from partiar.notation import Style
from partiar.ocr.engines.base import Engine, get_engine
from partiar.ocr.errors import LayoutError
from partiar.ocr.forms import get_form
from partiar.ocr.pipeline import ScannedGame, SheetReading, decode_copies, read_sheet
from partiar.ocr.training.fonts import HELD_OUT_FONTS, find_font
from partiar.ocr.training.synth import draw_scoresheet

from partiar.review.session import ReviewSession


@dataclass
class Reviewed:
    games: int = 0
    plies: int = 0
    wrong_before: int = 0
    flagged_before: int = 0
    corrections: int = 0
    seconds: float = 0.0
    per_game: list[int] = field(default_factory=list)

    def row(self, section: str) -> dict[str, object]:
        return {
            "section": section,
            "games": self.games,
            "plies": self.plies,
            "wrong_before_review": self.wrong_before,
            "flagged_before_review": self.flagged_before,
            "corrections": self.corrections,
            "corrections_share_of_plies": round(self.corrections / self.plies, 4) if self.plies else None,
            "wrong_share_before_review": round(self.wrong_before / self.plies, 4) if self.plies else None,
            "corrections_per_game": self.per_game,
            "seconds_per_correction": round(self.seconds / self.corrections, 2) if self.corrections else None,
        }


def _first_wrong(session: ReviewSession, truth: list[chess.Move]) -> int | None:
    for index, move in enumerate(truth):
        if index >= len(session.moves) or session.moves[index].ply.move != move:
            return index
    return None


def review(
    sheets: list[SheetReading], locale: str, engine: Engine, truth_san: list[str], tally: Reviewed
) -> None:
    """Decode, then fix the first wrong ply of the known truth until none is left."""
    decoded, sources = decode_copies(sheets, locale, engine.review_below)
    session = ReviewSession(ScannedGame(["bench"], decoded, sources, sheets), locale, engine.review_below)
    board = chess.Board()
    truth: list[chess.Move] = []
    for san in truth_san:
        truth.append(board.parse_san(san))
        board.push(truth[-1])
    tally.games += 1
    tally.plies += len(truth)
    tally.wrong_before += sum(
        index >= len(decoded.moves) or decoded.moves[index].ply.move != move
        for index, move in enumerate(truth)
    )
    tally.flagged_before += sum(move.flagged for move in decoded.moves[: len(truth)])
    corrections = 0
    while (index := _first_wrong(session, truth)) is not None:
        if index > len(session.moves) or (index == len(session.moves) and session.decoded.error is None):
            break  # the sheets hold no cell for this ply: nothing a reviewer could fix here
        start = time.perf_counter()
        session.correct_move(index, truth[index])
        tally.seconds += time.perf_counter() - start
        corrections += 1
    tally.corrections += corrections
    tally.per_game.append(corrections)


def handwriting(engine: Engine, args: argparse.Namespace, directory: Path) -> tuple[Reviewed, Reviewed]:
    """The synthetic handwriting sheets of bench/scan.py (same seed): single sheets, then two copies."""
    rng = random.Random(args.seed)
    scan_bench.real_games(args.games, rng)  # bench/scan.py draws its typed section's games first
    games = scan_bench.real_games(args.games, rng)
    form = get_form("fide-2x30")
    single, copies = Reviewed(), Reviewed()
    for with_copies, tally in ((False, single), (True, copies)):
        for number, game in enumerate(games):
            locale = "sk" if number % 2 == 0 else "cs"
            style = Style(capture=rng.choice(["×", "x", ""]))
            fonts = rng.sample(list(HELD_OUT_FONTS), 2 if with_copies else 1)
            sheets = []
            for copy, font in enumerate(fonts):
                rows = scan_bench.rows_of(game, locale, style)
                sheet = draw_scoresheet(rows, form, locale, find_font(font), rng, dpi=200)
                path = directory / f"review-{number}-{copy}.png"
                sheet.image.save(path)
                sheets.append(read_sheet(path, engine))
            review(sheets, locale, engine, [ply.san for ply in game.plies], tally)
    return single, copies


def hcs(engine: Engine) -> tuple[Reviewed, Reviewed]:
    """The HCS test pages: each page alone, then both copies of each game; the truth is the verified prefix
    (for copies, the plies where both pages' verified prefixes agree, up to the first where they do not)."""
    split = json.loads((scan_bench.HCS / "split.json").read_text(encoding="utf-8"))
    labels = scan_bench.hcs_labels()
    form = get_form("hcs")
    single, copies = Reviewed(), Reviewed()
    by_game: dict[str, list[tuple[SheetReading, list[str]]]] = {}
    for page in split["test_pages"]:
        try:
            sheet = read_sheet(scan_bench.HCS / "pages" / f"{page}.jpg", engine, form)
        except LayoutError:
            sheet = SheetReading()
        truth = scan_bench.verified_prefix(labels.get(page, {}))
        review([sheet], "en", engine, truth, single)
        by_game.setdefault(page.split("_")[0], []).append((sheet, truth))
    for entries in by_game.values():
        merged: list[str] = []
        for index in range(max(len(truth) for _, truth in entries)):
            known = {truth[index] for _, truth in entries if index < len(truth)}
            if len(known) != 1:
                break
            merged.append(known.pop())
        review([sheet for sheet, _ in entries], "en", engine, merged, copies)
    return single, copies


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--engine", default="auto")
    parser.add_argument("--only", action="append", choices=["handwriting", "hcs"])
    parser.add_argument("--games", type=int, default=6, help="synthetic games per section")
    parser.add_argument("--seed", type=int, default=1599)
    args = parser.parse_args(argv)
    sections = args.only or ["handwriting", "hcs"]
    engine = get_engine(args.engine)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        if "handwriting" in sections:
            single, copies = handwriting(engine, args, Path(tmp))
            rows += [single.row("handwriting"), copies.row("handwriting --copies")]
            print(json.dumps(rows[-2:]), file=sys.stderr)
        if "hcs" in sections:
            if scan_bench.HCS.exists():
                single, copies = hcs(engine)
                rows += [single.row("hcs single page"), copies.row("hcs --copies")]
            else:
                rows.append({"section": "hcs", "skipped": f"not present: {scan_bench.HCS}"})
    print(json.dumps({"benchmark": "review", "engine": engine.name, "rows": rows}, indent=2))


if __name__ == "__main__":
    main()
