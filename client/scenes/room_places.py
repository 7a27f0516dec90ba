"""Where the room screen's parts go on a stage of one size.

Owns `RoomPlaces`: the two team panels with the controls under them (the bots' level, Fill,
Start, and the creator's Who may join), the chat with the watchers' panel, Leave and the
table's QR code. On a stage as wide as the logical screen, or a narrower one of its height,
the chat and under it the watchers stand beside the teams; on a tall narrow stage both lie
under the seats, side by side. Laid out left to right; the screen mirrors them in Arabic.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from client.layout import LOGICAL_SIZE

TEAM_TOP = 170
TEAM_HEIGHT = 250
TEAM_GAP = 20
TEAMS_WIDTH = 780
"""Both team panels side by side, on a stage wide enough or tall enough to put the chat apart."""
CONTROLS_HEIGHT = 50
CONTROLS_GAP = 10
"""Between the row of Fill and Start and the creator's Who may join under it."""
PRIVACY_WIDTH = 380
"""Who may join's label and its longer value side by side."""
QR_SIDE = 112
TALL_HEIGHT = 1000
"""A stage this tall (and narrower than the logical screen) puts the chat under the seats."""
COLUMN_HEIGHT = 440
"""The chat and the watchers beside the teams, one over the other."""
NARROW_COLUMN = 280
"""Their width on a stage narrower than the logical screen."""
NARROW_MARGIN = 24
WATCHERS_HEIGHT = 138
"""The watchers' panel under the chat: its heading and four names."""
WATCHERS_WIDTH = 260
"""The watchers' panel beside the chat, under the seats of a tall stage."""
PART_GAP = 12
BELOW_CHAT = 220
"""Under the chat of a tall stage: the QR code and Leave."""


@dataclass(frozen=True)
class RoomPlaces:
    """Where the room's parts go on a stage of one size; see the module's docstring."""

    teams: tuple[pygame.Rect, pygame.Rect]
    chat: pygame.Rect
    watchers: pygame.Rect
    qr: pygame.Rect
    leave: pygame.Rect

    @classmethod
    def for_stage(cls, stage: tuple[int, int]) -> RoomPlaces:
        width, height = stage
        if width >= LOGICAL_SIZE[0]:
            return cls._beside(60, TEAMS_WIDTH, pygame.Rect(870, 170, 360, COLUMN_HEIGHT), height)
        if height >= TALL_HEIGHT:
            return cls._under(width, height)
        column = width - NARROW_MARGIN - NARROW_COLUMN
        teams_width = column - 2 * NARROW_MARGIN
        chats = pygame.Rect(column, TEAM_TOP, NARROW_COLUMN, COLUMN_HEIGHT)
        return cls._beside(NARROW_MARGIN, teams_width, chats, height)

    @classmethod
    def _beside(cls, left: int, teams_width: int, column: pygame.Rect, height: int) -> RoomPlaces:
        """The chat over the watchers in `column` at the side: Leave under the controls, the
        QR code at the teams' right."""
        right = left + teams_width
        chat_height = column.height - WATCHERS_HEIGHT - PART_GAP
        chat = pygame.Rect(column.x, column.y, column.width, chat_height)
        watchers = pygame.Rect(
            column.x, column.bottom - WATCHERS_HEIGHT, column.width, WATCHERS_HEIGHT
        )
        qr = pygame.Rect(right - QR_SIDE - 6, height - 120, QR_SIDE, QR_SIDE)
        leave = pygame.Rect(left, height - 100, 180, 54)
        return cls(cls._teams(left, teams_width), chat, watchers, qr, leave)

    @classmethod
    def _under(cls, width: int, height: int) -> RoomPlaces:
        """A tall stage: the chat and the watchers beside it under the seats, the QR code and
        Leave below them."""
        left = (width - TEAMS_WIDTH) // 2
        top = 620
        below = height - top - BELOW_CHAT
        chat = pygame.Rect(left, top, TEAMS_WIDTH - WATCHERS_WIDTH - PART_GAP, below)
        watchers = pygame.Rect(left + TEAMS_WIDTH - WATCHERS_WIDTH, top, WATCHERS_WIDTH, below)
        qr = pygame.Rect(left + TEAMS_WIDTH - QR_SIDE, chat.bottom + 20, QR_SIDE, QR_SIDE)
        leave = pygame.Rect(left, qr.y + 30, 180, 54)
        return cls(cls._teams(left, TEAMS_WIDTH), chat, watchers, qr, leave)

    @staticmethod
    def _teams(left: int, width: int) -> tuple[pygame.Rect, pygame.Rect]:
        panel = (width - TEAM_GAP) // 2
        return (
            pygame.Rect(left, TEAM_TOP, panel, TEAM_HEIGHT),
            pygame.Rect(left + panel + TEAM_GAP, TEAM_TOP, panel, TEAM_HEIGHT),
        )

    @property
    def middle(self) -> int:
        """The centre of the teams' block (the words under the controls)."""
        return (self.teams[0].x + self.teams[1].right) // 2

    def controls(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The bots' level under the first team, Fill and Start under the second."""
        first, second = self.teams
        y = first.bottom + TEAM_GAP
        half = (second.width - TEAM_GAP) // 2
        return (
            pygame.Rect(first.x, y, first.width, CONTROLS_HEIGHT),
            pygame.Rect(second.x, y, half, CONTROLS_HEIGHT),
            pygame.Rect(second.right - half, y, half, CONTROLS_HEIGHT),
        )

    @property
    def privacy(self) -> pygame.Rect:
        """The creator's Who may join, under the bots' level (under both teams where one is
        too narrow for its label and value); a member who did not create the room reads there
        that the creator starts the match."""
        level = self.controls()[0]
        width = level.width if level.width >= PRIVACY_WIDTH else self.teams[1].right - level.x
        return pygame.Rect(level.x, level.bottom + CONTROLS_GAP, width, CONTROLS_HEIGHT)

    @property
    def tally_top(self) -> int:
        """The centre of the evening's tally's first line, under Who may join."""
        return self.privacy.bottom + 18
