"""Moves told in words, as a game dictated to a typist or a speech-to-text program comes out: a piece's name,
the square in letters or spoken ("jazdec berie é štyri", "věž z a5 na d5", "lovac uzima d7, šah", "malá
rošáda", "knight takes e5 check"), written back as the move they tell (`Jxe4`, `Va5-d5`, `Lxd7+`, `0-0`,
`Nxe5+`) in the locale's letters.

A move is only read where a piece or a castling is named, or a square is spoken ("pešiak cé päť", "be šest");
a square alone after "to" or a capture's word in prose is left alone. The move keeps the length of its words
(blanks after it, and their line breaks), so that lines and columns still count what the text shows.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, fields
from functools import cache
from typing import Any

import chess

from ..locales import Locale
from .told import draw_first, told_result_end


@dataclass(frozen=True)
class _Speech:
    """One language's words for the parts of a move."""

    pieces: dict[str, int]
    # The names of the files a–h and of the ranks 1–8, in their order.
    files: tuple[tuple[str, ...], ...]
    ranks: tuple[tuple[str, ...], ...]
    takes: tuple[str, ...]
    sources: tuple[str, ...]  # "from" before the square a piece leaves
    targets: tuple[str, ...]  # "to" before the square a piece goes to
    checks: tuple[str, ...]
    mates: tuple[str, ...]
    short_castling: tuple[tuple[str, ...], ...]
    long_castling: tuple[tuple[str, ...], ...]
    # A promotion told after the square ("premena na dámu"): its first words, those between them and the
    # piece, and the pieces' names as the sentence declines them.
    promotes: tuple[str, ...]
    into: tuple[str, ...]
    promoted: dict[str, int]
    gives: tuple[str, ...] = ()  # the verb before a check ("dáva šach")
    goes: tuple[str, ...] = ()  # the verb of a move ("jazdec ide na f6", "strelec ťahá na b5")
    taken: tuple[
        str, ...
    ] = ()  # the words of a piece taken besides the pieces' names ("berie pešiaka na e5")
    passing: tuple[tuple[str, ...], ...] = ()  # "en passant" after a pawn's capture ("mimochodom")


def _pieces(king: str, queen: str, rook: str, bishop: str, knight: str, pawn: str) -> dict[str, int]:
    """The pieces' names, each a blank-separated list of the words that name it."""
    names = (
        (king, chess.KING),
        (queen, chess.QUEEN),
        (rook, chess.ROOK),
        (bishop, chess.BISHOP),
        (knight, chess.KNIGHT),
        (pawn, chess.PAWN),
    )
    return {word: piece for words, piece in names for word in words.split()}


def _each(words: str) -> tuple[tuple[str, ...], ...]:
    """Eight names (of the files or of the ranks), `/` parting a name's spellings."""
    return tuple(tuple(name.split("/")) for name in words.split())


def _phrases(*phrases: str) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(phrase.split()) for phrase in phrases)


_WEST_SLAVIC_FILES = _each("a/á b/be/bé c/ce/cé d/de/dé e/é ef g/ge/gé h/ha/há")
_LATIN_FILES = _each("a b/be c/ce d/de e f/ef g/ge h/ha")

