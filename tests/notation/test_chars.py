"""The character-level decoder of noisy text: each of its known failure forms, with a test."""

from __future__ import annotations

from dataclasses import replace

import chess
import pytest
from conftest import NAJDORF, RUY_LOPEZ
from partiar.notation.decode.beam import Alternative
from partiar.notation.decode.chars import (
    CharDecoder,
    _flag_dependents,
    _Hyp,
    decode_text,
    variation_never_closed,
)
from partiar.notation.decode.lenient import TEXT_REVIEW_BELOW, read_lenient


def _sans(text: str, locale: str = "sk") -> list[str]:
    return [move.ply.san for move in decode_text(text, locale, review_below=TEXT_REVIEW_BELOW).decoded.moves]


def test_long_form_with_a_dropped_hyphen_and_a_misread_one_keeps_its_ply() -> None:
    # `11. Kclbl (=)` for `Kc1-b1`: the move stays on White's 11th move and the draw offer with it.
    text = (
        "1. e2-e4 e7-e5 2. Jg1-f3 Jg8-f6 3. d2-d4 e5×d4 4. e4-e5 Jf6-e4 5. Dd1×d4 d7-d5 "
        "6. e5×d6 e.p. Je4×d6 7. Sc1-g5 Jb8-c6 8. Dd4-e3+ Sf8-e7 9. Jb1-d2 0-0 10. 0-0-0 Vf8-e8 11. Kclbl (=)"
    )
    read = decode_text(text, "sk", review_below=TEXT_REVIEW_BELOW)
    assert len(read.decoded.moves) == 21 and read.decoded.moves[-1].ply.san == "Kb1"
    assert read.offers == {20}


def test_a_move_number_read_as_a_letter_in_the_spaced_style() -> None:
    assert _sans("l . Jf3 d5 2 . g3 Jf6 3 . Sg2 e6") == ["Nf3", "d5", "g3", "Nf6", "Bg2", "e6"]


def test_a_garbled_result_is_not_a_move() -> None:
    read = decode_text("1. e4 e5 2. Jf3 Jc6 l/2-1/2", "sk", review_below=TEXT_REVIEW_BELOW)
    assert [move.ply.san for move in read.decoded.moves] == ["e4", "e5", "Nf3", "Nc6"]
    assert read.result == "1/2-1/2" and read.decoded.error is None


def test_d_read_as_o_and_l_and_a_draw_with_one_half_garbled() -> None:
    # `ol6` is d6 as OCR splits the d into its bowl and stem (as `cl`); `½_Vi` is a draw, ½ standing in no move.
    sans = _sans(
        "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sa4 Jf6 5. 0-0 Se7 6. Ve1 b5 7. Sb3 ol6 8. c3 0-0 9. h3 Ja5"
    )
    assert sans[13] == "d6"
    read = decode_text("1. e4 e5 2. Jf3 Jc6 ½_Vi", "sk", review_below=TEXT_REVIEW_BELOW)
    assert read.result == "1/2-1/2" and read.decoded.error is None


def test_a_dropped_character_in_long_form_does_not_shift_the_sides() -> None:
    sans = _sans("1. e2-e4 e7-e5 2. Jg1-f3 Jb8-c6 3. Sf1-b5 a7-6 4. Sb5-a4 Jg8-f6 5. 0-0 Sf8-e7")
    assert sans == RUY_LOPEZ[:10]


def test_an_illegal_move_is_never_replaced_without_a_flag() -> None:
    # Sb6 is illegal; whatever is chosen in its place must be flagged.
    read = decode_text("1. e4 e5 2. Jf3 Jc6 3. Sb6 a6 1-0", "sk", review_below=TEXT_REVIEW_BELOW)
    third = read.decoded.moves[4]
    assert third.flagged and third.confidence < TEXT_REVIEW_BELOW
    assert read.result == "1-0"


def test_clean_moves_are_not_flagged_and_glued_moves_are_read() -> None:
    read = decode_text("1.e4 e5 2.Jf3 Jc6 3.Sb5 a6 4.Sa4Jf6 5.0-0 Se7", "sk", review_below=TEXT_REVIEW_BELOW)
    assert [move.ply.san for move in read.decoded.moves][-4:] == ["Ba4", "Nf6", "O-O", "Be7"]
    assert not any(move.flagged for move in read.decoded.moves[:6])


def test_comments_and_annotations_are_skipped() -> None:
    sans = _sans("1. e4 e5! 2. Jf3 (najlepšie) Jc6?! 3. Sb5 a6")
    assert sans == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]


def test_serbian_without_capture_marks_and_cyrillic_pieces() -> None:
    assert _sans("1. e4 d5 2. ed5 Dd5 3. Sc3 Da5", "sr") == ["e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5"]
    assert _sans("1. e4 d5 2. e:d5 Д:d5 3. Сc3 Дa5", "sr-Cyrl") == ["e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5"]


def test_cyrillic_files_and_latin_look_alikes_are_read_in_the_locale_script() -> None:
    # Cyrillic file letters (ц5, Сф3) and a Latin C typed for the knight С, as the strict reader reads them.
    assert _sans("1. е4 ц5 2. Cф3 д6 3. д4 цд4", "sr-Cyrl") == ["e4", "c5", "Nf3", "d6", "d4", "cxd4"]


def test_cyrillic_print_read_by_an_ocr_model_for_latin_script() -> None:
    # What Tesseract's English model returns for `Дd1-c2 Лf8-d6 Лf1-d3 ... Лd3:c4` (Д and Л misread).
    text = (
        "1. d2-d4 d7-d5 2. c2-c4 c7-c6 3. Cg1-f3 Cg8-f6 4. Cb1-c3 e7-e6 5. e2-e3 Cb8-d7 "
        "6. I[d1-c2 JIf8-d6 7. Jlf1-d3 d5:c4 8. J1d3:c4 0-0"
    )
    sans = _sans(text, "sr-Cyrl")
    assert sans[10:15] == ["Qc2", "Bd6", "Bd3", "dxc4", "Bxc4"]


def test_a_move_nobody_wrote_between_numbered_moves_is_supplied_flagged_and_the_numbers_keep_the_rest_sure() -> (
    None
):
    # Black's second move is not written: the numbers after it (3. and 4. two plies apart) say one ply is
    # missing; the decoder supplies one that the moves after it can follow, flagged and said, and every move
    # after it stands after its own number, read as written.
    text = "1. e4 e5 2. Jf3 3. Sb5 a6 4. Sa4 Jf6 5. 0-0 Se7 6. Ve1 b5 7. Sb3 d6 8. c3 0-0"
    read = decode_text(text, "sk", review_below=TEXT_REVIEW_BELOW)
    moves = read.decoded.moves
    assert [move.flagged for move in moves[:3]] == [False, False, False]
    assert moves[3].ply.written.text == "" and moves[3].flagged and read.lost == [(3, 1)]
    truth = ["Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O"]
    assert [move.ply.san for move in moves[4:]] == truth
    assert not any(move.flagged for move in moves[4:])


def test_digits_before_a_mark_are_a_misread_mark_not_a_stop() -> None:
    """ "Сф67!" for "Сф6?!", then a garbled move number glued to the next move: the game goes on."""
    (read,) = read_lenient(["1.Сф3 Сф67! z.ц4 б6 3,г3 е6 4.Лг2 Лб7\n"], "sr-Cyrl")
    assert read.game.error is None
    assert [ply.san for ply in read.game.plies] == ["Nf3", "Nf6", "c4", "b6", "g3", "e6", "Bg2", "Bb7"]


def _read(text: str, locale: str = "sk") -> list[tuple[str, bool]]:
    moves = decode_text(text, locale, review_below=TEXT_REVIEW_BELOW).decoded.moves
    return [(move.ply.san, move.flagged) for move in moves]


def test_a_move_written_past_reading_is_each_legal_move_and_the_moves_after_it_decide() -> None:
    # `R1` for `Kf1` (K read as R, f lost): the game goes on; the ply, which the text cannot decide between
    # the two king moves, is flagged with the other as an alternative.
    text = "1. e4 e5 2. Sc4 Sc5 3. Jf3 Sxf2+ 4. R1 Sb6 5. Jc3 Jf6"
    read = decode_text(text, "sk", review_below=TEXT_REVIEW_BELOW).decoded
    assert read.error is None
    sans = [move.ply.san for move in read.moves]
    assert sans[:6] + sans[7:] == ["e4", "e5", "Bc4", "Bc5", "Nf3", "Bxf2+", "Bb6", "Nc3", "Nf6"]
    garbled = read.moves[6]
    assert garbled.flagged and garbled.ply.written.text == "R1"
    assert {garbled.ply.san, *(alternative.san for alternative in garbled.alternatives)} >= {"Kf1", "Ke2"}


def test_a_move_written_past_reading_is_read_as_the_moves_nearest_its_text_where_later_moves_cannot_tell() -> (
    None
):
    # `e44` (d4 typed with the key above d, then a key struck twice) after 1. e4: no move reads as it, and the
    # moves after it read alike after any pawn move; its text still ranks them: `a4` (e read for a) and d4 (a
    # typist's slip) before a knight's move, and they are what the reading offers.
    read = decode_text(
        "1. e4 c6 2.e44 d5 3.e:d5 c:d5 4. c4 Jf6", "sk", review_below=TEXT_REVIEW_BELOW
    ).decoded
    garbled = read.moves[2]
    offered = {garbled.ply.san, *(alternative.san for alternative in garbled.alternatives)}
    assert garbled.flagged and {"a4", "d4"} <= offered, offered


def test_a_garbled_move_number_is_skipped_not_read_as_moves() -> None:
    # `3 .'` where `2 .` stands: no ply is made of it, and White's second move stays White's.
    assert [san for san, _ in _read("1 . fJ3 d5 3 .' g3 Jd7 3 . d3 e5 4 . e4 d:e4")] == [
        "Nf3",
        "d5",
        "g3",
        "Nd7",
        "d3",
        "e5",
        "e4",
        "dxe4",
    ]


def test_a_move_number_with_digits_read_as_letters_is_a_number_not_a_move() -> None:
    # `l99 .` for `19 .` (1 read as l, a 9 too many): a number written past reading, not a move; the moves
    # after it stay on their sides.
    text = "1 . e4 e5 2 . Jf3 Jc6 3 . Sb5 a6 l99 . Sa4 Jf6 5 . 0-0 Se7 6 . Ve1 b5"
    assert [san for san, _ in _read(text)] == RUY_LOPEZ[:12]


