"""Reading notation files as lines of text, whatever their encoding, without loading them whole.

Czech and Slovak files are often Windows-1250 or ISO-8859-2 rather than UTF-8, and files saved by Windows
programs may be UTF-16. The encoding is decided on the whole input (a byte-order mark, else UTF-16 by its
zero bytes, else UTF-8 if every byte of the file is valid UTF-8, else the code page that decodes more Czech
and Slovak letters), then the lines are decoded as they stream. Characters that only look different — a
Ctrl-Z that ends a DOS file is dropped, Unicode spaces (no-break, thin, em, zero-width) are read as plain
spaces and Unicode hyphens (the no-break hyphen of `11.O‑O` copied from a web page, the minus sign, the figure
dash) as the hyphen-minus, one for one; marks that show nothing (a soft hyphen, a zero-width joiner: `V‌xh3`) are
dropped, so that columns count what an editor shows; a symbol font's private-use codes, as a PDF set in a figurine
font yields them (U+F04E for the knight of its N), are the ASCII letters they stand for, and the typesetter's
ligatures (ﬁ, ﬀ) their letters; a page's HTML character references (`&nbsp;`) the characters they name, its
formatting tags (`<b>`, `[b]`) blanks, and a board viewer's script on one line the game it is given (`<script>config
= {pgn: '1. d4 g6 …', …}</script>`).
"""

from __future__ import annotations

import codecs
import html
import re
import sys
import tempfile
import unicodedata
from collections.abc import Iterable, Iterator
from typing import BinaryIO

from ..errors import InputError
from .columns import read_columns_apart, read_down
from .correspondence import coded_moves, log_row, read_messages
from .tables import table_row
from .typeset import typeset

_BLOCK = 1 << 16
_SPOOL_BYTES = 1 << 24
# Letters of Czech and Slovak: whichever legacy code page decodes more of them is the file's encoding.
_CENTRAL_EUROPEAN = set("áäčďéěíĺľňóôŕřšťúůýžÁÄČĎÉĚÍĹĽŇÓÔŔŘŠŤÚŮÝŽ")
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
# The mathematical letters and digits (bold, double-struck, monospace …) as the ASCII ones they are styles of.
_MATHEMATICAL_ALPHANUMERICS = {
    chr(code): plain
    for code in range(0x1D400, 0x1D800)
    if len(plain := unicodedata.normalize("NFKC", chr(code))) == 1 and plain.isascii() and plain.isalnum()
}
# A mail's text left quoted-printable (`Zdrav=C3=ADm`, `=C4=8Cierny`): its letters written as the `=XX` of
# their UTF-8 bytes, told by a few such letters; and the runs of such bytes in it (`=3D` is "=", `=20` a blank).
_QUOTED_LETTER = re.compile(rb"=[CD][0-9A-F]=[89AB][0-9A-F]")
_QUOTED_LETTERS_LEAST = 2
_QUOTED_BYTES = re.compile(r"(?:=[0-9A-F]{2})+")
_QUOTATION = re.compile(r"(?:>[ \t]?)+")
# Marks that show nothing: the soft hyphen, the zero-width (non-)joiners and the word joiner of a copied page.
_INVISIBLE = (0xAD, 0x200C, 0x200D, 0x2060)
# A symbol font's codes for marks (`*`, `!`, `)`) that stand before a square where a piece's letter would: the
# font's figurines, kept as its private-use codes for the reader to learn by their moves (as `*` a bracket or a
# footnote star, `!` an annotation, they would be read as such); elsewhere the marks they stand for.
_FIGURINE_MARKS = "!\"#$%&'()*,;<=>?@[\\]^_`{|}~"
_SYMBOL_FIGURINE = re.compile(
    "[" + "".join(re.escape(chr(0xF000 + ord(mark))) for mark in _FIGURINE_MARKS) + "]"
    r"(?![ ]?[a-h1-8]{0,2}[-–—x×:]?[a-h][ ]?[1-8])"
)
_LOOK_ALIKES = str.maketrans(
    {
        **{chr(code): " " for code in (0xA0, 0x1680, 0x202F, 0x205F, 0x3000, 0xFEFF)},
        "\u00ad": None,  # a soft hyphen, shown only where a line breaks at it: none in a move (`V\u00ada4-c4`)
        **{chr(code): " " for code in range(0x2000, 0x200C)},
        **{chr(code): "-" for code in (0x2010, 0x2011, 0x2012, 0x2212, 0xFE63, 0xFF0D)},
        **{chr(code): "/" for code in (0x2044, 0x2215)},  # the fraction and division slashes of `1⁄2–1⁄2`
        **{chr(code): None for code in _INVISIBLE},
        **{chr(0xF000 + code): chr(code) for code in range(0x21, 0x7F) if chr(code) not in _FIGURINE_MARKS},
        **{chr(0xFB00 + index): letters for index, letters in enumerate(("ff", "fi", "fl", "ffi", "ffl"))},
        # An East Asian keyboard left in its full-width mode (`２０．Ｄｅ２`), and the letters and digits of
        # "fancy text" converters (`𝐉𝐟𝟑`, `𝕁𝕔𝟞`): the ASCII characters they draw.
        **{chr(0xFF01 + index): chr(0x21 + index) for index in range(94)},
        **_MATHEMATICAL_ALPHANUMERICS,
        # Dots, colons, dashes and crosses of other typefaces (`19․ Sf1`, `16‧Je3`, `31。`, `Jg8―f6`, `c∶d4`).
        **{chr(code): "." for code in (0x2024, 0x2027, 0x3002, 0xFF61)},
        **{chr(code): ":" for code in (0x2236, 0xFE55)},
        **{chr(code): "—" for code in (0x2015, 0xFE58)},
        **{chr(code): "×" for code in (0x2A2F, 0x2715, 0x2716)},
    }
)

