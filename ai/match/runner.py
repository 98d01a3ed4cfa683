"""Matches of many games between two named players, and their summary figures.

Player A sits in seat 0 and B in seat 1 for every game; first deal alternates game by game.
Game ``i`` is seeded from the match seed and ``i`` alone, so a match gives the same results
whether it runs in one process or several.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

from ai.match import compiled
from ai.match.driver import GameResult, play_game, refereed_game
from ai.match.jobs import LOCAL, Backend, run_jobs
from ai.registry import display_names, make_player
from engine.events import SOURCES

Progress = Callable[[int], None]  # called with the number of games just finished


def wilson_interval(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% confidence interval of a win rate (Wilson score interval)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play_chunk(args: tuple) -> list[GameResult]:
    """Games ``indices`` of a match: ``(name_a, name_b, seed, indices)``, optionally with
    ``referee`` (True: through the referee even when both players have a compiled
    decision) and ``save`` (None, or ``(folder, context)``: write each game there as a game
    file, ``ai.gamefile``). Between built-in players the games run compiled
    (``ai.match.compiled``): the same games, without each decision's time."""
    name_a, name_b, seed, indices = args[:4]
    referee = bool(args[4]) if len(args) > 4 else False
    save = args[5] if len(args) > 5 else None
    players = (make_player(name_a), make_player(name_b))
    try:
        run_compiled = not referee and compiled.compiled(players)
        if save is None:
            if run_compiled:
                return compiled.play_games(players, seed, indices)
            return [play_game(players, seed, index) for index in indices]
        results = []
        for index in indices:
            if run_compiled:
                result, actions = compiled.traced_game(players, seed, index)
                game = compiled.replayed_game(seed, index, actions)
            else:
                result, game = refereed_game(players, seed, index)
            _save_game(save, (name_a, name_b), seed, index, game)
            results.append(result)
        return results
    finally:
        for player in players:
            player.close()


def save_folder(folder: str | None, kind: str, backend: Backend = LOCAL
                ) -> tuple[str, dict] | None:
    """The ``save`` of :func:`play_chunk`: the folder made, as an absolute path (a
    UsageError if it cannot be). The workers write the games, so on a cluster joined by
    address they would land on other machines: refused there."""
    if folder is None:
        return None
    if backend.kind == "ray" and backend.address is not None:
        from engine.errors import UsageError

        raise UsageError("--save-games writes each game where it is played: on a cluster "
                         "that is other machines; save games with --backend local or a "
                         "local Ray instance (no --address)")
    from pathlib import Path

    from engine.errors import UsageError

    path = Path(folder)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot write games to {folder}: {exc.strerror or exc}") from exc
    return str(path.resolve()), {"kind": kind}


def _save_game(save: tuple, names: tuple[str, str], seed: int, index: int, game) -> None:
    from pathlib import Path

    from ai import gamefile

    folder, context = save
    file = gamefile.make(game, names, {**context, "seed": seed, "index": index})
    gamefile.write(Path(folder) / gamefile.file_name(names, seed, index), file)


