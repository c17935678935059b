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
import unicodedata

_WHITE = (
    "biely|bílý|bílá|bily|weiß|weiss|beli|bijeli|бели|белые|белые|biały|białe|világos|blancas|blancs|blanco|"
    "blanca|blanques|bianco|wit|white|branco|brancas|hvítt|hvitt|hv\\.|hvid|hvit|vit|valkea|valkoinen|albul|albe"
)
_BLACK = (
    "čierny|černý|černá|cerny|schwarz|crni|црни|черные|чёрные|czarny|czarne|sötét|negras|noirs|negro|nero|zwart|"
    "negra|negres|black|preto|pretas|svart|sv\\.|sort|musta|negrul|negrele|črni"
)
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
    rf"(?:{_WHITE})\s*(?::|[–—](?=[ \t]))\s*{_QUOTE}(?P<white>{_NAME}{_INITIAL}){_UNQUOTE}{_NOTE}"
    r"(?:(?<=[^\W\d_]{4})\.[ \t]+[^\W\d_]{3,}(?=\.))?"
    rf"\s*(?:[–—-]|[.;,]|\s)\s*{_BULLET}(?:{_BLACK})\s*:\s*"
    rf"{_QUOTE}(?P<black>{_NAME}{_INITIAL}){_UNQUOTE}"
    # A dot ends the black name unless it follows an initial ("Negras: G. Mackenzie") or a title ("Svart: Dr. A.
    # Aljechin").
    r"\s*(?:(?<![\s.,:][^\W\d_])(?<![\s:](?:Dr|Mr|Jr))\.|[;,/(\[]|\s[–—-]\s|(?<=[ ]{2})|$"
    # ... or at another label ("Černá: Philipp Meitner Zahájení : Vienna Party"), or at a sign no name has ("Sötét:
    # dr. Tarta&over", OCR's).
    r"|(?<=\s)(?=[^\W\d_]+[ \t]*:)|(?=[^\w\s.,'’-]))",
    re.IGNORECASE | re.MULTILINE,
)
_ONE_COLOUR = re.compile(
    rf"^\s*{_BULLET}(?:{_WHITE})\s*:\s*{_QUOTE}(?P<white>{_LINE_NAME}){_UNQUOTE}\s*[.;]?\s*$"
    rf"|^\s*{_BULLET}(?:{_BLACK})\s*:\s*{_QUOTE}(?P<black_line>{_LINE_NAME}){_UNQUOTE}\s*[.;]?\s*$"
    # "(czarne: Edward Arłamowski, Szczawno Zdrój, 1950 r.)": Black alone, named in brackets.
    rf"|\(\s*(?:{_BLACK})\s*:\s*(?P<black>[^\W\d_][\w.'’ -]*?)\s*[,;)]",
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
    r"|(?<=[.!?][ \t])\s*(?P<white9>[^\W\d_a-z](?:[^\W\d_A-Z]+|[^\W\d_a-z]+)(?:[ ](?:[^\W\d_a-z][^\W\d_A-Z]+|[^\W\d_a-z]\.))?)"
    r"(?:[ \t]*\([12][0-9]{3}\))?\s+[–—-]\s+"
    r"(?P<black9>[^\W\d_a-z](?:[^\W\d_A-Z]+|[^\W\d_a-z]+)(?:[ ](?:[^\W\d_a-z][^\W\d_A-Z]+|[^\W\d_a-z]\.))?)"
    # (Or the place and year after the pair: "… the classic games of modern chess. Short – Timman Tilburg, 1991".)
    r"(?=[ \t]*(?:\([^()\n]*\))?[ \t]*:?\s*(?:1\s*[.)]\s*)?\Z"
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
_NUMERIC_DATE = re.compile(
    r"(?<![0-9.])([0-9]{1,2})\s?[.-]\s?([0-9]{1,2})\s?[.-]\s?((?:1[5-9][0-9]|20[0-4])[0-9])(?![0-9])"
    r"|(?<![0-9])((?:1[5-9][0-9]|20[0-4])[0-9])[.-]([0-9]{2})[.-]([0-9]{2})(?![0-9])"
)
# The first day of a tournament's span before its last date ("07. – 15.06.2014", "30.5.–7.6.2014", "7-15.6.2014"):
# the game was played on one of its days, so the day is unknown, and the month too where the span crosses one.
_SPAN_START = re.compile(r"(?<![0-9.])[0-9]{1,2}(?:\.(?:[ \t]*([0-9]{1,2})\.)?[ \t]*[–—-][ \t]*|[–—-])\Z")
# A word of four letters or more: of running text where it starts in lower case, in any script (a heading line
# has few such: "Lodž 1954", "Moravská Ostrava, 12. mája 1987", "Лондон, 26 апреля 1859 года").
_LONG_WORD = re.compile(r"\b[^\W\d_]{4,}")


def _prose_words(text: str) -> list[str]:
    """The words of running text in `text` (`_LONG_WORD`s that start in lower case)."""
    return [word for word in _LONG_WORD.findall(text) if word[0].islower()]


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
    r"(?:[^\W\d_][^\W\d_A-Z]{2,9}\.?[ \t]+(?:[^\W\d_A-Z]{2,3}[ \t]+)?)?"
    # (A colon may follow the bracket: "Nielsen – Michelakis (Buenos Aires 1992):".)
    r"[0-9][\w .,/-]*?(?:[ \t]*\(\?\))?[)\].]*(?:(?<=\)):)?(?:[ \t]+1[ \t]*[.)])?[ \t]*\Z"
)
# A day of the week: no place ("Saturday, March 25, 2023", "Utorak, 5. april").
_WEEKDAYS = (
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
    "montag",
    "dienstag",
    "mittwoch",
    "donnerstag",
    "freitag",
    "samstag",
    "sonnabend",
    "sonntag",
    "feira",  # Portuguese: "quarta-feira"
    "sábado",
    "domingo",
    "lunes",
    "martes",
    "miércoles",
    "jueves",
    "viernes",
    "lundi",
    "mardi",
    "mercredi",
    "jeudi",
    "vendredi",
    "samedi",
    "dimanche",
    "lunedì",
    "martedì",
    "mercoledì",
    "giovedì",
    "venerdì",
    "sabato",
    "domenica",
    "poniedziałek",
    "wtorek",
    "środa",
    "czwartek",
    "piątek",
    "niedziela",
    "pondělí",
    "úterý",
    "středa",
    "čtvrtek",
    "pátek",
    "neděle",
    "pondelok",
    "utorok",
    "streda",
    "štvrtok",
    "piatok",
    "nedeľa",
    "sobota",
    "ponedeljak",
    "ponedjeljak",
    "utorak",
    "sreda",
    "srijeda",
    "četvrtak",
    "petak",
    "subota",
    "nedelja",
    "nedjelja",
    "hétfő",
    "kedd",
    "szerda",
    "csütörtök",
    "péntek",
    "szombat",
    "vasárnap",
    "maandag",
    "dinsdag",
    "woensdag",
    "donderdag",
    "vrijdag",
    "zaterdag",
    "zondag",
    "måndag",
    "mandag",
    "tisdag",
    "tirsdag",
    "onsdag",
    "torsdag",
    "fredag",
    "lördag",
    "lørdag",
    "söndag",
    "søndag",
    "понедельник",
    "вторник",
    "среда",
    "четверг",
    "пятница",
    "суббота",
    "воскресенье",
    # Icelandic, Finnish, Turkish, Romanian, Greek
    "mánudagur",
    "þriðjudagur",
    "miðvikudagur",
    "fimmtudagur",
    "föstudagur",
    "laugardagur",
    "sunnudagur",
    "maanantai",
    "tiistai",
    "keskiviikko",
    "torstai",
    "perjantai",
    "lauantai",
    "sunnuntai",
    "pazartesi",
    "salı",
    "çarşamba",
    "perşembe",
    "cuma",
    "cumartesi",
    "pazar",
    "luni",
    "marți",
    "miercuri",
    "joi",
    "vineri",
    "sâmbătă",
    "duminică",
    "δευτέρα",
    "τρίτη",
    "τετάρτη",
    "πέμπτη",
    "παρασκευή",
    "σάββατο",
    "κυριακή",
)
# Words that name an event or a text, not a place ("Olympiáda Elista 1998", "Partie z Hastingsu",
# "Polofinále preboru ČSR 1950", "Correspondencia 1962", "Rilton Cup (2), 1995", "Numero 1 - Gennaio 1998"):
# whole words, and the starts of words.
_NOT_PLACES = frozenset(
    [
        "turnaj",
        "turnier",
        "tournament",
        "torneo",
        "tournoi",
        "toernooi",
        "turniej",
        "turnir",
        "турнир",
        "memorial",
        "memoriál",
        "open",
        "ch",
        "partie",
        "partia",
        "partija",
        "partida",
        "partita",
        "game",
        "kolo",
        "runde",
        "round",
        "ronda",
        "tour",
        "zápas",
        "match",
        "mecz",
        "meč",
        "меч",
        "матч",
        "wettkampf",
        "liga",
        "league",
        "bundesliga",
        "landesliga",
        "oberliga",
        "extraliga",
        "cup",
        "pokal",
        "puchar",
        "pohár",
        "coupe",
        "copa",
        "coppa",
        "masters",
        "festival",
        "rapid",
        "blitz",
        # a simultaneous display
        "simultanee",
        "simultanée",
        "simultan",
        "simultánka",
        "simultanka",
        "simul",
        "numero",
        "número",
        "nummer",
        "number",
        "numer",
        "číslo",
        "broj",
    ]
) | frozenset(_WEEKDAYS)
# ... of which those that are no word of a player's name.
_EVENT_WORDS = _NOT_PLACES - {"ch"}
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
_YEAR = re.compile(r"(?<![0-9.,:/-])((?:1[5-9][0-9]|20[0-4])[0-9])(?![0-9])")
# A number in brackets after a name: a rating ("hvid: Jens-Ole Næsborg, Fåborg (1709)") where each player has
# one, though it may read as a year; words may say what it is ("Charles R. (1574 ‘echte’ Elo)").
_RATING = re.compile(r"(?<=[^\W\d_])\.?[ \t]*\(([12][0-9]{3})(?:[ \t][^()\n]{0,20}?\b(?i:elo|fide|dwz)\b)?\)")
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
# Markdown's bold marks ("**Wit: Charles R. (1574)**"): no part of a heading's words.
_EMPHASIS = re.compile(r"\*\*|__")
_BETWEEN_RATINGS = re.compile(r"[ \t][-–—][ \t]")
_NAME_LONGEST = 40
# A name that ends in an initial.
_INITIAL_LAST = re.compile(r"(?:^|[\s.,])[^\W\d_a-z]\.\Z")
# A word after a comma: the black name's club or place ("sort: Knud Højgaard, Valby").
_WORD_AFTER = re.compile(r",[ \t]*[^\W\d_]")
# A year after a comma, where a place has run on from the black name.
_YEAR_AFTER = re.compile(r",[ \t]*(?:1[5-9][0-9]|20[0-4])[0-9](?![0-9])")
# A game database's line of cells: the players and the event, then the place, the round (where one is given),
# the date, the ECO code and the result (`Carl Schlechter David Przepiorka 15th DSB Kongress (Nuremberg) |
# Nuremberg, GER | 8 | 1906.07.31 | D37 | 1:0`): the place, the round and the code from their cells.
_CELLS = re.compile(
    r"^[^|\n]+\|[ \t]*(?P<site>[^|\n]*?[^\W\d_][^|\n]*?)[ \t]*\|(?:[ \t]*(?P<round>[0-9]{1,3}(?:\.[0-9]{1,3})?)[ \t]*\|)?"
    r"[ \t]*[0-9]{4}(?:\.[0-9?]{2}\.[0-9?]{2})?[ \t]*\|[ \t]*(?P<eco>[A-E][0-9]{2})?[ \t]*\|[ \t]*\S+[ \t]*$",
    re.MULTILINE,
)
# Not the standings after a round ("Stav po IX. kole").
_NOT_STANDINGS = r"(?<!po )(?<!after )(?<!nach )"
_ROUND = re.compile(
    # (Its word declined: "igranu u 7. kolu", "v 6. kole", "w 3. rundzie", "az 5. fordulóban".)
    # (Turkish "tur": "2.tur oyunu", "3. Tur Mücadelesi".)
    r"\b(?:kolo|runde|round|ronda|tour|turno|ronde|runda|tur)\s+([0-9]+|(?-i:[IVXL]+))\b|(?<![0-9])"
    + _NOT_STANDINGS
    + r"([0-9]{1,2})\.?\s*"
    r"(?:kol[aeou]|runde|round|forduló(?:ban)?|ronde|rund(?:a|zie)|tur)\b|(?<![0-9])([0-9]+)-?й?\s+тур[еу]?\b"
    # A post's front matter ("ni_ronde: 8").
    r"|^[ \t]*(?:\w+_)?(?:round|ronde|runde|kolo|runda|ronda|turno|rodada)[ \t]*:[ \t]*([0-9]{1,3})[ \t]*$"
    # A match's game by its ordinal's mark in brackets ("Mundial de Buenos Aires (21ª partida)").
    r"|\(([0-9]{1,2})[ \t]*[ªº][ \t]+(?:partida|partita)\)"
    # An ordinal's mark (`6ª ronda`, `3ª Rodada`, `1ere ronde`); a round in brackets (`Wiedeń 1907 (r. 11)`).
    r"|(?<![0-9])([0-9]+)\s*(?:ª|º|a|o|e|er|ère|ere)\.?\s+(?:ronda|rodada|ronde|runda)\b"
    # A match's game by its number ("5. partie zápasu Kasparov versus Deep Blue", "4. Matchpartie").
    r"|(?<![0-9])([0-9]{1,2})\.[ \t]*(?:(?:partie|partia|partija|partida|partita)[ \t]+(?:zápasu|meczu|meča|del[ \t]+match|du[ \t]+match)"
    r"|matchpartie|wettkampfpartie)\b"
    # ... or on a line of its own, where a match's game heads its moves ("11. partia, Sicílska obrana", "15.
    # skákin.").
    r"|^[ \t]*([0-9]{1,2})\.[ \t]*(?:partia|partie|partija|партија|партия|skákin|játszma|partida|partita)"
    r"(?=[ \t]*(?:[,.;:]|$))"
    # A round in Roman numerals before its word ("Torneo B – II turno", "hraná v VI. kole").
    r"|(?<!\w)"
    + _NOT_STANDINGS
    + r"((?-i:[IVX]+))\.?\s+(?:turno|kol[aeou]|runde|ronda|ronde|runda|forduló(?:ban)?)\b"
    r"|\(r\.\s*([0-9]+)\)"
    # A database's heading: the round (and board) in brackets after the event or place, before the date or
    # year (`Warsaw POL (4), 19.12.2009`, `Liverpool (9.1), 17.09.2008`, `Open de la Gruyere (4) 2000`); a
    # match's game (`New York "WCh" (m/4) 2016`, `Москва (м/19) 24.10.1985`).
    r"|(?<=[^\W\d_]|[\"”»])[ \t]*\((?:[mм]/)?([0-9]{1,2}(?:\.[0-9]{1,2})?)\)(?=,?[ \t]*[0-9])",
    re.IGNORECASE | re.MULTILINE,
)


