"""The replay state (position keys, occurrences, halfmove clocks, dead positions) and the edition data."""

from __future__ import annotations

from dataclasses import fields

import chess
import pytest
from conftest import EXAMPLES
from hypothesis import given, settings
from hypothesis import strategies as st
from partiar.notation.game import Game
from partiar.notation.rules.editions import (
    EDITIONS,
    RULES,
    ClaimantTimeRule,
    SpeedLimit,
    UnknownEditionError,
    get_edition,
    parse_time_control,
)
from partiar.notation.rules.replay import Replay, is_dead_material, position_key
from partiar.notation.text.reader import parse_games


def game(text: str, locale: str = "en", fen: str | None = None) -> Game:
    header = f'[FEN "{fen}"]\n\n' if fen else ""
    (only,) = parse_games(header + text, locale)
    assert only.error is None, only.error
    return only


def replayed(played: Game) -> Replay:
    replay = Replay(played.board())
    for ply in played.plies:
        replay.push(ply.move)
    return replay


def test_key_is_python_chess_transposition_key_in_the_documented_layout() -> None:
    board = chess.Board("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1")
    key = position_key(board)
    assert key[:8] == (
        board.pawns,
        board.knights,
        board.bishops,
        board.rooks,
        board.queens,
        board.kings,
        board.occupied_co[chess.WHITE],
        board.occupied_co[chess.BLACK],
    )
    assert key[8:] == (chess.WHITE, board.castling_rights, chess.D6)


def test_sample_games_en_passant_square_counts_only_when_the_capture_is_legal() -> None:
    # SK 2018 after 5... d5: exd6 e.p. is legal. CZ 2009 after 5.e4 d5: no pawn can take on d6.
    sk = game((EXAMPLES / "sk-2018-sample.txt").read_text(encoding="utf-8").split("alebo:")[0], "sk")
    cz = game((EXAMPLES / "cz-2009-sample.txt").read_text(encoding="utf-8"), "cs")
    sk_replay, cz_replay = replayed(sk), replayed(cz)
    assert sk.plies[9].san == "d5" and cz.plies[9].san == "d5"
    assert sk_replay.keys[10][10] == chess.D6
    assert cz_replay.keys[10][10] is None


def test_en_passant_square_of_a_pinned_pawn_is_not_part_of_the_position() -> None:
    # After 1... c5 the b5 pawn may not take e.p.: the rook on h5 would then attack the king on a5.
    played = game("1... c5 2. Nf3 Kg8 3. Ng1 Kh8", fen="7k/2p5/8/KP5r/8/8/8/6N1 b - - 0 1")
    replay = replayed(played)
    assert replay.board.ep_square is None and replay.keys[1][10] is None
    assert replay.keys[1] == replay.keys[5] and replay.counts[5] == 2
    assert replay.occurrences[replay.keys[5]] == [1, 5]


def test_double_step_with_no_capturing_pawn_repeats_the_earlier_position() -> None:
    replay = replayed(game("1. e4 e5 2. Nf3 Nc6 3. Ng1 Nb8"))
    assert replay.counts == [1, 1, 1, 1, 1, 1, 2]
    assert replay.occurrences[replay.keys[-1]] == [2, 6]


def test_en_passant_possible_at_the_first_occurrence_makes_it_a_different_position() -> None:
    # After 2... d5 White may take e.p.; the same placement later, without that right, is another position.
    replay = replayed(
        game("1. e4 Nf6 2. e5 d5 3. Nf3 Nc6 4. Ng1 Nb8 5. Nf3 Nc6 6. Ng1 Nb8 7. Nf3 Nc6 8. Ng1 Nb8")
    )
    assert replay.keys[4][10] == chess.D6
    assert [replay.counts[ply] for ply in (4, 8, 12, 16)] == [1, 1, 2, 3]
    assert replay.occurrences[replay.keys[16]] == [8, 12, 16]


def test_castling_rights_lost_without_the_pieces_moving_back_make_another_position() -> None:
    text = "1. Nf3 Nf6 2. Rg1 Rg8 3. Rh1 Rh8 4. Rg1 Rg8 5. Rh1 Rh8 6. Rg1 Rg8 7. Rh1 Rh8"
    replay = replayed(game(text))
    assert replay.board.board_fen() == "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R"
    assert [replay.counts[ply] for ply in (2, 6, 10, 14)] == [1, 1, 2, 3]
    assert replay.keys[2] != replay.keys[6]


