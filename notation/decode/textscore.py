"""Scoring candidate moves against noisy evidence: an OCR'd cell or a carelessly typed token.

Both kinds of evidence are a sequence of positions, each a probability distribution over the characters that
were observed there (a typed token is one-hot; Tesseract gives its alternatives). A candidate is scored by
the best alignment of its characters with those positions: a character matches a position through a
confusion table (`Kbl` for `Kb1`, `%` for `x`, `0` for `O`), and either side may skip a character at a cost
that is small for the marks FIDE makes optional (capture, check, mate, `e.p.`). The result is a natural-log
probability, so the decoder can add it to its other costs. Pure Python: the lenient text converter uses it
without any image library.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence

# Characters that are mistaken for one another, with how likely the mistake is (1 is the same character).
# Every pair inside a group gets the group's weight; a pair in several groups keeps the largest.
CONFUSIONS: tuple[tuple[str, float], ...] = (
    # capture marks and what they are read as
    ("×x", 0.95),
    ("×xх:", 0.8),
    ("×x%", 0.5),
    ("x*", 0.3),
    ("x+", 0.25),
    ("xk", 0.2),
    # castling zeros and round letters
    ("0OoО", 0.9),
    ("0OQD", 0.3),
    ("06", 0.2),
    ("09", 0.15),
    # digits and the letters they look like
    ("1lI|", 0.7),
    ("1i!]", 0.4),
    ("17", 0.25),
    ("2zZ", 0.4),
    ("27", 0.15),
    ("38", 0.3),
    ("3B", 0.2),
    ("35", 0.2),
    ("4A", 0.2),
    ("4+", 0.2),
    ("49", 0.15),
    ("5Ss$", 0.5),
    ("56", 0.2),
    ("6bé", 0.4),
    ("6G", 0.3),
    ("68", 0.2),
    ("8B&", 0.4),
    ("8s", 0.2),
    ("89", 0.2),
    ("9gq", 0.4),
    ("7T", 0.2),
    # file letters
    ("eéc", 0.4),
    # signs a reader trained on prose puts in place of a file letter (`J£3`, `¢4`, `Te-€3`)
    ("f£", 0.3),
    ("c¢©", 0.3),
    ("e€", 0.3),
    ("ad", 0.2),
    ("ao", 0.2),
    ("ae", 0.2),
    ("eo", 0.2),
    ("co", 0.2),
    ("c(", 0.2),
    ("bh", 0.3),
    ("bo", 0.2),
    ("hn", 0.3),
    ("hk", 0.2),
    ("ft", 0.3),
    ("ij", 0.3),
    # piece letters of the Latin-script locales
    ("KX", 0.2),
    ("KR", 0.2),
    ("KH", 0.2),
    ("DO", 0.3),
    ("DP", 0.2),
    ("DB", 0.2),
    ("VUY", 0.3),
    ("VW", 0.2),
    ("J)", 0.2),
    ("J]", 0.2),
    ("JT", 0.2),
    ("JI", 0.2),
    ("QO", 0.4),
    ("RP", 0.2),
    ("RB", 0.2),
    ("NH", 0.2),
    ("NM", 0.2),
    ("LI", 0.2),
    ("CG(", 0.25),
    ("FP", 0.2),
    ("FE", 0.2),
    # check and mate marks, hyphens, dots
    ("+#", 0.9),
    ("+t", 0.3),
    ("-—–_~", 0.9),
    ("=-—", 0.3),
    (".,", 0.6),
    # Latin and Cyrillic letters that look the same
    *((pair, 0.95) for pair in ("AА", "BВ", "CС", "EЕ", "HН", "KК", "MМ", "OО", "PР", "TТ", "XХ")),
    *((pair, 0.95) for pair in ("aа", "cс", "eе", "oо", "pр", "xх")),
)
# Pairs at least this similar are the same sign written two ways, whatever the reading's confusion rate.
INTERCHANGEABLE = 0.9
# An upper-case letter for its lower-case form and back (`jf3` for `Jf3`).
CASE_WEIGHT = 0.6
# Two characters that are in no group.
UNRELATED = 0.01

# How likely a character is to stand on one side with nothing on the other: written but not read (or not
# typed), or read where nothing is written. Optional marks are cheap, spaces free, anything else dear.
SKIP: dict[str, float] = {
    **dict.fromkeys("×x:х+#=-—–", 0.3),
    **dict.fromkeys("_~.,·'\"‘’`´|", 0.2),
}
SKIP_DEFAULT = 0.02
# A trailing `e.p.` that the candidate writes and the evidence lacks costs this much as a whole.
EN_PASSANT_SKIP = 0.3
# The share of a position's probability that falls on a character it does not list, and how likely that
# unlisted character is any given one.
OTHER_MATCH = 0.02

_EN_PASSANT = re.compile(r"(?<=\d)e\.?p\.?$")


def _similarity_table(groups: Iterable[tuple[str, float]]) -> dict[str, dict[str, float]]:
    table: dict[str, dict[str, float]] = {}
    for chars, weight in groups:
        for a in chars:
            for b in chars:
                if a != b:
                    row = table.setdefault(a, {})
                    row[b] = max(row.get(b, 0.0), weight)
    return table


_SIMILAR = _similarity_table(CONFUSIONS)


def similarity(written: str, observed: str) -> float:
    """How likely `observed` is what a reader sees where `written` stands (1 for the same character)."""
    if written == observed:
        return 1.0
    weight = _SIMILAR.get(written, {}).get(observed, UNRELATED)
    if written.swapcase() == observed and written.isalpha():
        weight = max(weight, CASE_WEIGHT)
    return weight


def skip(char: str, default: float = SKIP_DEFAULT) -> float:
    """How likely `char` stands on one side of an alignment with nothing opposite it (`default` for a
    character that is neither a space nor an optional mark)."""
    if char.isspace():
        return 1.0
    return SKIP.get(char, default)


def clean(text: str) -> str:
    """NFC without whitespace: `e×d6 e.p.` and `e×d6e.p.` are the same writing."""
    return "".join(unicodedata.normalize("NFC", text).split())


class _Position:
    """One observed character as a distribution, with its match and skip log-probabilities cached."""

    __slots__ = ("_cache", "_choices", "_confusion", "_other", "skip")

    def __init__(
        self, choices: Mapping[str, float], confusion: float = 1.0, rare_skip: float = SKIP_DEFAULT
    ) -> None:
        total = sum(choices.values())
        if total > 1.0:
            choices = {char: p / total for char, p in choices.items()}
            total = 1.0
        self._choices = dict(choices)
        self._confusion = confusion
        self._other = 1.0 - total
        self._cache: dict[str, float] = {}
        self.skip = math.log(
            sum(p * skip(char, rare_skip) for char, p in self._choices.items()) + self._other * rare_skip
        )

    def _likeness(self, char: str, observed: str) -> float:
        """Similarity, scaled by the reading's confusion rate unless the two are the same sign written
        another way (`x`/`×`, `0`/`O`, Latin/Cyrillic look-alikes)."""
        weight = similarity(char, observed)
        return weight if weight >= INTERCHANGEABLE else self._confusion * weight

    def match(self, char: str) -> float:
        """Log-probability that the written `char` produced what was observed here."""
        found = self._cache.get(char)
        if found is None:
            p = sum(q * self._likeness(char, observed) for observed, q in self._choices.items())
            found = self._cache[char] = math.log(p + self._other * OTHER_MATCH)
        return found


class PositionReading:
    """A reading made of per-position character distributions; implements `partiar.notation.decode.reading.Reading`.

    Each position maps observed characters to probabilities summing to at most 1; what is left over is an
    unlisted character. Scores are cached per candidate, because a decoder asks the same cell about the same
    texts from many hypotheses.
    """

    def __init__(
        self,
        positions: Sequence[Mapping[str, float]],
        best: str,
        confusion: float = 1.0,
        rare_skip: float = SKIP_DEFAULT,
        rare_extra: float | None = None,
    ) -> None:
        extra = rare_skip if rare_extra is None else rare_extra
        self._positions = [_Position(choices, confusion, extra) for choices in positions if choices]
        self._rare_skip = rare_skip
        self._best = best
        self._scores: dict[str, float] = {}

    def best(self) -> str:
        return self._best

    def score_many(self, candidates: Sequence[str]) -> list[float]:
        """One by one: an alignment costs the same alone or in company."""
        return [self.score(candidate) for candidate in candidates]

    def score(self, candidate: str) -> float:
        found = self._scores.get(candidate)
        if found is None:
            text = clean(candidate)
            found = self._align(text)
            stripped = _EN_PASSANT.sub("", text)
            if stripped != text:
                found = max(found, self._align(stripped) + math.log(EN_PASSANT_SKIP))
            self._scores[candidate] = found
        return found

    def _align(self, text: str) -> float:
        """Best alignment (Viterbi over positions × characters) of `text` with the positions."""
        inserts = [math.log(skip(char, self._rare_skip)) for char in text]
        row = [0.0]
        for j, cost in enumerate(inserts):
            row.append(row[j] + cost)
        for position in self._positions:
            previous = row
            row = [previous[0] + position.skip]
            for j, char in enumerate(text):
                row.append(
                    max(
                        previous[j] + position.match(char),
                        previous[j + 1] + position.skip,
                        row[j] + inserts[j],
                    )
                )
        return row[-1]


# In typed or OCR'd text most characters are what was meant: a confusion is this much rarer than in a
# recogniser's own alternatives, which already carry their uncertainty, and a dropped or extra character
# (other than an optional mark) this likely.
TEXT_CONFUSION = 0.02
TEXT_RARE_SKIP = 0.01
# A character that was never meant (a stray letter) is rarer than one that was lost.
TEXT_RARE_EXTRA = 0.002


class TextReading(PositionReading):
    """A typed or OCR'd token as a reading: each character is most likely what was meant, and the confusion
    table says what else it may have been."""

    def __init__(self, text: str) -> None:
        super().__init__(
            [{char: 1.0} for char in clean(text)], text, TEXT_CONFUSION, TEXT_RARE_SKIP, TEXT_RARE_EXTRA
        )
