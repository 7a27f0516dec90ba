"""Small widgets drawn on the logical surface: buttons, text input, list box, toast, focus.

Owns `Button`, `TextInput` and `FocusCycle`, and gathers the other widgets (`ListBox`,
`Toast`, `Label`, `TextRenderer`) so scenes import them all from here. Widgets read mouse
positions from events in *logical* coordinates: the app maps window events first
(`logical_mouse_event`). Each widget has `handle_event(event) -> bool`, `update(dt)` where time
matters, and `draw(surface)`, so a scene can keep them as fields and call them every frame.
Colours and sizes come from `theme`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from client import theme
from client.i18n import is_rtl
from client.layout import window_to_logical
from client.ui.list_box import ListBox
from client.ui.text import Label, TextRenderer
from client.ui.text_order import is_right_to_left
from client.ui.toast import Toast

logger = logging.getLogger(__name__)

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

RectLike = pygame.Rect | tuple[int, int, int, int]
ACTIVATE_KEYS = frozenset({pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE})
SUBMIT_KEYS = frozenset({pygame.K_RETURN, pygame.K_KP_ENTER})
CURSOR_BLINK_SECONDS = 0.5
CARET_GAP = 2
"""Pixels between the caret and the letter before it: touching a final Arabic letter, the
caret read as one more alef ("أحمدا")."""
SELECTION_FILL = (178, 206, 242)
NOTE_FILL = (28, 36, 31)
"""The limit note's box: opaque, so the row it lies over does not show through its words."""
NOTE_GAP = 4
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


def _is_left_click(event: pygame.event.Event, kind: int) -> bool:
    return bool(event.type == kind and getattr(event, "button", 0) == 1)


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
        elif _is_left_click(event, pygame.MOUSEBUTTONDOWN):
            self.pressed = self.enabled and self.rect.collidepoint(event.pos)
        elif _is_left_click(event, pygame.MOUSEBUTTONUP):
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


