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

A cluster that cannot be reached fails the run in seconds (:class:`ClusterUnreachable`,
exit status 1), not after Ray's minutes of retries: a ``HOST:PORT`` must accept a
connection within :data:`RAY_CONNECT_TIMEOUT` seconds, and Ray's own attempts to join are
cut to one. While the Ray backend runs, whatever Ray prints on standard output (a dead
worker's warning) goes to standard error, so the command's output is only its result
(``--json`` stays JSON).
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, NoReturn, TypeVar

from engine.errors import CribbageError, UsageError

J = TypeVar("J")
R = TypeVar("R")

BACKENDS = ("local", "ray")
RAY_RETRIES = 3  # a chunk whose worker dies is run again, up to this many times
RAY_CONNECT_TIMEOUT = 5.0  # seconds a cluster's address has to accept a connection
# Ray's settings (read from the environment as Ray is imported and as ray.init starts)
# that bound how long it tries to join a cluster: one attempt of about 11 s at most (an
# address that answers but is no Ray cluster), not minutes of retries
_RAY_JOIN_LIMITS = {"RAY_gcs_server_port_wait_time_s": "1",
                    "RAY_gcs_rpc_server_connect_timeout_s": "3",
                    "RAY_py_gcs_connect_timeout_s": "5"}
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


class Finished(list):
    """:func:`run_jobs`' results, ``(i, result)`` in the jobs' order; ``stopped_early`` when
    the run was cancelled or Ctrl-C stopped it before every job had finished (the list then
    holds the jobs that did)."""

    stopped_early: bool = False


class ClusterUnreachable(CribbageError):
    """The Ray cluster asked for cannot be reached (no answer at its address)."""

    exit_status = 1  # not a bad argument: the cluster is down, or the address wrong


class StoppedEarly(CribbageError):
    """A run whose every job is needed (a table) was stopped before they all finished."""

    exit_status = 130  # as a match or tournament Ctrl-C stopped (128 + SIGINT)


def finished(done: Finished, total: int) -> Finished:
    """``done``, every one of ``total`` jobs, or :class:`StoppedEarly` (so a table is never
    built from part of its work)."""
    if done.stopped_early:
        raise StoppedEarly(f"stopped early: {len(done)} of {total} chunks finished; "
                           f"nothing was written")
    return done


def run_jobs(fn: Callable[[J], R], jobs: Sequence[J], workers: int = 1, *,
             size: Callable[[J], int] | None = None,
             progress: Callable[[int], None] | None = None,
             cancelled: Callable[[], bool] | None = None,
             backend: Backend = LOCAL) -> Finished:
    """``(i, fn(jobs[i]))`` for every job, in the jobs' order. ``fn`` must be a module-level
    function (the workers are other processes and import it). ``progress`` is called with
    ``size(job)`` (default 1) as each job finishes; ``cancelled`` is asked before each job
    (one worker) or as each finishes (several): once it says so, the jobs not started are
    dropped, those finished are returned and ``stopped_early`` is set; Ctrl-C (a
    KeyboardInterrupt) does the same. Locally, with ``workers`` <= 1 everything runs here,
    in this process; on Ray, ``workers`` is the local instance's CPUs (a cluster joined
    brings its own)."""
    stop = cancelled or (lambda: False)
    measure = size or (lambda job: 1)
    if backend.kind == "ray":
        done = _run_on_ray(fn, jobs, workers, measure, progress, stop, backend.address)
    elif workers <= 1:
        done = Finished()
        try:
            for i, job in enumerate(jobs):
                if stop():
                    break
                done.append((i, fn(job)))
                if progress:
                    progress(measure(job))
        except KeyboardInterrupt:
            pass  # Ctrl-C: keep what finished
    else:
        done = _run_in_pool(fn, jobs, workers, measure, progress, stop)
    done.sort(key=lambda pair: pair[0])
    done.stopped_early = len(done) < len(jobs)
    return done


def _run_in_pool(fn, jobs, workers, measure, progress, stop) -> Finished:
    """:func:`run_jobs` on this machine's processes. They start with Ctrl-C blocked (a
    terminal's Ctrl-C reaches the whole process group; only this process acts on it, by
    keeping the jobs finished). Workers or their fork server that die under the run are
    :func:`_workers_died`: a stop if this process is being stopped too."""
    done = Finished()
    pool: ProcessPoolExecutor | None = None
    futures: dict[Any, int] = {}
    pressed: list[int] = []
    try:
        with _ctrl_c_for_this_process_only() as pressed:  # the workers started now inherit
            pool = ProcessPoolExecutor(workers, mp_context=_pool_context(),
                                       initializer=_start_worker, initargs=(dict(os.environ),))
            for i, job in enumerate(jobs):
                futures[pool.submit(fn, job)] = i
    except WORKERS_DIED as exc:  # (the fork server gone as the workers started)
        _end(pool)
        _workers_died(exc, pressed)
    except BaseException:
        _end(pool)
        raise
    assert pool is not None
    interrupted = False
    try:
        if pressed:
            raise KeyboardInterrupt  # pressed as the workers started
        try:
            for future in as_completed(futures):
                i = futures[future]
                done.append((i, future.result()))
                if progress:
                    progress(measure(jobs[i]))
                if stop():
                    break
        except WORKERS_DIED as exc:
            interrupted = True
            _stop_workers(pool)
            _workers_died(exc, [])
    except KeyboardInterrupt:  # keep what finished; the jobs in hand are dropped
        interrupted = True
        _stop_workers(pool)  # (their futures left to the pool, which fails them all)
    finally:
        if not interrupted:
            for f in futures:
                f.cancel()  # those not started (a no-op once all have finished)
        pool.shutdown(wait=True)  # cancelled: the jobs in hand finish
    kept = {i for i, _ in done}
    for future, i in futures.items():  # any others that finished meanwhile are kept too
        if i not in kept and future.done() and not future.cancelled() \
                and future.exception() is None:
            done.append((i, future.result()))
    return done


# how a pool says its workers or their fork server died: a worker's end fails its futures
# (BrokenProcessPool); the fork server's makes the next worker's start fail reading from it
WORKERS_DIED = (BrokenProcessPool, EOFError, ConnectionError)


class WorkersDied(CribbageError):
    """The worker processes ended under a run that was not being stopped (killed one by
    one, or by the system for want of memory)."""

    exit_status = 1


def _workers_died(exc: BaseException, pressed: list[int]) -> NoReturn:
    """The pool's processes died under the run. A signal to the whole process group (a
    logout's SIGHUP or SIGTERM, ``kill -- -PGID``) ends the workers and the fork server at
    once and reaches this process too, whose handler makes it a Ctrl-C, which stops the run
    and keeps the jobs finished: a moment is left for it to come (it raises
    KeyboardInterrupt here). Otherwise it is :class:`WorkersDied`, in one line."""
    if not pressed:
        time.sleep(0.5)  # (a signal arriving now raises KeyboardInterrupt from the sleep)
    if pressed:
        raise KeyboardInterrupt from None
    raise WorkersDied(f"the worker processes ended under the run ({type(exc).__name__}: "
                      f"{str(exc)[:120] or 'no reason given'}); was one of them killed, or "
                      f"the machine out of memory?") from exc


def _end(pool: ProcessPoolExecutor | None) -> None:
    """A pool given up as its workers started: its workers ended, its jobs dropped."""
    if pool is None:
        return
    _stop_workers(pool)
    with contextlib.suppress(Exception):
        pool.shutdown(wait=True, cancel_futures=True)


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """The pool's workers ended now (Ctrl-C), not after the jobs in hand: a worker just
    started may spend most of a minute loading its compiled kernels before it plays the
    first of them. Its futures fail (the pool is broken), so none is kept."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if terminate is not None:
        terminate()
        return
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        with contextlib.suppress(OSError, ValueError):
            process.terminate()


@contextlib.contextmanager
def _ctrl_c_for_this_process_only():
    """Start the local pool's workers (children of this one and so in the terminal's
    process group) with Ctrl-C blocked, as a child inherits the signal mask of the thread
    that starts it, through exec too: Ctrl-C then stops only this process, which keeps the
    chunks finished and lets the workers finish those in hand, instead of killing them
    under the running jobs. Here it is blocked meanwhile too, and noted (the list yielded
    gets an entry), not lost: the run then stops as soon as the workers have started.
    (Ignoring it instead, which a child inherits as well, lost a Ctrl-C pressed meanwhile,
    and the run went on as if it had not been.) The workers are copies of the fork server
    (:func:`_pool_context`), which the first pool starts here, with Ctrl-C blocked: every
    worker it makes starts so."""
    with _ctrl_c_noted() as pressed:
        if threading.current_thread() is not threading.main_thread():
            yield pressed
            return
        # multiprocessing's resource tracker, started by the pool's first worker, unblocks
        # SIGINT after starting: started first, it leaves the mask alone
        _start_resource_tracker()
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            yield pressed
        finally:  # a Ctrl-C held meanwhile is noted now
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _start_resource_tracker() -> None:
    """Start multiprocessing's resource tracker (unless it runs) with SIGHUP blocked, as it
    stays. It ignores Ctrl-C and SIGTERM itself, to outlive the processes whose semaphores
    it cleans up, but a closed terminal's SIGHUP, sent to the whole process group, killed
    it: restarted, it printed a KeyError traceback for every semaphore the run let go.
    (A SIGHUP to this process meanwhile waits until it is unblocked, not lost.)"""
    from multiprocessing import resource_tracker

    hangup = getattr(signal, "SIGHUP", None)
    if hangup is None or threading.current_thread() is not threading.main_thread():
        resource_tracker.ensure_running()
        return
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {hangup})
    try:
        resource_tracker.ensure_running()
    finally:
        if hangup not in blocked:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {hangup})


#: The modules whose functions the local workers run: the fork server imports them once, and
#: each worker starts as a copy of it.
POOL_MODULES = ("ai.match.runner", "ai.match.bench", "ai.training.bench",
                "ai.training.expert_build", "ai.training.weights")


def _pool_context() -> Any:
    """Where the local workers come from: copies of a fork server that has imported the
    program once (:data:`POOL_MODULES`), started with the first pool and kept until this
    process ends. A worker then starts in milliseconds instead of importing NumPy, numba
    and the players again (about a second each; a second pool, the GUI's next run or a
    tournament's next window, starts at once). Where there is no fork server (Windows),
    fresh processes (spawn), as before.

    The fork server is itself a fresh process, not a fork of this one (no Qt or threads
    copied), importing from this process's module path (:func:`_start_fork_server`), and
    multiprocessing still gives each worker this process's folder and ``sys.path``; its
    environment is this one's as the pool starts (:func:`_start_worker`), though what a
    module reads from it as it is imported (numba's settings) is as the first pool found it.
    """
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["__main__", *POOL_MODULES])  # (until it has started)
    _start_fork_server()
    return context


_FORK_SERVER = threading.Lock()


def _start_fork_server() -> None:
    """Start the fork server, unless it runs, importing from this process's module path.

    Started as ``python -c``, it would put the current folder first on its path (Python
    3.11 ignores the path multiprocessing hands it, CPython gh-117378) and import the job
    modules from there: run from a folder holding an ``ai.py`` (or another checkout's
    ``ai/``), every worker ran that code, or every pool broke. So it starts with
    ``PYTHONSAFEPATH`` (no current folder) and this process's path as ``PYTHONPATH``, set
    just for its start."""
    from multiprocessing import forkserver

    path = os.pathsep.join(entry for entry in sys.path if entry)
    with _FORK_SERVER:
        saved = {key: os.environ.get(key) for key in ("PYTHONSAFEPATH", "PYTHONPATH")}
        os.environ.update(PYTHONSAFEPATH="1", PYTHONPATH=path)
        try:
            forkserver.ensure_running()
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value


def _start_worker(environment: dict[str, str]) -> None:
    """A pool worker's start: Ctrl-C ignored (it came blocked; this keeps it out should
    anything unblock it), and the environment of the process that started the pool (the
    fork server's is that of the first pool's start)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if environment != os.environ:
        os.environ.clear()
        os.environ.update(environment)
    parent = multiprocessing.parent_process()
    if parent is not None:  # (a worker left by a killed run would wait for jobs forever)
        threading.Thread(target=_end_with, args=(parent,), daemon=True).start()


def _end_with(parent: Any) -> None:
    """A worker's watch: once the process that started the pool has ended (even killed,
    with no chance to stop its workers), this worker ends too, whatever it was doing."""
    parent.join()
    os._exit(1)


def _run_on_ray(fn: Callable[[Any], Any], jobs: Sequence[Any], workers: int,
                measure: Callable[[Any], int], progress: Callable[[int], None] | None,
                stop: Callable[[], bool], address: str | None) -> Finished:
    """:func:`run_jobs` as Ray tasks; a KeyboardInterrupt (Ctrl-C) is taken as a
    cancellation (the chunks finished are returned), and so is a Ctrl-C while the local
    instance starts (none finished then). Ray's printing on standard output (its listener
    thread prints a dead worker's warning there) goes to standard error meanwhile."""
    joined = os.environ.get("RAY_ADDRESS") or address  # (Ray prefers RAY_ADDRESS too)
    if joined:
        _check_reachable(joined)
    with _join_limits(bool(joined)):  # some of them Ray reads as it is imported
        try:
            import ray
        except ImportError as exc:
            raise UsageError(RAY_MISSING) from exc
        with contextlib.redirect_stdout(sys.stderr):
            started, interrupted = _join_or_start(ray, workers, address, joined)
            try:
                if interrupted:
                    return Finished()  # Ctrl-C as Ray started: stopped, nothing run
                return _run_tasks(ray, fn, jobs, measure, progress, stop)
            except KeyboardInterrupt:
                return Finished()  # (before the first task was sent)
            finally:
                if started:
                    ray.shutdown()  # the local instance and its workers go with it


def _join_or_start(ray: Any, workers: int, address: str | None, joined: str | None
                   ) -> tuple[bool, bool]:
    """Start a local Ray instance, or join the cluster at ``joined``, unless Ray already
    runs in this process: whether this call did (so the run shuts it down after), and
    whether Ctrl-C was pressed meanwhile (the run then stops before it sends a task)."""
    if ray.is_initialized():
        return False, False
    options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                               "logging_level": logging.WARNING}
    if address is not None:
        options["address"] = address
    elif not joined:
        options["num_cpus"] = max(1, workers)
    try:
        with _ctrl_c_noted() as pressed, _ray_processes_in_sessions_of_their_own(ray):
            ray.init(**options)
    except (ConnectionError, RuntimeError) as exc:
        if not joined:
            raise
        raise ClusterUnreachable(f"cannot join the Ray cluster at {joined}: "
                                 f"{_first_line(exc)}") from exc
    return True, bool(pressed)


