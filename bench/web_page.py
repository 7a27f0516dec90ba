"""Figures of the browser client in a real headless Chromium against a server on 127.0.0.1.

Prints: the page's weight (every byte it loads before compression, the court figures apart,
and what its deal check loads at a match's end);
the time from opening the page to a drawn name screen, and for a returning guest (name kept on
the device) to a drawn lobby; from tapping "start" to a drawn table; and the frame time of the
table while cards move (p50, p95, max of ``requestAnimationFrame`` intervals) with the CPU
slowed 4x through the DevTools protocol (``Emulation.setCPUThrottlingRate``), aiming at 16.7 ms.
The page marks each screen it draws (``performance.mark("basra:lobby")``), which these read.

``python -m bench.web_page [--rounds N]``; needs Debian's chromium and chromium-driver.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path

from tests.web.browser import Page, browser_missing, play_taps_until, until, web_server

FRAME_PROBE = """
window.__frames = [];
let last = performance.now();
const step = (now) => {
  const moving = document.getAnimations().some(a => a.playState === 'running');
  if (moving) window.__frames.push(now - last);
  last = now;
  requestAnimationFrame(step);
};
requestAnimationFrame(step);
"""


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


LATER = (
    "js/fairness.js", "vendor/noble-hashes/sha2.js", "vendor/noble-hashes/hmac.js",
    "vendor/noble-hashes/_md.js", "vendor/noble-hashes/utils.js", "vendor/noble-hashes/_u64.js",
)  # fmt: skip
"""What the page loads only when a match's record comes to be checked (the deal check)."""


def later_weight(url: str) -> int:
    total = 0
    for path in LATER:
        with urllib.request.urlopen(url + path, timeout=10) as answer:
            total += len(answer.read())
    return total


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.web_page", description=__doc__)
    parser.add_argument("--plays", type=int, default=40, help="cards to play while timing frames")
    arguments = parser.parse_args(argv)
    missing = browser_missing()
    if missing is not None:
        print(f"not measured: {missing}")
        return 1
    with tempfile.TemporaryDirectory() as folder, web_server(Path(folder)) as server:
        page = Page(390, 844)
        try:
            page.open(server.url)
            page.wait_screen("name")
            name_ms = mark(page, "basra:name")
            weight, figures = page_weight(page)  # the first visit: nothing cached yet
            later = later_weight(server.url)
            page.type_into('[data-field="name"]', "Mona")
            page.tap('[data-action="enter"]')
            page.wait_screen("lobby")
            page.driver.get(server.url)  # a returning guest: the name is kept on the device
            page.wait_screen("lobby")
            lobby_ms = mark(page, "basra:lobby")
            page.tap('[data-action="create-room"]')
            page.wait_screen("room")
            page.tap('[data-action="fill-bots"]')
            page.tap('[data-action="start"]')
            page.wait_screen("table")
            until(lambda: page.present('[data-zone="hand"] [data-card]'))
            table_ms = mark(page, "basra:table") - mark(page, "basra:start-tapped")
            figures += page_weight(page)[1]  # the court figures load with the first court card
            page.driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 4})
            page.run(FRAME_PROBE)
            started = time.monotonic()
            play_taps_until(
                page, lambda: page.screen() not in ("table", "results"), 600, arguments.plays, 0.25
            )
            frames = sorted(float(f) for f in page.run("return window.__frames"))
            draws = sorted(
                float(d)
                for d in page.run(
                    "return performance.getEntriesByName('basra:draw-table').map(e => e.duration)"
                )
            )
            elapsed = time.monotonic() - started
        finally:
            page.close()
    p95 = frames[int(0.95 * (len(frames) - 1))] if frames else float("nan")
    print(
        f"page weight: {weight / 1024:.1f} KiB ({weight} bytes) before compression to a drawn "
        f"page, court figures apart ({figures / 1024:.1f} KiB); the deal check loads "
        f"{later / 1024:.1f} KiB more at a match's end: {(weight + later) / 1024:.1f} KiB "
        f"({weight + later} bytes) in all"
    )
    print(
        f"open -> drawn name screen: {name_ms:.0f} ms; open -> drawn lobby (returning guest): "
        f"{lobby_ms:.0f} ms; start tapped -> drawn table: {table_ms:.0f} ms"
    )
    print(
        f"frames while cards move, CPU throttled 4x: {len(frames)} frames over {elapsed:.0f} s; "
        f"p50 {statistics.median(frames):.1f} ms, p95 {p95:.1f} ms, max {frames[-1]:.1f} ms "
        "(target 16.7 ms)"
    )
    print(
        f"drawing the table at an update (its script and the layout it asks), CPU throttled 4x: "
        f"{len(draws)} draws, p50 {statistics.median(draws):.1f} ms, "
        f"p95 {draws[int(0.95 * (len(draws) - 1))]:.1f} ms, max {draws[-1]:.1f} ms"
    )
    print(f"machine load average while measured: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
