"""Streaming games out of notation text: split the lines into games, lex each game, resolve its moves.

Only one game's text is held at a time, so memory does not grow with the file, and an error in game 3 is
known as soon as game 3 is read. A game stops at its first unresolvable move (`Game.error`); the plies
before it are legal.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from typing import NamedTuple

import chess

from ..errors import MoveError, NotationSyntaxError
from ..game import Game, Ply
from ..locales import Locale
from ..rules.replay import raw_key
from .lexer import UNEXPECTED, LocaleGrammar, castling_token, grammar_for, written_token
from .resolve import Resolved, mark_warnings, resolve

_HEADER = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_FIRST_MOVE = re.compile(r"1\s*\.")
_DIGITS = re.compile(r"[0-9]+")
SUFFIX_NAGS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
RESULTS = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "½-½": "1/2-1/2", "*": "*"}
FORFEITS = {"+/-": "1-0", "-/+": "0-1", "-/-": "*"}
CHESS960_VARIANTS = {"chess960", "fischerandom", "fischerrandom", "960"}


class Chunk(NamedTuple):
    """The text of one game (or of several glued games): header lines and the movetext after them."""

    headers: list[tuple[int, str]]
    movetext: str
    first_line: int


def _comment_open_after(line: str, open_before: bool) -> bool:
    """Whether a `{...}` comment is still open at the end of `line` (a `;` comment ends with its line)."""
    open_now = open_before
    for char in line:
        if open_now:
            open_now = char != "}"
        elif char == "{":
            open_now = True
        elif char == ";":
            break
    return open_now


def split_games(lines: Iterable[str]) -> Iterator[Chunk]:
    """Cut a stream of lines into games: a tag line, or a blank line followed by `1.`, starts a new one
    (neither counts inside a `{...}` comment that spans lines)."""
    headers: list[tuple[int, str]] = []
    body: list[str] = []
    body_start = 0
    blank = in_comment = False
    for number, raw in enumerate(lines, 1):
        line = raw.rstrip("\r\n")
        if number == 1:
            line = line.lstrip("\ufeff")
        stripped = line.strip()
        if stripped.startswith("%") and not in_comment:
            stripped = line = ""
        if not stripped:
            if body:
                body.append("")
                blank = True
            continue
        if not in_comment and (stripped.startswith("[") or (blank and _FIRST_MOVE.match(stripped))):
            if body:
                yield Chunk(headers, "\n".join(body), body_start)
                headers, body = [], []
            if stripped.startswith("["):
                headers.append((number, stripped))
                continue
        if not body:
            body_start = number
        body.append(line)
        blank = False
        if in_comment or "{" in line:
            in_comment = _comment_open_after(line, in_comment)
    if headers or body:
        yield Chunk(headers, "\n".join(body), body_start or (headers[-1][0] + 1 if headers else 1))


def _headers(chunk: Chunk, game: Game) -> chess.Board | None:
    """Fill the game's headers; the start board, or None when a header is broken (the game gets the error)."""
    for number, text in chunk.headers:
        found = _HEADER.fullmatch(text)
        if found is None:
            game.error = NotationSyntaxError(
                f"not a PGN tag: {text!r}", line=number, column=1, source_line=text
            )
            return None
        game.headers[found.group(1)] = found.group(2).replace('\\"', '"').replace("\\\\", "\\")
    game.chess960 = game.headers.get("Variant", "").lower().replace(" ", "") in CHESS960_VARIANTS
    fen = game.headers.get("FEN")
    if fen:
        try:
            board = chess.Board(fen, chess960=game.chess960)
            # Rights to castle with a rook or king that is not on its square mean nothing (9.2.2).
            board.castling_rights = board.clean_castling_rights()
        except ValueError as exc:
            line = next(n for n, t in chunk.headers if t.lstrip("[ ").startswith("FEN"))
            game.error = NotationSyntaxError(f"invalid FEN: {exc}", line=line, column=1)
            return None
        game.start_fen = board.fen()
        return board
    return chess.Board(chess960=game.chess960)


