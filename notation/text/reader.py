"""Streaming games out of notation text: split the lines into games, lex each game, resolve its moves, and
tell a visitor what was read.

Only one game's text is held at a time, so memory does not grow with the file, and an error in game 3 is
known as soon as game 3 is read. A game stops at its first unresolvable move; the plies before it are legal.
As in python-chess's `chess.pgn`, the reader does not build games itself: it feeds a `Visitor` (begin game,
header, start position, move, comment, warning, result, error, end game), and what the visitor returns at
the end of each game is what `read_games` yields. `GameBuilder` builds a `Game`; the draw-rule audit
uses a visitor that also records every position's key, so it need not replay the moves.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from typing import Generic, NamedTuple, TypeVar, overload

import chess

from ..errors import MoveError, NotationError, NotationSyntaxError
from ..game import Game, Ply
from ..locales import Locale
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


def _comment_state(line: str, open_before: bool) -> tuple[bool, bool]:
    """Whether a `{...}` comment is still open at the end of `line` (a `;` comment ends with its line), and
    whether the line holds anything outside comments."""
    open_now = open_before
    text = False
    for char in line:
        if open_now:
            open_now = char != "}"
        elif char == "{":
            open_now = True
        elif char == ";":
            break
        elif not char.isspace():
            text = True
    return open_now, text


def split_games(lines: Iterable[str]) -> Iterator[Chunk]:
    """Cut a stream of lines into games: a tag line, or a blank line followed by `1.` after some moves,
    starts a new one (neither counts inside a `{...}` comment that spans lines, and a comment before the
    first move, blank line or not, stays with its game)."""
    headers: list[tuple[int, str]] = []
    body: list[str] = []
    body_start = 0
    blank = in_comment = moves = False
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
        if not in_comment and (stripped.startswith("[") or (blank and moves and _FIRST_MOVE.match(stripped))):
            if body:
                yield Chunk(headers, "\n".join(body), body_start)
                headers, body, moves = [], [], False
            if stripped.startswith("["):
                headers.append((number, stripped))
                continue
        if not body:
            body_start = number
        body.append(line)
        blank = False
        if in_comment or "{" in line or ";" in line:
            in_comment, text = _comment_state(line, in_comment)
            moves = moves or text
        else:
            moves = True
    if headers or body:
        yield Chunk(headers, "\n".join(body), body_start or (headers[-1][0] + 1 if headers else 1))


class Headers(NamedTuple):
    """A game's tag pairs read: the tags, the start board (None when a tag is broken) and the error, if any."""

    tags: dict[str, str]
    board: chess.Board | None
    fen: str
    chess960: bool
    error: NotationSyntaxError | None


def read_headers(chunk: Chunk) -> Headers:
    """The tags of a chunk and the start position they give (a FEN tag, Chess960)."""
    tags: dict[str, str] = {}
    for number, text in chunk.headers:
        found = _HEADER.fullmatch(text)
        if found is None:
            error = NotationSyntaxError(f"not a PGN tag: {text!r}", line=number, column=1, source_line=text)
            return Headers(tags, None, chess.STARTING_FEN, False, error)
        tags[found.group(1)] = found.group(2).replace('\\"', '"').replace("\\\\", "\\")
    chess960 = tags.get("Variant", "").lower().replace(" ", "") in CHESS960_VARIANTS
    fen = tags.get("FEN")
    if not fen:
        return Headers(tags, chess.Board(chess960=chess960), chess.STARTING_FEN, chess960, None)
    try:
        board = chess.Board(fen, chess960=chess960)
    except ValueError as exc:
        line = next(n for n, t in chunk.headers if t.lstrip("[ ").startswith("FEN"))
        error = NotationSyntaxError(f"invalid FEN: {exc}", line=line, column=1)
        return Headers(tags, None, chess.STARTING_FEN, chess960, error)
    # Rights to castle with a rook or king that is not on its square mean nothing (9.2.2).
    board.castling_rights = board.clean_castling_rights()
    return Headers(tags, board, board.fen(), chess960, None)


ResultT = TypeVar("ResultT", covariant=True)


class Visitor(Generic[ResultT]):
    """What the reader tells about one game, in reading order; `end_game` returns what `read_games` yields.

    Every method but `end_game` does nothing here, so a visitor overrides only what it needs. `visit_move`
    is called once a ply is complete (its marks, comments and NAGs read), with the board after it.
    """

    def begin_game(self, line: int) -> None:
        """A game starts at `line` of the input."""

    def visit_header(self, name: str, value: str) -> None:
        """One tag pair."""

    def visit_start(self, fen: str, chess960: bool) -> None:
        """The start position, once the tags are read."""

    def visit_comment(self, text: str) -> None:
        """A comment before the first move."""

    def visit_move(self, ply: Ply, board: chess.Board) -> None:
        """A complete ply; `board` is the position after it (not to be kept: the reader plays on)."""

    def visit_warning(self, text: str) -> None:
        """Something worth telling that did not stop the game."""

    def visit_result(self, result: str) -> None:
        """The result written at the end of the moves, in PGN form."""

    def visit_error(self, error: NotationError) -> None:
        """The error that stopped the game; no move follows it."""

    def end_game(self) -> ResultT:
        raise NotImplementedError


