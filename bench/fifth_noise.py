"""Generate damaged Slovak, Czech and Serbian chess-game texts with the true game alongside.

Each eligible game of a PGN file (standard start, no variant, at least 16 plies, cut at --max-plies) is
rendered in a document style drawn per game -- short or long algebraic notation with the locale's piece
letters (Slovak and Czech K D V S J, Serbian K D T L S), capture, check and mate marks, move-number forms,
running paragraphs, one pair per line, tab columns, numbered tables or a narrow hyphenated newspaper column,
a heading in the locale's language, comments (some naming another move), evaluation marks and a written
result -- and then damaged by ONE profile at a rate of 0.5-4 % of characters drawn per game:

  old_book_ocr                   worn book page: serif confusions weighted by the word around them
                                 (rn/m, cl/d, li/h, 1/l/I/|, 0/O/D, 5/S, 8/B/3, 6/b/G, e/c/o, g/9/q ...),
                                 broken glyphs split by spaces, merged neighbours, specks, lost dots after
                                 move numbers, a lost word, a page number or running head inside the text.
  fax_or_low_res_scan            thin strokes lost (: -> ., - lost, x/+ damaged), small letters collapsing
                                 (e/c/o/a), digit pairs 3/8 1/7 4/A 5/6, a line doubled or lost at a page break.
  careless_club_typist           QWERTZ/QWERTY neighbour keys, doubled, dropped or swapped keys, caps-lock
                                 stretches, missing or extra spaces, English piece letters for a move or two,
                                 forgotten capture or check marks, move numbers off by one.
  speech_to_text_or_autocorrect  "Jf3." and "Jf 3", capitals after a full stop, castling as 0-0 with
                                 typographic dashes or 00, typographic quotes, dashes, ellipses and halves.

Output is JSON Lines, one object per game: id, locale, text (damaged), san (python-chess SAN of the rendered
main line), result ("1-0", "0-1", "1/2-1/2", or null when the text does not state one), profile, and style
(everything drawn, including the damage rate and the operations applied). A one-line JSON summary goes to
stderr. Output is deterministic for given arguments.

Examples:
  .venv/bin/python bench/fifth_noise.py --locale sk --games 30 --seed 101 -o /tmp/fifth/sk.jsonl
  .venv/bin/python bench/fifth_noise.py --locale sr --games 30 --seed 203 --skip 500
  .venv/bin/python bench/fifth_noise.py --self-check      # undamaged rendering round-trips to SAN
"""

from __future__ import annotations

import argparse
import json
import math
import random
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from functools import partial
from pathlib import Path
from typing import Any

import chess
import chess.pgn

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PGN = "../shared/data/pgn/shakmaty/twic1599_1000k.pgn"
PROFILES = ("old_book_ocr", "fax_or_low_res_scan", "careless_club_typist", "speech_to_text_or_autocorrect")
ENGLISH = {chess.KING: "K", chess.QUEEN: "Q", chess.ROOK: "R", chess.BISHOP: "B", chess.KNIGHT: "N"}
OPENING_KEYS = (("e4 e5 Nf3 Nc6 Bb5", "ruy"), ("e4 e5 Nf3 Nc6 Bc4", "italian"), ("e4 c5", "sicilian"),
                ("e4 e6", "french"), ("e4 c6", "caro"), ("d4 Nf6 c4 g6", "kid"), ("d4 d5 c4", "qgd"),
                ("c4", "english"))  # fmt: skip


# ---------------------------------------------------------------------------------------------------- locales
@dataclass(frozen=True)
class Locale:
    code: str
    letters: str  # king, queen, rook, bishop, knight
    white: str
    black: str
    game_no: str
    draw_word: str
    resigned: tuple[str, str]  # (Black resigned, White resigned)
    comments: tuple[str, ...]
    alt_comments: tuple[str, ...]  # "{m}" is another legal move
    events: tuple[str, ...]
    places: tuple[str, ...]
    running_heads: tuple[str, ...]
    openings: dict[str, str]

    @property
    def pieces(self) -> dict[int, str]:
        kinds = (chess.KING, chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT)
        return dict(zip(kinds, self.letters, strict=True))

    @property
    def back(self) -> dict[str, str]:
        return {self.pieces[k]: ENGLISH[k] for k in ENGLISH}


