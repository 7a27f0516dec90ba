"""The bot arena: paired seats, the interval arithmetic, and a small run medium must win."""

from __future__ import annotations

import io

import pytest

from bench.arena import jobs, main, percentile, play_match, report, run, wilson


def test_match_pairs_share_a_seed_with_the_seats_swapped() -> None:
    listed = jobs("medium", "easy", 2, 6, 40, None)
    pairs = [(j.seed, j.a_team) for j in listed]
    assert pairs == [(40, 0), (40, 1), (41, 0), (41, 1), (42, 0), (42, 1)]


def test_the_same_job_plays_the_same_match() -> None:
    job = jobs("medium", "easy", 4, 1, 3, None)[0]
    first, again = play_match(job), play_match(job)
    for side in (first.a, first.b, again.a, again.b):
        side.times.clear()  # the only part that may differ
    assert first == again


def test_wilson_interval() -> None:
    low, high = wilson(80, 100)
    assert low == pytest.approx(0.7112, abs=1e-3) and high == pytest.approx(0.8666, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == 1.0


def test_percentile_is_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 0.95) == 95.0
    assert percentile(values, 0.5) == 50.0
    assert percentile([], 0.95) == 0.0


def test_medium_beats_easy_on_a_fixed_seed() -> None:
    result = run(jobs("medium", "easy", 2, 16, 7, None), workers=1, progress=io.StringIO())
    assert result.matches == 16 and result.a.wins + result.b.wins == 16
    assert result.a.wins >= 13
    text = report(result, "medium", "easy", 1.0)
    assert "95% CI" in text and "decision p95 ms" in text


def test_the_command_line_runs_and_prints_a_report(capsys: pytest.CaptureFixture[str]) -> None:
    command = "--a medium --b easy --players 4 --matches 2 --workers 1 --seed 5"
    main(command.split(" "))
    out = capsys.readouterr().out
    assert "medium (A) won" in out and "Basras per round" in out
