"""The piece letters and local tokens of every supported language, as one registry looked up by any alias.

Letters collide between languages (S is a bishop in Slovak and Czech, a knight in Serbian and German), so a
locale is always an explicit parameter. Sources for every row are in the project's locale notes.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace
from functools import cache, cached_property
from typing import Any, Literal

import chess

from .errors import UnknownLocaleError, quoted

PIECE_ORDER = (chess.KING, chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT)

FIGURINES: dict[str, int] = {
    "♔": chess.KING,
    "♕": chess.QUEEN,
    "♖": chess.ROOK,
    "♗": chess.BISHOP,
    "♘": chess.KNIGHT,
    "♚": chess.KING,
    "♛": chess.QUEEN,
    "♜": chess.ROOK,
    "♝": chess.BISHOP,
    "♞": chess.KNIGHT,
    # ChessBase's figurine fonts put the pieces on these Latin-1 characters; copied out of a page or a
    # document set in such a font, the moves read "¤f3", "¥g2", "£a4+".
    "¢": chess.KING,
    "£": chess.QUEEN,
    "¦": chess.ROOK,
    "¥": chess.BISHOP,
    "¤": chess.KNIGHT,
    # ... and on the same bytes read as Windows-1251, the code page of Russian pages ("Јd3", "Ґf4", "ўg1").
    "ў": chess.KING,
    "Ј": chess.QUEEN,
    "Ґ": chess.BISHOP,
}
WHITE_FIGURINES = {chess.KING: "♔", chess.QUEEN: "♕", chess.ROOK: "♖", chess.BISHOP: "♗", chess.KNIGHT: "♘"}
PAWN_FIGURINES = ("♙", "♟")

# Serbian Cyrillic material sometimes transliterates the files too (the seed's "хг3" reads "hg3"); Greek
# books write the files in Greek letters ("Βθ5" is Qh5).
CYRILLIC_FILES = "абцдефгх"
GREEK_FILES = "αβγδεζηθ"

ENGLISH_LETTERS = {chess.KING: "K", chess.QUEEN: "Q", chess.ROOK: "R", chess.BISHOP: "B", chess.KNIGHT: "N"}

# Look-alike letters typed from the other script's keyboard, mapped into the locale's own script: in Latin
# locales the Cyrillic ones (`Jс3`, `Ѕd7`) and the Greek ones (`Κb1`, `fχe7`, `Sf1-ϲ4`). Not the Cyrillic Je
# (`Ј`): a Russian figurine font sets its queen there (`6.Јd3`), not a knight's J.
_OTHER_SCRIPTS_TO_LATIN = str.maketrans(
    "АВСЕНКМОРТХаеосрхЅІіΑΒΕΖΗΙΚΜΝΟΡΤΥΧοχϲ",
    "ABCEHKMOPTXaeocpxSIiABEZHIKMNOPTYXoxc",
)
# Any of them: a text without one (nearly every text) is not translated, which costs more than a search.
_OTHER_SCRIPT_LETTER = re.compile("[" + "".join(map(chr, _OTHER_SCRIPTS_TO_LATIN)) + "]")
_LATIN_TO_CYRILLIC_UPPER = str.maketrans("ABCEHKMOPTX", "АВСЕНКМОРТХ")
# In Cyrillic-script locales only the lower-case look-alikes of files and the capture mark move to Latin;
# upper case stays Cyrillic because the piece letters are Cyrillic.
_CYRILLIC_LOWER_TO_LATIN = str.maketrans("аесх", "aecx")
# What OCR of a Cyrillic book reads for a square's letter or digit: the soft sign before a rank for the file b
# ("СЬ4" for Сb4); the letter З after a file for the rank 3 ("6.gЗ"); after a file that starts a word or
# follows a piece's capital letter or a capture's x, б for 6 ("15.Феб") and І or l for 1 ("6.СсІ—еЗ",
# "7.Kgl—f3"); б for the 6 of a move number that starts a word ("б.СсІ"; "було б. Далі" ends a sentence);
# and a move number of two or three such characters, О for 0 among them, before its dot and a move ("ІО.СеЗ—f4",
# "ll.Cf4" for 10. and 11.).
_DIGIT_LIKE_LETTERS = re.compile(
    r"[ьЬ](?=[1-8](?![0-9]))"
    r"|(?<=[a-h])З(?![^\W\d_])"
    r"|(?:(?<=[\W\d_][a-h])|(?<=^[a-h])|(?<=[А-ЯЁx][a-h]))[бІlI](?![^\W\d_])"
    r"|(?:(?<=^)|(?<=[0-9+!?;,.)][ \t])|(?<=[\n]))б(?=\.)"
)
_NUMBER_LIKE = re.compile(
    r"(?:^|(?<=\s))[0-9ІlIОЗб]{2,3}(?=\.[ \t]*(?:[А-ЯЁ]{1,2}[a-h]|[a-h][1-8x:]))", re.MULTILINE
)
_DIGITS_LIKE = {"З": "3", "б": "6", "І": "1", "l": "1", "I": "1", "О": "0", "ь": "b", "Ь": "b"}
# In Greek, the upper-case Latin look-alikes of the piece letters move to Greek.
_LATIN_TO_GREEK_UPPER = str.maketrans("ABEIKPT", "ΑΒΕΙΚΡΤ")


@dataclass(frozen=True)
class Locale:
    """One language's way of writing moves."""

    code: str
    name: str
    native: str
    letters: dict[int, str]
    pawn_letters: tuple[str, ...] = ()
    alternates: dict[str, int] = field(default_factory=dict)
    aliases: tuple[str, ...] = ()
    script: Literal["latin", "cyrillic", "greek"] = "latin"
    # The letters of another script that this locale's texts may write for the files a–h, read as them.
    file_letters: str = ""
    # Whether the locale also writes the files in those letters (Greek does; Serbian Cyrillic writes a–h).
    writes_file_letters: bool = False
    capture: str = "x"

    def derive(self, code: str, name: str, native: str, **changes: Any) -> Locale:
        """A locale written as this one is except for `changes` (its own names and aliases always)."""
        return replace(
            self, code=code, name=name, native=native, aliases=changes.pop("aliases", ()), **changes
        )

    @cached_property
    def move_shape(self) -> re.Pattern[str]:
        """A well-formed move in this locale's letters (short or long form, any capture mark, castling),
        matched against text folded into its script: it tells a move written plainly, if not a legal one,
        from a smudge, a word or a number."""
        letters = "".join(re.escape(self.letter(piece)) for piece in PIECE_ORDER if self.letter(piece))
        return re.compile(
            rf"^(?:[{letters}]?[a-h]?[1-8]?[-:x×]?[a-h][1-8](?:=?[{letters}])?|[0O]-[0O](?:-[0O])?)[+#]*$"
        )

    def letter(self, piece_type: int) -> str:
        """The letter this locale writes for a piece (pawns have none)."""
        return self.letters.get(piece_type, "")

    def piece_spellings(self, *, english: bool = True) -> dict[str, int]:
        """Every accepted spelling of a piece in this locale, longest first (Russian Кр before К).

        With `english`, the English letters that the locale writes for nothing else too: infoboxes, engines
        and pasted PGN put English moves into local text ("Potezi 1.d4 Nf6 2.c4"), and where no letter of the
        locale's own is the same there is no doubt which piece they name."""
        spellings: dict[str, int] = {letter: piece for piece, letter in self.letters.items()}
        for text, piece in self.alternates.items():
            spellings.setdefault(text, piece)
        if english:
            for piece, letter in ENGLISH_LETTERS.items():
                folded = self.fold_script(letter)
                if folded not in spellings and folded not in self.pawn_letters:
                    spellings[folded] = piece
        return dict(sorted(spellings.items(), key=lambda item: -len(item[0])))

    def written_files(self, squares: str) -> str:
        """Squares and files ("h5", "e") in the letters this locale writes them with."""
        if not self.writes_file_letters:
            return squares
        return squares.translate(_translation("abcdefgh", self.file_letters))

    def fold_script(self, text: str) -> str:
        """Look-alike letters of the other script mapped into this locale's script, one for one.

        The mapping never changes the length of the text, so positions found in the folded text are
        positions in the original too.
        """
        if self.file_letters:
            text = text.translate(_translation(self.file_letters, "abcdefgh"))
        if self.script == "greek":
            return text.translate(_LATIN_TO_GREEK_UPPER)
        if self.script == "latin":
            return text.translate(_OTHER_SCRIPTS_TO_LATIN) if _OTHER_SCRIPT_LETTER.search(text) else text
        text = text.translate(_CYRILLIC_LOWER_TO_LATIN).translate(_LATIN_TO_CYRILLIC_UPPER)
        text = _DIGIT_LIKE_LETTERS.sub(lambda found: _DIGITS_LIKE[found[0]], text)
        return _NUMBER_LIKE.sub(lambda found: "".join(_DIGITS_LIKE.get(ch, ch) for ch in found[0]), text)


