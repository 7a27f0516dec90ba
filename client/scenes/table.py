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
from client.scenes.table_panels import (
    log_event,
    place_chat,
    place_log,
    play_log_panel,
    speaker_position,
    table_chat,
)
from client.sessions.autopilot import AUTOPLAY_DELAY, Autopilot
from client.sessions.game_session import (
    ChatLine,
    GameSession,
    HintGiven,
    Notice,
    NoticeLevel,
    SeatsChanged,
    SessionClosed,
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
from client.table.play_log import PlayLog
from client.table.stage import Backdrop, TableStage, TurnTimer
from client.table.turn import TurnShown, shown_turn
from client.ui.chat_bubbles import ChatBubbles
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
SOUND_GAP = 0.04
"""Seconds between two plays of the same sound (instant speed would play dozens at once)."""
BANNER_MIN_SECONDS = 1.2
"""Banners stay readable even at instant speed."""


class TableRoutes(Protocol):
    """Where the table leads: its pause menu, the results, and the end of its session."""

    def pause(self, table: TableScene) -> None: ...

    def round_results(self, table: TableScene, event: Event | None) -> None: ...

    def match_results(self, table: TableScene, event: Event | None) -> None: ...

    def session_closed(self, reason: str) -> None: ...


class TableScene(Scene):
    """Shows one match through a `GameSession` and lets the player play in it."""

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
        self.chat = table_chat(app, session)
        self.play_log = PlayLog()
        """The plays shown so far this round and last, for the log panel."""
        self.log_panel = play_log_panel(app, self.seat_name, self.toggle_log, open_=False)
        self._chat_open = False
        self.bubbles = ChatBubbles(app.text)
        self.layout = self._wanted_layout()
        self.stage = TableStage(app.text, app.panels, app.cards_at, self.layout)
        self.controls = TableControls(self._controls_context())
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
        self._was_ready = False
        self._moving = False
        self._pulse = -1
        self._sound_times: dict[str, float] = {}
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
            or (self.chat is not None and self.chat.typing)
            or self.bubbles.active
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

    def open_pause(self) -> None:
        self.routes.pause(self)

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
        self.controls = TableControls(self._controls_context())
        if self.chat is not None:
            self.chat.relabel()
        self.log_panel = play_log_panel(
            self.app, self.seat_name, self.toggle_log, self.log_panel.open
        )
        self._apply_layout(self.layout)

    def on_cover(self) -> None:
        # The table stops updating under an overlay: frozen confetti would hang in the air.
        self.effects.clear()

    def on_exit(self) -> None:
        self.session.close()
        if self.autopilot is not None:
            self.autopilot.close()

    # --- frame -----------------------------------------------------------------------

    def toggle_log(self) -> None:
        """Open or shut the play log; it takes the chat's place in the side panel."""
        self.log_panel.flip()
        if self.log_panel.open and self.chat is not None and self.chat.open:
            self.chat.flip()

    def handle_event(self, event: pygame.event.Event) -> None:
        self._fit()
        if not log_event(event, self.log_panel, self.chat, self.toggle_log):
            self.controls.handle_event(event)

    def update(self, dt: float) -> None:
        self._fit()
        if self.animating:
            self.dirty = True  # also draws the frame on which the motion comes to rest
        self.clock += dt
        self._drain()
        self.queue.update(dt, self._on_top)
        if self.queue.idle and self._on_top():
            self.session.tick(dt)
            if self.queue.model is not None:
                self.stats = TableStats.from_model(self.queue.model)
        self._tick_timer(dt)
        if self.notices.show_next(self.queue.waiting):
            self.dirty = True
        self._announce_turn()
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
        self.bubbles.update(dt)
        if self.chat is not None:
            self.chat.update(dt)
            if self.chat.open and not self._chat_open and self.log_panel.open:
                self.log_panel.flip()  # the chat was opened: it takes the log's place
            self._chat_open = self.chat.open

    def draw(self, surface: pygame.Surface) -> None:
        self._fit(surface.get_size())
        self.stage.backdrop.draw(
            surface, self.queue.model, self._backdrop_state(), self.timer, self.clock
        )
        sprites = self.animator.sprites.values()
        # The hand's out-of-turn shade lies over the cards at rest, under any card in the air.
        self.stage.sprites.draw(surface, [s for s in sprites if not s.flying])
        self.controls.draw_shade(surface, self.layout.card)
        self.stage.sprites.draw(surface, [s for s in sprites if s.flying])
        self.controls.draw(surface)
        self.effects.draw(surface)
        self.bubbles.draw(surface, self.layout)
        if self.chat is not None:
            self.chat.draw(surface)
        self.log_panel.draw(surface, self.play_log)
        note = self.session.connection_note
        if note:
            self.effects.draw_status(surface, note)

    def _backdrop_state(self) -> Backdrop | None:
        model, stats = self.queue.model, self.stats
        if model is None or stats is None:
            return None
        return Backdrop(
            stats,
            self.players,
            self.session.seat,
            self.turn.seat,
            self.rules.target if self.rules is not None else 0,
            model.viewer,
            model.players,
        )

    # --- internals -------------------------------------------------------------------

    def _on_top(self) -> bool:
        return self.app.stack.top is self

    # --- layout ----------------------------------------------------------------------

    def _wanted_layout(self, size: tuple[int, int] | None = None) -> TableLayout:
        """The layout for the window (of `size`, default the app's) and the side panel."""
        panel = (self.chat is not None and self.chat.open) or self.log_panel.open
        players = self.session.players
        count = len(players) if len(players) in (2, 4) else 2
        return TableLayout.for_window(size or self.app.window_size, count, panel)

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
        if self.chat is not None:
            place_chat(self.chat, layout, len(self.controls.column))
            if self.chat.open:
                self.bubbles.clear()
        place_log(self.log_panel, layout)
        self.dirty = True

    def _peek_cards(self) -> CardArt:
        width, height = PEEK_CARD_SIZE
        return self.app.cards_at((self.layout.px(width), self.layout.px(height)))

    def _controls_context(self) -> TableContext:
        return TableContext(
            text=self.app.text,
            panels=self.app.panels,
            layout=lambda: self.layout,
            small_cards=self._peek_cards,
            session=self.session,
            effects=self.effects,
            chat=self.chat,
            sprites=self.animator.sprites,
            timeline=self.animator.timeline,
            model=lambda: self.queue.model,
            animations_idle=lambda: self.queue.idle,
            view=lambda: self.view,
            ready=lambda: self.ready,
            turn=lambda: self.turn,
            last_capture=lambda: self.last_capture,
            seat_name=self.seat_name,
            send_play=self.send_play,
            open_pause=self.open_pause,
        )

    def _say_at_seat(self, line: ChatLine) -> None:
        """A bubble at the speaker's seat while the chat is shut (news from the room has no
        seat: it waits in the log, counted on the toggle)."""
        if self.chat is None or self.chat.open:
            return
        position = speaker_position(line, self.players, self.queue.model, self.session.seat)
        if position is not None:
            self.bubbles.say(position, line.text)

    def _drain(self) -> None:
        for update in self.session.poll_updates():
            if isinstance(update, TableUpdate):
                self._receive(update)
            elif isinstance(update, ChatLine):
                if self.chat is not None:
                    self.chat.add(update)
                self._say_at_seat(update)
                self._sound("chat")
            elif isinstance(update, Notice):
                if update.level is NoticeLevel.ERROR:
                    self.awaiting = False  # the play was refused
                self.notices.add(update, self.session.connection_note)
            elif isinstance(update, SeatsChanged):
                self.players = worded_players(update.players)
            elif isinstance(update, HintGiven):
                self.controls.present_hint(update.hint)
            elif isinstance(update, SessionClosed):
                self.closed_reason = update.reason
                self.routes.session_closed(update.reason)

    def _receive(self, update: TableUpdate) -> None:
        self.awaiting = False
        self.rules = update.view.rules
        self.latest = update.view
        if update.reset:
            self.controls.reset()
            self.play_log = self.play_log.matching(update.view)
        self.queue.push(update)
        to_move = update.view.to_move
        if update.turn_seconds is not None and to_move is not None:
            self.timer = TurnTimer(
                to_move, update.turn_seconds, float(update.view.rules.turn_timer or 30)
            )
        else:
            self.timer = None

    def _tick_timer(self, dt: float) -> None:
        if self.session.connection_note is not None:
            return  # the server holds the seat while the link is restored: the clock waits
        if self.timer is not None:
            self.timer = self.timer._replace(left=max(0.0, self.timer.left - dt))

    def _announce_turn(self) -> None:
        ready = self.ready
        if ready and not self._was_ready:
            self._sound("your_turn")
        self._was_ready = ready

    def _on_cue(self, cue: Cue) -> None:
        kind = cue.kind
        if kind is CueKind.SOUND:
            self._sound(cue.sound)
        elif kind is CueKind.BANNER:
            self.effects.announce(cue, self.seat_name, BANNER_MIN_SECONDS)
        elif kind is CueKind.STORY and cue.event is not None:
            self.play_log = self.play_log.with_event(cue.event)
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

    def _sound(self, name: str) -> None:
        last = self._sound_times.get(name)
        if last is not None and self.clock - last < SOUND_GAP:
            return
        self._sound_times[name] = self.clock
        self.app.play_sound(name)
