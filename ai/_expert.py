"""Compiled kernels of the ``expert`` player (numba). Unchecked: see ``ai.players.expert``.

Deal samples are complete deals of real games, stored by role (1 the dealer, 0 the pone):
``heels`` (0 or 2), the pegging points in the order they were pegged (``peg_role``,
``peg_pts``, ``n_peg``), then the pone's hand, the dealer's hand and the crib, the order of
the show. ``W[d, a, b]`` (d = 0, 1) is the value of the game, for a player with ``a``
points against ``b`` when it deals the next deal (``d`` = 1) or not (``d`` = 0), and
``W[2, 0, l]`` the value, to the winner, of a game won with the loser at ``l`` (the loser's
is one minus it): with the objective the win, the probability of winning and 1
everywhere; with ACC points, (the expected ACC points net + 3) / 6, so 1 for a skunk
(3 points) and 5/6 for a plain win (2) (``ai.tables.expert.value_table``).
"""

from __future__ import annotations

import numpy as np

from engine.kernels import (
    CANDIDATE,
    COUNT,
    HANDS,
    HELD,
    LAST,
    N_SEQ,
    PLAY_STATE,
    RANK_SCORES,
    SEATS,
    SEQ,
    any_fits,
    card_fits,
    card_pip,
    close_count,
    held_card,
    kernel,
    peg_points_seq,
    play_card_in_order,
    play_mover,
    play_over,
    rank_pip,
    say_go,
)
from engine.rules import MAX_COUNT, WINNING_SCORE

TOP = WINNING_SCORE - 1  # the highest score a game in progress can stand at


# ---------------------------------------------------------------------------- one deal
@kernel(inline="always")
def _ended(mine, loser_score, W):
    """The value of a finished game, lost at ``loser_score``, for the winner (``mine``) or
    the loser."""
    return W[2, 0, loser_score] if mine else 1.0 - W[2, 0, loser_score]


@kernel("(int64, int64, int64, int64, int64, int64[:, ::1], int64[:, ::1], int64[::1], "
        "float64[:, :, ::1])")
def _peg_deal(d, dealer, pone, s, heels, peg_role, peg_pts, n_peg, W):
    """His heels and the pegging of deal sample ``s`` from (dealer, pone) scores: (-1.0,
    dealer, pone) while the game goes on, else (the value of the finished game for the
    player who is the dealer when ``d`` = 1, else the pone, dealer, pone)."""
    dealer += heels
    if dealer >= WINNING_SCORE:
        return _ended(d == 1, pone, W), dealer, pone
    for i in range(n_peg[s]):
        if peg_role[s, i] == 1:
            dealer += peg_pts[s, i]
            if dealer >= WINNING_SCORE:
                return _ended(d == 1, pone, W), dealer, pone
        else:
            pone += peg_pts[s, i]
            if pone >= WINNING_SCORE:
                return _ended(d == 0, dealer, W), dealer, pone
    return -1.0, dealer, pone


@kernel("(int64, int64, int64, int64, int64, int64, float64[:, :, ::1])")
def _show(d, dealer, pone, pone_hand, dealer_hand, crib, W):
    """The show in order from (dealer, pone) scores after the play: the value for the
    dealer when ``d`` = 1 (else the pone): the finished game's if it ends the game, else W
    of the next deal (the roles swap)."""
    pone += pone_hand
    if pone >= WINNING_SCORE:
        return _ended(d == 0, dealer, W)
    dealer += dealer_hand
    if dealer >= WINNING_SCORE:
        return _ended(d == 1, pone, W)
    dealer += crib
    if dealer >= WINNING_SCORE:
        return _ended(d == 1, pone, W)
    if d == 1:  # I dealt: next deal I am the pone
        return W[0, dealer, pone]
    return W[1, pone, dealer]


@kernel("(int64, int64, int64, int64, int64, int64[:, ::1], int64[:, ::1], int64[::1], int64, "
        "int64, int64, float64[:, :, ::1])")
def _finish_deal(d, dealer, pone, s, heels, peg_role, peg_pts, n_peg, pone_hand,
                 dealer_hand, crib, W):
    """Play deal sample ``s`` from (dealer, pone) scores; the value for the player who is
    the dealer when ``d`` = 1 (else the pone)."""
    ended, dealer, pone = _peg_deal(d, dealer, pone, s, heels, peg_role, peg_pts, n_peg, W)
    if ended >= 0.0:
        return ended
    return _show(d, dealer, pone, pone_hand, dealer_hand, crib, W)


@kernel
def win_table(heels, peg_role, peg_pts, n_peg, pone_hand, dealer_hand, crib, W):
    """Fill W[:2] (121, 121) by dynamic programming over the deal samples (W[2]: the value
    of a finished game, given): every deal scores at least one point (the last card), so W
    at a higher total is known first."""
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
@kernel("(int64, int64, int64, int64[:, ::1], float64[::1], float64[:], int64[::1], "
        "float64[::1], int64[::1], int64[:, ::1], int64[:, ::1], int64[::1], int64[::1], "
        "int64[::1], int64[::1], float64[:, :, ::1], float64[::1])")
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
                                                       peg_role, peg_pts, n_peg, W)
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
MAX_DEPTH = 40  # plays, goes and closed counts of one play: far fewer
TT_HAND = 4  # the transposition table covers hands of up to four cards (a game's)
TT_SIZE = 1 << (2 * TT_HAND + 1)
TT_EMPTY, TT_EXACT, TT_LOWER, TT_UPPER = 0, 1, 2, 3
# rows of the search's integer work array, ``ints[row, d]`` for the node at depth d: the
# positions of each original hand played (mine, theirs), the points each side has pegged,
# the next card to try (-1: a node not yet entered), the ranks tried, its table key (-1:
# none), the side to move
MU, TU, MP, OP, IT, TRIED, KEY, TURN = range(8)
N_INTS = 8
# rows of its float work array: the best value so far, the window in which the node's
# value can matter, and the window a keyed node was entered with
BEST, ALPHA, BETA, ALPHA0, BETA0 = range(5)
N_FLOATS = 5


