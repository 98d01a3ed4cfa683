"""Compiled discards by playing the deal out (numba): each of the 15 keep/toss options
valued by complete deals, not by separate figures for the hand, the crib and the pegging.

For every sampled opponent six (the cards it holds beside ours), the opponent tosses as a
sensible player does (:func:`sensible_toss`: the best expected hand by rank plus or minus
the crib it gives, from the toss model), and every one of the 40 starters left is dealt
(exact over the starter, so the starters are stratified completely). For each option the
play is played out with both hands known, each side playing its best (the expert's own
search, ``ai._expert._search``, net points), which does not depend on the starter, so it
is played once per option and opponent six; then, for each starter, his heels, the points
pegged in the order they were pegged, the show in order (pone, dealer, crib) and the value
table ``W`` of the next deal (or the value of the finished game the moment someone reaches
121). Every option meets the same opponent sixes and starters (common random numbers), so
the options differ only by what differs.

Unchecked: ``ai.players.expert`` and ``ai._decide`` call these with valid arrays.
"""

from __future__ import annotations

import numpy as np

from ai._expert import (
    TT_EMPTY,
    _nth_unused,
    _peg_deal,
    _search,
    _show,
    search_work,
)
from engine.analysis import SPLITS
from engine.deal import (
    EV_PLAY,
    EV_PLAY_OVER,
    GAME_SIZE,
    MOVER,
    N_PEGS,
    PEG_POINTS,
    PEG_SEAT,
    PLAY,
    game_begin,
    game_next,
    game_play,
    game_play_from,
)
from engine.kernels import (
    HELD,
    JACK,
    PLAY_STATE,
    RANK_SCORES,
    card_fits,
    held_card,
    kernel,
    play_card_in_order,
    score5,
)
from engine.rules import RULES

MAX_PEGS = 16  # points pegged in one play: at most 8 cards and 8 goes or last cards
N_LEFT = 40  # starters left once both sixes are dealt
HEELS = 2

# the 15 splits of six cards by position, in the analysis' order
OPP_KEEP = np.array([k for k, _ in SPLITS], dtype=np.int64)
OPP_TOSS = np.array([t for _, t in SPLITS], dtype=np.int64)


# ---------------------------------------------------------------------------- the opponent
@kernel
def opponent_sixes(six, keys, out):
    """``out[j]``: the opponent's six cards of sample ``j``, the six cards not in ``six``
    with the smallest ``keys[j, card]`` (uniform over the 46 unseen cards for uniform keys;
    fixed keys give the same samples every decision, so the choice is reproducible)."""
    mine = np.zeros(52, dtype=np.bool_)
    for c in six:
        mine[c] = True
    order = np.empty(52, dtype=np.int64)
    for j in range(keys.shape[0]):
        order[:] = np.argsort(keys[j])
        m = 0
        for t in range(52):
            c = order[t]
            if not mine[c]:
                out[j, m] = c
                m += 1
                if m == 6:
                    break
        out[j].sort()


@kernel
def sensible_toss(six, dealer, crib_model, keep, toss):
    """The toss of a sensible player holding ``six``: the kept four with the best expected
    show by rank over the 46 starters it cannot see (suits left out: flushes and nobs are
    rare), plus the expected crib of the two tossed (``crib_model[role, low rank, high
    rank]``) when it deals, minus it when not; ties to the first split."""
    left = np.full(13, 4.0)
    for c in six:
        left[c >> 2] -= 1
    best, best_v = 0, -1e9
    for i in range(15):
        r0 = six[OPP_KEEP[i, 0]] >> 2
        r1 = six[OPP_KEEP[i, 1]] >> 2
        r2 = six[OPP_KEEP[i, 2]] >> 2
        r3 = six[OPP_KEEP[i, 3]] >> 2
        scores = RANK_SCORES[r0, r1, r2, r3]
        e = 0.0
        for r in range(13):
            e += left[r] * scores[r]
        x = six[OPP_TOSS[i, 0]] >> 2
        y = six[OPP_TOSS[i, 1]] >> 2
        crib = crib_model[dealer, min(x, y), max(x, y)]
        v = e / 46.0 + (crib if dealer == 1 else -crib)
        if v > best_v:
            best, best_v = i, v
    for t in range(4):
        keep[t] = six[OPP_KEEP[best, t]]
    toss[0] = six[OPP_TOSS[best, 0]]
    toss[1] = six[OPP_TOSS[best, 1]]


# ---------------------------------------------------------------------------- the play
@kernel
def play_out(pone, dealer, peg_role, peg_pts, game, child, saved, ints, floats, tt_val,
             tt_flag, ctx, W):
    """Play the whole play out through the deal driver (``engine.deal``, ``game`` its
    ``GAME_SIZE`` array), the pone (seat 0) leading, both sides at their best with both
    hands known (at each choice the card whose search value is best for the mover; equal
    values to the lowest rank): the points in the order they were pegged, by role
    (``peg_role`` 0 the pone, 1 the dealer) in ``peg_pts``; returns their number.
    ``pone``/``dealer``: four cards each, sorted."""
    game_begin(game, RULES, 1, 1)
    game_play_from(game, pone, dealer, 1)
    state = game[PLAY:PLAY + PLAY_STATE]
    tt_flag[:] = TT_EMPTY  # new hands
    used = np.zeros(2, dtype=np.int64)  # the positions of the original hands played
    while True:
        event = game_next(game)
        if event == EV_PLAY_OVER:
            break
        if event != EV_PLAY:  # a go
            continue
        mover = game[MOVER]
        ranks = 0
        choices = 0
        first = -1
        for i in range(state[HELD + mover]):
            r = held_card(state, mover, i) >> 2
            if card_fits(state, mover, i) and not (ranks >> r) & 1:
                ranks |= 1 << r
                choices += 1
                if first < 0:
                    first = i
        best = first
        if choices > 1:
            best_v = 0.0
            tried = 0
            for i in range(state[HELD + mover]):
                r = held_card(state, mover, i) >> 2
                if not card_fits(state, mover, i) or (tried >> r) & 1:
                    continue
                tried |= 1 << r
                child[:] = state
                pts = play_card_in_order(child, mover, i)
                if mover == 0:
                    v = _search(child, used[0] | (1 << _nth_unused(used[0], i)), used[1],
                                pts, 0, ctx, W, saved, ints, floats, tt_val, tt_flag)
                else:
                    v = -_search(child, used[0], used[1] | (1 << _nth_unused(used[1], i)),
                                 0, pts, ctx, W, saved, ints, floats, tt_val, tt_flag)
                if i == first or v > best_v:
                    best, best_v = i, v
        used[mover] |= 1 << _nth_unused(used[mover], best)
        game_play(game, best)
    n = game[N_PEGS]
    peg_role[:n] = game[PEG_SEAT:PEG_SEAT + n]
    peg_pts[:n] = game[PEG_POINTS:PEG_POINTS + n]
    return n


