"""The main window: it assembles the board, the table, the panels and the menus, and the parts
that do the window's work, each with its own module:

- :class:`~cribbage_gui.table.game.Playing` (a game against the computer) and
  :class:`~cribbage_gui.table.watching.Watching` (two computers), on the table;
- :class:`~cribbage_gui.windows.games.Games` (starting and ending games),
  :class:`~cribbage_gui.windows.saved_games.SavedGames` (the game kept between sessions),
  :class:`~cribbage_gui.windows.game_files.GameFiles`,
  :class:`~cribbage_gui.windows.reviews.Reviews`, :class:`~cribbage_gui.windows.lesson.Lesson`,
  :class:`~cribbage_gui.windows.watch_controls.WatchControls`,
  :class:`~cribbage_gui.windows.practice_menu.PracticeMenu`,
  :class:`~cribbage_gui.windows.panels_follow.PanelsFollow` (the panels follow the table) and
  :class:`~cribbage_gui.windows.keyboard.Keyboard`;
- :class:`~cribbage_gui.windows.menus.Menus` (every command in one table),
  :class:`~cribbage_gui.windows.dock_layout.DockLayout` and
  :class:`~cribbage_gui.windows.window_dialogs.WindowDialogs`.

The window itself keeps only what is the window's: the settings, the theme and zoom, the
messages, and its closing.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMainWindow, QVBoxLayout, QWidget

from cribbage_gui.app import theme
from cribbage_gui.app.jobs import collect_garbage_on_the_gui_thread, wait_for_jobs
from cribbage_gui.app.settings import Settings, set_aside_odd_settings_file
from cribbage_gui.app.sound import Sound
from cribbage_gui.panels.coach import CoachPanel
from cribbage_gui.panels.heatmap_panel import HeatmapDock
from cribbage_gui.panels.log_panel import LogDock
from cribbage_gui.panels.reasoning import ReasoningDock
from cribbage_gui.services.history import HistoryError, open_history
from cribbage_gui.table import accessibility, saving
from cribbage_gui.table.board import BoardWidget
from cribbage_gui.table.card_focus import CardFocus
from cribbage_gui.table.controls import GameBar, WatchBar
from cribbage_gui.table.game import Playing
from cribbage_gui.table.presenter import Presenter
from cribbage_gui.table.table_view import TableView
from cribbage_gui.table.watching import Watching
from cribbage_gui.windows.coaching import Coaching
from cribbage_gui.windows.deal_analysis import DealAnalysis
from cribbage_gui.windows.dock_layout import DockLayout, board_dock, first_size
from cribbage_gui.windows.game_files import GameFiles
from cribbage_gui.windows.games import Games
from cribbage_gui.windows.keyboard import Keyboard
from cribbage_gui.windows.lesson import Lesson
from cribbage_gui.windows.menus import SHORTCUTS, Menus
from cribbage_gui.windows.panels_follow import PanelsFollow
from cribbage_gui.windows.practice_menu import PracticeMenu
from cribbage_gui.windows.reviews import Reviews
from cribbage_gui.windows.saved_games import SavedGames
from cribbage_gui.windows.watch_controls import WatchControls
from cribbage_gui.windows.window_dialogs import WindowDialogs


class MainWindow(QMainWindow):
    def __init__(self, data_dir: Path | None = None, qsettings: QSettings | None = None,
                 parent=None, sound: Sound | None = None) -> None:
        super().__init__(parent)
        collect_garbage_on_the_gui_thread()  # the game and the advice run in other threads
        self.setWindowTitle("Cribbage")
        odd, readable = set_aside_odd_settings_file() if qsettings is None else (None, True)
        if qsettings is None and not readable:  # (a pipe QSettings would wait on forever)
            self._settings_folder = tempfile.TemporaryDirectory(prefix="cribbage-settings-")
            qsettings = QSettings(str(Path(self._settings_folder.name, "settings.ini")),
                                  QSettings.Format.IniFormat)
        self.qsettings = qsettings or QSettings()
        self.settings = Settings.load(self.qsettings)
        self.data_dir = data_dir or saving.data_dir()
        self.saves = saving.SaveStore(self.data_dir)
        self.saves.remove_leftovers()  # half-written saves of a program that was killed
        self.messages: list[str] = []  # shown to the person (also read by tests)
        self.exit_status: int | None = None  # the process's status, if not the event loop's
        self.history, problem = open_history(self.data_dir / saving.HISTORY_NAME)
        self.history.on_problem = self.tell  # damage found later, e.g. by Statistics
        self.sound = sound or Sound(saving.cache_dir() / "sounds", self.settings.sound)
        self._build()
        self.playing = Playing(self.presenter, self.table, self.game_bar, self.history,
                               lambda: self.settings, self)
        self.playing.confirm = self._confirm
        self.playing.save = self.saves.write  # after every action, from the game's thread
        self.watching = Watching(self.presenter, self.watch_bar, self)
        self.saved = SavedGames(self)
        self.playing.save_failed.connect(self.saved.save_failed)
        self.games, self.files, self.reviews = Games(self), GameFiles(self), Reviews(self)
        self.lesson, self.practice = Lesson(self), PracticeMenu(self)
        self._connect()
        for said in (odd, problem):
            if said:
                self.tell(said)
        self.apply_settings()
        self.docks.restore()
        accessibility.name_widgets(self)  # a name for every control no code named
        self.table.setFocus()  # where the keyboard starts

    # ------------------------------------------------------------------ building
    def _build(self) -> None:
        self.board = BoardWidget()
        self.table = TableView()
        self.card_focus = CardFocus(self.table)  # the arrow keys among your cards
        accessibility.attach_table(self.table, self.card_focus)
        self.presenter = Presenter(self.table, self.board, self)
        self.board_dock = board_dock(self, self.board)
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(4, 4, 4, 4)
        self.coach_panel = CoachPanel()  # Learn to play: the lesson's words, over the table
        layout.addWidget(self.coach_panel)
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
        panels = (self.reasoning, self.heatmap, self.log)
        self.docks = DockLayout(self, self.board_dock, panels, self.qsettings)
        self.menus = Menus(self, panels)
        self.dialogs = WindowDialogs(self, self.board, self.table)
        self.resize(*first_size())

    def _connect(self) -> None:
        p, g, w = self.presenter, self.playing, self.watching
        self.table.card_clicked.connect(g.click_card)
        self.table.card_double_clicked.connect(g.double_click_card)
        self.game_bar.continue_button.clicked.connect(lambda: p.proceed())
        p.waiting_to_continue.connect(self.game_bar.continue_button.setVisible)
        self.deal_analysis = DealAnalysis(self)  # Analyse beside it once a deal is over
        self.follow = PanelsFollow(self)
        p.turn_ready.connect(lambda _obs: self.menus.refresh())
        self._refusal: tuple[str, object] = ("", None)
        self._ready_text = ""  # a computer's getting-ready sentence on the status line
        p.turn_ready.connect(self._forget_refusal)
        self.keyboard = Keyboard(self)
        g.message.connect(self.tell)
        g.getting_ready.connect(self.getting_ready)
        g.refused.connect(self.refuse)
        g.failed.connect(self.games.failed)
        g.discard_turn.connect(self.reasoning.discard.show_for)
        g.rated.connect(self.reasoning.review_tab.show_ratings)
        self.coaching = Coaching(self.coach_panel, p, g, self.table,
                                 self.game_bar.continue_button, self)
        self.coach_panel.skipped.connect(self.lesson.skip_lesson)
        self.coach_panel.shown.connect(self.docks.coach_shown_changed)
        self.coach_panel.drills_asked.connect(self.lesson.drills)
        w.message.connect(self.tell)
        w.failed.connect(self.games.failed)
        self.watch = WatchControls(self)
        self.watch_bar.save.clicked.connect(self.files.save_watched_dialog)
        self.game_bar.continue_button.setVisible(False)

    # ------------------------------------------------------------------ settings and looks
    def apply_settings(self) -> None:
        s = self.settings
        theme.apply(s.theme)
        theme.set_text_size(s.text_size)
        self.presenter.set_pace(s.pace, s.auto_advance_ms)
        self.sound.enabled = s.sound
        self.table.back = s.card_back
        self.table.sort_hand = s.sort_hand
        self.board.set_colour(s.board_colour)
        self.set_zoom(s.zoom, save=False)
        self.table.refresh(animate=False)

    def set_zoom(self, factor: float, save: bool = True) -> None:
        factor = theme.set_zoom(factor)
        self.table.set_zoom(factor * theme.text_scale())  # the text size grows the cards too
        if save and factor != self.settings.zoom:
            self.settings.zoom = factor
            self.settings.save(self.qsettings)

    def zoom_by(self, step: int) -> None:
        levels = theme.ZOOMS
        here = min(range(len(levels)), key=lambda i: abs(levels[i] - self.settings.zoom))
        self.set_zoom(levels[max(0, min(len(levels) - 1, here + step))])

    def settings_dialog(self) -> None:
        settings = self.dialogs.edit_settings(self.settings, self.sound.note())
        if settings is not None:
            self.settings = settings
            self.settings.save(self.qsettings)
            self.apply_settings()

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt)
        super().resizeEvent(event)
        self.docks.resized(event.size())

    # ------------------------------------------------------------------ what it says
    def tell(self, text: str) -> None:
        """A message for the person: in the status line and the log."""
        self.messages.append(text)
        self.statusBar().showMessage(text, 8000)

    def getting_ready(self, text: str) -> None:
        """A computer's sentence while it gets ready for its first move: in the status
        line until it is ready (``""``), in the log, and said to a screen reader."""
        bar = self.statusBar()
        if text:
            self.messages.append(text)
            bar.showMessage(text)
            self.table.announce(text)
            self._ready_text = text
        elif bar.currentMessage() == self._ready_text:
            bar.clearMessage()

    def refuse(self, message: str) -> None:
        """Refuse a click with a short message; nothing changes. The message is about that
        moment: the status line lets it go once the game is in another phase."""
        self.tell(message)
        self.table.announce(message)
        obs = self.playing.obs
        self._refusal = (message, obs.phase if obs is not None else None)

    def _forget_refusal(self, obs) -> None:
        message, phase = self._refusal
        if message and obs.phase != phase and self.statusBar().currentMessage() == message:
            self.statusBar().clearMessage()

    def _confirm(self, text: str) -> bool:
        return self.dialogs.ask("Throw to the crib", text)

    def show_statistics(self) -> None:
        try:
            self.dialogs.statistics(self.history, self.reviews.review_history_game,
                                    practice=self.practice.summary())
        except HistoryError as exc:
            self.tell(f"The statistics cannot be shown: {exc}")

    def show_help(self, topic: str = "How to play") -> None:
        self.dialogs.help(topic, SHORTCUTS, self.data_dir, self.qsettings.fileName())

    # ------------------------------------------------------------------ closing
    closing = False  # the window is closing: nothing new starts (a dialog that was open
    # when a signal closed the window returns into code that would start a game)

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt)
        if self.closing:
            super().closeEvent(event)
            return
        self.closing = True
        try:
            self.watching.stop()
            self.dialogs.close_reviews()
            self.practice.close()  # its search through the games stops
            self.heatmap.cancel_training()
            self.saved.save_game()
            self.docks.save()
            wait_for_jobs(5000)  # advice and ratings in flight finish before the history
        finally:
            self.playing.controller.stop()  # (no save of this window's after its claim)
            self.saves.release()
            self.history.close()
            self.practice.close_store()
        super().closeEvent(event)

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt)
        if not self.keyboard.key(event.key()):
            super().keyPressEvent(event)
