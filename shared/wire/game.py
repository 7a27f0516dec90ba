"""Game values as plain wire data, both ways, and the schemas that game data is checked against.

Game data travels as plain maps: cards as their text (``"7d"``), a play as
``{"card": "5s", "taken": ["2c", "3d"]}`` with ``taken`` sorted in deck order. `view_to_wire`
and `view_from_wire` (and the event pair) round-trip exactly, so a client rebuilds the very
`PlayerView` and event records the server's engine produced.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from shared.cards import Card
from shared.choices import choice_indices
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
from shared.schema import CardText, Int, ListOf, Nullable, OneOf, Options, Struct, Tagged
from shared.scoring import RoundTally
from shared.state import LastPlay, RoundEnd
from shared.views import PlayerView
from shared.wire.card_text import CARD_OF, CARD_TEXT
from shared.wire.errors import ErrorCode, ProtocolError
from shared.wire.schema import check

__all__ = [
    "CARD_SCHEMA",
    "EVENTS_SCHEMA",
    "GAME_UPDATE_SCHEMA",
    "SEAT_SCHEMA",
    "TURN_MS_LIMIT",
    "VIEW_SCHEMA",
    "card_from_wire",
    "cards_to_wire",
    "event_from_wire",
    "event_to_wire",
    "events_from_wire",
    "events_to_wire",
    "play_from_wire",
    "play_to_wire",
    "rules_from_wire",
    "view_from_wire",
    "view_to_wire",
]

SEAT_SCHEMA = Int(0, 3)
"""A seat number, 0 to 3."""

CARD_SCHEMA = CardText()
"""One card in its canonical text."""

_TEAM = Int(0, 1)
_COUNT = Int(0, 52)
_POINTS = Int(0, 10**9)
_CARDS = ListOf(CARD_SCHEMA, 52, unique=True)
_TAKEN = ListOf(CARD_SCHEMA, 51, unique=True)
_PAIR = ListOf(_POINTS, 2, 2)
_PLAY = Struct({"card": CARD_SCHEMA, "taken": _TAKEN}, name="play")
_LEGAL_PLAYS = 4096
_LAST_PLAY = Struct(
    {
        "seat": SEAT_SCHEMA,
        "card": CARD_SCHEMA,
        "taken": _TAKEN,
        "bonus": OneOf(tuple(b.value for b in Bonus)),
    },
    name="last_play",
)

_TALLY = Struct(
    {
        "cards": ListOf(_COUNT, 2, 2),
        "majority": _PAIR,
        "basras": _PAIR,
        "jack_basras": _PAIR,
        "basra_points": _PAIR,
        "card_points": _PAIR,
        "points": _PAIR,
        "carry_out": _POINTS,
    },
    name="tally",
)
_LAST_ROUND = Struct(
    {
        "number": Int(0, 10**6),
        "final_play": _LAST_PLAY,
        "leftovers_to": Nullable(_TEAM),
        "leftovers": _CARDS,
        "tally": _TALLY,
    },
    name="last_round",
)

VIEW_SCHEMA = Struct(
    {
        "seat": Nullable(SEAT_SCHEMA),
        "rules": Options(),
        "hand": ListOf(CARD_SCHEMA, 6, unique=True),
        "hand_sizes": ListOf(Int(0, 6), 4, 2),
        "floor": _CARDS,
        "stock_size": _COUNT,
        "pile_sizes": ListOf(_COUNT, 2, 2),
        "basras": _PAIR,
        "jack_basras": _PAIR,
        "scores": _PAIR,
        "dealer": SEAT_SCHEMA,
        "to_move": Nullable(SEAT_SCHEMA),
        "legal_plays": ListOf(_PLAY, _LEGAL_PLAYS),
        "gone": _CARDS,
        "last_play": Nullable(_LAST_PLAY),
        "winner": Nullable(_TEAM),
        "round_number": Int(0, 10**6),
        "deal": Int(1, 12),
    },
    # Added within version 1: a server always sends them, a client takes a missing one as
    # nil (0 for carry, none for deal_plays, every legal play for choices).
    {
        "last_capturer": Nullable(_TEAM),
        "carry": _POINTS,
        "last_round": Nullable(_LAST_ROUND),
        "deal_plays": ListOf(_LAST_PLAY, 24),
        "choices": ListOf(Int(0, _LEGAL_PLAYS - 1), _LEGAL_PLAYS, unique=True),
    },
    name="view",
)
"""A `PlayerView` as a plain map."""

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
        "floor_dealt": Struct({"cards": _CARDS}),
        "card_played": Struct({"seat": SEAT_SCHEMA, "card": CARD_SCHEMA}),
        "cards_captured": Struct(
            {"seat": SEAT_SCHEMA, "team": _TEAM, "card": CARD_SCHEMA, "taken": _TAKEN}
        ),
        "basra_scored": Struct(
            {
                "seat": SEAT_SCHEMA,
                "team": _TEAM,
                "bonus": OneOf(tuple(b.value for b in Bonus)),
                "points": _POINTS,
            }
        ),
        "leftovers_taken": Struct({"team": Nullable(_TEAM), "cards": _CARDS}),
        "round_scored": Struct({"number": Int(0, 10**6), "tally": _TALLY, "scores": _PAIR}),
        "match_ended": Struct({"winner": _TEAM, "scores": _PAIR}),
    },
    name="game_event",
)

EVENTS_SCHEMA = ListOf(_EVENT, 256)
"""The events of one game update."""

TURN_MS_LIMIT = 3600 * 1000
"""The longest turn a room's timer gives, in milliseconds (`turn_timer` is at most an hour)."""

