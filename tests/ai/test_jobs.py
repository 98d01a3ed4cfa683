"""The worker pool every many-games command uses (``ai.match.jobs.run_jobs``)."""

from __future__ import annotations

import json
import os
import time

import pytest

from ai.match.jobs import POOL_MODULES, run_jobs
from tests.ai.processes import MARK, marked

# the repository, where a run of its own finds the tests' job functions
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _square_all(job: list[int]) -> list[int]:
    return [x * x for x in job]


def _fail_on_three(job: list[int]) -> list[int]:
    if 3 in job:
        raise ValueError("three")
    return job


JOBS = [[0, 1], [2, 3, 4], [5], [6, 7]]


def _where_am_i(job: int) -> tuple:
    import sys

    return (os.environ.get("CRIBBAGE_TEST_VALUE"), os.getcwd(),
            {name: name in sys.modules for name in POOL_MODULES}, os.getppid())


def test_workers_start_with_the_program_imported_and_see_this_process_as_it_is(
        monkeypatch, tmp_path):
    """The workers are copies of a fork server that imported the job modules once (so a
    pool starts without importing them again), yet each pool's workers have this process's
    environment and folder as the pool starts, not the fork server's (started with the
    first pool), as fresh processes would."""
    monkeypatch.setenv("CRIBBAGE_TEST_VALUE", "first")
    first = run_jobs(_where_am_i, [0, 1, 2, 3], 2)
    monkeypatch.setenv("CRIBBAGE_TEST_VALUE", "second")
    monkeypatch.chdir(tmp_path)
    second = run_jobs(_where_am_i, [0, 1, 2, 3], 2)
    for done, value, folder in ((first, "first", None), (second, "second", str(tmp_path))):
        for _, (seen, cwd, imported, parent) in done:
            assert seen == value
            assert folder is None or cwd == folder
            assert all(imported.values()), imported
            assert parent != os.getpid()  # (the fork server's child, not this process's)


@pytest.mark.parametrize("workers", [1, 2])
def test_every_result_comes_back_in_the_jobs_order(workers):
    seen = []
    done = run_jobs(_square_all, JOBS, workers, size=len, progress=seen.append)
    assert done == [(i, [x * x for x in job]) for i, job in enumerate(JOBS)]
    assert not done.stopped_early
    assert sorted(seen) == sorted(len(job) for job in JOBS)  # progress by each job's size


def test_cancelled_keeps_the_finished_jobs_and_starts_no_more():
    calls = []
    done = run_jobs(_square_all, JOBS, 1, progress=calls.append,
                    cancelled=lambda: len(calls) >= 2)
    assert done == [(0, [0, 1]), (1, [4, 9, 16])]


def _slow_square(job: list[int]) -> list[int]:
    time.sleep(0.2)
    return [x * x for x in job]


def test_cancelled_with_workers_returns_what_finished():
    many = [[i] for i in range(30)]
    done = run_jobs(_slow_square, many, 2, cancelled=lambda: True)
    # asked as the first job finished: it is kept (and any other done by then), no more
    assert 1 <= len(done) < len(many) and done.stopped_early
    assert all(result == [i * i] for i, result in done)


# a run of slow jobs on two workers, as a program of its own
SLOW_RUN = """
import time
from ai.match.jobs import run_jobs
from tests.ai.test_jobs import _slow_square

if __name__ == "__main__":
    run_jobs(_slow_square, [[i] for i in range(10_000)], 2)
"""


def test_a_run_killed_outright_leaves_no_worker_behind(tmp_path):
    """``kill -9`` of a run (no chance to stop its workers): its workers, and the fork
    server they come from, end within seconds instead of waiting for jobs forever."""
    import signal
    import subprocess
    import sys
    import uuid

    mark = uuid.uuid4().hex
    (tmp_path / "run.py").write_text(SLOW_RUN)
    run = subprocess.Popen([sys.executable, str(tmp_path / "run.py")], cwd=ROOT,
                           env={**os.environ, MARK: mark,
                                "PYTHONPATH": ROOT})
    try:
        deadline = time.monotonic() + 60
        while len(marked(mark)) < 4 and time.monotonic() < deadline:
            time.sleep(0.1)  # the run, the fork server and its two workers
        assert len(marked(mark)) >= 4
    finally:
        run.send_signal(signal.SIGKILL)
        run.wait()
    deadline = time.monotonic() + 20
    while marked(mark) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert marked(mark) == []


def _where_is_ai(job: int) -> str:
    import ai

    return ai.__file__


# a run whose workers say where they found the ``ai`` package
WHERE_RUN = """
import ai
from ai.match.jobs import run_jobs
from tests.ai.test_jobs import _where_is_ai

if __name__ == "__main__":
    print(ai.__file__)
    for _, found in run_jobs(_where_is_ai, [0, 1, 2, 3], 2):
        print(found)
"""


