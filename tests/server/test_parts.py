"""The server's small parts on their own: names, chat cleaning and pacing, rate limits, seat
order, the loop-lag monitor, and the quiet handling of running out of descriptors."""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from unittest.mock import patch

import pytest

from server.app import BasraServer
from server.config import FALLBACK_LEVEL, ServerConfig
from server.net.limits import AddressCounter, InboundLimiter, RateVerdict, TokenBucket
from server.net.stats import LoopLagMonitor, PollClock, rss_kib
from server.room.chat import ChatLimiter
from server.room.seats import BotSeat, next_free_seat
from shared.bots import LEVELS
from shared.names import BadNameError, ChatError, clean_chat, clean_name, name_key
from tests.clock import ManualClock
from tests.waiting import eventually


@pytest.mark.parametrize(
    "raw,clean",
    [
        ("Ali", "Ali"),
        ("  Ali   Baba ", "Ali Baba"),
        ("محمود", "محمود"),
        ("मोहन", "मोहन"),
        ("李小龍", "李小龍"),
        ("ｗｉｄｅ", "wide"),
        ("Zoe\u0308", "Zoë"),
        ("a_b-c.d", "a_b-c.d"),
        ("x" * 16, "x" * 16),
    ],
)
def test_good_names(raw: str, clean: str) -> None:
    assert clean_name(raw) == clean


@pytest.mark.parametrize(
    "raw",
    [
        "",
        "   ",
        "\u200b",
        "a\u200bb",
        "a\u202eb",
        "a\u2066b",
        "a\tb",
        "a\nb",
        "x" * 17,
        "...",
        "\u0308x",
        "<b>",
        "a@b",
        "½",
    ],
)
def test_bad_names(raw: str) -> None:
    with pytest.raises(BadNameError):
        clean_name(raw)


def test_names_compare_without_case() -> None:
    assert name_key("Nadia") == name_key("NADIA")


def test_chat_cleaning_keeps_scripts_and_joiners_but_not_controls_or_overrides() -> None:
    assert clean_chat("  salaam \u202ealaykum\x1b[2J ", 200) == "salaam alaykum[2J"
    assert clean_chat("می\u200cخواهم", 200) == "می\u200cخواهم"  # ZWNJ stays
    assert clean_chat("line\nbreak", 200) == "linebreak"
    with pytest.raises(ChatError) as info:
        clean_chat("\u2067\u2069\x00", 200)
    assert info.value.code == "chat_empty"
    with pytest.raises(ChatError) as info:
        clean_chat("z" * 201, 200)
    assert info.value.code == "chat_too_long"


def test_chat_pacing_is_a_sliding_window() -> None:
    limiter = ChatLimiter(lines=5, window=10.0)
    assert all(limiter.allow(t) for t in (0, 1, 2, 3, 4))
    assert not limiter.allow(5)
    assert not limiter.allow(9.9)
    assert limiter.allow(10.0)  # the first line has left the window


def test_token_bucket_and_the_inbound_verdicts() -> None:
    bucket = TokenBucket(rate=10, burst=20, now=0)
    assert sum(bucket.take(0) for _ in range(30)) == 20
    assert bucket.take(0.1)  # refilled one token
    limiter = InboundLimiter(rate=10, burst=20, strikes=20, now=0)
    verdicts = [limiter.judge(0) for _ in range(60)]
    assert verdicts[:20] == [RateVerdict.OK] * 20
    assert verdicts[20:40] == [RateVerdict.REFUSE] * 20
    assert set(verdicts[40:]) == {RateVerdict.CLOSE}


def test_a_slightly_too_fast_client_is_closed_within_seconds() -> None:
    limiter = InboundLimiter(rate=10, burst=20, strikes=20, now=0)
    t, verdict = 0.0, RateVerdict.OK
    while verdict is not RateVerdict.CLOSE and t < 60:
        t += 1 / 15  # 15 messages a second against a limit of 10
        verdict = limiter.judge(t)
    assert verdict is RateVerdict.CLOSE and t < 15


def test_address_counter() -> None:
    counter = AddressCounter(limit=2)
    assert counter.acquire("a") and counter.acquire("a") and not counter.acquire("a")
    assert counter.acquire("b")
    counter.release("a")
    assert counter.acquire("a")
    counter.release("a")
    counter.release("a")
    counter.release("b")
    assert len(counter) == 0


def test_seats_fill_by_join_order() -> None:
    seats: list[object] = [None] * 4
    order = []
    while (seat := next_free_seat(seats)) is not None:  # type: ignore[arg-type]
        order.append(seat)
        seats[seat] = BotSeat("easy")
    assert order == [0, 2, 1, 3]
    assert next_free_seat([None, None]) == 0
    assert next_free_seat([BotSeat("easy"), None]) == 1


