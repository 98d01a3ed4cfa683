"""``cribbage train weights`` and ``cribbage train pegging-stats``."""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

import numpy as np
from tqdm import tqdm

from ai.match.jobs import add_backend_arguments, backend_from
from ai.tables import weights as table
from ai.tables.files import resume_point, resume_value
from ai.tables.index import N_FOUR
from ai.training import checkpoints
from ai.training import weights as model
from engine.arguments import decimal, output_file, seed, whole, workers
from engine.bounded import quote
from engine.errors import UsageError
from engine.rules import WINNING_SCORE

# training games: a thousand times the default (the learning curve keeps a point for each
# 10,000 games); more is a mistyped number
MAX_TRAINING_GAMES = 10**9
MAX_RADIUS = 20  # pg's sharing radius: each step touches (2r + 1)^2 board positions
MAX_SIMS = 1_000_000  # pegging plays per kept hand and role: 250 times the default
MAX_POOL = 32  # opponents' tables, 1.9 MB each in memory


# the training's decimal settings: flag, lowest, highest, its help ({bounds}: the range)
DECIMALS = (
    ("--scale", 0, 10, "thesis rule: s ({bounds})"),
    ("--decay", 0, 1, "d, along the path ({bounds})"),
    ("--epsilon", 0, 1, "thesis rule: the exploration rate ({bounds})"),
    ("--k", 0, 1, "epsilon = k - Var(w) ({bounds})"),
    ("--cap", 0, 1, "r: the weights' cap ({bounds})"),
    ("--loss-factor", 0, 10, "punish losses by this fraction (thesis: 0.25; {bounds})"),
    ("--blend", 0, 1, "X: own weights' share against the neighbours' (1: no blending)"),
    ("--beta", 0, 100, "pg: softmax sharpness ({bounds})"),
    ("--lr", 0, 10, "pg: step size ({bounds})"),
)


def register(kinds) -> None:
    d = model.TrainConfig()
    p = kinds.add_parser(
        "weights", help="the thesis's score-aware strategy weights",
        description=f"{table.__doc__}\n{model.__doc__}",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", "-n", type=whole(0, MAX_TRAINING_GAMES, "games"),
                   default=d.games, help="training games (0: just write the initial table)")
    p.add_argument("--rule", choices=("pg", "thesis"), default=d.rule)
    p.add_argument("--init", default=d.init, type=_table_spec,
                   help="random, pure:STRATEGY, semi-pure:STRATEGY (70%%) or a weights file")
    p.add_argument("--pool", nargs="+", default=list(d.pool), metavar="TABLE",
                   type=_table_spec,
                   help="opponents: random:SEED, pure:STRATEGY, semi-pure:STRATEGY, files")
    p.add_argument("--self-play", action="store_true",
                   help="train against itself, both seats learning (the thesis's setup)")
    # every number finite and in a range where the updates stay finite (exp of a step)
    for flag, low, high, text in DECIMALS:
        if flag == "--k":  # (after the mode it belongs to)
            p.add_argument("--epsilon-mode", choices=("constant", "variance"),
                           default=d.epsilon_mode)
        above = flag == "--cap"  # (a cap of 0 would leave no weight at all)
        bounds = f"above {low}, at most {high}; 1: none" if above else f"{low} to {high}"
        p.add_argument(flag, type=decimal(low, high, above=above),
                       default=getattr(d, flag[2:].replace("-", "_")),
                       help=text.format(bounds=bounds))
    p.add_argument("--radius", type=whole(0, MAX_RADIUS), default=d.radius,
                   help=f"pg: sharing radius (0 to {MAX_RADIUS} points)")
    p.add_argument("--no-exploring-starts", action="store_true")
    p.add_argument("--spread", type=whole(0, WINNING_SCORE - 1), default=d.spread,
                   help=f"exploring starts: the largest starting score difference (0 to "
                        f"{WINNING_SCORE - 1})")
    p.add_argument("--update-pegging", action="store_true",
                   help="add each training deal's pegging to the statistics (thesis)")
    p.add_argument("--seed", type=seed, default=d.seed)
    p.add_argument("--out", type=output_file, required=True)
    p.add_argument("--checkpoint-every", type=whole(0, MAX_TRAINING_GAMES, "games"),
                   default=0, metavar="N",
                   help="write OUT.ckpt-<games>.npz every N games (at the first multiple of "
                        f"{model.CHUNK:,} games, the training chunk, past each N)")
    p.add_argument("--resume", type=Path,
                   help="continue a run from a checkpoint (one cut short by a kill: from "
                        "the newest whole checkpoint before it)")
    p.set_defaults(handler=_train_weights)

    q = kinds.add_parser("pegging-stats", help="the pegging statistics the weights use",
                         description="Simulate greedy-vs-greedy play for every kept four-rank"
                                     " hand and role and write the points histograms.")
    q.add_argument("--sims", type=whole(1, MAX_SIMS), default=4000,
                   help="plays per kept hand and role")
    q.add_argument("--seed", type=seed, default=0)
    q.add_argument("--stream", choices=model.STREAMS, default="per-hand",
                   help="per-hand: a random stream per hand and role, split into jobs "
                        "(the same result on any workers or backend); sequential: one "
                        "stream over every hand in turn, in one process (how the shipped "
                        "statistics were built)")
    q.add_argument("--workers", type=workers, default=None,
                   help="worker processes (default: up to 2); with --stream per-hand")
    add_backend_arguments(q)
    q.add_argument("--out", type=output_file, required=True)
    q.set_defaults(handler=_pegging_stats)


