"""The table tells who did what, driven by real pygame events: a Basra names its maker (gold
and confetti for our side, a quiet banner for theirs), the Komi sweep, a Jack Basra and the
round's last cards have their own words, the round's points show at the piles, the sides wear
their colours and your partner a heart, a team's pile lies with the partner who is not dealing,
and the play log lists the plays as the engine made them."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from client import theme
from client.app import App
from client.i18n import isolate, use_language
from client.layout import SeatPosition
from client.scenes.replay import ReplayScene
from client.scenes.table import TableScene
from client.sessions.game_session import TableUpdate
from client.sessions.local import LocalSession
from client.table.choreography import Tone
from client.table.play_log import LastCards, LoggedPlay, entry_text, plays_made
from client.table.teams import pile_seat
from shared.cards import Card, parse_cards
from shared.events import CardPlayed, CardsCaptured, Event
from shared.rules import FirstFloor, RuleSet
from tests.server.helpers import running_server
from tests.shared.test_review import played_match

from .app_driver import (
    click,
    drawn_texts,
    frames_until,
    lan_player_app,
    lan_table,
    press,
    rigged_deck,
    run_until,
    sprite_center,
    step,
)


@pytest.fixture
def app(fast_app: App) -> App:
    return fast_app


def _table(
    app: App, mine: str, theirs: str, floor: str, rules: RuleSet | None = None
) -> TableScene:
    """Two players at our first turn; the other player is a computer that takes a Basra."""
    deck = rigged_deck(mine, theirs, floor)
    session = LocalSession(rules or RuleSet(), "medium", 1, "Mona", 0.2, deck=deck, dealer=1)
    table = TableScene(app, app.navigator.at_table, session)
    app.stack.reset(table)
    run_until(app, lambda: table.ready)
    return table


def _banner_texts(table: TableScene, seen: list[tuple[str, str, Tone]]) -> bool:
    """Note the banners showing (for `run_until`); never done by itself."""
    for banner in table.effects.banners:
        shown = (banner.text, banner.detail, banner.tone)
        if shown not in seen:
            seen.append(shown)
    return False


def _until_banner(app: App, table: TableScene, wanted: str) -> list[tuple[str, str, Tone]]:
    seen: list[tuple[str, str, Tone]] = []
    run_until(app, lambda: _banner_texts(table, seen) or any(t == wanted for t, _d, _t in seen))
    return seen


def test_the_other_sides_basra_names_them_quietly_without_confetti(app: App) -> None:
    table = _table(app, "Qd 9h 4c 6c", "Ac Kh Kd Qs", "Ad 4s 2d 3s")
    click(app, sprite_center(table, Card.parse("9h")))  # takes 4s 2d 3s, leaves Ad for their Ac
    wanted = f"{isolate(table.seat_name(1))} — Basra!"
    seen = _until_banner(app, table, wanted)
    assert (wanted, "+10", Tone.QUIET) in seen
    assert not table.effects.bursts, "no confetti for the other side"


def test_our_basra_is_celebrated_with_confetti(app: App) -> None:
    table = _table(app, "10c 9h Qd 6c", "Kc Ks 8h 5d", "Ac 2d 3h 4s")
    click(app, sprite_center(table, Card.parse("10c")))
    seen = _until_banner(app, table, f"{isolate('You')} — Basra!")
    assert (f"{isolate('You')} — Basra!", "+10", Tone.CELEBRATION) in seen
    assert table.effects.bursts, "confetti for our side"


def test_a_jack_basra_has_its_own_words(app: App) -> None:
    rules = RuleSet(first_floor=FirstFloor.NONE)
    table = _table(app, "9d Kh Qs 5c", "Jc Jh Js 7d", "Jd 9h 9c 9s", rules)
    click(app, sprite_center(table, Card.parse("9d")))  # the three nines: the Jd lies alone
    wanted = f"{isolate(table.seat_name(1))} — Jack Basra!"
    seen = _until_banner(app, table, wanted)
    assert (wanted, "+30", Tone.QUIET) in seen


def test_a_komi_sweep_that_is_no_basra_says_so(app: App) -> None:
    table = _table(app, "7d 9h Qd 6c", "Kc Ks 8h 5d", "4c 6d Kh Qs")
    click(app, sprite_center(table, Card.parse("7d")))
    wanted = f"{isolate('You')} — Komi sweep"
    seen = _until_banner(app, table, wanted)
    assert (wanted, "", Tone.PLAIN) in seen
    run_until(app, lambda: table.queue.idle)
    assert table.stats is not None and table.stats.basras == (0, 0)


def test_the_round_points_show_at_our_pile_after_a_capture(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = _table(app, "Qd 9h 4c 6c", "Ac Kh Kd Qs", "Ad 4s 2d 3s")
    drawn = drawn_texts(app, monkeypatch)
    table.on_language()  # the furniture is drawn afresh, not taken from its cache
    app.draw()
    assert "Cards 0 · Basras 0" in drawn
    click(app, sprite_center(table, Card.parse("9h")))
    run_until(app, lambda: table.stats is not None and table.stats.piles[0] == 4)
    drawn.clear()
    table.on_language()
    app.draw()
    assert "Cards 4 · Basras 0" in drawn, "the 9h and the three cards it took"


def _four(app: App, events: list[Event] | None = None) -> TableScene:
    """Four players, seat 0 dealing, at our first turn; `events` gets every event the table
    receives from the engine."""
    session = LocalSession(RuleSet(players=4), "easy", 3, "Mona", 0.0, dealer=0)
    table = TableScene(app, app.navigator.at_table, session)
    shown = table.table_update

    def noted(update: TableUpdate) -> None:
        if events is not None:
            events.extend(update.events)
        shown(update)

    table.table_update = noted  # type: ignore[method-assign]
    app.stack.reset(table)
    run_until(app, lambda: table.ready)
    return table


def test_four_players_wear_their_sides_colours_and_the_partner_a_heart(app: App) -> None:
    table = _four(app)
    surface = app.window
    app.draw()
    layout = table.layout
    for seat, colour in ((1, theme.TEAM_THEIRS), (2, theme.TEAM_OURS), (3, theme.TEAM_THEIRS)):
        model = table.queue.model
        assert model is not None
        tag = layout.name_tag(model.position_of(seat))
        stripe = (round(tag.x + layout.px(7)), round(tag.center[1]))
        assert tuple(surface.get_at(stripe))[:3] == colour, f"seat {seat}'s stripe"
    partner = layout.name_tag(SeatPosition.TOP)
    heart = (round(partner.right - layout.px(16)), round(partner.y + layout.px(17)))
    assert tuple(surface.get_at(heart))[:3] == theme.TEAM_OURS, "the partner's heart"
    left = layout.name_tag(SeatPosition.LEFT)
    no_heart = (round(left.right - layout.px(16)), round(left.y + layout.px(17)))
    assert tuple(surface.get_at(no_heart))[:3] != theme.TEAM_THEIRS


def _play_round(app: App, table: TableScene) -> list[tuple[str, str, Tone]]:
    """Play our cards by their keys until the round's results show; note every banner."""
    seen: list[tuple[str, str, Tone]] = []
    round_number = table.view.round_number if table.view is not None else 0
    for _ in range(4000):
        _banner_texts(table, seen)
        if app.stack.top is not table:
            return seen
        if table.controls.choice is not None:
            press(app, pygame.K_RETURN)
        elif table.ready:
            press(app, pygame.K_1)
        step(app)
    raise AssertionError(f"round {round_number} did not end")


