#!/usr/bin/env python3
"""Check the truth PGNs of the real-text development set.

Standalone (needs only python-chess).  For every *.pgn in this folder:
  * it parses as exactly one game with the seven-tag roster present,
  * every main-line move is legal (python-chess replays it),
  * it has no variations and no comments (main line only),
  * the Result tag is one of 1-0, 0-1, 1/2-1/2, * and, if the final
    position is checkmate, agrees with the side that mated,
  * a .txt partner with the same stem exists and is non-empty UTF-8.
Also reports .txt files without a .pgn partner.

Usage: python check_truth.py [folder]      exit status 0 when all is well.
"""

import io
import os
import sys

import chess
import chess.pgn

ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}


def check_pgn(path):
    errors = []
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    stream = io.StringIO(text)
    game = chess.pgn.read_game(stream)
    if game is None:
        return ["no game"], 0
    if chess.pgn.read_game(stream) is not None:
        errors.append("more than one game")
    if game.errors:
        errors.extend(f"parse error: {e}" for e in game.errors)
    for tag in ROSTER:
        if tag not in game.headers:
            errors.append(f"missing tag {tag}")
    result = game.headers.get("Result", "?")
    if result not in RESULTS:
        errors.append(f"bad result {result!r}")
    board = game.board()
    plies = 0
    node = game
    while node.variations:
        if len(node.variations) > 1:
            errors.append(f"variation after ply {plies}")
        nxt = node.variations[0]
        if nxt.comment:
            errors.append(f"comment at ply {plies + 1}")
        if nxt.move not in board.legal_moves:
            errors.append(f"illegal move at ply {plies + 1}: {nxt.move}")
            break
        board.push(nxt.move)
        plies += 1
        node = nxt
    if plies == 0:
        errors.append("no moves")
    if board.is_checkmate():
        want = "0-1" if board.turn == chess.WHITE else "1-0"
        if result != want:
            errors.append(f"final position is mate but Result is {result}")
    return errors, plies


def main(folder):
    names = sorted(os.listdir(folder))
    pgns = [n for n in names if n.endswith(".pgn")]
    txts = {n[:-4] for n in names if n.endswith(".txt")}
    bad = 0
    for name in pgns:
        stem = name[:-4]
        errors, plies = check_pgn(os.path.join(folder, name))
        if stem not in txts:
            errors.append("no .txt partner")
        else:
            with open(os.path.join(folder, stem + ".txt"), encoding="utf-8") as fh:
                if not fh.read().strip():
                    errors.append(".txt partner is empty")
        status = "ok " if not errors else "BAD"
        print(f"{status} {stem:45s} {plies:4d} plies", "; ".join(errors))
        bad += bool(errors)
    for stem in sorted(txts - {n[:-4] for n in pgns}):
        print(f"BAD {stem:45s} .txt without .pgn")
        bad += 1
    print(f"{len(pgns)} truth games, {bad} with problems")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))))
