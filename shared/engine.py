"""The game engine: start a match, list and check plays, apply them (docs/rules.md §3).

A match is an immutable `MatchState`. `legal_plays` lists what the seat to move may play, each
play spelling out the card and exactly what it takes; `apply_play` returns the next state and
the events on the way there, and carries the game on by itself: new deals, the end of a round
(leftovers, scoring), the next round's deal and the end of the match. What a seat may know of
a state is `shared.views.view_for`.

>>> from shared.cards import format_cards
>>> from shared.rules import RuleSet
>>> from shared.views import view_for
>>> state = new_match(RuleSet(), seed=36)  # 2 players; the same seed deals the same cards
>>> state.round.dealer, state.round.to_move
(0, 1)
>>> print(format_cards(state.round.floor))
4h 7s 6c 6h
>>> for play in legal_plays(state):
...     print(play)
Ad
4s takes 4h
7c takes 7s
10c takes 4h 6c
10c takes 4h 6h
>>> step = apply_play(state, legal_plays(state)[3])  # a Transition: the new state, the events
>>> for event in step.events:
...     print(type(event).__name__, event.seat, event.card)
CardPlayed 1 10c
CardsCaptured 1 10c
>>> print(format_cards(step.state.round.floor))
7s 6h
>>> view = view_for(step.state, 0)  # seat 0 moves next: its own hand, the others' sizes only
>>> print(format_cards(view.hand))
3c 3d 6s 10s
>>> view.hand_sizes, view.pile_sizes, view.stock_size, len(view.legal_plays)
((4, 3), (0, 3), 40, 4)
>>> print(format_cards(state.round.floor))  # the old state is unchanged
4h 7s 6c 6h

Shuffles are chance input: the state carries a `shared.deals` value (never a live generator)
that gives each round's deck and the first dealer. An int seed makes a reproducible match; with
no seed, a match gets fair deals from a fresh secret server seed, so every match is verifiable.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import NamedTuple

from shared.cards import KOMI, STANDARD_DECK, Card, Rank
from shared.deals import Deals, FairDeals, SeededDeals, deals_for
from shared.events import (
    BasraScored,
    CardPlayed,
    CardsCaptured,
    Event,
    FloorDealt,
    HandDealt,
    LeftoversTaken,
    MatchEnded,
    RoundScored,
    RoundStarted,
)
from shared.plays import Play, mask_of, plays_for, plays_for_hand, takes_for
from shared.rules import Bonus, Direction, FirstFloor, RuleSet, capture_profile_of, sweep_bonus
from shared.scoring import match_winner, round_tally
from shared.state import (
    LastPlay,
    MatchState,
    RoundEnd,
    RoundState,
    Seat,
    Team,
    direction_step,
    next_seat,
    record_builder,
    team_of,
)

__all__ = [
    "IllegalPlayError",
    "Transition",
    "apply_play",
    "check_play",
    "legal_plays",
    "new_match",
    "opening_events",
    "replay",
]


class IllegalPlayError(ValueError):
    """A play the rules do not allow; the message can be shown to the player."""


class Transition(NamedTuple):
    """The state after a play and what happened on the way there."""

    state: MatchState
    events: tuple[Event, ...]


def new_match(
    rules: RuleSet | None = None,
    seed: int | None = None,
    *,
    deals: Deals | None = None,
    dealer: Seat | None = None,
    deck: Sequence[Card] | None = None,
) -> MatchState:
    """A new match, its first round dealt.

    The chance comes from ``deals`` (`shared.deals`: fair seeds, or an int seed) or from
    ``seed``: an int makes the match reproducible (`SeededDeals`), None draws fair deals from a
    new secret server seed. ``dealer`` and ``deck`` (the first round's order, top card first)
    fix the chance for tests and replays.
    """
    rules = rules or RuleSet()
    if deals is None:
        deals = deals_for(seed)
    elif seed is not None:
        raise ValueError("Give a seed or deals, not both.")
    elif not isinstance(deals, (SeededDeals, FairDeals)):
        raise ValueError("Deals are SeededDeals or FairDeals (sealed deals cannot deal).")
    if dealer is None:
        dealer = deals.first_dealer(rules.players)
    elif dealer not in range(rules.players):
        raise ValueError(f"The dealer must be a seat from 0 to {rules.players - 1}.")
    cards = tuple(deck) if deck is not None else deals.deck(0)
    if sorted(cards) != list(STANDARD_DECK):
        raise ValueError("A deck must hold each of the 52 cards exactly once.")
    round_state = _deal_round(rules, 0, dealer, cards)
    return MatchState(rules, deals, (0, 0), 0, round_state, None, capture_profile_of(rules))


def opening_events(state: MatchState) -> tuple[Event, ...]:
    """The events of dealing the current round as it now stands (for a match just created)."""
    return _deal_events(state.rules, state.round, deal=1)


def legal_plays(state: MatchState) -> tuple[Play, ...]:
    """Every distinct play for the seat to move; empty exactly when the match is over."""
    r = state.round
    seat = r.to_move
    if seat is None or state.winner is not None:
        return ()
    return plays_for_hand(r.hands[seat], r.floor, r.floor_mask, state.profile)


def check_play(state: MatchState, play: Play, seat: Seat | None = None) -> None:
    """Raise `IllegalPlayError` unless ``play`` is legal now (by ``seat``, when given)."""
    r = state.round
    if state.winner is not None or r.to_move is None:
        raise IllegalPlayError("The match is over.")
    if seat is not None and seat != r.to_move:
        raise IllegalPlayError("It is not your turn.")
    if not isinstance(play, Play) or not isinstance(play.card, Card):
        raise IllegalPlayError("That is not a play.")
    if play.card not in r.hands[r.to_move]:
        raise IllegalPlayError(f"You do not hold the {play.card}.")
    options = plays_for(play.card, r.floor, r.floor_mask, state.profile)
    if play in options:
        return
    choices = " or ".join(f"'{o}'" for o in options)
    raise IllegalPlayError(f"That is not what the {play.card} takes here: play {choices}.")


# Bot playouts call `apply_play` hundreds of thousands of times, hence the cheap check in front
# of `check_play`, the record builders and the steps written out in it rather than in functions
# of their own.


def apply_play(state: MatchState, play: Play) -> Transition:
    """Play ``play`` for the seat to move and carry the game on; raises `IllegalPlayError`.

    The steps: check the play, take the card from the hand, capture with it (perhaps scoring a
    Basra) or lay it on the floor, and pass the turn; once every hand is empty, deal again from
    the stock or end the round, which may end the match."""
    rules, r = state.rules, state.round
    seat = r.to_move
    # Every legal play passes this cheap test; `check_play` says what is wrong with the others.
    hand = r.hands[seat] if seat is not None and state.winner is None else ()
    if (
        type(play) is not Play
        or play.card not in hand
        or play.taken not in takes_for(play.card, r.floor, r.floor_mask, state.profile)
    ):
        check_play(state, play)  # raises
    assert seat is not None
    card, taken = play
    # Take the card from the hand.
    at = hand.index(card)
    hands = (*r.hands[:seat], hand[:at] + hand[at + 1 :], *r.hands[seat + 1 :])
    events: list[Event] = [_card_played((seat, card))]
    if taken:
        # Capture: the card and what it takes go to the team's pile; a sweep may score a Basra.
        team = team_of(seat)
        events.append(_cards_captured((seat, team, card, taken)))
        floor = tuple([c for c in r.floor if c not in taken])
        floor_mask = r.floor_mask & ~mask_of(taken)
        # A canonical order (the taken cards sorted, then the card), so that the state does
        # not hang on the order a frozenset was built in: equal plays make equal states.
        piles = _add(r.piles, team, (*taken, card) if len(taken) == 1 else (*sorted(taken), card))
        last_capturer: Team | None = team
        if floor:
            bonus, basras, jacks = _NO_BONUS, r.basras, r.jack_basras
        else:
            bonus, basras, jacks = _score_sweep(state, seat, card, hands, events)
    else:
        # Or lay it on the floor.
        floor, floor_mask = (*r.floor, card), r.floor_mask | (1 << card)
        piles, last_capturer = r.piles, r.last_capturer
        bonus, basras, jacks = _NO_BONUS, r.basras, r.jack_basras
    # The round after the play, the turn passed on (its fields in order, one tuple).
    last = _last_play((seat, card, taken, bonus))
    # fmt: off
    after = _round_state((
        r.number, r.dealer, r.deal, hands, r.stock, floor, floor_mask, piles, basras, jacks,
        last_capturer, next_seat(seat, rules), last, (*r.deal_plays, last),
    ))
    # fmt: on
    # Every hand is empty: deal again from the stock, or end the round (and maybe the match).
    if not any(hands):
        if not r.stock:
            return _end_round(state, after, events)
        after = _deal_more(rules, after)
        events.extend(_deal_events(rules, after, after.deal))
    following = (rules, state.deals, state.scores, state.carry, after, None, state.profile, None)
    return _transition((_match_state(following), tuple(events)))


_NO_BONUS = Bonus.NONE
# apply_play builds these records on every play, so it skips their Python-level constructors.
_round_state = record_builder(RoundState)
_match_state = record_builder(MatchState)
_last_play = record_builder(LastPlay)
_transition = record_builder(Transition)
_card_played = record_builder(CardPlayed)
_cards_captured = record_builder(CardsCaptured)


def _score_sweep(
    state: MatchState,
    seat: Seat,
    card: Card,
    hands: tuple[tuple[Card, ...], ...],
    events: list[Event],
) -> tuple[Bonus, tuple[int, ...], tuple[int, ...]]:
    """What ``card`` scores for emptying the floor, and the teams' Basra and Jack Basra counts
    after it; a Basra made with the round's last card counts only when the rules say so."""
    rules, r = state.rules, state.round
    basras, jacks = r.basras, r.jack_basras
    if not (rules.last_card_basra or r.stock or any(hands)):
        return _NO_BONUS, basras, jacks
    bonus = sweep_bonus(card, r.floor, state.profile)
    team = team_of(seat)
    if bonus is Bonus.BASRA:
        basras = _bump(basras, team)
        events.append(BasraScored(seat, team, bonus, rules.basra_points))
    elif bonus is Bonus.JACK_BASRA:
        jacks = _bump(jacks, team)
        events.append(BasraScored(seat, team, bonus, rules.jack_basra_points))
    return bonus, basras, jacks


def _add(
    per_team: tuple[tuple[Card, ...], ...], team: Team, cards: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    """The piles ``per_team`` with ``cards`` added to ``team``'s."""
    return (per_team[0] + cards, per_team[1]) if team == 0 else (per_team[0], per_team[1] + cards)


def _bump(counts: tuple[int, ...], team: Team) -> tuple[int, ...]:
    """``counts`` (per team) with one more for ``team``."""
    return (counts[0] + 1, counts[1]) if team == 0 else (counts[0], counts[1] + 1)


def _end_round(state: MatchState, r: RoundState, events: list[Event]) -> Transition:
    """Leftovers to the last capturer, score the round, then end the match or deal the next."""
    rules = state.rules
    events.append(LeftoversTaken(r.last_capturer, r.floor))
    piles = r.piles
    if r.last_capturer is not None and r.floor:
        piles = _add(piles, r.last_capturer, r.floor)
    tally = round_tally(rules, piles, r.basras, r.jack_basras, state.carry)
    scores = tuple(s + p for s, p in zip(state.scores, tally.points, strict=True))
    events.append(RoundScored(r.number, tally, scores))
    assert r.last_play is not None
    ended = RoundEnd(r.number, r.last_play, r.last_capturer, r.floor, tally)
    winner = match_winner(rules, scores)
    if winner is not None:
        # The match is over: the leftovers are in a pile and nobody is to move.
        events.append(MatchEnded(winner, scores))
        final = r._replace(floor=(), floor_mask=0, piles=piles, to_move=None)
        end = MatchState(
            rules, state.deals, scores, tally.carry_out, final, winner, state.profile, ended
        )
        return Transition(end, tuple(events))
    # Otherwise the next dealer deals the next round.
    number = r.number + 1
    fresh = _deal_round(rules, number, next_seat(r.dealer, rules), state.deals.deck(number))
    events.extend(_deal_events(rules, fresh, 1))
    nxt = MatchState(rules, state.deals, scores, tally.carry_out, fresh, None, state.profile, ended)
    return Transition(nxt, tuple(events))


@cache
def _deal_order(players: int, direction: Direction, dealer: Seat) -> tuple[Seat, ...]:
    """From the dealer's right round to the dealer himself."""
    step = direction_step(direction)
    return tuple((dealer + step * k) % players for k in range(1, players + 1))


def _deal_round(rules: RuleSet, number: int, dealer: Seat, deck: tuple[Card, ...]) -> RoundState:
    """Round ``number``'s first deal from ``deck``: the hands, then four cards to the floor."""
    hands, rest = _deal_hands(rules, dealer, deck)
    floor, stock = _bury_forbidden(rules, list(rest[:4]), list(rest[4:]))
    return RoundState(
        number,
        dealer,
        1,
        hands,
        stock,
        floor,
        mask_of(floor),
        ((), ()),
        (0, 0),
        (0, 0),
        None,
        next_seat(dealer, rules),
        None,
        (),
    )


def _deal_hands(
    rules: RuleSet, dealer: Seat, cards: tuple[Card, ...]
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """A hand for each seat from the top of ``cards``, in dealing order, and the cards left."""
    size = rules.hand_size
    hands: list[tuple[Card, ...]] = [()] * rules.players
    pos = 0
    for seat in _deal_order(rules.players, rules.direction, dealer):
        hands[seat] = cards[pos : pos + size]
        pos += size
    return tuple(hands), cards[pos:]


def _bury_forbidden(
    rules: RuleSet, floor: list[Card], stock: list[Card]
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Move each forbidden floor card under the stock and replace it from the top (§3.4)."""
    for i in range(len(floor)):
        while _forbidden_on_first_floor(rules, floor[i]):
            stock.append(floor[i])
            floor[i] = stock.pop(0)
    return tuple(floor), tuple(stock)


def _forbidden_on_first_floor(rules: RuleSet, card: Card) -> bool:
    if rules.first_floor is FirstFloor.NONE:
        return False
    return card in _JACKS or (rules.first_floor is FirstFloor.JACK_AND_KOMI and card is KOMI)


_JACKS = frozenset(c for c in STANDARD_DECK if c.rank is Rank.JACK)


def _deal_more(rules: RuleSet, r: RoundState) -> RoundState:
    """The round's next deal from the stock, none to the floor."""
    hands, stock = _deal_hands(rules, r.dealer, r.stock)
    return _round_state(
        (
            r.number,
            r.dealer,
            r.deal + 1,
            hands,
            stock,
            r.floor,
            r.floor_mask,
            r.piles,
            r.basras,
            r.jack_basras,
            r.last_capturer,
            r.to_move,
            r.last_play,
            (),
        )
    )


def _deal_events(rules: RuleSet, r: RoundState, deal: int) -> tuple[Event, ...]:
    """The events of deal number ``deal`` of ``r`` (the first also starts the round and floor)."""
    events: list[Event] = []
    if deal == 1:
        events.append(RoundStarted(r.number, r.dealer))
    for seat in _deal_order(rules.players, rules.direction, r.dealer):
        events.append(HandDealt(seat, deal, len(r.hands[seat]), r.hands[seat]))
    if deal == 1:
        events.append(FloorDealt(r.floor))
    return tuple(events)


def replay(
    rules: RuleSet, seed: int, plays: Sequence[Play], dealer: Seat | None = None
) -> list[Transition]:
    """Apply ``plays`` from a new seeded match; the transitions, for golden replays and tests."""
    state = new_match(rules, seed, dealer=dealer)
    out = []
    for play in plays:
        t = apply_play(state, play)
        out.append(t)
        state = t.state
    return out
