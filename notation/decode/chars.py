"""Noisy movetext decoded character by character: the most probable legal game behind a stretch of text.

The text is not cut into tokens first. It becomes a stream of its non-space characters, each knowing
whether white space stood before it; a hypothesis is a board and a position in that stream. From there a
ply may consume, in order: stray tokens (a comment word, an annotation, a garbled number), the move number
where one belongs (`12.`, `12...`, misread or missing), and a legal move: the best alignment of any of its
renderings (short or long form, any capture mark or none, check signs) with the next stretch of characters
under an edit model — OCR confusions (`l`/`1`, `O`/`0`, `S`/`5`, `cl`/`d`, `rn`/`m` ...), dropped and inserted
characters, white space inside a move (`Dc6:d 5+`) or none between moves (`a5g5`). Then marks that follow it
(`!?`, a draw offer `(=)`). A move that nobody wrote can be supplied at a high cost (always flagged). Each
alignment row is cached per (rendering prefix, position), so the boards of a beam that stand at the same
place in the text share their work.

The game ends where the text does: results, annotations and prose after the last move cost little, anything
else that is left is where decoding stopped. Every move's confidence weighs it, with a few plies of
lookahead, against the other legal moves and against "the writer wrote something else" — a text that is a
well-formed move the board does not allow (`Sb6` where no bishop reaches b6) is never a confident reading.
"""

from __future__ import annotations

import bisect
import contextlib
import itertools
import math
import re
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, partial
from typing import NamedTuple

import chess

from ..errors import NotationError
from ..game import Ply, Written
from ..keys import Key, raw_key
from ..locales import FIGURINES, PIECE_ORDER, Locale, get_locale
from ..prior import default_prior
from ..text.columns import RULES
from ..text.lexer import MOVE_AHEAD
from ..text.pages import without_page_numbers
from ..text.reader import CHECK_WORD, FORFEITS, RESULTS, ply_key
from ..text.resolve import parse_written
from . import gap
from .beam import Alternative, Decoded, DecodedMove, DecodeError, _Option, _Scorer
from .textscore import TEXT_CONFUSION, TEXT_RARE_EXTRA, TEXT_RARE_SKIP, similarity, skip

# --- the edit model ----------------------------------------------------------------------------------------

# Per piece letter, runs of characters read for it and their log-probabilities (a figurine font's OCR).
Glyphs = Mapping[str, tuple[tuple[str, float], ...]]

# Two characters of the text read for one written character (and the log-probability of it).
_MULTI: dict[str, tuple[tuple[str, float], ...]] = {
    "d": (("cl", math.log(0.05)), ("ol", math.log(0.02))),
    "m": (("rn", math.log(0.05)),),
    "w": (("vv", math.log(0.05)),),
    "h": (("li", math.log(0.02)),),
    "0": (("()", math.log(0.05)),),
    "O": (("()", math.log(0.05)),),
}
# What an OCR model for Latin script makes of Cyrillic print (Tesseract's English model reading a Serbian
# bulletin): the piece letters Д and Л, and the file letters (а б ц д е ф г х) of texts that write them.
# Log-probabilities, per written character; used only for locales in Cyrillic script.
_CYRILLIC_AS_LATIN: dict[str, dict[str, float]] = {
    "Д": {
        "А": math.log(0.05),
        "A": math.log(0.05),
        "I": math.log(0.05),
        "[": math.log(0.05),
        "i": math.log(0.02),
        "4": math.log(0.02),
        "Н": math.log(0.02),
        "N": math.log(0.02),
    },
    "Л": {"N": math.log(0.02), "П": math.log(0.02)},
    "c": {"u": math.log(0.05), "y": math.log(0.05)},
    "d": {"g": math.log(0.05), "q": math.log(0.05), "0": math.log(0.02), "o": math.log(0.02)},
    "f": {"p": math.log(0.05), "q": math.log(0.02), "h": math.log(0.02)},
    "g": {"r": math.log(0.05)},
}
_CYRILLIC_AS_LATIN_MULTI: dict[str, tuple[tuple[str, float], ...]] = {
    "Л": tuple((pair, math.log(0.05)) for pair in ("/1", "JL")),
    "Д": tuple((pair, math.log(0.05)) for pair in ("I[", "[[", "M\\", "Il", "J[", "[l", "fl")),
    "f": (("cp", math.log(0.05)), ("cb", math.log(0.02))),
}
_MULTI_CYRILLIC = {
    char: _MULTI.get(char, ()) + _CYRILLIC_AS_LATIN_MULTI.get(char, ())
    for char in {*_MULTI, *_CYRILLIC_AS_LATIN_MULTI}
}
# A capture mark in a move that takes nothing (`Sxa8` read as Ba8): a writer often leaves the mark out, seldom
# writes one where nothing is taken.
CAPTURE_MARK_EXTRA = math.log(0.05)
_CAPTURE_SIGNS = frozenset("x×х")
# A key struck twice (`Db33`, `SSf6`, `e44`): no move is written with a letter or digit twice in a row.
DOUBLED_KEY = math.log(0.02)
# Two neighbouring characters swapped (`J2a` for `Ja2`).
TRANSPOSE = math.log(0.01)
# White space inside a move (`Dc6:d 5+`), and no white space where one move follows another (`a5g5`).
SPACE_IN_MOVE = math.log(0.05)
NO_GAP = math.log(0.2)
# A white move without its number, and a black move with its `12...`.
NO_NUMBER = math.log(0.3)
BLACK_NUMBER = math.log(0.3)
# A ply read from part of a written word with an alignment below this (not one of two moves glued together,
# each written whole) is flagged: the reading may have cut a move in two.
CUT_READING = -1.0
# A move number written past reading (`3 .'` where `2.` stands): one or two tokens without a letter.
GARBLED_NUMBER = math.log(0.02)
# Skipping a whole token between moves: annotation glyphs, a prose word, a number that fits nothing,
# anything else.
JUNK_MARKS = math.log(0.3)
JUNK_WORD = math.log(0.01)
JUNK_NUMBER = math.log(0.01)
# A stretch of text that repeats the stretch right before it (a line printed or copied twice, `43 Da7+! Kg6`
# once more): passed over at this cost. Read as moves, it would make up plies that it cannot be twice.
REPEATED_STRETCH = math.log(1e-3)
REPEAT_LONGEST = 80  # characters, about a line
# A lone speck between moves (dust read as a thin stroke or a tick: `l`, `|`, `'`, `·`) is as likely as a
# stray number.
JUNK_SPECK = math.log(0.01)
JUNK_TOKEN = math.log(1e-4)
JUNK_CHAR = -2.5
# A move that is not written at all; it is tried where the best reading of a ply costs less than POOR,
# MISSING_KEPT of them, kept up to MISSING_SLACK below the beam's margin.
MISSING = math.log(1e-5)
POOR = -8.0
# The best line looks for a move nobody wrote or a garbled one where its text reads less well than this.
DOUBTFUL = -3.0
MISSING_KEPT = 3
GARBLED_KEPT = 3
# The fallbacks (a move written past reading, a move nobody wrote) are tried from this many of the beam's best
# hypotheses only: each ranks every legal move by the ply after it, and the beam's weaker lines seldom win.
FALLBACK_HYPOTHESES = 3
MISSING_SLACK = 12.0
# Where no line of the beam stands where the move number written next says it should (a garbled move read as
# two, or two read as one, early on: every later number then disagrees), up to IN_STEP_KEPT of the lines that do
# are kept, up to IN_STEP_SLACK below the beam's margin: the numbers after them decide.
IN_STEP_KEPT = 2
IN_STEP_SLACK = 30.0
# A line of moves lost (`18) Dd2 Tfd8` then `Da8 22) La3`): where a line or a move number begins and the move
# numbers within LOST_REACH tokens ahead put the plies written there LOST_FEWEST to LOST_MOST plies further on
# than the plies read, that many plies are supplied at once (gap.py), at this cost, from the LOST_KEPT
# sequences after which most of the moves written next can be played, and at least LOST_SHARE of them.
LOST_LINE = math.log(1e-4)
LOST_REACH = 64
LOST_FEWEST = 1
LOST_MOST = 10
LOST_KEPT = 2
LOST_SHARE = 0.6
# The most letters of a move's start split from the rest by a space (`Tc l5:c5`, `c l3-d4`).
SPLIT_START = 2
# The move numbers written next that are compared to confirm where the text stands.
CONFIRMING_NUMBERS = 4
# A text whose first line was lost (its moves numbered from a later one than 1, from the start position) has its
# first plies, up to OPENING_MOST of them, supplied from the named openings' positions (gap.from_book), judged by
# the first OPENING_JUDGED plies written after them (a slip later on, moves merged or split, leaves the rest
# read for the wrong side, and all the openings alike).
OPENING_MOST = 24
OPENING_JUDGED = 16
_START_KEY = raw_key(chess.Board())
# A character of a move written after such a line is read as any other it is misread for at least this likely.
MISREAD_AHEAD = -6.0
# Moves read within this many plies after a move nobody wrote stand in a position the text never confirmed:
# the reading may have slipped by a ply. They are flagged too (on development noise nearly every one that
# was not flagged already was wrong).
AFTER_SUPPLIED = 16
# An alternative this likely makes the moves that hold only if it was not played doubtful too, and one
# DOUBTED_ALTERNATIVE likely those of them whose text it reads as well.
LIKELY_ALTERNATIVE = 0.4
DOUBTED_ALTERNATIVE = 0.1
# "As well": within this of the decoded move's reading (natural log).
READS_AS_WELL = 1.0
# "The writer wrote a well-formed move other than every legal one" (a slip of the pen, a misread square).
WRONG_MOVE = math.log(1e-3)
# ... and where one of the DOUBT_REACH plies before it is in doubt (flagged, below DOUBTED): written for the
# board of another line.
OTHER_BOARD = math.log(0.05)
DOUBT_REACH = 4
DOUBTED = 0.5
# Plies read sure between doubted ones stand on a board the text confirms only when at least this many of them
# follow one another: fewer, with at least UNCONFIRMED_AFTER doubted plies before them and one after, are
# doubted too (as the strict reader trusts a repaired move only where the next three play on).
CONFIRMING_RUN = 3
UNCONFIRMED_AFTER = 2
# Whole readings within this of the best one (natural log) weigh each of its moves.
RIVAL_MARGIN = 9.0
# "The text is something else" (a stray fragment): a base and a cost per character.
GARBAGE = math.log(0.01)
# "A move stands here, written past reading" (`R1` for `Kf1`): a token that is neither a number, a result,
# a word nor a well-formed move, read as each legal move.
GARBLED = math.log(1e-4)
GARBAGE_CHAR = math.log(1 / 30)
# Below its floor (WRONG_MOVE for a well-formed token, GARBLED for any other) a token's fit still counts, a
# tenth as much: of the moves it does not read as, the nearer (`Dc1` for Qc2 rather than Bf5, `e44` for a4
# rather than Nh3) is the likelier one meant, and the one kept where the moves after it cannot tell.
BELOW_FLOOR = 0.1
# An alignment below this is no reading of the move (its row is not followed further).
ALIGN_FLOOR = -13.0
# The first two characters of a rendering must be read at least this well for it to be aligned further.
GATE = -9.0
# Where no move reads better than POOR from a hypothesis, renderings whose first two characters read at least
# this well are aligned too (`y5` for g3 after a misread number): a wider gate everywhere costs a third more
# time for the same gain.
WIDE_GATE = -10.5
# Every character a hypothesis has read earns this much, so that lines which have read more of the text
# compare fairly with lines that have read less (every complete reading earns the same in the end).
CREDIT = 1.5
# How far below its best end an alignment may end where the written token ends.
BOUNDARY_KEEP = 8.0
# How many more text characters than rendering characters an alignment may take.
EXTRA = 4
# The beam: at most BEAM_WIDTH hypotheses within BEAM_MARGIN of the best. A misread move is often told only
# by a move several plies later (`Dd1-d2` for Qe2, decided by `De2-g4` seven moves on), so the reading the
# later move fits must survive that long; on development noise a beam of 8 within 8.0 lost it in one game of
# ten, and wider beams than this gained nothing more.
BEAM_WIDTH = 24
BEAM_MARGIN = 10.0
# Where a figurine stands for any piece (lost in conversion, or not learned), the text alone leaves many
# lines open (`�xf4` the knight's or the bishop's, told apart only by a rook's move thirty plies on): a wider
# beam.
ANY_PIECE_BEAM_WIDTH = 64
# How much the move prior (`prior.py`, fitted on real games) weighs against the text: its log(n·p) times this,
# as in the scan decoder.
TEXT_PRIOR_WEIGHT = 1.0
# Where the best line first reads poorly, each of its last few cleanly read plies is tried as its likeliest
# other move, re-read with a narrow beam; the best few such lines join the beam.
RECOVER_REACH = 8
RECOVER_SLIPS = 3
RECOVER_WIDTH = 3
RECOVERED_KEPT = 2
# A move the text names that the board does not allow is looked for this many plies back.
ENABLE_REACH = 24
# ... past this many words of prose before it.
PROSE_PASSED = 8
# ... and of the moves that would allow it, the plies read as these few whose text reads as them at least cost.
ENABLE_SLIPS = 4
# Ways to begin a move (after stray tokens, with or without the number) worse than the best by more than
# this are not tried. Wide enough for a stray token of a few characters (`(=J`, a draw offer misread): not
# to skip it costs nothing where it stands, but then no move reads from there.
PREFIX_MARGIN = 13.0
# A word (letters only) or a well-formed move is skipped on the way to a move only within this of reading
# nothing; other stray tokens within PREFIX_MARGIN.
WORD_MARGIN = 6.0
# A run of letters no longer than this, with no word beside it, is a speck read as letters, not prose.
SHORT_WORD = 3
# A sentence of prose between moves is crossed as one stray token of at most this many tokens, at this cost
# for each token more (and its characters paid for by what reading them earns).
PROSE_RUN = 16
# It begins with two words, the first of SHORT_WORD letters or more (PIECE_WORD where it begins with a piece
# letter), or with one word of LONG_WORD letters or more.
LONG_WORD = 6
PIECE_WORD = 5
# A word in capitals of this many letters or more is prose (a running head); shorter, it may be a move.
CAPITAL_WORD = 5
PROSE_TOKEN = math.log(0.5)
# An English piece letter read for the locale's own.
ENGLISH_LETTER = math.log(0.5)
# A pawn move's file letter written as a capital that names no piece (`E4`): a phone capitalises the first
# letter of a line. Only where the move begins: elsewhere a capital is as unlikely as any other slip (`A` alone
# is no `Da5`).
CAPITAL_FILE = math.log(0.05)
# Stray tokens skipped in a row before a move or its number (specks at a line's end and start: `_ , *?`).
STRAY_RUN = 3
# Ends of a move number's alignment kept within this of its best: `11 ,` is `11.` misread, though `11` with
# its dot dropped aligns better, and only the former leaves the move after it to be read.
NUMBER_KEEP = 5.0
LOOKAHEAD = 3
LOOKAHEAD_WIDTH = 3
LOOKAHEAD_ALTERNATIVES = 4
# Alternatives read within this much of the chosen move are followed a few plies ahead.
LOOK_WITHIN = 6.0
# An alternative this much less likely than the chosen move no longer changes its confidence.
IRRELEVANT = 12.0
# Some move, unread: a lookahead's stand-in for a token that reads as no move.
_UNREAD = _Option(chess.Move.null(), chess.PAWN, "--", False, ())
# A private character for a recognised draw offer `(=)`.
OFFER = "\ue000"
# A line break of the source in a text whose lines were joined (lenient.py): white space that any
# comment or bracket may span, as a space, and where a lost line's moves may begin.
LINE_BREAK = "\u2028"
# Where moves may be a variation's, not the game's: a bracket that nothing closes (`variation_never_closed`).
_DOUBT = "\ue001"
# A chess font's figurine that no table knows: a character of Unicode's private use area (the two above are
# read so too where a text holds them), which may stand for any piece (`\ue0a6g1-f3`).
_GLYPH = "\ue002"
_GLYPHS = re.compile("[\ue003-\uf8ff]")
UNKNOWN_FIGURINE = math.log(0.2)


