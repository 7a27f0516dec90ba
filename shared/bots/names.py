"""What the computer players are called: a name for each seat, the same in every client.

The server names the computer player of seat ``s`` ``COMPUTER_NAMES[s]`` (a room's bots, a
stand-in for a player who left, a practice match's opponents alike), in English on the wire;
each client shows it in its reader's language (the catalogue translates the names: tools.extract
marks them), so that "Nour" is "نور" to an Arabic reader and two computer players are never
both "Medium bot".
"""

from __future__ import annotations

from typing import Final

__all__ = ["COMPUTER_NAMES", "computer_player_name"]

COMPUTER_NAMES: Final = ("Hoda", "Karim", "Nour", "Salma")
"""By seat: seat 0's computer player is Hoda, seat 1's Karim, and so on."""


def computer_player_name(seat: int) -> str:
    """The name of the computer player at ``seat``."""
    return COMPUTER_NAMES[seat % len(COMPUTER_NAMES)]
