"""Errors of the scanning side, in the one hierarchy rooted at `partiar.notation.errors.NotationError`.

Foreign exceptions (Pillow, pdfplumber, pdfminer) are translated into these at the boundary where they occur,
so a caller catches partiar's errors only and every message is one line naming the file and page.
"""

from __future__ import annotations

from ..notation.errors import InputError, NotationError, UsageError


class ScanInputError(InputError):
    """An image or PDF that cannot be opened: unknown format, corrupt, truncated, too large, encrypted."""


class UnknownFormError(UsageError):
    """A form profile name that is not known; the message lists the known names."""


class LayoutError(NotationError):
    """A page on which no move grid could be found."""


class SynthError(NotationError):
    """A synthetic scoresheet that cannot be drawn: too many moves for the form, glyphs the font lacks."""