def test_promoted_queen_is_a_queen_like_any_other() -> None:
    replay = replayed(
        game("1. a8=Q Kg6 2. Kb1 Kh7 3. Ka1 Kg6 4. Kb1 Kh7 5. Ka1 Kg6", fen="8/P6k/8/8/8/8/8/K7 w - - 0 1")
    )
    assert replay.board.promoted
    assert replay.counts[-1] == 3 and replay.occurrences[replay.keys[-1]] == [2, 6, 10]
    assert replay.keys[-1] == position_key(chess.Board("Q7/8/6k1/8/8/8/8/K7 w - - 8 6"))


def test_halfmove_clock_resets_on_pawn_moves_and_captures_but_not_castling() -> None:
    replay = replayed(game("1. e4 d5 2. Nf3 dxe4 3. Bc4 Nf6 4. O-O Bg4"))
    assert replay.clocks == [0, 0, 0, 1, 0, 1, 2, 3, 4]


def test_table_holds_only_positions_since_the_last_pawn_move_or_capture() -> None:
    replay = replayed(game("1. Nf3 Nf6 2. Ng1 Ng8 3. e4"))
    assert list(replay.occurrences.values()) == [[5]]


def test_repetition_moves_name_the_moves_to_a_third_occurrence() -> None:
    replay = replayed(game("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1"))
    assert [replay.board.san(move) for move in replay.repetition_moves()] == ["Ng8"]
    assert replay.count_after(chess.Move.from_uci("f6g8"))[1] == 3
    assert replay.count_after(chess.Move.from_uci("e7e5"))[1] == 1


def test_nothing_is_tried_for_a_third_occurrence_without_a_twice_seen_position() -> None:
    replay = replayed(game("1. Nf3 Nf6 2. Ng1"))
    assert not replay.repeated and replay.repetition_moves() == []


@pytest.mark.parametrize(
    ("fen", "dead"),
    [
        ("8/8/4k3/8/8/3K4/8/8 w - - 0 1", True),  # K v K
        ("8/8/4k3/8/8/3K4/8/5B2 w - - 0 1", True),  # K+B v K
        ("8/8/4k3/8/8/3K4/8/6N1 b - - 0 1", True),  # K+N v K
        ("8/8/4k3/8/2b5/3K4/8/5B2 w - - 0 1", True),  # K+B v K+B, both bishops on light squares
        ("8/1b6/4k3/8/2b5/3K4/8/1B3B2 w - - 0 1", True),  # several bishops, all on light squares
        ("8/8/4k3/8/1b6/3K4/8/5B2 w - - 0 1", False),  # bishops on opposite colours
        ("8/8/4k1n1/8/8/3K4/8/6N1 w - - 0 1", False),  # K+N v K+N: a mate is possible
        ("8/8/4k3/8/8/3K4/8/5NN1 w - - 0 1", False),  # K+N+N v K
        ("8/8/4k1n1/8/8/3K4/8/5B2 w - - 0 1", False),  # K+B v K+N
        ("8/8/4k3/8/8/3K4/7P/8 w - - 0 1", False),
        ("8/8/4k3/8/8/3K4/8/7R w - - 0 1", False),
    ],
)
def test_dead_material(fen: str, dead: bool) -> None:
    assert is_dead_material(chess.Board(fen)) is dead


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from([chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.PAWN]),
            st.booleans(),
            st.integers(min_value=8, max_value=55),
        ),
        max_size=4,
    )
)
def test_dead_material_agrees_with_python_chess(pieces: list[tuple[int, bool, int]]) -> None:
    board = chess.Board("k7/8/8/8/8/8/8/7K w - - 0 1")
    for piece_type, white, square in pieces:
        if board.piece_at(square) is None:
            board.set_piece_at(square, chess.Piece(piece_type, white))
    assert is_dead_material(board) == board.is_insufficient_material()


def test_mate_and_stalemate_are_only_looked_for_when_the_record_stops() -> None:
    replay = replayed(game("1. f3 e5 2. g4 Qh4#"))
    edition = get_edition(2018)
    assert replay.ending(edition, next_move_legal=True) is None
    assert replay.ending(edition, next_move_legal=False) == "checkmate"


