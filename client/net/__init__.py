"""The client's side of the network: a server's lobby, rooms and matches, and hosting one.

Owns `link_state` (`LinkState`: pure, as the page's store: every message the server sent, read
by its type in one place, folded into the state the screens read and told at once to the
link's listener), `server_link` (`ServerLink`: the thin shell that hands the state what arrived,
once a frame, and sends the screens' requests), `keeper` (the connection kept: hello, the
watchdog, reconnecting), `room_witnesses` and `deal_witness` (a room's matches' deals checked
against the records the server reveals), `discovery` (servers on the LAN) and `lan_host` (a
server as a child process of this client). Import rules: uses `client.sessions` (the link's
listener and the session records), `client.i18n`, `client.records` and `shared` (the protocol
client is `shared.wire.client`); never pygame, and never the drawing packages. The drawing
packages (`table`, `ui`, `art`) never import this one: only the scenes tie the network to the
screen.
"""
