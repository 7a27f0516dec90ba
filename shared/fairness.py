"""Checking that a match was dealt as its seeds say: `verify` for a record, `verify_seen` for
what one player saw.

With fair deals (`shared.deals`) the server commits to a secret server seed before any client
seed is known and reveals it when the match ends. A check recomputes every round's deck from
the seeds and holds it against the cards the match showed: in Basra every card ends face up
(each hand card is played, the floor is dealt face up), so a whole round checks all 52.

- `verify(record)`: the revealed seed hashes to the commitment, the first dealer is the one the
  seeds draw, and every recorded play can be made from the recomputed decks (`shared.record`
  replays them through the engine), so a record cannot hide a deck that was changed.
- `verify_seen(...)`: a client's own check, with nothing but the events it received (and the
  commitment and client seeds announced before the deal): each round it saw from its start is
  dealt again from the seeds and played again with the plays it saw; the events must be the
  very ones it received, its own hands and every floor included.

Both return a `DealCheck` whose message can be shown to the player as it is.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from shared.cards import Card
from shared.deals import CommitmentError, FairDeals, SealedDeals, SeededDeals
from shared.engine import IllegalPlayError, apply_play, new_match, opening_events
from shared.events import (
    BasraScored,
    CardPlayed,
    CardsCaptured,
    Event,
    FloorDealt,
    HandDealt,
    LeftoversTaken,
    RoundStarted,
)
from shared.plays import Play
from shared.record import MatchRecord, ReplayError, replay
from shared.rules import RuleSet
from shared.state import Seat, direction_step
from shared.views import redact

__all__ = ["DealCheck", "DealStatus", "verify", "verify_seen"]

MAX_ROUNDS = 1 << 32
"""Rounds are numbered below this (the streams of PROTOCOL.md §10 number them in 4 bytes)."""


class DealStatus(enum.StrEnum):
    """The verdict of a deal check."""

    VERIFIED = "verified"
    """Every card checked is where the seeds put it."""
    MISMATCH = "mismatch"
    """A round's cards are not the deck its seeds give (`DealCheck.bad_round` says which)."""
    BAD_COMMITMENT = "bad_commitment"
    """The server seed does not match the commitment announced before the deal."""
    SEED_MISSING = "seed_missing"
    """The player's own client seed is not among the seeds the deals were drawn from."""
    NOT_REVEALED = "not_revealed"
    """The server seed is not known yet: nothing can be checked."""
    SEEDED = "seeded"
    """A seeded match (tests, ``--seed``): reproducible, but not provably fair."""
    UNCHECKED = "unchecked"
    """No round was seen from its start: there was nothing to check."""


@dataclass(frozen=True, slots=True)
class DealCheck:
    """What a deal check found."""

    status: DealStatus
    message: str
    """One or two sentences for the player."""
    rounds: int = 0
    """Rounds whose cards were held against their deck."""
    cards: int = 0
    """Face-up cards held against their deck (52 for each whole round)."""
    bad_round: int | None = None
    """The first round (from 0) that does not match, for `DealStatus.MISMATCH`."""

    @property
    def ok(self) -> bool:
        return self.status is DealStatus.VERIFIED


