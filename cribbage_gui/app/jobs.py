"""Work off the GUI thread: a function run in Qt's thread pool, its result delivered back.

The window never waits on the advisor or on a table load: ``run_job`` starts the work and
calls ``receiver(tag, result)`` on the GUI thread when it is done (``result`` is the
exception if the work raised), so the window stays responsive (no work over ~50 ms on the
GUI thread).
"""

from __future__ import annotations

import contextlib

import shiboken6
from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot

from ai import advice

# The advice the window has worked out: a discard's figures are asked for by the inspector,
# the rating of the throw and the review of the finished game, a card's by its rating and
# the review (the answers are the same as asking afresh: see ai.advice.Memo)
ADVICE_MEMO = advice.Memo()


class _Relay(QObject):
    """Lives on the GUI thread, so ``done`` (emitted by the worker) is queued to it."""

    done = Signal(object, object)  # tag, result (an Exception if the work failed)

    def __init__(self, owner: QObject, receiver) -> None:
        super().__init__()
        self.owner, self.receiver = owner, receiver
        self.done.connect(self.deliver)

    @Slot(object, object)
    def deliver(self, tag, result) -> None:
        if shiboken6.isValid(self.owner):  # a closed window's widgets are gone: drop it
            self.receiver(tag, result)


class _Job(QRunnable):
    def __init__(self, tag, work, relay: _Relay) -> None:
        super().__init__()
        self.tag, self.work = tag, work
        self.signals = relay

    def run(self) -> None:
        try:
            result = self.work()
        except Exception as exc:  # handed to the receiver, which reports it
            result = exc
        with contextlib.suppress(RuntimeError):  # shutting down: nobody left to tell
            self.signals.done.emit(self.tag, result)


_collector = None


def collect_garbage_on_the_gui_thread() -> None:
    """Python's cyclic garbage collector runs in whichever thread happens to allocate; when it
    frees a Qt widget from there (a closed window's, say), Qt calls back into Python from the
    wrong thread and the process deadlocks or crashes (seen: a rating job hung freeing an
    old window). So automatic collection is turned off and pyqtgraph's ``GarbageCollector``
    collects on a timer on the GUI thread instead, by the same thresholds. Call it on the
    GUI thread with the application running; calling it again does nothing."""
    global _collector
    if _collector is None:
        from pyqtgraph.util.garbage_collector import GarbageCollector

        _collector = GarbageCollector(interval=0.5)


def run_job(owner: QObject, tag, work, receiver) -> None:
    """Run ``work()`` in the global thread pool; ``receiver(tag, result)`` gets the answer
    on the GUI thread. ``owner`` keeps the job alive until then."""
    collect_garbage_on_the_gui_thread()
    jobs = owner.__dict__.setdefault("_running_jobs", set())

    def finish(t, result):
        jobs.discard(relay)
        receiver(t, result)

    relay = _Relay(owner, finish)
    jobs.add(relay)
    QThreadPool.globalInstance().start(_Job(tag, work, relay))


def wait_for_jobs(timeout_ms: int = 10_000) -> bool:
    """Wait until the thread pool is idle (closing the window, tests)."""
    return QThreadPool.globalInstance().waitForDone(timeout_ms)
