"""The most probable legal game behind uncertain readings: a beam search over whole games.

Readings come from scanned cells or from noisy text tokens; each ply has one reading per copy of the game
(the white and the black player's scoresheets), or None where a copy has no cell. A hypothesis is a board
and a score. Every legal move is scored, per copy, by the best of its renderings in the locale against
that copy's reading, and never lower than the cost of a written token that is not the move played (players
do write wrong moves), so one bad cell does not derail the game. The scores of the copies add up.

Where the game ends is decided by the evidence too, not by the first empty cell: the game may end after any
ply, and every cell after its end is then scored as what follows a game (blank, a result, or ink that is no
move, such as a signature). The best of "play on" and "end here" wins, so a blank or crossed-out cell in the
middle costs its ply a penalty and decoding goes on, while the cells after the last move end the game.
Cells left after the end that look like moves (two or more) are reported: nothing legal fits them.

Every decoded move carries a confidence: the probability of the chosen move among all legal moves of its
position and "none of them", from that ply's evidence; moves below the review threshold are flagged and
list their alternatives. No illegal move is ever emitted.

A recogniser is sure of itself on writing like what it learned from, and as sure, but often wrong, on a hand
unlike any it saw. Where one copy is all there is and its cells often fit the decoded game not at all
(`MISREAD_SHARE`), its readings are tempered, every log-probability divided by how far its fit falls short,
and the moves of the decoded game weighed again: they are flagged unless the board decides them. Where one
of two or more copies is so misread, it is tempered alike and the game decoded again: where it disagrees
with the others, they decide the move (a hand read as surely as it is misread would otherwise outvote a
copy read right but less surely, and the board then confirms the wrong line).

Some plies can be fixed in advance (`decode(..., fixed=...)`: moves a person confirmed while reviewing):
every hypothesis plays the fixed move at its ply, whatever the cells say, and the rest of the game is
decoded around it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple

import chess

from ..errors import NotationError
from ..game import Game, Ply, Written
from ..keys import Key, raw_key
from ..locales import Locale, get_locale
from ..prior import MovePrior, Position
from ..text.render import renderings
from ..text.resolve import san_body
from .reading import FORGOTTEN, Blank, Reading, Tempered

# Log-probability that a copy's cell holds something other than the move played (a slip of the pen, a
# crossed-out word): the floor under every legal move's score, per copy.
WRONG_TOKEN = math.log(1e-6)
# A cell read plainly as a well-formed move that no legal move renders (`Sxc3` where only bxc3 takes on c3):
# the writer wrote another move (a slip, or a move right on the board of another line, a move before it being
# misread) or the recogniser misread a legal one. "None of the legal moves" is then at least this likely times
# that reading, so a legal move that fits the cell only through a costly misreading is flagged. Chosen on the
# HCS validation pages: 1e-3 flagged 47 more of their 1,330 decoded moves (5 verified ones, all right), 1e-4
# 11 more (1), and still flags a move that fits only with a letter misread (6 nats).
READ_AS_OTHER_MOVE = math.log(1e-4)
# A rendering "reads as well" as a copy's best text when its score is at most this much lower.
AS_WELL = 0.5
# Log-probability, per copy, of an inked cell after the game's end that is neither blank nor a result (a
# signature, a note, a struck-out move): likelier than a wrong move, so that a few such cells end the game
# rather than being read as moves, but unlikely enough that two of them cost more than one wrong move. So a
# game goes on past k cells that fit no move when at least k cells after them fit moves, and ends otherwise.
AFTER_END_INK = math.log(5e-4)
# What a cell after the last move may say instead of a move, and the PGN result each text stands for.
RESULTS = {
    "1-0": "1-0",
    "0-1": "0-1",
    "1/2-1/2": "1/2-1/2",
    "½-½": "1/2-1/2",
    "1/2": "1/2-1/2",
    "½": "1/2-1/2",
}
# Cells after the end that are no blank and no result, from which on the rest is reported as unmatched.
LEFTOVER_STOP = 2
# Moves whose confidence is below this are flagged for review.
REVIEW_BELOW = 0.99
# A single copy the decoder does not temper can be flagged more sparingly (`decode(..., clear_below=...)`):
# a move its cell reads as, as well as the recogniser's own best text, is flagged only below `clear_below`.
# Off by default: on the development data (`bench/tempering.py`) 0.9 cut the HCS validation pages' flags from
# 24.4% to 16.9% (1 unflagged move wrong either way), but on 48 sheets in writing no recogniser learned it
# left 11 of 2,437 unflagged moves wrong against 8 of 2,362.
# A copy in which at least MISREAD_SHARE of the written cells give the decoded move a log-probability below
# MISFIT is being misread: a recogniser is as sure of itself on writing unlike any it learned from, and
# wrong. Its readings are tempered by the ratio of their mean fit (each cell floored at a wrong token) to
# RELIABLE_FIT. Chosen on development sheets: MISFIT and MISREAD_SHARE on pen-stroke hands of training, where
# single sheets with 17% to 42% misfits had 45 to 81 wrong moves each and the others at most 8% misfits and 6
# wrong moves (the HCS validation pages have at most 7% but for two, 14% and 21%); RELIABLE_FIT on 16 sheets
# in the fonts and faces no recogniser learned (`fonts.UNSEEN_DEV_FONTS`, `strokes.UNSEEN_DEV_HANDS`), where
# -1.0 left 2 of 816 unflagged moves wrong against 6 of 902 at -1.5 (and 24.4% of moves flagged on the HCS
# validation pages against 23.8%).
MISFIT = math.log(1e-3)
MISREAD_SHARE = 0.1
RELIABLE_FIT = -1.0
# The beam keeps every hypothesis within BEAM_MARGIN (natural log) of the best, at most BEAM_WIDTH of them:
# narrow where the writing is clear, wide where several moves fit equally well.
BEAM_WIDTH = 32
BEAM_MARGIN = 8.0
# The second pass: its margin, in wrong tokens (a line worse than the best by less than this can still win
# once the best line meets cells it cannot explain), and how many times wider its beam is (small variations
# of the best line otherwise fill the beam and push the true line out).
RETRY_MARGIN_WRONG_TOKENS = 2.0
RETRY_WIDTH_FACTOR = 4
# The second pass is wide only from RETRY_BEFORE plies before a ply the first pass could not explain to
# RETRY_AFTER plies after it; elsewhere the narrow beam is enough, and a long game stays quick.
RETRY_BEFORE = 8
RETRY_AFTER = 2
# A move's confidence weighs it against its close alternatives, each followed by the best LOOKAHEAD plies
# that the following cells allow (a small beam of LOOKAHEAD_WIDTH): later moves often tell `f3` from a
# `Jf3` whose letter was lost.
LOOKAHEAD = 4
LOOKAHEAD_WIDTH = 6
LOOKAHEAD_ALTERNATIVES = 4
# How much the move prior counts against the cells' evidence (1: as a probability would).
PRIOR_WEIGHT = 1.0


class DecodeError(NotationError):
    """Where decoding had to stop: no legal move matches what is written, or the game was already over."""


@dataclass(frozen=True)
class Alternative:
    san: str
    confidence: float


@dataclass(frozen=True)
class DecodedMove:
    """A decoded ply with its confidence, its review flag, the next best moves and what each copy showed."""

    ply: Ply
    confidence: float
    flagged: bool
    alternatives: tuple[Alternative, ...]
    evidence: tuple[str | None, ...]


@dataclass
class Decoded:
    start_fen: str
    moves: list[DecodedMove] = field(default_factory=list)
    error: NotationError | None = None
    # The result written after the last move, where a cell or token after the game's end reads as one.
    result: str = "*"
    # Per copy, the temperature its readings were weighed at (1: as read; more: its writing is misread).
    temperatures: tuple[float, ...] = ()

    @property
    def flagged(self) -> int:
        return sum(move.flagged for move in self.moves)

    def move_fields(self) -> list[dict[str, object]]:
        """Per move, what the JSON output adds for decoded games."""
        return [
            {
                "confidence": move.confidence,
                "flagged": move.flagged,
                "alternatives": [{"san": alt.san, "confidence": alt.confidence} for alt in move.alternatives],
            }
            for move in self.moves
        ]

    def reviewed_game(self, headers: dict[str, str] | None = None, result: str | None = None) -> Game:
        """The game with a `{?}` comment on every flagged move and, where decoding stopped, why."""
        game = self.game(headers, result)
        game.plies = [
            ply._replace(comment="?") if move.flagged else ply
            for ply, move in zip(game.plies, self.moves, strict=True)
        ]
        if self.error is not None and game.plies:
            last = game.plies[-1]
            game.plies[-1] = last._replace(comment=f"{last.comment} stopped: {self.error}".strip())
        elif self.error is not None:
            game.comment = f"stopped: {self.error}"
        return game

    def game(self, headers: dict[str, str] | None = None, result: str | None = None) -> Game:
        """The decoded moves as a game (the error, if decoding stopped, included); `result` overrides the one
        read after the moves."""
        return Game(
            headers=dict(headers or {}),
            start_fen=self.start_fen,
            plies=[move.ply for move in self.moves],
            result=self.result if result is None else result,
            error=self.error,
        )


class _Option(NamedTuple):
    move: chess.Move
    piece: int
    san: str
    en_passant: bool
    texts: tuple[str, ...]


class _Hypothesis(NamedTuple):
    score: float
    board: chess.Board
    parent: _Hypothesis | None
    option: _Option | None


def _gives_check(board: chess.Board, move: chess.Move, piece: int) -> bool:
    """Whether a plain move (no castling, no e.p.) checks: the piece itself, or a line it opens."""
    turn = board.turn
    king_mask = board.kings & board.occupied_co[not turn]
    if not king_mask:
        return False
    king = king_mask.bit_length() - 1
    to_mask = chess.BB_SQUARES[move.to_square]
    occupied = (board.occupied & ~chess.BB_SQUARES[move.from_square]) | to_mask
    mover = move.promotion or piece
    if mover == chess.KNIGHT and chess.BB_KNIGHT_ATTACKS[king] & to_mask:
        return True
    if mover == chess.PAWN and chess.BB_PAWN_ATTACKS[not turn][king] & to_mask:
        return True
    diagonal = chess.BB_DIAG_ATTACKS[king][chess.BB_DIAG_MASKS[king] & occupied]
    straight = (
        chess.BB_RANK_ATTACKS[king][chess.BB_RANK_MASKS[king] & occupied]
        | chess.BB_FILE_ATTACKS[king][chess.BB_FILE_MASKS[king] & occupied]
    )
    own = (board.occupied_co[turn] & ~chess.BB_SQUARES[move.from_square]) | to_mask
    diagonal_sliders = (board.bishops | board.queens) & own & ~to_mask
    straight_sliders = (board.rooks | board.queens) & own & ~to_mask
    if mover in (chess.BISHOP, chess.QUEEN):
        diagonal_sliders |= to_mask
    if mover in (chess.ROOK, chess.QUEEN):
        straight_sliders |= to_mask
    return bool(diagonal & diagonal_sliders or straight & straight_sliders)


def _piece_types(board: chess.Board) -> dict[int, int]:
    """The piece type on each square of the side to move."""
    own = board.occupied_co[board.turn]
    return {
        square: piece
        for piece, pieces in (
            (chess.PAWN, board.pawns),
            (chess.KNIGHT, board.knights),
            (chess.BISHOP, board.bishops),
            (chess.ROOK, board.rooks),
            (chess.QUEEN, board.queens),
            (chess.KING, board.kings),
        )
        for square in chess.scan_forward(pieces & own)
    }


def _checking_squares(board: chess.Board) -> list[int] | None:
    """Per piece type, the squares from which it would check the enemy king as the board stands; item 0 is
    every square on a line through that king. A move from a square off those lines opens no line to the king
    and moves no blocker of a line from it, so it checks exactly when it lands on its piece's square here.
    None when the enemy has no king."""
    king_mask = board.kings & board.occupied_co[not board.turn]
    if not king_mask:
        return None
    king = king_mask.bit_length() - 1
    occupied = board.occupied
    diagonal = chess.BB_DIAG_ATTACKS[king][chess.BB_DIAG_MASKS[king] & occupied]
    straight = (
        chess.BB_RANK_ATTACKS[king][chess.BB_RANK_MASKS[king] & occupied]
        | chess.BB_FILE_ATTACKS[king][chess.BB_FILE_MASKS[king] & occupied]
    )
    lines = chess.BB_DIAG_ATTACKS[king][0] | chess.BB_RANK_ATTACKS[king][0] | chess.BB_FILE_ATTACKS[king][0]
    return [
        lines,
        chess.BB_PAWN_ATTACKS[not board.turn][king],
        chess.BB_KNIGHT_ATTACKS[king],
        diagonal,
        straight,
        diagonal | straight,
        0,
    ]


class _Scorer:
    """Legal moves with their renderings per position, and their evidence scores per ply, all cached."""

    def __init__(
        self,
        locale: Locale,
        wrong: float,
        fixed: Mapping[int, chess.Move] | None = None,
        prior: MovePrior | None = None,
        prior_weight: float = 0.0,
    ) -> None:
        self.locale = locale
        self.wrong = wrong
        self.fixed: Mapping[int, chess.Move] = fixed or {}
        self.prior = prior if prior_weight else None
        self.prior_weight = prior_weight
        self._options: dict[Key, list[_Option]] = {}
        # The options made so far, by what they depend on: most recur in many positions of one game.
        self._made: dict[int | tuple[int, int], _Option] = {}
        self._scores: dict[tuple[int, tuple[str, ...]], float] = {}
        self._priors: dict[tuple[Key, int | None], list[float]] = {}

    def for_other_readings(self) -> _Scorer:
        """A scorer that shares this one's moves, renderings and priors, for scoring other readings of the
        cells."""
        other = _Scorer(self.locale, self.wrong, self.fixed, self.prior, self.prior_weight)
        other._options, other._made, other._priors = self._options, self._made, self._priors
        return other

    def priors(self, board: chess.Board, last: _Option | None) -> list[float]:
        """Per option of `board` (in the order of `options`), what the move prior adds to its score after
        the move `last`: the prior's weight times log(n·p); all 0 without a prior."""
        options = self.options(board)
        if self.prior is None:
            return [0.0] * len(options)
        last_to = last.move.to_square if last is not None else None
        key = (raw_key(board), last_to)
        found = self._priors.get(key)
        if found is None:
            logs = self.prior.centred_logs(
                Position(board, last_to),
                [(option.move, option.piece, option.san.endswith("+")) for option in options],
            )
            found = self._priors[key] = [self.prior_weight * value for value in logs]
        return found

    def options(self, board: chess.Board) -> list[_Option]:
        key = raw_key(board)
        found = self._options.get(key)
        if found is None:
            found = self._options[key] = self._build(board)
        return found

    def _build(self, board: chess.Board) -> list[_Option]:
        """The legal moves with their SAN ("+" for every check; mate is told apart on the final path)."""
        legal = list(board.generate_legal_moves())
        kinds = _piece_types(board)
        reaching: dict[tuple[int, int], int] = {}
        for move in legal:
            target = (kinds[move.from_square], move.to_square)
            reaching[target] = reaching.get(target, 0) | chess.BB_SQUARES[move.from_square]
        found = []
        theirs = board.occupied_co[not board.turn]
        checks = _checking_squares(board)
        made = self._made
        for move in legal:
            piece = kinds[move.from_square]
            if piece == chess.KING and board.castling_rights and board.is_castling(move):
                found.append(self._option(move, piece, board.san(move), False))
                continue
            en_passant = (
                piece == chess.PAWN and move.to_square == board.ep_square and board.is_en_passant(move)
            )
            capture = en_passant or bool(theirs & chess.BB_SQUARES[move.to_square])
            rivals = (
                0
                if piece == chess.PAWN
                else reaching[(piece, move.to_square)] & ~chess.BB_SQUARES[move.from_square]
            )
            if en_passant:
                gives = board.gives_check(move)
            elif checks is None or checks[0] & chess.BB_SQUARES[move.from_square]:
                gives = _gives_check(board, move, piece)
            else:
                gives = bool(checks[move.promotion or piece] & chess.BB_SQUARES[move.to_square])
            # Everything the option depends on, as one number (and the rivals where a letter tells them apart).
            code = (
                move.from_square
                | move.to_square << 6
                | (move.promotion or 0) << 12
                | piece << 15
                | capture << 18
                | gives << 19
                | en_passant << 20
            )
            key = (code, rivals) if rivals else code
            option = made.get(key)
            if option is None:
                san = san_body(board, move, piece, rivals, capture) + ("+" if gives else "")
                option = made[key] = self._option(move, piece, san, en_passant)
            found.append(option)
        return found

    def _option(self, move: chess.Move, piece: int, san: str, en_passant: bool) -> _Option:
        texts = renderings(san, move, self.locale, en_passant=en_passant)
        if san.endswith("+"):
            texts += tuple(text[:-1] + "#" for text in texts if text.endswith("+"))
        return _Option(move, piece, san, en_passant, texts)

    def local(self, ply: int, readings: Sequence[Reading | None], option: _Option) -> float:
        """The evidence for `option` at `ply`: per copy the best rendering's score, floored at a wrong token."""
        found = self._scores.get((ply, option.texts))
        return found if found is not None else self.local_many(ply, readings, [option])[0]

    def none_fits(self, readings: Sequence[Reading | None], options: Sequence[_Option]) -> float:
        """The evidence for "none of the legal `options`", per written copy: a wrong token, or, where the
        copy's best reading is a well-formed move that no option's rendering reads as well as, that reading's
        score times READ_AS_OTHER_MOVE."""
        texts = [text for option in options for text in option.texts]
        total = 0.0
        for reading in readings:
            if reading is None or isinstance(reading, Blank):
                continue
            best = reading.best()
            floor = self.wrong
            if self.locale.move_shape.match(self.locale.fold_script(best)):
                plain, *legal = reading.score_many([best, *texts])
                if max(legal, default=self.wrong) < plain - AS_WELL:
                    floor = max(floor, READ_AS_OTHER_MOVE + plain)
            total += floor
        return total

    def local_many(
        self, ply: int, readings: Sequence[Reading | None], options: Sequence[_Option]
    ) -> list[float]:
        """`local` for many options; those not yet scored at `ply` are scored together, one call per copy."""
        # Keyed by the renderings, not the SAN: the same SAN is another move on another line's board (Nd2 from
        # b1 or from f3 in the long form, gxf6 taking a piece or en passant).
        missing = list(
            dict.fromkeys(option.texts for option in options if (ply, option.texts) not in self._scores)
        )
        if missing:
            texts = [text for group in missing for text in group]
            totals = dict.fromkeys(missing, 0.0)
            for reading in readings:
                if reading is None:
                    continue
                scores = reading.score_many(texts)
                start = 0
                for group in missing:
                    totals[group] += max(max(scores[start : start + len(group)]), self.wrong)
                    start += len(group)
            self._scores.update(((ply, group), total) for group, total in totals.items())
        return [self._scores[(ply, option.texts)] for option in options]


