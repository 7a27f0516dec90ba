"""Game sessions: what a match tells the table and what the table may ask of it.

Owns `game_session` (the `GameSession` protocol, the `MatchListener` hooks a session tells its
table through, and its records), `local` (practice: the engine and bots in-process), `remote` (a
room's match over a server link), `link` (what a server link tells its listener, hook by hook,
its status, and what a session needs of it),
`room_info` (how rooms and seats read to a player), `replay` (a kept match played back),
`review_job` (the hand review in a process of its own), `bot_thinker` (a bot's decision off
the frame loop), `practice_record` and `autopilot` (``--autoplay``). Import rules: only
`shared`, `client.i18n`, `client.records` and this package; never pygame, never the network
(`RemoteSession` is given a link that keeps to `link.RoomLink`) nor the drawing packages, so
every screen and the network can depend on it.
"""
