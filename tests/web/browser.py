"""Driving the browser client in real browsers (through selenium, `tests.web.engines`: Chromium,
Firefox and WebKit) against a real server on 127.0.0.1.

Owns `web_server` (a ``basra-server`` process on free ports, its web port served to the page),
`Page` (one browser tab at a given size and language, with the page's hooks: the visible
screen, taps that wait for the control to be there and still, a finger's touch, the table's
turn, the console errors and uncaught page errors seen), `BrowserPool` (an engine's browsers,
started once and lent to test after test), `browser_missing` (why the Chromium the benchmarks
and the screenshot tour use cannot run here) and `gateway_missing` (a server without issue 22's
web port cannot serve the page).
Set ``BASRA_BROWSER_TESTS=required`` (as ``.ci/run`` does) and a missing engine fails them.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.web.engines import Browser, ChromiumBrowser, Launcher, engine_missing

ROOT = Path(__file__).resolve().parents[2]
WAIT = 20.0
KEPT_LANGUAGE = "basra.language"
"""Where the page keeps the language chosen (web/js/device.js): set before a page's first load,
so that one browser serves either language."""
SAME_ORIGIN_FILE = "cards/K-red.svg"
"""A small file of the page's origin, to set what the origin keeps before the page loads."""


def browser_missing() -> str | None:
    """Why Chromium cannot be driven here (None: it can)."""
    return engine_missing("chromium")


def gateway_missing() -> str | None:
    """Why the server cannot serve the page here (None: it can): issue 22's web port."""
    found = subprocess.run(
        [sys.executable, "-m", "server.main", "--help"],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    return None if "--web-port" in found.stdout else "this server has no web port (--web-port)"


def browser_required() -> bool:
    return os.environ.get("BASRA_BROWSER_TESTS") == "required"


@dataclass(frozen=True)
class WebServer:
    tcp_port: int
    web_port: int
    log: Path
    pid: int
    """The server's process (a test may stop and continue it: a server that does not answer)."""

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.web_port}/"


@contextlib.contextmanager
def web_server(folder: Path, *flags: str) -> Iterator[WebServer]:
    """A server on 127.0.0.1 with free TCP and web ports, until the block ends."""
    port_file, web_file, log_file = folder / "port", folder / "web-port", folder / "server.log"
    command = [
        sys.executable, "-m", "server.main", "--host", "127.0.0.1", "--port", "0",
        "--port-file", str(port_file), "--web-port", "0", "--web-port-file", str(web_file),
        "--no-discovery", "--no-persist", "--bot-delay", "0.05", *flags,
    ]  # fmt: skip
    with open(log_file, "wb") as log:
        process = subprocess.Popen(
            command,
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        until(
            lambda: (_written(port_file) and _written(web_file)) or _died(process, log_file),
            15,
            "the server to write its ports",
        )
        yield WebServer(
            int(port_file.read_text()), int(web_file.read_text()), log_file, process.pid
        )
    finally:
        if process.poll() is None:
            os.kill(process.pid, signal.SIGCONT)  # a test may have left it stopped
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _written(path: Path) -> bool:
    return path.exists() and path.read_text().strip() != ""


def _died(process: subprocess.Popen[bytes], log: Path) -> bool:
    assert process.poll() is None, log.read_text()
    return False


def until(condition: Callable[[], object], timeout: float = WAIT, what: str = "") -> None:
    """Wait for ``condition()`` to be true (an exception counts as not yet)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            if condition():
                return
        except Exception:  # the page is between two drawings: look again
            if time.monotonic() >= deadline:
                raise
        if time.monotonic() >= deadline:
            raise AssertionError(f"still not true after {timeout:g} s: {what or condition}")
        time.sleep(0.03)


class BrowserPool:
    """One engine's browsers: started when first needed, lent to one test after another (a
    browser starts in one to five seconds), and stopped at the end."""

    def __init__(self, engine: str) -> None:
        self.engine = engine
        self._launcher = Launcher(engine)
        self._idle: list[Browser] = []

    def take(self) -> Browser:
        return self._idle.pop() if self._idle else self._launcher.launch()

    def give_back(self, browser: Browser) -> None:
        """A browser a test is done with: emptied, and kept for the next (quit if it broke)."""
        try:
            browser.driver.get("about:blank")
            browser.errors()
            if browser.engine == "chromium":
                browser.reduce_motion(False)
        except Exception:
            browser.quit()
            return
        self._idle.append(browser)

    def close(self) -> None:
        for browser in self._idle:
            browser.quit()
        self._idle = []
        self._launcher.stop()


class Page:
    """One browser tab showing the browser client (its own Chromium when given no browser)."""

    def __init__(
        self, width: int, height: int, language: str = "en", browser: Browser | None = None
    ) -> None:
        self.owned = browser is None
        self.browser = browser if browser is not None else ChromiumBrowser()
        self.driver = self.browser.driver
        self.language = language
        self.origins: set[str] = set()
        self.seen_errors: list[str] = []
        self.resize(width, height)

    @property
    def engine(self) -> str:
        return self.browser.engine

    def resize(self, width: int, height: int, mobile: bool = True) -> None:
        self.browser.set_viewport(width, height, mobile)

    def close(self) -> None:
        if self.owned:
            self.browser.quit()

    def open(self, url: str) -> None:
        """Load the page at ``url`` (its language kept on the device first, at a new origin)."""
        origin = url.split("?")[0].rstrip("/") + "/"
        if origin not in self.origins:
            self.origins.add(origin)
            self.driver.get(origin + SAME_ORIGIN_FILE)
            self.run(f"localStorage.setItem('{KEPT_LANGUAGE}', arguments[0]);", self.language)
        self.driver.get(url)
        self.browser.loaded()
        until(lambda: self.screen() is not None, what="the page to draw its first screen")

    def run(self, script: str, *args: Any) -> Any:
        return self.driver.execute_script(script, *args)

    def screen(self) -> str | None:
        found = self.run(
            "const s = document.querySelector('[data-screen]:not([hidden])');"
            "return s && s.childElementCount > 0 ? s.dataset.screen : null;"
        )
        return None if found is None else str(found)

    def wait_screen(self, name: str, timeout: float = WAIT) -> None:
        until(lambda: self.screen() == name, timeout, f"the {name} screen")

    def present(self, selector: str) -> bool:
        return bool(self.run("return document.querySelector(arguments[0]) !== null;", selector))

    def still(self) -> bool:
        """No animation runs (a card that moves cannot be tapped where it is drawn)."""
        return not self.run(
            "return document.getAnimations().some(a => a.playState === 'running' || a.pending);"
        )

    def tap(self, selector: str, timeout: float = WAIT) -> None:
        """Tap the first shown element that matches, once it is there, enabled and still (the
        other screens stay in the page, hidden)."""
        from selenium.webdriver.common.by import By

        def tapped() -> bool:
            if not self.still():
                return False
            shown = [
                element
                for element in self.driver.find_elements(By.CSS_SELECTOR, selector)
                if element.is_displayed()
            ]
            if not shown or not shown[0].is_enabled():
                return False
            shown[0].click()
            return True

        until(tapped, timeout, f"to tap {selector}")

    def touch(self, element: Any) -> None:
        """A finger's tap on the middle of ``element``: the page sees a pointer of type
        "touch", where ``click`` is a mouse's (in WebKit, which has no touch, a click)."""
        x, y = self.run(
            "const r = arguments[0].getBoundingClientRect();"
            "return [r.left + r.width / 2, r.top + r.height / 2];",
            element,
        )
        self.browser.touch(x, y)

    def type_into(self, selector: str, text: str) -> None:
        from selenium.webdriver.common.by import By

        until(lambda: self.present(selector), what=selector)
        field = self.driver.find_element(By.CSS_SELECTOR, selector)
        field.clear()
        field.send_keys(text)

    def your_turn(self) -> bool:
        return self.present('.table[data-turn="you"]')

    def visible_text(self, exclude_cards: bool = True) -> str:
        """Every piece of text a person sees, cards' own letters left out."""
        return str(
            self.run(
                """
                const skip = arguments[0] ? '[data-card], svg, [data-ghost]' : 'svg';
                const parts = [];
                const walk = (node) => {
                  if (node.nodeType === Node.TEXT_NODE) { parts.push(node.textContent); return; }
                  if (node.nodeType !== Node.ELEMENT_NODE) return;
                  if (node.matches(skip) || node.hidden) return;
                  const style = getComputedStyle(node);
                  if (style.display === 'none' || style.visibility === 'hidden') return;
                  for (const child of node.childNodes) walk(child);
                  for (const attr of ['placeholder', 'aria-label', 'title']) {
                    if (node.getAttribute(attr)) parts.push(node.getAttribute(attr));
                  }
                };
                walk(document.body);
                return parts.join(' ');
                """,
                exclude_cards,
            )
        )

    def errors(self) -> list[str]:
        """Every console error and uncaught page error this page has seen."""
        self.seen_errors += self.browser.errors()
        return list(self.seen_errors)

    def screenshot(self, path: Path) -> None:
        self.driver.save_screenshot(str(path))