def _confidences(scores: list[float], floor: float) -> list[float]:
    """Each move's probability among all legal moves and "none of them" (the wrong-token floor)."""
    top = max([*scores, floor])
    weights = [math.exp(score - top) for score in scores]
    total = sum(weights) + math.exp(floor - top)
    return [weight / total for weight in weights]


def decode(
    evidence: Sequence[Sequence[Reading | None]],
    locale: str | Locale,
    *,
    start_fen: str = chess.STARTING_FEN,
    beam_width: int = BEAM_WIDTH,
    beam_margin: float = BEAM_MARGIN,
    wrong: float = WRONG_TOKEN,
    review_below: float = REVIEW_BELOW,
    clear_below: float | None = None,
    fixed: Mapping[int, chess.Move] | None = None,
    prior: MovePrior | None = None,
    prior_weight: float | None = None,
) -> Decoded:
    """The most probable legal game for `evidence` (per ply, one reading or None per copy).

    With a move `prior`, each move's score gains `prior_weight` (default `PRIOR_WEIGHT`) times the log of how
    much likelier than average the prior finds it: where the cells cannot tell legal moves apart, the move a
    player would make wins, and the confidence says how far the cells alone decided it.

    `fixed` maps plies, counted from 0 as in `evidence`, to the moves they must be (a reviewer's
    confirmations): those plies come out with confidence 1, unflagged and without alternatives. Where a fixed
    move is illegal in every position the beam holds, decoding stops there and says so.

    A first pass keeps the beam narrow (`beam_margin`). Two misreadings close together can push the true
    line out of it, and the best remaining line then pays for unmatched cells further on; in that case the
    game is decoded again with a beam wide enough to keep any line better than one more unmatched cell
    around those cells (narrow elsewhere), and the better of the two results stands.

    Where a single copy is being misread (`MISREAD_SHARE`), the moves are weighed again with its readings
    tempered: the same game, more honest confidences. Where it is not and `clear_below` is given, a move its
    cell reads as is flagged only below `clear_below`.
    """
    weight = PRIOR_WEIGHT if prior_weight is None else prior_weight
    scorer = _Scorer(get_locale(locale), wrong, fixed, prior, weight)
    decoded, path = _decode(evidence, scorer, start_fen, beam_width, beam_margin)
    copies = max((len(readings) for readings in evidence), default=0)
    # A single copy's cells were scored so by the search already; each of several copies is scored alone.
    temperatures = tuple(
        _temperature(
            _fits(path, evidence, copy, scorer if copies == 1 else scorer.for_other_readings()), wrong
        )
        for copy in range(copies)
    )
    if max(temperatures, default=1.0) > 1.0:
        tempered = _tempered(evidence, temperatures)
        weighing = scorer.for_other_readings()
        if copies > 1:
            # A misread copy among others counts less, so where it disagrees the other copies decide the game,
            # not only the weighing. (One copy keeps its game: decoding again would let the move prior, now
            # stronger than the tempered cells, pick moves nothing written supports.)
            decoded, path = _decode(tempered, weighing, start_fen, beam_width, beam_margin)
        _explain(decoded, path, tempered[: len(path)], weighing, review_below, beam_margin)
        decoded.temperatures = temperatures
        return decoded
    _explain(decoded, path, evidence[: len(path)], scorer, review_below, beam_margin)
    decoded.temperatures = temperatures
    if clear_below is not None and copies == 1:
        decoded.moves = [
            replace(
                move,
                flagged=move.flagged
                and (move.confidence < clear_below or not _read_as(readings, hypothesis)),
            )
            for move, readings, hypothesis in zip(decoded.moves, evidence, path, strict=False)
        ]
    return decoded


