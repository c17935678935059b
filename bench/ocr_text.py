#!/usr/bin/env python3
"""Real Tesseract output of printed chess game scores, as benchmark data for a noisy-text decoder.

Game texts in Slovak, Czech, Serbian Latin and Serbian Cyrillic notation are typeset into images
the way a bulletin or a rulebook prints them (several fonts, 20-46 px type, pages wrapped at a
column width, some pages given a scanner's slight rotation, blur, speckles and JPEG artefacts).
Tesseract reads each image (`--psm 6`), and what it returns is the noisy input.  The texts are

* the sample games printed in the FIDE Laws of Chess (Slovak and Czech translations, as printed,
  plus Serbian renderings of the same Appendix C game), with true moves hard-coded and checked
  by python-chess, and
* real games from a PGN file, rendered in the four notations by this script's own renderer with
  a style chosen per game.

Output: JSON Lines, one object per game, in the format of bench/foreign_noise.py (id, locale,
style, seed, text, clean, san, uci, result) plus "font" and "source" ("laws-sample" or "pgn"),
so that bench/noisy_text.py reads it.  A one-line JSON summary (games, mean character error
rate of the OCR text against the clean text, seconds) goes to stderr.

This file was written independently of the decoder it is meant to test: it does not import or
read the decoder (partiar/, notation/, ocr/) or its tests, and it depends only on python-chess,
Pillow, pytesseract and the standard library.  See bench/ocr_text.md.

Example:
    .venv/bin/python bench/ocr_text.py --locale sk --games 10 --seed 1 -o /tmp/ocr_sk.jsonl
    .venv/bin/python bench/noisy_text.py /tmp/ocr_sk.jsonl
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import os
import random
import re
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, TextIO

import chess
import chess.pgn
import pytesseract
from PIL import Image, ImageDraw, ImageFilter, ImageFont

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PGN = REPO_ROOT / ".." / "shared" / "data" / "pgn" / "shakmaty" / "twic1599_1000k.pgn"
LOCALES = ("sk", "cs", "sr", "sr-Cyrl")
PSM = 6

PIECE_LETTERS: dict[str, dict[int, str]] = {
    "sk": {chess.KING: "K", chess.QUEEN: "D", chess.ROOK: "V", chess.BISHOP: "S", chess.KNIGHT: "J"},
    "cs": {chess.KING: "K", chess.QUEEN: "D", chess.ROOK: "V", chess.BISHOP: "S", chess.KNIGHT: "J"},
    "sr": {chess.KING: "K", chess.QUEEN: "D", chess.ROOK: "T", chess.BISHOP: "L", chess.KNIGHT: "S"},
    "sr-Cyrl": {chess.KING: "К", chess.QUEEN: "Д", chess.ROOK: "Т", chess.BISHOP: "Л", chess.KNIGHT: "С"},
}
SAN_PIECES = {"K": chess.KING, "Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT}
CYRILLIC_FILES = str.maketrans("abcdefgh", "абцдефгх")
SAN_RE = re.compile(r"^([KQRBN])?([a-h])?([1-8])?(x)?([a-h][1-8])(?:=([QRBN]))?([+#])?$")

# `--lang auto`: the Tesseract language for each locale, used when it is installed (plus eng).
AUTO_LANG = {"sk": "slk", "cs": "ces", "sr": "srp_latn", "sr-Cyrl": "srp"}

# --------------------------------------------------------------------------------------------
# Sample games printed in the FIDE Laws of Chess
# --------------------------------------------------------------------------------------------

# Appendix C of the Laws: 1.e4 e5 2.Nf3 Nf6 3.d4 exd4 4.e5 Ne4 5.Qxd4 d5 6.exd6 e.p. Nxd6 7.Bg5
# Nc6 8.Qe3+ Be7 9.Nbd2 O-O 10.O-O-O Re8 11.Kb1 (=)
LAWS_GAME: tuple[str, ...] = (
    "e4",
    "e5",
    "Nf3",
    "Nf6",
    "d4",
    "exd4",
    "e5",
    "Ne4",
    "Qxd4",
    "d5",
    "exd6",
    "Nxd6",
    "Bg5",
    "Nc6",
    "Qe3+",
    "Be7",
    "Nbd2",
    "O-O",
    "O-O-O",
    "Re8",
    "Kb1",
)
# The sample game of the Czech Laws of 2009 (seeds/002), printed without a result ("...atd.").
CS2009_GAME: tuple[str, ...] = (
    "d4",
    "Nf6",
    "c4",
    "e6",
    "Nc3",
    "Bb4",
    "Bd2",
    "O-O",
    "e4",
    "d5",
    "exd5",
    "exd5",
    "cxd5",
    "Bxc3",
    "Bxc3",
    "Nxd5",
    "Nf3",
    "b6",
    "Qb3",
    "Nxc3",
    "bxc3",
    "c5",
    "Be2",
    "cxd4",
    "Nxd4",
    "Re8",
    "O-O",
    "Nd7",
    "a4",
    "Nc5",
    "Qb4",
    "Bb7",
    "a5",
)


@dataclass(frozen=True)
class LawsSample:
    sample_id: str
    locale: str
    text: str  # as printed, on one line; the page layout wraps it
    san: tuple[str, ...]
    printed_in: str  # where the text comes from
    translated: bool  # True: this script's rendering of the Appendix C game, not a printed text


LAWS_SAMPLES: tuple[LawsSample, ...] = (
    LawsSample(
        "sk-laws-short",
        "sk",
        "1. e4 e5 2. Jf3 Jf6 3. d4 e×d4 4. e5 Je4 5. D×d4 d5 6. e×d6 e.p. J×d6 7. Sg5 Jc6 "
        "8. De3+ Se7 9. Jbd2 0-0 10. 0-0-0 Ve8 11. Kb1 (=)",
        LAWS_GAME,
        "seeds/000 (Pravidlá šachu FIDE, Príklad zápisu partie)",
        False,
    ),
    LawsSample(
        "sk-laws-nomark",
        "sk",
        "1. e4 e5 2. Jf3 Jf6 3. d4 ed4 4. e5 Je4 5. Dd4 d5 6. ed6 Jd6 7. Sg5 Jc6 8. De3 Se7 "
        "9. Jbd2 0-0 10. 0-0-0 Ve8 11. Kb1 (=)",
        LAWS_GAME,
        "seeds/000 (alebo:)",
        False,
    ),
    LawsSample(
        "sk-laws-long",
        "sk",
        "1. e2e4 e7e5 2. Jg1f3 Jg8f6 3. d2d4 e5×d4 4. e4e5 Jf6e4 5. Dd1×d4 d7d5 6. e5×d6 e.p. "
        "Je4×d6 7. Sc1g5 Jb8c6 8. Dd4e3 Sf8e7 9. Jb1d2 0-0 10. 0-0-0 Vf8e8 11. Kc1b1 (=)",
        LAWS_GAME,
        "seeds/000 (alebo:, long form)",
        False,
    ),
    LawsSample(
        # seeds/004 lost "2 0-0 10. 0-0-0" in text extraction ("9. Jbd Ve8"); restored here.
        "cs-laws-short",
        "cs",
        "1.e4 e5 2. Jf3 Jf6 3. d4 exd4 4. e5 Je4 5. Dxd4 d5 6. exd6 e.p. Jxd6 7. Sg5 Jc6 "
        "8.De3+ Se7 9. Jbd2 0-0 10. 0-0-0 Ve8 11. Kb1 (=)",
        LAWS_GAME,
        "seeds/004 (Vzorový zápis partie; moves 9-10 restored)",
        False,
    ),
    LawsSample(
        "cs-laws-nomark",
        "cs",
        "1. e4 e5 2. Jf3 Jf6 3. d4 ed4 4. e5 Je4 5. Dd4 d5 6. ed6 Jd6 7. Sg5 Jc6 8. De3 Se7 "
        "9. Jbd2 0-0 10. 0-0-0 Ve8 11. Kb1 (=)",
        LAWS_GAME,
        "seeds/004 (Nebo:; moves 9-10 restored)",
        False,
    ),
    LawsSample(
        "cs-laws-2009",
        "cs",
        "1.d4 Jf6 2.c4 e6 3.Jc3 Sb4 4.Sd2 0-0 5.e4 d5 6.exd5 exd5 7.cxd5 Sxc3 8.Sxc3 Jxd5 9.Jf3 b6 "
        "10.Db3 Jxc3 11.bxc3 c5 12.Se2 cxd4 13.Jxd4 Ve8 14.0-0 Jd7 15.a4 Jc5 16.Db4 Sb7 17.a5 ...atd.",
        CS2009_GAME,
        "seeds/002 (Vzorový zápis partie)",
        False,
    ),
    LawsSample(
        "sr-laws-short",
        "sr",
        "1. e4 e5 2. Sf3 Sf6 3. d4 e:d4 4. e5 Se4 5. D:d4 d5 6. e:d6 e.p. S:d6 7. Lg5 Sc6 "
        "8. De3+ Le7 9. Sbd2 0-0 10. 0-0-0 Te8 11. Kb1 (=)",
        LAWS_GAME,
        "FIDE Laws Appendix C game in Serbian letters (no Serbian sample in seeds/003)",
        True,
    ),
    LawsSample(
        "sr-Cyrl-laws-short",
        "sr-Cyrl",
        "1. e4 e5 2. Сf3 Сf6 3. d4 exd4 4. e5 Сe4 5. Дxd4 d5 6. exd6 e.p. Сxd6 7. Лg5 Сc6 "
        "8. Дe3+ Лe7 9. Сbd2 0-0 10. 0-0-0 Тe8 11. Кb1 (=)",
        LAWS_GAME,
        "FIDE Laws Appendix C game in Serbian Cyrillic letters, Latin files",
        True,
    ),
    LawsSample(
        "sr-Cyrl-laws-cyrfiles",
        "sr-Cyrl",
        "1. е4 е5 2. Сф3 Сф6 3. д4 е:д4 4. е5 Се4 5. Д:д4 д5 6. е:д6 e.p. С:д6 7. Лг5 Сц6 "
        "8. Де3+ Ле7 9. Сбд2 0-0 10. 0-0-0 Те8 11. Кб1 (=)",
        LAWS_GAME,
        "FIDE Laws Appendix C game in Serbian Cyrillic letters, Cyrillic files",
        True,
    ),
)


def replay_san(san: Sequence[str]) -> list[chess.Move]:
    """Replay SAN from the start position (raises ValueError on an illegal move)."""
    board = chess.Board()
    return [board.push_san(s) for s in san]


# --------------------------------------------------------------------------------------------
# Rendering a game in local notation
# --------------------------------------------------------------------------------------------


@dataclass
class Notation:
    form: str  # "short" (Jf3) or "long" (Jg1-f3)
    capture: str  # "x", "×", ":" or "" (no mark)
    dash: str  # long form: "-", "–" or "" (e2e4)
    castle: str  # "0-0" or "O-O"
    checks: bool  # print "+" (and mate)
    mate: str  # "#", "++" or "+"
    promo: str  # "" (e8D) or "=" (e8=D)
    numbering: str  # "1.", "1. " or "1 ."
    ep_mark: bool  # "e.p." after en-passant captures
    draw_offer: int  # ply index followed by "(=)", or -1
    cyrillic_files: bool  # sr-Cyrl only: а б ц д е ф г х
    layout: str  # "running" or "pairs" (one move pair a line)
    result_text: str  # "" when not printed


def pick(rng: random.Random, options: Sequence[tuple[str, float]]) -> str:
    return rng.choices([o for o, _ in options], weights=[w for _, w in options])[0]


def choose_notation(rng: random.Random, locale: str, plies: int, result: str) -> Notation:
    cyr = locale == "sr-Cyrl" and rng.random() < 0.25
    capture_options = [("x", 4), ("×", 2), (":", 3 if locale.startswith("sr") else 2), ("", 1)]
    if cyr:  # the Latin x would clash with the Cyrillic h-file letter х
        capture_options = [(":", 4), ("×", 2), ("", 1)]
    result_text = ""
    if result != "*" and rng.random() < 0.85:
        result_text = pick(rng, [("1/2-1/2", 3), ("½-½", 2)]) if result == "1/2-1/2" else result
    return Notation(
        form=pick(rng, [("short", 65), ("long", 35)]),
        capture=pick(rng, capture_options),
        dash=pick(rng, [("-", 6), ("–", 2), ("", 2)]),
        castle=pick(rng, [("0-0", 8), ("O-O", 2)]),
        checks=rng.random() < 0.75,
        mate=pick(rng, [("#", 3), ("++", 2), ("+", 1)]),
        promo=pick(rng, [("", 1), ("=", 1)]),
        numbering=pick(rng, [("1.", 4), ("1. ", 5), ("1 .", 1)]),
        ep_mark=rng.random() < 0.6,
        draw_offer=rng.randrange(8, plies) if plies > 12 and rng.random() < 0.15 else -1,
        cyrillic_files=cyr,
        layout=pick(rng, [("running", 7), ("pairs", 3)]),
        result_text=result_text,
    )


def render_move(board: chess.Board, move: chess.Move, locale: str, nt: Notation) -> str:
    """One move in the game's local notation (board is the position before the move)."""
    san = board.san(move)
    suffix = ""
    if san.endswith("#"):
        suffix = nt.mate if nt.checks else ""
    elif san.endswith("+"):
        suffix = "+" if nt.checks else ""
    core = san.rstrip("+#")
    if core.startswith("O-O"):
        return (nt.castle + "-" + nt.castle[-1] if core == "O-O-O" else nt.castle) + suffix

    def sq(name: str) -> str:
        return name.translate(CYRILLIC_FILES) if nt.cyrillic_files else name

    m = SAN_RE.match(core)
    if m is None:  # cannot happen for python-chess SAN
        raise ValueError(f"unexpected SAN {san!r}")
    piece_san, dfile, drank, _, dest, promo_san, _ = m.groups()
    letters = PIECE_LETTERS[locale]
    letter = letters[SAN_PIECES[piece_san]] if piece_san else ""
    promo = nt.promo + letters[SAN_PIECES[promo_san]] if promo_san else ""
    capture = board.is_capture(move)
    if nt.form == "long":
        sep = (nt.capture or nt.dash) if capture else nt.dash
        text = letter + sq(chess.square_name(move.from_square)) + sep + sq(dest)
    else:
        text = letter + sq(dfile or "") + (drank or "") + (nt.capture if capture else "") + sq(dest)
    text += promo + suffix
    if nt.ep_mark and board.is_en_passant(move):
        text += " e.p."
    return text


