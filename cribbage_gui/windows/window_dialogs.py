"""The dialogs and the windows the main window opens.

Each method asks the person one thing and gives back the answer (None: cancelled), or opens
a window and keeps it: the help, the statistics, the reviews, a quick run and the game-over
box stay reachable here (``help_window``, ``stats_window``, ``review_windows``,
``quick_window``, ``game_over_box``) while they are open. What the answers lead to is the
window's business. The dialogs' own widgets are in :mod:`cribbage_gui.dialogs.dialogs` and
:mod:`cribbage_gui.table.game_over`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QRect, QStandardPaths
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMessageBox, QWidget

from cribbage_gui.app.settings import Settings
from cribbage_gui.dialogs.dialogs import (
    NewGame,
    NewGameDialog,
    SettingsDialog,
    WatchDialog,
    WelcomeDialog,
)
from cribbage_gui.services import gamefile
from cribbage_gui.services.history import History
from cribbage_gui.services.review import GameReview
from cribbage_gui.table.game_over import GameOverDialog, GameSummary
from cribbage_gui.table.table_view import TableView
from cribbage_gui.table.watching import WatchSetup

if TYPE_CHECKING:  # each opened only when asked for: imported then, not at start
    from cribbage_gui.dialogs.quick_run import QuickRunWindow
    from cribbage_gui.windows.counting_trainer import CountingTrainer
    from cribbage_gui.windows.help import HelpWindow
    from cribbage_gui.windows.review_window import ReviewWindow
    from cribbage_gui.windows.statistics import StatisticsWindow


def documents() -> str:
    """Where the file dialogs open: the person's documents folder (else their home)."""
    return QStandardPaths.writableLocation(
        QStandardPaths.StandardLocation.DocumentsLocation) or str(Path.home())


