"""Noisy notation (OCR'd text, a carelessly typed file) through the character-level decoder.

The strict reader refuses `Kbl` or `S%e5`; here the text is cut into games (results, a move number 1 after
higher ones, headings as the strict reader knows them), and each game's text goes to the character-level
decoder (`chars.py`), which finds the most probable legal game with a confidence, a review flag and
alternatives on every move. The cutting is deliberately forgiving: move numbers may be glued to moves or
misread, marks may stand apart from their move, prose words stay in the text for the decoder to skip.
A scanned page's text layer still goes through the token path (`tokens`): one token per cell.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import NamedTuple

import chess

from ..errors import LostFirstMovesError, quoted
from ..game import Game
from ..locales import PIECE_ORDER, Locale, get_locale
from ..openings import opening_of
from ..text.chunks import Chunk, read_headers, split_games
from ..text.headings import dates_the_page, read_heading
from ..text.pages import copy_skipped, repeated_lines
from ..text.reader import (
    AMBIGUOUS_READ,
    FORFEITS,
    LIKELIEST,
    OMITTED_READ,
    PROSE_WORD,
    RESULTS,
    SLIP_READ,
    compact_result,
    cut_inside_a_move,
    figurines_replaced,
    game_in_the_comment,
    headed,
    moves_numbered_from,
    read_chunks,
    read_otherwise,
    with_figurines,
    words_skipped,
)
from ..text.resolve import LETTER_REPAIRED
from ..text.spoken import spoken_moves
from ..text.told import told_result, told_result_end
from .beam import Decoded, DecodedMove
from .chars import LINE_BREAK, Glyphs, decode_text, variation_never_closed
from .glyphs import (
    DROPPED,
    DROPPED_TOLD,
    LEAST_SEEN,
    REPLACED,
    REPLACED_TOLD,
    any_piece,
    figurines_dropped,
    flag_undecided,
    glyph_runs,
    glyphs_told,
    learned_glyphs,
    written_with,
)
from .side_lines import side_lines_out

# How many times the strict reader's trials take each run of a figurine font's characters.
_GLYPH_PASSES = 2
# How many times a chunk is decoded to learn a figurine font's runs of characters at most.
_GLYPH_ROUNDS = 3
# How many sets of runs read as pieces the strict reader's trials keep.
_GLYPH_BEAM = 4
# Only braced comments: in noisy text a stray ";" is more likely a misread character than a PGN comment.
_COMMENT = re.compile(r"\{[^}]*\}")
# A move number, with its dots or glued straight to a piece letter ("12.Jf3", "12Jf3"); leading dots.
# `dots` of three or more (or an ellipsis) after a number mean Black's move follows.
_NUMBER = re.compile(r"^(?:(?P<number>[0-9]+)(?:\s*(?P<dots>\.+|…)|(?=[^\W\d_a-z]))|\.+|…)")
# Move 1 in a line (where a heading before it ends), and a line that starts with it.
_MOVE_ONE = re.compile(r"(?<!\S)1\s*\.(?![0-9])")
_STARTS_MOVE_ONE = re.compile(r"\s*1\s*\.(?![0-9])")
# How many words a heading's line holds at most.
_HEADING_WORDS = 6
# A move after a move 1 in a heading's line: without one, the "1." is the heading's ("1. kolo", a typo in it).
_HOLDS_MOVE = re.compile(r"[a-h][.,'`´]?[1-8]|[0O]-[0O]")
# What a line that holds a move has, noisy as it may be: a square (a speck may part its letters: `I. d.4`),
# castling or a move number.
_MAY_HOLD_MOVES = re.compile(_HOLDS_MOVE.pattern + r"|[0-9][ \t]*[.)…]")
# ... as noise leaves it: the 1 read or typed as l, I, | or + (`1le4`, `+. e4`), its dot lost or another mark,
# a move right after it.
_STARTS_MOVE_ONE_GARBLED = re.compile(r"\s*[1lI|+][\s.,:;)l]*[^\W\d_]{0,2}[a-h][1-8]")
# ... or lost past reading ("1ô e2-e4 c7-c6", "1' e4 c6", "1)2e-e4", "2. d4 Jff6", move 1 dropped): a line that
# starts with two moves, each with a square, after at most a short token.
_MOVES_LINE = re.compile(r"\s*(?:\S{1,3}\s+)?(?:\S{0,6}[a-h][1-8]\S{0,6}\s+){2}")
# A brace that nothing closes starts a comment, unless a rank or a capture mark follows it: then it is OCR's
# reading of a file letter (`7. c2—c3 {7-16` for f7-f6, `9.e2-€3 {715` for f7-f5).
_UNCLOSED_COMMENT = re.compile(r"\{(?![1-8x×:])[^}]*$")
# A footnote's line: its superscript number, then its words.
_FOOTNOTE = re.compile(r"\s*[¹²³⁴⁵⁶⁷⁸⁹⁰]+\s+[^\W\d_]")
_MARK = re.compile(r"^(?:[+#!?]+|e\.?p\.?)$")
_DRAW_OFFER = re.compile(r"^\(?=\)?$")
# Moves of noisy text below this confidence are flagged: the lowest threshold at which unflagged moves were
# wrong at most 0.05% of the time on development games (`bench/scan.py --only dev`, 3% noise), rounded up.
TEXT_REVIEW_BELOW = 0.98
# A chunk of text in which the strict reader finds no game is prose where decoding finds fewer plies.
_FEWEST_PLIES = 3
# ... and so is one that decodes to no more plies than this, every one of them flagged, or its words naming both
# players.
_HEADING_PLIES = 8
_MOVE_TOKEN = re.compile(r"[0-9]|[O0o]-[O0o]")
_PROSE = re.compile(r"^(?:[^\W\d_]{3,}[.:]|[^\W\d_]{5,})$")


@dataclass
class LenientGame:
    """A game decoded from noisy text: the decoding and the game it gives (with headers and result)."""

    decoded: Decoded
    game: Game
    # The game's first plies, supplied where its first line was lost (from the named openings), not read.
    supplied: int = 0


class TokenGame(NamedTuple):
    """One game's move tokens (None where a move is missing), the indexes of moves followed by a draw
    offer, and the result."""

    moves: list[str | None]
    offers: set[int]
    result: str


def _result(token: str) -> str | None:
    """The result (PGN form) a token writes, with colons or dashes (`1:0`, `½–½`, `+/-`), or None."""
    compact = compact_result(token)
    return RESULTS.get(compact, FORFEITS.get(compact))


class _Split(NamedTuple):
    """A game of the text as tokens and as text (its words as written, numbers included, without its
    heading and result), with the line where its text starts, the tags of its heading and the forfeit mark
    its result was written as, if any; and specks after its result that hold no game (`0-1 ee`)."""

    line: int
    tags: dict[str, str]
    tokens: TokenGame
    forfeit: str
    text: str
    skipped: str = ""
    # The first and last line of each copy of the lines before it, skipped.
    repeated: tuple[tuple[int, int], ...] = ()


# How far below the game's highest move number one must stand for the splitter to take it for another game's
# (where the number after it goes on from it).
_FAR_BELOW = 10
# How far past the last move number the splitter read the next may stand and still go on with the game: numbers
# spaced from their dots ("47 .") are not read as numbers, so several may pass unread.
_NUMBERS_UNTRACKED = 10


class _Splitter:
    """Cuts noisy movetext into games, token by token: a result ends a game, and so does a move number 1
    after higher ones when 2 follows it (games printed one after another)."""

    def __init__(self) -> None:
        self.games: list[_Split] = []
        self._new()

    def _new(self) -> None:
        self.game = TokenGame([], set(), "*")
        self.words: list[str] = []
        self.word_line = 0  # the line of the last word
        self.last_number: tuple[int, int] | None = None  # (move number, index of its white move)
        self.highest = 0  # the highest move number read in the game (`4S` for 45 read as 4 goes below it)
        self.line = 0
        self.tags: dict[str, str] = {}
        # A move number 1 after higher ones starts a game only when the next number is 2 (else it is a misread
        # `31.`), and so does one far below them (the end of a game begun on an earlier page, printed beside
        # or after this one: `(završetak) 17.Lf4 Lxf4 18.Sxf4`) when the number after it goes on from it:
        # until then, where the game would end (moves, words), the line and the number.
        self.pending: tuple[int, int, int, int] | None = None
        # The highest number of the game before this one where a number far below it started this one: where
        # the numbers come back above it, this one was a line cited in that game's notes, and goes on with it.
        self.cut_from = 0
        self.recent: tuple[int, ...] = ()  # the last two move numbers read
        # A result inside a game's moves (`16. Se5 * Sxe5 17. Lxe5`: a speck read as `*`) ends the game only
        # where the next move number does not go on with it: until that number, the result as written, what
        # it reads as, and the tokens after it (with their lines).
        self.held: tuple[str, str, list[tuple[str, int]]] | None = None
        # The line where a note in round brackets that begins with a word opened, until a bracket closes it:
        # a move 1 inside it on that line is a line the note cites ("4.Jc3 (Toto postavenie … ťahmi 1.e4 e5
        # 2.Jc3 …)"), no game.
        self.note_line: int | None = None
        self.repeated: list[tuple[int, int]] = []

    def empty(self) -> bool:
        """Whether nothing of the current game has been read, or it may have ended: where a heading may
        stand."""
        return self.held is not None or (not self.game.moves and self.last_number is None)

    def end(self, result: str, forfeit: str = "") -> None:
        game = self.game._replace(result=result)
        self.games.append(
            _Split(self.line, self.tags, game, forfeit, " ".join(self.words), repeated=tuple(self.repeated))
        )
        self._new()

    def repeat(self, first: int, last: int) -> None:
        """Lines that copy the lines before them, skipped: told with the game those lines belong to."""
        if self.empty() and self.held is None and self.games:
            self.games[-1] = self.games[-1]._replace(repeated=(*self.games[-1].repeated, (first, last)))
        else:
            self.repeated.append((first, last))

    def heading(self, tags: dict[str, str], line: int) -> None:
        """The heading of the next game: the game being read, if any, ends here."""
        if self.held is not None:
            self._settle(False)
        if not self.empty():
            self.end("*")
        self.tags = {**tags, **self.tags}  # the first line that gives a tag gives it
        self.line = self.line or line

    def _split_pending(self) -> None:
        """The number after a pending one goes on from it: the game ended before that number, and the next
        began there."""
        assert self.pending is not None
        moves_at, words_at, line, value = self.pending
        moves, words, offers = self.game.moves, self.words, self.game.offers
        highest = self.highest
        self.game = TokenGame(moves[:moves_at], {index for index in offers if index < moves_at}, "*")
        self.words = words[:words_at]
        self.end("*")
        self.game = TokenGame(
            moves[moves_at:], {index - moves_at for index in offers if index >= moves_at}, "*"
        )
        self.words = words[words_at:]
        self.line, self.last_number, self.highest = line, (value, 0), value
        self.cut_from = highest if value > 1 else 0

    def _cut_undone(self) -> None:
        """The game cut from the one before by a number far below its own was a line cited in its notes: the
        two are one game again."""
        before = self.games.pop()
        moves, offers = before.tokens.moves, before.tokens.offers
        self.game = TokenGame(
            [*moves, *self.game.moves], offers | {index + len(moves) for index in self.game.offers}, "*"
        )
        self.words = [*before.text.split(" "), *self.words] if before.text else self.words
        self.line, self.tags, self.repeated = before.line, before.tags, [*before.repeated, *self.repeated]
        self.cut_from = 0

    def _settle(self, goes_on: bool) -> None:
        """The held result is a speck in the game's text where the game goes on after it, else its end;
        the tokens after it are read again."""
        assert self.held is not None
        raw, result, after = self.held
        self.held = None
        if goes_on:
            self.words.append(raw)
        else:
            compact = compact_result(raw)
            self.end(result, compact if compact in FORFEITS else "")
        for token, line in after:
            self.feed(token, line)

    def feed(self, raw: str, line: int = 0) -> None:
        number = _NUMBER.match(raw)
        if self.held is not None:
            # A number, with its dots or bare as a text without them writes it ("12 bxe3 Jbd7 -/+ 13 Sd3").
            value = (
                int(number["number"]) if number and number["number"] else int(raw) if raw.isdecimal() else 0
            )
            if not value:
                self.held[2].append((raw, line))
                return
            last = self.last_number
            # A result written out (not a speck's `*`, nor an evaluation's `-/+`) and a number past the next
            # one: the end of another game beside this one (a page read across), no speck.
            held = self.held[0]
            reach = 1 if held.strip("*") and compact_result(held) not in FORFEITS else _NUMBERS_UNTRACKED
            self._settle(
                value > 1
                if last is None
                else any(before < value <= before + reach for before in (last[0], self.highest))
            )
        token = raw[number.end() :] if number else raw
        if ")" in raw:
            self.note_line = None
        if raw.count("(") > raw.count(")") and raw.lstrip("(")[:1].isalpha():
            self.note_line = line
        if number and number["number"]:
            value = int(number["number"])
            black = number["dots"] is not None and (number["dots"] == "…" or len(number["dots"]) >= 3)
            if self.pending is not None and not (black and value == self.pending[3]):
                if value == self.pending[3] + 1 and not black:
                    self._split_pending()
                self.pending = None
            if self.cut_from and self.cut_from <= value <= self.cut_from + 1:
                self._cut_undone()
            last = self.last_number
            if (
                not black
                and self.game.moves
                and last is not None
                and self.note_line != line
                and (
                    (value == 1 and last[0] > 1)
                    # (below both numbers before it: one misread, `277...` for 27..., is no game's end)
                    or (len(self.recent) == 2 and 1 < value <= min(self.recent) - _FAR_BELOW)
                )
            ):
                self.pending = (len(self.game.moves), len(self.words), line, value)
            self.recent = (*self.recent[-1:], value)
            if not token:
                self._word(raw, line)
            self.line = self.line or line
            self.last_number = _place(value, black, self.last_number, self.game.moves)
            self.highest = max(self.highest, value)
        if not token or token.strip(".…") == "":
            return
        self.line = self.line or line
        moves, offers = self.game.moves, self.game.offers
        result = _result(token)
        if result is not None:
            # An evaluation that is also a forfeit's mark (`-/+`) is held even where no move number is known.
            forfeit_mark = compact_result(token) in FORFEITS
            if moves and (self.last_number is not None or forfeit_mark) and raw == token:
                self.held = (raw, result, [])
            else:
                self.end(result, compact_result(token) if forfeit_mark else "")
            return
        prose = _PROSE.match(token) is not None and not any(ch.isdigit() for ch in token)
        if prose and self.empty():
            return  # a word before the game: its heading, not a move written past reading
        self._word(raw, line)
        if _DRAW_OFFER.match(token):
            if moves:
                offers.add(len(moves) - 1)
            return
        if _MARK.match(token) and moves and moves[-1] is not None:
            moves[-1] += token if not token.startswith("e") else " " + token
            return
        if prose:
            return
        if token.endswith("(=)"):
            token = token[:-3]
            offers.add(len(moves))
        moves.append(token)

    def _word(self, raw: str, line: int) -> None:
        """A word of the game's text; one that begins a line of the source begins a line of the text (the
        decoder looks for a lost line's moves there)."""
        self.words.append(f"{LINE_BREAK}{raw}" if self.words and line != self.word_line else raw)
        self.word_line = line

    def close(self) -> list[_Split]:
        """The games read; text after the last game's result is a game of its own, unless it holds no digit
        (a move names a square, with its rank): specks an OCR read after the result (`0-1 ee`, `½-½ -, :`),
        skipped with the game before them."""
        if self.held is not None:
            self._settle(False)
        if self.games and self.game.moves and not any(ch.isdigit() for ch in " ".join(self.words)):
            self.games[-1] = self.games[-1]._replace(skipped=" ".join(self.words).replace(LINE_BREAK, ""))
        elif self.game.moves or not self.games:
            self.end(self.game.result)
        return self.games


