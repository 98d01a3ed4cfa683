import pytest

from ai.match.series import Series, match_points


def test_acc_match_points():
    assert [match_points(s) for s in (0, 1, 2)] == [2, 3, 3]


def test_best_of_five():
    s = Series(5)
    assert s.target == 3
    for winner, skunk in [(0, 0), (1, 1), (0, 2), (1, 0)]:
        s.add(winner, skunk)
        assert not s.over
    assert (s.wins(0), s.wins(1), s.points(0), s.points(1)) == (2, 2, 5, 5)
    s.add(0, 0)
    assert s.over and s.winner == 0 and s.points(0) == 7
    with pytest.raises(ValueError, match="already decided"):
        s.add(1, 0)


def test_single_game_and_bad_lengths():
    s = Series(1)
    s.add(1, 1)
    assert s.over and s.winner == 1 and s.points(1) == 3
    for bad in (0, 2, -3):
        with pytest.raises(ValueError):
            Series(bad)
