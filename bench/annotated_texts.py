#!/usr/bin/env python3
"""Independent generator of annotated chess game texts in local notations.

Reads real games (PGN), adds synthetic annotations (variations nested up to three deep, comments in the
target language, move and position NAGs) with python-chess, and renders every game the way a chess
bulletin or book in that language might print it: Slovak, Czech, German, Serbian (Latin), Polish,
Hungarian or Russian piece letters, a heading, short or long algebraic form, the local capture mark,
castling, numbering, comment and NAG conventions and results.  Each game is written as one JSON object per
line with the rendered text and the annotated PGN it was rendered from (the truth).

This file was written independently of the project's own renderer and parser; it depends only on
python-chess and the standard library.

Example:
    .venv/bin/python bench/annotated_texts.py --locale all --games 40 --seed 1 -o /tmp/annotated.jsonl
"""

from __future__ import annotations

import argparse
import contextlib
import glob
import io
import json
import random
import re
import sys
import textwrap
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import chess
import chess.pgn

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA_DIR = REPO_ROOT.parent / "shared" / "data" / "pgn"
DEFAULT_SOURCES = (
    "python-chess/*.pgn",
    "pgn-extract/fischer.pgn",
    "pgn-extract/petrosian.pgn",
    "pgn-extract/najdorf.pgn",
    "shakmaty/twic1599_1000k.pgn",
)
LOCALES = ("sk", "cs", "de", "sr", "pl", "hu", "ru")

MOVE_NAGS = (1, 2, 3, 4, 5, 6)
POSITION_NAGS = (10, 13, 14, 15, 16, 17, 18, 19)
ALLOWED_NAGS = frozenset(MOVE_NAGS + POSITION_NAGS)

# ---------------------------------------------------------------------------------------------------------
# Locale data
# ---------------------------------------------------------------------------------------------------------

# Piece letters in the order K, Q, R, B, N.
PIECES: dict[str, tuple[str, str, str, str, str]] = {
    "sk": ("K", "D", "V", "S", "J"),
    "cs": ("K", "D", "V", "S", "J"),
    "de": ("K", "D", "T", "L", "S"),
    "sr": ("K", "D", "T", "L", "S"),
    "pl": ("K", "H", "W", "G", "S"),
    "hu": ("K", "V", "B", "F", "H"),
    "ru": ("Кр", "Ф", "Л", "С", "К"),
}

# Capture marks and their weights, by locale habit.
CAPTURE_MARKS: dict[str, tuple[tuple[str, float], ...]] = {
    "sk": ((":", 0.4), ("x", 0.4), ("", 0.2)),
    "cs": ((":", 0.45), ("x", 0.35), ("", 0.2)),
    "de": (("x", 0.6), (":", 0.3), ("", 0.1)),
    "sr": (("x", 0.55), (":", 0.35), ("", 0.1)),
    "pl": ((":", 0.45), ("x", 0.45), ("×", 0.1)),
    "hu": ((":", 0.35), ("x", 0.45), ("", 0.2)),
    "ru": ((":", 0.5), ("×", 0.25), ("x", 0.1), ("", 0.15)),
}

ZERO_CASTLING_WEIGHT = {"sk": 0.8, "cs": 0.8, "de": 0.6, "sr": 0.75, "pl": 0.8, "hu": 0.75, "ru": 0.9}

WHITE_BLACK = {
    "sk": ("Biely", "Čierny"),
    "cs": ("Bílý", "Černý"),
    "de": ("Weiß", "Schwarz"),
    "sr": ("Beli", "Crni"),
    "pl": ("Białe", "Czarne"),
    "hu": ("Világos", "Sötét"),
    "ru": ("Белые", "Черные"),
}

ROUND_FMT = {
    "sk": "{r}. kolo",
    "cs": "{r}. kolo",
    "de": "{r}. Runde",
    "sr": "{r}. kolo",
    "pl": "runda {r}",
    "hu": "{r}. forduló",
    "ru": "{r}-й тур",
}

GAME_NO_FMT = {
    "sk": "Partia č. {n}",
    "cs": "Partie č. {n}",
    "de": "Partie Nr. {n}",
    "sr": "Partija br. {n}",
    "pl": "Partia nr {n}",
    "hu": "{n}. játszma",
    "ru": "Партия № {n}",
}

ANNOTATOR_FMT = {
    "sk": ("Poznámky: {a}", "Komentuje {a}"),
    "cs": ("Poznámky: {a}", "Komentuje {a}"),
    "de": ("Anmerkungen von {a}", "Kommentar: {a}"),
    "sr": ("Komentariše {a}", "Napomene: {a}"),
    "pl": ("Komentuje {a}", "Komentarz: {a}"),
    "hu": ("Megjegyzéseket írta: {a}", "Elemzés: {a}"),
    "ru": ("Комментирует {a}", "Примечания: {a}"),
}

ANNOTATORS = {
    "sk": ("J. Plachetka", "Ľ. Ftáčnik", "M. Mrva", "P. Petrán"),
    "cs": ("J. Novák", "V. Jansa", "P. Hába", "L. Kavalek"),
    "de": ("H. Pfleger", "R. Hübner", "K. Müller", "W. Unzicker"),
    "sr": ("S. Gligorić", "B. Ivkov", "D. Velimirović", "M. Matanović"),
    "pl": ("K. Pytel", "W. Schmidt", "M. Macieja", "J. Adamski"),
    "hu": ("L. Portisch", "G. Forintos", "A. Adorján", "P. Lukács"),
    "ru": ("М. Ботвинник", "А. Котов", "Ю. Авербах", "М. Тайманов"),
}

