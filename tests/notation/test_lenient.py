"""`partiar convert --lenient`: noisy notation through the decoder, with per-move confidence fields."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import chess.pgn
import pytest
from conftest import BORISOV_POPOV, EXAMPLES, RUY_LOPEZ, shared, written_with
from partiar.notation import get_locale, parse_games
from partiar.notation.decode.glyphs import glyph_runs
from partiar.notation.decode.lenient import LenientGame, read_lenient, tokens
from partiar.notation.errors import ExitStatus
from partiar.notation.text.encoding import decode_lines, open_lines
from partiar.notation.text.reader import moves_numbered_from

from partiar.cli.main import main

# NOISY means the Spanish game's first sixteen moves (RUY_LOPEZ).
NOISY = "1.e4 e5 2.Jf3 Jc6 3Sb5 a6 4. Sa4 Jf6 5.0-O S%7 6.Vel b5 7.Sb3 d6 (=) 8. c3 0-0 1/2-1/2\n"


def test_tokens_split_numbers_marks_draw_offers_and_prose() -> None:
    moves, offers, result = tokens("Vzorový zápis: 1.e4 e5 2.Jf3 (=) Jc6 3Sb5 + a6 4. exd6 e.p. ...atd. 1-0")
    assert moves == ["e4", "e5", "Jf3", "Jc6", "Sb5+", "a6", "exd6 e.p."]
    assert offers == {2} and result == "1-0"


def test_move_numbers_keep_tokens_on_their_plies_when_moves_are_missing() -> None:
    moves, _, _ = tokens("1.e4 e5 2.Jf3 3.Sb5 a6 4. 5.0-0 Je7 6...b5")
    assert moves == ["e4", "e5", "Jf3", None, "Sb5", "a6", None, None, "0-0", "Je7", "b5"]
    # A number that does not follow the previous one (misread, or a fragment) adds nothing.
    moves, _, _ = tokens("12.e4 e5 19.Jf3 20.Sb5 a6")
    assert moves == ["e4", "e5", "Jf3", None, "Sb5", "a6"]
    moves, _, _ = tokens("12.e4 e5 14.Jf3 Jc6")
    assert moves == ["e4", "e5", "Jf3", "Jc6"]


def test_a_lost_move_is_supplied_flagged_and_the_numbering_keeps_the_rest_on_its_plies() -> None:
    (game,) = read_lenient(["1.e4 e5 2.Jf3 3.Sb5 a6 4.Sa4 Jf6 5.0-0 Se7 6.Ve1 b5 7.Sb3 d6 8.c3 Ja5 *"], "sk")
    sans = [ply.san for ply in game.game.plies]
    assert sans[:3] == ["e4", "e5", "Nf3"] and sans[4:7] == ["Bb5", "a6", "Ba4"]
    assert len(sans) == 16 and sans[8] == "O-O"
    # The lost move is not written anywhere: it is supplied and flagged, never passed off as a reading. (Which
    # knight move it was, only 8... Ja5 tells; what the text cannot settle is flagged too.)
    assert game.game.plies[3].written.text == "" and game.decoded.moves[3].flagged
    assert all(
        move.flagged for move, san in zip(game.decoded.moves, sans, strict=True) if san in ("Nf5", "a5")
    )


def test_noisy_game_decodes_to_the_meant_moves() -> None:
    (game,) = read_lenient(NOISY.splitlines(), "sk")
    assert game.decoded.error is None
    sans = [ply.san for ply in game.game.plies]
    assert sans == RUY_LOPEZ
    assert game.game.result == "1/2-1/2"
    assert [ply.halfmove for ply in game.game.plies if ply.draw_offer] == [14]


def test_a_strict_reading_that_stops_before_a_note_is_kept_over_a_decoding_that_changes_its_moves() -> None:
    # A homepage's game (tests/data/real58/ru-001): the game stops at "29.Лd6 …", and a note cites another 29th
    # move's line to mate ("29.Сd7+ …, например 29. … Кd7 30.Фd7+ … 39.Фb3#"). Before, decoding read on through
    # the note as the game's moves, taking 28...Кc5, read as written, for Qc6: 15 wrong moves, most not flagged.
    text = (
        "Уокер и Медли – Перигаль и Карнап, Англия 1847.\n\n"
        "1.e4 e5 2.f4 ef 3.Сc4 Фh4+ 4.Kрf1 g5 5.Кc3 Сg7 6.d4 d6 7.Кf3 Фh5 8.h4 h6 9.e5 de 10.Кd5 Kрd8 11.de Сd7 "
        "12.Kрg1 Фg6 13.hg hg 14.Лh8 Сh8\n\n15.Кg5! Фg5 16.Сf4 Фg6 17.e6! fe 18.Кc7 e5 19.Кe6+ Kрe8 20.Фd6! Сe6 "
        "21.Сe6 Кe7 22.Сe5 Сe5 23.Фe5 Фh6 24.Лd1 Кa6 25.Сd7+ Kрd8 26.Сa4+ Kрc8 27.Фe7 Фb6+ 28.Kрf1 Кc5 29.Лd6 …\n\n"
        "29.Сd7+ форсировало мат не позднее 11-го хода, например 29. … Кd7 30.Фd7+ Kрb8 31.Фe8+ Kрc7 32.Лd7+ Kрc6 "
        "33.Лd8+! Kрc5 34.Фe5+ Kрb4 35.Фc3+ Kрa4 36.Фa3+ Kрb5 37.Лd5+ Kрc4 38.Фd3+ Kрb4 39.Фb3#. Теперь черные "
        "могли откупиться ферзём (29.Фd6), но это было бы уже слишком.\n"
    )
    (game,) = read_lenient(text.splitlines(True), "ru")
    assert [ply.san for ply in game.game.plies][-3:] == ["Kf1", "Nc5", "Rd6"]
    assert game.decoded.error is None


def test_lenient_json_has_confidence_flag_and_alternatives(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "noisy.txt"
    source.write_text(NOISY, encoding="utf-8")
    status = main(["convert", str(source), "--from", "sk", "--lenient", "--to", "json"])
    data = json.loads(capsys.readouterr().out)
    move = data["games"][0]["moves"][9]
    assert move["text"] == "S%7" and move["san"] == "Be7"
    assert 0.0 <= move["confidence"] <= 1.0 and isinstance(move["flagged"], bool)
    assert all({"san", "confidence"} == set(alt) for alt in move["alternatives"])
    flagged = any(m["flagged"] for m in data["games"][0]["moves"])
    assert status == (ExitStatus.FLAGGED if flagged else ExitStatus.OK)


def test_lenient_pgn_marks_flagged_moves(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "noisy.txt"
    source.write_text("1. e4 e5 2. Vh8 Jc6 3. Sc4 Jf6\n", encoding="utf-8")
    status = main(["convert", str(source), "--from", "sk", "--lenient"])
    out = capsys.readouterr().out
    assert status == ExitStatus.FLAGGED
    assert "{?}" in out and "3. Bc4 Nf6" in out


def test_lenient_says_where_it_stops(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "noisy.txt"
    source.write_text("1. e4 e5 2. Jf3 Jc6 3. Xz9 W@9 %%7 &&X 4. Jc3\n", encoding="utf-8")
    target = tmp_path / "out.pgn"
    status = main(["convert", str(source), "--from", "sk", "--lenient", "-o", str(target)])
    captured = capsys.readouterr()
    assert status == ExitStatus.NOTATION
    assert (
        "stopped: move 3" in captured.err and "no legal move matches what is written: 'Xz9'" in captured.err
    )
    written = " ".join(target.read_text(encoding="utf-8").split())
    assert "2. Nf3 Nc6 3." in written and "{? stopped:" in written  # the reading of Xz9 is flagged


def test_games_on_one_line_are_all_kept() -> None:
    games = list(read_lenient(["1. e4 e5 1-0 1. d4 d5 0-1\n"], "en"))
    assert [(len(g.game.plies), g.game.result) for g in games] == [(2, "1-0"), (2, "0-1")]


def test_a_result_read_inside_a_game_that_goes_on_is_a_speck_not_its_end() -> None:
    # A speck read as `*` between White's 16th move and Black's: the numbering goes on, so does the game.
    text = "1. Jf3 Jf6 2. d4 d5 3. Sf4 c5 4. e3 Jc6 5. c3 Db6 6. Dc2 *\ne6 7. Jbd2 Se7 1-0\n1. e4 e5 *\n1. d4 d5 1/2-1/2\n"
    games = list(read_lenient(text.splitlines(keepends=True), "sk"))
    assert [(len(g.game.plies), g.game.result) for g in games] == [(14, "1-0"), (2, "*"), (2, "1/2-1/2")]
    assert games[0].game.plies[11].san == "e6" and not games[0].decoded.moves[11].flagged


def test_a_speck_read_as_a_result_after_numbers_spaced_from_their_dots_is_no_end() -> None:
    # Tesseract's "47 . Vf3-f1 Kb6—-b5  *" and then "48.": the numbers from 3 to 7 stand apart from their dots
    # and were not counted, so 8 seemed too far past 2 to go on with the game; it was cut in two.
    text = (
        "1. e2-e4 e7-e5 2. Jg1-f3 Jb8-c6 3 . Sf1-b5 a7-a6 4 . Sb5-a4 Jg8-f6 5 . 0-0 Sf8-e7 "
        "6 . Vf1-e1 b7-b5 7 . Sa4-b3 d7-d6  *\n8. c2-c3 0-0 9. h2-h3 Jc6-a5 *"
    )
    (game,) = read_lenient(text.splitlines(), "sk")
    assert [ply.san for ply in game.game.plies] == [*RUY_LOPEZ[:14], "c3", "O-O", "h3", "Na5"]


@pytest.mark.parametrize("specks", ["ee", "-, :", "‘ _"])
def test_specks_read_after_the_last_result_are_no_game(specks: str) -> None:
    text = f"1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sxc6 dxc6 0-1 {specks}\n"
    (read,) = read_lenient([text], "sk")
    assert len(read.game.plies) == 8 and read.game.result == "0-1" and read.game.error is None
    assert any("text after the result skipped: " in warning for warning in read.game.warnings)
    # So it is where the strict reader cannot read the game and the decoder reads it.
    (read,) = read_lenient([text.replace("Sxc6", "Sx%6")], "sk")
    assert len(read.game.plies) == 8 and read.game.error is None
    assert read.game.warnings[-1].startswith("text after the result skipped: ")
    # A move after it (it names a square) is another game's, as it was.
    assert len(list(read_lenient([text.replace(specks, "1. d4 d5")], "sk"))) == 2


@pytest.mark.parametrize(
    ("locale", "text", "result"),
    [
        ("cs", "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sx%6 dxc6\nČerný se vzdal.\n", "1-0"),
        ("sr", "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. Lx%6 dxc6\nCrni je predao.\n", "1-0"),
        ("cs", "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sx%6 dxc6\nRemíza.\n", "1/2-1/2"),
        ("cs", "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sx%6 dxc6\n", "*"),
    ],
)
def test_a_result_told_in_words_after_the_last_decoded_move_is_read(
    locale: str, text: str, result: str
) -> None:
    # The strict reader stops at "Sx%6"; the decoder read the moves, and the resignation or draw told after
    # them was lost: "*". Read as the strict reader reads it, with its warning.
    (read,) = read_lenient(text.splitlines(), locale)
    assert len(read.game.plies) == 8 and read.game.result == result
    told = text.splitlines()[-1]
    expected = [f"result {result} read from the words {told!r}"] if result != "*" else []
    assert read.game.warnings == expected


def test_the_last_line_printed_again_after_the_result_is_no_game() -> None:
    # A fax's page break printed the last line twice: read from the start, its moves numbered from 38 were
    # a second game of six flagged plies ("1. h3 d6 2. f3 g6 …").
    text = (
        "Zhang — Peng\n"
        'Turnaj "Pražské jaro", Brna 2025, 8 kolo\n'
        "\n"
        "1)d4 Jf6 2)o4 e6 3)Jc3 Sb4 4)e3 O-O 6)Sd3 b6 6)Je2 Sb7 1)O-O d5 8)cxd5! exd5 {Za úvahu\n"
        'stálo Ja6} 9)a3 Sd6 10)Jg3 Ve8 {Takzvaný "atrávený pěšec"} 11)b4 a6 12)Dc2 Jbd7 13)b5 a5\n'
        "14)f3 g6 15)Df2 De7 16)a4 Jf8 17)Jge2 Vad8 18)So2 Jc6 19)Dh4 Jh5 20)Dxe7 Sxc7 21)Jg3 Jxg3\n"
        "22)hxg3 t5 23)Kf2 Sb4 24)Jc2 Vd7 25)Sa3 Sxa3 26)Vxa3 Vee7 27)Vc3 Kg7 28)Jf4 Jg5 29)Jd3 Jt7\n"
        "30)f4 h5 81)Vd1 Vd8! 32)Vc1 Jd6 33)Je5?i Je8 34)Sd1? Vd6 35)St3 Vd8 36)Kg1Vd6 37)Kh2 Vd8\n"
        "38)Kh3? Vd6 39)Kh4 Kf6 ½-½\n"
        "38)Kh3? Vd6 39)Kh4 Kf6 ½-½"
    )
    (read,) = read_lenient(text.splitlines(), "cs")
    assert len(read.game.plies) == 78 and read.game.result == "1/2-1/2"
    assert read.game.warnings[-1] == "line 10: a copy of the line before it, skipped"
    # A game after the result whose first line was lost, under its heading, is still a game.
    later = text + "\nNovák - Svoboda\n\n4) dxe5 d5 5) Jbd2 Sc7 6) Jxe4 dxe4 1-0\n"
    assert [len(read.game.plies) for read in read_lenient(later.splitlines(), "cs")] == [78, 12]


# Morphy's opera game to its 16th move, as a bulletin's column prints it, a footnote's mark on the last move.
OPERA_TO_16 = (
    "1.e4 e5 2.Jf3 d6 3.d4 Sg4 4.dxe5 Sxf3 5.Dxf3 dxe5 6.Sc4 Jf6 7.Db3 De7 8.Jc3 c6\n"
    "9.Sg5 b5 10.Jxb5 cxb5 11.Sxb5+ Jbd7 12.0-0-0 Vd8 13.Vxd7 Vxd7 14.Vd1 De6\n"
    "15.Sxd7+ Jxd7 16.Db8+ Jxb8¹\n"
)


def test_the_end_of_a_game_begun_elsewhere_after_a_game_is_no_part_of_it() -> None:
    # A PDF's column read after the game beside it: its footnote, then the end of a game begun on an earlier page,
    # numbered from 5. Before, the decoder read on into it: a move made up from the footnote's words and the
    # fragment's, flagged, and its result taken for this game's.
    text = (
        "Morphy – Brunswick\n\n" + OPERA_TO_16 + "¹ Najlepší ťah v partii.\n"
        "(dokončenie) 5.Kb1 Kb8 6.Kc1 Kc8 7.Kb1 Kb8 ½-½\n"
    )
    (read,) = read_lenient(text.splitlines(), "sk")
    assert len(read.game.plies) == 32 and read.game.result == "*"
    assert read.game.warnings == [
        "line 7: the moves numbered from 5 on, the end of a game begun elsewhere (no position given for them), "
        "skipped: '5.Kb1 Kb8 6.Kc1 Kc8 7.Kb1 Kb8'"
    ]
    # A line cited in the notes, numbered from far below, is no other game: the numbers come back to the game's.
    cited = OPERA_TO_16.replace(
        "14.Vd1 De6\n", "14.Vd1 De6 Lepšie bolo podľa teórie\n3.Sb5 a6 4.Sa4 a potom\n"
    )
    (read,) = read_lenient(("Morphy – Brunswick\n\n" + cited).splitlines(), "sk")
    assert [move.ply.san for move in read.decoded.moves][28:] == ["Bxd7+", "Nxd7", "Qb8+", "Nxb8"]


def test_the_first_line_copied_twice_is_read_once_not_as_a_second_game() -> None:
    # The second copy starts with move 1 after higher numbers: before, the text was cut into two games there, the
    # first of 16 plies.
    line = "1.d4 d5 2.c4 e6 3.Sc3 Sf6 4.c:d5 S:d5 5.e4 S:c3 6.b:c3 c5 7.Sf3 c:d4 8.c:d4 Lb4\n"
    rest = "9.Ld2 L:d2 10.D:d2 O-O 11.Lc4 Sd7 12.O-O b6 13.De3 Lb7 14.Sd2 Tc8 15.Tac1 Sf6 16.f3\nDd7 1-0\n"
    (read,) = read_lenient(
        ["Zhong,Taoyu - Chen,Zhi\n", "\n", line, line, *rest.splitlines(keepends=True)], "sr"
    )
    assert len(read.game.plies) == 32 and read.game.result == "1-0"
    assert [move.ply.san for move in read.decoded.moves][14:17] == ["cxd4", "Bb4+", "Bd2"]


def test_games_printed_one_after_another_without_results_are_all_kept() -> None:
    games = list(read_lenient(open_lines(str(EXAMPLES / "sk-2018-sample.txt")), "sk"))
    assert [len(g.game.plies) for g in games] == [21, 21, 21]
    assert all(g.decoded.error is None and g.game.plies[-1].draw_offer for g in games)


def test_a_misread_move_number_one_does_not_start_a_game() -> None:
    # `4.` read as `1.`: a new game starts at a 1. only when 2. follows it.
    games = list(read_lenient(["1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 1. Sa4 Jf6 5. 0-0 Se7\n"], "sk"))
    assert [len(game.game.plies) for game in games] == [10]
    glued = list(read_lenient(["1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 1. d4 d5 2. c4 e6\n"], "sk"))
    assert [len(game.game.plies) for game in glued] == [6, 4]


def test_prose_the_decoder_cannot_cross_is_read_as_the_strict_reader_reads_it() -> None:
    # A bulletin's game: a heading, then a sentence between the moves; the strict reader keeps it as a comment.
    text = [
        "Biely: Brzózka – Čierny: Makarczyk",
        "1.e4 e5 2.Jf3 Jc6 3.Sb5 Toto je španielska hra, ktorú Steinitz hrával už v roku 1890 a",
        "ktorú dodnes hrajú aj majstri sveta. 3...a6 4.Sa4 Jf6 5.0-0 Se7 1-0",
    ]
    (game,) = read_lenient(text, "sk")
    assert [ply.san for ply in game.game.plies] == RUY_LOPEZ[:10]
    assert game.decoded.error is None and not game.decoded.flagged and game.game.result == "1-0"
    assert game.game.headers["White"] == "Brzózka" and game.game.plies[4].comment.startswith("Toto je")
    # Noise the strict reader cannot read through is still the decoder's: it reads the whole game.
    (noisy,) = read_lenient([NOISY], "sk")
    assert noisy.decoded.error is None and len(noisy.game.plies) == 16 and noisy.game.plies[9].san == "Be7"


def test_a_decoding_that_plays_the_strict_reading_move_for_move_and_goes_on_is_kept() -> None:
    # OCR put specks into a move ("7. К.c3"): the strict reader takes the rest for words and stops without an
    # error; the decoder reads the same twelve moves and six more before the words it cannot cross.
    text = "1. Кf3 Кf6 2. g3 g6 3. Сg2 Сg7 4. 0-0 0-0 5. d3 d6 6. e4 e5 7. К.c3  Кc6 8. h3 h6 9. Сe3 Сe6 но"
    (game,) = parse_games(text, "ru")
    assert game.error is None and len(game.plies) == 12
    (read,) = read_lenient([text], "ru")
    assert [move.ply.san for move in read.decoded.moves][12:] == ["Nc3", "Nc6", "h3", "h6", "Be3", "Be6"]


def test_a_paragraph_without_a_game_before_one_is_its_heading_not_a_game() -> None:
    # A web page: a title and an introduction, a blank line, then the moves. No empty game from the prose.
    text = [
        "Partia č. 12 / Biely: Brzózka – Čierny: Makarczyk, Lodž 1954\n",
        "Dnes si ukážeme partiu, ktorú hrali v roku 1954 dvaja majstri.\n",
        "\n",
        "1.e4 e5 2.Jf3 Jc6 3.Sb5 a6 4.Sa4 Jf6 5.0-0 Se7 1-0\n",
    ]
    (game,) = read_lenient(text, "sk")
    assert [ply.san for ply in game.game.plies] == RUY_LOPEZ[:10]
    assert game.game.headers["White"] == "Brzózka" and game.game.headers["Black"] == "Makarczyk"


def test_a_heading_the_decoder_reads_only_doubtful_moves_from_is_the_games_heading() -> None:
    # "M. Tal — T. Petrosian / (Moscow, 1973)" decodes to three moves, every one flagged: words, not a game.
    text = ["M. Tal — T. Petrosian\n", "(Moscow, 1973)\n", "\n", "1.e4 e5 2.Jf3 Jc6 3.Sb5 a6 1-0\n"]
    (game,) = read_lenient(text, "sk")
    assert [ply.san for ply in game.game.plies] == RUY_LOPEZ[:6]
    assert game.game.headers["White"] == "M. Tal" and game.game.headers["Site"] == "Moscow"


def test_a_players_heading_the_decoder_reads_many_unsure_moves_from_is_the_games_heading() -> None:
    # Its words read as ten moves, every one flagged: before, a game of its own before the real one (games in 1,
    # out 2) and the real one without its players.
    text = [
        "Beli: Sursock,S\n",
        "Crni: Akl,Jad Eli\n",
        "50th ch-LBN 2025, 4. kolo, 2025\n",
        "\n",
        "1. Sf3 d5 2. g3 Sf6 3. Lg2 Lf5 4.\n",
        "0-0 e6 5. d3 Le7 0-1\n",
    ]
    (game,) = read_lenient(text, "sr")
    assert [ply.san for ply in game.game.plies] == [
        "Nf3",
        "d5",
        "g3",
        "Nf6",
        "Bg2",
        "Bf5",
        "O-O",
        "e6",
        "d3",
        "Be7",
    ]
    assert game.game.headers["White"] == "Sursock, S" and game.game.headers["Round"] == "4"


def test_a_problems_pieces_before_a_game_are_words_not_a_game() -> None:
    # A newspaper's chess column: a problem, its pieces listed ("biely Kc5 Dg6 Vf1 Sh2 Jb5 …"), which decodes to
    # a few moves every one of them flagged and where the strict reader reads no move; then the game.
    path = Path(__file__).parent.parent / "data" / "real" / "sk-009-mencikova-becker.txt"
    (game,) = read_lenient(open_lines(str(path)), "sk")
    assert game.game.headers["White"] == "Menčíková" and len(game.game.plies) == 59


def test_an_evaluation_like_a_forfeits_mark_inside_moves_numbered_without_dots_does_not_end_the_game() -> (
    None
):
    text = ["1 e4 e5 2 Jf3 Jc6 3 Sb5 a6 -/+\n", "4 Sa4 Jf6 5 O-O Se7 1-0\n"]
    (game,) = read_lenient(text, "cs")
    assert [ply.san for ply in game.game.plies] == RUY_LOPEZ[:10] and game.game.result == "1-0"
    # Where the next game's move 1 follows, it is the game's forfeit result.
    first, second = read_lenient(["1 e4 e5 2 Jf3 Jc6 +/-\n", "\n", "1 d4 d5 2 c4 e6 0-1\n"], "cs")
    assert first.game.result == "1-0" and len(second.game.plies) == 4


def test_an_evaluation_like_a_forfeits_mark_after_a_garbled_number_does_not_end_the_game() -> None:
    # `1S` for 15 was read as move number 1, so 16 after the mark seemed no move of the game: the game ended
    # there with a forfeit result and the rest was skipped.
    text = [
        "1. e4 e5 2. f4 exf4 3. Sc4 Dh4+ 4. Kf1 b5 5. Sxb5 Jf6 6. Jf3 Dh6 7. d3 Jh5 8. Jh4 Dg5 9. Jf5 c6\n",
        "10. g4 Jf6 11. Vg1 cxb5 12. h4 Dg6 13. h5 Dg5 14. Df3 Jg8 1S Sxf4 Df6 -/+ 16. Jc3 Sc5\n",
        "17. Jd5 Dxb2 18. Sd6 Sxg1 19. e5 Dxa1+ 20. Ke2 Ja6 21. Jxg7+ Kd8 22. Df6+ Jxf6 23. Se7# 1-0\n",
    ]
    (game,) = read_lenient(text, "sk")
    assert len(game.game.plies) == 45 and game.game.plies[-1].san == "Be7#" and game.game.result == "1-0"
    assert not any("forfeit" in warning for warning in game.game.warnings)


@pytest.mark.parametrize("first", ["1ô e2-e4 e7-e5", "1)2e-e4 e7-e5", "1' e4 e5"])
def test_the_heading_before_a_move_1_garbled_past_reading_is_the_games(first: str) -> None:
    text = [
        "Beli: Spassky B.\n",
        "Crni: Petrosian, T.\n",
        "?, Moskva 1966\n",
        f"{first} 2. Sf3 Sc6 3. Lb5 a6 1-0\n",
    ]
    (game,) = read_lenient(text, "sr")
    assert [ply.san for ply in game.game.plies] == RUY_LOPEZ[:6]
    assert game.game.headers["White"] == "Spassky B" and game.game.headers["Black"] == "Petrosian, T"


def test_words_the_decoder_reads_a_move_or_two_from_are_no_game_and_not_read_with_the_next() -> None:
    # "Miniatura zilei (14)" reads as Nh3 (`h3` in it); that is a heading's words, not a game, and the game
    # after it is decoded without them, with the heading's tags.
    text = [
        "Miniatura zilei (14)\n",
        "\n",
        "Mat Paula Keresa\n",
        "(czarne: Edward Arłamowski, Szczawno Zdrój, 1950 r.)\n",
        "\n",
        "1.\n",
        "e4 c6\n",
        "2. d4 d5\n",
        "3. Sc3 dxe4\n",
        "4. Sxe4 Sf6\n",
        "5. He2 Sbd7\n",
        "6. Sd6#\n",
    ]
    (game,) = read_lenient(text, "pl")
    assert [ply.san for ply in game.game.plies] == [
        *("e4", "c6", "d4", "d5", "Nc3", "dxe4", "Nxe4", "Nf6", "Qe2", "Nbd7", "Nd6#")
    ]
    assert game.game.headers["Black"] == "Edward Arłamowski" and game.game.result == "1-0"


def test_words_after_the_last_game_that_hold_no_game_are_told_skipped() -> None:
    text = ["1. e4 e5 2. Nf3 Nc6\n", "\n", "1. Zzz is a bad opening, and 2. Qq worse.\n"]
    (game,) = read_lenient(text, "en")
    assert game.game.warnings[-1] == (
        "line 3: text after the last game skipped: '1. Zzz is a bad opening, and 2. Qq worse.'"
    )


def test_a_move_the_strict_reader_reads_for_a_misprint_is_flagged() -> None:
    # `23.V:c2 Df5` for Da5 (a bulletin's misprint): read as the one move a slip away, and flagged.
    text = (
        "1.d4 Jf6 2.c4 e6 3.Jc3 d5 4.Sg5 c6 5.e3 Jbd7 6.Jf3 Da5 7.c:d5 e:d5 8.Sd3 Je4 9.0-0 J:g5 10.J:g5 Dd8 "
        "11.f4 Jf6 12.Dc2 Sb4 13.Kh1 h6 14.Jf3 0-0 15.Je5 c5 16.a3 S:c3 17.D:c3 c4 18.Sc2 Sd7 19.a4 Vc8 "
        "20.b3 c:b3 21.D:b3 Sf5 22.Vfc1 S:c2 23.V:c2 Df5 24.Vc7 Vfe8 25.V:b7 Vc2 1-0"
    )
    (game,) = read_lenient([text], "sk")
    flagged = [move.ply.san for move in game.decoded.moves if move.flagged]
    assert game.game.plies[45].san == "Qa5" and flagged == ["Qa5"]


@pytest.mark.parametrize(
    ("written", "result"), [("l/2-l/2", "1/2-1/2"), ("%-%", "1/2-1/2"), ("1-O", "1-0"), ("O-l", "0-1")]
)
def test_a_garbled_result_after_moves_the_strict_reader_reads_is_the_games(written: str, result: str) -> None:
    (read,) = read_lenient([f"1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 {written}\n"], "sk")
    assert read.game.result == read.decoded.result == result
    assert [ply.san for ply in read.game.plies] == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]


def test_a_problem_column_the_strict_reader_reads_whole_gives_no_game_the_decoder_reads_into_its_words() -> (
    None
):
    # A newspaper's chess column: a problem, the solution of an earlier one ("1.e2–e4! hr. 2.Dd2 mat, …
    # 1...Jg2~"), then the game. The strict reader reads every game to its end; the decoder, stopping at "2~",
    # read fourteen flagged moves out of the solution's words: the strict reading of that stretch is kept, and
    # as the strict reader reads it, the solution's first move, cited in its sentence, heads the game.
    path = Path(__file__).resolve().parents[1] / "data" / "real8" / "sk-001-navratil-vintr.txt"
    strict = [[ply.san for ply in game.plies] for game in parse_games(path.read_text(encoding="utf-8"), "sk")]
    lenient = [[ply.san for ply in read.game.plies] for read in read_lenient(open_lines(str(path)), "sk")]
    assert lenient == strict and [len(sans) for sans in strict] == [50]


def test_an_issues_date_before_the_game_is_no_moves() -> None:
    # A magazine page: "1956. június / 6. szám" (the issue's date) first; it dates no game, and its words are
    # no moves (the decoder would stop at once on "/", a game of no moves).
    path = Path(__file__).resolve().parents[1] / "data" / "real8" / "hu-002-vajda-aljechin.txt"
    reads = list(read_lenient(open_lines(str(path)), "hu"))
    assert [read.decoded.error for read in reads] == [None]
    assert reads[0].game.plies[0].san == "e4"


def test_where_decoding_parts_from_the_moves_as_written_and_is_unsure_the_strict_reading_is_kept() -> None:
    # A magazine's OCR'd game: "2. e2—e4 c7—c5 Jó folytatás 2. . . d5 is. 3. Hg1—f3 …", stopping at a
    # misprint on move 5. Decoding read the note's words as moves from move 3 on ("Jó" as Ng5), nearly all
    # flagged: the strict reading, the moves as written up to the misprint, is the one kept.
    path = Path(__file__).resolve().parents[1] / "data" / "real" / "hu-003-tartakower-brody.txt"
    (read,) = read_lenient(open_lines(str(path)), "hu")
    assert [ply.san for ply in read.game.plies][:6] == ["c4", "e6", "e4", "c5", "Nf3", "Nc6"]


@pytest.mark.slow
def test_a_misread_move_the_strict_reading_stops_on_is_put_right_and_a_lost_lines_plies_are_supplied() -> (
    None
):
    # A fax of a Serbian column: `9 La4 c5` (e5 read as c5, legal) stops the strict reading two plies on, at
    # `Dxt8` (Qxf6, which c5 would not allow); decoding reads e5 and some twenty sure moves after it. The line
    # of moves 29... to 31. lost (`29 Kc3` then `Tde1Kf8 32 Kd3`): its three plies are supplied and said,
    # and every move after them is read for its own side; `0.1` (a colon's dot lost) is the result.
    text = (
        "1 e4 c5 2 Sf3 e6 3 d4\ncxd4 4 Sxd4 Sc6 5 Sc3?\nSf6 6 Lf4? d6 7 Lb5 Ld7\n{Odlučujuća greška} 8\n"
        "Sxc6! bxc6 9 La4 c5 10\nLg5 h6 11 Lxf6! Dxt8 12\nDd3 a5 13 O-O-O Le7 14\nThf1 O-O = 15 g3 Tab8 16\n"
        "f4 Tb4 17 Da6 exf4 18\ngxf4 Tfb8 19 e5 Df5 20\nexd6 Lf6!? 21 Lb3 Dc5 22\nTfe1 Lxc3 23 bxc3 Dxc3\n"
        "24Dd3 Da1+ 25 Kd2 Df6\n26 c3 Lf5 = 27 Dxf6 Td4+\n28 cxd4 Dxf5 29 Kc3\nTde1Kf8 32 Kd3 Td8 33\n"
        "T1e4 Db4 34 f5 a4 35 Lc4\nDb1| 36 Kc3 Dc1+ 37 Kd3\nDb1+ 38 Kc3Tb8 39 Te3\nDc1+ 40 Kd8 Dd1+ 41 Kc3\n"
        "De1+ 42 Kd3 Db1+ 43 Kc3\ng6 4A fxg6 {Crni je u\ncajtnotu} 44. Dc1t 45\nKd3 Tb4 46 Te8+ Kg7! 47\n"
        "Tg8+ Kxg8 48 gxf7+ Kh7\n49 f8=D Dxc4| 0.1"
    )
    (read,) = read_lenient(text.splitlines(keepends=True), "sr")
    sans = [ply.san for ply in read.game.plies]
    assert sans[16:22] == ["Ba4", "e5", "Bg5", "h6", "Bxf6", "Qxf6"]
    assert " ".join(sans[60:81]) == (
        "Rde1 Kf8 Kd3 Rd8 R1e4 Qb4 f5 a4 Bc4 Qb1+ Kc3 Qc1+ Kd3 Qb1+ Kc3 Rb8 Re3 Qc1+ Kd3 Qd1+ Kc3"
    )
    assert all(move.flagged for move in read.decoded.moves[57:60])
    assert read.game.warnings[0].startswith(
        "moves 29-30 are not in the text (a line lost?): 3 plies supplied"
    )
    assert len(sans) == 98 and read.game.error is None and read.game.result == "0-1"


def test_a_heading_the_patterns_do_not_read_before_noisy_moves_is_skipped_not_the_end() -> None:
    # "S. Sklokin : Pap" (no square, no castling, no move number on the line), then a typist's "+." for "1."
    # (Shift forgotten on a Slovak keyboard): the game, not "no game found".
    text = "S. Sklokin : Pap\n+. e4\n+... c5\n2. Jf3\n2... Jc6\n3. d4\n3... cxd4\n4. Jxd4\n4... g6\n"
    (read,) = read_lenient(text.splitlines(keepends=True), "sk")
    assert [ply.san for ply in read.game.plies] == ["e4", "c5", "Nf3", "Nc6", "d4", "cxd4", "Nxd4", "g6"]


def test_a_line_with_no_move_right_before_move_1_is_a_heading_whatever_it_holds() -> None:
    # "(Hvítt) (Svart)" spaced out and read by OCR as "( H v í 11) (S varit)": "11)" is no move number, and the
    # line's letters no moves (H is the rook), and the game after it is not lost with it.
    text = (
        "A. Christiansen, S. Heiestad,\nDanmörk. Noregur.\n( H v í 11) (S varit)\n"
        "1. í-4, d5 2. e3, Rc.6 3. Rf3, Rf6 4. b3, Bf5 5. Bb2, e6 6. Bb5, Rd7 7. B:c6, b:c6 8. 0-0, c5\n"
    )
    (read,) = read_lenient(text.splitlines(keepends=True), "is")
    sans = [ply.san for ply in read.game.plies]
    # `í-4` (1. f4) tells the rank only: a pawn's move to it, flagged.
    assert sans[0] in {"a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4"}
    assert sans[1:] == [
        "d5",
        "e3",
        "Nc6",
        "Nf3",
        "Nf6",
        "b3",
        "Bf5",
        "Bb2",
        "e6",
        "Bb5",
        "Nd7",
        "Bxc6",
        "bxc6",
        "O-O",
        "c5",
    ]
    assert read.decoded.moves[0].flagged and read.game.error is None


def test_a_first_line_whose_square_a_speck_parts_is_moves_not_a_heading() -> None:
    # "I. d.4" (1. d4, the number read as I and a speck between file and rank) on a line of its own: skipped
    # as a heading, it left White's first move missing and the game came out with 42 of 74 moves flagged.
    text = "I. d.4     \n Jf6 2. c4       e63. Jc3    Sb4\n4. f3      c5\n5. d5      0-0\n"
    (read,) = read_lenient(text.splitlines(keepends=True), "cs")
    assert [ply.san for ply in read.game.plies] == [
        "d4",
        "Nf6",
        "c4",
        "e6",
        "Nc3",
        "Bb4",
        "f3",
        "c5",
        "d5",
        "O-O",
    ]


def test_the_players_heading_before_a_garbled_move_1_is_the_games() -> None:
    # "1le4" for "1.e4": the line after the players' names still starts the game, and the names are its tags.
    text = "Psyk – Pasttor, B.\n\n1le4           c5\n2.Jf3         Jc6\n3.d4\tcxd4\n4.Jxd4         Jf6\n"
    (read,) = read_lenient(text.splitlines(keepends=True), "sk")
    assert (read.game.headers["White"], read.game.headers["Black"]) == ("Psyk", "Pasttor, B.")
    assert [ply.san for ply in read.game.plies] == ["e4", "c5", "Nf3", "Nc6", "d4", "cxd4", "Nxd4", "Nf6"]


def test_a_forfeits_result_alone_on_its_line_after_the_players_is_a_game_of_its_own() -> None:
    text = "Horváth – Tóth\n1:0\n\nVarga – Baláž\n1. d4 d5 2. c4 e6 0:1\n"
    games = [read.game for read in read_lenient(text.splitlines(keepends=True), "sk")]
    assert [(game.headers["White"], len(game.plies), game.result) for game in games] == [
        ("Horváth", 0, "1-0"),
        ("Varga", 4, "0-1"),
    ]


def test_a_heading_line_whose_1_is_no_move_1_is_all_heading() -> None:
    # "1. jolo" (1. kolo, the round, typed with a slip) before the game's own move 1 on the next line.
    text = (
        "Keres, P. – Petrosian, T.\nPiatgorsky Cup 1963, 1. jolo\n1. e4, c6 2. d4, d5 3. Jc3,\n"
        "dxe4 4. Jxe4, Sf5 5. Jg3, Sg6\n6. Scc4, e6 7. J1e2, Jf6\n"
    )
    (read,) = read_lenient(text.splitlines(), "sk")
    sans = [move.ply.san for move in read.decoded.moves]
    assert sans[:10] == ["e4", "c6", "d4", "d5", "Nc3", "dxe4", "Nxe4", "Bf5", "Ng3", "Bg6"]
    assert sans[10] == "Bc4" and len(sans) == 14 and read.game.headers["White"] == "Keres, P."


def test_a_heading_of_four_lines_with_its_eco_code_is_no_game() -> None:
    # A paragraph of four heading lines before move 1 is a chunk of its own; decoding read its ECO code and
    # words as "d4 e6 Bd2" (Bd2 unflagged), a game of its own before the real one, every later ply misplaced.
    text = (
        "Bílý: Gonzalcz de Miguel Yataco\nČerný: Licznerski\nMistrovství České republiky, Praha 2026\nB22\n\n"
        "1 . c2-e4 c7-c5 2 . c2-c3 d7-d5 3 . e4:d5 Dd8:d5 4 . d2-d4 Jg8-f6\n"
    )
    (read,) = read_lenient(text.splitlines(), "cs")
    assert " ".join(move.ply.san for move in read.decoded.moves) == "e4 c5 c3 d5 exd5 Qxd5 d4 Nf6"
    assert read.decoded.moves[0].flagged  # "c2-e4"
    assert read.game.headers["White"] == "Gonzalcz de Miguel Yataco" and read.game.headers["ECO"] == "B22"


def test_heading_lines_the_patterns_do_not_read_stay_with_the_heading() -> None:
    # "Petrosian,  T." (two spaces end a name) and "Moskva tt 1961" after the white player's label: the label is
    # still the heading, not the first words of the moves, and the decoder reads past the misprint `S$1:f$`.
    text = (
        "Biely: Tal, M.\nČierny: Petrosian,  T.\nMoskva tt 1961\n\n"
        "1) e2-e4 c7-c6 2) d2-d4 d7-d5 3) Jb1-c3 d5:e4 4) Jc3:e4 Sc8-f5 5) Je4-g3 Sf5-g6\n"
        "6) Jg1-f3 Jb8-d7 7) Sf1-c4 e7-e6 8) 0-0 Jg8-f6 9) Jf3-g5 h7-h6 10) Jg5-h3 Sf8-d6\n"
        "11) Jh3-f4 Sd6:f4 12) S$1:f$ Jf6-d5 13) Sf4-c1 Dd8-h4\n"
    )
    (read,) = read_lenient(text.splitlines(), "sk")
    assert read.game.headers["White"] == "Tal, M"
    sans = [move.ply.san for move in read.decoded.moves]
    assert sans[0] == "e4" and sans[20:] == ["Nf4", "Bxf4", "Bxf4", "Nd5", "Bc1", "Qh4"]


def test_a_game_whose_first_line_was_lost_has_its_first_plies_supplied_from_the_named_openings(
    tmp_path: Path,
) -> None:
    # The first line lost: decoding "4) dxe5 d5 …" from the start read moves into nothing it could be sure of
    # (d3 d5 Nd2 Bd7 …, all flagged), and no game was read. The named openings' positions after 6 plies, judged
    # by how many of the plies written next play there, give the Petrov's: supplied, flagged, and said.
    text = (
        "Kovač - Horák\n\n1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 1-0\n\n"
        "Novák - Svoboda\n\n4) dxe5 d5 5) Jbd2 Sc7 6) Jxe4 dxe4 1-0\n\n"
        "Dvořák - Černý\n\n1. d4 d5 2. c4 e6 0-1\n"
    )
    reads = list(read_lenient(text.splitlines(), "cs"))
    assert [len(read.game.plies) for read in reads] == [6, 12, 4]
    cut = reads[1]
    assert " ".join(ply.san for ply in cut.game.plies) == "e4 e5 Nf3 Nf6 d4 Nxe4 dxe5 d5 Nbd2 Be7 Nxe4 dxe4"
    assert cut.supplied == 6 and all(move.flagged for move in cut.decoded.moves[:6])
    assert cut.game.error is None and cut.game.headers["White"] == "Novák"
    assert cut.game.warnings == [
        "moves 1-3 are not in the text (a line lost?): 6 plies supplied from the named openings (C43 Petrov's "
        "Defense: Modern Attack, Center Variation) so that the moves written after them can be played, flagged "
        "for review: 1. e4 e5 2. Nf3 Nf6 3. d4 Nxe4"
    ]
    # The whole game (fifth noise model, a fax's profile): every move right, the written ones read on.
    source = tmp_path / "cut.txt"
    source.write_text(
        "Ma Qun – Abasov\n\n4) dxe5 d5 5) Jbd2 Sc7 6) Jxe4\ndxe4 7) Dxd8t Sxd8 8) Jd4 Jd7\n9) St4 g5 10) Sg3 "
        "h5 11) h3 h4\n12) Sh2 Jc5 18) O-OOc614)\nSc4 Sb6 15) Vbe1 a5 16) e6\nRemis.\n",
        encoding="utf-8",
    )
    (read,) = read_lenient(open_lines(str(source)), "cs")
    assert " ".join(ply.san for ply in read.game.plies[6:]) == (
        "dxe5 d5 Nbd2 Be7 Nxe4 dxe4 Qxd8+ Bxd8 Nd4 Nd7 Bf4 g5 Bg3 h5 h3 h4 Bh2 Nc5 O-O-O "
        "c6 Bc4 Bb6 Rhe1 a5 e6"
    )
    assert read.game.result == "1/2-1/2"  # "Remis." after the last move


def test_moves_numbered_from_beyond_the_named_openings_are_no_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Moves numbered from 30, no FEN: no opening reaches so far, decoding from the start is unsure of all it
    # reads, and the command says why no game is read.
    source = tmp_path / "ending.txt"
    source.write_text("30) Vh8+ Kg7 31) Vh7+ Kg8 32) Vh8+ Kg7 33) Vh7+ Kg8 Remis.\n", encoding="utf-8")
    assert list(read_lenient(open_lines(str(source)), "cs")) == []
    assert main(["convert", str(source), "--from", "cs", "--lenient"]) == ExitStatus.INPUT
    assert capsys.readouterr().err == (
        f"partiar: error: {source}: no game found (its moves are numbered from 30: the moves before are not in "
        "the text, and no FEN gives the position)\n"
    )


OCR = Path(__file__).resolve().parents[1] / "data" / "ocr"


def test_a_strict_reading_that_stops_short_of_the_moves_its_comment_numbers_does_not_replace_the_decoding() -> (
    None
):
    # Tesseract's English model on a Serbian Cyrillic score (bench/ocr_text.py): `1, d4 5` (d5's letter
    # lost) ends the strict reading after one move, the other 32 numbered moves in its comment, and decoding
    # unsure of most moves; the strict reading read a game's moves as prose, and the decoding is kept.
    lines = (OCR / "sr-cyrl-tesseract-eng-1.txt").read_text(encoding="utf-8").splitlines()
    (game,) = read_lenient(lines, "sr-Cyrl")
    sans = [move.ply.san for move in game.decoded.moves]
    assert len(sans) >= 60
    assert sans[:12] == ["d4", "d5", "c4", "e6", "Nc3", "Nf6", "cxd5", "Nxd5", "e4", "Nxc3", "bxc3", "c5"]


def test_moves_decoding_reads_on_after_a_clean_strict_reading_unsure_of_most_are_not_the_games() -> None:
    # A page cut inside a side line in square brackets that is never closed: the strict reader reads the game
    # to 7.Jf3 and the bracket as a comment; decoding read the side line's moves on as the game's, unsure of
    # them all (10 flagged plies more). The strict reading is kept.
    text = (
        "1.e4 c5 2.Jf3 d6 3.d4 Jf6 4.Jc3 c:d4 5.J:d4 a6 6.Se3 e5 7.Jf3 [7.Jb3 Se6 8.Dd2 Jbd7 9.f3 b5 10.a4 b4"
    )
    (game,) = read_lenient([text], "sk")
    assert [move.ply.san for move in game.decoded.moves][-2:] == ["e5", "Nf3"]
    assert not any(move.flagged for move in game.decoded.moves)


def test_decoding_reads_the_same_whatever_the_processs_string_hashing() -> None:
    # Tesseract's Slovak model on a typeset score: readings of a garbled token that cost the same were ranked in
    # the order of a set of characters, which each process's string hashing sets; with PYTHONHASHSEED=5 the
    # game decoded otherwise than with 0.
    script = (
        "import sys; from partiar.notation.decode.lenient import read_lenient; "
        "lines = open(sys.argv[1], encoding='utf-8').read().splitlines(); "
        "print([m.ply.san for g in read_lenient(lines, 'sk') for m in g.decoded.moves])"
    )
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", script, str(OCR / "sk-tesseract-slk-1.txt")],
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        )
        for seed in ("0", "5")
    ]
    outputs = [run.communicate(timeout=300)[0] for run in runs]
    assert outputs[0] == outputs[1] and outputs[0].count("'") > 100


def test_a_game_the_strict_reader_reads_no_move_of_is_kept_where_its_decoding_stops() -> None:
    # Tesseract's English model on Serbian Cyrillic print: the strict reader reads no move of it ("1.u4 e6"),
    # and decoding, unsure of most moves, stops at the last ("38.07"). A game with no move is no clean
    # reading of the text: the decoded game is kept, with the error that stopped it, not dropped.
    lines = (OCR / "sr-cyrl-tesseract-eng-3.txt").read_text(encoding="utf-8").splitlines()
    (game,) = read_lenient(lines, "sr-Cyrl")
    assert len(game.decoded.moves) >= 70
    assert [move.ply.san for move in game.decoded.moves][:3] == ["c4", "e6", "Nc3"]


def test_a_first_move_number_misread_is_move_one_where_the_next_numbers_are_two_and_three() -> None:
    # `* 4.d2-d4 Cg8-f6 2.c2-c4 …`: OCR's 4 for 1, not a game whose first line was lost.
    assert moves_numbered_from("* 4.d2-d4 Cg8-f6 2.c2-c4 e7-e6 3.Cb1-c3 Лf8-b4") == 1
    assert moves_numbered_from("4) dxe5 d5 5) Jbd2 Sc7 6) Jxe4 dxe4") == 4
    # Move 1 with its number read as a letter (`Le4c6°` for 1.e4 c6), its squares on the line before move 2;
    # a heading there holds none.
    assert moves_numbered_from("Le4c6° ee\n2. Jf3 d5 ee ce\n3. exd5 cxd5") == 1
    assert moves_numbered_from("Kasparov - Karpov, Olomouc 2025\n2. Jf3 d5 3. exd5 cxd5") == 2
    lines = (OCR / "sr-cyrl-tesseract-eng-2.txt").read_text(encoding="utf-8").splitlines()
    first, *_ = read_lenient(lines, "sr-Cyrl")
    sans = [move.ply.san for move in first.decoded.moves]
    assert sans[:53] == [
        "d4",
        "Nf6",
        "c4",
        "e6",
        "Nc3",
        "Bb4",
        "a3",
        "Bxc3+",
        "bxc3",
        "Nc6",
        "f3",
        "b6",
        "e4",
        "Ba6",
        "Bd3",
        "Na5",
        "Qe2",
        "c5",
        "Nh3",
        "d6",
        "e5",
        "dxe5",
        "dxe5",
        "Nd7",
        "f4",
        "Qe7",
        "O-O",
        "O-O-O",
        "Be3",
        "f5",
        "exf6",
        "Nxf6",
        "Rfe1",
        "Rd6",
        "f5",
        "Rhd8",
        "Nf2",
        "e5",
        "Bf4",
        "Nc6",
        "Bg5",
        "Qf7",
        "Rad1",
        "Re8",
        "Be4",
        "Rxd1",
        "Qxd1",
        "Na5",
        "Bd5",
        "Nxd5",
        "cxd5",
        "Qxf5",
        "Ne4",
    ]


def test_moves_after_a_move_one_past_reading_are_numbered_from_one() -> None:
    # OCR lost the letter of move 1 (`1.4 d5` for 1.d4 d5, `Sgl-f3` for Sg1-f3): its number still counts.
    assert moves_numbered_from("1.4 d5 2.c4 e6 3.Jc3 Se7") == 1
    assert moves_numbered_from("(1. Sgl-f3 d7-d6 2. d2-d4 g7-g6 3. e2-e4") == 1
    assert moves_numbered_from("Partia 4) dxe5 d5 5) Jbd2 Sc7") == 4
    # Move 1's number with its digit doubled (`11.6465` for `1. e4 e5`, Tesseract's Slovak model on the
    # Slovak Laws' sample game): the game is read, not dropped as one whose first line was lost.
    assert moves_numbered_from("11.6465 2. Jr93 Jie 2. d4 ed4 4. e5") == 1
    assert moves_numbered_from("Partia 33. 5) Jbd2 Sc7 6) Jxe4 dxe4") == 5
    laws = "11.6465 2. Jr93 Jie 2. d4 ed4 4. e5 Je45.\nDd4 d5 6. ed6 Jd6 7. Sg5 Jc6 8. Des Se7 9. ©\n"
    (game,) = read_lenient((laws + "+ Jbd2 0-0 10. ©-0-0 ves 11. Kb1 (=)\n").splitlines(True), "sk")
    assert len(game.decoded.moves) == 21
    assert [move.ply.san for move in game.decoded.moves][10:14] == ["exd6", "Nxd6", "Bg5", "Nc6"]
    # Tesseract's English model on a Slovak score (bench/ocr_text.py): read as a game, no longer "numbered
    # from 2, the moves before them are not in the text".
    (game,) = _read_ocr("sk-tesseract-eng-1.txt", "sk")
    sans = [move.ply.san for move in game.decoded.moves]
    assert sans[:12] == ["d4", "d5", "c4", "e6", "Nc3", "Be7", "cxd5", "exd5", "Bf4", "Nf6", "e3", "Bf5"]
    assert game.decoded.moves[0].flagged


def test_a_note_in_round_brackets_over_several_lines_is_a_comment_not_moves() -> None:
    # An OCR'd newspaper column (tests/data/real37/is-001): notes in brackets set over the column's narrow lines,
    # one holding the line "9. axb, Bxc3; 10. Bxc3, cxb; …" that the game did not play. Its moves are no game's.
    text = (
        "1. d4, d5; 2. Rf3, c6; 3. c4, e6;\n(Betra e,- 3...... Rf6.) 4. Rc3\ndxc; 5. e3, b5; 6. a4, Bb4; 7. Re5,\n"
        "(Bd2 var nauðsynlegt.) 7........\nRf6; 8. Bd2, 0—4); (Betra var\nDb6; og svart heldur peðinu með\n"
        "góðri stöðu.) 9. Be2, (Nú gat hvítt\nnáð peðinu aftur með því að leika\n9. axb, Bxc3; 10. Bxc3, cxb; 11.\n"
        "b3, De7; 12. bxc, b4; 13. Bb2, a5;\nog svart á tvö frípeð drotningar-\nmegin, en hvítt hinsvegar mjög\n"
        "sterkt miðborð og mikla sóknar-\nmöguleika.) 9.....Bb7; 10. 0—0,\nRbd7!; 11. f4, a6; 12. Bf3,\nDb6; *\n"
    )
    # (Castling printed past reading, "0—4);", sends the text to the decoder; that move is flagged.)
    (game,) = read_lenient(text.splitlines(True), "is")
    moves = game.decoded.moves
    assert [move.ply.san for move in moves][16:] == ["Be2", "Bb7", "O-O", "Nbd7", "f4", "a6", "Bf3", "Qb6"]
    assert moves[15].flagged and not any(move.flagged for move in moves[16:])


def test_a_line_that_the_move_numbers_say_stands_in_step_is_kept_until_they_decide() -> None:
    # Tesseract's English model on a Czech score (bench/ocr_text.py): "2. c3 d5" read as "25-63 05". The beam kept
    # only lines two plies off the numbers written after it (1.e4 d5 2.exd5, a Scandinavian), every later move
    # read for the wrong side; a line in step with the numbers is kept beside them, and the numbers decide.
    text = (
        "1.e4c5\n\n25-63 05\n\n3. exd5 Dxd5\n4 . Jf3 Jc6\n\n5. Ja3 Sg4\n\n6. Se2 Jf6\n\n7. Jo2 Dd7\n\n8 .d4e6\n\n"
        "9 . dxcd Dxd1+\nLOM SxdiSxe5\n11. Se3 Sxe3\n12), Jxe3 Shs\n13 . Jd2 Sxd1\n14 . Vxd1 0-0-0\n15. Ke2 Jd5\n"
        "16. Jxd5 Vxd5\n17 . Jc4 Vhd8\n18 . Je3 Vxd1\n19 . Vxd1 Vxd1\n20 . Kxd1 Kd7\n21. Ke2 Kd6\n22 . £4 Je7\n\n"
        "23), Kd3 Jd5\n24. Jc4+ Ked\n25-93 16\n\n26 .Jd2 h5\n\n27 . Jf3 a6\n\n28 .Jd4 Kd6\n29 .f5 e5\n\n"
        "30 . Je6 g5\n\n31 .h4 g4\n\n32 . Ke4 Jb6\n33 .Jg7 Ke7\n34 . Jxh5 Kf7\n35'003)1c8\n\n36 . Kd5 Je7+\n"
        "37 . Ke4 Jc8\n38 .Kd5\n\nYY"
    )
    (game,) = read_lenient(text.splitlines(True), "cs")
    sans = [move.ply.san for move in game.decoded.moves]
    assert len(sans) == 75 and sans[-5:] == ["Kd5", "Ne7+", "Ke4", "Nc8", "Kd5"]
    assert sans[35:41] == ["Rxd1", "Rxd1", "Rxd1", "Kxd1", "Kd7", "Ke2"]


def test_a_game_whose_files_are_cyrillic_letters_is_numbered_from_its_first_number() -> None:
    # Tesseract's Serbian model on a score whose files are Cyrillic letters (bench/ocr_text.py, sr-Cyrl): move 1
    # and 2 ran together (`1.04762.` for `1. д4 г6 2.`), and no numbered move has a Latin square before move 35.
    # The game was dropped as "numbered from 35"; it is decoded from move 1, its unsure moves flagged.
    assert moves_numbered_from("5. е4 е5 6. Сф3 Сц6 7. Лб5") == 5
    assert moves_numbered_from("1.04762. ЛФА Лг7 3. ез 064. Сф3 Сфб6 5. x3 0-06. ца") == 1
    text = (
        "1.04762. ЛФА Лг7 3. ез 064. Сф3 Сфб6 5. x3 0-06. ца\nСбд7 7. Сц3 a6 8. Ле2 Ц69.. а4 а5 10. 0-0 Сх5\n"
        "11. Лхг Тед\n12 . Qu2 C68 13 . Тад Саб 14 . Тфе1 Лд7 15. Ди1 Дц8 16.\nCa2 Сфб 17 . Сде4 С:е4 18. C:e4 Лф5\n"
        "19. Сц3 е5 20. д5\nСц5 21. Лг4 Л:г4 22. хг4 Д:г4 23 . д:цб 6:6 24 . Т:дб C63\n"
        "25. Qu2 Д:ц4 26. Дед Д:ед 27 . С:е4 u5 28 . Тдз Ta68 29.\nТед1 x6 30 . Сдб Тедв 31. C65 Т:дз 32 . Т:д3 Ц4 33. Tu3\n"
        "Тд8 34. г4 Сд2 35 . Ca3 е4 36 . Tu2 Сфз+ 37 . Кг2 Се1+ 38.\nKx3 C:u2 39. С:ц2 Л:62 40 . ЛЦ7 Тдг 0-1\n"
    )
    (game,) = read_lenient(text.splitlines(True), "sr-Cyrl")
    assert game.game.plies and game.decoded.moves[0].ply.san == "d4"


@pytest.mark.shared_data
def test_moves_read_sure_between_guesses_are_flagged() -> None:
    # The same Slovak score (game 902 of the shared TWIC games): a misread at move 7 sends the decoding down
    # another line, and the moves it read sure between its guesses there (`Ra2` for Rac1, `Rh8` for Rhf3,
    # `Rh6` for Rh2) stood on a board those guesses made, wrong and unflagged.
    with shared("pgn", "shakmaty", "twic1599_1000k.pgn").open(encoding="utf-8") as handle:
        for _ in range(902):
            chess.pgn.skip_game(handle)
        truth = chess.pgn.read_game(handle)
    assert truth is not None
    board = truth.board()
    sans = []
    for move in truth.mainline_moves():
        sans.append(board.san(move).rstrip("+#"))
        board.push(move)
    (game,) = _read_ocr("sk-tesseract-eng-1.txt", "sk")
    read = [(move.ply.san.rstrip("+#"), move.flagged) for move in game.decoded.moves]
    assert len(read) == len(sans) == 159
    assert [index for index, (san, flagged) in enumerate(read) if san != sans[index] and not flagged] == []


@cache
def _read_ocr(name: str, locale: str) -> tuple[LenientGame, ...]:
    """The games read from one of the OCR outputs of tests/data/ocr, read once for the tests that share it."""
    lines = (OCR / name).read_text(encoding="utf-8").splitlines()
    return tuple(read_lenient(lines, locale))


def test_a_move_number_whose_first_digit_ocr_lost_does_not_start_a_game() -> None:
    # "13." read as "1." at a line's start, after a line whose number OCR garbled ("12:"): that line names moves,
    # it is no line of words ending a game, so the game goes on. Before, a second game began there, its first
    # move illegal.
    text = (
        "1.Jg1–f3 Jg8–f6\n2.b2–b3 d7–d5\n3.Sc1–b2 Sc8–f5\n4.g2–g3 c7–c5\n5.d2–d4 e7–e6\n6.Sf1–g2 Jb8–c6\n"
        "7.0-0 c5xd4\n8.Jf3xd4 Jc6xd4\n9.Sb2xd4 Sf8–d6\n10.c2–c4 0-0\n11.c4xd5 e6xd5\n12:Jb1–c3 Sd6–e7\n"
        "1.Sd4–e5 Sf5–e6\n14.Dd1–d3 Jf6–d7\n15.Se5–d4 Dd8–a5 *"
    )
    (game,) = read_lenient(text.splitlines(), "sk")
    sans = [ply.san for ply in game.game.plies]
    assert len(sans) == 30 and sans[24:] == ["Be5", "Be6", "Qd3", "Nd7", "Bd4", "Qa5"]


def test_words_before_a_game_whose_number_looks_like_a_move_number_are_no_game_of_their_own() -> None:
    # A magazine page's prose ends with the game's number, "2. FRANCIA VÉDELEM", before the game's `1. e4`:
    # the move number 1 after 2 starts a game, and the words before it decoded as a game of no move that
    # stopped at 's' (a junk game before the real one).
    text = (
        "s ■JTicufyor SAKK ÉLET jó bástyavégjátékban győzött Szabó ellen. Gereben a Flórián elleni "
        "játszmájában tanulságos példát nyújtott. 2. FRANCIA VÉDELEM Gereben E. Flórián T. "
        "1. e4, e6 2. d4, d1, 3. Hd2, c5 4. ed:, ed: 5. Fb5t, Fd7 6. Ve2t, Ve7 7. Fd7:t, Hd7: 8. Hgf3, Hgf6 "
        "9. 0-0, 0—0 10. Bel, Vd6 1-0\n"
    )
    (read,) = read_lenient(text.splitlines(keepends=True), "hu")
    assert [ply.san for ply in read.game.plies[:4]] == ["e4", "e6", "d4", "d5"]
    assert read.game.error is None and read.game.result == "1-0"
    assert read.game.warnings[0].startswith("line 1: words before the game skipped: 's ■JTicufyor SAKK")


def test_a_game_cited_in_a_note_in_brackets_is_no_game_of_its_own() -> None:
    # A bulletin's note cites the position's other move order from move 1 ("4.Jc3 (… ťahmi 1.e4 e5 2.Jc3 Jf6
    # …)"): the 1 after 4 inside the note, with a 2 after it, starts no second game.
    text = (
        "1.e4 e5 2.Jf3 Jf6 3.Sc4 J:e4 4.Jc3 (Toto postavenie môže vzniknúť z niekoľkých otvorení. Okrem ruskej "
        "hry možno sa k nemu dostať aj zo strelcovej alebo viedenskej hry ťahmi 1.e4 e5 2.Jc3 Jf6 3.Sc4 J:e4 "
        "4.Jf3. Teraz by zasa čierny mohol prejsť do hry 2 jazdcov v obrane ťahom 4...Jc6) 4...J:c3 5.d:c3 f6 "
        "6.Jh4 g6 7.f4 f5 8.Jf3 c6 1-0\n"
    )
    (read,) = read_lenient(text.splitlines(keepends=True), "sk")
    assert [ply.san for ply in read.game.plies][5:9] == ["Nxe4", "Nc3", "Nxc3", "dxc3"]
    assert len(read.game.plies) == 16 and read.game.result == "1-0"
    # The same numbers outside any note are a second game.
    games = list(read_lenient(["1.e4 e5 2.Jf3 Jf6 3.Sc4 J:e4 4.Jc3 1.e4 e5 2.Jc3 Jf6 3.Sc4\n"], "sk"))
    assert [len(game.game.plies) for game in games] == [7, 5]


def test_a_strict_reading_in_doubt_from_a_slip_on_gives_way_to_a_sure_decoding_of_the_same_moves() -> None:
    # A narrow column of long-form moves (a line broken after a move's dash, a line printed twice, "De8d7"
    # with its dash lost): the strict reader reads it through, but reads "Dc7-e6" (for Qc6) as a slip and
    # doubts every move after it, 48 flagged, one of them read otherwise (Qe5 for "Dg5×e5", Qxc5). Decoding
    # reads the same moves before that one, and is sure of nearly all from there: its reading, its flags.
    text = (
        "Partie č. 97\nVokhidov – Nepomniachtchi\nMistrovství Evropy družstev, Olomouc 2025\n\n"
        "1. e2-e4 c7-c5 2. Jg1-f3 e7-e6\n3. d2-d4 c5×d4 4. Jf3×d4 Jg8-\nf6 5. Jb1-c3 Jb8-c6 6. Jd4×c6\n"
        "b7×c6 7. e4-e5 Jf6-d5 8. Jc3-\ne4 Dd8-c7 9. f2-f4 Va8-b8 10.\nSf1-d3 c6-c5 11. c2-c4Jd5-b4\n"
        "12. 0-0 Jb4×d3 13. Dd1×d3\n12. 0-0 Jb4×d3 13. Dd1×d3\n(Bílý stojí lépe) 13. ... Sc8-\n"
        "b7 14. Vf1-f2 Dc7-e6 15. Vf2-\ne2 d7-d5 16. e5×d6 Vb8-d8 17.\nSc1-d2 Sf8×d6 18. Dd3-g3 0-0\n"
        "19. Sd2-c3 e6-e5 20. f4×e5\nSd6-e7 21. Je4-d6 g7-g6 22.\nJd6-f5 Dc6-e6 23. Jf5×e7\n"
        "De6×e7 24. e5-e6 f7-f6 25.\nVa1-f1 Sb7-c8 26. Dg3-h4\nSc8×e6 27. Sc3×f6 (Černý ztr-\n"
        "ácí pěšce) 27. ... De7-f7 28.\nVe2-f2 Vd8-d7 29. b2-b3 Df7-e8\n30. Dh4-g5 Vd7-f7 31. Dg5×e5\n"
        "De8d7 32. Dc5-g5 Dd7-d3 33.\nh2-h3 Se6-c8 34. h3-h4 Sc8-b7\n35. h4-h5 a7-a5 36. Vf2-f5\n"
        "Vf7-g7 37. Dg5-h6 Vf8-f7 38.\nVf5-f2 1-0"
    )
    (read,) = read_lenient(text.splitlines(), "cs")
    moves = read.decoded.moves
    assert len(moves) == 75 and moves[60].ply.san == "Qxc5" and moves[27].ply.san == "Qc6"
    assert sum(move.flagged for move in moves) <= 8 and read.game.result == "1-0"


def test_a_font_figurine_read_as_another_piece_is_decoded_as_that_piece_too() -> None:
    # A PDF whose font sets the queen on ChessBase's rook `¦` (the other pieces in letters), with page furniture
    # that stops the strict reading at move 38: decoding reads on, and reads `¦` as the strict reader learned
    # it. Before, it read the rook where a rook could go too (`16. ¦g2` as Rg2), five moves wrong, unflagged.
    text = (
        "1. d4 d5 2. c4 e6 3. Jf3 Jf6 4.\nJc3 c6 5. Sg5 Jbd7 6. c×d5 e×d5\n7. e3!? ¦a5 8. Sd3 (Teoretická\n"
        "novinka.) 8. ... Je4 9. O-O\nJ×g5 10. J ×g5 Jf6 11. f4 Se7\n12. h3 O-O 13. g4 g6 14. Jf3\n"
        "Je8 15. ¦c2 Jd6 16. ¦g2 ¦d8 17.\nh4 Kh8 \n\n- 281 -\n\n282\n18. Kf2 h5 19. Je5 S×g4\n"
        "20. J×g4 h×g4 21. ¦×g4 ¦c8 22.\n¦g2 ¦e6 23. Vh1 Vae8 24. Vh3\nJf5 25. Vah1 Kg7 26. Jd1 J×h4\n"
        "27. V×h4 S×h4+ 28. V×h4 Vh8 29.\nV×h8 V×h8 30. Ke2 ¦h3 31. ¦×h3\nV×h3 32. Jf2 Obaja hráči boli v\n"
        "čas-\novej tiesni. 32. ... Vg3 33.\ne4 d×e4 34. S×e4 g5 35. f×g5\nV×g5 36. Jd3 Vh5 37. Ke3 f5 38.\n"
        "\nPartie z turnajov\nSf3 Vh2 39. a4 a5 40. b3 Kf6"
    )
    (read,) = read_lenient(text.splitlines(), "sk")
    sans = [move.ply.san for move in read.decoded.moves]
    assert sans[28:34] == ["Qc2", "Nd6", "Qg2", "Qd8", "h4", "Kh8"]
    assert len(sans) == 80 and sans[-2:] == ["b3", "Kf6"] and "Rg2" not in sans


def test_a_footnote_after_the_result_numbered_with_a_superscript_is_words() -> None:
    # A bulletin's footnote under the game (`⁵ Partia bola hraná …`): before, its superscript five passed for a
    # number and `int` failed on it, a traceback instead of the game.
    (read,) = read_lenient(["1.e4 e5 2.Jf3 Jc6 3.Sb5 1-0", "⁵ Partia bola hraná v záverečnom kole."], "sk")
    assert [ply.san for ply in read.game.plies] == RUY_LOPEZ[:5] and read.game.result == "1-0"


# Morphy's opera game, as a book set in a figurine font prints it once OCR has read it: the font's figurines
# come out as runs of other characters (those of many scanned books: `ltJ` the knight, `i.` the bishop, `l:t`
# the rook, `'iV` the queen).
OPERA_GAME = [
    "e4",
    "e5",
    "Nf3",
    "d6",
    "d4",
    "Bg4",
    "dxe5",
    "Bxf3",
    "Qxf3",
    "dxe5",
    "Bc4",
    "Nf6",
    "Qb3",
    "Qe7",
    "Nc3",
    "c6",
    "Bg5",
    "b5",
    "Nxb5",
    "cxb5",
    "Bxb5+",
    "Nbd7",
    "O-O-O",
    "Rd8",
    "Rxd7",
    "Rxd7",
    "Rd1",
    "Qe6",
    "Bxd7+",
    "Nxd7",
    "Qb8+",
    "Nxb8",
    "Rd8#",
]
OCR_RUNS = {"N": "ltJ", "B": "i.", "R": "l:t", "Q": "'iV", "K": "~"}


def _figurine_ocr_text(sans: list[str]) -> str:
    moves = [OCR_RUNS.get(san[0], san[0]) + san[1:] if san[0] in OCR_RUNS else san for san in sans]
    moves = [move.replace("O-O-O", "0-0-0") for move in moves]
    numbered = [f"{index // 2 + 1}.{move}" if index % 2 == 0 else move for index, move in enumerate(moves)]
    return "\n".join(" ".join(numbered[start : start + 8]) for start in range(0, len(numbered), 8)) + " 1-0"


def test_a_figurine_fonts_runs_of_characters_read_by_ocr_are_the_pieces_their_moves_make() -> None:
    # Before, `--lenient` read 13 of the 33 moves otherwise (`5.'iVxf3` as gxf3, `6.i.c4` as c4, …) and one more.
    (read,) = read_lenient(_figurine_ocr_text(OPERA_GAME).splitlines(), "sk")
    assert [move.ply.san for move in read.decoded.moves] == OPERA_GAME
    assert read.game.result == "1-0"
    (told,) = [warning for warning in read.game.warnings if "figurine font read by OCR" in warning]
    assert "'ltJ' as the knight" in told and "'i.' as the bishop" in told and "'l:t' as the rook" in told


def test_a_figurine_fonts_runs_before_the_long_forms_squares_are_learned_too() -> None:
    # `ltJg1-f3`, `i.f8xb4`: before, no run was found before a long form's origin and dash, and the moves of
    # the pieces were not read.
    board, moves = chess.Board(), []
    for san in OPERA_GAME:
        move = board.parse_san(san)
        piece = board.piece_type_at(move.from_square)
        run = OCR_RUNS.get(chess.piece_symbol(piece or 1).upper(), "") if piece != chess.PAWN else ""
        mark = "x" if board.is_capture(move) else "-"
        long = run + chess.square_name(move.from_square) + mark + chess.square_name(move.to_square)
        moves.append("0-0-0" if board.is_castling(move) else long + ("+" if board.gives_check(move) else ""))
        board.push(move)
    text = written_with(moves, {})
    assert set(glyph_runs(text, get_locale("sk"))) == {"ltJ", "i.", "l:t", "'iV"}
    (read,) = read_lenient([text.replace("#", "") + " 1-0"], "sk")
    assert [move.ply.san.rstrip("#") for move in read.decoded.moves] == [
        san.rstrip("#") for san in OPERA_GAME
    ]
    # Each run is its own piece, though a long form's origin square names the piece whatever letter a run is
    # read as: before, the first piece tried that read on, the king, for all of them.
    (told,) = [warning for warning in read.game.warnings if "figurine font read by OCR" in warning]
    assert "'ltJ' as the knight" in told and "'i.' as the bishop" in told and "'l:t' as the rook" in told


def test_a_figurine_fonts_run_that_ends_in_a_capture_marks_character_is_learned_whole() -> None:
    # The rook as `1:` (`1:d8`): before, read as a capture by `1` on d8 and never learned, the moves written
    # so were read otherwise.
    runs = {**OCR_RUNS, "R": "1:"}
    text = written_with(OPERA_GAME, runs)
    (read,) = read_lenient([text.replace("O-O-O", "0-0-0") + " 1-0"], "sk")
    assert [move.ply.san for move in read.decoded.moves] == OPERA_GAME
    (told,) = [warning for warning in read.game.warnings if "figurine font read by OCR" in warning]
    assert "'1:' as the rook" in told


def test_a_figurine_fonts_knight_read_as_one_digit_is_learned_and_its_captures_stay_captures() -> None:
    # The knight as `4` (`2 4f3`, `10 4xb5`, numbers without dots): before, one digit was no run, the knight's
    # moves were read otherwise. `4xb5` is the run `4` and a capture, as `4f3` shows (not a run `4x`).
    runs = {**OCR_RUNS, "N": "4"}
    text = written_with(OPERA_GAME, runs, " ")
    assert glyph_runs(text, get_locale("sk"))["4"] == 7
    (read,) = read_lenient([text.replace("O-O-O", "0-0-0") + " 1-0"], "sk")
    assert [move.ply.san for move in read.decoded.moves] == OPERA_GAME
    (told,) = [warning for warning in read.game.warnings if "figurine font read by OCR" in warning]
    assert "'4' as the knight" in told


def test_a_fonts_characters_that_chessbases_table_reads_otherwise_are_the_pieces_their_moves_make() -> None:
    # A font that puts its rook on `£` and its queen on `¥` (ChessBase's table: the queen and the bishop), its
    # knight on `¶`: before, 9 of the 33 moves were read otherwise (`£d8` as Qd8, `¥e7` as Be7, …), and ¶ could
    # be read only once the others were.
    symbols = {"N": "¶", "B": "§", "Q": "¥", "R": "£", "K": "ð"}
    text = written_with(OPERA_GAME, symbols)
    (read,) = read_lenient([text.replace("O-O-O", "0-0-0") + " 1-0"], "sk")
    assert [move.ply.san for move in read.decoded.moves] == OPERA_GAME
    assert not any(move.flagged for move in read.decoded.moves)


def test_runs_of_characters_before_squares_are_a_figurine_fonts_only_where_many_stand() -> None:
    sk = get_locale("sk")
    assert set(glyph_runs(_figurine_ocr_text(OPERA_GAME), sk)) == {"ltJ", "i.", "l:t", "'iV"}
    # Piece letters glued to a black move's dots, in lower case, in another script, figurines, captures
    # marked with a capital X, bold marks: none is a run to learn.
    plain = "1.e4 e5 2.Jf3 Jc6 3.Sb5 a6 4.Sa4 Jf6 5.0-0 Se7 6.Ve1 b5 7.Sb3 d6 8.c3 0-0 9.h3 Ja5 10.SXf7+ Kxf7"
    assert not glyph_runs(plain, sk)
    assert not glyph_runs(plain.replace("Sb5", "sb5").replace("Sa4", "sa4").replace(" Jf6", " ...jf6"), sk)
    assert not glyph_runs("15..Jf6 16.♘c3 ♗e7 17.**Dd2** Vd8 18..Vd7 19…Jd5 20.Ve1 " * 3, sk)


def test_a_headings_words_read_as_a_few_doubted_moves_before_the_game_are_no_game() -> None:
    # A book's page head and a game's heading, its words read as d3 g6 (both flagged): before, a game of its own
    # in front of the real one.
    text = (
        "124  Koncovky\n\n304. Shark226 – gbgHGS\nRated Bullet game 2025\n1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 1-0\n"
    )
    (read,) = read_lenient(text.splitlines(), "sk")
    assert [move.ply.san for move in read.decoded.moves] == RUY_LOPEZ[:6] and read.game.result == "1-0"


def test_a_symbol_fonts_figurines_on_its_marks_codes_are_read_by_their_moves() -> None:
    # A PDF's figurine font whose pieces sit on the private-use codes of `*`, `!`, `)`, `(`, `,`: before, they
    # were folded to those marks (`*f3` a footnote star, `)b6` a bracket), and the game was read from 2. f3 on
    # as a pawn's.
    knight, bishop, queen, rook, king = "\uf02a", "\uf021", "\uf029", "\uf028", "\uf02c"
    text = written_with(
        BORISOV_POPOV[:28], {"N": knight, "B": bishop, "Q": queen, "R": rook, "K": king}, ". "
    )
    text += " *\n"
    lines = list(decode_lines(io.BytesIO(text.encode()), "test"))
    assert lines[0].startswith(f"1. e4 c5 2. {knight}f3")
    (read,) = read_lenient(lines, "sk")
    assert [move.ply.san for move in read.decoded.moves] == BORISOV_POPOV[:28]
    # A code for a mark that stands before no square is the mark.
    assert list(decode_lines(io.BytesIO("1. e4 e5 \uf028a\uf029 *\n".encode()), "test")) == [
        "1. e4 e5 (a) *\n"
    ]


def test_figurines_dropped_from_a_text_leave_each_piece_move_a_square_read_as_any_piece_or_a_pawn() -> None:
    # A PDF's text without its figurines: `2. f3` is the knight's move, `4. xd4` a capture by a piece. Before,
    # the strict reading (2. f3 a pawn's, stopped at 6. g5) was kept; now the decoding, flagged where the board
    # does not decide.
    truth = BORISOV_POPOV[:42]
    text = written_with(truth, dict.fromkeys("NBRQK", ""), ". ")
    assert text.startswith("1. e4 c5 2. f3 d6 3. d4 cxd4 4. xd4 f6") and text.endswith("21. xh5 gxh5")
    (read,) = read_lenient([text + " *"], "sk")
    moves = [(move.ply.san, move.flagged) for move in read.decoded.moves]
    assert len(moves) == len(truth)
    assert all(san == true or flagged for (san, flagged), true in zip(moves, truth, strict=True))
    assert 4 * sum(san == true for (san, _), true in zip(moves, truth, strict=True)) >= 3 * len(truth)
    assert any("figurines were dropped" in warning for warning in read.game.warnings)


def test_a_run_that_ends_in_a_dot_is_no_dropped_figurine() -> None:
    from partiar.notation.decode.glyphs import figurines_dropped

    # `J.xd6`: a bishop's figurine as OCR reads it, its dot a mark of the run, not a move number's. Before, three
    # such captures made the text one without figurines, and every run was read as any piece.
    assert not figurines_dropped("24.J.xd6 J.xb2 25.lLlf1 J.c3 28.J.xe5 Jixe5")
    assert figurines_dropped("4. xd4 Sf6 5.xc3 e5 6...xd5")


def test_a_square_alone_that_a_pawn_or_several_pieces_could_go_to_is_flagged_where_figurines_were_dropped() -> (
    None
):
    from partiar.notation.decode.beam import Decoded, DecodedMove
    from partiar.notation.decode.glyphs import DROPPED, any_piece, flag_undecided
    from partiar.notation.game import Ply
    from partiar.notation.text.resolve import parse_written

    # Each move written as its square alone, however sure the decoder was: `f3` (the knight's, or the pawn's)
    # and `c6` are flagged; `e4`, `b6`, `d4` (only a pawn goes there) and `b7` (only the bishop) are not.
    board = chess.Board()
    decoded = Decoded(start_fen=board.fen())
    for index, san in enumerate(["e4", "b6", "d4", "Bb7", "Nf3", "Nc6"]):
        move = board.parse_san(san)
        written = parse_written(chess.square_name(move.to_square), "sk")
        ply = Ply(index + 1, index // 2 + 1, index % 2 == 0, move, san, written)
        decoded.moves.append(DecodedMove(ply, 0.99, False, (), ()))
        board.push(move)
    flag_undecided(decoded, any_piece([DROPPED], get_locale("sk")))
    assert [move.flagged for move in decoded.moves] == [False, False, False, False, True, True]


# A book's page with its side lines set as lines of their own, without brackets, each going back to the move it
# replaces, the figurines as OCR read them.
BOOK_WITH_SIDE_LINES = (
    "1.e4 c5 2.lLlf3 d6 3.d4 cxd4 4.lLlxd4 lLlf6 5.lLlc3\n"
    "a6\n"
    "5...e5 6.lLlf3 ∓\n"
    "6.J.g5\n"
    "6.J.e2 e5 !?\n"
    "6...lLlbd7 7.J.c4 'iVb6 8.J.b3 e6 9.'iVd2 J.e7 10.O-O-O lLlc5\n"
    "10...b5 11.f3 =\n"
    "11.f3 'iVc7 12.g4 b5 13.a3 Jib8 14.c;tb1 J.d7 15.J.e3 O-O *\n"
)


def test_side_lines_set_as_lines_of_their_own_are_blanked_for_the_decoder() -> None:
    from partiar.notation.decode.side_lines import side_lines_out

    lines = side_lines_out(BOOK_WITH_SIDE_LINES).split("\n")
    assert [index for index, line in enumerate(lines) if not line.strip()] == [2, 4, 6, 8]
    assert lines[5] == BOOK_WITH_SIDE_LINES.split("\n")[5]
    # A book without dots: a side line for White's first move, and one that goes on over two lines. A page's
    # running head and the game's heading start with numbers too, but write no move.
    text = "130  Koncovky\n28. Vakhidov – Suyarov\n1 d4\n1 h4 !?\n1... Jf6 2 c4 e6 3 Jc3\n3 g3 d5\n4 Sg2 ∓\n3... d5"
    kept = [line.strip() for line in side_lines_out(text).split("\n")]
    assert kept == [
        "130  Koncovky",
        "28. Vakhidov – Suyarov",
        "1 d4",
        "",
        "1... Jf6 2 c4 e6 3 Jc3",
        "",
        "",
        "3... d5",
    ]
    # A line that goes far back is no side line (a column read across): it stays.
    text = "1.e4 e5 2.Jf3 Jc6 3.Sb5 a6 4.Sa4 Jf6 5.0-0 Se7 6.Ve1 b5\n2.d4 d5 3.c4 e6"
    assert side_lines_out(text) == text
    # A rank that a blank split from its file is no bare move number where the text dots White's numbers.
    text = "1.e4 c6\n2.d 4 d5\n3.e5 Sf5\n4.Jf3 e6\n5.Se2 c5"
    assert side_lines_out(text) == text
    # Side lines in brackets are no lines of their own, and their moves are not the main line's (before, the
    # line after two of them was taken for a side line).
    text = "4. c3 Jc6 5. Jf3 Sd7 6. Se2\n(6. Sd3 Dc7 7. 0-0\nf6) 6... Jge7 7. Ja3 (7. 0-0 cxd4)\n7... cxd4 8. cxd4 Jf5"
    assert side_lines_out(text) == text


def test_a_figurine_book_with_side_lines_of_their_own_is_decoded_along_its_main_line() -> None:
    # Before, the decoder read the side lines' moves as the game's: 40 moves, 30 flagged, stopped at 21. O-O;
    # the strict reading (25 plies, stopped at a run seen once) was kept.
    (read,) = read_lenient([BOOK_WITH_SIDE_LINES], "sk")
    moves = [(move.ply.san, move.flagged) for move in read.decoded.moves]
    assert [san for san, _ in moves] == BORISOV_POPOV[:30]
    assert sum(flagged for _, flagged in moves) <= 3


def test_a_variation_in_brackets_in_a_book_without_dots_is_no_part_of_the_game() -> None:
    # `(3 i.b5 a6 4 i.a4 @f6 ?!)`: no word and no dotted number in it, but a dotless number before a move.
    # Before, the decoder (which reads on where the strict reader stops, at `12 i.a2 e6`, the bishop's figurine
    # dropped) took the brackets for a misread letter's and read the variation's moves as the game's.
    text = (
        "1 e4 e5 2 @f3 @c6 3 i.c4 (3 i.b5 a6 4 i.a4 @f6 ?!) 3... i.c5 4 c3 @f6 (4... d6 5 d4 ed4 6 cd4 ∓)\n"
    )
    text += (
        "5 d4 ed4 6 cd4 i.b4+ 7 @bd2 d5 8 ed5 @d5 9 0-0 0-0 10 a3 i.d2 11 i.d2 @b6 12 i.a2 e6 13 i.e6 fe6 *"
    )
    (read,) = read_lenient([text], "sk")
    truth = [*RUY_LOPEZ[:4], "Bc4", "Bc5", "c3", "Nf6", "d4", "exd4", "cxd4", "Bb4+", "Nbd2", "d5", "exd5"]
    truth += ["Nxd5", "O-O", "O-O", "a3", "Bxd2", "Bxd2", "Nb6", "Ba2", "Be6", "Bxe6", "fxe6"]
    assert [move.ply.san for move in read.decoded.moves] == truth


# Remizov–Nesterov, Russian championship 2025: its first 42 plies.
REMIZOV_NESTEROV = [
    *["e4", "e6", "d4", "d5", "Nc3", "Nf6", "e5", "Nfd7", "f4", "c5", "Nf3", "Nc6", "Be3", "a6", "Qd2", "b5"],
    *["h4", "Qa5", "h5", "h6", "g4", "Bb7", "Rh3", "Rc8", "f5", "cxd4", "Bxd4", "Bc5", "g5", "Nxd4", "Nxd4"],
    *["Bxd4", "Qxd4", "b4", "Ne2", "Rxc2", "g6", "fxg6", "fxe6", "Nc5", "Rf3", "b3+"],
]


def test_a_move_that_figurines_lost_in_conversion_leave_open_is_settled_by_a_move_many_plies_on() -> None:
    # A two-column PDF page read across, its figurines U+FFFD: `12.�h3` is the rook's move or the bishop's, and
    # only `21.�f3` eighteen plies on (the rook's, from h3) tells, past the prose of the column beside it.
    # Before, the bishop's was kept, and 21.�f3 was read as Rf1 and the line drifted from there.
    words = written_with(REMIZOV_NESTEROV, dict.fromkeys("NBRQK", "\ufffd")).split()
    prose = [
        "Čierny zvolil fianchetto a",
        "dlho sa bránil.",
        "Po ofenzívnom otvorení prešla",
        "hra do koncovky s",
    ]
    lines = [" ".join(words[at : at + 5]) + " " + prose[at // 5 % 4] for at in range(0, len(words), 5)]
    (read,) = read_lenient([*lines, "*"], "sk")
    moves = [(move.ply.san, move.flagged) for move in read.decoded.moves]
    assert [san for san, _ in moves[:23]][-1] == "Rh3" and moves[40][0] == "Rf3"
    assert all(san == true or flagged for (san, flagged), true in zip(moves, REMIZOV_NESTEROV, strict=True))


def test_a_symbol_fonts_figurine_is_its_piece_where_a_kerning_gap_splits_the_move() -> None:
    # `8.¥:d 4`: the knight's figurine, learned from its other moves, before a square that a kerning gap split.
    # Before, `¥` was left unread there and the move read, unflagged, as Bxd4.
    truth = [*REMIZOV_NESTEROV[:12], "Be3", "cxd4", "Nxd4", "Qb6", "a3", "Bc5", "Ncb5", "Nxd4", "Bxd4"]
    text = written_with(truth, {"N": "¥", "B": "§"}).replace("¥xd4 Qb6", "¥:d 4 Qb6")
    assert "8.¥:d 4 Qb6" in text
    (read,) = read_lenient([text + " *"], "sk")
    assert [move.ply.san for move in read.decoded.moves] == truth


# Kazmin–Khubukshanov, Russian championship 2025: its first 60 plies.
KAZMIN_KHUBUKSHANOV = [
    *["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "d3", "Bc5", "c3", "d6", "b4", "Bb6", "a4", "a5", "b5", "Ne7"],
    *["O-O", "O-O", "h3", "Ng6", "Re1", "c6", "Nbd2", "d5", "exd5", "cxd5", "Bb3", "Qc7", "Nf1", "h6", "Be3"],
    *["Bxe3", "Nxe3", "Be6", "Rc1", "Rfe8", "c4", "d4", "Nd5", "Bxd5", "cxd5", "Qd7", "Rc5", "Nf4", "d6"],
    *["Qxd6", "Rcxe5", "Rxe5", "Nxe5", "N4d5", "Ng4", "Rc8", "Nxf6+", "Nxf6", "Bc4", "Rc7", "Qf3", "Kh7"],
    *["g3", "g6"],
]


def test_a_figurine_lost_before_one_square_does_not_make_the_strict_trials_swap_two_pieces() -> None:
    # `2 @f3 c6`: OCR lost the knight's figurine before c6, so the strict reader reads a pawn's move there, and
    # its trials read `@` as the queen and `'Y` as the knight (`8... Qe7` plays where `Ne7` cannot), stopping at
    # `11... c6` either way. Before, those trials stood, and 48 of the 60 plies were read otherwise.
    pieces = {"N": "@", "B": "..t", "R": "Ji", "Q": "'Y", "K": "~"}
    text = written_with(KAZMIN_KHUBUKSHANOV, pieces, " ").replace("O-O", "0-0").replace("@f3 @c6", "@f3 c6")
    assert text.startswith("1 e4 e5 2 @f3 c6 3 ..tc4 @f6")
    (read,) = read_lenient([text + " 1/2-1/2"], "cs")
    assert [move.ply.san for move in read.decoded.moves] == KAZMIN_KHUBUKSHANOV
    (told,) = [warning for warning in read.game.warnings if "figurine font read by OCR" in warning]
    assert "'@' as the knight" in told and '"\'Y" as the queen' in told


def test_a_result_then_the_end_of_another_game_is_no_speck_in_the_game() -> None:
    # A page's game, then the end of one begun on an earlier page (`21...Dc7`, from its 21st move). Before, the
    # result was taken for a speck in the game's text, as numbers not far past its last one went on from it,
    # and the other game's moves were read as this one's, unsure of most.
    text = (
        "1.d4 Jf6 2.c4 e6 3.Jc3 Sb4 4.e3 0-0 5.Jf3 Sxc3+ 6.bxc3 d6 7.Sd3 Ve8 8.e4 e5 9.0-0 Sg4\n"
        "10.Ve1 Jbd7 11.Vb1 h6 12.h3 Sh5 13.Vb2 a5 14.g4 Sg6 15.Vbe2 c6 16.Sc2 1/2-1/2\n"
        "(pokračovanie zo strany 39)\n"
        "21...Dc7 22.Sb3 Je8 23.Dxb4 Se6 24.Sxe6 fxe6 25.Db3 Dd7 26.Jg4 Df7 1-0\n"
    )
    (read,) = read_lenient(text.splitlines(), "sk")
    assert len(read.decoded.moves) == 31 and read.game.result == "1/2-1/2"
    assert not any(move.flagged for move in read.decoded.moves)
    # A speck read as a result before the next move number is still a speck: the game goes on.
    (speck,) = read_lenient(["1.e4 e5 2.Jf3 Jc6 1-0 3.Sb5 a6 *"], "sk")
    assert [move.ply.san for move in speck.decoded.moves] == RUY_LOPEZ[:6]


def test_a_pieces_letter_in_lower_case_that_the_text_never_writes_in_capitals_is_a_figurine_read_by_ocr() -> (
    None
):
    # A Serbian book whose bishop OCR read as `..t` (`2...tg5`: White's bishop after the number's dot), its rook
    # as `Ji`: `t` is the Serbian rook's letter in lower case, but this text never writes T before a square.
    # Before, `t` was no run to learn: `t` was read as the rook's letter, and a bishop's move a rook could make
    # too was read as the rook's (`30...ta6` as Ra6, unflagged, in such a book's game).
    runs = {"N": "ltJ", "B": "..t", "R": "Ji", "Q": "\\W", "K": "~"}
    text = written_with(OPERA_GAME, runs).replace("O-O-O", "0-0-0")
    assert "6...tc4" in text
    (read,) = read_lenient([text + " 1-0"], "sr")
    assert [move.ply.san for move in read.decoded.moves] == OPERA_GAME
    (told,) = [warning for warning in read.game.warnings if "figurine font read by OCR" in warning]
    assert "'t' as the bishop" in told
