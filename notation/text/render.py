"""Writing a move in any locale and style: the inverse of reading.

A move is rendered from its SAN (which already says piece, disambiguation, capture, promotion and check)
plus the move itself (for the long form's origin square) and whether it captured en passant, so rendering
a game needs no board work beyond what reading did.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import chess

from ..locales import WHITE_FIGURINES, Locale, get_locale

_SAN = re.compile(
    r"(?P<piece>[KQRBN])?(?P<origin>[a-h]?[1-8]?)(?P<capture>x)?(?P<to>[a-h][1-8])(?:=(?P<promotion>[QRBN]))?"
)
_SAN_PIECES = {"K": chess.KING, "Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT}
FORMS = ("short", "long", "long-dash")


@dataclass(frozen=True)
class Style:
    """How to write moves.

    Short (`Jf3`), long (`Jg1f3`) or long form with a dash between the squares where no capture mark stands
    (`Jg1-f3`, `e4×d5`: as many players write it) as `form`, one of FORMS; the capture mark ("" for none,
    None for the locale's own), check marks, `e.p.` marks, figurines, castling with zeros or letters O, and
    the mark before a promotion piece.
    """

    form: str = "short"
    capture: str | None = None
    checks: bool = True
    en_passant: bool = False
    figurines: bool = False
    castling_zero: bool = True
    promotion_mark: str = ""


DEFAULT_STYLE = Style()
PGN_STYLE = Style(capture="x", castling_zero=False, promotion_mark="=")


def render(
    san: str,
    move: chess.Move,
    locale: str | Locale,
    style: Style = DEFAULT_STYLE,
    *,
    en_passant: bool = False,
) -> str:
    """The move `san` (played as `move`) written in `locale` and `style`."""
    loc = get_locale(locale)
    check = san[-1] if san[-1] in "+#" else ""
    body = san[:-1] if check else san
    suffix = check if style.checks else ""
    if body.startswith("O-O"):
        castle = body.replace("O", "0") if style.castling_zero else body
        return castle + suffix
    found = _SAN.fullmatch(body)
    if found is None:
        raise ValueError(f"not SAN: {san!r}")
    capture_mark = loc.capture if style.capture is None else style.capture
    piece = found["piece"]
    letter = ""
    if piece:
        piece_type = _SAN_PIECES[piece]
        letter = WHITE_FIGURINES[piece_type] if style.figurines else loc.letter(piece_type)
    origin = chess.SQUARE_NAMES[move.from_square] if style.form in ("long", "long-dash") else found["origin"]
    between = capture_mark if found["capture"] else ""
    if not between and style.form == "long-dash":
        between = "-"
    text = letter + loc.written_files(origin) + between + loc.written_files(found["to"])
    if found["promotion"]:
        promoted = _SAN_PIECES[found["promotion"]]
        text += style.promotion_mark + (
            WHITE_FIGURINES[promoted] if style.figurines else loc.letter(promoted)
        )
    if en_passant and style.en_passant:
        text += " e.p."
    return text + suffix


def render_on_board(
    board: chess.Board, move: chess.Move, locale: str | Locale, style: Style = DEFAULT_STYLE
) -> str:
    """The move, legal in `board`, written in `locale` and `style` (board work included)."""
    return render(board.san(move), move, locale, style, en_passant=board.is_en_passant(move))


_CAPTURE_FORMS = ("x", "×", ":", "")


def renderings(
    san: str, move: chess.Move, locale: str | Locale, *, en_passant: bool = False
) -> tuple[str, ...]:
    """Every way a player of `locale` might write the move: short or long form, any capture mark or none,
    with or without the check mark and `e.p.`, castling with zeros or letters O, promotion with or without
    `=`. The decoder scores a reading against each and keeps the best."""
    loc = get_locale(locale)
    check = san[-1] if san[-1] in "+#" else ""
    body = san[:-1] if check else san
    checks = (check, "") if check else ("",)
    if body.startswith("O-O"):
        return tuple(castle + mark for castle in (body.replace("O", "0"), body) for mark in checks)
    found = _SAN.fullmatch(body)
    if found is None:
        raise ValueError(f"not SAN: {san!r}")
    letter = loc.letter(_SAN_PIECES[found["piece"]]) if found["piece"] else ""
    origins = dict.fromkeys((found["origin"], chess.SQUARE_NAMES[move.from_square]))
    captures = _CAPTURE_FORMS if found["capture"] else ("",)
    promotions: tuple[str, ...] = ("",)
    if found["promotion"]:
        promoted = loc.letter(_SAN_PIECES[found["promotion"]])
        promotions = (promoted, "=" + promoted)
    endings = (" e.p.", "") if en_passant else ("",)
    return tuple(
        letter + origin + capture + found["to"] + promotion + ending + mark
        for origin in origins
        for capture in captures
        for promotion in promotions
        for ending in endings
        for mark in checks
    )
