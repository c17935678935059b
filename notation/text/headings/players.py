"""The players a heading names: by the colours' words, as a pair on a line, side by side, in a database's lines or
in a sentence of prose (the patterns are listed in the package's docstring)."""

from __future__ import annotations

import re
from typing import NamedTuple

from .words import BLACK, GAME_WORD, NOT_PLACES, OPENING_WORDS, WHITE, YEAR, prose_words

# A name's words are apart by one space: a run of spaces is a gap between a table's columns ("Černý: Lapinski
# rok  1990").
_NAME = r"[^\W\d_](?:[\w.,'’-]|[ ](?![ ]))*?"
# On a line of its own a name ends with the line, and spaces inside it are only spaces ("Čierny: Petrosian,  T.").
_LINE_NAME = r"[^\W\d_](?:[^\W\d_]|[.,'’ \t-])*?"
# An initial after a comma ends a name ("Petrosian, T."); any other comma ends it before a place or a year.
_INITIAL = r"(?:,[ \t]+[^\W\d_]\.?(?![\w.]))?"
# A note in brackets after a name ("A. Burn (Reino Unido)"): the country, the club, the rating.
_NOTE = r"(?:\s*\([^()\n]{0,40}\))?"
# A list's bullet may stand before a colour's word, and a name may be in quotes (`• Bílý: Garry Kasparov`,
# `• Černý: "Deep Blue"`).
_BULLET = r"(?:[•·▪◦*][ \t]*)?"
_QUOTE = r"[\"“„«]?"
_UNQUOTE = r"[\"”“»]?"
_COLOURS = re.compile(
    # (White's label may end in a dash: "Világos– Timman – Sötét: Naiditsch".)
    # A one-word place or country after White's name, between dots, is no part of it ("Hvítt: J. Enevoldsen.
    # Danmörk. Svart: ...").
    rf"(?:{WHITE})\s*(?::|[–—](?=[ \t]))\s*{_QUOTE}(?P<white>{_NAME}{_INITIAL}){_UNQUOTE}{_NOTE}"
    r"(?:(?<=[^\W\d_]{4})\.[ \t]+[^\W\d_]{3,}(?=\.))?"
    rf"\s*(?:[–—-]|[.;,]|\s)\s*{_BULLET}(?:{BLACK})\s*:\s*"
    rf"{_QUOTE}(?P<black>{_NAME}{_INITIAL}){_UNQUOTE}"
    # A dot ends the black name unless it follows an initial ("Negras: G. Mackenzie") or a title ("Svart: Dr. A.
    # Aljechin").
    # A comma ends it too, but not a database's "Surname,Given" ("Crni: Akl,Jad Eli").
    r"\s*(?:(?<![\s.,:][^\W\d_])(?<![\s:](?:Dr|Mr|Jr))\.|,(?![^\W\d_])|[;/(\[]|\s[–—-]\s|(?<=[ ]{2})|$"
    # ... or at another label ("Černá: Philipp Meitner Zahájení : Vienna Party"), or at a sign no name has ("Sötét:
    # dr. Tarta&over", OCR's).
    r"|(?<=\s)(?=[^\W\d_]+[ \t]*:)|(?=[^\w\s.,'’-]))",
    re.IGNORECASE | re.MULTILINE,
)
_ONE_COLOUR = re.compile(
    rf"^\s*{_BULLET}(?:{WHITE})\s*:\s*{_QUOTE}(?P<white>{_LINE_NAME}){_UNQUOTE}\s*[.;]?\s*$"
    rf"|^\s*{_BULLET}(?:{BLACK})\s*:\s*{_QUOTE}(?P<black_line>{_LINE_NAME}){_UNQUOTE}\s*[.;]?\s*$"
    # "(czarne: Edward Arłamowski, Szczawno Zdrój, 1950 r.)": Black alone, named in brackets.
    rf"|\(\s*(?:{BLACK})\s*:\s*(?P<black>[^\W\d_][\w.'’ -]*?)\s*[,;)]",
    re.IGNORECASE | re.MULTILINE,
)
_CAPS = r"(?:[^\W\d_a-z]|(?<=[LN])j)"
# FIDE's titles and national ones written before a name (Italy's categories "1N", "CM").
_TITLE = r"(?:(?-i:W?GM|W?IM|W?FM|W?CM|NM|[1-3]N)[ \t]+)?"
_PAIR = re.compile(
    # A label may stand before the pair on its line ("Partida de ajedrez: Spiers - Davey (Londres, 1950)").
    # So may a Markdown heading's marks ("### Khalifman – Svěšnikov, Rusko 1996").
    # And a lesson's exercise number ("### 1. Schlechter – Wolf", "1. Лопес - Леонардо"), a name after it.
    # ("31.Капабланка - Фонарев С66": the name right after the number's dot, a word of letters only; "1) Т.
    # Петросян – А. Нерсесов": an initial first.)
    # Or a round or board in brackets ("(8) Peter M. Leimand - Jesper Skjoldborg [C69]"), or the round's word
    # and number ("# Ronde 1. Karpov - Miles").
    r"^\s*(?:\#{1,6}[ \t]+|\*{1,2})?(?:(?i:round|ronde|runde|kolo|runda|ronda|turno|tour)[ \t]+[0-9]{1,2}[.:][ \t]+)?(?:[0-9]{1,3}[.)](?:[ \t]+(?=[^\W\d_a-z](?:[^\W\d_A-Z]{2}|\.[ \t]?[^\W\d_a-z]))|(?=[^\W\d_a-z][^\W\d_A-Z]{3,}\b))"
    r"|\([0-9]{1,3}\)[ \t]+)?"
    # Or a date ("2013-01-30 : Csoli - Dicska").
    r"(?:(?:[^\W\d_][^\W\d_ ]*(?:\s[^\W\d_]+){0,3}|[0-9]{4}-[0-9]{2}-[0-9]{2}[ \t]*)?:\s*)?"
    # A player's title before a name is no part of it ("CM Savino Di Lascio (1818) vs. 1N Carmine Quaranta").
    # (A surname of two joined by a hyphen: "Juan Carlos Gonzalez-Zamora - Thomas Luther".)
    # (Not across a sentence's end: "His win over Timman is a classic. Short – Timman Tilburg, 1991".)
    rf"{_TITLE}(?P<white>[^\W\d_](?:[\w.,'’]|(?<![^\W\d_A-Z]{{2}}\.)[ ]|-(?=[^\W\d_])){{0,40}}?[\w.])"
    # The dash spaced, doubled ("Tal, Mikhail -- Bronstein"), or unspaced after a note in brackets
    # ("Piorun, K (2601)-Sadzikowski, D (2507)").
    # Or "x" ("Kasparov x Karpov", as Brazil writes it), "vs." or "versus".
    rf"{_NOTE}(?:\s+[–—-]{{1,2}}\s+|(?<=\))[–—-]{{1,2}}\s*|[ \t]+(?:[x×]|vs\.?|versus)[ \t]+){_TITLE}"
    # The black name: "Dominec,C" is one name, and so are "Miruna-Darija Lehaci" and "Kapička, V" (an
    # initial after ", "),
    # "Duda, J-K" too; otherwise it ends at ", " (a place or an event follows), at a bracket, at a number (a
    # year), at a table's column rule, at a run of spaces before the event ("Anish Giri - Nikita Vitiugov  Fide
    # Grand Prix …") or at the line's end.
    r"(?P<black>[^\W\d_](?:[\w.'’ ]|[,-](?=[^\W\d_])){0,40}?[\w.](?:,\s[^\W\d_]\.?(?:-[^\W\d_]\.?)?)?)"
    # (A comma glued after an initial's dot starts the event: "Ghizdavu,D.,World Student Team Ch., Graz".)
    r"\s*(?=,\s|(?<=[^\W\d_]\.),(?=[^\W\d_]{2})|:\s|[(\[]|\s[(\[]|\s\d|\s[A-EАВСЕ][0-9]{2}[ \t]*$|\s*$|[ \t]*\||(?<=\w)[ ]{2,}[^\W\d_])"
    # Two capitalised names joined by an unspaced en or em dash, a place or a date after a comma
    # ("Кузьмичов—Матвієк, Рига, 1972 рік."; a hyphen joins a place's names: "Нью-Йорк, 1904"), the dash perhaps
    # spaced on one side ("Kramnik– Anand, Dünya Şampiyonluğu, Almanya, 2008").
    r"|^\s*(?P<white8>[^\W\d_a-z][^\W\d_A-Z]+)(?:[–—][ ]?|[ ][–—])(?P<black8>[^\W\d_a-z][^\W\d_A-Z]+)(?=,\s|\s*$)"
    # Two names of two words each, a given name and a surname, joined by an unspaced hyphen ("Alexeï
    # Chirov-Vladimir Kramnik, Trophée Amber, Monte Carlo (Monaco), 2005"): a place's name is one word each side.
    r"|^\s*(?P<white10>[^\W\d_a-z][^\W\d_A-Z]+[ ][^\W\d_a-z][^\W\d_A-Z]+)-"
    r"(?P<black10>[^\W\d_a-z][^\W\d_A-Z]+[ ][^\W\d_a-z][^\W\d_A-Z]+)(?=,\s|\s*$)"
    # Names in capitals (the Serbo-Croatian digraphs Lj and Nj keep their j small: "JELEN-BELjAVSKI").
    rf"|^\s*(?P<white2>{_CAPS}{{2,}}(?:\s{_CAPS}+)?)\s*(?:[–—-]|[ \t][x×][ \t])\s*(?P<black2>{_CAPS}{{2,}})\s*(?=[,(\[]|\s*$)"
    # Two surnames joined by a hyphen, alone on the last line before the moves ("Korčnoj-Ivkov 1.d4",
    # ("Ivančo-dr. Lax 1.e4", a title before a name), the place and year in brackets after them, on its
    # line or the next ("Petrosjan-Ree (Wijk aan Zee 1974)") ...
    # (after a sentence's end on its line too: "… k nepredvídanej kapitulácii. Spielmann-Eliskases (Zápas 1932)
    # 1.d4"),
    r"|(?:^|(?<=[.!?][ \t]))\s*(?P<white3>(?:[Dd]r\.\s?)?[^\W\d_a-z][^\W\d_A-Z]+)"
    r"-(?P<black3>(?:[Dd]r\.\s?)?[^\W\d_a-z][^\W\d_A-Z]+)"
    # ... or followed by the result and notes in brackets on its line ("Teed-Delmar 1-0 [A80]"), or by the year
    # alone ("Fleissig-Schlechter 1893").
    r"(?:(?:\s*\([^()\n]*\))?\s*(?:1\s*[.)]\s*)?\Z|[ \t]+(?:1-0|0-1|½-½|1/2-1/2)(?:[ \t]*[(\[][^()\[\]\n]*[)\]])*[ \t]*$"
    r"|[ \t]+(?:1[5-9][0-9]|20[0-4])[0-9][ \t]*$)"
    # Two names that lost what stood between them ("K. HromádkaE. Bogoljubov", "R. P. MichellDr. S.
    # Tartakower:"): the second begins with an initial or a title right after the first's last letter.
    r"|^\s*(?P<white4>(?:[^\W\d_a-z]\.\s?)+[^\W\d_a-z][^\W\d_A-Z]+)"
    r"(?P<black4>(?:Dr\.\s?)?(?:[^\W\d_a-z]\.\s?)+[^\W\d_a-z][^\W\d_A-Z]+)\s*:?\s*(?:1\s*[.)]\s*)?$"
    # A database's copy: each player on a line of their own with a federation ("Schulder R (GER?)").
    r"|^[ \t]*(?P<white5>[^\W\d_][\w.,'’ -]{1,40}?)[ \t]*\([A-Z]{3}\??(?:,[ \t]*[0-9]{4})?\)[ \t]*\r?\n"
    r"[ \t]*(?P<black5>[^\W\d_][\w.,'’ -]{1,40}?)[ \t]*\([A-Z]{3}\??(?:,[ \t]*[0-9]{4})?\)[ \t]*$"
    # A book's heading: the two players' initials and names side by side, alone on their line ("A. Alechin
    # J. Bogoljubow").
    r"|^[ \t]*(?P<white6>(?:[^\W\d_a-z]\.[ ]?)+[^\W\d_a-z][^\W\d_A-Z]+)[ \t]+"
    r"(?P<black6>(?:[^\W\d_a-z]\.[ ]?)+[^\W\d_a-z][^\W\d_A-Z]+)[ \t]*$"
    # Or, last in the heading, after a sentence's end on its line, two names with a spaced dash and the place
    # and year in brackets ("… SBALORDITIVO !!! Pancenko – Gofstein (Leningrado 1976)", a PDF's run-on text).
    # (A name may end in an initial, and have its rating after it: "… těsně po ní se projevila herní převaha.
    # Tejkal J., 2033F – Londýn R., 2350F 1.d4", its ratings bracketed first; a colon may end the pair: "… en
    # wilde de Turk testen. Napoleon – Turk: 1.e4".)
    # (Or in capitals: "… prikazuje ga u najlepšem svetlu. KARLSEN – AROWAN (Linares, 2008) 1.e4".)
    # (An initial may be glued to the name, and the place and year in brackets be followed by the opening's name:
    # "… uno dei migliori scacchisti del mondo. J.Polgar - Anand (Wijk aan Zee, 1998) Difesa Siciliana".)
    r"|(?<=[.!?][ \t])\s*(?P<white9>(?:[^\W\d_a-z]\.[ ]?)?[^\W\d_a-z](?:[^\W\d_A-Z]+|[^\W\d_a-z]+)(?:[ ](?:[^\W\d_a-z][^\W\d_A-Z]+|[^\W\d_a-z]\.))?)"
    r"(?:[ \t]*\([12][0-9]{3}\))?\s+[–—-]\s+"
    r"(?P<black9>[^\W\d_a-z](?:[^\W\d_A-Z]+|[^\W\d_a-z]+)(?:[ ](?:[^\W\d_a-z][^\W\d_A-Z]+|[^\W\d_a-z]\.))?)"
    # (Or the place and year after the pair: "… the classic games of modern chess. Short – Timman Tilburg, 1991".)
    r"(?=[ \t]*(?:\([^()\n]*\))?[ \t]*:?\s*(?:1\s*[.)]\s*)?\Z"
    r"|[ \t]*\([^()\n]*(?<![0-9])(?:1[5-9]|20)[0-9]{2}(?![0-9])[^()\n]*\)"
    r"|[ \t]+[^\W\d_a-z][^\W\d_A-Z]+(?:[ ][^\W\d_a-z][^\W\d_A-Z]+)?,?[ \t]+(?:1[5-9]|20)[0-9]{2}\.?\s*(?:1\s*[.)]\s*)?\Z)"
    # Or two names, each with its initials, joined by a hyphen, ending a line or a sentence ("B. Andersen-B. Koch.
    # Jediná výhra Dánska v prvom kole.", "Obrona Francuska L. Paulsen-S. Tarrasch").
    r"|(?:^|(?<=[ \t]))(?P<white11>(?:[^\W\d_a-z]\.[ ]?)+[^\W\d_a-z][^\W\d_A-Z]+)-"
    r"(?P<black11>(?:[^\W\d_a-z]\.[ ]?)+[^\W\d_a-z][^\W\d_A-Z]+)(?=[.:]?[ \t]*$|\.[ \t])"
    # Or each as "Surname, Given names" on a line of their own ("Carlsen, Magnus", then "Firouzja, Alireza"),
    # perhaps with a rating ("Zikeli, Saskia (1340)").
    r"|^[ \t]*(?P<white7>[^\W\d_a-z][^\W\d_A-Z]+,[ ][^\W\d_a-z][^\W\d_A-Z]+(?:[ ][^\W\d_a-z][^\W\d_A-Z]*)?)"
    r"(?:[ \t]*\([0-9]{4}\))?[ \t]*\r?\n[ \t]*(?P<black7>[^\W\d_a-z][^\W\d_A-Z]+,[ ][^\W\d_a-z][^\W\d_A-Z]+"
    r"(?:[ ][^\W\d_a-z][^\W\d_A-Z]*)?)(?:[ \t]*\([0-9]{4}\))?[ \t]*$",
    re.MULTILINE,
)
# Given names after a surname and a comma ("Bondick, Karl-Heinz"), up to a note in brackets or the line's end;
# and a given name written out after a comma (not an initial: "Kapička, V - Novák, Praha" names a place after
# the comma).
_GIVEN_NAMES = re.compile(r",[ \t]*[^\W\d_][\w.'’ \t-]{0,30}?(?=[ \t]*(?:[(\[]|$))", re.MULTILINE)
_GIVEN_WORD = re.compile(r",\s*[^\W\d_]{2,}")
_SPACED_DASH = re.compile(r"\s[–—-]\s")
# ... of which those that are no word of a player's name.
_EVENT_WORDS = NOT_PLACES - {"ch"}
# A rating after a comma, its list's letter glued to it ("Tejkal J., 2033F – Londýn R., 2350F"; F for FIDE's, N
# for the national one), or without the letter on both sides of the dash ("Tejkal J., 2033 – Londýn R., 2350").
_COMMA_RATING = re.compile(r"(?<=[^\W\d_.]|\.),[ \t]*([12][0-9]{3})(?P<list>[A-Z]?)(?![\w])")
# Two names side by side on a line, a note in brackets perhaps after them, and the line after it, at a heading's
# end ("Морфи А. Морфи (отец)", "Новый Орлеан, весна 1849").
_SIDE_NAME = r"(?:[^\W\d_]\.[ \t]?)?[^\W\d_][^\W\d_'’-]+"
_SURNAME_LONGEST = 16
_SIDE_BY_SIDE = re.compile(
    rf"^[ \t]*(?P<white>{_SIDE_NAME})[ \t]+(?P<black>{_SIDE_NAME})[ \t]*(?:\([^()\n]{{1,60}}\))?[ \t]*\n"
    # (The first move's number may close the text: "Нью-Йорк, осень 1857", then "1. e2-e4".)
    # (A blank line may stand between the names and the place: "Карпов Унцикер", "", "Ницца, 1974".)
    r"\s*(?P<place>[^\W_][^\n]*)(?:\n\s*(?:1[ \t]*[.)]?[ \t]*)?)?\Z",
    re.MULTILINE,
)
# Each player on a line of his own with his rating in brackets, and perhaps the event with the round in brackets
# on a line after them, as a database's page sets a game's heading ("Anatoly Karpov (2720)", "Garry Kasparov
# (2700)", a blank line, "World Championship 32th-KK2 (16)").
_RATED_LINES = re.compile(
    r"^[ \t]*(?P<white>[^\W\d_][\w.,'’ -]{1,40}?)[ \t]*\([0-9]{3,4}\)[ \t]*\n"
    r"[ \t]*(?P<black>[^\W\d_][\w.,'’ -]{1,40}?)[ \t]*\([0-9]{3,4}\)[ \t]*$"
    r"(?:\s*^[ \t]*[^\W\d_][^\n()]{0,60}?[ \t]*\((?P<round>[0-9]{1,3}(?:\.[0-9]{1,2})?)\)[ \t]*$)?",
    re.MULTILINE,
)
# A column's sentence naming the players with their ratings, the opponent after words that describe him
# ("hafði svart gegn kínversku skákkonunni Yun Guo (2.213)", "… gegn rússneskum kollega sínum, Aleksandr …").
_TOLD_NAME = r"(?:[\w.'’-]+[ \t]+){0,3}[\w'’-]+"
_TOLD_PLAYERS = re.compile(
    rf"(?P<subject>{_TOLD_NAME})[ \t]*\([0-9.]{{4,5}}\)[^()\n]{{0,60}}?[ \t]hafði[ \t]+(?P<colour>hvítt|svart)"
    rf"[ \t]+gegn[ \t]+(?:[^\W\d_A-ZÁÐÉÍÓÚÝÞÆÖ]+,?[ \t]+|[^\W\d_]+num[ \t]+){{0,4}}(?P<opponent>{_TOLD_NAME})"
    r"[ \t]*\([0-9.]{4,5}\)"
)
# A long word ending in the definite article is a noun ("Bandaríkjamaðurinn"), not a name ("Kristinn").
_NOUN_WITH_ARTICLE = 9
_BETWEEN_RATINGS = re.compile(r"[ \t][-–—][ \t]")
_NAME_LONGEST = 40
# A name that ends in an initial.
_INITIAL_LAST = re.compile(r"(?:^|[\s.,])[^\W\d_a-z]\.\Z")
# A word after a comma: the black name's club or place ("sort: Knud Højgaard, Valby").
_WORD_AFTER = re.compile(r",[ \t]*[^\W\d_]")
# A year after a comma, where a place has run on from the black name.
_YEAR_AFTER = re.compile(r",[ \t]*(?:1[5-9][0-9]|20[0-4])[0-9](?![0-9])")


