"""The date of a game in its heading, and the lines that date a page, a column or an issue instead."""

from __future__ import annotations

import re

from .words import PLAYED, PROSE_SENTENCE, WEEKDAYS, YEAR, fold, prose_words

NUMERIC_DATE = re.compile(
    r"(?<![0-9.])([0-9]{1,2})\s?[.-]\s?([0-9]{1,2})\s?[.-]\s?((?:1[5-9][0-9]|20[0-4])[0-9])(?![0-9])"
    r"|(?<![0-9])((?:1[5-9][0-9]|20[0-4])[0-9])[.-]([0-9]{2})[.-]([0-9]{2})(?![0-9])"
)
# The first day of a tournament's span before its last date ("07. – 15.06.2014", "30.5.–7.6.2014", "7-15.6.2014"):
# the game was played on one of its days, so the day is unknown, and the month too where the span crosses one.
_SPAN_START = re.compile(r"(?<![0-9.])[0-9]{1,2}(?:\.(?:[ \t]*([0-9]{1,2})\.)?[ \t]*[–—-][ \t]*|[–—-])\Z")
_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9, "X": 10}
# Month words by the start every language's forms share (folded: no accents, lower case).
_MONTHS = (
    (1, ("januar", "jan", "leden", "ledna", "stycz", "janv", "enero", "genn", "janeiro", "январ", "јануар")),
    (
        2,
        ("februar", "feb", "unor", "unora", "luty", "lutego", "fevr", "febr", "febbr", "fevereiro", "феврал"),
    ),
    (3, ("marec", "marca", "marz", "marts", "mars", "marzo", "march", "brezen", "brezna", "marc", "март")),
    (4, ("april", "apr", "duben", "dubna", "kwiec", "avril", "abril", "aprile", "апрел")),
    (5, ("maj", "mai", "may", "kveten", "kvetna", "mayo", "maggio", "maio", "mei", "majus", "ма")),
    (6, ("jun", "cerven", "cervna", "czerw", "juin", "junio", "giugno", "junho", "juni", "июн", "јун")),
    (
        7,
        ("jul", "cervenec", "cervence", "lipiec", "lipca", "juil", "julio", "luglio", "julho", "juli", "июл"),
    ),
    (8, ("august", "aug", "srpen", "srpna", "sierp", "aout", "agosto", "augustus", "avgust", "август")),
    (9, ("septemb", "sept", "zari", "wrzes", "septiembre", "settembre", "setembro", "szept", "сентяб")),
    (10, ("oktob", "okt", "rijen", "rijna", "pazdz", "octob", "octubre", "ottobre", "outubro", "октяб")),
    (11, ("novemb", "nov", "listopad", "listopadu", "noviembre", "novembre", "novembro", "ноябр")),
    (
        12,
        (
            "decemb",
            "dec",
            "prosinec",
            "prosince",
            "grud",
            "dezemb",
            "diciembre",
            "dicembre",
            "dezembro",
            "декаб",
        ),
    ),
)
_WORD_DATE = re.compile(
    # ("10 de marzo del 2001": Spanish writes "de" or "del" before the year.)
    r"(?:(?<![0-9])([0-9]{1,2})\.?\s+(?:de\s+)?)?(?<![^\W\d_])([^\W\d_]{3,})\.?\s+(?:del?\s+)?((?:1[5-9][0-9]|20[0-4])[0-9])(?![0-9])"
    r"|(?<![0-9])((?:1[5-9][0-9]|20[0-4])[0-9])\.?\s+([^\W\d_]{3,})\s+([0-9]{1,2})\."
    r"|(?<![0-9])([0-9]{1,2})\.?\s+([IVX]{1,4})\.?\s+((?:1[5-9][0-9]|20[0-4])[0-9])(?![0-9])"
    r"|(?<![^\W\d_])([^\W\d_]{3,})\.?\s+([0-9]{1,2})(?:st|nd|rd|th)?,?\s+((?:1[5-9][0-9]|20[0-4])[0-9])(?![0-9])"
)
# A number in brackets after a name: a rating ("hvid: Jens-Ole Næsborg, Fåborg (1709)") where each player has
# one, though it may read as a year; words may say what it is ("Charles R. (1574 ‘echte’ Elo)").
_RATING = re.compile(r"(?<=[^\W\d_])\.?[ \t]*\(([12][0-9]{3})(?:[ \t][^()\n]{0,20}?\b(?i:elo|fide|dwz)\b)?\)")


# A date written with dashes or slashes between year, month and day ("2012-05-02", as a blog's template writes it).
_DASHED_DATE = re.compile(r"^([0-9?]{4})[-/]([0-9?]{2})[-/]([0-9?]{2})$")


def pgn_date(value: str) -> str:
    """A Date tag's value as PGN writes it: dots between year, month and day."""
    return _DASHED_DATE.sub(r"\1.\2.\3", value)


def _month(word: str) -> int | None:
    folded = fold(word)
    best: tuple[int, int] | None = None
    for number, starts in _MONTHS:
        for start in starts:
            if folded.startswith(start) and (best is None or len(start) > best[1]):
                best = (number, len(start))
    return best[0] if best else None


