"""Page furniture inside a game's text: a game printed over a page break carries the page's number (and its
running head) between two of its moves, which no reading should take for a move number; and a line printed or
copied twice, which no reading should play twice."""

from __future__ import annotations

import re

# A page number on a line of its own (`104`, `- 115 -`), or with the running head's few words before or after
# it (`102 Partie z turnajů`, `Partie z turnajů   103`), where a game runs over a page break: no move's number,
# being far from the number written before it; read as one, it leaves the moves after it unreadable.
# A running head's or foot's words, a date among them (`pátek 28. listopadu 2025`; a year's last digit read as
# a letter by OCR, `202S`), or a chapter's number (`Kapitola 4: Útok na krále`).
_HEAD_WORD = r"(?:[^\W\d_]+[,.:]?|[0-9]{1,2}:|[0-9]{1,2}\.[ \t]*[^\W\d_]{3,}[ \t]+[12][0-9]{2}[0-9SOolI])"
_HEAD_WORDS = rf"{_HEAD_WORD}(?:[ \t]+{_HEAD_WORD}){{0,4}}"
_PAGE_NUMBER = re.compile(
    rf"(?<=[\n\u2028])[ \t]*(?:{_HEAD_WORDS}[ \t]+)?[-–—]?[ \t]*(?P<number>[0-9]{{1,4}})[ \t]*[-–—]?"
    rf"(?:[ \t]+{_HEAD_WORDS})?[ \t]*(?=\r?[\n\u2028])"
)
_NUMBER_WRITTEN = re.compile(r"(?<!\w)[0-9]{1,4}(?![0-9])")
_MOVE_NUMBER_WRITTEN = re.compile(r"[0-9]{1,3}[ \t]*[.)]")
# How far from the move number written before it a page number is.
PAGE_NUMBER_APART = 3
# Where a game's moves go on around it, a number from this on is a year (a heading's, a source's), not a page.
_YEARS_FROM = 1000


def page_numbers(text: str, *, going_on: bool = False) -> list[re.Match[str]]:
    """The lines of `text` that are a page number: a number alone on its line more than PAGE_NUMBER_APART from
    the move number before it (one with its dot or bracket, or one alone on its line too, kept). With
    `going_on`, only those after which a move number is written that goes on from the one before them, by
    PAGE_NUMBER_APART at most (the game goes on after the page break: not a year between two games, nor a
    place and year between a section's number and a game's move 1), and below 1000 (a year is a heading's or a
    source's)."""
    found_lines: list[re.Match[str]] = []
    last: int | None = None
    alone = {found.start("number"): found for found in _PAGE_NUMBER.finditer(text)}
    if not alone:
        return found_lines  # no number alone on its line: none is a page's (the common case, read at once)
    pending: list[tuple[re.Match[str], int]] = []  # page numbers waiting for the move number after them
    for found in _NUMBER_WRITTEN.finditer(text):
        number = int(found.group())
        line = alone.get(found.start())
        if line is None and any(page.start() <= found.start() < page.end() for page in alone.values()):
            continue  # a date in a running head's words
        if line is None:
            if _MOVE_NUMBER_WRITTEN.match(text, found.start()):
                found_lines.extend(
                    page
                    for page, before in pending
                    if not going_on or 0 <= number - before <= PAGE_NUMBER_APART
                )
                pending = []
                last = number
        elif last is not None and abs(number - last) > PAGE_NUMBER_APART:
            if not going_on or number < _YEARS_FROM:
                pending.append((line, last))
        else:
            last = number
    if not going_on:
        found_lines.extend(page for page, _ in pending)
    return found_lines


def blanked(text: str, lines: list[re.Match[str]]) -> str:
    """The text with each of `lines` blanked out, every position kept."""
    out = list(text)
    for line in lines:
        out[line.start() : line.end()] = " " * (line.end() - line.start())
    return "".join(out)


def without_page_numbers(text: str) -> str:
    """The text with each page number (`page_numbers`) blanked out, every position kept."""
    return blanked(text, page_numbers(text))


# A line with a letter and a digit in it: a line of moves (not `1-0`, nor a line of dashes).
_HOLDS_MOVES = re.compile(r"[^\W\d_].*[0-9]|[0-9].*[^\W\d_]")
_LINE = re.compile(r"[^\n]+")
# How many lines a stretch printed twice holds at most.
_REPEATED_LINES_MOST = 40


def repeated_lines(text: str, most: int = _REPEATED_LINES_MOST) -> list[list[re.Match[str]]]:
    """The lines of `text` that repeat, one for one, as many lines with text right before them (`most` at
    most; blank lines and white space at their ends aside), a letter and a digit among them: lines of moves
    printed twice (over a page break) or copied twice. The same moves cannot be played twice in a row, so the
    copy is no moves of the game. One list of lines for each copy."""
    lines = [line for line in _LINE.finditer(text) if line.group().strip()]
    texts = [line.group().strip() for line in lines]
    seen: dict[str, list[int]] = {}
    found: list[list[re.Match[str]]] = []
    index = 0
    while index < len(texts):
        count = next(
            (
                index - before
                for before in reversed(seen.get(texts[index], []))
                if index - before <= most
                and texts[index : 2 * index - before] == texts[before:index]
                and any(_HOLDS_MOVES.search(line) for line in texts[before:index])
            ),
            0,
        )
        if count:
            found.append(lines[index : index + count])
            index += count
        else:
            seen.setdefault(texts[index], []).append(index)
            index += 1
    return found


def copy_skipped(first: int, last: int) -> str:
    """The warning for lines `first` to `last` skipped as a copy of the lines before them."""
    if first == last:
        return f"line {first}: a copy of the line before it, skipped"
    return f"lines {first}-{last}: a copy of the lines before them, skipped"
