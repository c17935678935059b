"""A book set in a figurine font and read by OCR: its figurines come out as runs of other characters
(`lLlf3`, `tt:Jf6`, `i.e2`, `'iVb1`, `:tc8`, `'it>h7`), one run per piece in most of the book and others now
and then. No table can know them all, so each text teaches its own: the runs that stand before a square as a
piece letter would are found; the text is decoded once with each run read as any piece, the board deciding
(the moves the decoder is sure of are the evidence); a run that the evidence reads as one piece again and
again is written as that piece's letter, and the text is read as usual. Runs the evidence does not settle
stay "some piece" for the decoder, which the board decides or flags.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import replace

import chess

from ..locales import PIECE_ORDER, WHITE_FIGURINES, Locale
from .beam import Decoded, DecodedMove
from .chars import Glyphs

# A run of characters where a piece letter stands: after white space, a bracket or a move number (glued or
# not), before an optional origin and capture mark (or the long form's dash) and the square, and then the token
# ends.
_GLYPH_MOVE = re.compile(
    r"(?:(?<=[\s(])|^)(?>(?:\d{0,3}(?:\.+|…)){1,2})?+(?P<glyph>[^\s()\[\]{}*\-–—]{1,4}?)"
    r"(?P<origin>[a-h]?[1-8]?)[x:×X\-–—]?(?P<square>[a-h][1-8])(?=[\s+#!?,;)]|$)",
    re.MULTILINE,
)
# Runs that are something else: files, squares and ranks (`exd5`, `e2e4`), dots, numbers; not one digit
# (`4f3`, the knight of a font read as a 4).
_NOT_A_GLYPH = re.compile(r"[a-h1-8]*[a-h][a-h1-8]*|[0-9]{2,}\.*|[0-9]\.+|[x:×X]")
# A run that ends in a capture mark's character (`1:e1`, the rook's `1:` before e1, which `_GLYPH_MOVE` reads as
# a capture by `1`): read so where what stands before the mark is digits that stand before no square without
# the mark (`4f3` and `4xa2`: the run `4` and a capture).
_GLYPH_MARKED = re.compile(
    r"(?P<glyph>[^\s()\[\]{}*\-–—]{0,3}[x:×X])(?P<origin>[a-h]?[1-8]?)[\-–—]?(?P<square>[a-h][1-8])"
    r"(?=[\s+#!?,;)]|$)"
)
BLACK_FIGURINES = "♚♛♜♝♞♙♟"
_PRIVATE_USE = re.compile("[\ue000-\uf8ff]")
# The character a conversion puts for a figurine it cannot map: any piece, read by the board alone.
REPLACED = "\ufffd"
REPLACED_TOLD = (
    "the pieces' figurines were lost when the text was converted (U+FFFD before squares): each such move read "
    "as the piece that can go to its square, flagged where several kinds can"
)
# Figurines a PDF's text dropped altogether: a piece's move written as its square alone (`4. xd4`, `2. f3`),
# told by its captures, a capture mark with nothing before it; each square alone may then be a pawn's move or
# any piece's, the board deciding or the move flagged.
DROPPED = ""
_DROPPED_CAPTURE = re.compile(r"(?:(?<=\s)|(?<=\d\.)|(?<=\.\.)|^)[x×:][a-h][1-8]", re.MULTILINE)
_DROPPED_LEAST = 3
# A move written as its square alone, an origin's file or rank and a capture mark allowed before it.
_SQUARE_ALONE = re.compile(r"(?P<origin>[a-h]?[1-8]?)[x×:]?(?P<square>[a-h][1-8])[+#!?]*")
DROPPED_TOLD = (
    "the pieces' figurines were dropped from the text (captures written as `xd4`): each move written as its "
    "square alone read as a pawn's or any piece's, flagged where the board does not decide"
)
# A run is learned where it stands before this many squares at least, the evidence reading it as one piece
# in this share of its moves at least.
LEAST_SEEN = 2
_LEAST_SHARE = 0.75
# Runs before squares that make a text one a figurine font's OCR wrote: how many distinct runs, seen twice or
# more, and how many moves they write in all.
_LEAST_RUNS = 2
_LEAST_MOVES = 6
# What a run costs the decoder where it stands for a piece: any piece while learning (the board decides), and
# later any piece for a run the evidence did not settle.
_ANY_PIECE = math.log(0.3)


def glyph_runs(text: str, locale: Locale) -> Counter[str]:
    """The runs of characters that stand before squares where a piece letter would, and how often each does:
    none where too few of them do for a figurine font's OCR to have written the text."""
    # Not the pieces' letters in either case, nor figurines: the readers know them (a font's private-use
    # codes included: the strict reader learns those by the moves they make). A font's characters that
    # ChessBase's table reads as pieces (`£`, `¥`) are runs like any other: another font puts other pieces there.
    capitals = {*locale.letters.values(), *"KQRBN"}
    letters = {*capitals, *WHITE_FIGURINES.values(), *BLACK_FIGURINES}
    letters |= {letter.lower() for letter in letters}
    glyphs = [
        found["glyph"]
        for found in _glyph_moves(text)
        if not _NOT_A_GLYPH.fullmatch(found["glyph"])
        and not _PRIVATE_USE.search(found["glyph"])
        and REPLACED not in found["glyph"]
    ]
    runs = Counter(glyph for glyph in glyphs if locale.fold_script(glyph) not in letters)
    seen = {run: count for run, count in runs.items() if count >= LEAST_SEEN}
    if len(seen) < _LEAST_RUNS or sum(seen.values()) < _LEAST_MOVES:
        return Counter()
    # In a text a figurine font's OCR wrote, a piece's letter in lower case that the text never writes in
    # capitals before a square is a figurine as OCR read it too (`30...ta6`: the bishop's `..t`, where the
    # Serbian rook's letter is T and this text writes the rook `Ji`).
    folded = [locale.fold_script(glyph) for glyph in glyphs]
    written = set(folded)
    runs.update(
        glyph
        for glyph, plain in zip(glyphs, folded, strict=True)
        if plain.islower() and plain.upper() in capitals and plain.upper() not in written
    )
    return runs


