"""Third, independently written generator of noisy chess game texts (Slovak, Czech, Serbian Latin).

Written for held-out measurement: it shares no code and no tables with the project's decoder or its
other noise generators. A game goes through three independent stages.

1. Games: real games from a PGN file (at least 10 plies, cut at 120), sampled with random.Random(seed)
   from the eligible games left after --skip (fewer than --games left is an error).
2. Rendering (own code): piece letters sk/cs K D V S J, sr K D T L S; per game a style: short SAN-like
   or long form with origin square, capture mark (x : × or none), castling 0-0 / O-O, check marks shown
   or not, move numbers "1." "1)" "1 .", layout (a pair per line, an aligned two-column table, wrapped
   running text, one move per line), "1..." / "1…" continuations, short bracketed comments in the
   locale's language, annotation glyphs, a heading with the players and a result.
3. Noise, one profile per game at a rate of 0.5-4 % per character:
   - typist: neighbouring keys on the national QWERTZ layout or on US QWERTY (digit row included),
     doubled / dropped / swapped characters, Shift forgotten or held (on sk/cs QWERTZ an unshifted
     digit row types + ľ š č ť ž ý á í é / + ě š č ř ž ý á í é), missing and extra spaces;
   - ocr: glyph look-alikes (1 l I |, 0 O o, 5 S, 8 B 3, 6 b, c e, rn m, cl d, ...), split and merged
     tokens, dropped or changed dots, specks (. , ' `), joined lines, a garbled result;
   - mixed: each edit drawn from either of the two.
   Only a printed page (ocr, mixed) uses the typographic × … ½ and table layouts; a typist types x ... 1/2.

Usage (from /work/main):
    .venv/bin/python bench/third_noise.py --locale sk --seed 31 --skip 1075 --games 30 -o /tmp/third/sk.jsonl
Output: JSON Lines {"id", "locale", "text", "san" (list of English SAN), "style", "seed"}.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import textwrap
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import chess
import chess.pgn

DEFAULT_PGN = Path(__file__).resolve().parent.parent / ".." / "shared/data/pgn/shakmaty/twic1599_1000k.pgn"
MIN_PLIES, MAX_PLIES = 10, 120
SK_CS = {chess.KING: "K", chess.QUEEN: "D", chess.ROOK: "V", chess.BISHOP: "S", chess.KNIGHT: "J"}
LETTERS = {
    "sk": SK_CS,
    "cs": SK_CS,
    "sr": {chess.KING: "K", chess.QUEEN: "D", chess.ROOK: "T", chess.BISHOP: "L", chess.KNIGHT: "S"},
}
COMMENTS = {  # "{m}" is replaced by another legal move of the position, rendered in the game's style
    "sk": [
        "lepšie bolo {m}",
        "chyba",
        "jediný ťah",
        "hrozí mat",
        "s iniciatívou",
        "najlepšie",
        "hrozilo {m}",
        "čierny stojí lepšie",
        "biely má výhodu",
        "nová myšlienka",
        "časová tieseň",
        "silný ťah",
    ],
    "cs": [
        "lepší bylo {m}",
        "chyba",
        "jediný tah",
        "hrozí mat",
        "s iniciativou",
        "nejlepší",
        "hrozilo {m}",
        "černý stojí lépe",
        "bílý má výhodu",
        "nový nápad",
        "časová tíseň",
        "silný tah",
    ],
    "sr": [
        "bolje je {m}",
        "greška",
        "jedini potez",
        "preti mat",
        "sa inicijativom",
        "najbolje",
        "pretilo je {m}",
        "crni stoji bolje",
        "beli ima prednost",
        "nova ideja",
        "cajtnot",
        "jak potez",
    ],
}
# (unshifted rows, shifted rows), top row = digit row; same length row by row
KEYBOARDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "us": (
        ("1234567890-=", "qwertyuiop[]", "asdfghjkl;'", "zxcvbnm,./"),
        ("!@#$%^&*()_+", "QWERTYUIOP{}", 'ASDFGHJKL:"', "ZXCVBNM<>?"),
    ),
    "sk": (
        ("+ľščťžýáíé=", "qwertzuiopúä", "asdfghjklô§ň", "yxcvbnm,.-"),
        ("1234567890%", "QWERTZUIOP/(", 'ASDFGHJKL"!)', "YXCVBNM?:_"),
    ),
    "cs": (
        ("+ěščřžýáíé=", "qwertzuiopú)", "asdfghjklů§¨", "yxcvbnm,.-"),
        ("1234567890%", "QWERTZUIOP/(", "ASDFGHJKL\"!'", "YXCVBNM?:_"),
    ),
    "sr": (
        ("1234567890'+", "qwertzuiopšđ", "asdfghjklčćž", "yxcvbnm,.-"),
        ('!"#$%&/()=?*', "QWERTZUIOPŠĐ", "ASDFGHJKLČĆŽ", "YXCVBNM;:_"),
    ),
}
# glyph confusions of a reader of printed pages: source -> possible readings
LOOKALIKE: dict[str, list[str]] = {
    "1": ["l", "I", "|", "i", "]"],
    "l": ["1", "I", "|"],
    "I": ["1", "l", "|"],
    "i": ["l", "1", "j"],
    "0": ["O", "o", "D", "()"],
    "O": ["0", "o", "Q"],
    "o": ["0", "c", "e"],
    "5": ["S", "s", "$"],
    "S": ["5", "8", "$"],
    "s": ["5", "a"],
    "8": ["B", "3", "6"],
    "B": ["8", "3"],
    "3": ["8", "5"],
    "6": ["b", "G", "5"],
    "b": ["6", "h"],
    "G": ["6", "C"],
    "c": ["e", "o", "("],
    "e": ["c", "o"],
    "a": ["o", "e"],
    "2": ["Z", "z"],
    "Z": ["2"],
    "7": ["T", "/", "1"],
    "T": ["7", "I"],
    "4": ["A", "d"],
    "9": ["g", "q"],
    "g": ["9", "q"],
    "h": ["b", "li"],
    "f": ["t", "r"],
    "t": ["f", "l"],
    "D": ["O", "0"],
    "V": ["Y", "v"],
    "J": ["I", "]", "j"],
    "K": ["X", "k"],
    "L": ["1", "l"],
    "d": ["cl", "a"],
    "m": ["rn", "nn"],
    "x": ["×", "X", "k"],
    "×": ["x", "X", "+"],
    ":": [";", ".", "i"],
    "-": ["–", "~", "_"],
    "+": ["†", "t", "-"],
    "…": ["...", ".."],
    "½": ["%", "1/2", "Vz"],
    "u": ["n", "ii"],
    "n": ["u", "ri"],
    "r": ["n", "t"],
    "E": ["F", "B"],
    "F": ["E", "P"],
    "P": ["F", "R"],
    "H": ["N", "II"],
    "N": ["H"],
}
MERGED = {"rn": "m", "cl": "d", "li": "h", "ri": "n", "ii": "u", "vv": "w"}

Edit = tuple[str, int] | None  # (replacement, source characters consumed) or None: no edit here


@dataclass
class Game:
    index: int
    white: str
    black: str
    result: str
    moves: list[chess.Move]
    cut: bool


def load_games(path: Path) -> list[Game]:
    games: list[Game] = []
    with open(path, encoding="utf-8", errors="replace") as handle:
        index = -1
        while (game := chess.pgn.read_game(handle)) is not None:
            index += 1
            moves = list(game.mainline_moves())
            if len(moves) >= MIN_PLIES and not game.errors:
                h = game.headers
                games.append(
                    Game(
                        index,
                        h.get("White", "?"),
                        h.get("Black", "?"),
                        h.get("Result", "*"),
                        moves[:MAX_PLIES],
                        len(moves) > MAX_PLIES,
                    )
                )
    return games


# ---------------------------------------------------------------- rendering


def choose_style(rng: random.Random, noise: str) -> dict[str, Any]:
    printed = noise != "typist"
    return {
        "form": rng.choice(["short", "short", "long"]),
        "capture": rng.choice(["x", ":", "×", "x", ""] if printed else ["x", "x", ":", ""]),
        "castle": rng.choice(["0", "O"]),
        "check": rng.random() < 0.7,
        "mate": rng.choice(["#", "+", "++"]),
        "promotion": rng.choice(["=", ""]),
        "number": rng.choice(["1.", "1.", "1)", "1 ."]),
        "number_space": rng.random() < 0.7,
        "continuation": rng.choice(["...", "…"]) if printed else "...",
        "layout": rng.choice(
            ["pairs", "wrap", "column", "table"] if printed else ["pairs", "wrap", "column"]
        ),
        "width": rng.randint(30, 78),
        "comments": rng.choice([0.0, 0.0, 0.02, 0.05]),
        "glyphs": rng.choice([0.0, 0.0, 0.03]),
        "heading": rng.random() < 0.5,
        "result": rng.random() < 0.6,
        "draw": rng.choice(["1/2-1/2", "½-½", "½:½"] if printed else ["1/2-1/2", "1/2:1/2"]),
        "decisive": rng.choice(["-", ":"]),
    }


def render_move(board: chess.Board, move: chess.Move, letters: dict[int, str], st: dict[str, Any]) -> str:
    """The move in the locale's letters, short (SAN-like disambiguation) or long (with origin square)."""
    if board.is_castling(move):
        o = st["castle"]
        text = f"{o}-{o}-{o}" if chess.square_file(move.to_square) == 2 else f"{o}-{o}"
    else:
        piece = board.piece_type_at(move.from_square)
        capture = board.is_capture(move)
        origin, target = chess.square_name(move.from_square), chess.square_name(move.to_square)
        letter = "" if piece == chess.PAWN else letters[piece]
        if st["form"] == "long":
            text = letter + origin + ((st["capture"] or "-") if capture else "-") + target
        elif piece == chess.PAWN:
            text = origin[0] + st["capture"] + target if capture else target
        else:
            rivals = [
                m.from_square
                for m in board.legal_moves
                if m.to_square == move.to_square
                and m.from_square != move.from_square
                and board.piece_type_at(m.from_square) == piece
            ]
            hint = ""
            if rivals:
                if all(chess.square_file(s) != chess.square_file(move.from_square) for s in rivals):
                    hint = origin[0]
                elif all(chess.square_rank(s) != chess.square_rank(move.from_square) for s in rivals):
                    hint = origin[1]
                else:
                    hint = origin
            text = letter + hint + (st["capture"] if capture else "") + target
        if move.promotion:
            text += st["promotion"] + letters[move.promotion]
    board.push(move)
    if board.is_checkmate():
        text += st["mate"] if st["check"] else "#"
    elif board.is_check() and st["check"]:
        text += "+"
    board.pop()
    return text