def token_games(movetext: str) -> list[TokenGame]:
    """The games of noisy movetext, as tokens: a result ends a game, and so does a move number 1 after
    higher ones (games printed one after another); text after the last game's result is a game of its own.

    Move numbers place the tokens: where a number follows the one before it (`35.` after `34.`) with
    fewer than two moves in between, the moves that are not there (lost to the scanner, or never typed)
    are None, so the moves after them stay on their own plies.
    """
    splitter = _Splitter()
    for raw in _COMMENT.sub(" ", movetext).split():
        splitter.feed(raw)
    return [split.tokens for split in splitter.close()]


def _heading(line: str) -> tuple[dict[str, str], str]:
    """The tags of a heading at the start of a line (read as the strict reader reads headings), and the
    rest of the line from its move 1 on; no tags and the whole line when it holds no heading."""
    first = next((one for one in _MOVE_ONE.finditer(line) if _HOLDS_MOVE.search(line, one.end())), None)
    head = line[: first.start()] if first else line
    tags = read_heading(head) if head.strip() else {}
    return (tags, line[first.start() :] if first else "") if tags else ({}, line)


def _game_follows(lines: list[str], index: int) -> bool:
    """Whether a game's moves (move 1) or its result follow line `index`, after any more heading lines."""
    for line in lines[index + 1 :]:
        if not line.strip():
            continue
        if (
            _STARTS_MOVE_ONE_GARBLED.match(line)
            or _MOVES_LINE.match(line)
            or _result(line.split()[0]) is not None
        ):
            return True
        tags, rest = _heading(line)
        if rest:
            return True
        if not tags and not _untagged_heading(line):
            return False
    return False


