"""The deal, written once: the compiled driver every compiled loop plays its games through.

A game (or one deal, or only its play) is one int64 array, ``GAME_SIZE`` long. The driver
does what the rules do by themselves: it deals the cards it is given, turns the starter,
pegs his heels, says go, closes the count, scores the show in order (pone, dealer, crib),
stops the instant someone reaches the target, and passes the deal. Whenever somebody must
choose, it stops and says who: the caller (a loop with its own players and its own random
stream) answers, and calls :func:`game_next` again::

    game_begin(g, rules, first_dealer, in_order)
    while True:
        event = game_next(g)
        if event == EV_DEAL:       # the caller shuffles: chance is the caller's
            game_deal(g, deck)
        elif event == EV_TOSS:     # g[MOVER] tosses two of dealt_cards(g, seat)
            game_toss(g, a, b)
        elif event == EV_PLAY:     # g[MOVER] plays one of the cards it holds that fit
            game_play(g, i)
        elif event == EV_WON:      # g[WINNER] reached the target
            break
        # EV_GO (the mover said go), EV_PLAY_OVER (the play ended, the show is next) and
        # EV_DEAL_DONE (the deal ended, its points are in POINTS) only tell the caller

The simulator (``engine._simulate``), the match loop (``ai.match._loop``), the weights
training (``ai.training._weights``) and the expert's rollouts (``ai._rollout``, the play
only, from :func:`game_play_from`) are players over these steps; ``engine.state.GameState``
is the checked referee of the same rules, and the tests replay compiled games through it.

What the driver needs of the rules comes from the rules record (``engine.rules.Rules``),
given to :func:`game_begin` (numba takes the record as a tuple) and kept at the front of the
game: the players (two to four, seated 0.. to the left, the deal passing to the left), the
cards dealt and tossed, a card from the deck to the crib, the target and skunk lines,
partners, the points at the start and a play of one count. With the two-player six-card
record every step is the one the loops took before the variants: its games are pinned.

Scores are kept by side (``SCORES + side``): a side is a player, or in the partnership game
a pair of partners sitting across (seats 0 and 2 are side 0, 1 and 3 side 1); ``WINNER`` is
a side. A deal's points (``POINTS``, ``PEGGED``) are kept by seat, who pegged them.
"""

from __future__ import annotations

import numba
import numpy as np
from numba import types

from engine._kernels import JACK, kernel, score3, score5
from engine._play import (
    PLAY_STATE,
    any_fits,
    close_count,
    held_card,
    play_begin,
    play_card,
    play_card_in_order,
    play_mover,
    play_over,
    say_go,
)
from engine.rules import RULES, Rules

# one game: the play's state first (``engine._play``'s steps take the game itself, no view
# of it to make at every step), the rules record's fields in its order, scalars, the cards
PLAY = 0
(R_PLAYERS, R_DEALT, R_TO_CRIB, R_TARGET, R_SKUNK, R_DOUBLE_SKUNK, R_CRIB_FROM_DECK,
 R_PARTNERS, R_START_POINTS, R_ONE_COUNT) = range(PLAY_STATE, PLAY_STATE + 10)
N_RULES = len(Rules._fields)
MAX_PLAYERS, MAX_DEALT, MAX_KEPT, MAX_CRIB, MAX_PLAYED, MAX_PEGS = 4, 6, 4, 4, 16, 32
PEGGING, HAND, CRIB, HEELS = 0, 1, 2, 3  # point sources, engine.events.SOURCES' order

