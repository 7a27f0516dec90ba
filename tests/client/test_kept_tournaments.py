"""The tournaments kept in the records folder, without a server: a finished tournament's record
arriving in parts is asked for once, checked (the player's own seeds too) and kept, marked when
it does not verify; the folder lists and prunes tournament files apart from match files; the
Replays line says what a file holds, and a damaged file is listed as such, not a crash."""

from __future__ import annotations

from pathlib import Path

from client.net.tournament_keeper import KeptVerdict, TournamentKeeper
from client.records import UNVERIFIED, MatchKind, RecordFolder
from client.scenes.tournament_file import KeptBoards, describe_tournament, standing_lines
from shared.record_file import write_record
from shared.tournament.record_file import encode_tournament
from shared.wire.board_plays import tournament_record_part
from shared.wire.tournament_requests import GetTournamentRecord
from tests.shared.tournament_play import small_tournament


def test_a_finished_tournament_is_kept_listed_and_described(tmp_path: Path) -> None:
    folder = RecordFolder(tmp_path / "records", kept=2)
    record = small_tournament(seed=3)
    data = encode_tournament(record)
    path = folder.save_tournament(data, record.started, verified=True)
    assert path.read_bytes() == data and path.name.startswith(MatchKind.TOURNAMENT)
    assert folder.tournament_files() == [path] and folder.files() == []
    kept = describe_tournament(path)
    assert kept.record == record and kept.verified and kept.error is None
    assert "Cup" in kept.line and "4 entrants" in kept.line
    assert "Deals verified" in kept.line
    winners = [line.name for line in standing_lines(record) if line.place == 1]
    assert winners and all(name in kept.line for name in winners)


def test_an_unverified_or_damaged_file_is_listed_as_such(tmp_path: Path) -> None:
    folder = RecordFolder(tmp_path / "records")
    record = small_tournament(seed=4)
    data = encode_tournament(record)
    marked = folder.save_tournament(data, record.started, verified=False)
    assert marked.stem.endswith(UNVERIFIED)
    shown = describe_tournament(marked)
    assert shown.record == record and not shown.verified and "Deals do NOT match" in shown.line
    torn = folder.save_tournament(data[:-40], record.started, verified=False)
    damaged = describe_tournament(torn)
    assert damaged.record is None and damaged.error and "cannot be read" in damaged.line
    assert set(folder.kept_files()) == {marked, torn}


def test_tournaments_are_pruned_apart_from_matches(tmp_path: Path) -> None:
    folder = RecordFolder(tmp_path / "records", kept=2)
    match = small_tournament(seed=5).tables[0].record
    match_path = folder.new_file(MatchKind.LAN, match.started)
    write_record(match_path, match)
    saved = [
        folder.save_tournament(encode_tournament(small_tournament(seed=s)), 0, True)
        for s in range(3)
    ]
    assert len(folder.tournament_files()) == 2 and saved[-1] in folder.tournament_files()
    assert folder.files() == [match_path]


def test_the_keeper_asks_once_checks_own_seeds_and_keeps(tmp_path: Path) -> None:
    record = small_tournament(seed=6)
    data = encode_tournament(record)
    keeper = TournamentKeeper()
    keeper.records = RecordFolder(tmp_path / "records")
    assert keeper.over(9) == GetTournamentRecord(9, 0)
    assert keeper.over(9) is None  # asked once
    assert keeper.part(tournament_record_part(8, data, 0), {}) is None  # not asked for
    seeded = next(deals for deals in record.deals if deals.client_seeds)
    mine = {seeded.round: seeded.client_seeds[0]}
    verdict = keeper.part(tournament_record_part(9, data, 0), mine)
    assert isinstance(verdict, KeptVerdict) and verdict.verified, verdict
    assert verdict.path is not None and verdict.path.read_bytes() == data

    stranger = TournamentKeeper()
    stranger.records = RecordFolder(tmp_path / "records")
    stranger.over(9)
    forged = stranger.part(tournament_record_part(9, data, 0), {seeded.round: bytes(32)})
    assert isinstance(forged, KeptVerdict) and not forged.verified
    assert forged.path is not None and forged.path.stem.endswith(UNVERIFIED)


def test_a_kept_tournaments_boards_come_from_its_record() -> None:
    record = small_tournament(seed=7, entrants=4, rounds=2, boards=2)
    boards = KeptBoards(record, you=1)
    assert (boards.rounds, boards.boards) == (2, 2)
    tables = boards.tables(1, 1)
    assert len(tables) == 2 and all(t.plays and t.points for t in tables)
    first, second = tables
    assert first.plays is not None and second.plays is not None
    assert [p.seat for p in first.plays] == [p.seat for p in second.plays]
    assert first.dealer == second.dealer
    assert sum(boards.yours(t) for t in tables) == 1
