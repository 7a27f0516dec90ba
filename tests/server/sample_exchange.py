"""Records a real session of a whole 2-player match for PROTOCOL.md.

``python -m tests.server.sample_exchange`` runs a seeded in-process server, two clients (Ali and
Badr) who list rooms, create and join one, chat, start, play a whole match (with one play sent
out of turn, to show an error), and leave; it rewrites the sample section of PROTOCOL.md with
every message each client sent and received, in order. `test_protocol_doc` checks that the
sample there still fits the schemas and leaks no card.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path

from shared.wire.client import WireClient
from shared.wire.protocol import Message, play_to_wire, view_from_wire
from tests.server.helpers import FAST, running_server

DOC = Path(__file__).resolve().parents[2] / "PROTOCOL.md"
BEGIN = "<!-- sample:begin -->"
END = "<!-- sample:end -->"
LINE = re.compile(r"^(?P<who>[AB]) (?P<arrow>→|←) (?P<json>\{.*\})$")


async def record() -> list[tuple[str, str, Message]]:
    """(who, "send"/"recv", message) for every message of the session, in order."""
    trace: list[tuple[str, str, Message]] = []
    # No pings in the way: the sample shows the game, not the keep-alive (see §3).
    async with running_server(FAST, ping_interval=3600.0, idle_timeout=7200.0) as server:

        def tracer(who: str) -> Callable[[str, Message], None]:
            return lambda way, message: trace.append((who, way, message))

        ali = await WireClient.connect("127.0.0.1", server.port, trace=tracer("A"))
        await ali.hello("Ali")
        await ali.send({"t": "list_rooms", "req": 1})
        await ali.expect("rooms")
        await ali.send({"t": "create_room", "players": 2, "target": 11, "name": "Sample", "req": 2})
        state = await ali.expect("room_state")
        badr = await WireClient.connect("127.0.0.1", server.port, trace=tracer("B"))
        await badr.hello("Badr")
        await badr.send({"t": "list_rooms", "req": 1})
        await badr.expect("rooms")
        await badr.send({"t": "join_room", "room_id": state["room_id"], "req": 2})
        await badr.expect("room_state")
        await ali.expect("room_state")
        await badr.send({"t": "chat", "text": "Salam! Good luck.", "req": 3})
        await ali.expect("chat")
        await badr.expect("chat")
        await ali.send({"t": "start_game", "req": 3})
        rng = random.Random(2024)
        clients = {"A": ali, "B": badr}
        req = {"A": 10, "B": 10}
        # Badr tries a card while it is Ali's turn; Ali waits for the refusal before playing,
        # so the example shows `not_your_turn` every time.
        refused = asyncio.Event()
        tried: list[bool] = []

        async def play(who: str) -> None:
            client = clients[who]
            while True:
                message = await client.recv()
                if message["t"] == "error":
                    refused.set()
                if message["t"] != "game_update":
                    continue
                view = view_from_wire(message["view"])
                if view.winner is not None:
                    return
                if view.my_turn:
                    if who == "A":
                        await refused.wait()
                    req[who] += 1
                    choice = view.legal_plays[rng.randrange(len(view.legal_plays))]
                    await client.send({"t": "play", **play_to_wire(choice), "req": req[who]})
                elif who == "B" and not tried and view.to_move == 0:
                    tried.append(True)
                    req[who] += 1
                    await client.send(
                        {"t": "play", "card": str(view.hand[0]), "taken": [], "req": req[who]}
                    )

        await asyncio.gather(play("A"), play("B"))
        await ali.expect("room_state")
        await badr.expect("room_state")
        await ali.send({"t": "ping", "req": 99})
        await ali.expect("pong")
        for client in (ali, badr):
            await client.send({"t": "leave_room", "req": 100})
        await ali.expect("left_room")
        await badr.expect("left_room")
        for client in (ali, badr):
            client.close()
    return trace


def render(trace: list[tuple[str, str, Message]]) -> str:
    lines = []
    for who, way, message in trace:
        arrow = "→" if way == "send" else "←"
        text = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
        lines.append(f"{who} {arrow} {text}")
    return "\n".join(lines)


def parse(doc: str) -> list[tuple[str, str, Message]]:
    """The sample of a PROTOCOL.md text, back as (who, "send"/"recv", message)."""
    block = doc.split(BEGIN, 1)[1].split(END, 1)[0]
    found = []
    for line in block.splitlines():
        match = LINE.match(line)
        if match:
            way = "send" if match["arrow"] == "→" else "recv"
            found.append((match["who"], way, json.loads(match["json"])))
    return found


def main() -> int:
    trace = asyncio.run(record())
    doc = DOC.read_text(encoding="utf-8")
    head, rest = doc.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    body = f"{BEGIN}\n```text\n{render(trace)}\n```\n{END}"
    DOC.write_text(head + body + tail, encoding="utf-8")
    print(f"wrote {len(trace)} messages to {DOC}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
