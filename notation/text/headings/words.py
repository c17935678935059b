"""The words that several parts of a heading's reading share: the colours' names, the words that name no place
(events, weekdays), an opening's words, a year, the words of prose and of a game played."""

from __future__ import annotations

import re
import unicodedata

WHITE = (
    "biely|bílý|bílá|bily|weiß|weiss|beli|bijeli|бели|белые|белые|biały|białe|világos|blancas|blancs|blanco|"
    "blanca|blanques|bianco|wit|white|branco|brancas|hvítt|hvitt|hv\\.|hvid|hvit|vit|valkea|valkoinen|albul|albe"
)
BLACK = (
    "čierny|černý|černá|cerny|schwarz|crni|црни|черные|чёрные|czarny|czarne|sötét|negras|noirs|negro|nero|zwart|"
    "negra|negres|black|preto|pretas|svart|sv\\.|sort|musta|negrul|negrele|črni"
)
# A word of four letters or more: of running text where it starts in lower case, in any script (a heading line
# has few such: "Lodž 1954", "Moravská Ostrava, 12. mája 1987", "Лондон, 26 апреля 1859 года").
_LONG_WORD = re.compile(r"\b[^\W\d_]{4,}")


def prose_words(text: str) -> list[str]:
    """The words of running text in `text` (`_LONG_WORD`s that start in lower case)."""
    return [word for word in _LONG_WORD.findall(text) if word[0].islower()]


# A day of the week: no place ("Saturday, March 25, 2023", "Utorak, 5. april").
WEEKDAYS = (
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
NOT_PLACES = frozenset(
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
) | frozenset(WEEKDAYS)
YEAR = re.compile(r"(?<![0-9.,:/-])((?:1[5-9][0-9]|20[0-4])[0-9])(?![0-9])")


def fold(word: str) -> str:
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


# A sentence that tells when the game was played ("Partida jugada el 05 de noviembre de 2019", "… in the first
# round … on August 26, 1889", "disputata … il 3 aprile 1921"), not over which days an event ran ("od 09. do 18.
# decembra 2016").
PLAYED = re.compile(
    r"\b(?:gespielt|played|jugad[ao]|disputad[ao]|disputata|disputée?|giocata|jouée|joué|gespeeld|hran[áaé]|hrála?"
    r"|odigran[ao]?|играна|сыграна|játszották|teflt|tefld|spelad|spelades|spillet|rozegran[ao]|jogad[ao])\b",
    re.IGNORECASE,
)
PROSE_SENTENCE = re.compile(r"\n|(?<=[^\W\d_]{3}[.!?])\s+")


# Words of an opening's name ("DEFESA SICILIANA - VARIANTE DO DRAGÃO", "Ruská hra - Petrovova obrana"): a line
# that holds one names no players.
OPENING_WORDS = frozenset(
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
GAME_WORD = (
    r"(?:partii|partiu|partia|partie|partij|partita|partida|Partie|game|parti|partiet|партия|партию|партии|партија"
    r"|партију|játszma|játszmát)"
)
