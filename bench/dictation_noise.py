#!/usr/bin/env python3
"""Dictated chess games: real games typed the way a person writes them down from speech.

Reads real games from a PGN file and writes each as a dictated score in Slovak, Czech, Serbian (Latin or
Cyrillic), German or English: every move either in the locale's short algebraic notation or told in words
(piece names, capture verbs, squares as ``e4`` or spoken letter names and number words, check, mate,
castling, promotion and en passant phrases). Writes JSON Lines, one object per game, with the true moves in
python-chess SAN. Standard library and python-chess only; the vocabulary is the author's own knowledge of the
languages, written without reading the project's decoder or its other benchmark generators.

Example::

    python bench/dictation_noise.py --locale sk --games 30 --seed 901 -o /tmp/dict_sk.jsonl
    python bench/dictation_noise.py --self-check
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import re
import sys
import textwrap
import unicodedata
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

import chess
import chess.pgn

DEFAULT_PGN = str(
    Path(__file__).resolve().parents[2] / "shared" / "data" / "pgn" / "shakmaty" / "twic1599_1000k.pgn"
)
LOCALES = ("sk", "cs", "sr", "sr-Cyrl", "de", "en")
PROFILES = ("all_words", "mixed", "long_form_mixed", "no_diacritics", "punctuated")
ORDER = (chess.KING, chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN)
SQUARE = re.compile(r"[a-h][1-8]")

# Vocabulary, the author's own: items of a line are separated by two spaces; in a value ';' separates list
# items (pieces K Q R B N P, files a-h, ranks 1-8, the accusatives Q R B N P) and '|' alternatives. In a
# promotion phrase '{nom}'/'{acc}' is the new piece.
VOCAB = {
    "sk": """
        letters=KDVSJ  to=na  frm=z  on=na  go=ide|ťahá  take=berie|berie|bere  draw=remíza
        pieces=kráľ;dáma|dáma|kráľovná;veža;strelec;jazdec|jazdec|kôň;pešiak  acc=dámu;vežu;strelca;jazdca;pešiaka
        files=á;bé;cé;dé;é;ef;gé;há  plain=a;b;c;d;e;f;g;h  nums=jedna;dva;tri;štyri;päť;šesť;sedem;osem
        check=šach|dáva šach  mate=mat|šach mat  ep=mimochodom|en passant  colours=Biely|Čierny
        short=malá rošáda|krátka rošáda|rošáda na kráľovskom krídle  long=veľká rošáda|dlhá rošáda|rošáda na dámskom krídle
        promo=premena na {acc}|mení sa na {acc}|{nom}
        white_wins=biely vyhral|čierny sa vzdal  black_wins=čierny vyhral|biely sa vzdal
        comments=zaujímavý nápad|toto je hlavný variant|presnejšie bolo hrať inak|časová tieseň|po dlhom premýšľaní|jediný ťah|silné pokračovanie
    """,
    "cs": """
        letters=KDVSJ  to=na  frm=z  on=na  go=jde|táhne  take=bere|bere|vezme  draw=remíza
        pieces=král;dáma;věž;střelec;jezdec|jezdec|kůň;pěšec|pěšec|pěšák  acc=dámu;věž;střelce;jezdce;pěšce
        files=á;bé;cé;dé;é;ef;gé;há  plain=a;b;c;d;e;f;g;h  nums=jedna;dvě;tři;čtyři;pět;šest;sedm;osm
        check=šach|dává šach  mate=mat|šach mat  ep=mimochodem|en passant  colours=Bílý|Černý
        short=malá rošáda|krátká rošáda  long=velká rošáda|dlouhá rošáda
        promo=proměna v {acc}|proměna na {acc}|mění se v {acc}
        white_wins=bílý vyhrál|černý vzdal  black_wins=černý vyhrál|bílý vzdal
        comments=zajímavý nápad|hlavní varianta|přesnější bylo hrát jinak|časová tíseň|po dlouhém přemýšlení|jediný tah|silné pokračování
    """,
    "sr": """
        letters=KDTLS  to=na  frm=sa  on=na  go=ide|odlazi  take=uzima|uzima|jede|nosi  draw=remi
        pieces=kralj;dama|dama|kraljica;top|top|kula;lovac;skakač|skakač|konj;pešak|pešak|pijun  acc=damu;topa;lovca;skakača;pešaka
        files=a;be;ce;de;e;ef;ge;ha  plain=a;b;c;d;e;f;g;h  nums=jedan;dva;tri;četiri;pet;šest;sedam;osam
        check=šah|daje šah  mate=mat|šah-mat  ep=en pasan|u prolazu  colours=Beli|Crni
        short=mala rokada|kratka rokada  long=velika rokada|duga rokada
        promo=promocija u {acc}|postaje {nom}|pretvara se u {acc}
        white_wins=beli je pobedio|crni predaje  black_wins=crni je pobedio|beli predaje
        comments=zanimljiva ideja|glavna varijanta|bolje je bilo igrati drugačije|vremenska stiska|posle dugog razmišljanja|jedini potez|jak nastavak
    """,
    "de": """
        letters=KDTLS  to=nach|nach|auf  frm=von  on=auf  go=zieht|geht  take=schlägt|schlägt|nimmt  draw=remis
        pieces=König;Dame;Turm;Läufer;Springer|Springer|Pferd;Bauer  acc=die Dame;den Turm;den Läufer;den Springer;den Bauern
        files=a;be;ce;de;e;ef;ge;ha  plain=a;b;c;d;e;f;g;h  nums=eins;zwei|zwei|zwo;drei;vier;fünf;sechs;sieben;acht
        check=Schach|gibt Schach  mate=matt|schachmatt  ep=en passant  colours=Weiß|Schwarz
        short=kurze Rochade|kleine Rochade|rochiert kurz  long=lange Rochade|große Rochade|rochiert lang
        promo=wird {nom}|Umwandlung in {nom}|wandelt in {nom} um
        white_wins=Weiß gewinnt|Schwarz gibt auf  black_wins=Schwarz gewinnt|Weiß gibt auf
        comments=interessante Idee|Hauptvariante|genauer war etwas anderes|Zeitnot|nach langem Nachdenken|der einzige Zug|starke Fortsetzung
    """,
    "en": """
        letters=KQRBN  to=to  frm=from  on=on  go=goes|moves  take=takes|takes|captures  draw=draw|drawn
        pieces=king;queen;rook;bishop;knight|knight|horse;pawn  acc=the queen;the rook;the bishop;the knight;the pawn
        files=a;bee;cee;dee;e;eff;gee;aitch  plain=a;b;c;d;e;f;g;h  nums=one;two;three;four;five;six;seven;eight
        check=check|gives check  mate=checkmate|mate  ep=en passant  colours=White|Black
        short=castles kingside|castles short|short castling|kingside castling  long=castles queenside|castles long|long castling|queenside castling
        promo=promotes to {nom}|equals {nom}|becomes {nom}
        white_wins=White wins|Black resigns  black_wins=Black wins|White resigns
        comments=interesting idea|the main line|better was something else|time trouble|after long thought|the only move|strong continuation
    """,
}


def parse_vocab(text: str) -> dict[str, str]:
    items = (item.partition("=") for line in text.strip().splitlines() for item in line.strip().split("  "))
    return {key: value for key, _, value in items}


RAW = {locale: parse_vocab(text) for locale, text in VOCAB.items()}

_CYR_PAIRS = {"lj": "љ", "nj": "њ", "dž": "џ", "Lj": "Љ", "Nj": "Њ", "Dž": "Џ"}
_CYR = str.maketrans(
    "abcčćdđefghijklmnoprsštuvzžABCČĆDĐEFGHIJKLMNOPRSŠTUVZŽ",
    "абцчћдђефгхијклмнопрсштувзжАБЦЧЋДЂЕФГХИЈКЛМНОПРСШТУВЗЖ",
)


def cyrillic(text: str) -> str:
    """Serbian Latin to Serbian Cyrillic (the digraphs lj, nj, dž first)."""
    parts = re.split(r"(\{\w+\})", text)  # placeholders such as {acc} stay as they are
    for i in range(0, len(parts), 2):
        for latin, cyr in _CYR_PAIRS.items():
            parts[i] = parts[i].replace(latin, cyr)
        parts[i] = parts[i].translate(_CYR)
    return "".join(parts)


RAW["sr-Cyrl"] = {key: cyrillic(value) for key, value in RAW["sr"].items()}
RAW["sr-Cyrl"]["letters"] = "КДТЛС"
RAW["sr-Cyrl"]["plain"] = RAW["sr-Cyrl"]["files"]  # a file is told by its name: 'е четири', 'еф три'


@dataclass(frozen=True)
class Lang:
    """One locale's notation letters and spoken vocabulary, each entry a tuple of alternatives."""

    letters: str
    words: dict[str, tuple[str, ...]]
    pieces: dict[int, tuple[str, ...]]
    acc: dict[int, str]
    files: tuple[str, ...]
    plain: tuple[str, ...]
    nums: tuple[tuple[str, ...], ...]


