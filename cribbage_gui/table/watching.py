"""Watching two computer players on the table: the series runs in a worker thread, paced by
what the table shows, with both hands face up and both players' reasoning live.

The worker runs the match driver for game after game and emits every event. So that it
does not race thousands of events ahead of what the table shows, it takes a ticket from a
semaphore before each event and the presenter gives one back for each event it shows
(:meth:`WatchController.consumed`). :meth:`WatchController.stop` ends the series cleanly.

:class:`Watching` is the window's part: it starts and stops a series on the shared table,
presenter and reasoning dock, and drives the watch bar (speed, pause, step, stop, tally).
"""

from __future__ import annotations

import threading
import traceback
from dataclasses import dataclass

from PySide6.QtCore import QObject, QThread, Signal

from ai import make_player
from ai.match.driver import game_events, game_seed
from cribbage_gui.app.settings import SPEEDS
from cribbage_gui.app.texts import player_title, result_sentence
from cribbage_gui.services import gamefile
from cribbage_gui.table.model import TableModel
from engine import GameState

AHEAD = 200  # events the worker may run ahead of the table
STEP_BY_STEP = "step by step"


@dataclass(frozen=True)
class WatchSetup:
    players: tuple[str, str]
    games: int = 1
    seed: int = 0


@dataclass(frozen=True)
class GameOutcome:
    index: int
    winner: int
    scores: tuple[int, int]
    skunk: int
    forfeit: str | None = None  # why the loser forfeited, if it did


class _WatchWorker(QThread):
    game_event = Signal(object)  # not "event": the name of QObject's event handler
    failed = Signal(str)
    recorded = Signal(int, object)  # a game's index and its record, once it is over

    def __init__(self, setup: WatchSetup, tickets: threading.Semaphore,
                 stopping: threading.Event) -> None:
        super().__init__()
        self.setup, self.tickets, self.stopping = setup, tickets, stopping

    def run(self) -> None:
        try:
            first, second = self.setup.players
            players = (make_player(first), make_player(second))
            for index in range(self.setup.games):
                # the driver's own game for this index, held here so it can be recorded
                game = GameState.new(game_seed(self.setup.seed, index),
                                     first_dealer=index % 2)
                for event in game_events(players, self.setup.seed, index, game=game,
                                         report_from=0):
                    while not self.tickets.acquire(timeout=0.1):
                        if self.stopping.is_set():
                            return
                    if self.stopping.is_set():
                        return
                    self.game_event.emit(event)
                self.recorded.emit(index, game.to_record())
        except Exception:  # shown to the person instead of dying silently in a thread
            self.failed.emit(traceback.format_exc())


class WatchController(QObject):
    game_event = Signal(object)  # not "event": the name of QObject's event handler
    failed = Signal(str)
    recorded = Signal(int, object)

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
        worker.game_event.connect(self._relay)
        worker.failed.connect(self.failed)
        worker.recorded.connect(self._relay_record)
        self._worker = worker
        worker.start()

    def _relay(self, event) -> None:
        # events a stopped worker posted before it stopped may still arrive: drop them
        if self.sender() is self._worker and self._worker is not None:
            self.game_event.emit(event)

    def _relay_record(self, index: int, record) -> None:
        if self.sender() is self._worker and self._worker is not None:
            self.recorded.emit(index, record)

    def consumed(self) -> None:
        """The table has shown one more event: the worker may produce another."""
        self._tickets.release()

    def stop(self, timeout_ms: int = 10_000) -> None:
        if self._worker is None:
            return
        self._stopping.set()
        self._worker.wait(timeout_ms)
        self._worker = None