def render_game(moves: Sequence[chess.Move], locale: str, nt: Notation) -> list[str]:
    """Paragraphs (layout lines before wrapping) of the rendered game."""
    board = chess.Board()
    parts: list[tuple[int, bool, str]] = []  # (move number, white?, text)
    for ply, move in enumerate(moves):
        text = render_move(board, move, locale, nt)
        if ply == nt.draw_offer:
            text += " (=)"
        parts.append((board.fullmove_number, board.turn == chess.WHITE, text))
        board.push(move)

    def numbered(n: int, text: str) -> str:
        return {"1.": f"{n}.{text}", "1. ": f"{n}. {text}", "1 .": f"{n} . {text}"}[nt.numbering]

    lines: list[str] = []
    for n, white, text in parts:
        if white:
            lines.append(numbered(n, text))
        else:
            lines[-1] += " " + text
    if nt.layout == "running":
        body = [" ".join(lines + ([nt.result_text] if nt.result_text else []))]
    else:
        body = lines + ([nt.result_text] if nt.result_text else [])
    return body


# --------------------------------------------------------------------------------------------
# Fonts and page images
# --------------------------------------------------------------------------------------------

# (file name, weight); only those present on the machine and having every glyph are used.
FONT_CANDIDATES: tuple[tuple[str, float], ...] = (
    ("LiberationSerif-Regular.ttf", 4),
    ("DejaVuSerif.ttf", 3),
    ("LiberationSans-Regular.ttf", 3),
    ("DejaVuSans.ttf", 3),
    ("DejaVuSansCondensed.ttf", 2),
    ("DejaVuSerifCondensed.ttf", 2),
    ("LiberationSansNarrow-Regular.ttf", 1),
    ("DejaVuSansMono.ttf", 1),
    ("LiberationMono-Regular.ttf", 1),
    ("LiberationSerif-Bold.ttf", 1),
    ("DejaVuSans-Bold.ttf", 1),
    ("NotoSerif-Regular.ttf", 2),
    ("NotoSans-Regular.ttf", 2),
    ("FreeSerif.ttf", 2),
    ("FreeSans.ttf", 1),
)
FONT_DIRS = (Path("/usr/share/fonts"), Path("/usr/local/share/fonts"))
NEEDED_GLYPHS = "0123456789abcdefghKDVSJTL.-–×:+#=()/½ КДТЛСабцдефгх"


