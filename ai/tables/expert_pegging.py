"""The new ``expert``'s pegging table, built by ``cribbage train expert-pegging`` into
``assets/expert_pegging.npz``.

``V[a, b]``: the net pegging points (its points minus the other's) of a player who leads
rank hand ``a`` against rank hand ``b`` (the 1,820 sorted rank hands of four, numbered by
``ai.tables.index``), both playing the whole play out at their best with both hands known:
the exact search the expert pegs with (``ai._expert._search``), from the first card to the
last. Suits do not matter in the play, so these 3,312,400 values are every play there is
(-128 where the two hands would hold more than four of a rank). The pone leads, so a pone
keeping ``a`` against ``b`` nets ``V[a, b]`` and a dealer keeping ``a`` nets ``-V[b, a]``.

The expert's discard weighs these values over every hand the opponent can hold beside the
six cards it was dealt (``ai._expert.option_pegging``), each by its card combinations and
by how likely a sensible player keeps it. Building takes about 25 s on one core.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ai.tables.files import TableFileError, asset_path, load_table, rebuild_hint, save_table
from ai.tables.index import N_FOUR, all_four_rank_hands

FILE = "expert_pegging.npz"
REBUILD = "cribbage train expert-pegging --out assets/expert_pegging.npz"
INFEASIBLE = -128
NET_BOUND = 40  # no play nets this many points either way (the table's largest: 14)


def four_rank_hands() -> np.ndarray:
    """(1820, 4): every sorted rank hand of four, in ``ai.tables.index`` order."""
    return all_four_rank_hands()


def feasible(hands: np.ndarray) -> np.ndarray:
    """(1820, 1820) whether two rank hands fit in one deck (at most four of a rank)."""
    counts = rank_counts(hands).astype(np.int8)  # (at most 8 a rank in two: 43 MB, not 344)
    return (counts[:, None, :] + counts[None, :, :]).max(axis=2) <= 4


def rank_counts(hands: np.ndarray) -> np.ndarray:
    counts = np.zeros((hands.shape[0], 13), dtype=np.int64)
    for r in range(13):
        counts[:, r] = (hands == r).sum(axis=1)
    return counts


@dataclass(frozen=True)
class PeggingTable:
    V: np.ndarray  # (1820, 1820) int8
    hands: np.ndarray  # (1820, 4) the rank hands, in index order
    hand_counts: np.ndarray  # (1820, 13) cards of each rank in each rank hand


def save(path: Path, V: np.ndarray, meta: dict) -> None:
    save_table(path, {"V": V.astype(np.int8)}, {"kind": "expert-pegging",
                                                "rebuild": REBUILD, **meta})


_LOADED: dict[str, PeggingTable] = {}
_LOADING = threading.Lock()  # the window's threads ask at once: one loads, the rest wait


def load(path: Path | str | None = None) -> PeggingTable:
    path = Path(path) if path is not None else asset_path(FILE)
    key = os.path.realpath(path)  # (resolve() raises on a link to itself)
    if key in _LOADED:
        return _LOADED[key]
    with _LOADING:
        if key not in _LOADED:
            _LOADED[key] = _load(path)
    return _LOADED[key]


def _load(path: Path) -> PeggingTable:
    arrays, _ = load_table(path, {"V": (N_FOUR, N_FOUR)}, REBUILD)
    V = arrays["V"]
    hands = four_rank_hands()
    fits = feasible(hands)
    # the table marks exactly the impossible pairs, and no play nets NET_BOUND points
    if (V.dtype != np.int8 or np.any((V == INFEASIBLE) == fits)
            or np.abs(V[fits].astype(np.int64)).max() >= NET_BOUND):
        raise TableFileError(f"{path}: not a pegging table (values out of range or in the "
                             f"wrong places); {rebuild_hint(path, REBUILD)}")
    return PeggingTable(np.ascontiguousarray(V), hands, rank_counts(hands))
