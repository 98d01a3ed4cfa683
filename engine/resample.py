"""A game as it might be, for one seat: the cards hidden from it dealt again at random,
consistently with everything it has seen (OpenSpiel's ``ResampleFromInfostate``). The
determinization an information-set search plays out.

What is redrawn: every other seat's unplayed cards (a partner's as an opponent's: each of
them too big for every go that seat said and every count that closed this deal, as these
say that none fitted; one of them fitting when that seat is to move while no one else is
still in the count, as it was asked), the other seats' throws to the crib, the crib's card
from the deck (three players) until the crib is shown, the starter before it is cut, the
undealt cards, and the chance of the deals to come (new generators). What stays: the
seat's own cards, everything played or shown, the scores, every action and event the seat
saw. The record of the state it gives replays (its decks, actions and events agree); it is
not the game its seed deals.

The draw is uniform among the deals that agree with what the seat saw. The constraints a
go or a closed count puts on a seat's cards are a least pip value, so the cards each seat
may hold are nested sets; drawn from the smallest set first, each seat's hand is uniform
given the others', and the whole is uniform. In every variant the same code draws; with
two players it is the draw it always was (the same generator gives the same game).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from engine._play import CLOSED, HANDS
from engine.actions import Toss
from engine.cards import PIPS
from engine.errors import IllegalActionError
from engine.events import CountReset, Dealt, Played, SaidGo, Show, Tossed
from engine.rules import MAX_COUNT

# A game is an engine.state.GameState, known here by its shape: the state imports this
# module, and no two modules import each other (tests/test_architecture.py).
GameState = Any

_TRIES = 1000  # draws of a hand that must hold a card that fits, before giving up uniformity


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
    rules = game.rules
    players = rules.players
    twin = game.clone()
    others = [(seat + k) % players for k in range(1, players)]  # round to the left
    deal_at = max(i for i, e in enumerate(game.events) if isinstance(e, Dealt))
    this_deal = game.events[deal_at:]
    shown = {c for e in this_deal if isinstance(e, Show) for c in e.cards}
    deck = game.decks[-1]
    top = players * rules.cards_dealt  # the deck: the hands, the crib's cards, the starter
    hands: dict[int, list[int]] = {}
    tosses: dict[int, list[int]] = {}
    for other in others:
        if game.tosses[other] is None:  # not thrown yet: its dealt cards are its hand
            hands[other] = list(game.dealt[other])
            tosses[other] = []
        else:
            hands[other] = [c for c in game.hands[other] if c not in shown]
            tosses[other] = [c for c in game.tosses[other] if c not in shown]
    deck_crib = [c for c in deck[top:top + rules.crib_from_deck] if c not in shown]
    starter_at = top + rules.crib_from_deck
    starter_hidden = game.starter is None
    pool = [c for other in others for c in hands[other] + tosses[other]] + deck_crib \
        + ([deck[starter_at]] if starter_hidden else []) + list(deck[starter_at + 1:])
    rng.shuffle(pool)
    least = _least_pips(game, this_deal, others)
    holding = sorted((o for o in others if hands[o]), key=lambda o: -least[o])  # (stable)
    asked = _asked_to_fit(game, seat)
    new_hands = _draw_hands(pool, holding, hands, least)
    if asked is not None:
        first = holding[0] == asked  # the most constrained: its draw leaves the others
        fits = _fits(pool, least[asked], [])  # as many ways to hold their cards
        for _ in range(_TRIES):  # uniform among the hands that fit: draw until one does
            if any(game.count + PIPS[c] <= MAX_COUNT for c in new_hands[asked]):
                break
            if first:
                rng.shuffle(fits)
                new_hands = _draw_hands(pool, holding, hands, least, {asked: fits})
            else:
                rng.shuffle(pool)
                new_hands = _draw_hands(pool, holding, hands, least)
        else:  # (the real hand shows one exists) rare enough to give up uniformity
            if not first:
                fits = _fits(pool, least[asked], [])
            new_hands = _forced(game, pool, fits, holding, hands, least, asked, rng)
    drawn = {c for o in holding for c in new_hands[o]}
    rest = [c for c in pool if c not in drawn]
    swap: dict[int, int] = {}
    for other in others:
        new_toss, rest = rest[:len(tosses[other])], rest[len(tosses[other]):]
        swap.update(zip(hands[other] + tosses[other],
                        new_hands.get(other, []) + new_toss, strict=True))
    new_crib, rest = rest[:len(deck_crib)], rest[len(deck_crib):]
    swap.update(zip(deck_crib, new_crib, strict=True))
    _rewrite(twin, game, others, swap)
    if starter_hidden:
        starter, rest = rest[0], rest[1:]
    else:
        starter = deck[starter_at]
    dealt = twin.dealt
    order = [(twin.dealer + 1 + j) % players for j in range(players)]  # the dealer's left first
    dealt_top = [dealt[s][i] for i in range(rules.cards_dealt) for s in order]
    twin.decks[-1] = (*dealt_top, *twin.deck_crib, starter, *rest)
    twin._starter_in_deck = starter
    if twin._chance_drawn:  # explicit chance, between the deal and the starter: the deal's
        twin._chance_drawn = list(twin.decks[-1][:len(twin._chance_drawn)])
    # the deals to come: new chance, unknown to the seat as the real ones are
    twin._cut_rng, twin._deal_rng = (np.random.default_rng(s) for s in
                                     rng.integers(2**63, size=2))
    twin._rngs_shared = False
    return twin


def _least_pips(game: GameState, this_deal: list, others: list[int]) -> dict[int, int]:
    """Each other seat's least pip value of a card it may hold now. A go said at count c,
    or a count that closed at c (no one could play: every seat holding cards held none that
    fitted), says that none of the cards the seat held then (those it holds now among them)
    fitted under 31."""
    closed = [e.count for e in this_deal if isinstance(e, CountReset)]
    pending = game._peg_pending  # a manually pegging seat about to claim a go: the
    if game.phase == "peg" and pending is not None and pending[0] == "go":  # count closed
        closed.append(game.count)
    if game.rules.one_count and int(game._steps[CLOSED]) and game.count \
            and not any(isinstance(e, CountReset) for e in this_deal):
        closed.append(game.count)  # five-card: the play ended at a go, the rest unplayed
    least = {}
    for other in others:
        gone = closed + [e.count for e in this_deal if isinstance(e, SaidGo) and e.seat == other]
        least[other] = MAX_COUNT - min(gone) + 1 if gone else 1
    return least


def _asked_to_fit(game: GameState, seat: int) -> int | None:
    """The other seat to move in the play when no one but it is still in the count (every
    other seat has said go or holds nothing): it was asked because a card of its fits (else
    the count would have closed). None when there is no such seat."""
    mover = game.to_play
    if game.phase != "play" or mover is None or mover == seat or not game.hands[mover]:
        return None
    still_in = any(not game.go_said[s] and game.hands[s]
                   for s in range(game.rules.players) if s != mover)
    return None if still_in else mover


def _fits(pool: list[int], least: int, taken: list[int]) -> list[int]:
    return [c for c in pool if PIPS[c] >= least and c not in taken]


def _draw_hands(pool: list[int], holding: list[int], hands: dict[int, list[int]],
                least: dict[int, int], fits_of: dict[int, list[int]] | None = None
                ) -> dict[int, list[int]]:
    """Each seat of ``holding`` (the most constrained first) its hand: the first of the
    cards left in ``pool`` that it may hold (or of ``fits_of[seat]``, already in order)."""
    taken: list[int] = []
    new: dict[int, list[int]] = {}
    for other in holding:
        if fits_of is not None and other in fits_of:
            fits = [c for c in fits_of[other] if c not in taken]
        else:
            fits = _fits(pool, least[other], taken)
        new[other] = fits[:len(hands[other])]
        taken += new[other]
    return new


def _forced(game: GameState, pool: list[int], fits: list[int], holding: list[int],
            hands: dict[int, list[int]], least: dict[int, int], asked: int,
            rng: np.random.Generator) -> dict[int, list[int]]:
    """The asked seat's hand (from ``fits``, the cards it may hold) with a card that fits
    the count drawn first, then the others' as usual."""
    low = [c for c in fits if game.count + PIPS[c] <= MAX_COUNT]
    for first in [low[rng.integers(len(low))]] + low:
        rest = [c for c in fits if c != first]
        new = {asked: [first] + rest[:len(hands[asked]) - 1]}
        taken = list(new[asked])
        for other in holding:
            if other != asked:
                new[other] = _fits(pool, least[other], taken)[:len(hands[other])]
                taken += new[other]
        if all(len(new[o]) == len(hands[o]) for o in holding):
            return new
    raise AssertionError("no hand fits what the seat saw")  # the real one does


