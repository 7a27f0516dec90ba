"""The table's controls: the hand, the capture choice, and the buttons and keys around them.

Owns `TableControls`, which routes the table's input: Menu/Esc, Hint (H) and Undo (U) in
practice, the last-capture peek (its button; L opens the scene's play log), then either the
open `CaptureChoice` or the `HandControl`.
A picked card with one play worth choosing is sent to the session (sets that differ only in
suits are one, `plays_for_card`); with several, the choice opens on the floor. It also draws
the buttons, the choice panel, the peek and the hint's outlines. A hint ends with the turn it
was given for (a play by anyone, another view, an overlay) and gives way to a choice. It only
ever asks the session to play; the table's cards move when the session's update says so. Out
of turn the hand is shaded, and a card clicked then stays, with a word on why (`wait_text`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import pygame

from client import theme
from client.i18n import _, isolate
from client.layout import SeatPosition
from client.sessions.game_session import Hint, NoticeLevel
from client.table.capture_choice import CaptureChoice
from client.table.context import TableContext
from client.table.hand import PICK_KEYS, HandControl, Pick
from client.table.model import SpriteKey
from client.table.sprites import CardSprite
from client.table.turn import TurnShown, Wait
from client.ui.direction import flow_rect, flow_x
from client.ui.toast import Toast
from client.ui.widgets import Button
from shared.cards import Card
from shared.choices import choice_key, plays_for_card
from shared.events import CardsCaptured
from shared.views import PlayerView

logger = logging.getLogger(__name__)

HINT_COLOUR = (120, 230, 140)
CHOICE_CLEARANCE = 2
"""Pixels (at unit 1) between the capture choice and the top of a raised card of the hand."""
SETTLE_SECONDS = 0.2
PEEK_FILL = (10, 30, 20, 255)


class TableControls:
    """Input and on-table controls for one table, seen through its `TableContext`."""

    def __init__(self, table: TableContext) -> None:
        self.table = table
        text = table.text
        self.hand = HandControl()
        self.choice: CaptureChoice | None = None
        self.hint: Hint | None = None
        self._hint_view: PlayerView | None = None
        """The view the hint was given for: it ends when another is shown."""
        self._hint_notice: Toast | None = None
        self.peek = False
        self._peek_view: PlayerView | None = None
        """The view the peek was opened on: the next play shuts it."""
        self.menu = Button((0, 0, 1, 1), _("Menu"), text, on_click=table.open_pause)
        column = [(_("Last take"), self.toggle_peek)]
        offers = table.session.offers
        if offers.undo:
            column = [(_("Undo"), self.undo), *column]
        if offers.hint:
            column = [(_("Hint"), self.show_hint), *column]
        by_action = {
            action: Button((0, 0, 1, 1), label, text, on_click=action)
            for label, action in reversed(column)
        }
        self.column = list(by_action.values())
        """The button column, bottom first; the chat toggle goes above it."""
        self.buttons = [self.menu, *self.column]
        self.hint_button = by_action.get(self.show_hint)
        self.undo_button = by_action.get(self.undo)
        self.peek_button = by_action[self.toggle_peek]
        self.relayout()

    def relayout(self) -> None:
        """Put the buttons where the table's layout says (the window changed size)."""
        layout = self.table.layout()
        size = layout.font(theme.FONT_SMALL + 2)
        self.menu.rect = pygame.Rect(layout.menu.rounded())
        for index, button in enumerate(self.column):
            button.rect = pygame.Rect(layout.button_slot(index).rounded())
        for button in self.buttons:
            button.font_size = size
        self.hand.layout = layout

    # --- actions ---------------------------------------------------------------------

    def show_hint(self) -> None:
        """Ask for a hint; it is shown when it comes (`present_hint`)."""
        table = self.table
        if not (table.ready() and table.session.ask_hint()):
            table.effects.notify(_("A hint is for your own turn."), NoticeLevel.WARNING)

    def present_hint(self, hint: Hint) -> None:
        """Show a hint that came, while the turn it is for is still on."""
        table = self.table
        if not table.ready():
            return
        # Its words would stand over an open choice: it closes, the hint outlines the whole play.
        self.close_choice()
        # The keys go on from the hinted card: Enter plays it, the arrows move from it.
        hand = self._hand()
        self.hand.selected = hand.index(hint.play.card) if hint.play.card in hand else None
        self.hint = hint
        self._hint_view = table.view()
        table.effects.notify(hint.reason, seconds=5.0)
        self._hint_notice = table.effects.notice

    def end_hint(self) -> None:
        """Take the hint away: its words, and its outlines where they still show."""
        notice = self.table.effects.notice
        if notice is not None and notice is self._hint_notice:
            notice.dismiss()
        if self.hint is not None:
            lit = {self.hint.play.card, *self.hint.play.taken}
            for key, sprite in self.table.sprites.items():
                if key in lit and sprite.highlight == HINT_COLOUR:
                    sprite.highlight = None
        self.hint = None
        self._hint_view = None
        self._hint_notice = None

    def undo(self) -> None:
        if not self.table.session.can_undo():
            why = _("Nothing to take back since the deal.")
            self.table.effects.notify(why, NoticeLevel.WARNING)
            return
        self.close_choice()
        self.table.session.undo()

    def toggle_peek(self) -> None:
        self.peek = not self.peek
        self._peek_view = self.table.view()

    def close_choice(self) -> None:
        if self.choice is not None:
            CaptureChoice.clear_highlights(self._floor_sprites())
            self.choice = None

    def reset(self) -> None:
        """Forget selections (after a play, an undo or a resync)."""
        self.close_choice()
        self.end_hint()
        self.hand.reset()

    # --- events ----------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.peek and event.type == pygame.MOUSEBUTTONDOWN:
            # A click elsewhere shuts the peek (and goes on to do what it does there); one on
            # its button toggles it.
            self.peek = self.peek_button.rect.collidepoint(event.pos)
        for button in self.buttons:
            if button.handle_event(event):
                return
        chat = self.table.chat
        if chat is not None and chat.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and self._shortcut(event):
            return
        if not self.table.ready():
            self._put_back(self.hand.cancel_drag())
            self._explain_wait(event)
            return
        if self.choice is not None and self._choice_event(event):
            return
        pick = self.hand.handle_event(event, self._hand(), self.table.sprites)
        self._put_back(self.hand.take_returning())
        if pick is not None:
            self._pick(pick)

    def _explain_wait(self, event: pygame.event.Event) -> None:
        """A card of the hand clicked (or picked by its key) out of turn: say why it stays."""
        hand = self._hand()
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
            touched = self.hand.card_at(event.pos, hand, self.table.sprites) is not None
        elif event.type == pygame.KEYDOWN:
            touched = PICK_KEYS.get(event.key, len(hand)) < len(hand)
        else:
            return
        why = wait_text(self.table.turn(), self.table.seat_name) if touched else None
        if why is not None:
            self.table.effects.notify(why, NoticeLevel.WARNING)

    def _shortcut(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_ESCAPE:
            if self.choice is not None:
                self.close_choice()
            elif self.peek:
                self.peek = False
            else:
                self.table.open_pause()
            return True
        offers = self.table.session.offers
        actions = {pygame.K_h: self.show_hint} if offers.hint else {}
        if offers.undo:
            actions[pygame.K_u] = self.undo
        if key == pygame.K_z and event.mod & pygame.KMOD_CTRL and offers.undo:
            self.undo()
            return True
        if key in actions:
            actions[key]()
            return True
        return False

    def _choice_event(self, event: pygame.event.Event) -> bool:
        """Let the open choice take the event; True when it was consumed."""
        assert self.choice is not None
        outcome = self.choice.handle_event(event, self._floor_sprites())
        if outcome is None:
            return event.type == pygame.KEYDOWN and event.key not in (pygame.K_LEFT, pygame.K_RIGHT)
        if outcome.play is not None:
            play = outcome.play
            self.close_choice()
            self.table.send_play(play)
            return True
        if outcome.cancelled:
            self.close_choice()
            self.hand.selected = None
            return event.type == pygame.KEYDOWN  # a click may go on to pick another card
        return True

    def _pick(self, pick: Pick) -> None:
        view = self.table.view()
        plays = plays_for_card(view.legal_plays, pick.card, view.rules) if view is not None else []
        if view is None or not plays:
            self._put_back(pick.card)
            return
        if len(plays) == 1:
            self.table.send_play(plays[0])
            return
        if pick.dropped:
            self._put_back(pick.card)
        hand = self._hand()
        self.hand.selected = hand.index(pick.card) if pick.card in hand else None
        model = self.table.model()
        floor = model.floor if model is not None else view.floor
        room, unit = self._choice_room()
        self.choice = CaptureChoice(plays, floor, room, unit, self.table.text, self.table.panels)
        self._follow_hint(self.choice, view)

    def _follow_hint(self, choice: CaptureChoice, view: PlayerView) -> None:
        """Consider the hinted set first, then let the hint's words go: they would cover the
        choice, and its outlines give way to the options'."""
        if self.hint is None:
            return
        if self.hint.play.card == choice.card:
            hinted = choice_key(self.hint.play, view.rules)
            keys = [choice_key(play, view.rules) for play in choice.plays]
            choice.current = keys.index(hinted) if hinted in keys else 0
        self.end_hint()

    def _put_back(self, card: Card | None) -> None:
        """Slide a dragged card back to its place in the hand."""
        model = self.table.model()
        sprite = self.table.sprites.get(card) if card is not None else None
        if sprite is None or model is None or card is None:
            return
        place = model.placements().get(card)
        if place is None:
            return
        self.table.timeline.animate(
            sprite,
            "center",
            place.center,
            SETTLE_SECONDS,
            "ease_out_cubic",
            on_done=lambda: sprite.rest(place),
        )

    # --- per frame -------------------------------------------------------------------

    def update(self, dt: float) -> bool:
        """Per frame: enable buttons, ease the hand, light the choice or hint; True while
        something under the player's hand is still moving."""
        table = self.table
        ready = table.ready()
        if self.hint_button is not None:
            self.hint_button.enabled = ready
        if self.undo_button is not None:
            self.undo_button.enabled = table.session.can_undo() and table.animations_idle()
        if not ready:
            self.close_choice()
        if self.hint is not None and (not ready or table.view() is not self._hint_view):
            self.end_hint()
        if self.peek and table.view() is not self._peek_view:
            self.peek = False  # a play was shown: the floor it covers has changed
        shaded = table.session.seat is not None and table.turn().wait is not None
        moving = self.hand.update(dt, self._hand(), table.sprites, ready, shaded)
        if self.choice is not None:
            self.choice.apply_highlights(self._floor_sprites())
        elif self.hint is not None:
            lit = {self.hint.play.card, *self.hint.play.taken}
            for key, sprite in table.sprites.items():
                sprite.highlight = HINT_COLOUR if key in lit else None
        return moving

    def draw_shade(self, surface: pygame.Surface, card_size: tuple[int, int]) -> None:
        """Shade the hand out of turn: drawn over the cards at rest, under those in the air."""
        self.hand.draw_shade(surface, self._hand(), self.table.sprites, card_size)

    def draw(self, surface: pygame.Surface) -> None:
        if self.choice is not None:
            self.choice.draw(surface, self._floor_sprites())
        if self.peek:
            self._draw_peek(surface)
        for button in self.buttons:
            button.draw(surface)

    def _draw_peek(self, surface: pygame.Surface) -> None:
        table = self.table
        layout = table.layout()
        peek = pygame.Rect(layout.peek.rounded())
        table.panels.panel(surface, peek, PEEK_FILL)
        capture = table.last_capture()
        text = table.text
        if capture is None:
            text.draw(
                surface,
                _("No capture yet this round."),
                peek.center,
                layout.font(theme.FONT_BODY),
                theme.TEXT_DIM,
                "center",
            )
            return
        title = _("Last capture, by {name}").format(name=isolate(table.seat_name(capture.seat)))
        text.draw(
            surface,
            title,
            (peek.centerx, peek.y + layout.px(22)),
            layout.font(theme.FONT_SMALL + 2),
            theme.TEXT_ACCENT,
            "center",
        )
        self._draw_mini_cards(surface, capture, peek)

    def _draw_mini_cards(
        self, surface: pygame.Surface, capture: CardsCaptured, peek: pygame.Rect
    ) -> None:
        """The played card, the word "took", then the cards it took, centred in the panel (and
        read from the right in Arabic)."""
        art = self.table.small_cards()
        layout = self.table.layout()
        px = layout.px
        text = self.table.text
        cards = sorted(capture.taken)
        width, height = art.size
        step = min(width + px(6), (peek.width - 3 * width) // max(1, len(cards)))
        total = width + px(70) + width + step * (len(cards) - 1)
        x = peek.centerx - total // 2
        y = peek.y + px(48)

        def place(card_x: int) -> pygame.Rect:
            return flow_rect((card_x, y, width, height), peek)

        surface.blit(art.face_for_text(str(capture.card)), place(x))
        middle = y + height // 2
        took = (flow_x(x + width + px(35), peek), middle)
        small = layout.font(theme.FONT_SMALL)
        text.draw(surface, _("took"), took, small, theme.TEXT_DIM, "center")
        x += width + px(70)
        for card in cards:
            surface.blit(art.face_for_text(str(card)), place(x))
            x += step

    # --- lookups ---------------------------------------------------------------------

    def _hand(self) -> list[Card]:
        model = self.table.model()
        return list(model.hand) if model is not None else []

    def _choice_room(self) -> tuple[pygame.Rect, float]:
        """Where a capture choice may stand (across the floor, down to just above a raised card
        of the hand, so the choice never covers the card being played), and the table's unit."""
        layout = self.table.layout()
        floor = layout.choice_area
        bottom = layout.hand_area(SeatPosition.BOTTOM).y - layout.px(CHOICE_CLEARANCE)
        room = pygame.Rect(round(floor.x), round(floor.y), round(floor.w), round(bottom - floor.y))
        return room, layout.unit

    def _floor_sprites(self) -> dict[SpriteKey, CardSprite]:
        model = self.table.model()
        if model is None:
            return {}
        sprites = self.table.sprites
        return {c: sprites[c] for c in model.floor if c in sprites}


def wait_text(turn: TurnShown, seat_name: Callable[[int], str]) -> str | None:
    """Why a card clicked now stays in the hand, in the player's words (None: it is his turn)."""
    match turn.wait:
        case Wait.OTHER if turn.seat is not None:
            return _("Wait for {name} to play.").format(name=isolate(seat_name(turn.seat)))
        case Wait.MOVING:
            return _("Cards are still moving.")
        case Wait.ROUND_OVER:
            return _("The round is over.")
        case Wait.MATCH_OVER:
            return _("The match is over.")
    return None
