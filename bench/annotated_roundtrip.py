"""How well annotated texts read as a whole tree: each record of `bench/annotated_texts.py`'s output converted
`--from` its locale to PGN by partiar, that PGN read by python-chess and compared with the record's true
"pgn" (also read by python-chess, so both trees are in the same shape).

Compared: the main line; the whole tree (every variation's moves, comments and starting comments after
whitespace normalisation, NAGs as sets). Per locale and in total: games, games out (should equal games),
games stopped (an error), main line exact, whole tree exact, and the texts whose game `--from auto` reads in
the record's own locale (`auto_own_locale`). Prints JSON; `--verbose` prints the first
difference of each game that is not exact on stderr.

    .venv/bin/python bench/annotated_texts.py --locale all --games 20 --seed 1 -o /tmp/annotated.jsonl
    .venv/bin/python bench/annotated_roundtrip.py /tmp/annotated.jsonl [--verbose]
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections import defaultdict
from typing import Any

import chess.pgn
from partiar.notation import read_games
from partiar.notation.text.detect import read_games_auto
from partiar.notation.text.writers import write_pgn

Node = tuple[str, tuple[int, ...], str, str, list[Any]]


def _norm(text: str) -> str:
    return " ".join(text.split())


def _line(node: chess.pgn.GameNode) -> list[Node]:
    line: list[Node] = []
    while node.variations:
        main, *others = node.variations
        line.append(
            (
                main.san(),
                tuple(sorted(main.nags)),
                _norm(main.starting_comment),
                _norm(main.comment),
                [[_head(other), *_line(other)] for other in others],
            )
        )
        node = main
    return line


def _head(node: chess.pgn.ChildNode) -> Node:
    return (node.san(), tuple(sorted(node.nags)), _norm(node.starting_comment), _norm(node.comment), [])


def _main_line(game: chess.pgn.Game) -> list[str]:
    return [node.san() for node in game.mainline()]


def _first_difference(ours: list[Node], truth: list[Node], path: str = "") -> str:
    for index, (a, b) in enumerate(zip(ours, truth, strict=False)):
        where = f"{path}ply {index + 1} ({b[0]})"
        if a[:4] != b[:4]:
            return f"{where}: ours {a[:4]} truth {b[:4]}"
        if len(a[4]) != len(b[4]):
            return f"{where}: {len(a[4])} variations, truth {len(b[4])}"
        for number, (va, vb) in enumerate(zip(a[4], b[4], strict=True), 1):
            found = _first_difference(va, vb, f"{where} variation {number} > ")
            if found:
                return found
    if len(ours) != len(truth):
        return f"{path}length {len(ours)}, truth {len(truth)}"
    return ""


def measure(record: dict[str, Any]) -> dict[str, Any]:
    truth = chess.pgn.read_game(io.StringIO(record["pgn"]))
    assert truth is not None
    games = list(read_games(record["text"].splitlines(), record["locale"]))
    auto = list(read_games_auto(record["text"].splitlines()))
    outcome: dict[str, Any] = {
        "auto_own_locale": bool(auto) and all(read.locale.code == record["locale"] for read in auto),
        "games_out": len(games),
        "stopped": any(game.error is not None for game in games),
        "main_line": False,
        "tree": False,
        "difference": "no game read",
    }
    if not games:
        return outcome
    game = max(games, key=lambda g: len(g.plies))
    out = io.StringIO()
    write_pgn(game, out)
    ours = chess.pgn.read_game(io.StringIO(out.getvalue()))
    assert ours is not None
    outcome["main_line"] = _main_line(ours) == _main_line(truth) and game.error is None
    ours_tree, truth_tree = _line(ours), _line(truth)
    difference = _first_difference(ours_tree, truth_tree)
    if _norm(ours.comment) != _norm(truth.comment):
        difference = difference or f"game comment: ours {ours.comment!r} truth {truth.comment!r}"
    if game.error is not None:
        difference = f"stopped: {game.error}"
    outcome["tree"] = not difference
    outcome["difference"] = difference
    return outcome


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", help="the JSON lines of bench/annotated_texts.py")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    totals: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    with open(args.records, encoding="utf-8") as handle:
        for raw in handle:
            record = json.loads(raw)
            outcome = measure(record)
            for key in (record["locale"], "all"):
                row = totals[key]
                row["games"] += 1
                row["games_out"] += outcome["games_out"]
                row["stopped"] += outcome["stopped"]
                row["main_line_exact"] += outcome["main_line"]
                row["tree_exact"] += outcome["tree"]
                row["auto_own_locale"] += outcome["auto_own_locale"]
            if args.verbose and outcome["difference"]:
                print(f"{record['id']}: {outcome['difference']}", file=sys.stderr)
    print(json.dumps({key: dict(row) for key, row in totals.items()}, indent=1))


if __name__ == "__main__":
    main()
