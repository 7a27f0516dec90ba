"""``python -m client.verify FILE``: check a kept match file's deals from the terminal.

Owns `main` (the command) and `describe` (what a record holds, as the lines it prints). It reads
a ``.basra`` file (PROTOCOL.md §11), says what the match was and what it checked, and gives the
verdict of `shared.fairness.verify`: for fair deals, that the revealed server seed hashes to
the commitment, that the first dealer is the one the seeds draw, and that every round's deck,
dealt again from the seeds, lets every recorded play be made (so every card of the match is
where the seeds put it). A file that is damaged, cut short or from a newer version of Basra is
refused with the reader's own words. Exit status: 0 verified; 1 the deals do not match;
2 a file cannot be read (or the command is misused); 3 nothing to prove (a seeded match, a
seed not revealed yet, no round). Several files give the worst status.

Pure: it imports no pygame, so it runs wherever the game's Python does.
"""

from __future__ import annotations

import argparse
import enum
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from shared.deals import SealedDeals, SeedError, parse_client_seed, parse_commitment
from shared.fairness import DealCheck, DealStatus, verify
from shared.record import EndReason, MatchRecord, RecordError, SeatEntry
from shared.record_file import read_record
from shared.state import team_of


class ExitStatus(enum.IntEnum):
    """What the command's exit status says."""

    VERIFIED = 0
    MISMATCH = 1
    UNREADABLE = 2
    UNPROVEN = 3


FAILURES = frozenset({DealStatus.MISMATCH, DealStatus.BAD_COMMITMENT, DealStatus.SEED_MISSING})
"""Verdicts that say the deals are not what the seeds give."""
SEVERITY = (
    ExitStatus.VERIFIED,
    ExitStatus.UNPROVEN,
    ExitStatus.UNREADABLE,
    ExitStatus.MISMATCH,
)
"""Least to most worrying: the status of several files is the most worrying one's."""


def describe(record: MatchRecord) -> list[str]:
    """What ``record`` holds, a line for each part: the match, its seats, how it ended and its
    deals."""
    players = record.rules.players
    where = "" if record.room is None else f" in the room {record.room!r}"
    kind = "practice match" if record.room is None else "LAN match"
    lines = [
        f"match:   a {players}-player {kind}{where}, {len(record.plays)} plays, "
        f"started {_when(record.started)}",
        "seats:   " + ", ".join(_seat_text(n, e) for n, e in enumerate(record.seats)),
        f"outcome: {_outcome_text(record)}",
    ]
    chance = record.chance
    if isinstance(chance, SealedDeals):
        seeds = len(chance.client_seeds)
        revealed = "revealed" if record.server_seed is not None else "not revealed"
        lines.append(
            f"deals:   fair; commitment {chance.commitment.hex()}, {seeds} player "
            f"seed{'s' if seeds != 1 else ''}, server seed {revealed}"
        )
    else:
        lines.append(f"deals:   seeded from the fixed number {chance.seed} (not provably fair)")
    return lines


def checked_text(record: MatchRecord) -> str:
    """What `verify` checks on ``record``."""
    replayed = "each round's deck dealt again and every play made again on it"
    if isinstance(record.chance, SealedDeals):
        return (
            "checked: the server seed's SHA-256 is the commitment; the first dealer is the one "
            f"the seeds draw; {replayed}"
        )
    return f"checked: {replayed}"


def check_file(
    path: Path, commitment: bytes | None, client_seed: bytes | None
) -> tuple[ExitStatus, list[str]]:
    """The verdict on the file at ``path`` and the lines that say it."""
    try:
        record = read_record(path)
    except (OSError, RecordError) as error:
        return ExitStatus.UNREADABLE, [f"{path}: cannot be read: {_reason(error)}"]
    check = verify(record, commitment=commitment, client_seed=client_seed)
    status = _status_of(check)
    lines = [f"{path}:", *describe(record), checked_text(record), _verdict_text(check, status)]
    return status, lines


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; its exit status."""
    args = _parser().parse_args(argv)
    worst = ExitStatus.VERIFIED
    for number, path in enumerate(args.files):
        status, lines = check_file(path, args.commitment, args.client_seed)
        if number:
            print()
        stream = sys.stderr if status is ExitStatus.UNREADABLE else sys.stdout
        print("\n".join(lines), file=stream)
        worst = max(worst, status, key=SEVERITY.index)
    return int(worst)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m client.verify",
        description="Check that a kept Basra match file was dealt as its seeds say.",
        epilog="Exit status: 0 verified, 1 the deals do not match, 2 a file cannot be read, "
        "3 nothing to prove (a seeded match, or a server seed not revealed).",
    )
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE", help="a .basra file")
    parser.add_argument(
        "--commitment",
        type=_hex(parse_commitment),
        metavar="HEX",
        help="the commitment you were shown before the first deal (64 hex digits)",
    )
    parser.add_argument(
        "--client-seed",
        type=_hex(parse_client_seed),
        metavar="HEX",
        help="your own client seed, which the deals must have mixed in",
    )
    return parser


def _hex(parse: Callable[[str], bytes]) -> Callable[[str], bytes]:
    """An argparse type from a `shared.deals` parser: its `SeedError` becomes a usage error."""

    def convert(text: str) -> bytes:
        try:
            return parse(text.strip().lower())
        except SeedError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    return convert


def _status_of(check: DealCheck) -> ExitStatus:
    if check.ok:
        return ExitStatus.VERIFIED
    return ExitStatus.MISMATCH if check.status in FAILURES else ExitStatus.UNPROVEN


def _verdict_text(check: DealCheck, status: ExitStatus) -> str:
    if status is ExitStatus.VERIFIED:
        return f"VERIFIED: {check.message}"
    if status is ExitStatus.MISMATCH:
        return f"NOT VERIFIED: {check.message}"
    return f"nothing proven: {check.message}"


def _reason(error: Exception) -> str:
    if isinstance(error, OSError):
        return error.strerror or str(error)
    return str(error)


def _seat_text(seat: int, entry: SeatEntry) -> str:
    level = entry.bot_level
    return f"{seat} {entry.name}" + (f" (computer, {level})" if level is not None else "")


def _outcome_text(record: MatchRecord) -> str:
    outcome = record.outcome
    if outcome is None:
        return "not finished (the match was left or is still going on)"
    scores = "-".join(str(s) for s in outcome.scores)
    if outcome.reason is EndReason.ABANDONED:
        return f"abandoned at {scores}, {_when(outcome.ts)}"
    team = [e.name for n, e in enumerate(record.seats) if team_of(n) == outcome.winner]
    return f"team {outcome.winner} ({' and '.join(team)}) won {scores}, {_when(outcome.ts)}"


def _when(ms: int) -> str:
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(ms / 1000))


if __name__ == "__main__":
    raise SystemExit(main())