# ---------------------------------------------------------------------------- the options
@kernel
def rollout_values(six, keeps, tosses, d, me, opp, opp_sixes, crib_model, W, value,
                   pegging, crib_out, hand_out):
    """Each option's value (``value[o]``: W's, the probability of winning or the ACC
    objective's) averaged over every deal of the opponent sixes ``opp_sixes`` (n, 6) and
    the 40 starters each leaves, played out as the module says; also its mean net pegging
    (``pegging``: mine minus theirs), the mean crib (``crib_out``, positive) and my hand's
    mean show (``hand_out``). ``keeps`` (15, 4) and ``tosses`` (15, 2): the options' cards;
    ``d`` = 1 when this player deals, at scores ``me`` to ``opp``."""
    n_opt = keeps.shape[0]
    n = opp_sixes.shape[0]
    value[:] = 0.0
    pegging[:] = 0.0
    crib_out[:] = 0.0
    hand_out[:] = 0.0
    game = np.empty(GAME_SIZE, dtype=np.int64)
    child = np.empty(PLAY_STATE, dtype=np.int64)
    saved, ints, floats, tt_val, tt_flag = search_work()
    ctx = np.zeros(7, dtype=np.int64)  # the search's mode 0: net points
    peg_role = np.empty((1, MAX_PEGS), dtype=np.int64)
    peg_pts = np.empty((1, MAX_PEGS), dtype=np.int64)
    n_peg = np.empty(1, dtype=np.int64)
    kept = np.empty((n_opt, 4), dtype=np.int64)
    for o in range(n_opt):
        kept[o] = keeps[o]
        kept[o].sort()
    # my hand's show with each starter, for every option
    my_show = np.zeros((n_opt, 52), dtype=np.int64)
    for o in range(n_opt):
        for c in range(52):
            my_show[o, c] = score5(kept[o, 0], kept[o, 1], kept[o, 2], kept[o, 3], c, False)
    opp_keep = np.empty(4, dtype=np.int64)
    opp_toss = np.empty(2, dtype=np.int64)
    starters = np.empty(N_LEFT, dtype=np.int64)
    opp_show = np.empty(N_LEFT, dtype=np.int64)
    dealt = np.zeros(52, dtype=np.bool_)
    dealer_at, pone_at = (me, opp) if d == 1 else (opp, me)
    for j in range(n):
        sensible_toss(opp_sixes[j], 1 - d, crib_model, opp_keep, opp_toss)
        opp_keep.sort()
        dealt[:] = False
        for c in six:
            dealt[c] = True
        for c in opp_sixes[j]:
            dealt[c] = True
        m = 0
        for c in range(52):
            if not dealt[c]:
                starters[m] = c
                m += 1
        for s in range(N_LEFT):
            c = starters[s]
            opp_show[s] = score5(opp_keep[0], opp_keep[1], opp_keep[2], opp_keep[3], c,
                                 False)
        for o in range(n_opt):
            if d == 1:
                n_peg[0] = play_out(opp_keep, kept[o], peg_role[0], peg_pts[0], game,
                                    child, saved, ints, floats, tt_val, tt_flag, ctx, W)
            else:
                n_peg[0] = play_out(kept[o], opp_keep, peg_role[0], peg_pts[0], game,
                                    child, saved, ints, floats, tt_val, tt_flag, ctx, W)
            net = 0
            for t in range(n_peg[0]):
                net += peg_pts[0, t] if peg_role[0, t] == d else -peg_pts[0, t]
            pegging[o] += net
            acc = 0.0
            crib_sum = 0
            hand_sum = 0
            for s in range(N_LEFT):
                c = starters[s]
                heels = HEELS if c >> 2 == JACK else 0
                crib = score5(tosses[o, 0], tosses[o, 1], opp_toss[0], opp_toss[1], c, True)
                crib_sum += crib
                hand_sum += my_show[o, c]
                ended, dealer, pone = _peg_deal(d, dealer_at, pone_at, 0, heels, peg_role,
                                                peg_pts, n_peg, W)
                if ended >= 0.0:
                    acc += ended
                elif d == 1:
                    acc += _show(1, dealer, pone, opp_show[s], my_show[o, c], crib, W)
                else:
                    acc += _show(0, dealer, pone, my_show[o, c], opp_show[s], crib, W)
            value[o] += acc / N_LEFT
            crib_out[o] += crib_sum / N_LEFT
            hand_out[o] += hand_sum / N_LEFT
    for o in range(n_opt):
        value[o] /= n
        pegging[o] /= n
        crib_out[o] /= n
        hand_out[o] /= n
