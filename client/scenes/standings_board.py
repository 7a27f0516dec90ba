"""A tournament's standings, drawn: place, name, matchpoints (and their share of the most that
could be made), boards played, who is still playing, and Basra's own points and margin beside
(docs/tournaments.md §3); and the large view a host shows the room.

Owns `draw_standings` (the board in a rect of a form, at a font size: its columns are laid out
left to right and mirrored in Arabic with the form; a narrow rect drops the margin, then the
points) and `LargeStandingsScene` (the standings alone, large, with the round and its clock,
for the host's screen; any key or click closes it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from client import theme
from client.i18n import _, isolate, number
from client.i18n.tournament_words import (
    clock_text,
    format_line,
    margin_text,
    name_shown,
    phase_text,
)
from client.net.tournament_news import TournamentNews
from client.scenes.form import FormScene
from shared.wire.tournaments import StandingInfo, TournamentState

if TYPE_CHECKING:
    from client.scenes.base import SceneHost

__all__ = ["LargeStandingsScene", "draw_standings", "round_line"]

ROW_PER_SIZE = 1.5
"""A row's height for its font's size; rows shrink (and their text with them) so that every
entrant fits."""
COLUMNS = (
    ("place", 0.07),
    ("name", 0.0),
    ("matchpoints", 0.14),
    ("boards", 0.10),
    ("points", 0.11),
    ("margin", 0.10),
    ("playing", 0.15),
)
"""Each column and its share of the board's width (the name takes what is left)."""
NARROW = 640
"""A board narrower than this leaves out the margin; half as wide, the points too."""
LARGE_MARGIN = 60


def _headings() -> dict[str, str]:
    return {
        "place": _("Place"),
        "name": _("Name"),
        "matchpoints": _("Matchpoints"),
        "boards": _("Boards"),
        "points": _("Points"),
        "margin": _("Margin"),
        "playing": "",
    }


def _cells(line: StandingInfo) -> dict[str, str]:
    share = round(100 * line.matchpoints / line.max_matchpoints) if line.max_matchpoints else 0
    matchpoints = _("{points} ({share}%)").format(
        points=number(line.matchpoints), share=number(share)
    )
    return {
        "place": number(line.place),
        "name": name_shown(line.name),
        "matchpoints": matchpoints if line.max_matchpoints else number(line.matchpoints),
        "boards": number(line.boards),
        "points": number(line.points),
        "margin": isolate(margin_text(line.margin)),
        "playing": _("playing") if line.playing else "",
    }


def _columns(width: int, wanted: dict[str, int]) -> list[tuple[str, int, int]]:
    """(column, x from the board's left, width) in reading order, laid out left to right; each
    column at least as wide as ``wanted`` says (its heading), the name taking what is left."""
    dropped = {"margin"} if width < NARROW else set()
    if width < NARROW // 2 + 200:
        dropped |= {"points", "boards"}
    kept = [(name, share) for name, share in COLUMNS if name not in dropped]
    fixed = {name: max(int(width * share), wanted.get(name, 0)) for name, share in kept if share}
    fixed["name"] = width - sum(fixed.values())
    placed, x = [], 0
    for name, _share in kept:
        placed.append((name, x, fixed[name]))
        x += fixed[name]
    return placed


def draw_standings(
    form: FormScene,
    surface: pygame.Surface,
    rect: pygame.Rect,
    lines: Sequence[StandingInfo],
    you: int | None,
    size: int = theme.FONT_SMALL + 2,
) -> None:
    """The standings ``lines`` in ``rect`` (laid out left to right) of ``form``, at font
    ``size``; ``you``: the reader's entrant, in the accent colour."""
    row = min(round(size * ROW_PER_SIZE), rect.height // (len(lines) + 1))
    size = min(size, max(theme.FONT_MIN, row - 6))
    headings = _headings()
    measure = form.app.text.measure
    columns = _columns(rect.width, {k: measure(v, size)[0] + 16 for k, v in headings.items()})
    for name, x, width in columns:
        at = (rect.x + x + 6, rect.y + row // 2)
        form.write(surface, headings[name], at, size, theme.TEXT_DIM, "midleft", width - 8)
    for i, line in enumerate(lines):
        y = rect.y + (i + 1) * row + row // 2
        mine = line.entrant == you
        colour = theme.TEXT_ACCENT if mine else theme.TEXT
        cells = _cells(line)
        for name, x, width in columns:
            tint = theme.TEXT_DIM if name == "playing" else colour
            at = (rect.x + x + 6, y)
            form.write(surface, cells[name], at, size, tint, "midleft", width - 8)


def round_line(state: TournamentState, news: TournamentNews) -> str:
    """ "Round 2 of 3 · 3:05 left": where the tournament is, and the round's clock."""
    where = phase_text(state.phase, state.round, state.rounds)
    left = news.seconds_left()
    if left is None:
        return where
    return _("{where}  ·  {clock} left").format(where=where, clock=clock_text(left))


class LargeStandingsScene(FormScene):
    """The standings alone, large, for the room to read on the host's screen."""

    panel_rect = None
    wide = True

    def __init__(self, app: SceneHost, news: TournamentNews) -> None:
        super().__init__(app)
        self.news = news

    @property
    def animating(self) -> bool:
        return True  # the clock runs

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            self.back()

    def draw_extra(self, surface: pygame.Surface) -> None:
        state = self.news.followed
        if state is None:
            return
        self.title = state.name
        frame = self.frame
        width = frame.width - 2 * LARGE_MARGIN
        about = format_line(state.players, state.rounds, state.boards, state.preset)
        text = self.app.text
        text.draw(
            surface, about, (frame.centerx, 138), theme.FONT_BODY, theme.TEXT_DIM, "center", width
        )
        clock = round_line(state, self.news)
        text.draw(
            surface,
            clock,
            (frame.centerx, 178),
            theme.FONT_LARGE,
            theme.TEXT_ACCENT,
            "center",
            width,
        )
        board = pygame.Rect(LARGE_MARGIN, 206, width, frame.height - 206 - 30)
        self.app.panels.panel(surface, board)
        draw_standings(
            self, surface, board.inflate(-24, -16), state.standings, state.you, theme.FONT_LARGE
        )
