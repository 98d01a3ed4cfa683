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
from ai.match.jobs import LOCAL, Backend
from ai.match.runner import (
    MAX_GAMES,
    SaveGame,
    check_games,
    play_chunk,
    ready_to_save,
    run_lazily,
    wilson_interval,
)
from ai.match.series import match_points
from ai.match.tally import NetStats, Tally
from ai.registry import canonical_name, display_names, make_player
from engine.errors import UsageError

Progress = Callable[[int], None]
CHUNK = 20
# the most players one round robin takes: 32 players are 496 pairs, and the ratings' fit
# (pure Python over every pair) takes seconds from there on
MAX_PLAYERS = 32


def _jobs(players: list[str], games: int, seed: int, duplicate: bool, referee: bool,
          save: SaveGame | None = None):
    """Every chunk of every pair, made as it is asked for: (pair, first player, second
    player, seed, indices, duplicate, referee, save). With duplicate deals a chunk plays
    each of its deal sequences both ways (so both games of a sequence are counted
    together)."""
    for p, (a, b) in enumerate(itertools.combinations(range(len(players)), 2)):
        count = (games + 1) // 2 if duplicate else games
        for i in range(0, count, CHUNK):
            yield (p, players[a], players[b], seed + p, range(i, min(count, i + CHUNK)),
                   duplicate, referee, save)


def play_pair_chunk(job: tuple) -> tuple[Tally, Tally, NetStats]:
    """A chunk of a pair's games, counted: the games as (first, second), those swapped
    (second, first: none without duplicate deals; each tally in its own seats) and the
    first player's ACC points net over units (a game; with duplicate deals, the two games
    of one deal sequence)."""
    _, a, b, seed, indices, duplicate, referee, save = job
    straight = play_chunk((a, b, seed, indices, referee, save))
    swapped = play_chunk((b, a, seed, indices, referee, save)) if duplicate else []
    return Tally.of(straight), Tally.of(swapped), _net_stats(
        [(False, r) for r in straight] + [(True, r) for r in swapped], duplicate)


def _net_stats(results: list[tuple[bool, GameResult]], duplicate: bool) -> NetStats:
    """The pair's first player's ACC points net by unit: a game, or with duplicate deals
    the games of one deal sequence, in the order the units first appear."""
    units: dict[tuple, list[int]] = {}
    for swapped, r in results:
        first_won = (r.winner == 1) if swapped else (r.winner == 0)
        points = match_points(r.skunk) * (1 if first_won else -1)
        units.setdefault((r.index,) if duplicate else (r.index, swapped), []).append(points)
    stats = NetStats()
    for nets in units.values():
        stats.add_unit(nets)
    return stats


def run_tournament(players: list[str], games: int, seed: int = 0, duplicate: bool = False,
                   workers: int = 1, progress: Progress | None = None,
                   referee: bool = False, save_games: SaveGame | None = None,
                   backend: Backend = LOCAL) -> dict[str, Any]:
    """Play the round robin; return the results (JSON-ready). Games between built-in
    players run compiled unless ``referee`` (the same games either way). ``save_games``:
    called with every game as it ends (``ai.match.runner.SaveGame``)."""
    players = [canonical_name(name) for name in players]
    if len(players) < 2:
        raise UsageError("a tournament needs at least two players")
    if len(players) > MAX_PLAYERS:
        raise UsageError(f"a tournament takes at most {MAX_PLAYERS} players, not "
                         f"{len(players)}")
    if len(set(players)) != len(players):
        raise UsageError("each player may enter once")
    check_games(games)
    pairs = list(itertools.combinations(range(len(players)), 2))
    if len(pairs) * games > MAX_GAMES:
        raise UsageError(f"{len(pairs)} pairs of {games:,} games: at most {MAX_GAMES:,} "
                         f"games in one run")
    if workers < 1:
        raise UsageError("--workers must be at least 1")
    for name in players:
        make_player(name)  # a bad name fails before any work
    shown = display_names(players)  # (an ext: engine is asked its name once, here)
    start = time.perf_counter()
    # per pair: its games as (first, second) and swapped, and its ACC points net
    tallies = [(Tally(), Tally(), NetStats()) for _ in pairs]

    def fold(job: tuple, counted: tuple[Tally, Tally, NetStats]) -> None:
        for total, part in zip(tallies[job[0]], counted, strict=True):
            total.merge(part)

    stopped = run_lazily(
        play_pair_chunk, _jobs(players, games, seed, duplicate, referee,
                               ready_to_save(save_games, backend)),
        workers, fold, size=lambda job: len(job[4]) * (2 if job[5] else 1),
        progress=progress, backend=backend)
    # a run stopped early is not rated: part of a round robin (a player with no game yet)
    # has no maximum-likelihood ratings to speak of
    results = tabulate(shown, pairs, tallies, seed, duplicate, time.perf_counter() - start,
                       rate=not stopped)
    results["stopped_early"] = stopped
    for row, entry in zip(results["players"], players, strict=True):
        row["entry"] = entry  # as entered: what replays the run (the name is the one shown)
    return results


