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

from engine.kernels import RANK_SCORES, peg_points_counted, peg_points_seq, rank_pip
from engine.rules import MAX_COUNT, WINNING_SCORE

TOP = WINNING_SCORE - 1  # the highest score a game in progress can stand at

SEQ = 16  # cards in one count: at most the 8 of a play (16 leaves room for tests)


# ---------------------------------------------------------------------------- one deal
@njit(cache=True)
def _peg_deal(d, dealer, pone, s, heels, peg_role, peg_pts, n_peg):
    """His heels and the pegging of deal sample ``s`` from (dealer, pone) scores: (-1.0,
    dealer, pone) while the game goes on, else (the value for the player who is the dealer
    when ``d`` = 1, else the pone: 1 or 0, dealer, pone)."""
    dealer += heels
    if dealer >= WINNING_SCORE:
        return (1.0 if d == 1 else 0.0), dealer, pone
    for i in range(n_peg[s]):
        if peg_role[s, i] == 1:
            dealer += peg_pts[s, i]
            if dealer >= WINNING_SCORE:
                return (1.0 if d == 1 else 0.0), dealer, pone
        else:
            pone += peg_pts[s, i]
            if pone >= WINNING_SCORE:
                return (1.0 if d == 0 else 0.0), dealer, pone
    return -1.0, dealer, pone


