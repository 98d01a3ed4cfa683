"""The expert's decisions in the variants (three or four players, five cards), compiled.

The two-player six-card expert (``ai._decide``, ``ai._expert``) stands on tables built for
that game. In a variant the expert judges each option by playing the deal out over sampled
cards, on the engine's own play steps (``engine._play``, which seat two to four), and weighs
the sides' points by the variant's win table (``ai.tables.variant_win``):

- **Weights.** A point of each side is worth ``weights[side]`` to this one (its own 1, the
  others' negative: the ratio of the win table's slopes at the scores, so a leader's points
  cost more than those of a player far behind).
- **The play.** The cards every other seat may still hold are drawn from those this seat has
  not seen, ``samples`` times; for each legal card, and each draw, the card is played and
  the rest of the play is played out greedily (each seat the card that pegs most now, ties
  to the highest), or searched when few cards are left; the card's value is the mean of
  the sides' points from then on, weighed.
- **The discard.** For each way to toss: the kept hand's value exactly, over every starter
  this seat has not seen; the crib's, over sampled deals in which the other seats toss what
  keeps them the most points among their kept cards; and the play's weighed pegging, over
  the same deals played out from the lead. The crib counts with its dealer's side's weight.
- **Near the end** of the game both judge each option by the chance of winning instead:
  each sampled deal is played to the end in the order of its events (his heels, the play
  greedily until a side reaches the target, the hands from the dealer's left, the crib),
  and the position after it read from the win table (:func:`show_chance`).

The random draws come from numba's stream, seeded by the caller (the player's generator),
so a decision replays.
"""

from __future__ import annotations

import numpy as np

from engine.kernels import (
    CANDIDATE,
    COUNT,
    GO,
    HANDS,
    HELD,
    JACK,
    LAST,
    N_SEQ,
    ONE_COUNT,
    PLAY_STATE,
    SEATS,
    SEQ,
    any_fits,
    card_fits,
    card_pip,
    close_count,
    held_card,
    kernel,
    play_begin,
    play_card,
    play_mover,
    play_over,
    say_go,
    score3,
    score5,
)


@kernel("int64(int64[::1], int64)")
def rollout_policy_card(state, mover):
    """The rollout's card for ``mover``: the index of the held card that pegs most now
    (ties to the highest pip, then the highest card), or -1 when none fits (go)."""
    trial = np.empty(PLAY_STATE, dtype=np.int64)
    # (typed int64 from the start: a literal -1 reaching play_card compiled a second copy
    # of it, for the literal)
    best, best_points, best_card = np.int64(-1), -1, -1
    for i in range(state[HELD + mover]):
        if card_fits(state, mover, i):
            trial[:] = state
            p = play_card(trial, mover, i)
            card = held_card(state, mover, i)
            if p > best_points or (p == best_points and (
                    card_pip(card) > card_pip(best_card) or (
                        card_pip(card) == card_pip(best_card) and card > best_card))):
                best, best_points, best_card = i, p, card
    return best


@kernel("(int64[::1], int64[::1], int64[::1])")
def rollout(state, side_of, points):
    """Play the rest of the play from ``state`` greedily (:func:`rollout_policy_card`; go
    when none fits) and add each side's points pegged to ``points`` (by side:
    ``side_of[seat]``)."""
    while True:
        mover = play_mover(state)
        if mover == -1:
            scorer = close_count(state)
            if scorer >= 0:
                points[side_of[scorer]] += 1
            if play_over(state):
                return
            continue
        best = rollout_policy_card(state, mover)
        if best == -1:
            say_go(state, mover)
            continue
        points[side_of[mover]] += play_card(state, mover, best)