def _fits(
    path: list[_Hypothesis], evidence: Sequence[Sequence[Reading | None]], copy: int, scorer: _Scorer
) -> list[float | None]:
    """How each written cell of one copy fits the decoded move, as `scorer` scores it alone (None where the copy
    shows no ink)."""
    return [
        None
        if copy >= len(readings) or isinstance(readings[copy], Blank | None)
        else scorer.local(index, [readings[copy]], hypothesis.option)
        for index, (hypothesis, readings) in enumerate(zip(path, evidence, strict=False))
        if hypothesis.option is not None
    ]


def _tempered(
    evidence: Sequence[Sequence[Reading | None]], temperatures: Sequence[float]
) -> list[list[Reading | None]]:
    """The evidence with every written cell of a copy read at that copy's temperature."""
    return [
        [
            reading
            if reading is None or isinstance(reading, Blank) or temperature == 1.0
            else Tempered(reading, temperature)
            for reading, temperature in zip(readings, temperatures, strict=False)
        ]
        for readings in evidence
    ]


def _read_as(readings: Sequence[Reading | None], hypothesis: _Hypothesis) -> bool:
    """Whether every copy that shows something reads the hypothesis's move as well as its own best text (the
    recogniser read that move, rather than the board overruling what it read)."""
    assert hypothesis.option is not None
    texts = hypothesis.option.texts
    written = [reading for reading in readings if reading is not None and not isinstance(reading, Blank)]
    return bool(written) and all(
        max(reading.score_many(texts)) >= reading.score(reading.best()) - AS_WELL for reading in written
    )


