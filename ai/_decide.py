"""The built-in players' decisions, compiled (numba): the one place each is written. The
Python players in ``ai.players`` call these kernels on what their observation shows
(:func:`play_state`, :func:`deal_seen`) and turn the figures the kernels fill in (each
option's or card's values, the rule that decided, the mixed strategy's roll) into their
reasoning records; the compiled match loop (``ai.match._loop``) calls the same kernels
through :func:`toss_choice` and :func:`play_choice`. Unchecked: both callers hand valid
arrays. The tests still play the same games both ways (``ai.match.compiled``) and pin
every player's decisions and reasoning (tests/ai/test_pinned_decisions.py).

Ties fall as the players document them (often the first best card in hand order, or the
first best split in ``engine.analysis``'s order), and every random draw comes from the
player's own generator (``rng``, a ``numpy.random.Generator``, which numba draws from
exactly as numpy does), so a refereed game and a compiled one are the same game.

In the compiled loop a seat's tables travel in one tuple: (evolved values (N_SIX, 2, 6),
then the weights player's ``kernel_tables()``: weights W (2, 121, 121, 8), its float and
int kernel parameters, its pegging means gained, medians gained and means given (1820, 2)
each, the rank crib means (N_SIX, 15); then the expert's ``kernel_tables()``, an
:class:`ExpertKernelTables` record). A player that needs none of them gets small
placeholders of the same types.

Where the expert's arithmetic is numpy's own (a pairwise sum, a BLAS product, Python's
decimal ``round``), the kernel hands those few numbers to numpy (``objmode``), so its
figures are the ones the Python expert computed before it decided here, to the last bit.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import objmode, typeof, types

from ai import _expert, _rollout
from ai._kernels import peg_figures
from ai.tables.evolved import two_lowest
from ai.tables.index import SPLITS, hand_index, multiset_index, sort_small
from ai.tables.weights_kernels import (
    choose_option,
    greedy_card,
    raw_strategy_values,
    scale_rows,
)
from engine.analysis import SPLITS as ENGINE_SPLITS
from engine.cards import FIVE
from engine.kernels import (
    CANDIDATE,
    COUNT,
    GO,
    HANDS,
    HELD,
    LAST,
    N_CRIBS,
    N_SEQ,
    N_UNSEEN,
    PLAY_STATE,
    SEATS,
    SEQ,
    analyze_six,
    card_fits,
    card_pip,
    held_card,
    kernel,
    peg_points_seq,
    rank_pip,
    score4,
    score5,
)
from engine.roles import DEALER, PONE
from engine.rules import DOUBLE_SKUNK_LINE, MAX_COUNT, SKUNK_LINE, WINNING_SCORE

RANDOM, HEURISTIC, EVOLVED, WEIGHTS, MUELLER, EXPERT = range(6)
KINDS = {"random": RANDOM, "heuristic": HEURISTIC, "evolved": EVOLVED, "weights": WEIGHTS,
         "mueller": MUELLER, "expert": EXPERT, "expert-2026": EXPERT,
         "expert-2026-11": EXPERT}
TOP = WINNING_SCORE - 1

# engine.analysis's splits of six cards: the kept four and the tossed two, by position
KEEP_INDEX = np.array([k for k, _ in ENGINE_SPLITS], dtype=np.int64)
TOSS_INDEX = np.array([t for _, t in ENGINE_SPLITS], dtype=np.int64)
N_STARTERS = N_UNSEEN  # the starters a hand's owner cannot see past

# Mueller's figures (ai.players.mueller, which names them): the score situations, the
# margin between them, the chance of the pure choice in the mixed strategy by situation, and
# the typical points per deal (Chambers, ACC tips 3 and 6) its end-game rules expect
OPTIMAL, SAFE, RISKY = 0, 1, 2
MARGIN = 15
LEAD_PAIR = np.array([0.65, 0.80, 0.50])  # leads from a pair, by situation
DECLINE_PAIR = np.array([0.50, 0.65, 0.35])  # declines to pair the opening lead
PONE_PEG, PONE_HAND, PONE_CRIB = 2.0, 8.1, 0.0
DEALER_PEG, DEALER_HAND, DEALER_CRIB = 3.5, 8.0, 4.7
# the discard's end-game rules (mueller_strategy's second figure), in the order they apply
(GAME_IN_HAND, NO_SKUNK_TO_WIN, CAN_REACH_GAME, PONE_REACHES_GAME, ESCAPE_SKUNK,
 ESCAPE_DOUBLE_SKUNK, BY_SCORE) = range(7)
# the mixed strategy's kinds (mueller_play's ``mixed[0]``)
NOT_MIXED, LEAD_FROM_PAIR, PAIR_THE_LEAD = -1, 0, 1

# The argument types of the explicit signatures (engine.kernels.kernel) that a signature
# string cannot name, taken by numba.typeof from a sample: the player's generator (every
# numpy Generator is one numba type) and, below, a seat's tables
GENERATOR = typeof(np.random.default_rng(0))
I, I1 = types.int64, types.int64[::1]
B, B1, F1, F2 = types.boolean, types.boolean[::1], types.float64[::1], types.float64[:, ::1]


# ---------------------------------------------------------------------------- discards
@kernel
def _hand_figures(six, keeps, tosses, hand_total, hand_min, hand_max, hand_hist):
    """Each split's kept hand over the 46 starters: the total, min, max and histogram."""
    for i in range(15):
        for j in range(4):
            keeps[i, j] = six[KEEP_INDEX[i, j]]
        tosses[i, 0] = six[TOSS_INDEX[i, 0]]
        tosses[i, 1] = six[TOSS_INDEX[i, 1]]
    seen = np.zeros(52, dtype=np.bool_)
    for c in six:
        seen[c] = True
    hand_hist[:] = 0
    for i in range(15):
        lo, hi, total = 99, -1, 0
        for c in range(52):
            if seen[c]:
                continue
            v = score5(keeps[i, 0], keeps[i, 1], keeps[i, 2], keeps[i, 3], c, False)
            total += v
            lo = min(lo, v)
            hi = max(hi, v)
            hand_hist[i, v] += 1
        hand_total[i], hand_min[i], hand_max[i] = total, lo, hi


@kernel
def _crib_figures(six, keeps, tosses, crib_mean, crib_min, crib_max):
    """Each split's exact crib over the 45,540 cribs (``engine.analysis``'s figures)."""
    _, _, hist = analyze_six(six, keeps, tosses)
    for i in range(15):
        total, lo, hi = 0, -1, 0
        for s in range(hist.shape[1]):
            if hist[i, s]:
                total += s * hist[i, s]
                if lo < 0:
                    lo = s
                hi = s
        crib_mean[i] = total / N_CRIBS
        crib_min[i], crib_max[i] = lo, hi