def test_seventyfive_moves_and_mate_on_the_same_move() -> None:
    edition = get_edition(2018)
    mate = replayed(game("1. Rh8#", fen="k7/8/1K6/8/8/8/8/7R w - - 149 100"))
    quiet = replayed(game("1. Rh2", fen="k7/8/1K6/8/8/8/8/7R w - - 149 100"))
    assert mate.clocks[-1] == quiet.clocks[-1] == 150
    assert mate.ending(edition, next_move_legal=False) == "checkmate"
    assert quiet.ending(edition, next_move_legal=False) == "seventyfive"
    assert quiet.ending(get_edition(2009), next_move_legal=False) is None


def test_fivefold_any_five_in_2018_five_alternate_in_a_row_in_2014() -> None:
    shuffle = "Nf3 Nf6 Ng1 Ng8"
    detour = "Nc3 Nc6 Ne4 Nb8 Nc3 Nc6 Nb1 Nb8"
    moves = " ".join([shuffle, shuffle, detour, *[shuffle] * 4]).split()
    replay = Replay(chess.Board())
    any_five, alternate_five = [], []
    for move in moves:
        replay.push(replay.board.parse_san(move))
        any_five.append(replay.is_fivefold(alternate=False))
        alternate_five.append(replay.is_fivefold(alternate=True))
    assert replay.occurrences[replay.keys[0]] == [0, 4, 8, 16, 20, 24, 28, 32]
    assert any_five.index(True) + 1 == 20
    assert alternate_five.index(True) + 1 == 32


def test_editions_are_data_with_their_own_article_numbers() -> None:
    assert sorted(EDITIONS) == [2005, 2009, 2014, 2018, 2023]
    assert get_edition().year == 2023
    assert [get_edition(year).article("threefold_by_move") for year in EDITIONS] == [
        "9.2a",
        "9.2a",
        "9.2a",
        "9.2.1.1",
        "9.2.1",
    ]
    automatic = [(edition.fivefold, edition.seventyfive) for edition in EDITIONS.values()]
    assert automatic == [(False, False), (False, False), (True, True), (True, True), (True, True)]
    assert get_edition(2014).fivefold_alternate and not get_edition(2018).fivefold_alternate
    assert get_edition(2014).article("seventyfive") == "9.6b" and get_edition(2009).article("fivefold") == ""
    with pytest.raises(UnknownEditionError, match="2005, 2009, 2014, 2018, 2023"):
        get_edition(2024)


@pytest.mark.parametrize(
    ("year", "standard", "rapid", "blitz"),
    [
        (2005, 180, 180, 180),
        (2009, 180, 180, 180),
        (2014, 120, 120, 60),
        (2018, 120, 120, 60),
        (2023, 120, 60, 60),  # A.3: one minute instead of two in rapid
    ],
)
def test_incorrect_claim_penalty(year: int, standard: int, rapid: int, blitz: int) -> None:
    edition = get_edition(year)
    assert edition.incorrect_claim_bonus("standard") == standard
    assert edition.incorrect_claim_bonus("rapid") == rapid
    assert edition.incorrect_claim_bonus("blitz") == blitz


@pytest.mark.parametrize(
    ("year", "standard", "rapid", "blitz"),
    [
        (2005, "9.5b", "9.5b", "9.5b"),
        (2014, "9.5b", "9.5b", "9.5b, B2"),
        (2018, "9.5.3", "9.5.3", "9.5.3, B.2"),
        (2023, "9.5.3", "9.5.3, A.3", "9.5.3, B.3, A.3"),
    ],
)
def test_incorrect_claim_penalty_cites_the_appendix_that_changes_it(
    year: int, standard: str, rapid: str, blitz: str
) -> None:
    edition = get_edition(year)
    assert [edition.incorrect_claim_rule(speed) for speed in ("standard", "rapid", "blitz")] == [
        standard,
        rapid,
        blitz,
    ]


