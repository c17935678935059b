"""The legal-move decoder: corrections from later moves, two copies, players' own mistakes, never illegal."""

from __future__ import annotations

from collections.abc import Sequence

import chess
import partiar.notation.decode.beam as decode_module
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from partiar.notation import parse_games, render_on_board
from partiar.notation.decode.beam import RELIABLE_FIT, REVIEW_BELOW, decode
from partiar.notation.decode.reading import Blank, Reading
from partiar.notation.decode.textscore import TextReading

OPENING = "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sa4 Jf6 5. 0-0 Se7 6. Ve1 b5 7. Sb3 d6 8. c3 0-0"


def true_moves(text: str = OPENING) -> list[chess.Move]:
    (game,) = parse_games(text, "sk")
    return [ply.move for ply in game.plies]


def texts(text: str = OPENING) -> list[str]:
    (game,) = parse_games(text, "sk")
    board = game.board()
    written = []
    for ply in game.plies:
        written.append(render_on_board(board, ply.move, "sk"))
        board.push(ply.move)
    return written


def one_copy(tokens: list[str]) -> list[list[Reading | None]]:
    return [[TextReading(token)] for token in tokens]


def test_clean_text_decodes_to_the_game_with_high_confidence() -> None:
    decoded = decode(one_copy(texts()), "sk")
    assert decoded.error is None
    assert [move.ply.move for move in decoded.moves] == true_moves()
    assert min(move.confidence for move in decoded.moves) > 0.9


def test_a_misread_that_only_a_later_move_exposes_is_corrected() -> None:
    # "Jf3" read as "f3": the pawn move f3 is legal, but the knight later goes from f3 to g5.
    (game,) = parse_games("1. e4 e5 2. Jf3 Jc6 3. Jg5 d5", "sk")
    written = ["e4", "e5", "f3", "Jc6", "Jg5", "d5"]
    decoded = decode(one_copy(written), "sk")
    assert [move.ply.move for move in decoded.moves] == [ply.move for ply in game.plies]
    assert decoded.moves[2].ply.san == "Nf3"


def test_two_misreads_close_together_do_not_derail_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    # `e5` read as the legal `c5`, then `Jf6` without its letter: together they cost more than the beam's
    # first margin, and the narrow pass castles into `Nb4`; the second, wider pass keeps the true line.
    written = ["c4", "c5", "b3", "f6", "Sb2", "Jc6", "e3", "Se7", "a3", "0-0", "Dc2", "d5", "cd5", "J×d5"]
    meant = ["c4", "e5", "b3", "Nf6", "Bb2", "Nc6", "e3", "Be7", "a3", "O-O", "Qc2", "d5", "cxd5", "Nxd5"]
    evidence: list[list[Reading | None]] = [[TextReading(text)] for text in written]
    assert [move.ply.san for move in decode(evidence, "sk").moves] == meant
    monkeypatch.setattr(decode_module, "RETRY_MARGIN_WRONG_TOKENS", 0.0)
    narrow = [move.ply.san for move in decode(evidence, "sk").moves]
    assert narrow != meant and narrow[9] == "Nb4"


def test_a_missing_move_is_decoded_from_the_moves_around_it() -> None:
    # Black's second move is not there; `Ja5` six moves later says it was the knight to c6.
    written = [
        "e4",
        "e5",
        "Jf3",
        "-",
        "Sb5",
        "a6",
        "Sa4",
        "Jf6",
        "0-0",
        "Se7",
        "Ve1",
        "b5",
        "Sb3",
        "d6",
        "c3",
        "Ja5",
    ]
    evidence: list[list[Reading | None]] = [
        [TextReading(text)] if text != "-" else [None] for text in written
    ]
    decoded = decode(evidence, "sk")
    sans = [move.ply.san for move in decoded.moves]
    assert sans[:6] == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"] and sans[-1] == "Na5"
    assert decoded.moves[3].evidence == (None,) and decoded.moves[3].flagged


def test_two_copies_disagreeing_are_decided_by_the_readable_one() -> None:
    white_copy = texts()
    black_copy = list(white_copy)
    white_copy[4] = "Sb6"  # a slip on one sheet: there is no bishop move to b6
    black_copy[9] = "Sc7"  # and another on the other sheet
    evidence: list[list[Reading | None]] = [
        [TextReading(a), TextReading(b)] for a, b in zip(white_copy, black_copy, strict=True)
    ]
    decoded = decode(evidence, "sk")
    assert [move.ply.move for move in decoded.moves] == true_moves()
    assert decoded.moves[4].evidence == ("Sb6", "Sb5")