@kernel
def _analysis_order(hand_mean, crib_mean, my_crib, order):
    """``engine.analysis.analyze_discards``'s order: best net first, then the higher hand
    mean, then the split's own order."""
    net = np.empty(15)
    for i in range(15):
        net[i] = hand_mean[i] + (crib_mean[i] if my_crib else -crib_mean[i])
        order[i] = i
    for a in range(1, 15):  # insertion sort, stable
        x = order[a]
        b = a - 1
        while b >= 0 and (net[order[b]] < net[x] or (
                net[order[b]] == net[x] and hand_mean[order[b]] < hand_mean[x])):
            order[b + 1] = order[b]
            b -= 1
        order[b + 1] = x


@kernel
def random_toss(rng):
    """The random player: one of the 15 tosses in ``GameState.legal_actions`` order,
    (0, 1), (0, 2) ... (4, 5) by position in the dealt six."""
    k = rng.integers(0, 15)
    for a in range(6):
        for b in range(a + 1, 6):
            if k == 0:
                return a, b
            k -= 1
    return 4, 5


@kernel
def _hand_options(six):
    """The 15 keep/toss options of a six-card hand and the kept hands' exact figures over
    the 46 starters: (keeps, tosses, total, least, most, histogram)."""
    keeps = np.empty((15, 4), dtype=np.int64)
    tosses = np.empty((15, 2), dtype=np.int64)
    total = np.empty(15, dtype=np.int64)
    hmin = np.empty(15, dtype=np.int64)
    hmax = np.empty(15, dtype=np.int64)
    hist = np.empty((15, 30), dtype=np.int64)
    _hand_figures(six, keeps, tosses, total, hmin, hmax, hist)
    return keeps, tosses, total, hmin, hmax, hist


@kernel
def _crib_options(six, my_crib, keeps, tosses, hand_mean):
    """The options' crib figures (mean, least, most) and the options in the analysis
    order."""
    crib_mean = np.empty(15)
    cmin = np.empty(15, dtype=np.int64)
    cmax = np.empty(15, dtype=np.int64)
    _crib_figures(six, keeps, tosses, crib_mean, cmin, cmax)
    order = np.empty(15, dtype=np.int64)
    _analysis_order(hand_mean, crib_mean, my_crib, order)
    return crib_mean, cmin, cmax, order


@kernel
def _option_figures(six, my_crib):
    """The 15 keep/toss options of a six-card hand and their exact figures, as Mueller's
    and the expert's discards both start: (keeps, tosses, the hand's mean over the 46
    starters, its least and most, its histogram, the crib's mean, least and most, the
    options in the analysis order)."""
    keeps, tosses, total, hmin, hmax, hist = _hand_options(six)
    hand_mean = total / N_STARTERS
    crib_mean, cmin, cmax, order = _crib_options(six, my_crib, keeps, tosses, hand_mean)
    return keeps, tosses, hand_mean, hmin, hmax, hist, crib_mean, cmin, cmax, order


@kernel
def heuristic_toss(six, my_crib):
    """The best expected hand; ties to the larger expected crib as dealer, the smaller as
    pone, then the first in the analysis order. The crib is analysed only when hands tie."""
    keeps, tosses, total, _lo, _hi, _hist = _hand_options(six)
    best = 0
    tied = 0
    for i in range(15):
        if total[i] > total[best]:
            best, tied = i, 1
        elif total[i] == total[best]:
            tied += 1
    if tied == 1:
        return TOSS_INDEX[best, 0], TOSS_INDEX[best, 1]
    hand_mean = total / N_STARTERS
    crib_mean, _cmin, _cmax, order = _crib_options(six, my_crib, keeps, tosses, hand_mean)
    sign = 1.0 if my_crib else -1.0
    chosen = order[0]
    for j in range(1, 15):
        i = order[j]
        if hand_mean[i] > hand_mean[chosen] or (hand_mean[i] == hand_mean[chosen]
                                                and sign * crib_mean[i]
                                                > sign * crib_mean[chosen]):
            chosen = i
    return TOSS_INDEX[chosen, 0], TOSS_INDEX[chosen, 1]


@kernel
def _sorted_positions(six):
    """The six cards sorted (rank, then suit) and where each came from."""
    ordered = six.copy()
    where = np.arange(6)
    for a in range(1, 6):
        x, w = ordered[a], where[a]
        b = a - 1
        while b >= 0 and ordered[b] > x:
            ordered[b + 1], where[b + 1] = ordered[b], where[b]
            b -= 1
        ordered[b + 1], where[b + 1] = x, w
    return ordered, where


@kernel
def evolved_toss(six, my_crib, values):
    """The evolved table's six values of the suitless hand in its role; the two lowest
    (``ai.tables.evolved``)."""
    ordered, where = _sorted_positions(six)
    a, b = two_lowest(values[hand_index(ordered), DEALER if my_crib else PONE])
    return where[a], where[b]


@kernel
def weights_toss(six, my_crib, me, opp, W, fp, ip, gained_mean, gained_median, given_mean,
                 crib_rank_mean, raw, S, keeps, w):
    """The thesis's score-aware weights (``ai.players.weights``): the strategies' raw
    values and scaled matrix S (8 x 15, into ``raw`` and ``S``; ``keeps`` the kept four of
    each option, the six sorted) and the weights w at the board position (into ``w``);
    the option with the best w . S. Returns (the tossed positions, the option)."""
    ordered, where = _sorted_positions(six)
    raw_strategy_values(ordered, my_crib, crib_rank_mean, gained_mean, gained_median,
                        given_mean, raw, keeps)
    scale_rows(raw, S)
    d = DEALER if my_crib else PONE
    chosen = choose_option(W, d, min(TOP, me), min(TOP, opp), S, False, fp, ip,
                           np.zeros(15), w)
    return where[SPLITS[chosen, 0]], where[SPLITS[chosen, 1]], chosen


@kernel
def mueller_toss(six, my_crib, me, opp):
    """HALSCRIB's discard: the strategy by the end-game rules and the score, then the
    option with its best value (``ai.players.mueller``). Returns (the tossed positions,
    the strategy's number 1..7, the rule that chose it)."""
    keeps, tosses, hand_mean, hmin, hmax, hist, crib_mean, cmin, cmax, order = \
        _option_figures(six, my_crib)
    four = np.empty(15, dtype=np.int64)
    for i in range(15):
        four[i] = score4(keeps[i, 0], keeps[i, 1], keeps[i, 2], keeps[i, 3])
    number, rule = mueller_strategy(me, opp, my_crib, hand_mean, crib_mean, four)
    chosen = order[mueller_option(number, order, four, hmin, hand_mean, hmax, cmin,
                                  crib_mean, cmax)]
    return TOSS_INDEX[chosen, 0], TOSS_INDEX[chosen, 1], number, rule


