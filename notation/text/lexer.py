"""Builds and caches the lark movetext lexer of each locale from the shipped grammar template."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from typing import Any

import chess
from lark import Lark

from ..game import Written
from ..locales import FIGURINES, PAWN_FIGURINES, Locale, get_locale

CAPTURE_MARKS = ("×", "x", "X", "Х", ":")
_SQUARES = {name: square for square, name in enumerate(chess.SQUARE_NAMES)}


def _alternation(texts: list[str]) -> str:
    if not texts:
        return "(?!)"
    return "|".join(re.escape(t) for t in sorted(set(texts), key=lambda t: (-len(t), t)))


UNEXPECTED = "UNEXPECTED"
# The named parts of the grammar's MOVE terminal, in the order the reader takes them.
MOVE_PARTS = (
    "piece",
    "pawn",
    "from_file",
    "from_rank",
    "capture",
    "dash",
    "to",
    "promotion",
    "promotion_paren",
    "promotion_lower",
    "capture_after",
)


@dataclass(frozen=True)
class LocaleGrammar:
    """A locale's grammar as lark compiled it, run as one master regular expression.

    lark parses the grammar and gives the terminals, their priorities and the ignored ones; the terminals are
    tried in lark's own order (priority, then longest possible match) inside a single compiled pattern, which
    costs one C-level match per token and hands back the MOVE's named groups without a second match.
    """

    locale: Locale
    lark: Lark
    master: re.Pattern[str]
    # The same for text outside PGN files, where `;` is punctuation ("1 e4, c5; 2 Cf3, d6;"), as a comma
    # is, not a comment to the end of the line.
    text_master: re.Pattern[str]
    pieces: dict[str, int]
    # The locale's own spellings, without the English letters it reads too.
    own_pieces: dict[str, int]
    # Group numbers of the MOVE terminal's parts (by number: faster than by name on every move).
    move_parts: tuple[int, ...]
    # What each MOVE token's text says, once worked out: a game repeats its moves' spellings ("Jf3", "e4").
    readings: dict[str, tuple[Any, ...]] = field(default_factory=dict, compare=False, repr=False)

    def scan(self, text: str) -> Iterator[re.Match[str]]:
        """One match per token, consecutive from the start of the text; `match.lastgroup` is the terminal's
        name, and UNEXPECTED the name of a character no terminal matches (the caller reports it)."""
        # The master pattern matches at every position where anything but blanks is left (a character
        # no terminal takes is UNEXPECTED), so finditer never skips text: its matches are consecutive.
        return self.master.finditer(text)


def _master_pattern(lark: Lark, *, line_comments: bool = True) -> re.Pattern[str]:
    terminals = sorted(
        lark.terminals, key=lambda t: (-t.priority, -t.pattern.max_width, -len(t.pattern.value), t.name)
    )
    ignored = [t.pattern.to_regexp() for t in terminals if t.name in lark.ignore_tokens]
    if not line_comments:
        ignored.append(";")
    skip = "|".join(ignored)
    tokens = "|".join(
        f"(?P<{t.name}>{t.pattern.to_regexp()})"
        for t in terminals
        if t.name not in lark.ignore_tokens and (line_comments or t.name != "LINE_COMMENT")
    )
    # Possessive: whitespace is never given back, so a bad character after a long run of it fails at once
    # instead of trying every way to split the run.
    # Last, any character at all: the scan never stops early, and an UNEXPECTED match says where it failed.
    return re.compile(f"(?:{skip})*+(?:{tokens}|(?P<{UNEXPECTED}>[\\s\\S]))")


def grammar_template() -> str:
    return resources.files("partiar.grammars").joinpath("movetext.lark").read_text(encoding="utf-8")


# What follows a move number written without its dot ("1 – e4", "18 0—0-0") for it to number a move: a square,
# maybe after a piece's letters, an origin and a capture mark, or castling. The grammar's `{{MOVE_AHEAD}}`.
MOVE_AHEAD = r"[^\W\d_]{0,2}[a-h1-8]?[x×:]?[a-h][1-8](?![0-9])|[0O][-–—][0O]"


@cache
def grammar_for(locale_name: str, *, english_bishop: bool = False) -> LocaleGrammar:
    """The lexer of one locale, built once per process; with `english_bishop`, B is English's bishop, not the
    locale's pawn (a German or Danish score written with English letters beside the notes' own)."""
    locale = get_locale(locale_name)
    if english_bishop:
        locale = replace(locale, pawn_letters=())
    pieces = dict(locale.piece_spellings())
    pieces.update(FIGURINES)
    promotion_letters = [text for text, piece in pieces.items() if piece != chess.KING]
    lower = [t.lower() for t in promotion_letters if len(t) == 1 and t.isalpha() and t.lower() != t]
    slots = {
        "{{PIECES}}": _alternation(list(pieces)),
        "{{PIECE_CHARS}}": "[" + "".join(sorted(re.escape(text) for text in pieces if len(text) == 1)) + "]",
        "{{PAWNS}}": _alternation([*locale.pawn_letters, *PAWN_FIGURINES]),
        "{{CAPTURES}}": _alternation(list(CAPTURE_MARKS)),
        "{{PROMOTIONS}}": _alternation(promotion_letters),
        "{{LOWER_PROMOTIONS}}": _alternation(lower),
        "{{MOVE_AHEAD}}": MOVE_AHEAD,
    }
    text = grammar_template()
    for slot, value in slots.items():
        text = text.replace(slot, value)
    lark = Lark(text, parser="lalr", lexer="basic")
    master = _master_pattern(lark)
    parts = tuple(master.groupindex[name] for name in MOVE_PARTS)
    text_master = _master_pattern(lark, line_comments=False)
    return LocaleGrammar(
        locale, lark, master, text_master, pieces, locale.piece_spellings(english=False), parts
    )


# Spellings kept per locale: every short-form move there is, and many long ones, in bounded memory.
_READINGS_KEPT = 20_000


def written_token(
    grammar: LocaleGrammar, found: re.Match[str], start: int, line: int, column: int
) -> Written:
    """The language-free reading of a MOVE token, from the named groups of the grammar's MOVE terminal."""
    text = found.string[start : found.end()]
    reading = grammar.readings.get(text)
    if reading is None:
        reading = _reading(grammar, found)
        if len(grammar.readings) < _READINGS_KEPT:
            grammar.readings[text] = reading
    return Written(text, line, column, *reading)


