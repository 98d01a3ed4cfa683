"""The main window: composed of the board, the table and the panels, and three parts with
explicit interfaces: :class:`~cribbage_gui.game.Playing` (a game against the computer),
:class:`~cribbage_gui.watching.Watching` (two computers) and
:class:`~cribbage_gui.saving.SaveStore` (the game saved between sessions).

The window builds the widgets, wires the parts to them, and owns what is the window's: the
menus and keys, the settings, the theme and zoom, the geometry and dock layout (kept between
sessions), the heatmap's link to the table, and the dialogs.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QPoint, QSettings, QStandardPaths, Qt, QTimer
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QMainWindow,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from ai import gamefile
from ai.history import HistoryError, open_history, points_by_source, scores_by_deal
from ai.review import GameReview, review_game
from cribbage_gui import saving, theme
from cribbage_gui.dialogs import NewGameDialog, SettingsDialog, WatchDialog, WelcomeDialog
from cribbage_gui.game import Playing, fresh_save, next_setup, record_finished
from cribbage_gui.jobs import collect_garbage_on_the_gui_thread, run_job, wait_for_jobs
from cribbage_gui.presenter import Presenter
from cribbage_gui.settings import Settings
from cribbage_gui.sound import Sound
from cribbage_gui.texts import YOU, player_title, result_sentence
from cribbage_gui.watching import Watching, WatchSetup
from cribbage_gui.widgets.board import BoardWidget
from cribbage_gui.widgets.controls import GameBar, WatchBar
from cribbage_gui.widgets.game_over import GameOverDialog, GameSummary
from cribbage_gui.widgets.heatmap_panel import HeatmapDock
from cribbage_gui.widgets.log_panel import LogDock
from cribbage_gui.widgets.reasoning import ReasoningDock, review_headline
from cribbage_gui.widgets.table import TableView
from engine import GameState
from engine.events import CutForDeal, Dealt, Played, SaidGo, Tossed

LAYOUT_VERSION = 2  # a saved dock layout from another version is not restored
WATCH_SOUND_MS = 200  # watching with shorter pauses than this makes no sound
WIDE = 1300  # from this width the play-by-play has its own column


class MainWindow(QMainWindow):
    def __init__(self, data_dir: Path | None = None, qsettings: QSettings | None = None,
                 parent=None, sound: Sound | None = None) -> None:
        super().__init__(parent)
        collect_garbage_on_the_gui_thread()  # the game and the advice run in other threads
        self.setWindowTitle("Cribbage")
        self.qsettings = qsettings or QSettings()
        self.settings = Settings.load(self.qsettings)
        self.data_dir = data_dir or saving.data_dir()
        self.saves = saving.SaveStore(self.data_dir)
        self.saves.remove_leftovers()  # half-written saves of a program that was killed
        self.messages: list[str] = []  # shown to the person (also read by tests)
        self.history, problem = open_history(self.data_dir / saving.HISTORY_NAME)
        self.history.on_problem = self.tell  # damage found later, e.g. by Statistics
        self.sound = sound or Sound(saving.cache_dir() / "sounds", self.settings.sound)
        self._build()
        self.playing = Playing(self.presenter, self.table, self.game_bar, self.history,
                               lambda: self.settings, self)
        self.playing.confirm = self._confirm
        self.playing.save = self.saves.write  # after every action, from the game's thread
        self.playing.save_failed.connect(
            lambda why: self.tell(f"The game in progress cannot be saved ({why}): it will be "
                                  f"lost if the program stops. Check the folder "
                                  f"{self.data_dir}."))
        self.watching = Watching(self.presenter, self.watch_bar, self)
        self._connect()
        if problem:
            self.tell(problem)
        self.apply_settings()
        self._restore_layout()

    # ------------------------------------------------------------------ layout
    def _build(self) -> None:
        self.board = BoardWidget()
        self.table = TableView()
        self.presenter = Presenter(self.table, self.board, self)
        board_dock = QDockWidget("Board", self)
        board_dock.setObjectName("board")
        board_dock.setWidget(self.board)
        board_dock.setTitleBarWidget(QWidget())
        board_dock.setFeatures(QDockWidget.DockWidgetFeature.NoDockWidgetFeatures)
        self.setCorner(Qt.Corner.TopLeftCorner, Qt.DockWidgetArea.TopDockWidgetArea)
        self.setCorner(Qt.Corner.TopRightCorner, Qt.DockWidgetArea.TopDockWidgetArea)
        self.addDockWidget(Qt.DockWidgetArea.TopDockWidgetArea, board_dock)
        self.board_dock = board_dock
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.table, 1)
        self.game_bar = GameBar()
        layout.addWidget(self.game_bar)
        self.watch_bar = WatchBar()
        self.watch_bar.setVisible(False)
        layout.addWidget(self.watch_bar)
        self.setCentralWidget(central)
        self.reasoning = ReasoningDock(self)
        self.heatmap = HeatmapDock(self)
        self.log = LogDock(self)
        self.setDockOptions(QMainWindow.DockOption.AnimatedDocks
                            | QMainWindow.DockOption.AllowTabbedDocks)
        self._auto_layout = True  # the default panels follow the width, until moved
        self._wide = False  # the layout's width class (set again by _default_docks)
        for dock in (self.reasoning, self.heatmap, self.log):
            dock.dockLocationChanged.connect(self._panels_moved)
            dock.topLevelChanged.connect(self._panels_moved)
        self._default_docks(wide=False)
        self._menus()
        self.resize(*first_size())

    def _default_docks(self, wide: bool) -> None:
        """The panels on the right, tabbed; from ``WIDE`` pixels the play-by-play on the
        left in a column of its own."""
        self._arranging = True
        self._wide = wide
        right = Qt.DockWidgetArea.RightDockWidgetArea
        for dock in (self.reasoning, self.heatmap, self.log):
            dock.setFloating(False)
            self.addDockWidget(right, dock)
        self.tabifyDockWidget(self.reasoning, self.heatmap)
        if wide:
            self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.log)
            self.resizeDocks([self.log], [max(220, int(self.width() * 0.14))],
                             Qt.Orientation.Horizontal)
        else:
            self.tabifyDockWidget(self.reasoning, self.log)
        self.resizeDocks([self.reasoning], [max(500, int(self.width() * 0.3)) if wide else 330],
                         Qt.Orientation.Horizontal)
        self.reasoning.raise_()
        self._arranging = False

    def _panels_moved(self, *_args) -> None:
        if not getattr(self, "_arranging", False):
            self._auto_layout = False  # the person arranged them: keep their layout

    def _menus(self) -> None:
        menu = self.menuBar().addMenu("&Game")
        self.new_action = self._action(menu, "&New game…", self.new_game_dialog,
                                       QKeySequence.StandardKey.New)
        self._action(menu, "&Resume saved game", self.resume_saved_game)
        self._action(menu, "&Open game…", self.open_game_dialog, QKeySequence.StandardKey.Open)
        self._action(menu, "Save game &as…", self.save_game_dialog,
                     QKeySequence("Ctrl+Shift+S"))
        self._action(menu, "Re&view game", self.review_game, QKeySequence("Ctrl+R"))
        self.undo_action = self._action(menu, "&Undo my last card or discard",
                                        lambda: self.playing.undo(),
                                        QKeySequence.StandardKey.Undo)
        menu.addSeparator()
        self._action(menu, "&Watch the computer play…", self.watch_dialog)
        self._action(menu, "Run games &quickly…", self.quick_run_dialog)
        menu.addSeparator()
        self._action(menu, "&Statistics…", self.show_statistics)
        self._action(menu, "Se&ttings…", self.settings_dialog)
        menu.addSeparator()
        self._action(menu, "&Quit", self.close, QKeySequence.StandardKey.Quit)
        view = self.menuBar().addMenu("&View")
        view.addAction(self.reasoning.toggleViewAction())
        view.addAction(self.heatmap.toggleViewAction())
        view.addAction(self.log.toggleViewAction())
        view.addSeparator()
        self._action(view, "Zoom &in", lambda: self.zoom_by(+1), QKeySequence.StandardKey.ZoomIn)
        self._action(view, "Zoom &out", lambda: self.zoom_by(-1),
                     QKeySequence.StandardKey.ZoomOut)
        self._action(view, "&Normal size", lambda: self.set_zoom(1.0), QKeySequence("Ctrl+0"))
        view.addSeparator()
        self._action(view, "Reset the &panels", self.reset_layout)
        help_menu = self.menuBar().addMenu("&Help")
        self._action(help_menu, "&How to play", lambda: self.show_help("How to play"),
                     QKeySequence(Qt.Key.Key_F1))
        self._action(help_menu, "&Scoring", lambda: self.show_help("Scoring"))
        self._action(help_menu, "&Keyboard shortcuts",
                     lambda: self.show_help("Keyboard shortcuts"))
        help_menu.addSeparator()
        self._action(help_menu, "&About Cribbage", lambda: self.show_help("About"))

    def _action(self, menu, text, slot, shortcut=None) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(shortcut)
        action.triggered.connect(lambda _checked=False: slot())
        menu.addAction(action)
        return action

    def _connect(self) -> None:
        p, g, w = self.presenter, self.playing, self.watching
        self.table.card_clicked.connect(g.click_card)
        self.table.card_double_clicked.connect(g.double_click_card)
        self.game_bar.continue_button.clicked.connect(lambda: p.proceed())
        p.waiting_to_continue.connect(self.game_bar.continue_button.setVisible)
        p.shown.connect(self.reasoning.on_event)
        p.shown.connect(self._track_weights_position)
        p.shown.connect(self._log_event)
        p.shown.connect(self._status_follows)
        p.shown.connect(self._sound_event)
        p.turn_ready.connect(lambda _obs: self.undo_action.setEnabled(g.can_undo))
        g.message.connect(self.tell)
        g.refused.connect(self.refuse)
        g.failed.connect(self._on_failure)
        g.finished.connect(self._game_finished)
        g.discard_turn.connect(self.reasoning.discard.show_for)
        g.rated.connect(self.reasoning.review_tab.show_ratings)
        g.rewound.connect(self._rewound)
        w.message.connect(self.tell)
        w.failed.connect(self._on_failure)
        w.started.connect(self._watch_started)
        w.stopped.connect(self._watch_stopped)
        w.finished.connect(self._watch_finished)
        self.watch_bar.save.clicked.connect(self.save_watched_dialog)
        self.heatmap.visibilityChanged.connect(self._heatmap_shown)
        self.game_bar.continue_button.setVisible(False)

    # ------------------------------------------------------------------ settings and looks
    def apply_settings(self) -> None:
        s = self.settings
        theme.apply(s.theme)
        self.presenter.set_pace(s.pace, s.auto_advance_ms)
        self.sound.enabled = s.sound
        self.table.back = s.card_back
        self.table.sort_hand = s.sort_hand
        self.board.set_colour(s.board_colour)
        self.set_zoom(s.zoom, save=False)
        self.table.refresh(animate=False)

    def set_zoom(self, factor: float, save: bool = True) -> None:
        factor = theme.set_zoom(factor)
        self.table.set_zoom(factor)
        if save and factor != self.settings.zoom:
            self.settings.zoom = factor
            self.settings.save(self.qsettings)

    def zoom_by(self, step: int) -> None:
        levels = theme.ZOOMS
        here = min(range(len(levels)), key=lambda i: abs(levels[i] - self.settings.zoom))
        self.set_zoom(levels[max(0, min(len(levels) - 1, here + step))])

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt)
        super().resizeEvent(event)
        self._size_board()
        if getattr(self, "_arranging", False):
            return
        self._asked = event.size()
        wide = self.width() >= WIDE
        if self._auto_layout and wide != self._wide:
            # rearranging the docks inside a resize makes Qt grow the window: do it just
            # after, and keep the size last asked for
            self._wide = wide
            QTimer.singleShot(0, self._rearrange)

    def _rearrange(self) -> None:
        if self._auto_layout:
            self._default_docks(self._wide)
            self._arranging = True
            self.resize(self._asked)
            self._arranging = False
            self._size_board()

    def _size_board(self) -> None:
        """The board takes about a quarter of the window's height, and all of its width."""
        self.resizeDocks([self.board_dock], [int(min(300, max(130, self.height() * 0.24)))],
                         Qt.Orientation.Vertical)

    def tell(self, text: str) -> None:
        """A message for the person: in the status line and the log."""
        self.messages.append(text)
        self.statusBar().showMessage(text, 8000)

    def refuse(self, message: str) -> None:
        """Refuse a click with a short message; nothing changes."""
        self.tell(message)
        self.table.announce(message)

    def _confirm(self, text: str) -> bool:
        return QMessageBox.question(self, "Throw to the crib", text) == \
            QMessageBox.StandardButton.Yes

    # ------------------------------------------------------------------ the layout kept
    def _restore_layout(self) -> None:
        qs = self.qsettings
        geometry, state = qs.value("window/geometry"), qs.value("window/state")
        if stored_int(qs.value("window/layout", 0)) == LAYOUT_VERSION and geometry is not None:
            self._arranging = True
            self.restoreGeometry(QByteArray(geometry))
            if state is not None and self.restoreState(QByteArray(state), LAYOUT_VERSION):
                self._auto_layout = False
            self._arranging = False

    def save_layout(self) -> None:
        qs = self.qsettings
        qs.setValue("window/geometry", self.saveGeometry())
        qs.setValue("window/state", self.saveState(LAYOUT_VERSION))
        qs.setValue("window/layout", LAYOUT_VERSION)
        qs.sync()

    def reset_layout(self) -> None:
        """View → Reset the panels: the default layout for this width, all panels shown."""
        for dock in (self.reasoning, self.heatmap, self.log):
            dock.setVisible(True)
        self._auto_layout = True
        self._default_docks(wide=self.width() >= WIDE)

    # ------------------------------------------------------------------ starting games
    def startup(self, ask=None, welcome=None) -> None:
        """Offer to resume a saved game; else, at the very first start, the welcome (choose
        an opponent); else a game against the last opponent. ``ask(summary) -> bool`` and
        ``welcome() -> opponent or None`` decide instead of dialogs (tests)."""
        saved = self.read_saved()
        if saved is not None and saved.game.is_over:
            saved = self._settle_finished(saved)
        if saved is not None:
            ask = ask or self._ask_resume
            if ask(self.saved_game_summary(saved)) and self.resume_saved(saved):
                return
            self.saves.discard()
        if not self.settings.welcomed:
            QTimer.singleShot(0, lambda: self._welcome(welcome))
            return
        QTimer.singleShot(0, lambda: self.start_match(self.settings.opponent))

    def _welcome(self, welcome=None) -> None:
        if welcome is None:
            dialog = WelcomeDialog(self.settings.opponent, self)
            dialog.help_requested.connect(lambda: self.show_help("How to play"))
            self.welcome_dialog = dialog
            opponent = dialog.choice() if dialog.exec() else None
        else:
            opponent = welcome()
        if self.closing:
            return
        self.settings.welcomed = True
        if opponent:
            self.settings.opponent = opponent
        self.settings.save(self.qsettings)
        self.start_match(self.settings.opponent)

    def new_game_dialog(self) -> None:
        game = self.playing.controller.game
        if self.playing.active and game is not None and not game.is_over:
            answer = QMessageBox.question(self, "New game",
                                          "Abandon the game in progress and start a new one?")
            if answer != QMessageBox.StandardButton.Yes:
                return
        dialog = NewGameDialog(self.settings, self)
        if dialog.exec():
            opponent, seed, length = dialog.choice()
            self.settings.opponent = opponent
            self.settings.save(self.qsettings)
            self.start_match(opponent, seed, length)

    def start_match(self, opponent: str, seed: int | None = None, length: int = 1) -> None:
        if self.closing:
            return
        self.watching.stop()
        self.game_bar.setVisible(True)
        self.playing.start_match(opponent, seed, length)
        setup = self.playing.current_setup()
        opponent = setup.opponent  # a match: the expert plays for ACC points
        self._players_changed((None, opponent) if setup.human_seat == 0
                              else (opponent, None))

    def _players_changed(self, players) -> None:
        """A new table: the panels start afresh for these players."""
        names = self.presenter.shown_model().names
        seat = None if self.watching.active else self.playing.current_setup().human_seat
        self.reasoning.begin(names, seat, "win" if seat is None else self.playing.objective)
        self.log.begin(names)
        weights = [i for i, n in enumerate(players) if n and n.partition(":")[0] == "weights"]
        self._weights_seat = weights[0] if weights else None
        if weights:
            self._show_weights_of(players[weights[0]])
        else:
            self.heatmap.clear_position()

    # ------------------------------------------------------------------ saving and resuming
    def save_game(self) -> bool:
        """Stop the game and save it (if one is in progress); True if saved. (It was saved
        after its last action already: this adds nothing but the certainty.)"""
        saved = self.playing.saved()
        if saved is None:
            return False
        try:
            self.saves.write(saved)
        except OSError as exc:
            self.tell(f"The game could not be saved: {exc}")
            return False
        return True

    def read_saved(self) -> saving.SavedGame | None:
        """The saved game, or None when there is none (or it cannot be read: then it is
        set aside with a message and everything else is kept)."""
        if not self.saves.exists():
            return None
        try:
            return self.saves.read()
        except (ValueError, OSError) as exc:
            self._set_aside(exc)
            return None

    def saved_game_summary(self, saved: saving.SavedGame | None = None) -> str | None:
        """A line describing the saved game, or None when there is none (or it is bad, in
        which case it is set aside with a message)."""
        saved = saved or self.read_saved()
        if saved is None:
            return None
        me, title = saved.setup.human_seat, player_title(saved.setup.opponent)
        scores = (f"you {saved.game.scores[me]}, {title} {saved.game.scores[1 - me]}")
        series = saved.series
        if series.length == 1:
            return f"Your game against {title}: {scores}"
        return (f"Your best of {series.length} against {title}: game "
                f"{saved.setup.index + 1}, {scores} (games you {series.wins(me)} – "
                f"{series.wins(1 - me)})")

    def _set_aside(self, exc: Exception) -> None:
        try:
            moved = self.saves.set_aside()
        except OSError as err:  # e.g. a read-only folder: leave it where it is
            self.tell(f"The saved game could not be read ({exc}) nor set aside ({err}); "
                      f"a new game starts and the file is left as it is.")
            self.saves.disabled = True
            return
        self.tell(f"The saved game could not be read ({exc}); it was set aside as "
                  f"{moved.name} and a new game starts. Your history and settings are "
                  f"kept.")

    def _settle_finished(self, saved: saving.SavedGame) -> saving.SavedGame | None:
        """A saved game that had ended when the program stopped (before the window showed
        its end): it goes into the history (once), and the match, if it goes on, continues
        with its next game (returned, saved)."""
        over = saved.game
        try:
            game_id = record_finished(self.history, saved)
        except HistoryError as exc:  # kept aside for a later start, never lost
            moved = self.saves.set_aside("unrecorded")
            self.tell(f"Your last game had ended when the program stopped, but the history "
                      f"cannot take it ({exc}); it is kept as {moved.name}.")
            return None
        winner = over.winner
        assert winner is not None, "only a finished game is settled"
        saved.series.add(winner, over.skunk)
        them = player_title(saved.setup.opponent)
        names = (YOU, them) if saved.setup.human_seat == 0 else (them, YOU)
        result = result_sentence(names, winner, (over.scores[0], over.scores[1]), over.skunk)
        self.playing.last_game_id = game_id
        following = fresh_save(next_setup(saved.setup, saved.series, winner),
                               saved.series) if saved.series.length > 1 \
            and not saved.series.over else None
        self.tell(f"Your last game had ended when the program stopped: {result}. It is in "
                  f"your history." + (" The match goes on." if following else ""))
        if following is None:
            self.saves.discard()
            return None
        self.saves.write(following)
        return following

    def resume_saved(self, saved: saving.SavedGame | None = None) -> bool:
        """Resume the saved game; False (with a message) if it cannot be read."""
        saved = saved or self.read_saved()
        if saved is None:
            return False
        if saved.game.is_over:
            saved = self._settle_finished(saved)
            if saved is None:
                return False
        self.watching.stop()
        self.game_bar.setVisible(True)
        self.playing.resume(saved)
        seat = saved.setup.human_seat
        self._players_changed((None, saved.setup.opponent) if seat == 0
                              else (saved.setup.opponent, None))
        self.log.set_entries(self.presenter.shown_model().log)
        return True

    def _ask_resume(self, summary: str) -> bool:
        answer = QMessageBox.question(
            self, "Resume?", f"{summary}.\n\nResume it? (No starts a new game and discards "
                             f"the saved one.)")
        return answer == QMessageBox.StandardButton.Yes

    def resume_saved_game(self) -> None:
        """Game → Resume saved game (stopping whatever is on the table)."""
        if not self.saves.exists():
            self.tell("There is no saved game.")
            return
        self.watching.stop()
        self.playing.controller.stop()
        self.resume_saved()

    # ------------------------------------------------------------------ game files, reviews
    def _documents(self) -> str:
        return QStandardPaths.writableLocation(
            QStandardPaths.StandardLocation.DocumentsLocation) or str(Path.home())

    def open_game_dialog(self) -> None:
        """Game → Open game…: a game file, opened for review."""
        path, _ = QFileDialog.getOpenFileName(
            self, "Open a game", self._documents(),
            f"Cribbage games (*{gamefile.SUFFIX});;JSON files (*.json);;All files (*)")
        if path:
            self.open_game_file(Path(path))

    def open_game_file(self, path: Path):
        """Open a game file for review; a damaged or altered file is refused with a message
        and nothing else changes. Returns the review window, or None."""
        try:
            file = gamefile.read(path)
        except gamefile.GameFileError as exc:
            self.tell(f"The game could not be opened: {exc}")
            QMessageBox.warning(self, "Open game", f"This game could not be opened.\n\n{exc}")
            return None
        return self.open_review(file, title=f"Review: {path.name}")

    def current_game_file(self) -> tuple[gamefile.GameFile | None, str]:
        """The game on the table as a game file, or None and why not. A game against the
        computer can be saved when it is over or it is your turn (then the table shows
        everything that happened); a watched game once the table has shown its end."""
        if self.watching.active:
            files = self.watching.files()
            if not files:
                return None, "The watched game is not over yet: it can be saved at its end."
            return files[-1], ""
        game = self.playing.controller.game
        setup = self.playing.setup
        if game is None or setup is None:
            files = self.watching.files()
            if files:
                return files[-1], ""
            return None, "There is no game on the table."
        if not game.is_over and self.playing.obs is None:
            return None, "Wait for your turn: the computer is playing."
        copy = GameState.from_record(game.to_record())  # the worker may go on with the game
        context = {"kind": "game", "seed": setup.seed, "index": setup.index}
        if self.playing.objective == "acc":  # a game of a match: reviewed in ACC points
            context["objective"] = "acc"
        return gamefile.make(copy, self.playing.file_players(), context), ""

    def save_game_dialog(self) -> None:
        """Game → Save game as…"""
        file, why = self.current_game_file()
        if file is None:
            self.tell(why)
            return
        seed, index = file.context.get("seed", 0), file.context.get("index", 0)
        suggested = str(Path(self._documents()) / gamefile.file_name(file.players, seed, index))
        path, _ = QFileDialog.getSaveFileName(self, "Save the game as", suggested,
                                              f"Cribbage games (*{gamefile.SUFFIX})")
        if path:
            self.save_game_file(Path(path), file)

    def save_game_file(self, path: Path, file: gamefile.GameFile | None = None) -> bool:
        """Write the game on the table (or ``file``) as a game file; False with a message
        when there is none or it cannot be written."""
        if file is None:
            file, why = self.current_game_file()
            if file is None:
                self.tell(why)
                return False
        if not path.name.endswith(gamefile.SUFFIX):
            path = path.with_name(path.name.removesuffix(".json") + gamefile.SUFFIX)
        try:
            gamefile.write(path, file)
        except OSError as exc:
            self.tell(f"The game could not be saved: {exc}")
            return False
        self.tell(f"Saved the game as {path}.")
        return True

    def save_watched_dialog(self) -> None:
        """The watch bar's Save games…: every watched game shown to its end, to a folder."""
        if not self.watching.files():
            self.tell("No watched game is over yet.")
            return
        folder = QFileDialog.getExistingDirectory(self, "Save the watched games in",
                                                  self._documents())
        if folder:
            self.save_watched_games(Path(folder))

    def save_watched_games(self, folder: Path) -> list[Path]:
        """Write the watched games shown to their end into ``folder`` (named by pair, seed
        and index); returns the files written."""
        written = []
        try:
            for file in self.watching.files():
                name = gamefile.file_name(file.players, file.context.get("seed", 0),
                                          file.context.get("index", 0))
                written.append(gamefile.write(folder / name, file))
        except OSError as exc:
            self.tell(f"The games could not be saved: {exc}")
            return written
        self.tell(f"Saved {len(written)} game{'s' if len(written) != 1 else ''} in {folder}.")
        return written

    def review_game(self):
        """Game → Review game: the game on the table once it is over (a game against the
        computer is not reviewed while it goes on: the review shows both hands), else the
        latest game in the history. Returns the review window, or None."""
        if self.watching.active or self.playing.setup is None:
            files = self.watching.files()
            if files:
                return self.open_review(files[-1])
        game = self.playing.controller.game
        if game is not None and game.is_over and self.playing.setup is not None:
            game_id = getattr(self.playing, "last_game_id", None)
            if game_id is not None:
                return self.review_history_game(game_id)
        try:
            latest = self.history.latest_with_record()
        except HistoryError as exc:
            self.tell(f"There is no game to review: {exc}")
            return None
        if latest is None:
            self.tell("There is no finished game to review yet.")
            return None
        return self.review_history_game(latest)

    def review_history_game(self, game_id: int):
        """Review a game of the history; the person's accuracy in it is kept there."""
        try:
            file = self.history.game_file(game_id)
        except (gamefile.GameFileError, HistoryError) as exc:
            self.tell(f"The game cannot be reviewed: {exc}")
            return None
        seat = file.players.index("you") if "you" in file.players else None

        def keep(review: GameReview) -> None:
            if seat is not None:
                self._keep_accuracy(game_id, review.summary[seat].accuracy)
        return self.open_review(file, on_reviewed=keep)

    def open_review(self, file: gamefile.GameFile, title: str | None = None,
                    on_reviewed=None):
        from cribbage_gui.review_window import ReviewWindow

        window = ReviewWindow(file, self, title=title, on_reviewed=on_reviewed)
        self.review_windows = [w for w in getattr(self, "review_windows", [])
                               if w.isVisible()] + [window]
        window.show()
        window.raise_()
        return window

    def _keep_accuracy(self, game_id: int, accuracy: float) -> None:
        try:
            self.history.set_accuracy(game_id, accuracy)
        except HistoryError as exc:
            self.tell(f"The game's accuracy was not kept: {exc}")

    def _rate_finished_game(self) -> None:
        """Rate the game just finished in the background, so the Statistics window can
        follow the person's accuracy (the review window rates it the same way)."""
        game_id = getattr(self.playing, "last_game_id", None)
        game, setup = self.playing.controller.game, self.playing.setup
        if game_id is None or game is None or setup is None:
            return
        record, seat = game.to_record(), setup.human_seat
        players, objective = self.playing.file_players(), self.playing.objective

        def work() -> float:
            review = review_game(GameState.from_record(record), players, objective=objective)
            return review.summary[seat].accuracy

        def done(_tag, result) -> None:
            if isinstance(result, float):
                self._keep_accuracy(game_id, result)
                self.last_accuracy = result
        run_job(self, ("accuracy", game_id), work, done)

    # ------------------------------------------------------------------ the panels follow
    def _status_follows(self, event) -> None:
        """The status line never describes a moment that has passed: a hint goes once the
        person has moved, and anything else (a finished game's result) once the next deal
        or cut for deal is on the table (the messages stay in the log)."""
        bar = self.statusBar()
        current = bar.currentMessage()
        if not current:
            return
        model = self.presenter.model
        mine = model is not None and getattr(event, "seat", None) == model.my_seat
        if isinstance(event, Dealt | CutForDeal) or (
                mine and isinstance(event, Tossed | Played | SaidGo)
                and current.startswith("Hint:")):
            bar.clearMessage()

    _logged_model = None  # the table model whose lines the play-by-play shows

    def _log_event(self, _event) -> None:
        model = self.presenter.model
        if model is None:
            return
        if model is not self._logged_model:  # a new table (the next game of a match)
            self._logged_model = model
            self.log.set_entries(model.log)
            return
        while len(self.log.entries) < len(model.log):
            self.log.add(model.log[len(self.log.entries)])

    def _rewound(self, events) -> None:
        self.reasoning.replay(events)
        self.log.set_entries(self.presenter.shown_model().log)
        self.undo_action.setEnabled(self.playing.can_undo)

    _weights_seat: int | None = None

    def _heatmap_shown(self, visible: bool) -> None:
        if visible and self.heatmap.weights is None:
            self._show_weights_of("weights")

    def _show_weights_of(self, name: str) -> None:
        """Show the weights table a ``weights`` player uses (when the panel is open)."""
        base, _, path = name.partition(":")
        if base != "weights" or (self.heatmap.weights is not None and not path
                                 and not self.heatmap.isVisible()):
            self.heatmap.clear_position()
            return
        from ai.tables.files import asset_path
        from ai.tables.weights import FILE

        try:
            self.heatmap.load_file(Path(path) if path else asset_path(FILE))
        except ValueError as exc:
            self.tell(str(exc))

    def _track_weights_position(self, _event) -> None:
        seat, m = self._weights_seat, self.presenter.model
        if seat is None or m is None or m.dealer is None:
            return
        self.heatmap.set_position(m.dealer == seat, m.scores[seat], m.scores[1 - seat])

    # ------------------------------------------------------------------ watching
    def watch_dialog(self) -> None:
        dialog = WatchDialog(self)
        if dialog.exec():
            self.start_watching(dialog.setup())

    def start_watching(self, setup: WatchSetup, delay_ms: int | None = None,
                       quit_when_done: bool = False) -> None:
        """Watch ``setup.games`` games between two computer players, both hands face up."""
        game = self.playing.controller.game
        if self.playing.active and game is not None and not game.is_over and self.save_game():
            self.tell("Your game was saved: Game → Resume saved game brings it back.")
        self.playing.stop()
        self.watching.start(setup, delay_ms, quit_when_done)

    def _watch_started(self, setup: WatchSetup) -> None:
        self.game_bar.setVisible(False)
        self._players_changed(setup.players)

    def _watch_stopped(self) -> None:
        self.game_bar.setVisible(True)
        self.apply_settings()

    def _watch_finished(self, line: str) -> None:
        if self.watching.quit_when_done:
            print(line, flush=True)
            QTimer.singleShot(0, self.close)

    def stop_watching(self) -> None:
        self.watching.stop()

    def quick_run_dialog(self) -> None:
        from cribbage_gui.quick_run import QuickRunWindow

        dialog = WatchDialog(self, quick=True)
        if dialog.exec():
            self.quick_window = QuickRunWindow(dialog.setup(), self)
            self.quick_window.show()
            self.quick_window.start()

    # ------------------------------------------------------------------ the end of a game
    def game_summary(self, over) -> GameSummary:
        game = self.playing.controller.game
        assert game is not None, "a game has ended: the controller holds it"
        events = game.events
        model = self.presenter.shown_model()
        return GameSummary(model.names, over.winner, over.scores, over.skunk,
                           points_by_source(events), scores_by_deal(events),
                           review_headline(self.playing.ratings)
                           if self.playing.ratings else "", self.playing.match_text(),
                           model.forfeit)

    def _game_finished(self, over) -> None:
        following = self.playing.next_save(over.winner)
        if following is None:
            self.saves.discard()
        else:  # the match goes on: its next game is kept, should the program stop here
            try:
                self.saves.write(following)
            except OSError as exc:
                self.tell(f"The match could not be saved: {exc}")
        self._rate_finished_game()
        summary = self.game_summary(over)
        _setup, s = self.playing.current_match()
        log = self.presenter.shown_model().log
        self.tell(" ".join(filter(None, (
            f"{log[-1].text}" if log else "",
            summary.match))))
        label = "Next game" if s.length > 1 and not s.over else "Play again"
        box = GameOverDialog(summary, label, self)
        box.again.connect(lambda: self.playing.next_game(over.winner))
        box.new_opponent.connect(self.new_game_dialog)
        box.review.connect(self.review_game)
        self.game_over_box = box
        self.again_button = box.again_button
        box.open()
        self.place_clear_of_board(box)

    def place_clear_of_board(self, dialog) -> None:
        """Open ``dialog`` just below the board, centred across the window, so the final
        pegs (and how near the skunk line the loser stopped) stay in sight; where the
        window is too short for that, as low as it fits. (Call it once the dialog is
        shown: it keeps the size it opened with.)"""
        inside = self.geometry()  # the window's contents, in screen coordinates
        board = self.board.mapToGlobal(QPoint(0, self.board.height()))
        top = min(board.y() + 8, inside.bottom() - dialog.height())
        left = inside.x() + (inside.width() - dialog.width()) // 2
        dialog.move(left, max(inside.y(), top))

    def _on_failure(self, details: str) -> None:
        self.tell("The game stopped because of an internal error; see the details.")
        QMessageBox.critical(self, "Internal error", details[-2000:])

    def _sound_event(self, event) -> None:
        if not self.watching.active:
            self.sound.event(event, self.presenter.shown_model().my_seat)
        elif (self.presenter.fixed_delay_ms or 0) >= WATCH_SOUND_MS:
            self.sound.event(event, None)  # a fast watch stays quiet

    # ------------------------------------------------------------------ other windows
    def show_statistics(self) -> None:
        from cribbage_gui.statistics import StatisticsWindow

        try:
            self.stats_window = StatisticsWindow(self.history, self)
        except HistoryError as exc:
            self.tell(f"The statistics cannot be shown: {exc}")
            return
        self.stats_window.review_requested.connect(self.review_history_game)
        self.stats_window.show()

    def show_help(self, topic: str = "How to play") -> None:
        from cribbage_gui.help import HelpWindow

        window = getattr(self, "help_window", None)
        if window is None:
            window = HelpWindow(self, shortcuts=SHORTCUTS, data_dir=self.data_dir,
                                settings_path=self.qsettings.fileName())
            # A reading size: most of a small window, at most about a page on a large one.
            window.resize(min(1000, max(560, int(self.width() * 0.8))),
                          min(860, max(420, int(self.height() * 0.86))))
            self.help_window = window
        window.show_topic(topic)
        window.show()
        window.raise_()

    def settings_dialog(self) -> None:
        dialog = SettingsDialog(self.settings, sound_note=self.sound.note(), parent=self)
        if dialog.exec():
            self.settings = dialog.settings()
            self.settings.save(self.qsettings)
            self.apply_settings()

    closing = False  # the window is closing: nothing new starts (a dialog that was open
    # when a signal closed the window returns into code that would start a game)

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt)
        if self.closing:
            super().closeEvent(event)
            return
        self.closing = True
        try:
            self.watching.stop()
            for window in getattr(self, "review_windows", []):
                window.close()
            self.heatmap.cancel_training()
            self.save_game()
            self.save_layout()
            wait_for_jobs(5000)  # advice and ratings in flight finish before the history
        finally:
            self.history.close()
        super().closeEvent(event)

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt)
        key, g = event.key(), self.playing
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_6 and g.obs is not None:
            hand = self.table.hand_order()
            index = key - Qt.Key.Key_1
            if index < len(hand):
                g.click_card(hand[index])
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if self.game_bar.continue_button.isVisible():
                self.presenter.proceed()
            elif g.obs is not None and self.game_bar.throw_button.isVisible():
                g.throw()
            elif g.obs is not None:
                g.claim()
            return
        if key == Qt.Key.Key_Space:
            self.presenter.proceed()
            return
        if key == Qt.Key.Key_H and g.obs is not None:
            g.hint()
            return
        super().keyPressEvent(event)