GAME_UPDATE_SCHEMA = Struct(
    {"seq": Int(0, 10**9), "view": VIEW_SCHEMA, "events": EVENTS_SCHEMA},
    # Added within version 1, like the view's optional fields. ``timed_out`` is sent only with
    # the play the server made for a seat whose turn timer ran out.
    {"turn_ms": Nullable(Int(0, TURN_MS_LIMIT)), "timed_out": SEAT_SCHEMA},
    name="game_update",
)
"""A ``game_update`` message (its ``t`` apart)."""


def card_from_wire(text: str) -> Card:
    """The card of a canonical text such as ``"7d"``; `ProtocolError` for anything else."""
    card = CARD_OF.get(text) if type(text) is str else None
    if card is None:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, f"{str(text)[:8]!r} is not a card.")
    return card


def cards_to_wire(cards: Iterable[Card]) -> list[str]:
    """The cards' texts, in the order given."""
    return [CARD_TEXT[c] for c in cards]


def _sorted_cards(cards: Iterable[Card]) -> list[str]:
    # Cards are ints in deck order, so `sorted` gives the canonical order of a set.
    return [CARD_TEXT[c] for c in sorted(cards)]


def _card_tuple(texts: Sequence[str]) -> tuple[Card, ...]:
    return tuple(CARD_OF[t] for t in texts)


def _card_set(texts: Sequence[str]) -> frozenset[Card]:
    return frozenset(CARD_OF[t] for t in texts)


def play_to_wire(play: Play) -> dict[str, Any]:
    """``{"card": "5s", "taken": ["2c", "3d"]}``, ``taken`` in deck order."""
    return {"card": CARD_TEXT[play.card], "taken": _sorted_cards(play.taken)}


def play_from_wire(data: Mapping[str, Any]) -> Play:
    """The `Play` of a checked ``{"card", "taken"}`` map; `ProtocolError` if a card is bad."""
    card = card_from_wire(data["card"])
    taken = frozenset(card_from_wire(t) for t in data["taken"])
    return Play(card, taken)


@lru_cache(maxsize=256)
def _rules_to_wire(rules: RuleSet) -> dict[str, Any]:
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


def _last_play_to_wire(last: LastPlay | None) -> dict[str, Any] | None:
    if last is None:
        return None
    return {
        "seat": last.seat,
        "card": CARD_TEXT[last.card],
        "taken": _sorted_cards(last.taken),
        "bonus": last.bonus.value,
    }


def _last_play_from_wire(d: Mapping[str, Any]) -> LastPlay:
    return LastPlay(d["seat"], CARD_OF[d["card"]], _card_set(d["taken"]), Bonus(d["bonus"]))


def _round_end_to_wire(end: RoundEnd | None) -> dict[str, Any] | None:
    if end is None:
        return None
    return {
        "number": end.number,
        "final_play": _last_play_to_wire(end.final_play),
        "leftovers_to": end.leftovers_to,
        "leftovers": cards_to_wire(end.leftovers),
        "tally": _tally_to_wire(end.tally),
    }