def number(n: int, st: dict[str, Any], black: bool) -> str:
    mark = st["continuation"] if black else st["number"][1:]
    return f"{n}{mark}" + (" " if st["number_space"] else "")


def player(name: str, rng: random.Random) -> str:
    last, _, first = (part.strip() for part in name.partition(","))
    if not first or rng.random() < 0.4:
        return last
    return f"{last}, {first[0]}." if rng.random() < 0.6 else f"{first[0]}. {last}"


def render_game(game: Game, locale: str, st: dict[str, Any], rng: random.Random) -> tuple[str, list[str]]:
    letters, board = LETTERS[locale], chess.Board()
    lines: list[list[str]] = []
    san: list[str] = []
    after_comment = False
    for ply, move in enumerate(game.moves):
        n, black = ply // 2 + 1, ply % 2 == 1
        text = render_move(board, move, letters, st)
        if st["glyphs"] and rng.random() < st["glyphs"]:
            text += rng.choice(["!", "?", "!?", "?!", "!!"])
        alternatives = [m for m in board.legal_moves if m != move]
        san.append(board.san(move))
        new_line = not lines or not black or st["layout"] == "column"
        if new_line:
            lines.append([])
        if not black:
            item = number(n, st, False) + text
        elif new_line or after_comment:
            item = number(n, st, True) + text
        else:
            item = text
        if st["layout"] == "table" and not black:
            item = f"{item:<14}" if rng.random() < 0.8 else item + "\t"
        lines[-1].append(item)
        after_comment = False
        if st["comments"] and rng.random() < st["comments"]:
            phrase = rng.choice(COMMENTS[locale])
            if "{m}" in phrase and alternatives:
                phrase = phrase.replace("{m}", render_move(board, rng.choice(alternatives), letters, st))
            elif "{m}" in phrase:
                phrase = COMMENTS[locale][1]
            opening, closing = rng.choice(["()", "()", "[]", "{}"])
            lines[-1].append(opening + phrase + closing)
            after_comment = True
        board.push(move)
    body = [" ".join(line).replace("\t ", "\t") for line in lines]
    if st["layout"] == "wrap":
        body = textwrap.wrap(" ".join(body), st["width"], break_long_words=False, break_on_hyphens=False)
    result = ""
    if st["result"] and not game.cut and game.result in ("1-0", "0-1", "1/2-1/2"):
        result = st["draw"] if game.result == "1/2-1/2" else game.result.replace("-", st["decisive"])
        if rng.random() < 0.5 and body[-1]:
            body[-1] += " " + result
        else:
            body.append(result)
    st["result_text"] = result
    head: list[str] = []
    if st["heading"]:
        head.append(
            player(game.white, rng) + rng.choice([" - ", " – ", " : ", " – "]) + player(game.black, rng)
        )
        if rng.random() < 0.4:
            head.append("")
    return "\n".join(head + body) + "\n", san


