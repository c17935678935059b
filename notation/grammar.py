"""Builds and caches the lark movetext lexer of each locale from the shipped grammar template."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from importlib import resources

import chess
from lark import Lark

from notation.locales import FIGURINES, PAWN_FIGURINES, Locale, get_locale

CAPTURE_MARKS = ("×", "x", "X", "Х", ":")


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
    pieces: dict[str, int]
    # Group numbers of the MOVE terminal's parts (by number: faster than by name on every move).
    move_parts: tuple[int, ...]

    def scan(self, text: str) -> Iterator[re.Match[str]]:
        """One match per token, consecutive from the start of the text; `match.lastgroup` is the terminal's
        name, and UNEXPECTED the name of a character no terminal matches (the caller reports it)."""
        # The master pattern matches at every position where anything but blanks is left (a character
        # no terminal takes is UNEXPECTED), so finditer never skips text: its matches are consecutive.
        return self.master.finditer(text)


def _master_pattern(lark: Lark) -> re.Pattern[str]:
    terminals = sorted(
        lark.terminals, key=lambda t: (-t.priority, -t.pattern.max_width, -len(t.pattern.value), t.name)
    )
    ignored = [t.pattern.to_regexp() for t in terminals if t.name in lark.ignore_tokens]
    skip = "|".join(ignored)
    tokens = "|".join(
        f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in terminals if t.name not in lark.ignore_tokens
    )
    # Possessive: whitespace is never given back, so a bad character after a long run of it fails at once
    # instead of trying every way to split the run.
    # Last, any character at all: the scan never stops early, and an UNEXPECTED match says where it failed.
    return re.compile(f"(?:{skip})*+(?:{tokens}|(?P<{UNEXPECTED}>[\\s\\S]))")


def grammar_template() -> str:
    return resources.files("grammars").joinpath("movetext.lark").read_text(encoding="utf-8")


@cache
def grammar_for(locale_name: str) -> LocaleGrammar:
    """The lexer of one locale, built once per process."""
    locale = get_locale(locale_name)
    pieces = dict(locale.piece_spellings())
    pieces.update(FIGURINES)
    promotion_letters = [text for text, piece in pieces.items() if piece != chess.KING]
    lower = [t.lower() for t in promotion_letters if len(t) == 1 and t.isalpha() and t.lower() != t]
    slots = {
        "{{PIECES}}": _alternation(list(pieces)),
        "{{PAWNS}}": _alternation([*locale.pawn_letters, *PAWN_FIGURINES]),
        "{{CAPTURES}}": _alternation(list(CAPTURE_MARKS)),
        "{{PROMOTIONS}}": _alternation(promotion_letters),
        "{{LOWER_PROMOTIONS}}": _alternation(lower),
    }
    text = grammar_template()
    for slot, value in slots.items():
        text = text.replace(slot, value)
    lark = Lark(text, parser="lalr", lexer="basic")
    master = _master_pattern(lark)
    parts = tuple(master.groupindex[name] for name in MOVE_PARTS)
    return LocaleGrammar(locale, lark, master, pieces, parts)
