"""Correspondence games as they are published: the log with its dates, the exchange of messages, ICCF's
numeric notation; and moves written by their squares alone."""

from __future__ import annotations

import io

import pytest
from conftest import RUY_LOPEZ
from partiar.notation import parse_games, read_games
from partiar.notation.text.correspondence import coded_moves, coordinates, log_row, read_messages
from partiar.notation.text.encoding import decode_lines

# Slovak: the log table as a correspondence server exports it, tabs between the cells; a move written only as
# its ICCF code here and there (`7163`, the castling king's `5171`), dates in three ways, a dash for the
# first move's receipt.
_LOG_SK = (
    "Korešpondenčná partia\n"
    "Novák,Peter – Horák,Ján\n"
    "\n"
    "č.\tBiely\tprijaté\todoslané\tČierny\tprijaté\todoslané\n"
    "1.\te4\t—\t5. 3. 2010\te5\t10. 3. 2010\t14. 3. 2010\n"
    "2.\t7163\t16. 3. 2010\t23. 3. 2010\tJc6\t26. 3. 2010\t2. 4. 2010\n"
    "3.\tSb5\t6.4.\t7.4.\ta6\t12.4.\t19.4.\n"
    "4.\tSa4\t25.04.2010\t27.04.2010\t7866\t02.05.2010\t10.05.2010\n"
    "5.\t5171\t11. 5. 2010\t13. 5. 2010\tSe7\t17. 5. 2010\t18. 5. 2010\n"
    "1-0\n"
)
# Serbian: blanks between the cells, every move with its code in brackets, years ending in a dot.
_LOG_SR = (
    "Dopisna partija\n"
    "Petrović,Marko – Jovanović,Ivan\n"
    "\n"
    "1.  e4 (5254)  —  3. 4. 2021.  e5 (5755)  7. 4. 2021.  9. 4. 2021.\n"
    "2.  Sf3 (7163)  11. 4. 2021.  12. 4. 2021.  Sc6 (2836)  15. 4. 2021.  16. 4. 2021.\n"
    "3.  Lb5 (6125)  18. 4. 2021.  19. 4. 2021.  a6 (1716)  21. 4. 2021.  22. 4. 2021.\n"
    "4.  La4 (2514)  24. 4. 2021.  25. 4. 2021.  Sf6 (7866)  27. 4. 2021.  28. 4. 2021.\n"
    "5.  0-0 (5171)  30. 4. 2021.  1. 5. 2021.  Le7 (6857)  3. 5. 2021.  4. 5. 2021.\n"
    "½-½\n"
)
# Czech: the messages, each confirming the opponent's move (once as its code, once in the long form) before
# its own, one with a conditional pair that was never played, the last one a resignation without a date.
_MESSAGES_CS = (
    "Korespondenční partie\n"
    "Novák,Petr – Dvořák,Jan\n"
    "\n"
    "3.4. – Novák,Petr:\n"
    "Můj tah: 1.e4\n"
    "\n"
    "9.4. – Dvořák,Jan:\n"
    "Váš tah 1.5254 přijat. Odpovídám 1...e5.\n"
    "\n"
    "15.4. – Novák,Petr:\n"
    "Potvrzuji 1...e7-e5. Můj tah: 2.7163 Podmíněně: pokud 2...Jf6, pak 3.Jxe5.\n"
    "\n"
    "20.4. – Dvořák,Jan:\n"
    "Váš tah 2.Jf3 přijat. Odpovídám 2...Jc6.\n"
    "\n"
    "26.4. – Novák,Petr:\n"
    "Odpovídám 3.Sb5.\n"
    "\n"
    "2.5. – Dvořák,Jan:\n"
    "Potvrzuji 3.Sf1-b5. Můj tah: 3...a6\n"
    "\n"
    "Novák,Petr:\n"
    "Vzdávám. Gratuluji!\n"
    "\n"
    "0-1\n"
)


def _read(text: str, locale: str) -> list:  # type: ignore[type-arg]
    return list(read_games(decode_lines(io.BytesIO(text.encode("utf-8")), "test"), locale))


@pytest.mark.parametrize(("text", "locale", "result"), [(_LOG_SK, "sk", "1-0"), (_LOG_SR, "sr", "1/2-1/2")])
def test_a_correspondence_log_is_read_as_its_moves_with_their_dates_as_comments(
    text: str, locale: str, result: str
) -> None:
    (game,) = _read(text, locale)
    assert [ply.san for ply in game.plies] == RUY_LOPEZ[:10]
    assert game.error is None and game.warnings == []
    assert (game.headers["White"], game.result) == (
        ("Novák, Peter" if locale == "sk" else "Petrović, Marko"),
        result,
    )
    # The dates stay, each pair after its move; the codes written again beside the moves do not.
    first, second = game.plies[0].comment, game.plies[1].comment
    assert (first, second) == (
        ("— 5. 3. 2010", "10. 3. 2010 14. 3. 2010")
        if locale == "sk"
        else ("— 3. 4. 2021.", "7. 4. 2021. 9. 4. 2021.")
    )


