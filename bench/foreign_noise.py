#!/usr/bin/env python3
"""Independent generator of noisy foreign-notation chess game scores.

Reads games from a PGN file, renders each main line the way a person would type it or a
bulletin would print it in a local notation (Slovak, Czech, Serbian Latin, Serbian Cyrillic),
then garbles the text with an OCR-like or typing-like noise model.  Writes JSON Lines, one
object per game, with the noisy text, the clean rendering and the true moves (SAN and UCI).

This file was written independently of the decoder it is meant to test: it uses only
python-chess and the standard library, and its confusion tables and rates are its own.
See bench/foreign_noise.md.

Example:
    .venv/bin/python bench/foreign_noise.py --locale sk --games 40 --seed 1 -o /tmp/sk.jsonl
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import random
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

import chess
import chess.pgn

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PGN = REPO_ROOT / ".." / "shared" / "data" / "pgn" / "shakmaty" / "twic1599_1000k.pgn"
LOCALES = ("sk", "cs", "sr", "sr-Cyrl")

# --------------------------------------------------------------------------------------------
# Locale data
# --------------------------------------------------------------------------------------------

PIECE_LETTERS: dict[str, dict[int, str]] = {
    "sk": {chess.KING: "K", chess.QUEEN: "D", chess.ROOK: "V", chess.BISHOP: "S", chess.KNIGHT: "J"},
    "cs": {chess.KING: "K", chess.QUEEN: "D", chess.ROOK: "V", chess.BISHOP: "S", chess.KNIGHT: "J"},
    "sr": {chess.KING: "K", chess.QUEEN: "D", chess.ROOK: "T", chess.BISHOP: "L", chess.KNIGHT: "S"},
    "sr-Cyrl": {chess.KING: "К", chess.QUEEN: "Д", chess.ROOK: "Т", chess.BISHOP: "Л", chess.KNIGHT: "С"},
}
SAN_PIECE = {"K": chess.KING, "Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT}
CYRILLIC_FILES = dict(zip("abcdefgh", "абцдефгх", strict=True))

DRAW_WORDS: dict[str, list[str]] = {
    "sk": ["remis", "remíza", "Remíza"],
    "cs": ["remis", "remíza", "Remíza"],
    "sr": ["remis", "remi", "Remi"],
    "sr-Cyrl": ["remis", "реми", "Реми"],
}
COMMENTS: dict[str, list[str]] = {
    "sk": [
        "s výhodou",
        "chyba",
        "rozhodujúca chyba",
        "jediný ťah",
        "časová tieseň",
        "s iniciatívou",
        "nová myšlienka",
        "najlepšie",
        "presnejšie bolo inak",
    ],
    "cs": [
        "s výhodou",
        "chyba",
        "rozhodující chyba",
        "jediný tah",
        "časová tíseň",
        "s iniciativou",
        "novinka",
        "nejlepší",
        "přesnější bylo jinak",
    ],
    "sr": [
        "sa prednošću",
        "greška",
        "odlučujuća greška",
        "jedini potez",
        "cajtnot",
        "sa inicijativom",
        "novitet",
        "najbolje",
        "tačnije je bilo drugačije",
    ],
    "sr-Cyrl": [
        "са предношћу",
        "грешка",
        "одлучујућа грешка",
        "једини потез",
        "цајтнот",
        "са иницијативом",
        "новитет",
        "најбоље",
        "тачније је било другачије",
    ],
}
ANNOTATIONS = [("!", 5), ("?", 5), ("!?", 3), ("?!", 3), ("!!", 1), ("??", 1)]

# --------------------------------------------------------------------------------------------
# Noise tables (this generator's own; weights are relative within one entry)
# --------------------------------------------------------------------------------------------

# OCR confusions on printed text, keyed by the source string (1-3 characters).
OCR_CONFUSION: dict[str, list[tuple[str, int]]] = {
    # shapes of one, ell, capital i, bar
    "1": [("l", 6), ("I", 4), ("|", 2), ("i", 1), ("7", 1), ("]", 1)],
    "l": [("1", 6), ("I", 4), ("|", 2), ("i", 1)],
    "I": [("l", 5), ("1", 4), ("|", 2)],
    "|": [("l", 4), ("1", 3), ("I", 3)],
    "i": [("l", 3), ("1", 2), (";", 1), ("j", 1)],
    "j": [("i", 2), (";", 1), ("J", 1)],
    # round shapes
    "O": [("0", 7), ("o", 3), ("D", 2), ("Q", 1), ("C", 1)],
    "0": [("O", 7), ("o", 3), ("D", 2), ("Q", 1), ("8", 1), ("6", 1), ("9", 1)],
    "o": [("0", 3), ("O", 2), ("c", 2), ("e", 2), ("a", 1)],
    "D": [("0", 3), ("O", 3), ("P", 2), ("B", 1), ("Ð", 1)],
    "Q": [("O", 3), ("0", 2)],
    "C": [("c", 2), ("O", 2), ("(", 1), ("G", 1)],
    "G": [("6", 2), ("C", 2), ("O", 1)],
    # S, B and digits
    "S": [("5", 6), ("$", 3), ("8", 2), ("s", 2)],
    "5": [("S", 5), ("s", 2), ("6", 2), ("3", 1)],
    "B": [("8", 5), ("3", 2), ("E", 1), ("R", 1)],
    "8": [("B", 4), ("3", 3), ("6", 2), ("0", 1), ("S", 1)],
    "3": [("8", 4), ("B", 1), ("5", 2), ("9", 1)],
    "b": [("6", 5), ("h", 3), ("lo", 1), ("o", 1)],
    "6": [("b", 4), ("G", 2), ("5", 2), ("8", 2)],
    "h": [("b", 3), ("li", 3), ("n", 2), ("k", 1)],
    "2": [("Z", 3), ("z", 2), ("?", 1), ("7", 1)],
    "4": [("A", 3), ("h", 1), ("l", 1), ("9", 1)],
    "7": [("1", 3), ("T", 2), ("/", 1), ("?", 1)],
    "9": [("g", 4), ("q", 3), ("8", 1)],
    "g": [("9", 5), ("q", 4), ("y", 1)],
    "q": [("g", 4), ("9", 3)],
    # small letters
    "e": [("c", 6), ("o", 3), ("é", 1), ("a", 1)],
    "c": [("e", 5), ("o", 3), ("(", 1), ("r", 1)],
    "a": [("o", 4), ("d", 3), ("e", 2), ("u", 1)],
    "d": [("cl", 5), ("a", 2), ("ol", 1)],
    "f": [("t", 5), ("l", 2), ("r", 1)],
    "t": [("f", 4), ("l", 2), ("+", 1)],
    "n": [("ri", 2), ("h", 2), ("u", 2), ("m", 1)],
    "m": [("rn", 6), ("nn", 2), ("n", 1)],
    "u": [("n", 3), ("v", 2), ("ii", 1)],
    "v": [("y", 2), ("u", 2)],
    "r": [("n", 2), ("t", 1)],
    "k": [("K", 3), ("h", 2), ("lc", 1)],
    "s": [("5", 2), ("S", 2)],
    "z": [("2", 2)],
    "x": [("×", 4), ("%", 2), ("X", 3), ("k", 1), ("><", 1)],
    "×": [("x", 6), ("X", 2), ("%", 1)],
    # piece letters
    "K": [("k", 3), ("X", 2), ("R", 1), ("lC", 1)],
    "V": [("v", 3), ("Y", 2), ("U", 2), ("\\/", 1)],
    "J": [("j", 3), ("]", 3), ("I", 2), ("l", 1)],
    "T": [("7", 3), ("I", 2), ("Y", 1), ("t", 1)],
    "L": [("l", 2), ("1", 2), ("I", 2), ("[", 1), ("t", 1)],
    "P": [("p", 2), ("D", 2)],
    "E": [("F", 2), ("B", 1)],
    "R": [("K", 1), ("B", 1)],
    # punctuation
    ":": [(";", 4), ("i", 2), (".", 2), (",", 1)],
    ";": [(":", 3), ("i", 1)],
    ".": [(",", 5), (":", 2), ("'", 2), ("·", 1)],
    ",": [(".", 4), ("'", 1)],
    "-": [("–", 4), ("—", 2), ("_", 1), ("~", 1), (".", 1), ("=", 1)],
    "–": [("-", 5), ("—", 2)],
    "=": [("-", 3), ("—", 1), ("z", 1)],
    "+": [("t", 4), ("4", 2), ("±", 1), ("*", 1)],
    "#": [("H", 3), ("ff", 1), ("+", 1)],
    "/": [("l", 2), ("1", 2), ("I", 2), ("7", 1)],
    "½": [("%", 4), ("1/2", 3), ("Vi", 2), ("y2", 1), ("l/2", 1)],
    "(": [("C", 2), ("[", 2), ("{", 1), ("l", 1)],
    ")": [("]", 3), ("J", 2), ("}", 1), ("l", 1)],
    "!": [("l", 3), ("1", 2), ("I", 2), ("|", 1)],
    "?": [("7", 3), ("2", 2)],
    # Slovak / Czech / Serbian diacritics (comments and draw words)
    "í": [("i", 3), ("f", 1)],
    "á": [("a", 3), ("ä", 1)],
    "é": [("e", 3), ("c", 1)],
    "ú": [("u", 3)],
    "ý": [("y", 3)],
    "č": [("c", 3), ("ć", 1)],
    "ć": [("c", 3), ("č", 1)],
    "š": [("s", 3)],
    "ť": [("t", 3), ("f", 1)],
    "ž": [("z", 3)],
    "ř": [("r", 3)],
    "ô": [("o", 3)],
    "ď": [("d", 3)],
    # Serbian Cyrillic: a Latin-trained engine or a lookalike reading
    "К": [("K", 6), ("k", 2), ("Х", 1)],
    "Д": [("A", 3), ("Л", 2), ("D", 2), ("Ц", 1)],
    "Т": [("T", 6), ("Г", 2), ("7", 1)],
    "Л": [("Д", 2), ("JI", 2), ("П", 2), ("J1", 1)],
    "С": [("C", 6), ("c", 2), ("Е", 1), ("(", 1)],
    "а": [("a", 6), ("o", 2), ("д", 1)],
    "б": [("6", 5), ("o", 1), ("в", 1)],
    "ц": [("u", 3), ("ч", 2), ("щ", 1)],
    "д": [("g", 3), ("a", 2), ("л", 1)],
    "е": [("e", 6), ("c", 2), ("с", 1)],
    "ф": [("cp", 3), ("Ф", 2), ("o", 1)],
    "г": [("r", 5), ("т", 1)],
    "х": [("x", 6), ("ж", 1), ("к", 1)],
    "м": [("m", 1), ("и", 1)],
    "и": [("u", 2), ("н", 1)],
    "т": [("m", 2), ("г", 1)],
    "р": [("p", 4)],
    "н": [("H", 2), ("и", 1)],
    "ш": [("w", 2), ("щ", 1)],
    "ј": [("j", 4), ("i", 1)],
    "ћ": [("h", 2), ("ђ", 1)],
    # multi-character shapes
    "rn": [("m", 1)],
    "cl": [("d", 1)],
    "li": [("h", 1)],
    "ri": [("n", 1)],
    "nn": [("m", 1)],
    "1/2": [("½", 3), ("l/2", 2), ("1/Z", 1), ("V2", 1)],
    "0-0": [("00", 2), ("0–0", 2), ("O-O", 1), ("0-O", 2)],
    "O-O": [("0-0", 3), ("OO", 1), ("O–O", 1)],
    "e4": [("c4", 2), ("e-4", 1)],
}
OCR_SPECKS = [(".", 5), (",", 3), ("'", 3), ("`", 1), ("-", 1), ("i", 1), ("l", 1), ("·", 1)]

KEYBOARD_ROWS_LATIN = ["1234567890", "qwertzuiop", "asdfghjkl", "yxcvbnm"]
KEYBOARD_ROWS_CYRILLIC = ["1234567890", "љњертзуиопш", "асдфгхјклчћ", "ѕџцвбнм"]
ROW_OFFSETS = [0.0, 0.5, 0.8, 1.3]
# What a Slovak / Czech keyboard produces on the digit row when Shift is forgotten.
SHIFT_SLIP = {
    "sk": dict(zip("1234567890", "+ľščťžýáíé", strict=True)),
    "cs": dict(zip("1234567890", "+ěščřžýáíé", strict=True)),
}
# Serbian Cyrillic keys produce these Latin letters when the layout is left on Latin.
LAYOUT_SLIP = {
    "К": "K",
    "Д": "D",
    "Т": "T",
    "Л": "L",
    "С": "S",
    "а": "a",
    "б": "b",
    "ц": "c",
    "д": "d",
    "е": "e",
    "ф": "f",
    "г": "g",
    "х": "h",
}


def keyboard_neighbours(rows: Sequence[str]) -> dict[str, list[str]]:
    """Keys within about one key width of each other on a staggered keyboard."""
    pos: dict[str, tuple[float, float]] = {}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            pos[ch] = (c + ROW_OFFSETS[r], float(r))
    out: dict[str, list[str]] = {}
    for a, (ax, ay) in pos.items():
        out[a] = [b for b, (bx, by) in pos.items() if b != a and abs(ax - bx) <= 1.0 and abs(ay - by) <= 1.0]
    return out


NEIGHBOURS_LATIN = keyboard_neighbours(KEYBOARD_ROWS_LATIN)
NEIGHBOURS_CYRILLIC = keyboard_neighbours(KEYBOARD_ROWS_CYRILLIC)

# Operation mix per noise profile: substitution, deletion, doubling, stray insertion,
# transposition (typing only), space change.
PROFILE_OPS: dict[str, list[tuple[str, int]]] = {
    "ocr": [("sub", 55), ("del", 14), ("dup", 5), ("ins", 8), ("swap", 0), ("space", 18)],
    "typing": [("sub", 34), ("del", 22), ("dup", 13), ("ins", 5), ("swap", 13), ("space", 13)],
}
SPACE_OPS = [("del", 65), ("dup", 20), ("ins", 15)]


def pick(rng: random.Random, options: Sequence[tuple[str, int]]) -> str:
    """Weighted choice from (value, weight) pairs."""
    total = sum(w for _, w in options)
    x = rng.random() * total
    for value, w in options:
        x -= w
        if x < 0:
            return value
    return options[-1][0]


# --------------------------------------------------------------------------------------------
# Rendering
# --------------------------------------------------------------------------------------------


@dataclass
class Token:
    kind: str  # num, move, ann, comment, draw, result, sp, nl
    text: str


@dataclass
class Style:
    form: str = "short"
    capture: str = "x"
    dash: str = "-"
    castle: str = "0-0"
    checks: bool = True
    mate: str = "#"
    promo: str = ""
    numbering: str = "1."
    black_cont: str = "..."
    layout: str = "running"
    width: int = 70
    column: int = 0
    cyrillic_files: bool = False
    annotated: bool = False
    comment_brackets: str = "()"
    ep_mark: bool = False
    draw_offer: int = -1
    result_shown: bool = True
    result_text: str = ""
    noise: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def choose_style(rng: random.Random, locale: str, n_plies: int, result: str) -> Style:
    s = Style()
    s.form = pick(rng, [("short", 6), ("long", 4)])
    if s.form == "short":
        s.capture = pick(rng, [("x", 6), (":", 3), ("×", 1), ("", 2)])
    else:
        s.capture = pick(rng, [("x", 5), (":", 4), ("×", 1), ("", 1)])
    s.dash = pick(rng, [("-", 8), ("–", 2)])
    s.castle = pick(rng, [("0-0", 6), ("O-O", 4)])
    s.checks = rng.random() < 0.7
    s.mate = pick(rng, [("#", 5), ("++", 3), ("+", 1)]) if s.checks else pick(rng, [("#", 1), ("", 3)])
    s.promo = pick(rng, [("", 4), ("=", 3), ("/", 1)])
    s.numbering = pick(rng, [("1.", 5), ("1. ", 5), ("1 . ", 1), ("1)", 2), ("1) ", 1)])
    s.black_cont = pick(rng, [("...", 6), (". ...", 2), ("…", 1), ("..", 1)])
    s.layout = pick(rng, [("running", 5), ("pairs", 5)])
    s.width = rng.randint(32, 90)
    s.column = rng.choice([0, 0, 0, 9, 11]) if s.layout == "pairs" else 0
    s.cyrillic_files = locale == "sr-Cyrl" and rng.random() < 0.4
    if s.cyrillic_files and s.capture == "x" and rng.random() < 0.3:
        s.capture = "х"  # Cyrillic letter kha typed as the capture mark (same shape as file h)
    s.annotated = rng.random() < 0.3
    s.comment_brackets = pick(rng, [("()", 5), ("[]", 2), ("{}", 1)])
    s.ep_mark = rng.random() < 0.3
    s.draw_offer = rng.randrange(n_plies) if n_plies and rng.random() < 0.12 else -1
    s.result_shown = result != "*" and rng.random() < 0.7
    if s.result_shown:
        if result == "1-0":
            s.result_text = pick(rng, [("1-0", 7), ("1:0", 3)])
        elif result == "0-1":
            s.result_text = pick(rng, [("0-1", 7), ("0:1", 3)])
        else:
            opts = [("1/2-1/2", 5), ("½-½", 4), ("½:½", 2)] + [(w, 1) for w in DRAW_WORDS[locale]]
            s.result_text = pick(rng, opts)
    return s


def square_text(sq: int, style: Style) -> str:
    name = chess.square_name(sq)
    if style.cyrillic_files:
        return CYRILLIC_FILES[name[0]] + name[1]
    return name


def render_move(board: chess.Board, move: chess.Move, locale: str, style: Style) -> str:
    """One move in the locale's notation; board is the position before the move."""
    letters = PIECE_LETTERS[locale]
    san = board.san(move)
    mate = san.endswith("#")
    check = san.endswith("+")
    if board.is_castling(move):
        body = style.castle if board.is_kingside_castling(move) else style.castle + style.castle[-2:]
    elif style.form == "short":
        core = san.rstrip("+#")
        promo = ""
        if "=" in core:
            core, p = core.split("=")
            promo = style.promo + letters[SAN_PIECE[p]]
        out = []
        for ch in core:
            if ch in SAN_PIECE:
                out.append(letters[SAN_PIECE[ch]])
            elif ch == "x":
                out.append(style.capture)
            elif ch in "abcdefgh" and style.cyrillic_files:
                out.append(CYRILLIC_FILES[ch])
            else:
                out.append(ch)
        body = "".join(out) + promo
    else:
        piece = board.piece_type_at(move.from_square)
        assert piece is not None
        prefix = "" if piece == chess.PAWN else letters[piece]
        sep = (style.capture or style.dash) if board.is_capture(move) else style.dash
        body = prefix + square_text(move.from_square, style) + sep + square_text(move.to_square, style)
        if move.promotion:
            body += style.promo + letters[move.promotion]
    if mate:
        body += style.mate
    elif check and style.checks:
        body += "+"
    if style.ep_mark and board.is_en_passant(move):
        body += " e.p."
    return body


