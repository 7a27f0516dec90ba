"""The game's vocabulary as plain wire data, both ways, and the schemas it is checked against:
cards, plays, seats, teams and points, rule sets, a round's tally, and the events of a match.

Game data travels as plain maps: cards as their text (``"7d"``), a play as
``{"card": "5s", "taken": ["2c", "3d"]}`` with ``taken`` sorted in deck order. The event pair
round-trips exactly, so a client rebuilds the very event records the server's engine produced;
a seat's view, made of the same words, is `shared.wire.views`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

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
from shared.plays import Play
from shared.rules import Bonus, RuleError, RuleSet
from shared.schema import CardText, Int, ListOf, Nullable, OneOf, Struct, Tagged
from shared.scoring import RoundTally
from shared.wire.card_text import CARD_OF, CARD_TEXT
from shared.wire.errors import ErrorCode, ProtocolError
from shared.wire.schema import check

__all__ = [
    "CARDS_SCHEMA",
    "CARD_SCHEMA",
    "COUNT_SCHEMA",
    "EVENTS_SCHEMA",
    "PAIR_SCHEMA",
    "PLAY_SCHEMA",
    "POINTS_SCHEMA",
    "ROUND_TALLY_SCHEMA",
    "SEAT_SCHEMA",
    "TAKEN_SCHEMA",
    "TEAM_SCHEMA",
    "card_from_wire",
    "card_set",
    "card_tuple",
    "cards_to_wire",
    "event_from_wire",
    "event_to_wire",
    "events_from_wire",
    "events_to_wire",
    "play_from_wire",
    "play_to_wire",
    "round_tally_from_wire",
    "round_tally_to_wire",
    "rules_from_wire",
    "rules_to_wire",
    "sorted_cards",
]

SEAT_SCHEMA = Int(0, 3)
"""A seat number, 0 to 3."""

CARD_SCHEMA = CardText()
"""One card in its canonical text."""

TEAM_SCHEMA = Int(0, 1)
COUNT_SCHEMA = Int(0, 52)
POINTS_SCHEMA = Int(0, 10**9)
CARDS_SCHEMA = ListOf(CARD_SCHEMA, 52, unique=True)
TAKEN_SCHEMA = ListOf(CARD_SCHEMA, 51, unique=True)
PAIR_SCHEMA = ListOf(POINTS_SCHEMA, 2, 2)
PLAY_SCHEMA = Struct({"card": CARD_SCHEMA, "taken": TAKEN_SCHEMA}, name="play")
ROUND_TALLY_SCHEMA = Struct(
    {
        "cards": ListOf(COUNT_SCHEMA, 2, 2),
        "majority": PAIR_SCHEMA,
        "basras": PAIR_SCHEMA,
        "jack_basras": PAIR_SCHEMA,
        "basra_points": PAIR_SCHEMA,
        "card_points": PAIR_SCHEMA,
        "points": PAIR_SCHEMA,
        "carry_out": POINTS_SCHEMA,
    },
    name="round_tally",
)
_EVENT = Tagged(
    "kind",
    {
        "round_started": Struct({"number": Int(0, 10**6), "dealer": SEAT_SCHEMA}),
        "hand_dealt": Struct(
            {
                "seat": SEAT_SCHEMA,
                "deal": Int(1, 12),
                "size": Int(0, 6),
                "cards": Nullable(ListOf(CARD_SCHEMA, 6, unique=True)),
            }
        ),
        "floor_dealt": Struct({"cards": CARDS_SCHEMA}),
        "card_played": Struct({"seat": SEAT_SCHEMA, "card": CARD_SCHEMA}),
        "cards_captured": Struct(
            {"seat": SEAT_SCHEMA, "team": TEAM_SCHEMA, "card": CARD_SCHEMA, "taken": TAKEN_SCHEMA}
        ),
        "basra_scored": Struct(
            {
                "seat": SEAT_SCHEMA,
                "team": TEAM_SCHEMA,
                "bonus": OneOf(tuple(b.value for b in Bonus)),
                "points": POINTS_SCHEMA,
            }
        ),
        "leftovers_taken": Struct({"team": Nullable(TEAM_SCHEMA), "cards": CARDS_SCHEMA}),
        "round_scored": Struct(
            {"number": Int(0, 10**6), "tally": ROUND_TALLY_SCHEMA, "scores": PAIR_SCHEMA}
        ),
        "match_ended": Struct({"winner": TEAM_SCHEMA, "scores": PAIR_SCHEMA}),
    },
    name="game_event",
)

EVENTS_SCHEMA = ListOf(_EVENT, 256)
"""The events of one game update."""


def card_from_wire(text: str) -> Card:
    """The card of a canonical text such as ``"7d"``; `ProtocolError` for anything else."""
    card = CARD_OF.get(text) if type(text) is str else None
    if card is None:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, f"{str(text)[:8]!r} is not a card.")
    return card


def cards_to_wire(cards: Iterable[Card]) -> list[str]:
    """The cards' texts, in the order given."""
    return [CARD_TEXT[c] for c in cards]


def sorted_cards(cards: Iterable[Card]) -> list[str]:
    # Cards are ints in deck order, so `sorted` gives the canonical order of a set.
    return [CARD_TEXT[c] for c in sorted(cards)]


def card_tuple(texts: Sequence[str]) -> tuple[Card, ...]:
    return tuple(CARD_OF[t] for t in texts)


def card_set(texts: Sequence[str]) -> frozenset[Card]:
    return frozenset(CARD_OF[t] for t in texts)