MONTHS = {  # month names (genitive where the language uses it in dates), split on spaces
    "sk": "januára februára marca apríla mája júna júla augusta septembra októbra novembra decembra",
    "cs": "ledna února března dubna května června července srpna září října listopadu prosince",
    "de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember",
    "sr": "januar februar mart april maj jun jul avgust septembar oktobar novembar decembar",
    "pl": "stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października listopada grudnia",
    "hu": "január február március április május június július augusztus szeptember október november december",
    "ru": "января февраля марта апреля мая июня июля августа сентября октября ноября декабря",
}

ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII")

DRAW_WORDS = {
    "sk": ("remíza", "Remíza"),
    "cs": ("remíza", "Remíza"),
    "de": ("remis", "Remis"),
    "sr": ("remi", "Remi"),
    "pl": ("remis", "Remis"),
    "hu": ("döntetlen", "Döntetlen"),
    "ru": ("ничья", "Ничья"),
}

# Closing remarks put as a comment on the last move: (white resigned, black resigned, draw agreed).
CLOSING = {
    "sk": (("Biely sa vzdal.",), ("Čierny sa vzdal.",), ("Remíza dohodou.", "Súperi sa dohodli na remíze.")),
    "cs": (("Bílý se vzdal.",), ("Černý se vzdal.",), ("Remíza dohodou.", "Soupeři se dohodli na remíze.")),
    "de": (
        ("Weiß gab auf.",),
        ("Schwarz gab auf.",),
        ("Remis vereinbart.", "Hier einigte man sich auf Remis."),
    ),
    "sr": (("Beli je predao.",), ("Crni je predao.",), ("Remi dogovorom.", "Ovde je ugovoren remi.")),
    "pl": (
        ("Białe poddały się.",),
        ("Czarne poddały się.",),
        ("Remis za zgodą.", "Tu zawodnicy zgodzili się na remis."),
    ),
    "hu": (("Világos feladta.",), ("Sötét feladta.",), ("Döntetlenben megegyeztek.",)),
    "ru": (
        ("Белые сдались.",),
        ("Черные сдались.",),
        ("Ничья по соглашению.", "Здесь соперники согласились на ничью."),
    ),
}

# Short prose comments on main-line moves.  No digits, brackets or braces.
MOVE_COMMENTS = {
    "sk": (
        "Ostrý ťah.",
        "Teoretická novinka.",
        "Jediný ťah.",
        "Rozhodujúca chyba.",
        "Biely stojí lepšie.",
        "Čierny má kompenzáciu za pešiaka.",
        "Odvážna obeť!",
        "Pozícia je vyrovnaná.",
        "Hrozil mat.",
        "Časová tieseň.",
        "Obaja hráči sa držia teórie.",
        "Silný pozičný ťah.",
        "Tu už je čierny bez šancí.",
        "Logické pokračovanie.",
    ),
    "cs": (
        "Ostrý tah.",
        "Teoretická novinka.",
        "Jediný tah.",
        "Rozhodující chyba.",
        "Bílý stojí lépe.",
        "Černý má kompenzaci za pěšce.",
        "Odvážná oběť!",
        "Pozice je vyrovnaná.",
        "Hrozil mat.",
        "Časová tíseň.",
        "Oba hráči sledují teorii.",
        "Silný poziční tah.",
        "Zde už černý nemá šance.",
        "Logické pokračování.",
    ),
    "de": (
        "Ein mutiges Opfer.",
        "Eine Neuerung.",
        "Der einzige Zug.",
        "Der entscheidende Fehler.",
        "Weiß steht besser.",
        "Schwarz hat Kompensation für den Bauern.",
        "Die Stellung ist ausgeglichen.",
        "Es drohte Matt.",
        "Zeitnot!",
        "Bis hierher alles Theorie.",
        "Ein starker Positionszug.",
        "Jetzt ist Schwarz verloren.",
        "Konsequent gespielt.",
    ),
    "sr": (
        "Hrabra žrtva.",
        "Teorijska novina.",
        "Jedini potez.",
        "Odlučujuća greška.",
        "Beli stoji bolje.",
        "Crni ima kompenzaciju za pešaka.",
        "Pozicija je izjednačena.",
        "Pretio je mat.",
        "Vremenski tesnac.",
        "Do sada sve po teoriji.",
        "Jak pozicioni potez.",
        "Sada je crni izgubljen.",
        "Logičan nastavak.",
    ),
    "pl": (
        "Odważne poświęcenie.",
        "Nowość teoretyczna.",
        "Jedyny ruch.",
        "Decydujący błąd.",
        "Białe stoją lepiej.",
        "Czarne mają rekompensatę za pionka.",
        "Pozycja jest wyrównana.",
        "Groził mat.",
        "Niedoczas!",
        "Dotąd wszystko według teorii.",
        "Silny ruch pozycyjny.",
        "Teraz czarne są bez szans.",
        "Logiczna kontynuacja.",
    ),
    "hu": (
        "Bátor áldozat.",
        "Elméleti újítás.",
        "Az egyetlen lépés.",
        "A döntő hiba.",
        "Világos áll jobban.",
        "Sötétnek van kompenzációja a gyalogért.",
        "Az állás kiegyenlített.",
        "Matt fenyegetett.",
        "Időzavar!",
        "Eddig minden elmélet.",
        "Erős pozíciós lépés.",
        "Most már sötét vesztett állásban van.",
        "Logikus folytatás.",
    ),
    "ru": (
        "Смелая жертва.",
        "Новинка.",
        "Единственный ход.",
        "Решающая ошибка.",
        "У белых лучше.",
        "У черных компенсация за пешку.",
        "Позиция равна.",
        "Грозил мат.",
        "Цейтнот!",
        "До сих пор все по теории.",
        "Сильный позиционный ход.",
        "Теперь черные проигрывают.",
        "Логичное продолжение.",
    ),
}