class BuildingVisitor(Visitor[ResultT]):
    """Builds a `Game` from what the reader tells; subclasses say what to return with it."""

    def begin_game(self, line: int) -> None:
        self.game = Game(line=line)

    def visit_header(self, name: str, value: str) -> None:
        self.game.headers[name] = value

    def visit_start(self, fen: str, chess960: bool) -> None:
        self.game.start_fen = fen
        self.game.chess960 = chess960

    def visit_comment(self, text: str) -> None:
        self.game.comment = f"{self.game.comment} {text}".strip()

    def visit_move(self, ply: Ply, board: chess.Board) -> None:
        self.game.plies.append(ply)

    def visit_warning(self, text: str) -> None:
        self.game.warnings.append(text)

    def visit_result(self, result: str) -> None:
        self.game.result = result

    def visit_error(self, error: NotationError) -> None:
        self.game.error = error


class GameBuilder(BuildingVisitor[Game]):
    """The default visitor: the `Game` itself."""

    def end_game(self) -> Game:
        return self.game


VisitorT = TypeVar("VisitorT")


class _GameReader(Generic[VisitorT]):
    """Turns the tokens of one chunk into games told to visitors; a result or a variant label ends a game."""

    def __init__(self, grammar: LocaleGrammar, chunk: Chunk, visitor: type[Visitor[VisitorT]]) -> None:
        self.grammar = grammar
        self.chunk = chunk
        self.visitor = visitor

    def games(self) -> Iterator[VisitorT]:
        chunk = self.chunk
        headers = read_headers(chunk)
        visitor = self.visitor()
        visitor.begin_game(chunk.headers[0][0] if chunk.headers else chunk.first_line)
        for name, value in headers.tags.items():
            visitor.visit_header(name, value)
        if headers.board is None:
            assert headers.error is not None
            visitor.visit_error(headers.error)
            yield visitor.end_game()
            return
        board, start_fen, chess960 = headers.board, headers.fen, headers.chess960
        visitor.visit_start(start_fen, chess960)
        visit_move = visitor.visit_move  # on every ply but the last
        grammar = self.grammar
        source = unicodedata.normalize("NFC", chunk.movetext)
        text = grammar.locale.fold_script(source)
        # The last ply, told to the visitor once what follows it (marks, comments, NAGs) is read.
        pending: Ply | None = None
        resolved: Resolved | None = None
        count = 0  # plies of this game so far
        error: NotationError | None = None
        ended = False
        depth = 0
        number_warning = ""
        suffix = "+" if board.is_check() else ""
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
                        yield self._finish(visitor, pending, board, resolved, error)
                        visitor, board = self._restart(line, start_fen, chess960)
                        visit_move = visitor.visit_move
                        pending, resolved, count, error, ended = None, None, 0, None, False
                        suffix = "+" if board.is_check() else ""
                    if error is not None:
                        continue
                    written = (
                        written_token(grammar, found, start, line, column)
                        if kind == "MOVE"
                        else castling_token(found[kind], line, column)
                    )
                    number, white = board.fullmove_number, board.turn
                    try:
                        resolved_now = resolve(board, written, bool(suffix))
                    except MoveError as exc:
                        error = exc
                        continue
                    if pending is not None:
                        visit_move(pending, board)
                    resolved = resolved_now
                    board.push(resolved.move)
                    # "+" for now: a check is mate only if no move follows, settled when the game ends.
                    suffix = "+" if board.is_check() else ""
                    warnings = mark_warnings(written, resolved, suffix)
                    if number_warning:
                        warnings = (number_warning, *warnings)
                        number_warning = ""
                    count += 1
                    pending = Ply(
                        count,
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
                elif kind == "MOVE_NUMBER":
                    value = found[kind]
                    if not (board.turn and value[:-1] == str(board.fullmove_number) and value[-1] == "."):
                        number_warning = self._number_warning(value, board)
                elif kind == "CHECK" or kind == "EN_PASSANT":
                    if pending is not None and resolved is not None and error is None:
                        pending = self._marked(pending, resolved, kind, found[kind])
                elif kind == "DRAW_OFFER":
                    if pending is not None and error is None:
                        pending = pending._replace(draw_offer=True)
                    elif pending is None:
                        visitor.visit_warning(
                            f"line {where(found.start(kind))[0]}: draw offer before any move"
                        )
                elif kind == "RESULT":
                    visitor.visit_result(self._result(found[kind], visitor))
                    ended = True
                elif kind == "COMMENT" or kind == "LINE_COMMENT":
                    body = source[found.start(kind) + 1 : found.end() - (kind == "COMMENT")].strip()
                    if pending is not None and error is None:
                        pending = pending._replace(comment=f"{pending.comment} {body}".strip())
                    elif pending is None:
                        visitor.visit_comment(body)
                elif kind == "NAG" or kind == "SUFFIX":
                    if pending is not None and error is None:
                        value = found[kind]
                        code = int(value[1:]) if kind == "NAG" else SUFFIX_NAGS[value]
                        pending = pending._replace(nags=(*pending.nags, code))
                elif kind == "VARIATION_START":
                    depth = 1
                    visitor.visit_warning(f"line {where(found.start(kind))[0]}: variation not kept")
                elif kind == "VARIATION_END":
                    raise self._syntax("')' without '('", *where(found.start(kind)))
                elif kind == "ELLIPSIS":
                    ended = ended or count > 0 or error is not None
                elif kind == "LABEL":
                    if count or error is not None:
                        yield self._finish(visitor, pending, board, resolved, error)
                        visitor, board = self._restart(where(found.start(kind))[0], start_fen, chess960)
                        visit_move = visitor.visit_move
                        pending, resolved, count, error, ended = None, None, 0, None, False
                        suffix = "+" if board.is_check() else ""
                elif kind == "WORD" and count and not ended and error is None:
                    raise self._syntax(f"{found[kind]!r} is not a move", *where(found.start(kind)))
                elif kind == UNEXPECTED:
                    raise self._syntax(f"unexpected {found[kind]!r}", *where(found.start(kind)))
        except NotationSyntaxError as exc:
            error = exc
        if count or error is not None or headers.tags or ended:
            yield self._finish(visitor, pending, board, resolved, error)

    def _restart(self, line: int, start_fen: str, chess960: bool) -> tuple[Visitor[VisitorT], chess.Board]:
        """A new game glued to the last one (after a result or a label), from the same start position."""
        visitor = self.visitor()
        visitor.begin_game(line)
        board = chess.Board(start_fen, chess960=chess960)
        visitor.visit_start(start_fen, chess960)
        return visitor, board

    @classmethod
    def _finish(
        cls,
        visitor: Visitor[VisitorT],
        pending: Ply | None,
        board: chess.Board,
        resolved: Resolved | None,
        error: NotationError | None,
    ) -> VisitorT:
        """Tell the last ply (a check turned into mate when nothing can answer it) and end the game."""
        if pending is not None:
            visitor.visit_move(cls._settled(pending, board, resolved), board)
        if error is not None:
            visitor.visit_error(error)
        return visitor.end_game()

    @staticmethod
    def _settled(ply: Ply, board: chess.Board, resolved: Resolved | None) -> Ply:
        """The last ply with its check turned into mate when the side to move has no legal move."""
        if resolved is None or not ply.san.endswith("+") or not board.is_checkmate():
            return ply
        kept = tuple(w for w in ply.warnings if w.startswith("move number"))
        return ply._replace(san=ply.san[:-1] + "#", warnings=kept + mark_warnings(ply.written, resolved, "#"))

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
    def _result(text: str, visitor: Visitor[object]) -> str:
        compact = text.replace(" ", "").replace("–", "-")
        if compact in FORFEITS:
            visitor.visit_warning(f"forfeit result {compact!r}")
            return FORFEITS[compact]
        return RESULTS[compact]


@overload
def read_games(lines: Iterable[str], locale: str | Locale) -> Iterator[Game]: ...


@overload
def read_games(
    lines: Iterable[str], locale: str | Locale, visitor: type[Visitor[VisitorT]]
) -> Iterator[VisitorT]: ...


def read_games(
    lines: Iterable[str], locale: str | Locale, visitor: type[Visitor[object]] = GameBuilder
) -> Iterator[object]:
    """What a visitor makes of each game of lines of notation text in a locale, one game at a time: by
    default the `Game`s themselves."""
    grammar = grammar_for(locale if isinstance(locale, str) else locale.code)
    for chunk in split_games(lines):
        yield from _GameReader(grammar, chunk, visitor).games()


def parse_games(text: str, locale: str | Locale) -> list[Game]:
    """All games of a text held in memory (a convenience for tests and small inputs)."""
    return list(read_games(text.splitlines(), locale))
