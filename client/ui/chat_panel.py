"""Room chat beside the table (and in the room screen): the lines said, and a line to type.

Owns `ChatPanel`: a scrolling log of `ChatLine`s wrapped to the panel's width (newest at the
bottom), a `TextInput` that sends on Enter through `on_send`, and a collapsed state that shows
only a toggle with the number of unread lines. The panel is opaque: nothing shows through its
text. At the table it is drawn at the window's resolution in the side column the layout
reserves (`place` moves and scales it). Lines are kept to `MAX_LINES`. In a language read
right to left the lines and the title are right-aligned.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable

import pygame

from client import theme
from client.i18n import _, isolate, number
from client.sessions.game_session import ChatLine
from client.ui.direction import flow_anchor, flow_x
from client.ui.panel import PanelPainter
from client.ui.text import TextRenderer
from client.ui.widgets import Button, TextInput

logger = logging.getLogger(__name__)

MAX_LINES = 60
CHAT_TEXT_MAX = 200
INPUT_HEIGHT = 36
PADDING = 10
LINE_HEIGHT = 20
SYSTEM_SENDER = ""
"""A line with no sender is news from the room ("Ali joined"), drawn dimmer."""
CHAT_FILL = (10, 30, 20, 255)


class ChatPanel:
    """A chat log with an input line; `open` False shows only the toggle button."""

    def __init__(
        self,
        rect: pygame.Rect,
        renderer: TextRenderer,
        panels: PanelPainter,
        on_send: Callable[[str], None],
        open_: bool = True,
        collapsible: bool = True,
        toggle_rect: pygame.Rect | None = None,
    ) -> None:
        """`toggle_rect` places the show/hide button (default: just above the panel's corner)."""
        self.rect = rect
        self.open = open_
        self.unread = 0
        self.unit = 1.0
        """The scale of its text and spacing (the table's layout unit; 1 on logical screens)."""
        self.lines: deque[ChatLine] = deque(maxlen=MAX_LINES)
        self._text = renderer
        self._panels = panels
        self._on_send = on_send
        self.input = TextInput(
            self._input_rect(),
            renderer,
            max_length=CHAT_TEXT_MAX,
            placeholder=_("Say something..."),
            on_submit=self._submit,
            font_size=theme.FONT_SMALL + 2,
        )
        self.toggle = (
            Button(
                toggle_rect or pygame.Rect(rect.right - 110, rect.y - 40, 110, 34),
                _("Chat"),
                renderer,
                on_click=self.flip,
                font_size=theme.FONT_SMALL + 2,
            )
            if collapsible
            else None
        )

        self._refresh_toggle()

    def place(self, rect: pygame.Rect, toggle_rect: pygame.Rect | None, unit: float) -> None:
        """Move the panel to `rect` and its toggle to `toggle_rect`, text scaled by `unit`."""
        self.rect, self.unit = rect, unit
        self.input.rect = self._input_rect()
        self.input.font_size = self._font(theme.FONT_SMALL + 2)
        if self.toggle is not None and toggle_rect is not None:
            self.toggle.rect = toggle_rect
            self.toggle.font_size = self._font(theme.FONT_SMALL + 2)

    def _px(self, value: float) -> int:
        return round(value * self.unit)

    def _font(self, size: int) -> int:
        return max(theme.FONT_MIN, round(size * self.unit))

    def _input_rect(self) -> pygame.Rect:
        pad, height = self._px(PADDING), self._px(INPUT_HEIGHT)
        rect = self.rect
        return pygame.Rect(rect.x + pad, rect.bottom - pad - height, rect.width - 2 * pad, height)

    def add(self, line: ChatLine) -> None:
        self.lines.append(line)
        if not self.open:
            self.unread += 1
        self._refresh_toggle()

    def flip(self) -> None:
        self.open = not self.open
        if self.open:
            self.unread = 0
        else:
            self.input.focused = False
        self._refresh_toggle()

    @property
    def typing(self) -> bool:
        """True while the input has the keyboard (game keys must not act then)."""
        return self.open and self.input.focused

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the event belonged to the chat."""
        if self.toggle is not None and self.toggle.handle_event(event):
            return True
        if not self.open:
            return False
        was_typing = self.input.focused
        self.input.handle_event(event)
        if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and was_typing:
                self.input.focused = False
                return True
            return was_typing
        pos = getattr(event, "pos", None)
        return pos is not None and self.rect.collidepoint(pos)

    def update(self, dt: float) -> None:
        self.input.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if self.toggle is not None:
            self.toggle.draw(surface)
        if not self.open:
            return
        self._panels.panel(surface, self.rect, CHAT_FILL)
        self._text.draw(
            surface,
            _("Chat"),
            (flow_x(self.rect.x + self._px(PADDING + 2), self.rect), self.rect.y + self._px(8)),
            self._font(theme.FONT_SMALL + 2),
            theme.TEXT_ACCENT,
            flow_anchor("topleft"),
        )
        self._draw_lines(surface)
        self.input.draw(surface)

    def _draw_lines(self, surface: pygame.Surface) -> None:
        width = self.rect.width - 2 * self._px(PADDING)
        top = self.rect.y + self._px(34)
        bottom = self.input.rect.y - self._px(6)
        size = self._font(theme.FONT_SMALL + 2)  # the column is wide: lines read at ease
        step = max(self._px(LINE_HEIGHT), self._text.line_height(size))
        rows: list[tuple[str, tuple[int, int, int]]] = []
        for line in self.lines:
            if line.sender == SYSTEM_SENDER:
                wrapped = self._text.wrap(line.text, width, size)
                rows += [(w, theme.TEXT_DIM) for w in wrapped]
            else:
                said = _("{name}: {text}").format(name=isolate(line.sender), text=line.text)
                wrapped = self._text.wrap(said, width, size)
                rows += [(w, theme.TEXT) for w in wrapped]
        visible = max(0, (bottom - top) // step)
        y = bottom - step * min(visible, len(rows))
        start, anchor = flow_x(self.rect.x + self._px(PADDING), self.rect), flow_anchor("topleft")
        for text, colour in rows[-visible:] if visible else []:
            self._text.draw(surface, text, (start, y), size, colour, anchor)
            y += step

    def _submit(self, text: str) -> None:
        cleaned = text.strip()
        if cleaned:
            self._on_send(cleaned)
        self.input.set_text("")

    def relabel(self) -> None:
        """Word the toggle and the input's placeholder in the interface's language."""
        self.input.placeholder = _("Say something...")
        self._refresh_toggle()

    def _refresh_toggle(self) -> None:
        if self.toggle is None:
            return
        if self.open:
            self.toggle.label = _("Hide chat")
        elif self.unread:
            self.toggle.label = _("Chat ({count})").format(count=number(self.unread))
        else:
            self.toggle.label = _("Chat")