# Phrases that open a variation (the variation's starting comment), by kind.
INTROS: dict[str, dict[str, tuple[str, ...]]] = {
    "sk": {
        "better": ("Lepšie bolo", "Presnejšie bolo", "Silnejšie bolo"),
        "weaker": ("Slabšie je", "Horšie je"),
        "alt": ("Zaslúžilo si pozornosť", "Možné bolo aj", "Do úvahy prichádzalo"),
        "after": ("Po",),
    },
    "cs": {
        "better": ("Lepší bylo", "Přesnější bylo", "Silnější bylo"),
        "weaker": ("Slabší je", "Horší je"),
        "alt": ("Zasloužilo pozornost", "Možné bylo i"),
        "after": ("Po",),
    },
    "de": {
        "better": ("Besser war", "Stärker war", "Genauer war"),
        "weaker": ("Schwächer ist", "Schlechter ist"),
        "alt": ("Auch möglich war", "In Betracht kam"),
        "after": ("Nach",),
    },
    "sr": {
        "better": ("Bolje je bilo", "Jače je bilo", "Tačnije je bilo"),
        "weaker": ("Slabije je", "Lošije je"),
        "alt": ("Moguće je bilo i", "Pažnju je zasluživalo"),
        "after": ("Posle",),
    },
    "pl": {
        "better": ("Lepiej było", "Silniejsze było", "Dokładniejsze było"),
        "weaker": ("Słabsze jest", "Gorsze jest"),
        "alt": ("Możliwe było też", "Zasługiwało na uwagę"),
        "after": ("Po",),
    },
    "hu": {
        "better": ("Jobb volt", "Erősebb volt", "Pontosabb volt"),
        "weaker": ("Gyengébb", "Rosszabb"),
        "alt": ("Szóba jöhetett", "Lehetséges volt"),
        "after": (),
    },
    "ru": {
        "better": ("Лучше было", "Сильнее было", "Точнее было"),
        "weaker": ("Слабее", "Хуже"),
        "alt": ("Заслуживало внимания", "Возможно было и"),
        "after": ("После",),
    },
}

# Phrases that close a variation with an assessment (comment on the variation's last move).
VERDICTS: dict[str, dict[str, tuple[str, ...]]] = {
    "sk": {
        "white": ("s výhodou bieleho", "a biely stojí lepšie"),
        "black": ("s výhodou čierneho", "a čierny stojí lepšie"),
        "equal": ("s vyrovnanou hrou", "a pozícia je vyrovnaná"),
        "unclear": ("s nejasnou hrou", "s obojstrannými šancami"),
    },
    "cs": {
        "white": ("s výhodou bílého", "a bílý stojí lépe"),
        "black": ("s výhodou černého", "a černý stojí lépe"),
        "equal": ("s vyrovnanou hrou",),
        "unclear": ("s nejasnou hrou", "s oboustrannými šancemi"),
    },
    "de": {
        "white": ("mit Vorteil für Weiß", "und Weiß steht besser"),
        "black": ("mit Vorteil für Schwarz", "und Schwarz steht besser"),
        "equal": ("mit Ausgleich", "mit gleichem Spiel"),
        "unclear": ("mit unklarem Spiel", "mit beiderseitigen Chancen"),
    },
    "sr": {
        "white": ("sa prednošću belog", "i beli stoji bolje"),
        "black": ("sa prednošću crnog", "i crni stoji bolje"),
        "equal": ("sa izjednačenom igrom",),
        "unclear": ("sa nejasnom igrom", "sa obostranim šansama"),
    },
    "pl": {
        "white": ("z przewagą białych", "i białe stoją lepiej"),
        "black": ("z przewagą czarnych", "i czarne stoją lepiej"),
        "equal": ("z wyrównaną grą",),
        "unclear": ("z niejasną grą", "z obustronnymi szansami"),
    },
    "hu": {
        "white": ("világos előnnyel", "és világos áll jobban"),
        "black": ("sötét előnnyel", "és sötét áll jobban"),
        "equal": ("kiegyenlített játékkal",),
        "unclear": ("tisztázatlan játékkal", "kölcsönös esélyekkel"),
    },
    "ru": {
        "white": ("с перевесом у белых", "и у белых лучше"),
        "black": ("с перевесом у черных", "и у черных лучше"),
        "equal": ("с равной игрой", "с равенством"),
        "unclear": ("с неясной игрой", "с обоюдными шансами"),
    },
}

VERDICT_NAGS = {"white": (14, 16, 18), "black": (15, 17, 19), "equal": (10,), "unclear": (13,)}

NAG_SYMBOLS = {
    1: "!",
    2: "?",
    3: "!!",
    4: "??",
    5: "!?",
    6: "?!",
    10: "=",
    13: "∞",
    14: "⩲",
    15: "⩱",
    16: "±",
    17: "∓",
    18: "+-",
    19: "-+",
}
NAG_ASCII = {**NAG_SYMBOLS, 14: "+=", 15: "=+", 16: "+/-", 17: "-/+"}