def _temperature(fits: list[float | None], wrong: float) -> float:
    """How much to temper a copy's readings: 1 (not at all) unless at least `MISREAD_SHARE` of its written
    cells fit the decoded move below `MISFIT`; then the ratio of its mean fit (each cell floored at a wrong
    token, as the search scores it) to `RELIABLE_FIT`, at least 1."""
    written = [max(fit, wrong) for fit in fits if fit is not None]
    if not written or sum(fit < MISFIT for fit in written) < MISREAD_SHARE * len(written):
        return 1.0
    return max(1.0, sum(written) / len(written) / RELIABLE_FIT)


def _decode(
    evidence: Sequence[Sequence[Reading | None]],
    scorer: _Scorer,
    start_fen: str,
    beam_width: int,
    beam_margin: float,
) -> tuple[Decoded, list[_Hypothesis]]:
    """The most probable legal game for `evidence`, the readings taken as they are, as its path, and the
    decoding with its result and error but no moves yet (`_explain` weighs them, from these readings or
    from tempered ones)."""
    start = chess.Board(start_fen)
    after_end = [_after_end(readings) for readings in evidence]
    tail = [sum(score for score, _ in after_end[index:]) for index in range(len(evidence) + 1)]
    narrow = (beam_width, beam_margin)
    best = _search(evidence, start, scorer, lambda _: narrow, tail)
    retry = (RETRY_WIDTH_FACTOR * beam_width, RETRY_MARGIN_WRONG_TOKENS * -scorer.wrong)
    trouble = _trouble(best.path, evidence, scorer)
    if retry[1] > beam_margin and trouble:
        wide = _search(evidence, start, scorer, lambda index: retry if index in trouble else narrow, tail)
        if wide.total > best.total:
            best = wide
    decoded = Decoded(start.fen())
    end = len(best.path)
    board = start.copy()
    for hypothesis in best.path:
        assert hypothesis.option is not None
        board.push(hypothesis.option.move)
    leftover = [index for index in range(end, len(evidence)) if after_end[index][1] is None]
    results = [after_end[index][1] for index in range(end, len(evidence)) if after_end[index][1]]
    decoded.result = RESULTS.get(results[0] or "", "*") if results else "*"
    if best.over_at == end and end in scorer.fixed and not board.is_game_over():
        decoded.error = DecodeError(
            f"{_name(board)}: the confirmed move {scorer.fixed[end].uci()} is not legal here; "
            f"position: {board.fen()}"
        )
    elif best.over_at == end and leftover:
        decoded.error = DecodeError(
            f"the game is over after {_name(board, before=False)} but more moves are written: "
            f"{_shown(evidence[leftover[0]])}"
        )
    elif len(leftover) >= LEFTOVER_STOP:
        more = f"; nothing legal fits the {len(leftover) - 1} more written after it" if leftover[1:] else ""
        decoded.error = DecodeError(
            f"{_name(board)}: no legal move matches what is written: {_shown(evidence[leftover[0]])}"
            f"{more}; position: {board.fen()}"
        )
    return decoded, best.path


