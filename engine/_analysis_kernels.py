"""Compiled kernels for the exact discard analysis (see ``engine.analysis``).

The crib of a toss is the two tossed cards, two cards the opponent tosses from the 46
unseen, and the starter from the remaining 44: 1,035 x 44 = 45,540 equally likely cribs.
Rather than count each, the kernel counts by rank: the crib's fifteens, pairs and runs
depend only on the ranks of the three unseen cards, so it visits the 455 multisets of three
ranks, weights each by how many concrete (cards, starter) choices realise it, and adds the
suit-dependent points (a five-card flush, his nobs) by counting exactly which of those
choices make them. The result is the exact histogram of the 45,540 crib scores.
"""

from __future__ import annotations

import numpy as np

from engine._kernels import JACK, MAX_HAND_SCORE, kernel, rank_score5, score5

N_SPLITS = 15
N_UNSEEN = 46
N_CRIBS = 1035 * 44


@kernel
def _rank_scores():
    """``rank_score5`` of every five ranks, (13, 13, 13, 13, 13) int8: the crib histogram
    looks its 455 rank multisets up here instead of scoring them (and so may the layers
    above, through ``engine.kernels.RANK_SCORES``)."""
    out = np.empty((13, 13, 13, 13, 13), dtype=np.int8)
    for r0 in range(13):
        for r1 in range(13):
            for a in range(13):
                for b in range(13):
                    for c in range(13):
                        out[r0, r1, a, b, c] = rank_score5(r0, r1, a, b, c)
    return out


RANK_SCORES = _rank_scores()


@kernel(inline="always")
def _choose2(n):
    return n * (n - 1) // 2


@kernel(inline="always")
def _choose3(n):
    return n * (n - 1) * (n - 2) // 6


@kernel
def _ways2(y, z, n):
    """Unordered ways to draw one card of rank y and one of rank z (y == z: two of y)."""
    if y == z:
        return _choose2(n[y])
    return n[y] * n[z]


@kernel(inline="always")
def _triple_ways(a, b, c, n):
    """Unordered ways to draw cards of ranks a <= b <= c from the unseen counts ``n``."""
    if a == b == c:
        return _choose3(n[a])
    if a == b:
        return _choose2(n[a]) * n[c]
    if b == c:
        return n[a] * _choose2(n[b])
    return n[a] * n[b] * n[c]


@kernel
def crib_rank_total(r0, r1, n):
    """The fifteens, pairs and runs of every crib holding ranks ``r0``, ``r1`` (the rank
    part of :func:`crib_histogram`), summed over the three other cards and the starter
    drawn from the unseen counts ``n``; divide by N_CRIBS for the mean."""
    scores = RANK_SCORES[r0, r1]
    total = 0.0
    for a in range(13):
        for b in range(a, 13):
            for c in range(b, 13):
                ways = _triple_ways(a, b, c, n)
                if ways:
                    total += 3 * ways * scores[a, b, c]
    return total


@kernel
def _nobs_ways(x, y, z, n, avail, toss0, toss1):
    """Ways, with the starter of rank ``x`` and the other two cards of ranks ``y``, ``z``
    (all from the unseen), that the jack of the starter's suit lies in the crib."""
    count = 0
    n[x] -= 1  # the starter is one of the x cards
    for t in range(4):
        if not avail[x, t]:
            continue
        jack = JACK * 4 + t
        if toss0 == jack or toss1 == jack:
            count += _ways2(y, z, n)
        elif x != JACK and avail[JACK, t]:
            # the jack of suit t must be one of the other two cards
            if y == JACK and z == JACK:
                count += n[JACK] - 1
            elif y == JACK:
                count += n[z]
            elif z == JACK:
                count += n[y]
    n[x] += 1
    return count


@kernel
def crib_histogram(toss0, toss1, n, avail, out):
    """Add to ``out`` (30,) the scores of all 45,540 cribs holding ``toss0``, ``toss1``.

    n: (13,) unseen cards per rank; avail: (13, 4) bool, unseen cards by rank and suit.
    """
    r0, r1 = toss0 >> 2, toss1 >> 2
    suited = (toss0 & 3) == (toss1 & 3)
    flush_suit = toss0 & 3
    toss_has_jack = r0 == JACK or r1 == JACK
    scores = RANK_SCORES[r0, r1]
    for a in range(13):
        for b in range(a, 13):
            for c in range(b, 13):
                ways = _triple_ways(a, b, c, n)
                if ways == 0:
                    continue
                base = scores[a, b, c]
                total = 3 * ways  # each concrete triple, with any of its 3 cards as starter
                flush = 0
                flush_nobs = 0
                if suited and a < b < c and avail[a, flush_suit] and avail[b, flush_suit] \
                        and avail[c, flush_suit]:
                    flush = 3
                    if toss_has_jack:
                        flush_nobs = 3
                    elif a == JACK or b == JACK or c == JACK:
                        flush_nobs = 2  # any starter but the jack itself
                nobs = 0
                if toss_has_jack or a == JACK or b == JACK or c == JACK:
                    nobs += _nobs_ways(a, b, c, n, avail, toss0, toss1)
                    if b != a:
                        nobs += _nobs_ways(b, a, c, n, avail, toss0, toss1)
                    if c != b:
                        nobs += _nobs_ways(c, a, b, n, avail, toss0, toss1)
                out[base] += total - flush - nobs + flush_nobs
                out[base + 5] += flush - flush_nobs
                out[base + 1] += nobs - flush_nobs
                out[base + 6] += flush_nobs


@kernel
def analyze_six(six, keeps, tosses):
    """Exact statistics of every keep/toss split of ``six`` (6,) cards.

    keeps: (15, 4) and tosses: (15, 2) the splits. Returns
    starters (46,) the unseen cards, hand_scores (15, 46) each kept hand's score with each
    starter, crib_hist (15, 30) the crib score counts over the 45,540 cribs of each toss.
    """
    seen = np.zeros(52, dtype=np.bool_)
    for c in six:
        seen[c] = True
    starters = np.empty(N_UNSEEN, dtype=np.int64)
    n = np.zeros(13, dtype=np.int64)
    avail = np.zeros((13, 4), dtype=np.bool_)
    k = 0
    for c in range(52):
        if not seen[c]:
            starters[k] = c
            k += 1
            n[c >> 2] += 1
            avail[c >> 2, c & 3] = True
    hand_scores = np.empty((N_SPLITS, N_UNSEEN), dtype=np.int64)
    crib_hist = np.zeros((N_SPLITS, MAX_HAND_SCORE + 1), dtype=np.int64)
    for i in range(N_SPLITS):
        h0, h1, h2, h3 = keeps[i, 0], keeps[i, 1], keeps[i, 2], keeps[i, 3]
        for j in range(N_UNSEEN):
            hand_scores[i, j] = score5(h0, h1, h2, h3, starters[j], False)
        crib_histogram(tosses[i, 0], tosses[i, 1], n, avail, crib_hist[i])
    return starters, hand_scores, crib_hist


@kernel
def crib_histogram_brute(toss0, toss1, unseen):
    """Slow, obvious reference: score every one of the 45,540 cribs one by one."""
    out = np.zeros(MAX_HAND_SCORE + 1, dtype=np.int64)
    m = unseen.shape[0]
    for i in range(m):
        for j in range(i + 1, m):
            for k in range(m):
                if k == i or k == j:
                    continue
                out[score5(toss0, toss1, unseen[i], unseen[j], unseen[k], True)] += 1
    return out