@kernel
def _leaf(ctx, W, mp, op):
    """The end of the play: net points (mode 0), or the show in order, then W (mode 1)."""
    if ctx[0] == 0:
        return float(mp - op)
    deal = ctx[3] == 1
    # the show in order (the pone's hand, the dealer's hand, the dealer's crib), from the
    # dealer's and the pone's scores; the first to 121 wins there
    dealer = ctx[1] + mp if deal else ctx[2] + op
    pone = ctx[2] + op if deal else ctx[1] + mp
    pone += ctx[5] if deal else ctx[4]
    if pone >= WINNING_SCORE:
        return _ended(not deal, dealer, W)
    dealer += ctx[4] if deal else ctx[5]
    if dealer >= WINNING_SCORE:
        return _ended(deal, pone, W)
    dealer += ctx[6]
    if dealer >= WINNING_SCORE:
        return _ended(deal, pone, W)
    return W[0, dealer, pone] if deal else W[1, pone, dealer]


@kernel(inline="always")
def _game_over(mode, me, opp, mp, op):
    """Whether a player reached 121 in the play, from ``me`` to ``opp`` before it (mode 1
    only: mode 0 counts points to the end of the play)."""
    return mode == 1 and (me + mp >= WINNING_SCORE or opp + op >= WINNING_SCORE)


@kernel
def _terminal(ctx, W, mp, op):
    """The value of the game a player won in the play (:func:`_game_over`)."""
    if ctx[1] + mp >= WINNING_SCORE:
        return _ended(True, ctx[2] + op, W)
    return _ended(False, ctx[1] + mp, W)


@kernel(inline="always")
def _settles(flag, v, alpha, beta):
    """Whether the table's value ``v`` (exact, or the bound ``flag``) settles a node
    searched in the window (``alpha``, ``beta``)."""
    return (flag == TT_EXACT or (flag == TT_LOWER and v >= beta)
            or (flag == TT_UPPER and v <= alpha))


@kernel(inline="always")
def _bound(value, alpha0, beta0):
    """What a node's ``value`` is, searched in the window (``alpha0``, ``beta0``): exact,
    or, where alpha-beta cut it short, an upper or a lower bound."""
    return TT_UPPER if value <= alpha0 else TT_LOWER if value >= beta0 else TT_EXACT


@kernel(inline="always")
def _back_up(value, maximising, best, alpha, beta):
    """A child's ``value`` reaches its node (the best so far, the window; me to move when
    ``maximising``): the node's (best, alpha, beta) after it, and True when the side to
    move there stops (alpha-beta's cut)."""
    if maximising:
        if value > best:
            best = value
            alpha = max(alpha, value)
        return best, alpha, beta, best >= beta
    if value < best:
        best = value
        beta = min(beta, value)
    return best, alpha, beta, best <= alpha


@kernel(inline="always")
def _fitting_ranks(state, seat, at):
    """The cards ``seat`` may play now, one of each rank (the first held of it): their
    positions in the hand written to ``at``, in the hand's order; returns how many."""
    n = 0
    seen = 0
    for t in range(state[HELD + seat]):
        r = held_card(state, seat, t) >> 2
        if card_fits(state, seat, t) and not (seen >> r) & 1:
            seen |= 1 << r
            at[n] = t
            n += 1
    return n


@kernel(inline="always")
def _play_candidate(root, before, mine, card):
    """The play set back to ``before`` and the card ``card`` of the hand ``mine`` played
    first: (its position in the hand, the points it pegs)."""
    i = 0
    while mine[i] != card:
        i += 1
    root[:] = before
    return i, play_card_in_order(root, 0, i)


@kernel(inline="always")
def _nth_unused(used, i):
    """The position in the original hand of the ``i``-th card still held (cards leave a
    hand in order, so it is the ``i``-th position not in ``used``)."""
    t = 0
    while True:
        if not (used >> t) & 1:
            if i == 0:
                return t
            i -= 1
        t += 1


@kernel("(int64[::1], int64, int64, int64, int64, int64[::1], float64[:, :, ::1], "
        "int64[:, ::1], int64[:, ::1], float64[:, ::1], float64[::1], int64[::1])")