class WatchSession(QObject):
    """One series of computer-vs-computer games shown on the table."""

    game_done = Signal(object)  # GameOutcome
    finished = Signal()

    def __init__(self, setup: WatchSetup, parent=None) -> None:
        super().__init__(parent)
        self.setup = setup
        self.controller = WatchController(self)
        self.outcomes: list[GameOutcome] = []
        self.records: dict[int, dict] = {}  # game index -> engine record (from the worker)
        self._files: dict[int, gamefile.GameFile] = {}  # replayed once, when first asked
        self.controller.recorded.connect(self.records.__setitem__)

    @property
    def titles(self) -> tuple[str, str]:
        a, b = (player_title(n) for n in self.setup.players)
        return a, b

    def record(self, over, forfeit: str | None = None) -> None:
        outcome = GameOutcome(len(self.outcomes), over.winner, over.scores, over.skunk,
                              forfeit)
        self.outcomes.append(outcome)
        self.game_done.emit(outcome)
        if len(self.outcomes) >= self.setup.games:
            self.finished.emit()

    def files(self) -> list[gamefile.GameFile]:
        """The games the table has shown to their end, as game files."""
        for outcome in self.outcomes:
            record = self.records.get(outcome.index)
            if record is not None and outcome.index not in self._files:
                self._files[outcome.index] = gamefile.make(
                    GameState.from_record(record), self.setup.players,
                    {"kind": "watch", "seed": self.setup.seed, "index": outcome.index})
        return [self._files[o.index] for o in self.outcomes if o.index in self._files]

    def tally(self, short: bool = False) -> str:
        """"Mueller 1 – 0 Expert  (game 2 of 3)"; ``short``: "1 – 0 · game 2 of 3" (the
        wins in the board's order, top first)."""
        a, b = self.titles
        wins = [sum(o.winner == seat for o in self.outcomes) for seat in (0, 1)]
        current = min(len(self.outcomes) + 1, self.setup.games)
        if short:
            return f"{wins[0]} – {wins[1]} · game {current} of {self.setup.games}"
        return f"{a} {wins[0]} – {wins[1]} {b}  (game {current} of {self.setup.games})"

    def summary_line(self, names: tuple[str, str] | None = None) -> str:
        """One line: each game's winner and final scores (registry names by default, as
        the command line writes players)."""
        names = names or self.setup.players
        games = "; ".join(f"game {o.index + 1}: "
                          f"{result_sentence(names, o.winner, o.scores, o.skunk, dash='-')}"
                          + (f" ({names[1 - o.winner]} forfeits: {o.forfeit})"
                             if o.forfeit else "")
                          for o in self.outcomes)
        return f"{names[0]} v {names[1]}: {games}"


class Watching(QObject):
    """The window's watching mode on the shared table and presenter."""

    message = Signal(str)
    failed = Signal(str)
    started = Signal(object)  # WatchSetup
    stopped = Signal()
    finished = Signal(str)  # the summary line (registry names)

    def __init__(self, presenter, bar, parent=None) -> None:
        super().__init__(parent)
        self.presenter, self.bar = presenter, bar
        self.session: WatchSession | None = None
        self.last_session: WatchSession | None = None  # kept after stopping, to save
        self.quit_when_done = False
        bar.speed.currentTextChanged.connect(self.set_speed)
        bar.pause.toggled.connect(self.presenter.set_paused)
        bar.step.clicked.connect(self.presenter.step)
        bar.stop.clicked.connect(self.stop)

    @property
    def active(self) -> bool:
        return self.session is not None

    def start(self, setup: WatchSetup, delay_ms: int | None = None,
              quit_when_done: bool = False) -> None:
        """Watch ``setup.games`` games between two computer players, both hands face up."""
        self.stop()
        self.quit_when_done = quit_when_done
        session = WatchSession(setup, self)
        self.session = self.last_session = session
        names = session.titles
        self.presenter.begin(TableModel(0, names, reveal=True))
        self.presenter.fixed_delay_ms = delay_ms
        session.controller.game_event.connect(self.presenter.feed_event)
        session.controller.failed.connect(self.failed)
        self.presenter.changed.connect(session.controller.consumed)
        self.presenter.game_over.connect(self._game_over)
        session.finished.connect(self._finished)
        self.bar.setVisible(True)
        self.bar.save.setEnabled(False)
        self.bar.tally.set_texts(session.tally(), session.tally(short=True))
        self.set_speed(self.bar.speed.currentText())
        self.started.emit(setup)
        session.controller.start(setup)

    def set_speed(self, name: str) -> None:
        if name == STEP_BY_STEP or name not in SPEEDS:
            self.bar.pause.setChecked(True)
            return
        factor = SPEEDS[name]
        self.presenter.set_pace(factor, max(1, int(1800 * factor)))

    def _game_over(self, over) -> None:
        if self.session is not None:
            # (a forfeit is said in the summary, not as a 0-0 win)
            self.session.record(over, self.presenter.model.forfeit_reason)
            self.bar.tally.set_texts(self.session.tally(), self.session.tally(short=True))
            self.bar.save.setEnabled(True)

    def files(self) -> list[gamefile.GameFile]:
        """The watched games shown to their end (of the current or last series)."""
        return self.last_session.files() if self.last_session is not None else []

    def _finished(self) -> None:
        session = self.session
        # the session's finished signal comes from its record(), called only while it is on
        assert session is not None, "a series finished that is no longer watched"
        line = session.summary_line()
        self.message.emit(f"Finished: {session.summary_line(session.titles)}")
        self.finished.emit(line)

    def stop(self) -> None:
        session, self.session = self.session, None
        if session is None:
            return
        session.controller.stop()
        self.presenter.changed.disconnect(session.controller.consumed)
        self.presenter.game_over.disconnect(self._game_over)
        self.presenter.fixed_delay_ms = None
        self.presenter.set_paused(False)
        self.bar.pause.setChecked(False)
        self.bar.setVisible(False)
        self.stopped.emit()