SCORES = R_PLAYERS + N_RULES  # one per side
SIDES = SCORES + MAX_PLAYERS  # the scores kept: players, or partnerships
KEPT_N = SIDES + 1  # the cards a seat keeps (cards dealt less those tossed)
DEALER = KEPT_N + 1
PHASE = DEALER + 1
MOVER = PHASE + 1  # the seat asked to toss or play (or that said go)
STEP = MOVER + 1  # the tosses made this deal
STARTER = STEP + 1
WINNER = STARTER + 1  # the side that won; -1 while the game goes on
DEALS = WINNER + 1  # deals begun
IN_ORDER = DEALS + 1  # 1: a played card's hand keeps its order (GameState's), 0: swapped
N_PLAYED = IN_ORDER + 1
N_PEGS = N_PLAYED + 1
DEALT = N_PEGS + 1  # MAX_DEALT a seat, as dealt (the seat may reorder them before tossing)
KEPT = DEALT + MAX_PLAYERS * MAX_DEALT  # MAX_KEPT a seat, in the dealt order
TOSSED = KEPT + MAX_PLAYERS * MAX_KEPT  # 2 a seat
CRIB_CARDS = TOSSED + MAX_PLAYERS * 2  # in the order tossed (dealer's left first), then the
# card from the deck
POINTS = CRIB_CARDS + MAX_CRIB  # this deal's points, 4 * seat + source, capped at the target
PEGGED = POINTS + 4 * MAX_PLAYERS  # this deal's pegging a seat, not capped
PLAYED = PEGGED + MAX_PLAYERS  # the cards played this deal, in order
PLAYED_BY = PLAYED + MAX_PLAYED
PEG_SEAT = PLAYED_BY + MAX_PLAYED  # the pegging this deal in the order pegged: who
PEG_POINTS = PEG_SEAT + MAX_PEGS  # and how many
GAME_SIZE = PEG_POINTS + MAX_PEGS

# phases, and the events game_next returns
P_DEAL, P_TOSS, P_HEELS, P_PLAY, P_SHOW, P_DONE, P_WON = range(7)
EV_DEAL, EV_TOSS, EV_PLAY, EV_GO, EV_PLAY_OVER, EV_DEAL_DONE, EV_WON = range(7)


RULES_TYPE = numba.typeof(RULES)  # a Rules record in compiled code: its int64 fields


def compiled_rules(rules: Rules) -> Rules:
    """``rules`` as a compiled loop takes them (plain ints), having checked they describe a
    game the driver plays (``Rules.check``: ValueError with the reason if not)."""
    return Rules(*(int(v) for v in rules)).check()


@kernel("(int64[::1], int64)", inline="always")
def left_of(g, seat):
    """The seat on ``seat``'s left: who is dealt to, tosses, plays and shows after it."""
    return seat + 1 if seat + 1 < g[R_PLAYERS] else 0


@kernel("(int64[::1], int64)", inline="always")
def side_of(g, seat):
    """The side whose score ``seat`` pegs on (itself, or its partnership)."""
    return seat - g[SIDES] if seat >= g[SIDES] else seat


@kernel((types.int64[::1], RULES_TYPE, types.int64, types.int64))
def game_begin(g, rules, first_dealer, in_order):
    """A new game under ``rules`` (an ``engine.rules.Rules``), ``first_dealer`` dealing
    first: every score 0, but the first pone's start points (five-card's "three for last").
    ``in_order``: whether a seat's cards keep their order as it plays (``GameState``'s
    order, which players choosing by position need) or the last takes the played card's
    place (the simulator's and the training's, whose figures are pinned)."""
    g[:] = 0
    g[R_PLAYERS], g[R_DEALT], g[R_TO_CRIB] = rules.players, rules.cards_dealt, \
        rules.cards_to_crib
    g[R_TARGET], g[R_SKUNK] = rules.target, rules.skunk_line
    g[R_DOUBLE_SKUNK] = rules.double_skunk_line
    g[R_CRIB_FROM_DECK], g[R_PARTNERS] = rules.crib_from_deck, rules.partners
    g[R_START_POINTS], g[R_ONE_COUNT] = rules.start_points, rules.one_count
    g[SIDES] = rules.players // 2 if rules.partners else rules.players
    g[KEPT_N] = rules.cards_dealt - rules.cards_to_crib
    g[DEALER] = first_dealer
    g[PHASE] = P_DEAL
    g[WINNER] = -1
    g[IN_ORDER] = in_order
    if rules.start_points:
        g[SCORES + side_of(g, left_of(g, first_dealer))] += rules.start_points


