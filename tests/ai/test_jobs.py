"""The worker pool every many-games command uses (``ai.match.jobs.run_jobs``)."""

from __future__ import annotations

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
    assert sorted(seen) == sorted(len(job) for job in JOBS)  # progress by each job's size


def test_cancelled_keeps_the_finished_jobs_and_starts_no_more():
    calls = []
    done = run_jobs(_square_all, JOBS, 1, progress=calls.append,
                    cancelled=lambda: len(calls) >= 2)
    assert done == [(0, [0, 1]), (1, [4, 9, 16])]


def test_cancelled_with_workers_returns_what_finished():
    done = run_jobs(_square_all, JOBS, 2, cancelled=lambda: True)
    assert done == []  # asked as the first job finished: nothing kept after


@pytest.mark.parametrize("workers", [1, 2])
def test_a_failing_job_raises_its_error(workers):
    with pytest.raises(ValueError, match="three"):
        run_jobs(_fail_on_three, JOBS, workers)


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_keeps_the_finished_jobs(workers):
    def interrupt(n):
        raise KeyboardInterrupt

    done = run_jobs(_square_all, JOBS, workers, progress=interrupt)
    assert len(done) == 1 and done[0][1] == [x * x for x in JOBS[done[0][0]]]