# A round told by an ordinal's word before the round's word ("in the first round", "in der fünften Runde", "in de
# derde ronde", "az ötödik fordulóban", "al terzo turno"), one to twelve in each language; not after words that
# tell it is another round than the game's ("uit de eerste ronde", "after the first round").
_ORDINALS = (
    "first erste eerste első primo primera première premier prvom prvním pierwszej первом",
    "second zweite tweede második secondo segunda deuxième druhom druhém drugiej втором",
    "third dritte derde harmadik terzo tercera troisième treťom třetím trzeciej третьем",
    "fourth vierte vierde negyedik quarto cuarta quatrième štvrtom čtvrtém czwartej четвертом четвёртом",
    "fifth fünfte vijfde ötödik quinto quinta cinquième piatom pátém piątej пятом",
    "sixth sechste zesde hatodik sesto sexta sixième šiestom šestém szóstej шестом",
    "seventh siebte zevende hetedik settimo séptima septième siedmom sedmém siódmej седьмом",
    "eighth achte achtste nyolcadik ottavo octava huitième ôsmom osmém ósmej восьмом",
    "ninth neunte negende kilencedik nono novena neuvième deviatom devátém dziewiątej девятом",
    "tenth zehnte tiende tizedik decimo décima dixième desiatom desátém dziesiątej десятом",
    "eleventh elfte elfde tizenegyedik undicesimo undécima onzième jedenástom jedenáctém jedenastej одиннадцатом",
    "twelfth zwölfte twaalfde tizenkettedik dodicesimo duodécima douzième dvanástom dvanáctém dwunastej двенадцатом",
)
_ORDINAL_NUMBER = {word: number for number, words in enumerate(_ORDINALS, 1) for word in words.split()}
_ORDINAL_ROUND = re.compile(
    r"(?<!uit de )(?<!after the )(?<!nach der )(?<!\w)(?P<ordinal>"
    + "|".join(sorted(_ORDINAL_NUMBER, key=len, reverse=True))
    + r")n?[ \t]+(?:round|runde|ronde|forduló(?:ban|jában)?|turno|ronda|kole|rundzie|туре)\b",
    re.IGNORECASE,
)