def _weighted(rng: random.Random, options: Sequence[tuple[Any, float]]) -> Any:
    return rng.choices([o for o, _ in options], weights=[w for _, w in options])[0]


# ---------------------------------------------------------------------------------------------------------
# Reading source games
# ---------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SourceRef:
    path: str
    offset: int
    index: int


def index_sources(data_dir: Path, patterns: Sequence[str]) -> list[SourceRef]:
    refs: list[SourceRef] = []
    for pattern in patterns:
        full = pattern if Path(pattern).is_absolute() else str(data_dir / pattern)
        for path in sorted(glob.glob(full)):
            with open(path, encoding="utf-8-sig", errors="replace") as handle:
                i = 0
                while True:
                    offset = handle.tell()
                    if chess.pgn.read_headers(handle) is None:
                        break
                    refs.append(SourceRef(path, offset, i))
                    i += 1
    return refs


def read_source(ref: SourceRef) -> chess.pgn.Game | None:
    with open(ref.path, encoding="utf-8-sig", errors="replace") as handle:
        handle.seek(ref.offset)
        game = chess.pgn.read_game(handle)
    if game is None or game.errors:
        return None
    if "FEN" in game.headers or game.headers.get("Variant", "Standard").lower() not in ("standard", "chess"):
        return None
    if game.headers.get("Result") not in ("1-0", "0-1", "1/2-1/2"):
        return None
    if sum(1 for _ in game.mainline()) < 12:
        return None
    stack: list[chess.pgn.GameNode] = list(game.variations)
    while stack:  # a null move ("--") has no piece to write
        node = stack.pop()
        if not node.move:
            return None
        stack.extend(node.variations)
    return game


def clean_source(game: chess.pgn.Game) -> None:
    """Drops source comments (other language, clock/eval commands) and NAGs outside the rendered set."""
    game.comment = ""
    stack: list[chess.pgn.GameNode] = list(game.variations)
    while stack:
        node = stack.pop()
        node.comment = ""
        node.starting_comment = ""
        node.nags = {n for n in node.nags if n in ALLOWED_NAGS}
        stack.extend(node.variations)


# ---------------------------------------------------------------------------------------------------------
# Synthetic annotation
# ---------------------------------------------------------------------------------------------------------


def _pick_move(rng: random.Random, board: chess.Board, exclude: set[chess.Move]) -> chess.Move | None:
    moves = [m for m in board.legal_moves if m not in exclude]
    if not moves:
        return None
    weights = []
    for m in moves:
        w = 1.0
        if board.is_capture(m):
            w += 2.0
        if board.gives_check(m):
            w += 1.5
        if m.promotion is not None and m.promotion != chess.QUEEN:
            w *= 0.2
        weights.append(w)
    return rng.choices(moves, weights=weights)[0]


def _extend(
    rng: random.Random, node: chess.pgn.GameNode, board: chess.Board, plies: int
) -> tuple[chess.pgn.GameNode, chess.Board]:
    """Adds up to ``plies`` moves after ``node`` (whose position is ``board``); returns the last node and its board."""
    board = board.copy(stack=False)
    for _ in range(plies):
        if board.is_game_over():
            break
        move = _pick_move(rng, board, set())
        if move is None:
            break
        node = node.add_variation(move)
        board.push(move)
    return node, board


def _verdict(
    rng: random.Random,
    locale: str,
    last: chess.pgn.GameNode,
    board: chess.Board,
    prefer_comment: float,
    allow_comment: bool,
) -> None:
    if board.is_checkmate():
        return
    kind = rng.choice(("white", "white", "black", "black", "equal", "unclear"))
    mode = rng.random()
    if allow_comment and mode < prefer_comment:
        last.comment = rng.choice(VERDICTS[locale][kind])
        if rng.random() < 0.2:
            last.nags.add(rng.choice(VERDICT_NAGS[kind]))
    elif mode < 0.85:
        last.nags.add(rng.choice(VERDICT_NAGS[kind]))


def add_variation(
    rng: random.Random,
    locale: str,
    node: chess.pgn.GameNode,
    board: chess.Board,
    depth: int,
    max_depth: int,
) -> bool:
    """Adds an alternative to ``node`` (a move; ``board`` is the position before it) at its parent,
    with a continuation and annotations."""
    parent = node.parent
    if parent is None:
        return False
    taken = {v.move for v in parent.variations}
    alt = _pick_move(rng, board, taken)
    if alt is None:
        return False
    var = parent.add_variation(alt)
    after = board.copy(stack=False)
    after.push(alt)
    length = (
        rng.choice((0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 6, 8)) if depth == 1 else rng.choice((0, 1, 2, 2, 3, 4))
    )
    last, last_board = _extend(rng, var, after, length)

    intros = INTROS[locale]
    kinds = [
        k for k in ("better", "better", "weaker", "alt", "after", "none", "none") if k == "none" or intros[k]
    ]
    kind = rng.choice(kinds)
    if kind != "none":
        var.starting_comment = rng.choice(intros[kind])
    if kind == "better":
        if rng.random() < 0.6:
            node.nags.add(rng.choice((2, 6, 2, 4)))
        if rng.random() < 0.3:
            var.nags.add(rng.choice((1, 5)))
    elif kind == "weaker":
        if rng.random() < 0.6:
            var.nags.add(rng.choice((2, 6, 4)))
        if rng.random() < 0.3:
            node.nags.add(rng.choice((1, 3, 5)))
    elif rng.random() < 0.3:
        var.nags.add(rng.choice(MOVE_NAGS))
    _verdict(
        rng, locale, last, last_board, prefer_comment=0.6 if kind == "after" else 0.3, allow_comment=True
    )

    if depth < max_depth:
        inner: list[tuple[chess.pgn.GameNode, chess.Board]] = []
        n: chess.pgn.GameNode = var
        b = after.copy(stack=False)
        while n.variations:
            n = n.variations[0]
            inner.append((n, b.copy(stack=False)))
            b.push(n.move)
        if inner and rng.random() < 0.45:
            add_variation(rng, locale, *rng.choice(inner), depth + 1, max_depth)
            if len(inner) > 2 and rng.random() < 0.25:
                add_variation(rng, locale, *rng.choice(inner), depth + 1, max_depth)
    return True


