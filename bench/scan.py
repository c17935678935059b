"""Scanning accuracy and speed: synthetic sheets, the HCS test pages, and noisy text. Prints JSON.

Sections (each can be chosen with --only):
- `typed`: sheets filled in a printed font, Slovak and Czech notation, one sheet per game;
- `handwriting`: sheets filled with the held-out handwriting fonts (never used while developing), single
  sheets and two copies of each game in two different fonts;
- `hands`: the same with the held-out pen-stroke faces (`strokes.HELD_OUT_HANDS`), a new writer per sheet;
- `hcs`: the HCS test split (17 games, 34 pages). The truth of a ply is known only on the label-verified
  prefix of each page: the longest run of labels from move 1 that replays as a legal game. Move recognition
  accuracy (MRA) is measured on verified plies, per single page and with both copies decoded together;
  the raw cell reading accuracy compares the engine's own best text with the label (ignoring `+`, `#`,
  `x` and 0/O);
- `noisy`: real games typed with a few per cent of characters confused or dropped, through
  `convert --lenient`'s decoder;
- `cli`: seconds per page as users run it, one `partiar scan` process per HCS test page;
- `dev`: development data only, to choose each engine's review threshold (the lowest confidence threshold
  at which moves left unflagged are wrong at most 0.5% of the time): the HCS train pages that training
  holds out for validation (`partiar.ocr.training.dataset.hcs_split`; single pages and both copies), synthetic sheets in
  the development fonts, and single sheets in the fonts and pen-stroke faces no recogniser was trained on
  (`fonts.UNSEEN_DEV_FONTS`, `strokes.UNSEEN_DEV_HANDS`: writing unlike any learned, as users' will be).
  Never run the threshold choice on the evaluation sections.

Pages are read as `partiar scan` reads them: the form found on the page (unless `--form`), the engine by
name (`auto` by default: the model, with Tesseract too on printed pages). For every section: MRA, the share
of flagged moves, the error rate among unflagged moves, the errors by kind (verified plies never emitted,
wrong and flagged, wrong without a flag), games stopped before their verified plies end, seconds per page,
the flags and errors other review thresholds would give, and the calibration curve (per confidence bin, the
share of moves that were right).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from functools import partial
from pathlib import Path

import chess
from partiar.notation import Game, Style, read_games, render
from partiar.notation.decode.beam import Decoded
from partiar.notation.decode.lenient import read_lenient
from partiar.notation.text.resolve import parse_move
from partiar.ocr.engines import ctc
from partiar.ocr.engines.base import Engine, get_engine
from partiar.ocr.errors import LayoutError
from partiar.ocr.forms import Form, get_form
from partiar.ocr.pipeline import CellSource, SheetReading, decode_copies, read_sheet
from partiar.ocr.training.dataset import hcs_split
from partiar.ocr.training.fonts import DEV_FONTS, HELD_OUT_FONTS, PRINTED_FONT, UNSEEN_DEV_FONTS, find_font
from partiar.ocr.training.shared import shared_data
from partiar.ocr.training.strokes import HELD_OUT_HANDS, UNSEEN_DEV_HANDS, Hand
from partiar.ocr.training.synth import draw_scoresheet

HCS = shared_data("hcs")
# How the readings of a game's sheets are decoded: `decode_copies`, with the settings under measurement.
Decoder = Callable[..., tuple[Decoded, list[list[CellSource | None]]]]
GAMES = shared_data("pgn", "shakmaty", "twic1599_1000k.pgn")
# Development games for choosing thresholds: never the evaluation corpus above.
DEV_GAMES = (
    shared_data("pgn", "pgn-extract", "fischer.pgn"),
    shared_data("pgn", "pgn-extract", "petrosian.pgn"),
)
# How the noisy-text section damages text: a character is dropped, or replaced by a look-alike (as OCR
# confuses them) or, one time in three, by any character of this set.
LOOK_ALIKES = {
    "1": "lI|",
    "0": "Oo",
    "O": "0",
    "x": "%×*",
    "×": "x%",
    "5": "S",
    "S": "5$",
    "8": "B",
    "B": "8",
    "6": "b",
    "b": "6h",
    "l": "1",
    "e": "c",
    "c": "e(",
    "g": "9",
    "9": "g",
    "d": "a",
    "a": "d",
    "h": "b",
    "f": "t",
    "2": "z",
    "3": "8",
    "4": "A",
    "7": "1",
    "J": "I",
    "D": "O",
    "V": "U",
}
NOISE_CHARACTERS = "lI10OoSs5B8x%:;,.-"


@dataclass
class Tally:
    """Counts for one section and engine."""

    plies: int = 0
    right: int = 0
    flagged: int = 0
    wrong_unflagged: int = 0
    pages: int = 0
    seconds: float = 0.0
    cells: int = 0
    cells_read_right: int = 0
    stopped: int = 0
    not_emitted: int = 0
    wrong_flagged: int = 0
    notes: list[str] = field(default_factory=list)
    outcomes: list[tuple[float, bool]] = field(default_factory=list)

    def add(self, decoded: Decoded, truth: list[str | None]) -> None:
        """Score decoded moves against the true SAN of each ply (None: unknown ply, not counted).

        A move counts as recognised when its piece, destination and promotion are the truth's: after an
        earlier ply was resolved the wrong way, a later move may read right yet start from another square,
        capture or give check where the true one did not, and that error belongs to the earlier ply.
        """
        for index, expected in enumerate(truth):
            if expected is None:
                continue
            self.plies += 1
            if index >= len(decoded.moves):
                self.not_emitted += 1
                continue
            move = decoded.moves[index]
            good = _essence(move.ply.san) == _essence(expected)
            self.outcomes.append((move.confidence, good))
            self.right += good
            self.flagged += move.flagged
            self.wrong_unflagged += not good and not move.flagged
            self.wrong_flagged += not good and move.flagged
        # A game stopped before its known plies end (a stop after them, on cells nobody labelled, is not).
        self.stopped += decoded.error is not None and len(decoded.moves) < len(truth)

    def absorb(self, other: Tally) -> None:
        """Add `other`'s counts, outcomes and notes to this tally's (a row pooled over sections)."""
        for item in fields(self):
            setattr(self, item.name, getattr(self, item.name) + getattr(other, item.name))

    def threshold(self, tolerated: float = 0.005) -> float | None:
        """The lowest review threshold at which unflagged moves are wrong at most `tolerated` of the time."""
        for candidate in sorted({round(confidence, 3) for confidence, _ in self.outcomes}):
            kept = [good for confidence, good in self.outcomes if confidence >= candidate]
            if kept and kept.count(False) <= tolerated * len(kept):
                return candidate
        return None

    def row(self, section: str, engine: str) -> dict[str, object]:
        def share(count: int, total: int) -> float | None:
            return round(count / total, 4) if total else None

        unflagged = self.plies - self.flagged
        data: dict[str, object] = {
            "section": section,
            "engine": engine,
            "plies": self.plies,
            "mra": share(self.right, self.plies),
            "flagged_share": share(self.flagged, self.plies),
            "wrong_among_unflagged": share(self.wrong_unflagged, unflagged),
            "wrong_and_unflagged_share": share(self.wrong_unflagged, self.plies),
            "games_stopped_early": self.stopped,
            "errors": {
                "not_emitted": self.not_emitted,
                "wrong_flagged": self.wrong_flagged,
                "wrong_unflagged": self.wrong_unflagged,
            },
            "pages": self.pages,
            "seconds_per_page": round(self.seconds / self.pages, 3) if self.pages else None,
        }
        # What other review thresholds would give: flagged share and errors among unflagged moves.
        sweep = {}
        for threshold in (0.5, 0.8, 0.9, 0.95, 0.99, 0.999, 0.9999):
            kept = [good for confidence, good in self.outcomes if confidence >= threshold]
            sweep[str(threshold)] = {
                "flagged_share": share(len(self.outcomes) - len(kept), len(self.outcomes)),
                "wrong_among_unflagged": share(kept.count(False), len(kept)),
            }
        data["threshold_sweep"] = sweep
        data["calibration"] = calibration(self.outcomes)
        if self.cells:
            data["raw_cell_accuracy"] = share(self.cells_read_right, self.cells)
            data["cells"] = self.cells
        if self.notes:
            data["notes"] = self.notes
        return data


CALIBRATION_BINS = (0.0, 0.5, 0.8, 0.9, 0.95, 0.99, 0.999, 1.0)


def calibration(outcomes: list[tuple[float, bool]]) -> list[dict[str, object]]:
    """The calibration curve: per confidence bin, how many moves, their mean confidence and the share that
    were right (a calibrated decoder has the two close)."""
    rows = []
    for low, high in itertools.pairwise(CALIBRATION_BINS):
        inside = [(c, good) for c, good in outcomes if low <= c < high or (high == 1.0 and c == 1.0)]
        if inside:
            rows.append(
                {
                    "confidence": f"[{low}, {high}{']' if high == 1.0 else ')'}",
                    "moves": len(inside),
                    "mean_confidence": round(sum(c for c, _ in inside) / len(inside), 4),
                    "right": round(sum(good for _, good in inside) / len(inside), 4),
                }
            )
    return rows


_SAN_PARTS = re.compile(r"^([KQRBN]?)[a-h]?[1-8]?x?([a-h][1-8])(=[QRBN])?")


def _essence(san: str) -> str:
    """Piece, destination and promotion of a SAN move (castling as written)."""
    found = _SAN_PARTS.match(san)
    return "".join(part or "" for part in found.groups()) if found else san.rstrip("+#")


def real_games(
    count: int, rng: random.Random, max_moves: int = 60, sources: tuple[Path, ...] = (GAMES,)
) -> list[Game]:
    games: list[Game] = []
    for source in sources:
        with source.open(encoding="utf-8") as handle:
            games += [
                game for game in read_games(handle, "en") if game.error is None and len(game.plies) >= 10
            ]
    chosen = rng.sample(games, count)
    for game in chosen:
        del game.plies[2 * max_moves :]
    return chosen


def rows_of(game: Game, locale: str, style: Style) -> list[tuple[str, str]]:
    texts = [render(ply.san, ply.move, locale, style, en_passant=ply.en_passant) for ply in game.plies]
    texts += [""] * (len(texts) % 2)
    return [(texts[i], texts[i + 1]) for i in range(0, len(texts), 2)]


def draw_sheet(game: Game, locale: str, style: Style, font: str, rng: random.Random, path: Path) -> Path:
    """`game`'s sheet on the FIDE 2 × 30 form, saved at `path`, in `font` (a font file's name, or `hand:FACE`
    for a pen-stroke writer drawn at random with that Hershey face)."""
    writer = (
        Hand.at_random(rng, (font.removeprefix("hand:"),)) if font.startswith("hand:") else find_font(font)
    )
    sheet = draw_scoresheet(rows_of(game, locale, style), get_form("fide-2x30"), locale, writer, rng, dpi=200)
    sheet.image.save(path)
    return path


def synthetic(
    engine: Engine,
    games: list[Game],
    fonts: list[str],
    copies: bool,
    rng: random.Random,
    directory: Path,
    decoder: Decoder = decode_copies,
) -> Tally:
    """Sheets drawn from `games` in Slovak and Czech, in `fonts` (a font file's name, or `hand:FACE` for a
    pen-stroke writer drawn at random with that Hershey face); scanned and decoded."""
    tally = Tally()
    for number, game in enumerate(games):
        locale = "sk" if number % 2 == 0 else "cs"
        style = Style(capture=rng.choice(["×", "x", ""]))
        sheet_fonts = rng.sample(fonts, 2 if copies else 1)
        readings: list[SheetReading] = []
        for copy, font in enumerate(sheet_fonts):
            path = draw_sheet(game, locale, style, font, rng, directory / f"sheet-{number}-{copy}.png")
            start = time.perf_counter()
            readings.append(read_sheet(path, engine))
            tally.seconds += time.perf_counter() - start
            tally.pages += 1
        start = time.perf_counter()
        decoded, _ = decoder(readings, locale, engine.review_below)
        tally.seconds += time.perf_counter() - start
        tally.add(decoded, [ply.san for ply in game.plies])
    return tally


# --- HCS -------------------------------------------------------------------------------------------------


def hcs_labels() -> dict[str, dict[tuple[int, str], str]]:
    """Per page ("001_0"), the label of every (move number, side) cell."""
    labels: dict[str, dict[tuple[int, str], str]] = {}
    pattern = re.compile(r"(\d+)_(\d+)_(\d+)_(white|black)\.png")
    for line in (HCS / "training_tags.txt").read_text(encoding="utf-8").splitlines():
        name, _, label = line.partition(" ")
        found = pattern.fullmatch(name)
        if found:
            game, copy, number, side = found.groups()
            labels.setdefault(f"{game}_{copy}", {})[(int(number), side)] = label.strip()
    return labels


def verified_prefix(labels: dict[tuple[int, str], str]) -> list[str]:
    """The SAN of the longest run of labels from move 1 that replays as a legal game."""
    board = chess.Board()
    moves: list[str] = []
    number = 1
    while True:
        for side in ("white", "black"):
            label = labels.get((number, side))
            if label is None:
                return moves
            try:
                move = parse_move(board, label, "en")
            except Exception:
                return moves
            moves.append(board.san(move))
            board.push(move)
        number += 1


def _normalised(text: str) -> str:
    return re.sub(r"[+#x×:\s]", "", text).replace("O", "0").replace("o", "0")


def hcs(
    engine: Engine, pages: list[str], form: Form | None = None, decoder: Decoder = decode_copies
) -> tuple[Tally, Tally]:
    """Single-page and both-copies MRA on HCS pages, with raw cell accuracy; as `partiar scan` reads them
    (the form found on the page unless `form` is given)."""
    labels = hcs_labels()
    single, copies = Tally(), Tally()
    by_game: dict[str, list[tuple[str, SheetReading, list[str]]]] = {}
    for page in pages:
        path = HCS / "pages" / f"{page}.jpg"
        start = time.perf_counter()
        try:
            sheet = read_sheet(path, engine, form)
        except LayoutError as error:
            # The page counts, with nothing read: every verified ply of it is a miss.
            single.notes.append(f"{page}: {error}")
            sheet = SheetReading()
        single.seconds += time.perf_counter() - start
        single.pages += 1
        page_labels = labels.get(page, {})
        truth = verified_prefix(page_labels)
        for index, source in enumerate(sheet.sources):
            label = page_labels.get((index // 2 + 1, "white" if index % 2 == 0 else "black"))
            if label is not None:
                single.cells += 1
                single.cells_read_right += _normalised(source.text) == _normalised(label)
        start = time.perf_counter()
        decoded, _ = decoder([sheet], "en", engine.review_below)
        single.seconds += time.perf_counter() - start
        single.add(decoded, list(truth))
        by_game.setdefault(page.split("_")[0], []).append((page, sheet, truth))
    for entries in by_game.values():
        start = time.perf_counter()
        decoded, _ = decode_copies([sheet for _, sheet, _ in entries], "en", engine.review_below)
        copies.seconds += time.perf_counter() - start
        copies.pages += len(entries)
        length = max(len(truth) for _, _, truth in entries)
        merged: list[str | None] = []
        for index in range(length):
            known = {truth[index] for _, _, truth in entries if index < len(truth)}
            merged.append(known.pop() if len(known) == 1 else None)
        copies.add(decoded, merged)
    copies.seconds += single.seconds  # reading the pages is part of decoding them together
    return single, copies


def cli_seconds(pages: list[str]) -> dict[str, object]:
    """Seconds per page as users run it: one `partiar scan PAGE --locale en` process per HCS page, with the
    CLI's defaults, start-up and model loading included, in the environment a user's Python runs in: modules'
    bytecode cached, as Python does by default (an untimed scan of the first page writes the caches)."""
    environment = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    times = []
    for page in [pages[0], *pages]:
        start = time.perf_counter()
        subprocess.run(
            [
                str(Path(sys.executable).parent / "partiar"),
                "scan",
                str(HCS / "pages" / f"{page}.jpg"),
                "--locale",
                "en",
            ],
            capture_output=True,
            check=False,
            env=environment,
        )
        times.append(time.perf_counter() - start)
    times = times[1:]
    times.sort()
    return {
        "section": "hcs, one partiar scan process per page",
        "pages": len(times),
        "median_seconds": round(statistics.median(times), 2),
        "mean_seconds": round(statistics.mean(times), 2),
        "p90_seconds": round(times[int(0.9 * (len(times) - 1))], 2),
        "max_seconds": round(times[-1], 2),
    }


# --- noisy text ------------------------------------------------------------------------------------------


def noisy_text(games: list[Game], rate: float, rng: random.Random) -> Tally:
    tally = Tally()
    for number, game in enumerate(games):
        locale = "sk" if number % 2 == 0 else "cs"
        words: list[str] = []
        for ply in game.plies:
            if ply.white:
                words.append(f"{ply.number}.")
            text = render(ply.san, ply.move, locale, Style(capture=rng.choice(["×", "x", ""])))
            words.append("".join(_noisy(char, rate, rng) for char in text))
        start = time.perf_counter()
        (decoded_game,) = read_lenient([" ".join(words)], locale)
        tally.seconds += time.perf_counter() - start
        tally.pages += 1
        tally.add(decoded_game.decoded, [ply.san for ply in game.plies])
    return tally


def _noisy(char: str, rate: float, rng: random.Random) -> str:
    draw = rng.random()
    if draw < rate / 2:
        return ""
    if draw < rate:
        if char in LOOK_ALIKES and rng.random() < 2 / 3:
            return rng.choice(LOOK_ALIKES[char])
        return rng.choice(NOISE_CHARACTERS)
    return char


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--engine", action="append", help="engine(s) to compare (default: tesseract and auto)"
    )
    parser.add_argument(
        "--only", action="append", choices=["typed", "handwriting", "hands", "hcs", "noisy", "dev", "cli"]
    )
    parser.add_argument(
        "--dev-pages", type=int, default=34, help="HCS validation pages (of training) for the dev section"
    )
    parser.add_argument("--games", type=int, default=6, help="synthetic games per section")
    parser.add_argument("--noisy-games", type=int, default=40)
    parser.add_argument("--noise", type=float, default=0.03)
    parser.add_argument("--seed", type=int, default=1599)
    parser.add_argument(
        "--prior-weight",
        type=float,
        help="the move prior's weight in the scan decoder (default: the decoder's; 0: none), to choose it on "
        "the dev section and to measure without it",
    )
    parser.add_argument(
        "--clear-below",
        type=float,
        help="the review threshold of a clear single sheet's moves that read as written (default: the review "
        "threshold; `decode(..., clear_below=...)`), to measure it",
    )
    parser.add_argument(
        "--form", help="the form of the HCS pages (default: found on each page, as `partiar scan` does)"
    )
    parser.add_argument(
        "--models",
        help="the networks the ctc engine reads, comma-separated files of ocr/models (default: the "
        "engine's), to choose them on the dev section",
    )
    args = parser.parse_args(argv)
    if args.models:
        ctc.MODELS = tuple(args.models.split(","))
    sections = args.only or ["typed", "handwriting", "hands", "hcs", "noisy"]
    engines = list(dict.fromkeys(args.engine or ["tesseract", "auto"]))
    rows: list[dict[str, object]] = []
    split = json.loads((HCS / "split.json").read_text(encoding="utf-8"))
    form = get_form(args.form) if args.form else None
    decoder = partial(decode_copies, prior_weight=args.prior_weight, clear_below=args.clear_below)
    draw = partial(synthetic, decoder=decoder)
    read_hcs = partial(hcs, decoder=decoder)
    with tempfile.TemporaryDirectory() as tmp:
        for name in engines if set(sections) - {"noisy"} else []:
            engine = get_engine(name)
            label = engine.name if name != "auto" else f"auto ({engine.name})"
            if label in {row["engine"] for row in rows}:
                continue
            rng = random.Random(args.seed)
            if "typed" in sections:
                games = real_games(args.games, rng)
                rows.append(draw(engine, games, [PRINTED_FONT], False, rng, Path(tmp)).row("typed", label))
            if "handwriting" in sections:
                games = real_games(args.games, rng)
                fonts = list(HELD_OUT_FONTS)
                rows.append(draw(engine, games, fonts, False, rng, Path(tmp)).row("handwriting", label))
                rows.append(
                    draw(engine, games, fonts, True, rng, Path(tmp)).row("handwriting --copies", label)
                )
            if "hands" in sections:
                games = real_games(args.games, rng)
                hands = [f"hand:{face}" for face in HELD_OUT_HANDS]
                rows.append(draw(engine, games, hands, False, rng, Path(tmp)).row("held-out hands", label))
                rows.append(
                    draw(engine, games, hands, True, rng, Path(tmp)).row("held-out hands --copies", label)
                )
            if "dev" in sections:
                games = real_games(args.games, rng)
                dev = draw(engine, games, [*DEV_FONTS, PRINTED_FONT], False, rng, Path(tmp))
                rows.append(dev.row("dev: development fonts", label))
                unseen_writing = [*UNSEEN_DEV_FONTS, *(f"hand:{face}" for face in UNSEEN_DEV_HANDS)]
                unseen = draw(engine, games, unseen_writing, False, rng, Path(tmp))
                rows.append(unseen.row("dev: unseen development writing", label))
                validation = hcs_split(HCS)[1][: args.dev_pages]
                dev_single, dev_copies = read_hcs(engine, validation, form)
                rows.append(dev_single.row("dev: hcs validation single page", label))
                rows.append(dev_copies.row("dev: hcs validation --copies", label))
                pooled = Tally()
                for tally in (dev, unseen, dev_single, dev_copies):
                    pooled.absorb(tally)
                row = pooled.row("dev, all sections (threshold choice)", label)
                row["recommended_review_below"] = pooled.threshold()
                rows.append(row)
            if "hcs" in sections:
                single, copies = read_hcs(engine, split["test_pages"], form)
                rows.append(single.row("hcs single page", label))
                rows.append(copies.row("hcs --copies", label))
            for row in rows:
                if row["engine"] == label:
                    print(json.dumps(row), file=sys.stderr)
    if "dev" in sections:
        rng = random.Random(args.seed)
        dev_text = noisy_text(real_games(args.noisy_games, rng, sources=DEV_GAMES), args.noise, rng)
        row = dev_text.row("dev noisy text (threshold choice)", "text")
        row["recommended_review_below"] = dev_text.threshold(0.0005)
        rows.append(row)
    if "noisy" in sections:
        rng = random.Random(args.seed)
        rows.append(noisy_text(real_games(args.noisy_games, rng), args.noise, rng).row("noisy text", "text"))
    if "cli" in sections:
        rows.append(cli_seconds(split["test_pages"]))
    print(
        json.dumps(
            {"benchmark": "scan", "dev_fonts_never_used_here": list(DEV_FONTS), "rows": rows}, indent=2
        )
    )


if __name__ == "__main__":
    main()
