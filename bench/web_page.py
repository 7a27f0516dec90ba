"""Figures of the browser client in a real headless Chromium against a server on 127.0.0.1.

Prints: the page's weight in English and in Arabic (every byte it loads before compression,
the court figures apart, and what its deal check loads at a match's end);
the time from opening the page to a drawn name screen, and for a returning guest (name kept on
the device) to a drawn lobby; from tapping "start" to a drawn table; and the frame time of the
table while cards move (p50, p95, max of ``requestAnimationFrame`` intervals) with the CPU
slowed 4x through the DevTools protocol (``Emulation.setCPUThrottlingRate``), aiming at 16.7 ms;
where the page's main thread spent that time (``Performance.getMetrics``: script, style, layout)
and its long animation frames (over 50 ms: how many, and how much of them was script, layout the
script forced, and the browser's own style and layout); and, for comparison, the frames of
one square moved on the table at rest, which is what the machine and the throttling allow.
The page marks each screen it draws (``performance.mark("basra:lobby")``), which these read.
It plays ``--plays`` cards at most and gives up after ``--timeout`` seconds: it stops by itself.

``python -m bench.web_page [--plays N] [--timeout S]``; needs Debian's chromium and chromium-driver.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tests.web.browser import Page, browser_missing, play_taps_until, until, web_server

FRAME_PROBE = """
window.__frames = [];
window.__moving = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (keyframes, options) {
  const now = performance.now();
  const timing = typeof options === "object" ? options : { duration: options };
  window.__moving.push([now, now + (timing?.delay ?? 0) + Number(timing?.duration ?? 0)]);
  return animate.call(this, keyframes, options);
};
const running = new Map();
document.addEventListener("transitionrun", (e) => running.set(e.target, performance.now()));
const ended = (e) => {
  if (running.has(e.target)) window.__moving.push([running.get(e.target), performance.now()]);
  running.delete(e.target);
};
document.addEventListener("transitionend", ended);
document.addEventListener("transitioncancel", ended);
let last = performance.now();
const step = (now) => {
  window.__frames.push([now - last, now]);
  last = now;
  requestAnimationFrame(step);
};
requestAnimationFrame(step);
window.__long = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const end = e.startTime + e.duration;
    window.__long.push([e.duration, e.scripts.reduce((t, s) => t + s.duration, 0),
      e.scripts.reduce((t, s) => t + s.forcedStyleAndLayoutDuration, 0),
      e.styleAndLayoutStart ? end - e.styleAndLayoutStart : 0]);
  }
}).observe({ type: "long-animation-frame" });
"""
BASELINE = """
const done = arguments[arguments.length - 1];
const square = document.createElement("div");
square.style.cssText = "position:fixed;left:0;top:0;width:40px;height:40px;background:#fff";
document.body.append(square);
square.animate([{ transform: "none" }, { transform: "translateX(200px)" }], 3000);
const frames = [];
let last = performance.now();
const step = (now) => {
  frames.push(now - last);
  last = now;
  if (frames.length < 150) requestAnimationFrame(step);
  else { square.remove(); done(frames); }
};
requestAnimationFrame(step);
"""
"""A page that does nothing but move one square: what the machine (and the throttling) allow."""

MAIN_THREAD = ("ScriptDuration", "RecalcStyleDuration", "LayoutDuration", "TaskDuration")


def mark(page: Page, name: str) -> float:
    found = page.run(
        "const m = performance.getEntriesByName(arguments[0]);"
        "return m.length ? m[0].startTime : null;",
        name,
    )
    assert found is not None, name
    return float(found)


def page_weight(page: Page) -> tuple[int, int]:
    """Bytes the page loaded: everything but the court figures, and the figures."""
    entries = page.run(
        "const all = [...performance.getEntriesByType('navigation'),"
        " ...performance.getEntriesByType('resource')];"
        "return all.map(e => [e.name, e.encodedBodySize || e.decodedBodySize]);"
    )
    figures = sum(size for name, size in entries if "/cards/" in name)
    return sum(size for name, size in entries if "/cards/" not in name), figures


LATER = ("js/fairness.js", "js/sha256.js")
"""What the page loads only when a match's record comes to be checked (the deal check)."""


def later_weight(url: str) -> int:
    total = 0
    for path in LATER:
        with urllib.request.urlopen(url + path, timeout=10) as answer:
            total += len(answer.read())
    return total


def while_moving(frames: list[list[float]], moving: list[list[float]]) -> list[float]:
    """The lengths of the frames (length, end) that overlap a time when something moved
    (start, end): the probe notes each animation as it starts rather than asking the page
    at every frame what runs, which would cost the very frames it times."""
    spans = sorted(moving)
    kept, first = [], 0
    for length, end in sorted(frames, key=lambda frame: frame[1]):
        while first < len(spans) and spans[first][1] < end - length:
            first += 1  # the frames come in order: a span over before this one is over for all
        if any(start < end and end - length < stop for start, stop in spans[first:]):
            kept.append(length)
    return kept


def metrics(page: Page) -> dict[str, float]:
    answer = page.driver.execute_cdp_cmd("Performance.getMetrics", {})
    return {m["name"]: float(m["value"]) for m in answer["metrics"]}


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[int(share * (len(ordered) - 1))] if ordered else float("nan")


def first_visit(url: str, language: str) -> tuple[int, int, float]:
    """The page's weight (and its court figures') and the time to a drawn name screen."""
    page = Page(390, 844, language)
    try:
        page.open(url)
        page.wait_screen("name")
        return (*page_weight(page), mark(page, "basra:name"))
    finally:
        page.close()


