import json
import subprocess
import sys

import pytest

from cribbage_gui.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_count_prints_breakdown_cadence_and_total(capsys):
    code, out, _ = run(capsys, "count", "5H", "5C", "5S", "JD", "--starter", "5D")
    assert code == 0
    assert "double pair royal" in out and "his nobs" in out
    assert "and nobs is twenty-nine" in out
    assert out.strip().endswith("Total: 29")


def test_count_crib_rules(capsys):
    _, hand, _ = run(capsys, "count", "2H", "4H", "6H", "8H", "-s", "KC")
    _, crib, _ = run(capsys, "count", "2H", "4H", "6H", "8H", "-s", "KC", "--crib")
    assert hand.strip().endswith("Total: 4") and crib.strip().endswith("Total: 0")
    assert "nineteen" in crib and "no points" in crib  # (said, for who never heard it)


def test_analyze_table_sorted_by_net(capsys):
    code, out, _ = run(capsys, "analyze", "5H", "5C", "5S", "JD", "6D", "7C", "--dealer")
    assert code == 0
    rows = [line.split() for line in out.splitlines() if line[:2].strip().isdigit()]
    assert len(rows) == 15
    nets = [float(r[-1]) for r in rows]
    assert nets == sorted(nets, reverse=True)
    assert rows[0][1:5] == ["5H", "5C", "5S", "JD"]


def test_analyze_json(capsys):
    code, out, _ = run(capsys, "analyze", "5h", "5c", "5s", "jd", "6d", "7c", "--json")
    data = json.loads(out)
    assert code == 0 and data["dealer"] is False and len(data["options"]) == 15
    first = data["options"][0]
    assert sum(first["crib"]["histogram"]) == first["crib"]["cribs"] == 45540
    assert len(first["hand"]["by_starter"]) == 46


@pytest.mark.parametrize("argv,message", [
    (["count", "5H", "5C", "5S", "ZZ", "-s", "5D"], "malformed card 'ZZ'"),
    (["count", "5H", "5C", "5S", "JD", "-s", "5H"], "duplicated card"),
    (["analyze", "5H", "5C", "5S", "JD", "6D", "6D"], "duplicated card '6D'"),
])
def test_bad_cards_give_a_clear_error_and_status_2(capsys, argv, message):
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert message in capsys.readouterr().err


def test_console_entry_point_runs_as_a_module():
    result = subprocess.run(
        [sys.executable, "-m", "cribbage_gui.cli", "count", "AC", "2D", "3H", "4S", "-s", "5C"],
        capture_output=True, text=True, check=True)
    assert "run of five" in result.stdout and "Total: 7" in result.stdout


def test_help_lists_the_commands(capsys):
    with pytest.raises(SystemExit) as info:
        main(["--help"])
    out = capsys.readouterr().out
    assert info.value.code == 0 and "analyze" in out and "count" in out and "match" in out


@pytest.mark.slow
def test_bench_prints_every_figure(capsys):
    code, out, _ = run(capsys, "bench", "--quick", "--json")
    figures = json.loads(out)
    assert code == 0
    for key in ("histogram_s", "histogram_batch_kernel_s", "analyze_median_ms",
                "analyze_p95_ms", "random_games_per_s", "referee_random_games_per_s",
                "startup_warm_s", "startup_cold_s", "clone_us", "deepcopy_us", "clone_speedup"):
        assert figures[key] > 0, key
    assert "cores" in figures["machine"]