_SK = _Speech(
    _pieces("kráľ", "dáma kráľovná", "veža", "strelec", "jazdec kôň", "pešiak pešec"),
    _WEST_SLAVIC_FILES,
    _each("jeden/jedna dva/dve tri štyri päť šesť sedem osem"),
    ("berie", "bere", "vezme"),
    ("z", "zo"),
    ("na",),
    ("šach", "šachuje"),
    ("mat", "šachmat"),
    _phrases(
        "malá rošáda",
        "krátka rošáda",
        "rošáda krátka",
        "rošáda na kráľovskom krídle",
        "rošáda na kráľovské krídlo",
        "rošáda na kráľovskej strane",
    ),
    _phrases(
        "veľká rošáda",
        "dlhá rošáda",
        "rošáda dlhá",
        "rošáda na dámskom krídle",
        "rošáda na dámske krídlo",
        "rošáda na dámskej strane",
    ),
    ("premena", "premení", "premieňa", "mení"),
    ("na", "sa"),
    _pieces("", "dámu kráľovnú", "vežu", "strelca", "jazdca koňa", ""),
    ("dáva",),
    ("ťahá", "ide", "skáče"),
    ("pešiaka",),
    _phrases("mimochodom", "en passant"),
)
_CS = _Speech(
    _pieces("král", "dáma královna", "věž", "střelec", "jezdec kůň", "pěšec pěšák"),
    _WEST_SLAVIC_FILES,
    _each("jedna/jeden dva/dvě tři čtyři pět šest sedm osm"),
    ("bere", "vezme"),
    ("z", "ze"),
    ("na",),
    ("šach", "šachuje"),
    ("mat", "šachmat"),
    _phrases(
        "malá rošáda",
        "krátká rošáda",
        "rošáda krátká",
        "rošáda na královském křídle",
        "rošáda na královské křídlo",
        "rošáda na královské straně",
    ),
    _phrases(
        "velká rošáda",
        "dlouhá rošáda",
        "rošáda dlouhá",
        "rošáda na dámském křídle",
        "rošáda na dámské křídlo",
        "rošáda na dámské straně",
    ),
    ("proměna", "promění", "proměňuje", "mění"),
    ("na", "v", "ve", "se"),
    _pieces("", "dámu královnu", "věž", "střelce", "jezdce koně", ""),
    ("dává",),
    ("táhne", "jde", "tahá", "skáče"),
    ("pěšce", "pěšáka"),
    _phrases("mimochodem", "en passant"),
)
_SR = _Speech(
    _pieces("kralj", "dama kraljica", "top kula", "lovac", "skakač konj", "pešak pješak pion pijun"),
    _LATIN_FILES,
    _each("jedan/jedna dva/dve/dvije tri četiri pet šest sedam osam"),
    ("uzima", "nosi", "jede"),
    ("sa", "s", "od"),
    ("na",),
    ("šah",),
    ("mat", "šahmat"),
    _phrases(
        "mala rokada",
        "kratka rokada",
        "rokada kratka",
        "rokada na kraljevom krilu",
        "rokada na kraljevo krilo",
        "rokada na kraljevoj strani",
    ),
    _phrases(
        "velika rokada",
        "duga rokada",
        "rokada duga",
        "rokada na daminom krilu",
        "rokada na damino krilo",
        "rokada na daminoj strani",
    ),
    ("promocija", "promoviše", "pretvara", "postaje"),
    ("u", "se"),
    _pieces("", "damu kraljicu", "topa", "lovca", "skakača konja", ""),
    ("daje",),
    ("ide", "odlazi", "igra", "prelazi", "skače"),
    ("pešaka", "pješaka", "pijuna"),
    _phrases("u prolazu", "en passant", "en pasan", "an pasan"),
)
_SL = _Speech(
    _pieces("kralj", "dama kraljica", "trdnjava", "lovec", "skakač konj", "kmet"),
    _LATIN_FILES,
    _each("ena dve tri štiri pet šest sedem osem"),
    ("vzame",),
    ("z", "s"),
    ("na",),
    ("šah",),
    ("mat", "šahmat"),
    _phrases("mala rokada", "kratka rokada"),
    _phrases("velika rokada", "dolga rokada"),
    ("promocija", "spremeni", "postane"),
    ("v", "se"),
    _pieces("", "damo kraljico", "trdnjavo", "lovca", "skakača konja", ""),
    ("da",),
    ("gre", "skoči"),
    ("kmeta",),
    _phrases("mimogrede", "en passant"),
)
_DE = _Speech(
    _pieces("könig", "dame", "turm", "läufer", "springer pferd", "bauer"),
    _LATIN_FILES,
    _each("eins zwei/zwo drei vier fünf sechs sieben acht"),
    ("schlägt", "nimmt"),
    ("von",),
    ("nach", "auf"),
    ("schach",),
    ("matt", "schachmatt"),
    _phrases(
        "kurze rochade",
        "kleine rochade",
        "rochiert kurz",
        "rochade kurz",
        "rochade am königsflügel",
        "rochiert am königsflügel",
        "rochade auf dem königsflügel",
    ),
    _phrases(
        "lange rochade",
        "große rochade",
        "rochiert lang",
        "rochade lang",
        "rochade am damenflügel",
        "rochiert am damenflügel",
        "rochade auf dem damenflügel",
    ),
    ("umwandlung", "wandelt", "verwandelt", "wird"),
    ("in", "eine", "einen", "zur", "zum", "sich"),
    _pieces("", "dame", "turm", "läufer", "springer pferd", ""),
    ("gibt", "bietet"),
    ("zieht", "geht", "springt"),
    ("den", "die", "der", "das", "einen", "eine", "bauern"),
    _phrases("en passant", "im vorbeigehen"),
)
_PL = _Speech(
    _pieces("król", "hetman", "wieża", "goniec", "skoczek", "pion pionek"),
    _each("a b/be c/ce d/de e f/ef g/gie h/ha"),
    _each("jeden dwa trzy cztery pięć sześć siedem osiem"),
    ("bije",),
    ("z", "ze"),
    ("na",),
    ("szach",),
    ("mat",),
    _phrases(
        "krótka roszada",
        "mała roszada",
        "roszada krótka",
        "roszada na skrzydle królewskim",
        "roszada w stronę króla",
    ),
    _phrases(
        "długa roszada",
        "duża roszada",
        "roszada długa",
        "roszada na skrzydle hetmańskim",
        "roszada w stronę hetmana",
    ),
    ("promocja", "promuje", "zamienia"),
    ("na", "się", "w"),
    _pieces("", "hetmana", "wieżę", "gońca", "skoczka", ""),
    ("daje",),
    ("idzie", "rusza", "skacze"),
    ("piona", "pionka"),
    _phrases("w przelocie", "en passant"),
)
_EN = _Speech(
    _pieces("king", "queen", "rook", "bishop", "knight horse", "pawn"),
    _each("a b/bee c/cee d/dee e/ee f/eff/ef g/gee h/aitch/haitch"),
    _each("one two three four five six seven eight"),
    ("takes", "captures"),
    ("from",),
    ("to", "on"),
    ("check",),
    ("mate", "checkmate"),
    _phrases(
        "castles kingside",
        "castles short",
        "short castling",
        "kingside castling",
        "castles king side",
        "castles on the kingside",
        "castles on the king side",
        "castling kingside",
        "castling short",
    ),
    _phrases(
        "castles queenside",
        "castles long",
        "long castling",
        "queenside castling",
        "castles queen side",
        "castles on the queenside",
        "castles on the queen side",
        "castling queenside",
        "castling long",
    ),
    ("promotes", "promoting", "promotion", "equals", "becomes"),
    ("to", "a", "into", "on"),
    _pieces("", "queen", "rook", "bishop", "knight", ""),
    ("gives",),
    ("moves", "goes", "jumps"),
    ("the", "a", "pawn"),
    _phrases("en passant", "in passing"),
)
_SERBIAN_CYRILLIC = {"lj": "љ", "nj": "њ", "dž": "џ"} | dict(
    zip("abcčćdđefghijklmnoprsštuvzž", "абцчћдђефгхијклмнопрсштувзж", strict=True)
)


