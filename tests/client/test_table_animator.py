"""The animation queue: events become tweens and cues, then the table snaps to the view."""

from __future__ import annotations

from client.sessions.game_session import TableUpdate
from client.table.animator import AnimationQueue, TableAnimator
from client.table.choreography import Cue, CueKind
from client.table.model import TableModel
from shared.engine import apply_play, new_match, opening_events
from shared.rules import RuleSet
from shared.state import MatchState
from shared.views import redact, view_for


def _opening(seed: int = 4) -> tuple[TableUpdate, MatchState]:
    state = new_match(RuleSet(), seed)
    events = tuple(redact(e, 0) for e in opening_events(state))
    return TableUpdate(view_for(state, 0), events), state


def _run(queue: AnimationQueue, seconds: float, dt: float = 1 / 60) -> None:
    for _ in range(round(seconds / dt)):
        queue.update(dt)


def test_the_deal_animates_then_snaps_without_corrections() -> None:
    cues: list[Cue] = []
    animator = TableAnimator()
    queue = AnimationQueue(animator, cues.append)
    update, _ = _opening()
    queue.push(update)
    _run(queue, 1.0)
    assert not queue.idle, "the deal takes time"
    assert any(s.flying for s in animator.sprites.values())
    _run(queue, 5.0)
    assert queue.idle and queue.view_shown is update
    assert queue.corrections == 0
    model = TableModel.from_view(update.view)
    assert set(animator.sprites) == set(model.placements())
    assert sum(c.sound == "deal" for c in cues) == len(update.view.hand) * 2 + len(
        update.view.floor
    )


def test_instant_pace_finishes_in_one_update() -> None:
    queue = AnimationQueue(TableAnimator(), lambda cue: None, pace=0.0)
    update, _ = _opening()
    queue.push(update)
    queue.update(1 / 60)
    assert queue.idle and queue.view_shown is update


def test_a_reset_drops_the_queue_and_snaps_at_once() -> None:
    animator = TableAnimator()
    queue = AnimationQueue(animator, lambda cue: None)
    update, _ = _opening()
    queue.push(update)
    queue.update(0.1)
    queue.push(update._replace(events=(), reset=True))
    assert queue.view_shown is not None and queue.view_shown.reset
    assert not animator.busy
    assert set(animator.sprites) == set(TableModel.from_view(update.view).placements())


def test_a_view_that_disagrees_is_corrected_by_the_snap() -> None:
    queue = AnimationQueue(TableAnimator(), lambda cue: None, pace=0.0)
    update, state = _opening()
    queue.push(update)
    queue.update(0.0)
    later = apply_play(state, view_for(state, state.to_move).legal_plays[0]).state
    # The events of that play never arrive: only a view that is not where the table is.
    queue.push(TableUpdate(view_for(later, 0), update.events[:1]))
    queue.update(0.0)
    assert queue.corrections > 0
    assert queue.model is not None and queue.model.matches_view(view_for(later, 0))


def test_a_backlog_plays_faster() -> None:
    def time_to_finish(extra: int) -> float:
        queue = AnimationQueue(TableAnimator(), lambda cue: None)
        update, _ = _opening()
        queue.push(update)
        for _ in range(extra):
            queue.push(update._replace(events=()))
        elapsed = 0.0
        while queue.waiting > extra or queue.animator.busy:
            queue.update(1 / 60)
            elapsed += 1 / 60
        return elapsed

    assert time_to_finish(3) < 0.6 * time_to_finish(0)


def test_results_cue_stops_the_queue_until_allowed() -> None:
    cues: list[Cue] = []
    queue = AnimationQueue(TableAnimator(), cues.append, pace=0.0)
    state = new_match(RuleSet(target=1), 2)
    queue.push(TableUpdate(view_for(state, 0), tuple(redact(e, 0) for e in opening_events(state))))
    queue.update(0.0)
    while state.winner is None:
        transition = apply_play(state, view_for(state, state.to_move).legal_plays[0])
        state = transition.state
        queue.push(TableUpdate(view_for(state, 0), tuple(redact(e, 0) for e in transition.events)))
    covered = {"now": False}

    def on_cue(cue: Cue) -> None:
        cues.append(cue)
        if cue.kind is CueKind.ROUND_RESULTS:
            covered["now"] = True  # the results screen goes on top

    def last_kind() -> CueKind:
        return cues[-1].kind

    queue.on_cue = on_cue
    queue.update(0.0, lambda: not covered["now"])
    assert last_kind() is CueKind.ROUND_RESULTS
    assert not any(c.kind is CueKind.MATCH_RESULTS for c in cues), "waits under the results"
    covered["now"] = False
    queue.update(0.0, lambda: not covered["now"])
    assert last_kind() is CueKind.MATCH_RESULTS