def _search(state, mu0, tu0, mp0, op0, ctx, W, saved, ints, floats, tt_val, tt_flag):
    """The rest of the play from the play state ``state`` (``engine.kernels``' steps: seat 0
    is me, seat 1 the opponent, whose remaining ranks are known), each side best for itself
    (zero-sum): the value for me (net points, or the probability of winning). The moves are
    the play's own steps: who moves (``play_mover``), go (``say_go``), a card
    (``play_card_in_order``), the count closing with its go or last-card point
    (``close_count``). A go or a closing count leaves one way on, so it is taken in place,
    in the node's own state, and the node looks again at the position it leads to; only a
    choice of card opens a node below. ``mu0``/``tu0``: the positions of the original hands
    already played (for the table below); ``mp0``/``op0``: the points each side has pegged
    so far.

    An explicit stack, not recursion (numba cannot cache recursive functions). Alpha-beta:
    a reply that cannot change the result is not searched; the value is the full search's,
    to the bit (a maximum or minimum of the same leaves). Cards of equal rank are tried
    once.

    When the value is net points (mode 0), the rest of the play from a fresh count depends
    only on the cards left and who leads, plus the points so far: those values (or the
    bounds alpha-beta found) are kept in a transposition table ``tt_val``/``tt_flag``
    (TT_SIZE, indexed by the cards used and the leader; the caller clears it when a hand
    changes), so each such position is searched once for all the candidate cards.

    The search moves one play state (``state``, changed in place) down and up the tree: a
    choice node keeps its position in ``saved[d]`` before its first card and puts it back
    before each next one. The stack lives in the caller's work arrays (``saved``
    (MAX_DEPTH, PLAY_STATE), ``ints`` (N_INTS, MAX_DEPTH), ``floats`` (N_FLOATS,
    MAX_DEPTH)), so the many searches of one decision allocate nothing.

    The loop reads and writes those arrays itself, and its helpers take and return numbers:
    numba counts an array's references up and down (atomic instructions) wherever one is
    passed to a function or given a new name, and in a search of thousands of tiny steps a
    decision those counts were most of the time (docs/speed.md)."""
    mode, me, opp = ctx[0], ctx[1], ctx[2]
    use_tt = mode == 0 and state[HELD] <= TT_HAND and state[HELD + 1] <= TT_HAND
    d = 0
    floats[ALPHA, 0], floats[BETA, 0] = -np.inf, np.inf
    ints[MU, 0], ints[TU, 0], ints[MP, 0], ints[OP, 0], ints[IT, 0] = mu0, tu0, mp0, op0, -1
    value = 0.0
    returning = False
    while True:
        if returning:  # node d is left with value
            key = ints[KEY, d]
            if key >= 0:  # a fresh count: kept relative to the points so far
                tt_val[key] = value - (ints[MP, d] - ints[OP, d])
                tt_flag[key] = _bound(value, floats[ALPHA0, d], floats[BETA0, d])
            if d == 0:
                return value
            d -= 1
            floats[BEST, d], floats[ALPHA, d], floats[BETA, d], cut = _back_up(
                value, ints[TURN, d] == 0, floats[BEST, d], floats[ALPHA, d],
                floats[BETA, d])
            if cut:  # the side to move avoids this node: stop here
                value = floats[BEST, d]
                continue
            returning = False
        elif ints[IT, d] == -1:  # a new node (or the same one after a go or a closed count)
            ints[KEY, d] = -1
            mp, op = ints[MP, d], ints[OP, d]
            if _game_over(mode, me, opp, mp, op):
                value, returning = _terminal(ctx, W, mp, op), True
                continue
            if use_tt and state[N_SEQ] == 0:
                k = ints[MU, d] + (ints[TU, d] << TT_HAND) + (state[CANDIDATE] << (2 * TT_HAND))
                if tt_flag[k] != TT_EMPTY:
                    v = tt_val[k] + (mp - op)
                    if _settles(tt_flag[k], v, floats[ALPHA, d], floats[BETA, d]):
                        value, returning = v, True
                        continue
                ints[KEY, d] = k
                floats[ALPHA0, d], floats[BETA0, d] = floats[ALPHA, d], floats[BETA, d]
            mover = play_mover(state)
            if mover >= 0 and not any_fits(state, mover):
                say_go(state, mover)
                continue
            if mover < 0:
                scorer = close_count(state)
                if scorer == 0:
                    ints[MP, d] += 1
                elif scorer == 1:
                    ints[OP, d] += 1
                if play_over(state):
                    mp, op = ints[MP, d], ints[OP, d]
                    value = (_terminal(ctx, W, mp, op) if _game_over(mode, me, opp, mp, op)
                             else _leaf(ctx, W, mp, op))
                    returning = True
                continue
            ints[TURN, d], ints[IT, d], ints[TRIED, d] = mover, 0, 0
            floats[BEST, d] = -1e9 if mover == 0 else 1e9
        # the next card the side to move may try here (one of each rank that fits), from
        # the node's own position: kept before its first card, put back before each next
        seat, i, tried = ints[TURN, d], ints[IT, d], ints[TRIED, d]
        # (what two seats use of it: up to the count's last card, and their two hands)
        if i == 0:
            for t in range(SEQ + state[N_SEQ]):
                saved[d, t] = state[t]
            for t in range(HANDS, HANDS + 8):
                saved[d, t] = state[t]
        else:
            for t in range(SEQ + saved[d, N_SEQ]):
                state[t] = saved[d, t]
            for t in range(HANDS, HANDS + 8):
                state[t] = saved[d, t]
        while i < state[HELD + seat] and not (
                card_fits(state, seat, i) and not tried >> (held_card(state, seat, i) >> 2) & 1):
            i += 1
        if i == state[HELD + seat]:  # every card tried: the node's value goes up
            value, returning = floats[BEST, d], True
            continue
        # play it and open the node below (the cards used and the points carried down)
        ints[IT, d] = i + 1
        ints[TRIED, d] = tried | 1 << (held_card(state, seat, i) >> 2)
        mu, tu, mp, op = ints[MU, d], ints[TU, d], ints[MP, d], ints[OP, d]
        pts = play_card_in_order(state, seat, i)
        if seat == 0:
            mu, mp = mu | 1 << _nth_unused(mu, i), mp + pts
        else:
            tu, op = tu | 1 << _nth_unused(tu, i), op + pts
        d += 1
        ints[MU, d], ints[TU, d], ints[MP, d], ints[OP, d], ints[IT, d] = mu, tu, mp, op, -1
        floats[ALPHA, d], floats[BETA, d] = floats[ALPHA, d - 1], floats[BETA, d - 1]


@kernel
def search_work():
    """The work arrays of :func:`_search` (saved states, ints, floats, the transposition
    table's values and flags), made once per kernel call, reused by all its searches."""
    return (np.empty((MAX_DEPTH, PLAY_STATE), dtype=np.int64),
            np.empty((N_INTS, MAX_DEPTH), dtype=np.int64), np.empty((N_FLOATS, MAX_DEPTH)),
            np.empty(TT_SIZE), np.empty(TT_SIZE, dtype=np.int64))


@kernel
def _count_state(mine, seq, count):
    """The play state of the count as it is, me (seat 0, holding ranks ``mine``) to play;
    the opponent's hand is set per sample (:func:`_set_their_hand`)."""
    n_seq = seq.shape[0]
    state = np.zeros(PLAY_STATE, dtype=np.int64)
    state[COUNT], state[N_SEQ], state[LAST], state[CANDIDATE] = count, n_seq, 1, 0
    state[SEATS] = 2
    state[SEQ:SEQ + n_seq] = seq
    state[HELD] = mine.shape[0]
    for t in range(mine.shape[0]):
        state[HANDS + t] = mine[t] * 4
    return state


