"""Kendall & Shaw's evolved discarder as a player uses it: the table of values and the
choice of the two lowest. Training the table is ``ai.training.evolve``.

``values`` (18564, 2, 6): for each suitless six-card hand (numbered by ``ai.tables.index``),
for each role (``engine.roles``: the dealer's own crib, or the pone's), one real value per
card position in rank order (equal ranks: by suit). The player throws the two lowest.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from ai.tables.files import asset_path, by_current_roles, load_table, save_table
from ai.tables.index import N_SIX, hand_index
from engine.kernels import kernel
from engine.roles import ROLES_FORMAT, role_of

FILE = "evolved.npz"
REBUILD = ("cribbage train evolved --variant expected --iterations 100000000 --seed 1 "
           "--out assets/evolved.npz")
SHAPE = (N_SIX, 2, 6)


@kernel
def two_lowest(v):
    """Positions of the two lowest of six values (ties: the earlier position)."""
    a = 0
    for i in range(1, 6):
        if v[i] < v[a]:
            a = i
    b = 1 if a == 0 else 0
    for i in range(6):
        if i != a and v[i] < v[b]:
            b = i
    return (a, b) if a < b else (b, a)



def save(path: Path, values: np.ndarray, meta: dict) -> None:
    save_table(path, {"values": values.astype(np.float32)},
               {"kind": "evolved", **meta, "rebuild": REBUILD, "roles": ROLES_FORMAT})


def load(path: Path | None = None) -> tuple[np.ndarray, dict]:
    path = Path(path) if path is not None else asset_path(FILE)
    arrays, meta = load_table(path, {"values": SHAPE}, REBUILD)
    return by_current_roles(path, meta, arrays["values"], 1).astype(np.float64), meta


def positions_of(cards: list[int]) -> list[int]:
    """The six cards in the table's position order: by rank, then suit."""
    return sorted(cards)


def choose(values: np.ndarray, cards: list[int], my_crib: bool
           ) -> tuple[tuple[int, int], np.ndarray, list[int]]:
    """The two cards to throw, the six values and the cards in position order."""
    ordered = positions_of(cards)
    row = values[hand_index(np.array(ordered, dtype=np.int64)), role_of(my_crib)]
    a, b = two_lowest(row)
    return (ordered[a], ordered[b]), row, ordered