def play_to_wire(play: Play) -> dict[str, Any]:
    """``{"card": "5s", "taken": ["2c", "3d"]}``, ``taken`` in deck order."""
    return {"card": CARD_TEXT[play.card], "taken": sorted_cards(play.taken)}


def play_from_wire(data: Mapping[str, Any]) -> Play:
    """The `Play` of a checked ``{"card", "taken"}`` map; `ProtocolError` if a card is bad."""
    card = card_from_wire(data["card"])
    taken = frozenset(card_from_wire(t) for t in data["taken"])
    return Play(card, taken)


@lru_cache(maxsize=256)
def rules_to_wire(rules: RuleSet) -> dict[str, Any]:
    # Shared between views of the same room; nothing mutates it (msgpack only reads).
    return rules.to_options()


@lru_cache(maxsize=256)
def _rules_from_wire(items: tuple[tuple[str, Any], ...]) -> RuleSet:
    return RuleSet.from_options(dict(items))


def rules_from_wire(options: Mapping[str, Any]) -> RuleSet:
    """The `RuleSet` of a full options map; `ProtocolError` when the options are not valid."""
    try:
        return _rules_from_wire(tuple(sorted(options.items())))
    except (RuleError, TypeError) as error:
        raise ProtocolError(ErrorCode.BAD_RULES, str(error)) from None


def round_tally_to_wire(t: RoundTally) -> dict[str, Any]:
    return {
        "cards": list(t.cards),
        "majority": list(t.majority),
        "basras": list(t.basras),
        "jack_basras": list(t.jack_basras),
        "basra_points": list(t.basra_points),
        "card_points": list(t.card_points),
        "points": list(t.points),
        "carry_out": t.carry_out,
    }


def round_tally_from_wire(d: Mapping[str, Any]) -> RoundTally:
    return RoundTally(
        cards=tuple(d["cards"]),
        majority=tuple(d["majority"]),
        basras=tuple(d["basras"]),
        jack_basras=tuple(d["jack_basras"]),
        basra_points=tuple(d["basra_points"]),
        card_points=tuple(d["card_points"]),
        points=tuple(d["points"]),
        carry_out=d["carry_out"],
    )


_EVENT_TO_WIRE: dict[type, Callable[[Any], dict[str, Any]]] = {
    RoundStarted: lambda e: {"kind": "round_started", "number": e.number, "dealer": e.dealer},
    HandDealt: lambda e: {
        "kind": "hand_dealt",
        "seat": e.seat,
        "deal": e.deal,
        "size": e.size,
        "cards": None if e.cards is None else cards_to_wire(e.cards),
    },
    FloorDealt: lambda e: {"kind": "floor_dealt", "cards": cards_to_wire(e.cards)},
    CardPlayed: lambda e: {"kind": "card_played", "seat": e.seat, "card": CARD_TEXT[e.card]},
    CardsCaptured: lambda e: {
        "kind": "cards_captured",
        "seat": e.seat,
        "team": e.team,
        "card": CARD_TEXT[e.card],
        "taken": sorted_cards(e.taken),
    },
    BasraScored: lambda e: {
        "kind": "basra_scored",
        "seat": e.seat,
        "team": e.team,
        "bonus": e.bonus.value,
        "points": e.points,
    },
    LeftoversTaken: lambda e: {
        "kind": "leftovers_taken",
        "team": e.team,
        "cards": cards_to_wire(e.cards),
    },
    RoundScored: lambda e: {
        "kind": "round_scored",
        "number": e.number,
        "tally": round_tally_to_wire(e.tally),
        "scores": list(e.scores),
    },
    MatchEnded: lambda e: {"kind": "match_ended", "winner": e.winner, "scores": list(e.scores)},
}

_EVENT_FROM_WIRE: dict[str, Callable[[Mapping[str, Any]], Event]] = {
    "round_started": lambda d: RoundStarted(d["number"], d["dealer"]),
    "hand_dealt": lambda d: HandDealt(
        d["seat"], d["deal"], d["size"], None if d["cards"] is None else card_tuple(d["cards"])
    ),
    "floor_dealt": lambda d: FloorDealt(card_tuple(d["cards"])),
    "card_played": lambda d: CardPlayed(d["seat"], CARD_OF[d["card"]]),
    "cards_captured": lambda d: CardsCaptured(
        d["seat"], d["team"], CARD_OF[d["card"]], card_set(d["taken"])
    ),
    "basra_scored": lambda d: BasraScored(d["seat"], d["team"], Bonus(d["bonus"]), d["points"]),
    "leftovers_taken": lambda d: LeftoversTaken(d["team"], card_tuple(d["cards"])),
    "round_scored": lambda d: RoundScored(
        d["number"], round_tally_from_wire(d["tally"]), tuple(d["scores"])
    ),
    "match_ended": lambda d: MatchEnded(d["winner"], tuple(d["scores"])),
}


def event_to_wire(event: Event) -> dict[str, Any]:
    """One event as a plain map tagged by ``"kind"`` (see PROTOCOL.md, "events")."""
    return _EVENT_TO_WIRE[type(event)](event)


def events_to_wire(events: Iterable[Event]) -> list[dict[str, Any]]:
    return [_EVENT_TO_WIRE[type(e)](e) for e in events]


def event_from_wire(data: Any) -> Event:
    """The event record of a wire map; checks it first and raises `ProtocolError` if wrong."""
    check(_EVENT, data, "event")
    return _EVENT_FROM_WIRE[data["kind"]](data)


def events_from_wire(data: Any) -> tuple[Event, ...]:
    check(EVENTS_SCHEMA, data, "events")
    return tuple(_EVENT_FROM_WIRE[d["kind"]](d) for d in data)
