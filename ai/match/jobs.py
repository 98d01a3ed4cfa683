"""Independent jobs (chunks of games, rows of a table) run in worker processes, with a
progress count and cancellation: the one place the commands that play many games (match,
best-of matches, tournament, the expert's table building) send their work.

Each job's result depends only on the job (games are seeded by the run's seed and their
indices), so the results are the same whatever the number of workers, the backend or the
order in which jobs finish; they come back in the jobs' order.

Two backends (:class:`Backend`): ``local``, processes on this machine (the default), and
``ray``, tasks on a Ray cluster (the optional extra ``pip install -e ".[cluster]"``): with
no address a local Ray instance is started for the run and stopped after it; with
``auto`` or ``HOST:PORT`` the run joins that cluster. A Ray worker that dies mid-chunk has
its chunk run again (Ray's task retries), with the same result; cancellation, or Ctrl-C,
cancels the outstanding tasks and keeps the chunks finished.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import signal
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any, TypeVar

from engine.errors import UsageError

J = TypeVar("J")
R = TypeVar("R")

BACKENDS = ("local", "ray")
RAY_RETRIES = 3  # a chunk whose worker dies is run again, up to this many times
RAY_MISSING = ('the Ray backend needs Ray: pip install -e ".[cluster]" (or leave out '
               '--backend ray to use this machine\'s processes)')


@dataclass(frozen=True)
class Backend:
    """Where jobs run: ``local`` processes, or ``ray`` (``address``: None to start a local
    Ray instance for the run, ``auto`` or ``HOST:PORT`` to join a running cluster)."""

    kind: str = "local"
    address: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in BACKENDS:
            raise UsageError(f"unknown backend {self.kind!r}; one of {', '.join(BACKENDS)}")
        if self.address is not None and self.kind != "ray":
            raise UsageError("--address is for --backend ray")


LOCAL = Backend()


def add_backend_arguments(parser) -> None:
    """``--backend`` and ``--address`` on a command that plays many games."""
    parser.add_argument("--backend", choices=BACKENDS, default="local",
                        help="where the games run: this machine's processes (local), or a "
                             "Ray cluster (ray; pip install -e \".[cluster]\"); the same "
                             "results either way")
    parser.add_argument("--address", default=None, metavar="auto|HOST:PORT",
                        help="with --backend ray: the running cluster to join (default: "
                             "start a local Ray instance for this run)")


def backend_from(args) -> Backend:
    return Backend(args.backend, args.address)


def run_jobs(fn: Callable[[J], R], jobs: Sequence[J], workers: int = 1, *,
             size: Callable[[J], int] | None = None,
             progress: Callable[[int], None] | None = None,
             cancelled: Callable[[], bool] | None = None,
             backend: Backend = LOCAL) -> list[tuple[int, R]]:
    """``(i, fn(jobs[i]))`` for every job, in the jobs' order. ``fn`` must be a module-level
    function (the workers are other processes and import it). ``progress`` is called with
    ``size(job)`` (default 1) as each job finishes; ``cancelled`` is asked before each job
    (one worker) or as each finishes (several): once it says so, the jobs not started are
    dropped and those finished are returned; Ctrl-C (a KeyboardInterrupt) does the same.
    Locally, with ``workers`` <= 1 everything runs here, in this process; on Ray,
    ``workers`` is the local instance's CPUs (a cluster joined brings its own)."""
    stop = cancelled or (lambda: False)
    measure = size or (lambda job: 1)
    if backend.kind == "ray":
        return _run_on_ray(fn, jobs, workers, measure, progress, stop, backend.address)
    done: list[tuple[int, Any]] = []
    if workers <= 1:
        try:
            for i, job in enumerate(jobs):
                if stop():
                    break
                done.append((i, fn(job)))
                if progress:
                    progress(measure(job))
        except KeyboardInterrupt:
            pass  # Ctrl-C: keep what finished
        return done
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                             initializer=_ignore_ctrl_c) as pool:
        futures = {pool.submit(fn, job): i for i, job in enumerate(jobs)}
        try:
            for future in as_completed(futures):
                if stop():
                    break
                i = futures[future]
                done.append((i, future.result()))
                if progress:
                    progress(measure(jobs[i]))
        except KeyboardInterrupt:
            pass  # Ctrl-C reaches the workers too, which ignore it: keep what finished
        finally:
            for f in futures:
                f.cancel()  # those not started (a no-op once all have finished)
    return sorted(done, key=lambda pair: pair[0])


def _ignore_ctrl_c() -> None:
    """A local worker's start: Ctrl-C in the terminal reaches the whole process group, and
    only the run itself should act on it (finishing the chunks in hand)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextlib.contextmanager
def _ctrl_c_for_this_process_only():
    """Start Ray's processes (its store, raylet and workers, children of this one and so in
    the terminal's process group) with Ctrl-C ignored, as an ignored signal stays ignored
    in a child: Ctrl-C then stops only this process, which cancels the outstanding chunks
    and shuts the instance down, instead of killing the raylet under the running tasks."""
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
    try:
        yield
    finally:
        if main:
            signal.signal(signal.SIGINT, previous)


def _run_on_ray(fn: Callable[[Any], Any], jobs: Sequence[Any], workers: int,
                measure: Callable[[Any], int], progress: Callable[[int], None] | None,
                stop: Callable[[], bool], address: str | None) -> list[tuple[int, Any]]:
    """:func:`run_jobs` as Ray tasks; a KeyboardInterrupt (Ctrl-C) is taken as a
    cancellation (the chunks finished are returned)."""
    try:
        import ray
    except ImportError as exc:
        raise UsageError(RAY_MISSING) from exc
    started = not ray.is_initialized()
    if started:
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                   "logging_level": logging.WARNING}
        if address is None:
            options["num_cpus"] = max(1, workers)
        else:
            options["address"] = address
        try:
            with _ctrl_c_for_this_process_only():
                ray.init(**options)
        except ConnectionError as exc:
            raise UsageError(f"cannot join the Ray cluster at {address}: {exc}") from exc
    done: list[tuple[int, Any]] = []
    pending: list = []
    try:
        task = ray.remote(max_retries=RAY_RETRIES)(fn)
        index = {task.remote(job): i for i, job in enumerate(jobs)}
        pending = list(index)
        while pending and not stop():
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                i = index[ref]
                done.append((i, ray.get(ref)))
                if progress:
                    progress(measure(jobs[i]))
    except KeyboardInterrupt:
        pass  # cancelled from the keyboard: keep what finished
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()  # the local instance and its workers go with it
    return sorted(done, key=lambda pair: pair[0])