def _untagged_heading(line: str) -> bool:
    """Whether a line may be a heading's that the patterns do not read ("S. Sklokin : Pap", "Moskva tt 1961"):
    a few words with no square, castling, move number or result."""
    words = line.split()
    return (
        len(words) <= _HEADING_WORDS
        and not _MAY_HOLD_MOVES.search(line)
        and all(_result(word) is None for word in words)
    )


def _just_before_move_one(lines: list[str], index: int) -> bool:
    """Whether line `index` holds no square, castling or result and the next line that is not blank starts
    with move 1 and a move."""
    line = lines[index]
    if _HOLDS_MOVE.search(line) or any(_result(word) is not None for word in line.split()):
        return False
    following = next((later for later in lines[index + 1 :] if later.strip()), "")
    start = _STARTS_MOVE_ONE.match(following)
    return start is not None and _HOLDS_MOVE.search(following, start.end()) is not None


def _split_text(movetext: str, first_line: int) -> list[_Split]:
    """The games of a chunk's movetext, line by line so that each game knows its line and its heading.

    A heading (the players, a date, a round: what `read_heading` finds, as in the strict reader) is the
    text of a line before move 1 or a result (on that line or the next): where nothing of a game has been
    read yet, or, naming the players, after a game that did not end with a result. Its words are no moves,
    and its tags are the next game's.
    """
    # Comments are blanked out with their line breaks kept, so that lines keep their numbers.
    text = _COMMENT.sub(lambda found: " " + "\n" * found.group().count("\n"), movetext)
    # Lines of moves printed or copied twice are read once (the copy, a move 1 in it, is no new game).
    copies = {
        text.count("\n", 0, copy[0].start()): text.count("\n", 0, copy[-1].start())
        for copy in repeated_lines(text)
    }
    lines = text.split("\n")
    splitter = _Splitter()
    copy_ends = -1
    for index, line in enumerate(lines):
        if index in copies:
            copy_ends = copies[index]
            splitter.repeat(first_line + index, first_line + copy_ends)
        if index <= copy_ends:
            continue
        if splitter.empty() and dates_the_page(line):
            continue  # "1956. június / 6. szám": the date, before any game
        if _FOOTNOTE.match(line):
            continue  # "¹ Časová tíseň.": a footnote's words, no moves
        tags, rest = _heading(line)
        if not tags and splitter.empty() and (_untagged_heading(line) or _just_before_move_one(lines, index)):
            # Before any game, a short line with no square, castling, move number or result: a heading the
            # patterns do not read ("S. Sklokin : Pap"); or any line with no square, castling or result right
            # before the line that starts with move 1 ("( H v í 11) (S varit)": "(Hvítt) (Svart)" as OCR read
            # it, where "11)" is no move number). (A sentence before the game is left to the strict reading,
            # which knows prose.)
            continue
        if tags and not (rest or _game_follows(lines, index)):
            tags, rest = {}, line
        if tags and not splitter.empty() and ("White" not in tags or line.lstrip()[:1].isdigit()):
            tags, rest = {}, line
        if tags:
            splitter.heading(tags, first_line + index)
        for raw in rest.split():
            splitter.feed(raw, first_line + index)
    return splitter.close()