def number_text(n: int, style: Style, black: bool) -> str:
    if black:
        return f"{n}{style.black_cont}"
    return style.numbering.replace("1", str(n), 1).rstrip(" ")


def number_gap(style: Style) -> str:
    return " " if style.numbering.endswith(" ") else ""


@dataclass
class Ply:
    number: int
    white: bool
    text: str
    extras: list[Token]  # annotation / draw offer / comment after the move
    comment: bool  # a comment follows, so black continues with "N..."


def render_plies(game: chess.pgn.Game, locale: str, style: Style, rng: random.Random) -> list[Ply]:
    board = game.board()
    plies: list[Ply] = []
    lo, hi = style.comment_brackets[0], style.comment_brackets[1]
    for i, move in enumerate(game.mainline_moves()):
        text = render_move(board, move, locale, style)
        extras: list[Token] = []
        comment = False
        if style.annotated and rng.random() < 0.06:
            extras.append(Token("ann", pick(rng, ANNOTATIONS)))
        if i == style.draw_offer:
            extras.append(Token("draw", "(=)"))
        if style.annotated and rng.random() < 0.02:
            extras.append(Token("comment", lo + rng.choice(COMMENTS[locale]) + hi))
            comment = True
        plies.append(Ply(board.fullmove_number, board.turn == chess.WHITE, text, extras, comment))
        board.push(move)
    return plies


