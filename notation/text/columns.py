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


# A move number as a paragraph's lines write it ("33.", "5...", "12 .", "11.0-0"), not a date's or a score's ("6.5.",
# "2/2025").
_MOVE_NUMBER = re.compile(r"([0-9](?<![\w.,:/][0-9])[0-9]{0,2})[ \t]?\.(?![0-9](?![-–—]))")
# A game's result as a line of moves ends it.
_RESULTS = r"1-0|0-1|1/2-1/2|½-½|1:0|0:1|½:½"
# A token of a line of moves: a move number, a move (its piece written in any way, figurines lost or garbled
# included, its marks and a footnote's number after it), castling or a result.
_MOVE_LIKE = re.compile(
    r"(?:[0-9]{1,3}[ \t]?\.+)?(?:\S{0,3}[a-h]?[1-8]?[-–—:x×]?[a-h][1-8]\S{0,4}|[0O](?:[-–—][0O]){1,2}\S{0,3})"
    rf"|[0-9]{{1,3}}\.+|{_RESULTS}|\*"
)
# The dots after a move number that make it Black's ("5...", "5. ...", "5…").
_BLACK_DOTS = re.compile(r"[ \t]?(?:\.\.|…)")
_WORD = re.compile(r"[^\W\d_]{4,}")
# Where a line's two columns part when a page's layout was kept: two spaces or more, or a tab.
_GUTTER = re.compile(r"(?<=\S)(?:[ ]{2,}|\t+)(?=\S)")
_RESULT = re.compile(rf"(?<!\S)(?:{_RESULTS})(?!\S)")
# A paragraph held to be read apart at most (a longer one, or a file without blank lines, is read as it is).
_PARAGRAPH_MOST = 400
# Lines with move numbers that each of two columns read across must hold, at least.
_COLUMN_LINES_LEAST = 3


def read_columns_apart(lines: Iterable[str]) -> Iterator[str]:
    """The lines, each paragraph that is two columns of a page read across read column by column.

    A two-column page copied or extracted line by line gives a line of one column, then the line beside it in
    the other: two games (or a game's end and the next game) alternate line by line ("33.V:h1 V:h1 34.K:h1",
    "1.d4 Jf6 2.c4 e6 3.Jc3", "S:d4 36.c:d4+ K:d4", "0-0 5.Sd3 d5 ..."). Each line with move numbers goes to the
    column whose numbers it goes on from; a line without them (a heading, a game's last moves and result) to
    the column beside the line before it, as long as that column's game has not ended. Where two columns read
    so alternate, hold three numbered lines each and the lines in their order do not go on, the paragraph is read as
    the column whose numbers start lower (the page's game, before the end of one begun on an earlier page), then
    the other; each line keeps its line ending, the paragraph its lines. Only lines of moves count as numbered,
    not a heading ("16. partia"), prose that cites moves or a list's item; a paragraph with a line of moves that
    opens a variation is read as it is: every other line may be the main line's, the lines between them its
    variations."""
    paragraph: list[str] = []
    for line in lines:
        if line.strip() and len(paragraph) < _PARAGRAPH_MOST:
            paragraph.append(line)
            continue
        read = _read_apart(paragraph, closed=not line.strip())
        yield from read
        if not line.strip() and len(read) == len(paragraph):
            yield line  # else the right column's line took the blank line's place
        paragraph = [line] if line.strip() else []
    yield from _read_apart(paragraph, closed=True)


def _read_apart(paragraph: list[str], *, closed: bool) -> list[str]:
    """The paragraph read column by column where it is two columns; as it is where every move number written
    on its lines goes on from the one before (nearly every paragraph: told at once). Columns side by side
    only where a blank line or the end closes the paragraph (their right column's line takes that place)."""
    if _numbers_go_on([[int(found[1]) for found in _MOVE_NUMBER.finditer(line)] for line in paragraph]):
        return paragraph
    numbers = _column_numbers(paragraph)
    return (_side_by_side(paragraph, numbers) if closed else []) or _apart(paragraph, numbers)


def _numbers(line: str) -> list[int]:
    """The move numbers of a line of moves; none for a heading's ("16. partia") or a sentence's."""
    return [int(found[1]) for found in _MOVE_NUMBER.finditer(line)] if _of_moves(line) else []


