"""A correspondence game as it is published from its players' records: the log (`12.  Jf3  3.4.  5.4.  Jc6
7.4.  9.4.`, each move with the dates it was received and sent), the exchange of messages (`22.5. – Sivuk,V:`,
then `Váš ťah 2...e5 prijatý. Môj ťah: 3.Jf3`), and moves written in ICCF's numeric notation (`7163` for
g1-f3, `7273`, `57581` for e7-e8 and a queen).

Each is read as the movetext it stands for, line for line (later lines keep their numbers): a log's dates as a
comment after their move; a message as its sender's one move, the move due next, and the rest of it (the date
and the sender, the opponent's move confirmed, conditional moves offered, `Podmienene: ak 13.Sc4, tak
13...Sc5`) as a comment; a numeric code as the move's two squares (`g1f3`, `e7e8♕`), which the board reads as
the move of whatever piece stands on the first (the king's two files along his rank castling).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

# A date as a log or a message writes it: `3.4.`, `03.04.2021`, `3. 4. 2021`, `3. 4. 2021.` (Serbian).
_DATE = r"(?<![\w.])[0-3]?[0-9]\.[ ]?[01]?[0-9]\.(?:[ ]?(?:1[89]|20)[0-9]{2}\.?)?(?![\w])"
# A move in ICCF's numeric notation: the files and ranks of its two squares as digits, a promotion's piece
# (1 queen, 2 rook, 3 bishop, 4 knight) after them.
_CODE = r"[1-8]{4}[1-4]?(?![\w,:/]|\.[0-9])"
_FOUR_DIGITS = re.compile(r"[1-8]{4}")
_CODE_ALONE = re.compile(_CODE + r"\Z")
_PROMOTIONS = "♕♖♗♘"

# A log's row: a move number first, then its moves and their dates (or a dash for a date not known, the
# first move's receipt), parted by tabs or blanks.
_ROW = re.compile(r"[ \t]*[0-9]{1,3}\.?(?=[ \t])")
_DATES = re.compile(rf"(?:(?<=[ \t])[-–—](?=[ \t])|{_DATE})(?:[ \t]+(?:[-–—](?=[ \t])|{_DATE}))*")
_DATES_LEAST = 2  # in a row: fewer is no log
_CELLS_MOST = 4  # other than dates in a row: two moves, each with its code in brackets; more is prose
_A_DATE = re.compile(r"[0-9]\.[ ]?[0-9]{1,2}\.")
_MOVE_CELL = re.compile(r"[a-h][1-8]|[0O]-[0O]|\A[1-8]{4}")
_CELL = re.compile(r"(?<=[ \t])[^\s]+(?=[ \t]|\Z)")

# Where a numeric code stands for a move: after a move number (not a date's day and month: `3. 4. 1854`),
# after a move numbered so (`1. 5254 5755`, `1. e4 5755`), or in brackets after the move it codes again
# (`Jf3 (7163)`, its square the same), written twice.
_NUMBER = r"(?<![\w.])(?<![0-9]\.[ ])(?<![0-9]\.)[0-9]{1,3}[ ]?(?:\.[ ]?\.[ ]?\.|\.\.|…|\.)[ \t]?"
_AFTER_NUMBER = re.compile(rf"(?P<before>{_NUMBER}(?:(?P<white>[^\s(]+)[ \t]+)?)(?P<code>{_CODE})")
_CODED_AGAIN = re.compile(rf"(?P<square>[a-h][1-8])[+#!?]*[ \t]*\((?P<code>{_CODE})\)")

# A message's first line: its date, a dash and its sender (or, once such lines were seen, its sender alone, as
# the last message of a resignation is often written), and a colon.
_HEADER = re.compile(
    rf"[ \t]*(?:(?P<date>{_DATE})[ \t]*[-–—][ \t]*)?(?P<sender>[^\s:][^:\n]{{0,60}}):[ \t]*\r?\n?"
)
# A numbered move in a message's words (`Môj ťah: 3.Jf3`, `4...4745`, `5. c4xd5.`).
_NUMBERED = re.compile(
    r"(?<![\w.])(?P<number>[0-9]{1,3})[ ]?(?P<dots>\.[ ]?\.[ ]?\.|\.\.|…|\.)[ ]?(?P<move>[^\s,;]+?)"
    r"(?=[.,;:!?]*(?:\s|\Z))"
)
_DATED_LEAST = 2  # dated messages in a row: fewer are a heading's words
_RESULT = re.compile(r"[ \t]*(?:1[-–:]0|0[-–:]1|1/2[-–:]1/2|½[-–:]½|\*)[ \t]*\r?\n?")


def coordinates(code: str) -> str:
    """A numeric code's move as its two squares (`7163` → `g1f3`, `57581` → `e7e8♕`)."""
    squares = "".join("abcdefgh"[int(code[i]) - 1] + code[i + 1] for i in (0, 2))
    return squares + (_PROMOTIONS[int(code[4]) - 1] if len(code) == 5 else "")


def _plausible(code: str) -> bool:
    """Whether a code's two squares are a move some piece can make: along a line, a diagonal, a knight's jump."""
    files, ranks = abs(int(code[0]) - int(code[2])), abs(int(code[1]) - int(code[3]))
    return (files, ranks) != (0, 0) and (
        files == 0 or ranks == 0 or files == ranks or {files, ranks} == {1, 2}
    )


def coded_moves(line: str) -> str:
    """A line with its numeric codes where moves stand as the moves' squares, and a code in brackets after
    the move it codes again as blanks (columns still count what an editor shows)."""
    if _FOUR_DIGITS.search(line) is None:  # (nearly every line of moves has a digit: this is the hot path)
        return line
    line = _CODED_AGAIN.sub(_unrepeated, line)
    return _AFTER_NUMBER.sub(_decoded, line)


