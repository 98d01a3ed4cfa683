"""The simulator's games pinned before the deal was written once (issue 37, section 3):
the same seed gives the same games, to the last figure and action."""

import hashlib

from engine.simulate import simulate_random_games, trace_random_game


def test_the_simulator_plays_the_pinned_games():
    stats = simulate_random_games(3000, 5)
    assert stats.shape == (3000, 21)
    assert hashlib.sha256(stats.tobytes()).hexdigest()[:16] == "d274bbbc2962a142"


def test_a_traced_game_is_the_pinned_game():
    traced = trace_random_game(11, 1)
    assert traced.scores == (119, 121)
    assert (len(traced.actions), len(traced.decks)) == (139, 13)
    played = repr((traced.actions, traced.decks, sorted(traced.points_by_source.items())))
    assert hashlib.sha256(played.encode()).hexdigest()[:16] == "f5590487d81088e1"