_PAGE_STAMP = re.compile(r"(?<![\d.:])[0-2]?[0-9]:[0-5][0-9](?![\d:])")
_STAMP_LONGEST = 60  # a stamp is a short line; a long one with "2:45" in it is a paragraph (of OCR'd moves)
# The date a page, a column or an issue came out: a date alone in brackets that starts the line (a newspaper
# column's "(6.7.1956)", "23 (12.6.1954)"), or a line with the word of a post or an issue ("Geschrieben am
# 10.02.2021", "Article: 4745 from 15.07.2006", "Artikel: 1803 vom 26.01.2001", a site's "Release 2023-08-27", "Magyar Sakkélet, 1964 (14. évfolyam 1-12. szám)", a front
# matter's "date: 2019-09-30").
_ISSUE_DATE = re.compile(
    r"^[ \t]*(?:[0-9]{1,3}[ \t]*)?\([ \t]*[0-9]{1,2}\.[ \t]*[0-9]{1,2}\.[ \t]*[0-9]{4}[ \t]*\)"
    r"|\b(?:geschrieben|veröffentlicht|article|posted|published|publicado|pubblicato|publikováno|publikované"
    r"|opublikowano|objavljeno|évfolyam|szám|ročník|jahrgang|årg|årgång|årgang|aargang|release|updated|aktualisiert|aktualizováno"
    r"|aktualizované|artikel)\b"
    # an archive's page: the paper, its day and the page ("Tíminn - 06.04.1963, Side 8", "Skák - 15.12.1957,
    # Blaðsíða 16")
    r"|[0-9]{1,2}\.[0-9]{1,2}\.[0-9]{4},[ \t]*(?:side|blaðsíða|page|síða|qupperneq|seite|sivu|strona|oldal|strana"
    r"|stránka|pagina|página)[ \t]+[0-9]+"
    # a post's front matter ("date: 2019-09-30 00:00:00 +0200")
    r"|^[ \t]*(?-i:date):"
    # a source cited by its pages ("Luigi Centurini, La Nouvelle Régence, n. 11, novembre 1862, pp. 333-334")
    r"|\bpp\.[ \t]*[0-9]+",
    re.IGNORECASE,
)
_ISSUE_LONGEST = 120
_WEEKDAYS_FOLDED = frozenset(fold(day) for day in WEEKDAYS)
# Years in prose that date no game: a span (a life's "(1857–1932)" or "(28. 5. 1889 – 6. 6. 1929)", "1906-tól
# 1912-ig", a season's "1938-39")
# and a number in brackets after a name (a rating: "Mazzotti (1841)", "(Elo 1538)") or before a rating's word
# ("1789 punti elo", "2100 Elo", "1950 points"), or after a word for since.
_NOT_A_GAMES_YEAR = re.compile(
    r"(?<![0-9])(?:1[5-9][0-9]|20[0-4])[0-9]\S{0,4}[ \t]*[–—-][ \t]*(?:(?:1[5-9][0-9]|20[0-4])[0-9]|[0-9]{2})(?![0-9])"
    r"|\((?:elo[ \t]*)?[0-9]{4}(?:[ \t][^()\n]{0,20}?\b(?:elo|fide|dwz)\b)?\)"
    # a life told by its days ("Richard Réti (28. 5. 1889 – 6. 6. 1929)")
    r"|\([0-9]{1,2}\.[ \t]*[0-9]{1,2}\.[ \t]*[0-9]{4}[ \t]*[–—-][ \t]*[0-9]{1,2}\.[ \t]*[0-9]{1,2}\.[ \t]*[0-9]{4}\)"
    r"|(?<![0-9])[0-9]{4}[ \t]+(?:punti[ \t]+|points[ \t]+)?(?:elo|fide|points|punti|punkte|bodov|bodů|pont|очков)\b"
    # or in a clause that speaks of ratings ("Met een gemiddelde Elo van 2092 tegenover 1980 voor Dworp 1")
    r"|\b(?:elo|rating)\b[^.!?\n]{0,60}"
    # the year a period begins ("Seit 1992 finden in Budapest … Turniere statt"), not a game's
    r"|\b(?:seit|since|depuis|desde|sinds|od[ \t]+roku|od[ \t]+r\.)[ \t]+[0-9]{4}(?![0-9])",
    re.IGNORECASE,
)


def _stamp(line: str, first: bool) -> bool:
    """Whether a line dates the page, the column or the issue rather than a game: it tells the time of day
    (`NIN | 20. septembar 2023 | 01:00`), or, first in the text, the day of the week (a post's
    `środa, 31 sierpnia 2011`; further down, `středa, 17. července 1889, večer` tells when a game was played),
    or it is the column's or the issue's date (`_ISSUE_DATE`)."""
    if len(line) <= _STAMP_LONGEST and (
        _PAGE_STAMP.search(line)
        or (first and any(fold(word) in _WEEKDAYS_FOLDED for word in re.findall(r"\w+", line)))
    ):
        return True
    return len(line) <= _ISSUE_LONGEST and _ISSUE_DATE.search(line) is not None