def tokens(movetext: str) -> TokenGame:
    """The tokens of the first game of the movetext (a scoresheet page's text layer holds one game)."""
    return token_games(movetext)[0]


def _place(
    number: int, black: bool, last: tuple[int, int] | None, moves: list[str | None]
) -> tuple[int, int] | None:
    """Fill in the moves missing before move `number` (None each) when it follows the previous move
    number; return the new reference: the move number and the index of its white move."""
    if black:  # `12...`: the next token is Black's 12th move
        return (number, len(moves) - 1)
    if last is not None and number == last[0] + 1:
        missing = last[1] + 2 - len(moves)
        if 0 < missing <= 2:
            moves.extend([None] * missing)
    return (number, len(moves))


def _unclosed(text: str) -> tuple[str, list[str]]:
    """A game's text without a comment that is never closed (the rest of the game is that comment, as in
    PGN), and the warnings that tell of it and of a variation that is never closed (its moves are read
    with the game's, so the reading there is in doubt)."""
    notes = []
    comment = _UNCLOSED_COMMENT.search(text)
    if comment is not None:
        text = text[: comment.start()]
        notes.append("comment not closed; the rest read as the comment")
    if variation_never_closed(text) >= 0:
        notes.append("bracket not closed: the moves after it are read as the game's, flagged")
    return text, notes


