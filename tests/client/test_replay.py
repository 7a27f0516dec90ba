"""The replay viewer and the hand review in the app: the table at every step is the engine's
replay, stepping back and forth gives the same picture, the bar and the keys drive it, the
review runs off the frame loop (kept beside the file, cancellable), the replays list reads
real files, and damaged ones open with a clear message."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from client.app import App
from client.i18n import _ as translated
from client.i18n import number, use_language
from client.records import MatchKind, RecordFolder
from client.scenes.match_results import MatchResultsScene
from client.scenes.overlays import MessageScene
from client.scenes.replay import ReplayScene
from client.scenes.replays import ReplaysScene
from client.sessions.game_session import GameSession, Offers
from client.sessions.local import LocalSession
from client.sessions.replay import SPEEDS
from client.table.model import TableModel
from client.table.review_panel import ROW_HEIGHT, loss_text
from shared.record import MatchRecord, RecordError, SeatEntry
from shared.record_file import write_record
from shared.review.hand_review import Review, ReviewSettings, review_match
from shared.review.review_file import read_review, sidecar_path
from shared.rules import RuleSet
from shared.state import MatchState
from tests.shared.test_review import played_match
from tests.waiting import eventually_sync

from .app_driver import (
    button,
    click,
    drawn_texts,
    make_app,
    press,
    run_until,
    step,
    table_of,
)

ONE_ROUND = RuleSet(target=11)


@pytest.fixture
def app(tmp_path: Path, pygame_ready: None) -> Iterator[App]:
    made = make_app(tmp_path)
    made.navigator.main_menu()
    yield made
    made.shutdown()


def open_replay(app: App, record: MatchRecord, path: Path | None = None) -> ReplayScene:
    app.navigator.watch_replay(record, path)
    scene = app.stack.top
    assert isinstance(scene, ReplayScene)
    run_until(app, lambda: scene.queue.idle and scene.queue.model is not None)
    return scene


def shows(model: TableModel, state: MatchState, seat: int) -> bool:
    """The model holds exactly the engine's cards and numbers, every hand face up."""
    r = state.round
    others = [sorted(h) if s != seat else [] for s, h in enumerate(r.hands)]
    return (
        model.hand == sorted(r.hands[seat])
        and model.open_hands == others
        and model.hidden == [0] * len(r.hands)
        and model.floor == list(r.floor)
        and model.stock == len(r.stock)
        and model.piles == [len(p) for p in r.piles]
        and model.scores == list(state.scores)
    )


def settle(app: App, scene: ReplayScene) -> None:
    run_until(app, lambda: scene.queue.idle and not scene.effects.active, 2000)


def picture(scene: ReplayScene) -> bytes:
    """The scene drawn at a fixed clock (the name tag of the seat to move pulses with it)."""
    scene.clock = 0.0
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    return pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize("players", [2, 4])
def test_the_table_at_every_step_is_the_engines_replay(app: App, players: int) -> None:
    record = played_match(RuleSet(players=players, target=11), seed=6)
    scene = open_replay(app, record)
    scene.queue.pace = 0.0
    session = scene.session
    shown: GameSession = session  # the table's own protocol
    assert shown.seat == 0 and shown.offers == Offers() and not shown.ask_hint()
    assert session.seat == 0 and shows(scene.queue.model, session.state_at(0), 0)  # type: ignore[arg-type]
    for position in range(1, session.length + 1):
        press(app, pygame.K_RIGHT)
        run_until(app, lambda: scene.queue.idle)
        assert session.position == position
        assert scene.queue.model is not None
        assert shows(scene.queue.model, session.state_at(position), 0), position
    assert scene.queue.corrections == 0, "the animations told the engine's story"