@cache
def _translation(source: str, target: str) -> dict[int, int]:
    """The table that writes each letter of `source` as the letter of `target` in its place, built once."""
    return str.maketrans(source, target)


def _letters(k: str, q: str, r: str, b: str, n: str) -> dict[int, str]:
    return {chess.KING: k, chess.QUEEN: q, chess.ROOK: r, chess.BISHOP: b, chess.KNIGHT: n}


_EN = Locale("en", "English", "English", ENGLISH_LETTERS, ("P",))
_SK = Locale(
    "sk",
    "Slovak",
    "slovenčina",
    _letters("K", "D", "V", "S", "J"),
    ("P",),
    capture="×",
    aliases=("slovensky",),
)
_SR = Locale(
    "sr",
    "Serbian",
    "srpski",
    _letters("K", "D", "T", "L", "S"),
    capture=":",
    aliases=("sr-latn", "serbian latin"),
)
_DE = Locale("de", "German", "Deutsch", _letters("K", "D", "T", "L", "S"), ("B",))
_ES = Locale("es", "Spanish", "español", _letters("R", "D", "T", "A", "C"), ("P",))
# "Kp" with a Latin p: the king as a Latin keyboard types it (the K folds to Cyrillic, the p does not).
_RU = Locale(
    "ru",
    "Russian",
    "русский",
    _letters("Кр", "Ф", "Л", "С", "К"),
    ("п",),
    {"Кp": chess.KING},
    script="cyrillic",
    capture=":",
)

