"""GameState.resample_from_infostate: the hidden cards drawn again, consistently with all
the seat saw: its information-state string unchanged, the record replaying (every go and
closed count as it was), the game playable to its end, and the draws varied."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import GameState
from engine.errors import IllegalActionError
from tests.engine.test_infostate import SETUPS, hidden_from, play


@settings(max_examples=80, deadline=None)
@given(setup=SETUPS, steps=st.integers(0, 250), seat=st.sampled_from([0, 1]),
       draw_seed=st.integers(0, 2**32))
def test_a_resampled_game_is_one_the_seat_cannot_tell_apart(setup, steps, seat, draw_seed):
    game, _ = play(setup, steps, np.random.default_rng(setup["seed"]))
    frozen = game.snapshot()
    guess = game.resample_from_infostate(seat, np.random.default_rng(draw_seed))
    assert game.snapshot() == frozen  # the game itself untouched
    assert guess.information_state_string(seat) == game.information_state_string(seat)
    assert guess.observation(seat) == game.observation(seat)
    hidden = hidden_from(game, seat)
    other = 1 - seat
    assert set(guess.hands[other]) - set(game.hands[other]) <= hidden
    # consistent throughout: its record replays to exactly its events, and it plays on
    # (but for its generators: the record's come from the seed, the guess's are new)
    replayed = GameState.from_record(guess.to_record()).snapshot()
    assert {**replayed, "rng": None} == {**guess.snapshot(), "rng": None}
    rng = np.random.default_rng(draw_seed)
    while not guess.is_over:
        who = guess.current_player()
        legal = guess.legal_actions(who)
        guess.apply(who, legal[rng.integers(len(legal))])


def test_the_draws_vary_and_keep_to_what_a_go_says():
    """Seat 0's view of a game where seat 1 said go at 27 (holding cards): every draw
    gives seat 1 cards above 4 pips; different draws give different hands."""
    rng = np.random.default_rng(11)
    for seed in range(200):
        game = GameState.new(seed)
        while not game.is_over:
            who = game.current_player()
            legal = game.legal_actions(who)
            game.apply(who, legal[rng.integers(len(legal))])
            said = [e for e in game.events[-3:] if type(e).__name__ == "SaidGo"]
            if said and said[-1].seat == 1 and game.hands[1] and game.phase == "play":
                break
        else:
            continue
        limit = 31 - said[-1].count
        hands = set()
        for draw in range(30):
            guess = game.resample_from_infostate(0, np.random.default_rng(draw))
            assert all(min(c >> 2, 9) + 1 > limit for c in guess.hands[1])
            hands.add(tuple(sorted(guess.hands[1])))
        assert len(hands) > 1
        return
    pytest.fail("no game with a go by seat 1 holding cards")


def test_nothing_to_resample_while_chance_deals():
    game = GameState.new(2, chance="explicit")
    with pytest.raises(IllegalActionError, match="waiting on chance"):
        game.resample_from_infostate(0, np.random.default_rng(0))
