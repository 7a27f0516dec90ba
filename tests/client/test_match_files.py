"""Practice matches on record: kept in the records folder as they are played, verified at the
end, left (after a question) and continued from the main menu, the folder pruned to the
setting, and the results screen's verdict on the deals."""

from __future__ import annotations

import json
import os
import random
from dataclasses import replace
from pathlib import Path

import pygame
import pytest
from platformdirs import user_data_path

from client.app import App
from client.records import MatchKind, RecordFolder, records_dir_for
from client.scenes.match_results import VERDICT_RECT, MatchResultsScene
from client.scenes.menu import MainMenuScene
from client.scenes.overlays import ConfirmScene, PauseScene
from client.scenes.replays import ReplaysScene
from client.scenes.table import TableScene
from client.sessions.local import LocalSession
from client.settings import Settings, load_settings, settings_dir
from client.ui.deal_verdict import Tone, deal_verdict
from client.ui.widgets import Button
from shared.deals import FairDeals, SeededDeals
from shared.fairness import DealStatus, verify
from shared.record import MatchRecord, RecordedPlay
from shared.record_file import read_record
from shared.rules import RuleSet
from tests.shared.test_record import Played, SwappedRound

from .app_driver import button, click, make_app, press, run_until, step, table_of


def _labels(scene: object) -> list[str]:
    return [w.label for w in getattr(scene, "widgets", []) if isinstance(w, Button)]


def _play_out(session: LocalSession, plays: int | None = None) -> None:
    """Play the player's first legal play at each turn (bots at once) until the match ends,
    or until the player has made `plays` plays and it is their turn again."""
    made = 0
    while session.state.winner is None:
        if session.state.to_move != session.seat:
            session.tick(10.0)
            continue
        if made == plays:
            return
        session.play(session.view.legal_plays[0])
        made += 1


def _plays_of(session: LocalSession) -> tuple[RecordedPlay, ...]:
    assert session.record is not None
    return session.record.plays


def _records(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "records").glob("*.basra"))


# --- the record of a practice match --------------------------------------------------------


def test_a_practice_match_is_kept_as_it_goes_and_verifies(tmp_path: Path) -> None:
    path = tmp_path / "practice.basra"
    session = LocalSession(RuleSet(target=40), bot_delay=0, record_to=path)
    assert read_record(path).plays == (), "the file exists from the first deal"
    _play_out(session, plays=3)
    on_disk = read_record(path)
    assert on_disk.plays == _plays_of(session) and len(on_disk.plays) >= 5
    assert not on_disk.is_over
    _play_out(session)
    record = read_record(path)
    assert record == session.record and record.is_over
    deals = record.chance
    assert not isinstance(deals, SeededDeals)
    assert len(deals.client_seeds) == 1, "the player's own client seed is mixed in"
    assert record.server_seed is not None
    assert [seat.is_bot for seat in record.seats] == [False, True]
    check = session.deal_check()
    assert check is not None and check.ok and check.cards == 52 * check.rounds >= 52
    assert check == verify(read_record(path))
    session.close()


def test_undo_takes_the_plays_back_out_of_the_file(tmp_path: Path) -> None:
    path = tmp_path / "practice.basra"
    session = LocalSession(RuleSet(), seed=8, bot_delay=0, record_to=path)
    _play_out(session, plays=2)
    before = read_record(path).plays
    _play_out(session, plays=1)
    assert len(read_record(path).plays) > len(before)
    session.undo()
    assert read_record(path).plays == before == _plays_of(session)
    _play_out(session)
    assert verify(read_record(path)).status is DealStatus.SEEDED, "--seed stays a seeded match"
    session.close()


def test_a_seeded_practice_match_deals_as_before() -> None:
    recorded = LocalSession(RuleSet(), seed=11, bot_delay=0)
    assert recorded.state.deals == SeededDeals(11)
    assert recorded.record is not None and recorded.record.chance == SeededDeals(11)


def test_a_match_dealt_from_a_set_deck_is_not_recorded(tmp_path: Path) -> None:
    deck = list(FairDeals.draw().deck(0))
    session = LocalSession(RuleSet(), deck=deck, dealer=0, record_to=None)
    assert session.record is None and session.deal_check() is None


def test_a_file_that_cannot_be_written_leaves_practice_going(tmp_path: Path) -> None:
    session = LocalSession(RuleSet(target=20), bot_delay=0, record_to=tmp_path / "no" / "x.basra")
    assert session.record_path is None, "kept in memory instead"
    _play_out(session)
    check = session.deal_check()
    assert check is not None and check.ok


# --- leaving and continuing ----------------------------------------------------------------


def _practice_app(tmp_path: Path, *argv: str) -> tuple[App, TableScene]:
    app = make_app(tmp_path, "--practice", "--speed", "instant", *argv)
    table = table_of(app)
    run_until(app, lambda: table.ready)
    return app, table


def _play_a_card(app: App, table: TableScene) -> None:
    view = table.view
    assert view is not None
    table.send_play(view.legal_plays[0])
    run_until(app, lambda: table.ready and not table.awaiting)