@njit(cache=True)
def _show(d, dealer, pone, pone_hand, dealer_hand, crib, W):
    """The show in order from (dealer, pone) scores after the play: the value for the
    dealer when ``d`` = 1 (else the pone): 1 or 0 if it ends the game, else W of the next
    deal (the roles swap)."""
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
def _finish_deal(d, dealer, pone, s, heels, peg_role, peg_pts, n_peg, pone_hand,
                 dealer_hand, crib, W):
    """Play deal sample ``s`` from (dealer, pone) scores; the value for the player who is
    the dealer when ``d`` = 1 (else the pone)."""
    ended, dealer, pone = _peg_deal(d, dealer, pone, s, heels, peg_role, peg_pts, n_peg)
    if ended >= 0.0:
        return ended
    return _show(d, dealer, pone, pone_hand, dealer_hand, crib, W)


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
    n_s = samples.shape[0]
    # the pegging of each sample, the same for every option: done first, once
    ended = np.empty(n_s)
    dealer_at = np.empty(n_s, dtype=np.int64)
    pone_at = np.empty(n_s, dtype=np.int64)
    for j in range(n_s):
        s = samples[j]
        dealer, pone = (a, b) if d == 1 else (b, a)
        ended[j], dealer_at[j], pone_at[j] = _peg_deal(d, dealer, pone, s, heels[s],
                                                       peg_role, peg_pts, n_peg)
    mine_shift = np.empty(n_s, dtype=np.int64)
    crib_at = np.empty(n_s, dtype=np.int64)
    for o in range(n_opt):
        for j in range(n_s):
            mine_shift[j] = int(np.floor(peg_shift[o] + u[j]))
            crib_at[j] = max(0, crib[samples[j]] + int(np.floor(crib_shift[o] + u[j])))
        total = 0.0
        weight = 0.0
        for h in range(hand_hist.shape[1]):
            c = hand_hist[o, h]
            if c == 0:
                continue
            acc = 0.0
            for j in range(n_s):
                if ended[j] >= 0.0:
                    acc += ended[j]
                    continue
                s = samples[j]
                mine = max(0, h + mine_shift[j])
                if d == 1:
                    acc += _show(1, dealer_at[j], pone_at[j], pone_hand[s], mine, crib_at[j],
                                 W)
                else:
                    acc += _show(0, dealer_at[j], pone_at[j], mine, dealer_hand[s],
                                 crib_at[j], W)
            total += c * acc / n_s
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
TT_HAND = 4  # the transposition table covers hands of up to four cards (a game's)
TT_SIZE = 1 << (2 * TT_HAND + 1)
TT_EMPTY, TT_EXACT, TT_LOWER, TT_UPPER = 0, 1, 2, 3


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
def _search(mine, mu0, theirs, tu0, seq0, n0, count0, turn0, last0, mp0, op0, ctx, W,
            seqs, ints, floats, tt_val, tt_flag):
    """The rest of the play with both hands known, each side best for itself (zero-sum):
    the value for 'me' (net points, or the probability of winning). An explicit stack, not
    recursion (numba cannot cache recursive functions). Alpha-beta: a reply that cannot
    change the result is not searched; the value is the full search's, to the bit (a
    maximum or minimum of the same leaves).

    When the value is net points (mode 0), the rest of the play from a fresh count depends
    only on the cards left and who is to play, plus the points so far: those values (or
    the bounds alpha-beta found) are kept in a transposition table ``tt_val``/``tt_flag``
    (TT_SIZE, indexed by the cards used and the turn; the caller clears it when a hand
    changes), so each such position is searched once for all the candidate cards.

    The stack lives in the caller's work arrays (``seqs`` (MAX_DEPTH, SEQ), ``ints`` (12,
    MAX_DEPTH), ``floats`` (5, MAX_DEPTH)), so the many searches of one decision allocate
    nothing."""
    mu, tu, n, count, turn, last = ints[0], ints[1], ints[2], ints[3], ints[4], ints[5]
    mp, op = ints[6], ints[7]
    it = ints[8]  # -1: not yet looked at; else the next card
    tried = ints[9]
    kind = ints[10]  # 0 a choice of card, 1 passes its child on
    key = ints[11]  # a fresh count's place in the table, or -1
    best = floats[0]
    alpha, beta = floats[1], floats[2]  # the window in which a node's value can matter
    alpha0, beta0 = floats[3], floats[4]  # the window a keyed node was entered with
    use_tt = ctx[0] == 0 and mine.shape[0] <= TT_HAND and theirs.shape[0] <= TT_HAND
    d = 0
    alpha[0], beta[0] = -np.inf, np.inf
    seqs[0, :n0] = seq0[:n0]
    mu[0], tu[0], n[0], count[0], turn[0], last[0] = mu0, tu0, n0, count0, turn0, last0
    mp[0], op[0], it[0] = mp0, op0, -1
    value = 0.0
    returning = False
    while True:
        if returning:
            if key[d] >= 0:  # the value of a fresh count: keep it, or what bound it is
                tt_val[key[d]] = value - (mp[d] - op[d])
                tt_flag[key[d]] = (TT_UPPER if value <= alpha0[d] else
                                   TT_LOWER if value >= beta0[d] else TT_EXACT)
            if d == 0:
                return value
            d -= 1
            if kind[d] == 1:
                continue  # pass the value on up
            if turn[d] == 0:
                if value > best[d]:
                    best[d] = value
                    alpha[d] = max(alpha[d], value)
                if best[d] >= beta[d]:  # the opponent avoids this node: stop here
                    value = best[d]
                    continue
            else:
                if value < best[d]:
                    best[d] = value
                    beta[d] = min(beta[d], value)
                if best[d] <= alpha[d]:
                    value = best[d]
                    continue
            returning = False
        elif it[d] == -1:  # a new node
            key[d] = -1
            t = _terminal(ctx, mp[d], op[d])
            if t >= 0.0:
                value, returning = t, True
                continue
            if use_tt and n[d] == 0:
                k = mu[d] + (tu[d] << TT_HAND) + (turn[d] << (2 * TT_HAND))
                flag = tt_flag[k]
                if flag != TT_EMPTY:
                    v = tt_val[k] + (mp[d] - op[d])
                    if (flag == TT_EXACT or (flag == TT_LOWER and v >= beta[d])
                            or (flag == TT_UPPER and v <= alpha[d])):
                        value, returning = v, True
                        continue
                key[d], alpha0[d], beta0[d] = k, alpha[d], beta[d]
            hand, used = (mine, mu[d]) if turn[d] == 0 else (theirs, tu[d])
            other, oused = (theirs, tu[d]) if turn[d] == 0 else (mine, mu[d])
            if _can_play(hand, used, count[d]):
                kind[d], it[d], tried[d] = 0, 0, 0
                best[d] = -1e9 if turn[d] == 0 else 1e9
            elif _can_play(other, oused, count[d]):  # go: the other player goes on
                kind[d], it[d] = 1, 0
                c = d + 1
                for t in range(n[d]):
                    seqs[c, t] = seqs[d, t]
                mu[c], tu[c], n[c], count[c] = mu[d], tu[d], n[d], count[d]
                turn[c], last[c], mp[c], op[c], it[c] = 1 - turn[d], last[d], mp[d], op[d], -1
                alpha[c], beta[c] = alpha[d], beta[d]
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
                alpha[c], beta[c] = alpha[d], beta[d]
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
        for t in range(n[d]):
            seqs[c, t] = seqs[d, t]
        seqs[c, n[d]] = r * 4
        c2 = count[d] + rank_pip(r)
        pts = peg_points_counted(seqs[c], n[d] + 1, c2)
        mp[c] = mp[d] + (pts if turn[d] == 0 else 0)
        op[c] = op[d] + (pts if turn[d] == 1 else 0)
        mu[c] = mu[d] | (1 << i) if turn[d] == 0 else mu[d]
        tu[c] = tu[d] | (1 << i) if turn[d] == 1 else tu[d]
        turn[c], last[c], it[c] = 1 - turn[d], turn[d], -1
        alpha[c], beta[c] = alpha[d], beta[d]
        if c2 == MAX_COUNT:
            n[c], count[c] = 0, 0
        else:
            n[c], count[c] = n[d] + 1, c2
        d = c


