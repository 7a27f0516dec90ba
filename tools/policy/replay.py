"""A recorded decision asked again of a bot, from the true hand or another one.

`decision_view` rebuilds the mover's view from a recorded decision with any hand of the right
size (the round's Basra counts and the match scores are not recorded: they are taken as none,
which changes no choice before the round's exact endgame); `replayed_play` asks a side's bot.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bench.sides import Side
from shared.cards import STANDARD_DECK
from shared.plays import Play, cards_of_mask, mask_of, plays_for_hand
from shared.rules import Bonus, RuleSet, capture_profile_of
from shared.state import LastPlay
from shared.views import PlayerView
from tools.policy.dataset import Decision, cards


def decision_view(d: Decision, hand: Sequence[int]) -> PlayerView:
    rules = RuleSet(players=d["players"])
    held = tuple(sorted(cards(hand)))
    floor = tuple(cards(d["floor"]))
    teams = 2
    plays = tuple(
        LastPlay(seat, STANDARD_DECK[card], cards_of_mask(taken), Bonus.NONE)
        for seat, card, taken in d["deal_plays"]
    )
    return PlayerView(
        seat=d["seat"],
        rules=rules,
        hand=held,
        hand_sizes=tuple(d["sizes"]),
        floor=floor,
        stock_size=d["stock"],
        pile_sizes=tuple(d["piles"]),
        basras=(0,) * teams,
        jack_basras=(0,) * teams,
        scores=(0,) * teams,
        dealer=(d["seat"] + 1) % d["players"],
        to_move=d["seat"],
        legal_plays=plays_for_hand(held, floor, mask_of(floor), capture_profile_of(rules)),
        gone=tuple(sorted(cards_of_mask(d["gone"]))),
        last_play=plays[-1] if plays else None,
        deal_plays=plays,
        winner=None,
        round_number=0,
        deal=1 + (52 - 4 - d["stock"]) // (rules.hand_size * rules.players) - 1,
        last_capturer=d["last_capturer"],
        carry=0,
        last_round=None,
    )


def replayed_play(d: Decision, hand: Sequence[int], side: Side) -> Play:
    seed = f"{d['seed']}:{d['stock']}:{len(d['hand'])}:{sorted(hand)}"
    return side.bot().choose_play(decision_view(d, hand), random.Random(seed))
