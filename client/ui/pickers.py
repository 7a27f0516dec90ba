"""Setting widgets: a choice among options, an on/off toggle and a slider, each with a label.

Owns `Choice`, `Toggle` and `Slider`. Like the widgets in `client.ui.widgets` they take logical
mouse positions, work with `FocusCycle` (`focused`, `enabled`) and the keyboard (Left/Right
change a focused choice or slider, Space/Enter flip a toggle), report changes through an
optional callback, and draw themselves in the theme's colours. Labels and option texts are
given translated; in a language read right to left the label sits on the right and the control
on the left (the control itself still runs left to right, as a volume slider does).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

import pygame

from client import theme
from client.i18n import _, number
from client.ui.direction import flow_anchor, flow_rect, flow_x
from client.ui.text import TextRenderer

logger = logging.getLogger(__name__)

T = TypeVar("T")
ARROW_WIDTH = 40
VALUE_WIDTH = 260
SLIDER_STEP = 0.05
TRACK_HEIGHT = 8
KNOB_RADIUS = 11


def _left_click(event: pygame.event.Event) -> bool:
    return bool(event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1)


def _draw_label(
    surface: pygame.Surface, renderer: TextRenderer, text: str, rect: pygame.Rect
) -> None:
    start = flow_x(rect.x, rect)
    renderer.draw(
        surface, text, (start, rect.centery), theme.FONT_BODY, theme.TEXT, flow_anchor("midleft")
    )


def _focus_ring(surface: pygame.Surface, rect: pygame.Rect) -> None:
    ring = rect.inflate(10, 8)
    pygame.draw.rect(surface, theme.FOCUS_RING, ring, theme.FOCUS_WIDTH, theme.CORNER_RADIUS + 2)


class Choice(Generic[T]):
    """`label` on the left; `< value >` on the right, cycling through `options`."""

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        label: str,
        options: Sequence[tuple[T, str]],
        renderer: TextRenderer,
        value: T | None = None,
        on_change: Callable[[T], None] | None = None,
    ) -> None:
        if not options:
            raise ValueError("a choice needs at least one option")
        self.rect = pygame.Rect(rect)
        self.label = label
        self.options = list(options)
        values = [v for v, _ in self.options]
        self.index = values.index(value) if value in values else 0
        self.on_change = on_change
        self.enabled = True
        self.focused = False
        self._renderer = renderer

    @property
    def value(self) -> T:
        return self.options[self.index][0]

    @property
    def value_rect(self) -> pygame.Rect:
        # In a narrow row (a small window's room screen) the label keeps a third of it.
        width = min(VALUE_WIDTH, self.rect.width * 2 // 3)
        box = (self.rect.right - width, self.rect.y, width, self.rect.height)
        return flow_rect(box, self.rect)

    def step(self, direction: int) -> None:
        self.index = (self.index + direction) % len(self.options)
        if self.on_change is not None:
            self.on_change(self.value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the value changed."""
        if not self.enabled:
            return False
        if _left_click(event) and self.value_rect.collidepoint(event.pos):
            left_half = event.pos[0] < self.value_rect.centerx
            self.step(-1 if left_half else 1)
            return True
        if (
            event.type == pygame.KEYDOWN
            and self.focused
            and event.key in (pygame.K_LEFT, pygame.K_RIGHT)
        ):
            self.step(-1 if event.key == pygame.K_LEFT else 1)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        _draw_label(surface, self._renderer, self.label, self.rect)
        box = self.value_rect
        fill = theme.BUTTON_FILL if self.enabled else theme.BUTTON_DISABLED
        pygame.draw.rect(surface, fill, box, border_radius=theme.CORNER_RADIUS)
        pygame.draw.rect(surface, theme.BUTTON_BORDER, box, theme.BORDER_WIDTH, theme.CORNER_RADIUS)
        colour = theme.TEXT_ACCENT if self.enabled else theme.BUTTON_TEXT_DISABLED
        self._renderer.draw(
            surface, "<", (box.x + ARROW_WIDTH / 2, box.centery), theme.FONT_LARGE, colour, "center"
        )
        self._renderer.draw(
            surface,
            ">",
            (box.right - ARROW_WIDTH / 2, box.centery),
            theme.FONT_LARGE,
            colour,
            "center",
        )
        text = self.options[self.index][1]
        text_colour = theme.TEXT if self.enabled else theme.BUTTON_TEXT_DISABLED
        self._renderer.draw(surface, text, box.center, theme.FONT_BODY, text_colour, "center")
        if self.focused:
            _focus_ring(surface, box)


