"""Moves told in words: written back as the moves they tell, prose left alone, lines and columns kept."""

from __future__ import annotations

import io

import chess
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from partiar.notation import read_games
from partiar.notation.decode.lenient import read_lenient
from partiar.notation.locales import get_locale
from partiar.notation.text.encoding import decode_lines
from partiar.notation.text.spoken import spoken_moves


@pytest.mark.parametrize(
    ("locale", "text", "moves"),
    [
        ("sk", "7. jazdec c3, a7-a6 8. jazdec c3 a6", "7. Jc3 a7-a6 8. Jc3 a6"),
        ("sk", "27. jazdec berie é štyri, pešiak cé päť", "27. Jxe4 c5"),
        ("sk", "10. malá rošáda, Jf6-h5 11. Veľká Rošáda", "10. 0-0 Jf6-h5 11. 0-0-0"),
        ("sk", "15. dáma cé jeden, 15... dáma c8 16. jazdec ef šesť", "15. Dc1 15... Dc8 16. Jf6"),
        ("sk", "57. há osem, premena na dámu b5-b4", "57. h8=D b5-b4"),
        ("cs", "12) dáma bere é tři Se6 23) věž z a5 na d5 Vf8", "12) Dxe3 Se6 23) Va5-d5 Vf8"),
        (
            "cs",
            "8. střelec bé pět šach král ef osm 11. d4:c5 pěšec b bere na c5",
            "8. Sb5+ Kf8 11. d4:c5 bxc5",
        ),
        ("cs", "13. střelec\ne2 Jb8-c6", "13. Se2 Jb8-c6"),
        (
            "sr",
            "12.dama uzima na e3, Lc8-e6 22.lovac uzima d7, šah, Le6×d7",
            "12.Dxe3 Lc8-e6 22.Lxd7+ Le6×d7",
        ),
        (
            "sr",
            "26.Td8×f8 kralj uzima na ef osam 28.b2-b4 be šest 8) mala rokada",
            "26.Td8×f8 Kxf8 28.b2-b4 b6 8) 0-0",
        ),
        ("sr", "3. skakac ce tri, sah", "3. Sc3+"),
        (
            "sr-Cyrl",
            "12. скакач узима е пет, шах 13. мала рокада 14. ловац са ф1 на ц4 пешак д узима е5",
            "12. Сxe5+ 13. 0-0 14. Лf1-c4 dxe5",
        ),
        ("de", "12. Springer schlägt e5 Schach, Turm von a1 nach d1", "12. Sxe5+ Ta1-d1"),
        ("en", "12. knight takes e5 check, pawn to e4, castles kingside", "12. Nxe5+ e4 0-0"),
        ("en", "40. pawn to b8 promotes to a queen, mate", "40. b8=Q#"),
        ("sk", "30. veža na d8 dáva šach 30... kráľ h7 31. dáma g8 šach mat", "30. Vd8+ 30... Kh7 31. Dg8#"),
        ("de", "5. Bauer e vier, Läufer c fünf", "5. e4 Lc5"),
        ("de", "5. e vier e fünf", "5. e4 e5"),
        ("pl", "5. skoczek bije na f6, długa roszada", "5. Sxf6 0-0-0"),
        # A move told in the long form, a pawn's too: "from" or a word between its squares.
        (
            "sk",
            "1) pešiak z d7 na d päť 2) c7 na c šesť 3) pešiak z c5 bere d štyri 4) dáma z a5 d8",
            "1) d7-d5 2) c7-c6 3) c5xd4 4) Da5-d8",
        ),
        ("sk", "9) rošáda na kráľovskom krídle 10) rošáda na dámskom krídle", "9) 0-0 10) 0-0-0"),
        # Moves parted by full stops and semicolons, as sentences.
        (
            "sk",
            "7. Krátka rošáda; kôň ide na f šesť. 8. Dáma ťahá na a štyri, dáva šach.",
            "7. 0-0 ; Jf6 . 8. Da4+ .",
        ),
        # German typed without umlauts; another name of the knight.
        (
            "de",
            "6) Laeufer nach b3 Koenig nach ge sieben 14) a vier schlaegt b5 Pferd von g1 auf e2",
            "6) Lb3 Kg7 14) a4xb5 Sg1-e2",
        ),
        ("de", "9. Rochade am Königsflügel lange Rochade", "9. 0-0 0-0-0"),
        ("de", "17) Läufer e zwo Läufer zieht nach e4", "17) Le2 Le4"),
        # Serbian in either script, whatever the text's locale; en passant said after the capture.
        (
            "sr-Cyrl",
            "1) pesak na e cetiri pesak e pet 4) Lxc6 pesak sa d sedam uzima na c sest",
            "1) e4 e5 4) Lxc6 d7xc6",
        ),
        ("sr-Cyrl", "3. ловац b5 а шест", "3. Лb5 a6"),
        ("sr", "20) pešak na a četiri be uzima a tri u prolazu", "20) a4 bxa3"),
        (
            "en",
            "1. pawn cee four pawn g6 2. horse from f3 takes on d4 19. rook aitch d8",
            "1. c4 g6 2. Nf3xd4 19. Rhd8",
        ),
        # The last move before the result told in words; promotions told by their verb.
        ("en", "30. rook to d8 gives check drawn", "30. Rd8+ drawn"),
        ("de", "35.Kg1-h1 Dame von e3 nimmt d2 Weiß gibt auf", "35.Kg1-h1 De3xd2 Weiß gibt auf"),
        ("de", "49.Bauer nach f8 wird Dame Dame schlägt c4 gibt Schach 0-1", "49.f8=D Dxc4+ 0-1"),
        ("en", "49. Pawn to f8, equals queen. White resigns.", "49. f8=Q . White resigns."),
        # After a note in brackets, Black's move without its number; "a" the file after a capture's verb.
        (
            "de",
            "9.rochiert kurz (nach langem Nachdenken) Bauer d schlägt ce vier",
            "9.0-0 (nach langem Nachdenken) dxc4",
        ),
        ("en", "35. Rook captures a five, rook takes the pawn on c3.", "35. Rxa5 Rxc3 ."),
    ],
)
def test_a_move_told_in_words_is_written_as_the_move(locale: str, text: str, moves: str) -> None:
    written = spoken_moves(text, get_locale(locale))
    assert len(written) == len(text) and written.count("\n") == text.count("\n")
    assert " ".join(written.replace(",", " ").split()) == moves


