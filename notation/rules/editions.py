"""The five editions of the FIDE Laws that partiar knows (2005, 2009, 2014, 2018, 2023), as data.

The editions differ in which draws are automatic, how an incorrect claim is punished, where rapid and blitz
start, and how their articles are numbered. Code asks an `Edition` for these facts instead of testing years.
Each edition is written as the one before it plus what changed, so a difference between two editions is
one line here. The 2005 articles are the English 2005 numbers; the Serbian 2005 text numbers the same rules
§2.5-§2.6.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Literal, get_args

from ..errors import NotationError

Speed = Literal["standard", "rapid", "blitz"]

# Rule names used across the audit, the claims and the explanations.
RuleName = Literal[
    "checkmate",
    "stalemate",
    "dead_position",
    "draw_offer",
    "claim_is_offer",
    "threefold",
    "threefold_by_move",
    "same_position",
    "fifty",
    "fifty_by_move",
    "incorrect_claim",
    "fivefold",
    "seventyfive",
    "illegal_move",
    "rapid_penalty",
    "blitz_penalty",
]
RULES: tuple[RuleName, ...] = get_args(RuleName)


class UnknownEditionError(NotationError):
    """An edition year partiar has no data for; the message lists the known years."""


@dataclass(frozen=True, slots=True)
class ClaimantTimeRule:
    """2005 only: an incorrect claim also costs the claimant time (Serbian text §2.6).

    Above `halve_above` seconds the remaining time is halved, by at most `max_deduction`; from `floor` up to
    `halve_above` it becomes `floor`; below `floor` it stays as it is.
    """

    halve_above: int = 120
    max_deduction: int = 180
    floor: int = 60

    def apply(self, seconds: int) -> int:
        """The claimant's remaining time after the incorrect claim."""
        if seconds > self.halve_above:
            return seconds - min(seconds // 2, self.max_deduction)
        return self.floor if seconds >= self.floor else seconds


@dataclass(frozen=True, slots=True)
class SpeedLimit:
    """A boundary in seconds of `base + 60 x increment`; `inclusive` says whether the boundary is below it."""

    seconds: int
    inclusive: bool

    def below(self, total: int) -> bool:
        return total <= self.seconds if self.inclusive else total < self.seconds


def parse_time_control(text: str) -> tuple[int, int]:
    """A PGN TimeControl field for a game in one period, "BASE" or "BASE+INCREMENT" in seconds, as
    (base, increment); ValueError for anything else."""
    base, _, increment = text.partition("+")
    try:
        return int(base), int(increment or 0)
    except ValueError:
        raise ValueError(f"not a time control: {text!r} (use seconds+increment, e.g. 180+2)") from None


@dataclass(frozen=True, slots=True)
class Edition:
    """One edition of the Laws: the facts about draws and claims that software can apply."""

    year: int
    articles: MappingProxyType[str, str]
    fivefold: bool
    fivefold_alternate: bool  # 2014: five occurrences from consecutive alternate moves (4 plies apart)
    seventyfive: bool
    incorrect_claim_seconds: int
    incorrect_claim_blitz_seconds: int
    incorrect_claim_rapid_seconds: int | None  # None: as in standard play (no rapid penalty before 2023)
    claimant_time: ClaimantTimeRule | None
    written_move_fixed: bool  # the text says the written move "cannot be changed"
    claim_lost_on: Literal["touch", "move"]  # 9.4: touching a piece (2009+) or making a move (2005)
    illegal_moves_to_lose: int
    blitz_limit: SpeedLimit
    rapid_limit: SpeedLimit
    draw_offer_mark: str

    @property
    def title(self) -> str:
        """The edition's name in English (`partiar.notation.rules.messages` says it in other languages)."""
        return f"FIDE Laws of Chess {self.year}"

    def article(self, rule: RuleName) -> str:
        """The article number of `rule` in this edition ('' for a rule the edition does not have)."""
        return self.articles.get(rule, "")

    def renumbered(self, **numbers: str) -> MappingProxyType[str, str]:
        """This edition's articles with `numbers` (rule name = article) added or changed."""
        return _articles(**{**self.articles, **numbers})

    def speed(self, base_seconds: int, increment_seconds: int) -> Speed:
        """Blitz, rapid or standard by this edition's thresholds on base + 60 x increment."""
        total = base_seconds + 60 * increment_seconds
        if self.blitz_limit.below(total):
            return "blitz"
        return "rapid" if self.rapid_limit.below(total) else "standard"

    def time_control_speed(self, time_control: str) -> Speed:
        """The speed of a game from its PGN TimeControl header: "BASE" or "BASE+INCREMENT" in seconds.

        Anything else (no header, "-", "?", several periods such as "40/7200:3600") is a standard game.
        """
        if not time_control[:1].isdigit() or "/" in time_control or ":" in time_control:
            return "standard"
        try:
            return self.speed(*parse_time_control(time_control))
        except ValueError:
            return "standard"

    def incorrect_claim_bonus(self, speed: Speed) -> int:
        """Seconds added to the opponent's clock after an incorrect claim."""
        if speed == "blitz":
            return self.incorrect_claim_blitz_seconds
        if speed == "rapid" and self.incorrect_claim_rapid_seconds is not None:
            return self.incorrect_claim_rapid_seconds
        return self.incorrect_claim_seconds

    def incorrect_claim_rule(self, speed: Speed) -> str:
        """The articles behind that bonus: 9.5.3 (or its older number), and the appendix that changes it."""
        rule = self.article("incorrect_claim")
        if self.incorrect_claim_bonus(speed) == self.incorrect_claim_seconds:
            return rule
        appendix = self.article("blitz_penalty" if speed == "blitz" else "rapid_penalty")
        return f"{rule}, {appendix}" if appendix else rule


def _articles(**numbers: str) -> MappingProxyType[str, str]:
    unknown = set(numbers) - set(RULES)
    if unknown:
        raise ValueError(f"unknown rule names: {sorted(unknown)}")
    return MappingProxyType(numbers)


_SIXTY_MINUTES = SpeedLimit(3600, inclusive=False)

_2005 = Edition(
    year=2005,
    articles=_articles(
        checkmate="5.1a",
        stalemate="5.2a",
        dead_position="5.2b, 9.6",
        draw_offer="9.1b(2)",
        claim_is_offer="9.1b(3)",
        threefold="9.2b",
        threefold_by_move="9.2a",
        same_position="9.2",
        fifty="9.3b",
        fifty_by_move="9.3a",
        incorrect_claim="9.5b",
        illegal_move="7.4a",
    ),
    fivefold=False,
    fivefold_alternate=False,
    seventyfive=False,
    incorrect_claim_seconds=180,
    incorrect_claim_blitz_seconds=180,
    incorrect_claim_rapid_seconds=None,
    claimant_time=ClaimantTimeRule(),
    written_move_fixed=False,
    claim_lost_on="move",
    illegal_moves_to_lose=3,
    blitz_limit=SpeedLimit(900, inclusive=False),
    rapid_limit=_SIXTY_MINUTES,
    draw_offer_mark="=",
)
# 2009: the claimant keeps his own time, touching a piece (not moving it) loses the claim, offers are "(=)".
_2009 = replace(_2005, year=2009, claimant_time=None, claim_lost_on="touch", draw_offer_mark="(=)")
# 2014: fivefold (by alternate moves) and 75 moves end the game; lighter penalties; blitz below 10 minutes.
_2014 = replace(
    _2009,
    year=2014,
    articles=_2009.renumbered(
        dead_position="5.2b, 9.7",
        fivefold="9.6a",
        seventyfive="9.6b",
        illegal_move="7.5a",
        blitz_penalty="B2",
    ),
    fivefold=True,
    fivefold_alternate=True,
    seventyfive=True,
    incorrect_claim_seconds=120,
    incorrect_claim_blitz_seconds=60,
    written_move_fixed=True,
    illegal_moves_to_lose=2,
    blitz_limit=SpeedLimit(600, inclusive=False),
)
# 2018: every article numbered anew; any five occurrences; blitz up to and including 10 minutes.
_2018 = replace(
    _2014,
    year=2018,
    articles=_2014.renumbered(
        checkmate="5.1.1",
        stalemate="5.2.1",
        dead_position="5.2.2",
        draw_offer="9.1.2.2",
        claim_is_offer="9.1.2.3",
        threefold="9.2.1.2",
        threefold_by_move="9.2.1.1",
        same_position="9.2.2",
        fifty="9.3.2",
        fifty_by_move="9.3.1",
        incorrect_claim="9.5.3",
        fivefold="9.6.1",
        seventyfive="9.6.2",
        illegal_move="7.5.1",
        blitz_penalty="B.2",
    ),
    fivefold_alternate=False,
    blitz_limit=SpeedLimit(600, inclusive=True),
)

# 2023 ("FIDE Laws of Chess taking effect from 1 January 2023", approved by the FIDE General Assembly on
# 7 August 2022): https://handbook.fide.com/chapter/E012023 (also https://rcc.fide.com/2023-laws-of-chess/).
# The handbook page itself could not be read here; the articles below were compared in two verbatim
# transcriptions of it (github.com/richelbilderbeek/conquer_chess, docs/rulebook/README.md, and a project's
# citation test quoting the 2023 Laws from the FIDE Arbiters' Manual 2025, pp. 32-33 and 40-42), and in
# https://www.essexchess.org.uk/activities-archive/activities-2022-23/eca-125th-anniversary/fide-blitz-rules/
# and https://chessnews.info/2023-fide-laws-of-chess-published/ ("the penalty in rapid games is now reduced
# to one minute from two minutes"). What changed for partiar:
# - 9.2 lost a level: "9.2.1 is about to appear, if he/she first indicates his/her move, which cannot be
#   changed, by writing it on the paper scoresheet or entering it on the electronic scoresheet [...]",
#   "9.2.2 has just appeared, and the player claiming the draw has the move", "9.2.3 Positions are
#   considered the same if and only if [...]" (2018: 9.2.1.1, 9.2.1.2, 9.2.2). 9.6.1 still reads "the same
#   position has appeared, as in 9.2.2 at least five times"; partiar counts positions by 9.2.3 there too.
# - A.3 (new): "The penalties mentioned in Articles 7 and 9 of the Competitive Rules of Play shall be one
#   minute instead of two minutes." It applies to every rapid game, so an incorrect claim in rapid now
#   costs one minute.
# - Blitz: 2018's B.2 (the same one-minute sentence) is gone; "B.3 Otherwise, play shall be governed by
#   the Rapid chess Laws as in Article A.2, A.3 and A.5." Under "B.2 The Competitive Rules of Play shall
#   apply if: B.2.1 one arbiter supervises one game and [...]" the text names no blitz penalty of its own;
#   partiar keeps one minute for every blitz game, as in 2018, and cites B.3 and A.3.
# Unchanged, by the same texts: 9.1.2.2 and 9.1.2.3 (offers, the symbol (=)), 9.3.1/9.3.2 (50 moves),
# 9.4 (touching a piece), 9.5.3 ("the arbiter shall add two minutes to the opponent's remaining thinking
# time"; the intended move must be made), 9.6.1 (at least five times; the Arbiters' Manual: they need not
# be consecutive) and 9.6.2 (75 moves, mate takes precedence), 5.1.1, 5.2.1, 5.2.2, 7.5.1 and 7.5.5 (loss on the second illegal move),
# A.1 (rapid: more than 10 and less than 60 minutes), B.1 (blitz: 10 minutes or less) and Appendix C (the
# same notation: long form allowed, x, +, ++/#, e.p. optional, promotion letter after the square).
_2023 = replace(
    _2018,
    year=2023,
    articles=_2018.renumbered(
        threefold="9.2.2",
        threefold_by_move="9.2.1",
        same_position="9.2.3",
        rapid_penalty="A.3",
        blitz_penalty="B.3, A.3",
    ),
    incorrect_claim_rapid_seconds=60,
)

EDITIONS: MappingProxyType[int, Edition] = MappingProxyType(
    {edition.year: edition for edition in (_2005, _2009, _2014, _2018, _2023)}
)
DEFAULT_EDITION = 2023


def get_edition(year: int | str = DEFAULT_EDITION) -> Edition:
    """The edition of `year` (2005, 2009, 2014, 2018 or 2023)."""
    try:
        return EDITIONS[int(year)]
    except (KeyError, ValueError):
        known = ", ".join(str(known_year) for known_year in EDITIONS)
        raise UnknownEditionError(f"unknown edition {year!r}; known editions: {known}") from None
