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
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import random
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import NamedTuple

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from client import theme
from client.app import App
from client.art.cards import RANK_LABELS, CardArt
from client.art.suits import SUIT_LETTERS
from client.main import build_app, parse_args
from client.net.lan_host import LanHost
from client.net.server_link import ServerLink
from client.scenes.connect import ConnectScene
from client.scenes.how_to_play import HowToPlayScene
from client.scenes.match_results import MatchResultsScene
from client.scenes.overlays import PauseScene
from client.scenes.practice_setup import PracticeSetupScene
from client.scenes.replay import ReplayScene
from client.scenes.replays import ReplaysScene
from client.scenes.room import RoomScene
from client.scenes.round_results import RoundResultsScene
from client.scenes.settings_screen import SettingsScene
from client.scenes.table import TableScene
from client.sessions.game_session import TableUpdate, plays_for_card
from client.sessions.local import LocalSession
from client.sessions.remote import time_up_notice
from client.table.hand import Pick
from shared.cards import STANDARD_DECK, Card, parse_cards
from shared.events import BasraScored, CardPlayed
from shared.plays import Play
from shared.review.hand_review import ReviewSettings, review_match
from shared.review.review_file import sidecar_path, write_review
from shared.rules import RuleSet

logger = logging.getLogger(__name__)

FRAME = 1 / 60
SEARCH_SEEDS = 400
DATA_HOME = "XDG_DATA_HOME"
"""Where the platform folders put user data on Linux and the BSDs."""


class Cast(NamedTuple):
    """Who plays in the tour and what they say, in the language of the tour."""

    me: str
    others: tuple[str, str, str]
    rooms: tuple[str, str, str]
    """The second and third players' rooms, then ours."""
    chat: tuple[str, str, str]
    """Our welcome, the first player's reply, and her line at the table."""


CASTS = {
    "en": Cast(
        "Mona",
        ("Layla", "Omar", "Youssef"),
        ("Omar table", "Friday night", "Basra with Layla"),
        ("Welcome! First to 101.", "Good luck, may the Komi be with you", "Your turn, Mona!"),
    ),
    "ar": Cast(
        "منى",
        ("ليلى", "عمر", "يوسف"),
        ("ترابيزة عمر", "سهرة الجمعة", "بصرة مع ليلى"),
        ("أهلاً! اللي يوصل 101 الأول يكسب.", "بالتوفيق، والكومي يكون معاكي", "دورك يا منى!"),
    ),
}


class Tour:
    """Drives one app through the screens and saves each one."""

    def __init__(self, app: App, out: Path) -> None:
        self.app = app
        self.out = out
        self.saved: list[Path] = []

    def step(self, seconds: float) -> None:
        for _ in range(max(1, round(seconds / FRAME))):
            self.app.step(FRAME)

    def until(self, done: Callable[[], bool], limit: float = 120.0) -> None:
        for _ in range(round(limit / FRAME)):
            if done():
                return
            self.app.step(FRAME)
        raise RuntimeError("the tour got stuck")

    def save(self, name: str, picture: pygame.Surface | None = None) -> None:
        """Save `picture`, or the app's window freshly drawn, as `name`.png."""
        if picture is None:
            self.app.draw()
            picture = self.app.window
        path = self.out / f"{name}.png"
        pygame.image.save(picture, str(path))
        self.saved.append(path)
        logger.info("wrote %s", path)

    def set_pace(self, table: TableScene, scale: float) -> None:
        table.queue.pace = scale
        session = table.session
        if isinstance(session, LocalSession):
            session.bot_delay = 0.7 * scale


# --- practice -----------------------------------------------------------------------------


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
    table = TableScene(app, app.navigator, session)
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
    table = TableScene(tour.app, tour.app.navigator, session)
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
    table = TableScene(tour.app, tour.app.navigator, session)
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
    table = TableScene(tour.app, tour.app.navigator, session)
    tour.app.stack.reset(table)
    tour.until(lambda: table.ready)
    table.send_play(next(p for p in session.view.legal_plays if p.card == Card.parse("9h")))
    tour.until(lambda: any(b.detail for b in table.effects.banners))
    tour.step(0.55)
    tour.save("08b_their_basra")

    seed, made = find_turn(4, lambda s: s.view.deal >= 2 and min(s.view.pile_sizes) > 0)
    table = practice_table(tour, 4, seed, made)
    tour.save("09d_table_teams")
    table.toggle_log()
    tour.step(0.3)
    tour.save("09e_table_play_log")


