"""What a game session tells the table, and what the table may ask of it.

Owns the `GameSession` protocol that `LocalSession` (practice, in-process), `RemoteSession` (a
room's match on a server) and `ReplaySession` implement, with `Offers` (what a session offers
the player besides playing: Undo, Hint, chat); `MatchListener`, the hooks a session tells its
news through (a `TableUpdate`: a seat's view plus the redacted events that led to it; a
`ChatLine`, a `Notice`, the seats' players, a hint, the end of the session, and for a room's
matches its changes and the next match's start), and `Told`, which keeps that news until
someone listens. The table listens to its session (`GameSession.listen`); it never changes
game state itself. Pure: no pygame.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import NamedTuple, Protocol

from client.i18n import _
from client.i18n.words import computer_name, hint_text
from shared.bots.hints import Reason
from shared.cards import Card
from shared.events import Event
from shared.plays import Play
from shared.views import PlayerView
from shared.wire.rooms import RoomState


class SeatPlayer(NamedTuple):
    """Who sits in a seat, as the table shows it."""

    name: str
    is_bot: bool = False
    connected: bool = True


def worded_players(players: tuple[SeatPlayer, ...]) -> tuple[SeatPlayer, ...]:
    """The players with the practice computer players named in the interface's language."""
    return tuple(p._replace(name=computer_name(p.name)) if p.is_bot else p for p in players)


class TableUpdate(NamedTuple):
    """A new view of the match and the events that produced it, in order."""

    view: PlayerView
    events: tuple[Event, ...] = ()
    reset: bool = False
    """True when the view replaces history (undo, reconnect): snap to it, animate nothing."""
    turn_seconds: float | None = None
    """Seconds left for the player to move, when a turn timer runs."""
    hands: tuple[tuple[Card, ...], ...] | None = None
    """Every seat's hand, shown face up: a replay after the match, when nothing is secret.
    None in play, where only the view's own hand is known."""
    timed_out: int | None = None
    """The seat whose turn timer ran out, so that the server made this update's play for it."""


class ChatLine(NamedTuple):
    sender: str
    text: str


class NoticeLevel(enum.StrEnum):
    INFO = "info"
    WARNING = "warning"
    ERROR = "error"


class Notice(NamedTuple):
    """A message for the player ("Reconnecting...", "That is not your turn."), in the
    interface's language."""

    text: str
    level: NoticeLevel = NoticeLevel.INFO


class Offers(NamedTuple):
    """What a session offers the player besides playing: the table shows only these."""

    undo: bool = False
    hint: bool = False
    chat: bool = False
    waits: bool = True
    """The match waits while the player reads a round's results (False: it goes on, and the
    results close by themselves)."""
    kept: bool = False
    """Leaving keeps the match, to be continued from the main menu (so the table asks first)."""


PRACTICE_OFFERS = Offers(undo=True, hint=True, kept=True)
"""In-process practice: Undo and Hint work, and a match left is kept; no chat."""
ROOM_OFFERS = Offers(chat=True, waits=False)
"""A room's match on a server: the room's chat; the server paces the match. A room that gives
hints offers Hint too (`RemoteSession`)."""


class Hint(NamedTuple):
    """A suggested play and why, for the Hint button: the expert player's choice, in practice
    as from a server (`shared.bots.hints`)."""

    play: Play
    why: Reason

    @property
    def reason(self) -> str:
        """The hint in the interface's language, saying whose choice it is."""
        return _("The expert player suggests: {hint}").format(hint=hint_text(self.why))


class MatchListener:
    """Who a session tells what happens in its match: its table, and between a room's matches
    the results screen. One hook per kind of news, each doing nothing unless overridden."""

    def table_update(self, update: TableUpdate) -> None:
        """A new view of the match and the events that led to it."""

    def chat_line(self, line: ChatLine) -> None:
        """Someone at the table said something."""

    def notice(self, notice: Notice) -> None:
        """News for the player ("That is not your turn.", "Reconnecting...")."""

    def seats_changed(self, players: tuple[SeatPlayer, ...]) -> None:
        """Who sits where has changed (someone left, a computer took a seat)."""

    def hint_given(self, hint: Hint) -> None:
        """The hint asked for this seat's turn (`GameSession.ask_hint`), for the view last
        shown."""

    def session_closed(self, reason: str) -> None:
        """The session ended for good (the server went away, or the room closed)."""

    def room_changed(self, room: RoomState) -> None:
        """The room of a network match changed (for the screen between two matches)."""

    def next_match(self) -> None:
        """The room's next match has been dealt: its own table takes over from this session."""


class Told:
    """A session's news for its listener: told at once, or kept until someone listens."""

    __slots__ = ("_kept", "_listener")

    def __init__(self) -> None:
        self._listener: MatchListener | None = None
        self._kept: list[Callable[[MatchListener], None]] = []

    def listen(self, listener: MatchListener | None) -> None:
        """Tell ``listener`` everything from now on, starting with what was kept."""
        self._listener = listener
        kept, self._kept = self._kept, []
        for tell in kept:
            self(tell)

    def __call__(self, tell: Callable[[MatchListener], None]) -> None:
        """Tell the listener some news (``tell`` calls one of its hooks), or keep it."""
        if self._listener is None:
            self._kept.append(tell)
        else:
            tell(self._listener)

    def forget(self) -> None:
        """Tell nobody anything more (the session closes)."""
        self._listener = None
        self._kept.clear()


class GameSession(Protocol):
    """A match the table can show and play in, wherever the match runs."""

    seat: int | None
    """The seat this client plays (None: watching)."""
    players: tuple[SeatPlayer, ...]
    offers: Offers
    """What the table offers besides playing (practice controls, chat)."""

    @property
    def connection_note(self) -> str | None:
        """A standing message while the connection is being restored (None when all is well)."""
        ...

    def listen(self, listener: MatchListener) -> None:
        """Tell ``listener`` of the match from now on (and of what came before anyone
        listened)."""
        ...

    def tick(self, dt: float) -> None:
        """Let `dt` seconds of table time pass while the table is idle (bots think then)."""
        ...

    def play(self, play: Play) -> None:
        """Ask to make `play` for this seat; a refusal arrives later as a `Notice`."""
        ...

    def send_chat(self, text: str) -> None: ...

    def can_undo(self) -> bool: ...

    def undo(self) -> None: ...

    def ask_hint(self) -> bool:
        """Ask for a hint for this seat's turn: it comes to `MatchListener.hint_given` (at
        once in practice; from the server in a room that gives hints). False when none can be
        asked now (not this seat's turn, or no hints here)."""
        ...

    def close(self) -> None:
        """Leave the match and release what the session holds (tasks, sockets)."""
        ...
