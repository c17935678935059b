"""A score set in columns and copied row by row: a book's or a scoresheet's two to six columns of moves, as a
PDF's text or OCR gives them back, a row of each column to a line ("1 d4 d5  16 Dg2 Dd8  31 Dxh3 Vxh3",
"1.e2-e4 c7-c5  16.Se3xd5 Td8xd5"). Only the move numbers give the order: within a line they go up by the
number of rows, from line to line by one. Such a block of lines is read down its columns: its numbered moves
in the order of their numbers, set back on as many lines, so that later lines keep their numbers."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from itertools import pairwise

# A move number alone ("16", "16.", "16)"), and a line's numbered groups: a number and the one or two moves
# after it.
_NUMBER = re.compile(r"[0-9]{1,3}[.)]?")
# A number written against its move ("16.Se3xd5", "5.0-0").
_GLUED = re.compile(r"(?P<number>[0-9]{1,3})[.)](?P<move>\S*[^\W\d_]\S*|0-0(?:-0)?\S*)")
# The rules that may part the columns.
RULES = ("|", "│", "¦", "‖")
_FEWEST_COLUMNS = 2
_FEWEST_ROWS = 2


def read_down(lines: Iterable[str]) -> Iterator[str]:
    """The lines, each block of rows of a score set in columns read down its columns."""
    block: list[tuple[str, list[tuple[int, list[str]]]]] = []
    for line in lines:
        groups = _groups(line)
        if groups is not None and _goes_on(block, groups):
            block.append((line, groups))
            continue
        yield from _read(block)
        block = [(line, groups)] if groups is not None and len(groups) >= _FEWEST_COLUMNS else []
        if not block:
            yield line
    yield from _read(block)


def _groups(line: str) -> list[tuple[int, list[str]]] | None:
    """A line's numbered groups (the number, then its one or two moves), where the line is nothing else."""
    groups: list[tuple[int, list[str]]] = []
    for token in line.split():
        if token in RULES:
            continue
        glued = _GLUED.fullmatch(token)
        if _NUMBER.fullmatch(token):
            groups.append((int(token.rstrip(".)")), []))
        elif glued is not None:
            groups.append((int(glued["number"]), [glued["move"]]))
        elif not groups or len(groups[-1][1]) == 2:
            return None
        else:
            groups[-1][1].append(token)
    return groups if groups and all(moves for _, moves in groups) else None


def _step(groups: list[tuple[int, list[str]]]) -> int | None:
    """How much the numbers go up from group to group along the line, where always the same and more than 1."""
    steps = {later - earlier for (earlier, _), (later, _) in pairwise(groups)}
    return steps.pop() if len(steps) == 1 and min(steps) > 1 else None


def _goes_on(
    block: list[tuple[str, list[tuple[int, list[str]]]]], groups: list[tuple[int, list[str]]]
) -> bool:
    """Whether the line's groups are the block's next row: numbers one more than the last row's, column by
    column (the last column may end a row earlier)."""
    if not block:
        return False
    last = block[-1][1]
    return (
        len(groups) in (len(last), len(last) - 1)
        and all(number == above + 1 for (number, _), (above, _) in zip(groups, last, strict=False))
        and (len(groups) < _FEWEST_COLUMNS or _step(groups) == _step(last))
    )


def _read(block: list[tuple[str, list[tuple[int, list[str]]]]]) -> Iterator[str]:
    """The block's lines read down its columns, where it is one: at least two rows of at least two columns,
    as many rows as the numbers step along a row; else the lines as they are."""
    rows = [groups for _, groups in block]
    step = _step(rows[0]) if rows else None
    if len(rows) < _FEWEST_ROWS or step != len(rows):
        yield from (line for line, _ in block)
        return
    ordered = sorted((group for groups in rows for group in groups), key=lambda group: group[0])
    per_line = -(-len(ordered) // len(rows))
    for index, (line, _) in enumerate(block):
        part = ordered[index * per_line : (index + 1) * per_line]
        ending = line[len(line.rstrip("\r\n")) :]
        yield "  ".join(f"{number}. {' '.join(moves)}" for number, moves in part) + ending