def read_lenient(lines: Iterable[str], locale: str | Locale) -> Iterator[LenientGame]:
    """Games from noisy notation text, decoded one at a time.

    Where the strict reader reads further (decoding stops at prose it cannot cross: a sentence between
    moves, notes in brackets, a heading), its reading is taken instead: it knows headings, prose, comments
    and variations, and every move it reads is written as played (`_reads_further` says when).
    """
    loc = get_locale(locale)
    chunks = list(split_games(lines))
    # The strict reader reads every game of the text to its end: where decoding stops at an error too, unsure
    # of most moves it reads beyond the strict reading, it has read moves into words (a problem's solution, a
    # page's introduction), and the strict reading of that stretch is kept, no game where it reads none.
    clean: bool | None = None  # read when first asked: only where a decoding stops at an error
    figurines: dict[str, str] = {}  # a font's figurines the strict reader read as pieces, for decoding too
    heading: Chunk | None = None
    last: LenientGame | None = None  # held back until the next game: the text after it may hold none
    learned: dict[str, int] = {}  # a figurine font's runs of characters read as pieces, in this text so far
    for index, own in enumerate(chunks):
        own, glyphs, glyphs_read = _glyphs_read(own, loc, learned)
        chunk = headed(heading, own)  # as in `read_chunks`
        strict = [_as_read(game) for game in read_chunks([chunk], loc, figurines=figurines)]
        if _cites_before(strict, chunk, chunks[index + 1 : index + 2], loc):
            heading = chunk  # (not decoded: it holds no game)
            continue
        # The decoder reads a heading's words as moves: it reads the chunk's own text, with the heading's tags.
        # The decoder reads the font's figurines as the strict reader read them (another font's `¦` the queen).
        written = own._replace(movetext=with_figurines(own.movetext, figurines))
        decoded = list(
            _decoded_chunk(
                written, loc, read_heading(heading.movetext) if heading and chunk is not own else {}, glyphs
            )
        )
        heading = None
        if any(game.decoded.error for game in decoded) and not _sure_beyond(strict, decoded):
            if clean is None:
                clean = _reads_clean(chunks, loc)
            if clean:
                decoded = []
        # A strict reading of no move, no result and no error: words, no game.
        words_only = bool(strict) and all(
            not game.game.plies and game.game.error is None and game.game.result == "*" for game in strict
        )
        players = (not strict or words_only) and {"White", "Black"} <= read_heading(own.movetext).keys()
        if (not strict or words_only) and all(
            (not game.decoded.moves and game.decoded.error)
            or len(game.decoded.moves) < _FEWEST_PLIES
            or (
                len(game.decoded.moves) <= _HEADING_PLIES
                and (players or all(move.flagged for move in game.decoded.moves))
            )
            or (players and _mostly_unsure([game]))
            or (moves_numbered_from(own.movetext) > 1 and _mostly_unsure([game]))
            for game in decoded
        ):
            # No game in it, and no move decoded, or a move or two from words ("(14)" read as Nh3), or a few
            # moves none of which the text decides ("M. Tal — T. Petrosian (Moscow, 1973)" as Nh3 Na6 Ng5; a
            # problem's pieces, "biely Kc5 Dg6 Vf1 Sh2 Jb5", as Na3 Nf6 Nb5 Nh5 …), or a few moves read from
            # the words of a heading that names both players (its ECO code, "B22", read as Bd2), or as many as
            # its words give, most of them unsure ("Beli: Sursock,S / Crni: Akl,Jad Eli / 50th ch-LBN 2025, 4.
            # kolo, 2025" as ten moves, all flagged): prose, the next game's heading (words the strict reader
            # reads as no game of their own are no heading either). Or moves numbered from a later move than 1
            # (the first line lost) that decoding, playing them from the start, is unsure of: no game (`partiar
            # convert` says why).
            heading = None if words_only else chunk
            continue
        # Where the figurines were dropped, the strict reading took pieces' moves for pawns' (`2. f3`): the
        # decoding, however unsure.
        games = (
            strict
            if strict
            and not figurines_dropped(own.movetext)
            and (_reads_further(strict, decoded) or _first_moves_lost(strict, decoded))
            else decoded
        )
        if games is strict:
            _results_read(strict, decoded)
        if glyphs_read:
            for game in games:
                game.game.warnings.append(glyphs_read)
        if last is not None:
            yield last
        yield from games[:-1]
        last = games[-1] if games else None
    if last is not None:
        skipped = words_skipped(heading) if heading is not None else ""
        if skipped:
            last.game.warnings.append(skipped)
        yield last


def _glyphs_read(own: Chunk, loc: Locale, learned: dict[str, int]) -> tuple[Chunk, Glyphs | None, str]:
    """A chunk that a figurine font's OCR wrote (`glyphs.glyph_runs`) with the runs of characters its moves
    read as one piece written as that piece's letter, and the runs not settled, for the decoder to read as any
    piece. Learned first by the strict reader's trials (`_strict_pieces`: cheap, and it knows variations and
    notes), then, while a run seen twice or more is left, in rounds of decoding with the runs left as any
    piece, the runs its sure moves read as one piece learned (the decoder reads on where the strict reader
    stops). `learned` holds what earlier chunks of the text found, and gains what this one finds. Also the
    warning that tells which run was read as which piece."""
    runs = glyph_runs(own.movetext, loc)
    # Figurines a conversion replaced by U+FFFD, or dropped: every piece's the same, so never learned; any
    # piece, always.
    lost = [REPLACED] if figurines_replaced(own.movetext) else []
    dropped = figurines_dropped(own.movetext)
    lost += [DROPPED] if dropped else []
    if not runs and not learned and not lost:
        return own, None, ""
    new = [run for run in runs if run not in learned]
    tried = _strict_pieces(own, loc, learned, new) if new else {}
    learned.update(tried)
    for _ in range(_GLYPH_ROUNDS):
        left = [run for run in runs if run not in learned]
        if all(runs[run] < LEAST_SEEN for run in left):  # (a run seen once is read as any piece below)
            break
        # Where the strict reading stopped before a run's moves, its trials are doubted too (a figurine lost
        # before one square, `2 @f3 c6`, reads the knight's runs as the queen's for twenty plies): the first
        # round reads them as any piece as well, and the pieces the board gives them stand.
        for run in tried:
            del learned[run]
        left += tried
        chunk = own._replace(movetext=written_with(own.movetext, learned, loc)[0])
        decoded = [game.decoded for game in _decoded_chunk(chunk, loc, {}, any_piece(left + lost, loc))]
        found = learned_glyphs(decoded, left)
        found, tried = {**tried, **found}, {}
        if not found:
            break
        learned.update(found)
    unsettled = [run for run in runs if run not in learned] + lost
    glyphs = any_piece(unsettled, loc) if unsettled else None
    movetext, used = written_with(own.movetext, learned, loc)
    told = "; ".join(
        [
            *([glyphs_told(used)] if used else []),
            *([REPLACED_TOLD] if REPLACED in lost else []),
            *([DROPPED_TOLD] if dropped else []),
        ]
    )
    return (own._replace(movetext=movetext) if used else own), glyphs, told