def test_a_move_number_misread_with_its_move_is_read_through() -> None:
    # `q90)Sd3` for `10)Sd3`: the glued, misread number is part of what the move is read from; flagged.
    text = "1)d4 d5 2)c4 e6 3)Jc3 Jf6 4)Sg5 Sb4 5)e3 0-0 6)Jf3 c6 7)Dc2 h6 8)Sf4 Ve8 9)h3 Jbd7 q90)Sd3 Jf8 11)0-0 Sd6"
    read = _read(text, "cs")
    assert read[18] == ("Bd3", True)
    assert [san for san, _ in read[19:]] == ["Nf8", "O-O", "Bd6"]


def test_moves_read_under_another_moves_number_are_flagged() -> None:
    # An unclosed variation read as the game's moves: where the reading puts White's third move after `2.`,
    # the moves until a number fits again are in doubt, however well each reads on its own.
    read = _read("1. e4 e5 (1... c5 2. Nf3 2. Nf3 Nc6 3. Bb5", "en")
    assert all(flagged for _, flagged in read[2:])


def test_a_line_told_in_words_whose_bracket_is_never_closed_is_flagged() -> None:
    # "59.Kb2?", a note "po 59.Wg8 ... 59...Wa1 (warto ... po 59...Wh2+ 60.Kd3 …" and the copy cut before
    # any ")": the note's numbers go back to a ply already numbered, so its moves may be a variation's, read
    # as the game's only with a flag. Words whose ")" is lost, going on under the next number, are a comment.
    text = (
        "1.e4 e5 2.Sf3 Sc6 3.Gb5 a6 4.Ga4 Sf6 5.0-0 Ge7\nMożliwe jest 5...b5 (warto pamiętać po "
        "5...b5 6.Gb3 d6 7.c3 0-0 8.h3"
    )
    assert variation_never_closed(text) == text.index("(warto")
    read = _read(text, "pl")
    assert read[:10] == [(san, False) for san in [*RUY_LOPEZ[:8], "O-O", "Be7"]]
    assert read[10:] and all(flagged for _, flagged in read[10:])
    lost = "1.e4 e5 2.Sf3 Sc6 (najczęściej grane 3.Gb5 a6 4.Ga4 Sf6"
    assert variation_never_closed(lost) == -1
    assert _read(lost, "pl") == [(san, False) for san in RUY_LOPEZ[:8]]


def test_an_unclosed_comment_in_noisy_text_is_the_rest_of_the_game_with_a_warning() -> None:
    (read,) = read_lenient(["1. d4 d5 {a comment that never ends 2. c4 e6\n"], "en")
    assert [ply.san for ply in read.game.plies] == ["d4", "d5"]
    assert read.game.warnings == ["line 1, column 10: comment not closed; the rest read as the comment"]


def test_a_plain_move_number_is_never_skipped_as_a_garbled_one() -> None:
    # `1.0405` for `1.d4 d5`: the two moves are read (flagged) from what stands there; `2.` keeps White's
    # second move on its number instead of being skipped with `1.0405` as one garbled number.
    read = _read("1.0405 2. Sf3 Sf6 3. g3 g6 4. Lg2 Lg7 5. 0-0 0-0", "sr")
    assert [flagged for _, flagged in read[:2]] == [True, True]
    assert read[2:] == [(san, False) for san in ("Nf3", "Nf6", "g3", "g6", "Bg2", "Bg7", "O-O", "O-O")]


def test_a_lone_speck_between_moves_is_skipped() -> None:
    # `3.S4     l Sg7`: dust read as `l` between two moves; Black's move after it is read, not a move supplied.
    sans = _sans("1.e4 Jc6 2.Jf3 g6 3.S4     l Sg7 4.O-O d6 5.h3 Jf6")
    assert sans == ["e4", "Nc6", "Nf3", "g6", "Bc4", "Bg7", "O-O", "d6", "h3", "Nf6"]


def test_a_garbled_draw_offer_before_a_move_is_skipped() -> None:
    # `(=J` for `(=)`: a token that is no move stands before Black's move; it is skipped, and the misnumbered
    # moves after it keep their sides.
    text = "1)e2-e4 e7-e5 2)Jg1-f3 Jb8-c6 3)Sf1-b5 (=J a7-a6 5)Sb5-a4 Jg8-f6 4)0-0 Sf8-e7"
    assert _sans(text) == RUY_LOPEZ[:10]


def test_a_misread_number_dot_before_a_move_missing_a_character() -> None:
    # `11 , Л2` for `11 . Лd2`: the comma is the number's dot, and the move is read with its file dropped.
    text = "1 . e4 c6 2 . d4 d5 3 . Сd2 dxe4 4 . Сxe4 Лf5 5 . Сg3 Лg6 6 . Сf3 Сd7 7 . h4 h6 8 . h5 Лh7 "
    text += "9 . Лd3 Лxd3 10 . Дxd3 e6 11 , Л2 Сgf6 12 . 0-0-0 Лe7"
    assert _sans(text, "sr-Cyrl")[-4:] == ["Bd2", "Ngf6", "O-O-O", "Be7"]


def test_a_later_move_decides_an_earlier_misread_one() -> None:
    # `17.Dd1-d2` (Qe2 misread) can only be told from `24.De2-g4`, seven moves later, in a long-form text
    # with moves glued and misnumbered: the beam keeps the reading that the later move fits.
    text = (
        "1.e2-e4 c7-c5 2.Jg1-f3 Jb8-c6 3.Sf1-b5 g7-g6 4.0-0 Sf8-g7\n"
        "5.Vf1-e1 e7-e5 6.d2-d3 Jg8-e7 7.Jb1-c3 0-0 8.a2-a3d7-d6 9.Sb5-c4\n"
        "Sc-8e6 10.Jf3-g5\n"
        "Se6:c411.d33:c4h7-h 12.Jg5-f3f7-f5 13.Jf3-d2\n"
        "a7-a6 14.Jc-d5 b7-b5 15.Jd2-b1 b5:c4 16.Jd5:e7  Jc6:e7 17.Dd1-d2\n"
        "f5:e4 18.Jb1-c3 d6-d5 119.Ve1-d1 Kg8=h7 20.h2-h4 Dd8-d6 21.h4-h5\n"
        "Va8-d8 22.Jc3:e4 Dd6-c6 23.Je4-g3 e5-e4 24.De2-g4 Sg7-d4\n"
        "25.Sc1-e3 Sd4:e3 26.f2:e3 Je7-f5 27.Jg3 :f 5 g6:f5 28.Dg4-h4 Vd8-d7\n"
        "29.c2-c3 Dc6-d6 30.Vd1-d2f5-f4 "
    )
    sans = _sans(text)
    assert len(sans) == 60 and sans[32] == "Qe2" and sans[46] == "Qg4" and sans[54] == "Qh4"


@pytest.mark.parametrize(
    ("likely", "reads", "dependent"),
    [(0.6, False, True), (0.15, True, True), (0.15, False, False), (0.05, True, False)],
)
def test_a_move_that_holds_only_if_a_doubted_move_is_right_is_flagged(
    likely: float, reads: bool, dependent: bool
) -> None:
    # Were 3. Bc4 (the likelier alternative) played instead of the doubted 3. Bb5, 4. Bxc6 would be illegal:
    # it stands or falls with the doubted move and is flagged; 3... a6, which holds either way, is not. An
    # alternative less likely than the move (a tenth or more: `4` read as any of five pawn moves) makes it
    # doubtful only where its board reads the text as well (`reads`); where the text reads as no move there,
    # the text refutes the alternative.
    read = decode_text("1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. S:c6 d:c6", "sk", review_below=TEXT_REVIEW_BELOW)
    moves = read.decoded.moves
    assert not any(move.flagged for move in moves)
    moves[4] = replace(moves[4], confidence=0.3, flagged=True, alternatives=(Alternative("Bc4", likely),))
    _flag_dependents(read.decoded, chess.Board(), lambda index, board: reads)
    assert [move.flagged for move in moves] == [False] * 4 + [True, False, dependent, False]


def test_a_clean_move_is_not_doubted_because_a_later_token_reads_as_no_move() -> None:
    # `2. Vh8` reads as no legal move after 1. e4 (no rook can move) but as a rook move after 1. a4: the
    # lookahead weighs both with the same fallback for an unreadable token, so `e4` stays sure.
    read = decode_text("1. e4 e5 2. Vh8 Jc6 3. Sc4 Jf6", "sk", review_below=TEXT_REVIEW_BELOW)
    assert not read.decoded.moves[0].flagged and read.decoded.moves[2].flagged


def test_specks_read_as_letters_between_a_number_and_its_move_are_skipped() -> None:
    # `2. ce Sg1-f3`: a speck read as letters stands between the number and the move; the move keeps its ply
    # (read as a move of its own, it shifted every later move to the other side).
    text = "1. e2-e4 e7-e5 2. ce Sg1-f3 Sb8-c6 3. Lf1-b5 a7-a6 4. Lb5-a4 Sg8-f6"
    read = decode_text(text, "sr", review_below=TEXT_REVIEW_BELOW)
    assert [move.ply.san for move in read.decoded.moves] == RUY_LOPEZ[:8]
    assert not any(move.flagged for move in read.decoded.moves)


def test_a_run_of_specks_at_a_line_end_is_skipped() -> None:
    # `_ , *?` and `sos` at the end of a printed line, as an OCR program reads a speckled margin.
    for noise in ("_ , *?", "sos"):
        text = f"1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 {noise}\n3. Lf1-b5 a7-a6 4. Lb5-a4 Sg8-f6"
        assert _sans(text, "sr") == RUY_LOPEZ[:8]


def test_a_doubtful_reading_is_decided_by_the_moves_after_it() -> None:
    # `1. |t3` reads best as f3, but only Nf3 lets `7. Jbd2` be read as written: the first move is Nf3,
    # flagged; before, f3 was emitted without a flag.
    text = "1. |t3 Jf6 2. d4 d5 3. Sf4 c5 4. e3 Jc6 5. c3 Db6 6. Dc2 e6 7. Jbd2 Se7 8. Sd3 h6"
    moves = decode_text(text, "sk", review_below=TEXT_REVIEW_BELOW).decoded.moves
    assert moves[0].ply.san == "Nf3" and moves[0].flagged
    assert moves[12].ply.san == "Nbd2"


def test_moves_after_a_variation_that_is_never_closed_are_flagged() -> None:
    # `7.Jf3 [7.Jb3 Se6 ...` with no closing bracket (a page cut inside a variation): the moves after the
    # bracket may be the variation's, so none of them is given as certain.
    text = "1.e4 c5 2.Jf3 d6 3.d4 Jf6 4.Jc3 c:d4 5.J:d4 a6 6.Se3 e5 7.Jf3 [7.Jb3 Se6 8.Dd2 Jbd7 9.f3 b5"
    moves = decode_text(text, "sk", review_below=TEXT_REVIEW_BELOW).decoded.moves
    assert not any(move.flagged for move in moves[:12])
    assert len(moves) > 13 and all(move.flagged for move in moves[13:])


