"""The ``expert`` player's tables: a model of sensible tosses, deal samples, and the
win-probability table, built by ``cribbage train expert`` into ``assets/expert.npz``.

**Toss model.** A sensible player keeps, of its six cards, the split with the best expected
hand plus (as dealer) or minus (as pone) the expected crib, by rank (the suitless tables of
every six-card rank multiset, ``ai.tables.splits``). Weighting each multiset by its number
of suit combinations gives ``toss_q[role, x, y]``: how often a sensible dealer (role 1) or
pone (0) throws ranks x <= y. ``crib_model[role, x, y]``: the expected crib (fifteens,
pairs, runs and his nobs) when a player in ``role`` throws x and y and the opponent throws
as the model says, over the starter.

**Deal samples.** Complete deals of games between two ``mueller`` players (its discards and
pegging are sound and fast): the dealer's heels, every pegging score in order with who
pegged it, the pone's hand, the dealer's hand and the crib.

**Win probabilities.** ``W[d, a, b]``: the probability that a player at ``a`` beats one at
``b`` when it deals next (d = 1) or not (d = 0), by dynamic programming over the deal
samples (``ai._expert.win_table``): every deal scores, so states are solved from 240 points
down. The counting order, pegging out and his heels are in the samples' order of events.

**ACC points.** ``A[d, a, b]``: the same for ``expert:acc``, whose objective is ACC match
points (2 a win, 3 a skunk), the opponent's counting against it: (the expected points net +
3) / 6, so that it lies in [0, 1] like a probability and the same kernels maximise it
(``value_table``). Built by ``cribbage train expert-acc`` from the same deal samples into
``assets/expert_acc.npz``.

The tables are built by ``ai.training.expert_build`` (offline); this module only holds what
the player loads while playing.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from ai.tables.files import asset_path, load_table, save_table
from engine.rules import SKUNK_POINTS, WINNING_SCORE, match_points, skunk_of

FILE = "expert.npz"
REBUILD = "cribbage train expert --games 3000 --seed 1 --out assets/expert.npz"
MAX_PEG_EVENTS = 24
SAMPLE_FIELDS = ("heels", "peg_role", "peg_pts", "n_peg", "pone_hand", "dealer_hand", "crib")


# ---------------------------------------------------------------------------- the file
class ExpertTables:
    def __init__(self, W, toss_q, crib, samples) -> None:
        self.W, self.toss_q, self.crib_model, self.samples = W, toss_q, crib, samples

    @property
    def sample_arrays(self) -> tuple[np.ndarray, ...]:
        return tuple(self.samples[k] for k in SAMPLE_FIELDS)


def save(path: Path, tables: ExpertTables, meta: dict) -> None:
    save_table(path, {"W": tables.W.astype(np.float32), "toss_q": tables.toss_q,
                      "crib_model": tables.crib_model, **tables.samples},
               {"kind": "expert", "rebuild": REBUILD, **meta})


_LOADED: dict[str, ExpertTables] = {}
MAX_SAMPLES = 1_000_000  # deal samples a table may hold (the shipped one: 24,754)


def load(path: Path | str | None = None) -> ExpertTables:
    path = Path(path) if path is not None else asset_path(FILE)
    key = os.path.realpath(path)  # (resolve() raises on a link to itself)
    if key in _LOADED:
        return _LOADED[key]
    from ai.tables.files import TableFileError, array_header, rebuild_hint
    from engine.bounded import NotAFileError, check_regular

    hint = rebuild_hint(path, REBUILD)
    try:
        check_regular(path)
    except NotAFileError as exc:
        raise TableFileError(f"{path}: {exc}; {hint}") from exc
    if not path.is_file():
        raise TableFileError(f"{path}: no such file; {hint}")
    try:
        with np.load(path, allow_pickle=False) as data:
            shape, _ = array_header(data, "heels")  # (its header: no data unpacked)
    except Exception as exc:  # damaged zip or a missing array
        raise TableFileError(f"{path}: damaged or not a table ({exc}); {hint}") from exc
    n = shape[0] if len(shape) == 1 else -1
    if not 0 < n <= MAX_SAMPLES:
        raise TableFileError(f"{path}: its deal samples ('heels') have shape {shape}, not "
                             f"1 to {MAX_SAMPLES:,} samples; {hint}")
    board = (2, WINNING_SCORE, WINNING_SCORE)
    shapes = {"W": board, "toss_q": (2, 13, 13), "crib_model": (2, 13, 13), "heels": (n,),
              "peg_role": (n, MAX_PEG_EVENTS), "peg_pts": (n, MAX_PEG_EVENTS),
              "n_peg": (n,), "pone_hand": (n,), "dealer_hand": (n,), "crib": (n,)}
    arrays, _ = load_table(path, shapes, REBUILD)
    W = arrays["W"].astype(np.float64)
    if n == 0 or W.min() < 0 or W.max() > 1:
        raise TableFileError(f"{path}: win probabilities out of range or no deal samples; "
                             f"{hint}")
    samples = {k: arrays[k].astype(np.int64) for k in SAMPLE_FIELDS}
    tables = ExpertTables(W, arrays["toss_q"], arrays["crib_model"], samples)
    _LOADED[key] = tables
    return tables


# ---------------------------------------------------------------------------- objectives
OBJECTIVES = ("win", "acc")  # the probability of winning; ACC match points, net


def finished_values(objective: str) -> np.ndarray:
    """The value, to the winner, of a game won with the loser at each score 0..120: 1 when
    the objective is the win; for ACC points (net + 3) / 6, so 1 for a skunk, 5/6 for a
    plain win (a double skunk is a skunk in ACC scoring). The loser's is one minus it."""
    if objective == "win":
        return np.ones(WINNING_SCORE)
    if objective == "acc":
        return to_value(np.array([match_points(skunk_of(loser))
                                  for loser in range(WINNING_SCORE)]))
    raise ValueError(f"unknown objective {objective!r}; one of {', '.join(OBJECTIVES)}")