# A match's game by the ordinal's word, feminine as "game" is in Russian ("седьмая партия", "20 июля 1858 года,
# вторая партия матча"), first on its line or after a comma, and ending the line (not "Третья партия
# продолжалась более трех часов").
_RUSSIAN_GAME_ORDINALS = [
    "первая",
    "вторая",
    "третья",
    "четвертая",
    "пятая",
    "шестая",
    "седьмая",
    "восьмая",
    "девятая",
    "десятая",
    "одиннадцатая",
    "двенадцатая",
]
_ORDINAL_GAME = re.compile(
    rf"(?:^|,[ \t]+)(?P<ordinal>{'|'.join(_RUSSIAN_GAME_ORDINALS)})[ \t]+партия(?:[ \t]+матча)?[ \t.,]*$",
    re.IGNORECASE | re.MULTILINE,
)


def _ordinal_round(text: str) -> str | None:
    """The round an ordinal's word tells in the sentence nearest the moves that speaks of a game played in it
    ("… was played in the first round of …", "(My Second Round Game at the U.S. Senior Open)"): a round named
    in passing ("In der neunten Runde traf der Führende, Shirov, auf …") is as often another game's."""
    for sentence in reversed(_PROSE_SENTENCE.split(text)):
        found = _ORDINAL_ROUND.search(sentence)
        if found and (_PLAYED.search(sentence) or re.search(rf"\b{_GAME_WORD}\b", sentence, re.IGNORECASE)):
            return str(_ORDINAL_NUMBER[found["ordinal"].casefold()])
    return None


