"""The Ray backend (``ai.match.jobs``, ``--backend ray``) with a local Ray instance: the same
results as this machine's processes, chunks rerun when their worker dies, cancellation and
Ctrl-C keeping the finished chunks, and no Ray process left behind."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from ai.match.jobs import LOCAL, Backend, run_jobs
from ai.match.runner import play_chunk, run_match
from ai.match.tournament import run_tournament
from engine.errors import UsageError
from tests.ai.processes import MARK
from tests.ai.processes import marked as _marked

ray = pytest.importorskip("ray")

RAY = Backend("ray")
TIMING = ("elapsed_s", "games_per_s")


def _untimed(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k not in TIMING}


def _is_ray(cmd: str) -> bool:
    """Whether a command line is one of Ray's processes (its raylet, store and workers)."""
    return "raylet" in cmd or "ray::" in cmd or "gcs_server" in cmd


def _squares(job: list[int]) -> list[int]:
    return [x * x for x in job]


def _dies_once(job: tuple[str, list[int]]) -> list[int]:
    """Kills its own worker process the first time it runs chunk 2 (a marker file says it
    has), as a crashed node would."""
    marker, numbers = job
    if 4 in numbers and not Path(marker).exists():
        Path(marker).touch()
        os._exit(1)
    return [x * x for x in numbers]


def _dying_play_chunk(job: tuple) -> list:
    """``play_chunk`` whose worker dies the first time it plays its first game."""
    marker, inner = job
    if inner[3][0] == 0 and not Path(marker).exists():
        Path(marker).touch()
        os._exit(1)
    return play_chunk(inner)


JOBS = [[0, 1], [2, 3], [4, 5], [6, 7], [8]]


def test_a_run_starts_its_own_ray_instance_and_leaves_nothing_behind(monkeypatch):
    """With no address and no Ray running, the run starts a local instance and stops it
    (its Ray processes all gone: those whose environment has this test's mark, as other
    tests may run Ray meanwhile), with the same results as locally."""
    import uuid

    if ray.is_initialized():
        pytest.skip("Ray is already running in this process")
    mark = uuid.uuid4().hex
    monkeypatch.setenv(MARK, mark)  # Ray's processes inherit it

    def left() -> list[str]:
        return [cmd for cmd in _marked(mark) if _is_ray(cmd)]

    done = run_jobs(_squares, JOBS, 2, backend=RAY)
    assert done == run_jobs(_squares, JOBS, 1, backend=LOCAL)
    assert not ray.is_initialized()
    deadline = time.monotonic() + 20
    while left() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert left() == []


def test_bench_cluster_measures_both_backends_and_compares_their_results():
    """``cribbage bench-cluster`` (run before the module's Ray instance starts: it starts
    its own), with tiny runs: every figure printed, the results found the same."""
    from ai.training.bench import bench_cluster

    if ray.is_initialized():
        pytest.skip("Ray is already running in this process")
    lines: list[str] = []
    figures = bench_cluster(tournament_games=2, workers=2, tasks=8, pegging_sims=2,
                            out=lines.append)
    assert not ray.is_initialized()
    assert {"ray_start_s", "pool_first_s", "pool_next_s", "chunk_ms_local", "chunk_ms_ray",
            "tournament_s_local", "tournament_s_ray", "pegging_s_sequential",
            "pegging_s_local", "pegging_s_ray"} <= set(figures)
    assert lines[1].startswith("the local pool of 2 workers: started in ")
    assert "the same results" in lines[3] and "the same table" in lines[4]


