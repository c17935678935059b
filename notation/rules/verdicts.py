"""A claim verdict told in English, Slovak or Czech, with the article numbers of the chosen edition.

The words come from the gettext catalogs of `messages`; the moves are written in the language's own piece
letters.
"""

from __future__ import annotations

from ..game import Game
from ..locales import Locale
from .claims import Reason, Verdict
from .messages import LANGUAGES, N_, Messages

__all__ = ["LANGUAGES", "explain", "headline"]

_REASONS = {
    Reason.THREEFOLD_NOW: N_(
        "The claim is correct (Art. {rule}, {title}): the position with {side} to move has occurred {times}: "
        "{where}. The game is drawn."
    ),
    Reason.THREEFOLD_WRITTEN: N_(
        "The claim is correct (Art. {rule}, {title}): the written move {move} makes the position occur "
        "{times}: {where}. The game is drawn."
    ),
    Reason.THREEFOLD_SHORT: N_(
        "The claim is incorrect (Art. {rule}, {title}): the position with {side} to move has occurred only "
        "{times}: {where}; three occurrences are needed."
    ),
    Reason.THREEFOLD_WRITTEN_SHORT: N_(
        "The claim is incorrect (Art. {rule}, {title}): after the written move {move} the position would "
        "have occurred only {times}: {where}; three occurrences are needed."
    ),
    Reason.FIFTY_NOW: N_(
        "The claim is correct (Art. {rule}, {title}): {halfmoves} without a pawn move or a capture have been "
        "played {since}. The game is drawn."
    ),
    Reason.FIFTY_WRITTEN: N_(
        "The claim is correct (Art. {rule}, {title}): with the written move {move}, {halfmoves} without a "
        "pawn move or a capture will have been played {since}. The game is drawn."
    ),
    Reason.FIFTY_SHORT: N_(
        "The claim is incorrect (Art. {rule}, {title}): only {halfmoves} without a pawn move or a capture "
        "have been played {since}; 50 moves by each player (100 half-moves) are needed."
    ),
    Reason.FIFTY_WRITTEN_SHORT: N_(
        "The claim is incorrect (Art. {rule}, {title}): with the written move {move} only {halfmoves} "
        "without a pawn move or a capture would have been played {since}; 50 moves by each player (100 "
        "half-moves) are needed."
    ),
    Reason.FIFTY_WRITTEN_RESETS: N_(
        "The claim is incorrect (Art. {rule}, {title}): the written move {move} is a pawn move or a capture, "
        "so the count starts again."
    ),
    Reason.WRITTEN_ILLEGAL: N_(
        "The claim is incorrect: the written move {text} is not a legal move in this position."
    ),
    Reason.GAME_OVER: N_(
        "No claim is possible: the game had already ended {where} {ending} (Art. {rule}, {title})."
    ),
}