class Toggle:
    """`label` on the left and an on/off switch on the right."""

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        label: str,
        renderer: TextRenderer,
        value: bool = False,
        on_change: Callable[[bool], None] | None = None,
    ) -> None:
        self.rect = pygame.Rect(rect)
        self.label = label
        self.value = value
        self.on_change = on_change
        self.enabled = True
        self.focused = False
        self._renderer = renderer

    @property
    def switch_rect(self) -> pygame.Rect:
        return flow_rect((self.rect.right - 80, self.rect.centery - 16, 80, 32), self.rect)

    def flip(self) -> None:
        self.value = not self.value
        if self.on_change is not None:
            self.on_change(self.value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        clicked = _left_click(event) and self.switch_rect.collidepoint(event.pos)
        keyed = (
            event.type == pygame.KEYDOWN
            and self.focused
            and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_LEFT, pygame.K_RIGHT)
        )
        if clicked or keyed:
            self.flip()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        _draw_label(surface, self._renderer, self.label, self.rect)
        switch = self.switch_rect
        fill = (70, 150, 96) if self.value else theme.BUTTON_DISABLED
        pygame.draw.rect(surface, fill, switch, border_radius=switch.height // 2)
        pygame.draw.rect(surface, theme.BUTTON_BORDER, switch, 2, border_radius=switch.height // 2)
        knob_x = switch.right - 16 if self.value else switch.x + 16
        pygame.draw.circle(surface, theme.CARD_FACE, (knob_x, switch.centery), 12)
        text = _("On") if self.value else _("Off")
        text_x = flow_x(self.rect.right - 80 - 12, self.rect)
        self._renderer.draw(
            surface,
            text,
            (text_x, switch.centery),
            theme.FONT_SMALL,
            theme.TEXT_DIM,
            flow_anchor("midright"),
        )
        if self.focused:
            _focus_ring(surface, switch)


class Slider:
    """`label` on the left and a 0..1 slider on the right (drag, click or arrow keys)."""

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        label: str,
        renderer: TextRenderer,
        value: float = 0.5,
        on_change: Callable[[float], None] | None = None,
    ) -> None:
        self.rect = pygame.Rect(rect)
        self.label = label
        self.value = min(1.0, max(0.0, value))
        self.on_change = on_change
        self.enabled = True
        self.focused = False
        self.dragging = False
        self._renderer = renderer

    @property
    def track_rect(self) -> pygame.Rect:
        track = (
            self.rect.right - VALUE_WIDTH + KNOB_RADIUS,
            self.rect.centery - TRACK_HEIGHT // 2,
            VALUE_WIDTH - 2 * KNOB_RADIUS - 56,
            TRACK_HEIGHT,
        )
        return flow_rect(track, self.rect)

    def set_value(self, value: float) -> None:
        value = round(min(1.0, max(0.0, value)), 3)
        if value != self.value:
            self.value = value
            if self.on_change is not None:
                self.on_change(value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        track = self.track_rect
        grab = track.inflate(2 * KNOB_RADIUS, 2 * KNOB_RADIUS)
        if _left_click(event) and grab.collidepoint(event.pos):
            self.dragging = True
            self.set_value((event.pos[0] - track.x) / track.width)
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self.set_value((event.pos[0] - track.x) / track.width)
            return True
        if event.type == pygame.MOUSEBUTTONUP:
            self.dragging = False
        if (
            event.type == pygame.KEYDOWN
            and self.focused
            and event.key in (pygame.K_LEFT, pygame.K_RIGHT)
        ):
            self.set_value(
                self.value + (SLIDER_STEP if event.key == pygame.K_RIGHT else -SLIDER_STEP)
            )
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        _draw_label(surface, self._renderer, self.label, self.rect)
        track = self.track_rect
        pygame.draw.rect(surface, theme.LIST_FILL, track, border_radius=TRACK_HEIGHT // 2)
        filled = pygame.Rect(track.x, track.y, round(track.width * self.value), track.height)
        pygame.draw.rect(surface, theme.TEXT_ACCENT, filled, border_radius=TRACK_HEIGHT // 2)
        knob = (track.x + round(track.width * self.value), track.centery)
        pygame.draw.circle(surface, theme.CARD_FACE, knob, KNOB_RADIUS)
        pygame.draw.circle(surface, theme.BUTTON_BORDER, knob, KNOB_RADIUS, 2)
        percent = _("{percent}%").format(percent=number(round(self.value * 100)))
        self._renderer.draw(
            surface,
            percent,
            (flow_x(self.rect.right, self.rect), track.centery),
            theme.FONT_SMALL,
            theme.TEXT_DIM,
            flow_anchor("midright"),
        )
        if self.focused:
            _focus_ring(surface, track.inflate(2 * KNOB_RADIUS, 2 * KNOB_RADIUS))
