"""What native libraries write straight to the process's stderr while the sound device opens.

With no sound card, SDL's ALSA driver (and the ALSA library inside pygame-ce's wheel, which no
Python code can reach) prints a dozen ``ALSA lib ...`` lines per attempt to file descriptor 2,
below Python's `sys.stderr`. `native_stderr_caught` points that descriptor at a temporary file
for the duration of a block and gives the lines back afterwards, so the caller can say what
happened once, in the game's own words, and keep the library's lines for the debug log. Where
descriptor 2 cannot be redirected (a windowed app without one), the block runs as it is.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Iterator

STDERR = 2


@contextlib.contextmanager
def native_stderr_caught() -> Iterator[list[str]]:
    """Run the block with descriptor 2 caught; the list it yields holds the lines written there,
    once the block is over."""
    caught: list[str] = []
    try:
        saved = os.dup(STDERR)
    except OSError:
        yield caught
        return
    with tempfile.TemporaryFile() as sink:
        _flush_python_stderr()
        os.dup2(sink.fileno(), STDERR)
        try:
            yield caught
        finally:
            _flush_python_stderr()
            os.dup2(saved, STDERR)
            os.close(saved)
            sink.seek(0)
            text = sink.read().decode("utf-8", "replace")
            caught.extend(line for line in text.splitlines() if line.strip())


def _flush_python_stderr() -> None:
    """What Python itself had buffered goes where it was meant to, not into the catch."""
    if sys.stderr is not None:
        with contextlib.suppress(OSError, ValueError):
            sys.stderr.flush()