@kernel
def mueller_option(number, order, four, hmin, hand_mean, hmax, cmin, crib_mean, cmax):
    """The option strategy ``number`` keeps: the best value, then its tie-break, then the
    first in ``order`` (the options' figures by option; returns a position in ``order``)."""
    chosen = -1
    b1 = b2 = 0.0
    for j in range(order.shape[0]):
        i = order[j]
        v1, v2 = mueller_value(number, four[i], hmin[i], hand_mean[i], hmax[i], cmin[i],
                               crib_mean[i], cmax[i])
        if chosen < 0 or v1 > b1 or (v1 == b1 and v2 > b2):
            chosen, b1, b2 = j, v1, v2
    return chosen


@kernel
def mueller_value(number, four, hmin, hand_mean, hmax, cmin, crib_mean, cmax):
    """Strategy ``number``'s value of an option and its tie-break (higher is better), from
    the option's four-card score, hand min, mean and max, crib min, mean and max."""
    if number == 1:
        return float(four), hand_mean
    if number == 2:
        return float(hmax - cmin), hand_mean
    if number == 3:
        return float(hmax + cmax), hand_mean
    if number == 4:
        return hand_mean - crib_mean, 0.0
    if number == 5:
        return hand_mean + crib_mean, hand_mean
    if number == 6:
        return hand_mean - cmax, float(hmin)
    return hand_mean + crib_mean, float(hmin)


@kernel
def mueller_strategy(me, opp, dealer, hand_mean, crib_mean, four):
    """The discard strategy's number 1..7 and the rule that chose it (``GAME_IN_HAND`` ..
    ``BY_SCORE``), from the options' expected hands and cribs and four-card scores."""
    best_show = -1e300
    best_four = 0
    for i in range(hand_mean.shape[0]):
        best_show = max(best_show, hand_mean[i] + (crib_mean[i] if dealer else 0.0))
        best_four = max(best_four, four[i])
    if dealer:
        my_expected = me + DEALER_PEG + best_show
        opp_expected = opp + PONE_PEG + PONE_HAND + PONE_CRIB
    else:
        my_expected = me + PONE_PEG + best_show
        opp_expected = opp + DEALER_PEG + DEALER_HAND + DEALER_CRIB
    safe, optimal, risky = (7, 5, 3) if dealer else (6, 4, 2)
    if me + best_four >= WINNING_SCORE:
        return 1, GAME_IN_HAND
    if dealer and my_expected >= WINNING_SCORE and (
            opp < SKUNK_LINE <= opp_expected or opp < DOUBLE_SKUNK_LINE <= opp_expected):
        return risky, NO_SKUNK_TO_WIN
    if my_expected >= WINNING_SCORE:
        return safe, CAN_REACH_GAME
    if dealer and opp_expected >= WINNING_SCORE:
        return risky, PONE_REACHES_GAME
    if not dealer and opp_expected >= WINNING_SCORE:
        if me < SKUNK_LINE <= my_expected:
            return safe, ESCAPE_SKUNK
        if me < DOUBLE_SKUNK_LINE <= my_expected:
            return safe, ESCAPE_DOUBLE_SKUNK
    situation = score_situation(me, opp)
    return (safe if situation == SAFE else risky if situation == RISKY else optimal), BY_SCORE


@kernel
def score_situation(me, opp):
    """Mueller's score situation: ``SAFE`` ahead by more than ``MARGIN``, ``RISKY`` behind
    by more, else ``OPTIMAL``."""
    if me - opp > MARGIN:
        return SAFE
    if me - opp < -MARGIN:
        return RISKY
    return OPTIMAL


@kernel
def toss_choice(kind, tables, rng, six, me, opp, my_crib):
    """Positions (in the dealt order of ``six``) of the two cards ``kind`` tosses."""
    if kind == RANDOM:
        return random_toss(rng)
    if kind == HEURISTIC:
        return heuristic_toss(six, my_crib)
    if kind == EVOLVED:
        return evolved_toss(six, my_crib, tables[0])
    if kind == WEIGHTS:
        a, b, _ = weights_toss(six, my_crib, me, opp, tables[1], tables[2], tables[3],
                               tables[4], tables[5], tables[6], tables[7],
                               np.empty((8, 15)), np.empty((8, 15)),
                               np.empty((15, 4), dtype=np.int64), np.empty(8))
        return a, b
    if kind == MUELLER:
        a, b, _, _ = mueller_toss(six, my_crib, me, opp)
        return a, b
    a, b, _ = expert_toss(six, my_crib, me, opp, tables[8], np.empty((3, 15)))
    return a, b


# ---------------------------------------------------------------------------- the play
@kernel("(int64[::1], int64, boolean[::1])")
def _fits(state, seat, legal):
    """``legal[i]``: whether the ``i``-th card held fits; returns how many do."""
    n = 0
    for i in range(state[HELD + seat]):
        legal[i] = card_fits(state, seat, i)
        n += legal[i]
    return n


@kernel("(int64[::1], int64, int64, int64[::1])")
def _points_now(state, seat, i, buf):
    n = state[N_SEQ]
    buf[:n] = state[SEQ:SEQ + n]
    buf[n] = held_card(state, seat, i)
    return peg_points_seq(buf, n + 1)


@kernel("(int64[::1], int64, int64)")
def _rank_held(state, seat, rank):
    n = 0
    for j in range(state[HELD + seat]):
        n += held_card(state, seat, j) >> 2 == rank
    return n


@kernel("(int64[::1], int64, boolean[::1], int64[:, ::1])")
def heuristic_play(state, seat, legal, figures):
    """``ai.players.heuristic``'s rules in order, each narrowing the pool, until one rank
    is left (or the last rule): the first card of the pool in hand order. Returns (its
    position, the rule that decided, 0..4: ``heuristic.RULES``); ``figures[:, i]`` of the
    ``i``-th card held: the points it scores now, whether it makes fifteen, whether it is a
    lead from a pair (not fives), whether it is dangerous (leads a five, or leaves 5 or
    21)."""
    held = state[HELD + seat]
    count = state[COUNT]
    leading = state[N_SEQ] == 0
    buf = np.empty(9, dtype=np.int64)
    keys = np.zeros((5, 4), dtype=np.int64)
    pool = legal.copy()
    for i in range(held):
        if not legal[i]:
            continue
        card = held_card(state, seat, i)
        rank = card >> 2
        after = count + card_pip(card)
        points = _points_now(state, seat, i, buf)
        dangerous = (leading and rank == FIVE) or after == 5 or after == 21
        from_pair = leading and _rank_held(state, seat, rank) >= 2 and rank != FIVE
        figures[0, i], figures[1, i] = points, after == 15
        figures[2, i], figures[3, i] = from_pair, dangerous
        keys[0, i] = points
        keys[1, i] = after == 15
        keys[2, i] = from_pair
        keys[3, i] = (not dangerous) if points == 0 else 1
        keys[4, i] = card_pip(card) * 16 + rank
    for rule in range(5):
        best = -1
        for i in range(held):
            if pool[i] and keys[rule, i] > best:
                best = keys[rule, i]
        first, one_rank = -1, True
        for i in range(held):
            if pool[i] and keys[rule, i] != best:
                pool[i] = False
            if pool[i]:
                if first < 0:
                    first = i
                elif held_card(state, seat, i) >> 2 != held_card(state, seat, first) >> 2:
                    one_rank = False
        if one_rank or rule == 4:
            return first, rule
    return -1, 4