def annotate(rng: random.Random, locale: str, game: chess.pgn.Game) -> dict[str, float]:
    nodes: list[chess.pgn.ChildNode] = list(game.mainline())
    befores: list[chess.Board] = []
    mates: list[bool] = []
    board = game.board()
    for node in nodes:
        befores.append(board.copy(stack=False))
        board.push(node.move)
        mates.append(board.is_checkmate())
    n = len(nodes)
    var_density = rng.choice((0.03, 0.06, 0.1, 0.15))
    nag_density = rng.choice((0.02, 0.05, 0.1))
    comment_density = rng.choice((0.0, 0.01, 0.025, 0.05))
    max_depth = rng.choice((1, 2, 3, 3))

    n_vars = min(14, max(1, round(n * var_density)))
    for i in rng.sample(range(1, n), min(n_vars, n - 1)):
        add_variation(rng, locale, nodes[i], befores[i], 1, max_depth)

    for node, mate in zip(nodes, mates, strict=True):
        if rng.random() < nag_density:
            node.nags.add(rng.choice(MOVE_NAGS))
        if rng.random() < nag_density / 2 and not mate:
            node.nags.add(rng.choice(POSITION_NAGS))
        if rng.random() < comment_density and node is not nodes[-1]:
            node.comment = rng.choice(MOVE_COMMENTS[locale])

    last = nodes[-1]
    if not mates[-1] and rng.random() < 0.5:
        white_res, black_res, draw = CLOSING[locale]
        result = game.headers.get("Result")
        if result == "1-0":
            last.comment = rng.choice(black_res)
        elif result == "0-1":
            last.comment = rng.choice(white_res)
        else:
            last.comment = rng.choice(draw)
    return {
        "variation_density": var_density,
        "nag_density": nag_density,
        "comment_density": comment_density,
        "max_depth": max_depth,
    }


# ---------------------------------------------------------------------------------------------------------
# Style and rendering
# ---------------------------------------------------------------------------------------------------------


@dataclass
class Style:
    form: str  # "short" | "long"
    capture: str  # "x" | ":" | "×" | ""
    castling: str  # "0-0" | "O-O"
    number_space: bool  # "1. e4" rather than "1.e4"
    black_number: str  # "...", "... ", ". ... ", "…"
    comments: str  # "braces" | "parens" | "prose"
    nags: str  # "symbols" | "ascii" | "dollar"
    minus_sign: bool  # "+−" with U+2212 for +- and -+
    attach_position_nag: bool  # "Jf3±" rather than "Jf3 ±"
    promotion: str  # "=" | ""
    mate: str  # "#" | "++"
    nested_brackets: bool  # [ ] for variations of depth two and more
    layout: str  # "inline" | "lines"
    wrap: int  # 0 = one paragraph
    heading: str
    names: str  # "surname" | "initial" | "full"
    dash: str  # "–" | "-"
    result: str  # "-" | ":" | "–" with "word" for draws when draw_word
    draw_word: bool
    half: str  # "½" | "1/2"


def choose_style(rng: random.Random, locale: str) -> Style:
    form = "long" if rng.random() < 0.25 else "short"
    capture = _weighted(rng, CAPTURE_MARKS[locale])
    if form == "long" and capture == "":
        capture = "-" if rng.random() < 0.3 else ":"
    nags = _weighted(rng, (("symbols", 0.6), ("ascii", 0.2), ("dollar", 0.2)))
    result_sep = _weighted(rng, (("-", 0.5), (":", 0.3 if locale != "hu" else 0.1), ("–", 0.2)))
    return Style(
        form=form,
        capture=capture,
        castling="0-0" if rng.random() < ZERO_CASTLING_WEIGHT[locale] else "O-O",
        number_space=rng.random() < 0.4,
        black_number=_weighted(rng, (("...", 0.45), ("... ", 0.2), (". ... ", 0.2), ("…", 0.15))),
        comments=_weighted(rng, (("braces", 0.3), ("parens", 0.3), ("prose", 0.4))),
        nags=nags,
        minus_sign=nags == "symbols" and rng.random() < 0.3,
        attach_position_nag=rng.random() < 0.5,
        promotion="=" if rng.random() < 0.5 else "",
        mate=_weighted(rng, (("#", 0.8), ("++", 0.2))),
        nested_brackets=rng.random() < 0.15,
        layout=_weighted(rng, (("inline", 0.75), ("lines", 0.25))),
        wrap=_weighted(rng, ((0, 0.4), (60, 0.2), (72, 0.3), (90, 0.1))),
        heading=rng.choice(("labels", "dash", "dash_place", "full", "number")),
        names=_weighted(rng, (("surname", 0.45), ("initial", 0.35), ("full", 0.2))),
        dash=_weighted(rng, (("–", 0.7), ("-", 0.3))),
        result=result_sep,
        draw_word=rng.random() < 0.4,
        half=_weighted(rng, (("½", 0.75), ("1/2", 0.25))),
    )


