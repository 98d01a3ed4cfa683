"""The worker pool every many-games command uses (``ai.match.jobs.run_jobs``)."""

from __future__ import annotations

import time

import pytest

from ai.match.jobs import run_jobs


def _square_all(job: list[int]) -> list[int]:
    return [x * x for x in job]


def _fail_on_three(job: list[int]) -> list[int]:
    if 3 in job:
        raise ValueError("three")
    return job


JOBS = [[0, 1], [2, 3, 4], [5], [6, 7]]


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
    status = main(["tournament", "random", "heuristic", "--games", "200", "--workers", "1",
                   "--ratings-out", str(ratings)])
    err = capsys.readouterr().err
    assert status == 130
    assert "stopped early" in err and "not added to the history" in err
    assert not ratings.exists()
    assert not (tmp_path / "data" / "history.sqlite3").exists()


def test_saved_games_are_refused_on_a_cluster_joined_by_address(tmp_path, monkeypatch):
    from pathlib import Path

    from ai.match.jobs import Backend
    from ai.match.runner import save_folder
    from engine.errors import UsageError

    with pytest.raises(UsageError, match="other machines"):
        save_folder(str(tmp_path / "games"), "match", Backend("ray", "auto"))
    monkeypatch.chdir(tmp_path)
    folder, _ = save_folder("games", "match", Backend("ray"))  # a local instance: fine
    assert folder == str((Path.cwd() / "games").resolve())  # absolute: any worker finds it
