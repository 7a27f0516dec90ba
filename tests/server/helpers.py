"""Shared helpers of the server tests: fast configs, in-process servers, playing clients, and the
leak oracle that rebuilds each match from its seed to know every hidden card at every moment."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator, Iterable
from dataclasses import replace
from typing import Any

from server.app import BasraServer
from server.config import ServerConfig
from server.room.actor import match_seed
from shared.cards import STANDARD_DECK
from shared.clock import LOOP_CLOCK, Clock
from shared.engine import apply_play, new_match
from shared.plays import Play
from shared.rules import RuleSet
from shared.state import MatchState
from shared.views import PlayerView
from shared.wire.client import ConnectionClosed, WireClient
from shared.wire.protocol import Message, card_from_wire, play_to_wire, view_from_wire

CARD_TEXTS = frozenset(str(c) for c in STANDARD_DECK)
SEED = 20240611

FAST = ServerConfig(
    host="127.0.0.1",
    port=0,
    hello_timeout=2.0,
    body_timeout=2.0,
    ping_interval=0.5,
    idle_timeout=3.0,
    rate_per_second=2000.0,
    rate_burst=2000,
    connect_rate=1000.0,  # tests open many connections from 127.0.0.1; test_hostile_guest
    connect_burst=1000,  # tries the default limits
    seat_hold=5.0,
    turn_timeout=0.0,
    match_linger=5.0,
    bot_delay=0.0,
    shutdown_grace=0.5,
    bot_processes=0,  # hard bots think in threads here; one test covers the worker process
    bot_budget=0.05,
    seed=SEED,
)


@contextlib.asynccontextmanager
async def running_server(
    config: ServerConfig = FAST, *, clock: Clock = LOOP_CLOCK, **changes: Any
) -> AsyncIterator[BasraServer]:
    """A server of ``config`` with ``changes``, in this process, until the block ends;
    ``clock``: the time its rooms' timers run on (a test's `tests.clock.ManualClock`)."""
    server = BasraServer(replace(config, **changes), clock=clock)
    task = asyncio.create_task(server.run())
    started = asyncio.create_task(server.started.wait())
    await asyncio.wait({task, started}, return_when=asyncio.FIRST_COMPLETED)
    if task.done():
        task.result()
    try:
        yield server
    finally:
        server.stop()
        await asyncio.wait_for(task, 10)


async def connect(server: BasraServer, name: str | None = None, **options: Any) -> WireClient:
    """A client of ``server`` that keeps what it receives (`received`), greeted as ``name``."""
    options.setdefault("record", True)
    client = await WireClient.connect("127.0.0.1", server.port, **options)
    if name is not None:
        await client.hello(name)
    return client


def names_online(server: BasraServer) -> list[str]:
    """The names of the players the server has a live, welcomed connection for."""
    return [c.player.name for c in server.connections if c.player is not None]


async def create_room(client: WireClient, players: int = 2, **fields: Any) -> Message:
    await client.send({"t": "create_room", "players": players, "target": 31, **fields})
    return await client.expect("room_state")


async def join(client: WireClient, room_id: int, spectate: bool = False) -> Message:
    await client.send({"t": "spectate" if spectate else "join_room", "room_id": room_id})
    return await client.expect("room_state")


async def expect_room(client: WireClient, test: Any, timeout: float = 5.0) -> Message:
    """The first room_state from now on for which ``test(state)`` holds."""
    async with asyncio.timeout(timeout):
        while True:
            state = await client.expect("room_state", timeout=timeout)
            if test(state):
                return state


def play_message(play: Play, req: int | None = None) -> Message:
    message: Message = {"t": "play", **play_to_wire(play)}
    if req is not None:
        message["req"] = req
    return message


async def play_against_bots(
    host: WireClient, players: int, level: str, seed: int, timeout: float
) -> PlayerView:
    """``host`` (greeted) fills a room of ``players`` (target 11) with ``level`` bots and
    plays it to the end at random; the last view."""
    await create_room(host, players, target=11)
    await host.send({"t": "fill_bots", "level": level})
    await host.send({"t": "start_game"})
    return await play_to_end(host, random.Random(seed), timeout=timeout)


async def play_to_end(
    client: WireClient,
    rng: random.Random,
    timeout: float = 20.0,
    stop_after: int | None = None,
) -> PlayerView:
    """Play random legal moves whenever it is this client's turn, until the match ends (or
    ``stop_after`` own plays); the last view seen."""
    view: PlayerView | None = None
    played = 0
    async with asyncio.timeout(timeout):
        while True:
            message = await client.recv(timeout=timeout)
            if message["t"] == "error":
                raise AssertionError(f"unexpected error: {message}")
            if message["t"] != "game_update":
                continue
            view = view_from_wire(message["view"])
            if view.winner is not None:
                return view
            if view.my_turn:
                if stop_after is not None and played >= stop_after:
                    return view
                play = view.legal_plays[rng.randrange(len(view.legal_plays))]
                await client.send(play_message(play))
                played += 1


async def watch_to_end(client: WireClient, timeout: float = 20.0) -> PlayerView:
    """Read updates until one shows the match over."""
    async with asyncio.timeout(timeout):
        while True:
            message = await client.expect("game_update", timeout=timeout)
            view = view_from_wire(message["view"])
            if view.winner is not None:
                return view


async def drain(client: WireClient) -> None:
    with contextlib.suppress(ConnectionClosed, TimeoutError):
        while True:
            await client.recv(timeout=0.05)


# ---------------------------------------------------------------------------- leak oracle


class MatchOracle:
    """The true states of one room's match, rebuilt from its seed and the public plays."""

    def __init__(self, rules: RuleSet, seed: int) -> None:
        self.states: list[MatchState] = [new_match(rules, seed=seed)]

    @classmethod
    def for_room(cls, room_state: Message, base_seed: int = SEED) -> MatchOracle:
        rules = RuleSet.from_options(room_state["rules"])
        seed = match_seed(base_seed, room_state["room_id"])
        assert seed is not None
        return cls(rules, seed)

    def feed(self, updates: Iterable[Message]) -> None:
        """Extend the timeline with the plays found in a client's updates (in seq order)."""
        for update in updates:
            seq = update["seq"]
            played = [e for e in update["events"] if e["kind"] == "card_played"]
            if not played or seq < len(self.states):
                continue
            assert seq == len(self.states), f"missing update before seq {seq}"
            card = card_from_wire(played[0]["card"])
            captured = [e for e in update["events"] if e["kind"] == "cards_captured"]
            taken = [card_from_wire(t) for t in captured[0]["taken"]] if captured else []
            self.states.append(apply_play(self.states[-1], Play(card, frozenset(taken))).state)

    @staticmethod
    def hidden_from(state: MatchState, seat: int | None) -> frozenset[str]:
        r = state.round
        cards = set(r.stock)
        for s, hand in enumerate(r.hands):
            if s != seat:
                cards.update(hand)
        return frozenset(str(c) for c in cards)

    def check_client(self, received: list[Message], seat_at: dict[int, int | None]) -> int:
        """Assert no message to this client held a card hidden from it; updates checked.

        ``seat_at`` maps the index in ``received`` from which the client sat at a seat (None:
        a spectator).
        """
        checked = 0
        for index, message in enumerate(received):
            if message["t"] != "game_update":
                leaked = card_strings(message) & CARD_TEXTS
                assert not leaked, f"cards {leaked} in {message}"
                continue
            seq = message["seq"]
            seat = _seat_at(seat_at, index)
            after = self.states[seq]
            hidden_after = self.hidden_from(after, seat)
            if seq > 0:
                # The played card was hidden until this very update revealed it.
                played = {e["card"] for e in message["events"] if e["kind"] == "card_played"}
                hidden_before = self.hidden_from(self.states[seq - 1], seat) - played
            else:
                hidden_before = hidden_after
            now = {k: v for k, v in message["view"].items() if k != "last_round"}
            leaked = card_strings(now) & hidden_after
            leaked |= self._round_end_leaks(message["view"].get("last_round"), seq, seat)
            assert not leaked, f"view at seq {seq} for seat {seat} shows hidden {leaked}"
            dealing = False
            for event in message["events"]:
                # Deals (a new round's, or more cards mid-round) come last and belong to the
                # state after the play; what precedes them to the state before it.
                dealing = dealing or event["kind"] in ("round_started", "hand_dealt")
                hidden = hidden_after if dealing else hidden_before
                leaked = card_strings(event) & hidden
                assert not leaked, f"event {event} at seq {seq} for seat {seat} leaks {leaked}"
            view = view_from_wire(message["view"])
            if seat is not None and after.winner is None:
                assert set(view.hand) == set(after.round.hands[seat]), "hand differs from truth"
            checked += 1
        return checked

    def _round_end_leaks(self, end: Message | None, seq: int, seat: int | None) -> set[str]:
        """The cards of a view's ``last_round`` that were hidden from ``seat``: it belongs to
        the state before the play that ended the round, which revealed only its own card."""
        if end is None:
            return set()
        truth = self.states[seq].last_round
        assert truth is not None, f"a round's end at seq {seq}, where no round ended"
        final = end["final_play"]["card"]
        assert final == str(truth.final_play.card)
        return (card_strings(end) - {final}) & self.hidden_from(self.states[seq - 1], seat)


def _seat_at(seat_at: dict[int, int | None], index: int) -> int | None:
    seat: int | None = None
    for start in sorted(seat_at):
        if start <= index:
            seat = seat_at[start]
    return seat


def card_strings(value: object) -> set[str]:
    """Every string inside ``value`` that is the text of a card."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if item in CARD_TEXTS:
                found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found