def dates_the_page(line: str) -> bool:
    """Whether a line only dates the page, the column or the issue (`_stamp`): a heading's line, no moves."""
    return _stamp(line, first=True)


_DAY_LINE_LONGEST = 60


def _date(text: str) -> str | None:
    """The date of the last heading line (not a line of prose, unless short and with the day) before the moves
    that has one: the lines nearest the game are about the game, those further up about the column or the
    page; else the first date of the paragraph of prose nearest the moves that has one. A line that dates the
    page, the column or the issue (`_stamp`) dates no game."""
    all_lines = text.splitlines()
    first = next((index for index, line in enumerate(all_lines) if line.strip()), 0)
    lines = [line for index, line in enumerate(all_lines) if not _stamp(line, index == first)]
    for line in reversed(lines):
        date = _line_date(line)
        # A short line that gives the day is a heading's too, words and all ("20 июля 1858 года, вторая партия
        # матча").
        if date and (len(prose_words(line)) <= 2 or (len(line) <= _DAY_LINE_LONGEST and "?" not in date)):
            return date
    prose = _NOT_A_GAMES_YEAR.sub(" ", "\n".join(lines))
    for paragraph in reversed(re.split(r"\n[ \t]*\n", prose)):
        date = _line_date(paragraph)
        if date:
            return date
    return None


# (A span's end is a day of a month: "od 09. do 18. decembra 2016"; "per 7 a 5. Nel match …" is a score.)
_DAYS_SPAN = re.compile(
    r"[0-9]{1,2}\.?[ \t]*(?:do|to|bis|au|al|a|till|[–-])[ \t]*[0-9]{1,2}\.?\s+(?P<month>[^\W\d_]+|[0-9])",
    re.IGNORECASE,
)


def _played_on(text: str, year: str) -> str | None:
    """The day in `year` that the only sentence of the heading telling when a game was played gives."""
    days = set()
    for sentence in PROSE_SENTENCE.split(text):
        if PLAYED.search(sentence) and not any(
            span["month"].isdigit() or _month(span["month"]) for span in _DAYS_SPAN.finditer(sentence)
        ):
            date = _line_date(sentence)
            if date and date.startswith(year) and not date.endswith("?"):
                days.add(date)
    return days.pop() if len(days) == 1 else None


def _line_date(text: str) -> str | None:
    found = NUMERIC_DATE.search(text)
    if found:
        if found.group(3):
            day, month, year = int(found.group(1)), int(found.group(2)), found.group(3)
        else:
            year, month, day = found.group(4), int(found.group(5)), int(found.group(6))
        if 1 <= month <= 12 and 1 <= day <= 31:
            span = _SPAN_START.search(text, 0, found.start())
            if span is None:
                return f"{year}.{month:02}.{day:02}"
            return f"{year}.{month:02}.??" if span[1] is None or int(span[1]) == month else f"{year}.??.??"
    # A match that names no month ("Játszották 1913" in "Játszották 1913 június 9.") is tried again one
    # character on, so that it does not hide the date that overlaps it.
    position = 0
    while (found := _WORD_DATE.search(text, position)) is not None:
        position = found.start() + 1
        if found.group(3):
            month_number = _month(found.group(2))
            if month_number is not None:
                day_text = found.group(1)
                day_field = f"{int(day_text):02}" if day_text and 1 <= int(day_text) <= 31 else "??"
                return f"{found.group(3)}.{month_number:02}.{day_field}"
        elif found.group(4):
            month_number = _month(found.group(5))
            if month_number is not None:
                return f"{found.group(4)}.{month_number:02}.{int(found.group(6)):02}"
        elif found.group(9) and found.group(8) in _ROMAN:
            return f"{found.group(9)}.{_ROMAN[found.group(8)]:02}.{int(found.group(7)):02}"
        elif found.group(12):
            month_number = _month(found.group(10))
            if month_number is not None and 1 <= int(found.group(11)) <= 31:
                return f"{found.group(12)}.{month_number:02}.{int(found.group(11)):02}"
    found = YEAR.search(text)
    return f"{found.group(1)}.??.??" if found else None


def game_date(text: str, year_after: re.Match[str] | None) -> str | None:
    """The game's date: the heading's (`_date`), ratings in brackets left out where two or more are written; the
    year after the players' names (`year_after`) dating the game whatever dates the page further up; a sentence's
    day where the heading gives the year alone."""
    ratings = _RATING.findall(text)
    date = _date(_RATING.sub("", text) if len(ratings) >= 2 else text)
    if year_after:
        line_end = text.find("\n", year_after.start())
        date = _line_date(text[year_after.start() : line_end if line_end >= 0 else len(text)]) or date
    if date and date.endswith(".??.??"):
        # The heading gives the year, a sentence of it the day ("Kasparow – Topalow, Wijk aan Zee 1999", then
        # "… am 20. Januar 1999 gespielt").
        date = _played_on(text, date[:4]) or date
    return date