def make_lang(raw: dict[str, str]) -> Lang:
    listed = {"pieces", "acc", "files", "plain", "nums", "letters"}
    pieces = [tuple(p.split("|")) for p in raw["pieces"].split(";")]
    return Lang(
        letters=raw["letters"],
        words={k: tuple(v.split("|")) for k, v in raw.items() if k not in listed},
        pieces=dict(zip(ORDER, pieces, strict=True)),
        acc=dict(zip(ORDER[1:], raw["acc"].split(";"), strict=True)),
        files=tuple(raw["files"].split(";")),
        plain=tuple(raw["plain"].split(";")),
        nums=tuple(tuple(n.split("|")) for n in raw["nums"].split(";")),
    )


LANGS = {locale: make_lang(raw) for locale, raw in RAW.items()}


def seeded(*parts: object) -> random.Random:
    digest = hashlib.sha256("|".join(str(p) for p in parts).encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})


def fold(text: str, umlaut_e: bool) -> str:
    """Text typed without diacritics, as on a phone (German umlauts sometimes as ae/oe/ue)."""
    if umlaut_e:
        text = text.translate(UMLAUTS)
    text = text.replace("ß", "ss").replace("đ", "dj").replace("Đ", "Dj").replace("–", "-")
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


@dataclass
class Style:
    """A game's typing habits for notation moves."""

    cap: str  # capture mark: 'x' or ':'
    castle: str  # '0' or 'O'
    eq: bool  # promotion written e8=D rather than e8D
    long: bool  # long form Jg1-f3


