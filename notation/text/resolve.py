"""Matching a written move against the legal moves of its position.

Marks a writer may omit (capture, check, mate, e.p.) never decide which move was meant: only the piece, the
origin qualifiers, the destination and the promotion do. A disagreeing mark becomes a warning.
"""

from __future__ import annotations

from typing import NamedTuple

import chess

from ..errors import (
    AmbiguousMoveError,
    GameOverError,
    IllegalMoveError,
    MoveError,
    NotationSyntaxError,
    quoted,
)
from ..game import Written
from ..locales import Locale, get_locale
from .lexer import grammar_for, written_from_tokens
from .render import render

# How the warning begins that says a long-form move was read although its letter is not the piece on its
# origin: the reading repaired what was written (`--from auto` prefers a locale that needs no such repair).
LETTER_REPAIRED = "written as"
# How the warning begins on a long-form move read on its destination although no piece of its kind stands on the
# origin written (`Ddl—b3` with the queen on c2): the origin or the destination is misprinted, and the reading
# guesses which (flagged for review).
ORIGIN_MISWRITTEN = "written from"
# The warning on a move written with a capture mark that takes nothing ("Bd3Xc4" for Bxe4, c and e confused).
FALSE_CAPTURE = "capture mark on a move that captures nothing"
_PIECE_NAMES = {piece: f"a {chess.piece_name(piece)}" for piece in chess.PIECE_TYPES}
SAN_LETTERS = {chess.KNIGHT: "N", chess.BISHOP: "B", chess.ROOK: "R", chess.QUEEN: "Q", chess.KING: "K"}
MATE_MARKS = ("#", "++", "X", "Х")


class Resolved(NamedTuple):
    """The legal move a written move names, its SAN before any check mark, and what the board says of it."""

    move: chess.Move
    san_body: str
    en_passant: bool
    capture: bool
    rivals: int
    moved: int | None = None  # the piece that moves, where it is not the one written


def _disambiguation(move: chess.Move, rivals: int) -> str:
    """The file and/or rank that tell a move from rival pieces of the same kind (PGN rules)."""
    if not rivals:
        return ""
    from_square = move.from_square
    file_needed = rank_needed = False
    if rivals & chess.BB_RANKS[chess.square_rank(from_square)]:
        file_needed = True
    if rivals & chess.BB_FILES[chess.square_file(from_square)]:
        rank_needed = True
    else:
        file_needed = True
    return (chess.FILE_NAMES[chess.square_file(from_square)] if file_needed else "") + (
        chess.RANK_NAMES[chess.square_rank(from_square)] if rank_needed else ""
    )


def san_body(board: chess.Board, move: chess.Move, piece: int, rivals: int, capture: bool) -> str:
    """SAN without the check mark, from what resolution already knows (no extra move generation)."""
    to_name = chess.SQUARE_NAMES[move.to_square]
    if piece == chess.PAWN:
        text = chess.FILE_NAMES[chess.square_file(move.from_square)] + "x" + to_name if capture else to_name
        if move.promotion:
            text += "=" + SAN_LETTERS[move.promotion]
        return text
    return SAN_LETTERS[piece] + _disambiguation(move, rivals) + ("x" if capture else "") + to_name


def _error(
    kind: type[MoveError],
    board: chess.Board,
    written: Written,
    locale: Locale,
    candidates: list[chess.Move],
    detail: str = "",
) -> MoveError:
    """The error for `written`, its candidates named in the letters of `locale`; after checkmate or
    stalemate, where no move is legal, a `GameOverError` that says so."""
    side = "white" if board.turn else "black"
    if not candidates and not any(board.generate_legal_moves()):
        return GameOverError(
            number=board.fullmove_number,
            side=side,
            text=written.text,
            line=written.line,
            column=written.column,
            fen=board.fen(),
            ending="checkmate" if board.is_check() else "stalemate",
            last=_last_move(board, locale),
        )
    sans = sorted(board.san(m) for m in candidates)
    return kind(
        number=board.fullmove_number,
        side=side,
        text=written.text,
        line=written.line,
        column=written.column,
        fen=board.fen(),
        candidates=sans,
        detail=detail,
        # The short form needs no origin square, so the null move stands in for each move.
        listed=[render(san, chess.Move.null(), locale) for san in sans],
    )


def _last_move(board: chess.Board, locale: Locale) -> str:
    """The move that led to `board`, with its number, in `locale` ("23. Dh7#"); "" when there is none."""
    if not board.move_stack:
        return ""
    before = board.copy()
    move = before.pop()
    dots = "." if before.turn else "..."
    return f"{before.fullmove_number}{dots} {render(before.san(move), move, locale)}"


