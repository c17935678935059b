"""Tags written in another language's words (`[Blancas "Capablanca"]`) and lines that label a place or an event."""

from __future__ import annotations

import re

from .dates import pgn_date
from .words import fold

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
_TAG_NAMES = {fold(word): tag for tag, words in _LOCALIZED_TAGS.items() for word in words.split()}

# A labelled line of its own: `Location: Hill Air Force Base, Utah`, `Evento: St. Petesburgo`, `Turnier: 15.
# DSB-Kongress`, its label a place's or an event's tag name in any language (`_LOCALIZED_TAGS`); a label with
# nothing after it, `Turnir:` before a list, gives nothing.
_LABELLED = re.compile(r"^[ \t]*(?P<label>[^\W\d_]+)[ \t]*:[ \t]*(?P<value>\S[^\n]*?)[ \t]*$", re.MULTILINE)


def pgn_tag(name: str, value: str) -> tuple[str, str] | None:
    """A tag pair written in another language as its PGN tag pair (a date's slashes made dots), or None
    when the name is no tag name partiar knows in another language."""
    tag = _TAG_NAMES.get(fold(name))
    if tag is None:
        return None
    return tag, pgn_date(value.replace("/", ".")) if tag == "Date" else value


def labelled(text: str) -> dict[str, str]:
    """The place and the event that lines of their own label, the first of each."""
    return {
        tag: found["value"].rstrip(" .")
        for found in reversed(list(_LABELLED.finditer(text)))
        if (tag := _TAG_NAMES.get(fold(found["label"]))) in ("Site", "Event")
    }