def figurines_dropped(text: str) -> bool:
    """Whether a text's figurines were dropped altogether: captures with nothing before their mark."""
    return len(_DROPPED_CAPTURE.findall(text)) >= _DROPPED_LEAST


def any_piece(runs: Iterable[str], locale: Locale) -> Glyphs:
    """Each run read as any piece, at one cost: for the decoder's alignment."""
    runs = tuple(runs)
    return {
        locale.letter(piece): tuple((run, _ANY_PIECE) for run in runs)
        for piece in PIECE_ORDER
        if piece != chess.PAWN and locale.letter(piece)
    }


def learned_glyphs(games: Iterable[Decoded], runs: Collection[str]) -> dict[str, int]:
    """The runs that the games decoded with every run as any piece read as one piece: per run, the moves it
    writes where only that piece could go to the square written (the board decides, not the decoder's
    liking for a move), counted per piece."""
    tally: dict[str, Counter[int]] = defaultdict(Counter)
    for decoded in games:
        for _, move, board, found in _run_moves(decoded, runs):
            piece = board.piece_type_at(move.ply.move.from_square)
            if piece is not None and _pieces_to(board, found) == {piece}:
                tally[found["glyph"]][piece] += 1
    learned: dict[str, int] = {}
    for run, pieces in tally.items():
        (piece, count), total = pieces.most_common(1)[0], pieces.total()
        if count >= LEAST_SEEN and count >= _LEAST_SHARE * total:
            learned[run] = piece
    return learned


def flag_undecided(decoded: Decoded, glyphs: Glyphs) -> None:
    """Flag each move written with a run read as any piece where more than one piece could go to its square:
    the board does not decide which the run stands for, whatever the decoder liked best."""
    runs = {run for pairs in glyphs.values() for run, _ in pairs}
    for index, move, board, found in _run_moves(decoded, runs):
        if len(_pieces_to(board, found)) > 1:
            decoded.moves[index] = replace(move, flagged=True)
    if DROPPED in runs:
        # A square alone, its figurine dropped: a pawn's move as well as any piece's.
        board = chess.Board(decoded.start_fen)
        for index, move in enumerate(decoded.moves):
            alone = _SQUARE_ALONE.fullmatch(move.ply.written.text)
            if alone is not None and len(_pieces_to(board, alone, pawns=True)) > 1:
                decoded.moves[index] = replace(move, flagged=True)
            board.push(move.ply.move)