def _candidates(board: chess.Board, piece: int, to_mask: int) -> list[chess.Move]:
    """Legal moves of the same kind of piece to the same square, or all legal moves of that kind when none
    reaches it: what an error message offers the reader instead."""
    kind = board.pieces_mask(piece, board.turn)
    return list(board.generate_legal_moves(kind, to_mask)) or list(board.generate_legal_moves(kind))


def _castle(board: chess.Board, written: Written, locale: Locale) -> Resolved:
    """Castling by the king's side of the board; python-chess knows where king and rook go (Chess960 too)."""
    san = "O-O" if written.castle == "short" else "O-O-O"
    try:
        move = board.parse_san(san)
    except ValueError:
        raise _error(
            IllegalMoveError,
            board,
            written,
            locale,
            list(board.generate_castling_moves()),
            "castling is not legal here",
        ) from None
    return Resolved(move, san, False, False, 0)


# Moves are plain values; one object per (from, to) pair saves building a new one for every ply.
_PLAIN_MOVES = [
    chess.Move(from_square, to_square) for from_square in chess.SQUARES for to_square in chess.SQUARES
]


def _movers(board: chess.Board, piece: int, to_square: int, own: int) -> int:
    """Own pieces of this kind that attack `to_square` (attacks are symmetric, so look from there)."""
    if piece == chess.KNIGHT:
        return board.knights & own & chess.BB_KNIGHT_ATTACKS[to_square]
    occupied = board.occupied
    diagonal = chess.BB_DIAG_ATTACKS[to_square][chess.BB_DIAG_MASKS[to_square] & occupied]
    if piece == chess.BISHOP:
        return board.bishops & own & diagonal
    straight = (
        chess.BB_RANK_ATTACKS[to_square][chess.BB_RANK_MASKS[to_square] & occupied]
        | chess.BB_FILE_ATTACKS[to_square][chess.BB_FILE_MASKS[to_square] & occupied]
    )
    if piece == chess.ROOK:
        return board.rooks & own & straight
    return board.queens & own & (diagonal | straight)


def _pinned(board: chess.Board, king: int, square: int) -> bool:
    """Whether the own piece on `square` shields its king from an enemy slider on the same line."""
    line = chess.BB_RAYS[king][square]
    if not line:
        return False
    enemy = board.occupied_co[not board.turn]
    if chess.square_rank(king) == chess.square_rank(square) or chess.square_file(king) == chess.square_file(
        square
    ):
        snipers = (board.rooks | board.queens) & enemy & line
    else:
        snipers = (board.bishops | board.queens) & enemy & line
    if not snipers:
        return False
    shield = chess.BB_SQUARES[square]
    return any(
        chess.between(king, sniper) & board.occupied == shield for sniper in chess.scan_forward(snipers)
    )


def _plain_move(board: chess.Board, written: Written) -> chess.Move | None:
    """The move, when only one piece can make it, it is not pinned, and its king is not in check.

    Then legality follows from the attack tables alone (for the king: the destination is not attacked);
    anything else (check, pins, castling, promotions, en passant, several candidates) returns None and goes
    through full move generation. The caller has checked that the side to move is not in check.
    """
    piece, to_square = written.piece, written.to_square
    assert to_square is not None and piece is not None
    turn = board.turn
    own = board.occupied_co[turn]
    if own & chess.BB_SQUARES[to_square]:
        return None
    king_mask = board.kings & own
    king = king_mask.bit_length() - 1
    if piece == chess.KING:
        # The king may go to any neighbouring square that no enemy piece attacks once he has left his own.
        if not chess.BB_KING_ATTACKS[king] & chess.BB_SQUARES[to_square] or board.attackers_mask(
            not turn, to_square, board.occupied ^ king_mask
        ):
            return None
        return _PLAIN_MOVES[king * 64 + to_square]
    if piece == chess.PAWN:
        rank = chess.square_rank(to_square)
        if rank in (0, 7):
            return None
        step = -8 if turn else 8
        from_file = written.from_file
        own_pawns = board.pawns & own
        if from_file is None or from_file == chess.square_file(to_square):
            if board.occupied & chess.BB_SQUARES[to_square]:
                return None
            from_square = to_square + step
            if not own_pawns & chess.BB_SQUARES[from_square]:
                double = from_square + step
                if (
                    rank != (3 if turn else 4)
                    or board.occupied & chess.BB_SQUARES[from_square]
                    or not own_pawns & chess.BB_SQUARES[double]
                ):
                    return None
                from_square = double
        else:
            if abs(from_file - chess.square_file(to_square)) != 1:
                return None
            from_square = chess.square(from_file, rank) + step
            if not (
                own_pawns & chess.BB_SQUARES[from_square]
                and board.occupied_co[not turn] & chess.BB_SQUARES[to_square]
            ):
                return None
        if written.from_rank is not None and chess.square_rank(from_square) != written.from_rank:
            return None
    else:
        movers = _movers(board, piece, to_square, own)
        if not movers or movers & (movers - 1):
            return None
        from_square = movers.bit_length() - 1
        if (written.from_file is not None and chess.square_file(from_square) != written.from_file) or (
            written.from_rank is not None and chess.square_rank(from_square) != written.from_rank
        ):
            return None
    if _pinned(board, king, from_square):
        return None
    return _PLAIN_MOVES[from_square * 64 + to_square]