def _strict_pieces(own: Chunk, loc: Locale, learned: dict[str, int], runs: list[str]) -> dict[str, int]:
    """The pieces `runs` stand for where the decoder's sure moves did not say (their moves in lines the
    decoder does not know: variations set apart, notes), by how well the strict reader reads the chunk with
    them (most plies, then fewest stopped: a run not yet read as a piece stops it; then fewest read otherwise than
    written: a long form's origin names its piece whatever the run is read as). The runs are taken in
    the order they first appear, each read as every piece that reads the chunk better than without it, the
    `_GLYPH_BEAM` best sets kept (`Ja4` may be the knight's move as well as the bishop's until a later move
    says), and taken again (`_GLYPH_PASSES`): a run that reads nothing better until another is read (the
    rook's first move comes after the queen's, `'ii'c2`, which the bishop could make too) is tried with the
    sets that read it; a run is read as the piece of the best set where no other set that reads it otherwise
    reads as well."""

    def outcome(glyphs: dict[str, int]) -> tuple[int, int, int]:
        games = list(read_chunks([own._replace(movetext=written_with(own.movetext, glyphs, loc)[0])], loc))
        # A long form's move names its piece by its origin square whatever letter the run is read as, and a
        # move one letter away is read for one that cannot be played: the fewer moves read otherwise than
        # written, the better the runs are read.
        repaired = sum(
            read_otherwise(ply) or any(warning.startswith(LETTER_REPAIRED) for warning in ply.warnings)
            for game in games
            for ply in game.plies
        )
        return (
            sum(len(game.plies) for game in games),
            -sum(game.error is not None for game in games),
            -repaired,
        )

    beam = [(outcome(learned), dict[str, int]())]
    for run in runs * _GLYPH_PASSES:
        grown = {tuple(sorted(found.items())): (value, found) for value, found in beam}
        for value, found in beam:
            for piece in PIECE_ORDER if run not in found else ():
                read = outcome(learned | found | {run: piece})
                if read > value:
                    grown.setdefault(
                        tuple(sorted((found | {run: piece}).items())), (read, found | {run: piece})
                    )
        beam = sorted(grown.values(), key=lambda pair: pair[0], reverse=True)[:_GLYPH_BEAM]
    best, found = beam[0]
    return {
        run: piece
        for run, piece in found.items()
        if all(value < best for value, other in beam[1:] if other.get(run) != piece)
    }


def _cites_before(strict: list[LenientGame], chunk: Chunk, following: list[Chunk], loc: Locale) -> bool:
    """Whether the strict reader, reading the chunk with the next one as it does in the whole text, finds the
    chunk's short line (`_FEWEST_PLIES` plies at most) a line cited in the words before that chunk's game
    (a page's introduction: "posunięć 1.e4 e5 2.Gc4 jest możliwość …"): it heads that game, no game of its
    own."""
    if len(strict) != 1 or len(strict[0].game.plies) > _FEWEST_PLIES or not following:
        return False
    together = sum(1 for _ in read_chunks([chunk, *following], loc))
    return together == sum(1 for _ in read_chunks(following, loc))


def _reads_clean(chunks: list[Chunk], loc: Locale) -> bool:
    """Whether the strict reader reads a game from the chunks, and every game to its end, none stopping short
    of moves its last comment goes on to number, none without a move (its moves numbered from a later move
    than 1, or none it could read) (the games are not kept: a long file's would not fit in memory)."""
    read = False
    for game in read_chunks(chunks, loc):
        if game.error is not None or _stops_short(game) or not game.plies:
            return False
        read = True
    return read


def _stops_short(game: Game) -> bool:
    """Whether a strict reading stops short of moves that its last comment goes on to number (a number or a
    move it could not read, and the rest of the game read as prose)."""
    return bool(game.plies) and bool(game_in_the_comment(game.plies[-1]))


def _first_moves_lost(strict: list[LenientGame], decoded: list[LenientGame]) -> bool:
    """Whether the strict reading is the better one because a game of it read no move, its moves numbered from a
    later move than 1 (its first line lost: "4) dxe5 d5 5) Jbd2 …"), where decoding, playing them from the
    start, is unsure of most of the moves it reads: no game can be read from them, and the strict reading's
    error says why. The other games read alike."""
    return (
        len(strict) == len(decoded)
        and any(isinstance(game.game.error, LostFirstMovesError) for game in strict)
        and all(
            _sans([kept]) == _sans([read])
            or (isinstance(kept.game.error, LostFirstMovesError) and _mostly_unsure([read]))
            for kept, read in zip(strict, decoded, strict=True)
        )
    )


def _mostly_unsure(decoded: list[LenientGame]) -> bool:
    """Whether decoding flagged most of the moves it read (not counting a game's first plies it supplied)."""
    moves = [move for game in decoded for move in game.decoded.moves[game.supplied :]]
    return 2 * sum(move.flagged for move in moves) > len(moves)


def _sure_beyond(strict: list[LenientGame], decoded: list[LenientGame]) -> bool:
    """Whether the decoder is sure of most of the moves it reads beyond the strict reading's ("7. К c3 Кc6
    8. h3 …" after a strict reading that took "К c3" for a word): fewer than half of them flagged."""
    beyond = [move for game in decoded for move in game.decoded.moves][len(_sans(strict)) :]
    return bool(beyond) and 2 * sum(move.flagged for move in beyond) < len(beyond)


def _results_read(strict: list[LenientGame], decoded: list[LenientGame]) -> None:
    """A result the strict reader could not read (`l/2-l/2`, `1-O`) where the decoder read it, garbled as it is,
    after the same moves: the strict game's result too."""
    for kept, read in zip(strict, decoded, strict=False):
        if (
            kept.game.result == "*"
            and read.game.result != "*"
            and [ply.move for ply in kept.game.plies] == [ply.move for ply in read.game.plies]
        ):
            kept.game.result = kept.decoded.result = read.game.result


def _as_read(game: Game) -> LenientGame:
    """A game the strict reader read, as a decoding: every move as written and certain, unless the text may
    mean another line from some move on, or the move was read for a misprint or for one left out (those
    moves are flagged, with a `?` comment)."""
    moves = []
    for index, ply in enumerate(game.plies):
        doubtful = 0 < game.doubtful_from <= ply.halfmove or read_otherwise(ply)
        if doubtful:
            game.plies[index] = ply = ply._replace(comment=f"? {ply.comment}".strip())
        moves.append(DecodedMove(ply, 0.5 if doubtful else 1.0, doubtful, (), (ply.written.text,)))
    return LenientGame(Decoded(game.start_fen, moves, game.error, game.result), game)


