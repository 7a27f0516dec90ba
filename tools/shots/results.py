"""The tour's results and replays: a short practice match played to its end, then replayed,
reviewed (a review in progress, the costliest plays, one of them on the table) and listed among
the replays."""

from __future__ import annotations

import random

from client.scenes.match_results import MatchResultsScene
from client.scenes.replay import ReplayScene
from client.scenes.replays import ReplaysScene
from client.scenes.round_results import RoundResultsScene
from client.scenes.table import TableScene
from client.sessions.local import LocalSession
from shared.review.hand_review import ReviewSettings, review_match
from shared.review.review_file import sidecar_path, write_review
from tools.shots.tour import FRAME, Tour


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
    replay.controls.seek(replay.session.length // 3)
    replay.controls.toggle()
    tour.step(1.2)
    tour.save("14_replay_viewer")
    replay.session.pause()
    replay.reviewer.start()
    tour.until(lambda: replay.reviewer.job is None or replay.reviewer.job.progress.done > 2)
    tour.save("15_review_progress")
    replay.reviewer.cancel()
    path = session.record_path
    assert path is not None, "the practice match is kept in the records folder"
    review = review_match(session.record, replay.session.seat or 0, ReviewSettings(worlds=60))
    write_review(sidecar_path(path), review)
    app.stack.pop()
    replay = _watch(tour, results)
    replay.reviewer.start()
    tour.step(0.2)
    tour.save("16_review_costliest_plays")
    if review.worst:
        replay.reviewer.panel.showing_list = False
        replay.controls.seek(review.worst[0].index)
        tour.until(lambda: replay.reviewer.flagged_here is not None)
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
