"""Runs the table's animations: card sprites, their tweens, and the queue of game updates.

Owns `TableAnimator` (the sprites by key; turns a `Choreography` into tweens and timed cues,
and snaps sprites onto resting places) and `AnimationQueue` (game updates wait here; their
events are animated one by one through `choreograph`, then the table snaps to the update's
view). The snap is what keeps the table honest: whatever the animations did, the sprites end
exactly where the latest `PlayerView` puts them. When the window changes size, `relayout` puts
resting cards at their new places and turns cards in flight towards theirs, mid-flight. Needs
no display; tests step it by hand.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable
from dataclasses import replace
from functools import partial

from client.layout import REFERENCE, Point, TableLayout
from client.sessions.game_session import TableUpdate
from client.table.choreography import Choreography, Cue, CueKind, Move, choreograph
from client.table.model import Placement, SpriteKey, TableModel
from client.table.sprites import HIGHLIGHT_COLOURS, CardSprite
from client.tween import Scheduler, Timeline, TweenValue
from shared.cards import Card
from shared.events import Event, MatchEnded, RoundScored

logger = logging.getLogger(__name__)

SNAP_TOLERANCE = 0.5
"""Logical pixels a sprite may be off its resting place before the snap counts a correction."""

HURRY_FACTOR = 0.6
"""Each update waiting beyond the first shortens the animations by this factor."""

CueHandler = Callable[[Cue], None]


class TableAnimator:
    """Card sprites and the tweens and cues that move them."""

    def __init__(self) -> None:
        self.sprites: dict[SpriteKey, CardSprite] = {}
        self.card_size = REFERENCE.card
        """The cards' size in pixels, for the sprites' hit tests."""
        self.timeline = Timeline()
        self.scheduler = Scheduler()

    @property
    def busy(self) -> bool:
        return self.timeline.busy or self.scheduler.pending > 0

    def update(self, dt: float) -> None:
        self.scheduler.update(dt)
        self.timeline.update(dt)

    def start(self, plan: Choreography, on_cue: CueHandler) -> None:
        """Begin `plan`: rename sprites, start every move, run or schedule every cue."""
        for old, new in plan.rekey.items():
            sprite = self.sprites.pop(old, None)
            if sprite is not None:
                sprite.key = new
                sprite.card = new if isinstance(new, Card) else None
                self.sprites[new] = sprite
        for move in plan.moves:
            self._start_move(move)
        for cue in plan.cues:
            if cue.at <= 0:
                self._fire(cue, on_cue)
            else:
                self.scheduler.call_later(cue.at, partial(self._fire, cue, on_cue))

    def stop(self) -> None:
        """Drop every running tween and pending cue where it stands."""
        self.timeline.stop(complete=False)
        self.scheduler.cancel_all()
        for sprite in self.sprites.values():
            sprite.highlight = None

    def snap(self, placements: dict[SpriteKey, Placement]) -> int:
        """Put every sprite at its resting place, creating and removing sprites as needed.

        Returns how many sprites were not already where they belong (0 when the animations
        showed exactly what the view says).
        """
        corrections = 0
        for key in [k for k in self.sprites if k not in placements]:
            del self.sprites[key]
            corrections += 1
        for key, place in placements.items():
            sprite = self.sprites.get(key)
            if sprite is None:
                sprite = self.sprites[key] = CardSprite(key, place, self.card_size)
                corrections += 1
            elif _is_off(sprite, place):
                corrections += 1
            sprite.rest(place)
            sprite.highlight = None
        return corrections

    def _start_move(self, move: Move) -> None:
        sprite = self.sprites.get(move.key)
        if sprite is None:
            sprite = self.sprites[move.key] = CardSprite(
                move.key, move.start or move.end, self.card_size
            )
        if move.start is not None:
            sprite.layer = move.start.layer
            sprite.flying = True
        if move.vanish:
            sprite.flying = True
        if sprite.showing_face != move.end.face_up:
            sprite.start_flip(move.end.face_up)
            self.timeline.animate(sprite, "flip", 1.0, move.duration, "linear", move.delay)
        if sprite.lift:
            self.timeline.animate(sprite, "lift", 0.0, move.duration, "ease_out_cubic", move.delay)

        def arrived() -> None:
            if move.vanish:
                if self.sprites.get(move.key) is sprite:
                    del self.sprites[move.key]
            else:  # where the flight ended: the window may have changed size on the way
                sprite.rest(replace(move.end, center=sprite.center))

        self.timeline.animate(
            sprite,
            ("center", "angle"),
            (move.end.center, move.end.angle),
            move.duration,
            move.ease,
            move.delay,
            arrived,
        )

    def relayout(
        self,
        before: TableLayout,
        after: TableLayout,
        old_places: dict[SpriteKey, Placement],
        new_places: dict[SpriteKey, Placement],
    ) -> None:
        """The table moved from layout `before` to `after`: resting sprites go to their new
        places, flying ones keep flying from the same relative spot to their new ends."""

        def carry(value: TweenValue) -> TweenValue:
            return after.carry(value, before) if isinstance(value, tuple) else value

        self.card_size = after.card
        flying: set[SpriteKey] = set()
        for tween in self.timeline.running():
            sprite = tween.target
            if not isinstance(sprite, CardSprite) or "center" not in tween.attrs:
                continue
            flying.add(sprite.key)
            old, new = old_places.get(sprite.key), new_places.get(sprite.key)
            end = tween.end_values[tween.attrs.index("center")]
            home = old is not None and new is not None and _near(end, old.center)
            tween.remap("center", carry, new.center if home and new is not None else None)
        for key, sprite in self.sprites.items():
            sprite.size = after.card
            place = new_places.get(key)
            if key in flying or place is None:
                sprite.center = after.carry(sprite.center, before)
            else:
                sprite.rest(place)

    def _fire(self, cue: Cue, on_cue: CueHandler) -> None:
        if cue.kind is CueKind.HIGHLIGHT:
            self._highlight(cue)
        on_cue(cue)

    def _highlight(self, cue: Cue) -> None:
        if cue.length <= 0:
            return  # instant speed: nothing would be seen
        lit = [self.sprites[k] for k in cue.keys if k in self.sprites]
        for sprite in lit:
            sprite.highlight = HIGHLIGHT_COLOURS[0]

        def unlight() -> None:
            for sprite in lit:
                sprite.highlight = None

        self.scheduler.call_later(cue.length, unlight)


def _near(value: TweenValue, point: Point) -> bool:
    return (
        isinstance(value, tuple)
        and abs(value[0] - point[0]) <= SNAP_TOLERANCE
        and abs(value[1] - point[1]) <= SNAP_TOLERANCE
    )


def _is_off(sprite: CardSprite, place: Placement) -> bool:
    dx = sprite.center[0] - place.center[0]
    dy = sprite.center[1] - place.center[1]
    return (
        abs(dx) > SNAP_TOLERANCE
        or abs(dy) > SNAP_TOLERANCE
        or round(sprite.angle) % 360 != round(place.angle) % 360
        or sprite.showing_face != place.face_up
    )


RESULTS_EVENTS = (RoundScored, MatchEnded)
"""Events whose results screen covers the table: they start once every card has landed."""


class AnimationQueue:
    """Game updates waiting to be shown; animates their events, then snaps to their views."""

    def __init__(self, animator: TableAnimator, on_cue: CueHandler, pace: float = 1.0) -> None:
        self.animator = animator
        self.on_cue = on_cue
        self.pace = pace
        self.model: TableModel | None = None
        self.layout = REFERENCE
        """Where things go on the table; `relayout` changes it."""
        self.view_shown: TableUpdate | None = None
        """The last update whose view the table snapped to."""
        self.corrections = 0
        """Sprites the snaps had to move: 0 while the animations tell the truth."""
        self._pending: deque[TableUpdate] = deque()
        self._current: TableUpdate | None = None
        self._events: deque[Event] = deque()
        self._wait = 0.0

    @property
    def idle(self) -> bool:
        """Nothing waiting, nothing moving: the table shows the latest view."""
        return not self._pending and self._current is None and not self.animator.busy

    @property
    def waiting(self) -> int:
        return len(self._pending) + (self._current is not None)

    def push(self, update: TableUpdate) -> None:
        """Queue `update`; a reset drops everything queued and snaps to it at once."""
        if update.reset:
            self._pending.clear()
            self._events.clear()
            self._current = None
            self._wait = 0.0
            self.animator.stop()
            self._snap(update)
            return
        self._pending.append(update)

    def update(self, dt: float, may_continue: Callable[[], bool] = lambda: True) -> None:
        """Advance the animations by `dt`, then start whatever may start now."""
        self.animator.update(dt)
        self._wait = max(0.0, self._wait - dt)
        while may_continue() and self._wait <= 0:
            if self._events:
                if self.animator.busy and isinstance(self._events[0], RESULTS_EVENTS):
                    break  # the results wait for the last cards to land
                self._start_next_event()
            elif self._current is not None:
                if self.animator.busy:
                    break
                self._snap(self._current)
                self._current = None
            elif self._pending:
                self._begin(self._pending.popleft())
            else:
                break

    def relayout(self, layout: TableLayout) -> None:
        """Show the table at `layout` from now on (the window changed size or the side panel
        opened), moving the cards there without stopping their flights."""
        before, self.layout = self.layout, layout
        self.animator.card_size = layout.card
        if self.model is None or before == layout:
            return
        old_places = self.model.placements()
        self.model.layout = layout
        self.animator.relayout(before, layout, old_places, self.model.placements())

    def _hurry(self) -> float:
        """Play faster while updates pile up (a network game running ahead of the table)."""
        behind = len(self._pending)
        return 1.0 if behind < 2 else HURRY_FACTOR ** (behind - 1)

    def _begin(self, update: TableUpdate) -> None:
        self._current = update
        self._events = deque(update.events)
        if self.model is None:
            view = update.view
            self.model = TableModel(
                view.players, view.seat, str(view.rules.direction), layout=self.layout
            )

    def _start_next_event(self) -> None:
        assert self.model is not None
        event = self._events.popleft()
        plan = choreograph(event, self.model, self.pace * self._hurry())
        self.animator.start(plan, self.on_cue)
        self._wait = plan.hold

    def _snap(self, update: TableUpdate) -> None:
        model = TableModel.from_view(update.view, update.hands, self.layout)
        drifted = self.model is not None and self.model.snapshot() != model.snapshot()
        if drifted and not update.reset:
            logger.warning("table model drifted from the view; snapping to the view")
        moved = self.animator.snap(model.placements())
        if moved and update.events and not update.reset:
            logger.info("snap corrected %d sprite(s)", moved)
            self.corrections += moved
        self.model = model
        self.view_shown = update
