"""Chance through apply: in an explicit-chance game, chance's cards are actions
(``ChanceCard``) applied as the seats' are, listed by ``legal_actions(CHANCE)``; the old
``apply_chance`` is a deprecated alias that deals the same cards."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import CHANCE, GO, TERMINAL, ChanceCard, GameState, PlayCard
from engine.actions import action_from_id, action_id
from engine.errors import IllegalActionError


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), first_dealer=st.sampled_from([None, 0, 1]))
def test_one_apply_for_chance_and_seats_deals_what_apply_chance_dealt(seed, first_dealer):
    """The same random choices, one game through apply only, the other through the old
    apply_chance for chance's cards: the same game, event for event."""
    through_apply = GameState.new(seed, chance="explicit", first_dealer=first_dealer)
    through_alias = through_apply.clone()
    rng = np.random.default_rng(seed)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        while (who := through_apply.current_player()) != TERMINAL:
            legal = through_apply.legal_actions(who)
            action = legal[rng.integers(len(legal))]
            if who == CHANCE:
                assert [a.card for a in legal] == [c for c, _ in
                                                   through_alias.chance_outcomes()]
                through_alias.apply_chance(action.card)
            else:
                through_alias.apply(who, action)
            through_apply.apply(who, action_from_id(action_id(action)))
            assert through_apply == through_alias
    assert GameState.from_json(through_apply.to_json()) == through_apply


def test_chance_and_the_seats_keep_to_their_own_actions():
    game = GameState.new(4, chance="explicit", first_dealer=0)
    before = game.snapshot()
    for seat, action in ((0, ChanceCard(3)), (True, ChanceCard(3)), (CHANCE, PlayCard(3)),
                         (CHANCE, GO), (CHANCE, ChanceCard(52))):
        with pytest.raises(IllegalActionError):
            game.apply(seat, action)
    assert game.snapshot() == before
    game.apply(CHANCE, ChanceCard(3))
    with pytest.raises(IllegalActionError, match="already out"):
        game.apply(CHANCE, ChanceCard(3))
    assert game.legal_actions(0) == () and len(game.legal_actions(CHANCE)) == 51
    seeded = GameState.new(4)
    assert seeded.legal_actions(CHANCE) == ()
    with pytest.raises(IllegalActionError, match="no chance event is pending"):
        seeded.apply(CHANCE, ChanceCard(3))


def test_apply_chance_is_deprecated_but_works():
    game = GameState.new(4, chance="explicit", first_dealer=0)
    with pytest.warns(DeprecationWarning, match=r"apply\(CHANCE, ChanceCard\(card\)\)"):
        game.apply_chance(7)
    assert game.chance_stage() == ("deal", 1)
