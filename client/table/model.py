"""What the table shows, as plain values: zones of cards and where each card sprite rests.

Owns `TableModel` (the player's hand, the other hands' sizes, or in a replay their cards face
up, the floor, stock, piles and the numbers around them), how an engine event changes it
(`apply`), and `placements()`: the resting place of every card sprite, from its `layout`
(which the table replaces when the window changes size).
The model follows the events one by one while they are animated and is rebuilt from each
`PlayerView` afterwards (`from_view`), so the two must agree; `matches_view` checks that. Pure:
no pygame.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import NamedTuple

from client.layout import (
    REFERENCE,
    Point,
    SeatPosition,
    TableLayout,
    card_rotation,
    floor_positions,
    hand_positions,
    seat_position,
)
from client.table.teams import pile_seat
from shared.cards import Card
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
from shared.rules import Bonus, KomiPlay
from shared.views import PlayerView

logger = logging.getLogger(__name__)

DECK_SIZE = 52
# Drawing order: stock and piles are drawn by the HUD below every sprite.
FLOOR_LAYER = 10
HIDDEN_HAND_LAYER = 40
HAND_LAYER = 70


class HiddenCard(NamedTuple):
    """A face-down card in another seat's hand, known only by its slot."""

    seat: int
    slot: int


SpriteKey = Card | HiddenCard


@dataclass(frozen=True, slots=True)
class Placement:
    """Where and how a card sprite rests: centre, rotation (degrees), face, drawing layer."""

    center: Point
    angle: float
    face_up: bool
    layer: int


@dataclass
class TableModel:
    """The cards on the table as one seat sees them; changed only by `apply`."""

    players: int
    my_seat: int | None
    direction: str = "right"
    hand: list[Card] = field(default_factory=list)
    hidden: list[int] = field(default_factory=list)
    """Face-down hand sizes per seat (0 for the player's own seat and for open hands)."""
    open_hands: list[list[Card]] = field(default_factory=list)
    """Other seats' hands shown face up, sorted, per seat: in a replay, where nothing is
    secret (a dealt hand whose cards the event tells). Empty in play."""
    floor: list[Card] = field(default_factory=list)
    stock: int = 0
    piles: list[int] = field(default_factory=lambda: [0, 0])
    basras: list[int] = field(default_factory=lambda: [0, 0])
    jack_basras: list[int] = field(default_factory=lambda: [0, 0])
    scores: list[int] = field(default_factory=lambda: [0, 0])
    dealer: int = 0
    round_number: int = 0
    winner: int | None = None
    layout: TableLayout = REFERENCE
    """Where things go on the table; not part of what the table shows (`snapshot`)."""
    komi_sweeps: bool = True
    """The 7d played from the hand sweeps the floor (the rules' `komi_play`)."""
    last_capturer: int | None = None
    """The seat of this round's latest capture, when the table saw it (not in `snapshot`)."""

    def __post_init__(self) -> None:
        if not self.hidden:
            self.hidden = [0] * self.players
        if not self.open_hands:
            self.open_hands = [[] for _ in range(self.players)]

    @classmethod
    def from_view(
        cls,
        view: PlayerView,
        hands: tuple[tuple[Card, ...], ...] | None = None,
        layout: TableLayout = REFERENCE,
    ) -> TableModel:
        """The model that `view` describes; with `hands` (a replay), every hand face up."""
        me = view.seat
        hidden = [0 if s == me or hands else n for s, n in enumerate(view.hand_sizes)]
        shown = [[] if s == me else sorted(h) for s, h in enumerate(hands or ())]
        return cls(
            players=view.players,
            my_seat=me,
            direction=str(view.rules.direction),
            hand=list(view.hand),
            hidden=hidden,
            open_hands=shown,
            floor=list(view.floor),
            stock=view.stock_size,
            piles=list(view.pile_sizes),
            basras=list(view.basras),
            jack_basras=list(view.jack_basras),
            scores=list(view.scores),
            dealer=view.dealer,
            round_number=view.round_number,
            winner=view.winner,
            layout=layout,
            komi_sweeps=view.rules.komi_play is KomiPlay.SWEEPS,
            last_capturer=_last_capturer(view),
        )

    # --- geometry ----------------------------------------------------------------------

    @property
    def viewer(self) -> int:
        """The seat drawn at the bottom (seat 0 for a spectator)."""
        return 0 if self.my_seat is None else self.my_seat

    def position_of(self, seat: int) -> SeatPosition:
        return seat_position(seat, self.viewer, self.players, self.direction)

    def team_position(self, team: int) -> SeatPosition:
        """Where a side's pile lies this round: at its own place with 2 players, with the
        partner who is not dealing with 4 (`client.table.teams.pile_seat`)."""
        return self.position_of(pile_seat(team, self.dealer, self.players))

    def pile_placement(self, team: int) -> Placement:
        position = self.team_position(team)
        rect = self.layout.pile_position(position)
        return Placement(rect.center, card_rotation(position), False, 0)

    def stock_placement(self) -> Placement:
        return Placement(self.layout.stock.center, 0, False, 0)

    def placements(self) -> dict[SpriteKey, Placement]:
        """The resting place of every card sprite: hands and floor."""
        found: dict[SpriteKey, Placement] = {}
        layout = self.layout
        mine = hand_positions(layout, len(self.hand), SeatPosition.BOTTOM)
        for i, (card, rect) in enumerate(zip(self.hand, mine, strict=True)):
            found[card] = Placement(rect.center, 0, True, HAND_LAYER + i)
        for seat, count in enumerate(self.hidden):
            if count == 0 or seat == self.my_seat:
                continue
            position = self.position_of(seat)
            angle = card_rotation(position)
            for slot, rect in enumerate(hand_positions(layout, count, position)):
                key = HiddenCard(seat, slot)
                found[key] = Placement(rect.center, angle, False, HIDDEN_HAND_LAYER + slot)
        for seat, cards in enumerate(self.open_hands):
            position = self.position_of(seat)
            angle = card_rotation(position)
            for slot, (card, rect) in enumerate(
                zip(cards, hand_positions(layout, len(cards), position), strict=True)
            ):
                found[card] = Placement(rect.center, angle, True, HIDDEN_HAND_LAYER + slot)
        for i, (card, rect) in enumerate(
            zip(self.floor, floor_positions(layout, len(self.floor)), strict=True)
        ):
            found[card] = Placement(rect.center, 0, True, FLOOR_LAYER + i)
        return found

    # --- events ------------------------------------------------------------------------

    def apply(self, event: Event) -> dict[SpriteKey, SpriteKey]:
        """Change the model as `event` says; returns sprites that change key (old -> new)."""
        match event:
            case RoundStarted():
                return _round_started(self, event)
            case HandDealt():
                return _hand_dealt(self, event)
            case FloorDealt():
                return _floor_dealt(self, event)
            case CardPlayed():
                return _card_played(self, event)
            case CardsCaptured():
                return _cards_captured(self, event)
            case BasraScored():
                return _basra_scored(self, event)
            case LeftoversTaken():
                return _leftovers_taken(self, event)
            case RoundScored():
                return _round_scored(self, event)
            case MatchEnded():
                return _match_ended(self, event)

    def matches_view(
        self, view: PlayerView, hands: tuple[tuple[Card, ...], ...] | None = None
    ) -> bool:
        """True when this model shows exactly what `view` (and `hands`, in a replay)
        describes: no correction needed."""
        return self.snapshot() == TableModel.from_view(view, hands).snapshot()

    def snapshot(self) -> tuple[object, ...]:
        """The model's contents as one comparable value."""
        return (
            tuple(self.hand),
            tuple(self.hidden),
            tuple(tuple(cards) for cards in self.open_hands),
            tuple(self.floor),
            self.stock,
            tuple(self.piles),
            tuple(self.basras),
            tuple(self.jack_basras),
            tuple(self.scores),
            self.dealer,
            self.round_number,
            self.winner,
        )


