"""The Basra LAN server: asyncio TCP, rooms as actors, the lobby, limits, bots (DESIGN.md §4).

Start it with ``python run_server.py``; `server.app.BasraServer` is the server itself and
`server.config.ServerConfig` every limit it keeps.
"""
