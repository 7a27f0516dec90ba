"""Game sessions: what a match tells the table and what the table may ask of it.

Owns `game_session` (the `GameSession` protocol and its update records), `local` (practice:
the engine and bots in-process), `bot_thinker` (a bot's decision off the frame loop) and
`autopilot` (``--autoplay``). The network session lives in `client.net`. Import rules: only
`shared` and this package; never pygame, never another client package, so every screen and
the network can depend on it.
"""
