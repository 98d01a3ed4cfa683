"""The play of a deal, compiled once: its state in one small int64 array and the steps
every compiled loop takes (who moves, what fits, play a card, say go, close the count).

``engine.state.GameState`` is the checked referee of the same rules; the compiled random
loop (``engine._simulate``) and the weights training loop (``ai.training._weights``) are
strategies over these steps (which card to play), and ``GameState`` itself takes them:
it asks them who moves, what fits and when the count closes, and adds what a person sees
(each point's breakdown, the events, manual counting). Scoring the points stays with the
caller (each keeps its own tally), so a step returns the points a move pegs.

The state (``PLAY_STATE`` int64 values):

- ``COUNT``: the running count; ``N_SEQ``: cards in it, which are ``SEQ .. SEQ + N_SEQ``;
- ``LAST``: the seat that played the last card (-1 before any);
- ``CANDIDATE``: the seat to move next if it can;
- ``GO + seat``: 1 when the seat has said go in this count;
- ``HELD + seat``: cards the seat still holds, which are ``HANDS + 4 * seat + i``.

A card leaves a hand by swapping in the hand's last card, so the order of the cards held
(which a random or greedy choice depends on) is the same as in the loops before.
"""

from __future__ import annotations

import numpy as np

from engine._kernels import (
    card_pip,
    kernel,
    packed_ranks,
    peg_points_ranks,
)
from engine.rules import MAX_COUNT

COUNT, N_SEQ, LAST, CANDIDATE, GO, HELD, SEQ, HANDS = 0, 1, 2, 3, 4, 6, 8, 17
PLAY_STATE = HANDS + 8  # two hands of four


@kernel
def play_begin(state, hands, dealer):
    """Start the play: the pone leads; ``hands`` (2, >= 4) holds each seat's four kept
    cards in its first four columns."""
    state[:] = 0
    state[LAST] = -1
    state[CANDIDATE] = 1 - dealer
    for seat in range(2):
        state[HELD + seat] = 4
        for i in range(4):
            state[HANDS + 4 * seat + i] = hands[seat, i]


@kernel("(int64[::1], int64, int64)", inline="always")
def held_card(state, seat, i):
    """The ``i``-th card ``seat`` holds."""
    return state[HANDS + 4 * seat + i]


@kernel("(int64[::1], int64, int64)", inline="always")
def card_fits(state, seat, i):
    """Whether the ``i``-th card ``seat`` holds keeps the count within 31."""
    return state[COUNT] + card_pip(state[HANDS + 4 * seat + i]) <= MAX_COUNT


@kernel("(int64[::1], int64)")
def any_fits(state, seat):
    for i in range(state[HELD + seat]):
        if card_fits(state, seat, i):
            return True
    return False


@kernel
def play_mover(state):
    """The seat to act now (to play a card, or to say go when none fits), or -1 when
    neither can (or the count is 31): then the count closes (:func:`close_count`). The
    candidate moves if it can; else the other seat does, unless it has said go or is out of
    cards too."""
    if state[COUNT] == MAX_COUNT:
        return -1
    candidate = state[CANDIDATE]
    for step in range(2):
        seat = candidate if step == 0 else 1 - candidate
        if state[GO + seat] or state[HELD + seat] == 0:
            continue
        other = 1 - seat
        if any_fits(state, seat) or not (state[GO + other] or state[HELD + other] == 0):
            return seat
    return -1


@kernel(inline="always")
def _played(state, seat, card):
    """``seat`` has played ``card``: the state after it; returns the points it pegs. Written
    into each play step (its count read in one loop, then scored on a number): no call
    while the state is held, so numba prunes its reference count (docs/speed.md)."""
    state[HELD + seat] -= 1
    state[COUNT] += card_pip(card)
    state[SEQ + state[N_SEQ]] = card
    state[N_SEQ] += 1
    state[LAST] = seat
    state[CANDIDATE] = 1 - seat
    n, total = state[N_SEQ], state[COUNT]  # at most 8 cards: both hands
    return peg_points_ranks(packed_ranks(state, SEQ + n, n), n, total)


@kernel
def play_card(state, seat, i):
    """``seat`` plays the ``i``-th card it holds (it must fit). Returns the points it pegs
    (fifteen, pairs, runs, 31); a 31 then closes the count (:func:`play_mover` returns -1).
    The hand's last card takes the played card's place."""
    base = HANDS + 4 * seat
    n = state[HELD + seat]
    card = state[base + i]
    state[base + i] = state[base + n - 1]
    return _played(state, seat, card)


@kernel("(int64[::1], int64, int64)")
def play_card_in_order(state, seat, i):
    """:func:`play_card`, keeping the order of the cards still held (as ``GameState`` does,
    which players that choose by hand order need)."""
    base = HANDS + 4 * seat
    n = state[HELD + seat]
    card = state[base + i]
    for j in range(i, n - 1):
        state[base + j] = state[base + j + 1]
    return _played(state, seat, card)


@kernel
def say_go(state, seat):
    state[GO + seat] = 1
    state[CANDIDATE] = 1 - seat


@kernel
def _reset(state):
    state[COUNT] = 0
    state[N_SEQ] = 0
    state[GO] = 0
    state[GO + 1] = 0


@kernel
def close_count(state):
    """Neither seat can play: the count ends. Returns the seat that pegs 1 for the go (or
    for the last card, when :func:`play_over`), or -1 when the count is 31 (its 2 points were
    pegged with the card); the count starts again with the other seat to lead."""
    scorer = state[LAST] if state[COUNT] < MAX_COUNT else -1
    _reset(state)
    state[CANDIDATE] = 1 - state[LAST]
    return scorer


@kernel
def play_over(state):
    """Every card has been played."""
    return state[HELD] == 0 and state[HELD + 1] == 0


def new_play_state() -> np.ndarray:
    return np.zeros(PLAY_STATE, dtype=np.int64)