def _reading(grammar: LocaleGrammar, found: re.Match[str]) -> tuple[Any, ...]:
    """The fields of `Written` after text, line and column, for one MOVE token."""
    piece, pawn, from_file, from_rank, capture, dash, to, promotion, paren, lower, after = found.group(
        *grammar.move_parts
    )
    pieces = grammar.pieces
    promotion = promotion or paren or (lower.upper() if lower else None)
    return (
        pieces[piece] if piece else chess.PAWN,
        _SQUARES[to if to[1].isdigit() else f"{to[0]}1"],
        ord(from_file) - 97 if from_file else None,
        (int(from_rank) - 1 if from_rank.isdigit() else 0) if from_rank else None,
        None,
        pieces[promotion] if promotion else None,
        capture is not None or after is not None,
        "",
        False,
        from_file is not None and from_rank is not None,
        dash is not None,
        pawn is not None,
    )


def files_token(text: str, line: int, column: int) -> Written:
    """A pawn capture written by its two files alone ("ed", "e:d"): the destination is left to the board."""
    return Written(
        text,
        line,
        column,
        chess.PAWN,
        None,
        ord(text[0]) - 97,
        None,
        capture_mark=True,
        to_file=ord(text[-1]) - 97,
    )


def takes_token(grammar: LocaleGrammar, found: re.Match[str], line: int, column: int) -> Written:
    """A capture written by its two pieces alone ("RxA", a pawn by its letter or its file: "dxA", "pxp"): the
    square is left to the board."""
    pieces = grammar.pieces
    file = found["taker_file"]
    return Written(
        found["TAKES"],
        line,
        column,
        pieces.get(found["taker"], chess.PAWN),
        from_file=ord(file) - 97 if file else None,
        capture_mark=True,
        captured=pieces.get(found["taken"], chess.PAWN),
    )


def castling_token(text: str, line: int, column: int) -> Written:
    zeros = sum(ch in "0OoО" for ch in text)
    return Written(text, line, column, None, castle="short" if zeros == 2 else "long")


def written_from_tokens(grammar: LocaleGrammar, text: str) -> Written | None:
    """A single move written alone (a claim's written move): the move with its marks, or None."""
    written: Written | None = None
    folded = grammar.locale.fold_script(unicodedata.normalize("NFC", text.strip()))
    for found in grammar.scan(folded):
        kind = found.lastgroup or ""
        start = found.start(kind)
        if kind == "MOVE" and written is None:
            written = written_token(grammar, found, start, 1, start + 1)
        elif kind == "CASTLE" and written is None:
            written = castling_token(found[kind], 1, start + 1)
        elif kind == "CHECK" and written is not None:
            written = written._replace(check_mark=found[kind])
        elif kind == "EN_PASSANT" and written is not None:
            written = written._replace(en_passant_mark=True)
        else:
            return None
    return written
