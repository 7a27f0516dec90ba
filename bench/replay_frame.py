"""Replay viewer frame time at 1280x720 (bar: p95 <= 4 ms), playing, seeking and reviewed.

    .venv/bin/python bench/replay_frame.py [--frames N]

Prints figures; never fails. A whole 4-player match (every hand face up: the most cards a
replay shows) is played back at double speed through `App.step` (update, draw, flip), so cards
are always dealt, flying and swept; then the knob is dragged along the track, a seek (and the
table's snap) every frame; then the match plays on with the review's list of costly plays open
over the floor (a review made beforehand, as one kept beside the file). Wall time and this
thread's CPU time are both reported: on a shared 2-core machine the wall figure also counts
the time other processes held the core. Headless (dummy SDL drivers).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from bench.client_frame import report_frames
from bench.record_cost import random_match
from client.app import App
from client.main import build_app, parse_args
from client.scenes.replay import ReplayScene
from shared.review.hand_review import ReviewSettings, review_match

FRAME = 1 / 60
FRAME_BAR_MS = 4.0


def replay_app(folder: Path, players: int) -> tuple[App, ReplayScene]:
    app = build_app(parse_args(["--settings", str(folder / "s.json"), "--mute", "--lang", "en"]))
    record = random_match(players, random.Random(1))
    scene = ReplayScene(app, record)
    app.stack.reset(scene)
    for _ in range(600):
        app.step(FRAME)
        if scene.queue.idle:
            break
    return app, scene


def measure(
    app: App, frames: int, before: Callable[[int], None]
) -> tuple[list[float], list[float]]:
    """Milliseconds per `App.step`, wall and CPU, calling ``before(frame)`` ahead of each."""
    wall: list[float] = []
    cpu: list[float] = []
    for frame in range(frames):
        before(frame)
        started, cpu_started = time.perf_counter(), time.thread_time()
        app.step(FRAME)
        wall.append((time.perf_counter() - started) * 1000)
        cpu.append((time.thread_time() - cpu_started) * 1000)
    return wall, cpu


def keep_playing(scene: ReplayScene) -> Callable[[int], None]:
    def before(_: int) -> None:
        session = scene.session
        if session.position >= session.length:
            session.seek(0)
        if not session.playing:
            session.toggle()

    return before


def drag_along(scene: ReplayScene) -> Callable[[int], None]:
    """Press on the knob, then move the mouse along the track a little every frame, as a
    player scrubbing through the match does (each move is a seek and a snap)."""
    bar = scene.controls.bar
    y = bar.track.centery

    def before(frame: int) -> None:
        position = frame * 3 % (scene.session.length + 1)
        pos = (round(bar.x_of(position)), y)
        if frame == 0:
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        else:
            motion = {"pos": pos, "rel": (3, 0), "buttons": (1, 0, 0)}
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, motion))

    return before


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=900)
    args = parser.parse_args()
    walls: list[float] = []
    cpus: list[float] = []

    def measured(label: str, wall: list[float], cpu: list[float]) -> None:
        walls.append(report_frames(f"{label}, wall", wall))
        cpus.append(report_frames(f"{label}, CPU ", cpu))

    with tempfile.TemporaryDirectory() as folder:
        app, scene = replay_app(Path(folder), 4)
        scene.controls.faster()  # double speed: a play every 0.4 s, always something moving
        print(f"Replay viewer, 4 players, every hand face up, at {scene.session.speed:g}x")
        measured("playing", *measure(app, args.frames, keep_playing(scene)))
        scene.session.pause()
        dragged = measure(app, args.frames // 3, drag_along(scene))
        up = {"pos": (0, 0), "button": 1}
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, up))
        measured("dragging the knob (a seek a frame)", *dragged)
        scene.reviewer.review = review_match(scene.record, 0, ReviewSettings(worlds=20))
        scene.reviewer.panel.showing_list = True
        measured(
            "playing under the review's list", *measure(app, args.frames // 3, keep_playing(scene))
        )
        app.shutdown()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"  (load average {load:.2f} on {os.cpu_count()} cores while measuring)")

    def verdict(p95: float) -> str:
        return f"{p95:.2f} ms {'met' if p95 <= FRAME_BAR_MS else 'MISSED'}"

    print(
        f"Bar p95 <= {FRAME_BAR_MS} ms: worst wall {verdict(max(walls))}, CPU {verdict(max(cpus))}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