# Serbian and Macedonian texts in Cyrillic also write the pieces with the Latin letters of Serbian (the K and T
# of the Latin keyboard fold to Cyrillic; these do not).
_LATIN_SERBIAN = {"D": chess.QUEEN, "L": chess.BISHOP, "S": chess.KNIGHT}

_SR_CYRL = _SR.derive(
    "sr-Cyrl",
    "Serbian Cyrillic",
    "српски",
    letters=_letters("К", "Д", "Т", "Л", "С"),
    alternates=_LATIN_SERBIAN,
    script="cyrillic",
    file_letters=CYRILLIC_FILES,
    aliases=("serbian cyrillic", "sr-cyrillic"),
)

# Each locale that shares most of its writing with another is derived from it and says only what differs.
LOCALES: tuple[Locale, ...] = (
    _EN,
    _SK,
    _SK.derive("cs", "Czech", "čeština", capture="x", aliases=("cz", "česky")),
    _SR,
    _SR_CYRL,
    _SR.derive("hr", "Croatian", "hrvatski"),
    _SR.derive("bs", "Bosnian", "bosanski"),
    _SR_CYRL.derive("mk", "Macedonian", "македонски", capture="x"),
    _SR.derive("sl", "Slovenian", "slovenščina", pawn_letters=("P",), capture="x", aliases=("slovene",)),
    _DE,
    Locale("pl", "Polish", "polski", _letters("K", "H", "W", "G", "S"), ("P",)),
    Locale("hu", "Hungarian", "magyar", _letters("K", "V", "B", "F", "H"), ("G",)),
    Locale("fr", "French", "français", _letters("R", "D", "T", "F", "C"), ("P",)),
    _ES,
    _ES.derive("it", "Italian", "italiano"),
    _ES.derive("ca", "Catalan", "català"),
    _ES.derive("pt", "Portuguese", "português", letters=_letters("R", "D", "T", "B", "C")),
    _DE.derive("nl", "Dutch", "Nederlands", letters=_letters("K", "D", "T", "L", "P"), pawn_letters=()),
    _RU,
    _RU.derive("uk", "Ukrainian", "українська", letters=_letters("Кр", "Ф", "Т", "С", "К"), pawn_letters=()),
    _RU.derive("bg", "Bulgarian", "български", letters=_letters("Ц", "Д", "Т", "О", "К"), pawn_letters=()),
    _DE.derive("sv", "Swedish", "svenska"),
    _DE.derive("no", "Norwegian", "norsk", aliases=("nb", "bokmål")),
    _DE.derive("da", "Danish", "dansk"),
    Locale("fi", "Finnish", "suomi", _letters("K", "D", "T", "L", "R"), ("S", "P")),
    Locale("ro", "Romanian", "română", _letters("R", "D", "T", "N", "C"), ("P",)),
    Locale("tr", "Turkish", "Türkçe", _letters("Ş", "V", "K", "F", "A"), ("P",), {"S": chess.KING}),
    Locale("et", "Estonian", "eesti", _letters("K", "L", "V", "O", "R"), ("P", "E")),
    Locale("is", "Icelandic", "íslenska", _letters("K", "D", "H", "B", "R"), ("P",)),
    Locale("lt", "Lithuanian", "lietuvių", _letters("K", "V", "B", "R", "Ž"), ("P",)),
    Locale(
        "el",
        "Greek",
        "ελληνικά",
        _letters("Ρ", "Β", "Π", "Α", "Ι"),
        script="greek",
        file_letters=GREEK_FILES,
        writes_file_letters=True,
        capture=":",
    ),
)


def _fold(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name.strip().casefold().replace("_", "-"))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _build_index() -> dict[str, Locale]:
    index: dict[str, Locale] = {}
    for loc in LOCALES:
        for alias in (loc.code, loc.name, loc.native, *loc.aliases):
            index.setdefault(_fold(alias), loc)
    return index


_INDEX = _build_index()


def get_locale(name: str | Locale) -> Locale:
    """Look a locale up by code, English or native name (`sk`, `slovak`, `slovenčina`)."""
    if isinstance(name, Locale):
        return name
    found = _INDEX.get(_fold(name))
    if found is None:
        known = ", ".join(loc.code for loc in LOCALES)
        raise UnknownLocaleError(f"unknown locale {quoted(name)}; known locales: {known}")
    return found
