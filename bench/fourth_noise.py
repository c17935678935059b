#!/usr/bin/env python3
"""Fourth noise model: realistic damaged chess-game texts in sk / cs / sr notation.

Written independently of the project's decoder and of its other noise models
(standard library + python-chess only; nothing from the project is imported).

Pipeline, per eligible PGN game (standard start, >= 10 plies, cut at --max-plies):

1. RENDER the game with an own renderer into a document in the locale's
   notation.  Per game a *document style* is drawn: layout (narrow newspaper
   column, table rows, ")"-numbers, comma-separated pairs, numbers without a
   dot), short or long algebraic, capture mark, castling glyphs, check/mate,
   promotion form, headings, comments and variations in the locale's
   language, evaluation marks, result formula.  The short form is built by an
   own SAN algorithm and asserted equal to python-chess SAN (after mapping
   letters back), for every move rendered.

2. DAMAGE the rendered text with ONE noise profile (rate 0.5 %-4 % of the
   characters, drawn per game):

   photocopy_ocr   serif-bulletin glyph confusions (asymmetric, digit/letter/
                   sign), broken and joined glyphs, faint thin glyphs lost,
                   specks, kerning gaps, lost move-number dots, lost
                   diacritics, hyphenated line ends, running page headers;
                   errors are spatially correlated (dark/light lines, smudge
                   bursts).
   pdf_copy        figurines copied as Unicode symbols / as English letters of
                   a figurine font / as private-use code points, font-run
                   breaks ("J f3"), soft hyphens, NBSP / thin / zero-width
                   spaces, ligatures, en/em/minus dashes, "…", NFD accents,
                   fraction slash, lines broken or glued in odd places, page
                   headers in the text flow.
   hurried_typist  QWERTZ neighbour keys (locale number row), shift-state
                   slips (sk/cs: "e4" -> "eč", "+" -> "1"; sr: "5" -> "%"),
                   transpositions, doubled / dropped keys, case slips,
                   lost or mistyped move numbers, typing without diacritics;
                   error rate rises towards the end (fatigue).
   phone_typing    touch-keyboard: auto-capitalisation after ". " ("1. E4"),
                   missed long-press digits (top-row letter instead: "e4" ->
                   "er"), space bar misses (letter above it), fat-finger
                   neighbours, smart punctuation.
   web_copy        web-page copy-paste: figurine images lost (piece letter
                   missing) or replaced by alt text, table cells glued or
                   tab-separated, HTML entities, BBCode/markdown remnants,
                   mojibake (UTF-8 read as cp1250, cp1250 read as cp1252),
                   CRLF line ends.

Output: JSON Lines, one object per game (see --help); a one-line JSON summary
goes to stderr.

Example:
    .venv/bin/python bench/fourth_noise.py --locale sk --games 5 --seed 1
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
import time
import unicodedata

import chess
import chess.pgn

DEFAULT_PGN = os.path.join(
    os.path.dirname(os.path.abspath(__file__)),
    "..",
    "..",
    "shared",
    "data",
    "pgn",
    "shakmaty",
    "twic1599_1000k.pgn",
)

# ---------------------------------------------------------------------------
# Locale data
# ---------------------------------------------------------------------------

PIECE_LETTERS = {
    "sk": {chess.KING: "K", chess.QUEEN: "D", chess.ROOK: "V", chess.BISHOP: "S", chess.KNIGHT: "J"},
    "cs": {chess.KING: "K", chess.QUEEN: "D", chess.ROOK: "V", chess.BISHOP: "S", chess.KNIGHT: "J"},
    "sr": {chess.KING: "K", chess.QUEEN: "D", chess.ROOK: "T", chess.BISHOP: "L", chess.KNIGHT: "S"},
}
ENGLISH = {chess.KING: "K", chess.QUEEN: "Q", chess.ROOK: "R", chess.BISHOP: "B", chess.KNIGHT: "N"}
FIGURINE_WHITE = {chess.KING: "♔", chess.QUEEN: "♕", chess.ROOK: "♖", chess.BISHOP: "♗", chess.KNIGHT: "♘"}
FIGURINE_BLACK = {chess.KING: "♚", chess.QUEEN: "♛", chess.ROOK: "♜", chess.BISHOP: "♝", chess.KNIGHT: "♞"}
# private-use code points a legacy figurine font may leave behind on copy
FIGURINE_PUA = {
    chess.KING: "\uf04b",
    chess.QUEEN: "\uf051",
    chess.ROOK: "\uf052",
    chess.BISHOP: "\uf042",
    chess.KNIGHT: "\uf04e",
}

COMMENTS = {
    "sk": [
        "s výhodou bieleho",
        "s výhodou čierneho",
        "lepšie bolo",
        "presnejšie bolo",
        "chyba",
        "rozhodujúca chyba",
        "s vyrovnanou pozíciou",
        "jediný ťah",
        "biely stojí lepšie",
        "čierny stojí lepšie",
        "hrozilo",
        "silný ťah",
        "teoretická novinka",
        "časová tieseň",
        "zaslúžilo si pozornosť",
    ],
    "cs": [
        "s výhodou bílého",
        "s výhodou černého",
        "lepší bylo",
        "přesnější bylo",
        "chyba",
        "rozhodující chyba",
        "s vyrovnanou pozicí",
        "jediný tah",
        "bílý stojí lépe",
        "černý stojí lépe",
        "hrozilo",
        "silný tah",
        "teoretická novinka",
        "časová tíseň",
        "zasloužilo pozornost",
    ],
    "sr": [
        "sa prednošću belog",
        "sa prednošću crnog",
        "bolje je bilo",
        "tačnije je bilo",
        "greška",
        "odlučujuća greška",
        "sa jednakom pozicijom",
        "jedini potez",
        "beli stoji bolje",
        "crni stoji bolje",
        "pretilo je",
        "jak potez",
        "teorijska novina",
        "vremenska nevolja",
        "zaslužuje pažnju",
    ],
}
# phrases that introduce an alternative move
ALT_PHRASES = {
    "sk": ["lepšie bolo", "presnejšie bolo", "zaslúžilo si pozornosť"],
    "cs": ["lepší bylo", "přesnější bylo", "zasloužilo pozornost"],
    "sr": ["bolje je bilo", "tačnije je bilo", "zaslužuje pažnju"],
}
DIAGRAM = {"sk": "Diagram", "cs": "Diagram", "sr": "Dijagram"}
RESIGNS = {
    "sk": ("Čierny sa vzdal.", "Biely sa vzdal."),
    "cs": ("Černý se vzdal.", "Bílý se vzdal."),
    "sr": ("Crni je predao.", "Beli je predao."),
}
ROUND_WORD = {"sk": "kolo", "cs": "kolo", "sr": "kolo"}
COLOR_WORDS = {"sk": ("Biely", "Čierny"), "cs": ("Bílý", "Černý"), "sr": ("Beli", "Crni")}
BULLETIN = {
    "sk": ["Šachový bulletin", "Šachové správy", "Bulletin turnaja"],
    "cs": ["Šachový zpravodaj", "Československý šach", "Bulletin turnaje"],
    "sr": ["Šahovski bilten", "Šahovski glasnik", "Bilten turnira"],
}
PAGE_WORD = {"sk": ["strana", "str."], "cs": ["strana", "str."], "sr": ["strana", "str."]}

# ECO ranges -> opening names (sk, cs, sr)
OPENINGS = [
    ("A10", "A39", ("Anglická hra", "Anglická hra", "Engleska partija")),
    ("A80", "A99", ("Holandská obrana", "Holandská obrana", "Holandska odbrana")),
    ("B01", "B01", ("Škandinávska obrana", "Skandinávská obrana", "Skandinavska odbrana")),
    ("B10", "B19", ("Caro-Kannova obrana", "Caro-Kannova obrana", "Karo-Kan odbrana")),
    ("B20", "B99", ("Sicílska obrana", "Sicilská obrana", "Sicilijanska odbrana")),
    ("C00", "C19", ("Francúzska obrana", "Francouzská obrana", "Francuska odbrana")),
    ("C50", "C59", ("Talianska hra", "Italská hra", "Italijanska partija")),
    ("C60", "C99", ("Španielska hra", "Španělská hra", "Španska partija")),
    ("D06", "D69", ("Dámsky gambit", "Dámský gambit", "Damin gambit")),
    ("D70", "D99", ("Grünfeldova indická obrana", "Grünfeldova indická obrana", "Grinfeldova odbrana")),
    ("E00", "E09", ("Katalánska hra", "Katalánská hra", "Katalonski sistem")),
    ("E20", "E59", ("Nimcovičova indická obrana", "Nimcovičova indická obrana", "Nimcovičeva odbrana")),
    ("E60", "E99", ("Kráľovská indická obrana", "Královská indická obrana", "Staroindijska odbrana")),
]
LOC_INDEX = {"sk": 0, "cs": 1, "sr": 2}

RESULT_FORMS = {
    "1-0": {"all": ["1-0", "1:0", "1–0"]},
    "0-1": {"all": ["0-1", "0:1", "0–1"]},
    "1/2-1/2": {
        "all": ["1/2-1/2", "½-½", "½:½", "1/2:1/2", "½–½"],
        "sk": ["remíza", "Remíza."],
        "cs": ["remis", "Remíza."],
        "sr": ["remi", "Remi."],
    },
}

# ---------------------------------------------------------------------------
# Own SAN / notation renderer
# ---------------------------------------------------------------------------


def own_san_parts(board: chess.Board, move: chess.Move) -> dict:
    """Describe a move the way a SAN writer would, computed from scratch."""
    d = {
        "castle": None,
        "piece": None,
        "disamb": "",
        "from": chess.square_name(move.from_square),
        "to": chess.square_name(move.to_square),
        "capture": board.is_capture(move),
        "promo": move.promotion,
        "check": False,
        "mate": False,
    }
    if board.is_castling(move):
        d["castle"] = "K" if chess.square_file(move.to_square) > chess.square_file(move.from_square) else "Q"
    else:
        pt = board.piece_type_at(move.from_square)
        d["piece"] = pt
        if pt == chess.PAWN:
            if d["capture"]:
                d["disamb"] = d["from"][0]
        else:
            rivals = [
                m
                for m in board.legal_moves
                if m.to_square == move.to_square
                and m.from_square != move.from_square
                and board.piece_type_at(m.from_square) == pt
            ]
            if rivals:
                ff, fr = chess.square_file(move.from_square), chess.square_rank(move.from_square)
                if all(chess.square_file(m.from_square) != ff for m in rivals):
                    d["disamb"] = d["from"][0]
                elif all(chess.square_rank(m.from_square) != fr for m in rivals):
                    d["disamb"] = d["from"][1]
                else:
                    d["disamb"] = d["from"]
    board.push(move)
    d["mate"] = board.is_checkmate()
    d["check"] = board.is_check()
    board.pop()
    return d


def english_san(d: dict) -> str:
    if d["castle"]:
        s = "O-O" if d["castle"] == "K" else "O-O-O"
    else:
        s = "" if d["piece"] == chess.PAWN else ENGLISH[d["piece"]]
        s += d["disamb"] + ("x" if d["capture"] else "") + d["to"]
        if d["promo"]:
            s += "=" + ENGLISH[d["promo"]]
    return s + ("#" if d["mate"] else "+" if d["check"] else "")


class Notation:
    """Per-game notation choices and the locale renderer."""

    def __init__(self, rng: random.Random, locale: str):
        self.locale = locale
        self.letters = PIECE_LETTERS[locale]
        self.long = rng.random() < 0.22
        if self.long:
            self.cap = rng.choices(["x", ":", "×"], [5, 3, 0.6])[0]
        else:
            self.cap = rng.choices(["x", ":", "", "×"], [5, 3, 1.4, 0.6])[0]
        self.zero = rng.random() < 0.6  # 0-0 rather than O-O
        self.mate = rng.choice(["#", "#", "++"])
        self.promo = rng.choice(["", "=", "/"])

    def parts(self, d: dict) -> tuple[str, str, str]:
        """Return (piece letter, body, suffix) of a move in this notation."""
        suffix = self.mate if d["mate"] else "+" if d["check"] else ""
        if d["castle"]:
            o = "0" if self.zero else "O"
            return "", (o + "-" + o if d["castle"] == "K" else o + "-" + o + "-" + o), suffix
        letter = "" if d["piece"] == chess.PAWN else self.letters[d["piece"]]
        if self.long:
            body = d["from"] + (self.cap if d["capture"] else "-") + d["to"]
        else:
            body = d["disamb"] + (self.cap if d["capture"] else "") + d["to"]
        if d["promo"]:
            body += self.promo + self.letters[d["promo"]]
        return letter, body, suffix

    def back_to_english(self, text: str) -> str:
        """Map a short-form move of this notation back to English SAN."""
        inv = {v: ENGLISH[k] for k, v in self.letters.items()}
        if text.startswith(("0-0", "O-O")):
            core = text.rstrip("+#")
            rest = text[len(core) :]
            return core.replace("0", "O") + ("#" if rest == "++" else rest)
        m = re.fullmatch(
            r"([KDVSJTL]?)([a-h]?[1-8]?)([x:×]?)([a-h][1-8])(?:[=/]?([DVSJTL]))?(\+\+|\+|#)?", text
        )
        assert m, text
        piece, dis, cap, to, promo, chk = m.groups()
        s = inv.get(piece, "") + dis + ("x" if cap else "") + to
        if promo:
            s += "=" + inv[promo]
        return s + ({"++": "#"}.get(chk, chk or ""))

    def check(self, board: chess.Board, move: chess.Move, d: dict) -> None:
        truth = board.san(move)
        assert english_san(d) == truth, (english_san(d), truth)
        short = Notation.__new__(Notation)
        short.__dict__.update(self.__dict__, long=False, cap=self.cap if self.cap or not self.long else "x")
        letter, body, suffix = short.parts(d)
        back = short.back_to_english(letter + body + suffix)
        want = truth if short.cap else truth.replace("x", "")
        assert back == want, (letter + body + suffix, back, want)


# ---------------------------------------------------------------------------
# Document rendering.  A document is a list of lines; a line is a list of
# (text, kind) parts.  Kinds: M move body, P/p white/black piece letter,
# N move-number digits, D move-number punctuation, E evaluation mark,
# C comment / prose, v variation move, R result, H heading, X other, S space.
# ---------------------------------------------------------------------------


def fmt_name(rng: random.Random, raw: str, mode: int) -> str:
    raw = raw.strip() or "?"
    if "," in raw:
        sur, first = [x.strip() for x in raw.split(",", 1)]
    else:
        sur, first = raw, ""
    ini = (first[:1] + ".") if first else ""
    if mode == 0 or not ini:
        return sur
    if mode == 1:
        return f"{sur}, {ini}"
    return f"{ini} {sur}"


def heading_lines(rng: random.Random, game: chess.pgn.Game, locale: str) -> list[list]:
    h = game.headers
    mode = rng.randrange(3)
    w, b = fmt_name(rng, h.get("White", "?"), mode), fmt_name(rng, h.get("Black", "?"), mode)
    lines = []
    if rng.random() < 0.25:
        cw, cb = COLOR_WORDS[locale]
        lines.append([(f"{cw}: {w}", "H")])
        lines.append([(f"{cb}: {b}", "H")])
    else:
        dash = rng.choice([" – ", " - ", " — ", " – "])
        who = w + dash + b
        if rng.random() < 0.3 and h.get("WhiteElo", "").isdigit() and h.get("BlackElo", "").isdigit():
            who = f"{w} ({h['WhiteElo']}){dash}{b} ({h['BlackElo']})"
        lines.append([(who, "H")])
    site = re.sub(r"\s+[A-Z]{3}$", "", h.get("Site", "").strip())
    year = h.get("Date", "????")[:4]
    event = h.get("Event", "").strip()
    rnd = h.get("Round", "").split(".")[0]
    forms = [f"{site} {year}", f"{event}, {site} {year}", f"({site}, {year})", f"{event} {year}"]
    if rnd.isdigit():
        forms.append(f"{site} {year}, {rnd}. {ROUND_WORD[locale]}")
    if year.isdigit() and (site or event):
        lines.append([(rng.choice(forms).strip(" ,"), "H")])
    eco = h.get("ECO", "")
    if eco and rng.random() < 0.5:
        name = next((n[LOC_INDEX[locale]] for lo, hi, n in OPENINGS if lo <= eco <= hi), None)
        text = rng.choice([f"{name} [{eco}]", f"{name}", f"{eco}"]) if name else eco
        lines.append([(text, "H")])
    if rng.random() < 0.7:
        lines.append([])
    return lines


def result_written(rng: random.Random, result: str, locale: str, cut: bool) -> tuple[str | None, str]:
    if cut or result not in RESULT_FORMS or rng.random() < 0.1:
        return None, "*"
    forms = RESULT_FORMS[result]
    pool = forms["all"] + forms.get(locale, [])
    return rng.choice(pool), result


def render_document(
    rng: random.Random, game: chess.pgn.Game, moves: list[chess.Move], locale: str, cut: bool
) -> tuple[str, str, dict, str]:
    """Render one game as a document; returns (text, kinds, style, result)."""
    nt = Notation(rng, locale)
    layout = rng.choices(["column", "table", "paren", "comma", "nodot"], [40, 22, 12, 14, 12])[0]
    num_space = rng.random() < 0.6 if layout != "nodot" else True
    cont = rng.choice(["...", ". ...", " …", "…", ". …", "..."])
    p_eval = rng.choice([0, 0, 0.03, 0.06, 0.1])
    p_pos = rng.choice([0, 0.01, 0.03])
    p_comment = rng.choice([0, 0, 0.015, 0.03, 0.05])
    p_diagram = rng.choice([0, 0, 0.01])
    width = rng.randint(26, 72)
    table_sep = rng.choices(["pad", "tab", "dash"], [6, 3, 0 if nt.long else 1.5])[0]
    style = {
        "layout": layout,
        "notation": "long" if nt.long else "short",
        "capture": nt.cap,
        "castling": "0-0" if nt.zero else "O-O",
        "mate": nt.mate,
        "promotion": nt.promo or "none",
        "number_space": num_space,
        "continuation": cont.strip(),
        "width": width if layout != "table" else None,
        "table_sep": table_sep if layout == "table" else None,
        "heading": False,
        "comments": 0,
        "variations": 0,
        "eval_marks": 0,
        "diagrams": 0,
    }

    def number(n: int, black: bool) -> list:
        if black:
            return [(str(n), "N"), (cont, "D")] + ([(" ", "S")] if num_space or " " in cont else [])
        punct = {"paren": ")", "nodot": ""}.get(layout, ".")
        return [(str(n), "N")] + ([(punct, "D")] if punct else []) + ([(" ", "S")] if num_space else [])

    def move_word(board, move, black) -> list:
        d = own_san_parts(board, move)
        nt.check(board, move, d)
        letter, body, suffix = nt.parts(d)
        return ([(letter, "p" if black else "P")] if letter else []) + [(body + suffix, "M")]

    # items: a word (list of parts) or "\n" (forced line break)
    items: list = []
    board = game.board()
    need_number = False
    for ply, move in enumerate(moves):
        black = ply % 2 == 1
        n = ply // 2 + 1
        if layout == "table" and not black and ply:
            items.append("\n")
        word = number(n, black) if (not black or need_number) else []
        need_number = False
        word += move_word(board, move, black)
        if rng.random() < p_eval:
            word.append((rng.choices(["!", "?", "!?", "?!", "!!", "??"], [5, 4, 3, 3, 1, 1])[0], "E"))
            style["eval_marks"] += 1
        if layout == "comma" and not black and ply + 1 < len(moves):
            word.append((",", "X"))
        if layout == "table" and not black and ply + 1 < len(moves):
            word.append(("\t" if table_sep == "tab" else " - " if table_sep == "dash" else "", "T"))
        items.append(word)
        if rng.random() < p_pos:
            items.append([(rng.choice(["±", "+-", "=", "∓", "-+", "+/=", "=/+", "⩲"]), "E")])
            style["eval_marks"] += 1
        if ply + 1 < len(moves) and rng.random() < p_comment:
            items += comment_words(rng, board, move, n, black, nt, locale, style, num_space)
            need_number = not black
        board.push(move)
        if ply + 1 < len(moves) and not black and rng.random() < p_diagram:
            items += ["\n", [(DIAGRAM[locale], "C")], "\n"]
            need_number = True
            style["diagrams"] += 1
        if layout == "table" and need_number:
            items.append("\n")
    res_text, res_json = result_written(rng, game.headers.get("Result", "*"), locale, cut)
    if res_text:
        if rng.random() < 0.2 and res_json in ("1-0", "0-1"):
            items += [[(w, "C")] for w in RESIGNS[locale][0 if res_json == "1-0" else 1].split()]
        if layout == "table" or rng.random() < 0.3:
            items.append("\n")
        items.append([(res_text, "R")])

    lines: list = []
    if rng.random() < 0.7:
        lines = heading_lines(rng, game, locale)
        style["heading"] = True
    if layout == "table":
        # one row per move pair; the white move is padded to a column
        col = max(len("".join(t for t, _ in w)) for w in items if w != "\n") + 1
        col = min(col, 16)
        line: list = []
        for w in items:
            if w == "\n":
                if line:
                    lines.append(line)
                line = []
                continue
            if line and line[-1][1] == "T" and line[-1][0] == "":
                used = sum(len(t) for t, _ in line)
                line[-1] = (" " * max(2, col - used), "S")
            elif line and line[-1][1] != "T":
                line.append((" ", "S"))
            line += w
        if line:
            lines.append(line)
        lines = [
            [(t, "S" if k == "T" and not t.strip() else "X" if k == "T" else k) for t, k in ln if t]
            for ln in lines
        ]
    else:
        line, used = [], 0
        for w in items:
            if w == "\n":
                if line:
                    lines.append(line)
                line, used = [], 0
                continue
            wl = sum(len(t) for t, _ in w)
            if line and used + 1 + wl > width:
                lines.append(line)
                line, used = [], 0
            if line:
                line.append((" ", "S"))
                used += 1
            line += w
            used += wl
        if line:
            lines.append(line)
    text, kinds = [], []
    for i, line in enumerate(lines):
        if i:
            text.append("\n")
            kinds.append("L")
        for t, k in line:
            text.append(t)
            kinds.append(k * len(t))
    txt = "".join(text).rstrip("\n")
    kd = "".join(kinds)[: len(txt)]
    kd = "".join("S" if c in " \t" else "L" if c == "\n" else k for c, k in zip(txt, kd, strict=False))
    assert len(txt) == len(kd)
    return txt, kd, style, res_json


def comment_words(rng, board, move, n, black, nt, locale, style, num_space) -> list:
    """A short comment after a move; sometimes with an alternative (legal) move."""
    out = []
    alts = [m for m in board.legal_moves if m != move]
    if alts and rng.random() < 0.45:
        alt = rng.choice(alts)
        d = own_san_parts(board, alt)
        letter, body, suffix = nt.parts(d)
        mv = (
            [(str(n), "v"), ("..." if black else ".", "v")]
            + ([(" ", "S")] if num_space else [])
            + [(letter + body + suffix, "v")]
        )
        phrase = rng.choice(ALT_PHRASES[locale])
        style["variations"] += 1
        if rng.random() < 0.6:
            toks = phrase.split()
            out.append([("(" + toks[0], "C")])
            out += [[(t, "C")] for t in toks[1:]]
            out.append([*mv, (")", "C")])
        else:
            toks = phrase.split()
            out.append([("–", "C")])
            out.append([(toks[0][0].upper() + toks[0][1:], "C")])
            out += [[(t, "C")] for t in toks[1:]]
            out.append([*mv, (".", "C")])
    else:
        phrase = rng.choice(COMMENTS[locale])
        toks = phrase.split()
        if rng.random() < 0.7:
            toks[0] = "(" + toks[0]
            toks[-1] += ")"
        else:
            toks[0] = toks[0][0].upper() + toks[0][1:]
            toks[-1] += "."
        out += [[(t, "C")] for t in toks]
    style["comments"] += 1
    return out


# ---------------------------------------------------------------------------
# Noise
# ---------------------------------------------------------------------------

# Bulletin serif font, photocopied, as an OCR engine sees it:
# clean character -> [(reading, weight)].  Asymmetric on purpose.
OCR_CONFUSION = {
    "1": [("l", 4), ("I", 3), ("i", 1), ("|", 1), ("]", 0.5), ("7", 1)],
    "l": [("1", 4), ("I", 2), ("|", 1), ("i", 1)],
    "I": [("1", 3), ("l", 3), ("|", 1)],
    "0": [("O", 4), ("o", 2), ("D", 1), ("8", 1)],
    "O": [("0", 4), ("Q", 1), ("D", 1)],
    "o": [("0", 2), ("e", 1), ("c", 1), ("a", 1)],
    "5": [("S", 3), ("6", 1), ("s", 1)],
    "S": [("5", 3), ("8", 1), ("s", 1), ("$", 0.5)],
    "8": [("B", 2), ("3", 2), ("S", 1), ("6", 1), ("0", 1)],
    "6": [("b", 2), ("5", 1), ("G", 1)],
    "3": [("8", 2), ("5", 1)],
    "2": [("Z", 2), ("z", 1), ("7", 0.5)],
    "4": [("A", 1), ("+", 1), ("h", 0.5)],
    "7": [("1", 1), ("T", 1), ("/", 0.5)],
    "9": [("g", 2), ("q", 1)],
    "g": [("9", 2), ("q", 1)],
    "e": [("c", 4), ("o", 2), ("a", 0.5)],
    "c": [("e", 3), ("o", 1)],
    "a": [("o", 1), ("e", 1), ("d", 0.5)],
    "b": [("h", 2), ("6", 2)],
    "h": [("b", 2), ("li", 1), ("n", 1)],
    "d": [("cl", 2), ("a", 0.5)],
    "f": [("t", 2), ("r", 0.5), ("l", 0.5)],
    "t": [("f", 1), ("l", 0.5)],
    "n": [("u", 1), ("ri", 1), ("h", 0.5)],
    "u": [("n", 1), ("ii", 0.5)],
    "m": [("rn", 3), ("nn", 1)],
    "D": [("O", 2), ("0", 1), ("I)", 0.5), ("P", 0.5)],
    "V": [("Y", 1), ("v", 1), ("\\/", 0.5)],
    "J": [("I", 2), ("T", 1), ("]", 0.5), ("j", 0.5)],
    "K": [("X", 1), ("k", 1), ("I<", 0.5)],
    "T": [("I", 1), ("J", 0.5), ("1", 0.5)],
    "L": [("I", 1), ("1", 0.5), ("l", 0.5)],
    "+": [("t", 2), ("4", 1), ("*", 0.5), ("-", 0.5)],
    "x": [("X", 1), ("×", 0.5), ("y", 0.3), ("K", 0.3)],
    "×": [("x", 2), ("X", 1)],
    ":": [(";", 2), ("i", 1), (".", 1), ("", 0.3)],
    ".": [(",", 3), (":", 0.5), ("'", 0.3)],
    ",": [(".", 2), (";", 0.5)],
    "-": [("~", 1), ("_", 0.5), (".", 0.5), ("—", 0.5)],
    "!": [("l", 2), ("I", 1), ("1", 1)],
    "?": [("7", 1), ("2", 1)],
    "#": [("H", 1), ("*", 0.5)],
    "=": [("-", 1), ("~", 0.3)],
    "/": [("l", 1), ("I", 0.5)],
    "½": [("%", 1), ("1/2", 1), ("Vi", 0.5)],
    "…": [("...", 1), ("..", 1)],
    "č": [("c", 3), ("ć", 1), ("é", 0.5)],
    "š": [("s", 3)],
    "ž": [("z", 3)],
    "ý": [("y", 2)],
    "á": [("a", 2)],
    "í": [("i", 2)],
    "é": [("e", 2)],
    "ô": [("o", 2)],
    "ľ": [("l", 2), ("l'", 1)],
    "ť": [("t", 2)],
    "ě": [("e", 2)],
    "ř": [("r", 2)],
    "ů": [("u", 2)],
    "ć": [("c", 2), ("č", 1)],
    "đ": [("d", 2)],
    "ú": [("u", 2)],
    "ä": [("a", 2)],
    "ň": [("n", 2)],
}
OCR_JOIN = {"rn": "m", "cl": "d", "li": "h", "ri": "n", "vv": "w", "in": "m", "1.": "l.", "..": ":"}

# QWERTZ geometry (x positions of key centres; rows 0..3)
QWERTZ_ROWS = {
    "sk": ["1234567890", "qwertzuiopú", "asdfghjklô", "yxcvbnm,.-"],
    "cs": ["1234567890", "qwertzuiopú", "asdfghjklů", "yxcvbnm,.-"],
    "sr": ["1234567890", "qwertzuiopš", "asdfghjklčć", "yxcvbnm,.-"],
}
ROW_X0 = [1.0, 1.5, 1.75, 2.25]
# what the same key gives in the other shift state (typing digits on sk/cs
# needs Shift; a slip yields the accented letter, and the other way round)
SHIFT_SLIP = {
    "sk": dict(zip("1234567890:+_?", "+ľščťžýáíé.1-,", strict=False)),
    "cs": dict(zip("1234567890:+_?", "+ěščřžýáíé.1-,", strict=False)),
    "sr": dict(zip("1234567890:+_?", "!\"#$%&/()=.*-'", strict=False)),
}
PHONE_LONGPRESS = dict(zip("1234567890", "qwertzuiop", strict=False))
ABOVE_SPACE = "cvbnm"


def qwertz_neighbours(locale: str) -> dict:
    pos = {}
    for r, row in enumerate(QWERTZ_ROWS[locale]):
        for j, ch in enumerate(row):
            pos[ch] = (ROW_X0[r] + j, r)
    nb = {}
    for a, (xa, ya) in pos.items():
        nb[a] = [
            b
            for b, (xb, yb) in pos.items()
            if b != a and ((ya == yb and abs(xa - xb) <= 1.01) or (abs(ya - yb) == 1 and abs(xa - xb) <= 0.8))
        ]
    return nb


ACCENT_STRIP = str.maketrans(
    "áäčďéěíľĺňóôŕřšťúůýžćđÁÄČĎÉĚÍĽĹŇÓÔŔŘŠŤÚŮÝŽĆĐ", "aacdeeillnoorrstuuyzcdAACDEEILLNOORRSTUUYZCD"
)


class Noiser:
    """Applies one profile.  Edits modify slots (one per clean character) so
    positions stay stable; a slot may become '', or several characters."""

    PROFILES = ("photocopy_ocr", "pdf_copy", "hurried_typist", "phone_typing", "web_copy")

    def __init__(self, rng: random.Random, text: str, kinds: str, locale: str, meta: dict):
        self.rng, self.text, self.kinds, self.locale, self.meta = rng, text, kinds, locale, meta
        self.slots = list(text)
        self.touched = set()
        self.ops: dict[str, int] = {}
        self.system: dict[str, int] = {}
        self.nb = qwertz_neighbours(locale)

    # -- helpers
    def put(self, i: int, s: str, name: str) -> bool:
        self.slots[i] = s
        self.touched.add(i)
        self.ops[name] = self.ops.get(name, 0) + 1
        return True

    def ch(self, i: int) -> str:
        """Current character at i (after document-wide habits), else the clean one."""
        c = self.slots[i]
        return c if len(c) == 1 else self.text[i]

    def free(self, i: int) -> bool:
        return 0 <= i < len(self.slots) and i not in self.touched

    def token_end(self, i: int) -> int:
        j = i
        while j + 1 < len(self.text) and self.kinds[j + 1] not in "SL":
            j += 1
        return j

    def lines(self) -> list[int]:
        """Index of the line each character belongs to."""
        out, n = [], 0
        for c in self.text:
            out.append(n)
            n += c == "\n"
        return out

    # -- generic ops
    def op_drop(self, i):
        return self.put(i, "", "drop") if self.kinds[i] not in "L" else False

    def op_double(self, i):
        return self.put(i, self.ch(i) * 2, "double") if self.kinds[i] not in "SL" else False

    def op_transpose(self, i):
        if self.free(i + 1) and self.text[i + 1] != self.text[i] and "\n" not in self.text[i : i + 2]:
            self.touched.add(i + 1)
            self.slots[i + 1] = self.text[i]
            return self.put(i, self.text[i + 1], "transpose")
        return False

    def op_space_lost(self, i):
        return self.put(i, "", "space_lost") if self.text[i] == " " else False

    def op_space_extra(self, i):
        if self.text[i] == " ":
            return self.put(i, "  ", "space_doubled")
        if self.kinds[i] in "MPpv" and i + 1 < len(self.text) and self.kinds[i + 1] in "Mv":
            return self.put(i, self.text[i] + " ", "space_inside")
        return False

    # -- OCR ops
    def op_ocr_confuse(self, i):
        alts = OCR_CONFUSION.get(self.text[i])
        if not alts:
            return False
        s = self.rng.choices([a for a, _ in alts], [w for _, w in alts])[0]
        return self.put(i, s, "glyph" if len(s) == 1 else "glyph_broken")

    def op_ocr_join(self, i):
        pair = self.text[i : i + 2]
        if pair in OCR_JOIN and self.free(i + 1):
            self.touched.add(i + 1)
            self.slots[i + 1] = ""
            return self.put(i, OCR_JOIN[pair], "glyph_joined")
        return False

    def op_ocr_faint(self, i):
        if self.text[i] in ".,:-'1li!|" or self.rng.random() < 0.15:
            return self.put(i, "", "faint_lost") if self.kinds[i] != "L" else False
        return False

    def op_speck(self, i):
        return self.put(i, self.ch(i) + self.rng.choice([".", ",", "'", "`", "·", "˙", "°"]), "speck")

    def op_number_dot(self, i):
        if self.kinds[i] == "D" and self.text[i] in ".)":
            return self.put(i, self.rng.choice(["", "", ",", ":", " "]), "number_dot")
        return False

    def op_hyphenate(self, i):
        """Word broken at a line end (prose) or long move broken at its dash."""
        k = self.kinds[i]
        if (
            k == "C"
            and i > 1
            and self.kinds[i - 1] == "C"
            and self.text[i - 1].isalpha()
            and self.text[i].isalpha()
        ):
            return self.put(i, "-\n" + self.ch(i), "hyphenated")
        if k == "M" and self.text[i] == "-" and self.meta.get("notation") == "long":
            return self.put(i, "-\n", "move_broken")
        return False

    def op_page_header(self, i):
        if self.text[i] != "\n" or self.ops.get("page_header", 0) >= 2:
            return False
        page = self.meta["page"] + self.ops.get("page_header", 0)
        loc = self.locale
        h = self.rng.choice(
            [
                f"{self.rng.choice(BULLETIN[loc])}   {page}",
                f"– {page} –",
                f"{page}",
                f"{self.rng.choice(PAGE_WORD[loc])} {page}",
                f"{page}   {self.meta['event']}",
            ]
        )
        return self.put(i, "\n\n" + h + "\n\n", "page_header")

    # -- PDF ops
    def op_soft_hyphen(self, i):
        if self.kinds[i] not in "SL" and i + 1 < len(self.text) and self.kinds[i + 1] not in "SL":
            return self.put(
                i, self.ch(i) + self.rng.choice(["\u00ad", "\u00ad", "\u200b", "\u200c"]), "invisible_char"
            )
        return False

    def op_odd_space(self, i):
        if self.text[i] == " ":
            return self.put(
                i, self.rng.choice(["\u00a0", "\u2009", "\u202f", "\u2002", " \u00a0"]), "odd_space"
            )
        return False

    def op_pdf_linebreak(self, i):
        t = self.ch(i)
        if t == " ":
            return self.put(i, "\n", "line_break_added")
        if t == "\n":
            return self.put(i, self.rng.choice(["", " ", " ", "  "]), "line_break_lost")
        if self.kinds[i] in "Pp":  # font-run boundary after a figurine
            return self.put(i, t + self.rng.choice([" ", " ", "\n"]), "font_run_break")
        return False

    def op_dash(self, i):
        if self.text[i] == "-":
            return self.put(i, self.rng.choice(["–", "–", "—", "−", "\u2011"]), "dash")
        return False

    # -- typing ops
    def op_neighbour(self, i):
        c = self.ch(i)
        lo = c.lower()
        if lo not in self.nb:
            return False
        s = self.rng.choice(self.nb[lo])
        return self.put(i, s.upper() if c.isupper() else s, "neighbour_key")

    def op_shift_slip(self, i):
        """A short run typed in the wrong shift state."""
        table = SHIFT_SLIP[self.locale]
        if self.text[i] not in table:
            return False
        j, n = i, 0
        while j < len(self.text) and n < 3 and self.free(j) and self.kinds[j] not in "SL":
            c = self.text[j]
            self.slots[j] = table.get(c, c.swapcase() if self.locale == "sr" else c)
            self.touched.add(j)
            j += 1
            n += 1
        self.ops["shift_slip"] = self.ops.get("shift_slip", 0) + 1
        return True

    def op_case(self, i):
        c = self.ch(i)
        if c.isalpha():
            return self.put(i, c.swapcase(), "case")
        return False

    def op_move_number(self, i):
        """Move number lost or mistyped (only at the start of a number)."""
        if self.kinds[i] != "N" or (i and self.kinds[i - 1] == "N"):
            return False
        j = i
        while j + 1 < len(self.text) and self.kinds[j + 1] in "ND":
            j += 1
        if any(not self.free(k) for k in range(i, j + 1)):
            return False
        r = self.rng.random()
        if r < 0.4:
            for k in range(i, j + 2 if j + 1 < len(self.text) and self.text[j + 1] == " " else j + 1):
                self.slots[k] = ""
                self.touched.add(k)
            self.ops["number_lost"] = self.ops.get("number_lost", 0) + 1
            return True
        digits = self.text[i : j + 1].rstrip(".)… ")
        if len(digits) >= 2 and digits[0] != digits[1] and r < 0.7:
            self.slots[i], self.slots[i + 1] = digits[1], digits[0]
            self.touched.update((i, i + 1))
            self.ops["number_swapped"] = self.ops.get("number_swapped", 0) + 1
            return True
        if digits.isdigit():
            k = i + len(digits) - 1
            self.slots[k] = str((int(self.text[k]) + self.rng.choice([1, -1, 1])) % 10)
            self.touched.add(k)
            self.ops["number_wrong"] = self.ops.get("number_wrong", 0) + 1
            return True
        return False

    def op_mark_lost(self, i):
        if self.kinds[i] == "M" and self.text[i] in "+#x:×":
            return self.put(i, "", "mark_lost")
        return False

    # -- phone ops
    def op_longpress(self, i):
        c = self.text[i]
        if c in PHONE_LONGPRESS:
            return self.put(i, PHONE_LONGPRESS[c], "longpress_missed")
        return False

    def op_spacebar(self, i):
        if self.text[i] == " ":
            return self.put(
                i, self.rng.choice(ABOVE_SPACE) if self.rng.random() < 0.7 else "", "spacebar_missed"
            )
        return False

    # -- web ops
    def op_image_lost(self, i):
        if self.kinds[i] in "Pp":
            r = self.rng.random()
            if r < 0.75:
                return self.put(i, "", "figurine_image_lost")
            pt = {v: k for k, v in PIECE_LETTERS[self.locale].items()}[self.text[i]]
            return self.put(i, self.rng.choice([ENGLISH[pt], f"[{self.text[i]}]", "?"]), "figurine_alt_text")
        return False

    def op_cell(self, i):
        if self.text[i] == "\n":
            return self.put(i, self.rng.choice(["", " ", "\t", "\n\n"]), "cell_break")
        if self.text[i] == " ":
            return self.put(i, self.rng.choice(["\t", "", " \t"]), "cell_space")
        return False

    def op_markup(self, i):
        """Bold/italic remnants of forum or web markup around a move."""
        if self.kinds[i] in "PpM" and (i == 0 or self.kinds[i - 1] in "SLND"):
            j = self.token_end(i)
            if any(not self.free(k) for k in range(i, j + 1)):
                return False
            a, b = self.rng.choice([("**", "**"), ("[b]", "[/b]"), ("<b>", "</b>"), ("_", "_")])
            self.slots[j] = self.slots[j] + b
            self.touched.add(j)
            return self.put(i, a + self.slots[i], "markup")
        return False

    def op_entity(self, i):
        c = self.text[i]
        ent = {" ": "&nbsp;", "½": "&frac12;", "–": "&ndash;", "…": "&hellip;", "&": "&amp;", "×": "&times;"}
        if c in ent or c in "čšžáéíýô":
            return self.put(i, ent.get(c, f"&#{ord(c)};"), "html_entity")
        return False

    # -- profile definitions: op weights; position weighting; systematic passes
    def run(self, profile: str, rate: float) -> str:
        rng = self.rng
        ops = {
            "photocopy_ocr": [
                (self.op_ocr_confuse, 10),
                (self.op_ocr_join, 2),
                (self.op_ocr_faint, 4),
                (self.op_speck, 1.5),
                (self.op_space_lost, 2.5),
                (self.op_space_extra, 2),
                (self.op_number_dot, 3),
                (self.op_hyphenate, 1),
                (self.op_page_header, 0.6),
            ],
            "pdf_copy": [
                (self.op_soft_hyphen, 4),
                (self.op_odd_space, 4),
                (self.op_pdf_linebreak, 4),
                (self.op_dash, 3),
                (self.op_space_lost, 2),
                (self.op_space_extra, 1.5),
                (self.op_hyphenate, 1),
                (self.op_page_header, 0.5),
            ],
            "hurried_typist": [
                (self.op_neighbour, 6),
                (self.op_transpose, 4),
                (self.op_double, 2.5),
                (self.op_drop, 3),
                (self.op_shift_slip, 3),
                (self.op_case, 2),
                (self.op_space_lost, 3),
                (self.op_space_extra, 1),
                (self.op_move_number, 2),
                (self.op_mark_lost, 1.5),
            ],
            "phone_typing": [
                (self.op_longpress, 5),
                (self.op_spacebar, 4),
                (self.op_neighbour, 5),
                (self.op_drop, 3),
                (self.op_double, 1.5),
                (self.op_transpose, 1.5),
                (self.op_case, 1),
                (self.op_mark_lost, 1),
            ],
            "web_copy": [
                (self.op_image_lost, 5),
                (self.op_cell, 5),
                (self.op_markup, 1.5),
                (self.op_entity, 2),
                (self.op_odd_space, 2),
                (self.op_space_lost, 2),
                (self.op_drop, 1),
            ],
        }[profile]
        n = len(self.text)
        # position weights
        w = [1.0] * n
        burst = 0.1
        if profile == "photocopy_ocr":
            ln = self.lines()
            dark = [rng.lognormvariate(0, 0.8) for _ in range(ln[-1] + 1 if ln else 1)]
            w = [dark[ln[i]] * (3.0 if self.kinds[i] == "D" else 1.0) for i in range(n)]
            burst = 0.35
        elif profile == "hurried_typist":
            w = [0.4 + 1.2 * i / max(1, n - 1) for i in range(n)]
        elif profile == "web_copy":
            w = [4.0 if k in "Pp" else 2.0 if k in "SL" else 1.0 for k in self.kinds]
        elif profile == "pdf_copy":
            w = [2.0 if k in "SLPp" else 1.0 for k in self.kinds]
        w = [x * (0.4 if k == "H" else 1.0) for x, k in zip(w, self.kinds, strict=False)]

        self.pre_pass(profile)
        cum, acc = [], 0.0
        for x in w:
            acc += x
            cum.append(acc)
        target = max(1, round(rate * n))
        done, tries, last = 0, 0, None
        while done < target and tries < target * 30:
            tries += 1
            if last is not None and rng.random() < burst:
                i = last + rng.randint(1, 4)
                if i >= n:
                    continue
            else:
                i = rng.choices(range(n), cum_weights=cum)[0]
            if not self.free(i):
                continue
            for _ in range(4):
                op = rng.choices([o for o, _ in ops], [x for _, x in ops])[0]
                if op(i):
                    done += 1
                    last = i
                    break
        out = "".join(self.slots)
        out = self.post_pass(profile, out)
        self.edits = done
        return out

    def pre_pass(self, profile: str) -> None:
        """Document-wide habits applied to slots (counted as 'systematic')."""
        rng, sysd = self.rng, self.system
        if profile == "pdf_copy":
            mode = rng.choices(["none", "unicode", "unicode_bw", "english_font", "pua"], [3, 3, 1.5, 1.5, 1])[
                0
            ]
            if mode != "none":
                inv = {v: k for k, v in PIECE_LETTERS[self.locale].items()}
                share = rng.choice([1.0, 1.0, 0.5])
                cnt = 0
                for i, k in enumerate(self.kinds):
                    if k in "Pp" and rng.random() < share:
                        pt = inv[self.text[i]]
                        self.slots[i] = {
                            "unicode": FIGURINE_WHITE[pt],
                            "unicode_bw": (FIGURINE_BLACK if k == "p" else FIGURINE_WHITE)[pt],
                            "english_font": ENGLISH[pt],
                            "pua": FIGURINE_PUA[pt],
                        }[mode]
                        cnt += 1
                sysd["figurines_" + mode] = cnt
        if profile == "hurried_typist" and rng.random() < 0.35:
            cnt = 0
            for i, c in enumerate(self.text):
                if self.kinds[i] in "CHR" and c.translate(ACCENT_STRIP) != c:
                    self.slots[i] = c.translate(ACCENT_STRIP)
                    cnt += 1
            if cnt:
                sysd["no_diacritics"] = cnt
        if profile == "phone_typing" and rng.random() < 0.7:
            # auto-capitalisation at a sentence start: after ". " / "... " or at a line start
            cnt = 0
            for i, c in enumerate(self.text):
                if not c.islower():
                    continue
                before = self.text[max(0, i - 2) : i]
                line_start = before.endswith("\n") and self.meta.get("layout") == "table"
                if i == 0 or line_start or before == ". " or self.text[max(0, i - 4) : i] == "... ":
                    self.slots[i] = c.upper()
                    cnt += 1
            if cnt:
                sysd["autocapitalised"] = cnt

    def post_pass(self, profile: str, out: str) -> str:
        rng, sysd = self.rng, self.system

        def sub(name, pattern, repl, s, flags=0):
            new, k = re.subn(pattern, repl, s, flags=flags)
            if k:
                sysd[name] = sysd.get(name, 0) + k
            return new

        if profile == "pdf_copy":
            if rng.random() < 0.5:
                out = sub("ligature", "ffi", "ﬃ", out)
                out = sub("ligature", "fi", "ﬁ", out)
                out = sub("ligature", "fl", "ﬂ", out)
                out = sub("ligature", "ff", "ﬀ", out)
            if rng.random() < 0.4:
                out = sub("ellipsis", r"\.\.\.", "…", out)
            if rng.random() < 0.3:
                out = sub("castle_dash", r"(?<=[0O])-(?=[0O])", "–", out)
            if rng.random() < 0.3:
                out = sub("fraction_slash", "½", "1⁄2", out)
            if rng.random() < 0.25:
                out = sub("smart_quotes", r"'", "’", out)
            if rng.random() < 0.3:
                nfd = unicodedata.normalize("NFD", out)
                if nfd != out:
                    sysd["nfd_accents"] = sum(1 for c in nfd if unicodedata.combining(c))
                out = nfd
            if rng.random() < 0.3:
                out = sub("nbsp_after_number", r"(?<=\d\.) ", "\u00a0", out)
        if profile == "phone_typing":
            out = sub("smart_ellipsis", r"\.\.\.", "…", out)
            out = sub("smart_dash", r" - ", " – ", out)
        if profile == "web_copy":
            r = rng.random()
            if r < 0.25 and self.locale in ("sk", "cs"):
                out2 = out.encode("utf-8").decode("cp1250", errors="replace")
                sysd["mojibake_utf8_as_cp1250"] = sum(1 for c in out if ord(c) > 127)
                out = out2
            elif r < 0.4:
                enc = "cp1250" if self.locale != "sr" else rng.choice(["cp1250", "iso8859_2"])
                out2 = out.encode(enc, errors="replace").decode("cp1252", errors="replace")
                changed = sum(1 for a, b in zip(out, out2, strict=False) if a != b)
                if changed:
                    sysd["mojibake_" + enc + "_as_cp1252"] = changed
                out = out2
            elif r < 0.5:
                out2 = out.encode("utf-8").decode("latin-1")
                out2 = "".join(c if ord(c) >= 0xA0 or ord(c) < 0x80 else "" for c in out2)
                sysd["mojibake_utf8_as_latin1"] = sum(1 for c in out if ord(c) > 127)
                out = out2
            if rng.random() < 0.2:
                out = out.replace("\n", "\r\n")
                sysd["crlf"] = out.count("\r\n")
            if rng.random() < 0.3:
                out = sub("trailing_spaces", r"\n", lambda m: " " * rng.randint(1, 3) + "\n", out)
        return out


# ---------------------------------------------------------------------------
# Driver
# ---------------------------------------------------------------------------


def eligible_games(path: str):
    with open(path, encoding="utf-8", errors="replace") as fh:
        idx = -1
        while True:
            game = chess.pgn.read_game(fh)
            if game is None:
                return
            idx += 1
            if game.errors:
                continue
            if "FEN" in game.headers or game.headers.get("SetUp") == "1" or game.board() != chess.Board():
                continue
            moves = list(game.mainline_moves())
            if len(moves) < 10:
                continue
            yield idx, game, moves


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pgn", default=DEFAULT_PGN)
    ap.add_argument("--locale", required=True, choices=["sk", "cs", "sr"])
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--skip", type=int, default=0)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--max-plies", type=int, default=120)
    ap.add_argument("-o", "--out", default="-")
    args = ap.parse_args(argv)

    t0 = time.time()
    fname = os.path.basename(args.pgn)
    out = sys.stdout if args.out == "-" else open(args.out, "w", encoding="utf-8")  # noqa: SIM115 - closed at the end of main
    profiles: dict[str, int] = {}
    layouts: dict[str, int] = {}
    rates = []
    n = 0
    skipped = 0
    for idx, game, moves in eligible_games(args.pgn):
        if skipped < args.skip:
            skipped += 1
            continue
        if n >= args.games:
            break
        rng = random.Random(f"fourth-noise/{args.seed}/{args.locale}/{fname}/{idx}")
        cut = len(moves) > args.max_plies
        moves = moves[: args.max_plies]
        clean, kinds, style, result = render_document(rng, game, moves, args.locale, cut)
        profile = rng.choice(Noiser.PROFILES)
        rate = round(rng.uniform(0.005, 0.04), 4)
        meta = {
            "notation": style["notation"],
            "layout": style["layout"],
            "page": rng.randint(2, 60),
            "event": game.headers.get("Event", "").strip(),
        }
        noiser = Noiser(rng, clean, kinds, args.locale, meta)
        text = noiser.run(profile, rate)
        board = game.board()
        san = []
        for m in moves:
            san.append(board.san(m))
            board.push(m)
        style.update(
            {
                "profile": profile,
                "rate": rate,
                "edits": noiser.edits,
                "edit_rate": round(noiser.edits / max(1, len(clean)), 4),
                "ops": dict(sorted(noiser.ops.items())),
                "systematic": noiser.system,
                "cut": cut,
                "plies": len(moves),
                "chars": len(clean),
            }
        )
        rec = {
            "id": f"{fname}#{idx}/{args.locale}/{args.seed}",
            "locale": args.locale,
            "text": text,
            "clean": clean,
            "san": san,
            "result": result,
            "style": style,
            "seed": args.seed,
        }
        out.write(json.dumps(rec, ensure_ascii=False) + "\n")
        profiles[profile] = profiles.get(profile, 0) + 1
        layouts[style["layout"]] = layouts.get(style["layout"], 0) + 1
        rates.append(noiser.edits / max(1, len(clean)))
        n += 1
    if out is not sys.stdout:
        out.close()
    summary = {
        "games": n,
        "locale": args.locale,
        "seed": args.seed,
        "profiles": profiles,
        "layouts": layouts,
        "mean_edit_rate": round(sum(rates) / len(rates), 4) if rates else 0.0,
        "seconds": round(time.time() - t0, 2),
    }
    print(json.dumps(summary), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