# A comment: in braces, in brackets on one line, or a parenthesis or bracket opening words that nothing
# closes (its `)` or `]` lost: `(odlučujuća greška 27. Te7`, `[lepší bylo Kg4 51. Vg1`, `(s iniciatívou 25.`)
# up to the next number, or up to a number garbled before its digits (`(s iniciatívou q5.Df3` for 25.).
def _words_never_closed(opening: str, closing: str) -> str:
    """The pattern of words that `opening` opens and no `closing` closes, up to the next number."""
    both = re.escape(opening + closing)
    return (
        rf"{re.escape(opening)}\s*(?:[^\W\d_]{{1,2}}\s+)?[^\W\d_]{{3,}}[^{both}]{{0,80}}?"
        rf"(?=\s+(?:\d|[^\s\d]{{1,2}}\d{{1,3}}\.))(?![^{both}]*{re.escape(closing)})"
    )


# The word for check after a move, as a translation writes it (`gxf2 šach`): its mark.
_CHECK_AFTER_MOVE = re.compile(rf"(?<=[1-8])[ \t]+(?:{CHECK_WORD.pattern})(?!\w)")
# One move alone, a piece's or a pawn's (`Kf6`, `Sxf2`, `h4`, `0-0`).
_ONE_MOVE = re.compile(r"[^\W\d_]?[a-h]?[1-8]?[x×:]?[a-h][1-8]|[0O]-[0O](?:-[0O])?")
# A note in brackets on one line longer than this is taken out only where it is words (`_comment`).
LONG_NOTE = 80
NOTE_WORDS = 3
_NOTE_WORD = re.compile(r"[^\W\d_]{4,}")
# What makes a bracket's text a note or a variation, not a misread letter: a word, a move number (`3.`, or a
# book's dotless `3 Sa6`).
_NOTE_OR_LINE = re.compile(r"[^\W\d_]{3,}|\d\s*\.|(?<!\S)[0-9]{1,3}\s+\S*[a-h][1-8]")
# A note of the time used or left, in minutes, seconds or on a clock (`[38']`, `(6′)`, `[1:23:45]`).
_TIME_NOTE = re.compile(r"\d{1,3}\s*(?:['′’\"″]|min\.?)|\d{1,2}(?::\d{2}){1,2}")
# A note in round brackets on one line that holds no bracket.
_ROUND_NOTE = r"[^()\n]{0,400}"
_COMMENT = re.compile(
    # (A note in round brackets may run over lines, as a newspaper column's narrow lines set it, or be longer on
    # one line: `_comment` keeps such a one unless it is words.)
    rf"\{{[^}}]*\}}|\((?P<body>{_ROUND_NOTE}|[^()]{{0,400}}[\n\u2028][^()]{{0,400}})\)"
    r"|\[(?P<square>[^\[\]\n]{0,80})\]"
    f"|{_words_never_closed('(', ')')}|{_words_never_closed('[', ']')}"
)
# A note in round brackets with one note inside it, all on one line: the inner note is taken out first, so
# that the one around it is whole.
_NESTED_NOTE = re.compile(rf"\([^()\n]*\({_ROUND_NOTE}\)[^()\n]*\)")
_INNER_NOTE = re.compile(rf"\((?P<body>{_ROUND_NOTE})\)")


def _inner_note_out(found: re.Match[str]) -> str:
    return "(" + _INNER_NOTE.sub(_comment, found[0][1:-1]) + ")"


# A note in brackets typed with the Serbian layout on, where `(` is `)` and `)` is `=` (`)Bolje 18...Sc4'b6
# 19.Th1'f1=`): `)` glued to its first word, `=` to its last, on one line. (A draw offer `(=)`, a promotion
# `f8=D` and an evaluation `=` after a space are none.)
_LAYOUT_NOTE = re.compile(r"(?<!\S)\)(?=\S)([^()\n]*?\S)=(?=\s|$)")
# A move number whose `)` was struck as `(` (`44( b3-b4`): no variation opens there.
_MISPRINTED_NUMBER = re.compile(r"(?<!\S)(\d{1,3})\((?=\s)")
# A word or a move broken at a line's end after a letter, with a hyphen the typesetter added (`Dd-` then
# `8-c7`, `e-` then `7-e5`, `pri-` then `pravuje`): not a long form's dash, which follows a square's rank.
_HYPHENATED = re.compile(rf"(?<=[^\W\d_])-(?P<blank>[ \t]*(?:\r?\n|{LINE_BREAK})[ \t]*)(?P<rest>[^\W_]\S*)")


def _rejoined(found: re.Match[str]) -> str:
    """The two parts of a hyphenated word or move as one, the line break after them (the same length)."""
    return f"{found['rest']}{found['blank']} "


# A square a sentence names, maybe with a mark that ends a clause.
_SQUARE_NAMED = re.compile(r"[a-h][1-8][.,;:]?")
# The rules that part a running head's words (`ŠACH | streda 24. júla 2025`): a column's, a list's dots, and
# the colon a table's row reads a rule as.
_HEAD_RULES = (*RULES, "•", "·", ":")
# A move number written `12)` before a move, or glued to it (after a blank, a bracket or nothing).
_PAREN_NUMBER = re.compile(rf"(?<![^\s(])(\d{{1,3}})\)(?=[ \t]*(?:{MOVE_AHEAD}))")
# Words (letters only) that a parenthesis, bracket or brace closes.
_UNOPENED = re.compile(r"(?<!\S)(?:[^\W\d_]{2,}[,.;:]?\s+)*[^\W\d_]{3,}[,.;:!?]?\s?[)\]}]")
_OPENS = {")": "(", "]": "[", "}": "{"}
# A bracket before a move number (`(12. Jf3`, `[7.Jb3`) that no bracket closes.
_UNCLOSED_VARIATION = re.compile(r"[(\[](?=\s*\d+\s*[.…])(?![^()\[\]]*[)\]])")
# A bracket before words that no bracket closes, up to the next move number.
_WORDS_NEVER_CLOSED = re.compile(f"{_words_never_closed('(', ')')}|{_words_never_closed('[', ']')}")
# A move number: White's (`12.`) or Black's (`12...`, `12…`).
_MOVE_NUMBER = re.compile(r"(?<![\w.])\d{1,3}\s*(?:\.{2,3}|…|\.)")


def variation_never_closed(text: str) -> int:
    """Where a bracket opens that nothing closes, with moves after it that may be a variation's rather than the
    game's: a bracket before a move number (`(12. Jf3`), or one before words that go on under a number going
    back to a ply already numbered (`59...Wa1 (warto … po 59...Wh2+`: a line told in a note whose bracket the
    text never closes); -1 where none. Words whose `)` is lost, going on under the next number
    (`27. Te7 (odlučujuća greška 27... Kh8`), are a comment and the game's moves go on."""
    found = _UNCLOSED_VARIATION.search(text)
    opened = found.start() if found is not None else -1
    for words in _WORDS_NEVER_CLOSED.finditer(text, 0, opened if opened >= 0 else len(text)):
        before = [*_MOVE_NUMBER.finditer(text, 0, words.start())]
        after = _MOVE_NUMBER.search(text, words.end())
        if before and after is not None and ply_key(after[0]) <= ply_key(before[-1][0]):
            return words.start()
    return opened


_ANNOTATION = re.compile(r"^[!?+#=()\[\]\u2261\u2213\u00b1\u221e]+$")
_SPECK = re.compile(r"^[lIi|'`´·\-_~]$")
_WORD = re.compile(r"^[^\W\d_]{3,}[.:,;]?$")
# A number, or what is left of one; digits before marks are often a misread mark ("Сф67!" for "Сф6?!").
_NUMBERISH = re.compile(r"^[0-9lIoO|]{0,3}[0-9][0-9lIoO|]{0,2}[.,:;…!?]*$|^[.,:;…]+$")
# A token that may be a move past reading: two characters or more with a letter or a sign OCR makes of one
# (`$3` for Se3), or with neither a digit nor the dots and brackets of a move number (`@@`), or a long form's two
# squares whose letters OCR read as digits (`87-26` for g7-g6); not a word, not a result.
_MOVELIKE = re.compile(r"^(?=.{2})(?:.*(?:[^\W\d_]|[$£€§&@]).*|[^\d.)…]+|[0-9]{2}[-–—:][0-9]{2})$")
_LEADING_NUMBER = re.compile(r"^[0-9lIoO|]{1,3}[.,:;…)]*")
_PLAIN_NUMBER = re.compile(r"(?P<number>\d{1,3})(?:[.)]|(?P<black>\.{2,3}|…|\)\.{2,3}))")
_BARE_NUMBER = re.compile(r"\d{1,3}")
# The same at the start of a token, Black's dots first (`36...Kh6`).
_NUMBER_BEFORE = re.compile(r"(?P<number>\d{1,3})(?:(?P<black>\.{2,3}|…|\)\.{2,3})|[.)])")
_LETTER = re.compile(r"[^\W\d_]")
# A capture mark between a move's letters (`Vc1xc8`, `D:g7`, `e4×d5`; Cyrillic `х` in Serbian), not a speck
# nor the colon of a misread move number (`12:e4`).
_CAPTURE_MARK = re.compile(r"(?:(?<=[^\W\d_])|(?<=[a-hа-х][1-8]))[x×:х](?=[a-hа-х])")
# Letters that OCR reads for digits ("l99 ." for "19 ."): a token of digits and these may be a move number.
_DIGIT_LIKE = str.maketrans("lIoO", "1100")
_NUMBER_MARK = re.compile(r"[\d.)…]")
# A continuation with a key beside the dot struck (`.ů.`, `20 .ů.`): one letter among its dots, nothing else.
_STRUCK_DOT = re.compile(r"\d{0,3}(?:[.…]+[^\W\d_][.…]*|[.…]*[^\W\d_][.…]+)")
_CASTLING = re.compile(r"[0O]-[0O]")
# A move number ahead, alone or glued to its move (`32`, `22)`, `24Dd3`, `29...`).
# Digits read as letters (`l3)Dd3`, `I0)Sd2`) and specks after the mark (`6')e6`) too.
_AHEAD_NUMBER = re.compile(
    r"(?P<number>(?=[lIoO]?\d)[0-9lIoO]{1,3})(?P<mark>[.)]|\.{2,3}|…|\)\.{2,3})?[^\w\s]*(?P<rest>.*)"
)
# Two moves glued together (`Tde1Kf8`): the second begins with a capital after a rank.
_GLUED_MOVE = re.compile(r"(?<=[1-8])(?=[^\W\d_])(?=[^a-zа-я])")
_TRAILING_MARKS = re.compile(r"[!?+#|'‡†:]+$")
_RESULT_FORMS = ("1-0", "0-1", "1/2-1/2", "½-½", "1/2", "*", "+/-", "-/+")


def _skip_cost(char: str, default: float) -> float:
    return math.log(skip(char, default))


# Tesseract's commonest slips in movetext, as often as it makes them (written, read), measured by
# bench/ocr_slips.py on training games read with English and with each locale's own language, after folding
# into the locale's script: far likelier than the confusion table's rate for a pair of look-alikes. A slip
# into a character that moves are written with is here only where it is the rule (a Latin reader makes `6`
# of the Cyrillic file letter б): at the rate of a slip it would make clean moves doubtful (`e4` for c4), and in
# Cyrillic script so would a slip into a Cyrillic letter make the text's words moves. Slips differ by script:
# one table for Latin-script locales, one for Cyrillic-script ones.
_OCR_SLIPS: dict[tuple[str, str], float] = {
    ("×", "x"): math.log(0.995),  # 621 of 624
    ("1", "l"): math.log(0.099),  # 528 of 5348
    ("f", "£"): math.log(0.027),  # 94 of 3516
    ("1", "i"): math.log(0.015),  # 78 of 5348
    ("O", "0"): math.log(0.375),  # 60 of 160
    ("g", "9"): math.log(0.021),  # 46 of 2206
    ("f", "i"): math.log(0.011),  # 37 of 3516
}
_OCR_SLIPS_CYRILLIC: dict[tuple[str, str], float] = {
    ("1", "l"): math.log(0.129),  # 250 of 1936
    ("b", "6"): math.log(0.2),  # 202 of 1012
    ("d", "a"): math.log(0.124),  # 183 of 1470
    ("6", "b"): math.log(0.106),  # 164 of 1542
    ("h", "x"): math.log(0.225),  # 130 of 578
    ("×", "x"): math.log(0.762),  # 128 of 168
    ("g", "r"): math.log(0.125),  # 109 of 874
    ("c", "u"): math.log(0.077),  # 94 of 1226
    ("x", "h"): math.log(0.141),  # 52 of 370
    ("1", "i"): math.log(0.023),  # 44 of 1936
    ("g", "9"): math.log(0.049),  # 43 of 874
    ("Д", "["): math.log(0.064),  # 41 of 644
    ("×", "h"): math.log(0.226),  # 38 of 168
    ("8", "s"): math.log(0.03),  # 35 of 1180
    ("f", "£"): math.log(0.023),  # 31 of 1330
    ("Л", "l"): math.log(0.031),  # 28 of 914
    ("f", "p"): math.log(0.02),  # 27 of 1330
    ("Л", "i"): math.log(0.026),  # 24 of 914
    ("Л", "N"): math.log(0.024),  # 22 of 914
    ("d", "n"): math.log(0.015),  # 22 of 1470
    ("Д", "l"): math.log(0.033),  # 21 of 644
    ("c", "y"): math.log(0.017),  # 21 of 1226
    ("Д", "I"): math.log(0.03),  # 19 of 644
    ("Д", "D"): math.log(0.028),  # 18 of 644
    ("5", "s"): math.log(0.01),  # 18 of 1744
    ("5", "S"): math.log(0.009),  # 16 of 1744
    ("2", "?"): math.log(0.008),  # 15 of 1806
}


def _keys_beside(rows: Sequence[str]) -> set[tuple[str, str]]:
    """Pairs of capital letters within a key's width of each other on a staggered keyboard (rows from the
    top letter row down): a finger that lands beside the key meant, with Shift held."""
    offsets = (0.0, 0.25, 0.75)
    places = {
        key: (column + offsets[row], row) for row, keys in enumerate(rows) for column, key in enumerate(keys)
    }
    return {
        (a, b)
        for a, (ax, ay) in places.items()
        for b, (bx, by) in places.items()
        if a != b and abs(ax - bx) <= 1.0 and abs(ay - by) <= 1
    }


# A typist's slip in Latin script: a capital beside the one meant (QWERTZ and QWERTY: `Ge1` for Ve1), as likely as
# OCR's likelier confusions (`e` for c). Only capitals, the piece letters: a file letter's neighbours are other
# file letters or digits, and there the slip reads as another legal move, which costs as much on text read by
# OCR (Tesseract's own slips are look-alikes) as it gains on typed text.
KEY_SLIP = math.log(0.002)
_KEY_SLIPS = _keys_beside(("QWERTZUIOP", "ASDFGHJKL", "YXCVBNM")) | _keys_beside(
    ("QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM")
)

# A Slovak or Czech typist's keyboard left in the national layout while typing as on an English one: a digit
# struck without Shift is the letter its key bears (`Vhš+` for Vh3+, `eř` for e5), the hyphen's key types `=`,
# the colon's `"`, and Shift with the brackets' digits types the digit (`ľž0` for `26)`). A whole stretch is
# typed so, a few such slips to a move: likelier than a slip to a key beside the one meant. These characters
# are never written in moves, so a clean move loses nothing by them.
NATIONAL_LAYOUT_SLIP = math.log(0.02)
# The keys of the digits 1 to 0 in the Slovak and the Czech layouts.
_LAYOUT_DIGIT_KEYS = ("+ľščťžýáíé", "+ěščřžýáíé")
_LAYOUTS = tuple(str.maketrans("1234567890", keys) for keys in _LAYOUT_DIGIT_KEYS)
_LAYOUT_DIGITS = frozenset("".join(_LAYOUT_DIGIT_KEYS))
_NATIONAL_LAYOUT = {
    *(pair for keys in _LAYOUT_DIGIT_KEYS for pair in zip("1234567890", keys, strict=True)),
    ("-", "="),
    (":", '"'),
    (")", "0"),
    ("(", "9"),
    ("+", "ˇ"),
}

