"""Seventh independent noise generator: Slovak, Czech and Serbian game texts with six NEW kinds of damage.

Each eligible game of a PGN file (standard start, no variant, at least 16 plies, cut at --max-plies) is
rendered by this script's own renderer in the locale's algebraic notation (sk/cs K D V S J, sr K D T L S),
with a heading and short comments in some games, and then damaged by ONE profile:

  spreadsheet_export        the score as exported from a spreadsheet: CSV/TSV/markdown rows `12;Jf3;Jc6`,
                            a header row, quoted cells, Excel apostrophes (`'0-0`), move numbers as
                            `12,0`, a comment column, a shifted or merged row, BOM and CRLF.
  email_quoted_printable    the game quoted in an e-mail reply: `> ` prefixes (some `>> `), broken
                            re-wrapping of quoted lines, the replier's remarks between quoted lines, a
                            signature, and in most games undecoded quoted-printable (`=C5=BE`, `=3D`,
                            soft line breaks `=` that split moves).
  unicode_lookalikes        IME full-width stretches (`１２．Ｊｆ３`), "fancy text" mathematical letters
                            and digits (`𝐉𝐟𝟑`), Cyrillic/Greek homoglyphs inside moves (`Ке4`, `Ѕc4`),
                            exotic dots, dashes, colons, crosses and plus signs (`․ ‒ ∶ ⨯ ＋ †`).
  online_export_residue     a lichess/chess.com/ChessBase export converted to national letters:
                            `{ [%clk 0:02:13] }`, `[%eval 0.35]`, `[%emt ...]`, `$1`-style NAGs,
                            `(0:12)` move times, engine comments `{+0.35/18 3s}`, `12...` after every
                            comment, annotated mistakes with a side variation `(12. Jf3 Jc6)`, PGN tags.
  dictation_words           a dictated (speech-to-text) score: some moves written as words
                            (`jazdec f3`, `strelec berie c4`, `malá rošáda`, `e8 premena na dámu`,
                            `jazdec ef tri`, `šach`).
  scoresheet_columns_rowwise a multi-column score sheet transcribed row by row: `1. e4 e5   21. Vd1 Jc6`,
                            so the text order is not the game order (the move numbers give it).

Output is JSON Lines (id, locale, text, san, profile, result, clean, style, damage); a one-line JSON
summary goes to stderr. Output depends only on the arguments; each game's RNG is seeded from
(seed, locale, index of the eligible game), and profiles are shuffled in blocks of six eligible games.

Examples:
  .venv/bin/python bench/seventh_noise.py --locale sk --games 30 --seed 501 -o /tmp/seventh/sk.jsonl
  .venv/bin/python bench/seventh_noise.py --self-check
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import json
import quopri
import random
import re
import sys
import textwrap
import time
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import chess
import chess.pgn

DEFAULT_PGN = (
    Path(__file__).resolve().parents[1].parent / "shared" / "data" / "pgn" / "shakmaty" / "twic1599_1000k.pgn"
)
PROFILES = (
    "spreadsheet_export",
    "email_quoted_printable",
    "unicode_lookalikes",
    "online_export_residue",
    "dictation_words",
    "scoresheet_columns_rowwise",
)
PIECE_TYPES = (chess.KING, chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT)
ENGLISH = {chess.KING: "K", chess.QUEEN: "Q", chess.ROOK: "R", chess.BISHOP: "B", chess.KNIGHT: "N"}
LETTERS = {
    "sk": {chess.KING: "K", chess.QUEEN: "D", chess.ROOK: "V", chess.BISHOP: "S", chess.KNIGHT: "J"},
    "cs": {chess.KING: "K", chess.QUEEN: "D", chess.ROOK: "V", chess.BISHOP: "S", chess.KNIGHT: "J"},
    "sr": {chess.KING: "K", chess.QUEEN: "D", chess.ROOK: "T", chess.BISHOP: "L", chess.KNIGHT: "S"},
}

# ------------------------------------------------------------------------------------------- locale words
WORDS: dict[str, dict[str, Any]] = {
    "sk": {
        "white": "Biely",
        "black": "Čierny",
        "round": "kolo",
        "year": "rok",
        "draw": "remíza",
        "comments": [
            "silný ťah",
            "lepšie bolo hrať aktívnejšie",
            "biely stojí lepšie",
            "čierny je v tiesni",
            "kritická pozícia",
            "jediný ťah",
            "zaujímavá obeť",
            "časová tieseň",
            "teraz sa to láme",
            "pozícia je vyrovnaná",
        ],
        "table": ("Ťah", "Biely", "Čierny", "Poznámka"),
        "result_word": "Výsledok",
        "event_word": "Turnaj",
        "greet": ["Ahoj,", "Ahoj Peter,", "Zdravím,", "Čau,"],
        "intro": ["posielam partiu zo včera:", "tu je tá partia, o ktorej som hovoril:", "pozri si toto:"],
        "remarks": [
            "Tu som nevedel, čo ďalej.",
            "Toto je to miesto, o ktorom sme hovorili.",
            "Súhlasím, tu sa dalo hrať inak.",
            "Pozri na tento ťah, to je dobré.",
            "Odtiaľto to už bolo jasné.",
        ],
        "attrib": "Dňa {d}. {m}. {y} o {hh}:{mm} {name} napísal(a):",
        "sign": ["Marek", "Ján", "Zuzana", "J. Horváth"],
        "annot": {
            "?": "Nepresnosť. Lepšie bolo {m}.",
            "??": "Hrubá chyba. Lepšie bolo {m}.",
            "?!": "Chyba. Lepšie bolo {m}.",
        },
        "pieces": {
            chess.KING: "kráľ",
            chess.QUEEN: "dáma",
            chess.ROOK: "veža",
            chess.BISHOP: "strelec",
            chess.KNIGHT: "jazdec",
            chess.PAWN: "pešiak",
        },
        "promo": {chess.QUEEN: "dámu", chess.ROOK: "vežu", chess.BISHOP: "strelca", chess.KNIGHT: "jazdca"},
        "promo_phrase": "premena na",
        "takes": ["berie", "berie na"],
        "from": "z",
        "to": "na",
        "castle": ("malá rošáda", "veľká rošáda"),
        "check": ["šach", ", šach"],
        "mate": ["mat", "šach mat"],
        "files": {"a": "á", "b": "bé", "c": "cé", "d": "dé", "e": "é", "f": "ef", "g": "gé", "h": "há"},
        "ranks": ["jeden", "dva", "tri", "štyri", "päť", "šesť", "sedem", "osem"],
    },
    "cs": {
        "white": "Bílý",
        "black": "Černý",
        "round": "kolo",
        "year": "rok",
        "draw": "remíza",
        "comments": [
            "silný tah",
            "lepší bylo hrát aktivněji",
            "bílý stojí lépe",
            "černý je v úzkých",
            "kritická pozice",
            "jediný tah",
            "zajímavá oběť",
            "časová tíseň",
            "teď se to láme",
            "pozice je vyrovnaná",
        ],
        "table": ("Tah", "Bílý", "Černý", "Poznámka"),
        "result_word": "Výsledek",
        "event_word": "Turnaj",
        "greet": ["Ahoj,", "Ahoj Petře,", "Zdravím,", "Čau,"],
        "intro": [
            "posílám partii ze včerejška:",
            "tady je ta partie, o které jsem mluvil:",
            "podívej se na tohle:",
        ],
        "remarks": [
            "Tady jsem nevěděl, co dál.",
            "Tohle je to místo, o kterém jsme mluvili.",
            "Souhlasím, tady se dalo hrát jinak.",
            "Podívej na tenhle tah, ten je dobrý.",
            "Odsud už to bylo jasné.",
        ],
        "attrib": "Dne {d}. {m}. {y} v {hh}:{mm} {name} napsal(a):",
        "sign": ["Marek", "Jan", "Zuzana", "J. Dvořák"],
        "annot": {
            "?": "Nepřesnost. Lepší bylo {m}.",
            "??": "Hrubá chyba. Lepší bylo {m}.",
            "?!": "Chyba. Lepší bylo {m}.",
        },
        "pieces": {
            chess.KING: "král",
            chess.QUEEN: "dáma",
            chess.ROOK: "věž",
            chess.BISHOP: "střelec",
            chess.KNIGHT: "jezdec",
            chess.PAWN: "pěšec",
        },
        "promo": {chess.QUEEN: "dámu", chess.ROOK: "věž", chess.BISHOP: "střelce", chess.KNIGHT: "jezdce"},
        "promo_phrase": "proměna v",
        "takes": ["bere", "bere na"],
        "from": "z",
        "to": "na",
        "castle": ("malá rošáda", "velká rošáda"),
        "check": ["šach", ", šach"],
        "mate": ["mat", "šach mat"],
        "files": {"a": "á", "b": "bé", "c": "cé", "d": "dé", "e": "é", "f": "ef", "g": "gé", "h": "há"},
        "ranks": ["jedna", "dva", "tři", "čtyři", "pět", "šest", "sedm", "osm"],
    },
    "sr": {
        "white": "Beli",
        "black": "Crni",
        "round": "kolo",
        "year": "godina",
        "draw": "remi",
        "comments": [
            "jak potez",
            "bolje je bilo igrati aktivnije",
            "beli stoji bolje",
            "crni je u teškoćama",
            "kritična pozicija",
            "jedini potez",
            "zanimljiva žrtva",
            "vremenska nestašica",
            "sada se lomi",
            "pozicija je izjednačena",
        ],
        "table": ("Potez", "Beli", "Crni", "Napomena"),
        "result_word": "Rezultat",
        "event_word": "Turnir",
        "greet": ["Zdravo,", "Ćao Petre,", "Pozdrav,", "Ćao,"],
        "intro": ["šaljem partiju od juče:", "evo partije o kojoj sam pričao:", "pogledaj ovo:"],
        "remarks": [
            "Ovde nisam znao šta dalje.",
            "Ovo je ono mesto o kome smo pričali.",
            "Slažem se, ovde se moglo igrati drugačije.",
            "Pogledaj ovaj potez, dobar je.",
            "Odavde je već bilo jasno.",
        ],
        "attrib": "{d}.{m}.{y}. u {hh}:{mm}, {name} je napisao/la:",
        "sign": ["Marko", "Jovan", "Milica", "D. Petrović"],
        "annot": {
            "?": "Nepreciznost. Bolje je bilo {m}.",
            "??": "Gruba greška. Bolje je bilo {m}.",
            "?!": "Greška. Bolje je bilo {m}.",
        },
        "pieces": {
            chess.KING: "kralj",
            chess.QUEEN: "dama",
            chess.ROOK: "top",
            chess.BISHOP: "lovac",
            chess.KNIGHT: "skakač",
            chess.PAWN: "pešak",
        },
        "promo": {chess.QUEEN: "damu", chess.ROOK: "topa", chess.BISHOP: "lovca", chess.KNIGHT: "skakača"},
        "promo_phrase": "promocija u",
        "takes": ["uzima", "uzima na"],
        "from": "sa",
        "to": "na",
        "castle": ("mala rokada", "velika rokada"),
        "check": ["šah", ", šah"],
        "mate": ["mat", "šah-mat"],
        "files": {"a": "a", "b": "be", "c": "ce", "d": "de", "e": "e", "f": "ef", "g": "ge", "h": "ha"},
        "ranks": ["jedan", "dva", "tri", "četiri", "pet", "šest", "sedam", "osam"],
    },
}


# ------------------------------------------------------------------------------------------------ renderer
@dataclass
class Style:
    form: str = "short"  # short | long
    capture: str = "x"  # x : × or ""
    checks: bool = True
    mate: str = "#"  # "#" | "++" | "+"
    castle: str = "0"  # "0" -> 0-0, "O" -> O-O
    promo: str = "="  # "=" -> e8=D, "" -> e8D
    number: str = "1. "  # "1. " | "1." | "1) "
    black_cont: str = "..."  # "..." | ". ..." | "…"
    layout: str = "paragraph"  # paragraph | pairs
    wrap: int = 0
    result_form: str = "plain"  # plain | half | word | colon | none
    heading: bool = False
    english: bool = False  # English letters, SAN style (self-check only)


SAN_STYLE = Style(form="short", capture="x", checks=True, mate="#", castle="O", promo="=", english=True)


def render_move(board: chess.Board, move: chess.Move, letters: dict[int, str], style: Style) -> str:
    """Render one move of the position `board` (not changed) in `style`."""
    suffix = ""
    if style.checks or style.english:
        board.push(move)
        if board.is_checkmate():
            suffix = style.mate
        elif board.is_check():
            suffix = "+"
        board.pop()
    if board.is_castling(move):
        long_side = chess.square_file(move.to_square) < chess.square_file(move.from_square)
        c = style.castle
        return (f"{c}-{c}-{c}" if long_side else f"{c}-{c}") + suffix
    piece = board.piece_type_at(move.from_square)
    assert piece is not None
    capture = board.is_capture(move)
    to = chess.square_name(move.to_square)
    frm = chess.square_name(move.from_square)
    promo = ""
    if move.promotion:
        promo = style.promo + letters[move.promotion]
    if style.form == "long":
        sep = style.capture if capture and style.capture else "-"
        head = "" if piece == chess.PAWN else letters[piece]
        return f"{head}{frm}{sep}{to}{promo}{suffix}"
    if piece == chess.PAWN:
        if capture:
            return f"{frm[0]}{style.capture}{to}{promo}{suffix}"
        return f"{to}{promo}{suffix}"
    others = [
        m.from_square
        for m in board.legal_moves
        if m.to_square == move.to_square
        and m.from_square != move.from_square
        and board.piece_type_at(m.from_square) == piece
    ]
    dis = ""
    if others:
        if all(chess.square_file(s) != chess.square_file(move.from_square) for s in others):
            dis = frm[0]
        elif all(chess.square_rank(s) != chess.square_rank(move.from_square) for s in others):
            dis = frm[1]
        else:
            dis = frm
    mark = style.capture if capture else ""
    return f"{letters[piece]}{dis}{mark}{to}{promo}{suffix}"


def number_text(n: int, style: Style, black: bool = False) -> str:
    if black:
        return f"{n}{style.black_cont}"
    return f"{n}{style.number.strip()[1:]}"


@dataclass
class Item:
    kind: str  # num | move | comment | result
    text: str
    ply: int = -1


@dataclass
class Doc:
    locale: str
    style: Style
    heading: list[str]
    items: list[Item]
    moves: list[chess.Move]
    san: list[str]
    rendered: list[str]
    result: str | None  # "1-0" | "0-1" | "1/2-1/2" | None (not written)
    result_text: str
    comments: dict[int, str] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)


def draw_style(rng: random.Random) -> Style:
    form = "long" if rng.random() < 0.35 else "short"
    return Style(
        form=form,
        capture=rng.choice(["x", "x", ":", "×", ""]),
        checks=rng.random() < 0.8,
        mate=rng.choice(["#", "#", "++", "+"]),
        castle=rng.choice(["0", "0", "O"]),
        promo=rng.choice(["=", ""]),
        number=rng.choice(["1. ", "1. ", "1.", "1) "]),
        black_cont=rng.choice(["...", "...", ". ...", "…"]),
        layout=rng.choice(["paragraph", "paragraph", "pairs"]),
        wrap=rng.choice([0, 60, 72, 80, 90]),
        result_form=rng.choice(["plain", "plain", "half", "word", "colon", "none"]),
        heading=rng.random() < 0.65,
    )


def result_string(result: str | None, form: str, locale: str) -> str:
    if result is None or form == "none":
        return ""
    if result == "1/2-1/2":
        return {"plain": "1/2-1/2", "half": "½-½", "word": WORDS[locale]["draw"], "colon": "½:½"}[form]
    if form == "colon":
        return result.replace("-", ":")
    return result


def year_of(headers: dict[str, str]) -> str:
    m = re.match(r"(\d{4})", headers.get("Date", ""))
    return m.group(1) if m else ""


def make_heading(headers: dict[str, str], locale: str, rng: random.Random) -> list[str]:
    w = WORDS[locale]
    white, black = headers.get("White", "?"), headers.get("Black", "?")
    lines = [f"{w['white']}: {white}", f"{w['black']}: {black}"]
    if rng.random() < 0.3:
        lines = [f"{white} – {black}"]
    event = headers.get("Event", "")
    rnd = headers.get("Round", "").split(".")[0]
    year = year_of(headers)
    tail = [event] if event and event != "?" else []
    if rnd.isdigit():
        tail.append(f"{rnd}. {w['round']}")
    if year:
        tail.append(year)
    if tail:
        lines.append(", ".join(tail))
    return lines


def build_doc(game: chess.pgn.Game, locale: str, max_plies: int, rng: random.Random) -> Doc:
    style = draw_style(rng)
    letters = LETTERS[locale]
    board = game.board()
    moves = list(game.mainline_moves())
    cut = len(moves) > max_plies
    moves = moves[:max_plies]
    san: list[str] = []
    rendered: list[str] = []
    for mv in moves:
        san.append(board.san(mv))
        rendered.append(render_move(board, mv, letters, style))
        board.push(mv)
    headers = dict(game.headers)
    res = headers.get("Result", "*")
    result = None if cut or res not in ("1-0", "0-1", "1/2-1/2") else res
    result_text = result_string(result, style.result_form, locale)
    if not result_text:
        result = None
    n_comments = rng.choice([0, 0, 1, 2, 3])
    plies = sorted(set(rng.sample(range(4, len(moves) - 1), n_comments)))
    texts = rng.sample(WORDS[locale]["comments"], n_comments)
    comments: dict[int, str] = dict(zip(plies, texts, strict=True))
    items: list[Item] = []
    for i, text in enumerate(rendered):
        n = i // 2 + 1
        if i % 2 == 0:
            items.append(Item("num", number_text(n, style), i))
        elif i - 1 in comments:
            items.append(Item("num", number_text(n, style, black=True), i))
        items.append(Item("move", text, i))
        if i in comments:
            items.append(Item("comment", f"({comments[i]})", i))
    if result_text:
        items.append(Item("result", result_text))
    heading = make_heading(headers, locale, rng) if style.heading else []
    return Doc(locale, style, heading, items, moves, san, rendered, result, result_text, comments, headers)


def join_items(items: list[Item], style: Style) -> str:
    """Join body items into text: a paragraph (maybe wrapped) or one move pair per line."""
    glue = style.number == "1."
    lines: list[list[str]] = [[]]
    for k, it in enumerate(items):
        if style.layout == "pairs" and it.kind == "num" and it.ply % 2 == 0 and k > 0:
            lines.append([])
        if style.layout == "pairs" and it.kind == "result":
            lines.append([])
        cur = lines[-1]
        if cur and glue and items[k - 1].kind == "num":
            cur[-1] += it.text
        else:
            cur.append(it.text)
    out = [" ".join(line) for line in lines if line]
    if style.layout == "paragraph" and style.wrap:
        return "\n".join(textwrap.wrap(out[0], style.wrap, break_long_words=False, break_on_hyphens=False))
    return "\n".join(out)


def doc_text(doc: Doc, items: list[Item] | None = None, style: Style | None = None) -> str:
    body = join_items(items if items is not None else doc.items, style or doc.style)
    if doc.heading:
        return "\n".join(doc.heading) + "\n\n" + body + "\n"
    return body + "\n"


# ---------------------------------------------------------------------------------------------- own reader
def read_moves(text: str, locale: str) -> list[str]:
    """A small reader for this script's undamaged renderings; returns English SAN of the main line."""
    letters = LETTERS[locale]
    back = {v: k for k, v in letters.items()}
    pcs = "".join(letters.values())
    text = re.sub(r"\([^()]*\)|\{[^{}]*\}", " ", text)
    text = re.sub(r"\b(\d+)(?:\.\s*\.\.\.|\.\.\.|…|\.|\))", lambda m: f" \x00{m.group(1)} ", text)
    pat = re.compile(
        rf"^(?P<p>[{pcs}])?(?P<ff>[a-h])?(?P<fr>[1-8])?(?P<cap>[x:×-])?(?P<to>[a-h][1-8])"
        rf"(?:[=]?(?P<promo>[{pcs}]))?(?:\+\+|\+|#)?$"
    )
    board = chess.Board()
    out: list[str] = []
    last_num: int | None = None
    for tok in text.split():
        if tok.startswith("\x00"):  # a move number: once moves started, it must be the next move's number
            last_num = int(tok[1:])
            if out and last_num != len(out) // 2 + 1:
                raise ValueError(f"move number {last_num} where {len(out) // 2 + 1} was due")
            continue
        tok = tok.rstrip("!?")
        castle = re.fullmatch(r"[0O]-[0O](-[0O])?(?:\+\+|\+|#)?", tok)
        cands: list[chess.Move]
        if castle:
            long_side = castle.group(1) is not None
            cands = [
                m
                for m in board.legal_moves
                if board.is_castling(m)
                and (chess.square_file(m.to_square) < chess.square_file(m.from_square)) == long_side
            ]
        else:
            m = pat.match(tok)
            if not m:
                continue
            piece = back[m.group("p")] if m.group("p") else chess.PAWN
            to = chess.parse_square(m.group("to"))
            promo = back[m.group("promo")] if m.group("promo") else None
            cands = [
                mv
                for mv in board.legal_moves
                if mv.to_square == to
                and board.piece_type_at(mv.from_square) == piece
                and mv.promotion == promo
                and (
                    not m.group("ff") or chess.square_file(mv.from_square) == "abcdefgh".index(m.group("ff"))
                )
                and (not m.group("fr") or chess.square_rank(mv.from_square) == int(m.group("fr")) - 1)
            ]
        if not out and last_num not in (None, 1):
            raise ValueError(f"the first move is numbered {last_num}")
        if len(cands) != 1:
            raise ValueError(f"cannot read {tok!r} ({len(cands)} candidates) after {out[-4:]}")
        out.append(board.san(cands[0]))
        board.push(cands[0])
    return out


