"""Faults the server must survive, while a witness room keeps playing through each of them:
killed and silent clients, a client that never reads, reconnection in every phase of a match,
wrong and simultaneous resumes, a room that crashes."""

from __future__ import annotations

import asyncio
import contextlib
import random
import socket
from collections.abc import AsyncIterator
from typing import Any

import pytest

from server.app import BasraServer
from server.room.commands import Request
from shared.wire.client import WireClient
from shared.wire.framing import encode_frame
from shared.wire.protocol import Message, pack_message, view_from_wire
from shared.wire.requests import PlayCard
from tests.clock import ManualClock
from tests.server.helpers import (
    MatchOracle,
    connect,
    create_room,
    expect_room,
    join,
    names_online,
    play_message,
    play_to_end,
    running_server,
)
from tests.waiting import eventually

pytestmark = pytest.mark.timeout(60)


class Witness:
    """A human client playing match after match against a bot in a room of its own; the proof
    that other rooms go on while one suffers."""

    def __init__(self, server: BasraServer) -> None:
        self.server = server
        self.plays = 0
        self.matches = 0
        self.errors: list[Message] = []
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self.client = await connect(self.server, "Witness")
        self._task = asyncio.create_task(self._run())
        await eventually(lambda: self.plays >= 3, what="the witness to make its first plays")

    async def _run(self) -> None:
        rng = random.Random(99)
        client = self.client
        while True:
            await create_room(client, 2)
            await client.send({"t": "fill_bots", "level": "easy"})
            await client.send({"t": "start_game"})
            while True:
                message = await client.recv(timeout=10)
                if message["t"] == "error":
                    self.errors.append(message)
                if message["t"] != "game_update":
                    continue
                view = view_from_wire(message["view"])
                if view.winner is not None:
                    break
                if view.my_turn:
                    await asyncio.sleep(0.005)  # a human pace, so the match spans the fault
                    await client.send(play_message(rng.choice(view.legal_plays)))
                    self.plays += 1
            self.matches += 1
            await client.send({"t": "leave_room"})
            await client.expect("left_room")

    async def check_progress(self, since: int) -> None:
        """The witness has played on since ``since`` plays, without an error."""

        def played_on() -> bool:
            assert self._task is not None and not self._task.done(), self._task
            return self.plays >= since + 5

        await eventually(played_on, what=f"the witness to play 5 more times after {since}")
        assert not self.errors

    async def stop(self) -> None:
        assert self._task is not None
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task


@contextlib.asynccontextmanager
async def witnessed(**changes: Any) -> AsyncIterator[tuple[BasraServer, Witness]]:
    async with running_server(**changes) as server:
        witness = Witness(server)
        await witness.start()
        try:
            yield server, witness
        finally:
            await witness.stop()


async def pair(
    server: BasraServer, players: int = 2, target: int = 31
) -> tuple[WireClient, WireClient, Message]:
    """Ali and Badr seated in a new room, match started; the room state."""
    ali = await connect(server, "Ali")
    badr = await connect(server, "Badr")
    state = await create_room(ali, players, target=target)
    await join(badr, state["room_id"])
    if players == 4:
        await ali.send({"t": "fill_bots", "level": "easy"})
    await ali.send({"t": "start_game"})
    return ali, badr, state


# ------------------------------------------------------------------------ dead and silent