def _after_end(readings: Sequence[Reading | None]) -> tuple[float, str | None]:
    """What the cells of one ply score if the game is already over (blank, a result, or other ink, per copy),
    and what they say: "" for blank, a result's text, or None for ink that is neither."""
    total = 0.0
    said: str | None = ""
    texts = ["", *RESULTS]
    for reading in readings:
        if reading is None:
            continue
        scores = reading.score_many(texts)
        top = max(range(len(texts)), key=lambda index: scores[index])
        if scores[top] > AFTER_END_INK:
            total += scores[top]
            if texts[top] and not said:
                said = texts[top]
        else:
            total += AFTER_END_INK
            said = None if said == "" else said
    return total, said


class _Best(NamedTuple):
    """The best game found: its moves, its score with the cells after its end, and the ply at which every
    hypothesis was over (mate, stalemate, or a confirmed move nothing can play), if the search got there."""

    path: list[_Hypothesis]
    total: float
    over_at: int | None


def _search(
    evidence: Sequence[Sequence[Reading | None]],
    start: chess.Board,
    scorer: _Scorer,
    widths: Callable[[int], tuple[int, float]],
    tail: Sequence[float],
) -> _Best:
    """The beam search with the game allowed to end after any ply: the best hypothesis of each length, plus
    `tail` (the score of the cells after that length as cells after the end), and the best of those. Every
    score only falls as plies are added, so the search stops as soon as no longer game can win. `widths`
    gives the beam's width and margin at each ply."""
    root = _Hypothesis(0.0, start, None, None)
    beam = [root]
    # The game goes on at least to the last move a person confirmed.
    confirmed = max(scorer.fixed, default=-1) + 1
    best_total, best_node = (tail[0], root) if confirmed == 0 else (-math.inf, root)
    over_at: int | None = None
    for index, readings in enumerate(evidence):
        if beam[0].score < best_total:
            break
        next_beam = _step(beam, index, readings, scorer, *widths(index))
        if not next_beam:
            over_at = index
            break
        beam = next_beam
        if index + 1 >= confirmed and beam[0].score + tail[index + 1] >= best_total:
            best_total, best_node = beam[0].score + tail[index + 1], beam[0]
    if best_total == -math.inf:  # a confirmed move nothing can play: the game as far as it got
        best_node = beam[0]
    path: list[_Hypothesis] = []
    node: _Hypothesis | None = best_node
    while node is not None and node.option is not None:
        path.append(node)
        node = node.parent
    path.reverse()
    return _Best(path, best_total, over_at)


