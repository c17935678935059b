"""A book's variations set as lines of their own, without brackets, found by their move numbers.

Books set a side line as a paragraph of its own between the main line's: `5.Jc3 Jc6`, then `5...Jd5 6.Vg1 ∓`,
then `6.d4` where the main line goes on. The strict reader knows them (a number that goes back to the move
just played, the number due written later); the character decoder reads every move it meets, so it is given the
text with those lines blanked (`side_lines_out`).
"""

from __future__ import annotations

import re

# A move number as a token: `12.`, `12...`, `12…`, a bold number read twice (`10.10.`), a bare `12` in a book
# that writes none of its dots; a move may be glued after its dots (`2.Jf3`, `12...Ac5`).
_NUMBER = re.compile(r"(?P<number>[0-9]{1,3})(?:\.(?P=number))?(?P<dots>\.{0,3}|…)(?P<move>\S*)")
# White's move number with its dot, before a move (not a heading's `28. Vakhidov`).
_DOTTED_WHITE = re.compile(r"(?<![0-9.])[0-9]{1,3}\.(?!\.)\s?\S*[a-h][1-8]")
# A token that writes a move: a square, or castling; not a long form's target a blank split off (`Jc6 -b4`).
_MOVE = re.compile(r"^[^-–—].*[a-h][1-8]|^[a-h][1-8]|^[0O]-[0O]")
_RESULT = re.compile(r"(?<!\S)(?:1-0|0-1|1/2-1/2|½-½)(?!\S)")
_BLACK_DOTS = ("..", "...", "…")
# How far back a side line may go from the main line's last ply: further back is no side line but another
# stretch of the text (a column read across, a game's end printed before its start).
_BACK_MOST = 6


def side_lines_out(text: str) -> str:
    """`text` with each line of a side line blanked (its line break kept): a line whose first move number goes
    back to a ply the main line already reached (up to `_BACK_MOST` plies back), and the lines after it that
    go on from it, where a later line's number then goes on from the main line's last ply, or a result ends
    the game (else the lines are the main line's, however numbered)."""
    lines = text.split("\n")
    # A bare number is a move number only in a book that writes White's numbers without dots; else it is a
    # rank that a blank split from its file (`2.d 4`), a time, a count.
    bare = _DOTTED_WHITE.search(text) is None
    main_end: int | None = None  # the main line's last ply
    side_end: int | None = None  # the last ply of the side lines being read, None in the main line
    side: list[int] = []  # their lines, blanked once the main line goes on after them
    depth = 0  # brackets open: a variation in them is no line of its own
    for index, line in enumerate(lines):
        outside, depth = _outside_brackets(line, depth)
        plies = _plies(outside, bare)
        if plies is None:
            if side and _RESULT.search(outside):
                lines = _blanked(lines, side)
                side, side_end = [], None
            continue
        first, last = plies
        if main_end is None:
            main_end = last if first is not None else None
        elif first is None:
            if side_end is not None and last is not None:
                side.append(index)
                side_end += last
            else:
                main_end = None if last is None else main_end + last
        elif main_end - _BACK_MOST <= first <= main_end or (
            side_end is not None and first == side_end + 1 and first != main_end + 1
        ):
            side.append(index)
            side_end = last
        else:
            if first == main_end + 1 or _RESULT.search(outside):
                lines = _blanked(lines, side)
            side, side_end = [], None
            main_end = last
    return "\n".join(lines)


def _blanked(lines: list[str], indexes: list[int]) -> list[str]:
    """`lines` with those at `indexes` blanked, their length kept."""
    blank = set(indexes)
    return [" " * len(line) if index in blank else line for index, line in enumerate(lines)]


def _outside_brackets(line: str, depth: int) -> tuple[str, int]:
    """The line's text outside brackets (`depth` of them open before it: a variation, a note, a time), and how
    many are open after it."""
    kept = []
    for char in line:
        if char in "({[":
            depth += 1
        elif char in ")}]" and depth:
            depth -= 1
        elif not depth:
            kept.append(char)
    return "".join(kept), depth


def _plies(line: str, bare: bool) -> tuple[int | None, int | None] | None:
    """The ply a line's first move number starts and the last ply its moves reach; for a line that does not
    start with a move number, None and how many moves it writes; None for a line that writes no move."""
    tokens = line.split()
    ply: int | None = None
    first: int | None = None
    moves = 0
    for position, token in enumerate(tokens):
        if token in _BLACK_DOTS and position and _NUMBER.fullmatch(tokens[position - 1]) and ply is not None:
            ply += ply % 2  # `5. ...`: Black's move
            first = ply if position == 1 else first
            continue
        number = _NUMBER.fullmatch(token)
        if number is not None and (number["dots"] or (bare and not number["move"])):
            # (`29..h3`: White's number, a figurine read as a dot; Black's are dotted thrice.)
            ply = 2 * int(number["number"]) - (0 if number["dots"] in ("...", "…") else 1)
            first = ply if position == 0 else first
            token = number["move"]
            if not token:
                continue
        if _MOVE.search(token):
            moves += 1
            ply = None if ply is None else ply + 1
    if not moves:
        return None
    if first is None:
        return None, moves
    return first, None if ply is None else ply - 1
