"""Scoresheet images and PDFs in, the most probable legal game out: the scanning side of partiar.

The public API, imported on first use (importing `partiar.ocr` loads neither numpy, Pillow, onnxruntime
nor pdfplumber):

- `load_pages(path)` → `Page`s: PNG, JPEG, TIFF or PDF pages (a grayscale image, or a PDF's text layer),
  every page checked against a pixel limit.
- `find_layout(image, form=None)` → `Layout`: the move grid found from the page itself; its `rows` are
  `MoveRow`s (move number, White `Cell`, Black `Cell`), each cell with its box and outline on the
  straightened `Layout.page`, its ink and whether it is empty.
- `get_form(name)` / `FORMS` → `Form`: the form profiles (`hcs`, `fide-2x30`, `2x25`, `3x20`, `3x25`).
- `get_engine(name="auto")` → `Engine`: a recognition engine from the `partiar.engines` entry points;
  `Engine.crop(layout, cell)` cuts a cell as that engine reads it, `Engine.read_many(images)` reads cells.
- `scan(files, locale, engine)` → `ScannedGame`s: load → layout → cut → recognise → decode
  (`partiar.ocr.pipeline`).
- Errors: `ScanInputError` (unreadable input), `LayoutError` (no grid), `UnknownFormError`,
  `EngineError` (an engine that cannot run), `UnknownEngineError`.

Synthetic scoresheets, fonts and the training data set live in `partiar.ocr.training` (not installed).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .engines.base import Engine, EngineError, UnknownEngineError, get_engine
    from .errors import LayoutError, ScanInputError, UnknownFormError
    from .forms import FORMS, Form, get_form
    from .layout.grid import Cell, Layout, MoveRow, find_layout
    from .load import Page, load_pages
    from .pipeline import ScannedGame, scan

# Each public name and the module (relative to this package) that defines it.
_SOURCES = {
    "load_pages": ".load",
    "Page": ".load",
    "find_layout": ".layout.grid",
    "Layout": ".layout.grid",
    "MoveRow": ".layout.grid",
    "Cell": ".layout.grid",
    "get_form": ".forms",
    "FORMS": ".forms",
    "Form": ".forms",
    "get_engine": ".engines.base",
    "Engine": ".engines.base",
    "scan": ".pipeline",
    "ScannedGame": ".pipeline",
    "ScanInputError": ".errors",
    "LayoutError": ".errors",
    "UnknownFormError": ".errors",
    "EngineError": ".engines.base",
    "UnknownEngineError": ".engines.base",
}

__all__ = [
    "FORMS",
    "Cell",
    "Engine",
    "EngineError",
    "Form",
    "Layout",
    "LayoutError",
    "MoveRow",
    "Page",
    "ScanInputError",
    "ScannedGame",
    "UnknownEngineError",
    "UnknownFormError",
    "find_layout",
    "get_engine",
    "get_form",
    "load_pages",
    "scan",
]


def __getattr__(name: str) -> Any:
    source = _SOURCES.get(name)
    if source is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(source, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
