"""The tour's screens away from a table: the main menu, practice set-up, settings (and a name
typed past its limit), joining and hosting a LAN game, How to play, and every card face."""

from __future__ import annotations

import pygame

from client import theme
from client.art.cards import RANK_LABELS, CardArt
from client.art.suits import SUIT_LETTERS
from client.scenes.connect import ConnectScene
from client.scenes.how_to_play import HowToPlayScene
from client.scenes.practice_setup import PracticeSetupScene
from client.scenes.settings_screen import SettingsScene
from tools.shots.tour import Tour


def shoot_menus(tour: Tour) -> None:
    app = tour.app
    app.navigator.main_menu()
    tour.step(0.1)
    tour.save("01_main_menu")
    app.stack.push(PracticeSetupScene(app, app.navigator))
    tour.step(0.1)
    tour.save("02_practice_setup")
    app.stack.pop()
    app.stack.push(SettingsScene(app))
    tour.step(0.1)
    tour.save("03_settings")
    app.stack.pop()
    app.stack.push(ConnectScene(app, app.navigator.lan, address="192.168.1.20"))
    tour.step(0.1)
    tour.save("04_connect")
    app.stack.pop()
    app.stack.push(ConnectScene(app, app.navigator.lan, hosting=True))
    tour.step(0.1)
    tour.save("04b_host")
    app.stack.pop()


def shoot_rules_and_words(tour: Tour) -> None:
    """Settings with a name typed past its limit (the note under the field), then How to play
    at its top and at the worked examples."""
    app = tour.app
    settings = SettingsScene(app)
    app.stack.push(settings)
    settings.focus.focus(settings.name)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=app.settings.name * 16))
    tour.step(0.1)
    tour.save("03b_settings_name_limit")
    app.stack.pop()
    rules = HowToPlayScene(app)
    app.stack.push(rules)
    tour.step(0.1)
    tour.save("04b_how_to_play")
    rules.scroll_to(rules.page.examples[1].top)
    tour.step(0.1)
    tour.save("04c_how_to_play_examples")
    app.stack.pop()


def shoot_cards(tour: Tour) -> None:
    """Every face at 80x116, then the court cards and the Komi at 120x174, rows centred."""
    sheet = pygame.Surface(tour.app.window.get_size())
    sheet.fill(theme.FELT_DARK)
    gap, top = 6, 6
    small, large = CardArt((80, 116)), CardArt((120, 174))
    rows = [(small, [f"{rank}{suit}" for rank in RANK_LABELS]) for suit in SUIT_LETTERS]
    rows.append((large, ["Jh", "Qh", "Kh", "7d", "Js", "Qs", "Ks"]))
    for art, texts in rows:
        width, height = art.size
        left = (sheet.get_width() - len(texts) * (width + gap) + gap) // 2
        for column, text in enumerate(texts):
            sheet.blit(art.face_for_text(text), (left + column * (width + gap), top))
        top += height + gap
    tour.save("19_cards", sheet)
