"""The table: where a match is shown and played, for practice and network games alike.

Owns `TableScene`. It drains its `GameSession` once per frame, queues game updates for the
`AnimationQueue`, reacts to the animations' cues (sounds, the Basra banner and confetti, the
round and match results) and draws the felt, the HUD, the card sprites, the controls and the
effects. It never changes game state: plays go to the session, and the cards move only when
the session's update comes back. It draws straight into the window at its real size: its
`TableLayout` follows the window (and the side panel), and a new one moves every part, cards
in flight included. In network games the chat opens in the side panel the layout reserves, so
it never covers the table; while it is shut, a new line shows as a bubble at its speaker's seat.
"""

from __future__ import annotations

import logging
import random
from typing import TYPE_CHECKING, Protocol

import pygame

from client.i18n import _, number
from client.layout import TableLayout
from client.scenes.base import Scene
from client.scenes.table_panels import TableSide, speaker_position
from client.sessions.autopilot import AUTOPLAY_DELAY, Autopilot
from client.sessions.game_session import (
    ChatLine,
    GameSession,
    Hint,
    MatchListener,
    Notice,
    NoticeLevel,
    SeatPlayer,
    TableUpdate,
    worded_players,
)
from client.sessions.local import BOT_DELAY_SECONDS, LocalSession
from client.table.animator import AnimationQueue, TableAnimator
from client.table.choreography import Cue, CueKind
from client.table.context import TableContext
from client.table.controls import TableControls
from client.table.effects import TableEffects
from client.table.hud import TableStats, pulse_step
from client.table.notice_turns import NoticeTurns
from client.table.sounds import TableSounds
from client.table.stage import Backdrop, TableStage, TurnTimer
from client.table.turn import TurnShown, shown_turn
from shared.events import CardsCaptured, Event
from shared.plays import Play
from shared.rules import RuleSet
from shared.views import PlayerView

if TYPE_CHECKING:
    from client.art.cards import CardArt
    from client.scenes.base import SceneHost

logger = logging.getLogger(__name__)

PEEK_CARD_SIZE = (48, 70)
"""The last-capture peek's cards, at unit 1."""
BANNER_MIN_SECONDS = 1.2
"""Banners stay readable even at instant speed."""


class TableRoutes(Protocol):
    """Where the table leads: its pause menu, the results, and the end of its session."""

    def pause(self, table: TableScene) -> None: ...

    def round_results(self, table: TableScene, event: Event | None) -> None: ...

    def match_results(self, table: TableScene, event: Event | None) -> None: ...

    def session_closed(self, reason: str) -> None: ...