class WindowDialogs:
    """The dialogs and windows of ``window``; ``board`` is what the game-over box keeps in
    sight."""

    def __init__(self, window: QMainWindow, board: QWidget, table: TableView) -> None:
        self.window, self.board, self.table = window, board, table
        self.welcome_dialog: WelcomeDialog | None = None
        self.help_window: HelpWindow | None = None
        self.stats_window: StatisticsWindow | None = None
        self.review_windows: list[ReviewWindow] = []
        self.quick_window: QuickRunWindow | None = None
        self.game_over_box: GameOverDialog | None = None
        self.counting_window: CountingTrainer | None = None

    # ------------------------------------------------------------------ questions
    def ask(self, title: str, text: str) -> bool:
        """A yes-or-no question; True for yes."""
        return QMessageBox.question(self.window, title, text) == \
            QMessageBox.StandardButton.Yes

    def choose(self, title: str, text: str, *choices: str) -> int:
        """A question answered by buttons named for what they do (the first the default,
        the last what Escape or closing the box chooses); the index of the one chosen."""
        box = QMessageBox(QMessageBox.Icon.Question, title, text, parent=self.window)
        buttons = [box.addButton(choice, QMessageBox.ButtonRole.AcceptRole if i == 0 else
                                 QMessageBox.ButtonRole.RejectRole if i == len(choices) - 1
                                 else QMessageBox.ButtonRole.ActionRole)
                   for i, choice in enumerate(choices)]
        box.setDefaultButton(buttons[0])
        box.setEscapeButton(buttons[-1])
        box.exec()
        clicked = box.clickedButton()
        return next((i for i, b in enumerate(buttons) if b is clicked), len(choices) - 1)

    def warn(self, title: str, text: str) -> None:
        QMessageBox.warning(self.window, title, text)

    def internal_error(self, details: str) -> None:
        QMessageBox.critical(self.window, "Internal error", details[-2000:])

    # ------------------------------------------------------------------ choices
    def welcome(self, opponent: str, on_help: Callable[[], None]) -> str | None:
        """The first start's welcome: the opponent chosen (``opponent`` offered first),
        ``dialogs.LEARN`` for the guided first game (Learn to play), or None if it was
        closed."""
        dialog = WelcomeDialog(opponent, self.window)
        dialog.help_requested.connect(on_help)
        self.welcome_dialog = dialog
        return dialog.choice() if dialog.exec() else None

    def new_game(self, settings: Settings) -> NewGame | None:
        """Game → New game…: the opponent (or two people at this computer), the seed (None:
        any) and the match's length."""
        dialog = NewGameDialog(settings, self.window)
        return dialog.choice() if dialog.exec() else None

    def watch(self, quick: bool = False) -> WatchSetup | None:
        """Which computers play how many games (``quick``: run them without showing)."""
        dialog = WatchDialog(self.window, quick=quick)
        return dialog.setup() if dialog.exec() else None

    def edit_settings(self, settings: Settings, sound_note: str) -> Settings | None:
        """Game → Settings…: the settings as changed, or None when cancelled."""
        dialog = SettingsDialog(settings, sound_note=sound_note, parent=self.window)
        return dialog.settings() if dialog.exec() else None

    # ------------------------------------------------------------------ files
    def game_to_open(self) -> Path | None:
        path, _ = QFileDialog.getOpenFileName(
            self.window, "Open a game", documents(),
            f"Cribbage games (*{gamefile.SUFFIX});;JSON files (*.json);;All files (*)")
        return Path(path) if path else None

    def file_to_save(self, name: str) -> Path | None:
        """Where to save a game file, ``name`` suggested in the documents folder."""
        path, _ = QFileDialog.getSaveFileName(self.window, "Save the game as",
                                              str(Path(documents()) / name),
                                              f"Cribbage games (*{gamefile.SUFFIX})")
        return Path(path) if path else None

    def folder_to_save_in(self) -> Path | None:
        folder = QFileDialog.getExistingDirectory(self.window, "Save the watched games in",
                                                  documents())
        return Path(folder) if folder else None

    # ------------------------------------------------------------------ windows kept open
    def help(self, topic: str, shortcuts: tuple[tuple[str, str], ...], data_dir: Path,
             settings_path: str) -> None:
        """The help at ``topic`` (one help window, opened again where it was)."""
        from cribbage_gui.windows.help import HelpWindow

        window = self.help_window
        if window is None:
            window = HelpWindow(self.window, shortcuts=shortcuts, data_dir=data_dir,
                                settings_path=settings_path)
            # A reading size: most of a small window, at most about a page on a large one.
            window.resize(min(1000, max(560, int(self.window.width() * 0.8))),
                          min(860, max(420, int(self.window.height() * 0.86))))
            self.help_window = window
        window.show_topic(topic)
        window.show()
        window.raise_()

    def statistics(self, history: History, on_review: Callable[[int], object],
                   practice: dict | None = None) -> None:
        """The statistics window (a HistoryError if the history cannot give them);
        ``practice``: the practice store's summary."""
        from cribbage_gui.windows.statistics import StatisticsWindow

        self.stats_window = StatisticsWindow(history, self.window, practice=practice)
        self.stats_window.review_requested.connect(on_review)
        self.stats_window.show()

    def counting_trainer(self, path: Path, on_problem: Callable[[str], None],
                         drills: Sequence = ()) -> None:
        """Practice → Counting trainer…: one trainer, its attempts kept in the practice
        database at ``path`` (if that cannot be used, the trainer says so and runs);
        ``drills`` come first (Learn to play's drills), starting at once."""
        import numpy as np

        from cribbage_gui.services.practice.counting_log import CountingLog
        from cribbage_gui.windows.counting_trainer import CountingTrainer
        from engine.errors import CribbageError

        window = self.counting_window
        if window is None:
            log, note = None, ""
            try:
                log = CountingLog(path, on_problem)
            except (CribbageError, OSError) as exc:
                note = f"Your answers cannot be kept: {exc}"
            window = CountingTrainer(log, np.random.default_rng(), self.window, note=note)
            self.counting_window = window
        was_open = window.isVisible()
        window.show()
        window.raise_()
        if drills:
            window.set_drills(drills)
            window.new_drill()
        elif window.drill is None or (not was_open and window.verdict is None):
            window.new_drill()  # (a drill left unanswered when it closed: a fresh one)

    def review(self, file: gamefile.GameFile, title: str | None = None,
               on_reviewed: Callable[[GameReview], None] | None = None,
               on_practise: Callable[[list, int | None, str], object] | None = None
               ) -> ReviewWindow:
        """A review window for ``file`` (several can be open at once); ``on_practise``:
        what its *Practise these now* does with the positions."""
        from cribbage_gui.windows.review_window import ReviewWindow

        window = ReviewWindow(file, self.window, title=title, on_reviewed=on_reviewed,
                              on_practise=on_practise)
        self.review_windows = [w for w in self.review_windows if w.isVisible()] + [window]
        window.show()
        window.raise_()
        return window

    def close_reviews(self) -> None:
        for window in self.review_windows:
            window.close()

    def quick_run(self, setup: WatchSetup) -> None:
        """Game → Run games quickly…: the games run, with their result when done."""
        from cribbage_gui.dialogs.quick_run import QuickRunWindow

        self.quick_window = QuickRunWindow(setup, self.window)
        self.quick_window.show()
        self.quick_window.start()

    def game_over(self, summary: GameSummary, next_label: str, on_again: Callable[[], None],
                  on_new_opponent: Callable[[], None], on_review: Callable[[], object] | None,
                  people: tuple[str, ...] = (),
                  on_practise: Callable[[int], object] | None = None,
                  on_analyse: Callable[[], object] | None = None) -> GameOverDialog:
        """The summary of a finished game, opened below the board; ``people``: whose
        marked decisions it offers to practise (``on_practise(index)``), once rated;
        ``on_analyse``: what its *Analyse the last deal* does (no button without it), and
        ``on_review`` its *Review game* (likewise)."""
        box = GameOverDialog(summary, next_label, self.window, people=people,
                             analysable=on_analyse is not None,
                             reviewable=on_review is not None)
        if on_analyse is not None:
            box.analyse.connect(on_analyse)
        box.again.connect(on_again)
        box.new_opponent.connect(on_new_opponent)
        if on_review is not None:
            box.review.connect(on_review)
        if on_practise is not None:
            box.practise.connect(on_practise)
        self.game_over_box = box
        box.open()
        self.place_clear_of_board(box)
        return box

    def place_clear_of_board(self, dialog: QWidget, keep: QRect | None = None) -> None:
        """Open ``dialog`` below the board, so the final pegs (and how near the skunk line
        the loser stopped) stay in sight, and clear of ``keep`` (screen coordinates; by
        default the table's winning show and its words, ``TableView.in_sight``): centred
        across the window if that covers none of it, else to the right or the left (over
        a panel), else as low as it fits; in a window too small for any of those, made
        narrower (to its least width) beside the show, and taller where a game-over box's
        rows of buttons wrap; where every place still covers some, the one that covers
        least. (Call it once the dialog is shown.)"""
        inside = self.window.geometry()  # the window's contents, in screen coordinates
        board = self.board.mapToGlobal(QPoint(0, self.board.height()))
        if keep is None:
            keep = self.table.in_sight()
        w, h = dialog.width(), dialog.height()

        def at(x: int, width: int, height: int, low: bool = False) -> QRect:
            """The box ``width`` x ``height`` at ``x``, below the board (or as low as it
            goes), inside the window."""
            bottom = inside.bottom() - height
            y = max(inside.y(), bottom if low else min(board.y() + 8, bottom))
            return QRect(x, y, width, height)

        places = [at(x, w, h, low) for low in (False, True)
                  for x in (inside.x() + (inside.width() - w) // 2, inside.right() - w - 8,
                            inside.x() + 8)]
        # narrower beside the show, to the right or the left (a row of buttons wraps:
        # the box is taller for it)
        least = max(dialog.minimumWidth(), dialog.minimumSizeHint().width())
        for room, right in ((inside.right() - keep.right() - 12, True),
                            (keep.left() - inside.x() - 12, False)):
            width = max(least, min(w, room))
            height = max(h, dialog.least_height(width)) if isinstance(
                dialog, GameOverDialog) else h
            x = min(keep.right() + 8, inside.right() - width - 4) if right else inside.x() + 8
            places.append(at(x, width, height))

        def covered(place: QRect) -> int:
            if keep.isEmpty():
                return 0
            over = place.intersected(keep)
            return over.width() * over.height() if not over.isEmpty() else 0

        best = min(places, key=covered)  # the first of the least covering
        dialog.resize(best.size())
        dialog.move(best.topLeft())
