"""``python -m client.verify FILE``: what it prints and the status it exits with, for good files,
changed deals and files that cannot be read."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from client.verify import ExitStatus, main
from shared.deals import FairDeals, SeededDeals, commitment_of, new_client_seed
from shared.engine import legal_plays
from shared.record import MatchRecord, RecordedPlay
from shared.record_file import encode_record, write_record
from shared.rules import RuleSet
from tests.shared.test_record import Played, SwappedRound

ROOT = Path(__file__).resolve().parents[2]


def _played(deals: FairDeals | SeededDeals, players: int = 4, seed: int = 21) -> Played:
    return Played(RuleSet(players=players), deals, random.Random(seed))


@pytest.fixture(scope="module")
def honest() -> Played:
    rng = random.Random(5)
    return _played(FairDeals(rng.randbytes(32), (new_client_seed(), new_client_seed())))


def _file(tmp_path: Path, record: MatchRecord, name: str = "match.basra") -> Path:
    path = tmp_path / name
    write_record(path, record)
    return path


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_the_exit_statuses_are_the_documented_ones() -> None:
    assert [int(s) for s in ExitStatus] == [0, 1, 2, 3]
    assert [s.name for s in ExitStatus] == ["VERIFIED", "MISMATCH", "UNREADABLE", "UNPROVEN"]


def test_a_good_file_is_verified_and_says_what_was_checked(
    tmp_path: Path, honest: Played, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _file(tmp_path, honest.record)
    status, out, err = _run(capsys, str(path))
    assert status == 0 and not err
    assert "a 4-player LAN match in the room 'Test'" in out
    assert "0 Ali, 1 Badr (computer, easy), 2 Chadia, 3 Dina (computer, easy)" in out
    sealed = honest.record.chance
    assert not isinstance(sealed, SeededDeals) and f"commitment {sealed.commitment.hex()}" in out
    assert "2 player seeds, server seed revealed" in out
    assert "the server seed's SHA-256 is the commitment" in out
    assert "the first dealer is the one the seeds draw" in out
    assert "every play made again" in out
    assert "VERIFIED: Deals verified:" in out


def test_the_commitment_shown_before_the_deal_can_be_given(
    tmp_path: Path, honest: Played, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _file(tmp_path, honest.record)
    shown = honest.record.chance
    assert not isinstance(shown, SeededDeals)
    status, _, _ = _run(capsys, "--commitment", shown.commitment.hex(), str(path))
    assert status == ExitStatus.VERIFIED
    status, out, _ = _run(capsys, "--commitment", commitment_of(bytes(32)).hex(), str(path))
    assert status == ExitStatus.MISMATCH
    assert "NOT VERIFIED: The commitment in this record is not the one announced" in out
    status, out, _ = _run(capsys, "--client-seed", new_client_seed().hex(), str(path))
    assert status == ExitStatus.MISMATCH and "Your seed is not among the seeds" in out


def test_a_changed_deck_is_caught_and_its_round_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = random.Random(21)
    played = Played(RuleSet(players=4), SwappedRound(rng.randbytes(32), ()), rng)
    status, out, _ = _run(capsys, str(_file(tmp_path, played.record)))
    assert status == 1
    assert "NOT VERIFIED: Round 2 does not match the revealed seeds" in out


def test_a_changed_play_is_caught(
    tmp_path: Path, honest: Played, capsys: pytest.CaptureFixture[str]
) -> None:
    plays = list(honest.record.plays)
    for index in range(len(plays)):
        before = honest.transitions[index - 1].state
        others = [p for p in legal_plays(before) if p.card is not plays[index].play.card]
        if before.round.number == 1 and others:
            break
    plays[index] = RecordedPlay(plays[index].seat, others[0])
    changed = replace(honest.record, plays=tuple(plays))
    status, out, _ = _run(capsys, str(_file(tmp_path, changed)))
    assert status == ExitStatus.MISMATCH
    assert "NOT VERIFIED: Round 2 does not match the revealed seeds" in out


def test_a_seed_that_does_not_match_the_commitment_is_caught(
    tmp_path: Path, honest: Played, capsys: pytest.CaptureFixture[str]
) -> None:
    lying = replace(honest.record, server_seed=bytes(32))
    status, out, _ = _run(capsys, str(_file(tmp_path, lying)))
    assert status == ExitStatus.MISMATCH
    assert "does not match the commitment announced before the deal" in out


def test_a_seeded_match_proves_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    played = _played(SeededDeals(7), players=2)
    status, out, _ = _run(capsys, str(_file(tmp_path, played.record)))
    assert status == 3
    assert "seeded from the fixed number 7" in out and "nothing proven" in out
    unrevealed = _file(tmp_path, _played(FairDeals.draw(), 2).record.sealed(), "sealed.basra")
    status, out, _ = _run(capsys, str(unrevealed))
    assert status == ExitStatus.UNPROVEN and "server seed not revealed" in out


def _edited(honest: Played, edit: str) -> bytes:
    data = encode_record(honest.record)
    if edit == "flipped":
        middle = len(data) // 2
        return data[:middle] + bytes([data[middle] ^ 0x01]) + data[middle + 1 :]
    if edit == "truncated":
        # Inside a line: a cut that falls between two lines leaves an unfinished match file.
        return data[: data.index(b"\n", len(data) // 2) - 5]
    if edit == "newer":
        header, rest = data.split(b"\n", 1)
        fields = json.loads(header)
        fields["basra_record"] = 2
        return json.dumps(fields, separators=(",", ":")).encode() + b"\n" + rest
    return b"PK\x03\x04 not a record"


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        ("flipped", "This match file "),
        ("truncated", "cut short"),
        ("newer", "newer version of Basra"),
        ("zip", "not a match file"),
    ],
)
def test_files_that_cannot_be_read_are_refused_clearly(
    tmp_path: Path,
    honest: Played,
    capsys: pytest.CaptureFixture[str],
    edit: str,
    words: str,
) -> None:
    path = tmp_path / f"{edit}.basra"
    path.write_bytes(_edited(honest, edit))
    status, out, err = _run(capsys, str(path))
    assert status == 2
    assert not out and err.startswith(f"{path}: cannot be read: ") and words in err


def test_a_missing_file_and_a_bad_commitment_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = _run(capsys, str(tmp_path / "nowhere.basra"))
    assert status == ExitStatus.UNREADABLE and "No such file" in err
    with pytest.raises(SystemExit) as usage:
        main(["--commitment", "abc", str(tmp_path / "x.basra")])
    assert usage.value.code == 2
    assert "hexadecimal" in capsys.readouterr().err


def test_several_files_give_the_worst_status(
    tmp_path: Path, honest: Played, capsys: pytest.CaptureFixture[str]
) -> None:
    good = _file(tmp_path, honest.record)
    seeded = _file(tmp_path, _played(SeededDeals(3), 2).record, "seeded.basra")
    lying = _file(tmp_path, replace(honest.record, server_seed=bytes(32)), "lying.basra")
    assert _run(capsys, str(good), str(seeded))[0] == ExitStatus.UNPROVEN
    assert _run(capsys, str(lying), str(tmp_path / "none.basra"), str(good))[0] == 1


def test_the_command_runs_as_a_module_without_pygame(tmp_path: Path, honest: Played) -> None:
    path = _file(tmp_path, honest.record)
    code = (
        "import sys, runpy; sys.argv = ['verify', sys.argv[1]]\n"
        "try:\n    runpy.run_module('client.verify', run_name='__main__')\n"
        "except SystemExit as done:\n"
        "    assert 'pygame' not in sys.modules, 'the command needs no pygame'\n"
        "    raise\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "VERIFIED" in done.stdout
    helped = subprocess.run(
        [sys.executable, "-m", "client.verify", "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert helped.returncode == 0 and "Exit status: 0 verified" in helped.stdout
