"""A game as it might be, for one seat: the cards hidden from it dealt again at random,
consistently with everything it has seen (OpenSpiel's ``ResampleFromInfostate``). The
determinization an information-set search plays out.

What is redrawn: the opponent's unplayed cards (each of them too big for every go it said
and every count that closed this deal, as these say that none fitted; one of them fitting
when it is to move while this seat has said go, as it was asked), the opponent's throw to the
crib, the starter before it is cut, the undealt cards, and the chance of the deals to
come (new generators). What stays: the seat's own cards, everything played or shown, the
scores, every action and event the seat saw. The record of the state it gives replays
(its decks, actions and events agree); it is not the game its seed deals.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from engine._play import HANDS
from engine.actions import Toss
from engine.cards import PIPS
from engine.errors import IllegalActionError
from engine.events import CountReset, Dealt, Played, SaidGo, Show, Tossed
from engine.rules import MAX_COUNT

# A game is an engine.state.GameState, known here by its shape: the state imports this
# module, and no two modules import each other (tests/test_architecture.py).
GameState = Any


def resample_from_infostate(game: GameState, seat: int,
                            rng: np.random.Generator) -> GameState:
    """A clone of ``game`` in which what ``seat`` cannot see is drawn again with ``rng``
    (see the module docstring): ``seat``'s information-state string is unchanged.

    >>> from engine.state import GameState
    >>> game = GameState.new(7, first_dealer=0)
    >>> guess = resample_from_infostate(game, 1, np.random.default_rng(0))
    >>> guess.dealt[1] == game.dealt[1], guess.dealt[0] == game.dealt[0]
    (True, False)
    >>> guess.information_state_string(1) == game.information_state_string(1)
    True
    """
    game._check_seat(seat)
    if game.phase == "chance" or not game.decks:
        raise IllegalActionError("a game waiting on chance has nothing to resample yet: "
                                 "deal its pending cards first")
    other, twin = 1 - seat, game.clone()
    deal_at = max(i for i, e in enumerate(game.events) if isinstance(e, Dealt))
    this_deal = game.events[deal_at:]
    shown = {c for e in this_deal if isinstance(e, Show) for c in e.cards}
    deck = game.decks[-1]
    hand = [c for c in game.hands[other] if c not in shown]
    toss = [c for c in (game.tosses[other] or ()) if c not in shown]
    if game.tosses[other] is None:  # not thrown yet: its six are its hand
        hand = list(game.dealt[other])
    starter_hidden = game.starter is None
    pool = hand + toss + ([deck[12]] if starter_hidden else []) + list(deck[13:])
    rng.shuffle(pool)
    # a go said at count c, or a count that closed at c: none of the cards the opponent
    # held then (those it holds now among them) fitted under 31
    gone = [e.count for e in this_deal if isinstance(e, SaidGo) and e.seat == other
            or isinstance(e, CountReset)]
    pending = game._peg_pending  # a manually pegging seat about to claim a go: the
    if game.phase == "peg" and pending is not None and pending[0] == "go":  # count closed
        gone.append(game.count)
    least_pip = MAX_COUNT - min(gone) + 1 if gone else 1
    fits = [c for c in pool if PIPS[c] >= least_pip]
    # the opponent to move while this seat has said go or holds nothing: it was asked
    # because a card of its fits (else the count would have closed)
    must_fit = game.phase == "play" and game.to_play == other and bool(hand) and (
        game.go_said[seat] or not game.hands[seat])
    new_hand = fits[:len(hand)]
    for _ in range(1000):  # uniform among the hands that fit: draw until one does
        if not must_fit or any(game.count + PIPS[c] <= MAX_COUNT for c in new_hand):
            break
        rng.shuffle(fits)
        new_hand = fits[:len(hand)]
    else:  # (the real hand shows one exists) rare enough to give up uniformity
        low = [c for c in fits if game.count + PIPS[c] <= MAX_COUNT]
        first = low[rng.integers(len(low))]
        new_hand = [first] + [c for c in fits if c != first][:len(hand) - 1]
    rest = [c for c in pool if c not in new_hand]
    new_toss, rest = rest[:len(toss)], rest[len(toss):]
    _rewrite(twin, game, other, dict(zip(hand + toss, new_hand + new_toss, strict=True)))
    if starter_hidden:
        starter, rest = rest[0], rest[1:]
    else:
        starter = deck[12]
    dealt = twin.dealt
    pone = 1 - twin.dealer
    top = [c for pair in zip(dealt[pone], dealt[twin.dealer], strict=True) for c in pair]
    twin.decks[-1] = (*top, starter, *rest)
    twin._starter_in_deck = starter
    # the deals to come: new chance, unknown to the seat as the real ones are
    twin._cut_rng, twin._deal_rng = (np.random.default_rng(s) for s in
                                     rng.integers(2**63, size=2))
    twin._rngs_shared = False
    return twin


def _rewrite(twin: GameState, game: GameState, other: int, swap: dict[int, int]) -> None:
    """Put ``swap``'s cards in place of the opponent's hidden ones, everywhere the state
    holds them: its hand, its six dealt, its throw, the play's array, the deal's events
    and the throw's action."""
    def mapped(cards):
        return tuple(swap.get(c, c) for c in cards)

    twin.hands[other] = list(mapped(game.hands[other]))
    dealt = list(twin.dealt)
    dealt[other] = mapped(game.dealt[other])
    twin.dealt = dealt
    if game.tosses[other] is not None:
        twin.tosses[other] = tuple(sorted(mapped(game.tosses[other])))
    deal_at = max(i for i, e in enumerate(game.events) if isinstance(e, Dealt))
    begun = game.phase in ("play", "peg", "count") or any(
        isinstance(e, Played) for e in game.events[deal_at:])  # else its array is zeros
    for i in range(4 if begun else 0):  # past the cards held too: a replay leaves them
        card = int(twin._steps[HANDS + 4 * other + i])
        twin._steps[HANDS + 4 * other + i] = swap.get(card, card)
    for i in range(deal_at, len(twin.events)):
        event = twin.events[i]
        if isinstance(event, Dealt):
            hands = list(event.hands)
            hands[other] = mapped(event.hands[other])
            twin.events[i] = replace(event, hands=(hands[0], hands[1]))
        elif isinstance(event, Tossed) and event.seat == other:
            twin.events[i] = replace(event, cards=tuple(sorted(mapped(event.cards))))
    if game.tosses[other] is None:
        return
    for i in range(len(twin.actions) - 1, -1, -1):  # the throw of this deal: the last
        who, action = twin.actions[i]
        if who == other and isinstance(action, Toss):
            twin.actions[i] = (who, Toss(mapped(action.cards)))
            break