def _run_moves(
    decoded: Decoded, runs: Collection[str]
) -> Iterator[tuple[int, DecodedMove, chess.Board, re.Match[str]]]:
    """The decoded moves written with one of `runs`: index, move, the board before it, the run's match."""
    board = chess.Board(decoded.start_fen)
    for index, move in enumerate(decoded.moves):
        found = next(_glyph_moves(move.ply.written.text, runs), None)
        if found is not None and found.start() == 0 and found["glyph"] in runs:
            yield index, move, board, found
        board.push(move.ply.move)


def _pieces_to(board: chess.Board, found: re.Match[str], *, pawns: bool = False) -> set[int | None]:
    """The kinds of piece that can move to the square a run's move names, from the origin it names (and the
    pawns, `pawns`)."""
    square = chess.parse_square(found["square"])
    origin = found["origin"]
    return {
        board.piece_type_at(move.from_square)
        for move in board.legal_moves
        if move.to_square == square
        and (pawns or board.piece_type_at(move.from_square) != chess.PAWN)
        and all(chess.square_name(move.from_square)[0 if hint.isalpha() else 1] == hint for hint in origin)
    }


def written_with(text: str, learned: Mapping[str, int], locale: Locale) -> tuple[str, dict[str, int]]:
    """`text` with each learned run before a square written as its piece's letter, and the runs it held."""
    used: dict[str, int] = {}
    parts: list[str] = []
    end = 0
    for found in _glyph_moves(text, learned) if learned else ():
        piece = learned.get(found["glyph"])
        if piece is not None:
            used[found["glyph"]] = piece
            parts += [text[end : found.start("glyph")], locale.letter(piece)]
            end = found.end("glyph")
    text = "".join([*parts, text[end:]])
    # A run of symbols (`¥`) is the piece also where a kerning gap splits its move (`¥:d 4`, `¥ c3`).
    symbols = [run for run in learned if not any(char.isalnum() for char in run)]
    if symbols:
        split = re.compile(
            rf"(?:(?<=[\s(.…])|^)(?P<glyph>{'|'.join(map(re.escape, symbols))})"
            r"(?=\s?[a-h]?[1-8]?[x:×]?\s?[a-h]\s?[1-8])",
            re.MULTILINE,
        )

        def letter(found: re.Match[str]) -> str:
            used[found["glyph"]] = learned[found["glyph"]]
            return locale.letter(learned[found["glyph"]])

        text = split.sub(letter, text)
    return text, used


def _glyph_moves(text: str, runs: Collection[str] | None = None) -> Iterator[re.Match[str]]:
    """The moves in `text` written with a run where a piece letter stands (`_GLYPH_MOVE`), a run that ends in
    a capture mark's character read whole (`_GLYPH_MARKED`) where what stands before the mark is digits: where
    it is one of `runs`, or (`runs` not known) where those digits stand before no square without the mark."""
    found = list(_GLYPH_MOVE.finditer(text))
    plain = {
        move["glyph"]
        for move in found
        if move["glyph"].isdigit() and move.start("square") == move.end("glyph")
    }
    for move in found:
        marked = _GLYPH_MARKED.match(text, move.start("glyph")) if move["glyph"].isdigit() else None
        if marked is not None and (
            marked["glyph"] in runs if runs is not None else move["glyph"] not in plain
        ):
            yield marked
        else:
            yield move


def glyphs_told(used: Mapping[str, int]) -> str:
    """The warning that says which run was read as which piece."""
    read_as = ", ".join(f"{run!r} as the {chess.piece_name(piece)}" for run, piece in used.items())
    return f"a figurine font read by OCR as other characters: {read_as}"
