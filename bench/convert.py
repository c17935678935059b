"""Converting Slovak notation to PGN with partiar, against python-chess reading the same games as PGN.

The 1,110 real games of The Week in Chess 1599 are rendered in Slovak (untimed), then timed: partiar
converting the Slovak text to PGN, and python-chess's `read_game` reading the English PGN, alternately in
the same run. Prints JSON with the medians of CPU time (process time, robust when other work shares the
machine) and of wall time, their ratios (python-chess time / partiar time: above 1 means partiar is faster)
and the peak memory of one partiar conversion.
"""

from __future__ import annotations

import io
import json
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import chess.pgn
from partiar.notation import get_locale, read_games, write_pgn, write_text
from partiar.ocr.training.shared import shared_data

DATA = shared_data("pgn", "shakmaty", "twic1599_1000k.pgn")


def load_english(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def to_slovak(english: str) -> str:
    """The games as a Slovak bulletin would print them (short form, × captures), with their tags."""
    out = io.StringIO()
    sk = get_locale("sk")
    for game in read_games(english.splitlines(), "en"):
        if game.error is not None:
            raise SystemExit(f"cannot render reference game: {game.error}")
        write_text(game, out, sk)
    return out.getvalue()


def partiar_convert(slovak: str) -> int:
    out = io.StringIO()
    games = 0
    for game in read_games(io.StringIO(slovak), "sk"):
        if game.error is not None:
            raise SystemExit(f"conversion failed: {game.error}")
        write_pgn(game, out)
        games += 1
    return games


def python_chess_read(english: str) -> int:
    handle = io.StringIO(english)
    games = 0
    while chess.pgn.read_game(handle) is not None:
        games += 1
    return games


def timed(function: Callable[[str], int], argument: str) -> tuple[float, float, int]:
    wall, cpu = time.perf_counter(), time.process_time()
    count = function(argument)
    return time.perf_counter() - wall, time.process_time() - cpu, count


def main(rounds: int = 7) -> None:
    english = load_english(DATA)
    slovak = to_slovak(english)
    samples: dict[str, list[float]] = {"ours_wall": [], "ours_cpu": [], "theirs_wall": [], "theirs_cpu": []}
    for _ in range(rounds):
        wall, cpu, partiar_games = timed(partiar_convert, slovak)
        samples["ours_wall"].append(wall)
        samples["ours_cpu"].append(cpu)
        wall, cpu, chess_games = timed(python_chess_read, english)
        samples["theirs_wall"].append(wall)
        samples["theirs_cpu"].append(cpu)
    tracemalloc.start()
    partiar_convert(slovak)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    median = {name: statistics.median(values) for name, values in samples.items()}
    plies = sum(1 for game in read_games(english.splitlines(), "en") for _ in game.plies)
    print(
        json.dumps(
            {
                "benchmark": "convert",
                "games": partiar_games,
                "reference_games": chess_games,
                "plies": plies,
                "rounds": rounds,
                "partiar_sk_to_pgn_cpu_seconds_median": round(median["ours_cpu"], 4),
                "python_chess_read_game_cpu_seconds_median": round(median["theirs_cpu"], 4),
                "ratio_cpu_python_chess_over_partiar": round(median["theirs_cpu"] / median["ours_cpu"], 3),
                "partiar_sk_to_pgn_wall_seconds_median": round(median["ours_wall"], 4),
                "python_chess_read_game_wall_seconds_median": round(median["theirs_wall"], 4),
                "ratio_wall_python_chess_over_partiar": round(median["theirs_wall"] / median["ours_wall"], 3),
                "partiar_peak_traced_memory_mib": round(peak / 2**20, 2),
                "input_text_mib": round(len(slovak.encode()) / 2**20, 2),
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