def _written(readings: Sequence[Reading | None]) -> int:
    """How many copies show something at a ply (not a missing cell, not a blank one)."""
    return sum(reading is not None and not isinstance(reading, Blank) for reading in readings)


def _unmatched(index: int, readings: Sequence[Reading | None], option: _Option, scorer: _Scorer) -> bool:
    """Whether no copy's reading at `index` matches `option` better than a wrong token would (a fixed ply
    is never unmatched: the person who fixed it read the cell)."""
    if index in scorer.fixed:
        return False
    copies = _written(readings)
    return copies > 0 and scorer.local(index, readings, option) <= copies * scorer.wrong + 1e-9


def _trouble(
    path: list[_Hypothesis], evidence: Sequence[Sequence[Reading | None]], scorer: _Scorer
) -> frozenset[int]:
    """The plies where a wider beam may find a better line: from RETRY_BEFORE plies before a ply that the
    path explains only as a wrong token to RETRY_AFTER plies after it. The misreadings that push the true
    line out of a narrow beam come shortly before the cell that the surviving line then cannot explain."""
    marks = [
        index
        for index, hypothesis in enumerate(path)
        if hypothesis.option is not None and _unmatched(index, evidence[index], hypothesis.option, scorer)
    ]
    return frozenset(
        index for mark in marks for index in range(max(0, mark - RETRY_BEFORE), mark + RETRY_AFTER + 1)
    )


