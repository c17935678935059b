"""The place of a game in its heading: after the players on their line, alone on a heading line, in a sentence that
tells where it was played."""

from __future__ import annotations

import re

from .dates import NUMERIC_DATE
from .words import NOT_PLACES, OPENING_WORDS, PLAYED, PROSE_SENTENCE, YEAR, prose_words

# The place of a game, before its date: after the players on their line ("Schlechter – Wolf, Ostende 1905",
# "Mayet-Anderssen (Berlín 1851)", "Kapička,V [C63] Uherské Hradiště, 1912") or alone on a heading line
# ("Lodž 1954", "Dresden, 1892", "(Krit, 2001)", "Nymburk, 6. září 1997"): one to three words, none a number,
# the first capitalised.
_PLACE = r"(?P<site>[^\W\d_](?:[^\W\d_]|['’.-])*(?:[ ][^\W\d_](?:[^\W\d_]|['’.-])*){0,2})(?![\w'’])"
_SITE_AFTER_PAIR = re.compile(
    rf"[ \t]*(?:\[[^\]\n]*\][ \t]*)?[,(]?[ \t]*{_PLACE}[ \t]*,?[ \t]*(?P<rest>[^\n]*)"
)
# The place alone on the line after the players' (only the opening's code after them), in brackets or with a line
# that gives the year after it ("Krasenkov-Karpov", "(Vajk an Ze)"; "Tarrasch – Berger", "Vratislav", "středa, 17.
# července 1889"; "Fussgaenger - M. Chwojnik [B57]", "Bielsko Biała", "mecz Bielsko-Kraków 1926"): a word alone
# there is as often the opening's name ("PIKET - KORČNOJ", "Nimcoindijka").
_PLACE_ALONE = re.compile(
    r"[ \t]*(?:[\[(][A-E][0-9]{2}[\])][ \t]*)?\r?\n[ \t]*"
    r"(?:\((?P<site>[^\W\d_a-z][^\W\d_]+(?:[ -][^\W\d_]{2,}){0,2})\)"
    r"|(?P<line_site>[^\W\d_a-z][^\W\d_]+(?:[ -][^\W\d_]{2,}){0,2})(?=[ \t]*\r?\n[^\n]*(?:1[5-9]|20)[0-9]{2}(?![0-9])))"
    r"[ \t]*$",
    re.MULTILINE,
)
# A list's bullet may stand before it ("  • New York, 7. 5. 1997"), a spaced dash after it ("Praha - 22.11.2003").
# Where one sentence of a heading line ends and the next starts: after a word's dot, not an initial's or a
# number's ("Blancas: E. Berg. Negras: D. Pacchiana. Gambito de Rey. Bermuda, 1 de febrero de 2002."), or after
# a bracket's ("Gambito de Dama (D35). Francfort, 1-8-1887.").
_SENTENCE_BREAK = re.compile(r"(?:(?<=[^\W\d_]{2}\.)|(?<=\)\.))[ \t]+(?=[^\W\d_])")
_SITE_LINE = re.compile(
    rf"^[ \t]*(?:\#{{1,6}}[ \t]+|[•·▪◦*][ \t]+)?\(?[ \t]*{_PLACE}[ \t]*(?:,|[-–—](?=[ \t]))?[ \t]*"
    r"(?P<rest>[^\n]*)$",
    re.MULTILINE,
)
# What may follow the place: a date (a year at least), before it an event's short name in quotes and a round
# in brackets ("New York \"WCh\" (m/4) 2016", "Paris (1), 1858", "Москва (м/19) 24.10.1985") or the month's name
# ("Paris, July 23, 1855", "Londres, agosto de 1834."), after it closing brackets and dots, a word or two of the
# date ("6. září 1997", "1972 рік") and a doubt ("1853 (?)").
# A date written with hyphens after a place ("Krasnoyarsk, 6-9-2007"): its year follows a hyphen.
# A database's round in brackets before a date in figures ("Guimarães (7), 10.09.2006", "Москва (м/19) 24.10.1985");
# a date in figures alone after a name is as often a page's stamp ("Tíminn - 06.04.1963").
_ROUND_THEN_DATE = re.compile(r"\([\w./]{1,8}\)[ \t]*,?[ \t]*[0-9]")
# A place's name and a year that name an event, before the date ("DM 2003, 2003": the Danish championship).
_EVENTS_YEAR = re.compile(r"(?:1[5-9][0-9]|20[0-4])[0-9][ \t]*,[ \t]*[0-9][0-9. /-]*\Z")
# Two names joined by a dash ("Botvinnik-Capablanca").
_TWO_NAMES = re.compile(r"[ \t]*[^\W\d_a-z][^\W\d_A-Z]+[ \t]*[–—-][ \t]*[^\W\d_a-z][^\W\d_A-Z]+[ \t]*\Z")
# A month's day and the year after it ("March 25, 2023"): the word before is the month, not a place.
_DAY_THEN_YEAR = re.compile(r"[0-9]{1,2}[ \t]*,[ \t]*(?:1[5-9][0-9]|20[0-4])[0-9]")
# A place after the date, at the line's end, where its name is not declined ("… 07. – 15.06.2014 in Magdeburg",
# "… 1912 à Paris", "… 2002 en Madrid").
_PLACE_AFTER_DATE = re.compile(rf"[0-9][.)]?[ \t]+(?:in|à|en)[ \t]+{_PLACE}[ \t]*\.?[ \t]*$")
_HYPHENED_DATE = re.compile(r"[0-9]{1,2}-[0-9]{1,2}-(?:1[5-9][0-9]|20[0-4])[0-9](?![0-9])")
_DATE_REST = re.compile(
    r"(?:\"[^\"\n]{1,20}\"[ \t]*)?(?:\((?=[^)\n]*[0-9])[\w./]{1,8}\)[ \t]*,?[ \t]*)?"
    # (The country in brackets: "Wijk aan Zee (Holanda), 16-1-2015", "Wijk aan Zee (Holanda, 16-1-2015.".)
    r"(?:\([^\W\d_][^\W\d_ ]{2,20}(?:\)[ \t]*,?|,)[ \t]*)?"
    r"(?:[^\W\d_][^\W\d_A-Z]{2,9}\.?[ \t]+(?:[^\W\d_A-Z]{2,3}[ \t]+)?)?"
    # (A colon may follow the bracket: "Nielsen – Michelakis (Buenos Aires 1992):".)
    r"[0-9][\w .,/-]*?(?:[ \t]*\(\?\))?[)\].]*(?:(?<=\)):)?(?:[ \t]+1[ \t]*[.)])?[ \t]*\Z"
)
_NOT_PLACE_STARTS = (
    "olympi",
    "olimpi",
    "олимпи",
    "champion",
    "mistrovstv",
    "majstrovstv",
    "meisterschaft",
    "mistrzostw",
    "prvenstv",
    "šampion",
    "чемпион",
    "prebor",
    "přebor",
    "correspond",
    "korespond",
    "fernschach",
    "kandidat",
    "bajnok",
)


