"""The compiled parts of the score-aware strategy-weights player (the thesis) that run
while playing: the 8 x 15 strategy matrix S of a deal, the option a table picks, and the
greedy pegger. The training loop (``ai.training._weights``) calls the same functions.

Cards are ints 0..51 (rank = card >> 2). Strategy rows of S, in this order:
0 hand_max_min, 1 hand_max_avg, 2 hand_max_med, 3 hand_max_poss, 4 crib_min_avg,
5 pegging_max_avg_gained, 6 pegging_max_med_gained, 7 pegging_min_avg_given.
Rows 4 and 7 are minimisers (their scaled desirability is reversed).
"""

from __future__ import annotations

import numpy as np

from ai.tables.index import SPLITS, hand_index, sort_small
from engine.kernels import JACK, N_CRIBS, N_UNSEEN, card_pip, kernel, peg_points_seq, score5
from engine.roles import DEALER, PONE
from engine.rules import MAX_COUNT, WINNING_SCORE

TOP = WINNING_SCORE - 1  # the highest score a game in progress can stand at

N_STRATEGIES = 8
MAX_PEG = 32  # pegging points per player per deal are recorded up to 31



# ---------------------------------------------------------------------------- the play
@kernel
def greedy_card(hand, n, seq, n_seq, count):
    """The thesis's one-ahead greedy pegger: the legal card scoring the most now, ties to
    the highest card (pip value, then rank). Returns its index in ``hand[:n]``, or -1."""
    best, best_points, best_key = -1, -1, -1
    for i in range(n):
        c = hand[i]
        if count + card_pip(c) > MAX_COUNT:
            continue
        seq[n_seq] = c
        points = peg_points_seq(seq, n_seq + 1)
        key = card_pip(c) * 16 + (c >> 2)
        if points > best_points or (points == best_points and key > best_key):
            best, best_points, best_key = i, points, key
    return best


@kernel
def hist_mean_median(hist):
    """Mean and (lower+upper)/2 median of a histogram."""
    total = 0
    weighted = 0.0
    for v in range(hist.shape[0]):
        total += hist[v]
        weighted += v * hist[v]
    if total == 0:
        return 0.0, 0.0
    lo_rank = (total - 1) // 2
    hi_rank = total // 2
    lo = hi = -1
    seen = 0
    for v in range(hist.shape[0]):
        if lo < 0 and seen + hist[v] > lo_rank:
            lo = v
        if hi < 0 and seen + hist[v] > hi_rank:
            hi = v
        seen += hist[v]
    return weighted / total, (lo + hi) / 2.0