LOCALES: dict[str, Locale] = {
    "sk": Locale(
        "sk", "KDVSJ", "Biely", "Čierny", "Partia č.", "remíza", ("Čierny sa vzdal.", "Biely sa vzdal."),
        ("Biely stojí lepšie", "Čierny stráca pešiaka", "Biely má iniciatívu", "Rozhodujúca chyba",
         "Silný ťah", "Jediný ťah", "Pozícia je vyrovnaná", "Čierny je v časovej tiesni",
         "Typický manéver v tejto štruktúre", "Biely obetuje pešiaka", "Čierny sa presne bráni",
         "Hrozí mat", 'Takzvaný "jedovatý pešiak"', "Teraz sa začína rozhodujúci útok"),
        ("Lepšie bolo {m}", "Presnejšie bolo {m}", "Za úvahu stálo {m}"),
        ("Majstrovstvá Slovenska", "Slovenská extraliga", "Medzinárodný otvorený turnaj",
         "Majstrovstvá Európy družstiev", 'Turnaj "Tatranský pohár"'),
        ("Bratislava", "Košice", "Žilina", "Banská Bystrica", "Trnava", "Nitra", "Piešťany"),
        ("VYBRANÉ PARTIE", "ŠACHOVÉ OTVORENIA", "Kapitola 3. Stredná hra"),
        {"ruy": "Španielska hra", "italian": "Talianska hra", "sicilian": "Sicílska obrana",
         "french": "Francúzska obrana", "caro": "Obrana Caro-Kann", "kid": "Kráľovská indická obrana",
         "qgd": "Dámsky gambit", "english": "Anglické otvorenie"},
    ),
    "cs": Locale(
        "cs", "KDVSJ", "Bílý", "Černý", "Partie č.", "remis", ("Černý se vzdal.", "Bílý se vzdal."),
        ("Bílý stojí lépe", "Černý ztrácí pěšce", "Bílý má iniciativu", "Rozhodující chyba", "Silný tah",
         "Jediný tah", "Pozice je vyrovnaná", "Černý je v časové tísni", "Typický manévr v této struktuře",
         "Bílý obětuje pěšce", "Černý se přesně brání", "Hrozí mat", 'Takzvaný "otrávený pěšec"',
         "Nyní začíná rozhodující útok"),
        ("Lepší bylo {m}", "Přesnější bylo {m}", "Za úvahu stálo {m}"),
        ("Mistrovství České republiky", "Česká extraliga", "Mezinárodní otevřený turnaj",
         "Mistrovství Evropy družstev", 'Turnaj "Pražské jaro"'),
        ("Praha", "Brno", "Ostrava", "Olomouc", "Pardubice", "Plzeň", "Liberec"),
        ("VYBRANÉ PARTIE", "ŠACHOVÁ ZAHÁJENÍ", "Kapitola 3. Střední hra"),
        {"ruy": "Španělská hra", "italian": "Italská hra", "sicilian": "Sicilská obrana",
         "french": "Francouzská obrana", "caro": "Obrana Caro-Kann", "kid": "Královská indická obrana",
         "qgd": "Dámský gambit", "english": "Anglická hra"},
    ),
    "sr": Locale(
        "sr", "KDTLS", "Beli", "Crni", "Partija br.", "remi", ("Crni je predao.", "Beli je predao."),
        ("Beli ima inicijativu", "Crni gubi pešaka", "Beli stoji bolje", "Odlučujuća greška", "Jak potez",
         "Jedini potez", "Pozicija je izjednačena", "Crni je u cajtnotu", "Tipičan manevar u ovoj strukturi",
         "Beli žrtvuje pešaka", "Crni se precizno brani", "Preti mat", 'Takozvani "otrovni pešak"',
         "Sada počinje odlučujući napad"),
        ("Bolje je bilo {m}", "Tačnije je bilo {m}", "U obzir je dolazilo {m}"),
        ("Prvenstvo Srbije", "Prva liga Srbije", "Međunarodni otvoreni turnir", "Evropsko ekipno prvenstvo",
         'Turnir "Beogradska zima"'),
        ("Beograd", "Novi Sad", "Niš", "Kragujevac", "Subotica", "Vrnjačka Banja", "Čačak"),
        ("IZABRANE PARTIJE", "ŠAHOVSKA OTVARANJA", "Glava 3. Središnjica"),
        {"ruy": "Španska partija", "italian": "Italijanska partija", "sicilian": "Sicilijanska odbrana",
         "french": "Francuska odbrana", "caro": "Karo-Kan odbrana", "kid": "Kraljeva indijska odbrana",
         "qgd": "Damin gambit", "english": "Engleska partija"},
    ),
}  # fmt: skip


# ---------------------------------------------------------------------------------------------------- style
@dataclass
class Style:
    form: str = "short"  # short | long
    capture: str = "x"  # x : × or ""
    check: str = "+"  # + or ""
    mate: str = "#"  # "#", "++", " mat"
    castle: str = "O-O"  # 0-0 | O-O
    promo: str = "="  # "=" or ""
    number: str = "1."  # "1." "1 ." "1)" "1 "
    gap: str = " "  # between move number and move
    cont: str = "..."  # "..." ". ..." "…"
    layout: str = "paragraph"  # paragraph pairs columns table newspaper
    width: int = 0  # wrap width, 0: no wrapping
    heading: str = "dash"  # none dash labels
    dash: str = " – "
    brace: str = "()"
    comment_stop: bool = False
    n_comments: int = 0
    mark_rate: float = 0.0
    pos_eval_rate: float = 0.0
    result: str = "symbol"  # symbol colon word sentence none
    ascii: bool = False
    keyboard: str = ""


CANONICAL = Style()