def verify(
    record: MatchRecord,
    *,
    commitment: bytes | None = None,
    client_seed: bytes | None = None,
    first_dealer: Seat | None = None,
) -> DealCheck:
    """Check ``record``'s deals. ``commitment`` is the one announced to the player before the
    deal and ``client_seed`` the player's own seed, when known: both must be the record's.
    ``first_dealer``: the first dealer announced before the deal (a room's next match continues
    the rotation, PROTOCOL.md §13); None: the one the seeds draw."""
    chance = record.chance
    if isinstance(chance, SeededDeals):
        return _seeded(record, chance)
    unusable = _check_announced(chance, commitment, client_seed)
    if unusable is not None:
        return unusable
    if record.server_seed is None:
        return DealCheck(DealStatus.NOT_REVEALED, "The server has not revealed its seed yet.")
    try:
        deals = chance.reveal(record.server_seed)
    except CommitmentError as error:
        return DealCheck(DealStatus.BAD_COMMITMENT, str(error))
    if first_dealer is None and record.dealer_rotated:
        # The room's rotation chose it and announced it before the seeds: the file alone
        # cannot show that announcement (a client checking live passes `first_dealer`).
        first_dealer = record.dealer
    if first_dealer is None:
        first_dealer = deals.first_dealer(record.rules.players)
    if record.dealer != first_dealer:
        return _mismatch(0, "the first dealer is not the one the seeds draw.")
    try:
        steps = replay(record)
    except ReplayError as error:
        return _mismatch(error.round_number, str(error))
    events = [*opening_events(steps.start), *(e for t in steps.transitions for e in t.events)]
    rounds = sum(isinstance(e, RoundStarted) for e in events)
    cards = sum(len(e.cards) if isinstance(e, FloorDealt) else 1 for e in events if _shows(e))
    return _verified(rounds, cards, deals)


def verify_seen(
    rules: RuleSet,
    sealed: SealedDeals,
    server_seed: bytes,
    seat: Seat | None,
    stretches: Iterable[Sequence[Event]],
    first_dealer: Seat | None = None,
) -> DealCheck:
    """Check a revealed ``server_seed`` against what ``seat`` (None: a spectator) saw.

    ``sealed`` is what was announced before the deal (the commitment and the client seeds);
    ``stretches`` are the events received, as each recipient got them (`shared.views.redact`),
    in unbroken stretches: after a reconnection that skipped events, start a new stretch. Each
    round seen from its `RoundStarted` is checked, as far as it was seen. ``first_dealer`` as
    for `verify`.
    """
    try:
        deals = sealed.reveal(server_seed)
    except CommitmentError as error:
        return DealCheck(DealStatus.BAD_COMMITMENT, str(error))
    if first_dealer is None:
        first_dealer = deals.first_dealer(rules.players)
    rounds = cards = 0
    for stretch in stretches:
        for number, dealer, seen, whole in _rounds_in(stretch):
            if not 0 <= number < MAX_ROUNDS:
                return _mismatch(number, "no match has a round of that number.")
            step = direction_step(rules.direction)
            if dealer != (first_dealer + number * step) % rules.players:
                return _mismatch(number, "its dealer is not the one the seeds draw.")
            problem = _replay_round(rules, deals, number, dealer, seat, seen, whole)
            if problem is not None:
                return _mismatch(number, problem)
            rounds += 1
            cards += len(_cards_shown(seen))
    if not rounds:
        return DealCheck(DealStatus.UNCHECKED, "No round was seen from its deal: nothing to check.")
    return _verified(rounds, cards, deals)


def _seeded(record: MatchRecord, chance: SeededDeals) -> DealCheck:
    try:
        replay(record)
    except ReplayError as error:
        return _mismatch(error.round_number, str(error))
    return DealCheck(
        DealStatus.SEEDED,
        f"This match was dealt from the fixed seed {chance.seed}: it can be replayed, "
        "but its deals are not provably fair.",
    )


def _check_announced(
    chance: SealedDeals, commitment: bytes | None, client_seed: bytes | None
) -> DealCheck | None:
    if commitment is not None and commitment != chance.commitment:
        return DealCheck(
            DealStatus.BAD_COMMITMENT,
            "The commitment in this record is not the one announced before the deal.",
        )
    if client_seed is not None and client_seed not in chance.client_seeds:
        return DealCheck(
            DealStatus.SEED_MISSING,
            "Your seed is not among the seeds these deals were drawn from.",
        )
    return None


def _mismatch(number: int, why: str) -> DealCheck:
    return DealCheck(
        DealStatus.MISMATCH,
        f"Round {number + 1} does not match the revealed seeds: {why}",
        bad_round=number,
    )


