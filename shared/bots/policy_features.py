"""What the policy model reads in a play: features of the play on the table, and of the play
beside each other card the mover holds (docs/bots.md, "Reading the opponents").

A play's features split in two so that a hand can be scored fast: `Option.base` depends on
the play and the table alone (what it takes, its Basra, the floor it leaves and what that
offers the next player), and `Option.pairs` on the play beside one other card of the hand,
by that card's kind (a card of the same kind held, whether that card could take or sweep the
floor this play leaves, what it could take now instead). A hand's feature vector for a play
is its base followed by the sum of the pair features over the rest of the hand, so scoring
any hand costs a few additions once a table's options are known (`Table`).

Cards of one kind (`shared.bots.threats`) play alike on a floor, so options are worked out
per kind, and plays of one kind that take the same floor cards are one choice, as the hard
player's candidates are (`shared.bots.endgame.distinct_plays`).
"""

from __future__ import annotations

from typing import NamedTuple

from shared.cards import KOMI, STANDARD_DECK, Card, Rank
from shared.plays import mask_of, plays_for
from shared.rules import Bonus, sweep_bonus
from shared.state import SEAT_TEAMS

from .knowledge import FULL_MASK, majority_edge
from .sim import CARD_WORTH, HOLD_WORTH, Rules, danger, play_values
from .threats import (
    KINDS,
    KOMI_KIND,
    Outcome,
    kind_mask,
    outcomes,
    reply_chances,
)

BASE_FEATURES = (
    "won",
    "basra",
    "jack_spent",
    "dump",
    "floor_left",
    "risk",
    "greedy",
    "majority",
    "dump_unseen",
    "dump_picture",
    "dump_value",
    "last_deal_won",
    "reply_sweeps",
    "reply_sweeps_left",
    "options",
    "option_index",
    "order",
    "settled",
    "card_worth",
    "stock",
    "reply_hand",
    "deal_left",
    "reply_won",
    "reply_basra",
)
"""Per play: cards won (its own included), Basra points (tens), a Jack or sweeping 7d spent
without a Basra, laid without taking, cards left on the floor, the playout policy's risk of
the floor left (tens of points) and its whole value, the majority points the cards won are
worth, for a card laid: how many of its kind are unseen, a picture, its value as a numeral;
cards won in the round's last deal, the unseen cards that sweep the floor left (and those of
them the next player's last play left him able to hold), how many ways the card could take
and which of them this is, the card's place in the hand's order (a search that finds plays
equal takes the first); of the table: whether the majority is settled, what a card won is
worth towards it, the cards in the stock, the next player's hand and the cards left in all
hands; and the cards and Basra points (tens) the next player's best reply to the play is
expected to win."""
PAIR_FEATURES = (
    "same_kind",
    "same_kind_dump",
    "takes_after",
    "sweeps_after",
    "takes_now",
    "sweeps_now",
    "sweeper",
    "sweeper_after",
    "lower",
    "greedy_after",
    "greedy_now",
    "won_after_reply",
    "basra_after_reply",
)
"""Per play and other card held: the same kind (and the play takes nothing), the cards the
other card would take from the floor the play leaves and whether it would sweep it, the
cards it could take now and whether it would sweep now, whether it is a Jack or sweeping 7d,
whether it is one with cards left on the floor, whether it comes before the play's card in
the hand's order, and the playout policy's value of its best play on the floor left and on
the floor now, and the cards and Basra points it is expected to win on the floor the next
player's best reply leaves (`reply_chances`)."""
FEATURES = BASE_FEATURES + PAIR_FEATURES


class Spot(NamedTuple):
    """The table as everyone saw it just before a play: all a policy reads besides the hand."""

    seat: int
    floor: tuple[Card, ...]
    gone: int
    """The cards in capture piles, as a bit mask."""
    sizes: tuple[int, ...]
    """Hand sizes per seat, the mover's card still in his hand."""
    piles: tuple[int, ...]
    stock: int
    ruled_out: int = 0
    """The cards the mover takes his next opponent not to hold, from that opponent's play just
    before (`shared.bots.sampling.ruled_out_by`), as the hard player does."""