def draw_style(rng: random.Random, profile: str, loc: Locale) -> Style:
    """A document style; typed profiles start from plain ASCII, printed ones favour book conventions."""
    typed = profile in ("careless_club_typist", "speech_to_text_or_autocorrect")
    book = profile == "old_book_ocr"
    st = Style(ascii=typed)
    st.form = "long" if rng.random() < (0.45 if book else 0.15 if typed else 0.3) else "short"
    marks = ["x", ":", ""] if typed else ["x", ":", "×", ""]
    st.capture = rng.choices(marks, weights=[5, 3, 1] if typed else [4, 4, 3, 1])[0]
    st.check = "+" if rng.random() < 0.85 else ""
    st.mate = rng.choice(["#", "++", " mat"])
    st.castle = rng.choice(["0-0", "O-O"])
    st.promo = rng.choice(["=", ""])
    st.number = rng.choices(["1.", "1 .", "1)", "1 "], weights=[8, 1, 2, 1])[0]
    st.gap = " " if st.number == "1 " else rng.choice(["", " "])
    st.cont = rng.choice(["...", ". ..."] if typed else ["...", ". ...", "…"])
    st.layout = rng.choices(
        ["paragraph", "pairs", "columns", "table", "newspaper"], weights=[4, 3, 2, 3 if book else 1, 2]
    )[0]
    if st.layout == "paragraph":
        st.width = rng.choice([0, 0, rng.randint(55, 90)])
    elif st.layout == "newspaper":
        st.width = rng.randint(24, 34)
    elif st.layout == "table":
        st.width = rng.randint(2, 6)  # padding between the columns
    st.heading = rng.choices(["none", "dash", "labels"], weights=[1, 5, 2])[0]
    st.dash = " - " if typed else rng.choice([" – ", " - ", " — "])
    st.brace = rng.choice(["()", "()", "{}"])
    st.comment_stop = rng.random() < 0.4
    st.n_comments = rng.choice([0, 1, 2, 2, 3, 4])
    st.mark_rate = rng.choice([0.0, 0.03, 0.06])
    st.pos_eval_rate = rng.choice([0.0, 0.0, 0.02])
    st.result = rng.choices(["symbol", "colon", "word", "sentence", "none"], weights=[5, 3, 2, 2, 2])[0]
    if profile == "careless_club_typist":
        st.keyboard = "qwertz" if rng.random() < 0.75 else "qwerty"
    return st


# ---------------------------------------------------------------------------------------------------- moves
def render_move(board: chess.Board, move: chess.Move, loc: Locale, st: Style) -> tuple[str, str]:
    """(core, suffix) of one move in the style; board is the position before it and is left unchanged."""
    if board.is_castling(move):
        core = st.castle + (st.castle[1:] if chess.square_file(move.to_square) < 4 else "")
    else:
        piece = board.piece_type_at(move.from_square)
        assert piece is not None
        letter = "" if piece == chess.PAWN else loc.pieces[piece]
        capture = board.is_capture(move)
        to = chess.square_name(move.to_square)
        if st.form == "long":
            mark = st.capture if capture and st.capture else "-"
            core = letter + chess.square_name(move.from_square) + mark + to
        elif piece == chess.PAWN:
            source = chess.FILE_NAMES[chess.square_file(move.from_square)]
            core = (source + st.capture if capture else "") + to
        else:
            core = letter + _disambiguation(board, move, piece) + (st.capture if capture else "") + to
        if move.promotion:
            core += st.promo + loc.pieces[move.promotion]
    board.push(move)
    suffix = st.mate if board.is_checkmate() else st.check if board.is_check() else ""
    board.pop()
    return core, suffix


def _disambiguation(board: chess.Board, move: chess.Move, piece: int) -> str:
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
    if all(chess.square_file(s) != file for s in rivals):
        return chess.FILE_NAMES[file]
    if all(chess.square_rank(s) != rank for s in rivals):
        return chess.RANK_NAMES[rank]
    return chess.square_name(move.from_square)


def to_english(token: str, loc: Locale) -> str:
    """Map a rendered (undamaged) move back to English SAN-like text that python-chess can parse."""
    t = re.sub(r"[!?]+$", "", token.strip())
    t = t.replace(" mat", "#").replace("++", "#").replace("×", "x").replace(":", "x")
    if t[:3] in ("0-0", "O-O"):
        return t.replace("0", "O")
    back = loc.back
    if t and t[0] in back:
        t = back[t[0]] + t[1:]
    return re.sub(r"([18])(=?)([A-Z])", lambda m: m[1] + m[2] + back.get(m[3], m[3]), t)


@dataclass
class Ply:
    number: int
    white: bool
    core: str
    suffix: str
    san: str
    piece: bool
    castle: bool
    mark: str = ""
    comment: str | None = None
    pos_eval: str | None = None
    shift: int = 0

    @property
    def token(self) -> str:
        return self.core + self.suffix + self.mark


def build_plies(moves: list[chess.Move], loc: Locale, st: Style, rng: random.Random) -> list[Ply]:
    board = chess.Board()
    plies: list[Ply] = []
    commented = set(rng.sample(range(4, len(moves)), min(st.n_comments, max(0, len(moves) - 4))))
    evals = ["+-", "=", "-+"] if st.ascii else ["+-", "=", "±", "∓", "-+"]
    for i, move in enumerate(moves):
        core, suffix = render_move(board, move, loc, st)
        white, san, castle = board.turn == chess.WHITE, board.san(move), board.is_castling(move)
        ply = Ply(board.fullmove_number, white, core, suffix, san, core[:1] in loc.letters, castle)
        if rng.random() < st.mark_rate:
            ply.mark = rng.choices(["!", "?", "!?", "?!"], weights=[4, 3, 2, 2])[0]
        if rng.random() < st.pos_eval_rate:
            ply.pos_eval = rng.choice(evals)
        if i in commented:
            ply.comment = _comment(board, move, loc, st, rng)
        plies.append(ply)
        board.push(move)
    return plies


def _comment(board: chess.Board, move: chess.Move, loc: Locale, st: Style, rng: random.Random) -> str:
    others = [m for m in board.legal_moves if m != move]
    if others and rng.random() < 0.3:
        alt = rng.choice(others)
        text = rng.choice(loc.alt_comments).format(m="".join(render_move(board, alt, loc, st)))
    else:
        text = rng.choice(loc.comments)
    if st.comment_stop:
        text += "."
    return st.brace[0] + text + st.brace[1]