# Where one of them may stand (every one of them is here; the letters of Latin and Cyrillic scripts are not): a
# line without any (nearly every line) is not translated, which costs more than a search.
_LOOK_ALIKE = re.compile("[^\u0000-\u009f\u00a1-\u00ac\u00ae-\u167f]")  # U+00A0, U+00AD, U+1680 on

# A zero-width space (or no-break space) inside a square or a number (`xe\u200b4`, `e\ufeff5`, `1\u200b1.`) splits
# nothing that shows; elsewhere it stands between words and reads as a space.
_ZERO_WIDTH_INSIDE = re.compile(r"(?<=[a-h0-9])[\u200b\ufeff](?=[0-9])")
# A UTF-8 lead byte read as a Windows-1252 letter, then a continuation byte read as one: text decoded twice.
_MOJIBAKE = re.compile(
    "[ÂÃÄÅâ][\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013\u2014"
    "\u2018-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122]"
)
# The same with Windows-1250 (a Czech or Slovak page saved from a browser that guessed wrong): the lead bytes
# of Central European letters (Ă Ä Ĺ) each before a continuation byte (`vĂ˝hodou`, `RozhodujĂ\xadcĂ\xad`).
_CONTINUATION_1250 = bytes(range(0x80, 0xC0)).decode("cp1250", errors="ignore")
_MOJIBAKE_1250 = re.compile(
    f"[ĂÄĹ][{re.escape(_CONTINUATION_1250)}](?:[ĂÄĹ][{re.escape(_CONTINUATION_1250)}])*"
)
_CHARACTER_REFERENCE = re.compile(r"&(?:[A-Za-z][A-Za-z0-9]{1,7}|#[0-9]{2,5}|#x[0-9A-Fa-f]{2,4});")
# OCR of a Cyrillic book reads the square b1 of a long-form move as one letter, Ы (a soft sign and an І):
# "8.КЫ—аЗ" for Кb1—a3.
_B1_AS_ONE_LETTER = re.compile(r"(?<=[КФЛСТKC])Ы(?=[ \t]?[—–-][ \t]?[a-hасе])")
# A page's board viewer given its game as a string in a script ("<script>config = {pgn: '1. d4 g6 …', …}"): the
# string is the game, the script around it blanks.
_SCRIPT_PGN = re.compile(
    r"""<script\b[^<>]*>.*?\bpgn\s*:\s*(?P<quote>['"`])(?P<pgn>.*?)(?<!\\)(?P=quote).*?(?:</script>|$)""",
    re.IGNORECASE,
)
# Text struck through, as Markdown, a page's source or a forum post marks it (`~~Jd2~~ Jf3`, `<s>Jd2</s>`,
# `[s]Jd2[/s]`): the writer took it back, so it goes, as blanks.
_STRUCK = re.compile(
    r"~~[^~\n]{1,80}~~|<(s|del|strike)>[^<>\n]{0,80}</\1>|\[s\][^\[\]\n]{0,80}\[/s\]", re.IGNORECASE
)
# A move a transcriber marked as corrected by the one after it (`17... g5 opr. exd3`: Czech and Slovak
# "opraveno", Serbo-Croatian "ispravljeno", Polish "poprawiono", German "korrigiert", English "corrected"):
# struck like the move crossed out it stands for.
_CORRECTED = re.compile(
    r"(?<!\S)(?=[^\s()\[\]{}]*(?:[a-h][1-8]|[0O]-[0O]))[^\s()\[\]{}]+[ \t]+(?:opr|ispr|popr|korr|corr)\.(?=[ \t]+\S)"
)
# A move crossed out and its correction after a slash, as a transcriber writes them (`Jb1-c3/Jg1-f3`, after
# a move number or not): the move before the slash, and the slash, struck.
_SLASHED = re.compile(
    r"(?:(?<!\S)|(?<=[0-9]\.))(?=[^\s/]*(?:[a-h][1-8]|[0O]-[0O]))(?![0-9])[^\s/()\[\]{}]+/"
    r"(?=[^\s/()\[\]{}]*(?:[a-h][1-8]|[0O]-[0O])[^\s/()\[\]{}]*(?!\S))"
)
_AMONG_MOVES = re.compile(r"[a-h][1-8]|[0O]-[0O]|^[0-9]{1,3}\.+$|[!?+#]$")
# The formatting a copy of a page's source or a forum post keeps around a move (`<b>Ve8-e5</b>`, `[b]Jc6-e5[/b]`).
_MARKUP = re.compile(
    r"</?(?:b|i|u|s|em|strong|span|font|br|p|div)\b[^<>]{0,80}>|\[/?(?:b|i|u|s)\]", re.IGNORECASE
)


