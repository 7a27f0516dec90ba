"""A single-line text field: typing, pasting, selecting all, a blinking caret, and the note
that says why the letters stopped.

Owns `TextInput` (gathered with the other widgets by `client.ui.widgets`), with the keys and
the mouse test the widgets share (`ACTIVATE_KEYS`, `is_left_click`). Colours and sizes come
from `theme`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import pygame

from client import theme
from client.i18n import is_rtl
from client.ui.text import TextRenderer
from client.ui.text_order import is_right_to_left

__all__ = ["ACTIVATE_KEYS", "RectLike", "TextInput", "is_left_click"]

logger = logging.getLogger(__name__)

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


def is_left_click(event: pygame.event.Event, kind: int) -> bool:
    """``event`` is a press or release (``kind``) of the left button."""
    return bool(event.type == kind and getattr(event, "button", 0) == 1)


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
        if is_left_click(event, pygame.MOUSEBUTTONDOWN):
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