# ---------------------------------------------------------------------------------------------------- layout
def number_label(n: int, st: Style, cont: bool = False) -> str:
    if cont:
        return {"...": f"{n}...", ". ...": f"{n}. ...", "…": f"{n}…"}[st.cont]
    return {"1.": f"{n}.", "1 .": f"{n} .", "1)": f"{n})", "1 ": f"{n}"}[st.number]


def result_text(result: str | None, st: Style, loc: Locale) -> str | None:
    if result is None or st.result == "none":
        return None
    if result == "1/2-1/2":
        half = "1/2" if st.ascii else "½"
        return {"symbol": f"{half}-{half}", "colon": f"{half}:{half}", "word": loc.draw_word}.get(
            st.result, loc.draw_word.capitalize() + "."
        )
    if st.result == "colon":
        return result.replace("-", ":")
    if st.result == "sentence":
        return loc.resigned[0] if result == "1-0" else loc.resigned[1]
    return result


def heading_lines(
    headers: chess.pgn.Headers, first_sans: str, loc: Locale, st: Style, rng: random.Random
) -> list[str]:
    if st.heading == "none":
        return []
    names = [headers.get(k, "?").split(",")[0].strip() for k in ("White", "Black")]
    lines: list[str] = []
    if rng.random() < 0.25:
        lines.append(f"{loc.game_no} {rng.randint(1, 120)}")
    if "?" not in names and all(names):
        if st.heading == "dash":
            lines.append(names[0] + st.dash + names[1])
        else:
            lines += [f"{loc.white}: {names[0]}", f"{loc.black}: {names[1]}"]
    year = headers.get("Date", "?")[:4]
    year = year if year.isdigit() else str(rng.randint(1955, 2024))
    event = f"{rng.choice(loc.events)}, {rng.choice(loc.places)} {year}"
    rnd = headers.get("Round", "?").split(".")[0]
    if rnd.isdigit() and rng.random() < 0.4:
        event += f", {rnd}. kolo"
    lines.append(event)
    opening = next((key for prefix, key in OPENING_KEYS if first_sans.startswith(prefix + " ")), None)
    if opening and rng.random() < 0.5:
        lines.append(loc.openings[opening])
    elif headers.get("ECO") and rng.random() < 0.2:
        lines.append(headers["ECO"])
    return lines


def flow_words(plies: list[Ply], st: Style, line_per_pair: bool) -> list[str]:
    """Words of a running text; "\\n" marks a forced line break."""
    words: list[str] = []
    need_cont = False
    for p in plies:
        if p.white or need_cont:
            label = number_label(p.number + p.shift, st, cont=not p.white)
            gap = " " if label.endswith(" .") else st.gap
            words += (label + gap + p.token).split(" ") if gap else [label + p.token]
        else:
            words.append(p.token)
        need_cont = False
        if p.pos_eval:
            words.append(p.pos_eval)
        if p.comment:
            words += p.comment.split(" ")
            need_cont = p.white
        if line_per_pair and not p.white:
            words.append("\n")
    return words


def _hyphen_cut(word: str, room: int) -> int:
    """Where to break a word at a line end (0: do not); moves break only after a hyphen they contain."""
    if len(word) >= 5 and "-" in word[1:-1]:
        limit = min(len(word) - 1, room)
        return word.rindex("-", 0, limit) + 1 if "-" in word[1:limit] else 0
    core = word.strip('(){}.,"„“')
    if len(core) < 6 or not core.isalpha():
        return 0
    for cut in range(min(room - 1, len(word) - 3), 2, -1):
        if word[cut - 1].isalpha() and word[cut].isalpha() and len(word[:cut].lstrip('({"„')) >= 2:
            return cut
    return 0


def wrap(words: list[str], width: int, hyphenate: bool) -> str:
    lines: list[str] = []
    cur = ""
    for w in words:
        if w == "\n":
            lines.append(cur)
            cur = ""
        elif not cur:
            cur = w
        elif width <= 0 or len(cur) + 1 + len(w) <= width:
            cur += " " + w
        else:
            cut = _hyphen_cut(w, width - len(cur) - 1) if hyphenate else 0
            if cut:
                head = w[:cut] if w[cut - 1] == "-" else w[:cut] + "-"
                lines.append(cur + " " + head)
                cur = w[cut:]
            else:
                lines.append(cur)
                cur = w
    if cur:
        lines.append(cur)
    return "\n".join(lines)


def layout(plies: list[Ply], heading: list[str], result: str | None, st: Style) -> str:
    if st.layout in ("paragraph", "newspaper", "pairs"):
        words = flow_words(plies, st, st.layout == "pairs")
        if result:
            words += (["\n"] if st.layout == "pairs" and words[-1] != "\n" else []) + result.split(" ")
        body = wrap(words, st.width, st.layout == "newspaper")
    else:
        rows: list[str] = []
        cw = max(len(p.token) + (len(p.pos_eval) + 1 if p.pos_eval else 0) for p in plies) + st.width
        for i in range(0, len(plies), 2):
            pair = plies[i : i + 2]
            cells = [p.token + (" " + p.pos_eval if p.pos_eval else "") for p in pair]
            label = number_label(pair[0].number + pair[0].shift, st)
            if st.layout == "table":
                rows.append(f"{label:>4} " + (cells[0].ljust(cw) + cells[1] if len(cells) > 1 else cells[0]))
            else:
                rows.append(label + ("\t" if st.gap else "") + "\t".join(cells))
            rows += ["     " + p.comment for p in pair if p.comment]
        if result:
            rows.append(result)
        body = "\n".join(rows)
    return "\n".join(heading) + ("\n\n" if heading else "") + body