@pytest.mark.parametrize(
    ("year", "base", "increment", "speed"),
    [
        (2018, 600, 0, "blitz"),
        (2018, 300, 5, "blitz"),  # 5 min + 60 x 5 s = 10 min: blitz goes up to 10 minutes in 2018
        (2018, 300, 6, "rapid"),
        (2018, 180, 2, "blitz"),
        (2014, 600, 0, "rapid"),  # 2014: blitz is under 10 minutes
        (2014, 599, 0, "blitz"),
        (2009, 600, 0, "blitz"),  # 2009: blitz is under 15 minutes
        (2009, 900, 0, "rapid"),
        (2018, 3600, 0, "standard"),
        (2018, 3540, 0, "rapid"),
    ],
)
def test_speed_by_edition_thresholds(year: int, base: int, increment: int, speed: str) -> None:
    assert get_edition(year).speed(base, increment) == speed


@pytest.mark.parametrize(
    ("seconds", "after"),
    [(600, 420), (300, 150), (121, 61), (120, 60), (90, 60), (60, 60), (59, 59), (0, 0)],
)
def test_2005_claimant_time_cut(seconds: int, after: int) -> None:
    assert ClaimantTimeRule().apply(seconds) == after
    assert get_edition(2005).claimant_time is not None and get_edition(2009).claimant_time is None


def _changes(older: int, newer: int) -> dict[str, object]:
    """The facts in which an edition differs from an older one (articles rule by rule)."""
    before, after = get_edition(older), get_edition(newer)
    changed: dict[str, object] = {
        field.name: getattr(after, field.name)
        for field in fields(after)
        if field.name not in ("year", "articles")
        and getattr(before, field.name) != getattr(after, field.name)
    }
    renumbered = {
        rule: number for rule, number in after.articles.items() if before.articles.get(rule) != number
    }
    return {**changed, "articles": renumbered} if renumbered else changed


def test_each_edition_is_the_one_before_plus_what_changed() -> None:
    assert _changes(2005, 2009) == {"claimant_time": None, "claim_lost_on": "touch", "draw_offer_mark": "(=)"}
    assert _changes(2009, 2014) == {
        "fivefold": True,
        "fivefold_alternate": True,
        "seventyfive": True,
        "incorrect_claim_seconds": 120,
        "incorrect_claim_blitz_seconds": 60,
        "written_move_fixed": True,
        "illegal_moves_to_lose": 2,
        "blitz_limit": SpeedLimit(600, inclusive=False),
        "articles": {
            "dead_position": "5.2b, 9.7",
            "fivefold": "9.6a",
            "seventyfive": "9.6b",
            "illegal_move": "7.5a",
            "blitz_penalty": "B2",
        },
    }
    changed_2018 = _changes(2014, 2018)
    assert changed_2018.pop("articles") == dict(get_edition(2018).articles)  # every article renumbered
    assert changed_2018 == {"fivefold_alternate": False, "blitz_limit": SpeedLimit(600, inclusive=True)}
    assert set(get_edition(2018).articles) == set(RULES) - {"rapid_penalty"}
    assert _changes(2018, 2023) == {
        "incorrect_claim_rapid_seconds": 60,
        "articles": {
            "threefold": "9.2.2",
            "threefold_by_move": "9.2.1",
            "same_position": "9.2.3",
            "rapid_penalty": "A.3",
            "blitz_penalty": "B.3, A.3",
        },
    }
    assert set(get_edition(2023).articles) == set(RULES)
    assert [edition.title for edition in EDITIONS.values()] == [
        f"FIDE Laws of Chess {year}" for year in EDITIONS
    ]


@pytest.mark.parametrize(
    ("year", "header", "speed"),
    [
        (2018, "180+2", "blitz"),
        (2018, "600", "blitz"),
        (2014, "600", "rapid"),
        (2009, "600", "blitz"),
        (2018, "5400+30", "standard"),
        (2018, "1500+10", "rapid"),
        (2018, "40/7200:3600", "standard"),
        (2018, "", "standard"),
        (2018, "-", "standard"),
        (2018, "?", "standard"),
        (2018, "180+x", "standard"),
    ],
)
def test_speed_from_the_time_control_header(year: int, header: str, speed: str) -> None:
    assert get_edition(year).time_control_speed(header) == speed


def test_time_control_parsing() -> None:
    assert parse_time_control("180+2") == (180, 2) and parse_time_control("900") == (900, 0)
    with pytest.raises(ValueError, match="not a time control: 'a\\+b'"):
        parse_time_control("a+b")
