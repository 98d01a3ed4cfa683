"""The thesis's score-aware strategy weights as a player uses them: the table's file, the
pegging statistics, and the 8 x 15 strategy matrix S of a deal (``ai.tables.weights_kernels``
holds the compiled parts). Training the table is ``ai.training.weights``.

**Model** (thesis 3.1-3.2). Eight strategies rate the 15 keep/toss options of a deal:
hand_max_min, hand_max_avg, hand_max_med, hand_max_poss (the kept hand's exact min, mean,
median and max over the 46 starters), crib_min_avg (the exact expected crib, over every
opponent toss and starter), pegging_max_avg_gained, pegging_max_med_gained and
pegging_min_avg_given (from simulated greedy-vs-greedy play of the kept ranks, by role).
Each row is scaled linearly to 0..1 across the 15 options (reversed for the two minimisers)
into the 8 x 15 matrix S. A table w[dealer][own score][opponent score] holds a weight
vector on the simplex; the player keeps argmax p, p = w . S. It pegs greedily (most points
now, ties to the highest card), as the thesis's agent does.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ai.tables import weights_kernels as K
from ai.tables.files import (
    TableFileError,
    asset_path,
    by_current_roles,
    check_header,
    load_table,
    read_sidecar,
    rebuild_hint,
    save_table,
    sidecar_path,
)
from ai.tables.index import N_FOUR, SPLITS
from ai.tables.splits import split_tables
from engine.bounded import json_text
from engine.roles import ROLES_FORMAT
from engine.rules import WINNING_SCORE

STRATEGIES = ("hand_max_min", "hand_max_avg", "hand_max_med", "hand_max_poss",
              "crib_min_avg", "pegging_max_avg_gained", "pegging_max_med_gained",
              "pegging_min_avg_given")
SHAPE = (2, WINNING_SCORE, WINNING_SCORE, len(STRATEGIES))
FILE = "weights.npz"
PEGGING_FILE = "pegging_stats.npz"
PEGGING_REBUILD = "cribbage train pegging-stats --sims 4000 --seed 0 --stream sequential " \
                  "--out assets/pegging_stats.npz"
REBUILD = ("cribbage train weights --rule pg --lr 0.1 --radius 5 --init semi-pure:hand_max_avg "
           "--pool pure:hand_max_avg --games 2000000 --seed 1 --checkpoint-every 250000 "
           "--out assets/weights.npz")


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


def save_pegging_stats(path: Path, stats: PeggingStats, meta: dict) -> None:
    save_table(path, {"gained": stats.gained, "given": stats.given},
               {"kind": "pegging_stats", "rebuild": PEGGING_REBUILD, **meta,
                "roles": ROLES_FORMAT})


PEGGING_SHAPE = (N_FOUR, 2, K.MAX_PEG)  # by kept rank hand, role, points


def load_pegging_stats(path: Path | None = None) -> PeggingStats:
    path = Path(path) if path is not None else asset_path(PEGGING_FILE)
    shape = PEGGING_SHAPE
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


def play_params(blend: float = 1.0) -> tuple[np.ndarray, np.ndarray]:
    """The parameters of :func:`weights_kernels.choose_option` for play (no learning, no
    exploration): only the neighbour blend ``X`` matters then."""
    fp = np.zeros(K.N_FLOAT_PARAMS)
    fp[K.P_BLEND] = blend
    ip = np.zeros(K.N_INT_PARAMS, dtype=np.int64)
    ip[K.I_EVAL] = 1
    return fp, ip


# ---------------------------------------------------------------------------- the file
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
        raise TableFileError(f"{path}: weights must be non-negative and sum to 1 at every "
                             f"position; {rebuild_hint(path, REBUILD)}")
    return w, meta


def blend_of(path: Path | None, meta: dict) -> float:
    """The neighbour blend X a table (``path``, None: the shipped one) was trained with,
    for playing it the same way: its sidecar's ``config.blend``, 1 when absent. A number
    from 0 to 1, never a JSON ``true`` (Python's ``True`` equals 1); else TableFileError."""
    path = Path(path) if path is not None else asset_path(FILE)
    config = meta.get("config", {})
    if not isinstance(config, dict):
        raise TableFileError(f"{sidecar_path(path)}: config is {json_text(config)}, not an "
                             f"object; {rebuild_hint(path, REBUILD)}")
    blend = config.get("blend", 1.0)
    if isinstance(blend, bool) or not isinstance(blend, (int, float)) or not 0 <= blend <= 1:
        raise TableFileError(f"{sidecar_path(path)}: config.blend is {json_text(blend)}, not "
                             f"a number from 0 to 1; {rebuild_hint(path, REBUILD)}")
    return float(blend)


def load_pegging_from(path: Path) -> PeggingStats | None:
    """The pegging statistics saved inside a weights file, if it was trained with them."""
    meta = read_sidecar(path)
    with np.load(path, allow_pickle=False) as data:
        if "pegging_gained" in data:
            for name in ("pegging_gained", "pegging_given"):  # before unpacking them
                try:
                    check_header(data, name, PEGGING_SHAPE)
                except (KeyError, TableFileError) as exc:
                    raise TableFileError(f"{path}: {exc}; {rebuild_hint(path, REBUILD)}") \
                        from None
            return PeggingStats(*(by_current_roles(path, meta, data[k], 1).astype(np.int64)
                                  for k in ("pegging_gained", "pegging_given")))
    return None
