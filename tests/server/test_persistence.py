"""A server with a data directory keeps its running matches there: the directory is private, the
files hold what a restart needs (token digests, never tokens), a restarted server takes the
matches up where they were, a damaged file skips only its own room, and a match's files go
once its room has closed."""

from __future__ import annotations

import asyncio
import logging
import os
import random
import stat
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from server.config import FALLBACK_LEVEL
from server.persistence import journal as journal_module
from server.persistence.journal import MatchJournal
from server.persistence.room_file import (
    SavedBot,
    SavedHuman,
    SavedRoom,
    SavedRoomError,
    decode_saved_room,
    encode_saved_room,
)
from server.persistence.store import LOCK_NAME, MatchStore
from server.players import token_digest
from shared.engine import apply_play, legal_plays, new_match
from shared.record import MatchRecord, SeatEntry, outcome_of, replay
from shared.record_file import decode_record, encode_record
from shared.rules import RuleSet
from shared.wire.client import WireClient
from shared.wire.protocol import view_from_wire
from tests.clock import ManualClock
from tests.server.fair_play import play_all, receive_record, sealed, seat_two
from tests.server.helpers import FAST, connect, expect_room, join, running_server
from tests.waiting import eventually

pytestmark = pytest.mark.timeout(60)


def leftovers(data: Path) -> list[Path]:
    """What is in the data directory besides the lock a server holds on it."""
    return [path for path in data.iterdir() if path.name != LOCK_NAME]


def kept(data: Path, suffix: str) -> list[Path]:
    return sorted(data.glob(f"room-*{suffix}"))


