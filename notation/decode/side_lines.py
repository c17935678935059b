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
# A token that writes a move: a square, or castling.
_MOVE = re.compile(r"[a-h][1-8]|^[0O]-[0O]")
_BLACK_DOTS = ("..", "...", "…")
# How far back a side line may go from the main line's last ply: further back is no side line but another
# stretch of the text (a column read across, a game's end printed before its start).
_BACK_MOST = 6


def side_lines_out(text: str) -> str:
    """`text` with each line of a side line blanked (its line break kept): a line whose first move number goes
    back to a ply the main line already reached (up to `_BACK_MOST` plies back), and the lines after it that
    go on from it, until a line's number goes on from the main line's last ply."""
    lines = text.split("\n")
    main_end: int | None = None  # the main line's last ply
    side_end: int | None = None  # the last ply of the side line being read, None in the main line
    depth = 0  # brackets open: a variation in them is no line of its own
    for index, line in enumerate(lines):
        outside, depth = _outside_brackets(line, depth)
        plies = _plies(outside)
        if plies is None:
            continue
        first, last = plies
        if first is not None and main_end is not None:
            if main_end - _BACK_MOST <= first <= main_end:
                side_end = last
            elif side_end is not None and first == side_end + 1 and first != main_end + 1:
                side_end = last  # the side line's next line
            else:
                side_end = None
        if side_end is not None:
            lines[index] = " " * len(line)
            if first is None and last is not None:
                side_end += last
        elif first is None:
            main_end = None if main_end is None or last is None else main_end + last
        else:
            main_end = last
    return "\n".join(lines)


def _outside_brackets(line: str, depth: int) -> tuple[str, int]:
    """The line's text outside round brackets (`depth` of them open before it), and how many are open after it."""
    kept = []
    for char in line:
        if char == "(":
            depth += 1
        elif char == ")" and depth:
            depth -= 1
        elif not depth:
            kept.append(char)
    return "".join(kept), depth


def _plies(line: str) -> tuple[int | None, int | None] | None:
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
        if number is not None and (number["dots"] or not number["move"]):
            ply = 2 * int(number["number"]) - (0 if number["dots"] in _BLACK_DOTS else 1)
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
