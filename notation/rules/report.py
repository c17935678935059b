"""A game's audit told in English, Slovak or Czech: a heading, then one line per event (a run of plies open
to a 50-move claim is one line), with the article of the chosen edition in brackets.

The words come from the gettext catalogs of `messages`; the moves are written in the letters of the
locale the game was read in.
"""

from __future__ import annotations

from itertools import groupby

from ..locales import Locale
from . import events
from .claims import GameAudit
from .editions import Edition
from .events import Event, Fifty
from .messages import Messages, capitalized

__all__ = ["describe_audit"]


class _Report:
    def __init__(self, result: GameAudit, say: Messages) -> None:
        self.result = result
        self.say = say
        self._ = say._

    def where(self, ply: int) -> str:
        if ply <= 0:
            return self.say.start()
        return self.say.after(ply)

    def since(self, ply: int | None) -> str:
        if ply is None:
            return self._("counting moves before the record")
        if ply <= 0:
            return self._("since the start of the record")
        return self._("since {move}").format(move=self.say.played(ply))

    def heading(self, edition: Edition) -> str:
        result, game, _ = self.result, self.result.game, self._
        headers = game.headers
        players = f"{headers.get('White', '?')} - {headers.get('Black', '?')}"
        known = {key: value for key, value in headers.items() if value not in ("?", "")}
        place = [known[key] for key in ("Event", "Site", "Date") if key in known]
        if "Round" in known:
            place.append(_("round {round}").format(round=known["Round"]))
        moves = game.plies[-1].number if game.plies else 0
        return _("Game {index} (line {line}): {description}; {moves}; result {result}; {title}").format(
            index=result.index,
            line=game.line,
            description=", ".join([players, *place]),
            moves=self.say.ngettext("{n} move", "{n} moves", moves).format(n=moves),
            result=game.result,
            title=self.say.title(edition),
        )

    def sentence(self, event: Event) -> str:
        """What one event says, without its place and article."""
        say, _ = self.say, self._
        side = capitalized(say.side(event.side))
        match event:
            case events.DrawOffer():
                return _("{Side} offers a draw").format(Side=side)
            case events.Threefold(count=count, plies=plies):
                return _(
                    "{Side} to move may claim a draw: the position has occurred {count} times ({where})"
                ).format(Side=side, count=count, where=say.positions(plies))
            case events.ThreefoldByMove(moves=moves, plies=plies):
                choices = [
                    _("{move} (the position {where})").format(move=say.plain(san), where=say.positions(at))
                    for san, at in zip(moves, plies, strict=True)
                ]
                alternative = _("or")
                written = f" {alternative} ".join(choices)
                return _("{Side} may claim a draw by first writing {moves}").format(Side=side, moves=written)
            case events.Fifty(halfmoves=halfmoves, since_ply=since):
                return _(
                    "{Side} to move may claim a draw: {halfmoves} half-moves without a pawn move or capture "
                    "{since}"
                ).format(Side=side, halfmoves=halfmoves, since=self.since(since))
            case events.FiftyByMove(halfmoves=halfmoves):
                return _(
                    "{Side} may claim a draw by first writing a move that is neither a pawn move nor a "
                    "capture ({halfmoves} half-moves so far)"
                ).format(Side=side, halfmoves=halfmoves)
            case events.Fivefold(plies=plies):
                return _("drawn by fivefold repetition ({where})").format(where=say.positions(plies))
            case events.SeventyFive(halfmoves=halfmoves, since_ply=since):
                return _(
                    "drawn under the 75-move rule ({halfmoves} half-moves without a pawn move or capture "
                    "{since})"
                ).format(halfmoves=halfmoves, since=self.since(since))
            case events.Checkmate(winner=winner):
                return _("checkmate: {winner} wins").format(winner=say.side(winner))
            case events.Stalemate():
                return _("stalemate: the game is drawn")
            case events.DeadPosition():
                return _("dead position (no mating material): the game is drawn")
            case events.MovesAfterEnd(extra_plies=extra_plies, first=first):
                return _(
                    "{extra_plies} more half-move(s) recorded after the end of the game, from {first!r}"
                ).format(extra_plies=extra_plies, first=first)
            case events.IllegalMove():
                candidates = ", ".join(say.plain(san) for san in event.candidates) or _("none")
                return _("{reason}: {written!r} ({Side}) in {fen}; candidates: {candidates}").format(
                    reason=say.move_error(event.reason),
                    written=event.text,
                    Side=side,
                    fen=event.fen,
                    candidates=candidates,
                )
            case events.Unreadable(message=message):
                return _("the record cannot be read on from here: {message}").format(message=message)
        raise TypeError(f"no sentence for {event!r}")

    def fifty_run(self, first: Fifty, last: Fifty) -> str:
        return self._(
            "the side to move may claim a draw: {first} to {last} half-moves without a pawn move or capture "
            "{since}"
        ).format(first=first.halfmoves, last=last.halfmoves, since=self.since(first.since_ply))

    @staticmethod
    def line(event: Event, span: str, sentence: str) -> str:
        rule = f" [{event.rule}]" if event.rule else ""
        return f"  {span}: {sentence}{rule}\n"

    def lines(self) -> list[str]:
        found = self.result.events
        if not found:
            return ["  " + self._("no claims, automatic ends or irregularities") + "\n"]
        lines = []
        for _kind, group in groupby(found, key=lambda event: event.type):
            run = list(group)
            first, last = run[0], run[-1]
            if isinstance(first, Fifty) and isinstance(last, Fifty) and len(run) > 1:
                span = self._("{start} to {end}").format(
                    start=self.where(first.ply), end=self.where(last.ply)
                )
                lines.append(self.line(first, span, self.fifty_run(first, last)))
                continue
            lines.extend(self.line(event, self.where(event.ply), self.sentence(event)) for event in run)
        return lines


def describe_audit(
    result: GameAudit, edition: Edition, lang: str = "en", letters: str | Locale = "en"
) -> str:
    """One game's audit as text in `lang` ("en", "sk" or "cs"), its moves in the letters of `letters` (the
    locale the game was read in), ending with an empty line."""
    report = _Report(result, Messages(lang, result.game, letters))
    return report.heading(edition) + "\n" + "".join(report.lines()) + "\n"