@kernel
def _set_their_hand(state, theirs, n_theirs):
    """Seat 1 (the opponent) holds ranks ``theirs[:n_theirs]``."""
    state[HELD + 1] = n_theirs
    for t in range(n_theirs):
        state[HANDS + 4 + t] = theirs[t] * 4


@kernel
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


@kernel
def play_values(mine, theirs_samples, n_theirs, seq, count, candidates, ctx, opp_hand_pts, W,
                out):
    """For each candidate rank (one of ``mine``), the value of playing it now, for each
    sample of the opponent's remaining ranks: ``out[k, j]``. ``mine``: my ranks (sorted),
    ``seq``: the count's cards so far, ``count`` its total; the opponent is to play after
    my card (a go it said earlier in this count changes nothing: it still cannot play).

    ``ctx``: mode, my score, the opponent's, I deal (1/0), my hand's show points,
    the opponent's (per sample, from ``opp_hand_pts``), the crib's."""
    saved, ints, floats, tt_val, tt_flag = search_work()
    before = _count_state(mine, seq, count)  # the count as it is, me to play
    root = np.empty(PLAY_STATE, dtype=np.int64)
    for j in range(theirs_samples.shape[0]):
        theirs = theirs_samples[j, :n_theirs]
        same = _same_sample(theirs_samples, n_theirs, opp_hand_pts, ctx[0] == 1, j)
        if same >= 0:  # a sample already searched: the same values
            out[:, j] = out[:, same]
            continue
        ctx[5] = opp_hand_pts[j]
        tt_flag[:] = TT_EMPTY  # their hand changed
        _set_their_hand(before, theirs, n_theirs)
        for k in range(candidates.shape[0]):
            i, pts = _play_candidate(root, before, mine, candidates[k])
            out[k, j] = _search(root, 1 << i, 0, pts, 0, ctx, W, saved, ints, floats,
                                tt_val, tt_flag)
    return out


@kernel("(int64[::1], int64, int64, int64, int64, int64[::1], float64[:, :, ::1], "
        "int64[:, ::1], int64[:, ::1], float64[:, ::1], float64[::1], int64[::1], int64[::1], "
        "int64[::1])")
def _walk(state, mu, tu, mp, op, ctx, W, saved, ints, floats, tt_val, tt_flag, at, tmp):
    """From the play state just after my card (``state``, changed), the way to my next
    choice as I will see it: the opponent's cards each chosen best for it knowing both
    hands (``_search``), its goes, the counts closing and my forced cards taken in order.
    Returns (what I see on the way: each card of the opponent as its rank + 1 and each go
    as 14, in base 15; the value when the play or the game ends first, else nan; the
    search's ``mu``, ``tu``, ``mp``, ``op`` there). At my choice, ``state`` is the play
    there and ``at`` my options' positions."""
    mode, me, opp = ctx[0], ctx[1], ctx[2]
    key = 0
    while True:
        if _game_over(mode, me, opp, mp, op):
            return key, _terminal(ctx, W, mp, op), mu, tu, mp, op
        mover = play_mover(state)
        if mover >= 0 and not any_fits(state, mover):
            say_go(state, mover)
            if mover == 1:
                key = key * 15 + 14
            continue
        if mover < 0:
            scorer = close_count(state)
            if scorer == 0:
                mp += 1
            elif scorer == 1:
                op += 1
            if play_over(state):
                if _game_over(mode, me, opp, mp, op):
                    return key, _terminal(ctx, W, mp, op), mu, tu, mp, op
                return key, _leaf(ctx, W, mp, op), mu, tu, mp, op
            continue
        n_opt = _fitting_ranks(state, mover, at)
        if mover == 0 and n_opt > 1:  # my choice
            return key, np.nan, mu, tu, mp, op
        best = 0
        if mover == 1 and n_opt > 1:  # the opponent's card, best for it
            best_value = np.inf
            for o in range(n_opt):
                tmp[:] = state
                pts = play_card_in_order(tmp, 1, at[o])
                v = _search(tmp, mu, tu | 1 << _nth_unused(tu, at[o]), mp, op + pts, ctx, W,
                            saved, ints, floats, tt_val, tt_flag)
                if v < best_value:
                    best, best_value = o, v
        i = at[best]
        if mover == 1:
            key = key * 15 + (held_card(state, 1, i) >> 2) + 1
            tu |= 1 << _nth_unused(tu, i)
            op += play_card_in_order(state, 1, i)
        else:
            mu |= 1 << _nth_unused(mu, i)
            mp += play_card_in_order(state, 0, i)


@kernel("(int64[::1], int64, int64, int64, int64, int64[::1], float64[:, :, ::1], "
        "int64[:, ::1], int64[:, ::1], float64[:, ::1], float64[::1], int64[::1], int64[::1], "
        "int64[::1], float64[::1])")
def _option_values(state, mu, tu, mp, op, ctx, W, saved, ints, floats, tt_val, tt_flag, at,
                   tmp, values):
    """At my choice (``_walk``'s end), each option's value from there, both hands known
    (``_search``), into ``values[o]`` in ``at``'s order; -inf past the options."""
    n_opt = _fitting_ranks(state, 0, at)
    values[:] = -np.inf
    for o in range(n_opt):
        tmp[:] = state
        pts = play_card_in_order(tmp, 0, at[o])
        values[o] = _search(tmp, mu | 1 << _nth_unused(mu, at[o]), tu, mp + pts, op, ctx, W,
                            saved, ints, floats, tt_val, tt_flag)
    return n_opt


@kernel("(int64[::1], int64, int64, int64, int64, int64[::1], float64[:, :, ::1], "
        "int64[:, ::1], int64[:, ::1], float64[:, ::1], float64[::1], int64[::1], int64[::1], "
        "int64[::1], float64[::1])")