def _reads_further(strict: list[LenientGame], decoded: list[LenientGame]) -> bool:
    """Whether the strict reading of a chunk is the better one. Where decoding read to the end, a strict
    reading to the end with no fewer moves: one with fewer has taken moves for prose (noise: "5.0-O S%7 6.Vel"
    a comment from S%7 on). Where decoding stopped (at prose it cannot cross), a strict reading to the end with
    at least half as many moves ("1 . d4 6g 2 . c4", a comment from 6g on, reads one), or any with more; but
    not one that decoding plays move for move, in as many games, and goes on from by `_FURTHER` plies or more
    (the strict reading took moves it could not read, "23. К f3К b4", for words; a ply or two more is as often
    a word the decoder read for a move). Always the strict reading where decoding parts from it and is unsure of
    most of its moves from there on, unless it put right the move that stopped the strict reading."""
    read = sum(len(game.decoded.moves) for game in strict)
    decoded_read = sum(len(game.decoded.moves) for game in decoded)
    # A strict reading that stops short of moves its last comment numbers read the rest of a game as prose.
    short = any(_stops_short(game.game) for game in strict)
    through = read > 0 and not short and all(game.game.error is None for game in strict)
    moves = [move for game in decoded for move in game.decoded.moves]
    parted = next(
        (
            index
            for index, (san, move) in enumerate(zip(_sans(strict), moves, strict=False))
            if san != move.ply.san
        ),
        -1,
    )
    if (
        short
        and read >= _STRICT_RUN
        and all(game.game.error is None for game in strict)
        and 0 <= parted < read
        and _in_words(strict[-1].game)
    ):
        # A strict reading of a game's run of moves with no error that stops where its last comment, a note in
        # words, numbers more moves, and a decoding that changes a move it read as written to read on through
        # that note ("28.Kрf1 Кc5 29.Лd6 …", then "29.Сd7+ форсировало мат …, например 29. … Кd7 30.Фd7+ …" read
        # on as the game's, 28...Nc5 taken for Qc6): the strict reading. (A move or two read strictly from
        # OCR's noise is no such run; a comment of damaged moves, no note, is the game going on.)
        return True
    if parted < 0 and through and len(moves) > read:
        if _ended_in_words(strict[-1].game):
            # The strict reading ends where words tell that the game ended ("25...Sf4+ a biely vzdal, lebo po
            # 26.Sd2 nasleduje 26...Dc4+ …"): the moves decoding reads on are the ones those words cite.
            return True
        # Decoding plays the strict reading move for move and goes on where that reading ended without an error:
        # from there on as from a parting.
        parted = read
    if not short and parted >= 0 and 2 * sum(move.flagged for move in moves[parted:]) > len(moves) - parted:
        # Decoding leaves the moves as written for moves it is unsure of, most of them, from there on: words
        # read as moves ("Jó folytatás" as Ng5 f6), not a misread move put right. Unless the strict reading
        # stops within `_UNSURE_REACH` plies of the parting and decoding is sure of most of the moves it reads
        # on from there: a misread move put right (`c5` for e5, told by `Dxf6` two plies on) where a line lost
        # later leaves the rest unsure.
        after = moves[read : read + _UNSURE_REACH]
        put_right = (
            not through and read < parted + _UNSURE_REACH and 2 * sum(m.flagged for m in after) < len(after)
        )
        if not put_right:
            return True
    if all(game.decoded.error is None for game in decoded):
        # The same moves both ways, the strict reading in doubt from a move left out, or a slip, that several
        # moves fit on ("2.Jf3 3.Sb5"): the decoding, whose flags are the moves' own.
        guessed = any(
            warning.startswith((OMITTED_READ, SLIP_READ, AMBIGUOUS_READ)) and LIKELIEST in warning
            for game in strict
            for ply in game.game.plies
            for warning in ply.warnings
        )
        if guessed and _sans(strict) == _sans(decoded):
            return False
        # The strict reading in doubt of every move from some move on (the text may mean another line from
        # there: a slip read, a move number off), where decoding reads as many moves, the same before that
        # move, and is sure of most of them from there on: the decoding, whose flags are the moves' own.
        doubted = _doubted_from(strict)
        if (
            through
            and doubted >= 0
            and read == decoded_read
            and _sans(strict)[:doubted] == _sans(decoded)[:doubted]
            and 2 * sum(move.flagged for move in moves[doubted:]) < len(moves) - doubted
        ):
            return False
        return through and read >= decoded_read
    if (
        len(strict) == len(decoded)
        and read + _FURTHER <= decoded_read
        and _sans(strict) == _sans(decoded)[:read]
    ):
        return False
    return (through and 2 * read >= decoded_read) or read > decoded_read


def _doubted_from(games: list[LenientGame]) -> int:
    """Where the strict reading of the games, one after another, doubts every move from (the first game's
    `doubtful_from` that has one), as an index into all their moves; -1 where it doubts none so."""
    offset = 0
    for game in games:
        for index, ply in enumerate(game.game.plies):
            if 0 < game.game.doubtful_from <= ply.halfmove:
                return offset + index
        offset += len(game.game.plies)
    return -1


def _ended_in_words(game: Game) -> bool:
    """Whether the last move's comment begins with words that tell the game ended, no digit before them (not
    moves the strict reader could not read: "Sx%6 dxc6 Černý se vzdal")."""
    comment = game.plies[-1].comment if game.plies else ""
    end = told_result_end(comment)
    return end >= 0 and not any(char.isdigit() for char in comment[:end])


_FURTHER = 3
_STRICT_RUN = 10
_UNSURE_REACH = 20
# A note is a comment with this many words of four letters or more.
_NOTE_WORDS = 3


def _in_words(game: Game) -> bool:
    """Whether the last move's comment is a note in words."""
    return bool(game.plies) and len(PROSE_WORD.findall(game.plies[-1].comment)) >= _NOTE_WORDS


def _sans(games: list[LenientGame]) -> list[str]:
    return [move.ply.san for game in games for move in game.decoded.moves]


