"""Compiled parts of the score-aware strategy-weights player (the thesis), see ``weights.py``.

Cards are ints 0..51 (rank = card >> 2). Strategy rows of S, in this order:
0 hand_max_min, 1 hand_max_avg, 2 hand_max_med, 3 hand_max_poss, 4 crib_min_avg,
5 pegging_max_avg_gained, 6 pegging_max_med_gained, 7 pegging_min_avg_given.
Rows 4 and 7 are minimisers (their scaled desirability is reversed).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ai.training.index import SPLITS, hand_index, sort_small
from engine.kernels import (
    COUNT,
    HANDS,
    HELD,
    JACK,
    N_SEQ,
    PLAY_STATE,
    SEQ,
    card_pip,
    close_count,
    peg_points_seq,
    play_begin,
    play_card,
    play_mover,
    play_over,
    say_go,
    score5,
)
from engine.roles import DEALER, PONE
from engine.rules import MAX_COUNT, WINNING_SCORE

TOP = WINNING_SCORE - 1  # the highest score a game in progress can stand at

N_STRATEGIES = 8
MAX_PEG = 32  # pegging points per player per deal are recorded up to 31


# ---------------------------------------------------------------------------- the play
@njit(cache=True)
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


@njit(cache=True)
def play_phase(hands, dealer, scores, gained):
    """Play out the pegging with two greedy players over ``engine``'s play steps (turns,
    go, 31, last card). ``hands`` (2, 4). Points are added to ``scores`` (capped at 121) and
    ``gained`` (uncapped); returns the winner if someone reaches 121, else -1."""
    play = np.zeros(PLAY_STATE, dtype=np.int64)
    play_begin(play, hands, dealer)
    while True:
        mover = play_mover(play)
        if mover == -1:
            scorer = close_count(play)
            if scorer >= 0:
                gained[scorer] += 1
                scores[scorer] = min(WINNING_SCORE, scores[scorer] + 1)
                if scores[scorer] >= WINNING_SCORE:
                    return scorer
            if play_over(play):
                return -1
            continue
        base = HANDS + 4 * mover
        k = greedy_card(play[base:base + 4], play[HELD + mover], play[SEQ:SEQ + 9],
                        play[N_SEQ], play[COUNT])
        if k < 0:
            say_go(play, mover)
            continue
        points = play_card(play, mover, k)
        if points:
            gained[mover] += points
            scores[mover] = min(WINNING_SCORE, scores[mover] + points)
            if scores[mover] >= WINNING_SCORE:
                return mover


@njit(cache=True)
def build_pegging_stats(sims, seed, gained_hist, given_hist):
    """For every kept four-rank hand (1820) and role (``engine.roles``): ``sims`` plays
    between greedy peggers against four random cards from the other 48. Histograms of the
    points gained and given: (1820, 2, 32) each."""
    np.random.seed(seed)
    deck = np.empty(52, dtype=np.int64)
    hands = np.empty((2, 4), dtype=np.int64)
    scores = np.zeros(2, dtype=np.int64)
    gained = np.zeros(2, dtype=np.int64)
    mine = np.empty(4, dtype=np.int64)
    for a in range(13):
        for b in range(a, 13):
            for c in range(b, 13):
                for d in range(c, 13):
                    ranks = np.array([a, b, c, d])
                    h = hand_index(ranks * 4)
                    for role in (DEALER, PONE):  # this order: the same random draws
                        for _ in range(sims):
                            # suits for my ranks, then the opponent from the rest
                            used = np.zeros(52, dtype=np.bool_)
                            for i in range(4):
                                s = np.random.randint(0, 4)
                                while used[ranks[i] * 4 + s]:
                                    s = np.random.randint(0, 4)
                                mine[i] = ranks[i] * 4 + s
                                used[mine[i]] = True
                            n = 0
                            for card in range(52):
                                if not used[card]:
                                    deck[n] = card
                                    n += 1
                            for i in range(4):
                                j = np.random.randint(i, n)
                                deck[i], deck[j] = deck[j], deck[i]
                            me = 0
                            dealer = me if role == DEALER else 1 - me
                            hands[me, :] = mine
                            hands[1 - me, :] = deck[:4]
                            scores[:] = 0
                            gained[:] = 0
                            play_phase(hands, dealer, scores, gained)
                            gained_hist[h, role, min(MAX_PEG - 1, gained[me])] += 1
                            given_hist[h, role, min(MAX_PEG - 1, gained[1 - me])] += 1


@njit(cache=True)
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
@njit(cache=True)
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
        raw[1, s] = total / 46.0
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
        raw[4, s] = crib_rank_mean[h6, s] + extra / 45540.0
        kept = keeps[s].copy()
        sort_small(kept)
        h4 = hand_index(kept)
        raw[5, s] = peg_gained_mean[h4, role]
        raw[6, s] = peg_gained_median[h4, role]
        raw[7, s] = peg_given_mean[h4, role]


@njit(cache=True)
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


@njit(cache=True)
def strategy_matrix(six, my_crib, crib_rank_mean, peg_gained_mean, peg_gained_median,
                    peg_given_mean, S, keeps):
    """The thesis's 8 x 15 desirability matrix for six cards (sorted by rank then suit)."""
    raw = np.empty((N_STRATEGIES, 15))
    raw_strategy_values(six, my_crib, crib_rank_mean, peg_gained_mean, peg_gained_median,
                        peg_given_mean, raw, keeps)
    scale_rows(raw, S)