@kernel("(int64[::1], int64[::1])")
def game_deal(g, deck):
    """Deal from ``deck`` (shuffled by the caller): one card at a time from the dealer's
    left round to the dealer, then a card to the crib if the rules give one, and the starter
    the card after (as cutting a shuffled deck there)."""
    dealer = g[DEALER]
    players = g[R_PLAYERS]
    n = g[R_DEALT]
    seat = left_of(g, dealer)
    for j in range(players):
        for k in range(n):
            g[DEALT + MAX_DEALT * seat + k] = deck[players * k + j]
        seat = left_of(g, seat)
    top = players * n
    for k in range(g[R_CRIB_FROM_DECK]):  # after the tossed cards
        g[CRIB_CARDS + players * g[R_TO_CRIB] + k] = deck[top + k]
    g[STARTER] = deck[top + g[R_CRIB_FROM_DECK]]
    g[POINTS:PEGGED + MAX_PLAYERS] = 0
    g[N_PLAYED] = 0
    g[N_PEGS] = 0
    g[STEP] = 0
    g[DEALS] += 1
    g[PHASE] = P_TOSS


@kernel("(int64[::1], int64, int64, int64)", inline="always")
def _award(g, seat, points, source):
    """Add ``points`` to ``seat``'s side (capped at the target); True when it has won."""
    side = side_of(g, seat)
    score = g[SCORES + side]
    gained = min(points, g[R_TARGET] - score)
    g[SCORES + side] = score + gained
    g[POINTS + 4 * seat + source] += gained
    if source == PEGGING:
        g[PEGGED + seat] += points
        if g[N_PEGS] < MAX_PEGS:
            g[PEG_SEAT + g[N_PEGS]] = seat
            g[PEG_POINTS + g[N_PEGS]] = points
        g[N_PEGS] += 1
    if score + gained >= g[R_TARGET]:
        g[WINNER] = side
        g[PHASE] = P_WON
        return True
    return False


@kernel("(int64[::1], int64, int64)")
def game_toss(g, a, b):
    """The seat asked (``g[MOVER]``) puts its ``a``-th and ``b``-th cards in the crib (only
    the ``a``-th when the rules toss one card a player; ``b`` is then not read)."""
    seat = g[MOVER]
    base = DEALT + MAX_DEALT * seat
    two = g[R_TO_CRIB] == 2
    slot = CRIB_CARDS + g[R_TO_CRIB] * g[STEP]  # the tosses come from the dealer's left on
    g[slot] = g[base + a]
    g[TOSSED + 2 * seat] = g[base + a]
    if two:
        g[slot + 1] = g[base + b]
        g[TOSSED + 2 * seat + 1] = g[base + b]
    m = 0
    for k in range(g[R_DEALT]):
        if k != a and (k != b or not two):
            g[KEPT + MAX_KEPT * seat + m] = g[base + k]
            m += 1
    g[STEP] += 1


@kernel("(int64[::1], int64)")
def game_play(g, i):
    """The seat asked (``g[MOVER]``) plays the ``i``-th card it holds (it fits); returns
    the points it pegs."""
    seat = g[MOVER]
    g[PLAYED + g[N_PLAYED]] = held_card(g, seat, i)
    g[PLAYED_BY + g[N_PLAYED]] = seat
    g[N_PLAYED] += 1
    points = play_card_in_order(g, seat, i) if g[IN_ORDER] else play_card(g, seat, i)
    if points:
        _award(g, seat, points, PEGGING)
    return points


