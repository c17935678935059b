"""One scanned game under review: the decoded moves, the moves a person confirmed, and what the page shows.

A correction fixes its ply (confirmed) and decodes the rest of the game again with the confirmed moves as
constraints: the plies before it keep the moves they have, every later unconfirmed ply may change, and a
later confirmed ply stays as it was confirmed unless the correction made it illegal (then it is unconfirmed
again and decoded with the others). The session holds no web code: the app (`app.py`) serves it, the
benchmark (`bench/review.py`) drives it as a reviewer would.
"""

from __future__ import annotations

import io
import json
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import chess
import chess.svg
from PIL import Image

from ..notation.decode.beam import Decoded, DecodedMove
from ..notation.errors import MoveError, NotationError
from ..notation.locales import Locale, get_locale
from ..notation.text.render import render
from ..notation.text.resolve import parse_move
from ..notation.text.writers import write_pgn
from ..ocr.forms import Form
from ..ocr.pipeline import CellSource, ScannedGame, cell_image, redecode

SCHEMA = 1


class ReviewError(NotationError):
    """A correction that cannot be applied (an unreadable or illegal move, a ply out of range): one line."""


@dataclass(frozen=True)
class Confirmation:
    """A move a person confirmed, and whether the decoder had flagged the ply when it was confirmed."""

    move: chess.Move
    was_flagged: bool


