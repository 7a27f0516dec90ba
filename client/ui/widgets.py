"""Small widgets drawn on the logical surface: buttons, text input, list box, toast, focus.

Owns `Button` and `FocusCycle`, and gathers the other widgets (`TextInput`, `ListBox`,
`Toast`, `Label`, `TextRenderer`) so scenes import them all from here. Widgets read mouse
positions from events in *logical* coordinates: the app maps window events first
(`logical_mouse_event`). Each widget has `handle_event(event) -> bool`, `update(dt)` where time
matters, and `draw(surface)`, so a scene can keep them as fields and call them every frame.
Colours and sizes come from `theme`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from client import theme
from client.layout import window_to_logical
from client.ui.list_box import ListBox
from client.ui.text import Label, TextRenderer
from client.ui.text_input import ACTIVATE_KEYS, RectLike, TextInput, is_left_click
from client.ui.toast import Toast

__all__ = [
    "Button",
    "FocusCycle",
    "Label",
    "ListBox",
    "TextInput",
    "TextRenderer",
    "Toast",
    "logical_mouse_event",
]

BUTTON_PADDING = 8
"""Room kept on each side of a button's label: a longer one is cut with an ellipsis."""


def logical_mouse_event(
    event: pygame.event.Event, scale: float, offset: tuple[float, float]
) -> pygame.event.Event:
    """A copy of a mouse event with `pos` (and `rel`) in logical coordinates.

    Other events are returned unchanged. `scale` and `offset` come from
    `layout.scale_to_window`.
    """
    if not hasattr(event, "pos"):
        return event
    attrs = dict(event.__dict__)
    x, y = window_to_logical(event.pos, scale, offset)
    attrs["pos"] = (int(x), int(y))
    if "rel" in attrs:
        attrs["rel"] = (int(event.rel[0] / scale), int(event.rel[1] / scale))
    return pygame.event.Event(event.type, attrs)


class Button:
    """A clickable, focusable button. Clicks need press and release both inside it."""

    def __init__(
        self,
        rect: RectLike,
        label: str,
        renderer: TextRenderer,
        enabled: bool = True,
        on_click: Callable[[], None] | None = None,
        font_size: int = theme.FONT_BODY,
    ) -> None:
        self.rect = pygame.Rect(rect)
        self.label = label
        self.enabled = enabled
        self.on_click = on_click
        self.font_size = font_size
        self.hovered = False
        self.pressed = False
        self.focused = False
        self._renderer = renderer

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Track hover and press; return True (and call `on_click`) when activated."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif is_left_click(event, pygame.MOUSEBUTTONDOWN):
            self.pressed = self.enabled and self.rect.collidepoint(event.pos)
        elif is_left_click(event, pygame.MOUSEBUTTONUP):
            released_inside = self.pressed and self.rect.collidepoint(event.pos)
            self.pressed = False
            if released_inside:
                return self._activate()
        elif event.type == pygame.KEYDOWN and self.focused and event.key in ACTIVATE_KEYS:
            return self._activate()
        return False

    def _activate(self) -> bool:
        if not self.enabled:
            return False
        if self.on_click is not None:
            self.on_click()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        if not self.enabled:
            fill, text_colour = theme.BUTTON_DISABLED, theme.BUTTON_TEXT_DISABLED
        elif self.pressed:
            fill, text_colour = theme.BUTTON_PRESSED, theme.BUTTON_TEXT
        else:
            fill = theme.BUTTON_HOVER if self.hovered else theme.BUTTON_FILL
            text_colour = theme.BUTTON_TEXT
        radius = theme.CORNER_RADIUS
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        pygame.draw.rect(
            surface, theme.BUTTON_BORDER, self.rect, theme.BORDER_WIDTH, border_radius=radius
        )
        if self.focused:
            ring = self.rect.inflate(2 * theme.FOCUS_WIDTH + 2, 2 * theme.FOCUS_WIDTH + 2)
            pygame.draw.rect(surface, theme.FOCUS_RING, ring, theme.FOCUS_WIDTH, radius + 3)
        self._renderer.draw(
            surface,
            self.label,
            self.rect.center,
            self.font_size,
            text_colour,
            "center",
            max_width=self.rect.width - 2 * BUTTON_PADDING,
        )


class Focusable(Protocol):
    focused: bool
    enabled: bool


class FocusCycle:
    """Moves keyboard focus through widgets with Tab and Shift+Tab, skipping disabled ones.

    Pass each event here *before* the widgets: a mouse press clears every focus, so only the
    widget clicked (a text input claims focus itself) ends up focused.
    """

    def __init__(self, widgets: Sequence[Focusable]) -> None:
        self.widgets = list(widgets)

    @property
    def focused(self) -> Focusable | None:
        return next((w for w in self.widgets if w.focused), None)

    def focus(self, widget: Focusable | None) -> None:
        """Give focus to `widget` alone (None clears focus)."""
        for each in self.widgets:
            each.focused = each is widget

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Return True when the event was a Tab that moved focus."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.focus(None)
            return False
        if event.type != pygame.KEYDOWN or event.key != pygame.K_TAB:
            return False
        backwards = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        self.step(-1 if backwards else 1)
        return True

    def step(self, direction: int) -> None:
        """Focus the next (1) or previous (-1) enabled widget, wrapping around."""
        candidates = [w for w in self.widgets if w.enabled]
        if not candidates:
            return
        current = self.focused
        if current in candidates:
            index = (candidates.index(current) + direction) % len(candidates)
        else:
            index = 0 if direction > 0 else len(candidates) - 1
        self.focus(candidates[index])