class Option(NamedTuple):
    """One way a card of some kind can be played at a spot."""

    taken: int
    """The floor cards it takes, as a bit mask (0: it stays on the floor)."""
    base: tuple[float, ...]
    pairs: tuple[tuple[float, ...], ...]
    """Per kind (`kind_index`), the pair features beside one held card of that kind."""


def kind_of(card: Card, rules: Rules) -> int:
    """The kind a card plays as under ``rules``."""
    return KOMI_KIND if card is KOMI and rules.profile.komi_sweeps else int(card.rank)


def kind_index(kind: int) -> int:
    """A kind's place in `KINDS` (0..13)."""
    return kind - 1


class Table:
    """The options of each kind of card at one spot, worked out when first asked for."""

    def __init__(self, spot: Spot, rules: Rules) -> None:
        self.spot = spot
        self.rules = rules
        self.mask = mask_of(spot.floor)
        self.seen = spot.gone | self.mask
        self.unseen = FULL_MASK & ~self.seen
        self.reply = _reply(spot, rules)
        self.shared = _shared_features(spot, rules, self.reply)
        self._now: _Floor | None = None
        self._options: dict[int, list[Option]] = {}

    @property
    def now(self) -> _Floor:
        """What each kind of card would do on the floor as it is."""
        if self._now is None:
            self._now = _read_floor(self.rules, self.spot.floor, self.mask, self.unseen, self.reply)
        return self._now

    def __getitem__(self, kind: int) -> list[Option]:
        """The options of a card of ``kind`` (empty when every card of it is seen)."""
        found = self._options.get(kind)
        if found is None:
            found = self._options[kind] = self._work_out(kind)
        return found

    def _work_out(self, kind: int) -> list[Option]:
        rules = self.rules
        free = kind_mask(kind, rules.profile) & ~self.seen
        if not free:
            return []
        card = STANDARD_DECK[(free & -free).bit_length() - 1]
        floor, mask = self.spot.floor, self.mask
        plays = plays_for(card, floor, mask, rules.profile)
        values = play_values(rules, plays, floor, mask, True, self.unseen, self.reply)
        return [
            _option(self, card, p.taken, v, (i, len(plays)))
            for i, (p, v) in enumerate(zip(plays, values, strict=True))
        ]


def _reply(spot: Spot, rules: Rules) -> int:
    return spot.sizes[(spot.seat + rules.step) % rules.players]


class _Floor(NamedTuple):
    """What each kind of card would do on a floor: its outcome, and the playout policy's
    value of its best play there and the floor that play leaves (None: no card of the kind
    is free)."""

    outcomes: tuple[Outcome, ...]
    greedy: tuple[float, ...]
    leaves: tuple[tuple[tuple[Card, ...], int] | None, ...]


def _read_floor(
    rules: Rules, floor: tuple[Card, ...], mask: int, unseen: int, reply: int
) -> _Floor:
    """Per kind, the playout policy's best play on ``floor``: its value and what it leaves."""
    values = []
    leaves: list[tuple[tuple[Card, ...], int] | None] = []
    for kind in KINDS:
        free = kind_mask(kind, rules.profile) & ~mask
        if not free:
            values.append(0.0)
            leaves.append(None)
            continue
        card = STANDARD_DECK[(free & -free).bit_length() - 1]
        plays = plays_for(card, floor, mask, rules.profile)
        found = play_values(rules, plays, floor, mask, True, unseen, reply)
        best = max(range(len(plays)), key=found.__getitem__)
        values.append(found[best])
        leaves.append(_left(floor, mask, card, mask_of(plays[best].taken)))
    return _Floor(outcomes(floor, mask, rules.profile), tuple(values), tuple(leaves))


