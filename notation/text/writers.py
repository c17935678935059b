"""Writing games out: PGN as the standard asks, any locale's text, and JSON for programs."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, TextIO, TypeVar

import chess

from ..errors import NotationError
from ..game import Game, Ply
from ..locales import Locale, get_locale
from .render import DEFAULT_STYLE, PGN_STYLE, Style, render

SEVEN_TAG_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
ROSTER_DEFAULTS = {"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?", "White": "?", "Black": "?"}
MAX_LINE = 79
NAG_SUFFIXES = {1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!"}
LOCAL_RESULTS = {"1/2-1/2": "½-½"}


def _tag_value(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def pgn_headers(game: Game) -> list[str]:
    """The tag pairs in PGN order: the seven tag roster, then the rest in ASCII order."""
    tags = dict(game.headers)
    tags["Result"] = game.result
    if game.start_fen != chess.STARTING_FEN:
        tags["SetUp"] = "1"
        tags["FEN"] = game.start_fen
    else:
        tags.pop("SetUp", None)
        tags.pop("FEN", None)
    roster = [(name, tags.pop(name, ROSTER_DEFAULTS.get(name, "?"))) for name in SEVEN_TAG_ROSTER]
    rest = sorted(tags.items())
    return [f'[{name} "{_tag_value(value)}"]' for name, value in roster + rest]


def _comment(text: str) -> str:
    return "{" + " ".join(text.replace("}", ")").split()) + "}"


# The evaluation NAGs written as their symbols in locale text (PGN writes every NAG as `$n`).
EVAL_SYMBOLS = {10: "=", 13: "∞", 14: "⩲", 15: "⩱", 16: "±", 17: "∓", 18: "+-", 19: "-+"}


def _line_tokens(plies: Sequence[Ply], write_move: Any, pgn: bool, draw_mark: str) -> Iterator[str]:
    """One line of moves (the main line or a variation): each ply's starting comment, move number where one
    is needed, move, NAGs, draw offer and comment, then its variations in brackets, recursively."""
    need_number = True
    for ply in plies:
        if ply.starting_comment:
            yield _comment(ply.starting_comment)
            need_number = True
        # A move number and its move stay on one line; in text, a move's `!`/`?` marks are glued to it.
        move = write_move(ply)
        nags = ply.nags
        if not pgn:
            move += "".join(NAG_SUFFIXES[nag] for nag in nags[:1] if nag in NAG_SUFFIXES)
            nags = nags[1:] if move.endswith(("!", "?")) else nags
        if ply.white:
            yield f"{ply.number}. {move}"
        elif need_number:
            yield f"{ply.number}... {move}"
        else:
            yield move
        need_number = False
        for nag in nags:
            symbol = None if pgn else EVAL_SYMBOLS.get(nag)
            yield f"${nag}" if symbol is None else symbol
        if ply.draw_offer:
            yield draw_mark
            need_number = pgn
        if ply.comment:
            yield _comment(ply.comment)
            need_number = True
        for variation in ply.variations:
            if not variation:
                continue
            yield "("
            yield from _line_tokens(variation, write_move, pgn, draw_mark)
            yield ")"
            need_number = True


def _movetext_tokens(game: Game, write_move: Any, pgn: bool, draw_mark: str) -> Iterator[str]:
    """Move numbers, moves, NAGs, comments, draw offers and variations in order; the result last."""
    if game.comment:
        yield _comment(game.comment)
    yield from _line_tokens(game.plies, write_move, pgn, draw_mark)
    yield game.result if pgn else LOCAL_RESULTS.get(game.result, game.result)


def _has_variations(game: Game) -> bool:
    return any(ply.variations for ply in game.plies)


def _glued(tokens: Iterable[str]) -> Iterator[str]:
    """The tokens with each opening bracket glued to the token after it and each closing one to the token
    before it, as PGN is usually written: `(12. Jf3 Jc6)`."""
    held = ""
    previous: str | None = None
    for token in tokens:
        if token == "(":
            held += "("
            continue
        if token == ")":
            if previous is None:
                previous = ")"
            else:
                previous += ")"
            continue
        if previous is not None:
            yield previous
        previous, held = held + token, ""
    if previous is not None:
        yield previous


def wrap(tokens: Iterable[str], width: int = MAX_LINE) -> list[str]:
    """Lines of at most `width` characters, one space between tokens, none at either end."""
    lines: list[str] = []
    current = ""
    for token in tokens:
        for word in token.split(" ") if "{" in token else (token,):
            if current and len(current) + 1 + len(word) > width:
                lines.append(current)
                current = word
            else:
                current = f"{current} {word}" if current else word
    if current:
        lines.append(current)
    return lines


def write_pgn(game: Game, out: TextIO) -> None:
    """One game as PGN: roster tags, English SAN movetext under 80 columns, the draw offer as `{(=)}`."""
    out.write("\n".join(pgn_headers(game)))
    out.write("\n\n")
    tokens = _movetext_tokens(game, lambda ply: ply.san, True, "{(=)}")
    out.write("\n".join(wrap(_glued(tokens) if _has_variations(game) else tokens)))
    out.write("\n\n")


def write_text(game: Game, out: TextIO, locale: str | Locale, style: Style = DEFAULT_STYLE) -> None:
    """One game in a locale's notation; tags, when the game has any, as PGN tags so it reads back."""
    loc = get_locale(locale)

    def write_move(ply: Ply) -> str:
        return render(ply.san, ply.move, loc, style, en_passant=ply.en_passant)

    if game.headers or game.start_fen != chess.STARTING_FEN:
        out.write("\n".join(pgn_headers(game)))
        out.write("\n\n")
    tokens = _movetext_tokens(game, write_move, False, "(=)")
    out.write("\n".join(wrap(_glued(tokens) if _has_variations(game) else tokens)))
    out.write("\n\n")


