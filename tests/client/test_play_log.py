"""The pure parts of the table's story: where a team's pile lies, and the play log's record."""

from __future__ import annotations

import pytest

from client import theme
from client.table.play_log import LastCards, LoggedPlay, PlayLog, entry_text, plays_made
from client.table.teams import pile_seat, side_colour
from shared.cards import Card, parse_cards
from shared.engine import apply_play, legal_plays, new_match
from shared.events import (
    BasraScored,
    CardPlayed,
    CardsCaptured,
    LeftoversTaken,
    RoundStarted,
)
from shared.rules import Bonus, RuleSet
from shared.views import view_for


def test_with_two_players_each_pile_stays_at_its_owner() -> None:
    for dealer in (0, 1):
        assert [pile_seat(team, dealer, 2) for team in (0, 1)] == [0, 1]


@pytest.mark.parametrize(("dealer", "piles"), [(0, (2, 3)), (1, (0, 3)), (2, (0, 1)), (3, (2, 1))])
def test_with_four_a_pile_lies_with_the_partner_who_is_not_dealing(
    dealer: int, piles: tuple[int, int]
) -> None:
    assert (pile_seat(0, dealer, 4), pile_seat(1, dealer, 4)) == piles
    assert all(seat != dealer for seat in piles)


def test_pile_seat_refuses_what_cannot_be() -> None:
    with pytest.raises(ValueError, match="players"):
        pile_seat(0, 0, 3)
    with pytest.raises(ValueError, match="dealer"):
        pile_seat(0, 4, 4)


def test_sides_have_their_colours_from_the_viewer() -> None:
    assert side_colour(0, 2) == theme.TEAM_OURS and side_colour(1, 2) == theme.TEAM_THEIRS
    assert side_colour(1, 1) == theme.TEAM_OURS


def _name(seat: int) -> str:
    return ("You", "Karim", "Nour", "Salma")[seat]


def test_the_log_words_each_play() -> None:
    log = PlayLog()
    k9, k4, k5 = parse_cards("9c 4d 5s")
    for event in (
        RoundStarted(0, 1),
        CardPlayed(1, k9),
        CardsCaptured(1, 1, k9, frozenset({k5, k4})),
        CardPlayed(0, Card.parse("Kh")),
        CardsCaptured(0, 0, Card.parse("Kh"), frozenset({Card.parse("Ks")})),
        BasraScored(0, 0, Bonus.BASRA, 10),
        CardPlayed(1, Card.parse("3s")),
        LeftoversTaken(0, (Card.parse("3s"),)),
    ):
        log = log.with_event(event)
    lines = [entry_text(entry, _name) for entry in log.current.entries]
    assert [line.replace("\u2068", "").replace("\u2069", "") for line in lines] == [
        "Karim: 9♣ took 4♦ 5♠",
        "You: K♥ took K♠ — Basra! +10",
        "Karim: 3♠ stays on the floor",
        "Last cards to You: 3♠",
    ]
    assert log.current.entries[-1] == LastCards(0, (Card.parse("3s"),))


def test_a_new_round_keeps_the_last_one_step_back() -> None:
    log = PlayLog().with_event(RoundStarted(0, 0)).with_event(CardPlayed(1, Card.parse("2c")))
    log = log.with_event(RoundStarted(1, 1))
    assert log.current.number == 1 and not log.current.entries
    assert log.previous is not None and log.previous.entries == (LoggedPlay(1, Card.parse("2c")),)


def test_a_view_with_fewer_plays_cuts_the_log_back_and_one_with_more_marks_it() -> None:
    state = new_match(RuleSet(), seed=4)
    log = PlayLog()
    views = [view_for(state, 0)]
    for _ in range(3):
        transition = apply_play(state, legal_plays(state)[0])
        state = transition.state
        for event in transition.events:
            log = log.with_event(event)
        views.append(view_for(state, 0))
    assert plays_made(views[-1]) == log.current.plays == 3
    undone = log.matching(views[1])
    assert undone.current.plays == 1 and not undone.current.missing
    assert PlayLog().matching(views[2]).current.missing, "joined after two plays"
