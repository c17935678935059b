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


class LexError(Exception):
    """No terminal of the grammar matches at `position` (the reader turns it into a syntax error)."""

    def __init__(self, position: int) -> None:
        super().__init__(position)
        self.position = position


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
    trailing: re.Pattern[str]
    pieces: dict[str, int]

    def scan(self, text: str) -> Iterator[re.Match[str]]:
        """One match per token; `match.lastgroup` is the terminal's name. Raises LexError where none fits."""
        match = self.master.match
        position, end = 0, len(text)
        while position < end:
            found = match(text, position)
            if found is None:
                if self.trailing.fullmatch(text, position):
                    return
                raise LexError(position + len(self.trailing.match(text, position)[0]))  # type: ignore[index]
            position = found.end()
            yield found


def _master_pattern(lark: Lark) -> tuple[re.Pattern[str], re.Pattern[str]]:
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
    return re.compile(f"(?:{skip})*+(?:{tokens})"), re.compile(f"(?:{skip})*+")


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
    master, trailing = _master_pattern(lark)
    return LocaleGrammar(locale, lark, master, trailing, pieces)
