"""Without a sound device the game says so once, in one line: the audio libraries' own
complaints (ALSA prints a dozen lines per attempt to the process's stderr) stay out of the
console and go to the debug log."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from client.art.native_output import native_stderr_caught

ROOT = Path(__file__).resolve().parents[2]


def test_what_native_code_writes_to_stderr_is_caught_then_stderr_is_back(
    capfd: pytest.CaptureFixture[str],
) -> None:
    with native_stderr_caught() as lines:
        os.write(2, b"ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n\n")
        os.write(2, b"second line\n")
    os.write(2, b"after the block\n")
    assert lines == [
        "ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default",
        "second line",
    ]
    assert capfd.readouterr().err == "after the block\n"


def test_python_text_written_before_the_block_is_not_caught(
    capfd: pytest.CaptureFixture[str],
) -> None:
    sys.stderr.write("said before")
    with native_stderr_caught() as lines:
        pass
    assert lines == []
    assert capfd.readouterr().err == "said before"


def test_a_game_without_a_sound_device_says_so_in_one_line(tmp_path: Path) -> None:
    """ALSA asked for a device that is nowhere (on a system without ALSA, SDL refuses the
    driver itself): the practice table still opens, and the console holds one line."""
    environment = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "alsa",
        "AUDIODEV": "basra-no-such-device",
    }
    settings = tmp_path / "settings.json"
    flags = ("--practice", "--quit-after", "1", "--settings", str(settings))
    done = subprocess.run(
        [sys.executable, "-m", "client", *flags],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, lines
    assert "WARNING client.art.sound: sound is off: no sound device could be opened" in lines[0]
    assert done.stdout == ""