def move_unit(ply: Ply, style: Style, need_number: bool, rng: random.Random) -> list[list[Token]]:
    """Units (unbreakable token groups) for one ply; annotations stick to the move."""
    units: list[list[Token]] = []
    gap = number_gap(style)
    first: list[Token] = []
    if need_number:
        num = Token("num", number_text(ply.number, style, not ply.white))
        if ply.white:
            if gap:
                units.append([num])
            else:
                first.append(num)
        elif style.black_cont in ("...", "…", "..") and rng.random() < 0.6:
            first.append(num)
        else:
            units.append([num])
    first.append(Token("move", ply.text))
    for ex in ply.extras:
        if ex.kind == "ann":
            first.append(ex)
    units.append(first)
    for ex in ply.extras:
        if ex.kind != "ann":
            units.append([ex])
    return units


def layout_running(plies: list[Ply], style: Style, result: str, rng: random.Random) -> list[Token]:
    units: list[list[Token] | None] = []  # None is a forced line break
    need_number = True
    for ply in plies:
        units.extend(move_unit(ply, style, ply.white or need_number, rng))
        need_number = ply.comment
        if ply.comment and rng.random() < 0.4:
            units.append(None)
    if result:
        units.append([Token("result", result)])
    tokens: list[Token] = []
    line_len = 0
    for unit in units:
        if unit is None:
            if tokens and tokens[-1].kind != "nl":
                tokens.append(Token("nl", "\n"))
                line_len = 0
            continue
        ulen = sum(len(t.text) for t in unit)
        if line_len and line_len + 1 + ulen > style.width:
            tokens.append(Token("nl", "\n"))
            line_len = 0
        elif line_len:
            tokens.append(Token("sp", " "))
            line_len += 1
        tokens.extend(unit)
        line_len += ulen
    return tokens


