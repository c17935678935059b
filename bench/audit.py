"""The draw-rule audit of 1,548 real games against python-chess, in the same run.

Three timings over the shakmaty corpus (1,110 TWIC games and 438 lichess games, read from memory):

- partiar: `read_games` (--from en) plus `audit` of every game (2018 edition): every claim, automatic end and
  irregularity, ply by ply;
- (b) python-chess only reading the games with `chess.pgn.read_game`;
- (a) python-chess reading the games and asking, after every move, `can_claim_threefold_repetition`,
  `can_claim_fifty_moves` and `is_fivefold_repetition` (the naive way to do the same checks).

partiar and (b) run `--repeat` times, alternately, and their medians are reported; (a) is slow and runs once
over the whole corpus (or over the first `--naive-games` games, scaled to the corpus by plies). The split
"audit_only" times the audit alone over games already read, to compare with the checking part of (a), which
is (a) minus (b). Times are CPU seconds of this process (`time.process_time`), so that other work on a shared
machine disturbs them less. Prints JSON.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import time
from collections import Counter
from collections.abc import Callable

import chess.pgn
from partiar.notation import read_games
from partiar.notation.rules.claims import KeyedGameBuilder, audit, audit_games
from partiar.notation.rules.editions import get_edition
from partiar.ocr.training.shared import shared_data

CORPUS = shared_data("pgn", "shakmaty")
FILES = ("twic1599_1000k.pgn", "lichess_db_1000k.pgn")
EDITION = get_edition(2018)


def partiar_audit(text: str) -> Counter[str]:
    events: Counter[str] = Counter()
    for result in audit_games(io.StringIO(text), "en", EDITION):
        events.update(event.type for event in result.events)
    return events


def partiar_read(text: str) -> int:
    return sum(1 for _ in read_games(io.StringIO(text), "en"))


def python_chess_read(text: str) -> int:
    handle = io.StringIO(text)
    games = 0
    while chess.pgn.read_game(handle) is not None:
        games += 1
    return games


def python_chess_naive(text: str, limit: int | None) -> tuple[int, int]:
    """Games and plies checked the naive way: every claim question asked of python-chess after every move."""
    handle = io.StringIO(text)
    games = plies = 0
    while limit is None or games < limit:
        game = chess.pgn.read_game(handle)
        if game is None:
            break
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
            board.can_claim_threefold_repetition()
            board.can_claim_fifty_moves()
            board.is_fivefold_repetition()
            plies += 1
        games += 1
    return games, plies


def timed(work: Callable[[], object]) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs of partiar and of (b); medians reported")
    parser.add_argument("--naive-games", type=int, default=None, help="run (a) on the first N games only")
    options = parser.parse_args()

    text = "".join((CORPUS / name).read_text(encoding="utf-8") for name in FILES)
    keyed = list(read_games(io.StringIO(text), "en", KeyedGameBuilder))
    games = [game for game, _ in keyed]
    plies = sum(len(game.plies) for game in games)
    errors = sum(game.error is not None for game in games)

    runs: dict[str, list[float]] = {"partiar_read_and_audit": [], "partiar_read": [], "python_chess_read": []}
    audit_only: list[float] = []
    for _ in range(options.repeat):
        runs["partiar_read_and_audit"].append(timed(lambda: partiar_audit(text)))
        runs["python_chess_read"].append(timed(lambda: python_chess_read(text)))
        runs["partiar_read"].append(timed(lambda: partiar_read(text)))
        audit_only.append(timed(lambda: [audit(game, EDITION, 1, positions) for game, positions in keyed]))
    medians = {name: statistics.median(times) for name, times in runs.items()}
    medians["audit_only"] = statistics.median(audit_only)

    naive_games, naive_plies = 0, 0

    def naive() -> None:
        nonlocal naive_games, naive_plies
        naive_games, naive_plies = python_chess_naive(text, options.naive_games)

    naive_seconds = timed(naive)
    subset = naive_games < len(games)
    ours = medians["partiar_read_and_audit"]
    # On a subset, the naive time is scaled to the whole corpus by its share of the plies.
    naive_seconds_corpus = naive_seconds * plies / naive_plies if subset else naive_seconds
    speedup = naive_seconds_corpus / ours
    naive_checks = naive_seconds_corpus - medians["python_chess_read"]
    against_read = ours / medians["python_chess_read"]
    # Each round times partiar and (b) back to back, so the ratio within a round shares the machine's load.
    paired = statistics.median(
        mine / theirs
        for mine, theirs in zip(runs["partiar_read_and_audit"], runs["python_chess_read"], strict=True)
    )
    events = partiar_audit(text)
    report = {
        "corpus": {"files": list(FILES), "games": len(games), "plies": plies, "games_with_errors": errors},
        "edition": EDITION.year,
        "repeat": options.repeat,
        "median_seconds": medians,
        "naive_python_chess": {
            "runs": 1,
            "games": naive_games,
            "plies": naive_plies,
            "seconds": naive_seconds,
            "seconds_for_corpus": naive_seconds_corpus,
            "scaled_from_subset": subset,
        },
        "ratios": {
            "naive_over_partiar_audit": speedup,
            "naive_checks_over_audit_only": naive_checks / medians["audit_only"],
            "partiar_audit_over_python_chess_read": against_read,
            "partiar_audit_over_python_chess_read_paired_median": paired,
            "partiar_read_over_python_chess_read": medians["partiar_read"] / medians["python_chess_read"],
            "audit_only_share_of_partiar_audit": medians["audit_only"] / ours,
        },
        "targets": {
            "naive_over_partiar_audit_at_least": 20,
            "partiar_audit_over_python_chess_read_at_most": 1.25,
            "met": {
                "naive_over_partiar_audit": speedup >= 20,
                "naive_checks_over_audit_only": naive_checks / medians["audit_only"] >= 20,
                "partiar_audit_over_python_chess_read": against_read <= 1.25,
            },
        },
        "events": dict(sorted(events.items())),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
