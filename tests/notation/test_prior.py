"""The move prior: features of a move, probabilities centred on the uniform, and its use by the decoder."""

from __future__ import annotations

import json
import math
import random

import chess
import pytest
from conftest import Either
from partiar.notation.decode.beam import decode
from partiar.notation.decode.reading import Reading
from partiar.notation.decode.textscore import TextReading
from partiar.notation.prior import FEATURES, WEIGHTS_FILE, MovePrior, Position, default_prior


def board_after(*sans: str) -> chess.Board:
    board = chess.Board()
    for san in sans:
        board.push_san(san)
    return board


def features_of(board: chess.Board, san: str, last_to: int | None = None) -> set[str]:
    move = board.parse_san(san)
    piece = board.piece_type_at(move.from_square)
    assert piece is not None
    position = Position(board, last_to)
    return {FEATURES[index] for index in position.features(move, piece, board.gives_check(move))}


def test_a_recapture_takes_back_and_a_castling_is_only_castling() -> None:
    board = board_after("e4", "d5", "exd5")
    assert {
        "queen",
        "takes pawn",
        "takes back",
        "wins material",
        "queen out in the first moves",
    } <= features_of(board, "Qxd5", chess.D5)
    assert "takes back" not in features_of(board, "Qxd5", None)
    castling = board_after("e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5")
    assert features_of(castling, "O-O") == {"castles", "book move"}
    castling.push_san("h3")
    castling.push_san("h6")
    assert features_of(castling, "O-O") == {"castles"}


def test_the_named_openings_mark_the_moves_they_go_on_with_and_the_one_most_go_on_with() -> None:
    board = board_after("e4", "e5")
    assert {"book move", "book's main move"} <= features_of(board, "Nf3")
    assert "book move" in features_of(board, "f4")
    assert "book's main move" not in features_of(board, "f4")
    assert not {"book move", "book's main move"} & features_of(board, "h4")
    # After 1. f4 the lines part (From's gambit, the Dutch reversed); after 1. h4 too few go on to say.
    assert "book's main move" not in features_of(board_after("f4"), "e5")
    assert "book's main move" not in features_of(board_after("h4"), "d5")


def test_a_move_into_a_pawns_capture_and_off_the_rim() -> None:
    board = board_after("e4", "e5")
    assert {"knight", "lands on a pawn's attack", "lands undefended and attacked"} <= features_of(
        board_after("e4", "e5", "Nf3", "Nc6"), "Nd4"
    )
    assert "knight to the rim" in features_of(board, "Nh3")
    assert "minor piece leaves the back rank" in features_of(board, "Nf3")


def test_centred_logs_are_zero_for_alike_moves_and_sum_to_the_move_count() -> None:
    board = chess.Board()
    moves = [(move, board.piece_type_at(move.from_square) or chess.PAWN, False) for move in board.legal_moves]
    flat = MovePrior([0.0] * len(FEATURES)).centred_logs(Position(board, None), moves)
    assert flat == pytest.approx([0.0] * len(moves))
    logs = default_prior().centred_logs(Position(board, None), moves)
    assert sum(math.exp(value) for value in logs) == pytest.approx(len(moves))
    assert len(set(logs)) > 1


def test_a_prior_needs_one_weight_per_feature() -> None:
    with pytest.raises(ValueError, match=f"needs {len(FEATURES)} weights"):
        MovePrior([1.0])


def test_the_shipped_prior_predicts_held_out_games_better_than_uniform() -> None:
    report = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))["report"]
    assert report["held_out_loss"] < report["held_out_uniform_loss"] - 0.3


def evidence(*cells: Reading) -> list[list[Reading | None]]:
    return [[cell] for cell in cells]


def test_where_the_cell_cannot_decide_the_prior_picks_the_recapture_and_flags_it() -> None:
    cells = evidence(TextReading("e4"), TextReading("d5"), TextReading("exd5"), Either("Jf6", "Dxd5"))
    plain = decode(cells, "sk")
    assert plain.moves[3].confidence < 0.55
    decoded = decode(cells, "sk", prior=default_prior())
    assert decoded.moves[3].ply.san == "Qxd5"
    assert decoded.moves[3].flagged
    assert decoded.moves[3].alternatives[0].san == "Nf6"


def test_the_prior_never_overrules_a_clear_reading() -> None:
    cells = evidence(TextReading("e4"), TextReading("d5"), TextReading("exd5"), TextReading("Jf6"))
    decoded = decode(cells, "sk", prior=default_prior())
    assert decoded.moves[3].ply.san == "Nf6"
    assert not decoded.moves[3].flagged


def test_the_squares_attacked_once_and_twice_are_every_pieces_attacks_added_up() -> None:
    """The pawns' attacks are taken all at once by shifts: the same squares as each piece's attacks."""
    rng = random.Random(5)
    for _ in range(40):
        board = chess.Board()
        for _ in range(rng.randrange(1, 120)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            for colour in chess.COLORS:
                once = twice = 0
                for square in chess.scan_forward(board.occupied_co[colour]):
                    attacks = board.attacks_mask(square)
                    twice |= once & attacks
                    once |= attacks
                assert Position._attacks(board, colour) == (once, twice), board.fen()