def _unrepeated(found: re.Match[str]) -> str:
    code, square = found["code"], found["square"]
    if "abcdefgh"[int(code[2]) - 1] + code[3] != square:
        return found.group()
    start = found.start("code") - 1 - found.start()
    return found.group()[:start] + " " * (len(found.group()) - start)


def _decoded(found: re.Match[str]) -> str:
    white, code = found["white"], found["code"]
    if white is not None and not (_CODE_ALONE.match(white) or re.search(r"[a-h][1-8]|[0O]-[0O]", white)):
        return found.group()  # words after the number, not White's move
    if white is not None and _CODE_ALONE.match(white) and _plausible(white):
        start = found.start("white") - found.start()
        before = found["before"][:start] + coordinates(white) + found["before"][start + len(white) :]
    else:
        before = found["before"]
    return before + (coordinates(code) if _plausible(code) else code)


def log_row(line: str) -> str:
    """A log's row with its dates as a comment after their move (`12. Jf3 {3.4. 5.4.} Jc6 {7.4. 9.4.}`) and
    its numeric codes as squares; any other line as it is."""
    row = _ROW.match(line)
    if row is None or not _A_DATE.search(line, row.end()):
        return line
    runs = [run for run in _DATES.finditer(line, row.end()) if re.search(_DATE, run.group())]
    bounds = [row.end(), *(edge for run in runs for edge in run.span()), len(line)]
    cells = " ".join(line[a:b] for a, b in zip(bounds[::2], bounds[1::2], strict=True)).split()
    if (
        sum(len(re.findall(_DATE, run.group())) for run in runs) < _DATES_LEAST
        or len(cells) > _CELLS_MOST
        or not any(_MOVE_CELL.search(cell) for cell in cells)
    ):
        return line
    cut, parts = 0, []
    for run in runs:
        parts.append(_CELL.sub(_cell, line[cut : run.start()]))
        parts.append("{" + " ".join(run.group().split()) + "}")
        cut = run.end()
    parts.append(_CELL.sub(_cell, line[cut:]))
    return "".join(parts)


def _cell(found: re.Match[str]) -> str:
    cell = found.group()
    return coordinates(cell) if _CODE_ALONE.match(cell) and _plausible(cell) else cell


def read_messages(lines: Iterable[str]) -> Iterator[str]:
    """The lines, each exchange of correspondence messages (two dated ones or more in a row) read as the moves
    its senders sent."""
    run: list[list[str]] = []  # the messages held: a header, its body, the blank lines after it
    senders: set[str] = set()
    for line in lines:
        header = _HEADER.fullmatch(line) if ":" in line else None
        if header is not None and (header["date"] is not None or header["sender"].strip() in senders):
            senders.add(header["sender"].strip())
            run.append([line])
            continue
        if run and (not line.strip() or run[-1][-1].strip()):
            run[-1].append(line)
            continue
        yield from _exchange(run)
        run = []
        if not _RESULT.fullmatch(line):
            senders = set()  # the messages ended: another text
        yield line
    yield from _exchange(run)


def _exchange(run: list[list[str]]) -> Iterator[str]:
    """Messages held, each as the move it sends, where two or more are dated; else as they are."""
    if sum(_dated(message[0]) for message in run) < _DATED_LEAST:
        yield from (line for message in run for line in message)
        return
    due: tuple[int, bool] | None = None
    for message in run:
        body = [line for line in message[1:] if line.strip()]
        yield from _message(message[: 1 + len(body)], due)
        yield from message[1 + len(body) :]
        due = _after(message[: 1 + len(body)], due)


def _dated(line: str) -> bool:
    header = _HEADER.fullmatch(line)
    return header is not None and header["date"] is not None


def _sent(message: list[str], due: tuple[int, bool] | None) -> re.Match[str] | None:
    """The move a message sends: the one numbered as due next (the first numbered one where nothing is due
    yet), not the opponent's move it confirms or the conditional moves it offers."""
    body = "".join(message[1:])
    for found in _NUMBERED.finditer(body):
        key = (int(found["number"]), found["dots"] != ".")
        if due is None or key == due:
            return found
    return None


def _after(message: list[str], due: tuple[int, bool] | None) -> tuple[int, bool] | None:
    sent = _sent(message, due)
    if sent is None:
        return due
    number, black = int(sent["number"]), sent["dots"] != "."
    return (number + 1, False) if black else (number, True)


def _message(message: list[str], due: tuple[int, bool] | None) -> list[str]:
    """A message's lines with all but the move it sends in braces, a comment (as many lines)."""
    header, body = message[0], "".join(message[1:])
    sent = _sent(message, due)
    if sent is None and _NUMBERED.search(body) is None:
        return [_comment(header.rstrip("\r\n")) + header[len(header.rstrip("\r\n")) :], *message[1:]]
    text = header + body
    if sent is None:
        start = end = len(text.rstrip("\r\n"))
        move = ""
    else:
        start, end = len(header) + sent.start(), len(header) + sent.end()
        code = sent["move"]
        move = sent.group()
        if _CODE_ALONE.match(code) and _plausible(code):
            move = move[: len(move) - len(code)] + coordinates(code)
    before, after = text[:start], text[end:]
    tail = after.rstrip("\r\n")
    ending = after[len(tail) :]
    words = tail if not tail.strip(" \t.,;:!?") else _comment(tail)
    return (_comment(before) + move + words + ending).splitlines(keepends=True)


def _comment(text: str) -> str:
    """Text in braces (its own braces as blanks), its lines kept; blanks as they are."""
    return "{" + text.replace("{", " ").replace("}", " ") + "}" if text.strip() else text