class SureReading:
    """A recogniser as sure of what it misreads as of what it reads: its text at log-probability 0, any other
    at -9."""

    def __init__(self, text: str, other: float = -9.0) -> None:
        self.text, self.other = text, other

    def score(self, candidate: str) -> float:
        return 0.0 if candidate == self.text else self.other

    def score_many(self, candidates: Sequence[str]) -> list[float]:
        return [self.score(candidate) for candidate in candidates]

    def best(self) -> str:
        return self.text


def test_a_copy_read_as_surely_as_it_is_misread_is_tempered_and_its_moves_flagged() -> None:
    written = texts()
    read_well = decode([[SureReading(text)] for text in written], "sk")
    assert read_well.temperatures == (1.0,)
    assert [move.ply.move for move in read_well.moves] == true_moves()
    assert not any(move.flagged for move in read_well.moves)
    # Every other cell misread as nothing legal: the readings the copy is as sure of cannot be trusted more.
    misread = [text if index % 2 == 0 else "Kz9" for index, text in enumerate(written)]
    evidence: list[list[Reading | None]] = [[SureReading(text)] for text in misread]
    read_poorly = decode(evidence, "sk")
    # Half the cells at 0, half at -9 (the last one after the game's end): a mean fit of about -4.5.
    expected = -4.5 / RELIABLE_FIT
    assert 0.8 * expected < read_poorly.temperatures[0] < 1.2 * expected
    assert all(move.flagged for move in read_poorly.moves)
    # The game is the one the readings as they are give; only the weighing changed.
    untempered = decode(evidence, "sk", review_below=0.0)
    assert [move.ply.move for move in read_poorly.moves] == [move.ply.move for move in untempered.moves]


