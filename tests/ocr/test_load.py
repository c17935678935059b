"""Loading scoresheet files: every supported format from real files, and every kind of bad input refused."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest
from partiar.notation.errors import InputError
from partiar.ocr.errors import ScanInputError
from partiar.ocr.load import load_pages
from PIL import Image, ImageDraw


def _sheet(size: tuple[int, int] = (300, 400), shade: int = 0) -> Image.Image:
    image = Image.new("L", size, 255)
    ImageDraw.Draw(image).rectangle((20, 30, 200, 60), outline=shade, width=3)
    return image


def _text_pdf(path: Path, text: str) -> None:
    """A one-page PDF whose only content is `text` in Helvetica: the shape of a typed bulletin."""
    stream = f"BT /F1 14 Tf 72 760 Td ({text}) Tj ET"
    objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R"
        " /Resources << /Font << /F1 5 0 R >> >> >>",
        f"<< /Length {len(stream)} >>\nstream\n{stream}\nendstream",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n{body}\nendobj\n".encode("latin-1")
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{offset:010d} 00000 n \n".encode() for offset in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    path.write_bytes(bytes(out))


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


@pytest.mark.parametrize(("suffix", "fmt"), [("png", "PNG"), ("jpg", "JPEG"), ("tif", "TIFF")])
def test_image_formats_load_as_one_grayscale_page(tmp_path: Path, suffix: str, fmt: str) -> None:
    path = tmp_path / f"sheet.{suffix}"
    _sheet().convert("RGB").save(path, fmt)
    [page] = load_pages(path)
    assert page.number == 1 and page.text is None and page.image is not None
    assert page.image.mode == "L" and page.image.size == (300, 400)
    assert page.image.getpixel((20, 45)) < 80 and page.image.getpixel((150, 200)) > 200


def test_multi_page_tiff_gives_every_page(tmp_path: Path) -> None:
    path = tmp_path / "two.tif"
    _sheet().save(path, save_all=True, append_images=[_sheet((320, 420))])
    pages = load_pages(path)
    assert [page.number for page in pages] == [1, 2]
    assert [page.image.size for page in pages if page.image] == [(300, 400), (320, 420)]


def test_transparent_and_16_bit_images_become_8_bit_on_white(tmp_path: Path) -> None:
    clear = tmp_path / "clear.png"
    Image.new("RGBA", (40, 30), (0, 0, 0, 0)).save(clear)
    deep = tmp_path / "deep.png"
    Image.new("I;16", (40, 30), 65535).save(deep)
    for path in (clear, deep):
        [page] = load_pages(path)
        assert page.image is not None and page.image.mode == "L" and page.image.getpixel((5, 5)) == 255


def test_camera_orientation_is_applied(tmp_path: Path) -> None:
    path = tmp_path / "phone.jpg"
    exif = Image.Exif()
    exif[0x0112] = 6  # the camera was turned: display rotated 90° clockwise
    _sheet().save(path, exif=exif)
    [page] = load_pages(path)
    assert page.image is not None and page.image.size == (400, 300)


def test_scanned_pdf_pages_are_rasterised_at_the_requested_resolution(tmp_path: Path) -> None:
    path = tmp_path / "scan.pdf"
    _sheet().save(path, "PDF", resolution=100, save_all=True, append_images=[_sheet(), _sheet()])
    pages = load_pages(path, dpi=200)
    assert [page.number for page in pages] == [1, 2, 3]
    for page in pages:
        assert page.text is None and page.image is not None and page.image.mode == "L"
        assert page.image.size == (600, 800)
        assert page.image.getpixel((100, 62)) < 100 and page.image.getpixel((100, 90)) > 200


def test_text_pdf_yields_its_text_for_the_noisy_text_path(tmp_path: Path) -> None:
    path = tmp_path / "bulletin.pdf"
    _text_pdf(path, "1. e4 e5 2. Jf3 Jc6 3. Sb5")
    [page] = load_pages(path)
    assert page.image is None and page.text == "1. e4 e5 2. Jf3 Jc6 3. Sb5"


def test_encrypted_pdf_is_refused(tmp_path: Path) -> None:
    pypdf = pytest.importorskip("pypdf", reason="pypdf (a dev dependency) makes the encrypted PDF")
    plain, locked = tmp_path / "plain.pdf", tmp_path / "locked.pdf"
    _sheet().save(plain, "PDF")
    writer = pypdf.PdfWriter(clone_from=plain)
    writer.encrypt("secret", algorithm="RC4-128")
    writer.write(locked)
    with pytest.raises(ScanInputError, match=r"locked\.pdf: encrypted PDF that needs a password"):
        load_pages(locked)


def test_truncated_files_are_refused_with_the_page(tmp_path: Path) -> None:
    for fmt, suffix in (("PNG", "png"), ("JPEG", "jpg")):
        path = tmp_path / f"cut.{suffix}"
        _sheet((600, 800)).save(path, fmt)
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 2])
        with pytest.raises(ScanInputError, match=rf"cut\.{suffix}, page 1: corrupt or truncated image"):
            load_pages(path)


def test_corrupt_pdf_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "broken.pdf"
    path.write_bytes(b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 9 0 R >> endobj\ntrailer << >>\n")
    with pytest.raises(ScanInputError, match=r"broken\.pdf.*corrupt PDF"):
        load_pages(path)


def test_decompression_bomb_header_is_refused_before_decoding(tmp_path: Path) -> None:
    path = tmp_path / "bomb.png"
    header = struct.pack(">IIBBBBB", 30_000, 30_000, 8, 0, 0, 0, 0)
    data = b"\x89PNG\r\n\x1a\n" + _png_chunk(b"IHDR", header)
    data += _png_chunk(b"IDAT", zlib.compress(b"\x00" * 1000)) + _png_chunk(b"IEND", b"")
    path.write_bytes(data)
    with pytest.raises(ScanInputError, match=r"bomb\.png, page 1: .*pixel"):
        load_pages(path)


def test_pixel_limit_is_checked_per_page(tmp_path: Path) -> None:
    image, pdf = tmp_path / "big.png", tmp_path / "big.pdf"
    _sheet().save(image)
    _sheet().save(pdf, "PDF", resolution=72)
    with pytest.raises(ScanInputError, match=r"big\.png, page 1: 300 × 400 pixels is over the limit"):
        load_pages(image, max_pixels=100_000)
    with pytest.raises(ScanInputError, match=r"big\.pdf, page 1: 1200 × 1600 pixels is over the limit"):
        load_pages(pdf, dpi=288, max_pixels=1_000_000)


def test_unknown_and_missing_files_are_refused(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("1. e4 e5\n")
    gif = tmp_path / "anim.gif"
    _sheet().save(gif, "GIF")
    for path in (notes, gif):
        with pytest.raises(ScanInputError, match="not a PNG, JPEG, TIFF or PDF file"):
            load_pages(path)
    with pytest.raises(InputError, match=r"absent\.png: cannot read the file"):
        load_pages(tmp_path / "absent.png")
