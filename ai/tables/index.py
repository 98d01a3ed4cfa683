"""Numbering suitless hands: a sorted multiset of ranks -> a small integer (numba).

Stars and bars turns ranks r1 <= ... <= rk (0..12) into distinct numbers r_i + i, a
k-combination of 13 + k - 1, which the combinatorial number system numbers densely:
six cards -> 0 .. C(18, 6) - 1 = 18,563 (the 18,395 real hands and 169 with five or six of
a rank, never used); four cards -> 0 .. C(16, 4) - 1 = 1,819 (all real).
"""

from __future__ import annotations

import numpy as np

from engine.analysis import SPLITS as _ENGINE_SPLITS
from engine.kernels import kernel

# The 15 keep/toss splits of six cards in position order, as the two positions tossed:
# (0, 1), (0, 2), ... (4, 5). The same table as engine.analysis.SPLITS (which lists the
# kept four first, in the opposite order), so there is one split table; compiled code
# indexes this array.
SPLITS = np.array([toss for _, toss in reversed(_ENGINE_SPLITS)], dtype=np.int64)
KEEPS = np.array([keep for keep, _ in reversed(_ENGINE_SPLITS)], dtype=np.int64)  # (15, 4)
# the split that tosses positions a and b (either order): SPLIT_OF[a, b]; -1 for a == b
SPLIT_OF = np.full((6, 6), -1, dtype=np.int64)
for _s, (_a, _b) in enumerate(SPLITS):
    SPLIT_OF[_a, _b] = SPLIT_OF[_b, _a] = _s

N_SIX = 18564  # C(18, 6)
N_FOUR = 1820  # C(16, 4)


def _binomials(n: int) -> np.ndarray:
    table = np.zeros((n + 1, n + 1), dtype=np.int64)
    for a in range(n + 1):
        table[a, 0] = 1
        for b in range(1, a + 1):
            table[a, b] = table[a - 1, b - 1] + table[a - 1, b]
    return table


BINOM = _binomials(20)


@kernel
def multiset_index(sorted_ranks):
    """Index of a sorted multiset of ranks (any length k)."""
    index = 0
    for i in range(sorted_ranks.shape[0]):
        index += BINOM[sorted_ranks[i] + i, i + 1]
    return index


@kernel
def sort_small(values):
    """Insertion sort in place (hands are 4 or 6 items)."""
    for i in range(1, values.shape[0]):
        v = values[i]
        j = i - 1
        while j >= 0 and values[j] > v:
            values[j + 1] = values[j]
            j -= 1
        values[j + 1] = v


@kernel
def hand_index(cards):
    """Index of the suitless hand of ``cards`` (4 or 6 card numbers)."""
    ranks = np.empty(cards.shape[0], dtype=np.int64)
    for i in range(cards.shape[0]):
        ranks[i] = cards[i] >> 2
    sort_small(ranks)
    return multiset_index(ranks)


def all_six_rank_hands() -> np.ndarray:
    """(18395, 6) every real six-card rank multiset, sorted, in index order."""
    out = []
    for _, ranks in _enumerate(6):
        if max(np.bincount(ranks, minlength=13)) <= 4:
            out.append(ranks)
    return np.array(out, dtype=np.int64)


def all_four_rank_hands() -> np.ndarray:
    """(1820, 4) every sorted rank hand of four, in index order (all are real)."""
    hands = np.zeros((N_FOUR, 4), dtype=np.int64)
    for i, ranks in _enumerate(4):
        hands[i] = ranks
    return hands


def _enumerate(k: int):
    from itertools import combinations_with_replacement

    for ranks in combinations_with_replacement(range(13), k):
        arr = np.array(ranks, dtype=np.int64)
        yield int(multiset_index(arr)), arr