# ---------------------------------------------------------------------------------------------- profiles
Damage = tuple[str, list[dict[str, Any]], dict[str, Any]]


def _event(log: list[dict[str, Any]], op: str, **kw: Any) -> None:
    log.append({"op": op, **kw})


def _csv_cell(cell: str, delim: str, quote_all: bool) -> str:
    if quote_all or delim in cell or '"' in cell:
        return '"' + cell.replace('"', '""') + '"'
    return cell


def spreadsheet_export(doc: Doc, rng: random.Random) -> Damage:
    w = WORDS[doc.locale]
    log: list[dict[str, Any]] = []
    delim = rng.choice([";", ";", ",", "\t", "|"])
    markdown = delim == "|"
    quote_all = not markdown and rng.random() < 0.3
    apostrophe = not markdown and rng.random() < 0.4
    number_form = rng.choice(["int", "int", "dot", "float"])
    trailing = not markdown and rng.random() < 0.3
    crlf = rng.random() < 0.4
    bom = rng.random() < 0.3
    pad = markdown and rng.random() < 0.6
    has_notes = bool(doc.comments) and rng.random() < 0.8
    habits = {
        "delim": delim,
        "quote_all": quote_all,
        "apostrophe": apostrophe,
        "number_form": number_form,
        "trailing": trailing,
        "crlf": crlf,
        "bom": bom,
        "pad": pad,
        "notes_column": has_notes,
    }
    ncols = 4 if has_notes else 3
    rows: list[list[str]] = []
    if doc.heading:
        hd = doc.headers
        rows.append([w["white"], hd.get("White", "?")])
        rows.append([w["black"], hd.get("Black", "?")])
        if hd.get("Event", "?") != "?":
            rows.append([w["event_word"], hd["Event"]])
        rows.append([])
    if rng.random() < 0.8:
        rows.append(list(w["table"][:ncols]))
    sep = "." if number_form == "dot" else ","
    nmoves = (len(doc.rendered) + 1) // 2
    for n in range(1, nmoves + 1):
        num = str(n)
        if number_form == "dot":
            num = f"{n}."
        elif number_form == "float":
            num = f"{n}{rng.choice([sep, '.'])}0" if n == 1 else f"{n}{sep}0"
        cells = [
            num,
            doc.rendered[2 * n - 2],
            doc.rendered[2 * n - 1] if 2 * n - 1 < len(doc.rendered) else "",
        ]
        if has_notes:
            notes = [doc.comments[p] for p in (2 * n - 2, 2 * n - 1) if p in doc.comments]
            cells.append("; ".join(notes))
        rows.append(cells)
    if doc.result_text:
        rows.append(
            ["", w["result_word"], doc.result_text]
            if rng.random() < 0.5
            else [w["result_word"], doc.result_text]
        )
    # a few row events
    body_rows = [i for i, r in enumerate(rows) if r and r[0][:1].isdigit()]
    for _ in range(rng.randint(1, 3)):
        i = rng.choice(body_rows)
        r = rows[i]
        kind = rng.choice(["shift", "merge", "blank_row", "spaces"])
        if kind == "shift" and len(r) >= 3 and r[2]:
            rows[i] = [r[0], "", *r[1:]]
            _event(log, "cell_shift", row=r[0])
        elif kind == "merge" and len(r) >= 3 and r[2]:
            rows[i] = [r[0], f"{r[1]} {r[2]}", "", *r[3:]]
            _event(log, "cells_merged", row=r[0])
        elif kind == "blank_row":
            rows.insert(i, [""] * len(r))
            body_rows = [j for j, rr in enumerate(rows) if rr and rr[0][:1].isdigit()]
            _event(log, "blank_row", before=r[0])
        else:
            rows[i] = [f" {c} " if c else c for c in r]
            _event(log, "padded_cells", row=r[0])
    lines: list[str] = []
    widths = [max((len(r[k]) for r in rows if len(r) > k), default=0) for k in range(ncols + 1)]
    for r in rows:
        if not r:
            lines.append("")
            continue
        cells = []
        for c in r:
            if apostrophe and (c.startswith(("=", "+", "-")) or c.startswith("0-0")):
                c = "'" + c
                _event(log, "excel_apostrophe", cell=c)
            cells.append(c)
        if markdown:
            if pad:
                cells = [c.ljust(widths[j]) for j, c in enumerate(cells)]
            line = "| " + " | ".join(cells) + " |"
            lines.append(line)
            if r == list(w["table"][:ncols]):
                lines.append("|" + "|".join("---" for _ in cells) + "|")
        else:
            cells = [_csv_cell(c, delim, quote_all) for c in cells]
            if trailing:
                cells += [""] * max(0, ncols - len(cells))
            lines.append(delim.join(cells))
    nl = "\r\n" if crlf else "\n"
    text = nl.join(lines) + nl
    if bom:
        text = "\ufeff" + text
    return text, log, habits


