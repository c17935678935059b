"""A PDF's typesetting left in the text: moves its kerning split apart, footnote marks glued to moves."""

from __future__ import annotations

import io

import pytest
from partiar.notation import read_games
from partiar.notation.text.encoding import decode_lines
from partiar.notation.text.typeset import typeset


@pytest.mark.parametrize(
    ("line", "read"),
    [
        ("1.d4 Sf6 2.c 4 g6 3.f3", "1.d4 Sf6 2.c4 g6 3.f3 "),
        ("3. d 4 cxd4 Finále turnaja prinieslo", "3. d4 cxd4 Finále turnaja prinieslo "),
        ("13.cxb5¹ ax b5 Ta1 45.Le2", "13.cxb5 axb5 Ta1 45.Le2  "),
        ("Sf6 8.D a4+ S c6 9.Se 5¹", "Sf6 8.Da4+ Sc6 9.Se5    "),
        ("22.gxf3 T a5 23.Lc4", "22.gxf3 Ta5 23.Lc4 "),
        ("27. c3 d 6 favoriti turnaja", "27. c3 d6 favoriti turnaja "),
        ("36. ¶d 3 £ h5 37. ðe3", "36. ¶d3 £h5 37. ðe3  "),
        ("23. Кc4 Л: c5 24. Сc4", "23. Кc4 Л:c5 24. Сc4 "),
        ("7. Jxc6¹ Dxc6 8. Sf4", "7. Jxc6 Dxc6 8. Sf4 "),
    ],
)
def test_a_move_that_kerning_split_apart_is_joined_and_the_line_keeps_its_length_with_blanks_at_its_end(
    line: str, read: str
) -> None:
    assert typeset(line) == read


@pytest.mark.parametrize(
    "line",
    [
        "1 d4 e6 2 c4 d5 3 Cc3",  # a dotless number before its move
        "2 K g1 f3 2 d7 d6 16 H d2 c2",  # a long form with its piece and squares apart
        "jezdec převeden přes d2 a c4 ba e3",  # `a` is a word
        "Dxe5 a 5 pešiakov",
        "V e5 stojí jazdec",
        "12.Kd1: f6 13.Pf7+",  # a capture marked after its square, then the next move
        "7. Bd2—g5 De4 X f2",  # a long form's capture mark apart
        "3. d2 - d4 c5 x d4",
    ],
)
def test_words_that_are_no_move_split_apart_stay_as_they_are(line: str) -> None:
    assert typeset(line) == line


def test_a_pdf_pages_moves_split_apart_and_marked_for_footnotes_are_read_whole() -> None:
    # A bulletin's page with a column of prose beside the moves: before, `3. d 4` stopped the game after 2...e6
    # (the rest a comment), and the first footnote mark after 7. Jxc6 did so again once the moves were joined.
    text = (
        "1. e4 c5 2. Jf3 e6 3. d 4 cxd4 Finále turnaja prinieslo\n"
        "4. Jxd4 Jc6 5. Jc3 Dc7 6. Dd3 definitívne rozhodnutie až v\n"
        "a6 7. Jxc6¹ Dxc6 8. Sf4 Je7 poslednom kole.\n"
        "9. O-O-O b5 10. h4² S b7 1-0\n"
        "¹ Časová tieseň.\n"
        "² Podľa autora najsilnejší ťah.\n"
    )
    (game,) = read_games(decode_lines(io.BytesIO(text.encode()), "test"), "sk")
    assert game.error is None and game.result == "1-0"
    assert [ply.san for ply in game.plies] == (
        [
            "e4",
            "c5",
            "Nf3",
            "e6",
            "d4",
            "cxd4",
            "Nxd4",
            "Nc6",
            "Nc3",
            "Qc7",
            "Qd3",
            "a6",
            "Nxc6",
            "Qxc6",
            "Bf4",
            "Ne7",
            "O-O-O",
            "b5",
            "h4",
            "Bb7",
        ]
    )
    assert game.plies[5].comment == "Finále turnaja prinieslo"