def _round_started(model: TableModel, event: RoundStarted) -> dict[SpriteKey, SpriteKey]:
    model.hand, model.floor = [], []
    model.hidden = [0] * model.players
    model.open_hands = [[] for _ in range(model.players)]
    model.stock = DECK_SIZE
    model.piles, model.basras, model.jack_basras = [0, 0], [0, 0], [0, 0]
    model.dealer, model.round_number = event.dealer, event.number
    model.last_capturer = None
    return {}


def _hand_dealt(model: TableModel, event: HandDealt) -> dict[SpriteKey, SpriteKey]:
    if event.seat == model.my_seat and event.cards is not None:
        model.hand = sorted([*model.hand, *event.cards])
    elif event.cards is not None:  # a replay: another seat's cards are told too
        model.open_hands[event.seat] = sorted([*model.open_hands[event.seat], *event.cards])
    else:
        model.hidden[event.seat] += event.size
    model.stock -= event.size
    return {}


def _floor_dealt(model: TableModel, event: FloorDealt) -> dict[SpriteKey, SpriteKey]:
    model.floor.extend(event.cards)
    model.stock -= len(event.cards)
    return {}


def _card_played(model: TableModel, event: CardPlayed) -> dict[SpriteKey, SpriteKey]:
    rekey: dict[SpriteKey, SpriteKey] = {}
    if event.seat == model.my_seat and event.card in model.hand:
        model.hand.remove(event.card)
    elif event.card in model.open_hands[event.seat]:
        model.open_hands[event.seat].remove(event.card)
    elif model.hidden[event.seat] > 0:
        # The last face-down slot becomes the card: the hand closes up around the others.
        model.hidden[event.seat] -= 1
        rekey[HiddenCard(event.seat, model.hidden[event.seat])] = event.card
    model.floor.append(event.card)
    return rekey


def _cards_captured(model: TableModel, event: CardsCaptured) -> dict[SpriteKey, SpriteKey]:
    gone = set(event.taken) | {event.card}
    model.floor = [c for c in model.floor if c not in gone]
    model.piles[event.team] += len(event.taken) + 1
    model.last_capturer = event.seat
    return {}


def _basra_scored(model: TableModel, event: BasraScored) -> dict[SpriteKey, SpriteKey]:
    if event.bonus is Bonus.JACK_BASRA:
        model.jack_basras[event.team] += 1
    else:
        model.basras[event.team] += 1
    return {}


def _leftovers_taken(model: TableModel, event: LeftoversTaken) -> dict[SpriteKey, SpriteKey]:
    if event.team is not None:
        model.piles[event.team] += len(event.cards)
    model.floor = []
    return {}


def _round_scored(model: TableModel, event: RoundScored) -> dict[SpriteKey, SpriteKey]:
    model.scores = list(event.scores)
    return {}


def _match_ended(model: TableModel, event: MatchEnded) -> dict[SpriteKey, SpriteKey]:
    model.scores = list(event.scores)
    model.winner = event.winner
    return {}


def _last_capturer(view: PlayerView) -> int | None:
    """The seat of the round's latest capture, when the view's last play was one."""
    last = view.last_play
    return last.seat if last is not None and last.taken else None