def match_over(page: Page) -> bool:
    return page.screen() not in ("table", "results")


@dataclass(frozen=True)
class Played:
    lobby_ms: float
    table_ms: float
    frames: list[float]
    baseline: list[float]
    draws: list[float]
    long_frames: list[list[float]]
    main_thread: dict[str, float]
    seconds: float
    plays: int


def play(url: str, plays: int, timeout: float) -> Played:
    """A returning guest's page opened, a match started against a bot, and ``plays`` cards
    played with the CPU slowed 4x while the page's frames are timed."""
    page = Page(390, 844)
    try:
        page.open(url)
        page.type_into('[data-field="name"]', "Mona")
        page.tap('[data-action="enter"]')
        page.wait_screen("lobby")
        page.driver.get(url)  # a returning guest: the name is kept on the device
        page.wait_screen("lobby")
        lobby_ms = mark(page, "basra:lobby")
        page.tap('[data-action="create-room"]')
        page.wait_screen("room")
        page.tap('[data-action="fill-bots"]')
        page.tap('[data-action="start"]')
        page.wait_screen("table")
        until(lambda: page.present('[data-zone="hand"] [data-card]'))
        table_ms = mark(page, "basra:table") - mark(page, "basra:start-tapped")
        page.driver.execute_cdp_cmd("Performance.enable", {})
        page.driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 4})
        page.driver.set_script_timeout(60)
        baseline = [float(f) for f in page.driver.execute_async_script(BASELINE)]
        page.run(FRAME_PROBE)
        started, before = time.monotonic(), metrics(page)
        played = play_taps_until(page, lambda: match_over(page), timeout, plays, 0.25)
        seconds, after = time.monotonic() - started, metrics(page)
        draws = page.run(
            "return performance.getEntriesByName('basra:draw-table').map(e => e.duration)"
        )
        return Played(
            lobby_ms,
            table_ms,
            while_moving(page.run("return window.__frames"), page.run("return window.__moving")),
            baseline,
            [float(d) for d in draws],
            page.run("return window.__long"),
            {name: after.get(name, 0) - before.get(name, 0) for name in MAIN_THREAD},
            seconds,
            played,
        )
    finally:
        page.close()


def report(weights: dict[str, tuple[int, int, float]], later: int, played: Played) -> None:
    for language, (weight, figures, _) in weights.items():
        print(
            f"page weight ({language}): {weight / 1024:.1f} KiB ({weight} bytes) before "
            f"compression to a drawn page, court figures apart ({figures / 1024:.1f} KiB); "
            f"with the deal check loaded at a match's end: {(weight + later) / 1024:.1f} KiB "
            f"({weight + later} bytes)"
        )
    print(
        f"open -> drawn name screen: {weights['en'][2]:.0f} ms; open -> drawn lobby (returning "
        f"guest): {played.lobby_ms:.0f} ms; start tapped -> drawn table: {played.table_ms:.0f} ms"
    )
    frames, draws = played.frames, played.draws
    print(
        f"frames while cards move, CPU throttled 4x: {len(frames)} frames over {played.plays} "
        f"plays in {played.seconds:.0f} s; p50 {percentile(frames, 0.5):.1f} ms, "
        f"p95 {percentile(frames, 0.95):.1f} ms, max {max(frames, default=0):.1f} ms "
        "(target 16.7 ms)"
    )
    print(
        f"the same machine and throttling moving one square over the table at rest: "
        f"p50 {percentile(played.baseline, 0.5):.1f} ms, "
        f"p95 {percentile(played.baseline, 0.95):.1f} ms, max {max(played.baseline):.1f} ms"
    )
    print(
        f"drawing the table at an update (its script and the layout it asks), CPU throttled 4x: "
        f"{len(draws)} draws, p50 {percentile(draws, 0.5):.1f} ms, "
        f"p95 {percentile(draws, 0.95):.1f} ms, max {max(draws, default=0):.1f} ms"
    )
    spent = ", ".join(
        f"{name.removesuffix('Duration')} {seconds:.2f} s"
        for name, seconds in played.main_thread.items()
    )
    print(f"main thread over those {played.seconds:.0f} s (throttled): {spent}")
    long = played.long_frames
    sums = [sum(frame[i] for frame in long) for i in range(4)]
    print(
        f"long animation frames (> 50 ms): {len(long)}, {sums[0]:.0f} ms in all: script "
        f"{sums[1]:.0f} ms (of which layout it forced {sums[2]:.0f} ms), the browser's style "
        f"and layout {sums[3]:.0f} ms, the rest painting or waiting for the CPU"
    )
    print(f"machine load average while measured: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.web_page", description=__doc__)
    parser.add_argument("--plays", type=int, default=40, help="cards to play while timing frames")
    parser.add_argument("--timeout", type=float, default=400.0, help="seconds to play at most")
    arguments = parser.parse_args(argv)
    missing = browser_missing()
    if missing is not None:
        print(f"not measured: {missing}")
        return 1
    with tempfile.TemporaryDirectory() as folder, web_server(Path(folder)) as server:
        # The first visits, before anything is cached (the weights are read from them).
        weights = {language: first_visit(server.url, language) for language in ("en", "ar")}
        later = later_weight(server.url)
        played = play(server.url, arguments.plays, arguments.timeout)
    report(weights, later, played)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