# (A colour's word that is the whole name is the name: "Novák - Černý".)
_COLOUR_LABEL = re.compile(rf"^(?:{WHITE}|{BLACK})\b\s*:?\s*(?=\S)", re.IGNORECASE)


_FIRST_NUMBER_AFTER = re.compile(r"[ \t–—-]+1\.?[ \t]*\Z")
_GAME_BEFORE = re.compile(
    r"^[ \t]*(?i:partiet|partie|partia|partija|partita|partida|game)[ \t]+(?=[^\W\d_a-z])"
)
# How an opening's one-word name ends where a language joins it (Icelandic "Sikileyjarleikur", "Drottningarbragð").
_OPENING_ENDINGS = ("leikur", "vörn", "bragð")
# A square in a "name": the pieces of a problem's position after the colours' words ("Wit: Kb8, Dal. Tg7, d3").
_SQUARE_IN_NAME = re.compile(r"(?<![\w])[^\W\d_]?[a-h][1-8](?![\w])")
# A federation's or a server's code written after a name ("Carlsen NOR", "Mitus ICS"): no part of it.
_CODE_AFTER = re.compile(r"[A-Z]{2,3}")


def _name(text: str) -> str:
    """A player's name as written, without the colour word before it ("Negras Dr. S. Tarrasch"), the word for
    game before it ("Partiet Jörgen Magnusson") or the first move's number run on after it ("Svart: Tarrasch 1.
    d2—d4")."""
    name = _GAME_BEFORE.sub("", _FIRST_NUMBER_AFTER.sub("", text)).strip(' ,;:–—-"“”„«»')
    if not _INITIAL_LAST.search(name):  # "N. N." keeps its dot
        name = name.strip(" .,;:–—-")
    name = re.sub(r"\s*,\s*", ", ", _COLOUR_LABEL.sub("", name))
    words = name.split()
    while len(words) >= 2 and (
        words[-1].casefold() in OPENING_WORDS or words[-1].casefold().endswith(_OPENING_ENDINGS)
    ):
        words.pop()  # the opening's name run on after the black name ("Svart : B. Spasski Sikileyjarleikur")
    if (
        len(words) >= 2
        and _CODE_AFTER.fullmatch(words[-1])
        and not words[-2].isupper()
        and words[-2][-1] != ","
    ):
        words.pop()
    return " ".join(_capitalised(word) for word in words)


