"""The round of a game in its heading: `Kolo 3`, `3. forduló`, `II turno`, a match's game by its number or its
ordinal."""

from __future__ import annotations

import re

from .words import GAME_WORD, PLAYED, PROSE_SENTENCE

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
    for sentence in reversed(PROSE_SENTENCE.split(text)):
        found = _ORDINAL_ROUND.search(sentence)
        if found and (PLAYED.search(sentence) or re.search(rf"\b{GAME_WORD}\b", sentence, re.IGNORECASE)):
            return str(_ORDINAL_NUMBER[found["ordinal"].casefold()])
    return None


def _roman(numeral: str) -> int:
    """A Roman numeral's value (`XIII` 13; a round written so is a number in PGN)."""
    values = [{"I": 1, "V": 5, "X": 10, "L": 50}[char] for char in numeral]
    return sum(
        -value if value < after else value for value, after in zip(values, [*values[1:], 0], strict=True)
    )


def game_round(text: str) -> str | None:
    """The round a heading gives: by its word, by an ordinal, or by a Russian match game's ordinal."""
    found = _ROUND.search(text)
    if found:
        written = next(group for group in found.groups() if group)
        return str(_roman(written)) if written.isalpha() else written
    if ordinal := _ordinal_round(text):
        return ordinal
    if game := _ORDINAL_GAME.search(text.replace("ё", "е")):
        return str(_RUSSIAN_GAME_ORDINALS.index(game["ordinal"].casefold()) + 1)
    return None