def _roman(numeral: str) -> int:
    """A Roman numeral's value (`XIII` 13; a round written so is a number in PGN)."""
    values = [{"I": 1, "V": 5, "X": 10, "L": 50}[char] for char in numeral]
    return sum(
        -value if value < after else value for value, after in zip(values, [*values[1:], 0], strict=True)
    )


def _fold(word: str) -> str:
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


# Tag pairs written with the tag names of another language (`[Blancas "Capablanca"]`, `[Fecha "1924/??/??"]`,
# as databases in those languages export them): the PGN name of each, by its folded name.
_LOCALIZED_TAGS = {
    "Event": "event evento evenement ereignis veranstaltung turnier turnaj turniej turnir torneo tournoi toernooi "
    "verseny esemeny турнир событие соревнование",
    "Site": "site location place venue sitio lugar lieu ort spielort luogo local plaats miesto misto miejsce mesto "
    "mjesto helyszin место",
    "Date": "fecha datum data dátum дата",
    "Round": "ronda runde ronde turno rodada kolo runda fordulo тур",
    "White": "blancas blancs weiss weiß bianco brancas wit biely bily biale beli bijeli vilagos белые",
    "Black": "negras noirs schwarz nero pretas zwart cierny cerny czarne crni sotet черные",
    "Result": "resultado resultat ergebnis risultato uitslag vysledok vysledek wynik rezultat eredmeny результат",
}
_TAG_NAMES = {_fold(word): tag for tag, words in _LOCALIZED_TAGS.items() for word in words.split()}