@njit(cache=True)
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


# ---------------------------------------------------------------------------- training
# indices into the float parameters of train_games
P_SCALE, P_DECAY, P_EPS, P_K, P_CAP, P_LOSS, P_BLEND, P_BETA, P_LR, P_BASE = range(10)
# indices into the integer parameters
I_RULE, I_EPS_MODE, I_EXPLORE, I_SPREAD, I_SELF, I_PEG_UPDATE, I_RADIUS, I_EVAL = range(8)
RULE_THESIS, RULE_PG = 0, 1
MAX_DECISIONS = 64


@njit(cache=True)
def _argmax(p):
    best = 0
    for j in range(1, p.shape[0]):
        if p[j] > p[best]:
            best = j
    return best


@njit(cache=True)
def _variance(w):
    m = w.mean()
    return ((w - m) ** 2).mean()


@njit(cache=True)
def choose_option(table, d, own, opp, S, learning, fp, ip, probs, w):
    """The option a table picks at (d, own, opp); with exploration when learning."""
    blended_weights(table, d, own, opp, fp[P_BLEND], w)
    p = np.zeros(15)  # p = w . S (a loop: numba's matrix product needs SciPy's BLAS)
    for i in range(N_STRATEGIES):
        for j in range(15):
            p[j] += w[i] * S[i, j]
    if not learning:
        return _argmax(p)
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
    eps = fp[P_EPS] if ip[I_EPS_MODE] == 0 else max(0.0, fp[P_K] - _variance(w))
    if np.random.random() < eps:
        return np.random.randint(0, 15)
    return _argmax(p)


@njit(cache=True)
def _update_thesis(W, path_state, path_S, path_choice, n, spread, fp):
    """Scale the strategies most responsible for each chosen option by exp(c_j),
    c_j = C (1 - d)^(T - j), C = s * spread / 121 (a loss scaled by the loss factor),
    cap them at r, and L1-normalise (see weights.py for this reading of the thesis)."""
    C = fp[P_SCALE] * spread / 121.0
    if spread < 0:
        C *= fp[P_LOSS]
    for j in range(n):
        c = C * (1.0 - fp[P_DECAY]) ** (n - 1 - j)
        d, own, opp = path_state[j, 0], path_state[j, 1], path_state[j, 2]
        col = path_choice[j]
        top = path_S[j, :, col].max()
        if top <= 0.0:
            continue
        w = W[d, own, opp]
        factor = np.exp(c)
        for i in range(N_STRATEGIES):
            if path_S[j, i, col] >= top - 1e-12:
                w[i] = min(fp[P_CAP], max(1e-9, w[i] * factor))
        w /= w.sum()


