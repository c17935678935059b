"""A claim verdict told in English, Slovak or Czech, with the article numbers of the chosen edition.

Sentences are whole templates per language (no word-by-word assembly), and numbers are written in forms that
need no declension ("počet polťahov ... je 100"), so each language reads naturally. Moves are written in the
language's own piece letters.
"""

from __future__ import annotations

from dataclasses import dataclass

import chess

from ..errors import UnknownLocaleError
from ..game import Game
from ..text.render import render
from .claims import Verdict

LANGUAGES = ("en", "sk", "cs")


@dataclass(frozen=True)
class _Language:
    title: str
    sides: tuple[str, str]  # white, black
    pieces: dict[int, str]
    endings: dict[str, str]
    start: str
    after: str
    after_written: str
    since: str
    since_start: str
    since_before: str
    conjunction: str
    alternative: str
    minutes: tuple[str, str, str]  # one, two to four, five and more
    halfmoves: tuple[str, str, str]
    times: tuple[str, str, str]  # once, twice, n times
    sentences: dict[str, str]


_EN = _Language(
    title="FIDE Laws of Chess {year}",
    sides=("White", "Black"),
    pieces={
        chess.KING: "king",
        chess.QUEEN: "queen",
        chess.ROOK: "rook",
        chess.BISHOP: "bishop",
        chess.KNIGHT: "knight",
        chess.PAWN: "pawn",
    },
    endings={
        "checkmate": "by checkmate",
        "stalemate": "by stalemate",
        "dead_position": "in a dead position",
        "fivefold": "by fivefold repetition",
        "seventyfive": "under the 75-move rule",
    },
    start="in the start position",
    after="after {move}",
    after_written="after the written move {move}",
    since="since {move}",
    since_start="since the start of the record",
    since_before="(including moves before the record starts)",
    conjunction="and",
    alternative="or",
    minutes=("{n} minute", "{n} minutes", "{n} minutes"),
    halfmoves=("{n} half-move", "{n} half-moves", "{n} half-moves"),
    times=("once", "twice", "{n} times"),
    sentences={
        "threefold_now": "The claim is correct (Art. {rule}, {title}): the position with {side} to move has "
        "occurred {times}: {where}. The game is drawn.",
        "threefold_written": "The claim is correct (Art. {rule}, {title}): the written move {move} makes the "
        "position occur {times}: {where}. The game is drawn.",
        "threefold_short": "The claim is incorrect (Art. {rule}, {title}): the position with {side} to move "
        "has occurred only {times}: {where}; three occurrences are needed.",
        "threefold_written_short": "The claim is incorrect (Art. {rule}, {title}): after the written move "
        "{move} the position would have occurred only {times}: {where}; three occurrences are needed.",
        "fifty_now": "The claim is correct (Art. {rule}, {title}): {halfmoves} without a pawn move or a "
        "capture have been played {since}. The game is drawn.",
        "fifty_written": "The claim is correct (Art. {rule}, {title}): with the written move {move}, "
        "{halfmoves} without a pawn move or a capture will have been played {since}. The game is drawn.",
        "fifty_short": "The claim is incorrect (Art. {rule}, {title}): only {halfmoves} without a pawn move "
        "or a capture have been played {since}; 50 moves by each player (100 half-moves) are needed.",
        "fifty_written_short": "The claim is incorrect (Art. {rule}, {title}): with the written move {move} "
        "only {halfmoves} without a pawn move or a capture would have been played {since}; 50 moves by "
        "each player (100 half-moves) are needed.",
        "fifty_written_resets": "The claim is incorrect (Art. {rule}, {title}): the written move {move} is a "
        "pawn move or a capture, so the count starts again.",
        "written_illegal": "The claim is incorrect: the written move {text} is not a legal move in this "
        "position.",
        "game_over": "No claim is possible: the game had already ended {where} {ending} (Art. {rule}, "
        "{title}).",
        "written_unneeded": "The written move {text} was not needed for that.",
        "bonus": "The arbiter adds {bonus} to the opponent's remaining time (Art. {rule}) and the game "
        "continues.",
        "claimant_time": "The claimant's remaining time becomes {time}.",
        "claimant_time_rule": "The claimant's own time is also cut: by half, at most by three minutes, when "
        "more than two minutes remain; to one minute between one and two minutes; not at all under one "
        "minute.",
        "must_play": "The written move {move} must now be played{fixed}.",
        "fixed": "; it cannot be changed",
        "same_piece": "Because the written move is illegal, the claimant must make another move with the "
        "same piece ({piece}).",
        "offer": "The claim counts as a draw offer (Art. {rule}), which the opponent may still accept.",
        "hint_threefold": "A claim under Art. {rule}, writing {moves} first, would have been correct.",
        "hint_fifty": "A claim under Art. {rule}, writing first a move that is neither a pawn move nor a "
        "capture, would have been correct.",
    },
)

