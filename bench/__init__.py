"""Benchmarks and load tools that print figures; they never pass or fail a build.

`engine_speed` (the capture solver and playouts), `client_frame` (frame and start-up time),
`loadgen` and `server_load` (the server under load), `arena` (bot against bot); the rest are
listed in docs/benchmarks.md. Import rules: anything may be imported here, the tests' helpers
included (the WebSocket client, the server's command line, the brute-force capture baseline);
the game never imports `bench`, nor do the tests' helpers, and the wheel does not ship it.
"""
