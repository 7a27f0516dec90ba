"""Where the join and host screens' parts go, for the stage they are laid out on.

Owns `ConnectPlaces` and the screens' sizes: joining, the list of servers found beside the
address and name fields (above them on a tall narrow stage); hosting, the panel with the name
and this machine's addresses, the phones' QR code beside it (under it on a tall narrow stage).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from client.layout import LOGICAL_SIZE

FIELD = (560, 250, 340, 48)
HOST_PANEL = pygame.Rect(340, 160, 600, 460)
JOIN_FIELD_SIZE = (440, 48)
"""The address field's size; the name field is `JOIN_ROW_STEP` below it."""
JOIN_ROW_STEP = 120
ADDRESSES_PER_LINE = 2
ADDRESS_LINES = 3
QR_AREA = pygame.Rect(962, 222, 276, 276)
"""Where the phones' join QR code goes (logical, laid out left to right), beside the panel."""
WEB_ADDRESSES_SHOWN = 3
TALL_HEIGHT = 1000
"""A stage this tall (and narrower than the logical screen) stacks what stands side by side."""


@dataclass(frozen=True)
class ConnectPlaces:
    """Where the join and host screens' parts go on a stage of one size (left to right)."""

    panel: pygame.Rect
    servers: pygame.Rect
    """Joining: the list of servers found."""
    field: pygame.Rect
    """Joining: the address field (the name's is under it); hosting: the name field."""
    qr: pygame.Rect
    """Hosting: the phones' join QR code."""

    @classmethod
    def joining(cls, stage: tuple[int, int]) -> ConnectPlaces:
        width, height = stage
        wide = width >= LOGICAL_SIZE[0]
        margin = 90 if wide else 40
        panel = pygame.Rect(margin, 150, width - 2 * margin, 480)
        inner = panel.inflate(-60, 0)
        if not wide and height >= TALL_HEIGHT:
            # What a taller stage adds goes to the list: the panel then fills the height.
            servers = pygame.Rect(inner.x, 215, inner.width, 330 + height - TALL_HEIGHT)
            field = pygame.Rect(inner.x, servers.bottom + 70, inner.width, JOIN_FIELD_SIZE[1])
            panel.height = field.bottom + JOIN_ROW_STEP + 80 + 56 + 30 - panel.y
            return cls(panel, servers, field, QR_AREA)
        field_width = JOIN_FIELD_SIZE[0] if wide else 360
        field = pygame.Rect(inner.right - field_width, 250, field_width, JOIN_FIELD_SIZE[1])
        servers = pygame.Rect(inner.x, 215, field.x - 40 - inner.x, 330)
        return cls(panel, servers, field, QR_AREA)

    @classmethod
    def hosting(cls, stage: tuple[int, int]) -> ConnectPlaces:
        """The panel in the middle and the QR code beside it; under it on a tall narrow
        stage; on a short narrow one, both moved left so that the QR code fits."""
        width, height = stage
        panel = HOST_PANEL.move((width - LOGICAL_SIZE[0]) // 2, 0)
        qr = QR_AREA.move(panel.x - HOST_PANEL.x, 0)
        if width < LOGICAL_SIZE[0] and height >= TALL_HEIGHT:
            side = 220
            qr = pygame.Rect(width // 2 - side // 2, panel.bottom + 60, side, side)
        elif width < LOGICAL_SIZE[0]:
            panel.x = 24
            qr = pygame.Rect(panel.right + 36, QR_AREA.y, width - 24 - panel.right - 36, 0)
            qr.height = qr.width
        field = pygame.Rect(FIELD).move(panel.x - HOST_PANEL.x, 0)
        return cls(panel, pygame.Rect(0, 0, 0, 0), field, qr)
