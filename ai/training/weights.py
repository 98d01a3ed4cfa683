"""Training the thesis's score-aware strategy weights (the model, its file and the
matrix S a player computes are ``ai.tables.weights``).

**Thesis rule** (3.3, 4.2), and how we read its ambiguous parts. After each game the
strategies "most responsible" for each chosen option (those with the column's highest S)
are scaled along the visited path by c_j = C (1 - d)^(T - j) with C proportional to the
final spread. A literal w' = c w breaks on losses (c < 0 gives negative weights) and its
scale is unspecified, so we apply w' = e^{c_j} w with C = s * spread / 121: wins grow the
responsible weights, losses shrink them, both by at most e^s. The regulariser
"w' = max{r, c w}" is described as a hard limit on the maximum value, so we read it as
min{r, e^{c_j} w} (a cap). Then w is L1-normalised. Exploration is epsilon-greedy (a uniform
option) with a constant epsilon or epsilon = k - Var(w); exploring starts draw the two
starting scores at most 60 apart; losses may be punished less (C times a factor, 1/4 in the
thesis); neighbour blending plays with X w + Y mean of the 8 neighbours; semi-pure
initialisation puts 70% on one strategy; the opponent is the agent itself (both learn) or a
pool of fixed tables.

**Policy-gradient rule** (``pg``): on the same model, the training policy samples an option
from softmax(beta p) and, after the game, takes an exponentiated-gradient REINFORCE step on
each visited w: w_i <- w_i exp(lr A (1 - d)^(T - j) beta (S_ij - E_pi[S_i])) / Z, where
A = spread / 121 minus a running baseline; the step is shared with board positions within
``radius`` points (weight 1 / (1 + distance)), so sparse positions learn from their
neighbours. Play stays argmax p, as in the model.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

from ai.match.jobs import LOCAL, Backend, finished, run_jobs
from ai.tables.index import N_FOUR, all_four_rank_hands
from ai.tables.splits import split_tables
from ai.tables.weights import (
    REBUILD,
    SHAPE,
    STRATEGIES,
    PeggingStats,
    load,
    load_pegging_stats,
)
from ai.tables.weights_kernels import MAX_PEG
from ai.training import _weights as K
from engine.errors import UsageError

CHUNK = 10_000


# ---------------------------------------------------------------------------- pegging stats
STREAMS = ("per-hand", "sequential")
PEGGING_HANDS = 35  # kept rank hands a job (52 jobs)


def build_pegging_stats(sims: int, seed: int, stream: str = "per-hand", workers: int = 1,
                        progress: Callable[[int], None] | None = None,
                        backend: Backend = LOCAL) -> PeggingStats:
    """The pegging statistics: ``sims`` greedy plays per kept rank hand and role.

    ``per-hand``: each hand and role has its own random stream, seeded by ``seed``, the
    hand's index and the role, so the hands are split into jobs (``workers`` processes or a
    Ray cluster, ``backend``) with the same result whatever the split. ``sequential``: one
    stream over every hand in turn, in this process (the shipped statistics were built so,
    and ``--stream sequential`` rebuilds them exactly). ``progress`` is called with the
    number of hands done; a run stopped early raises ``StoppedEarly``."""
    if sims < 1:
        raise UsageError("--sims must be at least 1")
    if seed < 0:
        raise UsageError("--seed must be 0 or more")
    if stream not in STREAMS:
        raise UsageError(f"unknown stream {stream!r}; one of {', '.join(STREAMS)}")
    gained = np.zeros((N_FOUR, 2, MAX_PEG), dtype=np.int64)
    given = np.zeros_like(gained)
    if stream == "sequential":
        if workers > 1 or backend.kind != "local":
            raise UsageError("--stream sequential is one random stream over every hand in "
                             "turn, so it runs in one process; --stream per-hand splits the "
                             "hands across workers or a Ray cluster")
        K.build_pegging_stats(sims, seed, gained, given)
        if progress:
            progress(N_FOUR)
        return PeggingStats(gained, given)
    jobs = [(sims, seed, first, min(N_FOUR, first + PEGGING_HANDS))
            for first in range(0, N_FOUR, PEGGING_HANDS)]
    done = run_jobs(pegging_rows, jobs, workers, size=lambda job: job[3] - job[2],
                    progress=progress, backend=backend)
    for (_, _, first, last), (_, (g, v)) in zip(jobs, finished(done, len(jobs)), strict=True):
        gained[first:last], given[first:last] = g, v
    return PeggingStats(gained, given)


@functools.cache
def _kept_hands() -> np.ndarray:
    """Every kept rank hand, by index: made once per worker process (10 ms), not per job."""
    return all_four_rank_hands()


def stream_seeds(seed: int, first: int, last: int) -> np.ndarray:
    """(last - first, 2) the random streams' seeds of the kept rank hands ``first`` ..
    ``last - 1`` (by index) and the roles: numpy's SeedSequence of (seed, hand, role)."""
    return np.array([[np.random.SeedSequence([seed, h, role]).generate_state(1)[0]
                      for role in range(2)] for h in range(first, last)], dtype=np.int64)


