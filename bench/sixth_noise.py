#!/usr/bin/env python3
"""Sixth noise benchmark: chess game texts in Slovak, Czech or Serbian notation with four kinds of damage.

Reads real games from a PGN file, renders each with its own renderer in the locale's algebraic notation under
a randomly drawn document style, then damages the text with one of four profiles:

* ``pdf_figurine_extraction`` - text pulled from a typeset book that printed figurines;
* ``handwriting_recognition`` - a handwriting-recognition transcript of a handwritten score;
* ``wrong_keyboard_layout`` - a typist whose keyboard layout was wrong for a stretch, plus typos;
* ``web_copy_paste`` - text copied from web pages and chat.

Writes JSON Lines, one object per game, with the true main line in python-chess SAN. Standard library and
python-chess only; written without reading the project's decoder or its other benchmark generators.

Example::

    python bench/sixth_noise.py --locale sk --games 30 --seed 401 -o /tmp/sixth/sk.jsonl
    python bench/sixth_noise.py --self-check
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, TextIO

import chess
import chess.pgn

# The shared data beside the project (../shared).
DEFAULT_PGN = str(
    Path(__file__).resolve().parents[2] / "shared" / "data" / "pgn" / "shakmaty" / "twic1599_1000k.pgn"
)
PROFILES = ("pdf_figurine_extraction", "handwriting_recognition", "wrong_keyboard_layout", "web_copy_paste")
LOCALES = ("sk", "cs", "sr")

# ---------------------------------------------------------------------------------------------------------
# Locale data
# ---------------------------------------------------------------------------------------------------------

PIECE_TYPES = (chess.KING, chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT)
LETTERS: dict[str, dict[int, str]] = {
    "sk": {chess.KING: "K", chess.QUEEN: "D", chess.ROOK: "V", chess.BISHOP: "S", chess.KNIGHT: "J"},
    "cs": {chess.KING: "K", chess.QUEEN: "D", chess.ROOK: "V", chess.BISHOP: "S", chess.KNIGHT: "J"},
    "sr": {chess.KING: "K", chess.QUEEN: "D", chess.ROOK: "T", chess.BISHOP: "L", chess.KNIGHT: "S"},
}
SAN_LETTERS = {chess.KING: "K", chess.QUEEN: "Q", chess.ROOK: "R", chess.BISHOP: "B", chess.KNIGHT: "N"}


@dataclass(frozen=True)
class LocaleText:
    """Words and phrases of one locale used by the renderer and the damage profiles."""

    white: str
    black: str
    event: str
    round: str
    draw_words: tuple[str, ...]
    comments: tuple[str, ...]
    alt_comments: tuple[str, ...]
    paren_alts: tuple[str, ...]
    chat: tuple[str, ...]
    web_junk: tuple[str, ...]
    page_heads: tuple[str, ...]
    chat_names: tuple[str, ...]


TEXTS: dict[str, LocaleText] = {
    "sk": LocaleText(
        white="Biely",
        black="Čierny",
        event="Turnaj",
        round="kolo",
        draw_words=("remíza", "remiza"),
        comments=(
            "Silný ťah.",
            "Najlepšie.",
            "Chyba!",
            "Biely stojí o niečo lepšie.",
            "Čierny má ťažkú pozíciu.",
            "Tu sa začína boj o iniciatívu.",
            "Zaujímavá obeť figúry.",
            "Obaja hráči boli v časovej tiesni.",
            "Teoretická novinka.",
            "Pozícia je vyrovnaná.",
            "Rozhodujúca chyba.",
            "Veľmi flexibilné pokračovanie.",
            "Strelec ide do fianchetta.",
        ),
        alt_comments=("Lepšie bolo {alt}.", "Presnejšie bolo {alt}.", "Do úvahy prichádzalo aj {alt}."),
        paren_alts=(
            "(Lepšie {alt})",
            "({alt} bolo silnejšie)",
            "({alt})",
            "(Po {alt} by biely získal figúru)",
        ),
        chat=("lol", "??", "hmm", "no teda", "fakt?", "pozri toto", "to je ale ťah", "ok"),
        web_junk=("Zdieľať", "Odpovedať", "Páči sa mi to", "Nahlásiť", "Citovať", "Zobraziť viac komentárov"),
        page_heads=("Kapitola {k}", "Partie z turnajov", "Šachové partie {year}", "Vybrané partie"),
        chat_names=("Marek", "Jano", "Peťo", "Zuzka"),
    ),
    "cs": LocaleText(
        white="Bílý",
        black="Černý",
        event="Turnaj",
        round="kolo",
        draw_words=("remíza", "remiza"),
        comments=(
            "Silný tah.",
            "Nejlepší.",
            "Chyba!",
            "Bílý stojí o něco lépe.",
            "Černý má těžkou pozici.",
            "Zde začíná boj o iniciativu.",
            "Zajímavá oběť figury.",
            "Oba hráči byli v časové tísni.",
            "Teoretická novinka.",
            "Pozice je vyrovnaná.",
            "Rozhodující chyba.",
            "Velmi flexibilní pokračování.",
            "Střelec jde do fianchetta.",
        ),
        alt_comments=("Lepší bylo {alt}.", "Přesnější bylo {alt}.", "Za úvahu stálo i {alt}."),
        paren_alts=("(Lépe {alt})", "({alt} bylo silnější)", "({alt})", "(Po {alt} by bílý získal figuru)"),
        chat=("lol", "??", "hmm", "no teda", "fakt?", "koukni na tohle", "to je síla", "ok"),
        web_junk=("Sdílet", "Odpovědět", "To se mi líbí", "Nahlásit", "Citovat", "Zobrazit další komentáře"),
        page_heads=("Kapitola {k}", "Partie z turnajů", "Šachové partie {year}", "Vybrané partie"),
        chat_names=("Honza", "Petr", "Kuba", "Lenka"),
    ),
    "sr": LocaleText(
        white="Beli",
        black="Crni",
        event="Turnir",
        round="kolo",
        draw_words=("remi", "remi"),
        comments=(
            "Jak potez.",
            "Najbolje.",
            "Greška!",
            "Beli stoji nešto bolje.",
            "Crni ima tešku poziciju.",
            "Ovde počinje borba za inicijativu.",
            "Zanimljiva žrtva figure.",
            "Oba igrača su bila u cajtnotu.",
            "Teorijska novina.",
            "Pozicija je izjednačena.",
            "Odlučujuća greška.",
            "Vrlo fleksibilan nastavak.",
            "Lovac ide u fijanketo.",
        ),
        alt_comments=("Bolje je bilo {alt}.", "Preciznije je bilo {alt}.", "Pažnju je zasluživalo {alt}."),
        paren_alts=("(Bolje {alt})", "({alt} je bilo jače)", "({alt})", "(Posle {alt} beli dobija figuru)"),
        chat=("lol", "??", "hmm", "bre", "ajde", "vidi ovo", "stvarno?", "ok"),
        web_junk=("Podeli", "Odgovori", "Sviđa mi se", "Prijavi", "Citiraj", "Prikaži još komentara"),
        page_heads=("Poglavlje {k}", "Partije sa turnira", "Šahovske partije {year}", "Izabrane partije"),
        chat_names=("Marko", "Nikola", "Jovana", "Miloš"),
    ),
}

# ---------------------------------------------------------------------------------------------------------
# Rendering
# ---------------------------------------------------------------------------------------------------------


@dataclass
class Seg:
    """A piece of the rendered text: kind is head, num, move, mark, eval, comment, alt, result, ws or junk."""

    kind: str
    text: str
    ply: int = -1


@dataclass
class Style:
    """The document style drawn for one game."""

    form: str  # short | long
    capture: str  # x | : | × | "" (long form with "" writes a hyphen)
    check: str  # + | ""
    mate: str  # # | ++ | mat | ""
    castle: str  # 0-0 | O-O
    promo: str  # = | ""
    num: str  # dot_space | dot_tight | paren | bare
    resume: str  # dots_space | dot_dots | dots_tight
    layout: str  # paragraph | pairs | columns | narrow
    wrap: int | None
    heading: int
    names: str  # as_is | initial | surname
    result_form: str | None  # dash | half | colon | word | None


def draw_style(rng: random.Random, profile: str, locale: str) -> Style:
    """Draw a document style; the damage profile tilts a few choices toward what that source looks like."""
    form = rng.choices(["short", "long"], [0.7, 0.3])[0]
    captures = ["x", ":", "×", ""]
    cap_w = [0.45, 0.25, 0.1, 0.2]
    if profile in ("wrong_keyboard_layout", "handwriting_recognition"):
        cap_w = [0.55, 0.3, 0.0, 0.15]  # nobody types or writes a multiplication sign
    capture = rng.choices(captures, cap_w)[0]
    check = rng.choices(["+", ""], [0.8, 0.2])[0]
    mate = rng.choice(["#", "++", "mat"] + ([""] if check == "" else []))
    layouts = ["paragraph", "pairs", "columns", "narrow"]
    lay_w = {
        "pdf_figurine_extraction": [0.45, 0.15, 0.05, 0.35],
        "handwriting_recognition": [0.1, 0.6, 0.25, 0.05],
        "wrong_keyboard_layout": [0.4, 0.35, 0.15, 0.1],
        "web_copy_paste": [0.4, 0.3, 0.15, 0.15],
    }[profile]
    layout = rng.choices(layouts, lay_w)[0]
    wrap: int | None = None
    if layout == "narrow":
        wrap = rng.randint(30, 45)
    elif layout == "paragraph" and rng.random() < 0.7:
        wrap = rng.randint(60, 90)
    forms: list[str | None] = ["dash", "half", "colon", "word", None]
    res_w = [0.4, 0.1, 0.2, 0.1, 0.2]
    if profile == "wrong_keyboard_layout":
        res_w = [0.45, 0.0, 0.25, 0.1, 0.2]
    return Style(
        form=form,
        capture=capture,
        check=check,
        mate=mate,
        castle=rng.choice(["0-0", "O-O"]),
        promo=rng.choice(["=", ""]),
        num=rng.choices(["dot_space", "dot_tight", "paren", "bare"], [0.5, 0.3, 0.1, 0.1])[0],
        resume=rng.choice(["dots_space", "dot_dots", "dots_tight"]),
        layout=layout,
        wrap=wrap,
        heading=rng.randrange(4),
        names=rng.choice(["as_is", "initial", "surname"]),
        result_form=rng.choices(forms, res_w)[0],
    )


def disambiguation(board: chess.Board, move: chess.Move) -> str:
    """The file, rank or square that SAN adds to tell this piece move from its rivals."""
    piece = board.piece_type_at(move.from_square)
    rivals = [
        m.from_square
        for m in board.legal_moves
        if m.to_square == move.to_square
        and m.from_square != move.from_square
        and board.piece_type_at(m.from_square) == piece
    ]
    if not rivals:
        return ""
    file, rank = chess.square_file(move.from_square), chess.square_rank(move.from_square)
    if all(chess.square_file(r) != file for r in rivals):
        return chess.FILE_NAMES[file]
    if all(chess.square_rank(r) != rank for r in rivals):
        return chess.RANK_NAMES[rank]
    return chess.square_name(move.from_square)


def render_move(
    board: chess.Board,
    move: chess.Move,
    letters: dict[int, str],
    form: str,
    capture: str,
    promo: str,
    castle: str,
) -> str:
    """The move in the given notation, without check or mate marks."""
    if board.is_castling(move):
        short = castle[0] + "-" + castle[0]
        return short if board.is_kingside_castling(move) else short + "-" + castle[0]
    piece = board.piece_type_at(move.from_square)
    assert piece is not None
    is_cap = board.is_capture(move)
    dest = chess.square_name(move.to_square)
    src = chess.square_name(move.from_square)
    if form == "long":
        sep = (capture or "-") if is_cap else "-"
        core = src + sep + dest
        if piece != chess.PAWN:
            core = letters[piece] + core
    elif piece == chess.PAWN:
        core = (src[0] + capture + dest) if is_cap else dest
    else:
        core = letters[piece] + disambiguation(board, move) + (capture if is_cap else "") + dest
    if move.promotion:
        core += promo + letters[move.promotion]
    return core


def canonical_san(board: chess.Board, move: chess.Move) -> str:
    """Our own renderer in SAN style, to be compared with python-chess's SAN."""
    text = render_move(board, move, SAN_LETTERS, "short", "x", "=", "O-O")
    after = board.copy(stack=False)
    after.push(move)
    return text + ("#" if after.is_checkmate() else "+" if after.is_check() else "")


