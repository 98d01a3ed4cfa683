"""Compiled (numba) kernels for counting hands and pegging.

Everything here is fast and unchecked: callers validate cards first (see ``engine.scoring``
and ``engine.pegging`` for the checked, documented API). Cards are ints 0..51 with
``rank = card >> 2`` (0 = ace .. 12 = king) and ``suit = card & 3``.

Shapes are given in the docstrings; ``uint8`` scores (a hand never scores more than 29).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from numba import njit

from engine import _cache, rules
from engine.cards import JACK  # the jack's rank, defined once with the cards
from engine.rules import MAX_COUNT, MAX_HAND_SCORE


def kernel(signature_or_function: Any = None, /, **options: Any) -> Any:
    """The decorator of every compiled function: ``numba.njit(cache=True, **options)``.

    ``@kernel`` compiles a function when it is first called, for the types of its
    arguments (a function called from Python only: Python's values have no literal type).
    ``@kernel("(int64, int64[::1])")`` compiles it now, for those types only: the form of
    a function other kernels call. Numba types a constant argument of a call from another
    compiled function by its value (``Literal[int](0)``) and would compile a copy of the
    callee for each (``f(x, 0)``, ``f(x, 1)`` and ``f(x, n)`` were three copies, the
    expert's search had six), and a literal argument makes every callee below it literal
    too (the expert's whole play was compiled four times, for seat 0 and 1 and a first
    ``n_played`` of 0); given its signature, the callee has one copy, which every call
    converts its arguments to. Types a signature string cannot name (a ``Generator``, a
    tuple of tables) are given as a tuple of ``numba.types``, built with ``numba.typeof``
    from a sample (``ai._decide.GENERATOR``, ``TABLES``). A signed kernel is compiled (or
    loaded from the cache) when its module is imported, so the kernels it calls must be
    defined above it. ``tests/engine/test_kernel_compiles.py`` fails when a kernel is
    compiled twice in a process.

    Before a module's first kernel is compiled or loaded, its on-disk cache is deleted if
    the engine's sources or those of its own package changed since it was written
    (``engine._cache``): numba checks a kernel's own file only."""
    signature = None if callable(signature_or_function) else signature_or_function

    def wrap(py_func: Callable[..., Any]) -> Any:
        _cache.renew(py_func, lambda: njit(cache=True)(py_func).stats.cache_path)
        if signature is None:
            return njit(cache=True, **options)(py_func)
        return njit(signature, cache=True, **options)(py_func)
    return wrap(signature_or_function) if callable(signature_or_function) else wrap


# the rules of engine.rules that compiled code asks too (the compiled loop's game end)
skunk_of = kernel(rules.skunk_of)
match_points = kernel(rules.match_points)


@kernel
def shuffled_deck(rng):
    """The 52 cards in the order ``rng.permutation(52)`` gives them (numpy's
    ``Generator``), drawn from ``rng`` as numpy draws them: the compiled games deal exactly
    the decks ``GameState`` deals.

    Numba's own ``permutation`` is this same loop (numpy's Fisher-Yates, numpy's bounded
    draw) written for arrays of any shape; compiling it took 40 s of the match loop's 90
    from an empty cache, for its axis and shape checks and their error messages. The bounded
    draw is numpy's: a 32-bit word (``integers(0, 2**32)`` is one word as it stands), masked
    to the smallest ``2**k - 1`` covering ``i``, drawn again while above ``i``.

    The words are drawn a batch at a time (numba's ``integers`` makes an array for every
    call, even of one number: drawn one by one, a deck took three times as long), and never
    more than the loop uses: each ``i`` still to come takes at least one word, so a batch
    of as many words as there are ``i`` left is the fewest the rest needs; the generator
    ends where the one-by-one draws left it."""
    deck = np.arange(52)
    words = rng.integers(0, 1 << 32, size=51)
    used = 0
    for i in range(51, 0, -1):
        mask = i | i >> 1 | i >> 2 | i >> 3 | i >> 4 | i >> 5  # i < 64
        while True:
            if used == words.shape[0]:
                words = rng.integers(0, 1 << 32, size=i)
                used = 0
            j = words[used] & mask
            used += 1
            if j <= i:
                break
        if j != i:
            deck[i], deck[j] = deck[j], deck[i]
    return deck


def _build_run_tables() -> tuple[np.ndarray, np.ndarray]:
    """For each 13-bit set of ranks present: the lowest rank and length of its longest run
    of 3 or more consecutive ranks (length 0 when there is none)."""
    lo = np.zeros(1 << 13, dtype=np.int64)
    length = np.zeros(1 << 13, dtype=np.int64)
    for mask in range(1 << 13):
        best_lo, best_len, r = 0, 0, 0
        while r < 13:
            if mask >> r & 1:
                start = r
                while r < 13 and mask >> r & 1:
                    r += 1
                if r - start >= 3 and r - start > best_len:
                    best_lo, best_len = start, r - start
            else:
                r += 1
        lo[mask], length[mask] = best_lo, best_len
    return lo, length


RUN_LO, RUN_LEN = _build_run_tables()


@kernel(inline="always")
def rank_pip(rank):
    """The pip value of a rank (0 = ace .. 12 = king): 1..10."""
    return rank + 1 if rank < 10 else 10


@kernel(inline="always")
def card_pip(card):
    """The pip value of a card (0..51)."""
    return rank_pip(card >> 2)


@kernel
def rank_score5(r0, r1, r2, r3, r4):
    """Fifteens, pairs and runs of five ranks (0..12); no flush or nobs.

    Fifteens use complements: a triple makes 15 exactly when the other two cards make
    ``total - 15``, a quad when the fifth card does, so only pairs and singles are summed.
    """
    v0, v1, v2, v3, v4 = rank_pip(r0), rank_pip(r1), rank_pip(r2), rank_pip(r3), rank_pip(r4)
    t = v0 + v1 + v2 + v3 + v4 - 15
    fifteens = 0
    for s in (v0 + v1, v0 + v2, v0 + v3, v0 + v4, v1 + v2, v1 + v3, v1 + v4,
              v2 + v3, v2 + v4, v3 + v4):
        fifteens += (s == 15) + (s == t)
    fifteens += (v0 == t) + (v1 == t) + (v2 == t) + (v3 == t) + (v4 == t) + (t == 0)

    pairs = ((r0 == r1) + (r0 == r2) + (r0 == r3) + (r0 == r4) + (r1 == r2) + (r1 == r3)
             + (r1 == r4) + (r2 == r3) + (r2 == r4) + (r3 == r4))

    mask = (1 << r0) | (1 << r1) | (1 << r2) | (1 << r3) | (1 << r4)
    run_len = RUN_LEN[mask]
    runs = 0
    if run_len:
        lo = RUN_LO[mask]
        hi = lo + run_len
        # k: how many of the five cards lie in the run; the rest of k - run_len are repeats.
        k = ((lo <= r0) & (r0 < hi)) + ((lo <= r1) & (r1 < hi)) + ((lo <= r2) & (r2 < hi)) \
            + ((lo <= r3) & (r3 < hi)) + ((lo <= r4) & (r4 < hi))
        if run_len == 5 or k == run_len:
            mult = 1
        elif k == run_len + 1:
            mult = 2  # one rank doubled: double run
        elif pairs == 3:
            mult = 3  # run of 3 with a pair royal: triple run
        else:
            mult = 4  # run of 3 with two pairs: double double run
        runs = run_len * mult
    return 2 * fifteens + 2 * pairs + runs


@kernel("(int64, int64, int64, int64, int64, boolean)")
def score5(c0, c1, c2, c3, starter, is_crib):
    """Score hand ``c0..c3`` with ``starter``: fifteens, pairs, runs, flush, nobs."""
    points = rank_score5(c0 >> 2, c1 >> 2, c2 >> 2, c3 >> 2, starter >> 2)
    s = c0 & 3
    if (c1 & 3) == s and (c2 & 3) == s and (c3 & 3) == s:
        if (starter & 3) == s:
            points += 5
        elif not is_crib:
            points += 4
    nob = JACK * 4 + (starter & 3)  # the jack of the starter's suit
    if c0 == nob or c1 == nob or c2 == nob or c3 == nob:
        points += 1
    return points


@kernel
def score4(c0, c1, c2, c3):
    """Four cards before the starter: fifteens, pairs, runs and a four-card flush (the
    compiled ``engine.scoring.score_four``)."""
    v = np.array([card_pip(c0), card_pip(c1), card_pip(c2), card_pip(c3)])
    r = np.array([c0 >> 2, c1 >> 2, c2 >> 2, c3 >> 2])
    points = 0
    for subset in range(1, 16):
        total = 0
        for i in range(4):
            if (subset >> i) & 1:
                total += v[i]
        if total == 15:
            points += 2
    mask = 0
    for i in range(4):
        mask |= 1 << r[i]
        for j in range(i + 1, 4):
            if r[i] == r[j]:
                points += 2
    best, length = 0, 0
    for rank in range(13):
        length = length + 1 if (mask >> rank) & 1 else 0
        if length > best:
            best = length
            top = rank
    if best >= 3:  # one run, doubled for each repeat of its ranks among the four
        mult = 1
        for rank in range(top - best + 1, top + 1):
            k = (r[0] == rank) + (r[1] == rank) + (r[2] == rank) + (r[3] == rank)
            mult *= k
        points += best * mult
    s = c0 & 3
    if (c1 & 3) == s and (c2 & 3) == s and (c3 & 3) == s:
        points += 4
    return points


@kernel("(int64, int64, int64, int64)")
def score3(c0, c1, c2, starter):
    """Score a three-card hand (five-card cribbage) with ``starter``: fifteens, pairs and
    runs of the four cards, a flush of the three (3, or 4 with the starter's suit too),
    nobs."""
    points = score4(c0, c1, c2, starter)  # its four-card flush is the hand's flush of 4
    s = c0 & 3
    if (c1 & 3) == s and (c2 & 3) == s and (starter & 3) != s:
        points += 3
    nob = JACK * 4 + (starter & 3)
    if c0 == nob or c1 == nob or c2 == nob:
        points += 1
    return points


@kernel
def score_batch(hands, starters, is_crib):
    """Score many hands at once.

    hands: int array (n, 4); starters: int array (n,); returns uint8 array (n,).
    """
    n = hands.shape[0]
    out = np.empty(n, dtype=np.uint8)
    for i in range(n):
        out[i] = score5(hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3], starters[i],
                        is_crib)
    return out


@kernel
def first_invalid_row(hands, starters):
    """Index of the first row with a card outside 0..51 or a repeated card, else -1."""
    for i in range(hands.shape[0]):
        seen = 0
        for j in range(5):
            c = hands[i, j] if j < 4 else starters[i]
            if c < 0 or c > 51 or (seen >> c) & 1:
                return i
            seen |= 1 << c
    return -1


@kernel
def all_hands_with_starters():
    """Every (4-card hand, starter) combination: hands (12_994_800, 4) int8 in increasing
    card order, starters (12_994_800,) int8, hand-major then starter in increasing order."""
    n = 270725 * 48
    hands = np.empty((n, 4), dtype=np.int8)
    starters = np.empty(n, dtype=np.int8)
    i = 0
    for a in range(52):
        for b in range(a + 1, 52):
            for c in range(b + 1, 52):
                for d in range(c + 1, 52):
                    for s in range(52):
                        if s == a or s == b or s == c or s == d:
                            continue
                        hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3] = a, b, c, d
                        starters[i] = s
                        i += 1
    return hands, starters


