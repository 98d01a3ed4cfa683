"""The search through the person's finished games for practice positions, off the GUI
thread: each game of the history not searched yet is reviewed
(``cribbage_gui.services.practice.games``) and
its marked decisions of the person handed back, game by game, to be kept by the window."""

from __future__ import annotations

import threading
import traceback

from PySide6.QtCore import QThread, Signal

from cribbage_gui.app.jobs import ADVICE_MEMO
from cribbage_gui.services.gamefile import GameFileError
from cribbage_gui.services.history import History, HistoryError
from cribbage_gui.services.practice.games import positions_from_game
from cribbage_gui.services.review import Cancelled


class ScanWorker(QThread):
    """Reviews the history's games not yet searched, one by one, off the GUI thread; each
    game's positions of the person are handed back by ``found`` (the window keeps them)."""

    progress = Signal(int, int)  # games searched, games to search
    found = Signal(int, object)  # the game's id, its positions (a list, maybe empty)
    failed = Signal(str)

    def __init__(self, history_path, games: list[tuple[int, int]], parent=None) -> None:
        super().__init__(parent)
        self.history_path = history_path
        self.games = games  # (id, the person's seat)
        self._stop = threading.Event()

    def cancel(self) -> None:
        self._stop.set()

    def run(self) -> None:
        try:
            # a connection of its own: SQLite's are not shared between threads
            history = History(self.history_path)
        except HistoryError as exc:
            self.failed.emit(str(exc))
            return
        try:
            self._search(history)
        except Exception:  # shown in the window instead of dying silently in a thread
            self.failed.emit(traceback.format_exc().strip().splitlines()[-1])
        finally:
            history.close()

    def _search(self, history: History) -> None:
        for done, (game_id, seat) in enumerate(self.games):
            if self._stop.is_set():
                return
            self.progress.emit(done, len(self.games))
            try:
                file = history.game_file(game_id)
                positions = positions_from_game(file, f"history:{game_id}",
                                                file.players[seat], ADVICE_MEMO,
                                                self._stop.is_set)
            except Cancelled:
                return
            except (GameFileError, HistoryError):
                positions = []  # a game that cannot be replayed has nothing to offer
            self.found.emit(game_id, positions)
        self.progress.emit(len(self.games), len(self.games))
