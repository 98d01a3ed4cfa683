"""``cribbage bench-cluster``: the Ray backend against this machine's processes, on a
tournament and on a table build (the pegging statistics). It lives with the training code,
whose build it times; the match benchmark is ``ai.match.bench``."""

from __future__ import annotations

import time
from collections.abc import Callable

from ai.match.bench import SIX_LEVELS
from ai.match.jobs import LOCAL, Backend, run_jobs
from ai.match.runner import run_match
from ai.match.tournament import run_tournament
from ai.training.weights import build_pegging_stats


def _nothing(job: int) -> int:
    return job


def bench_cluster(tournament_games: int = 100, workers: int = 2, address: str | None = None,
                  tasks: int = 400, seed: int = 0, pegging_sims: int = 1000,
                  out: Callable[[str], None] = print) -> dict[str, float]:
    """The Ray backend against this machine's processes: the time to start a local Ray
    instance (or join the cluster at ``address``), what one chunk costs on each backend
    (``tasks`` chunks that do nothing: the smallest useful chunk is well above it), and
    the six-level duplicate tournament on each, with the results compared; then the
    pegging statistics (``train pegging-stats``, ``pegging_sims`` plays a hand and role;
    0: not measured) in one process on the sequential stream and on the per-hand stream on
    each backend, with the per-hand tables compared."""
    import logging

    try:
        import ray
    except ImportError as exc:
        from ai.match.jobs import RAY_MISSING
        from engine.errors import UsageError

        raise UsageError(RAY_MISSING) from exc
    figures: dict[str, float] = {}
    run_match("mueller", "heuristic", 2, seed=seed)  # the compiled loop loaded here first
    start = time.perf_counter()
    if address is None:
        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False,
                 logging_level=logging.WARNING)
    else:
        ray.init(address=address, log_to_driver=False, logging_level=logging.WARNING)
    figures["ray_start_s"] = time.perf_counter() - start
    try:
        backends = (("local", LOCAL), ("ray", Backend("ray", address)))
        for key, backend in backends:
            start = time.perf_counter()  # the warm-up: the local pool's first start
            run_jobs(_nothing, list(range(workers)), workers, backend=backend)
            if key == "local":
                figures["pool_first_s"] = time.perf_counter() - start
                start = time.perf_counter()  # a pool's start once the fork server runs
                run_jobs(_nothing, list(range(workers)), workers, backend=backend)
                figures["pool_next_s"] = time.perf_counter() - start
            start = time.perf_counter()
            run_jobs(_nothing, list(range(tasks)), workers, backend=backend)
            figures[f"chunk_ms_{key}"] = 1000 * (time.perf_counter() - start) / tasks
        results = {}
        for key, backend in backends:
            results[key] = run_tournament(SIX_LEVELS, tournament_games, seed=seed,
                                          duplicate=True, workers=workers, backend=backend)
            figures[f"tournament_s_{key}"] = results[key]["elapsed_s"]
        tables = _bench_pegging_stats(pegging_sims, seed, workers, backends, figures)
    finally:
        ray.shutdown()
    out(f"Ray: {'a local instance started' if address is None else 'joined ' + address} "
        f"in {figures['ray_start_s']:.1f} s")
    out(f"the local pool of {workers} workers: started in {figures['pool_first_s']:.2f} s "
        f"the first time (its fork server imports the program), "
        f"{1000 * figures['pool_next_s']:.0f} ms each time after")
    out(f"a chunk that does nothing, {tasks} of them on {workers} workers: local "
        f"{figures['chunk_ms_local']:.2f} ms, Ray {figures['chunk_ms_ray']:.2f} ms")
    same = results["local"]["win_matrix"] == results["ray"]["win_matrix"]
    overhead = figures["tournament_s_ray"] / figures["tournament_s_local"] - 1
    with_start = (figures["tournament_s_ray"] + figures["ray_start_s"]) / \
        figures["tournament_s_local"] - 1
    figures["overhead"], figures["overhead_with_start"] = overhead, with_start
    out(f"six-level duplicate tournament, {tournament_games} games a pair, {workers} "
        f"workers: local {figures['tournament_s_local']:.1f} s, Ray "
        f"{figures['tournament_s_ray']:.1f} s ({overhead:+.1%}; {with_start:+.1%} with "
        f"Ray's start); {'the same results' if same else 'DIFFERENT RESULTS'}")
    if not same:
        raise AssertionError("the Ray backend's tournament differs from the local one")
    if pegging_sims:
        same = all((tables["local"][k] == tables["ray"][k]).all() for k in (0, 1))
        out(f"pegging statistics, {pegging_sims:,} plays a hand and role: sequential stream "
            f"in one process {figures['pegging_s_sequential']:.1f} s; per-hand stream on "
            f"{workers} workers: local {figures['pegging_s_local']:.1f} s, Ray "
            f"{figures['pegging_s_ray']:.1f} s; {'the same table' if same else 'DIFFERENT'}")
        if not same:
            raise AssertionError("the Ray backend's pegging statistics differ from the local")
    return figures


def _bench_pegging_stats(sims: int, seed: int, workers: int, backends, figures) -> dict:
    """Time ``build_pegging_stats`` (sequential here, per-hand on each backend)."""
    if not sims:
        return {}
    build_pegging_stats(1, seed, "sequential")  # compiled here first
    start = time.perf_counter()
    build_pegging_stats(sims, seed, "sequential")
    figures["pegging_s_sequential"] = time.perf_counter() - start
    tables = {}
    for key, backend in backends:
        start = time.perf_counter()
        stats = build_pegging_stats(sims, seed, "per-hand", workers, backend=backend)
        figures[f"pegging_s_{key}"] = time.perf_counter() - start
        tables[key] = (stats.gained, stats.given)
    return tables
