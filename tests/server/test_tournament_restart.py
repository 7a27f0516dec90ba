"""An evening of eight (two people, six computer players) over three rounds on the real server
process, killed with SIGKILL in the middle of the second round and started again on the same
data directory: the tournament goes on where it was, a person who dropped in the first round is
played for to the end, and the standings and the record come out whole and verified."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from shared.tournament.record_file import decode_tournament, verify_tournament
from shared.wire.client import WireClient
from shared.wire.records import RecordParts
from tests.server.helpers import create_room
from tests.server.test_process import server_process
from tests.server.test_restart import two_runs
from tests.server.tournament_play import create, over, play_on, sign_up, until_state
from tests.waiting import eventually

pytestmark = pytest.mark.timeout(120)

PAUSE = 0.12
"""Seconds a person thinks: the real server keeps its limit of 10 messages a second."""


def halfway_through_round_two(state: dict[str, object]) -> bool:
    """Ali's (entrant 1's) table of the second round has played its first board of two."""
    tables = state["tables"]
    assert isinstance(tables, list)
    mine = [t for t in tables if t["round"] == 1 and 1 in t["sides"]]
    return bool(mine) and mine[0]["boards_done"] == 1


async def test_an_evening_of_eight_survives_a_kill_and_a_player_who_drops(tmp_path: Path) -> None:
    data, flags = two_runs(tmp_path)
    flags = (*flags, "--seat-hold", "1")
    async with server_process(tmp_path / "first", *flags) as (process, port, _):
        director = await WireClient.connect("127.0.0.1", port, record=True)
        welcome = await director.hello("Director")
        tid = (await create(director, rounds=3, boards=2))["tournament_id"]
        ali, badr = await sign_up(port, tid, ["Ali", "Badr"])
        await director.send({"t": "add_tournament_bots", "tournament_id": tid, "count": 6})
        await director.send({"t": "start_tournament", "tournament_id": tid})
        await until_state(director, lambda s: s["state"] == "playing")
        badr.client.abort()  # gone for the evening: a computer player plays for him
        killed_at = await play_on(ali, random.Random(1), halfway_through_round_two, pause=PAUSE)
        counted = killed_at["standings"][0]["boards"]
        assert 2 <= counted < 4, "the first round is counted, the second not whole"
        folder = next((data / "tournaments").iterdir())
        await eventually(lambda: any(folder.glob("r1-t*.basra")), what="a table of round 2 kept")
        process.kill()
        process.wait()
    async with server_process(tmp_path / "second", *flags) as (process, port, log):
        back = await WireClient.connect("127.0.0.1", port, record=True)
        assert (await back.hello("Ali", ali.token))["resumed"]
        ali.client = back
        boss = await WireClient.connect("127.0.0.1", port, record=True)
        assert (await boss.hello("Director", welcome["resume_token"]))["resumed"]
        # A new room is never given the id of a table's room that closed before the kill
        # (that id names the table, and its match's files).
        room = await create_room(boss)
        assert all(t["room_id"] != room["room_id"] for t in killed_at["tables"])
        await boss.send({"t": "leave_room"})
        end = await play_on(ali, random.Random(2), over, pause=PAUSE, timeout=90)
        # The restored table, as the ones after it, names its computer players as the
        # standings do.
        named = {e["name"] for e in end["entrants"]}
        rooms = [m for m in back.received if m["t"] == "room_state"]
        bots = {s["name"] for m in rooms for s in m["seats"] if s["kind"] == "bot"}
        assert bots and bots <= named - {"Ali", "Badr"}, bots
        assert len(end["standings"]) == 8
        assert all(line["boards"] == 6 for line in end["standings"])
        badr_line = next(e for e in end["entrants"] if e["name"] == "Badr")
        assert badr_line["members"][0]["connected"] is False
        parts = RecordParts(tid, key="tournament_id")
        wanted: int | None = 0
        while wanted is not None:
            await boss.send({"t": "get_tournament_record", "tournament_id": tid, "part": wanted})
            wanted = parts.take(await boss.expect("tournament_record"))
        assert process.poll() is None
        text = log.read_text()
    record = decode_tournament(parts.data)
    assert len(record.tables) == 12 and [d.round for d in record.deals] == [0, 1, 2]
    check = verify_tournament(record, {n: seed for n, seed in ali.seeds.items()})
    assert check.ok, check.message
    assert f"tournament {tid} (Director cup) restored: playing" in text
    assert "Traceback" not in text
    assert all(d.server_seed is not None and d.server_seed.hex() not in text for d in record.deals)
