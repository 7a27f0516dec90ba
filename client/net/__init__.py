"""The client's side of the network: a server's lobby, rooms and matches, and hosting one.

Owns `server_link` (`ServerLink`: the connection's state, requests and reconnecting, and the
one `poll()` that turns what arrived into typed link events), `deal_witness` (a match's deals
checked against the record the server reveals), `discovery` (servers on the LAN) and
`lan_host` (a server as a child process of this client). Import rules: uses `client.sessions`
(the link's events and the session records), `client.i18n`, `client.records` and `shared`
(the protocol client is `shared.wire.client`); never pygame, and never the drawing packages.
The drawing packages (`table`, `ui`, `art`) never import this one: only the scenes tie the
network to the screen.
"""
