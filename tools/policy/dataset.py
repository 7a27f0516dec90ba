"""Recorded decisions turned into what the trainer and the checks read.

`read_decisions` streams the JSON lines of ``tools.policy.record``; `decision_spot` and
`decision_kinds` give a decision's table and hand as the policy model sees them; `choices_of`
lists the hand's choices with their features (`shared.bots.policy_features`) and which one
the mover made. Decisions of seeds ending in 0 are held out of training (`held_out`).
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from shared.bots.policy_features import Choice, Spot, Table, hand_choices, kind_of
from shared.bots.sampling import ruled_out_by
from shared.bots.sim import Rules
from shared.cards import STANDARD_DECK, Card
from shared.plays import cards_of_mask
from shared.rules import Bonus, RuleSet, sweep_bonus
from shared.state import LastPlay

Decision = dict[str, Any]
RULES = {players: Rules(RuleSet(players=players)) for players in (2, 4)}


def read_decisions(paths: Sequence[Path], level: str | None = None) -> Iterator[Decision]:
    """Every decision in ``paths`` (of ``level`` only, when given)."""
    for path in paths:
        with gzip.open(path, "rt", encoding="utf-8") as lines:
            try:
                for line in lines:
                    found = json.loads(line)
                    if level is None or found["level"] == level:
                        yield found
            except (EOFError, json.JSONDecodeError):
                continue  # the end of a file still being written


def held_out(seed: int) -> bool:
    return seed % 10 == 0


def hand_hidden(d: Decision) -> bool:
    """Whether the other seats cannot tell the mover's hand from the table: with two players,
    in the round's last deal they can (every card unseen is in it), and there the hard
    player plays exactly, which no model of its search needs to learn."""
    return bool(d["players"] == 4 or d["stock"] > 0)


def decision_spot(d: Decision) -> Spot:
    floor = tuple(STANDARD_DECK[c] for c in d["floor"])
    rules = RULES[d["players"]]
    ruled_out = 0
    if d["deal_plays"] and d["deal_plays"][-1][0] != d["seat"]:
        ruled_out = ruled_out_by(floor, last_play(d["deal_plays"][-1], floor, rules), rules)
    return Spot(
        d["seat"], floor, d["gone"], tuple(d["sizes"]), tuple(d["piles"]), d["stock"], ruled_out
    )


def last_play(recorded: Sequence[int], floor: tuple[Card, ...], rules: Rules) -> LastPlay:
    """A recorded deal play (seat, card, taken) with its bonus, from the floor it left."""
    seat, card, taken = recorded
    took = cards_of_mask(taken)
    bonus = Bonus.NONE
    if took and not floor:
        bonus = sweep_bonus(STANDARD_DECK[card], tuple(took), rules.profile)
    return LastPlay(seat, STANDARD_DECK[card], took, bonus)


def cards(indices: Sequence[int]) -> list[Card]:
    return [STANDARD_DECK[c] for c in indices]


def decision_kinds(d: Decision, rules: Rules, hand: Sequence[int] | None = None) -> list[int]:
    """The kinds of the hand (the recorded one unless ``hand`` is given), played card first."""
    held = [d["card"], *(c for c in (d["hand"] if hand is None else hand) if c != d["card"])]
    return [kind_of(card, rules) for card in cards(held)]


class Example(NamedTuple):
    """A decision's choices and the index of the one made."""

    choices: list[Choice]
    chosen: int
    hand_size: int


def choices_of(d: Decision) -> Example | None:
    """The decision as an `Example`; None when the play made is not among the choices (a
    rule variant the features do not tell apart) or there was no real choice."""
    rules = RULES[d["players"]]
    kinds = decision_kinds(d, rules)
    table = Table(decision_spot(d), rules)
    found = hand_choices(table, kinds)
    if len(found) < 2:
        return None
    for i, choice in enumerate(found):
        if choice.kind == kinds[0] and choice.taken == d["taken"]:
            return Example(found, i, len(d["hand"]))
    return None
