"""Invariants over thousands of random games, and the compiled loop against the referee."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.events import Dealt, GameOver, Played, Scored, Show
from engine.simulate import (
    STAT_COLUMNS,
    simulate_random_games,
    summarize_random_games,
    trace_random_game,
)
from engine.state import GameState
from tests.engine.helpers import play_randomly, visible_cards

SOURCES = ("pegging", "hand", "crib", "his_heels")  # the compiled loop's (no muggins)


class Checker:
    """Checks every invariant after each action of a game."""

    def __init__(self, game: GameState):
        self.game = game
        self.last_scores = list(game.scores)
        self.n_events = len(game.events)

    def __call__(self, game: GameState) -> None:
        # 52 cards accounted for: held, played, in the crib, the undealt rest of the deck
        deck = game.decks[-1]
        played = [c for _, c in game.played]
        tossed = list(game.crib)
        accounted = game.hands[0] + game.hands[1] + played + tossed + list(deck[12:])
        assert sorted(accounted) == list(range(52))
        # scores never decrease; the game ends exactly when someone reaches 121
        assert all(new >= old for new, old in zip(game.scores, self.last_scores, strict=True))
        self.last_scores = list(game.scores)
        if game.is_over:
            assert game.scores[game.winner] == 121 > game.scores[1 - game.winner]
            assert isinstance(game.events[-1], GameOver)
        else:
            assert max(game.scores) < 121 and game.winner is None
        # nothing happens after the game is over
        assert not any(isinstance(e, GameOver) for e in game.events[:-1])
        # observations never leak the opponent's cards, the crib or the deck
        for seat in (0, 1):
            obs = game.observation(seat)
            allowed = set(game.dealt[seat]) | set(played)
            if game.starter is not None:
                allowed.add(game.starter)
            if obs.show is not None:  # the hand or crib being counted is face up
                allowed |= set(obs.show[2])
            assert visible_cards(obs) <= allowed
            assert obs.opponent_cards_left == len(game.hands[1 - seat])
        # a 31 is worth 2 in all: no go or last-card point follows it
        new = game.events[self.n_events:]
        for i, e in enumerate(new):
            if isinstance(e, Played) and e.count == 31:
                for later in new[i + 1:]:
                    if isinstance(later, Played | Show | Dealt):
                        break
                    assert not (isinstance(later, Scored)
                                and later.reason in ("go", "last card"))
        self.n_events = len(game.events)



@settings(max_examples=1500)
@given(seed=st.integers(0, 2**32 - 1),
       start=st.tuples(st.integers(0, 120), st.integers(0, 120)),
       manual=st.tuples(st.booleans(), st.booleans()), muggins=st.booleans())
def test_invariants_hold_in_random_games(seed, start, manual, muggins):
    game = GameState.new(seed, scores=start, manual_count=manual, muggins=muggins)
    checker = Checker(game)
    checker(game)
    play_randomly(game, np.random.default_rng(seed), on_step=checker)
    assert game.is_over


@pytest.mark.parametrize("seed", range(300))
def test_compiled_loop_plays_exactly_like_the_referee(seed):
    traced = trace_random_game(seed, first_dealer=seed % 2)
    game = traced.replay()
    assert game.is_over
    assert game.winner == traced.winner
    assert tuple(game.scores) == traced.scores


def test_compiled_loop_statistics_are_sane():
    stats = simulate_random_games(20_000, seed=3)
    col = {name: i for i, name in enumerate(STAT_COLUMNS)}
    winners = stats[:, col["winner"]]
    assert set(np.unique(winners)) == {0, 1}
    scores = stats[:, [col["score0"], col["score1"]]]
    assert (scores.max(axis=1) == 121).all() and (scores.min(axis=1) < 121).all()
    for seat in (0, 1):
        parts = sum(stats[:, col[f"{source}{seat}"]] for source in SOURCES)
        assert (parts == scores[:, seat]).all()
        final = sum(stats[:, col[f"final_deal_{source}{seat}"]] for source in SOURCES)
        assert ((final >= 0) & (final <= parts)).all()
    summary = summarize_random_games(stats)
    # his heels: 4/52 of deals give 2 points
    assert summary["his_heels_per_deal"] == pytest.approx(2 * 4 / 52, abs=0.01)
    # a random keep is a random 4-card hand: 4.769 on average (the exact mean); two a deal
    assert summary["hand_per_deal"] == pytest.approx(2 * 4.769, abs=0.1)
    assert summary["crib_per_deal"] == pytest.approx(4.735, abs=0.1)
    assert 0.5 < summary["first_dealer_win_rate"] < 0.6


def test_simulation_is_reproducible():
    assert np.array_equal(simulate_random_games(200, 9), simulate_random_games(200, 9))
    assert not np.array_equal(simulate_random_games(200, 9), simulate_random_games(200, 10))


@pytest.mark.parametrize("seed", range(0, 3000, 100))
def test_kernel_and_referee_attribute_points_to_the_same_sources(seed):
    traced = trace_random_game(seed, first_dealer=1)
    game = traced.replay()
    by_source = {(source, seat): 0 for source in SOURCES for seat in (0, 1)}
    previous = [0, 0]
    for e in game.events:
        if isinstance(e, Scored):
            by_source[(e.source, e.seat)] += e.total - previous[e.seat]
            previous[e.seat] = e.total
    assert by_source == traced.points_by_source