def run_match(name_a: str, name_b: str, games: int, seed: int = 0, workers: int = 1,
              progress: Progress | None = None,
              cancelled: Callable[[], bool] | None = None,
              referee: bool = False, save_games: str | None = None,
              backend: Backend = LOCAL) -> dict[str, Any]:
    """Play ``games`` games of ``name_a`` (seat 0) against ``name_b``; return the summary.
    ``backend``: where the chunks of games run (``ai.match.jobs``; the same results).
    ``save_games``: a folder to write every game to as a game file (``ai.gamefile``).

    ``cancelled`` is asked between chunks of games; when it says so, the games finished so
    far are summarised (``summary["games"]`` tells how many). Games between built-in
    players run compiled unless ``referee`` asks for the referee path (which also times
    each decision)."""
    make_player(name_a), make_player(name_b)  # fail fast on a bad name, before any work
    shown_a, shown_b = display_names([name_a, name_b])
    start = time.perf_counter()
    chunk = max(1, min(50, games // (4 * max(1, workers)) or 1))
    save = save_folder(save_games, "match", backend)
    jobs = [(name_a, name_b, seed, list(range(i, min(games, i + chunk))), referee, save)
            for i in range(0, games, chunk)]
    done = run_jobs(play_chunk, jobs, workers, size=lambda job: len(job[3]),
                    progress=progress, cancelled=cancelled, backend=backend)
    results = [r for _, batch in done for r in batch]
    elapsed = time.perf_counter() - start
    summary = named(summarize(results, (shown_a, shown_b), elapsed, seed), (name_a, name_b))
    return {**summary, "stopped_early": done.stopped_early}


def named(summary: dict[str, Any], entries: tuple[str, str]) -> dict[str, Any]:
    """The summary with the players as they were entered (``entry_a``, ``entry_b``: what
    replays the match; ``player_a``/``player_b`` are the names shown, an external engine's
    own)."""
    return {**summary, "entry_a": entries[0], "entry_b": entries[1]}


def summarize(results: Iterable[GameResult], names: tuple[str, str], elapsed: float,
              seed: int) -> dict[str, Any]:
    """The match figures: wins with a 95% interval, skunks, first-dealer win rate, points
    per complete deal by source and role, deals per game, speed and decision times."""
    results = sorted(results, key=lambda r: r.index)
    n = len(results)
    wins = [sum(r.winner == seat for r in results) for seat in (0, 1)]
    complete = sum(r.complete_deals for r in results)
    summary: dict[str, Any] = {
        "player_a": names[0], "player_b": names[1], "seed": seed, "games": n,
        "wins_a": wins[0], "wins_b": wins[1],
        "win_rate_a": wins[0] / n if n else 0.0,
        "ci95_a": list(wilson_interval(wins[0], n)),
        "first_dealer_win_rate": sum(r.winner == r.first_dealer for r in results) / n
        if n else 0.0,
        "deals_per_game": sum(r.deals for r in results) / n if n else 0.0,
        "elapsed_s": elapsed,
        "forfeits_a": sum(1 for r in results if r.forfeit and r.winner == 1),
        "forfeits_b": sum(1 for r in results if r.forfeit and r.winner == 0),
        "forfeit_reasons": [f"game {r.index}: {r.forfeit}" for r in results if r.forfeit][:20],
        "games_per_s": n / elapsed if elapsed > 0 else 0.0,
        # games played in the compiled loop (no decision times: the figures below are None)
        "compiled_games": sum(r.compiled for r in results),
    }
    for seat, side in ((0, "a"), (1, "b")):
        won = [r for r in results if r.winner == seat]
        summary[f"skunks_{side}"] = sum(r.skunk == 1 for r in won)
        summary[f"double_skunks_{side}"] = sum(r.skunk == 2 for r in won)
        times = [t * 1e3 for r in results for t in r.decision_seconds[seat]]
        summary[f"decision_ms_median_{side}"] = statistics.median(times) if times else None
        summary[f"decision_ms_p95_{side}"] = float(np.percentile(times, 95)) if times \
            else None
        per_deal = {source: sum(r.points.get((seat, source), 0) for r in results)
                    / max(complete, 1) for source in SOURCES}
        per_deal["total"] = sum(per_deal.values())
        summary[f"points_per_deal_{side}"] = per_deal
        by_role = {}
        for role in ("dealer", "pone"):
            deals = sum(r.deals_dealt[seat] if role == "dealer" else r.deals_dealt[1 - seat]
                        for r in results)
            figures = {source: sum(r.role_points.get((seat, role, source), 0)
                                   for r in results) / max(deals, 1) for source in SOURCES}
            figures["total"] = sum(figures.values())
            figures["deals"] = deals
            by_role[role] = figures
        summary[f"points_per_deal_by_role_{side}"] = by_role
    return summary