def _qp_encode(text: str) -> str:
    """Quoted-printable body encoding with soft line breaks at 76 characters."""
    out_lines = []
    for line in text.split("\n"):
        enc: list[str] = []
        for ch in line:
            if ch == "=" or ord(ch) > 126 or (ord(ch) < 32 and ch != "\t"):
                enc.append("".join(f"={b:02X}" for b in ch.encode("utf-8")))
            else:
                enc.append(ch)
        if enc and enc[-1] in (" ", "\t"):
            enc[-1] = f"={ord(enc[-1]):02X}"
        cur = ""
        parts = []
        for unit in enc:
            if len(cur) + len(unit) > 75:
                parts.append(cur + "=")
                cur = ""
            cur += unit
        parts.append(cur)
        out_lines.extend(parts)
    return "\n".join(out_lines)


def email_quoted_printable(doc: Doc, rng: random.Random) -> Damage:
    w = WORDS[doc.locale]
    log: list[dict[str, Any]] = []
    st = Style(
        **{
            **asdict(doc.style),
            "layout": rng.choice(["paragraph", "pairs"]),
            "wrap": rng.choice([60, 66, 72]),
        }
    )
    body = doc_text(doc, style=st).rstrip("\n").split("\n")
    nested = rng.random() < 0.3
    qp = rng.random() < 0.75
    rewrap = rng.random() < 0.5
    habits = {"nested": nested, "quoted_printable": qp, "broken_rewrap": rewrap}
    quoted: list[str] = []
    for k, line in enumerate(body):
        prefix = ">> " if nested and k < len(body) // 2 else "> "
        quoted.append((prefix + line).rstrip() if line else prefix.rstrip())
    # replier's remarks between quoted lines
    move_lines = [k for k, line in enumerate(body) if re.search(r"\d", line)]
    for _ in range(rng.randint(1, 2)):
        if len(move_lines) < 3:
            break
        k = rng.choice(move_lines[1:-1])
        remark = rng.choice(w["remarks"])
        quoted[k] = quoted[k] + "\n\n" + remark + "\n"
        _event(log, "reply_remark", after_line=k, text=remark)
    lines = "\n".join(quoted).split("\n")
    if rewrap:  # the client re-wrapped long quoted lines and lost the prefix on the continuation
        width = rng.choice([40, 50, 56])
        new: list[str] = []
        for line in lines:
            if line.startswith(">") and len(line) > width + 8 and rng.random() < 0.6:
                cut = line.rfind(" ", 0, width)
                if cut > 3:
                    new += [line[:cut], line[cut + 1 :]]
                    _event(log, "rewrap", at=line[cut + 1 : cut + 12])
                    continue
            new.append(line)
        lines = new
    hh, mm = rng.randint(7, 23), rng.randint(0, 59)
    d, m, y = rng.randint(1, 28), rng.randint(1, 12), year_of(doc.headers) or "2024"
    name = rng.choice(w["sign"])
    attrib = w["attrib"].format(d=d, m=m, y=y, hh=hh, mm=f"{mm:02d}", name=name)
    top = [rng.choice(w["greet"]), rng.choice(w["intro"]), "", attrib]
    tail = ["", "-- ", rng.choice([s for s in w["sign"] if s != name])]
    msg = "\n".join(top + lines + tail) + "\n"
    if qp:
        msg = _qp_encode(msg)
        _event(
            log,
            "quoted_printable",
            soft_breaks=msg.count("=\n"),
            escapes=len(re.findall(r"=[0-9A-F]{2}", msg)),
        )
    return msg, log, habits


