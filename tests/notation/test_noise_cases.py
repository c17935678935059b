"""Moves of the development noise sets that once came out wrong and unflagged, in their games regenerated from
the shared games by the independently written noise generator (`bench/foreign_noise.py`): each must now be
right or flagged. (Others in the same games may still be wrong: a letter misread as another piece's that
makes another legal move is told by nothing in the text.)"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest
from conftest import shared
from partiar.notation.decode.lenient import read_lenient

BENCH = Path(__file__).resolve().parents[2] / "bench"

pytestmark = pytest.mark.shared_data


def _generator(name: str = "foreign_noise") -> ModuleType:
    """One of the independently written noise generators in bench/, loaded as a module."""
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("locale", "seed", "index", "ply"),
    [
        # `Кgs` (Kg5) read as Kxg8 on a board two doubted moves made: a nearly as good reading of the whole
        # text played Kg5 there.
        ("sr-Cyrl", 7, 413, 75),
    ],
)
def test_a_move_once_wrong_and_unflagged_is_right_or_flagged(
    locale: str, seed: int, index: int, ply: int
) -> None:
    generator = _generator()
    path = shared("pgn", "shakmaty", "twic1599_1000k.pgn")
    ((found, game),) = list(generator.read_games(path, index, 1))
    assert found == index
    record = generator.make_record(game, index, locale, seed, 0.03, "mixed", path.stem)
    games = list(read_lenient(record["text"].splitlines(keepends=True), locale))
    moves = [move for read in games for move in read.decoded.moves]
    truth = record["san"]
    assert len(moves) == len(truth)
    move = moves[ply]
    assert move.ply.san.rstrip("+#") == truth[ply].rstrip("+#") or move.flagged


@pytest.mark.slow
@pytest.mark.parametrize(
    ("locale", "index"),
    [
        ("sk", 1093),  # "S. Sklokin : Pap", then "+. e4" (the 1 typed without Shift): no game was read
        ("sk", 1103),  # the players' line, then "1le4 c5": no game was read
        ("cs", 1089),  # "6oh, Z. : R. Psyk" before the moves: the strict reading, 29 plies of 72, was kept
    ],
)
def test_a_game_of_the_third_noise_model_once_lost_is_read_to_its_end(locale: str, index: int) -> None:
    generator = _generator("third_noise")
    path = shared("pgn", "shakmaty", "twic1599_1000k.pgn")
    (game,) = [game for game in generator.load_games(path) if game.index == index]
    record = generator.make_record(game, path.name, locale, 31)
    games = list(read_lenient(record["text"].splitlines(keepends=True), locale))
    moves = [move for read in games for move in read.decoded.moves]
    truth = record["san"]
    assert len(games) == 1 and len(moves) >= len(truth) - 2
    assert all(
        m.ply.san.rstrip("+#") == t.rstrip("+#") or m.flagged for m, t in zip(moves, truth, strict=False)
    )


@pytest.mark.slow
def test_a_move_garbled_with_dots_is_not_a_move_number() -> None:
    # `2.I.2–h4` (21.h2–h4): one letter besides the dots once made it a number written past reading, and the
    # game lost its length (155 plies read for 127).
    generator = _generator()
    path = shared("pgn", "shakmaty", "twic1599_1000k.pgn")
    ((_, game),) = list(generator.read_games(path, 1027, 1))
    record = generator.make_record(game, 1027, "cs", 61, 0.03, "mixed", path.stem)
    assert "2.I.2–h4" in record["text"]
    (read,) = read_lenient(record["text"].splitlines(keepends=True), "cs")
    assert len(read.decoded.moves) == len(record["san"]) and read.decoded.error is None
