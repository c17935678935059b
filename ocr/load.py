"""Scoresheet files (PNG, JPEG, TIFF, PDF) in, grayscale page images (or a PDF's text layer) out.

This is the boundary with untrusted files: every page is checked against a pixel limit before anything is
decoded (a small file can claim a gigapixel image), and every failure of Pillow, pdfplumber or pdfminer is
translated into one `ScanInputError` naming the file and the page.
"""

from __future__ import annotations

import struct
import warnings
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, ImageOps, ImageSequence, UnidentifiedImageError

from .errors import ScanInputError

# 100 megapixels: an A3 sheet at 600 dpi is 70 MP; anything larger is not a scoresheet page.
MAX_PIXELS = 100_000_000
DEFAULT_DPI = 300
IMAGE_FORMATS = ("PNG", "JPEG", "TIFF")

_IMAGE_ERRORS = (
    OSError,
    SyntaxError,
    ValueError,
    EOFError,
    struct.error,
    zlib.error,
)
# What a damaged PDF may raise besides the PDF libraries' own errors.
_PDF_ERRORS = (
    OSError,
    ValueError,
    KeyError,
    TypeError,
    IndexError,
    AttributeError,
    struct.error,
    zlib.error,
)


@dataclass(frozen=True)
class Page:
    """One page of a scoresheet file: a grayscale image, the text of a PDF's text layer, or both.

    A typed bulletin has `text` and goes to the noisy-text path; a scan has `image`; a scanned PDF with an
    OCR text layer has both and the caller chooses.
    """

    source: Path
    number: int
    image: Image.Image | None
    text: str | None


def load_pages(path: str | Path, *, dpi: int = DEFAULT_DPI, max_pixels: int = MAX_PIXELS) -> list[Page]:
    """Every page of an image or PDF file, in order (`iter_pages`, all at once)."""
    return list(iter_pages(path, dpi=dpi, max_pixels=max_pixels))


def iter_pages(path: str | Path, *, dpi: int = DEFAULT_DPI, max_pixels: int = MAX_PIXELS) -> Iterator[Page]:
    """The pages of an image or PDF file one at a time, so a long PDF is never held whole in memory; a PDF
    page is rasterised at `dpi` unless it is text only.

    Raises `ScanInputError` (one line naming the file and page) for anything that cannot be read.
    """
    path = Path(path)
    try:
        with path.open("rb") as stream:
            magic = stream.read(5)
    except OSError as exc:
        raise ScanInputError(f"{path}: cannot read the file ({exc.strerror or exc})") from exc
    if magic == b"%PDF-":
        yield from _pdf_pages(path, dpi, max_pixels)
    else:
        yield from _image_pages(path, max_pixels)


def _fail(path: Path, number: int, reason: str) -> ScanInputError:
    return ScanInputError(f"{path}, page {number}: {reason}")


def _check_size(path: Path, number: int, width: float, height: float, max_pixels: int) -> None:
    if width * height > max_pixels:
        raise _fail(
            path, number, f"{width:.0f} × {height:.0f} pixels is over the limit of {max_pixels:,} pixels"
        )


def _image_pages(path: Path, max_pixels: int) -> list[Page]:
    pages: list[Page] = []
    with warnings.catch_warnings():
        # The explicit pixel limit below replaces Pillow's bomb warning; its hard error is still translated.
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        try:
            with Image.open(path, formats=IMAGE_FORMATS) as image:
                for frame in ImageSequence.Iterator(image):
                    _check_size(path, len(pages) + 1, *frame.size, max_pixels)
                    frame.load()
                    pages.append(Page(path, len(pages) + 1, _grayscale(frame), None))
        except UnidentifiedImageError as exc:
            raise ScanInputError(f"{path}: not a PNG, JPEG, TIFF or PDF file") from exc
        except Image.DecompressionBombError as exc:
            raise _fail(path, len(pages) + 1, f"image is over the pixel limit ({exc})") from exc
        except _IMAGE_ERRORS as exc:
            raise _fail(path, len(pages) + 1, f"corrupt or truncated image ({exc})") from exc
    return pages


def _grayscale(frame: Image.Image) -> Image.Image:
    """8-bit grayscale, upright (camera EXIF orientation applied), transparency flattened onto white."""
    frame = ImageOps.exif_transpose(frame)
    if frame.mode.startswith(("I", "F")):
        values = np.asarray(frame, dtype=np.float64)
        top = 65535.0 if values.max() > 255 else 255.0
        return Image.fromarray(np.clip(values * (255.0 / top), 0, 255).astype(np.uint8))
    if frame.mode in ("RGBA", "LA", "PA") or "transparency" in frame.info:
        rgba = frame.convert("RGBA")
        white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        frame = Image.alpha_composite(white, rgba)
    return frame.convert("L")


def _pdf_pages(path: Path, dpi: int, max_pixels: int) -> Iterator[Page]:
    # The PDF libraries are imported only for a PDF: a scan of an image starts faster without them.
    import pdfplumber
    from pdfminer.pdfdocument import PDFPasswordIncorrect
    from pdfminer.psexceptions import PSException
    from pdfplumber.utils.exceptions import MalformedPDFException, PdfminerException
    from pypdfium2 import PdfiumError

    number = 0
    try:
        with pdfplumber.open(path) as pdf:
            for number, page in enumerate(pdf.pages, start=1):
                text = (page.extract_text() or "").strip() or None
                image = None
                if text is None or page.images:
                    _check_size(path, number, page.width * dpi / 72, page.height * dpi / 72, max_pixels)
                    image = page.to_image(resolution=dpi, antialias=True).original.convert("L")
                page.close()  # pdfplumber keeps each page's objects until it is closed
                yield Page(path, number, image, text)
    except PdfminerException as exc:
        cause = exc.args[0] if exc.args else exc
        if isinstance(cause, PDFPasswordIncorrect):
            raise ScanInputError(f"{path}: encrypted PDF that needs a password") from exc
        raise _fail(path, max(number, 1), f"corrupt PDF ({cause})") from exc
    except (MalformedPDFException, PSException, PdfiumError, *_PDF_ERRORS) as exc:
        raise _fail(path, max(number, 1), f"corrupt PDF ({exc})") from exc
