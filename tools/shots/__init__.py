"""`python -m tools.shots OUTDIR`: every screen of the game rendered to PNG files, for looking.

Owns the screenshot tour. Practice screens come from seeded `LocalSession`s, stepped to the
moment worth showing (a capture choice open mid-round, a Basra's banner and confetti, the
round and match results, then that match replayed, reviewed and listed among the replays);
network screens come from a real server started as a child process
(`LanHost`), with two more players joining and chatting. ``--lang ar`` shows every screen in
Arabic, with Arabic names and chat (`CASTS`); ``--size 1920x1080`` renders the tour in a
window of that size (default 1280x720). Runs headless (dummy SDL drivers); prints nothing,
logs each file it writes. It keeps nothing of the player's: settings, match files and the
server's saved rooms go to a temporary folder (`private_data`), gone when the tour ends.

One module for each part: `tour` (the app driven and its pictures saved, and who plays),
`menus`, `practice` (moments at a practice table), `results` (a match's results, then its replay
and review), `network` (a LAN server's lobby, room and table), `tournaments` (a server's
tournaments: sign-up, standings, shown large, the other tables' plays, a table watched, the
record kept and opened from the replays), `run` (the whole tour, in a private data folder) and
`__main__` (the command line).
"""

from __future__ import annotations

import os

# Before any module of the tour imports pygame: it runs without a screen or a sound card.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from tools.shots.run import run_tour

__all__ = ["run_tour"]
