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
from engine.deal import (
    DEALER,
    DEALT,
    EV_DEAL,
    EV_DEAL_DONE,
    EV_GO,
    EV_PLAY,
    EV_TOSS,
    EV_WON,
    GAME_SIZE,
    MAX_DEALT,
    MAX_PLAYED,
    MOVER,
    N_PLAYED,
    PLAY,
    PLAYED,
    PLAYED_BY,
    STARTER,
    TOSSED,
    game_begin,
    game_deal,
    game_next,
    game_play,
    game_toss,
)
from engine.deal import POINTS as DEAL_POINTS
from engine.deal import SCORES as GAME_SCORES
from engine.deal import WINNER as GAME_WINNER
from engine.kernels import (
    HELD,
    PLAY_STATE,
    card_fits,
    held_card,
    kernel,
    shuffled_deck,
    skunk_of,
)
from engine.roles import DEALER as DEALER_ROLE
from engine.roles import PONE
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


@kernel("(int64[:, ::1], int64, int64, int64, int64, int64)")
def _trace(trace, n, kind, seat, a, b):
    if n < trace.shape[0]:
        trace[n, 0], trace[n, 1], trace[n, 2], trace[n, 3] = kind, seat, a, b
    return n + 1


@kernel
def play_game(kinds, tables0, tables1, rng0, rng1, deal_rng, first_dealer, rules, out,
              trace):
    """Play one game to the target of ``rules`` (``engine._deal.rules_array``) through the
    deal driver; fill ``out`` and the first rows of ``trace`` (kind -1 after the last
    action). Returns the number of actions.

    The random player's decisions (``ai._decide``'s ``random_toss`` and ``random_play``,
    drawn as ``toss_choice`` and ``play_choice`` draw them) are called here directly,
    without the tables: numba counts every array of a call's arguments up and down with
    atomic instructions, 28 arrays in a player's tables, and that was most of a game
    between two random players (an ``inline="always"`` helper did not avoid it)."""
    out[:] = 0
    out[WINNER] = -1
    trace[:] = -1
    legal = np.zeros(4, dtype=np.bool_)
    g = np.empty(GAME_SIZE, dtype=np.int64)
    game_begin(g, rules, first_dealer, 1)
    state = g[PLAY:PLAY + PLAY_STATE]
    played = g[PLAYED:PLAYED + MAX_PLAYED]
    played_by = g[PLAYED_BY:PLAYED_BY + MAX_PLAYED]
    n_actions = 0
    while True:
        event = game_next(g)
        dealer = g[DEALER]
        if event == EV_DEAL:
            game_deal(g, shuffled_deck(deal_rng))
            out[DEALS] += 1
        elif event == EV_TOSS:
            seat = g[MOVER]
            dealt = DEALT + MAX_DEALT * seat
            me, opp = g[GAME_SCORES + seat], g[GAME_SCORES + 1 - seat]
            if kinds[seat] == RANDOM:  # see play_game's docstring
                a, b = random_toss(rng0 if seat == 0 else rng1)
            elif seat == 0:
                a, b = toss_choice(kinds[0], tables0, rng0, g[dealt:dealt + MAX_DEALT], me,
                                   opp, seat == dealer)
            else:
                a, b = toss_choice(kinds[1], tables1, rng1, g[dealt:dealt + MAX_DEALT], me,
                                   opp, seat == dealer)
            out[DECISIONS + seat] += 1
            n_actions = _trace(trace, n_actions, ACT_TOSS, seat, g[dealt + a], g[dealt + b])
            game_toss(g, a, b)
        elif event == EV_GO:
            n_actions = _trace(trace, n_actions, ACT_GO, g[MOVER], -1, -1)
        elif event == EV_PLAY:
            mover = g[MOVER]
            me, opp = g[GAME_SCORES + mover], g[GAME_SCORES + 1 - mover]
            starter = g[STARTER]
            n_played = g[N_PLAYED]
            if kinds[mover] == RANDOM:
                for k in range(state[HELD + mover]):
                    legal[k] = card_fits(state, mover, k)
                i = random_play(rng0 if mover == 0 else rng1, legal, state[HELD + mover])
            elif mover == 0:
                i = play_choice(kinds[0], tables0, rng0, state, 0, dealer, me, opp,
                                g[DEALT:DEALT + MAX_DEALT], g[TOSSED:TOSSED + 2], starter,
                                played, played_by, n_played)
            else:
                i = play_choice(kinds[1], tables1, rng1, state, 1, dealer, me, opp,
                                g[DEALT + MAX_DEALT:DEALT + 2 * MAX_DEALT],
                                g[TOSSED + 2:TOSSED + 4], starter, played, played_by,
                                n_played)
            out[DECISIONS + mover] += 1
            n_actions = _trace(trace, n_actions, ACT_PLAY, mover, held_card(state, mover, i),
                               -1)
            game_play(g, i)
        elif event == EV_DEAL_DONE:  # a complete deal: its points by seat, role, source
            out[DEALT_BY + dealer] += 1
            for seat in range(2):
                role = DEALER_ROLE if seat == dealer else PONE
                for source in range(4):
                    out[POINTS + 10 * seat + 5 * role + source] += \
                        g[DEAL_POINTS + 4 * seat + source]
        elif event == EV_WON:
            winner = g[GAME_WINNER]
            out[WINNER] = winner
            out[SCORES], out[SCORES + 1] = g[GAME_SCORES], g[GAME_SCORES + 1]
            out[SKUNK] = skunk_of(g[GAME_SCORES + 1 - winner])
            return n_actions


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
               indices, first_dealers, rules, seeds, outs):
    """Play the games ``indices`` (int64) of a match seeded ``seed_words`` in one call:
    game ``g`` with its own streams (:func:`match_streams`; ``rng0``, ``rng1``,
    ``deal_rng`` are the generators ``pcg``/``buffered`` view), ``first_dealers[g]``
    dealing first, under ``rules``. Fills ``seeds[g]`` (the game's seed) and ``outs[g]``
    (``OUT_SIZE``)."""
    entropy = np.zeros(MAX_ENTROPY, dtype=np.uint64)
    no_trace = np.empty((1, 4), dtype=np.int64)
    for g in range(indices.shape[0]):
        seeds[g] = match_streams(seed_words, indices[g], entropy, pcg, buffered)
        play_game(kinds, tables0, tables1, rng0, rng1, deal_rng, first_dealers[g], rules,
                  outs[g], no_trace)