def _glyph_bitmap(font: ImageFont.FreeTypeFont, ch: str) -> bytes:
    img = Image.new("L", (48, 48), 0)
    ImageDraw.Draw(img).text((6, 4), ch, font=font, fill=255)
    return img.tobytes()


def find_fonts() -> list[tuple[Path, float]]:
    """Fonts from FONT_CANDIDATES that exist here and draw every glyph the texts use."""
    files: dict[str, Path] = {}
    for d in FONT_DIRS:
        if d.is_dir():
            for p in sorted(d.rglob("*.[ot]tf")):
                files.setdefault(p.name, p)
    found: list[tuple[Path, float]] = []
    for name, weight in FONT_CANDIDATES:
        path = files.get(name)
        if path is None:
            continue
        font = ImageFont.truetype(str(path), 32)
        missing = _glyph_bitmap(font, "\ue000")  # private use: the font's "missing glyph"
        if all(_glyph_bitmap(font, c) != missing for c in NEEDED_GLYPHS if c != " "):
            found.append((path, weight))
    return found


@dataclass
class Page:
    mode: str  # "screen" (type size in px) or "scan" (type size in pt at a dpi)
    dpi: int
    size_px: int
    size_pt: float
    chars_per_line: int
    width_px: int
    margin: int
    line_spacing: float
    ink: int
    paper: int
    rotate: float
    blur: float
    noise: float
    specks: int  # dark specks per megapixel
    jpeg: int  # JPEG quality, 0 = none


