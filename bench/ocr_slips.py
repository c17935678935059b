"""How often Tesseract reads one character of printed movetext as another: the measurement behind the lenient
decoder's table of OCR slips (`partiar.notation.decode.chars`).

Reads JSON Lines from `bench/ocr_text.py` (each record holds the text as printed, `clean`, and as Tesseract
read it, `text`), folds both into the locale's script as the decoder does (and reads `JI` as Л where the
locale writes a piece with Л), aligns them character by character (edit distance) and prints, for every
character a move can be written with, the other characters read in its place often enough to count
(`--min-count`) and at a rate above the confusion table's (`--min-rate`), as a Python dict. A slip into a
character that moves are written with counts only where it is the rule rather than a slip (`--systematic`: a
Latin reader makes `6` of the Cyrillic file letter б one time in five): `e` read for `c` three times in a
hundred is common too, but at that rate every cleanly written `e4` would be doubtful (c4), so such pairs, and
lost characters, stay as rare as the confusion table makes them. In Cyrillic-script text a Cyrillic letter
counts as such a character too: the text's own words are made of them (with `з` for 3 and `в` for 8 at the
rate of a slip, a Russian heading `Ферзевый гамбит` reads as e6 b3 e5).

Slips differ by script (a Cyrillic `ф` is often lost, a Latin `f` seldom): the decoder's table for every
locale comes from the Latin-script locales, and `--cyrillic` measures the one added for Cyrillic-script
locales. The tables in the decoder come from training games, apart from the games measured for development and
held out (see bench/noisy_text.py), read with English and with each locale's own Tesseract language:

    for loc in sk cs sr sr-Cyrl; do for lang in eng auto; do
      python bench/ocr_text.py --locale $loc --seed 3 --skip 1000 --games 30 --no-laws --lang $lang \\
        -o /tmp/slips-$lang-$loc.jsonl; done; done
    python bench/ocr_slips.py /tmp/slips-*.jsonl
    python bench/ocr_slips.py --cyrillic /tmp/slips-*.jsonl
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from partiar.notation.decode.chars import merge_split_letters
from partiar.notation.locales import get_locale

# Every character a move is rendered with, in any locale (piece letters are added per locale).
MOVE_CHARS = set("abcdefgh12345678x×:-+#O0=")


def pairs(written: str, read: str) -> Iterator[tuple[str, str]]:
    """The aligned characters of two texts (one side empty where a character was dropped or added)."""
    rows = len(written) + 1
    cols = len(read) + 1
    cost = [[0] * cols for _ in range(rows)]
    for i in range(rows):
        cost[i][0] = i
    for j in range(cols):
        cost[0][j] = j
    for i in range(1, rows):
        for j in range(1, cols):
            same = written[i - 1] == read[j - 1]
            cost[i][j] = min(cost[i - 1][j - 1] + (not same), cost[i - 1][j] + 1, cost[i][j - 1] + 1)
    out: list[tuple[str, str]] = []
    i, j = rows - 1, cols - 1
    while i or j:
        if i and j and cost[i][j] == cost[i - 1][j - 1] + (written[i - 1] != read[j - 1]):
            out.append((written[i - 1], read[j - 1]))
            i, j = i - 1, j - 1
        elif i and cost[i][j] == cost[i - 1][j] + 1:
            out.append((written[i - 1], ""))
            i -= 1
        else:
            out.append(("", read[j - 1]))
            j -= 1
    return reversed(out)


def count(paths: list[Path], cyrillic: bool) -> tuple[Counter[tuple[str, str]], Counter[str], set[str]]:
    """Slips (written, read) and how often each written character was seen, and every character that a slip
    into counts only where it is the rule: those the measured locales write moves with (and, in Cyrillic
    script, the letters its words are made of)."""
    slips: Counter[tuple[str, str]] = Counter()
    totals: Counter[str] = Counter()
    move_chars: set[str] = set()
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            locale = get_locale(record["locale"])
            if (locale.script == "cyrillic") != cyrillic:
                continue
            written = " ".join(locale.fold_script(record["clean"]).split())
            read = " ".join(merge_split_letters(locale.fold_script(record["text"]), locale).split())
            wanted = MOVE_CHARS | set(locale.letters.values())
            move_chars |= wanted
            if cyrillic:
                # The words of a Russian or Serbian text: `з` for 3 and `в` for 8 read `Ферзевый` as moves.
                move_chars |= {char for char in read if "\u0400" <= char <= "\u04ff" and char.isalpha()}
            for mine, theirs in pairs(written, read):
                if mine in wanted:
                    totals[mine] += 1
                    if theirs and theirs != mine and not theirs.isspace():
                        slips[(mine, theirs)] += 1
    return slips, totals, move_chars


def rates(
    slips: Counter[tuple[str, str]],
    totals: Counter[str],
    move_chars: set[str],
    min_count: int,
    min_rate: float,
    systematic: float,
) -> dict[tuple[str, str], float]:
    """The slips that count, commonest first, each with its rate: seen at least `min_count` times, at
    `min_rate` at least, or at `systematic` where what is read is a character moves are written with."""
    table = {}
    for (mine, theirs), seen in slips.most_common():
        rate = seen / totals[mine]
        lowest = systematic if theirs in move_chars else min_rate
        if seen >= min_count and rate >= lowest:
            table[(mine, theirs)] = round(rate, 3)
    return table


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="+", type=Path, help="JSON Lines from bench/ocr_text.py")
    ap.add_argument("--min-count", type=int, default=15, help="fewest times a slip is seen (default: 15)")
    ap.add_argument(
        "--cyrillic",
        action="store_true",
        help="measure the locales in Cyrillic script (the decoder's table for them) instead of the others",
    )
    ap.add_argument("--min-rate", type=float, default=0.008, help="lowest rate printed (default: 0.008)")
    ap.add_argument(
        "--systematic",
        type=float,
        default=0.1,
        help="lowest rate of a slip into a character that moves are written with (default: 0.1)",
    )
    args = ap.parse_args()
    slips, totals, move_chars = count(args.files, args.cyrillic)
    table = rates(slips, totals, move_chars, args.min_count, args.min_rate, args.systematic)
    print(json.dumps({"characters": sum(totals.values()), "slips": len(table)}))
    for (mine, theirs), rate in table.items():
        print(f"    ({mine!r}, {theirs!r}): math.log({rate}),  # {slips[(mine, theirs)]} of {totals[mine]}")


if __name__ == "__main__":
    main()