@kernel("(int64[::1], int64, boolean[::1])")
def evolved_play(state, seat, legal):
    """Kendall & Shaw's pegger: fifteen, a lead from a pair, else the first card. Returns
    (its position, the rule: 0 fifteen, 1 a lead from a pair, 2 the first card)."""
    held = state[HELD + seat]
    for i in range(held):
        if legal[i] and state[COUNT] + card_pip(held_card(state, seat, i)) == 15:
            return i, 0
    if state[N_SEQ] == 0:
        for i in range(held):
            if legal[i] and _rank_held(state, seat, held_card(state, seat, i) >> 2) >= 2:
                return i, 1
    for i in range(held):
        if legal[i]:
            return i, 2
    return -1, 2


@kernel("(int64[::1], int64)")
def weights_play(state, seat):
    """The thesis's greedy pegger: the card that fits scoring the most now, ties to the
    highest card (``weights_kernels.greedy_card``, the training's own)."""
    held = state[HELD + seat]
    hand = np.empty(4, dtype=np.int64)
    for i in range(held):
        hand[i] = held_card(state, seat, i)
    seq = np.empty(9, dtype=np.int64)
    n = state[N_SEQ]
    seq[:n] = state[SEQ:SEQ + n]
    return greedy_card(hand, held, seq, n, state[COUNT])


@kernel("(int64[::1], int64[::1], int64, int64)")
def _unseen_cards(six, played, n_played, starter):
    """The cards the holder of ``six`` has not seen, in order (``Observation.unseen``)."""
    seen = np.zeros(52, dtype=np.bool_)
    for c in six:
        seen[c] = True
    for i in range(n_played):
        seen[played[i]] = True
    seen[starter] = True
    out = np.empty(52 - seen.sum(), dtype=np.int64)
    k = 0
    for c in range(52):
        if not seen[c]:
            out[k] = c
            k += 1
    return out


@kernel("(int64, int64, int64, float64[::1], float64[::1], float64[::1], float64[::1])")
def _better(strategy, a, b, immediate, expected, max_net, max_opp):
    """Whether figure ``a`` beats ``b`` under the pure strategy (``mueller.choose_play``)."""
    if strategy == SAFE:
        return -max_opp[a] > -max_opp[b] or (max_opp[a] == max_opp[b]
                                              and expected[a] > expected[b])
    if strategy == RISKY:
        return max_net[a] > max_net[b] or (max_net[a] == max_net[b]
                                           and expected[a] > expected[b])
    return expected[a] > expected[b] or (expected[a] == expected[b]
                                         and immediate[a] > immediate[b])


@kernel
def mueller_pure(strategy, take, immediate, expected, max_net, max_opp):
    """The card the pure strategy picks among those ``take`` allows (the first best)."""
    chosen = -1
    for i in range(take.shape[0]):
        if take[i] and (chosen < 0 or _better(strategy, i, chosen, immediate, expected,
                                               max_net, max_opp)):
            chosen = i
    return chosen


@kernel((I1, I, B1, GENERATOR, I, I, I1, I, I1, I, F2, F1))
def mueller_play(state, seat, legal, rng, me, opp, six, starter, played, n_played, figures,
                 mixed):
    """HALSCRIB's play (``ai.players.mueller``): each card's figures (``ai._kernels.
    peg_figures``, into ``figures[:, i]``: immediate, expected, max net, max reply), the
    pure strategy by the score, and the mixed strategy's roll on the opening lead with a
    pair and on the reply that could pair it (``mixed``: its kind, ``NOT_MIXED`` when no
    roll; the chance of the pure choice; the roll). Returns the card's position."""
    held = state[HELD + seat]
    hand = np.empty(held, dtype=np.int64)
    for i in range(held):
        hand[i] = held_card(state, seat, i)
    unseen = np.zeros(13, dtype=np.int64)
    for c in _unseen_cards(six, played, n_played, starter):
        unseen[c >> 2] += 1
    n = state[N_SEQ]
    seq = state[SEQ:SEQ + n].copy()
    immediate, expected, max_net, max_opp = peg_figures(
        seq, state[COUNT], hand, legal[:held], unseen, state[HELD + 1 - seat])
    for i in range(held):
        figures[0, i], figures[1, i] = immediate[i], expected[i]
        figures[2, i], figures[3, i] = max_net[i], max_opp[i]
    strategy = score_situation(me, opp)
    # the mixed strategy: the opening lead with a pair, and pairing the opening lead
    group = np.zeros(held, dtype=np.bool_)  # the pure choice's cards
    kind = NOT_MIXED
    p_pure = 0.0
    if n_played == 0:
        for i in range(held):
            if legal[i]:
                same = 0
                for j in range(held):
                    same += legal[j] and hand[j] >> 2 == hand[i] >> 2
                group[i] = same >= 2
        kind, p_pure = LEAD_FROM_PAIR, LEAD_PAIR[strategy]
    elif n_played == 1:
        for i in range(held):
            group[i] = legal[i] and hand[i] >> 2 == played[0] >> 2
        kind, p_pure = PAIR_THE_LEAD, 1.0 - DECLINE_PAIR[strategy]
    if kind != NOT_MIXED:
        n_pure, n_other = 0, 0
        for i in range(held):
            if legal[i]:
                n_pure += group[i]
                n_other += not group[i]
        if n_pure == 0 or n_other == 0:
            kind = NOT_MIXED
    take = legal[:held].copy()
    mixed[0] = kind
    if kind != NOT_MIXED:
        roll = rng.random()
        deviated = roll >= p_pure
        mixed[1], mixed[2] = p_pure, roll
        for i in range(held):
            take[i] = legal[i] and group[i] != deviated
    return mueller_pure(strategy, take, immediate, expected, max_net, max_opp)


@kernel
def random_play(rng, legal, held):
    """The random player: one of the cards that fit (``legal[:held]``), uniformly."""
    n = 0
    for i in range(held):
        n += legal[i]
    pick = rng.integers(0, n)
    for i in range(held):
        if legal[i]:
            if pick == 0:
                return i
            pick -= 1
    return -1