def _step(
    beam: list[_Hypothesis],
    index: int,
    readings: Sequence[Reading | None],
    scorer: _Scorer,
    width: int,
    margin: float,
) -> list[_Hypothesis]:
    """One ply of the beam: every legal move of every hypothesis, scored; the best distinct positions kept."""
    candidates = [(hypothesis, option) for hypothesis in beam for option in scorer.options(hypothesis.board)]
    fixed = scorer.fixed.get(index)
    if fixed is not None:  # a person read the cell: the move costs nothing, whatever the reading said
        candidates = [(hypothesis, option) for hypothesis, option in candidates if option.move == fixed]
        scores = [0.0] * len(candidates)
    else:
        priors = [
            value for hypothesis in beam for value in scorer.priors(hypothesis.board, hypothesis.option)
        ]
        evidence = scorer.local_many(index, readings, [option for _, option in candidates])
        scores = [score + prior for score, prior in zip(evidence, priors, strict=True)]
    expansions = [
        (hypothesis.score + score, hypothesis, option)
        for (hypothesis, option), score in zip(candidates, scores, strict=True)
    ]
    expansions.sort(key=lambda expansion: -expansion[0])
    cutoff = expansions[0][0] - margin if expansions else 0.0
    kept: list[_Hypothesis] = []
    seen: set[Key] = set()
    for score, hypothesis, option in expansions:
        if score < cutoff:
            break
        board = hypothesis.board.copy(stack=False)
        board.push(option.move)
        key = raw_key(board)
        if key in seen:
            continue
        seen.add(key)
        kept.append(_Hypothesis(score, board, hypothesis, option))
        if len(kept) == width:
            break
    return kept