# A word of prose typed with the English layout on where the Slovak or Czech one was meant: its accented letters
# are the digits their keys bear (`Lep39 bylo 13...Ja5.` for "Lepší bylo …"). It begins with a word's letters.
_LAYOUT_TYPED = re.compile(rf"^[^\W\d_]{{{SHORT_WORD},}}\w*$")


# Brackets and quotation marks around a word of prose (`)Teorijska novina.=`: brackets typed with the Serbian
# layout on, where `(` is `)` and `)` is `=`).
_AROUND_WORD = "()[]=\"'„“”«»"


# A word of Serbian, Croatian or Bosnian prose typed with the English layout on: the marks on the keys that
# bear č, š, đ and ž in their layout (`po;inje` for "počinje"). (Not `'`, the key of ć: `O'O` is castling.)
_WESTERN_KEYS = str.maketrans(";[]\\", "čšđž")
# A time of day, bracketed or not (`[22:44]`, `(9:05)`).
_TIME_OF_DAY = re.compile(r"^[(\[]?[0-2]?\d:[0-5]\d(?::[0-5]\d)?[)\]]?,?$")
# A zero typed or read for the letter o inside a word (`Te0rijska`).
_ZERO_FOR_O = re.compile(r"(?<=[^\W\d_])0(?=[^\W\d_])")
# ... and a one read or typed for an l before a small letter (`Bie1y`; not `e1D`, a promotion).
_ONE_FOR_L = re.compile(r"(?<=[^\W\d_])1(?=[^\W\d_])")
# ... and a five read for the S that begins a word (`5ilný ťah`, `5trong`; no move is a five and letters alone).
_FIVE_FOR_S = re.compile(r"^5(?=[^\W\d_]*[^\W\d_A-Z]{3}$)")
# An apostrophe inside a word (`l’on`, `n’a`, `dell'arrocco`): the word's.
_ELISION = re.compile(r"(?<=[^\W\d_])['’`´](?=[^\W\d_])")


def _layout_word(token: str) -> str:
    """The token as the word it is where its digits, or marks, are the letters their keys bear in a national
    layout, else as it is."""
    if token.isalpha():
        return token
    marked = _ELISION.sub("", _ZERO_FOR_O.sub("o", _FIVE_FOR_S.sub("S", token.translate(_WESTERN_KEYS))))
    marked = _ONE_FOR_L.sub(lambda one: "l" if marked[one.end()].islower() else "1", marked)
    if marked.isalpha():
        return marked
    if not _LAYOUT_TYPED.match(token):
        return token
    return token.translate(_LAYOUTS[0])  # (either layout: only whether it reads as letters matters)


_SUB: dict[tuple[str, str, bool], float] = {}


def _sub(written: str, seen: str, cyrillic: bool) -> float:
    found = _SUB.get((written, seen, cyrillic))
    if found is None:
        weight = similarity(written, seen)
        found = math.log(weight if weight >= 0.9 else TEXT_CONFUSION * weight)
        slips = _OCR_SLIPS_CYRILLIC if cyrillic else _OCR_SLIPS
        found = max(found, slips.get((written, seen), -math.inf))
        if not cyrillic and (written, seen) in _KEY_SLIPS:
            found = max(found, KEY_SLIP)
        if not cyrillic and (written, seen) in _NATIONAL_LAYOUT:
            found = max(found, NATIONAL_LAYOUT_SLIP)
        _SUB[(written, seen, cyrillic)] = found
    return found


_DELETE: dict[str, float] = {}


def _delete(char: str) -> float:
    found = _DELETE.get(char)
    if found is None:
        found = _DELETE[char] = _skip_cost(char, TEXT_RARE_SKIP)
    return found


# --- the text --------------------------------------------------------------------------------------------


class _Stream:
    """The non-space characters of the text, where white space stood before each, and where each came from."""

    def __init__(self, text: str, locale: Locale) -> None:
        text = unicodedata.normalize("NFC", text).replace(OFFER, _GLYPH).replace(_DOUBT, _GLYPH)
        text = _HYPHENATED.sub(_rejoined, text)
        opened = variation_never_closed(text)
        if opened >= 0:  # marked where it opens, found again past the comments' removal
            text = text[:opened] + _DOUBT + text[opened:]
        # A note inside a note goes first, then the note around it ("(… napr. 27...Va8-f8 … (Dámou sa nedá
        # brať …) 32.Sf5+ …)").
        text = _MISPRINTED_NUMBER.sub(r"\1)", without_page_numbers(_LAYOUT_NOTE.sub(r"(\1)", text)))
        text = _numbers_dotted(text)
        text = _CHECK_AFTER_MOVE.sub("+", text)
        text = _drop_unopened(_COMMENT.sub(_comment, _NESTED_NOTE.sub(_inner_note_out, text)))
        # Read in the locale's script (look-alikes of the other script, another script's file letters), as
        # the strict reader does; the text as written is kept for messages (folding keeps every position).
        folded = _GLYPHS.sub(_GLYPH, locale.fold_script(text))
        split = split_letter_starts(folded, locale)
        chars: list[str] = []
        gaps: list[bool] = []
        source: list[int] = []
        gap = True
        # Where a line begins (the first character after a line break): where a lost line's plies may stand.
        self.line_starts: set[int] = {0}
        # Moves after a bracket that no bracket closes may be a variation's: in doubt from its mark on.
        self.doubt_from = len(folded)
        for index, char in enumerate(folded):
            if char == _DOUBT:
                self.doubt_from = len(chars)
                continue
            if char.isspace():
                gap = True
                if char in "\n\r\v\f" or char == LINE_BREAK:
                    self.line_starts.add(len(chars))
                continue
            if index - 1 in split:
                continue
            if index in split:
                char = SPLIT_LETTER
            chars.append(char)
            gaps.append(gap)
            source.append(index)
            gap = False
        self.text = text
        self.chars = chars
        self.gaps = gaps
        self.source = source
        self.inserts = [
            CAPTURE_MARK_EXTRA if char in _CAPTURE_SIGNS else _skip_cost(char, TEXT_RARE_EXTRA)
            for char in chars
        ]
        for index in range(1, len(chars)):
            if chars[index] == chars[index - 1] and chars[index].isalnum() and not gaps[index]:
                self.inserts[index] = max(self.inserts[index], DOUBLED_KEY)
        # Where each position's token (a run without white space) ends.
        ends = [0] * len(chars)
        end = len(chars)
        for index in range(len(chars) - 1, -1, -1):
            ends[index] = end
            if gaps[index]:
                end = index
        self.token_end = ends

    def __len__(self) -> int:
        return len(self.chars)

    def shown(self, start: int, end: int) -> str:
        if start >= end:
            return ""
        shown = self.text[self.source[start] : self.source[end - 1] + 1]
        return shown.replace(OFFER, "(=)").replace(_DOUBT, "").replace(LINE_BREAK, " ")

    def token(self, start: int) -> str:
        return "".join(self.chars[start : self.token_end[start]])


@cache
def _seen_for(code: str) -> dict[str, dict[str, float]]:
    """What else a locale's written characters are read as, beyond the edit model: Cyrillic print through a
    Latin reader, figurines (one no table knows as any piece), and the English piece letters the locale writes
    for nothing else (`Nf3` in Slovak text, as the strict reader reads it: a figurine font copied as its
    letters, a pasted English line).
    The English letter costs a little: `TaB!` is Rab1 with its file letter capitalised, not a bishop."""
    locale = get_locale(code)
    seen = (
        {written: dict(read) for written, read in _CYRILLIC_AS_LATIN.items()}
        if locale.script == "cyrillic"
        else {}
    )
    own = set(locale.letters.values())
    for figurine, piece in FIGURINES.items():
        letter = locale.letter(piece)
        if len(letter) == 1:
            seen.setdefault(letter, {})[figurine] = 0.0
    for piece in PIECE_ORDER:
        letter = locale.letter(piece)
        if len(letter) == 1:
            seen.setdefault(letter, {})[_GLYPH] = UNKNOWN_FIGURINE
    for spelling, piece in locale.piece_spellings().items():
        letter = locale.letter(piece)
        if spelling not in own and spelling.isascii() and len(spelling) == len(letter) == 1:
            read = seen.setdefault(letter, {})
            read[spelling] = max(read.get(spelling, -math.inf), ENGLISH_LETTER)
    return seen


@cache
def _capital_files(code: str) -> frozenset[str]:
    """The locale's file letters whose capitals name no piece (`E4` is e4; in Slovak `D4` may be a queen's)."""
    locale = get_locale(code)
    spellings = locale.piece_spellings()
    return frozenset(
        file
        for file in locale.written_files("abcdefgh")
        if file.upper() != file and file.upper() not in spellings and file.upper() not in locale.pawn_letters
    )


# A Latin reader makes two letters of the Cyrillic Л: `JIf4`, `Jif8`, `Jlc4`, `J1b5` (bench/ocr_slips.py).
SPLIT_LETTER = "Л"
_SPLIT_LETTER_READ = re.compile(r"J(?=[Ili1])")


def split_letter_starts(folded: str, locale: Locale) -> set[int]:
    """Where the two letters that stand for one Л start, in a locale that writes a piece with it."""
    if SPLIT_LETTER not in locale.letters.values():
        return set()
    return {found.start() for found in _SPLIT_LETTER_READ.finditer(folded)}


def merge_split_letters(folded: str, locale: Locale) -> str:
    """The text with each Л that a Latin reader made two letters of one letter again."""
    starts = split_letter_starts(folded, locale)
    return "".join(
        SPLIT_LETTER if index in starts else char
        for index, char in enumerate(folded)
        if index - 1 not in starts
    )


def _numbers_dotted(text: str) -> str:
    """A text that numbers its moves `12)` with those numbers inside round brackets written `12.` (as long):
    the brackets then hold what they hold, a variation's `(33) J:e5 S:e4+)` whole, not a note `(33)` and
    moves after it."""
    numbers = {found.end() - 1 for found in _PAREN_NUMBER.finditer(text)}  # where their `)` stands
    if len(numbers) < 2:
        return text
    dotted, depth = list(text), 0
    for index, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")" and depth:
            if index in numbers:
                dotted[index] = "."
            else:
                depth -= 1
    return "".join(dotted)


def _comment(found: re.Match[str]) -> str:
    body = found["body"] if found["body"] is not None else found["square"]
    if body is not None:
        inner = body.strip()
        if inner == "=":
            return f" {OFFER} "
        # Parentheses that are a misread letter (`J(6`) stay; a comment in words, a variation or a time goes,
        # and so does one move in brackets set apart by blanks, a transcriber's crossed-out move (`(Kf6) Kf8`).
        if (
            not _NOTE_OR_LINE.search(inner)
            and not _TIME_NOTE.fullmatch(inner)
            and not (_ONE_MOVE.fullmatch(inner) and _set_apart(found))
        ):
            return found[0]
        # On one line, a note longer than LONG_NOTE goes only if it is words: no digit, or NOTE_WORDS words of
        # four letters or more; else the bracket may be a misread letter and the moves after it the game's.
        if (
            "\n" not in body
            and len(body) > LONG_NOTE
            and any(char.isdigit() for char in body)
            and len(_NOTE_WORD.findall(body)) < NOTE_WORDS
        ):
            return found[0]
    return " "


def _set_apart(found: re.Match[str]) -> bool:
    """Whether a bracket stands apart from the characters around it: a blank or the text's end on each side."""
    text = found.string
    return (
        text[found.start() - 1 : found.start()].strip() == ""
        and text[found.end() : found.end() + 1].strip() == ""
    )


def _drop_unopened(text: str) -> str:
    """The text without words closed by a parenthesis, bracket or brace that nothing opened (its opening
    lost: `Тd3 Cса предношћу)`, `Ke2 :crni stoji bolje }28... Tf8`): a comment, not moves."""
    out: list[str] = []
    last = 0
    for found in _UNOPENED.finditer(text):
        close = found[0][-1]
        if text.rfind(_OPENS[close], 0, found.start()) > text.rfind(close, 0, found.start()):
            continue
        out.append(text[last : found.start()] + " ")
        last = found.end()
    return "".join(out) + text[last:]


# --- the search ------------------------------------------------------------------------------------------


class _Step(NamedTuple):
    """How a ply was read: the move (None when the game was finished here), where its text lies, and marks;
    `missing` when no text stands for it, `garbled` when its text reads as no legal move."""

    option: _Option | None
    start: int
    end: int
    missing: bool
    offer: bool
    garbled: bool = False
    lost: bool = False  # supplied where a line of the text was lost (a run of such plies does not stop)


class _Hyp(NamedTuple):
    """A line read so far: its score (the text's evidence and the move prior's), the board before its last
    ply is played (after, once kept in the beam), where its text ends, and the prior's part of the score."""

    score: float
    board: chess.Board
    at: int
    plies: int
    parent: _Hyp | None
    step: _Step | None
    missing_run: int
    prior: float = 0.0


@dataclass
class CharDecoded:
    """A decoded game with where its text ended and the result the text gave."""

    decoded: Decoded
    offers: set[int] = field(default_factory=set)
    result: str = "*"
    cut: str = ""  # the start of a move the text ends inside (a copy cut off: `17. g`), not read as a move
    # Where a line of moves was lost: the first supplied ply's index and how many plies were supplied.
    lost: list[tuple[int, int]] = field(default_factory=list)


