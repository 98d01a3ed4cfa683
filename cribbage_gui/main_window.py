"""The main window: the board, the table, and the controls of a game against the computer."""

from __future__ import annotations

import secrets
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QObject, QRunnable, QSettings, Qt, QThreadPool, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ai import available_players, make_player
from ai.match.series import Series
from cribbage_gui import storage
from cribbage_gui.controller import GameController, GameSetup
from cribbage_gui.dialogs import NewGameDialog, Settings, SettingsDialog
from cribbage_gui.history import open_history
from cribbage_gui.model import SKUNK_WORDS, TableModel, short_title
from cribbage_gui.presenter import SPEEDS, Presenter
from cribbage_gui.watching import WatchBar, WatchSession
from cribbage_gui.widgets.board import BoardWidget
from cribbage_gui.widgets.heatmap_panel import HeatmapDock
from cribbage_gui.widgets.reasoning import ReasoningDock
from cribbage_gui.widgets.table import TableView
from cribbage_gui.window_saving import SavingMixin
from cribbage_gui.window_watching import WatchingMixin
from engine import Claim, Phase, PlayCard, Toss, why_illegal
from engine.cards import card_label


class _HintJob(QRunnable):
    """Asks the strongest player for its decision, off the GUI thread."""

    class Signals(QObject):
        done = Signal(object, object)  # observation, decision

    def __init__(self, obs) -> None:
        super().__init__()
        self.obs = obs
        self.signals = self.Signals()

    def run(self) -> None:
        strongest = available_players()[-1].name
        decision = make_player(strongest, seed=0).decide(self.obs)
        self.signals.done.emit(self.obs, decision)


