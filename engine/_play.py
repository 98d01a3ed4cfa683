"""The play of a deal, compiled once: its state in one small int64 array and the steps
every compiled loop takes (who moves, what fits, play a card, say go, close the count).

``engine.state.GameState`` is the checked referee of the same rules; the compiled random
loop (``engine._simulate``) and the weights training loop (``ai.training._weights``) are
strategies over these steps (which card to play), and ``GameState`` itself takes them:
it asks them who moves, what fits and when the count closes, and adds what a person sees
(each point's breakdown, the events, manual counting). Scoring the points stays with the
caller (each keeps its own tally), so a step returns the points a move pegs.

The state (``PLAY_STATE`` int64 values), for two to four seats playing in turn to the
left (seat + 1, the last seat's left being seat 0):

- ``COUNT``: the running count; ``N_SEQ``: cards in it, which are ``SEQ .. SEQ + N_SEQ``;
- ``LAST``: the seat that played the last card (-1 before any);
- ``CANDIDATE``: the seat to move next if it can;
- ``SEATS``: the seats playing; ``ONE_COUNT``: 1 when the play ends with its first count
  (five-card cribbage), ``CLOSED``: the counts closed so far;
- ``GO + seat``: 1 when the seat has said go in this count;
- ``HELD + seat``: cards the seat still holds, which are ``HANDS + 4 * seat + i``.

A card leaves a hand by swapping in the hand's last card, so the order of the cards held
(which a random or greedy choice depends on) is the same as in the loops before.

With two seats every step does exactly what the two-player loops did before the variants
(the pinned games replay unchanged): the other seat is ``seat + 1`` modulo two.
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

MAX_SEATS = 4
MAX_SEQ = 16  # cards in one count (13 at most fit under 31: four aces, twos and threes, a 4)
COUNT, N_SEQ, LAST, CANDIDATE, SEATS, ONE_COUNT, CLOSED = range(7)
GO = 7
HELD = GO + MAX_SEATS
SEQ = HELD + MAX_SEATS
HANDS = SEQ + MAX_SEQ
PLAY_STATE = HANDS + 4 * MAX_SEATS  # four hands of (at most) four


@kernel
def play_begin(state, hands, dealer, seats, kept, one_count):
    """Start the play of ``seats`` seats: the dealer's left leads; ``hands`` (>= seats, >=
    kept) holds each seat's ``kept`` cards in its first columns. ``one_count``: the play
    ends with its first count (five-card cribbage)."""
    state[:] = 0
    state[LAST] = -1
    state[SEATS] = seats
    state[ONE_COUNT] = one_count
    state[CANDIDATE] = dealer + 1 if dealer + 1 < seats else 0
    for seat in range(seats):
        state[HELD + seat] = kept
        for i in range(kept):
            state[HANDS + 4 * seat + i] = hands[seat, i]


@kernel("(int64[::1], int64)", inline="always")
def next_seat(state, seat):
    """The seat on ``seat``'s left, who plays after it."""
    return seat + 1 if seat + 1 < state[SEATS] else 0


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
    """The seat to act now (to play a card, or to say go when none fits), or -1 when no one
    can (or the count is 31): then the count closes (:func:`close_count`). The seats still
    in the count are those that hold cards and have not said go; the first of them from the
    candidate on (to the left) acts, unless no card of it fits and it is the only one left.
    """
    if state[COUNT] == MAX_COUNT:
        return -1
    seats = state[SEATS]
    seat = state[CANDIDATE]
    for _ in range(seats):
        if state[GO + seat] == 0 and state[HELD + seat] > 0:
            if any_fits(state, seat):
                return seat
            for other in range(seats):  # it says go while another can still play
                if other != seat and state[GO + other] == 0 and state[HELD + other] > 0:
                    return seat
            return -1
        seat = seat + 1 if seat + 1 < seats else 0
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
    state[CANDIDATE] = seat + 1 if seat + 1 < state[SEATS] else 0
    n, total = state[N_SEQ], state[COUNT]  # at most 13 cards fit under 31
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
    state[CANDIDATE] = next_seat(state, seat)


@kernel
def close_count(state):
    """No one can play: the count ends. Returns the seat that pegs 1 for the go (or for the
    last card, when :func:`play_over`), or -1 when the count is 31 (its 2 points were
    pegged with the card); the count starts again with the seat on the last player's left
    to lead (or the next seat with cards)."""
    scorer = state[LAST] if state[COUNT] < MAX_COUNT else -1
    state[COUNT] = 0
    state[N_SEQ] = 0
    for seat in range(MAX_SEATS):
        state[GO + seat] = 0
    state[CLOSED] += 1
    state[CANDIDATE] = next_seat(state, state[LAST])
    return scorer


@kernel
def play_over(state):
    """Every card has been played (or, in five-card cribbage, the first count has closed:
    the cards left are not played)."""
    if state[ONE_COUNT] and state[CLOSED] > 0:
        return True
    for seat in range(state[SEATS]):
        if state[HELD + seat] > 0:
            return False
    return True


def new_play_state(seats: int = 2) -> np.ndarray:
    state = np.zeros(PLAY_STATE, dtype=np.int64)
    state[SEATS] = seats
    return state
