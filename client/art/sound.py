"""Game sounds, synthesised at start-up from plain waveforms (no sound files, no numpy).

Owns the recipes for each named sound (`synthesize`, pure and testable without audio) and
`SoundPlayer`, which turns them into `pygame.mixer.Sound`s in the mixer's own sample format
and plays them with a volume and a mute switch. When the mixer cannot start (no audio device,
pygame built without it) the player is a silent no-op: sound must never crash the game, nor
fill the console: `start_mixer` says so in one line, the audio libraries' own complaints
(`native_output`) kept for the debug log.
"""

from __future__ import annotations

import logging
import math
import random
from array import array
from collections.abc import Callable, Mapping
from types import MappingProxyType

import pygame

from client.art.native_output import native_stderr_caught

logger = logging.getLogger(__name__)

SOUND_NAMES = ("deal", "place", "capture", "basra", "your_turn", "chat", "round_end")
NOISE_SEED = 7
"""Fixed seed for the noise in card sounds, so every start-up sounds the same."""

# Note frequencies (Hz) used by the melodic sounds.
C5, E5, G5, A5, C6, E6, G4 = 523.25, 659.26, 783.99, 880.0, 1046.5, 1318.5, 392.0

# The mixer's sample size (as `pygame.mixer.get_init` reports it) -> array typecode, scale and
# offset for mapping [-1, 1] onto that integer or float range.
_SAMPLE_FORMATS: Mapping[int, tuple[str, float, float]] = MappingProxyType(
    {
        -8: ("b", 127.0, 0.0),
        8: ("B", 127.0, 128.0),
        -16: ("h", 32767.0, 0.0),
        16: ("H", 32767.0, 32768.0),
        -32: ("i", 2147483647.0, 0.0),
        32: ("f", 1.0, 0.0),
    }
)


# --- waveform building blocks ------------------------------------------------------------


def _silence(seconds: float, rate: int) -> list[float]:
    return [0.0] * max(1, round(seconds * rate))


def _mix(into: list[float], samples: list[float], start: float, rate: int) -> None:
    """Add `samples` into `into` from `start` seconds on, growing it if needed."""
    offset = round(start * rate)
    if offset + len(samples) > len(into):
        into.extend([0.0] * (offset + len(samples) - len(into)))
    for i, value in enumerate(samples):
        into[offset + i] += value


def _tone(
    freq: float,
    seconds: float,
    rate: int,
    decay: float,
    harmonics: tuple[float, ...] = (1.0,),
    attack: float = 0.005,
) -> list[float]:
    """A note: harmonic partials of `freq`, a short linear attack, exponential `decay`/s."""
    out = []
    step = 2 * math.pi * freq / rate
    for i in range(round(seconds * rate)):
        t = i / rate
        envelope = min(1.0, t / attack) * math.exp(-decay * t)
        wave = sum(amp * math.sin(step * i * (n + 1)) for n, amp in enumerate(harmonics))
        out.append(envelope * wave)
    return out


def _noise_burst(
    seconds: float, rate: int, rng: random.Random, decay: float, smoothing: float
) -> list[float]:
    """White noise through a one-pole low-pass (`smoothing` in 0..1), decaying at `decay`/s."""
    out, level = [], 0.0
    for i in range(round(seconds * rate)):
        level += (1.0 - smoothing) * (rng.uniform(-1.0, 1.0) - level)
        out.append(level * math.exp(-decay * i / rate))
    return out


def _normalised(samples: list[float], peak: float) -> array[float]:
    """Scale so the loudest sample is `peak`, and fade the last 5 ms to avoid a click."""
    loudest = max((abs(s) for s in samples), default=0.0) or 1.0
    gain = peak / loudest
    fade = min(len(samples), 220)
    result = array("f", (s * gain for s in samples))
    for i in range(fade):
        result[len(result) - fade + i] *= 1.0 - i / fade
    return result


# --- the recipes -------------------------------------------------------------------------


def _deal(rate: int, rng: random.Random) -> list[float]:
    return _noise_burst(0.07, rate, rng, decay=55.0, smoothing=0.35)


def _place(rate: int, rng: random.Random) -> list[float]:
    thump = _tone(170.0, 0.11, rate, decay=45.0, harmonics=(1.0, 0.3), attack=0.002)
    _mix(thump, [0.6 * s for s in _noise_burst(0.02, rate, rng, 160.0, 0.2)], 0.0, rate)
    return thump