@pytest.fixture(scope="module")
def local_ray():
    """A local Ray instance for this module: 2 CPUs, no dashboard."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             logging_level="WARNING")
    yield
    ray.shutdown()


def test_a_match_is_the_same_on_ray(local_ray):
    here = run_match("mueller", "heuristic", 40, seed=5, workers=2)
    there = run_match("mueller", "heuristic", 40, seed=5, workers=2, backend=RAY)
    assert there["games"] == 40
    assert _untimed(there) == _untimed(here)


def test_a_duplicate_tournament_is_the_same_on_ray(local_ray):
    players = ["random", "heuristic", "mueller"]
    here = run_tournament(players, 12, seed=3, duplicate=True, workers=2)
    there = run_tournament(players, 12, seed=3, duplicate=True, workers=2, backend=RAY)
    assert _untimed(there) == _untimed(here)


def test_the_pegging_statistics_are_the_same_on_ray(local_ray):
    """``train pegging-stats --stream per-hand``: every hand and role on its own random
    stream, so the 52 chunks give the same table on Ray as in one process."""
    from ai.training import weights as model

    here = model.build_pegging_stats(6, 3, workers=1)
    there = model.build_pegging_stats(6, 3, workers=2, backend=RAY)
    assert (there.gained == here.gained).all() and (there.given == here.given).all()


def test_a_chunk_whose_worker_dies_is_run_again_with_the_same_result(local_ray, tmp_path):
    marker = str(tmp_path / "died")
    done = run_jobs(_dies_once, [(marker, job) for job in JOBS], 2, backend=RAY)
    assert Path(marker).exists()  # a worker really died
    assert done == run_jobs(_squares, JOBS, 1)


def test_a_match_whose_worker_dies_plays_the_identical_games(local_ray, tmp_path):
    marker = str(tmp_path / "died")
    jobs = [("mueller", "heuristic", 7, list(range(i, i + 5))) for i in range(0, 20, 5)]
    rerun = run_jobs(_dying_play_chunk, [(marker, j) for j in jobs], 2, backend=RAY)
    assert Path(marker).exists()
    straight = run_jobs(play_chunk, jobs, 1)
    assert [[(r.index, r.winner, r.scores) for r in batch] for _, batch in rerun] == \
        [[(r.index, r.winner, r.scores) for r in batch] for _, batch in straight]


def test_cancelling_keeps_the_finished_chunks(local_ray):
    finished = []
    done = run_jobs(_squares, [[i] for i in range(40)], 2, progress=finished.append,
                    cancelled=lambda: len(finished) >= 3, backend=RAY)
    assert 3 <= len(done) < 40
    assert all(result == [i * i] for i, result in done)


def test_ctrl_c_keeps_the_finished_chunks(local_ray):
    def interrupt(n):
        raise KeyboardInterrupt

    done = run_jobs(_squares, [[i] for i in range(20)], 2, progress=interrupt, backend=RAY)
    assert len(done) == 1 and done[0][1] == [done[0][0] ** 2] and done.stopped_early


def test_the_cluster_extra_is_named_when_ray_is_missing(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails
    with pytest.raises(UsageError, match=r"pip install -e \".\[cluster\]\""):
        run_jobs(_squares, JOBS, 2, backend=RAY)


def test_a_bad_backend_or_a_stray_address_is_refused():
    with pytest.raises(UsageError, match="unknown backend"):
        Backend("spark")
    with pytest.raises(UsageError, match="--address is for --backend ray"):
        Backend("local", "auto")


def _in_group(pgid: int) -> list[int]:
    """The processes still in process group ``pgid``."""
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            found.append(int(pid))
    return found


def _cpu_seconds(mark: str, part: str) -> float:
    """CPU seconds used so far by the marked processes whose command line has ``part``."""
    total = 0.0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            if mark.encode() not in Path(f"/proc/{pid}/environ").read_bytes() or \
                    part.encode() not in Path(f"/proc/{pid}/cmdline").read_bytes():
                continue
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


# the local workers' command line: the fork server they are copies of (ai.match.jobs)
WORKERS = "multiprocessing.forkserver"


def _reached(moment: str, backend: str, mark: str, pid: int) -> bool:
    """Whether the run marked ``mark`` (its command ``pid``) has come to ``moment``:
    ``importing`` the command is loading NumPy (before the CLI can take Ctrl-C itself);
    ``starting`` its workers (local) or Ray's processes (ray) have started; ``playing`` a
    worker has done its first seconds of work (local) or a Ray task is running (ray)."""
    if moment == "importing":
        try:
            return "/numpy/" in Path(f"/proc/{pid}/maps").read_text()
        except OSError:
            return False
    if backend == "ray":
        part = "gcs_server" if moment == "starting" else "ray::tally_chunk"
        return any(part in cmd for cmd in _marked(mark))
    if moment == "starting":
        return any(WORKERS in cmd for cmd in _marked(mark))
    return _cpu_seconds(mark, WORKERS) >= 4.0


# the moments of a run's start a Ctrl-C may come at: Python still importing the program,
# the workers or Ray's processes starting (ray.init, for Ray), and the games being played
MOMENTS = [("local", "importing"), ("local", "starting"), ("local", "playing"),
           ("ray", "starting"), ("ray", "playing")]


def _signalled_run(backend: str, moment: str, send, sigint=None):
    """A two-million-game match on ``backend`` in a session of its own, marked (and its
    Ctrl-C taken, or ``sigint``: its SIGINT disposition), sent ``send(process)`` once it
    has come to ``moment``: the process (ended), its mark, its output and its errors."""
    import signal
    import subprocess
    import uuid

    mark = uuid.uuid4().hex
    disposition = signal.SIG_DFL if sigint is None else sigint
    p = subprocess.Popen(
        [sys.executable, "-m", "cribbage_gui.entry", "match", "mueller", "heuristic",
         "--games", "2000000", "--workers", "2", "--backend", backend],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, MARK: mark}, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, disposition))
    try:
        deadline = time.monotonic() + 120
        while not _reached(moment, backend, mark, p.pid) and time.monotonic() < deadline:
            assert p.poll() is None, p.communicate()
            time.sleep(0.02)
        assert _reached(moment, backend, mark, p.pid)
        assert p.poll() is None
        send(p)
        out, err = p.communicate(timeout=30)
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
    return p, mark, out, err


@pytest.mark.parametrize("backend, moment", MOMENTS)
def test_ctrl_c_in_a_terminal_stops_the_run_and_reports_the_games_finished(backend, moment):
    """A terminal's Ctrl-C reaches the whole process group (the command, and the local
    workers), whenever it comes: the run stops within seconds, with status 130, one line
    saying it stopped (and, once the run has begun, the figures of the games finished) and
    no traceback, and leaves no process behind, of its group or started by it (Ray's run
    in sessions of their own). Ray's start was where a Ctrl-C was lost (the run went on);
    an import, where it gave a traceback."""
    import signal

    p, mark, out, err = _signalled_run(backend, moment,
                                       lambda p: os.killpg(p.pid, signal.SIGINT))
    assert p.returncode == 130, err[-2000:]
    assert "Traceback" not in err, err[-2000:]
    assert len([line for line in err.splitlines() if "stopped" in line]) == 1, err
    if moment != "importing":  # the figures (of no game, maybe) of the run stopped
        assert "stopped early" in err and "of 2,000,000 games finished" in err
        assert "mueller v heuristic" in out
    deadline = time.monotonic() + 20
    while (_in_group(p.pid) or _marked(mark)) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert _in_group(p.pid) == []
    assert _marked(mark) == []


@pytest.mark.parametrize("moment, ctrl_c, signame, to", [
    ("starting", "taken", "SIGTERM", "command"), ("playing", "taken", "SIGTERM", "command"),
    ("playing", "ignored", "SIGTERM", "command"),
    # issue 36: to the whole group (a logout; a closed terminal's SIGHUP), the workers and
    # the fork server die with the command: a traceback (EOFError from the fork server as
    # the workers started; the resource tracker's KeyErrors) or, for SIGHUP, nothing at all
    ("starting", "taken", "SIGTERM", "group"), ("playing", "taken", "SIGHUP", "group")])
def test_sigterm_and_sighup_stop_a_run_as_ctrl_c_does(moment, ctrl_c, signame, to):
    """``kill PID`` (SIGTERM, to the command alone) stops a run as Ctrl-C does: the figures
    of the games finished, one line saying it stopped, status 143 (128 + SIGTERM), no
    traceback, no warning of leaked semaphores and no worker left behind, whether it comes
    as the workers start or while they play, and in a job whose Ctrl-C is ignored (nohup,
    ``&``), which SIGTERM used to end on the spot with nothing printed. The same when the
    signal goes to the whole process group, and for SIGHUP (status 129)."""
    import signal

    signum = getattr(signal, signame)
    sigint = signal.SIG_DFL if ctrl_c == "taken" else signal.SIG_IGN
    send = (lambda p: p.send_signal(signum)) if to == "command" else \
        (lambda p: os.killpg(p.pid, signum))
    p, mark, out, err = _signalled_run("local", moment, send, sigint)
    assert p.returncode == 128 + signum, err[-2000:]
    assert "Traceback" not in err and "leaked" not in err, err[-2000:]
    assert "Warning" not in err, err[-2000:]  # (the resource tracker's: "died unexpectedly")
    assert len([line for line in err.splitlines() if "stopped" in line]) == 1, err
    assert "of 2,000,000 games finished" in err and "mueller v heuristic" in out
    deadline = time.monotonic() + 20
    while _marked(mark) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert _marked(mark) == []


@pytest.mark.parametrize("signame", ["SIGTERM", "SIGHUP"])
def test_sigterm_or_sighup_while_the_program_loads_is_one_line(signame):
    """Before the command can take them (Python importing NumPy): one line, 128 + the
    signal, no traceback (they ended it silently, with the signal's own status)."""
    import signal

    signum = getattr(signal, signame)
    p, _, out, err = _signalled_run("local", "importing", lambda p: p.send_signal(signum))
    assert p.returncode == 128 + signum, err[-2000:]
    assert err.strip() == f"cribbage: stopped ({signame})" and not out


def _cribbage(*args: str, timeout: float = 120):
    """``cribbage ARGS`` run as a command (this tree's code), and the seconds it took."""
    import subprocess

    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "cribbage_gui.cli", *args],
                          capture_output=True, text=True, timeout=timeout)
    return done, time.monotonic() - start


