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
game: the players, the cards dealt, the cards each puts in the crib, the target and the
skunk lines. The play's state (``engine._play``) holds two hands of four, so this driver
plays the two-player six-card game; the record is where a variant says what it changes.
"""

from __future__ import annotations

import numba
import numpy as np
from numba import types

from engine._kernels import JACK, kernel, score5
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
R_PLAYERS, R_DEALT, R_TO_CRIB, R_TARGET, R_SKUNK, R_DOUBLE_SKUNK = range(PLAY_STATE,
                                                                        PLAY_STATE + 6)
N_RULES = len(Rules._fields)
MAX_PLAYERS, MAX_DEALT, MAX_KEPT, MAX_CRIB, MAX_PLAYED, MAX_PEGS = 2, 6, 4, 4, 8, 16
PEGGING, HAND, CRIB, HEELS = 0, 1, 2, 3  # point sources, engine.events.SOURCES' order

SCORES = R_PLAYERS + N_RULES  # one per seat
DEALER = SCORES + MAX_PLAYERS
PHASE = DEALER + 1
MOVER = PHASE + 1  # the seat asked to toss or play (or that said go)
STEP = MOVER + 1  # the tosses made this deal
STARTER = STEP + 1
WINNER = STARTER + 1  # -1 while the game goes on
DEALS = WINNER + 1  # deals begun
IN_ORDER = DEALS + 1  # 1: a played card's hand keeps its order (GameState's), 0: swapped
N_PLAYED = IN_ORDER + 1
N_PEGS = N_PLAYED + 1
DEALT = N_PEGS + 1  # MAX_DEALT a seat, as dealt (the seat may reorder them before tossing)
KEPT = DEALT + MAX_PLAYERS * MAX_DEALT  # MAX_KEPT a seat, in the dealt order
TOSSED = KEPT + MAX_PLAYERS * MAX_KEPT  # 2 a seat
CRIB_CARDS = TOSSED + MAX_PLAYERS * 2  # the pone's two, then the dealer's
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


RULES_TYPE = numba.typeof(RULES)  # a Rules record in compiled code: six int64 fields


def compiled_rules(rules: Rules) -> Rules:
    """``rules`` as a compiled loop takes them, having checked the driver plays them: the
    two-player six-card game only (the play's state holds two hands of four)."""
    if (rules.players, rules.cards_dealt, rules.cards_to_crib) != (2, 6, 2):
        raise NotImplementedError(f"the compiled deal plays two players with six cards, "
                                  f"not {rules}")
    return Rules(*(int(v) for v in rules))


@kernel((types.int64[::1], RULES_TYPE, types.int64, types.int64))
def game_begin(g, rules, first_dealer, in_order):
    """A new game at 0-0 under ``rules`` (an ``engine.rules.Rules``), ``first_dealer``
    dealing first.
    ``in_order``: whether a seat's cards keep their order as it plays (``GameState``'s
    order, which players choosing by position need) or the last takes the played card's
    place (the simulator's and the training's, whose figures are pinned)."""
    g[:] = 0
    g[R_PLAYERS], g[R_DEALT], g[R_TO_CRIB] = rules.players, rules.cards_dealt, \
        rules.cards_to_crib
    g[R_TARGET], g[R_SKUNK] = rules.target, rules.skunk_line
    g[R_DOUBLE_SKUNK] = rules.double_skunk_line
    g[DEALER] = first_dealer
    g[PHASE] = P_DEAL
    g[WINNER] = -1
    g[IN_ORDER] = in_order


@kernel("(int64[::1], int64[::1])")
def game_deal(g, deck):
    """Deal from ``deck`` (shuffled by the caller): one card at a time from the pone, the
    starter the card after the hands (as cutting a shuffled deck there)."""
    dealer = g[DEALER]
    pone = 1 - dealer
    n = g[R_DEALT]
    for k in range(n):
        g[DEALT + MAX_DEALT * pone + k] = deck[2 * k]
        g[DEALT + MAX_DEALT * dealer + k] = deck[2 * k + 1]
    g[STARTER] = deck[g[R_PLAYERS] * n]
    g[POINTS:PEGGED + MAX_PLAYERS] = 0
    g[N_PLAYED] = 0
    g[N_PEGS] = 0
    g[STEP] = 0
    g[DEALS] += 1
    g[PHASE] = P_TOSS


@kernel("(int64[::1], int64, int64, int64)", inline="always")
def _award(g, seat, points, source):
    """Add ``points`` (capped at the target); True when ``seat`` has won."""
    score = g[SCORES + seat]
    gained = min(points, g[R_TARGET] - score)
    g[SCORES + seat] = score + gained
    g[POINTS + 4 * seat + source] += gained
    if source == PEGGING:
        g[PEGGED + seat] += points
        if g[N_PEGS] < MAX_PEGS:
            g[PEG_SEAT + g[N_PEGS]] = seat
            g[PEG_POINTS + g[N_PEGS]] = points
        g[N_PEGS] += 1
    if score + gained >= g[R_TARGET]:
        g[WINNER] = seat
        g[PHASE] = P_WON
        return True
    return False


@kernel("(int64[::1], int64, int64)")
def game_toss(g, a, b):
    """The seat asked (``g[MOVER]``) puts its ``a``-th and ``b``-th cards in the crib."""
    seat = g[MOVER]
    base = DEALT + MAX_DEALT * seat
    slot = CRIB_CARDS + 2 * (seat == g[DEALER])
    g[slot], g[slot + 1] = g[base + a], g[base + b]
    g[TOSSED + 2 * seat], g[TOSSED + 2 * seat + 1] = g[base + a], g[base + b]
    m = 0
    for k in range(g[R_DEALT]):
        if k != a and k != b:
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


@kernel("(int64[::1], int64[::1], int64[::1], int64)")
def game_play_from(g, hand0, hand1, dealer):
    """Go straight to the play with these kept hands (four cards each, seat 0's and seat
    1's; ``dealer`` deals, so the other seat leads; the scores are left as they are): a
    deal played out from its play, as the expert's rollouts and the pegging statistics
    do."""
    g[DEALER] = dealer
    for k in range(MAX_KEPT):
        g[KEPT + k] = hand0[k]
        g[KEPT + MAX_KEPT + k] = hand1[k]
    g[N_PLAYED] = 0
    g[N_PEGS] = 0
    g[POINTS:PEGGED + MAX_PLAYERS] = 0
    play_begin(g[PLAY:PLAY + PLAY_STATE],
               g[KEPT:KEPT + MAX_PLAYERS * MAX_KEPT].reshape(MAX_PLAYERS, MAX_KEPT), dealer)
    g[PHASE] = P_PLAY


@kernel("(int64[::1],)")
def game_next(g):
    """Do what the rules do by themselves until somebody must choose (``EV_TOSS``,
    ``EV_PLAY``: ``g[MOVER]`` is asked), the dealer must deal (``EV_DEAL``), something the
    caller may want to see happened (``EV_GO``, ``EV_PLAY_OVER``, ``EV_DEAL_DONE``), or the
    game is won (``EV_WON``, ``g[WINNER]``; it is returned again on every later call)."""
    dealer = g[DEALER]
    pone = 1 - dealer
    phase = g[PHASE]
    if phase == P_DONE:  # the deal passes
        g[DEALER] = pone
        g[PHASE] = P_DEAL
        return EV_DEAL
    if phase == P_DEAL:
        return EV_DEAL
    if phase == P_TOSS:
        if g[STEP] < g[R_PLAYERS]:
            g[MOVER] = pone if g[STEP] == 0 else dealer
            return EV_TOSS
        g[PHASE] = P_HEELS
        phase = P_HEELS
    if phase == P_HEELS:
        if g[STARTER] >> 2 == JACK and _award(g, dealer, 2, HEELS):
            return EV_WON
        play_begin(g[PLAY:PLAY + PLAY_STATE],
                   g[KEPT:KEPT + MAX_PLAYERS * MAX_KEPT].reshape(MAX_PLAYERS, MAX_KEPT),
                   dealer)
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
    if phase == P_SHOW:  # pone's hand, dealer's hand, the crib
        for seat in (pone, dealer):
            k = KEPT + MAX_KEPT * seat
            points = score5(g[k], g[k + 1], g[k + 2], g[k + 3], g[STARTER], False)
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