class _GameReader:
    """Turns the tokens of one chunk into games; a result or a variant label ends a game."""

    def __init__(self, grammar: LocaleGrammar, chunk: Chunk, positions: bool = False) -> None:
        self.grammar = grammar
        self.chunk = chunk
        self.positions = positions

    def games(self) -> Iterator[Game]:
        chunk = self.chunk
        game = Game(line=chunk.headers[0][0] if chunk.headers else chunk.first_line)
        board = _headers(chunk, game)
        if board is None:
            yield game
            return
        grammar = self.grammar
        source = unicodedata.normalize("NFC", chunk.movetext)
        text = grammar.locale.fold_script(source)
        start_fen = game.start_fen
        plies = game.plies
        resolved: Resolved | None = None
        ended = False
        depth = 0
        number_warning = ""
        suffix = "+" if board.is_check() else ""
        track = self.positions
        if track:
            game.positions.append((raw_key(board), board.halfmove_clock))
        # Lines are counted incrementally from move to move; other tokens that need a position (rare:
        # warnings and errors) count from the start of the text.
        line, line_start, counted_to = chunk.first_line, 0, 0

        def where(position: int) -> tuple[int, int]:
            return (
                chunk.first_line + text.count("\n", 0, position),
                position - text.rfind("\n", 0, position),
            )

        try:
            for found in grammar.scan(text):
                kind = found.lastgroup or ""
                if depth:
                    depth += 1 if kind == "VARIATION_START" else -1 if kind == "VARIATION_END" else 0
                    continue
                if kind == "MOVE" or kind == "CASTLE":
                    start = found.start(kind)
                    newlines = text.count("\n", counted_to, start)
                    if newlines:
                        line += newlines
                        line_start = text.rfind("\n", 0, start) + 1
                    counted_to = start
                    column = start - line_start + 1
                    if ended:
                        yield self._settled(game, board, resolved)
                        game = Game(line=line, start_fen=start_fen, chess960=game.chess960)
                        board, plies, ended, resolved = game.board(), game.plies, False, None
                        suffix = "+" if board.is_check() else ""
                        if track:
                            game.positions.append((raw_key(board), board.halfmove_clock))
                    if game.error is not None:
                        continue
                    written = (
                        written_token(grammar, found, start, line, column)
                        if kind == "MOVE"
                        else castling_token(found[kind], line, column)
                    )
                    number, white = board.fullmove_number, board.turn
                    try:
                        resolved = resolve(board, written, bool(suffix))
                    except MoveError as exc:
                        self._settled(game, board, resolved)
                        game.error = exc
                        continue
                    board.push(resolved.move)
                    if track:
                        game.positions.append((raw_key(board), board.halfmove_clock))
                    # "+" for now: a check is mate only if no move follows, settled when the game ends.
                    suffix = "+" if board.is_check() else ""
                    warnings = mark_warnings(written, resolved, suffix)
                    if number_warning:
                        warnings = (number_warning, *warnings)
                        number_warning = ""
                    plies.append(
                        Ply(
                            len(plies) + 1,
                            number,
                            white,
                            resolved.move,
                            resolved.san_body + suffix,
                            written,
                            resolved.en_passant,
                            False,
                            "",
                            (),
                            warnings,
                        )
                    )
                elif kind == "MOVE_NUMBER":
                    value = found[kind]
                    if not (board.turn and value[:-1] == str(board.fullmove_number) and value[-1] == "."):
                        number_warning = self._number_warning(value, board)
                elif kind == "CHECK" or kind == "EN_PASSANT":
                    if plies and resolved is not None and game.error is None:
                        plies[-1] = self._marked(plies[-1], resolved, kind, found[kind])
                elif kind == "DRAW_OFFER":
                    if plies and game.error is None:
                        plies[-1] = plies[-1]._replace(draw_offer=True)
                    elif not plies:
                        game.warnings.append(
                            f"line {where(found.start(kind))[0]}: draw offer before any move"
                        )
                elif kind == "RESULT":
                    game.result = self._result(found[kind], game)
                    ended = True
                elif kind == "COMMENT" or kind == "LINE_COMMENT":
                    body = source[found.start(kind) + 1 : found.end() - (kind == "COMMENT")].strip()
                    if plies and game.error is None:
                        last = plies[-1]
                        plies[-1] = last._replace(comment=f"{last.comment} {body}".strip())
                    elif not plies:
                        game.comment = f"{game.comment} {body}".strip()
                elif kind == "NAG" or kind == "SUFFIX":
                    if plies and game.error is None:
                        value = found[kind]
                        code = int(value[1:]) if kind == "NAG" else SUFFIX_NAGS[value]
                        plies[-1] = plies[-1]._replace(nags=(*plies[-1].nags, code))
                elif kind == "VARIATION_START":
                    depth = 1
                    game.warnings.append(f"line {where(found.start(kind))[0]}: variation not kept")
                elif kind == "VARIATION_END":
                    raise self._syntax("')' without '('", *where(found.start(kind)))
                elif kind == "ELLIPSIS":
                    ended = ended or bool(plies) or game.error is not None
                elif kind == "LABEL":
                    if plies or game.error is not None:
                        yield self._settled(game, board, resolved)
                        game = Game(
                            line=where(found.start(kind))[0], start_fen=start_fen, chess960=game.chess960
                        )
                        board, plies, ended, resolved = game.board(), game.plies, False, None
                        suffix = "+" if board.is_check() else ""
                        if track:
                            game.positions.append((raw_key(board), board.halfmove_clock))
                elif kind == "WORD" and plies and not ended and game.error is None:
                    raise self._syntax(f"{found[kind]!r} is not a move", *where(found.start(kind)))
                elif kind == UNEXPECTED:
                    raise self._syntax(f"unexpected {found[kind]!r}", *where(found.start(kind)))
        except NotationSyntaxError as exc:
            game.error = exc
        if plies or game.error is not None or game.headers or ended:
            yield self._settled(game, board, resolved)

    @staticmethod
    def _settled(game: Game, board: chess.Board, resolved: Resolved | None) -> Game:
        """The game with its last check turned into mate when the side to move has no legal move."""
        plies = game.plies
        if plies and resolved is not None and plies[-1].san.endswith("+") and board.is_checkmate():
            last = plies[-1]
            kept = tuple(w for w in last.warnings if w.startswith("move number"))
            plies[-1] = last._replace(
                san=last.san[:-1] + "#", warnings=kept + mark_warnings(last.written, resolved, "#")
            )
        return game

    @staticmethod
    def _marked(ply: Ply, resolved: Resolved, kind: str, mark: str) -> Ply:
        """The ply with a check or e.p. mark that followed it, and its warnings recomputed."""
        written = (
            ply.written._replace(check_mark=mark)
            if kind == "CHECK"
            else ply.written._replace(en_passant_mark=True)
        )
        suffix = ply.san[-1] if ply.san[-1] in "+#" else ""
        kept = tuple(w for w in ply.warnings if w.startswith("move number"))
        return ply._replace(written=written, warnings=kept + mark_warnings(written, resolved, suffix))

    def _syntax(self, message: str, line: int, column: int) -> NotationSyntaxError:
        lines = self.chunk.movetext.split("\n")
        index = line - self.chunk.first_line
        source_line = lines[index] if 0 <= index < len(lines) else ""
        return NotationSyntaxError(message, line=line, column=column, source_line=source_line)

    @staticmethod
    def _number_warning(text: str, board: chess.Board) -> str:
        found = _DIGITS.match(text)
        number = int(found.group()) if found else 0
        black = "..." in text.replace(" ", "") or "…" in text
        if number == board.fullmove_number and black == (board.turn == chess.BLACK):
            return ""
        expected = f"{board.fullmove_number}{'.' if board.turn else '...'}"
        return f"move number {text.strip()!r} written where {expected} was expected"

    @staticmethod
    def _result(text: str, game: Game) -> str:
        compact = text.replace(" ", "").replace("–", "-")
        if compact in FORFEITS:
            game.warnings.append(f"forfeit result {compact!r}")
            return FORFEITS[compact]
        return RESULTS[compact]


def read_games(lines: Iterable[str], locale: str | Locale, *, positions: bool = False) -> Iterator[Game]:
    """Games from lines of notation text in a locale, one at a time.

    With `positions`, each game also keeps the FIDE position key and halfmove clock of every position, so
    a replay for draw claims need not play the moves again.
    """
    grammar = grammar_for(locale if isinstance(locale, str) else locale.code)
    for chunk in split_games(lines):
        yield from _GameReader(grammar, chunk, positions).games()


def parse_games(text: str, locale: str | Locale) -> list[Game]:
    """All games of a text held in memory (a convenience for tests and small inputs)."""
    return list(read_games(text.splitlines(), locale))
