"""PROTOCOL.md §5 on a round's end holds: the event order it gives is the engine's at every
round's end of random matches, and its example is the update the server sends for one."""

from __future__ import annotations

import random
import re

import pytest

from shared.engine import apply_play, legal_plays, new_match
from shared.events import RoundScored
from shared.rules import RuleSet
from shared.wire.protocol import events_to_wire
from tests.server.sample_exchange import DOC
from tests.shared.round_boundary import BEGIN, END, render

FINAL_PLAY = r"card_played (cards_captured (basra_scored )?)?"
SCORED = r"leftovers_taken round_scored "


def _next_round(players: int) -> str:
    return r"round_started " + r"hand_dealt " * players + r"floor_dealt "


@pytest.mark.parametrize("players", [2, 4])
def test_a_rounds_end_comes_in_the_documented_order(players: int) -> None:
    order = re.compile(f"{FINAL_PLAY}{SCORED}(match_ended |{_next_round(players)})")
    ends = 0
    for seed in range(10):
        rng = random.Random(seed)
        state = new_match(RuleSet(players=players), seed=seed)
        while plays := legal_plays(state):
            transition = apply_play(state, rng.choice(plays))
            state = transition.state
            if any(isinstance(e, RoundScored) for e in transition.events):
                kinds = "".join(f"{e['kind']} " for e in events_to_wire(transition.events))
                assert order.fullmatch(kinds), kinds
                ends += 1
    assert ends > 20


def test_the_documented_example_is_what_the_server_sends() -> None:
    doc = DOC.read_text(encoding="utf-8")
    shown = doc.split(BEGIN, 1)[1].split(END, 1)[0].strip()
    assert shown == render(), "run python -m tests.shared.round_boundary"
