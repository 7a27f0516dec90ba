"""The client's colour theme and type scale, in one place.

Owns every colour and font size that drawing code uses (table felt, cards, text, widgets,
confetti), so the look can be changed here alone. Plain constants only: must not import pygame
(pygame accepts these RGB/RGBA tuples directly).
"""

from __future__ import annotations

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

# --- table felt ---------------------------------------------------------------------------
FELT_DARK: RGB = (13, 66, 41)
"""Vignette colour at the table's edges."""
FELT_LIGHT: RGB = (30, 114, 72)
"""Highlight at the table's centre."""
FELT_FLECK_DARK: RGB = (18, 84, 52)
FELT_FLECK_LIGHT: RGB = (34, 122, 78)
FLOOR_OUTLINE: RGBA = (255, 255, 255, 28)
"""A faint line marking the floor area."""

# --- text ---------------------------------------------------------------------------------
TEXT: RGB = (242, 240, 230)
TEXT_DIM: RGB = (184, 200, 188)
TEXT_DARK: RGB = (28, 28, 32)
TEXT_ACCENT: RGB = (246, 206, 96)
"""Gold, for scores, titles and the Basra banner."""
TEXT_ERROR: RGB = (255, 120, 110)

# --- font sizes (logical pixels, as pygame's default font measured them; the text path sets
# DejaVu Sans at `client.ui.fonts.POINTS_PER_SIZE` of each, so Latin text keeps its width) ---
FONT_SMALL = 20
FONT_BODY = 26
FONT_LARGE = 34
FONT_TITLE = 60
FONT_MIN = 14
"""The smallest size text is drawn at in a small window (about 9 points, where 11 was 7): below
it, a player cannot read a name tag or a chat line."""

# --- widgets ------------------------------------------------------------------------------
BUTTON_FILL: RGB = (44, 72, 58)
BUTTON_HOVER: RGB = (62, 100, 80)
BUTTON_PRESSED: RGB = (30, 52, 42)
BUTTON_DISABLED: RGB = (58, 66, 62)
BUTTON_BORDER: RGB = (196, 164, 84)
BUTTON_TEXT: RGB = TEXT
BUTTON_TEXT_DISABLED: RGB = (130, 138, 134)
FOCUS_RING: RGB = (255, 214, 92)
CORNER_RADIUS = 8
BORDER_WIDTH = 2
FOCUS_WIDTH = 3

INPUT_FILL: RGB = (246, 244, 236)
INPUT_TEXT: RGB = TEXT_DARK
INPUT_PLACEHOLDER: RGB = (150, 150, 146)
INPUT_BORDER: RGB = (110, 120, 114)
INPUT_CURSOR: RGB = TEXT_DARK
INPUT_PADDING = 8

LIST_FILL: RGB = (18, 52, 36)
LIST_ROW_HOVER: RGB = (32, 78, 56)
LIST_ROW_SELECTED: RGB = (64, 110, 84)
LIST_BORDER: RGB = (90, 130, 106)
LIST_SCROLLBAR: RGB = (120, 160, 136)

TOAST_FILL: RGBA = (16, 20, 18, 225)
TOAST_BORDER: RGB = BUTTON_BORDER
TOAST_TEXT: RGB = TEXT

# --- cards --------------------------------------------------------------------------------
CARD_FACE: RGB = (252, 250, 243)
CARD_EDGE: RGB = (146, 146, 140)
SUIT_RED: RGB = (204, 28, 44)
SUIT_BLACK: RGB = (26, 26, 32)
COURT_FILL: RGB = (250, 238, 206)
COURT_FRAME: RGB = (196, 156, 64)
CARD_BACK: RGB = (150, 28, 42)
CARD_BACK_PATTERN: RGB = (186, 58, 70)
CARD_BACK_BORDER: RGB = (250, 246, 236)
CARD_BACK_EMBLEM: RGB = (232, 190, 92)
CARD_HIGHLIGHT: RGB = (255, 214, 64)
"""Outline of a selected or playable card."""
CARD_SHADOW: RGBA = (0, 0, 0, 70)

# --- celebration --------------------------------------------------------------------------
CONFETTI: tuple[RGB, ...] = (
    (246, 206, 96),
    (236, 72, 84),
    (84, 170, 236),
    (120, 214, 120),
    (250, 250, 250),
    (190, 120, 230),
)

# --- teams --------------------------------------------------------------------------------
# Blue-green against orange stays apart for every common kind of colour blindness, and neither
# is the felt's green, the highlight's gold or the error red.
TEAM_OURS: RGB = (64, 196, 214)
"""The viewer's side (teal): its name tags' edge and its pile's labels."""
TEAM_THEIRS: RGB = (244, 146, 48)
"""The other side (orange)."""
BANNER_QUIET: RGB = (226, 232, 238)
"""The other side's Basra headline: pale, not the gold of a celebration."""
