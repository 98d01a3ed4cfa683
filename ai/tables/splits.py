"""Suitless expectations for every six-card hand and split (numba), built in seconds.

For each of the 18,395 rank multisets and each of its 15 keep/toss splits (positions in
rank order), with the 46 other cards of unknown suit drawn by rank:

- ``hand_mean``: the kept four's expected fifteens, pairs and runs over the starter;
- ``crib_rank_mean``: the crib's expected fifteens, pairs and runs over every opponent
  toss and starter (``engine.kernels.crib_rank_total``, the rank part of the exact crib
  count), so adding the closed-form flush and nobs terms gives the exact crib mean.

Suit-dependent points (flushes, nobs) are left out of these tables.
"""

from __future__ import annotations

import numpy as np

from ai.tables.index import SPLITS
from engine.kernels import N_CRIBS, N_UNSEEN, RANK_SCORES, crib_rank_total, kernel


@kernel
def build_split_tables(hands, indices, hand_mean, crib_rank_mean):
    """Fill (18564, 15) tables for each sorted rank row ``hands[k]`` at ``indices[k]``."""
    for k in range(hands.shape[0]):
        ranks = hands[k]
        n = np.full(13, 4, dtype=np.int64)
        for r in ranks:
            n[r] -= 1
        h = indices[k]
        for s in range(15):
            a, b = SPLITS[s, 0], SPLITS[s, 1]
            keep = np.empty(4, dtype=np.int64)
            m = 0
            for i in range(6):
                if i != a and i != b:
                    keep[m] = ranks[i]
                    m += 1
            expect = 0.0
            scores = RANK_SCORES[keep[0], keep[1], keep[2], keep[3]]  # rank_score5 by r
            for r in range(13):
                if n[r]:
                    expect += n[r] * scores[r]
            hand_mean[h, s] = expect / N_UNSEEN
            crib_rank_mean[h, s] = crib_rank_total(ranks[a], ranks[b], n) / N_CRIBS


_CACHE: dict[str, np.ndarray] = {}


def split_tables() -> tuple[np.ndarray, np.ndarray]:
    """(hand_mean, crib_rank_mean), each (18564, 15); built once per process."""
    if not _CACHE:
        from ai.tables.index import N_SIX, all_six_rank_hands, multiset_index

        hands = all_six_rank_hands()
        indices = np.array([multiset_index(h) for h in hands], dtype=np.int64)
        hand_mean = np.zeros((N_SIX, 15))
        crib = np.zeros((N_SIX, 15))
        build_split_tables(hands, indices, hand_mean, crib)
        _CACHE["hand"], _CACHE["crib"] = hand_mean, crib
    return _CACHE["hand"], _CACHE["crib"]