@kernel("(int64[::1],)", inline="always")
def _begin_play(g):
    play_begin(g[PLAY:PLAY + PLAY_STATE],
               g[KEPT:KEPT + MAX_PLAYERS * MAX_KEPT].reshape(MAX_PLAYERS, MAX_KEPT),
               g[DEALER], g[R_PLAYERS], g[KEPT_N], g[R_ONE_COUNT])


@kernel("(int64[::1], int64[::1], int64[::1], int64)")
def game_play_from(g, hand0, hand1, dealer):
    """Go straight to the play with these kept hands (four cards each, seat 0's and seat
    1's; ``dealer`` deals, so the other seat leads; the scores are left as they are): a
    deal of the two-player game played out from its play, as the expert's rollouts and the
    pegging statistics do."""
    g[DEALER] = dealer
    for k in range(MAX_KEPT):
        g[KEPT + k] = hand0[k]
        g[KEPT + MAX_KEPT + k] = hand1[k]
    g[N_PLAYED] = 0
    g[N_PEGS] = 0
    g[POINTS:PEGGED + MAX_PLAYERS] = 0
    _begin_play(g)
    g[PHASE] = P_PLAY


@kernel("(int64[::1],)")
def game_next(g):
    """Do what the rules do by themselves until somebody must choose (``EV_TOSS``,
    ``EV_PLAY``: ``g[MOVER]`` is asked), the dealer must deal (``EV_DEAL``), something the
    caller may want to see happened (``EV_GO``, ``EV_PLAY_OVER``, ``EV_DEAL_DONE``), or the
    game is won (``EV_WON``, ``g[WINNER]``; it is returned again on every later call)."""
    dealer = g[DEALER]
    phase = g[PHASE]
    if phase == P_DONE:  # the deal passes to the left
        g[DEALER] = left_of(g, dealer)
        g[PHASE] = P_DEAL
        return EV_DEAL
    if phase == P_DEAL:
        return EV_DEAL
    if phase == P_TOSS:
        if g[STEP] < g[R_PLAYERS]:  # from the dealer's left round to the dealer
            mover = dealer + 1 + g[STEP]
            g[MOVER] = mover - g[R_PLAYERS] if mover >= g[R_PLAYERS] else mover
            return EV_TOSS
        g[PHASE] = P_HEELS
        phase = P_HEELS
    if phase == P_HEELS:
        if g[STARTER] >> 2 == JACK and _award(g, dealer, 2, HEELS):
            return EV_WON
        _begin_play(g)
        g[PHASE] = P_PLAY
        phase = P_PLAY
    if phase == P_PLAY:  # the play's steps take the game itself: its state comes first
        while True:
            mover = play_mover(g)
            if mover == -1:
                scorer = close_count(g)
                if scorer >= 0 and _award(g, scorer, 1, PEGGING):
                    return EV_WON
                if play_over(g):
                    g[PHASE] = P_SHOW
                    return EV_PLAY_OVER
                continue
            g[MOVER] = mover
            if not any_fits(g, mover):
                say_go(g, mover)
                return EV_GO
            return EV_PLAY
    if phase == P_SHOW:  # the hands from the dealer's left round to the dealer, the crib
        seat = dealer
        for _ in range(g[R_PLAYERS]):
            seat = left_of(g, seat)
            k = KEPT + MAX_KEPT * seat
            if g[KEPT_N] == 4:
                points = score5(g[k], g[k + 1], g[k + 2], g[k + 3], g[STARTER], False)
            else:
                points = score3(g[k], g[k + 1], g[k + 2], g[STARTER])
            if _award(g, seat, points, HAND):
                return EV_WON
        points = score5(g[CRIB_CARDS], g[CRIB_CARDS + 1], g[CRIB_CARDS + 2],
                        g[CRIB_CARDS + 3], g[STARTER], True)
        if _award(g, dealer, points, CRIB):
            return EV_WON
        g[PHASE] = P_DONE
        return EV_DEAL_DONE
    return EV_WON  # P_WON


def new_game() -> np.ndarray:
    return np.zeros(GAME_SIZE, dtype=np.int64)