def test_results_typeset_with_dashes_and_read_through_confusions_end_the_game() -> None:
    # `l–0` (en dash, 1 read as l), `0—1` (em dash), `o-1`, `%-%` (½ read as a per cent sign): the result,
    # not a stray token that stops the game.
    for written, result in (
        ("l–0", "1-0"),
        ("1–0", "1-0"),
        ("0—1", "0-1"),
        ("o-1", "0-1"),
        ("½–½", "1/2-1/2"),
        ("%-%", "1/2-1/2"),
        # both halves of `½-½` as Tesseract reads them
        ("Yo-Yo", "1/2-1/2"),
        ("Y2-У2", "1/2-1/2"),
        ("14-14", "1/2-1/2"),
        ("42-12", "1/2-1/2"),
        # a key struck twice, and the result typed onto the sentence before it
        ("1/2:1/2", "1/2-1/2"),
        ("1/:1/2", "1/2-1/2"),
        ("1-00", "1-0"),
        ("0-11", "0-1"),
        ("Černý se vzdal.1:0", "1-0"),
        ("Čierny sa vzdal!0-1", "0-1"),
        # a colon with one of its dots lost (a fax), after the last move
        ("0.1", "0-1"),
        ("1,0", "1-0"),
    ):
        read = decode_text(f"1. e4 e5 2. Jf3 Jc6 {written}", "sk", review_below=TEXT_REVIEW_BELOW)
        assert [move.ply.san for move in read.decoded.moves] == ["e4", "e5", "Nf3", "Nc6"]
        assert read.result == result and read.decoded.error is None, written


def test_en_passant_written_out_is_read_with_its_mark_after_the_same_capture_was_open_as_a_plain_one() -> (
    None
):
    # At White's 3rd move g5×f6 would take the knight (no `e.p.`); at the 5th the same SAN is en passant and
    # is written `gf6 e.p.`: the mark belongs to the move, not read as a garbled move of its own.
    text = "1. g4 d5 2. g5 Jf6 3. h3 Je4 4. h4 f5 5. gf6 e.p. e×f6 6. Sg2 Sd6"
    read = decode_text(text, "cs", review_below=TEXT_REVIEW_BELOW)
    moves = read.decoded.moves
    assert [move.ply.san for move in moves[8:]] == ["gxf6", "exf6", "Bg2", "Bd6"]
    assert not any(move.flagged for move in moves[8:])


def test_a_well_formed_move_no_legal_move_reads_as_is_read_as_the_nearest_one_flagged() -> None:
    # `Dc1` (Qc2 misread): no queen move reads as it (the bishop stands on c1, and no slip of the move before
    # lets it leave), and the moves after it cannot tell which was played; of the moves it does not read as,
    # the one a single character away is the likelier, not any other.
    moves = decode_text(
        "1. c4 e6 2. Dc1 Jf6 3. Jc3 Se7 4. Jf3 O-O", "sk", review_below=TEXT_REVIEW_BELOW
    ).decoded.moves
    assert moves[2].ply.san == "Qc2" and moves[2].flagged
    assert [move.ply.san for move in moves[3:]] == ["Nf6", "Nc3", "Be7", "Nf3", "O-O"]


def test_a_cleanly_read_move_that_a_later_move_refutes_is_read_again() -> None:
    # `De7` (Be7 with the piece letter slipped) reads as a legal queen move; only Black's `O-O` five plies on,
    # impossible with the bishop still on f8, tells. The bishop move is read back, flagged, and so is the
    # castling it rests on.
    text = "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sa4 Jf6 5. O-O De7 6. Ve1 b5 7. Sb3 d6 8. c3 O-O 9. h3 Jb8"
    moves = decode_text(text, "sk", review_below=TEXT_REVIEW_BELOW).decoded.moves
    assert [move.ply.san for move in moves] == [*RUY_LOPEZ, "h3", "Nb8"]
    assert moves[9].flagged and moves[15].flagged


@pytest.mark.parametrize("opening", ["(", "[", "(s "])
def test_a_bracket_opening_words_that_nothing_closes_is_a_comment_up_to_the_next_number(opening: str) -> None:
    # The `)` or `]` of a comment lost: the words are skipped and the game read on, not stopped at them.
    (read,) = read_lenient(
        [f"1. e4 e5 2. Jf3 Jc6 {opening}rozhodujúca chyba\n", "3. Sb5 a6 4. Sa4 Jf6 1-0\n"], "sk"
    )
    assert [ply.san for ply in read.game.plies] == RUY_LOPEZ[:8]
    assert read.decoded.error is None


@pytest.mark.parametrize("comment", ["s výhodou)", "s výhodou]", ":čierny stojí lepšie }"])
def test_words_closed_by_a_bracket_that_nothing_opened_are_a_comment(comment: str) -> None:
    # The opening bracket of a comment lost (`a6 s výhodou)`, `:čierny stojí lepšie }`): its words are not
    # read as moves, and the game does not stop at them.
    read = decode_text(
        f"1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 {comment}4. Sa4 Jf6 5. O-O Se7", "sk", review_below=TEXT_REVIEW_BELOW
    ).decoded
    assert [move.ply.san for move in read.moves] == RUY_LOPEZ[:10]
    assert read.error is None


def test_a_continuation_with_a_key_struck_beside_the_dot_is_black_s_number() -> None:
    # `2 .ů. Jc6` (ů beside the dot on a Czech keyboard): Black's number, not a move past reading that sends
    # the moves after it astray.
    assert _read("1. e4\n1... c5\n2. Jc3\n2 .ů. Jc6\n3. Jf3\n3... g6\n4. d4\n4... cxd4\n", "cs") == [
        (san, False) for san in ("e4", "c5", "Nc3", "Nc6", "Nf3", "g6", "d4", "cxd4")
    ]


def test_a_long_form_move_with_three_slips_is_read_and_one_glued_to_it_too() -> None:
    # `Vtlel` for `Vf1-e1`: f read as t, both 1s as l, the hyphen lost; a long-form move has the characters
    # to carry three slips. Glued to the next move, whose piece letter is lost too (`c8-g4` for `Sc8-g4`).
    game = (
        "1. e2-e4 e7-e5 2. Jg1-f3 Jb8-c6 3. Sf1-c4 Sf8-c5 4. c2-c3 Jg8-f6 5. d2-d3 d7-d6 6. 0-0 0-0 "
        "7. {} 8. Sc1-e3 Sc5:e3 9. Ve1:e3 Jc6-e7 10. h2-h3 Sg4-h5"
    )
    for written in ("Vtlel Sc8-g4", "Vtlelc8-g4"):
        sans = _sans(game.format(written))
        assert sans[12:16] == ["Re1", "Bg4", "Be3", "Bxe3"] and len(sans) == 20


def test_a_capture_or_check_written_that_the_move_read_does_not_make_is_flagged() -> None:
    # The marks a writer leaves out say nothing; a mark written that the move does not make says the text
    # meant another move (the reading went wrong before it, or the move was garbled): not decided by it.
    def flags(text: str) -> list[tuple[str, bool]]:
        return [
            (move.ply.san, move.flagged)
            for move in decode_text(text, "sk", review_below=TEXT_REVIEW_BELOW).decoded.moves
        ]

    assert flags("1. e4 e5 2. Jf3 Jc6 3. Sb5+ a6 4. Sa4 Jf6")[4] == ("Bb5", True)
    assert flags("1. e4 e5 2. Jf3 Jc6 3. S:b5 a6 4. Sa4 Jf6")[4] == ("Bb5", True)
    assert flags("1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. S:c6 d:c6 5. 0-0 f6")[6:8] == [
        ("Bxc6", False),
        ("dxc6", False),
    ]


def test_a_slip_many_plies_back_that_a_later_move_names_as_impossible_is_read_again() -> None:
    # `8.a3` reads cleanly, but it was d3: only `14.Kd2`, twelve plies on, tells (the king cannot go to d2
    # while the d-pawn stands there). The pawn move is read back, flagged, and the king move is the king's.
    text = (
        "1.e4 c5 2.Jf3 Jc6\n3.Sb5 e6\n4.Sxc6 bxc6\n5.b3? je7\n6,Sb2l?  . Jg6\n7.h4 h5\n8.a3 cl6\n9.e5 dxe5\n"
        "10.Jxo5 Jxe5\n11.Sxe5 Dd5\n12.De2 Dxg2\n13.Vh2 Dg1\n14.Kd2 Dg4\n15.f3 D64 (rozhodiijící c hyba)\n"
        "I6.c3 Db,7\n17.Ja3 f6\n"
    )
    moves = decode_text(text, "cs", review_below=TEXT_REVIEW_BELOW).decoded.moves
    assert moves[14].ply.san == "d3" and moves[14].flagged
    assert moves[26].ply.san == "Kd2"


def test_a_sign_read_for_a_piece_letter_is_a_move_past_reading() -> None:
    # `$3` is Se3 with the S read as a dollar sign and the file dropped: no move reads as it, and the
    # bishop's `Sf2` two moves on decides which move it was.
    text = (
        "1. d4 g6 2.e4 Sg7 3.Jc3 c6 4.h3 d5 5.e5 f6 6.f4 Jh6 7.Jf3 O-O 8.$3 Ja6 9.Dd2 Jf5 10.Sf2 fxe5 "
        "11.dxe5 e6 12.g4 Je7"
    )
    moves = decode_text(text, "sk", review_below=TEXT_REVIEW_BELOW).decoded.moves
    assert moves[14].ply.san == "Be3" and moves[14].flagged
    assert [move.ply.san for move in moves[15:19]] == ["Na6", "Qd2", "Nf5", "Bf2"]


def test_a_move_that_is_a_capture_only_after_a_doubtful_ply_is_doubtful_too() -> None:
    # `y5` is g3 or g4 (both let the bishop reach g2); after g4 Black's `Sg4` takes the pawn, after g3 it
    # does not. The bishop move is the same either way, but not the same SAN: it is flagged.
    moves = decode_text(
        "1.Jf3 d5 2.y5 c6 3.Sg2 Sg4 4.d4 Jf6 5.O-O Jbd7 6.c4 e6", "cs", review_below=TEXT_REVIEW_BELOW
    ).decoded.moves
    assert moves[2].flagged
    assert moves[5].ply.san in ("Bg4", "Bxg4") and (moves[5].flagged or moves[2].ply.san == "g3")


