"""Reading notation: every written form of moves and results, errors that say where, encodings and streaming."""

from __future__ import annotations

import io
import pickle
from collections.abc import Iterator

import chess
import pytest
from conftest import BORISOV_POPOV, NAJDORF, RUY_LOPEZ, written_with
from partiar.notation import (
    AmbiguousMoveError,
    Game,
    GameOverError,
    IllegalMoveError,
    InputError,
    NotationSyntaxError,
    parse_games,
    parse_move,
    read_games,
)
from partiar.notation.decode.lenient import read_lenient
from partiar.notation.errors import LostFirstMovesError
from partiar.notation.text.detect import read_games_auto
from partiar.notation.text.encoding import decode_lines, detect_encoding
from partiar.notation.text.lexer import grammar_for
from partiar.notation.text.reader import (
    AMBIGUOUS_READ,
    GUESS_READ,
    MISPRINT_READ,
    OMITTED_READ,
    SLIP_READ,
    read_otherwise,
)
from partiar.notation.text.visitor import GameBuilder


def sans(text: str, locale: str = "sk") -> list[str]:
    (game,) = parse_games(text, locale)
    assert game.error is None, game.error
    return [ply.san for ply in game.plies]


@pytest.mark.parametrize(
    "text",
    [
        "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6",
        "1.e4 e5 2.Jf3 Jc6 3.Sb5 a6",
        "1 . e4 e5 2 . Jf3 Jc6 3 . Sb5 a6",
        "1. e2e4 e7e5 2. Jg1f3 Jb8c6 3. Sf1b5 a7a6",
        "1. e2-e4 e7-e5 2. Jg1-f3 Jb8-c6 3. Sf1-b5 a7-a6",
        "1. e2–e4 e7—e5 2. Jg1f3 Jb8c6 3. Sf1b5 a7a6",
        "1. e4 1... e5 2. Jf3 2... Jc6 3. Sb5 3... a6",
        "1. e4 Tak. 1…. e5 2. Jf3 Dobre. 2. …. Jc6 3. Sb5 3…a6",
        "1. e2-e4 - - Tak. 1. - - e7-e5 2. Jg1-f3 Jb8--c6 3. Sf1-b5 a7-a6",  # an OCR'd 1930 magazine
        "1. e2— e4, e7—e5. 2. Jg1— f3, Jb8—c6. 3. Sf1—b5 a) a7—a6.",  # and a 1922 newspaper, a list's "a)"
        "Kérész Szmiszlov I. e4, e5 2. Jf3, Jc6 3. Sb5 Jó. 3. —, a6",  # "I." for 1., "3. —," Black's number
        "1. e4 e5 2. Jf3 Jc6 3. Sb5\nDet er spansk.\n\n3. - a6",  # "3. -" Black's number, in a Danish club report
        "1 e4, e5 / 2 Jf3, Jc6 / 3 S - b5 (stará hra) 3... a6",  # an old book: "S - b5" (its captures so too)
        "1. e4 e5\n2. Jf3\nJc6 3. Sb5\n\na6",
        "1. ♙e4 e5 2. ♘f3 ♞c6 3. ♗b5 a6",
        "1. e4 e5 2. ¤f3 ¤c6 3. ¥b5 a6",  # a ChessBase figurine font's characters, copied out
    ],
)
def test_forms_of_the_same_opening(text: str) -> None:
    assert sans(text) == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]


@pytest.mark.parametrize(
    ("locale", "text"),
    [
        (
            "ru",
            "Р.ПОНОМАРЕВ (Крg1, Лс1, Лc8, Сd2, Кg4, пп.a2, b4, f2, g3, h2) – В.ТОПАЛОВ (Крg8, Лd7, Сb5, Cf8, Кd5, "
            "пп.a7, b6, е6, f6, g7, h7), 5-й тур.\n24.Кh6+ gh 25.Сxh6 Лf7",
        ),
        (
            "sr",
            "Bijeli: Kg1, Tc1, Tc8, Ld2, Sg4; pješaci: a2, b4, f2, g3, h2;\n"
            "Crni: Kg8, Td7, Lb5, Lf8, Sd5; pješaci: a7, b6, e6, f6, g7, h7.\n24.Sh6+ gxh6 25.Lxh6 Tf7",
        ),
    ],
)
def test_a_fragment_starts_from_the_position_its_piece_lists_write(locale: str, text: str) -> None:
    (game,) = parse_games(text, locale)
    assert game.start_fen == "2R2bk1/p2r2pp/1p2pp2/1b1n4/1P4N1/6P1/P2B1P1P/2R3K1 w - - 0 24"
    assert [ply.san for ply in game.plies] == ["Nh6+", "gxh6", "Bxh6", "Rf7"] and game.error is None


def test_a_problems_piece_lists_before_its_solution_set_up_no_game() -> None:
    # A column's problem ("b. …, č. …", the solution from move 1), then a game from the start.
    text = (
        "Kontrolná notácia: b. Kf2, Db8, Vd1, Vf7, Sg8, Jg5, Pg4 (7), č. Ke5, Va5, Sc6, Sh8, Jd4, Pa4, d6, g6 (8)"
        " – mat 2. ťahom. Riešenie: 1.Dxd6+ Kxd6 2.Vd7 mat.\n\n1.e4 e5 2.Jf3 Jc6 3.Sb5 a6 1-0"
    )
    games = parse_games(text, "sk")
    assert all(game.start_fen == chess.STARTING_FEN for game in games)
    assert [ply.san for ply in games[-1].plies] == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]


def test_a_number_with_a_row_of_dots_and_castling_with_small_os_and_em_dashes() -> None:
    # An OCR'd Icelandic magazine: "8...... o—o 9. o—o".
    text = "1. e2—e4 c7—c5 2. Rgl—f3 Rb8—c6 3. d2—d4 c5xd4 4. Rf3xd4 Rg8—f6 5. Rbl—c3 d7—d6 6. Bfl—e2 e7—e6 "
    (game,) = parse_games(
        text + "7. Bcl—e3 Bf8—e7 8. Ddl—d2 Nú á dögum er.\n\n8...... o—o 9. o—o a7—a6", "is"
    )
    assert [ply.san for ply in game.plies][14:] == ["Qd2", "O-O", "O-O", "a6"] and game.error is None


def test_the_c_file_typed_as_a_cedilla_and_a_capture_spaced_after_a_lone_piece_letter() -> None:
    # A French blog: "ç" for the c file, "D x d5" for Dxd5; the words keep their "ç".
    (game,) = parse_games("1 e4 d5 2 exd5 D x d5 3 Cç3 Da5 4 d4 ç6 Ça va.", "fr")
    assert [ply.san for ply in game.plies] == ["e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "d4", "c6"]
    assert game.plies[-1].comment == "Ça va."


def test_a_pawn_capture_from_the_cedilla_file_and_captures_marked_after_the_square_before_the_reply() -> None:
    # "çd4:" is cxd4; "11.Ld7: Kd8" a capture and the reply, not a capture of a king; "12.Kd1: f6" too.
    text = (
        "1.e4 ç5 2.ç3 d5 3.ed5: Dd5: 4.d4 çd4: 5.çd4: Pç6 6.Pf3 Lg4 7.Pç3 Dd8 8.d5 Pe5 9.Pe5: Ld1: "
        "10.Lb5+ Dd7 11.Ld7: Kd8 12.Kd1: f6 1-0"
    )
    (game,) = parse_games(text, "nl")
    assert game.error is None, game.error
    assert [ply.san for ply in game.plies][6:8] == ["d4", "cxd4"]
    assert [ply.san for ply in game.plies][-4:] == ["Bxd7+", "Kd8", "Kxd1", "f6"]


def test_the_words_after_the_last_bold_stretch_and_a_later_sections_result_are_not_the_games() -> None:
    # After the bold game, the words cite other moves for the last one ("17... De7"), tell the resignation
    # with the Dutch verb split ("gaf mijn tegenstrever na lang nadenken op"), and a result under a later
    # section's heading is another game's.
    text = (
        "**1.e4 c5 2.Pf3 d6** (na 2... Pc6 3.d4) **3.d4 cxd4 4.Pxd4** en hier gaf mijn tegenstrever na lang "
        "nadenken op; op zowel 4... e5 of 4... Pf6 win ik.\n\nDe andere partijen waren spannend.\n\n"
        "## Dworp 2 verliest\n\nBernard speelde een zwakke partij. 0-1\n"
    )
    (game,) = parse_games(text, "nl")
    assert [ply.san for ply in game.plies] == ["e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4"]
    assert game.result == "1-0"


def test_a_books_move_numbers_in_brackets_and_its_lines_cited_for_example_over_lines() -> None:
    # "(1) e2-e4\t\te7-e5"; a line cited "for example" after a colon and a line break, numbered again from the
    # move played ("(4) ..., Gf8-c5;") and going on over the next line ("(5) c2-c3"); "(7)" at a line's end.
    text = (
        "(1) e2-e4\t\te7-e5\n(2) Sg1-f3\t\tSb8-c6\n(3) Gf1-b5\t\ta7-a6\n(4) Gb5-a4\t\tSg8-f6\n\n"
        "Posunięcia Gf8-c5 nie można polecać. Na przykład: (4) ..., Gf8-c5;\n(5) c2-c3, Sg8-f6; (6) o-o, o-o;\n\n"
        "(5) d2-d3\n\nZwykle białe roszują, ale uniknąć pułapki: (5) o-o, Gf8-e7; (6) d2-d4, b7-b5; (7)\n"
        "Ga4-b3, e5:d4.\n\n(5) ...\t\tb7-b5\n"
    )
    (game,) = parse_games(text, "pl")
    assert game.error is None, game.error
    assert [ply.san for ply in game.plies][8:] == ["d3", "b5"]


def test_a_database_export_sets_each_reply_alone_on_its_line_between_notes() -> None:
    # The reply alone on its line after a note, before a note on another move for its ply ("3 ... e5"), or
    # before words and the next number on a later line, or before the result; a list's letter is no bracket's
    # end ("des pions h)").
    text = (
        "1. e4 e6 2. De2 c5 3. Cf3\n   Un coup (un echange des pions h) mais logique.\n"
        "Cc6\n   3 ... e5 offrait plus de resistance 4 Fc4 Fe7\n4. g3 b6 5. Fg2\n   Les Blancs menacent.\n"
        "Fb7?\n   Permet aux Blancs de gagner. a) 5 ... d5 6 d3\n6. O-O\n   une gaffe.\nCf6 0-1\n"
    )
    (game,) = parse_games(text, "fr")
    assert game.error is None, game.error
    sans = ["e4", "e6", "Qe2", "c5", "Nf3", "Nc6", "g3", "b6", "Bg2", "Bb7", "O-O", "Nf6"]
    assert [ply.san for ply in game.plies] == sans
    assert game.result == "0-1"


def test_a_letter_and_bracket_after_a_word_end_the_words_in_brackets() -> None:
    # A column's note (tests/data/real50/sk-001): "(… na stĺpci c) 18...J:d5" ends with the file's letter and the
    # bracket; before, "c)" was read as a list's letter before the number, the bracket stayed open and the rest of
    # the game became its comment.
    text = "1.e4 e5 2.Jf3 Jc6 3.Sb5 (zaujímavý ťah. Biely útočí na stĺpci c) 3...Jf6 4.0-0 J:e4 *"
    (game,) = parse_games(text, "sk")
    assert game.error is None and [ply.san for ply in game.plies][4:] == ["Bb5", "Nf6", "O-O", "Nxe4"]
    assert game.plies[4].comment == "zaujímavý ťah. Biely útočí na stĺpci c"


def test_a_reply_alone_on_its_line_after_a_cited_move_alone_on_its_line_is_cited_too() -> None:
    # One move to a line, as a page's game viewer copies them: "3.c3", "Sf6", "4.e5" in a note cite a line.
    text = "1.e4\nc5\n2.Sf3\nd6\n3.d4\nW partii z Kamskim wybrał\n3.c3\nSf6\n4.e5\n3...cxd4\n4.Sxd4\n"
    (game,) = parse_games(text, "pl")
    assert [ply.san for ply in game.plies] == ["e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4"]


def test_move_numbers_with_a_dot_and_a_bracket_in_a_table_under_a_heading() -> None:
    text = (
        "1. parti: | |\n2013-01-30 : Csoli - Dicska | |\n---------- | |\n1.) e4, e5 | |\n2.) Hf3, Hc6 | |\n"
    )
    (game,) = parse_games(text, "hu")
    assert [ply.san for ply in game.plies] == ["e4", "e5", "Nf3", "Nc6"]
    assert (game.headers["White"], game.headers["Black"]) == ("Csoli", "Dicska")


def test_a_matchs_score_told_in_prose_is_no_game_without_moves() -> None:
    text = "1.e4 e5 2.Pf3 Pc6 1-0\n\nDaarna won Eric ook.\nMooi en 1-0 voor Dworp.\n\nEen goede partij van hem en 1-0.\n"
    assert [len(game.plies) for game in parse_games(text, "nl")] == [4]
    # A forfeit under its players' names stays a game.
    assert [len(game.plies) for game in parse_games("1.e4 e5 1-0\n\nNovák - Horák\n1-0\n", "cs")] == [2, 0]


@pytest.mark.parametrize("mark", ["×", "x", ":", ""])
def test_capture_marks_are_all_optional(mark: str) -> None:
    assert sans(f"1. e4 d5 2. e{mark}d5 D{mark}d5 3. Jc3 Dd8")[2:4] == ["exd5", "Qxd5"]


@pytest.mark.parametrize("ep", [" e.p.", "e.p.", " ep", "ep", " e. p.", ""])
def test_en_passant_marks(ep: str) -> None:
    (game,) = parse_games(f"1. e4 Jf6 2. e5 d5 3. e×d6{ep} c×d6", "sk")
    assert game.error is None and game.plies[4].en_passant and game.plies[4].san == "exd6"
    assert ("e.p. not marked" in game.plies[4].warnings) == (ep == "")


def test_en_passant_mark_on_an_ordinary_capture_is_only_a_warning() -> None:
    (game,) = parse_games("1. e4 d5 2. e×d5 e.p.", "sk")
    assert game.plies[2].san == "exd5"
    assert game.plies[2].warnings == ("e.p. mark on a move that is not an en-passant capture",)


@pytest.mark.parametrize("written", ["a8D", "a8=D", "a8/D", "a8(D)", "a8d", "a7a8D", "a7-a8=D", "b×a8D"])
def test_promotion_forms(written: str) -> None:
    fen = "n3k3/1P6/8/8/8/8/8/4K3 w - - 0 1" if "×" in written else "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"
    (game,) = parse_games(f'[FEN "{fen}"]\n\n1. {written}', "sk")
    assert game.error is None and game.plies[0].san in ("a8=Q+", "bxa8=Q+")


def test_promotion_without_a_piece_is_not_guessed() -> None:
    (game,) = parse_games('[FEN "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"]\n\n1. a8', "sk")
    assert isinstance(game.error, AmbiguousMoveError)
    assert "promotion piece is not written" in str(game.error)
    assert set(game.error.candidates) == {"a8=Q+", "a8=R+", "a8=B", "a8=N"}


@pytest.mark.parametrize(
    "short,long", [("0-0", "0-0-0"), ("O-O", "O-O-O"), ("0–0", "0–0–0"), ("o-o", "o-o-o")]
)
def test_castling_spellings(short: str, long: str) -> None:
    text = f"1. e4 d5 2. Jf3 Dd6 3. Sc4 Sd7 4. {short} Jc6 5. d3 {long}"
    assert sans(text)[6:] == ["O-O", "Nc6", "d3", "O-O-O"]


def test_move_number_glued_to_castling() -> None:
    assert sans("1.e4 e5 2.Jf3 Jf6 3.Sc4 Sc5 4.0-0 0-0")[-2:] == ["O-O", "O-O"]


@pytest.mark.parametrize("mark", ["+", "++", "#"])
def test_check_and_mate_marks_are_annotations(mark: str) -> None:
    (game,) = parse_games(f"1. f3 e5 2. g4 Dh4{mark}", "sk")
    assert game.plies[-1].san == "Qh4#"
    expected = () if mark in ("#", "++") else ("checkmate marked as check",)
    assert game.plies[-1].warnings == expected


def test_a_wrong_check_mark_never_changes_the_move() -> None:
    (game,) = parse_games("1. e4+ e5#", "sk")
    assert [ply.san for ply in game.plies] == ["e4", "e5"]
    assert game.plies[0].warnings == ("'+' written but the move gives no check",)


def test_draw_offer_belongs_to_the_player_who_moved() -> None:
    (game,) = parse_games("1. e4 e5 2. Jf3 (=) Jc6 3. Sb5 a6 (=)", "sk")
    assert [(ply.halfmove, ply.side) for ply in game.plies if ply.draw_offer] == [(3, "white"), (6, "black")]


def test_bare_equals_is_the_evaluation_nag_and_a_pgn_draw_comment_reads_back_as_an_offer() -> None:
    (game,) = parse_games("1. e4 e5 2. Sf3 =", "sr")
    assert game.plies[-1].nags == (10,) and not game.plies[-1].draw_offer
    (game,) = parse_games("1. e4 e5 2. Nf3 {(=)} Nc6", "en")
    assert game.plies[2].draw_offer and game.plies[2].comment == ""


@pytest.mark.parametrize(
    ("written", "result"),
    [
        ("1-0", "1-0"),
        ("0-1", "0-1"),
        ("½-½", "1/2-1/2"),
        ("1/2-1/2", "1/2-1/2"),
        ("*", "*"),
        ("½ - ½", "1/2-1/2"),
        ("1/2-½", "1/2-1/2"),
        ("½:0,5", "1/2-1/2"),
    ],
)
def test_results(written: str, result: str) -> None:
    (game,) = parse_games(f"1. e4 e5 {written}", "sk")
    assert game.result == result


def test_annotations_nags_and_comments() -> None:
    (game,) = parse_games("{Úvod} 1. e4! e5?! {slabšie} 2. Jf3 $14 ; koniec riadku\nJc6", "sk")
    assert game.comment == "Úvod"
    assert game.plies[0].nags == (1,) and game.plies[1].nags == (6,)
    assert game.plies[1].comment == "slabšie"
    assert game.plies[2].nags == (14,) and game.plies[2].comment == "koniec riadku"


def test_two_move_symbols_glued_are_read_in_the_order_of_their_nags() -> None:
    # "!!?" could be !! and ? or ! and !?; books that print two give them in NAG order, the one-sign first.
    (game,) = parse_games("1. e4!!? e5?!! 2. Jf3?!? Jc6??! 3. Sb5!? *", "sk")
    assert [ply.nags for ply in game.plies] == [(1, 5), (2, 3), (2, 5), (2, 6), (5,)]


def test_a_rook_from_the_last_rank_named_by_its_rank_is_no_pawn_with_a_capital_file() -> None:
    # Hungarian B is the rook (bástya); "B8xc6" is the rook on the eighth rank taking, not a pawn "b8xc6".
    text = '[FEN "2r5/5p2/2P1bk2/R6B/6p1/P1r3P1/5P2/4R1K1 b - - 1 37"]\n\n37…B8xc6?! 38.Be4 *'
    (game,) = parse_games(text, "hu")
    assert game.error is None and [ply.san for ply in game.plies] == ["R8xc6", "Re4"]
    assert sans("1. C2—C4 e7—e5 *") == ["c4", "e5"]  # a capital file on the second rank is still a pawn's


def test_a_black_number_that_ends_a_line_of_prose_numbers_the_move_that_starts_the_next() -> None:
    text = "1.e4 e6 2.d4 d5 3.Hc3 Hf6 4.e5 Most már sötét vesztett állásban van. 4. ...\nHfd7 5.f4 *"
    (game,) = parse_games(text, "hu")
    assert [ply.san for ply in game.plies][-3:] == ["e5", "Nfd7", "f4"]
    assert game.plies[6].comment == "Most már sötét vesztett állásban van."


def test_a_number_written_again_inside_a_variation_does_not_make_the_games_move_a_citation() -> None:
    text = (
        "1.d2-d4 Sg8-f6 2.c2-c4 e7-e6 3.Sb1-c3 Lf8-b4 Eine Neuerung. 4.Dd1-c2 (Nach\n"
        "4.e2-e3 0-0 mit Ausgleich) 4…0-0 5.a2-a3 *"
    )
    (game,) = parse_games(text, "de")
    assert [ply.san for ply in game.plies][5:] == ["Bb4", "Qc2", "O-O", "a3"]
    assert game.plies[5].comment == "Eine Neuerung."
    assert [ply.san for ply in game.plies[6].variations[0]] == ["e3", "O-O"]


def test_tag_pairs_copied_onto_one_line_with_the_moves_after_them() -> None:
    text = (
        'Saemisch vs Nimzowitsch\n[Event "Copenhagen"] [White "Saemisch"] [Result "0-1"] 1.d4 Nf6 2.c4 e6 0-1'
    )
    games = parse_games(text, "en")
    game = games[-1]
    assert game.headers["Event"] == "Copenhagen" and game.headers["White"] == "Saemisch"
    assert [ply.san for ply in game.plies] == ["d4", "Nf6", "c4", "e6"] and game.result == "0-1"
    (broken,) = parse_games('[Event "Copenhagen] 1.d4', "en")  # no whole tag pair: still a broken tag
    assert "not a PGN tag" in str(broken.error)


def test_pgn_headers_and_set_up_position() -> None:
    text = (
        '[Event "Majstrovstvá SR"]\n[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 40"]\n\n40. e4 Kd7 1-0'
    )
    (game,) = parse_games(text, "sk")
    assert game.headers["Event"] == "Majstrovstvá SR"
    assert game.plies[0].number == 40 and game.result == "1-0"


def test_several_games_by_result_and_by_blank_line_before_move_one() -> None:
    text = "1. e4 e5 1-0 1. d4 d5 0-1\n\n1. c4 c5\n\n1. Jf3 Jf6 *"
    games = parse_games(text, "sk")
    assert [[ply.san for ply in game.plies] for game in games] == [
        ["e4", "e5"],
        ["d4", "d5"],
        ["c4", "c5"],
        ["Nf3", "Nf6"],
    ]
    assert [game.result for game in games] == ["1-0", "0-1", "*", "*"]


def test_move_number_that_does_not_fit_is_a_warning() -> None:
    (game,) = parse_games("1. e4 e5 3. Jf3", "sk")
    assert game.plies[2].warnings == ("move number '3.' written where 2. was expected",)


def test_ambiguous_move_names_number_side_text_position_and_candidates() -> None:
    (game,) = parse_games("1. Jf3 d5 2. d3 e5\n3. Jd2", "sk")
    error = game.error
    assert isinstance(error, AmbiguousMoveError)
    assert (error.number, error.side, error.text, error.line, error.column) == (3, "white", "Jd2", 2, 4)
    assert set(error.candidates) == {"Nbd2", "Nfd2"}
    assert error.fen == game.end_board().fen()
    message = str(error)
    assert (
        "ambiguous move" in message and "move 3. 'Jd2' (white)" in message and "line 2, column 4" in message
    )


def test_illegal_move_lists_the_legal_candidates() -> None:
    (game,) = parse_games("1. e4 e5 2. Jf4", "sk")
    error = game.error
    assert isinstance(error, IllegalMoveError)
    assert set(error.candidates) == {"Na3", "Nc3", "Ne2", "Nf3", "Nh3"}
    assert "illegal move: move 2. 'Jf4' (white)" in str(error)


def test_candidates_are_named_in_the_letters_of_the_locale() -> None:
    (game,) = parse_games("1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Jd5", "sk")
    error = game.error
    assert isinstance(error, IllegalMoveError)
    assert "candidates: Ja3, Jc3, Jd4, Jg1, Jg5, Jh4, J×e5;" in str(error)
    assert "Nxe5" in error.candidates  # SAN, for programs


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1. f3 e5 2. g4 Dh4# 3. a3", "the game is over (checkmate) after 2... Dh4#; move 3. 'a3' (white)"),
        (
            "1. e3 a5 2. Dh5 Va6 3. D×a5 h5 4. h4 Vah6 5. D×c7 f6 6. D×d7+ Kf7 7. D×b7 Dd3 8. D×b8 Dh7 "
            "9. D×c8 Kg6 10. De6 Jc6",
            "the game is over (stalemate) after 10. De6; move 10... 'Jc6' (black)",
        ),
    ],
)
def test_a_move_after_the_end_of_the_game_says_the_game_is_over(text: str, message: str) -> None:
    (game,) = parse_games(text, "sk")
    assert isinstance(game.error, GameOverError) and isinstance(game.error, IllegalMoveError)
    assert str(game.error).startswith(message) and "candidates" not in str(game.error)


def test_moves_under_numbers_that_do_not_go_on_from_mate_are_text_after_the_game() -> None:
    """A page that prints the game twice: the repeat is no move after mate (which would be an error)."""
    games = parse_games("1. f3 e5 2. g4 Dh4#\n2. g4 Dh4# Fool's mate.", "sk")
    assert [len(game.plies) for game in games] == [4]
    assert games[0].error is None and games[0].result == "0-1"
    assert games[0].warnings == ['line 2: text after the result skipped: "g4 Dh4# Fool\'s mate."']


def test_a_long_form_origin_that_is_not_the_pieces_square_is_read_with_a_warning_only_when_one_piece_fits() -> (
    None
):
    (game,) = parse_games("1. d2—d4 d7—d5 2. c2—c4 e7—e5 3. d4:e5 d5—d4 4. e2—e3 Cf8—b4+ 5. Ce1—d2", "ru")
    assert game.error is None and game.plies[-1].san == "Bd2"
    assert "written from e1, but the only such move is from c1" in game.plies[-1].warnings
    # The origin or the destination is misprinted: the reading is a guess, flagged for review.
    assert read_otherwise(game.plies[-1]) and not any(read_otherwise(ply) for ply in game.plies[:-1])
    (game,) = parse_games("1. d2-d4 d7-d5 2. Jg1-f3 e7-e6 3. Jh1-d2", "sk")  # two knights reach d2
    assert isinstance(game.error, IllegalMoveError) and len(game.plies) == 4


def test_a_long_form_letter_that_is_not_the_piece_on_its_origin_is_read_with_a_warning() -> None:
    # A machine translation writes К (конь, the knight) as K; the two squares name the move.
    (game,) = parse_games("1. e2-e4 e7-e5 2. Kg1-f3 Kb8-c6 3. Gf1-b5 a7-a6", "pl")
    assert game.error is None and [ply.san for ply in game.plies][2:4] == ["Nf3", "Nc6"]
    assert game.plies[2].warnings[0] == "written as a king, but the piece on g1 is a knight"
    # Only where the piece on the origin can make the move; the short form names no origin at all.
    for text in ("1. e2-e4 e7-e5 2. Kg1-g3", "1. e2-e4 e7-e5 2. Kf3"):
        (game,) = parse_games(text, "pl")
        assert isinstance(game.error, IllegalMoveError)


def test_russian_pawn_captures_by_their_files() -> None:
    moves = sans("1. e4 d5 2. ed Фd5 3. d4 c5 4. dc Ф:d1+ 5. Кр:d1", "ru")
    assert moves == ["e4", "d5", "exd5", "Qxd5", "d4", "c5", "dxc5", "Qxd1+", "Kxd1"]
    assert sans("1. d4 c5 2. dс", "ru")[-1] == "dxc5"  # the c typed on a Russian keyboard


def test_result_tag_stands_for_a_result_missing_after_the_moves() -> None:
    (game,) = parse_games('[White "A"]\n[Result "0-1"]\n\n1. e4 e5 2. Jf3\n', "sk")
    assert game.result == "0-1" and game.warnings == []


def test_the_result_after_the_moves_wins_over_a_contradicting_result_tag() -> None:
    (game,) = parse_games('[White "A"]\n[Result "0-1"]\n\n1. e4 e5 2. Jf3 1-0\n', "sk")
    assert game.result == "1-0"
    assert game.warnings == ["line 2: the Result tag says 0-1 but the moves end with 1-0; 1-0 kept"]
    (agreeing,) = parse_games('[Result "1/2-1/2"]\n\n1. e4 e5 ½-½\n', "sk")
    assert agreeing.result == "1/2-1/2" and agreeing.warnings == []


def test_echoed_text_in_errors_is_cut_short() -> None:
    huge = "x" * 1_000_000
    for text in (f'[Event "{huge}"\n1. e4', f'[FEN "{huge}"]\n\n1. e4'):
        (game,) = parse_games(text, "sk")
        assert game.error is not None and len(str(game.error)) < 200 and "x…'" in str(game.error)
    (game,) = parse_games(f"1. e4 e5 2. Jf3 {'1' * 1_000_000}. Jc6", "sk")
    assert game.error is None and game.plies[-1].san == "Nc6" and len(game.plies[-1].warnings[0]) < 100


def test_pawn_capture_must_name_its_file() -> None:
    (game,) = parse_games("1. e4 d5 2. d5", "sk")
    assert isinstance(game.error, IllegalMoveError)
    assert "exd5" in game.error.candidates


def test_syntax_error_has_line_column_and_caret() -> None:
    (game,) = parse_games("1. e4 e5\n2. Jf3 Jbd Jc6", "sk")
    error = game.error
    assert isinstance(error, NotationSyntaxError)
    assert (error.line, error.column) == (2, 8)
    assert error.caret() == "2. Jf3 Jbd Jc6\n       ^"


def test_a_stray_symbol_between_moves_is_skipped_with_a_warning() -> None:
    (game,) = parse_games("1. e4 e5\n2. Jf3 @ Jc6", "sk")
    assert len(game.plies) == 4 and game.warnings == ["line 2, column 8: '@' skipped"]


def test_words_before_a_game_and_after_its_end_are_prose() -> None:
    games = parse_games("Vzorový zápis partie: 1.d4 Jf6 2.c4 ...atd.\n\nalebo: 1. e4", "cs")
    assert [len(game.plies) for game in games] == [3, 1]


def test_variations_nest_in_their_own_positions() -> None:
    (game,) = parse_games("1. e4 e5 (1... c5 2. Jf3 (2. c3 d5)) 2. Jf3", "sk")
    assert [ply.san for ply in game.plies] == ["e4", "e5", "Nf3"]
    (line,) = game.plies[1].variations
    assert [ply.san for ply in line] == ["c5", "Nf3"]
    assert [[ply.san for ply in nested] for nested in line[1].variations] == [["c3", "d5"]]
    assert game.warnings == []


@pytest.mark.parametrize(
    ("text", "variation"),
    [
        # A variation that begins with its number, written as the game writes its numbers: before, `(3)` was
        # a note and `Sc4` Black's 3rd move (exit 4).
        ("1) e4 c5 2) Jf3 d6 3) d4 (3) Sc4 Jc6) 3... c:d4 4) J:d4 Jf6", ["Bc4", "Nc6"]),
        # A number inside a variation: before, `4)` closed the bracket and `d5` was White's 4th move.
        ("1) e4 c5 2) Jf3 d6 3) d4 c:d4 (3... Jc6 4) d5) 4) J:d4 Jf6", ["Nc6", "d5"]),
        # The numbers glued to their moves.
        ("1)e4 c5 2)Jf3 d6 3)d4 (3)Sc4 Jc6) 3...c:d4 4)J:d4 Jf6", ["Bc4", "Nc6"]),
    ],
)
def test_a_variation_numbered_as_the_game_numbers_its_moves_twelve_bracket_is_a_variation(
    text: str, variation: list[str]
) -> None:
    (game,) = parse_games(text, "sk")
    assert [ply.san for ply in game.plies] == NAJDORF[:8]
    (line,) = [line for ply in game.plies for line in ply.variations]
    assert [ply.san for ply in line] == variation
    assert game.warnings == []


def test_a_number_in_brackets_that_no_move_follows_is_a_note_where_the_game_numbers_its_moves_twelve_bracket() -> (
    None
):
    (game,) = parse_games("1) e4 c5 2) Jf3 d6 3) d4 (12) c:d4 4) J:d4 Jf6", "sk")
    assert [ply.san for ply in game.plies] == NAJDORF[:8]
    assert game.plies[4].comment == "12" and not game.plies[4].variations


def test_a_semicolon_before_a_move_number_separates_and_elsewhere_comments_to_the_end_of_the_line() -> None:
    (game,) = parse_games("1. e2-e4 c7-c6; 2. d2-d4 d7-d5;3. Cc3 dxe4; a trap\n4. Cxe4", "pt")
    assert [ply.san for ply in game.plies] == ["e4", "c6", "d4", "d5", "Nc3", "dxe4", "Nxe4"]
    assert [ply.comment for ply in game.plies][5] == "a trap"
    (game,) = parse_games("1.e4 e5 2.Nf3 Nf6 [2...Nc6; was better.] 3.Nxe5", "en")
    assert [ply.san for ply in game.plies] == ["e4", "e5", "Nf3", "Nf6", "Nxe5"] and not game.warnings


def test_outside_pgn_a_semicolon_is_punctuation_and_separates_a_cited_line() -> None:
    # Book style: pairs separated by `;`, numbers without dots, prose after a `;`, and a line the prose
    # cites going on past a `;` ("5 ..., e5; 6 Cdb5") before the game goes on under the same number.
    text = (
        "1 e4, c5; 2 Cf3, d6; 3 d4, c:d4; 4 C:d4, Cf6; 5 Cc3, a6; La risposta 5 ..., e5; 6 Cdb5 è rara. "
        "6 Ae3, e5; 7 Cb3, Ae6 1-0"
    )
    (game,) = parse_games(text, "it")
    assert [ply.san for ply in game.plies] == [
        *("e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6"),
        *("Be3", "e5", "Nb3", "Be6"),
    ]
    assert game.plies[9].comment == "La risposta 5 ..., e5; 6 Cdb5 è rara."
    assert game.error is None and game.result == "1-0"


def test_a_diagram_in_a_chess_fonts_letters_is_skipped_with_a_warning() -> None:
    text = (
        "1. ¤f3 d5 2. c4 c6 3. g3 ¤f6 4. ¥g2 ¥g4 5. ¤e5\n[ABCDEFGH]\n8rsn-wqkvl-tr(\n7zpp+-zppzpp‘\n"
        "6-+p+-sn-+&\n5+-+psN-+-%\n4-+P+-+-+$\n3+-+-+-zP-#\n2PzP-zPPzPLzP“\n1tRNvLQmK-+R!\n{abcdefgh}\n"
        "5... ¥e6 6. £a4 *"
    )
    (game,) = parse_games(text, "de")
    assert [ply.san for ply in game.plies][-3:] == ["Ne5", "Be6", "Qa4"]
    assert game.warnings == ["line 2: a diagram in a chess font's letters skipped"]
    assert not game.plies[8].variations and not game.plies[8].comment
    text = "1.e4 e5 2.Jf3 Jc6 3.Sb5 f5 Diagram XIIIIIIIIY " + " ".join(["9r+lwqk+-tr0"] * 8) + " 4.d4 *"
    (game,) = parse_games(text, "cs")
    assert len(game.plies) == 7 and game.plies[5].comment == "Diagram" and len(game.warnings) == 1


def test_a_move_in_quotation_marks_is_quoted_by_the_prose() -> None:
    text = (
        '1. Cf3 d5 2. g3 Cf6 3. Fg2 c6 4. 0-0 Cbd7 5. d4 Les blancs préviennent "5 ...e5". 5. ...e6 6. c4 *'
    )
    (game,) = parse_games(text, "fr")
    assert [ply.san for ply in game.plies][-3:] == ["d4", "e6", "c4"]
    assert game.plies[8].comment == 'Les blancs préviennent "5 ...e5".'
    (game,) = parse_games("1. e4 e5 2. Jf3 Hrá sa aj „2... Jf6“. 2... Jc6 3. Sb5 *", "sk")
    assert [ply.san for ply in game.plies] == ["e4", "e5", "Nf3", "Nc6", "Bb5"]


def test_whites_number_for_blacks_reply_in_prose_when_the_next_number_follows_the_reply() -> None:
    text = (
        "Sur une Hollandaise, 1. d4 f5 2. c4 Cf6 3. Cc3 e6 mon adversaire joua 4. f3 . J'ai opté pour "
        "4. Fb4 5. Fd2 c5 6. Cb5 d5 et après 7. Fxb4 cxb4, j'ai obtenu une bonne position."
    )
    (game,) = parse_games(text, "fr")
    assert [ply.san for ply in game.plies][6:] == ["f3", "Bb4", "Bd2", "c5", "Nb5", "d5", "Bxb4", "cxb4"]
    assert game.plies[7].warnings == ("move number '4.' written where 4... was expected",)
    # Not a line for White's move: "4. Fd3" cannot be Black's, and "4. e3 b6" is no reply numbered on.
    (game,) = parse_games("1. d4 f5 2. c4 Cf6 3. Cc3 e6 4. f3 Sur 4. e3 b6 5. Fd3 on joue 4... Fb4 *", "fr")
    assert [ply.san for ply in game.plies][6:] == ["f3", "Bb4"]


def test_a_list_of_lines_from_an_earlier_move_is_no_continuation() -> None:
    # An opening article: after the first line, others from move 2 on; and a sentence starting "Jde o" (a
    # word: a piece letter and two files before a word in lower case).
    text = (
        "Caro-Kann: 1.e4 c6\nJde o jedno z nejčastěji hraných zahájení.\nNejčastější pokračování:\n"
        "- 2.Jf3 d5 3.Jc3 (varianta A)\n- 2.d4 d5 3.e5 (varianta B)\n- 2.d4 d5 3.exd5 cxd5 (varianta C)\n"
    )
    (game,) = parse_games(text, "cs")
    assert [ply.san for ply in game.plies] == ["e4", "c6", "Nf3", "d5", "Nc3"] and game.error is None
    assert game.plies[-1].comment.startswith("varianta A 2.d4 d5 3.e5 (varianta B)")


def test_a_move_that_ends_the_proses_sentence_gives_way_to_the_one_under_its_number_after_it() -> None:
    text = "1. d4 e6. Bílý mohl přejít do francouzské 2. e4. 2. Jf3 f5 3. g3 Jf6 4. Sg2 d5 *"
    (game,) = parse_games(text, "cs")
    assert [ply.san for ply in game.plies] == ["d4", "e6", "Nf3", "f5", "g3", "Nf6", "Bg2", "d5"]
    # Inside the sentence, and its number starting the next: read as the prose's from the first.
    assert game.plies[1].comment == "Bílý mohl přejít do francouzské 2. e4." and game.doubtful_from == 0
    # Where no word before it puts it inside a sentence, it is read, then given way.
    (game,) = parse_games(text.replace("francouzské 2. e4.", "francouzské: 2. e4."), "cs")
    assert [ply.san for ply in game.plies] == ["d4", "e6", "Nf3", "f5", "g3", "Nf6", "Bg2", "d5"]
    assert game.plies[2].starting_comment == "2. e4" and game.doubtful_from == 0
    assert "'2. e4' stands in the prose" in game.warnings[0]


def test_a_move_read_from_inside_a_sentence_where_the_text_ends_in_words_is_in_doubt() -> None:
    # A page cut after a threat the prose names: `43 Da7` fits the game's next number, but it stands inside
    # a sentence and nothing follows it but words, so it may be only cited.
    text = (
        "1 e4, c5; 2 Cf3, d6; 3 d4, cxd4; 4 Cxd4, Cf6; Il Bianco gioca bene. 5 Cc3, a6; "
        "Il Nero teme 6 Ae3, ma i suoi guai sono appena"
    )
    (game,) = parse_games(text, "it")
    assert game.plies[-1].san == "Be3" and game.doubtful_from == 11
    assert "went on inside a sentence" in game.warnings[-1]
    # After a sentence that ends, the game goes on; so it does where a result follows.
    for ending in ("Il Nero teme la mossa. 6 Ae3, ma i suoi guai", "Il Nero para 6 Ae3, e vince. 1-0"):
        (game,) = parse_games(text.split("Il Nero teme")[0] + ending, "it")
        assert game.plies[-1].san == "Be3" and game.doubtful_from == 0
    # A threat named ("para la minaccia 6 Ae3") is no move of the game.
    (game,) = parse_games(text.replace("teme", "para la minaccia"), "it")
    assert game.plies[-1].san == "a6" and "6 Ae3" in game.plies[-1].comment
    # Every move read after prose from inside a sentence is in doubt, back to the first of them within a few
    # plies of the end ("jogar o simples 5...e6, seguindo 6.Cc3 Cc6 7.Cgxe4 chegamos …"), not the last alone.
    text = (
        "1.e4 c5 2.f4 d5 3.Cf3 dxe4 4.Cg5 Cf6 5.Bc4. Aqui seria prudente para as negras jogar o simples 5...e6, "
        "seguindo 6.Cc3 Cc6 7.Cgxe4 chegamos a uma posição normal"
    )
    (game,) = parse_games(text, "pt")
    assert game.plies[-1].san == "Ngxe4" and game.doubtful_from == 10


def test_a_number_ahead_of_the_one_due_after_prose_puts_the_moves_from_there_in_doubt() -> None:
    # The book's 8th moves stand only in the note; "9. c: d4!" is read as White's 8th, with a warning, and in
    # doubt: a move may be missing before it.
    text = (
        "1. e4 e5 2. Кf3 Кc6 3. Сc4 Сc5 4. b4 С: b4 5. c3 Сc5 6. 0-0 d6\n\n"
        "7. d4 e: d4. Слабее 7… Сb6 (Чигорин – Стейниц, 1883) 8. Фa4+ (8. Лfe1!? Видмар, 1901) 8… Сd7. "
        "По мнению Л. Эванса, дает белым инициативу 8… Фd7 9. К: b6 cb.\n\n"
        "9. c: d4! Ход, впервые сделанный в данной партии (ранее играли обычно 9. Фa3), опроверг план.\n"
    )
    (game,) = parse_games(text, "ru")
    assert [ply.san for ply in game.plies][-2:] == ["exd4", "cxd4"]
    assert game.doubtful_from == 15 and "may lack one the prose holds" in game.warnings[-1]


def test_a_sentence_that_leads_with_a_colon_into_a_cited_alternative_goes_on_with_it() -> None:
    # "12...Da5" is cited for the ply the game played as 12...Db6; the next sentence leads into that line
    # with a colon, and its moves are the note's, not the game's.
    text = (
        "1.e4 e6 2.d4 d5 3.Jc3 Jf6 4.Sg5 Sb4 5.e5 h6 6.Sd2 S:c3 7.b:c3 Je4 8.Dg4 Kf8 9.h4 c5 10.Vh3 Jc6 "
        "11.Jf3 c4 12.Sc1 Db6. Veľmi lákavé bolo 12...Da5 s útokom na pešiaka c3. V tom prípade mohlo dojsť "
        "k zaujímavému pokračovaniu: 13.Jd2 J:c3 14.J:c4 d:c4 15.Sd2 J:e5 16.d:e5 D:e5+ 17.Ve3 Je4"
    )
    (game,) = parse_games(text, "sk")
    assert game.error is None and game.plies[-1].san == "Qb6" and "13.Jd2" in game.plies[-1].comment
    # A move the cited line cannot play is the game's: "14 h5" after "13 ..., h5".
    text = (
        "1 e4, c5; 2 Cf3, d6; 3 d4, cxd4; 4 Cxd4, Cf6; 5 Cc3, a6; 6 Ae3, e5; 7 Cf3, Ae7; 8 Ac4, 0-0; "
        "9 0-0, Ae6; 10 De2, b5; 11 Ab3, Axb3; 12 axb3, Cbd7; 13 h4, Rh8?; Era più solida 13 ..., h5, "
        "bloccando il Bianco. Naturalmente la giocatrice non si lascia sfuggire l'occasione: 14 h5!?, Dc7"
    )
    (game,) = parse_games(text, "it")
    assert [ply.san for ply in game.plies][-2:] == ["h5", "Qc7"]


def test_a_resignation_naming_moves_the_game_read_does_not_end_with_puts_the_moves_in_doubt() -> None:
    # "Bílý si spočítal: 12. ... Sxe5" cites a line and is read as the game; the words that end the game name
    # its real end.
    text = (
        "1. d4 e6 2. Jf3 f5 3. g3 Jf6 4. Sg2 d5 5. 0-0 Sd6 6. c4 c6 7. Dc2 0-0 8. b3 Je4 9. Sb2 Jd7 10. Je5 Df6 "
        "11. f3 Jxe5 12. dxe5. Bílý si spočítal: 12. ... Sxe5 13. Sxe5 Dxe5 vezme jezdce 14. fxe4 a po "
        "Dxa1 15. Jc3 chytí černou dámu. 12. ... Sc5+. To velmistr přehlédl. 13. Kh1 Jxg3+! a bílý se vzdal."
    )
    (game,) = parse_games(text, "cs")
    assert game.result == "0-1" and game.plies[23].san == "Bxe5"
    assert game.doubtful_from == 24 and "name moves that neither end it nor follow it" in game.warnings[-1]
    # Inside a sentence ("že po 12. ... Sxe5"), with "12. ..." starting a later one, the line is the prose's.
    (game,) = parse_games(text.replace("spočítal: 12.", "spočítal že po 12."), "cs")
    assert game.plies[23].san == "Bc5+" and game.doubtful_from == 0 and game.result == "0-1"
    # The words naming the game's own last moves leave it alone.
    (game,) = parse_games("1. e4 e5 2. Sc4 Jc6 3. Dh5 Jf6 4. Dxf7# Po 4. Dxf7# čierny sa vzdal.", "sk")
    assert game.doubtful_from == 0


def test_a_win_told_at_the_end_of_a_line_the_prose_cites_does_not_end_the_game() -> None:
    # "8...b5? wobec 9.e5 … i białe wygrywają": the words end a line from a ply the game played otherwise.
    text = (
        "1.e4 c5 2.Sf3 d6 3.d4 cxd4 4.Sxd4 Sf6 5.Sc3 a6\n\n6.Gg5 e6 7.f4 Ge7 8.Hf3 Sbd7\n\n"
        "Natomiast przedwczesne jest 8...b5? wobec 9.e5 Sd5 10.Sxd5 exd5 11.Hxd5 Wa7 i białe wygrywają.\n\n"
        "9.0-0-0 h6\n\n10.Gh4 Hc7\n"
    )
    (game,) = parse_games(text, "pl")
    assert [ply.san for ply in game.plies][15:] == ["Nbd7", "O-O-O", "h6", "Bh4", "Qc7"]
    assert game.result == "*" and "i białe wygrywają" in game.plies[15].comment
    # Cut after that note, the game does not take the line's result either.
    (game,) = parse_games(text.split("\n\n9.")[0], "pl")
    assert len(game.plies) == 16 and game.result == "*"
    # The same words after the game's own last move end it.
    (game,) = parse_games("1.e4 e5 2.Gc4 Sc6 3.Hh5 Sf6 4.Hxf7 i białe wygrywają.", "pl")
    assert game.result == "1-0"


def test_the_moves_written_again_whole_from_move_1_are_one_game() -> None:
    # A column prints the moves up to its diagram, then the whole score again from move 1, then the rest.
    moves = "1. e4 c5 2. Rf3 e6 3. d4 cxd4 4. Rxd4 Rc6 5. Rc3 Dc7 6. Be2 Rf6 7. O-O Be7 8. Be3 O-O"
    text = f"Hvítur á leik\n{moves} 9.\n\n{moves} 9. f4 d6\n\nStaðan kom upp. 10. Kh1 Rxd4 og svartur gafst upp.\n"
    (game,) = parse_games(text, "is")
    assert len(game.plies) == 20 and game.result == "1-0"
    assert any("written again from move 1" in warning for warning in game.warnings)
    # A game's first moves and then another game that starts alike, each with its result, stay two games.
    (first, second) = parse_games(f"{moves} 1-0\n\n{moves} 9. f4 d6 0-1\n", "is")
    assert (len(first.plies), len(second.plies)) == (16, 18)
    # ... and so do a game's moves and another game that leaves them at the start.
    (first, second) = parse_games(f"{moves} 9.\n\n1. d4 d5 2. c4 e6 3. Rc3 Rf6 4. Bg5 Be7 5. e3 O-O\n", "is")
    assert (len(first.plies), len(second.plies)) == (16, 10)


def test_a_move_better_than_the_games_is_cited_and_blacks_number_one_ahead_is_a_misprint() -> None:
    # "7…Le7??" where 6… is due, then "Besser ist hier 6. … e5xd4" in the note, then the game at "7.Lf7+!".
    text = (
        "1.e4 e5 2.Sf3 d6 3.d4 Sd7 4.Lc4 c6 5.Sg5 Sh6 6.a4!?\nDer weiße Zug bereitet eine Falle vor.\n"
        "7…Le7??\nDieser Zug verliert prompt! Besser ist hier 6. … e5xd4.\n7.Lf7+! Sf7 8.Se6 Db6 9.a5!\n"
    )
    (game,) = parse_games(text, "de")
    assert [ply.san for ply in game.plies][10:] == ["a4", "Be7", "Bxf7+", "Nxf7", "Ne6", "Qb6", "a5"]
    assert game.plies[11].warnings == ("move number '7…' written where 6... was expected",)
    assert 0 < game.doubtful_from <= 12
    # What came before "better" was better: the move after it is the game's.
    (game,) = parse_games("1.d4 Pf6 2.c4 e6 3.Pc3 want Pf3 was beter en interessanter 3..Lb4 4.Dc2", "nl")
    assert [ply.san for ply in game.plies][4:] == ["Nc3", "Bb4", "Qc2"]


def test_whites_number_for_blacks_reply_before_the_games_last_move_and_words() -> None:
    text = (
        "1.e4 e5 2.Sf3 d6 3.d4 Sd7 4.Lc4 c6 5.Sg5 Sh6 6.a4 Le7 7.Lf7+ Sf7 8.Se6 Db6 9.a5 Db4+ 10.c3 Dc4 "
        "11.Sc7+\nDas Zwischenschach rettet den Springer.\n11.Kd8 12.b3\nund Weiß gewinnt die Dame.\n"
    )
    (game,) = parse_games(text, "de")
    assert [ply.san for ply in game.plies][-3:] == ["Nc7+", "Kd8", "b3"]
    # Where more numbered moves follow, the pair may be a line the words cite: it stays in the note.
    (game,) = parse_games(text.replace("die Dame.", "die Dame nach 13.Sa8."), "de")
    assert game.plies[-1].san == "Nc7+"


@pytest.mark.parametrize("result", ["(1-0)", "( 1-0 )", "(½-½)", "(1/2-1/2)", "(0:1)"])
def test_a_result_in_brackets_right_after_the_last_move_ends_the_game(result: str) -> None:
    text = f"1.e4 c5 2.Cf3 d6 3.Bb5+ Bd7 {result}. A continuação seria 3...Dc7 4.Bxd7+ Cxd7, com vantagem."
    (game,) = parse_games(text, "pt")
    assert [ply.san for ply in game.plies] == ["e4", "c5", "Nf3", "d6", "Bb5+", "Bd7"]
    assert game.result == {"(1-0)": "1-0", "( 1-0 )": "1-0", "(0:1)": "0-1"}.get(result, "1/2-1/2")


def test_the_bishops_letter_in_lower_case_is_read_where_no_pawn_can_make_the_move() -> None:
    text = "1. e4 e5 2. nf3 nc6 3. bb5 a6 4. bxc6 bxc6 5. 0-0 f6 *"
    (game,) = parse_games(text, "en")
    assert [ply.san for ply in game.plies] == [
        "e4",
        "e5",
        "Nf3",
        "Nc6",
        "Bb5",
        "a6",
        "Bxc6",
        "bxc6",
        "O-O",
        "f6",
    ]
    assert game.plies[4].warnings == ("no pawn can make it: read as Bb5, its letter written in lower case",)
    assert not game.plies[7].warnings  # the pawn takes: what is written, as written


def test_blacks_number_with_many_dots() -> None:
    (game,) = parse_games(
        "1.e4 e5 2.Pf3 Pc6 3.Lb5 De Spaanse opening. 3.....a6 Dit is gangbaar. 4.Lc6 dc6", "nl"
    )
    assert [ply.san for ply in game.plies][5:] == ["a6", "Bxc6", "dxc6"]


def test_a_game_from_move_one_that_a_note_cites_after_a_blank_line_is_not_the_next_game() -> None:
    # A 1925 magazine's game (tests/data/real/nl-002): a note runs on over a blank line into another game's
    # moves from move 1 ("… herinnerde zwart zich de", then "partij Blackburne-Bird, Londen 1899 : 1. d4, f5 …"),
    # and the game goes on after it under its own number ("5. Pf3-e5"). Before, the cited game was read as the
    # next game, and the rest of the game as its comment.
    text = (
        "1. e2—e4 f7—f5\n2. d2—d4 f5 X e4\n3. f2—f3 e4 X f3\n4. Pgl x f3 d7—d5 Wellicht herinnerde zwart zich de\n\n"
        "partij Blackburne-Bird, Londen 1899 : 1. d4, f5 2. e4, fe4: 3. Pc3, Pf6 4. f3, ef3: 5. Pf3:, d5. Hier is d5 "
        "slecht.\n\n5. Pf3-e5\n\nUitstekend.\n\n5... Pg8—f6 6. Lc1—g5 Pb8—d7 1-0\n"
    )
    (game,) = parse_games(text, "nl")
    assert [ply.san for ply in game.plies][7:] == ["d5", "Ne5", "Nf6", "Bg5", "Nbd7"]
    assert "partij Blackburne-Bird, Londen 1899 : 1. d4" in game.plies[7].comment
    # Where the game does not go on after them, such moves from move 1 are the next game, as before.
    games = parse_games(text.split("\n\n5. Pf3-e5")[0] + "\n", "nl")
    assert [len(game.plies) for game in games] == [8, 10]


def test_ocr_damage_in_a_long_form_after_a_note_a_spaced_capture_and_a_split_origin() -> None:
    # A 1925 magazine's game as OCR read it (tests/data/real/nl-002, ó for 6): Black's move after a note under
    # its bare number with its target garbled ("5 Pg8—fó"), a spaced capture onto a garbled target ("7. Lg5 X
    # fó"), an origin split before a spaced dash ("8. Lf 1 —d3"). Before, the reading went astray at 5 and was
    # taken back: the game stopped after 5. Pf3-e5.
    text = (
        "1. e2—e4 f7—f5 2. d2—d4 f5 X e4 3. f2—f3 e4 X f3 4. Pgl x f3 d7—d5\n\n5. Pf3-e5\n\nUitstekend.\n\n"
        "5 Pg8—fó\n\n6. Lel—g5 Pb8—d7\n\n7. Lg5 X fó Pd7 X fó\n\n8. Lf 1 —d3 c7—c5 1-0\n"
    )
    (game,) = parse_games(text, "nl")
    assert game.error is None
    assert [ply.san for ply in game.plies][9:] == ["Nf6", "Bg5", "Nbd7", "Bxf6", "Nxf6", "Bd3", "c5"]
    assert all(read_otherwise(game.plies[index]) for index in (9, 12, 13, 14))


def test_a_bracket_never_closed_in_the_words_before_a_game_does_not_swallow_it() -> None:
    # An OCR'd newspaper page (tests/data/real57/nl-005): "… tot de sterk - (meester ter wereld gaan be- …", the
    # bracket never closed, then the game from "I. c2-c4" on. Before: "no game found".
    text = (
        "Volgens Tal zal hij tot de sterk - (meester ter wereld gaan be- Over de Nederlanders kan ik kort zijn. "
        "Hier volgen enige partijen. I. c2-c4 c7-c5; 2. Pgl-f3 Pg8-f6; 3. Pbl-c3 Pb8-c6; 4. d2-d4 c5xd4; "
        "5. Pf3xd4 d7-d5; 6. Lcl-g5 e7-e6 *\n"
    )
    (game,) = parse_games(text, "nl")
    assert [ply.san for ply in game.plies][:4] == ["c4", "c5", "Nf3", "Nf6"] and len(game.plies) == 12
    assert any("bracket not closed" in warning for warning in game.warnings)
    # A bracket the words close, or moves too few for a game, stay as they were: words.
    (game,) = parse_games("Zie (1. c4 c5 2. Pf3 Pf6) *\n", "nl")
    assert not game.plies


def test_a_run_of_ellipsis_characters_stands_for_a_move_or_before_blacks_move() -> None:
    # A club blog's game in two columns (tests/data/real56/en-003): "16. Rb3   …….", a note, then "16. …….   Nd4"
    # (two ellipsis characters and a dot). Before, the second ellipsis was read as text, and the game ended in
    # the note.
    text = (
        "1. e4             c5\n2. Nf3           e6\n3. c3             …….\nBetter was 3. Bb2.\n\n"
        "3. …….         d5\n4. e5            d4 *\n"
    )
    (game,) = parse_games(text, "en")
    assert game.error is None
    assert [ply.san for ply in game.plies] == ["e4", "c5", "Nf3", "e6", "c3", "d5", "e5", "d4"]
    assert game.plies[4].comment == "Better was 3. Bb2."


def test_a_game_with_no_move_numbers_after_its_heading_and_prose() -> None:
    # A club page's game (tests/data/real56/en-002): a pair of moves and a note per line, no numbers, after a
    # heading and a paragraph. Before, the moves after the prose were taken for moves the prose cites: no game.
    text = (
        "An amusing game\n\nAndrew played this game on the internet recently.\n\nWhite Black (Andrew)\n\n"
        "e4 d5 (The Centre Counter Defence)\n\nexd5 Nf6 (sacrificing a pawn)\n\nc4 e6\n\ndxe6 Bxe6\n\n"
        "b3 Qe7 (the threat is Bxc4+)\n\nQe2 Nc6\n"
    )
    (game,) = parse_games(text, "en")
    assert game.error is None
    assert [ply.san for ply in game.plies] == [
        "e4", "d5", "exd5", "Nf6", "c4", "e6", "dxe6", "Bxe6", "b3", "Qe7", "Qe2", "Nc6",
    ]  # fmt: skip
    assert game.plies[1].comment == "The Centre Counter Defence"
    # Fewer plies than a game's opening, or moves that do not play on, stay the prose's.
    (game,) = parse_games("He likes it.\n\ne4 e5 (a note)\n\nNf3 Nc6\n\n1. d4 d5 2. c4 *\n", "en")
    assert [ply.san for ply in game.plies] == ["d4", "d5", "c4"]


def test_whites_number_for_blacks_reply_first_in_a_bulleted_list() -> None:
    text = (
        "  • 1. e4 c6\n  • 2. d4 d5\n  • 3. Jc3 dxe4\n  • 4. Jxe4?!\n\n    Pozice po čtvrtém tahu\n\n"
        "  • 4. Sf5\n  • 5. Jg3 Sg6\n"
    )
    (game,) = parse_games(text, "cs")
    assert [ply.san for ply in game.plies][6:] == ["Nxe4", "Bf5", "Ng3", "Bg6"]
    assert game.plies[6].comment == "Pozice po čtvrtém tahu"
    assert game.plies[7].warnings == ("move number '4.' written where 4... was expected",)


def test_a_number_one_move_off_after_a_cited_line_is_no_move_when_the_number_due_starts_a_later_line() -> (
    None
):
    # A cited game's line goes on after the brackets ("4...Jf6" where 3... is due); "3...a6" starts a later line.
    text = (
        "1. e4 e5 2. Jf3 Jc6 3. Sb5\nV partii s Kamským hral\n3. Sc4\nSc5\n4. c3\n(Silné je aj\n4. b4\nSxb4.)\n"
        "4...Jf6\n5. d4\n3...a6 Novinka.\n4. Sa4 *"
    )
    (game,) = parse_games(text, "sk")
    assert [ply.san for ply in game.plies] == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"]


def test_whites_move_and_blacks_written_as_one_with_a_dash_once_a_pawns_pair_shows_it() -> None:
    # Italian print: "1.e4-e5" cannot be one long-form move, so every pair is two moves ("4.De3-d6" too,
    # though a queen from d4 could reach d6), and "7.000-Cf6" is castling and a reply.
    text = "Vitacek-Duras (1900)\n1.e4-e5; 2.d4-exd4; 3.Dxd4-Cc6; 4.De3-d6; 5.Cc3- Ae7; 6.Ad2-f5; 7.000-Cf6;"
    (game,) = parse_games(text, "it")
    assert [ply.san for ply in game.plies] == [
        *("e4", "e5", "d4", "exd4", "Qxd4", "Nc6", "Qe3", "d6"),
        *("Nc3", "Be7", "Bd2", "f5", "O-O-O", "Nf6"),
    ]
    assert game.headers["White"] == "Vitacek" and not game.plies[0].comment and not game.warnings
    # A long-form move stays one where the game's first pawn move reads as one.
    (game,) = parse_games("1.e2-e4 e7-e5 2.Cg1-f3 Cb8-c6 3.Af1-b5 a7-a6", "it")
    assert [ply.san for ply in game.plies] == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]


def test_moves_a_game_viewer_glued_together_are_read_apart() -> None:
    # Copied out of a page's game viewer: no space anywhere, so White's and Black's moves are one token.
    # `c4e6` is no long-form move (no pawn on c4), `Sf3d5` neither (no knight from f3 to d5), and `Gg5h6`
    # would be the bishop's move from c1 to h6 only through a slip in the origin: each is two moves.
    text = "1.d4Sf62.c4e63.Sf3d5Od kiedy Firouzja gra 4.Sc3Sbd75.Gg5h6"
    (game,) = parse_games(text, "pl")
    assert game.error is None, game.error
    assert [ply.san for ply in game.plies] == [
        *("d4", "Nf6", "c4", "e6", "Nf3", "d5", "Nc3", "Nbd7", "Bg5", "h6")
    ]
    assert not any(ply.warnings for ply in game.plies)
    (game,) = parse_games("1.е4е5 2.Kf3Kc6\n3.Cb5a6 4.Cc6:", "ru")
    assert [ply.san for ply in game.plies] == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6"]


def test_a_file_written_as_a_capital_and_a_dash_spaced_by_ocr_are_read() -> None:
    # No piece moves to a rank alone: `C5` (Hungarian has no piece C) and `C2—C4` (a Cyrillic С, the
    # Russian bishop) are the pawn's squares; OCR spaced the long form's dash in `d7 —d5` and `Kb1 — c3`.
    (game,) = parse_games("I. d4, Hf6 2. Hf3, C5 3. Fg5, e6", "hu")
    assert [ply.san for ply in game.plies] == ["d4", "Nf6", "Nf3", "c5", "Bg5", "e6"]
    (game,) = parse_games("1. d2—d4 Kg8—f6\n2. С2—С4 d7 —d5\n3. Kb1 — c3 e7—e6", "ru")
    assert game.error is None, game.error
    assert [ply.san for ply in game.plies] == ["d4", "Nf6", "c4", "d5", "Nc3", "e6"]
    # A spaced dash between White's piece move and Black's pawn move is a pair where no long form fits.
    (game,) = parse_games("1) e4 - e5, 2) Jf3 - Jc6, 3) Sc4 - Sc5, 4) Jc3 - d6", "cs")
    assert [ply.san for ply in game.plies][-2:] == ["Nc3", "d6"]


def test_a_paragraph_that_starts_with_blacks_first_move_goes_on_with_the_game() -> None:
    # An encyclopedia's notes: a paragraph of prose after 1. f2-f4, then "1.… d7 – d5" (the long form's dash
    # spaced), which is no new game.
    text = (
        "1. f2-f4\n\nLasker chooses the Bird opening.\n\n1.… d7 – d5 2. e2 – e3 Ng8 – f6 3. b2 – b3 e7 – e6\n"
    )
    (game,) = parse_games(text, "en")
    assert [ply.san for ply in game.plies] == ["f4", "d5", "e3", "Nf6", "b3", "e6"]
    assert game.plies[0].comment == "Lasker chooses the Bird opening."


def test_a_text_cut_inside_a_long_form_move_ends_before_it_with_a_warning() -> None:
    (game,) = parse_games("1. e2–e4 e7–e5 2. Sg1–f3 Sb8–c6 3. Lf1–b5 a7–a6 4. Lb5–a", "de")
    assert game.error is None and [ply.san for ply in game.plies][-1] == "a6"
    assert game.warnings == [
        "line 1, column 52: the text ends inside a move ('Lb5–a'): read to the move before it"
    ]
    # A whole move that cannot be played at the end is an error still.
    (game,) = parse_games("1. e2–e4 e7–e5 2. Sg1–f3 Sb8–c6 3. Lf1–b5 a7–a6 4. Lb5", "de")
    assert game.error is not None
    # So is a copy cut inside a short move ("29 hxg4 Rfe"); the same word before more text is an error.
    (game,) = parse_games("1 e4 e5 2 Nf3 Nc6 3 Bb5 Rfe", "en")
    assert game.error is None and len(game.plies) == 5
    assert game.warnings == [
        "line 1, column 25: the text ends inside a move ('Rfe'): read to the move before it"
    ]
    (game,) = parse_games("1 e4 e5 2 Nf3 Nc6 3 Bb5 Rfe 4 d4", "en")
    assert game.error is not None
    # A pawn's capture by its files alone as the text's last characters, where the text writes its pawns'
    # captures with the square: cut inside the move ("… 14.Hf2 e5 15.fxe"); in a text that writes them by
    # files, a move.
    (game,) = parse_games("1.e4 d5 2.exd5 Hxd5 3.Sc3 Ha5 4.d4 e5 5.f4 Sc6 6.fxe", "pl")
    assert game.error is None and len(game.plies) == 10
    assert game.warnings == [
        "line 1, column 50: the text ends inside a move ('fxe'): read to the move before it"
    ]
    (game,) = parse_games("1.e4 d5 2.ed Hd5 3.Sc3 Ha5 4.d4 e5 5.f4 Sc6 6.fxe", "pl")
    assert game.error is None and [ply.san for ply in game.plies][-1] == "fxe5"


def test_a_threat_in_words_before_a_move_number_is_no_move_of_the_game() -> None:
    # "Er dreigde 30. Dxg6+": what was threatened, and the copy ends there.
    text = "1.d4 Pf6 2.c4 e6 3.Pc3 Lb4 4.Dc2 0-0 5.a3 Lxc3+ 6.Dxc3 b6\n\nGeen keus. Er dreigde 7. Lg5 h6"
    (game,) = parse_games(text, "nl")
    assert game.error is None and len(game.plies) == 12


def test_a_dash_after_blacks_number_belongs_to_it_after_a_note() -> None:
    # A Brazilian blog: "16. Cde2 - ..." and a note, then "16. ... – Da5;".
    text = "1. e4 – c5;\n2. Cf3 – d6;\n3. d4 - ...\nAnalise caso.\n3. ... – cxd4;\n4. Cxd4 – Cf6;"
    (game,) = parse_games(text, "pt")
    assert [ply.san for ply in game.plies] == NAJDORF[:8]
    # After White's number a dash is no part of it ("5 Rg 1 — f3" in an OCR'd column reads no 1.f3).
    assert not any(game.plies for game in parse_games("Skákir.\n5 Rg 1 — f3\nNýr leikur", "is"))


def test_words_in_brackets_inside_a_sentence_keep_the_sentence_going() -> None:
    # `e5` after "hrál (jak navrhuje Rybka)" is the move the sentence names, not the game's next one.
    text = "1. d4 d5 2. c4 e6 Deep blue hrál (jak navrhuje Rybka) e5, Volodin volil slabší Db6. 3. Jc3 Jf6"
    (game,) = parse_games(text, "cs")
    assert game.error is None and [ply.san for ply in game.plies][3:] == ["e6", "Nc3", "Nf6"]
    assert game.plies[3].comment == "Deep blue hrál (jak navrhuje Rybka) e5, Volodin volil slabší Db6."
    # A bracket with moves after the words is a variation still.
    (game,) = parse_games("1. d4 d5 2. c4 e6 Lepší je (2... c6 3. Jc3) 3. Jc3 Jf6", "cs")
    assert [ply.san for ply in game.plies[3].variations[0]] == ["c6", "Nc3"]


def test_a_piece_letter_typed_in_lower_case_before_its_squares_is_the_piece() -> None:
    (game,) = parse_games("1. Кf3 кf6 2.b3 g6", "ru")
    assert [ply.san for ply in game.plies] == ["Nf3", "Nf6", "b3", "g6"]
    (game,) = parse_games("1. e4 e5 2. Sf3 Sc6 3. Gc4 Gc5 4. 0-0 Sf6 5. we1 d6", "pl")
    assert game.plies[-2].san == "Re1"
    # A lower-case letter that is a file stays a file ("g" is the Polish bishop and the g-file).
    (game,) = parse_games("1. e4 e5 2. Sf3 Sc6 3. g3 Sf6", "pl")
    assert game.plies[4].san == "g3"


def test_words_after_the_last_game_that_hold_no_game_are_told_skipped() -> None:
    (game,) = parse_games("1. e4 e5 2. Nf3 Nc6\n\n1. Zzz is a bad opening, and 2. Qq worse.\n", "en")
    assert game.warnings == [
        "line 3: text after the last game skipped: '1. Zzz is a bad opening, and 2. Qq worse.'"
    ]
    # A last chunk that holds a game is that game.
    assert len(parse_games("1. e4 e5 2. Nf3 Nc6 1-0\n\n1. d4 d5 0-1\n", "en")) == 2


def test_a_capture_with_no_piece_written_is_the_only_capture_there_and_puts_the_game_in_doubt() -> None:
    # The figurines were images and did not copy: "7. xd5" is cxd5 or Nxd5, and the moves after it decide;
    # the text may have lost other figurines too (a piece move then reads as a pawn move), so every move is
    # in doubt.
    text = "1. d4 d5 2. c4 e6 3. Sc3 Sf6 4. Sf3 Sbd7 5. Lg5 Le7 6. e3 b6 7. xd5 Sxd5 8. Sxd5 exd5"
    (game,) = parse_games(text, "de")
    assert [ply.san for ply in game.plies][12:] == ["cxd5", "Nxd5", "Nxd5", "exd5"]
    assert game.doubtful_from == 1 and "may have lost its piece figurines" in game.warnings[0]
    # Where the moves after it do not decide, it is an error that names the candidates.
    (game,) = parse_games("1. e4 c5 2. Sf3 d6 3. d4 cxd4 4. xd4 Sf6 5. Sc3 a6", "sr")
    assert "no piece written" in str(game.error) and "S:d4, D:d4" in str(game.error)


def test_markdown_emphasis_is_markup_and_a_file_name_no_new_game() -> None:
    # A lesson kept as Markdown: `**` is bold, not the result `*`, and the `1.` of a picture's file name
    # starts no game (its words stay a comment, and the moves after it the game's).
    text = (
        "### Khalifman – Svěšnikov, Rusko 1996\n\n**1.d4 d5 2.c4 e6 3.Jf3 c6**\n\n"
        '<img src="../img/lesson_2_1_1.gif">\n\n**4.g3 Jf6**\n'
    )
    (game,) = parse_games(text, "sk")
    assert game.error is None, game.error
    assert [ply.san for ply in game.plies] == ["d4", "d5", "c4", "e6", "Nf3", "c6", "g3", "Nf6"]
    assert "lesson_2_1_1.gif" in game.plies[5].comment and game.result == "*"


def test_a_lesson_that_sets_its_game_in_bold_cites_other_lines_in_plain_words() -> None:
    # Bold is the game; the plain words between cite other lines and are comments, a bracket that stands
    # apart is a variation, one glued to a word (`De2(b5)`) the words'; a bold move may follow without number.
    text = (
        "### Lekcia 1\n\n**1.e4 e5 2.Jf3 Jc6 3.Sb5 a6**\n\nInou možnosťou je 3...Jf6 4.0-0 Jxe4 5.d4\n\n"
        "**4.Sa4 Jf6 5.0-0** (5.d3 b5 6.Sb3 d6)\n\nČastejšie sa hrá 5.Jc3 alebo aj 5.De2(b5).\n\n"
        "**Se7 6.Ve1 b5 7.Sb3 d6**\n"
    )
    (game,) = parse_games(text, "sk")
    assert game.error is None, game.error
    sans = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6"]
    assert [ply.san for ply in game.plies] == sans
    assert "Inou možnosťou je 3...Jf6 4.0-0 Jxe4 5.d4" in game.plies[5].comment
    assert [[ply.san for ply in line] for line in game.plies[8].variations] == [["d3", "b5", "Bb3", "d6"]]
    assert "5.De2(b5)" in " ".join(ply.comment for ply in game.plies[8:10])


def test_a_post_that_sets_its_game_in_italics_stresses_words_in_bold_and_leaves_a_bracket_open() -> None:
    # Italics are the game; bold stresses words (`**Fd7 gelmeden**` is no move); the plain words between cite
    # other lines, one of them in a bracket never closed before the next italic stretch; the front matter's
    # diagram of the final position sets up no game whose moves play from move 1.
    text = (
        '---\ntitle: "Günün İncisi"\ndiagram: "2br2k1/R2nbpp1/2qppn1p/1R6/4PPP1/2N5/2PKQBBP/8 w - - 0 25"\n---\n\n'
        "_1.e4 c5 2.Af3 d6_\n\n2...Ac6 3.d4 cxd4 4.Axd4 de sık oynanıyor.\n\n"
        "_3.d4 cxd4 4.Axd4!_\n\nAktif taş oyunu sürdürülmeli **Fd7 gelmeden**!\n\n"
        "[4...e5 5.Ab5 a6 6.Ad6+ Fxd6 7.Vxd6 ve beyaz üstün;\n\n4...g6 5.c4;\n\n_4...Af6 5.Ac3 a6_\n"
    )
    (game,) = parse_games(text, "tr")
    assert game.error is None, game.error
    assert "FEN" not in game.headers
    sans = ["e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6"]
    assert [ply.san for ply in game.plies] == sans


def test_a_game_set_as_a_table_with_column_rules_and_empty_cells() -> None:
    # A column printed as a table: `|` between the cells, `....` in a cell with no move (the note follows
    # White's move, and Black's comes on the next row under the same number).
    text = (
        "Радугин. | Дуз-Хотимирский. | |\n1. | с2—с4 | с7—с6 |\n2. | g2—g3 | d7—d5 |\n3. | Сf1—g2 | Кg8—f6 |\n"
        "4. | d2—d4 | .... |\nБелые не усваивают задуманного ими плана.\n4. | .... | Сс8—f5 |\n"
        "5. | Кb1—с3 | e7—e6 |\n"
    )
    (game,) = parse_games(text, "ru")
    assert game.error is None, game.error
    assert [ply.san for ply in game.plies] == ["c4", "c6", "g3", "d5", "Bg2", "Nf6", "d4", "Bf5", "Nc3", "e6"]
    assert game.plies[6].comment == "Белые не усваивают задуманного ими плана."
    # Elsewhere a `|` stays what it was: a line of its own between notes is no table.
    (game,) = parse_games("1. e4 c5\n|\nThe Sicilian.\n|\n2. Nc3 Nc6\n", "en")
    assert [ply.san for ply in game.plies] == ["e4", "c5", "Nc3", "Nc6"]


def test_a_lone_brace_in_the_words_before_a_game_is_a_speck_not_a_comment_to_the_end() -> None:
    # An OCR'd newspaper column: a problem's diagram left `{` among the words before the game, on the same
    # line. No `}` closes it and no other PGN mark is there: it is prose, and the game is read.
    text = "Sakk 1240. sz. feladvány • { 9 ff Matt 3 lépésben. Király—Orbán 1:0 1. e4, e5; 2. Hf3, Hc6; 3. Fb5, a6;"
    (game,) = parse_games(text, "hu")
    assert [ply.san for ply in game.plies] == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]
    # In PGN (a closed comment elsewhere) or after the first move, `{` still opens a comment to the end.
    (game,) = parse_games("1. e4 e5 2. Hf3 {jó lépés} Hc6 3. Fb5 {nem zárt 3... a6", "hu")
    assert [ply.san for ply in game.plies] == ["e4", "e5", "Nf3", "Nc6", "Bb5"]
    assert "comment not closed" in game.warnings[0]


def test_a_bracket_left_open_in_the_words_before_a_game_ends_where_a_line_starts_with_move_1() -> None:
    # A newspaper column's standings, one of whose brackets the typesetter never closed, then the heading
    # and the game on lines of their own with no blank line between: the game is read, not swallowed.
    text = (
        "Stav po IX. kole: 1. J. Kozma (Bratislava 7,5, 2. Tepper (Rimavská Sobota) 6, 3. Dr. Alster 5,5.\n"
        "Partia č. 5\n"
        "1.d4 Jf6 2.Jf3 d5 3.c4 e6 4.Sg5 Sb4+ 5.Jc3 (5.Jbd2 je slabé) 5...h6\n"
    )
    (game,) = parse_games(text, "sk")
    assert game.error is None
    assert [ply.san for ply in game.plies] == [
        "d4",
        "Nf6",
        "Nf3",
        "d5",
        "c4",
        "e6",
        "Bg5",
        "Bb4+",
        "Nc3",
        "h6",
    ]
    assert [ply.san for ply in game.plies[8].variations[0]] == ["Nbd2"]
    # Within the line, a number in the open bracket is still words: "2. Tepper" starts no game.
    (game,) = parse_games("Stav: 1. Kozma (Bratislava 7,5, 2. Tepper 6.\n1.e4 e5\n", "sk")
    assert [ply.san for ply in game.plies] == ["e4", "e5"]


def test_a_piece_letter_and_a_file_are_a_word_unless_a_digit_follows() -> None:
    (game,) = parse_games("1.e2-e4 e7-e5 2.Sf1-c4 (Je to najlepší ťah.) 2...Jg8-f6", "sk")
    assert game.error is None and game.plies[2].comment == "Je to najlepší ťah."
    (game,) = parse_games("1.e4 e5 2.Je 4", "sk")
    assert "'Je' is not a move" in str(game.error)
    # A damaged long form with no move after it, and no words either (OCR's garbage): as written, an error.
    (game,) = parse_games("1.e2-e4 e7-e5 2.Sg1-f3 Jr8-c6\n3. 02-04 7-05", "sk")
    assert game.error is not None and len(game.plies) == 3


def test_prose_between_moves_and_in_brackets_is_a_comment() -> None:
    text = "Biely: Šajtar – Čierny: Kottnauer\n1.d4 Jf6 2.c4 e6 (Najlepší ťah.) 3.Jc3 Dobrý ťah. 3...Sb4 1:0"
    (game,) = parse_games(text, "sk")
    assert (game.headers["White"], game.headers["Black"], game.result) == ("Šajtar", "Kottnauer", "1-0")
    assert game.plies[3].comment == "Najlepší ťah." and game.plies[4].comment == "Dobrý ťah."
    assert len(game.plies) == 6


@pytest.mark.parametrize(
    ("text", "sans"),
    [
        ("1 d4 d5 2 c4 e6 3 Jc3 Jf6 4 Sg5 Se7 5 e3 0 0", "O-O"),
        ("1) e4 e5 2) Jf3 Jc6 3) Sc4 Sc5 4) 00", "O-O"),
        ("1.e4 d5 2.ed Dxd5", "Qxd5"),
        ("1.e4 e5 2.Df3 Jc6 3.Sc4 d6 4.Dxf7 mat", "Qxf7#"),
        ("1.e4 e5 2.Df3 Jc6 3.Sc4 d6 4.D:f7++", "Qxf7#"),
        # The word for check after a checking move (a translation's `šach`, `šah`, `szach`, `Schach`, `шах`,
        # `sakk`): before, prose, and the rest of the game a comment.
        ("1.e4 f5 2.Dh5 šach g6 3.Dxg6 šach hxg6", "hxg6"),
        ("1.e4 f5 2.Dh5 Schach g6", "g6"),
        ("1.e4 f5 2.Dh5 szach g6", "g6"),
    ],
)
def test_spellings_of_print_and_copy_paste(text: str, sans: str) -> None:
    (game,) = parse_games(text, "sk")
    assert game.error is None and game.plies[-1].san == sans


def test_a_fonts_figurine_learned_before_the_others_is_tried_again_once_they_are_known() -> None:
    # The rook's glyph first moves to b8, where the queen can go too; while the king's glyph after it is not
    # known, the queen reads further by chance. Before, the rook's glyph stayed the queen and the game stopped at
    # 22... Rfd8, read as Qfd8.
    glyphs = {"N": "\ue027", "B": "\ue028", "Q": "\ue02c", "R": "\ue023", "K": "\ue022"}
    text = written_with(BORISOV_POPOV, glyphs, ". ")
    (game,) = parse_games(text + " *", "sr")
    assert game.error is None and [ply.san.rstrip("+#") for ply in game.plies] == BORISOV_POPOV
    assert "U+E023 as the rook" in game.warnings[0]


def test_a_variation_with_a_word_that_is_no_move_is_kept_as_a_comment_and_the_game_goes_on() -> None:
    # A figurine left as OCR read it in a variation (`..ta6`): before, the game stopped there, as it does in
    # the main line.
    (game,) = parse_games("1 e4 e5 2 Jf3 Jc6 3 Sc4 (3 ..ta6 ba6 4 h3 De7 ?!) 3... Sc5 4 c3 *", "sk")
    assert [ply.san for ply in game.plies] == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3"]
    assert game.error is None and game.plies[4].comment == "3 ..ta6 ba6 4 h3 De7 ?!"
    assert game.warnings == [
        "line 1, column 25: variation 3.Sc4 (variation 1): 'ta6' is not a move; kept as a comment"
    ]


def test_the_word_for_check_is_a_mark_after_a_checking_move_and_prose_after_another() -> None:
    (game,) = parse_games("1.e4 f5 2.Dh5 šach g6 3.Jf3 šach je hra *", "sk")
    assert [ply.san for ply in game.plies] == ["e4", "f5", "Qh5+", "g6", "Nf3"]
    assert game.plies[2].warnings == () and game.plies[2].comment == ""
    assert game.plies[-1].comment == "šach je hra"
    # Russian `шах`, its letters folded to the Latin ones they look like (`шax`): before, a word, and the game
    # ended in a comment at the second.
    (game,) = parse_games("1. e4 f5 2. Фh5 шах g6 3. Фxg6 шах hxg6 *", "ru")
    assert [ply.san for ply in game.plies] == ["e4", "f5", "Qh5+", "g6", "Qxg6+", "hxg6"]
    assert all(not ply.comment for ply in game.plies)


def test_parse_move_for_a_single_written_move() -> None:
    board = chess.Board()
    assert parse_move(board, "Jf3", "sk") == chess.Move.from_uci("g1f3")
    assert parse_move(board, "Sf3", "sr") == chess.Move.from_uci("g1f3")
    with pytest.raises(IllegalMoveError):
        parse_move(board, "Jf4", "sk")
    with pytest.raises(NotationSyntaxError):
        parse_move(board, "1. e4", "sk")


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "cp1250", "iso-8859-2"])
def test_encodings(encoding: str, tmp_path: object) -> None:
    import io

    text = '[Event "Žilina, šach, ľavý, ťah"]\n\n1. e4 e5 2. Jf3 {ťažký ťah} Jc6 1-0\n'
    raw = text.encode(encoding)
    assert detect_encoding(io.BytesIO(raw)) == encoding
    (game,) = read_games(decode_lines(io.BytesIO(raw), "test"), "sk")
    assert game.headers["Event"] == "Žilina, šach, ľavý, ťah"
    assert game.plies[2].comment == "ťažký ťah"


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32"])
def test_wide_encodings_with_or_without_a_byte_order_mark(encoding: str) -> None:
    import io

    text = '[Event "Žilina"]\n\n1. e4 e5 2. Jf3 {ťah} Jc6 1-0\n'
    (game,) = read_games(decode_lines(io.BytesIO(text.encode(encoding)), "test"), "sk")
    assert game.headers["Event"] == "Žilina" and len(game.plies) == 4 and game.error is None


def test_the_encoding_is_decided_on_the_whole_input() -> None:
    import io

    # A UTF-8 start and a Windows-1250 header far beyond the first block: the file is Windows-1250.
    games = "".join(f'[Round "{n}"]\n\n1. e4 e5 1-0\n\n' for n in range(8000))
    raw = games.encode("ascii") + '[Event "Žilina"]\n\n1. d4 d5 0-1\n'.encode("cp1250")
    read = list(read_games(decode_lines(io.BytesIO(raw), "test"), "sk"))
    assert len(read) == 8001 and read[-1].headers["Event"] == "Žilina"


def test_an_undecodable_byte_is_reported_on_its_own_line() -> None:
    import io

    # 0x98 is undefined in Windows-1250, which the Czech letters choose over ISO-8859-2.
    raw = "1. e4 e5 {čšť} 1-0\n".encode("cp1250") * 40 + b"1. d4 \x98 1-0\n"
    with pytest.raises(InputError, match=r"^test: line 41 is not valid cp1250"):
        list(read_games(decode_lines(io.BytesIO(raw), "test"), "cs"))


def test_dos_end_of_file_mark_and_unicode_spaces_are_harmless() -> None:
    import io

    text = "1.\u2009e4\u00a0e5 2.\u2003Jf3\u200bJc6 1-0\n\x1a"
    (game,) = read_games(decode_lines(io.BytesIO(text.encode("utf-8")), "test"), "sk")
    assert [ply.san for ply in game.plies] == ["e4", "e5", "Nf3", "Nc6"] and game.error is None


def test_a_figurine_fonts_private_codes_and_invisible_marks_read_as_what_they_show() -> None:
    import io

    # U+F04E and U+F042: the N and B of a figurine font, as a PDF's text yields them; a soft hyphen, a zero-width
    # non-joiner and a ligature.
    text = "1.e4 e5 2.\uf04ef3 Jc6 3.\uf042b5 a\u00ad6 4.S\u200ca4 Jf6 {\ufb01nale} *\n"
    (game,) = read_games(decode_lines(io.BytesIO(text.encode("utf-8")), "test"), "sk")
    assert [ply.san for ply in game.plies] == RUY_LOPEZ[:8]
    assert game.plies[-1].comment == "finale"


def test_a_zero_width_space_inside_a_square_or_a_number_splits_nothing_and_fraction_slashes_are_slashes() -> (
    None
):
    import io

    # Between moves a zero-width space parts them; inside `e4` or `11.` it shows nothing and parts nothing.
    text = "1.e\u200b4 e5 2.Jf3\u200bJc6 3.Sb5 a6 4.Sa4 Jf6 5.O-O Se7 6.Ve1 b5 7.Sb3 d6 8.c3 O-O 9.h3 Jb8 10.d4 Jbd7\n"
    text += "1\u200b1.Jbd2 Sb7 1\u20442-1\u20442\n"
    (game,) = read_games(decode_lines(io.BytesIO(text.encode("utf-8")), "test"), "sk")
    assert game.error is None and len(game.plies) == 22 and game.result == "1/2-1/2"
    # So does a zero-width no-break space (a web page's `e\ufeff5`): before, it read as a space, `e 5`.
    (game,) = read_games(
        decode_lines(io.BytesIO(text.replace("\u200b", "\ufeff").encode("utf-8")), "t"), "sk"
    )
    assert game.error is None and len(game.plies) == 22


def test_utf8_text_once_decoded_as_a_windows_code_page_is_put_right() -> None:
    import io

    # A page's UTF-8 read as Windows-1252 and saved again: the dash and the halves are two or three letters each.
    text = "Petrosian \u00e2\u20ac\u201d Fischer\n1.e4 e5 2.Jf3 Jc6 3.Sb5 a6 \u00c2\u00bd\u00e2\u20ac\u201c\u00c2\u00bd\n"
    (game,) = read_games(decode_lines(io.BytesIO(text.encode("utf-8")), "test"), "sk")
    assert (game.headers["White"], game.headers["Black"]) == ("Petrosian", "Fischer")
    assert [ply.san for ply in game.plies] == RUY_LOPEZ[:6] and game.result == "1/2-1/2"


def test_utf8_text_once_decoded_as_windows_1250_is_put_right() -> None:
    import io

    # A Czech page's UTF-8 shown as Windows-1250: `výhodou` as `vĂ˝hodou`, the í of `Rozhodující` as `Ă` and a
    # soft hyphen, which must not be dropped before the letter is put together again.
    note = "Rozhodující chyba, s výhodou černého."
    garbled = note.encode("utf-8").decode("cp1250")
    assert garbled != note
    text = f"1.e4 e5 2.Jf3 Jc6 {{{garbled}}} 3.Sb5 a6\n"
    (game,) = read_games(decode_lines(io.BytesIO(text.encode("utf-8")), "test"), "cs")
    assert [ply.san for ply in game.plies] == RUY_LOPEZ[:6] and game.plies[3].comment == note


def test_html_character_references_of_a_copied_page_source_are_the_characters_they_name() -> None:
    import io

    text = "1) d2-d4&nbsp;Jg8-f6 2) c2-c4 e7-e6 {Q&amp;A} 3) Jb1-c3 &#8211; Sf8-b4 *\n"
    (game,) = read_games(decode_lines(io.BytesIO(text.encode("utf-8")), "test"), "cs")
    assert [ply.san for ply in game.plies] == ["d4", "Nf6", "c4", "e6", "Nc3", "Bb4"]
    assert game.plies[3].comment == "Q&A"
    # A source escaped twice ("&amp;ndash;" for the en dash of "0–0"): before, castling was lost.
    text = "1) d2-d4 Jg8-f6 2) c2-c4 e7-e6 3) Jg1-f3 Sf8-e7 4) g2-g3 0&amp;ndash;0 *\n"
    (game,) = read_games(decode_lines(io.BytesIO(text.encode("utf-8")), "test"), "cs")
    assert [ply.san for ply in game.plies][-1] == "O-O" and game.error is None


def test_formatting_tags_of_a_copied_page_or_post_are_blanks() -> None:
    import io

    # A move set in bold on a forum (`[b]`) or in a page's source (`<b>`), glued to the move number before it.
    text = "1) d2-d4 Jg8-f6 2)<b>c2-c4</b> [b]e7-e6[/b] 3) Jb1-c3 <strong>Sf8-b4</strong> *\n"
    (game,) = read_games(decode_lines(io.BytesIO(text.encode("utf-8")), "test"), "cs")
    assert [ply.san for ply in game.plies] == ["d4", "Nf6", "c4", "e6", "Nc3", "Bb4"]
    assert game.error is None
    # The columns of what follows a tag are still those an editor shows.
    (bad,) = read_games(decode_lines(io.BytesIO(b"1) d2-d4 [b]Jg8-f6[/b] 2) Xc2-c4\n"), "test"), "cs")
    assert bad.error is not None and bad.error.column == 27


def test_full_width_fancy_and_other_scripts_look_alikes_are_the_characters_they_draw() -> None:
    import io

    # A keyboard left in its full-width mode, a "fancy text" converter's letters, other typefaces' dots and
    # dashes, and Cyrillic and Greek letters that look Latin inside the moves.
    text = (
        "\U0001d539\U0001d55a\U0001d556\U0001d55d\U0001d56a: Rapport\n"
        "１．ｅ４ e5 2\u2024 \U0001d541\U0001d557\U0001d7db Jc6 3\u3002 \u0405b5 a6 4. \u0405a4 Jf6 "
        "5. \u039f-\u039f \u0405e7 6. Ve1 b5 7. \u0405b3 d6 8. c3 0\u20150 9. h3 J\u03f2b8 10. d4 Jbd7 "
        "\u0417\u041e. Jbd2 S\u043ab7 *\n"
    )
    (game,) = read_games(decode_lines(io.BytesIO(text.encode("utf-8")), "test"), "sk")
    assert game.headers["White"] == "Rapport" and game.error is None and not game.warnings
    assert [ply.san for ply in game.plies][:20] == [
        *RUY_LOPEZ[:6],
        *["Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O", "h3", "Nb8", "d4", "Nbd7"],
    ]


def test_every_look_alike_character_is_folded_where_it_stands() -> None:
    from partiar.notation.text.encoding import _LOOK_ALIKES, _plain

    # Lines are searched for where a look-alike may stand before they are translated: none may be missed.
    for code, folded in _LOOK_ALIKES.items():
        expected = "ťah " + (folded if isinstance(folded, str) else "") + " Jf3"
        assert _plain(f"ťah {chr(code)} Jf3") == expected, hex(code)


def test_a_mails_quoted_printable_text_and_its_quotation_marks_are_read_through() -> None:
    import io

    # A game quoted in a reply whose source was copied: `=C4=8C` for Č, `=3D` for "=", a soft line break (a
    # line's last "=") inside a move, "> " before each quoted line, and the replier's words between them.
    text = (
        "Zdrav=C3=ADm,\n\n> B=C3=ADl=C3=BD: Kasparov\n> =C4=8Cern=C3=BD: Karpov\n>\n"
        "> 1) e4 e5 2) Jf3 Jc6 3) Sb5 a6 4) Sa4 Jf6 5) 0-0 Se7 6) Ve1 b5 7) Sb3 d6=\n"
        " 8) c3 0-0 9) h3 Jb8\n\nTady jsem nev=C4=9Bd=C4=9Bl, co d=C3=A1l.\n\n"
        "> 10) d4 Jbd7 11) Jbd2 Sb7 12) Sc2 =3D\n"
    )
    (game,) = read_games(decode_lines(io.BytesIO(text.encode("ascii")), "test"), "cs")
    assert (game.headers["White"], game.headers["Black"]) == ("Kasparov", "Karpov")
    assert len(game.plies) == 23 and game.error is None
    assert game.plies[17].comment == "Tady jsem nevěděl, co dál."
    # Later lines keep their numbers: the error of a move on line 11 names line 11.
    (bad,) = read_games(decode_lines(io.BytesIO(text.replace("Sc2", "Xc9").encode("ascii")), "test"), "cs")
    assert bad.error is not None and bad.error.line == 11
    # The mail's signature, after its `-- ` line, is no comment on the last move; the lines keep their numbers.
    signed = text.replace("=3D\n", "\n") + "\nZdrav=C3=ADm\n-- \nJana Nov=C3=A1\nTel. 0905 123 456\n"
    lines = list(decode_lines(io.BytesIO(signed.encode("ascii")), "test"))
    assert len(lines) == signed.count("\n") and lines[-3:] == ["\n"] * 3
    (game,) = read_games(lines, "cs")
    assert game.plies[-1].comment == "Zdravím" and game.error is None


def test_the_games_next_moves_after_their_number_and_a_paragraph_of_prose_are_the_games() -> None:
    # "4.", a paragraph, then White's and Black's moves and "5." (before, they were the paragraph's words).
    text = "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4.\n\nTady jsem nevedel, co dal.\n\nSa4 Jf6 5. 0-0 Se7 *\n"
    (game,) = parse_games(text, "cs")
    assert [ply.san for ply in game.plies] == [*RUY_LOPEZ[:6], "Ba4", "Nf6", "O-O", "Be7"]
    assert game.plies[5].comment == "Tady jsem nevedel, co dal."


def test_the_games_next_move_after_a_paragraph_of_prose_is_read_without_its_number() -> None:
    # Black's reply starts the line after the prose, its number left out, "9)" after it: the game goes on
    # (before, with "N)" numbers, the rest of the game became the comment, and nothing was said).
    text = "1) e4 e5 2) Jf3 Jc6 3) Sb5 a6 4) Sa4\n\nTady jsem nevedel, co dal.\n\nJf6 5) 0-0 Se7 *\n"
    (game,) = parse_games(text, "cs")
    assert [ply.san for ply in game.plies] == [*RUY_LOPEZ[:6], "Ba4", "Nf6", "O-O", "Be7"]
    assert game.plies[6].comment == "Tady jsem nevedel, co dal."


@pytest.mark.parametrize(
    "rows",
    [
        # A Markdown table, its rule under the column names, a cell's padding.
        "| Tah | Bílý | Černý |\n|---|---|---|\n| 1 | e4 | e5 |\n|  2  |  Jf3  |  Jc6  |\n| 3 | Sb5 | a6 |\n",
        # CSV from a spreadsheet: every cell quoted, an empty row, Excel's apostrophe before castling.
        '"Tah";"Bílý";"Černý"\n"1.";"e4";"e5"\n"";"";""\n"2.";"Jf3";"Jc6"\n"3.";"Sb5";"a6"\n"4.";"Sa4";"Jf6"\n'
        '"5.";"\'0-0";"Se7"\n',
        # Excel's numbers with their decimals, commas, tabs.
        "1.0;e4;e5\n2,0;Jf3;Jc6\n3,0;Sb5;a6\n",
        "1,e4,e5,\n2,Jf3,Jc6,dobrý tah\n3,Sb5,a6,\n",
        # A Markdown table with Excel's numbers, a row shifted by an empty cell, an empty row, the result's row.
        "| Tah | Bílý | Černý |\n|---|---|---|\n| 1.0 | e4 | e5 |\n| 2,0 |  | Jf3 | Jc6 |\n|  |  |  |\n"
        "| 3,0 | Sb5 | a6 |\n|  | Výsledek | 1-0 |\n",
        '"1"\t"e4"\t"e5"\n"2"\t"Jf3"\t"Jc6"\n"3"\t"Sb5"\t"a6"\n',
    ],
)
def test_a_score_exported_from_a_spreadsheet_or_set_as_a_table_is_read_row_by_row(rows: str) -> None:
    import io

    (game,) = read_games(decode_lines(io.BytesIO(rows.encode("utf-8")), "test"), "cs")
    sans = [ply.san for ply in game.plies]
    assert sans == [*RUY_LOPEZ, "Ba4", "Nf6", "O-O", "Be7"][: len(sans)] and len(sans) >= 6
    assert game.error is None
    # The result's label is no comment on the last move.
    assert [ply.comment for ply in game.plies if ply.comment] == (["dobrý tah"] if "dobrý" in rows else [])
    assert game.result == ("1-0" if "Výsledek" in rows else "*")


def test_a_tables_rows_of_a_label_and_its_value_are_the_heading() -> None:
    import io

    rows = (
        "| Bílý | Prokhorov,Igor |\n| Černý | Gunesli,Eymen |\n\n| Tah | Bílý | Černý |\n|---|---|---|\n"
        "| 1 | e4 | e5 |\n| 2 | Jf3 | Jc6 |\n"
    )
    csv = '"Bílý";"Prokhorov,Igor"\n"Černý";"Gunesli,Eymen"\n\n"Tah";"Bílý";"Černý"\n"1";"e4";"e5"\n"2";"Jf3";"Jc6"\n'
    for text in (rows, csv):
        (game,) = read_games(decode_lines(io.BytesIO(text.encode("utf-8")), "test"), "cs")
        assert (game.headers["White"], game.headers["Black"]) == ("Prokhorov, Igor", "Gunesli, Eymen"), text
        assert [ply.san for ply in game.plies] == RUY_LOPEZ[:4]


def test_a_line_that_only_starts_with_a_number_and_a_comma_is_no_table_row() -> None:
    from partiar.notation.text.tables import table_row

    for line in ("19, januari 1925", "1. e4, e5 2. Hf3, Hc6", "3; viz poznámku"):
        assert table_row(line) == line
    # Nor is a page's table of facts without its first bar, or a heading's columns parted by tabs.
    for line in (
        "Původ | Evans - McDonnell, Londýn 1826 |",
        "\tBiałe\t\t\tCzarne",
        "\tEdward Lasker\tJose Capablanca",
    ):
        assert table_row(line) == line


def test_a_score_set_in_columns_and_copied_row_by_row_is_read_down_its_columns() -> None:
    import io

    # Two columns of five rows (the second one short), as a book sets a score and its PDF gives it back;
    # then three columns parted by bars. Later lines keep their numbers.
    text = (
        "Bílý: Kasparov\n1. e4 e5     6. Ve1 b5\n2. Jf3 Jc6   7. Sb3 d6\n3. Sb5 a6    8. c3 0-0\n"
        "4. Sa4 Jf6   9. h3 Jb8\n5. 0-0 Se7\nXc9\n"
    )
    (game,) = read_games(decode_lines(io.BytesIO(text.encode("utf-8")), "test"), "cs")
    assert [ply.san for ply in game.plies] == [
        *RUY_LOPEZ[:6],
        *["Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O", "h3", "Nb8"],
    ]
    assert game.error is not None and game.error.line == 7
    text = "1 e4 e5 | 3 Sb5 a6 | 5 0-0 Se7\n2 Jf3 Jc6 | 4 Sa4 Jf6 | 6 Ve1\n"
    (game,) = read_games(decode_lines(io.BytesIO(text.encode("utf-8")), "test"), "cs")
    assert [ply.san for ply in game.plies] == [*RUY_LOPEZ[:6], "Ba4", "Nf6", "O-O", "Be7", "Re1"]
    # Each number written against its move, the last columns ending a row earlier (before, read row by row).
    text = "1.e2-e4 e7-e5    3.Sf1-b5 a7-a6  5.0-0\n2.Jg1-f3 Jb8-c6  4.Sb5-a4 Jg8-f6\n"
    (game,) = read_games(decode_lines(io.BytesIO(text.encode("utf-8")), "test"), "cs")
    assert [ply.san for ply in game.plies] == [*RUY_LOPEZ[:6], "Ba4", "Nf6", "O-O"]


def test_lines_of_moves_in_their_order_are_not_taken_for_columns() -> None:
    from partiar.notation.text.columns import read_columns_apart, read_down

    lines = ["1. e4 e5 2. Jf3 Jc6\n", "3. Sb5 a6 4. Sa4 Jf6\n", "1 Kasparov 5 3 Karpov 4\n", "5. 0-0 Se7\n"]
    assert list(read_down(lines)) == lines
    assert list(read_columns_apart(lines)) == lines
    # A main line with a variation on every other line: no two columns.
    lines = ["1. e4 e5 2. Jf3 Jc6\n", "(2... d6 3. d4)\n", "3. Sb5 a6 4. Sa4\n", "(4. Sxc6 dxc6)\n"]
    lines += ["4... Jf6 5. 0-0\n", "(5. d3 b5)\n", "5... Se7 *\n"]
    assert list(read_columns_apart(lines)) == lines
    # A book's variations set as lines of their own, without brackets, each going back to the move it
    # replaces: every other line is the main line's, but each "column" would play a ply twice ("6.Vg1", then
    # "6.a5"). Before, the lines were taken for two columns and the main line read 5...Jd5 for 5...Jc6.
    lines = ["1.e4 c5 2.Jf3 d6 3.Sb5 Sd7 4.a4 Jf6 5.Jc3\n", "Jc6\n", "5...Jd5 6.Vg1 ∓\n", "6.d4\n"]
    lines += ["6.a5 Jb8 7.Jd5 Db6 ±\n", "6...cxd4 7.Jxd4 g6 8.h3 Sg7\n", "8...Sf5 9.exf5 a6 +-\n"]
    lines += ["9.Se3 0-0 10.0-0 *\n"]
    assert list(read_columns_apart(lines)) == lines
    (game,) = read_games(lines, "sk")
    main_line = ["Nc3", "Nc6", "d4", "cxd4", "Nxd4", "g6", "h3", "Bg7", "Be3", "O-O", "O-O"]
    assert [ply.san for ply in game.plies][8:] == main_line


def test_two_columns_of_a_page_read_across_are_read_column_by_column() -> None:
    import io

    # A bulletin's two columns copied line by line: a line of one game, then the line beside it of the other.
    # Before, the two games' lines were read as they came: the second heading named the first game's players.
    text = (
        "Kasparov – Karpov\n"
        "Anand – Carlsen\n"
        "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6\n"
        "1. d4 d5 2. c4 e6 3. Jc3 Jf6\n"
        "4. Sa4 Jf6 5. 0-0 Se7 6. Ve1 b5\n"
        "4. Sg5 Se7 5. e3 0-0 6. Jf3 h6\n"
        "7. Sb3 d6 8. c3 0-0 1-0\n"
        "7. Sh4 b6\n"
        "½-½\n"
    )
    first, second = read_games(decode_lines(io.BytesIO(text.encode("utf-8")), "test"), "sk")
    assert (first.headers["White"], first.headers["Black"], first.result) == (
        "Kasparov",
        "Karpov",
        "1-0",
    )
    assert [ply.san for ply in first.plies] == [
        *RUY_LOPEZ[:6],
        *["Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O"],
    ]
    assert (second.headers["White"], second.result) == ("Anand", "1/2-1/2")
    assert [ply.san for ply in second.plies] == [
        *["d4", "d5", "c4", "e6", "Nc3", "Nf6", "Bg5", "Be7", "e3", "O-O", "Nf3", "h6", "Bh4", "b6"],
    ]
    assert first.error is None and second.error is None


def test_two_columns_read_across_are_parted_where_kerning_broke_a_lines_moves_apart() -> None:
    import io

    # The end of a game begun on an earlier page beside this page's game, read across; a line of the game has
    # a move a PDF's kerning broke apart (`15.Vb e2`). Before, that line's numbers were not counted, the
    # game's numbers jumped from 14 to 17, and the page was read across as it came.
    text = (
        "Levin – Kataev\n"
        "21...Dc7 22.Sb3 Je8\n"
        "1.d4 Jf6 2.c4 e6 3.Jc3\n"
        "23.Dxb4 Se6 24.Sxe6 fxe6\n"
        "Sb4 4.e3 0-0 5.Jf3\n"
        "25.Db3 Dd7 26.Jg4 Df7\n"
        "Sxc3+ 6.bxc3 d6 7.Sd3\n"
        "27.Vd3 Kh8 28.Vg1 Vc8\n"
        "Ve8 8.e4 e5 9.0-0 Sg4\n"
        "29.Kb1 Dd7 30.Sg5 Vc5\n"
        "10.Ve1 Jbd7 11.Vb1 h6\n"
        "31.Sd2 Dc6 32.Sb4 Vc4\n"
        "12.h3 Sh5 13.Vb2 a5 14.g4\n"
        "33.Dxc4 1-0\n"
        "Sg6 15.Vb e2 c6 16.Sc2\n"
        "Dc7 17.Sb3 ½-½\n"
    )
    lines = list(decode_lines(io.BytesIO(text.encode("utf-8")), "test"))
    assert [line.split()[0] for line in lines] == [
        *["Levin", "1.d4", "Sb4", "Sxc3+", "Ve8", "10.Ve1", "12.h3", "Sg6", "Dc7"],
        *["21...Dc7", "23.Dxb4", "25.Db3", "27.Vd3", "29.Kb1", "31.Sd2", "33.Dxc4"],
    ]
    first, *_ = read_games(lines, "sk")
    assert (first.headers["White"], first.plies[27].san) == ("Levin", "Bg6")


def test_two_columns_side_by_side_as_a_pages_layout_kept_are_read_column_by_column() -> None:
    import io

    # A page's layout kept (`pdftotext -layout`): a game in the left column, the previous game's end in the
    # right one. Before, each line was read across: the right column's moves were skipped as a cited line.
    text = (
        "Anand – Carlsen            (dokončenie)\n"
        "1. d4 d5 2. c4 e6          33. Kb1 Kb8 34. Kc1 Kc8\n"
        "3. Jc3 Jf6 4. Sg5 Se7      35. Kb1 Kb8 36. Kc1 Kc8\n"
        "5. e3 0-0 6. Jf3 h6        37. Kb1 Kb8 ½-½\n"
        "7. Sh4 b6 ½-½\n"
        "\n"
        "Xc9\n"
    )
    lines = list(decode_lines(io.BytesIO(text.encode("utf-8")), "test"))
    left = [
        "Anand – Carlsen",
        "1. d4 d5 2. c4 e6",
        "3. Jc3 Jf6 4. Sg5 Se7",
        "5. e3 0-0 6. Jf3 h6",
        "7. Sh4 b6 ½-½",
    ]
    assert lines[:5] == [f"{line}\n" for line in left]
    # The right column's line takes the blank line's place: the lines after keep their numbers.
    assert lines[5:] == [
        "(dokončenie) 33. Kb1 Kb8 34. Kc1 Kc8 35. Kb1 Kb8 36. Kc1 Kc8 37. Kb1 Kb8 ½-½\n",
        "Xc9\n",
    ]
    first, *_ = read_games(lines, "sk")
    assert (first.headers["White"], first.result, first.error) == ("Anand", "1/2-1/2", None)
    assert [ply.san for ply in first.plies] == [
        *["d4", "d5", "c4", "e6", "Nc3", "Nf6", "Bg5", "Be7", "e3", "O-O", "Nf3", "h6", "Bh4", "b6"],
    ]
    # A left line whose moves a PDF's kerning broke apart (`3.J c3 Jf6 4.S g5`) is still the column's line of
    # moves 3 and 4, its moves joined: before, its numbers were not counted, the column's numbers jumped from 2
    # to 5, and the page was read across.
    broken = text.replace("3. Jc3 Jf6 4. Sg5 Se7 ", "3.J c3 Jf6 4.S g5 Se7  ")
    lines = list(decode_lines(io.BytesIO(broken.encode("utf-8")), "test"))
    assert lines[2] == "3.Jc3 Jf6 4.Sg5 Se7\n" and lines[5].startswith("(dokončenie) 33. Kb1")
    # The columns joined with one blank, as a PDF's text gives them: the right column starts where the numbers
    # jump, or with Black's move its line before left due (`Kc8` after `36. Kc1`).
    joined = (
        "Anand – Carlsen (dokončenie)\n"
        "1. d4 d5 2. c4 e6 33. Kb1 Kb8 34. Kc1 Kc8\n"
        "3. Jc3 Jf6 4. Sg5 Se7 35. Kb1 Kb8 36. Kc1\n"
        "5. e3 0-0 6. Jf3 h6 Kc8 37. Kb1 Kb8 ½-½\n"
        "7. Sh4 b6 ½-½\n"
    )
    lines = list(decode_lines(io.BytesIO(joined.encode("utf-8")), "test"))
    assert lines[:5] == [
        *["Anand – Carlsen (dokončenie)\n", "1. d4 d5 2. c4 e6\n", "3. Jc3 Jf6 4. Sg5 Se7\n"],
        *["5. e3 0-0 6. Jf3 h6\n", "7. Sh4 b6 ½-½\n"],
    ]
    assert lines[5] == "33. Kb1 Kb8 34. Kc1 Kc8 35. Kb1 Kb8 36. Kc1 Kc8 37. Kb1 Kb8 ½-½\n"


@pytest.mark.parametrize(("mark", "locale"), [("opr.", "cs"), ("ispr.", "sr"), ("corr.", "en")])
def test_a_move_a_transcriber_marked_as_corrected_is_struck(mark: str, locale: str) -> None:
    import io

    # A volunteer's transcription of a scoresheet: the move the player wrote first, then the word for its
    # correction and the move that replaced it. Before, both were read, the game stopping or read otherwise.
    knight = {"cs": "J", "sr": "S", "en": "N"}[locale]
    text = f"1. c4 {knight}f6\n2. {knight}c3 e5\n3. g3 d5 {mark} d6\n4. d4 exd4 *\n"
    lines = list(decode_lines(io.BytesIO(text.encode("utf-8")), "test"))
    assert lines[2] == "3. g3 " + " " * len(f"d5 {mark}") + " d6\n"
    (game,) = read_games(lines, locale)
    assert [ply.san for ply in game.plies] == ["c4", "Nf6", "Nc3", "e5", "g3", "d6", "d4", "exd4"]
    # The word after a word is prose, kept.
    words = f"viz {mark} vydání 1. c4 e5 *\n"
    assert list(decode_lines(io.BytesIO(words.encode("utf-8")), "test")) == [words]


def test_a_move_a_transcriber_wrote_before_its_correction_and_a_slash_is_struck() -> None:
    import io

    # `3.Sf1-c4/Sf1-b5`: the move the player wrote first, a slash, and the move that replaced it. Before, the
    # strict reader read Bc4 and stopped at 4.Sb5-a4; --lenient read Bb5 but flagged it and the move after it.
    text = "1.e2-e4 e7-e5 2.Jg1-f3 Jb8-c6 3.Sf1-c4/Sf1-b5 a7-a6 4.Sb5-a4 Jg8-f6\n5.0-0 Sf8-e7 6.Vf1-e1/Dd1-e2 *\n"
    lines = list(decode_lines(io.BytesIO(text.encode("utf-8")), "test"))
    assert lines[0].startswith("1.e2-e4 e7-e5 2.Jg1-f3 Jb8-c6 3." + " " * len("Sf1-c4/") + "Sf1-b5 a7-a6")
    (game,) = read_games(lines, "sk")
    assert [ply.san for ply in game.plies] == [*RUY_LOPEZ[:8], "O-O", "Be7", "Qe2"]
    # So after a note in brackets (the clock: `6.Vf1-e1 [16'] Sf8-e7/Sf8-d6`); before, both were kept.
    clocked = text.replace("5.0-0 Sf8-e7 6.Vf1-e1/Dd1-e2", "5.0-0 [16'] Sf8-d6/Sf8-e7 6.Dd1-e2")
    (game,) = read_games(decode_lines(io.BytesIO(clocked.encode("utf-8")), "test"), "sk")
    assert [ply.san for ply in game.plies] == [*RUY_LOPEZ[:8], "O-O", "Be7", "Qe2"]
    # In prose a slash parts two moves the sentence names: both kept.
    words = "Zuckertort mit b3/Lb2 ohne c3, die Bauern auf c3/d4/e3. Droht 8. Lxf7+ Ke7/d7 9. De6#\n"
    assert list(decode_lines(io.BytesIO(words.encode("utf-8")), "test")) == [words]


def test_a_board_viewers_script_on_a_page_is_the_game_it_is_given() -> None:
    import io

    # A club's post (tests/data/real44/nl-002): the score is a string in the script of a board viewer; before,
    # its "{pgn: '" opened a comment and the moves of a sentence further down were read as the game.
    text = (
        'Kjell speelde met wit.\n\n<div id="board"></div>\n'
        "<script>config = {pgn: '1. d4 g6 2. Nf3 Bg7 3. g3 c5 {opgave}', position: 'start', locale: 'nl', "
        "headers: false};PGNV.pgnView('board', config);</script>\n\nHet begin is vrij passief.\n"
    )
    (game,) = read_games(decode_lines(io.BytesIO(text.encode("utf-8")), "test"), "nl")
    assert [ply.san for ply in game.plies] == ["d4", "g6", "Nf3", "Bg7", "g3", "c5"]
    assert game.plies[-1].comment.startswith("opgave") and "config" not in game.plies[-1].comment


def test_unicode_hyphens_read_as_the_hyphen_minus() -> None:
    import io

    # A web page's no-break hyphen in castling, a minus sign in the result, a figure dash in the long form.
    text = "1.e4 e5 2.Sf3 Sc6 3.Lc4 Lc5 4.O\u2011O Sf6 5.d2\u2012d3 d6 1\u22120\n"
    (game,) = read_games(decode_lines(io.BytesIO(text.encode("utf-8")), "test"), "de")
    assert [ply.san for ply in game.plies][6:] == ["O-O", "Nf6", "d3", "d6"]
    assert game.result == "1-0" and game.error is None


def test_streaming_reports_a_bad_game_before_reading_on() -> None:
    consumed: list[int] = []

    def lines() -> Iterator[str]:
        games = ["1. e4 e5 1-0", "1. d4 d5 1-0", "1. e4 Jf4 1-0", "1. c4 c5 1-0"]
        for number, game in enumerate(games, 1):
            consumed.append(number)
            yield game
            yield ""

    reader = read_games(lines(), "sk")
    assert next(reader).error is None
    assert next(reader).error is None
    third = next(reader)
    assert isinstance(third.error, IllegalMoveError)
    assert consumed == [1, 2, 3, 4]  # the fourth game's first line ends the third game; nothing more was read


@pytest.mark.slow
def test_memory_does_not_grow_with_the_number_of_games() -> None:
    import io
    import tracemalloc

    from partiar.notation import write_pgn

    game_text = "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sa4 Jf6 5. 0-0 Se7 6. Ve1 b5 7. Sb3 d6 1/2-1/2\n\n"

    def peak(games: int) -> int:
        lines = (line for _ in range(games) for line in game_text.splitlines(keepends=True))
        sink = io.StringIO()
        tracemalloc.start()
        for game in read_games(lines, "sk"):
            write_pgn(game, sink)
            sink.seek(0)
            sink.truncate()
        _, top = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        return top

    small, large = peak(50), peak(2000)
    assert large < small * 1.5 + 64 * 1024


def test_a_comment_before_the_first_move_stays_with_its_game() -> None:
    text = (
        '[White "Barnes"]\n[Black "Horton"]\n\n{Before the moves.}\n\n1. e4 e5 2. Nf3 1-0\n\n1. d4 d5 0-1\n'
    )
    first, second = parse_games(text, "en")
    assert (
        first.headers["White"] == "Barnes" and first.comment == "Before the moves." and len(first.plies) == 3
    )
    assert not second.headers and len(second.plies) == 2


@pytest.mark.parametrize(
    "written",
    [
        '[FEN="5bk1/5p1p/Q5p1/1B4n1/8/2q1p3/6PP/3R2K1 b - - 0 1"]',
        "FEN: 5bk1/5p1p/Q5p1/1B4n1/8/2q1p3/6PP/3R2K1 b - - 0 1",
        "5bk1/5p1p/Q5p1/1B4n1/8/2q1p3/6PP/3R2K1 b",
    ],
)
def test_a_position_written_before_the_moves_starts_the_game(written: str) -> None:
    text = f"Negras juegan y ganan.\n{written}\nLa partida siguió: 1...e2! 2.Axe2 De3+ 3.Rh1 Ch3! 0-1"
    game = parse_games(text, "es")[0]
    assert game.error is None and not game.warnings
    assert game.start_fen == "5bk1/5p1p/Q5p1/1B4n1/8/2q1p3/6PP/3R2K1 b - - 0 1"
    assert [ply.san for ply in game.plies] == ["e2", "Bxe2", "Qe3+", "Kh1", "Nh3"]


def test_a_lessons_diagram_numbers_its_fragment_from_move_1_and_the_words_above_the_bold_game_are_words() -> (
    None
):
    # A Markdown lesson: the diagram's FEN says move 21, the text numbers the fragment from 1, and the
    # words before the bold game cite `1.Jf3` (the game's real first move, legal here too) and `1.Vxd5`.
    text = (
        "### Anand - Karpov, Las Palmas 1996\n\n"
        "```rn3rk1/2q2ppp/b2b4/1R1pN3/3P1B2/3B4/5PPP/3Q1RK1 w - - 5 21```\n\n"
        "Anand zvolil 1.Jf3 a po dvadsiatich ťahoch sa partia dostala na diagram. S 1.Vxd5 môže získať pešiaka.\n\n"
        "**1.Sxh7+ Kxh7 2.Dh5+ Kg8 3.Vb3! Sxe5?**\n\nPrehráva.\n\n**4.Vh3 f6 5.dxe5**\n"
    )
    (game,) = parse_games(text, "sk")
    assert game.error is None, game.error
    sans = ["Bxh7+", "Kxh7", "Qh5+", "Kg8", "Rb3", "Bxe5", "Rh3", "f6", "dxe5"]
    assert [ply.san for ply in game.plies] == sans
    assert game.start_fen == "rn3rk1/2q2ppp/b2b4/1R1pN3/3P1B2/3B4/5PPP/3Q1RK1 w - - 5 1"
    assert [ply.number for ply in game.plies[:3]] == [1, 1, 2]
    assert game.headers["White"] == "Anand" and game.headers["Black"] == "Karpov"
    assert any("its move 21 is move 1 here" in warning for warning in game.warnings)
    # Where the text numbers on from the position's move, nothing changes.
    (game,) = parse_games("rn3rk1/2q2ppp/b2b4/1R1pN3/3P1B2/3B4/5PPP/3Q1RK1 w - - 5 21\n21.Sxh7+ Kxh7", "sk")
    assert game.start_fen.endswith(" 5 21") and not game.warnings


def test_a_markdown_escaped_dot_after_a_move_number_is_the_numbers_dot() -> None:
    # A story in Markdown: a paragraph that starts with a move number escapes its dot (no list item).
    text = (
        "Vyšlo z toho 1. e4 e5 2. Jf3 Jc6 3. Sc4 Jf6 4. Jg5.\n\nČerný zahrál 4. … Sc5.\n\nTraxlerův útok.\n\n"
        "A na šachovnici se objevila hodně divoká pozice.\n\n5\\. Jxf7 Sxf2+ 6. Kxf2\n"
    )
    (game,) = parse_games(text, "cs")
    assert game.error is None, game.error
    assert [ply.san for ply in game.plies][-3:] == ["Nxf7", "Bxf2+", "Kxf2"]


def test_a_misprint_one_letter_away_from_the_one_move_after_which_the_game_goes_on_is_read_with_a_warning() -> (
    None
):
    # `23.V:c2 Df5` in a bulletin for Da5: only the queen's move to a5 lets `24.Vc7 Vfe8 25.V:b7` be played.
    moves = (
        "1.d4 Jf6 2.c4 e6 3.Jc3 d5 4.Sg5 c6 5.e3 Jbd7 6.Jf3 Da5 7.c:d5 e:d5 8.Sd3 Je4 9.0-0 J:g5 10.J:g5 Dd8 "
        "11.f4 Jf6 12.Dc2 Sb4 13.Kh1 h6 14.Jf3 0-0 15.Je5 c5 16.a3 S:c3 17.D:c3 c4 18.Sc2 Sd7 19.a4 Vc8 "
        "20.b3 c:b3 21.D:b3 Sf5 22.Vfc1 S:c2 23.V:c2 Df5 24.Vc7 Vfe8 25.V:b7 Vc2"
    )
    (game,) = parse_games(moves, "sk")
    assert game.error is None, game.error
    assert [ply.san for ply in game.plies][45:] == ["Qa5", "Rc7", "Rfe8", "Rxb7", "Rc2"]
    assert game.plies[45].warnings[0].startswith("cannot be played; read as Qa5, the only move a slip")
    # Where no move a slip away lets the written moves after it be played, it stops as before.
    (game,) = parse_games(moves.replace("Df5 24.Vc7", "Df5 24.d3"), "sk")
    assert isinstance(game.error, IllegalMoveError)
    # So it does where the moves went on after words a few plies before: a line the prose cites.
    (game,) = parse_games(moves.replace("23.V:c2", "Silnejšie bolo 23.V:c2"), "sk")
    assert isinstance(game.error, IllegalMoveError)


def test_a_move_alone_on_its_line_after_a_cited_line_is_the_games_when_its_alternative_follows_as_a_note() -> (
    None
):
    # An annotator's layout: the game's moves on lines of their own, notes below. "Liever 9. a4 of 9. Lb3"
    # cites White's alternatives; "9…La7" alone on the next line is the game's move (La7 would also answer
    # the cited 9. Lb3), and "9…Pe7 kan ook wel" under the same number is a note on another.
    text = (
        "1.e4 e5 2.Pf3 Pc6 3.Lc4 Lc5 4.0-0 Pf6 5.d3 d6 6.c3 0-0 7.Te1 a5 8.Pbd2 Le6 9.Lb5\n"
        "Liever 9. a4 of 9. Lb3\n9…La7\n9…Pe7 kan ook wel.\n10.Pf1 Pe7 11.Pg3\n"
    )
    (game,) = parse_games(text, "nl")
    assert game.error is None, game.error
    assert [ply.san for ply in game.plies][-5:] == ["Bb5", "Ba7", "Nf1", "Ne7", "Ng3"]
    assert "9…Pe7 kan ook wel." in game.plies[17].comment


def test_a_position_that_is_not_legal_is_a_warning_and_the_moves_read_from_the_start() -> None:
    game = parse_games("8/8/8/8/8/8/8/8 w - - 0 1\n1. e4 e5", "en")[0]
    assert [ply.san for ply in game.plies] == ["e4", "e5"]
    assert game.warnings == ["position '8/8/8/8/8/8/8/8 w - - 0 1' not set up: not a legal position"]


@pytest.mark.parametrize(
    "text",
    [
        "1. e4 e5 2. Jf3 ... Jc6 3. Sb5 1-0",
        "1) e4 e5 2) Jf3 2)...Jc6 3) Sb5 1-0",
        "1) e4 - e5, 2) Jf3 2)....Jc6, 3) Sb5 1-0",
    ],
)
def test_an_ellipsis_before_blacks_move_does_not_end_the_game(text: str) -> None:
    game = parse_games(text, "cs")[0]
    assert [ply.san for ply in game.plies] == ["e4", "e5", "Nf3", "Nc6", "Bb5"] and game.result == "1-0"


def test_spanish_print_checks_with_j_and_captures_with_a_spaced_dash_after_the_piece_and_its_file() -> None:
    # El País: `j.` (jaque) after a checking move; `Cd - c4` (the d-file knight takes on c4).
    text = "1 e4, e5 / 2 Cf3, Cc6 / 3 Ac4, Ac5 / 4 A - f7 j. Rf8 / 5 Cc3, d6 / 6 Cb5, Cd4 / 7 Cf - d4, e - d4 / 8 c3 1-0"
    (game,) = parse_games(text, "es")
    assert game.error is None and not game.warnings, (game.error, game.warnings)
    sans = [
        "e4",
        "e5",
        "Nf3",
        "Nc6",
        "Bc4",
        "Bc5",
        "Bxf7+",
        "Kf8",
        "Nc3",
        "d6",
        "Nb5",
        "Nd4",
        "Nfxd4",
        "exd4",
        "c3",
    ]
    assert [ply.san for ply in game.plies] == sans
    # Where no check was given, `j.` is a word ("t. j." in Slovak prose).
    (game,) = parse_games("1.e4 e5 2.Jf3 t. j. vývin 2...Jc6", "sk")
    assert [ply.san for ply in game.plies] == ["e4", "e5", "Nf3", "Nc6"] and "t. j. vývin" in game.plies[
        2
    ].comment


def test_a_dagger_and_the_f_or_t_that_ocr_makes_of_it_after_a_checking_move_are_its_check_mark() -> None:
    # An OCR'd 1986 Hungarian column: "†" read as "f" or "t", glued to the checking move.
    text = "1. c4, e5; 2. a3, Hf6; 3. Hc3, d5; 4. cxd, Hxd5; 5. g3?, Hxc3; 6. bxc, Vd5; 7. Va4f, Fd7; 8. e4, Vxd2t!;"
    (game,) = parse_games(text, "hu")
    assert game.error is None and not game.warnings, (game.error, game.warnings)
    assert [ply.san for ply in game.plies][12:] == ["Qa4+", "Bd7", "e4", "Qxd2+"]
    assert [game.plies[12].written.check_mark, game.plies[15].written.check_mark] == ["+", "+"]
    (game,) = parse_games("1. e4 e5 2. Df3 Sc6 3. Lc4 Sd4 4. Lxf7† Ke7", "sv")
    assert game.error is None and not game.warnings, (game.error, game.warnings)
    assert [ply.san for ply in game.plies][-2:] == ["Bxf7+", "Ke7"]
    # After a move that gives no check, the letter is a word.
    (game,) = parse_games("1. e4 e5 2. Hf3 f Hc6", "hu")
    assert [ply.san for ply in game.plies] == ["e4", "e5", "Nf3"] and game.plies[2].comment.startswith("f")


def test_castling_whose_dashes_a_one_byte_copy_turned_into_question_marks_is_castling() -> None:
    (game,) = parse_games(
        "1.e4 c5 2.Sf3 d6 3.d4 cxd4 4.Sxd4 Sf6 5.Sc3 a6 6.Lg5 e6 7.Dd2 Le7 8.0?0?0 Sbd7", "de"
    )
    assert game.error is None and [ply.san for ply in game.plies][-2:] == ["O-O-O", "Nbd7"]


def test_a_move_in_a_sentence_that_cannot_be_played_is_prose_when_the_move_due_starts_a_later_line() -> None:
    # "13.De1 Sc3-d5 hängt schon in der Luft." (White's knight move, told while Black is to move), then
    # "13...Ta7" first on its line.
    text = (
        "1.e4 c5 2.Sf3 d6 3.d4 cxd4 4.Sxd4 Sf6 5.Sc3 Sc6 6.Lg5 e6 7.Dd2 a6 8.0-0-0 Ld7 9.f4 b5\n"
        "10.Lxf6 gxf6 11.Kb1 Db6 12.Sxc6\n12...Lxc6 13.De1 Sc3-d5 hängt schon in der Luft.\n13...Ta7 14.Ld3"
    )
    (game,) = parse_games(text, "de")
    assert game.error is None
    assert [ply.san for ply in game.plies][-3:] == ["Qe1", "Ra7", "Bd3"]
    assert game.plies[-3].comment == "Sc3-d5 hängt schon in der Luft."
    assert game.warnings == [
        "line 3, column 18: 'Sc3-d5' cannot be played, and the game goes on under the number due later: read "
        "as a comment"
    ]
    # Without the move due on a later line, it is the error it was.
    (game,) = parse_games(text.replace("13...Ta7", "Ta7"), "de")
    assert isinstance(game.error, IllegalMoveError)


def test_a_result_of_a_cited_game_is_not_the_games_when_its_move_due_follows_on_the_same_line() -> None:
    text = (
        "1.e4 e5 2.Sf3 Sc6 3.Gc4 Gc5 4.0-0 d6 5.d3 Sf6 6.Gg5 h6 7.Gh4 g5 8.Gg3 h5! 9.h4 9.S:g5 h4 10.S:f7 h:g3 "
        "11.S:d8 Gg4 12.Hd2 Sd4 13.Sc3 Sf3+ 14.g:f3 G:f3 0-1; Knorre - Czigorin, Petersburg 1874 9...Gg4\n\n"
        "10.c3 Hd7"
    )
    (game,) = parse_games(text, "pl")
    assert game.error is None and game.result == "*"
    assert [ply.san for ply in game.plies][16:] == ["h4", "Bg4", "c3", "Qd7"]
    assert "Knorre - Czigorin" in game.plies[16].comment
    # Without the move due after it, the result ends the game.
    (game,) = parse_games(text.replace(" 9...Gg4\n\n10.c3 Hd7", ""), "pl")
    assert game.result == "0-1" and len(game.plies) == 17


def test_a_misprint_right_after_words_is_read_as_the_slip_only_when_twice_as_many_moves_play_on() -> None:
    # "23.H:e3 H:e3" (the queen recaptured by the d-pawn, its letter printed for the pawn's file), right after
    # the words "Wygrywa.": six moves written after it play on after d:e3.
    text = (
        '[FEN "2k1q2r/ppp2p2/5n2/2P3p1/2Pp2Pr/3B4/P5P1/RN1Q1RK1 w - - 1 22"]\n\n'
        "22.He1 He3+ Wygrywa. 23.H:e3 H:e3 24.g3 Wh1+ 25.Kg2 W8h2+ 26.Kf3 W:f1+ 27.G:f1 Wf2+ 28.K:e3 W:f1 0-1"
    )
    (game,) = parse_games(text, "pl")
    assert game.error is None and game.result == "0-1"
    assert game.plies[3].san == "dxe3" and game.plies[3].warnings[0].startswith(SLIP_READ)
    # Three moves after it are enough far from the words, not right after them.
    (game,) = parse_games(text.replace(" 26.Kf3 W:f1+ 27.G:f1 Wf2+ 28.K:e3 W:f1 0-1", ""), "pl")
    assert isinstance(game.error, IllegalMoveError)


def test_a_misprint_further_back_is_read_where_it_alone_lets_the_game_go_on_to_its_end() -> None:
    # "2. c4 d6" for 2...e6: the bishop's "5... Se7" cannot be played; of all the moves a slip of one letter
    # away from the ones written before it, only 2...e6 lets it and the rest of the game be played.
    text = (
        "1. d4 Jf6 2. c4 d6 3. Jf3 b6 4. g3 Sb7 5. Sg2 Se7 6. 0-0 0-0 7. Jc3 Je4 8. Dc2 Jxc3 9. Dxc3 c5 "
        "10. Vd1 cxd4 1-0"
    )
    (game,) = parse_games(text, "sk")
    assert game.error is None and len(game.plies) == 20 and game.result == "1-0"
    assert game.plies[3].san == "e6" and game.plies[3].warnings[0].startswith(MISPRINT_READ)
    assert "'5... Se7'" in game.plies[3].warnings[0]
    (read,) = read_lenient(text.splitlines(), "sk")
    assert [move.flagged for move in read.decoded.moves].count(True) == 1 and read.decoded.moves[3].flagged
    # Where the game, so read, cannot go on to its end either ("10. Vd2": no rook gets there), the text stops
    # at the move that cannot be played, as written.
    (game,) = parse_games(text.replace("Vd1", "Vd2"), "sk")
    assert isinstance(game.error, IllegalMoveError) and [ply.san for ply in game.plies][3] == "d6"
    # So it does where two earlier slips would do and nothing written later tells them apart: 2...e6 for "d6"
    # and 3...e6 for "b6" both free e7.
    (game,) = parse_games("1. d4 Jf6 2. c4 d6 3. Jf3 b6 4. g3 Se7 5. Sg2 0-0 6. 0-0 1-0", "sk")
    assert isinstance(game.error, IllegalMoveError)


class _Counted(GameBuilder):
    """A game builder that counts the games it has built."""

    built = 0

    def end_game(self) -> Game:
        _Counted.built += 1
        return super().end_game()


def test_the_games_of_one_paragraph_are_read_one_at_a_time_and_a_misprint_only_rereads_from_its_game() -> (
    None
):
    # One game per line, no blank line between them: one chunk, read as it is consumed.
    lines = [
        "1. e4 e5 2. Jf3 Jc6 1-0",
        "1. d4 Jf6 2. c4 d6 3. Jf3 b6 4. g3 Sb7 5. Sg2 Se7 6. 0-0 0-0 1-0",
    ] * 3
    _Counted.built = 0
    games = read_games(lines, "sk", _Counted)
    assert len(next(games).plies) == 4 and _Counted.built == 1
    rest = list(games)
    assert [len(game.plies) for game in rest] == [12, 4, 12, 4, 12]
    assert all(game.error is None and game.plies[3].san == "e6" for game in rest[::2])


def test_a_pawns_capture_written_by_its_files_with_one_of_them_misprinted_is_read_as_the_slip() -> None:
    # An OCR'd magazine: "4. e4, ed:" for cd: (no e-pawn can take on the d-file), "6. Hc6:, be:" for bc:, each
    # with its capture mark; the moves after each play on after the one pawn capture a letter away.
    text = "1. d4, Hf6 2. Hf3, c5 3. Fg5, e6 4. e4, ed: 5. Hd4:, Hc6 6. Hc6:, be: 7. Fd3, Vb6 8. Ff6:, gf: 9. b3, d5"
    (game,) = parse_games(text, "hu")
    assert game.error is None
    assert [ply.san for ply in game.plies][6:12] == ["e4", "cxd4", "Nxd4", "Nc6", "Nxc6", "bxc6"]
    assert [list(ply.warnings) for ply in game.plies if ply.warnings] == [
        [
            "cannot be played; read as cxd4, the only move a slip of one letter away after which 'Hd4: Hc6 Hc6:' can "
            "be played as written"
        ],
        [
            "cannot be played; read as bxc6, the only move a slip of one letter away after which 'Fd3 Vb6 Ff6:' can "
            "be played as written"
        ],
    ]
    # Marked as a capture, two files that cannot be played are the error they are, not a word ("de", "ed").
    (game,) = parse_games(text.replace("be:", "ge:"), "hu")
    assert isinstance(game.error, IllegalMoveError) and len(game.plies) == 11
    # Where two captures are a letter away (dxe5 and fxe5 for "ce") and all seven moves written after it play
    # on after either: the likeliest, the other named, the moves from it on in doubt; with fewer written after
    # it, the error it was.
    text = "1. e4, e5 2. d4, f6 3. f4, d6 4. ce:, de: 5. Hf3, Hc6 6. Fc4, Fg4 7. h3, Fh5"
    (game,) = parse_games(text, "hu")
    assert game.error is None and game.plies[6].san == "fxe5" and game.doubtful_from == 7
    assert (
        "the likeliest of 2 moves" in game.plies[6].warnings[0] and "(also dxe5)" in game.plies[6].warnings[0]
    )
    (game,) = parse_games(text[: text.index(", Fg4")], "hu")
    assert isinstance(game.error, IllegalMoveError) and len(game.plies) == 6


def test_a_pawns_capture_from_the_wrong_side_is_the_one_slip_and_the_moves_before_a_note_confirm_it() -> None:
    # "14) exCd4" for cxd4 (no pawn on e3 takes on d4), two moves from the game's end: the only move a slip
    # away, and the two moves written before the note and the one after it play on after it.
    text = (
        "1) e4, e5, 2) Cf3, Cc6, 3)Ac4, d6 4) c3, Ag4 5) Db3, Dd7 6) Cg5, Ch6 7) Axf7 +, CxAf7 8) CxCf7, DxCf7 "
        "9) Dxb7 Rd7 10) Dxa8, Dc4 11) f3, Axf3 ! 12) gxAf3, Cd4 ! 13) d3, Dd3 14) exCd4 Ae7 ! 15) DxTh8 "
        "(altrimenti perde la Donna) Ah4 matto"
    )
    (game,) = parse_games(text, "it")
    assert game.error is None
    assert [ply.san for ply in game.plies][-4:] == ["cxd4", "Be7", "Qxh8", "Bh4#"]
    assert game.plies[-4].warnings == (
        "cannot be played; read as cxd4, the only move a slip of one letter away after which 'Ae7 DxTh8 Ah4' can "
        "be played as written",
    )
    # Where the moves after it do not play on, the error it was.
    (game,) = parse_games(text.replace("Ae7 !", "Ad6 !"), "it")
    assert isinstance(game.error, IllegalMoveError)


def test_a_misprint_that_two_slips_explain_is_read_as_the_one_that_more_moves_written_after_it_single_out() -> (
    None
):
    # "11. d2" (the queen's letter lost, OCR): the queen or the f3 knight to d2 let "Кc6 12. Кc3 Кxc3" play
    # on; only the queen can take on c3 next, "13. Фxc3+".
    text = (
        "1. Кf3 Кf6 2.b3 g6 3.g3 b6 4. Сb2 Сg7 5. Сg2 Сb7 6.0-0 0-0 7.c4 c5 8.d3 d5 9.cxd5 Кxd5 10. Сxg7 "
        "Крxg7 11. d2 Кc6 12. Кc3 Кxc3 13. Фxc3+ Крg8 14. Фb2 *"
    )
    (game,) = parse_games(text, "ru")
    assert game.error is None and len(game.plies) == 27
    assert game.plies[20].san == "Qd2" and game.plies[20].warnings[0].startswith(SLIP_READ)
    assert "'Кc6 Кc3 Кxc3 Фxc3+'" in game.plies[20].warnings[0]
    # Where the text ends before that move, nothing tells the two apart: the game stops there.
    (game,) = parse_games(text.replace(" 13. Фxc3+ Крg8 14. Фb2", ""), "ru")
    assert isinstance(game.error, IllegalMoveError) and len(game.plies) == 20


def test_a_move_left_out_under_the_next_plys_number_is_read_from_the_moves_written_after_it() -> None:
    # "8. hxg4 9. Jxe5 g3!": Black's 8th move is missing; only 8...hxg4 lets Jxe5, g3, d4 and Jxe4 be played.
    text = (
        "1. e4 e5 2. Jf3 Jc6 3. Sb5 Sc5 4. c3 Jf6 5. Sxc6 dxc6 6. 0-0 Sg4 7. h3 h5!? Obeť strelca za otvorenie "
        "stĺpca h. 8. hxg4 9. Jxe5 g3 10. d4 Jxe4 11. Dg4 *"
    )
    (game,) = parse_games(text, "sk")
    assert game.error is None and len(game.plies) == 21
    assert [ply.san for ply in game.plies[14:17]] == ["hxg4", "hxg4", "Nxe5"]
    assert (
        game.plies[15].warnings[0].startswith(OMITTED_READ)
        and "'Jxe5 g3 d4 Jxe4'" in game.plies[15].warnings[0]
    )
    assert not game.plies[16].warnings
    (lenient,) = read_lenient(text.splitlines(), "sk")
    assert [move.flagged for move in lenient.decoded.moves][14:17] == [False, True, False]
    # Too few moves written after it to single one out, or no number that says a ply was skipped: it stops.
    for damaged in (text.replace(" 10. d4 Jxe4 11. Dg4", ""), text.replace("9. Jxe5", "Jxe5")):
        (game,) = parse_games(damaged, "sk")
        assert isinstance(game.error, IllegalMoveError) and len(game.plies) == 15


def test_a_move_left_out_that_several_moves_fit_is_the_likeliest_line_flagged_with_the_others() -> None:
    # "22. Qe2?? ………", a note, then "23. Kh1 Qf5 …": Black's 22nd is missing, and both 22...Nfxh4+ and 22...Nd4
    # let the seven moves written after it be played; after the check, 23.Kh1 is the natural reply, so the
    # move prior weighing the whole line prefers Nfxh4+, names Nd4, and the moves from Kh1 on are in doubt.
    moves = (
        "1. e4 c5 2. Nf3 e6 3. c3 d5 4. e5 d4 5. cxd4 cxd4 6. Bb5+ Bd7 7. Nxd4 Bxb5 8. Nxb5 Nc6 9. O-O a6 "
        "10. N5c3 Nge7 11. Re1 Ng6 12. Na3 Bxa3 13. bxa3 O-O 14. Rb1 b5 15. Qh5 Qd3 16. Rb3 Nd4 17. Rb2 Rac8 "
        "18. h4 Nc2 19. Rf1 Rc4 20. g3 Nd4 21. Kg2 Nf5 22. Qe2??"
    )
    rest = "23. Kh1 Qf5 24. Kh2 Nf3+ 25. Kg2 Ngh4+! 26. Kh1 Qh3#"
    for gap in (" ………\nThe final nail but there is not much anyway.\n\n", "\n\n", " ………\n\n"):
        (game,) = parse_games(moves + gap + rest, "en")
        assert game.error is None and game.result == "0-1" and len(game.plies) == 52
        assert game.plies[43].san == "Nfxh4+" and "(also Nd4)" in game.plies[43].warnings[0]
        assert game.plies[43].warnings[0].startswith(OMITTED_READ) and game.doubtful_from == 45
    # Fewer than six moves written after it: nothing singles one out, and the game stops there.
    (game,) = parse_games(moves + "\n\n23. Kh1 Qf5 24. Kh2 *", "en")
    assert isinstance(game.error, IllegalMoveError) and len(game.plies) == 43


def test_a_misprint_that_several_slips_fit_after_all_moves_written_on_is_the_likeliest_flagged_with_the_others() -> (
    None
):
    # "3. f4, d8": both 3...d5 and 3...d6 let every later move be played; the move prior weighing the whole line
    # prefers d6, the warning names d5, and the moves from there on are in doubt.
    text = (
        "1. e4 g6 2. d4 Bg7 3. f4 d8 4. Nf3 Nf6 5. e5 Nfd7 6. Bc4 Nb6 7. Bb3 Na6 8. O-O c5 9. c3 O-O "
        "10. Ng5 Bf5 *"
    )
    (game,) = parse_games(text, "en")
    assert game.error is None and len(game.plies) == 20 and game.plies[5].san == "d6"
    assert game.plies[5].warnings[0].startswith(SLIP_READ) and "(also d5)" in game.plies[5].warnings[0]
    assert game.doubtful_from == 6
    # Fewer than six moves written after it: nothing singles one out, and the game stops there.
    (game,) = parse_games("1. e4 g6 2. d4 Bg7 3. f4 d8 4. Nf3 Nf6 5. e5 Nfd7 *", "en")
    assert isinstance(game.error, IllegalMoveError) and len(game.plies) == 5


def test_an_ambiguous_move_that_every_later_move_fits_both_ways_is_the_likeliest_flagged_with_the_other() -> (
    None
):
    # "9. a3 Rd8": either rook, and every move written after it plays on both ways; the move prior weighing the
    # whole line picks one, the warning names the other, and the moves from there on are in doubt.
    text = (
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. d3 O-O 6. Nc3 d6 7. Bg5 Qe7 8. h3 Be6 9. a3 Rd8 10. b4 Bb6 "
        "11. Nd5 Bxd5 12. Bxd5 h6 13. Bh4 a6 14. c3 Kh7 *"
    )
    (game,) = parse_games(text, "en")
    assert game.error is None and len(game.plies) == 28 and game.plies[17].san in ("Rad8", "Rfd8")
    other = "Rfd8" if game.plies[17].san == "Rad8" else "Rad8"
    assert (
        game.plies[17].warnings[0].startswith(AMBIGUOUS_READ)
        and f"(also {other})" in game.plies[17].warnings[0]
    )
    assert game.doubtful_from == 18
    # Fewer than six moves written after it: nothing to weigh, and the game stops there.
    (game,) = parse_games(text.split(" 11.")[0] + " *", "en")
    assert isinstance(game.error, AmbiguousMoveError) and len(game.plies) == 17


def test_a_sentence_ended_by_an_exclamation_mark_ends_the_line_its_prose_cites() -> None:
    # "… si las blancas jugaban 9.0–0!?=, … ¡no quiere igualar nada! 9...Cxe4": the cited 9.0-0 ends with its
    # sentence, and the game goes on with Black's 9th (tests/data/real60 es-002); so after a question mark.
    text = (
        "1.e4 e5 2.Cf3 Cc6 3.Ac4 Ac5 4.b4 Ab6 5.a4 a6 6.a5 Aa7 7.b5 axb5 8.Axb5 Cf6 9.Aa3 Esta jugada es vital, "
        "aunque si las blancas jugaban 9.0–0!?=, la partida se igualaba, pero el blanco ¡no quiere igualar nada! "
        "9...Cxe4 10.De2 Cxf2 11.Cxe5 Cd4"
    )
    for ending in ("nada!", "nada?"):
        (game,) = parse_games(text.replace("nada!", ending), "es")
        assert game.error is None and [ply.san for ply in game.plies][16:] == [
            "Ba3",
            "Nxe4",
            "Qe2",
            "Nxf2",
            "Nxe5",
            "Nd4",
        ]


def test_a_line_cited_inside_a_sentence_is_prose_where_its_number_starts_a_later_sentence_of_the_paragraph() -> (
    None
):
    # "b5 verliert sofort wegen 19.a6 …": 19.a6 fits, but the game goes on at the "19." that starts a sentence.
    text = (
        "1.d4 d5 2.Sf3 Lg4 3.Se5 Lf5 4.c4 f6 5.Sf3 e6 6.Db3 b6 7.Sc3 c6 8.a4 Sa6 9.cd5 ed5 10.e4 de4 11.La6 ef3 "
        "12.0-0 Ld6 13.Lb7 Lh2 14.Kh2 Dc7 15.g3 Db7 16.Te1 Se7 17.Lf4 0-0-0 18.a5 Sg6 18...b5 verliert sofort "
        "wegen 19.a6 Dd7 20.Sb5. 19.ab6 Db6 20.Db6 ab6 *"
    )
    (game,) = parse_games(text, "de")
    assert game.error is None and [ply.san for ply in game.plies][-4:] == ["axb6", "Qxb6", "Qxb6", "axb6"]
    assert "19.a6 Dd7 20.Sb5." in game.plies[35].comment
    # A game's first move may stand in a sentence, whatever games follow in the paragraph.
    first, second = parse_games(
        "Po bežnom otvorení 1.c4 Jf6 2.Jc3 g6 1-0. Druhá partia: 1.Jf3 d5 2.g3 *", "sk"
    )
    assert [ply.san for ply in first.plies] == ["c4", "Nf6", "Nc3", "g6"] and len(second.plies) == 3


def test_a_move_after_if_starting_a_sentence_or_after_a_comma_is_a_supposed_line_not_the_games() -> None:
    moves = "1. e4 – e5 2. Dh5 – Sc6 3. Lc4 – g6 4. Df3 – Sf6 5. Db3 – Sd4! 6. Lxf7+ Ke7 und der Läufer geht verloren"
    for supposing in ("\n\nWenn 7. Dc4, so folgt b5!", ", falls 7. Dc4 b5!"):
        (game,) = parse_games(moves + supposing, "de")
        assert game.error is None and len(game.plies) == 12
        assert "7. Dc4" in game.plies[-1].comment
    # "se" is also a reflexive pronoun: "defendem-se 6. Tf1" is the game's move.
    (game,) = parse_games(
        "1. e4 e5 2. Cf3 Cc6 3. Bc4 Cd4 4. Cxe5 Dg5 5. Cxf7 Dxg2 As Brancas defendem-se 6. Tf1 Dxe4+ *", "pt"
    )
    assert [ply.san for ply in game.plies][-2:] == ["Rf1", "Qxe4+"]


@pytest.mark.parametrize(
    ("locale", "knight", "words"),
    [("da", "S", "F.eks."), ("de", "S", "z.B."), ("pl", "S", "Na przykład"), ("en", "N", "e.g.")],
)
def test_a_line_after_for_example_shows_an_idea_not_the_games_moves(
    locale: str, knight: str, words: str
) -> None:
    # The copy ends inside the example: the game ends with the move before the words.
    moves = f"1. d4 d5 2. c4 e6 3. {knight}c3 {knight}f6 4. cxd5 {knight}xd5 5. e4 Fine. {words} "
    (game,) = parse_games(moves + f"5... {knight}xc3 6. bxc3 c5", locale)
    assert game.error is None and len(game.plies) == 9


def test_a_number_after_a_cited_move_is_the_games_when_the_moves_after_the_words_play_on_only_there() -> None:
    # "8. Df7" plays after the game's 7...Rxg5 and after the cited 7...De8 alike, and words follow either way;
    # "8...g6 9.d4+ … 9...Rh5" after those words play on only from the game's move.
    text = (
        "1.e4 Cf6 2.e5 Cd5 3.Cf3 d6 4.Fc4 Cb6 5.Fxf7+ Rxf7 6.Cg5+ Rg6 7. Df3 Rxg5 ?? Le roi noir devra payer "
        "très cher ! 7...De8 tenait le coup ! Ne vous pressez pas ! 8. Df7 ! Coupe toute retraite ! 8...g6 "
        "9.d4+ Echec à la découverte ! 9...Rh5 *"
    )
    (game,) = parse_games(text, "fr")
    assert game.error is None and [ply.san for ply in game.plies][-4:] == ["Qf7", "g6", "d4+", "Kh5"]
    assert "7...De8" in game.plies[13].comment


def test_moves_numbered_one_behind_from_some_line_on_are_read_with_a_warning() -> None:
    # "6 De2" where 7 is due (6.De2 could not have been played: White was in check), then "7 Rd1" where 8 is.
    for between in ("\n", "\n\nOn dirait bien la variante connue.\n\n"):
        text = f"1 e4 e5\n2 f4 d5\n3 Cc3 dxe4\n4 Cxe4 exf4\n5 Fc4 Dh4+\n6 g3 fxg3{between}6 De2 g2+\n7 Rd1 gxh1D\n"
        (game,) = parse_games(text, "fr")
        assert game.error is None and [ply.san for ply in game.plies][-4:] == ["Qe2", "g2+", "Kd1", "gxh1=Q"]
        assert game.plies[-2].warnings[0] == "move number '7' written where 8. was expected"


def test_another_move_under_the_number_just_played_is_an_alternative_where_words_or_its_moves_say_so() -> (
    None
):
    # "2.Cc3 2.d4 est l'approche …": words follow the other move, and the game goes on at "2...d5 3.Cf3"
    # (the first "2...d5 3.Cc3" cannot be the game's: its knight stands on c3 already).
    told = "1.e4 c6 2.Cc3 2.d4 est l'approche classique 2...d5 3.Cc3 dxe4 4.Cxe4 Ff5 avec égalité 2...d5 3.Cf3 Cf6 *"
    (game,) = parse_games(told, "fr")
    assert game.error is None and [ply.san for ply in game.plies] == ["e4", "c6", "Nc3", "d5", "Nf3", "Nf6"]
    # "8...fxe6 8...cxd4 9.Db5+ Cd7 10.exf7+": no words, but the moves after the other one play on further
    # than after the game's (no pawn is left on e6 to take on f7); the game goes on at "9.Dh5+".
    moves = "1.e4 c6 2.Cc3 d5 3.Cf3 Cf6 4.e5 Ce4 5.De2 Cxc3 6.dxc3 b6 7.Cd4 c5 8.e6 "
    (game,) = parse_games(moves + "8...fxe6 8...cxd4 9.Db5+ Cd7 10.exf7+ Rxf7 11.Dxd5+ 9.Dh5+ Rd7 *", "fr")
    assert game.error is None and [ply.san for ply in game.plies][-3:] == ["fxe6", "Qh5+", "Kd7"]
    assert game.plies[-3].comment.startswith("8...cxd4 9.Db5+ Cd7 10.exf7+")


def test_a_books_bare_number_of_the_move_just_played_on_a_line_of_its_own_begins_an_alternative() -> None:
    # A book that writes no dots: White's other first move on a line under the game's ("1 h4 !?"), Black's
    # reply after it numbered with dots. Before, "1" was taken for Black's number, and h4 stopped the game.
    text = (
        "1 d4\n1 h4 !?\n1... Jf6 2 c4 e6 3 Jf3 d5 4 Jc3 c6 5 Sg5 h6 6 Sxf6 Dxf6 7 e3 g6 8 Se2 Jd7 9 0-0 dxc4\n"
        "10 e4 e5 11 d5 Jb6 12 Jd2\n12 Jg5 cxd5 13 h4 d7 ∓\n12... Sc5 13 Jxc4 0-0 0-1\n"
    )
    (game,) = parse_games(text, "cs")
    assert game.error is None and len(game.plies) == 26 and game.plies[-1].san == "O-O"
    assert (game.plies[0].comment, game.plies[22].comment) == ("1 h4 !?", "12 Jg5 cxd5 13 h4 d7 ∓")
    # A bare number that Black's move follows is Black's.
    (game,) = parse_games("1 d4\n1 Jf6 2 c4 e6 *", "cs")
    assert [ply.san for ply in game.plies] == ["d4", "Nf6", "c4", "e6"]


def test_a_line_cited_from_a_move_ocr_damaged_goes_on_past_a_blank_line_as_the_notes() -> None:
    # "погано 7…Ф65 через", a blank line, "8.Kbd2, і після 9.Сс4 …": the note cites 7…Фd5 (its d read as 6)
    # and the line it loses to; the game's 8th move is the one at the start of the later line.
    text = (
        "1.е2—е4 с7—с5 2.с2—с3 d7—d5 3.e4:d5 Фd8:d5 4.d2—d4 e7—e5 5.d4:e5 Фd5:е5+ 6.Сc1—е3 Kg8—f6 "
        "7.Kg1—f3 Фе5—c7; погано 7…Ф65 через\n\n8.Kbd2, і після 9.Сс4 ферзь знову попадає під удари.\n\n"
        "8.Кb1—а3! Кb8—d7 9.Кa3—b5 Фс7—b6 10.Се3—f4 Тa8—b8 11.Кb5—c7+ Kpe8—d8 12.Kf3—g5 Фb6:b2 "
        "13.Kg5:f7+ Kpd8—e7 14.Ф61—d6+, і через продовження 14…Kp:f7 15.Фd6—e6+ Kpf7—g6 16.Сf1—d3+ Kpg6—h5 "
        "чорні з"
    )
    (game,) = parse_games(text, "uk")
    sans = [ply.san for ply in game.plies]
    assert game.error is None and sans[13:18] == ["Qc7", "Na3", "Nbd7", "Nb5", "Qb6"]
    assert game.plies[13].comment.startswith("погано 7…Ф65 через 8.Kbd2")
    # The damaged last move of a run, words right after it, is read as the only legal move one character away,
    # flagged; the moves after the words went on inside a sentence, and the text ends in words: in doubt.
    assert sans[26] == "Qd6+" and read_otherwise(game.plies[26])
    assert game.doubtful_from == 28 and "went on inside a sentence" in game.warnings[-1]


def test_a_piece_move_printed_again_is_read_as_the_only_move_of_its_piece_after_which_the_game_reads_on() -> (
    None
):
    # "3. Lf1-b5 Sb8-c6": Black's 2nd move printed again for his 3rd (3...Sf6: only that knight can take on e4).
    text = (
        "1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 3. Lf1-b5 Sb8-c6 4. 0-0 Sf6xe4 5. d2-d4 Se4-d6 6. Lb5xc6 d7xc6 "
        "7. d4xe5 Sd6-f5 8. Dd1xd8+ Ke8xd8 9. Sb1-c3 Kd8-e8 10. h2-h3 h7-h5 11. Lc1-f4 Lf8-e7 12. Ta1-d1 Lc8-e6 "
        "13. Sf3-g5 Th8-h6 14. Tf1-e1 Le7-b4 15. g2-g4 h5xg4 16. h3xg4 Sf5-h4 1/2-1/2"
    )
    (game,) = parse_games(text, "de")
    assert game.error is None and len(game.plies) == 32 and game.plies[5].san == "Nf6"
    assert read_otherwise(game.plies[5]) and game.plies[5].warnings[0].startswith(GUESS_READ)
    # An ambiguous move the next two moves do not decide, a move further on does: only after 4. Sbd2 can a knight
    # go to e5 at move 6, and every move written after it plays on; read as decided, as written.
    ambiguous = (
        "1. d4 d5 2. Sf3 Sf6 3. e3 e6 4. Sd2 c5 5. b3 Sc6 6. Se5 Sxe5 7. dxe5 Sd7 8. f4 Le7 9. Ld3 Db6 10. Dh5 g6 "
        "11. De2 c4 12. bxc4 dxc4 13. Sxc4 Db4+ 14. Ld2 Dc5 15. 0-0 b5 16. Sd6+ Lxd6 17. exd6 Dxd6 1-0"
    )
    (game,) = parse_games(ambiguous, "de")
    assert game.error is None and len(game.plies) == 34 and game.plies[6].san == "Nbd2"
    assert not read_otherwise(game.plies[6]) and game.doubtful_from == 0
    assert game.plies[6].warnings[0].startswith(f"{AMBIGUOUS_READ} the only candidate after which")
    # Where the moves after it do not single one out, the game stops there, as written.
    (game,) = parse_games(text.split(" 4. 0-0")[0] + " 4. 0-0 Lf8-c5 5. c2-c3 0-0 6. d2-d4 1-0", "de")
    assert game.error is not None and len(game.plies) == 5


def test_a_long_forms_capture_whose_target_ocr_garbled_is_the_one_capture_from_its_origin_onto_its_file() -> (
    None
):
    # "21... Bd4Xdff 22. Ba1Xdl" (Bd4xd1+ and Ba1xd1): their ranks read as letters; both are flagged.
    text = "1. d2-d4 d7-d5 2. c2-c4 d5Xc4 3. e2-e4 e7-e5 4. d4Xe5 Vd8Xdff 5. Ke1Xdl Fc8-e6 6. Hg1-f3 Hb8-c6"
    (game,) = parse_games(text, "hu")
    assert game.error is None and [ply.san for ply in game.plies][7:] == [
        "Qxd1+",
        "Kxd1",
        "Be6",
        "Nf3",
        "Nc6",
    ]
    assert read_otherwise(game.plies[7]) and read_otherwise(game.plies[8])


def test_a_piece_letter_apart_from_its_square_in_a_run_of_moves_is_read_with_it() -> None:
    # "23. К f3К b4": a page's figurines turned to letters and spaces.
    (game,) = parse_games("1. Кf3 Кf6 2. g3 g6 3. К c3К c6 4. Сg2 Сg7", "ru")
    assert game.error is None and [ply.san for ply in game.plies][4:] == ["Nc3", "Nc6", "Bg2", "Bg7"]
    assert "apart from its square" in game.plies[4].warnings[0] and not read_otherwise(game.plies[4])
    # In prose, a capital and a square are words.
    (game,) = parse_games("1. Кf3 Кf6 2. g3 g6 Хорошо К c3 не играть. 3. Сg2", "ru")
    assert [ply.san for ply in game.plies][-1] == "Bg2" and game.plies[3].comment == "Хорошо К c3 не играть."


def test_moves_that_play_on_as_far_after_an_alternative_written_before_them_are_in_doubt() -> None:
    # "14. a3 Sxa4. 14 ... Tc8!? 15. Dxb4 Dc7 16. Kb1!": the page ends there, and the moves after the
    # alternative play on after it as far as after the game's 14...Sxa4: they are read as the game's, in doubt.
    moves = (
        "1. e4 c5 2. Sf3 d6 3. d4 cxd4 4. Sxd4 Sf6 5. Sc3 a6 6. Le3 e6 7. f3 b5 8. g4 h6 9. Dd2 Sbd7 "
        "10. 0-0-0 Lb7 11. h4 b4 12. Sa4 Da5 13. b3 Sc5 14. a3 Sxa4. "
    )
    (game,) = parse_games(moves + "14 ... Tc8!? 15. Dxb4 Dc7 16. Kb1! Sc", "de")
    assert [ply.san for ply in game.plies][-4:] == ["Nxa4", "Qxb4", "Qc7", "Kb1"]
    assert game.doubtful_from == 29 and "may be that line's" in game.warnings[-1]
    # Where the game's moves play on further (only after 14...Sxa4 can White take back on a4), no doubt.
    (game,) = parse_games(moves + "14 ... Tc8!? 15. bxa4 Dc7 16. Kb1! Sc", "de")
    assert [ply.san for ply in game.plies][-3:] == ["bxa4", "Qc7", "Kb1"] and game.doubtful_from == 0


def test_a_bracket_never_closed_ends_inside_a_line_at_a_number_the_variation_cannot_take() -> None:
    # A newspaper column (tests/data/real48/es-004): the note's bracket is never closed, a bracket inside it is,
    # and "4 ..Cf6", a number back from the note's line, is where the game goes on; before, the rest of the game
    # was the note's words.
    text = (
        "1 e4 e5 2 Cf3 Cc6 3 Ac4 Ac5 4 c3 (mucho mejor sería 4 b4 Axb4 5 c3 Aa5 (-si 5 ..Ae7 6 d4) "
        "4 ..Cf6 5 d4 exd4 6 cxd4 Ab4+ 7 Ad2 Axd2+ 0-1"
    )
    (game,) = parse_games(text, "es")
    assert game.error is None and [ply.san for ply in game.plies][6:] == [
        "c3",
        "Nf6",
        "d4",
        "exd4",
        "cxd4",
        "Bb4+",
        "Bd2",
        "Bxd2+",
    ]
    assert [ply.san for ply in game.plies[6].variations[0]] == ["b4", "Bxb4", "c3", "Ba5"]
    assert any("bracket not closed; closed at line 1, column 91" in warning for warning in game.warnings)


def test_a_bracket_never_closed_ends_where_a_line_starts_with_the_games_number_and_its_moves_play_on() -> (
    None
):
    text = (
        "1.e4\ne5\n2.Sf3\nSc6\n3.Lc4\nLc5\n4.c3\nDe7\n5.d4\nLb6\n6.0-0\nd6\n7.a4\na6\n8.Le3\nLg4\n9.d5\nSb8\n"
        "10.a5\nLxe3\n[10...La7\n11.Lxa7\nTxa7\n>\n11.fxe3\nSf6\n12.Sbd2\n[12.Db3\nLc8\n]\n12...Sbd7\n13.De1\n"
    )
    (game,) = parse_games(text, "de")
    assert game.error is None and [ply.san for ply in game.plies][-5:] == [
        "fxe3",
        "Nf6",
        "Nbd2",
        "Nbd7",
        "Qe1",
    ]
    assert any("bracket not closed; closed before line 25" in warning for warning in game.warnings)
    assert [ply.san for ply in game.plies[19].variations[0]] == ["Ba7", "Bxa7", "Rxa7"]
    # Closed, the bracket holds the same variation, with no warning.
    (game,) = parse_games(text.replace(">\n", "]\n"), "de")
    assert [ply.san for ply in game.plies][-5:] == ["fxe3", "Nf6", "Nbd2", "Nbd7", "Qe1"]
    assert [ply.san for ply in game.plies[19].variations[0]] == ["Ba7", "Bxa7", "Rxa7"] and not game.warnings


def test_whites_move_left_out_with_its_number_before_blacks_reply_is_read_from_the_moves_after() -> None:
    # "4.c3? c:d4 Sb4 6.e5": White's 5th and its number lost; only 5.cxd4 lets "Sb4 6.e5 Jc6 7.Sd3 Db6 8.a3
    # D:d4" be played as written (the queen takes a pawn on d4).
    text = "1.e4 e6 2.d4 d5 3.Jd2 c5 4.c3? c:d4 Sb4 6.e5 Jc6 7.Sd3 Db6 8.a3 D:d4 9.Jgf3 D:d3 10.a:b4 0:1"
    (game,) = parse_games(text, "sk")
    assert game.error is None and [ply.san for ply in game.plies][7:10] == ["cxd4", "cxd4", "Bb4"]
    assert game.plies[8].warnings[0].startswith(f"{OMITTED_READ} 5. c×d4")


def test_an_ambiguous_move_before_words_is_decided_by_the_moves_under_the_next_number() -> None:
    # "20.Te1" (either rook), words, then "20... Txe1+": a check only after Tfe1 (the f1 rook gone).
    position = "r2q2k1/p4ppp/5n2/1N6/3pr3/5Q1P/PP3PP1/3R1RK1 w - - 0 20"
    text = f'[FEN "{position}"]\n\n20.Te1 Wit kon de pion slaan.\n\n20... Txe1+ 21.Txe1 Tb8 *'
    (game,) = parse_games(text, "nl")
    assert game.error is None and [ply.san for ply in game.plies] == ["Rfe1", "Rxe1+", "Rxe1", "Rb8"]
    assert "ambiguous; read as the only candidate" in game.plies[0].warnings[0]


def test_the_ellipsis_of_a_black_number_garbled_between_encodings_is_read_as_one() -> None:
    for garbled in ("2É", "2â€¦"):
        (game,) = parse_games(f"1.e4 e5 2.Jf3 ({garbled}Jc6 3.Sb5) 2...d6 *", "sk")
        assert game.error is None and [ply.san for ply in game.plies] == ["e4", "e5", "Nf3", "d6"]
        assert [[ply.san for ply in line] for line in game.plies[3].variations] == [["Nc6", "Bb5"]]


def test_a_move_cited_in_a_sentence_is_taken_back_when_its_own_number_starts_the_games_next_sentence() -> (
    None
):
    # "symetricky, 4…Sb4" is what Black usually plays; "4…Jd4 5.Jxe5 c6" after the full stop is the game.
    text = (
        "1.e4 e5 2.Jf3 Jc6 3.Sb5 Jf6 4.Jc3 Teraz čierni hrávajú najčastejšie symetricky, 4…Sb4, Lalič však volí "
        "gambitové Rubinsteinovo pokračovanie. 4…Jd4 5.Jxe5 c6 6.Sa4 d6 1-0"
    )
    (game,) = parse_games(text, "sk")
    assert game.error is None
    assert [ply.san for ply in game.plies][7:] == ["Nd4", "Nxe5", "c6", "Ba4", "d6"]
    assert game.plies[7].starting_comment == "4... Sb4, Lalič však volí gambitové Rubinsteinovo pokračovanie."
    assert game.warnings[0] == (
        "line 1: '4... Sb4' is followed by words and then by its own move number again, from where the game "
        "goes on: read as the prose's"
    )
    # Two moves before the next words are too few to decide: the move read and those after it are in doubt.
    (game,) = parse_games(text.replace("5.Jxe5 c6 6.Sa4 d6", "5.Jxe5 a tak ďalej"), "sk")
    assert game.doubtful_from == 8
    assert game.warnings[0] == (
        "line 1: '4... Sb4' is followed by words and then by its own move number again: it may be the prose's"
    )
    # A move that starts its own sentence is the game's, whatever follows ("5. ... Le6!", then alternatives).
    (game,) = parse_games(text.replace("symetricky, 4…Sb4", "symetricky. 4…Sb4"), "sk")
    assert game.plies[7].san == "Bb4"
    # Right after a word, the move is the prose's from the first: the words around it are one comment.
    (game,) = parse_games(text.replace("symetricky, 4…Sb4", "symetricky 4…Sb4"), "sk")
    assert [ply.san for ply in game.plies][7:] == ["Nd4", "Nxe5", "c6", "Ba4", "d6"] and not game.warnings
    assert game.plies[6].comment.endswith(
        "symetricky 4…Sb4, Lalič však volí gambitové Rubinsteinovo pokračovanie."
    )


def test_a_number_after_a_cited_move_is_the_games_when_the_moves_from_it_play_on_further_there() -> None:
    # "7…d5. Možno je lepšie 7…b5 8.e5 Je4 9.0-0 b5": 9…b5 can be played only after the game's 7…d5.
    text = (
        "1.e4 e5 2.Jf3 Jc6 3.Sb5 Jf6 4.Jc3 Jd4 5.Jxe5 c6 6.Sa4 d6 7.Jd3 d5. Možno je lepšie 7…b5 8.e5 Je4 "
        "9.0-0 b5 10.Sb3 a5"
    )
    (game,) = parse_games(text, "sk")
    assert game.error is None
    assert [ply.san for ply in game.plies][13:] == ["d5", "e5", "Ne4", "O-O", "b5", "Bb3", "a5"]
    assert game.plies[13].comment == "Možno je lepšie 7…b5"


def test_a_resignation_word_after_a_negation_is_no_resignation() -> None:
    text = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 Pas question que j'abandonne.\n4. Ba4 Nf6"
    (game,) = parse_games(text, "en")
    assert [ply.san for ply in game.plies][-2:] == ["Ba4", "Nf6"] and game.result == "*"
    (game,) = parse_games("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 and White didn't resign yet", "en")
    assert game.result == "*"
    (game,) = parse_games("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 and White resigned", "en")
    assert game.result == "0-1"
    # A verb that also gives up material tells a resignation only where its sentence ends with it.
    text = "1. e4 e5 2. Cf3 Cc6 3. Nb5 a6 4. Na4 Cf6 5. O-O Ne7 6. Te1 Negrul cedează calitatea. 6... b5 7. Nb3 d6"
    (game,) = parse_games(text, "ro")
    assert len(game.plies) == 14 and game.result == "*"


def test_a_misprint_whose_only_slip_the_written_capture_rules_out_is_an_error_not_a_crash() -> None:
    # "9: b3": the number's dot read as a colon, so ": b3" is a capture naming no piece.
    text = (
        "1. e4 c6 2. d4 d5 3. exd5 cxd5 4. Sd3 Jc6 5. c3 e6 6. Jf3 Sd6 7. 0-0 Jge7 8. Ve1 0-0 9: b3 Jg6 "
        "10. Sa3 a6 11. Sxd6 Dxd6 12. a4 Sd7"
    )
    (game,) = parse_games(text, "sk")
    assert isinstance(game.error, IllegalMoveError) and len(game.plies) == 16


def test_a_slip_is_read_only_where_the_long_form_moves_after_it_play_from_the_squares_they_name() -> None:
    # "14...Sc8-5" (Sc8-f5, its file lost) reads as "Sc8": one slip from it, Sb4-c5, lets the next moves be
    # played, but "16...Sb4-f8" then moves the bishop from c5, not b4: the moves are not played as written,
    # so the strict reading stops there, and the lenient one reads the move meant.
    text = (
        "1. d2-d4 d7-d5 2. c2-c4 e7-e6 3. Jb1-c3 Jg8-f6 4. Jg1-f3 Jb8-d7 5. Sc1-g5 Sf8-b4 6. e2-e3 c7-c5 "
        "7. c4:d5 e6:d5 8. Sf1-d3 Dd8-a5 9. Dd1-c2 c5-c4 10. Sd3-f5 0-0 11. 0-0 g7-g6 12. Sf5:d7 Jf6:d7 "
        "13. e3-e4 Jd7-b6 14. e4-e5 Sc8-5 15. Dc2-d2 Vf8-e8 16. a2-a3 Sb4-f8 *"
    )
    (game,) = parse_games(text, "sk")
    assert isinstance(game.error, IllegalMoveError) and len(game.plies) == 27
    (read,) = read_lenient(decode_lines(io.BytesIO(text.encode()), "t"), "sk")
    assert [ply.san for ply in read.game.plies][27:] == ["Bf5", "Qd2", "Rfe8", "a3", "Bf8"]
    assert read.decoded.moves[27].flagged


def test_moves_told_in_a_story_resume_after_an_ellipsis_at_their_next_number() -> None:
    text = (
        "Mülock jogou 1. e4... e a resposta foi 1. ...e5. Depois 2. Cf3... teve como continuidade 2. ... Cc6."
    )
    (game,) = parse_games(text, "pt")
    assert [(ply.san, ply.comment) for ply in game.plies] == [
        ("e4", "e a resposta foi"),
        ("e5", "Depois"),
        ("Nf3", "teve como continuidade"),
        ("Nc6", ""),
    ]
    # A number that fits in the words after the ellipsis only cites a line when the game goes on under the
    # same number at the start of a later line.
    text = (
        "1.e4 c5 2.Sf3 d6 3.d4? ...\n\nBiałe mogły grać 3. c3, na co nie można odpowiedzieć 3. ...b5 z powodu"
        " 4. a4.\n\n3. ... cxd4\n4.Sxd4"
    )
    (game,) = parse_games(text, "pl")
    assert [ply.san for ply in game.plies][4:] == ["d4", "cxd4", "Nxd4"] and game.doubtful_from == 0


def test_a_line_cited_in_prose_is_not_the_game_when_its_number_starts_a_line_later() -> None:
    text = "1. e4 e5 2. Sf3 Sc6\n3. Lc4\nBättre är 3...Sf6 där vit svarar med 4. Sg5.\n3... d6 4. h3"
    (game,) = parse_games(text, "sv")
    assert [ply.san for ply in game.plies] == ["e4", "e5", "Nf3", "Nc6", "Bc4", "d6", "h3"]
    assert game.plies[4].comment == "Bättre är 3...Sf6 där vit svarar med 4. Sg5."
    (game,) = parse_games("1. e4 e5 2. Sf3\nsvart spelade sedan 2...Sf6 och 3. Lc4", "sv")
    assert [ply.san for ply in game.plies][-2:] == ["Nf6", "Bc4"]  # not written again: the game


def test_moves_numbered_on_from_another_move_cited_in_the_same_sentence_are_that_line() -> None:
    # The game went 3...a6; the prose cites 3...d6 and goes on from it: 4.Sxc6+ is that line's, not the game's.
    text = "1.e4 e5 2.Jf3 Jc6 3.Sb5 a6 Tento tah je hlavní, v obraně 3...d6 někdy po 4.Sxc6+ bxc6 5.d4 exd4 vadí."
    (game,) = parse_games(text, "cs")
    assert [ply.san for ply in game.plies] == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]
    assert game.error is None
    # The same move cited, a new sentence after the cited one, or an alternative written right after the
    # move before any words: the number goes on with the game.
    for prose in ("Hrálo se 3...a6 a po 4.Sa4 Jf6", "Lepší bylo 3...d6. 4.Sa4 Jf6", "3...d6 4.Sa4 Jf6"):
        (game,) = parse_games(f"1.e4 e5 2.Jf3 Jc6 3.Sb5 a6 {prose}", "cs")
        assert [ply.san for ply in game.plies][-2:] == ["Ba4", "Nf6"]
    # The cited move for the ply just played may be one the citation did not number ("4. 0-0 Jxe4", the game
    # having gone 4...Jd4): the next number goes on with that line, although 5. Jc3 could be the game's.
    text = "1.e4 e5 2.Jf3 Jc6 3.Sc4 Sc5 4.0-0 Jd4 Lepšie je 3. ... Jf6 4. 0-0 Jxe4 5. Jc3 Jxc3 a čierny stojí dobre."
    (game,) = parse_games(text, "sk")
    assert [ply.san for ply in game.plies][-2:] == ["O-O", "Nd4"]
    assert game.error is None
    # A full stop after castling ends the sentence too; the dots of a move number do not.
    (game,) = parse_games("1.e4 e5 2.Jf3 Jc6 3.Sb5 Jf6 4.Sxc6 Lepší bylo 4. 0-0. 4. ... dxc6 5. 0-0", "cs")
    assert [ply.san for ply in game.plies][-3:] == ["Bxc6", "dxc6", "O-O"]


def test_a_line_cited_at_the_end_of_a_line_goes_on_at_the_next_when_the_game_goes_on_later() -> None:
    # The game played 4.c3; the note cites 4.0-0 and goes on with it on the next line ("4...Sf6, 5.d3 d6",
    # moves the game could play too), while the game goes on where "4..." starts a line again.
    text = (
        "1.e4 e5 2.Sf3 Sc6 3.Lc4 Lc5 4.c3\nPosle 4.0-0 crni lako izjednačuje\n4...Sf6, 5.d3 d6 i crni stoji"
        " dobro.\n4...d6, 5.d4 exd4"
    )
    (game,) = parse_games(text, "sr")
    assert [ply.san for ply in game.plies][6:] == ["c3", "d6", "d4", "exd4"]
    assert game.error is None
    # Without the game going on under that number later, the line after the note is the game's.
    (game,) = parse_games(
        "1.e4 e5 2.Sf3 Sc6 3.Lc4 Lc5 4.c3\nPosle 4.0-0 crni lako izjednačuje\n4...Sf6, 5.d3 d6", "sr"
    )
    assert [ply.san for ply in game.plies][6:] == ["c3", "Nf6", "d3", "d6"]


def test_a_bracket_right_after_a_move_the_prose_cites_belongs_to_the_prose() -> None:
    text = (
        "1.e4 e5 2.Sf3 Sc6 3.Lc4 Lc5\nIgrano je i 3...Sf6 4.d3 [4.Sg5 d5] Le7 i crni stoji dobro.\n4.c3 Sf6"
    )
    (game,) = parse_games(text, "sr")
    assert [ply.san for ply in game.plies] == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6"]
    assert game.plies[5].comment == "Igrano je i 3...Sf6 4.d3 [4.Sg5 d5] Le7 i crni stoji dobro."
    assert game.plies[5].variations == () and game.warnings == []
    # The cited move's marks may come between ("4.d3! (mirno) Le7").
    (game,) = parse_games(text.replace("4.d3 [4.Sg5 d5]", "4.d3! (mirno)"), "sr")
    assert [ply.san for ply in game.plies][-2:] == ["c3", "Nf6"] and game.error is None


def test_white_moves_alone_are_an_outline_and_the_game_starts_at_the_next_move_one() -> None:
    text = "Valkea tekee siirroilla 1.e4 2.Lc4 3.Df3 (tai Dh5) 4.Dxf7#. Esimerkiksi: 1.e4 e5 2.Dh5 Rc6 3.Lc4 Rf6 4.Dxf7#"
    (game,) = parse_games(text, "fi")
    assert [ply.san for ply in game.plies] == ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]
    assert game.error is None and game.result == "1-0"
    for alone in ("1.e4 2.Lh6 1.e4 e5", "1.e4 2.Lc4 3.Df3"):  # White cannot play it either; no game follows
        (game,) = parse_games(alone, "fi")
        assert isinstance(game.error, IllegalMoveError) and len(game.plies) == 1


def test_an_unplayable_move_under_a_wrong_number_is_a_comment_when_the_right_number_follows() -> None:
    text = "1. e4 e5 2. Rf3 d6\n3. … Dd7 var sterkara\n3. d4 Bg4"
    (game,) = parse_games(text, "is")
    assert [ply.san for ply in game.plies] == ["e4", "e5", "Nf3", "d6", "d4", "Bg4"]
    assert game.plies[3].comment == "3. … Dd7 var sterkara"
    assert game.warnings == [
        "line 2, column 6: 'Dd7' cannot be played (move number '3. …' written where 3. was expected), and the "
        "game goes on under the number due later: read as a comment"
    ]
    (game,) = parse_games("1. e4 e5 2. Rf3 d6\n3. … Dd7 var sterkara", "is")  # no 3. later: an error
    assert isinstance(game.error, IllegalMoveError)


def test_an_alternative_on_its_own_line_is_a_comment_when_the_number_due_follows_with_an_ellipsis() -> None:
    # A game viewer's text: the alternative to White's third move on a line of its own, then "3…" (an
    # ellipsis glued to the number, no dot) where the game goes on.
    text = "1.e41…e52.Nf32…Nc63.Bc4\n3.Bb5 is the Spanish\n3…Bc54.c3"
    (game,) = parse_games(text, "en")
    assert [ply.san for ply in game.plies] == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3"]
    assert game.error is None and game.plies[4].comment == "3.Bb5 is the Spanish"
    # Also where the alternative could be Black's move (Nd5): White's number says it is not.
    (game,) = parse_games("1.e41…e62.Nc32…Nf63.Nf3\n3.Nd53…Nxd5\n3…Be74.d4", "en")
    assert [ply.san for ply in game.plies] == ["e4", "e6", "Nc3", "Nf6", "Nf3", "Be7", "d4"]
    assert game.plies[4].comment == "3.Nd53…Nxd5"


def test_a_result_in_prose_that_cites_another_game_does_not_end_this_one() -> None:
    text = "1. d4 d5 2. e4 dxe4\n- U partiji Diemer–Halosar, nakon 2...e5 3.dxe5 1–0.\n3. Sc3 Sf6"
    (game,) = parse_games(text, "bs")
    assert [ply.san for ply in game.plies] == ["d4", "d5", "e4", "dxe4", "Nc3", "Nf6"] and game.result == "*"
    (game,) = parse_games("1. d4 d5 2. e4 dxe4\nBijeli je predao 0–1.", "bs")
    assert game.result == "0-1"


def test_moves_under_a_number_far_from_the_one_due_are_prose_when_that_one_follows() -> None:
    text = "1.e4 e5\nsi 1...d5 (1...c5 2.Cf3) 6.Cc3 Cf6 ganando.\n2.Cf3 Cc6"
    (game,) = parse_games(text, "es")
    assert [ply.san for ply in game.plies] == ["e4", "e5", "Nf3", "Nc6"] and not game.warnings
    # The rank of a move ("b3.") is no move number: a slip stays a slip, not prose to the end.
    (game,) = parse_games("1.e4 e5 2.Cf3 Cc6 30.Ac4 Ac5 4.b3.", "es")
    assert [ply.san for ply in game.plies][-3:] == ["Bc4", "Bc5", "b3"]
    (game,) = parse_games("1.e4 e5 12.Cf3 Cc6", "es")  # a slip of the number: the game, with a warning
    assert [ply.san for ply in game.plies][2:] == ["Nf3", "Nc6"]
    assert game.plies[2].warnings[0].startswith("move number '12.' written where 2. was expected")


def test_tag_names_of_other_languages_are_read_as_pgn_tags() -> None:
    text = '[Evento "Simultáneas"]\n[Fecha "1924/??/??"]\n[Blancas "Capablanca"]\n[Negras "Kevic"]\n[Weiß "X"]\n1. b4 d5'
    (game,) = parse_games(text, "es")
    assert game.headers == {
        "Event": "Simultáneas",
        "Date": "1924.??.??",
        "White": "Capablanca",
        "Black": "Kevic",
    }
    (game,) = parse_games('[White "Capablanca"]\n[Blancas "Otro"]\n[Ficha "x"]\n1. b4 d5', "es")
    assert game.headers == {"White": "Capablanca", "Ficha": "x"}  # the PGN tag wins; unknown names stay
    # A date with dashes, as a blog's template writes it (tests/data/real40/da-001), takes PGN's dots.
    (game,) = parse_games('[Date "2012-05-02"]\n[Site "AS04"]\n1. e4 e5 *', "da")
    assert game.headers == {"Date": "2012.05.02", "Site": "AS04"}


def test_a_game_that_may_go_on_in_its_last_comment_is_told() -> None:
    text = "1. d4 d5 2. c4 c6\nTekst.\n6. Sf3, Sf6, 7. Sc3, e6, 8. g3, dc, 9. Lg2, Sbd7, 10. 0-0, b5 1-0"
    (game,) = parse_games(text, "sr")
    assert len(game.plies) == 4 and game.warnings == [
        "line 1: the moves stop after 2... c6, but the comment after it numbers 5 later moves (6 to 10): the game "
        "may go on there"
    ]
    assert game.doubtful_from == 5  # the moves after the last one read: for review (`convert` exits 1)
    (game,) = parse_games("1. d4 d5 2. c4 c6 {Or 3. Sf3 Sf6 4. Sc3 e6 5. g3.} 1-0", "sr")  # analysis: quiet
    assert not game.warnings and game.doubtful_from == 0
    # Numbers written "6)" too.
    (game,) = parse_games(
        "1. d4 d5 2. c4 c6\nTekst.\n6) Sf3, Sf6, 7) Sc3, e6, 8) g3, dc, 9) Lg2, b5, 10) 0-0", "sr"
    )
    assert len(game.plies) == 4 and any("numbers 5 later moves (6 to 10)" in w for w in game.warnings)


def test_a_square_with_a_case_ending_that_is_no_move_is_prose() -> None:
    (game,) = parse_games("1.e4 e5 2.Rf3 Rc6 3.Lc4 Rf6 4.Rg5!? f7-sotilaan kimppuun.", "fi")
    assert game.error is None and game.plies[-1].comment == "f7-sotilaan kimppuun."
    (game,) = parse_games("1.e4 e5 2.Rf3 Rc6 3.Lc4 Rf6 4.Rg5!? f7 kimppuun.", "fi")
    assert isinstance(game.error, IllegalMoveError)


def test_dots_after_a_move_number_in_prose_belong_to_it() -> None:
    (game,) = parse_games("Il bianco apre con 1)d4, il nero continua con 1)…d5 2)c4 e6", "it")
    assert [(ply.san, ply.comment) for ply in game.plies] == [
        ("d4", "il nero continua con"),
        ("d5", ""),
        ("c4", ""),
        ("e6", ""),
    ]


def test_moves_numbered_with_a_slash_and_a_list_after_paused_moves_starts_no_game() -> None:
    # A French training page: "1/ e4 - e5 ;", "4/ ... - Fxb4 ;", and a list "1/ _ …" in a note.
    text = (
        "1/ e4 - e5 ;\n2/ Cf3 - Cc6 ;\n3/ Fc4 - Fc5 ;\n4/ b4! - ... ;\nLe Gambit Evans.\n4/ ... - Fxb4 ;\n"
        "5/ c3 ! -... ;\nLes blancs ont 3 objectifs.\n1/ _ Se saisir de l'initiative.\n2/ _ Supprimer le pion.\n"
        "5/ ... - Fa5 ;\n6/ d4! - exd4 ;"
    )
    (game,) = parse_games(text, "fr")
    assert [ply.san for ply in game.plies][6:] == ["b4", "Bxb4", "c3", "Ba5", "d4", "exd4"]


def test_an_ellipsis_before_words_or_the_end_still_ends_the_moves() -> None:
    assert [len(game.plies) for game in parse_games("1.d4 Jf6 2.c4 ...atd.", "cs")] == [3]
    assert parse_games("1.d4 Jf6 2.c4 ... 1-0", "cs")[0].result == "1-0"


@pytest.mark.parametrize(
    ("text", "locale", "result"),
    [
        ("1. e4 e5 2. Jf3 Jc6 3. Sb5 a čierny sa vzdal.", "sk", "1-0"),
        ("1. e4 e5 2. Кf3 Кc6 Черные сдались ввиду неизбежного мата", "ru", "1-0"),
        ("1. e4 e5 2. Cf3 Cc6 (las blancas rinden)", "es", "0-1"),
        ("1. e4 e5 2. Sf3 Sc6 3. Lb5 Weiß gab auf.", "de", "0-1"),
        ("1. e4 e5 2. Sf3 Sc6 3. Lb5 Crni predaje.", "sr", "1-0"),
        ("1. e4 e5 2. Nf3 Nc6 3. Bb5 and resigned.", "en", "1-0"),  # no side named: the side to move
        ("1. e4 e5 2. Кf3 Кc6 Белые сдались, так как черные выигрывают слона.", "ru", "0-1"),
        ("1. e4 e5 2. Rf3 Rc6 3. Bb5 og svartur gafst upp.", "is", "1-0"),
        ("1.e4 e5 2.Sf3 Sc6 3.Lb5 a6 4.uppg.", "sv", "0-1"),  # "uppgav", shortened, under White's number
        ("1.e4 e5 2.Sf3 Sc6 3.Lb5 a6 Hvid opgav.", "da", "0-1"),
        # A loss on time, told of the side that lost; a draw the players agreed.
        ("1.e4 e5 2.Jf3 Jc6 3.Sb5 a6 Čierny prekročil svoj čas. Po 4.Sa4 už nemá čo hrať.", "sk", "1-0"),
        ("1. e4 e5 2. Nf3 Nc6 3. Bb5 White lost on time.", "en", "0-1"),
        (
            "1. e4 e5 2. Cf3 Cc6 3. Fb5 a6 Les adversaires s'entendirent pour une partie nulle.",
            "fr",
            "1/2-1/2",
        ),
        ("1. e4 e5 2. Sf3 Sc6 3. Lb5 Remis vereinbart.", "de", "1/2-1/2"),
        ("1. e4 e5 2. Jf3 Jc6 3. Sb5 Soupeři se dohodli na remíze.", "cs", "1/2-1/2"),
        ("1. e4 e5 2. Sf3 Sc6 3. Lb5 Nakon cajtnota, partija završava remijem.", "sr", "1/2-1/2"),
        ("1. e4 e5 2. Nf3 Nc6 3. Bb5 The game ended in a draw.", "en", "1/2-1/2"),
        ("1. e4 e5 2. Rf3 Rc6 3. Bb5 a6 4. Bxc6 dxc6 og jafntefli samið.", "is", "1/2-1/2"),
        ("1.e4 e5 2.Cf3 Cc6 3.Ab5 Dg5 i blanques abandonen.", "ca", "0-1"),
        ("1.e4 e5 2.Af3 Ac6 3.Fb5 a6 ve Siyah oyunu terk ediyor.", "tr", "1-0"),
        # Romanian, with its colours' words; Swedish's participle (the side to move resigned).
        ("1. e4 e5 2. Cf3 Cc6 3. Nb5 a6 4. Na4 Cf6 – Negrul cedează.", "ro", "1-0"),
        ("1. e4 e5 2. Cf3 Cc6 3. Nb5 a6 4. Na4 Cf6 5. O-O Albul a cedat.", "ro", "0-1"),
        ("1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. O-O Le7 6. Te1  Uppgivet.", "sv", "1-0"),
        # Romanian's "resigned" word for word; Slovak's "no" before a side is "but", no negation.
        ("1. e4 e5 2. Cf3 Cc6 3. Nb5 a6 4. Na4 Cf6 Negrul a demisionat.\nAcest exemplu …", "ro", "1-0"),
        ("1.e4 e5 2.Jf3 Jc6 3.Sb5 a6 4.Sa4 – zapečatený ťah, no biely sa vzdal, lebo proti …", "sk", "0-1"),
        # A win told with the result in brackets after it.
        ("1.e4 e5 2.Sf3 Sc6 3.Gb5 a6 4.Ga4 Sf6 … i czarne łatwo wygrały (0–1).", "pl", "0-1"),
    ],
)
def test_a_resignation_in_words_after_the_last_move_is_the_result(
    text: str, locale: str, result: str
) -> None:
    game = parse_games(text, locale)[0]
    assert game.result == result
    assert game.warnings[-1].startswith(f"result {result} read from the words ")


@pytest.mark.parametrize(
    ("text", "locale", "plies", "result"),
    [
        ("1.e4 e5 2.Cf3 Cc6 3.Ac4 Y las blancas abandonaron ante 4.Cg5 Dxg5.", "es", 5, "0-1"),
        ("1. e4 e5 2. Кf3 Кc6 3. Сc4 Черные сдались ввиду мата после 3… Кd4 4. Кe5", "ru", 5, "1-0"),
        ("1. e4 e5 2. Cf3 Cc6 (las blancas rinden) Podría seguir 3. Ac4 Ac5 4. d3", "es", 4, "0-1"),
        ("1.e4 e5 2.Sf3 Sc6 3.Lc4 Lc5 4.Sg5 Aufgabe!! Es droht z.B.: 4...Sh6 5.d4 Lxd4", "de", 7, "1-0"),
        (
            "1. e4 e5 2. Sf3 Sc6 3. Lb5 Remis vereinbart. Möglich war noch 3...a6 4. La4 Sf6 5. 0-0",
            "de",
            5,
            "1/2-1/2",
        ),
    ],
)
def test_moves_written_after_a_resignation_are_the_last_moves_comment_not_the_game(
    text: str, locale: str, plies: int, result: str
) -> None:
    game = parse_games(text, locale)[0]
    assert len(game.plies) == plies and game.result == result
    assert game.plies[-1].comment.endswith(text.split()[-1])  # nothing lost: the rest is its comment


def test_a_black_number_ending_in_a_dash_written_again_at_a_line_start_is_where_the_game_goes_on() -> None:
    # "se jugó 11. - Ce7 en una partida …", then "11. – Cb4" starting a line (real63 es-001): the first is cited;
    # before, it and the move after it were read as the game's, unflagged.
    text = (
        "1. d4 – Cf6 2. Cf3 – b6 3. g3 – Ab7 4. Ag2 – e6\n5. 0-0 – Ae7 6. c4 – 0-0\n"
        "7. Cc3 Hace años se jugó 7. - Ce4 en una partida antigua. Pero esto permite 8. Dc2… que me aterrorizaba.\n"
        "7. – d5 8. Dc2 – c5\n"
    )
    (game,) = parse_games(text, "es")
    assert [ply.san for ply in game.plies[12:]] == ["Nc3", "d5", "Qc2", "c5"] and game.doubtful_from == 0


def test_a_move_the_prose_cites_then_the_same_bare_number_with_the_games_own_move_is_taken_back() -> None:
    # "Tot zover conform de partij van Gaprindaschwili, die hier met 11 Lfl-e2 voortzette. Tal doet het anders:
    # 11 Ddl-d2;Dd8-e7" (real57 nl-006): before, 11.Be2 was read as the game's and the reading ended there.
    text = (
        "1 e2-e4;c7-c5, 2 Pg1-f3;Pb8-c6, 3 d2-d4;c5xd4, 4 Pf3xd4;g7-g6, 5 Pb1-c3;Lf8-g7, 6 Lc1-e3;Pg8-f6, "
        "7 Lf1-c4;0-0, 8 Lc4-b3;d7-d6, 9 f2-f3;Lc8-d7, 10 Dd1-d2;Pc6xd4, Tot zover de partij van Karpov, die hier "
        "met 11 Le3xd4 voortzette. Tal doet het anders: 11 Dd2xd4;Ld7-c6 (Ld7-e6 is ook goed) 12 h2-h4;h7-h5"
    )
    (game,) = parse_games(text, "nl")
    assert [ply.san for ply in game.plies[20:]] == ["Qxd4", "Bc6", "h4", "h5"]
    assert game.plies[20].starting_comment.startswith("11. Le3xd4 voortzette.")


def test_moves_that_cannot_be_played_after_a_resignation_told_are_prose_not_an_error() -> None:
    # A lesson's game, the resignation told after its last move, then an exercise's lines from an earlier
    # move (real12 sk-002); before, "9.Jb5!" stopped the reading as Black's 10th move.
    text = (
        "**1.e4 e5 2.Jf3 Jc6 3.Sb5 Jf6 4.O-O Jxe4 5.Ve1 Jd6 6.Jxe5 Se7 7.Sf1 Jxe5 8.Vxe5 O-O 9.d4 Jf5 10.Vxf5**\n\n"
        "a čierny sa vzdal, lebo nemôže 10. – d6 pre 11.Vh5 g6 12.Sh6 mat.\n\n## Samostatná práca\n\n"
        "### A. 7. – Sf6\n\n**7. – Sf6 8.Sxg7 Kxg7**\n  \nJednoduché 9.Vxe7 s prevahou bieleho, alebo este lepšie\n"
        "  \n**9.Jb5! axb5 10.Dd4+**\n"
    )
    (game,) = parse_games(text, "sk")
    assert (len(game.plies), game.result, game.error) == (19, "1-0", None)


def test_no_result_is_read_without_words_that_say_it_and_a_written_one_wins() -> None:
    assert parse_games("1. e4 e5 2. Jf3 Jc6 3. Sb5 s výhodou bieleho", "sk")[0].result == "*"
    # "Aufgabe" is a resignation only as the first word after the last move; elsewhere it is a task.
    (game,) = parse_games("1.e4 e5 2.Sf3 Sc6 3.Lc4 Eine wichtige Aufgabe hat der Läufer. 3...Lc5 4.c3", "de")
    assert game.result == "*" and [ply.san for ply in game.plies][-2:] == ["Bc5", "c3"]
    assert parse_games("1. e4 e5 2. Jf3 Jc6 3. Sb5 čierny sa vzdal 1/2-1/2", "sk")[0].result == "1/2-1/2"


@pytest.mark.parametrize(
    ("heading", "white", "black"),
    [
        ("Mayerhöfer,Miloš - Kapička,V [C63] Uherské Hradiště, 1912", "Mayerhöfer, Miloš", "Kapička, V"),
        ("Rotlevi,G – Eljaschow,M\nSt Petersburg, 1909", "Rotlevi, G", "Eljaschow, M"),
        ("Kasparov - Karpov, Moscow 1985", "Kasparov", "Karpov"),
        ("Kapička - Novák, V.", "Kapička", "Novák, V."),
        ("Neuschl (Kremnica) – Brix (Bratislava)\n\nStaroindická hra\n", "Neuschl", "Brix"),
        ("K. HromádkaE. Bogoljubov\n", "K. Hromádka", "E. Bogoljubov"),
        ("R. P. MichellDr. S. Tartakower:", "R. P. Michell", "Dr. S. Tartakower"),
        ("Už 31 ráz sa stretli.\n\nKorčnoj-Ivkov", "Korčnoj", "Ivkov"),
        ("R. P. MichellDr. S. Tartakower: 1.", "R. P. Michell", "Dr. S. Tartakower"),
        ("Miniatúry\n: Krejzick – Reti, Praga 1922", "Krejzick", "Reti"),
        ("Blancas: Richard Reti – Negras Dr. Siegbert Tarrasch", "Richard Reti", "Dr. Siegbert Tarrasch"),
        (
            "Schulder R (GER?)\nBoden Samuel Standidge (ENG)\nLondon ENG, 1853",
            "Schulder R",
            "Boden Samuel Standidge",
        ),
        ("Petrosjan-Ree (Wijk aan Zee 1974)", "Petrosjan", "Ree"),
        ("       JELEN-BELjAVSKI\n       (Ljubljana, 2002)", "Jelen", "Beljavski"),
        ("Piorun, K (2601)-Sadzikowski, D (2507) [A45]\nWarsaw (4.5) 2020", "Piorun, K", "Sadzikowski, D"),
        ("Harikrishna, P (2732)-Duda, J-K (2753) [E21]", "Harikrishna, P", "Duda, J-K"),
        (
            "Tal, Mikhail -- Bronstein, David I\nsim m Tbilisi GEO 1982 1-0 B16m",
            "Tal, Mikhail",
            "Bronstein, David I",
        ),
        ("       Anand-Karpov\n       (Vajk an Ze, 2003)", "Anand", "Karpov"),
        ("Ivančo-dr. Lax", "Ivančo", "dr. Lax"),
        ("### Khalifman – Svěšnikov, Rusko 1996\n", "Khalifman", "Svěšnikov"),
        ("Nr 85. Obrona słowiańska [D 16]\nA. Alechin J. Bogoljubow\n", "A. Alechin", "J. Bogoljubow"),
        ("Carlsen, Magnus\nFirouzja, Alireza\nTata Steel 2021", "Carlsen, Magnus", "Firouzja, Alireza"),
        ("Jovana Erić (2308) – Miruna-Darija Lehaci (2241) (B51)", "Jovana Erić", "Miruna-Darija Lehaci"),
        # A page's menu of links above the heading names no players.
        (
            "Info – Pgn(104) – Partije – Učesnici – Kolo\nSmyslov,Vassily V (2605) – Bronstein,David (2590)",
            "Smyslov, Vassily V",
            "Bronstein, David",
        ),
        # After an initial, the words after a comma are the place, not given names.
        ("Kapička, V - Novák, Praha 1950", "Kapička, V", "Novák"),
        # An exercise's number right before the name, the ECO read as Cyrillic after it.
        ("Вначале:\n\n31.Капабланка - Фонарев С66\n\nНью-Йорк, 1904", "Капабланка", "Фонарев"),
        ("Кузьмичов—Матвієк, Рига, 1972 рік.", "Кузьмичов", "Матвієк"),
        ("Kramnik– Anand, Dünya Şampiyonluğu, Almanya, 2008", "Kramnik", "Anand"),
        # "x" between the names, as Brazil writes it; the opening's name above them names no players.
        ("DEFESA SICILIANA - VARIANTE DO DRAGÃO\nKORCHNOY x KARPOV, 1974.", "Korchnoy", "Karpov"),
        ("Kasparov x Karpov, Moscou 1985", "Kasparov", "Karpov"),
    ],
)
def test_heading_names_keep_their_initials_and_drop_the_place(heading: str, white: str, black: str) -> None:
    game = parse_games(f"{heading}\n1. e4 e5 1-0", "cs")[0]
    assert (game.headers["White"], game.headers["Black"]) == (white, black)


def test_a_place_joined_by_a_hyphen_is_no_pair_of_players_in_any_script() -> None:
    (game,) = parse_games("Нью-Йорк, 1904\n\n1.e4 e5 2.Kf3 Kc6 *", "ru")
    assert "White" not in game.headers and game.headers["Site"] == "Нью-Йорк"
    (game,) = parse_games("31.Капабланка - Фонарев С66\n1.e4 e5 *", "ru")
    assert game.headers["ECO"] == "C66"


@pytest.mark.parametrize(
    ("heading", "tags"),
    [
        (
            "Blancas: A. Burn (Reino Unido). Negras: G. Mackenzie (Reino Unido). Gambito de Dama (D35).",
            {"White": "A. Burn", "Black": "G. Mackenzie", "ECO": "D35"},
        ),
        (
            # A country after White's name between dots, a title before Black's.
            "Indversk vörn. Hvítt: J. Enevoldsen. Danmörk. Svart: Dr. A. Aljechin. Frakkl.",
            {"White": "J. Enevoldsen", "Black": "Dr. A. Aljechin"},
        ),
        ("Biely: Ing. Pachman. Čierny: Dr. M. Euwe.", {"White": "Ing. Pachman", "Black": "Dr. M. Euwe"}),
        (
            "Partida de ajedrez: Robert Spiers - Stanley Clifford Davey (Londres, 1950).",
            {"White": "Robert Spiers", "Black": "Stanley Clifford Davey", "Date": "1950.??.??"},
        ),
        (
            "Mat Paula Keresa\n(czarne: Edward Arłamowski, Szczawno Zdrój, 1950 r.)",
            {"Black": "Edward Arłamowski"},
        ),
        # A colour's label in the feminine.
        (
            "Blanca: Adela García Raposo.\nNegra: Eduardo Soto Bordoy.",
            {"White": "Adela García Raposo", "Black": "Eduardo Soto Bordoy"},
        ),
        ("Bílá: Carl Hamppe, Černá: Philipp Meitner", {"White": "Carl Hamppe", "Black": "Philipp Meitner"}),
        # Set out as a table's columns: a run of spaces ends a name.
        (
            "Bílý: Širov                Černý: Lapinski        rok  1990",
            {"White": "Širov", "Black": "Lapinski", "Date": "1990.??.??"},
        ),
        # Each player with a club after a comma and a rating in brackets (not a year); in Danish.
        (
            "hvid: Jens-Ole Næsborg, Fåborg (1709)\nsort: Knud Højgaard, Valby (1767)",
            {"White": "Jens-Ole Næsborg", "Black": "Knud Højgaard", "Date": "?"},
        ),
        # A database's "Surname,Given", no space after the comma: all the name (before, "Akl").
        (
            "Beli: Sursock,S\nCrni: Akl,Jad Eli\n50th ch-LBN 2025, 4. kolo, 2025",
            {"White": "Sursock, S", "Black": "Akl, Jad Eli", "Round": "4"},
        ),
        # The line breaks lost: the place and year run on from the black name.
        (
            "Blancs : Spielmann Noirs : Walter Trentschin-Teplitz, 1928",
            {"White": "Spielmann", "Black": "Walter", "Site": "Trentschin-Teplitz", "Date": "1928.??.??"},
        ),
        ("Blancs : Koltanowski Noirs : N. N. Antwerp, 1931", {"Black": "N. N.", "Site": "Antwerp"}),
        ("Blancs : Jan Timman Noirs : Anatoly Karpov, 1985", {"Black": "Anatoly Karpov", "Site": "?"}),
        # The year after the names dates the game, not the magazine's date above them.
        (
            "Vinnan - 01.12.1947, Qupperneq 46\nHvítt: H. Wolf . Svart: M. Euwe Mahristan-Ostrau, 1923. — Sikileyjar-vörn.",
            {"White": "H. Wolf", "Black": "M. Euwe", "Site": "Mahristan-Ostrau", "Date": "1923.??.??"},
        ),
        # Two surnames joined by a hyphen, then the year alone, or after the sentence before them on their line.
        ("Fleissig-Schlechter 1893", {"White": "Fleissig", "Black": "Schlechter", "Date": "1893.??.??"}),
        (
            "Tak prinútil víťaza ku kapitulácii. Spielmann-Eliskases (Zápas 1932)",
            {"White": "Spielmann", "Black": "Eliskases", "Site": "?"},
        ),
        # Last in a heading run on from a PDF's text layer, after a sentence's end: the pair with a spaced dash.
        (
            "RIVISTA SCACCHI 34 di Rosario Ragonese ECCEZIONALE !!! Pancenko – Gofstein (Leningrado 1976)",
            {"White": "Pancenko", "Black": "Gofstein", "Site": "Leningrado", "Date": "1976.??.??"},
        ),
        # ... a colon after it (tests/data/real56/nl-001, the moves after it on its line).
        (
            "Ook Napoleon bezocht hem in 1809 en wilde de Turk testen. Napoleon – Turk:",
            {"White": "Napoleon", "Black": "Turk"},
        ),
        # Not in the middle of a sentence.
        ("Una partita bella. Karpov – il campione del mondo – vinse.", {"White": "?", "Black": "?"}),
        # An initial after a comma is the name's; each colour on its line, spaces doubled.
        ("Biely: Tal, M.\nČierny: Petrosian, T.", {"White": "Tal, M.", "Black": "Petrosian, T."}),
        ("Biely: Tal,  M.\nČierny: Petrosian,  T.", {"White": "Tal, M.", "Black": "Petrosian, T."}),
        # A database's place line: the round in brackets, then the date in figures.
        (
            "Padeiro,José (2275) - Costa,João Guerra (2207) [B00]\nGuimarães (7), 10.09.2006",
            {"White": "Padeiro, José", "Site": "Guimarães", "Date": "2006.09.10"},
        ),
        # A board or round in brackets before the players; an event's name and year before the date.
        (
            "(8) Peter M. Leimand - Jesper Skjoldborg [C69]\nDM 2003, 2003",
            {"White": "Peter M. Leimand", "Black": "Jesper Skjoldborg", "Site": "?", "Date": "2003.??.??"},
        ),
        # The event's name before the place, after a comma.
        (
            "T. Petrík - Nikolchovski (Bul.)\nME juniorov, Patras 1999",
            {"Site": "Patras", "Date": "1999.??.??"},
        ),
        # A tournament's span of days, the place after it: the day of the game is not known.
        (
            "Schmalhorst, Sophia – Lagunow, Elina\nDeutsche Jugendeinzelmeisterschaften 07. – 15.06.2014 in Magdeburg",
            {"Site": "Magdeburg", "Date": "2014.06.??"},
        ),
        ("Schlechter - Wolf\nOpen 30.5.–7.6.2014", {"Date": "2014.??.??"}),
        # An opening and its code are no players; each player on a line of their own with a rating is.
        (
            "Drachenvariante - B78\n\nZikeli, Saskia (1340)\nSchlötzer, Waldemar (1447)\n\n"
            "Württembergische Jugendeinzelmeisterschaft\nRechenberg 2001, U12, Runde 6, 20.04.2001",
            {
                "White": "Zikeli, Saskia",
                "Black": "Schlötzer, Waldemar",
                "Site": "Rechenberg",
                "Date": "2001.04.20",
            },
        ),
        # A labelled place and a labelled event, each on a line of its own; a label with nothing after it.
        (
            "White: Gary Owen\nBlack: John P. Pratt\nDate: 6 Jul 1976\nLocation: Hill Air Force Base, Utah",
            {"White": "Gary Owen", "Site": "Hill Air Force Base, Utah", "Date": "1976.07.06", "Event": "?"},
        ),
        (
            "Mikhail Chigorin - Mikhail Davidov\nEvento: St. Petesburgo\nData: 1874\nECO: C37",
            {"White": "Mikhail Chigorin", "Event": "St. Petesburgo", "Date": "1874.??.??", "ECO": "C37"},
        ),
        ("Weiß: Lasker\nSchwarz: Schiffers\nOrt: Nürnberg\nTurnier:", {"Site": "Nürnberg", "Event": "?"}),
        # A list's bullets before the colours' words, a name in quotes.
        (
            "  • New York, 3. 5. 97\n  • Bílý: Garry Kasparov\n  • Černý: „Deep Blue“",
            {"White": "Garry Kasparov", "Black": "Deep Blue"},
        ),
        ("• Biely: Tal\n• Čierny: Petrosian", {"White": "Tal", "Black": "Petrosian"}),
        # Iceland's abbreviated colours; a name that ends where another label starts.
        ("Hv.: Gligoric Sv.: Barden", {"White": "Gligoric", "Black": "Barden"}),
        (
            "Bílá: Carl Gumpe Černá: Philipp Meitner Zahájení : Vienna Party ( ECO C25)",
            {"White": "Carl Gumpe", "Black": "Philipp Meitner", "ECO": "C25"},
        ),
        # Each player on a line of their own with a federation and a rating.
        ("J. Polgar (HUN, 2682)\nD. Navara (CZE, 2708)", {"White": "J. Polgar", "Black": "D. Navara"}),
        # "vs." between the names, and titles before them.
        (
            "CM Savino Di Lascio (1818) vs. 1N Carmine Quaranta (1766), 0-1",
            {"White": "Savino Di Lascio", "Black": "Carmine Quaranta"},
        ),
        ("GM Magnus Carlsen - IM Jan Novák", {"White": "Magnus Carlsen", "Black": "Jan Novák"}),
        # A white surname of two joined by a hyphen (tests/data/real56/fi-001), as a black one may be.
        (
            "Juan Carlos Gonzalez-Zamora - Thomas Luther\nMeksiko 17.12.2003",
            {"White": "Juan Carlos Gonzalez-Zamora", "Black": "Thomas Luther", "Date": "2003.12.17"},
        ),
        # The ECO code first, before the opening's name, after a label (tests/data/real56/en-003).
        ("Opening: B40 - Sicilian Defense", {"ECO": "B40", "White": "?"}),
        ("C21 - Center Game", {"ECO": "C21"}),
        ("Morphy vs Anderssen, Paris 1858", {"White": "Morphy", "Black": "Anderssen", "Site": "Paris"}),
        # A server's or a federation's code after a name is no part of it.
        ("Itz vs Mitus ICS, enero 2000", {"White": "Itz", "Black": "Mitus", "Date": "2000.01.??"}),
        ("Carlsen NOR - Caruana USA", {"White": "Carlsen", "Black": "Caruana"}),
        # Catalan's, Finnish and Romanian colour words, a club in brackets after each name.
        (
            "Blanques: Joaquim Fons (Guixolenc)\nNegres: Volodin (Platja d’Aro)\nDefensa Siciliana",
            {"White": "Joaquim Fons", "Black": "Volodin"},
        ),
        ("Valkea: Polerio\nMusta: Leonardo", {"White": "Polerio", "Black": "Leonardo"}),
        ("Albul: Ionescu\nNegrul: Popescu", {"White": "Ionescu", "Black": "Popescu"}),
        # A heading in Markdown's bold with ratings after initials (no year); an opening after the black name
        # and a colon; two given names and surnames joined by a hyphen.
        ("**Frank D. (1907) - Dorian G. (1889)**", {"White": "Frank D.", "Black": "Dorian G.", "Date": "?"}),
        (
            "Bortolotti – Cruz: Defesa Caro-Kann, Variante das Trocas",
            {"White": "Bortolotti", "Black": "Cruz"},
        ),
        (
            "Alexeï Chirov-Vladimir Kramnik, Trophée Amber, Monte Carlo (Monaco), 2005",
            {"White": "Alexeï Chirov", "Black": "Vladimir Kramnik", "Date": "2005.??.??"},
        ),
        # Ratings after a comma, the list's letter glued on (F for FIDE's), or on both sides of the dash; a
        # colour label ending in a dash; a lesson's number before an initial.
        ("Tejkal J., 2033F – Londýn R., 2350F", {"White": "Tejkal J.", "Black": "Londýn R.", "Date": "?"}),
        ("Tejkal J., 2033 – Londýn R., 2350", {"White": "Tejkal J.", "Black": "Londýn R.", "Date": "?"}),
        ("Tal - Jakobsen, 1972", {"White": "Tal", "Black": "Jakobsen", "Date": "1972.??.??"}),
        ("Világos– Timman – Sötét: Naiditsch", {"White": "Timman", "Black": "Naiditsch"}),
        (
            "1) Т. Петросян – А. Нерсесов (Тбилиси, 1944, Русская партия)",
            {"White": "Т. Петросян", "Black": "А. Нерсесов", "Site": "Тбилиси", "Date": "1944.??.??"},
        ),
        # The pair nearest the moves, not a page's section title above it; a match's teams after its word are
        # no players where a pair before names them; a place after the black name of a pair that repeats one.
        (
            "ΠΟΙΚΙΛΗΣ ΥΛΗΣ - ΣΚΑΚΙ\nΗ ΓΩΝΙΑ ΤΗΣ ΠΑΡΤΙΔΑΣ\nΜπανίκας - Σεϊτάι",
            {"White": "Μπανίκας", "Black": "Σεϊτάι"},
        ),
        (
            "Нона Гаприндашвили – Милунка Лазаревић (Б65)\nМеч Југославија – SSСР, 1. партија, Ријека, 1963. године",
            {"White": "Нона Гаприндашвили", "Black": "Милунка Лазаревић"},
        ),
        ("Kortschnoi - Salow\nKortschnoi - Salow Belgrad 1987", {"White": "Kortschnoi", "Black": "Salow"}),
        # The heading line nearest the moves dates the game, a place in Cyrillic capitals no word of prose
        # (tests/data/real41/ru-002).
        (
            "Морфи, Лондон 1859 год\n\nИспанская партия\nЛевенталь - Морфи\nСеанс в клубе Сент-Джемс,\n"
            "Лондон, 26 апреля 1859 года",
            {"White": "Левенталь", "Black": "Морфи", "Date": "1859.04.26"},
        ),
        # A short line with the day dates the game, words and all (tests/data/real23/ru-003).
        (
            "Матч Морфи - Левенталь 1858\n\nОтказанный королевский гамбит\nМорфи Левенталь\n"
            "20 июля 1858 года, вторая партия матча",
            {"Date": "1858.07.20"},
        ),
        # A simultaneous display is no place (tests/data/real41/fr-002).
        ("Demanega, R. - Bronstein, D. [D08]\nSimultanee, Sion 1975", {"Site": "Sion", "Date": "1975.??.??"}),
        ("Kortchnoi, V. - Gaule, P. [B95]\nSimultanee Bagnes 2000", {"Site": "?", "Date": "2000.??.??"}),
        # A run of spaces ends the black name before the event (a Markdown heading, tests/data/real40/tr-001).
        (
            "# Anish Giri - Nikita Vitiugov  Fide Grand Prix İkinci Tur Mücadelesi Belgrad",
            {"White": "Anish Giri", "Black": "Nikita Vitiugov"},
        ),
        # A database's line of cells: place, round, date, code, result; the round may be left out.
        (
            "Carl Schlechter David Przepiorka 15th DSB Kongress (Nuremberg) | Nuremberg, GER | 8 | 1906.07.31 | D37 | 1:0",
            {"Site": "Nuremberg, GER", "Round": "8", "Date": "1906.07.31", "ECO": "D37"},
        ),
        # The place alone on the line after the players', in brackets or with the year on the line after it
        # (real, real15, real13); not a word alone before the moves, the opening's name as often (real32).
        ("Krasenkov-Karpov\n(Vajk an Ze)", {"Site": "Vajk an Ze"}),
        ("Tarrasch – Berger\nVratislav\nstředa, 17. července 1889, večer", {"Site": "Vratislav"}),
        (
            "Fussgaenger - M. Chwojnik [B57]\nBielsko Biała\nmecz Bielsko-Kraków 1926",
            {"Site": "Bielsko Biała"},
        ),
        ("PIKET - KORČNOJ\nNimcoindijka", {"Site": "?"}),
        # An initial's dot kept after a glued comma, an event glued after it (real64).
        (
            "### Huebner,R. – Ghizdavu,D.,World Student Team Ch., Graz, 1972",
            {"White": "Huebner, R.", "Black": "Ghizdavu, D."},
        ),
        # Given names joined by a hyphen after the surname and a comma (real63).
        (
            "Hillmann, Michael - Bondick, Karl-Heinz\nLL0405 Rochade II-Naumburg II, 2004",
            {"Black": "Bondick, Karl-Heinz"},
        ),
        (
            "James Marston Craddock Jacques Mieses London, England | London ENG | 1939 | A25 | 0:1",
            {"Site": "London ENG", "Round": "?", "Date": "1939.??.??", "ECO": "A25"},
        ),
    ],
)
def test_headings_with_notes_labels_and_one_side(heading: str, tags: dict[str, str]) -> None:
    game = parse_games(f"{heading}\n1. e4 e5 1-0", "es")[0]
    assert {name: game.headers.get(name, "?") for name in tags} == tags


@pytest.mark.parametrize(
    ("heading", "tags"),
    [
        # The date nearest the game: the column's date further up is the page's.
        ("ŠACHY\n(23.12.1954)\nBiely: Brzózka – Čierny: Makarczyk\nLodž 1954", {"Date": "1954.??.??"}),
        # An archive's page line and an article's date date the page, not the game.
        ("Tíminn - 06.04.1963, Side 8\nSKÁK\nBotvinnik - Petrosjan", {"Date": None}),
        ("Artikel: 1803 vom 26.01.2001, Kategorie Kolumne\nKasparov - Topalov", {"Date": None}),
        # The year the heading gives, the day from the sentence that tells the game was played, a score in it no
        # span of days (real32).
        (
            "nella sfida Milano-Genova, disputata il 3 aprile 1921 e vinta dai genovesi per 7 a 5. Nel match di "
            "ritorno i milanesi si presero una rivincita.\nBianchetti, R. - Morelli, L.\nMatch Milano-Genova, 1921",
            {"Date": "1921.04.03"},
        ),
        # A newspaper's name and the day of the week are no place (real51, real37).
        ("Vísir Miðvikudagur 30. ágúst 1972\nHvitt : R. Fischer", {"Site": None}),
        ("Κυριακή 11 Φεβρουαρίου 2001\nΜπανίκας - Σεϊτάι", {"Site": None}),
        # So does a source cited by its pages (real63).
        (
            "Adolf Anderssen – Serafino Dubois\nLondra, giugno 1862\nIl virgolettato è di Luigi Centurini, La "
            "Nouvelle Régence, n. 11, novembre 1862, pp. 333-334.",
            {"Date": "1862.06.??"},
        ),
        # A date in prose only: the first one.
        (
            "Hrala sa v Paríži v roku 1750, ale prvý raz\nbola uverejnená až v roku 1835.",
            {"Date": "1750.??.??"},
        ),
        (
            "Serafino Dubois – S. Lécrivain\nParis, July 23, 1855\nBishop’s Opening C23",
            {"Date": "1855.07.23", "ECO": "C23"},
        ),
        ("Abertura do [C50 Blackburne] Gambito de Schilling", {"ECO": "C50"}),
        # A range of codes names the opening's family, not the game's code.
        ("Francouzská obrana je zahájení 1.e4 e6 (ECO C10-C19)", {"ECO": None}),
        ("Dámská indická obrana [E12–E19]", {"ECO": None}),
        # A line that tells the time of day stamps the page: the game's date is another, or none.
        (
            "NIN | 20. septembar 2023 | 01:00\nPrva partija iz 2008. godine između Karlsena i Aronjana.",
            {"Date": "2008.??.??"},
        ),
        ("2001. január 27., szombat 18:17\nFuchs – Honfi", {"Date": None}),
        # The date a post, a column or an issue came out dates no game.
        ("środa, 31 sierpnia 2011\nA. Alechin J. Bogoljubow", {"Date": None}),
        ("ŠACHY\nVedie: I. Ivančo\n(6.7.1956)Aj tak možno vyhrať partiu", {"Date": None}),
        ("ŠACHY\n23 (12.6.1954)\nZápisník z roku 1907", {"Date": "1907.??.??"}),
        ("Da war mehr drin (3/7)\nGeschrieben am 10.02.2021 von Lukas Schimnatkowski", {"Date": None}),
        # A rating is no year.
        ("Si è svolto a Londra contro un ragazzone di 127 kg e 1789 punti elo!", {"Date": None}),
        ('---\ntitle: "Hoogtes en laagtes"\ndate: 2019-09-30 00:00:00 +0200\n---', {"Date": None}),
        # A date written as ISO writes it, as the label of the players' line in a table.
        ("1. parti: | |\n2013-01-30 : Csoli - Dicska | |\n---------- | |", {"Date": "2013.01.30"}),
        (
            "Magyar Sakkélet, 1964 (14. évfolyam 1-12. szám)\n1964. január / 1. szám\nH. Steffens",
            {"Date": None},
        ),
        # A site's release stamp dates no game.
        ("TESTA340 Release 2023-08-27\nSend your games to me, please.", {"Date": None}),
        # A database's heading: "Surname, Given" against an unknown opponent, the result and the code after the
        # place and year.
        (
            "Greco, Gioacchino -- Nieznany przeciwnik\nEuropa 1620 1-0 C24",
            {
                "White": "Greco, Gioacchino",
                "Black": "Nieznany przeciwnik",
                "ECO": "C24",
                "Date": "1620.??.??",
            },
        ),
        # Further down, the day of the week tells when the game was played.
        ("Tarrasch – Berger\nVratislav\nstředa, 17. července 1889, večer", {"Date": "1889.07.17"}),
        # In prose, a life's span and a rating in brackets date no game.
        ("A német Alexander Fritz (1857–1932) nem sakksikereiről vált híressé.", {"Date": None}),
        (
            "Se atribuye al ajedrecista Simón Alapin (1856-1923), y la jugó Luzia Pires (Elo 1538)",
            {"Date": None},
        ),
        # A post's date with the day of the week in Portuguese; the year in the prose dates the game.
        (
            "quarta-feira, 21 de janeiro de 2009\nO MATE DE ESPELHO\nWijk Aan Zee, em 1974, entre Browne e Quinteros",
            {"Date": "1974.??.??"},
        ),
        # A game's number past any year a game can have been played in is no year; nor is a volume's date.
        ("Parti 2081. Spanskt parti.", {"Date": None}),
        ("December 1909. | Årg, 15,", {"Date": None}),
        # A heading line of sentences: the place and date start the last; a date with "de" around the month.
        (
            "Blancas: E. Berg. Negras: D. Pacchiana. Gambito de Rey. Bermuda, 1 de febrero de 2002.",
            {"White": "E. Berg", "Black": "D. Pacchiana", "Site": "Bermuda", "Date": "2002.02.01"},
        ),
        # A sentence that ends with a bracket: the opening's code.
        (
            "Blancas: A. Burn (Reino Unido). Negras: G. Mackenzie (Reino Unido). Gambito de Dama (D35). "
            "Francfort, 1-8-1887.",
            {
                "White": "A. Burn",
                "Black": "G. Mackenzie",
                "Site": "Francfort",
                "ECO": "D35",
                "Date": "1887.08.01",
            },
        ),
        # An opening's name before the place is no part of it (tests/data/real48/es-002).
        (
            "Blancas: Grischuk. Negras: Kaspárov. Defensa Siciliana, Moscú, 27 de noviembre de 2004.",
            {"White": "Grischuk", "Black": "Kaspárov", "Site": "Moscú", "Date": "2004.11.27"},
        ),
        # "del" before the year; a place with its country.
        (
            "Blancas: S. Kishnev. Negras: R. Rabiega. Bundesliga. Neukoelin, Alemania, 10 de marzo del 2001.",
            {"Site": "Neukoelin, Alemania", "Date": "2001.03.10"},
        ),
        (
            "Defensa Siciliana (B96). Campeonato de Rusia. Krasnoyarsk, 6-9-2007.",
            {"Site": "Krasnoyarsk", "Date": "2007.09.06", "ECO": "B96"},
        ),
        # ... or its country in brackets, the bracket never closed (tests/data/real48/es-004).
        (
            "Defensa Siciliana (B31). Festival Tata Steel (6ª ronda). Wijk aan Zee (Holanda, 16-1-2015.",
            {"Site": "Wijk aan Zee", "Date": "2015.01.16", "ECO": "B31", "Round": "6"},
        ),
        ("Wijk aan Zee (Holanda), 16-1-2015.", {"Site": "Wijk aan Zee", "Date": "2015.01.16"}),
        # A report's title: the place, the round after a comma (tests/data/real15/nl-002); not a sentence's first
        # word further down.
        (
            "Jekaterinburg, ronde 6 door John van der Wiel\nAlekseenko,Kirill (2698) – Giri,Anish (2763)",
            {"Site": "Jekaterinburg", "Round": "6", "White": "Alekseenko, Kirill"},
        ),
        ("Turnaj mládeže\nNakonec, kolo 5 bylo dobré.", {"Site": None, "Round": "5"}),
        # There, without a comma after it, a word before the date names no place ("played 1913 June 9").
        # ... and the date that word's match overlaps is read ("1913 június 9."); a month starts a word.
        (
            "363. Szabálytalan. Játszották 1913 június 9. Dr. Tartakower S.",
            {"Site": None, "Date": "1913.06.09"},
        ),
        ("Skákþing Sommar 1913", {"Date": "1913.??.??"}),
        # The year a period begins ("Seit 1992") dates no game.
        (
            "Seit 1992 finden in Budapest die Turniere statt. Wir zeigen die Partie zweier junger Spieler, beide "
            "aus Ungarn, und ihre Fehler im Mittelspiel.",
            {"Date": None},
        ),
        # An event's word on either side of a dash: no players ("played in the Divan tournament"); before the
        # white name, the event's, not the name's.
        ("Gespielt im Divan - Turnier.", {"White": None, "Black": None}),
        ("Матч Морфи - Левенталь 1858", {"White": "Морфи", "Black": "Левенталь"}),
        ("CU ČEN-KOSTENJUK", {"White": "CU Čen", "Black": "Kostenjuk"}),
        # Two names side by side over the place and date, as a book sets them, a note perhaps after the black
        # one (tests/data/real43/ru-001, ru-002); not a place's two words over a line of prose.
        (
            "Гамбит Эванса\nМорфи Стэнли\nНью-Йорк, осень 1857",
            {"White": "Морфи", "Black": "Стэнли", "Site": "Нью-Йорк", "Date": "1857.??.??"},
        ),
        ("Морфи А. Морфи (отец)\nНовый Орлеан, весна 1849", {"White": "Морфи", "Black": "А. Морфи"}),
        ("Bielsko Biała\nmecz Bielsko-Kraków 1926", {"White": None, "Black": None}),
        # A database page's heading: the opening with its code glued on or the code alone, each player on his
        # line with his rating, the event with the round in brackets (tests/data/real42/de-002, real45/sv-001).
        (
            "SicilianB44\n\nAnatoly Karpov (2720)\nGarry Kasparov (2700)\n\nWorld Championship 32th-KK2 (16)\n"
            "Moscow, 1985",
            {
                "White": "Anatoly Karpov",
                "Black": "Garry Kasparov",
                "Round": "16",
                "ECO": "B44",
                "Date": "1985.??.??",
            },
        ),
        ("B21\n\nSven-Gunnar Samuelsson (1953)\nYngve Norgren (1639)", {"ECO": "B21", "Date": None}),
        # A column's line of running text names no place, however short its words (tests/data/real46/is-001).
        (
            "Enn var teflt með lifandi mönnum á\nÞjóðhátíð 1982 og birtist sú skák\nhér einnig.",
            {"Site": None},
        ),
        # A clause that speaks of ratings holds no year (tests/data/real44/nl-001).
        ("Met een gemiddelde Elo van 2092 tegenover 1980 voor Dworp 1 waren we de underdog.", {"Date": None}),
        # Bold labels, and a rating that says what it is (tests/data/real44/nl-001): no year.
        (
            "**Wit: Charles R. (1574 ‘echte’ Elo)**\n\n**Zwart: Mats L. (1374 ‘echte’ Elo)**\n\nCaro-Kann",
            {"White": "Charles R.", "Black": "Mats L.", "Date": None},
        ),
    ],
)
def test_heading_dates_and_eco_codes(heading: str, tags: dict[str, str]) -> None:
    game = parse_games(f"{heading}\n1. e4 e5 1-0", "sk")[0]
    assert {name: game.headers.get(name) for name in tags} == tags


@pytest.mark.parametrize(
    ("sentence", "tags"),
    [
        # The first named had the colour told; the other's name, in the dative, only where it reads as in the
        # nominative (tests/data/real46, real39, real42 …).
        (
            "Staðan kom upp í Rimaskóla. Magnús Örn Úlfarsson (2.354) hafði svart gegn Baldri H. Möller (1.998).",
            {"White": None, "Black": "Magnús Örn Úlfarsson"},
        ),
        (
            "Gauti Páll Jónsson (2.069) hafði hvítt gegn Benedikt Þórissyni (2.013).",
            {"White": "Gauti Páll Jónsson", "Black": "Benedikt Þórisson"},
        ),
        (
            "Stórmeistarinn Þröstur Þórhallsson (2.394) hafði svart gegn kínversku skákkonunni Yun Guo (2.213).",
            {"White": "Yun Guo", "Black": "Þröstur Þórhallsson"},
        ),
        (
            "Bandaríkjamaðurinn Haik Der Manuelian (2279) hafði hvítt gegn Færeyingnum Rógva Mortensen (2018).",
            {"White": "Haik Der Manuelian", "Black": None},
        ),
    ],
)
def test_a_newspaper_column_names_the_players_in_a_sentence(
    sentence: str, tags: dict[str, str | None]
) -> None:
    game = parse_games(f"1. e4 e5 2. Rf3 Rc6\n\n{sentence} 2. … Bc5 3. Bc4 og svartur gafst upp.", "is")[0]
    assert {name: game.headers.get(name) for name in tags} == tags


@pytest.mark.parametrize(
    ("heading", "white", "black"),
    [
        # The sentence before the moves names the game by its players after the word "game" (tests/data/real3,
        # real9, real10, real13).
        ("Teraz pozrime na kapituláciu v partii Smyslov-Pachman.", "Smyslov", "Pachman"),
        ("Publikujeme partiu Panno-Keller zo stretnutia Argentína-Švajčiarsko.", "Panno", "Keller"),
        ("Zohrajte s nami partiu Olaffson (Island)-Najdorf (Argentína).", "Olaffson", "Najdorf"),
        ("Ukážkou nech poslúži partia Flohr-Sokolskij z polofinále XXI. preboru SSSR.", "Flohr", "Sokolskij"),
        # ... not a game named in passing: more words follow it.
        ("V partii Filip-Petrosjan boj trval dlhšie, ale tentoraz víťazom ostal čierny.", None, None),
        # A newspaper's column: the names side by side after the opening's name in capitals or the date, each
        # ending at its initials, the second after a title, or a word or two each (real4, real5, real7, real8, real9).
        ("108. SPANYOL MEGNYITÁS Kérész Szmiszlov", "Kérész", "Szmiszlov"),
        (
            "Harmadik játszma Budapest, 1959 II. 18—19 Portisch Lajos Barcza Gedeon",
            "Portisch Lajos",
            "Barcza Gedeon",
        ),
        ("2. FRANCIA VÉDELEM Gereben E. Flórián T.", "Gereben E.", "Flórián T."),
        # ... or a dash between them, spaced or not, after the opening's class (real62).
        ("SZICÍLIAI VÉDELEM E 51/c Lemacsko — Grosch", "Lemacsko", "Grosch"),
        ("MAGYAR SAKKÉLET 83 SZICÍLIAI VÉDELEM E 80/c Georgadze—Tál", "Georgadze", "Tál"),
        ("101. SPANYOL MEGNYITÁS Semmering, 1926 Dr. Vajda Dr. Aljechin", "Dr. Vajda", "Dr. Aljechin"),
        ("Spanyol játék. Játszották, 1913 július 30. Dr.Olland A. Lasker Ede", "Dr. Olland A.", "Lasker Ede"),
        # ... not a name alone on its line, nor the opening's name, nor the colours' words, nor three words
        # that may part either way.
        ("Jerzy Konikowski", None, None),
        ("2680. Vezéresel Ahues . Dr. Aljechin", None, None),
        ("WISKER.\nWeigs. Schwarz.", None, None),
        ("VEZÉRCSEL Budapest, 1929 Szépségdíj Thomas Havasi", None, None),
        # A table's head of the colours' words, the names on the line below or above (real24, real28, real42).
        (
            "PARTIA Nr. 2\n\tBiałe\t\t\tCzarne\n\tEdward Lasker\tJose Raoul Capablanca",
            "Edward Lasker",
            "Jose Raoul Capablanca",
        ),
        (
            "25. Drottningarpeðsleikur.\nF. J. Makshall. M. J. Tsjigokin.\nHvítt. Svart.",
            "F. J. Makshall",
            "M. J. Tsjigokin",
        ),
        (
            "Första partiet, speladt den 19 och 20 oktober, Lasker Janowski\n\nHvit Svart",
            "Lasker",
            "Janowski",
        ),
        # Two names side by side, a blank line before the place and date (real15).
        ("Испанская партия\n\n\nКарпов Унцикер\n\nНицца, 1974", "Карпов", "Унцикер"),
        # A colour's word in brackets after a name: both sides, or one (real13, real, real19).
        ("В. Сергеев (белые) -Г. Фатхутдинов (черные).", "В. Сергеев", "Г. Фатхутдинов"),
        ("Első játszmánk a német Reinhardt Fuchs (világos) és Honfi között.", "Reinhardt Fuchs", None),
        ("partiu, ktorú vyhral hráč M. Hajtl (čierny), súper bol V. Kosnáč (Lokomotíva):", None, "M. Hajtl"),
        ("Stále hrá jeho otvorenia (biely) aj obrany (čierny).", None, None),
        # Two names with their initials joined by a hyphen, ending a sentence or a line (real20, real10); not in
        # the middle of one.
        ("B. Andersen-B. Koch. Jediná výhra Dánska v prvom kole.", "B. Andersen", "B. Koch"),
        (
            "Obrona Francuska L. Paulsen-S. Tarrasch\nNorymberga, 13 sierpnia 1888",
            "L. Paulsen",
            "S. Tarrasch",
        ),
        ("V partii L. Paulsen-S. Tarrasch boj trval dlhšie.", None, None),
        # The word for game before the pair, the first move's number run on after the black name (real23,
        # real20, real51); a problem's pieces under the colours' words name no players (real57, real14).
        (
            "## Partiet Jörgen Magnusson (SWE) - Patrik Gränsmark (SWE)",
            "Jörgen Magnusson",
            "Patrik Gränsmark",
        ),
        ("Drottningarbragð. Hvítt: Pillsbury Svart: Tarrasch 1.", "Pillsbury", "Tarrasch"),
        ("Hvítt: Einar Þorvaldsson. Svart: Eggert Gilfer- 1.", "Einar Þorvaldsson", "Eggert Gilfer"),
        ("Stand der stukken: Wit: Kb8, Dal. Tg7, d3, e4. Zwart: Ke6, d7.", None, None),
        # The colour's word without its accent, the opening's name run on after the black name (real51).
        ("Hvitt : R. Fischer\nSvart : B. Spasski Sikileyjarleikur", "R. Fischer", "B. Spasski"),
        # After a sentence, the pair with the place and year after it (real21).
        ("His win over Timman is a classic. Short – Timman Tilburg, 1991\n", "Short", "Timman"),
    ],
)
def test_players_named_in_a_sentence_a_column_or_under_the_colours(
    heading: str, white: str | None, black: str | None
) -> None:
    game = parse_games(f"{heading}\n1. e4 e5 2. Nf3 Nc6 1-0", "en")[0]
    assert (game.headers.get("White"), game.headers.get("Black")) == (white, black)


def test_a_sentence_around_a_dash_names_no_players() -> None:
    text = "Nesmrtelná ukrajinská partie — šachová partie, kterou hráli Korčmar a Poljak 1937. 1. e4 e5 1-0"
    assert "White" not in parse_games(text, "cs")[0].headers


def test_a_result_in_the_heading_before_move_1_is_the_games_result_not_a_game_without_moves() -> None:
    text = "Miniatura zilei\n\nTeed-Delmar 1-0 [A80]\n\nNew York, 1896\n\n1.d4 f5 2.Bg5 h6 3.Bf4 g5 4.Bg3 f4"
    (game,) = parse_games(text, "en")
    assert (game.headers["White"], game.headers["Black"], game.headers["ECO"]) == ("Teed", "Delmar", "A80")
    assert game.result == "1-0" and len(game.plies) == 8
    # A result the prose before the moves names, with more words after it on its line, is prose.
    text = "Remízu ponúkne, keď napíše ½ : ½? Ak súper neprijme, hrá sa ďalej.\n1. e4 e5 2. Jf3 ½:½"
    (game,) = parse_games(text, "sk")
    assert len(game.plies) == 3 and game.result == "1/2-1/2"
    # A game without moves (a forfeit) before another game's heading stays a game of its own.
    games = parse_games("Kasparov - Karpov 1-0\nAnand - Kramnik\n1. e4 e5 0-1", "en")
    assert [(g.headers.get("White"), len(g.plies), g.result) for g in games] == [
        ("Kasparov", 0, "1-0"),
        ("Anand", 2, "0-1"),
    ]


def test_a_paragraph_naming_the_players_heads_the_game_after_it() -> None:
    text = "Vznikne po ťahoch: 1.e2-e4 e7-e5 2.Jb1-c3\n\nK. HromádkaE. Bogoljubov\n\n1.e2-e4 e7-e5 1-0"
    first, second = parse_games(text, "sk")
    assert "White" not in first.headers and len(first.plies) == 3
    assert (second.headers["White"], second.headers["Black"]) == ("K. Hromádka", "E. Bogoljubov")


@pytest.mark.parametrize(
    ("words", "result"),
    [("E IL NERO VINCE\nNCdaniel", "0-1"), ("Weiß gewinnt.", "1-0"), ("Weiß gewinnt die Dame.", "*")],
)
def test_a_win_told_in_words_at_the_end_of_a_sentence_is_the_result(words: str, result: str) -> None:
    assert parse_games(f"1. e4 e5 2. Sf3 Sc6 {words}", "de")[0].result == result


def test_an_ambiguous_move_decided_by_the_mate_written_after_it_is_read_with_a_warning() -> None:
    # Both knights reach f6; only with the g8 knight there does 6. Cd6 mate, as written.
    text = "1. e4 c6; 2. d4 d5; 3. Cc3 dxe4; 4. Cxe4 Cd7 5. De2 Cf6; 6. Cd6 #"
    (game,) = parse_games(text, "pt")
    assert [ply.san for ply in game.plies][-2:] == ["Ngf6", "Nd6#"] and game.result == "1-0"
    assert game.plies[-2].warnings[0].startswith("ambiguous; read as the only candidate after which")
    # Without the mark the next move does not decide: an error, as before.
    assert parse_games(text.replace(" #", ""), "pt")[0].error is not None


def test_a_misprinted_move_number_after_prose_is_read_with_a_warning_when_the_next_number_follows() -> None:
    text = "1. d4, d5, 2. c4, c6.\n\nSlovenska odbrana.\n\n2. Sf3, Sf6, 4. Sc3, e6, 5. g3"
    (game,) = parse_games(text, "sr")
    assert [ply.san for ply in game.plies] == ["d4", "d5", "c4", "c6", "Nf3", "Nf6", "Nc3", "e6", "g3"]
    assert game.plies[4].warnings == ("move number '2.' written where 3. was expected",)
    # The same number without the next one on its line cites the move before: prose, the game stops there.
    (game,) = parse_games("1. d4, d5, 2. c4, c6.\n\nSlovenska odbrana.\n\n2. Sf3 bi bilo lošije.", "sr")
    assert [ply.san for ply in game.plies] == ["d4", "d5", "c4", "c6"]


def test_hungarian_prose_numbers_black_with_a_dash_and_inflects_moves() -> None:
    # "5.-, Fg7!" is Black's 5th move; "Hde2-re" and "Ff6!!-tal" carry case endings; the opponent was made
    # to resign ("feladásra késztette"): the side to move, White, resigned.
    text = "1.e4, c5 2.Hf3, Hc6 3.d4, cd 4.Hd4, g6 5.Hc3 után:\n\nHonfi 5.-, Fg7! Majd 6. Fe3-ra, Hf6!!-tal feladásra késztette."
    (game,) = parse_games(text, "hu")
    assert [ply.san for ply in game.plies][-3:] == ["Bg7", "Be3", "Nf6"] and game.result == "0-1"
    (game,) = parse_games("1. e2-e4 e7-e5 2. Hg1-f3 Hb8-c6", "hu")  # a long-form dash is no case ending
    assert [ply.san for ply in game.plies] == ["e4", "e5", "Nf3", "Nc6"]


def test_an_origin_on_rank_one_printed_as_l_and_an_abbreviation_before_a_number() -> None:
    # An OCR'd book: "Sgl-f3", "Gfl-c4", "Sbl:d2" (rank 1 as l); "np.10. ..." is "e.g. 10. ...", prose.
    text = "1. e2-e4 e7-e5 2. Sgl-f3 Sb8-c6 3. Gfl-c4 Gf8-c5 (np.10. ... d5 gorzej) 4. Sbl-c3 Sg8-f6"
    (game,) = parse_games(text, "pl")
    assert [ply.san for ply in game.plies] == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "Nc3", "Nf6"]
    assert game.error is None
    # And a destination on rank 1 printed as l, after a whole origin square: "Rf1-el".
    (game,) = parse_games("1.e2-e4 e7-e5 2.Ng1-f3 Ng8-f6 3.Bf1-c4 Bf8-c5 4.O-O O-O 5.Rf1-el d7-d6", "en")
    assert [ply.san for ply in game.plies][-2:] == ["Re1", "d6"]
    (game,) = parse_games("1.e4 e5 2.Nf3 Nf6 3.Bc4 Bc5 4.O-O O-O 5.Re1 el", "en")  # no origin: a word
    assert len(game.plies) == 9 and game.plies[-1].comment == "el"
    # After a one-letter piece, before a comma or a capture mark: "8. Hfl, b5", "Bdl:".
    (game,) = parse_games("1. e4, e5 2. Hf3, Hc6 3. Fc4, Fc5 4. 0-0, Hf6 5. Bel, 0-0 6. Bfl, d6", "hu")
    assert [ply.san for ply in game.plies][-4:] == ["Re1", "O-O", "Rf1", "d6"]
    # Before a spaced capture mark, as an old Dutch book prints a capture: "4. Pgl x f3".
    (game,) = parse_games("1. e2—e4 f7—f5 2. d2—d4 f5 X e4 3. f2—f3 e4 x f3 4. Pgl x f3 d7—d5", "nl")
    assert [ply.san for ply in game.plies][-2:] == ["Nxf3", "d5"]
    # Not otherwise: a name after the last move ("Tal - Jakobsen") is no rook move to a1.
    (game,) = parse_games("1. a4 e5 2. Ta2 Pf6 3. Ta1 Pc6 4. Ta2 Pg4\nTal - Jakobsen (Skopje 1972)", "nl")
    assert len(game.plies) == 8


def test_a_promotion_letter_without_a_sign_follows_only_a_last_rank_square() -> None:
    # A game viewer's text without spaces: "d4Sf6" is two moves, not a pawn promoting on d4.
    (game,) = parse_games("1.d4Sf6 2.c4 e6", "pl")
    assert [ply.san for ply in game.plies] == ["d4", "Nf6", "c4", "e6"]
    (game,) = parse_games("1.e4 d5 2.exd5 c6 3.dxc6 Sf6 4.cxb7 Gd7 5.bxa8H", "pl")
    assert game.plies[-1].san == "bxa8=Q"


def test_castling_with_an_evaluation_glued_to_it() -> None:
    (game,) = parse_games("1.e4 e5 2.Nf3 Nf6 3.Bc4 Bc5 4.0–0–/+ d6 5.d3 0–0= 6.c3", "en")
    assert [ply.san for ply in game.plies][6:] == ["O-O", "d6", "d3", "O-O", "c3"]
    assert game.plies[6].nags == (17,) and game.plies[9].nags == (10,)


def test_a_line_in_prose_read_as_the_game_is_doubted_when_the_comment_writes_another_as_long() -> None:
    # "Správně … nebo 6. ... h6 7. Sxf6 Dxf6 8. e3" is a line the annotator considers; the game goes on at
    # "6. ... exf3" in the prose after it. The reader cannot tell which, and says so.
    text = (
        "1. c4 e5 2. Jc3 Jc6 3.Jf3 f5 4. d4 e4 5. Sg5 Jf6 6. d5? Krok na bludnou cestu. Správně 6. Jd2 Jxd4 "
        "7. Jdxe4! nebo: 6. ... h6 7. Sxf6 Dxf6 8. e3 s dalším 9. f3. 6. ... exf3 7. dxc6 fxg2 8. cxd7+? "
        "Po správném 8. Sxg2 bxc6 by měl černý o pěšce víc."
    )
    (game,) = parse_games(text, "cs")
    assert game.doubtful_from == 12  # 6... h6, the twelfth half-move
    assert any("the moves from 6... on may not be the game's" in warning for warning in game.warnings)
    (read,) = read_lenient([text], "cs")
    assert [move.flagged for move in read.decoded.moves] == [False] * 11 + [True] * 4
    # Inside a sentence ("nebo 6. ... h6"), with "6. ..." starting a later one, the line is the prose's.
    (game,) = parse_games(text.replace("nebo: 6.", "nebo 6."), "cs")
    assert [ply.san for ply in game.plies][11:] == ["exf3", "dxc6", "fxg2", "cxd7+"]
    # A comment that only repeats the game's own moves raises no doubt.
    (game,) = parse_games(
        "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 Po 1. e4 e5 2. Jf3 Jc6 vznikne španielska hra.", "sk"
    )
    assert game.doubtful_from == 0


# A game in a weekly column's style, up to a note on White's 7th move that cites a move Black did not play.
AFTER_A_NOTE = (
    "1. d4, d5, 2. c4, e6, 3. Sc3, Sf6, 4. Lg5, Le7, 5. e3, 0-0, 6. Sf3, h6, 7. Lh4.\n\n"
    "Dolazilo je u obzir 7...Se4.\n\n"
)


def test_a_reply_after_a_note_without_its_number_goes_on_with_the_game() -> None:
    # "7...Se4" in the note is a move the annotator considered; the game's 7...b6 starts the next line
    # without a number, and 8. fits after it.
    text = AFTER_A_NOTE + "b6, 8. Ld3, Lb7."
    (game,) = parse_games(text, "sr")
    assert [ply.san for ply in game.plies][12:] == ["Bh4", "b6", "Bd3", "Bb7"] and game.error is None
    assert game.plies[12].comment == "Dolazilo je u obzir 7...Se4."


def test_dots_after_whites_move_then_a_note_announce_blacks_move_at_the_start_of_a_later_line() -> None:
    # A web magazine's lesson: "3. Cc3 ..." and a note, then "... Da5" and a note citing another 3rd move.
    text = (
        "1. e4 d5\n2. exd5 Dxd5\n3. Cc3 ... Desarrolla una pieza atacando la dama.\n"
        "... Da5 También es correcta 3. ... Dd8.\n4. Cf3 ... O bien 4. d4.\n... Cf6\n5. d4 Cc6"
    )
    (game,) = parse_games(text, "es")
    assert game.error is None
    assert [ply.san for ply in game.plies][4:] == ["Nc3", "Qa5", "Nf3", "Nf6", "d4", "Nc6"]
    assert game.plies[4].comment == "Desarrolla una pieza atacando la dama."
    # So in a table's cells ("5. Ab5+ | ... | Lo mejor …", then "... | Ad7 | Los libros recomiendan 5. ... c6").
    table = (
        "1. e4 | d5 | |\n2. exd5 | Dxd5 | |\n3. Cc3 | ... | Desarrolla una pieza. |\n"
        "... | Da5 | También es correcta 3. ... Dd8. |\n4. Cf3 | Cf6 |"
    )
    (game,) = parse_games(table, "es")
    assert [ply.san for ply in game.plies][4:] == ["Nc3", "Qa5", "Nf3", "Nf6"]
    # Dots that start a line before words are no move.
    (game,) = parse_games("1. e4 d5 2. exd5 Dxd5 3. Cc3 ... Desarrolla.\n... y luego Da5 4. Cf3", "es")
    assert len(game.plies) == 5


def test_a_reply_last_in_a_note_right_before_the_next_number_goes_on_with_the_game() -> None:
    # "dreigt even wat g6": the note's last word is Black's 5th move, the number 6. right after it.
    text = "1.d4 Pf6 2.c4 e6 3.Pc3 Lb4 4.Dc2 d5 5.Lg5 dreigt even wat h6 6.Lxf6 Dxf6 7.a3 Lxc3+ 8.Dxc3"
    (game,) = parse_games(text, "nl")
    assert game.error is None and [ply.san for ply in game.plies][8:11] == ["Bg5", "h6", "Bxf6"]
    assert game.plies[8].comment == "dreigt even wat"
    # Or after a sentence's end ("… onde il Nero abbandona il suo disegno. Ng5 25.Rh4").
    stop = "1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.c3 Il Nero cambia il suo piano. Nf6 5.d4 exd4 6.cxd4"
    (game,) = parse_games(stop, "en")
    assert [ply.san for ply in game.plies][6:] == ["c3", "Nf6", "d4", "exd4", "cxd4"]
    # Not where the game plays Black's 5th move later.
    later = "1.d4 Pf6 2.c4 e6 3.Pc3 Lb4 4.Dc2 d5 5.Lg5 dreigt wat h6 6.Lxf6 Dxf6 5...c5 6.e3"
    (game,) = parse_games(later, "nl")
    assert [ply.san for ply in game.plies][9:] == ["c5", "e3"]


def test_moves_read_after_prose_are_doubted_when_the_reading_soon_stops() -> None:
    text = AFTER_A_NOTE + "b6, 8. Lxf6, Lxf6, 9. Dh8."
    (game,) = parse_games(text, "sr")
    assert game.error is not None and len(game.plies) == 16 and game.doubtful_from == 14
    # The decoder crosses the note as well: the reply after it is in doubt, and so is all it makes of `Dh8`.
    (read,) = read_lenient(text.splitlines(), "sr")
    moves = read.decoded.moves
    assert [move.ply.san for move in moves[12:16]] == ["Bh4", "b6", "Bxf6", "Bxf6"]
    assert moves[13].flagged and all(move.flagged for move in moves[16:])


def test_serbian_written_in_cyrillic_is_read_as_serbian_cyrillic_with_a_warning() -> None:
    (game,) = parse_games("1. е4 е5 2. Сф3 Сц6 3. Лц4 Сф6 4. д3", "sr")
    assert [ply.san for ply in game.plies] == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "d3"]
    assert game.warnings[0].startswith("read as Serbian Cyrillic (sr-Cyrl)")
    # Latin moves with Cyrillic prose stay Serbian Latin.
    (game,) = parse_games("Најпознатији потез је 1. e4 e5 2. Sf3 Sc6 3. Lc4", "sr")
    assert len(game.plies) == 5 and not any("Cyrillic" in warning for warning in game.warnings)


def test_errors_come_back_whole_from_another_process() -> None:
    # Games read in worker processes are pickled back with their errors, whose constructors take keywords.
    texts = (
        "1. e4 e5 2. Sb6",
        "1. f3 e5 2. g4 Dh4# 3. a3",
        "1. e4 e5 2. Jc3 Jf6 3. Je2 Jc6 4. Jg3 x",
        '[Event "',
    )
    for text in texts:
        (game,) = parse_games(text, "sk")
        assert game.error is not None
        again = pickle.loads(pickle.dumps(game.error))
        assert type(again) is type(game.error) and str(again) == str(game.error)
        assert vars(again) == vars(game.error)


def test_moves_listed_for_the_ply_just_played_are_comments_at_it() -> None:
    # An opening article lists the moves for White's 4th; the first is the main line, the others cannot be
    # Black's 4th but can be White's: read as comments, the game not stopped.
    text = (
        "1. e4 e5 2. Jf3 Jc6 3. Sc4 Sc5\nVarianty\n • 4.c3 (hlavný variant)\n • 4.d3 (Giuoco Pianissimo)\n"
        " • 4.b4 (Evansov gambit)\n • 4. Sxf7+? Kxf7 5.Jxe5+ Jxe5 (Jeromov gambit)\n"
    )
    (game,) = parse_games(text, "sk")
    assert game.error is None
    assert [ply.san for ply in game.plies][-1] == "c3"
    assert "4.d3" in game.plies[-1].comment and "5.Jxe5+" in game.plies[-1].comment
    assert any("'d3' cannot be played" in warning for warning in game.warnings)
    # The same for Black ("2...c5", then "2...Sf5" with White to move); a move that cannot be played
    # instead of the last one either is still an error.
    (game,) = parse_games("1.d4 d5 2.c4\n- 2...e6 (A)\n- 2...Sf5 (B)\n- 2...c6 (C)", "sk")
    assert game.error is None and [ply.san for ply in game.plies][-1] == "e6"
    (game,) = parse_games("1.d4 d5 2.c4\n- 2...e6 (A)\n- 2...Jd5 (B)", "sk")
    assert isinstance(game.error, IllegalMoveError)
    # A list in prose, its first move read as the game's: that move is in doubt, whatever numbers follow.
    (game,) = parse_games(
        "1. e4 e5 2. d4 exd4 3. Dxd4 Jc6\nBiely môže hrať 4. Da4, 4. Dd1 4. De3 alebo iné.", "sk"
    )
    assert game.error is None and [ply.san for ply in game.plies][-1] == "Qa4" and game.doubtful_from == 7


def test_a_black_move_listed_after_dots_where_white_is_due_is_a_comment_at_blacks_last() -> None:
    # An Italian article lists Black's alternatives to 5...Cd4 as "- ..e6 6.Te1 …" before the game goes on
    # under 6.: the item is a note, not White's 6th.
    text = (
        "1.e4 c5 2.Cf3 Cc6 3.Ab5 Cf6 4.Cc3 Dc7 5.0–0 Cd4\n- ..e6 6.Te1 a6 7.Axc6±\n"
        "Nella variante principale il Nero vuole giocare a6.\n6.Te1 a6 7.Af1 Cg4"
    )
    (game,) = parse_games(text, "it")
    assert game.error is None
    assert [ply.san for ply in game.plies][9:] == ["Nd4", "Re1", "a6", "Bf1", "Ng4"]
    assert game.plies[9].comment.startswith("- ..e6 6.Te1")
    assert any("'e6' after dots cannot be played" in warning for warning in game.warnings)
    # A move after dots that Black could not have played instead, one without a list's bullet, or one with no
    # later line that goes on with White's move due, is still an error.
    for text in (
        "1.e4 c5 2.Cf3 Cc6\n- ..Cb4 3.Ab5\n3.Ab5 a6",
        "1.e4 c5 2.Cf3 Cc6\n..e6 3.Ab5\n3.Ab5 a6",
        "1.e4 c5 2.Cf3 Cc6\n- ..e6 3.Ab5 a6",
    ):
        (game,) = parse_games(text, "it")
        assert isinstance(game.error, IllegalMoveError), text


def test_lithuanian_letters() -> None:
    (game,) = parse_games("1. e4 e5 2. Žf3 Žc6 3. Rc4 Rc5 4. 0-0 Žf6 5. Be1", "lt")
    assert [ply.san for ply in game.plies] == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O", "Nf6", "Re1"]


def test_english_letters_in_local_text_are_read_where_the_locale_uses_them_for_nothing_else() -> None:
    # An infobox or an engine line in English SAN inside a Serbian (Cyrillic) or Slovak text.
    (game,) = parse_games("Потези1.d4 Nf6 2.c4 e6 3.Nf3 b6 4. г3 Лб7", "sr-Cyrl")
    assert [ply.san for ply in game.plies] == ["d4", "Nf6", "c4", "e6", "Nf3", "b6", "g3", "Bb7"]
    (game,) = parse_games("1.e4 e5 2.Jf3 Jc6 3.Bb5 a6 4.Sa4", "sk")
    assert [ply.san for ply in game.plies][4:] == ["Bb5", "a6", "Ba4"] and game.error is None
    # A letter the locale writes is its own: in German B is the pawn (Bauer), in Hungarian the rook.
    (game,) = parse_games("1.Bd4 Sf6 2.Sf3", "de")
    assert [ply.san for ply in game.plies] == ["d4", "Nf6", "Nf3"]
    (game,) = parse_games("1.a4 e5 2.Ba3", "hu")
    assert [ply.san for ply in game.plies][-1] == "Ra3"
    # An English letter and a file at a sentence's start, then a number, is a word ("Na 8..De7": "after").
    (game,) = parse_games("1.e4 e5 2.Jf3 Jc6 3.Sb5 a6\nNa 3...Jf6 je dobré 4.0-0.\n4.Sa4 Jf6", "cs")
    assert game.error is None and [ply.san for ply in game.plies][-2:] == ["Ba4", "Nf6"]


def test_auto_prefers_the_locale_that_reads_the_letters_as_written() -> None:
    # Under Greek, B is the queen, and the long form's squares would make these the bishop's moves anyway;
    # English reads them as written (and is no better for it otherwise: both stop at move 4's typo).
    text = "1.e2-e4 e7-e5 2.Ng1-f3 Nb8-c6 3.Bf1-c4 Bf8-c5 4.Qx9"
    (read,) = read_games_auto(text.splitlines())
    assert read.locale.code == "en"
    # Alike are the locales that write the game's letters as their own, not those that accept English ones.
    (read,) = read_games_auto(["1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. Qe2 Be7 6. Kf1 O-O 1-0"])
    assert read.locale.code == "en" and "sk" not in {locale.code for locale in read.same}
    (read,) = read_games_auto(["1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sa4 Jf6 5. De2 Se7 1-0"])
    assert read.locale.code == "sk" and [locale.code for locale in read.same] == ["cs"]


def test_a_line_naming_the_players_before_move_1_starts_the_next_game() -> None:
    # No blank line and no result between: the line that names the players heads the next game, and its
    # ECO code in brackets is no damaged move.
    text = (
        "Weiß strebt die Stellung an:\n1.d4 Sf6 2.Lf4 d5 3.Sf3 c5\nDie weißen Bauern stehen gut.\n"
        "Eljanov,P (2672) – Nikologorskiy,K (2413) [D02]\nTitled Tuesday, 06.04.2021\n1.d4 d5 2.Lf4 Sf6 3.e3 e6 1-0"
    )
    first, second = parse_games(text, "de")
    assert [ply.san for ply in first.plies] == ["d4", "Nf6", "Bf4", "d5", "Nf3", "c5"]
    assert [ply.san for ply in second.plies] == ["d4", "d5", "Bf4", "Nf6", "e3", "e6"]
    assert (second.headers["White"], second.headers["Black"], second.headers["ECO"]) == (
        "Eljanov, P",
        "Nikologorskiy, K",
        "D02",
    )
    assert first.error is None and second.error is None and second.result == "1-0"
    # The players' line and move 1 on one line, after a move 1 cited in the prose: one game, not two.
    text = (
        "He bemused the Englishman by opening 1 a3!\n"
        "Nielsen – Michelakis (Buenos Aires 1992): 1 e4 c5 2 Nf3 d6 3 d4 cxd4 4 Nxd4 Nf6 1-0"
    )
    (game,) = parse_games(text, "en")
    assert [ply.san for ply in game.plies][:2] == ["e4", "c5"] and game.error is None
    assert (game.headers["White"], game.headers["Black"], game.headers["Date"]) == (
        "Nielsen",
        "Michelakis",
        "1992.??.??",
    )


def test_whites_number_for_blacks_reply_after_a_note_is_a_misprint_when_the_game_goes_on_after_it() -> None:
    # "4. Sf6." where 4... is due, alone on its line after a note; the next sentence is a conditional line,
    # and the game goes on at "5. d3", which follows 4...Sf6 (not 4...d6 5.Sg5).
    text = (
        "1. e4 e5 2. Sf3 Sc6 3. Lc4 Lc5 4. c3.\nBeli priprema d4.\n4. Sf6.\nAko 4...d6, 5. Sg5 i beli napada.\n"
        "5. d3, d6, 6. 0-0"
    )
    (game,) = parse_games(text, "sr")
    assert [ply.san for ply in game.plies][6:] == ["c3", "Nf6", "d3", "d6", "O-O"]
    assert game.plies[7].warnings[0].startswith("move number '4.' written where 4... was expected")
    # Without the game going on after it, such a number is prose, and the game goes on at the next number
    # (unless the words only suppose that line: "Ako 4...d6" is "if 4...d6").
    told = text.replace("5. d3, d6, 6. 0-0", "Tako je i bilo.")
    (game,) = parse_games(told.replace("Ako 4...d6", "Zatim 4...d6"), "sr")
    assert [ply.san for ply in game.plies][6:] == ["c3", "d6", "Ng5"]
    (game,) = parse_games(told, "sr")
    assert [ply.san for ply in game.plies][6:] == ["c3"]


def test_another_move_under_the_number_of_the_move_just_played_is_a_comment_when_the_game_goes_on_later() -> (
    None
):
    # Black's 4th, then on its own line another 4th for Black (which White could play as its 5th: Cf3-d4),
    # and the game goes on at "5." at the start of a later line.
    text = "1.e4 e5 2.Cf3 Cc6 3.Fb5 Cf6 4.O-O Re7 ?\n4...Cd4, bien meilleur.\n5.Te1 d6"
    (game,) = parse_games(text, "fr")
    assert [ply.san for ply in game.plies][6:] == ["O-O", "Ke7", "Re1", "d6"] and game.error is None
    assert "4...Cd4" in game.plies[7].comment


def test_a_position_written_after_the_moves_is_where_they_start() -> None:
    # A lesson prints the solution, then the diagram's position; the moves cannot be played from the start
    # position, so they start from the one written after them, numbered from 1 as the text numbers them.
    text = (
        "### 1. Schlechter – Wolf, Ostende 1905\n\nRiešenie:\n\n**1.Sxh7+! Kxh7 2.Jg5+ Kg6!**\n\n"
        "Ostatné ústupy sú slabšie\n\n**3.Dg4 f5 4.exf6 gxf6**\n\nBiely vyhrá\n\n"
        "```\nbq3rk1/4nppp/8/1p1pP3/2pP4/5N2/1P3PPP/1B1Q1RK1 w - - 0 19\n```\n"
    )
    (game,) = parse_games(text, "sk")
    assert [ply.san for ply in game.plies] == ["Bxh7+", "Kxh7", "Ng5+", "Kg6", "Qg4", "f5", "exf6", "gxf6"]
    assert game.start_fen == "bq3rk1/4nppp/8/1p1pP3/2pP4/5N2/1P3PPP/1B1Q1RK1 w - - 0 1"
    assert any("played from the position written after them" in warning for warning in game.warnings)
    # Black to move, its first move written after a dash for White's; so numbered after a position written
    # before the moves too.
    text = (
        "2r3k1/p2b1p2/5bp1/3pq3/1prN1B2/2P2P2/PP1Q4/1K1R3R b - - 1 26\n\n1.– Df5+!! Obeť!2.Jxf5 Sxf5+ 3.Ka1\n"
    )
    (game,) = parse_games(text, "sk")
    assert [ply.san for ply in game.plies] == ["Qf5+", "Nxf5", "Bxf5+", "Ka1"] and game.plies[0].number == 1
    text = "1.– Df5+!! Nádherná obeť!\n2.Jxf5 Sxf5+ 3.Ka1\n\n2r3k1/p2b1p2/5bp1/3pq3/1prN1B2/2P2P2/PP1Q4/1K1R3R b - - 1 26\n"
    (game,) = parse_games(text, "sk")
    assert [ply.san for ply in game.plies] == ["Qf5+", "Nxf5", "Bxf5+", "Ka1"]
    # Moves that can be played from the start position start there, whatever position comes later.
    text = "1.e4 e5 2.Jf3 Jc6\n\nbq3rk1/4nppp/8/1p1pP3/2pP4/5N2/1P3PPP/1B1Q1RK1 w - - 0 19\n"
    (game,) = parse_games(text, "sk")
    assert game.start_fen == chess.STARTING_FEN and len(game.plies) == 4


def test_a_cited_opening_that_a_longer_run_from_move_1_plays_again_is_the_heading_of_that_game() -> None:
    text = (
        "One of the first openings I played was the King's Gambit. 1. e4 e5 2. f4 fit perfectly in my study.\n"
        "Short games are often the result. Here is a sample: 1. e4 e5 2. f4 e:f4 3. Nf3 Be7 4. Bc4 Nf6 "
        "5. Nc3 N:e4 6. Ne5 Bh4+ 7. g3 f:g3? Erring is commonplace. 8. B:f7+ Kf8 9. O-O g:h2+ 1-0\n"
    )
    (game,) = parse_games(text, "en")
    assert [ply.san for ply in game.plies][:4] == ["e4", "e5", "f4", "exf4"]
    assert len(game.plies) == 18 and game.result == "1-0"
    # An opening's article that cites a longer line of the same opening from move 1 keeps its first line.
    text = (
        "The King's Gambit is defined by the moves 1.e4 e5 2.f4. Falkbeer's countergambit: 1. e4 e5 2. f4 d5.\n"
        "Cunningham: 1. e4 e5 2. f4 exf4 3. Nf3 Be7, Muzio: 1. e4 e5 2. f4 exf4 3. Nf3 g5 4. Nc3.\n"
    )
    (game,) = parse_games(text, "en")
    assert [ply.san for ply in game.plies] == ["e4", "e5", "f4"]
    # A note that cites a line from move 1, the game going on after it at the number due: the game's.
    text = (
        "1. e2 - e4 Sg8 - f6\nTypowy jest wariant: 1.e4 Sf6 2.e5 Sd5 3.c4 Sb6 4.d4 d6 5.f4 dxe5 6.fxe5 Sc6 itd.\n"
        "2. Sb1 - c3 d7 - d5\n"
    )
    (game,) = parse_games(text, "pl")
    assert [ply.san for ply in game.plies] == ["e4", "Nf6", "Nc3", "d5"]


def test_a_mate_told_in_words_is_the_result_and_the_moves_after_it_are_not_the_games() -> None:
    text = (
        "1 f4 f5 2 e4 fxe4 3 f5 Nf6 4 Be2 h5 5 Nh3 d5 6 O-O Qd6 7 Nf4 Bxf5 8 Nxh5 Bg6 9 Nxf6+ exf6 10 h3 Qg3 "
        "11 Bg4 Bc5+ 12 Kh1 Bd6 13 Kg1 Qh2+ 14 Kf2 f5 15 Be2 and Black gave mate in seven. However, our "
        "computer offers 15…e3+ 16 Kxe3 Qe5+ and mate in three more moves."
    )
    (game,) = parse_games(text, "en")
    assert len(game.plies) == 29 and game.plies[-1].san == "Be2" and game.result == "0-1"
    (game,) = parse_games("1.e4 e5 2.Sc4 Sc5 3.Dh5 Jf6 4.Dxf7 a biely dal mat.", "sk")
    assert game.result == "1-0"


@pytest.mark.parametrize(
    ("heading", "site"),
    [
        ("### 1. Schlechter – Wolf, Ostende 1905", "Ostende"),
        ("Mayet-Anderssen (Berlín 1851)", "Berlín"),
        ("Mayerhöfer,Miloš - Kapička,V [C63] Uherské Hradiště, 1912", "Uherské Hradiště"),
        ("Kasparow – Topalow, Wijk aan Zee 1999", "Wijk aan Zee"),
        ("Biely: Brzózka – Čierny: Makarczyk\nLodž 1954", "Lodž"),
        ("Nymburk, 6. září 1997", "Nymburk"),
        ("1. Лопес - Леонардо, Рим 1560.", "Рим"),
        # An event's name is no place; a sentence gives none, unless it tells where the game was played.
        ("Olympiáda Elista 1998", "?"),
        ("The game was played in London in 1851.", "London"),
        ("Prvé analýzy uverejnil Stein v\nroku 1789.", "?"),
        ("V roce 1880", "?"),
        ("Polofinále preboru ČSR 1950", "?"),
        ("TESTA340 Release 2019-08-30", "?"),
        ("Réti – Aljechin, Baden-Baden 1925", "Baden-Baden"),
        # The month by name, a list's bullet, a dash, a round and an event's short name between place and date.
        ("Paris, July 23, 1855", "Paris"),
        ("Londres, agosto de 1834.", "Londres"),
        ("  • New York, 7. 5. 1997", "New York"),
        ("Praha - 22. 11. 2003", "Praha"),
        ('New York "WCh" (m/4) 2016', "New York"),
        ("Москва (м/19) 1985", "Москва"),
        ("London ENG, 1853 (?)", "London ENG"),
        # A day of the week is no place; nor is a championship's abbreviation, nor an event in capitals.
        ("Saturday, March 25, 2023", "?"),
        ("Utorak, 5. april 2022.", "?"),
        ("UKR (ch) 2016", "?"),
        ("Botvinnik-Capablanca, AVRO 1938", "?"),
        # A cup's, a masters' and a magazine's issue are no places; nor is a sentence's first word before a year.
        ("Rilton Cup (2), 1995", "?"),
        ("Masters Saxon (6) 2000", "?"),
        # A database's line: the event and the place run together before the round, a comma and the date (the
        # place a word, its federation's code perhaps after it); not a place of words in small letters.
        ("9. Amplico Life Rapid Warsaw POL (4), 19.12.2009", "Warsaw POL"),
        ("EU Championship 4th Liverpool (9.1), 17.09.2008", "Liverpool"),
        ("Corus Wijk aan Zee (5), 17.01.2010", "?"),
        # The place in brackets after the players, a colon after it.
        ("Nielsen – Michelakis (Buenos Aires 1992):", "Buenos Aires"),
        # The place in the sentence that tells where the game was played, before the clause ends, a year or the
        # word for played; not a name after a word that also means "and", nor words before more of the clause.
        ("Die Partie wurde am 21. Juni 1851 in London gespielt.", "London"),
        ("La partie a été jouée à Paris en 1750 mais n’a été publiée qu’en 1835.", "Paris"),
        ("The quickest game was played on Friday night at Forest Hall Chess Club.", "Forest Hall Chess Club"),
        ("Hrála se mezi Adolfem Anderssenem a Jeanem Dufresnem, autorem učebnic.", "?"),
        ("De partij werd gespeeld en door Hans Kmoch in Chess Review de Partij van de Eeuw genoemd.", "?"),
        (
            "Upravo partija koju ćemo videti prikazuje ga u najlepšem svetlu. KARLSEN – AROWAN (Linares, 2008)",
            "Linares",
        ),
        ("Numero 1 - Gennaio 1998 - Anno III", "?"),
        ("Nel 1950 fu uno dei primi giocatori ad ottenere il titolo Fide di grande maestro.", "?"),
        # A name before a date written with dots is a source's (a paper's issue), not a place.
        ("Tíminn, 12.3.1970", "?"),
        # The place after an event's name and a comma; a place and its country; a league is no place; a list of
        # games names places in passing.
        ("Турнир, Москва, 1951 г.", "Москва"),
        ("Меч Југославија – СССР, 1. партија, Ријека, 1963. године", "Ријека"),
        ("Austria, Viena, 1910", "Austria, Viena"),
        ("Weltmeisterschaft, 4. Partie, Berlin 1907", "Berlin"),
        ("Kreuzer, Uwe – Quotschalla, Landesliga Mannheim, 1988.", "?"),
        ("Grünfeld— Vajda, Semmering, 1926, Stoltz—Vajda, Hamburg, 1930, Flohr—Vajda, Budapest, 1949.", "?"),
    ],
)
def test_the_place_before_the_date_in_a_heading_is_the_site(heading: str, site: str) -> None:
    (game,) = parse_games(f"{heading}\n\n1.e4 e5 2.Jf3 Jc6 *\n", "sk")
    assert game.headers.get("Site", "?") == site


@pytest.mark.parametrize(
    ("heading", "round_"),
    [
        # A database's heading: the round (and board) in brackets after the event or place, before the date.
        ("Mikrut,M (2181) - Gosciniak,A (2161) [A43]\n9. Amplico Life Rapid Warsaw POL (4), 19.12.2009", "4"),
        ("EU Championship 4th Liverpool (9.1), 17.09.2008", "9.1"),
        ("Open de la Gruyere (4) 2000", "4"),
        ("Novi Sad(6), 05.10.1976", "6"),
        # A match's game; an ordinal's mark; Roman numerals (a number in PGN); in brackets after a year.
        ('New York "WCh" (m/4) 2016', "4"),
        ("Москва (м/19) 24.10.1985", "19"),
        ("XVI Abierto Internacional Fomento Martinenc (6ª ronda). Barcelona, 31-5-2014.", "6"),
        ("CS (1ere ronde centrale) 2000", "1"),
        ("A. Alechin: Nottingham (Runda XIII, partie 85-91)", "13"),
        ("Wiedeń 1907 (r. 11)", "11"),
        ("Québec, 2 mai 2015 Ronde 2", "2"),
        ("Prebor SR, 3. kolo", "3"),
        # The round's word declined, after a number or Roman numerals with a dot; not the standings after one.
        ("Izabrali smo partiju Skembris-Ivanovic, igranu u 7. kolu (30. novembra).", "7"),
        ("Hraná v VI. kole AVRO turnaja v Haarleme.", "6"),
        ("Stav po IX. kole: 1. J. Kozma (Bratislava) 7,5", "?"),
        # An ordinal's word in a sentence about a game played in that round; not a round named in passing.
        (
            "Lasker - Bauer is a game of chess that was played in the first round of an international tournament.",
            "1",
        ),
        ("Das zeigte sich auch in der fünften Runde in seiner Partie gegen Levan Pantsulaia.", "5"),
        ("In der neunten Runde traf der Führende, Shirov, auf Ex-Weltmeister Kasparov.", "?"),
        ("Vesuvio Chess Festival – VI Edizione, Torneo B – II turno, Boscotrecase (NA)", "2"),
        ("5. partie zápasu Kasparov versus Deep Blue\n\n  • Bílý: Kasparov\n  • Černý: Deep Blue", "5"),
        (
            "Weiß: GM A. Schirow (2710)\n\nSchwarz: GM W. Kramnik (2790)\n\nRussisch [C43]\n\n4. Matchpartie",
            "4",
        ),
        # A match's game by its number on a line of its own (real50, real10); not in a sentence.
        ("Biely: Boris Spasskij – Čierny: Robert Fischer\n\n11. partia, Sicílska obrana", "11"),
        ("Skák nr. 621.\n15. skákin.\nHvítt: M. Botvinnik", "15"),
        ("Dnes prinášame 11. partia zo zápasu.", "?"),
        # ... by its ordinal's word or mark (real23, real53); Turkish "tur" (real40, real23); a front matter's key
        # (real23).
        ("Гаррвиц Морфи\nседьмая партия\nПариж, 1858 год", "7"),
        ("20 июля 1858 года, вторая партия матча", "2"),
        ("Третья партия продолжалась более трех часов, и Левенталь играл её в турнирную силу.", "?"),
        ("Defensa Ortodoxa (D63). Mundial de Buenos Aires (21ª partida), 26-10-1927.", "21"),
        ("Giri ile Vitiugov'un oynadığı 2.tur oyunu İtalyan Açılışı'nı", "2"),
        ("---\ndate: 2024-02-19 20:00:00 +0100\nni_ronde: 8\n---", "8"),
        # A board number before the players, a rating, a year and a Czech "v" (in) are no round.
        ("(8) Peter M. Leimand - Jesper Skjoldborg [C69]", "?"),
        ("Zikeli, Saskia (1340) - Schlötzer, Waldemar (1447)", "?"),
        ("Turnaj, kolo v Praze 1950", "?"),
    ],
)
def test_the_round_in_a_heading(heading: str, round_: str) -> None:
    (game,) = parse_games(f"{heading}\n\n1.e4 e5 2.Jf3 Jc6 *\n", "sk")
    assert game.headers.get("Round", "?") == round_


def test_a_lessons_exercise_number_before_the_players_is_no_part_of_the_white_name() -> None:
    (game,) = parse_games("### 2. Šapošnikov – Dvoirys, Samara 2000\n\n1.e4 e5 *\n", "sk")
    assert (game.headers["White"], game.headers["Black"], game.headers["Site"]) == (
        "Šapošnikov",
        "Dvoirys",
        "Samara",
    )


def test_a_game_from_move_1_after_the_words_that_end_a_game_is_the_next_game() -> None:
    text = (
        "Keres vs. Villa: 1. e4 e5 2. f4 e:f4 3. Nf3 Be7 4. Bc4 Nf6 5. Nc3 N:e4 6. Ne5 Bh4+ 7. g3 f:g3 8. B:f7+ Kf8 "
        "9. O-O g:h2+ 10. K:h2 Bg3+ 11. Kg2 Qh4 12. Nf3 Black resigns. Keres lost this one against Menke. "
        "1. e4 e5 2. f4 e:f4 3. Nc3 Qh4+ 4. Ke2 d5 5. N:d5 Bg4+ 6. Nf3 Nc6 7.N:c7+ Kd8 8. N:a8 Ne5 9. h3 Bh5 "
        "10. Rg1 Qg3 11. Qe1 B:f3+ 12. g:f3 Q:f3 mate. Bronstein played it too: 1. e4 e5 2. f4 e:f4 3. Nf3 d5 "
        "4. e:d5 Bd6 5. Nc3 Ne7 6. d4 O-O 7. Bd3 Nd7 Black resigns four moves later."
    )
    first, second, third = parse_games(text, "en")
    assert (len(first.plies), first.result) == (23, "1-0")
    assert "Black resigns." in first.plies[-1].comment and "Menke" not in first.plies[-1].comment
    # A mate on the board decides the result, whatever words come after it.
    assert (len(second.plies), second.result, second.plies[-1].san) == (24, "0-1", "Qxf3#")
    assert len(third.plies) == 14
    # A short line after the words (an opening cited) is no game.
    (game,) = parse_games(text.split(" Keres lost")[0] + " Better is 1. e4 e5 2. Nf3.", "en")
    assert game.result == "1-0" and len(game.plies) == 23


def test_a_number_ahead_of_the_one_due_right_after_a_bracket_puts_the_moves_in_doubt() -> None:
    # "A)" and "B)" label two side lines inside one bracket; "A)" reads as its end, and the side line's moves
    # as the game's, under numbers one ahead: they are doubted, not told as the game.
    text = (
        "1.b4 c6 2.Bb2 d5 3.e3 Nf6 4.a3 Qb6 5.Nf3 Bf5 6.c4 dc4 7.Bc4 e6 8.Nh4 Bg4 9.f3 Bh5 10.g4 Bg6 11.f4 a5 "
        "12.f5 ef5 13.Bf6 gf6 14.gf5 ab4 15.fg6 (15.Ng6 hg6 16.fg6 A) 16...ba3 17.Qg4 Qb2; B) 16...fg6=) "
        "15...fg6 16.0-0 1-0"
    )
    (game,) = parse_games(text, "en")
    assert game.doubtful_from == 30
    assert any("after a bracket" in warning for warning in game.warnings)


@pytest.mark.parametrize("between", [" Ukážka: ", "\n\nUkážka:\n\n"])
def test_a_short_line_cited_before_a_game_that_stops_at_a_misprint_is_words_with_a_warning(
    between: str,
) -> None:
    # The line the opening is reached by, with a misprint (Jg1-f5 for Jg1-f3), before the game that plays it:
    # no game of two plies that stops, but words before the game, and a warning that quotes the error.
    text = (
        f"Vznikne po ťahoch: 1.e2-e4 e7-e5 2.Jg1-f5 Jb8-c6 3.Sf1-b5.{between}1.e2-e4 e7-e5 2.Jg1-f3 Jb8-c6 "
        "3.Sf1-b5 a7-a6 4.Sb5-a4 d7-d6 5.c2-c4 Sc8-d7 6.Jb1-c3 g7-g6 1-0\n"
    )
    (game,) = parse_games(text, "sk")
    assert len(game.plies) == 12 and game.error is None and game.result == "1-0"
    assert any("cited before this game stop at an error" in w and "Jg1-f5" in w for w in game.warnings)
    # A game that stops at its second move with more of it written after the error stays a game.
    text = "1.e2-e4 e7-e5 2.Jg1-e5 Jb8-c6 3.Sf1-b5 a7-a6 4.Sb5-a4 d7-d6 5.c2-c4\n\n" + text.split(between)[1]
    first, second = parse_games(text, "sk")
    assert first.error is not None and len(second.plies) == 12
    # So does a game of three plies on its own line that stops, with a game after it.
    games = parse_games("1. e4 e5 2. Nf3 Nf9\n\n" + text.split("\n\n")[1], "sk")
    assert [len(game.plies) for game in games] == [3, 12] and games[0].error is not None


def test_a_pair_with_a_spaced_dash_is_two_moves_where_the_long_form_needs_its_origin_repaired() -> None:
    # "6 Ac4 – h6": no bishop stands on c4, and the one on c1 reaches h6; White's bishop move and Black's
    # pawn move are what the text means (before, Bh6 from c1 was read without a word).
    text = "1 e4 – c5 2 Cf3 – d6 3 d4 – cxd4 4 c3 – dxc3 5 Cxc3 – a6 6 Ac4 – h6 7 Axf7+ – Rxf7\n"
    assert sans(text, "es")[10:12] == ["Bc4", "h6"]
    # A long form written with its dash spaced is still one move.
    assert sans("1. e2 – e4 e7 – e5 2. Jg1 – f3\n") == ["e4", "e5", "Nf3"]


def test_a_capture_named_by_its_two_pieces_alone_is_the_one_such_capture() -> None:
    # "7 Axf7+ – RxA": the king takes the bishop (Spanish R = king, A = bishop).
    text = "1 e4 – c5 2 Cf3 – d6 3 d4 – cxd4 4 c3 – dxc3 5 Cxc3 – a6 6 Ac4 – h6 7 Axf7+ – RxA; 8 Ce5+ – Rf6\n"
    assert sans(text, "es")[12:] == ["Bxf7+", "Kxf7", "Ne5+", "Kf6"]
    # Where two such captures fit, the pieces name no move: the words of a note ("tras CxA").
    (game,) = parse_games(
        "1. e4 d5 2. exd5 Dxd5 3. Jc3 Da5 4. d4 Jf6 5. Jf3 Sf5 6. Sc4 e6 7. Sd2 Sb4 JxS\n", "sk"
    )
    assert len(game.plies) == 14 and game.error is None and "JxS" in game.plies[-1].comment
    # A pawn by its file or by a lower-case p, and a pawn taken (tests/data/real58/es-001, a Chilean blog):
    # "4. AxC dxA", "6. d4 pxp 7. Cxp".
    text = "1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. AxC dxA 5. 0-0 Ad6 6. d4 pxp 7. Cxp Ce7 *\n"
    assert sans(text, "es")[6:] == ["Bxc6", "dxc6", "O-O", "Bd6", "d4", "exd4", "Nxd4", "Ne7"]
    # Where two pawns can take, the file decides ("exC": the e pawn takes the knight on d5, not the c pawn).
    assert sans("1. e4 e6 2. Cc3 c6 3. Cd5 exC 4. exd5 *\n", "es")[-2:] == ["exd5", "exd5"]


def test_a_line_cited_in_a_sentence_before_the_games_heading_heads_that_game() -> None:
    # A feuilleton's introduction cites the opening ("posunięć 1.e4 e5 2.Gc4 jest możliwość …"), then the
    # heading, a blank line and the game: one game, with the heading's tags.
    text = (
        "Ważną cechą kolejności posunięć 1.e4 e5 2.Gc4 jest możliwość przejścia do innych ustawień.\n\n"
        "Greco, Gioacchino -- Nieznany przeciwnik\nEuropa 1620 1-0 C24\n\n"
        "1.e4 e5 2.Gc4 Sf6 3.f4 Lepsze spokojne 3.d3 3...Sxe4 4.Sf3 exf4 5.O-O Gc5+\n"
    )
    (game,) = parse_games(text, "pl")
    assert len(game.plies) == 10 and game.headers["White"] == "Greco, Gioacchino"
    assert any("cited in the words before this game" in warning for warning in game.warnings)


def test_blacks_reply_numbered_as_the_misnumbered_move_it_answers_is_the_games() -> None:
    # "13. Rf3" where 14. was due, a note citing another game, then "13. ... Ag4+": the reply, not a line the
    # note cites.
    text = (
        "1. e4 e5 2. Re2 Re7 2. Rf3 Oppure 2. Re1 Cc6 4. Af1 Cf6 5. Rd2 Ce4 matto, N. N. – Dubois, Roma 1859. "
        "2. ... Rf6 0 : 1.\n"
    )
    (game,) = parse_games(text, "it")
    assert [ply.san for ply in game.plies][4:] == ["Kf3", "Kf6"] and game.result == "0-1"


def test_a_reply_after_a_square_that_the_note_names_is_the_games_next_move() -> None:
    # "… fällt dann b7 mit Angriff auf den Springer c6 Tb8 8. Sd5 ein stark aussehender Zug": the note names
    # the knight's square, Black's reply follows without its number, and White's 8th comes after it.
    text = (
        "1. c4 e5 2. Sc3 Sc6 3. g3 Sf6 4. Lg2 Lb4 5. e3 d6 6. Sge2 Lg4 7. Db3 Im nächsten Zug fällt dann b7 mit "
        "Angriff auf den Springer c6 Tb8 8. Sd5 ein stark aussehender Zug 8... La5 0:1\n"
    )
    (game,) = parse_games(text, "de")
    assert [ply.san for ply in game.plies][13:] == ["Rb8", "Nd5", "Ba5"]


def test_a_percent_line_is_pgn_s_escape_but_not_a_number_typed_with_shift_held() -> None:
    # `%` opens PGN's escape line, skipped; `%.h3` is move 5 typed with Shift held: its moves are read.
    escaped = "1. e4 e5 2. Jf3 Jc6\n% exported 2026-11-29\n3. Sb5 a6 *\n"
    (game,) = read_games(escaped.splitlines(keepends=True), "sk")
    assert [ply.san for ply in game.plies] == RUY_LOPEZ[:6]
    typed = "1.e4 c6 2.Jc3 d5 3.Jf3 dxe4 4.Jxe4 Sg4\n%.h3 Sxf3 6.Dxf3 Jd7\n"
    (read,) = read_lenient(typed.splitlines(keepends=True), "cs")
    assert [ply.san for ply in read.game.plies][8:] == ["h3", "Bxf3", "Qxf3", "Nd7"]


@pytest.mark.parametrize(
    ("text", "damaged"),
    [
        # A lone piece letter apart from its square, as a copied figurine leaves it, and a square split by a space.
        ("1.e4 e5 2.J f3 Jc6 3.Sb 5 a6 4.Sa4 Jf6 5.O-O Se7 *", "Sb 5"),
        # One character misread: the one move it can be after which the next moves play.
        ("1.e4 e5 2.Jf3 Jc6 3.S65 a6 4.Sa4 Jf6 5.O-O Se7 *", "S65"),
    ],
)
def test_a_damaged_move_is_read_as_the_one_move_after_which_the_game_plays_on(
    text: str, damaged: str
) -> None:
    (game,) = parse_games(text, "sk")
    assert [ply.san for ply in game.plies] == RUY_LOPEZ[:10]
    assert game.error is None
    flagged = [ply for ply in game.plies if read_otherwise(ply)]
    assert [ply.san for ply in flagged] == ["Bb5"]
    assert f"read as Sb5, the only move one character away from '{damaged}'" in flagged[0].warnings[0]


def test_a_capital_before_a_square_in_a_damaged_move_is_a_misread_piece_letter_not_one_put_in() -> None:
    # `Fa6`: Ba6 with its letter misread, not a6 with a letter put in, though the next moves play after both.
    (game,) = parse_games("1.d4 Jf6 2.Jf3 e6 3.e3 b6 4.Sd3 Fa6 5.Sxa6 Jxa6 6.O-O Se7 *", "sk")
    assert [ply.san for ply in game.plies][7:] == ["Ba6", "Bxa6", "Nxa6", "O-O", "Be7"]
    assert "read as Sa6, the only move one character away from 'Fa6'" in game.plies[7].warnings[0]


def test_a_damaged_move_one_edit_from_one_move_alone_needs_only_the_moves_before_a_note_to_play_on() -> None:
    # English letters in a Czech text, `NC3` for Nc3 (one edit from it alone), then one move and prose.
    text = "1.e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6 5. d4 exd4 6.cxd4 Bb4 + 7. NC3 d5\nBardeleben odmítá gambit.\n"
    (game,) = parse_games(text + "8. exd5 Nxd5 9. 0-0 *", "cs")
    assert [ply.san for ply in game.plies][12:] == ["Nc3", "d5", "exd5", "Nxd5", "O-O"]
    assert (
        "the only move one character away from 'NC3' after which 'd5' can be played"
        in game.plies[12].warnings[0]
    )


def test_a_damaged_move_after_which_no_move_plays_on_stops_the_game() -> None:
    (game,) = parse_games("1.e4 e5 2.Jf3 Jc6 3.S65 a6 4.Sb3 Jf6 5.Sa4 Se7 *", "sk")
    assert len(game.plies) == 4 and "'S65' is not a move" in str(game.error)


def test_a_pawns_capture_with_its_file_capitalised_where_no_piece_has_that_letter() -> None:
    # A phone capitalises after a sentence's end: "2. D4" (no piece moves to a rank alone), "3. Exd5".
    (game,) = parse_games("1. E4 c6 2. D4 d5 3. Exd5 cxd5 4. Sd3 Jc6 5. C3 Jf6 *", "sk")
    assert [ply.san for ply in game.plies] == [
        "e4",
        "c6",
        "d4",
        "d5",
        "exd5",
        "cxd5",
        "Bd3",
        "Nc6",
        "c3",
        "Nf6",
    ]
    # Where the capital is a piece's letter (German D, English B) it stays the piece's.
    (german,) = parse_games("1. e4 d5 2. exd5 Dxd5 *", "de")
    assert german.plies[-1].san == "Qxd5"


def test_a_black_move_number_whose_dot_ocr_read_as_a_comma_goes_on_after_a_note() -> None:
    text = "1. e4 e5 2. Sf3 Sc6 3. Lb5 – Zaslužuje pažnju\n3. Lc4. 3. .,. a6 4. La4 Sf6 5. O-O Le7 *"
    (game,) = parse_games(text, "sr")
    assert [ply.san for ply in game.plies] == RUY_LOPEZ[:10]


def test_an_old_books_dash_with_a_ring_or_a_ditto_mark_numbers_blacks_move() -> None:
    # Icelandic print of the 1940s: "8. —o— c5Xd4" and "6. —”— h7—h6" (OCR: "6. —';") for Black's move.
    text = "1. e2—e4 e7—e5\n2. Rgl—f3\n2. —o— Rb8—c6\n3. Bfl—b5\n3. —';  a7—a6\n4. Bb5—a4\n4. —”— Rg8—f6 *"
    (game,) = parse_games(text, "is")
    assert [ply.san for ply in game.plies] == RUY_LOPEZ[:8] and game.error is None


def test_an_old_columns_ocr_slips_in_short_form_moves_are_read_and_flagged() -> None:
    # Skákblaðið 1936 as OCR read it: the dagger after a capture's trailing colon as "f" ("8. De5:f"), h as
    # "li" ("12. Be2, li6."), rank 1 as l after a move number ("20. Hael"), the rook's H as "II" ("IIa7:").
    text = (
        "1. e4, c6. 2. d4, d5. 3. Rc3, de:. 4. Re4:, Rf6. 5. Rg3, e5. 6. De2, Dd4: 7. c3, Dg4. 8. De5:f, De6.\n"
        "9. De6:f, Be6:. 10. Bf4, Bc5. 11. Rf3, Bd5. 12. Be2, li6. (Einnig nú kom Rd7 til greina). 13. 0—0, 0—0.\n"
        "14. b4, Bb6. 15. c4, Be6. 16. c5, Bd8. 17. Rd4, Bd5. 18. Rgf5, Re4. 19. Bd3, Bf6.\n"
        "20. Hael, Hfe8. 21. f3, Bd4:f 22. Rd4:, Rf6. 23. He8:f, Re8:. 24. Hel, Rd7. 25. He7, Hd8.\n"
        "26. Bf5, Ref6. 27. a3, Bc4. 28. Bd6, Bd5. 29. Kf2, b6. 30. b5, Rc5:. 31. Bc5:, bc5:. 32. Rc6:, Hd6.\n"
        "33. IIa7:, Bc6!? 34. bc:, gefur.\n"
    )
    (game,) = parse_games(text, "is")
    sans = [ply.san for ply in game.plies]
    assert game.error is None and len(sans) == 67 and sans[-1] == "bxc6"
    assert (sans[14], sans[23], sans[38], sans[64]) == ("Qxe5+", "h6", "Rae1", "Rxa7")
    assert [index for index, ply in enumerate(game.plies) if read_otherwise(ply)] == [23, 38, 64]


def test_a_long_forms_capture_spaced_after_a_split_origin_is_read_as_one_move() -> None:
    # Nýja skákblaðið 1940 as OCR read it: "5. 0- —0 Rf 6 X e4" for Nf6xe4.
    text = (
        "1. e2— -e4 e7- —e5\n2. Rgl— -f3 Rb8- —c6\n3. Bfl— -b5 a7- —a6\n4. Bb5— -a4 Rg8- —f6\n"
        "5. 0- —0 Rf 6 X e4\n6. d2— -d4 b7- —b5\n7. d4— -d5 Rc6- —e7 *"
    )
    (game,) = parse_games(text, "is")
    assert [ply.san for ply in game.plies] == [*RUY_LOPEZ[:8], "O-O", "Nxe4", "d4", "b5", "d5", "Ne7"]
    assert game.error is None and read_otherwise(game.plies[9])


def test_a_games_first_number_read_by_ocr_as_a_letter_starts_the_game_even_run_on() -> None:
    # Skákblaðið 1936: the next game run on after a resignation, its "1." read as "í." ("l.", "I.", "|." alike).
    text = (
        "1. e4, e5. 2. Rf3, Rc6. 3. Bb5, a6. 4. Ba4, Rf6. 5. 0—0, Be7. 6. He1, b5. 7. Bb3, d6. 8. c3, 0—0.\n"
        "9. h3, Ra5. 10. Bc2, c5. 11. d4, Dc7. gefur.\nHvítt: Baldur Möller.\nSvart: Sturla Pétursson.\n"
        "í. d4, e6. 2. c4, Rf6. 3. Rc3, Bb4. 4. Db3, c5.\n"
    )
    first, second = parse_games(text, "is")
    assert len(first.plies) == 22 and second.headers["White"] == "Baldur Möller"
    assert [ply.san for ply in second.plies] == ["d4", "e6", "c4", "Nf6", "Nc3", "Bb4", "Qb3", "c5"]
    (alone,) = parse_games("í. d4, e6. 2. c4, Rf6. 3. Rc3, Bb4.", "is")
    assert len(alone.plies) == 6 and alone.error is None


def test_a_run_of_dashes_after_the_number_numbers_blacks_move() -> None:
    # Skák 1947: White's move, a rule of dashes, a note, then "8. --- Dd8—c7", "12. -- Bc5—e7" for Black's move.
    text = (
        "1. e2—e4 e7—e5\n2. Rgl—f3 ---------------\nAthugasemd.\n2. --- Rb8—c6\n3. Bfl—b5 ---\nAthugasemd.\n"
        "3. -- a7—a6\n4. Bb5—a4 ----\n4. ------------ Rg8—f6 *"
    )
    (game,) = parse_games(text, "is")
    assert [ply.san for ply in game.plies] == RUY_LOPEZ[:8] and game.error is None


def test_a_move_numbers_dot_read_as_a_hyphen_before_the_ring_still_numbers_blacks_move() -> None:
    # Nýja skákblaðið 1940 as OCR read it: "3- —o— d7—d5" after a note. Before, the number was prose, and the
    # note's "3. —o— b7— b6!" was read as Black's third move.
    text = (
        "1. d2—d4 Rg8—f6 2. c2—c4 e7—e6 3. a2—a3 Þessi svarleikur er ekki heppilegur. 3- —o— d7—d5 Bezt er"
        " að leika 3. —o— b7— b6! — Drottningar-indverskt, sterk vörn. 4. Rbl—c3 Bf8—e7 *"
    )
    (game,) = parse_games(text, "is")
    assert [ply.san for ply in game.plies] == ["d4", "Nf6", "c4", "e6", "a3", "d5", "Nc3", "Be7"]
    assert game.error is None


def test_a_long_forms_dash_split_in_two_by_ocr() -> None:
    # A narrow column's OCR: "1. e2— -e4", "2. Rgl- -f3 Rb8- —c6", "5. 0- —0".
    text = "1. e2— -e4 e7—e5\n2. Rgl- -f3 Rb8- —c6\n3. Bfl— -b5 a7- —a6\n4. Bb5— -a4 Rg8- —f6\n5. 0- —0 Bf8— -e7 *"
    (game,) = parse_games(text, "is")
    assert [ply.san for ply in game.plies] == [*RUY_LOPEZ[:8], "O-O", "Be7"]
    assert game.error is None


def test_a_long_form_move_broken_at_its_dash_at_a_lines_end_is_one_move() -> None:
    # A narrow column breaks the long form after its dash ("Jb8-" at a line's end, "c6" at the next one's
    # start): the game stopped at "Jb8", no knight's move to b8. Where the line's end is no dash of a move
    # ("2. Jg1-f3 e7-e5" then "3. Sf1-b5"), nothing changes.
    text = "1.e2-e4 e7-e5 2.Jg1-f3 Jb8-\nc6 3.Sf1-\nb5 a7-a6 4.Sb5-a4 Jg8- f6 *"
    (game,) = parse_games(text, "sk")
    assert [ply.san for ply in game.plies] == RUY_LOPEZ[:8]
    assert game.error is None
    (game,) = parse_games("1.e2-e4 e7-e5\n2.Jg1-f3 Jb8-c6 *", "sk")
    assert [ply.san for ply in game.plies] == RUY_LOPEZ[:4]
    # Where White's move and Black's are written as one with a dash ("5. Jc3—" at a line's end, "d6" at the
    # next one's start), the two are still read as the pair when they cannot be one long-form move.
    (game,) = parse_games("1. e4—c5 2. Jf3—Jc6 3. d4—cxd4 4. Jxd4—Jf6 5. Jc3—\nd6 6. Sc4—e6 *", "sk")
    assert [ply.san for ply in game.plies][8:] == ["Nc3", "d6", "Bc4", "e6"] and game.error is None


def test_a_first_move_in_the_long_form_with_its_piece_letter_garbled_is_read_by_its_squares() -> None:
    # "1. Pigl—f3" (Rgl—f3, the knight's R read as Pi): no game was found at all; only the knight goes from
    # g1 to f3, and the moves after it play on. Flagged as a move read otherwise.
    text = "Hvítt: Lissitsin.\nSvart: Keres.\n1. Pigl—f3 d7—d5\n2. c2—c4 c7—c6\n3. e2—e3 Rg8—f6 *"
    (game,) = parse_games(text, "is")
    assert [ply.san for ply in game.plies] == ["Nf3", "d5", "c4", "c6", "e3", "Nf6"]
    assert game.error is None and read_otherwise(game.plies[0])
    assert (game.headers["White"], game.headers["Black"]) == ("Lissitsin", "Keres")


def test_a_bracket_never_closed_ends_where_the_game_goes_on_under_a_number_its_words_went_past() -> None:
    # "(Ef 8. d4Xc5, þá d5Xc4. 9. Bxc4 …" and no ")": "8. —o— c5Xd4" on the next line fits the variation's
    # position too, but the variation's words went past move 8 already; the game goes on there.
    text = (
        "1. d2—d4 d7—d5\n2. c2—c4 c7—c6\n3. Rgl—f3 Rg8—f6\n4. e2—e3 c6—c5\n5. Rbl—c3 e7—e6\n6. Bfl—d3 Bf8—e7\n"
        "7. 0—0 0—0\n8. Ddl—b3\n(Ef 8. d4Xc5, þá d5Xc4. 9.\nBxc4 og peðið á c5\nfellur.\n"
        "8. —o— c5Xd4\n9. e3Xd4 Rb8—c6 *"
    )
    (game,) = parse_games(text, "is")
    assert [ply.san for ply in game.plies][14:] == ["Qb3", "cxd4", "exd4", "Nc6"]
    assert game.error is None


def test_a_move_first_on_a_line_of_prose_is_cited_where_the_move_due_is_numbered_on_a_later_line() -> None:
    # "16. Hdl—el", then "Rangt væri H—d2, vegna" and "Bxe3. 17. BXe3, e5—e4!, sem vinnur mann." (the line a
    # note considers), then ".16. —o— Bg4—e6": Black's 16th is Be6, not the Bxe3 the note starts its line with.
    text = (
        "1. e2—e4 e7—e5\n2. Rgl—f3 Rb8—c6\n3. Bfl—c4 Bf8—c5\n4. d2—d3 d7—d6\n5. Bcl—e3 Bc8—g4\n6. Hhl—gl\n"
        "Rangt væri h2—h3, vegna\nBxe3. 7. fXe3, Bxf3, sem vinnur mann.\n.6. —o— Bc5—b6\n7. h2—h3 *"
    )
    (game,) = parse_games(text, "is")
    assert [ply.san for ply in game.plies][10:] == ["Rg1", "Bb6", "h3"] and game.error is None


def test_chessbase_figurines_read_in_a_russian_code_page_are_the_pieces() -> None:
    # ChessBase's figurine font on a page in Windows-1251: the bytes of "£", "¥", "¢" read as "Ј", "Ґ", "ў".
    (game,) = parse_games("1.d4 d5 2.¤c3 f5 3.Ґf4 ¤f6 4.Јd3 e6 5.0–0–0 Ґe7 6.ўb1 0–0 *", "ru")
    assert [ply.san for ply in game.plies][4:] == ["Bf4", "Nf6", "Qd3", "e6", "O-O-O", "Be7", "Kb1", "O-O"]


def test_a_chess_fonts_figurines_no_table_knows_are_the_pieces_their_moves_make() -> None:
    # A PDF's chess font copied out as characters of the private use area: before, each was skipped with a
    # warning and "2. \ue0a6f3" read as the pawn's f3, a wrong move, then the game stopped at "3. \ue0a7b5". Each
    # glyph is the piece under which the games read on; the knight's glyph reads apart only once the bishop's
    # is known. Told as a warning of the game.
    (game,) = parse_games("1. e4 e5 2. \ue0a6f3 \ue0a6c6 3. \ue0a7b5 a6 4. \ue0a7a4 \ue0a6f6 *", "sk")
    assert [ply.san for ply in game.plies] == RUY_LOPEZ[:8]
    assert game.error is None
    assert any("U+E0A6 as the knight, U+E0A7 as the bishop" in warning for warning in game.warnings)
    # A glyph whose moves several pieces make alike (Qe2, Be2, Ne2, Ke2) stays as written: the game stops
    # there rather than guess.
    (game,) = parse_games("1. e4 e5 2. \ue0a6e2 \ue0a6e7 3. d3 *", "sk")
    assert [ply.san for ply in game.plies] == ["e4", "e5"] and game.error is not None
    assert not any("as the" in warning for warning in game.warnings)


def test_a_figurine_the_table_knows_is_another_piece_where_the_games_read_only_so() -> None:
    # Another font sets the queen on ChessBase's rook `¦`: "6. ¦c2" stopped the game (no rook reaches c2). Where
    # the games stop as the table reads them, the glyph is the piece that reads them on; where they do not,
    # the table's piece stands (the ChessBase game of the first test reads as before).
    (game,) = parse_games(
        "1. d4 d5 2. c4 e6 3. ¤c3 ¤f6 4. ¥g5 ¥e7 5. e3 0-0 6. ¦c2 h6 7. ¥h4 b6 8. cxd5 ¤xd5 9. ¥xe7 ¦xe7 *",
        "sk",
    )
    assert [ply.san for ply in game.plies][10:] == ["Qc2", "h6", "Bh4", "b6", "cxd5", "Nxd5", "Bxe7", "Qxe7"]
    assert game.error is None and any("U+00A6 as the queen" in warning for warning in game.warnings)
    (game,) = parse_games("1. e4 e5 2. ¤f3 ¤c6 3. ¥b5 a6 4. ¥a4 ¤f6 5. 0-0 ¥e7 6. ¦e1 b5 *", "sk")
    assert [ply.san for ply in game.plies][10:] == ["Re1", "b5"] and not any(
        "as the" in w for w in game.warnings
    )


def test_a_move_left_out_before_a_note_is_put_in_where_the_next_line_numbers_the_ply_after() -> None:
    # "7.d:c5", a note citing other moves, then "8.W:d1 G:c5" starting a line: Black's 7th (Qxd1) is not in
    # the text. Before, the rest of the game was read as the note's words.
    text = (
        "1.d4 d5 2.c4 d:c4 3.Sf3 e6 4.e3 c5 5.G:c4 a6 6.0-0 Sf6 7.d:c5\n"
        "Ruch Spasskiego. Inne możliwości to 7.Sc3, 7.He2, 7.a4 itd.\n"
        "8.W:d1 G:c5 9.Sbd2 Sbd7 10.Ge2 b6 *"
    )
    (game,) = parse_games(text, "pl")
    sans = [ply.san for ply in game.plies]
    assert sans[12:] == ["dxc5", "Qxd1", "Rxd1", "Bxc5", "Nbd2", "Nbd7", "Be2", "b6"]
    assert game.error is None and read_otherwise(game.plies[13])
    assert "Ruch Spasskiego" in game.plies[12].comment


def test_a_long_form_with_its_targets_file_garbled_is_read_by_its_origin_and_rank() -> None:
    # "11. f2—Í4!;b7—b6" (OCR read f as Í), then a note: only f2-f4 goes from f2 to the fourth rank, and
    # Black's reply plays after it. Flagged as a move read otherwise.
    text = (
        "1. e2—e4; c7—c5\n2. Rgl—e2; e7—e6\n3. d2—d4; c5xd4\n4. Re2xd4; Rg8—f6\n5. f2—Í4!;b7—b6\n"
        "Ef b5, þá 6. á4, sem er\ntruflandi.\n6. f4—f5; e6xf5 *"
    )
    (game,) = parse_games(text, "is")
    assert [ply.san for ply in game.plies][8:] == ["f4", "b6", "f5", "exf5"]
    assert game.error is None and read_otherwise(game.plies[8])


def test_a_long_form_with_a_doubled_dash_and_its_target_garbled_is_read_by_its_origin() -> None:
    # An OCR'd book (tests/data/real33/de-002): "e7--05" (e read as 0) and "e7-—ed" (5 read as d) are Black's
    # e7-e5; before, the game stopped at "e7" as a pawn's move to e7. The moves after it decide: "2 d4 ed"
    # plays only after e5. Flagged as moves read otherwise.
    (game,) = parse_games("1. e2--e4 e7--05 2. Sg1-f3 Sb8-c6 *", "de")
    assert [ply.san for ply in game.plies] == ["e4", "e5", "Nf3", "Nc6"]
    assert game.error is None and read_otherwise(game.plies[1])
    (game,) = parse_games("1 e2-—e4 e7-—ed 2 d4 ed 3 Sg1-f3 Sb8-c6 4 Lf1-c4 Lf8-c5 *", "de")
    assert [ply.san for ply in game.plies][:4] == ["e4", "e5", "d4", "exd4"]
    assert game.error is None and read_otherwise(game.plies[1])


def test_a_novelty_sign_after_a_pieces_move_is_no_promotion() -> None:
    # "15…Kg8N" (Turkish K, a rook): ChessBase's N for a novelty; before, "only a pawn on the last rank
    # promotes" stopped the game. A pawn's "e8N" in English stays a promotion.
    (game,) = parse_games("1.d4 d5 2.c4 c6 3.Af3 Af6 4.Ac3 e6 5.Kg1N Fe7 *", "tr")
    assert [ply.san for ply in game.plies][-2:] == ["Rg1", "Be7"] and game.plies[-2].nags == (146,)
    (game,) = parse_games("1.e4 d5 2.exd5 c6 3.dxc6 Nf6 4.cxb7 Nbd7 5.bxa8N e5 *", "en")
    assert game.plies[8].san == "bxa8=N" and game.error is None


def test_a_draw_word_ending_the_sentence_after_the_last_move_is_the_result() -> None:
    # "46 Rf2, tablas.", then a paragraph on something else: a draw; before, the result was "*".
    text = "1 e4 c5 2 Cf3 e6 3 d3 Cc6 4 g3 d5 5 De2 Cf6, tablas.\n\nCorrespondencia: ajedrez@example.es"
    (game,) = parse_games(text, "es")
    assert game.result == "1/2-1/2" and len(game.plies) == 10
    # Iceland's and Finland's word for a draw where the result stands.
    (game,) = parse_games("1. e4 e5 2. Rf3 Rc6 3. Bb5 a6 Jafntefli.", "is")
    assert game.result == "1/2-1/2" and len(game.plies) == 6
    (game,) = parse_games("1. e4 e5 2. Rf3 Rc6 3. Lb5 a6 tasapeli", "fi")
    assert game.result == "1/2-1/2" and len(game.plies) == 6
    # The draw word followed by a comma and its reasons, or alone at its line's end before a paragraph that
    # a column's stars end; before, the result was "*".
    text = "1 e4 c5 2 Cf3 e6 3 d3 Cc6 4 g3 d5, tablas, porque el alfil compensa el peón de menos."
    (game,) = parse_games(text, "es")
    assert game.result == "1/2-1/2" and game.plies[-1].comment == "porque el alfil compensa el peón de menos."
    text = "1.e4 e5 2.Sf3 Sc6 3.Lb5 a6 remi\n\nEfter ett kort remiparti: Iljusjina–Gunina, Dagomys 2010.\n\n* * * * *\n"
    (game,) = parse_games(text, "sv")
    assert game.result == "1/2-1/2" and len(game.plies) == 6
    # A draw written right after the move number of a move never played.
    (game,) = parse_games("1.d4 d5 2.c4 c6 3.Rf3 Rf6 4.½-½", "fi")
    assert game.result == "1/2-1/2" and len(game.plies) == 6 and game.error is None
    # A result the line broke before its colon (real63 it-001: "32. Te5+ 1", then ": 0.").
    (game,) = parse_games("1. e4 e5 2. Cf3 Cc6 3. Ab5 1\n: 0.\nNo comments:", "it")
    assert game.result == "1-0" and len(game.plies) == 5


def test_a_side_line_under_the_number_of_the_move_just_played_is_no_take_back_where_the_reply_starts_a_later_line() -> (
    None
):
    # "28.Fd3. 27.Ke1. 27.Fxd7 Şxd7 …" (Turkish K, a rook), then "27…Kc5." starting a line: the game's 27th is
    # Re1, and the moves under its number after it are a side line without brackets. Before, Bxd7 was taken
    # for the game's and Re1 for the prose's.
    text = (
        "1.d4 d5 2.c4 c6 3.Af3 Af6 4.Ac3 e6 5.e3 Abd7 6.Fd3 dxc4 7.Fxc4 b5 8.Fd3 a6 9.e4 c5 10.e5 cxd4 11.Axb5 "
        "axb5 12.exf6 gxf6 13.0-0 Vb6 14.Ve2 Fb7 15.Fxb5 Kg8 16.Ff4 Fd6 17.Fg3 f5 18.Kfc1 f4 19.Fh4 Fe7 20.a4 "
        "Fxh4 21.Axh4 Şe7 22.Ka3 Kac8 23.Kxc8 Kxc8 24.Ka1 Vc5 25.Vg4 Ve5 26.Af3 26…Vf6! 26…Fxf3 27.Vxf3+/= Af6 "
        "28.Fd3. 27.Ke1. 27.Fxd7 Şxd7 28.Axd4 Şe7! 29.Kd1 Kc4 30.Ae2 Kxa4; 27.Kd1 Ae5 28.Axe5 Vxe5 Siyah iyi.\n\n"
        "27…Kc5. 27…Af8!? Yusupov.\n28.b4?! Kc3 29.Axd4 Vxd4 0-1"
    )
    (game,) = parse_games(text, "tr")
    assert [ply.san for ply in game.plies][52:] == ["Re1", "Rc5", "b4", "Rc3", "Nxd4", "Qxd4"]
    assert game.result == "0-1"


def test_a_line_cited_in_prose_that_goes_on_under_new_numbers_is_prose_where_the_game_goes_on_under_its_number() -> (
    None
):
    # "Lepšie bolo 5...b5, čo uvoľní strelca. 6.Sb3 Sb7 …": the line the note considers goes on in a sentence of
    # its own under the numbers after the game's 5...Se7, and its 6...Sb7 cannot be played; the game goes on
    # under "6.Ve1", the number due after 5...Se7. Before, 6.Sb3 was read as the game's and the reading stopped
    # at Sb7.
    text = (
        "1.e4 e5 2.Jf3 Jc6 3.Sb5 a6 4.Sa4 Jf6 5.0-0 Se7 Lepšie bolo 5...b5, čo uvoľní strelca. 6.Sb3 Sb7 7.Ve1 "
        "Sc5 s dobrou hrou. 6.Ve1 b5 7.Sb3 d6 8.c3 0-0 1-0"
    )
    (game,) = parse_games(text, "sk")
    assert [ply.san for ply in game.plies][10:] == ["Re1", "b5", "Bb3", "d6", "c3", "O-O"]
    assert game.error is None and game.result == "1-0"
    assert "6.Sb3 Sb7 7.Ve1 Sc5" in game.plies[9].comment
    assert any("read as a line of the prose's" in warning for warning in game.warnings)
    # Where the moves under the number due do not play on from there, the reading stops as written.
    (game,) = parse_games(text.replace("6.Ve1 b5 7.Sb3", "6.Ve1 b5 7.Sc4"), "sk")
    assert game.error is not None


def test_a_line_read_from_a_sentence_is_the_proses_where_a_later_sentence_starts_with_the_number_due_there() -> (
    None
):
    # "Nič nedáva bielemu 9.d4 pre 9...Sb7! (…) 10.a4 Ve8 11.d3 Sf8 a čierny sa bráni.", then "9...Ja5": the
    # moves from 9...Sb7 (playable after the game's 9.h3 too) answer the 9.d4 the sentence cites; the game's 9th
    # is Na5, under the number due where they began. Before, Bb7 … Bf8 were the game's and Na5 a side line.
    text = (
        "1.e4\ne5\n2.Jf3\nJc6\n3.Sb5\na6\n4.Sa4\nJf6\n5.0-0\nSe7\n6.Ve1\nb5\n7.Sb3\nd6\n8.c3\n0-0\n9.h3\n"
        "Nič nedáva bielemu\n9.d4\npre\n9...Sb7!\n(9...Ja5??\n10.Sc2)\n10.a4\nVe8\n11.d3\nSf8\n"
        "a čierny sa bráni.\n9...Ja5\n10.Sc2\nc5\n11.d4\nDc7\n1-0\n"
    )
    (game,) = parse_games(text, "sk")
    assert [ply.san for ply in game.plies][16:] == ["h3", "Na5", "Bc2", "c5", "d4", "Qc7"]
    assert game.error is None and game.result == "1-0"
    assert "10.a4" in game.plies[16].comment
    assert any("read as a line of the prose's" in warning for warning in game.warnings)


def test_move_numbers_that_stay_ahead_of_the_moves_read_put_the_moves_in_doubt() -> None:
    # "3.Sf3 e5" lost at a page break: "4.g3 Jf6" and "5.Sg2 d5" still play as White's and Black's 3rd and 4th,
    # unflagged before. Numbers that stay ahead tell a lost line; one number off alone is a misprint.
    text = "1.c4 c5\n2.Jc3 Jc6\n4.g3 Jf6\n5.Sg2 d5\n6.c:d5 J:d5 *"
    (game,) = parse_games(text, "sk")
    assert game.doubtful_from == 5 and "lost moves" in " ".join(game.warnings)
    (game,) = parse_games("1.c4 c5\n2.Jc3 Jc6\n4.g3 Jf6\n4.Sg2 d5\n5.c:d5 J:d5 *", "sk")
    assert game.doubtful_from == 0 and game.error is None


def test_moves_before_a_result_that_begin_after_move_one_stop_the_game_and_are_not_dropped_in_silence() -> (
    None
):
    # "4) dxe5 d5 5) Jbd2 … *", the first line lost: the game stops there, naming why; it is no forfeit.
    (game,) = parse_games("Ma Qun – Abasov\n\n4) dxe5 d5 5) Jbd2 Sc7 6) Jxe4 dxe4 *\n", "cs")
    assert game.plies == [] and isinstance(game.error, LostFirstMovesError)
    assert str(game.error).startswith("line 3, column 1: no move read: the moves are numbered from 4")
    (game,) = parse_games("Ma Qun – Abasov\n\n1-0\n", "cs")
    assert game.plies == [] and game.error is None and not game.warnings
    # So in a file of games, between two others, whose players and results are kept.
    text = (
        "Kovač - Horák\n\n1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 1-0\n\n"
        "Novák - Svoboda\n\n4) dxe5 d5 5) Jbd2 Sc7 6) Jxe4 dxe4 1-0\n\n"
        "Dvořák - Černý\n\n1. d4 d5 2. c4 e6 0-1\n"
    )
    games = parse_games(text, "cs")
    assert [
        (game.headers["White"], game.headers["Black"], len(game.plies), game.result) for game in games
    ] == [
        ("Kovač", "Horák", 6, "1-0"),
        ("Novák", "Svoboda", 0, "1-0"),
        ("Dvořák", "Černý", 4, "0-1"),
    ]
    assert [type(game.error) for game in games] == [type(None), LostFirstMovesError, type(None)]
    # Moves among words are cited (from a diagram's position): a warning, and the game's result kept.
    (game,) = parse_games(
        "Es folgte:\n35.e4 fxe4 36.b4\nWieder sieht die Lage kritisch aus:\n43.g5 hxg5 1-0\n", "de"
    )
    assert game.error is None and game.result == "1-0"
    assert game.warnings == [
        "no move read: the moves are numbered from 35, the moves before them are not in the text, and no FEN "
        "gives the position"
    ]


def test_a_game_whose_move_one_cannot_be_read_is_an_error_game_not_a_heading() -> None:
    # An OCR'd magazine page (tests/data/real54/is-001): move 1 read as `í-4` (f4), the moves after it numbered on.
    # The game was neither read nor told: alone it gave no game at all, exit 0; before another game, it became
    # that game's heading. Games in = games out: it is a game that stops at move 1, saying why.
    text = (
        "A. Christiansen, S. Heiestad,\nDanmörk. Noregur.\n"
        "1. í-4, d5 2. e3, Rc.6 (c5 er betra) 3. Rf3, Rf6 4. b3, Bf5 5. Bb2, e6 6. Bb5, Rd7\n"
    )
    (game,) = parse_games(text, "is")
    assert game.plies == [] and game.error is not None
    assert (
        str(game.error)
        == "line 3, column 1: no move read: move 1 cannot be read: '1. í-4, d5 2. e3, Rc.6 (…'"
    )
    later = "7. B:c6, b:c6 8. 0-0, c5 9. d3, h6 10. De2, Bh7 11. e4, d4 og Hvítur vann.\n"
    second = "E. Haave, J. Guðmundsson,\nNoregur. Ísland.\n1. d4, d5 2. c4, e6 3. Rc3, c6 4. Rf3, d:c4 1-0\n"
    games = parse_games(text + later + second, "is")
    assert [(len(game.plies), game.error is None) for game in games] == [(0, False), (8, True)]


def test_a_game_whose_move_one_cannot_be_read_before_another_on_its_line_is_a_game_of_its_own() -> None:
    # A 1921 newspaper's column as OCR read it (tests/data/real36/hu-002): game 64's first moves `1. eh eV`
    # (e4 e5), its moves numbered on to a resignation, then game 65 on the same line. Before, game 64 was game
    # 65's heading: one game out of two, silently.
    first = (
        "64. számú játszma. Dr. Elekes—Gruber. 1. eh eV 2. Hf3. Hc6. 3. Fb5, d6. 4. o —o, HgfG. 5. dB, FeT 6. Bel, "
        "o-o. 7. c3, Fg4. 8. Hbd2, Kh8,9 h3, Fh5‘ 10. Hdfl, Hfg8. 11. g4, Fg6. 12. Hfg3, f6. 13. Fe3, d5. "
        "sötét feladta. "
    )
    second = "65. számú játszma. Jakab A.—Balogh J. 1. e4, e5 2. Hf3, Hc6 3. Fc4, Hf6 4. d3, Fe7 1-0\n"
    games = parse_games(first + second, "hu")
    assert [(len(game.plies), game.error is None) for game in games] == [(0, False), (8, True)]
    assert "move 1 cannot be read: '1. eh eV 2. Hf3. Hc6. 3.…'" in str(games[0].error)
    # Moves from move 1 that the words cite, read or not, stay the heading's.
    (game,) = parse_games("Korábban 1. e4 e5 2. Hf3 következett. " + second, "hu")
    assert len(game.plies) == 8 and game.error is None


def test_a_dash_for_the_move_numbers_dot_and_a_pieces_file_in_brackets() -> None:
    # A blog's game (tests/data/real35/pt-001): "1 – e4 ç5", the c file typed "ç", "T(f)d1" for Rfd1, under a
    # heading whose bracket closes on the line before the moves.
    text = (
        "Brancas:\nC. Nascimento Pretas: Paulo Marçal\n(Campeonato Distrital por\nEquipas)\n1 – e4 ç5\n"
        "2 - d4 çxd4 3 – ç3\nd5 4 – exd5 Dxd5\n5 – çxd4 Cç6 6 – Cf3\nBg4 7 – Be2 e6\n8 – Cç3 Bb4 9 – O-O\n"
        "Da5 10 – Bd2 Cf6\n11 – a3 Be7 12 – b4\nDd8 13 – Be3 a6\n14 – Da4?? O-O 15 – T(f)d1 Cd5 *\n"
    )
    (game,) = parse_games(text, "pt")
    assert game.error is None and game.headers["White"] == "C. Nascimento"
    assert [ply.san for ply in game.plies][:4] == ["e4", "c5", "d4", "cxd4"]
    assert [ply.san for ply in game.plies][-4:] == ["Qa4", "O-O", "Rfd1", "Nd5"]
    # A dash after a number with a dot stays Black's ("16. ... – Da5"); one without a move after it is no number.
    assert sans("1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sa4 Jf6 5. 0-0 (5. d3) 5. ... – Se7 *", "sk")[-1] == "Be7"
    assert sans("Runde 3 - Schwarz spielte so: 1. e4 e5 2. Sf3 *", "de") == ["e4", "e5", "Nf3"]
    # Nor is an OCR'd long form's rank set apart ("Rg 1 — f3", an Icelandic magazine's Rg1—f3).
    assert "MOVE_NUMBER" not in [found.lastgroup for found in grammar_for("is").scan("5 Rg 1 — f3")][1:]


def test_a_reports_games_in_running_prose_each_after_its_players_and_a_win_told() -> None:
    # A tournament report (tests/data/real36/cs-001): the players with ratings ("2033F") end a paragraph's
    # sentence, the moves follow on the same line, "a bílý zvítězil v 61 tazích." tells the result, and the next
    # game's players and moves follow in the same paragraph: two games, not one with the second as a comment.
    text = (
        "Mě osobně se líbila partie ze stolu č. 3. Tejkal J., 2033F – Londýn R., 2350F 1.d4 d5 2.Jf3 Jf6 3.c4 c6 "
        "4.Jc3 a6 5.cd5 cd5 6.Sf4 Je4 7.Je4 de4 8.Jg5 Dd5 a bílý zvítězil v 61 tazích. Stehno P., 2373F – "
        "Erneker J., 2033F 1.e4 c5 2. Jf3 d6 3.d4 cd4 4.Jd4 Jf6 5.Jc3 g6 6.Se3 Sg7 7.f3 0-0\n"
    )
    first, second = parse_games(text, "cs")
    assert (first.headers["White"], first.headers["Black"], first.result) == ("Tejkal J.", "Londýn R.", "1-0")
    assert [ply.san for ply in first.plies][-2:] == ["Ng5", "Qd5"]
    assert (second.headers["White"], second.headers["Black"]) == ("Stehno P.", "Erneker J.")
    assert len(second.plies) == 14 and second.error is None


def test_a_misprinted_move_is_read_from_the_moves_after_a_note_in_brackets() -> None:
    # A newspaper column (tests/data/real36/hu-001): "5.Hc2" for Hc3, and a note in brackets after the next
    # move; Hd2 and Hc3 both let "a6 6.h3" be played, only Hc3 the moves after the note ("8.Vd2").
    text = (
        "1.e4 c5 2.Hf3 d6 3.d4 cxd4 4.Hxd4 Hf6 5.Hc2 a6 6.h3 (ritkább ez a Hg4 lépést akadályozó folytatás, mellyel "
        "Timman elkerüli a kielemezett 6.Fe3 e5 7.Hb3 vagy 6...Hg4 7. Fg5 h6 8.Fh4 g5 változatokat) 6...g6 "
        "(számításba jött 6...e5) 7.Fe3 Fg7 8.Vd2 b5 9.0-0-0 Fb7 *\n"
    )
    (game,) = parse_games(text, "hu")
    assert game.error is None and len(game.plies) == 18
    # (Not 1.c4 for "1.e4", the misprint looked for before the move that cannot be played.)
    assert [ply.san for ply in game.plies][:10] == NAJDORF


def test_spanish_print_en_passant_and_question_marks_and_an_old_magazines_spaced_squares() -> None:
    # A newspaper column (tests/data/real37/es-001): "22 e - f6 a. p." (al paso), "(¿por qué no 28 D - g6 …)"; an
    # OCR'd magazine (real37/is-002): "19. f 4—f 5!" and "21. Hfl Xf6" (rank 1 read as l, the capture mark apart).
    spanish = "1 e4, c5 / 2 e5, d5 / 3 e - d6 a. p., D - d6 (¿por qué no 3... e6?) / 4 d4, Cc6 / 5 Cf3, Ag4 *"
    (game,) = parse_games(spanish, "es")
    assert game.error is None and game.warnings == []
    assert [ply.san for ply in game.plies] == [
        "e4",
        "c5",
        "e5",
        "d5",
        "exd6",
        "Qxd6",
        "d4",
        "Nc6",
        "Nf3",
        "Bg4",
    ]
    assert game.plies[4].en_passant and game.plies[5].variations[0][0].starting_comment == "¿por qué no"
    icelandic = (
        "1. e2—e4 e7—e5 2. Bfl—c4 Rb8—c6 3. d2—d3 Bf8—c5 4. Rbl—c3 d7—d6 5. f 2—f 4 e5 X f4 6. Rgl—f3 Rg8—f6 "
        "7. Bcl Xf4 0—0 *"
    )
    (game,) = parse_games(icelandic, "is")
    assert game.error is None
    assert [ply.san for ply in game.plies][8:10] == ["f4", "exf4"]
    # (A piece's target square split after a spaced dash: "3. g2-g3 Rg8— f 6", tests/data/real38/is-002.)
    (split,) = parse_games("1. c2—c4 e7—e6 2. Rgl—f3 f7—f5 3. g2-g3 Rg8— f 6 4. Bfl—g2 Bf8—e7 *", "is")
    assert split.error is None and [ply.san for ply in split.plies][5:] == ["Nf6", "Bg2", "Be7"]
    assert [ply.san for ply in game.plies][-2:] == ["Bxf4", "O-O"]
    capablanca = (
        "1. d2—d4 Rg8—f6 2. c2—c4 e7—e6 3. Rbl—c3 Bf8—b4 4. Ddl—c2 Rb8—c6 5. Rgl—f3 d7—d5 6. a2—a3 Bb4Xc3 "
        "7. Dc2Xc3 a7—a5 8. b2—b3 0—0 9. Bcl—g5 h7—h6 10. Bg5Xf6 Dd8xf6 11. e2—e3 Bc8—d7 12. Bfl—d3 Hf8—c8 "
        "13. 0—0 a5—a4 14. b3—b4 d5Xc4 15. Bd3 X c4 Rc6—a7 16. Rf3—e5 Bd7—e8 17. f2—f4 b7—b6 18. Dc3—d3 Hc8—d8 "
        "19. f4—f5 b6—b5 20. f5xe6 b5Xc4 21. Hfl Xf6 c4Xd3 *"
    )
    (game,) = parse_games(capablanca, "is")
    assert game.error is None and [ply.san for ply in game.plies][-2:] == ["Rxf6", "cxd3"]


def test_newspaper_columns_heading_bracket_left_open_and_a_resignation_word_with_an_object() -> None:
    # El País columns (tests/data/real38/es-002, es-001): the heading's bracket "(Francia, 5-3-2011." never closes
    # and the moves start inside the next line's sentence, numbered without dots; "se abandona el centro" gives up
    # the centre, not the game.
    text = (
        "Blancas: A. Délchev (Bulgaria, 2.629). Negras: D. Jojua (Georgia, 2.516). Defensa Siciliana (B42). "
        "XXVII Abierto de Cappelle la Grande (Francia, 5-3-2011.\nEl traje oculta una camisa vieja: 1 e4 c5 2 Cf3 "
        "e6 3 d4 cxd4 4 Cxd4 a6 5 Cc3 b5 6 Ad3 d6 7 0-0 Cf6 (una idea dudosa; se abandona el centro) 8 a4 b4 "
        "9 Ca2 e5 10 Cf5 y Jojua se rindió.\n"
    )
    (game,) = parse_games(text, "es")
    assert (game.headers["White"], game.headers["Black"], game.result) == ("A. Délchev", "D. Jojua", "1-0")
    assert len(game.plies) == 19 and game.plies[-1].san == "Nf5"
    # The player named resigned, whoever moved last.
    (game,) = parse_games(text.replace(" 10 Cf5 y", " y"), "es")
    assert len(game.plies) == 18 and game.result == "1-0"
    (game,) = parse_games(text.replace("10 Cf5 y Jojua", "10 Cf5 y Délchev"), "es")
    assert game.result == "0-1"


def test_an_english_score_on_a_page_whose_pawn_letter_is_english_bishops() -> None:
    # A Swedish club's report (tests/data/real38/sv-001): the score in English SAN; B is the Swedish pawn's letter.
    (game,) = parse_games("1. d4 d5 2. Sf3 e6 3. e3 c5 4. c4 Sc6 5. Sc3 Nf6 6. Be2 Be7 7.0-0 0-0 *", "sv")
    assert game.error is None and [ply.san for ply in game.plies][10:12] == ["Be2", "Be7"]
    assert "no pawn can make it: read as Be2, B the English letter of the piece" in game.plies[10].warnings
    # A whole game in English letters, none of the locale's own, is read as English (tests/data/real40/da-001):
    # "22. Nc5 Bd4" is the bishop's move, though a Danish pawn on d5 could go to d4.
    text = "1. e4 c5 2. Nf3 e6 3. d4 cxd4 4. Nxd4 d5 5. e5 Bd7 6. Bb5 Qb6 7. Bxd7+ Nxd7 8. O-O Bc5 *"
    (game,) = parse_games(text, "da")
    assert game.error is None and [ply.san for ply in game.plies][9] == "Bd7"
    assert any("read as English (en)" in warning for warning in game.warnings)
    # A Portuguese score that slips into English letters (tests/data/real40/pt-001): R is the Portuguese king's.
    text = (
        "1. e4 e5 2. Cf3 Cc6 3. Bc4 Bc5 4. O-O Cf6 5. Te1 O-O 6. c3 d6 7. d4 exd4 8. cxd4 Bb6 9. Cc3 Bg4 "
        "10. Be3 Te8 11. h3 Bxf3 12. Dxf3 Cxd4 13. Bxd4 Bxd4 14. Rad1 c5 *"
    )
    (game,) = parse_games(text, "pt")
    assert game.error is None and [ply.san for ply in game.plies][-2:] == ["Rad1", "c5"]
    assert "no king can make it: read as Rad1, R the English letter of the piece" in game.plies[-2].warnings
    # English moves on a Swedish page whose notes cite a few moves in Swedish letters ("min dator drar Ld3",
    # tests/data/real45/sv-001): the score is English; before, "13. Bxd6" was read as a Swedish pawn's capture.
    text = (
        "1. e4 c5 2. d4 cxd4 3. c3 dxc3 4. Nxc3 Nc6 5. Nf3 d6 6. Bc4 e6 7. O-O a6 8. Qe2 Be7 9. Rd1 Qc7 10. Bf4 "
        "svart borde fortsätta med Sf6. 10... Na5? min dator drar Ld3 direkt. 11. Bb5+ axb5 12. Nxb5 Qb6 "
        "13. Bxd6 Bxd6 1-0"
    )
    (game,) = parse_games(text, "sv")
    assert game.error is None and [ply.san for ply in game.plies][-2:] == ["Bxd6", "Bxd6"]
    assert any("read as English (en)" in warning for warning in game.warnings)


def test_a_markdown_post_with_escaped_tags_a_bold_pgn_block_and_the_annotated_score_after_it() -> None:
    # A Danish club's post (tests/data/real40/da-001): the tag pairs' brackets escaped, each move pair in bold
    # with its number outside, then the score in Danish letters in bold stretches, one glued to the next word.
    text = (
        '\\[pgn height=500\\]\n\n\\[Event "AS04"\\]\n\\[White "Kirknel, Thomas"\\]\n\\[Black "Sørensen, Dick"\\]\n'
        '\\[Result "1-0"\\]\n1. **e4 c5** 2. **Nf3 e6** 3. **d4 cxd4** 4. **Nxd4 a6** 5. **Bd3 Qc7** '
        "6. **O-O Nc6** 7. **Nxc6 bxc6** 8. **Re1 d5** 9. **Nc3 Bb7** 10. **Bg5 Bd6** 11. **exd5 Bxh2** "
        "12. **Kh1 cxd5** 1-0\n\\[/pgn\\]\n\n"
        "**1\\. e4 c5 2. Sf3 e6 3. d4 cxd4 4. Sxd4 a6** Det plejer Dick jo at spille **5. Ld3 Dc7 6. O-O Sc6?!**\n\n"
        "Med vilje afviger han **7\\. Sxc6!** Nu får hvid fordel efter **7.-,bxc6 8. Te1 d5!?**\n\n"
        "**9\\. Sc3! Lb7 10. Lg5!?** opfindsomt **10\\. - Ld6!? 11. exd5!?**stadig godt **11\\. - Lxh2?**\n\n"
        "**12\\. Kh1 cxd5 1-0**\n"
    )
    block, annotated = parse_games(text, "da")
    sans = ["e4", "c5", "Nf3", "e6", "d4", "cxd4", "Nxd4", "a6", "Bd3", "Qc7", "O-O", "Nc6", "Nxc6", "bxc6"]
    sans += ["Re1", "d5", "Nc3", "Bb7", "Bg5", "Bd6", "exd5", "Bxh2+", "Kh1", "cxd5"]
    assert block.error is None and [ply.san for ply in block.plies] == sans
    assert {name: block.headers.get(name) for name in ("Event", "White", "Black")} == {
        "Event": "AS04",
        "White": "Kirknel, Thomas",
        "Black": "Sørensen, Dick",
    }
    assert any("read as English (en)" in warning for warning in block.warnings)
    assert annotated.error is None and [ply.san for ply in annotated.plies] == sans


def test_a_databases_export_with_notes_indented_under_the_games_lines() -> None:
    # A club's ChessBase page (tests/data/real40/fr-001): "13. Dd2", then an indented note "13. Dc1 est meilleur
    # …", then the game's line again with Black's reply unnumbered: the note's move is no rival of the game's.
    text = (
        "1. d4 Cf6 2. c4 g6 3. Cc3 d5 4. cxd5 Cxd5 5. e4 Cxc3 6. bxc3 Fg7 7. Fc4 O-O 8. Ce2 b6 9. O-O Fb7 "
        "10. f3 Cc6\n11. Tb1\n    Plus précis 11. Fe3 mais ce coup a le mérite d'enlever de l'attrait\n"
        "Dd7 12. Fe3 Tad8\n   12... Tfd8 13. Dc1 e5 14. Td1 Ca5 et nulle au 59ème coup, Gaertner - Konoptka, 1992\n"
        "13. Dd2\n    13. Dc1 est meilleur car il conserve la diagonale c1-h6\n"
        "e6 14. Fg5 f6 15. Fh6 Ca5 1-0\n"
    )
    (game,) = parse_games(text, "fr")
    assert game.error is None and [ply.san for ply in game.plies][24:] == [
        "Qd2",
        "e6",
        "Bg5",
        "f6",
        "Bh6",
        "Na5",
    ]
    assert game.doubtful_from == 0


def test_an_old_magazines_column_running_one_game_into_the_next_and_a_letter_read_as_two() -> None:
    # An OCR'd 1901 magazine (tests/data/real42/is-001): "17. Hlil—fl" is Rh1-f1 (h read as "li", 1 as l), and
    # the next game follows the first's closing words with no blank line: two games, the second not swallowed
    # as the first's comment, nor its "17." read as the first game's.
    text = (
        "1. d2—d4 d7—d5\n2. Rbl—c3 e7—e6\n3. e2—e4 Bf8—b4\n4. Bcl—d2 d5xe4\n5. Rgl—f3 Rg8—f6\n"
        "6. Bfl—d3 Rb8—c6\n7. Ddl—e2 0—0\n8. 0—0—0 b7—b6\n9. Hlil—fl a7—a6\n10. a2—a3 Bb4—e7\n"
        "11. Hdl—el Bc8—b7\nog loks hættu þeir taflinu.\nFranski leikurinn.\nJacques Mieses (2609) - James Mason (2477)\n"
        "1. e2—e4 e7—e6\n2. d2—d4 d7—d5\n3. e4 x d5 e6xd5\n"
    )
    first, second = parse_games(text, "is")
    assert first.error is None and [ply.san for ply in first.plies][16:] == [
        "Rhf1",
        "a6",
        "a3",
        "Be7",
        "Rde1",
        "Bb7",
    ]
    assert any("no move as written; read as" in warning for warning in first.plies[16].warnings)
    assert second.error is None and [ply.san for ply in second.plies] == [
        "e4",
        "e6",
        "d4",
        "d5",
        "exd5",
        "exd5",
    ]
    assert (second.headers.get("White"), second.headers.get("Black")) == ("Jacques Mieses", "James Mason")
    assert "Franski" in first.plies[-1].comment


def test_the_games_move_told_again_inside_a_sentence_after_a_move_read_inside_one() -> None:
    # An Icelandic column (tests/data/real39/is-003): "by playing 23... Rg4! (…). Instead Hjörvar played 23...f6
    # and the game ended in a draw after 24. Db3 …": the moves told after the same number are the game's.
    text = (
        "1. c4 e5 2. Rc3 Rf6 3. Rf3 Rc6 4. e3 Be7 5. d4 exd4 6. exd4 d5 7. h3 O-O 8. Be2 dxc4 9. Bxc4 Rb4 "
        "10. O-O c6 11. Re5 Rbd5 12. Bb3 Be6 13. He1 Hc8 14. Bg5 He8 15. Bxf6 Bxf6 16. Re4 Rf4 17. Df3 Bxe5 "
        "18. dxe5 Rg6 19. Had1 Rxe5 20. Dg3 Bd5 21. Bxd5 cxd5 22. Hxd5 De7 23. Rg5\n\n"
        "Staðan kom upp í Evrópukeppni taflfélaga. Hjörvar gat nú snúið taflinu sér í vil með því að leika "
        "23... Rg4! (24. Hxe7 Hc1+;24. Hf1 Rf6 25. Hdd1 Db4 og svartur hefur frumkvæðið). Í stað þessa lék "
        "Hjörvar 23...f6 og skákinni lauk með jafntefli eftir 24. Db3 Kh8 25. Hdxe5 fxe5 26. Rf7+ Kg8 "
        "27. Rg5+ Kh8 28. Rf7+ Kg8 29. Rg5+ Kh8 30. Rf7+ Kg8 ."
    )
    (game,) = parse_games(text, "is")
    sans = [ply.san for ply in game.plies]
    assert game.error is None and len(sans) == 60
    assert sans[45:50] == ["f6", "Qb3", "Kh8", "Rdxe5", "fxe5"]
    assert any("read as the prose's" in warning for warning in game.warnings)


def test_paragraphs_after_a_games_last_stretch_in_italics_that_cite_moves_are_comments() -> None:
    # A Turkish post (tests/data/real40/tr-001): the game in italic stretches, its last one followed by a paragraph
    # that cites a line ("siyahın 32...Vf7 hamlesini 33.Kh8"), not the game's moves; a section's heading marks
    # after a stretch are no mate sign.
    text = (
        "_1.e4 e5 2.Af3 Ac6 3.Fc4 Fc5 4.0-0 Af6 5.d3 d6 6.c3 h6 7.Ke1 0-0 8.Abd2_\n\n### **AÇILIŞ**\n\n"
        "Bir fikir.\n\n_8...a5 9.a4 Fa7_\n\nBu piyon sürüşü.\n\n_10.Ab3 Ae7_\n\n"
        "ve devamında çare yok. Bu varyantta bile siyahın 10...Ah5 hamlesini 11.Af1 ile.\n"
    )
    (game,) = parse_games(text, "tr")
    assert game.error is None and [ply.san for ply in game.plies][-3:] == ["Ba7", "Nb3", "Ne7"]
    assert not any("#" in warning for ply in game.plies for warning in ply.warnings)


def test_a_capture_mark_before_a_square_that_holds_nothing_is_in_doubt() -> None:
    # An OCR'd column that confuses c and e (tests/data/real38/is-001): "5. Bd3Xc4" for Bxe4 is read as written,
    # and flagged (`read_otherwise`); a colon after a move that takes nothing ("3. f4:") is punctuation.
    (game,) = parse_games("1. d4 d5 2. Bf4 Nf6 3. e3 e6 4. Bd3 Be7 5. Bd3Xc4 O-O *", "en")
    assert game.error is None and game.plies[8].san == "Bc4" and read_otherwise(game.plies[8])
    assert not any(read_otherwise(ply) for ply in game.plies[:8])
    (game,) = parse_games("1. e4 e5 2. d3 d6 3. f4: Nf6 *", "en")
    assert game.error is None and game.plies[4].san == "f4" and not read_otherwise(game.plies[4])


def test_an_ocrd_long_form_with_rank_one_as_l_and_a_space_beside_the_dash() -> None:
    # An OCR'd Icelandic weekly (tests/data/real38/is-001): "7. Hal —cl" and "15. Hfl— dl" (Ha1-c1, Rf1-d1).
    text = (
        "1. d2—d4, d7—d5 2. Rgl—f3, Rg8—f6. 3. c2—c4, e7—e6. 4. Bcl—g5, Rb8—d7. 5. e2—e3, Bf8—e7. 6. Rbl—c3, "
        "0—0. 7. Hal —cl, c7—c6. 8. Ddl—c2, a7—a6. 9. Bfl—e2, Hf8—e8. 10. 0—0, h7—h6. 11. Hfl— dl, b7—b6. *"
    )
    (game,) = parse_games(text, "is")
    assert game.error is None and [ply.san for ply in game.plies][12] == "Rc1"
    assert [ply.san for ply in game.plies][-2:] == ["Rfd1", "b6"]


def test_an_old_books_bare_number_of_blacks_move_on_its_own_line_takes_the_game_up_again() -> None:
    # A 1922 club book (tests/data/real35/nl-002): "16. f4—f5 ...." (Black's move to come), a note, then "16 Le6xf5"
    # on a line of its own; a note citing "op 18...., Tb8 volgt 19. Df3" before "18 0—0-0" is a cited line.
    text = (
        "1. e4 e5 2. Pf3 Pc6 3. Lb5 a6 4. La4 Pf6 5. 0-0 Pxe4 6. d4 b5 7. Lb3 d5 8. dxe5 Le6 9. Pc3 Pxc3\n"
        "10. bxc3 Le7 11. Pd4 Pxd4 12. cxd4 c5 13. c3 Dd7 14. f4 f5 15. exf6 Lxf6\n\n"
        "16. f4—f5 .... Een mooi plan.\n\n16 Le6xf5\n\n17. d4xc5 .... Wit heeft nu open lijnen.\n\n"
        "17 Lf6xc3\n\n18. Lb3xd5 ....\n\nOp 18 Td8 volgt 19. De2, op 18...., Tb8 volgt 19. Df3.\n\n"
        "18 0—0-0\n\n19. Dd1—b3 *\n"
    )
    (game,) = parse_games(text, "nl")
    assert game.error is None
    assert [ply.san for ply in game.plies][30:] == ["f5", "Bxf5", "dxc5", "Bxc3", "Bxd5", "O-O-O", "Qb3"]


def test_players_named_after_the_last_move_at_the_texts_end_are_the_games() -> None:
    # A database page's game (tests/data/real2/nl-001, real35/nl-001): one move per line, then the players, the
    # place and the year, then a table's rules.
    text = "1.\nd4\nf5\n2.\nPf3\nPf6\n3.\nLg5\ne6=\nTal - Jakobsen (Skopje 1972)\n| |\n|\n"
    (game,) = parse_games(text, "nl")
    assert game.error is None and len(game.plies) == 6
    assert {name: game.headers.get(name) for name in ("White", "Black", "Site", "Date")} == {
        "White": "Tal",
        "Black": "Jakobsen",
        "Site": "Skopje",
        "Date": "1972.??.??",
    }
    # A heading before the moves wins; a sentence after them names no players.
    (game,) = parse_games(f"Kovač - Horák\n\n{text}", "nl")
    assert (game.headers["White"], game.headers["Black"]) == ("Kovač", "Horák")
    (game,) = parse_games(
        text.replace("Tal - Jakobsen (Skopje 1972)", "Zo speelde Tal - Jakobsen het."), "nl"
    )
    assert "White" not in game.headers


@pytest.mark.parametrize(
    ("last_lines", "games"),
    [("Jafntefli.\n1. d2 —d4 d7 — d5", 2), ("12:Bd3—e2 Bd7—c6\n1.Be2—f3 Bc6—d5", 1)],
)
def test_a_line_with_move_1_after_a_line_of_moves_whose_number_ocr_garbled_goes_on_with_the_game(
    last_lines: str, games: int
) -> None:
    # Íslenskt skákblað 1927 runs the next game on after the words that end one ("Jafntefli."); OCR also reads
    # "13." as "1." at a line's start, after a line whose number it garbled ("12:"): that line names moves, no
    # words, and the game goes on.
    text = (
        "1. d2—d4 d7—d5\n2. Rgl—f3 e7—e6\n3. c2—c4 Rb8—d7\n4. Rbl—c3 Rg8—f6\n5. Bcl—g5 Bf8—e7\n"
        "6. e2—e3 0—0\n7. Bfl—d3 c7—c5\n8. 0—0 c5xd4\n9. e3xd4 d5xc4\n10. Bd3xc4 Rd7—b6\n11. Bc4—d3 Bc8—d7\n"
        f"{last_lines}\n"
    )
    assert len(parse_games(text, "is")) == games


def test_a_line_after_better_is_the_games_where_the_text_never_writes_that_number_again() -> None:
    # "12.e4 jetzt doch - einen Zug früher besser 12...Sd4 13.Dd1": no later "12..." where the game's own move
    # could stand, so the moves after "besser" are the game's; with a later "12...", they are the prose's.
    start = (
        "1.c4 Sf6 2.Sc3 d5 3.e3 e5 4.d3 dxc4 5.Da4+ Sc6 6.Dxc4 Le6 7.Db5 a6 8.Da4 Lb4 9.Ld2 0-0 10.Le2 Lf5 "
    )
    text = (
        start + "11.Dc2 Dd7 12.e4 jetzt doch - einen Zug früher besser 12...Sd4 13.Dd1 Lg4 14.Sd5 Lxd2+ 0-1"
    )
    (game,) = parse_games(text, "de")
    assert game.error is None and len(game.plies) == 28 and game.plies[23].san == "Nd4"
    cited = start + "11.Dc2 Dd7 12.e4 besser 12...Sd4 13.Dd1 Lg4. 12...Lg4 13.Lg5 0-1"
    (game,) = parse_games(cited, "de")
    assert game.error is None and [ply.san for ply in game.plies][23:] == ["Bg4", "Bg5"]


def test_a_bracket_that_closes_is_not_ended_early_by_a_later_note_the_text_never_closes() -> None:
    # "[5…d7-d5 … Auch 5…Lf8-g7 6.Sg5xf7 Dd8-e7 7.Sf7xh8 Lg7xh8 …]": its moves are the game's own for a while,
    # and the copy is cut inside a later note; the bracket still closes where its "]" stands.
    text = (
        "1.e2-e4\ne7-e5\n2.Sg1-f3\nSb8-c6\n3.Lf1-c4\nSg8-f6\n4.Sb1-c3\ng7-g6\n5.Sf3-g5\n5…h7-h6\n"
        "Schwarz will den Springer vertreiben. [5…d7-d5\n6.e4xd5\nSc6-a5\nführt zu Bildern.\nAuch 5…Lf8-g7\n"
        "6.Sg5xf7\nDd8-e7\n7.Sf7xh8\nLg7xh8\nwäre noch zu erdulden.]\n6.Sg5xf7\nDd8-e7\n7.Sf7xh8\nSc6-d8\n"
        "[Schwieriger wird es nach 7…De7-g7\n8.Sh8-f7"
    )
    (game,) = parse_games(text, "de")
    assert [ply.san for ply in game.plies][9:] == ["h6", "Nxf7", "Qe7", "Nxh8", "Nd8"]


def test_a_pawns_move_written_by_its_file_a_dash_and_the_rank_is_read_where_the_text_writes_it_so_twice() -> (
    None
):
    # An old Hungarian column: "H—f3" for a knight's move, "e—4" for a pawn's; "i." OCR'd for "1.".
    (game,) = parse_games("Világos: A, Sötét: B i. e—4 e—5 2. f—4 eXf4 3. H—f3 d—6 4. d—4 *", "hu")
    assert [ply.san for ply in game.plies] == ["e4", "e5", "f4", "exf4", "Nf3", "d6", "d4"]
    # Once only, it stays what it was.
    (game,) = parse_games("1. e4 e5 2. f—4 *", "hu")
    assert len(game.plies) == 2


def test_the_last_move_of_a_run_is_read_as_the_only_slip_its_check_or_capture_mark_fits() -> None:
    # "Jh2-f5+" for Jh2-f3+, words after it: of the knight's moves a slip away (Jf1, Jf3), only Jf3 gives the
    # check marked; no move after it can tell, so the marks must, and the move read is flagged.
    position = '[FEN "4r1k1/Q4ppp/p7/8/5P2/2P5/PP1r2Pn/R2b2K1 b - - 1 28"]\n\n'
    (game,) = parse_games(position + "28...Jh2-f5+ a mat budúcim ťahom.", "sk")
    assert game.error is None and [ply.san for ply in game.plies] == ["Nf3+"]
    assert game.plies[0].warnings[0] == (
        f"{SLIP_READ} Nf3, the only move a slip of one letter away that gives check as marked"
    )
    assert read_otherwise(game.plies[0])
    # With no mark, both slips fit: the move is the error it is.
    (game,) = parse_games(position + "28...Jh2-f5 a mat budúcim ťahom.", "sk")
    assert isinstance(game.error, IllegalMoveError) and not game.plies
    # "Axc5" for Axb5 before words ("ha" no pawn's capture): of Axb5 and Ac6 only Axb5 takes.
    position = '[FEN "r3k2r/1p1bbppp/3p1n2/1q2p3/4P3/7P/P2BQPP1/RN2K1NR w KQkq - 0 15"]\n\n'
    (game,) = parse_games(position + "15. Dxb5 Axc5 ha quedado un panorama óptimo para nosotros", "es")
    assert game.error is None and [ply.san for ply in game.plies] == ["Qxb5", "Bxb5"]
    assert (
        game.plies[1].warnings[0]
        == f"{SLIP_READ} Bxb5, the only move a slip of one letter away that takes as marked"
    )


def test_a_check_mark_after_a_move_read_otherwise_keeps_its_flag() -> None:
    # "7.Df4+" for Df3+ in a run that plays on after Df3 alone: the mark, a token of its own, tells the
    # warnings on the marks again and keeps the slip's.
    text = (
        "1.e4 e5 2.Jf3 Jc6 3.Sc4 Jf6 4.Jg5 d5 5.exd5 Jxd5 6.Jxf7 Kxf7 7.Df4+ Ke6 8.Jc3 Jcb4 9.a3 Jxc2+ 10.Kd1"
    )
    (game,) = parse_games(text, "sk")
    assert game.error is None and game.plies[12].san == "Qf3+"
    assert game.plies[12].warnings[0].startswith(SLIP_READ) and read_otherwise(game.plies[12])


def test_a_score_in_english_letters_beside_notes_in_the_locales_own_reads_b_as_the_bishop() -> None:
    # A club page's German text: the game exported with English letters, the notes typed with German ones. B is
    # English's bishop there, not the German pawn ("3. Bc4" is no pawn's move to c4), and the moves after prose
    # written with German letters are the notes' ("6. Sg5 0-0 7. Dh5!"), not the game's ("6. Nc3? O-O").
    text = (
        "Buck, Andreas (1401) - Thurn, Stephan (1897)\n\n"
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. d3 d6 5. h3 Nge7?\n\n"
        "Sge7 ist ein schwerer Fehler, der dem Weißen nach 6. Sg5 deutlichen Vorteil einbringt:\n\n"
        "6. Sg5 0-0 7. Dh5! h6 8. Sxf7 und Schwarz erleidet erheblichen Materialverlust.\n\n"
        "6. Nc3? O-O 7. Bg5 Kh8 8. O-O f6 1-0"
    )
    (game,) = parse_games(text, "de")
    assert game.error is None and game.result == "1-0"
    assert [ply.san for ply in game.plies][4:] == [
        "Bc4",
        "Bc5",
        "d3",
        "d6",
        "h3",
        "Nge7",
        "Nc3",
        "O-O",
        "Bg5",
        "Kh8",
        "O-O",
        "f6",
    ]
    assert any(warning.startswith("B read as the bishop") for warning in game.warnings)
    # Without the English letters, B stays German's pawn.
    (game,) = parse_games("1. e4 e5 2. Sf3 Sc6 3. Bd4", "de")
    assert game.plies[-1].san == "d4"


def test_a_draw_word_first_after_the_last_move_with_its_reason_is_the_result() -> None:
    # "24.Lf3 remis in Zeitbedrängnis.", then the source in brackets: the draw, read from the words.
    text = "1.b4 Sh6 2.Lb2 Tg8 3.c4 e6 4.b5 b6 remis in Zeitbedrängnis.\n(Randspringer, 3. Jahrgang, Nr. 2)"
    (game,) = parse_games(text, "de")
    assert game.result == "1/2-1/2"
    assert "result 1/2-1/2 read from the words 'remis in Zeitbedrängnis.'" in game.warnings
    # A draw the words only weigh is none.
    (game,) = parse_games("1.b4 Sh6 2.Lb2 Tg8 remis wäre möglich gewesen.", "de")
    assert game.result == "*"


def test_a_move_under_the_number_just_played_after_its_sentence_is_an_alternative() -> None:
    # "21. Da2. 21. Sg4 gefiel dem Anziehenden nicht …": White's other 21st move, cited in the sentence after the
    # one the game's move ends; Black's 21st follows under its own number on a later line.
    text = (
        '[FEN "r4r1k/1b2q1bp/2n2np1/1N6/P2pp3/R6P/1P1BBPPN/1QR3K1 w - - 0 21"]\n\n'
        "21. Da2. 21. Sg4 gefiel dem Anziehenden\nnicht wegen 21. ... Sd5 nebst Sf4.\n"
        "21. ... Tad8. Überdeckt den d-Bauern.\n22. a5. Schickt den a-Bauern.\n22. ... d3 23. Lg4 Sd5."
    )
    (game,) = parse_games(text, "de")
    assert game.error is None
    assert [ply.san for ply in game.plies] == ["Qa2", "Rad8", "a5", "d3", "Bg4", "Nd5"]
    assert game.plies[0].comment.startswith("21. Sg4 gefiel dem Anziehenden")


def test_a_line_of_moves_copied_twice_is_read_once_with_a_warning() -> None:
    # A forum post copied with one line twice: the copy's first move is illegal where it stands, and the game
    # stopped there (exit 4); now the copy is skipped, and a warning names its line.
    line = "5.0-0 Se7 6.Ve1 b5 7.Sb3 d6\n"
    text = f"1.e4 e5 2.Jf3 Jc6 3.Sb5 a6 4.Sa4 Jf6\n{line}{line}8.c3 0-0 9.h3 Jb8 1:0"
    (game,) = parse_games(text, "sk")
    assert [ply.san for ply in game.plies] == [*RUY_LOPEZ, "h3", "Nb8"] and game.error is None
    assert "line 3: a copy of the line before it, skipped" in game.warnings
    # A line of its own that only looks alike (another move number) is the game's.
    (game,) = parse_games("1.e4 e5\n2.Jf3 Jc6\n3.Sb5 a6 1:0", "sk")
    assert len(game.plies) == 6 and not any("again" in warning for warning in game.warnings)


@pytest.mark.parametrize(
    "foot", ["pátek 28. listopadu 2025   104", "104   Šachová rubrika, 28. listopadu 202S"]
)
def test_a_page_number_with_a_date_in_its_running_words_is_skipped(foot: str) -> None:
    # A newspaper's running foot: the day's date and the page's number between two moves. Before, the date's
    # `28.` counted as a move number and the page's number stayed between the moves.
    text = f"1.e4 e5 2.Jf3 Jc6 3.Sb5 a6 4.Sa4 Jf6 5.0-0 Se7 6.Ve1 b5 7.\n{foot}\nSb3 d6 8.c3 0-0 9.h3 Jb8 1:0"
    (game,) = parse_games(text, "sk")
    assert [ply.san for ply in game.plies] == [*RUY_LOPEZ, "h3", "Nb8"] and game.error is None
    assert any("page number" in warning for warning in game.warnings)


@pytest.mark.parametrize("bullet", ["", "▪\t"])
def test_lines_a_word_processor_renumbered_as_a_list_go_on_with_the_game(bullet: str) -> None:
    # A game typed one move pair a line into a word processor, whose numbered list began again at a blank line
    # (`1.`, `2.` where 4 and 5 are due, then `6.`): before, a second game began at that `1.` (exit 4).
    lines = ["1. e4 e5", "2. Sf3 Sc6", "3. Lb5 a6", "", "1. La4 Sf6", "2. 0-0 Le7", "6. Te1 b5", "7. Lb3 d6"]
    text = "\n".join(f"{bullet}{line}" if line else line for line in lines)
    (game,) = parse_games(text, "sr")
    assert [ply.san for ply in game.plies] == RUY_LOPEZ[:14] and game.error is None
    # Games printed one after another, each a move pair a line, stay apart.
    games = parse_games("1. e4 e5\n2. Sf3 Sc6\n3. Lb5 a6\n\n1. d4 d5\n2. c4 e6\n3. Sc3 Sf6", "sr")
    assert [len(game.plies) for game in games] == [6, 6]


def test_a_page_number_between_a_move_number_and_its_move_is_skipped_with_a_warning() -> None:
    # A game printed over a page break: `7.` at the foot of one page, the next page's number, then `Sb3`. The
    # number made the rest of the game a comment with no word said; now it is skipped, and a warning names it.
    text = "1.e4 e5 2.Jf3 Jc6 3.Sb5 a6 4.Sa4 Jf6 5.0-0 Se7 6.Ve1 b5 7.\n\n- 104 -\n\nSb3 d6 8.c3 0-0 9.h3 Jb8 1:0"
    (game,) = parse_games(text, "sk")
    assert [ply.san for ply in game.plies] == [*RUY_LOPEZ, "h3", "Nb8"] and game.error is None
    assert any("page number" in warning and "line 3 '- 104 -'" in warning for warning in game.warnings)
    # A number alone on its line between two games (a year) is no page number of either.
    text = "1.e4 e5 2.Jf3 Jc6 1:0\n\n1954\n\n1.e4 e5 2.Jf3 Jc6 0:1"
    assert not any("page number" in warning for game in parse_games(text, "sk") for warning in game.warnings)
    # Nor is a place and year between a chapter's number and a game's move 1: they head the game.
    text = "2. Зажим\n\nЭстебан Каналь — Акиба Рубинштейн\n\nКарлсбад 1929\n\n1. Кf3 Кf6 2. b3 g6 *"
    (game,) = parse_games(text, "ru")
    assert game.headers.get("Site") == "Карлсбад" and len(game.plies) == 4


@pytest.mark.parametrize(
    ("opening", "broken", "sans"),
    [
        ("1.e4 e5 2.Jf3 Jc6 3.Sb5 a6 4.Sa4", "J-\nf6", RUY_LOPEZ[:8]),
        ("1.e4 e5 2.Jf3 Jc6 3.Sb5 a6 4.Sa4", "Jf-\n6", RUY_LOPEZ[:8]),
        ("1.e4 e5 2.Jf3 Jc6 3.Sb5 a6 4.Sa4", "J-  \n  f6", RUY_LOPEZ[:8]),
        ("1.e4 e5 2.Jf3 Jc6 3.Sb5 a6 4.Sa4 Jf6 5.0-", "\n0", RUY_LOPEZ[:9]),
        (
            "1.e4 e5 2.Jf3 d6 3.d4 Jc6 4.dxe5",
            "Jx-\ne5",
            ["e4", "e5", "Nf3", "d6", "d4", "Nc6", "dxe5", "Nxe5"],
        ),
    ],
)
def test_a_move_hyphenated_at_a_line_end_reads_as_one_move(
    opening: str, broken: str, sans: list[str]
) -> None:
    # A narrow column breaks a move where its line ends (`26.hxg3 J-`, then `b5` on the next line). Before, the
    # first part was a word: `J-` then `f6` read as the pawn's f6 without a flag, and `Jf-` then `6` made the
    # rest of the game a comment, each with exit status 0.
    then = "h6" if len(sans) % 2 else "h3"  # a move after it: the rest of the game is no comment
    (game,) = parse_games(f"{opening} {broken} {then}", "cs")
    assert [ply.san for ply in game.plies] == [*sans, then] and game.error is None
    assert not any(read_otherwise(ply) for ply in game.plies)
    # A word hyphenated in prose stays a word.
    (game,) = parse_games("1.e4 e5 Velmi pokra-\nčování 2.Jf3 Jc6", "cs")
    assert [ply.san for ply in game.plies] == RUY_LOPEZ[:4] and "pokra- čování" in game.plies[1].comment


def test_a_pawns_move_read_past_a_character_glued_before_it_is_read_otherwise() -> None:
    # A figurine that OCR read as another character (`3. @f3` for the knight's move): before, the `@` was skipped
    # and f3 read as the pawn's move with no doubt, a wrong move without a flag in `--lenient`.
    (game,) = parse_games("1.d4 d5 2.c4 e6 3.@f3 Jf6 4.Jc3", "sk")
    assert [ply.san for ply in game.plies][4] == "f3" and read_otherwise(game.plies[4])
    assert "Nf3 could be played there too" in game.plies[4].warnings[0]
    assert not any(read_otherwise(ply) for ply in game.plies[5:])
    # Where no piece could go there, the pawn's move is sure.
    (game,) = parse_games("1.e4 e5 2.@f4 exf4", "sk")
    assert [ply.san for ply in game.plies] == ["e4", "e5", "f4", "exf4"]
    assert not any(read_otherwise(ply) for ply in game.plies)


@pytest.mark.parametrize(
    "struck", ["~~Jc3~~", "<del>Jc3</del>", "<s>Jc3</s>", "[s]Jc3[/s]", "<STRIKE>Jc3</STRIKE>"]
)
def test_a_move_struck_through_is_taken_back(struck: str) -> None:
    # A transcription or a forum post that strikes a move through and writes the right one after it: before,
    # the struck move was read (`~~Jc3~~ Jf3`: 2. Nc3, then Jf3 could not be played, exit 4).
    text = f"1.e4 e5 2.{struck} Jf3 Jc6 3.Sb5 a6\n".encode()
    (game,) = read_games(decode_lines(io.BytesIO(text), "game.txt"), "sk")
    assert [ply.san for ply in game.plies] == RUY_LOPEZ[:6] and game.error is None