@contextlib.contextmanager
def _ctrl_c_noted() -> Iterator[list[int]]:
    """Ctrl-C noted (the list yielded gets an entry), not raised, in this process
    meanwhile: ``ray.init`` interrupted half-way would leave the processes it started
    running; ignoring Ctrl-C instead (as the local pool's start does) would lose it, and the
    run would go on as if it had not been pressed."""
    pressed: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield pressed  # (signals are the main thread's; nothing to note here)
        return
    previous = signal.signal(signal.SIGINT, lambda signum, frame: pressed.append(signum))
    try:
        yield pressed
    finally:
        signal.signal(signal.SIGINT, signal.SIG_DFL if previous is None else previous)


@contextlib.contextmanager
def _ray_processes_in_sessions_of_their_own(ray: Any):
    """The processes ``ray.init`` starts (its GCS server, raylet, monitors, dashboard and
    agents; the raylet's workers follow it) each in a session of its own, out of the
    terminal's process group, so a terminal's Ctrl-C (or any signal sent to the group)
    reaches only this process, which stops the run and shuts Ray down, whenever it comes
    (Ray does the same on Windows, with a process group of their own). They still die with
    this process (Ray's kernel fate-sharing, PR_SET_PDEATHSIG). A Ray without the hook
    (``ray._private.services.ConsolePopen``, by which it starts them) is left as it is: it
    starts them with SIGINT blocked."""
    services: Any = getattr(getattr(ray, "_private", None), "services", None)
    popen = getattr(services, "ConsolePopen", None)
    if sys.platform == "win32" or not isinstance(popen, type):
        yield
        return

    class _InASessionOfItsOwn(popen):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            kwargs.setdefault("start_new_session", True)
            super().__init__(*args, **kwargs)

    services.ConsolePopen = _InASessionOfItsOwn
    try:
        yield
    finally:
        services.ConsolePopen = popen


