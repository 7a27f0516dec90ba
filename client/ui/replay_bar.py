"""The replay viewer's controls, like a video player's: `ReplayBar`.

Owns the bar along the bottom of the floor: buttons for the previous deal, one play back,
play/pause, one play forward and the next deal (icons drawn as shapes, so they need no font
and read the same in every language), the speed, a progress track with a mark at every deal
(taller at every round) that seeks on a click or a drag, a line saying where the replay is,
and a button for the hand review. It holds no replay: each frame the scene hands it a
`BarState`, and the bar calls the scene's `BarActions`. The track with its marks is drawn
once per match and kept.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import NamedTuple

import pygame

from client import theme
from client.ui.panel import PanelPainter
from client.ui.text import TextRenderer
from client.ui.widgets import Button

logger = logging.getLogger(__name__)

BAR_RECT = pygame.Rect(262, 504, 756, 58)
"""Inside the floor's outline, below the two rows of floor cards a deal almost always leaves
(at 1280x720; the scene places it for the window with `place`)."""
ICON_SIZE = (40, 36)
SPEED_WIDTH = 58
REVIEW_WIDTH = 124
GAP = 6
TRACK_HEIGHT = 8
ROUND_MARK = 12
"""How far a round's mark stands above and below the track (a deal's: half)."""
KNOB_RADIUS = 8
ICON_COLOUR = theme.TEXT
TRACK_COLOUR = (22, 48, 36)
PLAYED_COLOUR = theme.TEXT_ACCENT
MARK_COLOUR = (200, 214, 204)
BAR_FILL = (10, 30, 20, 220)


class BarState(NamedTuple):
    """What the bar shows this frame."""

    position: int
    length: int
    playing: bool
    speed: str
    """The speed as the player reads it ("1×")."""
    where: str
    """Where the replay is ("Round 2 · deal 3 · play 57 of 192")."""
    review: str
    """The review button's label."""


class BarActions(NamedTuple):
    """What the bar's buttons and track ask of the scene."""

    previous_deal: Callable[[], None]
    back: Callable[[], None]
    toggle: Callable[[], None]
    forward: Callable[[], None]
    next_deal: Callable[[], None]
    faster: Callable[[], None]
    seek: Callable[[int], None]
    review: Callable[[], None]