SAN_RE = re.compile(r"^([KQRBN])?([a-h]?[1-8]?)(x?)([a-h][1-8])(?:=([QRBN]))?([+#]?)$")
PIECE_INDEX = {"K": 0, "Q": 1, "R": 2, "B": 3, "N": 4}


class Renderer:
    def __init__(self, locale: str, style: Style) -> None:
        self.locale = locale
        self.style = style
        self.letters = PIECES[locale]

    # -- moves ---------------------------------------------------------------------------------------------
    def letter(self, symbol: str) -> str:
        return self.letters[PIECE_INDEX[symbol]]

    def suffix(self, board: chess.Board, move: chess.Move) -> str:
        board.push(move)
        try:
            if board.is_checkmate():
                return self.style.mate
            if board.is_check():
                return "+"
            return ""
        finally:
            board.pop()

    def move(self, board: chess.Board, move: chess.Move) -> str:
        s = self.style
        if board.is_castling(move):
            long_side = chess.square_file(move.to_square) < chess.square_file(move.from_square)
            text = s.castling + ("-" + s.castling[0] if long_side else "")
            return text + self.suffix(board, move)
        promo = ""
        if move.promotion is not None:
            promo = s.promotion + self.letter(chess.piece_symbol(move.promotion).upper())
        if s.form == "long":
            piece = board.piece_type_at(move.from_square)
            assert piece is not None
            letter = "" if piece == chess.PAWN else self.letter(chess.piece_symbol(piece).upper())
            sep = s.capture if board.is_capture(move) else "-"
            text = (
                letter + chess.square_name(move.from_square) + sep + chess.square_name(move.to_square) + promo
            )
            return text + self.suffix(board, move)
        san = board.san(move)
        m = SAN_RE.match(san)
        if m is None:
            raise ValueError(f"unexpected SAN {san!r}")
        piece, disamb, capture, to, _promo, _check = m.groups()
        letter = self.letter(piece) if piece else ""
        text = letter + disamb + (s.capture if capture else "") + to + promo
        return text + self.suffix(board, move)

    # -- annotations ---------------------------------------------------------------------------------------
    def nag(self, nag: int) -> str:
        s = self.style
        if s.nags == "dollar":
            return f"${nag}"
        text = (NAG_ASCII if s.nags == "ascii" else NAG_SYMBOLS)[nag]
        if s.minus_sign:
            text = text.replace("-", "−")
        return text

    def decorate(self, san: str, nags: set[int]) -> list[str]:
        s = self.style
        move_nags = sorted(n for n in nags if n in MOVE_NAGS)
        pos_nags = sorted(n for n in nags if n not in MOVE_NAGS)
        if s.nags == "dollar":
            return [san] + [self.nag(n) for n in move_nags + pos_nags]
        token = san + "".join(self.nag(n) for n in move_nags)
        tokens = [token]
        for n in pos_nags:
            sym = self.nag(n)
            if s.attach_position_nag and sym in ("±", "∓", "⩲", "⩱", "∞") and not token.endswith(("+", "#")):
                tokens[-1] += sym
            else:
                tokens.append(sym)
        return tokens

    def comment(self, text: str, depth: int) -> list[str]:
        s = self.style
        if s.comments == "braces":
            return ["{" + text + "}"]
        if s.comments == "parens" and depth == 0:
            return ["(", text, ")"]
        return [text]

    def number(self, board: chess.Board, forced: bool) -> str | None:
        s = self.style
        n = board.fullmove_number
        if board.turn == chess.WHITE:
            return f"{n}." + (" " if s.number_space else "")
        if forced:
            return f"{n}{s.black_number}"
        return None

    # -- tree ----------------------------------------------------------------------------------------------
    def sequence(self, node: chess.pgn.ChildNode, board: chess.Board, depth: int, forced: bool) -> list[str]:
        """Renders ``node`` and its main continuation; ``board`` is the position before ``node``."""
        out: list[str] = []
        board = board.copy(stack=False)
        while True:
            parent = node.parent
            if depth == 0 and board.turn == chess.WHITE and self.style.layout == "lines" and out:
                out.append("\n")
            num = self.number(board, forced)
            san = self.move(board, node.move)
            decorated = self.decorate(san, node.nags)
            if num is not None:
                decorated[0] = num + decorated[0]
            out.extend(decorated)
            forced = False
            if node.comment:
                out.extend(self.comment(node.comment, depth))
                forced = True
            if parent.variations[0] is node:
                for alt in parent.variations[1:]:
                    out.extend(self.variation(alt, board, depth + 1))
                    forced = True
            if not node.variations:
                return out
            board.push(node.move)
            node = node.variations[0]

    def variation(self, node: chess.pgn.ChildNode, board: chess.Board, depth: int) -> list[str]:
        opening, closing = ("[", "]") if self.style.nested_brackets and depth >= 2 else ("(", ")")
        out = [opening]
        if node.starting_comment:
            out.extend(self.comment(node.starting_comment, depth))
        out.extend(self.sequence(node, board, depth, forced=True))
        out.append(closing)
        return out

    def result(self, result: str) -> str:
        s = self.style
        if result == "1/2-1/2":
            if s.draw_word:
                return DRAW_WORDS[self.locale][0 if s.layout == "inline" else 1]
            return f"{s.half}{s.result}{s.half}"
        return result.replace("-", s.result)

    def moves_text(self, game: chess.pgn.Game) -> str:
        if not game.variations:
            return self.result(game.headers.get("Result", "*"))
        start = game.board()
        tokens = self.sequence(game.variations[0], start, 0, forced=True)
        for alt in game.variations[1:]:
            tokens.extend(self.variation(alt, start, 1))
        tokens.append(self.result(game.headers.get("Result", "*")))
        return join_tokens(tokens, self.style.wrap if self.style.layout == "inline" else 0)


