"""Output that is all or nothing: an existing file is replaced only once the new content is complete.

The new file keeps the mode of the file it replaces (a new one gets the umask's mode); a device or a FIFO
(`/dev/null`, a named pipe) is written through, never replaced; an output that is also one of the inputs,
or a directory, is refused before anything is read.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import tempfile
from collections.abc import Iterator, Sequence
from typing import TextIO, cast

from ..notation.errors import InputError, UsageError


def _check_target(path: str, inputs: Sequence[str]) -> os.stat_result | None:
    """The status of an existing output path, after refusing the paths that must not be written."""
    if not path:
        raise UsageError("-o needs a file name")
    try:
        status = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise InputError(f"{path}: cannot write: {exc.strerror}") from None
    if stat.S_ISDIR(status.st_mode):
        raise InputError(f"{path}: cannot write: is a directory")
    for name in inputs:
        with contextlib.suppress(OSError):
            if name != "-" and os.path.samefile(name, path):
                raise UsageError(f"{path}: is also an input; write the output to another file")
    return status


@contextlib.contextmanager
def output(path: str | None, inputs: Sequence[str] = ()) -> Iterator[TextIO]:
    """Standard output for None or "-"; a device or FIFO written through; else a temporary file beside
    `path`, renamed over it once complete, with the mode of the file it replaces."""
    if path is None or path == "-":
        yield sys.stdout
        sys.stdout.flush()
        return
    status = _check_target(path, inputs)
    if status is not None and not stat.S_ISREG(status.st_mode):
        try:
            with open(path, "w", encoding="utf-8") as device:
                yield device
        except OSError as exc:
            raise InputError(f"{path}: cannot write: {exc.strerror}") from None
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
        if status is not None:
            mode = stat.S_IMODE(status.st_mode)
        else:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(handle.name, mode)
        os.replace(handle.name, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(handle.name)
        raise InputError(f"{path}: cannot write: {exc.strerror}") from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(handle.name)
        raise