def notation(board: chess.Board, move: chess.Move, san: str, lang: Lang, st: Style) -> str:
    suffix = san[-1] if san[-1] in "+#" else ""
    if board.is_castling(move):
        core = ("O-O" if board.is_kingside_castling(move) else "O-O-O").replace("O", st.castle)
    elif st.long:
        piece = board.piece_type_at(move.from_square)
        letter = "" if piece == chess.PAWN else lang.letters[ORDER.index(piece or chess.PAWN)]
        sep = st.cap if board.is_capture(move) else "-"
        core = letter + chess.square_name(move.from_square) + sep + chess.square_name(move.to_square)
    else:
        core = san.rstrip("+#").split("=")[0].replace("x", st.cap)
        if core[0] in "KQRBN":
            core = lang.letters["KQRBN".index(core[0])] + core[1:]
    if move.promotion:
        core += ("=" if st.eq else "") + lang.letters[ORDER.index(move.promotion)]
    return core + suffix


class Speaker:
    """Tells moves in words, the way a person dictates them."""

    def __init__(self, lang: Lang, rng: random.Random, spoken: float, with_from: bool, punct: bool) -> None:
        self.lang, self.rng, self.spoken, self.with_from, self.punct = lang, rng, spoken, with_from, punct

    def pick(self, key: str) -> str:
        return self.rng.choice(self.lang.words[key])

    def rank(self, rank: int) -> str:
        return self.rng.choice(self.lang.nums[rank])

    def file(self, file: int) -> str:
        return self.rng.choice((self.lang.plain[file], self.lang.files[file]))

    def square(self, square: int) -> str:
        if self.rng.random() >= self.spoken:
            return chess.square_name(square)
        return f"{self.file(chess.square_file(square))} {self.rank(chess.square_rank(square))}"

    def move(self, board: chess.Board, move: chess.Move, san: str) -> str:
        lang, rng = self.lang, self.rng
        piece = board.piece_type_at(move.from_square) or chess.PAWN
        victim = board.piece_type_at(move.to_square)
        to = self.square(move.to_square)
        capture = board.is_capture(move)
        takes = self.pick("take") + (f" {self.pick('on')}" if rng.random() < 0.5 else "")
        from_square = self.with_from or rng.random() < 0.1
        clauses: list[str] = []
        if board.is_castling(move):
            clauses.append(self.pick("short" if board.is_kingside_castling(move) else "long"))
        elif piece == chess.PAWN:
            pawn = rng.choice(lang.pieces[chess.PAWN])
            if from_square:
                src = self.square(move.from_square)
                src = f"{pawn} {self.pick('frm')} {src}" if rng.random() < 0.6 else src
                main = f"{src} {takes} {to}" if capture else f"{src} {self.pick('to')} {to}"
            elif capture:
                file = self.file(chess.square_file(move.from_square))
                options = [f"{file} {takes} {to}", f"{pawn} {file} {takes} {to}"]
                sources = {
                    m.from_square
                    for m in board.legal_moves
                    if m.to_square == move.to_square and board.is_capture(m)
                    if board.piece_type_at(m.from_square) == chess.PAWN
                }
                if len(sources) == 1:
                    options.append(f"{pawn} {takes} {to}")
                main = rng.choice(options)
            else:
                options = [f"{pawn} {to}", f"{pawn} {self.pick('to')} {to}"]
                main = rng.choice([*options, to] if " " in to else options)
            clauses.append(main)
            if board.is_en_passant(move):
                clauses.append(self.pick("ep"))
            if move.promotion:
                new = move.promotion
                clauses.append(self.pick("promo").format(nom=lang.pieces[new][0], acc=lang.acc[new]))
        else:
            name = rng.choice(lang.pieces[piece])
            found = re.match(r"[KQRBN]([a-h]?[1-8]?)x?[a-h][1-8]", san)
            dis = found.group(1) if found else ""
            if from_square or len(dis) == 2:
                subject = f"{name} {self.pick('frm')} {self.square(move.from_square)}"
            elif dis.isalpha():
                subject = f"{name} {self.file(ord(dis) - ord('a'))}"
            elif dis:
                subject = f"{name} {rng.choice((dis, self.rank(int(dis) - 1)))}"
            else:
                subject = name
            if capture and victim and rng.random() < 0.2:
                main = f"{subject} {self.pick('take')} {lang.acc[victim]} {self.pick('on')} {to}"
            elif capture:
                main = f"{subject} {takes} {to}"
            elif from_square:
                main = f"{subject} {self.pick('to')} {to}" if rng.random() < 0.8 else f"{subject} {to}"
            else:
                to_word = self.pick("to")
                options = [f"{subject} {to}", f"{subject} {to_word} {to}"]
                main = rng.choice([*options, f"{subject} {self.pick('go')} {to_word} {to}"])
            clauses.append(main)
        if san.endswith("#"):
            clauses.append(self.pick("mate"))
        elif san.endswith("+"):
            clauses.append(self.pick("check"))
        return ", ".join(clauses) if self.punct else " ".join(clauses)

    def sentence(self, text: str) -> str:
        """Sentence case, except where the move starts with a square or a file (d berie e5, not D berie e5)."""
        first = text.split(" ", 1)[0]
        if len(first) > 2 and first not in self.lang.files and not SQUARE.match(first):
            return text[0].upper() + text[1:]
        return text


