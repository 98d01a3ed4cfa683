"""One game between two built-in players, compiled (numba): the deal, the tosses, the play
through ``engine.kernels``'s steps, the show and the instant win at 121, with each seat's
decisions from ``ai._decide``. The same chance as ``GameState`` (each deal a permutation
drawn from the game's deal generator) and the same player generators as the match driver,
so a game here is the game the referee path plays (``ai.match.compiled``; the tests compare
them action by action).

``out`` (int64, ``OUT_SIZE``): the winner, the scores, the skunk (0, 1, 2), the deals, the
complete deals each seat dealt, then the points of the complete deals by (seat, role,
source), ``POINTS + 10 * seat + 5 * role + source`` (``engine.roles``; sources in
``engine.events.SOURCES`` order), then the decisions each seat made (forced goes left out).
"""

from __future__ import annotations

import numpy as np

from ai._decide import RANDOM, play_choice, random_play, random_toss, toss_choice
from engine.kernels import (
    HELD,
    JACK,
    PLAY_STATE,
    any_fits,
    card_fits,
    close_count,
    held_card,
    kernel,
    play_begin,
    play_card_in_order,
    play_mover,
    play_over,
    say_go,
    score5,
    shuffled_deck,
    skunk_of,
)
from engine.roles import DEALER, PONE
from engine.rules import RULES
from engine.streams import (
    MAX_ENTROPY,
    POOL_SIZE,
    generate_state,
    put_words,
    reseed,
    seed_pool,
)

WINNER, SCORES, SKUNK, DEALS, DEALT_BY, POINTS, DECISIONS = 0, 1, 3, 4, 5, 7, 27
OUT_SIZE = 29
PEGGING, HAND, CRIB, HEELS = 0, 1, 2, 3  # engine.events.SOURCES
ACT_TOSS, ACT_PLAY, ACT_GO = 0, 1, 2  # trace rows: (kind, seat, card, card)
MAX_ACTIONS = 4096


@kernel("(int64[::1], int64[::1], int64, int64, int64, int64)")
def _award(out, deal_points, seat, dealer, points, source):
    """Add ``points`` (capped at 121); True when ``seat`` has won."""
    score = out[SCORES + seat]
    gained = min(points, RULES.target - score)
    out[SCORES + seat] = score + gained
    role = DEALER if seat == dealer else PONE
    deal_points[10 * seat + 5 * role + source] += gained
    if score + gained >= RULES.target:
        out[WINNER] = seat
        out[SKUNK] = skunk_of(out[SCORES + 1 - seat])
        return True
    return False


@kernel("(int64[:, ::1], int64, int64, int64, int64, int64)")
def _trace(trace, n, kind, seat, a, b):
    if n < trace.shape[0]:
        trace[n, 0], trace[n, 1], trace[n, 2], trace[n, 3] = kind, seat, a, b
    return n + 1