def _left(
    floor: tuple[Card, ...], mask: int, card: Card, taken: int
) -> tuple[tuple[Card, ...], int]:
    """The floor (and its mask) that ``card`` taking ``taken`` leaves."""
    if taken:
        return tuple(c for c in floor if not taken >> c & 1), mask & ~taken
    return (*floor, card), mask | 1 << card


class _Replies(NamedTuple):
    """What the next player's best reply (by the playout policy, from a random hand) is
    expected to win on a floor, and what each kind of card would then win on the floor he
    leaves."""

    won: float
    bonus: float
    then_won: tuple[float, ...]
    then_bonus: tuple[float, ...]


def _replies(rules: Rules, later: _Floor, unseen: int, hand: int) -> _Replies:
    chances = reply_chances(
        later.greedy,
        [(unseen & kind_mask(k, rules.profile)).bit_count() for k in KINDS],
        unseen.bit_count(),
        hand,
    )
    won = bonus = 0.0
    then_won = [0.0] * len(KINDS)
    then_bonus = [0.0] * len(KINDS)
    profile = rules.profile
    for index, chance in enumerate(chances):
        leaves = later.leaves[index]
        if chance < 0.01 or leaves is None:
            continue
        outcome = later.outcomes[index]
        won += chance * (outcome.taken + 1 if outcome.taken else 0)
        bonus += chance * _bonus(rules, outcome.bonus)
        floor, mask = leaves
        for i, then in enumerate(outcomes(floor, mask, profile) if floor else ()):
            then_won[i] += chance * (then.taken + 1 if then.taken else 0)
            then_bonus[i] += chance * _bonus(rules, then.bonus)
    return _Replies(won, bonus, tuple(then_won), tuple(then_bonus))


class _Laid(NamedTuple):
    """What a play does to the floor."""

    won: int
    after: tuple[Card, ...]
    left: int
    bonus: float
    spent: float
    """1 for a Jack or sweeping 7d spent with cards left on the floor."""


def _laid(floor: tuple[Card, ...], mask: int, card: Card, taken: int, rules: Rules) -> _Laid:
    after, left = _left(floor, mask, card, taken)
    won = len(floor) - len(after) + 1 if taken else 0
    bonus = 0.0 if left or not taken else _bonus(rules, sweep_bonus(card, floor, rules.profile))
    return _Laid(won, after, left, bonus, float(bool(left) and rules.sweepers >> card & 1))


def _option(
    table: Table, card: Card, taken: frozenset[Card], greedy: float, ways: tuple[int, int]
) -> Option:
    spot, rules, unseen, reply = table.spot, table.rules, table.unseen, table.reply
    taken_mask = mask_of(taken)
    laid = _laid(spot.floor, table.mask, card, taken_mask, rules)
    later = _read_floor(rules, laid.after, laid.left, unseen, reply)
    # The next player's hand as the mover reads it: without what his last play ruled out.
    allowed = unseen & ~spot.ruled_out
    if allowed.bit_count() < reply:
        allowed = unseen
    replies = _replies(rules, later, allowed, reply) if reply else _NO_REPLY
    base = (
        *_play_features(table, card, laid, greedy, ways),
        *table.shared,
        replies.won,
        replies.bonus / 10,
    )
    kind = kind_of(card, rules)
    dump = not taken
    pairs = tuple(
        _pair(kind, other, dump, table.now, later, replies, bool(laid.left), rules)
        for other in KINDS
    )
    return Option(taken_mask, base, pairs)


