"""Compiled training loops for the evolved discarder (Kendall & Shaw), see ``evolve.py``.

``values`` (18564, 2, 6): for each suitless six-card hand (numbered by
``ai.tables.index``), for each role (``engine.roles``: the dealer's own crib, or the
pone's), one real value per card position in rank order (equal ranks: by suit). The player
throws the two lowest.
"""

from __future__ import annotations

import numpy as np

from ai.tables.evolved import two_lowest
from ai.tables.index import KEEPS, SPLIT_OF, SPLITS, hand_index
from engine.kernels import kernel, rank_score5, score5
from engine.roles import DEALER, PONE


@kernel
def deal_suits(ranks, cards):
    """Give the sorted ``ranks`` (6,) random distinct suits; ``cards`` (6,) gets the cards
    in rank-then-suit order."""
    i = 0
    while i < 6:
        j = i
        while j < 6 and ranks[j] == ranks[i]:
            j += 1
        suits = np.random.permutation(4)[: j - i]
        suits.sort()
        for k in range(j - i):
            cards[i + k] = ranks[i] * 4 + suits[k]
        i = j


@kernel
def _split_results(cards, starter, opp0, opp1, sign, out):
    """Hand plus or minus crib for each of the 15 splits (``ai.tables.index.SPLITS``:
    toss, ``KEEPS``: keep, by split) into ``out[split]``."""
    for s in range(SPLITS.shape[0]):
        a, b = SPLITS[s, 0], SPLITS[s, 1]
        keep = KEEPS[s]
        hand = score5(cards[keep[0]], cards[keep[1]], cards[keep[2]], cards[keep[3]], starter,
                      False)
        crib = score5(cards[a], cards[b], opp0, opp1, starter, True)
        out[s] = hand + sign * crib


@kernel
def _split_of(a, b):
    """The split that tosses positions ``a`` and ``b``."""
    return SPLIT_OF[a, b]


@kernel
def _perturb(values, h, role, a, b, sd, bounded, lo, hi):
    for pos in (a, b):
        v = values[h, role, pos] + np.random.normal(0.0, sd)
        if bounded:
            v = min(hi, max(lo, v))
        values[h, role, pos] = v


@kernel
def _kept_score(ranks, a, b, starter, kept):
    """The four ranks kept when positions ``a`` and ``b`` go to the crib (written into
    ``kept``), scored with the ``starter``'s rank."""
    m = 0
    for i in range(6):
        if i != a and i != b:
            kept[m] = ranks[i]
            m += 1
    return rank_score5(kept[0], kept[1], kept[2], kept[3], starter)


