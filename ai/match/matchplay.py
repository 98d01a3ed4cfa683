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

import time
from typing import Any

from ai.match import compiled
from ai.match.driver import GameResult, play_game
from ai.match.jobs import LOCAL, Backend
from ai.match.runner import MAX_GAMES, Progress, check_games, named, run_lazily
from ai.match.series import Series
from ai.match.tally import MatchStats, Tally
from ai.registry import canonical_name, display_names, make_player
from engine.errors import UsageError

# the longest match: best of 99 games (50 wins); ACC and club matches are best of 3 to 9
MAX_BEST_OF = 99


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


def tally_matches(args: tuple) -> tuple[Tally, MatchStats]:
    """:func:`play_matches`' matches counted: their games, and the match figures' sums."""
    length = args[4]
    tally, stats = Tally(), MatchStats()
    for games in play_matches(args):
        for game in games:
            tally.add(game)
        stats.add_match(games, length)
    return tally, stats


def check_length(length: int) -> None:
    """A UsageError unless ``length`` is an odd number of games from 1 to MAX_BEST_OF."""
    if length < 1 or length % 2 == 0 or length > MAX_BEST_OF:
        raise UsageError(f"--best-of takes an odd number of games from 1 to {MAX_BEST_OF}, "
                         f"not {length:,}")


def run_matches(name_a: str, name_b: str, matches: int, length: int, seed: int = 0,
                workers: int = 1, progress: Progress | None = None,
                referee: bool = False, backend: Backend = LOCAL) -> dict[str, Any]:
    """Play ``matches`` matches of best of ``length``; the summary (``summarize``'s game
    figures plus the match figures)."""
    check_games(matches)
    check_length(length)
    if matches * length > MAX_GAMES:
        raise UsageError(f"{matches:,} matches of best of {length}: at most "
                         f"{MAX_GAMES // length:,} (up to {MAX_GAMES:,} games in one run)")
    if workers < 1:
        raise UsageError("--workers must be at least 1")
    name_a, name_b = canonical_name(name_a), canonical_name(name_b)
    make_player(name_a), make_player(name_b)
    shown_a, shown_b = display_names([name_a, name_b])
    start = time.perf_counter()
    chunk = max(1, min(20, matches // (4 * workers) or 1))
    jobs = ((name_a, name_b, seed, range(i, min(matches, i + chunk)), length, referee)
            for i in range(0, matches, chunk))
    tally, stats = Tally(), MatchStats()

    def fold(job: tuple, counted: tuple[Tally, MatchStats]) -> None:
        tally.merge(counted[0])
        stats.merge(counted[1])

    stopped = run_lazily(tally_matches, jobs, workers, fold, size=lambda job: len(job[3]),
                         progress=progress, backend=backend)
    summary = {**named(tally.summary((shown_a, shown_b), time.perf_counter() - start, seed),
                       (name_a, name_b)),
               "stopped_early": stopped}
    return {**summary, **stats.figures(length)}


def match_figures(played: list[list[GameResult]], length: int) -> dict[str, Any]:
    """Matches won by each side (A's 95% interval), ACC points a game, A's net a game (zero
    matches, when a run was stopped before any finished: zeros)."""
    stats = MatchStats()
    for games in played:
        stats.add_match(games, length)
    return stats.figures(length)