FULLWIDTH = {chr(c): chr(c + 0xFEE0) for c in range(0x21, 0x7F)}
MATH_STYLES = {  # (capital A, small a, digit 0) code points
    "bold": (0x1D400, 0x1D41A, 0x1D7CE),
    "sans_bold": (0x1D5D4, 0x1D5EE, 0x1D7EC),
    "monospace": (0x1D670, 0x1D68A, 0x1D7F6),
    "double_struck": (0x1D538, 0x1D552, 0x1D7D8),
}
DS_HOLES = {"C": "ℂ", "H": "ℍ", "N": "ℕ", "P": "ℙ", "Q": "ℚ", "R": "ℝ", "Z": "ℤ"}
HOMOGLYPHS = {
    "K": ["К", "Κ"],
    "S": ["Ѕ"],
    "J": ["Ј"],
    "T": ["Т", "Τ"],
    "a": ["а"],
    "c": ["с", "ϲ"],
    "e": ["е"],
    "O": ["О", "Ο"],
    "0": ["О"],
    "3": ["З"],
    "x": ["х", "χ"],
}
PUNCT = {
    ".": ["․", "．", "·", "‧", "。"],
    "-": ["‐", "‒", "―", "⁃", "˗", "﹣"],
    ":": ["∶", "꞉", "："],
    "×": ["⨯", "✕", "х"],
    "x": ["⨯", "✕"],
    "+": ["＋", "﹢", "†"],
    "#": ["＃", "♯"],
    "½": ["¹⁄₂"],
}


