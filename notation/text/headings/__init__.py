"""Headings written before a game's moves, read into PGN tags by a few simple patterns.

What is read (anything else in the heading is left alone and reported as skipped):

- players by colour words: `Biely: X – Čierny: Y`, `Weiß: X, Schwarz: Y`, `Blancas: X. Negras: Y`, `hvid: X,
  Fåborg (1709)` (a club or place after each name's comma, a rating in brackets), ...; where the line breaks
  were lost, a place run on from a black name one word longer than the white one, before `, year`, is the
  site (`Noirs : Walter Trentschin-Teplitz, 1928`), and that year dates the game;
- players as `X – Y` or `X - Y` at the start of a line (a label before it allowed, and each name ending in a
  capitalised word), the rest of the line giving the place and date: `Spielmann,Rudolf - Dominec,C [C21] sim.
  Uh. Hradiště, 28.03.1921`; `X-Y` when both are capitalised words and the line holds nothing else but the
  place in brackets (`Petrosjan-Ree (Wijk aan Zee 1974)`) or the result and notes in brackets
  (`Teed-Delmar 1-0 [A80]`); names in capitals are written as names (`FILIPOV` → `Filipov`); two names that
  lost the dash between them (`K. HromádkaE. Bogoljubov`); each on a line of their own with a federation
  (`Schulder R (GER?)`, then `Boden Samuel Standidge (ENG)`) or as `Surname, Given` (`Carlsen, Magnus`, then
  `Firouzja, Alireza`) or with a rating in brackets, the event after them with the round in brackets (`Anatoly
  Karpov (2720)`, `Garry Kasparov (2700)`, `World Championship 32th-KK2 (16)`); a database's `Piorun, K
  (2601)-Sadzikowski, D (2507) [A45]` and `Tal, Mikhail -- Bronstein, David I`; a book's initials and names side
  by side (`A. Alechin J. Bogoljubow`), or two names side by side over the line of the place and date (`Морфи
  Стэнли`, then `Нью-Йорк, осень 1857`); a newspaper column's sentence (`Magnús Örn Úlfarsson (2.354) hafði svart
  gegn …`: the other name, in the dative, only where it reads as in the nominative); a Markdown
  heading's marks before any of these and its bold marks around them (`### Khalifman – Svěšnikov`, `**Frank D.
  (1907) - Dorian G. (1889)**`, `**Wit: Charles R. (1574)**`), an
  opening's name after a colon after them (`Bortolotti – Cruz: Defesa Caro-Kann`); two given names and surnames
  joined by a hyphen (`Alexeï Chirov-Vladimir Kramnik, Trophée Amber, …`); a page's menu of links (`Info – Pgn –
  Partije – Kolo`) names no players; nor does a line with the words of an opening's name (`DEFESA SICILIANA -
  VARIANTE DO DRAGÃO`); `x` may stand between the names (`KORCHNOY x KARPOV`, as Brazil writes it);
- a place before the date, after the players on their line (`Schlechter – Wolf, Ostende 1905`, `Mayet-Anderssen
  (Berlín 1851)`) or alone on a heading line (`Lodž 1954`, `(Krit, 2001)`, `• New York, 7. 5. 1997`, `Paris,
  July 23, 1855`, `New York (m/10) 2016`) or starting the last sentence of a heading line (`… Gambito de Rey.
  Bermuda, 1 de febrero de 2002.`, `Krasnoyarsk, 6-9-2007.`), unless a word of it names an event (`Olympiáda Elista 1998`,
  `Rilton Cup (2), 1995`) or an issue (`Numero 1 - Gennaio 1998`) or a day of the week (`Saturday, March 25,
  2023`), or the line is a sentence (`Nel 1950 fu uno dei primi giocatori …`);
- an ECO code in brackets or after `ECO`: `[C21]`, `(D35)`, `[C50 Blackburne]`, `ECO: C41`, at the end of the
  line that names the opening (`Bishop's Opening C23`, `SicilianB44`) or alone on a line (`B21`);
- a date: `28.03.1921`, `1-8-1887`, `1921.03.28`, `2013-01-30`, `12. mája 1987`, `október 1946`, `1987. május 12.`,
  `12 V 1987`, `July 23, 1855`, or a year alone (`1912`), from the last heading line before the moves that has
  one (the lines further up date the column or the page), else the first in the paragraph of prose nearest the
  moves that has one, neither a span (`(1857–1932)`, `(28. 5. 1889 – 6. 6. 1929)`) nor a rating in brackets
  (`(1574 ‘echte’ Elo)`); a
  line that dates the page, the column or the issue dates no game: one that tells the time of day (`NIN | 20.
  septembar 2023 | 01:00`), a first line with the day of the week (`środa, 31 sierpnia 2011`, `quarta-feira, 21
  de janeiro de 2009`), a column's date in brackets (`(6.7.1956)`), a post's or an issue's (`Geschrieben am
  10.02.2021`, `1964 (14. évfolyam 1-12. szám)`, `December 1909. | Årg, 15`); a year is one from 1500 to 2049 (`Parti 2081.` numbers a game);
- a round: `Kolo 3`, `3. kolo`, `Runde 3`, `Round 3`, `3. forduló`, `3-й тур`, `II turno`, a match's game (`5. partie
  zápasu`, `4. Matchpartie`);
- a database's line of cells, the place, the round and the ECO code from theirs: `Carl Schlechter David Przepiorka 15th DSB
  Kongress (Nuremberg) | Nuremberg, GER | 8 | 1906.07.31 | D37 | 1:0`;
- a labelled place or event, a line of its own: `Location: Hill Air Force Base, Utah`, `Ort: Berlin`, `Evento:
  St. Petesburgo`, `Turnier: 15. DSB-Kongress` (the first of each).
"""