def _fused_path(state, mu, tu, mp, op, ctx, W, saved, ints, floats, tt_val, tt_flag, at,
                tmp, mine_values):
    """``_walk`` to my next choice; there, ``mine_values[o]`` is each option's value
    (``_option_values``). Returns (``_walk``'s key, its value when the play ended first,
    else nan)."""
    key, end, mu, tu, mp, op = _walk(state, mu, tu, mp, op, ctx, W, saved, ints, floats,
                                     tt_val, tt_flag, at, tmp)
    if np.isnan(end):  # (it fills every entry)
        _option_values(state, mu, tu, mp, op, ctx, W, saved, ints, floats, tt_val, tt_flag,
                       at, tmp, mine_values)
    else:
        mine_values[:] = -np.inf
    return key, end


@kernel("(int64[::1], int64, int64, int64[::1], float64[::1], float64[::1], "
        "float64[:, ::1])")
def _pooled_sum(order, g, h, keys, ends, weights, values):
    """Over the worlds ``order[g:h]`` (one pool: what I saw so far is the same), the
    weighted value when each sub-pool by ``keys`` (what I see next) takes the option best
    on its weighted sum (``values[j, o]``, -inf: no such option), or its ``ends`` where
    the play ended first."""
    sub = order[g:h].copy()
    sub = sub[np.argsort(keys[sub], kind="mergesort")]
    total = 0.0
    n_opt = values.shape[1]
    sums = np.empty(n_opt)
    a = 0
    while a < sub.shape[0]:
        b = a
        while b < sub.shape[0] and keys[sub[b]] == keys[sub[a]]:
            b += 1
        if np.isnan(ends[sub[a]]):
            sums[:] = 0.0
            for t in range(a, b):
                for o in range(n_opt):
                    sums[o] += weights[sub[t]] * values[sub[t], o]
            best = -np.inf
            for o in range(n_opt):
                if values[sub[a], o] > -np.inf and sums[o] > best:
                    best = sums[o]
            total += best
        else:
            for t in range(a, b):
                total += weights[sub[t]] * ends[sub[t]]
        a = b
    return total


@kernel
def fused_play_values(mine, theirs_samples, n_theirs, seq, count, candidates, ctx,
                      opp_hand_pts, W, weights, values, depth=1):
    """``play_values`` without knowing the opponent's cards at my next choice: for each
    candidate rank, over the samples (``weights``), the opponent answers best for it in
    each (as there), but my next choice is one rank for all the samples in which I will
    have seen the same (``_walk``), the best on their weighted average; from there on
    both hands are known, as in ``play_values``. With ``depth`` 2, my choice after that
    too (so every choice of a four-card hand). Into ``values[:n_candidates]``, the weighted
    mean. (Sampling with both hands known lets my later cards fit each sample: the classic
    over-estimate of the chances that need a guess; this removes it for my next card, or
    my next two.)"""
    saved, ints, floats, tt_val, tt_flag = search_work()
    before = _count_state(mine, seq, count)
    root = np.empty(PLAY_STATE, dtype=np.int64)
    tmp = np.empty(PLAY_STATE, dtype=np.int64)
    tmp2 = np.empty(PLAY_STATE, dtype=np.int64)
    at = np.empty(4, dtype=np.int64)
    at1 = np.empty(4, dtype=np.int64)
    n, n_cand = theirs_samples.shape[0], candidates.shape[0]
    keys = np.zeros((n_cand, n), dtype=np.int64)
    ends = np.zeros((n_cand, n))
    mine_values = np.empty((n_cand, n, 4))
    # depth 2: after each of my options at the next choice, the way to the one after it
    # (by candidate and option first, so each one's worlds are one contiguous row)
    keys2 = np.zeros((n_cand, 4, n), dtype=np.int64)
    ends2 = np.full((n_cand, 4, n), np.nan)
    values2 = np.full((n_cand, 4, n, 4), -np.inf)
    zero = np.int64(0)  # (a literal 0 passed on would type second copies of the kernels)
    n_next = np.zeros((n_cand, n), dtype=np.int64)  # my options at the next choice
    for j in range(n):
        theirs = theirs_samples[j, :n_theirs]
        same = _same_sample(theirs_samples, n_theirs, opp_hand_pts, ctx[0] == 1, j)
        if same >= 0:
            keys[:, j], ends[:, j] = keys[:, same], ends[:, same]
            mine_values[:, j] = mine_values[:, same]
            keys2[:, :, j], ends2[:, :, j] = keys2[:, :, same], ends2[:, :, same]
            values2[:, :, j] = values2[:, :, same]
            n_next[:, j] = n_next[:, same]
            continue
        ctx[5] = opp_hand_pts[j]
        tt_flag[:] = TT_EMPTY
        _set_their_hand(before, theirs, n_theirs)
        for k in range(n_cand):
            i, pts = _play_candidate(root, before, mine, candidates[k])
            if depth < 2:
                keys[k, j], ends[k, j] = _fused_path(root, 1 << i, zero, pts, zero, ctx, W,
                                                     saved, ints, floats, tt_val, tt_flag,
                                                     at, tmp, mine_values[k, j])
                continue
            key, end, mu, tu, mp, op = _walk(root, 1 << i, zero, pts, zero, ctx, W, saved,
                                             ints, floats, tt_val, tt_flag, at, tmp)
            keys[k, j], ends[k, j] = key, end
            if not np.isnan(end):
                continue
            n_opt = _fitting_ranks(root, 0, at1)
            n_next[k, j] = n_opt
            for o in range(n_opt):
                tmp2[:] = root
                pts2 = play_card_in_order(tmp2, 0, at1[o])
                keys2[k, o, j], ends2[k, o, j] = _fused_path(
                    tmp2, mu | 1 << _nth_unused(mu, at1[o]), tu, mp + pts2, op, ctx, W,
                    saved, ints, floats, tt_val, tt_flag, at, tmp, values2[k, o, j])
    total_weight = weights.sum()
    for k in range(n_cand):
        order = np.argsort(keys[k], kind="mergesort")
        total = 0.0
        g = zero
        while g < n:
            h = g
            while h < n and keys[k, order[h]] == keys[k, order[g]]:
                h += 1
            if not np.isnan(ends[k, order[g]]) or depth < 2:
                total += _pooled_sum(order, np.int64(g), np.int64(h), keys[k], ends[k],
                                     weights, mine_values[k])
            else:  # my next choice: each option, the pools after it at their best
                best = -np.inf
                for o in range(n_next[k, order[g]]):
                    v = _pooled_sum(order, np.int64(g), np.int64(h), keys2[k, o],
                                    ends2[k, o], weights, values2[k, o])
                    if v > best:
                        best = v
                total += best
            g = h
        values[k] = total / total_weight
    return values


