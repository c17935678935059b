"""The audit's events, the verdict on a claim, its explanation in three languages, and the two commands."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import chess
import pytest
from conftest import ROOT
from partiar.notation.errors import AmbiguousMoveError, IllegalMoveError, InputError, NotationSyntaxError
from partiar.notation.game import Game
from partiar.notation.rules.claims import Verdict, WrittenMove, audit, claim, claim_with_written, written_move
from partiar.notation.rules.editions import get_edition
from partiar.notation.rules.events import (
    Checkmate,
    EventType,
    Fifty,
    FiftyByMove,
    IllegalMove,
    MovesAfterEnd,
    Threefold,
    ThreefoldByMove,
    Unreadable,
)
from partiar.notation.rules.verdicts import explain, headline
from partiar.notation.text.reader import parse_games
from partiar.ocr.training.shared import shared_data

from partiar.cli.rules import add_commands

EXAMPLES = ROOT / "examples" / "claims"
# Most claims here are decided on Marshall–Capablanca and the other draw-rule oracles of pgn-extract.
pytestmark = pytest.mark.shared_data

REPETITION = shared_data("pgn", "pgn-extract", "test-repetition.pgn")
E2018 = get_edition(2018)
SHUFFLE = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1"  # Black to move; Ng8 would repeat the start a third time
FIFTY_FEN = "k7/8/1K6/8/8/8/8/6R1 w - - 97 99"  # after 99. Rh1 Kb8 the clock stands at 99 and Rh8 mates


def game(text: str, locale: str = "en", fen: str | None = None) -> Game:
    header = f'[FEN "{fen}"]\n\n' if fen else ""
    (only,) = parse_games(header + text, locale)
    return only


def events(played: Game, year: int = 2018) -> list[tuple[str, int, str]]:
    return [(event.type, event.ply, event.side) for event in audit(played, get_edition(year)).events]


def written(played: Game, san: str) -> WrittenMove:
    board = played.end_board()
    return WrittenMove(san, board.parse_san(san), board.piece_type_at(board.parse_san(san).from_square))


def marshall_capablanca(plies: int) -> Game:
    full = parse_games(REPETITION.read_text(encoding="utf-8"), "en")[0]
    return Game(headers=full.headers, plies=full.plies[:plies])


# ---- audit ----


def test_draw_offers_are_events_of_the_side_that_offered() -> None:
    played = game("1. e4 e5 2. Nf3 (=) Nc6 3. Bb5 a6 (=)")
    assert events(played) == [("draw_offer", 3, "white"), ("draw_offer", 6, "black")]
    assert audit(played, get_edition(2009)).events[0].rule == "9.1b(2)"


def test_repetition_events_of_a_real_game() -> None:
    found = audit(marshall_capablanca(60), E2018).events
    by_move = next(event for event in found if event.type == "threefold_by_move")
    assert by_move == ThreefoldByMove(ply=56, side="white", rule="9.2.1.1", moves=("Qb4",), plies=((49, 53),))
    assert by_move.data == {"moves": ["Qb4"], "plies": [[49, 53]]}  # the JSON form of the facts
    first = next(event for event in found if event.type == "threefold")
    assert first == Threefold(ply=57, side="black", rule="9.2.1.2", count=3, plies=(49, 53, 57))
    assert first.data == {"count": 3, "plies": [49, 53, 57]}


def test_checkmate_ends_the_game_and_later_moves_are_moves_after_end() -> None:
    played = game("1. f3 e5 2. g4 Qh4# 3. Nc3 Nc6")
    assert isinstance(played.error, IllegalMoveError)
    result = audit(played, E2018)
    assert events(played) == [("checkmate", 4, "white"), ("moves_after_end", 4, "white")]
    assert result.end == Checkmate(ply=4, side="white", rule="5.1.1", winner="black")
    assert result.events[1] == MovesAfterEnd(
        ply=4, side="white", rule="5.1.1", ended_by=EventType.CHECKMATE, first="Nc3", extra_plies=1
    )
    assert result.events[1].data == {"ended_by": "checkmate", "first": "Nc3", "extra_plies": 1}


def test_illegal_move_reports_the_position_and_the_move_as_written() -> None:
    (event,) = audit(game("1. e4 e5 2. Ke3"), E2018).events
    assert (event.type, event.ply, event.side, event.rule) == ("illegal_move", 2, "white", "7.5.1")
    assert isinstance(event, IllegalMove) and event.reason == "illegal move"
    assert event.text == "Ke3" and event.number == 2
    assert chess.Board(event.fen).board_fen() == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR"


def test_unreadable_text_stops_the_audit_where_the_record_stops() -> None:
    (event,) = audit(game("1. e4 e5 2. Nf3 Nf9"), E2018).events
    assert isinstance(event, Unreadable)
    assert (event.type, event.ply, event.side, event.reason) == ("illegal_move", 3, "black", "unreadable")
    assert "'Nf9' is not a move" in event.message


def test_dead_position_and_stalemate_end_the_game() -> None:
    assert events(game("1. Kxe2 Kd5", fen="8/8/4k3/8/8/3K4/4r3/8 w - - 0 1")) == [
        ("dead_position", 1, "black"),
        ("moves_after_end", 1, "black"),
    ]
    assert events(game("1. Qb6", fen="k7/8/2Q5/8/8/8/8/7K w - - 0 1")) == [("stalemate", 1, "black")]


FIVEFOLD = (
    SHUFFLE
    + " Ng8 5. Nc3 Nc6 6. Ne4 Nb8 7. Nc3 Nc6 8. Nb1 Nb8 "
    + " ".join(f"{n}. Nf3 Nf6 {n + 1}. Ng1 Ng8" for n in range(9, 17, 2))
)


@pytest.mark.parametrize(("year", "ply"), [(2018, 20), (2014, 32), (2009, None), (2005, None)])
def test_fivefold_under_each_edition(year: int, ply: int | None) -> None:
    played = game(FIVEFOLD + " 17. e4")
    found = audit(played, get_edition(year))
    if ply is None:
        assert found.end is None and "threefold" in {event.type for event in found.events}
        return
    assert found.end is not None and (found.end.type, found.end.ply) == ("fivefold", ply)
    assert [event.type for event in found.events if event.ply >= ply] == ["fivefold", "moves_after_end"]
    after_end = found.events[-1]
    assert isinstance(after_end, MovesAfterEnd) and after_end.extra_plies == len(played.plies) - ply


def test_seventy_five_moves_ending_in_mate_is_mate() -> None:
    assert events(game("1. Rh8#", fen="k7/8/1K6/8/8/8/8/7R w - - 149 100"))[-1] == ("checkmate", 1, "black")
    assert events(game("1. Rh2", fen="k7/8/1K6/8/8/8/8/7R w - - 149 100"))[-1] == ("seventyfive", 1, "black")
    assert events(game("1. Rh2", fen="k7/8/1K6/8/8/8/8/7R w - - 149 100"), 2009)[-1] == ("fifty", 1, "black")


def test_fifty_move_events_before_and_after_the_hundredth_half_move() -> None:
    found = audit(game("99. Rh1 Kb8 100. Rh2", fen=FIFTY_FEN), E2018).events
    assert found == [
        FiftyByMove(ply=2, side="white", rule="9.3.1", halfmoves=99, since_ply=None),
        # the count began before the recorded moves
        Fifty(ply=3, side="black", rule="9.3.2", halfmoves=100, since_ply=None),
    ]


def test_a_start_position_from_a_fen_may_already_allow_a_claim() -> None:
    played = game("1. Rh2", fen="k7/8/1K6/8/8/8/8/7R w - - 100 100")
    assert events(played) == [("fifty", 0, "white"), ("fifty", 1, "black")]


# ---- claims ----


def test_threefold_claim_on_move_is_correct() -> None:
    verdict = claim(marshall_capablanca(57), "threefold", E2018)
    assert (verdict.valid, verdict.rule, verdict.claimant, verdict.plies) == (
        True,
        "9.2.1.2",
        "black",
        [49, 53, 57],
    )
    assert verdict.draw and verdict.opponent_bonus_seconds == 0


def test_threefold_claim_with_the_written_move_making_the_third_occurrence() -> None:
    played = marshall_capablanca(56)
    verdict = claim(played, "threefold", E2018, written=written(played, "Qb4"))
    assert (verdict.valid, verdict.rule, verdict.plies) == (True, "9.2.1.1", [49, 53, 57])
    assert claim(played, "threefold", get_edition(2014), written=written(played, "Qb4")).rule == "9.2a"


def test_incorrect_threefold_claim_with_a_legal_written_move_must_play_it() -> None:
    played = game(SHUFFLE)
    verdict = claim(played, "threefold", E2018, written=written(played, "Nc6"))
    assert not verdict.valid and verdict.rule == "9.2.1.1"
    assert (verdict.must_play, verdict.opponent_bonus_seconds, verdict.draw) == ("Nc6", 120, False)


def test_incorrect_threefold_claim_without_a_written_move_names_the_moves_that_would_do() -> None:
    verdict = claim(game(SHUFFLE), "threefold", E2018)
    assert (verdict.valid, verdict.rule, verdict.plies) == (False, "9.2.1.2", [3, 7])
    assert verdict.facts.could_write == ("Ng8",)


def test_illegal_written_move_makes_the_claim_incorrect_and_names_the_piece() -> None:
    played = game(SHUFFLE)
    verdict = claim(played, "threefold", E2018, written=WrittenMove("Nf3", None, chess.KNIGHT))
    assert (verdict.valid, verdict.reason, verdict.must_play) == (False, "written_illegal", None)
    assert "another move with the same piece (knight)" in explain(verdict, played)


def test_fifty_move_claim_whose_written_move_mates_is_correct() -> None:
    played = game("99. Rh1 Kb8", fen=FIFTY_FEN)
    verdict = claim(played, "fifty", E2018, written=written(played, "Rh8#"))
    assert (verdict.valid, verdict.rule, verdict.draw) == (True, "9.3.1", True)
    assert not claim(played, "fifty", E2018).valid


def test_fifty_move_claim_with_a_pawn_move_written_starts_the_count_again() -> None:
    played = game("99. Rh1 Kb8", fen="k7/8/1K6/8/8/8/P7/6R1 w - - 97 99")
    verdict = claim(played, "fifty", E2018, written=written(played, "a3"))
    assert (verdict.valid, verdict.reason, verdict.must_play) == (False, "fifty_written_resets", "a3")


def test_fifty_move_claim_after_a_hundred_half_moves_names_where_the_count_started() -> None:
    full = parse_games(REPETITION.with_name("test-fifty.pgn").read_text(encoding="utf-8"), "en")[0]
    first = next(event for event in audit(full, E2018).events if event.type == "fifty")
    played = Game(headers=full.headers, plies=full.plies[: first.ply])
    verdict = claim(played, "fifty", get_edition(2009))
    assert (verdict.valid, verdict.rule, verdict.plies, verdict.claimant) == (
        True,
        "9.3b",
        [first.ply - 100],
        first.side,
    )
    assert not claim(Game(plies=full.plies[: first.ply - 1]), "fifty", E2018).valid


@pytest.mark.parametrize(
    ("year", "speed", "bonus", "time_left"),
    [
        (2005, "standard", 180, 150),
        (2009, "standard", 180, None),
        (2014, "blitz", 60, None),
        (2018, "rapid", 120, None),
    ],
)
def test_penalty_for_an_incorrect_claim_by_edition(
    year: int, speed: str, bonus: int, time_left: int | None
) -> None:
    verdict = claim(game(SHUFFLE), "fifty", get_edition(year), speed=speed, claimant_seconds=300)  # type: ignore[arg-type]
    assert (verdict.opponent_bonus_seconds, verdict.claimant_time_seconds) == (bonus, time_left)


def test_claim_after_mate_is_not_possible() -> None:
    played = game("1. f3 e5 2. g4 Qh4# 3. Nc3")
    verdict = claim(played, "threefold", E2018)
    assert (verdict.valid, verdict.reason, verdict.rule, verdict.draw) == (False, "game_over", "5.1.1", False)
    assert verdict.opponent_bonus_seconds == 0
    assert explain(verdict, played) == (
        "No claim is possible: the game had already ended after 2... Qh4# by checkmate "
        "(Art. 5.1.1, FIDE Laws of Chess 2018)."
    )


def test_claim_after_an_automatic_draw_is_not_possible() -> None:
    verdict = claim(game(FIVEFOLD), "threefold", E2018)
    assert (verdict.valid, verdict.rule_name, verdict.rule, verdict.draw) == (
        False,
        "fivefold",
        "9.6.1",
        True,
    )


def test_claim_in_a_game_with_an_illegal_move_raises_it() -> None:
    with pytest.raises(IllegalMoveError):
        claim(game("1. e4 e5 2. Ke3"), "threefold", E2018)


# ---- explanations ----


def _written_claim(year: int) -> tuple[Verdict, Game]:
    played = game(SHUFFLE)
    return claim(played, "threefold", get_edition(year), written=written(played, "Ng8")), played


def test_explanation_in_english() -> None:
    verdict, played = _written_claim(2018)
    assert explain(verdict, played, "en") == (
        "The claim is correct (Art. 9.2.1.1, FIDE Laws of Chess 2018): the written move 4... Ng8 makes the "
        "position occur 3 times: in the start position, after 2... Ng8 and after the written move 4... Ng8. "
        "The game is drawn."
    )


def test_explanation_in_slovak_uses_slovak_letters_and_the_edition_articles() -> None:
    verdict, played = _written_claim(2014)
    text = explain(verdict, played, "sk")
    assert text.startswith(
        "Reklamácia je správna (čl. 9.2a, Pravidlá šachu FIDE 2014): zapísaný ťah 4... Jg8"
    )
    assert "vo východiskovej pozícii, po 2... Jg8 a po zapísanom ťahu 4... Jg8" in text


def test_explanation_in_czech_of_an_incorrect_claim_lists_every_consequence() -> None:
    played = game(SHUFFLE)
    verdict = claim(played, "threefold", get_edition(2018), written=written(played, "Nc6"))
    assert explain(verdict, played, "cs") == (
        "Reklamace je neoprávněná (čl. 9.2.1.1, Pravidla šachu FIDE 2018): po zapsaném tahu 4... Jc6 by se "
        "pozice vyskytla jen jednou: po zapsaném tahu 4... Jc6; jsou potřeba tři výskyty. Rozhodčí přidá "
        "soupeři 2 minuty k jeho zbývajícímu času (čl. 9.5.3) a partie pokračuje. Zapsaný tah 4... Jc6 se "
        "nyní musí zahrát; nelze ho změnit. Reklamace se považuje za nabídku remízy (čl. 9.1.2.3), kterou "
        "může soupeř ještě přijmout."
    )


def test_explanation_of_the_2005_claimant_time_cut() -> None:
    played = game(SHUFFLE)
    with_time = claim(played, "threefold", get_edition(2005), claimant_seconds=100)
    assert "Zvyšný čas reklamujúceho hráča sa upraví na 1:00." in explain(with_time, played, "sk")
    without = claim(played, "threefold", get_edition(2005))
    assert "halved" not in explain(without, played) and "by half, at most by three minutes" in explain(
        without, played
    )
    assert "3 minutes" in explain(without, played)


# ---- commands ----


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    parser = argparse.ArgumentParser(prog="partiar")
    add_commands(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    status: int = args.handler(args)
    return status, capsys.readouterr().out


def test_check_json_lists_every_game_with_its_events(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run(["check", str(REPETITION), "--from", "en", "--json"], capsys)
    report = json.loads(out)
    assert status == 0 and report["schema"] == 1 and report["edition"] == 2023  # the default edition
    assert [entry["index"] for entry in report["games"]] == list(range(1, 13))
    first = report["games"][0]
    assert (
        first["headers"]["White"] == "Marshall, Frank James" and first["plies"] == 60 and first["end"] is None
    )
    threefold = next(event for event in first["events"] if event["type"] == "threefold")
    assert threefold == {
        "type": "threefold",
        "ply": 57,
        "side": "black",
        "number": 29,
        "after": "29. Qb4",
        "rule": "9.2.2",
        "count": 3,
        "plies": [49, 53, 57],
    }


def test_check_report_is_readable(capsys: pytest.CaptureFixture[str]) -> None:
    path = EXAMPLES / "audit-cz-2014.txt"
    status, out = run(["check", str(path), "--from", "cs", "--edition", "2014"], capsys)
    assert status == 0
    assert out.startswith("Game 1 (line 1): ? - ?; 17 moves; result *; FIDE Laws of Chess 2014\n")
    assert "  after 3... Jf6: Black offers a draw [9.1b(2)]\n" in out
    assert (
        "  after 16... Jg8: drawn by fivefold repetition (at the start, after 2... Jg8, after 4... Jg8, "
        "after 8... Jb8, after 10... Jg8, after 12... Jg8, after 14... Jg8, after 16... Jg8) [9.6a]\n" in out
    )
    assert "  after 16... Jg8: 1 more half-move(s) recorded after the end of the game, from 'e4'" in out


def test_check_report_joins_a_run_of_fifty_move_positions_into_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out = run(["check", str(REPETITION.with_name("test-fifty.pgn")), "--from", "en"], capsys)
    runs = [line for line in out.splitlines() if "without a pawn move or capture" in line]
    assert status == 0 and len(runs) == 2
    assert runs[0] == (
        "  after 113. Ng5 to after 114... Rf6+: the side to move may claim a draw: "
        "100 to 103 half-moves without a pawn move or capture since 63. Kxh4 [9.3.2]"
    )


def test_claim_command_json(capsys: pytest.CaptureFixture[str]) -> None:
    path = EXAMPLES / "marshall-capablanca-1909-sk.txt"
    argv = [
        "claim",
        str(path),
        "--from",
        "sk",
        "--kind",
        "threefold",
        "--written",
        "Db4",
        "--lang",
        "sk",
        "--json",
    ]
    status, out = run(argv, capsys)
    verdict = json.loads(out)
    assert status == 0
    assert {key: verdict[key] for key in ("schema", "valid", "kind", "rule", "edition", "plies")} == {
        "schema": 1,
        "valid": True,
        "kind": "threefold",
        "rule": "9.2.1",
        "edition": 2023,
        "plies": [49, 53, 57],
    }
    assert verdict["consequence"] == {
        "draw": True,
        "opponent_bonus_seconds": 0,
        "must_play": None,
        "draw_offer": False,
        "claimant_time_seconds": None,
    }
    assert "29. Db4" in verdict["explanation"] and "(čl. 9.2.1, " in verdict["explanation"]


def test_claim_command_penalty_follows_blitz_and_the_time_control_header(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.pgn"
    path.write_text(f'[TimeControl "180+2"]\n\n{SHUFFLE}\n', encoding="utf-8")
    base = ["claim", str(path), "--from", "en", "--kind", "threefold", "--written", "Nc6", "--json"]
    for extra, bonus in (([], 60), (["--time-control", "5400+30"], 120), (["--edition", "2009"], 180)):
        consequence = json.loads(run(base + extra, capsys)[1])["consequence"]
        assert (consequence["opponent_bonus_seconds"], consequence["must_play"]) == (bonus, "Nc6")


def test_claim_command_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    path = EXAMPLES / "fifty-written-mate.pgn"
    status, out = run(["claim", str(path), "--from", "en", "--kind", "fifty", "--written", "Rh8#"], capsys)
    assert status == 0
    assert out.splitlines()[0] == "fifty claim by white: correct (9.3.1, FIDE Laws of Chess 2023)"


def test_claim_command_after_mate_in_czech(capsys: pytest.CaptureFixture[str]) -> None:
    path = EXAMPLES / "after-mate-cs.txt"
    out = run(["claim", str(path), "--from", "cs", "--kind", "threefold", "--lang", "cs", "--json"], capsys)[
        1
    ]
    verdict = json.loads(out)
    assert (verdict["valid"], verdict["game_over"]) == (
        False,
        {"type": "checkmate", "ply": 4, "rule": "5.1.1"},
    )
    assert verdict["explanation"].startswith("Reklamace není možná: partie už skončila po 2... Dh4# matem")


def test_every_command_of_the_examples_readme_runs(capsys: pytest.CaptureFixture[str]) -> None:
    readme = (EXAMPLES / "README.md").read_text(encoding="utf-8")
    commands = [line.split()[1:] for line in readme.splitlines() if line.startswith("partiar ")]
    assert len(commands) == 6
    for argv in commands:
        argv[1] = str(ROOT / argv[1])
        assert run(argv, capsys)[0] == 0, argv


def test_claim_command_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "two.txt"
    path.write_text("1. e4 e5 1-0\n\n1. d4 d5 0-1\n", encoding="utf-8")
    with pytest.raises(InputError, match="several games"):
        run(["claim", str(path), "--from", "en", "--kind", "fifty"], capsys)
    one = EXAMPLES / "marshall-capablanca-1909-sk.txt"
    with pytest.raises(NotationSyntaxError, match="not a move"):
        run(["claim", str(one), "--from", "sk", "--kind", "fifty", "--written", "???"], capsys)
    with pytest.raises(SystemExit):
        run(["claim", str(one), "--from", "sk", "--kind", "fifty", "--edition", "2024"], capsys)


# ---- the written move, the JSON forms, the report and the headline in other languages ----


def test_the_written_move_is_read_in_the_claimants_locale() -> None:
    played = game(SHUFFLE)
    assert written_move(played, "Jg8", "sk") == WrittenMove("Jg8", chess.Move.from_uci("f6g8"), chess.KNIGHT)
    assert written_move(played, "Jf3", "sk") == WrittenMove("Jf3", None, chess.KNIGHT)  # no knight reaches f3
    assert written_move(played, "Kd5", "sk") == WrittenMove("Kd5", None, chess.KING)
    with pytest.raises(NotationSyntaxError):
        written_move(played, "???", "sk")
    verdict = claim_with_written(played, "threefold", E2018, "Jg8", "sk")
    assert (verdict.valid, verdict.rule, verdict.facts.move) == (True, "9.2.1.1", "Ng8")
    assert claim_with_written(played, "threefold", E2018, None, "sk") == claim(played, "threefold", E2018)


def test_an_ambiguous_written_move_is_an_error_of_the_claim() -> None:
    played = game("1. Nf3 d5 2. d3 e6")  # both white knights reach d2
    with pytest.raises(AmbiguousMoveError, match="the written move of the claim"):
        written_move(played, "Nd2", "en")


def test_event_json_is_the_common_fields_then_the_facts() -> None:
    played = marshall_capablanca(60)
    by_move = next(event for event in audit(played, E2018).events if isinstance(event, ThreefoldByMove))
    assert by_move.to_json(played) == {
        "type": "threefold_by_move",
        "ply": 56,
        "side": "white",
        "number": 28,
        "after": "28... Qf6",
        "rule": "9.2.1.1",
        "moves": ["Qb4"],
        "plies": [[49, 53]],
    }
    unreadable = audit(game("1. e4 Nf9"), E2018).events[0].to_json(game("1. e4 Nf9"))
    assert list(unreadable) == ["type", "ply", "side", "number", "after", "rule", "reason", "message"]
    assert (unreadable["type"], unreadable["reason"], unreadable["rule"]) == (
        "illegal_move",
        "unreadable",
        "",
    )


def test_check_report_in_slovak_and_czech(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(EXAMPLES / "audit-cz-2014.txt")
    slovak = run(["check", path, "--from", "cs", "--edition", "2014", "--lang", "sk"], capsys)[1]
    assert slovak.startswith(
        "Partia 1 (riadok 1): ? - ?; počet ťahov 17; výsledok *; Pravidlá šachu FIDE 2014\n"
    )
    assert "  po 3... Jf6: Čierny ponúka remízu [9.1b(2)]\n" in slovak
    assert (
        "  po 8... Jb8: Biely môže reklamovať remízu, ak najprv zapíše Jf3 (pozícia po 1. Jf3, po 3. Jf3) "
        "alebo Jc3 (pozícia po 5. Jc3, po 7. Jc3) [9.2a]\n" in slovak
    )
    assert "  po 16... Jg8: počet polťahov zapísaných po skončení partie: 1, od 'e4' [9.6a]\n" in slovak
    czech = run(
        ["check", str(REPETITION.with_name("test-fifty.pgn")), "--from", "en", "--lang", "cs"], capsys
    )[1]
    assert (
        "  po 113. Ng5 až po 114... Rf6+: hráč na tahu může reklamovat remízu: počet "
        "půltahů bez tahu pěšcem a bez braní od tahu 63. Kxh4 je 100 až 103 [9.3.2]\n" in czech
    )


def test_check_report_of_every_kind_of_event_in_every_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "games.pgn"
    texts = ["1. e4 e5 2. Ke3", "1. f3 e5 2. g4 Qh4# 3. Nc3", "1. e4 e5 2. Nf3 Nf9", FIVEFOLD + " 17. e4"]
    path.write_text("\n\n".join(texts) + "\n", encoding="utf-8")
    english = run(["check", str(path), "--from", "en"], capsys)[1]
    assert (
        "  after 1... e5: illegal move: 'Ke3' (White) in "
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2; candidates: Ke2 [7.5.1]\n" in english
    )
    assert "  after 2... Qh4#: checkmate: Black wins [5.1.1]\n" in english
    assert (
        "  after 2. Nf3: the record cannot be read on from here: line 5, column 17: 'Nf9' is not a move\n"
        in english
    )
    for lang, words in (
        ("sk", ("neprípustný ťah", "mat: vyhráva čierny")),
        ("cs", ("nepřípustný tah", "mat: vyhrává černý")),
    ):
        out = run(["check", str(path), "--from", "en", "--lang", lang], capsys)[1]
        assert out.count("\n\n") == 4 and all(word in out for word in words)
        assert not any(line.startswith("  after") for line in out.splitlines())


def test_claim_headline_in_czech(capsys: pytest.CaptureFixture[str]) -> None:
    path = EXAMPLES / "fifty-written-mate.pgn"
    out = run(
        ["claim", str(path), "--from", "en", "--kind", "fifty", "--written", "Rh8#", "--lang", "cs"], capsys
    )[1]
    assert out.splitlines()[0] == (
        "Reklamace (pravidlo 50 tahů), na tahu bílý: oprávněná (9.3.1, Pravidla šachu FIDE 2023)"
    )
    verdict = claim(game(SHUFFLE), "threefold", E2018)
    assert headline(verdict) == "threefold claim by black: incorrect (9.2.1.2, FIDE Laws of Chess 2018)"
    assert headline(verdict, "sk") == (
        "Reklamácia (opakovanie pozície), na ťahu čierny: nesprávna (9.2.1.2, Pravidlá šachu FIDE 2018)"
    )