class MainWindow(WatchingMixin, SavingMixin, QMainWindow):
    def __init__(self, data_dir: Path | None = None, qsettings: QSettings | None = None,
                 parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Cribbage")
        self.qsettings = qsettings or QSettings()
        self.settings = Settings.load(self.qsettings)
        self.data_dir = data_dir or storage.data_dir()
        self.board = BoardWidget()
        self.table = TableView()
        self.controller = GameController(self)
        self.presenter = Presenter(self.table, self.board, self)
        self.obs = None  # the person's pending decision
        self.series: Series | None = None
        self.setup: GameSetup | None = None
        self.messages: list[str] = []  # shown to the person (also read by tests)
        self.watch: WatchSession | None = None
        self.quit_when_done = False
        self._build()
        self.history, problem = open_history(self.data_dir / storage.HISTORY_NAME)
        if problem:
            self.tell(problem)
        self.controller.event.connect(self.presenter.feed_event)
        self.controller.human_turn.connect(self.presenter.feed_turn)
        self.controller.failed.connect(self._on_failure)
        self.presenter.turn_ready.connect(self._on_turn)
        self.presenter.waiting_to_continue.connect(self.continue_button.setVisible)
        self.presenter.game_over.connect(self._on_game_over)
        self.table.card_clicked.connect(self.click_card)
        self.table.card_double_clicked.connect(self.double_click_card)
        self.presenter.shown.connect(self.reasoning.on_event)
        self.presenter.shown.connect(self._track_weights_position)
        self.apply_settings()
        self._set_controls(None)
        self.continue_button.setVisible(False)

    # ------------------------------------------------------------------ layout
    def _build(self) -> None:
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.board)
        layout.addWidget(self.table, 1)
        bar = QHBoxLayout()
        self.match_label = QLabel("")
        bar.addWidget(self.match_label)
        bar.addStretch(1)
        self.hint_button = QPushButton("Hint")
        self.hint_button.setToolTip("What the strongest computer player would do")
        self.hint_button.clicked.connect(self.hint)
        self.claim_spin = QSpinBox()
        self.claim_spin.setRange(0, 29)
        self.claim_spin.setPrefix("My count: ")
        self.claim_button = QPushButton("Claim")
        self.claim_button.clicked.connect(self.claim)
        self.throw_button = QPushButton("Throw to crib")
        self.throw_button.clicked.connect(self.throw)
        self.continue_button = QPushButton("Continue")
        self.continue_button.clicked.connect(self.presenter.proceed)
        for w in (self.hint_button, self.claim_spin, self.claim_button, self.throw_button,
                  self.continue_button):
            bar.addWidget(w)
        layout.addLayout(bar)
        self.watch_bar = WatchBar()
        self.watch_bar.setVisible(False)
        self.watch_bar.speed.currentTextChanged.connect(self._watch_speed)
        self.watch_bar.pause.toggled.connect(lambda on: self.presenter.set_paused(on))
        self.watch_bar.step.clicked.connect(self.presenter.step)
        self.watch_bar.stop.clicked.connect(self.stop_watching)
        layout.addWidget(self.watch_bar)
        self.setCentralWidget(central)
        self.reasoning = ReasoningDock(self)
        self.heatmap = HeatmapDock(self)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.reasoning)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.heatmap)
        self.tabifyDockWidget(self.reasoning, self.heatmap)
        self.reasoning.raise_()
        self.heatmap.visibilityChanged.connect(self._heatmap_shown)
        menu = self.menuBar().addMenu("&Game")
        self.new_action = self._action(menu, "&New game…", self.new_game_dialog,
                                       QKeySequence.StandardKey.New)
        self._action(menu, "&Resume saved game", self.resume_saved_game)
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
        self.resize(1560, 900)

    def _action(self, menu, text, slot, shortcut=None) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(shortcut)
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def apply_settings(self) -> None:
        s = self.settings
        self.presenter.speed = SPEEDS[s.speed]
        self.presenter.auto_advance_ms = s.auto_advance_ms
        self.table.animation_ms = int(300 * SPEEDS[s.speed])
        self.board.animation_ms = int(350 * SPEEDS[s.speed])
        self.table.back = s.card_back
        self.board.set_colour(s.board_colour)
        self.table.refresh(animate=False)

    def tell(self, text: str) -> None:
        """A message for the person: in the status line and the log."""
        self.messages.append(text)
        self.statusBar().showMessage(text, 8000)

    # ------------------------------------------------------------------ starting games
    def new_game_dialog(self) -> None:
        game = self.controller.game
        if game is not None and not game.is_over:
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
        self.stop_watching()
        self.series = Series(length)
        self._start_game(GameSetup(
            opponent=opponent, seed=secrets.randbits(48) if seed is None else seed,
            index=0, manual_count=self.settings.manual_count, muggins=self.settings.muggins))

    def _start_game(self, setup: GameSetup, game=None, rng_states=None) -> None:
        self.setup = setup
        self.obs = None
        model = TableModel(setup.human_seat, self._names(setup))
        self.presenter.begin(model)
        self.reasoning.begin(model.names, setup.human_seat)
        self._weights_seat = 1 - setup.human_seat \
            if setup.opponent.partition(":")[0] == "weights" else None
        self._show_weights_of(setup.opponent)
        self._set_controls(None)
        if game is not None:  # before the worker starts adding to game.events
            self.presenter.catch_up(list(game.events))
        self.controller.start(setup, game, rng_states)
        self._update_match_label()

    def _names(self, setup: GameSetup) -> tuple[str, str]:
        names = ["", ""]
        names[setup.human_seat] = "You"
        names[1 - setup.human_seat] = short_title(setup.opponent)
        return tuple(names)

    def _update_match_label(self) -> None:
        s, setup = self.series, self.setup
        if s is None or setup is None:
            self.match_label.setText("")
            return
        me, them = setup.human_seat, 1 - setup.human_seat
        if s.length == 1:
            self.match_label.setText(f"Against {short_title(setup.opponent)}")
        else:
            self.match_label.setText(
                f"Best of {s.length}: you {s.wins(me)} – {s.wins(them)} "
                f"(match points {s.points(me)} – {s.points(them)})")

    # ------------------------------------------------------------------ the person's turn
    def _on_turn(self, obs) -> None:
        self.obs = obs
        self.table.selected = set()
        self._set_controls(obs)
        if obs.phase is Phase.DISCARD:
            whose = "your" if obs.is_dealer else f"{self.presenter.model.names[1 - obs.seat]}'s"
            self.table.set_status(f"Choose two cards for {whose} crib")
            self.reasoning.discard.show_options(obs.dealt, obs.is_dealer)
        elif obs.phase is Phase.PLAY:
            count = f" (the count is {obs.count})" if obs.current else ""
            self.table.set_status(f"Your turn: play a card{count}")
        elif obs.phase is Phase.COUNT:
            self.table.set_status(f"Count your {obs.show[1]}, then Claim")
        self.table.refresh()

    def _set_controls(self, obs) -> None:
        phase = obs.phase if obs is not None else None
        self.table.set_interactive(phase in (Phase.DISCARD, Phase.PLAY))
        self.throw_button.setVisible(phase is Phase.DISCARD)
        self.throw_button.setEnabled(len(self.table.selected) == 2)
        self.claim_spin.setVisible(phase is Phase.COUNT)
        self.claim_button.setVisible(phase is Phase.COUNT)
        self.hint_button.setEnabled(phase in (Phase.DISCARD, Phase.PLAY))
        if obs is None:
            self.table.set_status("")

    def _submit(self, action) -> None:
        self.obs = None
        self.table.selected = set()
        self._set_controls(None)
        self.controller.submit(action)

    def refuse(self, message: str) -> None:
        """Refuse a click with a short message; nothing changes."""
        self.tell(message[0].upper() + message[1:])
        self.table.announce(message[0].upper() + message[1:])

    def click_card(self, card: int) -> None:
        obs = self.obs
        if obs is None:
            return
        if obs.phase is Phase.DISCARD:
            chosen = set(self.table.selected)
            if card in chosen:
                chosen.discard(card)
            elif len(chosen) == 2:
                self.refuse("two cards only: click a chosen card to put it back")
                return
            else:
                chosen.add(card)
            self.table.set_selected(chosen)
            self.throw_button.setEnabled(len(chosen) == 2)
        elif obs.phase is Phase.PLAY:
            action = PlayCard(card)
            reason = why_illegal(obs, action)
            if reason:
                self.refuse(reason)
                return
            self._submit(action)

    def double_click_card(self, card: int) -> None:
        if self.obs is None or self.obs.phase is not Phase.DISCARD:
            return
        chosen = set(self.table.selected) | {card}
        if len(chosen) == 2:
            self.table.selected = chosen
            self.throw()

    def throw(self) -> None:
        obs = self.obs
        if obs is None or obs.phase is not Phase.DISCARD:
            return
        if len(self.table.selected) != 2:
            self.refuse("choose exactly two cards for the crib")
            return
        action = Toss(tuple(sorted(self.table.selected)))
        reason = why_illegal(obs, action)
        if reason:
            self.refuse(reason)
            return
        if self.settings.confirm_throw:
            names = " and ".join(card_label(c) for c in action.cards)
            answer = QMessageBox.question(self, "Throw to the crib", f"Throw {names}?")
            if answer != QMessageBox.StandardButton.Yes:
                return
        self._submit(action)

    def claim(self) -> None:
        obs = self.obs
        if obs is None or obs.phase is not Phase.COUNT:
            return
        action = Claim(self.claim_spin.value())
        reason = why_illegal(obs, action)
        if reason:
            self.refuse(reason)
            return
        self._submit(action)

    def hint(self) -> None:
        if self.obs is None:
            return
        job = _HintJob(self.obs)
        job.signals.done.connect(self._show_hint)
        self._hint_job = job  # keep the signals object alive
        QThreadPool.globalInstance().start(job)

    def _show_hint(self, obs, decision) -> None:
        if obs is not self.obs:
            return  # the moment has passed
        action = decision.action
        if isinstance(action, Toss):
            self.table.set_selected(set(action.cards))
            self.throw_button.setEnabled(True)
            text = "Hint: throw " + " and ".join(card_label(c) for c in action.cards)
        elif isinstance(action, PlayCard):
            self.table.set_highlight({action.card})
            text = f"Hint: play {card_label(action.card)}"
        else:
            return
        self.table.announce(text)
        self.tell(f"{text} ({decision.reasoning.summary()})")

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt)
        key = event.key()
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_6 and self.obs is not None:
            hand = self.presenter.model.hands[self.presenter.model.my_seat]
            index = key - Qt.Key.Key_1
            if index < len(hand):
                self.click_card(hand[index])
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if self.continue_button.isVisible():
                self.presenter.proceed()
            elif self.obs is not None and self.obs.phase is Phase.DISCARD:
                self.throw()
            elif self.obs is not None and self.obs.phase is Phase.COUNT:
                self.claim()
            return
        if key == Qt.Key.Key_Space:
            self.presenter.proceed()
            return
        super().keyPressEvent(event)

    # ------------------------------------------------------------------ the end of a game
    def _on_game_over(self, over) -> None:
        if self.watch is not None:
            self.watch.record(over)
            self.watch_bar.tally.setText(self.watch.tally())
            return
        setup = self.setup
        self._set_controls(None)
        game = self.controller.game
        self.history.record_game(game.events, opponent=setup.opponent, seed=setup.seed,
                                 game_index=setup.index, human_seat=setup.human_seat,
                                 match_id=f"{setup.seed}" if self.series.length > 1 else None)
        self._discard_save()
        self.series.add(over.winner, over.skunk)
        self._update_match_label()
        me = setup.human_seat
        result = "You win" if over.winner == me else f"{short_title(setup.opponent)} wins"
        text = f"{result} {over.scores[over.winner]}–{over.scores[1 - over.winner]}" \
               f"{SKUNK_WORDS[over.skunk]}."
        if self.series.length > 1:
            text += f"\nMatch: you {self.series.wins(me)} – {self.series.wins(1 - me)}."
            if self.series.over:
                text += " You win the match!" if self.series.winner == me \
                    else " You lose the match."
        self.tell(text.replace("\n", " "))
        box = QMessageBox(QMessageBox.Icon.Information, "Game over", text,
                          QMessageBox.StandardButton.NoButton, self)
        again = "Next game" if self.series.length > 1 and not self.series.over \
            else "Play again"
        self.again_button = box.addButton(again, QMessageBox.ButtonRole.AcceptRole)
        box.addButton("Close", QMessageBox.ButtonRole.RejectRole)
        box.buttonClicked.connect(lambda b: self._after_game(b is self.again_button, over))
        self.game_over_box = box
        box.open()

    def _after_game(self, again: bool, over) -> None:
        if not again:
            return
        setup = self.setup
        if self.series.length > 1 and not self.series.over:
            # the loser of a game deals first in the next
            loser = 1 - over.winner
            self._start_game(replace(setup, index=self.series.next_index, first_dealer=loser))
        else:
            self.start_match(setup.opponent, None, self.series.length)

    def _on_failure(self, details: str) -> None:
        self.tell("The game stopped because of an internal error; see the details.")
        QMessageBox.critical(self, "Internal error", details[-2000:])

    # ------------------------------------------------------------------ statistics, settings
    def show_statistics(self) -> None:
        from cribbage_gui.statistics import StatisticsWindow

        self.stats_window = StatisticsWindow(self.history, self)
        self.stats_window.show()

    def settings_dialog(self) -> None:
        dialog = SettingsDialog(self.settings, self)
        if dialog.exec():
            self.settings = dialog.settings()
            self.settings.save(self.qsettings)
            self.apply_settings()

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt)
        try:
            self.stop_watching()
            self.heatmap.cancel_training()
            self.save_game()
        finally:
            self.history.close()
        super().closeEvent(event)
