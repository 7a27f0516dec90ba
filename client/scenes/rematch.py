"""Another match in the same LAN room, as the match results screen offers it.

Owns `Rematch`, the room's side of the match results in a LAN game (PROTOCOL.md §6): Play
again says yes to another match with the same seats; the room's creator may change partners
(4 players) and, once the others have had their chance to leave, start anyway; the screen's
words about who has said yes (`agreement_line`) and the evening's tally (`tally_line`). It
listens to the match's `RemoteSession` in the table's stead (never to the network itself): the
room's changes, notices, the room's end and the next match's start. Pure: no pygame.
"""

from __future__ import annotations

from client.i18n import _, isolate, number, separator
from client.net.server_link import ServerLink
from client.sessions.game_session import MatchListener, Notice
from client.sessions.remote import RemoteSession
from shared.wire.rooms import RoomPhase, RoomState, SeatKind

PARTNER_SWAPS = ((1, 2), (2, 3))
"""Taken in turn, these swaps give seat 0 each of the three others as partner."""


class Rematch(MatchListener):
    """The yeses to another match, the creator's controls, and the next match's start."""

    def __init__(self, link: ServerLink, session: RemoteSession) -> None:
        self.link = link
        self.session = session
        self.clock = 0.0
        self.asked = False
        """This player has said yes to another match."""
        self.start_at: float | None = None
        """When (on this screen's clock) the creator may start without everyone's yes."""
        self.note = ""
        self.closed = False
        """The room (or the link) has ended: there will be no next match here."""
        self.begun = session.next_match is not None
        """The next match has been dealt: its table takes over."""
        self._swaps = 0
        self._changed = False
        if session.room is not None:
            self._read(session.room)
        session.listen(self)

    @property
    def room(self) -> RoomState | None:
        return self.session.room

    @property
    def mine(self) -> bool:
        """This player created the room (and may change partners and start anyway)."""
        room = self.room
        return room is not None and room.creator == self.link.state.player_id

    @property
    def may_start(self) -> bool:
        return self.start_at is not None and self.clock >= self.start_at

    @property
    def may_say_yes(self) -> bool:
        room = self.room
        if self.closed or room is None or room.phase is not RoomPhase.OVER:
            return False
        return room.you is not None and (not self.asked or self.mine)

    @property
    def may_change_partners(self) -> bool:
        room = self.room
        return not self.closed and room is not None and room.phase is RoomPhase.OVER and self.mine

    def play_again(self) -> None:
        """Say yes to another match; the creator, once the others had their chance, starts it."""
        if self.asked and self.mine and self.may_start:
            self.link.start_game()
            return
        self.link.play_again()
        self.asked = True

    def change_partners(self) -> None:
        self.link.swap_seats(*PARTNER_SWAPS[self._swaps % len(PARTNER_SWAPS)])
        self._swaps += 1

    def follow(self, dt: float) -> bool:
        """Let `dt` seconds pass; True when the room changed since the last call."""
        self.clock += dt
        changed, self._changed = self._changed, False
        return changed

    # --- what the session tells --------------------------------------------------------

    def notice(self, notice: Notice) -> None:
        self.note = notice.text

    def room_changed(self, room: RoomState) -> None:
        if not self.closed:
            self._read(room)
            self._changed = True

    def session_closed(self, reason: str) -> None:
        self.closed = True
        self.note = reason

    def next_match(self) -> None:
        self.begun = True

    def _read(self, room: RoomState) -> None:
        self.note = ""
        ms = room.start_in_ms
        self.start_at = None if ms is None else self.clock + ms / 1000
        self.asked = room.you is not None and room.you in room.play_again

    @property
    def again_label(self) -> str:
        if not self.asked:
            return _("Play again")
        if self.mine and self.may_start:
            return _("Start now")
        return _("Waiting...")

    @property
    def status_line(self) -> str:
        """Who has said yes to another match (or why there will be none here)."""
        room = self.room
        if self.note or room is None or room.phase is not RoomPhase.OVER:
            return self.note
        return agreement_line(room)


def tally_line(room: RoomState, sides: tuple[str, str]) -> str:
    """The evening so far: matches won by each side."""
    tally = room.tally
    assert tally is not None
    wins = separator().join(
        _("{side} {wins}").format(side=isolate(side), wins=number(won))
        for side, won in zip(sides, tally.sides, strict=True)
    )
    return _("Matches tonight: {wins}").format(wins=wins)


def agreement_line(room: RoomState) -> str:
    """The seated people who said yes to another match, and those still awaited."""
    humans = [seat for seat in room.seats if seat.kind is SeatKind.HUMAN]
    said = [isolate(s.name or "?") for s in humans if s.seat in room.play_again]
    waiting = [isolate(s.name or "?") for s in humans if s.seat not in room.play_again]
    parts = []
    if said:
        parts.append(_("Yes to another match: {names}").format(names=", ".join(said)))
    if waiting:
        parts.append(_("Waiting for: {names}").format(names=", ".join(waiting)))
    return separator().join(parts)
