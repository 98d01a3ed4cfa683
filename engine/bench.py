"""``cribbage bench``: measure the engine's speed figures (docs/speed.md records them).

Each figure is measured after a warm-up call, so compilation is not counted, except the
start-up figures, which run ``import engine`` plus a first ``analyze_discards`` in a fresh
Python process: once with numba's cache warm, once with an empty cache (cold).
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time

import numba
import numpy as np

from engine import _kernels
from engine.analysis import analyze_discards
from engine.rules import VARIANTS
from engine.scoring import hand_score_histogram, score_batch
from engine.simulate import simulate_random_games, simulate_variant_games
from engine.state import GameState

_STARTUP_SNIPPET = (
    "import time; t = time.perf_counter(); import engine; "
    "engine.analyze_discards(engine.parse_cards('5H 5C 5S JD 6D 7C'), my_crib=True); "
    "print(time.perf_counter() - t)"
)


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f
                       if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return (f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, "
            f"numpy {np.__version__}, numba {numba.__version__}")


def _best_time(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def bench_histogram(repeats: int) -> dict[str, float]:
    hand_score_histogram(False)  # warm-up (compile or load from cache)
    fused = _best_time(lambda: hand_score_histogram(False), repeats)
    hands, starters = _kernels.all_hands_with_starters()
    score_batch(hands[:10], starters[:10])
    batch = _best_time(lambda: np.bincount(score_batch(hands, starters), minlength=30),
                       max(1, repeats // 2))
    return {"histogram_s": fused, "histogram_batch_kernel_s": batch}


def bench_analysis(n_deals: int, seed: int = 0) -> dict[str, float]:
    rng = np.random.default_rng(seed)
    deals = [list(rng.choice(52, 6, replace=False)) for _ in range(n_deals)]
    analyze_discards(deals[0], True)
    times = []
    for i, six in enumerate(deals):
        start = time.perf_counter()
        analyze_discards(six, my_crib=bool(i & 1))
        times.append(time.perf_counter() - start)
    return {"analyze_median_ms": statistics.median(times) * 1e3,
            "analyze_p95_ms": float(np.percentile(times, 95)) * 1e3}


def bench_random_games(n_games: int) -> dict[str, float]:
    simulate_random_games(100, 0)
    start = time.perf_counter()
    simulate_random_games(n_games, 1)
    compiled = n_games / (time.perf_counter() - start)
    rng = np.random.default_rng(2)
    n_py = max(10, n_games // 2000)
    start = time.perf_counter()
    for g in range(n_py):
        game = GameState.new(seed=g)
        while not game.is_over:
            seat = game.to_play if game.to_play is not None else \
                (0 if game.legal_actions(0) else 1)
            actions = game.legal_actions(seat)
            game.apply(seat, actions[rng.integers(len(actions))])
    referee = n_py / (time.perf_counter() - start)
    return {"random_games_per_s": compiled, "referee_random_games_per_s": referee}


def bench_variants(n_games: int) -> dict[str, float]:
    """Random games of each variant (``engine.rules.VARIANTS``) through the compiled driver,
    in one process: games a second."""
    out = {}
    for name, rules in VARIANTS.items():
        simulate_variant_games(100, 0, rules)  # warm-up
        start = time.perf_counter()
        simulate_variant_games(n_games, 1, rules)
        out[f"variant_{name}_games_per_s"] = n_games / (time.perf_counter() - start)
    return out


def bench_clone(repeats: int, seed: int = 3) -> dict[str, float]:
    """``GameState.clone()`` against ``copy.deepcopy`` of the same state: a game in its
    sixth deal (about 120 events), each timed as the best of ``repeats`` batches."""
    game, rng = GameState.new(seed), np.random.default_rng(seed)
    while game.deal_number < 6:
        seat = game.current_player()
        actions = game.legal_actions(seat)
        game.apply(seat, actions[rng.integers(len(actions))])
    batch = 100
    deep = _best_time(lambda: [copy.deepcopy(game) for _ in range(batch)], repeats) / batch
    clone = _best_time(lambda: [game.clone() for _ in range(batch)], repeats) / batch
    return {"deepcopy_us": deep * 1e6, "clone_us": clone * 1e6, "clone_speedup": deep / clone}


def _startup(env: dict[str, str]) -> tuple[float, float]:
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", _STARTUP_SNIPPET], env=env, check=True,
                         capture_output=True, text=True).stdout
    return float(out.strip().splitlines()[-1]), time.perf_counter() - start


def bench_startup() -> dict[str, float]:
    env = dict(os.environ)
    _startup(env)  # make sure the normal cache is populated
    warm_inside, warm_process = _startup(env)
    with tempfile.TemporaryDirectory() as cache:
        cold_inside, cold_process = _startup({**env, "NUMBA_CACHE_DIR": cache})
    return {"startup_warm_s": warm_inside, "startup_warm_process_s": warm_process,
            "startup_cold_s": cold_inside, "startup_cold_process_s": cold_process}


STEPS = ("histogram", "analysis", "games", "variants", "clone", "startup")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("bench", help="measure the engine's speed figures",
                              description=__doc__)
    p.add_argument("--quick", action="store_true", help="fewer repetitions (a smoke run)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--skip-startup", action="store_true",
                   help="skip the cold start (it recompiles every kernel, ~1 minute)")
    p.add_argument("--only", choices=STEPS, action="append",
                   help="measure only this figure (repeatable)")
    p.set_defaults(handler=run_bench)


def run_bench(args: argparse.Namespace) -> int:
    quick = args.quick
    results: dict[str, object] = {"machine": machine()}
    steps = [
        ("histogram", lambda: bench_histogram(1 if quick else 5)),
        ("analysis", lambda: bench_analysis(100 if quick else 2000)),
        ("games", lambda: bench_random_games(10_000 if quick else 200_000)),
        ("variants", lambda: bench_variants(10_000 if quick else 100_000)),
        ("clone", lambda: bench_clone(3 if quick else 20)),
    ]
    if not args.skip_startup:
        steps.append(("startup", bench_startup))
    if args.only:
        steps = [step for step in steps if step[0] in args.only]
    for name, step in steps:
        if not args.json:
            print(f"... {name}", file=sys.stderr, flush=True)
        results.update(step())
    if args.json:
        print(json.dumps(results, indent=1))
        return 0
    r = results
    print(f"machine: {r['machine']}")
    if "histogram_s" in r:
        print(f"exhaustive histogram, 12,994,800 hands (one core): {r['histogram_s']:.3f} s"
              f" (target < 1 s); via the generic batch kernel: "
              f"{r['histogram_batch_kernel_s']:.3f} s")
    if "analyze_median_ms" in r:
        print(f"analyze_discards, 15 splits exact: median {r['analyze_median_ms']:.2f} ms, "
              f"p95 {r['analyze_p95_ms']:.2f} ms (target median < 2 ms)")
    if "random_games_per_s" in r:
        print(f"random-vs-random complete games, compiled loop: "
              f"{r['random_games_per_s']:,.0f} games/s (target >= 20,000); through the "
              f"GameState referee: {r['referee_random_games_per_s']:,.0f} games/s")
    for name in VARIANTS:
        if f"variant_{name}_games_per_s" in r:
            print(f"random games, {name}, compiled driver, one process: "
                  f"{r[f'variant_{name}_games_per_s']:,.0f} games/s (target >= 30,000)")
    if "clone_us" in r:
        print(f"GameState.clone(): {r['clone_us']:.1f} us; copy.deepcopy: "
              f"{r['deepcopy_us']:.0f} us ({r['clone_speedup']:.0f}x faster; target >= 20x)")
    if "startup_warm_s" in r:
        print(f"import engine + first analyze_discards: warm cache {r['startup_warm_s']:.2f} s "
              f"(process {r['startup_warm_process_s']:.2f} s; target < 2 s), cold cache "
              f"{r['startup_cold_s']:.1f} s (process {r['startup_cold_process_s']:.1f} s)")
    return 0
