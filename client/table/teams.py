"""Which side a seat plays for, as the table shows it: its colour and where its pile lies.

Owns `pile_seat` (whose place holds a team's capture pile this round) and `side_colour` (the
viewer's side in one colour, the other side in another). Pure: no pygame.
"""

from __future__ import annotations

import logging

from client import theme
from shared.state import team_of

logger = logging.getLogger(__name__)


def pile_seat(team: int, dealer: int, players: int) -> int:
    """The seat at whose place `team`'s capture pile lies this round.

    With 2 players each player keeps their own pile. With 4, a pile lies with the partner who
    does not deal: the dealing side's pile with the dealer's partner, the other side's with
    its player who does not deal next (the one at the dealer's left, who dealt the round
    before). So when the deal passes, one pile moves across to the new dealer's partner.
    Raises ValueError for a team, dealer or player count that cannot be.
    """
    if players not in (2, 4):
        raise ValueError(f"players must be 2 or 4, not {players}")
    if team not in (0, 1) or not 0 <= dealer < players:
        raise ValueError(f"no team {team} or dealer {dealer} with {players} players")
    if players == 2:
        return team
    dealing_side = team_of(dealer)
    if team == dealing_side:
        return (dealer + 2) % players
    return (dealer + 3) % players


def side_colour(team: int, viewer: int) -> theme.RGB:
    """The colour of `team` as seen from seat `viewer`: ours teal, theirs orange."""
    return theme.TEAM_OURS if team == team_of(viewer) else theme.TEAM_THEIRS