def _files_capture(board: chess.Board, written: Written, locale: Locale) -> Resolved:
    """A pawn capture named by its two files ("ed"): the one legal capture from the one file to the other."""
    assert written.from_file is not None and written.to_file is not None
    pawns = board.pawns & board.occupied_co[board.turn] & chess.BB_FILES[written.from_file]
    matches = [
        m
        for m in board.generate_legal_moves(pawns, chess.BB_FILES[written.to_file])
        if board.is_capture(m) and m.promotion == written.promotion
    ]
    if len(matches) != 1:
        kind = AmbiguousMoveError if matches else IllegalMoveError
        raise _error(kind, board, written, locale, matches or list(board.generate_legal_moves(pawns)))
    move = matches[0]
    en_passant = board.is_en_passant(move)
    return Resolved(move, san_body(board, move, chess.PAWN, 0, True), en_passant, True, 0)


def _pieces_capture(board: chess.Board, written: Written, locale: Locale) -> Resolved:
    """A capture named by its two pieces ("RxA"): the one legal capture of such a piece by such a piece."""
    piece, captured = written.piece, written.captured
    assert piece is not None and captured is not None
    movers = board.pieces_mask(piece, board.turn)
    if written.from_file is not None:
        movers &= chess.BB_FILES[written.from_file]
    matches = list(board.generate_legal_moves(movers, board.pieces_mask(captured, not board.turn)))
    if len(matches) != 1:
        kind = AmbiguousMoveError if matches else IllegalMoveError
        raise _error(kind, board, written, locale, matches or list(board.generate_legal_moves(movers)))
    move = matches[0]
    same_kind = list(board.generate_legal_moves(movers, chess.BB_SQUARES[move.to_square]))
    rivals = _rivals(move, piece, same_kind)
    return Resolved(move, san_body(board, move, piece, rivals, True), False, True, rivals)