def _round_end_from_wire(d: Mapping[str, Any] | None) -> RoundEnd | None:
    if d is None:
        return None
    return RoundEnd(
        d["number"],
        _last_play_from_wire(d["final_play"]),
        d["leftovers_to"],
        _card_tuple(d["leftovers"]),
        _tally_from_wire(d["tally"]),
    )


def view_to_wire(view: PlayerView) -> dict[str, Any]:
    """A `PlayerView` as a plain map (see PROTOCOL.md, "view")."""
    return {
        "seat": view.seat,
        "rules": _rules_to_wire(view.rules),
        "hand": cards_to_wire(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "floor": cards_to_wire(view.floor),
        "stock_size": view.stock_size,
        "pile_sizes": list(view.pile_sizes),
        "basras": list(view.basras),
        "jack_basras": list(view.jack_basras),
        "scores": list(view.scores),
        "dealer": view.dealer,
        "to_move": view.to_move,
        "legal_plays": [
            {"card": CARD_TEXT[p.card], "taken": _sorted_cards(p.taken)} for p in view.legal_plays
        ],
        "gone": cards_to_wire(view.gone),
        "last_play": _last_play_to_wire(view.last_play),
        "winner": view.winner,
        "round_number": view.round_number,
        "deal": view.deal,
        "last_capturer": view.last_capturer,
        "carry": view.carry,
        "last_round": _round_end_to_wire(view.last_round),
        "deal_plays": [_last_play_to_wire(p) for p in view.deal_plays],
        "choices": choice_indices(view.legal_plays, view.rules),
    }


def view_from_wire(data: Any) -> PlayerView:
    """The `PlayerView` of a wire map; checks it first and raises `ProtocolError` if wrong."""
    check(VIEW_SCHEMA, data, "view")
    last = data["last_play"]
    return PlayerView(
        seat=data["seat"],
        rules=rules_from_wire(data["rules"]),
        hand=_card_tuple(data["hand"]),
        hand_sizes=tuple(data["hand_sizes"]),
        floor=_card_tuple(data["floor"]),
        stock_size=data["stock_size"],
        pile_sizes=tuple(data["pile_sizes"]),
        basras=tuple(data["basras"]),
        jack_basras=tuple(data["jack_basras"]),
        scores=tuple(data["scores"]),
        dealer=data["dealer"],
        to_move=data["to_move"],
        legal_plays=tuple(
            Play(CARD_OF[p["card"]], _card_set(p["taken"])) for p in data["legal_plays"]
        ),
        gone=_card_tuple(data["gone"]),
        last_play=None if last is None else _last_play_from_wire(last),
        deal_plays=tuple(_last_play_from_wire(p) for p in data.get("deal_plays", ())),
        winner=data["winner"],
        round_number=data["round_number"],
        deal=data["deal"],
        last_capturer=data.get("last_capturer"),
        carry=data.get("carry", 0),
        last_round=_round_end_from_wire(data.get("last_round")),
    )


def _tally_to_wire(t: RoundTally) -> dict[str, Any]:
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


def _tally_from_wire(d: Mapping[str, Any]) -> RoundTally:
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
        "taken": _sorted_cards(e.taken),
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
        "tally": _tally_to_wire(e.tally),
        "scores": list(e.scores),
    },
    MatchEnded: lambda e: {"kind": "match_ended", "winner": e.winner, "scores": list(e.scores)},
}

_EVENT_FROM_WIRE: dict[str, Callable[[Mapping[str, Any]], Event]] = {
    "round_started": lambda d: RoundStarted(d["number"], d["dealer"]),
    "hand_dealt": lambda d: HandDealt(
        d["seat"], d["deal"], d["size"], None if d["cards"] is None else _card_tuple(d["cards"])
    ),
    "floor_dealt": lambda d: FloorDealt(_card_tuple(d["cards"])),
    "card_played": lambda d: CardPlayed(d["seat"], CARD_OF[d["card"]]),
    "cards_captured": lambda d: CardsCaptured(
        d["seat"], d["team"], CARD_OF[d["card"]], _card_set(d["taken"])
    ),
    "basra_scored": lambda d: BasraScored(d["seat"], d["team"], Bonus(d["bonus"]), d["points"]),
    "leftovers_taken": lambda d: LeftoversTaken(d["team"], _card_tuple(d["cards"])),
    "round_scored": lambda d: RoundScored(
        d["number"], _tally_from_wire(d["tally"]), tuple(d["scores"])
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