def _place(found: re.Match[str] | None, players: set[str]) -> str | None:
    """The place a match of `_SITE_AFTER_PAIR` or `_SITE_LINE` names: where a date follows it, its first and
    last words are capitalised ("V roce 1880", "Hrané v 1950" name none), and no word of it names an event or
    is a player's name ("Keres-Menke 1950")."""
    if (
        found is None
        or (
            YEAR.search(found["rest"]) is None
            and _HYPHENED_DATE.search(found["rest"]) is None
            and (_ROUND_THEN_DATE.match(found["rest"]) is None or NUMERIC_DATE.search(found["rest"]) is None)
        )
        or _DATE_REST.match(found["rest"]) is None
        or _EVENTS_YEAR.match(found["rest"])
    ):
        return None
    return _place_name(found["site"], players)


def _place_name(site: str, players: set[str]) -> str | None:
    """The words of a place as a heading writes them, or None where they name no place."""
    site = site.rstrip(".")
    words = site.split()
    if not (words[0][0].isupper() and words[-1][0].isupper()):
        return None
    for word in words:
        folded = word.casefold()
        if (
            folded in NOT_PLACES
            or folded in OPENING_WORDS  # "Defensa Siciliana, Moscú, 27 de noviembre de 2004."
            or any(start in folded for start in _NOT_PLACE_STARTS)  # "Weltmeisterschaft" too
            or {part.casefold() for part in re.split(r"[-.]", word)} & players
        ):
            return None
    return site