_SK = _Language(
    title="Pravidlá šachu FIDE {year}",
    sides=("biely", "čierny"),
    pieces={
        chess.KING: "kráľ",
        chess.QUEEN: "dáma",
        chess.ROOK: "veža",
        chess.BISHOP: "strelec",
        chess.KNIGHT: "jazdec",
        chess.PAWN: "pešiak",
    },
    endings={
        "checkmate": "matom",
        "stalemate": "patom",
        "dead_position": "mŕtvou pozíciou",
        "fivefold": "päťnásobným opakovaním pozície",
        "seventyfive": "podľa pravidla 75 ťahov",
    },
    start="vo východiskovej pozícii",
    after="po {move}",
    after_written="po zapísanom ťahu {move}",
    since="od ťahu {move}",
    since_start="od začiatku záznamu",
    since_before="(vrátane ťahov pred začiatkom záznamu)",
    conjunction="a",
    alternative="alebo",
    minutes=("{n} minútu", "{n} minúty", "{n} minút"),
    halfmoves=("{n}", "{n}", "{n}"),
    times=("raz", "dvakrát", "{n}-krát"),
    sentences={
        "threefold_now": "Reklamácia je správna (čl. {rule}, {title}): pozícia, v ktorej je na ťahu {side}, "
        "sa vyskytla {times}: {where}. Partia sa končí remízou.",
        "threefold_written": "Reklamácia je správna (čl. {rule}, {title}): zapísaný ťah {move} vedie k "
        "pozícii, ktorá sa tak vyskytne {times}: {where}. Partia sa končí remízou.",
        "threefold_short": "Reklamácia je nesprávna (čl. {rule}, {title}): pozícia, v ktorej je na ťahu "
        "{side}, sa vyskytla len {times}: {where}; potrebné sú tri výskyty.",
        "threefold_written_short": "Reklamácia je nesprávna (čl. {rule}, {title}): po zapísanom ťahu {move} "
        "by sa pozícia vyskytla len {times}: {where}; potrebné sú tri výskyty.",
        "fifty_now": "Reklamácia je správna (čl. {rule}, {title}): počet polťahov bez ťahu pešiakom a bez "
        "brania {since} je {halfmoves}. Partia sa končí remízou.",
        "fifty_written": "Reklamácia je správna (čl. {rule}, {title}): so zapísaným ťahom {move} bude počet "
        "polťahov bez ťahu pešiakom a bez brania {since} {halfmoves}. Partia sa končí remízou.",
        "fifty_short": "Reklamácia je nesprávna (čl. {rule}, {title}): počet polťahov bez ťahu pešiakom a "
        "bez brania {since} je len {halfmoves}; potrebných je 100 (50 ťahov každého hráča).",
        "fifty_written_short": "Reklamácia je nesprávna (čl. {rule}, {title}): so zapísaným ťahom {move} by "
        "počet polťahov bez ťahu pešiakom a bez brania {since} bol len {halfmoves}; potrebných je 100 "
        "(50 ťahov každého hráča).",
        "fifty_written_resets": "Reklamácia je nesprávna (čl. {rule}, {title}): zapísaný ťah {move} je ťah "
        "pešiakom alebo branie, takže sa počíta odznova.",
        "written_illegal": "Reklamácia je nesprávna: zapísaný ťah {text} nie je v tejto pozícii prípustný.",
        "game_over": "Reklamácia nie je možná: partia sa skončila už {where} {ending} (čl. {rule}, {title}).",
        "written_unneeded": "Zapísaný ťah {text} na to nebol potrebný.",
        "bonus": "Rozhodca pridá súperovi {bonus} k jeho zvyšnému času (čl. {rule}) a partia pokračuje.",
        "claimant_time": "Zvyšný čas reklamujúceho hráča sa upraví na {time}.",
        "claimant_time_rule": "Reklamujúcemu hráčovi sa navyše skráti čas: ak má viac ako dve minúty, o "
        "polovicu, najviac o tri minúty; ak má jednu až dve minúty, na jednu minútu; pod jednu minútu sa "
        "jeho čas nemení.",
        "must_play": "Zapísaný ťah {move} sa teraz musí zahrať{fixed}.",
        "fixed": "; nemožno ho zmeniť",
        "same_piece": "Keďže zapísaný ťah je neprípustný, reklamujúci hráč musí urobiť iný ťah tým istým "
        "kameňom ({piece}).",
        "offer": "Reklamácia sa považuje za ponuku remízy (čl. {rule}), ktorú môže súper ešte prijať.",
        "hint_threefold": "Správna by bola reklamácia podľa čl. {rule} so zapísaním ťahu {moves} vopred.",
        "hint_fifty": "Správna by bola reklamácia podľa čl. {rule} so zapísaním ťahu, ktorý nie je ťahom "
        "pešiakom ani braním.",
    },
)

