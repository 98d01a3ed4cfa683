"""What an opponent kept, read from what it must have thrown: a keep model by role.

The expert's play samples the opponent's four cards from the cards it has not seen; each
sample is a hand the opponent kept from six, two of them thrown face down. How likely it
kept those four is the chance, over every pair of cards it may have thrown beside them, that
a sensible player in its role keeps these four of the six:

    P(kept H) ∝ sum over the thrown pairs T of P(keep H | H + T, role)

with ``P(keep | six, role)`` a softmax over the six's distinct keeps by their value to that
role, the kept hand's expected show plus (dealer) or minus (pone) the expected crib of the
two thrown (``ai.tables.splits``, by rank: flushes and nobs left out), at ``beta`` per point.
A pone holding 5-5 with a king beside them throws the king and keeps both fives only when
nothing better is there; a dealer throws them to its own crib. The plain keep weight
(``ai._expert.keep_weights``) only asks how good the four are, in either role.

``keep_table(beta)`` gives, for each role of the opponent (``engine.roles``: 0 pone, 1
dealer) and each rank hand of four (``ai.tables.index``), that chance for one card set of
those ranks (cards drawn uniformly carry their own combinations), scaled to a largest of 1.
It is computed in about three seconds (the suitless split tables, ``ai.tables.splits``),
then cached in the user's cache folder (``ai.paths.cache_dir``) and kept for the process.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import numpy as np

from ai.tables.index import KEEPS, N_FOUR

_CACHE: dict[tuple[float, float], np.ndarray] = {}
COMB4 = np.array([1, 4, 6, 4, 1], dtype=np.float64)


def keep_table(beta: float, peg: float = 0.0) -> np.ndarray:
    """(2, 1820) the keep model's weight of each rank hand of four, by the keeper's role;
    with ``peg`` the keeps' values count their expected pegging too, at that weight
    (``pegging_by_role``)."""
    key = (float(beta), float(peg))
    if key not in _CACHE:
        path = cache_path(*key)
        table = _load(path)
        if table is None:
            table = _build(*key)
            with contextlib.suppress(OSError):  # (then held in memory only)
                _save(path, table)
        _CACHE[key] = table
    return _CACHE[key]


VERSION = 1  # of the model: a cache from another version is rebuilt


def cache_path(beta: float, peg: float = 0.0) -> Path:
    from ai.paths import cache_dir

    pegging = f"-peg{peg:g}" if peg else ""
    return cache_dir() / "tables" / f"keep-model-{beta:g}{pegging}-v{VERSION}.npz"


def _save(path: Path, table: np.ndarray) -> None:
    import io

    from ai.paths import write_atomic

    buffer = io.BytesIO()
    np.savez_compressed(buffer, keep=table)
    write_atomic(path, buffer.getvalue())


def _load(path: Path) -> np.ndarray | None:
    """The cached table, or None when it is missing, damaged or not the model's shape and
    range (then it is rebuilt)."""
    try:
        with np.load(path, allow_pickle=False) as data:
            table = np.ascontiguousarray(data["keep"], dtype=np.float64)
    except Exception:
        return None
    if (table.shape != (2, N_FOUR) or not np.isfinite(table).all() or table.min() <= 0.0
            or table.max() != 1.0):
        return None
    return table


def pegging_by_role() -> np.ndarray:
    """(2, 1820) each rank hand's expected net pegging kept in each role (0 pone, 1
    dealer), from the pegging table (``ai.tables.expert_pegging``: both hands played at
    their best, the pone leading) over every rank hand the opponent can hold beside it,
    each by its card combinations (the cards of the kept ranks taken out)."""
    from math import comb

    from ai.tables import expert_pegging

    table = expert_pegging.load()
    counts = table.hand_counts
    ways_of = np.array([[comb(n, k) for k in range(5)] for n in range(5)], dtype=np.float64)
    ways = np.ones((N_FOUR, N_FOUR))  # [kept, opponent's]: 0 when they cannot both be dealt
    for r in range(13):
        ways *= ways_of[(4 - counts[:, r])[:, None], counts[None, :, r]]
    V = np.where(ways > 0, table.V.astype(np.float64), 0.0)  # V[pone's, dealer's]
    total = ways.sum(axis=1)
    return np.stack([(ways * V).sum(axis=1) / total, -(ways * V.T).sum(axis=1) / total])


def _build(beta: float, peg: float = 0.0) -> np.ndarray:
    from ai.tables.index import all_four_rank_hands, all_six_rank_hands, multiset_index
    from ai.tables.splits import split_tables

    hand_mean, crib_mean = split_tables()
    hands = all_six_rank_hands()  # (18395, 6) sorted
    index = np.array([multiset_index(h) for h in hands], dtype=np.int64)
    counts = np.stack([np.bincount(h, minlength=13) for h in hands])
    ways = np.prod(COMB4[counts], axis=1)  # card sets of each six's ranks
    kept = hands[:, KEEPS]  # (18395, 15, 4) sorted (positions ascending)
    four = _four_index(kept.reshape(-1, 4)).reshape(hands.shape[0], 15)
    out = np.zeros((2, N_FOUR))
    pegging = pegging_by_role() if peg else np.zeros((2, N_FOUR))
    for role, sign in ((0, -1.0), (1, 1.0)):
        value = hand_mean[index] + sign * crib_mean[index] + peg * pegging[role][four]
        # one choice per distinct keep: a split keeping the same ranks as an earlier one
        # (another card of a rank thrown) is the same choice
        first = np.ones_like(value, dtype=bool)
        for s in range(15):
            for t in range(s):
                first[:, s] &= four[:, s] != four[:, t]
        logits = np.where(first, beta * value, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        np.add.at(out[role], four.ravel(), (p * ways[:, None]).ravel())
    four_hands = all_four_rank_hands()
    combos = np.prod(COMB4[np.stack([np.bincount(h, minlength=13) for h in four_hands])],
                     axis=1)
    out /= combos[None, :]
    out /= out.max(axis=1, keepdims=True)
    return out


def _four_index(rows: np.ndarray) -> np.ndarray:
    from ai.tables.index import BINOM

    idx = np.zeros(rows.shape[0], dtype=np.int64)
    for i in range(4):
        idx += BINOM[rows[:, i] + i, i + 1]
    return idx