def test_a_garbled_pawn_move_is_found_again_from_a_capture_after_a_number_split_by_spaces() -> None:
    # `tA` is f4 past reading; six plies on, `4 1 .` (41., split) `f:g5+` can only be played with the pawn on
    # f4. The rook move in between, `Ve3+` (for Re5+), is the same rook's move whichever square it stood on.
    text = (
        "28 . Vcb6\nVc3 29 . V:b7 Vcc7 30 . V:c7 V:c7 31 . Vb8+\nKh7 32 . Vd8 Kg6 33 . V:d5 Kf6 34:. Ue5 g5\n"
        "35 . g4 Kg6 36 . Kg2 Vc1 37 . Ve4 V c6 38 .' tA f5 39 . g:f5+ K:f5 40 . Ve3+ Kf6 4 1 .\n"
        "f:g5+ h:g5 42 . Kf3 Vc1"
    )
    fen = "6k1/1p2rpp1/2R4p/3p4/3P4/3rPPP1/5P2/1R4K1 w - - 0 28"
    moves = decode_text(text, "cs", start_fen=fen, review_below=TEXT_REVIEW_BELOW).decoded.moves
    sans = [move.ply.san.rstrip("+#") for move in moves]
    assert sans[20:29] == ["f4", "f5", "gxf5", "Kxf5", "Re5", "Kf6", "fxg5", "hxg5", "Kf3"]
    assert moves[20].flagged


def test_a_move_whose_first_characters_are_both_misread_is_still_aligned_where_nothing_reads_better() -> None:
    # `15 . lo4 0d6` for `b4 Dd6` and `16 . ScS` for `Sc5`: no move's first two characters read well from
    # `lo4`, so the gate before aligning is widened there; b4 and Sc5 are read, not a knight's detour.
    text = (
        "I . d4 d5\n2 .. c4 e6\n3 . Sf3 a6\n4 . cxd5 exd5\n5 . Sc3 Sf6\n6 . Lg5 Le6\n7 . e3 Sbd7\n8 . Ld3 Ld8\n"
        "9 . Dc2 h6\n10 . Lh4 0-0\n11 . 0-0 Db8\n12 . Lg3 Lxg3\n13 . hxg3 c6\n14 . Sa4 Lg4\n15 . lo4 0d6\n"
        "16 . ScS Ta7\n17 . Tfc1 Te8\n 18 . a4 Lxf3\n19 . gxf3 Te7\n20 .Tab1 Sxc5\n21 . Dxc5 Dxc5\n"
        "22 . Txc5 Sd7\n23 . Tc2 Sb8\n24 . b5 axb5\n25 . axb5 Ta3\n"
    )
    sans = (
        "d4 d5 c4 e6 Nf3 a6 cxd5 exd5 Nc3 Nf6 Bg5 Be6 e3 Nbd7 Bd3 Bd6 Qc2 h6 Bh4 O-O O-O Qb8 Bg3 Bxg3 hxg3 c6"
    )
    sans += " Na4 Bg4 b4 Qd6 Nc5 Ra7 Rfc1 Re8 a4 Bxf3 gxf3 Re7 Rab1 Nxc5 Qxc5 Qxc5 Rxc5 Nd7 Rc2 Nb8 b5 axb5 axb5 Ra3"
    assert _sans(text, "sr") == sans.split()


def test_a_first_move_glued_to_the_reply_is_found_again_when_a_later_pawn_move_needs_it() -> None:
    # Tesseract on a monospaced print: `1. e4 e5` as `"4 G4-e5`. g4 reads best until `4. e5` needs a pawn
    # on e4; the slip is sought at every ply before (not only among the last ply's many moves that would let
    # `e5` be a capture), and e4 is read from the first half of its token. The rest of the line is misread
    # in places (`Jie` for Jf6, `Jea` for Je4): every move read wrong is flagged, and so is a move the text
    # reads only at a cost no slip of the pen comes to.
    text = '"4 G4-e5 2. Jfs Jie 2. d4 ed4 4. e5 Jea 5. Dd4 d5 6. ed6 Jd6 7. Sg5 Jc6 8. Des Se7'
    true = [
        "e4",
        "e5",
        "Nf3",
        "Nf6",
        "d4",
        "exd4",
        "e5",
        "Ne4",
        "Qxd4",
        "d5",
        "exd6",
        "Nxd6",
        "Bg5",
        "Nc6",
        "Qe3+",
        "Be7",
    ]
    read = _read(text)
    assert read[0] == ("e4", True) and read[6][0] == "e5"
    assert all(flagged for (san, flagged), meant in zip(read, true, strict=True) if san != meant)


def test_a_game_read_to_a_draw_tesseract_garbled_is_not_cut_where_the_strict_reader_takes_a_move_for_prose() -> (
    None
):
    # `31. Tel` (Te1, 1 read as l) is a word to the strict reader, which reads the rest as a comment; `Yo-Yo`
    # (½-½) read as a stray token made the decoding look stopped, and the strict reading of 60 plies won.
    text = (
        "27. Tb4 e5 28. Sb3 Taa6 29. f4\nf6 30. f:e5 f:e5 31. Tel Sf7 32. To5 d4\n"
        "33. Sc5 Ta8 34. a6 Tg6 35. g4 TH6 36.\nTeb1 Tf:a6 37. S:a6 T:a6\nYo-Yo\n"
    )
    fen = "r5k1/1R3pp1/2rnp2p/P2p4/8/3K3P/3N1PP1/R7 w - - 3 27"
    (read,) = read_lenient([f'[FEN "{fen}"]\n', "\n", *text.splitlines(keepends=True)], "sr")
    sans = [ply.san for ply in read.game.plies]
    assert sans[8] == "Re1" and len(sans) == 22 and read.decoded.error is None


def test_a_brace_glued_to_a_rank_is_a_misread_file_letter_not_a_comment() -> None:
    # `{7-f6` is f7-f6 with its first f read as a brace: the moves after it are the game's, not a comment
    # that nothing closes.
    text = (
        "1. d2-d4 Cg8-f6\n2. Лc1-f4 d7-d5\n3. Cg1-f3 c7-c5\n4. e2-e3 Cb8-c6\n5. Cb1-d2 Cf6-h5\n"
        "6. Лf4-e5 e7-e6\n7. c2-c3 {7-f6\n8. Лe5-g3 Дd8-b6\n9. Тa1-b1 c5-d4\n"
    )
    (read,) = read_lenient(text.splitlines(keepends=True), "sr-Cyrl")
    assert [ply.san for ply in read.game.plies][12:] == ["c3", "f6", "Bg3", "Qb6", "Rb1", "cxd4"]
    assert not read.game.warnings


def test_a_brace_glued_to_digits_is_a_misread_file_letter_not_a_comment() -> None:
    # `{715` is f7-f5 with its f read as a brace and its dash as 1: no comment opens there that nothing closes.
    text = (
        "1.d2-d4 e7-e6\n2.Jg1-f3 d7-d5\n3.Sc1-g5 Sf8-e7\n4.Sg5-f4 c7-c5\n5.Sf4-g3 c5xd4\n6.c2-c3 Jg8-f6\n"
        "7.c3xd4 0-0\n8.Jb1-d2 Jf6-e4\n9.e2-e3 {715\n10.Jd2xe4 f5xe4\n11.Jf3-d2 Se7-b4\n12.Sf1-e2 Jb8-c6\n"
        "13.a2-a3 Sb4-a5\n14.b2-b4 Sa5-c7\n15.b4-b5 Sc7xg3\n16.h2xg3 Jc6-e7\n"
    )
    (read,) = read_lenient(text.splitlines(keepends=True), "sk")
    sans = [ply.san for ply in read.game.plies]
    assert len(sans) == 32 and sans[18] == "Nxe4" and sans[20:22] == ["Nd2", "Bb4"] and sans[-1] == "Ne7"
    # The text makes out no move where the brace stands (f5 is read by no rendering): the move put there and
    # the capture that needs the pawn on f5 are flagged; the knight's capture between them, written plainly
    # under its own number, is the same move whatever was put there, and is not.
    moves = read.decoded.moves
    assert moves[17].flagged and moves[19].flagged and not moves[18].flagged


def test_the_words_of_a_cyrillic_heading_are_not_read_as_moves_through_the_slips_of_ocr() -> None:
    # Tesseract reads 3 as з and 8 as в in Cyrillic print; at that rate `Ферзевый` would read as e6 b3 e5.
    text = (
        "Партия №14.\nФерзевый гамбит.\n1. d2—d4 d7—d5\n2. c2—c4 e7—е6\n3. Кb1—с3 Kg8—f6\n4. Cc1—g5 Kb8—d7\n"
    )
    (read,) = read_lenient(text.splitlines(keepends=True), "ru")
    assert [ply.san for ply in read.game.plies] == ["d4", "d5", "c4", "e6", "Nc3", "Nf6", "Bg5", "Nbd7"]


def test_specks_read_as_letters_at_a_lines_end_are_passed_over_to_the_numbered_line_after() -> None:
    # Tesseract's reading of a printed page with dust at its right edge: a word of letters read after each
    # line's moves ("Sone ee", "pone") that would start a move of its own (`S` is the bishop).
    text = (
        "12, Je2-g3 e5xd4 :\n: 13. e3xd4 c5xd4 : - :\n14. c3xd4 Vf8-d8 Sone ee\n- 15. Scl-g5 Dc7-d6 :\n"
        "_ + 16. Jg3-h5 Jf6-g4 :\n17. Jh5-g3 Jg4-f6 . ;\n' 18. Sg5xf6 Dd6xf6 pone\n19. d4-d5 Jc6-e7\n"
    )
    fen = "r1b2rk1/ppq2ppp/2n2n2/2p1p3/3P4/P1PBP3/4NPPP/R1BQ1RK1 w - - 0 12"
    moves = decode_text(text, "cs", start_fen=fen, review_below=TEXT_REVIEW_BELOW).decoded.moves
    assert [move.ply.san for move in moves][4:9] == ["cxd4", "Rd8", "Bg5", "Qd6", "Nh5"]
    assert not moves[6].flagged


def test_a_typists_slip_onto_a_neighbouring_capital_is_read_as_the_piece_meant() -> None:
    # `Ge1` for Ve1 (G lies beside V on the keyboard) and `Ab3` for Sb3 (A beside S): the rook's and the
    # bishop's moves, flagged; when a slip of the finger cost what any wrong letter does, Ne1 and the pawn's b3.
    moves = decode_text(
        "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sa4 Jf6 5. 0-0 Se7 6. Ge1 b5 7. Ab3 d6",
        "sk",
        review_below=TEXT_REVIEW_BELOW,
    ).decoded.moves
    assert [move.ply.san for move in moves[10:13:2]] == ["Re1", "Bb3"]


