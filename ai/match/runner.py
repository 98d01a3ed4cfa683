"""Matches of many games between two named players, and their summary figures.

Player A sits in seat 0 and B in seat 1 for every game; first deal alternates game by game.
Game ``i`` is seeded from the match seed and ``i`` alone, so a match gives the same results
whether it runs in one process or several. The games are counted as they finish
(``ai.match.tally``) and the chunks of games to play are made as they are needed
(:func:`run_lazily`), so a run's memory stays the same however many games it plays.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol

from ai.match import compiled
from ai.match.driver import GameResult, play_game, refereed_game
from ai.match.jobs import LOCAL, Backend, run_jobs
from ai.match.tally import Tally, wilson_interval
from ai.registry import canonical_name, display_names, make_player
from engine.errors import UsageError

Progress = Callable[[int], None]  # called with the number of games just finished

# the most games one run plays (a match, a tournament, best-of matches): random against
# random, the fastest pairing, plays about 2,500 games a second on one core, so this is
# about 11 hours on one core; an expert's games take weeks. More is a mistyped number.
MAX_GAMES = 100_000_000
# jobs handed to the workers at a time: the workers are given every job of a window at
# once, and its results are kept until it ends, so a window bounds the memory of a run
# (with chunks of 50 games, half a million games a window)
WINDOW = 10_000

__all__ = ["MAX_GAMES", "Progress", "check_games", "named", "play_chunk", "run_lazily",
           "run_match", "ready_to_save", "summarize", "tally_chunk", "wilson_interval"]


def check_games(games: int, what: str = "--games") -> None:
    """A UsageError unless 1 <= ``games`` <= MAX_GAMES."""
    if games < 1:
        raise UsageError(f"{what} must be at least 1")
    if games > MAX_GAMES:
        raise UsageError(f"{what}: at most {MAX_GAMES:,} games in one run, not {games:,}")


def play_chunk(args: tuple) -> list[GameResult]:
    """Games ``indices`` of a match: ``(name_a, name_b, seed, indices)``, optionally with
    ``referee`` (True: through the referee even when both players have a compiled
    decision) and ``save`` (None, or a :class:`SaveGame` called with each game as it ends).
    Between built-in players the games run compiled
    (``ai.match.compiled``): the same games, without each decision's time."""
    players = (make_player(args[0]), make_player(args[1]))
    try:
        return _played(args, players)
    finally:
        for player in players:
            player.close()


def _played(args: tuple, players: tuple) -> list[GameResult]:
    name_a, name_b, seed, indices = args[:4]
    referee = bool(args[4]) if len(args) > 4 else False
    save = args[5] if len(args) > 5 else None
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
        save((name_a, name_b), seed, index, game)
        results.append(result)
    return results


def tally_chunk(args: tuple) -> Tally:
    """:func:`play_chunk`'s games counted (what a run keeps of them). Between built-in
    players, unsaved, the chunk is one compiled call and no game becomes a result."""
    players = (make_player(args[0]), make_player(args[1]))
    try:
        referee = bool(args[4]) if len(args) > 4 else False
        save = args[5] if len(args) > 5 else None
        if save is None and not referee and compiled.compiled(players):
            return compiled.tally_games(players, args[2], list(args[3]))
        return Tally.of(_played(args, players))
    finally:
        for player in players:
            player.close()


def run_lazily(fn: Callable[[Any], Any], jobs: Iterator[Any], workers: int,
               fold: Callable[[Any, Any], Any], *, size: Callable[[Any], int],
               progress: Progress | None = None,
               cancelled: Callable[[], bool] | None = None,
               backend: Backend = LOCAL) -> bool:
    """Run ``jobs`` (an iterator: each job is made when its window comes) through
    ``run_jobs``, :data:`WINDOW` at a time, and fold each result into the run's figures
    (``fold(job, result)``, in the jobs' order) as its window finishes: neither the jobs
    nor their results pile up, however long the run. True when the run was stopped early
    (cancelled, or Ctrl-C): the figures are then those of the jobs folded."""
    try:
        while True:
            window = list(itertools.islice(jobs, WINDOW))
            if not window:
                return False
            done = run_jobs(fn, window, workers, size=size, progress=progress,
                            cancelled=cancelled, backend=backend)
            for i, result in done:
                fold(window[i], result)
            if done.stopped_early:
                return True
    except KeyboardInterrupt:  # between two windows: keep what was folded
        return True