# ---------------------------------------------------------------- noise


def key_position(layout: str, ch: str) -> tuple[int, int, int] | None:
    for layer, rows in enumerate(KEYBOARDS[layout]):
        for r, row in enumerate(rows):
            if ch in row:
                return r, row.index(ch), layer
    return None


def neighbours(layout: str, ch: str) -> list[str]:
    pos = key_position(layout, ch)
    if pos is None:
        return []
    r, c, layer = pos
    rows = KEYBOARDS[layout][layer]
    near = [(r, c - 1), (r, c + 1), (r - 1, c), (r - 1, c + 1), (r + 1, c - 1), (r + 1, c)]
    return [rows[i][j] for i, j in near if 0 <= i < len(rows) and 0 <= j < len(rows[i])]


def shift_flip(layout: str, ch: str) -> str | None:
    pos = key_position(layout, ch)
    if pos is None:
        return None
    r, c, layer = pos
    return KEYBOARDS[layout][1 - layer][r][c]


def typist_edit(text: str, i: int, rng: random.Random, layout: str) -> Edit:
    ch, nxt = text[i], text[i + 1 : i + 2]
    if ch == "\n":
        return None
    if ch == " ":
        return ("", 1) if rng.random() < 0.6 else ("  ", 1)
    op = rng.choices(["near", "shift", "double", "drop", "swap", "space"], [30, 20, 12, 14, 12, 12])[0]
    if op == "near" and (near := neighbours(layout, ch)):
        return rng.choice(near), 1
    if op == "shift" and (flipped := shift_flip(layout, ch)):
        held = shift_flip(layout, nxt) if nxt.strip() else None
        if held and rng.random() < 0.3:  # Shift held one key too long (or released one key too late)
            return flipped + held, 2
        return flipped, 1
    if op == "swap" and nxt and nxt != "\n":
        return nxt + ch, 2
    if op == "space" and nxt and nxt != " ":
        return ch + " ", 1
    return (ch + ch, 1) if op == "double" or rng.random() < 0.4 else ("", 1)