def pegging_rows(job: tuple[int, int, int, int]) -> tuple[np.ndarray, np.ndarray]:
    """One job of the per-hand statistics: (sims, seed, first, last) -> the hands' rows of
    the gained and given histograms."""
    sims, seed, first, last = job
    gained = np.zeros((last - first, 2, MAX_PEG), dtype=np.int64)
    given = np.zeros_like(gained)
    K.build_pegging_rows(sims, _kept_hands()[first:last].copy(),
                         stream_seeds(seed, first, last), gained, given)
    return gained, given


# ---------------------------------------------------------------------------- the tables
def random_weights(seed: int) -> np.ndarray:
    """Randomly allocated weights, as the thesis starts: uniform, then L1-normalised."""
    w = np.random.default_rng(seed).uniform(0.0, 1.0, SHAPE)
    return w / w.sum(axis=-1, keepdims=True)


def pure_weights(strategy: str, share: float = 1.0) -> np.ndarray:
    """All positions on one strategy (``share``), the rest spread evenly (semi-pure: 0.7)."""
    index = STRATEGIES.index(strategy)
    w = np.full(SHAPE, (1.0 - share) / (len(STRATEGIES) - 1))
    w[..., index] = share
    return w


def initial_weights(spec: str, seed: int) -> np.ndarray:
    """``random``, ``pure:NAME``, ``semi-pure:NAME`` (70%) or a weights file."""
    kind, _, arg = spec.partition(":")
    if kind == "random":
        return random_weights(seed)
    if kind in ("pure", "semi-pure"):
        if arg not in STRATEGIES:
            raise ValueError(f"unknown strategy {arg!r}: one of {', '.join(STRATEGIES)}")
        return pure_weights(arg, 1.0 if kind == "pure" else 0.7)
    return load(Path(spec))[0]