_CS = _Language(
    title="Pravidla šachu FIDE {year}",
    sides=("bílý", "černý"),
    pieces={
        chess.KING: "král",
        chess.QUEEN: "dáma",
        chess.ROOK: "věž",
        chess.BISHOP: "střelec",
        chess.KNIGHT: "jezdec",
        chess.PAWN: "pěšec",
    },
    endings={
        "checkmate": "matem",
        "stalemate": "patem",
        "dead_position": "mrtvou pozicí",
        "fivefold": "pětinásobným opakováním pozice",
        "seventyfive": "podle pravidla 75 tahů",
    },
    start="ve výchozí pozici",
    after="po {move}",
    after_written="po zapsaném tahu {move}",
    since="od tahu {move}",
    since_start="od začátku záznamu",
    since_before="(včetně tahů před začátkem záznamu)",
    conjunction="a",
    alternative="nebo",
    minutes=("{n} minutu", "{n} minuty", "{n} minut"),
    halfmoves=("{n}", "{n}", "{n}"),
    times=("jednou", "dvakrát", "{n}krát"),
    sentences={
        "threefold_now": "Reklamace je oprávněná (čl. {rule}, {title}): pozice, ve které je na tahu {side}, "
        "se vyskytla {times}: {where}. Partie končí remízou.",
        "threefold_written": "Reklamace je oprávněná (čl. {rule}, {title}): zapsaný tah {move} vede k "
        "pozici, která se tak vyskytne {times}: {where}. Partie končí remízou.",
        "threefold_short": "Reklamace je neoprávněná (čl. {rule}, {title}): pozice, ve které je na tahu "
        "{side}, se vyskytla jen {times}: {where}; jsou potřeba tři výskyty.",
        "threefold_written_short": "Reklamace je neoprávněná (čl. {rule}, {title}): po zapsaném tahu {move} "
        "by se pozice vyskytla jen {times}: {where}; jsou potřeba tři výskyty.",
        "fifty_now": "Reklamace je oprávněná (čl. {rule}, {title}): počet půltahů bez tahu pěšcem a bez "
        "braní {since} je {halfmoves}. Partie končí remízou.",
        "fifty_written": "Reklamace je oprávněná (čl. {rule}, {title}): se zapsaným tahem {move} bude počet "
        "půltahů bez tahu pěšcem a bez braní {since} {halfmoves}. Partie končí remízou.",
        "fifty_short": "Reklamace je neoprávněná (čl. {rule}, {title}): počet půltahů bez tahu pěšcem a bez "
        "braní {since} je jen {halfmoves}; je jich potřeba 100 (50 tahů každého hráče).",
        "fifty_written_short": "Reklamace je neoprávněná (čl. {rule}, {title}): se zapsaným tahem {move} by "
        "počet půltahů bez tahu pěšcem a bez braní {since} byl jen {halfmoves}; je jich potřeba 100 "
        "(50 tahů každého hráče).",
        "fifty_written_resets": "Reklamace je neoprávněná (čl. {rule}, {title}): zapsaný tah {move} je tahem "
        "pěšce nebo braním, takže se počítá znovu.",
        "written_illegal": "Reklamace je neoprávněná: zapsaný tah {text} není v této pozici přípustný.",
        "game_over": "Reklamace není možná: partie už skončila {where} {ending} (čl. {rule}, {title}).",
        "written_unneeded": "Zapsaný tah {text} k tomu nebyl potřeba.",
        "bonus": "Rozhodčí přidá soupeři {bonus} k jeho zbývajícímu času (čl. {rule}) a partie pokračuje.",
        "claimant_time": "Zbývající čas reklamujícího hráče se upraví na {time}.",
        "claimant_time_rule": "Reklamujícímu hráči se navíc zkrátí čas: má-li více než dvě minuty, o "
        "polovinu, nejvýše o tři minuty; má-li jednu až dvě minuty, na jednu minutu; pod jednu minutu se "
        "jeho čas nemění.",
        "must_play": "Zapsaný tah {move} se nyní musí zahrát{fixed}.",
        "fixed": "; nelze ho změnit",
        "same_piece": "Protože zapsaný tah je nepřípustný, musí reklamující hráč provést jiný tah týmž "
        "kamenem ({piece}).",
        "offer": "Reklamace se považuje za nabídku remízy (čl. {rule}), kterou může soupeř ještě přijmout.",
        "hint_threefold": "Oprávněná by byla reklamace podle čl. {rule} se zapsáním tahu {moves} předem.",
        "hint_fifty": "Oprávněná by byla reklamace podle čl. {rule} se zapsáním tahu, který není tahem pěšce "
        "ani braním.",
    },
)

