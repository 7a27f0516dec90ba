"""The replay viewer's video-player controls: the `ReplayBar` and the keys.

Owns `ReplayControls`: play and pause, the speed (faster and slower), one play forward or
back, the previous or next deal (or round), the start and the end, and seeking on the bar's
track; each jump clears what the table was showing for the old place. Space, Left/Right,
PageUp/PageDown for deals, Up/Down for rounds, Home/End and +/- are its keys; the viewer keeps
R (the review), L (the play log) and Esc.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from client.i18n import _, number
from client.sessions.replay import SPEEDS, ReplaySession
from client.table.animator import AnimationQueue
from client.table.effects import TableEffects
from client.ui.replay_bar import BarActions, BarState, ReplayBar

if TYPE_CHECKING:
    from client.scenes.base import SceneHost

__all__ = ["ReplayControls", "replay_pace"]


def replay_pace(app: SceneHost, session: ReplaySession) -> float:
    """How fast the table's animations run: the settings' pace at the replay's speed."""
    return app.settings.duration_scale / session.speed


class ReplayControls:
    """The bar and the keys of one replay; see the module's docstring."""

    def __init__(
        self,
        app: SceneHost,
        session: ReplaySession,
        queue: AnimationQueue,
        effects: TableEffects,
        review: Callable[[], None],
    ) -> None:
        """``review``: what the bar's Review button does."""
        self.app = app
        self.session = session
        self.queue = queue
        self.effects = effects
        self.reviewing = False
        """A review is being made (the bar says so)."""
        actions = BarActions(
            previous_deal=lambda: self._jumped(session.previous_mark),
            back=lambda: self.step(False),
            toggle=self.toggle,
            forward=lambda: self.step(True),
            next_deal=lambda: self._jumped(session.next_mark),
            faster=self.faster,
            seek=self.seek,
            review=review,
        )
        marks = [(m.position, m.deal == 1) for m in session.marks]
        self.bar = ReplayBar(app.text, app.panels, actions, marks, session.length)

    def toggle(self) -> None:
        self.session.toggle()

    def step(self, forward: bool) -> None:
        self.session.pause()
        if forward:
            self.session.forward()
        else:
            self._jumped(self.session.back)

    def faster(self) -> None:
        """The next speed, round to the slowest after the fastest."""
        session = self.session
        index = SPEEDS.index(session.speed) if session.speed in SPEEDS else 0
        session.speed = SPEEDS[(index + 1) % len(SPEEDS)]
        self.queue.pace = replay_pace(self.app, session)

    def slower(self) -> None:
        session = self.session
        index = SPEEDS.index(session.speed) if session.speed in SPEEDS else 0
        session.speed = SPEEDS[max(0, index - 1)]
        self.queue.pace = replay_pace(self.app, session)

    def seek(self, position: int) -> None:
        if position != self.session.position or not self.queue.idle:
            self._jumped(lambda: self.session.seek(position))

    def key(self, key: int) -> bool:
        """Do what ``key`` does; False when it is not one of the player's keys."""
        session = self.session
        actions: dict[int, Callable[[], None]] = {
            pygame.K_SPACE: self.toggle,
            pygame.K_k: self.toggle,
            pygame.K_RIGHT: lambda: self.step(True),
            pygame.K_LEFT: lambda: self.step(False),
            pygame.K_PAGEDOWN: lambda: self._jumped(session.next_mark),
            pygame.K_PAGEUP: lambda: self._jumped(session.previous_mark),
            pygame.K_DOWN: lambda: self._jumped(lambda: session.next_mark(rounds=True)),
            pygame.K_UP: lambda: self._jumped(lambda: session.previous_mark(rounds=True)),
            pygame.K_HOME: lambda: self.seek(0),
            pygame.K_END: lambda: self.seek(session.length),
            pygame.K_PLUS: self.faster,
            pygame.K_EQUALS: self.faster,
            pygame.K_KP_PLUS: self.faster,
            pygame.K_MINUS: self.slower,
            pygame.K_KP_MINUS: self.slower,
        }
        action = actions.get(key)
        if action is not None:
            action()
        return action is not None

    def state(self) -> BarState:
        """What the bar shows now."""
        session = self.session
        mark = session.mark_at(session.position)
        where = _("Round {round} · deal {deal} · play {play} of {plays}").format(
            round=number(mark.round_number + 1),
            deal=number(mark.deal),
            play=number(session.position),
            plays=number(session.length),
        )
        label = _("Reviewing…") if self.reviewing else _("Review")
        speed = session.speed
        shown = "½" if speed == 0.5 else number(int(speed))
        return BarState(
            session.position, session.length, session.playing, f"{shown}×", where, label
        )

    def _jumped(self, move: Callable[[], None]) -> None:
        """Make a jump (a reset of the table): what was showing for the old place goes."""
        self.session.pause()
        self.effects.clear()
        move()
