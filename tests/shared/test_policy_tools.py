"""The policy model's development tools (those without numpy): recorded decisions read back
as the model sees them, replayed to the bot that made them, and measured."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bench.sides import Side
from shared.bots import MediumBot
from shared.bots.medium import assess
from shared.bots.policy_model import shipped
from shared.plays import mask_of
from tools.policy.check import main as check_main
from tools.policy.check import measure, model_chance, random_hands
from tools.policy.dataset import RULES, Decision, choices_of, decision_kinds, read_decisions
from tools.policy.record import done_seeds, play_round
from tools.policy.record import main as record_main
from tools.policy.replay import decision_view, replayed_play


def medium_decisions(seed: int) -> list[Decision]:
    return list(play_round(seed, [MediumBot(), MediumBot()], ["medium", "medium"]))


def test_a_recorded_decision_reads_back_as_its_choices() -> None:
    decisions = medium_decisions(3)
    assert decisions and all(d["level"] == "medium" for d in decisions)
    read = 0
    for d in decisions:
        assert d["card"] in d["hand"]
        example = choices_of(d)
        if example is None:
            continue  # the hand held one kind of card: no choice to learn from
        read += 1
        chosen = example.choices[example.chosen]
        assert chosen.taken == d["taken"]
        assert chosen.kind == decision_kinds(d, RULES[d["players"]])[0]
    assert read > 10


def test_a_replayed_decision_shows_the_bot_what_it_saw() -> None:
    # The medium player decides from what the view shows: rebuilt from the record with the
    # true hand, the view scores the play it made as high as any (it breaks ties at random).
    for d in medium_decisions(4)[:20]:
        view = decision_view(d, d["hand"])
        scores = {a.play: a.score for a in assess(view)}
        made = next(
            p
            for p in view.legal_plays
            if int(p.card) == d["card"] and mask_of(p.taken) == d["taken"]
        )
        assert scores[made] == pytest.approx(max(scores.values()))
        assert replayed_play(d, d["hand"], Side("medium")) in view.legal_plays


def test_random_hands_keep_the_card_played_and_avoid_what_the_opponent_saw() -> None:
    rng = random.Random(2)
    for d in medium_decisions(5)[:20]:
        observer = set(d["hands"][(d["seat"] + 1) % 2])
        for hand in random_hands(d, 5, rng):
            assert hand[0] == d["card"] and len(hand) == len(d["hand"])
            assert not observer & set(hand) and len(set(hand)) == len(hand)


def test_the_check_measures_the_shipped_model_on_recorded_plays(tmp_path: Path) -> None:
    decisions = [d for d in medium_decisions(6) if len(d["hand"]) > 1]
    chance, agrees = model_chance(shipped("hard"))
    every, dumps = measure(decisions, chance, agrees, hands=4)
    assert len(every.log_ratios) == len(decisions)
    assert all(0.0 < p <= 1.0 for p in every.true_chances)
    assert every.choices <= len(decisions) and 0 <= every.agreed <= every.choices
    assert len(dumps.log_ratios) == sum(not d["taken"] for d in decisions)
    assert "likelihood ratio" in every.line("every play")


def test_the_recorder_appends_and_goes_on_from_its_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "medium.jsonl.gz"
    args = ["--level", "medium", "--opponent", "easy", "--seed", "40", "--out", str(out)]
    record_main([*args, "--rounds", "1"])
    assert done_seeds(out) == {40}
    record_main([*args, "--rounds", "2"])
    assert done_seeds(out) == {40, 41}
    levels = {d["level"] for d in read_decisions([out])}
    assert levels == {"medium", "easy"}
    assert {d["level"] for d in read_decisions([out], "medium")} == {"medium"}
    check_main(
        [str(out), "--level", "medium", "--policy", "medium", "--hands", "2", "--limit", "3"]
    )
    assert "policy medium" in capsys.readouterr().out