async def test_the_data_directory_is_made_private(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    fresh = tmp_path / "a" / "b" / "server"
    async with running_server(FAST, data_dir=fresh):
        assert stat.S_IMODE(fresh.stat().st_mode) == 0o700
    opened = tmp_path / "opened"
    opened.mkdir(mode=0o755)
    opened.chmod(0o755)
    async with running_server(FAST, data_dir=opened):
        assert stat.S_IMODE(opened.stat().st_mode) == 0o700
    assert any("from 755 to 700: it was open to others" in r.getMessage() for r in caplog.records)


async def test_the_files_hold_the_match_so_far_and_token_digests_only(tmp_path: Path) -> None:
    async with running_server(FAST, seed=None, data_dir=tmp_path) as server:
        ali, badr = await seat_two(server.port)
        await ali.client.send({"t": "start_game"})
        await ali.client.send({"t": "chat", "text": "Good luck"})
        await play_all([ali.client, badr.client], seed=1, seq=7)
        assert server.store is not None
        await server.store.disk.written()
        [record_file], [room_file] = kept(tmp_path, ".basra"), kept(tmp_path, ".room")
        assert stat.S_IMODE(record_file.stat().st_mode) == 0o600
        assert stat.S_IMODE(room_file.stat().st_mode) == 0o600
        record = decode_record(record_file.read_bytes())
        assert len(record.plays) == 7 and record.outcome is None
        assert [line.text for line in record.chat] == ["Good luck"]
        assert sealed(record).client_seeds == (ali.seed, badr.seed)
        saved = decode_saved_room(room_file.read_bytes())
        assert saved.seats == (
            SavedHuman(ali.player_id, "Ali", token_digest(ali.token)),
            SavedHuman(badr.player_id, "Badr", token_digest(badr.token)),
        )
        assert saved.seeded_seats == (0, 1)
        for path in (record_file, room_file):
            text = path.read_text()
            assert ali.token not in text and badr.token not in text


async def resume(port: int, token: str) -> WireClient:
    client = await WireClient.connect("127.0.0.1", port, record=True)
    welcome = await client.hello("ignored", token)
    assert welcome["resumed"]
    return client


async def test_a_restarted_server_takes_its_matches_up_at_the_same_play(
    tmp_path: Path, clock: ManualClock
) -> None:
    async with running_server(FAST, seed=None, data_dir=tmp_path) as server:
        ali, badr = await seat_two(server.port)
        await ali.client.send({"t": "start_game"})
        await play_all([ali.client, badr.client], seed=2, seq=9)
        room_id, room = next(iter(server.lobby.rooms.items()))
        before = room.match
    [record_file] = kept(tmp_path, ".basra")
    plays_before = decode_record(record_file.read_bytes()).plays
    assert len(plays_before) == 9
    restarted = running_server(FAST, seed=None, data_dir=tmp_path, seat_hold=0.5, clock=clock)
    async with restarted as server:
        room = server.lobby.rooms[room_id]
        assert room.match == before and room.seq == 9
        back = await resume(server.port, ali.token)
        state = await back.expect("room_state")
        assert [s["connected"] for s in state["seats"]] == [True, False]
        clock.advance(0.5)  # the seat hold of the one who is not back runs out
        assert state["deals"]["commitment"] == ali.commitment.hex()
        snapshot = await back.expect("game_update")
        assert snapshot["seq"] == 9
        assert before is not None
        assert set(view_from_wire(snapshot["view"]).hand) == set(before.round.hands[0])
        back.put_back(snapshot)
        await play_all([back], seed=3)
        record = await receive_record(back)
        # Badr never came back: his seat was held, then a bot played it for him.
        states = [m for m in back.received if m["t"] == "room_state"]
        assert any(s["seats"][1]["bot_level"] == FALLBACK_LEVEL for s in states)
        assert all(s["seats"][1]["name"] == "Badr" for s in states)
    assert len(record.plays) > 9
    assert record.plays[:9] == plays_before
    assert not leftovers(tmp_path), "the room closed: its files went"


async def test_a_damaged_file_skips_its_room_and_the_others_load(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with running_server(FAST, seed=None, data_dir=tmp_path) as server:
        pairs = [await seat_two(server.port, name=name) for name in ("One", "Two")]
        for ali, badr in pairs:
            await ali.client.send({"t": "start_game"})
            await play_all([ali.client, badr.client], seed=4, seq=5)
        ids = sorted(server.lobby.rooms)
    damaged = next(p for p in kept(tmp_path, ".basra") if p.name.startswith(f"room-{ids[0]}-"))
    lines = damaged.read_bytes().split(b"\n")
    lines[2] = b'{"t":"play","seat":0,"card":"Zz","taken":[]}'
    damaged.write_bytes(b"\n".join(lines))
    caplog.set_level(logging.INFO)
    async with running_server(FAST, seed=None, data_dir=tmp_path) as server:
        assert sorted(server.lobby.rooms) == [ids[1]]
        await resume(server.port, pairs[1][0].token)
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert any(damaged.name in w and "damaged" in w for w in warnings), warnings
    assert damaged.exists(), "a damaged file stays for a person to look at"


async def test_a_closed_room_leaves_no_file_behind(tmp_path: Path, clock: ManualClock) -> None:
    closing = running_server(FAST, seed=None, data_dir=tmp_path, match_linger=0.2, clock=clock)
    async with closing as server:
        ali, badr = await seat_two(server.port)
        await ali.client.send({"t": "start_game"})
        await play_all([ali.client, badr.client], seed=6)
        await receive_record(ali.client)
        clock.advance(0.2)  # the finished match lingers, then its room closes
        await ali.client.expect("left_room")
        await eventually(lambda: not leftovers(tmp_path), what="the match's files to go")


TOKEN = "a-token-of-twenty-four-ch"


def finished_match(room_id: int, ended: bool = True) -> tuple[bytes, bytes]:
    """The files of a finished 2-player match of Ali (whose token is `TOKEN`) against a bot:
    its record (with its end line, or killed just before it) and its room."""
    state = new_match(RuleSet(target=11), seed=room_id)
    seats = (SeatEntry("Ali"), SeatEntry("Easy bot", "easy"))
    record = MatchRecord.begin(state, seats, started=0, room="Old")
    rng = random.Random(room_id)
    while state.winner is None:
        assert state.to_move is not None
        play = rng.choice(legal_plays(state))
        record = record.with_play(state.to_move, play)
        state = apply_play(state, play).state
    seated = (SavedHuman(1, "Ali", token_digest(TOKEN)), SavedBot("easy"))
    room = SavedRoom(room_id, "Old", 0.0, 1, seated, ())
    record = record.ended(outcome_of(state, 1)) if ended else record
    return encode_record(record), encode_saved_room(room)


async def test_a_match_killed_after_its_last_play_ends_for_whoever_comes_back(
    tmp_path: Path, clock: ManualClock
) -> None:
    store = MatchStore.open(tmp_path, record_keep=60.0)
    files = store.new_files(4)
    store.close()
    record, room = finished_match(4, ended=False)
    files.record.write_bytes(record)
    files.room.write_bytes(room)
    async with running_server(FAST, data_dir=tmp_path, match_linger=0.5, clock=clock) as server:
        assert server.lobby.rooms[4].phase.value == "over"
        back = await resume(server.port, TOKEN)
        assert (await back.expect("room_state"))["state"] == "over"
        assert view_from_wire((await back.expect("game_update"))["view"]).winner is not None
        finished = await receive_record(back)
        assert finished.outcome is not None and finished.plays == decode_record(record).plays
        clock.advance(0.5)  # the finished match lingers, then its room closes
        await back.expect("left_room")
        await eventually(lambda: not leftovers(tmp_path), what="the files to go")


async def test_finished_files_left_by_a_stop_go_once_old(tmp_path: Path) -> None:
    store = MatchStore.open(tmp_path, record_keep=60.0)
    old, new = store.new_files(1), store.new_files(2)
    for room_id, files in ((1, old), (2, new)):
        record, room = finished_match(room_id)
        files.record.write_bytes(record)
        files.room.write_bytes(room)
    long_ago = time.time() - 120
    os.utime(old.record, (long_ago, long_ago))
    store.close()
    async with running_server(FAST, data_dir=tmp_path, record_keep=60.0) as server:
        assert not server.lobby.rooms, "a finished match is not restored"
    assert not old.record.exists() and not old.room.exists()
    assert new.record.exists() and new.room.exists()


GOOD_ROOM = SavedRoom(
    7, "Friday", 30.0, 3, (SavedHuman(3, "Ali", bytes(32)), SavedBot("hard")), (0,)
)
"""A room file's contents, to damage."""


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: b"not json",
        lambda d: d.replace(b'"basra_room":1', b'"basra_room":2'),
        lambda d: d.replace(b'"room_id":7', b'"room_id":0'),
        lambda d: d.replace(b'"hard"', b'"godlike"'),
        lambda d: d.replace(b'"Ali"', b'"A\\u200bli"'),
        lambda d: d.replace(b'"seeded_seats":[0]', b'"seeded_seats":[5]'),
        lambda d: d.replace(b'"turn_seconds":30.0', b'"turn_seconds":NaN'),
        lambda d: d.replace(b"0000", b"zzzz", 1),
        lambda d: d.replace(b'"creator":3', b'"creator":true'),
    ],
)
def test_a_room_file_that_breaks_its_rules_is_refused(damage: Callable[[bytes], bytes]) -> None:
    data = encode_saved_room(GOOD_ROOM)
    assert decode_saved_room(data) == GOOD_ROOM
    with pytest.raises(SavedRoomError):
        decode_saved_room(damage(data))