def _math(ch: str, style: str) -> str:
    a_cap, a_small, zero = MATH_STYLES[style]
    if style == "double_struck" and ch in DS_HOLES:
        return DS_HOLES[ch]
    if "A" <= ch <= "Z":
        return chr(a_cap + ord(ch) - 65)
    if "a" <= ch <= "z":
        return chr(a_small + ord(ch) - 97)
    if "0" <= ch <= "9":
        return chr(zero + ord(ch) - 48)
    return ch


def unicode_lookalikes(doc: Doc, rng: random.Random) -> Damage:
    log: list[dict[str, Any]] = []
    sources = rng.sample(["fullwidth", "math", "homoglyph", "punct"], rng.randint(2, 3))
    math_style = rng.choice(sorted(MATH_STYLES))
    habits: dict[str, Any] = {"sources": sources, "math_style": math_style}
    items = [Item(it.kind, it.text, it.ply) for it in doc.items]
    heading = list(doc.heading)
    idx = [k for k, it in enumerate(items) if it.kind in ("num", "move", "result")]
    n_events = max(4, round(len(idx) * rng.uniform(0.05, 0.12)))
    for _ in range(n_events):
        src = rng.choice(sources)
        k = rng.choice(idx)
        old = items[k].text
        if src == "fullwidth":  # IME left in full-width mode for a stretch of tokens
            span = rng.randint(2, 6)
            for j in range(k, min(k + span, len(items))):
                if items[j].kind != "comment":
                    items[j].text = "".join(FULLWIDTH.get(c, c) for c in items[j].text)
            _event(log, "fullwidth", start=old, tokens=span)
        elif src == "math":
            span = rng.randint(1, 3)
            for j in range(k, min(k + span, len(items))):
                if items[j].kind != "comment":
                    items[j].text = "".join(_math(c, math_style) for c in items[j].text)
            _event(log, "math_letters", start=old, tokens=span, style=math_style)
        elif src == "homoglyph":
            pos = [i for i, c in enumerate(old) if c in HOMOGLYPHS]
            if not pos:
                continue
            i = rng.choice(pos)
            new = old[:i] + rng.choice(HOMOGLYPHS[old[i]]) + old[i + 1 :]
            items[k].text = new
            _event(log, "homoglyph", old=old, new=new)
        else:
            pos = [i for i, c in enumerate(old) if c in PUNCT]
            if not pos:
                continue
            for i in pos if rng.random() < 0.5 else [rng.choice(pos)]:
                old_c = items[k].text[i]
                items[k].text = items[k].text[:i] + rng.choice(PUNCT[old_c]) + items[k].text[i + 1 :]
            _event(log, "punct_variant", old=old, new=items[k].text)
    if (
        heading and "math" in sources and rng.random() < 0.6
    ):  # a fancy-text heading, as in a social-media post
        heading[0] = "".join(_math(c, math_style) for c in heading[0])
        _event(log, "math_heading")
    if "fullwidth" in sources and rng.random() < 0.3:
        _event(log, "ideographic_spaces")
        body = join_items(items, doc.style).replace(" ", "\u3000", rng.randint(2, 6))
    else:
        body = join_items(items, doc.style)
    text = ("\n".join(heading) + "\n\n" if heading else "") + body + "\n"
    return text, log, habits