def test_stepping_back_and_forth_gives_the_same_picture(app: App) -> None:
    scene = open_replay(app, played_match(ONE_ROUND, seed=7))
    session = scene.session
    for position in (5, 17, 30):
        scene.controls.seek(position - 1)
        settle(app, scene)
        press(app, pygame.K_RIGHT)
        settle(app, scene)
        ahead = picture(scene)
        model = scene.queue.model
        assert model is not None
        snapshot = model.snapshot()
        press(app, pygame.K_LEFT)
        settle(app, scene)
        assert session.position == position - 1 and picture(scene) != ahead
        press(app, pygame.K_RIGHT)
        settle(app, scene)
        assert scene.queue.model is not None and scene.queue.model.snapshot() == snapshot
        assert picture(scene) == ahead
        scene.controls.seek(session.length)
        scene.controls.seek(position)
        settle(app, scene)
        assert picture(scene) == ahead


def test_the_bar_and_the_keys_drive_the_replay(app: App) -> None:
    scene = open_replay(app, played_match(ONE_ROUND, seed=8))
    session, bar = scene.session, scene.controls.bar
    icons = dict(bar.icons)
    click(app, icons["toggle"].rect.center)
    assert session.playing
    run_until(app, lambda: session.position >= 2)
    press(app, pygame.K_SPACE)
    assert not session.playing
    shown = session.position
    click(app, icons["forward"].rect.center)
    assert session.position == shown + 1
    click(app, icons["back"].rect.center)
    assert session.position == shown
    second_deal = session.marks[1].position
    press(app, pygame.K_HOME)
    click(app, icons["next"].rect.center)
    assert session.position == second_deal
    press(app, pygame.K_PAGEDOWN)
    assert session.position == session.marks[2].position
    click(app, icons["previous"].rect.center)
    assert session.position == second_deal
    press(app, pygame.K_END)
    assert session.position == session.length
    click(app, (bar.x_of(10), bar.track.centery))
    assert session.position == 10
    speeds = []
    for _ in SPEEDS:
        click(app, bar.speed.rect.center)
        speeds.append(session.speed)
    assert sorted(speeds) == sorted(SPEEDS)
    assert scene.queue.pace == app.settings.duration_scale / session.speed
    press(app, pygame.K_ESCAPE)
    assert not isinstance(app.stack.top, ReplayScene)


def test_the_review_runs_off_the_frame_loop_and_is_kept_beside_the_file(
    app: App, tmp_path: Path
) -> None:
    record = played_match(ONE_ROUND, seed=9)
    path = tmp_path / "records" / "practice-20250101-120000-abcdef.basra"
    path.parent.mkdir()
    write_record(path, record)
    scene = open_replay(app, record, path)
    click(app, scene.controls.bar.review.rect.center)
    assert scene.reviewer.job is not None
    seen = set()
    deadline = time.monotonic() + 120
    while scene.reviewer.job is not None and time.monotonic() < deadline:
        seen.add(scene.reviewer.job.progress.done)
        app.step(1 / 60)
    assert scene.reviewer.review is not None and scene.reviewer.panel.showing_list
    assert len(seen) >= 3, "frames went on while the review reported its progress"
    assert read_review(sidecar_path(path)) == scene.reviewer.review

    worst = scene.reviewer.review.worst
    assert worst, "an easy player's match has costly plays"
    click(app, (400, scene.reviewer.panel.row_top + ROW_HEIGHT + 20))
    assert session_stands_at(scene, worst[1].index)
    settle(app, scene)
    assert scene.reviewer.flagged_here == worst[1] and worst[1].lesson is not None
    better = worst[1].best.play
    lit = {k for k, sprite in scene.animator.sprites.items() if sprite.highlight is not None}
    assert lit == {better.card, *better.taken}, "the better play is outlined"

    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_ESCAPE)
    again = open_replay(app, record, path)
    assert again.reviewer.review == scene.reviewer.review, "reopened at once"
    assert again.reviewer.job is None


def session_stands_at(scene: ReplayScene, position: int) -> bool:
    return scene.session.position == position and not scene.reviewer.panel.showing_list


def test_a_review_can_be_cancelled(app: App) -> None:
    scene = open_replay(app, played_match(RuleSet(), seed=10))
    press(app, pygame.K_r)
    job = scene.reviewer.job
    assert job is not None

    def one_play_reviewed() -> bool:
        job.poll()
        return job.progress.done >= 1

    eventually_sync(one_play_reviewed, 60)
    step(app)
    click(app, scene.reviewer.panel.cancel.rect.center)
    assert scene.reviewer.job is None and scene.reviewer.review is None
    assert job._process.returncode is not None, "the review's process has ended"