def _capitalised(word: str) -> str:
    """A name written in capitals as names are written ("FILIPOV" → "Filipov", "BELjAVSKI" → "Beljavski");
    initials and short words ("NN") as they are."""
    letters = [char for char in word if char.isalpha()]
    if len(letters) >= 3 and sum(char.islower() for char in letters) <= 1 and letters[1].isupper():
        return word.capitalize()
    return word


# A name as a database writes it: the surname, a comma, the given name.
_SURNAME_GIVEN = re.compile(r"[^\W\d_a-z][^\W\d_A-Z]+,[ ][^\W\d_a-z][^\W\d_A-Z]+")


def _without_event(side: str) -> str:
    """A side of a pair without the event's words it starts with ("Матч Морфи - Левенталь 1858")."""
    words = side.split()
    while len(words) > 1 and words[0].casefold() in _EVENT_WORDS:
        words.pop(0)
    return " ".join(words)


def _led_by_event(pair: re.Match[str]) -> bool:
    """Whether a pair's white side starts with an event's word ("Матч Морфи - Левенталь 1858")."""
    white = pair["white"] or ""
    return _without_event(white) != white


def _names(pair: re.Match[str]) -> bool:
    """Whether a pair's two sides end in a capitalised word, as names do ("van Wely", "Count of Isouard"), and
    a sentence's two halves around a dash seldom do ("Nesmrtelná partie — šachová partie, kterou ...");
    names in capitals are in capitals in any script (not "Нью-Йорк": the pattern tells capitals only from
    a to z)."""
    if pair["white2"] and not re.sub(r"(?<=[LN])j", "J", pair["white2"] + pair["black2"]).isupper():
        return False
    sides = [side for side in pair.groupdict().values() if side]
    words = {word.casefold() for side in sides for word in re.findall(r"[^\W\d_]+", _without_event(side))}
    if words & OPENING_WORDS or words & _EVENT_WORDS:
        # An opening's name, or an event's or a text's word after a name's first ("Gespielt im Divan - Turnier"):
        # no player's.
        return False
    if any(re.fullmatch(r"[A-E][0-9]{2}", side) for side in sides):
        # "Drachenvariante - B78": an opening and its code.
        return False
    white, black = pair["white"], pair["black"]
    if white is not None and _SURNAME_GIVEN.fullmatch(white) and black[0].isupper():
        # "Greco, Gioacchino -- Nieznany przeciwnik": a database's white name, and black an unknown opponent.
        return True
    return all(side is None or side.split()[-1][0].isupper() for side in (white, black))


