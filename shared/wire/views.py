"""A seat's view of a match on the wire, and the ``game_update`` that carries it with the
events that led to it.

`view_to_wire` and `view_from_wire` round-trip a `PlayerView` exactly, so a client rebuilds
the very view the server's engine produced (its cards, plays, rules and round tallies on the
wire are `shared.wire.game`'s); `GAME_UPDATE_SCHEMA` is what a ``game_update`` holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shared.choices import choice_indices
from shared.plays import Play
from shared.rules import Bonus
from shared.schema import Int, ListOf, Nullable, OneOf, Options, Struct
from shared.state import LastPlay, RoundEnd
from shared.views import PlayerView
from shared.wire.card_text import CARD_OF, CARD_TEXT
from shared.wire.game import (
    CARD_SCHEMA,
    CARDS_SCHEMA,
    COUNT_SCHEMA,
    EVENTS_SCHEMA,
    PAIR_SCHEMA,
    PLAY_SCHEMA,
    POINTS_SCHEMA,
    ROUND_TALLY_SCHEMA,
    SEAT_SCHEMA,
    TAKEN_SCHEMA,
    TEAM_SCHEMA,
    card_set,
    card_tuple,
    cards_to_wire,
    round_tally_from_wire,
    round_tally_to_wire,
    rules_from_wire,
    rules_to_wire,
    sorted_cards,
)
from shared.wire.schema import check

__all__ = ["GAME_UPDATE_SCHEMA", "TURN_MS_LIMIT", "VIEW_SCHEMA", "view_from_wire", "view_to_wire"]

_LEGAL_PLAYS = 4096

_LAST_PLAY = Struct(
    {
        "seat": SEAT_SCHEMA,
        "card": CARD_SCHEMA,
        "taken": TAKEN_SCHEMA,
        "bonus": OneOf(tuple(b.value for b in Bonus)),
    },
    name="last_play",
)

_LAST_ROUND = Struct(
    {
        "number": Int(0, 10**6),
        "final_play": _LAST_PLAY,
        "leftovers_to": Nullable(TEAM_SCHEMA),
        "leftovers": CARDS_SCHEMA,
        "tally": ROUND_TALLY_SCHEMA,
    },
    name="last_round",
)

VIEW_SCHEMA = Struct(
    {
        "seat": Nullable(SEAT_SCHEMA),
        "rules": Options(),
        "hand": ListOf(CARD_SCHEMA, 6, unique=True),
        "hand_sizes": ListOf(Int(0, 6), 4, 2),
        "floor": CARDS_SCHEMA,
        "stock_size": COUNT_SCHEMA,
        "pile_sizes": ListOf(COUNT_SCHEMA, 2, 2),
        "basras": PAIR_SCHEMA,
        "jack_basras": PAIR_SCHEMA,
        "scores": PAIR_SCHEMA,
        "dealer": SEAT_SCHEMA,
        "to_move": Nullable(SEAT_SCHEMA),
        "legal_plays": ListOf(PLAY_SCHEMA, _LEGAL_PLAYS),
        "gone": CARDS_SCHEMA,
        "last_play": Nullable(_LAST_PLAY),
        "winner": Nullable(TEAM_SCHEMA),
        "round_number": Int(0, 10**6),
        "deal": Int(1, 12),
    },
    # Added within version 1: a server always sends them, a client takes a missing one as
    # nil (0 for carry, none for deal_plays, every legal play for choices).
    {
        "last_capturer": Nullable(TEAM_SCHEMA),
        "carry": POINTS_SCHEMA,
        "last_round": Nullable(_LAST_ROUND),
        "deal_plays": ListOf(_LAST_PLAY, 24),
        "choices": ListOf(Int(0, _LEGAL_PLAYS - 1), _LEGAL_PLAYS, unique=True),
    },
    name="view",
)
"""A `PlayerView` as a plain map."""

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


def _last_play_to_wire(last: LastPlay | None) -> dict[str, Any] | None:
    if last is None:
        return None
    return {
        "seat": last.seat,
        "card": CARD_TEXT[last.card],
        "taken": sorted_cards(last.taken),
        "bonus": last.bonus.value,
    }


def _last_play_from_wire(d: Mapping[str, Any]) -> LastPlay:
    return LastPlay(d["seat"], CARD_OF[d["card"]], card_set(d["taken"]), Bonus(d["bonus"]))


def _round_end_to_wire(end: RoundEnd | None) -> dict[str, Any] | None:
    if end is None:
        return None
    return {
        "number": end.number,
        "final_play": _last_play_to_wire(end.final_play),
        "leftovers_to": end.leftovers_to,
        "leftovers": cards_to_wire(end.leftovers),
        "tally": round_tally_to_wire(end.tally),
    }


def _round_end_from_wire(d: Mapping[str, Any] | None) -> RoundEnd | None:
    if d is None:
        return None
    return RoundEnd(
        d["number"],
        _last_play_from_wire(d["final_play"]),
        d["leftovers_to"],
        card_tuple(d["leftovers"]),
        round_tally_from_wire(d["tally"]),
    )


def view_to_wire(view: PlayerView) -> dict[str, Any]:
    """A `PlayerView` as a plain map (see PROTOCOL.md, "view")."""
    return {
        "seat": view.seat,
        "rules": rules_to_wire(view.rules),
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
            {"card": CARD_TEXT[p.card], "taken": sorted_cards(p.taken)} for p in view.legal_plays
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
        hand=card_tuple(data["hand"]),
        hand_sizes=tuple(data["hand_sizes"]),
        floor=card_tuple(data["floor"]),
        stock_size=data["stock_size"],
        pile_sizes=tuple(data["pile_sizes"]),
        basras=tuple(data["basras"]),
        jack_basras=tuple(data["jack_basras"]),
        scores=tuple(data["scores"]),
        dealer=data["dealer"],
        to_move=data["to_move"],
        legal_plays=tuple(
            Play(CARD_OF[p["card"]], card_set(p["taken"])) for p in data["legal_plays"]
        ),
        gone=card_tuple(data["gone"]),
        last_play=None if last is None else _last_play_from_wire(last),
        deal_plays=tuple(_last_play_from_wire(p) for p in data.get("deal_plays", ())),
        winner=data["winner"],
        round_number=data["round_number"],
        deal=data["deal"],
        last_capturer=data.get("last_capturer"),
        carry=data.get("carry", 0),
        last_round=_round_end_from_wire(data.get("last_round")),
    )