from __future__ import annotations

import re

from .dates import dates_the_page, game_date, pgn_date
from .places import game_site
from .players import bracketed_ratings, read_players, told_players
from .rounds import game_round
from .tags import labelled, pgn_tag

__all__ = ["dates_the_page", "pgn_date", "pgn_tag", "read_heading", "told_players"]

_ECO = re.compile(
    # A range ("ECO C10-C19") names a family of openings, not the game's.
    r"[\[(]\s*([A-E][0-9]{2})\b(?!\s*[–-]\s*[A-E]?[0-9])[^\[\]()\n]{0,30}[\])]"
    r"|\bECO\s*:?\s*([A-E][0-9]{2})\b(?!\s*[–-]\s*[A-E]?[0-9])"
    # At the end of the line that names the opening ("Bishop's Opening C23") or the players ("Капабланка -
    # Фонарев С66", its letter read by OCR as the Cyrillic look-alike), or after the result ("Europa 1620 1-0
    # C24").
    # Or alone on its line, or glued to the opening's name, as a database's page sets it ("B21", "SicilianB44").
    r"|(?:(?<=[^\W\d_] )|(?<=[-–][01] )|(?<=½ )|(?<=[a-z])|^[ \t]*)([A-EАВСЕ][0-9]{2})[ \t]*$"
    # Or first, before the opening's name, on its line or after a label ("Opening: B40 - Sicilian Defense").
    r"|(?:^[ \t]*|^[^\W\d_]+:[ \t]*)([A-E][0-9]{2})[ \t]+[-–—][ \t]+[^\W\d_]{3}",
    re.MULTILINE,
)
_LATIN_LETTERS = str.maketrans("АВСЕ", "ABCE")
# Markdown's bold marks ("**Wit: Charles R. (1574)**"): no part of a heading's words.
_EMPHASIS = re.compile(r"\*\*|__")
# A game database's line of cells: the players and the event, then the place, the round (where one is given),
# the date, the ECO code and the result (`Carl Schlechter David Przepiorka 15th DSB Kongress (Nuremberg) |
# Nuremberg, GER | 8 | 1906.07.31 | D37 | 1:0`): the place, the round and the code from their cells.
_CELLS = re.compile(
    r"^[^|\n]+\|[ \t]*(?P<site>[^|\n]*?[^\W\d_][^|\n]*?)[ \t]*\|(?:[ \t]*(?P<round>[0-9]{1,3}(?:\.[0-9]{1,3})?)[ \t]*\|)?"
    r"[ \t]*[0-9]{4}(?:\.[0-9?]{2}\.[0-9?]{2})?[ \t]*\|[ \t]*(?P<eco>[A-E][0-9]{2})?[ \t]*\|[ \t]*\S+[ \t]*$",
    re.MULTILINE,
)


def read_heading(text: str) -> dict[str, str]:
    """The PGN tags a heading's text gives (White, Black, Site, Event, Date, ECO, Round), by the patterns above."""
    text = bracketed_ratings(_EMPHASIS.sub("", text))
    players = read_players(text)
    tags = dict(players.tags)
    words = {
        word.casefold()
        for side in ("White", "Black")
        for word in re.split(r"[\s,.-]+", tags.get(side, ""))
        if word
    }
    tagged = labelled(text)
    cells = _CELLS.search(text)
    site = (
        tagged.get("Site")
        or (cells and cells["site"])
        or players.place
        or game_site(text, players.pair, words)
    )
    if site:
        tags["Site"] = site
    if "Event" in tagged:
        tags["Event"] = tagged["Event"]
    eco = _ECO.search(text)
    if eco:
        tags["ECO"] = next(code for code in eco.groups() if code).translate(_LATIN_LETTERS)
    elif cells and cells["eco"]:
        tags["ECO"] = cells["eco"]
    date = game_date(text, players.year_after)
    if date:
        tags["Date"] = date
    round_ = cells["round"] if cells and cells["round"] else game_round(text)
    if round_:
        tags["Round"] = round_
    return tags