def plain(ch: str) -> str:
    return unicodedata.normalize("NFD", ch)[0]


def ocr_edit(text: str, i: int, rng: random.Random, layout: str) -> Edit:
    ch, pair = text[i], text[i : i + 2]
    if pair in MERGED and rng.random() < 0.7:
        return MERGED[pair], 2
    if ch == "\n":
        return (" ", 1) if rng.random() < 0.3 else None  # two printed lines read as one
    if ch == " ":
        return ("", 1) if rng.random() < 0.7 else (" " + rng.choice(".,'`"), 1)
    if ch == "." and rng.random() < 0.7:
        return rng.choice(["", "", ",", ":", " ."]), 1
    op = rng.choices(["look", "split", "speck", "drop"], [60, 12, 18, 10])[0]
    if op == "look":
        if ch in LOOKALIKE:
            return rng.choice(LOOKALIKE[ch]), 1
        if plain(ch) != ch:  # a diacritic lost
            return plain(ch), 1
    if op == "split" and text[i + 1 : i + 2] not in ("", " ", "\n"):
        return ch + " ", 1
    if op == "speck" or op == "look":
        speck = rng.choice([".", ".", ",", "'", "`"])
        return (speck + ch, 1) if rng.random() < 0.5 else (ch + speck, 1)
    return "", 1