# ---------------------------------------------------------------------------------------------------- damage
CharOp = Callable[[str, random.Random], "str | None"]


def _choose(rng: random.Random, text: str, pattern: str | re.Pattern[str]) -> re.Match[str] | None:
    found = list(re.finditer(pattern, text))
    return rng.choice(found) if found else None


def _splice(text: str, m: re.Match[str], new: str) -> str:
    return text[: m.start()] + new + text[m.end() :]


def _sub_one(pattern: str, repl: Callable[[re.Match[str], random.Random], str]) -> CharOp:
    def op(text: str, rng: random.Random) -> str | None:
        m = _choose(rng, text, pattern)
        return _splice(text, m, repl(m, rng)) if m else None

    return op


def _from_table(table: dict[str, list[tuple[str, float]]], bias: bool) -> CharOp:
    """Replace one occurrence of a key; with bias, an OCR engine with a lexicon reads a glyph as a letter
    inside words and as a digit among digits."""
    pattern = re.compile("|".join(sorted(map(re.escape, table), key=len, reverse=True)))

    def op(text: str, rng: random.Random) -> str | None:
        cands: list[tuple[re.Match[str], str]] = []
        weights: list[float] = []
        for m in pattern.finditer(text):
            kind = _word_class(text, m) if bias else ""
            for new, w in table[m[0]]:
                cands.append((m, new))
                weights.append(w * (3.0 if kind and getattr(new, "is" + kind)() else 1.0))
        if not cands:
            return None
        m, new = rng.choices(cands, weights=weights)[0]
        return _splice(text, m, new)

    return op


def _word_class(text: str, m: re.Match[str]) -> str:
    """Whether the rest of the word around a match is mostly letters or mostly digits."""
    word = (
        re.split(r"\s", text[max(0, m.start() - 12) : m.start()])[-1]
        + re.split(r"\s", text[m.end() : m.end() + 12])[0]
    )
    letters, digits = sum(c.isalpha() for c in word), sum(c.isdigit() for c in word)
    return "alpha" if letters > digits else "digit" if digits > letters else ""


SERIF: dict[str, list[tuple[str, float]]] = {
    "rn": [("m", 2)], "m": [("rn", 1.5), ("in", 0.5)], "cl": [("d", 2)], "d": [("cl", 1)], "li": [("h", 1.5)],
    "h": [("li", 1), ("b", 0.5)], "ri": [("n", 0.7)], "1": [("l", 2), ("I", 1.5), ("|", 1), ("!", 0.4)],
    "l": [("1", 1.5), ("I", 1), ("|", 0.5)], "I": [("1", 1), ("l", 1)], "!": [("1", 0.6), ("l", 0.6)],
    "0": [("O", 2), ("o", 1), ("D", 0.7)], "O": [("0", 2), ("D", 0.5)], "o": [("0", 0.8), ("e", 0.6)],
    "D": [("0", 0.6), ("O", 0.6)], "5": [("S", 1.5), ("s", 0.8)], "S": [("5", 1.5)], "s": [("5", 0.5)],
    "8": [("B", 1.5), ("3", 1.5)], "B": [("8", 1)], "3": [("8", 1), ("5", 0.3)], "6": [("b", 1), ("G", 1)],
    "b": [("6", 1), ("h", 0.4)], "G": [("6", 0.7)], "e": [("c", 2), ("o", 1)], "c": [("e", 1.5), ("o", 0.3)],
    "g": [("9", 1), ("q", 1)], "9": [("g", 1)], "q": [("g", 0.7)], "t": [("f", 1)], "f": [("t", 1)],
    "i": [("j", 0.7), ("l", 0.5)], "j": [("i", 0.7)], "u": [("n", 1)], "n": [("u", 1)],
    "½": [("V2", 1), ("Vi", 1), ("%", 0.5)], ":": [(".", 0.5), ("i", 0.3)], "×": [("X", 0.6), ("x", 0.6)],
}  # fmt: skip
GLYPH_SPLIT = {"m": "r n", "d": "c l", "h": "l i", "w": "v v", "D": "I)", "n": "r i"}
STROKES: dict[str, list[tuple[str, float]]] = {
    ":": [(".", 3), ("", 0.5)], "-": [("", 3), (".", 0.3)], "×": [("x", 2), ("", 1)], "–": [("-", 1), ("", 1)],
    "—": [("-", 1)], "+": [("|", 1), ("t", 1), ("", 1), ("-", 0.5)], "#": [("+", 1), ("H", 1)],
    "=": [("-", 1), ("", 0.5)], "½": [("%", 1), ("V2", 1), ("1/2", 0.5)], "±": [("+", 1), ("+-", 1)],
    "∓": [("-+", 1), ("+", 1)], "…": [("..", 1), (".", 1)], "!": [("l", 0.5), ("i", 0.5)], "?": [("7", 0.4)],
    "f": [("t", 0.3)], "i": [("l", 1), ("ı", 0.3)], "j": [("J", 0.3)], ".": [("", 1), (",", 0.7)],
}  # fmt: skip
COLLAPSE: dict[str, list[tuple[str, float]]] = {
    "e": [("c", 3), ("o", 1)], "c": [("e", 1), ("o", 1)], "o": [("c", 1), ("a", 1), ("e", 1)],
    "a": [("o", 2), ("e", 1)], "rn": [("m", 1)], "h": [("b", 1)], "b": [("h", 0.7)], "n": [("r", 0.4)],
}  # fmt: skip
DIGITS: dict[str, list[tuple[str, float]]] = {
    "3": [("8", 3)], "8": [("3", 2), ("B", 0.5)], "1": [("7", 2)], "7": [("1", 2)], "4": [("A", 2)],
    "5": [("6", 2)], "6": [("5", 1.5), ("8", 0.5)],
}  # fmt: skip


