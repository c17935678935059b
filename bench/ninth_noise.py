"""Ninth noise generator: real games as damaged Slovak, Czech or Serbian Latin game scores.

Reads real games from a PGN file, writes each one in Slovak (`sk`), Czech (`cs`) or Serbian Latin (`sr`)
algebraic notation with its own renderer (checked move by move against python-chess's SAN), then damages
the text the way one of six real sources damages published game scores:

* ``pdf_columns``  - text extracted from a two-column PDF bulletin (columns read across, figurines lost);
* ``web_copy``     - a move table copied out of a browser (tabs, NBSP, zero-width spaces, entities, clocks);
* ``volunteer``    - a volunteer's transcription of a scoresheet (crossed-out moves, blanks, time notes);
* ``machine_translation`` - an English article run through machine translation (prose, check words);
* ``figurine_ocr`` - a book set with a figurine font, scanned and OCR'd (figurines read as garbage);
* ``correspondence`` - a correspondence game copied from its log or messages (dates, repeats, conditionals).

One JSON object per game goes to the output; ``ninth_noise.md`` describes the format, profiles and rates.

Written independently from a brief: none of the project's decoder, its other code or its other noise
generators were read, and nothing of the project is imported. The confusion tables and rates are guesses
about how real texts get damaged, not tuned to any decoder.
"""

from __future__ import annotations

import argparse
import datetime
import json
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import cycle, zip_longest
from pathlib import Path
from typing import Any

import chess
import chess.pgn

# The games beside the project: ../shared/data/pgn/shakmaty.
SHAKMATY = Path(__file__).resolve().parents[2] / "shared" / "data" / "pgn" / "shakmaty"
DEFAULT_PGN = SHAKMATY / "twic1599_1000k.pgn"
OTHER_PGN = SHAKMATY / "lichess_db_1000k.pgn"
LOCALES = ("sk", "cs", "sr")
PIECES = (chess.KING, chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT)
Letters = Mapping[int, str]
ENGLISH: Letters = dict(zip(PIECES, "KQRBN", strict=True))
LOCAL: Mapping[str, Letters] = {
    "sk": dict(zip(PIECES, "KDVSJ", strict=True)),
    "cs": dict(zip(PIECES, "KDVSJ", strict=True)),
    "sr": dict(zip(PIECES, "KDTLS", strict=True)),
}
PIECE_OF_SAN = {letter: piece for piece, letter in ENGLISH.items()}
SAN_RE = re.compile(r"^([KQRBN]?)([a-h]?[1-8]?)(x?)([a-h][1-8])(?:=([QRBN]))?$")
RESULTS = ("1-0", "0-1", "1/2-1/2")
ICCF_PROMOTION = {chess.QUEEN: "1", chess.ROOK: "2", chess.BISHOP: "3", chess.KNIGHT: "4"}
LEVELS = {"light": 1.0, "medium": 2.0, "heavy": 4.0}
LEVEL_WEIGHTS = (60, 28, 12)
MIN_PLIES = 16

Record = dict[str, Any]


class CheckError(Exception):
    """A self-check or renderer round-trip failure."""


def require(condition: bool, message: str) -> None:
    if not condition:
        raise CheckError(message)


# --------------------------------------------------------------------------------------------------------
# Words of each locale. Every entry is a tuple of alternatives; `{x}` fields are filled by the caller.