class ReplayBar:
    """Buttons, speed, progress track and review button, in its `rect`."""

    def __init__(
        self,
        text: TextRenderer,
        panels: PanelPainter,
        actions: BarActions,
        marks: Sequence[tuple[int, bool]],
        length: int,
    ) -> None:
        """``marks``: (position, starts a round) for every deal; ``length``: the plays."""
        self.text = text
        self.panels = panels
        self.actions = actions
        self.marks = tuple(marks)
        self.length = length
        self.dragging = False
        self.rect = BAR_RECT
        self.icons: list[tuple[str, Button]] = [
            (name, Button((0, 0, 1, 1), "", text, on_click=action))
            for name, action in (
                ("previous", actions.previous_deal),
                ("back", actions.back),
                ("toggle", actions.toggle),
                ("forward", actions.forward),
                ("next", actions.next_deal),
            )
        ]
        small = theme.FONT_SMALL
        self.speed = Button((0, 0, 1, 1), "", text, on_click=actions.faster, font_size=small)
        self.review = Button((0, 0, 1, 1), "", text, on_click=actions.review, font_size=small)
        self.track = pygame.Rect(0, 0, 1, TRACK_HEIGHT)
        self._track_layer: pygame.Surface | None = None
        self.place(BAR_RECT)

    def place(self, rect: pygame.Rect) -> None:
        """Lay the bar out in `rect`: the buttons at its ends, the track between them."""
        self.rect = rect
        x, y = rect.x + 10, rect.y + (rect.height - ICON_SIZE[1]) // 2
        for _name, button in self.icons:
            button.rect = pygame.Rect(x, y, *ICON_SIZE)
            x += ICON_SIZE[0] + GAP
        self.speed.rect = pygame.Rect(x, y, SPEED_WIDTH, ICON_SIZE[1])
        x += SPEED_WIDTH + 2 * GAP + KNOB_RADIUS
        review_x = rect.right - 10 - REVIEW_WIDTH
        self.review.rect = pygame.Rect(review_x, y, REVIEW_WIDTH, ICON_SIZE[1])
        track_right = review_x - 2 * GAP - KNOB_RADIUS
        self.track = pygame.Rect(x, rect.y + 37, max(1, track_right - x), TRACK_HEIGHT)
        self._track_layer = None

    @property
    def buttons(self) -> list[Button]:
        return [*(b for _, b in self.icons), self.speed, self.review]

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Take the event if it is for the bar; True when it was."""
        if any(button.handle_event(event) for button in self.buttons):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
            if self._grip().collidepoint(event.pos):
                self.dragging = True
                self.actions.seek(self.position_at(event.pos[0]))
                return True
        elif event.type == pygame.MOUSEMOTION and self.dragging:
            self.actions.seek(self.position_at(event.pos[0]))
            return True
        elif event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            return True
        return bool(
            event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
            and self.rect.collidepoint(event.pos)
        )

    def position_at(self, x: float) -> int:
        """The position under ``x`` on the track, clamped to the match."""
        if self.track.width <= 0:
            return 0
        share = (x - self.track.x) / self.track.width
        return max(0, min(self.length, round(share * self.length)))

    def x_of(self, position: int) -> float:
        return self.track.x + self.track.width * position / max(1, self.length)

    def _grip(self) -> pygame.Rect:
        return self.track.inflate(2 * KNOB_RADIUS, 2 * ROUND_MARK + 8)

    # --- drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, state: BarState) -> None:
        self.panels.panel(surface, self.rect, BAR_FILL)
        for name, button in self.icons:
            button.draw(surface)
            _draw_icon(surface, "pause" if name == "toggle" and state.playing else name, button)
        self.speed.label = state.speed
        self.speed.draw(surface)
        self.review.label = state.review
        self.review.draw(surface)
        surface.blit(self._track(), (self.track.x, self.track.y - ROUND_MARK))
        x = self.x_of(state.position)
        played = pygame.Rect(self.track.x, self.track.y, round(x - self.track.x), TRACK_HEIGHT)
        pygame.draw.rect(surface, PLAYED_COLOUR, played, border_radius=TRACK_HEIGHT // 2)
        pygame.draw.circle(surface, PLAYED_COLOUR, (x, self.track.centery), KNOB_RADIUS)
        pygame.draw.circle(surface, theme.TEXT_DARK, (x, self.track.centery), KNOB_RADIUS, 2)
        where = (self.track.centerx, self.rect.y + 13)
        self.text.draw(
            surface,
            state.where,
            where,
            theme.FONT_SMALL,
            theme.TEXT_DIM,
            "center",
            self.track.width,
        )

    def _track(self) -> pygame.Surface:
        """The track and its deal and round marks, drawn once."""
        if self._track_layer is None:
            layer = pygame.Surface(
                (self.track.width, TRACK_HEIGHT + 2 * ROUND_MARK), pygame.SRCALPHA
            )
            line = pygame.Rect(0, ROUND_MARK, self.track.width, TRACK_HEIGHT)
            pygame.draw.rect(layer, TRACK_COLOUR, line, border_radius=TRACK_HEIGHT // 2)
            middle = ROUND_MARK + TRACK_HEIGHT // 2
            for position, round_start in self.marks:
                x = round(self.x_of(position)) - self.track.x
                reach = ROUND_MARK if round_start else ROUND_MARK // 2
                width = 2 if round_start else 1
                pygame.draw.line(
                    layer, MARK_COLOUR, (x, middle - reach), (x, middle + reach), width
                )
            self._track_layer = layer
        return self._track_layer


def _triangle(tip_x: float, base_x: float, cy: float) -> list[tuple[float, float]]:
    return [(base_x, cy - 8), (base_x, cy + 8), (tip_x, cy)]


def _draw_icon(surface: pygame.Surface, name: str, button: Button) -> None:
    """A player's icon centred on ``button``: triangles and bars (▶, ❚❚, ▶❚, ▶▶❚ and back)."""
    cx, cy = button.rect.center
    colour = ICON_COLOUR if button.enabled else theme.BUTTON_TEXT_DISABLED
    triangles: dict[str, list[list[tuple[float, float]]]] = {
        "toggle": [[(cx - 6, cy - 10), (cx - 6, cy + 10), (cx + 10, cy)]],
        "forward": [_triangle(cx + 4, cx - 6, cy)],
        "back": [_triangle(cx - 4, cx + 6, cy)],
        "next": [_triangle(cx - 2, cx - 11, cy), _triangle(cx + 6, cx - 3, cy)],
        "previous": [_triangle(cx + 2, cx + 11, cy), _triangle(cx - 6, cx + 3, cy)],
    }
    bars: dict[str, list[tuple[float, int, int]]] = {
        "pause": [(cx - 8, 5, 20), (cx + 3, 5, 20)],
        "forward": [(cx + 4, 3, 16)],
        "back": [(cx - 7, 3, 16)],
        "next": [(cx + 6, 3, 16)],
        "previous": [(cx - 9, 3, 16)],
    }
    for points in triangles.get(name, []):
        pygame.draw.polygon(surface, colour, points)
    for left, width, height in bars.get(name, []):
        pygame.draw.rect(surface, colour, (left, cy - height // 2, width, height))
