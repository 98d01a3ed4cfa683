"""The information-state string (GameState.information_state_string): two games a seat
cannot tell apart (they differ only in the opponent's unplayed cards and throw, the cards
never dealt, the starter before the cut) give that seat the same string; games differing
in anything it sees give different ones."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import CHANCE, ChanceCard, GameState, PlayCard, Toss
from engine.cards import PIPS
from engine.events import Dealt, Show

SETUPS = st.fixed_dictionaries({
    "seed": st.integers(0, 2**32),
    "manual_count": st.tuples(st.booleans(), st.booleans()),
    "manual_pegging": st.tuples(st.booleans(), st.booleans()),
})


def play(setup: dict, steps: int, rng: np.random.Generator) -> tuple[GameState, int]:
    """A game after ``steps`` random actions (stopping before its end), and the index in
    its actions where the current deal's begin."""
    game, deal_start, deal = GameState.new(**setup), 0, 1
    for _ in range(steps):
        seat = game.current_player()
        legal = game.legal_actions(seat)
        after = game.clone()
        after.apply(seat, legal[rng.integers(len(legal))])
        if after.is_over:
            break
        game = after
        if game.deal_number != deal:
            deal, deal_start = game.deal_number, len(game.actions)
    return game, deal_start


def hidden_from(game: GameState, seat: int) -> set[int]:
    """The cards of the current deal ``seat`` has not seen, from the state itself."""
    other, deck = 1 - seat, game.decks[-1]
    hidden = set(game.hands[other]) | set(game.tosses[other] or ()) | set(deck[13:])
    if game.starter is None:
        hidden.add(deck[12])
    last_deal = max(i for i, e in enumerate(game.events) if isinstance(e, Dealt))
    for event in game.events[last_deal:]:
        if isinstance(event, Show):
            hidden -= set(event.cards)
    return hidden


def rebuild(game: GameState, deal_start: int, swap: dict[int, int],
            earlier_rng: np.random.Generator) -> GameState:
    """The same game with the cards of the current deal exchanged as ``swap`` says (the
    cards it does not name stay), and the cards never dealt in the earlier deals shuffled;
    the same actions replayed (their cards exchanged too). Any variant: the cards a deal
    draws before the starter are its hands and the crib's card from the deck."""
    def mapped(card: int) -> int:
        return swap.get(card, card)

    rules = game.rules
    drawn = rules.players * rules.cards_dealt + rules.crib_from_deck + 1  # and the starter
    decks = [d[:drawn] + tuple(earlier_rng.permutation(d[drawn:]).tolist())
             for d in game.decks[:-1]]
    decks.append(tuple(mapped(c) for c in game.decks[-1]))
    twin = GameState.new(game.seed, first_dealer=None if game.cuts else game.first_dealer,
                         scores=game.start_scores, decks=decks, cuts=game.cuts,
                         manual_count=game.manual_count, manual_pegging=game.manual_pegging,
                         muggins=game.muggins, rules=rules)
    for index, (seat, action) in enumerate(game.actions):
        if index >= deal_start:
            if isinstance(action, Toss):
                action = Toss(tuple(mapped(c) for c in action.cards))
            elif isinstance(action, PlayCard):
                action = PlayCard(mapped(action.card))
        twin.apply(seat, action)
    return twin


def same_pip_shuffle(cards: set[int], rng: np.random.Generator) -> dict[int, int]:
    """A random exchange of ``cards`` among themselves, each for one of the same pip value
    (so that what fits under 31, and so every go said, stays as it was)."""
    swap = {}
    for pip in set(PIPS[c] for c in cards):
        group = sorted(c for c in cards if PIPS[c] == pip)
        swap.update(zip(group, rng.permutation(group).tolist(), strict=True))
    return swap


@settings(max_examples=80, deadline=None)
@given(setup=SETUPS, steps=st.integers(0, 250), seat=st.sampled_from([0, 1]),
       shuffle_seed=st.integers(0, 2**32))
def test_what_a_seat_cannot_see_does_not_change_its_string(setup, steps, seat, shuffle_seed):
    game, deal_start = play(setup, steps, np.random.default_rng(setup["seed"]))
    rng = np.random.default_rng(shuffle_seed)
    swap = same_pip_shuffle(hidden_from(game, seat), rng)
    twin = rebuild(game, deal_start, swap, rng)
    assert twin.information_state_string(seat) == game.information_state_string(seat)
    # not vacuous: the other seat sees its own hand, the referee everything
    if twin.hands[1 - seat] != game.hands[1 - seat]:
        assert twin.information_state_string(1 - seat) != \
            game.information_state_string(1 - seat)
    if any(a != b for a, b in swap.items()):
        assert twin != game


@settings(max_examples=80, deadline=None)
@given(setup=SETUPS, steps=st.integers(0, 250), seat=st.sampled_from([0, 1]),
       pick=st.integers(0, 100))
def test_a_card_the_seat_holds_changed_changes_its_string(setup, steps, seat, pick):
    game, deal_start = play(setup, steps, np.random.default_rng(setup["seed"]))
    hidden = hidden_from(game, seat)
    held = [c for c in game.hands[seat] if any(PIPS[h] == PIPS[c] for h in hidden)]
    if not held:
        return
    mine = held[pick % len(held)]
    alike = sorted(h for h in hidden if PIPS[h] == PIPS[mine])
    theirs = alike[pick % len(alike)]
    twin = rebuild(game, deal_start, {mine: theirs, theirs: mine}, np.random.default_rng(0))
    assert twin.information_state_string(seat) != game.information_state_string(seat)


def test_scores_the_turn_and_the_seat_are_in_the_string():
    game = GameState.new(5, first_dealer=0)
    other = GameState.new(5, first_dealer=0, scores=(0, 1))
    assert game.information_state_string(0) != other.information_state_string(0)
    assert game.information_state_string(0) != game.information_state_string(1)
    before = game.information_state_string(0)
    game.apply(1, game.legal_actions(1)[0])  # the pone throws: seat 0 sees that it did
    assert game.information_state_string(0) != before
    assert "p1 tosses ??" in game.information_state_string(0)
    with pytest.raises(ValueError, match="seat must be 0 or 1"):
        game.information_state_string(2)


def test_an_explicit_chance_deal_shows_how_many_cards_came_not_which():
    first, second = (GameState.new(1, chance="explicit", first_dealer=0) for _ in range(2))
    first.apply(CHANCE, ChanceCard(0))
    second.apply(CHANCE, ChanceCard(5))
    assert first.current_player() == CHANCE
    assert first.information_state_string(0) == second.information_state_string(0)
    assert "chance deal 1" in first.information_state_string(1)