def test_a_cluster_that_cannot_be_reached_fails_in_seconds_with_one_line():
    """Nothing listens at the address: one line on stderr, status 1, in seconds (Ray alone
    retried for minutes, saying nothing of ours)."""
    import socket

    with socket.socket() as s:  # a port just free, so nothing listens there
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    done, seconds = _cribbage("match", "random", "random", "--games", "2", "--backend",
                              "ray", "--address", f"127.0.0.1:{port}", "--json")
    assert seconds < 10
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        f"cribbage match: error: cannot reach the Ray cluster at 127.0.0.1:{port}: "
        f"Connection refused"]


# an engine that kills the Ray worker playing it (its parent) the first time it is asked
# to toss there, as a crashed node would; elsewhere it plays its first cards that fit
WORKER_KILLER = '''\
import json, os, signal, sys

marker = sys.argv[1]
parent = open(f"/proc/{os.getppid()}/cmdline", "rb").read()
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "discard":
        if parent.startswith(b"ray::") and not os.path.exists(marker):
            open(marker, "w").close()
            os.kill(os.getppid(), signal.SIGKILL)
        print(json.dumps({"toss": message["hand"][:2]}), flush=True)
    elif message["type"] == "play":
        value = lambda c: {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10}.get(c[0]) or int(c[0])
        fits = [c for c in message["hand"] if message["count"] + value(c) <= 31]
        print(json.dumps({"card": fits[0] if fits else None}), flush=True)
    elif message["type"] == "quit":
        break
'''


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_dead_workers_warning_stays_out_of_the_json(tmp_path):
    """Ray prints a dead worker's long warning on stdout; the run sends it to stderr, so
    ``--json`` prints only the result (the chunk is run again: every game played)."""
    import json

    engine = tmp_path / "killer.py"
    engine.write_text(WORKER_KILLER)
    marker = tmp_path / "killed"
    done, _ = _cribbage("match", f"ext:{sys.executable} {engine} {marker}", "random",
                        "--games", "8", "--workers", "2", "--backend", "ray", "--json")
    assert done.returncode == 0, done.stderr[-2000:]
    assert marker.exists()  # a worker really died
    summary = json.loads(done.stdout)
    assert summary["games"] == 8 and summary["forfeits_a"] == 0
