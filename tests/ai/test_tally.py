"""Match figures counted as the games finish (``ai.match.tally``): the same figures as
from the games themselves, in any grouping, within a memory that does not grow with the
number of games."""

import gc
import math
import statistics
import tracemalloc

import numpy as np
import pytest

from ai.match.driver import GameResult
from ai.match.runner import play_chunk, run_match
from ai.match.tally import MatchStats, NetStats, Tally, Times


def test_chunks_tallied_apart_and_merged_give_the_figures_of_all_the_games():
    games = play_chunk(("heuristic", "random", 3, range(30), True))  # refereed: timed
    whole = Tally.of(games).summary(("a", "b"), 1.0, 3)
    merged = Tally()
    for part in (games[20:], games[:7], games[7:20]):  # any order, any grouping
        merged.merge(Tally.of(part))
    assert merged.summary(("a", "b"), 1.0, 3) == whole
    assert whole["games"] == 30 and whole["decision_ms_median_a"] > 0


def test_decision_times_are_within_half_a_percent():
    rng = np.random.default_rng(1)
    seconds = list(rng.lognormal(-6, 1.5, 5001))  # about 2.5 ms, spread over decades
    times = Times.of(seconds[:2000]).merged(Times.of(seconds[2000:]))
    ms = [s * 1e3 for s in seconds]
    assert times.n == 5001
    assert times.quantile(0.5) == pytest.approx(statistics.median(ms), rel=0.006)
    assert times.quantile(0.95) == pytest.approx(np.percentile(ms, 95), rel=0.006)
    assert Times().quantile(0.5) is None
    assert Times.of([0.0, 1e9]).n == 2  # out of the bins' range: kept in the end bins


def result(index, winner, skunk):
    return GameResult(index=index, seed=0, first_dealer=0, winner=winner,
                      scores=(121, 80), skunk=skunk, deals=9, deals_dealt=(4, 4))


def test_the_acc_intervals_are_the_textbook_formulas():
    rng = np.random.default_rng(5)
    nets = [[int(rng.choice([-3, -2, 2, 3])) for _ in range(int(rng.integers(1, 3)))]
            for _ in range(300)]
    stats = NetStats()
    for unit in nets:
        stats.add_unit(unit)
    values = np.array([sum(u) / len(u) for u in nets])
    mean, (lo, hi) = stats.figures()
    assert mean == sum(map(sum, nets)) / sum(map(len, nets))
    half = 1.96 * values.std(ddof=1) / math.sqrt(len(values))
    assert (lo, hi) == pytest.approx((mean - half, mean + half), rel=1e-12)

    played = [[result(k, int(rng.integers(0, 2)), int(rng.integers(0, 3)))
               for k in range(int(rng.integers(3, 6)))] for _ in range(200)]
    match = MatchStats()
    for games in played:
        match.add_match(games, 5)
    figures = match.figures(5)
    points = np.array([[sum(3 if g.skunk else 2 for g in games if g.winner == seat)
                        for seat in (0, 1)] for games in played], dtype=float)
    counts = np.array([len(games) for games in played], dtype=float)
    net = points[:, 0] - points[:, 1]
    ratio = net.sum() / counts.sum()
    se = math.sqrt(((net - ratio * counts) ** 2).sum() / 199 / 200) / counts.mean()
    assert figures["acc_net_per_game_a"] == ratio
    assert figures["acc_net_ci95_a"] == pytest.approx([ratio - 1.96 * se,
                                                       ratio + 1.96 * se], rel=1e-12)


def test_a_match_keeps_no_game_in_memory():
    """Its memory does not grow with its games: 1,200 games kept as results took 3.3 MB;
    counted, the run's peak is 0.4 MB, as for 600 games."""
    run_match("random", "random", 50, seed=1)  # the players' tables loaded first
    # Python's own collection of cycles (mypy, run in this process by another test, sets
    # it to wait for 200,000 objects: the garbage of a chunk's players would count)
    threshold, enabled = gc.get_threshold(), gc.isenabled()
    gc.set_threshold(700, 10, 10)
    gc.enable()
    gc.collect()
    tracemalloc.start()
    try:
        run_match("random", "random", 1200, seed=1)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
        gc.set_threshold(*threshold)
        if not enabled:
            gc.disable()
    assert peak < 1_000_000
