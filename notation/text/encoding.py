"""Reading notation files as lines of text, whatever their encoding, without loading them whole.

Czech and Slovak files are often Windows-1250 or ISO-8859-2 rather than UTF-8; the encoding is decided from
the first block of the file and the rest is decoded as it streams.
"""

from __future__ import annotations

import codecs
import sys
from collections.abc import Iterator
from typing import BinaryIO

from ..errors import InputError

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
    """Lines of a binary stream (newlines kept), decoded block by block with the detected encoding."""
    block = stream.read(_SNIFF_BYTES)
    encoding = detect_encoding(block)
    decoder = codecs.getincrementaldecoder(encoding)()
    pending = ""
    number = 0
    while True:
        final = not block
        try:
            text = pending + decoder.decode(block, final=final)
        except UnicodeDecodeError as exc:
            line = number + pending.count("\n") + 1
            raise InputError(
                f"{name}: line {line} or the next is not valid {encoding}: {exc.reason}"
            ) from None
        lines = text.split("\n")
        pending = lines.pop()
        for line_text in lines:
            number += 1
            yield line_text + "\n"
        if final:
            if pending:
                yield pending
            return
        block = stream.read(_SNIFF_BYTES)


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
