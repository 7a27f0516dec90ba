"""The example of a round's end in PROTOCOL.md §5, made from a seeded match.

``python -m tests.shared.round_boundary`` plays a seeded 2-player match to the end of its first
round and rewrites the example with the ``game_update`` seat 0 gets for that play: the frame the
server would send (`GameUpdate`), its events one a line and the view's fields that tell the two
rounds apart. `test_round_boundary` checks that PROTOCOL.md shows it as made here.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

from shared.engine import apply_play, legal_plays, new_match
from shared.events import RoundScored
from shared.rules import RuleSet
from shared.wire.framing import FrameDecoder
from shared.wire.protocol import Flow, Message, unpack_message
from shared.wire.updates import GameUpdate
from tests.server.sample_exchange import DOC

SEED = 12
SEAT = 0
BEGIN = "<!-- round-end:begin -->"
END = "<!-- round-end:end -->"
VIEW_FIELDS = (
    "round_number",
    "deal",
    "dealer",
    "to_move",
    "floor",
    "pile_sizes",
    "scores",
    "last_play",
    "last_capturer",
    "carry",
    "last_round",
)
"""The view's fields the example shows: those that change from one round to the next."""


def round_end_update() -> Message:
    """The game_update seat `SEAT` gets for the play that ends the first round."""
    rng = random.Random(SEED)
    state = new_match(RuleSet(), seed=SEED)
    seq = 0
    while True:
        transition = apply_play(state, rng.choice(legal_plays(state)))
        state = transition.state
        seq += 1
        if any(isinstance(e, RoundScored) for e in transition.events):
            frame = GameUpdate(state, transition.events, seq).frame_for(SEAT)
            (payload,) = FrameDecoder(max_frame=len(frame)).feed(frame)
            return unpack_message(payload, Flow.TO_CLIENT)


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def render() -> str:
    """The example as PROTOCOL.md shows it, between its markers."""
    update = round_end_update()
    events = ",\n".join(f"    {_json(e)}" for e in update["events"])
    view = {key: update["view"][key] for key in VIEW_FIELDS}
    lines = [
        "```text",
        f'{{"t":"game_update","seq":{update["seq"]},"turn_ms":{_json(update["turn_ms"])},',
        ' "events":[',
        events,
        "  ],",
        ' "view":{ ...',
        *(f"    {_json(key)}:{_json(value)}," for key, value in view.items()),
        "    ... }}",
        "```",
    ]
    return "\n".join(lines)


def main() -> int:
    doc = DOC.read_text(encoding="utf-8")
    head, rest = doc.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    DOC.write_text(f"{head}{BEGIN}\n{render()}\n{END}{tail}", encoding="utf-8")
    print(f"wrote the round-end example to {DOC}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