def _in_cyrillic(word: str) -> str:
    """A Serbian word in Latin letters as Serbian Cyrillic writes it."""
    return re.sub("lj|nj|dž|.", lambda letter: _SERBIAN_CYRILLIC.get(letter[0], letter[0]), word)


def _cyrillic(speech: _Speech) -> _Speech:
    """Serbian speech in Cyrillic letters."""

    def words(names: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(map(_in_cyrillic, names))

    return _Speech(
        {_in_cyrillic(name): piece for name, piece in speech.pieces.items()},
        tuple(map(words, speech.files)),
        tuple(map(words, speech.ranks)),
        words(speech.takes),
        words(speech.sources),
        words(speech.targets),
        words(speech.checks),
        words(speech.mates),
        tuple(map(words, speech.short_castling)),
        tuple(map(words, speech.long_castling)),
        words(speech.promotes),
        words(speech.into),
        {_in_cyrillic(name): piece for name, piece in speech.promoted.items()},
        words(speech.gives),
        words(speech.goes),
        words(speech.taken),
        tuple(map(words, speech.passing)),
    )


def _both(latin: _Speech, cyrillic: _Speech) -> _Speech:
    """Serbian words in either script: a text in Cyrillic may be typed in Latin letters, and the other way."""

    def merged(name: str) -> Any:
        one, other = getattr(latin, name), getattr(cyrillic, name)
        if isinstance(one, dict):
            return one | other
        if name in ("files", "ranks"):  # each file's (rank's) names, in the order of the files (ranks)
            return tuple(tuple(dict.fromkeys((*a, *b))) for a, b in zip(one, other, strict=True))
        return tuple(dict.fromkeys((*one, *other)))

    return _Speech(**{field.name: merged(field.name) for field in fields(_Speech)})


_SERBIAN = _both(_SR, _cyrillic(_SR))


_SPEECH = {
    "sk": _SK,
    "cs": _CS,
    "sr": _SERBIAN,
    "hr": _SERBIAN,
    "bs": _SERBIAN,
    "sr-Cyrl": _SERBIAN,
    "sl": _SL,
    "de": _DE,
    "pl": _PL,
    "en": _EN,
}

_WORD = re.compile(r"\w+")
_LETTERS = re.compile(r"[^\W\d_]+")
# The files as Cyrillic letters (as a Serbian Cyrillic text may write them: "е4").
_FILE_LETTERS = dict(zip("абцдефгх", "abcdefgh", strict=True))
# What may part the words of one move (a comma only before its check: "lovac uzima d7, šah").
_BLANKS = re.compile(r"[ \t]*(?:\r?\n[ \t]*)?")
_BEFORE_CHECK = re.compile(r"[ \t]*,?[ \t]*(?:\r?\n[ \t]*)?")


# A written move (in Latin letters or with Serbian Cyrillic files) or castling, and what stands before and
# after a move in a game's text: a move number, a move, a bracket, a result.
_WRITTEN_MOVE = (
    r"(?:[^\W\d_]{1,2})?[a-hабцдефгх]?[1-8]?[-:x×–]?[a-hабцдефгх][1-8](?:=?[^\W\d_])?[+#!?]*"
    r"|[0OО](?:-[0OО]){1,2}[+#!?]*"
)
_MOVE_BEFORE = re.compile(
    rf"(?:(?:^|(?<=[\s(.)]))(?:[0-9]+[ \t]*(?:\.{{1,3}}|…|\))|\.\.\.|…|{_WRITTEN_MOVE})|[)}}\]])[\s,;]*\Z"
)
_MOVE_AFTER = re.compile(
    rf"[\s,;.]*(?:\Z|[0-9]+[ \t]*(?:\.|…|\))|[(\[{{]|1-0|0-1|1/2|½|\*|(?:{_WRITTEN_MOVE})(?=[\s,;.)]|\Z))"
)
_BETWEEN_MOVES = re.compile(r"[\s,;.]*")
_SENTENCE = re.compile(r"[\s,;.]*(?P<words>[^.!\n(]*)")
_LEADING_BLANKS = re.compile(r"\s*")
_CONTEXT = 40  # characters looked at before and after


# German's letters with umlauts as typed without them ("Laeufer", "schlaegt"), and as written.
_UMLAUTS = {"ä": "ae", "ö": "oe", "ü": "ue"}
_TYPED_UMLAUTS = re.compile("|".join(_UMLAUTS.values()))


def _plain(word: str) -> str:
    """A word lower-cased and without its accents: texts typed without them ("skakac", "rosada", "Laeufer",
    "Läufer" and "Laufer" alike) are many."""
    decomposed = unicodedata.normalize("NFKD", _TYPED_UMLAUTS.sub(lambda typed: typed[0][0], word.casefold()))
    return "".join(character for character in decomposed if not unicodedata.combining(character))


@dataclass(frozen=True)
class _Words:
    """A language's words in their plain spellings, looked up by a word's plain spelling."""

    pieces: dict[str, int]
    files: dict[str, str]
    ranks: dict[str, str]
    spoken_files: frozenset[str]
    takes: frozenset[str]
    sources: frozenset[str]
    targets: frozenset[str]
    checks: frozenset[str]
    mates: frozenset[str]
    castling: dict[tuple[str, ...], str]
    promotes: frozenset[str]
    into: frozenset[str]
    promoted: dict[str, int]
    gives: frozenset[str]
    goes: frozenset[str]
    taken: frozenset[str]  # the names of a piece taken, as the capture's sentence declines them
    passing: tuple[tuple[str, ...], ...]
    openers: frozenset[str]  # the words a move told in words may start with (besides a square's)
    telling: re.Pattern[str]  # any word that tells a text may hold a move told in words, in casefolded text


@cache
def _words(code: str) -> _Words | None:
    speech = _SPEECH.get(code)
    if speech is None:
        return None
    files = {
        _plain(name): file for names, file in zip(speech.files, "abcdefgh", strict=True) for name in names
    }
    ranks = {
        _plain(name): rank for names, rank in zip(speech.ranks, "12345678", strict=True) for name in names
    }
    castling = {tuple(map(_plain, phrase)): "0-0" for phrase in speech.short_castling}
    castling |= {tuple(map(_plain, phrase)): "0-0-0" for phrase in speech.long_castling}

    # The words that tell a text may hold a move told in words, as written and as typed without accents: a
    # piece's name, a castling's or a promotion's first word, a rank's name.
    telling = {*speech.pieces, *speech.promotes, *(name for names in speech.ranks for name in names)}
    telling |= {phrase[0] for phrase in (*speech.short_castling, *speech.long_castling)}
    return _Words(
        {_plain(name): piece for name, piece in speech.pieces.items()},
        {**files, **{file: file for file in "abcdefgh"}, **_FILE_LETTERS},
        {**ranks, **{rank: rank for rank in "12345678"}},
        frozenset(name for name, file in files.items() if name != file),
        frozenset(map(_plain, speech.takes)),
        frozenset(map(_plain, speech.sources)),
        frozenset(map(_plain, speech.targets)),
        frozenset(map(_plain, speech.checks)),
        frozenset(map(_plain, speech.mates)),
        castling,
        frozenset(map(_plain, speech.promotes)),
        frozenset(map(_plain, speech.into)),
        {_plain(name): piece for name, piece in speech.promoted.items()},
        frozenset(map(_plain, speech.gives)),
        frozenset(map(_plain, speech.goes)),
        frozenset(map(_plain, (*speech.taken, *speech.pieces, *speech.promoted))),
        tuple(tuple(map(_plain, phrase)) for phrase in speech.passing),
        frozenset(
            {
                *map(_plain, speech.pieces),
                *(phrase[0] for phrase in castling),
                *files,
                *"abcdefgh",
                *_FILE_LETTERS,
            }
        ),
        _any_word(
            {
                *map(str.casefold, telling),
                *map(_plain, telling),
                *(re.sub("[äöü]", lambda letter: _UMLAUTS[letter[0]], word.casefold()) for word in telling),
            }
        ),
    )


def _any_word(words: set[str]) -> re.Pattern[str]:
    """A pattern that finds any of `words` not followed by a letter (`_holds_word` checks the letter before): it
    starts with the words' first letters, so that a search skips the rest at C speed (most texts hold none)."""
    alternation = "|".join(map(re.escape, sorted(words, key=len, reverse=True)))
    return re.compile(rf"(?:{alternation})(?![^\W\d_])")


def _holds_word(pattern: re.Pattern[str], text: str) -> bool:
    """Whether `pattern` (`_any_word`) finds a word in `text` that no letter stands before either."""
    return any(
        found.start() == 0 or _LETTERS.match(text, found.start() - 1) is None
        for found in pattern.finditer(text)
    )


def spoken_moves(text: str, locale: Locale) -> str:
    """The text with the moves told in words written as moves, each as long as its words were."""
    words = _words(locale.code)
    if words is None or not _holds_word(words.telling, text.casefold()):
        return text
    tokens = [(found.start(), found.end(), _plain(found.group())) for found in _WORD.finditer(text)]
    pieces: list[str] = []
    done = 0
    index = 0
    while index < len(tokens):
        word = tokens[index][2]
        if word not in words.openers and not (len(word) == 2 and word[1] in "12345678"):
            index += 1
            continue
        told = _move_at(text, tokens, index, words, locale)
        if told is None:
            index += 1
            continue
        move, last = told
        start, end = tokens[index][0], tokens[last][1]
        if not (_stands_as_move(text, start, done) and _followed_as_move(text, tokens, last, words, locale)):
            index += 1
            continue
        pieces.append(text[done:start])
        if move.startswith("x"):
            # A pawn's capture told without its file, set apart from a square before it, of which it would
            # otherwise read as the long form's capture ("d4 xd4" as "d4 x d4").
            move = " " + move
        pieces.append(_as_long_as(move, text[start:end]))
        done = end
        index = last + 1
    pieces.append(text[done:])
    return "".join(pieces)


def _stands_as_move(text: str, start: int, previous_end: int) -> bool:
    """Whether words starting at `start` stand where a move does: at the text's start, after a move number, a
    move (written, or told just before) or a bracket's end; not in prose ("Angriff auf den Springer c6")."""
    before = text[max(previous_end, start - _CONTEXT) : start]
    if (previous_end and not before.strip(" \t\r\n,;")) or _LEADING_BLANKS.fullmatch(
        text, 0, start
    ) is not None:
        return True
    return _MOVE_BEFORE.search(before) is not None


def _followed_as_move(
    text: str, tokens: list[tuple[int, int, str]], last: int, words: _Words, locale: Locale
) -> bool:
    """Whether what follows a move told in words is what follows a move: a move number, a move (written, or
    told in words), a bracket, a result or the text's end; not more prose ("jazdec c6 je slabý")."""
    end = tokens[last][1]
    if _MOVE_AFTER.match(text, end, end + _CONTEXT) is not None:
        return True
    # The result told in words after the last move ("remis", "Black resigns", "Weiß gibt auf").
    sentence = _SENTENCE.match(text, end, end + _CONTEXT)
    assert sentence is not None
    if draw_first(sentence["words"]) is not None or told_result_end(sentence["words"]) >= 0:
        return True
    following = last + 1
    return (
        following < len(tokens)
        and _BETWEEN_MOVES.fullmatch(text, end, tokens[following][0]) is not None
        and _move_at(text, tokens, following, words, locale) is not None
    )


def _as_long_as(move: str, words: str) -> str:
    """The move followed by blanks to the length of its words, with their line breaks."""
    breaks = words.count("\n")
    return move + "\n" * breaks + " " * max(0, len(words) - len(move) - breaks)


def _move_at(
    text: str, tokens: list[tuple[int, int, str]], index: int, words: _Words, locale: Locale
) -> tuple[str, int] | None:
    """The move told by the words from `tokens[index]` on and the index of its last word, if they tell one."""
    castled = _castling(text, tokens, index, words)
    if castled is not None:
        return _checked(text, tokens, *castled, words)
    position = index
    piece = words.pieces.get(tokens[position][2])
    if piece is not None:
        if not _next(text, tokens, position):
            return None
        position += 1
    best: tuple[str, int] | None = None
    for origin, after_origin, from_word in _origins(text, tokens, position, words):
        took, after_take = _take(text, tokens, after_origin, words)
        target = _square(text, tokens, after_take, words)
        if target is None or (len(origin) == 2 and not from_word and after_take == after_origin):
            continue  # "jazdec c3 a6" is two moves; "z c3 na a6", "c3 berie a6" one
        square, last, told = target
        if _continues(text, tokens[last][1]):
            continue
        promotion, last = _promotion(text, tokens, last, words, locale)
        if last + 1 < len(tokens) and _BEFORE_CHECK.fullmatch(text, tokens[last][1], tokens[last + 1][0]):
            last = _phrase_end(text, tokens, last + 1, words.passing) or last  # ", en passant"
        # A pawn's capture told without its name ("d uzima c6", "a bere b5": "a" is also "and", told apart by
        # what stands around it); a move in the long form told with a word between its squares ("z d7 na d5",
        # "c7 na c6", "c5 bere d4").
        took_with_file = took and len(origin) == 1 and origin in "abcdefgh"
        long_form = len(origin) == 2 and (from_word or after_take > after_origin)
        if not (piece is not None or told or promotion or took_with_file or long_form):
            continue
        if piece in (None, chess.PAWN) and len(origin) == 1 and not (took and origin in "abcdefgh"):
            continue  # a pawn's move names a file it leaves only when it takes, and never a rank alone
        letter = locale.letter(piece) if piece not in (None, chess.PAWN) else ""
        parting = "x" if took else ("-" if len(origin) == 2 else "")
        if best is None or last > best[1]:
            best = (f"{letter}{origin}{parting}{square}{promotion}", last)
    return None if best is None else _checked(text, tokens, *best, words)


def _continues(text: str, end: int) -> bool:
    """Whether a written move goes on after the square that ends at `end` ("e2-e4" is not "e2")."""
    return text[end : end + 1] in ("-", ":", "–", "×")


def _origins(
    text: str, tokens: list[tuple[int, int, str]], position: int, words: _Words
) -> Iterable[tuple[str, int, bool]]:
    """Each way the words at `position` may name where the piece stands (not at all, a square, a file): the
    origin, where the words after it start, and whether "from" was said before it."""
    yield "", position, False
    start = position
    from_word = _next(text, tokens, position) and tokens[position][2] in words.sources
    if from_word:
        start = position + 1
    square = _square(text, tokens, start, words)
    if square is not None and _next(text, tokens, square[1]):
        yield square[0], square[1] + 1, from_word
    if _next(text, tokens, start) and (file := words.files.get(tokens[start][2])) is not None:
        yield file, start + 1, from_word
    if _next(text, tokens, start) and (rank := words.ranks.get(tokens[start][2])) is not None:
        yield rank, start + 1, from_word  # "veža 8 berie d5", "rook one e1"


def _take(text: str, tokens: list[tuple[int, int, str]], position: int, words: _Words) -> tuple[bool, int]:
    """Whether the words at `position` tell a capture ("berie", "uzima na"), and where the words after it
    start; the verb of a move ("ide na"), the piece taken ("berie strelca na", "takes the bishop on") and "to"
    alone are read over too."""
    if _next(text, tokens, position) and tokens[position][2] in words.goes:
        position += 1
    took = _next(text, tokens, position) and tokens[position][2] in words.takes
    if took:
        position += 1
        for _ in range(2):  # "the bishop", "den Läufer"; not the file of "takes a five"
            if (
                _next(text, tokens, position)
                and tokens[position][2] in words.taken
                and _square(text, tokens, position, words) is None
            ):
                position += 1
    if _next(text, tokens, position) and tokens[position][2] in words.targets:
        position += 1
    return took, position


def _square(
    text: str, tokens: list[tuple[int, int, str]], position: int, words: _Words
) -> tuple[str, int, bool] | None:
    """The square named at `position` ("e4", "é štyri", "cé 5", "c tri"), the index of its last word, and
    whether its file is spoken as no word of prose is ("cé", "be"; not "a tri", "and three" in Slovak)."""
    if position >= len(tokens):
        return None
    word = tokens[position][2]
    if (
        len(word) == 2
        and word[1] in "12345678"
        and (letter := _FILE_LETTERS.get(word[0], word[0])) in "abcdefgh"
    ):
        return letter + word[1], position, False
    file = words.files.get(word)
    if file is None or not _next(text, tokens, position):
        return None
    rank = words.ranks.get(tokens[position + 1][2])
    spoken_rank = tokens[position + 1][2] != rank
    if rank is None or not (spoken_rank or word in words.spoken_files):
        return None  # "a 3" is no square told in words
    # A square is told with its rank as a word ("cé päť", "e vier", "a šest"; "de 3" may be a damaged "De3").
    # ("a" is also "and" in Slovak, Czech, Serbian and Polish: "a tri pešiaky" is told apart from a move by
    # what stands around it.)
    return file + rank, position + 1, spoken_rank


def _promotion(
    text: str, tokens: list[tuple[int, int, str]], last: int, words: _Words, locale: Locale
) -> tuple[str, int]:
    """The promotion told after a move's square ("premena na dámu", "promotes to a queen") as written
    (`=D`), and the index of the move's last word; none and `last` where none is told."""
    position = last + 1
    if position >= len(tokens) or not _BEFORE_CHECK.fullmatch(text[tokens[last][1] : tokens[position][0]]):
        return "", last
    if tokens[position][2] not in words.promotes:
        return "", last
    while _next(text, tokens, position) and tokens[position + 1][2] in words.into:
        position += 1
    if not _next(text, tokens, position):
        return "", last
    piece = words.promoted.get(tokens[position + 1][2])
    if piece is None:
        return "", last
    return "=" + locale.letter(piece), position + 1


def _castling(
    text: str, tokens: list[tuple[int, int, str]], index: int, words: _Words
) -> tuple[str, int] | None:
    for phrase, move in words.castling.items():
        last = _phrase_end(text, tokens, index, (phrase,))
        if last is not None:
            return move, last
    return None


def _phrase_end(
    text: str, tokens: list[tuple[int, int, str]], index: int, phrases: Iterable[tuple[str, ...]]
) -> int | None:
    """The index of the last word of the first of `phrases` whose words stand from `tokens[index]` on, parted
    by blanks only; None if none does."""
    for phrase in phrases:
        last = index + len(phrase) - 1
        if last < len(tokens) and all(
            tokens[index + offset][2] == word and (offset == 0 or _parted(text, tokens, index + offset - 1))
            for offset, word in enumerate(phrase)
        ):
            return last
    return None


def _checked(
    text: str, tokens: list[tuple[int, int, str]], move: str, last: int, words: _Words
) -> tuple[str, int]:
    """The move with the check or mate told after it ("šach", ", šah", "dáva šach", "šach mat"), and the index
    of its last word."""
    position = last + 1
    if position >= len(tokens) or not _BEFORE_CHECK.fullmatch(text[tokens[last][1] : tokens[position][0]]):
        return move, last
    if tokens[position][2] in words.gives and _next(text, tokens, position):
        position += 1
    word = tokens[position][2]
    if word in words.mates:
        return move + "#", position
    if word not in words.checks:
        return move, last
    if _next(text, tokens, position) and tokens[position + 1][2] in words.mates:
        return move + "#", position + 1
    return move + "+", position


def _parted(text: str, tokens: list[tuple[int, int, str]], position: int) -> bool:
    """Whether only blanks part the word at `position` from the next one."""
    return _BLANKS.fullmatch(text[tokens[position][1] : tokens[position + 1][0]]) is not None


def _next(text: str, tokens: list[tuple[int, int, str]], position: int) -> bool:
    """Whether a word follows the one at `position`, parted by blanks only (and so may belong to its move)."""
    return position + 1 < len(tokens) and _parted(text, tokens, position)