@njit(cache=True)
def _same_sample(samples, k, opp_hand_pts, by_points, j):
    """An earlier sample with the same ranks as sample ``j`` (and, when the show is
    searched too, the same show points), or -1."""
    for e in range(j):
        if by_points and opp_hand_pts[e] != opp_hand_pts[j]:
            continue
        same = True
        for t in range(k):
            if samples[e, t] != samples[j, t]:
                same = False
                break
        if same:
            return e
    return -1


@njit(cache=True)
def play_values(mine, theirs_samples, n_theirs, seq, count, candidates, ctx, opp_hand_pts, W,
                out):
    """For each candidate rank (one of ``mine``), the value of playing it now, for each
    sample of the opponent's remaining ranks: ``out[k, j]``.

    ``ctx``: mode, my score, the opponent's, I deal (1/0), my hand's show points,
    the opponent's (per sample, from ``opp_hand_pts``), the crib's."""
    n_seq = seq.shape[0]
    seqs = np.empty((MAX_DEPTH, SEQ), dtype=np.int64)
    ints = np.empty((12, MAX_DEPTH), dtype=np.int64)
    floats = np.empty((5, MAX_DEPTH))
    tt_val = np.empty(TT_SIZE)
    tt_flag = np.empty(TT_SIZE, dtype=np.int64)
    buf = np.empty(SEQ, dtype=np.int64)
    empty = np.empty(SEQ, dtype=np.int64)
    for j in range(theirs_samples.shape[0]):
        theirs = theirs_samples[j, :n_theirs]
        same = _same_sample(theirs_samples, n_theirs, opp_hand_pts, ctx[0] == 1, j)
        if same >= 0:  # a sample already searched: the same values
            out[:, j] = out[:, same]
            continue
        ctx[5] = opp_hand_pts[j]
        tt_flag[:] = TT_EMPTY  # their hand changed
        for k in range(candidates.shape[0]):
            r = candidates[k]
            i = -1
            for t in range(mine.shape[0]):
                if mine[t] == r:
                    i = t
                    break
            buf[:n_seq] = seq
            buf[n_seq] = r * 4
            pts = peg_points_seq(buf, n_seq + 1)
            c2 = count + rank_pip(r)
            if c2 == MAX_COUNT:
                v = _search(mine, 1 << i, theirs, 0, empty, 0, 0, 1, 0, pts, 0, ctx, W,
                            seqs, ints, floats, tt_val, tt_flag)
            else:
                v = _search(mine, 1 << i, theirs, 0, buf, n_seq + 1, c2, 1, 0, pts, 0, ctx,
                            W, seqs, ints, floats, tt_val, tt_flag)
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
        scores = RANK_SCORES[ranks[0], ranks[1], ranks[2], ranks[3]]  # rank_score5 by r
        for r in range(13):
            if left[r] > 0:
                e += left[r] * scores[r]
        out[j] = np.exp(beta * e / 48.0)