def _capture(rate: int, rng: random.Random) -> list[float]:
    """A swish: noise whose brightness and loudness rise, then fall away."""
    seconds, out, level = 0.34, [], 0.0
    total = round(seconds * rate)
    for i in range(total):
        phase = i / total
        smoothing = 0.92 - 0.6 * math.sin(math.pi * phase)  # brighter mid-sweep
        level += (1.0 - smoothing) * (rng.uniform(-1.0, 1.0) - level)
        out.append(level * math.sin(math.pi * phase) ** 1.5)
    return out


def _basra(rate: int, rng: random.Random) -> list[float]:
    """A bright rising fanfare: C-E-G, then a held high C."""
    brass = (1.0, 0.55, 0.3, 0.15)
    out = _silence(0.0, rate)
    for i, freq in enumerate((C5, E5, G5)):
        _mix(out, _tone(freq, 0.16, rate, decay=9.0, harmonics=brass), i * 0.11, rate)
    _mix(out, _tone(C6, 0.55, rate, decay=3.5, harmonics=brass, attack=0.01), 0.33, rate)
    _mix(out, _tone(G5, 0.55, rate, decay=3.5, harmonics=brass, attack=0.01), 0.33, rate)
    return out


def _your_turn(rate: int, rng: random.Random) -> list[float]:
    """A soft two-note bell."""
    bell = (1.0, 0.0, 0.12)
    out = _tone(A5, 0.5, rate, decay=6.0, harmonics=bell, attack=0.01)
    _mix(out, _tone(E6, 0.45, rate, decay=7.0, harmonics=bell, attack=0.01), 0.12, rate)
    return out


def _chat(rate: int, rng: random.Random) -> list[float]:
    return _tone(1250.0, 0.06, rate, decay=50.0, harmonics=(1.0, 0.2), attack=0.003)


def _round_end(rate: int, rng: random.Random) -> list[float]:
    """A resolving arpeggio, G-C-E, ending on a soft chord."""
    warm = (1.0, 0.35, 0.1)
    out = _silence(0.0, rate)
    for i, freq in enumerate((G4, C5, E5)):
        _mix(out, _tone(freq, 0.75 - i * 0.14, rate, decay=4.5, harmonics=warm), i * 0.14, rate)
    return out


_RECIPES: Mapping[str, tuple[Callable[[int, random.Random], list[float]], float]] = (
    MappingProxyType(
        {
            "deal": (_deal, 0.5),
            "place": (_place, 0.7),
            "capture": (_capture, 0.6),
            "basra": (_basra, 0.8),
            "your_turn": (_your_turn, 0.5),
            "chat": (_chat, 0.4),
            "round_end": (_round_end, 0.7),
        }
    )
)
"""Recipe and peak level per sound: the levels balance the sounds against each other."""


def synthesize(name: str, sample_rate: int = 44100) -> array[float]:
    """Mono float samples in [-1, 1] for sound `name`; ValueError for an unknown name."""
    if name not in _RECIPES:
        raise ValueError(f"unknown sound {name!r}; known: {', '.join(SOUND_NAMES)}")
    recipe, peak = _RECIPES[name]
    return _normalised(recipe(sample_rate, random.Random(NOISE_SEED)), peak)


def encode_samples(samples: array[float], sample_size: int, channels: int) -> bytes:
    """Raw bytes of `samples` in the mixer's format (size as `get_init` gives it).

    Raises ValueError for a sample size this module does not know.
    """
    try:
        typecode, scale, offset = _SAMPLE_FORMATS[sample_size]
    except KeyError:
        raise ValueError(f"unsupported mixer sample size {sample_size}") from None
    cast: Callable[[float], float | int] = float if typecode == "f" else round
    frames: array[float] = array(typecode)  # holds ints for the integer formats (cast rounds)
    for sample in samples:
        value = cast(sample * scale + offset)
        frames.extend([value] * channels)
    return frames.tobytes()


def mixer_buffers(mixer_format: tuple[int, int, int]) -> dict[str, bytes]:
    """Every sound encoded for a mixer of `mixer_format` (rate, size, channels).

    Pure Python and free of pygame calls, so it may run in a worker thread while the game
    draws its first frames; the result goes to `SoundPlayer(buffers=...)`.
    """
    rate, size, channels = mixer_format
    return {name: encode_samples(synthesize(name, rate), size, channels) for name in SOUND_NAMES}


