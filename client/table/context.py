"""What the table's controls may use of the table they sit on: the `TableContext`.

The table scene builds one and hands it to `TableControls`, so the controls never reach
through the scene into its animator, queue or app. Services are handed over as they are;
the table's changing state (the view shown, whether the player may act, the last capture)
is read through small functions; the only actions are sending a play, opening the pause menu
and the session's own practice calls (hint, undo).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from client.art.cards import CardArt
    from client.layout import TableLayout
    from client.sessions.game_session import GameSession
    from client.table.effects import TableEffects
    from client.table.model import SpriteKey, TableModel
    from client.table.sprites import CardSprite
    from client.table.turn import TurnShown
    from client.tween import Timeline
    from client.ui.chat_panel import ChatPanel
    from client.ui.panel import PanelPainter
    from client.ui.text import TextRenderer
    from shared.events import CardsCaptured
    from shared.plays import Play
    from shared.views import PlayerView


@dataclass(frozen=True, slots=True)
class TableContext:
    """The table's services, state and actions, as its controls see them."""

    text: TextRenderer
    panels: PanelPainter
    layout: Callable[[], TableLayout]
    """Where things go on the table now, in window pixels (it changes with the window)."""
    small_cards: Callable[[], CardArt]
    """Small card art for the last-capture peek (made on first use)."""
    session: GameSession
    effects: TableEffects
    chat: ChatPanel | None
    """The chat beside the table in network games; None in practice."""
    sprites: Mapping[SpriteKey, CardSprite]
    """The table's card sprites by key (the same mapping the animator updates)."""
    timeline: Timeline
    """The table's tweens, to slide a dragged card back into the hand."""
    model: Callable[[], TableModel | None]
    """The table as currently shown, None before the first update."""
    animations_idle: Callable[[], bool]
    """No game update is waiting or being animated."""
    view: Callable[[], PlayerView | None]
    ready: Callable[[], bool]
    """The player may act now (see `TableScene.ready`)."""
    turn: Callable[[], TurnShown]
    """Whose turn the table shows, and why the player may not play (see `TableScene.turn`)."""
    last_capture: Callable[[], CardsCaptured | None]
    seat_name: Callable[[int], str]
    send_play: Callable[[Play], None]
    open_pause: Callable[[], None]
