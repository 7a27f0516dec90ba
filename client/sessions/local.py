"""Practice mode: the engine and the bots run in-process behind the `GameSession` protocol.

Owns `LocalSession`. The player holds one seat; computer players of one level hold the others
(with 4 players the partner is a computer too). A bot moves only after `bot_delay` seconds of
`tick` time, and the table ticks only while it is idle, so every bot move waits until the
previous one has been shown; a slow (hard) bot thinks in a worker thread meanwhile. Undo goes
back to the player's previous decision (states are immutable, so it is a stack of states);
Hint asks `shared.bots.suggest`. Pure: no pygame.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence

from client.i18n import N_, _
from client.i18n.words import refusal_text
from client.sessions.bot_thinker import BotThinker
from client.sessions.game_session import (
    Hint,
    Notice,
    NoticeLevel,
    SeatPlayer,
    SessionUpdate,
    TableUpdate,
)
from shared.bots import suggest
from shared.cards import Card
from shared.engine import IllegalPlayError, apply_play, check_play, new_match, opening_events
from shared.events import Event
from shared.plays import Play
from shared.rules import RuleSet
from shared.state import MatchState
from shared.views import PlayerView, redact, view_for
from shared.wire.errors import ErrorCode

logger = logging.getLogger(__name__)

BOT_DELAY_SECONDS = 0.7
"""Thinking time shown before each bot move at normal animation speed."""
BOT_NAMES = (N_("Karim"), N_("Nour"), N_("Salma"))
"""The computer players' names, written in the interface's language when a match starts."""
UNDO_LIMIT = 200


class LocalSession:
    """A practice match against bots; emits the same updates a server would."""

    is_practice = True

    @property
    def connection_note(self) -> str | None:
        """Practice never loses its connection."""
        return None

    def __init__(
        self,
        rules: RuleSet,
        level: str = "easy",
        seed: int | None = None,
        name: str = "You",
        bot_delay: float = BOT_DELAY_SECONDS,
        seat: int = 0,
        deck: Sequence[Card] | None = None,
        dealer: int | None = None,
    ) -> None:
        """`deck` and `dealer` fix the first deal (tests and screenshots set up a position)."""
        self.seat: int | None = seat
        self.rules = rules
        self.bot_delay = bot_delay
        self._thinker = BotThinker(level)
        self.level = self._thinker.level
        self._rng = random.Random(seed)
        self._state = new_match(rules, seed, dealer=dealer, deck=deck)
        self._undo: list[MatchState] = []
        self._waited = 0.0
        self._updates: list[SessionUpdate] = []
        self.players = self._seat_players(name)
        self._emit(self._state, opening_events(self._state))

    # --- GameSession -----------------------------------------------------------------

    @property
    def state(self) -> MatchState:
        """The match as the engine holds it (tests compare the table's view against it)."""
        return self._state

    @property
    def view(self) -> PlayerView:
        return view_for(self._state, self.seat)

    def poll_updates(self) -> list[SessionUpdate]:
        updates, self._updates = self._updates, []
        return updates

    def tick(self, dt: float) -> None:
        """Let a bot move once it has 'thought' for `bot_delay` seconds."""
        mover = self._state.to_move
        if mover is None or mover == self.seat:
            self._waited = 0.0
            return
        if not self._thinker.busy:
            self._thinker.begin(view_for(self._state, mover), self._rng, self._state)
        self._waited += dt
        if self._waited + 1e-9 < self.bot_delay:
            return
        play = self._thinker.result(self._state)
        if play is not None:
            self._waited = 0.0
            self._apply(play)

    def play(self, play: Play) -> None:
        try:
            check_play(self._state, play, self.seat)
        except IllegalPlayError as exc:
            refusal = refusal_text(ErrorCode.ILLEGAL_PLAY, str(exc))
            self._updates.append(Notice(refusal, NoticeLevel.ERROR))
            return
        self._undo.append(self._state)
        del self._undo[:-UNDO_LIMIT]
        self._apply(play)

    def send_chat(self, text: str) -> None:
        """Practice has nobody to talk to; chat is ignored."""

    def can_undo(self) -> bool:
        return bool(self._undo) and self._state.winner is None

    def undo(self) -> None:
        """Go back to before the player's last play, bots' replies included."""
        if not self.can_undo():
            return
        self._state = self._undo.pop()
        self._waited = 0.0
        self._thinker.cancel()
        self._updates.append(TableUpdate(self.view, (), reset=True))
        self._updates.append(Notice(_("Took back your last play.")))

    def hint(self) -> Hint | None:
        """A suggested play for the player's turn, or None when it is not the player's turn."""
        view = self.view
        if not view.legal_plays:
            return None
        return suggest_play(view)

    def close(self) -> None:
        self._updates.clear()
        self._thinker.close()

    # --- internals -------------------------------------------------------------------

    def _apply(self, play: Play) -> None:
        transition = apply_play(self._state, play)
        self._state = transition.state
        self._emit(self._state, transition.events)

    def _emit(self, state: MatchState, events: tuple[Event, ...]) -> None:
        seen = tuple(redact(e, self.seat) for e in events)
        self._updates.append(TableUpdate(view_for(state, self.seat), seen))

    def _seat_players(self, name: str) -> tuple[SeatPlayer, ...]:
        bots = iter(BOT_NAMES)
        return tuple(
            SeatPlayer(name) if s == self.seat else SeatPlayer(_(next(bots)), is_bot=True)
            for s in range(self.rules.players)
        )


def suggest_play(view: PlayerView) -> Hint:
    """The hint for the seat to move in `view`."""
    suggestion = suggest(view)
    return Hint(suggestion.play, suggestion.why)