def _menu(pair: re.Match[str]) -> bool:
    """Whether a pair's line is a page's menu of links ("Info – Pgn(104) – Partije – Učesnici – Kolo"): four
    items or more between dashes, none longer than two words, not two players."""
    start = pair.string.rfind("\n", 0, pair.start()) + 1
    end = pair.string.find("\n", pair.end())
    items = _SPACED_DASH.split(pair.string[start : end if end >= 0 else len(pair.string)])
    return len(items) >= 4 and all(len(item.split()) <= 2 for item in items)


def bracketed_ratings(text: str) -> str:
    """The heading with ratings written after a comma put in brackets, as most headings write them (a year after
    a comma stays: "Tal - Jakobsen, 1972")."""
    found = list(_COMMA_RATING.finditer(text))
    if not found:
        return text
    between = text[found[0].end() : found[-1].start()]
    paired = (
        len(found) == 2
        and len(between) <= _NAME_LONGEST
        and "\n" not in between
        and _BETWEEN_RATINGS.search(between) is not None
    )
    if not paired and not all(rating["list"] for rating in found):
        return text
    return _COMMA_RATING.sub(r" (\1)", text)


def _side_by_side(text: str) -> tuple[str, str] | None:
    """The players named side by side on the line above the game's place and date at a heading's end, as books
    set them ("Морфи Стэнли", then "Нью-Йорк, осень 1857"; "Морфи А. Морфи (отец)"): each a name in capitals
    and small letters, the place's line starting as a place or a date does, not as prose."""
    found = _SIDE_BY_SIDE.search(text)
    if found is None or not (found["place"][0].isupper() or found["place"][0].isdigit()):
        return None
    if not YEAR.search(found["place"]):
        return None
    surnames = [found[side].rpartition(" ")[2].rpartition(".")[2] for side in ("white", "black")]
    if not all(surname.istitle() and len(surname) <= _SURNAME_LONGEST for surname in surnames):
        return None  # (not "Württembergische Jugendeinzelmeisterschaft", an event's name)
    return found["white"], found["black"]


