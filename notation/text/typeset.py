"""What a PDF's typesetting leaves in the text copied from it: moves its kerning split apart (`3. d 4`,
`11.d5 S b6`, `Dd 5`, `ax b5`), and footnote marks glued to moves (`7. Jxc6¹ Dxc6`). A move split apart is
joined; a footnote mark after a move is dropped (the footnote's own line stays where it is). Lines keep their
length (blanks at their end for what was dropped), so that the columns of later moves move by a character or two
at most, and no gap that looks like a page's gutter between two columns opens.
"""

from __future__ import annotations

import re

# A piece's letter in any alphabet, a figurine, or a character a figurine font puts for one (ChessBase's
# `£ ¥ ¦ ¤ ¢`, others' `¶ § ð`, a symbol font's private-use codes, U+FFFD for a figurine not converted).
_PIECE = r"[A-WYZА-ЯЁЂЈЉЊЋЏ♔♕♖♗♘♚♛♜♝♞£¥¦¤¢¶§ð\ue000-\uf8ff\ufffd]"
# A move written whole (a glued move number allowed before it).
_MOVE = re.compile(
    rf"(?:[0-9]{{1,3}}\.+)?{_PIECE}?[a-h]?[1-8]?[x×:]?[a-h][1-8](?:={_PIECE})?[+#]?[!?]*"
    r"|(?:[0-9]{1,3}\.+)?[0O]-[0O](?:-[0O])?[+#]?[!?]*"
)
# What may stand on either side of a move split apart: a move number, a move, a result.
_BESIDE = re.compile(r"[0-9]{1,3}\.+|\.{2,3}|…|1-0|0-1|½-½|1/2-1/2|[+#!?=∓±∞]+|" + _MOVE.pattern)
# The first part of a move split apart (a glued move number allowed before it): a piece, a piece and its file,
# a piece or a pawn's file and a capture mark (`S`, `Dd`, `ax`, `Л:`); or a file, its rank the second part.
_PIECE_PART = re.compile(rf"(?:[0-9]{{1,3}}\.+)?{_PIECE}[a-h]?[x×:X]?|(?:[0-9]{{1,3}}\.+)?[a-h][x×:X]")
_FILE_PART = re.compile(rf"(?:[0-9]{{1,3}}\.+)?{_PIECE}?[a-h]")
_RANK = re.compile(r"[1-8][+#]?[!?]*")
_SQUARE = re.compile(r"[a-h][1-8]")
# A line that may hold a move split apart: a piece, a file or a capture mark, one blank, then a rank or a
# square, and then the move ends.
_SPLIT_HINT = re.compile(r"(?:[a-h]|[x×:X]|" + _PIECE + r") [x×:]?[a-h]?[1-8](?=[\s+#!?,;)]|$)")
_TOKEN = re.compile(r"\S+")
_NUMBER = re.compile(r"[0-9]{1,3}\.+|\.{2,3}|…")
_WORDS = "ae"  # files that are words of their own ("a", "and"; "e", "and")
_FOOTNOTE_MARK = re.compile(r"(?<=[1-8+#!?O0])[¹²³⁴⁵⁶⁷⁸⁹⁰]+(?=[\s,;)]|$)")


def typeset(line: str) -> str:
    """The line with its moves joined where kerning split them, and footnote marks after moves blank."""
    length = len(line)
    if not line.isascii() and _FOOTNOTE_MARK.search(line):
        line = _FOOTNOTE_MARK.sub("", line)
    if _SPLIT_HINT.search(line):
        line = _joined(line)
    return line.ljust(length)


def _joined(line: str) -> str:
    """The line with each move split apart by one blank joined (`d 4` → `d4`): a file and its rank, or a
    piece (and its file, or a capture mark) and its square, where a move number, a move or a result stands
    on one side and nothing that is prose on the other. Not a long form's piece and squares, each apart
    (`K g1 f3`)."""
    found = list(_TOKEN.finditer(line))
    tokens = [token.group() for token in found]
    spans = [token.span() for token in found]
    chars = list(line)
    index = 0
    while index < len(tokens) - 1:
        first, second = tokens[index], tokens[index + 1]
        before = tokens[index - 1] if index else ""
        after = tokens[index + 2] if index + 2 < len(tokens) else ""
        if (
            spans[index + 1][0] == spans[index][1] + 1
            and _split_move(first, second, after)
            and _beside_moves(first, before, after)
        ):
            chars[spans[index][1]] = ""
            tokens[index + 1] = first + second  # the move joined, beside the next
            index += 1  # its second part is used
        index += 1
    return "".join(chars)


def _split_move(first: str, second: str, after: str) -> bool:
    """Whether two words are the parts of one move that kerning split apart."""
    if _FILE_PART.fullmatch(first):
        return _RANK.fullmatch(second) is not None
    return (
        _PIECE_PART.fullmatch(first) is not None
        and _MOVE.fullmatch(first + second) is not None
        and not (_SQUARE.fullmatch(second) and _SQUARE.fullmatch(after))
    )


def _beside_moves(first: str, before: str, after: str) -> bool:
    """Whether a move split apart stands among moves: a move number, a move or a result on one side and no
    prose on the other; or a file and its rank after a move number or a move (`27. c3 d 6 favoriti`, a column
    of prose beside), a file that is no word (not `a`, `e`) where a move stands before it."""
    if any(_BESIDE.fullmatch(word) for word in (before, after)) and all(
        map(_may_stand_beside, (before, after))
    ):
        return True
    return _FILE_PART.fullmatch(first) is not None and (
        _NUMBER.fullmatch(before) is not None
        or (first[-1] not in _WORDS and _BESIDE.fullmatch(before) is not None)
    )


def _may_stand_beside(word: str) -> bool:
    """Whether a word beside a move split apart is no prose: none, a move number, a move or a result, or
    the first part of a move split apart itself (`8.D a4+ S c6`)."""
    return not word or any(
        pattern.fullmatch(word) is not None for pattern in (_BESIDE, _PIECE_PART, _FILE_PART)
    )
