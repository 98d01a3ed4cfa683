"""The suite's own machinery: on several workers the compiled loop is compiled once, beside
them (tests/conftest.py, tests/warm_kernels.py)."""

import subprocess
import sys
import threading
import time

from tests import conftest


class Dispatcher:
    """Stands for numba's dispatcher: records when it was asked to compile."""

    def __init__(self):
        self.compiled_at = None

    def compile(self, sig):
        self.compiled_at = time.monotonic()
        return sig


def test_a_worker_compiles_the_loop_only_once_the_warming_process_is_done(tmp_path):
    ready = tmp_path / "ready"
    warming = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        dispatcher = Dispatcher()
        conftest.wait_for_the_loop(dispatcher, f"{ready}:{warming.pid}", limit=20)
        threading.Timer(0.5, ready.write_text, ("ready\n",)).start()
        start = time.monotonic()
        assert dispatcher.compile("sig") == "sig"
        assert dispatcher.compiled_at - start >= 0.4  # it waited for the file
    finally:
        warming.kill()
        warming.wait()


def test_a_worker_does_not_wait_for_a_warming_process_that_ended(tmp_path):
    ended = subprocess.Popen([sys.executable, "-c", "pass"])
    ended.wait()
    dispatcher = Dispatcher()
    conftest.wait_for_the_loop(dispatcher, f"{tmp_path / 'never'}:{ended.pid}", limit=20)
    start = time.monotonic()
    dispatcher.compile("sig")
    assert dispatcher.compiled_at - start < 5


def test_the_tests_that_play_compiled_games_exist():
    """Every module named as playing the compiled loop is a test module of the suite."""
    import importlib.util

    for name in conftest.LOOP_MODULES:
        assert importlib.util.find_spec(name) is not None, name