def kept_files(tmp_path: Path) -> dict[str, Path]:
    folder = RecordFolder(tmp_path / "records")
    won = played_match(ONE_ROUND, seed=11)
    lan = played_match(ONE_ROUND, seed=12)
    lan = replace(lan, seats=(SeatEntry("Layla"), SeatEntry("Omar")), room="Friday night")
    unfinished = replace(won, plays=won.plays[:9], outcome=None)
    paths = {
        "won": folder.save(won, MatchKind.PRACTICE),
        "lan": folder.save(lan, MatchKind.LAN),
        "unfinished": folder.save(unfinished, MatchKind.PRACTICE),
    }
    damaged = folder.new_file(MatchKind.PRACTICE, 0)
    damaged.write_bytes(b'{"basra_record":1,"rules":{}}\nnot json\n')
    paths["damaged"] = damaged
    return paths


def test_the_replays_list_shows_the_kept_matches(app: App, tmp_path: Path) -> None:
    paths = kept_files(tmp_path)
    click(app, button(app.stack.top, "Replays").rect.center)
    scene = app.stack.top
    assert isinstance(scene, ReplaysScene)
    run_until(app, lambda: not scene.loading)
    lines = {f.path: f.line.replace("\u2068", "").replace("\u2069", "") for f in scene.files}
    assert set(lines) == set(paths.values())
    assert "Practice match" in lines[paths["won"]] and "Ali vs Karim" in lines[paths["won"]]
    assert "Fixed seed" in lines[paths["won"]]
    assert "LAN match" in lines[paths["lan"]] and "Layla vs Omar" in lines[paths["lan"]]
    assert "Unfinished" in lines[paths["unfinished"]]
    assert any(word in lines[paths["won"]] for word in ("Won", "Lost"))
    assert "cannot be read" in lines[paths["damaged"]]
    assert "verified" not in lines[paths["unfinished"]].lower(), "not judged before its end"

    def chosen(key: str) -> None:
        scene.list.select(scene.files.index(next(f for f in scene.files if f.path == paths[key])))
        step(app)

    chosen("unfinished")
    assert scene.continue_button.enabled, "an unfinished practice match can be continued"
    chosen("won")
    assert not scene.continue_button.enabled, "a finished match is not continued"
    scene.list.select(scene.files.index(next(f for f in scene.files if f.path == paths["lan"])))
    press(app, pygame.K_RETURN)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.path == paths["lan"]
    assert [p.name for p in replay.session.players] == ["Layla", "Omar"]


def test_a_damaged_record_opens_with_a_clear_message(app: App, tmp_path: Path) -> None:
    paths = kept_files(tmp_path)
    app.navigator.replays()
    scene = app.stack.top
    assert isinstance(scene, ReplaysScene)
    run_until(app, lambda: not scene.loading)
    scene.list.select(next(i for i, f in enumerate(scene.files) if f.path == paths["damaged"]))
    click(app, button(scene, "Watch").rect.center)
    message = app.stack.top
    assert isinstance(message, MessageScene)
    assert message.title == "This match cannot be opened"
    assert "damaged" in message.message

    won = played_match(ONE_ROUND, seed=11)
    assert won.outcome is not None
    lying = replace(won, outcome=replace(won.outcome, scores=(99, 0)))
    with pytest.raises(RecordError):
        ReplayScene(app, lying)
    app.navigator.watch_replay(lying, None)
    message = app.stack.top
    assert isinstance(message, MessageScene) and "scores" in message.message


def test_the_results_screen_opens_the_replay_and_the_review(app: App, tmp_path: Path) -> None:
    finished = make_app(
        tmp_path / "other", "--practice", "--autoplay", "--speed", "instant", "--target", "10"
    )
    try:
        run_until(finished, lambda: isinstance(finished.stack.top, MatchResultsScene), 5000, 1 / 30)
        session = table_of(finished).session
        assert isinstance(session, LocalSession) and session.record is not None
        click(finished, button(finished.stack.top, "Watch replay").rect.center)
        replay = finished.stack.top
        assert isinstance(replay, ReplayScene)
        assert replay.record == session.record and replay.path == session.record_path
        press(finished, pygame.K_ESCAPE)
        assert isinstance(finished.stack.top, MatchResultsScene)
        click(finished, button(finished.stack.top, "Review my game").rect.center)
        review = finished.stack.top
        assert isinstance(review, ReplayScene) and review.reviewer.job is not None
        review.reviewer.cancel()
    finally:
        finished.shutdown()