@njit(cache=True)
def _update_pg(W, path_state, path_S, path_choice, path_probs, n, advantage, fp, radius):
    """REINFORCE for the softmax policy pi(j) ~ exp(beta w.S_j): an exponentiated-gradient
    step w_i <- w_i exp(lr * A * (1-d)^(T-j) * beta (S_ij - E_pi S_i)) / Z, shared with the
    board positions within ``radius`` points (weight 1 / (1 + distance))."""
    g = np.empty(N_STRATEGIES)
    for j in range(n):
        decay = (1.0 - fp[P_DECAY]) ** (n - 1 - j)
        d, own, opp = path_state[j, 0], path_state[j, 1], path_state[j, 2]
        col = path_choice[j]
        for i in range(N_STRATEGIES):
            expected = 0.0
            for k in range(15):
                expected += path_probs[j, k] * path_S[j, i, k]
            g[i] = fp[P_BETA] * (path_S[j, i, col] - expected)
        step = fp[P_LR] * advantage * decay
        for a in range(max(0, own - radius), min(TOP, own + radius) + 1):
            for b in range(max(0, opp - radius), min(TOP, opp + radius) + 1):
                share = 1.0 / (1.0 + abs(a - own) + abs(b - opp))
                w = W[d, a, b]
                for i in range(N_STRATEGIES):
                    w[i] = max(1e-9, w[i] * np.exp(step * share * g[i]))
                w /= w.sum()


