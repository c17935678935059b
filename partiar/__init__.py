"""partiar: chess games written by people, made checkable.

The API in six functions; everything else is in the sub-packages (`partiar.notation` for text, decoding and
the Laws, `partiar.ocr` for scanning):

- `read(source, locale)`: games from notation text (a string) or a file (a path), in any supported locale.
- `write(games, to)`: games as PGN, JSON, or another locale's notation.
- `convert(text, from_locale, to)`: `write(read(...))`, stopping at the first game that cannot be read.
- `check(source, locale, edition)`: every claimable and automatic draw and every irregularity of each game.
- `claim(game, kind, locale, written=...)`: an arbiter's verdict on one threefold or 50-move claim.
- `scan(files, locale)`: scoresheet images or PDFs to games, with a confidence and a flag on every move.

Every error is a `partiar.notation.NotationError`, whose `exit_status` says what kind of error it is.

    >>> import partiar
    >>> games = partiar.read("1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 1/2-1/2", "sk")
    >>> print(partiar.write(games, "pgn").strip().splitlines()[-1])
    1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1/2-1/2
    >>> print(partiar.write(games, "sr").strip().splitlines()[-1])
    1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 ½-½
    >>> game = partiar.read("1. Jf3 Jf6 2. Jg1 Jg8 3. Jf3 Jf6 4. Jg1", "sk")[0]
    >>> verdict = partiar.claim(game, "threefold", "sk", written="Jg8")
    >>> verdict.valid, verdict.rule
    (True, '9.2.1')
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from .notation.errors import NotationError
from .notation.game import Game
from .notation.locales import Locale, get_locale
from .notation.rules.editions import DEFAULT_EDITION, get_edition
from .notation.text.encoding import open_lines
from .notation.text.reader import read_games
from .notation.text.render import DEFAULT_STYLE, Style
from .notation.text.writers import JsonWriter, write_pgn, write_text

if TYPE_CHECKING:
    from .notation.rules.claims import GameAudit, Kind, Verdict
    from .ocr.pipeline import ScannedGame

__version__ = "0.1.0"

__all__ = ["Game", "NotationError", "__version__", "check", "claim", "convert", "read", "scan", "write"]


def _lines(source: str | os.PathLike[str]) -> Iterable[str]:
    if isinstance(source, os.PathLike):
        return open_lines(os.fspath(source))
    return source.splitlines()


def read(source: str | os.PathLike[str], locale: str | Locale) -> list[Game]:
    """The games of a notation text (`str`) or file (`pathlib.Path`) written in `locale` (`"sk"`, `"cs"`,
    `"sr"`, `"de"`, … or `"en"` for PGN). A game that cannot be read to its end keeps the moves before the
    problem and carries it in `Game.error`."""
    return list(read_games(_lines(source), locale))


def write(games: Iterable[Game], to: str = "pgn", style: Style = DEFAULT_STYLE) -> str:
    """Games as `"pgn"`, `"json"` (schema 1) or the notation of a locale (`"sk"`, …) in `style`."""
    out = io.StringIO()
    target = to.lower()
    if target == "json":
        writer = JsonWriter(out)
        for game in games:
            writer.write(game)
        writer.close()
    elif target == "pgn":
        for game in games:
            write_pgn(game, out)
    else:
        locale = get_locale(to)
        for game in games:
            write_text(game, out, locale, style)
    return out.getvalue()


def convert(text: str, from_locale: str | Locale, to: str = "pgn", style: Style = DEFAULT_STYLE) -> str:
    """Notation text from one locale to PGN, JSON or another locale; raises the first game's error."""
    games = read(text, from_locale)
    for game in games:
        if game.error is not None:
            raise game.error
    return write(games, to, style)


def check(
    source: str | os.PathLike[str], locale: str | Locale, edition: int = DEFAULT_EDITION
) -> list[GameAudit]:
    """For each game: every claim either side could have made, every automatic end (checkmate, stalemate,
    fivefold repetition, 75 moves, dead position) and every irregularity, in order, under the FIDE Laws of
    `edition` (2005, 2009, 2014, 2018 or 2023; 2023 by default)."""
    from .notation.rules.claims import audit_games

    return list(audit_games(_lines(source), locale, get_edition(edition)))


def claim(
    game: Game,
    kind: Kind,
    locale: str | Locale,
    *,
    written: str | None = None,
    edition: int = DEFAULT_EDITION,
) -> Verdict:
    """The verdict on a `"threefold"` or `"fifty"` claim by the player to move after the last ply of
    `game`, with the move the claimant wrote on the scoresheet but did not play (`written`, in `locale`),
    under the FIDE Laws of `edition` (2023 by default)."""
    from .notation.rules.claims import claim_with_written

    return claim_with_written(game, kind, get_edition(edition), written, locale)


def scan(
    files: Sequence[str | os.PathLike[str]],
    locale: str | Locale,
    *,
    copies: bool = False,
    engine: str = "auto",
    form: str | None = None,
) -> list[ScannedGame]:
    """Scoresheets (PNG, JPEG, TIFF, PDF) to games: one game per file, or one from all files when they are
    `copies` of the same game. Each game's moves carry a confidence, alternatives and a review flag."""
    from pathlib import Path

    from .ocr.engines.base import get_engine
    from .ocr.forms import get_form
    from .ocr.pipeline import scan as scan_files

    chosen_form = get_form(form) if form else None
    return scan_files([Path(f) for f in files], locale, get_engine(engine), copies=copies, form=chosen_form)