# The first move's number at a heading's end ("… Kérész Szmiszlov I. ", OCR's I or l for 1).
_FIRST_MOVE_AFTER = re.compile(r"[ \t]*(?<![\w.])[1Il][ \t]*[.)]?[ \t]*\Z")
_SURNAME = r"[^\W\d_a-z][^\W\d_A-Z]+"
_NAMED_NOTE = r"(?:[ \t]*\([^()\n]{1,30}\))?"
# After the names, where the game was played ("… zo stretnutia Argentína-Švajčiarsko", "… z polofinále XXI.
# preboru SSSR"): a preposition first.
_WHERE_AFTER = (
    r"(?:[ \t]+(?:z|zo|ze|from|of|in|at|aus|von|vom|im|beim|bei|de|du|del|della|dal|da|van|uit|из|на|в|с|со|na|v|vo"
    r"|w|au|en|dans|при|iz|sa|s|med|fra|frá|från)\b[^\n]{0,80}?)?"
)
# The sentence before the moves that names the game by its players after the word "game" ("Teraz pozrime na
# kapituláciu v partii Smyslov-Pachman. 1.c4", "… zohrajte s nami partiu Olaffson (Island)-Najdorf
# (Argentína). 1.c4").
_GAME_NAMED = re.compile(
    rf"\b{GAME_WORD}[ \t]+(?P<white>(?:[Dd]r\.[ ]?)?(?:[^\W\d_a-z]\.[ ]?)*{_SURNAME}){_NAMED_NOTE}[ \t]*[-–—][ \t]*"
    rf"(?P<black>(?:[Dd]r\.[ ]?)?(?:[^\W\d_a-z]\.[ ]?)*{_SURNAME}){_NAMED_NOTE}{_WHERE_AFTER}[ \t]*[.:]?"
    r"(?:[ \t\n]*(?<![\w.])[1Il][ \t]*[.)]?)?[ \t\n]*\Z"
)
# One word of a name set in a newspaper's column: a surname (perhaps with a title glued to it: "Dr.Olland"), an
# initial ("F.", "Gi."), a title ("Dr."), or a dot alone between the two names ("Ahues . Dr. Aljechin").
_RUN_WORD = re.compile(r"(?:[Dd]r\.)?\w(?:[^\W\d_A-Z]+(?:-[^\W\d_a-z][^\W\d_A-Z]+)?\.?|[^\W\d_A-Z]?\.)|\.")
_RUN_INITIAL = re.compile(r"[^\W\d_a-z][^\W\d_A-Z]?\.")
_RUN_TITLE = re.compile(r"[Dd]r\.")
# What may stand before such a run: a number (a date's, the game's, an opening's class: "E 51/c"), a word in
# capitals (the opening's name: "SPANYOL MEGNYITÁS"), a dash.
_RUN_AFTER = re.compile(r"[0-9][\w./—–-]*|[^\W\d_a-z]{2,}[.,]?|[–—-]")
# A dash between the two names ("SZICÍLIAI VÉDELEM E 51/c Lemacsko — Grosch 1. e4"), as a dot alone may be.
_RUN_DASHES = frozenset("—–-")
_RUN_BETWEEN = _RUN_DASHES | {"."}
_NAMES_DASH = re.compile(r"(?<=[^\W\d_A-Z]{2})[—–](?=[^\W\d_a-z][^\W\d_A-Z])")
_RUN_LONGEST = 6
_TWO_WORDS_EACH = (2, 4)