def _verified(rounds: int, cards: int, deals: FairDeals) -> DealCheck:
    players = len(deals.client_seeds)
    mixed = f" and {players} player seed{'s' if players != 1 else ''}" if players else ""
    return DealCheck(
        DealStatus.VERIFIED,
        f"Deals verified: {cards} cards in {rounds} round{'s' if rounds != 1 else ''}, dealt "
        f"from the server seed committed before the deal{mixed}.",
        rounds,
        cards,
    )


_CARD_EVENTS = (HandDealt, FloorDealt, CardPlayed, CardsCaptured, BasraScored, LeftoversTaken)
"""The events that follow from a round's deck and plays alone (not from earlier rounds)."""


def _shows(event: Event) -> bool:
    """A card turned face up: the floor dealt, or a card played from a hand."""
    return isinstance(event, (FloorDealt, CardPlayed))


class _SeenRound(NamedTuple):
    """One round as a stretch of events showed it."""

    number: int
    dealer: Seat
    events: list[Event]
    """Its card events (`_CARD_EVENTS`), in order."""
    whole: bool
    """The stretch went on to the next round, so the round was seen to its end."""


def _rounds_in(stretch: Sequence[Event]) -> list[_SeenRound]:
    """Each round that starts in ``stretch``, with the card events seen of it."""
    rounds: list[_SeenRound] = []
    for event in stretch:
        if isinstance(event, RoundStarted):
            if rounds:
                rounds[-1] = rounds[-1]._replace(whole=True)
            rounds.append(_SeenRound(event.number, event.dealer, [], False))
        elif rounds and isinstance(event, _CARD_EVENTS):
            rounds[-1].events.append(event)
    if rounds and rounds[-1].events and isinstance(rounds[-1].events[-1], CardPlayed):
        # The stretch ends between a card played and what it took: leave that card out.
        rounds[-1].events.pop()
    return rounds


def _replay_round(
    rules: RuleSet,
    deals: FairDeals,
    number: int,
    dealer: Seat,
    seat: Seat | None,
    seen: list[Event],
    whole: bool,
) -> str | None:
    """Deal round ``number`` again from the seeds and play what was seen; why the events differ
    from ``seen``, or None when they are the same."""
    state = new_match(rules, deals=deals, dealer=dealer, deck=deals.deck(number))
    expected = _card_events(opening_events(state), seat)
    for play in _plays_in(seen):
        if state.to_move != play[0]:
            return f"seat {play[0]} played out of turn."
        try:
            step = apply_play(state, play[1])
        except IllegalPlayError:
            return f"seat {play[0]} played the {play[1].card}, which the seeds did not deal there."
        expected.extend(_card_events(step.events, seat))
        state = step.state
    if whole and len(seen) != len(expected):
        return "the round did not end as its cards say."
    for shown, dealt in zip(seen, expected, strict=False):
        if shown != dealt:
            return "what was shown is not what the seeds deal."
    return None if len(seen) <= len(expected) else "more was shown than the seeds deal."


def _card_events(events: Iterable[Event], seat: Seat | None) -> list[Event]:
    """The card events of one round as ``seat`` saw them, up to the start of the next."""
    out: list[Event] = []
    for event in events:
        if isinstance(event, RoundStarted) and out:
            break
        if isinstance(event, _CARD_EVENTS):
            out.append(redact(event, seat))
    return out


def _plays_in(seen: list[Event]) -> list[tuple[Seat, Play]]:
    """The plays that the events show: each card played, with what it took."""
    plays: list[tuple[Seat, Play]] = []
    for event in seen:
        if isinstance(event, CardPlayed):
            plays.append((event.seat, Play(event.card)))
        elif isinstance(event, CardsCaptured) and plays and plays[-1][1].card is event.card:
            plays[-1] = (plays[-1][0], Play(event.card, event.taken))
    return plays


def _cards_shown(seen: list[Event]) -> set[Card]:
    """The cards that a round's events showed face up: its floors and every card played."""
    shown: set[Card] = set()
    for event in seen:
        if isinstance(event, FloorDealt):
            shown.update(event.cards)
        elif isinstance(event, CardPlayed):
            shown.add(event.card)
    return shown