# How many words in lower case, short ones counted, make a line running text.
_SHORT_WORDS_OF_A_SENTENCE = 3


def _place_in_line(line: str, players: set[str]) -> str | None:
    """The place a heading line names with its date: at its start ("Lodž 1954"), after an event's name and a
    comma ("ME juniorov, Patras 1999"; with the place before it where the line starts with one: "Austria,
    Viena, 1910"), or after the date ("… 07. – 15.06.2014 in Magdeburg"). A line of running text or a list of
    games ("Grünfeld— Vajda, Semmering, 1926, Stoltz—Vajda, Hamburg, 1930, …") names its places in passing."""
    if (
        sum(word[0].islower() for word in re.findall(r"\b[^\W\d_]{4,}", line)) > 2
        or sum(word[0].islower() for word in re.findall(r"\b[^\W\d_]{2,}", line)) > _SHORT_WORDS_OF_A_SENTENCE
    ):
        place = None  # a sentence ("Þjóðhátíð 1982 og birtist sú skák", a column's line)
    else:
        place = _place(_SITE_LINE.match(line), players)
        if place is None and len(YEAR.findall(line)) <= 2:
            place = _place_after_comma(line, players)
    after = _PLACE_AFTER_DATE.search(line) if place is None else None
    return _place_name(after["site"], players) if after else place


def _place_after_comma(line: str, players: set[str]) -> str | None:
    """The place after a comma with the date after it ("ME juniorov, Patras 1999"), the last such."""
    comma = len(line)
    while (comma := line.rfind(", ", 0, comma)) > 0:
        if _TWO_NAMES.match(line[:comma]):
            # The players alone before it: an event follows them ("Botvinnik-Capablanca, AVRO 1938").
            return None
        found = _SITE_LINE.match(line[comma + 2 :])
        place = _place(found, players) if found and not _DAY_THEN_YEAR.match(found["rest"]) else None
        if place is not None:
            before = _place_name(line[:comma], players) if "," not in line[:comma] else None
            return f"{before}, {place}" if before and not prose_words(before) else place
    return None


# A database's heading line: the event and the place run together, the round in brackets, a comma and the
# date after it ("EU Championship 4th Liverpool (9.1), 17.09.2008", "61st ch-RUS HL Novokuznetsk RUS (9), 12.09.2008"): the
# place is the last word before the round, the federation's code perhaps after it, and a word before it that
# starts many places' names ("New York").
_EVENT_PLACE_ROUND = re.compile(
    r"(?<=[ \t)])(?P<site>(?:(?:New|San|Santa|Las|Los|Den|Monte|Buenos|Bad|Sankt|St\.|Saint|Rio|Nowy|Nový|Novi|Mar|Port"
    r"|Puerto|Porto|Le|La|El)[ \t])?[^\W\d_a-z][^\W\d_A-Z]+(?:[ \t][A-Z]{3})?)[ \t]*"
    r"\((?:[mм]/)?[0-9]{1,2}(?:\.[0-9]{1,2})?\),[ \t]*[0-9?][0-9.?/]*[ \t]*$",
    re.MULTILINE,
)


