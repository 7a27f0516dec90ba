"""Synthesised sounds and the SoundPlayer, including its silent no-op mode."""

from __future__ import annotations

import itertools
from array import array
from collections.abc import Iterator

import pygame
import pytest

from client.art.sound import SOUND_NAMES, SoundPlayer, encode_samples, synthesize


@pytest.fixture
def mixer() -> Iterator[None]:
    """A fresh mixer on the dummy audio driver, shut down afterwards."""
    pygame.mixer.quit()
    pygame.mixer.init(44100, -16, 2)
    yield
    pygame.mixer.quit()


def _zero_crossings(samples: array[float]) -> int:
    return sum(1 for a, b in itertools.pairwise(samples) if (a < 0) != (b < 0))


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_every_sound_synthesises_audible_and_in_range(name: str) -> None:
    samples = synthesize(name, 22050)
    assert 0.03 < len(samples) / 22050 < 1.5
    peak = max(abs(s) for s in samples)
    assert 0.3 <= peak <= 1.0
    assert abs(samples[-1]) < 0.01, "ends faded out, so it does not click"


def test_synthesis_is_deterministic() -> None:
    assert synthesize("deal", 8000) == synthesize("deal", 8000)


def test_basra_fanfare_rises_in_pitch() -> None:
    rate = 22050
    samples = synthesize("basra", rate)
    first_note = samples[: round(0.1 * rate)]
    last_note = samples[round(0.45 * rate) : round(0.55 * rate)]
    assert _zero_crossings(last_note) > 1.5 * _zero_crossings(first_note)


def test_unknown_sound_name_raises() -> None:
    with pytest.raises(ValueError, match="kazoo"):
        synthesize("kazoo")
    with pytest.raises(ValueError):
        SoundPlayer(enabled=False).play("kazoo")


@pytest.mark.parametrize(
    ("size", "channels", "bytes_per_frame"), [(-16, 2, 4), (-16, 1, 2), (8, 1, 1), (32, 2, 8)]
)
def test_encode_samples_matches_mixer_format(
    size: int, channels: int, bytes_per_frame: int
) -> None:
    samples = array("f", [0.0, 0.5, -1.0])
    assert len(encode_samples(samples, size, channels)) == 3 * bytes_per_frame
    with pytest.raises(ValueError):
        encode_samples(samples, 24, 1)


def test_signed_16_bit_encoding_values() -> None:
    encoded = array("h")
    encoded.frombytes(encode_samples(array("f", [1.0, -1.0, 0.0]), -16, 2))
    assert list(encoded) == [32767, 32767, -32767, -32767, 0, 0]


def test_player_builds_every_sound_on_dummy_mixer(mixer: None) -> None:
    player = SoundPlayer(volume=0.5)
    assert player.available
    for name in SOUND_NAMES:
        player.play(name)
        assert player._sounds[name].get_length() > 0.03
    assert pygame.mixer.get_busy()
    player.stop_all()
    assert not pygame.mixer.get_busy()


def test_volume_is_clamped_and_applied(mixer: None) -> None:
    player = SoundPlayer(volume=0.25)
    assert player._sounds["chat"].get_volume() == pytest.approx(0.25, abs=0.01)
    player.volume = 1.7
    assert player.volume == 1.0
    player.volume = -3
    assert player.volume == 0.0
    assert player._sounds["chat"].get_volume() == pytest.approx(0.0, abs=0.01)


def test_muted_player_does_not_play(mixer: None) -> None:
    player = SoundPlayer()
    player.muted = True
    player.play("basra")
    assert not pygame.mixer.get_busy()
    player.muted = False
    player.play("basra")
    assert pygame.mixer.get_busy()  # the dummy driver mixes silently, but channels are busy
    player.muted = True  # muting stops what is playing
    assert not pygame.mixer.get_busy()


def test_disabled_player_is_silent_no_op() -> None:
    player = SoundPlayer(enabled=False)
    assert not player.available
    for name in SOUND_NAMES:
        player.play(name)
    player.volume = 0.3
    player.muted = True
    assert player.volume == 0.3 and player.muted


def test_player_is_no_op_when_mixer_cannot_start(monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.mixer.quit()

    def broken_init(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken_init)
    player = SoundPlayer()
    assert not player.available
    player.play("basra")  # must not raise
    player.stop_all()


def test_play_survives_mixer_shutdown_after_construction(mixer: None) -> None:
    player = SoundPlayer()
    pygame.mixer.quit()
    player.play("capture")  # the mixer is gone: logged, not raised
    player.stop_all()
    assert player.available
