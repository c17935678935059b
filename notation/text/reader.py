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
from collections.abc import Callable, Generator, Iterable, Iterator
from functools import cache
from itertools import islice, pairwise
from typing import Generic, TypeVar, overload

import chess

from ..errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    LostFirstMovesError,
    MoveError,
    NotationError,
    NotationSyntaxError,
    quoted,
)
from ..game import Game, Ply, Written
from ..locales import ENGLISH_LETTERS, FIGURINES, Locale, get_locale
from ..prior import line_log_likelihood
from .chunks import FIRST_MOVE, NUMBERED_MOVE, ONE_AS_LETTER, SQUARE, Chunk, read_headers, split_games
from .headings import read_heading, told_players
from .lexer import (
    MOVE_AHEAD,
    UNEXPECTED,
    LocaleGrammar,
    castling_token,
    files_token,
    grammar_for,
    takes_token,
    written_from_tokens,
    written_token,
)
from .pages import blanked, copy_skipped, page_numbers, repeated_lines
from .piecelist import piece_lists
from .render import render, renderings
from .resolve import FALSE_CAPTURE, ORIGIN_MISWRITTEN, Resolved, mark_warnings, piece_unwritten, resolve
from .spoken import spoken_moves
from .told import DRAW_WORDS, RESULT_LABEL, draw_first, told_result, told_result_end
from .visitor import GameBuilder, Visitor

_RESULT_TAG = re.compile(r"\[\s*Result\s")
# Two characters OCR reads for one file letter (or for the capital H, a rook's letter in Icelandic and a king's in
# Hungarian: "IIa7:"), and rank 1 read as a letter after a file's.
_TWO_FOR_ONE_READ = {"li": "h", "cl": "d", "II": "H"}
_TWO_FOR_ONE = re.compile("|".join(_TWO_FOR_ONE_READ))
_RANK_AS_LETTER = re.compile(r"(?<=[a-h])[lI](?![\w])|(?<=[a-h])[lI](?=[-–—x×:])")


def _read_two_for_one(text: str) -> str:
    """The text with each pair of characters OCR reads for one file letter read as that letter."""
    return _TWO_FOR_ONE.sub(lambda found: _TWO_FOR_ONE_READ[found[0]], text)


# A reading that stops this few plies after it went on from prose may have gone on at a number the prose
# only cites ("Dolazilo je u obzir 21...e5." where the game's 21... follows unnumbered).
_ASTRAY_WITHIN = 6
# ... and is read again with the moves from there read as prose, where a later number of the move due there is
# found within this many characters, the moves written after it playing on (this many of them) from there.
_REJOIN_REACH = 3000
_REJOIN_PLAYED = 3
# ... and so are moves read from a number inside a sentence up to this many plies before a later number of the
# move due there, starting a sentence, with as many moves after it that play from there (`_retold_line`).
_RETOLD_PLIES = 12
# How many moves, words between them skipped, tell the game's own move again after a move read inside a
# sentence, where its number stands inside a sentence too.
_RETOLD_TOLD = 8
# What a stretch so read keeps of its characters: no letter or digit of a move, so that it reads as words.
_CITED_SIGN = re.compile(r"\w")
# A text that ends in words this few plies after its moves went on from inside a sentence of prose, with no
# result, may have gone on at a number the prose only cites ("Il Nero para la minaccia 43 Da7, ma i suoi
# guai ...").
_CITED_AT_THE_END = 6
# A game written with no move numbers is read from the heading on when this many plies play on.
_UNNUMBERED_PLIES = 8
# The first token of a later line that is not blank ("       Tc8, 22. Tc8+").
_LINE_START_MOVE = re.compile(r"\n[ \t]*(?:\r?\n[ \t]*)*(?P<move>\S)")
# What may follow a move before the next move number: marks, commas ("Tc8, 22.").
_NEXT_NUMBER = re.compile(r"[!?+#,;. \t]*(?P<number>[0-9]{1,3}[ \t]*[.)])")
# A square with a Cyrillic file letter that has no Latin look-alike ("Сф3", "ц6"), not inside a word: a
# Serbian text in Cyrillic, which `sr` reads as `sr-Cyrl`.
_CYRILLIC_SQUARE = re.compile(r"(?<![^\W\d_]{2})[бцдфгх][1-8](?![0-9])")
# A move number in a comment ("6. ...", "12.", "7…").
_COMMENT_NUMBER = re.compile(r"(?<![\w.])(?P<digits>[0-9]{1,3})(?P<rest>[ \t]*\.(?:[ \t]*(?:\.\.\.?|…))?)")
_DIGITS = re.compile(r"[0-9]+")
# A move cited under its number in prose ("32...Vf7", "33.Kh8").
_CITED_MOVE = re.compile(rf"{_COMMENT_NUMBER.pattern}[ \t]*(?:{MOVE_AHEAD})")
# A word of letters.
_LETTERS = re.compile(r"[^\W\d_]{2,}")
# A pawn's capture by its files with its mark ("e:d", "exd", "ed:").
_MARKED_FILES = re.compile(r"\s*[a-h](?:[:×x][a-h]|[a-h]:)")
# A file letter and a digit: a word with them is a whole move misprinted ("Nf9"), not one cut off ("Rfe", "C2").
_HAS_SQUARE = re.compile(r"[a-h][0-9]")
# Dots alone at a line's start, right before a position: Black's move follows.
_DOTS_LINE_START = re.compile(r"(?m)^[ \t|]*(?:\.{2,4}|…)[ \t|]*\Z")  # a table's cells too ("... | Ad7")
# ... after a list's bullet ("- ..e6 6.Te1 a6"): an item of a list of Black's moves.
_LISTED_DOTS = re.compile(r"(?m)^[ \t]*[-–—•*·][ \t]*(?:\.{2,4}|…)[ \t]*\Z")
# A word of letters right before a position, its sentence's stop after it or not: the move after it is not the
# second of a numbered pair.
_WORD_BEFORE = re.compile(r"(?<![\w.…-])[^\W\d_]{2,}[.,;:!?]?[ \t]+\Z")
# ... or a square that a word names ("mit Angriff auf den Springer c6 Tb8 8. Sd5").
_WORD_OR_SQUARE_BEFORE = re.compile(r"(?<![\w.…-])[^\W\d_]{2,}[.,;:!?]?[ \t]+(?:[a-h][1-8][ \t]+)?\Z")
# What only PGN movetext writes: a brace comment or a numeric annotation glyph. There, and after tag pairs,
# `;` starts a comment to the end of the line; in other text it is punctuation.
_PGN_MARKS = re.compile(r"\{[^}]*\}|\$[0-9]")
# The marks after such a number's digits (`_black_number` tells Black's).
_NUMBER_MARKS = re.compile(r"[ \t]*(?:\.|…|\))[ \t.…]*[-–—]?")
# How many plies a line cited before a game may hold before the error that stops it.
_CITED_PLIES = 3
# Move 1's number before its move ("1.e2-e4", "1. e4").
_MOVE_1 = re.compile(r"(?<![\w.])1[ \t]*\.(?=[ \t]*[^\W\d_])")
# How many plies a run of moves from move 1 plays, at least, to be a game rather than a cited opening.
_GAME_RUN = 10
_PARAGRAPH_END = re.compile(r"\n[ \t]*\r?\n")
# After a result: the end of the text, or of its line with a blank line or a game's heading or moves next.
_RESULT_ENDS_GAME = re.compile(r"[ \t]*(?:$|\r?\n)")
# A result with no moves before it (a forfeit) ends its line, but for words in brackets ("1-0 (kont.)").
_RESULT_ENDS_LINE = re.compile(r"[ \t]*(?:[(\[][^\n]*[)\]][ \t.]*)?(?:$|\r?\n)")
# What may stand between a result in the heading and the game's first move number: notes in brackets
# ("[A80]"), a few short lines (the place and the year) with no result on them.
_HEADING_LINES = r"[ \t]*(?:[\[(][^\[\]()\n]{0,40}[\])][ \t]*)*(?:\r?\n(?![^\n]*[0-9½][ \t]*[-:–][ \t]*[0-9½])[^\n]{0,60}){0,4}?\s*"
_HEADING_RESULT = re.compile(_HEADING_LINES + r"(?<![^\s])1[ \t]*[.)]")
# ... and at the end of a chunk that the game's moves follow (cut there at a blank line).
_HEADING_RESULT_AT_END = re.compile(_HEADING_LINES + r"\Z")
# A case ending hyphenated to a square or a move ("f7-sotilaan", "Hde2-re"): a word that names it, which is
# prose when it is no move of the game.
_INFLECTED = re.compile(r"-[^\W\d_]{2,}(?![\w-])")
# A page cut inside a long-form move ("18. Sb3–a5 Lb7–a"): its origin, a dash and at most the next letter.
_CUT_IN_A_MOVE = re.compile(r"[-–—:x×][a-h]?\s*\Z")
# A pawn's capture written with the square it takes on ("exd5", "e:d5").
_PAWN_CAPTURE_TO_SQUARE = re.compile(r"(?<![\w])[a-h][x×:][a-h][1-8]")
# What may follow an ellipsis in the main line for the game to go on ("2. Jf3 ... Jc6", "3)....d6").
_GAME_GOES_ON = frozenset({"MOVE", "CASTLE", "FILES", "TAKES", "MOVE_NUMBER", "RESULT", "UNEXPECTED"})
# A position in Forsyth-Edwards notation written in the text ("[FEN="…"]", "FEN: …" or the bare string), as
# puzzle columns and books print the start of a fragment: the board, the side to move, and optionally the
# castling rights, the en-passant square and the counters.
_FEN_TEXT = re.compile(
    r"(?:\[?[ \t]*FEN[ \t]*[=:]?[ \t]*[\"“„]?[ \t]*)?"
    r"(?<![\w/])(?P<fen>[1-8pnbrqkPNBRQK]{1,8}(?:/[1-8pnbrqkPNBRQK]{1,8}){7}[ \t]+[wb]"
    r"(?:[ \t]+(?:-|[KQkq]{1,4})(?:[ \t]+(?:-|[a-h][36])(?:[ \t]+\d+[ \t]+\d+)?)?)?)"
    r"(?:[ \t]*[\"”“]?[ \t]*\])?"
)
# A diagram left in a chess font's letters, eight rows of squares ("XIIIIIIIIY 9r+lwqk+-tr0 9zppzppvl-zpp0 …",
# "8rsn-wqkvl-tr( 7zpp+-zppzpp‘ …"), with the borders and file letters around it.
_FONT_DIAGRAM = re.compile(
    r"(?:(?:XI{8}Y|\[ABCDEFGH\])\s+)?"
    r"(?:(?<!\S)[1-9][A-Za-z+\-]{7,16}[^\s\w.,;:]?0?(?!\S)\s*){8}"
    r"(?:(?:xi{8}y|\{abcdefgh\})(?!\S))?"
)
# One of its rows: where none is written (nearly always), the text is not searched for a whole diagram.
_FONT_DIAGRAM_ROW = re.compile(r"[1-9][A-Za-z+\-]{7}")
SUFFIX_NAGS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
RESULTS = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "½-½": "1/2-1/2", "*": "*"}
FORFEITS = {"+/-": "1-0", "-/+": "0-1", "-/-": "*", "+--": "1-0", "--+": "0-1"}
# Results as print writes them, after spaces and dashes are made plain and ":" a dash.
PRINTED_RESULTS = {"10": "1-0", "01": "0-1"}
# Evaluation symbols and their NAGs (the typeset glyphs ² ³ µ are the chess fonts' ⩲ ⩱ ∓; "N" is the novelty sign).
EVAL_NAGS = {
    "N": 146,
    "=": 10,
    "∞": 13,
    "⩲": 14,
    "+=": 14,
    "+/=": 14,
    "²": 14,
    "⩱": 15,
    "=+": 15,
    "=/+": 15,
    "³": 15,
    "±": 16,
    "+/-": 16,
    "∓": 17,
    "-/+": 17,
    "µ": 17,
    "+-": 18,
    "-+": 19,
}


def compact_result(text: str) -> str:
    """A result or forfeit mark as the tables above write it: no spaces, plain dashes, ":" a dash, halves
    as 1/2 (`1 : 0` and `1⏎: 0` → `1-0`, `+ / −` → `+/-`, `0,5-0,5`, `½-½` and `1/2-½` → `1/2-1/2`)."""
    compact = "".join(text.split()).replace("–", "-").replace("—", "-").replace("−", "-").replace(":", "-")
    return compact.replace("0,5", "1/2").replace("0.5", "1/2").replace("½", "1/2")


def cut_inside_a_move(written: str, width: int = 20) -> str:
    """The warning for a copy cut off inside its last move (`17. g`), read to the move before it."""
    return f"the text ends inside a move ({quoted(written, width)}): read to the move before it"


VisitorT = TypeVar("VisitorT")


class _Line:
    """One line of moves being read: the main line or a variation (to any depth) inside it."""

    __slots__ = (
        "ahead",
        "board",
        "checked_to",
        "cited_end",
        "count",
        "deferred",
        "failure",
        "in_sentence",
        "in_sentences",
        "number",
        "number_at",
        "number_fits",
        "number_warning",
        "numbered_ahead",
        "open_at",
        "parent",
        "path",
        "paused",
        "pending",
        "plies",
        "prose",
        "prose_end",
        "resolved",
        "resumed",
        "resumed_from",
        "resumed_in_sentence",
        "skipped",
        "starting",
        "suffix",
        "written",
    )

    def __init__(self, board: chess.Board | None, parent: _Line | None, open_at: int, path: str) -> None:
        self.board = board
        # The moves as written of the plies played on `board` from its start, one per move of its stack.
        self.written: list[Written] = []
        self.parent = parent
        self.open_at = open_at
        self.checked_to = open_at  # how far a heading bracket's text was searched for a paragraph's end
        self.path = path
        self.plies: list[Ply] = []
        self.pending: Ply | None = None
        self.resolved: Resolved | None = None
        self.suffix = "+" if board is not None and board.is_check() else ""
        self.prose = -1  # where the prose being read started, or -1
        self.prose_end = 0
        self.cited_end = -1  # where the last move read as part of the prose ends
        self.number_fits = False  # a move number that fits was the last token
        self.number = ""
        self.number_at = -1  # where the last move number read started
        self.number_warning = ""
        self.skipped = False  # that number is the one of the ply after the one due ("8. hxg4 9. Jxe5")
        self.numbered_ahead = 0  # how many plies that number stands ahead of the one due
        # The main line ended at an ellipsis before words; its next move number that fits resumes it.
        self.paused = False
        self.failure = ""
        self.starting = ""
        self.deferred: list[tuple[tuple[Ply, ...], str]] = []
        self.ahead = False  # a variation that goes on from after the parent's last ply
        self.count = 0
        self.resumed: list[int] = []  # how many plies were read each time the moves went on after prose
        self.resumed_from: list[int] = []  # ... and where in the text they went on (-1: not known)
        # The last time, at a number inside a sentence of the prose ("para la minaccia 43 Da7, ma ..."); and
        # how many plies were read each time the moves went on so, since they last went on otherwise
        # ("jogar o simples 5...e6, seguindo 6.Cc3 Cc6").
        self.resumed_in_sentence = False
        self.in_sentences: list[int] = []
        # A bracket opened inside a sentence of the parent's prose.
        self.in_sentence = False

    @property
    def resumed_at(self) -> int:
        """How many plies were read when the moves last went on after prose, or -1."""
        return self.resumed[-1] if self.resumed else -1


def _resumed(line: _Line) -> tuple[int, chess.Board] | None:
    """Where in the text a line's moves last went on after prose, and its board as it was there; None where
    that is not known."""
    start = line.resumed_from[-1] if line.resumed_from else -1
    if start < 0 or line.board is None:
        return None
    board = line.board.copy()
    for _ in range(line.count - line.resumed_at):
        board.pop()
    return start, board


def ply_key(value: str) -> int:
    """The ply a written move number stands for, twice the number and one more for Black's."""
    digits = _DIGITS.match(value)
    return 2 * _number(digits) + (digits is not None and _black_number(value[digits.end() :]))


def _ply_key_due(board: chess.Board) -> int:
    """The ply due on `board`, counted as `ply_key` counts."""
    return 2 * board.fullmove_number + (board.turn == chess.BLACK)


# A last move's comment that numbers this many later moves or more may hold the rest of the game.
GAME_IN_COMMENT = 5


def game_in_the_comment(last: Ply) -> set[int]:
    """The later move numbers that the last move's comment holds where it holds GAME_IN_COMMENT or more (else
    none): the game may go on there, in text that was read as prose (a number written wrong, say), and the
    moves stop short."""
    next_number = last.number if last.white else last.number + 1
    later = {
        number for found in NUMBERED_MOVE.finditer(last.comment) if (number := _number(found)) > next_number
    }
    return later if len(later) >= GAME_IN_COMMENT else set()


def _number(found: re.Match[str] | None) -> int:
    """The move number matched, or 0 (which fits no position) for none or for more digits than any game
    has moves: int() refuses a megabyte of digits."""
    return int(found.group()) if found is not None and len(found.group()) <= 9 else 0


_ECO_CODE = re.compile(r"[A-E][0-9]{2}(?![^\W_])")

# A move number in quotation marks, with its move: one the prose quotes ("5 ...e5", „12. Sf3“).
_QUOTE_OPENS = re.compile(r"[\"“„«‚‘][ \t]*\Z")
_QUOTE_CLOSES = re.compile(r"[ \t.…]*[^\s\"”“»‘’]{2,12}[!?+#]*[\"”“»’‘]")
# The word (letters only) next after white space.
_NEXT_WORD = re.compile(r"[ \t]+([^\W\d_]+)(?!\w)")
# The full stop (and marks) after a move that ends a sentence, before the next move number.
_SENTENCE_AFTER_MOVE = re.compile(r"[!?+#]*[ \t]*\.[ \t\r\n]*")
# The move number right before the end of a text ("… 13. "), with what follows its digits.
_NUMBER_BEFORE = re.compile(r"(?<![\w.])[0-9]{1,3}(?P<rest>[ \t]*\.(?:[ \t]*(?:\.\.\.?|…))?)[ \t]*\Z")
# A result as written ("1-0", "0:1", "1/2-1/2", "½-½").
_RESULT_WRITTEN = re.compile(r"(?<![0-9])(?:1[ ]?[-–:][ ]?0|0[ ]?[-–:][ ]?1|1/2|½)(?![0-9])")
# A word in lower case just before a point in a line, and just after it (or the sentence's end).
_LOWER_WORD_BEFORE = re.compile(r"(?<![^\W\d_])[^\W\d_]*[^\W\d_A-Z][ \t]+\Z")
_LOWER_WORD_AFTER = re.compile(r"[ \t]+[^\W\d_A-Z]|[.!]")
# A line that holds a numbered move and nothing else.
_LINE_NUMBERED = re.compile(r"[ \t]*[0-9]{1,3}[ \t]*[.…]+[ \t]*\S+[ \t]*(?:\n|\Z)")
# The rest of a line after a move that stands alone on it: its marks at most, and the game's result.
# A result alone in round brackets ("(1-0)", "( ½-½ )").
_BRACKETED_RESULT = re.compile(
    rf"\([ \t]*(?P<result>{_RESULT_WRITTEN.pattern}(?:[ ]?[-–:][ ]?½|-1/2)?)[ \t]*\)"
)
_ALONE_ON_LINE = re.compile(rf"[+#!?]*[ \t]*(?P<result>(?:{_RESULT_WRITTEN.pattern})\S*[ \t]*)?(?:\n|\Z)")
# What may stand before a line's first move number: white space, and a list's bullet ("  • 30. Dxe3").
_LINE_HEAD = re.compile(r"\s*(?:[•·▪◦*-][ \t]*)?")
# The patterns searched through every game's whole text begin with the character they match first, a look-behind
# after it (not before): a search skips at C speed to where such a character stands, instead of trying the
# look-behind at every position.
# "1." read by OCR as a letter and a dot: a move after it, and "2." soon after on its line.
_FIRST_NUMBER_AS_LETTER = re.compile(
    rf"[{ONE_AS_LETTER}](?<![\w.][{ONE_AS_LETTER}])"
    r"(?=\.[ \t]*[^\W\d_]{0,2}[a-h][1-8][^\n]{0,40}?(?<![\w.])2[ \t]*\.[ \t]*[^\W\d_])"
)
# A file written as a capital before its rank ("2. C2—C4", "1. d4, Hf6 2. Hf3, C5"; a Cyrillic text's С is
# its Latin C, folded): no piece moves to a rank alone, so it is the pawn's square, alone or in a long form.
# No pawn stands on the first or last rank, so a long form from there is a piece's, the rank telling it from
# its twin ("37…B8xc6", a Hungarian rook).
_CAPITAL_FILE = re.compile(
    r"[A-HАВСЕ](?<![\w=/(.][A-HАВСЕ])(?=[2-7][ \t]?[-–—:x×][ \t]?[a-hA-HАВСЕ][1-8](?![0-9])|[1-8](?:[ \t,;.!?+#)]|$))"
)
# ... and the square it goes to, written so after a lower-case origin ("2. c2—C4").
_CAPITAL_TARGET = re.compile(
    r"[A-HАВСЕ](?:(?<=[a-h][1-8][-–—:x×][A-HАВСЕ])|(?<=[a-h][1-8][ \t][-–—][ \t][A-HАВСЕ]))(?=[1-8](?![0-9]))"
)
_CAPITAL_FILES = str.maketrans("ABCDEFGHАВСЕ", "abcdefghabce")
# A pawn's move written by its file, a dash and the rank, as an old notation that writes a piece's move "H—f3"
# writes a pawn's ("1. e—4 e—5 2. f—4"): read as the square where the text writes it so twice or more.
_DASHED_PAWN = re.compile(r"([a-h])(?<![\w\-–—][a-h])[-–—]([1-8])(?![\w\-–—])")
# The c file typed with a French keyboard's "ç" ("3 Cç3", "4 Ff4 ç6", a pawn's capture "4.d4 çd4:"): no word
# has "ç" before a digit or a square.
_CEDILLA_FILE = re.compile(r"ç(?=[1-8](?![0-9])|[:x×]?[a-h][1-8](?![0-9]))")
# A move after a number written without its dot ("vieja: 1 e4 c5").
_MOVE_FOLLOWS = re.compile(rf"[ \t]+(?:{MOVE_AHEAD})")
# ... or glued to it (`(3)L:b7`).
_MOVE_AFTER = re.compile(rf"[ \t]*(?:{MOVE_AHEAD})")
# A long form's squares with a space between file and rank, as a page set in narrow type prints them ("19. f 4—f 5!",
# "3. … Rg8— f 6").
_SPACED_SQUARES = re.compile(
    r"([a-h])(?<![a-z\d_][a-h])"
    r"(?:[ ]([1-8])([-–—])([a-h])[ ]?([1-8])|([1-8])([-–—])[ ]?([a-h])[ ]([1-8]))(?!\w)"
)
# A piece's file or rank in brackets, telling it from its twin ("15 – T(f)d1", "28 – T(1)ç1"): written plainly, the
# brackets' width put before the piece's letter, so that every later column stays where it was.
_BRACKETED_ORIGIN = re.compile(r"(?<![\w(])([^\W\d_a-z]{1,2})\(([a-h1-8])\)(?=[:x×]?[a-h][1-8](?![0-9]))")
# Markdown's bold on one line: a lesson that sets its game's moves in bold.
# A stretch set in bold or in italics by Markdown's marks (`**5.Sg2 dxc4**`, `_1...c6 2.d4_`, `__7.Ac3!__`; not a
# lone `*`, the unknown result's sign).
# Bold's closing marks may touch the next word (`**45. - Txh3**stadig`); italics' may not (`snake_case`).
_EMPHASIS = re.compile(r"(?<![\w*])(\*\*|__|_)(?=[^\s_*])[^*_\n]*?[^\s_*]\1(?:(?<=\*\*)(?!\*)|(?![\w*]))")
_MARKDOWN_HEADING = re.compile(r"^#{1,6}[ \t]", re.MULTILINE)
_MARKDOWN_HEADING_LINE = re.compile(r"^#{1,6}[ \t][^\n]*\n", re.MULTILINE)
# A table's column rule standing alone ("5. | d2—d4 | .... |"): layout, read as white space in a text with
# two rows or more that put a move number in a column of its own.
# How many moves written after a move that cannot be played must play on after the one a slip away from it
# (twice as many within a few moves of where the game went on after prose, which may cite another line), and
# how the warning on a move so read begins (`--lenient` flags such a move).
_SLIP_CHECKED = 3
# ... and while more than one such move does, up to this many times as many more.
_SLIP_CHECKED_MOST = 3
SLIP_READ = "cannot be played; read as"
# How far back from a move that cannot be played a misprint is looked for, how many moves written after that
# move must play on too, and how the warning on a move so read begins (`--lenient` flags such a move).
_MISPRINT_BACK = 24
_MISPRINT_FOLLOWING = 4
_MISPRINTS_MOST = 3  # in one chunk
# A chess font's figurine that no table knows, copied out of a document as a character of Unicode's private use
# area, glued to the square its piece goes to ("\ue0a6f3", "\ue0a6g1-f3", "\ue0a9xd8"): which piece, only its
# moves tell. Read as a figurine of one character, the text keeps its length.
_UNKNOWN_FIGURINE = re.compile(r"[\ue000-\uf8ff](?=[a-h1-8]{0,2}[-–—x×:]?[a-h][1-8])")
_PIECE_FIGURINES = "♔♕♖♗♘"
# A font's figurine that the table knows (ChessBase's `¦` for the rook): another font may set another piece on it.
_TABLED_FIGURINE = re.compile(
    "["
    + "".join(glyph for glyph in FIGURINES if not "♔" <= glyph <= "♟")
    + r"](?=[a-h1-8]{0,2}[-–—x×:]?[a-h][1-8])"
)
# Moves read for others written, by the line, column and text of the move written, each with its warning.
_Misprints = dict[tuple[int, int, str], tuple[chess.Move, str]]
_MISPRINT_GAIN = 4  # how many more plies the games must read with them
MISPRINT_READ = "a misprint; read as"
# A move that cannot be played and no slip explains, or an ambiguous one the next moves do not decide: the
# moves of its piece there, or its candidates (this many at most), are tried, the chunk read again with each;
# the one after which the game reads on furthest, by this many plies more than without it and than with any
# other, is read, with the warning that begins so.
_GUESSES_MOST = 30
_GUESS_GAIN = 10
GUESS_READ = "cannot be played as written; read as"
# How the warning begins on a move the text left out, read from the moves written after it.
OMITTED_READ = "left out of the text; read as"
# ... where several moves fit it (or several a slip away fit a move that cannot be played), the likeliest is
# read, and its warning says so; the likeliest others this many are named.
LIKELIEST = "the likeliest of"
_OTHERS_NAMED = 5
# ... and on an ambiguous move that several candidates fit, the likeliest read.
AMBIGUOUS_READ = "ambiguous; read as"
# ... and on a damaged move, which the lexer reads as no move ("14.Kb 1", "Ф68:d5").
BROKEN_READ = "no move as written; read as"


# ... and on a pawn's move read past a character glued before it and skipped ("3. @f3"), where a piece could go
# there too: the character may be the piece's figurine, as OCR read a chess font.
GLUED_READ = "a character glued before it skipped; read as"


_READ_OTHERWISE = (
    SLIP_READ,
    MISPRINT_READ,
    OMITTED_READ,
    BROKEN_READ,
    GUESS_READ,
    ORIGIN_MISWRITTEN,
    GLUED_READ,
)


def read_otherwise(ply: Ply) -> bool:
    """Whether the reader read a ply as other than it is written: for a slip, for a misprint, for a damaged
    move, for a move the text left out or for a long-form move's origin that holds no such piece (a guess the
    reader stands by, flagged for review); or as written where its capture mark, between its piece and its
    square, says it takes what is not there ("Bd3Xc4" in an OCR'd column that confuses c and e: Bxe4 was
    played)."""
    return any(warning.startswith(_READ_OTHERWISE) for warning in ply.warnings) or (
        FALSE_CAPTURE in ply.warnings and _CAPTURE_BEFORE_SQUARE.search(ply.written.text) is not None
    )


# A capture mark before a move's target square ("Bd3Xc4", "exd5"; not a colon after it, "f4:").
_CAPTURE_BEFORE_SQUARE = re.compile(r"[x×X:][ ]?[a-h][1-8]")
_ESCAPED_DOT = re.compile(r"(?<=[0-9])\\(?=\.)")
# A book's move numbers in brackets ("(1) e2-e4\t\te7-e5", "(4) ..., Gf8-c5; (5) c2-c3"): where two lines start
# with one, each such number before a move is read as one written with its dot (" 1. e2-e4").
_BRACKETED_NUMBER = re.compile(r"\(([0-9]{1,3})\)(?=[ \t]*\n?[ \t]*(?:\.\.|…|[^\W\d_]|[0oO]-))")
_BRACKETED_NUMBER_LINE = re.compile(r"^[ \t]*\([0-9]{1,3}\)[ \t]+[^\W\d_]", re.MULTILINE)
# The ellipsis of a black move's number garbled by a copy between encodings: "6ÉSc6" (Mac Roman read as Latin-1),
# "6â€¦Sc6" (UTF-8 read as Windows-1252).
_GARBLED_ELLIPSIS = re.compile(r"(?<=[0-9])(?:É|â€¦)(?=[^\W\d_])")
_COLUMN_RULE = re.compile(r"(?<!\S)\|(?!\S)")
_TABLE_ROW = re.compile(r"^[ \t|]*[0-9]{1,3}[ \t]*\.[ \t]*\|", re.MULTILINE)