@kernel
def hand_score_histogram(is_crib):
    """Histogram (30,) int64 of the score of every (4-card hand, starter) combination.

    Incremental: for each hand the parts that do not depend on the starter (subset sums,
    pairs, runs per starter rank, flush, nobs suits) are computed once, then each of the 48
    starters costs a few table lookups.
    """
    hist = np.zeros(MAX_HAND_SCORE + 1, dtype=np.int64)
    sums = np.zeros(41, dtype=np.int64)  # subsets of the hand by pip total
    rank_count = np.zeros(13, dtype=np.int64)
    run_with = np.zeros(13, dtype=np.int64)  # run points of hand + a starter of each rank
    for a in range(52):
        for b in range(a + 1, 52):
            for c in range(b + 1, 52):
                for d in range(c + 1, 52):
                    ra, rb, rc, rd = a >> 2, b >> 2, c >> 2, d >> 2
                    va, vb, vc, vd = rank_pip(ra), rank_pip(rb), rank_pip(rc), rank_pip(rd)
                    sums[:] = 0
                    for m in range(16):
                        t = 0
                        if m & 1:
                            t += va
                        if m & 2:
                            t += vb
                        if m & 4:
                            t += vc
                        if m & 8:
                            t += vd
                        sums[t] += 1
                    rank_count[:] = 0
                    rank_count[ra] += 1
                    rank_count[rb] += 1
                    rank_count[rc] += 1
                    rank_count[rd] += 1
                    pairs = ((ra == rb) + (ra == rc) + (ra == rd) + (rb == rc) + (rb == rd)
                             + (rc == rd))
                    for rs in range(13):
                        # rank_score5 also counts fifteens and pairs; subtract them back out
                        run_with[rs] = rank_score5(ra, rb, rc, rd, rs)
                        vs = rank_pip(rs)
                        run_with[rs] -= 2 * (sums[15] + sums[15 - vs])
                        run_with[rs] -= 2 * (pairs + rank_count[rs])
                    hand_suit = a & 3
                    flush4 = (b & 3) == hand_suit and (c & 3) == hand_suit \
                        and (d & 3) == hand_suit
                    jack_suits = 0
                    for card in (a, b, c, d):
                        if card >> 2 == JACK:
                            jack_suits |= 1 << (card & 3)
                    base = 2 * (sums[15] + pairs)
                    for s in range(52):
                        if s == a or s == b or s == c or s == d:
                            continue
                        rs = s >> 2
                        points = base + 2 * (sums[15 - rank_pip(rs)] + rank_count[rs]) \
                            + run_with[rs]
                        if flush4:
                            if (s & 3) == hand_suit:
                                points += 5
                            elif not is_crib:
                                points += 4
                        if jack_suits >> (s & 3) & 1:
                            points += 1
                        hist[points] += 1
    return hist