class _Aligner:
    """Alignments of renderings and numbers with the stream, cached per prefix and position."""

    def __init__(self, stream: _Stream, locale: Locale, glyphs: Glyphs | None = None) -> None:
        self.stream = stream
        self._joined = "".join(stream.chars)
        self.glyphs = glyphs or {}
        self._cyrillic = cyrillic = locale.script == "cyrillic"
        self._subs = _seen_for(locale.code)
        self._capitals = _capital_files(locale.code)
        self._multi = _MULTI_CYRILLIC if cyrillic else _MULTI
        self._rows: dict[tuple[str, int], tuple[float, ...] | None] = {}
        self._ends: dict[tuple[str, int], tuple[tuple[int, float], ...]] = {}

    def _row(self, prefix: str, start: int) -> tuple[float, ...] | None:
        key = (prefix, start)
        if key in self._rows:
            return self._rows[key]
        stream = self.stream
        chars, inserts, gaps = stream.chars, stream.inserts, stream.gaps
        width = min(len(prefix) + EXTRA, len(chars) - start)
        if not prefix:
            row = [0.0]
            for j in range(1, width + 1):
                k = start + j - 1
                row.append(row[-1] + inserts[k] + (SPACE_IN_MOVE if j > 1 and gaps[k] else 0.0))
            result: tuple[float, ...] | None = tuple(row)
            self._rows[key] = result
            return result
        previous = self._row(prefix[:-1], start)
        if previous is None:
            self._rows[key] = None
            return None
        char = prefix[-1]
        before = prefix[-2] if len(prefix) >= 2 else ""
        earlier = self._row(prefix[:-2], start) if before else None
        delete = _delete(char)
        multi = self._multi.get(char, ())
        subs = self._subs.get(char)
        # A piece letter that a figurine font's OCR wrote as a run of other characters (`lLl`, `'iV`).
        glyphs = self.glyphs.get(char, ()) if len(prefix) == 1 else ()
        row = [previous[0] + delete]
        last = len(previous) - 1
        best = row[0]
        for j in range(1, width + 1):
            k = start + j - 1
            gap = SPACE_IN_MOVE if j > 1 and gaps[k] else 0.0
            value = row[j - 1] + inserts[k] + gap
            if j - 1 <= last:
                seen = chars[k]
                sub = _sub(char, seen, self._cyrillic)
                if subs is not None and seen in subs:
                    sub = max(sub, subs[seen])
                if j == 1 and len(prefix) == 1 and char in self._capitals and seen == char.upper():
                    sub = max(sub, CAPITAL_FILE)
                value = max(value, previous[j - 1] + sub + gap)
            if j <= last:
                value = max(value, previous[j] + delete)
            if (
                earlier is not None
                and j >= 2
                and j - 2 < len(earlier)
                and chars[k] == before
                and chars[k - 1] == char
                and before != char
            ):
                value = max(value, earlier[j - 2] + TRANSPOSE + gap)
            for pair, cost in multi:
                if j >= 2 and j - 2 <= last and chars[k - 1] == pair[0] and chars[k] == pair[1]:
                    value = max(value, previous[j - 2] + cost + gap)
            for glyph, cost in glyphs:
                size = len(glyph)
                if (
                    size <= j <= last + size
                    and self._joined.startswith(glyph, k - size + 1)
                    and not any(gaps[k - size + 2 : k + 1])
                ):
                    value = max(value, previous[j - size] + cost + gap)
            row.append(value)
            if value > best:
                best = value
        result = tuple(row) if best >= ALIGN_FLOOR else None
        self._rows[key] = result
        return result

    def ends(self, text: str, start: int, keep: float = 3.0) -> tuple[tuple[int, float], ...]:
        """Where an alignment of `text` from `start` may end, with its log-probability (the best few)."""
        key = (text, start)
        found = self._ends.get(key)
        if found is None:
            row = self._row(text, start) if start < len(self.stream) else None
            if row is None or len(row) < 2:
                found = ()
            else:
                best = max(row[1:])
                stream = self.stream
                # An end where the written token ends too (characters typed or read in excess, glued to the
                # move) is kept further below the best: the next move can begin there.
                found = tuple(
                    (start + j, value)
                    for j, value in enumerate(row)
                    if j > 0
                    and value >= ALIGN_FLOOR
                    and (
                        value >= best - keep
                        or (value >= best - BOUNDARY_KEEP and stream.token_end[start] == start + j)
                    )
                )
            self._ends[key] = found
        return found

    def forget_before(self, start: int) -> None:
        if len(self._rows) > 200_000:
            self._rows = {key: row for key, row in self._rows.items() if key[1] >= start}