@kernel("(int64[::1], int64)")
def kept_points(cards, n):
    """What ``cards[:n]`` score among themselves, before any starter: fifteens, pairs and
    runs (how a player keeps: the most points in hand)."""
    points = 0
    for subset in range(1, 1 << n):
        total = 0
        size = 0
        for i in range(n):
            if subset >> i & 1:
                total += card_pip(cards[i])
                size += 1
        if size >= 2 and total == 15:
            points += 2
    mask = 0
    for i in range(n):
        mask |= 1 << (cards[i] >> 2)
        for j in range(i + 1, n):
            if cards[i] >> 2 == cards[j] >> 2:
                points += 2
    best, length, top = 0, 0, 0
    for rank in range(13):
        length = length + 1 if mask >> rank & 1 else 0
        if length > best:
            best, top = length, rank
    if best >= 3:
        mult = 1
        for rank in range(top - best + 1, top + 1):
            k = 0
            for i in range(n):
                k += cards[i] >> 2 == rank
            mult *= k
        points += best * mult
    return points


@kernel("(int64[::1], int64, int64)")
def hand_points(cards, kept, starter):
    """A kept hand (``cards[:kept]``, four or three) with ``starter``."""
    if kept == 4:
        return score5(cards[0], cards[1], cards[2], cards[3], starter, False)
    return score3(cards[0], cards[1], cards[2], starter)


@kernel("(int64[::1], int64, int64, int64[::1], int64[::1])")
def _best_toss(dealt, n_dealt, to_crib, toss, kept):
    """The toss (``to_crib`` of ``dealt[:n_dealt]``) keeping the most points among the kept
    cards (ties: the first); fills ``toss`` and ``kept``."""
    best = -1
    trial = np.empty(4, dtype=np.int64)
    for a in range(n_dealt):
        for b in range(a, n_dealt):  # b == a: the one card tossed
            if (b == a) != (to_crib == 1):
                continue
            m = 0
            for k in range(n_dealt):
                if k != a and k != b:
                    trial[m] = dealt[k]
                    m += 1
            p = kept_points(trial, m)
            if p > best:
                best = p
                toss[0] = dealt[a]
                toss[1] = dealt[b] if to_crib == 2 else -1
                kept[:m] = trial[:m]


@kernel("(int64[::1], float64[::1])")
def _net(points, weights):
    """The sides' points weighed: ``weights[side]`` (this side's 1, the others' negative:
    what a point of theirs is worth to this side; ``points`` by side, a side not at the
    table has none)."""
    total = 0.0
    for side in range(points.shape[0]):
        total += weights[side] * points[side]
    return total


SEARCH_CARDS = 7  # a play with at most this many cards left is searched to its end


@kernel("float64(int64[::1], int64[::1], int64, float64[::1], float64)")
def search(state, side_of, my_side, weights, acc):
    """The rest of the play from ``state`` searched to its end, every seat playing its best
    for its side: this side's seats the most weighed points (:func:`_net`), the other
    sides' the fewest (the others taken as one: a "paranoid" search, exact with two sides).
    Returns ``acc`` plus the weighed points from here. ``state`` is changed."""
    while True:
        mover = play_mover(state)
        if mover >= 0:
            break
        scorer = close_count(state)
        if scorer >= 0:
            acc += weights[side_of[scorer]]
        if play_over(state):
            return acc
    if not any_fits(state, mover):
        say_go(state, mover)
        return search(state, side_of, my_side, weights, acc)
    mine = side_of[mover] == my_side
    best = -np.inf if mine else np.inf
    child = np.empty(PLAY_STATE, dtype=np.int64)
    tried = 0
    for i in range(state[HELD + mover]):
        rank = held_card(state, mover, i) >> 2
        if not card_fits(state, mover, i) or tried >> rank & 1:
            continue
        tried |= 1 << rank  # cards of one rank play alike
        child[:] = state
        p = play_card(child, mover, i)
        v = search(child, side_of, my_side, weights, acc + weights[side_of[mover]] * p)
        best = max(best, v) if mine else min(best, v)
    return best


@kernel("(int64[::1],)")
def cards_left(state):
    n = 0
    for s in range(state[SEATS]):
        n += state[HELD + s]
    return n


@kernel("(int64[::1], int64[::1], int64, float64[::1])")
def play_out(state, side_of, my_side, weights):
    """This side's weighed points from ``state`` to the end of the play (:func:`_net`):
    searched when few cards are left (:data:`SEARCH_CARDS`), else played out greedily
    (:func:`rollout`)."""
    if cards_left(state) <= SEARCH_CARDS:
        return search(state, side_of, my_side, weights, 0.0)
    points = np.zeros(4, dtype=np.int64)
    rollout(state, side_of, points)
    return _net(points, weights)


