"""The hand review over the replayed table: its progress, its costliest plays, and the lesson
at a flagged play.

Owns `ReviewPanel`, which draws three things on the floor above the replay bar: the progress
of a review being made (with Cancel), the list of the costliest plays (a click on one jumps the
replay there), and the callout shown while the replay stands at a flagged play (the lesson,
the better play and what the play cost). Owns `lesson_text` too: a `shared.review` lesson in
the player's language, from its parts. The panel keeps no review; the scene hands it in.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

import pygame

from client import theme
from client.i18n import _, isolate, ngettext, number
from client.i18n.words import card_text
from client.ui.direction import flow_anchor, flow_point, flow_rect
from client.ui.panel import OPAQUE_FILL, PanelPainter
from client.ui.text import Anchor, TextRenderer
from client.ui.widgets import Button
from shared.plays import Play
from shared.review.hand_review import PlayReview, Review
from shared.review.lessons import ActionKind, Lesson, LessonKind, action_kind

logger = logging.getLogger(__name__)

CALLOUT_RECT = pygame.Rect(262, 150, 756, 70)
"""Above the floor's cards, which lie from y 238 while a deal leaves two rows or fewer (at
1280x720; the scene places it for the window with `place`)."""
LIST_RECT = pygame.Rect(262, 150, 756, 348)
EMPTY_LIST_HEIGHT = 92
"""The list when no play was costly: its words, without an empty box below them (with a few
plays, the box ends under the last)."""
LIST_BELOW_ROWS = 6
ROWS_BELOW_TOP = 64
ROW_HEIGHT = 56
PROGRESS_INSET = (24, 44, 172)
"""The progress track's left and top in the callout, and the room kept at its right."""
CALLOUT_FILL = OPAQUE_FILL
BETTER_COLOUR = (150, 230, 160)


