"""Pinned summaries: seeded matches, best-of matches and tournaments give exactly the figures
recorded (every field, to the last bit, but the timings). Recorded before the runs began
aggregating their games as they finish instead of keeping every game; aggregating must not
move a figure. Regenerate only for a deliberate change of behaviour:
``PIN_REGENERATE=1 pytest -n 0 tests/ai/test_pinned_summaries.py``.
"""

import json
from pathlib import Path

from ai.match.matchplay import run_matches
from ai.match.runner import run_match
from ai.match.tournament import run_tournament
from tests.ai import pins

PINNED = Path(__file__).with_name("pinned") / "summaries.json"
TIMINGS = ("elapsed_s", "games_per_s", "decision_ms_median_a", "decision_ms_median_b",
           "decision_ms_p95_a", "decision_ms_p95_b")

RUNS = {
    "match random v random 400 seed 3":
        lambda: run_match("random", "random", 400, seed=3),
    "match mueller v heuristic 60 seed 2":
        lambda: run_match("mueller", "heuristic", 60, seed=2),
    "match heuristic v random 8 seed 1 refereed":
        lambda: run_match("heuristic", "random", 8, seed=1, referee=True),
    "best of 5 heuristic v random 16 seed 2":
        lambda: run_matches("heuristic", "random", 16, 5, seed=2),
    "best of 3 random v mueller 9 seed 4":
        lambda: run_matches("random", "mueller", 9, 3, seed=4),
    "tournament random heuristic mueller 21 seed 5 duplicate":
        lambda: run_tournament(["random", "heuristic", "mueller"], 21, seed=5,
                               duplicate=True),
    "tournament random heuristic mueller 10 seed 1":
        lambda: run_tournament(["random", "heuristic", "mueller"], 10, seed=1),
}


def without_timings(value):
    """``value`` with every timing field left out (they differ run to run)."""
    if isinstance(value, dict):
        return {k: without_timings(v) for k, v in value.items() if k not in TIMINGS}
    if isinstance(value, list | tuple):
        return [without_timings(v) for v in value]
    return value


def summaries() -> dict:
    return {name: json.loads(json.dumps(without_timings(run()))) for name, run in RUNS.items()}


def test_runs_give_the_pinned_figures():
    got = summaries()
    want = pins.pinned(PINNED, got, "summaries")
    for name in want:
        assert got[name] == want[name], name


def test_runs_in_windows_of_a_few_jobs_give_the_pinned_figures(monkeypatch):
    """A long run hands its jobs to the workers a window at a time (``runner.WINDOW``, half
    a million games): in windows of two jobs the figures are still the same."""
    from ai.match import runner

    monkeypatch.setattr(runner, "WINDOW", 2)
    want = json.loads(PINNED.read_text())
    for name, run in RUNS.items():
        assert json.loads(json.dumps(without_timings(run()))) == want[name], name