@kernel
def _smallest(keys, k, out):
    """The positions of the ``k`` smallest ``keys``, in increasing position (the set
    ``np.argpartition(keys, k - 1)[:k]`` holds, for keys without ties)."""
    for t in range(k):  # the first k, kept sorted by key
        j = t
        while j > 0 and keys[out[j - 1]] > keys[t]:
            out[j] = out[j - 1]
            j -= 1
        out[j] = t
    for i in range(k, keys.shape[0]):
        if keys[i] < keys[out[k - 1]]:
            j = k - 1
            while j > 0 and keys[out[j - 1]] > keys[i]:
                out[j] = out[j - 1]
                j -= 1
            out[j] = i
    out[:k].sort()


# ---------------------------------------------------------------------------- the expert
# ai.players.expert's constants and tables
END_GAME = 86  # from here on, the play is for the objective, not for points
KEEP_BETA = 0.6  # how strongly the opponent is taken to keep good hands (by default)
POINTS, OBJECTIVE = 0, 1  # what the play's values measure (expert_play's modes)


class ExpertKernelTables(NamedTuple):
    """What the expert decides from, one typed record from the player
    (``Expert2026Player.kernel_tables``) to the kernels (numba types it as a named tuple
    of arrays, so every expert and the placeholders share one compiled copy)."""

    W: np.ndarray  # the objective's value table by board position (ai.tables.expert)
    crib_model: np.ndarray  # the expected crib by role and the two ranks tossed
    peg_net: np.ndarray  # the 2026 expert's pegging figure by kept rank hand and role
    heels: np.ndarray  # the deal samples behind a discard's chance of winning: his heels,
    peg_role: np.ndarray  # who pegged,
    peg_pts: np.ndarray  # the points pegged,
    n_peg: np.ndarray  # how many pegging events,
    pone_hand: np.ndarray  # the pone's hand,
    dealer_hand: np.ndarray  # the dealer's hand,
    crib: np.ndarray  # and the crib
    discard_samples: np.ndarray  # which deal samples a discard uses
    discard_u: np.ndarray  # their fixed uniform draws
    mean_crib: np.ndarray  # (1,) the samples' mean crib
    play_samples: np.ndarray  # (1,) opponent hands sampled in the play
    pegging_V: np.ndarray  # the new expert's pegging table (ai.tables.expert_pegging),
    hand_counts: np.ndarray  # its hands' card combinations,
    hand_weight: np.ndarray  # and their keep weights
    version: np.ndarray  # (1 for the new expert, else 0; its pegging scale; its play
    # temperature, 0: off; the keep beta of the opponent's hands; then, when present, the
    # score from which it plays for the win, 1 when its next card is pooled (2: the next
    # two), 1 when it reads every count the opponent passed, the opponent hands resampled
    # from F times as many, F, or 0: none)
    rollout_keys: np.ndarray  # expert:roll's fixed keys of the opponent sixes (none: none)
    blind_keys: np.ndarray  # expert:blind's fixed keys of the hands it is imagined to hold
    # the keep model by role (ai.tables.keep_model, (2, 1820)): what the opponent kept, read
    # from what it must have thrown; (1, 1): none, the plain keep weights
    keep_post: np.ndarray
    # the toss model (ai.tables.expert's toss_q, (2, 13, 13)) for the crib given my six
    # (ai._expert.crib_given_six); (1, 1, 1): none, the crib model by the two thrown
    toss_q: np.ndarray


EXPERT_TABLES = ExpertKernelTables._fields


def _placeholder_tables() -> tuple:
    """A seat's tables for a player that needs none of them (the module docstring's
    tuple): small arrays of the types the real tables have."""
    f1, f2, f3 = np.zeros(1), np.zeros((1, 1)), np.zeros((1, 1, 1))
    i1, i2 = np.zeros(1, dtype=np.int64), np.zeros((1, 1), dtype=np.int64)
    expert = ExpertKernelTables(f3, f3, f2, i1, i2, i2, i1, i1, i1, i1, i1, f1, f1, i1,
                                np.zeros((1, 1), dtype=np.int8), i2, f1, np.zeros(4),
                                np.zeros((0, 52)), np.zeros((0, 52)), f2, f3)
    return (f3, np.zeros((1, 1, 1, 1)), f1, i1, f2, f2, f2, f2, expert)


PLACEHOLDER_TABLES = _placeholder_tables()
TABLES = typeof(PLACEHOLDER_TABLES)  # a seat's tables, as the compiled loop hands them
EXPERT = TABLES[8]  # ExpertKernelTables


def _rounded(win):
    """Python's ``round(w, 9)`` of each win probability (decimal rounding)."""
    return np.array([round(float(w), 9) for w in win])


def _centred(values):
    """``values - values.mean()``, numpy's own sum."""
    return values - values.mean()


def _weighted(out, weights):
    """``out @ (weights / weights.sum())``, numpy's own sum and product."""
    return np.ascontiguousarray(out) @ (weights / weights.sum())