@kernel
def peg_points_seq(seq, n):
    """Points for the last card of ``seq[:n]`` (the cards of the current count, oldest
    first): 15 and 31 for 2, pairs 2/6/12 and the longest run of 3..7 at the end."""
    if n == 0:
        return 0
    total = 0
    for i in range(n):
        total += rank_pip(seq[i] >> 2)
    return peg_points_counted(seq, n, total)


#: more cards than one count can hold (at most 13: four aces, twos and threes and a four
#: make 28, and no card left fits), so a count's ranks fit in one int64, four bits each
MAX_COUNT_CARDS = 15


@kernel(inline="always")
def packed_ranks(cards, end, n):
    """The ranks of ``cards[end - n:end]`` (n <= :data:`MAX_COUNT_CARDS`) in one number, four
    bits each, the newest card's (``cards[end - 1]``) in the lowest bits.

    A kernel given an array reads it here, in one loop that always runs to its end, and
    scores the number after (:func:`peg_points_ranks`): numba then finds the increment of the
    array's reference count on entry and its one decrement after the loop, and prunes both.
    The scoring's loops, which stop early, reading the array kept an atomic increment and
    decrement at every call (docs/speed.md)."""
    packed = 0
    for t in range(n):
        packed |= (cards[end - 1 - t] >> 2) << (4 * t)
    return packed


