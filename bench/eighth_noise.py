"""Eighth noise generator: Slovak, Czech and Serbian (Latin) game scores, damaged.

Turns real games from a PGN file into texts in Slovak (``sk``), Czech (``cs``) or
Serbian Latin (``sr``) algebraic notation, damaged the way people and programs damage
them (word processors, newspaper OCR, annotated bulletins, mixed-language sources,
chat and forum posts), and writes JSON Lines, one game per line.

Written from the brief alone (see eighth_noise.md, "Independence"); it uses only the
standard library and python-chess, and has its own renderer and its own small
move reader (used only to keep every damaged move recoverable).

Run ``python eighth_noise.py --help`` for the options, ``--self-check`` to test it.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from collections import Counter, deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import chess
import chess.pgn

# The games beside the project: ../shared/data/pgn/shakmaty.
DEFAULT_PGN = str(
    Path(__file__).resolve().parents[2] / "shared" / "data" / "pgn" / "shakmaty" / "twic1599_1000k.pgn"
)
LOCALES: tuple[str, ...] = ("sk", "cs", "sr")
WP = "word_processor_autoformat"
OCR = "newspaper_column_ocr"
BULLETIN = "annotated_bulletin"
MIXED = "mixed_letters_translation"
CHAT = "chat_and_forum_post"
PROFILES: tuple[str, ...] = (WP, OCR, BULLETIN, MIXED, CHAT)
MIN_PLIES = 16
MAX_PLIES = 120

# Piece letters (piece type -> letter).
LETTERS: dict[str, dict[int, str]] = {
    "sk": {chess.KING: "K", chess.QUEEN: "D", chess.ROOK: "V", chess.BISHOP: "S", chess.KNIGHT: "J"},
    "cs": {chess.KING: "K", chess.QUEEN: "D", chess.ROOK: "V", chess.BISHOP: "S", chess.KNIGHT: "J"},
    "sr": {chess.KING: "K", chess.QUEEN: "D", chess.ROOK: "T", chess.BISHOP: "L", chess.KNIGHT: "S"},
    "en": {chess.KING: "K", chess.QUEEN: "Q", chess.ROOK: "R", chess.BISHOP: "B", chess.KNIGHT: "N"},
}
# Reading direction (letter -> piece type).
ALPHA: dict[str, dict[str, int]] = {k: {v: p for p, v in d.items()} for k, d in LETTERS.items()}

FILES = "abcdefgh"
RANKS = "12345678"
_DIS_RE = re.compile(r"[a-h]?[1-8]?")
_SAN_RE = re.compile(r"([NBRQK]?)([a-h]?[1-8]?)(x?)([a-h][1-8])(?:=([NBRQ]))?")
_CASTLE_RE = re.compile(r"[0Oo](?:-?[0Oo]){1,2}")
# OCR confusions (as produced) and their undo (as a reader would try them).
OCR_SWAP: dict[str, str] = {"l": "1", "1": "l", "O": "0", "0": "O", "S": "5", "5": "S", "e": "c", "c": "e"}

# ---------------------------------------------------------------------------
# Locale text
# ---------------------------------------------------------------------------

TXT: dict[str, dict[str, Any]] = {
    "sk": {
        "gameno": "Partia č. {n}",
        "white": "Biely",
        "black": "Čierny",
        "round": "{r}. kolo",
        "board": "{b}. šachovnica",
        "event": "Turnaj",
        "opening": "Otvorenie",
        "roundw": "Kolo",
        "columns": ["ŠACH", "Šachová rubrika", "ŠACHY", "Šachový kútik"],
        "months": [
            "januára",
            "februára",
            "marca",
            "apríla",
            "mája",
            "júna",
            "júla",
            "augusta",
            "septembra",
            "októbra",
            "novembra",
            "decembra",
        ],
        "weekdays": ["pondelok", "utorok", "streda", "štvrtok", "piatok", "sobota", "nedeľa"],
        "date": "{wd} {d}. {m} {y}",
        "diagram": "Diagram",
        "annot": ["Komentuje {a}", "Poznámky: {a}", "Komentár: {a}"],
        "prose": [
            "Biely získava priestor na dámskom krídle.",
            "Čierny sa rozhodol pre ostrú hru.",
            "Toto je známa teoretická pozícia.",
            "Presnejšie bolo pokračovať inak.",
            "Čierny musí byť opatrný, jeho kráľ zostal v strede.",
            "Tu sa partia v podstate rozhodla.",
            "Biely obetuje pešiaka za iniciatívu.",
            "Zaujímavé rozhodnutie, ktoré súpera prekvapilo.",
            "Po výmene dám je koncovka približne vyrovnaná.",
            "Čierny sa húževnato bráni.",
            "Silný ťah, ktorý pripravuje útok na kráľa.",
            "Biely mal na výber viacero možností.",
            "Pole {sq} je citeľne oslabené.",
            "Dôležitý je boj o pole {sq}.",
        ],
        "short": [
            "Novinka.",
            "Jediný ťah.",
            "S iniciatívou.",
            "Kritická pozícia.",
            "Teória.",
            "Hrozí mat.",
            "Lepšie bolo hrať opatrnejšie.",
            "Rozhodujúca chyba.",
            "Presné.",
            "Silná odpoveď.",
        ],
        "wp_notes": [
            '(tzv. "otrávený pešiak")',
            "(tu som mal málo času)",
            '(podľa "Informátora")',
            "(ponuka remízy)",
            '(súper to nazval "pasca")',
        ],
        "chat_intro": [
            "ahoj, tu je moja včerajšia partia, čo hovoríte?",
            "pozrite túto partiu z turnaja",
            "viete mi niekto poradiť kde som to pokazil?",
            "moja partia z ligy, komentáre vítané",
        ],
        "chat_reply": [
            "presne tu som nevedel čo ďalej",
            "no a pokračovanie:",
            "tak tu je zvyšok",
            "ako som písal, ďalej to išlo takto:",
        ],
        "wrote": "{u} napísal:",
        "sent": ["Odoslané z môjho iPhonu", "Odoslané z mobilu"],
        "reactions": ["lol", "wtf", "hmm", "fúha", "no teda", "uff"],
    },
    "cs": {
        "gameno": "Partie č. {n}",
        "white": "Bílý",
        "black": "Černý",
        "round": "{r}. kolo",
        "board": "{b}. šachovnice",
        "event": "Turnaj",
        "opening": "Zahájení",
        "roundw": "Kolo",
        "columns": ["ŠACHY", "Šachová rubrika", "ŠACH", "Šachový koutek"],
        "months": [
            "ledna",
            "února",
            "března",
            "dubna",
            "května",
            "června",
            "července",
            "srpna",
            "září",
            "října",
            "listopadu",
            "prosince",
        ],
        "weekdays": ["pondělí", "úterý", "středa", "čtvrtek", "pátek", "sobota", "neděle"],
        "date": "{wd} {d}. {m} {y}",
        "diagram": "Diagram",
        "annot": ["Komentuje {a}", "Poznámky: {a}", "Komentář: {a}"],
        "prose": [
            "Bílý získává prostor na dámském křídle.",
            "Černý se rozhodl pro ostrou hru.",
            "Toto je známá teoretická pozice.",
            "Přesnější bylo pokračovat jinak.",
            "Černý musí být opatrný, jeho král zůstal v centru.",
            "Zde se partie v podstatě rozhodla.",
            "Bílý obětuje pěšce za iniciativu.",
            "Zajímavé rozhodnutí, které soupeře překvapilo.",
            "Po výměně dam je koncovka zhruba vyrovnaná.",
            "Černý se houževnatě brání.",
            "Silný tah, který připravuje útok na krále.",
            "Bílý měl na výběr více možností.",
            "Pole {sq} je citelně oslabené.",
            "Důležitý je boj o pole {sq}.",
        ],
        "short": [
            "Novinka.",
            "Jediný tah.",
            "S iniciativou.",
            "Kritická pozice.",
            "Teorie.",
            "Hrozí mat.",
            "Lepší bylo hrát opatrněji.",
            "Rozhodující chyba.",
            "Přesné.",
            "Silná odpověď.",
        ],
        "wp_notes": [
            '(tzv. "otrávený pěšec")',
            "(zde jsem měl málo času)",
            '(podle "Informátoru")',
            "(nabídka remízy)",
            '(soupeř to nazval "past")',
        ],
        "chat_intro": [
            "ahoj, tady je moje včerejší partie, co na to říkáte?",
            "koukněte na tuhle partii z turnaje",
            "poradí mi někdo kde jsem to pokazil?",
            "moje partie z ligy, komentáře vítány",
        ],
        "chat_reply": [
            "přesně tady jsem nevěděl co dál",
            "no a pokračování:",
            "tak tady je zbytek",
            "jak jsem psal, dál to šlo takhle:",
        ],
        "wrote": "{u} napsal:",
        "sent": ["Odesláno z iPhonu", "Posláno z mobilu"],
        "reactions": ["lol", "wtf", "hmm", "páni", "no teda", "uff"],
    },
    "sr": {
        "gameno": "Partija {n}",
        "white": "Beli",
        "black": "Crni",
        "round": "{r}. kolo",
        "board": "{b}. tabla",
        "event": "Turnir",
        "opening": "Otvaranje",
        "roundw": "Kolo",
        "columns": ["ŠAH", "Šahovska rubrika", "ŠAHOVSKI KUTAK", "Šah"],
        "months": [
            "januar",
            "februar",
            "mart",
            "april",
            "maj",
            "jun",
            "jul",
            "avgust",
            "septembar",
            "oktobar",
            "novembar",
            "decembar",
        ],
        "weekdays": ["ponedeljak", "utorak", "sreda", "četvrtak", "petak", "subota", "nedelja"],
        "date": "{wd}, {d}. {m} {y}.",
        "diagram": "Dijagram",
        "annot": ["Komentariše {a}", "Beleške: {a}", "Komentar: {a}"],
        "prose": [
            "Beli osvaja prostor na daminom krilu.",
            "Crni se odlučio za oštru igru.",
            "Ovo je poznata teorijska pozicija.",
            "Preciznije je bilo nastaviti drugačije.",
            "Crni mora biti oprezan, njegov kralj je ostao u centru.",
            "Ovde je partija praktično odlučena.",
            "Beli žrtvuje pešaka za inicijativu.",
            "Zanimljiva odluka koja je iznenadila protivnika.",
            "Posle razmene dama završnica je otprilike izjednačena.",
            "Crni se uporno brani.",
            "Jak potez koji priprema napad na kralja.",
            "Beli je imao više mogućnosti.",
            "Polje {sq} je osetno oslabljeno.",
            "Važna je borba za polje {sq}.",
        ],
        "short": [
            "Novitet.",
            "Jedini potez.",
            "Sa inicijativom.",
            "Kritična pozicija.",
            "Teorija.",
            "Preti mat.",
            "Bolje je bilo igrati opreznije.",
            "Odlučujuća greška.",
            "Precizno.",
            "Snažan odgovor.",
        ],
        "wp_notes": [
            '(tzv. "otrovani pešak")',
            "(ovde sam imao malo vremena)",
            '(prema "Informatoru")',
            "(ponuda remija)",
            '(protivnik je to nazvao "zamka")',
        ],
        "chat_intro": [
            "ćao, evo moje partije od juče, šta mislite?",
            "pogledajte ovu partiju sa turnira",
            "može li neko da mi kaže gde sam pogrešio?",
            "moja partija iz lige, komentari dobrodošli",
        ],
        "chat_reply": [
            "baš ovde nisam znao šta dalje",
            "a nastavak:",
            "evo ostatka",
            "kao što sam pisao, dalje je išlo ovako:",
        ],
        "wrote": "{u} je napisao:",
        "sent": ["Poslato sa mog iPhone-a", "Poslato sa telefona"],
        "reactions": ["lol", "wtf", "hmm", "uh", "joj", "brate"],
    },
}
EN_PROSE = [
    "White is slightly better here.",
    "Black takes over the initiative.",
    "This is a well known theoretical line.",
    "A strong move that prepares the attack.",
    "This is the decisive mistake.",
    "The endgame is roughly equal.",
    "White sacrifices a pawn for the initiative.",
    "An interesting decision that surprised the opponent.",
]
EN_LABELS = {"event": "Event", "white": "White", "black": "Black", "opening": "Opening", "roundw": "Round"}
EMOJI = ["😮", "😂", "🔥", "🤦", "😎", "🤔", "👍", "😱", "🙈"]
USERS = ["marek_88", "Honza", "pera_sah", "Tomas77", "kralovna", "Jožo", "miki", "Zdeněk_P", "vuk92"]
INITIAL_LETTERS = "ABDFJKLMNPRSTVZ"


# ---------------------------------------------------------------------------
# Source games
# ---------------------------------------------------------------------------


@dataclass
class SourceGame:
    index: int
    headers: dict[str, str]
    moves: list[chess.Move]
    boards: list[chess.Board]  # boards[i] = position before ply i (len = plies + 1)
    san: list[str]
    uci: list[str]
    result: str

    @property
    def plies(self) -> int:
        return len(self.moves)


def iter_games(path: str, skip: int = 0) -> Iterator[SourceGame]:
    """Yield eligible games (standard start, >= MIN_PLIES plies), cut at MAX_PLIES;
    the first ``skip`` eligible games are counted but not yielded."""
    index = 0
    with open(path, encoding="utf-8-sig", errors="replace") as fh:
        while True:
            game = chess.pgn.read_game(fh)
            if game is None:
                return
            hdr = dict(game.headers)
            if game.errors or hdr.get("Variant", "Standard").lower() not in ("standard", "chess"):
                continue
            if "FEN" in hdr and hdr["FEN"] != chess.STARTING_FEN:
                continue
            moves = list(game.mainline_moves())
            if len(moves) < MIN_PLIES:
                continue
            result = hdr.get("Result", "*")
            if result not in ("1-0", "0-1", "1/2-1/2"):
                result = "*"
            if len(moves) > MAX_PLIES:
                moves = moves[:MAX_PLIES]
                result = "*"
            if index < skip:
                index += 1
                continue
            board = chess.Board()
            boards: list[chess.Board] = []
            san: list[str] = []
            for mv in moves:
                boards.append(board.copy(stack=False))
                san.append(board.san(mv))
                board.push(mv)
            boards.append(board.copy(stack=False))
            yield SourceGame(index, hdr, moves, boards, san, [m.uci() for m in moves], result)
            index += 1


def load_games(path: str, skip: int, n: int) -> list[SourceGame]:
    out: list[SourceGame] = []
    for g in iter_games(path, skip):
        out.append(g)
        if len(out) >= n:
            break
    return out


# ---------------------------------------------------------------------------
# Notation (our own renderer)
# ---------------------------------------------------------------------------


@dataclass
class Nota:
    locale: str
    letters: dict[int, str]
    long_form: bool = False
    capture: str = "x"  # "x", ":", "×" or "" (omitted)
    castle: str = "0"  # "0" or "O"
    castle_dash: str = "-"
    promo_eq: bool = True
    checks: bool = True
    num_fmt: str = "{n}."  # "{n}.", "{n})", "{n} ."
    num_space: str = " "
    resume_fmt: str = "{n}..."  # "{n}..." or "{n}. ..."
    resume_space: str = " "
    result_style: str = "dash"  # "dash" (1-0) or "colon" (1:0)
    draw_style: str = "1/2-1/2"  # or "½-½"

    def describe(self) -> dict[str, Any]:
        return {
            "letters": "".join(
                self.letters[p] for p in (chess.KING, chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT)
            ),
            "long_form": self.long_form,
            "capture": self.capture or "omitted",
            "castling": self.castle_dash.join([self.castle] * 2),
            "promotion": "=" if self.promo_eq else "bare",
            "checks": self.checks,
            "move_number": self.num_fmt.replace("{n}", "N") + ("_" if self.num_space else ""),
            "black_resume": self.resume_fmt.replace("{n}", "N"),
            "result_style": self.result_style,
            "draw_style": self.draw_style,
        }

    def num(self, n: int) -> str:
        return self.num_fmt.format(n=n)

    def resume(self, n: int) -> str:
        return self.resume_fmt.format(n=n)

    def result_text(self, result: str) -> str:
        if result == "*":
            return ""
        if result == "1/2-1/2":
            return self.draw_style
        return result.replace("-", ":") if self.result_style == "colon" else result


def random_nota(locale: str, rng: random.Random, long_p: float = 0.15) -> Nota:
    if locale == "sr":
        capture = rng.choices(["x", ":", "", "×"], [40, 40, 15, 5])[0]
    else:
        capture = rng.choices(["x", ":", "", "×"], [60, 15, 20, 5])[0]
    num_fmt = rng.choices(["{n}.", "{n})", "{n} ."], [75, 15, 10])[0]
    return Nota(
        locale=locale,
        letters=LETTERS[locale],
        long_form=rng.random() < long_p,
        capture=capture,
        castle=rng.choices(["0", "O"], [80, 20] if locale == "sr" else [70, 30])[0],
        promo_eq=rng.random() < 0.5,
        checks=rng.random() < 0.8,
        num_fmt=num_fmt,
        num_space=" " if num_fmt == "{n} ." or rng.random() < 0.6 else "",
        resume_fmt=rng.choices(["{n}...", "{n}. ..."], [70, 30])[0],
        resume_space=" " if rng.random() < 0.6 else "",
        result_style=rng.choices(["dash", "colon"], [60, 40])[0],
        draw_style=rng.choices(["1/2-1/2", "½-½"], [65, 35])[0],
    )


def render_move(
    board: chess.Board,
    move: chess.Move,
    nota: Nota,
    letters: dict[int, str] | None = None,
    capture: str | None = None,
    castle: str | None = None,
) -> str:
    """Render one move in the given notation (short or long form)."""
    L = letters or nota.letters
    san = board.san(move)
    suffix = ""
    if san.endswith("#"):
        suffix = "#"
    elif san.endswith("+"):
        suffix = "+"
    core = san.rstrip("+#")
    cap = nota.capture if capture is None else capture
    if board.is_castling(move):
        z = castle or nota.castle
        s = nota.castle_dash.join([z] * (2 if board.is_kingside_castling(move) else 3))
    else:
        promo = ""
        if move.promotion:
            promo = ("=" if nota.promo_eq else "") + L[move.promotion]
        pt = board.piece_type_at(move.from_square)
        assert pt is not None
        if nota.long_form:
            pre = "" if pt == chess.PAWN else L[pt]
            sep = (cap or "-") if board.is_capture(move) else "-"
            s = pre + chess.square_name(move.from_square) + sep + chess.square_name(move.to_square) + promo
        else:
            m = _SAN_RE.fullmatch(core)
            assert m, core
            pre = L[ALPHA["en"][m.group(1)]] if m.group(1) else ""
            s = pre + m.group(2) + (cap if m.group(3) else "") + m.group(4) + promo
    if nota.checks and suffix:
        s += suffix
    return s


# ---------------------------------------------------------------------------
# Move reader (only to keep damage recoverable) -- literal reading first
# ---------------------------------------------------------------------------


def norm_token(tok: str) -> str:
    t = tok.replace("\u00ad", "")
    t = re.sub(r"-[ \t]*\n[ \t]*", "", t)
    t = re.sub(r"\s+", "", t)
    t = t.rstrip("!?+#‼⁉⁈")
    c = re.sub("[–—−]", "-", t)
    if _CASTLE_RE.fullmatch(c):
        return "O-O" if sum(ch in "0Oo" for ch in c) == 2 else "O-O-O"
    return re.sub(r"[x×:=\-–—]", "", t)


def match_moves(
    board: chess.Board, tok: str, alphabet: dict[str, int], casefold: bool = False
) -> set[chess.Move]:
    """Legal moves that the token can denote, letters read with ``alphabet``."""
    t = norm_token(tok)
    if not t:
        return set()
    if t in ("O-O", "O-O-O"):
        ks = t == "O-O"
        return {m for m in board.legal_moves if board.is_castling(m) and board.is_kingside_castling(m) == ks}
    if casefold:
        t = t.lower()
        alphabet = {k.lower(): v for k, v in alphabet.items()}
    promo: int | None = None
    if t[-1] not in RANKS:
        if len(t) >= 3 and t[-2] in "18" and t[-1] in alphabet and alphabet[t[-1]] != chess.KING:
            promo = alphabet[t[-1]]
            t = t[:-1]
        else:
            return set()
    if len(t) < 2 or t[-2] not in FILES or t[-1] not in RANKS:
        return set()
    dest = chess.parse_square(t[-2:])
    prefix = t[:-2]
    parses: list[tuple[int, str]] = []
    if prefix and prefix[0] in alphabet and _DIS_RE.fullmatch(prefix[1:]):
        parses.append((alphabet[prefix[0]], prefix[1:]))
    if _DIS_RE.fullmatch(prefix):
        parses.append((chess.PAWN, prefix))
    out: set[chess.Move] = set()
    for m in board.generate_legal_moves(chess.BB_ALL, chess.BB_SQUARES[dest]):
        if board.is_castling(m):
            continue
        pt = board.piece_type_at(m.from_square)
        for p, dis in parses:
            if p != pt:
                continue
            ff = next((c for c in dis if c in FILES), None)
            fr = next((c for c in dis if c in RANKS), None)
            if ff is not None and chess.square_file(m.from_square) != FILES.index(ff):
                continue
            if fr is not None and chess.square_rank(m.from_square) != RANKS.index(fr):
                continue
            if p == chess.PAWN:
                is_cap = chess.square_file(m.from_square) != chess.square_file(dest)
                if is_cap and ff is None:
                    continue
                if not is_cap and ff is not None and fr is None:
                    continue
            if m.promotion != promo:
                continue
            out.add(m)
    return out


_SENT_END_RE = re.compile(r"[.…!?][ \t]+\Z")
_LINE_START_RE = re.compile(r"\n[ \t•◦▪]*\Z")


def sentence_start(prev: str) -> bool:
    """Would a word processor treat the next word as the start of a sentence?"""
    tail = prev[-80:]
    if len(prev) <= 80 and re.fullmatch(r"[ \t•◦▪]*", tail):
        return True
    return bool(_LINE_START_RE.search(tail) or _SENT_END_RE.search(tail))


def ocr_variants(tok: str) -> Iterator[str]:
    for i, ch in enumerate(tok):
        if ch in OCR_SWAP:
            yield tok[:i] + OCR_SWAP[ch] + tok[i + 1 :]
    for m in re.finditer("m", tok):
        yield tok[: m.start()] + "rn" + tok[m.end() :]
    for m in re.finditer("rn", tok):
        yield tok[: m.start()] + "m" + tok[m.end() :]


def recover(
    profile: str,
    locale: str,
    board: chess.Board,
    tok: str,
    at_sentence_start: bool = False,
    style: dict[str, Any] | None = None,
) -> set[chess.Move]:
    """What a careful reader recovers from one move token: the literal reading in the
    locale's letters if it gives a legal move, otherwise the profile's damage undone."""
    loc = ALPHA[locale]
    lit = match_moves(board, tok, loc)
    if lit:
        return lit
    if profile == WP:
        if at_sentence_start and tok[:1] in "ABCDEFGH":
            return match_moves(board, tok[0].lower() + tok[1:], loc)
        return set()
    if profile == OCR:
        out: set[chess.Move] = set()
        for v in ocr_variants(tok):
            out |= match_moves(board, v, loc)
        return out
    if profile == MIXED:
        return match_moves(board, tok, {**loc, **ALPHA["en"]})
    if profile == CHAT:
        return match_moves(board, tok, loc, casefold=True)
    return set()


# ---------------------------------------------------------------------------
# Text assembly
# ---------------------------------------------------------------------------


@dataclass
class Item:
    kind: str  # num, move, res, note, nl, blank
    text: str = ""
    ply: int | None = None
    interrupt: bool = False  # Black's next move needs its number again
    space_after: str | None = None
    glue: bool = False  # attach to the previous item without a space


class Builder:
    """Text as parts; parts carrying a ply are the main-line move tokens."""

    def __init__(self) -> None:
        self.parts: list[list[Any]] = []

    def add(self, s: str, ply: int | None = None) -> None:
        if s:
            self.parts.append([s, ply])

    def text(self) -> str:
        return "".join(p[0] for p in self.parts)

    def spans(self) -> dict[int, tuple[int, int]]:
        pos = 0
        spans: dict[int, tuple[int, int]] = {}
        for s, ply in self.parts:
            if ply is not None:
                st = spans[ply][0] if ply in spans else pos
                spans[ply] = (st, pos + len(s))
            pos += len(s)
        return spans


def mainline_items(
    tokens: Sequence[str], nota: Nota, extras: dict[int, list[Item]] | None = None, resume_always: bool = True
) -> list[Item]:
    extras = extras or {}
    items: list[Item] = []
    need = False
    for i, tok in enumerate(tokens):
        n = i // 2 + 1
        if i % 2 == 0:
            items.append(Item("num", nota.num(n), space_after=nota.num_space))
        elif need and resume_always:
            items.append(Item("num", nota.resume(n), space_after=nota.resume_space))
        items.append(Item("move", tok, ply=i))
        need = False
        for ex in extras.get(i, []):
            items.append(ex)
            need = need or ex.interrupt
    return items


def join_items(items: Sequence[Item], b: Builder, width: int | None = None) -> None:
    """Write items with single spaces (or the item's own separator), wrapping at width."""
    sep: str | None = None  # None: at line start
    line_len = 0
    for it in items:
        if it.kind in ("nl", "blank"):
            b.add("\n" if it.kind == "nl" else "\n\n")
            sep, line_len = None, 0
            continue
        words = it.text.split(" ") if (width and it.kind == "note") else [it.text]
        for wi, w in enumerate(words):
            s = "" if sep is None else ("" if it.glue and wi == 0 else sep)
            if width and line_len and " " in s and line_len + len(s) + len(w) > width:
                b.add("\n")
                s, line_len = "", 0
            b.add(s)
            b.add(w, it.ply)
            line_len += len(s) + len(w)
            sep = " "
        sep = it.space_after if it.space_after is not None else " "


def fragment_text(tokens: Sequence[str], a: int, b: int, nota: Nota) -> str:
    """Plies a..b (inclusive) as plain text with numbers (for quotes)."""
    out: list[str] = []
    for i in range(a, b + 1):
        n = i // 2 + 1
        if i % 2 == 0:
            out.append(nota.num(n) + nota.num_space + tokens[i])
        elif i == a:
            out.append(nota.resume(n) + nota.resume_space + tokens[i])
        else:
            out.append(tokens[i])
    return " ".join(out)


def player(name: str) -> str:
    return re.sub(r",(?=\S)", ", ", name.strip() or "?")


def round_board(g: SourceGame, rng: random.Random) -> tuple[int, int]:
    m = re.match(r"(\d+)(?:\.(\d+))?", g.headers.get("Round", ""))
    if m:
        return int(m.group(1)), int(m.group(2) or rng.randint(1, 8))
    return rng.randint(1, 9), rng.randint(1, 8)


def year_of(g: SourceGame, rng: random.Random) -> int:
    m = re.match(r"(\d{4})", g.headers.get("Date", ""))
    return int(m.group(1)) if m else rng.randint(1995, 2025)


def initials(rng: random.Random) -> str:
    a, b = rng.choice(INITIAL_LETTERS), rng.choice(INITIAL_LETTERS)
    return rng.choice([f"{a}. {b}.", f"{a}{b}", f"–{a.lower()}{b.lower()}–"])


def prose_sentence(locale: str, rng: random.Random, sq: str) -> str:
    return str(rng.choice(TXT[locale]["prose"])).format(sq=sq)


# ---------------------------------------------------------------------------
# Per-game context and sample
# ---------------------------------------------------------------------------


@dataclass
class Ctx:
    g: SourceGame
    locale: str
    rng: random.Random
    nota: Nota
    base: list[str]  # undamaged token per ply
    style: dict[str, Any] = field(default_factory=dict)


@dataclass
class Sample:
    record: dict[str, Any]
    tokens: list[str]  # token per ply as it stands in text
    spans: dict[int, tuple[int, int]]
    base: list[str]


def base_tokens(g: SourceGame, nota: Nota) -> list[str]:
    return [render_move(g.boards[i], g.moves[i], nota) for i in range(g.plies)]


def clean_text(ctx: Ctx) -> str:
    b = Builder()
    items = mainline_items(ctx.base, ctx.nota)
    res = ctx.nota.result_text(ctx.g.result)
    if res:
        items.append(Item("res", res))
    join_items(items, b)
    return b.text()


def pick_plies(rng: random.Random, lo: int, hi: int, k: int, parity: int | None = None) -> list[int]:
    pool = [i for i in range(max(0, lo), hi) if parity is None or i % 2 == parity]
    return sorted(rng.sample(pool, min(k, len(pool))))


# ---------------------------------------------------------------------------
# Profile 1: word processor autoformat
# ---------------------------------------------------------------------------


def prof_wp(ctx: Ctx) -> Builder:
    g, rng, loc, T = ctx.g, ctx.rng, ctx.locale, TXT[ctx.locale]
    nota = ctx.nota
    nota.num_fmt = "{n}."  # typed as "1. e4"
    nota.num_space = " " if rng.random() < 0.85 else ""
    ctx.base = base_tokens(g, nota)
    toks = list(ctx.base)
    d: dict[str, Any] = {}
    n = g.plies
    # castling "-" -> en dash
    if rng.random() < 0.45:
        cp = [i for i in range(n) if g.boards[i].is_castling(g.moves[i]) and rng.random() < 0.8]
        for i in cp:
            toks[i] = toks[i].replace("-", "–")
        d["castling_en_dash"] = cp
    ellipsis = rng.random() < 0.85
    curly = rng.choice(["“”", "„“"])
    d["curly_quotes"] = curly
    d["ellipsis"] = ellipsis
    # typist notes (after White moves; Black then resumes)
    notes: dict[int, str] = {}
    for p in pick_plies(rng, 4, n - 2, rng.choice([0, 1, 1, 2]), parity=0):
        notes[p] = rng.choice(T["wp_notes"])
    d["notes"] = len(notes)

    def fix_chars(s: str) -> str:
        s = re.sub(r'"([^"]*)"', lambda m: curly[0] + m.group(1) + curly[1], s)
        s = s.replace("'", "’").replace(" - ", " – ")
        return s

    def resume(k: int) -> str:
        r = nota.resume(k)
        return r.replace("...", "…") if ellipsis else r

    b = Builder()
    # heading
    heads: list[str] = []
    weak = nota.num_space == ""  # "1.e4": no sentence start, so fewer capitals
    if weak or rng.random() < 0.65:
        r, _ = round_board(g, rng)
        cands = [
            T["gameno"].format(n=rng.randint(1, 40)),
            f'"{g.headers.get("Event", "?")}", {T["round"].format(r=r)}',
            f"{player(g.headers.get('White', '?'))} - {player(g.headers.get('Black', '?'))}",
        ]
        heads = rng.sample(cands, rng.choice([1, 1, 2]))
        bold = rng.random() < 0.8
        for h in heads:
            b.add(("**" + fix_chars(h) + "**") if bold else fix_chars(h))
            b.add("\n")
        if rng.random() < 0.5:
            b.add("\n")
        d["heading"] = {"lines": len(heads), "bold": bold}
    res = nota.result_text(g.result)
    if res == "1/2-1/2" and rng.random() < 0.9:
        res = "½-½"
        d["half_symbol"] = True
    layout = "lines" if weak or rng.random() < 0.6 else "paragraph"
    d["layout"] = layout
    if layout == "lines":
        nmoves = (n + 1) // 2
        prefix = ""
        if weak or rng.random() < 0.4:
            prefix = rng.choice(["•\t", "• ", "\t", "◦ ", "▪\t", "- "])
            d["line_prefix"] = prefix
        renum: dict[int, int] = {}
        blank_before: int | None = None
        list_tab = False
        if nmoves >= 8 and rng.random() < 0.6:
            start = rng.randint(2, nmoves - 4)
            k = rng.randint(2, 4)
            mode = rng.choices(["restart", "offset"], [70, 30])[0]
            delta = rng.choice([-1, 1])
            cand = [m for m in range(start, min(start + k, nmoves)) if (2 * m) not in notes]
            for j, m in enumerate(cand):
                renum[m] = (j + 1) if mode == "restart" else (m + 1 + delta)
            blank_before = start
            list_tab = rng.random() < 0.5
            d["renumbered"] = [[m + 1, s] for m, s in renum.items()]
            d["renumber_mode"] = mode
        for m in range((n + 1) // 2):
            if blank_before == m:
                b.add("\n")
            w, bl = 2 * m, 2 * m + 1
            if prefix:
                b.add(prefix)
            if m in renum:
                b.add(f"{renum[m]}." + ("\t" if list_tab else nota.num_space))
            else:
                b.add(nota.num(m + 1) + nota.num_space)
            b.add(toks[w], w)
            if w in notes:
                b.add(" " + fix_chars(notes[w]))
                if bl < n:
                    b.add(" " + resume(m + 1) + nota.resume_space)
                    b.add(toks[bl], bl)
            elif bl < n:
                b.add(" ")
                b.add(toks[bl], bl)
            if m < (n + 1) // 2 - 1:
                b.add("\n")
        if res:
            b.add(rng.choice([" ", "\n"]) + res)
    else:
        extras = {p: [Item("note", fix_chars(t), interrupt=True)] for p, t in notes.items()}
        breaks = pick_plies(rng, 10, n - 4, rng.choice([0, 1, 2]), parity=1)
        for p in breaks:
            extras.setdefault(p, []).append(Item("blank"))
        d["paragraphs"] = len(breaks) + 1
        items = mainline_items(toks, nota, extras)
        for it in items:
            if it.kind == "num" and "..." in it.text and ellipsis:
                it.text = it.text.replace("...", "…")
        if res:
            items.append(Item("res", res))
        join_items(items, b)
    # sentence capitalisation (as Word does it), last so that it sees the final context
    capped: list[int] = []
    kept: list[int] = []
    autocap = rng.random() < 0.9
    if autocap:
        acc = ""
        for part in b.parts:
            s, ply = part
            if s.strip() and sentence_start(acc):
                if ply is not None:
                    if s[0] in FILES:
                        cand = s[0].upper() + s[1:]
                        bd = g.boards[ply]
                        lit_any = match_moves(bd, cand, {**ALPHA[loc], **ALPHA["en"]})
                        if not lit_any and recover(WP, loc, bd, cand, True) == {g.moves[ply]}:
                            part[0] = cand
                            toks[ply] = cand
                            capped.append(ply)
                        else:
                            kept.append(ply)
                elif s[0].islower():
                    part[0] = s[0].upper() + s[1:]
            if ply is None and not part[0].lstrip().startswith("("):
                part[0] = re.sub(r"([.…!?] )([a-zà-ž])", lambda m: m.group(1) + m.group(2).upper(), part[0])
            acc += part[0]
    d["autocap"] = autocap
    d["capitalised_plies"] = capped
    d["capital_undone_by_typist"] = kept
    ctx.style["damage"] = d
    ctx.style["tokens"] = toks
    return b


# ---------------------------------------------------------------------------
# Profile 2: newspaper column, OCR'd
# ---------------------------------------------------------------------------

Word = list[list[Any]]  # [[text, ply], ...] segments of one printed word


def _vis(s: str) -> int:
    return len(s) - s.count("\u00ad")


def _wlen(w: Word) -> int:
    return sum(_vis(s) for s, _ in w)


VOWELS = set("aeiouyáéíóúýäôěůAEIOUYÁÉÍÓÚÝ")


def _split_point(s: str, is_move: bool, avail: int, rng: random.Random) -> int:
    if avail < 1:
        return 0
    if is_move:
        if len(s) < 3:
            return 0
        ks = [k for k in range(1, len(s)) if k <= avail and "\u00ad" not in s[k - 1 : k + 1]]
        dash = [k for k in ks if s[k - 1] == "-"]
        if dash:
            return dash[0]
        return rng.choice(ks) if ks else 0
    core = s.rstrip(".,;:!?")
    if len(core) < 6 or not core.isalpha():
        return 0
    ks = [
        k for k in range(2, len(core) - 1) if k <= avail and core[k - 1] in VOWELS and core[k] not in VOWELS
    ]
    return max(ks) if ks else 0


def _layout(
    words: list[Word], width: int, rng: random.Random, ph_move: float, ph_prose: float, split_log: list[int]
) -> list[tuple[list[Word], bool]]:
    """Greedy fill; returns lines as (words, ends_with_split)."""
    lines: list[tuple[list[Word], bool]] = []
    cur: list[Word] = []
    cur_len = 0
    q: deque[Word] = deque(words)
    while q:
        w = q.popleft()
        wl = _wlen(w)
        need = wl + (1 if cur else 0)
        if cur_len + need <= width:
            cur.append(w)
            cur_len += need
            continue
        if len(w) == 1:
            s, ply = w[0]
            is_move = ply is not None
            if rng.random() < (ph_move if is_move else ph_prose):
                avail = width - cur_len - (1 if cur else 0) - 1
                k = _split_point(s, is_move, avail, rng)
                if k:
                    head = s[:k] + ("" if s[:k].endswith("-") else "-")
                    cur.append([[head, ply]])
                    lines.append((cur, True))
                    cur, cur_len = [], 0
                    q.appendleft([[s[k:], ply]])
                    if is_move:
                        split_log.append(ply)
                    continue
        if cur:
            lines.append((cur, False))
            cur, cur_len = [], 0
            q.appendleft(w)
        else:
            lines.append(([w], False))
    if cur:
        lines.append((cur, False))
    return lines


def _justify(line: list[Word], width: int, rng: random.Random, last: bool) -> list[int]:
    gaps = [1] * (len(line) - 1)
    if last or not gaps:
        return gaps
    extra = width - (sum(_wlen(w) for w in line) + len(gaps))
    while extra > 0:
        open_ = [i for i, gsz in enumerate(gaps) if gsz < 3]
        if not open_:
            break
        gaps[rng.choice(open_)] += 1
        extra -= 1
    return gaps


def prof_ocr(ctx: Ctx) -> Builder:
    g, rng, loc, T, nota = ctx.g, ctx.rng, ctx.locale, TXT[ctx.locale], ctx.nota
    n = g.plies
    toks = list(ctx.base)
    d: dict[str, Any] = {}
    width = rng.randint(25, 35)
    d["column_width"] = width
    # soft hyphens left inside a few moves
    cand = [i for i in range(n) if len(toks[i]) >= 3]
    soft = sorted(rng.sample(cand, min(len(cand), rng.randint(1, 4))))
    for i in soft:
        k = rng.randint(1, len(toks[i]) - 1)
        toks[i] = toks[i][:k] + "\u00ad" + toks[i][k:]
    d["soft_hyphen_plies"] = soft
    # prose between moves
    extras: dict[int, list[Item]] = {}
    k_prose = rng.randint(2, 6)
    prose_at = pick_plies(rng, 3, n - 1, k_prose)
    pool = rng.sample(T["prose"], len(prose_at))
    for p, sent in zip(prose_at, pool, strict=False):
        sq = chess.square_name(g.moves[min(p + 1, n - 1)].to_square)
        extras[p] = [Item("note", sent.format(sq=sq), interrupt=True)]
    d["prose_sentences"] = len(prose_at)
    items = mainline_items(toks, nota, extras)
    res = nota.result_text(g.result)
    if res:
        items.append(Item("res", res))
    # words
    body: list[Word] = []
    glue_next = False
    for it in items:
        if it.kind == "note":
            body.extend([[w, None]] for w in it.text.split())
            glue_next = False
            continue
        if glue_next and body:
            body[-1].append([it.text, it.ply])
        else:
            body.append([[it.text, it.ply]])
        glue_next = it.kind == "num" and (it.space_after == "")
    # heading
    white, black = player(g.headers.get("White", "?")), player(g.headers.get("Black", "?"))
    month = rng.randrange(12)
    date = T["date"].format(
        wd=rng.choice(T["weekdays"]), d=rng.randint(1, 28), m=T["months"][month], y=year_of(g, rng)
    )
    title = rng.choice(T["columns"])
    head_lines: list[str] = [title]
    if rng.random() < 0.5:
        head_lines += [f"{T['white']}: {white}", f"{T['black']}: {black}"]
    else:
        head_lines += [f"{white} – {black}"]
    if rng.random() < 0.6:
        head_lines.append(g.headers.get("Event", "?"))
    split_log: list[int] = []
    ph_move, ph_prose = rng.uniform(0.3, 0.8), rng.uniform(0.5, 0.95)
    out_lines: list[tuple[list[Word], list[int], bool]] = []  # words, gaps, ends_split
    for h in head_lines:
        for ws, sp in _layout([[[w, None]] for w in h.split()], width, rng, 0.0, ph_prose, split_log):
            out_lines.append((ws, [1] * (len(ws) - 1), sp))
    body_lines = _layout(body, width, rng, ph_move, ph_prose, split_log)
    body_out: list[tuple[list[Word], list[int], bool]] = []
    for j, (ws, sp) in enumerate(body_lines):
        body_out.append((ws, _justify(ws, width, rng, j == len(body_lines) - 1), sp))
    d["hyphenated_moves"] = sorted(set(split_log))
    # page break with header in the middle of the game
    lo, hi = int(len(body_out) * 0.3), max(int(len(body_out) * 0.7), int(len(body_out) * 0.3) + 1)
    spots = [j for j in range(max(1, lo), min(hi, len(body_out))) if not body_out[j - 1][2]]
    page = rng.randint(2, 48)
    if spots:
        at = rng.choice(spots)
        variant = rng.randrange(3)
        if variant == 0:
            ins = [f"{page}", f"{title.upper()} | {date}"]
        elif variant == 1:
            ins = ["", f"– {page} –", "", title.upper()]
        else:
            ins = [f"{date}   {page}", ""]
        d["page_break"] = {"before_body_line": at, "lines": ins}
        body_out[at:at] = [([[[x, None]]] if x else [], [], False) for x in ins]
    b = Builder()
    for ws, gaps, _sp in out_lines:
        for j, w in enumerate(ws):
            if j:
                b.add(" " * gaps[j - 1])
            for s, ply in w:
                b.add(s, ply)
        b.add("\n")
    for ws, gaps, _sp in body_out:
        for j, w in enumerate(ws):
            if j:
                b.add(" " * gaps[j - 1])
            for s, ply in w:
                b.add(s, ply)
        b.add("\n")
    b.add(initials(rng))
    # OCR confusions, at most 1% of the characters, at most one per move
    total = len(b.text())
    rate = rng.uniform(0.002, 0.009)
    budget = min(max(1, round(rate * total)), total // 100)
    conf: list[dict[str, Any]] = []
    n_moves = min(budget, rng.choice([0, 1, 1, 2]))
    move_idx: dict[int, list[int]] = {}
    for pi, (_s, ply) in enumerate(b.parts):
        if ply is not None:
            move_idx.setdefault(ply, []).append(pi)
    tries = 0
    plies = list(move_idx)
    while n_moves > 0 and tries < 40 and plies:
        tries += 1
        ply = rng.choice(plies)
        pis = move_idx[ply]
        pi = rng.choice(pis)
        s = b.parts[pi][0]
        pos = [i for i, ch in enumerate(s) if ch in OCR_SWAP]
        if not pos:
            continue
        i = rng.choice(pos)
        new = s[:i] + OCR_SWAP[s[i]] + s[i + 1 :]
        old = s
        b.parts[pi][0] = new
        tok = "".join(b.parts[x][0] for x in range(pis[0], pis[-1] + 1))
        if match_moves(g.boards[ply], tok, ALPHA[loc]) or recover(OCR, loc, g.boards[ply], tok) != {
            g.moves[ply]
        }:
            b.parts[pi][0] = old
            continue
        conf.append({"ply": ply, "from": old[i], "to": new[i]})
        plies.remove(ply)
        n_moves -= 1
    n_text = budget - len(conf)
    others = [pi for pi, (s, ply) in enumerate(b.parts) if ply is None and s.strip() and s != res]
    tries = 0
    n_text_done = 0
    while n_text_done < n_text and tries < 200 and others:
        tries += 1
        pi = rng.choice(others)
        s = b.parts[pi][0]
        opts = [(m.start(), m.group(0)) for m in re.finditer(r"rn|m|[lO0S5ec1]", s)]
        if not opts:
            continue
        i, frm = rng.choice(opts)
        to = {"rn": "m", "m": "rn"}.get(frm, OCR_SWAP.get(frm, frm))
        b.parts[pi][0] = s[:i] + to + s[i + len(frm) :]
        conf.append({"ply": None, "from": frm, "to": to})
        n_text_done += 1
    d["ocr_confusions"] = conf
    d["ocr_rate"] = round(len(conf) / max(1, len(b.text())), 4)
    d["initials"] = True
    ctx.style["damage"] = d
    return b


# ---------------------------------------------------------------------------
# Profile 3: annotated tournament bulletin
# ---------------------------------------------------------------------------

PIECE_VALUE = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 0}


def plausible_line(
    board: chess.Board, avoid: chess.Move | None, length: int, rng: random.Random
) -> list[chess.Move]:
    """A short legal line with a little taste (captures, checks, development, no aimless king walks)."""
    b = board.copy(stack=False)
    out: list[chess.Move] = []
    for k in range(length):
        legal = [m for m in b.legal_moves if not (k == 0 and m == avoid)]
        if not legal:
            break
        scored: list[tuple[float, chess.Move]] = []
        for m in legal:
            sc = rng.random() * 2.0
            if b.is_capture(m):
                victim = b.piece_type_at(m.to_square) or chess.PAWN
                sc += 1.0 + PIECE_VALUE[victim] * 0.4
            if b.gives_check(m):
                sc += 1.0
            pt = b.piece_type_at(m.from_square)
            if pt == chess.KING and not b.is_castling(m) and not b.is_check():
                sc -= 2.0
            if b.is_castling(m):
                sc += 1.0
            if b.is_attacked_by(not b.turn, m.to_square) and not b.is_capture(m) and pt != chess.PAWN:
                sc -= 1.5
            scored.append((sc, m))
        scored.sort(key=lambda x: -x[0])
        mv = scored[0][1]
        out.append(mv)
        b.push(mv)
        if b.is_game_over():
            break
    return out


def render_line(
    board: chess.Board,
    moves: Sequence[chess.Move],
    nota: Nota,
    rng: random.Random,
    sub: tuple[int, list[chess.Move]] | None,
    sym_p: float,
) -> str:
    b = board.copy(stack=False)
    parts: list[str] = []
    need = True
    for j, mv in enumerate(moves):
        tok = render_move(b, mv, nota)
        if rng.random() < sym_p:
            tok += rng.choice(["!", "?", "!?", "?!"])
        nn = b.fullmove_number
        if b.turn == chess.WHITE:
            parts.append(nota.num(nn) + nota.num_space + tok)
        elif need:
            parts.append(nota.resume(nn) + nota.resume_space + tok)
        else:
            parts.append(tok)
        need = False
        if sub and sub[0] == j:
            parts.append(render_line(b, sub[1], nota, rng, None, sym_p))
            need = True
        b.push(mv)
    if rng.random() < 0.4:
        parts.append(rng.choice(["±", "∓", "=", "+-", "-+", "⩲", "⩱", "∞"]))
    return "(" + " ".join(parts) + ")"


def prof_bulletin(ctx: Ctx) -> Builder:
    g, rng, loc, T, nota = ctx.g, ctx.rng, ctx.locale, TXT[ctx.locale], ctx.nota
    n = g.plies
    toks = list(ctx.base)
    d: dict[str, Any] = {}
    # move symbols
    sym_p = rng.uniform(0.05, 0.12)
    syms: dict[int, str] = {}
    for i in range(n):
        if rng.random() < sym_p:
            syms[i] = rng.choices(["!", "?", "!?", "?!", "!!", "??"], [30, 25, 20, 20, 3, 2])[0]
            toks[i] += syms[i]
    d["move_symbols"] = {str(k): v for k, v in syms.items()}
    extras: dict[int, list[Item]] = {}
    # variations
    nvar = rng.randint(2, 6)
    var_plies = pick_plies(rng, 4, n - 1, nvar)
    variations: list[dict[str, Any]] = []
    for p in var_plies:
        before = p % 2 == 1 and rng.random() < 0.35  # "12. Jf3 (12...Dh4 ...) 12... Jf6"
        line = plausible_line(g.boards[p], g.moves[p], rng.randint(1, 6), rng)
        if not line:
            continue
        sub: tuple[int, list[chess.Move]] | None = None
        if len(line) >= 3 and rng.random() < 0.35:
            j = rng.randint(1, len(line) - 1)
            bj = g.boards[p].copy(stack=False)
            for mv in line[:j]:
                bj.push(mv)
            sl = plausible_line(bj, line[j], rng.randint(1, 4), rng)
            if sl:
                sub = (j, sl)
        text = render_line(g.boards[p], line, nota, rng, sub, sym_p)
        at = p - 1 if before else p
        extras.setdefault(at, []).append(Item("note", text, interrupt=True))
        bb = g.boards[p].copy(stack=False)
        san_line = []
        for mv in line:
            san_line.append(bb.san(mv))
            bb.push(mv)
        rec: dict[str, Any] = {
            "ply": p,
            "placement": "before_move" if before else "after_move",
            "san": san_line,
        }
        if sub:
            bs = g.boards[p].copy(stack=False)
            for mv in line[: sub[0]]:
                bs.push(mv)
            ssan = []
            for mv in sub[1]:
                ssan.append(bs.san(mv))
                bs.push(mv)
            rec["sub"] = {"index": sub[0], "san": ssan}
        variations.append(rec)
    d["variations"] = variations
    # evaluation symbols
    evals = pick_plies(rng, 6, n, rng.randint(1, 4))
    for p in evals:
        extras.setdefault(p, []).insert(
            0, Item("note", rng.choice(["±", "∓", "=", "+-", "-+", "⩲", "⩱", "∞"]), interrupt=p % 2 == 0)
        )
    d["evaluations"] = len(evals)
    # comments
    comments = pick_plies(rng, 2, n - 1, rng.randint(1, 4))
    brackets: list[str] = []
    for p in comments:
        c = (
            rng.choice(T["short"])
            if rng.random() < 0.6
            else prose_sentence(loc, rng, chess.square_name(g.moves[p].to_square))
        )
        br = rng.choice(["{}", "[]", ""])
        brackets.append(br or "none")
        extras.setdefault(p, []).append(Item("note", (br[0] + c + br[1]) if br else c, interrupt=True))
    d["comments"] = brackets
    # diagrams
    diags = pick_plies(rng, 10, n - 1, rng.choice([0, 1, 1, 2]))
    for p in diags:
        extras.setdefault(p, []).append(
            Item("note", rng.choice(["(D)", "(D)", T["diagram"]]), interrupt=True)
        )
    d["diagrams"] = len(diags)
    # line breaks after interruptions
    nl_p = rng.uniform(0.2, 0.7)
    for _p, exs in extras.items():
        if any(e.text.startswith("(") or e.text.startswith("{") for e in exs) and rng.random() < nl_p:
            exs.append(Item("nl"))
    # heading
    r, bd = round_board(g, rng)
    we, be = g.headers.get("WhiteElo", ""), g.headers.get("BlackElo", "")
    white = player(g.headers.get("White", "?")) + (f" ({we})" if we and we != "?" else "")
    black = player(g.headers.get("Black", "?")) + (f" ({be})" if be and be != "?" else "")
    heads = [f"{T['round'].format(r=r)}, {T['board'].format(b=bd)}", f"{white} – {black}"]
    ev = g.headers.get("Event", "")
    if ev and ev != "?":
        heads.append(f"{ev} {year_of(g, rng)}")
    eco = g.headers.get("ECO", "")
    if eco and eco != "?":
        heads.append(rng.choice([eco, f"[{eco}]", f"ECO {eco}"]))
    if rng.random() < 0.6:
        heads.append(rng.choice(T["annot"]).format(a=initials(rng)))
    d["heading_lines"] = len(heads)
    b = Builder()
    for h in heads:
        b.add(h + "\n")
    b.add("\n")
    items = mainline_items(toks, nota, extras)
    res = nota.result_text(g.result)
    if res:
        items.append(Item("res", res))
    join_items(items, b, width=rng.choice([None, 70, 80]))
    ctx.style["damage"] = d
    return b


# ---------------------------------------------------------------------------
# Profile 4: mixed letters / machine translation
# ---------------------------------------------------------------------------


def prof_mixed(ctx: Ctx) -> Builder:
    g, rng, loc, T, nota = ctx.g, ctx.rng, ctx.locale, TXT[ctx.locale], ctx.nota
    n = g.plies
    toks = list(ctx.base)
    d: dict[str, Any] = {}
    piece = [i for i in range(n) if g.san[i][0] in "NBRQK"]
    frac = rng.uniform(0.10, 0.40)
    lo, hi = -(-len(piece) // 10), (len(piece) * 4) // 10
    target = max(
        lo,
        min(
            hi,
            round(frac * len(piece)),
        ),
    )
    target = max(target, 1) if hi >= 1 else 0
    k = min(target, rng.choice([1, 2, 2, 3]))
    while k > 1 and len(piece) - target - (k - 1) < 0:
        k -= 1
    stretches: list[list[int]] = []
    if k:
        sizes = [target // k + (1 if j < target % k else 0) for j in range(k)]
        rng.shuffle(sizes)
        free = len(piece) - target - (k - 1)
        cuts = sorted(rng.randint(0, free) for _ in range(k))
        gaps = [cuts[0]] + [cuts[j] - cuts[j - 1] + 1 for j in range(1, k)]
        pos = 0
        for gap, sz in zip(gaps, sizes, strict=False):
            pos += gap
            stretches.append([piece[pos], piece[pos + sz - 1]])
            pos += sz
    en_nota = Nota(
        locale="en",
        letters=LETTERS["en"],
        long_form=nota.long_form,
        capture="x",
        castle="O",
        promo_eq=True,
        checks=nota.checks,
    )
    english: list[int] = []
    kept: list[int] = []
    both = {**ALPHA[loc], **ALPHA["en"]}
    for a, z in sorted(stretches):
        for i in range(a, z + 1):
            t = render_move(g.boards[i], g.moves[i], en_nota)
            ok = match_moves(g.boards[i], t, both) == {g.moves[i]} and recover(
                MIXED, loc, g.boards[i], t
            ) == {g.moves[i]}
            if not ok:
                kept.append(i)
                continue
            toks[i] = t
            if i in piece:
                english.append(i)
    d["english_stretches"] = sorted(stretches)
    d["english_piece_moves"] = english
    d["piece_moves"] = len(piece)
    d["english_share"] = round(len(english) / max(1, len(piece)), 3)
    d["kept_local_ambiguous"] = kept
    # translated heading, labels in either language
    b = Builder()
    r, _ = round_board(g, rng)

    def lab(key: str) -> str:
        return EN_LABELS[key] if rng.random() < 0.5 else T[key]

    heads = [
        f"{lab('event')}: {g.headers.get('Event', '?')}",
        f"{lab('roundw')}: {r}",
        f"{lab('white')}: {player(g.headers.get('White', '?'))}",
        f"{lab('black')}: {player(g.headers.get('Black', '?'))}",
    ]
    op = g.headers.get("Opening", "")
    if op and op != "?":
        heads.append(f"{lab('opening')}: {op}")
    drop = [
        h for h in (heads[0], heads[1], heads[4] if len(heads) > 4 else None) if h and rng.random() < 0.35
    ]
    heads = [h for h in heads if h not in drop]
    if rng.random() < 0.4:
        gn = rng.randint(1, 30)
        heads.insert(0, f"{T['gameno'].format(n=gn)} / Game {gn}")
    for h in heads:
        b.add(h + "\n")
    b.add("\n")
    # prose in English and the locale, mixed
    extras: dict[int, list[Item]] = {}
    langs: list[str] = []
    for p in pick_plies(rng, 4, n - 1, rng.randint(1, 3)):
        kind = rng.choice(["en", "loc", "both"])
        sq = chess.square_name(g.moves[p].to_square)
        if kind == "en":
            c = rng.choice(EN_PROSE)
        elif kind == "loc":
            c = prose_sentence(loc, rng, sq)
        else:
            c = rng.choice(EN_PROSE) + " / " + prose_sentence(loc, rng, sq)
        langs.append(kind)
        br = rng.choice(["{}", ""])
        extras[p] = [Item("note", (br[0] + c + br[1]) if br else c, interrupt=True)]
    d["prose"] = langs
    items = mainline_items(toks, nota, extras)
    res = nota.result_text(g.result)
    if res:
        items.append(Item("res", res))
    join_items(items, b, width=rng.randint(60, 90))
    ctx.style["damage"] = d
    return b


# ---------------------------------------------------------------------------
# Profile 5: chat and forum post
# ---------------------------------------------------------------------------


def prof_chat(ctx: Ctx) -> Builder:
    g, rng, loc, T, nota = ctx.g, ctx.rng, ctx.locale, TXT[ctx.locale], ctx.nota
    n = g.plies
    toks = list(ctx.base)
    d: dict[str, Any] = {}
    p_low = rng.uniform(0.3, 1.0)
    lowered: list[int] = []
    kept: list[int] = []
    for i in range(n):
        t = toks[i]
        if not t[:1].isupper() and t[:1] != "0":
            continue
        if rng.random() >= p_low:
            continue
        low = t.lower()
        if low == t:
            continue
        bd = g.boards[i]
        if recover(CHAT, loc, bd, low) == {g.moves[i]}:
            toks[i] = low
            lowered.append(i)
        else:
            kept.append(i)
    d["lowercase_rate"] = round(p_low, 2)
    d["lowercased_plies"] = lowered
    d["kept_capital_ambiguous"] = kept
    extras: dict[int, list[Item]] = {}
    resume_p = rng.uniform(0.0, 1.0)
    # reactions
    reacts: list[str] = []
    for p in pick_plies(rng, 2, n - 1, rng.randint(2, 6)):
        r = rng.choice(EMOJI + EMOJI + T["reactions"] + ["!!!", "???", "xD"])
        glue = r in ("!!!", "???") and rng.random() < 0.5
        reacts.append(r)
        extras.setdefault(p, []).append(Item("note", r, interrupt=rng.random() < resume_p, glue=glue))
    d["reactions"] = reacts
    # quoted earlier lines
    quotes: list[list[int]] = []
    for q in pick_plies(rng, 8, n - 4, rng.choice([1, 1, 2])):
        a = max(0, q - rng.randint(1, 5))
        qt = fragment_text(toks, a, q, nota)
        ex: list[Item] = [Item("nl")]
        if rng.random() < 0.6:
            ex += [Item("note", TXT[loc]["wrote"].format(u="@" + rng.choice(USERS))), Item("nl")]
        ex += [Item("note", "> " + qt), Item("nl")]
        if rng.random() < 0.7:
            ex += [Item("note", rng.choice(T["chat_reply"])), Item("nl")]
        ex[-1].interrupt = True
        for e in ex:
            e.interrupt = True
        extras.setdefault(q, []).extend(ex)
        quotes.append([a, q])
    d["quotes"] = quotes
    # line breaks every 1-3 moves
    i = rng.randint(1, 5)
    breaks = 0
    while i < n - 1:
        if not any(e.kind == "nl" for e in extras.get(i, [])):
            extras.setdefault(i, []).append(Item("nl", interrupt=rng.random() < resume_p))
            breaks += 1
        i += rng.randint(2, 6)
    d["line_breaks"] = breaks
    b = Builder()
    b.add(rng.choice(T["chat_intro"]) + rng.choice(["", " " + rng.choice(EMOJI)]) + "\n")
    if rng.random() < 0.5:
        b.add("\n")
    items = mainline_items(toks, nota, extras)
    res = nota.result_text(g.result)
    if res:
        items.append(Item("res", res))
        if rng.random() < 0.5:
            items.append(Item("note", rng.choice(["gg", "😭", "🎉", "!!"])))
    join_items(items, b)
    sig = rng.choice(
        [
            "--\n" + rng.choice(USERS) + f" | ELO {rng.randint(1100, 2200)}",
            rng.choice(T["sent"]),
            "-- " + rng.choice(USERS),
        ]
    )
    b.add("\n\n" + sig)
    d["signature"] = True
    ctx.style["damage"] = d
    return b


PROFILE_FN = {WP: prof_wp, OCR: prof_ocr, BULLETIN: prof_bulletin, MIXED: prof_mixed, CHAT: prof_chat}


# ---------------------------------------------------------------------------
# Driver
# ---------------------------------------------------------------------------


def game_seed(seed: int, index: int) -> int:
    return (seed * 1_000_003 + index * 7919 + 17) % (2**31)


def make_sample(g: SourceGame, locale: str, profile: str, seed: int) -> Sample:
    rng = random.Random(seed)
    nota = random_nota(locale, rng, long_p={CHAT: 0.05, BULLETIN: 0.1}.get(profile, 0.15))
    if profile == WP:
        nota.num_fmt = "{n}."
    ctx = Ctx(g=g, locale=locale, rng=rng, nota=nota, base=base_tokens(g, nota))
    b = PROFILE_FN[profile](ctx)
    text = b.text()
    spans = b.spans()
    tokens = [text[spans[i][0] : spans[i][1]] for i in range(g.plies)]
    ctx.style.pop("tokens", None)
    style = {"notation": nota.describe(), "damage": ctx.style.get("damage", {})}
    rec = {
        "id": f"eighth-{locale}-{g.index:05d}-{seed}",
        "locale": locale,
        "seed": seed,
        "style": style,
        "profile": profile,
        "text": text,
        "clean": clean_text(ctx),
        "san": list(g.san),
        "uci": list(g.uci),
        "result": g.result,
    }
    return Sample(rec, tokens, spans, ctx.base)


def profile_order(seed: int, n: int) -> list[str]:
    rng = random.Random(seed ^ 0x5EED)
    order: list[str] = []
    while len(order) < n:
        block = list(PROFILES)
        rng.shuffle(block)
        order.extend(block)
    return order[:n]


def generate(path: str, locale: str, games: int, seed: int, skip: int) -> list[Sample]:
    return generate_from(load_games(path, skip, games), locale, seed)


def generate_from(src: Sequence[SourceGame], locale: str, seed: int) -> list[Sample]:
    order = profile_order(seed, len(src))
    return [make_sample(g, locale, order[k], game_seed(seed, g.index)) for k, g in enumerate(src)]


# ---------------------------------------------------------------------------
# Self-check
# ---------------------------------------------------------------------------


def check_sample(s: Sample) -> list[str]:
    r = s.record
    errs: list[str] = []
    text, prof, loc, d = r["text"], r["profile"], r["locale"], r["style"]["damage"]
    board = chess.Board()
    moves: list[chess.Move] = []
    for san in r["san"]:
        try:
            mv = board.parse_san(san)
        except ValueError:
            return [f"illegal san {san}"]
        moves.append(mv)
        board.push(mv)
    if [m.uci() for m in moves] != r["uci"]:
        errs.append("uci mismatch")
    if text == r["clean"]:
        errs.append("text identical to clean")
    board = chess.Board()
    last = -1
    for i, mv in enumerate(moves):
        st, en = s.spans[i]
        if st <= last:
            errs.append(f"ply {i} out of order")
        last = en - 1
        tok = s.tokens[i]
        got = recover(prof, loc, board, tok, sentence_start(text[:st]), r["style"])
        if got != {mv}:
            errs.append(f"ply {i} token {tok!r} recovers {[board.san(m) for m in got]} not {r['san'][i]}")
        # at most the damage the profile promises
        base = s.base[i]
        t2 = tok.replace("\u00ad", "")
        t2 = re.sub(r"-\n", "", t2)
        if prof == WP:
            ok = tok in (base, base.replace("-", "–")) or (
                tok[0] in "ABCDEFGH" and tok[0].lower() + tok[1:] == base
            )
        elif prof == OCR:
            nb = norm_token(base)
            ok = norm_token(tok) == nb or any(norm_token(v) == nb for v in ocr_variants(tok))
        elif prof == BULLETIN:
            ok = tok.rstrip("!?") == base
        elif prof == MIXED:
            en_nota = Nota(
                "en",
                LETTERS["en"],
                long_form=r["style"]["notation"]["long_form"],
                capture="x",
                castle="O",
                promo_eq=True,
                checks=r["style"]["notation"]["checks"],
            )
            ok = tok in (base, render_move(board, mv, en_nota))
        else:
            ok = tok.rstrip("!?") in (base, base.lower())
        if not ok:
            errs.append(f"{prof} ply {i}: {tok!r} vs {base!r} is more than the promised damage")
        board.push(mv)
    if prof == OCR:
        if len(d["ocr_confusions"]) > len(text) / 100:
            errs.append("ocr rate over 1%")
        if not 2 <= d["prose_sentences"] <= 6:
            errs.append("prose count")
    if prof == BULLETIN:
        if not 2 <= len(d["variations"]) <= 6:
            errs.append(f"variation count {len(d['variations'])}")
        for v in d["variations"]:
            bd = chess.Board()
            for mv in moves[: v["ply"]]:
                bd.push(mv)
            for k, san in enumerate(v["san"]):
                if "sub" in v and v["sub"]["index"] == k:
                    bs = bd.copy()
                    for ss in v["sub"]["san"]:
                        bs.push_san(ss)
                bd.push_san(san)
    if prof == MIXED:
        share = d["english_share"]
        if d["piece_moves"] >= 3 and not 0.10 - 1e-9 <= share <= 0.40 + 1e-9:
            errs.append(f"english share {share}")
    if prof == WP and len(d.get("renumbered", [])) > 4:
        errs.append("too many renumbered lines")
    res = r["result"]
    if res != "*":
        forms = {"1-0": ["1-0", "1:0"], "0-1": ["0-1", "0:1"], "1/2-1/2": ["1/2-1/2", "½-½"]}[res]
        if not any(f in text for f in forms):
            errs.append("result missing")
    return errs


def self_check(path: str) -> int:
    t0 = time.time()
    samples: list[Sample] = []
    src = load_games(path, 0, 300)
    for k, loc in enumerate(LOCALES):
        for part in range(2):
            j = 2 * k + part
            samples += generate_from(src[50 * j : 50 * j + 50], loc, 9000 + 10 * k + part)
    prof_count = Counter(s.record["profile"] for s in samples)
    loc_count = Counter(s.record["locale"] for s in samples)
    bad = 0
    for s in samples:
        errs = check_sample(s)
        if errs:
            bad += 1
            if bad <= 10:
                print(f"FAIL {s.record['id']} {s.record['profile']}: {errs[:3]}")
    dmg: Counter[str] = Counter()
    for s in samples:
        dmg[s.record["profile"]] += sum(1 for i, t in enumerate(s.tokens) if t != s.base[i])
    print(f"samples: {len(samples)}  locales: {dict(loc_count)}")
    print(f"profiles: {dict(prof_count)}")
    print(f"damaged move tokens per profile: {dict(dmg)}")
    assert set(prof_count) == set(PROFILES), "a profile is missing"
    assert bad == 0, f"{bad} samples failed"
    # determinism
    a = generate(path, "sk", 5, 42, 0)
    b = generate(path, "sk", 5, 42, 0)
    assert [x.record for x in a] == [y.record for y in b], "not deterministic"
    print(
        f"self-check OK: san replays, every profile present, text != clean, every move recoverable "
        f"within the promised damage ({time.time() - t0:.1f}s)"
    )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--locale", choices=LOCALES, default="sk")
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--skip", type=int, default=0, help="skip the first K eligible games")
    ap.add_argument("--pgn", default=DEFAULT_PGN)
    ap.add_argument("-o", "--out", default="-")
    ap.add_argument("--self-check", action="store_true")
    a = ap.parse_args(argv)
    if a.self_check:
        return self_check(a.pgn)
    samples = generate(a.pgn, a.locale, a.games, a.seed, a.skip)
    lines = "".join(json.dumps(s.record, ensure_ascii=False) + "\n" for s in samples)
    if a.out == "-":
        sys.stdout.write(lines)
    else:
        with open(a.out, "w", encoding="utf-8") as fh:
            fh.write(lines)
    if a.out != "-":
        print(f"wrote {len(samples)} games to {a.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
