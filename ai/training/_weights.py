"""The compiled training of the score-aware strategy weights (the thesis), see
``weights.py``: greedy-vs-greedy play of a deal (the pegging statistics), and the training
games with the thesis's and the policy-gradient updates. What a player computes while
playing (the matrix S, the option choice, the greedy pegger) is in
``ai.tables.weights_kernels``; this loop calls the same functions.
"""

from __future__ import annotations

import numpy as np

from ai.tables.index import SPLITS, hand_index, sort_small
from ai.tables.weights_kernels import (
    I_EVAL,
    I_EXPLORE,
    I_PEG_UPDATE,
    I_RADIUS,
    I_RULE,
    I_SELF,
    I_SPREAD,
    MAX_PEG,
    N_STRATEGIES,
    P_BASE,
    P_BETA,
    P_CAP,
    P_DECAY,
    P_LOSS,
    P_LR,
    P_SCALE,
    RULE_THESIS,
    TOP,
    choose_option,
    greedy_card,
    strategy_matrix,
)
from engine.kernels import (
    COUNT,
    HANDS,
    HELD,
    JACK,
    N_SEQ,
    PLAY_STATE,
    SEQ,
    close_count,
    kernel,
    play_begin,
    play_card,
    play_mover,
    play_over,
    say_go,
    score5,
)
from engine.roles import DEALER, PONE
from engine.rules import WINNING_SCORE


@kernel
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


@kernel
def build_pegging_stats(sims, seed, gained_hist, given_hist):
    """For every kept four-rank hand (1820) and role (``engine.roles``): ``sims`` plays
    between greedy peggers against four random cards from the other 48. Histograms of the
    points gained and given: (1820, 2, 32) each. One random stream over every hand in turn
    (the shipped statistics; ``--stream sequential``)."""
    np.random.seed(seed)
    ranks = np.empty(4, dtype=np.int64)
    for a in range(13):
        for b in range(a, 13):
            for c in range(b, 13):
                for d in range(c, 13):
                    ranks[0], ranks[1], ranks[2], ranks[3] = a, b, c, d
                    h = hand_index(ranks * 4)
                    for role in (DEALER, PONE):  # this order: the same random draws
                        play_hand(ranks, role, sims, gained_hist[h, role],
                                  given_hist[h, role])


@kernel
def build_pegging_rows(sims, quads, seeds, gained_hist, given_hist):
    """:func:`build_pegging_stats` for the kept rank hands ``quads`` (n, 4), each hand and
    role on its own random stream ``seeds`` (n, 2), so any split of the hands into chunks
    gives the same rows (``--stream per-hand``); histograms (n, 2, 32)."""
    for i in range(quads.shape[0]):
        for role in (DEALER, PONE):
            np.random.seed(seeds[i, role])
            play_hand(quads[i], role, sims, gained_hist[i, role], given_hist[i, role])


@kernel
def play_hand(ranks, role, sims, gained_row, given_row):
    """``sims`` greedy plays of the rank hand ``ranks`` in ``role`` (random suits, against
    four random cards from the other 48), drawn from numba's global random stream; the
    points of each play counted into ``gained_row`` and ``given_row`` (MAX_PEG,)."""
    deck = np.empty(52, dtype=np.int64)
    hands = np.empty((2, 4), dtype=np.int64)
    scores = np.zeros(2, dtype=np.int64)
    gained = np.zeros(2, dtype=np.int64)
    mine = np.empty(4, dtype=np.int64)
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
        gained_row[min(MAX_PEG - 1, gained[me])] += 1
        given_row[min(MAX_PEG - 1, gained[1 - me])] += 1


MAX_DECISIONS = 64  # decisions of one seat in one training game


@kernel
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


@kernel
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


@kernel
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
