"""How to play: the rules in short sections and worked examples drawn with real cards.

Owns `HowToPlayScene`, opened from the main menu and from the table's pause menu. It draws at
the window's own resolution (`client.ui.rule_page` lays the page out for the window's size and
language), so the words stay crisp and readable in a small window, which scrolls further
instead. The page scrolls with the mouse wheel, the arrow keys, Page Up / Page Down, Space,
Home / End, and the scrollbar (drag its thumb, or click the track to move a page); Esc, or the
Back button, returns.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from client import theme
from client.i18n import _, current_language, is_rtl
from client.layout import LOGICAL_SIZE
from client.scenes.base import Scene
from client.ui.panel import draw_heading
from client.ui.rule_page import PageStyle, RulePage, draw_page, lay_out
from client.ui.widgets import Button
from shared.rules import RuleSet

if TYPE_CHECKING:
    from client.scenes.base import SceneHost

logger = logging.getLogger(__name__)

MARGIN = 24
"""Pixels (at 1280x720) between the window's edges and the page."""
LINE_STEP = 60
"""Pixels (at 1280x720) an arrow key or a notch of the wheel scrolls."""
PAGE_KEPT = 0.1
"""Share of the view a page key keeps in sight, so the reader does not lose the line."""
HEADER = 88
FOOTER = 40
BAR_WIDTH = 10
PANEL_FILL = (10, 30, 20)
PANEL_BORDER = (196, 164, 84)
"""The page's panel is opaque: the felt's grain would show through small words."""
PAGE_KEYS = {pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: 1, pygame.K_SPACE: 1}
LINE_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1}