def choose_page(rng: random.Random) -> Page:
    if rng.random() < 0.45:
        mode, dpi, size_pt = "screen", 300, 0.0
        size_px = rng.randint(20, 34)
    else:
        mode, dpi = "scan", rng.choice((200, 240, 300))
        size_pt = round(rng.uniform(8.5, 11.0), 1)
        size_px = round(size_pt * dpi / 72)
    scanned = mode == "scan"
    return Page(
        mode=mode,
        dpi=dpi,
        size_px=size_px,
        size_pt=size_pt,
        chars_per_line=rng.randint(36, 90),
        width_px=0,
        margin=rng.randint(24, 80),
        line_spacing=round(rng.uniform(1.1, 1.45), 2),
        ink=rng.randint(0, 60) if scanned else rng.randint(0, 20),
        paper=rng.randint(225, 255) if scanned else 255,
        rotate=round(rng.uniform(-0.9, 0.9), 2) if scanned and rng.random() < 0.7 else 0.0,
        blur=round(rng.uniform(0.3, 1.1), 2) if scanned and rng.random() < 0.5 else 0.0,
        noise=round(rng.uniform(0.03, 0.12), 3) if scanned and rng.random() < 0.5 else 0.0,
        specks=rng.randint(20, 300) if scanned and rng.random() < 0.4 else 0,
        jpeg=rng.randint(35, 90) if rng.random() < (0.6 if scanned else 0.2) else 0,
    )