def layout_pairs(plies: list[Ply], style: Style, result: str, rng: random.Random) -> list[Token]:
    tokens: list[Token] = []
    need_number = True
    start = 0
    gap = number_gap(style)
    for ply in plies:
        if ply.white or need_number:
            if tokens:
                tokens.append(Token("nl", "\n"))
            tokens.append(Token("num", number_text(ply.number, style, not ply.white)))
            if gap or not ply.white:
                tokens.append(Token("sp", " "))
            start = len(tokens)
        else:
            width_so_far = sum(len(t.text) for t in tokens[start:])
            pad = max(1, style.column - width_so_far) if style.column else 1
            tokens.append(Token("sp", " " * pad))
        tokens.append(Token("move", ply.text))
        for ex in ply.extras:
            if ex.kind != "ann":
                tokens.append(Token("sp", " "))
            tokens.append(ex)
        need_number = ply.comment
    if result:
        tokens.append(Token("nl", "\n") if rng.random() < 0.7 else Token("sp", "  "))
        tokens.append(Token("result", result))
    return tokens


# --------------------------------------------------------------------------------------------
# Noise
# --------------------------------------------------------------------------------------------


@dataclass
class Noiser:
    rng: random.Random
    locale: str
    profile: str
    rate: float
    edits: int = 0

    def substitute(self, s: str, i: int) -> tuple[str, int]:
        """Replacement text for s at i and how many source characters it consumes."""
        ch = s[i]
        if self.profile == "ocr":
            for n in (3, 2):
                key = s[i : i + n]
                if len(key) == n and key in OCR_CONFUSION and self.rng.random() < 0.6:
                    return pick(self.rng, OCR_CONFUSION[key]), n
            if ch in OCR_CONFUSION:
                return pick(self.rng, OCR_CONFUSION[ch]), 1
            if ch.isalpha():
                return ch.swapcase(), 1
            return ch, 1
        # typing
        roll = self.rng.random()
        if self.locale in SHIFT_SLIP and ch in SHIFT_SLIP[self.locale] and roll < 0.3:
            return SHIFT_SLIP[self.locale][ch], 1
        if ch in LAYOUT_SLIP and roll < 0.35:
            return LAYOUT_SLIP[ch], 1
        if ch.isupper() and roll < 0.6:
            return ch.lower(), 1
        if ch == ":" and roll < 0.7:
            return ";", 1
        if ch == "+" and roll < 0.7:
            return "=", 1
        low = ch.lower()
        nb = NEIGHBOURS_LATIN.get(low) or NEIGHBOURS_CYRILLIC.get(low)
        if nb:
            out = self.rng.choice(nb)
            return (out.upper() if ch.isupper() else out), 1
        if ch == "-":
            return self.rng.choice(["=", "0", "_", ""]), 1
        if ch == ".":
            return self.rng.choice([",", ""]), 1
        return ch, 1

    def chars(self, s: str) -> str:
        """Character-level noise at the profile's rate."""
        out: list[str] = []
        i = 0
        while i < len(s):
            ch = s[i]
            if ch == "\n" or self.rng.random() >= self.rate:
                out.append(ch)
                i += 1
                continue
            op = pick(self.rng, SPACE_OPS) if ch == " " else pick(self.rng, PROFILE_OPS[self.profile])
            self.edits += 1
            if op == "sub":
                rep, n = self.substitute(s, i)
                out.append(rep)
                i += n
                continue
            if op == "del":
                i += 1
                continue
            if op == "dup":
                out.append(ch + ch)
            elif op == "ins":
                if self.profile == "ocr" or ch == " ":
                    out.append(pick(self.rng, OCR_SPECKS) + ch)
                else:
                    nb = NEIGHBOURS_LATIN.get(ch.lower()) or [ch]
                    out.append(self.rng.choice(nb) + ch)
            elif op == "swap" and i + 1 < len(s) and s[i + 1] != "\n":
                out.append(s[i + 1] + ch)
                i += 2
                continue
            elif op == "space":
                out.append(" " + ch)
            else:
                out.append(ch)
                self.edits -= 1
            i += 1
        return "".join(out)

    def number(self, s: str) -> str:
        """Targeted garbling of a move number such as '12.' or '7)'."""
        if self.rng.random() >= min(0.5, self.rate * 2.5):
            return s
        self.edits += 1
        digits = [i for i, c in enumerate(s) if c.isdigit()]
        kind = pick(
            self.rng,
            [("one", 5), ("split", 3), ("punct", 4), ("dropdigit", 1), ("dupdigit", 1), ("shape", 3)],
        )
        if kind == "one" and "1" in s:
            i = s.index("1") if self.rng.random() < 0.7 else s.rindex("1")
            return s[:i] + pick(self.rng, [("l", 5), ("I", 3), ("|", 1), ("i", 1)]) + s[i + 1 :]
        if kind == "split" and len(digits) >= 2:
            i = self.rng.choice(digits[1:])
            return s[:i] + " " + s[i:]
        if kind == "dropdigit" and len(digits) >= 2:
            i = self.rng.choice(digits)
            return s[:i] + s[i + 1 :]
        if kind == "dupdigit" and digits:
            i = self.rng.choice(digits)
            return s[:i] + s[i] + s[i:]
        if kind == "shape" and digits:
            i = self.rng.choice(digits)
            if s[i] in OCR_CONFUSION:
                return s[:i] + pick(self.rng, OCR_CONFUSION[s[i]]) + s[i + 1 :]
        # punctuation after the number
        j = len(digits) and digits[-1] + 1
        if j < len(s):
            rep = pick(self.rng, [(",", 4), ("", 3), (":", 2), ("'", 1), (" .", 1)])
            if s[j] == ")":
                rep = pick(self.rng, [("]", 3), ("J", 2), ("}", 1), ("", 2), (".", 1)])
            return s[:j] + rep + s[j + 1 :]
        return s

    def result(self, s: str) -> str:
        """Targeted garbling of the result: one or two shape confusions or a lost character."""
        if self.rng.random() >= min(0.6, self.rate * 12):
            return s
        for _ in range(1 + (self.rng.random() < 0.35)):
            self.edits += 1
            candidates = [i for i, c in enumerate(s) if c != " "]
            if not candidates:
                break
            i = self.rng.choice(candidates)
            if self.rng.random() < 0.15:
                s = s[:i] + s[i + 1 :]
            elif s[i] in OCR_CONFUSION:
                s = s[:i] + pick(self.rng, OCR_CONFUSION[s[i]]) + s[i + 1 :]
            elif s[i].isalpha():
                s = s[:i] + s[i].swapcase() + s[i + 1 :]
        return s

    def lines(self, text: str) -> str:
        """Line-level noise: breaks joined, moved to a nearby space, or inserted."""
        out = list(text)
        p_break = min(0.3, self.rate * 3)
        p_new = self.rate * 0.25
        i = 0
        while i < len(out):
            c = out[i]
            if c == "\n" and self.rng.random() < p_break:
                self.edits += 1
                kind = pick(self.rng, [("join", 4), ("joinnospace", 1), ("move", 5)])
                if kind == "join":
                    out[i] = " "
                elif kind == "joinnospace":
                    out[i] = ""
                else:
                    spaces = [j for j in range(max(0, i - 16), min(len(out), i + 16)) if out[j] == " "]
                    if spaces:
                        j = self.rng.choice(spaces)
                        out[i], out[j] = " ", "\n"
                    else:
                        out[i] = " "
            elif c == " " and self.rng.random() < p_new:
                self.edits += 1
                out[i] = "\n"
            i += 1
        return "".join(out)


