"""Driving the browser client in a real headless Chromium (Debian's ``chromium`` and
``chromium-driver``, through selenium) against a real server on 127.0.0.1.

Owns `web_server` (a ``basra-server`` process on free ports, its web port served to the page),
`Page` (one browser tab at a given size and language, with the page's hooks: the visible
screen, taps that wait for the control to be there and still, the table's turn) and
`browser_missing` (why the browser tests cannot run here, with how to get Chromium) and
`gateway_missing` (a server without issue 22's web port cannot serve the page).
Set ``BASRA_BROWSER_TESTS=required`` (as ``.ci/run`` does) and a missing browser fails them.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = ("chromium", "chromium-browser", "google-chrome")
DRIVER = "chromedriver"
HOW_TO_GET = "apt-get install chromium chromium-driver (and pip install selenium)"
WAIT = 20.0


def browser_missing() -> str | None:
    """Why no browser test can run here (None: they can)."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return f"selenium is not installed: {HOW_TO_GET}"
    if _chromium() is None or shutil.which(DRIVER) is None:
        return f"no Chromium with chromedriver here: {HOW_TO_GET}"
    return None


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


def _chromium() -> str | None:
    return next((found for name in CHROMIUM if (found := shutil.which(name))), None)


@dataclass(frozen=True)
class WebServer:
    tcp_port: int
    web_port: int
    log: Path

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
        yield WebServer(int(port_file.read_text()), int(web_file.read_text()), log_file)
    finally:
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


class Page:
    """One headless Chromium tab showing the browser client."""

    def __init__(self, width: int, height: int, language: str = "en") -> None:
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service

        options = Options()
        options.binary_location = _chromium() or "chromium"
        for argument in (
            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            f"--lang={language}", "--disable-extensions", "--mute-audio",
        ):  # fmt: skip
            options.add_argument(argument)
        options.add_experimental_option("prefs", {"intl.accept_languages": language})
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(service=Service(shutil.which(DRIVER)), options=options)
        # A phone's touch screen, so that `touch` reaches the page as a finger would.
        self.driver.execute_cdp_cmd(
            "Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5}
        )
        self.resize(width, height)

    def resize(self, width: int, height: int, mobile: bool = True) -> None:
        self.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile},
        )

    def close(self) -> None:
        self.driver.quit()

    def open(self, url: str) -> None:
        self.driver.get(url)
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
        """A finger's tap on the middle of ``element`` (touch events through the DevTools
        protocol: the page sees a pointer of type "touch", where ``click`` is a mouse's)."""
        x, y = self.run(
            "const r = arguments[0].getBoundingClientRect();"
            "return [r.left + r.width / 2, r.top + r.height / 2];",
            element,
        )
        for kind, points in (("touchStart", [{"x": x, "y": y}]), ("touchEnd", [])):
            self.driver.execute_cdp_cmd(
                "Input.dispatchTouchEvent", {"type": kind, "touchPoints": points}
            )

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
        """The page's console errors (a missing favicon aside)."""
        return [
            entry["message"]
            for entry in self.driver.get_log("browser")  # type: ignore[no-untyped-call]
            if entry["level"] == "SEVERE" and "favicon" not in entry["message"]
        ]

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
            if page.present("[data-choice]"):
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
    different sets asks which at the first touch); back when it has left the hand or the page
    asks which set, or the round is over (the hidden table keeps its last hand drawn while the
    round's results show)."""
    lifted = '[data-zone="hand"] [data-card].selected'
    held = f'[data-zone="hand"] [data-card="{card.get_attribute("data-card")}"]'
    page.touch(card)
    asked = "[data-choice]"
    until(lambda: page.present(lifted) or page.present(asked) or not page.present(held))
    if page.present(lifted):
        page.touch(card)
    until(lambda: page.present(asked) or not page.present(held) or page.screen() == "results")
