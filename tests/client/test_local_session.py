"""LocalSession: practice matches in-process, with bot pacing, undo and hints."""

from __future__ import annotations

import random
import time

from client.sessions.game_session import Notice, NoticeLevel, TableUpdate
from client.sessions.local import LocalSession, suggest_play
from shared.engine import apply_play, new_match, opening_events
from shared.events import HandDealt
from shared.rules import RuleSet
from shared.views import view_for
from tests.client.news import News
from tests.waiting import eventually_sync


def heard(session: LocalSession) -> News:
    """A listener of ``session``, told from its start."""
    news = News()
    session.listen(news)
    return news


def _game_updates(news: News) -> list[TableUpdate]:
    return [u for u in news.clear() if isinstance(u, TableUpdate)]


def _play_until_my_turn(session: LocalSession) -> None:
    for _ in range(20):
        if session.state.to_move == session.seat:
            return
        session.tick(10.0)
    raise AssertionError("the bots never handed the turn back")


def test_opening_update_matches_the_engine() -> None:
    rules = RuleSet()
    session = LocalSession(rules, seed=11)
    [first] = _game_updates(heard(session))
    state = new_match(rules, 11)
    assert first.view == view_for(state, 0)
    assert len(first.events) == len(opening_events(state))


def test_other_hands_are_redacted() -> None:
    session = LocalSession(RuleSet(players=4), seed=3)
    [first] = _game_updates(heard(session))
    dealt = [e for e in first.events if isinstance(e, HandDealt)]
    assert len(dealt) == 4
    for event in dealt:
        assert (event.cards is not None) == (event.seat == 0)


def test_bot_waits_for_its_delay() -> None:
    session = LocalSession(RuleSet(), seed=5, bot_delay=0.5)
    news = heard(session)
    if session.state.to_move == 0:
        session.play(session.view.legal_plays[0])
    news.clear()
    before = session.state
    session.tick(0.3)
    assert session.state is before, "no move before the delay"
    session.tick(0.25)
    assert session.state is not before
    assert _game_updates(news), "the bot's move was told"


def test_my_play_is_applied_like_the_engine() -> None:
    session = LocalSession(RuleSet(), seed=8, bot_delay=0)
    news = heard(session)
    _play_until_my_turn(session)
    news.clear()
    state = session.state
    play = session.view.legal_plays[-1]
    session.play(play)
    [update] = _game_updates(news)
    assert update.view == view_for(apply_play(state, play).state, 0)


def test_illegal_play_is_refused_with_a_notice() -> None:
    session = LocalSession(RuleSet(), seed=8, bot_delay=0)
    news = heard(session)
    _play_until_my_turn(session)
    news.clear()
    state = session.state
    bogus = session.view.legal_plays[0]._replace(card=state.round.hands[1][0])
    session.play(bogus)
    [notice] = news.clear()
    assert isinstance(notice, Notice) and notice.level is NoticeLevel.ERROR
    assert session.state is state


def test_undo_returns_to_my_previous_decision() -> None:
    session = LocalSession(RuleSet(), seed=21, bot_delay=0)
    news = heard(session)
    _play_until_my_turn(session)
    assert not session.can_undo()
    decision = session.state
    session.play(session.view.legal_plays[0])
    _play_until_my_turn(session)
    news.clear()
    assert session.can_undo()
    session.undo()
    updates = news.clear()
    reset = next(u for u in updates if isinstance(u, TableUpdate))
    assert reset.reset and reset.events == ()
    assert session.state is decision
    assert reset.view == view_for(decision, 0)


def test_hint_is_a_legal_play_with_a_reason() -> None:
    session = LocalSession(RuleSet(), seed=2, bot_delay=0)
    _play_until_my_turn(session)
    hint = session.hint()
    assert hint is not None
    assert hint.play in session.view.legal_plays
    assert hint.reason


def test_fallback_hint_prefers_the_biggest_capture() -> None:
    rng = random.Random(4)
    state = new_match(RuleSet(), 4)
    for _ in range(30):
        view = view_for(state, state.to_move)
        hint = suggest_play(view)
        assert hint.play in view.legal_plays
        state = apply_play(state, rng.choice(view.legal_plays)).state


def test_a_whole_match_ends_with_a_winner() -> None:
    session = LocalSession(RuleSet(target=40), seed=9, bot_delay=0)
    rng = random.Random(1)
    for _ in range(2000):
        if session.state.winner is not None:
            break
        if session.state.to_move == 0:
            session.play(rng.choice(session.view.legal_plays))
        else:
            session.tick(1.0)
    assert session.state.winner is not None
    assert not session.can_undo(), "a finished match cannot be taken back"


def test_a_hard_bot_thinks_off_the_frame_loop() -> None:
    session = LocalSession(RuleSet(), level="hard", seed=5, bot_delay=0)
    try:
        if session.state.to_move == 0:
            session.play(session.view.legal_plays[0])
        before = session.state
        started = time.perf_counter()
        session.tick(0.016)
        assert time.perf_counter() - started < 0.2, "a frame never waits for the search"

        def moved() -> bool:
            session.tick(0.016)
            return session.state is not before

        eventually_sync(moved, 10, what="the bot's move to arrive", interval=0.02)
    finally:
        session.close()
