"""The body of a ``hint`` message (PROTOCOL.md §5): the play the server suggests to the player
to move, for the view of the match it was worked out on (``seq``), and why, in parts
(`shared.hint_reasons`) that each client words in its reader's language.

`hint_to_wire` is the server's, `hint_from_wire` a client's (checked first).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from shared.hint_reasons import Reason, Why
from shared.plays import Play
from shared.schema import Bool, Int, ListOf, Nullable, OneOf, Struct
from shared.wire.card_text import CARD_TEXT
from shared.wire.game import CARD_SCHEMA, card_from_wire, play_from_wire, play_to_wire
from shared.wire.schema import check

__all__ = ["HINT_SCHEMA", "WireHint", "hint_from_wire", "hint_to_wire"]

HINT_SCHEMA = Struct(
    {
        "seq": Int(0, 2**31 - 1),
        "card": CARD_SCHEMA,
        "taken": ListOf(CARD_SCHEMA, 51, unique=True),
        "why": OneOf(tuple(why.value for why in Why)),
        "cards": Int(0, 52),
        "kept": Nullable(CARD_SCHEMA),
        "leaves_little": Bool(),
    },
    {"req": Int(0, 2**31 - 1)},
    name="hint",
)
"""A ``hint`` message's fields (its ``"t"`` aside)."""


@dataclass(frozen=True, slots=True)
class WireHint:
    """A suggested play for the view after ``seq`` plays, and why."""

    seq: int
    play: Play
    reason: Reason


def hint_to_wire(hint: WireHint) -> dict[str, Any]:
    """The fields of a ``hint`` message, in the order PROTOCOL.md shows them."""
    reason = hint.reason
    return {
        "seq": hint.seq,
        **play_to_wire(hint.play),
        "why": reason.why.value,
        "cards": reason.cards,
        "kept": None if reason.kept is None else CARD_TEXT[reason.kept],
        "leaves_little": reason.leaves_little,
    }


def hint_from_wire(data: Any) -> WireHint:
    """The `WireHint` of a ``hint`` message (its ``"t"`` and ``req`` ignored); checks it first and
    raises `ProtocolError` if it is wrong."""
    if type(data) is dict:
        data = {key: value for key, value in data.items() if key != "t"}
    check(HINT_SCHEMA, data, "hint")
    play = play_from_wire(data)
    kept = data["kept"]
    reason = Reason(
        Why(data["why"]),
        play.card,
        data["cards"],
        None if kept is None else card_from_wire(kept),
        data["leaves_little"],
    )
    return WireHint(data["seq"], play, reason)