def to_value(acc_net):
    """Expected ACC points net (-3..3) as a value in [0, 1]."""
    return (np.asarray(acc_net, dtype=np.float64) + SKUNK_POINTS) / (2 * SKUNK_POINTS)


def acc_points(value):
    """A value in [0, 1] of the ACC objective (or an array of them) as expected ACC points
    net (-3..3)."""
    return value * 2 * SKUNK_POINTS - SKUNK_POINTS


def value_table(W: np.ndarray, objective: str) -> np.ndarray:
    """The kernels' table (3, 121, 121): ``W`` (2, 121, 121, the game's value by position
    for ``objective``), then the value of a finished game by the loser's score
    (``[2, 0, :]``; ``ai._expert``)."""
    V = np.zeros((3, WINNING_SCORE, WINNING_SCORE))
    V[:2] = W
    V[2, 0] = finished_values(objective)
    return V


ACC_FILE = "expert_acc.npz"
ACC_REBUILD = "cribbage train expert-acc --out assets/expert_acc.npz"
ZERO_SUM_TOLERANCE = 1e-5  # float32 storage


def save_acc(path: Path, A: np.ndarray, meta: dict) -> None:
    save_table(path, {"A": A.astype(np.float32)},
               {"kind": "expert-acc", "rebuild": ACC_REBUILD, **meta})


_LOADED_ACC: dict[str, np.ndarray] = {}


def load_acc(path: Path | str | None = None) -> np.ndarray:
    """``A`` (2, 121, 121) as float64, checked: values in [0, 1], and zero-sum (my value at
    (d, a, b) and the opponent's at (1 - d, b, a) add up to 1)."""
    from ai.tables.files import TableFileError, rebuild_hint

    path = Path(path) if path is not None else asset_path(ACC_FILE)
    key = os.path.realpath(path)  # (resolve() raises on a link to itself)
    if key in _LOADED_ACC:
        return _LOADED_ACC[key]
    arrays, _ = load_table(path, {"A": (2, WINNING_SCORE, WINNING_SCORE)}, ACC_REBUILD)
    A = arrays["A"].astype(np.float64)
    if not (np.isfinite(A).all() and A.min() >= 0 and A.max() <= 1):
        raise TableFileError(f"{path}: ACC values out of range; "
                             f"{rebuild_hint(path, ACC_REBUILD)}")
    if np.abs(A[1] + A[0].T - 1).max() > ZERO_SUM_TOLERANCE:
        raise TableFileError(f"{path}: the two players' values do not add up to one; "
                             f"{rebuild_hint(path, ACC_REBUILD)}")
    _LOADED_ACC[key] = A
    return A