def wrap(paragraph: str, font: ImageFont.FreeTypeFont, width: int) -> list[str]:
    """Greedy word wrap at spaces to a width in pixels."""
    lines: list[str] = []
    cur = ""
    for word in paragraph.split(" "):
        trial = f"{cur} {word}" if cur else word
        if cur and font.getlength(trial) > width:
            lines.append(cur)
            cur = word
        else:
            cur = trial
    if cur:
        lines.append(cur)
    return lines


def layout_page(paragraphs: Sequence[str], font: ImageFont.FreeTypeFont, page: Page) -> list[str]:
    # column width from the wanted characters a line, measured on a typical score's text
    sample = "12. Jf3 e5 13. Dxd4 0-0 "
    page.width_px = round(font.getlength(sample) * page.chars_per_line / len(sample))
    lines: list[str] = []
    for par in paragraphs:
        lines.extend(wrap(par, font, page.width_px))
    return lines


def draw_page(
    lines: Sequence[str], font: ImageFont.FreeTypeFont, page: Page, rng: random.Random
) -> Image.Image:
    ascent, descent = font.getmetrics()
    line_h = round((ascent + descent) * page.line_spacing)
    w = page.width_px + 2 * page.margin
    h = line_h * len(lines) + 2 * page.margin
    img = Image.new("L", (w, h), page.paper)
    draw = ImageDraw.Draw(img)
    for i, line in enumerate(lines):
        draw.text((page.margin, page.margin + i * line_h), line, font=font, fill=page.ink)
    for _ in range(page.specks * w * h // 1_000_000):
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        r = rng.uniform(0.3, 1.1)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=page.ink)
    if page.blur:
        img = img.filter(ImageFilter.GaussianBlur(page.blur))
    if page.noise:
        noise = Image.frombytes("L", img.size, rng.randbytes(w * h))
        img = Image.blend(img, noise, page.noise)
    if page.rotate:
        img = img.rotate(page.rotate, resample=Image.Resampling.BICUBIC, expand=True, fillcolor=page.paper)
    if page.jpeg:
        buf = io.BytesIO()
        img.save(buf, format="JPEG", quality=page.jpeg)
        buf.seek(0)
        img = Image.open(buf)
        img.load()
    return img


