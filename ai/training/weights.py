"""The thesis's score-aware strategy weights: the model, its statistics and its training.

**Model** (thesis 3.1-3.2). Eight strategies rate the 15 keep/toss options of a deal:
hand_max_min, hand_max_avg, hand_max_med, hand_max_poss (the kept hand's exact min, mean,
median and max over the 46 starters), crib_min_avg (the exact expected crib, over every
opponent toss and starter), pegging_max_avg_gained, pegging_max_med_gained and
pegging_min_avg_given (from simulated greedy-vs-greedy play of the kept ranks, by role).
Each row is scaled linearly to 0..1 across the 15 options (reversed for the two minimisers)
into the 8 x 15 matrix S. A table w[dealer][own score][opponent score] holds a weight
vector on the simplex; the player keeps argmax p, p = w . S. It pegs greedily (most points
now, ties to the highest card), as the thesis's agent does.

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

from ai.training import _weights as K
from ai.training._tables import split_tables
from ai.training._weights import (  # noqa: F401 (players and the compiled matches use them)
    choose_option,
    greedy_card,
    strategy_matrix,
)
from ai.training.files import (
    asset_path,
    by_current_roles,
    load_table,
    read_sidecar,
    save_table,
)
from ai.training.index import N_FOUR, SPLITS
from engine.roles import ROLES_FORMAT
from engine.rules import WINNING_SCORE

STRATEGIES = ("hand_max_min", "hand_max_avg", "hand_max_med", "hand_max_poss",
              "crib_min_avg", "pegging_max_avg_gained", "pegging_max_med_gained",
              "pegging_min_avg_given")
SHAPE = (2, WINNING_SCORE, WINNING_SCORE, len(STRATEGIES))
FILE = "weights.npz"
PEGGING_FILE = "pegging_stats.npz"
PEGGING_REBUILD = "cribbage train pegging-stats --sims 4000 --seed 0 " \
                  "--out assets/pegging_stats.npz"
REBUILD = ("cribbage train weights --rule pg --lr 0.1 --radius 5 --init semi-pure:hand_max_avg "
           "--pool pure:hand_max_avg --games 2000000 --seed 1 --checkpoint-every 250000 "
           "--out assets/weights.npz")
CHUNK = 10_000


# ---------------------------------------------------------------------------- pegging stats
@dataclass
class PeggingStats:
    """Histograms of points gained and given in the play, per kept rank hand and role."""

    gained: np.ndarray  # (1820, 2, 32) int64, by kept rank hand, role (engine.roles), points
    given: np.ndarray

    def tables(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(mean gained, median gained, mean given), each (1820, 2)."""
        mean = np.zeros((N_FOUR, 2))
        median = np.zeros((N_FOUR, 2))
        given = np.zeros((N_FOUR, 2))
        for h in range(N_FOUR):
            for role in range(2):
                mean[h, role], median[h, role] = K.hist_mean_median(self.gained[h, role])
                given[h, role], _ = K.hist_mean_median(self.given[h, role])
        return mean, median, given


def build_pegging_stats(sims: int, seed: int) -> PeggingStats:
    gained = np.zeros((N_FOUR, 2, K.MAX_PEG), dtype=np.int64)
    given = np.zeros_like(gained)
    K.build_pegging_stats(sims, seed, gained, given)
    return PeggingStats(gained, given)


def save_pegging_stats(path: Path, stats: PeggingStats, meta: dict) -> None:
    save_table(path, {"gained": stats.gained, "given": stats.given},
               {"kind": "pegging_stats", "rebuild": PEGGING_REBUILD, **meta,
                "roles": ROLES_FORMAT})


def load_pegging_stats(path: Path | None = None) -> PeggingStats:
    path = Path(path) if path is not None else asset_path(PEGGING_FILE)
    shape = (N_FOUR, 2, K.MAX_PEG)
    arrays, meta = load_table(path, {"gained": shape, "given": shape}, PEGGING_REBUILD)
    return PeggingStats(*(by_current_roles(path, meta, arrays[k], 1).astype(np.int64)
                          for k in ("gained", "given")))


@functools.cache
def shipped_pegging_net() -> np.ndarray:
    """(1820, 2) mean points gained minus given in the play, per kept rank hand and role
    (``engine.roles``), from the shipped statistics; loaded once per process."""
    gained, _, given = load_pegging_stats().tables()
    return gained - given


# ---------------------------------------------------------------------------- the matrix
class Matrix:
    """Computes S for a deal (the same compiled code the training uses)."""

    def __init__(self, pegging: PeggingStats | None = None) -> None:
        self.crib_rank_mean = split_tables()[1]
        self.pegging = pegging or load_pegging_stats()
        self.peg = self.pegging.tables()

    def __call__(self, six: list[int], my_crib: bool
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[int]]:
        """(S (8, 15), raw statistics (8, 15), keeps (15, 4), the six cards in order)."""
        ordered = sorted(six)
        cards = np.array(ordered, dtype=np.int64)
        raw = np.empty((len(STRATEGIES), 15))
        keeps = np.empty((15, 4), dtype=np.int64)
        K.raw_strategy_values(cards, my_crib, self.crib_rank_mean, *self.peg, raw, keeps)
        S = np.empty_like(raw)
        K.scale_rows(raw, S)
        return S, raw, keeps, ordered


def toss_of(ordered: list[int], option: int) -> tuple[int, int]:
    a, b = SPLITS[option]
    return ordered[a], ordered[b]


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


def save(path: Path, weights: np.ndarray, meta: dict,
         pegging: PeggingStats | None = None) -> None:
    arrays = {"weights": weights.astype(np.float32)}
    if pegging is not None:
        arrays["pegging_gained"] = pegging.gained
        arrays["pegging_given"] = pegging.given
    save_table(path, arrays, {"kind": "weights", "strategies": list(STRATEGIES), **meta,
                              "roles": ROLES_FORMAT})


def load(path: Path | None = None) -> tuple[np.ndarray, dict]:
    path = Path(path) if path is not None else asset_path(FILE)
    arrays, meta = load_table(path, {"weights": SHAPE}, REBUILD)
    w = arrays["weights"].astype(np.float64)
    if (w < 0).any() or not np.allclose(w.sum(axis=-1), 1.0, atol=1e-3):
        from ai.training.files import TableFileError, rebuild_hint

        raise TableFileError(f"{path}: weights must be non-negative and sum to 1 at every "
                             f"position; {rebuild_hint(path, REBUILD)}")
    return w, meta


def load_pegging_from(path: Path) -> PeggingStats | None:
    """The pegging statistics saved inside a weights file, if it was trained with them."""
    meta = read_sidecar(path)
    with np.load(path, allow_pickle=False) as data:
        if "pegging_gained" in data:
            return PeggingStats(*(by_current_roles(path, meta, data[k], 1).astype(np.int64)
                                  for k in ("pegging_gained", "pegging_given")))
    return None


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