def _side_by_side(paragraph: list[str], numbers: list[list[int]]) -> list[str]:
    """The paragraph read column by column where its lines hold two columns side by side, as a page's layout
    kept gives them ("1.e2-e4 e7-e5 2.Jg1-f3     21.Sa4-b3 Df5-c5"), or a PDF's text joined with one blank
    ("4.e4 d6 5.Sc3 0-0 37.Ke3 f5 38.Lf3 Th2 39.a4"): the left column's lines, then one line of the right
    column's, which takes the place of the blank line after the paragraph (later lines keep their numbers).
    Empty where the lines are not two columns: at least three lines with both, the numbers of each column
    going on from line to line and those of the lines as they are (`numbers`, per line) not."""
    if _numbers_go_on(numbers):
        return []
    for left, right in (_parted_at_gutters(paragraph), _parted_at_jumps(paragraph)):
        columns = [_column_numbers(column) for column in (left, right)]
        if (
            sum(1 for one, other in zip(left, right, strict=True) if one and other) >= _COLUMN_LINES_LEAST
            and all(sum(1 for found in column if found) >= _COLUMN_LINES_LEAST for column in columns)
            and all(_numbers_go_on(column) for column in columns)
        ):
            endings = [line[len(line.rstrip("\r\n")) :] for line in paragraph]
            return [part + ending for part, ending in zip(left, endings, strict=True)] + [
                " ".join(part for part in right if part) + "\n"
            ]
    return []


def _parted_at_gutters(paragraph: list[str]) -> tuple[list[str], list[str]]:
    """Each line's left and right column where a gutter (`_GUTTER`) parts them; a line that starts with
    blanks the right column's alone."""
    left: list[str] = []
    right: list[str] = []
    for line in paragraph:
        body = line.rstrip("\r\n")
        gutter = _GUTTER.search(body)
        if body[:2] == "  " or body[:1] == "\t":  # the right column's line alone
            left.append("")
            right.append(body.strip())
        elif gutter is None:
            left.append(body)
            right.append("")
        else:
            left.append(body[: gutter.start()])
            right.append(body[gutter.end() :])
    return left, right


def _parted_at_jumps(paragraph: list[str]) -> tuple[list[str], list[str]]:
    """Each line's left and right column where one blank parts them: the right one starts at the move number
    where the line's numbers jump (`6.Sge2 a6 37.Ke3`), or at the first number of a line whose numbers go on
    from the right column's (a heading's words before them the left column's); Black's move that the right
    column's last line left due starts it (`9.h4 h5 a5 40.b3`, after `39.a4`). The lines above the first line
    that holds both are the right column's where their numbers lead up to its numbers there."""
    lines = [line.rstrip("\r\n") for line in paragraph]
    parts = [_jump_part(line) for line in lines]
    first = next((index for index, (_, jump) in enumerate(parts) if jump is not None), None)
    if first is None:
        return lines, [""] * len(lines)
    on_right = [False] * len(lines)
    # Upwards from the first line with both: a numbered line whose last number leads to the right column's.
    right_first = parts[first][0][parts[first][1] or 0][1]
    for index in range(first - 1, -1, -1):
        numbered = parts[index][0]
        if numbered and numbered[-1][1] in (right_first, right_first - 1):
            on_right[index] = True
            right_first = numbered[0][1]
    left: list[str] = []
    right: list[str] = []
    last: list[int | None] = [None, None]  # each column's last move number
    black_due = False  # the right column's last line ended with White's move
    for index, (line, (numbered, jump)) in enumerate(zip(lines, parts, strict=True)):
        if index > first and jump is None and numbered:
            number = numbered[0][1]
            on_right[index] = _goes_on_from(last[1], number) and not _goes_on_from(last[0], number)
        start = jump if jump is not None else (0 if on_right[index] else None)
        if start is None:
            left.append(line)
            right.append("")
            last[0] = numbered[-1][1] if numbered else last[0]
            continue
        at = numbered[start][0]
        tokens = [found.start() for found in re.finditer(r"\S+", line[:at])]
        if black_due and tokens and (start == 0 or numbered[start - 1][0] < tokens[-1]):
            at = tokens[-1]
        left.append(line[:at].rstrip())
        right.append(line[at:].strip())
        last = [numbered[start - 1][1] if start else last[0], numbered[-1][1]]
        black_due = len(_MOVE_NUMBER.sub("", line[numbered[-1][0] :], count=1).split()) == 1
    return left, right


def _jump_part(line: str) -> tuple[list[tuple[int, int]], int | None]:
    """A line's move numbers (where each starts, and the number) and the index of the one where they jump
    (neither the number before it nor the next): a second column's first; None where they do not."""
    numbered = [(found.start(), int(found[1])) for found in _MOVE_NUMBER.finditer(line)]
    jump = next(
        (
            index
            for index in range(1, len(numbered))
            if not _goes_on_from(numbered[index - 1][1], numbered[index][1])
        ),
        None,
    )
    return numbered, jump


def _column_numbers(parts: list[str]) -> list[list[int]]:
    """The move numbers of a column's lines: those of its lines of moves, and of a line whose moves a PDF's
    kerning broke apart (`Sf6 8.D a4+ S c6 9.Se 5¹`, `1. d4 d5 2. c4 e6`: too few tokens look like moves) where
    it holds no word (a heading's `16. partia`)."""
    return [
        _numbers(part)
        or ([] if _WORD.search(part) else [int(found[1]) for found in _MOVE_NUMBER.finditer(part)])
        for part in parts
    ]