class TableScene(Scene, MatchListener):
    """Shows one match through a `GameSession` and lets the player play in it; it listens to
    the session from the moment it is on the stack."""

    window_resolution = True

    def __init__(
        self,
        app: SceneHost,
        routes: TableRoutes,
        session: GameSession,
        autoplay_level: str | None = None,
    ) -> None:
        super().__init__(app)
        self.routes = routes
        self.session = session
        self.players = worded_players(session.players)
        pace = app.settings.duration_scale
        self.animator = TableAnimator()
        self.queue = AnimationQueue(self.animator, self._on_cue, pace)
        self.effects = TableEffects(app.text, random.Random(app.options.seed))
        self.side = TableSide(app, session, self.seat_name)
        self.sounds = TableSounds(app.play_sound)
        self.layout = self._wanted_layout()
        self.stage = TableStage(app.text, app.panels, app.cards_at, self.layout)
        self.controls = TableControls(_controls_context(self))
        self._apply_layout(self.layout)
        self.stats: TableStats | None = None
        self.rules: RuleSet | None = None
        """The match's rules, known from the first update (before its view is shown)."""
        self.latest: PlayerView | None = None
        """The newest view received, which the table may not have shown yet."""
        self.last_capture: CardsCaptured | None = None
        self.timer: TurnTimer | None = None
        self.awaiting = False
        """A play was sent and its update has not come back yet."""
        self.notices = NoticeTurns(self.effects)
        self.clock = 0.0
        self.closed_reason: str | None = None
        self._moving = False
        self._pulse = -1
        self.autopilot = (
            Autopilot(autoplay_level, app.options.seed, AUTOPLAY_DELAY * pace)
            if autoplay_level
            else None
        )

    # --- state the controls read -----------------------------------------------------

    @property
    def view(self) -> PlayerView | None:
        shown = self.queue.view_shown
        return shown.view if shown is not None else None

    @property
    def turn(self) -> TurnShown:
        """Whose turn the table shows now: it follows the animations, not the updates."""
        view, model = self.view, self.queue.model
        animated_round = model.round_number if model is not None else 0
        moving = self.queue.waiting > 0
        return shown_turn(view, self.latest, animated_round, moving, self.awaiting)

    @property
    def ready(self) -> bool:
        """The player may act: their turn, everything shown, no play in flight, on top."""
        view = self.view
        return (
            view is not None
            and view.my_turn
            and self.queue.idle
            and not self.awaiting
            and self.app.stack.top is self
        )

    @property
    def animating(self) -> bool:
        """Redraw while anything moves: cards, effects, the timer, the glowing tag, typing."""
        return (
            self._moving
            or not self.queue.idle
            or self.effects.active
            or (self.timer is not None and self.timer.left > 0)
            or self.side.active
        )

    def seat_name(self, seat: int) -> str:
        if seat == self.session.seat:
            return _("You")
        if seat < len(self.players):
            return self.players[seat].name
        return _("Seat {number}").format(number=number(seat + 1))

    # --- actions ---------------------------------------------------------------------

    def send_play(self, play: Play) -> None:
        """Ask the session to make `play`; the cards move when its update arrives."""
        if not self.ready:
            return
        self.awaiting = True
        self.controls.reset()
        self.session.play(play)

    def on_uncover(self) -> None:
        super().on_uncover()
        # The settings may have been opened from the pause menu: adopt a new animation speed.
        pace = self.app.settings.duration_scale
        self.queue.pace = pace
        if isinstance(self.session, LocalSession):
            self.session.bot_delay = BOT_DELAY_SECONDS * pace

    def on_language(self) -> None:
        """Word the buttons and the cached furniture (scores, counts) in the new language."""
        super().on_language()
        self.players = worded_players(self.players)
        self.stage.backdrop = self.stage.new_backdrop()
        self.controls = TableControls(_controls_context(self))
        self.side.relabel()
        self._apply_layout(self.layout)

    def on_enter(self) -> None:
        super().on_enter()
        self.session.listen(self)

    def on_cover(self) -> None:
        # The table stops updating under an overlay: frozen confetti would hang in the air.
        self.effects.clear()

    def on_exit(self) -> None:
        self.session.close()
        if self.autopilot is not None:
            self.autopilot.close()

    # --- frame -----------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        self._fit()
        if not self.side.handle_event(event):
            self.controls.handle_event(event)

    def update(self, dt: float) -> None:
        self._fit()
        if self.animating:
            self.dirty = True  # also draws the frame on which the motion comes to rest
        self.clock += dt

        def on_top() -> bool:  # asked again as the queue runs: a cue may cover the table
            return self.app.stack.top is self

        self.queue.update(dt, on_top)
        if self.queue.idle and on_top():
            self.session.tick(dt)
            if self.queue.model is not None:
                self.stats = TableStats.from_model(self.queue.model)
        # While the link is restored the server holds the seat: the turn's clock waits.
        if self.timer is not None and self.session.connection_note is None:
            self.timer = self.timer.ticked(dt)
        if self.notices.show_next(self.queue.waiting):
            self.dirty = True
        self.sounds.turn(self.ready, self.clock)
        self._moving = self.controls.update(dt)
        pulse = pulse_step(self.clock)
        if pulse != self._pulse:
            self._pulse = pulse
            self.dirty = True
        if self.autopilot is not None:
            play = self.autopilot.update(dt, self.view, self.ready)
            if play is not None:
                self.send_play(play)
        self.effects.update(dt)
        self.side.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self._fit(surface.get_size())
        self.stage.backdrop.draw(
            surface, self.queue.model, backdrop_of(self), self.timer, self.clock
        )
        sprites = self.animator.sprites.values()
        # The hand's out-of-turn shade lies over the cards at rest, under any card in the air.
        self.stage.sprites.draw(surface, [s for s in sprites if not s.flying])
        self.controls.draw_shade(surface, self.layout.card)
        self.stage.sprites.draw(surface, [s for s in sprites if s.flying])
        self.controls.draw(surface)
        self.effects.draw(surface)
        self.side.draw(surface, self.layout)
        note = self.session.connection_note
        if note:
            self.effects.draw_status(surface, note)

    # --- layout ----------------------------------------------------------------------

    def _wanted_layout(self, size: tuple[int, int] | None = None) -> TableLayout:
        """The layout for the window (of `size`, default the app's) and the side panel."""
        players = self.session.players
        count = len(players) if len(players) in (2, 4) else 2
        return TableLayout.for_window(size or self.app.window_size, count, self.side.open)

    def _fit(self, size: tuple[int, int] | None = None) -> None:
        """Follow the window's size and the side panel: a new layout when either changed."""
        layout = self._wanted_layout(size)
        if layout is not self.layout:
            self._apply_layout(layout)

    def _apply_layout(self, layout: TableLayout) -> None:
        """Move every part of the table to `layout`, the cards in flight included."""
        self.layout = layout
        self.stage.move_to(layout, self.queue, self.effects)
        self.controls.relayout()
        self.side.place(layout, len(self.controls.column))
        self.dirty = True

    # --- what the session tells ------------------------------------------------------

    def chat_line(self, line: ChatLine) -> None:
        model, seat = self.queue.model, self.session.seat
        self.side.hear(line, lambda: speaker_position(line, self.players, model, seat))
        self.sounds.play("chat", self.clock)

    def notice(self, notice: Notice) -> None:
        if notice.level is NoticeLevel.ERROR:
            self.awaiting = False  # the play was refused
        self.notices.add(notice, self.session.connection_note)

    def seats_changed(self, players: tuple[SeatPlayer, ...]) -> None:
        self.players = worded_players(players)

    def hint_given(self, hint: Hint) -> None:
        self.controls.present_hint(hint)

    def session_closed(self, reason: str) -> None:
        self.closed_reason = reason
        self.routes.session_closed(reason)

    def table_update(self, update: TableUpdate) -> None:
        self.awaiting = False
        self.rules = update.view.rules
        self.latest = update.view
        if update.reset:
            self.controls.reset()
            self.side.play_log = self.side.play_log.matching(update.view)
        self.queue.push(update)
        to_move = update.view.to_move
        if update.turn_seconds is not None and to_move is not None:
            self.timer = TurnTimer(
                to_move, update.turn_seconds, float(update.view.rules.turn_timer or 30)
            )
        else:
            self.timer = None

    def _on_cue(self, cue: Cue) -> None:
        kind = cue.kind
        if kind is CueKind.SOUND:
            self.sounds.play(cue.sound, self.clock)
        elif kind is CueKind.BANNER:
            self.effects.announce(cue, self.seat_name, BANNER_MIN_SECONDS)
        elif kind is CueKind.STORY and cue.event is not None:
            self.side.play_log = self.side.play_log.with_event(cue.event)
        elif kind is CueKind.BURST:
            self.effects.burst(cue.point)
        elif kind is CueKind.HIGHLIGHT and isinstance(cue.event, CardsCaptured):
            self.last_capture = cue.event
        elif kind is CueKind.STATS and self.queue.model is not None:
            self.stats = TableStats.from_model(self.queue.model)
            if self.stats.stock == 52:
                self.last_capture = None  # a new round
        elif kind is CueKind.ROUND_RESULTS:
            self.routes.round_results(self, cue.event)
        elif kind is CueKind.MATCH_RESULTS:
            self.routes.match_results(self, cue.event)