def test_workers_import_the_program_of_the_run_not_of_the_current_folder(tmp_path):
    """Run from a folder holding an ``ai.py`` (or another checkout): the workers use the
    program the run uses, as the run's own imports do (the fork server once imported
    from the current folder first, and every pool broke)."""
    import subprocess
    import sys

    (tmp_path / "script").mkdir()
    (tmp_path / "script" / "run.py").write_text(WHERE_RUN)
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "ai.py").write_text("raise SystemExit('the wrong ai')\n")
    done = subprocess.run([sys.executable, str(tmp_path / "script" / "run.py")],
                          cwd=tmp_path / "elsewhere", capture_output=True, text=True,
                          timeout=120, env={**os.environ, "PYTHONPATH": ROOT})
    assert done.returncode == 0, done.stderr[-2000:]
    first, *found = done.stdout.split()
    assert first.startswith(ROOT) and found == [first] * 4


@pytest.mark.parametrize("workers", [1, 2])
def test_a_failing_job_raises_its_error(workers):
    with pytest.raises(ValueError, match="three"):
        run_jobs(_fail_on_three, JOBS, workers)


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_keeps_the_finished_jobs(workers):
    def interrupt(n):
        raise KeyboardInterrupt

    many = [[i] for i in range(30)]
    done = run_jobs(_slow_square, many, workers, progress=interrupt)
    assert 1 <= len(done) < len(many) and done.stopped_early
    assert all(result == [i * i] for i, result in done)


def test_a_table_is_never_built_from_part_of_its_work(monkeypatch):
    """The expert's table builders need every chunk: stopped early, they write nothing."""
    from ai.match import jobs
    from ai.training import expert_build

    real = jobs.run_jobs

    def stopped_after_one(fn, work, workers=1, **kw):
        return real(fn, work, workers, **{**kw, "cancelled": lambda: bool(done_calls)})

    done_calls: list = []
    monkeypatch.setattr(expert_build, "run_jobs", stopped_after_one)
    with pytest.raises(jobs.StoppedEarly, match="stopped early: 1 of 26 chunks finished"):
        expert_build.pegging_table(1, progress=done_calls.append)


def test_no_matches_finished_gives_zeros_not_a_crash():
    from ai.match.matchplay import match_figures

    figures = match_figures([], 7)
    assert figures["matches"] == 0 and figures["acc_net_per_game_a"] == 0.0


def test_a_tournament_stopped_early_is_printed_but_neither_stored_nor_rated(
        tmp_path, monkeypatch, capsys):
    """Part of a run is shown with the notice and exit status 130 (as after Ctrl-C), but
    it is not added to the history and writes no ratings."""
    from ai.match import runner
    from cribbage_gui.cli import main

    real = runner.run_jobs

    def stopped_after_one(fn, work, workers=1, **kw):
        calls: list = []
        return real(fn, work, workers, **{**kw, "progress": calls.append,
                                          "cancelled": lambda: bool(calls)})

    monkeypatch.setattr(runner, "run_jobs", stopped_after_one)
    monkeypatch.setenv("CRIBBAGE_DATA_DIR", str(tmp_path / "data"))
    ratings = tmp_path / "ratings.json"
    # (three players: the third has played no game when it stops, which gave numpy's
    # warnings, or its LinAlgError, as the partial results were rated)
    status = main(["tournament", "random", "heuristic", "mueller", "--games", "200",
                   "--workers", "1", "--ratings-out", str(ratings), "--json",
                   "--out", str(tmp_path / "out")])
    out, err = capsys.readouterr()
    results = json.loads(out)
    assert [p["elo"] for p in results["players"]] == [None] * 3
    assert results["players"][2]["games"] == 0
    from ai.match.report import format_table

    results["games_per_pair"] = 200
    assert "not rated: the run was stopped early" in format_table(results)
    assert (tmp_path / "out" / "results.png").stat().st_size > 5_000  # the matrix alone
    assert status == 130
    (line,) = err.strip().splitlines()  # (issue 36: one line)
    assert "stopped early" in line and "not rated, not added to the history" in line
    assert "no ratings written" in line and "Traceback" not in err
    assert "RuntimeWarning" not in err  # (the ratings of part of a round robin: log(0))
    assert not ratings.exists()
    assert not (tmp_path / "data" / "history.sqlite3").exists()


def test_saved_games_are_refused_on_a_cluster_joined_by_address(tmp_path, monkeypatch):
    from pathlib import Path

    from ai.match.jobs import Backend
    from ai.match.runner import ready_to_save
    from cribbage_gui.services.gamefile import GameSaver
    from engine.errors import UsageError

    with pytest.raises(UsageError, match="other machines"):
        ready_to_save(GameSaver(str(tmp_path / "games")), Backend("ray", "auto"))
    assert not (tmp_path / "games").exists()  # refused before the folder is made
    monkeypatch.chdir(tmp_path)
    saver = ready_to_save(GameSaver("games"), Backend("ray"))  # a local instance: fine
    assert saver is not None and saver.kind == "match"
    assert saver.folder == str((Path.cwd() / "games").resolve())  # any worker finds it