# ---------------------------------------------------------------------------- training
@dataclass(frozen=True)
class TrainConfig:
    games: int = 1_000_000
    rule: str = "pg"  # "thesis" or "pg"
    scale: float = 0.5  # s: the thesis rule's C = s * spread / 121
    decay: float = 0.1  # d
    epsilon: float = 0.3
    epsilon_mode: str = "constant"  # or "variance": epsilon = k - Var(w)
    k: float = 0.3
    cap: float = 1.0  # r (1: no cap)
    loss_factor: float = 1.0  # 0.25: punish losses less (thesis 4.2)
    blend: float = 1.0  # X (1: no neighbour blending)
    beta: float = 12.0  # pg: softmax sharpness over p
    lr: float = 0.05  # pg: step size
    baseline_rate: float = 0.001  # pg: running-mean rate of the baseline
    radius: int = 3  # pg: share each step with positions within this many points
    exploring_starts: bool = True
    spread: int = 60
    self_play: bool = False
    pool: tuple[str, ...] = ("random:101", "random:102", "random:103", "random:104")
    update_pegging: bool = False
    init: str = "random"
    seed: int = 0

    def __post_init__(self) -> None:
        if self.rule not in ("thesis", "pg"):
            raise ValueError(f"unknown rule {self.rule!r}: thesis or pg")
        if self.epsilon_mode not in ("constant", "variance"):
            raise ValueError("epsilon mode: constant or variance")
        if not 0 < self.cap <= 1 or not 0 <= self.blend <= 1 or not 0 <= self.decay <= 1:
            raise ValueError("need 0 < cap <= 1, 0 <= blend <= 1, 0 <= decay <= 1")
        if self.games < 0:
            raise ValueError("games must be >= 0")

    def kernel_params(self, evaluate: bool = False) -> tuple[np.ndarray, np.ndarray]:
        fp = np.array([self.scale, self.decay, self.epsilon, self.k, self.cap,
                       self.loss_factor, self.blend, self.beta, self.lr, self.baseline_rate])
        ip = np.array([0 if self.rule == "thesis" else 1,
                       0 if self.epsilon_mode == "constant" else 1,
                       int(self.exploring_starts), self.spread, int(self.self_play),
                       int(self.update_pegging), self.radius, int(evaluate)],
                      dtype=np.int64)
        return fp, ip


def pool_tables(specs: tuple[str, ...]) -> np.ndarray:
    """The opponents' tables: ``random:SEED``, ``pure:NAME``, ``semi-pure:NAME`` or files."""
    return np.stack([initial_weights(spec, int(spec.partition(":")[2])
                                     if spec.startswith("random:") else 0)
                     for spec in specs])


@dataclass
class Trainer:
    """Runs training in chunks; chunk ``k`` is seeded by (seed, k), so a run resumed from
    a checkpoint continues as the uninterrupted run would."""

    config: TrainConfig
    weights: np.ndarray | None = None
    pegging: PeggingStats | None = None
    done: int = 0
    baseline: np.ndarray = field(default_factory=lambda: np.zeros(1))
    curve: list[tuple[int, float, float]] = field(default_factory=list)  # games, win, spread

    def __post_init__(self) -> None:
        if self.weights is None:
            self.weights = initial_weights(self.config.init, self.config.seed)
        self.pegging = self.pegging or load_pegging_stats()
        self.crib_rank_mean = split_tables()[1]
        self.pool = pool_tables(self.config.pool) if not self.config.self_play \
            else self.weights[None]

    def run(self, progress: Callable[[int], None] | None = None,
            checkpoint: Callable[[Trainer], None] | None = None,
            checkpoint_every: int = 0) -> None:
        fp, ip = self.config.kernel_params()
        assert self.weights is not None and self.pegging is not None  # set on creation
        since = 0
        while self.done < self.config.games:
            n = min(CHUNK, self.config.games - self.done)
            seed = int(np.random.SeedSequence([self.config.seed, self.done // CHUNK])
                       .generate_state(1)[0])
            results = np.zeros((n, 2))
            peg = self.pegging.tables()
            K.train_games(self.weights, self.pool, n, seed, fp, ip, self.crib_rank_mean,
                          *peg, self.pegging.gained, self.pegging.given, self.baseline,
                          results)
            self.done += n
            since += n
            self.curve.append((self.done, float(results[:, 0].mean()),
                               float(results[:, 1].mean())))
            if progress:
                progress(n)
            if checkpoint and checkpoint_every and since >= checkpoint_every:
                checkpoint(self)
                since = 0

    def meta(self, seconds: float) -> dict:
        return {"config": asdict(self.config), "games_done": self.done,
                "training_seconds": round(seconds, 1), "rebuild": REBUILD,
                "curve": self.curve[-200:], "baseline": float(self.baseline[0])}