def _play_features(
    table: Table, card: Card, laid: _Laid, greedy: float, ways: tuple[int, int]
) -> tuple[float, ...]:
    """The base features that depend on the play (up to ``order``, in `BASE_FEATURES`)."""
    spot, rules, unseen = table.spot, table.rules, table.unseen
    won, dump = laid.won, not laid.won
    team = SEAT_TEAMS[spot.seat]
    mine, theirs = spot.piles[team], spot.piles[1 - team]
    stake = rules.stake
    majority = majority_edge(mine + won, theirs, stake) - majority_edge(mine, theirs, stake)
    basra_cards, jack_cards = danger(laid.left, rules.profile) if laid.left else (0, 0)
    sweeps = (basra_cards | jack_cards) & unseen
    kind_left = (unseen & kind_mask(kind_of(card, rules), rules.profile)).bit_count()
    return (
        float(won),
        laid.bonus / 10,
        laid.spent,
        float(dump),
        float(len(laid.after)),
        (laid.bonus + won * CARD_WORTH - HOLD_WORTH * laid.spent - greedy) / 10,
        greedy / 10,
        majority / 10,
        float(kind_left) if dump else 0.0,
        float(dump and card.rank >= Rank.JACK),
        float(card.rank) / 10 if dump and card.rank <= Rank.TEN else 0.0,
        float(won) if spot.stock == 0 else 0.0,
        float(sweeps.bit_count()) / 4,
        float((sweeps & ~spot.ruled_out).bit_count()) / 4,
        float(ways[1]),
        float(ways[0]),
        _order(card) / 13,
    )


def _shared_features(spot: Spot, rules: Rules, reply: int) -> tuple[float, ...]:
    """The base features of the table alone (``settled`` to ``deal_left``)."""
    team = SEAT_TEAMS[spot.seat]
    mine, theirs = spot.piles[team], spot.piles[1 - team]
    stake = rules.stake
    worth = majority_edge(mine + 1, theirs, stake) - majority_edge(mine, theirs, stake)
    return (
        float(max(spot.piles) > 26),
        worth,
        spot.stock / 40,
        reply / 4,
        sum(spot.sizes) / 8,
    )


def _pair(
    kind: int,
    other: int,
    dump: bool,
    now_floor: _Floor,
    later: _Floor,
    replies: _Replies,
    left: bool,
    rules: Rules,
) -> tuple[float, ...]:
    index = kind_index(other)
    now = now_floor.outcomes[index]
    after = later.outcomes[index]
    sweeper = other == Rank.JACK or (other == KOMI_KIND and rules.profile.komi_sweeps)
    same = float(other == kind)
    lower = 0.5 if other == kind else float(_kind_order(other) < _kind_order(kind))
    return (
        same,
        same if dump else 0.0,
        float(after.taken),
        float(after.bonus is not Bonus.NONE),
        float(now.taken),
        float(now.bonus is not Bonus.NONE),
        float(sweeper),
        float(sweeper and left),
        lower,
        later.greedy[index] / 10,
        now_floor.greedy[index] / 10,
        replies.then_won[index],
        replies.then_bonus[index] / 10,
    )


def _order(card: Card) -> float:
    """Where a card sorts in a hand (by rank), as the hard player's candidates come."""
    return float(card.rank) - 1


def _kind_order(kind: int) -> float:
    return 6.5 if kind == KOMI_KIND else float(kind) - 1


_NO_REPLY = _Replies(0.0, 0.0, (0.0,) * len(KINDS), (0.0,) * len(KINDS))


def _bonus(rules: Rules, bonus: Bonus) -> float:
    if bonus is Bonus.BASRA:
        return float(rules.basra)
    return float(rules.jack) if bonus is Bonus.JACK_BASRA else 0.0


class Choice(NamedTuple):
    """One choice open to a hand: its kind, the floor cards it takes, and its features."""

    kind: int
    taken: int
    features: tuple[float, ...]


def hand_choices(table: Table, kinds: list[int]) -> list[Choice]:
    """Every distinct choice of a hand holding cards of ``kinds`` (one entry per card), with
    its full feature vector: the option's base and its pairs summed over the other cards."""
    found = []
    for kind in dict.fromkeys(kinds):
        first = kinds.index(kind)
        rest = [kind_index(k) for j, k in enumerate(kinds) if j != first]
        for option in table[kind]:
            summed = [0.0] * len(PAIR_FEATURES)
            for r in rest:
                for f, value in enumerate(option.pairs[r]):
                    summed[f] += value
            found.append(Choice(kind, option.taken, (*option.base, *summed)))
    return found
