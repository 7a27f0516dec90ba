"""The hint a seated player may ask for on his turn, where the room gives them (its ``hints``
option, on unless its creator turned it off): the expert player's choice (`shared.bots.hints`),
as the desktop's practice hint, worked out for that player's own view only (`view_for` his
seat) and sent to him alone. Each turn's hint is worked out once, off the event loop
(`server.room.hint_desk`).

A hint that comes back after its turn ended answers ``not_your_turn``; one that could not be
worked out in time answers ``busy``.
"""

from __future__ import annotations

from server.players import Link, Player
from server.refusals import Refused
from server.room.commands import HintReady, HintTurn
from server.room.hint_desk import HintAsker
from server.room.messages import hint_message
from server.room.moderation import ModeratedRoom
from shared.bots import Suggestion
from shared.views import view_for
from shared.wire.protocol import ErrorCode, Message, error_message
from shared.wire.rooms import RoomPhase

__all__ = ["HintingRoom"]


class HintingRoom(ModeratedRoom):
    """The hints layer of a room; see the module's docstring."""

    def _current_turn(self) -> HintTurn | None:
        host = self._host
        if self.phase is not RoomPhase.PLAYING or host is None:
            return None
        return HintTurn(host, host.seq)

    def _on_hint(self, player: Player, link: Link, message: Message) -> None:
        if not self.identity.hints:
            raise Refused(ErrorCode.HINTS_OFF, "This room gives no hints.")
        turn = self._current_turn()
        state = self.match
        if turn is None or state is None:
            raise Refused(ErrorCode.NOT_IN_GAME, "There is no match in progress.")
        seat = self.members.seat_of(player)
        if seat is None:
            raise Refused(ErrorCode.NOT_SEATED, "Spectators watch; they do not play.")
        if state.to_move != seat:
            raise Refused(ErrorCode.NOT_YOUR_TURN, "A hint is for your own turn.")
        asker = HintAsker(turn, player, link, message.get("req"))
        kept = self._hints.kept(turn)
        if kept is not None:
            self._answer_hint(asker, kept)
        elif self._hints.full():
            raise Refused(ErrorCode.BUSY, "Hints are being worked out; try again in a moment.")
        else:
            self._hints.ask(asker, view_for(state, seat))

    def _on_hint_ready(self, ready: HintReady) -> None:
        current = self._current_turn()
        for asker in self._hints.ready(ready.turn, ready.suggestion):
            if asker.player.link is not asker.link:
                continue  # that connection is gone; a new one asks again
            if ready.turn != current or self.members.seat_of(asker.player) is None:
                self._refuse_hint(asker, ErrorCode.NOT_YOUR_TURN, "That turn is over.")
            elif ready.suggestion is None:
                self._refuse_hint(asker, ErrorCode.BUSY, "No hint came in time; try again.")
            else:
                self._answer_hint(asker, ready.suggestion)

    def _answer_hint(self, asker: HintAsker, suggestion: Suggestion) -> None:
        asker.link.send(hint_message(asker.turn.seq, suggestion, asker.req))

    def _refuse_hint(self, asker: HintAsker, code: ErrorCode, text: str) -> None:
        self._counters.errors_sent += 1
        asker.link.send(error_message(asker.req, code, text))
