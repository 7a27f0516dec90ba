"""The real server process killed with SIGKILL in the middle of a match and started again on the
same data directory: both players resume with the tokens they had, and the match goes on at the
same play, with the same hands, scores and chat, to a record that verifies."""

from __future__ import annotations

import stat
import sys
from pathlib import Path

import pytest

from shared.fairness import verify
from shared.record_file import read_record
from shared.wire.client import WireClient
from shared.wire.protocol import Message
from tests.server.fair_play import Seated, play_all, receive_record, seat_two
from tests.server.test_process import server_process
from tests.waiting import eventually

pytestmark = pytest.mark.timeout(90)

PAUSE = 0.05
"""Seconds each player thinks: the real server keeps its default limit of 10 messages a second
per client."""


def two_runs(tmp_path: Path) -> tuple[Path, tuple[str, ...]]:
    """The data directory that both runs of the server share, and their flags; each run keeps
    its port file and log in a folder of its own (``first``, ``second``)."""
    for run in ("first", "second"):
        (tmp_path / run).mkdir()
    data = tmp_path / "data"
    return data, ("--data-dir", str(data), "--bot-delay", "0", "--no-discovery")


async def resumed(port: int, player: Seated) -> tuple[WireClient, Message, Message]:
    """``player`` back on the restarted server with his token: his client, the room as it
    says it is, and its snapshot of the match."""
    client = await WireClient.connect("127.0.0.1", port, record=True)
    welcome = await client.hello(player.name, player.token)
    assert welcome["resumed"] and welcome["player_id"] == player.player_id
    room = await client.expect("room_state")
    return client, room, await client.expect("game_update")


async def test_a_match_killed_mid_play_goes_on_after_a_restart(tmp_path: Path) -> None:
    data, flags = two_runs(tmp_path)
    async with server_process(tmp_path / "first", *flags) as (process, port, first_log):
        ali, badr = await seat_two(port, target=11)
        await ali.client.send({"t": "start_game"})
        await ali.client.send({"t": "chat", "text": "Good luck"})
        # Thirteen plays: the middle of the first round, after a deal of fresh hands.
        last_seen = await play_all([ali.client, badr.client], seed=11, seq=13, pause=PAUSE)
        assert [u["seq"] for u in last_seen] == [13, 13]
        await badr.client.send({"t": "chat", "text": "Back in a moment"})
        await ali.client.expect("chat")
        # A kill at a quiet moment: the server's disk thread has written what it was handed.
        [record_file] = data.glob("*.basra")
        await eventually(lambda: b"Back in a moment" in record_file.read_bytes())
        assert stat.S_IMODE(data.stat().st_mode) == 0o700
        process.kill()  # SIGKILL; TerminateProcess on Windows
        process.wait()
        await ali.client.wait_closed()
        await badr.client.wait_closed()
    async with server_process(tmp_path / "second", *flags) as (process, port, second_log):
        back = [await resumed(port, player) for player in (ali, badr)]
        for (_, room, snapshot), before in zip(back, last_seen, strict=True):
            assert snapshot["seq"] == 13
            assert snapshot["view"] == before["view"], "the same hands, floor, piles and scores"
            assert room["state"] == "playing"
            assert room["deals"]["commitment"] == ali.commitment.hex()
            assert [s["seed"] for s in room["deals"]["client_seeds"]] == [
                ali.seed.hex(),
                badr.seed.hex(),
            ]
        ali_again, badr_again = back[0][0], back[1][0]
        await ali_again.send({"t": "chat", "text": "We are back"})
        for client, _, snapshot in back:
            client.put_back(snapshot)
        await play_all([ali_again, badr_again], seed=12, pause=PAUSE)
        records = [await receive_record(c) for c in (ali_again, badr_again)]
        assert process.poll() is None
    record = records[0]
    assert records[1] == record
    assert [line.text for line in record.chat] == ["Good luck", "Back in a moment", "We are back"]
    assert [line.plays_before for line in record.chat] == [0, 13, 13]
    for player in (ali, badr):
        check = verify(record, commitment=player.commitment, client_seed=player.seed)
        assert check.ok, check.message
    assert record.server_seed is not None
    for log in (first_log, second_log):
        text = log.read_text()
        assert "Traceback" not in text
        assert record.server_seed.hex() not in text
    assert "restored at play 13" in second_log.read_text()


@pytest.mark.skipif(sys.platform != "linux", reason="sets another process's file-size limit")
async def test_a_crash_while_the_disk_is_full_restores_the_last_saved_play(tmp_path: Path) -> None:
    """Issue 31, case 6: the disk refuses the record's next line (the server's file-size limit
    is set to the record's size: each write past it fails, as on a full disk), the match goes
    on in memory, the server is killed; a restart takes the match up at the last play saved."""
    data, flags = two_runs(tmp_path)
    async with server_process(tmp_path / "first", *flags) as (process, port, _):
        ali, badr = await seat_two(port, target=11)
        clients = [ali.client, badr.client]
        await ali.client.send({"t": "start_game"})
        saved = await play_all(clients, seed=21, seq=5, pause=PAUSE)
        [record_file] = data.glob("*.basra")
        await eventually(lambda: len(read_record(record_file, allow_torn_tail=True).plays) == 5)
        size = record_file.stat().st_size
        import resource

        resource.prlimit(process.pid, resource.RLIMIT_FSIZE, (size, size))
        for client, last in zip(clients, saved, strict=True):
            client.put_back(last)
        await play_all(clients, seed=22, seq=9, pause=PAUSE)
        await eventually(
            lambda: all(any(m.get("code") == "not_saved" for m in c.received) for c in clients),
            what="both players told their match is no longer saved",
        )
        assert len(read_record(record_file, allow_torn_tail=True).plays) == 5
        process.kill()
        process.wait()
    async with server_process(tmp_path / "second", *flags) as (_, port, second_log):
        back = [await resumed(port, player) for player in (ali, badr)]
        for (_, room, snapshot), before in zip(back, saved, strict=True):
            assert room["state"] == "playing"
            assert snapshot["seq"] == 5 and snapshot["view"] == before["view"]
    assert "restored at play 5" in second_log.read_text()
