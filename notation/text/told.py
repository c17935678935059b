"""A game's result told in words after its last move: a resignation ("a čierny sa vzdal", "Черные сдались"),
a side's win ("E IL NERO VINCE"), a draw agreed ("remíza dohodou") or the draw's word where the result stands
("38.b5 remíza"), in the languages of the locales; which side, from the words for the sides or the players
named.
"""

from __future__ import annotations

import re

import chess

# A resignation told in words, in the languages of the locales, and the words for the sides.
_RESIGNED = re.compile(
    r"(?i)(?<!\w)(?:vzdal[ai]?|vzdáva|vzdává|vzdávají|predaj[eu]|predal[aoi]?|predao|предао|предал[аои]|предај[еу]"
    r"|gab\s+auf|gibt\s+auf|aufgegeben"
    r"|poddał[ay]?|poddaj[ąe]|feladta|feladja|feladott|feladásra\s+(?:késztette|kényszerítette)"
    r"|сдал[аи]?с[ья]|сдаются|сдаётся|здал[аи]?с[яь]|здаються"
    # (Not with an object other than the game: "se abandona el centro" gives up the centre.)
    r"|(?:abandonn?(?:e|ent|en|a|ó|aron|an|ou|aram|am|ano|arono)|abbandon(?:a|ano|ò))"
    r"(?!\s+(?:el|la|los|las|le|les|il|lo|gli|o|os|as|un|una|une|uno)\s+(?!partid|partie|partit|jogo|juego|lutt|luch))"
    r"|rind(?:e|en|ieron|ió)"
    r"|desist(?:e|em|iram)|gaf\s+op|geeft\s+op|opgegeven|resign(?:s|ed)?|gav\s+upp|g[ea]fst\s+upp|feladták"
    r"|uppgav|uppg\.|opgav|opgiver|ga\s+opp|gir\s+opp|gefið|luovutti|luovuttaa|gaf(?:\s+[^\W\d_]+){1,6}?\s+op|(?:terk|pes)\s+e(?:tti|diyor|der)"
    r"|se\s+rend(?:ent|it)?|si\s+arrend(?:e|ono)|(?:a|au)\s+demisionat"
    # (These tell a resignation only where the sentence ends with them: "Negrul cedează calitatea" gives up the
    # exchange.)
    r"|(?:cedeaz[ăa]|(?:a|au)\s+cedat|uppgivet|ger\s+upp)(?=\s*(?:$|[.!;)]))"
    # A loss on time is told of the side that lost, as a resignation is ("Čierny prekročil svoj čas").
    r"|prekročil[ai]?\s+(?:svoj\s+)?čas|překročil[ai]?\s+(?:svůj\s+)?čas|lost\s+on\s+time"
    r"|overstepped\s+the\s+time(?:\s+limit)?|verl(?:or|iert)\s+(?:auf|durch|nach)\s+Zeit"
    r"|przekroczył[ay]?\s+czas|prekoračio\s+vreme|просрочил[аи]?\s+время)(?!\w)"
)
# A draw agreed or told, in words after the last move ("les adversaires s'entendirent pour une partie nulle").
_DRAW_AGREED = re.compile(
    r"(?i)(?<!\w)(?:agreed\s+(?:to\s+)?(?:a\s+)?draw|draw\s+(?:was\s+)?agreed|drawn\s+by\s+agreement"
    r"|remis\s+vereinbart|einigten\s+sich\s+auf\s+(?:ein\s+)?remis|remíza\s+dohodou|dohodli\s+na\s+remíz[ei]"
    r"|remi\s+(?:je\s+)?dogovoren|dogovorili\s+(?:su\s+)?(?:se\s+)?(?:na\s+)?remi|zgodzili\s+się\s+na\s+remis"
    r"|remis\s+za\s+obopólną\s+zgodą|(?:s'entendirent|s'entendent|d'accord)\s+pour\s+(?:une\s+)?(?:partie\s+)?nulle"
    r"|nulle\s+(?:par|d')\s*accord|tablas\s+(?:por|de)\s+(?:mutuo\s+)?acuerdo|acordaron\s+(?:las\s+)?tablas"
    r"|patta\s+d'accordo|accordarono\s+la\s+patta|ничья\s+по\s+соглашению|согласились\s+на\s+ничью"
    r"|döntetlenben\s+(?:egyeztek|megegyeztek)|jafntefli\s+samið|(?:samið|sömdu)\s+um\s+jafntefli"
    # ... or the game's end told as a draw ("partija završava remijem", "endete remis", "ended in a draw")
    r"|završ(?:ava|ila|i)\s+(?:se\s+)?remijem|remijem\s+završ(?:ava|ila)|endete\s+(?:mit\s+(?:einem\s+)?)?remis"
    r"|end(?:ed|s)\s+in\s+a\s+draw|skončil[ao]?\s+remízou|končí\s+remízou|zakończył[ao]?\s+się\s+remisem"
    r"|termin(?:ó|a)\s+en\s+tablas|(?:se\s+)?termin(?:a|e|ait)\s+(?:par\s+)?(?:une\s+)?(?:partie\s+)?nulle)(?!\w)"
)
# A negation before the verb in its clause: no resignation ("pas question que j'abandonne", "did not resign",
# "nevzdal sa" is one word and never matched); the Slovak and Czech "no" before a side is "but" ("pečatený ťah,
# no biely sa vzdal").
_NEGATED = re.compile(
    r"(?i)(?:(?<!\w)(?:not|never|pas|ne|nie|не|ні|nicht|nem|non|no(?![ \t]+(?:biel|bíl|čiern|čern))|niet|nunca"
    r"|jamais|ni)|n't)(?!\w)[^.,;:!?]*\Z"
)
# The prose's first word, ended by a stop, a comma or the end of its line; or by a preposition and a few words that
# end its sentence and line ("remis in Zeitbedrängnis.", "tablas por jaque perpetuo.", "draw by repetition").
_FIRST_WORD_ENDED = re.compile(
    r"[ \t,;:]*(?P<word>[^\W\d_]+)(?:[ \t]+(?:in|durch|nach|by|on|por|par|sur|na|po|w|v|u|per|op|door)"
    r"(?:[ \t]+[^\W\d_]+){1,3}[ \t]*(?:[.!](?=\s|\Z)|(?=\r?\n|\Z))|[ \t]*(?:[.,;:!]|\r?\n|\Z))"
)
# A resignation told by a noun that means other things too, so only as the first word after the last move
# ("20.Sxe6 Aufgabe!!"; "eine wichtige Aufgabe" is a task).
_RESIGNATION_FIRST = re.compile(r"\W*(?:Aufgabe)(?!\w)")
# A win told in words ("E IL NERO VINCE", "Weiß gewinnt.", "и белые выиграли."): the side named won.
_WINS = re.compile(
    r"(?i)(?<!\w)(?:vyhr[aá]v[ae]|vyhral[ai]?|vyhrál[ai]?|vyhrávají|gewinnt|gewann|gewinnen|wygrywa(?:ją)?"
    r"|wygrał[ya]?|nyer(?:t|i)?|выигрыва(?:ют|ет)|выиграл[ии]?|вигра(?:ють|ли|в)|gagnent|gagne|gana[nr]?"
    r"|ganaron|ganó|vinc(?:e|ono)|vence[mu]?|venceram|win(?:s|t)|won|wint|wonnen|vinner|vann|pobjeđuj[eu]"
    r"|pobeđuj[eu]|dobij[au]"
    # a win told by "to triumph" ("a bílý zvítězil v 61 tazích", "Weiß siegte", "белые победили")
    r"|zvítězil[ai]?|zvíťazil[ai]?|zwyciężył[ya]?|siegte|siegt|pobijedio|pobedio|győzött|победил[иа]?|переміг(?:ли)?"
    # a mate told, not shown ("and Black gave mate in seven", "a biely dal mat", "setzte in 3 Zügen matt")
    r"|(?:gave|gives|announced|announces|forced|forces)\s+mate|mates|dal[ia]?\s+mat|dáva(?:jú)?\s+mat"
    r"|setzt(?:e|en)?\s+matt|d(?:a|an|ió)\s+mate|donnen?t?\s+mat|дал[иа]?\s+мат|объявил[иа]?\s+мат)"
    r"(?:\s+(?:in|v|ve|en|em|в|за)\s+\w+(?:\s+(?:moves|Zügen|ťahoch|tazích|ходов|ходa|jugadas|coups))?)?(?!\w)"
)
# What may follow the verb for the words to tell the game's result: the sentence's end, the result in brackets
# ("i czarne łatwo wygrały (0–1)."), or a signature ("VINCE NCdaniel"); "White wins a pawn", "Weiß gewinnt die
# Dame" tell none.
_WIN_ENDS = re.compile(r"\s*(?:$|[.!;)]|\([ \t]*[01½][^()]{0,10}\)|(?:[^\W\d_a-z]\S*\s*){1,2}$)")
_WHITE_SIDE = re.compile(
    r"(?i)(?<!\w)(?:biel[yíé]|bíl[ýé]|bijel[ia]?|bel[ia]|weiß|weiss|biał[ey]|világos|бел[ыо]е|білі|blancs?"
    r"|blancas|blanques|bianc[oh]i?|brancas|wit|white|hvítur|vit|beyaz|alb(?:ul|ii)?)(?!\w)"
)
_BLACK_SIDE = re.compile(
    r"(?i)(?<!\w)(?:čiern[yíe]|čern[ýé]|crn[ia]?|schwarz|czarn[ey]|sötét|ч[её]рн[ыо]е|чорні|noirs?|negr[ao]s|ner[oi]"
    r"|negres|pretas|zwart|black|svartur|svart|siyah|negr(?:ul|ii|u))(?!\w)"
)
# A draw written as a word where the result stands ("38.b5 remíza"): the result, not a comment.
# The label a table or a form writes before a game's result ("Výsledok: 1-0", `| | Rezultat | 0-1 |`): not a
# comment on the last move.
RESULT_LABEL = re.compile(
    r"(?i)[ \t\r\n]*(?:result|résultat|resultado|risultato|ergebnis|výsledok|výsledek|rezultat|rezultati|wynik"
    r"|eredmény|tulos|resultat|uitslag|результат|резултат|sonuç)[ \t]*[:=]?[ \t\r\n]*"
)