def test_a_zero_read_as_parentheses_is_castling() -> None:
    # OCR makes `()` of a round 0 or O: `()-0` is castling, not a move past reading that derails the game.
    assert _read("1. e4 e5 2. Jf3 Jc6 3. Sc4 Sc5 4. ()-0 Jf6 5. d3 0-() 6. c3 d6") == [
        (san, False)
        for san in ("e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O", "Nf6", "d3", "O-O", "c3", "d6")
    ]


@pytest.mark.parametrize(("text", "cut"), [("4. Sa", "Sa"), ("4. Sa4 Jf", "Jf"), ("4. Sb5-a", "Sb5-a")])
def test_a_text_that_ends_inside_a_move_is_read_to_the_move_before_it(text: str, cut: str) -> None:
    # A copy cut off inside its last move (`17. g`, `Kh8-g`): that move is not guessed from its start.
    read = decode_text(f"1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 {text}", "sk", review_below=TEXT_REVIEW_BELOW)
    assert [move.ply.san for move in read.decoded.moves] == RUY_LOPEZ[: 5 + text.count(" ")]
    assert read.cut == cut and read.decoded.error is None


def test_a_move_number_with_its_bracket_struck_the_wrong_way_opens_no_variation() -> None:
    # `44( b3-b4` for `44) b3-b4`: the moves up to the next `)` are the game's, not a variation dropped.
    text = "1) e2-e4 e7-e5 2) Jg1-f3 Jb8-c6 3( Sf1-b5 3... a7-a6 4) Sb5-a4 Jg8-f6 5) O-O Sf8-e7"
    assert _sans(text) == RUY_LOPEZ[:10]


def test_a_digit_struck_without_shift_on_a_czech_keyboard_is_that_digit() -> None:
    # `Jcš` for Jc3 and `eř` for e5: the letters the number row bears unshifted on Czech and Slovak keyboards.
    assert _sans("1. e4 c5 2. Jf3 d6 3. d4 cxd4 4. Jxd4 Jf6 5. Jcš a6 6. Se2 eř 7. Sg5 h6", "cs") == [
        *("e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6", "Be2", "e5", "Bg5", "h6")
    ]


def test_a_stretch_typed_in_the_slovak_layout_is_read_as_the_digits_and_marks_meant() -> None:
    # A stretch typed as on an English keyboard with the Slovak layout on, every digit its key's letter
    # (`Jcž +ž. hš Sež +ý.` for `Jc6 16. h3 Se6 17.`). Before, each cost as much as a slip to a key beside the
    # one meant: "16. h3 h6 17. Be2 a5", two moves put in, and every move after a ply out of step.
    text = (
        "1.e4 c5 2. Jf3 e6 3. d4 c:d4 4. J:d4 a6 5. Sd3 Sc5 6. Jb3 Sa7 7. De2 Jc6 8. Se3 d6 9. J1d2 Jf6 "
        "10. O-O S:e3 11. D:e3 O-O 12. Vfd1 Dc7 13. c4 Jb4 14. Jf3 e5 15. a3 Jcž +ž. hš Sež +ý. Jbd2 Jh5 "
        "18. Sf1 Jf4 19. Vac1 De7 20. g3 Jg6"
    )
    read = decode_text(text, "sk", review_below=TEXT_REVIEW_BELOW)
    assert [move.ply.san for move in read.decoded.moves][28:34] == ["a3", "Nc6", "h3", "Be6", "Nbd2", "Nh5"]
    assert len(read.decoded.moves) == 40 and not any(move.flagged for move in read.decoded.moves[28:])


def test_move_numbers_typed_in_the_slovak_layout_are_the_numbers_meant() -> None:
    # `ľ+0` for `21)`: three slips in one number, each as likely as any layout slip, cost more than a number
    # may; unread, the numbers left the moves between them read a ply out of step ("fxe4 Rxe4 Nxe4 …").
    text = (
        "1) e4 c6 2) Jc3 d6 3) d4 Jd7 4) Jf3 e5 5) Sc4 Se7 6) dxe5 Jxe5 7) Jxe5 dxe5 8) Dh5 g6 9) Dxe5 Jf6 "
        "10) Sg5 Sd7 11) O-O-O O-O 12) Vxd7 Dxd7 13) Sxf6 Sxf6 14) Dxf6 Vae8 15) f3 Dc7 16) h4 De5 17) Dxe5 Vxe5 "
        "18) Vd1 Ve7 19) Vd6 Kg7 20) a3 f5 ľ+0 Kdľ fxeč ľľ0 Jxeč Vfč ľš0 hť gxhť 24) Vd8 h4 25) Vg8+ Kh6"
    )
    read = decode_text(text, "sk", review_below=TEXT_REVIEW_BELOW).decoded
    assert [move.ply.san for move in read.moves[40:46]] == ["Kd2", "fxe4", "Nxe4", "Rf4", "h5", "gxh5"]
    assert len(read.moves) == 50 and not any(move.flagged for move in read.moves[40:])


def test_a_mark_struck_twice_after_a_move_number_still_ends_the_number() -> None:
    # `50))T b2` (Tb2, a space after the rook's letter): the second `)` read as part of the move made the
    # rook's letter stray and five plies came out wrong.
    text = "1) e4 e5 2) Sf3 Sc6 3))L b5 a6 4) La4 Sf6 5) O-O Le7"
    assert _sans(text, "sr") == RUY_LOPEZ[:10]


def test_a_bracket_never_closed_before_a_garbled_move_number_is_a_comment() -> None:
    # `(s iniciativouO` with its `)` lost, then `q5.` for 25.: the words are a comment up to the garbled
    # number, not text that no move matches; `):1` (0:1 with the 0 read as a bracket) closes nothing and is
    # the result.
    text = "1.e4 e5 2.Jf3 Jc6 3.Sb5 a6 (s iniciativouO\nq4.Sa4 (hrozilo Sxc6) 4...Jf6 5.0-0 Se7 ):1"
    read = decode_text(text, "cs", review_below=TEXT_REVIEW_BELOW)
    assert [move.ply.san for move in read.decoded.moves] == RUY_LOPEZ[:10]
    assert read.decoded.error is None and read.result == "0-1"


PETROSIAN_SMYSLOV = (
    "1.d4 Jf6\n2.c4 e6\n3.Jc3 Sb4\n4.e3 c5\n5.Sd3 b6\n6.Je2! Jc6\n7.O-O cxd4\n8.exd4 Sb7\n9.d5? Je5\n10.Sf4 Jxd3\n"
    "11.Dxd3 exd5\n12.cxd5 O-O\n13.a3 Sxc3\n14.Jxc3 Ve8\n15.Sd6 Jg4\n"
)


def test_a_sentence_of_prose_between_moves_is_crossed_as_one() -> None:
    # A note with a move it cites, no brackets: the moves after it are the game's.
    text = PETROSIAN_SMYSLOV + "16.Dg3 Jh6 – Lepšie bolo 16...f5.\n17.Vfe1 Jf5\n18.Df4 Df6"
    read = decode_text(text, "sk", review_below=TEXT_REVIEW_BELOW).decoded
    assert read.error is None and len(read.moves) == 36
    assert [move.ply.san for move in read.moves[-5:]] == ["Nh6", "Rfe1", "Nf5", "Qf4", "Qf6"]
    # A sentence that begins with a short word ("Do"), and one with a word typed with the English layout on
    # where the Slovak was meant ("Lep3ie" for Lepšie): before, a move was put in for the words.
    for note in ("Do úvahy prichádzalo aj 16...f5.", "Lep3ie bolo 16...f5."):
        text = PETROSIAN_SMYSLOV + f"16.Dg3 Jh6 {note}\n17.Vfe1 Jf5\n18.Df4 Df6"
        read = decode_text(text, "sk", review_below=TEXT_REVIEW_BELOW).decoded
        assert [move.ply.san for move in read.moves[30:]] == ["Qg3", "Nh6", "Rfe1", "Nf5", "Qf4", "Qf6"], note
        assert not any(move.flagged for move in read.moves[30:]), note
    # A note that cites moves in brackets typed with the Serbian layout on (`)16...f5 17.Vf1 f4 bolo lepšie=`): a
    # note, not the game's moves.
    text = PETROSIAN_SMYSLOV + "16.Dg3 Jh6\n)16...f5 17.Vf1 f4 bolo lepšie=\n17.Vfe1 Jf5\n18.Df4 Df6"
    read = decode_text(text, "sk", review_below=TEXT_REVIEW_BELOW).decoded
    assert [(move.ply.san, move.flagged) for move in read.moves[30:]] == [
        (san, False) for san in ("Qg3", "Nh6", "Rfe1", "Nf5", "Qf4", "Qf6")
    ]
    # A note in brackets typed with the Serbian layout on, `)` for `(` and `=` for `)`: before, `)Te` was read
    # as Re8 for the queen's knight's move.
    text = PETROSIAN_SMYSLOV + "16.Dg3\n)Teoretická novinka.=\n16...Jh6 17.Vfe1 Jf5\n18.Df4 Df6"
    read = decode_text(text, "sk", review_below=TEXT_REVIEW_BELOW).decoded
    assert [(move.ply.san, move.flagged) for move in read.moves[30:32]] == [("Qg3", False), ("Nh6", False)]
    # One long word is crossed too ("Diagram" where a diagram stood), and so are the words that end a game.
    text = PETROSIAN_SMYSLOV.replace("\n13.", "\nDiagram\n13.") + "16.Dg3 Jh6 Čierny sa vzdal. 1:0"
    read = decode_text(text, "sk", review_below=TEXT_REVIEW_BELOW).decoded
    assert read.error is None and [move.ply.san for move in read.moves[24:]] == [
        "a3",
        "Bxc3",
        "Nxc3",
        "Re8",
        "Bd6",
        "Ng4",
        "Qg3",
        "Nh6",
    ]


SERBIAN_LONG = (
    "1 Sg1-f3 Sg8-f6 2 g2-g3 d7-d5 3\nLf1-g2 e7-e6 4 O-O c7-c5 5 c2-c4\nd5-d4 6 e2-e3 {note}\n"
    "6... Sb8-c6 7 e3:d4 c5:d4 8\nd2-d3 h7-h6 9 Sb1-a3 Lf8-d6"
)