VOCAB: dict[str, dict[str, tuple[str, ...]]] = {
    "sk": {
        "white": ("Biely",),
        "black": ("Čierny",),
        "heading": ("Partia č. {n}", "{n}. partia"),
        "event_line": ("{e}, {r}. kolo", "{e} ({r}. kolo)"),
        "prose": (
            "V ďalšom kole sa stretli favoriti turnaja a partia mala veľmi ostrý priebeh.",
            "Finále turnaja prinieslo definitívne rozhodnutie až v poslednom kole.",
            "Konflikt v strede šachovnice vyriešil biely efektívnou obetou.",
            "Čierny zvolil fianchetto a dlho sa bránil.",
            "Profil turnaja: hralo sa deväť kôl švajčiarskym systémom.",
            "Po ofenzívnom otvorení prešla hra do koncovky s rovnofarebnými strelcami.",
        ),
        "footer": ("Šachový bulletin {n}/{y} · strana {p}", "— {p} —", "Spravodaj SŠZ {n}/{y}   {p}"),
        "continued": ("(pokračovanie zo strany {p})", "(dokončenie)"),
        "footnote": (
            "Pozri poznámku redakcie.",
            "Podľa autora najsilnejší ťah.",
            "Časová tieseň.",
            "Partia bola hraná v záverečnom kole.",
        ),
        "widget": ("Zobraziť/Skryť ťahy", "Kopírovať PGN", "Analýza & komentáre", "Stiahnuť", "Zdieľať"),
        "result_label": ("Výsledok",),
        "transcript": ("Prepis zápisu partie", "Prepis formulára (dobrovoľník)"),
        "correction": ("opr.",),
        "time_note": ("({m} min)", "(zostáva {m} min)", "[{m}']"),
        "vol_note": (
            "Pozn. prepisovateľa: niektoré ťahy boli na formulári prečiarknuté.",
            "Pozn.: formulár je miestami nečitateľný.",
        ),
        "check": ("šach",),
        "mate": ("mat", "šachmat"),
        "mt_title": ("Hra týždňa: {w} vs {b}", "Hra dňa: {w} proti {b}"),
        "mt_intro": (
            "V tejto hre biely otvoril a čierny vybral ostrú obranu.",
            "Toto je jedna z najlepších hier turnaja, podľa mňa.",
        ),
        "mt_comment": (
            "Toto je hlavná línia teórie.",
            "Biely chce hrať pre iniciatívu.",
            "Čierny musí byť opatrný tu.",
            "Pozícia je približne rovná.",
            "Teraz prichádza zaujímavý moment.",
            "Motor preferuje iný ťah tu.",
        ),
        "mt_back": ("Po {m} pozícia je komplikovaná.", "Ťah {m} je silný."),
        "mt_embed_w": ("Biely hrá {m}.", "A teraz biely hrá {m}."),
        "mt_embed_b": ("Čierny odpovedá s {m}.", "Čierny hrá {m} tu."),
        "mt_1-0": ("Biely vyhráva.",),
        "mt_0-1": ("Čierny vyhráva.",),
        "mt_1/2-1/2": ("Remíza.", "Hra je remíza."),
        "chapter": ("Sicílska obrana", "Kapitola 4: Útok na kráľa", "Vybrané partie", "Koncovky"),
        "corr_title": ("Korešpondenčná partia", "Korešpondenčný šach – {e}"),
        "received": ("Váš ťah {m} prijatý.", "Potvrdzujem {m}."),
        "mine": ("Môj ťah: {m}", "Odpovedám {m}."),
        "conditional": ("Podmienene: ak {a}, tak {b}.",),
        "resign": ("Vzdávam sa. Gratulujem!",),
        "draw": ("Súhlasím s remízou.",),
        "col_no": ("č.",),
        "columns": ("prijaté|odoslané",),
    },
    "cs": {
        "white": ("Bílý",),
        "black": ("Černý",),
        "heading": ("Partie č. {n}", "{n}. partie"),
        "event_line": ("{e}, {r}. kolo", "{e} ({r}. kolo)"),
        "prose": (
            "V dalším kole se utkali favorité turnaje a partie měla velmi ostrý průběh.",
            "Finále turnaje přineslo definitivní rozhodnutí až v posledním kole.",
            "Konflikt ve středu šachovnice vyřešil bílý efektivní obětí.",
            "Černý zvolil fianchetto a dlouho se bránil.",
            "Profil turnaje: hrálo se devět kol švýcarským systémem.",
            "Po ofenzivním zahájení přešla hra do koncovky se stejnobarevnými střelci.",
        ),
        "footer": ("Šachový zpravodaj {n}/{y} · strana {p}", "— {p} —", "Zpravodaj ŠSČR {n}/{y}   {p}"),
        "continued": ("(pokračování ze strany {p})", "(dokončení)"),
        "footnote": (
            "Viz poznámku redakce.",
            "Podle autora nejsilnější tah.",
            "Časová tíseň.",
            "Partie byla hrána v závěrečném kole.",
        ),
        "widget": ("Zobrazit/Skrýt tahy", "Kopírovat PGN", "Analýza & komentáře", "Stáhnout", "Sdílet"),
        "result_label": ("Výsledek",),
        "transcript": ("Přepis zápisu partie", "Přepis formuláře (dobrovolník)"),
        "correction": ("opr.",),
        "time_note": ("({m} min)", "(zbývá {m} min)", "[{m}']"),
        "vol_note": (
            "Pozn. přepisovatele: některé tahy byly na formuláři přeškrtnuté.",
            "Pozn.: formulář je místy nečitelný.",
        ),
        "check": ("šach",),
        "mate": ("mat", "šachmat"),
        "mt_title": ("Hra týdne: {w} vs {b}", "Hra dne: {w} proti {b}"),
        "mt_intro": (
            "V této hře bílý otevřel a černý vybral ostrou obranu.",
            "Toto je jedna z nejlepších her turnaje, podle mě.",
        ),
        "mt_comment": (
            "Toto je hlavní linie teorie.",
            "Bílý chce hrát pro iniciativu.",
            "Černý musí být opatrný zde.",
            "Pozice je přibližně rovná.",
            "Nyní přichází zajímavý moment.",
            "Motor preferuje jiný tah zde.",
        ),
        "mt_back": ("Po {m} pozice je komplikovaná.", "Tah {m} je silný."),
        "mt_embed_w": ("Bílý hraje {m}.", "A nyní bílý hraje {m}."),
        "mt_embed_b": ("Černý odpovídá s {m}.", "Černý hraje {m} zde."),
        "mt_1-0": ("Bílý vyhrává.",),
        "mt_0-1": ("Černý vyhrává.",),
        "mt_1/2-1/2": ("Remíza.", "Hra je remíza."),
        "chapter": ("Sicilská obrana", "Kapitola 4: Útok na krále", "Vybrané partie", "Koncovky"),
        "corr_title": ("Korespondenční partie", "Korespondenční šach – {e}"),
        "received": ("Váš tah {m} přijat.", "Potvrzuji {m}."),
        "mine": ("Můj tah: {m}", "Odpovídám {m}."),
        "conditional": ("Podmíněně: pokud {a}, pak {b}.",),
        "resign": ("Vzdávám. Gratuluji!",),
        "draw": ("Souhlasím s remízou.",),
        "col_no": ("č.",),
        "columns": ("přijato|odesláno",),
    },
    "sr": {
        "white": ("Beli", "Bijeli"),
        "black": ("Crni",),
        "heading": ("Partija br. {n}", "{n}. partija"),
        "event_line": ("{e}, {r}. kolo", "{e} ({r}. kolo)"),
        "prose": (
            "U sledećem kolu sastali su se favoriti turnira i partija je imala veoma oštar tok.",
            "Finale turnira donelo je definitivnu odluku tek u poslednjem kolu.",
            "Konflikt u centru table beli je rešio efikasnom žrtvom.",
            "Crni je izabrao fijanketo i dugo se branio.",
            "Profil turnira: igralo se devet kola po švajcarskom sistemu.",
            "Posle ofanzivnog otvaranja igra je prešla u završnicu sa istobojnim lovcima.",
        ),
        "footer": ("Šahovski bilten {n}/{y} · strana {p}", "— {p} —", "Glasnik ŠSS {n}/{y}   {p}"),
        "continued": ("(nastavak sa strane {p})", "(završetak)"),
        "footnote": (
            "Vidi napomenu redakcije.",
            "Po autoru najjači potez.",
            "Cajtnot.",
            "Partija je igrana u poslednjem kolu.",
        ),
        "widget": ("Prikaži/Sakrij poteze", "Kopiraj PGN", "Analiza & komentari", "Preuzmi", "Podeli"),
        "result_label": ("Rezultat",),
        "transcript": ("Prepis zapisa partije", "Prepis obrasca (volonter)"),
        "correction": ("ispr.",),
        "time_note": ("({m} min)", "(ostalo {m} min)", "[{m}']"),
        "vol_note": (
            "Napomena prepisivača: neki potezi su na obrascu precrtani.",
            "Napomena: obrazac je mestimično nečitak.",
        ),
        "check": ("šah",),
        "mate": ("mat", "šah-mat"),
        "mt_title": ("Igra nedelje: {w} vs {b}", "Igra dana: {w} protiv {b}"),
        "mt_intro": (
            "U ovoj igri beli je otvorio i crni je izabrao oštru odbranu.",
            "Ovo je jedna od najboljih igara turnira, po mom mišljenju.",
        ),
        "mt_comment": (
            "Ovo je glavna linija teorije.",
            "Beli želi da igra za inicijativu.",
            "Crni mora biti oprezan ovde.",
            "Pozicija je približno jednaka.",
            "Sada dolazi zanimljiv trenutak.",
            "Motor preferira drugi potez ovde.",
        ),
        "mt_back": ("Posle {m} pozicija je komplikovana.", "Potez {m} je jak."),
        "mt_embed_w": ("Beli igra {m}.", "I sada beli igra {m}."),
        "mt_embed_b": ("Crni odgovara sa {m}.", "Crni igra {m} ovde."),
        "mt_1-0": ("Beli pobeđuje.",),
        "mt_0-1": ("Crni pobeđuje.",),
        "mt_1/2-1/2": ("Remi.", "Igra je remi."),
        "chapter": ("Sicilijanska odbrana", "Poglavlje 4: Napad na kralja", "Izabrane partije", "Završnice"),
        "corr_title": ("Dopisna partija", "Dopisni šah – {e}"),
        "received": ("Vaš potez {m} primljen.", "Potvrđujem {m}."),
        "mine": ("Moj potez: {m}", "Odgovaram {m}."),
        "conditional": ("Uslovno: ako {a}, onda {b}.",),
        "resign": ("Predajem. Čestitam!",),
        "draw": ("Prihvatam remi.",),
        "col_no": ("br.",),
        "columns": ("primljeno|poslato",),
    },
}

