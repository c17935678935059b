"""A game's score exported from a spreadsheet or set as a table: one move number and its moves to a row, the
cells parted by semicolons, tabs or commas (CSV, often every cell in quotes), or by the bars of a Markdown
table (`| 12 | Jf3 | Jc6 |`). A numbered row is read as the line it stands for (`12. Jf3 Jc6`): the marks that
part and quote its cells as blanks, its number cell as the number with its dot (`12`, `"12."`, `12,0` and
`12.0` as Excel writes a number), a cell's leading apostrophe (Excel's mark of text: `'0-0`) as a blank. Each
mark becomes characters of the same count, so columns still count what an editor shows. Rows of quoted cells
(a heading's `"Biely";"Kasparov"`) lose their quotes and parting marks alike."""

from __future__ import annotations

import re

# A row whose first cell is a move number, and the mark that parts its cells; not a word after it ("19, januari").
_NUMBERED_ROW = re.compile(
    r'[ \t]*"?[ \t]*[0-9]{1,3}(?:[.,]0)?\.?[ \t]*"?[ \t]*(?P<mark>[;,\t])(?![ \t]*["\']?[^\W\d_]{3,}\b)'
)
# A row of quoted cells parted by semicolons or tabs.
_QUOTED_ROW = re.compile(r'[ \t]*"[^"]*"(?:[ \t]*[;\t][ \t]*"[^"]*")+[ \t;]*\r?')
# A Markdown table's row (bars at both ends) whose first cell is a move number (not a page's table of facts,
# `| ECO | C44 |`).
_BAR_ROW = re.compile(r"[ \t]*\|.*\|[ \t]*\r?")
_BAR_NUMBER = re.compile(r"[ \t]*\|[ \t]*[0-9]{1,3}(?:[.,]0)?\.?[ \t]*\|")
# A row of two cells, a word or two and what they label (`| Biely | Pasula,Milos |`, `"Čierny";"Kalyani"`,
# `| | Výsledok | 1-0 |` under the number column): the heading's lines and the result a spreadsheet or a table
# sets out, read as `Biely: Pasula,Milos`.
_LABEL_ROW = re.compile(
    r'[ \t]*(?P<open>\|(?:[ \t]*\|)?|)[ \t]*"?[^\W\d_]+(?:[ \t][^\W\d_]+)?"?[ \t]*(?P<mark>[|;\t])'
    r'[ \t]*"?[^|;\t"]*?[^\W_][^|;\t"]*"?[ \t]*(?P<close>\|?)[ \t]*\r?'
)
# A move number and the move after it, in a line's words.
_MOVE_NUMBER = re.compile(r"(?<![\w.])[0-9]{1,3}\.[ \t]*[^\W\d_]")
# The first cell's number, its decimals and dot, as a table writes it.
_NUMBER_CELL = re.compile(r"(?P<number>[0-9]{1,3})(?P<rest>(?:[.,]0)?\.?)")


def _is_label_row(line: str, labelled: re.Match[str]) -> bool:
    """Whether a two-cell match is a table's row: bars at both ends (not a page's `Tahy | 1.e4 e5 |`), or a
    spreadsheet's `;` or one tab from the line's start (not a heading's columns, `<tab>Białe<tab><tab>Czarne`,
    `<tab>Edward Lasker<tab>Jose Raoul Capablanca`); a spreadsheet's `;`, not a sentence's: where a blank
    follows it, no move number in what follows ("Castles short; bishop e six. 15. Rook …")."""
    mark = labelled["mark"]
    if labelled["close"] or labelled["open"]:
        return labelled["open"][:1] == labelled["close"] == mark
    rest = line[labelled.end("mark") :]
    gap = line[: labelled.start("mark")][-1:] + rest[:1]
    cell = rest[:1] not in " \t" or rest.lstrip(" \t")[:1] == '"' or _MOVE_NUMBER.search(rest) is None
    return not line[:1].isspace() and (cell if mark == ";" else "\t" not in gap)


def table_row(line: str) -> str:
    """The line a table's row stands for (the line itself where it is no such row)."""
    if _BAR_ROW.fullmatch(line) and _BAR_NUMBER.match(line):
        return _numbered(_blank_marks(line, "|"))
    numbered = _NUMBERED_ROW.match(line)
    if numbered is not None:
        return _numbered(_blank_marks(line, numbered["mark"]))
    labelled = _LABEL_ROW.fullmatch(line)
    if labelled is not None and _is_label_row(line, labelled):
        label = _blank_marks(line, labelled["mark"] + "|")
        return label[: labelled.start("mark")] + ":" + label[labelled.end("mark") :]
    if _QUOTED_ROW.fullmatch(line):
        return _blank_marks(line, ";\t")
    return line


def _blank_marks(line: str, marks: str) -> str:
    """The line with the marks that part its cells, its cells' quotes and leading apostrophes as blanks (a
    parting mark inside quotes is the cell's own: `"Maghsoodloo,Parham"`)."""
    characters = list(line)
    quoted = False
    cell_start = True
    for index, character in enumerate(characters):
        if character == '"':
            quoted = not quoted
            characters[index] = " "
        elif character in marks and not quoted:
            characters[index] = " "
            cell_start = True
            continue
        elif character == "'" and cell_start:
            characters[index] = " "
        elif not character.isspace():
            cell_start = False
    return "".join(characters)


def _numbered(row: str) -> str:
    """The row with its first cell's number written with its dot (`12,0` as `12. `), where it is one."""
    found = _NUMBER_CELL.match(row, len(row) - len(row.lstrip()))
    if found is None:
        return row
    end = found.end()
    if end < len(row) and not row[end].isspace():
        return row  # not a cell of its own
    written = found["number"] + "."
    width = len(found.group())
    if width < len(written):
        # "12" then a blank that was a parting mark: the dot takes the blank's place.
        if end >= len(row):
            return row
        return row[: found.start()] + written + row[end + 1 :]
    return row[: found.start()] + written.ljust(width) + row[end:]