def _lookahead(
    board: chess.Board,
    last: _Option,
    start: int,
    evidence: Sequence[Sequence[Reading | None]],
    scorer: _Scorer,
    margin: float,
) -> float:
    """The best score of the next LOOKAHEAD plies' evidence from `board`, reached by `last` (a game already
    over scores as a wrong token per remaining ply and copy)."""
    beam = [_Hypothesis(0.0, board, None, last)]
    best = 0.0
    for index in range(start, min(start + LOOKAHEAD, len(evidence))):
        beam = _step(beam, index, evidence[index], scorer, LOOKAHEAD_WIDTH, margin)
        if not beam:
            return best + sum(
                scorer.wrong for later in evidence[index : start + LOOKAHEAD] for reading in later if reading
            )
        best = beam[0].score
    return best


def _name(board: chess.Board, *, before: bool = True) -> str:
    """ "move 12 (white)" for the move about to be made (or, with before=False, the one just made)."""
    if before:
        return f"move {board.fullmove_number} ({'white' if board.turn else 'black'})"
    white_moved = board.turn == chess.BLACK
    number = board.fullmove_number if white_moved else board.fullmove_number - 1
    return f"move {number} ({'white' if white_moved else 'black'})"


def _shown(readings: Sequence[Reading | None]) -> str:
    return " / ".join(repr(reading.best()) for reading in readings if reading is not None) or "nothing"


def _explain(
    decoded: Decoded,
    path: list[_Hypothesis],
    evidence: Sequence[Sequence[Reading | None]],
    scorer: _Scorer,
    review_below: float,
    margin: float,
) -> None:
    """Turn the best path into decoded moves with confidences and review flags."""
    board = chess.Board(decoded.start_fen)
    for index, hypothesis in enumerate(path):
        option = hypothesis.option
        assert option is not None
        readings = evidence[index]
        shown = tuple(reading.best() if reading is not None else None for reading in readings)
        if index in scorer.fixed:  # confirmed: nothing to weigh
            decoded.moves.append(DecodedMove(_ply(board, index, option, shown), 1.0, False, (), shown))
            board.push(option.move)
            continue
        copies = _written(readings)
        blanks = sum(isinstance(reading, Blank) for reading in readings)
        options = scorer.options(board)
        last = path[index - 1].option if index else None
        read = scorer.local_many(index, readings, options)
        priors = scorer.priors(board, last)
        local = {other.move: score + prior for other, score, prior in zip(options, read, priors, strict=True)}
        # The closest alternatives are followed a few plies ahead; the rest are too unlikely to matter.
        totals: dict[chess.Move, float] = {}
        close = sorted(
            (
                other
                for other in options
                if other.move != option.move and local[other.move] >= local[option.move] - margin
            ),
            key=lambda other: -local[other.move],
        )[:LOOKAHEAD_ALTERNATIVES]
        # Without close alternatives every score would gain the same lookahead: it cancels, so skip it.
        for other in [option, *close] if close else []:
            after = board.copy(stack=False)
            after.push(other.move)
            totals[other.move] = local[other.move] + _lookahead(
                after, other, index + 1, evidence, scorer, margin
            )
        ahead = totals[option.move] - local[option.move] if close else 0.0
        scores = [totals.get(other.move, local[other.move] + ahead) for other in options]
        confidences = _confidences(scores, scorer.none_fits(readings, options) + blanks * FORGOTTEN + ahead)
        ranked = sorted(zip(options, confidences, strict=True), key=lambda pair: -pair[1])
        chosen = next(confidence for other, confidence in ranked if other.move == option.move)
        alternatives = tuple(
            Alternative(other.san, round(confidence, 4))
            for other, confidence in ranked
            if other.move != option.move
        )[:3]
        # A move nobody wrote down (missing from every copy) is always the reader's to confirm.
        flagged = chosen < review_below or copies == 0
        decoded.moves.append(
            DecodedMove(_ply(board, index, option, shown), round(chosen, 4), flagged, alternatives, shown)
        )
        board.push(option.move)


def _ply(board: chess.Board, index: int, option: _Option, shown: tuple[str | None, ...]) -> Ply:
    """The ply `option` makes at `index` from `board`, written as the first copy that shows anything."""
    written = Written(next((text for text in shown if text), ""), 0, 0, None)
    return Ply(
        index + 1,
        board.fullmove_number,
        board.turn,
        option.move,
        board.san(option.move),
        written,
        option.en_passant,
    )