@pytest.mark.parametrize(
    ("locale", "text"),
    [
        ("sk", "a tri pešiaky padli"),  # "and three", not a3
        ("en", "12. Nf3 a four move trap"),
        ("cs", "13.De 3 Sb7 14.Jd2 Vc8"),  # a written move damaged, "de" no file told in words
        ("sk", "pešiak e2-e4"),  # a written move after the pawn's name
        ("en", "moving to e4 was better, as white takes e5 next"),
        ("cs", "dámou na c8 by to šlo"),
        ("de", "Die Dame steht gut"),
        ("sk", "biely hrá a berie na c6"),
        ("de", "7. Db3 Im nächsten Zug fällt dann b7 mit Angriff auf den Springer c6 Tb8 8. Sd5"),
        ("sk", "12. Jf3 Teraz jazdec c6 je slabý, lebo 12... Jd4"),
        ("sk", "Biely hral 15. Jf3 a tri ťahy neskôr prišiel útok."),
        ("en", "Now we see two ways to go on."),
    ],
)
def test_prose_that_tells_no_move_is_left_alone(locale: str, text: str) -> None:
    written = spoken_moves(text, get_locale(locale))
    assert written == text


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ab cdeéfgh1234\n,.-xKJjazdecpšiakbrtymalárošáda", max_size=60))
def test_the_text_keeps_its_length_and_its_lines(text: str) -> None:
    written = spoken_moves(text, get_locale("sk"))
    assert len(written) == len(text) and written.count("\n") == text.count("\n")


_SK_PIECES = {
    chess.KING: "kráľ",
    chess.QUEEN: "dáma",
    chess.ROOK: "veža",
    chess.BISHOP: "strelec",
    chess.KNIGHT: "jazdec",
}
_SK_PROMOTED = {chess.QUEEN: "dámu", chess.ROOK: "vežu", chess.BISHOP: "strelca", chess.KNIGHT: "jazdca"}
_SK_FILES = ("á", "bé", "cé", "dé", "é", "ef", "gé", "há")
_SK_RANKS = ("jeden", "dva", "tri", "štyri", "päť", "šesť", "sedem", "osem")


