"""What the commands tell on standard error about a game that was read: its warnings, with the game, the
move and the line, and where a game had to stop.

Marks that FIDE notation lets a writer leave out (capture, check, e.p.) and style that it does not use
(hyphens, pawn letters, origin squares not needed) are notes on how a move was written, not on the record:
they stay in the JSON output and are not repeated on standard error.
"""

from __future__ import annotations

import sys
from dataclasses import replace

from ..notation.game import Game, Ply
from ..notation.locales import Locale

_STYLE_NOTES = (
    "origin qualifier not needed",
    "hyphenated long form is not FIDE notation",
    "pawns have no letter in FIDE notation",
)


def named(locale: Locale) -> str:
    """A locale as stderr names it: "Slovak (sk)"."""
    return f"{locale.name} ({locale.code})"


def read_as(locale: Locale, same: tuple[Locale, ...]) -> str:
    """What `--from auto` chose, and the locales that read the text the same."""
    return f"read as {named(locale)}" + (f"; {', '.join(map(named, same))} read it the same" if same else "")


def _worth_telling(warning: str) -> bool:
    return not warning.endswith(" not marked") and warning not in _STYLE_NOTES


def _move(ply: Ply) -> str:
    return f"{ply.number}{'.' if ply.white else '...'} {ply.written.text}"


def notices(game: Game, *, quiet: bool = False, error: bool = True) -> list[str]:
    """What `tell` prints about the game, each line without its `partiar: game N (line L)` head (a game's
    number is known only where the games are counted)."""
    lines: list[str] = []
    if not quiet:
        lines.extend(f": {warning}" for warning in game.warnings)
        for ply in game.plies:
            for warning in filter(_worth_telling, ply.warnings):
                lines.append(f": line {ply.written.line}: {_move(ply)}: {warning}")
    if error and game.error is not None:
        lines.append(f": {game.error}")
    return lines


def tell_lines(number: int, line: int, lines: list[str]) -> None:
    """Print lines of `notices` about game `number`, which starts on `line`."""
    for text in lines:
        print(f"partiar: game {number} (line {line}){text}", file=sys.stderr)


def tell(number: int, game: Game, *, quiet: bool = False, error: bool = True) -> None:
    """Print the game's warnings (unless `quiet`) and the error that stopped it (unless not `error`: `check`
    reports it as an irregularity), one line each."""
    tell_lines(number, game.line, notices(game, quiet=quiet, error=error))


def stopped(game: Game) -> Game:
    """The game with a comment where it stops, so that a PGN reader sees that the record goes on."""
    if game.error is None:
        return game
    note = f"partiar: the record cannot be read on from here: {game.error}"
    if not game.plies:
        return replace(game, comment=f"{game.comment} {note}".strip())
    last = game.plies[-1]
    plies = [*game.plies[:-1], last._replace(comment=f"{last.comment} {note}".strip())]
    return replace(game, plies=plies)
