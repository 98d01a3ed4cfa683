"""Round-robin tournaments: every pair plays N games; results, ACC points and Elo ratings.

With ``duplicate`` each sequence of deals is played twice with the seats swapped (Dahl,
section 7): game ``k`` of a pair is played as (A, B) and again as (B, A) from the same deal
seed, so both players hold each hand once and the luck of the cards cancels. N is then the
number of games, N / 2 deal sequences.

Elo ratings are the maximum-likelihood Bradley-Terry strengths of every game's result
(P(i beats j) = 1 / (1 + 10^((R_j - R_i) / 400))), centred on a mean of 1500, with 95%
intervals from the inverse Fisher information.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from ai.match.driver import GameResult
from ai.match.jobs import LOCAL, Backend, run_jobs
from ai.match.runner import play_chunk, save_folder, summarize, wilson_interval
from ai.match.series import match_points
from ai.registry import display_names, make_player
from engine.errors import UsageError

Progress = Callable[[int], None]
CHUNK = 20


def _jobs(players: list[str], games: int, seed: int, duplicate: bool, referee: bool,
          save: tuple | None = None):
    """(pair index, swapped, job) for every chunk of every pair."""
    for p, (a, b) in enumerate(itertools.combinations(range(len(players)), 2)):
        if duplicate:
            sequences = (games + 1) // 2
            for i in range(0, sequences, CHUNK):
                idx = list(range(i, min(sequences, i + CHUNK)))
                yield p, False, (players[a], players[b], seed + p, idx, referee, save)
                yield p, True, (players[b], players[a], seed + p, idx, referee, save)
        else:
            for i in range(0, games, CHUNK):
                idx = list(range(i, min(games, i + CHUNK)))
                yield p, False, (players[a], players[b], seed + p, idx, referee, save)


def run_tournament(players: list[str], games: int, seed: int = 0, duplicate: bool = False,
                   workers: int = 1, progress: Progress | None = None,
                   referee: bool = False, save_games: str | None = None,
                   backend: Backend = LOCAL) -> dict[str, Any]:
    """Play the round robin; return the results (JSON-ready). Games between built-in
    players run compiled unless ``referee`` (the same games either way). ``save_games``:
    a folder to write every game to as a game file."""
    if len(players) < 2:
        raise UsageError("a tournament needs at least two players")
    if len(set(players)) != len(players):
        raise UsageError("each player may enter once")
    if games < 1 or workers < 1:
        raise UsageError("--games and --workers must be at least 1")
    for name in players:
        make_player(name)  # a bad name fails before any work
    shown = display_names(players)  # (an ext: engine is asked its name once, here)
    start = time.perf_counter()
    pairs = list(itertools.combinations(range(len(players)), 2))
    # per pair: results with seat 0 = the pair's first player (swapped games flipped back)
    collected: list[list[tuple[bool, GameResult]]] = [[] for _ in pairs]
    jobs = list(_jobs(players, games, seed, duplicate, referee,
                      save_folder(save_games, "tournament", backend)))
    done = run_jobs(play_chunk, [job for _, _, job in jobs], workers,
                    size=lambda job: len(job[3]), progress=progress, backend=backend)
    for i, batch in done:
        p, swapped, _ = jobs[i]
        collected[p].extend((swapped, r) for r in batch)
    results = tabulate(shown, pairs, collected, seed, duplicate,
                       time.perf_counter() - start)
    results["stopped_early"] = done.stopped_early
    for row, entry in zip(results["players"], players, strict=True):
        row["entry"] = entry  # as entered: what replays the run (the name is the one shown)
    return results


def tabulate(players, pairs, collected, seed, duplicate, elapsed) -> dict[str, Any]:
    n = len(players)
    wins = np.zeros((n, n), dtype=np.int64)
    points = np.zeros(n, dtype=np.int64)  # ACC game points
    skunks_given = np.zeros(n, dtype=np.int64)
    skunked = np.zeros(n, dtype=np.int64)
    played = np.zeros(n, dtype=np.int64)
    pair_rows = []
    # per player: (games, their summary, which side of it the player was)
    per_player_deals: dict[int, list[tuple[int, dict[str, Any], str]]] = {
        i: [] for i in range(n)}
    for p, (a, b) in enumerate(pairs):
        straight = [r for swapped, r in collected[p] if not swapped]
        flipped = [r for swapped, r in collected[p] if swapped]
        for swapped, r in collected[p]:
            winner = (b if r.winner == 0 else a) if swapped else (a if r.winner == 0 else b)
            wins[winner, a + b - winner] += 1
            points[winner] += match_points(r.skunk)
            skunks_given[winner] += r.skunk > 0
            skunked[a + b - winner] += r.skunk > 0
            played[a] += 1
            played[b] += 1
        total = len(collected[p])
        lo, hi = wilson_interval(int(wins[a, b]), total)
        net, net_ci = acc_net(collected[p], duplicate)
        row = {"a": players[a], "b": players[b], "games": total, "wins_a": int(wins[a, b]),
               "wins_b": int(wins[b, a]), "win_rate_a": wins[a, b] / total if total else 0.0,
               "ci95_a": [lo, hi], "acc_net_a": net, "acc_net_ci95_a": net_ci}
        for side_results, a_seat in ((straight, 0), (flipped, 1)):
            if side_results:
                s = summarize(side_results, ("x", "y"), 0.0, seed)
                per_player_deals[a].append((len(side_results), s, "a" if a_seat == 0 else "b"))
                per_player_deals[b].append((len(side_results), s, "b" if a_seat == 0 else "a"))
        pair_rows.append(row)
    ratings, errors = elo(wins)
    result_players = []
    for i, name in enumerate(players):
        deals = _merge_per_deal(per_player_deals[i])
        result_players.append({
            "name": name, "games": int(played[i]), "wins": int(wins[i].sum()),
            "acc_points": int(points[i]),
            "acc_points_per_game": points[i] / played[i] if played[i] else 0.0,
            "skunk_rate": skunks_given[i] / max(1, wins[i].sum()),
            "skunked_rate": skunked[i] / played[i] if played[i] else 0.0,
            "elo": ratings[i], "elo_ci95": [ratings[i] - 1.96 * errors[i],
                                            ratings[i] + 1.96 * errors[i]],
            "points_per_deal": deals})
    return {"players": result_players, "pairs": pair_rows, "seed": seed,
            "duplicate": duplicate, "elapsed_s": elapsed,
            "win_matrix": wins.tolist()}


def acc_net(results: list[tuple[bool, GameResult]], duplicate: bool
            ) -> tuple[float, list[float]]:
    """The pair's first player's ACC points net a game (its points minus the other's) and
    a 95% interval (normal, over games; with duplicate deals over the two games of each
    deal sequence, whose luck of the cards cancels, so the interval is narrower)."""
    units: dict[tuple, list[int]] = {}
    for swapped, r in results:
        first_won = (r.winner == 1) if swapped else (r.winner == 0)
        points = match_points(r.skunk) * (1 if first_won else -1)
        units.setdefault((r.index,) if duplicate else (r.index, swapped), []).append(points)
    per_game = np.array([sum(v) / len(v) for v in units.values()], dtype=np.float64)
    weights = np.array([len(v) for v in units.values()], dtype=np.float64)
    if per_game.size == 0:
        return 0.0, [0.0, 0.0]
    mean = float(np.average(per_game, weights=weights))
    if per_game.size < 2:
        return mean, [mean, mean]
    half = 1.96 * float(per_game.std(ddof=1)) / math.sqrt(per_game.size)
    return mean, [mean - half, mean + half]


def _merge_per_deal(parts) -> dict[str, float]:
    """Points per complete deal by source for one player, weighted over its matches."""
    total_games = sum(n for n, _, _ in parts)
    merged: dict[str, float] = {}
    for n, summary, side in parts:
        for source, value in summary[f"points_per_deal_{side}"].items():
            merged[source] = merged.get(source, 0.0) + value * n / total_games
    return merged


def elo(wins: np.ndarray, iterations: int = 2000) -> tuple[list[float], list[float]]:
    """Bradley-Terry maximum likelihood on the Elo scale (mean 1500) and standard errors.
    ``wins[i, j]``: games i won against j."""
    n = wins.shape[0]
    games = wins + wins.T
    # a player who won (or lost) everything has no finite rating: add half a game of each
    # result to every pair that played (a standard correction), so ratings stay finite
    smoothed = wins + 0.5 * (games > 0)
    w = smoothed.sum(axis=1)
    g = games + 1.0 * (games > 0)
    p = np.ones(n)
    for _ in range(iterations):  # Hunter's MM algorithm
        denom = np.array([sum(g[i, j] / (p[i] + p[j]) for j in range(n) if j != i)
                          for i in range(n)])
        new = w / np.where(denom > 0, denom, 1.0)
        new /= math.exp(np.mean(np.log(new)))
        if np.max(np.abs(new - p)) < 1e-12:
            p = new
            break
        p = new
    theta = np.log(p)
    # Fisher information of theta, with the mean fixed (pseudo-inverse)
    info = np.zeros((n, n))
    for i in range(n):
        for j in range(n):
            if i != j and g[i, j] > 0:
                q = p[i] * p[j] / (p[i] + p[j]) ** 2 * g[i, j]
                info[i, j] -= q
                info[i, i] += q
    cov = np.linalg.pinv(info)
    scale = 400 / math.log(10)
    ratings = [1500 + scale * (t - theta.mean()) for t in theta]
    errors = [scale * math.sqrt(max(cov[i, i], 0.0)) for i in range(n)]
    return ratings, errors