def shoot_results(tour: Tour) -> None:
    app = tour.app
    app.navigator.start_practice(players=2, level="easy", preset="egyptian", target=40)
    table = app.stack.top
    assert isinstance(table, TableScene)
    tour.set_pace(table, 0.0)
    autoplay = random.Random(3)
    while not isinstance(app.stack.top, RoundResultsScene):
        if table.ready and table.view is not None:
            table.send_play(autoplay.choice(table.view.legal_plays))
        app.step(FRAME)
    tour.step(0.2)
    tour.save("10_round_results")
    while not isinstance(app.stack.top, MatchResultsScene):
        top = app.stack.top
        if isinstance(top, RoundResultsScene):
            top.close()
        elif table.ready and table.view is not None:
            table.send_play(autoplay.choice(table.view.legal_plays))
        app.step(FRAME)
    tour.step(0.6)
    tour.save("11_match_result")


def shoot_replays(tour: Tour) -> None:
    """From the match results just shot: the replay viewer with every hand face up, a review
    being made, the costliest plays of a kept review and one of them on the table, and the
    replays list."""
    app = tour.app
    results = app.stack.top
    assert isinstance(results, MatchResultsScene), "the results of shoot_results are showing"
    session = results.table.session
    assert isinstance(session, LocalSession) and session.record is not None
    replay = _watch(tour, results)
    replay.seek(replay.session.length // 3)
    replay.toggle()
    tour.step(1.2)
    tour.save("14_replay_viewer")
    replay.session.pause()
    replay.start_review()
    tour.until(lambda: replay.job is None or replay.job.progress.done > 2)
    tour.save("15_review_progress")
    replay.cancel_review()
    path = session.record_path
    assert path is not None, "the practice match is kept in the records folder"
    review = review_match(session.record, replay.session.seat or 0, ReviewSettings(worlds=60))
    write_review(sidecar_path(path), review)
    app.stack.pop()
    replay = _watch(tour, results)
    replay.start_review()
    tour.step(0.2)
    tour.save("16_review_costliest_plays")
    if review.worst:
        replay.panel.showing_list = False
        replay.seek(review.worst[0].index)
        tour.until(lambda: replay.flagged_here is not None)
        tour.step(0.2)
        tour.save("17_review_lesson")
    app.stack.pop()
    app.navigator.replays()
    listing = app.stack.top
    assert isinstance(listing, ReplaysScene)
    tour.until(lambda: not listing.loading)
    tour.step(0.1)
    tour.save("18_replays")
    app.stack.pop()


def _watch(tour: Tour, results: MatchResultsScene) -> ReplayScene:
    tour.app.navigator.watch_finished(results.table)
    replay = tour.app.stack.top
    assert isinstance(replay, ReplayScene)
    tour.until(lambda: replay.queue.idle)
    return replay


# --- menus --------------------------------------------------------------------------------


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
    app.stack.push(ConnectScene(app, app.navigator, address="192.168.1.20"))
    tour.step(0.1)
    tour.save("04_connect")
    app.stack.pop()
    app.stack.push(ConnectScene(app, app.navigator, hosting=True))
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


# --- network ------------------------------------------------------------------------------


async def shoot_network(tour: Tour, cast: Cast) -> None:
    app = tour.app
    # The server keeps no rooms: a later "Host a LAN game" must not find the tour's.
    extra = ("--bot-delay", "0.3", "--turn-timeout", "30", "--no-persist")
    host = LanHost(ports=(0,), extra_args=extra)
    port = await host.start()
    others = [ServerLink("127.0.0.1", port, name) for name in cast.others]
    try:
        for other in others:
            await other.connect()
        others[1].create_room(2, "jawaker", 151, 0, cast.rooms[0])
        others[2].create_room(4, "egyptian", 101, 30, cast.rooms[1])
        await asyncio.sleep(0.3)
        others[2].poll()
        others[2].fill_bots("hard")
        mine = ServerLink("127.0.0.1", port, app.settings.name)
        await mine.connect()
        app.navigator.enter_lobby(mine, None)
        lobby = app.navigator.lobby
        assert lobby is not None, "entering the lobby opens its scene"
        lobby.hosting_at = f"192.168.1.20:{port}"
        await _frames(tour, 0.6)
        lobby.rooms.select(1)
        tour.save("05_lobby")
        mine.create_room(2, "egyptian", 101, 30, cast.rooms[2])
        await _frames(tour, 0.4)
        others[0].join_room(mine.room.room_id if mine.room else 0)
        others[1].poll()  # it learns that it is in its room, so that it can leave it
        others[1].leave_room()
        await _frames(tour, 0.3)
        others[1].join_room(mine.room.room_id if mine.room else 0, spectate=True)
        mine.send_chat(cast.chat[0])
        others[0].send_chat(cast.chat[1])
        await _frames(tour, 0.5)
        tour.save("12_room")
        await shoot_private_room(tour, mine)
        mine.start_game()
        await _frames(tour, 4.0)
        others[0].send_chat(cast.chat[2])
        await _frames(tour, 0.5)
        tour.save("13_table_network")
        await shoot_hand_over(tour)
        await shoot_chat_column(tour)
    finally:
        for client in [*others]:
            client.close()
        app.navigator.close()
        host.stop()


async def shoot_private_room(tour: Tour, mine: ServerLink) -> None:
    """The room made private after its creation (its code shown), a watcher chosen for
    Remove."""
    mine.set_private(True)
    await _frames(tour, 0.4)
    room = tour.app.stack.top
    if isinstance(room, RoomScene):
        room.watchers.names.select(0)
        await _frames(tour, 0.1)
    tour.save("12b_room_private")


async def shoot_hand_over(tour: Tour) -> None:
    """The creator's pause menu at a LAN table, offering the other player's seat to a
    computer, then the question it asks first (left unanswered)."""
    app = tour.app
    table = app.stack.top
    if not isinstance(table, TableScene):
        return
    app.navigator.pause(table)
    await _frames(tour, 0.2)
    pause = app.stack.top
    tour.save("13c_pause_hand_over")
    if isinstance(pause, PauseScene) and pause.hand_over:
        pause.hand_over[0][1]()
        await _frames(tour, 0.2)
        tour.save("13d_confirm_hand_over")
    while app.stack.top is not table:
        app.stack.pop()


async def shoot_chat_column(tour: Tour) -> None:
    """The table's chat opened: the table moves aside for its column."""
    table = tour.app.stack.top
    if isinstance(table, TableScene) and table.chat is not None:
        table.chat.flip()
        await _frames(tour, 0.3)
        tour.save("13b_table_chat_column")


async def _frames(tour: Tour, seconds: float) -> None:
    for _ in range(max(1, round(seconds / FRAME))):
        tour.app.step(FRAME)
        await asyncio.sleep(0.005)


# --- entry ---------------------------------------------------------------------------------


async def run_tour(
    out: Path,
    network: bool = True,
    language: str = "en",
    size: tuple[int, int] = (1280, 720),
) -> list[Path]:
    """Every screen in `language` ("en" or "ar") in a window of `size` as PNG files in `out`;
    the files written."""
    out.mkdir(parents=True, exist_ok=True)
    cast = CASTS[language]
    with private_data() as settings_dir:
        settings = str(settings_dir / "settings.json")
        args = parse_args(["--settings", settings, "--mute", "--name", cast.me, "--lang", language])
        args.no_discovery = True  # the tour sends nothing onto the network
        app: App = build_app(args, owns_pygame=False)
        if app.window_size != size:
            app.update_settings(app.settings.changed(window_size=size))
        tour = Tour(app, out)
        try:
            shoot_menus(tour)
            shoot_rules_and_words(tour)
            shoot_cards(tour)
            shoot_practice(tour)
            shoot_suited_choice(tour)
            shoot_turns(tour)
            shoot_story(tour)
            shoot_results(tour)
            shoot_replays(tour)
            if network:
                await shoot_network(tour, cast)
        finally:
            app.shutdown()
    return tour.saved


@contextlib.contextmanager
def private_data() -> Iterator[Path]:
    """A temporary folder for the tour's settings, and the user data folder (XDG_DATA_HOME,
    which the platform folders and a hosted server's child process follow) inside it, so
    nothing of the tour is left among the player's own files."""
    before = os.environ.get(DATA_HOME)
    with tempfile.TemporaryDirectory(prefix="basra-shots-") as folder:
        os.environ[DATA_HOME] = str(Path(folder) / "data")
        try:
            yield Path(folder)
        finally:
            if before is None:
                os.environ.pop(DATA_HOME, None)
            else:
                os.environ[DATA_HOME] = before


def window_size(text: str) -> tuple[int, int]:
    """ "1920x1080" as (1920, 1080); raises ValueError for anything else."""
    width, sep, height = text.lower().partition("x")
    if not sep or not width.isdigit() or not height.isdigit():
        raise ValueError(f"a window size is WIDTHxHEIGHT, such as 1920x1080, not {text!r}")
    size = (int(width), int(height))
    if min(size) < 200:
        raise ValueError(f"a window of {text} is too small to show the table")
    return size


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.shots", description=__doc__)
    parser.add_argument("outdir", type=Path)
    parser.add_argument(
        "--no-network", action="store_true", help="skip the screens that need a server"
    )
    parser.add_argument(
        "--lang", choices=tuple(CASTS), default="en", help="the interface's language (en)"
    )
    parser.add_argument(
        "--size",
        type=window_size,
        default=(1280, 720),
        metavar="WxH",
        help="the window's size in pixels (1280x720)",
    )
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    tour = run_tour(args.outdir, not args.no_network, args.lang, args.size)
    asyncio.run(tour)
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
