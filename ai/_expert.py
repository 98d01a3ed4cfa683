"""Compiled kernels of the ``expert`` player (numba). Unchecked: see ``ai.players.expert``.

Deal samples are complete deals of real games, stored by role (1 the dealer, 0 the pone):
``heels`` (0 or 2), the pegging points in the order they were pegged (``peg_role``,
``peg_pts``, ``n_peg``), then the pone's hand, the dealer's hand and the crib, the order of
the show. ``W[d, a, b]`` is the probability that a player with ``a`` points wins against
``b`` when it deals the next deal (``d`` = 1) or not (``d`` = 0).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.kernels import peg_points_seq, rank_pip, rank_score5
from engine.rules import MAX_COUNT, WINNING_SCORE

TOP = WINNING_SCORE - 1  # the highest score a game in progress can stand at

SEQ = 16  # cards in one count: at most the 8 of a play (16 leaves room for tests)


# ---------------------------------------------------------------------------- one deal
@njit(cache=True)
def _finish_deal(d, dealer, pone, s, heels, peg_role, peg_pts, n_peg, pone_hand,
                 dealer_hand, crib, W):
    """Play deal sample ``s`` from (dealer, pone) scores; the value for the player who is
    the dealer when ``d`` = 1 (else the pone): 1 or 0 if the deal ends the game, else W of
    the next deal (the roles swap)."""
    dealer += heels
    if dealer >= WINNING_SCORE:
        return 1.0 if d == 1 else 0.0
    for i in range(n_peg[s]):
        if peg_role[s, i] == 1:
            dealer += peg_pts[s, i]
            if dealer >= WINNING_SCORE:
                return 1.0 if d == 1 else 0.0
        else:
            pone += peg_pts[s, i]
            if pone >= WINNING_SCORE:
                return 1.0 if d == 0 else 0.0
    pone += pone_hand
    if pone >= WINNING_SCORE:
        return 1.0 if d == 0 else 0.0
    dealer += dealer_hand
    if dealer >= WINNING_SCORE:
        return 1.0 if d == 1 else 0.0
    dealer += crib
    if dealer >= WINNING_SCORE:
        return 1.0 if d == 1 else 0.0
    if d == 1:  # I dealt: next deal I am the pone
        return W[0, dealer, pone]
    return W[1, pone, dealer]


@njit(cache=True)
def win_table(heels, peg_role, peg_pts, n_peg, pone_hand, dealer_hand, crib, W):
    """Fill W (2, 121, 121) by dynamic programming over the deal samples: every deal
    scores at least one point (the last card), so W at a higher total is known first."""
    n = heels.shape[0]
    for total in range(240, -1, -1):
        for a in range(max(0, total - TOP), min(TOP, total) + 1):
            b = total - a
            for d in range(2):
                acc = 0.0
                for s in range(n):
                    if d == 1:
                        acc += _finish_deal(1, a, b, s, heels[s], peg_role, peg_pts, n_peg,
                                            pone_hand[s], dealer_hand[s], crib[s], W)
                    else:
                        acc += _finish_deal(0, b, a, s, heels[s], peg_role, peg_pts, n_peg,
                                            pone_hand[s], dealer_hand[s], crib[s], W)
                W[d, a, b] = acc / n


# ---------------------------------------------------------------------------- discards
@njit(cache=True)
def option_win_probs(a, b, d, hand_hist, crib_shift, peg_shift, samples, u, heels, peg_role,
                     peg_pts, n_peg, pone_hand, dealer_hand, crib, W, out):
    """Win probability of each option: its kept hand scores ``h`` with probability
    ``hand_hist[o, h] / 46`` (exact over the starters); the rest of the deal comes from the
    deal ``samples``, the crib moved by ``crib_shift[o]`` and this player's hand by
    ``peg_shift[o]`` (its pegging compared with the options' average), both rounded
    stochastically with ``u`` (common random numbers, so options differ only by what
    differs). ``d`` = 1 when this player deals."""
    n_opt = hand_hist.shape[0]
    for o in range(n_opt):
        total = 0.0
        weight = 0.0
        for h in range(hand_hist.shape[1]):
            c = hand_hist[o, h]
            if c == 0:
                continue
            acc = 0.0
            for j in range(samples.shape[0]):
                s = samples[j]
                mine = h + int(np.floor(peg_shift[o] + u[j]))
                if mine < 0:
                    mine = 0
                cr = crib[s] + int(np.floor(crib_shift[o] + u[j]))
                if cr < 0:
                    cr = 0
                if d == 1:
                    acc += _finish_deal(1, a, b, s, heels[s], peg_role, peg_pts, n_peg,
                                        pone_hand[s], mine, cr, W)
                else:
                    acc += _finish_deal(0, b, a, s, heels[s], peg_role, peg_pts, n_peg,
                                        mine, dealer_hand[s], cr, W)
            total += c * acc / samples.shape[0]
            weight += c
        out[o] = total / weight


# ---------------------------------------------------------------------------- the play
@njit(cache=True)
def _can_play(ranks, used, count):
    for i in range(ranks.shape[0]):
        if not (used >> i) & 1 and count + rank_pip(ranks[i]) <= MAX_COUNT:
            return True
    return False


@njit(cache=True)
def _all_used(ranks, used):
    return used == (1 << ranks.shape[0]) - 1


@njit(cache=True)
def _leaf(ctx, W, mp, op):
    """The end of the play: net points (mode 0), or the show in order, then W (mode 1)."""
    if ctx[0] == 0:
        return float(mp - op)
    me = ctx[1] + mp
    opp = ctx[2] + op
    if ctx[3] == 1:  # I deal: the opponent counts first
        opp += ctx[5]
        if opp >= WINNING_SCORE:
            return 0.0
        me += ctx[4]
        if me >= WINNING_SCORE:
            return 1.0
        me += ctx[6]
        if me >= WINNING_SCORE:
            return 1.0
        return W[0, me, opp]
    me += ctx[4]
    if me >= WINNING_SCORE:
        return 1.0
    opp += ctx[5]
    if opp >= WINNING_SCORE:
        return 0.0
    opp += ctx[6]
    if opp >= WINNING_SCORE:
        return 0.0
    return W[1, me, opp]


MAX_DEPTH = 40  # plays, goes and resets of one play: far fewer


@njit(cache=True)
def _terminal(ctx, mp, op):
    """-1 while the game goes on; 1 or 0 once a player reached 121 (mode 1 only)."""
    if ctx[0] == 1:
        if ctx[1] + mp >= WINNING_SCORE:
            return 1.0
        if ctx[2] + op >= WINNING_SCORE:
            return 0.0
    return -1.0


@njit(cache=True)
def _search(mine, mu0, theirs, tu0, seq0, n0, count0, turn0, last0, mp0, op0, ctx, W):
    """The rest of the play with both hands known, each side best for itself (zero-sum):
    the value for 'me' (net points, or the probability of winning). An explicit stack, not
    recursion (numba cannot cache recursive functions)."""
    seqs = np.empty((MAX_DEPTH, SEQ), dtype=np.int64)
    mu = np.empty(MAX_DEPTH, dtype=np.int64)
    tu = np.empty(MAX_DEPTH, dtype=np.int64)
    n = np.empty(MAX_DEPTH, dtype=np.int64)
    count = np.empty(MAX_DEPTH, dtype=np.int64)
    turn = np.empty(MAX_DEPTH, dtype=np.int64)
    last = np.empty(MAX_DEPTH, dtype=np.int64)
    mp = np.empty(MAX_DEPTH, dtype=np.int64)
    op = np.empty(MAX_DEPTH, dtype=np.int64)
    it = np.empty(MAX_DEPTH, dtype=np.int64)  # -1: not yet looked at; else the next card
    tried = np.empty(MAX_DEPTH, dtype=np.int64)
    kind = np.empty(MAX_DEPTH, dtype=np.int64)  # 0 a choice of card, 1 passes its child on
    best = np.empty(MAX_DEPTH)
    d = 0
    seqs[0, :n0] = seq0[:n0]
    mu[0], tu[0], n[0], count[0], turn[0], last[0] = mu0, tu0, n0, count0, turn0, last0
    mp[0], op[0], it[0] = mp0, op0, -1
    value = 0.0
    returning = False
    while True:
        if returning:
            if d == 0:
                return value
            d -= 1
            if kind[d] == 1:
                continue  # pass the value on up
            if turn[d] == 0:
                if value > best[d]:
                    best[d] = value
            elif value < best[d]:
                best[d] = value
            returning = False
        elif it[d] == -1:  # a new node
            t = _terminal(ctx, mp[d], op[d])
            if t >= 0.0:
                value, returning = t, True
                continue
            hand, used = (mine, mu[d]) if turn[d] == 0 else (theirs, tu[d])
            other, oused = (theirs, tu[d]) if turn[d] == 0 else (mine, mu[d])
            if _can_play(hand, used, count[d]):
                kind[d], it[d], tried[d] = 0, 0, 0
                best[d] = -1e9 if turn[d] == 0 else 1e9
            elif _can_play(other, oused, count[d]):  # go: the other player goes on
                kind[d], it[d] = 1, 0
                c = d + 1
                seqs[c, :n[d]] = seqs[d, :n[d]]
                mu[c], tu[c], n[c], count[c] = mu[d], tu[d], n[d], count[d]
                turn[c], last[c], mp[c], op[c], it[c] = 1 - turn[d], last[d], mp[d], op[d], -1
                d = c
                continue
            elif n[d] == 0:  # after 31 with no cards left: the play is over
                value, returning = _leaf(ctx, W, mp[d], op[d]), True
                continue
            else:  # nobody can play: go (or last card) for 1 to the last player
                gm = mp[d] + (1 if last[d] == 0 else 0)
                go_ = op[d] + (1 if last[d] == 1 else 0)
                t = _terminal(ctx, gm, go_)
                if t >= 0.0:
                    value, returning = t, True
                    continue
                if _all_used(mine, mu[d]) and _all_used(theirs, tu[d]):
                    value, returning = _leaf(ctx, W, gm, go_), True
                    continue
                kind[d], it[d] = 1, 0
                c = d + 1
                mu[c], tu[c], n[c], count[c] = mu[d], tu[d], 0, 0
                turn[c], last[c], mp[c], op[c], it[c] = 1 - last[d], last[d], gm, go_, -1
                d = c
                continue
        # a choice node: the next card to try, if any
        hand, used = (mine, mu[d]) if turn[d] == 0 else (theirs, tu[d])
        i = it[d]
        while i < hand.shape[0]:
            r = hand[i]
            if (not (used >> i) & 1 and count[d] + rank_pip(r) <= MAX_COUNT
                    and not (tried[d] >> r) & 1):
                break
            i += 1
        if i >= hand.shape[0]:
            value, returning = best[d], True
            continue
        r = hand[i]
        it[d] = i + 1
        tried[d] |= 1 << r
        c = d + 1
        seqs[c, :n[d]] = seqs[d, :n[d]]
        seqs[c, n[d]] = r * 4
        pts = peg_points_seq(seqs[c], n[d] + 1)
        c2 = count[d] + rank_pip(r)
        mp[c] = mp[d] + (pts if turn[d] == 0 else 0)
        op[c] = op[d] + (pts if turn[d] == 1 else 0)
        mu[c] = mu[d] | (1 << i) if turn[d] == 0 else mu[d]
        tu[c] = tu[d] | (1 << i) if turn[d] == 1 else tu[d]
        turn[c], last[c], it[c] = 1 - turn[d], turn[d], -1
        if c2 == MAX_COUNT:
            n[c], count[c] = 0, 0
        else:
            n[c], count[c] = n[d] + 1, c2
        d = c


@njit(cache=True)
def play_values(mine, theirs_samples, n_theirs, seq, count, candidates, ctx, opp_hand_pts, W,
                out):
    """For each candidate rank (one of ``mine``), the value of playing it now, for each
    sample of the opponent's remaining ranks: ``out[k, j]``.

    ``ctx``: mode, my score, the opponent's, I deal (1/0), my hand's show points,
    the opponent's (per sample, from ``opp_hand_pts``), the crib's."""
    n_seq = seq.shape[0]
    for j in range(theirs_samples.shape[0]):
        theirs = theirs_samples[j, :n_theirs]
        ctx[5] = opp_hand_pts[j]
        for k in range(candidates.shape[0]):
            r = candidates[k]
            i = -1
            for t in range(mine.shape[0]):
                if mine[t] == r:
                    i = t
                    break
            buf = np.empty(SEQ, dtype=np.int64)
            buf[:n_seq] = seq
            buf[n_seq] = r * 4
            pts = peg_points_seq(buf, n_seq + 1)
            c2 = count + rank_pip(r)
            if c2 == MAX_COUNT:
                v = _search(mine, 1 << i, theirs, 0, np.empty(SEQ, dtype=np.int64), 0, 0, 1, 0,
                            pts, 0, ctx, W)
            else:
                v = _search(mine, 1 << i, theirs, 0, buf, n_seq + 1, c2, 1, 0, pts, 0, ctx,
                            W)
            out[k, j] = v
    return out


# ---------------------------------------------------------------------------- the opponent
@njit(cache=True)
def keep_weights(known, samples, n_samples, beta, out):
    """Weight of each sampled rest of the opponent's hand: exp(beta * the expected show of
    the four it kept (``known`` ranks plus the sample's), over the starter ranks), so that
    hands a sensible player keeps are the likely ones."""
    k = samples.shape[1]
    ranks = np.empty(4, dtype=np.int64)
    for j in range(n_samples):
        m = 0
        for r in known:
            ranks[m] = r
            m += 1
        for t in range(k):
            ranks[m] = samples[j, t]
            m += 1
        left = np.full(13, 4.0)
        for t in range(4):
            left[ranks[t]] -= 1
        e = 0.0
        for r in range(13):
            if left[r] > 0:
                e += left[r] * rank_score5(ranks[0], ranks[1], ranks[2], ranks[3], r)
        out[j] = np.exp(beta * e / 48.0)
