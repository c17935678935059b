"""Scoresheet images and PDFs in, move cells out: the scanning side of partiar.

- `load_pages(path)`: PNG, JPEG, TIFF or PDF → `Page`s (a grayscale image, or a PDF's text layer for the
  noisy-text path), every page checked against a pixel limit; bad input raises `ScanInputError`.
- `find_layout(image, form=None)`: the move grid of a page, found from the page itself → `Layout`, whose
  `rows` are `MoveRow`s (move number, White `Cell`, Black `Cell`), each cell with its box on the
  straightened `Layout.page`, its outline, its ink and whether it is empty; `Layout.crop(cell)` cuts it out.
- `get_form(name)` / `FORMS`: the form profiles (`hcs`, `fide-2x30`, `2x25`, `3x20`, `3x25`).
- `draw_scoresheet(...)` / `write_sample(...)`: synthetic filled scoresheets with the true cell boxes and
  texts, for tests, benchmarks and training; `DEV_FONTS` / `HELD_OUT_FONTS` split the handwriting fonts.
"""

from .errors import LayoutError, ScanInputError, SynthError, UnknownFormError
from .forms import FORMS, Form, get_form
from .layout.grid import Cell, Layout, MoveRow, find_layout
from .load import Page, load_pages
from .training.fonts import DEV_FONTS, HELD_OUT_FONTS, PRINTED_FONT, find_font, fonts_for
from .training.synth import Capture, Sheet, TruthCell, draw_scoresheet, write_sample

__all__ = [
    "DEV_FONTS",
    "FORMS",
    "HELD_OUT_FONTS",
    "PRINTED_FONT",
    "Capture",
    "Cell",
    "Form",
    "Layout",
    "LayoutError",
    "MoveRow",
    "Page",
    "ScanInputError",
    "Sheet",
    "SynthError",
    "TruthCell",
    "UnknownFormError",
    "draw_scoresheet",
    "find_font",
    "find_layout",
    "fonts_for",
    "get_form",
    "load_pages",
    "write_sample",
]