def test_the_fallback_bot_is_a_known_level() -> None:
    assert FALLBACK_LEVEL in LEVELS


async def test_the_loop_lag_monitor_sees_a_late_wake() -> None:
    monitor = LoopLagMonitor(interval=0.005)
    monitor.start()
    await asyncio.sleep(0.03)  # the monitor ticks a few times before...
    time.sleep(0.05)  # ...the loop stalls
    await eventually(lambda: monitor.max_lag >= 0.04, what="the monitor to see the stall")
    await monitor.stop()
    assert monitor.p99() > 0
    monitor.reset()
    assert monitor.max_lag == 0 and monitor.p99() == 0
    assert rss_kib() > 1000


def test_the_poll_clock_times_the_stretches_between_polls() -> None:
    clock = PollClock()

    async def stall_then_spin() -> None:
        await asyncio.sleep(0.01)  # the loop polls, then...
        time.sleep(0.05)  # ...blocks without working, as when the OS runs something else
        await eventually(lambda: clock.max_block >= 0.05, what="the clock to time the stall")
        assert clock.max_block_cpu < 0.04
        spin_until = time.thread_time() + 0.05
        while time.thread_time() < spin_until:  # blocked with work of its own
            pass
        await eventually(lambda: clock.max_block_cpu >= 0.05, what="the clock to time the spin")

    with asyncio.Runner(loop_factory=lambda: asyncio.SelectorEventLoop(clock)) as runner:
        runner.run(stall_then_spin())
    assert clock.max_block_cpu >= 0.05
    clock.reset()
    assert clock.max_block == clock.max_block_cpu == 0


async def test_running_out_of_descriptors_is_one_log_line_not_thousands(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.ERROR)
    server = BasraServer(ServerConfig())
    loop = asyncio.get_running_loop()
    context = {"message": "socket.accept() out of system resource", "exception": OSError(24)}
    for _ in range(1000):
        server._loop_exception(loop, context)
    lines = [r for r in caplog.records if "descriptors" in r.getMessage()]
    assert len(lines) == 1


async def test_closed_connections_leave_no_reference_cycles(clock: ManualClock) -> None:
    """The collector freezes objects without collecting them first, which is safe only if a
    finished connection is freed by reference counting: nothing may end up as cyclic garbage."""
    from shared.wire.client import WireClient
    from tests.server.helpers import running_server

    gc.collect()
    # The room the first client made ends once his seat hold, moved on by hand, runs out.
    async with running_server(seat_hold=0.2, clock=clock) as server:
        before = asyncio.all_tasks()
        clients = [await WireClient.connect("127.0.0.1", server.port) for _ in range(12)]
        for i, client in enumerate(clients):
            await client.hello(f"Cycle {i}")
        await clients[0].send({"t": "create_room", "players": 2})
        await clients[0].expect("room_state")
        for i, client in enumerate(clients):
            if i % 3 == 0:
                client.abort()  # a reset
            elif i % 3 == 1:
                client.close()  # a clean close
            else:
                await client.send_raw(b"\x00\x00\x00\x00")  # a bad frame: the server closes
                await client.wait_closed()
        await eventually(lambda: clock.pending() == [0.2], what="the creator's seat held")
        clock.advance(0.2)
        # Collect only once every task the connections and the room started has ended, so that
        # what they held is either freed or left as garbage, not still in use.
        await eventually(lambda: not server.connections and asyncio.all_tasks() <= before)
        gc.set_debug(gc.DEBUG_SAVEALL)
        try:
            gc.collect()
            cyclic = [type(o).__name__ for o in gc.garbage]
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
        assert cyclic == []


async def test_the_collector_freezes_new_objects_and_reclaims() -> None:
    from server.collector import freeze_new_objects, reclaim, run_collector

    try:
        before = gc.get_freeze_count()
        survivor = [object() for _ in range(10)]
        freeze_new_objects()
        assert gc.get_freeze_count() >= before + 1
        reclaim()
        plays = 0
        reclaims: list[int] = []
        with patch("server.collector.reclaim", side_effect=lambda: reclaims.append(plays)):
            task = asyncio.create_task(
                run_collector(lambda: plays, interval=0.01, reclaim_every=0.03, quiet_for=0.02)
            )
            for _ in range(100):  # busy: plays between every two ticks, so never a reclaim
                plays += 1
                await asyncio.sleep(0.002)
            assert reclaims == []
            await eventually(lambda: bool(reclaims), what="a reclaim once quiet")  # no plays now
            task.cancel()
        assert reclaims and set(reclaims) == {100}
        assert gc.get_freeze_count() > 0 and survivor
    finally:
        gc.unfreeze()
