"""partiar's notation core: read chess notation in any supported locale, resolve it against the board,
and write PGN, another locale's text or JSON.

The public API:

- `read_games(lines, locale)` streams `Game`s from lines of text; `parse_games(text, locale)` reads a string;
  `open_lines(path)` reads a file in UTF-8, Windows-1250 or ISO-8859-2.
- `parse_move(board, text, locale)` resolves one written move.
- `write_pgn`, `write_text`, `game_json` / `JsonWriter` write games out; `render` writes one move.
- `get_locale(name)` and `LOCALES` are the locale registry.
- Every error is a `NotationError`.
"""

from .errors import (
    AmbiguousMoveError,
    GameOverError,
    IllegalMoveError,
    InputError,
    MoveError,
    NotationError,
    NotationSyntaxError,
    UnknownLocaleError,
)
from .game import Game, Ply, Written
from .locales import LOCALES, Locale, get_locale
from .text.encoding import open_lines
from .text.reader import parse_games, read_games
from .text.render import PGN_STYLE, Style, render, render_on_board
from .text.resolve import parse_move
from .text.writers import JsonWriter, game_json, write_pgn, write_text

__all__ = [
    "LOCALES",
    "PGN_STYLE",
    "AmbiguousMoveError",
    "Game",
    "GameOverError",
    "IllegalMoveError",
    "InputError",
    "JsonWriter",
    "Locale",
    "MoveError",
    "NotationError",
    "NotationSyntaxError",
    "Ply",
    "Style",
    "UnknownLocaleError",
    "Written",
    "game_json",
    "get_locale",
    "open_lines",
    "parse_games",
    "parse_move",
    "read_games",
    "render",
    "render_on_board",
    "write_pgn",
    "write_text",
]