@kernel("(int64[::1], int64, int64[::1], int64)")
def _deal_others(state, seat, pool, n_pool):
    """Give every other seat its ``state[HELD + s]`` cards from ``pool[:n_pool]``, drawn at
    random (a partial Fisher-Yates shuffle of the pool); returns how many were drawn (they
    are then ``pool[:k]``)."""
    k = 0
    for s in range(state[SEATS]):
        if s == seat:
            continue
        for i in range(state[HELD + s]):
            j = k + np.random.randint(0, n_pool - k)
            pool[k], pool[j] = pool[j], pool[k]
            state[HANDS + 4 * s + i] = pool[k]
            k += 1
    return k


# ------------------------------------------------------------------- the end of the game
@kernel("float64(float64[:, :, :, ::1], int64[::1], int64, int64, int64, int64)")
def position_chance(T, scores, dealer, players, sides, my_side):
    """``my_side``'s chance of winning from the variant's win table ``T``
    (``ai.tables.variant_win``; the target is ``T.shape[0]``) with ``scores`` by side and
    ``dealer`` (a seat) to deal; 1 or 0 when a side is at the target."""
    target = T.shape[0]
    for s in range(sides):
        if scores[s] >= target:
            return 1.0 if s == my_side else 0.0
    d = dealer % sides
    if sides == 2:
        p = T[scores[d], scores[1 - d], 0, 0]
        return p if my_side == d else 1.0 - p
    return T[scores[d], scores[(d + 1) % 3], scores[(d + 2) % 3], (my_side - d) % 3]


@kernel("int64(int64[::1], int64[::1], int64[::1], int64)")
def peg_to_target(state, side_of, scores, target):
    """:func:`rollout` keeping the sides' ``scores`` (changed): the side that reaches
    ``target`` first in the play, or -1 when none does."""
    while True:
        mover = play_mover(state)
        if mover == -1:
            scorer = close_count(state)
            if scorer >= 0:
                scores[side_of[scorer]] += 1
                if scores[side_of[scorer]] >= target:
                    return side_of[scorer]
            if play_over(state):
                return -1
            continue
        best = rollout_policy_card(state, mover)
        if best == -1:
            say_go(state, mover)
            continue
        scores[side_of[mover]] += play_card(state, mover, best)
        if scores[side_of[mover]] >= target:
            return side_of[mover]


@kernel("float64(int64[:, ::1], int64, int64[::1], int64, int64[::1], int64, int64[::1], "
        "int64, int64, int64, float64[:, :, :, ::1])")
def show_chance(hands, kept_n, crib, starter, side_of, sides, scores, dealer, players,
                my_side, T):
    """After the play: the hands (``hands[seat, :kept_n]``) counted from the dealer's left
    round to the dealer, then the crib, the game ending the moment a side reaches the
    target; then ``my_side``'s chance from ``T`` with the deal passed to the left.
    ``scores`` (by side) is changed."""
    target = T.shape[0]
    for r in range(1, players + 1):
        seat = (dealer + r) % players
        side = side_of[seat]
        scores[side] += hand_points(hands[seat], kept_n, starter)
        if scores[side] >= target:
            return 1.0 if side == my_side else 0.0
    side = side_of[dealer]
    scores[side] += score5(crib[0], crib[1], crib[2], crib[3], starter, True)
    if scores[side] >= target:
        return 1.0 if side == my_side else 0.0
    return position_chance(T, scores, (dealer + 1) % players, players, sides, my_side)


END_TIE_BREAK = 1e-3  # near the end, the weighed points break ties between equal chances