# --------------------------------------------------------------------------------------------------------
# Games


@dataclass(frozen=True)
class Game:
    """One eligible game's main line, cut at the ply limit."""

    index: int
    headers: Mapping[str, str]
    moves: tuple[chess.Move, ...]
    san: tuple[str, ...]
    clocks: tuple[float | None, ...]
    result: str

    def header(self, key: str, default: str = "?") -> str:
        value = self.headers.get(key, "").strip()
        return value if value.strip("?-. ") else default

    def positions(self) -> list[chess.Board]:
        """The board before each ply."""
        board = chess.Board()
        boards: list[chess.Board] = []
        for move in self.moves:
            boards.append(board.copy(stack=False))
            board.push(move)
        return boards


def read_games(path: Path, skip: int, count: int, max_plies: int) -> list[Game]:
    """The eligible games number skip .. skip+count-1 (standard start, at least MIN_PLIES plies)."""
    games: list[Game] = []
    eligible = 0
    with path.open(encoding="utf-8", errors="replace") as handle:
        while len(games) < count:
            parsed = chess.pgn.read_game(handle)
            if parsed is None:
                break
            nodes = list(parsed.mainline())
            if not _eligible(parsed, len(nodes)):
                continue
            eligible += 1
            if eligible > skip:
                games.append(_to_game(eligible - 1, parsed, nodes, max_plies))
    return games


def _eligible(parsed: chess.pgn.Game, plies: int) -> bool:
    headers = parsed.headers
    standard = headers.get("Variant", "Standard").lower() in ("standard", "chess")
    set_up = "FEN" in headers or headers.get("SetUp", "0") == "1"
    return not parsed.errors and standard and not set_up and plies >= MIN_PLIES


def _to_game(index: int, parsed: chess.pgn.Game, nodes: list[chess.pgn.ChildNode], max_plies: int) -> Game:
    kept = nodes[:max_plies]
    board = chess.Board()
    sans: list[str] = []
    for node in kept:
        sans.append(board.san(node.move))
        board.push(node.move)
    result = parsed.headers.get("Result", "*")
    if len(nodes) > max_plies or result not in RESULTS:
        result = "*"
    headers = {key: " ".join(value.split()) for key, value in parsed.headers.items()}
    moves, clocks = tuple(node.move for node in kept), tuple(node.clock() for node in kept)
    return Game(index, headers, moves, tuple(sans), clocks, result)


# --------------------------------------------------------------------------------------------------------
# The renderer and its inverse


@dataclass(frozen=True)
class Style:
    """How one document writes moves."""

    capture: str  # "x", ":", "×" or "" (not marked)
    long: bool  # Jg1-f3, e2-e4
    castle: str  # "0" or "O"
    promo: str  # "{m}{p}", "{m}={p}" or "{m}({p})"
    checks: bool  # write + and the mate sign
    mate: str  # "#", "++" or "+"
    gap: str  # between a move number and its move: "" or " "
    dot: str = "."  # after a move number


def draw_style(rng: random.Random) -> Style:
    return Style(
        capture=rng.choices(("x", ":", "×", ""), (55, 25, 6, 14))[0],
        long=rng.random() < 0.15,
        castle=rng.choices(("0", "O"), (70, 30))[0],
        promo=rng.choice(("{m}{p}", "{m}={p}", "{m}({p})")),
        checks=rng.random() < 0.85,
        mate=rng.choices(("#", "++", "+"), (60, 25, 15))[0],
        gap=rng.choice(("", " ")),
    )


def queenside(move: chess.Move) -> bool:
    return chess.square_file(move.to_square) < chess.square_file(chess.E1)


def render_move(board: chess.Board, move: chess.Move, style: Style, letters: Letters) -> str:
    """The move (legal on board, not yet played) as the document writes it."""
    san = board.san(move)
    suffix = ""
    if style.checks and san.endswith("#"):
        suffix = style.mate
    elif style.checks and san.endswith("+"):
        suffix = "+"
    return _core(board, move, san.rstrip("+#"), style, letters) + suffix


def _core(board: chess.Board, move: chess.Move, san: str, style: Style, letters: Letters) -> str:
    if board.is_castling(move):
        c = style.castle
        return f"{c}-{c}-{c}" if queenside(move) else f"{c}-{c}"
    match = SAN_RE.match(san)
    assert match is not None, san
    piece, disambiguation, capture, dest, promotion = match.groups()
    letter = letters[PIECE_OF_SAN[piece]] if piece else ""
    if style.long:
        mark = (style.capture or "-") if capture else "-"
        body = f"{letter}{chess.square_name(move.from_square)}{mark}{dest}"
    else:
        body = f"{letter}{disambiguation}{style.capture if capture else ''}{dest}"
    if promotion:
        return style.promo.format(m=body, p=letters[PIECE_OF_SAN[promotion]])
    return body


def token_pattern(letters: Letters) -> re.Pattern[str]:
    cls = re.escape("".join(sorted(set(letters.values()))))
    return re.compile(
        rf"^(?:(?P<castle>[0O]-[0O](?:-[0O])?)|(?P<piece>[{cls}])?(?P<src>[a-h]?[1-8]?)[x:×-]?"
        rf"(?P<dest>[a-h][1-8])(?:=|\()?(?P<promo>[{cls}])?\)?)(?:\+\+|[+#])?$"
    )


def to_english(board: chess.Board, token: str, letters: Letters) -> str | None:
    """English SAN (without check signs) of the one legal move that token names, or None."""
    match = token_pattern(letters).match(token)
    if match is None:
        return None
    if match["castle"]:
        long_castle = len(match["castle"]) > 3
        candidates = [m for m in board.legal_moves if board.is_castling(m) and queenside(m) == long_castle]
    else:
        piece_of = {letter: piece for piece, letter in letters.items()}
        piece = piece_of[match["piece"]] if match["piece"] else chess.PAWN
        promo = piece_of[match["promo"]] if match["promo"] else None
        dest = chess.BB_SQUARES[chess.parse_square(match["dest"])]
        candidates = [
            m
            for m in board.generate_legal_moves(chess.BB_ALL, dest)
            if board.piece_type_at(m.from_square) == piece
            and m.promotion == promo
            and all(ch in chess.square_name(m.from_square) for ch in match["src"])
        ]
    return board.san(candidates[0]).rstrip("+#") if len(candidates) == 1 else None