_LANGUAGES = {"en": _EN, "sk": _SK, "cs": _CS}


def _plural(forms: tuple[str, str, str], n: int) -> str:
    return (forms[0] if n == 1 else forms[1] if 2 <= n <= 4 else forms[2]).format(n=n)


def _times(lang: _Language, n: int) -> str:
    return lang.times[min(n, 3) - 1].format(n=n)


def _clock(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


class _Writer:
    """Formats the parts of one explanation: moves in the language's letters, plies, lists, durations."""

    def __init__(self, lang: _Language, code: str, game: Game) -> None:
        self.lang = lang
        self.code = code
        self.game = game

    def move(self, san: str, ply: int) -> str:
        """A move with its number, as it stands (or would stand) at `ply`, in the language's letters."""
        plies = self.game.plies
        if ply <= len(plies):
            number, white = plies[ply - 1].number, plies[ply - 1].white
        elif plies:
            last = plies[-1]
            number, white = last.number + (not last.white), not last.white
        else:
            board = self.game.board()
            number, white = board.fullmove_number, board.turn
        # The short form needs no origin square, so the null move stands in for the move itself.
        text = render(san, chess.Move.null(), self.code)
        return f"{number}{'.' if white else '...'} {text}"

    def plain(self, san: str) -> str:
        return render(san, chess.Move.null(), self.code)

    def where(self, plies: list[int], written_san: str | None = None) -> str:
        game_plies = self.game.plies
        parts = []
        for ply in plies:
            if ply <= 0:
                parts.append(self.lang.start)
            elif ply <= len(game_plies):
                parts.append(self.lang.after.format(move=self.move(game_plies[ply - 1].san, ply)))
            else:
                parts.append(self.lang.after_written.format(move=self.move(written_san or "", ply)))
        return self.join(parts, self.lang.conjunction)

    def since(self, ply: int | None) -> str:
        if ply is None:
            return self.lang.since_before
        if ply == 0:
            return self.lang.since_start
        return self.lang.since.format(move=self.move(self.game.plies[ply - 1].san, ply))

    @staticmethod
    def join(parts: list[str], word: str) -> str:
        return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} {word} {parts[-1]}"


