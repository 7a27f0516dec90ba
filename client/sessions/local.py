"""Practice mode: the engine and the bots run in-process behind the `GameSession` protocol.

Owns `LocalSession`. The player holds one seat; computer players of one level hold the others
(with 4 players the partner is a computer too). A bot moves only after `bot_delay` seconds of
`tick` time, and the table ticks only while it is idle, so every bot move waits until the
previous one has been shown; a slow (hard) bot thinks in a worker thread meanwhile. Undo goes
back to the player's previous decision (states are immutable, so it is a stack of states);
Hint asks `shared.bots.suggest` (the expert player's choice) in a worker thread, and the hint
comes with a later `tick`. Pure: no pygame.

A practice match is dealt as a server deals a LAN match (PROTOCOL.md §10): a server seed drawn
here and the player's own client seed, both from the operating system's CSPRNG (``--seed``
practice keeps its reproducible `SeededDeals`). It is recorded as it goes (`PracticeRecord`,
in the records folder when given a file), so its record verifies like a LAN one
(`deal_check`), and a match left before its end continues from its file (`resume`).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from pathlib import Path

from client.i18n import _
from client.i18n.words import play_refusal_text
from client.records import now_ms
from client.sessions.bot_thinker import BotThinker, HintThinker
from client.sessions.game_session import (
    PRACTICE_OFFERS,
    Hint,
    MatchListener,
    Notice,
    NoticeLevel,
    SeatPlayer,
    TableUpdate,
    Told,
)
from client.sessions.practice_record import PracticeRecord
from shared.bots import suggest
from shared.bots.names import computer_player_name
from shared.cards import Card
from shared.deals import FairDeals, SeededDeals, new_client_seed
from shared.engine import new_match
from shared.events import Event
from shared.fairness import DealCheck, verify
from shared.match_host import HostedPlay, MatchHost, PlayRefused
from shared.plays import Play
from shared.record import MatchRecord, RecordError, SeatEntry, replay
from shared.rules import RuleSet
from shared.state import MatchState, Seat
from shared.views import PlayerView, view_for

logger = logging.getLogger(__name__)

BOT_DELAY_SECONDS = 0.7
"""Thinking time shown before each bot move at normal animation speed."""
UNDO_LIMIT = 200


class LocalSession:
    """A practice match against bots; emits the same updates a server would."""

    offers = PRACTICE_OFFERS
    _record: PracticeRecord | None
    """The match as recorded; None for a match dealt from a set deck."""
    _host: MatchHost
    """The match itself, its plays put on record."""

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
        record_to: Path | None = None,
    ) -> None:
        """`deck` and `dealer` fix the first deal (tests and screenshots set up a position; such
        a match is not recorded). `record_to` is a new file to keep the match in (None: the
        record is kept in memory only)."""
        deals = SeededDeals(seed) if seed is not None else FairDeals.draw((new_client_seed(),))
        state = new_match(rules, deals=deals, dealer=dealer, deck=deck)
        players = _seat_players(rules.players, seat, name)
        self._begin(state, players, seat, level, bot_delay, seed)
        self._record = None
        if deck is None:
            seats = tuple(SeatEntry(p.name, self.level if p.is_bot else None) for p in players)
            begun = MatchRecord.begin(state, seats, started=now_ms())
            self._record = PracticeRecord.start(begun, record_to)
        self._host = MatchHost(state, self._record)
        self._emit(self._host.opening_events())

    @classmethod
    def resume(cls, path: Path, bot_delay: float = BOT_DELAY_SECONDS) -> LocalSession:
        """The unfinished practice match kept in the file at `path`, at the very position it
        was left (its plays replayed through the engine; Undo starts afresh). `OSError` or
        `RecordError` when it cannot be continued."""
        kept = PracticeRecord.reopen(path)
        try:
            record = kept.record
            seat, level = _practice_seats(record.seats)
            state = replay(record).final
            if state.winner is not None:
                kept.finish(state)
                raise RecordError("This practice match is over already.")
        except RecordError:
            kept.close()
            raise
        session = cls.__new__(cls)
        players = tuple(SeatPlayer(entry.name, is_bot=entry.is_bot) for entry in record.seats)
        session._begin(state, players, seat, level, bot_delay, None)
        session._record = kept
        session._host = MatchHost(state, kept, len(record.plays))
        session._show(TableUpdate(session.view, (), reset=True))
        return session

    def _begin(
        self,
        state: MatchState,
        players: tuple[SeatPlayer, ...],
        seat: Seat,
        level: str,
        bot_delay: float,
        seed: int | None,
    ) -> None:
        self.seat: int | None = seat
        self.rules = state.rules
        self.bot_delay = bot_delay
        self._thinker = BotThinker(level)
        self._hinter = HintThinker()
        self.level = self._thinker.level
        self._rng = random.Random(seed)
        self._undo: list[tuple[MatchState, int]] = []
        """Each decision of the player: the state before it and how many plays were made."""
        self._waited = 0.0
        self._told = Told()
        self.players = players
        self._check: DealCheck | None = None

    # --- GameSession -----------------------------------------------------------------

    @property
    def state(self) -> MatchState:
        """The match as the engine holds it (tests compare the table's view against it)."""
        return self._host.state

    @property
    def view(self) -> PlayerView:
        return view_for(self._host.state, self.seat)

    def listen(self, listener: MatchListener) -> None:
        self._told.listen(listener)

    def tick(self, dt: float) -> None:
        """Let a bot move once it has 'thought' for `bot_delay` seconds; pass a hint on once
        it is worked out."""
        state = self._host.state
        given = self._hinter.result(state)
        if given is not None:
            hint = Hint(given.play, given.why)
            self._told(lambda listener: listener.hint_given(hint))
        mover = state.to_move
        if mover is None or mover == self.seat:
            self._waited = 0.0
            return
        if not self._thinker.busy:
            self._thinker.begin(view_for(state, mover), self._rng, state)
        self._waited += dt
        if self._waited + 1e-9 < self.bot_delay:
            return
        play = self._thinker.result(state)
        if play is not None:
            self._waited = 0.0
            step, refused = self._host.play_or_first(play)
            if refused:
                logger.error("a computer player's play was refused; it plays the first legal one")
            self._after(step)

    def play(self, play: Play) -> None:
        before = (self._host.state, self._host.seq)
        try:
            step = self._host.play(self.seat, play)
        except PlayRefused as refused:
            self._notify(Notice(play_refusal_text(refused.reason), NoticeLevel.ERROR))
            return
        self._undo.append(before)
        del self._undo[:-UNDO_LIMIT]
        self._after(step)

    def send_chat(self, text: str) -> None:
        """Practice has nobody to talk to; chat is ignored."""

    def can_undo(self) -> bool:
        """A play of this round can be taken back: undo stops at the deal."""
        if not self._undo or self._host.state.winner is not None:
            return False
        return self._undo[-1][0].round.number == self._host.state.round.number

    def undo(self) -> None:
        """Go back to before the player's last play, bots' replies included."""
        if not self.can_undo():
            return
        state, plays = self._undo.pop()
        self._host.rewind(state, plays)
        if self._record is not None:
            self._record.take_back(plays)
        self._waited = 0.0
        self._thinker.cancel()
        self._hinter.cancel()
        self._show(TableUpdate(self.view, (), reset=True))
        self._notify(Notice(_("Took back your last play.")))

    def hint(self) -> Hint | None:
        """A suggested play for the player's turn, or None when it is not the player's turn."""
        view = self.view
        if not view.legal_plays:
            return None
        return suggest_play(view)

    def ask_hint(self) -> bool:
        view = self.view
        if not view.legal_plays:
            return False
        if not self._hinter.busy:
            self._hinter.begin(view, self._host.state)
        return True

    @property
    def record(self) -> MatchRecord | None:
        """The match so far, as recorded (None for a match dealt from a set deck)."""
        return self._record.record if self._record is not None else None

    @property
    def record_path(self) -> Path | None:
        """The file the match is kept in; None when it is kept in memory only, or not at all."""
        return self._record.path if self._record is not None else None

    def deal_check(self) -> DealCheck | None:
        """Once the match is over, its record checked (`shared.fairness.verify`): the deals
        recomputed from the seeds and every play made again on them. None before the end, or
        with nothing to check (a set deck)."""
        record = self.record
        if record is None or not record.is_over:
            return None
        if self._check is None:
            self._check = verify(record)
        return self._check

    def close(self) -> None:
        """Let the bots go; an unfinished match stays in its file, to be continued."""
        self._told.forget()
        self._thinker.close()
        self._hinter.close()
        if self._record is not None:
            self._record.close()

    # --- internals -------------------------------------------------------------------

    def _after(self, step: HostedPlay) -> None:
        """A play made: finish the record at the match's end, and show the play."""
        if self._record is not None and step.match_over:
            self._record.finish(step.state)
        self._emit(step.events)

    def _emit(self, events: tuple[Event, ...]) -> None:
        view, seen = self._host.update_for(self.seat, events)
        self._show(TableUpdate(view, seen))

    def _show(self, update: TableUpdate) -> None:
        self._told(lambda listener: listener.table_update(update))

    def _notify(self, notice: Notice) -> None:
        self._told(lambda listener: listener.notice(notice))


def _seat_players(players: int, seat: Seat, name: str) -> tuple[SeatPlayer, ...]:
    return tuple(
        SeatPlayer(name) if s == seat else SeatPlayer(_(computer_player_name(s)), is_bot=True)
        for s in range(players)
    )


def _practice_seats(seats: Sequence[SeatEntry]) -> tuple[Seat, str]:
    """The player's seat and the computer players' level in a practice match's seats."""
    humans = [seat for seat, entry in enumerate(seats) if not entry.is_bot]
    levels = {entry.bot_level for entry in seats if entry.bot_level is not None}
    if len(humans) != 1 or len(levels) != 1:
        raise RecordError("This is not a practice match against the computer.")
    return humans[0], levels.pop()


def suggest_play(view: PlayerView) -> Hint:
    """The hint for the seat to move in `view`."""
    suggestion = suggest(view)
    return Hint(suggestion.play, suggestion.why)
