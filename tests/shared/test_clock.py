"""The clocks timers run on: the loop's own (`shared.clock.LoopClock`), and the one tests move by
hand (`tests.clock.ManualClock`), which must run callbacks as the loop would: each at its time,
in order, ties in the order asked, a cancelled one never, one asked for on the way too."""

from __future__ import annotations

import asyncio

from shared.clock import LOOP_CLOCK, Clock
from tests.clock import ManualClock
from tests.waiting import eventually


async def test_the_loop_clock_is_the_running_loops() -> None:
    loop = asyncio.get_running_loop()
    before = loop.time()
    now = LOOP_CLOCK.now()
    assert before <= now <= loop.time()
    fired: list[float] = []
    LOOP_CLOCK.call_later(0.01, lambda: fired.append(loop.time()))
    timer = LOOP_CLOCK.call_at(now + 0.01, fired.append, -1.0)
    timer.cancel()
    await LOOP_CLOCK.sleep(0.02)
    await eventually(lambda: len(fired) == 1)
    assert fired[0] >= now + 0.01


def test_callbacks_run_in_time_order_each_at_its_time() -> None:
    clock = ManualClock()
    start = clock.now()
    seen: list[tuple[str, float]] = []

    def note(name: str) -> None:
        seen.append((name, clock.now() - start))

    clock.call_later(2.0, note, "b")
    clock.call_later(1.0, note, "a")
    clock.call_later(2.0, note, "b2")
    clock.call_later(5.0, note, "late")
    clock.call_later(1.5, note, "cancelled").cancel()
    assert clock.pending() == [1.0, 2.0, 2.0, 5.0]
    assert clock.advance(3.0) == 3
    assert seen == [("a", 1.0), ("b", 2.0), ("b2", 2.0)], "ties in the order asked"
    assert clock.now() == start + 3.0
    assert clock.pending() == [2.0]


def test_a_callback_asked_for_within_the_span_runs_too() -> None:
    clock = ManualClock()
    ticks: list[float] = []

    def tick() -> None:
        ticks.append(clock.now())
        clock.call_later(1.0, tick)

    clock.call_later(1.0, tick)
    assert clock.advance(3.5) == 3
    assert [round(t - ticks[0], 9) for t in ticks] == [0.0, 1.0, 2.0]
    assert clock.pending() == [0.5]


async def test_a_sleeper_wakes_when_its_time_is_passed() -> None:
    manual = ManualClock()
    clock: Clock = manual  # what a server's timers see of it
    woke = asyncio.Event()

    async def sleeper() -> None:
        await clock.sleep(10.0)
        woke.set()

    task = asyncio.create_task(sleeper())
    await eventually(lambda: manual.pending() == [10.0], what="the sleeper to wait")
    manual.advance(9.0)
    await asyncio.sleep(0)
    assert not woke.is_set()
    manual.advance(1.0)
    await asyncio.wait_for(task, 1)
    assert woke.is_set()


async def test_a_cancelled_sleeper_leaves_no_timer() -> None:
    clock = ManualClock()
    task = asyncio.create_task(clock.sleep(10.0))
    await eventually(lambda: clock.pending() == [10.0])
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    assert clock.pending() == []
