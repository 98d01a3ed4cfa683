"""Compiled kernels for the players (numba). Unchecked: see ``ai.pegging`` for the API.

Pegging points depend only on ranks, so the opponent's possible replies are grouped by
rank: ``unseen`` (13,) counts the cards of each rank the player has not seen.
"""

from __future__ import annotations

import numpy as np

from engine.kernels import kernel, peg_points_seq, rank_pip
from engine.rules import MAX_COUNT


@kernel("(int64, int64, int64)")
def _p_none_of(n, m, k):
    """Probability that k cards drawn from n contain none of m marked cards."""
    p = 1.0
    for i in range(k):
        if n - i <= 0:
            return 0.0
        p *= (n - m - i) / (n - i)
        if p <= 0.0:
            return 0.0
    return p


@kernel
def peg_figures(seq, count, hand, legal, unseen, opp_cards):
    """Figures for playing each of ``hand[legal]``, one ply (two for the net).

    seq: (m,) the current count's cards; hand: (h,) this player's cards (ranks*4 + suit,
    i.e. cards); legal: (h,) bool; unseen: (13,) unseen cards per rank; opp_cards: how many
    cards the opponent holds (a uniformly random subset of the unseen).

    Returns four (h,) float arrays: ``immediate`` (points this card scores now),
    ``expected`` (immediate minus the expected points of the opponent's best reply),
    ``max_net`` (the best case over the opponent's possible replies, go included, and this
    player's best next card: mine now - theirs + mine next), ``max_opp`` (the most the
    opponent could score in reply).
    """
    h = hand.shape[0]
    m = seq.shape[0]
    immediate = np.zeros(h)
    expected = np.zeros(h)
    max_net = np.zeros(h)
    max_opp = np.zeros(h)
    n_unseen = 0
    for r in range(13):
        n_unseen += unseen[r]
    buf = np.empty(m + 3, dtype=np.int64)
    buf[:m] = seq
    replies = np.zeros(13, dtype=np.int64)  # opponent's points for a reply of each rank
    for i in range(h):
        if not legal[i]:
            continue
        card = hand[i]
        count1 = count + rank_pip(card >> 2)
        buf[m] = card
        points = peg_points_seq(buf, m + 1)
        left = h - 1
        if left == 0 and opp_cards == 0 and count1 < MAX_COUNT:
            points += 1  # last card
        immediate[i] = points
        if count1 == MAX_COUNT:  # the count resets and the opponent leads: no reply to score
            expected[i] = points
            max_net[i] = points
            continue
        if opp_cards == 0:  # the opponent is out: this player plays on, or pegs the go
            expected[i] = points
            max_net[i] = points + _best_next(buf, m + 1, count1, hand, i, 1 if left else 0)
            continue
        best_reply = 0
        fitting = 0
        for r in range(13):
            replies[r] = -1
            if unseen[r] > 0 and count1 + rank_pip(r) <= MAX_COUNT:
                buf[m + 1] = r * 4
                replies[r] = peg_points_seq(buf, m + 2)
                best_reply = max(best_reply, replies[r])
                fitting += unseen[r]
        # E[best reply] = sum over v >= 1 of P(the opponent holds a reply worth >= v)
        e_reply = 0.0
        for v in range(1, best_reply + 1):
            marked = 0
            for r in range(13):
                if replies[r] >= v:
                    marked += unseen[r]
            e_reply += 1.0 - _p_none_of(n_unseen, marked, opp_cards)
        expected[i] = points - e_reply
        max_opp[i] = best_reply
        net = -1e9
        for r in range(13):
            if replies[r] >= 0:
                buf[m + 1] = r * 4
                count2 = count1 + rank_pip(r)
                nxt = 0 if count2 == MAX_COUNT else _best_next(buf, m + 2, count2, hand, i, -1)
                net = max(net, points - replies[r] + nxt)
        if n_unseen - fitting >= opp_cards:
            # the opponent may hold nothing that fits: go, and this player plays on
            net = max(net, points + _best_next(buf, m + 1, count1, hand, i, 1))
        max_net[i] = net
    return immediate, expected, max_net, max_opp


@kernel("(int64[::1], int64, int64, int64[::1], int64, int64)")
def _best_next(buf, n, count, hand, used, go_point):
    """The most this player's next card (not ``hand[used]``) scores on ``buf[:n]``; when no
    card fits, ``go_point`` (1 if the opponent has said go, so this player pegs the go)."""
    best = -1
    for j in range(hand.shape[0]):
        if j != used and count + rank_pip(hand[j] >> 2) <= MAX_COUNT:
            buf[n] = hand[j]
            best = max(best, peg_points_seq(buf, n + 1))
    if best < 0:
        return max(go_point, 0)
    return best
