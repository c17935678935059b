"""The sample games of the Laws (domain notes §1.4) as golden tests."""

from __future__ import annotations

import io

import chess
import chess.pgn
import pytest
from conftest import EXAMPLES, GOLDEN
from partiar.notation import IllegalMoveError, NotationSyntaxError, game_json, parse_games, write_pgn

SK_FINAL = "r1bqr1k1/ppp1bppp/2nn4/6B1/8/4QN2/PPPN1PPP/1K1R1B1R b - - 9 11"
CZ_FINAL = "r2qr1k1/pb3ppp/1p6/P1n5/1Q1N4/2P5/4BPPP/R4RK1 b - - 0 17"


def test_sk_2018_sample_has_three_variants_of_one_game() -> None:
    games = parse_games((EXAMPLES / "sk-2018-sample.txt").read_text(encoding="utf-8"), "sk")
    assert len(games) == 3
    sans = [[ply.san for ply in game.plies] for game in games]
    assert sans[0] == sans[1] == sans[2]
    for game in games:
        assert game.error is None
        assert game.end_board().fen() == SK_FINAL
        assert [ply.halfmove for ply in game.plies if ply.draw_offer] == [21]
        assert game.plies[20].side == "white" and game.plies[20].number == 11


def test_sk_2018_sample_pgn_matches_golden_file() -> None:
    games = parse_games((EXAMPLES / "sk-2018-sample.txt").read_text(encoding="utf-8"), "sk")
    out = io.StringIO()
    write_pgn(games[0], out)
    assert out.getvalue() == (GOLDEN / "sk-2018.pgn").read_text(encoding="utf-8")
    reread = chess.pgn.read_game(io.StringIO(out.getvalue()))
    assert reread is not None and reread.end().board().fen() == SK_FINAL


def test_sk_2018_variants_warn_about_what_they_leave_out() -> None:
    full, minimal, long_form = parse_games(
        (EXAMPLES / "sk-2018-sample.txt").read_text(encoding="utf-8"), "sk"
    )
    assert all(not ply.warnings for ply in full.plies)
    by_text = {ply.written.text: ply.warnings for ply in minimal.plies}
    assert by_text["ed6"] == ("capture not marked", "e.p. not marked")
    assert by_text["De3"] == ("check not marked",)
    assert long_form.plies[10].written.text == "e5×d6" and long_form.plies[10].en_passant
    assert long_form.plies[14].warnings == ("check not marked",)


def test_sk_2018_json_matches_golden_file() -> None:
    games = parse_games((EXAMPLES / "sk-2018-sample.txt").read_text(encoding="utf-8"), "sk")
    import json

    assert json.loads((GOLDEN / "sk-2018-minimal.json").read_text(encoding="utf-8")) == game_json(games[1])


def test_cz_2009_sample_ends_at_atd() -> None:
    (game,) = parse_games((EXAMPLES / "cz-2009-sample.txt").read_text(encoding="utf-8"), "cs")
    assert game.error is None
    assert len(game.plies) == 33
    assert game.end_board().fen() == CZ_FINAL
    assert game.plies[26].written.text == "0-0" and game.plies[26].number == 14
    out = io.StringIO()
    write_pgn(game, out)
    assert out.getvalue() == (GOLDEN / "cz-2009.pgn").read_text(encoding="utf-8")


def test_cz_2009_double_step_without_legal_en_passant() -> None:
    (game,) = parse_games((EXAMPLES / "cz-2009-sample.txt").read_text(encoding="utf-8"), "cs")
    board = game.board()
    for ply in game.plies[:10]:
        board.push(ply.move)
    assert game.plies[9].san == "d5" and board.ep_square == chess.D6
    assert not board.has_legal_en_passant()


CZ_2014_DAMAGED = (
    "Vzorový zápis partie: 1.e4 e5 2. Jf3 Jf6 3. d4 exd4 4. e5 Je4 5. Dxd4 d5 6. exd6 e.p. Jxd6 7. Sg5 Jc6 "
    "8.De3+ Se7 9. Jbd Ve8 11. Kb1 (=)"
)


def test_cz_2014_damaged_sample_is_refused_where_it_breaks() -> None:
    (game,) = parse_games(CZ_2014_DAMAGED, "cs")
    assert isinstance(game.error, NotationSyntaxError)
    assert "'Jbd' is not a move" in str(game.error)
    assert len(game.plies) == 16
    assert game.error.column == CZ_2014_DAMAGED.index("Jbd") + 1


def test_cz_2014_with_the_lost_rank_restored_stops_at_the_missing_moves() -> None:
    (game,) = parse_games(CZ_2014_DAMAGED.replace("Jbd", "Jbd2"), "cs")
    assert isinstance(game.error, IllegalMoveError)
    assert game.error.number == 9 and game.error.side == "black" and game.error.text == "Ve8"
    assert "Re8" not in game.error.candidates
    assert game.plies[-1].warnings == ()


@pytest.mark.parametrize("locale", ["de", "en", "sr"])
def test_sk_sample_in_another_locale_fails_clearly(locale: str) -> None:
    (first, *_rest) = parse_games((EXAMPLES / "sk-2018-sample.txt").read_text(encoding="utf-8"), locale)
    assert first.error is not None
    assert "line 3" in str(first.error)