def _run_tasks(ray: Any, fn: Callable[[Any], Any], jobs: Sequence[Any],
               measure: Callable[[Any], int], progress: Callable[[int], None] | None,
               stop: Callable[[], bool]) -> Finished:
    """The jobs as Ray tasks, retried when their worker dies; those outstanding are
    cancelled when the run stops (cancelled, or Ctrl-C)."""
    done = Finished()
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
    return done


def _check_reachable(address: str) -> None:
    """ClusterUnreachable unless ``HOST:PORT`` accepts a TCP connection within
    :data:`RAY_CONNECT_TIMEOUT` seconds (``auto``, and other forms Ray resolves itself,
    are left to Ray, within :func:`_join_limits`)."""
    target = address.removeprefix("ray://")
    host, sep, port = target.rpartition(":")
    if not sep or not port.isdigit():
        return
    host = host.strip("[]")  # an IPv6 address in brackets
    try:
        with socket.create_connection((host, int(port)), timeout=RAY_CONNECT_TIMEOUT):
            pass
    except OSError as exc:
        if isinstance(exc, TimeoutError):
            why = f"no answer within {RAY_CONNECT_TIMEOUT:g} s"
        else:
            why = exc.strerror or str(exc)
        raise ClusterUnreachable(f"cannot reach the Ray cluster at {address}: {why}"
                                 ) from exc


@contextlib.contextmanager
def _join_limits(joining: bool):
    """Ray's join attempts cut to one of a few seconds (when ``joining``): the
    environment Ray reads as it is imported and as ``ray.init`` starts, put back after
    (a setting the user made stands)."""
    if not joining:
        yield
        return
    saved = {key: os.environ.get(key) for key in _RAY_JOIN_LIMITS}
    for key, value in _RAY_JOIN_LIMITS.items():
        os.environ.setdefault(key, value)
    try:
        yield
    finally:
        for key, before in saved.items():
            if before is None:
                os.environ.pop(key, None)


def _first_line(exc: BaseException) -> str:
    """An exception's first line, short enough for one line of a message."""
    text = str(exc).strip().splitlines()
    line = text[0] if text else type(exc).__name__
    return line if len(line) <= 200 else line[:199] + "…"