def _names_run(text: str) -> tuple[str, str] | None:
    """The players named side by side right before the first move, as a newspaper's column sets them after the
    opening's name in capitals or the date ("SPANYOL MEGNYITÁS Kérész Szmiszlov 1. e4", "Semmering, 1926 Dr.
    Vajda Dr. Aljechin 1. d4", "1913 dec. 16. Dus-Chotimirsky F. Capabianca J. 1. d2—d4"). Where the first name
    ends is told by the initials after it, a title before the second, a dot or a dash between them, or by the
    count of words (one or two each); otherwise no name is read."""
    end = _FIRST_MOVE_AFTER.search(text)
    if end is None:
        return None
    # On the heading's last line, after what comes before them there (a line of a name alone, "Jerzy
    # Konikowski", names the author).
    # (An unspaced dash between two capitalised names parts them as a spaced one does: "Georgadze—Tál".)
    words = _NAMES_DASH.sub(" — ", text[: end.start()].rstrip().rpartition("\n")[2]).split()
    run: list[str] = []
    while (
        words
        and (
            (_RUN_WORD.fullmatch(words[-1]) and (words[-1][0].isupper() or words[-1] in ("dr.", ".")))
            or words[-1] in _RUN_DASHES
        )
        and len(run) <= _RUN_LONGEST
    ):
        run.insert(0, words.pop())
    while run and run[0] in _RUN_DASHES:
        words.append(run.pop(0))  # a dash before the names stands before the run
    if not 2 <= len(run) <= _RUN_LONGEST or not words or not _RUN_AFTER.fullmatch(words[-1]):
        return None
    folded = {word.strip(".").casefold() for word in run}
    if folded & (OPENING_WORDS | _EVENT_WORDS | NOT_PLACES) or any(
        re.fullmatch(f"{WHITE}|{BLACK}|{GAME_WORD}", word, re.IGNORECASE) for word in folded
    ):
        return None

    def surname(word: str) -> bool:
        return not _RUN_INITIAL.fullmatch(word) and not _RUN_TITLE.fullmatch(word) and word != "."

    between = next((word for word in run if word in _RUN_BETWEEN), None)
    if between is not None:
        split, skip = run.index(between), 1
    else:
        titled = [index for index, word in enumerate(run) if index and _RUN_TITLE.match(word)]
        initialled = [
            index + 1
            for index, word in enumerate(run[:-1])
            if _RUN_INITIAL.fullmatch(word) and not _RUN_INITIAL.fullmatch(run[index + 1])
        ]
        skip = 0
        if titled:
            split = titled[0]  # "Dr. Vajda Dr. Aljechin"
        elif len(initialled) == 1 and surname(run[0]) and initialled[0] <= 3:
            split = initialled[0]  # "Gereben E. Flórián T.", "Dr.Olland A. Lasker Ede"
        elif len(run) in _TWO_WORDS_EACH and all(map(surname, run)):
            split = len(run) // 2  # "Kérész Szmiszlov", "Portisch Lajos Barcza Gedeon"
        else:
            return None
    sides = run[:split], run[split + skip :]
    if not all(any(map(surname, side)) for side in sides) or (
        skip and len(list(filter(surname, sides[0]))) != len(list(filter(surname, sides[1])))
    ):
        return None  # ("Vezércsel Ahues . Dr. Aljechin": the opening's name before the first)
    white, black = (re.sub(r"^([Dd]r\.)(?=\w)", r"\1 ", " ".join(side)) for side in sides)
    return white, black