# --------------------------------------------------------------------------------------------
# OCR and measurement
# --------------------------------------------------------------------------------------------


def installed_languages() -> list[str]:
    try:
        return sorted(pytesseract.get_languages(config=""))
    except Exception as exc:  # tesseract missing or broken
        raise SystemExit(f"ocr_text.py: cannot run Tesseract ({exc}); install tesseract-ocr") from exc


def resolve_lang(requested: str, locale: str, installed: Sequence[str]) -> str:
    if requested == "auto":
        local = AUTO_LANG[locale]
        return f"{local}+eng" if local in installed and "eng" in installed else "eng"
    return requested


def check_langs(requested: str, locales: Sequence[str], installed: Sequence[str]) -> None:
    wanted = {resolve_lang(requested, loc, installed) for loc in locales}
    missing = sorted({part for lang in wanted for part in lang.split("+") if part not in installed})
    if missing:
        raise SystemExit(
            f"ocr_text.py: Tesseract language(s) {', '.join(missing)} not installed "
            f"(installed: {', '.join(installed) or 'none'}). Use --lang eng, --lang auto, or install "
            "e.g. tesseract-ocr-slk tesseract-ocr-ces tesseract-ocr-srp tesseract-ocr-srp-latn."
        )
    if requested == "auto":
        for loc in locales:
            if AUTO_LANG[loc] not in installed:
                print(
                    f"ocr_text.py: note: Tesseract language {AUTO_LANG[loc]} not installed; "
                    f"locale {loc} is read with eng",
                    file=sys.stderr,
                )


def ocr(img: Image.Image, lang: str, dpi: int) -> str:
    text: str = pytesseract.image_to_string(img, lang=lang, config=f"--psm {PSM} --dpi {dpi}")
    return text.replace("\x0c", "").rstrip()


def edit_distance(a: str, b: str) -> int:
    if len(a) < len(b):
        a, b = b, a
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def cer(text: str, clean: str) -> float:
    return edit_distance(text, clean) / max(1, len(clean))


def squash(s: str) -> str:
    return " ".join(s.split())