class TextInput:
    """A single-line text field with a cursor; Enter submits. In an interface that reads right
    to left its text sits at the right while it fits.

    ``allowed``, when given, decides alone which typed characters are kept (a name field passes
    `shared.names.name_character`); without it every printable character is.

    Text that does not fit ``max_length`` is cut; when typing or pasting (Ctrl+V) was cut,
    ``limit_reached`` is set and `draw_note` shows ``limit_note`` just under the field while it
    has the focus, so the player knows why the letters stopped.

    Ctrl+A selects the whole text: what is typed or pasted next replaces it, Backspace or
    Delete clears it, a move of the cursor lets it go.

    Typed text arrives as `pygame.TEXTINPUT` events (SDL enables text input by default on
    desktop; call `pygame.key.start_text_input()` if a platform does not).
    """

    def __init__(
        self,
        rect: RectLike,
        renderer: TextRenderer,
        text: str = "",
        max_length: int = 32,
        placeholder: str = "",
        allowed: Callable[[str], bool] | None = None,
        on_submit: Callable[[str], None] | None = None,
        font_size: int = theme.FONT_BODY,
        limit_note: str = "",
    ) -> None:
        self.rect = pygame.Rect(rect)
        self.max_length = max_length
        self.placeholder = placeholder
        self.limit_note = limit_note
        self.limit_reached = False
        self.allowed = allowed
        self.on_submit = on_submit
        self.font_size = font_size
        self.enabled = True
        self.focused = False
        self.text = text[:max_length]
        self.cursor = len(self.text)
        self.all_selected = False
        self._renderer = renderer
        self._blink = 0.0

    def set_text(self, text: str) -> None:
        """Replace the contents (trimmed to `max_length`) and put the cursor at the end."""
        self.text = text[: self.max_length]
        self.cursor = len(self.text)
        self.all_selected = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Edit on keys and text while focused; return True when Enter submits the text."""
        if _is_left_click(event, pygame.MOUSEBUTTONDOWN):
            self.focused = self.enabled and self.rect.collidepoint(event.pos)
            self.all_selected = False
            if self.focused:
                self.cursor = self._index_at(event.pos[0])
            return False
        if not self.focused:
            return False
        self._blink = 0.0  # keep the cursor visible while the user types
        if event.type == pygame.TEXTINPUT:
            self._insert(event.text)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_v and _ctrl(event):
            self._insert(_clipboard_text())
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_a and _ctrl(event):
            self.all_selected = bool(self.text)
            self.cursor = len(self.text)
        elif event.type == pygame.KEYDOWN:
            return self._handle_key(event.key)
        return False

    def _insert(self, typed: str) -> None:
        accepted = "".join(c for c in typed if self._allows(c))
        if self.all_selected and accepted:
            self._clear_selection()
        room = max(0, self.max_length - len(self.text))
        self.limit_reached = len(accepted) > room
        accepted = accepted[:room]
        self.text = self.text[: self.cursor] + accepted + self.text[self.cursor :]
        self.cursor += len(accepted)

    def _allows(self, char: str) -> bool:
        # A field's own rule decides alone: the name rule takes a no-break space (a space once
        # normalised), which Python does not count as printable.
        return char.isprintable() if self.allowed is None else self.allowed(char)

    def _clear_selection(self) -> None:
        self.text, self.cursor, self.all_selected = "", 0, False

    def _handle_key(self, key: int) -> bool:
        if key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.limit_reached = False
            if self.all_selected:
                self._clear_selection()
                return False
        if key not in SUBMIT_KEYS:
            self.all_selected = False
        if key == pygame.K_BACKSPACE and self.cursor > 0:
            self.text = self.text[: self.cursor - 1] + self.text[self.cursor :]
            self.cursor -= 1
        elif key == pygame.K_DELETE:
            self.text = self.text[: self.cursor] + self.text[self.cursor + 1 :]
        elif key == pygame.K_LEFT:
            self.cursor = max(0, self.cursor - 1)
        elif key == pygame.K_RIGHT:
            self.cursor = min(len(self.text), self.cursor + 1)
        elif key == pygame.K_HOME:
            self.cursor = 0
        elif key == pygame.K_END:
            self.cursor = len(self.text)
        elif key in SUBMIT_KEYS:
            if self.on_submit is not None:
                self.on_submit(self.text)
            return True
        return False

    def _index_at(self, x: int) -> int:
        """The cursor index nearest to logical x (for clicking into the text)."""
        left = self._text_left(self.text)
        widths = [
            self._renderer.caret_x(self.text, i, self.font_size) for i in range(len(self.text) + 1)
        ]
        return min(range(len(widths)), key=lambda i: abs(left + widths[i] - x))

    def _text_left(self, text: str) -> int:
        """Where drawn `text` starts: right-aligned while it fits when the interface reads right
        to left, else from the left and scrolled so the cursor stays inside the box."""
        inner = self.rect.width - 2 * theme.INPUT_PADDING
        width = self._renderer.measure(text, self.font_size)[0]
        if is_rtl() and width <= inner:
            return self.rect.x + theme.INPUT_PADDING + inner - width
        return self.rect.x + theme.INPUT_PADDING - self._scroll()

    def _scroll(self) -> int:
        """Pixels the text is shifted left so the cursor stays inside the box."""
        inner = self.rect.width - 2 * theme.INPUT_PADDING
        cursor_x = self._renderer.caret_x(self.text, self.cursor, self.font_size)
        return max(0, cursor_x - inner + 2)

    def update(self, dt: float) -> None:
        self._blink = (self._blink + dt) % (2 * CURSOR_BLINK_SECONDS)

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.INPUT_FILL, self.rect, border_radius=theme.CORNER_RADIUS)
        border = theme.FOCUS_RING if self.focused else theme.INPUT_BORDER
        pygame.draw.rect(surface, border, self.rect, theme.BORDER_WIDTH, theme.CORNER_RADIUS)
        inner = self.rect.inflate(-2 * theme.INPUT_PADDING, -theme.BORDER_WIDTH * 2)
        previous_clip = surface.get_clip()
        surface.set_clip(inner.clip(previous_clip) if previous_clip else inner)
        left = self._text_left(self.text)
        if self.all_selected:
            width = self._renderer.measure(self.text, self.font_size)[0]
            half = self._renderer.font(self.font_size).get_height() // 2
            marked = pygame.Rect(left, inner.centery - half, width, 2 * half)
            pygame.draw.rect(surface, SELECTION_FILL, marked)
        if self.text:
            self._renderer.draw(
                surface,
                self.text,
                (left, inner.centery),
                self.font_size,
                theme.INPUT_TEXT,
                "midleft",
            )
        elif not self.focused:
            self._renderer.draw(
                surface,
                self.placeholder,
                (self._text_left(self.placeholder), inner.centery),
                self.font_size,
                theme.INPUT_PLACEHOLDER,
                "midleft",
            )
        if self.focused and self._blink < CURSOR_BLINK_SECONDS and not self.all_selected:
            x = self.caret_x()
            half = self._renderer.font(self.font_size).get_height() // 2
            pygame.draw.line(
                surface, theme.INPUT_CURSOR, (x, inner.centery - half), (x, inner.centery + half), 2
            )
        surface.set_clip(previous_clip)

    def caret_x(self) -> int:
        """Where the caret is drawn; at either end of the text, a gap away from its letters
        (the end of Arabic text is its left side)."""
        x = self._text_left(self.text) + self._renderer.caret_x(
            self.text, self.cursor, self.font_size
        )
        if not self.text or 0 < self.cursor < len(self.text):
            return x
        outward = -CARET_GAP if self.cursor == 0 else CARET_GAP
        return x - outward if is_right_to_left(self.text) else x + outward

    @property
    def showing_note(self) -> bool:
        return bool(self.focused and self.limit_reached and self.limit_note)

    def draw_note(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The limit note in a small opaque box just under the field, at its start in the
        reading direction; drawn after the other widgets, which it may lie over. Its rect, or
        None when it is not showing."""
        if not self.showing_note:
            return None
        size = theme.FONT_SMALL
        width, height = self._renderer.measure(self.limit_note, size)
        box = pygame.Rect(0, 0, width + 2 * theme.INPUT_PADDING, height + NOTE_GAP)
        box.top = self.rect.bottom + NOTE_GAP
        if is_rtl():
            box.right = self.rect.right
        else:
            box.left = self.rect.left
        radius = theme.CORNER_RADIUS
        pygame.draw.rect(surface, NOTE_FILL, box, border_radius=radius)
        pygame.draw.rect(surface, theme.TEXT_ACCENT, box, 1, border_radius=radius)
        self._renderer.draw(surface, self.limit_note, box.center, size, theme.TEXT_ACCENT, "center")
        return box


def _ctrl(event: pygame.event.Event) -> bool:
    return bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)


def _clipboard_text() -> str:
    """The clipboard's text; empty when there is none or no clipboard to ask."""
    try:
        return pygame.scrap.get_text()
    except pygame.error as error:
        logger.info("no clipboard: %s", error)
        return ""


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