@kernel
def expert_toss(six, my_crib, me, opp, x, figures):
    """``ExpertPlayer.discard``: the best chance of winning, equal chances (to 1e-9) to the
    better expected net, then the first in the analysis order. ``figures`` (3, 15): each
    option's crib, pegging and value (the chance of winning), in the analysis order.
    Returns (the tossed positions, the option's place in the analysis order)."""
    W, crib_model, V, version, rollout_keys = (x.W, x.crib_model, x.pegging_V, x.version,
                                               x.rollout_keys)
    keeps, tosses, hand_mean, hmin, hmax, hist, crib_mean, cmin, cmax, order = \
        _option_figures(six, my_crib)
    role = DEALER if my_crib else PONE
    crib_a = np.empty(15)
    peg_a = np.empty(15)
    hist_o = np.empty((15, 30), dtype=np.int64)
    kept = np.empty(4, dtype=np.int64)
    keep_index = np.empty(15, dtype=np.int64)
    for j in range(15):
        i = order[j]
        x0, y0 = tosses[i, 0] >> 2, tosses[i, 1] >> 2
        if x.toss_q.shape[1] == 13:  # the crib given my six
            crib_a[j] = _expert.crib_given_six(six >> 2, min(x0, y0), max(x0, y0),
                                               x.toss_q[1 - role])
        else:
            crib_a[j] = crib_model[role, min(x0, y0), max(x0, y0)]
        kept[:] = keeps[i]
        kept.sort()
        keep_index[j] = hand_index(kept)
        peg_a[j] = x.peg_net[keep_index[j], role]
        hist_o[j] = hist[i]
    if version[0] == 1.0:  # the new expert: the pegging table over the opponent's hands
        hand_weight = x.hand_weight
        if x.keep_post.shape[1] > 1:  # the keep model: by the opponent's role
            hand_weight = x.keep_post[1 - role]
        _expert.option_pegging(six >> 2, keep_index, my_crib, V, x.hand_counts,
                               hand_weight, version[1], peg_a)
    with objmode(peg_shift="float64[:]"):  # (objmode outside any branch: numba needs it)
        peg_shift = _centred(peg_a)
    win = np.zeros(15)
    if rollout_keys.shape[0] > 0:  # expert:roll: deals played out (ai._rollout)
        sorted_six = np.sort(six)
        opp_sixes = np.empty((rollout_keys.shape[0], 6), dtype=np.int64)
        _rollout.opponent_sixes(sorted_six, rollout_keys, opp_sixes)
        keeps_o = np.empty((15, 4), dtype=np.int64)
        tosses_o = np.empty((15, 2), dtype=np.int64)
        for j in range(15):
            keeps_o[j] = keeps[order[j]]
            tosses_o[j] = tosses[order[j]]
        hand_roll = np.empty(15)
        _rollout.rollout_values(sorted_six, keeps_o, tosses_o, role, me, opp, opp_sixes,
                                crib_model, W, win, peg_a, crib_a, hand_roll)
    else:
        _expert.option_win_probs(me, opp, role, hist_o, crib_a - x.mean_crib[0], peg_shift,
                                 x.discard_samples, x.discard_u, x.heels, x.peg_role,
                                 x.peg_pts, x.n_peg, x.pone_hand, x.dealer_hand, x.crib, W,
                                 win)
    with objmode(rounded="float64[:]"):
        rounded = _rounded(win)
    sign = 1.0 if my_crib else -1.0
    chosen, best_net = -1, 0.0
    for j in range(15):
        net = hand_mean[order[j]] + sign * crib_a[j] + peg_a[j]
        if chosen < 0 or rounded[j] > rounded[chosen] or (rounded[j] == rounded[chosen]
                                                          and net > best_net):
            chosen, best_net = j, net
        figures[0, j], figures[1, j], figures[2, j] = crib_a[j], peg_a[j], win[j]
    i = order[chosen]
    return TOSS_INDEX[i, 0], TOSS_INDEX[i, 1], chosen


@kernel("(int64[::1], int64, boolean[::1])")
def expert_candidates(state, seat, legal):
    """The ranks that fit, ascending (cards of a rank play alike), and the position of
    each rank's first card held (-1: none), by rank."""
    first_of_rank = np.full(13, -1, dtype=np.int64)
    n_ranks = 0
    for i in range(state[HELD + seat]):
        if legal[i]:
            r = held_card(state, seat, i) >> 2
            if first_of_rank[r] < 0:
                first_of_rank[r] = i
                n_ranks += 1
    candidates = np.empty(n_ranks, dtype=np.int64)
    m = 0
    for r in range(13):
        if first_of_rank[r] >= 0:
            candidates[m] = r
            m += 1
    return candidates, first_of_rank


@kernel
def _their_played_ranks(seat, played, played_by, n_played):
    """The ranks the opponent of ``seat`` has played this deal, in order."""
    known = np.empty(4, dtype=np.int64)
    n_known = 0
    for t in range(n_played):
        if played_by[t] != seat:
            known[n_known] = played[t] >> 2
            n_known += 1
    return known[:n_known]


@kernel((I1, I, I1, I1, I))
def their_room(state, seat, played, played_by, n_played):
    """The most room the opponent of ``seat`` could not play into this deal: every card it
    holds now has more pips than this (-1: nothing known). The play so far says where: the
    opponent did not answer my card at a count (my next card followed in the same count,
    or I am to play again now), or a count closed below 31 while it held cards (it holds
    some now, so it held these then, and a player plays when a card fits). A count closes
    only when no one can play, so the next card never fits the closed one: that is how
    the counts are told apart here."""
    room = -1
    count = 0
    for t in range(n_played):
        c = played[t]
        if count == MAX_COUNT or count + card_pip(c) > MAX_COUNT:  # a new count had begun
            count = 0
        count += card_pip(c)
        if t + 1 < n_played:
            nxt = played[t + 1]
            closed = count == MAX_COUNT or count + card_pip(nxt) > MAX_COUNT
            passed = closed or (played_by[t] == seat and played_by[t + 1] == seat)
        else:  # the last card played: I am to play now
            closed = state[N_SEQ] == 0
            passed = closed or played_by[t] == seat
        if passed and count < MAX_COUNT:
            room = max(room, MAX_COUNT - count)
    return room


@kernel((I1, I, GENERATOR, I1, I, I1, I1, I, I, F1))
def opponent_sample(state, seat, rng, six, starter, played, played_by, n_played, samples,
                     version):
    """The opponent's remaining cards, sampled from the cards not seen (consistent with a
    go it said: none of them fits), ``samples`` of them (one empty hand when it holds
    none), and each sample's weight (unnormalised): how likely a sensible player kept them
    (``version[3]``, the keep beta), and with the new expert's play temperature
    (``version[2]``, 0: off) how likely its plays so far were with them."""
    k = state[HELD + 1 - seat]
    if k == 0:
        return np.zeros((1, 0), dtype=np.int64), np.ones(1)
    unseen = _unseen_cards(six, played, n_played, starter)
    pool = unseen
    room = -1
    if version.shape[0] > 6 and version[6] > 0.0:  # every count the opponent passed
        room = their_room(state, seat, played, played_by, n_played)
    elif state[GO + 1 - seat] and state[N_SEQ] > 0:  # its go in this count
        room = MAX_COUNT - state[COUNT]
    if room >= 0:
        keep = np.zeros(unseen.shape[0], dtype=np.bool_)
        for t in range(unseen.shape[0]):
            keep[t] = card_pip(unseen[t]) > room
        pool = unseen[keep]
        if pool.shape[0] < k:
            pool = unseen
    keys = rng.random((samples, pool.shape[0]))
    picked = np.empty(k, dtype=np.int64)
    cards = np.empty((samples, k), dtype=np.int64)
    for j in range(samples):
        if k < pool.shape[0]:
            _smallest(keys[j], k, picked)  # the k smallest keys (argpartition's set)
            for t in range(k):
                cards[j, t] = pool[picked[t]]
        else:
            for t in range(k):
                cards[j, t] = pool[t]
    weights = np.zeros(samples)
    _expert.keep_weights(_their_played_ranks(seat, played, played_by, n_played), cards >> 2,
                         samples, version[3], weights)
    if version[0] == 1.0 and 0.0 < version[2] < np.inf and n_played > 0:
        # the new expert reads the plays too
        _expert.play_likelihoods(played, played_by, n_played, seat, cards >> 2, k,
                                 version[2], weights)
    return cards, weights


