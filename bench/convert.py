"""Converting Slovak notation to PGN with partiar, against python-chess reading the same games as PGN.

The 1,110 real games of The Week in Chess 1599 are rendered in Slovak (untimed), then timed: partiar
converting the Slovak text to PGN, and python-chess's `read_game` reading the English PGN, alternately in
the same run. Prints JSON with the medians, the ratio (python-chess time / partiar time: above 1 means
partiar is faster) and the peak memory of one partiar conversion.
"""

from __future__ import annotations

import io
import json
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

import chess.pgn

from notation import get_locale, read_games, write_pgn, write_text

DATA = (
    Path(__file__).resolve().parents[1].parent / "shared" / "data" / "pgn" / "shakmaty" / "twic1599_1000k.pgn"
)


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


def timed(function: object, argument: str) -> tuple[float, int]:
    start = time.perf_counter()
    count = function(argument)  # type: ignore[operator]
    return time.perf_counter() - start, count


def main(rounds: int = 5) -> None:
    english = load_english(DATA)
    slovak = to_slovak(english)
    ours, theirs = [], []
    for _ in range(rounds):
        seconds, partiar_games = timed(partiar_convert, slovak)
        ours.append(seconds)
        seconds, chess_games = timed(python_chess_read, english)
        theirs.append(seconds)
    tracemalloc.start()
    partiar_convert(slovak)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    ours_median, theirs_median = statistics.median(ours), statistics.median(theirs)
    print(
        json.dumps(
            {
                "benchmark": "convert",
                "games": partiar_games,
                "reference_games": chess_games,
                "plies": sum(1 for _ in slovak.split() if _[:1].isalpha() or _[:2] == "0-"),
                "rounds": rounds,
                "partiar_sk_to_pgn_seconds_median": round(ours_median, 4),
                "python_chess_read_game_seconds_median": round(theirs_median, 4),
                "ratio_python_chess_over_partiar": round(theirs_median / ours_median, 3),
                "partiar_peak_traced_memory_mib": round(peak / 2**20, 2),
                "input_text_mib": round(len(slovak.encode()) / 2**20, 2),
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