def explain(verdict: Verdict, game: Game, code: str = "en") -> str:
    """The verdict as a paragraph in `code` ("en", "sk" or "cs")."""
    lang = _LANGUAGES.get(code)
    if lang is None:
        raise UnknownLocaleError(f"no explanations in {code!r}; available: {', '.join(LANGUAGES)}")
    writer = _Writer(lang, code, game)
    edition = verdict.edition
    facts = verdict.facts
    said = lang.sentences
    title = lang.title.format(year=edition.year)
    written_san = str(facts.get("move", ""))
    ply_written = len(game.plies) + 1
    values: dict[str, object] = {
        "rule": verdict.rule,
        "title": title,
        "side": lang.sides[verdict.claimant != "white"],
        "text": facts.get("text", ""),
    }
    end = verdict.game_over
    if end is not None:
        values.update(where=writer.where([end.ply]), ending=lang.endings[end.type])
        return said["game_over"].format(**values)
    count, halfmoves, since = facts.get("count"), facts.get("halfmoves"), facts.get("since_ply")
    if isinstance(count, int):
        values["times"] = _times(lang, count)
        values["where"] = writer.where(verdict.plies, written_san)
    if isinstance(halfmoves, int):
        values["halfmoves"] = _plural(lang.halfmoves, halfmoves)
        values["since"] = writer.since(since if isinstance(since, int) else None)
    if written_san:
        values["move"] = writer.move(written_san, ply_written)
    sentences = [said[verdict.reason].format(**values)]
    if verdict.valid:
        if "written_unneeded" in facts:
            sentences.append(said["written_unneeded"].format(text=facts["written_unneeded"]))
        return " ".join(sentences)
    sentences.append(
        said["bonus"].format(
            bonus=_plural(lang.minutes, verdict.opponent_bonus_seconds // 60)
            if verdict.opponent_bonus_seconds % 60 == 0
            else _clock(verdict.opponent_bonus_seconds),
            rule=edition.article("incorrect_claim"),
        )
    )
    if verdict.claimant_time_seconds is not None:
        sentences.append(said["claimant_time"].format(time=_clock(verdict.claimant_time_seconds)))
    elif edition.claimant_time is not None:
        sentences.append(said["claimant_time_rule"])
    if verdict.must_play is not None:
        fixed = said["fixed"] if edition.written_move_fixed else ""
        sentences.append(
            said["must_play"].format(move=writer.move(verdict.must_play, ply_written), fixed=fixed)
        )
    elif verdict.reason == "written_illegal":
        piece = facts.get("piece")
        named = lang.pieces[piece] if isinstance(piece, int) else str(facts.get("text", ""))
        sentences.append(said["same_piece"].format(piece=named))
    sentences.append(said["offer"].format(rule=edition.article("claim_is_offer")))
    hints = facts.get("could_write")
    if isinstance(hints, list) and hints:
        moves = writer.join([writer.plain(str(san)) for san in hints], lang.alternative)
        sentences.append(
            said["hint_threefold"].format(rule=edition.article("threefold_by_move"), moves=moves)
        )
    elif hints is True:
        sentences.append(said["hint_fifty"].format(rule=edition.article("fifty_by_move")))
    return " ".join(sentences)