def move_regex(locale: str) -> re.Pattern[str]:
    """A regular expression for one move in the locale's notation, any style."""
    pcs = "".join(LETTERS[locale][p] for p in PIECE_TYPES)
    promo = "".join(LETTERS[locale][p] for p in PIECE_TYPES[1:])
    return re.compile(
        rf"^(?P<piece>[{pcs}])?(?P<ff>[a-h])?(?P<fr>[1-8])?(?P<cap>[x:×-])?(?P<to>[a-h][1-8])(?:=?(?P<promo>[{promo}]))?$"
    )


MOVE_RES = {loc: move_regex(loc) for loc in LOCALES}
CASTLE_RE = re.compile(r"^(0-0-0|O-O-O|0-0|O-O)$")


def parse_move(token: str, board: chess.Board, locale: str) -> chess.Move | None:
    """Resolve one clean token in the locale's notation against the position; None unless unique."""
    t = token.rstrip("!?")
    t = re.sub(r"(\+\+|\+|#)$", "", t).rstrip("!?")
    c = CASTLE_RE.match(t)
    if c:
        long_side = len(c.group(1)) == 5
        for m in board.legal_moves:
            if board.is_castling(m) and board.is_queenside_castling(m) == long_side:
                return m
        return None
    m = MOVE_RES[locale].match(t)
    if not m:
        return None
    rev = {v: k for k, v in LETTERS[locale].items()}
    piece = rev[m["piece"]] if m["piece"] else chess.PAWN
    promo = rev[m["promo"]] if m["promo"] else None
    to = chess.parse_square(m["to"])
    found = [
        mv
        for mv in board.legal_moves
        if mv.to_square == to
        and board.piece_type_at(mv.from_square) == piece
        and mv.promotion == promo
        and (not m["ff"] or chess.square_file(mv.from_square) == chess.FILE_NAMES.index(m["ff"]))
        and (not m["fr"] or chess.square_rank(mv.from_square) == int(m["fr"]) - 1)
    ]
    return found[0] if len(found) == 1 else None


def format_name(raw: str, how: str) -> str:
    """A player's name from the PGN, written as a heading would."""
    raw = raw.strip() or "?"
    if "," not in raw or how == "as_is":
        return raw
    surname, given = (s.strip() for s in raw.split(",", 1))
    if how == "surname" or not given:
        return surname
    return f"{surname} {given[0]}."


def heading(headers: chess.pgn.Headers, locale: str, style: Style) -> str:
    """The heading in the locale's language: players, event, round and year."""
    tx = TEXTS[locale]
    w = format_name(headers.get("White", "?"), style.names)
    b = format_name(headers.get("Black", "?"), style.names)
    event = headers.get("Event", "").strip() or "?"
    year = headers.get("Date", "????")[:4]
    year = year if year.isdigit() else ""
    rnd = headers.get("Round", "").split(".")[0]
    rnd_txt = f", {rnd}. {tx.round}" if rnd.isdigit() else ""
    when = f" {year}" if year else ""
    templates = [
        f"{tx.white}: {w}\n{tx.black}: {b}\n{event}{rnd_txt}{',' if year else ''}{when}",
        f"{w} – {b}\n{event}{when}",
        f"{tx.event}: {event}{f' ({year})' if year else ''}\n{tx.white}: {w}  {tx.black}: {b}",
        f"{tx.white}: {w} {tx.black}: {b}{rnd_txt}",
    ]
    return templates[style.heading]