# ---------------------------------------------------------------------------- the opponent
@kernel
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


# ---------------------------------------------------------------------------- the pegging table
@kernel(inline="always")
def _fresh_play(state, hands, a, b):
    """The play state of a deal's first card: seat 0 (to lead) holds rank hand
    ``hands[a]``, seat 1 ``hands[b]``."""
    state[:] = 0
    state[LAST] = -1  # the leader is seat 0, a fresh count
    state[SEATS] = 2
    state[HELD], state[HELD + 1] = 4, 4
    for t in range(4):
        state[HANDS + t] = hands[a, t] * 4
        state[HANDS + 4 + t] = hands[b, t] * 4


@kernel(inline="always")
def _ways_beside(hands, other, b, counts):
    """The card combinations of rank hand ``hands[b]`` among the 48 cards not in
    ``hands[other]`` (0.0 where they do not fit in one deck)."""
    counts[:] = 4
    for t in range(4):
        counts[hands[other, t]] -= 1
    ways = 1.0
    for t in range(4):
        r = hands[b, t]
        ways *= counts[r]
        counts[r] -= 1
    if ways <= 0.0:
        return 0.0
    for t in range(1, 4):  # ordered draws of equal ranks: once each
        n_eq = 1
        for u in range(t):
            if hands[b, u] == hands[b, t]:
                n_eq += 1
        ways /= n_eq
    return ways


@kernel
def leader_values(hands, first, last, out):
    """``out[a - first, b]``: the net pegging points (its points minus the other's) of a
    player leading hand ``hands[a]`` against ``hands[b]`` (rank hands of four, sorted), both
    playing their best with both hands known (the search above, net points), for ``a`` in
    ``first .. last - 1``; -128 where the two hands hold more than four of a rank."""
    saved, ints, floats, tt_val, tt_flag = search_work()
    ctx = np.zeros(7, dtype=np.int64)  # mode 0: net points
    W = np.zeros((2, 1, 1))
    state = np.zeros(PLAY_STATE, dtype=np.int64)
    counts = np.zeros(13, dtype=np.int64)
    for a in range(first, last):
        for b in range(hands.shape[0]):
            counts[:] = 0
            for t in range(4):
                counts[hands[a, t]] += 1
                counts[hands[b, t]] += 1
            if counts.max() > 4:
                out[a - first, b] = -128
                continue
            _fresh_play(state, hands, a, b)
            tt_flag[:] = TT_EMPTY
            out[a - first, b] = int(_search(state, 0, 0, 0, 0, ctx, W, saved, ints, floats,
                                            tt_val, tt_flag))


@kernel("(int64[:, ::1], int64, int64, float64[::1], float64[:, ::1])")
def lead_values(hands, first, last, weight, out):
    """``out[a - first, t]``: the net pegging points of a pone leading rank ``hands[a, t]``
    from rank hand ``hands[a]`` (sorted, four), the rest searched with both hands known
    (as :func:`leader_values`), averaged over every rank hand ``hands[b]`` the dealer can
    hold beside it, each by its card combinations (the 48 cards not in ``a``) times
    ``weight[b]`` (how likely a sensible dealer keeps it); ``a`` in ``first .. last - 1``.
    The opening lead of a deal is one of the opponent's choices the play can read: a pone
    leads the card its hand leads best."""
    saved, ints, floats, tt_val, tt_flag = search_work()
    ctx = np.zeros(7, dtype=np.int64)  # mode 0: net points
    W = np.zeros((2, 1, 1))
    state = np.zeros(PLAY_STATE, dtype=np.int64)
    child = np.zeros(PLAY_STATE, dtype=np.int64)
    counts = np.zeros(13, dtype=np.int64)
    for a in range(first, last):
        out[a - first, :] = 0.0
        total = 0.0
        for b in range(hands.shape[0]):
            ways = _ways_beside(hands, a, b, counts)
            if ways <= 0.0 or weight[b] <= 0.0:
                continue
            w = ways * weight[b]
            total += w
            _fresh_play(state, hands, a, b)
            tt_flag[:] = TT_EMPTY
            value = 0.0
            for t in range(4):
                if t > 0 and hands[a, t] == hands[a, t - 1]:
                    out[a - first, t] += w * value
                    continue
                child[:] = state
                pts = play_card_in_order(child, 0, t)
                value = _search(child, 1 << t, 0, pts, 0, ctx, W, saved, ints, floats,
                                tt_val, tt_flag)
                out[a - first, t] += w * value
        for t in range(4):
            out[a - first, t] /= total