class ReviewSession:
    """A scanned game and its confirmations; every method is safe to call from several threads."""

    def __init__(
        self, scanned: ScannedGame, locale: str | Locale, review_below: float, form: Form | None = None
    ) -> None:
        self.scanned = scanned
        self.form = form
        self.locale = get_locale(locale)
        self.review_below = review_below
        self.decoded: Decoded = scanned.decoded
        self.confirmed: dict[int, Confirmation] = {}
        self.version = 0
        self._lock = threading.Lock()
        self._pages: dict[tuple[str, int], Image.Image] = {}

    # --- the game -----------------------------------------------------------------------------------------

    @property
    def moves(self) -> list[DecodedMove]:
        return self.decoded.moves

    def board_before(self, index: int) -> chess.Board:
        """The position before ply `index` (from 0)."""
        board = chess.Board(self.decoded.start_fen)
        for move in self.moves[:index]:
            board.push(move.ply.move)
        return board

    @property
    def plies(self) -> int:
        """How many plies the sheets hold: more than the decoded moves where decoding stopped."""
        return max((len(sheet.readings) for sheet in self.scanned.sheets), default=len(self.moves))

    def parse(self, index: int, text: str) -> chess.Move:
        """A move typed by the reviewer for ply `index`: the locale's notation, SAN or UCI."""
        self._check_ply(index, extend=True)
        board = self.board_before(index)
        text = text.strip()
        if not text:
            raise ReviewError(f"ply {index + 1}: no move given")
        errors: list[NotationError] = []
        for locale in dict.fromkeys([self.locale.code, "en"]):
            try:
                return parse_move(board, text, locale)
            except NotationError as exc:
                errors.append(exc)
        try:
            move = chess.Move.from_uci(text)
            if board.is_legal(move):
                return move
        except ValueError:
            pass
        best = next((exc for exc in errors if isinstance(exc, MoveError)), errors[0])
        # The reader's errors say where in a text the move was; here there is no text round it.
        message = re.sub(r"(?: at)? line 1, column 1:?", "", str(best)).strip()
        raise ReviewError(f"ply {index + 1}: {message}")

    def correct(self, index: int, text: str) -> None:
        """Fix ply `index` (from 0) to the move `text` says, confirmed, and decode the later plies again.
        An unreadable or illegal move raises ReviewError and changes nothing."""
        with self._lock:
            move = self.parse(index, text)
            self.fix(index, move)

    def correct_move(self, index: int, move: chess.Move) -> None:
        """`correct` with the move itself, which must be legal at ply `index`."""
        with self._lock:
            self._check_ply(index, extend=True)
            if not self.board_before(index).is_legal(move):
                raise ReviewError(f"ply {index + 1}: {move.uci()} is not legal here")
            self.fix(index, move)

    def fix(self, index: int, move: chess.Move) -> None:
        """Fix ply `index` to `move` (legal there), confirmed, and decode the later unconfirmed plies again.
        `index` may be the ply where decoding stopped, one past the last move."""
        current = self.moves[index] if index < len(self.moves) else None
        was_flagged = current.flagged if current is not None else True
        previous = self.confirmed.get(index)
        if previous is not None:
            was_flagged = previous.was_flagged
        self.confirmed[index] = Confirmation(move, was_flagged)
        self.version += 1
        if current is not None and move == current.ply.move:
            return  # the best line already goes through it: the rest of the game stays as it is
        kept = self.moves[:index]
        later = {ply: found for ply, found in self.confirmed.items() if ply > index}
        fixed = {ply: decoded.ply.move for ply, decoded in enumerate(kept)}
        fixed[index] = move
        decoded = redecode(
            self.scanned, self.locale, {**fixed, **{p: c.move for p, c in later.items()}}, self.review_below
        )
        broken = [ply for ply, found in later.items() if not _holds(decoded, ply, found.move)]
        if broken:
            for ply in broken:
                del self.confirmed[ply]
            survivors = {p: c.move for p, c in later.items() if p not in broken}
            decoded = redecode(self.scanned, self.locale, {**fixed, **survivors}, self.review_below)
        # The plies before the correction keep their confidences and flags from before.
        decoded.moves[:index] = kept
        self.decoded = decoded

    def accept(self, index: int) -> None:
        """Confirm ply `index` as it stands."""
        with self._lock:
            self._check_ply(index)
            self.fix(index, self.moves[index].ply.move)

    def _check_ply(self, index: int, extend: bool = False) -> None:
        """Refuse a ply that is not in the game (with `extend`, the ply where decoding stopped is in)."""
        last = len(self.moves) + (extend and self.decoded.error is not None and len(self.moves) < self.plies)
        if not 0 <= index < last:
            raise ReviewError(f"ply {index + 1}: no such move (the game has {len(self.moves)} plies)")

    # --- what the page and the API show ---------------------------------------------------------------

    def progress(self) -> tuple[int, int]:
        """(flagged moves confirmed, flagged moves): a confirmed ply counts when it was flagged."""
        done = sum(found.was_flagged for found in self.confirmed.values())
        waiting = sum(move.flagged for index, move in enumerate(self.moves) if index not in self.confirmed)
        return done, done + waiting

    def text(self, san: str, move: chess.Move, en_passant: bool = False) -> str:
        return render(san, move, self.locale, en_passant=en_passant)

    def move_json(self, index: int, board: chess.Board) -> dict[str, Any]:
        """One move of `GET /api/game`, `board` being the position before it."""
        decoded = self.moves[index]
        ply = decoded.ply
        confirmation = self.confirmed.get(index)
        alternatives = []
        for alternative in decoded.alternatives:
            move = board.parse_san(alternative.san)
            alternatives.append(
                {
                    "san": alternative.san,
                    "uci": move.uci(),
                    "text": self.text(alternative.san, move, board.is_en_passant(move)),
                    "confidence": alternative.confidence,
                }
            )
        cells = self._cells_json(index)
        return {
            "ply": index + 1,
            "number": ply.number,
            "side": ply.side,
            "san": ply.san,
            "uci": ply.move.uci(),
            "text": self.text(ply.san, ply.move, ply.en_passant),
            "read": list(decoded.evidence),
            "confidence": decoded.confidence,
            "flagged": confirmation.was_flagged if confirmation else decoded.flagged,
            "confirmed": confirmation is not None,
            "alternatives": alternatives,
            "cells": cells,
        }

    def game_json(self) -> dict[str, Any]:
        """`GET /api/game`: schema 1."""
        with self._lock:
            board = chess.Board(self.decoded.start_fen)
            moves = []
            for index, decoded in enumerate(self.moves):
                moves.append(self.move_json(index, board))
                board.push(decoded.ply.move)
            done, total = self.progress()
            return {
                "schema": SCHEMA,
                "files": list(self.scanned.files),
                "locale": self.locale.code,
                "version": self.version,
                "moves": moves,
                "progress": {"confirmed": done, "flagged": total},
                "stopped": str(self.decoded.error) if self.decoded.error is not None else None,
                "next": self._next_json(),
                "pgn": self._pgn(),
            }

    def _next_json(self) -> dict[str, Any] | None:
        """Where decoding stopped with cells still written: the ply to type, with what its cells read."""
        index = len(self.moves)
        if self.decoded.error is None or index >= self.plies:
            return None
        board = self.board_before(index)
        sources = self.scanned.sources[index] if index < len(self.scanned.sources) else []
        return {
            "ply": index + 1,
            "number": board.fullmove_number,
            "side": "white" if board.turn else "black",
            "read": [source.text if source is not None else None for source in sources],
            "cells": self._cells_json(index),
        }

    def _cells_json(self, index: int) -> list[dict[str, Any]]:
        sources = self.scanned.sources[index] if index < len(self.scanned.sources) else []
        cells = []
        for copy, source in enumerate(sources):
            if source is None:
                continue
            cell = source.as_json()
            cell["copy"] = copy
            cell["image"] = f"/api/cells/{index + 1}/{copy}.png" if source.box is not None else None
            cells.append(cell)
        return cells

    def _pgn(self) -> str:
        reviewed = Decoded(self.decoded.start_fen, list(self.moves), self.decoded.error)
        reviewed.moves = [
            DecodedMove(move.ply, move.confidence, False, move.alternatives, move.evidence)
            if index in self.confirmed
            else move
            for index, move in enumerate(self.moves)
        ]
        out = io.StringIO()
        write_pgn(reviewed.reviewed_game({"Annotator": "partiar review"}), out)
        return out.getvalue()

    def pgn(self) -> str:
        """The game as PGN; flagged moves nobody confirmed keep their `{?}`."""
        with self._lock:
            return self._pgn()

    def confirmations_json(self) -> dict[str, Any]:
        """What `POST /api/save` writes beside the PGN: the files, the locale and every confirmed ply."""
        with self._lock:
            board = chess.Board(self.decoded.start_fen)
            confirmed = []
            for index, decoded in enumerate(self.moves):
                found = self.confirmed.get(index)
                if found is not None:
                    confirmed.append(
                        {
                            "ply": index + 1,
                            "san": board.san(found.move),
                            "uci": found.move.uci(),
                            "was_flagged": found.was_flagged,
                        }
                    )
                board.push(decoded.ply.move)
            done, total = self.progress()
            return {
                "schema": SCHEMA,
                "files": list(self.scanned.files),
                "locale": self.locale.code,
                "confirmed": confirmed,
                "progress": {"confirmed": done, "flagged": total},
            }

    def save(self, write: Callable[[str, str], None]) -> None:
        """Hand the PGN and the confirmations (JSON) to `write`, which stores them."""
        pgn = self.pgn()
        write(pgn, json.dumps(self.confirmations_json(), indent=2, ensure_ascii=False) + "\n")

    def cell_png(self, index: int, copy: int) -> bytes:
        """The image of the cell that ply `index` was read from in copy `copy`, as PNG."""
        source = self._source(index, copy)
        with self._lock:
            image = cell_image(source, self.form, pages=self._pages)
        out = io.BytesIO()
        image.save(out, format="PNG")
        return out.getvalue()

    def _source(self, index: int, copy: int) -> CellSource:
        sources = self.scanned.sources[index] if 0 <= index < len(self.scanned.sources) else []
        source = sources[copy] if 0 <= copy < len(sources) else None
        if source is None or source.box is None:
            raise ReviewError(f"ply {index + 1}: no cell image in copy {copy}")
        return source

    def board_svg(self, index: int, after: bool) -> str:
        """The board before (or after) ply `index`, the move shown as an arrow, from White's side."""
        with self._lock:
            self._check_ply(index)
            board = self.board_before(index)
            move = self.moves[index].ply.move
        if after:
            board.push(move)
        check = board.king(board.turn) if board.is_check() else None
        return chess.svg.board(
            board,
            size=320,
            lastmove=move if after else None,
            arrows=[] if after else [chess.svg.Arrow(move.from_square, move.to_square, color="#2a7ae2aa")],
            check=check,
        )


def _holds(decoded: Decoded, index: int, move: chess.Move) -> bool:
    return index < len(decoded.moves) and decoded.moves[index].ply.move == move