class CharDecoder:
    """The character-level decoder of one game's movetext."""

    def __init__(
        self,
        text: str,
        locale: str | Locale,
        start_fen: str = chess.STARTING_FEN,
        glyphs: Glyphs | None = None,
    ) -> None:
        self.locale = get_locale(locale)
        self.stream = _Stream(text, self.locale)
        self.aligner = _Aligner(self.stream, self.locale, glyphs)
        self.scorer = _Scorer(self.locale, 0.0, prior=default_prior(), prior_weight=TEXT_PRIOR_WEIGHT)
        self._prior_of: dict[tuple[Key, int | None], dict[str, float]] = {}
        self.start = chess.Board(start_fen)
        self._prefix: dict[tuple[int, int, bool], list[tuple[int, float]]] = {}
        self._suffix: dict[int, list[tuple[int, float, bool]]] = {}
        self._tail: dict[int, tuple[float, str | None, str | None]] = {}
        self._texts: dict[tuple[tuple[str, ...], int, int], tuple[str, ...]] = {}
        self._groups: dict[Key, list[tuple[str, list[tuple[_Option, str]]]]] = {}
        self._open: dict[tuple[str, int], float] = {}
        self._wide: dict[int, bool] = {}
        self._read_from: dict[tuple[int, int, bool], dict[str, tuple[float, float, float]]] = {}
        self._garbled_scores: dict[
            tuple[Key, int, int, int | None], dict[str, tuple[float, int, int, float, bool]]
        ] = {}
        self._prose_at: dict[int, list[tuple[int, float]]] = {}
        self._tail_at: dict[int, list[tuple[int, float]]] = {}
        self._line_starts = sorted(line for line in self.stream.line_starts if line < len(self.stream))
        self._repeats: dict[int, int | None] = {}
        self._recovering = False
        self._weighing = True
        self._recovered_at: set[int] = set()
        self._bridged_at: set[tuple[Key, int]] = set()
        self._written_as: dict[str, tuple[Written, ...]] = {}
        self._ahead_at: dict[int, tuple[list[tuple[Written, ...]], list[int]]] = {}

    # -- pieces of a ply --

    def _token_junk(self, start: int) -> tuple[int, float, bool] | None:
        """The token at `start` skipped as nothing: where it ends, its cost, and whether it is a word or a
        well-formed move (skipped only within WORD_MARGIN)."""
        stream = self.stream
        if start >= len(stream):
            return None
        end = stream.token_end[start]
        token = "".join(stream.chars[start:end])
        # A short run of letters alone between moves is a speck read as letters (`17. ce e4xd5`); beside
        # another word it is prose.
        worded = token.isalpha() and (len(token) > SHORT_WORD or self._beside_word(start, end))
        return end, _junk_cost(token), worded or self.locale.move_shape.match(token) is not None

    def _prose(self, start: int) -> list[tuple[int, float]]:
        """A sentence of prose from `start` skipped as one (`Lepšie bolo 16...f5.` between moves): where it may
        end, from its second token to PROSE_RUN tokens on, with its cost. It begins with two words, or one
        of LONG_WORD letters or more; what it costs hardly grows with its length, so that a sentence is
        crossed as a word is, and the moves after it decide where it ends."""
        cached = self._prose_at.get(start)
        if cached is not None:
            return cached
        stream = self.stream
        found: list[tuple[int, float]] = []
        if start >= len(stream):
            return found
        second = stream.token_end[start]
        word = self._prose_word(start, first=True)
        # One long word is a sentence too ("Dijagram", "Hrozilo."), and so is a line of one word in capitals:
        # a page's running head where the game goes on over a page ("ŠACHY", "ŠAH").
        head = self._running_head(start, second)
        alone = word >= LONG_WORD or head
        # A short word before a sentence begins it ("Do úvahy prichádzalo aj 24...Dd7-e8."), and so does a time
        # of day (a chat's or a forum's line copied with the game: "[22:44] Nikola: bre").
        led = (
            not word
            and second < len(stream)
            and (self._prose_word(start) > 0 or _TIME_OF_DAY.match(stream.token(start)) is not None)
            and bool(self._prose(second))
        )
        if led or head or (word and (alone or self._goes_on_in_words(second))):
            position, cost = start, JUNK_WORD
            for _ in range(PROSE_RUN):
                if position >= len(stream):
                    break
                end = stream.token_end[position]
                cost += _sentence_token(end - position)
                position = end
                if position > second or alone:
                    found.append((position, cost))
        self._prose_at[start] = found
        return found

    def _line_tail(self, start: int) -> list[tuple[int, float]]:
        """The rest of a line after Black's move skipped as one sentence of prose is, where it holds no digit
        nor castling and the next line begins with a number, specks before it aside (`1.d4 d5 eae : Se aia ce.
        eS -`, then `"2.c4 e6`: specks at a page's edge read as letters): where it ends, with its cost; none
        elsewhere."""
        found = self._tail_at.get(start)
        if found is None:
            found = self._tail_at[start] = self._line_tail_at(start)
        return found

    def _line_tail_at(self, start: int) -> list[tuple[int, float]]:
        stream = self.stream
        if start >= len(stream) or start in stream.line_starts:
            return []
        following = bisect.bisect_right(self._line_starts, start)
        if following >= len(self._line_starts):
            return []
        end = self._line_starts[following]
        tail = "".join(stream.chars[start:end])
        if any(char.isdigit() for char in tail) or _CASTLING.search(tail):
            return []
        first = next((char for char in stream.chars[end : end + 6] if char.isalnum()), "")
        if not first.isdigit():
            return []
        cost, position = JUNK_WORD, start
        while position < end:
            after = stream.token_end[position]
            cost += _sentence_token(after - position)
            position = after
        return [(end, cost)]

    def _goes_on_in_words(self, start: int) -> bool:
        """Whether a sentence's first word is followed by a word at `start`, or by a square a word follows
        (`Pole d4 je citelně oslabené.`: a square the sentence names)."""
        stream = self.stream
        if start >= len(stream):
            return False
        if self._prose_word(start):
            return True
        after = stream.token_end[start]
        return (
            _SQUARE_NAMED.fullmatch(stream.token(start)) is not None
            and after < len(stream)
            and self._prose_word(after) > 0
        )

    def _running_head(self, start: int, end: int) -> bool:
        """Whether the token from `start` to `end` begins a line, in capital letters, three or more, and is the
        line or is followed by a rule (`ŠACH | streda 24. júla 2025`, which a table's row reads as `ŠACH :`)."""
        stream = self.stream
        token = "".join(stream.chars[start:end])
        return (
            len(token) >= SHORT_WORD
            and token.isalpha()
            and token.isupper()
            and start in stream.line_starts
            and (end == len(stream) or end in stream.line_starts or stream.token(end) in _HEAD_RULES)
        )

    def _prose_word(self, start: int, first: bool = False) -> int:
        """How many letters the token at `start` has if it is a word of prose, else 0: letters (two or more; the
        first word three, or PIECE_WORD where it begins with a piece letter: `Jfs Jie` is two moves misread),
        small letters after the first or CAPITAL_WORD capitals (a running head, `VYBRANÉ PARTIE`; `JFE` may be a
        move typed with Caps Lock), then at most a mark that ends a clause; brackets and quotation marks around it
        aside."""
        word = _layout_word(self.stream.token(start).strip(_AROUND_WORD).rstrip(".,;:!?").strip(_AROUND_WORD))
        least = (PIECE_WORD if word[:1] in self.locale.letters.values() else SHORT_WORD) if first else 2
        lettered = any(char.islower() for char in word[1:]) or (word.isupper() and len(word) >= CAPITAL_WORD)
        prose = word.isalpha() and len(word) >= least and lettered
        return len(word) if prose else 0

    def _beside_word(self, start: int, end: int) -> bool:
        """Whether the token before `start` or the one at `end` is a word (two letters or more)."""
        stream = self.stream
        before = start - 1
        while before > 0 and not stream.gaps[before]:
            before -= 1
        neighbours = [stream.token(end)] if end < len(stream) else []
        if start > 0:
            neighbours.append("".join(stream.chars[before:start]))
        return any(len(word) > 1 and word.isalpha() for word in neighbours)

    def prefix(self, at: int, number: int, white: bool) -> list[tuple[int, float]]:
        """Where the move may begin after `at`: after stray tokens and the move number, with their cost."""
        key = (at, number, white)
        found = self._prefix.get(key)
        if found is not None:
            return found
        starts = self._skips(at, {at: 0.0}, tails=white)
        options: dict[int, float] = {}
        numbered: dict[int, float] = {}
        marks = (".", ")", "") if white else ("...", "…")
        texts = [(f"{number}{mark}", 0.0) for mark in marks] + ([] if white else [("…", 0.0)])
        absent = NO_NUMBER if white else 0.0
        for position, cost in starts.items():
            typed = []
            if position < len(self.stream) and self.stream.chars[position] in _LAYOUT_DIGITS:
                # A number typed with the national layout on (`ěž0` for 26), `ěý...` for 27...): a slip once.
                typed = [
                    (f"{digits}{mark}", NATIONAL_LAYOUT_SLIP)
                    for digits in {str(number).translate(layout) for layout in _LAYOUTS}
                    for mark in marks
                    if mark
                ]
            for text, slip in (*texts, *typed):
                for end, value in self.aligner.ends(text, position, keep=NUMBER_KEEP):
                    if value < -9.0:
                        continue
                    # A mark struck twice (`50))Tb2`, `7..e4` for White): the number ends after it.
                    ways = self._doubled_marks(end, cost + slip + value + (0.0 if white else BLACK_NUMBER))
                    for way, total in ways:
                        if total > options.get(way, -math.inf):
                            options[way] = total
                        if total > numbered.get(way, -math.inf):
                            numbered[way] = total
            garbled = position
            for _ in range(2):
                if garbled >= len(self.stream) or not self._number_past_reading(garbled):
                    break
                garbled = self.stream.token_end[garbled]
                total = cost + GARBLED_NUMBER + (0.0 if white else BLACK_NUMBER)
                if total > options.get(garbled, -math.inf):
                    options[garbled] = total
            total = cost + absent
            if (
                position > 0
                and position < len(self.stream)
                and position == at
                and not self.stream.gaps[position]
            ):
                total += NO_GAP
            if total > options.get(position, -math.inf):
                options[position] = total
        # Stray tokens between the number and its move (`17. ce e4xd5`, a speck read as letters).
        stream = self.stream
        after = {end: cost for end, cost in numbered.items() if end < len(stream) and stream.gaps[end]}
        for position, cost in self._skips(at, after).items():
            if cost > options.get(position, -math.inf):
                options[position] = cost
        # Measured against the ways that begin on a letter or a digit: a move never begins on a speck.
        best = max(
            (cost + CREDIT * (pos - at) for pos, cost in options.items() if self._may_begin(pos)),
            default=max(cost + CREDIT * (pos - at) for pos, cost in options.items()),
        )
        found = sorted(
            (pos, cost) for pos, cost in options.items() if cost + CREDIT * (pos - at) >= best - PREFIX_MARGIN
        )
        self._prefix[key] = found
        return found

    def _doubled_marks(self, end: int, total: float) -> list[tuple[int, float]]:
        """A number's end, and past each mark glued after it that repeats the mark before it, at the cost
        of an extra character."""
        found = [(end, total)]
        chars, gaps = self.stream.chars, self.stream.gaps
        while 0 < end < len(chars) and not gaps[end] and chars[end] in ".)" and chars[end] == chars[end - 1]:
            total += _delete(chars[end])
            end += 1
            found.append((end, total))
        return found

    def _may_begin(self, position: int) -> bool:
        """Whether a move's text may begin at `position` (on a letter or a digit, or at the end)."""
        return position >= len(self.stream) or self.stream.chars[position].isalnum()

    def _skips(self, at: int, origins: dict[int, float], *, tails: bool = False) -> dict[int, float]:
        """Where a move may begin after skipping up to STRAY_RUN stray tokens from each origin, with the cost
        (`tails`: or the rest of a line after Black's move, `_line_tail`)."""
        reached = dict(origins)
        frontier = list(origins.items())
        for _ in range(STRAY_RUN):
            following = []
            for position, cost in frontier:
                for end, extra in (*self._prose(position), *(self._line_tail(position) if tails else ())):
                    if cost + extra > reached.get(end, -math.inf):
                        reached[end] = cost + extra
                        following.append((end, cost + extra))
                repeat = self._repeat_end(position)
                if repeat is not None and cost + REPEATED_STRETCH > reached.get(repeat, -math.inf):
                    reached[repeat] = cost + REPEATED_STRETCH
                    following.append((repeat, cost + REPEATED_STRETCH))
                junk = self._token_junk(position)
                if junk is not None:
                    end, extra, worded = junk
                    # A word or a move is skipped only where little else reads: prose read as moves is
                    # worse than a game that ends where its prose begins, and a written move is read.
                    if worded and cost + extra + CREDIT * (end - at) < -WORD_MARGIN:
                        continue
                    if cost + extra > reached.get(end, -math.inf):
                        reached[end] = cost + extra
                        following.append((end, cost + extra))
            frontier = following
        return reached

    def _repeat_end(self, start: int) -> int | None:
        """Where a stretch of two or more whole tokens from `start` ends that repeats, token for token, the
        stretch right before it, with a letter and a digit in it (moves, not `!! !!`; one token repeated may be
        a recapture, `Dxd4 Dxd4`); move marks (`!?`) aside, which a copy may add or lose (`20.Jc1-d3 ??
        Sb7:d5` printed again as `20.Jc1-d3 Sb7:d5`)."""
        if start in self._repeats:
            return self._repeats[start]
        stream = self.stream
        found = None
        if 0 < start < len(stream) and stream.gaps[start]:
            ahead = self._marked_tokens(start, forward=True)
            behind = self._marked_tokens(start, forward=False)
            for count in range(2, min(len(ahead), len(behind)) + 1):
                texts = [text for text, _ in ahead[:count]]
                if texts == [text for text, _ in behind[count - 1 :: -1]]:
                    joined = "".join(texts)
                    if any(char.isdigit() for char in joined) and any(char.isalpha() for char in joined):
                        found = ahead[count - 1][1]
                        break
        self._repeats[start] = found
        return found

    def _marked_tokens(self, start: int, *, forward: bool) -> list[tuple[str, int]]:
        """The tokens within REPEAT_LONGEST characters after `start` (or before it, nearest first), each without
        the move marks after it and with where it ends, tokens of marks alone left out."""
        stream = self.stream
        chars, gaps = stream.chars, stream.gaps
        found: list[tuple[str, int]] = []
        position = start
        while (position < len(chars) if forward else position > 0) and abs(position - start) < REPEAT_LONGEST:
            if forward:
                begin, position = position, stream.token_end[position]
            else:
                position -= 1
                while position > 0 and not gaps[position]:
                    position -= 1
                begin = position
            text = "".join(chars[begin : stream.token_end[begin]]).rstrip("!?")
            if text:
                found.append((text, stream.token_end[begin]))
        return found

    def _number_past_reading(self, start: int) -> bool:
        """Whether the token at `start` may be a move number written past reading (`3 .'` for `2 .`): no
        letter, or one among the dots of a continuation (`.ů.`, a key beside the dot struck), but a digit, a
        dot or a bracket; no number written plainly (`2.` is move 2's), no castling, no result."""
        token = self.stream.token(start)
        struck = _STRUCK_DOT.fullmatch(token) is not None and token.count(".") + token.count("…") >= 2
        return (
            (struck or not _LETTER.search(token.translate(_DIGIT_LIKE)))
            and _NUMBER_MARK.search(token) is not None
            and _PLAIN_NUMBER.fullmatch(token) is None
            and not _CASTLING.search(token)
            and _read_result(token) is None
        )

    def suffix(self, at: int) -> list[tuple[int, float, bool]]:
        """Marks after a move (`!?`, a draw offer), with their cost, and whether a draw was offered."""
        found = self._suffix.get(at)
        if found is not None:
            return found
        stream = self.stream
        found = [(at, 0.0, False)]
        position, offer = at, False
        cost = 0.0
        while position < len(stream) and (stream.chars[position] in "!?" or stream.chars[position] == OFFER):
            offer = offer or stream.chars[position] == OFFER
            cost += math.log(0.5)
            position += 1
            found.append((position, cost, offer))
        self._suffix[at] = found
        return found

    def tail(self, at: int) -> tuple[float, str | None, str | None]:
        """The cost of ending the game at `at`: results, marks and words after the last move cost little;
        also the result read there and the first token that is neither (where decoding stopped)."""
        found = self._tail.get(at)
        if found is not None:
            return found
        stream = self.stream
        cost, result, stray = 0.0, None, None
        position = at
        # Whether a word came before: short words after it are the sentence's ("Čierny sa vzdal").
        prose = False
        sentence = False  # whether the words are a sentence's, priced as `_prose` prices them
        while position < len(stream):
            end = stream.token_end[position]
            token = "".join(stream.chars[position:end])
            read = _read_result(token)
            if read is None and _DOTTED_RESULT.fullmatch(token):
                # `0.1`: a colon result with a dot of its colon lost (only here, after the last move, a result).
                read = "1-0" if token[0] in "1lI" else "0-1"
            if read is None:
                # The result typed onto the sentence's last word (`vzdal.1:0`): the word is prose.
                token, read = _glued_result(token)
            worded = token.rstrip(".,;:!?").isalpha()
            sentence = worded and (sentence or bool(self._prose(position)))
            if read is not None and result is None:
                result = read
                cost += math.log(0.5)
            elif sentence:
                cost += _sentence_token(end - position) + (JUNK_WORD if not prose else 0.0)
            else:
                # A word, a number or marks after the last move are prose, not a move that nothing fits.
                if stray is None and _stray(token) and not (prose and token.isalpha()):
                    stray = stream.shown(position, end)
                cost += _junk_cost(token)
            prose = _WORD.match(token) is not None or (prose and worded)
            position = end
        found = (cost, result, stray)
        self._tail[at] = found
        return found

    def _texts_of(self, option: _Option) -> tuple[str, ...]:
        # The renderings, not the SAN: gxf6 en passant is written with its `e.p.`, gxf6 taking a piece is not.
        key = (option.texts, option.move.from_square, option.move.to_square)
        texts = self._texts.get(key)
        if texts is None:
            found = ["".join(text.split()) for text in option.texts]
            # The long form's hyphen (`Jg1-f3`): renderings write the origin and the target side by side.
            squares = chess.SQUARE_NAMES[option.move.from_square] + chess.SQUARE_NAMES[option.move.to_square]
            found += [
                text.replace(squares, squares[:2] + "-" + squares[2:]) for text in found if squares in text
            ]
            texts = tuple(dict.fromkeys(found))
            self._texts[key] = texts
        return texts

    def groups(self, board: chess.Board) -> list[tuple[str, list[tuple[_Option, str]]]]:
        """The legal moves' renderings grouped by their first two characters."""
        key = raw_key(board)
        found = self._groups.get(key)
        if found is None:
            grouped: dict[str, list[tuple[_Option, str]]] = {}
            for option in self.scorer.options(board):
                for text in self._texts_of(option):
                    grouped.setdefault(text[:2], []).append((option, text))
            found = self._groups[key] = list(grouped.items())
        return found

    def open_at(self, head: str, start: int, gate: float = GATE) -> bool:
        """Whether renderings beginning with `head` can be read from `start` (the gate before aligning)."""
        key = (head, start)
        found = self._open.get(key)
        if found is None:
            row = self.aligner._row(head, start) if start < len(self.stream) else None
            found = max(row) if row is not None else -math.inf
            self._open[key] = found
        return found >= gate

    def move_ends(self, option: _Option, start: int) -> list[tuple[int, float]]:
        """Where the move's best renderings end from `start`, with their log-probability."""
        ends: dict[int, float] = {}
        for text in self._texts_of(option):
            for end, value in self.aligner.ends(text, start):
                if value > ends.get(end, -math.inf):
                    ends[end] = value
        if not ends:
            return []
        best = max(ends.values())
        return [(end, value) for end, value in ends.items() if value >= best - 3.0]

    # -- the beam --

    def expand(self, hyp: _Hyp, floor: float = -math.inf) -> list[tuple[float, _Hyp]]:
        board = hyp.board
        white = board.turn == chess.WHITE
        out: list[tuple[float, _Hyp]] = []
        starts = self.prefix(hyp.at, board.fullmove_number, white)
        best_for: dict[tuple[str, int], tuple[float, int, bool, _Option]] = {}
        best_read = -math.inf
        for wide in (False, True):
            if wide and best_read >= POOR:
                break
            for start, cost in starts:
                for head, members in self.groups(board):
                    if not self._opens(head, start, wide):
                        continue
                    for option, text in members:
                        for value, after, total, offer in self._after(text, hyp.at, start, cost):
                            best_read = max(best_read, value)
                            key = (option.san, after)
                            if key not in best_for or total > best_for[key][0]:
                                best_for[key] = (total, start, offer, option)
        for (_, after), (total, start, offer, option) in best_for.items():
            out.append(
                (
                    hyp.score + total,
                    _Hyp(
                        hyp.score + total,
                        board,
                        after,
                        hyp.plies + 1,
                        hyp,
                        _Step(option, start, after, False, offer),
                        0,
                        hyp.prior,
                    ),
                )
            )
        if hyp.missing_run < 2 and hyp.score + MISSING >= floor:
            out.extend(self._missing(hyp))
        return out

    def best_next(self, board: chess.Board, at: int) -> float:
        """The best total of the plies `expand` reads after a hypothesis on `board` at `at` (its own score and
        any move nobody wrote aside), -inf if none: what it reads through the gate, or also through the wider
        gate where nothing reads well. Each rendering's best reading from here is kept, whatever the board: the
        boards after each move of a ply the text did not decide share most of the next ply's renderings."""
        number, white = board.fullmove_number, board.turn == chess.WHITE
        readings = self._read_from.setdefault((at, number, white), {})
        best_total = best_wide = best_read = -math.inf
        for _, members in self.groups(board):
            for _, text in members:
                found = readings.get(text)
                if found is None:
                    found = readings[text] = self._read_as(text, at, number, white)
                total, read, wide = found
                best_total = max(best_total, total)
                best_read = max(best_read, read)
                best_wide = max(best_wide, wide)
        return best_total if best_read >= POOR else max(best_total, best_wide)

    def _read_as(self, text: str, at: int, number: int, white: bool) -> tuple[float, float, float]:
        """How `text` reads as the next ply after `at`, as `expand` reads it: the best total through the gate,
        the best reading alone there, and the best total through the wider gate only."""
        total = read = wide_total = -math.inf
        for start, cost in self.prefix(at, number, white):
            for wide in (False, True):
                if not self._opens(text[:2], start, wide):
                    continue
                for value, _, score, _ in self._after(text, at, start, cost):
                    if wide:
                        wide_total = max(wide_total, score)
                    else:
                        read, total = max(read, value), max(total, score)
        return total, read, wide_total

    def _opens(self, head: str, start: int, wide: bool) -> bool:
        """Whether renderings beginning with `head` are read from `start`: through the gate, or (`wide`) only
        through the wider gate, where the token there may pass it."""
        if not wide:
            return self.open_at(head, start, GATE)
        return (
            self._wide_start(start) and self.open_at(head, start, WIDE_GATE) and not self.open_at(head, start)
        )

    def _after(self, text: str, at: int, start: int, cost: float) -> Iterator[tuple[float, int, float, bool]]:
        """Each reading of `text` from `start` (a move's number or none before it read at `cost`) as a ply
        after `at`: how well it reads, where the ply ends with the marks after it (every reading ends somewhere),
        its total there, and whether a draw was offered."""
        for end, value in self.aligner.ends(text, start):
            for after, extra, offer in self.suffix(end):
                yield value, after, cost + value + extra + CREDIT * (after - at), offer

    def garbled_scores(
        self, board: chess.Board, at: int, end: int | None = None
    ) -> dict[str, tuple[float, int, int, float, bool]]:
        """A token where a move stands that no legal move reads as (`Vh8` where no rook reaches h8, `R1` for
        `Kf1`), read as each legal move at the cost of its closest rendering, hardly below WRONG_MOVE for a
        well-formed move or GARBLED for any other token (less per character past three): (score, start,
        end, the move's own reading, draw offered) per move, as `local_scores` gives them; only readings that
        end at `end` where one is given."""
        key = (raw_key(board), board.fullmove_number, at, end)
        cached = self._garbled_scores.get(key)
        if cached is not None:
            return cached
        found: dict[str, tuple[float, int, int, float, bool]] = {}
        stream = self.stream
        white = board.turn == chess.WHITE
        for start, cost in self.prefix(at, board.fullmove_number, white):
            if start >= len(stream):
                continue
            token = stream.token(start)
            if not _MOVELIKE.search(token) or _read_result(token) is not None or _WORD.match(token):
                continue
            # The move number glued to the move and misread with it (`q90)Sd3` for `10)Sd3`).
            numbered = f"{board.fullmove_number}." if white and start == at else ""
            for after, extra, offer in self.suffix(stream.token_end[start]):
                if end is not None and after != end:
                    continue
                seen = "".join(stream.chars[start:after]).rstrip("!?" + OFFER)
                inserts = stream.inserts[start : start + len(seen)]
                floor = self._garbled_floor(seen)
                base = cost + extra + CREDIT * (after - at)
                cyrillic = self.locale.script == "cyrillic"
                for option in self.scorer.options(board):
                    texts = self._texts_of(option)
                    fit = max(_fit(text, seen, inserts, cyrillic) for text in texts)
                    if numbered:
                        fit = max(fit, *(_fit(numbered + text, seen, inserts, cyrillic) for text in texts))
                    value = fit if fit >= floor else floor + BELOW_FLOOR * (fit - floor)
                    if option.san not in found or base + value > found[option.san][0]:
                        found[option.san] = (base + value, start, after, value, offer)
        self._garbled_scores[key] = found
        return found

    def _readings_ending(
        self, board: chess.Board, at: int, end: int
    ) -> dict[str, tuple[float, int, int, float, bool]]:
        """Each move's best reading of the text from `at` to `end`, as a garbled token or aligned within one
        (`G4-e5` for `e4 e5`: e4 read from its first half), as `garbled_scores` gives them."""
        found = dict(self.garbled_scores(board, at, end))
        for san, reading in self.local_scores(board, at, end).items():
            if san not in found or reading[0] > found[san][0]:
                found[san] = reading
        return found

    def _garbled(self, hyp: _Hyp) -> list[tuple[float, _Hyp]]:
        """Plies read from a token that reads as no legal move: the moves after it decide; flagged."""
        out: list[tuple[float, _Hyp]] = []
        by_san = {option.san: option for option in self.scorer.options(hyp.board)}
        for san, (value, start, after, _, offer) in self.garbled_scores(hyp.board, hyp.at).items():
            step = _Step(by_san[san], start, after, False, offer, garbled=True)
            score = hyp.score + value
            out.append((score, _Hyp(score, hyp.board, after, hyp.plies + 1, hyp, step, 0, hyp.prior)))
        return out

    def _garbled_floor(self, seen: str) -> float:
        """What a token is never scored below as a move: a slip of the pen if it is a well-formed move,
        else a move written past reading, less per character past three."""
        floor = WRONG_MOVE if self.locale.move_shape.match(seen) else GARBLED
        return floor + GARBAGE_CHAR * max(0, len(seen) - 3)

    def _unread(self, hyp: _Hyp) -> list[tuple[float, _Hyp]]:
        """In a lookahead, the next token passed over as some move, unread, at the floor a garbled or wrong
        move is never scored below: every line compared may pay the same for it, so none wins by reading it
        as a poor move of its own (`Vh8` as a rook move after 1. a4, where after 1. e4 no rook can move)."""
        stream = self.stream
        if hyp.at >= len(stream):
            return []
        end = stream.token_end[hyp.at]
        floor = self._garbled_floor("".join(stream.chars[hyp.at : end]))
        score = hyp.score + floor + CREDIT * (end - hyp.at)
        step = _Step(_UNREAD, hyp.at, end, False, False, garbled=True)
        return [(score, _Hyp(score, hyp.board, end, hyp.plies + 1, hyp, step, 0, hyp.prior))]

    def _ranked(
        self, candidates: list[tuple[float, _Hyp]], kept: int, ahead: bool = False
    ) -> list[tuple[float, _Hyp]]:
        """Of plies read without evidence of their own (a move nobody wrote, a move written past reading),
        the few after which the text from there reads best: the moves after them decide. With `ahead`, first
        those after which the most of the plies written next can be played as written (gap.py): after a move
        nobody wrote the next ply reads as well whatever it was (`38 Kh7-g6`, White's move lost), and only a
        move further on tells (`39 Tc5:c5`: the rook went to d5)."""
        written = self._written_ahead(candidates[0][1].at)[0] if ahead and candidates else []
        boards = []
        for _, child in candidates:
            assert child.step is not None and child.step.option is not None
            after = child.board.copy(stack=False)
            after.push(child.step.option.move)
            boards.append(after)
        played = [gap.replayed(after, written) if written else 0.0 for after in boards]
        # The text read after a move only orders moves that replay as many plies: it is read for those
        # that can still be among the first `kept`.
        least = sorted(played, reverse=True)[kept - 1] if len(played) >= kept else -math.inf
        ranked = []
        for (score, child), after, count in zip(candidates, boards, played, strict=True):
            if count >= least:
                ranked.append((count, child.score + self.best_next(after, child.at), score, child))
        ranked.sort(key=lambda item: (-item[0], -item[1]))
        return [(score, child) for _, value, score, child in ranked[:kept] if value > -math.inf]

    def _recover(self, hyp: _Hyp) -> list[tuple[float, _Hyp]]:
        """Where the best line first stops reading, a move it read cleanly a few plies back may be a slip
        read as another legal move (`Лg6` for Qg6: the bishop's move reads, and only `Кh7` six plies on,
        impossible after it, tells): each such ply is read as its likeliest other moves and the text re-read
        from there to here, as this step's expansions are (the last ply's move not yet played). Once per
        text position, and not across a garbled or missing ply."""
        if hyp.at in self._recovered_at:
            return []
        self._recovered_at.add(hyp.at)
        self._recovering = True
        try:
            out = self._enable(hyp)
            line = [hyp]
            while line[-1].parent is not None and len(line) <= RECOVER_REACH:
                step = line[-1].step
                assert step is not None
                if step.missing or step.garbled:
                    return out
                line.append(line[-1].parent)
            line.reverse()
            for index in range(1, len(line)):
                parent, node = line[index - 1], line[index]
                out.extend(self._reread(parent, node, line[index:]))
        finally:
            self._recovering = False
        return out

    def _enable(self, hyp: _Hyp) -> list[tuple[float, _Hyp]]:
        """Where the text names a move the board does not allow (`Kd2` with the d-pawn still on d2), a ply
        up to ENABLE_REACH back may be the slip (`a3` read for d3 six moves before): of the other legal moves
        of those plies after which the plies since can still be played as written and the named move too,
        the ENABLE_SLIPS whose text reads as them at least cost are tried, and the line is re-read from there."""
        written = self._named_moves(hyp.at)
        if not written or any(_allows(hyp.board, move) for move in written):
            return []
        line = [hyp]
        while line[-1].parent is not None and len(line) <= ENABLE_REACH:
            line.append(line[-1].parent)
        line.reverse()
        # Each ply as written: its piece and target (`Ve5+` is the rook on e4 or the one on e8).
        plies = [
            (node.step.option.move, before.board.piece_type_at(node.step.option.move.from_square))
            for before, node in itertools.pairwise(line)
            if node.step is not None and node.step.option is not None
        ]
        if len(plies) != len(line) - 1:
            return []
        slips: list[tuple[float, int, str]] = []
        for index in range(1, len(line)):
            parent, node = line[index - 1], line[index]
            enabling = set()
            for option in self.scorer.options(parent.board):
                if option.move == plies[index - 1][0]:
                    continue
                board = parent.board.copy(stack=False)
                board.push(option.move)
                for move, piece in plies[index:]:
                    played = _played_alike(board, move, piece)
                    if played is None:
                        break
                    board.push(played)
                else:
                    if any(_allows(board, move) for move in written):
                        enabling.add(option.san)
            if enabling:
                # What reading the slip's text as each move costs against the move the line read there.
                readings = self._readings_ending(parent.board, parent.at, node.at)
                for san in enabling & readings.keys():
                    slips.append((node.score - parent.score - readings[san][0], index, san))
        # The cheapest slips, and the cheapest slip of each of the plies that read cheapest: the last ply's
        # many nearby moves (`exd4` read as d5, d6, c5 ... which all let `e5` be a capture) must not crowd
        # out the ply truly misread.
        slips.sort()
        cheapest: dict[int, tuple[float, int, str]] = {}
        for slip in slips:
            cheapest.setdefault(slip[1], slip)
        tried = {*slips[:ENABLE_SLIPS], *sorted(cheapest.values())[:ENABLE_SLIPS]}
        out: list[tuple[float, _Hyp]] = []
        for _, index, san in sorted(tried):
            out.extend(self._reread(line[index - 1], line[index], line[index:], {san}))
        return out

    def _named_moves(self, at: int) -> list[Written]:
        """The well-formed moves the text names where a ply read from `at` stands (its number aside): the move
        as written, and where a figurine run stands for any piece (`�f3`, or a square alone where figurines
        were dropped), the move of each piece it may be."""
        stream = self.stream
        if at >= len(stream):
            return []
        token = stream.token(at)
        # Words of prose before it (a column beside the game, read across), and a number split by spaces
        # (`4 1 .`).
        for _ in range(PROSE_PASSED):
            if not token.rstrip(".,;:!?").isalpha() or stream.token_end[at] >= len(stream):
                break
            at = stream.token_end[at]
            token = stream.token(at)
        for _ in range(STRAY_RUN):
            if not _NUMBERISH.match(token) or stream.token_end[at] >= len(stream):
                break
            at = stream.token_end[at]
            token = stream.token(at)
        token = _LEADING_NUMBER.sub("", token)
        spellings = [token] + [
            letter + token[len(run) :]
            for letter, runs in self.aligner.glyphs.items()
            for run, _ in runs
            if token.startswith(run)
        ]
        out = []
        for spelling in dict.fromkeys(spellings):
            if self.locale.move_shape.match(spelling):
                with contextlib.suppress(NotationError):
                    out.append(parse_written(spelling, self.locale))
        return out

    def _reread(
        self, parent: _Hyp, node: _Hyp, after: list[_Hyp], only: set[str] | None = None
    ) -> list[tuple[float, _Hyp]]:
        """The line from `parent` on with `node`'s ply read as each of its likeliest other moves (of `only`
        where given, read from the same stretch of text as `node`), re-read (clean readings only) as far as
        the plies `after` it go and one more; a line that falls further behind them than the beam's margin
        is dropped."""
        assert node.step is not None and node.step.option is not None
        by_san = {option.san: option for option in self.scorer.options(parent.board)}
        readings = list(
            (
                self.garbled_scores(parent.board, parent.at)
                if only is None
                else self._readings_ending(parent.board, parent.at, node.at)
            ).items()
        )
        others = sorted(
            (
                (value, san)
                for san, value in readings
                if san != node.step.option.san and (only is None or san in only)
            ),
            reverse=True,
        )[:RECOVER_SLIPS]
        out: list[tuple[float, _Hyp]] = []
        for (value, start, end, _, offer), san in others:
            board = parent.board.copy(stack=False)
            board.push(by_san[san].move)
            slip = _Step(by_san[san], start, end, False, offer, garbled=True)
            first = _Hyp(parent.score + value, board, end, node.plies, parent, slip, 0, parent.prior)
            beam = [hyp for _, hyp in self._weighed(parent, [(first.score, first)])]
            for ahead in [*after[1:], None]:
                beam = self.step(beam, RECOVER_WIDTH, BEAM_MARGIN)
                if ahead is not None:
                    beam = [hyp for hyp in beam if hyp.score >= ahead.score - BEAM_MARGIN]
            if beam:
                best = max(beam, key=lambda hyp: hyp.score + CREDIT * (len(self.stream) - hyp.at))
                assert best.parent is not None
                out.append((best.score, best._replace(board=best.parent.board)))
        return out

    def _missing(self, hyp: _Hyp) -> list[tuple[float, _Hyp]]:
        out: list[tuple[float, _Hyp]] = []
        board = hyp.board
        if hyp.missing_run < 2:
            for option in self.scorer.options(board):
                out.append(
                    (
                        hyp.score + MISSING,
                        _Hyp(
                            hyp.score + MISSING,
                            board,
                            hyp.at,
                            hyp.plies + 1,
                            hyp,
                            _Step(option, hyp.at, hyp.at, True, False),
                            hyp.missing_run + 1,
                            hyp.prior,
                        ),
                    )
                )
        return out

    def _written_ahead(self, at: int) -> tuple[list[tuple[Written, ...]], list[int]]:
        """The plies written from `at` on, within LOST_REACH tokens (each as the moves it may have been written
        as), and for each move number among them the ply (counted from the game's first) that it stands
        before, less the plies written before it: where they agree, the numbers confirm each other (as many
        plies written between them as they count; `58) Lb4 Te8 57) Le7` confirms nothing)."""
        if at in self._ahead_at:
            return self._ahead_at[at]
        stream = self.stream
        plies: list[tuple[Written, ...]] = []
        numbered: list[int] = []  # per number, the ply it stands before less the plies written before it
        position = at
        held = ""
        for _ in range(LOST_REACH):
            if position >= len(stream):
                break
            end = stream.token_end[position]
            token = "".join(stream.chars[position:end])
            position = end
            if _read_result(token) is not None:
                break
            found = _AHEAD_NUMBER.fullmatch(token)
            if (
                found is not None
                and not _CASTLING.match(token)
                # (A letter read as a digit, glued to a move without a mark, is a move's: `Tc l5:c5`; no move
                # number begins with 0, so `o6` is a move: e6 or c6 read with an o.)
                and (
                    found["mark"]
                    or not found["rest"]
                    or (found["rest"][0].isalpha() and found["number"].isdigit())
                )
                and not found["number"].translate(_DIGIT_LIKE).startswith("0")
            ):
                black = found["mark"] is not None and found["mark"] not in ".)"
                numbered.append(2 * (int(found["number"].translate(_DIGIT_LIKE)) - 1) + black - len(plies))
                token = found["rest"]
                held = ""
            for part in _GLUED_MOVE.split(token):
                part = held + _TRAILING_MARKS.sub("", part.strip(".…"))
                held = ""
                if not any(char.isdigit() for char in part) and not _CASTLING.search(part):
                    # An annotation's glyph, a word, or the start of a move split by a space (`Tc l5:c5`), held
                    # for the next part.
                    held = part if len(part) <= SPLIT_START and part.isalpha() else ""
                    continue
                plies.append(self._as_written(part))
        self._ahead_at[at] = (plies, numbered)
        return plies, numbered

    def _as_written(self, token: str) -> tuple[Written, ...]:
        """The moves a token may have been written as: itself, then each one character misread away (`Do8`:
        Da8, Dd8 …), the likeliest first; none where none is a well-formed move."""
        found = self._written_as.get(token)
        if found is not None:
            return found
        cyrillic = self.locale.script == "cyrillic"
        # (In a set's order, which a process's string hashing sets, equal costs would rank readings differently
        # from one run to the next.)
        alphabet = sorted(
            {*self.locale.written_files("abcdefgh"), *"12345678", *self.locale.letters.values()}
        )
        tried = [(0.0, token)]
        for index, seen in enumerate(token):
            for char in alphabet:
                cost = _sub(char, seen, cyrillic)
                if char != seen and cost >= MISREAD_AHEAD:
                    tried.append((cost, token[:index] + char + token[index + 1 :]))
        for char, pairs in (_MULTI_CYRILLIC if cyrillic else _MULTI).items():
            for pair, cost in pairs:
                if pair in token:
                    tried.append((cost, token.replace(pair, char, 1)))
        readings: list[Written] = []
        for _, text in sorted(tried, key=lambda pair: -pair[0]):
            try:
                written = parse_written(text, self.locale)
            except NotationError:
                continue
            if written not in readings:
                readings.append(written)
        found = self._written_as[token] = tuple(readings)
        return found

    def _bridge(self, hyp: _Hyp) -> list[tuple[float, _Hyp]]:
        """Where the move number ahead says a line of moves was lost, the plies it held, supplied (gap.py):
        the end of each chain of them, its plies flagged as missing. Once per board and text position."""
        board = hyp.board
        key = (raw_key(board), hyp.at)
        stream = self.stream
        if (
            hyp.at >= len(stream)
            or not (hyp.at in stream.line_starts or stream.chars[hyp.at].isdigit())
            or key in self._bridged_at
        ):
            return []
        # (Before the first move, only from the start position: moves numbered from a later one than 1 after a
        # FEN are the position's.)
        opening = not hyp.plies
        if opening and key[0] != _START_KEY:
            return []
        self._bridged_at.add(key)
        written, _ = self._written_ahead(hyp.at)
        confirmed = self._confirmed_ply(hyp.at)
        if confirmed is None:
            return []
        lost = confirmed - _ply_of(board)
        if not LOST_FEWEST <= lost <= (OPENING_MOST if opening else LOST_MOST):
            return []
        judged = written[: OPENING_JUDGED if opening else gap.JUDGED]
        needed = max(2, math.ceil(LOST_SHARE * sum(bool(ply) for ply in judged)))

        def priors(position: chess.Board) -> dict[chess.Move, float]:
            options = self.scorer.options(position)
            values = self.scorer.priors(position, None)
            return {option.move: value for option, value in zip(options, values, strict=True)}

        out: list[tuple[float, _Hyp]] = []
        score = hyp.score + LOST_LINE
        found = (
            gap.from_book(judged, lost, LOST_KEPT)
            if opening
            else gap.bridges(board, judged, lost, priors, LOST_KEPT)
        )
        for count, moves in found:
            if count < needed:
                continue
            node, before_move = hyp, board
            for index, move in enumerate(moves):
                option = next(option for option in self.scorer.options(before_move) if option.move == move)
                step = _Step(option, hyp.at, hyp.at, True, False, lost=True)
                node = _Hyp(score, before_move, hyp.at, node.plies + 1, node, step, 0, hyp.prior)
                if index < len(moves) - 1:  # kept in the chain: its board after its ply, as in the beam
                    before_move = before_move.copy(stack=False)
                    before_move.push(move)
                    node = node._replace(board=before_move)
            out.append((score, node))
        return out

    def local_scores(
        self, board: chess.Board, at: int, end: int | None = None
    ) -> dict[str, tuple[float, int, int, float, bool]]:
        """Every readable move's best reading from `at`: (score, start, end, the move's own alignment, draw
        offered); only readings that end at `end` where one is given."""
        white = board.turn == chess.WHITE
        found: dict[str, tuple[float, int, int, float, bool]] = {}
        for start, cost in self.prefix(at, board.fullmove_number, white):
            for head, members in self.groups(board):
                if not self.open_at(head, start):
                    continue
                for option, text in members:
                    for stop, value in self.aligner.ends(text, start):
                        for after, extra, offer in self.suffix(stop):
                            if end is not None and after != end:
                                continue
                            total = cost + value + extra + CREDIT * (after - at)
                            if option.san not in found or total > found[option.san][0]:
                                found[option.san] = (total, start, after, value, offer)
        return found

    def _wide_start(self, start: int) -> bool:
        """Whether a move may be read through the wider gate from `start`: a token of a move's length with a
        letter or an OCR's sign for one and a digit after it (`lo4`), not a move number nor a word of prose
        (whose letters the wider gate would read as moves)."""
        found = self._wide.get(start)
        if found is None:
            token = self.stream.token(start) if start < len(self.stream) else ""
            found = self._wide[start] = (
                2 <= len(token) <= 7
                and bool(_MOVELIKE.match(token))
                and not token[0].isdigit()
                and any(char.isdigit() for char in token[1:])
            )
        return found

    def _lettered(self, step: _Step | None) -> bool:
        """Whether a ply's text has a letter (every move's has, castling written with zeros aside)."""
        assert step is not None and step.option is not None
        return step.option.san.startswith("O-O") or any(
            char.isalpha() for char in self.stream.chars[step.start : step.end]
        )

    def _in_place_before(self, at: int) -> int:
        """Where a ply read from `at` must begin to stand in place: in the token at `at`, or right after it
        where that token is a number (no token skipped as stray on the way)."""
        stream = self.stream
        if at >= len(stream):
            return at + 1
        return stream.token_end[at] + (_NUMBERISH.match(stream.token(at)) is not None)

    def _priors(self, hyp: _Hyp) -> dict[str, float]:
        """What the move prior adds to each legal move after `hyp`, by SAN: where the text cannot tell two
        moves apart at once (`Dd5` is Qd5 as written, or Qd3 misread), the line a player would play reads on;
        a queen left for a bishop to take for ten moves does not. Nothing on a board reached by passing over a
        token (a null move), where the king may stand in check."""
        board = hyp.board
        step = hyp.step
        last = step.option if step is not None and step.option is not _UNREAD else None
        key = (raw_key(board), last.move.to_square if last is not None else None)
        found = self._prior_of.get(key)
        if found is None:
            if board.was_into_check():
                found = {}
            else:
                options = self.scorer.options(board)
                sans = (option.san for option in options)
                found = dict(zip(sans, self.scorer.priors(board, last), strict=True))
            self._prior_of[key] = found
        return found

    def _weighed(self, hyp: _Hyp, candidates: list[tuple[float, _Hyp]]) -> list[tuple[float, _Hyp]]:
        """The plies after `hyp` with the move prior's term added to their scores (not in a lookahead, which
        weighs the text alone)."""
        if not self._weighing:
            return candidates
        priors = self._priors(hyp)
        out = []
        for score, child in candidates:
            assert child.step is not None and child.step.option is not None
            bonus = priors.get(child.step.option.san, 0.0)
            out.append((score + bonus, child._replace(score=child.score + bonus, prior=child.prior + bonus)))
        return out

    def step(self, beam: list[_Hyp], width: int, margin: float) -> list[_Hyp]:
        expansions: list[tuple[float, _Hyp]] = []
        missing: list[tuple[float, _Hyp]] = []
        recovered: list[tuple[float, _Hyp]] = []
        bridged: list[tuple[float, _Hyp]] = []
        for rank, hyp in enumerate(beam):
            found = self.expand(hyp, math.inf)
            expansions.extend(self._weighed(hyp, found))
            if self._recovering:
                continue
            # How well the text reads as a move here, where it stands: a reading without a letter (`3.` as
            # `h3`) does not count, nor one past a stray token (`3.514 c5`: Sf4 misread, not skipped).
            before = self._in_place_before(hyp.at)
            raw = max(
                (
                    score - hyp.score - CREDIT * (h.at - hyp.at)
                    for score, h in found
                    if h.step is not None and h.step.start < before and self._lettered(h.step)
                ),
                default=-math.inf,
            )
            if width <= LOOKAHEAD_WIDTH:
                expansions.extend(self._unread(hyp))
                continue
            if rank == 0:
                bridged.extend(self._bridge(hyp))
            if raw >= (DOUBTFUL if rank == 0 else POOR) or rank >= FALLBACK_HYPOTHESES:
                continue
            # Which of the moves without evidence of their own are kept, the text after them decides; the prior
            # then weighs those kept as it weighs any reading.
            expansions.extend(self._weighed(hyp, self._ranked(self._garbled(hyp), GARBLED_KEPT)))
            if hyp.missing_run < 2:
                missing.extend(self._weighed(hyp, self._ranked(self._missing(hyp), MISSING_KEPT, ahead=True)))
            if rank == 0:
                recovered.extend(self._recover(hyp))
        expansions.sort(key=lambda pair: -pair[0])
        best = expansions[0][0] if expansions else -math.inf
        # A move nobody wrote, where the text reads poorly: the few after which the text reads best, kept
        # beside the beam (a missing move reads nothing, so it would never win a place on its own).
        missing.sort(key=lambda pair: -pair[0])
        floor = best - margin - MISSING_SLACK if expansions else -math.inf
        extra = [pair for pair in missing if pair[0] >= floor][:MISSING_KEPT]
        kept: list[_Hyp] = []
        seen: set[tuple[Key, int]] = set()
        recovered.sort(key=lambda pair: -pair[0])
        groups = (
            (expansions, best - margin, width),
            (extra, floor, MISSING_KEPT),
            (recovered, best - margin, RECOVERED_KEPT),
            (sorted(bridged, key=lambda pair: -pair[0]), floor, LOST_KEPT),
        )

        def keep(
            group: list[tuple[float, _Hyp]],
            cutoff: float,
            room: int,
            wanted: Callable[[_Hyp], bool] | None = None,
        ) -> None:
            """The group's best lines down to `cutoff`, `room` of them at most, each with its ply played."""
            taken = 0
            for score, hyp in group:
                if score < cutoff or taken == room:
                    break
                assert hyp.step is not None and hyp.step.option is not None
                board = hyp.board.copy(stack=False)
                board.push(hyp.step.option.move)
                placed = hyp._replace(board=board)
                key = (raw_key(board), hyp.at)
                if key in seen or (wanted is not None and not wanted(placed)):
                    continue
                seen.add(key)
                kept.append(placed)
                taken += 1

        for group, cutoff, room in groups:
            keep(group, cutoff, room)
        if width > LOOKAHEAD_WIDTH and kept and not any(self._in_step(hyp) for hyp in kept):
            keep(expansions, best - margin - IN_STEP_SLACK, IN_STEP_KEPT, self._in_step)
        return kept

    def _in_step(self, hyp: _Hyp) -> bool:
        """Whether the move numbers written next number the ply a line stands before; True where none do."""
        confirmed = self._confirmed_ply(hyp.at)
        return confirmed is None or confirmed == _ply_of(hyp.board)

    def _confirmed_ply(self, at: int) -> int | None:
        """The ply that the first of two numbers that agree among the next few written from `at` on puts there
        (`38 Kh7-g6 39 Tc5:c5 40 …`, White's 38th move lost, puts 39 and 40 one ply later than 38 does); one
        garbled number may stand between them (`39 Tc l5:c5 40`: `l5:` read as a number); None where none
        agree."""
        if at >= len(self.stream):
            return None
        _, numbered = self._written_ahead(at)
        judged = numbered[:CONFIRMING_NUMBERS]
        return next(
            (value for index, value in enumerate(judged) if value in judged[index + 1 : index + 3]), None
        )

    def search(
        self,
        board: chess.Board,
        at: int,
        *,
        width: int,
        margin: float,
        plies: int | None = None,
        give_up: float = -math.inf,
        finished: list[tuple[float, _Hyp]] | None = None,
    ) -> tuple[float, _Hyp | None]:
        """The best finished hypothesis from (board, at): (its total with the tail, the hypothesis); every
        hypothesis weighed as finished is added to `finished` with its total."""
        beam = [_Hyp(0.0, board, at, 0, None, None, 0)]
        best_total, best = -math.inf, None
        limit = plies if plies is not None else len(self.stream) + 8
        for round_ in range(limit + 1):
            end = len(self.stream)
            for hyp in beam:
                total = hyp.score + self.tail(hyp.at)[0] + CREDIT * (end - hyp.at)
                if finished is not None:
                    finished.append((total, hyp))
                if total > best_total:
                    best_total, best = total, hyp
            bound = max((hyp.score + CREDIT * (end - hyp.at) for hyp in beam), default=-math.inf)
            if bound <= max(best_total, give_up) or round_ == limit:
                break
            beam = self.step(beam, width, margin)
            beam = [hyp for hyp in beam if hyp.score + CREDIT * (end - hyp.at) > max(best_total, give_up)]
        if plies is not None:
            # A lookahead: the best of the beam after `plies` plies counts too (the text goes on).
            for hyp in beam:
                if hyp.score > best_total:
                    best_total, best = hyp.score, hyp
        return best_total, best

    # -- the answer --

    def decode(self, review_below: float) -> CharDecoded:
        finished: list[tuple[float, _Hyp]] = []
        total, best = self.search(
            self.start.copy(stack=False),
            0,
            width=ANY_PIECE_BEAM_WIDTH if self.aligner.glyphs else BEAM_WIDTH,
            margin=BEAM_MARGIN,
            finished=finished,
        )
        path: list[_Hyp] = []
        node = best
        while node is not None and node.step is not None:
            path.append(node)
            node = node.parent
        path.reverse()
        # Where two plies in a row have no text, the reading stops before them.
        stop_at = len(path)
        for index in range(len(path) - 1):
            first, second = path[index].step, path[index + 1].step
            lost = first is not None and second is not None and (first.lost or second.lost)
            if first is not None and second is not None and first.missing and second.missing and not lost:
                stop_at = index
                break
        while stop_at > 0 and path[stop_at - 1].step is not None and path[stop_at - 1].step.missing:  # type: ignore[union-attr]
            stop_at -= 1
        decoded = Decoded(self.start.fen())
        result = CharDecoded(decoded)
        stopped = stop_at < len(path)
        if not stopped and path:
            result.cut = self._cut_off(path[-1])
            stop_at -= bool(result.cut)
        board = self.start.copy(stack=False)
        at = 0
        for index, hyp in enumerate(path[:stop_at]):
            step = hyp.step
            assert step is not None and step.option is not None
            self._explain(decoded, board, at, hyp, path, index, review_below)
            if step.offer:
                result.offers.add(index)
            if step.lost:
                if result.lost and sum(result.lost[-1]) == index:
                    result.lost[-1] = (result.lost[-1][0], result.lost[-1][1] + 1)
                else:
                    result.lost.append((index, 1))
            board.push(step.option.move)
            at = hyp.at
        _flag_dependents(decoded, self.start, partial(self._reads_as_well, path[:stop_at]))
        # Weighed by the text alone: the prior chooses between readings, the text decides what is sure.
        rivals = [(value - hyp.prior, hyp) for value, hyp in finished if value >= total - RIVAL_MARGIN]
        _weigh_rivals(decoded, rivals, total - (best.prior if best is not None else 0.0), review_below)
        _flag_unconfirmed(decoded)
        _, read, stray = self.tail(at)
        if stopped:
            shown = self._shown_from(at)
            decoded.error = DecodeError(
                f"{_name(board)}: no legal move matches what is written: {shown!r}; position: {board.fen()}"
            )
        elif stray is not None and not result.cut:
            decoded.error = DecodeError(
                f"{_name(board)}: no legal move matches what is written: {stray!r}; position: {board.fen()}"
            )
        result.result = read or "*"
        return result

    def _cut_off(self, last: _Hyp) -> str:
        """The last ply's text where the text ends inside its move: that text, the last of all, only begins
        one of the move's renderings (`Kh8-g` for Kg8, `Lf` for Bf6); else nothing."""
        step = last.step
        if step is None or step.option is None or step.end < len(self.stream):
            return ""
        written = "".join(self.stream.chars[step.start : step.end])
        texts = self._texts_of(step.option)
        if written in texts or not any(text.startswith(written) for text in texts):
            return ""
        return self._shown_from(step.start)

    def _reads_as_well(self, path: list[_Hyp], index: int, board: chess.Board) -> bool:
        """Whether on `board` the text from where ply `index` of `path` begins reads as some move as well as
        it reads as that ply's move."""
        hyp = path[index]
        at = path[index - 1].at if index else 0
        assert hyp.step is not None and hyp.step.option is not None and hyp.parent is not None
        own = self.local_scores(hyp.parent.board, at).get(hyp.step.option.san)
        there = self.local_scores(board, at)
        if own is None or not there:
            return bool(there)
        return max(value[0] for value in there.values()) >= own[0] - READS_AS_WELL

    def _shown_from(self, at: int) -> str:
        stream = self.stream
        position = at
        while position < len(stream):
            end = stream.token_end[position]
            token = "".join(stream.chars[position:end])
            if not _NUMBERISH.match(token):
                return stream.shown(position, end)
            position = end
        return ""

    def _ahead(
        self, board: chess.Board, option: _Option, end: int, target: int, give_up: float = -math.inf
    ) -> float:
        """How well the text reads in the best few plies after `option` read up to `end` (text not reached by
        `target` paid for; the text alone, without the move prior); a line that falls below `give_up` is not
        followed further (it no longer matters)."""
        after = board.copy(stack=False)
        after.push(option.move)
        self._weighing = False
        try:
            ahead, hyp = self.search(
                after, end, width=LOOKAHEAD_WIDTH, margin=BEAM_MARGIN, plies=LOOKAHEAD, give_up=give_up
            )
        finally:
            self._weighing = True
        if hyp is None:
            return give_up
        return ahead

    def _explain(
        self,
        decoded: Decoded,
        board: chess.Board,
        at: int,
        hyp: _Hyp,
        path: list[_Hyp],
        index: int,
        review_below: float,
    ) -> None:
        step = hyp.step
        assert step is not None and step.option is not None
        option = step.option
        target = path[min(index + LOOKAHEAD, len(path) - 1)].at
        shown: str | None = None
        alternatives: tuple[Alternative, ...] = ()
        cut = poor = False
        if step.missing:
            confidence = 0.0
        else:
            local = self.garbled_scores(board, at) if step.garbled else self.local_scores(board, at)
            chosen = local.get(option.san)
            if chosen is None:
                chosen = (
                    hyp.score - (hyp.parent.score if hyp.parent else 0.0),
                    step.start,
                    step.end,
                    -20.0,
                    False,
                )
            text = "".join(self.stream.chars[step.start : step.end])
            scores = {san: value[0] for san, value in local.items()}
            scores[option.san] = chosen[0]
            doubted = any(move.flagged and move.confidence < DOUBTED for move in decoded.moves[-DOUBT_REACH:])
            floor = chosen[0] - chosen[3] + self._floor(text, chosen[3], doubted)
            close = [
                san for san, value in scores.items() if san != option.san and value >= chosen[0] - LOOK_WITHIN
            ]
            if close:
                by_san = {o.san: o for o in self.scorer.options(board)}
                ahead = self._ahead(board, option, chosen[2], target)
                floor += ahead
                scores[option.san] += ahead
                followed = sorted(close, key=lambda san: -scores[san])[:LOOKAHEAD_ALTERNATIVES]
                for san in scores:
                    if san in followed:
                        bound = scores[option.san] - IRRELEVANT - scores[san]
                        scores[san] += self._ahead(board, by_san[san], local[san][2], target, bound)
                    elif san != option.san:
                        scores[san] += ahead
            top = max([*scores.values(), floor])
            weights = {san: math.exp(score - top) for san, score in scores.items()}
            norm = sum(weights.values()) + math.exp(floor - top)
            confidence = weights[option.san] / norm
            alternatives = tuple(
                Alternative(san, round(weight / norm, 4))
                for san, weight in sorted(weights.items(), key=lambda pair: -pair[1])
                if san != option.san
            )[:3]
            shown = self.stream.shown(step.start, step.end)
            cut = chosen[3] < CUT_READING
            # Read at a cost no slip of the pen comes to (`Jie` as Je7: a letter too many and a digit lost),
            # the text does not decide the move, however much worse it reads as the others.
            poor = chosen[3] < POOR
        written = Written(shown or "", 0, 0, None)
        ply = Ply(
            index + 1,
            board.fullmove_number,
            board.turn,
            option.move,
            board.san(option.move),
            written,
            option.en_passant,
        )
        flagged = (
            confidence < review_below
            or step.start >= self.stream.doubt_from
            or step.missing
            or step.garbled
            or poor
            or (cut and self._cut_word(step))
            or self._unsure_of_ply(path, index)
            or self._number_skipped(path, index)
            or _false_mark(shown or "", board, option.move)
            or _doubted_capture(shown or "", board, option.move, decoded)
        )
        decoded.moves.append(DecodedMove(ply, round(confidence, 4), flagged, alternatives, (shown,)))

    def _cut_word(self, step: _Step) -> bool:
        """Whether a ply was read from part of a written word (`Df2x` of `Df2xf3`, the rest read as the next
        move), not after a number glued to it."""
        stream = self.stream
        starts_inside = 0 < step.start < len(stream) and not stream.gaps[step.start]
        starts_inside = starts_inside and stream.chars[step.start - 1] not in ".)…"
        ends_inside = step.end < len(stream) and not stream.gaps[step.end]
        return starts_inside or ends_inside

    def _unsure_of_ply(self, path: list[_Hyp], index: int) -> bool:
        """Whether the reading may have slipped by a ply here: the nearest move number written plainly
        before it (`12.`, `12)`, `12...`) is another move's, or in the AFTER_SUPPLIED plies before it a ply
        was supplied, or one was read from a garbled token with no plainly numbered ply since."""
        verdict: bool | None = None
        for back in range(index, max(0, index - AFTER_SUPPLIED) - 1, -1):
            step = path[back].step
            assert step is not None
            # Plies supplied before a ply numbered as its own leave it sure.
            if back < index and (step.missing or step.garbled) and not verdict:
                return True
            if verdict is None:
                verdict = self._numbered(path, back)
                if verdict is False:
                    return True
        return False

    def _number_skipped(self, path: list[_Hyp], index: int) -> bool:
        """Whether the words skipped before the ply hold its own move number with no move as written after it,
        and the ply is read after its number written again (`36. ... KtS Přesnější bylo 36...Kh6`): the text's
        own place for the ply holds a token the reading passed over, and the move read further on may be the
        prose's. (A speck after the one number, `2. ce Sg1-f3`, is no other place.)"""
        step = path[index].step
        assert step is not None
        stream = self.stream
        plies = index + (self.start.turn == chess.BLACK)
        number, black = self.start.fullmove_number + plies // 2, plies % 2 == 1
        start = path[index - 1].at if index else 0
        followers: list[str] = []  # what follows each writing of the ply's number, in turn
        while start < step.start:
            end = stream.token_end[start]
            found = _NUMBER_BEFORE.match("".join(stream.chars[start:end]))
            if found is not None and int(found["number"]) == number:
                # A number standing alone may be Black's, its dots lost (`36. KtS`); one glued to a move is White's.
                alone = found.end() == end - start
                if (found["black"] is not None or alone) if black else found["black"] is None:
                    after = start + found.end()
                    while after == end and end < len(stream) and stream.token(end).strip(".…") == "":
                        after, end = end, stream.token_end[end]  # Black's dots written apart (`36. ...`)
                    if after == end and end < len(stream):
                        after, end = end, stream.token_end[end]
                    followers.append("".join(stream.chars[after:end]).rstrip(".,;:!?+#"))
            start = end
        return len(followers) > 1 and any(not self.locale.move_shape.match(text) for text in followers[:-1])

    def _numbered(self, path: list[_Hyp], index: int) -> bool | None:
        """Whether the ply at `index` of the path stands right after its own move number written plainly
        (True), after another move's (False), or after none (None)."""
        step = path[index].step
        assert step is not None
        stream = self.stream
        before = path[index - 1].at if index else 0
        # The last word before the move (a garbled number may stand before a plain one).
        last = max([before, *(k for k in range(before + 1, step.start) if stream.gaps[k])])
        written = "".join(stream.chars[last : step.start])
        found = _PLAIN_NUMBER.fullmatch(written)
        if found is not None:
            number, black = int(found["number"]), found["black"] is not None
        elif stream.gaps[step.start] and _BARE_NUMBER.fullmatch(written):
            number, black = int(written), False  # `39 Tc5:c5`, where numbers are written without a dot
        else:
            return None
        plies = index + (self.start.turn == chess.BLACK)
        if (plies % 2 == 0) == black:
            return False
        return number == self.start.fullmove_number + plies // 2

    def _floor(self, text: str, chosen: float, doubted: bool) -> float:
        """The score of "the writer meant some other move": a well-formed move text that is not the chosen
        move's rendering is as likely as a slip of the pen, or far likelier where a move just before is in
        doubt (the board may be wrong, not the text); anything else as likely as the chosen reading with one
        more error."""
        body = text.rstrip("!?" + OFFER)
        body = re.sub(r"^[0-9lI|oO]*[.,…)]+", "", body)
        garbage = GARBAGE + GARBAGE_CHAR * len(body)
        if self.locale.move_shape.match(body) and chosen < -0.5:
            return max(OTHER_BOARD if doubted else WRONG_MOVE, garbage)
        return garbage


