"""Benchmarks and load tools that print figures; they never pass or fail a build.

`engine_speed` (the capture solver and playouts), `client_frame` (frame and start-up time),
`loadgen` and `server_load` (the server under load), `arena` (bot against bot). Import rule:
anything may be imported here, but nothing in the project imports `bench`.
"""