def test_a_round_played_by_keys_logs_every_play_and_moves_the_team_pile(app: App) -> None:
    events: list[Event] = []
    table = _four(app, events)
    model = table.queue.model
    assert model is not None and model.dealer == 0
    # The dealer's partner keeps our pile; the player at the dealer's left keeps theirs.
    assert model.team_position(0) is model.position_of(2)
    assert model.team_position(1) is model.position_of(3)
    seen = _play_round(app, table)

    expected: list[tuple[int, Card, tuple[Card, ...]]] = []
    for event in events:
        if isinstance(event, CardPlayed):
            expected.append((event.seat, event.card, ()))
        elif isinstance(event, CardsCaptured):
            seat, card, _taken = expected[-1]
            expected[-1] = (seat, card, tuple(sorted(event.taken)))
    logged = table.side.play_log.current.entries
    plays = [(e.seat, e.card, e.taken) for e in logged if isinstance(e, LoggedPlay)]
    assert plays == expected and len(plays) == 48, "every card of the round, as the engine said"
    last = [e for e in logged if isinstance(e, LastCards)]
    assert len(last) == 1 and last[0].seat is not None, "this deal leaves cards to the last taker"
    name = isolate(table.seat_name(last[0].seat))
    assert any(text == f"Last cards to {name}" for text, _d, _t in seen)

    press(app, pygame.K_RETURN)  # the round's results give way to the next round
    run_until(app, lambda: table.queue.model is not None and table.queue.model.dealer == 1)
    model = table.queue.model
    assert model is not None
    # Seat 1 deals: its partner keeps their pile where it was; ours moves to me (seat 0), who
    # does not deal next.
    assert model.team_position(1) is model.position_of(pile_seat(1, 1, 4)) is SeatPosition.LEFT
    assert model.team_position(0) is SeatPosition.BOTTOM
    run_until(app, lambda: table.side.play_log.current.number == 1)
    assert table.side.play_log.previous is not None and table.side.play_log.previous.number == 0
    press(app, pygame.K_l)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    step(app, 2)
    assert table.side.log_panel.scroll == 3, "the wheel reads back into the round before"


