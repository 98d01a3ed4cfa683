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
from engine.deal import DEALER as DEALING
from engine.deal import (
    DEALT,
    EV_DEAL,
    EV_GO,
    EV_PLAY,
    EV_TOSS,
    EV_WON,
    GAME_SIZE,
    KEPT,
    MAX_DEALT,
    MAX_KEPT,
    MOVER,
    PEGGED,
    PLAY,
    R_DEALT,
    R_PLAYERS,
    SCORES,
    WINNER,
    game_begin,
    game_deal,
    game_next,
    game_play,
    game_play_from,
    game_toss,
)
from engine.kernels import COUNT, HANDS, HELD, N_SEQ, PLAY_STATE, SEQ, kernel
from engine.roles import DEALER, PONE
from engine.rules import RULES, WINNING_SCORE


@kernel("(int64[::1], int64)")
def _play_greedily(g, event):
    """Play the play of ``g`` (at ``event``, its first) with two greedy players; returns
    the event that ends it: ``EV_PLAY_OVER``, or ``EV_WON`` when someone reached the
    target."""
    play = g[PLAY:PLAY + PLAY_STATE]
    while event == EV_PLAY or event == EV_GO:
        if event == EV_PLAY:
            base = HANDS + 4 * g[MOVER]
            k = greedy_card(play[base:base + 4], play[HELD + g[MOVER]], play[SEQ:SEQ + 9],
                            play[N_SEQ], play[COUNT])
            game_play(g, k)
        event = game_next(g)
    return event


@kernel
def play_phase(hands, dealer, scores, gained):
    """Play out the pegging of ``hands`` (2, 4) with two greedy players, through the deal
    driver (``engine.deal``). Points are added to ``scores`` (capped at 121) and ``gained``
    (uncapped); returns the winner if someone reaches 121, else -1."""
    g = np.empty(GAME_SIZE, dtype=np.int64)
    game_begin(g, RULES, dealer, 0)
    g[SCORES], g[SCORES + 1] = scores[0], scores[1]
    game_play_from(g, hands[0], hands[1], dealer)
    event = _play_greedily(g, game_next(g))
    for seat in range(2):
        scores[seat] = g[SCORES + seat]
        gained[seat] += g[PEGGED + seat]
    return g[WINNER] if event == EV_WON else -1


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
    g = np.empty(GAME_SIZE, dtype=np.int64)  # the game being played (engine.deal)
    choice = np.zeros(2, dtype=np.int64)
    S = np.empty((N_STRATEGIES, 15))
    keeps = np.empty((15, 4), dtype=np.int64)
    scores = np.zeros(2, dtype=np.int64)
    probs = np.zeros(15)
    w = np.empty(N_STRATEGIES)
    path_state = np.zeros((2, MAX_DECISIONS, 3), dtype=np.int64)
    path_S = np.zeros((2, MAX_DECISIONS, N_STRATEGIES, 15))
    path_choice = np.zeros((2, MAX_DECISIONS), dtype=np.int64)
    path_probs = np.zeros((2, MAX_DECISIONS, 15))
    n_path = np.zeros(2, dtype=np.int64)
    self_play = ip[I_SELF] == 1
    for n in range(n_games):
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
        game_begin(g, RULES, dealer, 0)
        g[SCORES], g[SCORES + 1] = scores[0], scores[1]
        n_path[:] = 0
        while True:
            event = game_next(g)
            if event == EV_DEAL:
                for i in range(g[R_PLAYERS] * g[R_DEALT] + 1):
                    j = np.random.randint(i, 52)
                    deck[i], deck[j] = deck[j], deck[i]
                game_deal(g, deck)
                for seat in range(2):  # both choose now, seat 0 first (the draws' order)
                    six = g[DEALT + MAX_DEALT * seat:DEALT + MAX_DEALT * (seat + 1)]
                    sort_small(six)  # tossing by position in the sorted six
                    my_crib = seat == g[DEALING]
                    strategy_matrix(six, my_crib, crib_rank_mean, peg_gained_mean,
                                    peg_gained_median, peg_given_mean, S, keeps)
                    table = W if uses_w[seat] else other
                    own, opp = g[SCORES + seat], g[SCORES + 1 - seat]
                    d = DEALER if my_crib else PONE
                    j = choose_option(table, d, own, opp, S, learning[seat], fp, ip, probs,
                                      w)
                    if learning[seat] and n_path[seat] < MAX_DECISIONS:
                        k = n_path[seat]
                        path_state[seat, k, 0], path_state[seat, k, 1] = d, own
                        path_state[seat, k, 2] = opp
                        path_S[seat, k] = S
                        path_choice[seat, k] = j
                        path_probs[seat, k] = probs
                        n_path[seat] += 1
                    choice[seat] = j
            elif event == EV_TOSS:
                game_toss(g, SPLITS[choice[g[MOVER]], 0], SPLITS[choice[g[MOVER]], 1])
            elif event == EV_PLAY:
                event = _play_greedily(g, event)
                if ip[I_PEG_UPDATE] == 1:  # the deal's pegging, by kept hand and role
                    for seat in range(2):
                        k4 = g[KEPT + MAX_KEPT * seat:KEPT + MAX_KEPT * (seat + 1)].copy()
                        sort_small(k4)
                        h4 = hand_index(k4)
                        role = DEALER if seat == g[DEALING] else PONE
                        gained_hist[h4, role, min(MAX_PEG - 1, g[PEGGED + seat])] += 1
                        given_hist[h4, role, min(MAX_PEG - 1, g[PEGGED + 1 - seat])] += 1
            if event == EV_WON:
                break
        scores[0], scores[1] = g[SCORES], g[SCORES + 1]
        winner = g[WINNER]
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
        results[n, 0] = 1.0 if winner == learner else 0.0
        results[n, 1] = scores[learner] - scores[1 - learner]
