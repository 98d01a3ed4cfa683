import itertools

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


# ---------------------------------------------------------- cribbage match --best-of
def test_matches_follow_the_rules_of_match_play():
    from ai.match.matchplay import play_matches

    matches = play_matches(("mueller", "heuristic", 4, [0, 1, 2, 3], 7, False))
    for m, games in enumerate(matches):
        wins = [sum(g.winner == seat for g in games) for seat in (0, 1)]
        assert max(wins) == 4 and min(wins) == len(games) - 4  # first to four ends it
        assert [g.index for g in games] == [m * 7 + k for k in range(len(games))]
        assert games[0].first_dealer == m % 2
        for before, after in itertools.pairwise(games):
            assert after.first_dealer == 1 - before.winner  # the loser deals first


def test_matches_are_the_same_compiled_refereed_and_on_two_workers():
    from ai.match.matchplay import run_matches

    keys = ("match_wins_a", "acc_net_per_game_a", "acc_net_ci95_a", "games", "wins_a",
            "skunks_a", "skunks_b", "points_per_deal_a")
    one = run_matches("expert:acc", "mueller", 3, 3, seed=5)
    refereed = run_matches("expert:acc", "mueller", 3, 3, seed=5, referee=True)
    two = run_matches("expert:acc", "mueller", 3, 3, seed=5, workers=2)
    for key in keys:
        assert one[key] == refereed[key] == two[key], key


def test_the_match_figures_count_acc_points():
    from ai.match.matchplay import run_matches

    s = run_matches("heuristic", "random", 8, 5, seed=2)
    assert s["matches"] == 8 and s["games"] == round(8 * s["games_per_match"])
    a = (2 * (s["wins_a"] - s["skunks_a"] - s["double_skunks_a"])
         + 3 * (s["skunks_a"] + s["double_skunks_a"]))
    b = (2 * (s["wins_b"] - s["skunks_b"] - s["double_skunks_b"])
         + 3 * (s["skunks_b"] + s["double_skunks_b"]))
    assert s["acc_points_per_game_a"] == pytest.approx(a / s["games"])
    assert s["acc_net_per_game_a"] == pytest.approx((a - b) / s["games"])
    lo, hi = s["acc_net_ci95_a"]
    assert lo < s["acc_net_per_game_a"] < hi
    assert s["match_wins_a"] + s["match_wins_b"] == 8


def test_best_of_on_the_command_line(capsys):
    from cribbage_gui.cli import main

    assert main(["match", "heuristic", "random", "--games", "4", "--best-of", "3"]) == 0
    out = capsys.readouterr().out
    assert "4 matches of best of 3" in out and "ACC points a game" in out
    for bad, why in ((["--best-of", "4"], "odd number"),
                     (["--best-of", "3", "--save-games", "x"], "single games")):
        with pytest.raises(SystemExit) as exit_:
            main(["match", "heuristic", "random", "--games", "2", *bad])
        assert exit_.value.code == 2 and why in capsys.readouterr().err
