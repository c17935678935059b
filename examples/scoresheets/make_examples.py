"""Rebuild the example scoresheets from a real game: Kasparov – Deep Blue, New York 1997, game 1.

The game is read from the shared data beside the project (`../shared/data/pgn/python-chess`), written in
Slovak notation and drawn on a FIDE-style 2 × 30 form with the project's generator: once typed (the
Tesseract engine reads it) and once by hand. Each image comes with its truth (`.json`: the true cell boxes
and texts). Run from the repository root: `python examples/scoresheets/make_examples.py`.
"""

from __future__ import annotations

import random
from pathlib import Path

import chess.pgn

from partiar.notation import render_on_board
from partiar.ocr import get_form
from partiar.ocr.training.fonts import PRINTED_FONT, find_font
from partiar.ocr.training.shared import shared_data
from partiar.ocr.training.synth import Capture, draw_scoresheet, write_sample

HERE = Path(__file__).resolve().parent
GAMES = shared_data("pgn", "python-chess", "kasparov-deep-blue-1997.pgn")


def slovak_rows() -> list[tuple[str, str]]:
    """The first game of the file, one (White, Black) pair of Slovak move texts per move number."""
    with GAMES.open(encoding="utf-8") as handle:
        game = chess.pgn.read_game(handle)
    assert game is not None
    board = game.board()
    texts = []
    for move in game.mainline_moves():
        texts.append(render_on_board(board, move, "sk"))
        board.push(move)
    texts.append("")
    return [(texts[i], texts[i + 1]) for i in range(0, len(texts) - 1, 2)]


def main() -> None:
    rows = slovak_rows()
    form = get_form("fide-2x30")
    typed = draw_scoresheet(
        rows,
        form,
        "sk",
        find_font(PRINTED_FONT),
        random.Random(1997),
        200,
        capture=Capture(angle=1.0, perspective=0.003, blur=0.4),
    )
    for fmt in ("png", "pdf"):
        write_sample(HERE, "kasparov-deep-blue-1997-typed", typed, fmt)
    written = draw_scoresheet(
        rows,
        form,
        "sk",
        find_font("dkg.ttf"),
        random.Random(11),
        150,
        capture=Capture(angle=-1.5, perspective=0.005, blur=0.5),
    )
    for fmt in ("png", "pdf"):
        write_sample(HERE, "kasparov-deep-blue-1997-handwritten", written, fmt)


if __name__ == "__main__":
    main()
