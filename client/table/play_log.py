"""The round's story in lines: who played what and what it took, for the play log panel.

Owns `PlayLog`, an immutable record of this round's plays (and the previous round's, one step
back) built from the engine's events as the table shows them (`with_event`), cut back when
the table snaps to a view that has fewer plays (an undo, a replay stepping back: `matching`),
and `entry_text`, which words one entry for a player ("Karim: 9♣ took 4♦ 5♠", "You: K♥ took
5♣ — Basra! +10", "Mona: 3♠ stays on the floor"). Only public facts are kept: the cards
played and taken, never a hand. Pure: no pygame.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, replace

from client.i18n import _, isolate, number
from client.i18n.words import card_text
from shared.cards import Card
from shared.events import (
    BasraScored,
    CardPlayed,
    CardsCaptured,
    Event,
    LeftoversTaken,
    RoundStarted,
)
from shared.rules import Bonus
from shared.views import PlayerView

logger = logging.getLogger(__name__)

DECK_SIZE = 52
FIRST_FLOOR = 4
"""Cards dealt face up at a round's start: every other card of the round is played."""


@dataclass(frozen=True, slots=True)
class LoggedPlay:
    """One card played, what it took (sorted; empty when it stayed) and what it scored."""

    seat: int
    card: Card
    taken: tuple[Card, ...] = ()
    bonus: Bonus = Bonus.NONE
    points: int = 0


@dataclass(frozen=True, slots=True)
class LastCards:
    """The floor left after the round's last card, to the seat of the last capture (None:
    nobody captured, the cards stay uncounted)."""

    seat: int | None
    cards: tuple[Card, ...]


Entry = LoggedPlay | LastCards


@dataclass(frozen=True, slots=True)
class RoundLog:
    """One round's entries in order; `missing` when the table did not see its start."""

    number: int
    entries: tuple[Entry, ...] = ()
    missing: bool = False

    @property
    def plays(self) -> int:
        return sum(isinstance(entry, LoggedPlay) for entry in self.entries)


@dataclass(frozen=True, slots=True)
class PlayLog:
    """This round's log and the previous round's."""

    current: RoundLog = RoundLog(0)
    previous: RoundLog | None = None

    def with_event(self, event: Event) -> PlayLog:
        """The log once `event` has been shown; events that tell no play change nothing."""
        match event:
            case RoundStarted():
                kept = self.current if self.current.entries else self.previous
                return PlayLog(RoundLog(event.number), kept)
            case CardPlayed():
                return self._added(LoggedPlay(event.seat, event.card))
            case CardsCaptured():
                taken = tuple(sorted(event.taken))
                return self._latest_changed(event.card, lambda play: replace(play, taken=taken))
            case BasraScored():
                latest = self._latest_play()
                if latest is None:
                    return self
                bonus, points = event.bonus, event.points
                return self._latest_changed(
                    latest.card, lambda play: replace(play, bonus=bonus, points=points)
                )
            case LeftoversTaken() if event.cards:
                return self._added(LastCards(self._last_capturer(), event.cards))
            case _:
                return self

    def matching(self, view: PlayerView) -> PlayLog:
        """The log cut back to what `view` has seen: a new round starts it afresh, fewer
        plays than logged drop the later entries (an undo), more mark it as missing some."""
        made = plays_made(view)
        current = self.current
        if view.round_number != current.number:
            kept = current if current.entries else self.previous
            return PlayLog(RoundLog(view.round_number, missing=made > 0), kept)
        if made > current.plays:
            return replace(self, current=replace(current, missing=True))
        if made == current.plays:
            return self
        entries: list[Entry] = []
        for entry in current.entries:
            if isinstance(entry, LoggedPlay) and len(entries) == made:
                break
            entries.append(entry)
        return replace(self, current=replace(current, entries=tuple(entries)))

    def _added(self, entry: Entry) -> PlayLog:
        current = self.current
        return replace(self, current=replace(current, entries=(*current.entries, entry)))

    def _latest_play(self) -> LoggedPlay | None:
        entries = self.current.entries
        last = entries[-1] if entries else None
        return last if isinstance(last, LoggedPlay) else None

    def _latest_changed(self, card: Card, change: Callable[[LoggedPlay], LoggedPlay]) -> PlayLog:
        """The log with its latest entry changed, when that entry is the play of `card`."""
        latest = self._latest_play()
        if latest is None or latest.card != card:
            return self  # the table did not see that play (it joined the match after it)
        entries = (*self.current.entries[:-1], change(latest))
        return replace(self, current=replace(self.current, entries=entries))

    def _last_capturer(self) -> int | None:
        for entry in reversed(self.current.entries):
            if isinstance(entry, LoggedPlay) and entry.taken:
                return entry.seat
        return None


def plays_made(view: PlayerView) -> int:
    """How many cards have been played in `view`'s round: all but the first floor, the stock
    and the hands."""
    return max(0, DECK_SIZE - FIRST_FLOOR - view.stock_size - sum(view.hand_sizes))


def entry_text(entry: Entry, seat_name: Callable[[int], str]) -> str:
    """One line of the log, for a player."""
    if isinstance(entry, LastCards):
        cards = _cards_text(entry.cards)
        if entry.seat is None:
            return _("Nobody captured: {cards} stay uncounted").format(cards=cards)
        name = isolate(seat_name(entry.seat))
        return _("Last cards to {name}: {cards}").format(name=name, cards=cards)
    name, card = isolate(seat_name(entry.seat)), card_text(entry.card)
    if not entry.taken:
        return _("{name}: {card} stays on the floor").format(name=name, card=card)
    took = _("{name}: {card} took {cards}").format(
        name=name, card=card, cards=_cards_text(entry.taken)
    )
    if entry.bonus is Bonus.NONE:
        return took
    points = number(entry.points)
    if entry.bonus is Bonus.JACK_BASRA:
        return _("{play} — Jack Basra! +{points}").format(play=took, points=points)
    return _("{play} — Basra! +{points}").format(play=took, points=points)


def _cards_text(cards: tuple[Card, ...]) -> str:
    return " ".join(card_text(card) for card in cards)