def _struck_before_slash(found: re.Match[str]) -> str:
    """A move and the slash after it as blanks where it stands among moves (after its number, a move or a
    number and any note in brackets after them, or first on its line), not in prose (`mit b3/Lb2 ohne c3`),
    and the move after the slash is written as it is (both a piece's, or both a pawn's)."""
    struck, correction = found.group()[:-1], found.string[found.end() :].split(None, 1)[0]
    if struck[0].isupper() != correction[0].isupper():
        return found.group()  # `Ke7/d7`, the king's move or the pawn's: a note's two moves
    before = found.string[: found.start()].split()
    while before and before[-1][0] in "([{" and before[-1][-1] in ")]}":
        before.pop()  # a note in brackets after the move before (`Vb1 [16'] Jf4/Je1`: the clock)
    if (
        not before
        or found.string[found.start() - 1 : found.start()] == "."
        or _AMONG_MOVES.search(before[-1])
    ):
        return " " * len(found.group())
    return found.group()


def _utf16_without_bom(sample: bytes) -> str | None:
    """UTF-16 text without a byte-order mark: mostly ASCII, so every other byte is zero."""
    if len(sample) < 4:
        return None
    even, odd = sample[0::2], sample[1::2]
    if odd.count(0) > 0.4 * len(odd) and even.count(0) < 0.05 * len(even):
        return "utf-16-le"
    if even.count(0) > 0.4 * len(even) and odd.count(0) < 0.05 * len(odd):
        return "utf-16-be"
    return None


