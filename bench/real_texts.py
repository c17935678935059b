"""How well the real texts of tests/data/real read: each text converted `--from` its locale in the default
(strict) mode, its main line compared with the truth PGN beside it.

Per language and in total: texts whose main line is exact (and no game of the text stopped), main-line moves
right (the longest common prefix of the truth and the best-matching game read), texts stopped (a game with an
error: `partiar convert` exits 4 on them), heading tags right (White, Black, Site, Date, Round, ECO and Result where
the truth knows them) and wrong (read where the truth has none, or has another), games out (the truth has one game
per text), and what `--from auto` chose for the text's first game: the text's own locale, or another that
writes the pieces alike and reads it the same (Czech for Slovak), moves flagged and moves wrong without a flag in the best-matching game (emitted, not the true move
on its ply; in the default mode the moves the reader doubts, and those it reads as other than written (for a
slip, a misprint or a move left out), count as flagged). With `--lenient` the texts are
read as `partiar convert --lenient` reads them. A text in a language partiar has no locale for (Lithuanian,
Albanian) is read in the locale `--from auto` picks for it. Prints JSON; `--verbose` adds one line per text
on stderr.

    .venv/bin/python bench/real_texts.py [--verbose] [--lenient] [--folder tests/data/real2]

tests/data/real is the development set; the later collections (tests/data/real2 ...) were collected apart
from it and held out until measured; each one's README says whether it still is.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

import chess.pgn
from partiar.notation import Locale, get_locale, open_lines, read_games
from partiar.notation.decode.lenient import read_lenient
from partiar.notation.errors import UnknownLocaleError
from partiar.notation.text.detect import read_games_auto
from partiar.notation.text.reader import read_otherwise

REAL = Path(__file__).resolve().parent.parent / "tests" / "data" / "real"
HEADING_TAGS = ("White", "Black", "Site", "Date", "Round", "ECO", "Result")


def _plain(san: str) -> str:
    return san.rstrip("+#")


def _tag(value: str) -> str:
    return re.sub(r"\s*,\s*", ", ", value.strip())


def measure(stem: Path, lenient: bool = False) -> dict[str, object]:
    # The locale is the stem's first part; a Serbian text in Cyrillic has "cyrl" in its slug. A language
    # without a locale of its own is read in the one `--from auto` picks, as a user would have to.
    auto = list(read_games_auto(open_lines(str(stem.with_suffix(".txt")))))
    locale = "sr-Cyrl" if "-cyrl-" in stem.name else stem.name.split("-")[0]
    try:
        own: Locale | None = get_locale(locale)
    except UnknownLocaleError:
        own, locale = None, auto[0].locale.code if auto else "en"
    with open(stem.with_suffix(".pgn"), encoding="utf-8") as handle:
        truth_game = chess.pgn.read_game(handle)
    assert truth_game is not None
    truth = [_plain(board_san) for board_san in _sans(truth_game)]
    lines = open_lines(str(stem.with_suffix(".txt")))
    flags: dict[int, list[bool]] = {}
    if lenient:
        games = []
        for read in read_lenient(lines, locale):
            flags[id(read.game)] = [move.flagged for move in read.decoded.moves]
            games.append(read.game)
        stopped = [g for g in games if g.error is not None]
    else:
        games = list(read_games(lines, locale))
        stopped = [g for g in games if g.error is not None]
        for (
            game
        ) in games:  # the moves the strict reader doubts or reads as other than written count as flagged
            flags[id(game)] = [
                0 < game.doubtful_from <= ply.halfmove or read_otherwise(ply) for ply in game.plies
            ]
    best, best_right = None, -1
    for game in games:
        sans = [_plain(p.san) for p in game.plies]
        right = 0
        for ours, true in zip(sans, truth, strict=False):
            if ours != true:
                break
            right += 1
        if right > best_right:
            best, best_right = game, right
    exact = (
        best is not None
        and not stopped
        and [_plain(p.san) for p in best.plies] == truth
        and best_right == len(truth)
    )
    tags_total = tags_right = 0
    for tag in HEADING_TAGS:
        value = truth_game.headers.get(tag, "?")
        if value in ("?", "????.??.??", "*") or not value:
            continue
        tags_total += 1
        if best is None:
            continue
        ours = best.result if tag == "Result" else best.headers.get(tag, "?")
        tags_right += _tag(ours) == _tag(value)
    # A tag read that the truth does not have or has otherwise (a place where the text names none, say).
    tags_wrong = (
        0
        if best is None
        else sum(
            1
            for tag in HEADING_TAGS
            if tag != "Result"
            and _tag(best.headers.get(tag, "?")) not in ("?", "????.??.??")
            and _tag(best.headers.get(tag, "?")) != _tag(truth_game.headers.get(tag, "?"))
        )
    )
    # Emitted and not flagged, but not the true move on its ply (or past the true game's end).
    wrong_unflagged = (
        0
        if best is None
        else sum(
            1
            for index, (ply, flagged) in enumerate(zip(best.plies, flags[id(best)], strict=True))
            if not flagged and (index >= len(truth) or _plain(ply.san) != truth[index])
        )
    )
    # --from auto: the text's own locale chosen, or one that writes the pieces alike and reads it the same.
    return {
        "stem": stem.name,
        "locale": locale,
        "auto_own": bool(auto) and auto[0].locale == own,
        "auto_alike": bool(auto) and own in auto[0].same,
        "exact": exact,
        "moves": len(truth),
        "moves_right": max(best_right, 0),
        "stopped": bool(stopped),
        "error": str(stopped[0].error) if stopped else "",
        "games": len(games),
        "tags": tags_total,
        "tags_right": tags_right,
        "tags_wrong": tags_wrong,
        "flagged": sum(flags[id(best)]) if best is not None else 0,
        "wrong_unflagged": wrong_unflagged,
    }


def _sans(game: chess.pgn.Game) -> list[str]:
    board = game.board()
    out = []
    for move in game.mainline_moves():
        out.append(board.san(move))
        board.push(move)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verbose", action="store_true", help="one line per text on stderr")
    parser.add_argument(
        "--folder", type=Path, default=REAL, help="the texts and truths (default: tests/data/real)"
    )
    parser.add_argument("--lenient", action="store_true", help="read as `convert --lenient` does")
    args = parser.parse_args()
    rows = [measure(path.with_suffix(""), args.lenient) for path in sorted(args.folder.glob("*.txt"))]
    groups: dict[str, list[dict[str, object]]] = defaultdict(list)
    for row in rows:
        groups[str(row["locale"])].append(row)
        if args.verbose:
            print(
                f"{row['stem']:40} exact={row['exact']!s:5} moves {row['moves_right']}/{row['moves']} "
                f"games {row['games']} tags {row['tags_right']}/{row['tags']} "
                f"flagged {row['flagged']} wrong-unflagged {row['wrong_unflagged']} {row['error'][:100]}",
                file=sys.stderr,
            )

    def summary(group: list[dict[str, object]]) -> dict[str, object]:
        def total(key: str) -> int:
            return sum(int(r[key]) for r in group)  # type: ignore[call-overload]

        return {
            "texts": len(group),
            "exact": total("exact"),
            "moves_right": f"{total('moves_right')}/{total('moves')}",
            "stopped": total("stopped"),
            "tags_right": f"{total('tags_right')}/{total('tags')}",
            "tags_wrong": total("tags_wrong"),
            "flagged": total("flagged"),
            "wrong_unflagged": total("wrong_unflagged"),
            "games_out": total("games"),
            "auto_own_locale": total("auto_own"),
            "auto_alike_locale": total("auto_alike"),
        }

    report = {"per_language": {code: summary(group) for code, group in sorted(groups.items())}}
    report["total"] = summary(rows)
    print(json.dumps(report, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