DRAW_WORDS = frozenset(
    {
        "draw",
        "drawn",
        "remíza",
        "remiza",
        "remis",
        "remi",
        "реми",
        "remise",
        "döntetlen",
        "ничья",
        "нічия",
        "nulle",
        "tablas",
        "patta",
        "empate",
        "jafntefli",
        "tasapeli",
        "oavgjort",
        "uavgjort",
        "berabere",
    }
)


def told_result(comment: str, board: chess.Board, players: dict[str, str] | None = None) -> tuple[str, str]:
    """The result a resignation told in words after the last move gives ("a čierny sa vzdal", "Черные
    сдались", "(las blancas rinden)"), or a win or a draw agreed, and those words; ("", "") for none. The
    side named resigned, else the player named ("y Jojua se rindió", `players` the heading's White and Black),
    else the side to move."""
    found = _resignation(comment)
    if found is None:
        won = _won(comment)
        first = draw_first(comment)
        if not won[0] and first:
            # The draw's word first after the last move, before a note in brackets ("24.Lf3 remis in
            # Zeitbedrängnis.", then "(Randspringer, …)").
            return "1/2-1/2", first.group().strip(" \t,;:")
        agreed = _DRAW_AGREED.search(comment)
        if won[0] or agreed is None or _NEGATED.search(comment, max(0, agreed.start() - 40), agreed.start()):
            return won
        return "1/2-1/2", comment[comment.rfind(".", 0, agreed.start()) + 1 : agreed.end()].strip()
    # The side is the subject: the last side word before the verb in its sentence ("Белые сдались, так как
    # … черные"), else one just after it ("resigned White"), else the side to move.
    before = comment[comment.rfind(".", 0, found.start()) + 1 : found.start()]
    sides, following = _sides(before), _sides(comment[found.end() : found.end() + 20])
    named = _players_named(before, players or {})
    if sides:
        black_resigned = max(sides)[1] == chess.BLACK
    elif following:
        black_resigned = min(following)[1] == chess.BLACK
    elif named:
        black_resigned = max(named)[1] == chess.BLACK
    else:
        black_resigned = board.turn == chess.BLACK
    sentence = before + found.group()
    return ("1-0" if black_resigned else "0-1"), sentence.strip()


