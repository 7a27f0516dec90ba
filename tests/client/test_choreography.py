"""The event -> animation mapping, and the table model that follows the events (no display)."""

from __future__ import annotations

import random

import pytest

from client.layout import REFERENCE, SeatPosition, hand_positions
from client.table.choreography import (
    CAPTURE_PAUSE,
    DEAL_STAGGER,
    FLYING_LAYER,
    CueKind,
    Tone,
    choreograph,
)
from client.table.model import HiddenCard, TableModel
from shared.cards import Card, parse_cards
from shared.engine import apply_play, new_match, opening_events
from shared.events import (
    BasraScored,
    CardPlayed,
    CardsCaptured,
    FloorDealt,
    HandDealt,
    RoundScored,
    RoundStarted,
)
from shared.rules import Bonus, RuleSet
from shared.scoring import round_tally
from shared.views import redact, view_for


def _fresh(players: int = 2, seat: int = 0) -> TableModel:
    model = TableModel(players, seat)
    choreograph(RoundStarted(0, players - 1), model)
    return model


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("seat", [0, 1])
def test_model_follows_the_engine_through_whole_matches(players: int, seat: int) -> None:
    """Animating every event, in order, ends exactly on each following view: no snap needed."""
    rng = random.Random(players * 10 + seat)
    for seed in range(3):
        state = new_match(RuleSet(players=players, target=40), seed)
        model = TableModel(players, seat)
        events = opening_events(state)
        while True:
            for event in events:
                choreograph(redact(event, seat), model)
            assert model.matches_view(view_for(state, seat))
            if state.winner is not None:
                break
            transition = apply_play(state, rng.choice(view_for(state, state.to_move).legal_plays))
            state, events = transition.state, transition.events


def test_my_deal_flies_from_the_stock_and_turns_face_up() -> None:
    model = _fresh()
    cards = tuple(parse_cards("2c 9h Kd 5s"))
    plan = choreograph(HandDealt(0, 1, 4, cards), model)
    stock = model.stock_placement()
    assert [m.key for m in plan.moves] == sorted(cards)
    assert all(m.start is not None and m.start.center == stock.center for m in plan.moves)
    assert all(m.start is not None and not m.start.face_up for m in plan.moves)
    assert all(m.end.face_up for m in plan.moves)
    slots = [r.center for r in hand_positions(REFERENCE, 4, SeatPosition.BOTTOM)]
    assert [m.end.center for m in plan.moves] == slots
    delays = [m.delay for m in plan.moves]
    assert delays == sorted(delays) and delays[1] - delays[0] == pytest.approx(DEAL_STAGGER)
    assert sum(c.kind is CueKind.SOUND and c.sound == "deal" for c in plan.cues) == 4
    assert model.stock == 48


def test_other_seats_are_dealt_face_down_slots() -> None:
    model = _fresh(players=4)
    plan = choreograph(HandDealt(1, 1, 4, None), model)
    assert {m.key for m in plan.moves} == {HiddenCard(1, i) for i in range(4)}
    assert not any(m.end.face_up for m in plan.moves)
    assert all(m.end.angle == 90 for m in plan.moves), "the right-hand seat's cards lie sideways"


def test_an_opponents_card_is_revealed_in_flight_to_the_floor() -> None:
    model = _fresh()
    choreograph(HandDealt(1, 1, 4, None), model)
    choreograph(FloorDealt(tuple(parse_cards("3c 4d"))), model)
    card = Card.parse("7h")
    plan = choreograph(CardPlayed(1, card), model)
    assert plan.rekey == {HiddenCard(1, 3): card}
    flight = next(m for m in plan.moves if m.key == card)
    assert flight.start is not None and flight.start.layer == FLYING_LAYER
    assert flight.end.face_up and flight.end.center == model.placements()[card].center
    assert any(c.sound == "place" for c in plan.cues)
    assert model.floor[-1] == card and model.hidden[1] == 3


def test_a_capture_glows_then_sweeps_into_the_pile() -> None:
    model = _fresh()
    floor = tuple(parse_cards("2c 3d 9s"))
    choreograph(FloorDealt(floor), model)
    choreograph(HandDealt(0, 1, 1, (Card.parse("5h"),)), model)
    choreograph(CardPlayed(0, Card.parse("5h")), model)
    taken = frozenset(parse_cards("2c 3d"))
    plan = choreograph(CardsCaptured(0, 0, Card.parse("5h"), taken), model)
    sweeping = [m for m in plan.moves if m.vanish]
    assert {m.key for m in sweeping} == taken | {Card.parse("5h")}
    pile = model.pile_placement(0)
    assert all(m.end.center == pile.center and not m.end.face_up for m in sweeping)
    assert all(m.delay >= CAPTURE_PAUSE for m in sweeping)
    highlight = next(c for c in plan.cues if c.kind is CueKind.HIGHLIGHT)
    assert set(highlight.keys) == set(taken) | {Card.parse("5h")}
    stats = next(c for c in plan.cues if c.kind is CueKind.STATS)
    assert stats.at >= max(m.delay for m in sweeping), "the count changes when the cards land"
    slide = next(m for m in plan.moves if m.key == Card.parse("9s"))
    assert slide.end.center == pytest.approx(REFERENCE.floor.center), (
        "the last floor card recentres"
    )
    assert model.floor == [Card.parse("9s")] and model.piles == [3, 0]


def test_a_basra_has_a_banner_confetti_and_a_fanfare() -> None:
    model = _fresh()
    plan = choreograph(BasraScored(0, 0, Bonus.BASRA, 10), model)
    kinds = {c.kind: c for c in plan.cues}
    banner = kinds[CueKind.BANNER]
    assert banner.text == "{name} — Basra!" and banner.seat == 0 and banner.detail == "+10"
    assert banner.tone is Tone.CELEBRATION, "the player's own Basra"
    assert CueKind.BURST in kinds
    assert any(c.sound == "basra" for c in plan.cues)
    assert plan.hold > 1.0, "the next play waits for the celebration"
    jack = choreograph(BasraScored(1, 1, Bonus.JACK_BASRA, 30), model)
    assert any(c.text == "{name} — Jack Basra!" and c.seat == 1 for c in jack.cues)
    assert model.basras == [1, 0] and model.jack_basras == [0, 1]


def test_round_scored_asks_for_the_results() -> None:
    model = _fresh()
    tally = round_tally(RuleSet(), ((), ()), (0, 0), (0, 0))
    event = RoundScored(0, tally, (30, 0))
    plan = choreograph(event, model)
    results = [c for c in plan.cues if c.kind is CueKind.ROUND_RESULTS]
    assert len(results) == 1 and results[0].event == event
    assert model.scores == [30, 0]


@pytest.mark.parametrize("pace", [0.0, 2.0])
def test_pace_scales_every_time(pace: float) -> None:
    normal = choreograph(HandDealt(0, 1, 4, tuple(parse_cards("2c 9h Kd 5s"))), _fresh(), 1.0)
    scaled = choreograph(HandDealt(0, 1, 4, tuple(parse_cards("2c 9h Kd 5s"))), _fresh(), pace)
    for a, b in zip(normal.moves, scaled.moves, strict=True):
        assert b.delay == pytest.approx(a.delay * pace)
        assert b.duration == pytest.approx(a.duration * pace)
    assert scaled.hold == pytest.approx(normal.hold * pace)
    assert scaled.duration == pytest.approx(normal.duration * pace)