@dataclass(frozen=True)
class Frame:
    """Where things are in a window of one size, in its pixels."""

    size: tuple[int, int]
    style: PageStyle
    view: pygame.Rect
    """The part of the window the page shows through."""
    panel: pygame.Rect
    track: pygame.Rect
    back: pygame.Rect

    @classmethod
    def for_window(cls, size: tuple[int, int]) -> Frame:
        margin = round(MARGIN * max(1.0, size[1] / 720))
        style = PageStyle.for_window(size, 2 * margin)
        top, bottom = style.px(HEADER), size[1] - style.px(FOOTER)
        view = pygame.Rect((size[0] - style.column_width) // 2, top, style.column_width, 0)
        view.height = bottom - top
        bar = style.px(BAR_WIDTH)
        panel = view.inflate(2 * (margin + bar), style.px(16))
        track_x = panel.left + margin // 4 if is_rtl() else panel.right - margin // 4 - bar
        track = pygame.Rect(track_x, view.top, bar, view.height)
        back = pygame.Rect(0, 0, style.px(130), style.px(46))
        back.centery = top // 2
        if is_rtl():
            back.right = size[0] - margin
        else:
            back.left = margin
        return cls(size, style, view, panel, track, back)


class HowToPlayScene(Scene):
    """The rules and worked examples, scrolled."""

    window_resolution = True

    def __init__(self, app: SceneHost, rules: RuleSet | None = None) -> None:
        """`rules`: the match being played, whose figures the page quotes (its target)."""
        super().__init__(app)
        self.rules = rules
        self.scroll = 0
        """Pixels of the page above the view."""
        self._frame: Frame | None = None
        self._page: RulePage | None = None
        self._laid_out_for: tuple[tuple[int, int], str] | None = None
        self._felt: pygame.Surface | None = None
        self._back: Button | None = None
        self._drag: tuple[int, int] | None = None
        """While the thumb is held: the mouse's y and the scroll when it was pressed."""

    # --- the page for the window ---------------------------------------------------------

    def frame_for(self, size: tuple[int, int]) -> tuple[Frame, RulePage]:
        """The frame and page for a window of `size`, laid out again when it or the
        language changed."""
        key = (size, current_language())
        if self._frame is None or self._page is None or self._laid_out_for != key:
            self._frame = Frame.for_window(size)
            self._page = lay_out(self.app.text, self._frame.style, self.rules)
            self._laid_out_for = key
            self._back = Button(
                self._frame.back,
                _("Back"),
                self.app.text,
                on_click=self.close,
                font_size=self._frame.style.body,
            )
            self.scroll = min(self.scroll, self.max_scroll)
        return self._frame, self._page

    @property
    def page(self) -> RulePage:
        return self._current()[1]

    def _current(self) -> tuple[Frame, RulePage]:
        if self._frame is not None:
            return self.frame_for(self._frame.size)
        window = pygame.display.get_surface()
        return self.frame_for(window.get_size() if window is not None else LOGICAL_SIZE)

    @property
    def max_scroll(self) -> int:
        if self._frame is None or self._page is None:
            return 0
        return max(0, self._page.height - self._frame.view.height)

    def on_language(self) -> None:
        super().on_language()
        self._laid_out_for = None

    # --- scrolling -------------------------------------------------------------------------

    def scroll_by(self, pixels: int) -> None:
        self.scroll_to(self.scroll + pixels)

    def scroll_to(self, pixels: int) -> None:
        self._current()
        self.scroll = max(0, min(self.max_scroll, pixels))
        self.dirty = True

    def _page_step(self) -> int:
        frame = self._current()[0]
        return round(frame.view.height * (1 - PAGE_KEPT))

    def _thumb(self) -> pygame.Rect:
        frame, page = self._current()
        track = frame.track
        shown = min(1.0, frame.view.height / max(1, page.height))
        height = max(frame.style.px(40), round(track.height * shown))
        free = track.height - height
        top = track.top + (round(free * self.scroll / self.max_scroll) if self.max_scroll else 0)
        return pygame.Rect(track.left, top, track.width, height)

    # --- events ----------------------------------------------------------------------------

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        frame = self._current()[0]
        if self._back is not None and self._back.handle_event(event):
            return
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-round(event.y * frame.style.px(LINE_STEP)))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
        elif event.type == pygame.MOUSEMOTION and self._drag is not None:
            self._drag_to(event.pos[1])
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._drag = None

    def _key(self, key: int) -> None:
        if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.close()
        elif key in LINE_KEYS:
            self.scroll_by(LINE_KEYS[key] * self._current()[0].style.px(LINE_STEP))
        elif key in PAGE_KEYS:
            self.scroll_by(PAGE_KEYS[key] * self._page_step())
        elif key == pygame.K_HOME:
            self.scroll_to(0)
        elif key == pygame.K_END:
            self.scroll_to(self.max_scroll)

    def _press(self, pos: tuple[int, int]) -> None:
        frame = self._current()[0]
        thumb = self._thumb()
        if thumb.collidepoint(pos):
            self._drag = (pos[1], self.scroll)
        elif frame.track.inflate(frame.style.px(8), 0).collidepoint(pos):
            self.scroll_by(self._page_step() * (1 if pos[1] > thumb.centery else -1))

    def _drag_to(self, y: int) -> None:
        assert self._drag is not None
        start_y, start_scroll = self._drag
        free = self._current()[0].track.height - self._thumb().height
        if free > 0:
            self.scroll_to(start_scroll + round((y - start_y) * self.max_scroll / free))

    # --- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        frame, page = self.frame_for(surface.get_size())
        surface.blit(self._felt_for(frame.size), (0, 0))
        style = frame.style
        title_at = (frame.size[0] // 2, frame.view.top // 2)
        draw_heading(surface, self.app.text, _("How to play"), title_at, round(46 * style.scale))
        pygame.draw.rect(surface, PANEL_FILL, frame.panel, border_radius=style.px(14))
        pygame.draw.rect(surface, PANEL_BORDER, frame.panel, 2, border_radius=style.px(14))
        previous_clip = surface.get_clip()
        surface.set_clip(frame.view)
        draw_page(surface, page, frame.view, self.scroll, self.app.text, self.app.cards_at)
        surface.set_clip(previous_clip)
        if self.max_scroll:
            pygame.draw.rect(surface, theme.FELT_DARK, frame.track, border_radius=style.px(5))
            pygame.draw.rect(surface, theme.TEXT_DIM, self._thumb(), border_radius=style.px(5))
        if self._back is not None:
            self._back.draw(surface)
        footer = _("Wheel, arrows or Page Up / Page Down to read on  ·  Esc to go back")
        footer_at = (frame.size[0] // 2, (frame.panel.bottom + frame.size[1]) // 2)
        self.app.text.draw(surface, footer, footer_at, style.small, theme.TEXT_DIM, "center")

    def _felt_for(self, size: tuple[int, int]) -> pygame.Surface:
        if self._felt is None or self._felt.get_size() != size:
            self._felt = pygame.transform.smoothscale(self.app.plain_felt, size)
        return self._felt