def _emphasised_main_line(text: str) -> str:
    """The text with the words between bold or italic stretches of moves made comments, where two or more of
    them hold move numbers: a lesson in Markdown sets its game in bold (or italics) and cites other lines in
    plain words between (`**5.Sg2 dxc4 6.0-0** Inou možnosťou je 6.Je5 b5 7.a4 **b5 7.a4 Sb7**`, `_6...Ab4_
    … 6...g6 7.0-0 Ff5`). The plain words become comments, their brackets (variations) kept apart; the text
    keeps its length, the comment braces standing where the marks and spaces stood."""
    if "**" not in text and "_" not in text:
        return text
    # The game is in one kind of marks, the one whose stretches hold the most move numbers; the other stresses
    # words (`_14.Aa4!_ Aktif taş oyunu sürdürülmeli **Fd7 gelmeden**!`).
    # Italics' underscores around moves are white space (`_1.e4 c5_`; an underscore would join the number to a
    # word); the asterisks of bold stay, to stand for comment braces below.
    stretches: dict[str, list[re.Match[str]]] = {}
    chars = list(text)
    for found in _EMPHASIS.finditer(text):
        if SQUARE.search(found[0]):
            stretches.setdefault(found[1].replace("__", "_"), []).append(found)
            if found[1] != "**":
                marks = len(found[1])
                chars[found.start() : found.start() + marks] = chars[found.end() - marks : found.end()] = [
                    " "
                ] * marks
    text = "".join(chars)
    marked = max(
        stretches.values(),
        key=lambda kind: sum(_COMMENT_NUMBER.search(found[0]) is not None for found in kind),
        default=[],
    )
    if sum(_COMMENT_NUMBER.search(found[0]) is not None for found in marked) < 2:
        return text
    spans = [found.span() for found in marked]
    # The words before the first marked stretch, below the section's heading, are words on the game (`1.Jf3 a
    # po dvadsiatich ťahoch …`), not its moves: a comment where they cite moves.
    first = spans[0][0]
    opening = max((found.end() for found in _MARKDOWN_HEADING_LINE.finditer(text, 0, first)), default=0)
    if opening > 0 and _COMMENT_NUMBER.search(text, opening, first) is not None:
        _comment_out(chars, text, opening - 1, first)
    for (_, after), (before, _) in pairwise(spans):
        section = _MARKDOWN_HEADING.search(text, after, before)
        if section is not None:
            # A new section (`## Samostatná práca`): the game is over, or not begun; the words before it
            # are the last move's, and its marks no mate sign of that move ("8.Abd2_" … "### **AÇILIŞ**").
            _comment_out(chars, text, after - 1, section.start())
            marks = section.end() - section.start() - 1
            chars[section.start() : section.start() + marks] = [" "] * marks
            continue
        if _depth(text[after:before]) > 0:
            # A bracket the run never closes (`[8...Axc3?! … 14.Ah4 …;` up to `_8...Af6_`): all of it words on
            # the game.
            _comment_out(chars, text, after - 1, before)
            continue
        # Each plain run outside brackets that stand apart (a variation, not `vývine(Sg7)`), from the marks'
        # end (or a bracket's) to the next such bracket (or marked stretch).
        start, depth, apart = after - 1, 0, False
        for index in range(after, before):
            char = text[index]
            if char in "([":
                if depth == 0 and text[index - 1] in "* \t\n":
                    _comment_out(chars, text, start, index)
                    apart = True
                depth += 1
            elif char in ")]" and depth:
                depth -= 1
                if depth == 0 and apart:
                    start, apart = index + 1, False
        if not apart:
            _comment_out(chars, text, start, before)
    # The words after the last marked stretch, to the paragraph's end, are the last move's where they cite
    # moves ("**17.Pg4** en hier gaf mijn tegenstrever op; op zowel 17... De7 of 17... Ke7 win ik"), and so is
    # each paragraph after it that cites a move ("_31.Vg6 Fd8 32.Kh7_", then "… siyahın 32...Vf7 hamlesini
    # 33.Kh8 …"), up to one that cites none, tells a result, starts a section or starts a game with move 1.
    start, first = spans[-1][1], True
    while start < len(text):
        paragraph = _PARAGRAPH_END.search(text, start)
        end = paragraph.start() + 1 if paragraph is not None else len(text)
        tail = text[start:end]
        if _RESULT_WRITTEN.search(tail) is not None or _MARKDOWN_HEADING.search(tail) is not None:
            break
        if _COMMENT_NUMBER.search(tail) is not None if first else _CITED_MOVE.search(tail) is not None:
            _comment_out(chars, text, start - 1, end)
        elif tail.strip():
            break
        if paragraph is None or FIRST_MOVE.match(text, paragraph.end()) is not None:
            break
        start, first = paragraph.end(), False
    return "".join(chars)


# A move number alone between two marked stretches (`1. **e4 c5** 2. **Nf3 e6**`): the next stretch's number.
_LONE_NUMBER = re.compile(r"[\s*]*[0-9]{1,3}[ \t]*(?:\.(?:[ \t]*(?:\.\.\.?|…))?)?[\s*]*")


def _comment_out(chars: list[str], text: str, start: int, end: int) -> None:
    """Make text[start:end] a comment where it holds words, `{` on its first character and `}` on the one
    before `end`; both must be markup or white space, and no brace may stand between."""
    inner = text[start + 1 : end - 1]
    if not re.search(r"[^\s*]", inner) or re.search(r"[{}]", inner) or _LONE_NUMBER.fullmatch(inner):
        return
    if text[start] in "* \t\n" and text[end - 1] in " \t\n":
        chars[start], chars[end - 1] = "{", "}"
        if text[start - 1 : start + 1] == "**":
            chars[start - 1] = " "  # the bold's other asterisk, which alone would read as the result `*`


@cache
def _lower_piece(locale_code: str) -> re.Pattern[str] | None:
    """A piece letter of the locale written in lower case before a move's squares ("56. Kh5 wa4+", "1. Кf3
    кf6"), where the lower-case letter is no file; None for a locale with no such letter."""
    letters = {
        text.lower()
        for text in get_locale(locale_code).piece_spellings(english=False)
        if len(text) == 1 and text.isalpha() and text.lower() != text and text.lower() not in "abcdefgh"
    }
    if not letters:
        return None
    alternation = "".join(sorted(letters))
    return re.compile(
        rf"[{alternation}](?<![^\W\d_][{alternation}])(?=[a-h]?[1-8]?[x:×-]?[a-h][1-8](?![0-9]))"
    )


@cache
def _capital_capture(locale_code: str) -> re.Pattern[str] | None:
    """A pawn's capture with its file written as a capital ("3. Exd5", as a phone capitalises after a sentence's
    end) where no piece of the locale, nor of English, which the reader takes too, is written with that capital."""
    pieces = set(get_locale(locale_code).piece_spellings())
    files = "".join(letter for letter in "ABCDEFGH" if letter not in pieces)
    return re.compile(rf"[{files}](?<![\w=/(.][{files}])(?=[x×:][a-h][1-8](?![0-9]))") if files else None


# A square (with a piece letter) and a pawn's square joined by a dash: a long-form move, or White's move and
# Black's ("1.e4-e5", "4.De3-d6").
_PAIR = re.compile(
    r"(?P<first>[^\W\d_]?[a-h][1-8])(?P<dash>[ ]?[-–—](?:[ ]|[ \t]*\r?\n[ \t]*)?|: |)(?P<second>[a-h][1-8])"
)
# Why a bracket is read as text: it holds another line of the moves that the prose around it cites.
_IN_PROSE = "part of the prose"
# A full stop or semicolon before white space, or a line break: where a sentence or a line of prose ends,
# unless the dots are a move number's ("4. … Sc5", "4... Sc5"; `_NUMBER_DOTS` ends just before them) or the
# semicolon separates moves ("9 ..., Cc6; 10 De2, b5", on the next line too).
# An exclamation or question mark after a word ends a sentence too ("… ¡no quiere igualar nada! 9...Cxe4"), not one
# after a move ("12.Ac4! y …").
_STOP = re.compile(r"(?:\.|;(?!\s*[0-9])|(?<=[^\W\d_]{2})[!?]+)(?=\s)|\n")
_NUMBER_DOTS = re.compile(r"(?:^|[\s(\[{])[0-9]{1,3}[ \t]*(?:\.[ \t]*)*$")


def _sentence_end(text: str, start: int, end: int | None = None) -> int | None:
    """Where the first sentence end after `start` (and before `end`) is, or None."""
    for stop in _STOP.finditer(text, start):  # not ended at `end`: what follows a stop tells what it is
        if end is not None and stop.start() >= end:
            return None
        if stop[0] != "." or _NUMBER_DOTS.search(text, max(0, stop.start() - 12), stop.start()) is None:
            return stop.start()
    return None


# How many moves written under the number due must play on for the game to go on there, past an alternative
# told in prose (the move and the reply: a note on the reply may follow right after it).
_TOLD_GOES_ON = 2
# A line that starts with no white space, after a line break.
_UNINDENTED_LINE = re.compile(r"(?<=\n)(?=[^\s])")
# How many moves written after a cited line's next move, words between them skipped, tell whether it goes on
# the cited line or the game's.
_ACROSS_WORDS = 6
# A word right before a move number on its line, no sentence's end between: the number is inside a sentence.
_IN_A_SENTENCE = re.compile(r"(?<![\w.])[^\W\d_]{2,}[ \t]+\Z")
# A sentence's end (or a line's start) right before a move number.
_SENTENCE_BEFORE = re.compile(r"(?:[.!?]|^)[ \t]*\Z", re.MULTILINE)
# "If" right before a move number, starting a sentence or after a comma ("Wenn 7. Dc4, so folgt b5!", "Si
# 12.Fxh7+ Rxh7", "…, if 12. Qh5"): a line the words suppose, never the game's move. ("se" and "si" also are
# reflexive pronouns: "defendem-se 6. Tf1" is the game's.)
_IF = "If|Wenn|Falls|Si|Se|Ak|Keby|Pokud|Kdyby|Jestli|Jestliže|Ako|Jeśli|Jeżeli|Gdyby|Ha|Если|Indien"
# "For example" right before a move number ("F.eks. 13… Td8? 14.Lxh7+", "z.B. 12.Sg5", "t.d. 10. — — e4"):
# a line that shows an idea, not the game's.
_FOR_EXAMPLE = (
    r"[Ff]\.[ ]?eks\.|[Ff]or eksempel|[Tt]il eksempel|[Tt]\.[ ]?ex\.|[Tt]ill exempel|[Tt]\.[ ]?d\.|[Tt]il dæmis"
    r"|[Zz]\.[ ]?[Bb]\.|[Zz]um Beispiel|[Bb]eispielsweise|[Bb]ijv\.|[Bb]ijvoorbeeld|[Nn]apr\.|[Nn]apř\."
    r"|[Nn]apríklad|[Nn]apříklad|[Nn]p\.|[Nn]a przykład|[Nn]pr\.|[Nn]a primer|[Nn]aprimjer|[Pp]éldául|[Pp]l\."
    r"|[Нн]апр\.|[Нн]апример,?|[Ee]\.[ ]?g\.,?|[Ff]or (?:example|instance),?|[Pp]\.[ ]?ej\.|[Pp]or ejemplo,?"
    r"|[Pp]\.[ ]?ex\.|[Pp]ar exemple,?|[Pp]er esempio,?|[Pp]\.[ ]?es\.|[Pp]or exemplo,?"
)
# A threat right before a move number ("Er dreigde 30. Dxg6+ fxg6", "Hótar 16; BXc6", "threatening 23.Qh7+"):
# what would have come, not what was played.
_THREAT = (
    r"(?i:dreigt|dreigde|droht|drohte|drohend|threatens|threatened|threatening|threat was|hrozí|hrozilo|grozi"
    r"|prijeti|groził|grożąc|fenyeget|fenyegetett|угрожает|угрожало|угрожая|menace|menaçait|minaccia"
    r"|minacciando|amenaza|amenazaba|amenazando|ameaça|ameaçava|truer|truede|hotar|hótar|hotade|hotaði)"
)
_SUPPOSING = re.compile(
    rf"(?:(?<![\w.,-])(?:{_IF}|{_FOR_EXAMPLE}|{_THREAT})|(?<=,[ \t])(?:{_IF.lower()})):?\s+\Z"
)
_SUPPOSING_LONGEST = 18  # "Na przykład:  ": how far before a number such words start
# "Better" a few words before a move number in its sentence ("Besser ist hier 6. … e5xd4", "Lepšie bolo
# 12...Dc7", "Better was 20.Qd2"): the move the writer would have preferred, never the game's; not where it
# says what came before it was better ("want Pxf7 was beter en interessanter 17..Pe5").
_BETTER = re.compile(
    r"(?<![\w])(?i:besser|better|lepšie|lepší|lepsze|lepiej|bolje|боље|meilleur|mieux|mejor|meglio|migliore"
    r"|beter|bättre|bedre|betra|лучше|лучшим|jobb|parempi|melhor)(?:[ \t]+[^\W\d_]+){0,3}[ \t]*:?[ \t]+\Z"
)
_BETTER_LONGEST = 40
_VERB_BEFORE = re.compile(
    r"(?<![\w])(?i:was|is|ist|war|are|je|bol|byl|bolo|bylo|było|były|est|es|era|è|är|var|er|oli|было|volt)[ \t]+\Z"
)


def _blanked(text: str, start: int, end: int) -> str:
    """The text with a stretch of it turned to spaces, its line breaks kept (positions and line numbers stay)."""
    return text[:start] + re.sub(r"[^\n]", " ", text[start:end]) + text[end:]


def _named_after(comment: str) -> dict[str, str]:
    """The players, the place and the date that the last move's comment names where it is a heading's line and
    nothing else ("Tal - Jakobsen (Skopje 1972) | | |", a table's rules after it); none otherwise."""
    line = comment.replace("|", " ").strip()
    if "\n" in line or len(line) > _NAMED_AFTER_LONGEST:
        return {}
    tags = read_heading(line)
    if not {"White", "Black"} <= tags.keys():
        return {}
    return {name: tags[name] for name in ("White", "Black", "Site", "Date") if name in tags}


_NAMED_AFTER_LONGEST = 80


def _line_start(text: str, position: int) -> int:
    """Where the line that holds `position` starts (a pattern anchored at `position` looks no further back)."""
    return text.rfind("\n", 0, position) + 1


def _depth(text: str) -> int:
    """How many more brackets `text` opens than it closes."""
    return text.count("(") + text.count("[") - text.count(")") - text.count("]")


def _closes(text: str, open_at: int) -> bool:
    """Whether the bracket opened at `open_at` is closed later in `text` (a later note the text never closes,
    a copy cut inside it, leaves this one closed)."""
    depth = 0
    for char in text[open_at:]:
        depth += (char in "([") - (char in ")]")
        if depth <= 0:
            return True
    return False


# How far back from a move number inside a line the bracket that closed just before it is looked for (a bracket
# never closed ends there: `_unclosed_before_the_game`).
_AFTER_A_BRACKET = 8


def _starts_line(text: str, start: int) -> bool:
    """Whether only white space, or a list's bullet ("  • 30. Dxe3"), stands before `start` on its line."""
    return _LINE_HEAD.fullmatch(text, _line_start(text, start), start) is not None


def _black_number(rest: str) -> bool:
    """Whether what follows a move number's digits ("...", ". ...", "…", "."; "13.-," and "5. —." in Hungarian
    texts, "8. —o—" in an old Icelandic one) makes it Black's; a dash alone is the dot's stand-in ("1 – e4")."""
    dashed = "-" in rest or "–" in rest or "—" in rest
    return rest.count(".") >= 2 or "…" in rest or (dashed and bool(rest.strip(" \t-–—")))


def _after_a_ply(board: chess.Board) -> chess.Board:
    """`board` with the turn passed: where the ply after the one due is numbered."""
    after = board.copy(stack=False)
    after.push(chess.Move.null())
    return after


def _origins_left(side_moves: list[tuple[Written, str]]) -> set[int]:
    """The squares that a side's next moves, written in the long form, move a piece from before any of them
    moves one there: a piece on such a square has not moved yet ("14...Sc8-5" read as Sc8 is no slip for
    Sb4-c5 where "16...Sb4-f8" follows)."""
    origins: set[int] = set()
    reached: set[int] = set()
    for written, _ in side_moves:
        if written.long_form and written.from_file is not None and written.from_rank is not None:
            origin = chess.square(written.from_file, written.from_rank)
            if origin not in reached:
                origins.add(origin)
        if written.to_square is not None:
            reached.add(written.to_square)
    return origins


def _fits(value: str, board: chess.Board) -> bool:
    """Whether a move number ("12.", "12...", "12") is the one of the side to move in `board`."""
    found = _DIGITS.match(value)
    if found is None or _number(found) != board.fullmove_number:
        return False
    rest = value[found.end() :]
    if not rest.strip() or rest.strip() == ")":  # a bare number or "12)": either side
        return True
    return _black_number(rest) == (board.turn == chess.BLACK)


def _ply_index(root: chess.Board, number: int, black: bool) -> int:
    """How many plies come before move `number` of that side in a game from `root` (negative: before it)."""
    return 2 * (number - root.fullmove_number) + black - (root.turn == chess.BLACK)


def _rewound(board: chess.Board, plies: int) -> chess.Board:
    """The position `plies` half-moves before `board`'s, as a board of its own."""
    earlier = board.copy()
    for _ in range(plies):
        earlier.pop()
    return earlier


def _slips(board: chess.Board, written: Written, played: chess.Move) -> list[chess.Move]:
    """The legal moves other than `played` that `written` names but for a slip of one letter: one letter of
    its square ("d6" for e6), its piece letter (a bishop's move for a knight's to the same square), or one of
    the two files of a pawn capture written by its files ("ed" for cd)."""
    if written.castle or written.captured is not None or piece_unwritten(written):
        return []
    slips = []
    for move in board.legal_moves:
        if move == played or (move.promotion or None) != written.promotion:
            continue
        piece = board.piece_type_at(move.from_square)
        from_file, to_file = chess.square_file(move.from_square), chess.square_file(move.to_square)
        if written.to_square is None:
            if piece == chess.PAWN and from_file != to_file:
                slips += (
                    [move] if (from_file != written.from_file) + (to_file != written.to_file) == 1 else []
                )
            continue
        if written.from_file not in (None, from_file) or written.from_rank not in (
            None,
            chess.square_rank(move.from_square),
        ):
            continue
        letters = (to_file != chess.square_file(written.to_square)) + (
            chess.square_rank(move.to_square) != chess.square_rank(written.to_square)
        )
        if letters + (piece != written.piece) == 1:
            slips.append(move)
    return slips


# A rank after a space that split a square from its file ("14.Kb 1"); the dashes of a long form.
_SPLIT_RANK = re.compile(r"[ ]([1-8])(?![\w])")
# A capture mark or a dash and the target square, spaced, after a long form's origin ("Rf 6 X e4", "Lf 1 —d3").
_SPACED_TAIL = re.compile(r"[ \t]*(?:(?P<takes>[xX×:])|[-–—])[ \t]*(?P<target>[a-h][1-8])(?![\w])")
# A piece letter apart from its square ("23. К f3К b4", a page's figurines turned to letters and spaces): the
# square, with a capture mark or an origin's file before it, and no digit or file letter after it.
_SPLIT_SQUARE = re.compile(r"[ \t]([a-h]?[x:×]?[a-h][1-8])(?![0-9a-hx])")
# An old book's dash with a ring or a ditto mark where White's move stands ("8. —o— c5Xd4", "6. —”— h7—h6",
# "6. —';" as OCR reads it): the number is Black's.
_PLACEHOLDER = r"""[-–—][oо”"'’]{1,2}[-–—;](?=[ \t])"""
# A long form's dash and target after a word ("Pigl—f3"), the word's end its origin square, 1 perhaps read as l.
_LONG_TAIL = re.compile(r"[-–—][a-h][1-8lI](?![\w])")
_ORIGIN_END = re.compile(r"[a-h][1-8lI]$")
# Move 1's number right before a word ("1. Pigl—f3"): where a game's damaged first move stands.
_MOVE_ONE_BEFORE = re.compile(r"(?<![\w.])1[ \t]*[.)][ \t]*$")
# A piece's move to rank 1 read as a word, the 1 read as l or I ("Hael", "Kgl"), and a move number just before.
_RANK_READ_AS_LETTER = re.compile(r"[^\W\d_][a-h1-8]?[a-h][lI]")
_NUMBER_JUST_BEFORE = re.compile(r"(?<![\w.])[0-9]{1,3}[ \t]*\.[ \t]*$")
_SQUARE_PAIR = re.compile(r"(?P<origin>[a-h][1-8lI])-(?P<target>\S[1-8])$")
# A long form's dash (maybe doubled) and target after a move's square, its origin, the target's file or rank
# garbled by OCR ("f2—Í4!", "e7--05", "Lf1--15", "e7-—ed").
_GARBLED_TARGET = re.compile(r"[-–—]{1,2}(?:[^\W_a-h][1-8]|[a-h][^\W\d_])(?![\w])")
# A long form's capture mark and target whose rank OCR garbled, glued to its origin ("Bd4Xdff" for Bd4xd1+,
# "Ba1Xdl"): the origin's piece takes on that file.
_GARBLED_CAPTURE = re.compile(r"[Xx×:][a-h][^\s\d]{1,2}(?=\s|$)")
# ... spaced ("7. Lg5 X fó" for Lg5xf6, OCR's ó for 6): read as the capture written together.
_SPACED_GARBLED_CAPTURE = re.compile(r"[ \t]+[Xx×][ \t]+(?P<target>[a-h][^\W\d_])(?![\w])")
# Words right after a move, its marks and punctuation between ("14.Ф61—d6 + , і через").
_WORDS_AFTER = re.compile(r"[\s+#!?,;:.]*[^\W\d_]+[ \t]+[^\W\d_]{2,}")
_CAPTURE_ON_FILE = re.compile(r"(?P<origin>[a-h][1-8])[Xx×:](?P<file>[a-h])[^\s\d]{1,2}$")


# A numbered move: its number, then a move's square ("4) dxe5", "12. Jf3").
_NUMBERED_MOVE_FIRST = re.compile(
    r"(?<![\w.])([0-9]{1,3})[ \t]*[.)][ \t]*(?:[^\W\d_]{1,2}[ \t]?)?[a-hабцдефгх][1-8]"
)
# Move 1's number first in the text, whatever follows it (`1.04762. ЛФА`: OCR ran move 1 and 2 together).
_MOVE_ONE_FIRST = re.compile(r"\s*1[ \t]*[.)]")


# A move hyphenated where a narrow column's line ends ("26.hxg3 J-", then "b5" first on the next line; "Jf-" and
# "3"; "0-" and "0"): its two parts, the blanks between them (`_rejoined_move`).
_BROKEN_AT_LINE_END = re.compile(
    r"(?<![^\s.)(])(?P<head>[^\s.)(-]+(?:-[^\s-]+)*)-(?P<blank>[ \t]*\n[ \t]*)(?P<rest>[^\s-]\S*)"
)


def _rejoined_move(found: re.Match[str], master: re.Pattern[str]) -> str:
    """A move hyphenated at a line's end as one move, the line break after it (the text keeps its length):
    castling with its hyphen ("0-0-" and "0"), another move without it ("J-" and "b5"). A first part that is a
    move of its own stays (the long form broken at its hyphen, "e2-" and "e4", reads as it is), and so do
    words hyphenated in prose."""
    head, blank, rest = found["head"], found["blank"], found["rest"]
    kind, end = _first_token(master, f"{head}-{rest}")
    if kind == "CASTLE" and end > len(head) + 1:
        joined = f"{head}-{rest}"
    else:
        kind, end = _first_token(master, f"{head}{rest}")
        alone, alone_end = _first_token(master, head)
        if kind != "MOVE" or end <= len(head) or (alone in ("MOVE", "CASTLE") and alone_end == len(head)):
            return found[0]
        joined = f"{head}{rest}"
    return f"{joined}{blank}{' ' * (len(found[0]) - len(joined) - len(blank))}"


def _first_token(master: re.Pattern[str], text: str) -> tuple[str | None, int]:
    """The kind of the token that `text` begins with, and where it ends."""
    token = master.match(text)
    kind = token.lastgroup if token is not None else None
    return (kind, token.end(kind)) if token is not None and kind is not None else (None, 0)


def _joined_squares(found: re.Match[str]) -> str:
    """The long form's squares written together, the spaces after them (the text keeps its columns)."""
    joined = "".join(part for part in found.groups() if part is not None)
    return joined + " " * (len(found[0]) - len(joined))


def moves_numbered_from(text: str) -> int:
    """The number of the first numbered move written in `text`, or 0: where it is more than 1 and no position is
    given, the text lost its first moves ("4) dxe5 d5 5) Jbd2", its first line lost), which is why no game is
    read from it. One less for each number one less written just before it, its move past reading (`1.4 d5
    2.c4`, `(1. Sgl-f3 d7-d6 2. d2-d4`: OCR lost a letter of move 1, and a decoder can read it), or that number
    with a digit doubled (`11.6465 2. Jf3`); and 1 where
    move 2 comes first with a square written before it on its line or on the last line before it that is not
    blank, move 1 with its number past reading (`Le4c6° ee`, then `2. Jf3 d5`)."""
    first = _first_number(text)
    return 0 if first is None else first[0]


def _first_number(text: str) -> tuple[int, int] | None:
    """The number of the first numbered move written in `text` and where it stands (`moves_numbered_from`)."""
    found = _first_numbered_move(text)
    if found is None:
        return None
    one = _MOVE_ONE_FIRST.match(text)
    if one is not None:
        return 1, one.end() - len(one[0].lstrip())
    match, number = found
    start = match.start()
    while number > 1:
        before = [
            earlier
            for earlier in _WRITTEN_NUMBER.finditer(text, max(0, start - _GARBLED_MOVE_REACH), start)
            if number - 1 in (int(earlier[1]), int(_DOUBLED_DIGIT.sub(r"\1", earlier[1], count=1)))
        ]
        if not before:
            break
        number, start = number - 1, before[-1].start()
    written_before = text[:start].rstrip()
    if number == 2 and _SQUARE_WRITTEN.search(written_before.rsplit("\n", 1)[-1]):
        return 1, written_before.rfind("\n") + 1
    return number, start


# A word of prose among moves: four letters or more, no digit glued to it ("Jbd2" is a move, "folgte" a word).
PROSE_WORD = re.compile(r"(?<![\w])[^\W\d_]{4,}(?![\w])")


def _first_numbered_move(text: str) -> tuple[re.Match[str], int] | None:
    """The first numbered move written in `text` and its number: 1 where the next two numbered moves are 2 and
    3, whatever it reads (OCR's `4.` or `7.` for `1.`)."""
    found = _NUMBERED_MOVE_FIRST.search(text)
    if found is None:
        return None
    following = [int(later[1]) for later in islice(_NUMBERED_MOVE_FIRST.finditer(text, found.end()), 2)]
    return found, 1 if following == [2, 3] else int(found[1])


def _move_one_unread(text: str) -> int | None:
    """Where move 1's number stands when the moves are numbered from 1 and move 1 is past reading: no square
    written after it, and no word of prose before the next number (`1. í-4, d5 2. e3`, not a list's `1. Varianta
    s 3. Jc3` or a solution's `1.Kg4` that the text cites)."""
    numbered = _first_numbered_move(text)
    first = _first_number(text)
    if numbered is None or numbered[1] == 1 or first is None or first[0] != 1:
        return None
    if PROSE_WORD.search(text, first[1], numbered[0].start()):
        return None
    return first[1]


def _numbered_past(text: str, value: str) -> bool:
    """Whether `text` writes a move number higher than the one `value` begins with."""
    digits = _DIGITS.match(value)
    return digits is not None and any(
        int(found[1]) > _number(digits) for found in _WRITTEN_NUMBER.finditer(text)
    )


_WRITTEN_NUMBER = re.compile(r"(?<![\w.])([0-9]{1,3})[ \t]*[.)]")
# A digit written twice, as OCR doubles a narrow one (`11.6465` for `1. e4 e5`).
_DOUBLED_DIGIT = re.compile(r"(\d)\1")
# A square written in a word (`Le4c6°`).
_SQUARE_WRITTEN = re.compile(r"[a-hабцдефгх][1-8]")
# How far before a numbered move the number before it may stand with a move that cannot be read between them.
_GARBLED_MOVE_REACH = 40


def _moves_between(move: chess.Move, squares: re.Match[str]) -> bool:
    """Whether `move` goes from the origin to the target a long form's two squares name (1 read as l; a
    target's file that is no file's letter, garbled, stands for any)."""
    origin = squares["origin"].replace("l", "1").replace("I", "1")
    file, rank = squares["target"][0], squares["target"][1]
    target = chess.square_name(move.to_square)
    return (
        chess.square_name(move.from_square) == origin
        and target[1] == rank
        and (target[0] == file or file not in "abcdefgh")
    )


def _takes_on_file(board: chess.Board, move: chess.Move, taken: re.Match[str]) -> bool:
    """Whether `move` is a capture from the origin and onto the file that a damaged long form names."""
    return (
        chess.square_name(move.from_square) == taken["origin"]
        and chess.square_file(move.to_square) == "abcdefgh".index(taken["file"])
        and board.is_capture(move)
    )


_DASHES = re.compile(r"[-–—]+")


def _slip(board: chess.Board, move: chess.Move, written: Written) -> bool:
    """Whether a legal move is a slip of one letter away from a written move that cannot be played."""
    if (move.promotion or None) != written.promotion:
        return False
    piece = board.piece_type_at(move.from_square)
    from_file = chess.square_file(move.from_square)
    if written.to_square is None:
        # A pawn's capture written by its files alone, one of them wrong (`ed:` for cd:).
        if piece != chess.PAWN or not board.is_capture(move):
            return False
        return (from_file == written.from_file) != (chess.square_file(move.to_square) == written.to_file)
    if piece != written.piece:
        return move.to_square == written.to_square  # the piece letter wrong or left out
    if move.to_square == written.to_square:
        # A pawn's capture from the other side of its square ("14) exCd4" for cxd4).
        return piece == chess.PAWN and written.from_file not in (None, from_file)
    # One letter of the square wrong.
    file, rank = chess.square_file(move.to_square), chess.square_rank(move.to_square)
    to_file, to_rank = chess.square_file(written.to_square), chess.square_rank(written.to_square)
    return (
        (file == to_file) != (rank == to_rank)
        and written.from_file in (None, from_file)
        and written.from_rank in (None, chess.square_rank(move.from_square))
    )


def _others(texts: list[str]) -> str:
    """The moves named after the one read, likeliest first: `_OTHERS_NAMED` of them, then how many more."""
    named = ", ".join(texts[:_OTHERS_NAMED])
    return named + (f" and {len(texts) - _OTHERS_NAMED} more" if len(texts) > _OTHERS_NAMED else "")


def _remarked(ply: Ply, resolved: Resolved, written: Written, suffix_before: str) -> Ply:
    """`ply` written as `written`, its san's check or mate as it stands now (`suffix_before` when its warnings
    were told): the warnings on its marks told again, the others (a move number's, a slip's read) kept."""
    told = set(mark_warnings(ply.written, resolved, suffix_before))
    kept = tuple(warning for warning in ply.warnings if warning not in told)
    suffix = ply.san[-1] if ply.san[-1] in "+#" else ""
    return ply._replace(written=written, warnings=kept + mark_warnings(written, resolved, suffix))


