"""The bars under the table: the game's buttons, and the watching controls.

They only hold widgets; the window's parts connect them and decide what they do. The game
bar draws the :class:`~cribbage_gui.table.controls_state.ControlsState` the game publishes.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QWidget,
)

from cribbage_gui.app.narrow import WrapRow
from cribbage_gui.app.settings import SPEEDS
from cribbage_gui.table.controls_state import ControlsState
from engine.rules import MAX_HAND_SCORE

MAX_CLAIM = MAX_HAND_SCORE


class GameBar(QWidget):
    """Match score, Hint, Undo, the count to claim, Throw to crib, Continue, and Analyse
    beside Continue once a deal is over (the window's part says when)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        # the whole line where it fits, else its short form (the whole in the tooltip)
        self.match_label = FitLabel()
        self.match_label.setAccessibleName("Match")
        layout.addWidget(self.match_label, 1)
        self.hint_button = QPushButton("Hint")
        self.hint_button.setToolTip("What the strongest computer player would do (H)")
        self.undo_button = QPushButton("Undo")
        self.undo_button.setToolTip("Take back your last discard or card (Ctrl+Z); casual "
                                    "games only, and the game is marked as undone")
        self.claim_spin = QSpinBox()
        self.claim_spin.setRange(0, MAX_CLAIM)
        self.claim_spin.setPrefix("My count: ")
        self.claim_spin.setAccessibleName("My count")
        self.claim_button = QPushButton("Claim")
        self.throw_button = QPushButton("Throw to crib")
        self.continue_button = QPushButton("Continue")
        self.continue_button.setDefault(True)
        self.analyse_button = QPushButton("&Analyse")
        self.analyse_button.setToolTip("This deal on the analysis board: your discard and "
                                       "each card you played, every option and the chance "
                                       "of winning (Ctrl+B)")
        self.analyse_button.setAccessibleName("Analyse this deal on the analysis board")
        self.analyse_button.setAutoDefault(False)  # Enter stays Continue's
        self.analyse_button.setVisible(False)
        for w in (self.hint_button, self.undo_button, self.claim_spin, self.claim_button,
                  self.throw_button, self.analyse_button, self.continue_button):
            layout.addWidget(w)
        self.controls = ControlsState()  # the state drawn last (Continue is the show's)

    def show_state(self, state: ControlsState) -> None:
        """Draw the controls as the game published them. A claim that appears starts at 0
        with the cursor in it: type the number, then Enter."""
        appearing = state.claim_shown and not self.controls.claim_shown
        self.controls = state
        self.throw_button.setVisible(state.throw_shown)
        self.throw_button.setEnabled(state.throw_enabled)
        self.claim_spin.setVisible(state.claim_shown)
        self.claim_button.setVisible(state.claim_shown)
        if state.claim_shown:
            self.set_claim_prompt(state.claim_pegging)
        if appearing:
            self.claim_spin.setValue(0)
            self.claim_spin.setFocus()
            self.claim_spin.selectAll()
        self.hint_button.setEnabled(state.hint_enabled)
        self.undo_button.setVisible(state.undo_shown)
        self.undo_button.setEnabled(state.undo_enabled)
        self.match_label.set_texts(state.match, state.match_short or state.match)

    def set_claim_prompt(self, pegging: bool) -> None:
        """The claim widgets for the show's count, or for pegging during the play."""
        self.claim_spin.setPrefix("Peg: " if pegging else "My count: ")
        self.claim_spin.setAccessibleName("Points to peg" if pegging else "My count")
        self.claim_spin.setAccessibleDescription("Type the points, then Enter")
        self.claim_button.setText("Peg" if pegging else "Claim")


class FitLabel(QLabel):
    """A one-line label with a long and a short text: the long one where it fits, else the
    short one, the long one then in the tooltip ("Strategy weights 0 – 0 Expert (game 1
    of 3)" wrapped onto three lines at 1024 px wide; "0 – 0 · game 1 of 3" fits)."""

    def __init__(self) -> None:
        super().__init__("")
        self.full_text = self.short_text = ""
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def set_texts(self, full: str, short: str) -> None:
        self.full_text, self.short_text = full, short
        self._choose()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt)
        """The short text's width: what a row that wraps (``WrapRow``) leaves it at least."""
        hint = super().minimumSizeHint()
        margins = self.contentsMargins()
        width = self.fontMetrics().horizontalAdvance(self.short_text) + margins.left() \
            + margins.right() + 2 * self.margin()
        return QSize(width, hint.height())

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt)
        super().resizeEvent(event)
        self._choose()

    def _choose(self) -> None:
        metrics = self.fontMetrics()
        fits = metrics.horizontalAdvance(self.full_text) <= self.width()
        # the short text ended with "…" where even it does not fit (the tooltip says all)
        short = metrics.elidedText(self.short_text, Qt.TextElideMode.ElideRight,
                                   max(0, self.width()))
        self.setText(self.full_text if fits else short)
        self.setToolTip("" if fits else self.full_text)


class WatchBar(QWidget):
    """Speed, pause, step, save and stop, with the running tally: one row where they fit,
    else the tally above the controls (at 200% text one row was 830 px, and held the
    window wider than a 1024-pixel screen)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        layout = WrapRow(self)
        self.tally = FitLabel()  # the names where they fit
        self.tally.setAccessibleName("Tally")
        layout.addWidget(self.tally)
        speed = QWidget()  # the word and its box stay together
        speed_row = QHBoxLayout(speed)
        speed_row.setContentsMargins(0, 0, 0, 0)
        speed_label = QLabel("Speed")
        speed_row.addWidget(speed_label)
        self.speed = QComboBox()
        self.speed.setAccessibleName("Speed")
        self.speed.addItems(["step by step", *SPEEDS])
        self.speed.setCurrentText("normal")
        speed_label.setBuddy(self.speed)
        speed_row.addWidget(self.speed)
        layout.addWidget(speed)
        self.pause = QPushButton("Pause")
        self.pause.setCheckable(True)
        self.step = QPushButton("Step")
        self.stop = QPushButton("Stop watching")
        self.save = QPushButton("Save games…")
        self.save.setToolTip("Save the games watched to the end as game files, to open, "
                             "review or share (once the first game is over)")
        self.save.setEnabled(False)
        for w in (self.pause, self.step, self.save, self.stop):
            layout.addWidget(w)
