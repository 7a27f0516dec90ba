"""Time-based tweens, tween timelines and a delayed-call scheduler for the client.

Owns easing functions (registered by name), `Tween`, `Timeline` and `Scheduler`. Everything
advances only through `update(dt)` with `dt` in seconds, so animation speed never depends on the
frame rate and tests can step time by hand. Must not import pygame or the engine.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, TypeAlias

logger = logging.getLogger(__name__)

Easing: TypeAlias = Callable[[float], float]
"""Maps progress in [0, 1] to eased progress; f(0) == 0 and f(1) == 1."""

TweenValue: TypeAlias = float | tuple[float, float]
"""A tweenable value: a number, or an (x, y) pair."""

TIME_EPSILON = 1e-9
"""Slack for float sums of dt (sixty steps of 1/60 add up to slightly less than 1.0)."""


# --- easing functions --------------------------------------------------------------------


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1.0 - (1.0 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    if t < 0.5:
        return 4.0 * t * t * t
    return 1.0 - (-2.0 * t + 2.0) ** 3 / 2.0


def ease_out_back(t: float) -> float:
    """Overshoots slightly past the end, then settles: a card "landing" on the table."""
    overshoot = 1.70158
    u = t - 1.0
    return 1.0 + (overshoot + 1.0) * u * u * u + overshoot * u * u


EASINGS: Mapping[str, Easing] = MappingProxyType(
    {
        fn.__name__: fn
        for fn in (
            linear,
            ease_out_cubic,
            ease_in_out_cubic,
            ease_out_back,
        )
    }
)
"""Every easing function by name (read-only)."""


def get_easing(name: str) -> Easing:
    """Return the easing function called `name`; raises ValueError for an unknown name."""
    try:
        return EASINGS[name]
    except KeyError:
        raise ValueError(f"unknown easing {name!r}; known: {', '.join(EASINGS)}") from None


# --- tweens ------------------------------------------------------------------------------


def _as_value(raw: Any) -> TweenValue:
    """Normalise a number or a 2-sequence (tuple, Vector2, list) to a `TweenValue`."""
    if isinstance(raw, int | float):
        return float(raw)
    x, y = raw
    return (float(x), float(y))


def _lerp(start: TweenValue, end: TweenValue, k: float) -> TweenValue:
    if isinstance(start, tuple) and isinstance(end, tuple):
        return (start[0] + (end[0] - start[0]) * k, start[1] + (end[1] - start[1]) * k)
    if isinstance(start, float) and isinstance(end, float):
        return start + (end - start) * k
    raise TypeError(f"cannot tween between {start!r} and {end!r}")


class Tween:
    """Moves one or more attributes of `target` to `end` over `duration` seconds.

    `attr` is one attribute name or a tuple of names; with a tuple, `end` holds one value per
    name. Each value is a number or an (x, y) pair; pairs are written back as tuples. Start
    values are read when the delay has passed, so a tween queued behind another starts from
    wherever the first one left the target. The final write is exactly `end` (no float drift).
    `on_done` runs once, when the tween finishes or is stopped with ``complete=True``.
    """

    def __init__(
        self,
        target: object,
        attr: str | tuple[str, ...],
        end: Any,
        duration: float,
        ease: str | Easing = "linear",
        delay: float = 0.0,
        on_done: Callable[[], None] | None = None,
    ) -> None:
        if duration < 0 or delay < 0:
            raise ValueError("duration and delay must not be negative")
        self.target = target
        self.attrs: tuple[str, ...] = (attr,) if isinstance(attr, str) else tuple(attr)
        ends = (end,) if isinstance(attr, str) else tuple(end)
        if len(ends) != len(self.attrs):
            raise ValueError(f"{len(self.attrs)} attributes but {len(ends)} end values")
        self.end_values: tuple[TweenValue, ...] = tuple(_as_value(v) for v in ends)
        self.duration = duration
        self.ease: Easing = get_easing(ease) if isinstance(ease, str) else ease
        self.delay = delay
        self.on_done = on_done
        self._delay_left = delay
        self._elapsed = 0.0
        self._start_values: tuple[TweenValue, ...] | None = None
        self._done = False

    def __repr__(self) -> str:
        return (
            f"Tween({type(self.target).__name__}, {self.attrs!r}, {self.end_values!r}, "
            f"duration={self.duration}, delay={self.delay})"
        )

    @property
    def done(self) -> bool:
        return self._done

    @property
    def started(self) -> bool:
        """True once the delay has passed and start values were read."""
        return self._start_values is not None

    def update(self, dt: float) -> float:
        """Advance by `dt` seconds; return the part of `dt` left over after finishing."""
        if self._done:
            return dt
        if self._start_values is None:
            if dt + TIME_EPSILON < self._delay_left:
                self._delay_left -= dt
                return 0.0
            dt = max(0.0, dt - self._delay_left)
            self._delay_left = 0.0
            self._start_values = tuple(_as_value(getattr(self.target, a)) for a in self.attrs)
        self._elapsed += dt
        if self._elapsed + TIME_EPSILON >= self.duration:
            leftover = self._elapsed - self.duration
            leftover = leftover if leftover > TIME_EPSILON else 0.0  # float dust is not time
            self._finish()
            return leftover
        self._write(self.ease(self._elapsed / self.duration))
        return 0.0

    def stop(self, complete: bool = True) -> None:
        """End now: jump to the end values and run `on_done` if `complete`, else freeze."""
        if self._done:
            return
        if complete:
            self._finish()
        else:
            self._done = True

    def remap(
        self,
        attr: str,
        carry: Callable[[TweenValue], TweenValue],
        end: TweenValue | None = None,
    ) -> None:
        """Pass the start and end values of `attr` through `carry` (the space they live in
        changed: a resized window), or give it a new `end`; the progress made is kept."""
        if attr not in self.attrs:
            return
        index = self.attrs.index(attr)
        ends = list(self.end_values)
        ends[index] = carry(ends[index]) if end is None else end
        self.end_values = tuple(ends)
        if self._start_values is not None:
            starts = list(self._start_values)
            starts[index] = carry(starts[index])
            self._start_values = tuple(starts)

    def _write(self, progress: float) -> None:
        assert self._start_values is not None
        for name, start, end in zip(self.attrs, self._start_values, self.end_values, strict=True):
            setattr(self.target, name, _lerp(start, end, progress))

    def _finish(self) -> None:
        for name, end in zip(self.attrs, self.end_values, strict=True):
            setattr(self.target, name, end)
        self._done = True
        if self.on_done is not None:
            self.on_done()


class Timeline:
    """Owns running tweens; a new tween on a (target, attribute) replaces the old one.

    A replaced tween is dropped where it stands and its `on_done` does not run, because the
    new tween now owns the attribute. Tweens run in parallel; `sequence` chains them, and a
    tween started from another's `on_done` gets the rest of that frame's time, so chains stay
    exact. Each scene owns one timeline, so leaving the scene can `stop()` everything.
    """

    MAX_STOP_ROUNDS = 100
    """Bound on `stop(complete=True)` rounds, in case on_done callbacks keep adding tweens."""

    def __init__(self) -> None:
        self._tweens: list[Tween] = []
        self._added: list[Tween] = []
        """Every tween added during the current `update`, to hand on leftover time."""

    def __len__(self) -> int:
        return len(self._tweens)

    @property
    def busy(self) -> bool:
        """True while any tween is running or waiting for its delay."""
        return any(not t.done for t in self._tweens)

    def animate(
        self,
        target: object,
        attr: str | tuple[str, ...],
        end: Any,
        duration: float,
        ease: str | Easing = "linear",
        delay: float = 0.0,
        on_done: Callable[[], None] | None = None,
    ) -> Tween:
        """Create, add and return a tween (see `Tween` for the arguments)."""
        return self.add(Tween(target, attr, end, duration, ease, delay, on_done))

    def add(self, tween: Tween) -> Tween:
        """Take ownership of `tween`, replacing tweens on the same target attributes.

        A tween with no delay reads its start values at once, and one with zero duration is
        applied at once, so the "instant" animation speed never waits for a frame.
        """
        wanted = set(tween.attrs)
        replaced = [
            t for t in self._tweens if t.target is tween.target and wanted.intersection(t.attrs)
        ]
        for old in replaced:
            old.stop(complete=False)
            self._tweens.remove(old)
        self._tweens.append(tween)
        self._added.append(tween)
        tween.update(0.0)
        self._tweens = [t for t in self._tweens if not t.done]
        return tween

    def sequence(self, tweens: Sequence[Tween], on_done: Callable[[], None] | None = None) -> None:
        """Run `tweens` one after another, then call `on_done`.

        Each tween is added when the one before finishes, so it starts from where that one
        left the target. If a step is replaced or stopped without completing, the rest of the
        sequence is dropped.
        """
        remaining = list(tweens)

        def start_next() -> None:
            if not remaining:
                if on_done is not None:
                    on_done()
                return
            step = remaining.pop(0)
            own_on_done = step.on_done

            def step_finished() -> None:
                if own_on_done is not None:
                    own_on_done()
                start_next()

            step.on_done = step_finished
            self.add(step)

        start_next()

    def update(self, dt: float) -> None:
        """Advance every tween; finished tweens are dropped after their `on_done` ran."""
        self._added = []
        # Copy: on_done callbacks may start or replace tweens while we iterate.
        for tween in list(self._tweens):
            self._advance(tween, dt)
        self._tweens = [t for t in self._tweens if not t.done]

    def _advance(self, tween: Tween, dt: float) -> None:
        mark = len(self._added)
        leftover = tween.update(dt)
        if tween.done and leftover > 0:
            # Tweens its on_done started get the rest of this frame.
            for follow_up in self._added[mark:]:
                self._advance(follow_up, leftover)

    def stop(self, complete: bool = True) -> None:
        """Stop every tween; with `complete`, each jumps to its end and runs `on_done`.

        Tweens that completing callbacks start (such as later steps of a sequence) are
        completed too, so the targets end in their final state.
        """
        for _ in range(self.MAX_STOP_ROUNDS):
            tweens, self._tweens = self._tweens, []
            for tween in tweens:
                tween.stop(complete)
            if not self._tweens:
                return
        logger.warning("on_done callbacks kept adding tweens; %d left", len(self._tweens))

    def running(self) -> tuple[Tween, ...]:
        """The tweens not finished yet, waiting ones included."""
        return tuple(t for t in self._tweens if not t.done)

    def stop_target(self, target: object, complete: bool = True) -> None:
        """Stop the tweens that animate `target` (for example a sprite being removed)."""
        mine = [t for t in self._tweens if t.target is target]
        self._tweens = [t for t in self._tweens if t.target is not target]
        for tween in mine:
            tween.stop(complete)


# --- scheduler ---------------------------------------------------------------------------


@dataclass(eq=False)
class ScheduledCall:
    """A pending call; `cancel()` it to stop it from running (again)."""

    due: float
    callback: Callable[[], None]
    interval: float | None = None
    cancelled: bool = field(default=False)

    def cancel(self) -> None:
        self.cancelled = True


class Scheduler:
    """Runs callbacks after a delay, measured only by `update(dt)`.

    Calls run in order of due time, then in the order they were scheduled. A callback that
    schedules another call with no delay sees it run in the same update.
    """

    def __init__(self) -> None:
        self._now = 0.0
        self._calls: list[ScheduledCall] = []

    @property
    def pending(self) -> int:
        """How many calls are still waiting."""
        return sum(1 for c in self._calls if not c.cancelled)

    def call_later(self, delay: float, callback: Callable[[], None]) -> ScheduledCall:
        """Run `callback` once, `delay` seconds from now (0 means at the next update)."""
        if delay < 0:
            raise ValueError("delay must not be negative")
        call = ScheduledCall(self._now + delay, callback)
        self._calls.append(call)
        return call

    def call_every(self, interval: float, callback: Callable[[], None]) -> ScheduledCall:
        """Run `callback` every `interval` seconds until cancelled; interval must be > 0."""
        if interval <= 0:
            raise ValueError("interval must be positive")
        call = ScheduledCall(self._now + interval, callback, interval)
        self._calls.append(call)
        return call

    def update(self, dt: float) -> None:
        """Advance the clock by `dt` and run every call that has come due."""
        self._now += dt
        while True:
            due = [c for c in self._calls if not c.cancelled and c.due <= self._now + TIME_EPSILON]
            if not due:
                break
            call = min(due, key=lambda c: c.due)  # min keeps the first of equals: FIFO
            if call.interval is None:
                call.cancelled = True
            else:
                call.due += call.interval
            call.callback()
        self._calls = [c for c in self._calls if not c.cancelled]

    def cancel_all(self) -> None:
        for call in self._calls:
            call.cancel()
        self._calls = []