def _told(board: chess.Board, move: chess.Move, spoken: bool, long: bool) -> str:
    """A move as a Slovak reader of the score says it, written apart from the module under test (`long`:
    castling by its wing, a pawn's move from its square)."""
    if board.is_castling(move):
        short = chess.square_file(move.to_square) == 6
        if long:
            words = f"rošáda na {'kráľovskom' if short else 'dámskom'} krídle"
        else:
            words = "malá rošáda" if short else "veľká rošáda"
    else:
        target = chess.square_name(move.to_square)
        if spoken:
            target = f"{_SK_FILES[chess.square_file(move.to_square)]} {_SK_RANKS[chess.square_rank(move.to_square)]}"
        piece = board.piece_type_at(move.from_square)
        assert piece is not None
        capture = "berie " if board.is_capture(move) else ""
        if piece == chess.PAWN:
            if long:
                words = f"pešiak z {chess.square_name(move.from_square)} {capture or 'na '}{target}"
            else:
                origin = chess.square_name(move.from_square)[0] + " " if capture else ""
                words = f"pešiak {origin}{capture}{target}"
            if move.promotion:
                words += f", premena na {_SK_PROMOTED[move.promotion]}"
        else:
            san = board.san(move)
            origin = (
                f"z {chess.square_name(move.from_square)} "
                if len(san.rstrip("+#").replace("x", "")) > 3
                else ""
            )
            words = f"{_SK_PIECES[piece]} {origin}{capture}{'na ' if origin and not capture else ''}{target}"
    if board.gives_check(move):
        words += ", šach"
    return words


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_a_game_told_in_words_reads_as_the_game(data: st.DataObject) -> None:
    board = chess.Board()
    text, san = [], []
    for _ in range(data.draw(st.integers(10, 60), label="plies")):
        moves = list(board.legal_moves)
        if not moves:
            break
        move = data.draw(st.sampled_from(moves), label="move")
        if board.turn == chess.WHITE:
            text.append(f" {board.fullmove_number}. ")
        spoken, long = data.draw(st.booleans(), label="spoken"), data.draw(st.booleans(), label="long")
        text.append(_told(board, move, spoken, long))
        # Between White's move and Black's a blank, a comma or a semicolon; after Black's also a full stop.
        text.append(data.draw(st.sampled_from([" ", ", ", "; ", "." if board.turn == chess.BLACK else " "])))
        san.append(board.san(move))
        board.push(move)
    (game,) = read_games(decode_lines(io.BytesIO("".join(text).encode("utf-8")), "test"), "sk")
    assert [ply.san for ply in game.plies] == san, "".join(text)


def test_a_pawns_capture_told_without_its_file_reads_apart_from_the_move_before_it() -> None:
    text = "1. e4 e5 2. d4 pešiak berie na d štyri 3. Dxd4 Jc6\n"
    (game,) = read_games(decode_lines(io.BytesIO(text.encode("utf-8")), "test"), "sk")
    assert [ply.san for ply in game.plies] == ["e4", "e5", "d4", "exd4", "Qxd4", "Nc6"]


def test_a_game_told_in_words_ends_with_the_draw_told_after_it() -> None:
    text = "1. pawn to e4 pawn to e5 2. knight f3 knight to cee six drawn\n"
    (game,) = read_games(decode_lines(io.BytesIO(text.encode("utf-8")), "test"), "en")
    assert [ply.san for ply in game.plies] == ["e4", "e5", "Nf3", "Nc6"] and game.result == "1/2-1/2"


def test_a_line_that_starts_with_a_move_told_in_two_words_and_a_semicolon_is_no_spreadsheet_row() -> None:
    # "Castles short; bishop e six. …" at a line's start was read as a spreadsheet's label row ("Castles short:
    # bishop e six"), and castling was lost; a row's `;` has its cell right after it, or no move number after it.
    text = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4.\nCastles short; knight f six. 5. d3 d6\n"
    (game,) = read_games(decode_lines(io.BytesIO(text.encode("utf-8")), "test"), "en")
    assert [ply.san for ply in game.plies][6:] == ["O-O", "Nf6", "d3", "d6"]
    heading = "Biely; Pasula, Milos\nČierny;Kalyani\n1. e4 e5 *\n"
    (game,) = read_games(decode_lines(io.BytesIO(heading.encode("utf-8")), "test"), "sk")
    assert (game.headers["White"], game.headers["Black"]) == ("Pasula, Milos", "Kalyani")


def test_a_serbian_cyrillic_game_told_in_words_reads_as_the_game() -> None:
    text = "1. е4 е5 2. скакач ф3 скакач ц6 3. ловац бе пет а6 4. ловац узима ц6, д узима ц6 5. мала рокада\n"
    (game,) = read_games(decode_lines(io.BytesIO(text.encode("utf-8")), "test"), "sr-Cyrl")
    assert [ply.san for ply in game.plies] == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O"]


def test_a_noisy_game_with_moves_told_in_words_is_decoded_with_them() -> None:
    text = "1.e4 e5 2. jazdec f3 Jc6 3Sb5 a6 4. Sa4 jazdec ef šesť 5.0-O S%7 6.Vel b5 7.Sb3 d6 8. c3 0-0 *\n"
    (read,) = read_lenient(text.splitlines(keepends=True), "sk")
    sans = [ply.san for ply in read.game.plies]
    assert sans[:8] == [*["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"]] and len(sans) == 16
    assert not read.decoded.moves[2].flagged and not read.decoded.moves[7].flagged