@kernel("(int64[:, ::1], int64, int64, float64[::1], float64[:, ::1], float64[:, :, ::1])")
def reply_values(hands, first, last, weight, lead_chance, out):
    """``out[b - first, r, t]``: the net pegging points of a dealer holding rank hand
    ``hands[b]`` that answers the pone's opening lead of rank ``r`` with the rank at its
    position ``t``, the rest searched with both hands known, averaged over every pone hand
    ``hands[a]`` holding ``r`` beside it: each by its card combinations (the 48 cards not
    in ``b``) times ``weight[a]`` (how likely a sensible pone keeps it) times
    ``lead_chance[s, a]`` (how likely it leads the rank at its position ``s``, here ``r``);
    0 where no pone hand can lead ``r``. The dealer's first card is the second of the
    opponent's choices the play can read."""
    saved, ints, floats, tt_val, tt_flag = search_work()
    ctx = np.zeros(7, dtype=np.int64)  # mode 0: net points
    W = np.zeros((2, 1, 1))
    state = np.zeros(PLAY_STATE, dtype=np.int64)
    child = np.zeros(PLAY_STATE, dtype=np.int64)
    counts = np.zeros(13, dtype=np.int64)
    total = np.zeros(13)
    value = np.zeros(4)
    for b in range(first, last):
        out[b - first] = 0.0
        total[:] = 0.0
        for a in range(hands.shape[0]):
            ways = _ways_beside(hands, b, a, counts)
            if ways <= 0.0 or weight[a] <= 0.0:
                continue
            _fresh_play(state, hands, a, b)  # the pone (seat 0) leads
            tt_flag[:] = TT_EMPTY
            for s in range(4):
                if s > 0 and hands[a, s] == hands[a, s - 1]:
                    continue  # one lead a rank
                w = ways * weight[a] * lead_chance[s, a]
                if w <= 0.0:
                    continue
                r = hands[a, s]
                total[r] += w
                for t in range(4):
                    if t == 0 or hands[b, t] != hands[b, t - 1]:
                        child[:] = state
                        led = play_card_in_order(child, 0, s)
                        got = play_card_in_order(child, 1, t)
                        value[t] = -_search(child, 1 << s, 1 << t, led, got, ctx, W, saved,
                                            ints, floats, tt_val, tt_flag)
                    else:
                        value[t] = value[t - 1]
                    out[b - first, r, t] += w * value[t]
        for r in range(13):
            if total[r] > 0.0:
                for t in range(4):
                    out[b - first, r, t] /= total[r]


@kernel
def option_pegging(six_ranks, keep_index, dealer, V, hand_counts, hand_weight, scale, out):
    """The expected net pegging of each kept rank hand (``keep_index[o]``, an index of
    ``hands``) from the pegging table ``V`` (``leader_values``: the pone leads), over every
    rank hand the opponent can hold beside this player's six cards (``six_ranks``), each
    weighted by its number of card combinations times ``hand_weight`` (how likely a sensible
    player keeps it), times ``scale``."""
    avail = np.full(13, 4, dtype=np.int64)
    for r in six_ranks:
        avail[r] -= 1
    n_opt = keep_index.shape[0]
    out[:] = 0.0
    total = 0.0
    for b in range(hand_counts.shape[0]):
        ways = 1
        for r in range(13):
            c = hand_counts[b, r]
            if c > avail[r]:
                ways = 0
                break
            if c == 1:
                ways *= avail[r]
            elif c == 2:
                ways *= avail[r] * (avail[r] - 1) // 2
            elif c == 3:
                ways *= avail[r] * (avail[r] - 1) * (avail[r] - 2) // 6
        if ways == 0:
            continue
        w = ways * hand_weight[b]
        total += w
        for o in range(n_opt):
            k = keep_index[o]
            out[o] += w * (-V[b, k] if dealer else V[k, b])
    for o in range(n_opt):
        out[o] = scale * out[o] / total


# ---------------------------------------------------------------------------- the opponent's plays
@kernel("(int64[::1], int64[::1], int64, int64, int64[:, ::1], int64, float64, float64[::1])")
def play_likelihoods(played, played_by, n_played, me, samples, k, temperature, out):
    """Multiply ``out[j]`` by how likely the opponent's plays so far in this deal were had it
    held sample ``j`` (its ``k`` remaining ranks): at each of its plays, a model opponent
    plays a rank that fits with probability proportional to exp(points it pegs /
    ``temperature``), over the ranks it held then (the sample's, plus the cards it played
    from then on). A player who passed up a fifteen or a pair probably had none."""
    seq = np.empty(9, dtype=np.int64)
    buf = np.empty(9, dtype=np.int64)
    held = np.empty(4 + k, dtype=np.int64)
    seen = np.zeros(13, dtype=np.bool_)
    n_seq = 0
    count = 0
    for t in range(n_played):
        c = played[t]
        if count == MAX_COUNT or count + card_pip(c) > MAX_COUNT:  # a new count had begun
            n_seq = 0
            count = 0
        if played_by[t] != me:
            later = 0
            for u in range(t, n_played):  # the cards it played from then on, this one first
                if played_by[u] != me:
                    held[later] = played[u] >> 2
                    later += 1
            buf[:n_seq] = seq[:n_seq]
            buf[n_seq] = c
            chosen = peg_points_seq(buf, n_seq + 1)
            for j in range(samples.shape[0]):
                for i in range(k):
                    held[later + i] = samples[j, i]
                seen[:] = False
                total = 0.0
                for i in range(later + k):
                    r = held[i]
                    if seen[r] or count + rank_pip(r) > MAX_COUNT:
                        continue
                    seen[r] = True
                    buf[n_seq] = r * 4
                    total += np.exp(peg_points_seq(buf, n_seq + 1) / temperature)
                out[j] *= np.exp(chosen / temperature) / total
        seq[n_seq] = c
        n_seq += 1
        count += card_pip(c)


# ---------------------------------------------------------------------------- blind replies
@kernel
def opponent_views(hidden, theirs, n_theirs, candidates, n_mine, keys, out):
    """``out[j, k, s, :n_mine]``: the ranks of the cards I hold after playing
    ``candidates[k]``, as the opponent of world ``j`` may imagine them, view ``s``.
    ``hidden[r]``: the cards of rank ``r`` not played and not the starter before my card;
    the opponent of world ``j`` holds ``theirs[j, :n_theirs]``
    (ranks) and has just seen my card, so it imagines my cards among the rest: the
    ``n_mine`` with the smallest ``keys[s]``, card ``4 r + u`` standing for the ``u``-th
    card of rank ``r`` it cannot see. Suits do not matter in the play, so this draws my
    hand uniformly from the cards it cannot see, and a view depends only on the world's
    ranks. (The two cards it threw to the crib are not known in a world, so it may imagine
    one of them in my hand: a small approximation.)"""
    order = np.empty((keys.shape[0], 52), dtype=np.int64)
    for s in range(keys.shape[0]):
        order[s] = np.argsort(keys[s])
    left = np.empty(13, dtype=np.int64)
    for j in range(theirs.shape[0]):
        for k in range(candidates.shape[0]):
            left[:] = hidden
            left[candidates[k]] -= 1
            for t in range(n_theirs):
                left[theirs[j, t]] -= 1
            for s in range(keys.shape[0]):
                m = 0
                for t in range(52):
                    c = order[s, t]
                    if m < n_mine and (c & 3) < left[c >> 2]:
                        out[j, k, s, m] = c >> 2
                        m += 1


