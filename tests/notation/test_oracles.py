"""The audit against outside oracles: pgn-extract's detectors and python-chess's own per-ply rules.

pgn-extract marks the games of its test files in which a threefold repetition, a 50-move or 75-move stretch,
a checkmate or a stalemate occurs; python-chess answers the same questions position by position, slowly but
independently. Both run here on real games.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from pathlib import Path

import chess
import pytest
from partiar.notation.game import Game
from partiar.notation.rules.claims import KeyedGameBuilder, audit
from partiar.notation.rules.editions import get_edition
from partiar.notation.rules.replay import Replay
from partiar.notation.text.encoding import open_lines
from partiar.notation.text.reader import read_games
from partiar.ocr.training.shared import shared_data

pytestmark = pytest.mark.shared_data

PGN = shared_data("pgn")
EXTRACT = PGN / "pgn-extract"
EDITION = get_edition(2018)


def games(path: Path) -> list[Game]:
    return list(read_games(open_lines(str(path)), "en"))


def identity(game: Game) -> tuple[object, ...]:
    headers = game.headers
    return (*(headers.get(tag) for tag in ("Event", "White", "Black", "Date", "Round")), len(game.plies))


@pytest.mark.parametrize(
    ("oracle", "found"),
    [
        ("repetition", {"threefold"}),
        ("fifty", {"fifty"}),
        ("seventyfive", {"seventyfive"}),
        ("checkmate", {"checkmate"}),
        ("stalemate", {"stalemate"}),
    ],
)
def test_pgn_extract_marked_games_are_found_and_no_others(oracle: str, found: set[str]) -> None:
    marked = {identity(game) for game in games(EXTRACT / f"test-{oracle}-out.pgn")}
    played = games(EXTRACT / f"test-{oracle}.pgn")
    assert marked and marked <= {identity(game) for game in played}
    watched = {"threefold", "fifty", "seventyfive"} | found
    for game in played:
        types = {event.type for event in audit(game, EDITION).events}
        if identity(game) in marked:
            assert found <= types, identity(game)
        else:
            assert not types & watched, (identity(game), types & watched)


def test_pgn_extract_repetition_file_has_unmarked_games() -> None:
    # The negative half of the oracle above must have something to check.
    assert len(games(EXTRACT / "test-repetition.pgn")) - len(games(EXTRACT / "test-repetition-out.pgn")) == 3


def test_seventyfive_games_have_no_automatic_end_before_2014() -> None:
    for game in games(EXTRACT / "test-seventyfive.pgn"):
        types = {event.type for event in audit(game, get_edition(2009)).events}
        assert "fifty" in types and "seventyfive" not in types


def _repeating_moves(board: chess.Board) -> list[str]:
    found = []
    for move in board.legal_moves:
        board.push(move)
        if board.is_repetition(3):
            found.append(move)
        board.pop()
    return sorted(board.san(move) for move in found)


def reference_events(game: Game) -> Iterator[tuple[str, int, tuple[str, ...]]]:
    """The 2018 audit's claim and ending events, computed naively with python-chess at every ply."""
    board = game.board()
    plies = game.plies
    for index in range(len(plies) + 1):
        if index:
            board.push(plies[index - 1].move)
        if index == len(plies) and board.is_checkmate():
            yield "checkmate", index, ()
            return
        if index == len(plies) and board.is_stalemate():
            yield "stalemate", index, ()
            return
        endings = [
            ("dead_position", board.is_insufficient_material()),
            ("fivefold", board.is_fivefold_repetition()),
            ("seventyfive", board.halfmove_clock >= 150),
        ]
        for name, ended in endings:
            if ended:
                yield name, index, ()
                return
        if board.is_repetition(3):
            yield "threefold", index, ()
        if board.can_claim_threefold_repetition():
            moves = _repeating_moves(board)
            if moves:
                yield "threefold_by_move", index, tuple(moves)
        if board.halfmove_clock >= 100:
            yield "fifty", index, ()
        elif board.can_claim_fifty_moves():
            yield "fifty_by_move", index, ()


def real_games() -> Iterator[Game]:
    for name in (
        "fischer.pgn",
        "petrosian.pgn",
        "najdorf.pgn",
        *(f"test-{o}.pgn" for o in ("repetition", "fifty")),
    ):
        yield from games(EXTRACT / name)
    for name in ("kasparov-deep-blue-1997.pgn", "anastasian-lewis.pgn", "nepomniachtchi-liren-game1.pgn"):
        yield from games(PGN / "python-chess" / name)
    for name in ("twic1599_1000k.pgn", "lichess_db_1000k.pgn"):
        yield from islice(read_games(open_lines(str(PGN / "shakmaty" / name)), "en"), 40)


SAMPLE = list(real_games())
WATCHED = {
    "threefold",
    "threefold_by_move",
    "fifty",
    "fifty_by_move",
    *("checkmate", "stalemate", "dead_position"),
}


def test_sample_is_large_and_has_something_to_find() -> None:
    found = {event.type for game in SAMPLE for event in audit(game, EDITION).events}
    assert len(SAMPLE) > 150
    assert {"threefold", "threefold_by_move", "fifty", "checkmate"} <= found


@pytest.mark.parametrize("game", SAMPLE, ids=lambda game: f"{game.headers.get('White')}-{game.line}")
def test_audit_matches_python_chess_ply_by_ply(game: Game) -> None:
    expected = list(reference_events(game))
    events = audit(game, EDITION).events
    got = [
        (event.type, event.ply, tuple(sorted(event.data.get("moves", ()))))  # type: ignore[call-overload]
        for event in events
        if event.type in WATCHED | {"fivefold", "seventyfive"}
    ]
    assert got == expected


def test_replay_state_matches_python_chess_on_every_ply() -> None:
    for game in SAMPLE[::7]:
        replay = Replay(game.board())
        board = game.board()
        for ply in game.plies:
            replay.push(ply.move)
            board.push(ply.move)
            assert replay.clocks[-1] == board.halfmove_clock
            assert (replay.counts[-1] >= 2) == board.is_repetition(2)
            assert (replay.counts[-1] >= 3) == board.is_repetition(3)
            assert replay.dead == board.is_insufficient_material()
            assert replay.keys[-1] == board._transposition_key()


@pytest.mark.parametrize("edition", ["2014", "2018"])
def test_positions_kept_while_reading_give_the_same_audit(edition: str) -> None:
    """The audit over positions the reader recorded equals the audit that plays every move again."""
    path = shared_data("pgn", "pgn-extract")
    if not path.exists():
        pytest.skip(f"data set not present: {path}")
    rules = get_edition(edition)
    for name in (
        "test-repetition.pgn",
        "test-fifty.pgn",
        "test-seventyfive.pgn",
        "test-checkmate.pgn",
        "test-stalemate.pgn",
        "fischer.pgn",
    ):
        played = list(read_games(open_lines(str(path / name)), "en"))
        recorded = list(read_games(open_lines(str(path / name)), "en", KeyedGameBuilder))
        assert all(len(keyed.positions) == len(keyed.game.plies) for keyed in recorded)
        for index, (first, second) in enumerate(zip(played, recorded, strict=True), 1):
            assert (
                audit(first, rules, index).events == audit(second.game, rules, index, second.positions).events
            )
