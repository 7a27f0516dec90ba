"""The client's side of the network: a server's lobby, rooms and matches, and hosting one.

Owns `remote_client` (the connection's state, requests and reconnecting), `remote_session`
(a network match behind the `GameSession` protocol), `room_info` (how rooms and seats read to a
player) and `lan_host` (a server as a child process of this client). Import rules: uses
`client.sessions` and `shared` (the protocol client is `shared.wire.client`); never pygame,
and never the drawing packages. The drawing packages (`table`, `ui`, `art`) never import this
one: only the scenes tie the network to the screen.
"""