def tabulate(players, pairs, tallies, seed, duplicate, elapsed, rate: bool = True
             ) -> dict[str, Any]:
    """The results from each pair's tallies (as (first, second), swapped, ACC net); with
    ``rate`` false (a run stopped early) every player's ``elo`` and ``elo_ci95`` are
    None."""
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
        straight, flipped, net_stats = tallies[p]
        for tally, first, second in ((straight, a, b), (flipped, b, a)):
            for seat, player in ((0, first), (1, second)):
                other = a + b - player
                wins[player, other] += tally.wins[seat]
                points[player] += tally.acc_points(seat)
                by_skunk = tally.skunks[seat] + tally.double_skunks[seat]
                skunks_given[player] += by_skunk
                skunked[other] += by_skunk
            played[a] += tally.games
            played[b] += tally.games
        total = straight.games + flipped.games
        lo, hi = wilson_interval(int(wins[a, b]), total)
        net, net_ci = net_stats.figures()
        row = {"a": players[a], "b": players[b], "games": total, "wins_a": int(wins[a, b]),
               "wins_b": int(wins[b, a]), "win_rate_a": wins[a, b] / total if total else 0.0,
               "ci95_a": [lo, hi], "acc_net_a": net, "acc_net_ci95_a": net_ci}
        for tally, a_seat in ((straight, 0), (flipped, 1)):
            if tally.games:
                s = tally.summary(("x", "y"), 0.0, seed)
                per_player_deals[a].append((tally.games, s, "a" if a_seat == 0 else "b"))
                per_player_deals[b].append((tally.games, s, "b" if a_seat == 0 else "a"))
        pair_rows.append(row)
    ratings: list[float | None] = [None] * n
    intervals: list[list[float] | None] = [None] * n
    if rate:
        found, errors = elo(wins)
        ratings = list(found)
        intervals = [[r - 1.96 * e, r + 1.96 * e] for r, e in zip(found, errors, strict=True)]
    result_players = []
    for i, name in enumerate(players):
        deals = _merge_per_deal(per_player_deals[i])
        result_players.append({
            "name": name, "games": int(played[i]), "wins": int(wins[i].sum()),
            "acc_points": int(points[i]),
            "acc_points_per_game": points[i] / played[i] if played[i] else 0.0,
            "skunk_rate": skunks_given[i] / max(1, wins[i].sum()),
            "skunked_rate": skunked[i] / played[i] if played[i] else 0.0,
            "elo": ratings[i], "elo_ci95": intervals[i],
            "points_per_deal": deals})
    return {"players": result_players, "pairs": pair_rows, "seed": seed,
            "duplicate": duplicate, "elapsed_s": elapsed,
            "win_matrix": wins.tolist()}


def acc_net(results: list[tuple[bool, GameResult]], duplicate: bool
            ) -> tuple[float, list[float]]:
    """The pair's first player's ACC points net a game (its points minus the other's) and
    a 95% interval (normal, over games; with duplicate deals over the two games of each
    deal sequence, whose luck of the cards cancels, so the interval is narrower)."""
    return _net_stats(results, duplicate).figures()


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
