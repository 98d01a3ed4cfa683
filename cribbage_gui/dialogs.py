"""The new-game and settings dialogs, and the persisted settings."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QVBoxLayout,
)

from ai import available_players
from cribbage_gui.widgets.board import BOARD_COLOURS
from cribbage_gui.widgets.cards import BACKS

SPEED_NAMES = ("slow", "normal", "fast", "instant")
AUTO_ADVANCE = {"off (click Continue)": 0, "after 2 s": 2000, "after 4 s": 4000,
                "after 7 s": 7000}
MATCH_LENGTHS = {"a single game": 1, "best of 3": 3, "best of 5": 5, "best of 7": 7}


@dataclass
class Settings:
    speed: str = "normal"
    auto_advance_ms: int = 0
    card_back: str = "blue"
    board_colour: str = "walnut"
    confirm_throw: bool = False
    manual_count: bool = False
    muggins: bool = False
    opponent: str = "mueller"

    @classmethod
    def load(cls, qs: QSettings) -> Settings:
        """Read the settings; anything missing or unrecognised falls back to the default."""
        d = cls()

        def pick(key, default, allowed=None, kind=str):
            value = qs.value(key, default)
            try:
                value = kind(value) if kind is not bool else value in (True, "true", "1", 1)
            except (TypeError, ValueError):
                return default
            return value if allowed is None or value in allowed else default

        names = {p.name for p in available_players()}
        return cls(
            speed=pick("speed", d.speed, SPEED_NAMES),
            auto_advance_ms=pick("auto_advance_ms", d.auto_advance_ms,
                                 set(AUTO_ADVANCE.values()), int),
            card_back=pick("card_back", d.card_back, BACKS),
            board_colour=pick("board_colour", d.board_colour, BOARD_COLOURS),
            confirm_throw=pick("confirm_throw", d.confirm_throw, kind=bool),
            manual_count=pick("manual_count", d.manual_count, kind=bool),
            muggins=pick("muggins", d.muggins, kind=bool),
            opponent=pick("opponent", d.opponent, names),
        )

    def save(self, qs: QSettings) -> None:
        for key, value in vars(self).items():
            qs.setValue(key, value)
        qs.sync()


class NewGameDialog(QDialog):
    """Choose the opponent (listed from the registry), an optional seed and match play."""

    def __init__(self, settings: Settings, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        form = QFormLayout()
        self.opponent = QComboBox()
        for info in available_players():
            rating = info.rating
            label = info.title if rating is None else \
                f"{info.title} — Elo {rating[0]:.0f} (±{(rating[2] - rating[1]) / 2:.0f})"
            self.opponent.addItem(label, info.name)
            self.opponent.setItemData(self.opponent.count() - 1, info.description,
                                      Qt.ItemDataRole.ToolTipRole)
        index = self.opponent.findData(settings.opponent)
        self.opponent.setCurrentIndex(max(0, index))
        form.addRow("Opponent", self.opponent)
        self.seed = QLineEdit()
        self.seed.setPlaceholderText("random")
        form.addRow("Seed (optional)", self.seed)
        self.match = QComboBox()
        for label, length in MATCH_LENGTHS.items():
            self.match.addItem(label, length)
        form.addRow("Play", self.match)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.buttons)

    def _accept(self) -> None:
        text = self.seed.text().strip()
        if text and (not text.isdigit() or len(text) > 18):
            self.seed.setStyleSheet("border: 1px solid #c0152f")
            self.seed.setToolTip("a seed is a whole number (or leave it empty)")
            return
        self.accept()

    def choice(self) -> tuple[str, int | None, int]:
        """(opponent name, seed or None for random, match length in games)."""
        text = self.seed.text().strip()
        return (self.opponent.currentData(), int(text) if text else None,
                self.match.currentData())


class SettingsDialog(QDialog):
    def __init__(self, settings: Settings, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Settings")
        form = QFormLayout()
        self.speed = QComboBox()
        self.speed.addItems(SPEED_NAMES)
        self.speed.setCurrentText(settings.speed)
        form.addRow("Animation speed", self.speed)
        self.auto = QComboBox()
        for label, ms in AUTO_ADVANCE.items():
            self.auto.addItem(label, ms)
        self.auto.setCurrentIndex(max(0, self.auto.findData(settings.auto_advance_ms)))
        form.addRow("The show advances", self.auto)
        self.back = QComboBox()
        self.back.addItems(list(BACKS))
        self.back.setCurrentText(settings.card_back)
        form.addRow("Card back", self.back)
        self.board = QComboBox()
        self.board.addItems(list(BOARD_COLOURS))
        self.board.setCurrentText(settings.board_colour)
        form.addRow("Board", self.board)
        self.confirm = QCheckBox("Ask before throwing to the crib")
        self.confirm.setChecked(settings.confirm_throw)
        form.addRow("", self.confirm)
        self.manual = QCheckBox("Count my own hand and crib (from the next game)")
        self.manual.setChecked(settings.manual_count)
        form.addRow("", self.manual)
        self.muggins = QCheckBox("Muggins: points I miss go to the opponent")
        self.muggins.setChecked(settings.muggins)
        form.addRow("", self.muggins)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self._opponent = settings.opponent

    def settings(self) -> Settings:
        return Settings(speed=self.speed.currentText(), auto_advance_ms=self.auto.currentData(),
                        card_back=self.back.currentText(),
                        board_colour=self.board.currentText(),
                        confirm_throw=self.confirm.isChecked(),
                        manual_count=self.manual.isChecked(),
                        muggins=self.muggins.isChecked(), opponent=self._opponent)