# A line of the two colours' words alone, as a table's head ("Białe\t\t\tCzarne", "Hvítt. Svart."), and the
# names on the line below or above it: apart by a tab or a run of spaces, or each ending in a dot.
_COLOURS_LINE = re.compile(
    rf"^[ \t]*\(?(?:{WHITE})\)?[ \t]*[.:]?[ \t]+\(?(?:{BLACK})\)?[ \t]*[.:]?[ \t]*$",
    re.IGNORECASE | re.MULTILINE,
)
_COLUMNS = re.compile(r"\t+|[ ]{2,}|(?<=[^\W\d_]{2})\.[ \t]+")


def _under_colours(text: str) -> tuple[str, str] | None:
    """The players named on the line below a table's head of the two colours' words ("Białe\t\t\tCzarne", then
    "Jackson Showalter   Edward Lasker"), or on the line above it ("F. J. Makshall. M. J. Tsjigokin.", then
    "Hvítt. Svart."; "… 20 oktober, Lasker Janowski", then "Hvit Svart")."""
    head = _COLOURS_LINE.search(text)
    if head is None:
        return None
    below = text[head.end() :].strip().split("\n", 1)[0]
    above = text[: head.start()].rstrip().rpartition("\n")[2]
    for line in (below, above):
        line = line.strip().rstrip(".,")
        if ", " in line and prose_words(line):
            line = line.rpartition(", ")[2]  # the names after a sentence about the game
        names = [name.strip() for name in _COLUMNS.split(line) if name.strip()]
        if len(names) == 1 and len(names[0].split()) == 2:
            names = names[0].split()
        if len(names) == 2 and all(name[0].isupper() and not prose_words(name) for name in names):
            return names[0], names[1]
    return None


# A colour's word in brackets right after a player's name ("В. Сергеев (белые) -Г. Фатхутдинов (черные).",
# "Reinhardt Fuchs (világos) és Honfi között", "… vyhral hráč M. Hajtl (čierny), súper bol …"): initials and one
# or two capitalised words.
_COLOUR_NOTED = re.compile(
    r"(?P<name>(?:[^\W\d_a-z]\.[ \t]?)*[^\W\d_a-z][^\W\d_A-Z]+(?:[ \t][^\W\d_a-z][^\W\d_A-Z]+)?)[ \t]*"
    rf"\((?i:(?P<white>{WHITE})|{BLACK})\)"
)


def _colour_noted(text: str) -> dict[str, str]:
    """The players whose side a colour's word in brackets after the name tells (`_COLOUR_NOTED`), one side or
    both, the last named of each."""
    return {
        "White" if found["white"] else "Black": _name(found["name"]) for found in _COLOUR_NOTED.finditer(text)
    }


