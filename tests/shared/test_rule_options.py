"""Each option of docs/rules.md §7 changes what it says it changes."""

from __future__ import annotations

import pytest

from shared.cards import KOMI, Card, parse_cards
from shared.engine import apply_play, legal_plays, new_match
from shared.events import BasraScored, CardPlayed, HandDealt, RoundScored
from shared.plays import Play
from shared.rules import (
    Bonus,
    Direction,
    FirstFloor,
    KomiBasra,
    KomiPlay,
    MajorityTie,
    RuleError,
    RuleSet,
    capture_options,
)
from shared.scoring import card_points, match_winner, round_tally
from tests.shared.positions import position


def bonus_of(card: str, floor: str, rules: RuleSet) -> set[Bonus]:
    return {c.bonus for c in capture_options(Card.parse(card), parse_cards(floor), rules)}


def test_default_is_egyptian_and_presets_differ() -> None:
    assert RuleSet() == RuleSet.preset("egyptian")
    jawaker = RuleSet.preset("jawaker")
    assert jawaker.komi_basra is KomiBasra.NUMERALS_TO_10
    assert jawaker.card_points and jawaker.jack_basra_points == 0
    assert RuleSet.preset("Jawaker", players=4).players == 4
    assert RuleSet().preset_name == "egyptian" and jawaker.preset_name == "jawaker"
    assert RuleSet(basra_points=20).preset_name == "custom"


@pytest.mark.parametrize(
    "bad",
    [{"players": 3}, {"hand_size": 5}, {"target": 0}, {"direction": "up"}, {"players": True}],
)
def test_bad_options_are_refused_with_a_readable_error(bad: dict[str, object]) -> None:
    with pytest.raises(RuleError) as error:
        RuleSet(**bad)  # type: ignore[arg-type]
    assert isinstance(error.value, ValueError) and str(error.value)


def test_from_options_round_trips_and_rejects_unknown_names() -> None:
    rules = RuleSet.preset("jawaker", players=4, target=61)
    assert RuleSet.from_options(rules.to_options()) == rules
    with pytest.raises(RuleError):
        RuleSet.from_options({"jokers": True})


def test_direction_left_reverses_turns_and_deal() -> None:
    right = new_match(RuleSet(players=4), seed=1, dealer=0)
    left = new_match(RuleSet(players=4, direction=Direction.LEFT), seed=1, dealer=0)
    assert right.round.to_move == 1 and left.round.to_move == 3
    after = apply_play(left, legal_plays(left)[0]).state
    assert after.round.to_move == 2


def test_hand_size_six_deals_six_and_fewer_deals() -> None:
    rules = RuleSet(hand_size=6)
    state = new_match(rules, seed=2)
    assert [len(h) for h in state.round.hands] == [6, 6]
    assert rules.deals_per_round == 4 and RuleSet(players=4, hand_size=6).deals_per_round == 2
    assert len(state.round.stock) == 52 - 12 - 4


@pytest.mark.parametrize(
    ("first_floor", "allowed"),
    [
        (FirstFloor.JACK_AND_KOMI, set()),
        (FirstFloor.JACK_ONLY, {"7d"}),
        (FirstFloor.NONE, {"7d", "Jc"}),
    ],
)
def test_first_floor_option(first_floor: FirstFloor, allowed: set[str]) -> None:
    from shared.cards import STANDARD_DECK

    front = parse_cards("2c 3c 4c 5c 2d 3d 4d 5d Jc 7d 9s 9h")
    deck = front + [c for c in STANDARD_DECK if c not in front]
    state = new_match(RuleSet(first_floor=first_floor), dealer=1, deck=deck)
    floor = {str(c) for c in state.round.floor}
    assert floor & {"Jc", "7d"} == allowed


def test_komi_plain_is_an_ordinary_seven() -> None:
    plain = RuleSet(komi_play=KomiPlay.PLAIN)
    (capture,) = capture_options(KOMI, parse_cards("4c 6d Kh"), plain)
    assert capture.taken == frozenset() and capture.bonus is Bonus.NONE
    (seven,) = capture_options(KOMI, parse_cards("3c 4d"), plain)
    assert seven.taken == frozenset(parse_cards("3c 4d")) and seven.bonus is Bonus.BASRA