RESULT_FORMS = {
    "dash": {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2"},
    "half": {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "½-½"},
    "colon": {"1-0": "1:0", "0-1": "0:1", "1/2-1/2": "½:½"},
    "word": {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "{draw}"},
}


@dataclass
class Unit:
    """A run of segments that a layout places as a whole: a White or Black move, a comment or the result."""

    kind: str  # white | black | resumed | comment | result
    segs: list[Seg]


@dataclass
class Rendered:
    """A rendered game: its segments, the truth and the drawn extras."""

    segs: list[Seg]
    san: list[str]
    result: str | None
    extras: dict[str, Any] = field(default_factory=dict)


def num_segs(n: int, style: Style, black: bool) -> list[Seg]:
    """The move number before a White move, or before Black's move resumed after a comment."""
    tab = style.layout == "columns"
    if black:
        if tab:
            return [Seg("num", f"{n}."), Seg("ws", "\t"), Seg("num", "..."), Seg("ws", "\t")]
        if style.resume == "dot_dots":
            return [Seg("num", f"{n}."), Seg("ws", " "), Seg("num", "..."), Seg("ws", " ")]
        return [Seg("num", f"{n}...")] + ([Seg("ws", " ")] if style.resume == "dots_space" else [])
    text = {"dot_space": f"{n}.", "dot_tight": f"{n}.", "paren": f"{n})", "bare": f"{n}"}[style.num]
    if tab:
        return [Seg("num", text), Seg("ws", "\t")]
    return [Seg("num", text)] + ([] if style.num == "dot_tight" else [Seg("ws", " ")])


def words(kind: str, text: str) -> list[Seg]:
    """Prose split into word segments separated by single spaces."""
    out: list[Seg] = []
    for i, w in enumerate(text.split(" ")):
        if i:
            out.append(Seg("ws", " "))
        out.append(Seg(kind, w))
    return out


def render_game(
    moves: list[chess.Move],
    headers: chess.pgn.Headers,
    locale: str,
    style: Style,
    rng: random.Random,
    cut: bool,
) -> Rendered:
    """Render one game as segments, asserting that every move maps back to python-chess SAN."""
    tx = TEXTS[locale]
    letters = LETTERS[locale]
    board = chess.Board()
    n_plies = len(moves)
    n_comments = rng.randint(1, 3)
    comment_plies = sorted(rng.sample(range(4, n_plies - 1), n_comments))
    n_evals = rng.choices([0, 1, 2, 3], [0.3, 0.3, 0.25, 0.15])[0]
    eval_plies = sorted(rng.sample(range(2, n_plies), n_evals))
    units: list[Unit] = []
    sans: list[str] = []
    resume = False
    comment_log: list[dict[str, Any]] = []
    eval_log: list[dict[str, Any]] = []

    def fmt(b: chess.Board, mv: chess.Move) -> str:
        return render_move(b, mv, letters, style.form, style.capture, style.promo, style.castle)

    for p, mv in enumerate(moves):
        n, white = p // 2 + 1, p % 2 == 0
        segs: list[Seg] = []
        if white:
            segs += num_segs(n, style, black=False)
        elif resume:
            segs += num_segs(n, style, black=True)
        text = fmt(board, mv)
        if parse_move(text, board, locale) != mv:
            raise AssertionError(f"rendered {text!r} does not resolve to {board.san(mv)}")
        san = board.san(mv)
        if canonical_san(board, mv) != san:
            raise AssertionError(f"renderer gives {canonical_san(board, mv)!r}, python-chess {san!r}")
        sans.append(san)
        after = board.copy(stack=False)
        after.push(mv)
        word = ""
        if after.is_checkmate():
            if style.mate == "mat":
                word = "mat"
            else:
                text += style.mate
        elif after.is_check():
            text += style.check
        sep_eval = ""
        if p in eval_plies:
            mark = rng.choice(["!", "?", "!?", "?!", "!!", "+-", "-+", "="])
            if mark in ("+-", "-+", "="):
                sep_eval = mark
            else:
                text += mark
            eval_log.append({"ply": p, "mark": mark})
        segs.append(Seg("move", text, p))
        if word:
            segs += [Seg("ws", " "), Seg("mark", word, p)]
        if sep_eval:
            segs += [Seg("ws", " "), Seg("eval", sep_eval, p)]
        units.append(Unit("white" if white else ("resumed" if resume else "black"), segs))
        resume = False
        if p in comment_plies:
            kind = rng.choice(["plain", "paren_plain", "alt", "paren_alt"])
            others = [m for m in board.legal_moves if m != mv]
            if kind in ("alt", "paren_alt") and others:
                alt = rng.choice(others)
                alt_txt = (f"{n}." if white else f"{n}...") + fmt(board, alt)
                if kind == "paren_alt" and rng.random() < 0.5:
                    b2 = board.copy(stack=False)
                    b2.push(alt)
                    replies = list(b2.legal_moves)
                    if replies:
                        reply = rng.choice(replies)
                        rep_txt = fmt(b2, reply)
                        alt_txt += " " + (f"{n + 1}.{rep_txt}" if not white else rep_txt)
                tmpl = rng.choice(tx.paren_alts if kind == "paren_alt" else tx.alt_comments)
                ctext = tmpl.format(alt=alt_txt)
            else:
                kind = "paren_plain" if kind.startswith("paren") else "plain"
                ctext = rng.choice(tx.comments)
                if kind == "paren_plain":
                    ctext = f"({ctext})"
            units.append(Unit("comment", words("comment", ctext)))
            comment_log.append({"after_ply": p, "kind": kind, "text": ctext})
            resume = white
        board.push(mv)

    truth_result: str | None = None
    pgn_result = headers.get("Result", "*")
    write = style.result_form is not None and pgn_result in ("1-0", "0-1", "1/2-1/2")
    if write and cut and rng.random() < 0.5:
        write = False
    if write and style.result_form is not None:
        rtext = RESULT_FORMS[style.result_form][pgn_result].format(draw=rng.choice(tx.draw_words))
        units.append(Unit("result", [Seg("result", rtext)]))
        truth_result = pgn_result
    segs = [*split_heading(heading(headers, locale, style)), Seg("ws", "\n\n")]
    segs += layout(units, style)
    return Rendered(segs, sans, truth_result, {"comments": comment_log, "evals": eval_log})


def split_heading(text: str) -> list[Seg]:
    """Heading lines as head-word segments with newline segments between lines."""
    out: list[Seg] = []
    for i, line in enumerate(text.split("\n")):
        if i:
            out.append(Seg("ws", "\n"))
        out += words("head", line)
    return out


def layout(units: list[Unit], style: Style) -> list[Seg]:
    """Place units as a running paragraph, one pair per line, two tab columns or a narrow wrapped column."""
    out: list[Seg] = []
    if style.layout in ("paragraph", "narrow"):
        for i, u in enumerate(units):
            if i:
                out.append(Seg("ws", " "))
            out += u.segs
        return wrap(out, style.wrap) if style.wrap else out
    gap = "\t" if style.layout == "columns" else " "
    for i, u in enumerate(units):
        if i:
            same_line = u.kind == "black"
            out.append(Seg("ws", gap if same_line else "\n"))
        out += u.segs
    return out


def wrap(segs: list[Seg], width: int) -> list[Seg]:
    """Greedy wrapping: turn single spaces into line breaks where a line would grow past width."""
    col = 0
    for i, s in enumerate(segs):
        if s.kind == "ws" and s.text == " ":
            nxt = 0
            for t in segs[i + 1 :]:
                if t.kind == "ws":
                    break
                nxt += len(t.text)
            if col + 1 + nxt > width:
                s.text = "\n"
                col = 0
                continue
        col = col + len(s.text) if "\n" not in s.text else len(s.text.rsplit("\n", 1)[1])
    return segs


def text_of(segs: list[Seg]) -> str:
    """The text the segments spell."""
    return "".join(s.text for s in segs)


# ---------------------------------------------------------------------------------------------------------
# Independent parser used by --self-check
# ---------------------------------------------------------------------------------------------------------

NUM_RE = re.compile(r"^(\d+)(\.\.\.|\.|\))?(.*)$")
RESULT_TOKENS = {
    "1-0": "1-0",
    "0-1": "0-1",
    "1/2-1/2": "1/2-1/2",
    "½-½": "1/2-1/2",
    "1:0": "1-0",
    "0:1": "0-1",
    "½:½": "1/2-1/2",
    "remíza": "1/2-1/2",
    "remiza": "1/2-1/2",
    "remi": "1/2-1/2",
}


def parse_text(text: str, locale: str) -> tuple[list[str], str | None]:
    """Read an undamaged text back: skip the heading, parenthesised comments and prose; follow move numbers."""
    body = text.split("\n\n", 1)[1]
    body = re.sub(r"\([^()]*\)", " ", body)
    tokens = body.split()
    board = chess.Board()
    sans: list[str] = []
    result: str | None = None
    skipping = False
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        i += 1
        if tok in RESULT_TOKENS:
            result = RESULT_TOKENS[tok]
            continue
        rest = tok
        if not CASTLE_RE.match(re.sub(r"[+#!?]+$", "", tok)):
            m = NUM_RE.match(tok)
            if m and (m[2] or not m[3]):
                n, sep, rest = int(m[1]), m[2] or "", m[3]
                black = sep == "..."
                if sep in (".", "") and not rest and i < len(tokens) and tokens[i] == "...":
                    black, i = True, i + 1
                if rest.startswith("..."):
                    black, rest = True, rest[3:]
                expected_n, expected_black = len(sans) // 2 + 1, len(sans) % 2 == 1
                skipping = not (n == expected_n and black == expected_black)
                if not rest:
                    continue
        rest = rest.rstrip(".,;")
        if skipping or not rest:
            continue
        mv = parse_move(rest, board, locale)
        if mv is None:
            core = re.sub(r"[+#!?]+$", "", rest)
            if MOVE_RES[locale].match(core) or CASTLE_RE.match(core):
                raise AssertionError(f"move-like token {rest!r} does not resolve after {sans[-3:]}")
            continue
        sans.append(board.san(mv))
        board.push(mv)
    return sans, result


# ---------------------------------------------------------------------------------------------------------
# Damage
# ---------------------------------------------------------------------------------------------------------

QWERTZ_ROWS = ["1234567890", "qwertzuiop", "asdfghjkl", "yxcvbnm"]
ROW_OFFSETS = [0.0, 0.5, 0.75, 1.25]


def qwertz_neighbours(locale: str) -> dict[str, str]:
    """Keys next to each key on a QWERTZ keyboard, with the locale's accented keys at the right edge."""
    pos = {c: (r, ROW_OFFSETS[r] + i) for r, row in enumerate(QWERTZ_ROWS) for i, c in enumerate(row)}
    out: dict[str, str] = {}
    for c, (r, x) in pos.items():
        out[c] = "".join(
            d
            for d, (r2, x2) in pos.items()
            if d != c and ((r2 == r and abs(x2 - x) <= 1.0) or (abs(r2 - r) == 1 and abs(x2 - x) <= 0.8))
        )
    edge = {"sk": ("ú", "ô"), "cs": ("ú", "ů"), "sr": ("š", "č")}[locale]
    out["p"] += edge[0]
    out["l"] += edge[1]
    return out


# A typist who believes the keyboard is in US layout while it is in the national QWERTZ layout.
NATIONAL_FROM_US: dict[str, dict[str, str]] = {
    "cs": dict(zip("1234567890-=/:?!#()+yzYZ", '+ěščřžýáíé=´-"_1390ˇzyZY', strict=True)),
    "sk": dict(zip("1234567890-=/:?!#()+yzYZ", '+ľščťžýáíé=´-"_1390ˇzyZY', strict=True)),
    "sr": dict(zip("-=/:?()+yzYZ", "'+-Č_)=*zyZY", strict=True)),
}
# The opposite slip in prose: accented letters typed while the keyboard is in US layout.
US_FROM_NATIONAL: dict[str, dict[str, str]] = {
    "cs": dict(zip("ěščřžýáíéúů", "234567890[;", strict=True)),
    "sk": dict(zip("ľščťžýáíéúôä", "234567890[;]", strict=True)),
    "sr": dict(zip("šđčćž", "[];'\\", strict=True)),
}
CYRILLIC_LOOKALIKE = {
    "e": "е",
    "a": "а",
    "o": "о",
    "c": "с",
    "x": "х",
    "p": "р",
    "K": "К",
    "T": "Т",
    "j": "ј",
}
HANDWRITING_CONFUSIONS: dict[str, str] = {
    "a": "do",
    "d": "a",
    "o": "a0",
    "u": "vn",
    "v": "u",
    "n": "u",
    "h": "bk",
    "b": "h6",
    "k": "h",
    "c": "e",
    "e": "c",
    "f": "t",
    "t": "f",
    "g": "q9",
    "q": "g",
    "1": "7l",
    "7": "1",
    "4": "9",
    "9": "4g",
    "5": "sS",
    "s": "5",
    "2": "z",
    "z": "2",
    "0": "6O",
    "6": "0b",
    "3": "8",
    "8": "3",
    "D": "0O",
    "S": "5",
    "J": "ji",
    "V": "U",
    "U": "V",
    "K": "k",
    "T": "7",
    "L": "l",
}
FIGURINE_SETS = {
    "unicode": "♔♕♖♗♘",
    "unicode_black": "♚♛♜♝♞",
    "english": "KQRBN",
}
LATIN1_POOL = "¤¥£¦©§¢®¬¯°±µ¶"
STRAY_POOL = "†‡•■□◊¹²³"


class Damager:
    """Applies damage operations to a segment list, counting edits against a budget and logging each one."""

    def __init__(self, segs: list[Seg], rng: random.Random, locale: str, target: int) -> None:
        self.segs = segs
        self.rng = rng
        self.locale = locale
        self.target = target
        self.cost = 0
        self.log: list[dict[str, Any]] = []
        self.counts: Counter[str] = Counter()
        self.lost_moves: list[int] = []
        self.dropped_lines: list[str] = []
        self.inserted: list[str] = []
        self.once: Counter[str] = Counter()

    # --- helpers ------------------------------------------------------------------------------------------

    def note(self, op: str, cost: int, **info: Any) -> int:
        """Record an operation and its cost."""
        self.counts[op] += 1
        self.cost += cost
        if len(self.log) < 200:
            self.log.append({"op": op, **info})
        return cost

    def sites(
        self, kinds: tuple[str, ...], pred: Callable[[str], bool] = lambda c: True
    ) -> list[tuple[int, int]]:
        """All (segment, character) positions in segments of these kinds whose character passes pred."""
        return [
            (i, j)
            for i, s in enumerate(self.segs)
            if s.kind in kinds
            for j, c in enumerate(s.text)
            if pred(c)
        ]

    def pick_kinds(self, weights: dict[tuple[str, ...], float]) -> tuple[str, ...]:
        """Draw which segment kinds an operation aims at."""
        keys = list(weights)
        return self.rng.choices(keys, [weights[k] for k in keys])[0]

    def set_text(self, i: int, new: str) -> None:
        """Replace a segment's text, recording a move whose text vanished entirely."""
        s = self.segs[i]
        if s.kind == "move" and s.text and not new.strip():
            self.lost_moves.append(s.ply)
        s.text = new

    def replace_char(self, i: int, j: int, new: str, op: str) -> int:
        """Replace one character."""
        s = self.segs[i]
        old = s.text[j]
        self.set_text(i, s.text[:j] + new + s.text[j + 1 :])
        return self.note(op, max(1, len(new)) if new else 1, old=old, new=new, ply=s.ply)

    def insert(self, i: int, j: int, new: str, op: str, cost: int = 1) -> int:
        """Insert text into a segment before character j."""
        s = self.segs[i]
        s.text = s.text[:j] + new + s.text[j:]
        return self.note(op, cost, new=new, ply=s.ply)

    def ws_sites(self, pred: Callable[[Seg], bool]) -> list[int]:
        """Indices of whitespace segments that pass pred."""
        return [i for i, s in enumerate(self.segs) if s.kind == "ws" and pred(s)]

    def body_start(self) -> int:
        """Index of the first segment after the heading."""
        for i, s in enumerate(self.segs):
            if s.kind not in ("head", "ws"):
                return i
        return 0

    def lines(self) -> list[tuple[int, int]]:
        """Segment index ranges [start, end) of body lines, split at whitespace segments holding newlines."""
        out: list[tuple[int, int]] = []
        start = self.body_start()
        for i in range(start, len(self.segs) + 1):
            if i == len(self.segs) or (self.segs[i].kind == "ws" and "\n" in self.segs[i].text):
                if i > start:
                    out.append((start, i))
                start = i + 1
        return out

    def run(self, ops: list[tuple[Callable[[], int], float]]) -> None:
        """Draw weighted operations until the edit budget is spent."""
        fns = [f for f, _ in ops]
        ws = [w for _, w in ops]
        tries = 0
        while self.cost < self.target and tries < 2000:
            tries += 1
            self.rng.choices(fns, ws)[0]()

    # --- shared operations ----------------------------------------------------------------------------------

    def op_drop_char(self, kinds: tuple[str, ...] = ("move", "num", "comment", "head")) -> int:
        """Lose one character."""
        sites = self.sites(kinds, lambda c: not c.isspace())
        if not sites:
            return 0
        i, j = self.rng.choice(sites)
        return self.replace_char(i, j, "", "drop_char")

    def op_double_char(self, kinds: tuple[str, ...] = ("move", "num", "comment", "head")) -> int:
        """Type or read one character twice."""
        sites = self.sites(kinds, lambda c: not c.isspace())
        if not sites:
            return 0
        i, j = self.rng.choice(sites)
        c = self.segs[i].text[j]
        return self.replace_char(i, j, c + c, "double_char")

    def op_missing_space(self) -> int:
        """Lose a space between two tokens."""
        sites = self.ws_sites(lambda s: s.text == " ")
        if not sites:
            return 0
        i = self.rng.choice(sites)
        self.segs[i].text = ""
        return self.note("missing_space", 1)

    # --- a) pdf_figurine_extraction -------------------------------------------------------------------------

    def figurines(self) -> dict[str, Any]:
        """Replace piece letters of some or all piece types by what a text extractor returns for a glyph."""
        rng = self.rng
        letters = LETTERS[self.locale]
        flavour = rng.choice(["pua", "latin1", "english", "unicode", "unicode_black", "stray", "missing"])
        if flavour == "pua":
            base = rng.choice([0xE000, 0xE020, 0xE040, 0xE0A0])
            offs = rng.sample(range(32), 5)
            glyphs = {p: chr(base + o) for p, o in zip(PIECE_TYPES, offs, strict=True)}
        elif flavour in ("latin1", "stray"):
            pool = rng.sample(LATIN1_POOL if flavour == "latin1" else STRAY_POOL, 5)
            glyphs = dict(zip(PIECE_TYPES, pool, strict=True))
        elif flavour == "missing":
            glyphs = dict.fromkeys(PIECE_TYPES, "")
        else:
            glyphs = dict(zip(PIECE_TYPES, FIGURINE_SETS[flavour], strict=True))
        pcs = "".join(letters[p] for p in PIECE_TYPES)
        lead = re.compile(rf"(?<![^\s.(])([{pcs}])(?=[a-h]?[1-8]?[-x:×]?[a-h][1-8])")
        promo = re.compile(rf"(?<=[a-h][18])(=?)([{pcs[1:]}])")
        rev = {v: k for k, v in letters.items()}

        def occurrences() -> Counter[int]:
            cnt: Counter[int] = Counter()
            for s in self.segs:
                if s.kind in ("move", "alt", "comment"):
                    for m in lead.finditer(s.text):
                        cnt[rev[m[1]]] += 1
                    if s.kind == "move":
                        for m in promo.finditer(s.text):
                            cnt[rev[m[2]]] += 1
            return cnt

        cnt = occurrences()
        present = [p for p in PIECE_TYPES if cnt[p]]
        rng.shuffle(present)
        chosen: list[int] = []
        total = 0
        budget = max(3, int(self.target * rng.uniform(0.5, 1.0)))
        for p in present:
            if total + cnt[p] <= budget:
                chosen.append(p)
                total += cnt[p]
        if not chosen and present:
            chosen = [min(present, key=lambda p: cnt[p])]
        chosen_letters = {letters[p] for p in chosen}
        n = 0
        for idx, s in enumerate(self.segs):
            if s.kind not in ("move", "alt", "comment"):
                continue

            def sub_lead(m: re.Match[str]) -> str:
                nonlocal n
                if m[1] not in chosen_letters:
                    return m[0]
                n += 1
                return glyphs[rev[m[1]]]

            def sub_promo(m: re.Match[str]) -> str:
                nonlocal n
                if m[2] not in chosen_letters:
                    return m[0]
                n += 1
                return m[1] + glyphs[rev[m[2]]]

            new = lead.sub(sub_lead, s.text)
            if s.kind == "move":
                new = promo.sub(sub_promo, new)
            if new != s.text:
                self.set_text(idx, new)
        self.note("figurine", n, flavour=flavour, pieces=[SAN_LETTERS[p] for p in chosen], replaced=n)
        return {
            "flavour": flavour,
            "pieces": [SAN_LETTERS[p] for p in sorted(chosen)],
            "glyphs": {SAN_LETTERS[p]: glyphs[p] for p in sorted(chosen)},
        }

    def ligatures(self) -> None:
        """The extractor returns the fi/fl/ff ligature glyphs of the prose font as single characters."""
        n = 0
        for s in self.segs:
            if s.kind in ("comment", "head", "junk"):
                new = s.text.replace("ffi", "ﬃ").replace("fi", "ﬁ").replace("fl", "ﬂ").replace("ff", "ﬀ")
                n += len(s.text) - len(new)
                s.text = new
        if n:
            self.note("ligature", n, replaced=n)

    def op_soft_hyphen(self) -> int:
        """A soft hyphen (U+00AD) left inside a word or a long move."""
        cands = [
            i for i, s in enumerate(self.segs) if s.kind in ("comment", "head", "move") and len(s.text) >= 5
        ]
        if not cands:
            return 0
        i = self.rng.choice(cands)
        j = self.rng.randrange(2, len(self.segs[i].text) - 1)
        return self.insert(i, j, "\u00ad", "soft_hyphen")

    def op_line_end_hyphen(self) -> int:
        """A word or a long-form move split at the end of a typeset line: 'Jg1-' newline 'f3', 'pozí-' 'cia'."""
        rng = self.rng
        long_moves = [
            i
            for i, s in enumerate(self.segs)
            if s.kind == "move" and "\n" not in s.text and re.search(r"[a-h][1-8]-[a-h]", s.text)
        ]
        prose = [
            i
            for i, s in enumerate(self.segs)
            if s.kind == "comment" and "\n" not in s.text and sum(ch.isalpha() for ch in s.text) >= 7
        ]
        if long_moves and (not prose or rng.random() < 0.6):
            i = rng.choice(long_moves)
            j = self.segs[i].text.index("-", 1) + 1
            return self.insert(i, j, "\n", "line_end_hyphen_move", 2)
        if not prose:
            return 0
        i = rng.choice(prose)
        j = rng.randrange(3, len(self.segs[i].text) - 3)
        return self.insert(i, j, rng.choice(["-\n", "\u00ad\n", "-\n"]), "line_end_hyphen_word", 2)

    def op_page_break(self, year: str) -> int:
        """A running header, footer or page number from a page break inserted mid-text."""
        if self.once["page_break"] >= 2:
            return self.op_zero_width()
        self.once["page_break"] += 1
        rng = self.rng
        page = rng.randint(12, 340)
        head = rng.choice(TEXTS[self.locale].page_heads).format(k=rng.randint(1, 12), year=year or "2025")
        foot = rng.choice([f"{page}", f"— {page} —", f"- {page} -", f"{page} {head}"])
        nxt = rng.choice([f"{head}   {page + 1}", f"{page + 1}", head])
        block = rng.choices(
            [f"\n{foot}\n{nxt}\n", f"\n\n{foot}\n\n{nxt}\n", f" {foot} ", f"\n{nxt}\n"], [3, 3, 1, 2]
        )[0]
        sites = self.ws_sites(lambda s: True)
        sites = [i for i in sites if i > self.body_start()]
        if not sites:
            return 0
        i = rng.choice(sites)
        self.segs.insert(i + 1, Seg("junk", block.strip(" ") if block.startswith("\n") else block))
        self.inserted.append(block.strip())
        return self.note("page_break", 3, text=block.strip())

    def op_zero_width(self) -> int:
        """A zero-width space or joiner between two characters of the move text."""
        sites = self.sites(("move", "num"))
        if not sites:
            return 0
        i, j = self.rng.choice(sites)
        return self.insert(i, j, self.rng.choice(["\u200b", "\u200b", "\u200c", "\ufeff"]), "zero_width")

    def op_pdf_spacing(self) -> int:
        """Word spacing misjudged by the extractor: a space lost, or one inserted inside a move."""
        if self.rng.random() < 0.5:
            return self.op_missing_space()
        sites = self.sites(("move",))
        sites = [(i, j) for i, j in sites if 0 < j < len(self.segs[i].text)]
        if not sites:
            return 0
        i, j = self.rng.choice(sites)
        return self.insert(i, j, " ", "spurious_space")

    # --- b) handwriting_recognition -------------------------------------------------------------------------

    def op_confuse(self) -> int:
        """A handwriting confusion: a/d/o, u/v/n, h/b/k, 1/7, 4/9, 5/s, 0/6, 3/8, D/0, S/5, J/j/i, V/U..."""
        kinds = self.pick_kinds({("move",): 0.7, ("num",): 0.15, ("comment", "head", "result"): 0.15})
        sites = self.sites(kinds, lambda c: c in HANDWRITING_CONFUSIONS)
        if not sites:
            return 0
        i, j = self.rng.choice(sites)
        c = self.segs[i].text[j]
        return self.replace_char(i, j, self.rng.choice(HANDWRITING_CONFUSIONS[c]), "confuse")

    def op_missing_number(self) -> int:
        """A move number not transcribed."""
        cands = [i for i, s in enumerate(self.segs) if s.kind == "num" and s.text[:1].isdigit()]
        if not cands:
            return 0
        i = self.rng.choice(cands)
        old = self.segs[i].text
        self.segs[i].text = ""
        if i + 1 < len(self.segs) and self.segs[i + 1].kind == "ws" and self.segs[i + 1].text == " ":
            self.segs[i + 1].text = ""
        return self.note("missing_number", len(old), old=old)

    def op_empty_cell(self) -> int:
        """A score cell read as empty: the move is gone (at most once a game, and not always)."""
        if self.once["empty_cell"] >= 1 or self.rng.random() < 0.6:
            return self.op_confuse()
        self.once["empty_cell"] += 1
        cands = [i for i, s in enumerate(self.segs) if s.kind == "move" and s.text]
        i = self.rng.choice(cands)
        old = self.segs[i].text
        self.set_text(i, "")
        return self.note("empty_cell", len(old), old=old, ply=self.segs[i].ply)

    def op_stray_mark(self) -> int:
        """A stray dot, comma or tick read next to a move."""
        cands = [i for i, s in enumerate(self.segs) if s.kind == "move" and s.text]
        if not cands:
            return 0
        i = self.rng.choice(cands)
        j = self.rng.choice([0, len(self.segs[i].text), self.rng.randrange(len(self.segs[i].text) + 1)])
        return self.insert(i, j, self.rng.choice([".", ",", ".", "'", "`"]), "stray_mark")

    # --- c) wrong_keyboard_layout ----------------------------------------------------------------------------

    def national_stretch(self) -> list[dict[str, Any]]:
        """One to three stretches typed with the keyboard in the national layout while the typist expected US."""
        rng = self.rng
        table = NATIONAL_FROM_US[self.locale]
        stretches: list[dict[str, Any]] = []
        budget = int(self.target * rng.uniform(0.4, 0.75))
        for _ in range(rng.choice([1, 1, 2, 3])):
            if self.cost >= budget:
                break
            start = rng.randrange(self.body_start(), len(self.segs))
            changed = 0
            chunk = max(2, (budget - self.cost) // max(1, len(stretches) + 1))
            i = start
            first_text: list[str] = []
            while i < len(self.segs) and changed < chunk:
                s = self.segs[i]
                if s.kind != "ws":
                    new = "".join(table.get(c, c) for c in s.text)
                    changed += sum(a != b for a, b in zip(s.text, new, strict=True))
                    if len(first_text) < 6:
                        first_text.append(f"{s.text}->{new}")
                    self.set_text(i, new)
                i += 1
            self.note("national_layout", changed, segs=i - start, changed=changed)
            stretches.append({"start_seg": start, "end_seg": i, "changed": changed, "sample": first_text})
        return stretches

    def op_us_layout_prose(self) -> int:
        """An accented letter in prose typed while the keyboard was in US layout (č -> 4, š -> [)."""
        table = US_FROM_NATIONAL[self.locale]
        sites = self.sites(("comment", "head", "junk"), lambda c: c in table)
        if not sites:
            return self.op_typo()
        i, j = self.rng.choice(sites)
        # The slip lasts for the rest of the word.
        s = self.segs[i]
        k = j
        n = 0
        while k < len(s.text) and s.text[k].isalpha():
            if s.text[k] in table:
                s.text = s.text[:k] + table[s.text[k]] + s.text[k + 1 :]
                n += 1
            k += 1
        return self.note("us_layout_prose", n, word=s.text)

    def op_cyrillic(self) -> int:
        """A Cyrillic look-alike typed for a Latin letter (е а о с х К Т ј)."""
        kinds = self.pick_kinds({("move",): 0.5, ("comment", "head"): 0.4, ("result", "mark"): 0.1})
        sites = self.sites(kinds, lambda c: c in CYRILLIC_LOOKALIKE)
        if not sites:
            return self.op_typo()
        i, j = self.rng.choice(sites)
        return self.replace_char(i, j, CYRILLIC_LOOKALIKE[self.segs[i].text[j]], "cyrillic_lookalike")

    def op_typo(self) -> int:
        """An ordinary typo: a neighbouring key, a doubled or dropped key, two keys swapped, a space lost."""
        rng = self.rng
        kind = rng.choices(["neighbour", "double", "drop", "swap", "space"], [4, 2, 2, 1, 2])[0]
        if kind == "double":
            return self.op_double_char(("move", "num", "comment"))
        if kind == "drop":
            return self.op_drop_char(("move", "num", "comment"))
        if kind == "space":
            return self.op_missing_space()
        nb = qwertz_neighbours(self.locale)
        if kind == "swap":
            sites = self.sites(("move", "comment"))
            sites = [(i, j) for i, j in sites if j + 1 < len(self.segs[i].text)]
            if not sites:
                return 0
            i, j = rng.choice(sites)
            t = self.segs[i].text
            self.segs[i].text = t[:j] + t[j + 1] + t[j] + t[j + 2 :]
            return self.note("swap_keys", 2, old=t[j : j + 2], ply=self.segs[i].ply)
        kinds = self.pick_kinds({("move",): 0.6, ("num",): 0.15, ("comment", "head"): 0.25})
        sites = self.sites(kinds, lambda c: c.lower() in nb)
        if not sites:
            return 0
        i, j = rng.choice(sites)
        c = self.segs[i].text[j]
        d = rng.choice(nb[c.lower()])
        return self.replace_char(i, j, d.upper() if c.isupper() else d, "neighbour_key")

    # --- d) web_copy_paste ---------------------------------------------------------------------------------------

    def typography(self) -> list[str]:
        """Auto-formatting of the source page: dashes, ellipses, halves and quotes, each kind applied throughout."""
        rng = self.rng
        rules: list[tuple[str, Callable[[Seg], str]]] = [
            (
                "en_dash_castling",
                lambda s: (
                    s.text.replace("-", "–")
                    if s.kind == "move" and s.text.startswith(("0-0", "O-O"))
                    else s.text
                ),
            ),
            ("en_dash_result", lambda s: s.text.replace("-", "–") if s.kind == "result" else s.text),
            (
                "en_dash_long_move",
                lambda s: re.sub(r"(?<=\d)-(?=[a-h])", "–", s.text) if s.kind == "move" else s.text,
            ),
            (
                "ellipsis",
                lambda s: s.text.replace("...", "…") if s.kind in ("num", "alt", "comment") else s.text,
            ),
            ("half", lambda s: s.text.replace("1/2", "½") if s.kind == "result" else s.text),
            ("heading_dash", lambda s: s.text.replace("-", "–") if s.kind == "head" else s.text),
        ]
        rng.shuffle(rules)
        budget = max(2, int(self.target * rng.uniform(0.25, 0.6)))
        applied: list[str] = []
        for name, fn in rules:
            new = [fn(s) for s in self.segs]
            n = sum(
                sum(a != b for a, b in zip(s.text, t, strict=False)) + abs(len(s.text) - len(t))
                for s, t in zip(self.segs, new, strict=True)
            )
            if n and self.cost + n <= budget:
                for s, t in zip(self.segs, new, strict=True):
                    s.text = t
                applied.append(name)
                self.note("typography", n, rule=name, changed=n)
        if rng.random() < 0.5:
            # Quotes around the event or a player name in the heading.
            cands = [
                i
                for i, s in enumerate(self.segs)
                if s.kind == "head" and len(s.text) > 3 and ":" not in s.text
            ]
            if cands:
                i = rng.choice(cands)
                q = rng.choice([("„", "“"), ("“", "”"), ("»", "«")])
                self.segs[i].text = q[0] + self.segs[i].text + q[1]
                applied.append("quotes")
                self.note("typography", 2, rule="quotes")
        return applied

    def op_special_space(self) -> int:
        """A space that came through as a non-breaking, thin or narrow no-break space."""
        sites = self.ws_sites(lambda s: s.text == " ")
        if not sites:
            return 0
        i = self.rng.choice(sites)
        new = self.rng.choice(["\u00a0", "\u00a0", "\u2009", "\u202f", "\u00a0\u00a0"])
        self.segs[i].text = new
        return self.note("special_space", 1, new=new)

    def op_html_entity(self) -> int:
        """An HTML entity or tag left in the text: &nbsp; &amp; &ndash; <br>."""
        rng = self.rng
        r = rng.random()
        if r < 0.5:
            sites = self.ws_sites(lambda s: s.text in (" ", "\u00a0"))
            if not sites:
                return 0
            i = rng.choice(sites)
            self.segs[i].text = rng.choice(["&nbsp;", " &nbsp;", "&#160;"])
            return self.note("html_entity", 2, new=self.segs[i].text)
        if r < 0.75:
            sites = self.ws_sites(lambda s: "\n" in s.text)
            if not sites:
                return 0
            i = rng.choice(sites)
            self.segs[i].text = rng.choice(["<br>", "<br />\n", "<br>\n", "</p><p>"])
            return self.note("html_entity", 2, new=self.segs[i].text)
        cands = [
            i
            for i, s in enumerate(self.segs)
            if s.kind in ("head", "result", "move") and re.search("[-–&]", s.text)
        ]
        if not cands:
            return self.op_special_space()
        i = rng.choice(cands)
        t = self.segs[i].text
        new = t.replace("&", "&amp;").replace("–", "&ndash;")
        if new == t:
            new = t.replace("-", rng.choice(["&#8211;", "&ndash;", "&#45;"]), 1)
        self.segs[i].text = new
        return self.note("html_entity", 2, old=t, new=new)

    def op_line_breaks(self) -> int:
        """Line breaks lost in the paste, doubled, or a new one that splits a move pair."""
        rng = self.rng
        r = rng.random()
        if r < 0.35:
            sites = [i for i in self.ws_sites(lambda s: "\n" in s.text) if i > self.body_start()]
            if sites:
                i = rng.choice(sites)
                self.segs[i].text = rng.choice([" ", ""])
                return self.note("line_break_lost", 1)
        if r < 0.6:
            sites = [i for i in self.ws_sites(lambda s: s.text == "\n") if i > self.body_start()]
            if sites:
                i = rng.choice(sites)
                self.segs[i].text = "\n\n"
                return self.note("line_break_doubled", 1)
        # A move pair (or a number and its move) split by a line break.
        sites = [
            i
            for i in range(1, len(self.segs) - 1)
            if self.segs[i].kind == "ws"
            and self.segs[i].text in (" ", "\t")
            and self.segs[i - 1].kind in ("move", "num")
            and self.segs[i + 1].kind == "move"
        ]
        if not sites:
            return 0
        i = rng.choice(sites)
        self.segs[i].text = rng.choice(["\n", " \n", "\n\n"])
        return self.note("pair_split", 1)

    def op_chat(self) -> int:
        """A chat remark between moves (at most three a game)."""
        if self.once["chat"] >= 3:
            return self.op_special_space()
        self.once["chat"] += 1
        rng = self.rng
        tx = TEXTS[self.locale]
        remark = rng.choice(tx.chat)
        form = rng.random()
        if form < 0.5:
            block = f" {remark} "
        elif form < 0.8:
            block = f"\n{remark}\n"
        else:
            block = (
                f"\n[{rng.randint(8, 23)}:{rng.randint(0, 59):02d}] {rng.choice(tx.chat_names)}: {remark}\n"
            )
        # Between moves: after a move (or its marks), never between a number and its move.
        sites = [
            i
            for i in self.ws_sites(lambda s: True)
            if i > self.body_start() and self.segs[i - 1].kind in ("move", "mark", "eval", "comment")
        ]
        if not sites:
            return 0
        i = rng.choice(sites)
        self.segs.insert(i + 1, Seg("junk", block))
        self.inserted.append(block.strip())
        return self.note("chat_remark", 2, text=block.strip())

    def op_repeat_line(self) -> int:
        """A line pasted twice (once a game)."""
        if self.once["repeat"] >= 1:
            return self.op_special_space()
        lines = [(a, b) for a, b in self.lines() if any(s.kind == "move" for s in self.segs[a:b])]
        if not lines:
            return 0
        self.once["repeat"] += 1
        a, b = self.rng.choice(lines)
        copy = "".join(s.text for s in self.segs[a:b])
        self.segs.insert(b, Seg("junk", "\n" + copy))
        self.inserted.append(copy)
        return self.note("repeat_line", 3, text=copy)

    def op_drop_line(self) -> int:
        """A line missed by the selection (rare; its moves are recorded as lost)."""
        if self.once["drop"] >= 1 or self.rng.random() < 0.75:
            return self.op_special_space()
        lines = [(a, b) for a, b in self.lines() if any(s.kind == "move" for s in self.segs[a:b])]
        lines = lines[1:-1]  # keep the first and the last line
        if not lines:
            return 0
        self.once["drop"] += 1
        a, b = self.rng.choice(lines)
        text = "".join(s.text for s in self.segs[a:b])
        for k in range(a, b):
            self.set_text(k, "")
        if b < len(self.segs):
            self.segs[b].text = ""
        self.dropped_lines.append(text)
        return self.note("drop_line", 4, text=text)

    def trailing_junk(self) -> str:
        """Page furniture pasted along with the game, at the end (sometimes also at the start)."""
        rng = self.rng
        tx = TEXTS[self.locale]
        parts = rng.sample(tx.web_junk, rng.randint(1, 3))
        sep = rng.choice([" · ", " | ", "\n", "   "])
        junk = sep.join(parts)
        tail = rng.choice(["\n\n", "\n", " "]) + junk + rng.choice(["", "\n", " \u00a0", "\n\n\n"])
        self.segs.append(Seg("junk", tail))
        self.inserted.append(junk)
        self.note("trailing_junk", 2, text=junk)
        if rng.random() < 0.3:
            lead = rng.choice(tx.web_junk) + "\n"
            self.segs.insert(0, Seg("junk", lead))
            self.inserted.append(lead.strip())
            self.note("leading_junk", 1, text=lead.strip())
        return junk


def damage(rendered: Rendered, profile: str, locale: str, rng: random.Random, year: str) -> dict[str, Any]:
    """Apply one damage profile at a drawn rate; return what was drawn and applied."""
    segs = rendered.segs
    chars = len(text_of(segs))
    rate = round(rng.uniform(0.005, 0.04), 4)
    target = max(1, round(rate * chars))
    d = Damager(segs, rng, locale, target)
    info: dict[str, Any] = {}
    if profile == "pdf_figurine_extraction":
        info["figurines"] = d.figurines()
        if rng.random() < 0.7:
            d.ligatures()
        d.run(
            [
                (d.op_soft_hyphen, 2),
                (d.op_line_end_hyphen, 3),
                (lambda: d.op_page_break(year), 1.5),
                (d.op_zero_width, 2),
                (d.op_pdf_spacing, 1.5),
            ]
        )
    elif profile == "handwriting_recognition":
        d.run(
            [
                (d.op_confuse, 10),
                (d.op_drop_char, 2),
                (d.op_double_char, 1.5),
                (d.op_missing_number, 1.5),
                (d.op_empty_cell, 0.4),
                (d.op_stray_mark, 2),
                (d.op_missing_space, 1),
            ]
        )
    elif profile == "wrong_keyboard_layout":
        info["stretches"] = d.national_stretch()
        ops: list[tuple[Callable[[], int], float]] = [(d.op_typo, 8), (d.op_us_layout_prose, 1)]
        if locale == "sr":
            ops.append((d.op_cyrillic, 3))
        d.run(ops)
    elif profile == "web_copy_paste":
        info["typography"] = d.typography()
        if rng.random() < 0.6:
            d.trailing_junk()
        d.run(
            [
                (d.op_special_space, 5),
                (d.op_html_entity, 2),
                (d.op_line_breaks, 3),
                (d.op_chat, 1),
                (d.op_repeat_line, 0.5),
                (d.op_drop_line, 0.5),
            ]
        )
    else:
        raise ValueError(profile)
    return {
        "rate": rate,
        "chars": chars,
        "target_edits": target,
        "edits": d.cost,
        **info,
        "ops": dict(sorted(d.counts.items())),
        "log": d.log,
        "lost_moves": sorted(set(d.lost_moves)),
        "dropped_lines": d.dropped_lines,
        "inserted": d.inserted,
    }


# ---------------------------------------------------------------------------------------------------------
# Games and driver
# ---------------------------------------------------------------------------------------------------------


def eligible_games(path: str, max_plies: int) -> Iterator[tuple[chess.pgn.Headers, list[chess.Move], bool]]:
    """Games from the standard position without variants with at least 16 plies, cut at max_plies."""
    with open(path, encoding="utf-8", errors="replace") as fh:
        while True:
            game = chess.pgn.read_game(fh)
            if game is None:
                return
            h = game.headers
            if (
                game.errors
                or "FEN" in h
                or h.get("SetUp") == "1"
                or h.get("Variant", "Standard") != "Standard"
            ):
                continue
            if game.board() != chess.Board():
                continue
            moves = list(game.mainline_moves())
            if len(moves) < 16:
                continue
            yield h, moves[:max_plies], len(moves) > max_plies


def profile_for(seed: int, locale: str, n: int) -> str:
    """Profiles drawn in shuffled blocks of four so every profile appears about equally often."""
    order = list(PROFILES)
    random.Random(f"sixth-{seed}-{locale}-block-{n // 4}").shuffle(order)
    return order[n % 4]


def make_record(
    n: int,
    headers: chess.pgn.Headers,
    moves: list[chess.Move],
    cut: bool,
    locale: str,
    seed: int,
    forced: str | None,
) -> dict[str, Any]:
    """Render and damage the n-th eligible game."""
    rng = random.Random(f"sixth-{seed}-{locale}-{n}")
    profile = forced or profile_for(seed, locale, n)
    style = draw_style(rng, profile, locale)
    rendered = render_game(moves, headers, locale, style, rng, cut)
    clean = text_of(rendered.segs)
    year = headers.get("Date", "")[:4]
    dmg = damage(rendered, profile, locale, rng, year if year.isdigit() else "")
    return {
        "id": f"{locale}-{seed}-{n}",
        "locale": locale,
        "text": text_of(rendered.segs),
        "san": rendered.san,
        "result": rendered.result,
        "profile": profile,
        "style": {
            **asdict(style),
            "plies": len(moves),
            "truncated": cut,
            "clean_chars": len(clean),
            **rendered.extras,
            "damage": dmg,
        },
    }


def self_check(pgn: str, max_plies: int, sample: int) -> int:
    """Render undamaged texts under many styles, read them back with the independent parser, compare."""
    failures = 0
    checked = 0
    for n, (headers, moves, cut) in enumerate(eligible_games(pgn, max_plies)):
        if n >= sample:
            break
        for k, locale in enumerate(LOCALES):
            for rep in range(3):
                rng = random.Random(f"self-check-{n}-{k}-{rep}")
                profile = PROFILES[(n + k + rep) % 4]
                style = draw_style(rng, profile, locale)
                try:
                    r = render_game(moves, headers, locale, style, rng, cut)
                    sans, result = parse_text(text_of(r.segs), locale)
                    assert sans == r.san, f"main line differs at ply {next_diff(sans, r.san)}"
                    assert result == r.result, f"result {result} != {r.result}"
                except AssertionError as e:
                    failures += 1
                    print(f"self-check FAIL game {n} {locale} style {asdict(style)}: {e}", file=sys.stderr)
                checked += 1
    # Determinism and shape of damaged records.
    games = [g for _, g in zip(range(8), eligible_games(pgn, max_plies), strict=False)]
    for locale in LOCALES:
        for n, (h, mv, cut) in enumerate(games):
            a = make_record(n, h, mv, cut, locale, 7, None)
            b = make_record(n, h, mv, cut, locale, 7, None)
            if json.dumps(a, ensure_ascii=False) != json.dumps(b, ensure_ascii=False):
                failures += 1
                print(f"self-check FAIL: record {locale} {n} not deterministic", file=sys.stderr)
            if len(a["san"]) != len(mv):
                failures += 1
    print(
        json.dumps({"self_check": "fail" if failures else "ok", "renderings": checked, "failures": failures})
    )
    return 1 if failures else 0


def next_diff(a: list[str], b: list[str]) -> int:
    """First index where two lists differ."""
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return i
    return min(len(a), len(b))


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--pgn", default=DEFAULT_PGN, help="PGN file to read games from")
    ap.add_argument("--skip", type=int, default=0, help="skip the first N eligible games")
    ap.add_argument("--games", type=int, default=30, help="number of games to write")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--locale", choices=LOCALES, default="sk")
    ap.add_argument("--max-plies", type=int, default=120)
    ap.add_argument("--profile", choices=PROFILES, help="force one damage profile for every game")
    ap.add_argument("-o", "--out", help="JSON Lines output (default stdout)")
    ap.add_argument("--self-check", action="store_true", help="round-trip undamaged renderings and exit")
    args = ap.parse_args(argv)
    if args.self_check:
        return self_check(args.pgn, args.max_plies, max(args.games, 40))
    out: TextIO = open(args.out, "w", encoding="utf-8") if args.out else sys.stdout  # noqa: SIM115
    profiles: Counter[str] = Counter()
    rates: list[float] = []
    written = 0
    try:
        for n, (headers, moves, cut) in enumerate(eligible_games(args.pgn, args.max_plies)):
            if n < args.skip:
                continue
            if written >= args.games:
                break
            rec = make_record(n, headers, moves, cut, args.locale, args.seed, args.profile)
            out.write(json.dumps(rec, ensure_ascii=False) + "\n")
            profiles[rec["profile"]] += 1
            dmg = rec["style"]["damage"]
            rates.append(dmg["edits"] / max(1, dmg["chars"]))
            written += 1
    finally:
        if args.out:
            out.close()
    summary = {
        "games": written,
        "locale": args.locale,
        "seed": args.seed,
        "skip": args.skip,
        "profiles": dict(sorted(profiles.items())),
        "mean_edit_rate": round(sum(rates) / len(rates), 4) if rates else 0.0,
        "out": args.out or "-",
    }
    print(json.dumps(summary, ensure_ascii=False), file=sys.stderr)
    return 0 if written == args.games else 1


if __name__ == "__main__":
    sys.exit(main())