@pytest.mark.parametrize(
    "note",
    [
        # A word typed or read with a zero for its o: before, `Te0rijska` was read as Na6 and `6... Sb8-c6`
        # skipped with the next word.
        "Te0rijska novina.",
        # A word typed with the English layout on where the Serbian was meant (`;` on the key of č): before,
        # "Ovde" and "po;inje." were read as castling and five more moves.
        "Ovde po;inje borba.",
        # A chat's line copied with the game, its time first: before, the `N` of the name was read as a knight.
        "[22:44] Nikola: bre",
        # A word read by OCR with a one for its l: before, `Bie1y` was read as a garbled move (Qc1).
        "Bie1y získava priestor.",
        # A sentence that names a square: before, `d4` was read as a move and decoding stopped there.
        "Pole d4 je citelně oslabené.",
        # A word read by OCR with a five for its S: before, `5ilný` was read as c5 and the next move skipped.
        "5ilný ťah, ktorý pripravuje útok.",
    ],
)
def test_words_between_moves_as_typed_and_copied_are_crossed(note: str) -> None:
    read = decode_text(SERBIAN_LONG.format(note=note), "sr", review_below=TEXT_REVIEW_BELOW).decoded
    assert read.error is None
    assert [move.ply.san for move in read.moves] == [
        *("Nf3", "Nf6", "g3", "d5", "Bg2", "e6", "O-O", "c5", "c4", "d4", "e3", "Nc6"),
        *("exd4", "cxd4", "d3", "h6", "Na3", "Bd6"),
    ]
    assert not any(move.flagged for move in read.moves[10:]), note


# Black's 36th move garbled (`KtS` for Kf5) and a note right after it that cites another move for it.
ENDGAME = "r7/1pp3pk/1n2Rn2/pP1p2p1/P4P2/2N4P/8/4R1K1 w - - 0 31"
NOTED_ENDGAME = (
    "31.fxg5 Jh5 32.Vd1 Vd8 33.Vd4 Jg3 34.g6 Kh6 35.Vh4 Kg5 36.Vg4 Přesnější bylo 36.Kh2. {move} Přesnější "
    "bylo 36...Kh6.{then} 37.Vxb6 cxb6 38.Vxg3 d4 39.Vd3 Vc8 40.Je2 Ke4 41.Vxd4 Ke3 42.Kf1 Vf8 1:0"
)


@pytest.mark.parametrize("move", ["36. ... KtS", "36. KtS", "36...KtS"])
def test_a_move_read_from_a_note_after_its_own_garbled_writing_is_flagged(move: str) -> None:
    # Before, the note's Kh6 was read for the ply, sure, over the garbled writing where the number put it.
    text = NOTED_ENDGAME.format(move=move, then="")
    read = decode_text(text, "cs", start_fen=ENDGAME, review_below=TEXT_REVIEW_BELOW).decoded.moves
    assert read[10].ply.san == "Rg4+" and not read[10].flagged
    assert read[11].flagged
    assert [move.ply.san for move in read[12:15]] == ["Rxb6", "cxb6", "Rxg3"]


def test_a_note_that_cites_the_next_move_number_leaves_that_move_sure() -> None:
    # The note's `37.Vh4` is written as a move: a citation, not the game's place for White's 37th.
    text = NOTED_ENDGAME.format(move="36... Kf5", then=" 37.Vh4 a zbytek.")
    read = decode_text(text, "cs", start_fen=ENDGAME, review_below=TEXT_REVIEW_BELOW).decoded.moves
    assert read[11].ply.san == "Kf5"
    assert read[12].ply.san == "Rxb6" and not read[12].flagged


def test_a_variation_numbered_twelve_bracket_is_crossed_whole() -> None:
    # Before, `(3)` stayed as a note and `Sc4 Jc6)` were read as the game's moves, flagged.
    text = "1) e4 c5 2) Jf3 d6 3) d4 (3) Sc4 Jc6) 3... c:d4 4) J:d4 (4) D:d4 Jc6 5) Dd1) 4... Jf6 5) Jc3 a6"
    read = decode_text(text, "sk", review_below=TEXT_REVIEW_BELOW).decoded.moves
    assert [move.ply.san for move in read] == NAJDORF
    assert not any(move.flagged for move in read)


@pytest.mark.parametrize("head", ["ŠACHY", "ŠAH", "– 46 –\n\nŠACHY", "21\nŠACH | streda 24. júla 2025"])
def test_a_running_head_on_a_line_of_its_own_between_moves_is_crossed(head: str) -> None:
    # A newspaper column's game goes on over a page, the page's head between its moves: before, `ŠACHY` was
    # read as the moves a6, c5 and h4, every later move flagged.
    text = f"1.d4 d5 2.c4 e6 3.Jc3 Jf6 4.cxd5 exd5 5.Sg5 Se7\n{head}\n6.e3 c6 7.Sd3 Jbd7 8.Dc2 0-0"
    read = decode_text(text, "sk", review_below=TEXT_REVIEW_BELOW).decoded.moves
    assert [move.ply.san for move in read][10:] == ["e3", "c6", "Bd3", "Nbd7", "Qc2", "O-O"]
    assert not any(move.flagged for move in read[10:])


def test_a_move_broken_over_two_lines_with_a_hyphen_after_its_piece_letter_reads_whole() -> None:
    # A narrow column breaks a move after its piece letter and adds a hyphen (`S-` then `a4`): before, the
    # moves were read right but flagged, the letter and the square two tokens.
    text = "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. S-\na4 Jf6 5. 0-0 S-\ne7 6. V-\ne1 b5"
    read = decode_text(text, "sk", review_below=TEXT_REVIEW_BELOW).decoded.moves
    assert [move.ply.san for move in read] == RUY_LOPEZ[:12]
    assert not any(move.flagged for move in read)


def test_a_key_struck_twice_is_a_sure_reading_of_the_move() -> None:
    text = "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sa4 Jf6 5. 0-0 Se7 6. Ve1 b5 7. Sb3 d6 8. c3 0-0 9. h33 Jb8 10. d4 Jbd7"
    read = decode_text(text, "sk", review_below=TEXT_REVIEW_BELOW).decoded.moves
    assert read[16].ply.san == "h3" and not read[16].flagged


def test_a_capture_mark_where_nothing_is_taken_makes_the_move_before_doubtful() -> None:
    # `Va6` for Ra8 (8 read as 6), then `Sxa8` takes the rook there. As written, Ra6 and Ba8 leave the mark
    # unexplained; Ra8 and Bxa8 explain it, and a bishop that takes a rook is a likely move: that is the game.
    # Neither reading is sure by its text alone, so both plies are flagged, the other reading offered.
    fen = "8/7k/8/8/4b3/8/8/R3K3 w - - 0 1"
    read = decode_text("1. Va6 Sxa8", "sk", start_fen=fen, review_below=TEXT_REVIEW_BELOW).decoded.moves
    assert [move.ply.san for move in read] == ["Ra8", "Bxa8"]
    assert read[0].flagged and read[1].flagged
    assert {alternative.san for alternative in read[0].alternatives} >= {"Ra6"}


def test_file_letters_a_phone_capitalised_read_as_the_moves_they_begin() -> None:
    # The first letter of a line capitalised: as sure as the plain text is, but for `D4`, which may be a
    # queen's move as well, and for move 1, where every pawn's two steps compete.
    plain = "1. e4 e5\n2. Jf3 Jc6\n3. Sb5 a6\n4. Sa4 Jf6\n5. O-O Se7\n6. Ve1 b5\n7. Sb3 d6\n8. c3 O-O\n9. h3 Jb8\n"
    plain += "10. d4 Jbd7\n11. Jbd2 Sb7\n12. Sc2 Ve8\n13. Jf1 Sf8\n14. Jg3 g6\n15. a4 c5"
    capitalised = plain.replace("8. c3", "8. C3").replace("9. h3", "9. H3").replace("15. a4", "15. A4")
    read = decode_text(capitalised, "sk", review_below=TEXT_REVIEW_BELOW).decoded.moves
    expected = decode_text(plain, "sk", review_below=TEXT_REVIEW_BELOW).decoded.moves
    assert [move.ply.san for move in read] == [move.ply.san for move in expected]
    assert [move.flagged for move in read] == [move.flagged for move in expected]


def test_a_word_after_the_last_move_with_a_speck_inside_is_prose_not_where_decoding_stopped() -> None:
    for ending in ("Remíza.", "R·emíza.", "Re'míza"):
        read = decode_text(PETROSIAN_SMYSLOV + ending, "sk", review_below=TEXT_REVIEW_BELOW)
        assert read.decoded.error is None and len(read.decoded.moves) == 30, ending


def test_two_short_words_that_begin_with_a_piece_letter_are_misread_moves_not_prose() -> None:
    text = "1. e4 e5 2. Jfs Jie 3. d4 exd4 4. e5 Je4 5. Dxd4 d5"
    read = decode_text(text, "sk", review_below=TEXT_REVIEW_BELOW).decoded
    assert [move.ply.san for move in read.moves[2:4]] == ["Nf3", "Nf6"]


def test_figurines_and_english_letters_read_as_the_locales_pieces() -> None:
    # A figurine font's pictures, and the English letters a figurine font or a pasted line leaves in Czech text:
    # read as sure as the Czech letters are.
    czech = "1. e4 c6 2. d4 d5 3. Jc3 dxe4 4. Jxe4 Sf5 5. Jg3 Sg6 6. Jf3 Jd7"
    plain = decode_text(czech, "cs", review_below=TEXT_REVIEW_BELOW).decoded.moves
    for text in (
        "1. e4 c6 2. d4 d5 3. ♘c3 d×e4 4. ♘×e4 ♗f5 5. ♘g3 ♗g6 6. ♘f3 ♘d7",
        "1. e4 c6 2. d4 d5 3. Nc3 dxe4 4. N xe4 Bf5 5. Ng3 Bg6 6. Nf3 Nd7",
    ):
        read = decode_text(text, "cs", review_below=TEXT_REVIEW_BELOW).decoded
        assert [move.ply.san for move in read.moves] == [move.ply.san for move in plain]
        assert [move.flagged for move in read.moves] == [move.flagged for move in plain], text


def test_a_slip_into_another_legal_move_is_told_by_the_moves_a_player_would_not_make_after_it() -> None:
    # `Dd5` for Qd3 (3 read as 5), then `o4` for c4: as written, White's queen stands for twenty plies where
    # the bishop takes it and Black never does, and `c:d5` twenty plies on has no c-pawn to play it. The text
    # alone tells it too late for the beam to keep the line; the move prior (no player leaves a queen to be
    # taken, none declines it) keeps Qd3 and reads c4 and cxd5; Qd3 is flagged, the text says otherwise.
    text = (
        "1.e4 c5 2.Jf3 d6 3.d4 c:d4 4.D:d4 Jc6 5.Sb5 Sd7 6.Dd5 a6 7.S:c6 S:c6 8.o4 Jf6 9.Jc3 e6 10.O-O Se7"
        " 11.b3 O-O 12.Sb2 Da5 13.Jd4 Vfc8 14.a4 Vab8 15.Vfd1 Dh5 16.h3 Dg6 17.Ve1 d5 18.c:d5 S:d5 19.Jf5 e:f5"
        " 20.J:d5 J:d5 21.e:d5 Sd6 1-0"
    )
    read = decode_text(text, "sk", review_below=TEXT_REVIEW_BELOW).decoded.moves
    assert [read[index].ply.san for index in (10, 14, 34)] == ["Qd3", "c4", "cxd5"]
    assert read[10].flagged and "Qd5" in {alternative.san for alternative in read[10].alternatives}