class SaveGame(Protocol):
    """What writes each game of a run as it is played (``--save-games``): the window's
    layer gives one that writes game files (``cribbage_gui.services.gamefile.GameSaver``);
    ``ai`` only calls it. It must pickle: the workers call it where the games are played."""

    def prepared(self) -> SaveGame:
        """Itself, ready to write (its folder made); a UsageError if it cannot be."""

    def __call__(self, names: tuple[str, str], seed: int, index: int, game: Any) -> None:
        """Write game ``index`` of the run seeded ``seed`` (``game``: its state, over)."""


def ready_to_save(save: SaveGame | None, backend: Backend = LOCAL) -> SaveGame | None:
    """The ``save`` of :func:`play_chunk`, made ready (a UsageError if it cannot be). The
    workers write the games, so on a cluster joined by address they would land on other
    machines: refused there."""
    if save is None:
        return None
    if backend.kind == "ray" and backend.address is not None:
        raise UsageError("--save-games writes each game where it is played: on a cluster "
                         "that is other machines; save games with --backend local or a "
                         "local Ray instance (no --address)")
    return save.prepared()


def run_match(name_a: str, name_b: str, games: int, seed: int = 0, workers: int = 1,
              progress: Progress | None = None,
              cancelled: Callable[[], bool] | None = None,
              referee: bool = False, save_games: SaveGame | None = None,
              backend: Backend = LOCAL) -> dict[str, Any]:
    """Play ``games`` games of ``name_a`` (seat 0) against ``name_b``; return the summary.
    ``backend``: where the chunks of games run (``ai.match.jobs``; the same results).
    ``save_games``: called with every game as it ends (:class:`SaveGame`).

    ``cancelled`` is asked between chunks of games; when it says so, the games finished so
    far are summarised (``summary["games"]`` tells how many). Games between built-in
    players run compiled unless ``referee`` asks for the referee path (which also times
    each decision)."""
    check_games(games)
    if workers < 1:
        raise UsageError("--workers must be at least 1")
    name_a, name_b = canonical_name(name_a), canonical_name(name_b)
    make_player(name_a), make_player(name_b)  # fail fast on a bad name, before any work
    shown_a, shown_b = display_names([name_a, name_b])
    start = time.perf_counter()
    chunk = max(1, min(50, games // (4 * max(1, workers)) or 1))
    save = ready_to_save(save_games, backend)
    jobs = ((name_a, name_b, seed, range(i, min(games, i + chunk)), referee, save)
            for i in range(0, games, chunk))
    tally = Tally()
    stopped = run_lazily(tally_chunk, jobs, workers, lambda job, t: tally.merge(t),
                         size=lambda job: len(job[3]), progress=progress,
                         cancelled=cancelled, backend=backend)
    elapsed = time.perf_counter() - start
    summary = named(tally.summary((shown_a, shown_b), elapsed, seed), (name_a, name_b))
    return {**summary, "stopped_early": stopped}


def named(summary: dict[str, Any], entries: tuple[str, str]) -> dict[str, Any]:
    """The summary with the players as they were entered (``entry_a``, ``entry_b``: what
    replays the match; ``player_a``/``player_b`` are the names shown, an external engine's
    own)."""
    return {**summary, "entry_a": entries[0], "entry_b": entries[1]}


def summarize(results: Iterable[GameResult], names: tuple[str, str], elapsed: float,
              seed: int) -> dict[str, Any]:
    """The match figures of ``results`` (``ai.match.tally.Tally.summary``): wins with a 95%
    interval, skunks, first-dealer win rate, points per complete deal by source and role,
    deals per game, speed and decision times."""
    return Tally.of(results).summary(names, elapsed, seed)