def _site_before_round(text: str, players: set[str]) -> str | None:
    """The place of a database's heading line, where the word before it is not in small letters ("Corus Wijk
    aan Zee (5), 2010" names a place of three words)."""
    found = _EVENT_PLACE_ROUND.search(text)
    if found is None:
        return None
    before = text[: found.start()].split()
    if before and before[-1][0].islower():
        return None
    return _place_name(found["site"], players)


# The place first on the heading's first line with the round after a comma, a report's title ("Jekaterinburg,
# ronde 6 door John van der Wiel", "Praha, 5. kolo").
_ROUND_WORD = r"(?:kolo|runde|round|ronda|ronde|runda|turno|forduló|tur)"
_PLACE_THEN_ROUND = re.compile(
    rf"[ \t]*{_PLACE}[ \t]*,[ \t]*(?:(?i:{_ROUND_WORD})[ \t]+[0-9]|[0-9]{{1,2}}\.?[ \t]*(?i:{_ROUND_WORD})\b)"
)


def _place_then_round(text: str, players: set[str]) -> str | None:
    """The place the heading's first line, its title, starts with, the round after it (`_PLACE_THEN_ROUND`)."""
    found = _PLACE_THEN_ROUND.match(text.lstrip("\r\n"))
    return _place_name(found["site"], players) if found else None


def game_site(text: str, pair: re.Match[str] | None, players: set[str]) -> str | None:
    """The place of the game: after the players on their line, else on the last heading line that holds a
    place and a date alone."""
    black = (
        next((name for name in pair.groupdict() if name.startswith("black") and pair[name]), None)
        if pair
        else None
    )
    if pair is not None and black is not None:
        place = _place(_SITE_AFTER_PAIR.match(text, pair.end(black)), players)
        if place:
            return place
        alone = _PLACE_ALONE.match(text, pair.end(black))
        place = _place_name(alone["site"] or alone["line_site"], players) if alone else None
        if place:
            return place
    for line in reversed(text.splitlines()):
        # A heading line of sentences ("Defensa Siciliana (B96). Campeonato de Rusia. Krasnoyarsk, 6-9-2007."):
        # the place and date may start any of them, the last first.
        # (There, a comma or a bracket after the place: "Játszották 1913 június 9." names none; "… (6ª ronda).
        # Wijk aan Zee (Holanda, 16-1-2015." does.)
        sentences = _SENTENCE_BREAK.split(line) if len(prose_words(line)) <= 2 else [line]
        for index, sentence in reversed(list(enumerate(sentences))):
            found = _SITE_LINE.match(sentence)
            if index and found and not sentence[found.end("site") :].lstrip().startswith((",", "(")):
                continue
            place = _place_in_line(sentence, players)
            if place:
                return place
    return _site_before_round(text, players) or _place_then_round(text, players) or _played_in(text, players)


# The place after "in" in a sentence that tells where the game was played, before the clause ends, a year or
# the word for played ("… die am 21. Juni 1851 in London gespielt wurde", "La partie a été jouée à Paris en
# 1750", "… was played on Friday night at Forest Hall Chess Club."); only words that do not also mean "and" or
# "the" in another language ("a", "en").
_PLACE_WORD = r"[^\W\d_]{2,}"
_PLAYED_IN = re.compile(
    rf"(?<!\w)(?:in|à|te|em|at)[ \t]+(?P<site>{_PLACE_WORD}(?:[- ]{_PLACE_WORD})*?)"
    rf"(?=[ \t]*(?:[.,:;(]|$|(?:en|in|im|em|am|on|dans)\b|[0-9]|{PLAYED.pattern}))",
    re.IGNORECASE,
)


def _played_in(text: str, players: set[str]) -> str | None:
    """The place the sentence nearest the moves that tells where the game was played names, its words
    capitalised (`_PLAYED_IN`)."""
    for sentence in reversed(PROSE_SENTENCE.split(text)):
        if not PLAYED.search(sentence):
            continue
        for found in _PLAYED_IN.finditer(sentence):
            site = found["site"]
            if all(word[0].isupper() for word in site.replace("-", " ").split()):
                return _place_name(site, players)
    return None
