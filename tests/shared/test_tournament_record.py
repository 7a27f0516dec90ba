"""A tournament's record file (PROTOCOL.md §16): written, read back the same, refused when
damaged, forged or newer, and its deals checked table by table."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from shared.deals import new_server_seed
from shared.fairness import DealStatus
from shared.record import RecordError
from shared.tournament.record import RoundDeals
from shared.tournament.record_file import (
    decode_tournament,
    encode_tournament,
    read_tournament,
    verify_tournament,
)
from shared.tournament.record_reading import TournamentVersionError
from tests.shared.tournament_play import small_tournament


@pytest.mark.parametrize("players", [2, 4])
def test_a_tournament_reads_back_as_written_and_its_deals_verify(
    players: int, tmp_path: Path
) -> None:
    record = small_tournament(seed=players, entrants=4, players=players)
    data = encode_tournament(record)
    assert data.startswith(b'{"basra_tournament":1,')
    path = tmp_path / "cup.basrat"
    path.write_bytes(data)
    again = read_tournament(path)
    assert again == record
    assert again.standings == again.computed_standings() and len(again.standings) == 4
    check = verify_tournament(again)
    assert check.ok, check.message
    assert len(check.tables) == 4
    assert all(c.rounds == 2 for _, c in check.tables)


def test_a_players_own_seeds_must_be_among_those_pooled() -> None:
    record = small_tournament(seed=5)
    seeded = [deals for deals in record.deals if deals.client_seeds]
    assert seeded, "the helper gives some rounds seeds"
    mine = {deals.round: deals.client_seeds[0] for deals in seeded}
    assert verify_tournament(record, mine).ok
    stranger = {seeded[0].round: bytes(32)}
    check = verify_tournament(record, stranger)
    assert not check.ok
    assert {c.status for _, c in check.tables} >= {DealStatus.SEED_MISSING}


def end_again(data: bytes, change: Callable[[dict[str, Any]], None]) -> bytes:
    """``data`` with its end line changed by ``change`` and its checksum made right again, as
    a forger would."""
    body, end = data.rstrip(b"\n").rsplit(b"\n", 1)
    fields = json.loads(end)
    change(fields)
    fields["sha256"] = hashlib.sha256(body + b"\n").hexdigest()
    return body + b"\n" + json.dumps(fields, separators=(",", ":")).encode() + b"\n"


def test_a_forged_or_damaged_file_is_refused_with_a_reason() -> None:
    data = encode_tournament(small_tournament(seed=7))

    def swap_first_two(fields: dict[str, Any]) -> None:
        first, second = fields["standings"][:2]
        first["entrant"], second["entrant"] = second["entrant"], first["entrant"]

    with pytest.raises(RecordError, match="standings that its tables do not make"):
        decode_tournament(end_again(data, swap_first_two))
    with pytest.raises(RecordError, match="changed after it ended"):
        decode_tournament(data.replace(b'"name":"Cup"', b'"name":"Cop"'))
    with pytest.raises(RecordError, match="cut short"):
        decode_tournament(data[:-1])
    with pytest.raises(TournamentVersionError, match="newer version"):
        decode_tournament(data.replace(b'{"basra_tournament":1,', b'{"basra_tournament":2,', 1))
    with pytest.raises(RecordError, match="not a tournament file"):
        decode_tournament(b'{"basra_record":1}\n')


def test_a_table_dealt_from_other_seeds_than_its_rounds_is_refused() -> None:
    record = small_tournament(seed=9)
    other = RoundDeals(0, hashlib.sha256(seed := new_server_seed()).digest(), (), seed)
    unfinished = replace(record, deals=(other, *record.deals[1:]), standings=(), ended=None)
    with pytest.raises(RecordError, match="line 3 deals from other seeds than its round's"):
        decode_tournament(encode_tournament(unfinished))
    # A check of the values themselves (a reader that took them on trust) finds it too.
    check = verify_tournament(unfinished)
    assert not check.ok and "Round 1, table 1" in check.message


def test_an_unfinished_tournament_reads_as_far_as_it_has_gone() -> None:
    record = small_tournament(seed=11)
    partial = replace(record, tables=record.tables[:3], standings=(), ended=None)
    again = decode_tournament(encode_tournament(partial))
    assert again.ended is None and len(again.tables) == 3
    assert again.computed_standings()[0].boards > 0
