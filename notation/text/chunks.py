"""Cutting a text into games and reading their tag pairs: where one game's text ends and the next begins (a
tag line, move 1 after a blank line, a heading that names both players, a column run on into the next game),
and the start position the tags give.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, Iterator
from itertools import islice
from typing import NamedTuple

import chess

from ..errors import NotationSyntaxError, quoted
from .headings import pgn_date, pgn_tag, read_heading
from .lexer import MOVE_AHEAD

_TAG_LINE = re.compile(r'\[\s*\w+\s+"')
_HEADER = re.compile(r'\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
# White's first move ("1.", "1 ."), not Black's ("1... d5", "1.… d5": a note's paragraph ended before it).
FIRST_MOVE = re.compile(r"1\s*\.(?![ \t]*(?:\.|…))")
# What OCR reads for a game's first number's 1: "I.", "l.", "i.", "í." or "|." ("í. d4, e6. 2. c4" in an
# Icelandic magazine).
ONE_AS_LETTER = "Ilií|"
# A line that starts a game ("1. e2—e4 e7—e6", its 1 perhaps read as a letter), and a move numbered 10 or more: a
# game under way.
_GAME_LINE = re.compile(rf"[1{ONE_AS_LETTER}][ \t]*\.[ \t]*(?:{MOVE_AHEAD})")
# A line of moves whose number OCR garbled ("12:Jb1–c3 Sd6–e7") is no line of words: it names two squares or more.
_SQUARES_OF_MOVES = 2
_LATE_MOVE = re.compile(rf"(?<![\w.])[1-9][0-9][ \t]*\.[ \t]*(?:\.\.\.?|…)?[ \t]*(?:{MOVE_AHEAD})")
# A heading run on after a game's last words: this many lines at most.
_RUN_ON_HEADING_LINES = 3
_ESCAPED_BRACKET = re.compile(r"\\([\[\]])")
# Markdown's marks before a line's first move: bold or italics opening, the number's dot escaped ("**1\. e4").
_MARKDOWN_LEAD = re.compile(r"^(?:\*\*|__|_)?(1)\\?(?=\.)")
# A move number before a move in prose ("24. Tce1", "26... Dg6", "10) Шс4").
NUMBERED_MOVE = re.compile(
    r"(?<!\w)[0-9]{1,3}(?=[ \t]*(?:\.|…|\))[ \t.…]*(?:[-–—][ \t]*(?=[^\W\d_]))?(?:[^\W\d_]|[0O][-–—][0O]))"
)
SQUARE = re.compile(r"[a-h][1-8]|[0O]-[0O]")
CHESS960_VARIANTS = {"chess960", "fischerandom", "fischerrandom", "960"}


def _heading_lines(body: list[str]) -> list[str]:
    """The fewest last lines of a game's text, up to `_RUN_ON_HEADING_LINES` of them without moves, that name
    both players: the heading of the game that starts right after them (the lines before stay the game's)."""
    for start in range(len(body) - 1, max(-1, len(body) - 1 - _RUN_ON_HEADING_LINES), -1):
        if not body[start].strip() or NUMBERED_MOVE.search(body[start]) is not None:
            return []
        tags = read_heading("\n".join(body[start:]))
        if "White" in tags and "Black" in tags:
            return body[start:]
    return []


# How many short paragraphs before a game's move 1 may make its heading, the players named in one of them.
_HEADING_PARAGRAPHS = 3


def _players_paragraph(body: list[str]) -> list[str]:
    """The fewest last paragraphs of a game's text (up to `_HEADING_PARAGRAPHS`, each short and without moves)
    with the blank lines after them that name both players ("K. Hromádka – E. Bogoljubov"; "Biely: Honfi
    Čierny: Pfleger", then "Hrané na pásmovom turnaji v Den Haagu"): they head the game that starts after them."""
    end = len(body)
    while end and not body[end - 1]:
        end -= 1
    start = end
    for _ in range(_HEADING_PARAGRAPHS):
        while start and not body[start - 1]:
            start -= 1
        paragraph_end = start
        while start and body[start - 1]:
            start -= 1
        if start == 0 or not 0 < paragraph_end - start <= 3:
            return []
        if any(NUMBERED_MOVE.search(line) is not None for line in body[start:paragraph_end]):
            return []
        tags = read_heading("\n".join(body[start:end]))
        if "White" in tags and "Black" in tags:
            return body[start:]
    return []


class Chunk(NamedTuple):
    """The text of one game (or of several glued games): header lines and the movetext after them."""

    headers: list[tuple[int, str]]
    movetext: str
    first_line: int


def _comment_state(line: str, open_before: bool) -> tuple[bool, bool]:
    """Whether a `{...}` comment is still open at the end of `line` (a `;` comment ends with its line), and
    whether the line holds anything outside comments."""
    open_now = open_before
    text = False
    for char in line:
        if open_now:
            open_now = char != "}"
        elif char == "{":
            open_now = True
        elif char == ";":
            break
        elif not char.isspace():
            text = True
    return open_now, text


# Not PGN's escape line but a move number typed with Shift held (`%.h3` for `5.h3`).
_SHIFTED_FIVE = re.compile(r"%\s*[.)]")


def split_games(lines: Iterable[str]) -> Iterator[Chunk]:
    """Cut a stream of lines into games: a tag line, a blank line followed by `1.` after some moves, or a line
    that starts with move 1 right after a line of words once a game has gone past move 10, starts a new one
    (none counts inside a `{...}` comment that spans lines, and a comment before the first move, blank line
    or not, stays with its game)."""
    headers: list[tuple[int, str]] = []
    body: list[str] = []
    body_start = 0
    blank = in_comment = moves = late = False
    source, ahead = iter(lines), deque[str]()
    unlisted = 0  # lines of a word processor's list still to come, their numbers to blank

    def following(count: int) -> list[str]:
        """The next `count` lines, read ahead (the loop takes them from there)."""
        while len(ahead) < count and (line := next(source, None)) is not None:
            ahead.append(line)
        return list(islice(ahead, count))

    for number, raw in enumerate(_from_ahead(source, ahead), 1):
        line = raw.rstrip("\r\n")
        if number == 1:
            line = line.lstrip("\ufeff")
        stripped = line.strip()
        if stripped.startswith("%") and not in_comment and not _SHIFTED_FIVE.match(stripped):
            stripped = line = ""  # PGN's escape line
        if not stripped:
            if body:
                body.append("")
                blank = True
            continue
        if stripped.startswith("\\[") and not in_comment:
            # Markdown escapes a tag pair's brackets (`\[Event "AS04"\]`), so as not to make a link of it.
            unescaped = _ESCAPED_BRACKET.sub(r"\1", stripped)
            if _HEADER.match(unescaped) is not None:
                stripped = line = unescaped
        tag_line = stripped.startswith("[") and _TAG_LINE.match(stripped) is not None
        # A whole tag pair after a blank line starts a game even inside a comment: that comment was never
        # closed, and the games after it are not swallowed by it.
        reopened = in_comment and blank and tag_line and _HEADER.fullmatch(stripped) is not None
        # A column that runs one game into the next, no blank line between (an old magazine's OCR'd page:
        # "26. Hel x e4f", prose, "Franski leikurinn. / J. Mieses. J. Mason.", then "1. e2—e4 e7—e6"): move 1
        # starting a line after a line of words, once the game has gone past move 10.
        run_on = (
            late
            and not blank
            and not in_comment
            and _GAME_LINE.match(stripped) is not None
            and NUMBERED_MOVE.search(body[-1]) is None
            and len(SQUARE.findall(body[-1])) < _SQUARES_OF_MOVES
        )
        if not in_comment and blank and moves and (found := _LINE_NUMBER.match(line)) and found[1] == "1":
            # A word processor's numbered list over the game's lines (`1.`, `2.` where 25, 26 are due): their
            # numbers blanked, the game goes on.
            unlisted = _renumbered(body, following(_LIST_AHEAD))
        if unlisted and (found := _LINE_NUMBER.match(line)) is not None:
            line = line[: found.start(1)] + " " * (found.end() - found.start(1)) + line[found.end() :]
            stripped, unlisted = line.strip(), unlisted - 1
        if (not in_comment or reopened) and (
            tag_line or run_on or (blank and moves and FIRST_MOVE.match(_MARKDOWN_LEAD.sub(r"\1", stripped)))
        ):
            heading: list[str] = (
                [] if tag_line else _heading_lines(body) if run_on else _players_paragraph(body)
            )
            if body:
                if heading:
                    del body[-len(heading) - (0 if run_on else 1) :]
                yield Chunk(headers, "\n".join(body), body_start)
                headers, body, moves, in_comment, late = [], [], False, False, False
            if heading:
                body, body_start = heading, number - len(heading) - (0 if run_on else 1)
            if tag_line:
                # Tag pairs copied out of a page onto one line, the moves after them on it too.
                tags, rest = _tags_in_line(stripped)
                headers.extend((number, tag) for tag in tags)
                if not rest:
                    continue
                line = rest
        if not body:
            body_start = number
        body.append(line)
        blank = False
        if in_comment or "{" in line or ";" in line:
            in_comment, text = _comment_state(line, in_comment)
            moves = moves or text
        else:
            moves = True
        late = late or (not in_comment and _LATE_MOVE.search(line) is not None)
    if headers or body:
        yield Chunk(headers, "\n".join(body), body_start or (headers[-1][0] + 1 if headers else 1))


def _from_ahead(source: Iterator[str], ahead: deque[str]) -> Iterator[str]:
    """The lines read ahead first, then the rest of `source`."""
    while True:
        if ahead:
            yield ahead.popleft()
        elif (line := next(source, None)) is not None:
            yield line
        else:
            return


# How many lines after a `1.` are looked at for a word processor's list that renumbered the game's lines.
_LIST_AHEAD = 8
# A line's move number, maybe after a list's bullet.
_LINE_NUMBER = re.compile(r"\s*(?:[-–*•◦▪▫■□●○‣⁃·►]\s*)?([0-9]{1,3})\s*[.)]")


def _renumbered(body: list[str], after: list[str]) -> int:
    """How many lines a word processor's numbered list renumbered over the game's lines, counting from a line
    that starts with `1.` after a blank line (`24. La1 e5`, a blank line, `1.⇥Td2 Td8`, `2.⇥Lh3 Tfe8`, `28. Sf4
    Sdc5`: 3): the lines after it number 2, 3 … and then the move due after the game's last number before the
    list, as many lines on. 0 where that `1.` starts a game."""
    last = max((int(found[1]) for line in body if (found := _LINE_NUMBER.match(line))), default=0)
    if last < 2:
        return 0
    listed = 1
    for line in after:
        found = _LINE_NUMBER.match(line)
        if not line.strip():
            continue
        if found is None:
            return 0
        if int(found[1]) == last + listed + 1:
            return listed
        if int(found[1]) != listed + 1:
            return 0
        listed += 1
    return 0


def _tags_in_line(line: str) -> tuple[list[str], str]:
    """The tag pairs a line starts with, and the text after them: `[Event "X"] [Site "Y"] 1.d4 Nf6` gives
    both tags and "1.d4 Nf6"; a line that is no run of whole tag pairs stays one (a broken tag, reported)."""
    tags, position = [], 0
    while (found := _HEADER.match(line, position)) is not None:
        tags.append(found.group())
        position = found.end()
        while position < len(line) and line[position] in " \t":
            position += 1
    if not tags:
        return [line], ""
    return tags, line[position:]


class Headers(NamedTuple):
    """A game's tag pairs read: the tags, the start board (None when a tag is broken) and the error, if any."""

    tags: dict[str, str]
    board: chess.Board | None
    fen: str
    chess960: bool
    error: NotationSyntaxError | None


def read_headers(chunk: Chunk) -> Headers:
    """The tags of a chunk and the start position they give (a FEN tag, Chess960)."""
    tags: dict[str, str] = {}
    for number, text in chunk.headers:
        found = _HEADER.fullmatch(text)
        if found is None:
            error = NotationSyntaxError(
                f"not a PGN tag: {quoted(text)}", line=number, column=1, source_line=text
            )
            return Headers(tags, None, chess.STARTING_FEN, False, error)
        name, value = found.group(1), found.group(2).replace('\\"', '"').replace("\\\\", "\\")
        translated = pgn_tag(name, value)
        if translated is not None and translated[0] != name:  # a tag name of another language ("Blancas")
            if translated[0] in tags:
                continue
            name, value = translated
        if name == "Date":
            value = pgn_date(value)
        tags[name] = value
    chess960 = tags.get("Variant", "").lower().replace(" ", "") in CHESS960_VARIANTS
    fen = tags.get("FEN")
    if not fen:
        return Headers(tags, chess.Board(chess960=chess960), chess.STARTING_FEN, chess960, None)
    try:
        board = chess.Board(fen, chess960=chess960)
    except ValueError as exc:
        line = next(n for n, t in chunk.headers if t.lstrip("[ ").startswith("FEN"))
        # python-chess ends its message with the whole FEN, which is echoed here cut short instead.
        reason = str(exc).partition(": ")[0]
        error = NotationSyntaxError(f"invalid FEN {quoted(fen)}: {reason}", line=line, column=1)
        return Headers(tags, None, chess.STARTING_FEN, chess960, error)
    # Rights to castle with a rook or king that is not on its square mean nothing (9.2.2).
    board.castling_rights = board.clean_castling_rights()
    return Headers(tags, board, board.fen(), chess960, None)