def _clock(sec: float, tenths: bool) -> str:
    sec = max(0.0, sec)
    h, rem = divmod(int(sec), 3600)
    m, s = divmod(rem, 60)
    base = f"{h}:{m:02d}:{s:02d}"
    return base + (f".{int(sec * 10) % 10}" if tenths else "")


def _random_line(board: chess.Board, first: chess.Move, plies: int, rng: random.Random) -> list[chess.Move]:
    b = board.copy(stack=False)
    line = [first]
    b.push(first)
    for _ in range(plies - 1):
        legal = list(b.legal_moves)
        if not legal:
            break
        caps = [m for m in legal if b.is_capture(m)]
        mv = rng.choice(caps) if caps and rng.random() < 0.5 else rng.choice(legal)
        line.append(mv)
        b.push(mv)
    return line


def online_export_residue(doc: Doc, rng: random.Random) -> Damage:
    w = WORDS[doc.locale]
    letters = LETTERS[doc.locale]
    log: list[dict[str, Any]] = []
    site = rng.choice(["lichess", "chesscom", "movetimes", "chessbase"])
    st = Style(**{**asdict(doc.style), "number": "1. ", "black_cont": "..."})
    base = rng.choice([180, 300, 600, 900])
    inc = rng.choice([0, 2, 3, 5])
    clocks = [float(base), float(base)]
    evals = rng.randint(-20, 40)
    habits = {"site": site, "time_control": f"{base}+{inc}"}
    annotated = set(
        rng.sample(range(6, len(doc.moves) - 1), k=min(rng.randint(0, 3), max(0, len(doc.moves) - 8)))
    )
    if site in ("movetimes", "chessbase"):
        annotated = set()
    board = chess.Board()
    toks: list[str] = []
    need_number = True
    for i, (mv, txt) in enumerate(zip(doc.moves, doc.rendered, strict=True)):
        n = i // 2 + 1
        if i % 2 == 0:
            toks.append(f"{n}.")
        elif need_number:
            toks.append(f"{n}...")
        need_number = False
        toks.append(txt)
        spent = min(clocks[i % 2], rng.expovariate(1 / max(2.0, base / 60)))
        clocks[i % 2] = clocks[i % 2] - spent + inc
        evals += rng.randint(-25, 25)
        if i in annotated:
            nag = rng.choice(["?", "??", "?!"])
            toks.append({"?": "$2", "??": "$4", "?!": "$6"}[nag])
        elif rng.random() < 0.03:
            toks.append(rng.choice(["$1", "$3", "$5", "$10", "$14", "$15", "$16", "$18"]))
            _event(log, "nag", ply=i, nag=toks[-1])
        if site == "lichess":
            inner = ""
            if rng.random() < 0.85:
                inner += f"[%eval {evals / 100:.2f}] "
            inner += f"[%clk {_clock(clocks[i % 2], False)}]"
            if i in annotated:
                alt = rng.choice([m for m in board.legal_moves if m != mv])
                alt_txt = render_move(board, alt, letters, st)
                inner = w["annot"][nag].format(m=alt_txt) + " " + inner
            toks.append("{ " + inner + " }")
            need_number = True
        elif site == "chesscom":
            toks.append("{[%clk " + _clock(clocks[i % 2], True) + "]}")
            need_number = True
        elif site == "movetimes":
            toks.append(f"({int(spent) // 60}:{int(spent) % 60:02d})")
        else:
            if rng.random() < 0.25:
                toks.append("{" + f"{evals / 100:+.2f}/{rng.randint(14, 28)} {int(spent)}s" + "}")
                need_number = True
            elif rng.random() < 0.3:
                toks.append("{[%emt " + _clock(spent, False) + "]}")
                need_number = True
        if i in annotated and site == "lichess":
            line = _random_line(board, alt, rng.randint(2, 5), rng)
            vb = board.copy(stack=False)
            vt: list[str] = []
            for j, vm in enumerate(line):
                p = i + j
                if p % 2 == 0:
                    vt.append(f"{p // 2 + 1}.")
                elif j == 0:
                    vt.append(f"{p // 2 + 1}...")
                vt.append(render_move(vb, vm, letters, st))
                vb.push(vm)
            toks.append("(" + " ".join(vt) + ")")
            _event(log, "variation", ply=i, moves=len(line))
            need_number = True
        if i in doc.comments:
            toks.append("{ " + doc.comments[i] + " }")
            need_number = True
        board.push(mv)
    if doc.result_text:
        toks.append(doc.result or doc.result_text)
    _event(log, "residue_tokens", count=sum(1 for t in toks if t.startswith(("{", "(", "$"))))
    body = " ".join(toks)
    if rng.random() < 0.6:
        body = "\n".join(textwrap.wrap(body, 80, break_long_words=False, break_on_hyphens=False))
    head: list[str] = []
    if rng.random() < 0.6:
        hd = doc.headers
        site_url = {
            "lichess": "https://lichess.org/"
            + "".join(
                rng.choice("abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(8)
            ),
            "chesscom": f"https://www.chess.com/game/live/{rng.randint(10**10, 10**11)}",
        }.get(site, hd.get("Site", "?"))
        tags = [
            ("Event", hd.get("Event", "?")),
            ("Site", site_url),
            ("Date", hd.get("Date", "????.??.??")),
            ("White", hd.get("White", "?")),
            ("Black", hd.get("Black", "?")),
            ("Result", doc.result or "*"),
        ]
        if site in ("lichess", "chesscom"):
            tags.append(("TimeControl", f"{base}+{inc}"))
        head = [f'[{k} "{v}"]' for k, v in tags] + [""]
        _event(log, "pgn_tags")
    elif doc.heading:
        head = [*doc.heading, ""]
    return "\n".join([*head, body]) + "\n", log, habits


def _spell_square(sq: str, w: dict[str, Any], spelled: bool) -> str:
    if not spelled:
        return sq
    return f"{w['files'][sq[0]]} {w['ranks'][int(sq[1]) - 1]}"


def move_words(board: chess.Board, move: chess.Move, locale: str, rng: random.Random) -> str:
    w = WORDS[locale]
    spelled = rng.random() < 0.3
    board.push(move)
    mate, check = board.is_checkmate(), board.is_check()
    board.pop()
    if board.is_castling(move):
        long_side = chess.square_file(move.to_square) < chess.square_file(move.from_square)
        core = w["castle"][1 if long_side else 0]
    else:
        piece = board.piece_type_at(move.from_square)
        assert piece is not None
        to = _spell_square(chess.square_name(move.to_square), w, spelled)
        frm = chess.square_name(move.from_square)
        capture = board.is_capture(move)
        others = [
            m
            for m in board.legal_moves
            if m.to_square == move.to_square
            and m.from_square != move.from_square
            and board.piece_type_at(m.from_square) == piece
        ]
        name = w["pieces"][piece]
        if piece == chess.PAWN:
            if capture:
                core = f"{name} {frm[0]} {rng.choice(w['takes'])} {to}"
            else:
                core = f"{name} {to}" if rng.random() < 0.7 else to
        elif others:
            verb = rng.choice(w["takes"]) if capture else w["to"]
            core = f"{name} {w['from']} {_spell_square(frm, w, spelled)} {verb} {to}"
        else:
            core = f"{name} {rng.choice(w['takes'])} {to}" if capture else f"{name} {to}"
        if move.promotion:
            core += f", {w['promo_phrase']} {w['promo'][move.promotion]}"
    if mate:
        core += " " + rng.choice(w["mate"])
    elif check:
        ck = rng.choice(w["check"])
        core += ck if ck.startswith(",") else " " + ck
    return core


def dictation_words(doc: Doc, rng: random.Random) -> Damage:
    log: list[dict[str, Any]] = []
    n = len(doc.moves)
    k = min(n, max(3, round(n * rng.uniform(0.06, 0.18))))
    chosen = set(rng.sample(range(n), k))
    # castling, captures and promotions are the moves people most often dictate in words
    for i, mv in enumerate(doc.moves):
        if mv.promotion:
            chosen.add(i)
    items = [Item(it.kind, it.text, it.ply) for it in doc.items]
    board = chess.Board()
    words_by_ply: dict[int, str] = {}
    for i, mv in enumerate(doc.moves):
        if i in chosen:
            words_by_ply[i] = move_words(board, mv, doc.locale, rng)
        board.push(mv)
    end_dot = rng.random() < 0.4
    for it in items:
        if it.kind == "move" and it.ply in words_by_ply:
            new = words_by_ply[it.ply] + ("," if end_dot and it.ply % 2 == 0 else "")
            _event(log, "spoken", ply=it.ply, old=it.text, new=new)
            it.text = new
    habits = {"spoken_moves": len(chosen), "comma_after_white": end_dot}
    return doc_text(doc, items), log, habits


def scoresheet_columns_rowwise(doc: Doc, rng: random.Random) -> Damage:
    log: list[dict[str, Any]] = []
    nmoves = (len(doc.rendered) + 1) // 2
    options = [r for r in (10, 12, 15, 20, 25, 30) if r < nmoves]
    rows = rng.choice(options) if options else max(4, (nmoves + 1) // 2)
    cols = -(-nmoves // rows)
    joiner = rng.choice(["\t", "   ", " | ", "  ", " "])
    number_form = rng.choice(["1.", "1. ", "1 "])
    cells: list[str] = []
    for n in range(1, nmoves + 1):
        w_ = doc.rendered[2 * n - 2]
        b_ = doc.rendered[2 * n - 1] if 2 * n - 1 < len(doc.rendered) else ""
        cells.append(f"{number_form.replace('1', str(n))}{w_} {b_}".rstrip())
    width = max(len(c) for c in cells)
    pad = joiner != " " and rng.random() < 0.6
    lines = []
    for r in range(rows):
        row = [cells[c * rows + r] for c in range(cols) if c * rows + r < len(cells)]
        if pad:
            row = [c.ljust(width) for c in row[:-1]] + row[-1:]
        lines.append(joiner.join(row).rstrip())
    _event(log, "columns", rows=rows, cols=cols, joiner=joiner)
    if doc.result_text:
        lines.append(doc.result_text)
    habits = {"rows": rows, "cols": cols, "joiner": joiner, "padded": pad}
    head = "\n".join(doc.heading) + "\n\n" if doc.heading else ""
    return head + "\n".join(lines) + "\n", log, habits


PROFILE_FUNCS: dict[str, Callable[[Doc, random.Random], Damage]] = {
    "spreadsheet_export": spreadsheet_export,
    "email_quoted_printable": email_quoted_printable,
    "unicode_lookalikes": unicode_lookalikes,
    "online_export_residue": online_export_residue,
    "dictation_words": dictation_words,
    "scoresheet_columns_rowwise": scoresheet_columns_rowwise,
}


# ------------------------------------------------------------------------------------------------ driver
def game_seed(*parts: object) -> int:
    return int.from_bytes(hashlib.sha256("|".join(map(str, parts)).encode()).digest()[:8], "big")


def profile_for(seed: int, locale: str, index: int) -> str:
    block = index // len(PROFILES)
    order = list(PROFILES)
    random.Random(game_seed(seed, locale, "block", block)).shuffle(order)
    return order[index % len(PROFILES)]


def eligible_games(pgn: Path) -> Iterator[tuple[int, chess.pgn.Game]]:
    index = 0
    with pgn.open(encoding="utf-8", errors="replace") as fh:
        while True:
            game = chess.pgn.read_game(fh)
            if game is None:
                return
            hd = game.headers
            if (
                game.errors
                or "FEN" in hd
                or hd.get("SetUp") == "1"
                or hd.get("Variant", "Standard").lower()
                not in (
                    "standard",
                    "",
                )
            ):
                continue
            if game.board() != chess.Board() or sum(1 for _ in game.mainline_moves()) < 16:
                continue
            yield index, game
            index += 1


def make_record(game: chess.pgn.Game, index: int, args: argparse.Namespace) -> dict[str, Any]:
    rng = random.Random(game_seed(args.seed, args.locale, index))
    doc = build_doc(game, args.locale, args.max_plies, rng)
    profile = args.profile or profile_for(args.seed, args.locale, index)
    clean = doc_text(doc)
    text, log, habits = PROFILE_FUNCS[profile](doc, rng)
    sm = difflib.SequenceMatcher(None, clean, text, autojunk=False)
    changed = sum(max(i2 - i1, j2 - j1) for op, i1, i2, j1, j2 in sm.get_opcodes() if op != "equal")
    style = asdict(doc.style)
    style.pop("english")
    style["comments"] = {str(k): v for k, v in sorted(doc.comments.items())}
    style["plies"] = len(doc.moves)
    return {
        "id": f"{args.locale}-{args.seed}-{index}",
        "locale": args.locale,
        "text": text,
        "san": doc.san,
        "profile": profile,
        "result": doc.result,
        "clean": clean,
        "style": style,
        "damage": {
            "habits": habits,
            "events": len(log),
            "changed_chars": changed,
            "changed_fraction": round(changed / max(1, len(clean)), 4),
            "log": log[:200],
        },
    }


def generate(args: argparse.Namespace) -> Iterator[dict[str, Any]]:
    made = 0
    for index, game in eligible_games(Path(args.pgn)):
        if index < args.skip:
            continue
        if made >= args.games:
            return
        yield make_record(game, index, args)
        made += 1


UNDO_CHARS = {v: k for k, vs in {**HOMOGLYPHS, **PUNCT}.items() for v in vs if len(v) == 1} | {"⁄": "/"}


def undo_damage(profile: str, text: str) -> str | None:
    """Self-check only: a profile-aware repair of a damaged text, for the own reader (None: not checked)."""
    if profile == "unicode_lookalikes":
        text = unicodedata.normalize("NFKC", "".join(UNDO_CHARS.get(c, c) for c in text))
        return "".join(UNDO_CHARS.get(c, c) for c in text)
    if profile == "email_quoted_printable":
        if re.search(r"=[0-9A-F]{2}|=\n", text):
            text = quopri.decodestring(text.encode("ascii")).decode("utf-8")
        return re.sub(r"(?m)^>+ ?", "", text)
    if profile == "online_export_residue":
        return text
    if profile == "spreadsheet_export":
        out = []
        for line in text.lstrip("\ufeff").splitlines():
            cells = [c.strip().strip('"').lstrip("'").strip() for c in re.split(r"[;,\t|]", line)]
            cells = [c for c in cells if c]
            if cells and re.fullmatch(r"\d+(?:[.,]0)?\.?", cells[0]):
                cells[0] = re.sub(r"(?:[.,]0)?\.?$", ".", cells[0])
            out.append(" ".join(c for c in cells if not c.startswith("---")))
        return "\n".join(out)
    if profile == "scoresheet_columns_rowwise":
        body = text.split("\n\n", 1)[-1]
        segs = re.split(r"(?=(?<![\w-])\d+(?:\.|\s))", body)
        nums = [(int(m.group(1)) if (m := re.match(r"(\d+)", seg)) else 0, seg) for seg in segs]
        return " ".join(seg.replace("\n", " ") for _, seg in sorted(nums, key=lambda t: t[0]))
    return None


def self_check(args: argparse.Namespace) -> int:
    games = []
    for index, game in eligible_games(Path(args.pgn)):
        games.append((index, game))
        if len(games) >= 400:
            break
    n_moves = n_docs = 0
    kinds: Counter[str] = Counter()
    for index, game in games:
        board = game.board()
        for mv in list(game.mainline_moves()):
            got = render_move(board, mv, ENGLISH, SAN_STYLE)
            if got != board.san(mv):
                print(f"SAN mismatch game {index}: {got} != {board.san(mv)}", file=sys.stderr)
                return 1
            n_moves += 1
            kinds.update(k for k, c in (("promotion", "="), ("mate", "#")) if c in got)
            if got[0] in "KQRBN" and len(re.sub(r"[x+#]", "", got)) > 3:
                kinds["disambiguation"] += 1
            board.push(mv)
        if index >= 40:
            continue
        for locale in ("sk", "cs", "sr"):
            for k in range(4):
                rng = random.Random(game_seed("self", locale, index, k))
                doc = build_doc(game, locale, args.max_plies, rng)
                back = read_moves(doc_text(doc), locale)
                if back != doc.san:
                    print(f"round-trip failed: game {index} {locale} style {doc.style}", file=sys.stderr)
                    return 1
                n_docs += 1
    n_repaired = 0
    for locale in ("sk", "cs", "sr"):
        for profile in PROFILES:
            a = argparse.Namespace(
                **{**vars(args), "locale": locale, "profile": profile, "games": 12, "skip": 0, "seed": 7}
            )
            r1 = [json.dumps(r, ensure_ascii=False) for r in generate(a)]
            r2 = [json.dumps(r, ensure_ascii=False) for r in generate(a)]
            if r1 != r2 or len(r1) != 12:
                print(f"not deterministic: {locale} {profile}", file=sys.stderr)
                return 1
            for line in r1:
                rec = json.loads(line)
                b = chess.Board()
                for s in rec["san"]:
                    b.push_san(s)
                repaired = undo_damage(profile, rec["text"])
                if repaired is not None:
                    try:
                        ok = read_moves(repaired, locale) == rec["san"]
                    except ValueError as exc:
                        ok = False
                        print(exc, file=sys.stderr)
                    if not ok:
                        print(f"repaired text does not read back: {rec['id']} {profile}", file=sys.stderr)
                        return 1
                    n_repaired += 1
                if rec["text"] == rec["clean"]:
                    print(f"undamaged record: {rec['id']} {profile}", file=sys.stderr)
                    return 1
    summary = {
        "self_check": "ok",
        "san_moves": n_moves,
        "san_kinds": dict(kinds),
        "round_trips": n_docs,
        "repaired": n_repaired,
    }
    print(json.dumps(summary), file=sys.stderr)
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pgn", default=str(DEFAULT_PGN))
    ap.add_argument("--skip", type=int, default=0)
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--locale", choices=("sk", "cs", "sr"), default="sk")
    ap.add_argument("--max-plies", type=int, default=120)
    ap.add_argument("--profile", choices=PROFILES)
    ap.add_argument("-o", "--output")
    ap.add_argument("--self-check", action="store_true")
    args = ap.parse_args(argv)
    if args.self_check:
        return self_check(args)
    t0 = time.time()
    out = open(args.output, "w", encoding="utf-8") if args.output else sys.stdout  # noqa: SIM115
    profiles: Counter[str] = Counter()
    fractions: list[float] = []
    by_profile: dict[str, list[float]] = {}
    plies = 0
    try:
        for rec in generate(args):
            out.write(json.dumps(rec, ensure_ascii=False) + "\n")
            profiles[rec["profile"]] += 1
            fractions.append(rec["damage"]["changed_fraction"])
            by_profile.setdefault(rec["profile"], []).append(rec["damage"]["changed_fraction"])
            plies += len(rec["san"])
    finally:
        if args.output:
            out.close()
    summary = {
        "games": len(fractions),
        "locale": args.locale,
        "seed": args.seed,
        "skip": args.skip,
        "plies": plies,
        "profiles": dict(sorted(profiles.items())),
        "mean_changed_fraction": round(sum(fractions) / max(1, len(fractions)), 4),
        "changed_fraction_by_profile": {k: round(sum(v) / len(v), 3) for k, v in sorted(by_profile.items())},
        "seconds": round(time.time() - t0, 2),
    }
    print(json.dumps(summary, ensure_ascii=False), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