def apply_noise(tokens: list[Token], noiser: Noiser) -> str:
    parts: list[str] = []
    for t in tokens:
        if t.kind == "nl":
            parts.append(t.text)
            continue
        text = t.text
        if t.kind == "num":
            text = noiser.number(text)
        elif t.kind == "result":
            text = noiser.result(text)
        parts.append(noiser.chars(text))
    return noiser.lines("".join(parts))


# --------------------------------------------------------------------------------------------
# Driver
# --------------------------------------------------------------------------------------------


def game_seed(seed: int, locale: str, index: int) -> int:
    digest = hashlib.sha256(f"foreign_noise/{seed}/{locale}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def read_games(path: Path, skip: int, count: int) -> Iterator[tuple[int, chess.pgn.Game]]:
    """Yield (index in file, game) for standard-start games with moves, after skipping `skip` games."""
    taken = 0
    index = -1
    with path.open(encoding="utf-8", errors="replace") as fh:
        while taken < count:
            game = chess.pgn.read_game(fh)
            if game is None:
                return
            index += 1
            if index < skip:
                continue
            if "FEN" in game.headers or "SetUp" in game.headers or game.errors:
                continue
            if game.next() is None:
                continue
            taken += 1
            yield index, game


def make_record(
    game: chess.pgn.Game, index: int, locale: str, seed: int, rate: float, profile: str, stem: str
) -> dict[str, Any]:
    gseed = game_seed(seed, locale, index)
    rng = random.Random(gseed)
    moves = list(game.mainline_moves())
    result = game.headers.get("Result", "*")
    style = choose_style(rng, locale, len(moves), result)
    plies = render_plies(game, locale, style, rng)
    if style.layout == "running":
        tokens = layout_running(plies, style, style.result_text, rng)
    else:
        tokens = layout_pairs(plies, style, style.result_text, rng)
    clean = "".join(t.text for t in tokens)
    prof = profile if profile != "mixed" else pick(rng, [("ocr", 6), ("typing", 4)])
    eff_rate = rate * rng.uniform(0.5, 1.5)
    noiser = Noiser(rng, locale, prof, eff_rate)
    text = apply_noise(tokens, noiser)
    style.noise = {"profile": prof, "rate": round(eff_rate, 5), "edits": noiser.edits}
    board = game.board()
    san: list[str] = []
    for m in moves:
        san.append(board.san(m))
        board.push(m)
    return {
        "id": f"{stem}#{index}/{locale}/{seed}",
        "locale": locale,
        "style": style.as_dict(),
        "seed": gseed,
        "text": text,
        "clean": clean,
        "san": san,
        "uci": [m.uci() for m in moves],
        "result": result,
    }


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(
        description="Render PGN games in Slovak/Czech/Serbian notation and add OCR-like or typing noise; "
        "write JSON Lines (id, locale, style, seed, text, clean, san, uci, result)."
    )
    ap.add_argument("--pgn", type=Path, default=DEFAULT_PGN, help="input PGN (default: %(default)s)")
    ap.add_argument("--games", type=int, default=40, help="number of games to write (default: 40)")
    ap.add_argument(
        "--skip", type=int, default=200, help="games to skip at the start of the file (default: 200)"
    )
    ap.add_argument("--seed", type=int, default=0, help="random seed (default: 0)")
    ap.add_argument("--locale", choices=LOCALES, default="sk", help="notation locale (default: sk)")
    ap.add_argument("--rate", type=float, default=0.03, help="mean noise rate per character (default: 0.03)")
    ap.add_argument(
        "--profile",
        choices=("mixed", "ocr", "typing"),
        default="mixed",
        help="noise profile; 'mixed' picks OCR or typing per game (default: mixed)",
    )
    ap.add_argument("-o", "--output", type=Path, help="output file (default: stdout)")
    return ap.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    stem = args.pgn.stem
    out: TextIO
    out = (
        args.output.open("w", encoding="utf-8")
        if args.output
        else io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", newline="\n")
    )
    try:
        for index, game in read_games(args.pgn, args.skip, args.games):
            rec = make_record(game, index, args.locale, args.seed, args.rate, args.profile, stem)
            out.write(json.dumps(rec, ensure_ascii=False) + "\n")
    except BrokenPipeError:  # e.g. piped into `head`
        sys.stderr.close()
        return 0
    finally:
        if args.output:
            out.close()
        else:
            with contextlib.suppress(BrokenPipeError):
                out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
