"""The variants' win tables, compiled: complete deals sampled by self-play, and the chance
of winning at every score solved from them by dynamic programming (``ai.tables.variant_win``).

**Deals.** Each sampled deal is played by sensible players on the engine's play steps: every
seat tosses what keeps it the most points (``ai._variant._best_toss``), the play is played
greedily (``ai._variant.rollout``'s policy), and the show is counted from the dealer's left
round to the dealer, then the crib. A deal is kept as its scoring events in order (his
heels, each pegging score, each hand, the crib), each by the side that scores it *counted
from the dealer's*: 0 the dealer's side, 1 the next (the dealer's left), 2 the one after.

**Tables.** Every deal scores at least the last card's go, so a position's value depends only
on positions with more points in all, and positions are solved from the highest total down:

- two sides (five-card, four-player): ``T[a, b]`` the chance that the side dealing now, at
  ``a``, wins against the other at ``b``; the deal passes to the other side.
- three sides (three-player): ``T[a, b, c, k]`` the chance that side ``k`` (0 the dealer, 1
  its left, 2 its right) wins with the dealer at ``a``, its left at ``b``, its right at
  ``c``; the deal passes to the left, so the next position is ``T[b', c', a']``.

A deal is walked event by event only when some side could reach the target in it (the
game ends the moment one does); otherwise its totals are added at once.
"""

from __future__ import annotations

import numpy as np
from numba import prange

from ai._variant import _best_toss, hand_points, rollout_policy_card
from engine.kernels import (
    JACK,
    PLAY_STATE,
    close_count,
    kernel,
    play_begin,
    play_card,
    play_mover,
    play_over,
    say_go,
    score5,
)

MAX_EVENTS = 40  # heels, at most 16 cards and 16 counts' ends in the play, 4 hands, a crib


@kernel
def sample_deals(n, seed, players, sides, cards_dealt, to_crib, crib_from_deck, one_count,
                 ev_side, ev_pts, n_ev):
    """Fill ``ev_side``/``ev_pts`` (n, MAX_EVENTS) and ``n_ev`` (n,) with ``n`` deals of
    self-play, the dealer in seat 0; a seat's side is ``seat % sides``."""
    np.random.seed(seed)
    kept_n = cards_dealt - to_crib
    deck = np.arange(52)
    dealt = np.empty(6, dtype=np.int64)
    toss = np.empty(2, dtype=np.int64)
    kept = np.empty(4, dtype=np.int64)
    hands = np.zeros((4, 4), dtype=np.int64)
    crib = np.empty(4, dtype=np.int64)
    state = np.empty(PLAY_STATE, dtype=np.int64)
    for d in range(n):
        need = players * cards_dealt + crib_from_deck + 1
        for t in range(need):
            j = t + np.random.randint(0, 52 - t)
            deck[t], deck[j] = deck[j], deck[t]
        k = 0
        n_crib = 0
        for seat in range(players):
            for t in range(cards_dealt):
                dealt[t] = deck[k]
                k += 1
            _best_toss(dealt, cards_dealt, to_crib, toss, kept)
            hands[seat, :kept_n] = kept[:kept_n]
            for t in range(to_crib):
                crib[n_crib] = toss[t]
                n_crib += 1
        for _ in range(crib_from_deck):
            crib[n_crib] = deck[k]
            n_crib += 1
            k += 1
        starter = deck[k]
        e = 0
        if starter >> 2 == JACK:
            ev_side[d, e], ev_pts[d, e] = 0, 2
            e += 1
        play_begin(state, hands, 0, players, kept_n, one_count)
        while True:
            mover = play_mover(state)
            if mover == -1:
                scorer = close_count(state)
                if scorer >= 0:
                    ev_side[d, e], ev_pts[d, e] = scorer % sides, 1
                    e += 1
                if play_over(state):
                    break
                continue
            i = rollout_policy_card(state, mover)
            if i == -1:
                say_go(state, mover)
                continue
            p = play_card(state, mover, i)
            if p > 0:
                ev_side[d, e], ev_pts[d, e] = mover % sides, p
                e += 1
        for r in range(1, players + 1):
            seat = r % players
            ev_side[d, e], ev_pts[d, e] = seat % sides, hand_points(hands[seat], kept_n,
                                                                     starter)
            e += 1
        ev_side[d, e], ev_pts[d, e] = 0, score5(crib[0], crib[1], crib[2], crib[3], starter,
                                                True)
        e += 1
        n_ev[d] = e


@kernel(parallel=True)
def solve_two(target, ev_side, ev_pts, n_ev, T):
    """``T[a, b]`` (target, target): the chance the dealing side at ``a`` wins against the
    other at ``b``, over the deals given (the deal passes to the other side)."""
    n = n_ev.shape[0]
    totals = np.zeros((n, 2), dtype=np.int64)
    for d in range(n):
        for e in range(n_ev[d]):
            totals[d, ev_side[d, e]] += ev_pts[d, e]
    top = target - 1
    for s in range(2 * top, -1, -1):
        lo = max(0, s - top)
        hi = min(s, top)
        for a in prange(lo, hi + 1):
            b = s - a
            acc = 0.0
            for d in range(n):
                x, y = a + totals[d, 0], b + totals[d, 1]
                if x < target and y < target:
                    acc += 1.0 - T[y, x]
                    continue
                x, y = a, b
                for e in range(n_ev[d]):
                    if ev_side[d, e] == 0:
                        x += ev_pts[d, e]
                        if x >= target:
                            acc += 1.0
                            break
                    else:
                        y += ev_pts[d, e]
                        if y >= target:
                            break
            T[a, b] = acc / n


@kernel(parallel=True)
def solve_three(target, ev_side, ev_pts, n_ev, T):
    """``T[a, b, c, k]`` (target, target, target, 3): the chance that side ``k`` (0 the
    dealer, 1 its left, 2 its right) wins, the dealer at ``a``, its left at ``b``, its right
    at ``c``, over the deals given (the deal passes to the left)."""
    n = n_ev.shape[0]
    totals = np.zeros((n, 3), dtype=np.int64)
    for d in range(n):
        for e in range(n_ev[d]):
            totals[d, ev_side[d, e]] += ev_pts[d, e]
    top = target - 1
    for s in range(3 * top, -1, -1):
        for a in prange(max(0, s - 2 * top), min(s, top) + 1):
            score = np.empty(3, dtype=np.int64)
            acc = np.empty(3)
            for b in range(max(0, s - a - top), min(s - a, top) + 1):
                c = s - a - b
                acc[:] = 0.0
                for d in range(n):
                    x, y, z = a + totals[d, 0], b + totals[d, 1], c + totals[d, 2]
                    if x < target and y < target and z < target:
                        # the next dealer is the left: (left, right, dealer)
                        acc[0] += T[y, z, x, 2]
                        acc[1] += T[y, z, x, 0]
                        acc[2] += T[y, z, x, 1]
                        continue
                    score[0], score[1], score[2] = a, b, c
                    for e in range(n_ev[d]):
                        side = ev_side[d, e]
                        score[side] += ev_pts[d, e]
                        if score[side] >= target:
                            acc[side] += 1.0
                            break
                for k in range(3):
                    T[a, b, c, k] = acc[k] / n