def _table_spec(text: str) -> str:
    """An argparse type: a table for --init or --pool: random (random:SEED in a pool),
    pure:STRATEGY, semi-pure:STRATEGY, or a weights file (read when the training starts)."""
    kind, colon, arg = text.partition(":")
    if kind == "random":
        if colon:
            seed(arg)  # (its message says what a seed is)
        return text
    if kind in ("pure", "semi-pure") and colon:
        if arg not in table.STRATEGIES:
            raise argparse.ArgumentTypeError(f"unknown strategy {quote(arg, 40)}; one of "
                                             f"{', '.join(table.STRATEGIES)}")
        return text
    return text  # a weights file: loading it says what is wrong with it


def _config(args: argparse.Namespace) -> model.TrainConfig:
    return model.TrainConfig(
        games=args.games, rule=args.rule, scale=args.scale, decay=args.decay,
        epsilon=args.epsilon, epsilon_mode=args.epsilon_mode, k=args.k, cap=args.cap,
        loss_factor=args.loss_factor, blend=args.blend, beta=args.beta, lr=args.lr,
        radius=args.radius, exploring_starts=not args.no_exploring_starts,
        spread=args.spread, self_play=args.self_play, pool=tuple(args.pool),
        update_pegging=args.update_pegging, init=args.init, seed=args.seed)


def _train_weights(args: argparse.Namespace) -> int:
    if len(args.pool) > MAX_POOL:
        raise UsageError(f"--pool takes at most {MAX_POOL} tables, not {len(args.pool)}")
    try:
        config = _config(args)
    except ValueError as exc:  # (the arguments' own checks come first)
        raise UsageError(str(exc)) from exc
    trainer_kwargs: dict[str, Any] = {}
    if args.resume:
        resume, ((weights, meta), pegging) = checkpoints.resume_from(
            args.resume, lambda path: (table.load(path), table.load_pegging_from(path)))
        trainer_kwargs = {
            "weights": weights, "pegging": pegging,
            "done": resume_point(resume, meta, "games_done", config.games, "games"),
            "baseline": np.array([resume_value(resume, meta, "baseline", 0.0)])}
    checkpoints.remove_leftovers(args.out)
    trainer = model.Trainer(config, **trainer_kwargs)
    start = time.perf_counter()

    def save(path: Path) -> None:
        assert trainer.weights is not None  # the trainer makes them
        table.save(path, trainer.weights, trainer.meta(time.perf_counter() - start),
                   trainer.pegging if config.update_pegging else None)

    def checkpoint(t: model.Trainer) -> None:
        save(checkpoints.checkpoint_path(args.out, t.done))

    with tqdm(total=config.games, initial=trainer.done, unit="game", unit_scale=True,
              desc=f"weights ({config.rule})", disable=None) as bar:
        trainer.run(progress=bar.update, checkpoint=checkpoint,
                    checkpoint_every=args.checkpoint_every)
    seconds = time.perf_counter() - start
    save(args.out)
    trained = config.games - trainer_kwargs.get("done", 0)
    rate = f" ({trained / seconds:,.0f} games/s)" if trained and seconds else ""
    print(f"wrote {args.out}: {config.games:,} games{rate} in {seconds:.1f} s")
    if trainer.curve:
        first, last = trainer.curve[0], trainer.curve[-1]
        print(f"training win rate (with exploration): first chunk {first[1]:.1%}, "
              f"last {last[1]:.1%}")
    return 0


def _pegging_stats(args: argparse.Namespace) -> int:
    from ai.training.expert_build import default_workers

    workers = args.workers or (default_workers() if args.stream == "per-hand" else 1)
    start = time.perf_counter()
    with tqdm(total=N_FOUR, unit="hand", desc=f"plays ({args.stream})", disable=None) as bar:
        stats = model.build_pegging_stats(args.sims, args.seed, args.stream, workers,
                                          bar.update, backend_from(args))
    table.save_pegging_stats(args.out, stats, {"sims": args.sims, "seed": args.seed,
                                               "stream": args.stream})
    print(f"wrote {args.out}: {args.sims:,} plays per kept hand and role in "
          f"{time.perf_counter() - start:.1f} s")
    return 0
