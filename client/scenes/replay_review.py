"""The hand review in the replay viewer: made off the frame loop, kept, listed, and shown at
each flagged play.

Owns `ReplayReview`. The review runs in a `ReviewJob`, with its progress on the floor and a
Cancel button; once made it is kept beside the match file (`client.sessions.kept_review`), so
it opens at once the next time. Its list picks a flagged play to seek to; at a flagged play the
table shows the lesson and outlines the better play's cards.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from client.i18n import _
from client.sessions.kept_review import keep_review, stored_review
from client.sessions.replay import ReplaySession
from client.sessions.review_job import ReviewJob
from client.table.animator import AnimationQueue, TableAnimator
from client.table.effects import TableEffects
from client.table.replay_places import ReplayPlaces
from client.table.review_panel import ReviewPanel
from shared.record import MatchRecord
from shared.review.hand_review import PlayReview, ReviewSettings

if TYPE_CHECKING:
    from client.scenes.base import SceneHost

__all__ = ["BETTER_OUTLINE", "ReplayReview"]

BETTER_OUTLINE = (120, 230, 140)


class ReplayReview:
    """One replay's hand review; see the module's docstring."""

    def __init__(
        self,
        app: SceneHost,
        record: MatchRecord,
        path: Path | None,
        session: ReplaySession,
        queue: AnimationQueue,
        seek: Callable[[int], None],
    ) -> None:
        """``path``: the match file (the review is kept beside it); ``queue``: the table's
        animations (a flagged play is shown once they rest); ``seek``: shows the table at a
        position of the replay."""
        self.app = app
        self.record = record
        self.path = path
        self.session = session
        self.queue = queue
        self.panel = ReviewPanel(app.text, app.panels, lambda found: seek(found.index), self.cancel)
        self.review = stored_review(path, session.seat, record)
        self.job: ReviewJob | None = None
        self._outlined = False

    @property
    def flagged_here(self) -> PlayReview | None:
        """The flagged play the replay stands before, when it stands still there."""
        if self.review is None or self.session.playing or not self.queue.idle:
            return None
        position = self.session.position
        return next((p for p in self.review.flagged if p.index == position), None)

    def start(self) -> None:
        """Show the review: the one made already, else make it now."""
        if self.review is not None:
            self.panel.showing_list = not self.panel.showing_list
            return
        if self.job is None:
            settings = ReviewSettings(seed=self.app.options.seed or 0)
            self.job = ReviewJob(self.record, self.session.seat or 0, settings)

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None

    def handle_event(self, logical: pygame.event.Event) -> bool:
        """True when ``logical`` (an event on the widgets' surface) was the panel's."""
        return self.panel.handle_event(logical, self.review, self.job is not None)

    def poll(self, effects: TableEffects) -> None:
        """Once a frame: the job's progress, and the review once it is made (kept)."""
        job = self.job
        if job is None:
            return
        job.poll()
        if job.running:
            return
        self.job = None
        job.close()
        if job.review is None:
            effects.notify(job.error or _("The review stopped."))
            return
        self.review = job.review
        self.panel.showing_list = True
        keep_review(self.path, job.review)

    def shown(self) -> object:
        """What the panel shows: it is drawn again when this changes."""
        job = self.job
        progress = job.progress if job is not None else None
        return (progress, self.panel.showing_list, self.review is not None, self.flagged_here)

    def draw(
        self, surface: pygame.Surface, places: ReplayPlaces, names: tuple[str, ...]
    ) -> pygame.Rect | None:
        """The progress, the list or the flagged play's lesson; the rect it took."""
        if self.job is not None:
            self.panel.draw_progress(surface, *self.job.progress)
            return places.callout
        if self.panel.showing_list and self.review is not None:
            self.panel.draw_list(surface, self.review, names)
            return places.listing
        flagged = self.flagged_here
        if flagged is None:
            return None
        self.panel.draw_callout(surface, flagged, names)
        return places.callout

    def outline_better(self, animator: TableAnimator) -> None:
        """Outline the better play's cards while the replay stands at a flagged play."""
        flagged = self.flagged_here
        if flagged is None:
            if self._outlined:
                self._outlined = False
                for sprite in animator.sprites.values():
                    sprite.highlight = None
            return
        better = flagged.best.play
        lit = {better.card, *better.taken}
        for key, sprite in animator.sprites.items():
            sprite.highlight = BETTER_OUTLINE if key in lit else None
        self._outlined = True
