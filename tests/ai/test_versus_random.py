"""Each player plays 1,000 complete games against random without an error."""

import pytest

from ai.match import run_match


@pytest.mark.slow
@pytest.mark.parametrize("name,least", [("random", 0.4), ("heuristic", 0.9),
                                        ("mueller", 0.9)])
def test_a_thousand_games_against_random(name, least):
    summary = run_match(name, "random", 1000, seed=11)
    assert summary["games"] == 1000 == summary["wins_a"] + summary["wins_b"]
    assert summary["win_rate_a"] >= least