# A labelled line of its own: `Location: Hill Air Force Base, Utah`, `Evento: St. Petesburgo`, `Turnier: 15.
# DSB-Kongress`, its label a place's or an event's tag name in any language (`_LOCALIZED_TAGS`); a label with
# nothing after it, `Turnir:` before a list, gives nothing.
_LABELLED = re.compile(r"^[ \t]*(?P<label>[^\W\d_]+)[ \t]*:[ \t]*(?P<value>\S[^\n]*?)[ \t]*$", re.MULTILINE)


def pgn_tag(name: str, value: str) -> tuple[str, str] | None:
    """A tag pair written in another language as its PGN tag pair (a date's slashes made dots), or None
    when the name is no tag name partiar knows in another language."""
    tag = _TAG_NAMES.get(_fold(name))
    if tag is None:
        return None
    return tag, pgn_date(value.replace("/", ".")) if tag == "Date" else value


# A date written with dashes or slashes between year, month and day ("2012-05-02", as a blog's template writes it).
_DASHED_DATE = re.compile(r"^([0-9?]{4})[-/]([0-9?]{2})[-/]([0-9?]{2})$")


def pgn_date(value: str) -> str:
    """A Date tag's value as PGN writes it: dots between year, month and day."""
    return _DASHED_DATE.sub(r"\1.\2.\3", value)


