"""Training Kendall & Shaw's evolved discarder.

Per suitless six-card hand (all 18,395 rank multisets) one real value per card, in two sets
(own crib, opponent's crib); the player throws the two lowest. Training (``threshold``, the
paper's main method): deal a hand, throw the two lowest, cut a starter, put two random
opponent cards in the crib, and compare the result (hand plus or minus crib) with the best
discard for that cut; below ``p`` times the best (p = 0.65), the two discarded cards' values
get Gaussian noise (sd 0.1). When the best is zero or negative (a poor pone's hand), any
result below the best counts as a failure. Values are unconstrained unless ``bounded``
(the paper's first 0.1..0.9 experiment). ``coevolve`` is the paper's same-hand variant
against a random player (Fig. 5). Unlike the paper (nine training hands) every hand is
trained, uniformly.

As in the paper, the threshold rule learns but does not converge: a good discard "fails"
whenever another split happens to suit the cut better, so its values random-walk (measured
in docs/computer-players.md). ``expected`` makes the same model work: a (1+1) evolution
strategy that mutates a hand's six values (Gaussian, sd 0.1, bounded to 0.1..0.9) and keeps
the mutation only when the new two lowest make a split with an equal or better *expected*
net (hand plus or minus crib, exact over every starter and opponent toss, suits aside:
``_tables``). The shipped table is trained this way.

Training runs in chunks; chunk ``k`` is seeded by (seed, k), so a run resumed from a
checkpoint continues exactly as the uninterrupted run would have.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from ai.tables import evolved as table
from ai.tables.index import N_SIX, all_six_rank_hands, multiset_index
from ai.tables.splits import split_tables
from ai.training import _evolve
from engine.roles import DEALER, PONE

CHUNK = 1_000_000
VARIANTS = ("threshold", "coevolve", "expected")


@dataclass(frozen=True)
class EvolveConfig:
    iterations: int = 200_000_000
    p: float = 0.65
    sd: float = 0.1
    bounded: bool = False
    low: float = 0.1
    high: float = 0.9
    variant: str = "threshold"  # "threshold", "coevolve" or "expected"
    seed: int = 0

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS:
            raise ValueError(f"unknown variant {self.variant!r}: one of {', '.join(VARIANTS)}")
        if self.iterations < 0 or not 0 < self.p <= 1 or self.sd <= 0:
            raise ValueError("iterations >= 0, 0 < p <= 1 and sd > 0 are required")


def initial_values(seed: int) -> np.ndarray:
    """Random starting values in 0.1..0.9, as in the paper: (18564, 2, 6). (Drawn as when
    the dealer's values came first, so a seed still gives the same training run.)"""
    drawn = np.random.default_rng(seed).uniform(0.1, 0.9, (N_SIX, 2, 6))
    return np.ascontiguousarray(drawn[:, ::-1])


def train(config: EvolveConfig, values: np.ndarray | None = None, done: int = 0,
          progress: Callable[[int], None] | None = None,
          checkpoint: Callable[[np.ndarray, int], None] | None = None,
          checkpoint_every: int = 0) -> tuple[np.ndarray, list[float]]:
    """Train from ``values`` (random if None) having already done ``done`` iterations.
    Returns the values and the learning curve (mean result per chunk)."""
    values = initial_values(config.seed) if values is None else values
    hands = all_six_rank_hands()
    if config.variant == "expected":
        hand_mean, crib_mean = split_tables()
        net = np.empty((hand_mean.shape[0], 2, hand_mean.shape[1]))
        net[:, DEALER], net[:, PONE] = hand_mean + crib_mean, hand_mean - crib_mean
        indices = np.array([multiset_index(h) for h in hands], dtype=np.int64)
    curve: list[float] = []
    since_checkpoint = 0
    while done < config.iterations:
        n = min(CHUNK, config.iterations - done)
        chunk_seed = int(np.random.SeedSequence([config.seed, done // CHUNK])
                         .generate_state(1)[0])
        block = np.zeros(1)
        if config.variant == "threshold":
            _evolve.evolve_threshold(values, hands, n, config.p, config.sd, config.bounded,
                                     config.low, config.high, chunk_seed, block)
        elif config.variant == "coevolve":
            _evolve.evolve_coevolution(values, hands, n, config.sd, config.bounded,
                                       config.low, config.high, chunk_seed, block)
        else:
            _evolve.evolve_expected(values, hands, indices, net, n, config.sd,
                                    config.bounded, config.low, config.high, chunk_seed, block)
        curve.append(float(block[0]))
        done += n
        since_checkpoint += n
        if progress:
            progress(n)
        if checkpoint and checkpoint_every and since_checkpoint >= checkpoint_every:
            checkpoint(values, done)
            since_checkpoint = 0
    return values, curve


def save(path: Path, values: np.ndarray, config: EvolveConfig, done: int,
         seconds: float) -> None:
    table.save(path, values, {"config": asdict(config), "iterations_done": done,
                              "training_seconds": round(seconds, 1)})


def evaluate(values: np.ndarray, deals: int = 1000, seed: int = 12345) -> dict[str, float]:
    """How good the table's discards are, exactly: over ``deals`` random deals in each role,
    the mean expected net (hand plus or minus crib, ``analyze_discards``) of its choice, of
    the best choice, and how often it picks the best."""
    from engine import analyze_discards

    rng = np.random.default_rng(seed)
    mine = best = hits = 0.0
    for i in range(deals):
        six = [int(c) for c in rng.choice(52, 6, replace=False)]
        my_crib = bool(i % 2)
        options = analyze_discards(six, my_crib)
        toss, _, _ = table.choose(values, six, my_crib)
        chosen = next(o for o in options if set(o.toss) == set(toss))
        mine += chosen.net
        best += options[0].net
        hits += chosen.net >= options[0].net - 1e-9
    return {"mean_net": mine / deals, "best_net": best / deals, "optimal_rate": hits / deals}