@kernel
def evolve_threshold(values, hands, iterations, p, sd, bounded, lo, hi, seed, curve):
    """Kendall & Shaw's rule over every hand: deal a random hand (uniform over the suitless
    hands, random suits and role), throw the two lowest-valued cards, cut a starter and take
    two random opponent crib cards; if the result (hand plus or minus crib) is below ``p``
    times the best discard for that cut (or below the best, when the best is not positive),
    add Gaussian noise (sd ``sd``) to the two discarded cards' values.

    ``curve`` (n,) receives the mean result of the chosen discards in n equal blocks.
    Returns the number of updates."""
    np.random.seed(seed)
    cards = np.empty(6, dtype=np.int64)
    results = np.empty(15)
    taken = np.zeros(52, dtype=np.bool_)
    block = max(1, iterations // curve.shape[0])
    updates = 0
    total = 0.0
    for it in range(iterations):
        row = hands[np.random.randint(0, hands.shape[0])]
        deal_suits(row, cards)
        h = hand_index(cards)
        role = DEALER if np.random.randint(0, 2) == 0 else PONE  # draws as before
        for c in cards:
            taken[c] = True
        starter = np.random.randint(0, 52)
        while taken[starter]:
            starter = np.random.randint(0, 52)
        taken[starter] = True
        opp0 = np.random.randint(0, 52)
        while taken[opp0]:
            opp0 = np.random.randint(0, 52)
        taken[opp0] = True
        opp1 = np.random.randint(0, 52)
        while taken[opp1]:
            opp1 = np.random.randint(0, 52)
        taken[:] = False
        _split_results(cards, starter, opp0, opp1, 1 if role == DEALER else -1, results)
        a, b = two_lowest(values[h, role])
        mine = results[_split_of(a, b)]
        best = results.max()
        total += mine
        if (it + 1) % block == 0 and (it + 1) // block <= curve.shape[0]:
            curve[(it + 1) // block - 1] = total / block
            total = 0.0
        failed = mine < p * best if best > 0 else mine < best
        if failed:
            _perturb(values, h, role, a, b, sd, bounded, lo, hi)
            updates += 1
    return updates


@kernel
def evolve_coevolution(values, hands, iterations, sd, bounded, lo, hi, seed, curve):
    """The same-hand co-evolution (Kendall & Shaw, Fig. 5): the array player and a random
    player get the same suitless hand; the array player throws its two lowest, the random
    player two at random; both keep-hands are counted with the same starter rank (hands
    only, suits ignored, as in that experiment); the array player evolves when it scores
    less. ``curve`` receives the array player's mean hand score per block."""
    np.random.seed(seed)
    block = max(1, iterations // curve.shape[0])
    updates = 0
    total = 0.0
    kept = np.empty(4, dtype=np.int64)
    for it in range(iterations):
        k = np.random.randint(0, hands.shape[0])
        ranks = hands[k]
        h = hand_index(ranks * 4)  # any suits: the index only reads the ranks
        role = DEALER if np.random.randint(0, 2) == 0 else PONE  # draws as before
        counts = np.zeros(13, dtype=np.int64)
        for r in ranks:
            counts[r] += 1
        starter = np.random.randint(0, 13)
        while counts[starter] == 4:  # the starter must be a card the hand leaves
            starter = np.random.randint(0, 13)
        a, b = two_lowest(values[h, role])
        mine = _kept_score(ranks, a, b, starter, kept)
        ra = np.random.randint(0, 6)
        rb = np.random.randint(0, 5)
        if rb >= ra:
            rb += 1
        theirs = _kept_score(ranks, ra, rb, starter, kept)
        total += mine
        if (it + 1) % block == 0 and (it + 1) // block <= curve.shape[0]:
            curve[(it + 1) // block - 1] = total / block
            total = 0.0
        if mine < theirs:
            _perturb(values, h, role, a, b, sd, bounded, lo, hi)
            updates += 1
    return updates


@kernel
def evolve_expected(values, hands, indices, net, iterations, sd, bounded, lo, hi, seed,
                    curve):
    """A (1+1) evolution strategy on the same values with exact fitness: pick a hand and a
    role, add Gaussian noise (sd ``sd``) to its six values, and keep the mutation only if
    the new two lowest make a split whose expected net (``net`` (18564, 2, 15): hand plus
    or minus crib, suitless, exact over starters and opponent tosses) is at least as good.
    ``curve`` receives the mean expected net of the current choices per block."""
    np.random.seed(seed)
    block = max(1, iterations // curve.shape[0])
    updates = 0
    total = 0.0
    old = np.empty(6)
    for it in range(iterations):
        k = np.random.randint(0, hands.shape[0])
        h = indices[k]
        role = DEALER if np.random.randint(0, 2) == 0 else PONE  # draws as before
        row = values[h, role]
        a, b = two_lowest(row)
        before = net[h, role, _split_of(a, b)]
        total += before
        if (it + 1) % block == 0 and (it + 1) // block <= curve.shape[0]:
            curve[(it + 1) // block - 1] = total / block
            total = 0.0
        old[:] = row
        for i in range(6):
            v = row[i] + np.random.normal(0.0, sd)
            row[i] = min(hi, max(lo, v)) if bounded else v
        a2, b2 = two_lowest(row)
        if net[h, role, _split_of(a2, b2)] < before:
            row[:] = old
        else:
            updates += 1
    return updates