def ply_json(ply: Ply) -> dict[str, Any]:
    """One move as the JSON contract describes it."""
    data: dict[str, Any] = {
        "ply": ply.halfmove,
        "number": ply.number,
        "side": ply.side,
        "san": ply.san,
        "uci": ply.move.uci(),
        "text": ply.written.text,
        "draw_offer": ply.draw_offer,
        "warnings": list(ply.warnings),
    }
    if ply.comment:
        data["comment"] = ply.comment
    if ply.nags:
        data["nags"] = list(ply.nags)
    if ply.starting_comment:
        data["starting_comment"] = ply.starting_comment
    if ply.variations:
        data["variations"] = [[ply_json(inner) for inner in variation] for variation in ply.variations]
    return data


def game_json(game: Game, extra: Sequence[dict[str, Any]] = ()) -> dict[str, Any]:
    """One game as the JSON contract describes it; `extra` adds fields to each move (a decoder's
    confidence, flag, alternatives and cells)."""
    moves = [ply_json(ply) for ply in game.plies]
    for move, fields in zip(moves, extra, strict=False):
        move.update(fields)
    data: dict[str, Any] = {
        "headers": game.headers,
        "result": game.result,
        "moves": moves,
        "errors": [str(game.error)] if game.error is not None else [],
    }
    if game.start_fen != chess.STARTING_FEN:
        data["fen"] = game.start_fen
    if game.warnings:
        data["warnings"] = list(game.warnings)
    return data


SCHEMA = 1  # the version of every JSON document partiar writes


def write_json_document(out: TextIO, fields: Mapping[str, Any]) -> None:
    """One JSON document, `{"schema": 1, **fields}`, indented for reading."""
    out.write(json.dumps({"schema": SCHEMA, **fields}, ensure_ascii=False, indent=2) + "\n")


class JsonDocumentWriter:
    """Streams `{"schema": 1, **fields, "games": [...]}` one entry of "games" at a time, so that a large
    input never sits in memory; each entry is one line."""

    def __init__(self, out: TextIO, **fields: Any) -> None:
        self.out = out
        self.count = 0
        head = json.dumps({"schema": SCHEMA, **fields}, ensure_ascii=False)
        out.write(head[:-1] + ', "games": [')  # the object left open for its last field

    def add(self, entry: Mapping[str, Any]) -> None:
        self.out.write(",\n" if self.count else "\n")
        self.out.write(json.dumps(entry, ensure_ascii=False))
        self.count += 1

    def close(self, error: str | None = None) -> None:
        """End the document; `error` (what stopped the writing) becomes its last field, so a document cut
        short is still valid JSON and says why."""
        tail = "" if error is None else ", " + json.dumps({"error": error}, ensure_ascii=False)[1:-1]
        self.out.write(f"\n]{tail}}}\n")


DocumentT = TypeVar("DocumentT", bound=JsonDocumentWriter)


@contextlib.contextmanager
def json_document(out: TextIO, writer: type[DocumentT], **fields: Any) -> Iterator[DocumentT]:
    """A streamed JSON document that is valid however the writing ends: closed normally, or closed with
    an `error` field naming what stopped it (and the error raised on)."""
    document = writer(out, **fields)
    try:
        yield document
    except NotationError as exc:
        document.close(error=str(exc))
        raise
    document.close()


class JsonWriter(JsonDocumentWriter):
    """Streams `{"schema": 1, "games": [...]}`, each game as `game_json` describes it."""

    def write(self, game: Game, extra: Sequence[dict[str, Any]] = ()) -> None:
        self.add(game_json(game, extra))


__all__ = [
    "PGN_STYLE",
    "SCHEMA",
    "JsonDocumentWriter",
    "JsonWriter",
    "game_json",
    "json_document",
    "pgn_headers",
    "wrap",
    "write_json_document",
    "write_pgn",
    "write_text",
]