async def test_a_disk_that_fails_keeps_the_last_good_files_and_the_match(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    store = MatchStore.open(tmp_path, record_keep=60.0)
    state = new_match(RuleSet(target=11), seed=5)
    record = MatchRecord.begin(state, (SeatEntry("Ali"), SeatEntry("Badr")), started=0)
    journal = MatchJournal.begin(record, 1, store)
    rng = random.Random(5)

    def play_on(plays: int) -> None:
        nonlocal state
        for _ in range(plays):
            assert state.to_move is not None and state.winner is None
            play = rng.choice(legal_plays(state))
            journal.add_play(state.to_move, play, round_over=False)
            state = apply_play(state, play).state

    play_on(3)
    await store.disk.written()
    assert journal.files is not None and journal.files.record.exists()

    def full(fd: int, data: object) -> int:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "write", full)  # the disk thread's writes fail
    play_on(3)
    await store.disk.written()
    monkeypatch.undo()
    play_on(3)  # the journal notices, and goes on in memory
    await store.disk.written()
    assert journal.files is not None
    assert leftovers(tmp_path) == [journal.files.record], "the last good record, nothing more"
    kept_record = decode_record(journal.files.record.read_bytes(), allow_torn_tail=True)
    assert len(kept_record.plays) == 3, "the plays saved before the disk failed"
    assert any("No space left" in r.getMessage() for r in caplog.records)
    while state.winner is None:
        play_on(1)
    finished = decode_record(journal.finish(outcome_of(state, 2)))
    assert replay(finished).final == state
    store.close()


async def test_a_file_left_half_written_by_a_crash_goes_at_start_up(tmp_path: Path) -> None:
    """A ``.part`` file was never whole: the file it was to replace is the last good one."""
    part = tmp_path / "room-3-0a0b0c0d.basra.part"
    part.write_bytes(b'{"basra_record": 1, "cut')
    async with running_server(FAST, data_dir=tmp_path) as server:
        assert not part.exists() and not server.lobby.rooms


