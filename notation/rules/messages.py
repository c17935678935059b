"""The words partiar uses about draws and claims, in English, Slovak or Czech, from gettext catalogs.

English is the source language: the msgids are the English texts, so English needs no catalog (gettext's
fallback returns the msgids, with English plural rules) and the texts live once, in the code that uses them.
Slovak and Czech live in `locale/{sk,cs}/LC_MESSAGES/partiar.po`, compiled to the `.mo` files beside them,
which ship as package data. After editing a `.po` file, compile it (tests/notation/test_messages.py checks that the
committed `.mo` files match):

    pybabel compile -d notation/rules/locale -D partiar

After adding or changing a message in notation/rules, bring the catalogs up to date and translate:

    pybabel extract -o build/partiar.pot notation/rules
    pybabel update -i build/partiar.pot -d notation/rules/locale -D partiar

Sentences are whole templates with named placeholders (no word-by-word assembly), and numbers are written
in forms that need no declension ("počet polťahov ... je 100") or chosen with `ngettext`.
"""

from __future__ import annotations

import gettext
from pathlib import Path

import chess

from ..errors import UnknownLocaleError, quoted
from ..game import Game
from ..locales import Locale
from ..text.render import render
from .editions import Edition
from .events import EventType, Side

DOMAIN = "partiar"
LOCALE_DIR = Path(__file__).with_name("locale")
SOURCE_LANGUAGE = "en"
LANGUAGES = (SOURCE_LANGUAGE, "sk", "cs")


def N_(message: str) -> str:
    """Marks a msgid for `pybabel extract` where it is written; it is translated where it is used."""
    return message


_PIECES = {
    chess.KING: N_("king"),
    chess.QUEEN: N_("queen"),
    chess.ROOK: N_("rook"),
    chess.BISHOP: N_("bishop"),
    chess.KNIGHT: N_("knight"),
    chess.PAWN: N_("pawn"),
}
_ENDINGS = {
    EventType.CHECKMATE: N_("by checkmate"),
    EventType.STALEMATE: N_("by stalemate"),
    EventType.DEAD_POSITION: N_("in a dead position"),
    EventType.FIVEFOLD: N_("by fivefold repetition"),
    EventType.SEVENTYFIVE: N_("under the 75-move rule"),
}
_MOVE_ERRORS = {"illegal move": N_("illegal move"), "ambiguous move": N_("ambiguous move")}


def translation(lang: str) -> gettext.NullTranslations:
    """The catalog of `lang` ("en", "sk" or "cs"); English is the msgids themselves."""
    if lang not in LANGUAGES:
        raise UnknownLocaleError(f"no explanations in {quoted(lang)}; available: {', '.join(LANGUAGES)}")
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=lang == SOURCE_LANGUAGE)


def _clock(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


def capitalized(text: str) -> str:
    """`text` with its first letter in upper case, to start a sentence."""
    return text[:1].upper() + text[1:]


class Messages:
    """The words of one language for the sentences about one game, with its moves written in the letters of
    `letters` (a locale; by default the language's own)."""

    def __init__(self, lang: str, game: Game, letters: str | Locale | None = None) -> None:
        catalog = translation(lang)
        self._ = catalog.gettext
        self.ngettext = catalog.ngettext
        self.pgettext = catalog.pgettext
        self.game = game
        self.letters = lang if letters is None else letters

    # ---- names ----

    def title(self, edition: Edition) -> str:
        return self._("FIDE Laws of Chess {year}").format(year=edition.year)

    def side(self, side: Side) -> str:
        """The player by colour, as a sentence names him ("White", "biely")."""
        return self._("White") if side == "white" else self._("Black")

    def piece(self, piece: int) -> str:
        return self._(_PIECES[piece])

    def ending(self, ending: EventType) -> str:
        """How the game ended, as in "the game had already ended ... by checkmate"."""
        return self._(_ENDINGS[ending])

    def move_error(self, reason: str) -> str:
        """A `MoveError`'s reason ("illegal move", "ambiguous move")."""
        return self._(_MOVE_ERRORS[reason]) if reason in _MOVE_ERRORS else reason

    # ---- numbers ----

    def times(self, n: int) -> str:
        """How often a position occurred: "once", "twice", "3 times"."""
        if n == 2:
            return self._("twice")
        return self.ngettext("once", "{n} times", n).format(n=n)

    def minutes(self, n: int) -> str:
        return self.ngettext("{n} minute", "{n} minutes", n).format(n=n)

    def halfmoves(self, n: int) -> str:
        return self.ngettext("{n} half-move", "{n} half-moves", n).format(n=n)

    def duration(self, seconds: int) -> str:
        """Whole minutes in words ("2 minutes"), anything else as a clock reading ("1:30")."""
        return self.minutes(seconds // 60) if seconds % 60 == 0 else _clock(seconds)

    @staticmethod
    def clock(seconds: int) -> str:
        return _clock(seconds)

    # ---- moves ----

    def plain(self, san: str) -> str:
        """A move in the letters of the game's locale, without its number."""
        # The short form needs no origin square, so the null move stands in for the move itself.
        return render(san, chess.Move.null(), self.letters)

    def move(self, san: str, ply: int) -> str:
        """A move with its number, as it stands (or would stand) at `ply`: "12... Df6"."""
        plies = self.game.plies
        if ply <= len(plies):
            number, white = plies[ply - 1].number, plies[ply - 1].white
        elif plies:
            last = plies[-1]
            number, white = last.number + (not last.white), not last.white
        else:
            board = self.game.board()
            number, white = board.fullmove_number, board.turn
        return f"{number}{'.' if white else '...'} {self.plain(san)}"

    def played(self, ply: int) -> str:
        """The move of `ply` of the game, with its number."""
        return self.move(self.game.plies[ply - 1].san, ply)

    # ---- places in the game ----

    def start(self) -> str:
        return self._("in the start position")

    def after(self, ply: int) -> str:
        """Where the position after `ply` stands: "after 12... Df6" (the start position for 0)."""
        return self.start() if ply <= 0 else self._("after {move}").format(move=self.played(ply))

    def positions(self, plies: tuple[int, ...] | list[int]) -> str:
        """Where a position stood, in moves as arbiters count them: "at the start, after 2... Jg8"."""
        return ", ".join(
            self._("at the start") if ply <= 0 else self._("after {move}").format(move=self.played(ply))
            for ply in plies
        )

    def join(self, parts: list[str], word: str) -> str:
        """ "a, b and c" with `word` as the last link."""
        return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} {word} {parts[-1]}"

    def and_(self, parts: list[str]) -> str:
        return self.join(parts, self._("and"))

    def or_(self, parts: list[str]) -> str:
        return self.join(parts, self._("or"))
