"""Hand review: a planted blunder is flagged and the best play is not, values come from the
seat's view alone, a review is deterministic and survives its file, and lessons say what
happened next."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from shared.bots import EasyBot, MediumBot
from shared.cards import Card, parse_cards
from shared.engine import apply_play, new_match
from shared.plays import Play
from shared.record import MatchRecord, Replay, SeatEntry, outcome_of
from shared.review.hand_review import (
    ReviewSettings,
    informed_values,
    record_digest,
    review_match,
    review_play,
    review_steps,
)
from shared.review.lessons import LessonKind, lesson_for, lesson_sentence
from shared.review.review_file import (
    ReviewFileError,
    decode_review,
    encode_review,
    read_review,
    sidecar_path,
    write_review,
)
from shared.rules import RuleSet
from shared.state import MatchState
from shared.views import view_for
from tests.shared.positions import position

FAST = ReviewSettings(worlds=40)
"""Enough worlds to tell a 10-point blunder from the best play, quickly."""
STOCK = "2c 3d 4s 6h 8c 9s 10d Qc"


def play(text: str) -> Play:
    card, *taken = parse_cards(text)
    return Play(card, frozenset(taken))


def one_play(state: MatchState, made: Play) -> Replay:
    return Replay(state, (apply_play(state, made),))


@pytest.mark.parametrize("stock", [STOCK, ""], ids=["mid-round", "last deal"])
def test_a_planted_blunder_is_flagged_and_the_best_play_is_not(stock: str) -> None:
    # The 5s takes the lone 5h for a Basra; laying the Kc throws the Basra away.
    state = position(["5s Kc 9h 2d", "3c 4d 8s Qh"], "5h", stock=stock)
    blunder, best = play("Kc"), play("5s 5h")

    flagged = review_play(one_play(state, blunder), 0, blunder, FAST)
    assert flagged.best.play == best
    assert flagged.loss >= FAST.threshold
    assert flagged.hindsight_loss >= FAST.threshold
    assert flagged.lesson is not None and flagged.lesson.kind is LessonKind.MISSED_BASRA
    assert flagged.lesson.better == best

    kept = review_play(one_play(state, best), 0, best, FAST)
    assert kept.loss == 0 and kept.lesson is None
    assert {a.play for a in kept.alternatives} == {a.play for a in flagged.alternatives}


def test_informed_values_come_from_the_view_alone() -> None:
    # The same view for seat 0, with the opponent's hand and the stock dealt differently.
    one = position(["5s Kc 9h 2d", "3c 4d 8s Qh"], "5h", stock=STOCK)
    two = position(["5s Kc 9h 2d", "2c 3d 4s 6h"], "5h", stock="3c 4d 8s Qh 8c 9s 10d Qc")
    assert view_for(one, 0) == view_for(two, 0)
    candidates = [play("5s 5h"), play("Kc"), play("9h"), play("2d")]
    values = [informed_values(state, 0, candidates, random.Random(3), FAST) for state in (one, two)]
    assert values[0] == values[1]


def test_a_basra_given_away_is_told_from_the_opponents_next_play() -> None:
    state = position(["3c Kc", "8s 9d"], "5h", stock=STOCK)
    laid = apply_play(state, play("3c"))
    punished = apply_play(laid.state, play("8s 5h 3c"))
    lesson = lesson_for((laid, punished), 0, state, play("3c"), play("Kc"))
    assert lesson.kind is LessonKind.BASRA_GIVEN
    assert (lesson.opponent, lesson.card) == (1, Card.parse("8s"))
    assert lesson_sentence(lesson, ("Ali", "Karim")) == (
        "Laying the 3♣ let Karim make a Basra with the 8♠."
    )


def played_match(rules: RuleSet, seed: int) -> MatchRecord:
    """A whole match between an easy and a medium bot, on record."""
    state = new_match(rules, seed=seed)
    seats = (SeatEntry("Ali"), *(SeatEntry(n, "medium") for n in ("Karim", "Nour", "Salma")))
    record = MatchRecord.begin(state, seats[: rules.players], 0)
    bots, rng = (EasyBot(), MediumBot(), MediumBot(), MediumBot()), random.Random(seed)
    while state.to_move is not None:
        seat = state.to_move
        made = bots[seat].choose_play(view_for(state, seat), rng)
        record = record.with_play(seat, made)
        state = apply_play(state, made).state
    return record.ended(outcome_of(state, 1))


def test_a_match_review_is_deterministic_and_survives_its_file(tmp_path: Path) -> None:
    record = played_match(RuleSet(target=11), seed=4)
    review = review_match(record, 0, FAST)
    assert review == review_match(record, 0, FAST)
    assert review.record_digest == record_digest(record)
    assert [p.index for p in review.plays] == [
        i for i, entry in enumerate(record.plays) if entry.seat == 0
    ]
    assert review.worst == tuple(sorted(review.flagged, key=lambda p: -p.loss))[: FAST.worst]
    assert all(p.lesson is not None for p in review.flagged)

    path = sidecar_path(tmp_path / "practice-20250101-120000-abcdef.basra")
    assert path.name == "practice-20250101-120000-abcdef.review.json"
    write_review(path, review)
    assert read_review(path) == review
    assert decode_review(encode_review(review)) == review


def test_review_steps_count_every_play_and_stop_when_no_longer_asked() -> None:
    record = played_match(RuleSet(target=11), seed=5)
    turns = sum(entry.seat == 1 for entry in record.plays)
    steps = review_steps(record, 1, ReviewSettings(worlds=4))
    first = [next(steps) for _ in range(3)]
    assert [(s.done, s.total) for s in first] == [(0, turns), (1, turns), (2, turns)]
    steps.close()
    *_, last = review_steps(record, 1, ReviewSettings(worlds=4))
    assert (last.done, last.total) == (turns, turns) and last.review is not None


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"\x00\xff not json", "not readable JSON"),
        (b"[1, 2]", "basra_review is missing"),
        (b'{"basra_review": 99}', "newer version"),
        (b'{"basra_review": 1, "seat": "0"}', "seat is not a whole number"),
        (
            b'{"basra_review": 1, "seat": 0, "record": "x", "settings": {"worlds": 1, '
            b'"horizon": 1, "depth": 2, "threshold": 5, "worst": 5, "seed": 0}, "plays": '
            b'[{"index": 0, "round": 0, "deal": 1, "played": {"card": "Zz", "taken": []}}]}',
            "'Zz' is no card",
        ),
    ],
)
def test_a_damaged_review_file_is_refused_with_a_message(data: bytes, words: str) -> None:
    with pytest.raises(ReviewFileError, match=words):
        decode_review(data)