@kernel
def weighed_sample(state, seat, rng, my_crib, six, starter, played, played_by, n_played,
                   samples, version, keep_post):
    """The opponent's remaining cards as the play searches them, and their weights: drawn
    (``opponent_sample``) and weighed by the keep model (``keep_post``, when it has one).
    With ``version[7]`` = F > 1, F times as many are drawn and weighed, and ``samples`` of
    them are drawn again by weight (systematic resampling; weights then equal): the search
    meets the likely hands more often, not the unlikely ones at small weights."""
    factor = int(version[7]) if version.shape[0] > 7 else 0
    draw = samples * factor if factor > 1 else samples
    cards, weights = opponent_sample(state, seat, rng, six, starter, played, played_by,
                                     n_played, draw, version)
    if keep_post.shape[1] > 1:  # the keep model, by the opponent's role
        keep_model_weights(seat, my_crib, played, played_by, n_played, cards, keep_post,
                           version[2], weights)
    if factor <= 1 or cards.shape[0] <= samples:
        return cards, weights
    total = weights.sum()
    picked = np.empty((samples, cards.shape[1]), dtype=np.int64)
    u = rng.random() / samples
    cumulative = weights[0] / total
    j = 0
    for t in range(samples):
        target = u + t / samples
        while cumulative < target and j < cards.shape[0] - 1:
            j += 1
            cumulative += weights[j] / total
        picked[t] = cards[j]
    return picked, np.ones(samples)


@kernel
def keep_model_weights(seat, my_crib, played, played_by, n_played, cards, keep_post,
                       temperature, weights):
    """Each sampled opponent hand's weight (``cards``: its cards not yet played) from the
    keep model (``ai.tables.keep_model``) of the opponent's role, its played cards and the
    sample's making the four it kept (replacing the plain keep weights), times how likely
    its plays so far were with it at the play ``temperature`` (0: not read)."""
    row = keep_post[PONE if my_crib else DEALER]  # the opponent's role
    known = _their_played_ranks(seat, played, played_by, n_played)
    n_known = known.shape[0]
    k = cards.shape[1]
    if n_known + k != 4:
        return
    # the opponent as pone led this deal's first card (keep_post's rows 2-5: lead chances),
    # or as dealer answered my lead (rows 6-57: reply chances, row 6 + 4 x my lead's rank
    # + its card's position)
    lead = played[0] >> 2 if (keep_post.shape[0] > 2 and my_crib and n_played > 0
                              and played_by[0] != seat) else -1
    reply = played[1] >> 2 if (keep_post.shape[0] > 6 and not my_crib and n_played > 1
                               and played_by[0] == seat and played_by[1] != seat) else -1
    four = np.empty(4, dtype=np.int64)
    for j in range(cards.shape[0]):
        four[:n_known] = known
        for t in range(k):
            four[n_known + t] = cards[j, t] >> 2
        sort_small(four)
        a = multiset_index(four)
        weights[j] = row[a]
        if lead >= 0:  # the pone's opening lead, read by its lead values
            t = 0
            while four[t] != lead:
                t += 1
            weights[j] *= keep_post[2 + t, a]
        if reply >= 0:  # the dealer's answer to my lead, read by its reply values
            t = 0
            while four[t] != reply:
                t += 1
            weights[j] *= keep_post[6 + 4 * (played[0] >> 2) + t, a]
    if 0.0 < temperature < np.inf and n_played > 0:
        _expert.play_likelihoods(played, played_by, n_played, seat, cards >> 2, k,
                                 temperature, weights)


@kernel("(int64, boolean, int64, int64, int64[::1], int64[::1], int64, int64[::1], int64[::1], "
        "int64, int64[:, ::1], int64, float64[:, :, ::1], int64[::1], int64[::1])")
def _win_context(seat, my_crib, me, opp, six, toss, starter, played, played_by, n_played,
                 cards, k, crib_model, ctx, opp_pts):
    """The search's context for the objective: the scores, the role, my hand's show, each
    sampled opponent hand's show (``opp_pts``) and the crib's expectation."""
    kept = np.empty(4, dtype=np.int64)
    m = 0
    for c in six:
        if c != toss[0] and c != toss[1]:
            kept[m] = c
            m += 1
    role = DEALER if my_crib else PONE
    ctx[0], ctx[1], ctx[2] = 1, me, opp
    ctx[3] = role
    ctx[4] = score5(kept[0], kept[1], kept[2], kept[3], starter, False)
    theirs_played = np.empty(4, dtype=np.int64)
    m = 0
    for t in range(n_played):
        if played_by[t] != seat:
            theirs_played[m] = played[t]
            m += 1
    hand = np.empty(4, dtype=np.int64)
    for j in range(cards.shape[0]):
        hand[:m] = theirs_played[:m]
        hand[m:] = cards[j, :k]
        opp_pts[j] = score5(hand[0], hand[1], hand[2], hand[3], starter, False)
    x0, y0 = toss[0] >> 2, toss[1] >> 2
    ctx[6] = int(np.rint(crib_model[role, min(x0, y0), max(x0, y0)]))


@kernel
def _weighted_values(out, weights):
    with objmode(values="float64[:]"):
        values = _weighted(out, weights)
    return values


@kernel((I1, I, GENERATOR, B, I, I, I1, I1, I, I1, I1, I, EXPERT, I1, I1, F2))
def expert_evaluate(state, seat, rng, my_crib, me, opp, six, toss, starter, played,
                    played_by, n_played, x, candidates, modes, values):
    """The value of each candidate rank (``expert_candidates``) in each of ``modes``
    (``POINTS``: net pegging points to the end of the play; ``OBJECTIVE``: the chance of
    winning, the show counted in order, or what the table ``W`` values), into
    ``values[m, :n]``, all from one draw of the opponent's cards: search the rest of the
    play over the sampled hands and average by their weights. Returns the samples'
    weights (unnormalised)."""
    W, crib_model, samples = x.W, x.crib_model, x.play_samples[0]
    version, blind_keys = x.version, x.blind_keys
    k = state[HELD + 1 - seat]
    held = state[HELD + seat]
    mine = np.empty(held, dtype=np.int64)
    for i in range(held):
        mine[i] = held_card(state, seat, i) >> 2
    cards, weights = weighed_sample(state, seat, rng, my_crib, six, starter, played,
                                    played_by, n_played, samples, version, x.keep_post)
    n = cards.shape[0]
    theirs = cards >> 2
    seq = np.empty(state[N_SEQ], dtype=np.int64)
    for t in range(state[N_SEQ]):
        seq[t] = (state[SEQ + t] >> 2) * 4
    n_ranks = candidates.shape[0]
    for m in range(modes.shape[0]):
        ctx = np.zeros(7, dtype=np.int64)
        opp_pts = np.zeros(n, dtype=np.int64)
        if modes[m] == OBJECTIVE:
            _win_context(seat, my_crib, me, opp, six, toss, starter, played, played_by,
                         n_played, cards, k, crib_model, ctx, opp_pts)
        out = np.zeros((n_ranks, n))
        if modes[m] == POINTS and blind_keys.shape[0] > 0 and k > 0:  # expert:blind
            hidden = np.full(13, 4, dtype=np.int64)  # what the opponent cannot see
            for t in range(n_played):
                hidden[played[t] >> 2] -= 1
            hidden[starter >> 2] -= 1
            views = np.zeros((n, n_ranks, blind_keys.shape[0], max(1, held - 1)),
                             dtype=np.int64)
            _expert.opponent_views(hidden, theirs, k, candidates, held - 1, blind_keys,
                                   views)
            _expert.blind_play_values(mine, theirs, k, seq, state[COUNT], candidates, views,
                                      out)
        elif version.shape[0] > 5 and version[5] > 0.0 and k > 0:  # my next card unseen
            _expert.fused_play_values(mine, theirs, k, seq, state[COUNT], candidates, ctx,
                                      opp_pts, W, weights, values[m, :n_ranks],
                                      np.int64(version[5]))
            continue
        else:
            _expert.play_values(mine, theirs, k, seq, state[COUNT], candidates, ctx,
                                opp_pts, W, out)
        values[m, :n_ranks] = _weighted_values(out, weights)
    return weights


