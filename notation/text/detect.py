"""Reading games whose locale is not known (`--from auto`): each game is read under every locale that could
have written it, and the reading that goes furthest wins.

A reading is better when it repairs the letters of fewer long-form moves (a letter that is not the piece on
the origin), then when it stops at no error, then when it has more plies; among equal readings the locale
listed first in `LOCALES` (the order of `partiar locales`) wins, and the others are named with it: locales
that write the pieces with the same letters (Slovak and Czech; German, Serbian, Croatian and Swedish) read a
game the same, and only the words around the moves tell them apart: where the game's text holds words enough
(`_MIN_WORD_LETTERS`), py3langid's language identification of its words picks among those locales, Serbian,
Croatian and Bosnian counted as one language (they write alike, and a few sentences seldom tell them apart).
Only locales whose piece letters include
some letter written before a square in the game's text are tried (all of them when no such letter is found,
as in a game of pawn moves), so a text is not read thirty times over. Commands that read a file in one locale
take the one chosen for most of its games (`file_locale`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from ..game import Game
from ..locales import LOCALES, Locale
from .chunks import Chunk, split_games
from .reader import headed, read_chunks
from .resolve import LETTER_REPAIRED

# A letter or two written before a square ("Jf3", "Kр:g8", "Βθ5"): a piece letter in some locale.
_FILES = "a-hα-θабцдефгх"
_PIECE_BEFORE_SQUARE = re.compile(
    rf"(?<![^\W\d_])([^\W\d_][^\W\d_{_FILES}]?)[{_FILES}]?[1-8]?[-–x×:]?[ ]?[{_FILES}][1-8]"
)


def _candidates(text: str) -> list[tuple[Locale, int]]:
    """The locales whose own piece letters include a letter written before a square, with how many such
    letters they write, most first (every locale, knowing none, where none is found)."""
    written = set(_PIECE_BEFORE_SQUARE.findall(text))
    scored: list[tuple[int, int, Locale]] = []
    for order, locale in enumerate(LOCALES):
        spellings = locale.piece_spellings(english=False)
        known = sum(locale.fold_script(letters) in spellings for letters in written)
        if known:
            scored.append((-known, order, locale))
    if not scored:
        return [(locale, 0) for locale in LOCALES]
    return [(locale, -known) for known, _, locale in sorted(scored, key=lambda item: item[:2])]


# One language for the locales (and py3langid's languages) that write and read alike: Serbian, Croatian and
# Bosnian, in either script.
_LANGUAGE = {"sr-Cyrl": "sr", "hr": "sr", "bs": "sr"}
# Fewer letters of words than this tell no language apart: a heading of two names is no sentence.
_MIN_WORD_LETTERS = 40
# A word: letters only, none a move ("Jf3", "Dxe5+", "0-0") or a number.
_WORD = re.compile(r"(?<![\w.])[^\W\d_]{2,}(?![\w])")


def _by_words(text: str, alike: list[Locale]) -> Locale:
    """Of locales that read a game alike, the one whose language its words are written in (the first of
    them where the words are too few to tell)."""
    words = " ".join(word for word in _WORD.findall(text) if not _PIECE_BEFORE_SQUARE.fullmatch(word))
    languages = {_LANGUAGE.get(locale.code, locale.code) for locale in alike}
    if len(languages) < 2 or sum(map(len, words.split())) < _MIN_WORD_LETTERS:
        return alike[0]
    import py3langid  # loaded only here: its model takes half a second to read

    ranked = (_LANGUAGE.get(language, language) for language, _ in py3langid.rank(words))
    best = next(language for language in ranked if language in languages)
    return next(locale for locale in alike if _LANGUAGE.get(locale.code, locale.code) == best)


class AutoRead(NamedTuple):
    """A game read with `--from auto`: the locale it was read in, and the others that read it the same."""

    game: Game
    locale: Locale
    same: tuple[Locale, ...]


def read_games_auto(lines: Iterable[str]) -> Iterator[AutoRead]:
    """Each game of the text with the locale it was read in."""
    heading: Chunk | None = None  # the chunk before that held no game: a heading cut off by a blank line
    for cut in split_games(lines):
        chunk = headed(heading, cut)
        readings: list[tuple[tuple[int, bool, int], list[Game], Locale]] = []
        candidates = _candidates(chunk.movetext)
        known = {locale.code: count for locale, count in candidates}
        for locale, _ in candidates:
            games = list(read_chunks([chunk], locale))
            # A reading that finds no game at all is the worst, even beside one that stops at an error; one
            # that reads long-form moves by repairing their letters ("Bf1-c4", a Greek queen's move, read as
            # the bishop's on f1) is worse than any that reads the letters as written.
            clean = bool(games) and all(game.error is None for game in games)
            repaired = sum(
                warning.startswith(LETTER_REPAIRED)
                for game in games
                for ply in game.plies
                for warning in ply.warnings
            )
            score = (-repaired, clean, sum(len(game.plies) for game in games) if games else -1)
            readings.append((score, games, locale))
        best = max(score for score, _, _ in readings)
        tied = [(games, locale) for score, games, locale in readings if score == best]
        # Alike are the locales that read the game the same with as many of its letters their own: not
        # those that read it only through the English letters they accept too.
        alike = [locale for _, locale in tied if known[locale.code] == known[tied[0][1].code]]
        locale = _by_words(chunk.movetext, alike) if len(alike) > 1 else tied[0][1]
        games = next(games for games, other in tied if other is locale)
        heading = None if games or not chunk.movetext.strip() else chunk
        same = tuple(other for other in alike if other is not locale)
        for game in games:
            yield AutoRead(game, locale, same)


def file_locale(lines: Iterable[str]) -> AutoRead | None:
    """For commands that read a whole file in one locale (`check`, `claim`): the reading of the first game
    read in the locale chosen for most of the file's games (ties: the order of `LOCALES`); None for no game."""
    reads = list(read_games_auto(lines))
    if not reads:
        return None
    counts = Counter(read.locale.code for read in reads)
    order = {locale.code: index for index, locale in enumerate(LOCALES)}
    chosen = max(counts, key=lambda code: (counts[code], -order[code]))
    return next(read for read in reads if read.locale.code == chosen)