def detect_encoding(stream: BinaryIO) -> str:
    """The codec of a seekable binary stream, decided on all of it; the stream is left at its start."""
    start = stream.read(_BLOCK)
    for bom, codec in _BOMS:
        if start.startswith(bom):
            stream.seek(0)
            return codec
    wide = _utf16_without_bom(start)
    if wide is not None:
        stream.seek(0)
        return wide
    utf8 = codecs.getincrementaldecoder("utf-8")()
    try:
        block = start
        while block:
            utf8.decode(block)
            block = stream.read(_BLOCK)
        utf8.decode(b"", final=True)
    except UnicodeDecodeError:
        stream.seek(0)
        return _code_page(stream)
    stream.seek(0)
    return "utf-8"


def _code_page(stream: BinaryIO) -> str:
    """The legacy code page of a stream that is not UTF-8: the one that decodes more Czech and Slovak
    letters; the stream is left at its start."""
    letters = {"cp1250": 0, "iso-8859-2": 0}
    while block := stream.read(_BLOCK):
        for codec in letters:
            text = block.decode(codec, errors="replace")
            letters[codec] += sum(text.count(letter) for letter in _CENTRAL_EUROPEAN)
    stream.seek(0)
    return "cp1250" if letters["cp1250"] >= letters["iso-8859-2"] else "iso-8859-2"


def _plain(line: str) -> str:
    """A line with its look-alike characters folded, the character references a copy of a page's HTML source
    leaves (`&nbsp;`, `&#8211;`) read as the characters they name, text struck through and formatting tags
    (`<b>`, `[b]`) as blanks, and UTF-8 text that was once decoded as a Windows code page put right: ftfy, imported only then,
    for Windows-1252 (`Petrosian â€” Fischer`, `Â½â€“Â½`), and the letters of Windows-1250 (`vĂ˝hodou`)
    re-encoded."""
    if "<" in line:
        line = _SCRIPT_PGN.sub(_game_of_script, line)
    if "~~" in line or "<" in line or "[" in line:
        line = _STRUCK.sub(lambda struck: " " * len(struck.group()), line)
    if "r." in line:
        line = _CORRECTED.sub(lambda struck: " " * len(struck.group()), line)
    if "/" in line:
        line = _SLASHED.sub(_struck_before_slash, line)
    if ("<" in line or "[" in line) and _MARKUP.search(line):
        # As blanks, so that columns still count what an editor shows.
        line = _MARKUP.sub(lambda tag: " " * len(tag.group()), line)
    for _ in range(2):  # a page's source escaped twice leaves `&amp;ndash;`
        if "&" in line and _CHARACTER_REFERENCE.search(line):
            line = html.unescape(line)
    line = table_row(log_row(coded_moves(line)))
    if line.startswith(">"):
        # A mail's or a forum's quotation marks before a quoted line, as blanks (columns still count).
        line = _QUOTATION.sub(lambda marks: " " * len(marks.group()), line)
    if line.isascii():
        return typeset(line)
    if _MOJIBAKE.search(line):
        import ftfy

        line = ftfy.fix_encoding(line)
    line = _MOJIBAKE_1250.sub(_undo_1250, line)
    if "Ы" in line:
        line = _B1_AS_ONE_LETTER.sub("b1", line)
    if "\u200b" in line or "\ufeff" in line:
        line = _ZERO_WIDTH_INSIDE.sub("", line)
    if _LOOK_ALIKE.search(line):
        line = _SYMBOL_FIGURINE.sub(lambda code: chr(ord(code[0]) - 0xF000), line).translate(_LOOK_ALIKES)
    return typeset(line)


def _game_of_script(script: re.Match[str]) -> str:
    """A board viewer's script as the game it is given, blanks where its code stands."""
    return (
        " " * (script.start("pgn") - script.start())
        + script["pgn"]
        + " " * (script.end() - script.end("pgn"))
    )


def _undo_1250(run: re.Match[str]) -> str:
    """A run of UTF-8 bytes shown as Windows-1250 letters, as the letters they encode (unchanged if they
    encode none)."""
    try:
        return run.group().encode("cp1250").decode("utf-8")
    except UnicodeError:
        return run.group()


# A mail's signature: the line that starts it (RFC 3676) and how many lines it runs to at most.
_SIGNATURE = "-- "
_SIGNATURE_LINES = 4


