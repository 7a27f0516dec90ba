"""Small overlays: the pause menu over the table, a message box, a question, the phones' code.

Owns `PauseScene` (Resume, How to play, Settings, for a LAN room's creator one "Let a computer
play for NAME" a person seated with him, Leave), `MessageScene` (a title, a few
lines of text and one button that runs an action), `ConfirmScene` (a message with a button
that goes ahead and one that stays, Esc included, where the keyboard's focus starts) and
`PhoneJoinScene` (the QR code and address of the page phones join a hosted server at, the code
drawn crisp in window pixels), all drawn over the dimmed scene beneath.
Their words are given translated; the pause menu words itself again when the language changes
under it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from client import theme
from client.i18n import _, isolate
from client.scenes.base import Scene
from client.scenes.how_to_play import HowToPlayScene
from client.ui.direction import flow_x
from client.ui.panel import OPAQUE_FILL, draw_heading
from client.ui.qr_code import QrPicture
from client.ui.widgets import Button, FocusCycle
from shared.rules import RuleSet

if TYPE_CHECKING:
    from client.scenes.base import SceneHost

logger = logging.getLogger(__name__)

BUTTON_SIZE = (280, 54)
ROW_STEP = 64
"""From one button of a column to the next."""
HAND_OVER_WIDTH = 420
"""The pause menu's buttons when it offers to hand seats to a computer (a name in each)."""
PHONE_QR = pygame.Rect(470, 140, 340, 340)
"""Where the phones' QR code goes in its overlay (logical): large, to be scanned from a seat."""