def render_tokens(game: Game, style: Style, letters: Letters, *, check: bool = False) -> list[str]:
    """Every ply of the game as written; with check, each must map back to the true SAN."""
    board = chess.Board()
    tokens: list[str] = []
    for move, san in zip(game.moves, game.san, strict=True):
        token = render_move(board, move, style, letters)
        if check:
            back = to_english(board, token, letters)
            require(back == san.rstrip("+#"), f"round trip {token!r} -> {back!r}, expected {san}")
        tokens.append(token)
        board.push(move)
    return tokens


def numbered(ply: int, token: str, style: Style, force: bool = False) -> str:
    """A white move with its number; a black move alone, or as `12...Jc6` where forced."""
    number = ply // 2 + 1
    if ply % 2 == 0:
        return f"{number}{style.dot}{style.gap}{token}"
    return f"{number}...{style.gap}{token}" if force else token


def run(tokens: Sequence[str], style: Style, start: int, stop: int, force: bool = True) -> list[str]:
    return [numbered(ply, tokens[ply], style, force and ply == start) for ply in range(start, stop)]


def result_text(result: str) -> str:
    return "" if result == "*" else result


def plain(tokens: Sequence[str], style: Style, result: str) -> str:
    return " ".join([*run(tokens, style, 0, len(tokens)), result_text(result)]).strip()


def iccf(move: chess.Move) -> str:
    """ICCF numeric notation: g1f3 is 7163, a promotion adds 1-4 (Q R B N)."""
    squares = (move.from_square, move.to_square)
    code = "".join(f"{chess.square_file(s) + 1}{chess.square_rank(s) + 1}" for s in squares)
    return code + ICCF_PROMOTION.get(move.promotion or 0, "")


# --------------------------------------------------------------------------------------------------------
# What every profile works with


@dataclass
class Ctx:
    rng: random.Random
    game: Game
    locale: str
    style: Style
    tokens: list[str]
    level: float
    companion: Game | None

    def hit(self, rate: float) -> bool:
        """True with the rate scaled by the game's intensity."""
        return self.rng.random() < min(0.95, rate * self.level)

    def pick(self, key: str) -> str:
        return self.rng.choice(VOCAB[self.locale][key])

    def say(self, key: str, **fields: object) -> str:
        return self.pick(key).format(**fields)

    @property
    def letters(self) -> Letters:
        return LOCAL[self.locale]

    def players(self) -> tuple[str, str]:
        return self.game.header("White", "NN"), self.game.header("Black", "NN")

    def year(self) -> str:
        date = self.game.header("Date", "")
        return date[:4] if date[:4].isdigit() else "2024"


def wrap(words: Sequence[str], width: int) -> list[str]:
    lines: list[str] = []
    current = ""
    for word in words:
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    return [*lines, current] if current else lines


def paginate(
    lines: Sequence[str], every: int, separator: Callable[[int], list[str]], head: bool
) -> list[str]:
    """Cut lines into pages; each page gets separator(page) on top (head) or at the bottom."""
    out: list[str] = []
    for page, start in enumerate(range(0, len(lines), every)):
        chunk = list(lines[start : start + every])
        out.extend([*separator(page), *chunk] if head else [*chunk, *separator(page)])
    return out


def alternative(board: chess.Board, true_move: chess.Move, rng: random.Random) -> chess.Move | None:
    """Another legal move, of the same piece where there is one."""
    others = [m for m in sorted(board.legal_moves, key=chess.Move.uci) if m != true_move]
    piece = board.piece_type_at(true_move.from_square)
    same = [m for m in others if board.piece_type_at(m.from_square) == piece]
    pool = same or others
    return rng.choice(pool) if pool else None


def hms(seconds: float) -> str:
    whole = int(seconds)
    return f"{whole // 3600}:{whole % 3600 // 60:02d}:{whole % 60:02d}"


# --------------------------------------------------------------------------------------------------------
# Profile 1: a two-column PDF bulletin, text extracted

PDF_SYMBOLS = "¢£¥§¤©®™°±µ¶þðØß"
SUPERSCRIPTS = "¹²³⁴⁵⁶⁷⁸⁹"
LIGATURES = (("ffi", "ﬃ"), ("ff", "ﬀ"), ("fi", "ﬁ"), ("fl", "ﬂ"))


def pdf_glyphs(ctx: Ctx) -> Letters | None:
    """The figurine font's pieces as extraction returns them, or None where the bulletin used letters."""
    if ctx.rng.random() >= 0.35:
        return None
    mode = ctx.rng.choices(("pua", "symbol", "lost"), (45, 35, 20))[0]
    if mode == "pua":
        base = ctx.rng.choice((0xE000, 0xF020, 0xF041))
        return {p: chr(base + c) for p, c in zip(PIECES, ctx.rng.sample(range(16), 5), strict=True)}
    if mode == "symbol":
        return dict(zip(PIECES, ctx.rng.sample(PDF_SYMBOLS, 5), strict=True))
    return dict.fromkeys(PIECES, "\ufffd")


def kern(token: str, rng: random.Random) -> str:
    """A space where extraction saw a kerning gap: `J f3`, `0 - 0`."""
    if token[:3] in ("0-0", "O-O"):
        return token.replace("-", " - " if rng.random() < 0.5 else " -", 1)
    cut = 1 if rng.random() < 0.7 else rng.randrange(1, len(token))
    return f"{token[:cut]} {token[cut:]}"


def ligatures(text: str) -> str:
    for plain_letters, glyph in LIGATURES:
        text = text.replace(plain_letters, glyph)
    return text


