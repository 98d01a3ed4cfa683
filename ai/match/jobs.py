"""Independent jobs (chunks of games, rows of a table) run in worker processes, with a
progress count and cancellation: the one place the commands that play many games (match,
best-of matches, tournament, the expert's table building) send their work.

Each job's result depends only on the job (games are seeded by the run's seed and their
indices), so the results are the same whatever the number of workers or the order in which
jobs finish; they come back in the jobs' order.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, TypeVar

J = TypeVar("J")
R = TypeVar("R")


def run_jobs(fn: Callable[[J], R], jobs: Sequence[J], workers: int = 1, *,
             size: Callable[[J], int] | None = None,
             progress: Callable[[int], None] | None = None,
             cancelled: Callable[[], bool] | None = None) -> list[tuple[int, R]]:
    """``(i, fn(jobs[i]))`` for every job, in the jobs' order. ``fn`` must be a module-level
    function (the workers are spawned processes and import it). ``progress`` is called with
    ``size(job)`` (default 1) as each job finishes; ``cancelled`` is asked before each job
    (one worker) or as each finishes (several): once it says so, the jobs not started are
    dropped and those finished are returned. With ``workers`` <= 1 everything runs here,
    in this process."""
    stop = cancelled or (lambda: False)
    measure = size or (lambda job: 1)
    done: list[tuple[int, Any]] = []
    if workers <= 1:
        for i, job in enumerate(jobs):
            if stop():
                break
            done.append((i, fn(job)))
            if progress:
                progress(measure(job))
        return done
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
        futures = {pool.submit(fn, job): i for i, job in enumerate(jobs)}
        try:
            for future in as_completed(futures):
                if stop():
                    break
                i = futures[future]
                done.append((i, future.result()))
                if progress:
                    progress(measure(jobs[i]))
        finally:
            for f in futures:
                f.cancel()  # those not started (a no-op once all have finished)
    return sorted(done, key=lambda pair: pair[0])