# --------------------------------------------------------------------------------------------
# Records
# --------------------------------------------------------------------------------------------


def record_seed(*parts: object) -> int:
    digest = hashlib.sha256("/".join(["ocr_text", *map(str, parts)]).encode()).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass
class Job:
    rid: str
    locale: str
    seed: int
    source: str
    paragraphs: list[str]
    moves: list[chess.Move]
    result: str
    style: dict[str, Any]


def build_record(
    job: Job, fonts: Sequence[tuple[Path, float]], lang: str, save_dir: Path | None
) -> dict[str, Any]:
    rng = random.Random(job.seed ^ 0x5EED)  # page choices, independent of the notation draws
    paths = [p for p, _ in fonts]
    font_path = rng.choices(paths, weights=[w for _, w in fonts])[0]
    page = choose_page(rng)
    font = ImageFont.truetype(str(font_path), page.size_px)
    lines = layout_page(job.paragraphs, font, page)
    clean = "\n".join(lines)
    img = draw_page(lines, font, page, rng)
    if save_dir is not None:
        safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", job.rid)
        img.save(save_dir / f"{safe}.png")
    text = ocr(img, lang, page.dpi)
    board = chess.Board()
    san: list[str] = []
    for m in job.moves:
        san.append(board.san(m))
        board.push(m)
    style = dict(job.style)
    style["page"] = asdict(page)
    style["ocr"] = {
        "engine": "tesseract",
        "lang": lang,
        "psm": PSM,
        "cer": round(cer(text, clean), 4),
        "cer_ws": round(cer(squash(text), squash(clean)), 4),
    }
    return {
        "id": job.rid,
        "locale": job.locale,
        "style": style,
        "seed": job.seed,
        "text": text,
        "clean": clean,
        "san": san,
        "uci": [m.uci() for m in job.moves],
        "result": job.result,
        "font": font_path.stem,
        "source": job.source,
    }


def laws_jobs(locales: Sequence[str], seed: int, copies: int) -> Iterator[Job]:
    for loc in locales:
        for sample in LAWS_SAMPLES:
            if sample.locale != loc:
                continue
            moves = replay_san(sample.san)
            for copy in range(copies):
                yield Job(
                    rid=f"laws:{sample.sample_id}#{copy}/{loc}/{seed}",
                    locale=loc,
                    seed=record_seed(seed, "laws", sample.sample_id, copy),
                    source="laws-sample",
                    paragraphs=[sample.text],
                    moves=moves,
                    result="*",
                    style={
                        "sample": sample.sample_id,
                        "printed_in": sample.printed_in,
                        "translated": sample.translated,
                        "layout": "running",
                    },
                )


def read_games(path: Path, skip: int, count: int) -> list[tuple[int, chess.pgn.Game]]:
    """(index in file, game) for standard-start games with moves, after skipping `skip` games."""
    out: list[tuple[int, chess.pgn.Game]] = []
    index = -1
    with path.open(encoding="utf-8", errors="replace") as fh:
        while len(out) < count:
            game = chess.pgn.read_game(fh)
            if game is None:
                break
            index += 1
            if index < skip or "FEN" in game.headers or "SetUp" in game.headers or game.errors:
                continue
            if game.next() is None:
                continue
            out.append((index, game))
    return out