def pdf_columns(ctx: Ctx) -> str:
    glyphs = pdf_glyphs(ctx)
    tokens = ctx.tokens if glyphs is None else render_tokens(ctx.game, ctx.style, glyphs)
    notes: list[str] = []
    items: list[str] = []
    for ply, token in enumerate(tokens):
        if ctx.hit(0.03):
            token = kern(token, ctx.rng)
        if len(notes) < len(SUPERSCRIPTS) and ctx.hit(0.01):
            marker = SUPERSCRIPTS[len(notes)]
            token += marker
            notes.append(f"{marker} {ctx.say('footnote')}")
        items.append(numbered(ply, token, ctx.style))
    width = ctx.rng.randint(24, 34)
    white, black = ctx.players()
    left = [
        ctx.say("heading", n=ctx.game.index + 1),
        f"{white} – {black}",
        ctx.say("event_line", e=ctx.game.header("Event"), r=ctx.game.header("Round", "1")),
        *wrap([*items, result_text(ctx.game.result)], width),
        *notes,
    ]
    right = pdf_right_column(ctx, width, glyphs, len(left))
    lines = pdf_read_order(ctx, left, right, width)
    template, issue = ctx.pick("footer"), ctx.rng.randint(1, 12)
    first = ctx.rng.randint(2, 60)

    def footer(page: int) -> list[str]:
        return ["", template.format(n=issue, y=ctx.year(), p=first + page), ""]

    text = "\n".join(paginate(lines, ctx.rng.randint(25, 45), footer, head=False)).strip()
    return ligatures(text) if ctx.rng.random() < 0.6 else text