def join_tokens(tokens: Sequence[str], wrap: int) -> str:
    lines: list[str] = []
    cur = ""
    for tok in tokens:
        if tok == "\n":
            lines.append(cur)
            cur = ""
            continue
        if not cur or cur.endswith(("(", "[")) or tok in (")", "]"):
            cur += tok
        else:
            cur += " " + tok
    lines.append(cur)
    if wrap:
        out = []
        for line in lines:
            out.extend(
                textwrap.wrap(line, width=wrap, break_long_words=False, break_on_hyphens=False) or [""]
            )
        return "\n".join(out)
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------------------
# Heading
# ---------------------------------------------------------------------------------------------------------


def _known(value: str | None) -> str:
    if not value or set(value) <= {"?", "-", " "}:
        return ""
    return value.strip()


def format_name(name: str, how: str) -> str:
    name = name.strip()
    if "," not in name:
        return name
    surname, _, given = name.partition(",")
    surname, given = surname.strip(), given.strip()
    if how == "surname" or not given:
        return surname
    parts = [p for p in re.split(r"[\s.]+", given) if p]
    initials = " ".join(p[0].upper() + "." for p in parts)
    if how == "initial":
        return f"{initials} {surname}"
    return f"{surname}, {given}"


def format_place(site: str) -> str:
    site = _known(site)
    parts = site.split()
    if len(parts) > 1 and re.fullmatch(r"[A-Z]{3}", parts[-1]):
        parts = parts[:-1]
    return " ".join(parts)


def format_date(rng: random.Random, locale: str, raw: str) -> str:
    m = re.fullmatch(r"(\d{4}|\?{4})\.(\d{2}|\?{2})\.(\d{2}|\?{2})", raw.strip())
    if not m or not m.group(1).isdigit():
        return ""
    year = int(m.group(1))
    if not m.group(2).isdigit() or not m.group(3).isdigit():
        return {"ru": f"{year} г.", "sr": f"{year}."}.get(locale, str(year))
    month, day = int(m.group(2)), int(m.group(3))
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return str(year)
    mn = MONTHS[locale].split()[month - 1]
    options = {
        "sk": (f"{day}. {month}. {year}", f"{day}.{month}.{year}", f"{day}. {mn} {year}"),
        "cs": (f"{day}. {month}. {year}", f"{day}.{month}.{year}", f"{day}. {mn} {year}"),
        "de": (f"{day}.{month}.{year}", f"{day:02d}.{month:02d}.{year}", f"{day}. {mn} {year}"),
        "sr": (f"{day}.{month}.{year}.", f"{day}. {month}. {year}.", f"{day}. {mn} {year}."),
        "pl": (f"{day:02d}.{month:02d}.{year}", f"{day} {mn} {year}", f"{day} {ROMAN[month - 1]} {year}"),
        "hu": (f"{year}. {mn} {day}.", f"{year}.{month:02d}.{day:02d}.", f"{year}. {month:02d}. {day:02d}."),
        "ru": (f"{day:02d}.{month:02d}.{year}", f"{day} {mn} {year} г.", f"{day} {mn} {year}"),
    }[locale]
    return rng.choice(options)


def heading(
    rng: random.Random, locale: str, style: Style, headers: chess.pgn.Headers, number: int
) -> list[str]:
    white = format_name(headers.get("White", "?"), style.names)
    black = format_name(headers.get("Black", "?"), style.names)
    if style.heading == "full" and rng.random() < 0.5:
        welo, belo = _known(headers.get("WhiteElo")), _known(headers.get("BlackElo"))
        if welo and belo:
            white, black = f"{white} ({welo})", f"{black} ({belo})"
    event = _known(headers.get("Event"))
    place = format_place(headers.get("Site", ""))
    date = format_date(rng, locale, headers.get("Date", "") or headers.get("EventDate", ""))
    year_m = re.match(r"\d{4}", headers.get("Date", ""))
    year = year_m.group(0) if year_m else ""
    rnd = _known(headers.get("Round"))
    rnd_text = ROUND_FMT[locale].format(r=rnd) if rnd and re.fullmatch(r"\d+", rnd) else ""
    eco = _known(headers.get("ECO"))
    wlab, blab = WHITE_BLACK[locale]
    d = style.dash
    lines: list[str] = []
    if style.heading == "labels":
        lines.append(f"{wlab}: {white} {d} {blab}: {black}")
        tail = ", ".join(x for x in (event, place, date) if x)
        if tail:
            lines.append(tail)
    elif style.heading == "dash":
        lines.append(f"{white} {d} {black}")
        if event:
            lines.append(event + (f", {rnd_text}" if rnd_text else ""))
    elif style.heading == "dash_place":
        lines.append(
            ", ".join(x for x in (f"{white} {d} {black}", place, year) if x).replace(f", {year}", f" {year}")
        )
    elif style.heading == "number":
        lines.append(GAME_NO_FMT[locale].format(n=number))
        lines.append(f"{white} {d} {black}")
        tail = ", ".join(x for x in (place, date) if x)
        if tail:
            lines.append(tail)
    else:  # full
        lines.append(f"{white} {d} {black}")
        first = ", ".join(x for x in (event, rnd_text) if x)
        if first:
            lines.append(first)
        tail = ", ".join(x for x in (place, date) if x)
        if tail:
            lines.append(tail)
        if eco and rng.random() < 0.6:
            lines.append(f"[{eco}]" if rng.random() < 0.5 else eco)
    return lines