def test_correspondence_messages_are_read_as_the_moves_their_senders_sent() -> None:
    (game,) = _read(_MESSAGES_CS, "cs")
    # Each message sends one move: not the opponent's move it confirms (`1.5254`, `1...e7-e5`), not the
    # conditional moves it offers (`2...Jf6`, `3.Jxe5`).
    assert [ply.san for ply in game.plies] == RUY_LOPEZ[:6]
    assert game.error is None and game.result == "0-1"
    assert (game.headers["White"], game.headers["Black"]) == ("Novák, Petr", "Dvořák, Jan")
    # Nothing of the messages is lost: their dates, senders and offers are comments at their moves.
    comments = " ".join(" ".join(ply.comment.split()) for ply in game.plies)
    assert "15.4. – Novák,Petr: Potvrzuji 1...e7-e5. Můj tah:" in comments
    assert "Podmíněně: pokud 2...Jf6, pak 3.Jxe5." in comments


def test_correspondence_messages_and_log_read_alike_with_lenient() -> None:
    from partiar.notation.decode.lenient import read_lenient

    for text, locale in ((_LOG_SK, "sk"), (_MESSAGES_CS, "cs")):
        (read,) = read_lenient(decode_lines(io.BytesIO(text.encode("utf-8")), "test"), locale)
        assert [move.ply.san for move in read.decoded.moves] == [
            ply.san for ply in _read(text, locale)[0].plies
        ]


def test_moves_written_by_their_squares_or_as_iccf_codes_are_read_without_a_warning() -> None:
    for text in (
        "1. e2e4 e7e5 2. g1f3 b8c6 3. f1b5 a7a6 4. b5a4 g8f6 5. e1g1 f8e7 *",
        "1. e2-e4 e7-e5 2. g1-f3 b8-c6 3. f1-b5 a7-a6 4. b5-a4 g8-f6 5. e1-g1 f8-e7 *",
        "1. 5254 5755 2. 7163 2836 3. 6125 1716 4. 2514 7866 5. 5171 6857 *",
        "1.5254 5755 2.7163 2836 3.6125 1716 4.2514 7866 5.5171 6857 *",
    ):
        (game,) = _read(text, "sk")
        assert [ply.san for ply in game.plies] == RUY_LOPEZ[:10], text
        assert game.warnings == [] and game.error is None, text
    # A code's fifth digit is the piece a pawn promotes to.
    (game,) = parse_games('[FEN "7k/4P3/8/8/8/8/8/K7 w - - 0 1"]\n\n' + coded_moves("1. 57584 *"), "sk")
    assert [ply.san for ply in game.plies] == ["e8=N"]
    assert coordinates("57581") == "e7e8♕" and coordinates("2836") == "b8c6"
    # A king's move by its squares that is no castling, where castling is not legal, says why.
    (game,) = _read("1. e4 e5 2. e1g1 *", "sk")
    assert game.error is not None and "castling is not legal here" in str(game.error)


@pytest.mark.parametrize(
    "line",
    [
        # Dates among a book's moves and notes, a column of note numbers: no log.
        "5. 0- 0 c7—c6 (1. 6. d2—d4 0— 0 7. Rbl—c3 d7—d5 (2. 8. b2—b3 (3. Dd8—e8 9. Bcl—b2 Rb8—d7",
        "1. 2. 3. 4.",
        "12. Jf3 Jc6 13. Sb5 a6 14. Sa4 Jf6",
        "1. kolo, 3. 4. 2021, Bratislava",
    ],
)
def test_lines_with_dates_that_are_no_log_row_stay_as_they_are(line: str) -> None:
    assert log_row(line) == line


@pytest.mark.parametrize(
    "line",
    ["Budapest, 3. 4. 1854", "Kasparov 2812 - Karpov 2725", "12. 2812 Karpov", "Jf3 (7166)", "(1843) 1. e4"],
)
def test_four_digits_that_are_no_move_stay_as_they_are(line: str) -> None:
    assert coded_moves(line) == line


def test_one_dated_line_with_a_colon_is_no_exchange_of_messages() -> None:
    lines = ["12.3. – 5. kolo:\n", "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6\n", "\n", "1-0\n"]
    assert list(read_messages(lines)) == lines
