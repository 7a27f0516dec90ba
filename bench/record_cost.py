"""What keeping a match record costs: per play, per flush, on disk, and to read back.

    python bench/record_cost.py [--matches N] [--dir DIR]

Prints figures; fails nothing. Random matches with fair deals (a client seed per seat) are
recorded by `shared.record_file.RecordWriter` into real files in a temporary directory (or
``--dir``, to measure another disk), the way a server appends as play goes:

- appending one play line (into the write buffer);
- a flush at a round's end (48 lines handed to the operating system), without and with fsync;
- a flush after every play, without and with fsync (what it costs to lose nothing on a kill);
- the file size of a whole 2-player and 4-player match (no chat);
- reading a record back and replaying it (what restoring a room costs).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shared.deals import FairDeals
from shared.engine import apply_play, legal_plays, new_match
from shared.record import MatchRecord, RecordedPlay, SeatEntry, outcome_of, replay
from shared.record_file import RecordWriter, encode_record, read_record
from shared.rules import RuleSet


def random_match(players: int, rng: random.Random) -> MatchRecord:
    """A whole match of random legal plays, fair deals with a client seed per seat."""
    deals = FairDeals(rng.randbytes(32), tuple(rng.randbytes(32) for _ in range(players)))
    state = new_match(RuleSet(players=players), deals=deals)
    seats = [SeatEntry(f"Player {seat + 1}") for seat in range(players)]
    record = MatchRecord.begin(state, seats, started=1_795_976_680_000, room="Bench")
    plays = []
    while options := legal_plays(state):
        assert state.to_move is not None
        play = options[rng.randrange(len(options))]
        plays.append(RecordedPlay(state.to_move, play))
        state = apply_play(state, play).state
    return replace(record, plays=tuple(plays), outcome=outcome_of(state, 1_795_976_990_000))


def per_call(action: Callable[[], None], calls: int) -> float:
    """Microseconds per call of ``action``, the median of five runs of ``calls`` calls."""
    runs = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(calls):
            action()
        runs.append((time.perf_counter() - start) / calls * 1e6)
    return statistics.median(runs)


class Appender:
    """A writer on a fresh file, fed the plays of the benchmark's matches in turn."""

    def __init__(self, path: Path, records: list[MatchRecord]) -> None:
        self.writer = RecordWriter.create(path, replace(records[0], plays=(), outcome=None))
        self.plays = [entry for record in records for entry in record.plays]
        self.next = 0

    def add(self) -> None:
        seat, play = self.plays[self.next % len(self.plays)]
        self.writer.add_play(seat, play)
        self.next += 1

    def flush_round(self, sync: bool) -> float:
        """Add a round's 48 plays, then flush; the seconds the flush took."""
        for _ in range(48):
            self.add()
        start = time.perf_counter()
        self.writer.flush(sync)
        return time.perf_counter() - start

    def add_flushed(self, sync: bool) -> None:
        self.add()
        self.writer.flush(sync)


def appending(records: list[MatchRecord], folder: Path) -> None:
    """Writer costs, each measured on a fresh file."""
    paths = (folder / f"w{number}.basra" for number in range(10**9))
    appender = Appender(next(paths), records)
    lines = per_call(appender.add, len(appender.plays))
    appender.writer.close()
    print(f"appending a play line (buffered)     {lines:8.2f} us/play")
    for sync in (False, True):
        appender = Appender(next(paths), records)
        flushes = [appender.flush_round(sync) for _ in range(100 if sync else 1000)]
        appender.writer.close()
        label = "with fsync   " if sync else "without fsync"
        cost = statistics.median(flushes) * 1e6
        print(f"flush at a round's end, {label} {cost:8.1f} us/round (48 lines, median)")
    for sync in (False, True):
        appender = Appender(next(paths), records)
        cost = per_call(partial(appender.add_flushed, sync), 200 if sync else 5000)
        appender.writer.close()
        label = "with fsync   " if sync else "without fsync"
        print(f"flush after every play, {label} {cost:8.1f} us/play (line included)")


def file_sizes(records: dict[int, list[MatchRecord]]) -> None:
    for players, kept in records.items():
        sizes = sorted(len(encode_record(record)) for record in kept)
        plays = statistics.mean(len(record.plays) for record in kept)
        print(
            f"{players}-player match file: median {statistics.median(sizes):,.0f} bytes"
            f" (min {sizes[0]:,}, max {sizes[-1]:,}; {plays:.0f} plays on average)"
        )


def restoring(records: list[MatchRecord], folder: Path) -> None:
    paths = []
    for number, record in enumerate(records):
        path = folder / f"r{number}.basra"
        path.write_bytes(encode_record(record))
        paths.append(path)
    start = time.perf_counter()
    for path in paths:
        read_record(path)
    read = (time.perf_counter() - start) / len(paths) * 1e3
    start = time.perf_counter()
    for path in paths:
        replay(read_record(path))
    both = (time.perf_counter() - start) / len(paths) * 1e3
    print(f"reading a whole match file           {read:8.2f} ms/match")
    print(f"reading and replaying it             {both:8.2f} ms/match")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=40, help="random matches per size")
    parser.add_argument("--dir", type=Path, default=None, help="where to write (a temp dir)")
    args = parser.parse_args(argv)
    rng = random.Random(12)
    records = {n: [random_match(n, rng) for _ in range(args.matches)] for n in (2, 4)}
    with tempfile.TemporaryDirectory(dir=args.dir) as name:
        folder = Path(name)
        print(f"match records, {args.matches} random matches per size, files in {folder}")
        appending(records[2], folder)
        file_sizes(records)
        restoring(records[2] + records[4], folder)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
