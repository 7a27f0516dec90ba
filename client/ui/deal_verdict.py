"""The verdict on a match's deals, as the match results screen shows it.

Owns `DealVerdict` and `deal_verdict` (a `shared.fairness.DealCheck` in the player's words:
"Deals verified", or a loud warning that names the round that does not match) and
`draw_verdict` (a line in the verdict's tone; a warning in a red box).
"""

from __future__ import annotations

import enum
from typing import NamedTuple

import pygame

from client import theme
from client.i18n import _, ngettext, number
from client.ui.text import TextRenderer
from shared.fairness import DealCheck, DealStatus

ALARM_FILL = (120, 16, 20, 235)
ALARM_BORDER = (255, 120, 110, 255)
VERIFIED_COLOUR = (150, 226, 150)
PADDING = 12


class Tone(enum.Enum):
    """How a verdict is shown."""

    CALM = "calm"
    """Nothing is wrong, nothing is proven (waiting, a seeded match, nothing to check)."""
    VERIFIED = "verified"
    ALARM = "alarm"
    """The deals are not what the seeds give: a loud warning."""


class DealVerdict(NamedTuple):
    """What the results screen says about the deals."""

    title: str
    detail: str
    tone: Tone = Tone.CALM


def deal_verdict(check: DealCheck | None) -> DealVerdict:
    """``check`` in the player's words; None: the check has not come yet."""
    if check is None:
        return DealVerdict(_("Checking the deals..."), "")
    status = check.status
    if status is DealStatus.VERIFIED:
        return DealVerdict(_("Deals verified"), _verified_detail(check), Tone.VERIFIED)
    if status is DealStatus.MISMATCH:
        bad_round = number((check.bad_round or 0) + 1)
        return DealVerdict(
            _("Warning: round {number} does not match the seeds!").format(number=bad_round),
            _("Its cards are not the ones the seeds committed before the deal give."),
            Tone.ALARM,
        )
    if status in (DealStatus.BAD_COMMITMENT, DealStatus.SEED_MISSING):
        title = (
            _("Warning: the server's seed does not match its commitment!")
            if status is DealStatus.BAD_COMMITMENT
            else _("Warning: your seed was not used for these deals!")
        )
        why = _("The server could have chosen the cards: these deals are not provably fair.")
        return DealVerdict(title, why, Tone.ALARM)
    if status is DealStatus.SEEDED:
        return DealVerdict(
            _("A match from a fixed seed"),
            _("It can be replayed exactly, but its deals are not provably fair."),
        )
    why = (
        _("The server did not reveal its seed.")
        if status is DealStatus.NOT_REVEALED
        else _("No round was seen from its deal.")
    )
    return DealVerdict(_("The deals could not be checked"), why)


def _verified_detail(check: DealCheck) -> str:
    detail = ngettext(
        "All {cards} cards of {rounds} round are where the committed seeds put them.",
        "All {cards} cards of {rounds} rounds are where the committed seeds put them.",
        check.rounds,
    )
    return detail.format(cards=number(check.cards), rounds=number(check.rounds))


def draw_verdict(
    surface: pygame.Surface, text: TextRenderer, rect: pygame.Rect, verdict: DealVerdict
) -> None:
    """The verdict centred in ``rect``: its title, and a smaller line or two under it."""
    alarm = verdict.tone is Tone.ALARM
    if alarm:
        box = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(box, ALARM_FILL, box.get_rect(), border_radius=theme.CORNER_RADIUS)
        pygame.draw.rect(box, ALARM_BORDER, box.get_rect(), 3, border_radius=theme.CORNER_RADIUS)
        surface.blit(box, rect)
    colours = {Tone.CALM: theme.TEXT_DIM, Tone.VERIFIED: VERIFIED_COLOUR, Tone.ALARM: theme.TEXT}
    width = rect.width - 2 * PADDING
    title = text.fit(verdict.title, width, theme.FONT_BODY)
    details = text.wrap(verdict.detail, width, theme.FONT_SMALL)[:2] if verdict.detail else []
    title_height = text.line_height(theme.FONT_BODY)
    line_height = text.line_height(theme.FONT_SMALL)
    y = rect.centery - (title_height + line_height * len(details)) // 2
    text.draw(surface, title, (rect.centerx, y), theme.FONT_BODY, colours[verdict.tone], "midtop")
    y += title_height
    for line in details:
        colour = theme.TEXT if alarm else theme.TEXT_DIM
        text.draw(surface, line, (rect.centerx, y), theme.FONT_SMALL, colour, "midtop")
        y += line_height
