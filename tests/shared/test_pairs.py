"""Deck pairs and the ladder: sides by name and budget, the pair statistics on known cases,
mirrored rounds that cancel for equal bots, and a run that goes on from its file."""

from __future__ import annotations

import io
import math
from pathlib import Path

import pytest

from bench.ladder import main as ladder_main
from bench.ladder import placed, table
from bench.pairs import (
    PairJob,
    PairResult,
    RoundResult,
    elo,
    margin_of,
    match_win,
    play_pair,
    read_results,
    report,
    rounds_per_match,
    run,
    rung_of,
)
from bench.sides import Side, SideError
from shared.bots import ExpertBot, HardBot, MediumBot


def pair(margins: tuple[int, int], seed: int = 1, points: int = 20) -> PairResult:
    """A pair whose rounds A won by ``margins`` (B scoring ``points`` each round)."""
    rounds = tuple(RoundResult(points + m, points, 1, 0, (0.01,), (0.02,)) for m in margins)
    assert len(rounds) == 2
    return PairResult("expert", "hard@1000", 2, seed, (rounds[0], rounds[1]))


def test_sides_name_a_level_and_its_budget() -> None:
    capped = Side.parse("hard@1000")
    assert capped == Side("hard", deals=1000) and str(capped) == "hard@1000"
    bot = capped.bot()
    assert isinstance(bot, HardBot) and (bot.budget, bot.iterations) == (None, 1000)
    timed = Side.parse("expert@0.1s").bot()
    assert isinstance(timed, ExpertBot) and (timed.budget, timed.iterations) == (0.1, None)
    default = Side.parse("expert").bot()
    assert isinstance(default, ExpertBot) and default.iterations is not None
    assert Side.parse("expert-uniform").bot().policy is None  # type: ignore[attr-defined]
    assert isinstance(Side.parse("medium@5").bot(), MediumBot)
    for wrong in ("grandmaster", "hard@", "hard@-3", "hard@0.1x", "hard@0s"):
        with pytest.raises(SideError):
            Side.parse(wrong)


def test_the_margin_is_the_mean_of_the_pairs_with_their_spread() -> None:
    # Pair margins 2, 4 and 6: mean 4, standard deviation 2.
    results = [pair((4, 0), 1), pair((10, -2), 2), pair((6, 6), 3)]
    margin = margin_of(results)
    half = 1.96 * 2 / math.sqrt(3)
    assert margin.mean == pytest.approx(4.0)
    assert (margin.low, margin.high) == pytest.approx((4 - half, 4 + half))
    assert margin.pairs == 3
    # Six rounds' margins: 4, 0, 10, -2, 6, 6 (mean 4).
    spread = math.sqrt(sum((m - 4) ** 2 for m in (4, 0, 10, -2, 6, 6)) / 5)
    assert margin.round_spread == pytest.approx(spread)


def test_a_margin_is_worth_a_match_win_chance_and_elo() -> None:
    assert match_win(0.0, 34.0, 4.0) == 0.5
    # +4.3 points a round over about four rounds of spread 34 wins about 60% of matches,
    # which is about +70 Elo.
    chance = match_win(4.3, 34.0, 4.0)
    assert chance == pytest.approx(0.60, abs=0.005)
    assert match_win(-4.3, 34.0, 4.0) == pytest.approx(1 - chance)
    assert elo(0.5) == 0.0
    assert elo(0.6) == pytest.approx(70.4, abs=0.1)
    assert elo(0.4) == pytest.approx(-70.4, abs=0.1)
    # B scores 20 a round and A 20 + its margin: a match to 101 lasts about 101 / 22 rounds.
    results = [pair((4, 4), 1), pair((4, 4), 2)]
    assert rounds_per_match(results, 101) == pytest.approx(101 / 22)


def test_equal_bots_cancel_within_a_pair() -> None:
    # Each seat's generator is the same in both rounds, so the same bot on both sides plays
    # the second round as the first with the seats swapped.
    for seed in (3, 4):
        result = play_pair(PairJob(seed, "medium", "medium", 2))
        first, second = result.rounds
        assert first.margin == -second.margin
        assert result.margin == 0.0
        assert (first.a_points, first.b_points) == (second.b_points, second.a_points)


def test_a_run_writes_each_pair_and_goes_on_from_its_file(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    jobs = [PairJob(seed, "medium", "easy", 2) for seed in range(10, 14)]
    first = run(jobs[:2], workers=1, out=out, progress=io.StringIO())
    assert [r.seed for r in first] == [10, 11]
    progress = io.StringIO()
    every = run(jobs, workers=1, out=out, progress=progress)
    assert sorted(r.seed for r in every) == [10, 11, 12, 13]
    assert sorted(r.seed for r in read_results(out)) == [10, 11, 12, 13]
    assert "4/4" in progress.getvalue()
    assert read_results(out)[0] == first[0]
    text = report(every)
    assert "medium (A) vs easy (B)" in text and "95% interval" in text and "Elo" in text
    assert margin_of(every).mean > 10  # medium takes far more than a random player


def test_the_ladder_places_each_side_from_the_anchor_outwards(tmp_path: Path) -> None:
    upper = rung_of([pair((4, 4), 1), pair((6, 2), 2)])
    lower = rung_of(
        [
            PairResult("hard@1000", "medium", 2, 1, pair((20, 10)).rounds),
            PairResult("hard@1000", "medium", 2, 2, pair((16, 14)).rounds),
        ]
    )
    order = placed([upper, lower], "medium")
    assert [r.a for r, _ in order] == ["hard@1000", "expert"]
    assert order[1][1] == pytest.approx(lower.elo + upper.elo)
    assert "| expert | hard@1000 | 2 | 2 | +4.00" in table([upper, lower], "medium")
    out = tmp_path / "expert.jsonl"
    out.write_text("".join(p.to_json() + "\n" for p in (pair((4, 4), 1), pair((6, 2), 2))))
    ladder_main([str(out), "--anchor", "hard@1000"])
