import json

import pytest

from ai.match import run_match, wilson_interval
from cribbage_gui.cli import main

REQUIRED = ("games", "wins_a", "wins_b", "win_rate_a", "ci95_a", "skunks_a", "skunks_b",
            "games_per_s", "decision_ms_p95_a", "decision_ms_p95_b")


def test_wilson_interval():
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0
    lo, hi = wilson_interval(5400, 10000)
    assert lo < 0.54 < hi and hi - lo < 0.02


def test_summary_figures_are_consistent():
    s = run_match("heuristic", "random", 40, seed=2, referee=True)  # timed decisions
    assert s["games"] == 40 == s["wins_a"] + s["wins_b"]
    assert s["win_rate_a"] == s["wins_a"] / 40
    lo, hi = s["ci95_a"]
    assert lo <= s["win_rate_a"] <= hi
    assert s["skunks_a"] + s["double_skunks_a"] <= s["wins_a"]
    for side in "ab":
        per = s[f"points_per_deal_{side}"]
        assert per["total"] == pytest.approx(sum(v for k, v in per.items() if k != "total"))
        roles = s[f"points_per_deal_by_role_{side}"]
        assert roles["dealer"]["crib"] > 0 and roles["pone"]["crib"] == 0
        assert roles["pone"]["his_heels"] == 0
    assert 0 < s["decision_ms_median_a"] <= s["decision_ms_p95_a"]


def test_workers_give_the_same_results():
    one = run_match("mueller", "random", 12, seed=7, workers=1)
    two = run_match("mueller", "random", 12, seed=7, workers=2)
    for key in ("wins_a", "wins_b", "skunks_a", "deals_per_game", "points_per_deal_a",
                "first_dealer_win_rate"):
        assert one[key] == two[key], key


def test_match_command_json(capsys):
    assert main(["match", "random", "heuristic", "--games", "10", "--seed", "3",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    for key in REQUIRED:
        assert key in data, key
    assert data["games"] == 10 and len(data["ci95_a"]) == 2


def test_match_command_table(capsys):
    assert main(["match", "random", "random", "--games", "6"]) == 0
    out = capsys.readouterr().out
    assert "win rate" in out and "95% CI" in out
    assert "played compiled" in out and "decision ms" not in out  # no time to show
    assert main(["match", "random", "random", "--games", "6", "--referee"]) == 0
    out = capsys.readouterr().out
    assert "decision ms (p95)" in out and "played compiled" not in out


def test_match_command_bad_player(capsys):
    with pytest.raises(SystemExit) as info:
        main(["match", "random", "nobody", "--games", "2"])
    assert info.value.code == 2
    assert "no player called 'nobody'" in capsys.readouterr().err