def _rewrite(twin: GameState, game: GameState, others: list[int],
             swap: dict[int, int]) -> None:
    """Put ``swap``'s cards in place of the hidden ones, everywhere the state holds them:
    the other seats' hands, their dealt cards, their throws, the crib's card from the deck,
    the play's array, the deal's events and the throws' actions."""
    def mapped(cards):
        return tuple(swap.get(c, c) for c in cards)

    dealt = list(twin.dealt)
    for other in others:
        twin.hands[other] = list(mapped(game.hands[other]))
        dealt[other] = mapped(game.dealt[other])
        if game.tosses[other] is not None:
            twin.tosses[other] = tuple(sorted(mapped(game.tosses[other])))
    twin.dealt = dealt
    twin._deck_crib = mapped(game.deck_crib)
    deal_at = max(i for i, e in enumerate(game.events) if isinstance(e, Dealt))
    begun = game.phase in ("play", "peg", "count") or any(
        isinstance(e, Played) for e in game.events[deal_at:])  # else its array is zeros
    for other in others:  # the cards dealt into the play's array (past those held too: a
        for i in range(game.rules.kept if begun else 0):  # replay leaves them; not its 0s)
            card = int(twin._steps[HANDS + 4 * other + i])
            twin._steps[HANDS + 4 * other + i] = swap.get(card, card)
    for i in range(deal_at, len(twin.events)):
        event = twin.events[i]
        if isinstance(event, Dealt):
            twin.events[i] = replace(event, hands=tuple(
                mapped(hand) if s in others else hand for s, hand in enumerate(event.hands)))
        elif isinstance(event, Tossed) and event.seat in others:
            twin.events[i] = replace(event, cards=tuple(sorted(mapped(event.cards))))
    thrown = {o for o in others if game.tosses[o] is not None}
    for i in range(len(twin.actions) - 1, -1, -1):  # the throws of this deal: the last ones
        if not thrown:
            break
        who, action = twin.actions[i]
        if who in thrown and isinstance(action, Toss):
            twin.actions[i] = (who, Toss(mapped(action.cards)))
            thrown.discard(who)