def _controls_context(table: TableScene) -> TableContext:
    """What the table's controls may read and do of ``table``."""
    app = table.app

    def peek_cards() -> CardArt:
        width, height = PEEK_CARD_SIZE
        return app.cards_at((table.layout.px(width), table.layout.px(height)))

    return TableContext(
        text=app.text,
        panels=app.panels,
        layout=lambda: table.layout,
        small_cards=peek_cards,
        session=table.session,
        effects=table.effects,
        chat=table.side.chat,
        sprites=table.animator.sprites,
        timeline=table.animator.timeline,
        model=lambda: table.queue.model,
        animations_idle=lambda: table.queue.idle,
        view=lambda: table.view,
        ready=lambda: table.ready,
        turn=lambda: table.turn,
        last_capture=lambda: table.last_capture,
        seat_name=table.seat_name,
        send_play=table.send_play,
        open_pause=lambda: table.routes.pause(table),
    )


def backdrop_of(table: TableScene) -> Backdrop | None:
    """What the table's static layer shows now (None before the first view)."""
    model, stats = table.queue.model, table.stats
    if model is None or stats is None:
        return None
    rules = table.rules
    return Backdrop(
        stats,
        table.players,
        table.session.seat,
        table.turn.seat,
        rules.target if rules is not None else 0,
        model.viewer,
        model.players,
    )