def _apart(paragraph: list[str], numbers: list[list[int]]) -> list[str]:
    """The paragraph's lines, column by column where they are two columns read across (`numbers`: each line's
    move numbers, those of lines of moves only)."""
    if _numbers_go_on(numbers) or any(
        found and line.lstrip()[:1] in "([{" for line, found in zip(paragraph, numbers, strict=True)
    ):
        return paragraph
    column = _columns(paragraph, numbers)
    if column is None or _replays(paragraph, numbers, column):
        return paragraph
    # The column that begins a game (its numbers start lower) first: the page's game before the end of one
    # that began on an earlier page.
    first = column[min((found[0], index) for index, found in enumerate(numbers) if found)[1]]
    order = [index for index in range(len(paragraph)) if column[index] == first]
    order += [index for index in range(len(paragraph)) if column[index] != first]
    endings = [line[len(line.rstrip("\r\n")) :] for line in paragraph]
    return [paragraph[index].rstrip("\r\n") + ending for index, ending in zip(order, endings, strict=True)]


def _columns(paragraph: list[str], numbers: list[list[int]]) -> list[int] | None:
    """Which of two columns (0 or 1) each line belongs to, or None where the lines are not two columns."""
    last: list[int | None] = [None, None]  # each column's last move number
    ended = [False, False]  # whether its game's result was written
    lines = [0, 0]  # its lines with move numbers
    column: list[int] = []
    for line, found in zip(paragraph, numbers, strict=True):
        before = column[-1] if column and column[-1] >= 0 else None
        if found:
            if not _numbers_go_on([found]):
                return None
            goes_on = [not ended[side] and _goes_on_from(last[side], found[0]) for side in (0, 1)]
            if last[0] is None:
                side = 0
            elif goes_on[0] and goes_on[1]:
                side = 1 - before if before is not None else 0
            elif goes_on[0] or goes_on[1]:
                side = 0 if goes_on[0] else 1
            else:
                return None
            last[side] = found[-1]
            lines[side] += 1
        elif before is None:
            column.append(-1)  # a line before the first numbered line: placed below
            continue
        else:
            side = before if ended[1 - before] else 1 - before
        ended[side] = ended[side] or _RESULT.search(line) is not None
        column.append(side)
    # Two columns read across alternate: the shorter one's lines lie between the other's (a line or two out of
    # step allowed: a heading's line between two numbered ones), not two games' lines one block after the other.
    sides = [side for side, found in zip(column, numbers, strict=True) if found]
    switches = sum(1 for before, after in pairwise(sides) if before != after)
    if min(lines) < _COLUMN_LINES_LEAST or switches < 2 * min(lines) - 3:
        return None
    # The lines above the first numbered line alternate up from it, as the page's rows do.
    first = column.count(-1)
    return [(column[first] + first - index) % 2 if side < 0 else side for index, side in enumerate(column)]


def _replays(paragraph: list[str], numbers: list[list[int]], column: list[int]) -> bool:
    """Whether a column's line starts at a ply its line before already reached ("5...Jd5 6.Vg1 ∓", then
    "6.a5 Jb8 7.Jd5 Db6 ±"): a book's variations set as lines of their own between the main line's, each going
    back to the move it replaces, not a column's game, which goes on ply by ply."""
    last: dict[int, tuple[int, bool]] = {}
    for line, found, side in zip(paragraph, numbers, column, strict=True):
        if not found:
            continue
        plies = [
            (int(number[1]), _BLACK_DOTS.match(line, number.end()) is not None)
            for number in _MOVE_NUMBER.finditer(line)
        ]
        if side in last and plies[0] <= last[side]:
            return True
        last[side] = plies[-1]
    return False


def _of_moves(line: str) -> bool:
    """Whether a line is one of moves: three tokens of four at least look like moves, numbers or a result
    (not a sentence that cites a move, nor a list's numbered item)."""
    # Not a move's parts set apart ("h 5", "O - O"); all of them where every one is that short ("1. e4 e6 2. d4").
    tokens = [token for token in line.split() if len(token) > 2] or line.split()
    return bool(tokens) and 4 * sum(1 for token in tokens if _MOVE_LIKE.fullmatch(token)) >= 3 * len(tokens)


def _goes_on_from(last: int | None, number: int) -> bool:
    """Whether a move number goes on from the last one of its column (any does in a column not begun)."""
    return last is None or last <= number <= last + 1


def _numbers_go_on(numbers: list[list[int]]) -> bool:
    """Whether the move numbers of lines go on from line to line: each line's go up by at most one from the
    number before them (a line of Black's move and the next numbers starts with the last line's number again)."""
    last: int | None = None
    for found in numbers:
        for number in found:
            if not _goes_on_from(last, number):
                return False
            last = number
    return True
