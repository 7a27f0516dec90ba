"""The tour's practice tables: moments worth showing, reached by stepping seeded matches.

Owns the shots of a capture choice open mid-round, a suited choice, play out of turn and a
card played when time ran out, a Basra's banner and confetti, and four players in two sides
with the play log open; `find_turn` searches the seeds for a turn where a wanted position
comes.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame

from client.scenes.table import TableScene
from client.sessions.game_session import TableUpdate
from client.sessions.local import LocalSession
from client.sessions.remote import time_up_notice
from client.table.hand import Pick
from shared.cards import STANDARD_DECK, Card, parse_cards
from shared.choices import plays_for_card
from shared.events import BasraScored, CardPlayed
from shared.plays import Play
from shared.rules import RuleSet
from tools.shots.tour import Tour

SEARCH_SEEDS = 400


def find_turn(players: int, wanted: Callable[[LocalSession], bool]) -> tuple[int, int]:
    """A (seed, plays before it) whose match reaches a turn of ours where `wanted` holds."""
    for seed in range(SEARCH_SEEDS):
        session = LocalSession(RuleSet(players=players), seed=seed, bot_delay=0)
        rng = random.Random(seed)
        for made in range(60):
            while session.state.to_move not in (0, None):
                session.tick(1.0)
            if session.state.to_move is None:
                break
            if made >= 3 and wanted(session):
                return seed, made
            session.play(rng.choice(session.view.legal_plays))
    raise RuntimeError("no seed gives the wanted position")


def has_choice(session: LocalSession) -> bool:
    plays, rules = session.view.legal_plays, session.view.rules
    choice = any(len(plays_for_card(plays, p.card, rules)) > 1 for p in plays)
    return choice and session.view.deal >= 2


def basra_play(session: LocalSession) -> Play | None:
    from shared.engine import apply_play

    for play in session.view.legal_plays:
        events = apply_play(session.state, play).events
        if any(isinstance(e, BasraScored) for e in events):
            return play
    return None


def practice_table(tour: Tour, players: int, seed: int, made: int) -> TableScene:
    """A practice table stepped (fast) to our turn after `made` plays of ours."""
    app = tour.app
    session = LocalSession(RuleSet(players=players), seed=seed, name=app.settings.name, bot_delay=0)
    table = TableScene(app, app.navigator.at_table, session)
    app.stack.reset(table)
    tour.set_pace(table, 0.0)
    rng = random.Random(seed)
    for _ in range(made):
        tour.until(lambda: table.ready)
        table.send_play(rng.choice(session.view.legal_plays))
    tour.until(lambda: table.ready)
    tour.set_pace(table, 1.0)
    tour.step(0.5)
    return table


def shoot_practice(tour: Tour) -> None:
    seed, made = find_turn(2, has_choice)
    table = practice_table(tour, 2, seed, made)
    assert table.view is not None
    plays, rules = table.view.legal_plays, table.view.rules
    card = next(p.card for p in plays if len(plays_for_card(plays, p.card, rules)) > 1)
    table.controls._pick(Pick(card))
    choice = table.controls.choice
    if choice is not None:
        target = table.animator.sprites[
            next(iter(choice.plays[1].taken - choice.plays[0].taken), card)
        ]
        x, y = target.draw_center()
        pygame.event.post(
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=(round(x), round(y)), rel=(0, 0), buttons=(0, 0, 0)
            )
        )
    tour.step(0.3)
    tour.save("06_table_capture_choice")
    table.controls.close_choice()
    table.controls.toggle_peek()
    tour.step(0.1)
    tour.save("07_table_last_capture_peek")

    seed, made = find_turn(2, lambda s: basra_play(s) is not None)
    table = practice_table(tour, 2, seed, made)
    assert isinstance(table.session, LocalSession)
    play = basra_play(table.session)
    assert play is not None, "find_turn stopped at a turn with a Basra to make"
    table.send_play(play)
    tour.until(lambda: any(b.detail for b in table.effects.banners))  # past a "Komi sweep"
    tour.step(0.55)
    tour.save("08_basra_celebration")

    seed, made = find_turn(4, lambda s: s.view.deal >= 2)
    practice_table(tour, 4, seed, made)
    tour.save("09_table_four_players")


def shoot_suited_choice(tour: Tour) -> None:
    """With card points on the 2c scores, so a 5 on 2c 2d 3c is asked which 2 it takes; the 3c
    goes either way and wears its "both" tab. A hint asked first gives way to the choice."""
    front = parse_cards("5s 9h Qd 6c Ad 4s 8h 10c 2c 2d 3c Kh")
    deck = [*front, *(c for c in STANDARD_DECK if c not in front)]
    rules = RuleSet(card_points=True)
    session = LocalSession(rules, seed=1, name=tour.app.settings.name, deck=deck, dealer=1)
    table = TableScene(tour.app, tour.app.navigator.at_table, session)
    tour.app.stack.reset(table)
    tour.until(lambda: table.ready)
    table.controls.show_hint()
    table.controls._pick(Pick(Card.parse("5s")))
    tour.step(0.3)
    tour.save("06b_table_suited_choice")


def shoot_turns(tour: Tour) -> None:
    """Out of turn: the hand shaded while the other player thinks and a card clicked then
    saying why it stays; then a card played for us when our time ran out, with the notice a
    network game shows for it."""
    front = parse_cards("Qd 9h 4c 6c Ad 4s 8h 10c Qc 2d 3s Kh")
    deck = [*front, *(c for c in STANDARD_DECK if c not in front)]
    name = tour.app.settings.name
    session = LocalSession(RuleSet(), seed=1, name=name, deck=deck, dealer=1, bot_delay=60.0)
    table = TableScene(tour.app, tour.app.navigator.at_table, session)
    tour.app.stack.reset(table)
    tour.until(lambda: table.ready)
    table.send_play(session.view.legal_plays[0])
    tour.until(lambda: table.turn.seat == 1)
    tour.step(0.4)
    x, y = table.animator.sprites[Card.parse("9h")].draw_center()
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(round(x), round(y)), button=1)
    pygame.event.post(click)
    tour.step(0.3)
    tour.save("09b_table_out_of_turn")
    session.bot_delay = 0.0
    tour.until(lambda: table.ready)
    play = session.view.legal_plays[-1]
    session.play(play)  # as the server plays for a player whose time ran out
    update = TableUpdate(session.view, (CardPlayed(0, play.card),), timed_out=0)
    notice = time_up_notice(update, 0, session.players)
    assert notice is not None
    table.effects.notify(notice.text, notice.level)
    tour.step(0.35)
    tour.save("09c_table_time_up")


def shoot_story(tour: Tour) -> None:
    """Who did what: the other side's Basra in its quiet banner, then four players in two
    coloured sides with the round's points at their piles, and the play log open."""
    front = parse_cards("Qd 9h 4c 6c Ac Kh Kd Qs Ad 4s 2d 3s")
    deck = [*front, *(c for c in STANDARD_DECK if c not in front)]
    name = tour.app.settings.name
    rules = RuleSet()
    session = LocalSession(rules, "medium", 1, name, 0.3, deck=deck, dealer=1)
    table = TableScene(tour.app, tour.app.navigator.at_table, session)
    tour.app.stack.reset(table)
    tour.until(lambda: table.ready)
    table.send_play(next(p for p in session.view.legal_plays if p.card == Card.parse("9h")))
    tour.until(lambda: any(b.detail for b in table.effects.banners))
    tour.step(0.55)
    tour.save("08b_their_basra")

    seed, made = find_turn(4, lambda s: s.view.deal >= 2 and min(s.view.pile_sizes) > 0)
    table = practice_table(tour, 4, seed, made)
    tour.save("09d_table_teams")
    table.side.toggle_log()
    tour.step(0.3)
    tour.save("09e_table_play_log")