# Small letters beside each other on a keyboard, as the capitals are in _KEY_SLIPS.
_SMALL_KEY_SLIPS = {(a.lower(), b.lower()) for a, b in _KEY_SLIPS}


def _fit_sub(written: str, seen: str, cyrillic: bool) -> float:
    sub = _sub(written, seen, cyrillic)
    if not cyrillic and (written, seen) in _SMALL_KEY_SLIPS:
        sub = max(sub, KEY_SLIP)
    return sub


def _fit(written: str, seen: str, inserts: Sequence[float], cyrillic: bool) -> float:
    """The log-probability of reading `written` as exactly `seen` (substitutions, losses, extra characters
    at `inserts`, the stream's cost of each), without the aligner's pruning: the garbled-move fallback ranks
    every legal move by it. Here a small letter's slip to a key beside it counts too (`e44` is near d4): the
    token reads as no legal move already, so no clean move is made doubtful by it."""
    row = [0.0]
    for extra in inserts:
        row.append(row[-1] + extra)
    for char in written:
        delete = _delete(char)
        new = [row[0] + delete]
        for j, seen_char in enumerate(seen, start=1):
            new.append(
                max(
                    row[j - 1] + _fit_sub(char, seen_char, cyrillic),
                    row[j] + delete,
                    new[j - 1] + inserts[j - 1],
                )
            )
        row = new
    return row[-1]


