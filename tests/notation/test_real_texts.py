"""Real game texts (every collection tests/data/real*): the main lines read exactly stay exact.

`bench/real_texts.py` measures the sets; this test keeps what is read right today from going wrong. A text
listed here whose main line is no longer exact (or one of whose games stops) fails, with what was read.
"""

from __future__ import annotations

from pathlib import Path

import chess.pgn
import pytest
from partiar.notation import LOCALES, open_lines, read_games
from partiar.notation.text.detect import read_games_auto

DATA = Path(__file__).resolve().parents[1] / "data"
EXACT = [
    (exact.parent.name, stem)
    for exact in sorted(DATA.glob("real*/EXACT"), key=lambda path: int(path.parent.name[4:] or 1))
    for stem in exact.read_text(encoding="utf-8").split()
]


def _main_line(game: chess.pgn.Game) -> list[str]:
    board, sans = game.board(), []
    for move in game.mainline_moves():
        sans.append(board.san(move).rstrip("+#"))
        board.push(move)
    return sans


@pytest.mark.parametrize(("folder", "stem"), EXACT, ids=[stem for _, stem in EXACT])
def test_a_text_read_exactly_stays_exact(folder: str, stem: str) -> None:
    path = DATA / folder / stem
    with open(path.with_suffix(".pgn"), encoding="utf-8") as handle:
        truth_game = chess.pgn.read_game(handle)
    assert truth_game is not None
    truth = _main_line(truth_game)
    code = "sr-Cyrl" if "-cyrl-" in stem else stem.split("-")[0]
    lines = open_lines(str(path.with_suffix(".txt")))
    # A language without a locale of its own (Albanian) is read as `--from auto` reads it.
    known = code in {locale.code for locale in LOCALES}
    games = list(read_games(lines, code)) if known else [read.game for read in read_games_auto(lines)]
    assert [str(game.error) for game in games if game.error is not None] == []
    read = [[ply.san.rstrip("+#") for ply in game.plies] for game in games]
    assert truth in read
