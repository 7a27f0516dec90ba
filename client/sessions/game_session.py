"""What a game session tells the table, and what the table may ask of it.

Owns the `GameSession` protocol that `LocalSession` (practice, in-process), `RemoteSession` (a
room's match on a server) and `ReplaySession` implement, with `Offers` (what a session offers
the player besides playing: Undo, Hint, chat), and the update records they emit: `TableUpdate`
(a seat's view plus the redacted events that led to it), `ChatLine`, `Notice`, `SeatsChanged`
and `SessionClosed`, and for a room's matches `RoomChanged` and `NextMatch`; and
`plays_for_card`, the plays a picked card offers the player to choose from. The table scene
drains `poll_updates()` once per frame; it never changes game state itself. Pure: no pygame.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import NamedTuple, Protocol

from client.i18n import _
from client.i18n.words import computer_name, hint_text
from shared.bots.hints import Reason
from shared.cards import Card, Rank
from shared.events import Event
from shared.plays import Play
from shared.rules import RuleSet
from shared.scoring import card_points
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


class SeatsChanged(NamedTuple):
    players: tuple[SeatPlayer, ...]


class SessionClosed(NamedTuple):
    """The session ended for good (the server went away, or the room closed)."""

    reason: str


class RoomChanged(NamedTuple):
    """The state of the room we are in (joined, a seat changed, a match began or ended); a
    link event, and a network session's update for the screen between two matches."""

    room: RoomState


class NextMatch(NamedTuple):
    """The room's next match has been dealt: its own table takes over from this session."""


class HintGiven(NamedTuple):
    """The hint asked for this seat's turn (`GameSession.ask_hint`), for the view last shown."""

    hint: Hint


SessionUpdate = (
    TableUpdate
    | ChatLine
    | Notice
    | SeatsChanged
    | SessionClosed
    | RoomChanged
    | NextMatch
    | HintGiven
)


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

    def poll_updates(self) -> list[SessionUpdate]:
        """Every update that arrived since the last call, oldest first."""
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
        """Ask for a hint for this seat's turn: it comes as a `HintGiven` update (at once in
        practice; from the server in a room that gives hints). False when none can be asked
        now (not this seat's turn, or no hints here)."""
        ...

    def close(self) -> None:
        """Leave the match and release what the session holds (tasks, sockets)."""
        ...


ChoiceKey = tuple[tuple[Rank, ...], int]
"""The ranks a play takes, and the card points they score (0 when the rules count none)."""


def plays_for_card(plays: Sequence[Play], card: object, rules: RuleSet) -> list[Play]:
    """The legal plays of `card` worth a choice, in their order (several when it can take
    different sets). Sets that differ only in suits are one choice, the first of them, unless
    the rules make a suit score (`choice_key`); so the player is not asked to pick between
    "3♣ + 5♦" and "3♥ + 5♦", in practice and network games alike."""
    kept: dict[ChoiceKey, Play] = {}
    for play in plays:
        if play.card == card:
            kept.setdefault(choice_key(play, rules), play)
    return list(kept.values())


def choice_key(play: Play, rules: RuleSet) -> ChoiceKey:
    """What taking `play.taken` is worth: its ranks, and, with card points on, their points
    (which set the 2c and the 10d apart from the other suits of their rank). Plays with equal
    keys leave the same chances on the floor, so choosing between them means nothing."""
    points = card_points(play.taken) if rules.card_points else 0
    return (tuple(sorted(card.rank for card in play.taken)), points)