def _flag_dependents(
    decoded: Decoded, start: chess.Board, reads_as_well: Callable[[int, chess.Board], bool]
) -> None:
    """Flag the first move after a doubted one that holds only if the doubted move is right: where an
    alternative at least LIKELY_ALTERNATIVE likely was played instead, the first later move that is then
    illegal or another move (`Лe7-d6` read as Bxd6 after `Сb5d` read as Nd6, not Nbd4) stands or falls
    with it, however sure its own reading; where one at least DOUBTED_ALTERNATIVE likely was, it does if
    on that board its text reads as some move as well as it reads as the decoded one (`4` read as h4 and
    as f4 alike: `Lf2` is Bxf2 after h4 and Bf2 after f4), and not where the text refutes the alternative
    (`g3` after g4 is no move)."""
    moves = decoded.moves
    board = start.copy(stack=False)
    for index, move in enumerate(moves):
        for alternative in move.alternatives:
            if alternative.confidence < DOUBTED_ALTERNATIVE:
                break
            instead = board.copy(stack=False)
            instead.push_san(alternative.san)
            for later in range(index + 1, min(len(moves), index + 1 + AFTER_SUPPLIED)):
                ply = moves[later].ply
                holds = ply.move in instead.legal_moves
                if not holds or instead.san(ply.move).rstrip("+#") != ply.san.rstrip("+#"):
                    if alternative.confidence >= LIKELY_ALTERNATIVE or reads_as_well(later, instead):
                        moves[later] = replace(moves[later], flagged=True)
                    break
                instead.push(ply.move)
        board.push(move.ply.move)