def test_l_opens_the_log_and_it_lists_what_was_played(app: App) -> None:
    table = _table(app, "Qd 9h 4c 6c", "Ac Kh Kd Qs", "Ad 4s 2d 3s")
    click(app, sprite_center(table, Card.parse("9h")))
    run_until(app, lambda: table.ready)
    press(app, pygame.K_l)
    assert table.side.log_panel.open
    step(app, 2)
    assert table.layout.side_panel is not None, "the log opens in the side panel"
    rows = [text for text, _colour in table.side.log_panel.rows(table.side.play_log)]
    name = isolate(table.seat_name(1))
    assert rows[1:] == [
        f"{isolate('You')}: 9♥ took 2♦ 3♠ 4♠",
        f"{name}: A♣ took A♦ — Basra! +10",
    ]
    press(app, pygame.K_l)
    assert not table.side.log_panel.open


def test_an_undo_takes_the_play_out_of_the_log(app: App) -> None:
    table = _table(app, "Qd 9h 4c 6c", "Ac Kh Kd Qs", "Ad 4s 2d 3s")
    click(app, sprite_center(table, Card.parse("9h")))
    run_until(app, lambda: table.ready)
    assert table.side.play_log.current.plays == 2
    press(app, pygame.K_u)
    run_until(app, lambda: table.ready)
    assert table.side.play_log.current.plays == 0
    assert parse_cards("Qd 9h 4c 6c")[1] in (table.view.hand if table.view else ())


def test_the_replay_keeps_the_log_too_and_a_step_back_takes_a_play_out(app: App) -> None:
    app.navigator.watch_replay(played_match(RuleSet(target=11), seed=7), None)
    scene = app.stack.top
    assert isinstance(scene, ReplayScene)
    scene.queue.pace = 0.0
    run_until(app, lambda: scene.queue.idle and scene.queue.model is not None)
    for _ in range(5):
        press(app, pygame.K_RIGHT)
        run_until(app, lambda: scene.queue.idle)
    assert scene.play_log.current.plays == 5
    played = [(e.seat, e.card) for e in scene.play_log.current.entries if isinstance(e, LoggedPlay)]
    record_plays = [(p.seat, p.play.card) for p in scene.record.plays[:5]]
    assert played == record_plays, "the log says what the match file says"
    press(app, pygame.K_l)
    assert scene.log_panel.open
    press(app, pygame.K_LEFT)
    run_until(app, lambda: scene.queue.idle)
    assert scene.play_log.current.plays == 4


@pytest.mark.timeout(60)
async def test_a_network_game_logs_the_plays_the_server_made(
    tmp_path: Path, pygame_ready: None
) -> None:
    async with running_server() as server:
        net = lan_player_app(
            tmp_path, server.port, "Tester", "--speed", "instant", "--target", "20"
        )
        try:
            table, _ = await lan_table(net)
            await frames_until(net, lambda: table.side.play_log.current.plays >= 6)
            await frames_until(net, lambda: table.queue.idle)
            view = table.view
            assert view is not None and not table.side.play_log.current.missing
            if view.round_number == table.side.play_log.current.number:
                assert table.side.play_log.current.plays == plays_made(view)
            press(net, pygame.K_l)
            assert table.side.log_panel.open
        finally:
            net.shutdown()


def test_the_log_draws_red_court_cards_in_arabic(app: App) -> None:
    """An Arabic court card is an isolate ending in its suit: a red suit used to leave the
    closing mark as a piece of no width, which pygame refused to draw."""
    use_language("ar")
    try:
        play = LoggedPlay(1, Card.parse("Kh"), (Card.parse("Qd"), Card.parse("7c")))
        line = entry_text(play, lambda seat: "كريم")
        assert app.text.render(line, theme.FONT_SMALL, theme.TEXT).get_width() > 0
    finally:
        use_language("en")