def test_komi_basra_modes() -> None:
    wild = RuleSet()
    ten = RuleSet(komi_basra=KomiBasra.NUMERALS_TO_10)
    never = RuleSet(komi_basra=KomiBasra.NEVER)
    assert bonus_of("7d", "5c 5d 5h", wild) == {Bonus.BASRA}
    assert bonus_of("7d", "5c 5d 5h", ten) == {Bonus.NONE}  # totals 15
    assert bonus_of("7d", "2c 3d 4h", ten) == {Bonus.BASRA}
    assert bonus_of("7d", "Qc Qh", wild) == {Bonus.BASRA}
    assert bonus_of("7d", "Qc Qh", ten) == {Bonus.NONE}
    assert bonus_of("7d", "2c 3d 4h", never) == {Bonus.NONE}


def test_jack_basra_points_and_never() -> None:
    state = position(["Jh 2c", "3c 4c"], "Jc", rules=RuleSet(jack_basra_points=20))
    events = apply_play(state, Play(Card.parse("Jh"), frozenset(parse_cards("Jc")))).events
    assert [e.points for e in events if isinstance(e, BasraScored)] == [20]
    assert bonus_of("Jh", "Jc", RuleSet(jack_basra_points=0)) == {Bonus.NONE}


def test_basra_points_option() -> None:
    state = position(["5s 2c", "3c 4c"], "5h", rules=RuleSet(basra_points=15))
    events = apply_play(state, Play(Card.parse("5s"), frozenset(parse_cards("5h")))).events
    assert [(e.bonus, e.points) for e in events if isinstance(e, BasraScored)] == [
        (Bonus.BASRA, 15)
    ]


@pytest.mark.parametrize(("counts", "scored"), [(True, 1), (False, 0)])
def test_last_card_basra_option(counts: bool, scored: int) -> None:
    rules = RuleSet(last_card_basra=counts)
    state = position(["", "5s"], "5h", to_move=1, rules=rules)
    transition = apply_play(state, Play(Card.parse("5s"), frozenset(parse_cards("5h"))))
    basras = [e for e in transition.events if isinstance(e, BasraScored)]
    assert len(basras) == scored
    (round_scored,) = [e for e in transition.events if isinstance(e, RoundScored)]
    assert round_scored.tally.basras[1] == scored


def test_majority_tie_nobody_or_carried() -> None:
    half = [parse_cards("2c")] * 26
    piles = ([c for p in half for c in p], [c for p in half for c in p])
    nobody = round_tally(RuleSet(), piles, (0, 0), (0, 0))
    assert nobody.majority == (0, 0) and nobody.carry_out == 0
    carry_rules = RuleSet(majority_tie=MajorityTie.CARRY)
    carried = round_tally(carry_rules, piles, (0, 0), (0, 0))
    assert carried.carry_out == 30
    next_round = round_tally(carry_rules, (piles[0] + piles[0][:1], piles[1]), (0, 0), (0, 0), 30)
    assert next_round.majority == (60, 0) and next_round.carry_out == 0


def test_majority_points_option() -> None:
    tally = round_tally(RuleSet(majority_points=40), ([KOMI] * 27, [KOMI] * 25), (1, 0), (0, 1))
    assert tally.majority == (40, 0)
    assert tally.points == (40 + 10, 30)


def test_card_points_option() -> None:
    assert card_points(parse_cards("Jc Jd Jh Js Ac Ad Ah As 2c 10d 5s")) == 13
    piles = (parse_cards("2c 10d Ac"), parse_cards("5s"))
    off = round_tally(RuleSet(), piles, (0, 0), (0, 0))
    on = round_tally(RuleSet(card_points=True), piles, (0, 0), (0, 0))
    assert off.card_points == (0, 0) and on.card_points == (6, 0)
    assert on.points[0] - off.points[0] == 6


def test_target_and_tied_totals() -> None:
    rules = RuleSet(target=61)
    assert match_winner(rules, (60, 0)) is None
    assert match_winner(rules, (61, 0)) == 0
    assert match_winner(rules, (70, 90)) == 1
    assert match_winner(rules, (90, 90)) is None


def test_turn_timer_is_an_option_with_off() -> None:
    assert RuleSet().turn_timer == 30 and RuleSet(turn_timer=0).turn_timer == 0


def test_hands_are_dealt_from_dealers_right_dealer_last() -> None:
    from shared.engine import opening_events

    state = new_match(RuleSet(players=4), seed=9, dealer=2)
    seats = [e.seat for e in opening_events(state) if isinstance(e, HandDealt)]
    assert seats == [3, 0, 1, 2]
    assert state.round.to_move == 3
    first = apply_play(state, legal_plays(state)[0])
    assert isinstance(first.events[0], CardPlayed) and first.events[0].seat == 3