def _month(word: str) -> int | None:
    folded = _fold(word)
    best: tuple[int, int] | None = None
    for number, starts in _MONTHS:
        for start in starts:
            if folded.startswith(start) and (best is None or len(start) > best[1]):
                best = (number, len(start))
    return best[0] if best else None


# (A colour's word that is the whole name is the name: "Novák - Černý".)
_COLOUR_LABEL = re.compile(rf"^(?:{_WHITE}|{_BLACK})\b\s*:?\s*(?=\S)", re.IGNORECASE)


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
        words[-1].casefold() in _OPENING_WORDS or words[-1].casefold().endswith(_OPENING_ENDINGS)
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
_WEEKDAYS_FOLDED = frozenset(_fold(day) for day in _WEEKDAYS)
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
        or (first and any(_fold(word) in _WEEKDAYS_FOLDED for word in re.findall(r"\w+", line)))
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
        if date and (len(_prose_words(line)) <= 2 or (len(line) <= _DAY_LINE_LONGEST and "?" not in date)):
            return date
    prose = _NOT_A_GAMES_YEAR.sub(" ", "\n".join(lines))
    for paragraph in reversed(re.split(r"\n[ \t]*\n", prose)):
        date = _line_date(paragraph)
        if date:
            return date
    return None


# A sentence that tells when the game was played ("Partida jugada el 05 de noviembre de 2019", "… in the first
# round … on August 26, 1889", "disputata … il 3 aprile 1921"), not over which days an event ran ("od 09. do 18.
# decembra 2016").
_PLAYED = re.compile(
    r"\b(?:gespielt|played|jugad[ao]|disputad[ao]|disputata|disputée?|giocata|jouée|joué|gespeeld|hran[áaé]|hrála?"
    r"|odigran[ao]?|играна|сыграна|játszották|teflt|tefld|spelad|spelades|spillet|rozegran[ao]|jogad[ao])\b",
    re.IGNORECASE,
)
# (A span's end is a day of a month: "od 09. do 18. decembra 2016"; "per 7 a 5. Nel match …" is a score.)
_DAYS_SPAN = re.compile(
    r"[0-9]{1,2}\.?[ \t]*(?:do|to|bis|au|al|a|till|[–-])[ \t]*[0-9]{1,2}\.?\s+(?P<month>[^\W\d_]+|[0-9])",
    re.IGNORECASE,
)
_PROSE_SENTENCE = re.compile(r"\n|(?<=[^\W\d_]{3}[.!?])\s+")


def _played_on(text: str, year: str) -> str | None:
    """The day in `year` that the only sentence of the heading telling when a game was played gives."""
    days = set()
    for sentence in _PROSE_SENTENCE.split(text):
        if _PLAYED.search(sentence) and not any(
            span["month"].isdigit() or _month(span["month"]) for span in _DAYS_SPAN.finditer(sentence)
        ):
            date = _line_date(sentence)
            if date and date.startswith(year) and not date.endswith("?"):
                days.add(date)
    return days.pop() if len(days) == 1 else None


def _line_date(text: str) -> str | None:
    found = _NUMERIC_DATE.search(text)
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
    found = _YEAR.search(text)
    return f"{found.group(1)}.??.??" if found else None


