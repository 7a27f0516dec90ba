"""The hint a seated player may ask for on his turn, where the room gives them (its ``hints``
option, on unless its creator turned it off): the expert player's choice (`shared.bots.hints`),
as the desktop's practice hint, worked out for that player's own view only (`view_for` his
seat) and sent to him alone. Each turn's hint is worked out once, off the event loop
(`server.room.hint_desk`).

A hint that comes back after its turn ended answers ``not_your_turn``; one that could not be
worked out in time answers ``busy``.
"""

from __future__ import annotations

from typing import ClassVar

from server.refusals import Refused
from server.room.bots_runner import BotRunner
from server.room.commands import HintReady, HintTurn
from server.room.context import RoomContext, Sender
from server.room.hint_desk import HintAsker, HintDesk
from server.room.messages import hint_message
from server.routes import Route, route
from shared.bots import Suggestion
from shared.views import view_for
from shared.wire.protocol import ErrorCode, error_message
from shared.wire.requests import AskHint
from shared.wire.rooms import RoomPhase

__all__ = ["Hints"]


class Hints:
    """A room's hints; see the module's docstring."""

    def __init__(self, ctx: RoomContext, bots: BotRunner) -> None:
        self.ctx = ctx
        self._desk = HintDesk(bots, ctx.post)

    def close(self) -> None:
        self._desk.close()

    def _current_turn(self) -> HintTurn | None:
        host = self.ctx.host
        if self.ctx.phase is not RoomPhase.PLAYING or host is None:
            return None
        return HintTurn(host, host.seq)

    def _on_hint(self, sender: Sender, request: AskHint) -> None:
        ctx = self.ctx
        if not ctx.identity.hints:
            raise Refused(ErrorCode.HINTS_OFF, "This room gives no hints.")
        turn = self._current_turn()
        state = ctx.match
        if turn is None or state is None:
            raise Refused(ErrorCode.NOT_IN_GAME, "There is no match in progress.")
        seat = ctx.members.seat_of(sender.player)
        if seat is None:
            raise Refused(ErrorCode.NOT_SEATED, "Spectators watch; they do not play.")
        if state.to_move != seat:
            raise Refused(ErrorCode.NOT_YOUR_TURN, "A hint is for your own turn.")
        asker = HintAsker(turn, sender.player, sender.link, request.req)
        kept = self._desk.kept(turn)
        if kept is not None:
            self._answer(asker, kept)
        elif self._desk.full():
            raise Refused(ErrorCode.BUSY, "Hints are being worked out; try again in a moment.")
        else:
            self._desk.ask(asker, view_for(state, seat))

    ROUTES: ClassVar[tuple[Route[Hints, Sender], ...]] = (route(AskHint, _on_hint),)
    """The one request of hints."""

    def ready(self, ready: HintReady) -> None:
        """A hint has been worked out (or could not be): its askers are answered."""
        current = self._current_turn()
        for asker in self._desk.ready(ready.turn, ready.suggestion):
            if asker.player.link is not asker.link:
                continue  # that connection is gone; a new one asks again
            if ready.turn != current or self.ctx.members.seat_of(asker.player) is None:
                self._refuse(asker, ErrorCode.NOT_YOUR_TURN, "That turn is over.")
            elif ready.suggestion is None:
                self._refuse(asker, ErrorCode.BUSY, "No hint came in time; try again.")
            else:
                self._answer(asker, ready.suggestion)

    def _answer(self, asker: HintAsker, suggestion: Suggestion) -> None:
        asker.link.send(hint_message(asker.turn.seq, suggestion, asker.req))

    def _refuse(self, asker: HintAsker, code: ErrorCode, text: str) -> None:
        self.ctx.counters.errors_sent += 1
        asker.link.send(error_message(asker.req, code, text))