@kernel
def play_values(state, seat, legal, side_of, weights, unseen, samples, seed, end, shown,
                n_shown, crib_known, n_crib_known, starter, dealer, kept_n, sides, scores, T):
    """The value of each of ``seat``'s held cards (``legal[i]``: it fits) in the play as
    ``state`` stands: the mean weighed points of its side from this card on (:func:`_net`),
    over ``samples`` draws of the other seats' cards from ``unseen``. Cards that do not fit
    get -inf.

    With ``end`` (near the end of the game) the value is instead the side's chance of
    winning (plus :data:`END_TIE_BREAK` times the weighed points): each draw also deals
    the crib's unseen cards (``crib_known[:n_crib_known]`` are known), the rest of the play
    is played greedily with ``scores`` (by side) until a side reaches the target, then the
    show is counted in order (:func:`show_chance`; a seat's hand is its ``shown`` cards,
    those it played this deal, and those it holds) and ends in the win table ``T``."""
    np.random.seed(seed)
    held = state[HELD + seat]
    values = np.full(held, -np.inf)
    pool = unseen.copy()
    n_pool = pool.shape[0]
    world = np.empty(PLAY_STATE, dtype=np.int64)
    trial = np.empty(PLAY_STATE, dtype=np.int64)
    greedy = np.empty(PLAY_STATE, dtype=np.int64)
    sums = np.zeros(held)
    my_side = side_of[seat]
    players = state[SEATS]
    target = T.shape[0]
    hands = np.zeros((4, 4), dtype=np.int64)
    crib = np.empty(4, dtype=np.int64)
    at = np.empty(scores.shape[0], dtype=np.int64)
    for _ in range(samples):
        world[:] = state
        k = _deal_others(world, seat, pool, n_pool)
        if end:
            for s in range(players):
                for j in range(n_shown[s]):
                    hands[s, j] = shown[s, j]
                for j in range(world[HELD + s]):
                    hands[s, n_shown[s] + j] = world[HANDS + 4 * s + j]
            for c in range(4):
                if c < n_crib_known:
                    crib[c] = crib_known[c]
                else:
                    j = k + np.random.randint(0, n_pool - k)
                    pool[k], pool[j] = pool[j], pool[k]
                    crib[c] = pool[k]
                    k += 1
        for i in range(held):
            if not legal[i]:
                continue
            trial[:] = world
            p = play_card(trial, seat, i)
            if not end:
                sums[i] += weights[my_side] * p + play_out(trial, side_of, my_side, weights)
                continue
            greedy[:] = trial
            sums[i] += END_TIE_BREAK * (weights[my_side] * p
                                        + play_out(trial, side_of, my_side, weights))
            at[:] = scores
            at[my_side] += p
            if at[my_side] >= target:
                sums[i] += 1.0
                continue
            won = peg_to_target(greedy, side_of, at, target)
            if won >= 0:
                sums[i] += 1.0 if won == my_side else 0.0
                continue
            sums[i] += show_chance(hands, kept_n, crib, starter, side_of, sides, at, dealer,
                                   players, my_side, T)
    for i in range(held):
        if legal[i]:
            values[i] = sums[i] / samples
    return values