# ---------------------------------------------------------------------------------------------------------
# Truth check
# ---------------------------------------------------------------------------------------------------------


def tree_signature(node: chess.pgn.GameNode) -> Any:
    return (
        node.move.uci() if node.move is not None else None,
        tuple(sorted(node.nags)),
        node.comment.strip(),
        node.starting_comment.strip() if node.parent is not None else "",
        tuple(tree_signature(v) for v in node.variations),
    )


def mainline_san(game: chess.pgn.Game) -> list[str]:
    board = game.board()
    out = []
    for move in game.mainline_moves():
        out.append(board.san(move))
        board.push(move)
    return out


def check_roundtrip(game: chess.pgn.Game, pgn_text: str) -> bool:
    back = chess.pgn.read_game(io.StringIO(pgn_text))
    if back is None or back.errors:
        return False
    return tree_signature(back) == tree_signature(game) and dict(back.headers) == dict(game.headers)


# ---------------------------------------------------------------------------------------------------------
# Driver
# ---------------------------------------------------------------------------------------------------------


def generate(
    locale: str, games: int, seed: int, refs: Sequence[SourceRef], check: bool
) -> Iterator[dict[str, Any]]:
    order = list(range(len(refs)))
    random.Random(f"{seed}:{locale}:pick").shuffle(order)
    produced = 0
    for idx in order:
        if produced >= games:
            break
        game = read_source(refs[idx])
        if game is None:
            continue
        rng = random.Random(f"{seed}:{locale}:{produced}")
        clean_source(game)
        density = annotate(rng, locale, game)
        style = choose_style(rng, locale)
        annotator = ""
        if rng.random() < 0.35:
            annotator = rng.choice(ANNOTATORS[locale])
            game.headers["Annotator"] = annotator
        head = heading(rng, locale, style, game.headers, produced + 1)
        if annotator:
            head.append(rng.choice(ANNOTATOR_FMT[locale]).format(a=annotator))
        renderer = Renderer(locale, style)
        text = "\n".join(head) + "\n\n" + renderer.moves_text(game)
        exporter = chess.pgn.StringExporter(headers=True, variations=True, comments=True)
        pgn_text = game.accept(exporter)
        if check and not check_roundtrip(game, pgn_text):
            raise RuntimeError(f"PGN truth does not round-trip for {refs[idx]}")
        style_dict: dict[str, Any] = asdict(style)
        style_dict.update(density)
        yield {
            "id": f"{locale}-{seed}-{produced:04d}",
            "locale": locale,
            "source": f"{Path(refs[idx].path).relative_to(Path(refs[idx].path).parent.parent)}#{refs[idx].index}",
            "style": style_dict,
            "text": text,
            "pgn": pgn_text,
            "mainline_san": mainline_san(game),
            "result": game.headers.get("Result", "*"),
            "headers": dict(game.headers),
        }
        produced += 1


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=(
            "Render real games, with synthetic annotations, as chess-bulletin texts in local notations "
            "(sk, cs, de, sr, pl, hu, ru); write JSON Lines with the text and the annotated PGN truth."
        )
    )
    parser.add_argument(
        "--locale", default="all", help=f"a locale, a comma-separated list, or 'all' ({', '.join(LOCALES)})"
    )
    parser.add_argument("--games", type=int, default=10, help="games per locale (default 10)")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument("-o", "--output", help="output file (default stdout)")
    parser.add_argument(
        "--data-dir", default=str(DEFAULT_DATA_DIR), help="folder the source patterns are relative to"
    )
    parser.add_argument(
        "--source",
        action="append",
        help="PGN file or glob, relative to --data-dir unless absolute; repeatable (default: "
        + ", ".join(DEFAULT_SOURCES)
        + ")",
    )
    parser.add_argument(
        "--no-check",
        action="store_true",
        help="skip checking that each PGN truth parses back to the same tree",
    )
    args = parser.parse_args(argv)

    locales = (
        LOCALES if args.locale == "all" else tuple(x.strip() for x in args.locale.split(",") if x.strip())
    )
    for loc in locales:
        if loc not in LOCALES:
            parser.error(f"unknown locale {loc!r}; choose from {', '.join(LOCALES)}")
    refs = index_sources(Path(args.data_dir), args.source or DEFAULT_SOURCES)
    if not refs:
        parser.error("no source games found")

    with contextlib.ExitStack() as stack:
        out = stack.enter_context(open(args.output, "w", encoding="utf-8")) if args.output else sys.stdout
        for loc in locales:
            count = 0
            for record in generate(loc, args.games, args.seed, refs, check=not args.no_check):
                out.write(json.dumps(record, ensure_ascii=False) + "\n")
                count += 1
            if count < args.games:
                print(f"warning: only {count} games for {loc}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