async def test_a_client_killed_mid_frame_keeps_its_seat_and_can_resume() -> None:
    async with witnessed() as (server, witness):
        ali, badr, _state = await pair(server)
        welcome = next(m for m in badr.received if m["t"] == "welcome")
        mark = witness.plays
        frame = encode_frame(pack_message({"t": "chat", "text": "half of this"}))
        await badr.send_raw(frame[: len(frame) // 2])
        badr.abort()  # RST in the middle of a frame
        away = await expect_room(ali, lambda s: not s["seats"][1]["connected"])
        assert away["seats"][1]["name"] == "Badr"
        await witness.check_progress(mark)
        back = await connect(server)
        again = await back.hello("Badr", token=welcome["resume_token"])
        assert again["resumed"] and again["player_id"] == welcome["player_id"]
        assert (await back.expect("room_state"))["you"] == 1
        snapshot = await back.expect("game_update")
        assert snapshot["events"] == [] and snapshot["view"]["seat"] == 1


async def test_a_silent_client_is_dropped_and_a_pinging_one_is_not() -> None:
    ping_interval, idle_timeout = 0.1, 0.6
    async with witnessed(ping_interval=ping_interval, idle_timeout=idle_timeout) as (
        server,
        witness,
    ):
        mark = witness.plays
        silent = await connect(server, "Silent", answer_pings=False)
        lively = await connect(server, "Lively")
        bye = await silent.wait_closed(timeout=3)
        assert bye is not None and bye["code"] == "idle"
        # The lively one outlives the idle deadline by half again, answering ping after ping.
        pings = round(1.5 * idle_timeout / ping_interval)
        await eventually(
            lambda: lively.closed.is_set() or pings_seen(lively) >= pings,
            what=f"{pings} pings to the lively client",
        )
        assert not lively.closed.is_set()
        await witness.check_progress(mark)


def pings_seen(client: WireClient) -> int:
    return sum(m["t"] == "ping" for m in client.received)


async def test_a_client_that_never_reads_is_dropped_from_a_busy_room() -> None:
    # Silence alone would take 30 s to notice: only the full queue can drop it in time. Small
    # socket buffers make "full" come after kilobytes rather than megabytes.
    small = {"outbound_queue": 8, "write_buffer": 512, "socket_send_buffer": 4096}
    async with witnessed(idle_timeout=30, **small) as (server, witness):
        host = await connect(server, "Host")
        state = await create_room(host, 4, target=301)
        # The non-reader: a raw socket with a tiny window that hellos, spectates, then sleeps.
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", server.port))
        _, writer = await asyncio.open_connection(sock=sock)
        for message in (
            {"t": "hello", "name": "Sleeper", "version": 1},
            {"t": "spectate", "room_id": state["room_id"]},
        ):
            writer.write(encode_frame(pack_message(message)))
        await writer.drain()
        await expect_room(host, lambda s: s["spectators"] == ["Sleeper"])
        await host.send({"t": "fill_bots", "level": "easy"})
        await host.send({"t": "start_game"})
        mark = witness.plays
        drops = server.counters.drops
        rng = random.Random(5)
        play = asyncio.create_task(play_to_end(host, rng, timeout=30))
        # The sleeper is cut off while the host (and the witness) play on.
        room = server.lobby.rooms[state["room_id"]]
        await eventually(lambda: not room.members.spectators, 20, what="the sleeper cut off")
        assert server.counters.drops > drops
        await witness.check_progress(mark)
        view = await play
        assert view.winner is not None
        writer.close()


# ------------------------------------------------------------------------------ resuming


async def _play_until(client: WireClient, rng: random.Random, phase: str) -> Message:
    """Play randomly until ``phase`` is reached; the update that reached it."""
    async with asyncio.timeout(20):
        while True:
            message = await client.recv()
            if message["t"] != "game_update":
                continue
            view = view_from_wire(message["view"])
            kinds = {e["kind"] for e in message["events"]}
            if phase == "own_turn" and view.my_turn and message["seq"] > 3:
                return message
            if phase == "other_turn" and not view.my_turn and message["seq"] > 3:
                return message
            if phase == "round_end" and "round_scored" in kinds and view.winner is None:
                return message
            if phase == "match_end" and view.winner is not None:
                return message
            if view.my_turn:
                await client.send(play_message(rng.choice(view.legal_plays)))


@pytest.mark.parametrize("phase", ["own_turn", "other_turn", "round_end", "match_end"])
async def test_reconnect_with_the_token_in_each_phase(phase: str) -> None:
    async with witnessed() as (server, witness):
        # With a target of 101 no single round ends the match, so a round end can be caught.
        ali, badr, state = await pair(server, target=101 if phase == "round_end" else 31)
        welcome = next(m for m in ali.received if m["t"] == "welcome")
        rng = random.Random(7)
        badr_task = asyncio.create_task(play_to_end(badr, rng))
        reached = await _play_until(ali, rng, phase)
        ali.abort()
        mark = witness.plays
        # Ali comes back only once the server has seen him go (Badr plays on meanwhile).
        await eventually(lambda: "Ali" not in names_online(server), what="the server to see Ali go")
        back = await connect(server)
        resumed = await back.hello("ignored", token=welcome["resume_token"])
        assert resumed["resumed"] and resumed["name"] == "Ali"
        room = await back.expect("room_state")
        assert room["you"] == 0 and room["seats"][0]["connected"]
        snapshot = await back.expect("game_update")
        assert snapshot["seq"] >= reached["seq"] and snapshot["events"] == []
        if phase == "match_end":
            assert room["state"] == "over" and snapshot["view"]["winner"] is not None
            badr_task.cancel()
        else:
            back.received.remove(snapshot)
            back.put_back(snapshot)  # let the player loop see it first
            final = await play_to_end(back, rng)
            assert final.winner is not None
            assert (await badr_task).winner == final.winner
        await witness.check_progress(mark)
        oracle = MatchOracle.for_room(state)
        oracle.feed(m for m in badr.received if m["t"] == "game_update")
        assert oracle.check_client(ali.received + back.received, {0: 0}) > 5


async def test_after_the_hold_a_bot_plays_the_seat_until_the_player_returns(
    clock: ManualClock,
) -> None:
    async with witnessed(seat_hold=0.2, clock=clock) as (server, witness):
        ali, badr, _state = await pair(server)
        welcome = next(m for m in ali.received if m["t"] == "welcome")
        mark = witness.plays
        ali.abort()
        await eventually(lambda: clock.pending() == [0.2], what="the room to hold Ali's seat")
        clock.advance(0.2)
        await expect_room(badr, lambda s: s["seats"][0]["bot_level"] is not None)
        rng = random.Random(8)
        # Badr plays a few turns; the stand-in answers each one for seat 0.
        stand_in_plays = 0
        async with asyncio.timeout(10):
            while stand_in_plays < 3:
                message = await badr.expect("game_update")
                stand_in_plays += sum(
                    1 for e in message["events"] if e["kind"] == "card_played" and e["seat"] == 0
                )
                view = view_from_wire(message["view"])
                if view.my_turn:
                    await badr.send(play_message(rng.choice(view.legal_plays)))
        back = await connect(server)
        await back.hello("Ali", token=welcome["resume_token"])
        room = await expect_room(back, lambda s: s["you"] == 0)
        assert room["seats"][0]["bot_level"] is None
        views = await asyncio.gather(play_to_end(back, rng), play_to_end(badr, rng))
        assert views[0].winner == views[1].winner is not None
        await witness.check_progress(mark)


async def test_a_waiting_room_frees_the_seat_after_the_hold(clock: ManualClock) -> None:
    async with running_server(seat_hold=0.2, clock=clock) as server:
        ali = await connect(server, "Ali")
        badr = await connect(server, "Badr")
        state = await create_room(ali, 2)
        await join(badr, state["room_id"])
        token = next(m for m in badr.received if m["t"] == "welcome")["resume_token"]
        badr.abort()
        await eventually(lambda: clock.pending() == [0.2], what="the room to hold Badr's seat")
        clock.advance(0.2)
        await expect_room(ali, lambda s: s["seats"][1]["kind"] == "empty")
        # The token died with the seat.
        again = await connect(server)
        await again.send({"t": "hello", "name": "Badr", "version": 1, "resume_token": token})
        assert (await again.expect("error"))["code"] == "bad_token"


async def test_a_wrong_token_is_refused_and_the_connection_may_start_afresh() -> None:
    async with running_server() as server:
        client = await connect(server)
        await client.send({"t": "hello", "name": "X", "version": 1, "resume_token": "nope" * 8})
        assert (await client.expect("error"))["code"] == "bad_token"
        assert not (await client.hello("Fresh"))["resumed"]


async def test_two_resumes_at_once_leave_exactly_one_connection_in_the_seat() -> None:
    async with witnessed() as (server, witness):
        ali, badr, _state = await pair(server)
        token = next(m for m in ali.received if m["t"] == "welcome")["resume_token"]
        first, second = await connect(server), await connect(server)
        message = {"t": "hello", "name": "Ali", "version": 1, "resume_token": token}
        await asyncio.gather(first.send(message), second.send(message))
        # The old, still open socket is told it was replaced; the token rotated with the
        # first resume, so the other one is refused.
        bye = await ali.wait_closed()
        assert bye is not None and bye["code"] == "replaced"

        def answered(client: WireClient) -> str | None:
            said = [m for m in client.received if m["t"] in ("welcome", "error")]
            return said[0]["t"] if said else None

        await eventually(
            lambda: sorted(str(answered(c)) for c in (first, second)) == ["error", "welcome"],
            what="one resume welcomed and the other refused",
        )
        alive = [c for c in (first, second) if answered(c) == "welcome"]
        refused = next(m for c in (first, second) for m in c.received if m["t"] == "error")
        assert refused["code"] == "bad_token"
        seated = [c for c in server.connections if c.player is not None and c.player.name == "Ali"]
        assert len(seated) == 1
        rng = random.Random(9)
        views = await asyncio.gather(play_to_end(alive[0], rng), play_to_end(badr, rng))
        assert views[0].winner == views[1].winner is not None
        assert not witness.errors


async def test_the_room_closes_when_its_last_human_leaves() -> None:
    async with running_server() as server:
        ali = await connect(server, "Ali")
        state = await create_room(ali, 4)
        await ali.send({"t": "fill_bots", "level": "easy"})
        await ali.send({"t": "start_game"})
        await ali.expect("game_update")
        await ali.send({"t": "leave_room"})
        assert (await ali.expect("left_room"))["reason"] == "left"
        await eventually(lambda: state["room_id"] not in server.lobby.rooms)


async def test_a_finished_match_closes_its_room_after_the_linger(clock: ManualClock) -> None:
    async with running_server(match_linger=0.2, clock=clock) as server:
        ali = await connect(server, "Ali")
        await create_room(ali, 2)
        await ali.send({"t": "fill_bots", "level": "easy"})
        await ali.send({"t": "start_game"})
        await play_to_end(ali, random.Random(4))
        assert clock.pending() == [0.2], "the finished match lingers"
        clock.advance(0.2)
        left = await ali.expect("left_room")
        assert left["reason"] == "match_over"
        assert not server.lobby.rooms


async def test_an_exception_in_one_room_ends_that_room_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async with witnessed() as (server, witness):
        ali, badr, state = await pair(server)

        def explode(*args: object) -> str:
            raise RuntimeError("a bug in the chat handler")

        monkeypatch.setattr("server.room.chat.clean_chat", explode)
        mark = witness.plays
        await ali.send({"t": "chat", "text": "boom"})
        for client in (ali, badr):
            error = await client.expect("error")
            assert error["code"] == "internal"
            left = await client.expect("left_room")
            assert left["reason"] == "error"
        assert state["room_id"] not in server.lobby.rooms
        await witness.check_progress(mark)
        # Both players are back in the lobby and may start again.
        await create_room(ali, 2)


async def test_a_storm_of_bad_input_does_not_disturb_a_playing_room() -> None:
    """Garbage of every kind from many connections at once, while the witness plays on."""
    from tests.server.test_bad_input import MALFORMED

    async with witnessed(max_per_address=100) as (server, witness):
        mark = witness.plays
        attackers = [await connect(server, f"Storm {i}") for i in range(12)]
        payloads = [encode_frame(p, 4096) for p in MALFORMED.values()]
        payloads += [b"\x00\x00\x00\x00", b"\xff\xff\xff\xff", encode_frame(b"\xc1") * 200]
        await asyncio.gather(
            *(a.send_raw(payloads[i % len(payloads)]) for i, a in enumerate(attackers))
        )
        flood = b"".join(encode_frame(pack_message({"t": "list_rooms"})) for _ in range(500))
        await attackers[0].send_raw(flood)
        await witness.check_progress(mark)
        # A ping after the garbage: its pong means the garbage was all read and the line lives.
        for attacker in attackers:
            with contextlib.suppress(ConnectionError):
                await attacker.send({"t": "ping", "req": 1})
        await eventually(
            lambda: all(a.closed.is_set() or pings_answered(a) for a in attackers),
            what="every attacker closed or answered",
        )
        survivors = [a for a in attackers if not a.closed.is_set()]
        assert survivors and len(server.connections) >= 1 + len(survivors)  # and the witness


def pings_answered(client: WireClient) -> bool:
    return any(m["t"] == "pong" for m in client.received)


async def test_a_play_from_a_replaced_connection_changes_nothing() -> None:
    async with running_server() as server:
        ali, badr, state = await pair(server)
        views = {c: view_from_wire((await c.expect("game_update"))["view"]) for c in (ali, badr)}
        mover = ali if views[ali].my_turn else badr
        name = "Ali" if mover is ali else "Badr"
        token = next(m for m in mover.received if m["t"] == "welcome")["resume_token"]
        old = next(c for c in server.connections if c.player and c.player.name == name)
        player = old.player
        assert player is not None
        back = await connect(server)
        await back.hello(name, token=token)
        room = server.lobby.rooms[state["room_id"]]
        before = room.match
        play = play_message(views[mover].legal_plays[0])  # legal, and his turn
        request = PlayCard(views[mover].legal_plays[0])
        # Through the lobby: the old connection no longer speaks for anyone...
        server.lobby.dispatch(old, request)
        # ...and straight into the room, as if it had been queued just before the resume.
        room.post(Request(player, old, request))
        # The room takes its inbox in order: once a later chat line is out, both were handled.
        await back.send({"t": "chat", "text": "after the stale play"})
        await back.expect("chat")
        assert room.match is before
        # The new connection's play is the one that counts.
        await back.send(play)
        await eventually(lambda: room.match is not before, what="the new connection's play")