def pdf_right_column(ctx: Ctx, width: int, glyphs: Letters | None, height: int) -> list[str]:
    """The column beside the game: the end of another game, or prose."""
    other = ctx.companion
    if other is not None and ctx.rng.random() < 0.4:
        tokens = render_tokens(other, ctx.style, glyphs or ctx.letters)
        start = ctx.rng.randrange(len(tokens) // 3, 2 * len(tokens) // 3)
        words = [*run(tokens, ctx.style, start, len(tokens)), result_text(other.result)]
        return [ctx.say("continued", p=ctx.rng.randint(2, 60)), *wrap(words, width)]
    prose = ctx.rng.sample(VOCAB[ctx.locale]["prose"], len(VOCAB[ctx.locale]["prose"]))
    goal, lines = height * ctx.rng.uniform(0.5, 1.2), list[str]()
    for sentence in cycle(prose):
        if len(lines) >= goal:
            return lines
        lines.extend(wrap(sentence.split(), width))
    return lines


def pdf_read_order(ctx: Ctx, left: list[str], right: list[str], width: int) -> list[str]:
    """Columns one after the other (a good extraction) or read across, line by line or on one line."""
    if ctx.rng.random() < 0.5 / ctx.level:
        return [*left, "", *right]
    pairs = list(zip_longest(left, right, fillvalue=""))
    if ctx.rng.random() < 0.5:
        return [line for pair in pairs for line in pair if line]
    if ctx.rng.random() < 0.5:
        gap = " " * ctx.rng.randint(2, 6)
        return [f"{a:<{width}}{gap}{b}".rstrip() for a, b in pairs]
    return [f"{a} {b}".strip() for a, b in pairs]


# --------------------------------------------------------------------------------------------------------
# Profile 2: a web page's move table copied from a browser

ZERO_WIDTH = ("\u200b", "\u200c", "\u2060", "\ufeff")
CLOCK_FORMATS = ("[%clk {}]", "{{{}}}", "({})")


def zero_width(ctx: Ctx, text: str) -> str:
    if not text or not ctx.hit(0.04):
        return text
    at = ctx.rng.randrange(len(text) + 1)
    return text[:at] + ctx.rng.choice(ZERO_WIDTH) + text[at:]


def clock_strings(ctx: Ctx) -> list[str]:
    """The game's clock comments where it has them, plausible ones where not."""
    base = ctx.rng.choice((5400.0, 3600.0, 900.0, 300.0))
    left = [base, base]
    out: list[str] = []
    for ply, real in enumerate(ctx.game.clocks):
        if real is None:
            left[ply % 2] = max(1.0, left[ply % 2] - ctx.rng.uniform(0.0, base / 40))
            real = left[ply % 2]
        out.append(hms(real))
    return out


def web_space(ctx: Ctx, entities: bool) -> str:
    if entities and ctx.hit(0.3):
        return "&nbsp;"
    return "\xa0" if ctx.hit(0.3) else " "


def web_copy(ctx: Ctx) -> str:
    entities = ctx.hit(0.15)
    clocks = clock_strings(ctx) if ctx.rng.random() < 0.6 else None
    clock_format = ctx.rng.choice(CLOCK_FORMATS)
    cells: list[str] = []
    for ply, token in enumerate(ctx.tokens):
        cell = zero_width(ctx, token)
        if clocks is not None:
            cell += web_space(ctx, entities) + clock_format.format(clocks[ply])
        cells.append(cell)
    layout = ctx.rng.choice((web_tabs, web_cells, web_inline))
    white, black = ctx.players()
    dash = "&ndash;" if entities else "–"
    widgets = ctx.rng.sample(VOCAB[ctx.locale]["widget"], ctx.rng.randint(1, 3))
    if ctx.rng.random() < 0.2:
        widgets.append("Show/Hide")
    if entities:
        widgets = [w.replace("&", "&amp;") for w in widgets]
    lines = [
        widgets[0],
        f"{white} {dash} {black}",
        ctx.game.header("Event"),
        *layout(ctx, cells, entities),
        *([f"{ctx.say('result_label')}: {ctx.game.result}"] if ctx.game.result != "*" else []),
        *widgets[1:],
    ]
    text = "\n".join(zero_width(ctx, line) for line in lines)
    return ("\ufeff" + text) if ctx.hit(0.05) else text


def web_tabs(ctx: Ctx, cells: Sequence[str], entities: bool) -> list[str]:
    dot = ctx.rng.choice((".", ""))
    header = f"{ctx.rng.choice(('#', '', ctx.pick('col_no')))}\t{ctx.pick('white')}\t{ctx.pick('black')}"
    rows = [
        f"{ply // 2 + 1}{dot}\t" + "\t".join(cells[ply : ply + 2]) + ("\t" if ply + 1 == len(cells) else "")
        for ply in range(0, len(cells), 2)
    ]
    return [header, *rows]


def web_cells(ctx: Ctx, cells: Sequence[str], entities: bool) -> list[str]:
    """Each table cell on a line of its own, as some browsers copy tables."""
    out = [ctx.pick("white"), ctx.pick("black")]
    for ply, cell in enumerate(cells):
        if ply % 2 == 0:
            out.append(f"{ply // 2 + 1}.")
        out.append(cell)
    return out


def web_inline(ctx: Ctx, cells: Sequence[str], entities: bool) -> list[str]:
    """Moves as inline links: numbers glued by non-breaking spaces, a line per few moves."""
    words = [
        f"{ply // 2 + 1}.{web_space(ctx, entities)}{cell}" if ply % 2 == 0 else cell
        for ply, cell in enumerate(cells)
    ]
    return wrap(words, ctx.rng.randint(50, 90))


# --------------------------------------------------------------------------------------------------------
# Profile 3: a volunteer's transcription of a scoresheet

CROSS_FORMS = ("~~{w}~~ {t}", "{w}/{t}", "({w}) {t}", "{w} {c} {t}")


def partly_unreadable(token: str, rng: random.Random) -> str:
    """Some characters of the move as `?`, never all of them."""
    chars = list(token)
    for at in rng.sample(range(len(chars)), max(1, len(chars) // 3)):
        chars[at] = "?"
    return "".join(chars)


def volunteer(ctx: Ctx) -> str:
    cross = ctx.rng.choice(CROSS_FORMS)
    correction = ctx.pick("correction")
    boards = ctx.game.positions()
    cells: list[str] = []
    for ply, token in enumerate(ctx.tokens):
        cells.append(volunteer_cell(ctx, boards[ply], ply, token, cross, correction))
    for ply in range(0, len(cells) - 1, 2):
        if ctx.hit(0.012):  # black's move first written in white's column, then crossed out
            cells[ply] = cross.format(w=ctx.tokens[ply + 1], t=cells[ply], c=correction)
    white, black = ctx.players()
    head = [ctx.say("transcript"), f"{white} – {black}", f"{ctx.game.header('Event')} {ctx.year()}"]
    gap = ctx.style.gap or " "
    if ctx.rng.random() < 0.6:
        body = [f"{ply // 2 + 1}.{gap}" + " ".join(cells[ply : ply + 2]) for ply in range(0, len(cells), 2)]
    else:
        body = wrap(run(cells, ctx.style, 0, len(cells)), ctx.rng.randint(60, 100))
    tail = [result_text(ctx.game.result)]
    if ctx.rng.random() < 0.3:
        tail.append(ctx.say("vol_note"))
    return "\n".join([*head, "", *body, *tail]).strip()


def volunteer_cell(ctx: Ctx, board: chess.Board, ply: int, token: str, cross: str, correction: str) -> str:
    cell = token
    if ctx.hit(0.001):
        cell = ctx.rng.choice(("...", "?", "—"))  # left blank
    elif ctx.hit(0.001):
        cell = "??"  # unreadable
    elif ctx.hit(0.01):
        cell = partly_unreadable(token, ctx.rng)
    elif ctx.hit(0.03):
        wrong = alternative(board, ctx.game.moves[ply], ctx.rng)
        if wrong is not None:
            written = render_move(board, wrong, ctx.style, ctx.letters)
            cell = cross.format(w=written, t=token, c=correction)
    if ctx.hit(0.02):
        cell += ctx.rng.choice((" [?]", "[?]"))
    if ctx.hit(0.025):
        cell += " " + ctx.say("time_note", m=ctx.rng.randint(1, 90))
    return cell


# --------------------------------------------------------------------------------------------------------
# Profile 4: an English article through machine translation


def mt_tokens(ctx: Ctx) -> list[str]:
    """Piece letters translated per piece (some left English), checks as words now and then."""
    english = {p for p in PIECES if ctx.hit(0.2)}
    out: list[str] = []
    for board, move, san in zip(ctx.game.positions(), ctx.game.moves, ctx.game.san, strict=True):
        letters = {p: ENGLISH[p] if (p in english) != ctx.hit(0.03) else ctx.letters[p] for p in PIECES}
        token = render_move(board, move, ctx.style, letters)
        if ctx.style.checks and san.endswith("#") and ctx.hit(0.5):
            token = f"{token[: -len(ctx.style.mate)]} {ctx.say('mate')}"
        elif ctx.style.checks and san.endswith("+") and ctx.hit(0.3):
            token = f"{token[:-1]} {ctx.say('check')}"
        out.append(token)
    return out


def mt_number(ctx: Ctx, item: str) -> str:
    """Machine translation re-tokenises move numbers: `12...Jc6` -> `12 ... Jc6`."""
    if not ctx.hit(0.08):
        return item
    return re.sub(r"^(\d+)(\.+)\s?", lambda m: f"{m[1]} {m[2]} ", item, count=1)


def mt_result(ctx: Ctx) -> str:
    result = ctx.game.result
    if result == "*":
        return ""
    roll = ctx.rng.random()
    if roll < 0.6:
        return {"1-0": "1:0", "0-1": "0:1"}.get(result, ctx.rng.choice(("½:½", "1/2:1/2")))
    return ctx.say(f"mt_{result}") if roll < 0.85 else result


def machine_translation(ctx: Ctx) -> str:
    tokens = mt_tokens(ctx)
    white, black = ctx.players()
    parts = [ctx.say("mt_title", w=white, b=black), "\n\n" + ctx.say("mt_intro")]
    ply, force = 0, True
    while ply < len(tokens):
        stop = min(len(tokens), ply + ctx.rng.randint(2, 10))
        if ctx.hit(0.15):
            side = "mt_embed_w" if ply % 2 == 0 else "mt_embed_b"
            parts.append(ctx.say(side, m=mt_number(ctx, numbered(ply, tokens[ply], ctx.style, True))))
            ply, force = ply + 1, True
        parts.extend(mt_number(ctx, item) for item in run(tokens, ctx.style, ply, stop, force))
        force = False
        if stop < len(tokens) and ctx.rng.random() < 0.4:
            parts.append(mt_comment(ctx, stop - 1, tokens[stop - 1]))
            force = True
        ply = stop
    parts.append(mt_result(ctx))
    return re.sub(r" ?\n\n ?", "\n\n", " ".join(part for part in parts if part))


def mt_comment(ctx: Ctx, ply: int, token: str) -> str:
    """A translated remark, sometimes naming the move just played again."""
    if ctx.rng.random() < 0.35:
        return ctx.say("mt_back", m=numbered(ply, token, ctx.style, True))
    comment = ctx.say("mt_comment")
    return f"{comment}\n\n" if ctx.rng.random() < 0.3 else comment


# --------------------------------------------------------------------------------------------------------
# Profile 5: a book set with a figurine font, scanned and OCR'd

FIGURINE_OCR: Mapping[int, tuple[str, ...]] = {
    chess.KING: ("'it>", "<;t", "c;t", "'1;", "~"),
    chess.QUEEN: ("'iV", "'ii'", "W", "\\W", "'Y"),
    chess.ROOK: ("l:t", ":t", "E!", "1:", "Ji"),
    chess.BISHOP: ("i.", "..t", "J.", "il", "A"),
    chess.KNIGHT: ("lLl", "tt:J", "ltJ", "CLJ", "@", "4"),
}
EVALUATIONS = ("=", "±", "∓", "+-", "-+", "∞", "!?", "?!")


@dataclass
class Figurines:
    """One book's figurines as the OCR reads them: mostly the same garbage, sometimes other garbage."""

    ctx: Ctx
    style: Style
    primary: Mapping[int, str]

    def glyph(self, piece: int, italic: float) -> str:
        if self.ctx.hit(0.015 * italic):
            return ""
        if self.ctx.hit(0.06 * italic):
            return self.ctx.rng.choice(FIGURINE_OCR[piece])
        return self.primary[piece]

    def token(self, board: chess.Board, move: chess.Move, italic: float = 1.0) -> str:
        letters = {p: self.glyph(p, italic) for p in PIECES}
        return render_move(board, move, self.style, letters)


def figurine_variation(fig: Figurines, board: chess.Board, move: chess.Move, ply: int) -> str | None:
    """A short legal side line instead of the move, set in italics (read worse)."""
    rng = fig.ctx.rng
    first = alternative(board, move, rng)
    if first is None:
        return None
    line, here, step = [], board.copy(stack=False), first
    for k in range(rng.randint(1, 4)):
        line.append(numbered(ply + k, fig.token(here, step, italic=2.0), fig.style, k == 0))
        here.push(step)
        replies = sorted(here.legal_moves, key=chess.Move.uci)
        if not replies:
            break
        step = rng.choice(replies)
    return " ".join([*line, rng.choice(EVALUATIONS)])


def figurine_ocr(ctx: Ctx) -> str:
    book = replace(ctx.style, dot="", gap=" ") if ctx.rng.random() < 0.4 else ctx.style
    fig = Figurines(ctx, book, {p: ctx.rng.choice(FIGURINE_OCR[p]) for p in PIECES})
    inline = ctx.rng.random() < 0.5
    paragraphs: list[list[str]] = [[]]
    force = False
    for ply, (board, move) in enumerate(zip(ctx.game.positions(), ctx.game.moves, strict=True)):
        item = numbered(ply, fig.token(board, move), book, force)
        if ply % 2 == 0 and ctx.hit(0.03):
            item = f"{ply // 2 + 1}{book.dot or ' '}{item}"  # a bold number read twice
        paragraphs[-1].append(item)
        force = False
        side = figurine_variation(fig, board, move, ply) if ctx.hit(0.05) else None
        if side is not None:
            force = True
            if inline:
                paragraphs[-1].append(f"({side})")
            else:
                paragraphs.extend([[side], []])
    paragraphs[-1].append(result_text(ctx.game.result))
    width = ctx.rng.randint(54, 72)
    white, black = ctx.players()
    lines = [f"{ctx.game.index + 1}. {white} – {black}", f"{ctx.game.header('Event')} {ctx.year()}"]
    for paragraph in paragraphs:
        lines.extend(wrap(paragraph, width))
    title, first = ctx.pick("chapter"), ctx.rng.randint(10, 300)

    def running_head(page: int) -> list[str]:
        number = first + page
        return ["", f"{number}  {title}" if number % 2 == 0 else f"{title}  {number}", ""]

    return "\n".join(paginate(lines, ctx.rng.randint(8, 40), running_head, head=True)).strip()


# --------------------------------------------------------------------------------------------------------
# Profile 6: a correspondence game copied from its log or its messages


def corr_dates(ctx: Ctx) -> list[tuple[str, str]]:
    """(received, sent) for every ply, a few days apart."""
    rng = ctx.rng
    day = datetime.date(rng.randint(2008, 2024), rng.randint(1, 12), rng.randint(1, 28))
    fmt = rng.choice(("{d}.{m}.", "{d:02}.{m:02}.{y}", "{d}. {m}. {y}"))
    if ctx.locale == "sr" and "{y}" in fmt:
        fmt += "."

    def show(date: datetime.date) -> str:
        return fmt.format(d=date.day, m=date.month, y=date.year)

    out: list[tuple[str, str]] = []
    for _ in ctx.game.moves:
        received = day + datetime.timedelta(days=rng.randint(1, 6))
        day = received + datetime.timedelta(days=rng.randint(0, 8))
        out.append((show(received), show(day)))
    return out


def corr_own(ctx: Ctx, ply: int) -> str:
    """The move as its sender wrote it: now and then only in ICCF numbers."""
    return iccf(ctx.game.moves[ply]) if ctx.hit(0.02) else ctx.tokens[ply]


def correspondence(ctx: Ctx) -> str:
    white, black = ctx.players()
    head = [ctx.say("corr_title", e=ctx.game.header("Event")), f"{white} – {black}", ""]
    body = corr_table(ctx) if ctx.rng.random() < 0.5 else corr_messages(ctx)
    return "\n".join([*head, *body, result_text(ctx.game.result)]).strip()


def corr_table(ctx: Ctx) -> list[str]:
    """The game's log: each move with the dates it was received and sent, maybe its ICCF code."""
    dates = corr_dates(ctx)
    codes = ctx.rng.random() < 0.3
    sep = ctx.rng.choice(("\t", "  ", " "))
    dates_header = ctx.pick("columns").split("|")
    header = [ctx.pick("col_no"), ctx.pick("white"), *dates_header, ctx.pick("black"), *dates_header]
    rows = [sep.join(header)]
    for ply in range(0, len(ctx.tokens), 2):
        cells = [f"{ply // 2 + 1}."]
        for own in range(ply, min(ply + 2, len(ctx.tokens))):
            move = corr_own(ctx, own) + (f" ({iccf(ctx.game.moves[own])})" if codes else "")
            received = "—" if own == 0 else dates[own][0]
            cells.extend([move, received, dates[own][1]])
        rows.append(sep.join(cells))
    return rows


def corr_messages(ctx: Ctx) -> list[str]:
    """Each message confirms the opponent's move (maybe written differently) and gives the reply."""
    dates = corr_dates(ctx)
    boards = ctx.game.positions()
    senders = ctx.players()
    other_style = replace(ctx.style, long=not ctx.style.long)
    lines: list[str] = []
    for ply in range(len(ctx.tokens)):
        body: list[str] = []
        if ply > 0 and ctx.rng.random() < 0.7:
            roll = ctx.rng.random()
            token = ctx.tokens[ply - 1]
            if roll < 0.25:
                token = render_move(boards[ply - 1], ctx.game.moves[ply - 1], other_style, ctx.letters)
            elif roll < 0.35:
                token = iccf(ctx.game.moves[ply - 1])
            body.append(ctx.say("received", m=numbered(ply - 1, token, ctx.style, True)))
        body.append(ctx.say("mine", m=numbered(ply, corr_own(ctx, ply), ctx.style, True)))
        if ply + 2 < len(ctx.tokens) and ctx.hit(0.04):
            body.append(corr_conditional(ctx, boards[ply + 1], ply + 1))
        lines.extend([f"{dates[ply][1]} – {senders[ply % 2]}:", " ".join(body), ""])
    closing = {"1-0": ("resign", 1), "0-1": ("resign", 0), "1/2-1/2": ("draw", 0)}.get(ctx.game.result)
    if closing is not None:
        lines.extend([f"{senders[closing[1]]}:", ctx.say(closing[0]), ""])
    return lines


def corr_conditional(ctx: Ctx, board: chess.Board, ply: int) -> str:
    """An offered conditional move pair that the opponent did not play."""
    alt = alternative(board, ctx.game.moves[ply], ctx.rng)
    if alt is None:
        return ""
    after = board.copy(stack=False)
    first = render_move(after, alt, ctx.style, ctx.letters)
    after.push(alt)
    replies = sorted(after.legal_moves, key=chess.Move.uci)
    if not replies:
        return ""
    reply = render_move(after, ctx.rng.choice(replies), ctx.style, ctx.letters)
    return ctx.say(
        "conditional",
        a=numbered(ply, first, ctx.style, True),
        b=numbered(ply + 1, reply, ctx.style, True),
    )


# --------------------------------------------------------------------------------------------------------
# Generation

PROFILES: Mapping[str, Callable[[Ctx], str]] = {
    "pdf_columns": pdf_columns,
    "web_copy": web_copy,
    "volunteer": volunteer,
    "machine_translation": machine_translation,
    "figurine_ocr": figurine_ocr,
    "correspondence": correspondence,
}


@dataclass(frozen=True)
class Options:
    locale: str = "sk"
    games: int = 30
    seed: int = 0
    skip: int = 0
    pgn: Path = DEFAULT_PGN
    max_plies: int = 120
    profile: str | None = None


def make_record(game: Game, companion: Game | None, options: Options) -> Record:
    rng = random.Random(f"ninth/{options.seed}/{options.locale}/{game.index}")
    profile = rng.choice(sorted(PROFILES))
    profile = options.profile or profile
    level = rng.choices(list(LEVELS.values()), LEVEL_WEIGHTS)[0]
    style = draw_style(rng)
    tokens = render_tokens(game, style, LOCAL[options.locale], check=True)
    ctx = Ctx(rng, game, options.locale, style, tokens, level, companion)
    return {
        "id": f"{options.pgn.name}#{game.index}/{options.locale}/{options.seed}",
        "locale": options.locale,
        "style": profile,
        "seed": options.seed,
        "text": PROFILES[profile](ctx),
        "clean": plain(tokens, style, game.result),
        "san": list(game.san),
        "uci": [move.uci() for move in game.moves],
        "result": game.result,
    }


def generate(options: Options) -> list[Record]:
    """One record per game; game i's column neighbour is game i+1, read even past the last one."""
    games = read_games(options.pgn, options.skip, options.games + 1, options.max_plies)
    return [
        make_record(games[i], games[i + 1] if i + 1 < len(games) else None, options)
        for i in range(min(options.games, len(games)))
    ]


# --------------------------------------------------------------------------------------------------------
# Self-check


def check_round_trip(games_per_file: int) -> int:
    """The renderer maps back to the true SAN for every ply, every locale, short and long form."""
    plies = 0
    for path in (DEFAULT_PGN, OTHER_PGN):
        if not path.exists():
            continue
        for number, game in enumerate(read_games(path, 0, games_per_file, 10_000)):
            for locale in LOCALES:
                style = draw_style(random.Random(f"round-trip/{path.name}/{locale}/{number}"))
                render_tokens(game, replace(style, long=number % 3 == 0), LOCAL[locale], check=True)
                plies += len(game.moves)
    require(plies > 0, "no games to check")
    return plies


def check_record(record: Record, profile: str) -> None:
    require(record["style"] == profile, f"{record['id']}: style {record['style']} != {profile}")
    require(bool(record["text"].strip()), f"{record['id']}: empty text")
    require(record["text"] != record["clean"], f"{record['id']}: text equals clean")
    board = chess.Board()
    for uci, san in zip(record["uci"], record["san"], strict=True):
        move = chess.Move.from_uci(uci)
        require(board.san(move) == san, f"{record['id']}: san {san} != uci {uci}")
        board.push(move)
    json.loads(json.dumps(record, ensure_ascii=False))


def check_profiles() -> dict[str, int]:
    counts: Counter[str] = Counter()
    for profile in PROFILES:
        for number, locale in enumerate(LOCALES):
            options = Options(locale=locale, games=3, seed=4242, skip=10 * number, profile=profile)
            for record in generate(options):
                check_record(record, profile)
                counts[profile] += 1
    require(all(counts[p] > 0 for p in PROFILES), f"profiles without texts: {counts}")
    return dict(counts)


def check_determinism() -> None:
    for locale in LOCALES:
        options = Options(locale=locale, games=8, seed=17, skip=3)
        first, second = generate(options), generate(options)
        require(first == second, f"{locale}: same arguments, different output")
        require(generate(replace(options, games=4)) == first[:4], f"{locale}: output depends on --games")


def self_check() -> int:
    started = time.perf_counter()
    try:
        plies = check_round_trip(games_per_file=200)
        counts = check_profiles()
        check_determinism()
    except CheckError as error:
        print(json.dumps({"self_check": "failed", "error": str(error)}, ensure_ascii=False), file=sys.stderr)
        return 1
    summary = {
        "self_check": "ok",
        "round_trip_plies": plies,
        "profiles": counts,
        "seconds": round(time.perf_counter() - started, 2),
    }
    print(json.dumps(summary), file=sys.stderr)
    return 0


# --------------------------------------------------------------------------------------------------------
# Command line


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--locale", choices=LOCALES, default="sk")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--skip", type=int, default=0)
    parser.add_argument("--pgn", type=Path, default=DEFAULT_PGN)
    parser.add_argument("--max-plies", type=int, default=120)
    parser.add_argument("--profile", choices=sorted(PROFILES))
    parser.add_argument("-o", "--output", type=Path, help="JSON Lines file (stdout by default)")
    parser.add_argument("--self-check", action="store_true", help="run the generator's own checks")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.self_check:
        return self_check()
    started = time.perf_counter()
    options = Options(args.locale, args.games, args.seed, args.skip, args.pgn, args.max_plies, args.profile)
    records = generate(options)
    lines = "".join(json.dumps(record, ensure_ascii=False) + "\n" for record in records)
    if args.output is None:
        sys.stdout.write(lines)
    else:
        args.output.parent.mkdir(parents=True, exist_ok=True)
        args.output.write_text(lines, encoding="utf-8")
    summary = {
        "games": len(records),
        "locale": options.locale,
        "seed": options.seed,
        "profiles": dict(sorted(Counter(r["style"] for r in records).items())),
        "seconds": round(time.perf_counter() - started, 2),
    }
    print(json.dumps(summary), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
