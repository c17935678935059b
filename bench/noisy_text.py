"""Noisy text through `convert --lenient`, measured on noise the decoder was not designed for.

Reads JSON Lines from `bench/foreign_noise.py`, `bench/third_noise.py`, `bench/fourth_noise.py`,
`bench/fifth_noise.py`, `bench/sixth_noise.py`, `bench/seventh_noise.py`, `bench/eighth_noise.py`,
`bench/ninth_noise.py` or `bench/dictation_noise.py`
(independently written renderers and OCR/typing/copying/exporting noise models, and games dictated in words)
and decodes each game's noisy text with the lenient reader, as `partiar convert --lenient` does.
Per locale: moves right (the true move on its ply), flagged, wrong without a flag, plies missing from the
output, games decoded whole, and seconds per game. JSON on standard output.

    python bench/foreign_noise.py --locale sk --games 40 --seed 1 -o /tmp/sk.jsonl
    python bench/noisy_text.py /tmp/sk.jsonl

Which sets are for developing and which are held out (measured only to report, never to choose):
- development: `foreign_noise.py --seed 7 --skip 400 --games 20` and `--seed 13 --skip 600`;
  `ocr_text.py --seed 7 --skip 700 --games 10 --no-laws` and `--seed 8 --skip 900 --games 20 --no-laws`, and
  `--seed 0 --games 20 --no-laws` and `--seed 5 --skip 1040 --games 20 --no-laws` (sk, cs, sr; each measured
  once held out, then used), and `--pgn ../shared/data/pgn/shakmaty/lichess_db_1000k.pgn --skip 300 --seed 9
  --games 20 --no-laws` (sk, cs, sr; measured once held out, then used);
  `third_noise.py --seed 31 --skip 1075 --games 30`, and (held out until measured once)
  `third_noise.py --pgn ../shared/data/pgn/pgn-extract/fischer.pgn --seed 53 --games 30` and
  `foreign_noise.py --seed 61 --skip 1000 --games 30`;
  `fourth_noise.py --pgn ../shared/data/pgn/pgn-extract/petrosian.pgn --seed 71 --games 30` (measured once held
  out, then used); `fifth_noise.py --locale L --games 30 --seed 101` (sk; cs 102, sr 103), and, each measured
  once held out, then used, `--skip 500 --seed 201` (sk; cs 202, sr 203) and `--skip 900 --seed 301` (sk; cs
  302, sr 303); `sixth_noise.py --locale L --games 30 --seed 401` (sk; cs 402, sr 403) and `--skip 300 --seed
  451` (sk; cs 452, sr 453) (each measured once held out, then used);
  `seventh_noise.py --locale L --games 30 --seed 501` (sk; cs 502, sr 503; measured once as they came, then
  used);
  `sixth_noise.py --skip 600 --seed 461` (sk; cs 462, sr 463) and `seventh_noise.py --skip 300 --seed 551`
  (sk; cs 552, sr 553), `sixth_noise.py --skip 900 --seed 471` (sk; cs 472, sr 473) and `seventh_noise.py
  --skip 600 --seed 561` (sk; cs 562, sr 563) (each measured once held out, then used);
  `dictation_noise.py --locale L --games 30 --seed 901` (sk, cs, sr, sr-Cyrl, de, en), and, each measured
  once held out, then used, `--seed 902`, `--seed 903` and `--skip 300 --seed 911`;
  `sixth_noise.py --pgn ../shared/data/pgn/shakmaty/lichess_db_1000k.pgn --seed 481 --games 30` (sk;
  cs 482, sr 483) and `seventh_noise.py --skip 900 --seed 571 --games 30` (sk; cs 572, sr 573) (each measured
  once held out, then used); `eighth_noise.py --locale sk --games 30 --skip 100 --seed 1001` (cs `--skip 400
  --seed 1002`, sr `--skip 700 --seed 1003`) and `eighth_noise.py --pgn
  ../shared/data/pgn/shakmaty/lichess_db_1000k.pgn --games 30 --skip 100 --seed 1011` (sk; cs 1012, sr 1013)
  and `--skip 250 --seed 1021` (sk; cs 1022, sr 1023) (each measured once held out, then used);
  `ninth_noise.py --locale L --games 30 --seed 1101` (sk; cs 1102, sr 1103; measured once as they came, then
  used);
- held out: `eighth_noise.py --skip 1000 --games 30 --seed 1031` (sk; cs 1032, sr 1033); `ninth_noise.py
  --pgn ../shared/data/pgn/shakmaty/lichess_db_1000k.pgn --games 30 --skip 300 --seed 1111` (sk; cs 1112, sr
  1113); `dictation_noise.py --locale L --games 30 --skip 600 --seed 921` (sk, cs, sr, sr-Cyrl, de, en);
  `sixth_noise.py --pgn ../shared/data/pgn/shakmaty/lichess_db_1000k.pgn --skip 200 --seed 491 --games 30`
  (sk; cs 492, sr 493); `seventh_noise.py --pgn ../shared/data/pgn/shakmaty/lichess_db_1000k.pgn --skip 300
  --seed 581 --games 30` (sk; cs 582, sr 583); `fourth_noise.py --skip 800 --seed 83 --games 30`; `foreign_noise.py --seed 1 --skip 200 --games 40`;
  `ocr_text.py --pgn ../shared/data/pgn/shakmaty/lichess_db_1000k.pgn --skip 400 --seed 11 --games 20 --no-laws`
  (that file holds 438 games: `--skip 600`, named here before, gave none);
  `third_noise.py --pgn ../shared/data/pgn/pgn-extract/petrosian.pgn --seed 41 --games 30` and
  `--pgn ../shared/data/pgn/shakmaty/lichess_db_1000k.pgn --seed 67 --games 30`.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import time
from collections import Counter
from pathlib import Path

from partiar.notation.decode.lenient import read_lenient
from partiar.notation.text.encoding import decode_lines


def measure(path: Path) -> dict[str, object]:
    counts: Counter[str] = Counter()
    seconds: list[float] = []
    locale = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        locale = record["locale"]
        truth: list[str] = record["san"]
        start = time.process_time()
        # The text as `partiar convert --lenient FILE` reads it: a file's bytes, decoded as files are.
        lines = decode_lines(io.BytesIO(record["text"].encode("utf-8")), record["id"])
        games = list(read_lenient(lines, locale))
        seconds.append(time.process_time() - start)
        plies = [ply for game in games for ply in game.game.plies]
        flags = [move.flagged for game in games for move in game.decoded.moves]
        counts["games"] += 1
        counts["games_out"] += len(games)
        counts["plies"] += len(truth)
        exact = [ply.san.rstrip("+#") for ply in plies] == [san.rstrip("+#") for san in truth]
        counts["games_exact"] += exact
        for index, san in enumerate(truth):
            if index >= len(plies):
                counts["missing"] += 1
                continue
            right = plies[index].san.rstrip("+#") == san.rstrip("+#")
            flagged = flags[index] if index < len(flags) else False
            counts["right"] += right
            counts["flagged"] += flagged
            counts["wrong_unflagged"] += not right and not flagged
        counts["extra"] += max(0, len(plies) - len(truth))
    plies = counts["plies"] or 1
    return {
        "file": str(path),
        "locale": locale,
        "games": counts["games"],
        "games_out": counts["games_out"],
        "plies": counts["plies"],
        "right": round(counts["right"] / plies, 4),
        "flagged": round(counts["flagged"] / plies, 4),
        "wrong_unflagged": round(counts["wrong_unflagged"] / plies, 4),
        "missing": counts["missing"],
        "extra": counts["extra"],
        "games_exact": counts["games_exact"],
        "seconds_per_game_median": round(statistics.median(seconds), 3) if seconds else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path, help="JSON Lines from bench/foreign_noise.py")
    options = parser.parse_args()
    print(json.dumps({"noisy_text": [measure(path) for path in options.files]}, indent=2))


if __name__ == "__main__":
    main()