def test_a_line_printed_twice_is_passed_over() -> None:
    # A scan or a copy that doubles a line of a table (`4. La4 Sf6` twice): the second is no pair of moves
    # (White's bishop is on a4 already), and read as moves it made up two plies that were never played.
    table = (
        "1. e4 e5\n2. Sf3 Sc6\n3. Lb5 a6\n4. La4 Sf6\n4. La4 Sf6\n5. 0-0 Le7\n6. Te1 b5\n7. Lb3 d6\n8. c3 0-0"
    )
    assert _read(table, "sr")[:10] == [(san, False) for san in RUY_LOPEZ[:10]]
    assert len(_read(table, "sr")) == 16
    # A line copied twice, once with a mark the other copy lacks (`La4??`): the marks are no part of the moves.
    marked = table.replace("4. La4 Sf6\n4.", "4. La4 ?? Sf6\n4.", 1)
    assert _read(marked, "sr")[:10] == [(san, False) for san in RUY_LOPEZ[:10]]
    assert len(_read(marked, "sr")) == 16
    # One move written twice is no doubled line: a queen takes and a queen takes back.
    assert _read("1. d4 d5 2. c4 e6 3. cxd5 exd5 4. Db3 Dd7 5. Dxd5 Dxd5 6. Sc3", "sr")[-3:] == [
        ("Qxd5", False),
        ("Qxd5", False),
        ("Nc3", False),
    ]


def test_a_page_number_and_a_running_head_in_capitals_between_moves_are_passed_over() -> None:
    # A book's page break read by OCR: the page number and the running head stand between two moves; the
    # head's words are prose (capitals of five letters and more), not moves misread.
    plain = "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sa4 Jf6 5. O-O Se7 6. Ve1 b5 7. Sb3 d6 8. c3 O-O"
    broken = plain.replace(" 5. O-O", "\n\n112\n\nVYBRANÉ PARTIE\n\n5. O-O")
    assert _read(broken, "cs") == _read(plain, "cs")
    assert [san for san, _ in _read(broken, "cs")] == RUY_LOPEZ


def test_a_lost_line_is_supplied_flagged_and_the_moves_after_it_read_for_their_own_sides() -> None:
    # The Immortal Game with the line of moves 9 and 10 lost at a page break: the numbers after it say four
    # plies are missing. They are supplied (what the moves written after them need: the black c-pawn on c6
    # for `cxb5`, the knight off h4 for `h4`), flagged, and said; every move written after them is read for
    # its own side and sure once a move number confirms it.
    text = (
        "Anderssen - Kieseritzky\n\n1. e4 e5 2. f4 exf4 3. Sc4 Dh4+ 4. Kf1 b5 5. Sxb5 Jf6\n"
        "6. Jf3 Dh6 7. d3 Jh5 8. Jh4 Dg5\n11. Vg1 cxb5 12. h4 Dg6 13. h5 Dg5\n14. Df3 Jg8 15. Sxf4 Df6 "
        "16. Jc3 Sc5\n17. Jd5 Dxb2 18. Sd6 Sxg1 19. e5 Dxa1+\n20. Ke2 Ja6 21. Jxg7+ Kd8 22. Df6+ Jxf6 23. Se7# 1-0\n"
    )
    truth = str.split(
        "e4 e5 f4 exf4 Bc4 Qh4+ Kf1 b5 Bxb5 Nf6 Nf3 Qh6 d3 Nh5 Nh4 Qg5 Nf5 c6 g4 Nf6 Rg1 cxb5 h4 Qg6 h5 Qg5 "
        "Qf3 Ng8 Bxf4 Qf6 Nc3 Bc5 Nd5 Qxb2 Bd6 Bxg1 e5 Qxa1+ Ke2 Na6 Nxg7+ Kd8 Qf6+ Nxf6 Be7#"
    )
    (read,) = read_lenient(text.splitlines(keepends=True), "sk")
    moves = read.decoded.moves
    assert [move.ply.san for move in moves[:16]] == truth[:16]
    assert [move.ply.san for move in moves[20:]] == truth[20:]
    assert all(move.flagged for move in moves[16:20]) and not any(move.flagged for move in moves[20:])
    assert read.game.result == "1-0" and read.game.error is None
    (warning,) = read.game.warnings
    assert warning.startswith("moves 9-10 are not in the text (a line lost?): 4 plies supplied")


def test_a_long_form_move_whose_letters_ocr_all_read_as_digits_is_read_as_garbled() -> None:
    # Tesseract's "87-26" for g7-g6: a token of digits alone was no move past reading, so no move was read from
    # it; the decoder then read its digits and the next moves as other moves, and never found the game again.
    text = (
        "1. d2-d4 d7-d5 2. c2-c4 e7-e6 3. Jb1-c3 Jg8-f6 4. Jg1-f3 Jb8-d7 5. Sc1-g5 Sf8-b4 6. e2-e3 c7-c5 "
        "7. c4:d5 e6:d5 8. Sf1-d3 Dd8-a5 9. Dd1-c2 c5-c4 10. Sd3-f5 O-O 11. 0-0 87-26 12. Sf5:d7 Jf6:d7 "
        "13. e3-e4 Jd7-b6 14. e4-e5 Sc8-f5 15. Dc2-d2 Vf8-e8"
    )
    read = decode_text(text, "cs", review_below=TEXT_REVIEW_BELOW)
    moves = read.decoded.moves
    assert [move.ply.san for move in moves[20:]] == [
        "O-O",
        "g6",
        "Bxd7",
        "Nxd7",
        "e4",
        "Nb6",
        "e5",
        "Bf5",
        "Qd2",
        "Rfe8",
    ]
    assert moves[21].flagged and read.decoded.error is None


def test_a_page_number_and_running_head_inside_a_game_are_skipped() -> None:
    # A game over a page break ("104", the book's running head, then "S5.Kf3" for 55. Kf3): the page number
    # was read as a move number, and the decoding stopped at move 55. A number alone on its line, far from the
    # move number before it, is a page number.
    text = (
        "1.d4 d5 2c4 e6 3.Sc3 Sf6\n"
        "4.c×d5 S×d5 5.e4 S×c3\n"
        "G.b×c3 c5 7.Sf3 e×d4\n"
        "8.c×d4 Lb4+ 9.Ld2 L×d2+!\n"
        "10.D×d2 O-O ll.Lc4 Sd7\n"
        "12.0-O b6 13.De3 Lb7\n"
        "14.Sd2 Tc8 15.Tac1 Sf6\n"
        "1b.f3 Dd7 17.Sb3Tfd8\n"
        "18.Tc2 a5! 19.Dd3 De7\n"
        "20Tb1 h6 21.a4 Db4 22Sd2\n"
        "D×a4 23.T×b6 La8 24.Ta2\n"
        "Dd7 25.T×a5 D×d4+ 26D×d4\n"
        "T×d4 27.Tb2 Tcd8 28.Taa2\n"
        "Lc6 29.Kf2 Sd7! 30.Lb5 Se5\n"
        "31.L×c6 S×c6 32.Sb3 Td3?\n"
        "33.Sc5 T,d1 34.h 3 Se5\n"
        "35.Tc2 g5 36.Sb7 T8d7\n"
        "37.Sc5 T7d4 38.Sb3 Tb4\n"
        "39.Sd2 Kg7 40.Ke2Th1\n"
        "41.Tab2 Td4 42.Sf1 Sc4\n"
        "43.Tb4 T×f1 44.Tb×c4 Tdd1\n"
        "45.Ta4 Tdo1+ 46.Kcl3 Kg6\n"
        "47.Ta7 Tc1 48.T×e1 T×c1\n"
        "49.Ke2 li5 50.g4!? Th1\n"
        "51.g×h5+ Kf6 52.e5+ Kg7\n"
        "53.f4 T×h3 54.f×g5 T×h5\n"
        "\n"
        "104\n"
        "\n"
        "ŠAHOVSKA OTVARANJA\n"
        "\n"
        "S5.Kf3 T×g5 56.Kf4 Tf5+?\n"
        "57.Kc4 Tf1 58.Ta2 Tg1\n"
        "59.Tf2 T·g4+ 60.Ke3 Ta4"
    )
    read = decode_text(text, "sr", review_below=TEXT_REVIEW_BELOW)
    assert read.decoded.error is None and len(read.decoded.moves) == 120
    assert [move.ply.san for move in read.decoded.moves[108:110]] == ["Kf3", "Rxg5"]
    # A bare number beside the moves it numbers stays: "2" and "3" alone on their lines are moves 2 and 3.
    (game,) = read_lenient("1. e4 e5\n2\nJf3 Jc6\n3\nSb5 a6\n".splitlines(), "sk")
    assert [move.ply.san for move in game.decoded.moves] == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]


def test_a_white_move_lost_in_long_form_is_supplied_and_the_bare_numbers_after_it_confirm_the_rest() -> None:
    # Numbers written without a dot (`38 Kh7-g6`): White's 38th move is lost, and the move after it is split by
    # a space (`Tc l5:c5`, d read as "c l"). The split move's "l5:" was taken for a move number, so the numbers
    # after the lost move never agreed: a pawn move was invented and every later move read for the wrong side.
    # Now the lost ply is supplied (flagged) and each move after a bare number of its own is sure.
    start = "6k1/3n1pp1/7p/1pr5/2p5/P3NPP1/4PK1P/1R6 w - - 13 35"
    text = (
        "35 Tb1-d1 Sd7-b6\n36 Td1-d8+ Kg8-h7\n37 Td8-d6 Sb6-a4\n38 Kh7-g6\n39 Tc l5:c5 Sa4:c5\n40 Se3-d5 Kg6-f5\n"
        "41 Sd5-c3 Kf5-e5\n42 Sc3:b5 Sc5-a4\n43 Kf2-e3 Ke5-d5\n44 Ke3-d2 Kd5-c5\n45 Sb5-c3 Sa4-b6\n"
    )
    moves = decode_text(text, "sr", start_fen=start, review_below=TEXT_REVIEW_BELOW).decoded.moves
    assert " ".join(move.ply.san for move in moves) == (
        "Rd1 Nb6 Rd8+ Kh7 Rd6 Na4 Rd5 Kg6 Rxc5 Nxc5 Nd5 Kf5 Nc3 Ke5 Nxb5 Na4 Ke3 Kd5 Kd2 Kc5 Nc3 Nb6"
    )
    assert moves[6].flagged and moves[7].flagged
    assert not any(move.flagged for move in moves[8:])