def resolve(board: chess.Board, written: Written, locale: Locale, in_check: bool | None = None) -> Resolved:
    """The one legal move `written` names in `board`, or an IllegalMoveError / AmbiguousMoveError whose
    message names the candidates in the letters of `locale`, the move's own.

    `in_check` may pass on what the caller already knows about the side to move being in check.
    """
    if written.castle:
        return _castle(board, written, locale)
    if written.captured is not None:
        return _pieces_capture(board, written, locale)
    if written.to_square is None:
        return _files_capture(board, written, locale)
    if piece_unwritten(written):
        return _unwritten_capture(board, written, locale)
    if not (board.is_check() if in_check is None else in_check):
        plain = _plain_move(board, written)
        if plain is not None and written.promotion is None:
            piece = written.piece
            assert piece is not None
            capture = bool(board.occupied_co[not board.turn] & chess.BB_SQUARES[plain.to_square])
            return Resolved(plain, san_body(board, plain, piece, 0, capture), False, capture, 0)
    piece = written.piece
    assert piece is not None and written.to_square is not None
    turn = board.turn
    to_square = written.to_square
    to_mask = chess.BB_SQUARES[to_square]
    from_file, from_rank = written.from_file, written.from_rank
    if piece == chess.PAWN:
        # A pawn move written without an origin file is a push: captures must name their file (C.9).
        if from_file is None:
            from_file = chess.square_file(to_square)
        from_mask = board.pawns & board.occupied_co[turn] & chess.BB_FILES[from_file]
    else:
        from_mask = board.pieces_mask(piece, turn)
    same_kind = list(board.generate_legal_moves(from_mask, to_mask))
    matches = same_kind
    if len(matches) > 1 or (piece != chess.PAWN and (from_file is not None or from_rank is not None)):
        matches = [
            m
            for m in matches
            if (from_file is None or chess.square_file(m.from_square) == from_file)
            and (from_rank is None or chess.square_rank(m.from_square) == from_rank)
        ]
    if piece == chess.PAWN and matches and matches[0].promotion:
        promoted = [m for m in matches if m.promotion == written.promotion]
        if not promoted:
            detail = "the promotion piece is not written" if written.promotion is None else ""
            kind = AmbiguousMoveError if written.promotion is None else IllegalMoveError
            raise _error(kind, board, written, locale, matches or same_kind, detail)
        matches = promoted
    if not matches and _mistyped_origin(written, same_kind):
        # "Ce1—d2" where the one bishop that reaches d2 stands on c1: the long form's origin is a slip of
        # the pen or of OCR (c/e), told apart by the piece and the destination alone; `mark_warnings` says so.
        matches = same_kind
    moved = None
    if not matches and written.long_form and from_file is not None and from_rank is not None:
        # "Kg1-f3" where a knight stands on g1 (a translation's K for the Russian К, конь; OCR): the long
        # form's two squares name the move, the letter is a slip; `mark_warnings` says so. Written with no
        # letter at all (coordinates: "g1f3", "g1-f3", an ICCF code's squares), the squares alone name it,
        # the king's two files along his rank (`e1g1`) castling.
        origin = chess.square(from_file, from_rank)
        standing = board.piece_type_at(origin)
        if standing == chess.KING and letterless(written) and _castling_by_squares(origin, to_square):
            return _castle(
                board,
                written._replace(castle="short" if to_square > origin else "long"),
                locale,
            )
        if standing is not None and standing != piece and board.color_at(origin) == turn:
            matches = [
                m
                for m in board.generate_legal_moves(chess.BB_SQUARES[origin], to_mask)
                if m.promotion == written.promotion
            ]
            piece = moved = standing
            same_kind = list(board.generate_legal_moves(board.pieces_mask(piece, turn), to_mask))
    if len(matches) != 1:
        if matches:
            raise _error(AmbiguousMoveError, board, written, locale, matches)
        raise _error(IllegalMoveError, board, written, locale, _candidates(board, piece, to_mask))
    move = matches[0]
    if written.promotion is not None and not move.promotion:
        raise _error(
            IllegalMoveError, board, written, locale, same_kind, "only a pawn on the last rank promotes"
        )
    en_passant = piece == chess.PAWN and board.ep_square == move.to_square and board.is_en_passant(move)
    capture = en_passant or bool(board.occupied_co[not turn] & to_mask)
    rivals = _rivals(move, piece, same_kind)
    return Resolved(move, san_body(board, move, piece, rivals, capture), en_passant, capture, rivals, moved)


def letterless(written: Written) -> bool:
    """Whether a move is written by its squares alone, no piece or pawn letter (coordinates: "g1f3")."""
    return written.piece == chess.PAWN and not written.pawn_letter and written.text[:1] in "abcdefgh"


def _castling_by_squares(origin: int, to_square: int) -> bool:
    """Whether the king's move from `origin` to `to_square` is castling written by its squares (`e1g1`)."""
    return origin in (chess.E1, chess.E8) and to_square - origin in (2, -2)


def _rivals(move: chess.Move, piece: int, same_kind: list[chess.Move]) -> int:
    """The squares of the other pieces of the kind that moved that could have gone where it went."""
    rivals = 0
    if piece != chess.PAWN:
        for other in same_kind:
            if other.from_square != move.from_square:
                rivals |= chess.BB_SQUARES[other.from_square]
    return rivals


def piece_unwritten(written: Written) -> bool:
    """Whether a move starts with its capture mark ("7. xd5", "4.xd4"): a pawn's capture names its file, so
    the piece is not written (a figurine lost in copying)."""
    return written.piece == chess.PAWN and written.capture_mark and written.text[:1] in "x×X:Х"


