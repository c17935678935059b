"""`partiar convert --lenient` on real texts against the default (strict) reading of the same texts, whole
processes.

Every text of a real-text folder (`tests/data/real` by default: the development set) is converted twice per
round, in turn in the same run, as a user runs it: `partiar convert TEXT --from LOC -q -o OUT` and the same
with `--lenient`. The locale is the stem's first part, as `bench/real_texts.py` reads it ("cyrl" in the slug:
Serbian Cyrillic); a text in a language without a locale is left out. Prints JSON: per mode the median,
90th percentile and total of each text's median wall seconds, the median of the per-text ratios (lenient /
strict: what decoding noise costs over reading text as written), and the slowest texts with their ratios, so
that a change to the decoder is judged on whole processes, start-up included.

    python bench/lenient_texts.py [--folder tests/data/real] [--rounds 1] [--slowest 10]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from partiar.notation import get_locale
from partiar.notation.errors import UnknownLocaleError

REAL = Path(__file__).resolve().parent.parent / "tests" / "data" / "real"
PARTIAR = Path(sys.executable).with_name("partiar")
# Modules' bytecode cached, as a user's Python runs (one untimed run writes the caches).
USER_ENVIRONMENT = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def locale_of(stem: Path) -> str | None:
    """The locale a text is written in, from its stem; None for a language partiar has no locale for."""
    code = "sr-Cyrl" if "-cyrl-" in stem.name else stem.name.split("-")[0]
    try:
        get_locale(code)
    except UnknownLocaleError:
        return None
    return code


def seconds(command: list[str]) -> float:
    """Wall seconds of one whole process (exit 1 and 4, flagged or stopped games, are answers, not failures)."""
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False, env=USER_ENVIRONMENT)
    took = time.perf_counter() - start
    if done.returncode not in (0, 1, 4):
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip()[:300]}")
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--folder", type=Path, default=REAL, help="a real-text folder (default: tests/data/real)"
    )
    parser.add_argument("--rounds", type=int, default=1, help="timed runs of each process (default: 1)")
    parser.add_argument("--slowest", type=int, default=10, help="slowest texts listed (default: 10)")
    options = parser.parse_args()
    texts = [(stem, code) for stem in sorted(options.folder.glob("*.txt")) if (code := locale_of(stem))]
    times: dict[str, dict[str, list[float]]] = {stem.stem: {"strict": [], "lenient": []} for stem, _ in texts}
    with tempfile.TemporaryDirectory() as scratch:
        out = str(Path(scratch) / "out.pgn")
        commands = {
            stem.stem: {
                "strict": [str(PARTIAR), "convert", str(stem), "--from", code, "-q", "-o", out],
                "lenient": [str(PARTIAR), "convert", str(stem), "--from", code, "--lenient", "-q", "-o", out],
            }
            for stem, code in texts
        }
        seconds(commands[texts[0][0].stem]["strict"])  # writes the bytecode caches, untimed
        for _ in range(options.rounds):
            for name, modes in commands.items():
                for mode, command in modes.items():
                    times[name][mode].append(seconds(command))
    medians = {
        name: {mode: statistics.median(runs) for mode, runs in modes.items()} for name, modes in times.items()
    }
    ratios = {name: row["lenient"] / row["strict"] for name, row in medians.items()}

    def summary(mode: str) -> dict[str, float]:
        values = sorted(row[mode] for row in medians.values())
        return {
            "median_seconds": round(statistics.median(values), 3),
            "p90_seconds": round(values[int(0.9 * (len(values) - 1))], 3),
            "total_seconds": round(sum(values), 2),
        }

    slowest = sorted(medians, key=lambda name: medians[name]["lenient"], reverse=True)[: options.slowest]
    print(
        json.dumps(
            {
                "benchmark": "lenient real texts, whole processes",
                "folder": str(options.folder),
                "texts": len(medians),
                "rounds": options.rounds,
                "strict": summary("strict"),
                "lenient": summary("lenient"),
                "median_ratio_lenient_to_strict": round(statistics.median(ratios.values()), 2),
                "slowest": [
                    {
                        "text": name,
                        "lenient_seconds": round(medians[name]["lenient"], 2),
                        "strict_seconds": round(medians[name]["strict"], 2),
                        "ratio": round(ratios[name], 1),
                    }
                    for name in slowest
                ],
            },
            indent=1,
        )
    )


if __name__ == "__main__":
    main()