def test_leaving_asks_first_keeps_the_match_and_continue_restores_it(
    tmp_path: Path, pygame_ready: None
) -> None:
    app, table = _practice_app(tmp_path, "--players", "4")
    try:
        for _ in range(3):
            _play_a_card(app, table)
        session = table.session
        assert isinstance(session, LocalSession)
        left_at = session.view
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.stack.top, PauseScene)
        click(app, button(app.stack.top, "Leave game").rect.center)
        question = app.stack.top
        assert isinstance(question, ConfirmScene), "leaving a practice match asks first"
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.stack.top, PauseScene), "Esc stays"
        click(app, button(app.stack.top, "Leave game").rect.center)
        press(app, pygame.K_RETURN)
        assert isinstance(app.stack.top, PauseScene), "Enter on the question stays too"
        click(app, button(app.stack.top, "Leave game").rect.center)
        click(app, button(app.stack.top, "Leave").rect.center)
        menu = app.stack.top
        assert isinstance(menu, MainMenuScene)
        [kept] = _records(tmp_path)
        assert kept.name.startswith("practice-") and not read_record(kept).is_over
        assert _labels(menu)[:2] == ["Continue", "Practice"]

        click(app, button(menu, "Continue").rect.center)
        resumed = table_of(app)
        run_until(app, lambda: resumed.ready)
        again = resumed.session
        assert isinstance(again, LocalSession) and again is not session
        view = again.view
        assert view.hand == left_at.hand
        assert view.floor == left_at.floor
        assert view.scores == left_at.scores
        assert view == left_at
        assert resumed.view == left_at, "the table shows the very position"
        assert [p.name for p in resumed.players] == [p.name for p in table.players]
        _play_a_card(app, resumed)
        assert len(read_record(kept).plays) > len(_plays_of(session)), "it goes on in the file"
    finally:
        app.shutdown()


def test_a_new_practice_asks_first_and_replays_continue_the_one_left(
    tmp_path: Path, pygame_ready: None
) -> None:
    app, table = _practice_app(tmp_path)
    try:
        _play_a_card(app, table)
        left_at = table.view
        app.navigator.main_menu()
        step(app)
        click(app, button(app.stack.top, "Practice").rect.center)
        click(app, button(app.stack.top, "Start").rect.center)
        question = app.stack.top
        assert isinstance(question, ConfirmScene), "a match left unfinished is not dropped"
        assert question.title == "Start a new match?"
        click(app, button(question, "Back").rect.center)
        assert not any(isinstance(s, TableScene) for s in app.stack.scenes), "Back stays"
        click(app, button(app.stack.top, "Start").rect.center)
        click(app, button(app.stack.top, "New match").rect.center)
        fresh = table_of(app)
        run_until(app, lambda: fresh.ready)
        _play_a_card(app, fresh)
        app.navigator.main_menu()
        step(app)
        click(app, button(app.stack.top, "Replays").rect.center)
        replays = app.stack.top
        assert isinstance(replays, ReplaysScene)
        run_until(app, lambda: not replays.loading)
        assert len(replays.files) == 2
        assert "Deals verified" not in replays.files[1].line, "an unfinished match is not judged"
        press(app, pygame.K_DOWN)
        click(app, button(replays, "Continue").rect.center)
        resumed = table_of(app)
        run_until(app, lambda: resumed.ready)
        assert resumed.view == left_at, "the older match, where it was left"
    finally:
        app.shutdown()


def test_a_finished_match_is_not_offered_to_continue(tmp_path: Path, pygame_ready: None) -> None:
    app = make_app(
        tmp_path, "--practice", "--autoplay", "--speed", "instant", "--target", "10", "--seed", "4"
    )
    try:
        run_until(app, lambda: isinstance(app.stack.top, MatchResultsScene), 5000, 1 / 30)
        click(app, button(app.stack.top, "Main menu").rect.center)
        menu = app.stack.top
        assert isinstance(menu, MainMenuScene)
        assert "Continue" not in _labels(menu)
        [kept] = _records(tmp_path)
        assert read_record(kept).is_over
    finally:
        app.shutdown()


def test_a_damaged_unfinished_match_is_not_offered(tmp_path: Path, pygame_ready: None) -> None:
    app, table = _practice_app(tmp_path)
    try:
        _play_a_card(app, table)
        app.navigator.main_menu()
        [kept] = _records(tmp_path)
        kept.write_bytes(kept.read_bytes().replace(b'"seat":', b'"chair":', 1))
        app.navigator.main_menu()
        step(app)
        assert "Continue" not in _labels(app.stack.top)
    finally:
        app.shutdown()


# --- the folder ----------------------------------------------------------------------------


def test_the_folder_keeps_the_newest_as_many_as_the_setting_says(tmp_path: Path) -> None:
    folder = RecordFolder(tmp_path / "records", kept=3)
    paths = []
    for age in range(5):
        path = folder.new_file(MatchKind.LAN, 10**12 + age)
        path.write_bytes(b"x")
        os.utime(path, ns=(age * 10**9, age * 10**9))
        paths.append(path)
    (folder.path / "notes.txt").write_text("not a match file")
    assert folder.prune() == [paths[1], paths[0]]
    assert _records(tmp_path) == sorted(paths[2:])
    assert (folder.path / "notes.txt").exists()
    assert not folder.path.stat().st_mode & 0o077, "the folder is private"


