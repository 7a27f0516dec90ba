"""The screenshot tour's deal: its plan, played out with the engine against every best play
of the medium bot, ends with the page's player holding a card that can take different sets."""

from __future__ import annotations

from server.room.deals import match_seed
from shared.choices import plays_for_card
from shared.engine import apply_play, legal_plays, new_match
from shared.state import MatchState
from tests.web.shot_deal import PLAYER, bot_plays, choice_deal
from tests.web.shots import RULES


def test_the_tours_plan_brings_a_choice_of_sets_in_the_first_deal() -> None:
    deal = choice_deal(RULES)
    start = new_match(RULES, seed=match_seed(deal.seed, 1))
    ends = _played_out(start, list(deal.first))
    assert ends, "the plan can be played"
    for state in ends:
        assert state.round.number == 0 and state.to_move == PLAYER
        assert len(plays_for_card(legal_plays(state), deal.asking, RULES)) > 1


def _played_out(state: MatchState, cards: list[object]) -> list[MatchState]:
    """Every state the plan leads to, the bot making any of its best plays."""
    if state.to_move != PLAYER:
        return [
            end
            for play in bot_plays(state)
            for end in _played_out(apply_play(state, play).state, cards)
        ]
    if not cards:
        return [state]
    play = plays_for_card(legal_plays(state), cards[0], RULES)[0]
    return _played_out(apply_play(state, play).state, cards[1:])
