"""Compiled game loop: complete random-vs-random games under the full rules.

A player over the deal driver (``engine._deal``: the same turn order, go, last card, 31
reset, show order and instant win at 121 as ``engine.state.GameState``) that tosses and
plays at random from numba's global random stream, and it can record a trace of each
deal's deck and every action, which the tests replay through ``GameState`` to prove both
agree.

Stats row per game (int64): see ``STAT_COLUMNS``.
"""

from __future__ import annotations

import numpy as np
from numba import types

from engine._deal import (
    DEALS,
    DEALT,
    EV_DEAL,
    EV_DEAL_DONE,
    EV_GO,
    EV_PLAY,
    EV_TOSS,
    EV_WON,
    GAME_SIZE,
    MAX_DEALT,
    MOVER,
    POINTS,
    R_DEALT,
    R_PLAYERS,
    RULES_TYPE,
    SCORES,
    WINNER,
    game_begin,
    game_deal,
    game_next,
    game_play,
    game_toss,
)
from engine._kernels import kernel
from engine._play import HELD, card_fits, held_card

_SOURCE_COLUMNS = ("pegging0", "pegging1", "hand0", "hand1", "crib0", "crib1",
                   "his_heels0", "his_heels1")
# Points by source over the whole game, then the same for the final deal alone (the deal in
# which the game ended, usually before its show), so averages can be taken over complete
# deals.
STAT_COLUMNS = ("first_dealer", "winner", "score0", "score1", "deals") + _SOURCE_COLUMNS \
    + tuple("final_deal_" + c for c in _SOURCE_COLUMNS)
_TOTAL = 5  # first column of the points by source (seat 0, then 1, for each source)
_FINAL = 13  # first column of the final deal's points
MAX_TRACE_DEALS = 64
MAX_TRACE_ACTIONS = MAX_TRACE_DEALS * 18
ACT_TOSS, ACT_PLAY, ACT_GO = 0, 1, 2


@kernel("(int64[::1], int64[::1], int64)")
def _tally(stats, g, first):
    """Add the deal's points to the columns from ``first`` (a source's seat 0, then 1)."""
    for source in range(4):
        for seat in range(2):
            stats[first + 2 * source + seat] += g[POINTS + 4 * seat + source]


@kernel((types.int64, RULES_TYPE, types.int64[::1], types.int64[::1], types.int64[:, ::1],
         types.int64[:, ::1], types.boolean))
def _random_game(first_dealer, rules, stats, deck, trace_decks, trace_actions, tracing):
    """Play one game with uniformly random tosses and plays through the deal driver
    (``engine._deal``); fill ``stats`` (21,)."""
    stats[:] = 0
    stats[0] = first_dealer
    g = np.empty(GAME_SIZE, dtype=np.int64)
    game_begin(g, rules, first_dealer, 0)
    n_actions = 0
    while True:
        event = game_next(g)
        if event == EV_DEAL:
            for i in range(g[R_PLAYERS] * g[R_DEALT] + 1):  # Fisher-Yates, as far as the
                # deal and the starter need
                j = np.random.randint(i, 52)
                deck[i], deck[j] = deck[j], deck[i]
            if tracing and g[DEALS] < MAX_TRACE_DEALS:
                trace_decks[g[DEALS], :] = deck
            game_deal(g, deck)
        elif event == EV_TOSS:
            seat = g[MOVER]
            a = np.random.randint(0, g[R_DEALT])
            b = np.random.randint(0, g[R_DEALT] - 1)
            if b >= a:
                b += 1
            if tracing and n_actions < MAX_TRACE_ACTIONS:
                dealt = DEALT + MAX_DEALT * seat
                trace_actions[n_actions, 0] = ACT_TOSS
                trace_actions[n_actions, 1] = seat
                trace_actions[n_actions, 2] = g[dealt + a]
                trace_actions[n_actions, 3] = g[dealt + b]
                n_actions += 1
            game_toss(g, a, b)
        elif event == EV_GO:
            if tracing and n_actions < MAX_TRACE_ACTIONS:
                trace_actions[n_actions, 0] = ACT_GO
                trace_actions[n_actions, 1] = g[MOVER]
                n_actions += 1
        elif event == EV_PLAY:  # a random card of those that fit (the play's
            # steps take the game: its play state comes first)
            mover = g[MOVER]
            n_fit = 0
            for k in range(g[HELD + mover]):
                if card_fits(g, mover, k):
                    n_fit += 1
            pick = np.random.randint(0, n_fit)
            for k in range(g[HELD + mover]):
                if card_fits(g, mover, k):
                    if pick == 0:
                        break
                    pick -= 1
            if tracing and n_actions < MAX_TRACE_ACTIONS:
                trace_actions[n_actions, 0] = ACT_PLAY
                trace_actions[n_actions, 1] = mover
                trace_actions[n_actions, 2] = held_card(g, mover, k)
                n_actions += 1
            game_play(g, k)
        elif event == EV_DEAL_DONE:
            _tally(stats, g, _TOTAL)
        elif event == EV_WON:
            _tally(stats, g, _TOTAL)
            _tally(stats, g, _FINAL)
            stats[1] = g[WINNER]
            stats[2], stats[3] = g[SCORES], g[SCORES + 1]
            stats[4] = g[DEALS]
            return


@kernel
def simulate_random_games(n_games, seed, rules):
    """Play ``n_games`` random-vs-random games, first deal alternating (seat 0 deals first
    in even games). Returns stats (n_games, 21) int64, columns ``STAT_COLUMNS``."""
    np.random.seed(seed)
    stats = np.zeros((n_games, len(STAT_COLUMNS)), dtype=np.int64)
    deck = np.arange(52)
    no_decks = np.empty((0, 52), dtype=np.int64)
    no_actions = np.empty((0, 4), dtype=np.int64)
    for g in range(n_games):
        _random_game(g % 2, rules, stats[g], deck, no_decks, no_actions, False)
    return stats


@kernel
def trace_random_game(seed, first_dealer, rules):
    """One random game with its trace: stats (21,), decks (MAX_TRACE_DEALS, 52) and
    actions (MAX_TRACE_ACTIONS, 4) rows of (kind, seat, card, card), kind -1 after the end."""
    np.random.seed(seed)
    stats = np.zeros(len(STAT_COLUMNS), dtype=np.int64)
    decks = np.full((MAX_TRACE_DEALS, 52), -1, dtype=np.int64)
    actions = np.full((MAX_TRACE_ACTIONS, 4), -1, dtype=np.int64)
    _random_game(first_dealer, rules, stats, np.arange(52), decks, actions, True)
    return stats, decks, actions