def stored_int(value: object) -> int:
    """A whole number kept in QSettings (an INI file gives it back as text; 0 if unset)."""
    return int(value) if isinstance(value, int | float | str) and value else 0


def first_size() -> tuple[int, int]:
    """The window's size at the very first start: 1400x900, or 90% of a smaller screen."""
    screen = QGuiApplication.primaryScreen()
    if screen is None:
        return 1400, 900
    room = screen.availableGeometry()
    return min(1400, int(room.width() * 0.9)), min(900, int(room.height() * 0.9))


SHORTCUTS = (
    ("1 – 6", "Choose a card of your hand (left to right)"),
    ("Enter", "Throw the two chosen cards; claim your count; continue the show"),
    ("Space", "Continue the show"),
    ("H", "Hint: what the strongest computer player would do"),
    ("Ctrl+Z", "Undo your last discard or card (single games)"),
    ("Double-click", "Throw a card with the one already chosen"),
    ("Ctrl+N", "New game"),
    ("Ctrl+O / Ctrl+Shift+S", "Open a game file / save the game as a file"),
    ("Ctrl+R", "Review the game: every decision rated"),
    ("← → ↑ ↓", "In a review: the previous / next event, decision"),
    ("Ctrl++ / Ctrl+-", "Larger / smaller cards; Ctrl+0 normal size"),
    ("F1", "How to play"),
    ("Ctrl+Q", "Quit (a game in progress is saved)"),
)
