"""Compiled game loop: complete random-vs-random games under the full rules.

Its play is the steps of ``engine._play`` (the same turn order, go, last card and 31 reset
as ``engine.state.GameState``), with the show order and the instant win at 121, and it can
record a trace of each deal's deck and every action, which the tests replay through
``GameState`` to prove both agree.

Stats row per game (int64): see ``STAT_COLUMNS``.
"""

from __future__ import annotations

import numpy as np

from engine._kernels import JACK, kernel, score5
from engine._play import (
    HELD,
    PLAY_STATE,
    card_fits,
    close_count,
    held_card,
    play_begin,
    play_card,
    play_mover,
    play_over,
    say_go,
)
from engine.rules import RULES

_SOURCE_COLUMNS = ("pegging0", "pegging1", "hand0", "hand1", "crib0", "crib1",
                   "his_heels0", "his_heels1")
# Points by source over the whole game, then the same for the final deal alone (the deal in
# which the game ended, usually before its show), so averages can be taken over complete
# deals.
STAT_COLUMNS = ("first_dealer", "winner", "score0", "score1", "deals") + _SOURCE_COLUMNS \
    + tuple("final_deal_" + c for c in _SOURCE_COLUMNS)
_PEG, _HAND, _CRIB, _HEELS = 5, 7, 9, 11  # first column of each source (seat 0, then 1)
_FINAL = 13  # first column of the final deal's points
MAX_TRACE_DEALS = 64
MAX_TRACE_ACTIONS = MAX_TRACE_DEALS * 18
ACT_TOSS, ACT_PLAY, ACT_GO = 0, 1, 2


@kernel("(int64[::1], int64, int64, int64)")
def _award(stats, seat, points, column):
    """Add points (capped at 121); True when ``seat`` has won."""
    score = stats[2 + seat]
    gained = min(points, RULES.target - score)
    stats[2 + seat] = score + gained
    stats[column + seat] += gained
    if score + gained >= RULES.target:
        stats[1] = seat
        return True
    return False