def told_players(text: str) -> dict[str, str]:
    """The players that a newspaper column names in a sentence, each with a rating ("Magnús Örn Úlfarsson (2.354)
    hafði svart gegn Baldri H. Möller (1.998)", Icelandic): the first named had the colour told. The other's
    name is in the dative, so it is given only where it reads as in the nominative: a first name that does not
    end as a dative does (-a, -i, -u: "Baldri", "Andra"), a father's name in -syni or -dóttur turned back
    ("Benedikt Þórissyni": Benedikt Þórisson)."""
    found = _TOLD_PLAYERS.search(text) if "hafði" in text else None
    if found is None:
        return {}
    words = found["subject"].split()
    # The name's words, back from the rating: in capitals, a dot only after an initial ("Rimaskóla. Magnús").
    first = len(words)
    while (
        first
        and words[first - 1][0].isupper()
        and (len(words[first - 1]) <= 2 or words[first - 1][-1] != ".")
    ):
        first -= 1
    words = words[first:]
    if not words:
        return {}
    while len(words) > 2 and len(words[0]) > _NOUN_WITH_ARTICLE and words[0].endswith(("inn", "in", "num")):
        words = words[1:]  # "Bandaríkjamaðurinn Haik Der Manuelian": the American, not a name
    subject, colour = " ".join(words), "White" if found["colour"] == "hvítt" else "Black"
    tags = {colour: subject}
    *given, last = found["opponent"].split()
    if (
        last[0].isupper()
        and all(name[0].isupper() for name in given)
        and not any(name.endswith(("a", "i", "u")) for name in given if not name.endswith("."))
    ):
        last = re.sub(r"syni$", "son", re.sub(r"dóttur$", "dóttir", last))
        tags["Black" if colour == "White" else "White"] = " ".join((*given, last))
    return tags


class Players(NamedTuple):
    """What a heading says of its players: the White and Black tags (and a database's round read with them), the
    pair of names on a line (the place is read after it), a place run on from the black name, and the year
    written right after the colours' names."""

    tags: dict[str, str]
    pair: re.Match[str] | None
    place: str | None
    year_after: re.Match[str] | None


def read_players(text: str) -> Players:
    """The players a heading names, by the first of the patterns that finds them."""
    tags: dict[str, str] = {}
    found = _COLOURS.search(text)
    pair = None
    place = None
    year_after = _YEAR_AFTER.match(text, found.end("black")) if found else None
    rated = None if found else _RATED_LINES.search(text)
    side_by_side = None if found or rated else _side_by_side(text)
    if rated:
        tags["White"], tags["Black"] = _name(rated["white"]), _name(rated["black"])
        if rated["round"]:
            tags["Round"] = rated["round"]
    elif side_by_side:
        tags["White"], tags["Black"] = side_by_side
    elif found:
        white, black = found["white"], found["black"]
        words = black.split()
        if len(words) > len(white.split()) and year_after:
            # "Blancs : Spielmann Noirs : Walter Trentschin-Teplitz, 1928": the line's breaks lost, the place
            # and year of the game run on from the black name, one word longer than the white one.
            black, place = " ".join(words[:-1]), words[-1]
        if len(white.split(",")[0].split()) >= 2 and _WORD_AFTER.match(text, found.end("black")):
            # "hvid: Jens-Ole Næsborg, Fåborg (1709) sort: Knud Højgaard, Valby": each name with its club or
            # place after a comma, which ends the black name.
            white = white.split(",")[0]
        tags["White"], tags["Black"] = _name(white), _name(black)
    else:
        # The pair nearest the moves: a page's section title before it ("ΠΟΙΚΙΛΗΣ ΥΛΗΣ - ΣΚΑΚΙ") names none; but
        # where it names the players of a pair before it with more words after the black name, those are the
        # place's ("Kortschnoi - Salow", then "Kortschnoi - Salow Belgrad 1987").
        pairs = [found for found in _PAIR.finditer(text) if _names(found) and not _menu(found)]
        # A match's two sides after its word ("Меч Југославија – SSСР") name teams where a pair before names players.
        pairs = [found for found in pairs if not _led_by_event(found)] or pairs
        pair = next(
            (
                found
                for found in pairs
                if pairs[-1]["white"] is not None
                and found["white"] == pairs[-1]["white"]
                and found["black"] is not None
                and pairs[-1]["black"].startswith(f"{found['black']} ")
            ),
            pairs[-1] if pairs else None,
        )
        if pair:
            white = next(pair[f"white{n}"] for n in ("", *range(2, 12)) if pair[f"white{n}"])
            black = next(pair[f"black{n}"] for n in ("", *range(2, 12)) if pair[f"black{n}"])
            named = _GAME_NAMED.search(text)
            if named and white.endswith(f" {named['white']}"):
                # "Zohrajte s nami partiu Olaffson (Island)-Najdorf": the sentence's words before the first name.
                white, black = named["white"], named["black"]
            elif pair["black"] and _GIVEN_WORD.search(white):
                # "Tal, Mikhail -- Bronstein, David I": the black name written as the white one is.
                given = _GIVEN_NAMES.match(text, pair.end("black"))
                black += given[0] if given else ""
            tags["White"], tags["Black"] = _name(_without_event(white)), _name(black)
        else:
            # Each colour on a line of its own, or one of them only.
            for alone in _ONE_COLOUR.finditer(text):
                side = "White" if alone["white"] else "Black"
                tags.setdefault(side, _name(alone["white"] or alone["black"] or alone["black_line"]))
            if not tags:
                # Named in prose before the moves, under a table's head of the colours, or side by side.
                named = _GAME_NAMED.search(text)
                sides = (
                    (named["white"], named["black"]) if named else _under_colours(text) or _names_run(text)
                )
                if sides:
                    tags["White"], tags["Black"] = _name(sides[0]), _name(sides[1])
                else:
                    tags.update(_colour_noted(text))
    if any(_SQUARE_IN_NAME.search(tags.get(side, "")) for side in ("White", "Black")):
        # A problem's position under the colours' words, no players ("Világos: Kc3, Ha3 … Sötét: Ka7").
        tags.pop("White", None)
        tags.pop("Black", None)
    return Players(tags, pair, place, year_after)