class ReviewPanel:
    """Progress, the list of costly plays and the callout, drawn for the scene."""

    def __init__(
        self,
        text: TextRenderer,
        panels: PanelPainter,
        on_pick: Callable[[PlayReview], None],
        on_cancel: Callable[[], None],
    ) -> None:
        self.text = text
        self.panels = panels
        self.on_pick = on_pick
        self.showing_list = False
        self.callout = CALLOUT_RECT
        self.listing = LIST_RECT
        self.cancel = Button(
            (0, 0, 1, 1), _("Cancel"), text, on_click=on_cancel, font_size=theme.FONT_SMALL
        )
        self.place(CALLOUT_RECT, LIST_RECT)

    def place(self, callout: pygame.Rect, listing: pygame.Rect) -> None:
        """Draw the progress and the callout in `callout`, the list in `listing`."""
        self.callout, self.listing = callout, listing
        right = callout.right - 16
        self.cancel.rect = flow_rect((right - 120, callout.y + 17, 120, 36), callout)

    @property
    def row_top(self) -> int:
        """The top of the list's first play."""
        return self.listing.y + ROWS_BELOW_TOP

    def listing_box(self, review: Review) -> pygame.Rect:
        """The list's box for `review`: as tall as its words and rows."""
        rows = len(self.rows_shown(review))
        height = ROWS_BELOW_TOP + rows * ROW_HEIGHT + LIST_BELOW_ROWS if rows else EMPTY_LIST_HEIGHT
        listing = self.listing
        return pygame.Rect(listing.x, listing.y, listing.width, min(listing.height, height))

    def rows_shown(self, review: Review) -> tuple[PlayReview, ...]:
        """The listed plays that fit the list's height."""
        fit = max(0, (self.listing.bottom - self.row_top) // ROW_HEIGHT)
        return tuple(review.worst[:fit])

    # --- events --------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event, review: Review | None, running: bool) -> bool:
        """Cancel while a review runs; a click on a listed play picks it. True when taken."""
        if running:
            return self.cancel.handle_event(event)
        if not self.showing_list or review is None:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
            picked = self.row_at(event.pos, review)
            if picked is not None:
                self.showing_list = False
                self.on_pick(picked)
            return self.listing_box(review).collidepoint(event.pos)
        return False

    def row_at(self, pos: tuple[int, int], review: Review) -> PlayReview | None:
        """The listed play under ``pos``, if any."""
        index = (pos[1] - self.row_top) // ROW_HEIGHT
        inside = self.listing_box(review).collidepoint(pos) and pos[1] >= self.row_top
        shown = self.rows_shown(review)
        return shown[index] if inside and index < len(shown) else None

    # --- drawing -------------------------------------------------------------------------

    def draw_progress(self, surface: pygame.Surface, done: int, total: int) -> None:
        frame = self.callout
        self.panels.panel(surface, frame, CALLOUT_FILL)
        title = _("The expert player is reviewing your plays…")
        if total:
            title = _("The expert player is reviewing your plays… {done} of {total}").format(
                done=number(done), total=number(total)
            )
        at = (frame.x + 24, frame.y + 12)
        self._write(surface, title, at, frame, theme.FONT_SMALL, theme.TEXT, "topleft")
        left, top, kept = PROGRESS_INSET
        inset = (frame.x + left, frame.y + top, max(1, frame.width - left - kept), 10)
        track = flow_rect(inset, frame)
        pygame.draw.rect(surface, (22, 48, 36), track, border_radius=5)
        width = round(track.width * done / total) if total else 0
        filled = flow_rect((track.x, track.y, width, track.height), track)
        pygame.draw.rect(surface, theme.TEXT_ACCENT, filled, border_radius=5)
        self.cancel.draw(surface)

    def draw_list(self, surface: pygame.Surface, review: Review, names: Sequence[str]) -> None:
        text, frame = self.text, self.listing
        worst = self.rows_shown(review)
        self.panels.panel(surface, self.listing_box(review), OPAQUE_FILL)
        title = (
            _("Your costliest plays, as the expert player reads them")
            if worst
            else _("No costly play: well played!")
        )
        top = (frame.centerx, frame.y + 24)
        room = frame.width - 40
        text.draw(surface, title, top, theme.FONT_BODY, theme.TEXT_ACCENT, "center", room)
        summary = (
            _("Click a play to see it on the table.")
            if worst
            else _("None of your plays cost {points} points or more.").format(
                points=number(round(review.settings.threshold))
            )
        )
        below = (frame.centerx, frame.y + 50)
        small = theme.FONT_SMALL
        text.draw(surface, summary, below, small, theme.TEXT_DIM, "center", room)
        left, right = frame.x + 24, frame.right - 24
        for row, found in enumerate(worst):
            y = self.row_top + row * ROW_HEIGHT
            self._write(
                surface, where_text(found), (left, y), frame, small, theme.TEXT_DIM, "topleft"
            )
            loss = loss_text(found.loss)
            self._write(surface, loss, (right, y), frame, small, theme.TEXT_ERROR, "topright")
            sentence = lesson_text(found.lesson, names) if found.lesson is not None else ""
            at = (left, y + 23)
            self._write(surface, sentence, at, frame, theme.FONT_SMALL, theme.TEXT, "topleft")

    def draw_callout(
        self, surface: pygame.Surface, found: PlayReview, names: Sequence[str]
    ) -> None:
        frame = self.callout
        self.panels.panel(surface, frame, CALLOUT_FILL)
        sentence = lesson_text(found.lesson, names) if found.lesson is not None else ""
        top = (frame.x + 20, frame.y + 10)
        self._write(surface, sentence, top, frame, theme.FONT_SMALL, theme.TEXT_ACCENT, "topleft")
        better = _("Better: {play}  ·  {points}").format(
            play=play_text(found.best.play), points=loss_text(found.loss)
        )
        below = (frame.x + 20, frame.y + 40)
        self._write(surface, better, below, frame, theme.FONT_SMALL, BETTER_COLOUR, "topleft")

    def _write(
        self,
        surface: pygame.Surface,
        text: str,
        pos: tuple[int, int],
        frame: pygame.Rect,
        size: int,
        colour: tuple[int, int, int],
        anchor: Anchor,
    ) -> None:
        """``text`` placed as if left to right in ``frame`` (mirrored in Arabic), at most as
        wide as the frame's inside."""
        at = flow_point(pos, frame)
        self.text.draw(surface, text, at, size, colour, flow_anchor(anchor), frame.width - 40)


# --- words -----------------------------------------------------------------------------------


def where_text(found: PlayReview) -> str:
    """ "Round 2 · deal 3"."""
    return _("Round {round} · deal {deal}").format(
        round=number(found.round_number + 1), deal=number(found.deal)
    )


def loss_text(points: float) -> str:
    """ "−7 points": what a play cost, in whole points (a costly play costs five or more)."""
    return _("−{points} points").format(points=number(round(points)))


def play_text(play: Play) -> str:
    """ "the 10♣ taking 4♥ 6♣", or "lay the 3♠"."""
    card = card_text(play.card)
    if not play.taken:
        return _("lay the {card}").format(card=card)
    taken = " ".join(card_text(c) for c in sorted(play.taken))
    return _("the {card} taking {cards}").format(card=card, cards=taken)


def lesson_text(lesson: Lesson, names: Sequence[str]) -> str:
    """A lesson as one sentence in the player's language (``names``: the seats' names)."""
    who = isolate(names[lesson.opponent]) if lesson.opponent is not None else _("the other side")
    card = card_text(lesson.card) if lesson.card is not None else ""
    better = card_text(lesson.better.card)
    count = lesson.cards
    match lesson.kind:
        case LessonKind.BASRA_GIVEN:
            text = _("{action} let {name} make a Basra with the {card}.")
        case LessonKind.JACK_BASRA_GIVEN:
            text = _("{action} let {name} make a Jack Basra with the {card}.")
        case LessonKind.SWEPT:
            text = ngettext(
                "{action} let {name} take {count} card with the {card}.",
                "{action} let {name} take {count} cards with the {card}.",
                count,
            )
        case LessonKind.MISSED_BASRA:
            text = _("{action} missed a Basra with the {better}.")
        case LessonKind.MISSED_CARDS:
            text = ngettext(
                "{action} left {count} card that the {better} could take.",
                "{action} left {count} cards that the {better} could take.",
                count,
            )
        case LessonKind.MAJORITY:
            text = _("{action} cost the round's most cards ({mine} to {theirs}).")
        case LessonKind.COSTLY:
            text = _("{action} cost points on average, with what you knew then.")
    return text.format(
        action=action_text(lesson),
        name=who,
        card=card,
        better=better,
        count=number(count),
        mine=number(lesson.mine),
        theirs=number(lesson.theirs),
    )


def action_text(lesson: Lesson) -> str:
    """How the sentence names the play made: "Laying the 3♠", "Keeping the 7♦ for later"."""
    played = lesson.played
    match action_kind(lesson):
        case ActionKind.KEPT:
            return _("Keeping the {card} for later").format(card=card_text(lesson.better.card))
        case ActionKind.TOOK:
            count = len(played.taken)
            return ngettext(
                "Taking {count} card with the {card}", "Taking {count} cards with the {card}", count
            ).format(count=number(count), card=card_text(played.card))
        case ActionKind.LAID:
            return _("Laying the {card}").format(card=card_text(played.card))