# ---------------------------------------------------------------------------- the matrix S
@kernel
def raw_strategy_values(six, my_crib, crib_rank_mean, peg_gained_mean, peg_gained_median,
                        peg_given_mean, raw, keeps):
    """Fill ``raw`` (8, 15) with each strategy's statistic for each split of ``six``
    (sorted by rank then suit; splits in ``SPLITS`` order) and ``keeps`` (15, 4)."""
    h6 = hand_index(six)
    seen = np.zeros(52, dtype=np.bool_)
    suit_count = np.zeros(4, dtype=np.int64)
    for c in six:
        seen[c] = True
        suit_count[c & 3] += 1
    unseen_suit = 13 - suit_count
    # his nobs from a jack among the opponent's two cards: the same for every split
    nobs_opp = 0.0
    for t in range(4):
        jack = JACK * 4 + t
        if not seen[jack]:
            nobs_opp += (unseen_suit[t] - 1) * 44.0
    hist = np.zeros(30, dtype=np.int64)
    role = DEALER if my_crib else PONE
    for s in range(15):
        a, b = SPLITS[s, 0], SPLITS[s, 1]
        m = 0
        for i in range(6):
            if i != a and i != b:
                keeps[s, m] = six[i]
                m += 1
        k0, k1, k2, k3 = keeps[s, 0], keeps[s, 1], keeps[s, 2], keeps[s, 3]
        hist[:] = 0
        lo, hi, total = 99, -1, 0
        for starter in range(52):
            if seen[starter]:
                continue
            v = score5(k0, k1, k2, k3, starter, False)
            hist[v] += 1
            total += v
            lo = min(lo, v)
            hi = max(hi, v)
        _, median = hist_mean_median(hist)
        raw[0, s] = lo
        raw[1, s] = total / N_UNSEEN
        raw[2, s] = median
        raw[3, s] = hi
        # the crib: rank part from the table, flush and nobs in closed form
        t0, t1 = six[a], six[b]
        extra = nobs_opp
        if (t0 & 3) == (t1 & 3):
            u = unseen_suit[t0 & 3]
            extra += 15.0 * (u * (u - 1) * (u - 2) // 6)
        for t in (t0, t1):
            if t >> 2 == JACK:
                extra += unseen_suit[t & 3] * 990.0
        raw[4, s] = crib_rank_mean[h6, s] + extra / N_CRIBS
        kept = keeps[s].copy()
        sort_small(kept)
        h4 = hand_index(kept)
        raw[5, s] = peg_gained_mean[h4, role]
        raw[6, s] = peg_gained_median[h4, role]
        raw[7, s] = peg_given_mean[h4, role]


@kernel
def scale_rows(raw, S):
    """Each strategy's values scaled linearly to 0..1 across the 15 options (1 best);
    reversed for the minimisers (crib_min_avg, pegging_min_avg_given). A strategy that
    rates every option the same gets 0 everywhere."""
    for i in range(N_STRATEGIES):
        lo, hi = raw[i].min(), raw[i].max()
        for s in range(15):
            if hi - lo <= 1e-12:
                S[i, s] = 0.0
            elif i == 4 or i == 7:
                S[i, s] = (hi - raw[i, s]) / (hi - lo)
            else:
                S[i, s] = (raw[i, s] - lo) / (hi - lo)


@kernel
def strategy_matrix(six, my_crib, crib_rank_mean, peg_gained_mean, peg_gained_median,
                    peg_given_mean, S, keeps):
    """The thesis's 8 x 15 desirability matrix for six cards (sorted by rank then suit)."""
    raw = np.empty((N_STRATEGIES, 15))
    raw_strategy_values(six, my_crib, crib_rank_mean, peg_gained_mean, peg_gained_median,
                        peg_given_mean, raw, keeps)
    scale_rows(raw, S)


@kernel
def blended_weights(W, d, own, opp, X, out):
    """``out`` = X w[d, own, opp] + (1 - X) mean of its neighbours (thesis 4.2)."""
    out[:] = W[d, own, opp] * X
    if X >= 1.0:
        return
    acc = np.zeros(out.shape[0])
    n = 0
    for i in range(max(0, own - 1), min(TOP, own + 1) + 1):
        for j in range(max(0, opp - 1), min(TOP, opp + 1) + 1):
            if i != own or j != opp:
                acc += W[d, i, j]
                n += 1
    out += (1.0 - X) * acc / n


# ---------------------------------------------------------------------------- the choice
# indices into the float parameters of choose_option and the training loop
P_SCALE, P_DECAY, P_EPS, P_K, P_CAP, P_LOSS, P_BLEND, P_BETA, P_LR, P_BASE = range(10)
N_FLOAT_PARAMS = 10
# indices into the integer parameters
I_RULE, I_EPS_MODE, I_EXPLORE, I_SPREAD, I_SELF, I_PEG_UPDATE, I_RADIUS, I_EVAL = range(8)
N_INT_PARAMS = 8
RULE_THESIS, RULE_PG = 0, 1


@kernel
def argmax(p):
    best = 0
    for j in range(1, p.shape[0]):
        if p[j] > p[best]:
            best = j
    return best


@kernel
def variance(w):
    m = w.mean()
    return ((w - m) ** 2).mean()


@kernel("(float64[:, :, :, ::1], int64, int64, int64, float64[:, ::1], boolean, float64[::1], "
        "int64[::1], float64[::1], float64[::1])")
def choose_option(table, d, own, opp, S, learning, fp, ip, probs, w):
    """The option a table picks at (d, own, opp); with exploration when learning."""
    blended_weights(table, d, own, opp, fp[P_BLEND], w)
    p = np.zeros(15)  # p = w . S (a loop: numba's matrix product needs SciPy's BLAS)
    for i in range(N_STRATEGIES):
        for j in range(15):
            p[j] += w[i] * S[i, j]
    if not learning:
        return argmax(p)
    if ip[I_RULE] == RULE_PG:
        z = fp[P_BETA] * (p - p.max())
        e = np.exp(z)
        probs[:] = e / e.sum()
        u = np.random.random()
        acc = 0.0
        for j in range(15):
            acc += probs[j]
            if u <= acc:
                return j
        return 14
    eps = fp[P_EPS] if ip[I_EPS_MODE] == 0 else max(0.0, fp[P_K] - variance(w))
    if np.random.random() < eps:
        return np.random.randint(0, 15)
    return argmax(p)
