"""``cribbage bench-match``: how fast matches between built-in players run compiled, and
(with ``--verify N``) that the compiled loop plays the referee's games, N games a pair.

The figures are the issues': the expert's exact play search alone (issue 37: what numba's
reference counting costs the expert, docs/speed.md), ``random`` v ``random`` in one process
(issue 37: the cost of a compiled match beyond its players' decisions), ``mueller`` v
``heuristic`` in one process (compiled, and refereed for the ratio), and the six-level
duplicate tournament on the given workers.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np

from ai import _expert
from ai.match import compiled
from ai.match.jobs import run_jobs
from ai.match.runner import run_match
from ai.match.tournament import run_tournament
from ai.tables.expert_pegging import four_rank_hands

# the six levels as issue 12 measured them (its baseline played the expert now kept as
# expert-2026; the new expert samples sixteen times more, so it is verified, not timed)
SIX_LEVELS = ["random", "evolved", "weights", "heuristic", "mueller", "expert-2026"]
VERIFIED = SIX_LEVELS + ["expert"]


def bench_match(games: int = 1000, referee_games: int = 100, tournament_games: int = 100,
                workers: int = 2, verify: int = 0, seed: int = 0,
                out: Callable[[str], None] = print) -> dict[str, float]:
    """Measure (and print) the throughput figures; with ``verify``, compare that many games
    of every pair of the levels and both experts (both seat orders, self-pairs once) compiled and
    refereed, and raise AssertionError if any differs."""
    figures: dict[str, float] = {}
    figures["expert_search"] = expert_search_rate()
    out(f"the expert's play search, both hands known: {figures['expert_search']:,.0f} "
        f"searches/s ({SEARCH_ROWS} rows of its pegging table)")
    run_match("mueller", "heuristic", 2, seed=seed)  # load the compiled loop first
    random_games = 100 * games
    start = time.perf_counter()
    run_match("random", "random", random_games, seed=seed)
    figures["random_match"] = random_games / (time.perf_counter() - start)
    out(f"random v random, one process: {figures['random_match']:,.0f} games/s compiled "
        f"({random_games:,} games, chunks of 50 games a compiled call)")
    for key, n, referee in (("match", games, False), ("match_referee", referee_games, True)):
        start = time.perf_counter()
        run_match("mueller", "heuristic", n, seed=seed, referee=referee)
        figures[key] = n / (time.perf_counter() - start)
    out(f"mueller v heuristic, one process: {figures['match']:,.0f} games/s compiled "
        f"({games} games), {figures['match_referee']:,.0f} games/s refereed "
        f"({referee_games} games): {figures['match'] / figures['match_referee']:.1f}x")
    results = run_tournament(SIX_LEVELS, tournament_games, seed=seed, duplicate=True,
                             workers=workers)
    n = len(SIX_LEVELS) * (len(SIX_LEVELS) - 1) // 2 * 2 * ((tournament_games + 1) // 2)
    figures["tournament"] = n / results["elapsed_s"]
    out(f"six-level duplicate tournament, {tournament_games} games a pair, {workers} "
        f"workers: {n} games in {results['elapsed_s']:.1f} s, "
        f"{figures['tournament']:,.0f} games/s")
    if verify:
        figures["verified"] = _verify(verify, workers, seed, out)
    return figures


SEARCH_ROWS = 40  # of the pegging table: 40 x 1,820 searches, about half a second


def expert_search_rate(rows: int = SEARCH_ROWS) -> float:
    """Searches a second of the expert's play search (``ai._expert._search``, net points,
    both hands known from the first card): ``rows`` rows of its pegging table, each leader's
    hand against every four-rank hand (``ai._expert.leader_values``, as ``cribbage train``
    builds the table), timed after one row that loads the kernel."""
    hands = four_rank_hands()
    out = np.zeros((rows, hands.shape[0]), dtype=np.int64)
    _expert.leader_values(hands, 0, 1, out[:1])
    start = time.perf_counter()
    _expert.leader_values(hands, 100, 100 + rows, out)
    return rows * hands.shape[0] / (time.perf_counter() - start)


def _verify(games: int, workers: int, seed: int, out: Callable[[str], None]) -> float:
    pairs = [(a, b) for a in VERIFIED for b in VERIFIED]  # both seat orders
    chunk = 25
    jobs = [(a, b, seed, list(range(i, min(games, i + chunk))))
            for a, b in pairs for i in range(0, games, chunk)]
    start = time.perf_counter()
    differ: dict[tuple[str, str], list[int]] = {pair: [] for pair in pairs}
    for i, found in run_jobs(_differences, jobs, max(1, workers)):
        a, b = jobs[i][:2]
        differ[(a, b)].extend(found)
    for (a, b), found in differ.items():
        out(f"  {a} v {b}: {games - len(found)}/{games} games identical")
    total = games * len(pairs)
    bad = sum(len(found) for found in differ.values())
    out(f"verified {total - bad:,}/{total:,} games identical, compiled and refereed "
        f"({len(pairs)} seatings, {time.perf_counter() - start:.0f} s)")
    if bad:
        raise AssertionError(f"{bad} games differ: {differ}")
    return float(total)


def _differences(job: tuple) -> list[int]:
    a, b, seed, indices = job
    return compiled.differences(a, b, seed, indices)
