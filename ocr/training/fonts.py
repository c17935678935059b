"""Handwriting fonts for synthetic scoresheets, split once into a development set and a held-out set.

The split is by hand (a font family is one writer), so the held-out fonts are writing the recogniser has never
seen: train and tune on `DEV_FONTS` only and measure on `HELD_OUT_FONTS`. `UNSEEN_DEV_FONTS` are a third
set, never trained on and never evaluated on: development writing unlike any the recogniser learned, on which
what must hold for unseen writing (review thresholds, tempering) is chosen. The fonts come from the Debian
packages the Makefile installs (fonts-dkg-handwriting, fonts-dancingscript, fonts-breip, fonts-klee,
fonts-rufscript, fonts-sjfonts, fonts-femkeklaver; fonts-kristi, fonts-ecolier-court, fonts-comic-neue).
The Because-We-Have-Hope family (fonts-bwht) and Humor Sans draw lower case as capitals, which would teach
that `B` and `b` (bishop, b-file) look alike: they are in no list. Glyph coverage differs (Rufscript has no
`×`, only KleeOne and SteveHand have Cyrillic), so callers ask `fonts_for` for the fonts that can write their
text.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path

from PIL import ImageFont

from ..errors import SynthError

FONT_DIR = Path("/usr/share/fonts")
PRINTED_FONT = "DejaVuSans.ttf"
FORM_FONT = "DejaVuSerif.ttf"
FORM_BOLD_FONT = "DejaVuSans-Bold.ttf"

DEV_FONTS = (
    "dkg.ttf",
    "dkgIt.ttf",
    "dkgBd.ttf",
    "dkgBI.ttf",
    "DancingScript-Regular.otf",
    "DancingScript-Bold.otf",
    "Breip.ttf",
    "KleeOne-Regular.ttf",
    "KleeOne-SemiBold.ttf",
    "Rufscript010.ttf",
)
HELD_OUT_FONTS = ("SteveHand.ttf", "Delphine.ttf", "femkeklaver.ttf")
UNSEEN_DEV_FONTS = ("Kristi.ttf", "Ecolier-court.ttf", "ComicNeue-Italic.otf")

# A private-use code point no font here defines: its rendering is the font's "missing glyph" box.
_NOT_A_GLYPH = "\ue000"


@cache
def find_font(name: str) -> Path:
    """The installed file of a font named by its file name (`dkg.ttf`)."""
    found = sorted(FONT_DIR.rglob(name))
    if not found:
        raise SynthError(f"font {name} is not installed under {FONT_DIR} (see the Makefile's font packages)")
    return found[0]


@cache
def _glyph(font: Path, char: str) -> tuple[tuple[float, ...], bytes]:
    face = ImageFont.truetype(str(font), 32)
    return tuple(face.getbbox(char)), bytes(face.getmask(char))


def missing_glyphs(font: Path, text: str) -> str:
    """The characters of `text` that `font` cannot draw (it would show its missing-glyph box or nothing)."""
    missing_box = _glyph(font, _NOT_A_GLYPH)
    missing = []
    for char in dict.fromkeys(text):
        if char.isspace():
            continue
        box, mask = _glyph(font, char)
        if (box, mask) == missing_box or box[2] <= box[0]:
            missing.append(char)
    return "".join(missing)


def fonts_for(names: Iterable[str], text: str) -> list[Path]:
    """The fonts among `names` that are installed and can draw every character of `text`."""
    paths = []
    for name in names:
        try:
            path = find_font(name)
        except SynthError:
            continue
        if not missing_glyphs(path, text):
            paths.append(path)
    return paths