def start_mixer(say_why: bool = True) -> tuple[int, int, int] | None:
    """Start the mixer if needed; its (rate, size, channels), or None when there is no audio,
    which is said in one warning (at debug level when not `say_why`: said before)."""
    if pygame.mixer.get_init() is not None:
        return pygame.mixer.get_init()
    problem: Exception | None = None
    with native_stderr_caught() as library_lines:
        try:
            pygame.mixer.init()
        except (pygame.error, NotImplementedError) as exc:
            problem = exc
    for line in library_lines:
        logger.debug("audio library: %s", line)
    if problem is not None:
        level = logging.WARNING if say_why else logging.DEBUG
        logger.log(level, "sound is off: no sound device could be opened (%s)", problem)
        return None
    return pygame.mixer.get_init()


# --- the player --------------------------------------------------------------------------


class SoundPlayer:
    """Plays the named sounds; silent when disabled or when the mixer is unavailable."""

    def __init__(
        self,
        volume: float = 0.8,
        muted: bool = False,
        enabled: bool = True,
        buffers: Mapping[str, bytes] | None = None,
    ) -> None:
        """`buffers` (from `mixer_buffers`, for the running mixer) skip the synthesis."""
        self._volume = _clamp(volume)
        self._muted = muted
        self._mixer_format: tuple[int, int, int] | None = None
        self._sounds: dict[str, pygame.mixer.Sound] = self._build_sounds(buffers) if enabled else {}
        self._apply_volume()

    @property
    def available(self) -> bool:
        """True when sounds were built and can be heard (unless muted)."""
        return bool(self._sounds)

    @property
    def volume(self) -> float:
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        """Set the volume; values outside 0..1 are clamped, as a slider may overshoot."""
        self._volume = _clamp(value)
        self._apply_volume()

    @property
    def muted(self) -> bool:
        return self._muted

    @muted.setter
    def muted(self, value: bool) -> None:
        self._muted = value
        if value:
            self.stop_all()

    def play(self, name: str) -> None:
        """Play sound `name` (no-op when muted or unavailable); ValueError for unknown names."""
        if name not in _RECIPES:
            raise ValueError(f"unknown sound {name!r}; known: {', '.join(SOUND_NAMES)}")
        sound = self._sounds.get(name)
        if sound is None or self._muted or not self._mixer_unchanged():
            return
        try:
            sound.play()
        except pygame.error as exc:
            logger.debug("could not play %s: %s", name, exc)

    def stop_all(self) -> None:
        """Stop this player's sounds (not other users of the mixer)."""
        if self._mixer_unchanged():
            for sound in self._sounds.values():
                sound.stop()

    def _mixer_unchanged(self) -> bool:
        """True while the mixer our sounds were built for is still running.

        Touching a Sound after `pygame.mixer.quit()` crashes the interpreter (a segfault in
        pygame-ce 2.5), so every use of a Sound checks this first.
        """
        alive = self._mixer_format is not None and pygame.mixer.get_init() == self._mixer_format
        if not alive and self._sounds:
            logger.debug("mixer stopped or changed; sound calls are skipped")
        return alive

    def _apply_volume(self) -> None:
        if self._mixer_unchanged():
            for sound in self._sounds.values():
                sound.set_volume(self._volume)

    def _build_sounds(self, buffers: Mapping[str, bytes] | None) -> dict[str, pygame.mixer.Sound]:
        try:
            mixer_format = start_mixer()
            if mixer_format is None:
                raise pygame.error("mixer did not initialise")
            self._mixer_format = mixer_format
            if buffers is None or set(buffers) != set(SOUND_NAMES):
                buffers = mixer_buffers(mixer_format)
            return {name: pygame.mixer.Sound(buffer=buffers[name]) for name in SOUND_NAMES}
        except (pygame.error, NotImplementedError, ValueError) as exc:
            # NotImplementedError: pygame without its mixer module; ValueError: odd format.
            logger.warning("sound disabled: %s", exc)
            return {}


def _clamp(value: float) -> float:
    return min(1.0, max(0.0, float(value)))