@kernel
def expert_pick(values, candidates):
    """The candidate with the most value, ties to the higher pip (then the lower rank)."""
    best = 0
    for c in range(1, candidates.shape[0]):
        if values[c] > values[best] or (values[c] == values[best] and rank_pip(
                candidates[c]) > rank_pip(candidates[best])):
            best = c
    return best


@kernel((I1, I, B1, GENERATOR, B, I, I, I1, I1, I, I1, I1, I, EXPERT, F2))
def expert_play(state, seat, legal, rng, my_crib, me, opp, six, toss, starter, played,
                played_by, n_played, x, values):
    """``ExpertPlayer.play``: one rank that fits, its first card; else the values of each
    rank (``expert_evaluate``, into ``values[0]``) in points before either player reaches
    ``END_GAME``, for the objective from there, and the best (``expert_pick``). Returns
    (the card's position, the mode, the samples' weights: none when one rank fits)."""
    candidates, first_of_rank = expert_candidates(state, seat, legal)
    if candidates.shape[0] == 1:
        return first_of_rank[candidates[0]], POINTS, np.zeros(0)
    end_game = x.version[4] if x.version.shape[0] > 4 else END_GAME
    mode = OBJECTIVE if max(me, opp) >= end_game else POINTS
    modes = np.full(1, mode, dtype=np.int64)
    weights = expert_evaluate(state, seat, rng, my_crib, me, opp, six, toss, starter, played,
                              played_by, n_played, x, candidates, modes, values)
    best = expert_pick(values[0, :candidates.shape[0]], candidates)
    return first_of_rank[candidates[best]], mode, weights


@kernel((I, TABLES, GENERATOR, I1, I, I, I, I, I1, I1, I, I1, I1, I))
def play_choice(kind, tables, rng, state, seat, dealer, me, opp, six, toss, starter, played,
                played_by, n_played):
    """The position (among the cards ``seat`` holds, in order) of the card ``kind`` plays;
    at least one card fits. ``six``: the seat's dealt cards, ``toss`` the two it tossed;
    ``played[:n_played]`` the cards played so far in the deal, by ``played_by``."""
    legal = np.zeros(4, dtype=np.bool_)
    _fits(state, seat, legal)
    if kind == RANDOM:
        return random_play(rng, legal, state[HELD + seat])
    if kind == HEURISTIC:
        return heuristic_play(state, seat, legal, np.empty((4, 4), dtype=np.int64))[0]
    if kind == EVOLVED:
        return evolved_play(state, seat, legal)[0]
    if kind == WEIGHTS:
        return weights_play(state, seat)
    if kind == MUELLER:
        return mueller_play(state, seat, legal, rng, me, opp, six, starter, played, n_played,
                            np.empty((4, 4)), np.empty(3))
    return expert_play(state, seat, legal, rng, seat == dealer, me, opp, six, toss, starter,
                       played, played_by, n_played, tables[8], np.empty((1, 13)))[0]


# ---------------------------------------------------------------------------- the players' view
# The Python players (ai.players) decide by calling the kernels above on what their
# observation shows, in the arrays the compiled loop hands them.
def dealt_of(obs) -> np.ndarray:
    """The seat's six dealt cards, in the dealt order (the order of its legal tosses)."""
    return np.array(obs.dealt, dtype=np.int64)


def toss_of_positions(obs, a: int, b: int) -> tuple[int, int]:
    """The two dealt cards at positions ``a`` and ``b``."""
    return int(obs.dealt[a]), int(obs.dealt[b])


def play_state(obs) -> tuple[np.ndarray, np.ndarray]:
    """The play's state (``engine.kernels``) as ``obs.seat`` sees it (the count and its
    cards, the goes, the cards it holds in hand order, how many the opponent holds; the
    opponent's cards unknown, left 0), and which held cards fit."""
    state = np.zeros(PLAY_STATE, dtype=np.int64)
    seat = obs.seat
    state[COUNT] = obs.count
    state[N_SEQ] = len(obs.current)
    for t, (_, card) in enumerate(obs.current):
        state[SEQ + t] = card
    state[GO], state[GO + 1] = obs.go_said
    state[LAST] = obs.current[-1][0] if obs.current else -1
    state[CANDIDATE] = seat
    state[SEATS] = 2
    state[HELD + seat] = len(obs.hand)
    state[HELD + 1 - seat] = obs.opponent_cards_left
    for i, card in enumerate(obs.hand):
        state[HANDS + 4 * seat + i] = card
    legal = np.zeros(4, dtype=np.bool_)
    _fits(state, seat, legal)
    return state, legal


def deal_seen(obs) -> tuple[np.ndarray, np.ndarray, int, np.ndarray, np.ndarray, int]:
    """What ``obs.seat`` has seen of the deal, as the compiled loop hands it to the play's
    kernels: its six dealt cards, the two it tossed (0, 0 before), the starter (0 before),
    the cards played in the deal and by whom (8 each), and how many."""
    played = np.zeros(8, dtype=np.int64)
    played_by = np.zeros(8, dtype=np.int64)
    for t, (seat, card) in enumerate(obs.played):
        played[t], played_by[t] = card, seat
    toss = np.array(obs.toss if obs.toss is not None else (0, 0), dtype=np.int64)
    starter = obs.starter if obs.starter is not None else 0
    return dealt_of(obs), toss, starter, played, played_by, len(obs.played)