@njit(cache=True)
def train_games(W, pool, n_games, seed, fp, ip, crib_rank_mean, peg_gained_mean,
                peg_gained_median, peg_given_mean, gained_hist, given_hist, baseline,
                results):
    """Play ``n_games`` training games of the learning table ``W`` (2, 121, 121, 8) against
    a table drawn from ``pool`` (k, 2, 121, 121, 8) (or itself, both seats learning, in
    self-play), both pegging greedily, and update ``W`` after each game.

    ``results`` (n_games, 2): the learner's win (1/0) and final spread (seat 0 in self-play).
    ``baseline`` (1,): the running mean outcome the policy-gradient rule subtracts.
    With I_PEG_UPDATE the pegging histograms gain each deal's pegging (as in the thesis).
    With I_EVAL nothing learns or explores: a head-to-head of ``W`` against the pool."""
    np.random.seed(seed)
    deck = np.arange(52)
    six = np.empty(6, dtype=np.int64)
    S = np.empty((N_STRATEGIES, 15))
    keeps = np.empty((15, 4), dtype=np.int64)
    kept = np.empty((2, 4), dtype=np.int64)
    crib = np.empty(4, dtype=np.int64)
    play_hands = np.empty((2, 4), dtype=np.int64)
    scores = np.zeros(2, dtype=np.int64)
    gained = np.zeros(2, dtype=np.int64)
    probs = np.zeros(15)
    w = np.empty(N_STRATEGIES)
    path_state = np.zeros((2, MAX_DECISIONS, 3), dtype=np.int64)
    path_S = np.zeros((2, MAX_DECISIONS, N_STRATEGIES, 15))
    path_choice = np.zeros((2, MAX_DECISIONS), dtype=np.int64)
    path_probs = np.zeros((2, MAX_DECISIONS, 15))
    n_path = np.zeros(2, dtype=np.int64)
    self_play = ip[I_SELF] == 1
    for g in range(n_games):
        learner = 0 if self_play else np.random.randint(0, 2)
        other = pool[np.random.randint(0, pool.shape[0])] if not self_play else W
        uses_w = np.zeros(2, dtype=np.bool_)
        uses_w[learner] = True
        if self_play:
            uses_w[1 - learner] = True
        learning = uses_w & (ip[I_EVAL] == 0)
        if ip[I_EXPLORE] == 1:
            a = np.random.randint(0, WINNING_SCORE)
            b = np.random.randint(max(0, a - ip[I_SPREAD]), min(TOP, a + ip[I_SPREAD]) + 1)
            scores[0], scores[1] = (a, b) if np.random.random() < 0.5 else (b, a)
        else:
            scores[:] = 0
        dealer = np.random.randint(0, 2)
        n_path[:] = 0
        winner = -1
        while winner < 0:
            for i in range(13):
                j = np.random.randint(i, 52)
                deck[i], deck[j] = deck[j], deck[i]
            for seat in range(2):
                for i in range(6):
                    six[i] = deck[2 * i + (1 if seat == dealer else 0)]
                sort_small(six)
                my_crib = seat == dealer
                strategy_matrix(six, my_crib, crib_rank_mean, peg_gained_mean,
                                peg_gained_median, peg_given_mean, S, keeps)
                table = W if uses_w[seat] else other
                own, opp = scores[seat], scores[1 - seat]
                d = DEALER if my_crib else PONE
                j = choose_option(table, d, own, opp, S, learning[seat], fp, ip, probs, w)
                if learning[seat] and n_path[seat] < MAX_DECISIONS:
                    k = n_path[seat]
                    path_state[seat, k, 0], path_state[seat, k, 1] = d, own
                    path_state[seat, k, 2] = opp
                    path_S[seat, k] = S
                    path_choice[seat, k] = j
                    path_probs[seat, k] = probs
                    n_path[seat] += 1
                kept[seat] = keeps[j]
                crib[2 * seat] = six[SPLITS[j, 0]]
                crib[2 * seat + 1] = six[SPLITS[j, 1]]
            starter = deck[12]
            if starter >> 2 == JACK:
                scores[dealer] = min(WINNING_SCORE, scores[dealer] + 2)
                if scores[dealer] >= WINNING_SCORE:
                    winner = dealer
                    break
            play_hands[:] = kept
            gained[:] = 0
            winner = play_phase(play_hands, dealer, scores, gained)
            if ip[I_PEG_UPDATE] == 1:
                for seat in range(2):
                    k4 = kept[seat].copy()
                    sort_small(k4)
                    h4 = hand_index(k4)
                    role = DEALER if seat == dealer else PONE
                    gained_hist[h4, role, min(MAX_PEG - 1, gained[seat])] += 1
                    given_hist[h4, role, min(MAX_PEG - 1, gained[1 - seat])] += 1
            if winner >= 0:
                break
            pone = 1 - dealer
            for seat in (pone, dealer):
                points = score5(kept[seat, 0], kept[seat, 1], kept[seat, 2], kept[seat, 3],
                                starter, False)
                scores[seat] = min(WINNING_SCORE, scores[seat] + points)
                if scores[seat] >= WINNING_SCORE:
                    winner = seat
                    break
            if winner >= 0:
                break
            points = score5(crib[0], crib[1], crib[2], crib[3], starter, True)
            scores[dealer] = min(WINNING_SCORE, scores[dealer] + points)
            if scores[dealer] >= WINNING_SCORE:
                winner = dealer
                break
            dealer = 1 - dealer
        for seat in range(2):
            if not learning[seat]:
                continue
            spread = scores[seat] - scores[1 - seat]
            if ip[I_RULE] == RULE_THESIS:
                _update_thesis(W, path_state[seat], path_S[seat], path_choice[seat],
                               n_path[seat], spread, fp)
            else:
                outcome = spread / 121.0
                advantage = outcome - baseline[0]
                baseline[0] += fp[P_BASE] * (outcome - baseline[0])
                _update_pg(W, path_state[seat], path_S[seat], path_choice[seat],
                           path_probs[seat], n_path[seat], advantage, fp, ip[I_RADIUS])
        results[g, 0] = 1.0 if winner == learner else 0.0
        results[g, 1] = scores[learner] - scores[1 - learner]
