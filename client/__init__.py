"""The Basra desktop client: a pygame-ce app for practice against bots and LAN games.

``python run_client.py`` runs `client.main`. The packages show the architecture:
`sessions/` (what a game session tells the table; practice with bots in-process), `net/` (a
server: the remote client and session, hosting a server on this machine), `table/` (a match on
screen: model, choreography, animation, HUD and controls), `ui/` (widgets, text, panels, chat),
`art/` (card faces, suits, felt, sounds), `scenes/` (one module per screen, the navigator
that moves between them) and `i18n/` (English and Arabic: catalogues, `_`, digits). At the
top: `app` (the window and frame loop), `main`, `settings`, `shots` (every screen rendered to
files), `records` (the match files kept), `verify` (``python -m client.verify FILE`` checks
one's deals), `child_process` (the server and the review started as programs, by Python or by
the desktop app) and the pure `layout`, `theme` and `tween`.

Import rules: the client imports `shared`, never `server` (it only starts one as a process).
The drawing packages `table`, `ui` and `art` never import `net`; `sessions` and `net` never
import pygame. Only `scenes` and the top-level `app`, `main` and `shots` tie the packages
together; no package imports them (a scene sees the app as a `scenes.host.SceneHost`).
"""