# Words of an opening's name ("DEFESA SICILIANA - VARIANTE DO DRAGÃO", "Ruská hra - Petrovova obrana"): a line
# that holds one names no players.
_OPENING_WORDS = frozenset(
    {
        "defesa",
        "defensa",
        "defence",
        "defense",
        "difesa",
        "défense",
        "defensie",
        "obrana",
        "odbrana",
        "obrona",
        "verteidigung",
        "védelem",
        "védekezés",
        "защита",
        "gambit",
        "gambito",
        "gambiet",
        "gambitul",
        "gambitas",
        "гамбит",
        "variante",
        "variant",
        "varianta",
        "varijanta",
        "variation",
        "variación",
        "variazione",
        "wariant",
        "változat",
        "вариант",
        "ataque",
        "attack",
        "attacco",
        "attaque",
        "angriff",
        "útok",
        "napad",
        "atak",
        "támadás",
        "атака",
        "apertura",
        "abertura",
        "opening",
        "ouverture",
        "eröffnung",
        "otvorenie",
        "otvaranje",
        "zahájení",
        "otwarcie",
        "megnyitás",
        "дебют",
        "partija",
        "partia",
        "hra",
        "igra",
        "játék",
        "system",
        "sistema",
        "systém",
        "sustav",
        "rendszer",
        "система",
    }
)


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
    if words & _OPENING_WORDS or words & _EVENT_WORDS:
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