def op_glyph_split(text: str, rng: random.Random) -> str | None:
    if rng.random() < 0.4 and (m := _choose(rng, text, "|".join(GLYPH_SPLIT))):
        return _splice(text, m, GLYPH_SPLIT[m[0]])
    m = _choose(rng, text, r"(?<=\S)(?=\S)")
    return _splice(text, m, " ") if m else None


def op_page_break(text: str, rng: random.Random, loc: Locale) -> str | None:
    page = rng.randint(12, 380)
    stuff = rng.choice([f"{page}", f"— {page} —", f"- {page} -", f"{rng.choice(loc.running_heads)}   {page}"])
    if rng.random() < 0.4:
        stuff = f"{page}\n\n{rng.choice(loc.running_heads)}"
    m = _choose(rng, text[len(text) // 5 :], r"\n") or _choose(rng, text[len(text) // 5 :], r" ")
    if not m:
        return None
    at = len(text) // 5 + m.start()
    return text[:at] + f"\n\n{stuff}\n\n" + text[at + 1 :]


def op_lost_word(text: str, rng: random.Random) -> str | None:
    m = _choose(rng, text, r"(?<=[ \t])\S+[ \t]")
    return _splice(text, m, "") if m else None


def op_line(text: str, rng: random.Random, double: bool) -> str | None:
    lines = text.split("\n")
    cands = [i for i, line in enumerate(lines) if i > 0 and line.strip()]
    if len(cands) < 3:
        return None
    i = rng.choice(cands[1:])
    lines[i : i + 1] = [lines[i], lines[i]] if double else []
    return "\n".join(lines)


def _keyboard(rows: tuple[str, ...]) -> dict[str, str]:
    offsets = (0.0, 0.5, 0.75, 1.25)
    pos = {ch: (col + offsets[r], float(r)) for r, row in enumerate(rows) for col, ch in enumerate(row)}
    return {
        a: "".join(b for b, q in pos.items() if b != a and math.dist(p, q) <= 1.2) for a, p in pos.items()
    }


KEYBOARDS = {
    "qwertz": _keyboard(("1234567890", "qwertzuiop", "asdfghjkl", "yxcvbnm")),
    "qwerty": _keyboard(("1234567890", "qwertyuiop", "asdfghjkl", "zxcvbnm")),
}


def op_neighbour(text: str, rng: random.Random, keyboard: str) -> str | None:
    keys = KEYBOARDS[keyboard]
    m = _choose(rng, text, r"[A-Za-z0-9]")
    if not m:
        return None
    new = rng.choice(keys[m[0].lower()])
    return _splice(text, m, new.upper() if m[0].isupper() else new)


def op_caps(text: str, rng: random.Random) -> str | None:
    m = _choose(rng, text, r"(?<!\S)\S")
    if not m:
        return None
    end = m.start() + rng.randint(6, 16)
    stretch = text[m.start() : end]
    return text[: m.start()] + (stretch.upper() if rng.random() < 0.7 else stretch.swapcase()) + text[end:]


def op_capitalise(text: str, rng: random.Random) -> str | None:
    m = _choose(rng, text, r"(?m)(?:(?<=[.!?] )|^)[a-zčšžćđ]")
    return _splice(text, m, m[0].upper()) if m else None


def _replace_all(old: str, new: str) -> CharOp:
    def op(text: str, rng: random.Random) -> str | None:
        return text.replace(old, new) if old in text else None

    return op


def op_quotes(text: str, rng: random.Random) -> str | None:
    if '"' not in text:
        return None
    pair = rng.choice(["„“", "“”", "»«"])
    parts = text.split('"')
    return "".join(p + (pair[i % 2] if i < len(parts) - 1 else "") for i, p in enumerate(parts))


def op_dashes(text: str, rng: random.Random) -> str | None:
    new = re.sub(r"(?<=\S) - (?=\S)", " – ", text)
    new = re.sub(r"(?<=\d)-(?=\d\b)", "–", new) if rng.random() < 0.5 else new  # results such as 1-0
    return new if new != text else None


# Token operations act on the plies before layout; they return False when nothing fits.
TokenOp = Callable[[list[Ply], Style, Locale, random.Random], bool]


def tok_english(plies: list[Ply], st: Style, loc: Locale, rng: random.Random) -> bool:
    kinds = {letter: kind for kind, letter in loc.pieces.items() if kind != chess.KING}
    cands = [i for i, p in enumerate(plies) if p.core[:1] in kinds]
    if not cands:
        return False
    first = rng.choice(cands)
    for i in [first] + ([first + 2] if rng.random() < 0.5 and first + 2 in cands else []):
        plies[i].core = ENGLISH[kinds[plies[i].core[0]]] + plies[i].core[1:]
    return True


def _token_op(select: Callable[[Ply], bool], change: Callable[[Ply, random.Random], None]) -> TokenOp:
    def op(plies: list[Ply], st: Style, loc: Locale, rng: random.Random) -> bool:
        cands = [p for p in plies if select(p)]
        if cands:
            change(rng.choice(cands), rng)
        return bool(cands)

    return op


def _castle_variant(p: Ply, rng: random.Random) -> None:
    form = rng.choice(["0–0", "0—0", "O-O", "00"])
    p.core = form + (form[1:] if p.core.count(p.core[0]) == 3 else "")


def profile_ops(
    profile: str, st: Style, loc: Locale
) -> tuple[dict[str, tuple[float, TokenOp]], dict[str, tuple[float, CharOp]]]:
    """The profile's token operations and character operations: name -> (weight, operation)."""

    def no_capture(p: Ply, rng: random.Random) -> None:
        p.core = p.core.replace(st.capture, "-" if st.form == "long" and rng.random() < 0.7 else "", 1)

    def renumber(p: Ply, rng: random.Random) -> None:
        p.shift = rng.choice([-1, 1])

    def trailing_dot(p: Ply, rng: random.Random) -> None:
        p.core = p.core.rstrip(".") + "."

    def split_rank(p: Ply, rng: random.Random) -> None:
        p.core = p.core[:-1] + " " + p.core[-1]

    merge = _sub_one(r"(?<=\S) (?=\S)", lambda m, r: "")
    if profile == "old_book_ocr":
        return {}, {
            "serif": (45, _from_table(SERIF, bias=True)),
            "glyph_split": (8, op_glyph_split),
            "merge": (8, merge),
            "speck": (12, _sub_one(r"(?<=\S)(?=[\S ])", lambda m, r: r.choice([".", "'", ",", "·", "`"]))),
            "lost_dot": (8, _sub_one(r"(?<=\d)\.(?!\.)", lambda m, r: "")),
        }
    if profile == "fax_or_low_res_scan":
        return {}, {
            "thin_stroke": (25, _from_table(STROKES, bias=False)),
            "collapse": (25, _from_table(COLLAPSE, bias=False)),
            "digit": (20, _from_table(DIGITS, bias=False)),
            "merge": (5, merge),
        }
    if profile == "careless_club_typist":
        return {
            "english_letters": (3, tok_english),
            "no_capture": (6, _token_op(lambda p: bool(st.capture) and st.capture in p.core, no_capture)),
            "no_check": (6, _token_op(lambda p: bool(p.suffix), lambda p, r: setattr(p, "suffix", ""))),
            "move_number": (3, _token_op(lambda p: p.white and p.number > 2, renumber)),
        }, {
            "neighbour": (25, lambda s, r: op_neighbour(s, r, st.keyboard)),
            "double": (12, _sub_one(r"[^\s]", lambda m, r: m[0] * 2)),
            "drop": (14, _sub_one(r"[^\s]", lambda m, r: "")),
            "transpose": (10, _sub_one(r"[^\s][^\s]", lambda m, r: m[0][::-1])),
            "caps_lock": (3, op_caps),
            "missing_space": (12, merge),
            "extra_space": (6, _sub_one(r"(?<=\b[KDVSJTL])(?=[a-h][1-8x:])", lambda m, r: " ")),
        }
    return {
        "trailing_dot": (20, _token_op(lambda p: p.piece and not (p.suffix or p.mark), trailing_dot)),
        "split_rank": (12, _token_op(lambda p: p.piece and p.core[-1:].isdigit(), split_rank)),
        "castling": (10, _token_op(lambda p: p.castle, _castle_variant)),
    }, {
        "capitalise": (25, op_capitalise),
        "space_after_period": (8, _sub_one(r"(?<=\d\.)(?=[A-Za-z])", lambda m, r: " ")),
        "quotes": (5, op_quotes),
        "dashes": (5, op_dashes),
        "ellipsis": (8, _replace_all("...", "…")),
        "half": (4, _replace_all("1/2", "½")),
    }


def damage(
    profile: str, plies: list[Ply], render: Callable[[], str], st: Style, loc: Locale, rng: random.Random
) -> tuple[str, dict[str, object]]:
    """Apply one profile to the plies (token operations) and to the rendered text (character operations)."""
    rate = rng.uniform(0.005, 0.04)
    events = max(1, round(rate * len(render())))
    tokens, chars = profile_ops(profile, st, loc)
    weights = {n: w for n, (w, _) in tokens.items()} | {n: w for n, (w, _) in chars.items()}
    char_names, char_weights = list(chars), [w for w, _ in chars.values()]
    ops: Counter[str] = Counter()
    queue: list[str] = []
    for name in rng.choices(list(weights), weights=list(weights.values()), k=events):
        if name in chars:
            queue.append(name)
        elif tokens[name][1](plies, st, loc, rng):
            ops[name] += 1
        else:  # nothing to act on: a character operation instead
            queue.append(rng.choices(char_names, weights=char_weights)[0])
    text = render()
    for name in queue:
        for candidate in [name, *rng.choices(char_names, weights=char_weights, k=5)]:
            if (new := chars[candidate][1](text, rng)) is not None:
                text = new
                ops[candidate] += 1
                break
    extras: list[tuple[str, float, Callable[[str], str | None]]] = []
    if profile == "old_book_ocr":
        extras = [
            ("page_break", 0.4, lambda s: op_page_break(s, rng, loc)),
            ("lost_word", 0.25, lambda s: op_lost_word(s, rng)),
        ]
    elif profile == "fax_or_low_res_scan":
        extras = [
            ("line_doubled", 0.3, lambda s: op_line(s, rng, double=True)),
            ("line_lost", 0.25, lambda s: op_line(s, rng, double=False)),
        ]
    for name, chance, fn in extras:
        if rng.random() < chance and (new := fn(text)) is not None:
            text = new
            ops[name] += 1
    return text, {"rate": round(rate, 4), "events": sum(ops.values()), "ops": dict(sorted(ops.items()))}


# ---------------------------------------------------------------------------------------------------- games
@dataclass
class Source:
    index: int
    headers: chess.pgn.Headers
    moves: list[chess.Move]
    result: str | None
    cut: bool = False


def iter_games(path: Path, max_plies: int) -> Iterator[Source]:
    index = 0
    with path.open(encoding="utf-8", errors="replace") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            if game.errors or game.headers.get("Variant", "Standard").lower() not in ("standard", "chess"):
                continue
            if game.headers.get("FEN", chess.STARTING_FEN) != chess.STARTING_FEN:
                continue
            moves = list(game.mainline_moves())
            if len(moves) < 16:
                continue
            cut = len(moves) > max_plies
            result = None if cut or game.headers.get("Result", "*") == "*" else game.headers["Result"]
            yield Source(index, game.headers, moves[:max_plies], result, cut)
            index += 1


def make_record(src: Source, loc: Locale, seed: int) -> dict[str, Any]:
    rng = random.Random(f"fifth:{seed}:{src.index}")
    profile = rng.choice(PROFILES)
    st = draw_style(rng, profile, loc)
    plies = build_plies(src.moves, loc, st, rng)
    sans = [p.san for p in plies]
    heading = heading_lines(src.headers, " ".join(sans[:6]) + " ", loc, st, rng)
    written = result_text(src.result, st, loc)
    text, dmg = damage(profile, plies, partial(layout, plies, heading, written, st), st, loc, rng)
    return {
        "id": f"{loc.code}-{seed}-{src.index:05d}",
        "locale": loc.code,
        "text": text,
        "san": sans,
        "result": src.result if written else None,
        "profile": profile,
        "style": {**asdict(st), "cut": src.cut, "damage": dmg},
    }


def self_check(path: Path, games: int, skip: int, max_plies: int) -> int:
    """Undamaged rendering must map back to python-chess SAN (exactly, for canonical short form)."""
    checked = 0
    for src in iter_games(path, max_plies):
        if src.index < skip:
            continue
        if checked >= games:
            break
        for loc in LOCALES.values():
            board = chess.Board()
            for move in src.moves:
                core, suffix = render_move(board, move, loc, CANONICAL)
                san = board.san(move)
                assert to_english(core + suffix, loc) == san, (loc.code, core + suffix, san)
                board.push(move)
            for profile in PROFILES:
                rng = random.Random(f"check:{src.index}:{loc.code}:{profile}")
                st = draw_style(rng, profile, loc)
                plies = build_plies(src.moves, loc, st, rng)
                board = chess.Board()
                for ply, move in zip(plies, src.moves, strict=True):
                    parsed = board.parse_san(to_english(ply.token, loc))
                    assert parsed == move, (loc.code, ply.token, ply.san)
                    assert ply.san == board.san(move)
                    board.push(move)
                heading = heading_lines(src.headers, " ".join(p.san for p in plies[:6]) + " ", loc, st, rng)
                text = layout(plies, heading, result_text(src.result, st, loc), st)
                flat, at = text.replace("-\n", "-"), 0
                for ply in plies:
                    found = flat.find(ply.token, at)
                    assert found >= 0, (loc.code, st.layout, ply.token, flat[at : at + 80])
                    at = found + len(ply.token)
                damaged, _ = damage(profile, plies, partial(layout, plies, heading, None, st), st, loc, rng)
                assert damaged.strip()
        checked += 1
    return checked


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pgn", default=DEFAULT_PGN, help="PGN file (relative paths: from the repository root)")
    ap.add_argument("--locale", choices=sorted(LOCALES), default="sk")
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--skip", type=int, default=0, help="skip the first K eligible games")
    ap.add_argument("--max-plies", type=int, default=120)
    ap.add_argument("-o", "--output", help="JSON Lines output (default: stdout)")
    ap.add_argument("--self-check", action="store_true", help="check undamaged rendering over 200 games")
    args = ap.parse_args(argv)
    path = Path(args.pgn)
    if not path.is_absolute() and not path.exists():
        path = ROOT / path
    if args.self_check:
        n = self_check(path, 200, args.skip, args.max_plies)
        print(json.dumps({"self_check": "ok", "games": n, "locales": sorted(LOCALES)}), file=sys.stderr)
        return 0
    loc = LOCALES[args.locale]
    records: list[dict[str, Any]] = []
    for src in iter_games(path, args.max_plies):
        if len(records) >= args.games:
            break
        if src.index >= args.skip:
            records.append(make_record(src, loc, args.seed))
    lines = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
    if args.output:
        Path(args.output).parent.mkdir(parents=True, exist_ok=True)
        Path(args.output).write_text(lines, encoding="utf-8")
    else:
        sys.stdout.write(lines)
    chars = sum(len(str(r["text"])) for r in records)
    events = sum(int(r["style"]["damage"]["events"]) for r in records)
    summary = {
        "locale": loc.code,
        "seed": args.seed,
        "skip": args.skip,
        "games": len(records),
        "plies": sum(len(r["san"]) for r in records),
        "chars": chars,
        "damage_events": events,
        "event_rate": round(events / max(1, chars), 4),
        "profiles": dict(Counter(str(r["profile"]) for r in records)),
        "layouts": dict(Counter(str(r["style"]["layout"]) for r in records)),
        "with_result": sum(r["result"] is not None for r in records),
        "output": args.output or "-",
    }
    print(json.dumps(summary, ensure_ascii=False), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
