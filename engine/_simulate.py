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
    MAX_PLAYERS,
    MOVER,
    POINTS,
    R_DEALT,
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
MAX_TRACE_ACTIONS = MAX_TRACE_DEALS * 34  # four tosses, 16 cards, 14 goes
ACT_TOSS, ACT_PLAY, ACT_GO = 0, 1, 2


# A game's row in any variant (``VARIANT_COLUMNS``): who dealt first, the winning side, the
# deals begun, the scores by side (four), then the points by seat and source (4 * seat +
# source, the driver's order) over the game and over its final deal alone.
VARIANT_COLUMNS = ("first_dealer", "winner", "deals") + tuple(f"score{s}" for s in range(4)) \
    + tuple(f"{source}{seat}" for seat in range(4)
            for source in ("pegging", "hand", "crib", "his_heels")) \
    + tuple(f"final_deal_{source}{seat}" for seat in range(4)
            for source in ("pegging", "hand", "crib", "his_heels"))
_W_SCORES, _W_TOTAL, _W_FINAL = 3, 7, 23


@kernel("(int64[::1], int64[::1], int64)")
def _tally(row, g, first):
    """Add the deal's points by seat and source to the wide row's columns from ``first``."""
    for k in range(4 * MAX_PLAYERS):
        row[first + k] += g[POINTS + k]


@kernel((types.int64, RULES_TYPE, types.int64[::1], types.int64[::1], types.int64[:, ::1],
         types.int64[:, ::1], types.boolean))
def _random_game(first_dealer, rules, row, deck, trace_decks, trace_actions, tracing):
    """Play one game with uniformly random tosses and plays through the deal driver
    (``engine._deal``) under ``rules``; fill the wide ``row`` (``VARIANT_COLUMNS``)."""
    row[:] = 0
    row[0] = first_dealer
    g = np.empty(GAME_SIZE, dtype=np.int64)
    game_begin(g, rules, first_dealer, 0)
    n_actions = 0
    drawn = rules.players * rules.cards_dealt + rules.crib_from_deck + 1
    while True:
        event = game_next(g)
        if event == EV_DEAL:
            for i in range(drawn):  # Fisher-Yates, as far as the deal and the starter need
                j = np.random.randint(i, 52)
                deck[i], deck[j] = deck[j], deck[i]
            if tracing and g[DEALS] < MAX_TRACE_DEALS:
                trace_decks[g[DEALS], :] = deck
            game_deal(g, deck)
        elif event == EV_TOSS:
            seat = g[MOVER]
            a = np.random.randint(0, g[R_DEALT])
            b = -1
            if rules.cards_to_crib == 2:
                b = np.random.randint(0, g[R_DEALT] - 1)
                if b >= a:
                    b += 1
            if tracing and n_actions < MAX_TRACE_ACTIONS:
                dealt = DEALT + MAX_DEALT * seat
                trace_actions[n_actions, 0] = ACT_TOSS
                trace_actions[n_actions, 1] = seat
                trace_actions[n_actions, 2] = g[dealt + a]
                trace_actions[n_actions, 3] = g[dealt + b] if b >= 0 else -1
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
            _tally(row, g, _W_TOTAL)
        elif event == EV_WON:
            _tally(row, g, _W_TOTAL)
            _tally(row, g, _W_FINAL)
            row[1] = g[WINNER]
            row[2] = g[DEALS]
            for side in range(MAX_PLAYERS):
                row[_W_SCORES + side] = g[SCORES + side]
            return


@kernel("(int64[::1], int64[::1])")
def _two_player_row(stats, row):
    """The two-player columns (``STAT_COLUMNS``) of a wide row."""
    stats[0], stats[1] = row[0], row[1]
    stats[2], stats[3] = row[_W_SCORES], row[_W_SCORES + 1]
    stats[4] = row[2]
    for source in range(4):
        for seat in range(2):
            stats[_TOTAL + 2 * source + seat] = row[_W_TOTAL + 4 * seat + source]
            stats[_FINAL + 2 * source + seat] = row[_W_FINAL + 4 * seat + source]


@kernel
def simulate_random_games(n_games, seed, rules):
    """Play ``n_games`` random-vs-random games of the two-player ``rules``, first deal
    alternating (seat 0 deals first in even games). Returns stats (n_games, 21) int64,
    columns ``STAT_COLUMNS``."""
    np.random.seed(seed)
    stats = np.zeros((n_games, len(STAT_COLUMNS)), dtype=np.int64)
    row = np.zeros(len(VARIANT_COLUMNS), dtype=np.int64)
    deck = np.arange(52)
    no_decks = np.empty((0, 52), dtype=np.int64)
    no_actions = np.empty((0, 4), dtype=np.int64)
    for g in range(n_games):
        _random_game(g % 2, rules, row, deck, no_decks, no_actions, False)
        _two_player_row(stats[g], row)
    return stats


@kernel
def simulate_variant_games(n_games, seed, rules):
    """Play ``n_games`` games of random players under ``rules`` (any variant), the first
    deal going round the seats (seat ``g % players`` deals first in game ``g``). Returns
    rows (n_games, ``len(VARIANT_COLUMNS)``) int64."""
    np.random.seed(seed)
    rows = np.zeros((n_games, len(VARIANT_COLUMNS)), dtype=np.int64)
    deck = np.arange(52)
    no_decks = np.empty((0, 52), dtype=np.int64)
    no_actions = np.empty((0, 4), dtype=np.int64)
    for g in range(n_games):
        _random_game(g % rules.players, rules, rows[g], deck, no_decks, no_actions, False)
    return rows


@kernel
def trace_random_game(seed, first_dealer, rules):
    """One random game with its trace: its wide row (``VARIANT_COLUMNS``), decks
    (MAX_TRACE_DEALS, 52) and actions (MAX_TRACE_ACTIONS, 4) rows of (kind, seat, card,
    card: -1 when one card is tossed), kind -1 after the end."""
    np.random.seed(seed)
    row = np.zeros(len(VARIANT_COLUMNS), dtype=np.int64)
    decks = np.full((MAX_TRACE_DEALS, 52), -1, dtype=np.int64)
    actions = np.full((MAX_TRACE_ACTIONS, 4), -1, dtype=np.int64)
    _random_game(first_dealer, rules, row, np.arange(52), decks, actions, True)
    return row, decks, actions
