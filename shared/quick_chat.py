"""Quick chat: the short table phrases and emoji reactions a player sends by their id.

Owns `PHRASES` (the phrases' ids; each client words them in its reader's language, so a guest
reads them in Arabic or English whoever sent them), `REACTIONS` (each reaction's id and its
emoji, the same in every language), `QUICK_IDS` and `QUICK_ORDER`. Sent by id (PROTOCOL.md
§4 `quick_chat`), nobody can put free text through them, and the server checks only that the
id is one of these.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

PHRASES: Final = ("yalla", "nice", "unlucky", "basra", "luck", "moment", "again", "thanks")
REACTIONS: Final = MappingProxyType(
    {"laugh": "😂", "clap": "👏", "fire": "🔥", "wow": "😮", "heart": "❤️"}
)
QUICK_IDS: Final = frozenset(PHRASES) | frozenset(REACTIONS)
QUICK_ORDER: Final = (*PHRASES, *REACTIONS)
"""Every id in the order the clients offer them (the desktop's chat numbers them /1, /2, ...)."""
MAX_ID = 16
"""The longest id (the wire's limit on the field)."""