def test_the_leave_button_leaves_the_replay(app: App) -> None:
    scene = open_replay(app, played_match(ONE_ROUND, seed=3))
    step(app)
    click(app, scene.leave_button.rect.center)
    assert scene not in app.stack.scenes
    assert app.stack.top is not None


@pytest.mark.parametrize("language", ["en", "ar"])
def test_a_paused_replay_says_nobody_is_playing(
    app: App, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = open_replay(app, played_match(ONE_ROUND, seed=3))
    use_language(language)
    try:
        scene.stage.backdrop = scene.stage.new_backdrop()
        drawn = drawn_texts(app, monkeypatch)
        press(app, pygame.K_RIGHT)  # a step pauses the replay, the seat to move comes next
        settle(app, scene)
        step(app, 2)
        assert not scene.session.playing and drawn
        turn_words = {translated("your turn"), translated("playing...")}
        assert not turn_words & set(drawn), "a paused replay is nobody's turn"
    finally:
        use_language("en")


@pytest.mark.parametrize("language", ["en", "ar"])
def test_no_costly_play_is_said_in_a_small_box(app: App, language: str) -> None:
    use_language(language)
    try:
        scene = open_replay(app, played_match(ONE_ROUND, seed=3))
        settings = ReviewSettings(seed=0)
        review = Review(0, "digest", settings)
        surface = pygame.Surface((1280, 720), pygame.SRCALPHA)
        scene.reviewer.panel.draw_list(surface, review, scene.names)
        listing, empty = scene.reviewer.panel.listing, scene.reviewer.panel.listing_box(review)
        assert empty.height < listing.height / 3
        below = listing.centerx, (empty.bottom + listing.bottom) // 2
        assert surface.get_at(below).a == 0, "no empty box under the words"
        inside = empty.x + 8, empty.bottom - 8
        assert surface.get_at(inside).a == 255
        assert loss_text(9.2) == translated("−{points} points").format(points=number(9))
    finally:
        use_language("en")


def test_a_short_list_of_costly_plays_ends_under_its_last(app: App) -> None:
    scene = open_replay(app, played_match(ONE_ROUND, seed=3))
    settings = ReviewSettings(worlds=8, depth=1, threshold=1.0, worst=2)
    review = review_match(scene.record, 0, settings)
    assert len(review.worst) == 2
    surface = pygame.Surface((1280, 720), pygame.SRCALPHA)
    scene.reviewer.panel.draw_list(surface, review, scene.names)
    listing, box = scene.reviewer.panel.listing, scene.reviewer.panel.listing_box(review)
    last_row = scene.reviewer.panel.row_top + 2 * ROW_HEIGHT
    assert last_row <= box.bottom < last_row + ROW_HEIGHT // 2 < listing.bottom
    assert surface.get_at((listing.centerx, box.bottom + 10)).a == 0, "no empty box below"


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_score_box_puts_our_side_first_in_any_seat(
    app: App, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    played = played_match(ONE_ROUND, seed=3)
    # The player sits second: the human seat is 1 and the computer's 0.
    seated = replace(played, seats=(SeatEntry("Karim", "medium"), SeatEntry("Ali")))
    use_language(language)
    try:
        drawn = drawn_texts(app, monkeypatch)
        scene = open_replay(app, seated)
        assert scene.session.seat == 1
        step(app, 2)
        you, them = translated("You"), scene.names[0]
        assert you in drawn and them in drawn
        header = next(i for i, text in enumerate(drawn) if translated("Round {number}")[:5] in text)
        rows = [text for text in drawn[header:] if text in (you, them)]
        assert rows[:2] == [you, them], "our side on the first line"
    finally:
        use_language("en")