class _Explanation:
    """The sentences of one verdict's explanation."""

    def __init__(self, verdict: Verdict, say: Messages) -> None:
        self.verdict = verdict
        self.say = say
        self._ = say._
        self.ply_written = len(say.game.plies) + 1  # where the written move would stand

    def where(self, plies: list[int]) -> str:
        """The places of the positions counted: "in the start position, after 2... Ng8 and after the written
        move 4... Ng8"."""
        say, written = self.say, self.verdict.facts.move or ""
        parts = [
            say.after(ply)
            if ply <= len(say.game.plies)
            else self._("after the written move {move}").format(move=say.move(written, ply))
            for ply in plies
        ]
        return say.and_(parts)

    def since(self, ply: int | None) -> str:
        if ply is None:
            return self._("(including moves before the record starts)")
        if ply == 0:
            return self._("since the start of the record")
        return self._("since {move}").format(move=self.say.played(ply))

    def finding(self) -> str:
        """The first sentence: whether the claim is correct, and why."""
        verdict, say, facts = self.verdict, self.say, self.verdict.facts
        values: dict[str, object] = {
            "rule": verdict.rule,
            "title": say.title(verdict.edition),
            "side": say.side(verdict.claimant),
            "text": facts.written.text if facts.written is not None else "",
        }
        end = verdict.game_over
        if end is not None:
            values.update(where=say.after(end.ply), ending=say.ending(end.type))
        if facts.count is not None:
            values.update(times=say.times(facts.count), where=self.where(verdict.plies))
        if facts.halfmoves is not None:
            values.update(halfmoves=say.halfmoves(facts.halfmoves), since=self.since(facts.since_ply))
        if facts.move is not None:
            values["move"] = say.move(facts.move, self.ply_written)
        return self._(_REASONS[verdict.reason]).format(**values)

    def consequences(self) -> list[str]:
        """What follows from an incorrect claim: the penalty, the move to play, the draw offer, a hint."""
        verdict, say, _ = self.verdict, self.say, self._
        edition, facts = verdict.edition, verdict.facts
        said = [
            _(
                "The arbiter adds {bonus} to the opponent's remaining time (Art. {rule}) and the game continues."
            ).format(
                bonus=say.duration(verdict.opponent_bonus_seconds),
                rule=verdict.penalty_rule or edition.article("incorrect_claim"),
            )
        ]
        if verdict.claimant_time_seconds is not None:
            said.append(
                _("The claimant's remaining time becomes {time}.").format(
                    time=say.clock(verdict.claimant_time_seconds)
                )
            )
        elif edition.claimant_time is not None:
            said.append(
                _(
                    "The claimant's own time is also cut: by half, at most by three minutes, when more than "
                    "two minutes remain; to one minute between one and two minutes; not at all under one "
                    "minute."
                )
            )
        if verdict.must_play is not None:
            fixed = _("; it cannot be changed") if edition.written_move_fixed else ""
            move = say.move(verdict.must_play, self.ply_written)
            said.append(
                _("The written move {move} must now be played{fixed}.").format(move=move, fixed=fixed)
            )
        elif verdict.reason == Reason.WRITTEN_ILLEGAL and facts.written is not None:
            piece = facts.written.piece
            named = say.piece(piece) if piece is not None else facts.written.text
            said.append(
                _(
                    "Because the written move is illegal, the claimant must make another move with the same "
                    "piece ({piece})."
                ).format(piece=named)
            )
        said.append(
            _("The claim counts as a draw offer (Art. {rule}), which the opponent may still accept.").format(
                rule=edition.article("claim_is_offer")
            )
        )
        if facts.could_write:
            moves = say.or_([say.plain(san) for san in facts.could_write])
            said.append(
                _("A claim under Art. {rule}, writing {moves} first, would have been correct.").format(
                    rule=edition.article("threefold_by_move"), moves=moves
                )
            )
        elif facts.could_write_quiet:
            said.append(
                _(
                    "A claim under Art. {rule}, writing first a move that is neither a pawn move nor a "
                    "capture, would have been correct."
                ).format(rule=edition.article("fifty_by_move"))
            )
        return said

    def text(self) -> str:
        verdict, facts = self.verdict, self.verdict.facts
        sentences = [self.finding()]
        if verdict.game_over is not None:
            return sentences[0]
        if not verdict.valid:
            sentences.extend(self.consequences())
        elif facts.written_unneeded and facts.written is not None:
            unneeded = self._("The written move {text} was not needed for that.")
            sentences.append(unneeded.format(text=facts.written.text))
        return " ".join(sentences)


def explain(verdict: Verdict, game: Game, lang: str = "en", letters: str | Locale | None = None) -> str:
    """The verdict as a paragraph in `lang` ("en", "sk" or "cs"), its moves in the letters of `letters`
    (by default the language's own)."""
    return _Explanation(verdict, Messages(lang, game, letters)).text()


def headline(verdict: Verdict, lang: str = "en") -> str:
    """One line that sums the verdict up: "fifty claim by white: correct (9.3.1, FIDE Laws of Chess 2023)"."""
    say = Messages(lang, Game())
    if verdict.kind == "threefold":
        kind = say.pgettext("claim", "threefold")
    else:
        kind = say.pgettext("claim", "fifty")
    side = say._("white") if verdict.claimant == "white" else say._("black")
    if verdict.valid:
        line = say._("{kind} claim by {side}: correct ({rule}, {title})")
    else:
        line = say._("{kind} claim by {side}: incorrect ({rule}, {title})")
    return line.format(kind=kind, side=side, rule=verdict.rule, title=say.title(verdict.edition))
