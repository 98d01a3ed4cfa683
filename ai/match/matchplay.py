"""Matches of best of N games scored in ACC points (``cribbage match --best-of N``).

Match ``m`` of a run seeded ``seed`` plays its games as game indices ``m * N``, ``m * N +
1``, ... of that seed (so every game is the one ``cribbage match`` would deal at that
index), A in seat 0. The first game's first dealer alternates with the match (``m % 2``);
after that the loser of a game deals first in the next, as in the window's matches and
ACC play. A match ends when a player has won N // 2 + 1 games.

The figures: matches won with a 95% interval, the games' own figures (``summarize``), and
ACC points a game for each player and A's net a game (its points minus B's) with a 95%
interval, over matches (a ratio of sums, the interval by the delta method).
"""

from __future__ import annotations

import math
import time
from typing import Any

import numpy as np

from ai.match import compiled
from ai.match.driver import GameResult, play_game
from ai.match.jobs import LOCAL, Backend, run_jobs
from ai.match.runner import Progress, named, summarize, wilson_interval
from ai.match.series import Series, match_points
from ai.registry import display_names, make_player
from engine.errors import UsageError


def play_matches(args: tuple) -> list[list[GameResult]]:
    """Matches ``indices`` of best of ``length``: ``(name_a, name_b, seed, indices, length,
    referee)``; each match's games in order."""
    name_a, name_b, seed, indices, length, referee = args
    players = (make_player(name_a), make_player(name_b))
    try:
        run_compiled = not referee and compiled.compiled(players)
        matches = []
        for m in indices:
            series = Series(length)
            first, games = m % 2, []
            while not series.over:
                index = m * length + series.next_index
                if run_compiled:
                    (result,) = compiled.play_games(players, seed, [index], first)
                else:
                    result = play_game(players, seed, index, first)
                series.add(result.winner, result.skunk)
                games.append(result)
                first = 1 - result.winner  # the loser deals first
            matches.append(games)
        return matches
    finally:
        for player in players:
            player.close()


def run_matches(name_a: str, name_b: str, matches: int, length: int, seed: int = 0,
                workers: int = 1, progress: Progress | None = None,
                referee: bool = False, backend: Backend = LOCAL) -> dict[str, Any]:
    """Play ``matches`` matches of best of ``length``; the summary (``summarize``'s game
    figures plus the match figures)."""
    if matches < 1 or workers < 1:
        raise UsageError("--games and --workers must be at least 1")
    Series(length)  # an even or non-positive length fails here
    make_player(name_a), make_player(name_b)
    shown_a, shown_b = display_names([name_a, name_b])
    start = time.perf_counter()
    chunk = max(1, min(20, matches // (4 * workers) or 1))
    jobs = [(name_a, name_b, seed, list(range(i, min(matches, i + chunk))), length, referee)
            for i in range(0, matches, chunk)]
    done = run_jobs(play_matches, jobs, workers, size=lambda job: len(job[3]),
                    progress=progress, backend=backend)
    played = [games for _, batch in done for games in batch]
    played.sort(key=lambda games: games[0].index)
    summary = {**named(summarize([g for games in played for g in games], (shown_a, shown_b),
                              time.perf_counter() - start, seed), (name_a, name_b)),
               "stopped_early": done.stopped_early}
    return {**summary, **match_figures(played, length)}


def match_figures(played: list[list[GameResult]], length: int) -> dict[str, Any]:
    """Matches won by each side (A's 95% interval), ACC points a game, A's net a game (zero
    matches, when a run was stopped before any finished: zeros)."""
    n = len(played)
    if n == 0:
        return {"best_of": length, "matches": 0, "match_wins_a": 0, "match_wins_b": 0,
                "match_win_rate_a": 0.0, "match_ci95_a": [0.0, 1.0], "games_per_match": 0.0,
                "acc_points_per_game_a": 0.0, "acc_points_per_game_b": 0.0,
                "acc_net_per_game_a": 0.0, "acc_net_ci95_a": [0.0, 0.0]}
    target = length // 2 + 1
    won_a = sum(sum(g.winner == 0 for g in games) >= target for games in played)
    points = np.array([[sum(match_points(g.skunk) for g in games if g.winner == seat)
                        for seat in (0, 1)] for games in played], dtype=np.float64)
    counts = np.array([len(games) for games in played], dtype=np.float64)
    net = points[:, 0] - points[:, 1]
    total = counts.sum()
    ratio = net.sum() / total
    if n > 1:  # the ratio estimator's standard error (delta method)
        resid = net - ratio * counts
        se = math.sqrt((resid ** 2).sum() / (n - 1) / n) / counts.mean()
    else:
        se = 0.0
    lo, hi = wilson_interval(won_a, n)
    return {"best_of": length, "matches": n, "match_wins_a": won_a,
            "match_wins_b": n - won_a, "match_win_rate_a": won_a / n,
            "match_ci95_a": [lo, hi], "games_per_match": total / n,
            "acc_points_per_game_a": points[:, 0].sum() / total,
            "acc_points_per_game_b": points[:, 1].sum() / total,
            "acc_net_per_game_a": ratio,
            "acc_net_ci95_a": [ratio - 1.96 * se, ratio + 1.96 * se]}
