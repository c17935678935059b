"""Render then read is the identity, in every locale and style, for random legal games and real ones."""

from __future__ import annotations

import io
import random
from functools import cache

import chess
import pytest
from conftest import shared
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from partiar.notation import LOCALES, Game, Style, parse_games, read_games, render, write_text
from partiar.notation.game import Ply, Written
from partiar.notation.text.render import FORMS

LOCALE_CODES = [loc.code for loc in LOCALES]

styles = st.builds(
    Style,
    form=st.sampled_from(FORMS),
    capture=st.sampled_from([None, "×", "x", ":", ""]),
    checks=st.booleans(),
    en_passant=st.booleans(),
    figurines=st.booleans(),
    castling_zero=st.booleans(),
    promotion_mark=st.sampled_from(["", "=", "/"]),
)


def game_of(board: chess.Board, moves: list[chess.Move]) -> Game:
    """A Game holding `moves` from `board`, built with python-chess alone (the reference)."""
    game = Game(start_fen=board.fen())
    for index, move in enumerate(moves, 1):
        ply = Ply(
            index,
            board.fullmove_number,
            board.turn,
            move,
            board.san(move),
            Written("", 0, 0, None),
            board.is_en_passant(move),
        )
        game.plies.append(ply)
        board.push(move)
    return game


@st.composite
def random_games(draw: st.DrawFn) -> tuple[chess.Board, list[chess.Move]]:
    start = chess.Board(
        draw(st.sampled_from([chess.STARTING_FEN, "r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 1"]))
    )
    board = start.copy()
    moves: list[chess.Move] = []
    for _ in range(draw(st.integers(0, 80))):
        legal = list(board.legal_moves)
        if not legal:
            break
        move = legal[draw(st.integers(0, len(legal) - 1))]
        moves.append(move)
        board.push(move)
    return start, moves


def round_trip(game: Game, locale: str, style: Style) -> list[chess.Move]:
    out = io.StringIO()
    write_text(game, out, locale, style)
    (back,) = parse_games(out.getvalue(), locale)
    assert back.error is None, (back.error, out.getvalue())
    return [ply.move for ply in back.plies]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(LOCALE_CODES), random_games(), styles)
def test_random_games_round_trip_in_every_locale(
    locale: str, game: tuple[chess.Board, list[chess.Move]], style: Style
) -> None:
    board, moves = game
    assert round_trip(game_of(board.copy(), moves), locale, style) == moves


@pytest.mark.parametrize("capture", [None, ""])
def test_long_form_with_a_dash_round_trips_in_every_locale(capture: str | None) -> None:
    """Captures, en passant, promotions and castling written `e2-e4`, `e5xd6`, `b7-b8D` (and `e5-d6` with no
    capture mark), read back in every locale."""
    style = Style(form="long-dash", capture=capture)
    assert render("Nf3", chess.Move.from_uci("g1f3"), "de", style) == "Sg1-f3"
    assert render("exd5", chess.Move.from_uci("e4d5"), "de", style) == (
        "e4xd5" if capture is None else "e4-d5"
    )
    for seed in range(5):
        chooser = random.Random(seed)
        board = chess.Board("r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 1")
        start = board.copy()
        moves: list[chess.Move] = []
        while len(moves) < 60 and not board.is_game_over():
            moves.append(chooser.choice(list(board.legal_moves)))
            board.push(moves[-1])
        for locale in LOCALE_CODES:
            game = game_of(start.copy(), moves)
            assert round_trip(game, locale, style) == moves


@cache
def real_games() -> list[Game]:
    games: list[Game] = []
    for name in (
        "pgn-extract/fischer.pgn",
        "pgn-extract/test-seventyfive.pgn",
        "python-chess/kasparov-deep-blue-1997.pgn",
    ):
        with shared("pgn", name).open(encoding="utf-8") as handle:
            games.extend(read_games(handle, "en"))
    with shared("pgn", "shakmaty", "lichess_db_1000k.pgn").open(encoding="utf-8") as handle:
        for number, game in enumerate(read_games(handle, "en")):
            if number % 10 == 0:
                games.append(game)
    return [game for game in games if game.error is None]


@pytest.mark.shared_data
@settings(max_examples=60, deadline=None)
@given(st.data(), st.sampled_from(LOCALE_CODES), styles)
def test_real_games_round_trip_in_every_locale(data: st.DataObject, locale: str, style: Style) -> None:
    games = real_games()
    game = games[data.draw(st.integers(0, len(games) - 1))]
    assert round_trip(game, locale, style) == [ply.move for ply in game.plies]


@pytest.mark.shared_data
def test_every_locale_round_trips_the_sk_sample_style() -> None:
    """A fixed check that does not depend on hypothesis's draws: all locales, every form."""
    for game in real_games()[:3]:
        for locale in LOCALE_CODES:
            for form in FORMS:
                assert round_trip(game, locale, Style(form=form)) == [ply.move for ply in game.plies]