# The word for check after a checking move, as translations write it.
CHECK_WORD = re.compile(r"[Šš]ac?h|[Ss]zach|[Ss]chach|ш[аa][хx]|[Ss]akk")


def _check_or_mate(mark: str) -> str:
    """A check or mate mark as written ("+", "++", "#", "‡", "mat", "мат"): "#" for mate, "+" for check."""
    return "#" if mark[0] in "Mmм‡#" or mark == "++" else "+"


def _only_candidate(shown: str) -> str:
    """The warning on an ambiguous move that the moves written after it (`shown`) decide."""
    return f"{AMBIGUOUS_READ} the only candidate after which {shown} can be played as written"


def _slip_warning(resolved: Resolved, shown: str) -> str:
    return (
        f"{SLIP_READ} {resolved.san_body}, the only move a slip of one letter away after which {shown} "
        "can be played as written"
    )


def _one_edit(seen: str, form: str) -> bool:
    """Whether `seen` is `form` with at most one character changed, dropped or put in."""
    if seen == form:
        return True
    if len(seen) == len(form):
        return sum(a != b for a, b in zip(seen, form, strict=True)) == 1
    shorter, longer = (seen, form) if len(seen) < len(form) else (form, seen)
    if len(longer) - len(shorter) != 1:
        return False
    return any(longer[:index] + longer[index + 1 :] == shorter for index in range(len(longer)))


def _written_forms(san: str, move: chess.Move, locale: Locale, board: chess.Board) -> set[str]:
    """The ways `move` is written in `locale` (`renderings`) and in English, whose letters the reader takes
    too ("NC3" for Nc3 in a Czech text that writes English letters), the long form also with a hyphen between
    its squares; and as OCR merges c1 into one letter ("Bad," for Bac1)."""
    en_passant = board.is_en_passant(move)
    forms = set(renderings(san, move, locale, en_passant=en_passant))
    forms |= set(renderings(san, move, get_locale("en"), en_passant=en_passant))
    squares = chess.SQUARE_NAMES[move.from_square] + chess.SQUARE_NAMES[move.to_square]
    forms |= {form.replace(squares, squares[:2] + "-" + squares[2:]) for form in forms if squares in form}
    return forms | {form.replace("c1", "d") for form in forms if "c1" in form}


def _ends_a_side_line(words: str, end: int, board: chess.Board) -> bool:
    """Whether the words that tell a result, ending at `end`, end a sentence that cites a line from a ply the
    game has already played ("Natomiast przedwczesne jest 8...b5? wobec 9.e5 … 23.Wg1 i białe wygrywają",
    the game having gone 8...Sbd7): they tell how that line ends, not the game. A sentence that starts with
    the moves ("13. Kh1 Jxg3+! a bílý se vzdal.") tells the game's end, whatever the moves read before."""
    start = 0
    while (stop := _sentence_end(words, start, end)) is not None:
        start = stop + 1
    first = _COMMENT_NUMBER.search(words, start, end)
    return (
        first is not None
        and _LETTERS.search(words, start, first.start()) is not None
        and _ply_index(board, int(first["digits"]), _black_number(first["rest"])) < 0
    )


def prose_text(text: str) -> str:
    """Prose as a comment: its white space made single spaces, without a list's bullet left at its end."""
    return " ".join(text.split()).rstrip(" •·▪◦")


def _eval_nag(text: str) -> int:
    key = text.replace(" ", "").replace("−", "-").replace("–", "-")
    return EVAL_NAGS[key]