def _flag_unconfirmed(decoded: Decoded) -> None:
    """Flag a run of fewer than CONFIRMING_RUN sure plies that has UNCONFIRMED_AFTER flagged plies right before
    it and a flagged one right after: read where the text did not decide the moves around them, they are
    sure only on a board that those doubted moves may have put wrong (OCR's Cyrillic files read by an
    English model: `Cop3` read as some knight move, the next two moves as written, the one after that a
    guess again)."""
    moves = decoded.moves
    flagged = [move.flagged for move in moves]
    index = UNCONFIRMED_AFTER
    while index < len(moves):
        end = index
        while end < len(moves) and not flagged[end]:
            end += 1
        run = end - index
        if 0 < run < CONFIRMING_RUN and end < len(moves) and all(flagged[index - UNCONFIRMED_AFTER : index]):
            for doubted in range(index, end):
                moves[doubted] = replace(moves[doubted], flagged=True)
        index = end + 1


def _weigh_rivals(
    decoded: Decoded, rivals: list[tuple[float, _Hyp]], best: float, review_below: float
) -> None:
    """Weigh each move against the whole readings that the search found nearly as good: a move that the
    readings within RIVAL_MARGIN of the best one share less than `review_below` of their weight (by their
    totals, those that end before its ply left out) is flagged and its confidence is that share. A move
    read right after a ply the text does not decide often stands on a board the text never confirmed: the
    rival line that played the other move there reads the next text as another move too. Moves are told
    apart by their SAN: the same bishop move is a capture in one line (`Bxg4` after g4) and not in another
    (`Bg4` after g3), and only one of them is the game."""
    plays: dict[int, dict[str, float]] = {}
    for total, hyp in rivals:
        weight = math.exp(total - best)
        node: _Hyp | None = hyp
        while node is not None and node.step is not None:
            if node.step.option is not None and node.step.option is not _UNREAD:
                ply = node.plies - 1
                played = plays.setdefault(ply, {})
                san = node.step.option.san.rstrip("+#")
                played[san] = played.get(san, 0.0) + weight
            node = node.parent
    for index, move in enumerate(decoded.moves):
        weights = plays.get(index)
        if not weights:
            continue
        share = weights.get(move.ply.san.rstrip("+#"), 0.0) / sum(weights.values())
        if share < review_below and share < move.confidence:
            decoded.moves[index] = replace(move, confidence=round(share, 4), flagged=True)


def _false_mark(shown: str, board: chess.Board, move: chess.Move) -> bool:
    """Whether the text of a ply marks a capture or a check that the move read does not make (`Vc1xc8` read
    as Rc8, `Dd8+` as a quiet Qd8): writers leave marks out, but seldom write ones that are not so, so the text
    does not decide that move."""
    capture = _CAPTURE_MARK.search(shown) is not None and not board.is_capture(move)
    check = ("+" in shown or "#" in shown) and not board.gives_check(move)
    return capture or check


def _doubted_capture(shown: str, board: chess.Board, move: chess.Move, decoded: Decoded) -> bool:
    """Whether a move read as a capture that its text does not mark takes a piece that a doubted move put
    there (`Kd3` read as Kxd3, the bishop on d3 a guess for `Bd6`): the capture stands on that guess."""
    if not board.is_capture(move) or _CAPTURE_MARK.search(shown) is not None:
        return False
    last = next((read for read in reversed(decoded.moves) if read.ply.move.to_square == move.to_square), None)
    return last is not None and last.flagged


def _junk_cost(token: str) -> float:
    """The cost of a token read as nothing: marks, a word and a number cost less than anything else; every
    character more than a hypothesis earns for reading it."""
    if token == OFFER or _ANNOTATION.match(token):
        base = JUNK_MARKS
    elif _NUMBERISH.match(token):
        base = JUNK_NUMBER
    elif _SPECK.match(token) or not any(char.isalnum() for char in token):
        base = JUNK_SPECK
    elif _WORD.match(token) or token.isalpha():
        base = JUNK_WORD
    else:
        base = JUNK_TOKEN
    return base + JUNK_CHAR * len(token)


def _sentence_token(length: int) -> float:
    """The cost of one more token of a sentence of prose: its characters cost what reading them earns."""
    return PROSE_TOKEN - CREDIT * length


def _stray(token: str) -> bool:
    """Whether a token after the last move is neither marks, a number, a speck nor a word: a move that
    nothing legal fits (where decoding stopped), or no move at all in a text of prose and a dash."""
    return not (
        token == OFFER
        or _ANNOTATION.match(token)
        or _NUMBERISH.match(token)
        or _SPECK.match(token)
        or _WORD.match(token)
        or (_SPECKED_WORD.match(token) is not None and sum(char.isalpha() for char in token) >= LONG_WORD - 1)
    )


# A word with a speck inside (`R·emíza.`): no digit, so no move.
_SPECKED_WORD = re.compile(r"^[^\W\d_]+[^\w\s]?[^\W\d_]+[.:,;]?$")
# `1:0`, `0:1` as Czech and Slovak texts write them, the 0 read as a bracket (`):1`).
_COLON_RESULT = re.compile(r"(?P<white>[1lI]:[0O()])|[0O()]:[1lI]")
_DOTTED_RESULT = re.compile(r"[1lI][.,][0O]|[0O][.,][1lI]")
_DOUBLED_RESULT = re.compile(r"(?P<white>1{1,2}-0{1,2})|0{1,2}-1{1,2}")


def _glued_result(token: str) -> tuple[str, str | None]:
    """A word and the result glued to its end (`vzdal.1:0`), or the token and None."""
    for cut in range(1, len(token)):
        if not token[cut - 1].isalpha() and token[cut - 1] not in ".,;:!?":
            break
        word = token[:cut].rstrip(".,;:!?")
        read = _read_result(token[cut:]) if len(word) >= SHORT_WORD and word.isalpha() else None
        if read is not None:
            return token[:cut], read
    return token, None


def _read_result(token: str) -> str | None:
    """The result a token stands for, read through the confusions (`l/2-1/2`, `1-O`), or None."""
    if token in RESULTS:
        return RESULTS[token]
    if token in FORFEITS:
        return FORFEITS[token]
    colon = _COLON_RESULT.fullmatch(token)
    if colon is not None:
        return "1-0" if colon.group("white") else "0-1"
    if len(token) > 9 or not any(char in token for char in "-–—/½"):
        return None
    if re.search(r"[a-h][1-8]", token):
        return None
    # `%-%`: ½ read as the per cent sign it looks like; `1/2:1/2`, the colon of Central European results.
    normal = token.translate(str.maketrans("lIi|!oOО—–_%:", "11111000---½-"))
    for form in ("1/2-1/2", "½-½", "1-0", "0-1"):
        if normal == form or (len(normal) >= 5 and form.startswith("1/2") and _close(normal, form)):
            return RESULTS[form]
    if re.fullmatch(r"[1½]/?2?-[1½]/?2?", normal):
        return "1/2-1/2"
    # A key struck twice (`1-00`, `0-11`): no castling has a 1 in it.
    doubled = _DOUBLED_RESULT.fullmatch(normal)
    if doubled is not None:
        return "1-0" if doubled.group("white") else "0-1"
    # `½` stands in no move: one side of a draw read, the other garbled (`½_Vi`).
    if re.fullmatch(r"½-[^-]{1,2}|[^-]{1,2}-½", normal):
        return "1/2-1/2"
    if _HALVES.fullmatch(normal):
        return "1/2-1/2"
    return None


# Both halves of `½-½` as Tesseract reads them (`Yo-Yo`, `Y2-У2`, `14-14`, `4-4`, `42-12`; bench/ocr_slips.py's
# training games), with the confusions above already undone.
_HALF = r"(?:[½YyУу][02arp]?|1?4|[14]2)"
_HALVES = re.compile(rf"{_HALF}-{_HALF}")


def _close(a: str, b: str) -> bool:
    """Within one edit."""
    if abs(len(a) - len(b)) > 1:
        return False
    mismatches = sum(x != y for x, y in zip(a, b, strict=False))
    return mismatches + abs(len(a) - len(b)) <= 1


def _name(board: chess.Board) -> str:
    return f"move {board.fullmove_number} ({'white' if board.turn else 'black'})"


def decode_text(
    text: str,
    locale: str | Locale,
    *,
    start_fen: str = chess.STARTING_FEN,
    review_below: float,
    glyphs: Glyphs | None = None,
) -> CharDecoded:
    """The most probable legal game behind one game's noisy movetext (`glyphs`: per piece letter, the runs of
    characters a figurine font's OCR wrote for it, with their log-probabilities)."""
    return CharDecoder(text, locale, start_fen, glyphs).decode(review_below)


__all__: Sequence[str] = (
    "CharDecoded",
    "CharDecoder",
    "Glyphs",
    "decode_text",
    "variation_never_closed",
)


def _ply_of(board: chess.Board) -> int:
    """The index of the ply to be played on `board`, counted from the game's first (0)."""
    return 2 * (board.fullmove_number - 1) + (board.turn == chess.BLACK)


def _played_alike(board: chess.Board, move: chess.Move, piece: int | None) -> chess.Move | None:
    """`move` on `board`, or the one legal move of the same piece to the same square if it is not legal."""
    if board.is_legal(move):
        return move
    alike = [
        other
        for other in board.legal_moves
        if other.to_square == move.to_square
        and other.promotion == move.promotion
        and board.piece_type_at(other.from_square) == piece
    ]
    return alike[0] if len(alike) == 1 else None


def _allows(board: chess.Board, written: Written) -> bool:
    """Whether a move as written (its piece, target square and origin hints) can be played on `board`, as
    written there."""
    return gap.played(board, written) is not None