def test_a_move_split_by_a_speck_and_a_space_is_read_as_one_move() -> None:
    # `S6· 8-d7` for Sb8-d7 (b read as 6, a speck, a space): it was read as two knight moves with a white move
    # supplied between them, and every later move one move ahead of its number, all flagged.
    start = "rn1qr1k1/pbp2ppp/1p1b1n2/3p4/3P4/P1NBP1N1/1P3PPP/R1BQ1RK1 w - - 0 11"
    text = (
        " 11) b2-b4       a7-a6\n 12) Dd1-c2      S6· 8-d7\n     (Sad počinje odlučujući napad)\n"
        " 13) b4-b5       a6-a5\n 14) f2-f3       g7-g6\n 15) Dc2-f2      Dd8-e7\n 16) a3-a4       Sd7-f8\n"
    )
    moves = decode_text(text, "sr", start_fen=start, review_below=TEXT_REVIEW_BELOW).decoded.moves
    assert " ".join(move.ply.san for move in moves) == "b4 a6 Qc2 Nbd7 b5 a5 f3 g6 Qf2 Qe7 a4 Nf8"
    assert not any(move.flagged for move in moves[4:])


def test_a_move_read_with_an_o_for_its_file_is_no_move_number_when_a_lost_line_is_bridged() -> None:
    # Move 3 lost (`3. d4 Jb6`), and `o6` for e6 after it: `o6` was taken for move number 6 (an o read for a
    # 0), so the moves ahead were counted one ply short and the wrong line was supplied later on, every move
    # between read for the other side. No move number begins with 0: `o6` is a move.
    text = (
        "1. Jf3 d5 2. g3 Jd7\n4. b3 c6 5. Jbd2 Sf5\n6. c4 o6 7. Sg2 Se7 8. 0-0 h6 9. Sb2 Jf6\n"
        "10. Je5 Jbd7 11. f3 Jxe5 12. dxe5 Jd7 13. f4 Jc5 14. Kh1 a5\n"
    )
    (read,) = read_lenient(text.splitlines(keepends=True), "cs")
    moves = read.decoded.moves
    assert " ".join(move.ply.san for move in moves[6:]) == (
        "b3 c6 Nbd2 Bf5 c4 e6 Bg2 Be7 O-O h6 Bb2 Nf6 Ne5 Nbd7 f3 Nxe5 dxe5 Nd7 f4 Nc5 Kh1 a5"
    )
    assert moves[4].flagged and moves[5].flagged
    assert read.game.warnings[0].startswith("move 3 is not in the text")


def test_a_first_move_whose_file_letter_was_lost_is_read_as_the_one_most_openings_begin_with() -> None:
    # `1. 4` fits all eight pawn moves to the fourth rank, and none of the moves after it needs one of them
    # (it was read 1. c4); the named openings mostly begin 1. e4. The move is flagged: the text did not decide.
    (read,) = read_lenient(["1. 4 e5 2. Sf3 Sc6 3. Sc3 Sf6 4. Sxe5 Sxe5\n"], "sr")
    moves = read.decoded.moves
    assert [move.ply.san for move in moves[:3]] == ["e4", "e5", "Nf3"]
    assert moves[0].flagged
    assert moves[0].alternatives and all(alternative.san[-1] == "4" for alternative in moves[0].alternatives)
    assert not any(move.flagged for move in moves[1:])


def test_the_best_next_reading_after_each_move_is_the_best_expansion_after_it() -> None:
    # Ranking the moves a garbled or missing ply may have been reads the text after each of them once per
    # rendering, not once per board: the best next reading must be the best that expanding the board gives,
    # through the gate and, where nothing reads well, through the wider one (`lo4`).
    decoder = CharDecoder("1. e4 e5 2. qf3 wc6 3. lb5 a6 Biely hrá ostro. 4. lo4 Jf6", "sk")
    board = chess.Board()
    read = set()
    for san in ("e4", "e5", "Nf3", "Nc6", "Bb5"):
        board.push_san(san)
        for at in range(0, len(decoder.stream), 2):
            for move in list(board.legal_moves)[:10]:
                after = board.copy(stack=False)
                after.push(move)
                expanded = decoder.expand(_Hyp(0.0, after, at, 1, None, None, 0), float("inf"))
                best = max((score for score, _ in expanded), default=float("-inf"))
                assert decoder.best_next(after, at) == pytest.approx(best)
                read.add(best > float("-inf"))
    assert read == {True, False}


def test_a_long_note_in_brackets_and_a_note_inside_a_note_are_taken_out() -> None:
    # A note of words longer than a line's 80 characters, and a side line whose own note holds a bracket
    # ("(… napr. 27...Va8-f8 … (Dámou sa nedá brať …) 32.Sf5+ …)"): neither is read as the game's moves.
    long_note = (
        "1.d2-d4 Jg8-f6 2.c2-c4 g7-g6 3.Jb1-c3 Sf8-g7 4.e2-e4 d7-d6 5.f2-f4 0-0 6.Jg1-f3 Jb8-c6? "
        "(Strata tempa, ktorou pomôže len bielemu, aby rýchle zorganizoval svoje sily k útoku.) 7.d4-d5 Jc6-b8"
    )
    read = decode_text(long_note, "sk", review_below=TEXT_REVIEW_BELOW).decoded.moves
    assert [move.ply.san for move in read][-4:] == ["Nf3", "Nc6", "d5", "Nb8"]
    assert not any(move.flagged for move in read)
    nested = (
        "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sa4 (zaujímavé je aj 4. Sxc6 dxc6 5. O-O f6 (slabšie je 5...Sg4 "
        "pre 6. h3) 6. d4 s dobrou hrou bieleho) 4...Jf6 5. O-O Se7"
    )
    read = decode_text(nested, "sk", review_below=TEXT_REVIEW_BELOW).decoded.moves
    assert [move.ply.san for move in read][6:] == ["Ba4", "Nf6", "O-O", "Be7"]


def test_a_chess_fonts_figurine_no_table_knows_may_be_any_piece_and_a_running_head_beside_a_page_number_goes() -> (
    None
):
    # A PDF's text: a figurine font's private-use characters for the knight, and a page break between a move's
    # number and the move, with the page number beside the running head on both pages. Before, decoding stopped
    # at "\ue0a6g1-f3" (no move matched it) after reading "102" as a move number.
    text = (
        "1. d2-d4 \ue0a6g8-f6 2. \n\n102 Partie z turnajů\n\nPartie z turnajů   103\n\ue0a6g1-f3 d7-d5\n"
        "3. c2-c4 e7-e6 4. \ue0a6b1-c3 Sf8-b4 5. e2-e3 0-0 6. Sf1-d3 d5xc4 7. Sd3xc4 c7-c5"
    )
    read = decode_text(text, "cs", review_below=TEXT_REVIEW_BELOW)
    assert [move.ply.san for move in read.decoded.moves] == str.split(
        "d4 Nf6 Nf3 d5 c4 e6 Nc3 Bb4 e3 O-O Bd3 dxc4 Bxc4 c5"
    )
    assert read.decoded.error is None


def test_a_running_head_with_a_chapters_number_beside_the_page_number_goes() -> None:
    # `196  Kapitola 4: Útok na krále` between two moves: before, the chapter's `4:` kept the line from being
    # read as a page's number and running head, and its words were read as moves (43.Kc2 for Ng2, flagged, and
    # the four moves after it wrong).
    text = "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6\n\n196  Kapitola 4: Útok na krále\n\n4. Sa4 Jf6 5. 0-0 Se7 6. Ve1 b5 7. Sb3 d6"
    read = decode_text(text, "cs", review_below=TEXT_REVIEW_BELOW).decoded
    assert [move.ply.san for move in read.moves] == RUY_LOPEZ[:14]
    assert not any(move.flagged for move in read.moves)


@pytest.mark.parametrize("note", ["[38']", "(38′)", "[1:23:45]", "(12 min)"])
def test_a_note_of_the_time_used_in_brackets_is_no_move(note: str) -> None:
    # A transcription's note of the minutes used, last on its line: before, `[38']` was read as moves (b4, Bxb4),
    # and every later move of the game was flagged.
    text = f"1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 {note}\n4. Sa4 Jf6 5. 0-0 Se7"
    read = decode_text(text, "sk", review_below=TEXT_REVIEW_BELOW).decoded
    assert [move.ply.san for move in read.moves] == RUY_LOPEZ[:10]
    assert not any(move.flagged for move in read.moves)


@pytest.mark.parametrize(
    ("text", "locale"),
    [
        ("1.e4 e5 2.Jf3 d6 3.Sc4 Sg4 4.Jc3 g6 5.Jxe5 Sxd1 6.Sxf7 šach Ke7 7.Jd5 mat", "cs"),
        ("1.e4 e5 2.Sf3 d6 3.Lc4 Lg4 4.Sc3 g6 5.Sxe5 Lxd1 6.Lxf7 Schach Ke7 7.Sd5 matt", "de"),
    ],
)
def test_the_word_for_check_after_a_move_is_its_mark(text: str, locale: str) -> None:
    # As a translation writes it. Before, the decoder read `šach` as letters: 6. Nxf7 a6 7. Nxh8, all flagged.
    legal_mate = ["e4", "e5", "Nf3", "d6", "Bc4", "Bg4", "Nc3", "g6", "Nxe5", "Bxd1", "Bxf7+", "Ke7", "Nd5#"]
    assert _sans(text, locale) == legal_mate


def test_one_move_in_brackets_set_apart_is_a_crossed_out_move() -> None:
    # A transcriber's convention: the move the player crossed out in brackets, then the one played. Before,
    # the decoder took the brackets for a misread letter's and flagged the moves they stand beside.
    read = decode_text(
        "1. e4 e5 2. Jf3 (Jc3) Jc6 3. Sb5 (Jf6) a6 4. Sa4 Jf6 5. (d3) 0-0 Se7",
        "cs",
        review_below=TEXT_REVIEW_BELOW,
    )
    assert [(move.ply.san, move.flagged) for move in read.decoded.moves] == [
        (san, False) for san in [*RUY_LOPEZ[:8], "O-O", "Be7"]
    ]