@kernel
def discard_values(dealt, tosses, seat, dealer, players, cards_dealt, to_crib,
                   crib_from_deck, one_count, side_of, weights, unseen, samples, seed,
                   figures, end, sides, scores, T):
    """The figures of each toss of ``seat`` (``tosses[o]``: the indexes in ``dealt`` of the
    cards it tosses; the second -1 when one is tossed): ``figures[0, o]`` the kept hand's
    exact mean over every unseen starter, ``[1, o]`` the crib's mean over sampled deals
    (for its dealer), ``[2, o]`` this side's weighed pegging (:func:`_net`) over the same
    deals; with ``end`` (near the end of the game), ``[3, o]`` the side's chance of winning
    over the same deals: his heels, the play played greedily until a side reaches the
    target, the show in order, then the win table ``T`` (:func:`show_chance`)."""
    np.random.seed(seed)
    at = np.empty(scores.shape[0], dtype=np.int64)
    n_opt = tosses.shape[0]
    kept_n = cards_dealt - to_crib
    my_side = side_of[seat]
    pool = unseen.copy()
    n_pool = pool.shape[0]
    mine = np.empty(4, dtype=np.int64)
    crib = np.empty(4, dtype=np.int64)
    others_dealt = np.empty(6, dtype=np.int64)
    toss = np.empty(2, dtype=np.int64)
    kept = np.empty(4, dtype=np.int64)
    state = np.empty(PLAY_STATE, dtype=np.int64)
    kept_hands = np.zeros((4, 4), dtype=np.int64)
    for o in range(n_opt):
        m = 0
        for k in range(cards_dealt):
            if k != tosses[o, 0] and k != tosses[o, 1]:
                mine[m] = dealt[k]
                m += 1
        hand = 0.0
        for t in range(n_pool):
            hand += hand_points(mine, kept_n, pool[t])
        figures[0, o] = hand / n_pool
    for _ in range(samples):
        # one deal of the others' cards, the deck's crib card and the starter
        k = 0
        need = (players - 1) * cards_dealt + crib_from_deck + 1  # (n_pool > need)
        for t in range(need):
            j = t + np.random.randint(0, n_pool - t)
            pool[t], pool[j] = pool[j], pool[t]
        n_crib_others = 0
        for s in range(players):
            if s == seat:
                continue
            for t in range(cards_dealt):
                others_dealt[t] = pool[k]
                k += 1
            _best_toss(others_dealt, cards_dealt, to_crib, toss, kept)
            crib[n_crib_others] = toss[0]
            n_crib_others += 1
            if to_crib == 2:
                crib[n_crib_others] = toss[1]
                n_crib_others += 1
            kept_hands[s, :kept_n] = kept[:kept_n]
        for _ in range(crib_from_deck):
            crib[n_crib_others] = pool[k]
            n_crib_others += 1
            k += 1
        starter = pool[k]
        for o in range(n_opt):
            c = n_crib_others
            crib[c] = dealt[tosses[o, 0]]
            if to_crib == 2:
                crib[c + 1] = dealt[tosses[o, 1]]
            figures[1, o] += score5(crib[0], crib[1], crib[2], crib[3], starter, True)
            m = 0
            for t in range(cards_dealt):
                if t != tosses[o, 0] and t != tosses[o, 1]:
                    kept_hands[seat, m] = dealt[t]
                    m += 1
            play_begin(state, kept_hands, dealer, players, kept_n, one_count)
            figures[2, o] += play_out(state, side_of, my_side, weights)
            if not end:
                continue
            at[:] = scores
            if starter >> 2 == JACK:  # his heels
                at[side_of[dealer]] += 2
                if at[side_of[dealer]] >= T.shape[0]:
                    figures[3, o] += 1.0 if side_of[dealer] == my_side else 0.0
                    continue
            play_begin(state, kept_hands, dealer, players, kept_n, one_count)
            won = peg_to_target(state, side_of, at, T.shape[0])
            if won >= 0:
                figures[3, o] += 1.0 if won == my_side else 0.0
                continue
            figures[3, o] += show_chance(kept_hands, kept_n, crib, starter, side_of, sides,
                                         at, dealer, players, my_side, T)
    for o in range(n_opt):
        for f in range(1, 4):
            figures[f, o] /= samples


def play_state_of(obs) -> tuple[np.ndarray, np.ndarray]:
    """The play's state as ``obs.seat`` sees it at any table (the other seats' cards left
    0, drawn per sample), and which of its held cards fit."""
    state = np.zeros(PLAY_STATE, dtype=np.int64)
    seat = obs.seat
    state[COUNT] = obs.count
    state[N_SEQ] = len(obs.current)
    for t, (_, card) in enumerate(obs.current):
        state[SEQ + t] = card
    for s, said in enumerate(obs.go_said):
        state[GO + s] = int(said)
    state[LAST] = obs.current[-1][0] if obs.current else (obs.played[-1][0] if obs.played
                                                         else -1)
    state[CANDIDATE] = seat
    state[SEATS] = obs.players
    state[ONE_COUNT] = obs.rules.one_count
    for s, left in enumerate(obs.cards_left):
        state[HELD + s] = left
    for i, card in enumerate(obs.hand):
        state[HANDS + 4 * seat + i] = card
    legal = np.array([card in obs.legal_cards for card in obs.hand], dtype=np.bool_)
    return state, legal
