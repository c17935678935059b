"""Reading notation files as lines of text, whatever their encoding, without loading them whole.

Czech and Slovak files are often Windows-1250 or ISO-8859-2 rather than UTF-8; the encoding is decided from
the first block of the file and the rest is decoded as it streams.
"""

from __future__ import annotations

import codecs
import io
import sys
from collections.abc import Iterator
from typing import BinaryIO

from notation.errors import InputError

_SNIFF_BYTES = 1 << 16
# Letters of Czech and Slovak: whichever legacy code page decodes more of them is the file's encoding.
_CENTRAL_EUROPEAN = set("áäčďéěíĺľňóôŕřšťúůýžÁÄČĎÉĚÍĹĽŇÓÔŔŘŠŤÚŮÝŽ")


def detect_encoding(sample: bytes) -> str:
    """The codec of a file from its first bytes: UTF-8 (with or without BOM), Windows-1250 or ISO-8859-2."""
    if sample.startswith(codecs.BOM_UTF8):
        return "utf-8-sig"
    try:
        codecs.getincrementaldecoder("utf-8")().decode(sample, final=False)
    except UnicodeDecodeError:
        pass
    else:
        return "utf-8"

    def letters(codec: str) -> int:
        return sum(ch in _CENTRAL_EUROPEAN for ch in sample.decode(codec, errors="replace"))

    return "cp1250" if letters("cp1250") >= letters("iso-8859-2") else "iso-8859-2"


def decode_lines(stream: BinaryIO, name: str) -> Iterator[str]:
    """Lines of a binary stream (newlines kept), decoded with the detected encoding."""
    buffered = io.BufferedReader(stream) if not isinstance(stream, io.BufferedReader) else stream  # type: ignore[arg-type]
    encoding = detect_encoding(buffered.peek(_SNIFF_BYTES)[:_SNIFF_BYTES])
    text = io.TextIOWrapper(buffered, encoding=encoding, newline=None)
    number = 0
    try:
        for number, line in enumerate(text, 1):  # noqa: B007 - the number names the failing line
            yield line
    except UnicodeDecodeError as exc:
        raise InputError(f"{name}: line {number + 1} is not valid {encoding}: {exc.reason}") from None


def open_lines(path: str) -> Iterator[str]:
    """Lines of a notation file, or of standard input for "-"."""
    if path == "-":
        yield from decode_lines(sys.stdin.buffer, "<stdin>")
        return
    try:
        handle = open(path, "rb")  # noqa: SIM115 - closed below, after streaming
    except OSError as exc:
        raise InputError(f"{path}: cannot open: {exc.strerror}") from None
    with handle:
        yield from decode_lines(handle, path)