def add_noise(text: str, profile: str, rate: float, rng: random.Random, layout: str) -> tuple[str, int]:
    editors: dict[str, Callable[[str, int, random.Random, str], Edit]] = {
        "typist": typist_edit,
        "ocr": ocr_edit,
    }
    out: list[str] = []
    i = edits = 0
    while i < len(text):
        edit = None
        if rng.random() < rate:
            kind = profile if profile != "mixed" else rng.choice(["typist", "ocr"])
            edit = editors[kind](text, i, rng, layout)
        if edit is None:
            out.append(text[i])
            i += 1
        else:
            out.append(edit[0])
            i += edit[1]
            edits += 1
    return "".join(out), edits


def garble_result(text: str, result: str, rng: random.Random) -> str:
    """A printed result read wrongly: one character replaced by a look-alike."""
    at = text.rfind(result)
    spots = [k for k, ch in enumerate(result) if ch in LOOKALIKE]
    if at < 0 or not spots:
        return text
    k = rng.choice(spots)
    return text[: at + k] + rng.choice(LOOKALIKE[result[k]]) + text[at + k + 1 :]


# ---------------------------------------------------------------- driver


def make_record(game: Game, source: str, locale: str, seed: int) -> dict[str, Any]:
    rng = random.Random(f"third_noise/{seed}/{locale}/{game.index}")
    profile = rng.choices(["typist", "ocr", "mixed"], [45, 45, 10])[0]
    rate = round(rng.uniform(0.005, 0.04), 4)
    layout = rng.choice([locale, locale, "us"])
    style = choose_style(rng, profile)
    clean, san = render_game(game, locale, style, rng)
    text, edits = add_noise(clean, profile, rate, rng, layout)
    if profile != "typist" and style["result_text"] and rng.random() < 0.3:
        text = garble_result(text, style["result_text"], rng)
        style["result_garbled"] = True
    style.update(noise=profile, rate=rate, edits=edits, plies=len(san), cut=game.cut)
    if profile != "ocr":
        style["keyboard"] = layout
    return {
        "id": f"{source}#{game.index}/{locale}/{seed}",
        "locale": locale,
        "text": text,
        "san": san,
        "style": style,
        "seed": seed,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pgn", type=Path, default=DEFAULT_PGN)
    parser.add_argument("--locale", choices=["sk", "cs", "sr"], default="sk")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--skip", type=int, default=0, help="eligible games skipped before sampling")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("-o", "--output", type=Path, help="JSON Lines file (default: standard output)")
    options = parser.parse_args(argv)
    eligible = load_games(options.pgn)
    pool = eligible[options.skip :]
    if len(pool) < options.games:
        parser.error(f"only {len(pool)} eligible games after --skip {options.skip} ({len(eligible)} in all)")
    chosen = random.Random(options.seed).sample(pool, options.games)
    records = [make_record(g, options.pgn.name, options.locale, options.seed) for g in chosen]
    lines = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
    if options.output:
        options.output.parent.mkdir(parents=True, exist_ok=True)
        options.output.write_text(lines, encoding="utf-8")
    else:
        sys.stdout.write(lines)


if __name__ == "__main__":
    main()
