"""Any input either converts or fails with partiar's own error: never another exception, never a hang."""

from __future__ import annotations

import chess
from hypothesis import given, settings
from hypothesis import strategies as st
from partiar.notation import LOCALES, NotationError, parse_games, parse_move
from partiar.notation.decode.lenient import read_lenient

NOTATION_ALPHABET = (
    "abcdefgh12345678KQRBNDVSJTLCPOo0x×:-–—+#=/()[]{}!?$.… \n\t\"'КрФЛСТДЦОпхабцдефг♔♕♖♗♘♚♛♜♝♞½*;%eXZ"
)
texts = st.one_of(
    st.text(alphabet=NOTATION_ALPHABET, max_size=300),
    st.text(max_size=200),
    st.lists(
        st.sampled_from(
            [
                "1.",
                "2.",
                "1...",
                "e4",
                "e5",
                "Jf3",
                "Sf3",
                "0-0",
                "O-O-O",
                "exd5",
                "e.p.",
                "(=)",
                "1-0",
                "½-½",
                "{x}",
                "(",
                ")",
                '[Event "x"]',
                "\n\n",
                "d8D",
                "+",
                "#",
                "alebo:",
            ]
        ),
        max_size=40,
    ).map(" ".join),
)


@settings(max_examples=400, deadline=1000)
@given(texts, st.sampled_from([loc.code for loc in LOCALES]))
def test_any_text_reads_or_fails_with_our_error(text: str, locale: str) -> None:
    for game in parse_games(text, locale):
        assert game.error is None or isinstance(game.error, NotationError)
        board = game.board()
        for ply in game.plies:
            assert board.is_legal(ply.move)
            board.push(ply.move)


# Characters that pass for digits to `str.isdigit` but are none to `int` (superscripts, circled numbers), and
# other scripts' decimal digits, beside a game's tokens and the footnote lines a bulletin prints under it.
DIGIT_LOOKALIKES = "¹²³⁴⁵⁶⁷⁸⁹⁰①②٣۵१"
game_lines = st.lists(
    st.one_of(
        st.sampled_from(["1.", "2", "3.", "e4", "e5", "Jf3", "Jc6", "Sb5", "1-0", "Partia", "(", ")", "..."]),
        st.text(alphabet=DIGIT_LOOKALIKES + "abcdefgh12345678JSDVK.-x", min_size=1, max_size=5),
    ),
    max_size=12,
).map(" ".join)
footnotes = st.tuples(
    st.text(alphabet=DIGIT_LOOKALIKES, min_size=1, max_size=2),
    st.sampled_from(["Partia bola hraná.", "Časová tieseň.", "e4", "2.", ""]),
).map(" ".join)
noisy_texts = st.tuples(game_lines, st.sampled_from(["1-0", "½-½", ""]), footnotes, game_lines).map(
    lambda parts: f"{parts[0]} {parts[1]}\n{parts[2]}\n{parts[3]}"
)


@settings(max_examples=100, deadline=None)
@given(noisy_texts, st.sampled_from(["sk", "cs", "sr"]))
def test_any_noisy_text_reads_leniently_or_fails_with_our_error(text: str, locale: str) -> None:
    for read in read_lenient(text.splitlines(), locale):
        game = read.game
        assert game.error is None or isinstance(game.error, NotationError)
        board = game.board()
        for ply in game.plies:
            assert board.is_legal(ply.move)
            board.push(ply.move)


@settings(max_examples=300, deadline=1000)
@given(st.text(alphabet=NOTATION_ALPHABET, max_size=30), st.sampled_from([loc.code for loc in LOCALES]))
def test_any_single_move_resolves_or_fails_with_our_error(text: str, locale: str) -> None:
    board = chess.Board("r3k2r/pPp2ppp/8/3pP3/8/8/PpP2PPP/R3K2R w KQkq d6 0 1")
    try:
        move = parse_move(board, text, locale)
    except NotationError:
        return
    assert board.is_legal(move)


def test_long_runs_of_blanks_before_a_bad_character_are_passed_at_once() -> None:
    import time

    text = "1. e4" + " \t," * 5000 + "@"
    start = time.perf_counter()
    (game,) = parse_games(text, "sk")
    assert game.error is None and game.warnings == ["line 1, column 15006: '@' skipped"]
    assert time.perf_counter() - start < 1.0