@kernel("(int64, int64[::1], int64[::1], int64[:, ::1], int64[:, ::1], boolean)")
def _play_until_won(first_dealer, stats, deck, trace_decks, trace_actions, tracing):
    stats[:] = 0
    stats[0] = first_dealer
    stats[1] = -1
    dealer = first_dealer
    hands = np.empty((RULES.players, RULES.cards_dealt), dtype=np.int64)
    kept = np.empty((RULES.players, RULES.cards_dealt - RULES.cards_to_crib), dtype=np.int64)
    crib = np.empty(RULES.players * RULES.cards_to_crib, dtype=np.int64)
    play = np.zeros(PLAY_STATE, dtype=np.int64)
    n_actions = 0
    while True:
        stats[4] += 1
        for k in range(8):
            stats[_FINAL + k] = -stats[_PEG + k]
        for i in range(RULES.players * RULES.cards_dealt + 1):  # Fisher-Yates, as far as
            # the deal and the starter need
            j = np.random.randint(i, 52)
            deck[i], deck[j] = deck[j], deck[i]
        if tracing and stats[4] <= MAX_TRACE_DEALS:
            trace_decks[stats[4] - 1, :] = deck
        pone = 1 - dealer
        for k in range(RULES.cards_dealt):
            hands[pone, k] = deck[2 * k]
            hands[dealer, k] = deck[2 * k + 1]
        for seat in (pone, dealer):
            a = np.random.randint(0, RULES.cards_dealt)
            b = np.random.randint(0, RULES.cards_dealt - 1)
            if b >= a:
                b += 1
            crib[2 * (seat == dealer)] = hands[seat, a]
            crib[2 * (seat == dealer) + 1] = hands[seat, b]
            if tracing and n_actions < MAX_TRACE_ACTIONS:
                trace_actions[n_actions, 0] = ACT_TOSS
                trace_actions[n_actions, 1] = seat
                trace_actions[n_actions, 2] = hands[seat, a]
                trace_actions[n_actions, 3] = hands[seat, b]
                n_actions += 1
            m = 0
            for k in range(RULES.cards_dealt):
                if k != a and k != b:
                    kept[seat, m] = hands[seat, k]
                    m += 1
            for k in range(RULES.cards_dealt - RULES.cards_to_crib):
                hands[seat, k] = kept[seat, k]
        starter = deck[RULES.players * RULES.cards_dealt]
        if starter >> 2 == JACK and _award(stats, dealer, 2, _HEELS):
            return
        # the play: a random card that fits, else go (the steps are engine._play's)
        play_begin(play, hands, dealer)
        while True:
            mover = play_mover(play)
            if mover == -1:
                scorer = close_count(play)
                if scorer >= 0 and _award(stats, scorer, 1, _PEG):
                    return
                if play_over(play):
                    break
                continue
            n_fit = 0
            for k in range(play[HELD + mover]):
                if card_fits(play, mover, k):
                    n_fit += 1
            if n_fit == 0:
                say_go(play, mover)
                if tracing and n_actions < MAX_TRACE_ACTIONS:
                    trace_actions[n_actions, 0] = ACT_GO
                    trace_actions[n_actions, 1] = mover
                    n_actions += 1
                continue
            pick = np.random.randint(0, n_fit)
            for k in range(play[HELD + mover]):
                if card_fits(play, mover, k):
                    if pick == 0:
                        break
                    pick -= 1
            if tracing and n_actions < MAX_TRACE_ACTIONS:
                trace_actions[n_actions, 0] = ACT_PLAY
                trace_actions[n_actions, 1] = mover
                trace_actions[n_actions, 2] = held_card(play, mover, k)
                n_actions += 1
            points = play_card(play, mover, k)
            if points and _award(stats, mover, points, _PEG):
                return
        # the show: pone's hand, dealer's hand, the crib
        for seat in (pone, dealer):
            points = score5(kept[seat, 0], kept[seat, 1], kept[seat, 2], kept[seat, 3],
                            starter, False)
            if _award(stats, seat, points, _HAND):
                return
        points = score5(crib[0], crib[1], crib[2], crib[3], starter, True)
        if _award(stats, dealer, points, _CRIB):
            return
        dealer = 1 - dealer


@kernel("(int64, int64[::1], int64[::1], int64[:, ::1], int64[:, ::1], boolean)")
def _random_game(first_dealer, stats, deck, trace_decks, trace_actions, tracing):
    """Play one game with uniformly random tosses and plays; fill ``stats`` (21,)."""
    _play_until_won(first_dealer, stats, deck, trace_decks, trace_actions, tracing)
    for k in range(8):  # final-deal columns held minus the totals at that deal's start
        stats[_FINAL + k] += stats[_PEG + k]


@kernel
def simulate_random_games(n_games, seed):
    """Play ``n_games`` random-vs-random games, first deal alternating (seat 0 deals first
    in even games). Returns stats (n_games, 21) int64, columns ``STAT_COLUMNS``."""
    np.random.seed(seed)
    stats = np.zeros((n_games, len(STAT_COLUMNS)), dtype=np.int64)
    deck = np.arange(52)
    no_decks = np.empty((0, 52), dtype=np.int64)
    no_actions = np.empty((0, 4), dtype=np.int64)
    for g in range(n_games):
        _random_game(g % 2, stats[g], deck, no_decks, no_actions, False)
    return stats


@kernel
def trace_random_game(seed, first_dealer):
    """One random game with its trace: stats (21,), decks (MAX_TRACE_DEALS, 52) and
    actions (MAX_TRACE_ACTIONS, 4) rows of (kind, seat, card, card), kind -1 after the end."""
    np.random.seed(seed)
    stats = np.zeros(len(STAT_COLUMNS), dtype=np.int64)
    decks = np.full((MAX_TRACE_DEALS, 52), -1, dtype=np.int64)
    actions = np.full((MAX_TRACE_ACTIONS, 4), -1, dtype=np.int64)
    _random_game(first_dealer, stats, np.arange(52), decks, actions, True)
    return stats, decks, actions