@kernel("(int64, int64, int64)")
def peg_points_ranks(ranks, n, total):
    """:func:`peg_points_counted` of a count of ``n`` cards whose ranks are ``ranks``
    (:func:`packed_ranks`), its total ``total``."""
    points = 0
    if total == 15 or total == MAX_COUNT:
        points += 2
    last = ranks & 15
    same = 1
    while same < n and ranks >> (4 * same) & 15 == last:
        same += 1
    points += same * (same - 1)  # 1 card: 0, pair: 2, pair royal: 6, double pair royal: 12
    if same == 1:
        # runs: the longest tail of length L >= 3 whose ranks are L distinct consecutive
        best = 0
        mask = 0
        lo, hi = 99, -1
        for length in range(1, min(n, 7) + 1):
            r = ranks >> (4 * (length - 1)) & 15
            if mask >> r & 1:
                break  # a repeated rank breaks every longer tail too
            mask |= 1 << r
            lo = min(lo, r)
            hi = max(hi, r)
            if length >= 3 and hi - lo == length - 1:
                best = length
        points += best
    return points


@kernel("(int64[::1], int64, int64, int64)")
def peg_points_at(cards, start, n, total):
    """:func:`peg_points_counted` of the count ``cards[start:start + n]``, read in place (a
    slice would be an array view, whose reference counting costs more than the scoring)."""
    k = min(n, MAX_COUNT_CARDS)  # all of a count's cards
    return peg_points_ranks(packed_ranks(cards, start + n, k), k, total)


@kernel("(int64[::1], int64, int64)")
def peg_points_counted(seq, n, total):
    """:func:`peg_points_seq` when the caller knows the count ``total`` of ``seq[:n]``
    (n >= 1)."""
    return peg_points_at(seq, 0, n, total)