@kernel
def play_game(kinds, tables0, tables1, rng0, rng1, deal_rng, first_dealer, out, trace):
    """Play one game to 121; fill ``out`` and the first rows of ``trace`` (kind -1 after
    the last action). Returns the number of actions.

    The random player's decisions (``ai._decide``'s ``random_toss`` and ``random_play``,
    drawn as ``toss_choice`` and ``play_choice`` draw them) are called here directly,
    without the tables: numba counts every array of a call's arguments up and down with
    atomic instructions, 28 arrays in a player's tables, and that was most of a game
    between two random players (an ``inline="always"`` helper did not avoid it)."""
    out[:] = 0
    out[WINNER] = -1
    trace[:] = -1
    deal_points = np.zeros(20, dtype=np.int64)
    dealt = np.empty((RULES.players, RULES.cards_dealt), dtype=np.int64)
    kept = np.empty((RULES.players, RULES.cards_dealt - RULES.cards_to_crib), dtype=np.int64)
    crib = np.empty(RULES.players * RULES.cards_to_crib, dtype=np.int64)
    tossed = np.empty((2, 2), dtype=np.int64)
    played = np.zeros(8, dtype=np.int64)
    played_by = np.zeros(8, dtype=np.int64)
    state = np.zeros(PLAY_STATE, dtype=np.int64)
    legal = np.zeros(4, dtype=np.bool_)
    dealer = first_dealer
    n_actions = 0
    while True:
        deck = shuffled_deck(deal_rng)
        if out[DEALS] > 0:  # the deal before is complete
            out[DEALT_BY + 1 - dealer] += 1
            for k in range(20):
                out[POINTS + k] += deal_points[k]
        deal_points[:] = 0
        out[DEALS] += 1
        pone = 1 - dealer
        for k in range(RULES.cards_dealt):
            dealt[pone, k] = deck[2 * k]
            dealt[dealer, k] = deck[2 * k + 1]
        for seat in (pone, dealer):
            me, opp = out[SCORES + seat], out[SCORES + 1 - seat]
            if kinds[seat] == RANDOM:  # see play_game's docstring
                a, b = random_toss(rng0 if seat == 0 else rng1)
            elif seat == 0:
                a, b = toss_choice(kinds[0], tables0, rng0, dealt[0], me, opp, seat == dealer)
            else:
                a, b = toss_choice(kinds[1], tables1, rng1, dealt[1], me, opp, seat == dealer)
            out[DECISIONS + seat] += 1
            n_actions = _trace(trace, n_actions, ACT_TOSS, seat, dealt[seat, a],
                               dealt[seat, b])
            tossed[seat, 0], tossed[seat, 1] = dealt[seat, a], dealt[seat, b]
            crib[2 * (seat == dealer)] = dealt[seat, a]
            crib[2 * (seat == dealer) + 1] = dealt[seat, b]
            m = 0
            for k in range(RULES.cards_dealt):
                if k != a and k != b:
                    kept[seat, m] = dealt[seat, k]
                    m += 1
        starter = deck[RULES.players * RULES.cards_dealt]
        if starter >> 2 == JACK and _award(out, deal_points, dealer, dealer, 2, HEELS):
            return n_actions
        play_begin(state, kept, dealer)
        n_played = 0
        while True:
            mover = play_mover(state)
            if mover == -1:
                scorer = close_count(state)
                if scorer >= 0 and _award(out, deal_points, scorer, dealer, 1, PEGGING):
                    return n_actions
                if play_over(state):
                    break
                continue
            if not any_fits(state, mover):
                say_go(state, mover)
                n_actions = _trace(trace, n_actions, ACT_GO, mover, -1, -1)
                continue
            me, opp = out[SCORES + mover], out[SCORES + 1 - mover]
            if kinds[mover] == RANDOM:
                for k in range(state[HELD + mover]):
                    legal[k] = card_fits(state, mover, k)
                i = random_play(rng0 if mover == 0 else rng1, legal, state[HELD + mover])
            elif mover == 0:
                i = play_choice(kinds[0], tables0, rng0, state, 0, dealer, me, opp, dealt[0],
                                tossed[0], starter, played, played_by, n_played)
            else:
                i = play_choice(kinds[1], tables1, rng1, state, 1, dealer, me, opp, dealt[1],
                                tossed[1], starter, played, played_by, n_played)
            out[DECISIONS + mover] += 1
            card = held_card(state, mover, i)
            n_actions = _trace(trace, n_actions, ACT_PLAY, mover, card, -1)
            played[n_played] = card
            played_by[n_played] = mover
            n_played += 1
            points = play_card_in_order(state, mover, i)
            if points and _award(out, deal_points, mover, dealer, points, PEGGING):
                return n_actions
        for seat in (pone, dealer):  # the show: pone's hand, dealer's hand, the crib
            points = score5(kept[seat, 0], kept[seat, 1], kept[seat, 2], kept[seat, 3],
                            starter, False)
            if _award(out, deal_points, seat, dealer, points, HAND):
                return n_actions
        points = score5(crib[0], crib[1], crib[2], crib[3], starter, True)
        if _award(out, deal_points, dealer, dealer, points, CRIB):
            return n_actions
        dealer = 1 - dealer


@kernel
def match_streams(seed_words, index, entropy, pcg, buffered):
    """Reseed the three generators of game ``index`` of a match whose seed is
    ``seed_words`` (its 32-bit words): ``pcg[0]``, ``pcg[1]`` as
    ``ai.match.driver.player_rng(seed, index, seat)`` and ``pcg[2]`` as the deal generator
    ``GameState.new(game_seed(seed, index))`` draws from (``SeedSequence(game
    seed).spawn(2)[1]``). ``entropy``: room for ``engine.streams.MAX_ENTROPY`` words.
    Returns the game's seed (``driver.game_seed``)."""
    n_seed = seed_words.shape[0]
    entropy[:n_seed] = seed_words
    n = put_words(entropy, n_seed, index)
    pool = np.empty(POOL_SIZE, dtype=np.uint64)
    seed_pool(entropy, n, pool)
    word = np.empty(1, dtype=np.uint64)
    generate_state(pool, word)
    game = np.int64(word[0] >> np.uint64(1))
    for seat in range(2):  # default_rng([seed, index, seat, 7])
        m = put_words(entropy, n, seat)
        m = put_words(entropy, m, 7)
        reseed(entropy, m, pcg[seat], buffered[seat])
    # a spawned child's entropy: the parent's words padded to the pool, then its key
    m = put_words(entropy, 0, game)
    entropy[m:POOL_SIZE] = 0
    entropy[POOL_SIZE] = 1
    reseed(entropy, POOL_SIZE + 1, pcg[2], buffered[2])
    return game


@kernel
def play_chunk(kinds, tables0, tables1, rng0, rng1, deal_rng, pcg, buffered, seed_words,
               indices, first_dealers, seeds, outs):
    """Play the games ``indices`` (int64) of a match seeded ``seed_words`` in one call:
    game ``g`` with its own streams (:func:`match_streams`; ``rng0``, ``rng1``,
    ``deal_rng`` are the generators ``pcg``/``buffered`` view), ``first_dealers[g]``
    dealing first. Fills ``seeds[g]`` (the game's seed) and ``outs[g]`` (``OUT_SIZE``)."""
    entropy = np.zeros(MAX_ENTROPY, dtype=np.uint64)
    no_trace = np.empty((1, 4), dtype=np.int64)
    for g in range(indices.shape[0]):
        seeds[g] = match_streams(seed_words, indices[g], entropy, pcg, buffered)
        play_game(kinds, tables0, tables1, rng0, rng1, deal_rng, first_dealers[g], outs[g],
                  no_trace)
