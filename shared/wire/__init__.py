"""The wire: how the server and its clients talk (docs/design.md §4, PROTOCOL.md).

Owns `framing` (length-prefixed frames, a sans-I/O decoder), `messages` (every message type,
which way it goes and its strict schema), `protocol` (reading and writing messages: msgpack and
its limits, the check against the schema; the wire's public face), `requests` (what a client
may ask, one frozen typed value per message type, read once at the edge), `schema` (the wire's
use of the one schema engine, `shared.schema`), `errors`, `card_text`, `game` (cards, plays,
rules, tallies and events), `views` (a seat's view and the game update), `rooms`,
`announced_deals`, `tally`, `hints` and `records` (lobby, room and record values as plain wire
data, both ways), `updates` (one match change as each recipient's frame), `session` (the
session's events and the server's end, sans-I/O: greeting, pings, bye, the reading-error
budget) and `client_session` (the client's end), `client` (the one asyncio protocol client, a
shell over the session, with its `inbox` and `transports`), the join address (`join`), and LAN
discovery's datagrams (`discovery`, sans-I/O) and UDP sockets (`datagrams`). Import rules:
msgpack is imported here and nowhere else in `shared`; this package may use the engine modules
of `shared`, never `shared.bots`, and the engine never imports it. It is the contract of all
three ends: the browser client's ``web/js/wire.js`` and ``wire_types.js`` are generated from
it (``python -m tools.web_wire``).
"""
