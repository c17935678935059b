"""`partiar convert` of Slovak text to PGN against python-chess reading the same games as PGN, whole processes.

The 1,110 real games of The Week in Chess 1599 are rendered in Slovak (untimed) and written to a file with
their English PGN beside it; with `--copies N` the games are repeated N times (N = 91 gives 101,010 games).
Then, in turn in the same run, three whole processes are timed from start to exit (start-up and imports
included, as a user runs them): `partiar convert games.txt --from sk -o out.pgn` as it runs by default (in
one worker process per processor once the input holds more than one batch of games), the same with
`--workers 1` (one process), and a Python process that imports python-chess and reads games.pgn with
`chess.pgn.read_game` until the end. Prints JSON with the medians of wall time and of CPU time (user +
system of the process and its workers, from the operating system), their ratios (python-chess time /
partiar time: 1 or more means partiar is at least as fast), and each command's peak resident memory (of its
largest process), so that memory over 1,110 and over 100,000 games can be compared.

    python bench/convert.py [--rounds 7] [--copies 1]
"""

from __future__ import annotations

import argparse
import io
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from partiar.notation import get_locale, read_games, write_text
from partiar.ocr.training.shared import shared_data

DATA = shared_data("pgn", "shakmaty", "twic1599_1000k.pgn")
PARTIAR = Path(sys.executable).with_name("partiar")
# The environment a user's Python runs in: modules' bytecode cached, as Python does by default, so that no
# process compiles its modules again at every start (one untimed run of each command writes the caches).
USER_ENVIRONMENT = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
READ_PGN = """
import sys
import chess.pgn

games = 0
with open(sys.argv[1], encoding="utf-8") as handle:
    while chess.pgn.read_game(handle) is not None:
        games += 1
print(games)
"""


def to_slovak(english: str) -> str:
    """The games as a Slovak bulletin would print them (short form, × captures), with their tags."""
    out = io.StringIO()
    sk = get_locale("sk")
    for game in read_games(english.splitlines(), "en"):
        if game.error is not None:
            raise SystemExit(f"cannot render reference game: {game.error}")
        write_text(game, out, sk)
    return out.getvalue()


def run(command: list[str]) -> tuple[float, float, str]:
    """Wall seconds and CPU seconds (user + system) of one whole process, and its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False, env=USER_ENVIRONMENT)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{command[0]} failed ({done.returncode}): {done.stderr.strip()[:300]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def peak(command: list[str]) -> float:
    """Peak resident MiB of one process, measured from a probe process of which it is the only child (the
    children's peak of this process would be the largest of all the processes it ran)."""
    probe = (
        "import resource, subprocess, sys; subprocess.run(sys.argv[1:], capture_output=True, check=True); "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe, *command],
        capture_output=True,
        text=True,
        check=True,
        env=USER_ENVIRONMENT,
    )
    return int(out.stdout) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7, help="timed runs of each process (default: 7)")
    parser.add_argument("--copies", type=int, default=1, help="repeat the 1,110 games N times (default: 1)")
    args = parser.parse_args()
    english = DATA.read_text(encoding="utf-8").rstrip("\n") + "\n\n"
    slovak = to_slovak(english)
    with tempfile.TemporaryDirectory() as folder:
        text_path, pgn_path = Path(folder, "games.txt"), Path(folder, "games.pgn")
        out_path = Path(folder, "out.pgn")
        text_path.write_text(slovak * args.copies, encoding="utf-8")
        pgn_path.write_text(english * args.copies, encoding="utf-8")
        ours = [str(PARTIAR), "convert", str(text_path), "--from", "sk", "-o", str(out_path)]
        commands = {
            "ours": ours,
            "ours_one": [*ours, "--workers", "1"],
            "theirs": [sys.executable, "-c", READ_PGN, str(pgn_path)],
        }
        samples: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
        chess_games = 0
        partiar_games: dict[str, int] = {}
        for command in commands.values():
            run(command)
        for _ in range(args.rounds):
            for name, command in commands.items():
                out_path.unlink(missing_ok=True)
                wall, cpu, printed = run(command)
                samples[name].append((wall, cpu))
                if name == "theirs":
                    chess_games = int(printed)
                else:
                    partiar_games[name] = out_path.read_text(encoding="utf-8").count("[Event ")
        out_path.unlink(missing_ok=True)
        peaks = {name: peak(command) for name, command in commands.items()}
    wall = {name: statistics.median(w for w, _ in values) for name, values in samples.items()}
    cpu = {name: statistics.median(c for _, c in values) for name, values in samples.items()}
    print(
        json.dumps(
            {
                "benchmark": "convert",
                "games": partiar_games["ours"],
                "games_one_process": partiar_games["ours_one"],
                "reference_games": chess_games,
                "rounds": args.rounds,
                "input_text_mib": round(len(slovak.encode()) * args.copies / 2**20, 2),
                "partiar_convert_wall_seconds_median": round(wall["ours"], 3),
                "partiar_convert_one_process_wall_seconds_median": round(wall["ours_one"], 3),
                "python_chess_read_game_wall_seconds_median": round(wall["theirs"], 3),
                "ratio_wall_python_chess_over_partiar": round(wall["theirs"] / wall["ours"], 3),
                "ratio_wall_python_chess_over_partiar_one_process": round(
                    wall["theirs"] / wall["ours_one"], 3
                ),
                "partiar_convert_cpu_seconds_median": round(cpu["ours"], 3),
                "partiar_convert_one_process_cpu_seconds_median": round(cpu["ours_one"], 3),
                "python_chess_read_game_cpu_seconds_median": round(cpu["theirs"], 3),
                "ratio_cpu_python_chess_over_partiar": round(cpu["theirs"] / cpu["ours"], 3),
                "ratio_cpu_python_chess_over_partiar_one_process": round(cpu["theirs"] / cpu["ours_one"], 3),
                "partiar_peak_rss_mib_per_process": round(peaks["ours"], 1),
                "partiar_one_process_peak_rss_mib": round(peaks["ours_one"], 1),
                "python_chess_peak_rss_mib": round(peaks["theirs"], 1),
                "cpus": os.cpu_count(),
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
