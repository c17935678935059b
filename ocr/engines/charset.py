"""The handwriting recogniser's output alphabet, and the one normalisation shared by labels and candidates.

One class per shape a writer can make distinct. Shapes that no pen tells apart are one class, so the model
is never asked to guess a distinction the image cannot hold: the capture marks `x`, `×` and Latin or
Cyrillic `х`/`X` are one class `x` (the colon `:` stays a class of its own: it looks different); zero and
the letter O in any case and script are one class `O` (castling `0-0` and `O-O`, the Estonian and
Bulgarian bishop); Cyrillic letters that look like Latin ones (К С Т О Р А В Е Н and lower-case а е о р с х)
are read as those Latin letters, so Russian `Кр` is `Kp`. Cyrillic letters with shapes of their own
(Д Ф Л Ц п) and the Turkish `Ş` keep classes. Dashes of every length are `-`; white space is dropped (`e.p.`
written apart or attached reads the same). Everything else is outside the alphabet, and a candidate that
needs it is impossible.
"""

from __future__ import annotations

import functools
import unicodedata

BLANK = 0  # the CTC blank is class 0; the alphabet's characters are classes 1, 2, …

PIECES = "ABCDEFGHJKLNOPQRSTVWŞДФЛЦп"  # every locale's piece and pawn letters, after folding
LOWER = "abcdefghp"  # files, and the p of `e.p.` and of Russian `Кр`
RANKS = "12345678"
MARKS = "x:-+#=()."
ALPHABET = PIECES + LOWER + RANKS + MARKS

_FOLD = str.maketrans(
    {
        "×": "x",
        "X": "x",
        "х": "x",
        "Х": "x",
        "0": "O",
        "o": "O",
        "О": "O",
        "о": "O",
        "А": "A",
        "В": "B",
        "С": "C",
        "Е": "E",
        "Н": "H",
        "К": "K",
        "Р": "P",
        "Т": "T",
        "а": "a",
        "е": "e",
        "р": "p",
        "с": "c",
        "—": "-",
        "–": "-",
        "‒": "-",
        "−": "-",
    }
)
_INDEX = {char: index for index, char in enumerate(ALPHABET, start=1)}
CLASSES = len(ALPHABET) + 1  # with the blank


@functools.lru_cache(maxsize=1 << 16)
def normalise(text: str) -> str:
    """The text as the recogniser spells it: composed, look-alikes folded, white space removed (cached: the
    decoder asks for the same few thousand move renderings on every cell)."""
    composed = unicodedata.normalize("NFC", text).translate(_FOLD)
    return "".join(composed.split())


def encode(text: str) -> list[int] | None:
    """The class of every character of the normalised text, or None when one is outside the alphabet."""
    classes = [_INDEX.get(char) for char in normalise(text)]
    if None in classes:
        return None
    return [index for index in classes if index is not None]


def decode(classes: list[int]) -> str:
    """The text of a sequence of (non-blank) classes."""
    return "".join(ALPHABET[index - 1] for index in classes)


def loose(text: str) -> str:
    """The text with what raw accuracy ignores taken out: check and mate marks, capture marks, and
    castling's O written as O or 0 (already one class)."""
    return normalise(text).translate(str.maketrans("", "", "+#x:"))