def decode_lines(stream: BinaryIO, name: str) -> Iterator[str]:
    """Lines of a seekable binary stream (newlines kept), decoded block by block in the detected encoding
    (and from quoted-printable where a mail's text was left so), a score set in columns read down them, a
    page's two columns read column by column."""
    encoding = detect_encoding(stream)
    quoted = len(_QUOTED_LETTER.findall(stream.read(_BLOCK))) >= _QUOTED_LETTERS_LEAST
    stream.seek(0)
    lines = _lines(stream, encoding, name)
    yield from read_columns_apart(
        read_down(
            read_messages(
                _plain(line[:-1]) + "\n" if line.endswith("\n") else _plain(line)
                for line in _unsigned(_unquoted(lines) if quoted else lines)
            )
        )
    )


def _unsigned(lines: Iterable[str]) -> Iterator[str]:
    """The lines with a mail's signature blank: the line `-- ` that starts it and the (at most four) lines
    after it up to an empty one, kept as empty lines so that later lines keep their numbers."""
    signature = 0  # lines of a signature still to blank
    for line in lines:
        if line.rstrip("\r\n") == _SIGNATURE:
            signature = _SIGNATURE_LINES + 1
        elif not line.strip():
            signature = 0
        if signature:
            signature -= 1
            line = "\n" if line.endswith("\n") else ""
        yield line


def _lines(stream: BinaryIO, encoding: str, name: str) -> Iterator[str]:
    """The stream's lines as `encoding` decodes them, newlines kept."""
    decoder = codecs.getincrementaldecoder(encoding)()
    pending = ""
    number = 0  # lines already yielded
    while True:
        block = stream.read(_BLOCK)
        final = not block
        try:
            text = pending + decoder.decode(block, final=final)
        except UnicodeDecodeError as exc:
            line = number + pending.count("\n") + exc.object[: exc.start].count(b"\n") + 1
            raise InputError(f"{name}: line {line} is not valid {encoding}: {exc.reason}") from None
        lines = text.split("\n")
        pending = lines.pop()
        for line_text in lines:
            number += 1
            yield line_text + "\n"
        if final:
            pending = pending.rstrip("\x1a")  # the end-of-file mark of DOS programs
            if pending:
                yield pending
            return


def _unquoted(lines: Iterator[str]) -> Iterator[str]:
    """Quoted-printable lines as the text they encode: a line broken with an `=` at its end joined to the
    next (an empty line in place of each one joined, so that later lines keep their numbers), and each run
    of `=XX` bytes decoded as UTF-8 (left as it is where it is not UTF-8)."""
    joined: list[str] = []
    for line in lines:
        body = line.rstrip("\r\n")
        if body.endswith("="):
            joined.append(body[:-1])
            continue
        yield _QUOTED_BYTES.sub(_decoded_bytes, "".join(joined) + body) + line[len(body) :]
        yield from ["\n"] * len(joined)
        joined = []
    if joined:
        yield _QUOTED_BYTES.sub(_decoded_bytes, "".join(joined))


def _decoded_bytes(run: re.Match[str]) -> str:
    try:
        return bytes.fromhex(run.group().replace("=", "")).decode("utf-8")
    except UnicodeDecodeError:
        return run.group()


def open_lines(path: str) -> Iterator[str]:
    """Lines of a notation file, or of standard input for "-" (kept in a temporary file while read)."""
    if path == "-":
        with tempfile.SpooledTemporaryFile(_SPOOL_BYTES) as spool:
            while block := sys.stdin.buffer.read(_BLOCK):
                spool.write(block)
            spool.seek(0)
            yield from decode_lines(spool, "<stdin>")  # type: ignore[arg-type]
        return
    try:
        handle = open(path, "rb")  # noqa: SIM115 - closed below, after streaming
    except OSError as exc:
        raise InputError(f"{path}: cannot open: {exc.strerror}") from None
    with handle:
        try:
            yield from decode_lines(handle, path)
        except OSError as exc:
            raise InputError(f"{path}: cannot read: {exc.strerror}") from None