def play_taps_until(
    page: Page,
    done: Callable[[], bool],
    timeout: float = 240.0,
    limit: int | None = None,
    poll: float = 0.03,
) -> int:
    """Play by taps as a finger does (the first card of the hand lifted by a touch and played
    by a second, the first set when asked) and continue past each round's results, until
    ``done()`` (or ``limit`` cards), looking every ``poll`` seconds; the number of cards played."""
    from selenium.webdriver.common.by import By

    played = 0
    deadline = time.monotonic() + timeout
    while not done() and (limit is None or played < limit):
        assert time.monotonic() < deadline, f"the match did not end in {timeout:g} s"
        screen = page.screen()
        if screen == "results" and page.present('[data-action="continue"]'):
            page.tap('[data-action="continue"]')
        elif screen == "table" and page.your_turn() and page.still():
            if page.present("[data-choice]"):  # a question left open: the first set
                page.tap("[data-choice]")
                continue
            cards = page.driver.find_elements(By.CSS_SELECTOR, '[data-zone="hand"] [data-card]')
            if cards:
                with contextlib.suppress(Exception):  # drawn again under the tap: try again
                    play_by_touch(page, cards[0])
                    played += 1
        time.sleep(poll)
    return played


def play_by_touch(page: Page, card: Any) -> None:
    """Touch a card of the hand, and touch it again once it is lifted (a card that can take
    different sets asks which at the first touch: the first is tapped); back when it has left
    the hand, or the round is over (the hidden table keeps its last hand drawn while the
    round's results show)."""
    lifted = '[data-zone="hand"] [data-card].selected'
    held = f'[data-zone="hand"] [data-card="{card.get_attribute("data-card")}"]'
    page.touch(card)
    asked = "[data-choice]"
    until(lambda: page.present(lifted) or page.present(asked) or not page.present(held))

    def gone() -> bool:
        return not page.present(held) or page.screen() == "results"

    if page.present(lifted):
        page.touch(card)
        until(lambda: page.present(asked) or gone())
    if page.present(asked):
        page.tap(asked)
    until(gone)