def _unwritten_capture(board: chess.Board, written: Written, locale: Locale) -> Resolved:
    """The capture on the written square by any piece (from the origin written, if any); ambiguous where
    several can make it, so that the moves after it may decide."""
    assert written.to_square is not None
    to_mask = chess.BB_SQUARES[written.to_square]
    matches = [
        move
        for move in board.generate_legal_moves(chess.BB_ALL, to_mask)
        if board.is_capture(move)
        and move.promotion == (written.promotion if move.promotion else None)
        and (written.from_file is None or chess.square_file(move.from_square) == written.from_file)
        and (written.from_rank is None or chess.square_rank(move.from_square) == written.from_rank)
    ]
    if len(matches) != 1:
        kind = AmbiguousMoveError if matches else IllegalMoveError
        raise _error(kind, board, written, locale, matches, "no piece written")
    move = matches[0]
    piece = board.piece_type_at(move.from_square)
    assert piece is not None
    same_kind = (
        []
        if piece == chess.PAWN
        else list(board.generate_legal_moves(board.pieces_mask(piece, board.turn), to_mask))
    )
    rivals = _rivals(move, piece, same_kind)
    en_passant = board.is_en_passant(move)
    return Resolved(move, san_body(board, move, piece, rivals, True), en_passant, True, rivals)


def _mistyped_origin(written: Written, same_kind: list[chess.Move]) -> bool:
    """A piece's long-form move whose written origin square is not where the one piece of its kind that can
    reach the destination stands."""
    return (
        written.long_form
        and written.piece not in (None, chess.PAWN)
        and written.from_file is not None
        and written.from_rank is not None
        and len(same_kind) == 1
    )


def mark_warnings(written: Written, resolved: Resolved, suffix: str) -> tuple[str, ...]:
    """What the written marks and qualifiers say that the board does not; empty in the common case."""
    found: tuple[str, ...] = ()
    origin = resolved.move.from_square
    if (
        written.long_form
        and written.from_file is not None
        and written.from_rank is not None
        and chess.square(written.from_file, written.from_rank) != origin
    ):
        written_origin = chess.SQUARE_NAMES[chess.square(written.from_file, written.from_rank)]
        found += (
            f"{ORIGIN_MISWRITTEN} {written_origin}, but the only such move is from {chess.SQUARE_NAMES[origin]}",
        )
    if piece_unwritten(written):
        found += ("no piece written: read as the only capture on its square",)
    if resolved.moved is not None and not letterless(written):
        square = chess.SQUARE_NAMES[origin]
        found += (
            f"{LETTER_REPAIRED} {_PIECE_NAMES[written.piece or chess.PAWN]}, but the piece on {square} is "
            f"{_PIECE_NAMES[resolved.moved]}",
        )
    if written.capture_mark != resolved.capture:
        found += (FALSE_CAPTURE,) if written.capture_mark else ("capture not marked",)
    if written.en_passant_mark != resolved.en_passant:
        found += (
            ("e.p. mark on a move that is not an en-passant capture",)
            if written.en_passant_mark
            else ("e.p. not marked",)
        )
    if written.check_mark != suffix:
        found += check_warnings(written.check_mark, suffix)
    if (
        resolved.rivals == 0
        and written.piece not in (None, chess.PAWN)
        and not written.long_form
        and (written.from_file is not None or written.from_rank is not None)
    ):
        found += ("origin qualifier not needed",)
    if written.hyphen:
        found += ("hyphenated long form is not FIDE notation",)
    if written.pawn_letter:
        found += ("pawns have no letter in FIDE notation",)
    return found


def check_suffix(board: chess.Board) -> str:
    """ "+", "#" or "" for the position after a move (the board has the move pushed)."""
    if not board.is_check():
        return ""
    return "+" if any(board.generate_legal_moves()) else "#"


def check_warnings(written_mark: str, suffix: str) -> tuple[str, ...]:
    """Disagreements between a written check/mate mark and the board; "++" may mean mate or double check."""
    if written_mark == suffix or (written_mark == "++" and suffix):
        return ()
    if not written_mark:
        return ("checkmate not marked",) if suffix == "#" else ("check not marked",)
    if not suffix:
        return (f"{written_mark!r} written but the move gives no check",)
    if suffix == "#":
        return ("checkmate marked as check",)
    return (f"{written_mark!r} written but the move is not mate",)


def parse_written(text: str, locale: str | Locale) -> Written:
    """One move written alone (a claim's written move, say), read but not yet resolved."""
    grammar = grammar_for(locale if isinstance(locale, str) else locale.code)
    written = written_from_tokens(grammar, text)
    if written is None:
        raise NotationSyntaxError(f"{quoted(text)} is not a move", line=1, column=1, source_line=text)
    return written


def parse_move(board: chess.Board, text: str, locale: str | Locale) -> chess.Move:
    """One move written in a locale, resolved in `board`."""
    return resolve(board, parse_written(text, locale), get_locale(locale)).move
