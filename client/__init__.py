"""The Basra desktop client: a pygame-ce app for practice against bots and LAN games.

``python run_client.py`` runs `client.main`. The packages show the architecture, in layers
(each imports only those before it): `i18n/` (English and Arabic: catalogues, `_`, digits),
`layout/` (pure geometry from the window's size), `sessions/` (what a game session tells the
table: practice with bots in-process, a room's match over a server link, replays), `art/`
(card faces, suits, felt, sounds), `ui/` (widgets, text, panels, chat), `table/` (a match on
screen: model, choreography, animation, HUD and controls), `net/` (a server: the link, hosting
a server on this machine, finding servers on the LAN) and `scenes/` (one module per screen,
the navigator that moves between them). At the top: `app` (the window and frame loop), `main`,
`settings`, `records` (the match files kept), `verify` (``python -m client.verify FILE``
checks one's deals), `child_process` (the server and the review started as programs, by
Python or by the desktop app) and the pure `theme` and `tween`.

Import rules: the client imports `shared`, never `server` (it only starts one as a process),
nor the developer tools in the top-level `tools/`. The drawing packages `table`, `ui` and `art`
never import `net`; `sessions` and `net` never import pygame. Only `scenes` and the top-level
`app` and `main` tie the packages together; no package imports them (a scene sees the app as a
`scenes.base.SceneHost`, and the navigator through the routes it is given).
"""