@kernel
def _rank_key(ranks, n):
    """The sorted ranks as one number (base 13; n <= 4), for finding equal worlds."""
    key = 0
    for t in range(n):
        key = key * 13 + ranks[t]
    return key


@kernel
def blind_play_values(mine, theirs_samples, n_theirs, seq, count, candidates, views, out):
    """:func:`play_values` in net points (mode 0), with the opponent's reply to my card
    chosen without seeing my hand: when it is to play next with a choice of ranks, it plays
    the one whose value for it, averaged over the hands it may imagine I hold
    (``views[j, k]``: (n_views, ranks I hold after candidate ``k``),
    :func:`opponent_views`) with
    the rest of the play searched as now for each, is best (equal values to the lower
    rank); the rest after its reply is searched with both hands known, as now. Otherwise
    (a go, one rank, my last card, or me to play again) the value is :func:`play_values`'s.
    Worlds with the same ranks have the same values (views depend only on the ranks), so
    each is searched once."""
    n_views = views.shape[2]
    n_after = mine.shape[0] - 1
    saved, ints, floats, tt_val, tt_flag = search_work()
    ctx = np.zeros(7, dtype=np.int64)
    W = np.zeros((3, 1, 1))
    before = _count_state(mine, seq, count)
    root = np.empty(PLAY_STATE, dtype=np.int64)
    view = np.empty(PLAY_STATE, dtype=np.int64)
    child = np.empty(PLAY_STATE, dtype=np.int64)
    reply_value = np.empty(4)
    choice_at = np.empty(4, dtype=np.int64)  # the opponent's choices, one card a rank
    view_at = np.empty(4, dtype=np.int64)  # and as it imagines them
    theirs = np.empty(4, dtype=np.int64)
    first_world = np.full(13 ** 4, -1, dtype=np.int64)
    for j in range(theirs_samples.shape[0]):
        theirs[:n_theirs] = theirs_samples[j, :n_theirs]
        theirs[:n_theirs].sort()
        key = _rank_key(theirs, n_theirs)
        if first_world[key] >= 0:  # a world already searched: the same values
            out[:, j] = out[:, first_world[key]]
            continue
        first_world[key] = j
        _set_their_hand(before, theirs, n_theirs)
        for k in range(candidates.shape[0]):
            i, pts = _play_candidate(root, before, mine, candidates[k])
            reply = -1
            if n_after > 0 and play_mover(root) == 1 and any_fits(root, 1):
                choices = _fitting_ranks(root, 1, choice_at)
                if choices > 1:  # its choice, over the hands it imagines I hold
                    reply_value[:] = 0.0
                    for s in range(n_views):
                        view[:] = root
                        for t in range(n_after):
                            view[HANDS + t] = views[j, k, s, t] * 4
                        tt_flag[:] = TT_EMPTY  # new hands
                        for u in range(_fitting_ranks(view, 1, view_at)):
                            t = view_at[u]
                            child[:] = view
                            got = play_card_in_order(child, 1, t)
                            reply_value[t] -= _search(child, 0, 1 << t, 0, got, ctx, W, saved,
                                                      ints, floats, tt_val, tt_flag)
                    for u in range(choices):
                        t = choice_at[u]
                        if reply < 0 or reply_value[t] > reply_value[reply]:
                            reply = t
            tt_flag[:] = TT_EMPTY  # the real hands again
            if reply < 0:
                out[k, j] = _search(root, 1 << i, 0, pts, 0, ctx, W, saved, ints, floats,
                                    tt_val, tt_flag)
            else:
                got = play_card_in_order(root, 1, reply)
                out[k, j] = _search(root, 1 << i, 1 << reply, pts, got, ctx, W, saved, ints,
                                    floats, tt_val, tt_flag)
    return out


# ---------------------------------------------------------------- the crib, given my six
@kernel
def crib_given_six(six_ranks, x, y, opp_q):
    """The expected crib (fifteens, pairs, runs, his nobs) when I hold ``six_ranks`` and
    throw ranks ``x`` and ``y``, the opponent throwing as the toss model ``opp_q`` (its
    role's (13, 13), x <= y) says, each of its pairs by the cards of those ranks left
    beside my six, and the starter from the rest: the toss model's crib
    (``ai.training.expert_build.crib_model``) without pretending my four kept cards are
    still in the deck."""
    left = np.full(13, 4, dtype=np.int64)
    for r in six_ranks:
        left[r] -= 1
    total = 0.0
    used = 0.0
    jacks_mine = (x == 10) + (y == 10)
    for a in range(13):
        for b in range(a, 13):
            p = opp_q[a, b]
            if p == 0.0:
                continue
            if a == b:
                ways = left[a] * (left[a] - 1) / 2.0
                full = 6.0
            else:
                ways = left[a] * left[b] * 1.0
                full = 16.0
            if ways <= 0.0:
                continue
            w = p * ways / full
            left[a] -= 1
            left[b] -= 1
            scores = RANK_SCORES[x, y, a, b]
            e = 0.0
            n = 0.0
            for r in range(13):
                if left[r] > 0:
                    e += left[r] * scores[r]
                    n += left[r]
            left[a] += 1
            left[b] += 1
            jacks = jacks_mine + (a == 10) + (b == 10)
            total += w * (e / n + jacks * 12.0 / 46.0)
            used += w
    return total / used