class _ButtonOverlay(Scene):
    opaque = False
    panel = pygame.Rect(440, 170, 400, 380)

    def __init__(self, app: SceneHost, title: str) -> None:
        super().__init__(app)
        self.title = title
        self.buttons: list[Button] = []
        self.focus = FocusCycle([])

    def add_button(
        self,
        label: str,
        action: Callable[[], None],
        y: int,
        centre_x: int | None = None,
        width: int = BUTTON_SIZE[0],
    ) -> Button:
        """A button at `y`, centred on the panel unless `centre_x` places it."""
        x = (self.panel.centerx if centre_x is None else centre_x) - width // 2
        rect = (x, y, width, BUTTON_SIZE[1])
        button = Button(rect, label, self.app.text, on_click=action)
        self.buttons.append(button)
        self.focus.widgets.append(button)
        if len(self.buttons) == 1:
            self.focus.focus(button)
        return button

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.focus.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.focus.step(-1 if event.key == pygame.K_UP else 1)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.dismiss()
            return
        for button in self.buttons:
            if button.handle_event(event):
                return

    def dismiss(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        self.app.panels.dim(surface, 140)
        self.app.panels.panel(surface, self.panel, OPAQUE_FILL)
        draw_heading(
            surface,
            self.app.text,
            self.title,
            (self.panel.centerx, self.panel.y + 48),
            theme.FONT_TITLE - 12,
        )
        for button in self.buttons:
            button.draw(surface)


class PauseScene(_ButtonOverlay):
    """Esc on the table: Resume, How to play, Settings, the creator's hand-overs, Leave."""

    def __init__(
        self,
        app: SceneHost,
        leave: Callable[[], None],
        settings: Callable[[], None],
        practice: bool = True,
        rules: RuleSet | None = None,
        hand_over: Sequence[tuple[str, Callable[[], None]]] = (),
    ) -> None:
        """`practice`: the leave button says "Leave game" (else "Leave table"); `rules`: the
        match's, which How to play quotes; `hand_over`: for each person whose seat the player
        may give to a computer, his name and what does it (after asking)."""
        super().__init__(app, "")
        self.leave = leave
        self.settings = settings
        self.practice = practice
        self.rules = rules
        self.hand_over = tuple(hand_over)
        rows = len(self.hand_over)
        width = HAND_OVER_WIDTH + 120 if rows else self.panel.width
        height = self.panel.height + rows * ROW_STEP
        self.panel = pygame.Rect(640 - width // 2, 360 - height // 2, width, height)
        self._build()

    def _build(self) -> None:
        # A network game does not stop for one player's menu: the title must not say so.
        self.title = _("Paused") if self.practice else _("The game goes on")
        width = HAND_OVER_WIDTH if self.hand_over else BUTTON_SIZE[0]
        top = self.panel.y + 100
        entries = [
            (_("Resume"), self.dismiss),
            (_("How to play"), self._how_to_play),
            (_("Settings"), self.settings),
        ]
        for name, action in self.hand_over:
            label = _("Let a computer play for {name}").format(name=isolate(name))
            entries.append((label, action))
        entries.append((_("Leave game") if self.practice else _("Leave table"), self.leave))
        for row, (label, action) in enumerate(entries):
            self.add_button(label, action, top + row * ROW_STEP, width=width)

    def _how_to_play(self) -> None:
        self.app.stack.push(HowToPlayScene(self.app, self.rules))

    def on_language(self) -> None:
        super().on_language()
        self.buttons.clear()
        self.focus.widgets.clear()
        self._build()


class MessageScene(_ButtonOverlay):
    """A message with one button (which also runs on Esc)."""

    panel = pygame.Rect(340, 200, 600, 320)

    def __init__(
        self, app: SceneHost, title: str, message: str, button: str, action: Callable[[], None]
    ) -> None:
        super().__init__(app, title)
        self.message = message
        self.action = action
        self.add_button(button, action, self.panel.bottom - 84)

    def dismiss(self) -> None:
        self.action()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        draw_message(self, surface, self.message)


class ConfirmScene(_ButtonOverlay):
    """A question: the first button goes ahead, the second (and Esc) stays; either closes it.

    The keyboard's focus starts on the one that stays: Enter pressed once too often on the way
    to a question (from the pause menu, say) must not leave a match, remove a person or give his
    seat away."""

    panel = MessageScene.panel

    def __init__(
        self,
        app: SceneHost,
        title: str,
        message: str,
        buttons: tuple[str, str],
        proceed: Callable[[], None],
    ) -> None:
        super().__init__(app, title)
        self.message = message
        self.proceed = proceed
        y = self.panel.bottom - 84
        gap = (self.panel.width - 2 * BUTTON_SIZE[0]) // 3
        for label, action, x in (
            (buttons[0], self._go_ahead, self.panel.x + gap),
            (buttons[1], self.dismiss, self.panel.right - gap - BUTTON_SIZE[0]),
        ):
            self.add_button(label, action, y, int(flow_x(x + BUTTON_SIZE[0] / 2, self.panel)))
        self.focus.focus(self.buttons[1])

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        draw_message(self, surface, self.message)

    def _go_ahead(self) -> None:
        self.dismiss()
        self.proceed()


class PhoneJoinScene(_ButtonOverlay):
    """The page phones join the hosted server at: its QR code and its address; Done or Esc
    closes it."""

    panel = pygame.Rect(390, 40, 500, 640)

    def __init__(self, app: SceneHost, page: str) -> None:
        super().__init__(app, _("Phones join here"))
        self.code = QrPicture(page)
        self.add_button(_("Done"), self.dismiss, self.panel.bottom - 84)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        at = (PHONE_QR.centerx, PHONE_QR.bottom + 20)
        page = isolate(self.code.text)
        width = self.panel.width - 40
        self.app.text.draw(surface, page, at, theme.FONT_BODY, theme.TEXT_ACCENT, "midtop", width)

    def draw_crisp(self, window: pygame.Surface, scale: float, offset: tuple[float, float]) -> None:
        x, y = PHONE_QR.center
        centre = (round(x * scale + offset[0]), round(y * scale + offset[1]))
        self.code.draw(window, centre, int(PHONE_QR.width * scale))


def draw_message(scene: _ButtonOverlay, surface: pygame.Surface, message: str) -> None:
    """Up to four lines of ``message`` under the title of ``scene``'s panel."""
    text, panel = scene.app.text, scene.panel
    for i, line in enumerate(text.wrap(message, panel.width - 80, theme.FONT_BODY)[:4]):
        position = (panel.centerx, panel.y + 110 + i * 32)
        text.draw(surface, line, position, theme.FONT_BODY, theme.TEXT, "center")