def draw_first(text: str) -> re.Match[str] | None:
    """The draw's word first in `text`, ended as `_FIRST_WORD_ENDED` says ("remi", "tablas, porque …", "remis in
    Zeitbedrängnis."); None where the first word is no draw's."""
    first = _FIRST_WORD_ENDED.match(text)
    return first if first and first["word"].lower() in DRAW_WORDS else None


def _players_named(text: str, players: dict[str, str]) -> list[tuple[int, chess.Color]]:
    """Where `text` names a player by a word of three letters or more of the name, and which side."""
    found = []
    for side, name in players.items():
        for word in re.findall(r"[^\W\d_]{3,}", name):
            for named in re.finditer(rf"(?<!\w){re.escape(word)}(?!\w)", text):
                found.append((named.start(), chess.WHITE if side == "White" else chess.BLACK))
    return found


def _resignation(text: str) -> re.Match[str] | None:
    """Where `text` tells a resignation: its first verb for one that no negation comes before in its clause,
    or the noun as its first word."""
    for found in _RESIGNED.finditer(text):
        if _NEGATED.search(text, max(0, found.start() - 40), found.start()) is None:
            return found
    return _RESIGNATION_FIRST.match(text)


def _won(comment: str) -> tuple[str, str]:
    """The result a win told in words gives ("E IL NERO VINCE"), and those words: the side named just before
    the verb in its sentence, or just after it, won; ("", "") when no side is named."""
    found = _WINS.search(comment)
    if found is None or _WIN_ENDS.match(comment, found.end()) is None:
        return "", ""
    before = comment[comment.rfind(".", 0, found.start()) + 1 : found.start()]
    sides, following = _sides(before[-30:]), _sides(comment[found.end() : found.end() + 20])
    if not (sides or following):
        return "", ""
    white_won = (max(sides) if sides else min(following))[1] == chess.WHITE
    return ("1-0" if white_won else "0-1"), (before + found.group()).strip()


def told_result_end(words: str) -> int:
    """Where the words that tell a resignation, a side's win or an agreed draw end in `words` (-1 where they
    tell none)."""
    told = _resignation(words)
    if told is not None:
        return told.end()
    told = _WINS.search(words)
    if told is not None and _won(words)[0]:
        return told.end()
    told = _DRAW_AGREED.search(words)
    return told.end() if told is not None else -1


def _sides(text: str) -> list[tuple[int, chess.Color]]:
    """Where `text` names a side, and which."""
    return sorted(
        (side.start(), colour)
        for colour, words in ((chess.WHITE, _WHITE_SIDE), (chess.BLACK, _BLACK_SIDE))
        for side in words.finditer(text)
    )
