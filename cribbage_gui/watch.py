"""Watching two computer players: a series of games in a worker thread, paced by the view.

The worker runs the match driver for game after game and emits every event. So that it
does not race thousands of events ahead of what the table shows, it takes a ticket from a
semaphore before each event and the presenter gives one back for each event it shows
(:meth:`WatchController.consumed`). :meth:`stop` ends the series cleanly.
"""

from __future__ import annotations

import threading
import traceback
from dataclasses import dataclass

from PySide6.QtCore import QObject, QThread, Signal

from ai import make_player
from ai.match.driver import game_events

AHEAD = 200  # events the worker may run ahead of the table


@dataclass(frozen=True)
class WatchSetup:
    players: tuple[str, str]
    games: int = 1
    seed: int = 0


class _WatchWorker(QThread):
    event = Signal(object)
    failed = Signal(str)

    def __init__(self, setup: WatchSetup, tickets: threading.Semaphore,
                 stopping: threading.Event) -> None:
        super().__init__()
        self.setup, self.tickets, self.stopping = setup, tickets, stopping

    def run(self) -> None:
        try:
            players = tuple(make_player(name) for name in self.setup.players)
            for index in range(self.setup.games):
                for event in game_events(players, self.setup.seed, index):
                    while not self.tickets.acquire(timeout=0.1):
                        if self.stopping.is_set():
                            return
                    if self.stopping.is_set():
                        return
                    self.event.emit(event)
        except Exception:  # shown to the person instead of dying silently in a thread
            self.failed.emit(traceback.format_exc())


class WatchController(QObject):
    event = Signal(object)
    failed = Signal(str)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setup: WatchSetup | None = None
        self._worker: _WatchWorker | None = None
        self._tickets = threading.Semaphore(AHEAD)
        self._stopping = threading.Event()

    @property
    def running(self) -> bool:
        return self._worker is not None and self._worker.isRunning()

    def start(self, setup: WatchSetup) -> None:
        for name in setup.players:
            make_player(name)  # a bad name fails here, not in the thread
        self.stop()
        self.setup = setup
        self._tickets = threading.Semaphore(AHEAD)
        self._stopping = threading.Event()
        worker = _WatchWorker(setup, self._tickets, self._stopping)
        worker.event.connect(self._relay)
        worker.failed.connect(self.failed)
        self._worker = worker
        worker.start()

    def _relay(self, event) -> None:
        # events a stopped worker posted before it stopped may still arrive: drop them
        if self.sender() is self._worker and self._worker is not None:
            self.event.emit(event)

    def consumed(self) -> None:
        """The table has shown one more event: the worker may produce another."""
        self._tickets.release()

    def stop(self, timeout_ms: int = 10_000) -> None:
        if self._worker is None:
            return
        self._stopping.set()
        self._worker.wait(timeout_ms)
        self._worker = None
