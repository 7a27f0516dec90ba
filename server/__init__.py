"""The Basra LAN server: asyncio TCP, rooms as actors, the lobby, limits, bots (docs/design.md §5).

Start it with ``python run_server.py``; `server.app.BasraServer` is the server itself and
`server.config.ServerConfig` every limit it keeps (and the command line, `server.main`). The
packages: `net` (a connection whatever its transport, every limit on what a client sends, TCP,
pacing, discovery, stats), `room` (a room as an actor, in layers: its match, its members, its
dispatch and chat; what it says, built from values) and `persistence` (the data directory, each
match's journal, the room file). At the top: `lobby` (players and rooms, routing requests),
`players`, `refusals` (the one way a request is turned down), `restore` (matches taken up again
at start, above the rooms and the files) and `collector`.
"""
