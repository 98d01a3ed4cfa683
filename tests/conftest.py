"""Test configuration shared by every test: Qt runs offscreen, hypothesis profiles."""

import os
import tempfile

# offscreen, on a virtual screen large enough for every window size the tests ask for
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen:configfile="
                      + os.path.join(os.path.dirname(__file__), "offscreen.json"))

# the sound effects the windows write go to a private folder, not the user's cache
os.environ.setdefault("CRIBBAGE_CACHE_DIR", tempfile.mkdtemp(prefix="cribbage-cache-"))

from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


# ------------------------------------------------------------ the compiled loop, once
# On several workers (pytest-xdist) the six players' match loop is compiled once, by
# tests/warm_kernels.py in a process of its own, while the workers run the tests that do
# not need it; those that do run last and load it from numba's cache. Before, each worker
# compiled it (about 90 s of CPU each from an empty cache).
LOOP_READY = "CRIBBAGE_TEST_LOOP_READY"  # "READY_FILE:PID" of the warming process
LOOP_WAIT_S = 900  # a worker waits at most this long, then compiles for itself
LOOP_MODULES = frozenset({  # the modules whose tests play compiled games (measured)
    "tests.ai.test_blind_replies", "tests.ai.test_cluster", "tests.ai.test_compiled_matches",
    "tests.ai.test_contract", "tests.ai.test_expert", "tests.ai.test_expert_acc",
    "tests.ai.test_expert_reads", "tests.ai.test_external", "tests.ai.test_headless",
    "tests.ai.test_jobs", "tests.ai.test_match_chunks",
    "tests.ai.test_pinned_deals", "tests.ai.test_pinned_summaries", "tests.ai.test_rollout",
    "tests.ai.test_runner", "tests.ai.test_series", "tests.ai.test_tally",
    "tests.ai.test_tournament", "tests.ai.test_versus_random", "tests.gui.test_cli_fuzz",
    "tests.gui.test_colour_not_alone", "tests.gui.test_review_window",
    "tests.gui.test_watching", "tests.services.test_review",
    # the variants' kernels and win tables, warmed after the loop (tests/warm_kernels.py)
    "tests.ai.test_variant_advice", "tests.ai.test_variant_expert", "tests.ai.test_variant_win",
    "tests.ai.test_variant_match", "tests.ai.test_variant_tournament",
    "tests.services.test_variant_review", "tests.services.test_practice_variants",
    "tests.gui.test_review_variants", "tests.gui.test_practice_variants_window",
    "tests.gui.test_variant_table",
})


def _xdist_controller(config) -> bool:
    workers = getattr(config.option, "numprocesses", None)
    return not hasattr(config, "workerinput") and isinstance(workers, int) and workers > 0


def pytest_configure(config):
    import subprocess
    import sys

    if _xdist_controller(config) and LOOP_READY not in os.environ:
        ready = os.path.join(tempfile.mkdtemp(prefix="cribbage-loop-"), "ready")
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        process = subprocess.Popen([sys.executable, "-m", "tests.warm_kernels", ready],
                                   cwd=root, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        config._cribbage_loop = process
        os.environ[LOOP_READY] = f"{ready}:{process.pid}"  # the workers inherit it
    elif hasattr(config, "workerinput") and LOOP_READY in os.environ:
        from ai.match import _loop

        wait_for_the_loop(_loop.play_game, os.environ[LOOP_READY])


def pytest_unconfigure(config):
    process = getattr(config, "_cribbage_loop", None)
    if process is not None:
        if process.poll() is None:  # a short run: the loop was not needed
            process.kill()
        process.wait()
        os.environ.pop(LOOP_READY, None)


def wait_for_the_loop(dispatcher, spec: str, limit: float = LOOP_WAIT_S) -> None:
    """Make ``dispatcher``'s compilations (the loop's) in this worker wait until the
    warming process (``spec``: "READY_FILE:PID") has put it in the cache, or has ended, or
    ``limit`` seconds passed; then numba loads it from the cache (or compiles it)."""
    import time

    ready, pid = spec.rsplit(":", 1)
    compile_now = dispatcher.compile

    def alive() -> bool:
        try:
            os.kill(int(pid), 0)
        except (OSError, ValueError):
            return False
        return True

    def compile_when_warm(sig):
        start = time.monotonic()
        while not os.path.exists(ready) and alive() and time.monotonic() < start + limit:
            time.sleep(0.1)
        waited = time.monotonic() - start
        test = os.environ.get("PYTEST_CURRENT_TEST", "").split("::")[0]
        module = test.removesuffix(".py").replace("/", ".")
        if waited > 1 and module and module not in LOOP_MODULES:
            import warnings

            # (so the list stays complete: a test that needs the loop early idles a worker)
            warnings.warn(f"{test} plays compiled games but is not in tests/conftest.py's "
                          f"LOOP_MODULES: its worker waited {waited:.0f} s for the loop",
                          stacklevel=2)
        return compile_now(sig)

    dispatcher.compile = compile_when_warm


def pytest_collection_modifyitems(config, items):
    """With the loop warming beside the workers, the tests that play compiled games go
    last (xdist gives each worker a contiguous share, so the loop is ready by then)."""
    if LOOP_READY in os.environ:
        items.sort(key=lambda item: getattr(getattr(item, "module", None), "__name__", "")
                   in LOOP_MODULES)


# ------------------------------------------------------------ the variants' win tables
# the variant expert's win tables from a few deals of self-play (a second to build; the
# three-player table from the shipped number takes half a minute), in the subprocesses too
os.environ.setdefault("CRIBBAGE_SMALL_WIN_TABLES", "1")
