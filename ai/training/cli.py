"""``cribbage train ...``: build the learned players' tables."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
from tqdm import tqdm

from ai.match.jobs import add_backend_arguments, backend_from
from ai.match.runner import MAX_GAMES
from ai.tables import evolved as table
from ai.tables.files import resume_point
from ai.training import checkpoints, evolve
from engine.arguments import decimal, output_file, seed, whole, workers
from engine.errors import UsageError

# the sizes of the training runs: each about a thousand times its default, hours to days of
# work; more is a mistyped number (and the learning curves kept grow with them)
MAX_ITERATIONS = 10**11  # evolved: 1,000 times the default
MAX_EVALUATE = 1_000_000  # deals measured exactly, about a millisecond each
MAX_EXPERT_GAMES = 200_000  # the expert's deal samples are kept: about ten a game
MAX_SIMS = 1_000_000  # pegging plays per kept hand and role: 250 times the default


def register(subparsers: argparse._SubParsersAction) -> None:
    train = subparsers.add_parser("train", help="train a learned player's table",
                                  description="Train the evolved discarder or the strategy "
                                              "weights, or build the pegging statistics.")
    kinds = train.add_subparsers(dest="kind", metavar="KIND", required=True)

    p = kinds.add_parser("evolved", help="Kendall & Shaw's evolved discarder",
                         description=evolve.__doc__,
                         formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--iterations", "-n", type=whole(0, MAX_ITERATIONS, "iterations"),
                   default=100_000_000)
    p.add_argument("--variant", choices=evolve.VARIANTS, default="threshold",
                   help="threshold: the paper's rule (default); coevolve: the paper's "
                        "same-hand variant; expected: the evolution strategy that converges")
    p.add_argument("--p", type=decimal(0, 1, above=True), default=0.65,
                   help="failure threshold (threshold), above 0 and at most 1")
    p.add_argument("--sd", type=decimal(0, 1, above=True), default=0.1,
                   help="mutation standard deviation, above 0 and at most 1 (the values "
                        "are in 0..1)")
    p.add_argument("--bounded", action="store_true",
                   help="keep values in 0.1..0.9 (always on for --variant expected)")
    p.add_argument("--seed", type=seed, default=0)
    p.add_argument("--out", type=output_file, required=True, help="the .npz to write")
    p.add_argument("--checkpoint-every", type=whole(0, MAX_ITERATIONS, "iterations"),
                   default=0, metavar="N",
                   help="also write OUT.ckpt-<iterations>.npz every N iterations")
    p.add_argument("--resume", type=Path,
                   help="continue from this table or checkpoint (one cut short by a kill: "
                        "from the newest whole checkpoint before it)")
    p.add_argument("--evaluate", type=whole(0, MAX_EVALUATE, "deals"), default=1000,
                   metavar="DEALS",
                   help="measure the result exactly on this many deals (0: skip)")
    p.set_defaults(handler=_train_evolved)
    _register_more(kinds)
    _register_bench(subparsers)


def _register_more(kinds) -> None:
    """The weights and pegging-statistics trainers register themselves here."""
    try:
        from ai.training import weights_cli
    except ImportError:  # pragma: no cover - during development only
        return
    weights_cli.register(kinds)
    _register_expert(kinds)


def _register_expert(kinds) -> None:
    from ai.tables import expert as expert_tables

    p = kinds.add_parser("expert", help="the expert player's win-probability tables",
                         description=expert_tables.__doc__,
                         formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", "-n", type=whole(1, MAX_EXPERT_GAMES, "games"), default=3000,
                   help="games whose complete deals are the samples")
    p.add_argument("--players", nargs=2, metavar=("A", "B"), default=("mueller", "mueller"),
                   help="who plays them (default: mueller mueller; e.g. expert expert, or "
                        "expert:FILE expert:FILE to build again from a table's own games)")
    p.add_argument("--seed", type=seed, default=1)
    p.add_argument("--workers", type=workers, default=None,
                   help="processes (default: the cores, at most 2)")
    p.add_argument("--out", type=output_file, required=True, help="the .npz to write")
    add_backend_arguments(p)
    p.set_defaults(handler=_train_expert)

    from ai.tables import expert_pegging

    p = kinds.add_parser("expert-pegging", help="the expert's table of every play (both "
                         "hands known)", description=expert_pegging.__doc__,
                         formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--workers", type=workers, default=None,
                   help="processes (default: the cores, at most 2)")
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("--out", type=output_file, help="the .npz to write")
    what.add_argument("--check", nargs="?", const="", metavar="TABLE",
                      help="rebuild and compare with a table instead (default: the shipped "
                           "one); exit status 1 if any play differs")
    p.add_argument("--rows", type=_rows, default=None, metavar="FIRST:LAST",
                   help="with --check: only these rows (hands 0..1819)")
    add_backend_arguments(p)
    p.set_defaults(handler=_train_expert_pegging)

    from ai.tables import lead_model

    p = kinds.add_parser("expert-leads", help="the expert's table of how a pone leads and a "
                         "dealer answers",
                         description=lead_model.__doc__,
                         formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--workers", type=workers, default=None,
                   help="processes (default: the cores, at most 2)")
    p.add_argument("--out", type=output_file, required=True, help="the .npz to write")
    add_backend_arguments(p)
    p.set_defaults(handler=_train_expert_leads)

    p = kinds.add_parser("expert-acc", help="expert:acc's table of expected ACC points",
                         description=expert_tables.__doc__,
                         formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tables", type=Path, default=None,
                   help="the expert tables whose deal samples it uses (default: shipped)")
    p.add_argument("--out", type=output_file, required=True, help="the .npz to write")
    p.set_defaults(handler=_train_expert_acc)


def _train_expert(args: argparse.Namespace) -> int:
    from ai.tables import expert as expert_tables
    from ai.training import expert_build

    if args.games < 1:
        raise UsageError("--games must be at least 1")
    workers = args.workers or expert_build.default_workers()
    players = tuple(args.players)
    from ai.registry import make_player
    for name in players:  # a name that is no player is refused before any game
        make_player(name).close()
    start = time.perf_counter()
    with tqdm(total=args.games, unit="game", desc="deal samples", disable=None) as bar:
        tables, meta = expert_build.build(args.games, args.seed, workers, bar.update,
                                          backend_from(args), players)
    seconds = time.perf_counter() - start
    expert_tables.save(args.out, tables, {**meta, "build_seconds": round(seconds, 1)})
    W = tables.W
    print(f"wrote {args.out}: {meta['deals']:,} deals from {args.games:,} games in "
          f"{seconds:.1f} s; the first dealer wins {W[1, 0, 0]:.1%} from 0-0")
    return 0


def _train_expert_pegging(args: argparse.Namespace) -> int:
    from ai.tables import expert_pegging
    from ai.tables.index import N_FOUR
    from ai.training import expert_build

    if args.rows is not None and args.check is None:
        raise UsageError("--rows goes with --check (a table is built whole)")
    rows = args.rows or (0, N_FOUR)
    workers = args.workers or expert_build.default_workers()
    start = time.perf_counter()
    with tqdm(total=rows[1] - rows[0], unit="hand", desc="plays", disable=None) as bar:
        V = expert_build.pegging_table(workers, bar.update, backend_from(args), rows)
    seconds = time.perf_counter() - start
    if args.check is not None:
        return _check_pegging(V, rows, args.check or None, seconds)
    expert_pegging.save(args.out, V, {"build_seconds": round(seconds, 1)})
    fits = V != expert_pegging.INFEASIBLE
    print(f"wrote {args.out}: {int(fits.sum()):,} plays in {seconds:.1f} s; the pone nets "
          f"{V[fits].mean():+.2f} a play on average over the pairs of hands")
    return 0


def _train_expert_leads(args: argparse.Namespace) -> int:
    from ai.tables import lead_model
    from ai.tables.index import N_FOUR
    from ai.training import expert_build

    workers = args.workers or expert_build.default_workers()
    start = time.perf_counter()
    with tqdm(total=2 * N_FOUR, unit="hand", desc="leads, replies", disable=None) as bar:
        L, R = expert_build.lead_table(workers, bar.update, backend_from(args))
    seconds = time.perf_counter() - start
    lead_model.save(args.out, L, R, {"build_seconds": round(seconds, 1)})
    spread = L.max(axis=1) - L.min(axis=1)
    print(f"wrote {args.out}: the leads and replies of {N_FOUR:,} hands in {seconds:.1f} s; "
          f"a hand's best lead beats its worst by {spread.mean():.2f} points on average")
    return 0


def _rows(text: str) -> tuple[int, int]:
    from ai.tables.index import N_FOUR

    first, sep, last = text.partition(":")
    try:
        rows = (int(first), int(last))
    except ValueError:
        rows = (0, 0)
    if not sep or not 0 <= rows[0] < rows[1] <= N_FOUR:
        raise argparse.ArgumentTypeError(f"rows are FIRST:LAST with 0 <= FIRST < LAST <= "
                                         f"{N_FOUR}, not {text!r}")
    return rows


def _check_pegging(V: np.ndarray, rows: tuple[int, int], table: str | None,
                   seconds: float) -> int:
    """Compare rebuilt rows with a table's: 0 if identical, 1 (naming the first
    difference) if not."""
    from ai.tables import expert_pegging

    shipped = expert_pegging.load(table).V[rows[0]:rows[1]]
    name = table or "the shipped table"
    differ = np.argwhere(shipped != V)
    where = f"rows {rows[0]}:{rows[1]} of {name}"
    if len(differ):
        a, b = (int(x) for x in differ[0])
        plays = f"{len(differ):,} plays differ" if len(differ) > 1 else "1 play differs"
        print(f"{where}: {plays} from a rebuild; the first: hands "
              f"{rows[0] + a} and {b}, {int(shipped[a, b])} in the table, {int(V[a, b])} "
              f"rebuilt")
        return 1
    fits = V != expert_pegging.INFEASIBLE
    print(f"{where}: identical to a rebuild ({int(fits.sum()):,} plays in {seconds:.1f} s)")
    return 0


def _train_expert_acc(args: argparse.Namespace) -> int:
    from ai.tables import expert as expert_tables
    from ai.training import expert_build

    tables = expert_tables.load(args.tables)
    start = time.perf_counter()
    A = expert_build.win_probabilities(tables.samples, "acc")
    seconds = time.perf_counter() - start
    expert_tables.save_acc(args.out, A, {
        "deals": int(tables.samples["heels"].shape[0]), "build_seconds": round(seconds, 1)})
    print(f"wrote {args.out}: expected ACC points by position from "
          f"{tables.samples['heels'].shape[0]:,} deals in {seconds:.1f} s; the first dealer "
          f"nets {expert_tables.acc_points(A[1, 0, 0]):+.3f} points a game from 0-0")
    return 0


def _train_evolved(args: argparse.Namespace) -> int:
    try:
        config = evolve.EvolveConfig(
            iterations=args.iterations, p=args.p, sd=args.sd,
            bounded=args.bounded or args.variant == "expected", variant=args.variant,
            seed=args.seed)
    except ValueError as exc:  # (the arguments' own checks come first)
        raise UsageError(str(exc)) from exc
    values, done = None, 0
    if args.resume:
        resume, (values, meta) = checkpoints.resume_from(args.resume, table.load)
        done = resume_point(resume, meta, "iterations_done", config.iterations,
                            "iterations")
    checkpoints.remove_leftovers(args.out)
    start = time.perf_counter()

    def checkpoint(v, n) -> None:
        path = checkpoints.checkpoint_path(args.out, n)
        evolve.save(path, v, config, n, time.perf_counter() - start)

    with tqdm(total=config.iterations, initial=done, unit="it", unit_scale=True,
              desc=f"evolved ({config.variant})", disable=None) as bar:
        values, curve = evolve.train(config, values=values, done=done, progress=bar.update,
                                     checkpoint=checkpoint,
                                     checkpoint_every=args.checkpoint_every)
    seconds = time.perf_counter() - start
    evolve.save(args.out, values, config, config.iterations, seconds)
    rate = (config.iterations - done) / seconds if seconds else 0.0
    print(f"wrote {args.out}: {config.iterations:,} iterations in {seconds:.1f} s "
          f"({rate:,.0f} per s)")
    if curve:
        print(f"mean result per chunk: first {curve[0]:.2f}, last {curve[-1]:.2f}")
    if args.evaluate:
        e = evolve.evaluate(values, args.evaluate)
        print(f"exact check on {args.evaluate} deals: mean net {e['mean_net']:.2f} "
              f"(best possible {e['best_net']:.2f}), best discard chosen "
              f"{e['optimal_rate']:.1%} of the time")
    return 0


# ---------------------------------------------------------------------------- bench-cluster
def _register_bench(subparsers: argparse._SubParsersAction) -> None:
    c = subparsers.add_parser(
        "bench-cluster", help="measure the Ray backend against this machine's processes",
        description="Print what one chunk of work costs on each backend, the six-level "
                    "duplicate tournament's time and the pegging statistics' build time on "
                    "each (a local Ray instance, or the cluster at --address), and check "
                    "their results are the same.",
        epilog="example: cribbage bench-cluster --tournament-games 200")
    c.add_argument("--tournament-games", type=whole(1, MAX_GAMES, "games"), default=100,
                   help="games per pair")
    c.add_argument("--pegging-sims", type=whole(0, MAX_SIMS), default=1000, metavar="N",
                   help="train pegging-stats with N plays a hand and role (0: skip)")
    c.add_argument("--workers", "-j", type=workers, default=2)
    c.add_argument("--address", default=None, metavar="auto|HOST:PORT",
                   help="a running Ray cluster (default: a local Ray instance)")
    c.set_defaults(handler=_bench_cluster)


def _bench_cluster(args: argparse.Namespace) -> int:
    from ai.training.bench import bench_cluster

    if min(args.tournament_games, args.workers) < 1 or args.pegging_sims < 0:
        raise UsageError("--tournament-games and --workers must be at least 1, "
                         "--pegging-sims at least 0")
    try:
        bench_cluster(args.tournament_games, args.workers, args.address,
                      pegging_sims=args.pegging_sims)
    except AssertionError as exc:
        print(f"cribbage bench-cluster: {exc}", file=sys.stderr)
        return 1
    return 0