@dataclass
class Rendered:
    record: dict[str, Any]
    shown: list[str]  # the moves as written, in order
    worded: int  # how many of them are told in words


def render(
    moves: list[chess.Move],
    headers: dict[str, str],
    cut: bool,
    locale: str,
    seed: int,
    index: int,
    profile: str,
) -> Rendered:
    rng = seeded(seed, locale, index)
    plain = profile == "no_diacritics"
    lang = LANGS["sr" if plain and locale == "sr-Cyrl" else locale]
    punct = profile == "punctuated"
    long = profile == "long_form_mixed"
    style = Style(
        cap=":" if rng.random() < (0.1 if locale == "en" else 0.35) else "x",
        castle=rng.choice("0O"),
        eq=rng.random() < 0.5,
        long=long,
    )
    spoken = rng.choice((0.2, 0.5, 0.8) if profile == "all_words" else (0.0, 0.25, 0.6))
    speaker = Speaker(lang, rng, spoken, long, punct)
    n = len(moves)
    lo, hi = {"all_words": (1.0, 1.0), "punctuated": (0.7, 1.0)}.get(profile, (0.3, 0.7))
    k = min(max(round(rng.uniform(lo, hi) * n), math.ceil(lo * n)), math.floor(hi * n))
    worded = set(rng.sample(range(n), k))
    comments = set(rng.sample(range(1, n - 1), rng.choice((0, 1, 1, 2))))  # a comment after these plies

    board, sans, shown = chess.Board(), [], []
    for i, move in enumerate(moves):
        san = board.san(move)
        sans.append(san)
        if i not in worded:
            shown.append(notation(board, move, san, lang, style))
        elif punct and (i % 2 == 0 or i - 1 in comments):  # a sentence starts after a number or a comment
            shown.append(speaker.sentence(speaker.move(board, move, san)))
        else:
            shown.append(speaker.move(board, move, san))
        board.push(move)

    number = ". " if punct else rng.choice((". ", ". ", ".", ") "))
    resume = rng.choice(("...", "...", "...", ". ...", ""))  # Black's number after a comment, or none
    parts: list[str] = []
    after_comment = False
    for i, text in enumerate(shown):
        no = i // 2 + 1
        if i % 2 == 0:
            unit = f"{no}{number}{text}"
        elif after_comment and resume:
            unit = f"{no}{resume} {text}"
        else:
            unit = text
        if punct:
            unit += rng.choice((",", ";")) if i % 2 == 0 else rng.choice((".", ".", ";"))
        parts.append(unit)
        after_comment = i in comments and i % 2 == 0
        if i in comments:
            said = rng.choice(lang.words["comments"])
            parts.append(f"({said[0].upper()}{said[1:]}.)" if punct else f"({said})")
    text = " ".join(parts)

    result = "*"
    if not cut and headers.get("Result") in ("1-0", "0-1", "1/2-1/2") and rng.random() < 0.65:
        result = headers["Result"]
        key = {"1-0": "white_wins", "0-1": "black_wins", "1/2-1/2": "draw"}[result]
        if rng.random() < 0.3:
            said = rng.choice(lang.words[key])
            text += " " + (f"{said[0].upper()}{said[1:]}." if punct else said)
        else:
            text += " " + (rng.choice(("1/2-1/2", "½-½")) if result == "1/2-1/2" and not plain else result)

    layout = rng.choice(("paragraph", "paragraph", "lines", "wrapped"))
    if layout == "lines":
        text = re.sub(r" (?=\d+[.)])", "\n", text)
    elif layout == "wrapped":
        text = textwrap.fill(text, rng.randint(60, 90), break_long_words=False, break_on_hyphens=False)

    white, black = headers.get("White", "?"), headers.get("Black", "?")
    if "?" not in (white, black) and rng.random() < 0.5:
        cw, cb = lang.words["colours"]
        heading = rng.choice(
            (
                f"{white} – {black}",
                f"{white} - {black}",
                f"{cw}: {white}, {cb}: {black}",
                f"{cw}: {white}\n{cb}: {black}",
            )
        )
        text = heading + rng.choice(("\n", "\n\n")) + text

    if plain:
        umlaut_e = locale == "de" and rng.random() < 0.5  # Laeufer or Laufer; Slovak päť is just pat
        text = fold(text, umlaut_e)
        shown = [fold(s, umlaut_e) for s in shown]
    record = {
        "id": f"{locale}-{seed}-{index:03d}",
        "locale": locale,
        "text": text,
        "san": sans,
        "profile": profile,
        "result": result,
    }
    return Rendered(record, shown, len(worded))


