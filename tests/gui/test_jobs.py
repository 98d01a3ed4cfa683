"""Work off the GUI thread: results come back to the GUI thread, and Python's cyclic garbage
(which may hold Qt objects) is only ever collected there."""

import gc
import threading
import time

from PySide6.QtCore import QObject

from cribbage_gui.app.jobs import collect_garbage_on_the_gui_thread, run_job, wait_for_jobs


class Cycle:
    """Garbage only the cyclic collector frees; records the thread that freed it."""

    freed_in: list[str] = []

    def __init__(self):
        self.me = self

    def __del__(self):
        Cycle.freed_in.append(threading.current_thread().name)


def test_a_job_answers_on_the_gui_thread(qtbot):
    owner = QObject()
    got = []
    run_job(owner, "tag", lambda: (threading.current_thread().name, 6 * 7),
            lambda tag, result: got.append((tag, result, threading.current_thread().name)))
    qtbot.waitUntil(lambda: bool(got), timeout=5000)
    (tag, (worker, value), receiver), = got
    assert tag == "tag" and value == 42
    assert receiver == threading.main_thread().name != worker


def test_a_failing_job_hands_over_its_exception(qtbot):
    owner, got = QObject(), []
    run_job(owner, 1, lambda: 1 / 0, lambda tag, result: got.append(result))
    qtbot.waitUntil(lambda: bool(got), timeout=5000)
    assert isinstance(got[0], ZeroDivisionError)


def test_cyclic_garbage_is_collected_on_the_gui_thread_only(qtbot):
    collect_garbage_on_the_gui_thread()
    assert not gc.isenabled()
    Cycle.freed_in.clear()
    owner, done = QObject(), []

    def allocate_a_lot():  # enough to trigger a collection here, in the worker
        for _ in range(20):
            Cycle()
        kept = [[i] for i in range(200_000)]  # still alive: the count stays over threshold
        time.sleep(0.05)
        return kept

    run_job(owner, 0, allocate_a_lot, lambda tag, result: done.append(result))
    qtbot.waitUntil(lambda: bool(done), timeout=5000)
    wait_for_jobs()
    qtbot.waitUntil(lambda: len(Cycle.freed_in) >= 20, timeout=5000)
    assert set(Cycle.freed_in) == {threading.main_thread().name}