def pgn_jobs(
    games: Sequence[tuple[int, chess.pgn.Game]], locales: Sequence[str], seed: int, stem: str, max_plies: int
) -> Iterator[Job]:
    for loc in locales:
        for index, game in games:
            gseed = record_seed(seed, loc, index)
            rng = random.Random(gseed)
            moves = list(game.mainline_moves())
            result = game.headers.get("Result", "*")
            if max_plies and len(moves) > max_plies:
                moves, result = moves[:max_plies], "*"
            nt = choose_notation(rng, loc, len(moves), result)
            yield Job(
                rid=f"{stem}#{index}/{loc}/{seed}",
                locale=loc,
                seed=gseed,
                source="pgn",
                paragraphs=render_game(moves, loc, nt),
                moves=moves,
                result=result,
                style=asdict(nt),
            )


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(
        description="Typeset chess game scores in Slovak/Czech/Serbian notation, read them back with "
        "Tesseract, and write JSON Lines (id, locale, style, seed, text, clean, san, uci, result, font, "
        "source) with the OCR output as the noisy text."
    )
    ap.add_argument("--pgn", type=Path, default=DEFAULT_PGN, help="input PGN (default: %(default)s)")
    ap.add_argument("--games", type=int, default=40, help="PGN games per locale (default: 40)")
    ap.add_argument(
        "--skip", type=int, default=300, help="games to skip at the start of the PGN (default: 300)"
    )
    ap.add_argument("--seed", type=int, default=0, help="random seed (default: 0)")
    ap.add_argument("--locale", choices=(*LOCALES, "all"), default="sk", help="notation locale (default: sk)")
    ap.add_argument(
        "--lang",
        default="eng",
        help="Tesseract language, e.g. eng or slk+eng; 'auto' uses slk/ces/srp_latn/srp (+eng) per locale "
        "where installed, else eng (default: eng)",
    )
    ap.add_argument("--laws-only", action="store_true", help="only the FIDE Laws sample games")
    ap.add_argument("--no-laws", action="store_true", help="only PGN games")
    ap.add_argument("--laws-copies", type=int, default=1, help="renderings of each Laws sample (default: 1)")
    ap.add_argument(
        "--max-plies", type=int, default=0, help="cut PGN games to this many plies (0: whole game)"
    )
    ap.add_argument("--save-images", type=Path, help="also save the page images (PNG) in this folder")
    ap.add_argument("-o", "--output", type=Path, help="output file (default: stdout)")
    return ap.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    start = time.monotonic()
    os.environ.setdefault("OMP_THREAD_LIMIT", "1")  # one core per Tesseract run
    locales = list(LOCALES) if args.locale == "all" else [args.locale]
    installed = installed_languages()
    check_langs(args.lang, locales, installed)
    fonts = find_fonts()
    if not fonts:
        raise SystemExit("ocr_text.py: no usable font found (install fonts-dejavu-core or fonts-liberation)")
    if args.save_images:
        args.save_images.mkdir(parents=True, exist_ok=True)

    jobs: list[Job] = []
    if not args.no_laws:
        jobs.extend(laws_jobs(locales, args.seed, args.laws_copies))
    if not args.laws_only and args.games > 0:
        games = read_games(args.pgn, args.skip, args.games)
        jobs.extend(pgn_jobs(games, locales, args.seed, args.pgn.stem, args.max_plies))

    out: TextIO = (
        args.output.open("w", encoding="utf-8")
        if args.output
        else io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", newline="\n")
    )
    cers: dict[str, list[float]] = {}
    cers_ws: list[float] = []
    try:
        for job in jobs:
            lang = resolve_lang(args.lang, job.locale, installed)
            rec = build_record(job, fonts, lang, args.save_images)
            out.write(json.dumps(rec, ensure_ascii=False) + "\n")
            out.flush()
            cers.setdefault(job.locale, []).append(rec["style"]["ocr"]["cer"])
            cers.setdefault(job.source, []).append(rec["style"]["ocr"]["cer"])
            cers_ws.append(rec["style"]["ocr"]["cer_ws"])
    except BrokenPipeError:  # e.g. piped into `head`
        sys.stderr.close()
        return 0
    finally:
        if args.output:
            out.close()
        else:
            with contextlib.suppress(BrokenPipeError):
                out.flush()

    def mean(xs: Sequence[float]) -> float:
        return round(sum(xs) / len(xs), 4) if xs else 0.0

    all_cers = [c for loc in locales for c in cers.get(loc, [])]
    summary = {
        "games": len(all_cers),
        "mean_cer": mean(all_cers),
        "mean_cer_ws": mean(cers_ws),
        "by": {k: {"games": len(v), "mean_cer": mean(v)} for k, v in cers.items()},
        "lang": args.lang,
        "fonts": len(fonts),
        "seconds": round(time.monotonic() - start, 1),
    }
    print(json.dumps(summary), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
