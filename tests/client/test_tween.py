"""Tweens, timelines and the scheduler, driven by hand-stepped dt."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from client.tween import EASINGS, Scheduler, Timeline, Tween, get_easing


@dataclass
class Sprite:
    x: float = 0.0
    y: float = 0.0
    alpha: float = 255.0
    pos: tuple[float, float] = (0.0, 0.0)


@pytest.mark.parametrize("name", sorted(EASINGS))
def test_easing_endpoints_are_exact(name: str) -> None:
    ease = get_easing(name)
    assert ease(0.0) == pytest.approx(0.0, abs=1e-12)
    assert ease(1.0) == pytest.approx(1.0, abs=1e-12)


def test_ease_out_back_overshoots_and_cubic_is_monotonic() -> None:
    assert max(get_easing("ease_out_back")(i / 100) for i in range(101)) > 1.0
    cubic = [get_easing("ease_in_out_cubic")(i / 100) for i in range(101)]
    assert cubic == sorted(cubic)


def test_unknown_easing_raises_value_error() -> None:
    with pytest.raises(ValueError, match="bounce"):
        get_easing("bounce")


def test_numeric_tween_reaches_exact_end_with_sixtieths() -> None:
    sprite = Sprite()
    tween = Tween(sprite, "x", 100, duration=1.0, ease="ease_out_cubic")
    for _ in range(60):
        tween.update(1 / 60)
    assert tween.done
    assert sprite.x == 100.0


def test_linear_midpoint_and_pair_values() -> None:
    sprite = Sprite()
    tween = Tween(sprite, "pos", (200, -40), duration=2.0)
    tween.update(1.0)
    assert sprite.pos == pytest.approx((100.0, -20.0))
    tween.update(1.0)
    assert sprite.pos == (200.0, -40.0)


def test_tween_of_several_attributes() -> None:
    sprite = Sprite(x=10, y=20)
    tween = Tween(sprite, ("x", "y"), (30, 40), duration=1.0)
    tween.update(0.5)
    assert (sprite.x, sprite.y) == pytest.approx((20.0, 30.0))
    tween.update(0.5)
    assert (sprite.x, sprite.y) == (30.0, 40.0)


def test_on_done_called_exactly_once() -> None:
    calls: list[str] = []
    sprite = Sprite()
    tween = Tween(sprite, "x", 5, duration=0.5, on_done=lambda: calls.append("done"))
    for _ in range(10):
        tween.update(0.1)
    tween.stop()
    assert calls == ["done"]


def test_delay_holds_start_then_reads_start_value_late() -> None:
    sprite = Sprite(x=0)
    tween = Tween(sprite, "x", 100, duration=1.0, delay=0.5)
    tween.update(0.4)
    assert sprite.x == 0 and not tween.started
    sprite.x = 50  # moved by something else while the tween waits
    tween.update(0.6)  # 0.1 s of delay left, then 0.5 s of motion
    assert sprite.x == pytest.approx(75.0)


def test_duration_zero_is_instant_in_a_timeline() -> None:
    sprite = Sprite()
    finished: list[bool] = []
    timeline = Timeline()
    timeline.animate(sprite, "x", 42, duration=0, on_done=lambda: finished.append(True))
    assert sprite.x == 42.0
    assert finished == [True]
    assert not timeline.busy


def test_update_returns_leftover_time() -> None:
    tween = Tween(Sprite(), "x", 1, duration=0.25)
    assert tween.update(1.0) == pytest.approx(0.75)


def test_retarget_replaces_old_tween_without_its_on_done() -> None:
    sprite = Sprite()
    calls: list[str] = []
    timeline = Timeline()
    timeline.animate(sprite, "x", 100, 1.0, on_done=lambda: calls.append("old"))
    timeline.update(0.5)
    assert sprite.x == pytest.approx(50.0)
    timeline.animate(sprite, "x", 0, 1.0, on_done=lambda: calls.append("new"))
    assert len(timeline) == 1
    timeline.update(0.5)
    assert sprite.x == pytest.approx(25.0)  # started from 50, halfway back to 0
    timeline.update(0.5)
    assert sprite.x == 0.0
    assert calls == ["new"]


def test_tweens_on_other_attributes_or_targets_coexist() -> None:
    a, b = Sprite(), Sprite()
    timeline = Timeline()
    timeline.animate(a, "x", 10, 1.0)
    timeline.animate(a, "alpha", 0, 1.0)
    timeline.animate(b, "x", 10, 1.0)
    assert len(timeline) == 3
    timeline.update(1.0)
    assert (a.x, a.alpha, b.x) == (10.0, 0.0, 10.0)
    assert not timeline.busy


def test_timeline_stop_complete_and_incomplete() -> None:
    sprite = Sprite()
    calls: list[int] = []
    timeline = Timeline()
    timeline.animate(sprite, "x", 10, 1.0, on_done=lambda: calls.append(1))
    timeline.update(0.2)
    timeline.stop(complete=True)
    assert sprite.x == 10.0 and calls == [1] and not timeline.busy

    timeline.animate(sprite, "y", 10, 1.0, on_done=lambda: calls.append(2))
    timeline.update(0.5)
    timeline.stop(complete=False)
    assert sprite.y == pytest.approx(5.0) and calls == [1]


def test_on_done_may_start_a_follow_up_tween() -> None:
    sprite = Sprite()
    timeline = Timeline()

    def back_again() -> None:
        timeline.animate(sprite, "x", 0, 0.5)

    timeline.animate(sprite, "x", 10, 0.5, on_done=back_again)
    timeline.update(0.5)
    assert sprite.x == 10.0 and timeline.busy
    timeline.update(0.5)
    assert sprite.x == 0.0 and not timeline.busy


def test_stop_target_only_touches_that_target() -> None:
    a, b = Sprite(), Sprite()
    timeline = Timeline()
    timeline.animate(a, "x", 10, 1.0)
    timeline.animate(b, "x", 10, 1.0)
    timeline.stop_target(a, complete=True)
    assert a.x == 10.0 and b.x == 0.0 and len(timeline) == 1


def test_scheduler_runs_after_delay_in_due_order() -> None:
    scheduler = Scheduler()
    log: list[str] = []
    scheduler.call_later(1.0, lambda: log.append("late"))
    scheduler.call_later(0.5, lambda: log.append("early"))
    scheduler.call_later(0.5, lambda: log.append("early2"))
    scheduler.update(0.49)
    assert log == []
    scheduler.update(0.01)
    assert log == ["early", "early2"]
    for _ in range(30):  # 0.5 s in sixtieths sums to a hair under 1.0 in floats
        scheduler.update(1 / 60)
    assert log == ["early", "early2", "late"]
    assert scheduler.pending == 0


def test_scheduler_cancel_and_repeat() -> None:
    scheduler = Scheduler()
    ticks: list[int] = []
    skipped = scheduler.call_later(0.1, lambda: ticks.append(-1))
    skipped.cancel()
    repeating = scheduler.call_every(0.25, lambda: ticks.append(1))
    scheduler.update(1.0)
    assert ticks == [1, 1, 1, 1]
    repeating.cancel()
    scheduler.update(1.0)
    assert ticks == [1, 1, 1, 1]


def test_scheduler_zero_delay_chain_runs_in_same_update() -> None:
    scheduler = Scheduler()
    log: list[str] = []

    def first() -> None:
        scheduler.call_later(0.0, lambda: log.append("second"))

    scheduler.call_later(0.0, first)
    scheduler.update(0.0)
    assert log == ["second"]


def test_negative_durations_are_rejected() -> None:
    with pytest.raises(ValueError):
        Tween(Sprite(), "x", 1, duration=-1)
    with pytest.raises(ValueError):
        Scheduler().call_every(0, lambda: None)


def test_sequence_runs_steps_in_order_with_exact_timing() -> None:
    sprite = Sprite()
    log: list[str] = []
    timeline = Timeline()
    timeline.sequence(
        [
            Tween(sprite, "x", 100, 0.25, on_done=lambda: log.append("first")),
            Tween(sprite, "x", 0, 0.5),
            Tween(sprite, "y", 30, 0.25),
        ],
        on_done=lambda: log.append("all"),
    )
    timeline.update(0.35)  # 0.25 s of the first step, then 0.1 s of the second
    assert log == ["first"]
    assert sprite.x == pytest.approx(80.0)
    timeline.update(0.4)  # second done; its 0.0 s leftover starts nothing yet
    assert sprite.x == 0.0
    assert sprite.y == pytest.approx(0.0, abs=1e-9)
    timeline.update(0.25)
    assert sprite.y == 30.0
    assert log == ["first", "all"]
    assert not timeline.busy


def test_stop_completes_the_rest_of_a_sequence() -> None:
    sprite = Sprite()
    timeline = Timeline()
    done: list[bool] = []
    timeline.sequence(
        [Tween(sprite, "x", 10, 1.0), Tween(sprite, "y", 20, 1.0)],
        on_done=lambda: done.append(True),
    )
    timeline.update(0.1)
    timeline.stop(complete=True)
    assert (sprite.x, sprite.y) == (10.0, 20.0)
    assert done == [True] and not timeline.busy


def test_replacing_a_sequence_step_drops_the_rest() -> None:
    sprite = Sprite()
    timeline = Timeline()
    timeline.sequence([Tween(sprite, "x", 10, 1.0), Tween(sprite, "y", 20, 1.0)])
    timeline.animate(sprite, "x", -5, 0.5)
    timeline.update(2.0)
    assert (sprite.x, sprite.y) == (-5.0, 0.0)
