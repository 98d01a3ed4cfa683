"""The main window: composed of the board, the table and the panels, and three parts with
explicit interfaces: :class:`~cribbage_gui.table.game.Playing` (a game against the computer),
:class:`~cribbage_gui.table.watching.Watching` (two computers) and
:class:`~cribbage_gui.table.saving.SaveStore` (the game saved between sessions).

The window builds the widgets, wires the parts to them, and owns what is the window's: the
keys, the settings, the theme and zoom, the heatmap's link to the table, and what follows
from the person's answers. Its menus are built by :mod:`cribbage_gui.windows.menus`, its docks
arranged (and kept between sessions) by :mod:`cribbage_gui.windows.dock_layout`, and its dialogs and
other windows opened by :mod:`cribbage_gui.windows.window_dialogs`.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow, QVBoxLayout, QWidget

from ai import named_levels
from ai.paths import PRACTICE_NAME
from cribbage_gui.app import theme
from cribbage_gui.app.jobs import (
    ADVICE_MEMO,
    collect_garbage_on_the_gui_thread,
    run_job,
    wait_for_jobs,
)
from cribbage_gui.app.settings import Settings, set_aside_odd_settings_file
from cribbage_gui.app.sound import Sound
from cribbage_gui.app.texts import YOU, player_title, result_sentence
from cribbage_gui.dialogs.dialogs import LEARN
from cribbage_gui.dialogs.elsewhere import ELSEWHERE, TAKE_OVER, ask_elsewhere
from cribbage_gui.panels.coach import CoachPanel
from cribbage_gui.panels.heatmap_panel import HeatmapDock
from cribbage_gui.panels.log_panel import LogDock
from cribbage_gui.panels.reasoning import ReasoningDock, review_headline
from cribbage_gui.services import gamefile, lessons
from cribbage_gui.services.history import (
    HistoryError,
    open_history,
    points_by_source,
    scores_by_deal,
)
from cribbage_gui.services.review import GameReview, review_game
from cribbage_gui.table import accessibility, saving
from cribbage_gui.table.board import BoardWidget
from cribbage_gui.table.card_focus import CardFocus
from cribbage_gui.table.controls import GameBar, WatchBar
from cribbage_gui.table.game import (
    Playing,
    fresh_save,
    next_setup,
    record_finished,
    two_players_summary,
)
from cribbage_gui.table.game_over import GameSummary
from cribbage_gui.table.presenter import Presenter
from cribbage_gui.table.table_view import TableView
from cribbage_gui.table.watching import Watching, WatchSetup
from cribbage_gui.windows.coaching import Coaching
from cribbage_gui.windows.dock_layout import DockLayout, board_dock, first_size
from cribbage_gui.windows.menus import SHORTCUTS, build_menus
from cribbage_gui.windows.window_dialogs import WindowDialogs
from engine import GameState, Phase
from engine.events import CutForDeal, Dealt, Played, SaidGo, Tossed

WATCH_SOUND_MS = 200  # watching with shorter pauses than this makes no sound


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
        self.playing.save_failed.connect(self._save_failed)
        self.watching = Watching(self.presenter, self.watch_bar, self)
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
        actions = build_menus(self, self, panels)
        self.new_action, self.undo_action = actions.new, actions.undo
        self.dialogs = WindowDialogs(self, self.board)
        self.resize(*first_size())

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
        p.shown.connect(lambda _event: accessibility.board_changed(self.board))
        p.turn_ready.connect(lambda _obs: self.undo_action.setEnabled(g.can_undo))
        p.turn_ready.connect(self._keyboard_to_turn)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)
        g.message.connect(self.tell)
        g.refused.connect(self.refuse)
        g.failed.connect(self._on_failure)
        g.finished.connect(self._game_finished)
        g.discard_turn.connect(self.reasoning.discard.show_for)
        g.rated.connect(self.reasoning.review_tab.show_ratings)
        g.rewound.connect(self._rewound)
        g.handing_over.connect(self._handing_over)
        self.coaching = Coaching(self.coach_panel, p, g, self.table,
                                 self.game_bar.continue_button, self)
        self.coach_panel.skipped.connect(self.skip_lesson)
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

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt)
        super().resizeEvent(event)
        self.docks.resized(event.size())

    def tell(self, text: str) -> None:
        """A message for the person: in the status line and the log."""
        self.messages.append(text)
        self.statusBar().showMessage(text, 8000)

    def refuse(self, message: str) -> None:
        """Refuse a click with a short message; nothing changes."""
        self.tell(message)
        self.table.announce(message)

    def _confirm(self, text: str) -> bool:
        return self.dialogs.ask("Throw to the crib", text)

    # ------------------------------------------------------------------ the layout kept
    def save_layout(self) -> None:
        self.docks.save()

    def reset_layout(self) -> None:
        """View → Reset the panels: the default layout for this width, all panels shown."""
        self.docks.reset()

    # ------------------------------------------------------------------ starting games
    def startup(self, ask=None, welcome=None, elsewhere=None) -> None:
        """Offer to resume a saved game; else, at the very first start, the welcome (choose
        an opponent); else a game against the last opponent. When another window has the
        game in progress, say so and offer a new game here instead (no: this window
        closes). ``ask(summary) -> bool``, ``welcome() -> opponent or None`` and
        ``elsewhere() -> bool or TAKE_OVER`` decide instead of dialogs (tests)."""
        if not self.saves.claim():  # another window is playing it: a game of this one's
            self.saves.give_way()
            answer = (elsewhere or self._ask_elsewhere)()
            if not answer:
                QTimer.singleShot(0, self.close)
                return
            if answer == TAKE_OVER and self.saves.take_over():
                self.tell("You took your game in progress over from the other computer's "
                          "window.")
            else:
                self.tell(f"{ELSEWHERE} This window's game is not saved between sessions.")
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
            opponent = self.dialogs.welcome(self.settings.opponent,
                                            lambda: self.show_help("How to play"))
        else:
            opponent = welcome()
        if self.closing:
            return
        self.settings.welcomed = True
        if opponent == LEARN:
            self.settings.save(self.qsettings)
            self.learn_to_play()
            return
        if opponent:
            self.settings.opponent = opponent
        self.settings.save(self.qsettings)
        self.start_match(self.settings.opponent)

    def new_game_dialog(self) -> None:
        game = self.playing.controller.game
        if self.playing.active and game is not None and not game.is_over and \
                not self.dialogs.ask("New game",
                                     "Abandon the game in progress and start a new one?"):
            return
        choice = self.dialogs.new_game(self.settings)
        if choice is not None:
            opponent, seed, length = choice.opponent, choice.seed, choice.length
            if choice.people:  # two people: their names kept, the computer opponent too
                self.settings.player1, self.settings.player2 = choice.people
            else:
                self.settings.opponent = opponent
            self.settings.save(self.qsettings)
            self.start_match(opponent, seed, length, choice.people, choice.assist)

    def start_match(self, opponent: str, seed: int | None = None, length: int = 1,
                    people: tuple[str, ...] = (), assist: bool = False) -> None:
        if self.closing:
            return
        self._end_lesson()
        self.watching.stop()
        self.game_bar.setVisible(True)
        self.playing.start_match(opponent, seed, length, people, assist)
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
        accessibility.name_widgets(self)  # the panels' widgets made for these players
        weights = [i for i, n in enumerate(players) if n and n.partition(":")[0] == "weights"]
        self._weights_seat = weights[0] if weights else None
        if weights:
            self._show_weights_of(players[weights[0]])
        else:
            self.heatmap.clear_position()

    # ------------------------------------------------------------------ learn to play
    def learn_to_play(self) -> None:
        """Help → Learn to play: the guided first game against the beginner, its first
        deals prepared, the coach above the table explaining each step (a game in
        progress is saved first, to resume later)."""
        if self.closing:
            return
        game = self.playing.controller.game
        if self.playing.active and not self.playing.lesson and game is not None \
                and not game.is_over and self.save_game():
            self.tell("Your game was saved: Game → Resume saved game brings it back.")
        self.watching.stop()
        self.game_bar.setVisible(True)
        opponent = named_levels()[0].player.name  # the beginner
        self.playing.start_lesson(opponent, lessons.LESSON_SEED, lessons.lesson_decks(),
                                  lessons.lesson_cuts())
        self._players_changed((None, opponent))
        self.coaching.begin(self.presenter.shown_model().names,
                            self.playing.current_setup().human_seat)
        self.settings.lesson = "taken"
        self.settings.save(self.qsettings)

    def skip_lesson(self) -> None:
        """The coach's Skip the lesson: the guidance ends, the game goes on as a normal
        game (still kept out of the history: its deals were prepared). After the lesson
        (the coach's Close) it only puts the panel away."""
        coach = self.coaching.coach
        if coach is None:
            return
        finished = coach.quiet  # the lesson is over: the panel is only put away
        self._end_lesson()
        if finished:
            return
        self.settings.lesson = "skipped"
        self.settings.save(self.qsettings)
        self.tell("Lesson skipped: this game goes on without the coach (it stays out of "
                  "your history). Game → New game starts a normal one.")

    def _end_lesson(self) -> None:
        self.coaching.end()

    # ------------------------------------------------------------------ saving and resuming
    def save_game(self) -> bool:
        """Stop the game and save it (if one is in progress); True if saved. (It was saved
        after its last action already: this adds nothing but the certainty.)"""
        saved = self.playing.saved()
        if saved is None or self.saves.disabled:
            return False
        try:
            self.saves.write(saved)
        except OSError as exc:
            self.tell(f"The game could not be saved: {exc}")
            return False
        return True

    def _save_failed(self, why: str) -> None:
        if self.saves.elsewhere:  # (a window that did not start with a game: watching)
            self.tell(f"{ELSEWHERE} This window's game is not saved between sessions.")
            return
        self.tell(f"The game in progress cannot be saved ({why}): it will be lost if the "
                  f"program stops. Check the folder {self.data_dir}.")

    def read_saved(self) -> saving.SavedGame | None:
        """The saved game, or None when there is none (or it cannot be read: then it is
        set aside with a message and everything else is kept)."""
        if self.saves.elsewhere or not self.saves.exists():
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
        if saved.setup.two_players:
            return two_players_summary(saved)
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
        self._end_lesson()
        self.watching.stop()
        self.game_bar.setVisible(True)
        self.playing.resume(saved)
        seat = saved.setup.human_seat
        self._players_changed((None, saved.setup.opponent) if seat == 0
                              else (saved.setup.opponent, None))
        self.log.set_entries(self.presenter.shown_model().log)
        return True

    def _ask_elsewhere(self) -> bool | str:
        return ask_elsewhere(self.dialogs, self.saves.holder())

    def _ask_resume(self, summary: str) -> bool:
        return self.dialogs.ask("Resume?", f"{summary}.\n\nResume it? (No starts a new game "
                                           f"and discards the saved one.)")

    def resume_saved_game(self) -> None:
        """Game → Resume saved game (stopping whatever is on the table)."""
        if not self.saves.take_back():
            self.tell(ELSEWHERE)
            return
        if not self.saves.exists():
            self.tell("There is no saved game.")
            return
        self.watching.stop()
        self.playing.controller.stop()
        self.resume_saved()

    # ------------------------------------------------------------------ game files, reviews
    def open_game_dialog(self) -> None:
        """Game → Open game…: a game file, opened for review."""
        path = self.dialogs.game_to_open()
        if path is not None:
            self.open_game_file(path)

    def open_game_file(self, path: Path):
        """Open a game file for review; a damaged or altered file is refused with a message
        and nothing else changes. Returns the review window, or None."""
        try:
            file = gamefile.read(path)
        except gamefile.GameFileError as exc:
            self.tell(f"The game could not be opened: {exc}")
            self.dialogs.warn("Open game", f"This game could not be opened.\n\n{exc}")
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
        if not game.is_over and setup.two_players:
            return None, ("A game between two players can be saved as a file once it is "
                          "over: until then the file would show both hands.")
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
        path = self.dialogs.file_to_save(gamefile.file_name(file.players, seed, index))
        if path is not None:
            self.save_game_file(path, file)

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
        folder = self.dialogs.folder_to_save_in()
        if folder is not None:
            self.save_watched_games(folder)

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
        return self.dialogs.review(file, title=title, on_reviewed=on_reviewed)

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
        if game_id is None or game is None or setup is None or setup.two_players:
            return  # (between two people there is no "your" accuracy)
        record, seat = game.to_record(), setup.human_seat
        players, objective = self.playing.file_players(), self.playing.objective

        def work() -> float:
            review = review_game(GameState.from_record(record), players, objective=objective,
                                 memo=ADVICE_MEMO)
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

    def _handing_over(self, name: str) -> None:
        """Pass and play: the screen goes to ``name``; nothing of the last hand stays."""
        self.reasoning.discard.clear(
            f"Passed to {name}: the options appear when you discard." if self.playing.assisted
            else "Off in this game: it needs both players' consent when the game starts.")
        self.statusBar().clearMessage()

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
        from ai.strategy_weights import shipped_file

        try:
            self.heatmap.load_file(Path(path) if path else shipped_file())
        except ValueError as exc:
            self.tell(str(exc))

    def _track_weights_position(self, _event) -> None:
        seat, m = self._weights_seat, self.presenter.model
        if seat is None or m is None or m.dealer is None:
            return
        self.heatmap.set_position(m.dealer == seat, m.scores[seat], m.scores[1 - seat])

    # ------------------------------------------------------------------ watching
    def watch_dialog(self) -> None:
        setup = self.dialogs.watch()
        if setup is not None:
            self.start_watching(setup)

    def start_watching(self, setup: WatchSetup, delay_ms: int | None = None,
                       quit_when_done: bool = False) -> None:
        """Watch ``setup.games`` games between two computer players, both hands face up."""
        game = self.playing.controller.game
        if self.playing.active and game is not None and not game.is_over and self.save_game():
            self.tell("Your game was saved: Game → Resume saved game brings it back.")
        self._end_lesson()
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
        setup = self.dialogs.watch(quick=True)
        if setup is not None:
            self.dialogs.quick_run(setup)

    # ------------------------------------------------------------------ the end of a game
    def game_summary(self, over) -> GameSummary:
        game = self.playing.controller.game
        assert game is not None, "a game has ended: the controller holds it"
        events = game.events
        model = self.presenter.shown_model()
        last = next((e for e in reversed(model.log) if e.kind == "score"), None)
        return GameSummary(model.names, over.winner, over.scores, over.skunk,
                           points_by_source(events), scores_by_deal(events),
                           review_headline(self.playing.ratings)
                           if self.playing.ratings else "", self.playing.match_text(),
                           model.forfeit,
                           last.text if last is not None and last.seat == over.winner
                           else "")

    def _game_finished(self, over) -> None:
        following = self.playing.next_save(over.winner)
        if self.playing.lesson:
            pass  # the lesson was never saved: a game saved before it stays to resume
        elif following is None:
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
        self.dialogs.game_over(summary, label, lambda: self.playing.next_game(over.winner),
                               self.new_game_dialog, self.review_game)

    def _on_failure(self, details: str) -> None:
        if self.watching.active and self.watching.quit_when_done:
            # `cribbage watch --quit-when-done` is run by scripts: one line and a failing
            # status, not a dialog that waits for a click nobody will give
            lines = details.strip().splitlines() or ["(no details)"]
            print(f"cribbage watch: stopped by an internal error: {lines[-1]}",
                  file=sys.stderr, flush=True)
            self.exit_status = 1
            self.watching.stop()
            QTimer.singleShot(0, self.close)
            return
        self.tell("The game stopped because of an internal error; see the details.")
        self.dialogs.internal_error(details)

    def _sound_event(self, event) -> None:
        if not self.watching.active:
            self.sound.event(event, self.presenter.shown_model().my_seat)
        elif (self.presenter.fixed_delay_ms or 0) >= WATCH_SOUND_MS:
            self.sound.event(event, None)  # a fast watch stays quiet

    # ------------------------------------------------------------------ other windows
    def show_statistics(self) -> None:
        try:
            self.dialogs.statistics(self.history, self.review_history_game,
                                    practice=self.practice_summary())
        except HistoryError as exc:
            self.tell(f"The statistics cannot be shown: {exc}")

    def show_counting_trainer(self) -> None:
        self.dialogs.counting_trainer(self.data_dir / PRACTICE_NAME, self.tell)

    practice = None  # the practice store (services.practice.store), opened when first needed
    practice_window = None

    def practice_store(self):
        """The practice positions in the data folder, opened on first use (a damaged file is
        set aside, an unusable folder gives a store for this session: said in the log)."""
        if self.practice is None:
            from ai.paths import PRACTICE_NAME
            from cribbage_gui.services.practice.store import open_store
            from engine.errors import CribbageError

            try:
                self.practice, problem = open_store(self.data_dir / PRACTICE_NAME)
            except CribbageError as exc:  # the built-in set cannot be read: without it
                self.practice, problem = open_store(self.data_dir / PRACTICE_NAME, ())
                problem = f"The built-in practice positions cannot be read ({exc}). " + (
                    problem or "")
            if problem:
                self.tell(problem)
        return self.practice

    def practice_summary(self) -> dict | None:
        """The practice's figures for Statistics (None if it cannot give them)."""
        from cribbage_gui.services.practice.store import PracticeError

        try:
            return self.practice_store().summary()
        except PracticeError as exc:
            self.tell(f"The practice figures cannot be shown: {exc}")
            return None

    def practice_positions(self):
        """Practice → Practice positions…: the practice window (one, raised if open)."""
        from cribbage_gui.windows.practice_window import PracticeWindow

        window = self.practice_window
        if window is None or not window.isVisible():
            window = PracticeWindow(self.practice_store(), self.history, self)
            self.practice_window = window
        window.show()
        window.raise_()
        return window

    def show_help(self, topic: str = "How to play") -> None:
        self.dialogs.help(topic, SHORTCUTS, self.data_dir, self.qsettings.fileName())

    def settings_dialog(self) -> None:
        settings = self.dialogs.edit_settings(self.settings, self.sound.note())
        if settings is not None:
            self.settings = settings
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
            self.dialogs.close_reviews()
            if self.practice_window is not None:
                self.practice_window.close()  # its search through the games stops
            self.heatmap.cancel_training()
            self.save_game()
            self.save_layout()
            wait_for_jobs(5000)  # advice and ratings in flight finish before the history
        finally:
            self.playing.controller.stop()  # (no save of this window's after its claim)
            self.saves.release()
            self.history.close()
            if self.practice is not None:
                self.practice.close()
        super().closeEvent(event)

    # ------------------------------------------------------------------ the keyboard
    def focus_cards(self) -> None:
        """View → Keyboard to your cards (F6): the arrow keys move among your cards."""
        self.table.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _keyboard_to_turn(self, obs) -> None:
        """At a discard or a card to play, the keyboard goes to the cards, unless the
        person has taken it to a panel (the log, the inspector) on purpose."""
        if obs.phase not in (Phase.DISCARD, Phase.PLAY):
            return
        focus = QApplication.focusWidget()
        central = self.centralWidget()
        if focus is None or focus is self or not focus.isVisible() or (
                central is not None and central.isAncestorOf(focus)):
            self.table.setFocus(Qt.FocusReason.OtherFocusReason)

    def _focus_changed(self, old, new) -> None:
        """A control of the game bar that had the keyboard and went away (the count once
        claimed, Throw once thrown) hands it back to the cards, not to whatever Qt finds
        next in the window (a panel's tabs)."""
        if old is not None and self.game_bar.isAncestorOf(old) and not old.isVisible() \
                and (new is None or not self.game_bar.isAncestorOf(new)):
            self.table.setFocus(Qt.FocusReason.OtherFocusReason)

    def _focused_card(self) -> int | None:
        """The card under the keyboard's ring (None when the table does not have the
        keyboard)."""
        return self.card_focus.card if self.table.hasFocus() else None

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt)
        key, g = event.key(), self.playing
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_6 and g.obs is not None:
            hand = self.table.hand_order()
            index = key - Qt.Key.Key_1
            if index < len(hand):
                self.card_focus.focus_on(hand[index])
                self.table.card_clicked.emit(hand[index])  # as a click on it
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            card = self._focused_card()
            if self.game_bar.continue_button.isVisible():
                self.presenter.proceed()
            elif g.obs is not None and g.obs.phase is Phase.DISCARD:
                if len(self.table.selected) < 2 and card is not None:
                    self.table.card_clicked.emit(card)  # chooses, as Space, until two are
                else:
                    g.throw()
            elif g.obs is not None and g.obs.phase is Phase.PLAY:
                if card is not None:
                    self.table.card_clicked.emit(card)
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