def test_of_two_copies_the_misread_one_is_tempered_and_the_other_decides(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    written = texts()[:12]  # up to 6. Ve1 b5: nothing later tells 5...Se7 from 5...De7
    # The second copy's recogniser misreads every other cell as nothing legal, and is as sure of 5...De7 as of
    # what it reads right; the first copy reads every cell right, a little less surely.
    misread = ["Kz9" if index % 2 == 0 else text for index, text in enumerate(written)]
    misread[9] = "De7"
    evidence: list[list[Reading | None]] = [
        [SureReading(a, other=-3.0), SureReading(b)] for a, b in zip(written, misread, strict=True)
    ]
    decoded = decode(evidence, "sk")
    assert decoded.temperatures[0] == 1.0 and decoded.temperatures[1] > 1.0
    assert [move.ply.move for move in decoded.moves] == true_moves()[:12]
    # Taken as they are, the readings give the misread copy's move, and are sure of it.
    monkeypatch.setattr(decode_module, "MISREAD_SHARE", 2.0)
    untempered = decode(evidence, "sk")
    assert untempered.moves[9].ply.san == "Qe7" and not untempered.moves[9].flagged


def test_a_players_own_illegal_move_is_flagged_not_emitted() -> None:
    written = texts()
    written[6] = "Vh8"  # the player wrote 4. Vh8, impossible here; the game went 4. Sa4
    decoded = decode(one_copy(written), "sk")
    assert decoded.error is None
    decoded_moves = [move.ply.move for move in decoded.moves]
    (game,) = parse_games(OPENING, "sk")
    assert decoded_moves[:6] == true_moves()[:6]
    assert [move.ply.san for move in decoded.moves[7:]] == [ply.san for ply in game.plies[7:]]
    # Later moves say the bishop left b5 for a square from which it reaches b3; which one, only review can say.
    assert decoded.moves[6].ply.san in ("Ba4", "Bc4", "Bd3", "Be2", "Bf1", "Bxa6")
    assert decoded.moves[6].flagged and decoded.moves[6].confidence < 0.6
    assert decoded.moves[6].alternatives


class SureCell:
    """A recogniser's reading of one cell, as sure of its best text as a recogniser often is: each listed
    text at its log-probability, anything else far below."""

    def __init__(self, scores: dict[str, float]) -> None:
        self.scores = scores

    def score(self, candidate: str) -> float:
        return self.scores.get(candidate, -30.0)

    def score_many(self, candidates: Sequence[str]) -> list[float]:
        return [self.score(candidate) for candidate in candidates]

    def best(self) -> str:
        return max(self.scores, key=self.scores.__getitem__)


@pytest.mark.parametrize(("best", "misread"), [("S×c3", True), ("b×c3", False)])
def test_a_move_that_fits_its_cell_only_through_a_misreading_is_flagged(best: str, misread: bool) -> None:
    # 4. Sg5 was written for a struck-out 4. Sd2, so White's 6. S×c3, read plainly, is no legal move: the one
    # legal capture on c3 (b×c3) fits the cell only if its S was misread, however few rivals it has.
    written = ["d4", "Jf6", "c4", "e6", "Jc3", "Sb4", "Sg5", "0-0", "e3", "S×c3+"]
    cell = SureCell({text: -0.2 if text == best else -6.4 for text in ("S×c3", "b×c3", "bxc3", "bc3")})
    decoded = decode([*one_copy(written), [cell]], "sk")
    last = decoded.moves[-1]
    assert last.ply.san == "bxc3"
    assert last.flagged == misread


def test_a_clear_copy_can_flag_a_move_it_reads_only_below_a_lower_threshold() -> None:
    # 2. Jf3 read as itself, with Jc3 (also legal) close behind: about 95% sure, flagged by default. Asked
    # to, the decoder flags a move the cell reads as only below a lower threshold on a single clear copy.
    written: list[list[Reading | None]] = [[TextReading(text)] for text in texts()]
    written[2] = [SureCell({"Jf3": -0.1, "Jc3": -3.0})]
    decoded = decode(written, "sk")
    assert decoded.temperatures == (1.0,)
    move = decoded.moves[2]
    assert move.ply.san == "Nf3"
    assert 0.9 <= move.confidence < REVIEW_BELOW
    assert move.flagged
    assert [alternative.san for alternative in move.alternatives][:1] == ["Nc3"]
    assert not decode(written, "sk", clear_below=0.9).moves[2].flagged
    # A move the board chose against what the cell reads stays flagged at the review threshold.
    opening = ["d4", "Jf6", "c4", "e6", "Jc3", "Sb4", "Sg5", "0-0", "e3", "S×c3+"]
    cell = SureCell({"S×c3": -0.2, "b×c3": -6.4, "bxc3": -6.4, "bc3": -6.4})
    overruled = decode([*one_copy(opening), [cell]], "sk", clear_below=0.9).moves[-1]
    assert overruled.ply.san == "bxc3" and overruled.confidence >= 0.9 and overruled.flagged


@pytest.mark.parametrize("origin", ["a3", "c3"])
def test_the_long_form_origin_decides_between_lines_that_share_a_san(origin: str) -> None:
    # `Jb1-x3` is Na3 or Nc3; on both lines the knight's next move is Nb5, written from its square, which
    # tells the lines apart (each line's Nb5 is scored by its own renderings). (One misread cell in four is a
    # copy misread often, so the four moves are weighed tempered and flagged; the choice still stands out.)
    written = ["Jb1-x3", "e7-e5", f"J{origin}-b5", "a7-a6"]
    decoded = decode(one_copy(written), "sk")
    assert [move.ply.san for move in decoded.moves] == [f"N{origin}", "e5", "Nb5", "a6"]
    other = "Nc3" if origin == "a3" else "Na3"
    assert decoded.moves[0].confidence > 0.9
    assert decoded.moves[0].alternatives[0].san == other


def test_two_unreadable_plies_in_the_middle_are_flagged_and_the_game_goes_on() -> None:
    written = [*texts()[:10], "Kz9", "Q@@", *texts()[12:]]
    decoded = decode(one_copy(written), "sk")
    assert decoded.error is None
    assert len(decoded.moves) == len(true_moves())
    assert decoded.moves[10].flagged and decoded.moves[11].flagged
    assert [move.ply.move for move in decoded.moves[12:]] == true_moves()[12:]


def test_moves_that_nothing_legal_fits_end_the_game_and_are_reported() -> None:
    written = [*texts()[:10], "Kz9", "Q@@", "Kz8"]
    decoded = decode(one_copy(written), "sk")
    assert len(decoded.moves) == 10
    assert decoded.error is not None
    message = str(decoded.error)
    assert message.startswith("move 6 (white): no legal move matches what is written: 'Kz9'; ")
    assert "nothing legal fits the 2 more written after it" in message


def test_blank_cells_end_the_game_and_a_blank_mid_game_is_a_forgotten_move() -> None:
    moves = true_moves()
    evidence: list[list[Reading | None]] = [[TextReading(text)] for text in texts()]
    evidence[4] = [Blank()]  # 3. Sb5 forgotten: only that move lets 4. Sa4 follow
    decoded = decode([*evidence, *[[Blank()]] * 20], "sk")
    assert decoded.error is None
    assert [move.ply.move for move in decoded.moves] == moves
    assert decoded.moves[4].flagged  # nobody wrote it: a person confirms it


def test_a_result_after_the_last_move_is_the_game_result_and_one_stray_mark_is_ignored() -> None:
    evidence = one_copy([*texts(), "Jz", "1-0"]) + [[Blank()]] * 4
    decoded = decode(evidence, "sk")
    assert decoded.error is None
    assert [move.ply.move for move in decoded.moves] == true_moves()
    assert decoded.result == "1-0"
    assert decode(one_copy([*texts(), "½-½"]), "sk").game().result == "1/2-1/2"


def test_moves_written_after_mate_are_reported() -> None:
    both_copies: list[list[Reading | None]] = [
        [TextReading(text), TextReading(text)] for text in ("Va8", "Kh8")
    ]
    decoded = decode(both_copies, "sk", start_fen="6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 30")
    assert [move.ply.san for move in decoded.moves] == ["Ra8#"]
    assert decoded.error is not None
    assert (
        str(decoded.error)
        == "the game is over after move 30 (white) but more moves are written: 'Kh8' / 'Kh8'"
    )


def test_json_fields_of_decoded_moves() -> None:
    fields = decode(one_copy(texts()[:2]), "sk").move_fields()
    assert set(fields[0]) == {"confidence", "flagged", "alternatives"}
    assert all(set(alt) == {"san", "confidence"} for alt in fields[0]["alternatives"])  # type: ignore[union-attr]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.text(alphabet="abcdefgh12345678KDVSJx×+#0-O ", min_size=1, max_size=6), max_size=14))
@pytest.mark.slow
def test_whatever_is_written_only_legal_moves_come_out(tokens: list[str]) -> None:
    decoded = decode(one_copy(tokens), "sk")
    board = chess.Board()
    for move in decoded.moves:
        assert board.is_legal(move.ply.move)
        assert 0.0 <= move.confidence <= 1.0
        board.push(move.ply.move)


@pytest.mark.parametrize(
    ("noisy", "meant", "fen"),
    [
        ("Kbl", "Kb1", "4k3/8/8/8/8/8/8/2K5 w - - 0 1"),
        ("S%e5", "S×e5", "4k3/8/8/4p3/8/8/7B/4K3 w - - 0 1"),
        ("0-O", "0-0", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
        ("Jf", "Jf3", "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1"),
    ],
)
def test_typical_noise_is_read_as_meant(noisy: str, meant: str, fen: str) -> None:
    board = chess.Board(fen)
    decoded = decode(one_copy([noisy]), "sk", start_fen=fen)
    assert render_on_board(board, decoded.moves[0].ply.move, "sk") == meant


def test_the_options_are_python_chess_moves_with_their_san() -> None:
    """The decoder's own move list, check test (by the squares that check the king, or by lines) and SAN,
    on random games, one scorer for all (its options are made once and shared by the positions they fit)."""
    import random

    from partiar.notation.decode.beam import _Scorer
    from partiar.notation.locales import get_locale

    rng = random.Random(3)
    scorer = _Scorer(get_locale("en"), 0.0)
    for _ in range(60):
        board = chess.Board()
        for _ in range(rng.randrange(10, 120)):
            options = scorer.options(board)
            assert [option.move for option in options] == list(board.legal_moves)
            if not options:
                break
            for option in options:
                assert option.san.endswith("+") == board.gives_check(option.move), (board.fen(), option.san)
                assert option.san.rstrip("+") == board.san(option.move).rstrip("+#"), board.fen()
                assert option.piece == board.piece_type_at(option.move.from_square)
            board.push(rng.choice(options).move)