async def test_the_chat_a_record_keeps_is_capped_so_the_match_still_restores(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Fifteen spectators chatting into a running match (issue 21, case 5): the room hears every
    line, the record keeps the first ``record_chat_lines``, and a restart takes the match up."""
    caplog.set_level(logging.INFO, "server.room.record")
    config = replace(
        FAST,
        seed=None,
        data_dir=tmp_path,
        record_chat_lines=12,
        max_per_address=32,
        chat_lines=100,  # 15 spectators on one address, which shares one limit
    )
    async with running_server(config) as server:
        ali, badr = await seat_two(server.port)
        await ali.client.send({"t": "start_game"})
        await play_all([ali.client, badr.client], seed=2, seq=3)
        room_id = next(iter(server.lobby.rooms))
        watchers = [await connect(server, f"Watcher {i}") for i in range(15)]
        for watcher in watchers:
            await join(watcher, room_id, spectate=True)
        for round_of_lines in range(2):
            for i, watcher in enumerate(watchers):
                await watcher.send({"t": "chat", "text": f"line {round_of_lines} from {i}"})
        await eventually(
            lambda: sum(m["t"] == "chat" for m in ali.client.received) == 30,
            what="every line to reach the room",
        )
        assert server.store is not None
        await server.store.disk.written()
    [record_file] = kept(tmp_path, ".basra")
    record = decode_record(record_file.read_bytes(), allow_torn_tail=True)
    assert len(record.chat) == 12, "the record keeps the first 12 lines and no more"
    said = [m["text"] for m in ali.client.received if m["t"] == "chat"]
    assert [line.text for line in record.chat] == said[:12], "the first 12 the room heard"
    assert any("kept 12 chat lines, its most" in r.getMessage() for r in caplog.records)
    async with running_server(config) as server:
        assert room_id in server.lobby.rooms, "the match restores"
        back = await resume(server.port, ali.token)
        await back.expect("game_update")
        await back.send({"t": "chat", "text": "after the restart"})
        await back.expect("chat")
        assert server.store is not None
        await server.store.disk.written()
    again = decode_record(record_file.read_bytes(), allow_torn_tail=True)
    assert len(again.chat) == 12, "the cap holds across the restart"


def notices(client: WireClient) -> list[str]:
    return [m["code"] for m in client.received if m["t"] == "notice"]


async def test_players_are_told_when_their_match_cannot_be_saved_and_when_it_is_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 21, case 6: the disk refuses a write mid-match; both players are told, play goes
    on, and once the disk takes writes again the whole record is written afresh."""
    monkeypatch.setattr(journal_module, "RETRY_SECONDS", 0.2)
    async with running_server(FAST, seed=None, data_dir=tmp_path) as server:
        ali, badr = await seat_two(server.port)
        clients = [ali.client, badr.client]
        await ali.client.send({"t": "start_game"})

        async def play_to(seq: int) -> None:
            for client, last in zip(
                clients, await play_all(clients, seed=seq, seq=seq), strict=True
            ):
                client.put_back(last)  # the next call plays on from the turn it shows

        await play_to(3)
        assert server.store is not None
        await server.store.disk.written()
        [first] = kept(tmp_path, ".basra")

        def full(fd: int, data: object) -> int:
            raise OSError(28, "No space left on device")

        with monkeypatch.context() as failing:
            failing.setattr(os, "write", full)
            await play_to(6)
            await server.store.disk.written()
            # The disk thread's refusals are noticed at the room's next write: one more play.
            await play_to(7)
            await eventually(lambda: all(notices(c) == ["not_saved"] for c in clients))
            await server.store.disk.written()
        saved = decode_record(first.read_bytes(), allow_torn_tail=True)
        assert len(saved.plays) == 3, "the last good record stays while the disk fails"
        seq = 7
        while notices(ali.client) != ["not_saved", "saved_again"]:
            assert seq < 40, "the match was never kept again"
            seq += 1
            await asyncio.sleep(0.05)
            await play_to(seq)
        await server.store.disk.written()
        [again] = kept(tmp_path, ".basra")
        assert again == first, "written afresh, then put in the old one's place"
        assert not list(tmp_path.glob("*.part")), "nothing half written left beside it"
        room = next(iter(server.lobby.rooms.values()))
        record = decode_record(again.read_bytes(), allow_torn_tail=True)
        assert len(record.plays) == room.seq, "every play, from the first, is on disk again"
        assert len(kept(tmp_path, ".room")) == 1, "and the room file beside it"


async def test_a_room_made_private_mid_match_is_private_after_a_restart(tmp_path: Path) -> None:
    """set_private rewrites the room file: the restored room asks newcomers for the new code."""
    async with running_server(FAST, seed=None, data_dir=tmp_path) as server:
        ali, _ = await seat_two(server.port)
        await ali.client.send({"t": "start_game"})
        await ali.client.send({"t": "set_private", "private": True})
        state = await expect_room(ali.client, lambda s: "code" in s)
        assert server.store is not None
        await server.store.disk.written()
        [room_file] = kept(tmp_path, ".room")
        assert decode_saved_room(room_file.read_bytes()).code == state["code"]
    async with running_server(FAST, seed=None, data_dir=tmp_path) as server:
        late = await connect(server, "Late")
        await late.send({"t": "spectate", "room_id": state["room_id"], "req": 1})
        assert (await late.expect("error"))["code"] == "wrong_code"
        await late.send({"t": "spectate", "room_id": state["room_id"], "code": state["code"]})
        assert (await late.expect("room_state"))["code"] == state["code"]
