"""Watching computer players in the main window: the session, its controls and dialogs."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ai import available_players
from cribbage_gui.model import short_title
from cribbage_gui.watch import WatchController, WatchSetup

SPEEDS = {"step by step": None, "slow": 1.6, "normal": 1.0, "fast": 0.45, "fastest": 0.0}


@dataclass(frozen=True)
class GameOutcome:
    index: int
    winner: int
    scores: tuple[int, int]
    skunk: int


class WatchSession(QObject):
    """One series of computer-vs-computer games shown on the table."""

    game_done = Signal(object)  # GameOutcome
    finished = Signal()

    def __init__(self, setup: WatchSetup, parent=None) -> None:
        super().__init__(parent)
        self.setup = setup
        self.controller = WatchController(self)
        self.outcomes: list[GameOutcome] = []

    def record(self, over) -> None:
        outcome = GameOutcome(len(self.outcomes), over.winner, over.scores, over.skunk)
        self.outcomes.append(outcome)
        self.game_done.emit(outcome)
        if len(self.outcomes) >= self.setup.games:
            self.finished.emit()

    def tally(self) -> str:
        a, b = (short_title(n) for n in self.setup.players)
        wins = [sum(o.winner == seat for o in self.outcomes) for seat in (0, 1)]
        current = min(len(self.outcomes) + 1, self.setup.games)
        return f"{a} {wins[0]} – {wins[1]} {b}  (game {current} of {self.setup.games})"

    def summary_line(self) -> str:
        """One line: each game's winner and final scores."""
        names = self.setup.players
        games = "; ".join(
            f"game {o.index + 1}: {names[o.winner]} wins {o.scores[o.winner]}-"
            f"{o.scores[1 - o.winner]}" for o in self.outcomes)
        return f"{names[0]} v {names[1]}: {games}"


class WatchBar(QWidget):
    """Speed, pause, step and stop, with the running tally."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.tally = QLabel("")
        layout.addWidget(self.tally)
        layout.addStretch(1)
        layout.addWidget(QLabel("Speed"))
        self.speed = QComboBox()
        self.speed.addItems(list(SPEEDS))
        self.speed.setCurrentText("normal")
        layout.addWidget(self.speed)
        self.pause = QPushButton("Pause")
        self.pause.setCheckable(True)
        self.step = QPushButton("Step")
        self.stop = QPushButton("Stop watching")
        for w in (self.pause, self.step, self.stop):
            layout.addWidget(w)


def player_combo(selected: str) -> QComboBox:
    combo = QComboBox()
    for info in available_players():
        combo.addItem(info.title, info.name)
    combo.setCurrentIndex(max(0, combo.findData(selected)))
    return combo


class WatchDialog(QDialog):
    """Choose two players, how many games and a seed."""

    def __init__(self, parent=None, quick: bool = False) -> None:
        super().__init__(parent)
        self.setWindowTitle("Run games quickly" if quick else "Watch the computer play")
        form = QFormLayout()
        self.a = player_combo("mueller")
        self.b = player_combo("heuristic")
        form.addRow("Player A", self.a)
        form.addRow("Player B", self.b)
        self.games = QSpinBox()
        self.games.setRange(1, 100_000)
        self.games.setValue(1000 if quick else 3)
        form.addRow("Games", self.games)
        self.seed = QSpinBox()
        self.seed.setRange(0, 2_000_000_000)
        form.addRow("Seed", self.seed)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)

    def setup(self) -> WatchSetup:
        return WatchSetup((self.a.currentData(), self.b.currentData()), self.games.value(),
                          self.seed.value())