def _decoded_chunk(
    chunk: Chunk, loc: Locale, heading: dict[str, str], glyphs: Glyphs | None = None
) -> Iterator[LenientGame]:
    """The games of one chunk of text, through the character-level decoder (`heading`: the tags of a heading
    that a chunk before it held; `glyphs`: a figurine font's runs of characters, read as pieces)."""
    line = chunk.headers[0][0] if chunk.headers else chunk.first_line  # where the game starts
    headers = read_headers(chunk)
    if headers.board is None:
        game = Game(headers=headers.tags, error=headers.error, line=line)
        yield LenientGame(Decoded(chess.STARTING_FEN), game)
        return
    last: LenientGame | None = None
    # Moves told in words are written as moves first, as the strict reader writes them.
    # A book's variations set as lines of their own are no moves of the game's (the decoder reads every move).
    splits = _split_text(spoken_moves(side_lines_out(chunk.movetext), loc), chunk.first_line)
    before: list[str] = []  # a stretch before a game that reads as no move: words, told with the game
    for index, split in enumerate(splits):
        moves, _, result = split.tokens
        # A PGN tag wins over the same tag read from a heading; only the chunk's first game has PGN tags.
        tags = {**heading, **split.tags, **headers.tags} if index == 0 else split.tags
        if not moves and not tags:
            continue
        text, notes = _unclosed(split.text)
        read = decode_text(text, loc, start_fen=headers.fen, review_below=TEXT_REVIEW_BELOW, glyphs=glyphs)
        decoded = read.decoded
        if glyphs:
            flag_undecided(decoded, glyphs)
        if (
            (
                (not decoded.moves and decoded.error)
                or (0 < len(decoded.moves) <= _HEADING_PLIES and all(move.flagged for move in decoded.moves))
            )
            and result == "*"
            and not split.tags
            and index < len(splits) - 1
        ):
            # No move in it, or a few none of which the text decides ("324. findenster – xtream1" as g3 Nf6 c4 g6),
            # and a game after it: words before that game ("… Gereben a Flórián elleni
            # játszmájában … 2. FRANCIA VÉDELEM", its "2." taken for a move number), no game of its own.
            before.append(
                f"line {split.line or line}: words before the game skipped: {quoted(text.strip(), 60)}"
            )
            continue
        # A result the splitter could not read (`l/2-l/2`, `1-O`) the decoder may have read, garbled as it is.
        game = decoded.reviewed_game(tags, result if result != "*" else read.result)
        game.plies = [ply._replace(draw_offer=ply.halfmove - 1 in read.offers) for ply in game.plies]
        game.line = line if index == 0 else split.line or line
        game.warnings.extend([*before, *notes])
        before = []
        if read.cut:
            game.warnings.append(cut_inside_a_move(read.cut))
        game.warnings.extend(lost_line(decoded, first, plies) for first, plies in read.lost)
        if game.result == "*" and game.error is None and game.plies:
            # Else one told in words after the last move ("Černý se vzdal."), as the strict reader reads it.
            told, words = _told_after(text, game)
            if told:
                game.result = told
                game.warnings.append(f"result {told} read from the words {quoted(words)}")
        if split.forfeit:
            game.warnings.append(f"forfeit result {split.forfeit!r}")
        if split.skipped:
            game.warnings.append(f"text after the result skipped: {quoted(split.skipped, 60)}")
        game.warnings.extend(copy_skipped(first, last) for first, last in split.repeated)
        supplied = next((plies for first, plies in read.lost if first == 0), 0)
        read_game = LenientGame(decoded, game, supplied)
        if last is not None and _after_the_result(last, split, read_game):
            last.game.warnings.append(f"text after the result skipped: {quoted(split.text.strip(), 60)}")
            continue
        if last is not None and _begun_elsewhere(split, read_game):
            last.game.warnings.append(
                f"line {split.line}: the moves numbered from {moves_numbered_from(split.text)} on, the end of a game "
                f"begun elsewhere (no position given for them), skipped: "
                f"{quoted(split.text.replace(LINE_BREAK, '').strip(), 60)}"
            )
            continue
        yield read_game
        last = read_game


def _words_after(text: str) -> str:
    """The words after a game's last token with a digit or castling in it (its last move)."""
    tokens = text.split()
    last = max((index for index, token in enumerate(tokens) if _MOVE_TOKEN.search(token)), default=-1)
    return " ".join(tokens[last + 1 :])


def _told_after(text: str, game: Game) -> tuple[str, str]:
    """The result told in words after the game's last move (a resignation, a win, a draw), where the words
    are the strict reader's, on the board its moves reach, and those words; ("", words) for none."""
    words = _words_after(text)
    return (told_result(words, game.end_board())[0] if words else ""), words


def _after_the_result(last: LenientGame, split: _Split, read: LenientGame) -> bool:
    """Whether the moves after a game's result, under no heading, are no game but the text after it (its last
    line printed twice, "38)Kh3? Vd6 39)Kh4 Kf6 ½-½" again): numbered from a later move than 1, none supplied
    from the openings, and read from the start, unsure of most moves."""
    return (
        last.game.result != "*"
        and not split.tags
        and not read.supplied
        and moves_numbered_from(split.text) > 1
        and _mostly_unsure([read])
    )


def _begun_elsewhere(split: _Split, read: LenientGame) -> bool:
    """Whether a game after another in the chunk, under no heading, is the end of one begun elsewhere (a page
    before, the column beside): numbered from a later move than 1, none supplied from the openings, and read
    from the start, unsure of most moves."""
    return (
        not split.tags
        and not read.supplied
        and moves_numbered_from(split.text) > 1
        and _mostly_unsure([read])
    )


def lost_line(decoded: Decoded, first: int, plies: int) -> str:
    """The warning for plies supplied where a line of the text was lost (the move numbers after it say how
    many), with the moves supplied, and the named opening they reach where they are the game's first."""
    moves = [move.ply for move in decoded.moves[first : first + plies]]
    shown = " ".join(
        (f"{ply.number}. " if ply.white else f"{ply.number}... " if index == 0 else "") + ply.san
        for index, ply in enumerate(moves)
    )
    first_number, last_number = moves[0].number, moves[-1].number
    which = (
        f"move {first_number} is"
        if first_number == last_number
        else f"moves {first_number}-{last_number} are"
    )
    board = chess.Board(decoded.start_fen)
    opening = None
    if first == 0 and board == chess.Board():
        for ply in moves:
            board.push(ply.move)
        opening = opening_of(board)
    how = f"from the named openings ({opening.eco} {opening.name}) " if opening is not None else ""
    return (
        f"{which} not in the text (a line lost?): {plies} plies supplied {how}so that the moves written after "
        f"them can be played, flagged for review: {shown}"
    )
