"""Where the test suite's CPU goes: ``python -m tests.profile_suite [PYTEST ARGS]``.

Runs pytest (with the project's own options, plus any given) and logs, in every Python
process the run starts (the workers, the loop's warming process, the commands and engines
the tests start):

- each numba compilation (the kernel, its signature, the CPU it took, and whether the cache
  had it), through a ``sitecustomize`` hook on ``Dispatcher.compile``;
- each process's CPU when it exits;
- each test's CPU in its worker and in the processes it started and waited for.

Then it prints the totals, the costliest tests and modules, and the kernels compiled from
cold (and those compiled twice). Run it on a clean clone for the cold figures
(docs/testing.md, "The time it takes"); the logs stay in the folder it names.
"""

from __future__ import annotations

import collections
import os
import subprocess
import sys
import tempfile
from pathlib import Path

SITECUSTOMIZE = r'''
import importlib.abc, importlib.util, os, sys, threading, time

COMPILES = os.environ.get("CRIBBAGE_PROFILE_COMPILES")
PROCESSES = os.environ.get("CRIBBAGE_PROFILE_PROCESSES")


def _patch(module):
    original = module.Dispatcher.compile
    local = threading.local()

    def compile(self, sig):
        depth = getattr(local, "depth", 0)
        local.depth = depth + 1
        hits, known = sum(self._cache_hits.values()), len(self.overloads)
        cpu = time.thread_time()
        try:
            return original(self, sig)
        finally:
            local.depth = depth
            if len(self.overloads) > known:
                hit = sum(self._cache_hits.values()) > hits
                test = os.environ.get("PYTEST_CURRENT_TEST", "-").split(" ")[0]
                name = f"{self.py_func.__module__}.{self.py_func.__qualname__}"
                with open(COMPILES, "a") as log:
                    log.write(f"{os.getpid()}\t{name}\t{'hit' if hit else 'miss'}\t{depth}\t"
                              f"{time.thread_time() - cpu:.3f}\t{sig}\t{test}\n")

    module.Dispatcher.compile = compile


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name != "numba.core.dispatcher":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        execute = spec.loader.exec_module

        def exec_module(module):
            execute(module)
            _patch(module)

        spec.loader.exec_module = exec_module
        return spec


if COMPILES:
    sys.meta_path.insert(0, _Finder())
if PROCESSES:
    import atexit, resource

    def _exit():
        own = resource.getrusage(resource.RUSAGE_SELF)
        with open(PROCESSES, "a") as log:
            log.write(f"{os.getpid()}\t{own.ru_utime + own.ru_stime:.2f}\t"
                      f"{' '.join(sys.argv)[:160]}\n")

    atexit.register(_exit)
'''

PLUGIN = r'''
import os, resource, time
import pytest


def _cpu():
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    wall, (own, children) = time.monotonic(), _cpu()
    yield
    own2, children2 = _cpu()
    with open(os.environ["CRIBBAGE_PROFILE_TESTS"], "a") as log:
        log.write(f"{time.monotonic() - wall:.2f}\t{own2 - own:.2f}\t"
                  f"{children2 - children:.2f}\t{item.nodeid}\n")
'''


def _rows(path: Path) -> list[list[str]]:
    if not path.exists():
        return []
    return [line.rstrip("\n").split("\t") for line in path.read_text().splitlines()]


def report(folder: Path, top: int = 15) -> str:
    """The summary of the logs in ``folder``."""
    lines = []
    tests = _rows(folder / "tests.log")
    own = sum(float(t[1]) for t in tests)
    children = sum(float(t[2]) for t in tests)
    lines.append(f"{len(tests)} tests: {own:.0f} s of CPU in the workers, {children:.0f} s "
                 f"in the processes they started")
    lines.append("the costliest tests (CPU s: own + started):")
    for t in sorted(tests, key=lambda t: -(float(t[1]) + float(t[2])))[:top]:
        lines.append(f"  {float(t[1]):6.1f} + {float(t[2]):6.1f}  {t[3]}")
    modules: dict[str, float] = collections.Counter()
    for t in tests:
        modules[t[3].split("::")[0]] += float(t[1]) + float(t[2])
    lines.append("the costliest modules:")
    for name, cpu in sorted(modules.items(), key=lambda m: -m[1])[:top]:
        lines.append(f"  {cpu:6.1f}  {name}")
    compiles = [r for r in _rows(folder / "compiles.log") if r[2] == "miss"]
    cold = sum(float(r[4]) for r in compiles if r[3] == "0")
    lines.append(f"numba compiled {len(compiles)} kernels from cold, {cold:.0f} s of CPU")
    per_kernel: dict[str, float] = collections.Counter()
    processes: dict[tuple[str, str], set[str]] = collections.defaultdict(set)
    for r in compiles:
        if r[3] == "0":
            per_kernel[r[1]] += float(r[4])
        processes[(r[1], r[5])].add(r[0])
    for name, cpu in sorted(per_kernel.items(), key=lambda k: -k[1])[:top]:
        lines.append(f"  {cpu:6.1f}  {name}")
    twice = sorted(name for (name, _), pids in processes.items() if len(pids) > 1)
    if twice:
        lines.append(f"compiled in more than one process: {', '.join(twice[:top])}")
    started = _rows(folder / "processes.log")
    lines.append(f"{len(started)} Python processes, {sum(float(p[1]) for p in started):.0f} "
                 f"s of CPU between them")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    folder = Path(tempfile.mkdtemp(prefix="cribbage-profile-"))
    (folder / "sitecustomize.py").write_text(SITECUSTOMIZE)
    (folder / "cribbage_profile_plugin.py").write_text(PLUGIN)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(folder),
                                                      env.get("PYTHONPATH", "")]))
    env["CRIBBAGE_PROFILE_COMPILES"] = str(folder / "compiles.log")
    env["CRIBBAGE_PROFILE_PROCESSES"] = str(folder / "processes.log")
    env["CRIBBAGE_PROFILE_TESTS"] = str(folder / "tests.log")
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "cribbage_profile_plugin",
                           *argv], cwd=root, env=env)
    print(report(folder))
    print(f"the logs: {folder}")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