def test_starting_practice_prunes_to_the_setting(tmp_path: Path, pygame_ready: None) -> None:
    (tmp_path / "settings.json").write_text('{"records_kept": 2}')
    app = make_app(tmp_path)
    try:
        assert app.settings.records_kept == 2
        for _ in range(4):
            app.navigator.start_practice(2, "easy", "egyptian", 101)
        assert len(_records(tmp_path)) == 2
    finally:
        app.shutdown()


def test_pruning_takes_a_match_file_s_review_with_it(tmp_path: Path) -> None:
    from client.records import RecordFolder
    from shared.review.review_file import sidecar_path

    folder = RecordFolder(tmp_path, kept=1)
    old, new = tmp_path / "practice-1.basra", tmp_path / "practice-2.basra"
    for path in (old, new):
        path.write_text("{}")
        sidecar_path(path).write_text("{}")
    os.utime(old, (1, 1))
    assert folder.prune() == [old]
    assert not old.exists() and not sidecar_path(old).exists()
    assert new.exists() and sidecar_path(new).exists()


def test_records_kept_is_a_checked_setting(tmp_path: Path) -> None:
    assert Settings().records_kept == 200
    path = tmp_path / "settings.json"
    for bad in (0, -3, "many", True, 10**9, 2.5):
        path.write_text(json.dumps({"records_kept": bad}))
        assert load_settings(path).records_kept == 200, bad
    assert Settings().changed(records_kept=50).records_kept == 50


def test_where_the_folder_is(tmp_path: Path) -> None:
    assert records_dir_for(None) is None
    assert records_dir_for(tmp_path / "s.json") == tmp_path / "records"
    platform = records_dir_for(settings_dir() / "settings.json")
    assert platform == user_data_path("basra", appauthor=False) / "records"


# --- the verdict on the results screen -----------------------------------------------------


def _results_app(tmp_path: Path) -> tuple[App, MatchResultsScene]:
    app = make_app(tmp_path, "--practice", "--autoplay", "--speed", "instant", "--target", "10")
    run_until(app, lambda: isinstance(app.stack.top, MatchResultsScene), 5000, 1 / 30)
    scene = app.stack.top
    assert isinstance(scene, MatchResultsScene)
    return app, scene


def test_the_results_screen_says_the_deals_are_verified(tmp_path: Path, pygame_ready: None) -> None:
    app, scene = _results_app(tmp_path)
    try:
        verdict = scene.verdict
        assert verdict is not None and verdict.title == "Deals verified"
        assert verdict.tone is Tone.VERIFIED
        check = scene.check
        assert check is not None and check.ok
        assert f"All {check.cards} cards of {check.rounds} round" in verdict.detail
        step(app)
    finally:
        app.shutdown()


def _mismatched_in_round_two() -> MatchRecord:
    rng = random.Random(21)
    played = Played(RuleSet(players=4), SwappedRound(rng.randbytes(32), ()), rng)
    return played.record


def test_the_results_screen_warns_loudly_naming_the_round(
    tmp_path: Path, pygame_ready: None
) -> None:
    app, honest = _results_app(tmp_path)
    try:
        check = verify(_mismatched_in_round_two())
        assert check.status is DealStatus.MISMATCH and check.bad_round == 1
        answers = iter([None, None, check])
        app.stack.pop()
        scene = MatchResultsScene(
            app, app.navigator, honest.table, honest.event, lambda: next(answers)
        )
        app.stack.push(scene)
        assert scene.verdict is not None and scene.verdict.title == "Checking the deals..."
        step(app, 3)
        verdict = scene.verdict
        assert verdict is not None and verdict.tone is Tone.ALARM
        assert verdict.title == "Warning: round 2 does not match the seeds!"
        surface = pygame.Surface((1280, 720))
        scene.draw(surface)
        inside = surface.get_at((VERDICT_RECT.x + 6, VERDICT_RECT.centery))
        assert inside.r > inside.g + 40, "the warning is in a red box"
    finally:
        app.shutdown()


@pytest.mark.parametrize(
    ("status", "words"),
    [
        (DealStatus.BAD_COMMITMENT, "does not match its commitment"),
        (DealStatus.SEED_MISSING, "your seed was not used"),
        (DealStatus.SEEDED, "fixed seed"),
        (DealStatus.NOT_REVEALED, "could not be checked"),
        (DealStatus.UNCHECKED, "could not be checked"),
    ],
)
def test_every_verdict_has_words(status: DealStatus, words: str) -> None:
    check = replace(verify(_mismatched_in_round_two()), status=status)
    verdict = deal_verdict(check)
    assert words in verdict.title
    alarm = status in (DealStatus.BAD_COMMITMENT, DealStatus.SEED_MISSING)
    assert (verdict.tone is Tone.ALARM) == alarm
