"""A hand review running off the frame loop: `ReviewJob`, and the process it runs in.

A review is seconds of pure-Python search (`shared.review`). In a thread it would hold the
interpreter's lock against the frame loop, so it runs in a process of its own, which also puts
it on the machine's other core: ``python -m client.sessions.review_job`` (this module, which
imports nothing but `shared` and `client.child_process`, which starts it, in the desktop app
too). The job writes it the seat, the settings and the record's file on its standard input;
the process answers on its standard output, one line per play reviewed (``progress DONE
TOTAL``), then ``review`` and the review in its file format, or ``error`` and why. A thread
of the job reads those lines into a queue, so `poll`, called once per frame, never blocks;
`cancel` ends the process.
"""

from __future__ import annotations

import json
import logging
import queue
import subprocess
import sys
import threading
from dataclasses import asdict
from typing import IO, NamedTuple

from client.child_process import child_environment, module_command
from shared.record import MatchRecord, RecordError
from shared.record_file import decode_record, encode_record
from shared.review.hand_review import Review, ReviewSettings, review_steps
from shared.review.review_file import ReviewFileError, decode_review, encode_review
from shared.state import Seat

logger = logging.getLogger(__name__)

WAIT_SECONDS = 5.0
"""How long closing waits for an ended process to go."""


class Progress(NamedTuple):
    """Plays reviewed out of all the seat's plays."""

    done: int
    total: int


class ReviewJob:
    """One review in a process of its own."""

    def __init__(self, record: MatchRecord, seat: Seat, settings: ReviewSettings) -> None:
        self.progress = Progress(0, 0)
        self.review: Review | None = None
        self.error: str | None = None
        """Why the review failed, in words for the player."""
        self.cancelled = False
        self._lines: queue.Queue[bytes] = queue.Queue()
        self._process = subprocess.Popen(
            module_command(__name__),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=child_environment(),
        )
        assert self._process.stdin is not None and self._process.stdout is not None
        order = json.dumps({"seat": seat, "settings": asdict(settings)}).encode() + b"\n"
        self._writer = threading.Thread(
            target=_write_all,
            args=(self._process.stdin, order + encode_record(record)),
            name="review-writer",
            daemon=True,
        )
        self._reader = threading.Thread(
            target=_read_lines,
            args=(self._process.stdout, self._lines),
            name="review-reader",
            daemon=True,
        )
        self._writer.start()
        self._reader.start()
        logger.info("review of seat %d started in process %d", seat, self._process.pid)

    @property
    def running(self) -> bool:
        return self.review is None and self.error is None and not self.cancelled

    def poll(self) -> None:
        """Take in whatever the process said since the last call."""
        while self.running:
            try:
                line = self._lines.get_nowait()
            except queue.Empty:
                return
            self._receive(line)

    def cancel(self) -> None:
        """Stop the review; nothing more arrives."""
        if self.running:
            self.cancelled = True
        self.close()

    def close(self) -> None:
        """Let go of the process, ending it if it still runs."""
        if self._process.poll() is None:
            self._process.terminate()
        try:
            self._process.wait(WAIT_SECONDS)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        self._reader.join()
        self._writer.join()

    def _receive(self, line: bytes) -> None:
        kind, _, rest = line.rstrip(b"\n").partition(b" ")
        if kind == b"progress":
            done, total = rest.split()
            self.progress = Progress(int(done), int(total))
        elif kind == b"review":
            try:
                self.review = decode_review(rest)
            except ReviewFileError as error:
                self.error = str(error)
        elif kind == b"error":
            self.error = rest.decode(errors="replace")
        else:
            self.error = "The review stopped unexpectedly."
        if not self.running:
            logger.info("review finished: %s", self.error or "done")


def _write_all(stream: IO[bytes], data: bytes) -> None:
    try:
        with stream:
            stream.write(data)
    except OSError:
        pass  # the process ended before reading it all: it was cancelled


def _read_lines(stream: IO[bytes], lines: queue.Queue[bytes]) -> None:
    """Every line the process writes; an empty line once it has ended."""
    with stream:
        for line in stream:
            lines.put(line)
    lines.put(b"")


# --- the review process ------------------------------------------------------------------


def run_review(stdin: IO[bytes], stdout: IO[bytes]) -> None:
    """Read the order and the record, review, and say how it goes, line by line."""
    order = json.loads(stdin.readline())
    settings = ReviewSettings(**order["settings"])
    try:
        for step in review_steps(decode_record(stdin.read()), order["seat"], settings):
            stdout.write(b"progress %d %d\n" % (step.done, step.total))
            if step.review is not None:
                stdout.write(b"review " + encode_review(step.review))
            stdout.flush()
    except RecordError as error:
        stdout.write(b"error " + str(error).encode() + b"\n")
        stdout.flush()


if __name__ == "__main__":
    run_review(sys.stdin.buffer, sys.stdout.buffer)