def eligible_games(path: str, max_plies: int) -> Iterator[tuple[list[chess.Move], dict[str, str], bool]]:
    """Games that parse cleanly from the standard start with at least 16 plies, cut at max_plies."""
    with open(path, encoding="utf-8", errors="replace") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            if game.errors or game.headers.get("Variant", "Standard").lower() not in ("standard", "chess"):
                continue
            if game.headers.get("FEN", chess.STARTING_FEN) != chess.STARTING_FEN:
                continue
            moves = list(game.mainline_moves())
            if len(moves) < 16 or not all(moves):
                continue
            yield moves[:max_plies], dict(game.headers), len(moves) > max_plies


def profile_of(seed: int, locale: str, index: int, forced: str | None) -> str:
    """Profiles balanced by blocks: each block of five games holds every profile once, in a seeded order."""
    if forced:
        return forced
    order = seeded(seed, locale, "block", index // len(PROFILES)).sample(PROFILES, len(PROFILES))
    return order[index % len(PROFILES)]


def generate(args: argparse.Namespace, out: TextIO) -> dict[str, Any]:
    profiles: Counter[str] = Counter()
    games = plies = words = 0
    for index, (moves, headers, cut) in enumerate(eligible_games(args.pgn, args.max_plies)):
        if index < args.skip:
            continue
        if games >= args.games:
            break
        profile = profile_of(args.seed, args.locale, index, args.profile)
        done = render(moves, headers, cut, args.locale, args.seed, index, profile)
        out.write(json.dumps(done.record, ensure_ascii=False) + "\n")
        games, plies, words = games + 1, plies + len(moves), words + done.worded
        profiles[profile] += 1
    return {
        "locale": args.locale,
        "seed": args.seed,
        "games": games,
        "plies": plies,
        "profiles": dict(sorted(profiles.items())),
        "words_fraction": round(words / max(plies, 1), 3),
    }


def check_one(done: Rendered, moves: list[chess.Move], locale: str, tag: str) -> None:
    rec, profile = done.record, done.record["profile"]
    board = chess.Board()
    for san in rec["san"]:
        move = board.parse_san(san)
        assert board.san(move) == san, f"{tag}: {san} is not python-chess SAN"
        board.push(move)
    assert len(done.shown) == len(rec["san"]) == len(moves), f"{tag}: move count"
    flat, at = " ".join(rec["text"].split()), 0
    for shown in done.shown:
        found = flat.find(shown, at)
        assert found >= 0, f"{tag}: {shown!r} not in the text in order"
        at = found + len(shown)
    for comment in re.findall(r"\(([^)]*)\)", rec["text"]):
        assert not SQUARE.search(comment), f"{tag}: a square in a comment"
    share = done.worded / len(moves)
    low, high = {"all_words": (1, 1), "punctuated": (0.7, 1)}.get(profile, (0.3, 0.7))
    assert low - 1e-9 <= share <= high + 1e-9, f"{tag}: {share:.2f} of moves in words"
    assert "{" not in rec["text"], f"{tag}: a placeholder left"
    if profile == "no_diacritics":
        assert all(s.isascii() for s in done.shown), f"{tag}: diacritics left"
    elif locale == "sr-Cyrl" and done.worded:
        assert re.search("[а-я]", rec["text"]), f"{tag}: no Cyrillic"


def self_check(pgn: str, max_plies: int) -> None:
    """Ten games per locale with balanced profiles, then games with promotions and en passant in every profile."""
    pool = [g for _, g in zip(range(400), eligible_games(pgn, max_plies), strict=False)]
    special: list[int] = []
    for wanted in ("=", "ep"):
        for index, (moves, _, _) in enumerate(pool):
            board, hit = chess.Board(), False
            for move in moves:
                hit = hit or (board.is_en_passant(move) if wanted == "ep" else bool(move.promotion))
                board.push(move)
            if hit:
                special.append(index)
                break
    assert len(special) == 2, "no game with a promotion or an en passant capture"
    for locale in LOCALES:
        seen: Counter[str] = Counter()
        for index, (moves, headers, cut) in enumerate(pool[:10]):
            profile = profile_of(7, locale, index, None)
            seen[profile] += 1
            done = render(moves, headers, cut, locale, 7, index, profile)
            assert done.record == render(moves, headers, cut, locale, 7, index, profile).record, (
                "not deterministic"
            )
            check_one(done, moves, locale, f"{locale} game {index} ({profile})")
        assert set(seen.values()) == {2}, f"{locale}: profiles not balanced: {seen}"
        for index in special:
            moves, headers, cut = pool[index]
            for profile in PROFILES:
                done = render(moves, headers, cut, locale, 7, index, profile)
                check_one(done, moves, locale, f"{locale} game {index} ({profile})")
    print("OK")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--locale", choices=LOCALES, default="sk")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--skip", type=int, default=0, help="skip this many eligible games")
    parser.add_argument("--pgn", default=DEFAULT_PGN)
    parser.add_argument("--max-plies", type=int, default=100)
    parser.add_argument("--profile", choices=PROFILES, default=None, help="use one profile for every game")
    parser.add_argument("-o", "--out", default=None, help="JSON Lines output (stdout by default)")
    parser.add_argument("--self-check", action="store_true")
    args = parser.parse_args(argv)
    if args.max_plies < 16:
        parser.error("--max-plies must be at least 16")
    if args.self_check:
        self_check(args.pgn, args.max_plies)
        return 0
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            summary = generate(args, out)
    else:
        summary = generate(args, sys.stdout)
    print(json.dumps(summary, ensure_ascii=False), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
