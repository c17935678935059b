"""Output that is all or nothing: an existing file is replaced only once the new content is complete."""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Iterator
from typing import TextIO, cast

from ..notation.errors import InputError


@contextlib.contextmanager
def output(path: str | None) -> Iterator[TextIO]:
    """Standard output for None or "-"; else a temporary file beside `path`, renamed over it on success."""
    if path is None or path == "-":
        yield sys.stdout
        sys.stdout.flush()
        return
    directory = os.path.dirname(os.path.abspath(path))
    try:
        handle = tempfile.NamedTemporaryFile(  # noqa: SIM115 - renamed or removed below
            "w", encoding="utf-8", dir=directory, prefix=".partiar-", suffix=".tmp", delete=False
        )
    except OSError as exc:
        raise InputError(f"{path}: cannot write: {exc.strerror}") from None
    try:
        with handle:
            yield cast(TextIO, handle)
        os.replace(handle.name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(handle.name)
        raise