class _GameReader(Generic[VisitorT]):
    """Turns the tokens of one chunk into games told to visitors.

    The main line and its variations are read alike: moves resolved in their own positions, prose between
    moves kept as a comment at the move before it (a run of prose ends at a move number that fits the
    position when a legal move follows it), a bracket that holds legal moves a variation, one that holds
    prose (or moves that cannot be played) a comment. A result ends a game; the text after it is the next
    game's heading. Before the first move, text is the game's heading, read by `read_heading`.
    """

    def __init__(
        self,
        grammar: LocaleGrammar,
        chunk: Chunk,
        visitor: type[Visitor[VisitorT]],
        following: str | None = None,
        note: str = "",
        trailer: str = "",
        misprints: _Misprints | None = None,
    ) -> None:
        self.grammar = grammar
        self.master = grammar.master  # the lexer's pattern: `games` picks PGN's or that of other text
        self.chunk = chunk
        self.note = note  # told as a warning of every game of the chunk
        self.trailer = trailer  # told as a warning of its last game: the text after it that holds no game
        # The text of the next chunk where it goes on with moves (no tag pairs of its own): a heading may end
        # this one, and a line cited before its game may head it.
        self.following = following
        # A warning from the chunk before, told of this chunk's first game: that chunk heads this one.
        self.carried = ""
        self.visitor = visitor
        self.source = self.text = ""
        self.move_error: MoveError | None = None
        self.line = self.line_start = self.counted_to = 0
        self.result_end = self.last_move_end = 0
        self.first_move_at = 0  # where the main line's first move is written
        self.pairs = False  # whether the text writes White's move and Black's as one ("e4-e5")
        # Moves of the main line to read for misprints, by the line, column and text of the move as written
        # (a pair written as one, "1.g3-e5", starts where its first move does), each with its warning; and those found where a game stopped, for the chunk to be read again with them.
        self.misprints = misprints or {}
        self.found_misprints: _Misprints = {}
        # The first main-line move of the chunk that cannot be played and nothing explains, with the moves of
        # its piece that can: `_games_read` reads the chunk again with each of them for it.
        self.stuck: tuple[tuple[int, int, str], list[tuple[chess.Move, str]]] | None = None
        # Stretches of the text to read as prose, and the first found where a game stopped (`_rejoin`) or where
        # a later number retells the line (`_retold_line`; True): the chunk is read again with it.
        self.cited: tuple[tuple[int, int], ...] = ()
        self.astray: tuple[int, int, bool] | None = None
        self.doubted = False
        # Per game told: its main line's plies, whether it stopped, and how many of its moves were read as other
        # than written (`read_otherwise`).
        self.told: list[tuple[int, bool, int]] = []
        # Where the last character skipped ends, and that character: a move right after it may be a piece's.
        self.glued: tuple[int, str] = (-1, "")
        self.repaired = 0
        # In a score written with English letters beside notes in the locale's own, the letters only the locale
        # writes: a move after prose written with one of them is the notes'.
        self.notes_letters = self.english_letters = ""

    def where(self, position: int) -> tuple[int, int]:
        text = self.text
        return (
            self.chunk.first_line + text.count("\n", 0, position),
            position - text.rfind("\n", 0, position),
        )

    def games(self) -> Iterator[VisitorT]:
        chunk = self.chunk
        headers = read_headers(chunk)
        pgn = bool(headers.tags) or _PGN_MARKS.search(chunk.movetext) is not None
        self.master = self.grammar.master if pgn else self.grammar.text_master
        visitor = self.visitor()
        visitor.begin_game(chunk.headers[0][0] if chunk.headers else chunk.first_line)
        if self.note:
            visitor.visit_warning(self.note)
        if self.carried:
            visitor.visit_warning(self.carried)
        for name, value in headers.tags.items():
            visitor.visit_header(name, value)
        if headers.board is None:
            assert headers.error is not None
            visitor.visit_error(headers.error)
            yield visitor.end_game()
            return
        start_fen, chess960 = headers.fen, headers.chess960
        start_board = headers.board.copy()
        visitor.visit_start(start_fen, chess960)
        grammar = self.grammar
        source = unicodedata.normalize("NFC", chunk.movetext)
        # Moves told in words ("jazdec berie é štyri") are written as moves, as long as their words.
        text = grammar.locale.fold_script(spoken_moves(source, grammar.locale))
        # Positions written in the text are read apart and blanked (the text keeps its length), so that their
        # letters and numbers are not taken for moves; one before the first move starts the game from it.
        positions: list[tuple[int, str]] = []
        if "/" in text:
            for written_fen in _FEN_TEXT.finditer(text):
                positions.append((written_fen.end(), written_fen["fen"]))
                text = _blanked(text, written_fen.start(), written_fen.end())
        # So are positions written as two lists of pieces, each the position of a game's fragment before the first
        # move written after it, the side to move and the move number from that move's number (a number past 1,
        # whose moves play from it: a problem's solution, "1.e2–e4! hr. 2.Dd2 mat", sets up no game).
        for lists in piece_lists(text, grammar.locale) if "," in text or ";" in text else ():
            first_move = NUMBERED_MOVE.search(text, lists.end)
            if first_move is None or int(first_move[0]) < 2:
                continue
            turn = (
                "b" if _black_number(text[first_move.end() : first_move.end() + 6].split(None, 1)[0]) else "w"
            )
            fen = f"{lists.placement} {turn} - - 0 {first_move[0]}"
            if not self._playable(chess.Board(fen), text, first_move.start(), 1):
                continue
            positions.append((lists.end, fen))
            for start, end in (lists.white, lists.black):
                if text[start - 1 : start] == "(" and text[end : end + 1] == ")":  # "(Крg1, Лc1, …)"
                    start, end = start - 1, end + 1
                text = _blanked(text, start, end)
        positions.sort()
        if "(" in text and len(_BRACKETED_NUMBER_LINE.findall(text)) >= 2:
            text = _BRACKETED_NUMBER.sub(lambda found: f" {found[1]}.", text)
        # Markdown escapes the dot of a number that starts a line ("5\. Jxf7"), so as not to start a list.
        if "\\" in text:
            text = _ESCAPED_DOT.sub(" ", text)
        if "É" in text or "â" in text:
            text = _GARBLED_ELLIPSIS.sub(lambda found: "…" if found[0] == "É" else "...", text)
        if "-\n" in text or "- " in text:
            text = _BROKEN_AT_LINE_END.sub(lambda found: _rejoined_move(found, self.master), text)
        if len(_DASHED_PAWN.findall(text)) >= 2:
            text = _DASHED_PAWN.sub(r" \1\2", text)  # the same length: columns stay
        # An OCR'd "I." (or "l.") before the first move and "2." is move 1 ("Barcza Gedeon I. d4, Hf6 2. c4").
        text = _FIRST_NUMBER_AS_LETTER.sub("1", text)
        if "ç" in text:
            text = _CEDILLA_FILE.sub("c", text)
        if "(" in text:
            text = _BRACKETED_ORIGIN.sub(lambda found: f"  {found[1]}{found[2]}", text)
        text = _SPACED_SQUARES.sub(_joined_squares, text)
        text = _CAPITAL_FILE.sub(lambda found: found[0].translate(_CAPITAL_FILES), text)
        text = _CAPITAL_TARGET.sub(lambda found: found[0].translate(_CAPITAL_FILES), text)
        capital_capture = _capital_capture(grammar.locale.code)
        if capital_capture is not None:
            text = capital_capture.sub(lambda found: found[0].lower(), text)
        lower_piece = _lower_piece(grammar.locale.code)
        if lower_piece is not None:
            text = lower_piece.sub(lambda found: found[0].upper(), text)
        if "|" in text and len(_TABLE_ROW.findall(text)) >= 2:
            text = _COLUMN_RULE.sub(" ", text)
        text = _emphasised_main_line(text)
        # So are diagrams in a chess font's letters (their lines kept, for the line numbers), with a warning.
        diagrams = (
            [(found.start(), found.end()) for found in _FONT_DIAGRAM.finditer(text)]
            if _FONT_DIAGRAM_ROW.search(text)
            else []
        )
        for begin, end in diagrams:
            text = _blanked(text, begin, end)
        for begin, end in self.cited:
            text = text[:begin] + _CITED_SIGN.sub("z", text[begin:end]) + text[end:]
        self.source, self.text = source, text
        cited = sorted(self.cited)
        self.line, self.line_start, self.counted_to = chunk.first_line, 0, 0
        self.visitor_now = visitor
        self.doubted = False  # whether the game being read has been doubted from some ply on
        self.repaired = 0
        self.ahead_at: tuple[int, int] | None = None  # the last main-line ply numbered ahead, and by how much
        # Where a move number is that plays on as far from an alternative written just before it as from the
        # game's move (`_continues_cited_line`), with that alternative.
        self.tied_with: tuple[int, str] = (-1, "")
        self.main = main = _Line(headers.board, None, -1, "")
        if positions and "FEN" not in headers.tags:
            self._position_written_after(main, positions, chess960)
        stack = [main]
        error: NotationError | None = None
        started = ended = label = False
        keep_empty = bool(headers.tags)
        result = ""
        # The Result tag stands in for a result left out after the moves (a common omission); it belongs to
        # the chunk's first game only, and "*" (unknown) says nothing.
        tag_result = RESULTS.get(headers.tags.get("Result", ""), "*").strip("*")
        heading_from = heading_result_line = 0
        tags = set(headers.tags)
        players: dict[str, str] = {
            side: headers.tags[side] for side in ("White", "Black") if side in headers.tags
        }

        told = 0  # games told of this chunk
        after_error = 0  # move numbers read since the main line's error

        def finish() -> VisitorT:
            nonlocal told
            told += 1
            self.told.append((main.count, error is not None, self.repaired))
            while len(stack) > 1:
                line_number, column = self.where(stack[-1].open_at)
                self.visitor_now.visit_warning(
                    f"line {line_number}, column {column}: bracket not closed; read to the end of the game"
                )
                self._close(stack, len(text), closed=False)
            drawn = not ended and self._draw_word(main)
            if not ended:
                self._flush(main)
            board = main.board
            assert board is not None
            game_result = result or ("1/2-1/2" if drawn else "")
            if not game_result and error is None and main.pending is not None and board.is_checkmate():
                # The mate on the board, whatever the words after it say (another game's "Black resigns").
                game_result = "0-1" if board.turn == chess.WHITE else "1-0"
            if not game_result and error is None and main.pending is not None:
                game_result, words = told_result(main.pending.comment, board, players)
                if game_result and _ends_a_side_line(
                    main.pending.comment, main.pending.comment.find(words) + len(words), board
                ):
                    game_result = ""
                if game_result:
                    self.visitor_now.visit_warning(
                        f"result {game_result} read from the words {quoted(words)}"
                    )
                    astray = self._astray_before_the_end(main, board, words)
                    if astray:
                        self._doubt(
                            astray,
                            f"the moves read after the prose that ends before ply {astray} may not be the "
                            f"game's: the words that end it ({quoted(words)}) name moves that neither end it "
                            "nor follow it",
                        )
            if tag_result and game_result and game_result != tag_result:
                said = (
                    f"line {heading_result_line}: the heading says"
                    if heading_result_line
                    else f"line {next(n for n, t in chunk.headers if _RESULT_TAG.match(t))}: the Result tag says"
                )
                self.visitor_now.visit_warning(
                    f"{said} {tag_result} but the moves end with {game_result}; {game_result} kept"
                )
            game_result = game_result or tag_result
            if game_result:
                self.visitor_now.visit_result(game_result)
            for _, deferred_text in main.deferred:
                self._comment(main, prose_text(deferred_text))
            if error is None and main.pending is not None:
                self._game_in_the_comment(main.pending)
                self._other_line_in_the_comment(main.pending, board)
            cited_from = min(
                (
                    count
                    for count in main.in_sentences
                    if count > 0 and main.count <= count + _CITED_AT_THE_END
                ),
                default=main.resumed_at,
            )
            if (
                error is None
                and not game_result
                and main.pending is not None
                and main.pending.comment
                and main.resumed_in_sentence
                and 0 < cited_from < main.count <= cited_from + _CITED_AT_THE_END
            ):
                self._doubt(
                    cited_from + 1,
                    f"the moves read after the prose that ends before ply {cited_from + 1} may not be the "
                    f"game's: they went on inside a sentence, and the text ends in words "
                    f"{main.count - cited_from} plies later, with no result",
                )
            elif error is not None and 0 <= main.resumed_at < main.count <= main.resumed_at + _ASTRAY_WITHIN:
                if self.astray is None:
                    self.astray = self._rejoin(main)
                self._doubt(
                    main.resumed_at + 1,
                    f"the moves read after the prose that ends before ply {main.resumed_at + 1} may not be the "
                    f"game's: the reading stops {main.count - main.resumed_at} plies later",
                )
            if (
                error is None
                and main.pending is not None
                and self.following is None
                and not {"White", "Black"} & tags
            ):
                # The text's last words after the last move name the players, as a page of a database's lines
                # does ("Pxg7=", then "M. David - M. Botvinnik (Leningrad 1938)"): the heading comes last.
                for name, value in _named_after(main.pending.comment).items():
                    self.visitor_now.visit_header(name, value)
                    tags.add(name)
            if told == 1 and not {"White", "Black"} & tags:
                # A newspaper column names the players in a sentence among its moves ("Magnús Örn Úlfarsson
                # (2.354) hafði svart gegn Baldri H. Möller"): the chunk's first game is the column's.
                for name, value in told_players(source).items():
                    self.visitor_now.visit_header(name, value)
                    tags.add(name)
            return self._finish(self.visitor_now, main.pending, board, main.resolved, error)

        def heading(until: int) -> None:
            if until <= heading_from:
                return
            for name, value in read_heading(source[heading_from:until]).items():
                if name not in tags:
                    self.visitor_now.visit_header(name, value)
                    tags.add(name)
                    if name in ("White", "Black"):
                        players[name] = value

        def lost_first_moves(until: int) -> NotationError | None:
            """The error of a forfeit whose heading holds moves alone numbered from a later move than 1 ("4) dxe5
            d5 5) Jbd2 … *", the first line lost): the moves are there, and cannot be played from the start.
            Moves among words ("… Es folgte: 35.e4 fxe4 36.b4 …", from a diagram's position; "1...Ve5 2.Jg3 mat",
            a problem's solution) are cited: a warning says they were not read."""
            numbered = _first_numbered_move(source[heading_from:until])
            if numbered is None or numbered[1] <= 1 or headers.tags:
                return None
            first, number = numbered
            message = (
                f"no move read: the moves are numbered from {number}, the moves before them are not in the text, "
                "and no FEN gives the position"
            )
            if PROSE_WORD.search(source, heading_from + first.start(), until):
                self.visitor_now.visit_warning(message)
                return None
            return self._syntax(message, *self.where(heading_from + first.start()), LostFirstMovesError)

        def restart(position: int) -> None:
            nonlocal error, started, ended, result, tag_result, heading_from, tags, main, stack, keep_empty
            nonlocal label, heading_result_line, after_error
            heading_result_line = after_error = 0
            heading_from = main.prose if ended and main.prose >= 0 else position
            visitor_new = self.visitor()
            visitor_new.begin_game(self.where(position)[0])
            if self.note:
                visitor_new.visit_warning(self.note)
            visitor_new.visit_start(start_fen, chess960)
            self.visitor_now = visitor_new
            self.doubted = False
            self.repaired = 0
            self.ahead_at = None
            self.main = main = _Line(start_board.copy(), None, -1, "")
            stack = [main]
            error, started, ended, result, tag_result, tags, keep_empty, label = (
                None,
                False,
                False,
                "",
                "",
                set(),
                False,
                False,
            )

        try:
            skip_until = 0
            for found in self.master.finditer(text):
                kind = found.lastgroup or ""
                start = found.start(kind)
                if start < skip_until:
                    continue
                while diagrams and start >= diagrams[0][0]:
                    self.visitor_now.visit_warning(
                        f"line {self.where(diagrams.pop(0)[0])[0]}: a diagram in a chess font's letters skipped"
                    )
                while cited and start >= cited[0][0]:
                    begin, end = cited.pop(0)
                    self.visitor_now.visit_warning(
                        f"line {self.where(begin)[0]}: {quoted(' '.join(source[begin:end].split()))} read as "
                        f"a line of the prose's: the game goes on under {quoted(source[end:].split(None, 1)[0])}, "
                        "the number due where it begins"
                    )
                if positions and start >= positions[0][0]:
                    fen_end, fen = positions.pop(0)
                    if not started and len(stack) == 1 and error is None and "FEN" not in headers.tags:
                        self._set_up(main, fen, chess960, NUMBERED_MOVE.search(text, fen_end))
                token = found[kind]
                if kind == "INFLECTION":
                    continue
                if (
                    kind == "EVAL"
                    and error is None
                    and len(stack) == 1
                    and (ended or main.pending is None)
                    and compact_result(token) in FORFEITS
                    and _starts_line(text, start)
                    and _RESULT_ENDS_GAME.match(text, found.end()) is not None
                ):
                    # `+/-` on a line of its own where no move comes before it: no evaluation (it would have
                    # no move to go with) but a forfeit, printed as a result.
                    kind = "RESULT"
                # The common case first: a move or its number in the main line, between moves, no prose.
                if (
                    (kind == "MOVE" or kind == "MOVE_NUMBER" or kind == "CASTLE")
                    and started
                    and not ended
                    and error is None
                    and not label
                    and len(stack) == 1
                    and main.prose < 0
                    and not main.deferred
                    and not main.starting
                    and not (main.number_warning and kind != "MOVE_NUMBER")  # a move under a number off
                ):
                    board = main.board
                    assert board is not None
                    if kind == "MOVE_NUMBER":
                        value = found[kind]
                        if board.turn and value[-1] == "." and value[:-1] == str(board.fullmove_number):
                            main.number_fits, main.number = True, value
                            continue
                    else:
                        newlines = text.count("\n", self.counted_to, start)
                        if newlines:
                            self.line += newlines
                            self.line_start = text.rfind("\n", 0, start) + 1
                        self.counted_to = start
                        written = (
                            written_token(grammar, found, start, self.line, start - self.line_start + 1)
                            if kind == "MOVE"
                            else castling_token(found[kind], self.line, start - self.line_start + 1)
                        )
                        try:
                            # A pair written as one ("4.De3-d6", "3.Cb5a6", "6 Ac4 – h6") is read by the
                            # general path.
                            # So is a move read for a misprint.
                            general = (
                                (self.pairs or not written.hyphen or " " in written.text)
                                and written.long_form
                                and board.turn == chess.WHITE
                            ) or bool(
                                self.misprints
                                and (written.line, written.column, written.text) in self.misprints
                            )
                            resolved = (
                                None
                                if general
                                else resolve(board, written, grammar.locale, bool(main.suffix))
                            )
                        except MoveError:
                            resolved = None
                        if resolved is not None:
                            number, white = board.fullmove_number, board.turn
                            if main.pending is not None:
                                self.visitor_now.visit_move(main.pending, board)
                            glued = (
                                self._glued(board, written, resolved, start) if self.glued[0] == start else ()
                            )
                            board.push(resolved.move)
                            main.written.append(written)
                            main.resolved = resolved
                            suffix = main.suffix = "+" if board.is_check() else ""
                            warnings = mark_warnings(written, resolved, suffix)
                            if glued:
                                warnings = (*glued, *warnings)
                            if piece_unwritten(written):
                                self._figurines_lost(written)
                            if main.number_warning:
                                warnings = (main.number_warning, *warnings)
                                main.number_warning = ""
                            main.count += 1
                            main.pending = Ply(
                                main.count,
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
                            main.number_fits = False
                            self.last_move_end = found.end()
                            continue
                if (
                    kind == "RESULT"
                    and ended
                    and main.prose >= 0
                    and "\n" in text[self.result_end : start]
                    and (len(stack) == 1)
                    and not self._in_a_sentence(start, found.end())
                ):
                    # A heading, then a result with no moves (a forfeit): a game of its own.
                    yield finish()
                    restart(start)
                    heading(start)
                    error = lost_first_moves(start)
                    result = self._result(token, self.visitor_now)
                    self.result_end = found.end()
                    ended = True
                    continue
                if (
                    kind == "RESULT"
                    and len(stack) > 1
                    and _RESULT_ENDS_GAME.match(text, found.end()) is not None
                ):
                    # A result at the end of a paragraph ends the game: the brackets were never closed.
                    while len(stack) > 1:
                        line_number, column = self.where(stack[-1].open_at)
                        self.visitor_now.visit_warning(
                            f"line {line_number}, column {column}: bracket not closed; closed at the result"
                        )
                        self._close(stack, start, closed=False)
                if (
                    main.paused
                    and (
                        kind == "MOVE_NUMBER"
                        # an old book's bare number of Black's move, first on its line ("16. f4—f5 .... Een mooi
                        # plan.", then "16 Le6xf5")
                        or (kind == "NUMBER" and _starts_line(text, start))
                    )
                    and error is None
                    and len(stack) == 1
                    and self._number_fits(main, found[kind])
                    and not self._cited(found[kind], start, main.board)
                ):
                    # "Mülock começou com 1. e4... e a resposta foi 1. ...e5": the ellipsis paused the moves,
                    # and the number of the next one takes them up again (the words between: a comment),
                    # unless the words only cite a line ("na co nie można odpowiedzieć 12. ...b5", the game
                    # going on at "12. ... Sxd5" at the start of a later line).
                    ended = main.paused = False
                    main.number_fits, main.number = True, found[kind]
                    continue
                if (
                    main.paused
                    and kind == "MOVE_NUMBER"
                    and error is None
                    and len(stack) == 1
                    and main.board is not None
                    and self._omitted_after_prose(found[kind], main.board, start)
                ):
                    # "22. Qe2?? ………", a note, then "23. Kh1 Qf5" starting a line: Black's 22nd move, which
                    # the dots held the place of, left out of the text (`_omitted`).
                    ended = main.paused = False
                    main.number_fits, main.number = True, found[kind]
                    main.number_warning = self._number_warning(found[kind], main.board)
                    main.skipped = True
                    continue
                if (
                    main.paused
                    and kind in ("MOVE", "CASTLE")
                    and error is None
                    and len(stack) == 1
                    and main.board is not None
                    and self._reply_after_dots(main.board, start)
                ):
                    # "3. Cc3 ... Desarrolla una pieza …", then "... Da5" starting a line: Black's move, which
                    # the dots after White's announced (read below as the reply after the note).
                    ended = main.paused = False
                    dots = _DOTS_LINE_START.search(text, _line_start(text, start), start)
                    if dots is not None and main.prose >= 0:
                        main.prose_end = min(main.prose_end, dots.start())
                if ended or error is not None:
                    if kind == "MOVE_NUMBER" and not ended and not headers.tags:
                        move_1_at = (
                            start if _fits(found[kind], start_board) and found[kind][-1] == "." else -1
                        )
                        if self._cited_before_a_game(main, error, after_error, text, move_1_at):
                            # "Vznikne po ťahoch: 1.e2-e4 e7-e5 2.Jg1-f5 …", then the game from 1.e2-e4: the
                            # short line that stops before it is the heading's words, not a game.
                            stopped = self._cited_warning(error)
                            restart(heading_from)
                            self.visitor_now.visit_warning(stopped)
                            main.number_fits, main.number = True, found[kind]
                            continue
                        after_error += 1
                    if kind == "RESULT" and not ended:
                        result = self._result(token, self.visitor_now)
                        self.result_end = found.end()
                        ended = True
                        continue
                    number_restart = (
                        kind in ("MOVE_NUMBER", "NUMBER")
                        and (ended or label)
                        and _fits(found[kind], start_board)
                        # with a first move after it: "1/ _ Se saisir de l'initiative", a list's item, is none
                        and bool(first := self._written_run(text, found.end(), 1))
                        and self._plays_as_marked(start_board, first)
                    )
                    move_restart = kind in ("MOVE", "CASTLE") and ended and main.prose < 0 and not label
                    if not (number_restart or move_restart):
                        if kind == "LABEL":
                            label = True
                        if ended and kind not in ("COMMENT", "LINE_COMMENT"):
                            main.prose = main.prose if main.prose >= 0 else start
                            main.prose_end = found.end()
                        continue
                    yield finish()
                    restart(start)
                    if number_restart:
                        main.number_fits, main.number = True, found[kind]
                        continue
                current = stack[-1]
                if kind in ("MOVE_NUMBER", "NUMBER") and self._unclosed_before_the_game(
                    stack, found[kind], start, found.end()
                ):
                    # "[10...La7 11.Lxa7 Txa7" and no "]" anywhere after, then "11.fxe3 Sf6" first on a line:
                    # the game goes on there (or inside a line, at a number the variation cannot take).
                    line_number, column = self.where(stack[1].open_at)
                    at_line, at_column = self.where(start)
                    first_on_line = _starts_line(text, start)
                    where = (
                        f"before line {at_line}"
                        if first_on_line
                        else f"at line {at_line}, column {at_column}"
                    )
                    self.visitor_now.visit_warning(
                        f"line {line_number}, column {column}: bracket not closed; closed {where}, where the game "
                        "goes on"
                    )
                    closed_at = text.rfind("\n", 0, start) if first_on_line else start
                    while len(stack) > 1:
                        self._close(stack, closed_at, closed=False)
                    current = main
                if (
                    kind == "MOVE_NUMBER"
                    and len(stack) > 1
                    and found[kind].endswith(")")
                    and not (
                        # "33) Ka2 (33) J:e5 S:e4+)": where the game numbers its moves "12)", such a number
                        # that fits the variation's board, a move after it, is the variation's.
                        main.number.endswith(")")
                        and not current.failure
                        and current.parent is not None
                        and current.parent.board is not None
                        and current.parent.pending is not None
                        and self._number_fits(current, found[kind])
                        and _MOVE_AFTER.match(text, found.end()) is not None
                    )
                ):
                    # "(2446)", "(12)": a number in brackets, not a move number written "12)".
                    current.number_fits = False
                    if not current.failure:
                        current.prose = current.prose if current.prose >= 0 else start
                        current.prose_end = found.end() - 1
                    self._close(stack, found.end(), closed=True)
                    continue
                if current.failure and not started and len(stack) == 2:
                    # A bracket in the heading ends with its paragraph at the latest ("e8; etc.)", whose
                    # bracket a `;` took).
                    paragraph = _PARAGRAPH_END.search(text, current.checked_to, start)
                    current.checked_to = start
                    if paragraph is not None:
                        self._close(stack, paragraph.start(), closed=False)
                        current = main
                    elif (
                        (
                            kind == "MOVE_NUMBER"
                            or (kind == "NUMBER" and _MOVE_FOLLOWS.match(text, found.end()))
                        )
                        and main.board is not None
                        and _fits(found[kind], main.board)
                        and (_starts_line(text, start) or "\n" in text[current.open_at : start])
                    ):
                        # "Stav po IX. kole: 1. J. Kozma (Bratislava 7,5, 2. Tepper …", the bracket never
                        # closed, and lines later "1.d4 Jf6": its line ends it, the game starts there (or
                        # within a sentence of the next line: "… (Francia, 5-3-2011.", then "El carísimo
                        # traje … muy vieja: 1 e4 c5").
                        self._close(stack, text.rfind("\n", 0, start), closed=False)
                        current = main
                if current.failure and kind not in ("VARIATION_START", "VARIATION_END"):
                    continue
                if kind in ("MOVE", "CASTLE", "FILES", "TAKES"):
                    in_prose = current.prose >= 0
                    if (
                        in_prose
                        and current is main
                        and not current.number_fits
                        and main.count
                        and main.board is not None
                        and (
                            self._bare_resume(main.board, start)
                            or self._reply_before_number(main.board, start)
                            or self._reply_after_dots(main.board, start)
                        )
                    ):
                        # "Dolazilo je u obzir 21...e5.", a blank line, "Tc8, 22. Tc8+": the reply after a
                        # note, at the start of its line without a number, the next number fitting after it;
                        # or last in the note, right before that number ("12.Pg5! dreigt even wat g6 13.Pxd5");
                        # or after dots that start its line ("3. Cc3 ... Desarrolla una pieza", "... Da5").
                        current.number_fits, current.number = True, ""
                        current.prose_end = max(current.prose_end, current.prose)
                        current.resumed.append(current.count)
                        current.resumed_from.append(start)
                    if (
                        in_prose
                        and not started
                        and current is main
                        and not main.count
                        and self._unnumbered_game(start_board, start)
                    ):
                        # A club page's game with no move numbers, a pair of moves and a note per line ("White
                        # Black (Andrew)", then "e4 d5 (The Centre Counter Defence)", "exd5 Nf6 (…)"): the words
                        # before it are its heading.
                        in_prose = False
                    if (
                        in_prose
                        and current is main
                        and current.number_fits
                        and kind == "MOVE"
                        and found[kind][:1] in self.notes_letters
                        and self._english_main(main)
                    ):
                        # A score written with English letters, its notes with the locale's own ("6. Nc3? O-O
                        # 7. Bg5" and "6. Sg5 0-0 7. Dh5!"): a move after prose in the notes' letters is theirs.
                        current.number_fits = False
                    if in_prose and not current.number_fits:
                        current.prose_end = current.cited_end = found.end()
                        continue
                    if (
                        current is main
                        and main.number_warning
                        and main.board is not None
                        and main.pending is not None
                        and not any(main.board.legal_moves)
                    ):
                        # After mate or stalemate, moves under numbers that do not go on from it ("7. Cd5
                        # mat 2. Fc4 d6 …", the game printed twice) are text after the game, not moves of it.
                        ended = True
                        main.number_warning = ""
                        main.prose, main.prose_end = start, found.end()
                        continue
                    if current is main and self._another_for_the_last(main, found.end()):
                        # "25.dxe6", then "25.Rf8+ 25…Rxf8" on a line of its own and "25…b5" on a later one:
                        # another move for the ply just played, and the game goes on under the number due.
                        self.visitor_now.visit_warning(
                            f"line {self.where(start)[0]}: {quoted(found[kind])} under the number of the move "
                            f"just played ({main.number_warning}), and the game goes on under that number "
                            "later: read as a comment"
                        )
                        main.number_warning = ""
                        main.prose, main.prose_end = main.number_at, found.end()
                        continue
                    if (
                        current is main
                        and (not in_prose or current.number_fits)
                        and (
                            _GARBLED_TARGET.match(text, found.end())
                            or _GARBLED_CAPTURE.match(text, found.end())
                            or _SPACED_GARBLED_CAPTURE.match(text, found.end())
                        )
                    ):
                        # "11. f2—Í4!;b7—b6": a long form whose target's file OCR garbled, read by its origin
                        # and the target's rank.
                        resumed = self._broken(main, found[kind], start)
                        if resumed is not None:
                            skip_until = resumed
                            continue
                    if (
                        current is main
                        and kind == "FILES"
                        and found.end() == len(text)
                        and _PAWN_CAPTURE_TO_SQUARE.search(text)
                    ):
                        # "… 14.Hf2 e5 15.fxe", the text's last characters, where it writes its pawns' captures
                        # with the square ("17.exd5?"): a copy cut off inside its last move.
                        line_number, column = self.where(start)
                        self.visitor_now.visit_warning(
                            f"line {line_number}, column {column}: " + cut_inside_a_move(found[kind].strip())
                        )
                        continue
                    written = self._written(found, kind, start)
                    # Two files may be a word ("de", "ed"), but not with a capture mark ("ed:", "e:d"): that one
                    # cannot be played is the error it is.
                    word_like = kind == "TAKES" or (kind == "FILES" and not _MARKED_FILES.match(text, start))
                    fallback = in_prose or word_like or (not started and not current.number_fits)
                    if not self._play(current, written, fallback, found.end()):
                        if current is main and not fallback and self._outline(main, written, found.end()):
                            # "1.e4 2.Lc4 3.Df3 4.Dxf7#": White's moves alone, the outline of an idea
                            # before the game that shows it; what was read is prose, and the game starts at
                            # the next move 1.
                            main.board, main.pending, main.resolved = start_board.copy(), None, None
                            main.count, main.suffix, main.number_warning, main.failure = 0, "", "", ""
                            started = False
                            continue
                        retold = self._retold_after_prose(main) if current is main and in_prose else None
                        if current is main and (
                            (
                                not fallback
                                and self._cited_before(main, start)
                                and self._takes_back(main, written, found.end())
                            )
                            or (
                                retold is not None
                                and self._takes_back(main, written, found.end(), retold, needed=1)
                            )
                        ):
                            # "Bílý mohl přejít do francouzské 2. e4. 2. Jf3 f5 3. g3": the move read
                            # after the prose ended the prose's sentence; "… die hier met 11 Lfl-e2 voortzette.
                            # Tal doet het anders: 11 Ddl-d2;Dd8-e7": the move the prose cited was another
                            # game's. The game plays the other one.
                            main.failure, self.move_error = "", None
                            self.last_move_end = found.end()
                            label = False
                            continue
                        if current is main and not fallback and self._listed_for_black(main, written, start):
                            # "5.0–0 Cd4", then "- ..e6 6.Te1 a6 7.Axc6±" starting a line and "6.Te1" starting a
                            # later one: another move for Black's last, an item of a list of them, and the line it
                            # starts a note.
                            self.visitor_now.visit_warning(
                                f"line {written.line}, column {written.column}: {quoted(written.text)} after dots "
                                "cannot be played but can instead of Black's last move: its line read as a comment"
                            )
                            main.failure = ""
                            main.prose, main.prose_end = _line_start(text, start), found.end()
                            main.cited_end = found.end()
                            continue
                        if current is main and not fallback and self._alternative(main, written):
                            # "• 4.c3 (main line)", "• 4.d3 (Giuoco Pianissimo)": a list of moves for the
                            # same ply, the first one the game's.
                            self.visitor_now.visit_warning(
                                f"line {written.line}, column {written.column}: {quoted(written.text)} cannot be "
                                f"played ({main.number_warning}) but can instead of the move just played: "
                                "read as a comment"
                            )
                            if main.count == main.resumed_at + 1:
                                # The move just played was read in the prose, first of the list: it may be
                                # only the first alternative the prose names, not the game's.
                                self._doubt(
                                    main.count,
                                    f"the move read after the prose that ends before ply {main.count} is one "
                                    f"of several written for it (also {quoted(written.text)}): it may not be "
                                    "the game's",
                                )
                            main.failure, main.number_warning = "", ""
                            main.prose, main.prose_end = main.number_at, found.end()
                            main.cited_end = found.end()
                            continue
                        if current is main and not fallback:
                            aside = self._aside(main, found.end())
                            if _CUT_IN_A_MOVE.match(text, found.end()):
                                self.visitor_now.visit_warning(
                                    f"line {written.line}, column {written.column}: "
                                    + cut_inside_a_move(text[start:].strip(), 40)
                                )
                                main.failure, main.number_warning = "", ""
                                continue
                            # After words that tell a resignation, the moves that cannot be played are
                            # what the prose cites ("a čierny sa vzdal, lebo …", then an exercise's lines).
                            if not (
                                aside
                                or self._resignation_told(main, start)
                                or _INFLECTED.match(text, found.end())
                            ):
                                error = self.move_error
                                if (
                                    isinstance(error, (IllegalMoveError, AmbiguousMoveError))
                                    and main.prose < 0
                                    and not (self.doubted or main.number_warning)
                                ):
                                    # A misprint further back, unless the reading is in doubt already or the
                                    # move's number is off (a move left out, or one read that is not there);
                                    # or else a misprint of this move (`_games_read` tries its piece's moves,
                                    # or an ambiguous move's candidates).
                                    if isinstance(error, IllegalMoveError):
                                        self._misprint(main, written, found.end())
                                    self._stuck_at(main, written, error)
                                continue
                            if aside:
                                why = f" ({main.number_warning})" if main.number_warning else ""
                                self.visitor_now.visit_warning(
                                    f"line {written.line}, column {written.column}: {quoted(written.text)} cannot "
                                    f"be played{why}, and the game goes on under the number due later: read as "
                                    "a comment"
                                )
                            # A word, or another line's move (from its number on): prose.
                            numbered = bool(main.number_warning)
                            main.failure, main.number_warning = "", ""
                            if aside and numbered and main.prose < 0:
                                main.prose, main.prose_end = main.number_at, found.end()
                                continue
                        elif current is not main and not fallback:
                            continue
                        current.prose = current.prose if current.prose >= 0 else start
                        current.prose_end = current.cited_end = found.end()
                        current.number_fits = False
                        continue
                    if current is main:
                        self.last_move_end = found.end()
                    if not started:
                        started = True
                        self.first_move_at = start
                        heading(start)
                        main.prose = -1
                    current.number_fits = False
                    label = False
                    continue
                if current.number_fits and (
                    kind == "ELLIPSIS"
                    or (
                        kind == UNEXPECTED
                        and found[kind] in "-–—"
                        and _black_number(current.number.lstrip("0123456789"))
                    )
                ):
                    continue  # "1)…d5", "16. ... – Da5": the dots, or a dash after Black's number, belong to it
                current.number_fits = False
                if kind in ("MOVE_NUMBER", "NUMBER"):
                    value = found[kind]
                    current.number_at = start
                    if label and current is main and main.count and _fits(value, start_board):
                        main.prose = -1  # the label ("alebo:") belongs to neither game
                        yield finish()
                        restart(start)
                        main.number_fits, main.number = True, value
                        continue
                    lost = (
                        self._unread_game(heading_from, start)
                        if not started and current is main and error is None and _fits(value, start_board)
                        else None
                    )
                    if lost is not None:
                        # A game whose move 1 cannot be read ("64. számú játszma. Dr. Elekes—Gruber. 1. eh eV 2.
                        # Hf3. Hc6. …", OCR's eh eV for e4 e5) before this game's move 1: an error game of its
                        # own, not this game's heading.
                        move_one_at, cut = lost
                        heading(move_one_at)
                        error = self._move_one_unread(move_one_at)
                        main.prose = -1
                        yield finish()
                        restart(cut)
                        current = main
                    cut = end_of_prose = -1
                    # Move 1 again starts another game only where a first move follows it ("lesson_2_1_1.gif"
                    # in a page's markup is no game).
                    first_again = (
                        current is main
                        and main.count >= 1
                        and _fits(value, start_board)
                        and bool(first := self._written_run(text, found.end(), 1))
                        and self._plays_as_marked(start_board, first)
                    )
                    if (
                        first_again
                        and kind == "MOVE_NUMBER"
                        and main.count >= 2
                        and main.board is not None
                        and main.board.fullmove_number > 1
                    ):
                        breaks = list(_PARAGRAPH_END.finditer(text, self.last_move_end, start))
                        if breaks and not self._resumed_later(main.board, start):
                            cut, end_of_prose = breaks[-1].end(), breaks[-1].start()
                    if (
                        first_again
                        and main.board is not None
                        and self._replayed_longer(main.board, start_board, start)
                    ):
                        # "… 1. e4 e5 2. f4 fit perfectly …. Here is a sample: 1. e4 e5 2. f4 e:f4 3. Nf3 …":
                        # the moves read so far were the words' citation of the opening that a longer run of
                        # moves from move 1 plays again and on; the game is that run, the words before it its
                        # heading.
                        again = main.count >= _GAME_RUN
                        restart(heading_from)
                        if again:
                            self.visitor_now.visit_warning(
                                f"line {self.where(start)[0]}: the moves before are written again from move 1 "
                                "here: read once"
                            )
                        main.number_fits, main.number = True, value
                        continue
                    if cut < 0 and first_again and main.count >= 2 and main.prose >= 0:
                        # "… 12. Nf3 Black resigns. Keres lost this one against Menke. 1. e4 e5 2. f4 …": after
                        # the words that end the game, a game's run of moves from move 1 is the next game, the
                        # words after the sentence that ends it its heading.
                        cut = end_of_prose = self._after_the_end_told(start_board, main.prose, start)
                    if cut < 0 and first_again:
                        cut = end_of_prose = self._players_line(start)
                    if cut >= 0:
                        # A new paragraph that starts with move 1 after some moves, or move 1 after a line
                        # that names the players ("Eljanov,P (2672) – Nikologorskiy,K", "Nielsen – Michelakis
                        # (Buenos Aires 1992): 1 e4"):
                        # the next game, its heading the text from there to the number (the games printed
                        # one after another without results).
                        if main.count == 1 and not (result or error or headers.tags):
                            # One move before the players' line ("... by opening 1 a3!"): no game, but words
                            # of the heading, which starts where that move's text did.
                            restart(heading_from)
                        else:
                            if main.prose >= cut:
                                main.prose = -1
                            elif main.prose >= 0:
                                main.prose_end = min(main.prose_end, end_of_prose)
                            yield finish()
                            restart(cut)
                        main.number_fits, main.number = True, value
                        continue
                    if (
                        self._number_fits(current, value)
                        and not self._resignation_told(current, start)
                        and not (
                            current is main and current.prose >= 0 and self._cited(value, start, main.board)
                        )
                        and not (
                            kind == "NUMBER" and current is main and self._white_alternative(value, start)
                        )
                    ):
                        current.number_fits, current.number = True, value
                        if current is main and self.tied_with[0] == start:
                            # "14...Sxa4. 14 ... Tc8!? 15. Dxb4 Dc7 16. Kb1!": the moves play on after either.
                            self._doubt(
                                main.count + 1,
                                f"line {self.where(start)[0]}: the moves from {quoted(value)} on can follow "
                                f"{quoted(self.tied_with[1])}, written just before them for the move just played, "
                                "as far as they can follow the game's: they may be that line's",
                            )
                        if current.prose >= 0:
                            current.prose_end = max(current.prose_end, current.prose)
                            current.resumed.append(current.count)
                            current.resumed_from.append(start)
                            before = text[current.prose : start].rstrip()
                            in_sentence = before[-1:].isalpha() or before[-1:] == ","
                            current.in_sentences = (
                                [*current.in_sentences, current.count] if in_sentence else []
                            )
                            current.resumed_in_sentence = in_sentence
                    elif (
                        current is main
                        and main.prose >= 0
                        and main.board is not None
                        and not _SUPPOSING.search(text, max(0, start - _SUPPOSING_LONGEST), start)
                        and self._misnumbered(value, main.board, start)
                    ):
                        main.number_fits, main.number = True, value
                        main.prose_end = max(main.prose_end, main.prose)
                        main.number_warning = self._number_warning(value, main.board)
                        if _number(_DIGITS.match(value)) > main.board.fullmove_number:
                            # "16. Фc2!" after prose where 15. is due: a misprint, or a move the prose holds.
                            self._doubt(
                                main.count + 1,
                                f"line {self.where(start)[0]}: {main.number_warning} after prose: the moves "
                                "from there on may lack one the prose holds",
                            )
                    elif (
                        current is main
                        and main.prose >= 0
                        and main.board is not None
                        and self._reply_one_behind(main, main.board, value, start)
                    ):
                        # "13. Rf3" where 14. was due, notes, then "13. ... Ag4+": the reply, numbered as the
                        # move it answers was.
                        main.number_fits, main.number = True, value
                        main.prose_end = max(main.prose_end, main.prose)
                        main.number_warning = self._number_warning(value, main.board)
                    elif (
                        current is main
                        and main.prose >= 0
                        and main.board is not None
                        and self._omitted_after_prose(value, main.board, start)
                    ):
                        # "7.d:c5", a note, then "8.W:d1 G:c5" starting a line: Black's 7th left out of the
                        # text, put in where the move is played (`_omitted`).
                        main.number_fits, main.number = True, value
                        main.prose_end = max(main.prose_end, main.prose)
                        main.number_warning = self._number_warning(value, main.board)
                        main.skipped = True
                    elif (
                        current is main and main.prose >= 0 and self._retold(main, value, start, found.end())
                    ):
                        main.number_fits, main.number = True, value
                    elif (
                        current is main
                        and main.prose < 0
                        and main.board is not None
                        and self._one_behind(value, main.board, start)
                    ):
                        main.number_fits, main.number = True, value
                        main.number_warning = self._number_warning(value, main.board)
                    elif current.prose >= 0 or kind == "NUMBER":
                        if not started:
                            current.number_warning = ""
                        current.prose = current.prose if current.prose >= 0 else start
                        current.prose_end = found.end()
                    elif (
                        current is main
                        and main.board is not None
                        and (
                            self._elsewhere(value, main.board, start)
                            or self._earlier_line(value, main.board, start)
                            or self._alternative_told(value, main.board, start)
                        )
                    ):
                        main.prose, main.prose_end = start, found.end()
                    elif current.board is not None:
                        current.number_warning = self._number_warning(value, current.board)
                        current.skipped = _fits(value, _after_a_ply(current.board))
                        current.numbered_ahead = ply_key(value) - _ply_key_due(current.board)
                        if (
                            current is main
                            and _number(_DIGITS.match(value)) > current.board.fullmove_number
                            and text[:start].rstrip().endswith((")", "]"))
                        ):
                            # "(15.Ng6 hg6 16.fg6 A) 16...ba3 17.Qg4": a number ahead of the one due right after
                            # a bracket closed, the moves going on under it: the side line's, read as the game's.
                            self._doubt(
                                main.count + 1,
                                f"line {self.where(start)[0]}: {current.number_warning} after a bracket: the moves "
                                "from there on may be a side line's",
                            )
                    continue
                if kind == "VARIATION_START":
                    bracketed = _BRACKETED_RESULT.match(text, start)
                    if bracketed and current is main and main.count and main.prose < 0 and not ended:
                        # "18.Te5+ (1-0). A continuação seria 18...Rf6 …": the result in brackets right after
                        # the game's last move ends the game; the moves after it are the prose's.
                        self._draw_word(main)
                        self._flush(main)
                        result = self._result(bracketed["result"], self.visitor_now)
                        self.result_end = skip_until = bracketed.end()
                        ended = True
                        label = False
                        continue
                    if (
                        current.prose >= 0
                        and current.cited_end >= current.prose
                        and not text[current.cited_end : start].strip(" \t!?+#")
                    ):
                        # "Igrano je i 6...0–0 7.b4 [7.0–0 d5 8.ed5] La7", "7. d4! (aktívne a priame) d6": a
                        # bracket right after a move the prose cites (and its marks) holds that line's
                        # alternative or a word on it, and belongs to the prose.
                        child = _Line(None, current, start, current.path)
                        child.failure = _IN_PROSE
                        stack.append(child)
                        continue
                    if not started or current.failure or current.pending is None:
                        child = _Line(None, current, start, current.path)
                        child.failure = current.failure or "no move before it"
                        stack.append(child)
                        continue
                    in_sentence = current.prose >= 0 and text[current.prose : start].rstrip()[-1:].isalpha()
                    self._flush(current)
                    stack.append(self._child(current, start))
                    stack[-1].in_sentence = in_sentence
                    continue
                if kind == "VARIATION_END":
                    if len(stack) == 1:
                        if started:
                            line_number, column = self.where(start)
                            self.visitor_now.visit_warning(
                                f"line {line_number}, column {column}: {found[kind]!r} without an opening bracket "
                                "skipped"
                            )
                        continue
                    self._close(stack, found.end(), closed=True)
                    continue
                if (
                    kind == "WORD"
                    and not started
                    and current is main
                    and _MOVE_ONE_BEFORE.search(text, max(0, start - 8), start) is not None
                    and _LONG_TAIL.match(text, found.end()) is not None
                    and _ORIGIN_END.search(found[kind]) is not None
                ):
                    # "1. Pigl—f3 d7—d5": the game's first move in the long form, its piece letter damaged.
                    prose, main.prose = main.prose, -1
                    resumed = self._broken(main, found[kind], start)
                    if resumed is not None:
                        skip_until = resumed
                        started = True
                        self.first_move_at = start
                        heading(start)
                        continue
                    main.prose = prose
                if current.prose >= 0 and not (
                    (
                        kind == "RESULT"
                        and current is main
                        and not self._result_cited(main, found.end())
                        and (main.count or not self._in_a_sentence(start, found.end()))
                        # after a new section's heading, a result is another game's
                        and _MARKDOWN_HEADING.search(text, self.last_move_end, start) is None
                    )
                    or kind in ("COMMENT", "LINE_COMMENT")
                    or (kind == UNEXPECTED and found[kind] == "{")
                ):
                    current.prose_end = found.end()
                    continue
                if kind in ("CHECK", "EN_PASSANT"):
                    mark = found[kind]
                    if kind == "CHECK" and (
                        (
                            mark[0] in "Mmм"
                            and not (current.board is not None and current.board.is_checkmate())
                        )
                        or (
                            (mark in ("j.", "f", "t") or CHECK_WORD.fullmatch(mark))
                            and not (
                                current.board is not None and current.board.is_check() and current.prose < 0
                            )
                        )
                    ):
                        # "Matt fenyegetett.", "t. j. maty": the word for mate that is no mark after a mating
                        # move is prose, and so are "j." (jaque), the word for check ("šach") and an OCR'd
                        # dagger's "f" or "t" where they do not follow a checking move.
                        current.prose = current.prose if current.prose >= 0 else start
                        current.prose_end = found.end()
                        continue
                    if current.pending is not None and current.resolved is not None:
                        if kind == "CHECK" and mark[0] in "Mmм‡":
                            mark = "#"
                        elif mark in ("j.", "f", "t", "†") or CHECK_WORD.fullmatch(mark):
                            mark = "+"
                        current.pending = self._marked(current.pending, current.resolved, kind, mark)
                    continue
                if kind == "DRAW_OFFER":
                    if current.pending is not None:
                        current.pending = current.pending._replace(draw_offer=True)
                    else:
                        self.visitor_now.visit_warning(
                            f"line {self.where(start)[0]}: draw offer before any move"
                        )
                    continue
                if kind in ("NAG", "SUFFIX", "EVAL"):
                    pending = current.pending
                    if pending is not None:
                        value = found[kind]
                        code = (
                            int(value[1:])
                            if kind == "NAG"
                            else SUFFIX_NAGS[value]
                            if kind == "SUFFIX"
                            else _eval_nag(value)
                        )
                        if code not in pending.nags:
                            current.pending = pending._replace(nags=(*pending.nags, code))
                    continue
                if kind in ("COMMENT", "LINE_COMMENT"):
                    self._flush(current)
                    body = source[start + 1 : found.end() - (kind == "COMMENT")].strip()
                    if not started and current is main:
                        visitor_now = self.visitor_now
                        visitor_now.visit_comment(body)
                    elif kind == "COMMENT" and body == "(=)" and current.pending is not None:
                        current.pending = current.pending._replace(draw_offer=True)
                    else:
                        self._comment(current, body)
                    continue
                if kind == UNEXPECTED and found[kind] == "{" and (pgn or started):
                    # (Before the moves of a text with no closed comment, a lone `{` is a speck of the page:
                    # prose, as the heading's other words.)
                    self._flush(current)
                    line_number, column = self.where(start)
                    # The comment ends at the end of its paragraph (a blank line), or of the text.
                    paragraph = _PARAGRAPH_END.search(text, start)
                    skip_until = paragraph.start() if paragraph else len(text)
                    self.visitor_now.visit_warning(
                        f"line {line_number}, column {column}: comment not closed; "
                        + (
                            "read to the end of its paragraph"
                            if paragraph
                            else "the rest read as the comment"
                        )
                    )
                    body = prose_text(source[start + 1 : skip_until])
                    if not started and current is main:
                        self.visitor_now.visit_comment(body)
                    else:
                        self._comment(current, body)
                    continue
                if kind == "RESULT" and current is main:
                    if not started and self._heading_result(found.end()):
                        # "Teed-Delmar 1-0 [A80]" and then move 1: the heading gives the game's result.
                        tag_result = self._result(token, self.visitor_now)
                        heading_result_line = self.where(start)[0]
                        continue
                    if not started and _RESULT_ENDS_LINE.match(text, found.end()) is None:
                        # "… je napísať na papier ½ : ½? Ak súper neprijme …": a result the prose names.
                        main.prose = start if main.prose < 0 else main.prose
                        main.prose_end = found.end()
                        continue
                    if not started:  # a result and no moves (a forfeit): the text before it is the heading
                        heading(start)
                        error = lost_first_moves(start)
                    drawn = self._draw_word(main)
                    if main.prose >= 0 and RESULT_LABEL.fullmatch(self.source, main.prose, main.prose_end):
                        main.prose = -1
                    self._flush(main)
                    result = self._result(token, self.visitor_now)
                    if drawn and result == "*":
                        # "19.Dh6+ remi", a paragraph, then "* * * * *" between the column's parts: the draw
                        # word is the result, the stars no unknown one.
                        result = "1/2-1/2"
                    self.result_end = found.end()
                    ended = True
                    main.prose = -1
                    label = False
                    continue
                if kind == "DIAGRAM":
                    line_number, column = self.where(start)
                    self.visitor_now.visit_warning(
                        f"line {line_number}, column {column}: {quoted(found[kind])} skipped"
                    )
                    continue
                if kind == "ELLIPSIS" and current is main and main.count:
                    # "17.a5 ...atd.": the text of the game stops here; "2. Jf3 ... Jc6": Black's move follows.
                    following = self.master.match(text, found.end())
                    if following is None or following.lastgroup not in _GAME_GOES_ON:
                        ended = main.paused = True
                    continue
                if kind == "ELLIPSIS" or (kind == UNEXPECTED and found[kind] in ".,;:!?'\"’‘“”„«»|/-–—"):
                    continue
                if kind == "WORD" and started and current is main and main.prose < 0:
                    joined = self._split_piece(main, found[kind].strip(), start, found.end())
                    if joined is not None:
                        skip_until = joined
                        continue
                if kind == "WORD" and started and self._broken_move(found[kind], text, found.end()):
                    line_number, column = self.where(start)
                    word = text[start:].split(None, 1)[0]
                    if (
                        current is main
                        and not text[start + len(word) :].strip()
                        and not _HAS_SQUARE.search(word)
                    ):
                        # "… 29 hxg4 Rfe", "17.C2": a copy cut off inside its last move.
                        self.visitor_now.visit_warning(
                            f"line {line_number}, column {column}: " + cut_inside_a_move(word)
                        )
                        continue
                    resumed = (
                        self._broken(main, word, start)
                        if current is main and (main.prose < 0 or main.number_fits)
                        else None
                    )
                    if resumed is not None:
                        skip_until = resumed
                        continue
                    if current is not main:
                        # A variation's move that cannot be read (`(3 ..ta6 ba6 4 h3 'Ye7 ?!)`, a figurine
                        # left as OCR read it): the variation is kept as a comment, as one that cannot be
                        # played is; the game goes on.
                        current.failure = f"{quoted(word, 20)} is not a move"
                        continue
                    raise self._syntax(f"{quoted(word, 20)} is not a move", line_number, column)
                if kind == UNEXPECTED and started and not found[kind].isalpha():
                    line_number, column = self.where(start)
                    self.visitor_now.visit_warning(
                        f"line {line_number}, column {column}: {found[kind]!r} skipped"
                    )
                    self.glued = (found.end(), found[kind])
                    continue
                if kind == "LABEL" and current is main and main.count:
                    label = True
                # A word, a label, a number or anything else: prose.
                current.prose = start
                current.prose_end = found.end()
        except NotationSyntaxError as exc:
            error = exc
        if (
            ended
            and main.prose >= 0
            and main.paused
            and told_result_end(prose_text(source[main.prose : main.prose_end])) >= 0
        ):
            # "21...Hxf2+ „ ... i czarne łatwo wygrały (0–1).”": the words after the dots that stopped the moves
            # tell the result; they are the last move's comment, and the result the game's.
            self._flush(main)
        if ended and main.prose >= 0:
            skipped = prose_text(source[main.prose : main.prose_end])
            if skipped:
                self.visitor_now.visit_warning(
                    f"line {self.where(main.prose)[0]}: text after the result skipped: {quoted(skipped, 60)}"
                )
            main.prose = -1
        unread_at = (
            None if told or main.count or ended or tags or error is not None else _move_one_unread(text)
        )
        if unread_at is not None:
            # Moves numbered from 1 with move 1 past reading (`1. í-4, d5 2. e3, Rc.6`, OCR's í for f) are a game
            # whose start cannot be read, not a heading: an error game keeps its place.
            heading(unread_at)
            error = self._move_one_unread(unread_at)
        elif not told and self.following is not None and not headers.tags:
            # The chunk's one "game" is such a line, and the next chunk plays a game from move 1: this chunk heads
            # it (read again there, it stops where that game begins).
            next_move_1 = _MOVE_1.search(self.following)
            if self._cited_before_a_game(
                main, error, after_error, self.following, next_move_1.start() if next_move_1 else -1
            ):
                self.carried = self._cited_warning(error)
                return
            if (
                not ended
                and error is None
                and main.board is not None
                and main.count >= _GAME_RUN
                and next_move_1 is not None
                and self._replayed_longer(main.board, start_board, next_move_1.start(), self.following)
            ):
                # A column prints the moves up to its diagram, then the whole score again from move 1: one game
                # (read with the next chunk, which says so).
                return
        if main.count or error is not None or keep_empty or ended or tags:
            if self.trailer:
                self.visitor_now.visit_warning(self.trailer)
            yield finish()

    def _game_in_the_comment(self, last: Ply) -> None:
        """A doubt about the moves after the last one read (the game may be cut short) when the last move's
        comment may hold the rest of the game (`game_in_the_comment`)."""
        later = game_in_the_comment(last)
        if later:
            self.visitor_now.visit_doubt(
                last.halfmove + 1,
                f"line {last.written.line}: the moves stop after {last.number}{'.' if last.white else '...'} "
                f"{last.written.text}, but the comment after it numbers {len(later)} later moves "
                f"({min(later)} to {max(later)}): the game may go on there",
            )

    def _other_line_in_the_comment(self, last: Ply, board: chess.Board) -> None:
        """A doubt about the moves from an earlier one on, when the last move's comment writes another line
        from there that is at least as long as the game after it ("Správně 6. Jd2 … nebo 6. ... h6 7. Sxf6
        Dxf6 8. e3 s dalším … 6. ... exf3 7. dxc6 fxg2 8. cxd7+?"): a line told in prose was read as the
        game, which may go on in the comment."""
        if not last.comment:
            return
        played = board.move_stack
        first = board.root()
        comment = self.grammar.locale.fold_script(last.comment)
        for found in _COMMENT_NUMBER.finditer(comment):
            number, black = _number(_DIGITS.match(found["digits"])), _black_number(found["rest"])
            index = _ply_index(first, number, black)
            if not 0 <= index < len(played):
                continue
            line = self._playable(_rewound(board, len(played) - index), comment, found.end())
            if len(line) >= max(2, len(played) - index) and line[0] != played[index]:
                written = comment[found.start() :].split("\n")[0][:60]
                self._doubt(
                    index + 1,
                    f"line {last.written.line}: the moves from {number}{'...' if black else '.'} on may not be "
                    f"the game's: the comment after the last move writes another line from there, as long "
                    f"({quoted(written.strip(), 60)})",
                )
                return

    def _playable(
        self, board: chess.Board, text: str, start: int, most: int | None = None, *, across: bool = False
    ) -> list[chess.Move]:
        """The moves written one after another in `text` from `start` that can be played from `board` (at most
        `most`; `across`: the words between them skipped)."""
        board = board.copy(stack=False)
        played: list[chess.Move] = []
        for written, _ in self._written_run(text, start, most, across=across):
            try:
                move = resolve(board, written, self.grammar.locale).move
            except MoveError:
                break
            board.push(move)
            played.append(move)
        return played

    def _elsewhere(self, value: str, board: chess.Board, start: int) -> bool:
        """Whether a move number far from the one due (two or more moves off: "6.Dxb7" where 2. is due)
        begins a line told in the prose rather than the game, which goes on under the number due later; or
        one move off, when the number due starts a later line ("17...Gd7" where 16... is due, and
        "16...Hd6" first on a later line)."""
        digits = _DIGITS.match(value)
        if digits is None or _number(digits) == board.fullmove_number:
            return False
        off = abs(_number(digits) - board.fullmove_number)
        return self._due_later(board, start, line_start=off < 2)

    def _unclosed_before_the_game(self, stack: list[_Line], value: str, start: int, end: int) -> bool:
        """Whether a move number inside brackets that the text never closes is where the game goes on: it
        starts a line, it does not fit the variation (or the variation's words went past it already: "(Ef 8.
        d4Xc5, þá d5Xc4. 9. Bxc4 …", then "8. —o— c5Xd4") but fits the game's position, and the moves written
        from it play on there. Inside a line, only a number the variation cannot take right after a bracket inside
        it closed ("(mucho más bonito sería 33 ..Axd4!! 34 cxd4 Th4 35 Rg1 (…) 34 Re1 Txe4+", the first bracket
        never closed)."""
        main, current = stack[0], stack[-1]
        if len(stack) < 2 or main.board is None:
            return False
        if not main.count:
            # Before the game, a bracket in the words never closed ("… tot de sterk - (meester ter wereld gaan be-
            # …", an OCR'd newspaper page), then move 1 and a game's run of moves that play from the start.
            if not _fits(value, main.board) or _closes(self.text, stack[1].open_at):
                return False
            run = self._written_run(self.text, end, _GAME_RUN)
            return len(run) == _GAME_RUN and self._plays_as_marked(main.board, run)
        if not _starts_line(self.text, start) and (
            current.failure
            or self._number_fits(current, value)
            or self.text[max(0, start - _AFTER_A_BRACKET) : start].rstrip()[-1:] not in (")", "]")
        ):
            return False
        if _closes(self.text, stack[1].open_at) or not _fits(value, main.board):
            return False
        if (
            not current.failure
            and self._number_fits(current, value)
            and not _numbered_past(self.text[stack[1].open_at : start], value)
        ):
            return False
        return self._goes_on(main.board, end)

    def _goes_on(self, board: chess.Board, at: int) -> bool:
        """Whether the game goes on at `at`: the move and the reply written there (`_TOLD_GOES_ON` of them)
        can be played from `board` as marked."""
        following = self._written_run(self.text, at, _TOLD_GOES_ON)
        return len(following) == _TOLD_GOES_ON and self._plays_as_marked(board, following)

    def _written_under_later(
        self, board: chess.Board, end: int, most: int
    ) -> Iterator[list[tuple[Written, str]]]:
        """The moves written (`most` of them) after each later number of the move due in `board`, outside
        brackets opened since `end`: where the game may go on."""
        for later in self._numbers_later(
            board.fullmove_number, board.turn == chess.BLACK, end, line_start=False
        ):
            if _depth(self.text[end : later.start()]) <= 0:
                yield self._written_run(self.text, later.end(), most)

    def _white_alternative(self, value: str, start: int) -> bool:
        """Whether a bare number where Black's move of that number is due, first on its line, begins another
        move for White's instead ("1 d4", then "1 h4 !?", then "1... Jf6 2 c4": a book that writes no dots):
        Black cannot play the move after it, and it is told as an alternative (`_alternative_told`)."""
        board = self.main.board
        if board is None or board.turn == chess.WHITE or not _starts_line(self.text, start):
            return False
        first = self._written_run(self.text, start + len(value), 1)
        return (
            bool(first)
            and not self._plays_as_marked(board, first)
            and self._alternative_told(value, board, start)
        )

    def _alternative_told(self, value: str, board: chess.Board, start: int) -> bool:
        """Whether the number of the move just played begins another move for it, told in prose ("2.Cc3 2.d4
        est l'approche classique … 2...d5 3.Cc3 …"): its move can be played instead, and the number due is
        written later, outside brackets, with moves from it that play on from the game's position ("2...d5
        3.Cf3 Cf6")."""
        digits = _DIGITS.match(value)
        if digits is None or not board.move_stack:
            return False
        before = board.copy()
        before.pop()
        if _number(digits) != before.fullmove_number or _black_number(value[digits.end() :]) != (
            before.turn == chess.BLACK
        ):
            return False
        end = start + len(value)
        first = self._written_run(self.text, end, 1)
        if not first or not self._plays_as_marked(before, first):
            return False
        if any(
            len(following) == _TOLD_GOES_ON and self._plays_as_marked(board, following)
            for following in self._written_under_later(board, end, _TOLD_GOES_ON)
        ):
            return True
        # A note on a line indented under the game's (a database's export: "13. Dd2", then "    13. Dc1 est
        # meilleur car …", then "e6 14. Fg5 f6"): the game goes on at the next line that is not indented.
        line_start = self.text.rfind("\n", 0, start) + 1
        if self.text[line_start:start].strip() or self.text[line_start : line_start + 1] not in (" ", "\t"):
            return False
        game_line = _UNINDENTED_LINE.search(self.text, end)
        if game_line is None:
            return False
        following = self._written_run(self.text, game_line.start(), _TOLD_GOES_ON)
        return len(following) == _TOLD_GOES_ON and self._plays_as_marked(board, following)

    def _earlier_line(self, value: str, board: chess.Board, start: int) -> bool:
        """Whether a move number before the one due begins another line from that earlier position: three
        moves or more written after it play on from there, and not from the position now ("- 2.d4 d5 3.e5",
        listed after "2.Jf3 d5 3.Jc3")."""
        digits = _DIGITS.match(value)
        if digits is None:
            return False
        root = board.root()
        ply = _ply_index(root, _number(digits), _black_number(value[digits.end() :]))
        if not 0 <= ply < len(board.move_stack) - 1:
            return False
        earlier = _rewound(board, len(board.move_stack) - ply)
        following = self._written_run(self.text, start + len(value), 3)
        return (
            len(following) == 3
            and self._plays_as_marked(earlier, following)
            and not self._plays_as_marked(board, following[:2])
        )

    def _misnumbered(self, value: str, board: chess.Board, start: int) -> bool:
        """Whether a White move number one off the one due, at the start of a line after prose, is a
        misprint ("2. Sf3, Sf6, 4. Sc3" where 3. is due): the number after the one due follows on that line.
        So is White's number for Black's reply ("26. Dd5." where 26... is due), when the game's next number
        starts a later line with a move that can follow the reply, or when that number comes right after the
        reply with two more moves that can be played ("réaction centrale 4. Fb4 5. Fd2 c5"), or with the
        game's last move ("11.Kd8 12.b3", then only words); or the number of
        the move before (`_one_behind`). So is Black's number one ahead, starting a line after prose ("7…Le7??"
        where 6… is due), when the game's next number starts a later line with a move that can follow it."""
        digits = _DIGITS.match(value)
        text = self.text
        if digits is None:
            return False
        if _black_number(value[digits.end() :]):
            return (
                board.turn == chess.BLACK
                and _number(digits) == board.fullmove_number + 1
                and _starts_line(text, start)
                and self._reply_goes_on(board, start + len(value))
            )
        if board.turn == chess.BLACK:
            if _number(digits) != board.fullmove_number:
                return False
            end = start + len(value)
            line_start = _starts_line(text, start)
            if line_start and self._reply_goes_on(board, end):
                return True
            next_number = re.compile(rf"[ \t]*\S+[ \t]+{board.fullmove_number + 1}[ \t]*\.(?![ \t]*[.…])")
            following = self._written_run(text, end, 3)
            if line_start:
                # "11.Kd8 12.b3", then only words: the game's last two moves, the reply under White's number.
                later = next_number.match(text, end)
                return (
                    later is not None
                    and len(following) == 2
                    and self._plays_as_marked(board, following)
                    and NUMBERED_MOVE.search(text, later.end()) is None
                )
            return (
                next_number.match(text, end) is not None
                and len(following) == 3
                and self._plays_as_marked(board, following)
            )
        if abs(_number(digits) - board.fullmove_number) != 1 or not _starts_line(text, start):
            return False
        line_end = text.find("\n", start)
        rest = text[start + len(value) : line_end if line_end >= 0 else len(text)]
        if re.search(rf"(?<![\w.]){board.fullmove_number + 1}[ \t]*[.)](?![.…])", rest) is not None:
            return True
        return self._one_behind(value, board, start)

    def _reply_one_behind(self, main: _Line, board: chess.Board, value: str, start: int) -> bool:
        """Whether Black's number one behind the one due numbers the reply to a White move that was written
        under that same number ("13. Rf3" where 14. was due; notes; "13. ... Ag4+"), and the moves written
        after it play with their marks."""
        digits = _DIGITS.match(value)
        pending = main.pending
        if (
            digits is None
            or pending is None
            or board.turn != chess.BLACK
            or not _black_number(value[digits.end() :])
            or _number(digits) != board.fullmove_number - 1
        ):
            return False
        white_number = f"move number {quoted(value[: digits.end()].strip() + '.')} written where"
        following = self._written_run(self.text, start + len(value), _SLIP_CHECKED)
        return (
            any(warning.startswith(white_number) for warning in pending.warnings)
            and bool(following)
            and self._plays_as_marked(board, following)
        )

    def _one_behind(self, value: str, board: chess.Board, start: int) -> bool:
        """Whether White's number of the move before the one due, at the start of a line, is a misprint ("6
        De2 g2+", then "7 Rd1", where 7 is due: numbered one behind from there on): the moves written from it
        (two at least) play on, and its move could not have been played instead of that move."""
        digits = _DIGITS.match(value)
        if (
            digits is None
            or _black_number(value[digits.end() :])
            or board.turn == chess.BLACK
            or _number(digits) != board.fullmove_number - 1
            or len(board.move_stack) < 2
            or not _starts_line(self.text, start)
        ):
            return False
        following = self._written_run(self.text, start + len(value), _SLIP_CHECKED)
        earlier = board.copy()
        earlier.pop()
        earlier.pop()
        return (
            len(following) >= 2
            and self._plays_as_marked(board, following)
            and not self._plays_as_marked(earlier, following[:1])
        )

    def _omitted_after_prose(self, value: str, board: chess.Board, start: int) -> bool:
        """Whether White's number of the ply after the one due, at the start of a line after prose ("7.d:c5",
        a note, then "8.W:d1 G:c5"), numbers a move that Black cannot play and that one move left out of the
        text lets play on with the moves after it (`_omitted`)."""
        digits = _DIGITS.match(value)
        if (
            digits is None
            or _black_number(value[digits.end() :])
            or board.turn == chess.WHITE
            or _number(digits) != board.fullmove_number + 1
            or not _starts_line(self.text, start)
        ):
            return False
        first = self.master.match(self.text, start + len(value))
        if first is None or first.lastgroup not in ("MOVE", "CASTLE"):
            return False
        written = self._written(first, first.lastgroup, first.start(first.lastgroup))
        try:
            resolve(board, written, self.grammar.locale)
        except MoveError:
            return self._omitted(board, written, first.end(), _SLIP_CHECKED) is not None
        return False

    def _reply_goes_on(self, board: chess.Board, end: int) -> bool:
        """Whether the move written at `end` can be played, and the game's next move number after it starts a
        later line with a move that can be played after it."""
        following = self._following(end)
        after = board.copy(stack=False)
        try:
            after.push(resolve(after, following[0][0], self.grammar.locale).move)
        except (MoveError, IndexError):
            return False
        number = re.compile(rf"(?m)^{_LINE_HEAD.pattern}{after.fullmove_number}[ \t]*[.)](?![.…])[ \t]*")
        later = number.search(self.text, end)
        if later is None:
            return False
        moves = self._following(later.end())
        try:
            resolve(after, moves[0][0], self.grammar.locale)
        except (MoveError, IndexError):
            return False
        return True

    def _in_a_sentence(self, start: int, end: int) -> bool:
        """Whether words in lower case stand just before and just after `text[start:end]` on its line (or the
        sentence ends after it): a result there ("Mooi en 1-0 voor Dworp.", "Een goede partij van hem en
        1-0.") is a match's score told in prose, no game without moves."""
        return (
            _LOWER_WORD_BEFORE.search(self.text, _line_start(self.text, start), start) is not None
            and _LOWER_WORD_AFTER.match(self.text, end) is not None
        )

    def _result_cited(self, main: _Line, end: int) -> bool:
        """Whether a result in the prose after the last move belongs to a game the prose cites ("nakon
        9...Tc8 10.Dxa6 1–0."): the game goes on under the move number due, at the start of a later line or
        later on the result's own line."""
        board = main.board
        if board is None or main.pending is None:
            return False
        if self._due_later(board, end, line_start=True):
            return True
        # "9.h4 9.S:g5 h4 … G:f3 0-1; Knorre - Czigorin, Petersburg 1874 9...Gg4": the game that the line
        # cites, then the game's own move due, on the same line.
        line_end = self.text.find("\n", end)
        due = next(
            self._numbers_later(board.fullmove_number, board.turn == chess.BLACK, end, line_start=False), None
        )
        return due is not None and (line_end < 0 or due.start() < line_end)

    def _aside(self, main: _Line, end: int) -> bool:
        """Whether a move that cannot be played is a line told aside: under a move number that does not fit
        ("8. … Dd7 var sterkara" where 8. Rc3 is due), the number that fits written later, where the game goes
        on; or without a number and words after it, the number due first on a later line."""
        board = main.board
        if board is None:
            return False
        if not main.number_warning:
            # No number: a move in a sentence ("13.De1 Sc3-d5 hängt schon in der Luft."), words right after it,
            # and the move due first on a later line.
            following = self.master.match(self.text, end)
            return (
                following is not None
                and following.lastgroup == "WORD"
                and self._due_later(board, end, line_start=True)
            )
        return self._due_later(board, end, line_start=False)

    def _another_for_the_last(self, main: _Line, end: int) -> bool:
        """Whether a move written under the number of the move just played, for the side that played it,
        first on its line or right after the sentence that move ends with words after it, is an alternative to
        that move ("8...Re7 ?" then "8...Fd7, déplaçant ..."): the move due is written later under its own
        number, at the start of a line."""
        board = main.board
        if board is None or self._before_last_numbered(main) is None:
            return False
        # ("21. Da2. 21. Sg4 gefiel dem Anziehenden nicht wegen …", then "21. ... Tad8".)
        cited = (
            self.text[: main.number_at].rstrip()[-1:] in (".", "!", "?")
            and _WORDS_AFTER.match(self.text, end) is not None
        )
        return (_starts_line(self.text, main.number_at) or cited) and self._due_later(
            board, end, line_start=True
        )

    def _before_last_numbered(self, main: _Line) -> chess.Board | None:
        """The position before the ply just played, where the move number read last is off for the game but
        is that ply's own, for the side that played it ("4.d3" after "4.c3"); None otherwise."""
        board = main.board
        if not main.number_warning or board is None or not board.move_stack or main.number_at < 0:
            return None
        number = self.master.match(self.text, main.number_at)
        digits = _DIGITS.match(number.group()) if number is not None else None
        before = board.copy()
        before.pop()
        if number is None or digits is None or _number(digits) != before.fullmove_number:
            return None
        # The side written out: a bare number could be either side's, and the game's too.
        black = _black_number(number.group()[digits.end() :])
        return before if black == (before.turn == chess.BLACK) else None

    def _players_line(self, start: int) -> int:
        """Where the first line after the last move's, up to `start`, that names both players starts, or -1
        ("Nielsen – Michelakis (Buenos Aires 1992): 1 e4", or that line on its own before "1 e4")."""
        line_start = self.text.find("\n", self.last_move_end, start) + 1
        while 0 < line_start < start:
            line_end = self.text.find("\n", line_start, start)
            line_end = start if line_end < 0 else line_end
            if {"White", "Black"} <= read_heading(self.source[line_start:line_end]).keys():
                return line_start
            line_start = line_end + 1
        return -1

    def _alternative(self, main: _Line, written: Written) -> bool:
        """Whether a move that cannot be played, under the number of the move just played for the same side
        ("4.d3" after "4.c3"), can be played instead of that move: another move for the same ply."""
        before = self._before_last_numbered(main)
        return before is not None and self._can_play(before, written)

    def _can_play(self, board: chess.Board, written: Written) -> bool:
        """Whether the move written can be played from `board`."""
        try:
            resolve(board, written, self.grammar.locale)
        except MoveError:
            return False
        return True

    def _listed_for_black(self, main: _Line, written: Written, start: int) -> bool:
        """Whether a move after a list's bullet and dots that start its line, where White is due, can be played
        instead of Black's last move, and White's move due is numbered at the start of a later line: an
        alternative to Black's move, listed, not the game's next move."""
        board = main.board
        if (
            board is None
            or board.turn != chess.WHITE
            or not board.move_stack
            or _LISTED_DOTS.search(self.text, _line_start(self.text, start), start) is None
            or not self._due_later(board, start + len(written.text), line_start=True)
        ):
            return False
        before = board.copy()
        before.pop()
        return self._can_play(before, written)

    def _astray_before_the_end(self, main: _Line, board: chess.Board, words: str) -> int:
        """The ply from which the moves may not be the game's, when the resignation's words start with moves
        ("13. Kh1 Jxg3+! a bílý se vzdal") that are neither the game's last ones nor can follow them: the
        first ply read after the last run of prose before the ply they are numbered for; 0 otherwise."""
        comment = main.pending.comment if main.pending is not None else ""
        told = self._written_run(words, 0, None)
        numbered = _NUMBER_BEFORE.search(comment, 0, max(comment.find(words), 0))
        if not told or numbered is None or self._plays_as_marked(board, told):
            return 0
        root = board.root()
        ply = _ply_index(root, _number(_DIGITS.match(numbered.group())), _black_number(numbered["rest"]))
        if ply >= 0 and ply + len(told) == len(board.move_stack):
            earlier = _rewound(board, len(told))
            try:
                for written, _ in told:
                    earlier.push(resolve(earlier, written, self.grammar.locale).move)
            except MoveError:
                pass
            else:
                if earlier.move_stack == board.move_stack:
                    return 0  # the words name the game's own last moves
        resumed = [count for count in main.resumed if count <= ply]
        return resumed[-1] + 1 if resumed else 0

    def _retold_after_prose(self, main: _Line) -> chess.Board | None:
        """The position before the ply just played where prose stood before and after it and the move number
        read since is that ply's own again, its side's mark too where one is written ("… partij van
        Gaprindaschwili, die hier met 11 Lfl-e2 voortzette. Tal doet het anders: 11 Ddl-d2;Dd8-e7"): the prose
        cited that ply, and the game may play another for it; None otherwise."""
        board = main.board
        if board is None or not board.move_stack or main.resumed[-2:] != [main.count - 1, main.count]:
            return None
        number = self.master.match(self.text, main.number_at) if main.number_at >= 0 else None
        digits = _DIGITS.match(number.group()) if number is not None else None
        if number is None or digits is None:
            return None
        before = board.copy()
        before.pop()
        marks = number.group()[digits.end() :].strip()
        if _number(digits) != before.fullmove_number or (
            marks and _black_number(marks) != (before.turn == chess.BLACK)
        ):
            return None
        return before

    def _cited_before(self, main: _Line, start: int) -> bool:
        """Whether the ply just played was the first read after prose and ends the prose's sentence, the
        move number at `start` (its own, again) coming right after the full stop."""
        between = self.text[self.last_move_end : main.number_at]
        return (
            main.count == main.resumed_at + 1
            and main.number_at < start
            and _SENTENCE_AFTER_MOVE.fullmatch(between) is not None
            and self._before_last_numbered(main) is not None
        )

    def _rejoin(self, main: _Line) -> tuple[int, int, bool] | None:
        """Where the moves that went on after prose and stopped soon after are the prose's: from where they went
        on to a later number of the move due there, after which the next `_REJOIN_PLAYED` moves written play
        ("Preciznije je bilo 11...Sd7, otvarajući … 12.Sbd4 Tc8 13.S:c6 L:c6 14.Dd1 Df6 sa punom
        kompenzacijom. … 12.Sc3 Tc8 13.Da4": 14...Df6 cannot be played, and 12.Sc3 plays on after 11...Lb6);
        else None."""
        resumed = _resumed(main)
        if resumed is None:
            return None
        start, board = resumed
        due = _ply_key_due(board)
        text = self.text
        for found in NUMBERED_MOVE.finditer(text, start + 1, min(len(text), start + _REJOIN_REACH)):
            marks = _NUMBER_MARKS.match(text, found.end())
            if marks is None or ply_key(text[found.start() : marks.end()]) != due:
                continue
            if len(self._playable(board, text, found.start(), _REJOIN_PLAYED)) == _REJOIN_PLAYED:
                return start, found.start(), False
        return None

    def _takes_back(
        self, main: _Line, written: Written, end: int, before: chess.Board | None = None, needed: int = 2
    ) -> bool:
        """Play `written` instead of the ply just played, when it and the `needed` moves written after it play
        on from the position before that ply (`before`, else where the number read last is that ply's own):
        the ply is kept as the words before the new move."""
        if before is None:
            before = self._before_last_numbered(main)
        following = self._written_run(self.text, end, needed)
        if before is None or len(following) < needed:
            return False
        if main.board is not None and self._due_later(main.board, end, line_start=True):
            # The reply to the ply just played starts a later line, numbered ("27.Ke1. 27.Fxd7 Şxd7 …", then
            # "27…Kc5." on a line of its own): the game goes on there, the move here starts a side line.
            return False
        try:
            instead = resolve(before, written, self.grammar.locale)
        except MoveError:
            return False
        after = before.copy(stack=False)
        after.push(instead.move)
        if not self._plays_as_marked(after, following):
            return False
        cited, board = main.pending, main.board
        assert cited is not None and board is not None
        board.pop()
        main.written.pop()
        main.pending, main.resolved, main.count, main.number_warning = None, None, main.count - 1, ""
        said = f"{cited.number}{'.' if cited.white else '...'} {cited.written.text}"
        self.visitor_now.visit_warning(
            f"line {cited.written.line}: {quoted(said)} stands in the prose and "
            f"{quoted(written.text)} follows under its number: read as the prose's, the game's is "
            f"{quoted(written.text)}"
        )
        self._play(main, written, False, end)
        assert main.pending is not None
        # The prose read since the ply taken back stands before the new move too.
        prose = prose_text(self.source[main.prose : main.prose_end]) if main.prose >= 0 else ""
        main.prose = -1
        starting = " ".join(part for part in (said, cited.comment, prose) if part)
        main.pending = main.pending._replace(starting_comment=starting)
        return True

    def _retold_line(self, main: _Line, value: str, start: int) -> None:
        """Where a move number starting a sentence of the prose is the one due where the moves last went on
        inside a sentence, up to `_RETOLD_PLIES` plies back, and three moves written after it play on from there
        ("Nic nie daje białym 20.h5 wobec 20...g5! … 21.Sf5 Gxf5 22.Hxg5+ Kh7 23.exf5 Wg8 i czarne się bronią.
        20...Wfb8 21.h5 g5"): the moves read from there are the prose's line, and the chunk is read again with
        them as words (`astray`)."""
        resumed = _resumed(main)
        if (
            self.astray is not None
            or resumed is None
            or not main.resumed_in_sentence
            or not 1 < main.count - main.resumed_at <= _RETOLD_PLIES
            or self.text[max(0, start - 40) : start].rstrip()[-1:] not in ("", ".", "!", "?")
        ):
            return
        start_at, board = resumed
        if (
            ply_key(value) == _ply_key_due(board)
            and len(self._playable(board, self.text, start, _REJOIN_PLAYED)) == _REJOIN_PLAYED
        ):
            self.astray = (start_at, start, True)

    def _retold(self, main: _Line, value: str, start: int, end: int) -> bool:
        """Whether the move just read is the prose's and the game goes on at this number (`_retold_move`); where
        not, a longer line the prose retells so is noted (`_retold_line`)."""
        if self._retold_move(main, value, start, end):
            return True
        self._retold_line(main, value, start)
        return False

    def _retold_move(self, main: _Line, value: str, start: int, end: int) -> bool:
        """Whether a move number in the prose after the first move read inside a sentence of earlier prose is
        that move's own, the move due after it starts no later line, and either it starts a sentence and three
        moves written after it play on from the position before that move ("symetricky 4…Sb4, Lalič však volí
        gambitové pokračovanie. 4…Jd4 5.Jxe5 c6") or `_RETOLD_TOLD` moves do, words between them skipped: the
        move read was the prose's, and the game goes on here. If so, that move is taken back, and it and the
        words after it become the comment before the next move."""
        board, cited = main.board, main.pending
        digits = _DIGITS.match(value)
        if (
            board is None
            or cited is None
            or digits is None
            or main.count != main.resumed_at + 1
            or not main.resumed_in_sentence
        ):
            return False
        before = board.copy()
        before.pop()
        black = _black_number(value[digits.end() :])
        if _number(digits) != before.fullmove_number or black != (before.turn == chess.BLACK):
            return False
        if self._due_later(board, end, line_start=True):
            return False  # the game goes on from the move read, first on a later line
        following = self._written_run(self.text, end, 3)
        # A long run of the game's moves in the sentence that tells it again ("… með því að leika 23... Rg4! (…)
        # Í stað þessa lék Hjörvar 23...f6 og skákinni lauk með jafntefli eftir 24. Db3 Kh8 25. Hdxe5 …").
        told_on = len(self._playable(before, self.text, end, _RETOLD_TOLD, across=True)) == _RETOLD_TOLD
        if not told_on and (
            self.text[max(0, start - 40) : start].rstrip()[-1:] not in ("", ".", "!", "?")
            or len(following) < 2
            or not self._plays_as_marked(before, following)
        ):
            return False
        said = f"{cited.number}{'.' if cited.white else '...'} {cited.written.text}"
        if len(following) < 3 and not told_on:
            # Two moves before the next words ("8.Kbd2, і після 9.Сс4 … 8.КЫ—аЗ! КЬ8—d7? Треба"): too few to
            # decide, so the move read and those after it are in doubt.
            self._doubt(
                main.count,
                f"line {cited.written.line}: {quoted(said)} is followed by words and then by its own move "
                "number again: it may be the prose's",
            )
            return False
        self.visitor_now.visit_warning(
            f"line {cited.written.line}: {quoted(said)} is followed by words and then by its own move number "
            "again, from where the game goes on: read as the prose's"
        )
        board.pop()
        main.written.pop()
        main.pending, main.resolved, main.count, main.number_warning = None, None, main.count - 1, ""
        main.suffix = "+" if board.is_check() else ""
        words = prose_text(self.source[self.last_move_end : main.prose_end])
        main.starting = f"{said}{'' if words[:1] in tuple(',;:.!?') else ' '}{words}"
        main.prose = -1
        main.resumed.append(main.count)
        main.resumed_from.append(-1)
        main.resumed_in_sentence = False
        main.in_sentences = []
        return True

    def _outline(self, main: _Line, written: Written, end: int) -> bool:
        """Whether the main line's second move, which Black cannot play, is White's next move under the
        next White move number, and a move 1 follows: the text lists White's moves alone before the game."""
        board = main.board
        if main.count != 1 or not main.number_warning or board is None or board.turn != chess.BLACK:
            return False
        if FIRST_MOVE.search(self.text, end) is None:
            return False
        passed = board.copy(stack=False)
        passed.push(chess.Move.null())
        try:
            resolve(passed, written, self.grammar.locale)
        except MoveError:
            return False
        return True

    def _cited(self, value: str, start: int, board: chess.Board | None = None) -> bool:
        """Whether a move number that fits, in the middle of a line of prose ("Bättre är 6...Sxe5 där vit
        svarar med 7. Dxh5"), only cites a line the text considers: the same number for the same side is
        written again later at the start of a line, where the game goes on ("6... Lxd1?? 7. Lxf7+"), or the
        next line of moves starts with the move due without its number ("Dolazilo je u obzir 21...e5.", a
        blank line, "Tc8, 22. Tc8+")."""
        text = self.text
        digits = _DIGITS.match(value)
        if digits is None:
            return False
        if _QUOTE_OPENS.search(text, max(0, start - 4), start) and _QUOTE_CLOSES.match(
            text, start + len(value)
        ):
            return True  # 'Les blancs préviennent "5 ...e5".': a move the prose quotes
        black = _black_number(value[digits.end() :])
        # Written again inside a bracket opened since ("34.Da1-e1 (Nach", then "34.Sh5-g7?! …)" on the next
        # line), the number is a variation's, not the game's going on.
        later = any(
            _depth(text[start : found.start()]) <= 0
            for found in self._numbers_later(_number(digits), black, start + len(value), line_start=True)
        )
        if _starts_line(text, start):
            # "Posle 25.Ld5 beli mora da se suoči sa žrtvom kvaliteta", then "25...Td5, 26. cd" and, on a
            # later line, "25...Tad8": the number goes on from the move the line before ends by citing.
            return (
                later
                and board is not None
                and not self._game_line_before_a_note(_number(digits), black, start + len(value))
                and self._continues_cited_line(start, board, next_line=True)
            )
        if (
            later
            or _SUPPOSING.search(text, max(0, start - _SUPPOSING_LONGEST), start)
            or self._better_before(start, _number(digits), black, start + len(value))
        ):
            return True
        if board is None:
            return False
        if self._continues_cited_line(start, board):
            return True
        if self._cited_in_sentence(_number(digits), black, start, start + len(value), board):
            return True
        # A number that ends its line numbers the move that starts the next ("… van. 4. ...", "Hfd7 5.f4").
        following = _LINE_START_MOVE.search(text, start + len(value))
        return (
            following is not None
            and bool(text[start + len(value) : following.start("move")].strip())
            and self._bare_resume(board, following.start("move"))
        )

    def _better_before(self, start: int, number: int, black: bool, end: int) -> bool:
        """Whether a move number follows "better" in its sentence, not after a verb that says what came
        before it was better, and the text writes the same number for the same side again later, where the
        game's own move may stand: where it never does ("12.e4 jetzt doch - einen Zug früher besser 12...Sd4
        13.Dd1 …" to the end), the moves after "better" are the game's."""
        window = self.text[max(0, start - _BETTER_LONGEST) : start]
        better = _BETTER.search(window)
        return (
            better is not None
            and _VERB_BEFORE.search(window, 0, better.start()) is None
            and next(self._numbers_later(number, black, end, line_start=False), None) is not None
        )

    def _cited_in_sentence(self, number: int, black: bool, start: int, end: int, board: chess.Board) -> bool:
        """Whether the move number at `start` stands inside a sentence, right after a word, and the same number
        for the same side starts a later sentence of the paragraph, from which the moves written play on
        ("18...b5 verliert sofort wegen 19.a6 Dd7 20.Sb5. 19.ab6 Db6 20.Db6"): the words cite a line, and the
        game goes on there. A game's first move may stand in a sentence ("Po bežnom otvorení 1.c4 Jf6 …")."""
        text = self.text
        if not self.main.count or not _IN_A_SENTENCE.search(text, _line_start(text, start), start):
            return False
        paragraph = _PARAGRAPH_END.search(text, end)
        return any(
            _SENTENCE_BEFORE.search(text, max(0, found.start() - 3), found.start())
            and self._plays_as_marked(board, self._written_run(text, found.end(), _SLIP_CHECKED))
            for found in self._numbers_later(number, black, end, line_start=False)
            if paragraph is None or found.start() < paragraph.start()
        )

    def _continues_cited_line(self, start: int, board: chess.Board, *, next_line: bool = False) -> bool:
        """Whether the move number at `start` goes on, in the same sentence, from a move that the prose cites
        for the ply just played but that the game did not play ("ve Steinitzově obraně 3...d6 někdy po
        4.Sxc6+ bxc6", the game having gone 3...a6): it numbers that line's next move, not the game's. An
        alternative written right after the move, before any words ("5.0-0?! 5.c3 5....d6"), is such a
        citation only where words follow it ("2.Cc3 2.d4 est l'approche classique … 2...d5 3.Cc3") or the moves
        after it play on further than after the game's move ("8...fxe6 8...cxd4 9.Db5+ Cd7 10.exf7+"). With
        `next_line`, the number starts the line after the sentence,
        which ends with that line and no full stop."""
        if self.main.prose < 0 or not board.move_stack:
            return False
        # The last cited move, its ply, and whether OCR damaged it into no move ("7…Ф65" for Фd5).
        cited: tuple[int, re.Match[str], bool] | None = None
        number = ""
        ply = -1  # the ply of the next move of the line cited, -1 outside one
        told = False  # whether words come before the citation: a line told in a sentence, not an alternative
        run_told = False
        said_after = False  # whether words follow the cited line: an alternative told about, not the game's
        for found in self.master.finditer(self.text, self.main.prose, start):
            kind = found.lastgroup or ""
            if kind in ("MOVE_NUMBER", "NUMBER"):
                number = found[kind]
            elif kind in ("MOVE", "CASTLE") and (number or ply >= 0):
                if number:
                    digits = _DIGITS.match(number)
                    black = digits is not None and _black_number(number[digits.end() :])
                    ply, run_told = 2 * (_number(digits) - 1) + black, told
                cited, number, ply, said_after = (ply, found, False), "", ply + 1, False
            elif kind == "WORD" and number and self._broken_move(found[kind], self.text, found.end()):
                digits = _DIGITS.match(number)
                black = digits is not None and _black_number(number[digits.end() :])
                cited, run_told = (2 * (_number(digits) - 1) + black, found, True), told
                number, ply, said_after = "", -1, False
            elif kind not in ("ELLIPSIS", "CHECK", "NAG", "SUFFIX", "EVAL", "EN_PASSANT"):
                number, ply = "", -1
                told = told or kind == "WORD"
                said_after = said_after or (cited is not None and kind == "WORD")
        # (The line after the sentence's, blank lines between: an OCR'd page's paragraphs break anywhere.)
        end = len(self.text[: self.text.rfind("\n", 0, start)].rstrip()) if next_line else start
        if cited is None:
            return False
        stop = _sentence_end(self.text, cited[1].end(), end)
        if stop is not None and not (
            # "bolo 12...Da5 s útokom na c3. V tom prípade mohlo dojsť k pokračovaniu: 13.Jd2": the next
            # sentence leads into the cited line with a colon.
            self.text[:end].rstrip().endswith(":") and _sentence_end(self.text, stop + 1, end) is None
        ):
            return False
        cited_ply, found, damaged = cited
        played = board.move_stack[-1]
        before = board.copy()
        before.pop()
        if cited_ply != 2 * (before.fullmove_number - 1) + (before.turn == chess.BLACK):
            return False
        if damaged:
            return run_told or said_after  # words cite a damaged move: no move the game played
        kind = found.lastgroup or ""
        at = found.start(kind)
        written = (
            written_token(self.grammar, found, at, 0, 0)
            if kind == "MOVE"
            else castling_token(found[kind], 0, 0)
        )
        try:
            instead = resolve(before, written, self.grammar.locale).move
        except MoveError:
            return run_told or said_after  # words cite a move that cannot be played: not the game's line
        if instead == played:
            return False
        # The line's next move, the one numbered at `start`, can be played after the cited move ("36 h5" after
        # "35 ..., h5" cannot: the game's), and the moves from there play on no further after the game's move
        # ("7…d5. Možno je lepšie 7…b5 8.e5 Je4 9.0-0 b5": 9…b5 only after 7…d5).
        # Where both play on as far, until words, the moves written after the words decide ("7...De8 tenait
        # le coup ! … 8. Df7 ! Coupe toute retraite ! 8...g6 9.d4+": 8...g6 only after the game's 7...Rxg5).
        before.push(instead)
        cited_run = self._playable(before, self.text, start)
        game_run = self._playable(board, self.text, start)
        if not cited_run or len(cited_run) != len(game_run):
            return len(cited_run) > len(game_run)
        cited_across = len(self._playable(before, self.text, start, _ACROSS_WORDS, across=True))
        game_across = len(self._playable(board, self.text, start, _ACROSS_WORDS, across=True))
        # An alternative right after the move, no words around it, is the game's only where the game's moves
        # stop first: as far as the text shows, the game goes on after it. Where they stop as far, the text
        # does not tell which line they are; the game's is read, in doubt.
        if run_told or said_after:
            return cited_across >= game_across
        if cited_across == game_across:
            self.tied_with = (start, found[kind])
        return cited_across > game_across

    def _bare_resume(self, board: chess.Board, start: int) -> bool:
        """Whether the move at `start`, first on its line, is the game's next move written without its number:
        it can be played, and the next move number after it fits the position it leaves (the number due now
        starting no later line)."""
        first = self.master.match(self.text, start)
        if not _starts_line(self.text, start) or first is None or first.lastgroup not in ("MOVE", "CASTLE"):
            return False
        following = self._following(start)
        if not following:
            return False
        after = board.copy(stack=False)
        try:
            after.push(resolve(after, following[0][0], self.grammar.locale).move)
        except MoveError:
            return False
        end = start + len(following[0][0].text)
        number = _NEXT_NUMBER.match(self.text, end)
        if number is None and len(following) == 2 and board.turn == chess.WHITE:
            # White's move and Black's reply, then the number ("59.", a paragraph, then "Vc2+ Kb4 60. Vb2+").
            reply = re.compile(rf"[!?+#,;. \t]*{re.escape(following[1][0].text)}").match(self.text, end)
            replied = self._played_on(board, following) if reply is not None else None
            if reply is not None and replied is not None:
                number = _NEXT_NUMBER.match(self.text, reply.end())
                after = replied
        if number is not None and _fits(number["number"], after):
            # Unless the number due now starts a later line: the line cites a move ("Rangt væri H—d2, vegna",
            # then "Bxe3. 17. BXe3, e5—e4!", and ".16. —o— Bg4—e6" where the game goes on).
            return not self._due_later(board, end, line_start=True)
        # Alone on its line, the move may be followed by a note ("Fxd5", then "24 ... exd5 offrait plus de
        # resistance 25 Cf6+", as a database's export sets the moves and notes): the number due after it starts
        # a later line.
        # Or it stands alone before the result that ends its line ("Rf8 0-1"). Not after a line that holds a
        # numbered move alone: that line's moves are cited ("16.f4", then "f6", "17.e5", a line a note cites,
        # one move to a line).
        alone = _ALONE_ON_LINE.match(self.text, end)
        previous = self.text.rfind("\n", 0, max(0, _line_start(self.text, start) - 1)) + 1
        return (
            alone is not None
            and not _LINE_NUMBERED.match(self.text, previous)
            and (bool(alone["result"]) or self._due_later(after, end, line_start=True))
        )

    def _reply_after_dots(self, board: chess.Board, start: int) -> bool:
        """Whether the move at `start` is Black's reply after a note, marked by the dots that start its line
        ("3. Cc3 ... Desarrolla una pieza …", then "... Da5 También es correcta 3. ... Dd8."): Black is due and
        can play it."""
        if (
            board.turn != chess.BLACK
            or _DOTS_LINE_START.search(self.text, _line_start(self.text, start), start) is None
        ):
            return False
        following = self._written_run(self.text, start, 1)
        return bool(following) and self._plays_as_marked(board, following)

    def _reply_before_number(self, board: chess.Board, start: int) -> bool:
        """Whether the move at `start`, inside a note, is the game's next move written without its number: the
        next move number stands right after it and fits the position it leaves, a word (not a number or a move;
        or a square the word names) stands right before it, the number due now is written nowhere later, and
        the two moves written after that number play on."""
        if _WORD_OR_SQUARE_BEFORE.search(self.text, _line_start(self.text, start), start) is None:
            return False
        following = self._written_run(self.text, start, 3)
        if len(following) < 2 or not self._plays_as_marked(board, following):
            return False
        after = board.copy(stack=False)
        after.push(resolve(after, following[0][0], self.grammar.locale).move)
        number = _NEXT_NUMBER.match(self.text, start + len(following[0][0].text))
        return (
            number is not None
            and _fits(number["number"], after)
            and not self._due_later(board, start, line_start=False)
        )

    def _due_later(self, board: chess.Board, start: int, *, line_start: bool) -> bool:
        """Whether the move number due in `board` is written after `start`: where the game goes on."""
        return self._number_later(
            board.fullmove_number, board.turn == chess.BLACK, start, line_start=line_start
        )

    def _game_line_before_a_note(self, number: int, black: bool, end: int) -> bool:
        """Whether the line that goes on at `end` after move `number`'s number holds that one move alone, and
        the next line that starts with the same number has words right after its move ("9…La7", then "9…Pe7
        kan ook wel"): the game's move, then a note on another for the same ply, as an annotator sets them."""
        line_end = self.text.find("\n", end)
        line_end = len(self.text) if line_end < 0 else line_end
        kinds = [found.lastgroup for found in self.master.finditer(self.text, end, line_end)]
        if [kind for kind in kinds if kind not in ("CHECK", "SUFFIX", "NAG", "EVAL")] not in (
            ["MOVE"],
            ["CASTLE"],
        ):
            return False
        later = next(self._numbers_later(number, black, line_end, line_start=True), None)
        if later is None:
            return False
        after = [found.lastgroup for found in islice(self.master.finditer(self.text, later.end()), 2)]
        return after in (["MOVE", "WORD"], ["CASTLE", "WORD"])

    def _move_one_unread(self, at: int) -> NotationSyntaxError:
        """The error of a game whose move 1, written at `at`, cannot be read (and why, where the text's
        figurines were lost)."""
        move_one_line = self.text[at:].split("\n", 1)[0]
        lost = figurines_replaced(self.text)
        return self._syntax(
            f"no move read: move 1 cannot be read: {quoted(move_one_line, 24)}{f' ({lost})' if lost else ''}",
            *self.where(at),
        )

    def _unread_game(self, start: int, end: int) -> tuple[int, int] | None:
        """Where a game whose move 1 cannot be read starts in the words from `start` to `end` (the heading of a
        game whose move 1 is at `end`), a game's run of numbers after it; and where the words after it that
        head the next game start: after the sentence that tells its end, or after the last paragraph break."""
        stretch = self.text[start:end]
        at = _move_one_unread(stretch)
        if at is None or len(_WRITTEN_NUMBER.findall(stretch, at)) < _GAME_RUN:
            return None
        words = stretch[at:]
        told = told_result_end(words)
        if told >= 0:
            sentence_end = _sentence_end(words, told)
            cut = at + (len(words) if sentence_end is None else sentence_end + 1)
        else:
            breaks = list(_PARAGRAPH_END.finditer(stretch, at))
            cut = breaks[-1].end() if breaks else len(stretch)
        return start + at, start + cut

    def _resumed_later(self, board: chess.Board, start: int) -> bool:
        """Whether the move number due in `board` starts a later line with a move that plays on from it: the
        moves from move 1 at `start` are another game that a note cites ("… herinnerde zwart zich de", a blank
        line, "partij Blackburne-Bird, Londen 1899 : 1. d4, f5 …", then "5. Pf3-e5" where the game goes on)."""
        later = next(
            self._numbers_later(board.fullmove_number, board.turn == chess.BLACK, start, line_start=True),
            None,
        )
        moves = self._written_run(self.text, later.end(), 1) if later is not None else []
        return bool(moves) and self._plays_as_marked(board, moves)

    def _number_later(self, number: int, black: bool, start: int, *, line_start: bool) -> bool:
        """Whether move `number` for that side is written after `start` (at the start of a line only, or
        anywhere but inside a longer number)."""
        return next(self._numbers_later(number, black, start, line_start=line_start), None) is not None

    def _numbers_later(
        self, number: int, black: bool, start: int, *, line_start: bool
    ) -> Iterator[re.Match[str]]:
        """Where move `number` for that side is written after `start`, as `_number_later` looks for it."""
        # Not the rank of a move ("b3."); at a line's start, maybe after a speck (".16. —o— Bg4—e6").
        before = r"^[ \t]*[.,]?" if line_start else r"(?<!\w)"
        pattern = re.compile(
            # (Black's number may end in a dash: "11. – Cb4".)
            rf"{before}{number}(?![0-9])(?P<rest>[ \t]*(?:[.)][ \t]*(?:\.\.\.?|…|{_PLACEHOLDER}|[-–—](?=[ \t]))?|…))"
            # An old book's bare number first on its line, a move after it, numbers either side's ("18 0—0-0").
            + (rf"|{before}{number}[ \t]+(?={MOVE_AHEAD})" if line_start else ""),
            re.MULTILINE,
        )
        return (
            later
            for later in pattern.finditer(self.text, start)
            if later["rest"] is None or _black_number(later["rest"]) == black
        )

    def _resignation_told(self, line: _Line, start: int) -> bool:
        """Whether the main line's last move is followed by a resignation in words ("Y las blancas
        abandonaron ante 6.Td4 …", "(las blancas rinden)"): the moves written after it are what the player
        feared or what might have followed, prose kept in the last move's comment, not the game."""
        if line is not self.main or line.pending is None:
            return False
        prose = self.source[line.prose : start] if line.prose >= 0 else ""
        told = f"{line.pending.comment} {prose}".strip()
        end = told_result_end(told)
        return end >= 0 and not (line.board is not None and _ends_a_side_line(told, end, line.board))

    def _english_main(self, main: _Line) -> bool:
        """Whether more of the main line's moves are written with letters only English writes than with those
        only the locale writes (`notes_letters`)."""
        english = sum(written.text[:1] in self.english_letters for written in main.written)
        return english > sum(written.text[:1] in self.notes_letters for written in main.written)

    def _draw_word(self, line: _Line) -> bool:
        """Whether the prose just read is only a draw written as a word; if so, it is no comment."""
        if line.prose < 0 or line.pending is None:
            return False
        prose = self.source[line.prose : line.prose_end]
        if prose_text(prose).strip(".!,;:()").lower() in DRAW_WORDS:
            line.prose = -1
            return True
        # "Remíza dohodou. remíza": a sentence, then the draw word where the result stands.
        head, dot, last = prose.rstrip().rpartition(".")
        if dot and head.strip() and last.strip().lower() in DRAW_WORDS:
            line.prose_end = line.prose + len(head) + 1
            return True
        # "46 Rf2, tablas.", "39 c3, tablas, porque el alfil …", "19.Dh6+ remi" and a paragraph on something
        # else: the draw word where the result stands, ended by a stop, a comma or the line; the words after it
        # a comment.
        first = draw_first(prose)
        if first:
            line.prose += first.end()
            return True
        return False

    def _broken_move(self, word: str, text: str, end: int) -> bool:
        """A word that is a damaged move, not prose: a piece letter and one or two files ("Jbd"), letters
        glued to a digit ("Jf3" where J is no piece), or letters ending in a square (its 1 read as l) before
        a dash and a square ("Pigl—f3", the long form's piece letter misread). English letters that the locale reads count only as
        such letters would in an English text: "Na 8..De7" is Czech prose."""
        pieces = self.grammar.own_pieces
        body = word.rstrip(".")
        if _LONG_TAIL.match(text, end) and _ORIGIN_END.search(_read_two_for_one(body)):
            return True  # the long form's origin at its end, the target after the dash ("Pigl—f3", "Hlil—fl")
        if (
            _RANK_READ_AS_LETTER.fullmatch(body)
            and body[0] in pieces
            and _NUMBER_JUST_BEFORE.search(text, max(0, end - len(word) - 8), end - len(word))
        ):
            return True  # White's move, its rank 1 read as l ("20. Hael, Hfe8" for Rae1)
        if 2 <= len(body) <= 3 and body[0] in pieces and all("a" <= ch <= "h" for ch in body[1:]):
            # Two letters are as often a word at a sentence's start ("Je to najlepší ťah", "Ve hře"): a
            # damaged move only with a digit after it ("Je 4"); three are, before a word in lower case ("Jde o
            # jedno z …").
            if len(body) == 3:
                following = _NEXT_WORD.match(text, end)
                return following is None or not following[1][0].islower()
            return text[end:].lstrip(" \t")[:1].isdigit()
        # An abbreviation's dot ends the word ("np.10. ... d5", "e.g.12. Nf3"): prose. So is an opening's ECO
        # code ("[D02]", "C21").
        return (
            len(body) <= 3
            and body == word
            and end < len(text)
            and text[end].isdigit()
            and _ECO_CODE.match(text, end - len(word)) is None
        )

    # -- moves ------------------------------------------------------------------------------------------

    def _written(self, found: re.Match[str], kind: str, start: int) -> Written:
        text = self.text
        newlines = text.count("\n", self.counted_to, start)
        if newlines:
            self.line += newlines
            self.line_start = text.rfind("\n", 0, start) + 1
        self.counted_to = start
        line, column = self.line, start - self.line_start + 1
        if kind == "MOVE":
            return written_token(self.grammar, found, start, line, column)
        if kind == "FILES":
            return files_token(found[kind], line, column)
        if kind == "TAKES":
            return takes_token(self.grammar, found, line, column)
        return castling_token(found[kind], line, column)

    def _decided(
        self, board: chess.Board, written: Written, error: MoveError, end: int
    ) -> tuple[Resolved, str] | None:
        """The one of an ambiguous move's candidates after which the next moves, as written from `end` on,
        can be played with the checks and mates they mark ("5. De2 Cf6 6. Cd6#": only Cgf6 lets Cd6 mate), or
        else those written under the next number due, past words; and the warning that says so; None when that
        does not single one out."""
        if not isinstance(error, AmbiguousMoveError):
            return None
        candidates = [board.parse_san(san) for san in error.candidates]
        following = self._following(end)
        found = self._only_one_plays_on(board, written, candidates, following) if following else None
        if found is None:
            # Words after the move: the moves under the next number due, where the game goes on, decide
            # ("20.Te1 Wit kon de pion slaan …", then "20... Txe1+": only after Tfe1 is that a check).
            after = board.copy(stack=False)
            after.push(candidates[0])  # any candidate: the number due next is the same
            later = next((run for run in self._written_under_later(after, end, 2) if run), None)
            found = self._only_one_plays_on(board, written, candidates, later) if later else None
        if found is None:
            return None
        resolved, shown = found
        return resolved, _only_candidate(shown)

    def _likeliest_candidate(
        self, board: chess.Board, written: Written, error: AmbiguousMoveError, end: int
    ) -> tuple[Resolved, str, bool] | None:
        """Of an ambiguous move's candidates, where several let all the moves written on after it be played (up
        to the end of its line, words and notes between them skipped; twice `_SLIP_CHECKED` of them at least:
        "17 Txe5 Td8 ( Dxb2 !)18 Tae1 Td5 …" to the game's end, either rook), the one the move prior finds
        likeliest, with the warning that names the others, and whether others do; where only one does, that
        one; None where fewer moves are written on, or the one that does not let them all be played."""
        following = self._written_run(self.text, end, None, across=True)
        candidates = [board.parse_san(san) for san in error.candidates]
        # Only one lets them all be played ("4. Sd2 c5 5. b3 Sc6 6. Se5": the knight from b1): decided.
        only = self._only_one_plays_on(board, written, candidates, following) if following else None
        if only is not None:
            return only[0], _only_candidate(only[1]), False
        found = self._likeliest_first(board, self._afters(board, candidates), following, _SLIP_CHECKED)
        if found is None or len(found[0]) == 1:
            return None
        fits, count = found
        read = self._first_fit(board, written, fits, following[:count])
        if read is None:
            return None
        resolved, shown, others = read
        return (
            resolved,
            f"{AMBIGUOUS_READ} {resolved.san_body}, {LIKELIEST} {len(fits)} candidates after which {shown} can be "
            f"played as written (also {others})",
            True,
        )

    def _first_fit(
        self,
        board: chess.Board,
        written: Written,
        fits: list[chess.Board],
        following: list[tuple[Written, str]],
    ) -> tuple[Resolved, str, str] | None:
        """`written` read as the move of the first of the positions `fits` (the likeliest), the moves of
        `following` that it lets be played (quoted), and the moves of the other fits (named); None where what is
        written rules that move out after all."""
        resolved = self._resolved_as(board, written, fits[0].peek())
        if resolved is None:
            return None
        shown = quoted(" ".join(found.text + mark for found, mark in following))
        return resolved, shown, _others([board.san(after.peek()).rstrip("+#") for after in fits[1:]])

    def _split_piece(self, line: _Line, word: str, start: int, end: int) -> int | None:
        """A piece's letter written apart from its square in the game's run of moves ("К f3"): the move the two
        make, played where it can be, with the warning that says so; where reading goes on, or None."""
        square = _SPLIT_SQUARE.match(self.text, end)
        if square is None or word not in self.grammar.own_pieces or line.board is None:
            return None
        written = written_from_tokens(self.grammar, word + square[1])
        if written is None:
            return None
        try:
            resolve(line.board, written, self.grammar.locale)
        except MoveError:
            return None
        line_number, column = self.where(self.text.find(word, start))
        if not self._play(line, written._replace(line=line_number, column=column), False, square.end()):
            return None
        assert line.pending is not None
        warning = f"{quoted(word + square[0])}: the piece's letter written apart from its square"
        line.pending = line.pending._replace(warnings=(warning, *line.pending.warnings))
        self.last_move_end = square.end()
        return square.end()

    def _broken(self, line: _Line, word: str, start: int) -> int | None:
        """A damaged move the lexer cannot read: its square split by a space ("14.Kb 1"), one character of it
        misread, dropped or doubled ("Ф68:d5" for Фd8:d5, "o7—c6" for c7-c6), or a long form whose two squares
        stand clear after a garbled piece letter ("Pigl—f3"). The one legal move that it (or it
        joined to a rank after a space) is one edit away from, after which the next moves as written play on,
        is played with the warning that says so; where reading goes on, or None where no such move, or more
        than one, does."""
        board = line.board
        if board is None:
            return None
        end = start + len(word)
        forms = [(word.rstrip(".,;"), end)]
        split = _SPLIT_RANK.match(self.text, end)
        if split is not None:
            forms.insert(0, (word + split[1], split.end()))
            # ... and a long form's capture or dash and target after it, spaced too ("Rf 6 X e4" for Rf6xe4,
            # "8. Lf 1 —d3" for Lf1-d3).
            tail = _SPACED_TAIL.match(self.text, split.end())
            if tail is not None:
                mark = "x" if tail["takes"] else "-"
                forms.insert(0, (f"{word}{split[1]}{mark}{tail['target']}", tail.end()))
        tail = (
            _LONG_TAIL.match(self.text, end)
            or _GARBLED_TARGET.match(self.text, end)
            or _GARBLED_CAPTURE.match(self.text, end)
        )
        if tail is not None:
            forms.insert(0, (word + tail[0], tail.end()))
        spaced = _SPACED_GARBLED_CAPTURE.match(self.text, end)
        if spaced is not None:
            forms.insert(0, (f"{word}x{spaced['target']}", spaced.end()))
        # A letter that OCR read as two ("Hlil—fl" for Hh1-f1), its rank 1 read as l ("Hael" for Hae1).
        forms += [
            (_RANK_AS_LETTER.sub("1", _read_two_for_one(seen)), seen_end)
            for seen, seen_end in forms
            if _TWO_FOR_ONE.search(seen) or _RANK_AS_LETTER.search(seen)
        ]
        locale = self.grammar.locale
        for seen, seen_end in forms:
            seen = _DASHES.sub("-", seen)
            following = self._written_run(self.text, seen_end, _SLIP_CHECKED * _SLIP_CHECKED_MOST)
            afters = []
            exact = []  # the moves written exactly as `seen` (`li6` read as h6: the two letters OCR made of h)
            squares = _SQUARE_PAIR.search(seen)
            taken = _CAPTURE_ON_FILE.search(seen)
            # A capital before the square stands where a piece's letter does: misread, not put in ("Fa6" is no
            # a6).
            capital = seen[1:] if seen[:1].isupper() else None
            for move in board.legal_moves:
                san = board.san(move)
                spellings = _written_forms(san, move, locale, board)
                if (
                    (squares is not None and _moves_between(move, squares))
                    or (taken is not None and _takes_on_file(board, move, taken))
                    or any(_one_edit(seen, form) and form != capital for form in spellings)
                ):
                    after = board.copy(stack=False)
                    after.push(move)
                    afters.append(after)
                    if seen in spellings:
                        exact.append(after)
            if len(exact) == 1:
                afters = exact
            if squares is not None:
                # The move its two squares name, where one does, before those one edit away ("Hh1-f1", not
                # Rg1 or Re1).
                named = [after for after in afters if _moves_between(after.peek(), squares)]
                afters = named if len(named) == 1 else afters
            # The moves after it decide; where its two squares name one legal move, the next move need only play
            # after it ("11. f2—Í4!;b7—b6", then a note), and where it is one edit from one legal move alone, the
            # moves written before a note ("7. NC3 d5 Bardeleben odmítá …"), none where words follow it at once
            # ("14.Ф61—d6 + , і через", "2. c4 dhc4", a blank line, "Prihvaćeni …"); where its origin's piece has
            # one capture on its file, none ("Bd4Xdff 22. Ba1Xdl", the next move damaged too); none where it is
            # the one legal move written exactly as the text once mended (OCR's two letters for one read as one)
            # and a note comes before any move ("li6. (Einnig nú kom …" for h6).
            checked = _SLIP_CHECKED
            if len(afters) == 1:
                checked = (
                    0
                    if taken is not None or (afters is exact and not following)
                    else 1
                    if squares is not None
                    else min(len(following), _SLIP_CHECKED)
                    if following or _WORDS_AFTER.match(self.text, seen_end)
                    else 1
                )
            if len(following) < checked:
                continue
            fits, count = self._playing_on(afters, following, checked)
            if len(fits) != 1:
                continue
            move = fits[0].peek()
            shown = render(board.san(move), move, locale)
            written = written_from_tokens(self.grammar, shown)
            if written is None:
                return None
            line_number, column = self.where(start)
            played_on = " ".join(found.text + mark for found, mark in following[:count])
            if not self._play(line, written._replace(line=line_number, column=column), False, seen_end):
                return None
            assert line.pending is not None
            damaged = quoted(self.text[start:seen_end])
            how = (
                "between the squares of"
                if squares is not None and _moves_between(move, squares)
                else "from the square and onto the file of"
                if taken is not None and _takes_on_file(board, move, taken)
                else "one character away from"
            )
            warning = (
                f"{BROKEN_READ} {shown}, the only move {how} {damaged} after which "
                f"{quoted(played_on)} can be played as written"
                if played_on
                else f"{BROKEN_READ} {shown}, the only legal move {how} {damaged}"
            )
            line.pending = line.pending._replace(warnings=(warning, *line.pending.warnings))
            self.repaired += line is self.main
            return seen_end
        return None

    def _lower_case_piece(self, board: chess.Board, written: Written) -> tuple[Resolved, str] | None:
        """A move of the piece whose letter is also a file's ("bb5", "bxc6" for Bb5, Bxc6 in a text that
        writes its piece letters in lower case) where no pawn can make it as written; with the warning."""
        letter = written.text[:1]
        piece = self.grammar.locale.piece_spellings().get(letter.upper())
        if (
            written.piece != chess.PAWN
            or piece is None
            or letter not in "abcdefgh"
            or written.from_file != "abcdefgh".index(letter)
            or written.from_rank is not None
            or written.to_square is None
        ):
            return None
        try:
            resolved = resolve(board, written._replace(piece=piece, from_file=None), self.grammar.locale)
        except MoveError:
            return None
        return resolved, f"no pawn can make it: read as {resolved.san_body}, its letter written in lower case"

    def _english_piece(self, board: chess.Board, written: Written) -> tuple[Resolved, str] | None:
        """A move written with a letter that is English's for another piece, where the locale's piece cannot
        make it ("Be2" in a Swedish page's English score, B the Swedish and German pawn's; "21.Bxf4 Rxf4" in a
        Portuguese score that slips into English, R the Portuguese king's); with the warning."""
        letter = written.text[:1]
        if letter not in "KQRBN" or written.to_square is None:
            return None
        piece = chess.Piece.from_symbol(letter).piece_type
        if not written.pawn_letter and written.piece in (piece, chess.PAWN):
            return None
        try:
            resolved = resolve(board, written._replace(piece=piece, pawn_letter=False), self.grammar.locale)
        except MoveError:
            return None
        mover = "pawn" if written.pawn_letter else chess.piece_name(written.piece or chess.PAWN)
        return (
            resolved,
            f"no {mover} can make it: read as {resolved.san_body}, {letter} the English letter of the piece",
        )

    def _slipped(
        self, board: chess.Board, written: Written, end: int, checked: int
    ) -> tuple[Resolved, str, bool] | None:
        """The one legal move a slip of one letter away from a move that cannot be played (its piece letter
        wrong or left out, or one letter of its square: `Df5` for Da5, `d3` for Sd3; one file of a pawn's
        capture, `ed:` or `exd4` for c:d4) after which the next `checked` moves, as written from `end` on, can be
        played with the checks and mates they mark; where it is the only move a slip away and no words stand
        just before it, the moves written before the next words (one at least) will do. Where several still do
        after all the moves written on (at least twice `checked`), the one the move prior finds likeliest. With
        the warning that says so, and whether others do too; None where no such move does, or several and fewer
        moves are written on."""
        if written.piece is None or (written.to_square is None and written.to_file is None):
            return None
        following = self._written_run(self.text, end, checked * _SLIP_CHECKED_MOST)
        if len(following) < checked:
            # A note in brackets right after it ("5.Hc2 a6 6.h3 (ritkább … változatokat) 6...g6 7.Fe3"): the
            # moves after the note, on the same line, play on too.
            past_notes = self._written_run(self.text, end, checked * _SLIP_CHECKED_MOST, notes=True)
            following = max(following, past_notes, key=len)
        origins = _origins_left(following[1::2])
        slips = [
            move
            for move in board.legal_moves
            if _slip(board, move, written) and move.from_square not in origins
        ]
        if not following:
            return self._last_slip(board, written, slips, self._mark_after(end))
        if len(slips) == 1 and checked <= _SLIP_CHECKED:
            checked = min(checked, len(following))
        if len(following) < checked:
            return None
        found = self._likeliest_first(board, self._afters(board, slips), following, checked)
        if found is None:
            return None
        fits, count = found
        read = self._first_fit(board, written, fits, following[:count])
        if read is None:
            return None
        resolved, shown, others = read
        if len(fits) == 1:
            return resolved, _slip_warning(resolved, shown), False
        return (
            resolved,
            f"{SLIP_READ} {resolved.san_body}, {LIKELIEST} {len(fits)} moves a slip of one letter away after "
            f"which {shown} can be played as written (also {others})",
            True,
        )

    def _mark_after(self, end: int) -> str:
        """The check or mate mark written right after a move that ends at `end` ("+", "#"), or ""."""
        found = self.master.match(self.text, end)
        return _check_or_mate(found["CHECK"]) if found is not None and found.lastgroup == "CHECK" else ""

    def _last_slip(
        self, board: chess.Board, written: Written, slips: list[chess.Move], mark: str
    ) -> tuple[Resolved, str, bool] | None:
        """Of the moves a slip of one letter away from the last move of a run, which no move written after it
        can check ("28.Kf1-g1 Jh2-f5+ a mat budúcim ťahom", "15. Dxb5 Axc5 ha quedado"), the only one that takes
        where a capture is marked, gives the check or mate marked, and is no capture or check where none is
        marked (a capture or check mark written); None where not exactly one does."""
        marked = _check_or_mate(written.check_mark) if written.check_mark else mark
        if not (written.capture_mark or marked):
            return None
        fits = []
        for move in slips:
            after = board.copy(stack=False)
            after.push(move)
            gives = "#" if after.is_checkmate() else "+" if after.is_check() else ""
            if board.is_capture(move) == written.capture_mark and gives == marked:
                fits.append(move)
        if len(fits) != 1:
            return None
        resolved = self._resolved_as(board, written, fits[0])
        if resolved is None:
            return None
        told = ["takes"] * written.capture_mark + ["mates" if marked == "#" else "gives check"] * bool(marked)
        return (
            resolved,
            f"{SLIP_READ} {resolved.san_body}, the only move a slip of one letter away that {' and '.join(told)} "
            "as marked",
            False,
        )

    def _omitted(
        self, board: chess.Board, written: Written, end: int, checked: int
    ) -> tuple[tuple[Written, Written], str, bool] | None:
        """Where the number before a move that cannot be played is the next ply's ("8. hxg4 9. Jxe5 g3!",
        Black's 8th move left out): the one legal move after which the move and the next `checked` moves,
        as written from `end` on, can be played with the checks and mates they mark (more of them while
        several do), as a move of its own before it; with the warning that says so, and whether other moves
        fit too. Where several still fit after all the moves written on (at least twice `checked`), the one
        the move prior finds likeliest, the warning naming the others. None where no move fits, or several
        and fewer moves are written on."""
        following = self._written_run(self.text, end, checked * _SLIP_CHECKED_MOST)
        if len(following) < checked:
            return None
        afters: list[chess.Board] = []
        for move in board.legal_moves:
            after = board.copy(stack=False)
            after.push(move)
            try:
                after.push(resolve(after, written, self.grammar.locale).move)
            except MoveError:
                continue
            afters.append(after)
        found = self._likeliest_first(board, afters, following, checked)
        if found is None:
            return None
        fits, count = found
        moves = [after.move_stack[0] for after in fits]
        texts = [render(board.san(move), move, self.grammar.locale) for move in moves]
        missing = written_from_tokens(self.grammar, texts[0])
        if missing is None:
            return None
        shown = quoted(
            " ".join(
                [written.text + written.check_mark] + [found.text + mark for found, mark in following[:count]]
            )
        )
        number = f"{board.fullmove_number}{'.' if board.turn else '...'}"
        if len(moves) == 1:
            warning = f"{OMITTED_READ} {number} {texts[0]}, the only move after which {shown} can be played as written"
        else:
            others = _others(texts[1:])
            warning = (
                f"{OMITTED_READ} {number} {texts[0]}, {LIKELIEST} {len(moves)} moves after which {shown} can "
                f"be played as written (also {others})"
            )
        return (missing._replace(line=written.line, column=written.column), written), warning, len(moves) > 1

    def _likeliest_first(
        self,
        board: chess.Board,
        afters: list[chess.Board],
        following: list[tuple[Written, str]],
        checked: int,
    ) -> tuple[list[chess.Board], int] | None:
        """Of the positions `afters` (each reached from `board`), those from which the moves of `following`
        play on (`_playing_on`), the likeliest whole line under the move prior first, with how many moves were
        played; None where none does, or several do and fewer than twice `checked` moves tell them apart."""
        fits, count = self._playing_on(afters, following, checked)
        if not fits or (len(fits) > 1 and count < 2 * checked):
            return None
        if len(fits) > 1:
            fits.sort(
                key=lambda after: -line_log_likelihood(board, self._line_played(after, following[:count]))
            )
        return fits, count

    def _line_played(self, board: chess.Board, following: list[tuple[Written, str]]) -> list[chess.Move]:
        """The moves of `board`'s stack, then those of `following` played from it (all of which can be)."""
        board = board.copy()
        for written, _ in following:
            board.push(resolve(board, written, self.grammar.locale).move)
        return board.move_stack

    def _playing_on(
        self, afters: list[chess.Board], following: list[tuple[Written, str]], checked: int
    ) -> tuple[list[chess.Board], int]:
        """Of the positions `afters`, those from which the first `checked` moves of `following` can be played
        as marked, and more of them, one at a time, while several still can; with how many were played."""
        count = checked
        fits = [after for after in afters if self._plays_as_marked(after, following[:count])]
        while len(fits) > 1 and count < len(following):
            count += 1
            fits = [after for after in fits if self._plays_as_marked(after, following[:count])]
        return fits, count

    def _only_one_plays_on(
        self,
        board: chess.Board,
        written: Written,
        moves: list[chess.Move],
        following: list[tuple[Written, str]],
        checked: int | None = None,
    ) -> tuple[Resolved, str] | None:
        """Of `moves`, the only one after which `following` can be played as marked, resolved as `written`
        with that move's piece and squares, and the following moves as written (quoted); None unless exactly
        one does. With `checked`, the first `checked` moves of `following` must play, and more of them, one
        at a time, only while several moves still do ("11. d2 Кc6 12. Кc3 Кxc3 13. Фxc3+": the knight from
        f3 lets three play on, only the queen the fourth)."""
        fits, count = self._playing_on(
            self._afters(board, moves), following, len(following) if checked is None else checked
        )
        if len(fits) != 1:
            return None
        following = following[:count]
        resolved = self._resolved_as(board, written, fits[0].peek())
        if resolved is None:
            return None
        return resolved, quoted(" ".join(found.text + mark for found, mark in following))

    @staticmethod
    def _afters(board: chess.Board, moves: list[chess.Move]) -> list[chess.Board]:
        """The positions after each of `moves`, each with its move on its stack."""
        afters = []
        for move in moves:
            after = board.copy(stack=False)
            after.push(move)
            afters.append(after)
        return afters

    def _resolved_as(self, board: chess.Board, written: Written, move: chess.Move) -> Resolved | None:
        """`written` read as `move`: its piece and squares those of the move, its marks its own; None where what
        is written rules the move out after all (": b3", a capture naming no piece)."""
        meant = written._replace(
            piece=board.piece_type_at(move.from_square),
            to_square=move.to_square,
            from_file=chess.square_file(move.from_square),
            from_rank=chess.square_rank(move.from_square),
            long_form=False,
            castle=None,
            captured=None,
        )
        try:
            return resolve(board, meant, self.grammar.locale)
        except MoveError:
            return None

    def _misprint(self, main: _Line, written: Written, end: int) -> None:
        """Where the main line stops at `written`, which cannot be played: an earlier move of the last
        `_MISPRINT_BACK` plies that, a slip of one letter away from what was written (`_slips`), lets every move
        written after it, `written` and the next moves as written from `end` on be played as marked ("2. d4,
        d6 … 10. Lf4, Le7": only 2...e6 frees e7), found for the chunk to be read again with it when it is the
        only such move."""
        board = main.board
        assert board is not None
        moves, history = board.move_stack, main.written
        if not moves or len(history) != len(moves):
            return
        following = [(written, written.check_mark), *self._written_run(self.text, end, _MISPRINT_FOLLOWING)]
        first = max(0, len(moves) - _MISPRINT_BACK)
        position = board.root()
        for move in moves[:first]:
            position.push(move)
        fits: list[tuple[Written, chess.Move, str, chess.Board]] = []  # the move as written, as read, its SAN
        for index in range(first, len(moves)):
            later = [(found, found.check_mark) for found in history[index + 1 :]] + following
            for slip in _slips(position, history[index], moves[index]):
                after = position.copy(stack=False)
                after.push(slip)
                played = self._played_on(after, later)
                if played is not None:
                    fits.append((history[index], slip, position.san(slip), played))
            position.push(moves[index])
        if len(fits) > 1:
            # Several: the moves written where the game goes on after words decide ("11. d5. Beli stvara …
            # 11...ed, 12. ed": only after 2...e6 can Black take on d5).
            run = next(
                (run for run in self._written_under_later(fits[0][3], end, _MISPRINT_FOLLOWING) if run), []
            )
            fits = [fit for fit in fits if run and self._played_on(fit[3], run) is not None]
        if len(fits) != 1:
            return
        misread, slip, san, _ = fits[0]
        stopped = quoted(f"{board.fullmove_number}{'.' if board.turn else '...'} {written.text}")
        self.found_misprints[(misread.line, misread.column, misread.text)] = (
            slip,
            f"{MISPRINT_READ} {san}, the only move a slip of one letter away after which every "
            f"move written up to {stopped} can be played ({stopped} cannot after {misread.text})",
        )

    def _stuck_at(self, main: _Line, written: Written, error: MoveError) -> None:
        """Keep the first move of the chunk at which the main line stops with the moves that may be meant, each
        with the warning it is read with: where it cannot be played, the legal moves of its piece ("5. Hf3Xd4
        Hb8—c6", the knight's move of Black's 3rd printed again); where it is ambiguous, its candidates ("4.
        Hf3" where both knights can go, the one on d2 needed there at move 10)."""
        board = main.board
        if self.stuck is not None or board is None or written.piece is None:
            return
        ambiguous = isinstance(error, AmbiguousMoveError)
        if ambiguous:
            moves = [board.parse_san(san) for san in error.candidates]
        else:
            moves = [
                move for move in board.legal_moves if board.piece_type_at(move.from_square) == written.piece
            ]
        if not moves or len(moves) > _GUESSES_MOST:
            return
        stopped = quoted(f"{board.fullmove_number}{'.' if board.turn else '...'} {written.text}")
        which, why = (
            ("candidate", "is ambiguous") if ambiguous else ("move of that piece", "cannot be played")
        )
        self.stuck = (
            (written.line, written.column, written.text),
            [
                (
                    move,
                    f"{GUESS_READ} {board.san(move)}, the {which} after which the text reads on as moves furthest, "
                    f"{_GUESS_GAIN} plies or more further than after any other or with fewer moves read as other "
                    f"than written ({stopped} {why})",
                )
                for move in moves
            ],
        )

    def _unnumbered_game(self, board: chess.Board, start: int) -> bool:
        """Whether the move at `start`, first on its line, starts a game written without move numbers: the moves
        first on their lines from there, with notes in round brackets after them, play from `board` for
        `_UNNUMBERED_PLIES` plies at least, no line between them that starts otherwise."""
        if not _starts_line(self.text, start):
            return False
        played = board.copy(stack=False)
        plies = 0
        at = start
        while plies < _UNNUMBERED_PLIES:
            run = self._written_run(self.text, at, None, notes=True)
            after = self._played_on(played, run) if run else None
            if after is None:
                return False
            played, plies = after, plies + len(run)
            line_end = self.text.find("\n", at)
            following = _LINE_START_MOVE.match(self.text, line_end) if line_end >= 0 else None
            if following is None:
                break
            at = following.start("move")
        return plies >= _UNNUMBERED_PLIES

    def _following(self, end: int) -> list[tuple[Written, str]]:
        """The next two moves written right after `end`, each with the check or mate mark written after it."""
        return self._written_run(self.text, end, 2)

    def _written_run(
        self, text: str, start: int, most: int | None, *, across: bool = False, notes: bool = False
    ) -> list[tuple[Written, str]]:
        """The moves written one after another in `text` from `start` (`most` of them, or all; move numbers
        and move marks between them skipped), each with the check or mate mark written after it; fewer where
        anything else comes first (`across`: words, punctuation and whole variations in round brackets between
        them skipped too, not square brackets or comments, up to the end of the line; `notes`: whole round
        brackets only, up to the end of the line)."""
        moves: list[tuple[Written, str]] = []
        depth = 0  # `across`, `notes`: inside brackets skipped whole
        line_end = text.find("\n", start)  # `across`, `notes`: up to the line's end
        whole_line = not (across or notes) or line_end < 0
        for found in self.master.finditer(text, start, len(text) if whole_line else line_end):
            kind = found.lastgroup or ""
            if (across or notes) and (depth or kind == "VARIATION_START"):
                depth += (kind == "VARIATION_START") - (kind == "VARIATION_END")
                continue
            if kind in ("MOVE_NUMBER", "NUMBER", "ELLIPSIS", "SUFFIX", "NAG") or (
                # (The colon after a capture by files is its mark: "cd:".)
                kind == UNEXPECTED and (found[kind] in ",;:" or (found[kind] in "-–—" and not moves))
            ):
                continue
            if kind == "CHECK" and moves:
                mark = found[kind]
                moves[-1] = (moves[-1][0], _check_or_mate(mark))
                continue
            if len(moves) == most:
                break
            if kind not in ("MOVE", "CASTLE", "FILES", "TAKES") or (
                # Two files with no capture mark before words: a word ("Axc5 ha quedado").
                kind == "FILES"
                and not _MARKED_FILES.match(text, found.start(kind))
                and _LETTERS.match(text, found.end() + 1)
            ):
                if (
                    across
                    and kind in ("WORD", "INFLECTION", "CHECK", "EVAL", UNEXPECTED)
                    and found[kind] not in "{["
                ):
                    continue
                break
            if kind == "MOVE" and _SPACED_GARBLED_CAPTURE.match(text, found.end()):
                break  # a long form's origin, its capture's target garbled ("Lg5 X fó"): no move as it stands
            if kind == "MOVE":
                written = written_token(self.grammar, found, found.start(kind), 0, 0)
            elif kind == "FILES":
                written = files_token(found[kind], 0, 0)
            elif kind == "TAKES":
                written = takes_token(self.grammar, found, 0, 0)
            else:
                written = castling_token(found[kind], 0, 0)
            moves.append((written, written.check_mark))
        return moves

    def _plays_as_marked(self, board: chess.Board, following: list[tuple[Written, str]]) -> bool:
        """Whether the moves can be played in turn from `board`, each giving the check or mate it marks."""
        return self._played_on(board, following) is not None

    def _played_on(self, board: chess.Board, following: list[tuple[Written, str]]) -> chess.Board | None:
        """The position after the moves played in turn from `board`, each giving the check or mate it marks;
        None where one cannot be."""
        board = board.copy(stack=False)
        for written, mark in following:
            try:
                board.push(resolve(board, written, self.grammar.locale).move)
            except MoveError:
                return None
            if (mark == "#" and not board.is_checkmate()) or (mark == "+" and not board.is_check()):
                return None
        return board

    def _starts(self, line: _Line) -> list[tuple[chess.Board, bool]]:
        """The positions a variation may start from: before the parent's last ply, and after it."""
        parent = line.parent
        assert parent is not None and parent.board is not None
        before = parent.board.copy()
        before.pop()
        starts = [(before, False), (parent.board.copy(), True)]
        if line.number_fits:
            starts = [(board, ahead) for board, ahead in starts if _fits(line.number, board)]
        return starts

    def _number_fits(self, line: _Line, value: str) -> bool:
        if line.board is not None:
            return _fits(value, line.board)
        return any(_fits(value, board) for board, _ in self._starts(line))

    def _play(self, line: _Line, written: Written, fallback: bool, end: int) -> bool:
        """Resolve and play a move on a line; False (and the line failed, unless `fallback`) when it cannot
        be played. An ambiguous move is played when what follows it (at `end`) decides it."""
        decided_by = ""
        if line.board is None:
            chosen: tuple[chess.Board, bool, Resolved] | None = None
            first_error: MoveError | None = None
            for board, ahead in self._starts(line):
                try:
                    chosen = (board, ahead, resolve(board, written, self.grammar.locale))
                    break
                except MoveError as exc:
                    first_error = first_error or exc
            if chosen is None:
                if not fallback:
                    line.failure = str(first_error) if first_error else "no position fits the move number"
                return False
            board, line.ahead, resolved = chosen
            line.board = board
            parent = line.parent
            assert parent is not None and parent.pending is not None
            line.count = parent.pending.halfmove - (0 if line.ahead else 1)
            line.suffix = ""
        else:
            board = line.board
            misprint = (
                self.misprints.get((written.line, written.column, written.text))
                if line is self.main
                else None
            )
            misread = self._resolved_as(board, written, misprint[0]) if misprint else None
            # In a text that writes each pair as one "e4-e5", a pair first; else one long-form move first.
            pair = self._pair_in_one(board, written) if self.pairs and misread is None else None
            if misprint is not None and misread is not None:
                resolved, decided_by = misread, misprint[1]
            elif pair is None:
                try:
                    resolved = resolve(board, written, self.grammar.locale, bool(line.suffix))
                    if (
                        written.long_form
                        and (not written.hyphen or " " in written.text)
                        and resolved.move.from_square
                        != chess.square(written.from_file or 0, written.from_rank or 0)
                    ):
                        # "5.Gg5h6" glued, "6 Ac4 – h6" spaced: the bishop's move from c1 to h6 only through a
                        # slip in the origin; White's move and Black's pawn move where the two play.
                        pair = self._pair_in_one(board, written)
                except MoveError as exc:
                    pair = None if self.pairs else self._pair_in_one(board, written)
                    if pair is None:
                        decided = self._decided(board, written, exc, end)
                        if decided is None and isinstance(exc, AmbiguousMoveError) and line is self.main:
                            weighed = self._likeliest_candidate(board, written, exc, end)
                            decided = weighed[:2] if weighed else None
                            if weighed is not None and weighed[2]:
                                self._doubt(
                                    line.count + 1,
                                    f"line {written.line}: the moves from {quoted(written.text)} on may differ "
                                    "as the candidate read for it does",
                                )
                        if decided is None and isinstance(exc, IllegalMoveError):
                            decided = self._lower_case_piece(board, written) or self._english_piece(
                                board, written
                            )
                        if (
                            decided is None
                            and isinstance(exc, IllegalMoveError)
                            and line is self.main
                            and (line.prose < 0 or line.skipped)
                        ):
                            # In a run of the game's moves, no words right before it: a misprint, not a line
                            # the prose cites, where enough moves play on after it.
                            near_prose = line.count <= line.resumed_at + _ASTRAY_WITHIN
                            slipped = self._slipped(board, written, end, _SLIP_CHECKED * (1 + near_prose))
                            if slipped is not None:
                                decided = slipped[:2]
                                if slipped[2]:
                                    self._doubt(
                                        line.count + 1,
                                        f"line {written.line}: the moves from {quoted(written.text)} on may "
                                        "differ as the slip read in it does",
                                    )
                            if decided is None and (
                                line.skipped or (board.turn == chess.WHITE and not line.number_fits)
                            ):
                                # The move written, under the next ply's number, is checked too; so is one
                                # written with no number where White's is due ("4...c:d4 Sb4 6.e5": White's
                                # 5th and its number left out).
                                omitted = self._omitted(board, written, end, _SLIP_CHECKED)
                                if omitted is not None:
                                    pair, line.number_warning, undecided = omitted
                                    if undecided:
                                        self._doubt(
                                            line.count + 2,
                                            f"line {written.line}: the moves from {quoted(written.text)} on "
                                            "may differ as the move left out before it does",
                                        )
                        if decided is None and pair is None:
                            if not fallback:
                                line.failure = str(exc)
                                self.move_error = exc
                            return False
                        if decided is not None:
                            resolved, decided_by = decided
            if pair is not None:
                if not self._play(line, pair[0], fallback, end):
                    return False
                line.prose = -1  # the words before the pair went with its first move, or are the heading
                return self._play(line, pair[1], fallback, end)
        self._flush(line)
        number, white = board.fullmove_number, board.turn
        if line.pending is not None:
            if line is self.main:
                self.visitor_now.visit_move(line.pending, board)
            else:
                line.plies.append(line.pending)
        glued = self._glued(board, written, resolved, end - len(written.text))
        board.push(resolved.move)
        line.written.append(written)
        line.resolved = resolved
        line.skipped = False
        suffix = "+" if board.is_check() else ""
        line.suffix = suffix
        warnings = (*glued, *mark_warnings(written, resolved, suffix))
        if line is self.main and piece_unwritten(written):
            self._figurines_lost(written)
        if decided_by:
            warnings = (decided_by, *warnings)
            self.repaired += line is self.main and decided_by.startswith(_READ_OTHERWISE)
        if line.number_warning:
            warnings = (line.number_warning, *warnings)
            line.number_warning = ""
            if line is self.main and line.numbered_ahead > 0:
                self._numbered_ahead(line.count + 1, line.numbered_ahead, written.line)
        line.numbered_ahead = 0
        line.count += 1
        variations = tuple(variation for variation, _ in line.deferred)
        line.deferred.clear()
        starting = ""
        if line.starting and (line.parent is None or not line.plies):
            starting, line.starting = line.starting, ""
        line.pending = Ply(
            line.count,
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
            variations,
            starting,
        )
        return True

    def _numbered_ahead(self, halfmove: int, ahead: int, line_number: int) -> None:
        """A main-line ply read under a number `ahead` plies ahead of the one due: where the next numbered ply
        is ahead by as many ("4.g3 Sf6", "5.Lg2 d5" where 3. and 4. are due), the text lost moves before the
        first (a line dropped at a page break), not a misprint of one number; the moves from there on are in
        doubt."""
        earlier = self.ahead_at
        self.ahead_at = (halfmove, ahead)
        if (
            earlier is not None
            and earlier[1] == ahead
            and 0 < halfmove - earlier[0] <= 2
            and not self.doubted
        ):
            self._doubt(
                earlier[0],
                f"line {line_number}: the move numbers stand {ahead} plies ahead of the moves read from ply "
                f"{earlier[0]} on: the text may have lost moves there",
            )

    def _doubt(self, halfmove: int, text: str) -> None:
        """A doubt about the game's moves from `halfmove` on, told to the visitor."""
        self.doubted = True
        self.visitor_now.visit_doubt(halfmove, text)

    def _glued(self, board: chess.Board, written: Written, resolved: Resolved, start: int) -> tuple[str, ...]:
        """The warning on a pawn's move read right after a character that was skipped ("3. @f3"), where a
        piece could go to its square too: that character may be the piece's figurine, as OCR read a chess font
        (a warning of those `read_otherwise` tells: `--lenient` flags the move)."""
        at, glyph = self.glued
        if at != start or written.piece != chess.PAWN or resolved.move.to_square is None:
            return ()
        pieces = sorted(
            {
                board.san(move)
                for move in board.generate_legal_moves(to_mask=chess.BB_SQUARES[resolved.move.to_square])
                if board.piece_type_at(move.from_square) != chess.PAWN
            }
        )
        if not pieces:
            return ()
        return (
            f"{GLUED_READ} {resolved.san_body}: {glyph!r} before it may be a piece, and {', '.join(pieces)} "
            "could be played there too",
        )

    def _figurines_lost(self, written: Written) -> None:
        """A capture written with no piece ("4.xd4"): the text may have lost its piece figurines in copying,
        so that its piece moves read as pawn moves ("2.f3" for ♘f3); the whole game is in doubt."""
        self._doubt(
            1,
            f"line {written.line}: {quoted(written.text)} names no piece: the text may have lost its piece "
            "figurines, and its pawn moves may be piece moves",
        )

    def _pair_in_one(self, board: chess.Board, written: Written) -> tuple[Written, Written] | None:
        """White's move and Black's pawn move written with a dash between them ("1.e4-e5; 2.d4-exd4;
        4.De3-d6", as Italian print writes every pair), read so once a pawn's pair cannot be one long-form
        move (the first pair of such a game), or glued together as a page's game viewer copies them
        ("1.d4Nf62.c4e63.Nf3d5") or with a spaced dash ("10) Dd3 - c6"), or a capture marked after it and
        Black's pawn move after a space ("12.Kd1: f6"), read so where the two cannot be one long-form move: the
        two moves, or None."""
        pair = _PAIR.fullmatch(written.text)
        loose = pair is not None and len(pair["dash"]) != 1  # glued, or the dash spaced: no plain dash
        if (
            board.turn != chess.WHITE
            or pair is None
            or written.piece is None
            or (written.capture_mark and pair["dash"] != ": ")
            or written.from_file is None
            or written.from_rank is None
            or written.to_square is None
            or not (self.pairs or loose or written.piece == chess.PAWN)
        ):
            return None
        origin = chess.square(written.from_file, written.from_rank)
        first = Written(pair["first"], written.line, written.column, written.piece, origin)
        # Black's move on the next line where the dash ends White's (a column broken after "5. Rc3—").
        broken = written.text.rfind("\n", 0, pair.start("second"))
        line, column = (
            (written.line + 1, pair.start("second") - broken)
            if broken >= 0
            else (written.line, written.column + pair.start("second"))
        )
        second = Written(pair["second"], line, column, chess.PAWN, written.to_square)
        after = board.copy(stack=False)
        try:
            after.push(resolve(after, first, self.grammar.locale).move)
            resolve(after, second, self.grammar.locale)
        except MoveError:
            return None
        self.pairs = self.pairs or not loose
        return first, second

    # -- prose, comments, variations ---------------------------------------------------------------------

    def _replayed_longer(
        self, board: chess.Board, start_board: chess.Board, start: int, text: str | None = None
    ) -> bool:
        """Whether the moves from `start` (at move 1 again), played from `start_board`, begin with all the
        moves played to `board` and go on, as a game does, to twice as many plies and ten at least (an
        opening's article cites its lines from move 1 too: "1. e4 e5 2. f4 d5"), where no line further on
        starts with the move number due after them (a note citing a line from move 1, the game going on
        after it: "jest wariant: 1.e4 Sf6 2.e5 Sd5 … 6.fxe5 Sc6 itd.", then "2. Sb1 - c3"). A game's length
        of moves written again whole and on is the same game too (a column prints the moves up to its
        diagram, then the whole score from move 1). `text`: the next chunk's, where the run is looked for
        instead (no later line of this chunk is then searched for the number due)."""
        played = board.move_stack[len(start_board.move_stack) :]
        run = self._playable(start_board, self.text if text is None else text, start)
        return (
            len(run) >= (len(played) + 1 if len(played) >= _GAME_RUN else max(_GAME_RUN, 2 * len(played)))
            and run[: len(played)] == played
            and (text is not None or not self._due_later(board, start, line_start=True))
        )

    def _after_the_end_told(self, start_board: chess.Board, prose: int, start: int) -> int:
        """Where the words that end the game end, when a run of a game's length from move 1 follows at `start`
        (-1 otherwise): the sentence in the prose from `prose` that tells a resignation or a win (or the first
        one, after a mate on the board), or the prose's start where the words before it told one."""
        words = self.text[prose:start]
        mated = self.main.board is not None and self.main.board.is_checkmate()
        told_end = 0 if mated else told_result_end(words)
        pending = self.main.pending
        if told_end < 0 and (pending is None or told_result_end(pending.comment) < 0):
            return -1
        if len(self._playable(start_board, self.text, start)) < _GAME_RUN:
            return -1
        if told_end < 0:
            return prose
        end = _sentence_end(words, told_end)
        return prose + (len(words) if end is None else end + 1)

    @staticmethod
    def _cited_warning(error: NotationError | None) -> str:
        if error is None:
            return "the moves cited in the words before this game are read as words"
        return f"the moves cited before this game stop at an error, and are read as words: {error}"

    def _cited_before_a_game(
        self, main: _Line, error: NotationError | None, numbers: int, text: str, first: int
    ) -> bool:
        """Whether the main line is a short line cited before a game: its first move written after words on its
        line ("Vznikne po ťahoch: 1.e2-e4"), it stopped at an error or words follow it to the end (its sentence
        goes on: "posunięć 1.e4 e5 2.Gc4 jest możliwość …") within its first `_CITED_PLIES` plies, with at
        most one move number written after the error (`numbers` of them), and a game's run of moves from move 1
        follows in `text` at `first` (-1: none). A game of its own, however short, starts its line with its
        moves."""
        stopped = error is not None or main.prose >= 0
        if not stopped or main.count > _CITED_PLIES or numbers > 1 or main.board is None or first < 0:
            return False
        line_start = self.text.rfind("\n", 0, self.first_move_at) + 1
        if main.count == 0 or not any(char.isalpha() for char in self.text[line_start : self.first_move_at]):
            return False
        # (A line told in a sentence heads a game that plays on past it, even one whose notes soon break its run.)
        return len(self._playable(main.board.root(), text, first)) >= (
            _GAME_RUN if error else _CITED_PLIES + 1
        )

    def _position_written_after(self, main: _Line, positions: list[tuple[int, str]], chess960: bool) -> None:
        """A lesson may print its diagram's position after the solution ("1.g6! Jxg6 2.Dxh7+ …", then
        "r5k1/pp1b1p1p/… w - - 0 24"): where the first move written cannot be played from the start position
        but can from the first position written after it, the game starts from that one."""
        fen_end, fen = positions[0]
        try:
            board = chess.Board(fen, chess960=chess960)
        except ValueError:
            return
        for found in self.master.finditer(self.text, 0, fen_end):
            if found.lastgroup != "MOVE_NUMBER" or main.board is None:
                continue
            first = _DIGITS.match(self.text, found.start("MOVE_NUMBER"))
            if first is None:
                continue
            from_start = len(self._playable(main.board, self.text, first.start()))
            from_position = len(self._playable(board, self.text, first.start()))
            if from_start or from_position:
                if from_start:
                    return
                break
        else:
            return
        positions.pop(0)
        self.visitor_now.visit_warning(
            f"line {self.where(first.start())[0]}: the moves are played from the position written after them "
            f"({quoted(fen)})"
        )
        self._set_up(main, fen, chess960, first)

    def _set_up(self, main: _Line, fen: str, chess960: bool, numbered: re.Match[str] | None) -> None:
        """The game starts from a position written in its text; one that is not a position is a warning.
        Where the first move number after it (`numbered`) is 1 and the position's is not, the text numbers the
        fragment from its diagram, as lessons do, and so does the game."""
        try:
            board = chess.Board(fen, chess960=chess960)
        except ValueError as exc:
            reason = str(exc).partition(": ")[0]
            self.visitor_now.visit_warning(f"position {quoted(fen)} not set up: {reason}")
            return
        board.castling_rights = board.clean_castling_rights()
        if not board.is_valid():
            self.visitor_now.visit_warning(f"position {quoted(fen)} not set up: not a legal position")
            return
        if (
            numbered is not None
            and numbered[0] == "1"
            and not self._playable(board, self.text, numbered.start(), 2)
            and len(self._playable(chess.Board(), self.text, numbered.start(), 2)) == 2
        ):
            # A page's diagram of the final position (a post's front matter) before a game from move 1.
            self.visitor_now.visit_warning(
                f"position {quoted(fen)} not set up: the moves written after it play from the start"
            )
            return
        if numbered is not None and numbered[0] == "1" and board.fullmove_number != 1:
            self.visitor_now.visit_warning(
                f"position {quoted(fen)}: its move {board.fullmove_number} is move 1 here, as the text numbers it"
            )
            board.fullmove_number = 1
        main.board, main.written = board, []
        self.visitor_now.visit_start(board.fen(), chess960)

    def _flush(self, line: _Line) -> None:
        """The prose read since the last move, as a comment at it (before the main line's first move, prose
        is its heading)."""
        if line.prose >= 0 and not (line is self.main and line.pending is None):
            body = prose_text(self.source[line.prose : line.prose_end])
            line.prose = -1
            self._comment(line, body)

    def _comment(self, line: _Line, body: str) -> None:
        if not body:
            return
        if line.pending is not None:
            line.pending = line.pending._replace(comment=f"{line.pending.comment} {body}".strip())
        elif line.parent is not None:
            line.starting = f"{line.starting} {body}".strip()
        else:
            self.visitor_now.visit_comment(body)

    def _child(self, parent: _Line, start: int) -> _Line:
        pending = parent.pending
        assert pending is not None
        label = f"{pending.number}{'.' if pending.white else '...'}{pending.written.text}"
        index = len(pending.variations) + len(parent.deferred) + 1
        path = f"{parent.path} > " if parent.path else ""
        return _Line(None, parent, start, f"{path}{label} (variation {index})")

    def _close(self, stack: list[_Line], end: int, closed: bool) -> None:
        """A bracket closed: its variation attached to its move, or its text kept as a comment there."""
        child = stack.pop()
        parent = stack[-1]
        inner = self.source[child.open_at + 1 : end - 1 if closed else end]
        if parent.failure:
            return
        if child.failure == _IN_PROSE:
            parent.prose_end = end
            return
        if child.failure == "no move before it" and parent is self.main and not self.main.count:
            # Brackets in a heading ("(Ljubljana, 2002)"): heading text.
            if parent.prose < 0:
                parent.prose = child.open_at
            parent.prose_end = end
            return
        if child.pending is None and child.in_sentence and not child.failure:
            # "Deep blue hrál (jak navrhuje Rybka) e5, Volodin ...": words in brackets inside a sentence of
            # prose are part of it, and so is what follows them.
            parent.prose, parent.prose_end = child.open_at, end
            return
        if child.failure or child.pending is None:
            if child.failure and child.failure != "no move before it":
                line_number, column = self.where(child.open_at)
                self.visitor_now.visit_warning(
                    f"line {line_number}, column {column}: variation {child.path}: {child.failure}; "
                    "kept as a comment"
                )
            self._flush(parent)
            self._comment(parent, prose_text(inner))
            return
        self._flush(child)
        assert child.board is not None
        last = self._settled(child.pending, child.board, child.resolved)
        variation = (*child.plies, last)
        for _, deferred_text in child.deferred:
            variation = (
                *variation[:-1],
                variation[-1]._replace(
                    comment=f"{variation[-1].comment} {prose_text(deferred_text)}".strip()
                ),
            )
        if child.ahead:
            parent.deferred.append((variation, inner))
        else:
            assert parent.pending is not None
            parent.pending = parent.pending._replace(variations=(*parent.pending.variations, variation))

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
        return _remarked(ply._replace(san=ply.san[:-1] + "#"), resolved, ply.written, "+")

    @staticmethod
    def _marked(ply: Ply, resolved: Resolved, kind: str, mark: str) -> Ply:
        """The ply with a check or e.p. mark that followed it, and its warnings recomputed."""
        written = (
            ply.written._replace(check_mark=mark)
            if kind == "CHECK"
            else ply.written._replace(en_passant_mark=True)
        )
        return _remarked(ply, resolved, written, ply.san[-1] if ply.san[-1] in "+#" else "")

    def _syntax(
        self, message: str, line: int, column: int, kind: type[NotationSyntaxError] = NotationSyntaxError
    ) -> NotationSyntaxError:
        lines = self.chunk.movetext.split("\n")
        index = line - self.chunk.first_line
        source_line = lines[index] if 0 <= index < len(lines) else ""
        return kind(message, line=line, column=column, source_line=source_line)

    @staticmethod
    def _number_warning(text: str, board: chess.Board) -> str:
        number = _number(_DIGITS.match(text))
        if number == board.fullmove_number and _black_number(text) == (board.turn == chess.BLACK):
            return ""
        expected = f"{board.fullmove_number}{'.' if board.turn else '...'}"
        return f"move number {quoted(text.strip())} written where {expected} was expected"

    def _heading_result(self, end: int) -> bool:
        """Whether a result before the first move is the heading's ("Teed-Delmar 1-0 [A80]", then the place,
        then move 1), not a game without moves: nothing but short lines that name no players follows it."""
        between = _HEADING_RESULT.match(self.text, end)
        if between is None and self.following is not None:
            between = _HEADING_RESULT_AT_END.match(self.text, end)
        if between is None:
            return False
        tags = read_heading(self.text[end : between.end()])
        return "White" not in tags and "Black" not in tags

    @staticmethod
    def _result(text: str, visitor: Visitor[object]) -> str:
        compact = compact_result(text)
        if compact in PRINTED_RESULTS:
            return PRINTED_RESULTS[compact]
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
    return read_chunks(split_games(lines), locale, visitor)


def headed(heading: Chunk | None, chunk: Chunk) -> Chunk:
    """`chunk` headed by the chunk before it that held no game (a heading cut off by a blank line), unless
    it has tag pairs of its own."""
    if heading is None or chunk.headers:
        return chunk
    return Chunk([], f"{heading.movetext}\n{chunk.movetext}", heading.first_line)


@overload
def read_chunks(
    chunks: Iterable[Chunk], locale: str | Locale, *, figurines: dict[str, str] | None = None
) -> Iterator[Game]: ...


@overload
def read_chunks(
    chunks: Iterable[Chunk],
    locale: str | Locale,
    visitor: type[Visitor[VisitorT]],
    *,
    figurines: dict[str, str] | None = None,
) -> Iterator[VisitorT]: ...


def read_chunks(
    chunks: Iterable[Chunk],
    locale: str | Locale,
    visitor: type[Visitor[object]] = GameBuilder,
    *,
    figurines: dict[str, str] | None = None,
) -> Iterator[object]:
    """What a visitor makes of each game of chunks that `split_games` cut, in order (`read_games` on lines
    that were split already; a run of chunks cut before a chunk with tag pairs reads as it would in the
    whole text). `figurines` gains the font's figurines read as pieces (`_figurines_read`), glyph to figurine,
    and starts from what it holds."""
    grammar = grammar_for(locale if isinstance(locale, str) else locale.code)
    leftover: Chunk | None = None
    carried = ""  # what the leftover chunk's reader has to tell of the game it heads
    figurines = {} if figurines is None else figurines
    ahead = iter(chunks)
    following = next(ahead, None)
    last = following is None or (after := next(ahead, None)) is None
    while following is not None:
        chunk, following = following, (None if last else after)
        last = following is None or (after := next(ahead, None)) is None
        chunk, leftover = headed(leftover, chunk), None
        trailer = _trailer(grammar, following) if last and following is not None else ""
        next_text = following.movetext if following is not None and not following.headers else None
        reader, told = yield from _games_read(grammar, chunk, visitor, next_text, trailer, carried, figurines)
        carried = ""
        if not told and chunk.movetext.strip():
            leftover, carried = chunk, reader.carried
    if leftover is not None:
        yield from _games_read(grammar, leftover, visitor, None, "", carried, figurines)


def _games_read(
    grammar: LocaleGrammar,
    chunk: Chunk,
    visitor: type[Visitor[VisitorT]],
    following: str | None,
    trailer: str,
    carried: str,
    figurines: dict[str, str],
) -> Generator[VisitorT, None, tuple[_GameReader[VisitorT], int]]:
    """The games of one chunk, one at a time, and then its reader and how many games it told. From a game
    that stopped at a move that a misprint further back explains, the chunk is read again with that move read
    for it (up to `_MISPRINTS_MOST` of them): the games from that one on come from the reading with the
    misprints where it stops less often and reads `_MISPRINT_GAIN` plies more, else from the one without;
    where that reading stops at a piece's move nothing explains, from the one `_guessed` finds, if any. A chess
    font's figurines that no table knows are read as the pieces `_figurines_read` finds for them."""
    chunk, paged = _page_numbers_out(chunk)
    chunk, repeated = _repeated_lines_out(chunk)
    chunk, read_as = _figurines_read(grammar, chunk, visitor, following, trailer, figurines)
    read_as = _joined(_joined(paged, repeated), read_as)
    first = _reader(grammar, chunk, visitor, following, trailer)
    first.carried, first.note = carried, _joined(first.note, read_as)
    games = first.games()
    told = 0
    for game in games:
        if first.found_misprints or first.stuck or first.astray:
            plain = [game, *games]  # the rest of the reading without misprints, kept to compare
            break
        told += 1
        yield game
    else:
        return first, told

    cited: tuple[tuple[int, int], ...] = ()

    def read_with(
        misprints: _Misprints,
    ) -> tuple[_GameReader[VisitorT], list[VisitorT]]:
        """The chunk read again with `misprints` read for their moves (and the stretches `cited` as prose): its
        reader and its games from the `told`-th on."""
        again = _reader(grammar, chunk, visitor, following, trailer, misprints)
        again.carried, again.cited, again.note = carried, cited, _joined(again.note, read_as)
        return again, list(again.games())[told:]

    reader, read = first, plain
    misprints: _Misprints = {}
    if first.found_misprints:
        last, mended, found_all = _mended(read_with, first)
        stops_before, plies_before, _ = _told_from(first, told)
        stops_after, plies_after, _ = _told_from(last, told)
        if stops_after < stops_before and plies_after >= plies_before + _MISPRINT_GAIN:
            reader, read, misprints = last, mended, found_all
    # Stretches of moves that went on after prose and soon stopped, the game going on under a later number of
    # the move due where they began: read as prose, one after another as each reading finds the next, where
    # then the games stop less often and read as many plies, or stop no more often and read `_MISPRINT_GAIN`
    # more; and a line retold (`_retold_line`) where then they stop no more often.
    stops_before, plies_before, _ = _told_from(reader, told)
    accepted, candidate = cited, reader
    while candidate.astray is not None and candidate.astray[:2] not in cited and len(cited) < _MISPRINTS_MOST:
        *span, retold = candidate.astray
        cited = (*cited, (span[0], span[1]))
        candidate, games_again = read_with(misprints)
        stops_after, plies_after, _ = _told_from(candidate, told)
        if (
            (stops_after < stops_before and plies_after >= plies_before)
            or (stops_after <= stops_before and plies_after >= plies_before + _MISPRINT_GAIN)
            or (retold and stops_after <= stops_before)
        ):
            reader, read, accepted = candidate, games_again, cited
            stops_before, plies_before = stops_after, plies_after
    cited = accepted
    if reader.stuck is not None:
        guessed = _guessed(read_with, reader, told, misprints)
        if guessed is not None:
            reader, read = guessed
    yield from read
    return reader, told + len(read)


def _page_numbers_out(chunk: Chunk) -> tuple[Chunk, str]:
    """`chunk` with each page number between its moves blanked (a game printed over a page break: `7.`, then
    `104`, then `Sb3`; read as text, it made the rest of the game a comment), and the warning naming them."""
    pages = page_numbers(chunk.movetext, going_on=True)
    if not pages:
        return chunk, ""
    where = ", ".join(
        f"line {chunk.first_line + chunk.movetext.count(chr(10), 0, page.start())} {page[0].strip()!r}"
        for page in pages
    )
    movetext = blanked(chunk.movetext, pages)
    return chunk._replace(movetext=movetext), f"page number between the moves skipped: {where}"


def _repeated_lines_out(chunk: Chunk) -> tuple[Chunk, str]:
    """`chunk` with each copy of the line before it blanked (`repeated_lines`: a line of moves printed or
    copied twice, which stopped the game at the copy's first move, illegal there), and the warning naming
    them. (A copy of several lines is read as written: after a game's end, as text after it, where its move
    numbers go back, "7. Jd5 mat" then "2. Sc4 d6 …" again.)"""
    copies = repeated_lines(chunk.movetext, most=1)
    if not copies:
        return chunk, ""

    def line_of(found: re.Match[str]) -> int:
        return chunk.first_line + chunk.movetext.count("\n", 0, found.start())

    movetext = blanked(chunk.movetext, [line for copy in copies for line in copy])
    told = "; ".join(copy_skipped(line_of(copy[0]), line_of(copy[-1])) for copy in copies)
    return chunk._replace(movetext=movetext), told


def _figurines_read(
    grammar: LocaleGrammar,
    chunk: Chunk,
    visitor: type[Visitor[VisitorT]],
    following: str | None,
    trailer: str,
    known: dict[str, str],
) -> tuple[Chunk, str]:
    """`chunk` with each of a chess font's figurines that no table knows (`_UNKNOWN_FIGURINE`) written as the
    piece whose figurine makes its games read best (fewest stopped, then most plies, then fewest read as other
    than written), one glyph at a time in the order they first appear and again while one is found, and no
    worse than the glyph left out (a pawn's move); a glyph two pieces read alike for stays as written. Where the
    games stop as the table reads them, so is a figurine the table knows (`_TABLED_FIGURINE`), where another
    piece reads them better (another font's `¦` the queen). `known` holds what earlier chunks of the text
    found, and gains what this one finds. Also the warning that tells which glyph was read as which piece."""
    unknown = list(dict.fromkeys(found[0] for found in _UNKNOWN_FIGURINE.finditer(chunk.movetext)))
    tabled = list(dict.fromkeys(found[0] for found in _TABLED_FIGURINE.finditer(chunk.movetext)))
    if not unknown and not tabled:
        return chunk, ""

    def written_as(figurines: dict[str, str]) -> Chunk:
        return chunk._replace(movetext=with_figurines(chunk.movetext, figurines))

    def outcome(figurines: dict[str, str]) -> tuple[int, int, int]:
        reader = _reader(grammar, written_as(figurines), visitor, following, trailer)
        for _ in reader.games():
            pass
        stops, plies, repaired = _told_from(reader, 0)
        return -stops, plies, -repaired

    # The glyphs to learn: those no table knows and none found yet, and the table's not yet tried in this text
    # (tried once: where no piece reads better, the table's piece stands, and is kept as itself).
    learn = [glyph for glyph in unknown if glyph not in known]
    untried = [glyph for glyph in tabled if glyph not in known]
    plain = outcome(known) if learn or untried else (0, 0, 0)
    known.update((glyph, glyph) for glyph in untried)
    if plain[0] == 0:
        untried = []  # the table's pieces read the games without a stop
    learning = bool(learn or untried)
    while learning:  # again while a glyph is found: the next may read apart only with it
        learning = False
        for glyph in learn + untried:
            if known.get(glyph, glyph) != glyph:
                continue
            readings = sorted(
                ((outcome(known | {glyph: figurine}), figurine) for figurine in _PIECE_FIGURINES),
                reverse=True,
            )
            (best, figurine), (second, _) = readings[:2]
            if best > second and (best > plain or (best == plain and glyph in learn)):
                known[glyph], plain, learning = figurine, best, True
    # Each glyph learned is tried again once the others are known: one learned before them may have read
    # further as another piece by chance (the rook's `b8`, read as the queen's while the king's glyph was not
    # known, stopped the game at the rook's next move).
    revising = bool(learn)
    while revising:
        revising = False
        for glyph in learn:
            if known.get(glyph, glyph) == glyph:
                continue
            others = {other: figurine for other, figurine in known.items() if other != glyph}
            readings = sorted(
                ((outcome(others | {glyph: figurine}), figurine) for figurine in _PIECE_FIGURINES),
                reverse=True,
            )
            (best, figurine), (second, _) = readings[:2]
            if figurine != known[glyph] and best > second and best > plain:
                known[glyph], plain, revising = figurine, best, True
    glyphs = unknown + tabled
    found = {glyph: known[glyph] for glyph in glyphs if known.get(glyph, glyph) != glyph}
    if not found:
        return chunk, ""
    read_as = ", ".join(
        f"U+{ord(glyph):04X} as the {chess.piece_name(FIGURINES[figurine])}"
        for glyph, figurine in found.items()
    )
    return written_as(found), (f"a chess font's figurines read by the moves they make: {read_as}")


# A figurine a conversion could not map, replaced by U+FFFD, before the square its piece goes to.
_FIGURINE_REPLACED = re.compile(r"\ufffd\s?[a-h1-8]{0,2}[x×:]?[a-h][1-8]")


def figurines_replaced(text: str) -> str:
    """Why a text's pieces cannot be read, where a conversion replaced their figurines by U+FFFD (twice or
    more before a square); else ""."""
    lost = len(_FIGURINE_REPLACED.findall(text))
    if lost < 2:
        return ""
    return (
        f"the replacement character U+FFFD stands before {lost} squares: the pieces' figurines were lost when "
        "the text was converted; --lenient reads each such move as the piece that can go to its square, flagged "
        "where several kinds can"
    )


def with_figurines(text: str, figurines: dict[str, str]) -> str:
    """`text` with each glyph of `figurines` written as the piece's figurine it was read as (one character for
    one: the text keeps its length)."""
    return (
        text.translate({ord(glyph): figurine for glyph, figurine in figurines.items()}) if figurines else text
    )


def _joined(note: str, more: str) -> str:
    """Two warnings told of every game of a chunk, as one."""
    return f"{note}; {more}" if note and more else note or more


def _mended(
    read_with: Callable[[_Misprints], tuple[_GameReader[VisitorT], list[VisitorT]]],
    first: _GameReader[VisitorT],
) -> tuple[_GameReader[VisitorT], list[VisitorT], _Misprints]:
    """The chunk read again (`read_with`) with the misprints `first` found read for the moves written, and with
    those that reading finds, and so on (`_MISPRINTS_MOST` at most): the last reader, its games, and the
    misprints it read."""
    misprints: _Misprints = {}
    last: _GameReader[VisitorT] = first
    mended: list[VisitorT] = []
    while (
        found := {key: move for key, move in last.found_misprints.items() if key not in misprints}
    ) and len(misprints) < _MISPRINTS_MOST:
        misprints |= found
        last, mended = read_with(misprints)
    return last, mended, misprints


def _guessed(
    read_with: Callable[[_Misprints], tuple[_GameReader[VisitorT], list[VisitorT]]],
    first: _GameReader[VisitorT],
    told: int,
    misprints: _Misprints,
) -> tuple[_GameReader[VisitorT], list[VisitorT]] | None:
    """The chunk read again (`read_with`), with `misprints` read for their moves as `first` read them, and with each move
    of the piece that `first` stopped at read for the move written, and so on from where that reading stops
    (`_MISPRINTS_MOST` times at most): the reader and its games from the `told`-th on where, each time, one
    of them reads `_GUESS_GAIN` plies more than without it and stops no more often, and reads `_GUESS_GAIN`
    plies more than with any other, or as many with fewer moves read as other than written ("4. Sd2" read as
    Sfd2 reads on only by reading "6. Se5" as Se4); else None."""
    best: tuple[_GameReader[VisitorT], list[VisitorT]] | None = None
    last = first
    guesses = dict(misprints)
    while (
        last.stuck is not None
        and last.stuck[0] not in guesses
        and len(guesses) < len(misprints) + _MISPRINTS_MOST
    ):
        key, moves = last.stuck
        stops_before, plies_before, _ = _told_from(last, told)
        readings = []
        for move, warning in moves:
            reader, games = read_with(guesses | {key: (move, warning)})
            stops, plies, repaired = _told_from(reader, told)
            if stops <= stops_before and plies >= plies_before + _GUESS_GAIN:
                readings.append((plies, repaired, move, warning, reader, games))
        readings.sort(key=lambda reading: (reading[0], -reading[1]), reverse=True)
        if not readings or not all(
            plies <= readings[0][0] - _GUESS_GAIN or repaired > readings[0][1]
            for plies, repaired, *_ in readings[1:]
        ):
            break
        _, _, move, warning, last, games = readings[0]
        guesses[key] = (move, warning)
        best = last, games
    return best


def _told_from(reader: _GameReader[VisitorT], first: int) -> tuple[int, int, int]:
    """How many of the games a reader told, from its `first`-th on, stopped, their main lines' plies, and
    how many of those it read as other than written."""
    rest = reader.told[first:]
    return (
        sum(stopped for _, stopped, _ in rest),
        sum(count for count, _, _ in rest),
        sum(repaired for _, _, repaired in rest),
    )


def _reader(
    grammar: LocaleGrammar,
    chunk: Chunk,
    visitor: type[Visitor[VisitorT]],
    following: str | None,
    trailer: str = "",
    misprints: _Misprints | None = None,
) -> _GameReader[VisitorT]:
    """The reader of one chunk; Serbian whose moves write the files in Cyrillic is read as Serbian Cyrillic
    (`--from sr` on a text in Cyrillic script), with a warning that says so."""
    if grammar.locale.code == "sr" and len(_CYRILLIC_SQUARE.findall(chunk.movetext)) >= 2:
        note = "read as Serbian Cyrillic (sr-Cyrl): the moves write the files in Cyrillic letters"
        return _GameReader(grammar_for("sr-Cyrl"), chunk, visitor, following, note, trailer, misprints)
    if _english_score(grammar.locale, chunk.movetext):
        note = (
            f"read as English (en): the moves are written with English piece letters and few or none of "
            f"{grammar.locale.name}'s own"
        )
        return _GameReader(grammar_for("en"), chunk, visitor, following, note, trailer, misprints)
    if (
        grammar.locale.pawn_letters == ("B",)
        and _english_moves(grammar.locale, chunk.movetext) >= _ENGLISH_MOVES
    ):
        # "1. e4 e5 2. Nf3 Nc6 3. Bc4", the notes in the locale's letters ("nach 6. Sg5"): B is the bishop.
        note = (
            f"B read as the bishop, as English writes it, not as {grammar.locale.name}'s pawn: the moves are also "
            "written with English piece letters"
        )
        english_bishop = grammar_for(grammar.locale.code, english_bishop=True)
        reader = _GameReader(english_bishop, chunk, visitor, following, note, trailer, misprints)
        letters = _english_letters(grammar.locale.code)
        if letters is not None:
            reader.english_letters, reader.notes_letters = letters
        return reader
    return _GameReader(grammar, chunk, visitor, following, "", trailer, misprints)


@cache
def _letter_moves(letters: str) -> re.Pattern[str]:
    """Moves of the pieces written with `letters` ("Nf3", "Qxd4", "Rae1"), not inside a word."""
    return re.compile(rf"(?<![^\W\d_])[{letters}][a-h]?[1-8]?[x×:]?[a-h][1-8](?![0-9])")


# How many moves with a letter only English writes make a score English, and how many times as many as those
# with the locale's own letters (cited in its notes) there must be.
_ENGLISH_MOVES = 3
_ENGLISH_SHARE = 4


@cache
def _english_letters(code: str) -> tuple[str, str] | None:
    """The piece letters only English writes and those only the locale writes, where the locale reads some
    English letter as another piece (B the Danish pawn, R the Portuguese king); None where it reads every
    English letter as its piece already, or writes in another script."""
    locale = get_locale(code)
    if locale.script != "latin" or locale.code == "en":
        return None
    own = {letter: piece for piece, letter in locale.letters.items() if len(letter) == 1}
    english = {letter: piece for piece, letter in ENGLISH_LETTERS.items()}
    if not any(
        own.get(letter, piece) != piece or letter in locale.pawn_letters for letter, piece in english.items()
    ):
        return None
    only_english = "".join(sorted(set(english) - set(own) - set(locale.pawn_letters)))
    return (only_english, "".join(sorted(set(own) - set(english)))) if only_english else None


def _english_score(locale: Locale, movetext: str) -> bool:
    """Whether a game is written in English SAN though the text's locale reads some English letter as another
    piece (a Danish page's PGN block: B its pawn, so "Bd4" would be a pawn's move): moves with English's own
    letters (N, Q, R for Danish), and none with the locale's (S, L, T, D) or only the few of the notes around
    them ("min dator drar Ld3 direkt" beside a score of twenty English moves)."""
    letters = _english_letters(locale.code)
    if letters is None:
        return False
    english = _english_moves(locale, movetext)
    if english < _ENGLISH_MOVES:
        return False
    only_own = letters[1]
    return not only_own or english >= _ENGLISH_SHARE * len(_letter_moves(only_own).findall(movetext))


def _english_moves(locale: Locale, movetext: str) -> int:
    """How many moves are written with a letter only English writes (none where the locale reads every English
    letter as its piece already)."""
    letters = _english_letters(locale.code)
    return 0 if letters is None else len(_letter_moves(letters[0]).findall(movetext))


def _trailer(grammar: LocaleGrammar, last: Chunk) -> str:
    """The warning for the last chunk of a text where it holds no game (a page's footer, a note after the
    game): its words are skipped, and the game before it says so; "" where it holds a game."""
    if last.headers or not last.movetext.strip():
        return ""
    if next(_reader(grammar, last, GameBuilder, None).games(), None) is not None:
        return ""
    return words_skipped(last)


def words_skipped(last: Chunk) -> str:
    """The warning that the words of a text's last chunk, which hold no game, are skipped; "" for none."""
    words = prose_text(last.movetext)
    return f"line {last.first_line}: text after the last game skipped: {quoted(words, 60)}" if words else ""


def parse_games(text: str, locale: str | Locale) -> list[Game]:
    """All games of a text held in memory (a convenience for tests and small inputs)."""
    return list(read_games(text.splitlines(), locale))
