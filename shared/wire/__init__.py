"""The wire: how the server and its clients talk (docs/design.md §4, PROTOCOL.md).

Owns `framing` (length-prefixed frames, a sans-I/O decoder), `protocol` (the message types,
their strict schemas and the msgpack encoding; the wire's public face), `schema` (the wire's use
of the one schema engine, `shared.schema`), `errors`, `card_text`, `game`, `rooms` and `tally`
(game, lobby and room values as plain wire data, both ways), `updates` (one match change as
each recipient's frame), `session` (the session itself, both ends, sans-I/O: greeting, pings,
bye, the reading-error budget), `client` (the one asyncio protocol client, a shell over the
session, with `transports`), and LAN discovery's datagrams
(`discovery`, sans-I/O) and UDP sockets (`datagrams`). Import rules: msgpack is
imported here and nowhere else in `shared`; this package may use the engine modules of
`shared`, never `shared.bots`, and the engine never imports it. It is the contract of all
three ends: the browser client's ``web/js/wire.js`` and ``wire_types.js`` are generated from
it (``python -m tools.web_wire``).
"""