def _place(found: re.Match[str] | None, players: set[str]) -> str | None:
    """The place a match of `_SITE_AFTER_PAIR` or `_SITE_LINE` names: where a date follows it, its first and
    last words are capitalised ("V roce 1880", "Hrané v 1950" name none), and no word of it names an event or
    is a player's name ("Keres-Menke 1950")."""
    if (
        found is None
        or (
            _YEAR.search(found["rest"]) is None
            and _HYPHENED_DATE.match(found["rest"]) is None
            and (_ROUND_THEN_DATE.match(found["rest"]) is None or _NUMERIC_DATE.search(found["rest"]) is None)
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
            folded in _NOT_PLACES
            or folded in _OPENING_WORDS  # "Defensa Siciliana, Moscú, 27 de noviembre de 2004."
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
        if place is None and len(_YEAR.findall(line)) <= 2:
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
            return f"{before}, {place}" if before and not _prose_words(before) else place
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


def _site(text: str, pair: re.Match[str] | None, players: set[str]) -> str | None:
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
        # (There, a comma after the place: "Játszották 1913 június 9." names none.)
        sentences = _SENTENCE_BREAK.split(line) if len(_prose_words(line)) <= 2 else [line]
        for index, sentence in reversed(list(enumerate(sentences))):
            found = _SITE_LINE.match(sentence)
            if index and found and not sentence[found.end("site") :].lstrip().startswith(","):
                continue
            place = _place_in_line(sentence, players)
            if place:
                return place
    return _site_before_round(text, players) or _played_in(text, players)


# The place after "in" in a sentence that tells where the game was played, before the clause ends, a year or
# the word for played ("… die am 21. Juni 1851 in London gespielt wurde", "La partie a été jouée à Paris en
# 1750", "… was played on Friday night at Forest Hall Chess Club."); only words that do not also mean "and" or
# "the" in another language ("a", "en").
_PLACE_WORD = r"[^\W\d_]{2,}"
_PLAYED_IN = re.compile(
    rf"(?<!\w)(?:in|à|te|em|at)[ \t]+(?P<site>{_PLACE_WORD}(?:[- ]{_PLACE_WORD})*?)"
    rf"(?=[ \t]*(?:[.,:;(]|$|(?:en|in|im|em|am|on|dans)\b|[0-9]|{_PLAYED.pattern}))",
    re.IGNORECASE,
)


def _played_in(text: str, players: set[str]) -> str | None:
    """The place the sentence nearest the moves that tells where the game was played names, its words
    capitalised (`_PLAYED_IN`)."""
    for sentence in reversed(_PROSE_SENTENCE.split(text)):
        if not _PLAYED.search(sentence):
            continue
        for found in _PLAYED_IN.finditer(sentence):
            site = found["site"]
            if all(word[0].isupper() for word in site.replace("-", " ").split()):
                return _place_name(site, players)
    return None


def _bracketed_ratings(text: str) -> str:
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
    if not _YEAR.search(found["place"]):
        return None
    surnames = [found[side].rpartition(" ")[2].rpartition(".")[2] for side in ("white", "black")]
    if not all(surname.istitle() and len(surname) <= _SURNAME_LONGEST for surname in surnames):
        return None  # (not "Württembergische Jugendeinzelmeisterschaft", an event's name)
    return found["white"], found["black"]


# The first move's number at a heading's end ("… Kérész Szmiszlov I. ", OCR's I or l for 1).
_FIRST_MOVE_AFTER = re.compile(r"[ \t]*(?<![\w.])[1Il][ \t]*[.)]?[ \t]*\Z")
_GAME_WORD = (
    r"(?:partii|partiu|partia|partie|partij|partita|partida|Partie|game|parti|partiet|партия|партию|партии|партија"
    r"|партију|játszma|játszmát)"
)
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
    rf"\b{_GAME_WORD}[ \t]+(?P<white>(?:[Dd]r\.[ ]?)?(?:[^\W\d_a-z]\.[ ]?)*{_SURNAME}){_NAMED_NOTE}[ \t]*[-–—][ \t]*"
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
    if folded & (_OPENING_WORDS | _EVENT_WORDS | _NOT_PLACES) or any(
        re.fullmatch(f"{_WHITE}|{_BLACK}|{_GAME_WORD}", word, re.IGNORECASE) for word in folded
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
    rf"^[ \t]*\(?(?:{_WHITE})\)?[ \t]*[.:]?[ \t]+\(?(?:{_BLACK})\)?[ \t]*[.:]?[ \t]*$",
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
        if ", " in line and _prose_words(line):
            line = line.rpartition(", ")[2]  # the names after a sentence about the game
        names = [name.strip() for name in _COLUMNS.split(line) if name.strip()]
        if len(names) == 1 and len(names[0].split()) == 2:
            names = names[0].split()
        if len(names) == 2 and all(name[0].isupper() and not _prose_words(name) for name in names):
            return names[0], names[1]
    return None


# A colour's word in brackets right after a player's name ("В. Сергеев (белые) -Г. Фатхутдинов (черные).",
# "Reinhardt Fuchs (világos) és Honfi között", "… vyhral hráč M. Hajtl (čierny), súper bol …"): initials and one
# or two capitalised words.
_COLOUR_NOTED = re.compile(
    r"(?P<name>(?:[^\W\d_a-z]\.[ \t]?)*[^\W\d_a-z][^\W\d_A-Z]+(?:[ \t][^\W\d_a-z][^\W\d_A-Z]+)?)[ \t]*"
    rf"\((?i:(?P<white>{_WHITE})|{_BLACK})\)"
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


def read_heading(text: str) -> dict[str, str]:
    """The PGN tags a heading's text gives (White, Black, Site, Event, Date, ECO, Round), by the patterns above."""
    tags: dict[str, str] = {}
    text = _bracketed_ratings(_EMPHASIS.sub("", text))
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
    players = {
        word.casefold()
        for side in ("White", "Black")
        for word in re.split(r"[\s,.-]+", tags.get(side, ""))
        if word
    }
    labelled = {
        tag: found["value"].rstrip(" .")
        for found in reversed(list(_LABELLED.finditer(text)))
        if (tag := _TAG_NAMES.get(_fold(found["label"]))) in ("Site", "Event")
    }
    cells = _CELLS.search(text)
    site = labelled.get("Site") or (cells and cells["site"]) or place or _site(text, pair, players)
    if site:
        tags["Site"] = site
    if "Event" in labelled:
        tags["Event"] = labelled["Event"]
    eco = _ECO.search(text)
    if eco:
        tags["ECO"] = next(code for code in eco.groups() if code).translate(_LATIN_LETTERS)
    elif cells and cells["eco"]:
        tags["ECO"] = cells["eco"]
    ratings = _RATING.findall(text)
    date = _date(_RATING.sub("", text) if len(ratings) >= 2 else text)
    if year_after:
        # The year after the players' names dates the game, whatever dates the page further up.
        line_end = text.find("\n", year_after.start())
        date = _line_date(text[year_after.start() : line_end if line_end >= 0 else len(text)]) or date
    if date and date.endswith(".??.??"):
        # The heading gives the year, a sentence of it the day ("Kasparow – Topalow, Wijk aan Zee 1999", then
        # "… am 20. Januar 1999 gespielt").
        date = _played_on(text, date[:4]) or date
    if date:
        tags["Date"] = date
    round_found = _ROUND.search(text)
    if cells and cells["round"]:
        tags["Round"] = cells["round"]
    elif round_found:
        written = next(g for g in round_found.groups() if g)
        tags["Round"] = str(_roman(written)) if written.isalpha() else written
    elif ordinal := _ordinal_round(text):
        tags["Round"] = ordinal
    elif game := _ORDINAL_GAME.search(text.replace("ё", "е")):
        tags["Round"] = str(_RUSSIAN_GAME_ORDINALS.index(game["ordinal"].casefold()) + 1)
    return tags
