"""Fit the move prior (`partiar.notation.prior`) on real games and write its weights.

The games are the Lichess sample of the shared data (`pgn/shakmaty/lichess_db_1000k.pgn`): not the TWIC games
the benchmarks draw synthetic sheets from, and not the HCS games. The fit is a softmax over each position's
legal moves, by gradient descent with a little L2 shrinkage; the held-out games (Fischer's and Petrosian's of
`pgn/pgn-extract`) report how much better than uniform the prior predicts the move played.

    python -m partiar.ocr.training.prior            # writes notation/prior.json
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Iterator
from pathlib import Path

import chess
import chess.pgn
import numpy as np
from partiar.notation.prior import FEATURES, WEIGHTS_FILE, MovePrior, Position

from .shared import shared_data

TRAIN = (shared_data("pgn", "shakmaty", "lichess_db_1000k.pgn"),)
HELD_OUT = (
    shared_data("pgn", "pgn-extract", "fischer.pgn"),
    shared_data("pgn", "pgn-extract", "petrosian.pgn"),
)
SHRINK = 1e-3
STEPS = 400
RATE = 0.5


def positions(paths: tuple[Path, ...]) -> Iterator[tuple[Position, list[tuple[chess.Move, int, bool]], int]]:
    """Every position of every game: its legal moves (move, piece, checks) and the index of the one played."""
    for path in paths:
        with path.open(encoding="utf-8-sig") as handle:
            while (game := chess.pgn.read_game(handle)) is not None:
                board = game.board()
                last_to: int | None = None
                for played in game.mainline_moves():
                    legal = [
                        (move, board.piece_type_at(move.from_square) or chess.PAWN, board.gives_check(move))
                        for move in board.legal_moves
                    ]
                    index = next(i for i, (move, _, _) in enumerate(legal) if move == played)
                    yield Position(board.copy(stack=False), last_to), legal, index
                    last_to = played.to_square
                    board.push(played)


def design(paths: tuple[Path, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Features per (position, move), the position of each row, and the row of each move played."""
    rows: list[np.ndarray] = []
    owner: list[int] = []
    played: list[int] = []
    for number, (position, legal, index) in enumerate(positions(paths)):
        played.append(len(owner) + index)
        for move, piece, checks in legal:
            row = np.zeros(len(FEATURES), dtype=np.float32)
            row[list(position.features(move, piece, checks))] = 1.0
            rows.append(row)
            owner.append(number)
    return np.stack(rows), np.asarray(owner), np.asarray(played)


def log_loss(
    weights: np.ndarray, x: np.ndarray, owner: np.ndarray, played: np.ndarray
) -> tuple[float, np.ndarray]:
    """Mean negative log-likelihood of the moves played, and its gradient."""
    scores = x @ weights
    count = int(owner.max()) + 1
    top = _best(scores, owner)
    exp = np.exp(scores - top[owner])
    total = np.zeros(count)
    np.add.at(total, owner, exp)
    probability = exp / total[owner]
    loss = float(-np.mean(np.log(probability[played])))
    gradient = (x.T @ probability - x[played].sum(axis=0)) / count
    return loss, gradient


def fit(x: np.ndarray, owner: np.ndarray, played: np.ndarray) -> np.ndarray:
    weights = np.zeros(x.shape[1])
    for _ in range(STEPS):
        _, gradient = log_loss(weights, x, owner, played)
        weights -= RATE * (gradient + SHRINK * weights)
    return weights


def uniform_loss(owner: np.ndarray) -> float:
    return float(np.mean(np.log(np.bincount(owner))))


def top_one(weights: np.ndarray, x: np.ndarray, owner: np.ndarray, played: np.ndarray) -> float:
    """The share of positions where the move played scores best."""
    scores = x @ weights
    return float(np.mean(scores[played] >= _best(scores, owner)))


def _best(scores: np.ndarray, owner: np.ndarray) -> np.ndarray:
    """Per position, the best score of its moves."""
    top = np.full(int(owner.max()) + 1, -np.inf)
    np.maximum.at(top, owner, scores)
    return top


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--out", type=Path, default=WEIGHTS_FILE)
    args = parser.parse_args(argv)
    x, owner, played = design(TRAIN)
    weights = fit(x, owner, played)
    hx, howner, hplayed = design(HELD_OUT)
    report = {
        "train_positions": int(owner.max()) + 1,
        "train_loss": round(log_loss(weights, x, owner, played)[0], 4),
        "train_uniform_loss": round(uniform_loss(owner), 4),
        "held_out_positions": int(howner.max()) + 1,
        "held_out_loss": round(log_loss(weights, hx, howner, hplayed)[0], 4),
        "held_out_uniform_loss": round(uniform_loss(howner), 4),
        "held_out_top_one": round(top_one(weights, hx, howner, hplayed), 4),
    }
    MovePrior(list(weights))  # the shape the decoder loads
    document = {
        "fitted_on": [str(path.relative_to(shared_data())) for path in TRAIN],
        "report": report,
        "weights": {name: round(float(weight), 4) for name, weight in zip(FEATURES, weights, strict=True)},
    }
    args.out.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(json.dumps(report))
    print(
        f"perplexity per move, held out: {math.exp(report['held_out_loss']):.1f} (uniform {math.exp(report['held_out_uniform_loss']):.1f})"
    )


if __name__ == "__main__":
    main()
