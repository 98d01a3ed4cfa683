"""A card to play, every option the expert weighs (``ai.advice.play_advice``): each rank that
fits, its net pegging points to the end of the play, its chance of winning and what it gives
up against the best, best first (the hint's card), with a sentence on the selected one.

The play's counterpart of the inspector's discard table (``panels.reasoning.DiscardTab``),
drawn with the same table helpers; the analysis board shows it for a position of the play.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from ai import advice
from cribbage_gui.app.tables import NumberItem, fill, make_table
from engine.cards import card_label

PLAY_TIPS = {
    "Card": "The card to play (cards of one rank play alike)",
    "Points": "Expected pegging points gained minus given to the end of the play",
    "Win": "The chance of winning the game playing it, from this score",
    "Lost": "What it gives up against the best: points before either player has 86, the "
            "chance of winning from there (as the expert and the hint choose)",
}


class PlayTab(QWidget):
    """The options of one card to play, best first, and the selected one in words."""

    HEADERS = ["Card", "Points", "Win", "Lost"]
    ready = Signal(object)  # PlayAdvice, once shown

    def __init__(self) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        self.title = QLabel("")
        self.title.setWordWrap(True)
        layout.addWidget(self.title)
        self.table = make_table(self.HEADERS, PLAY_TIPS)
        self.table.setAccessibleName("The cards you may play")
        self.table.itemSelectionChanged.connect(self._show_selected)
        layout.addWidget(self.table, 1)
        self.caption = QLabel("")
        self.caption.setWordWrap(True)
        layout.addWidget(self.caption)
        self.advice: advice.PlayAdvice | None = None

    def clear(self, text: str = "") -> None:
        self.advice = None
        self.title.setText(text)
        self.caption.setText("")
        self.table.setRowCount(0)

    def show_advice(self, a: advice.PlayAdvice, heading: str = "") -> None:
        self.advice = a
        by_points = a.mode == "points"
        measure = ("points, as the expert does before either player has 86" if by_points
                   else "expected ACC match points" if a.objective == "acc"
                   else "the chance of winning")
        self.title.setText(f"{heading}Best first, by {measure} (the hint's choice); the "
                           f"opponent's cards from {a.samples:,} sampled hands.")
        rows = []
        for o in a.options:
            lost = (f"{o.points_lost:.2f} pts" if o.points_lost >= 0.005 else "—") \
                if by_points else advice.lost_text(o.win_lost, a.objective)
            rows.append([card_label(o.card), NumberItem(o.points, f"{o.points:+.2f}"),
                         NumberItem(advice.sort_value(o.win),
                                    advice.value_text(o.win, a.objective)),
                         NumberItem(o.points_lost if by_points
                                    else advice.sort_value(o.win_lost), lost)])
        fill(self.table, rows)
        self.table.selectRow(0)
        self._show_selected()
        self.ready.emit(a)

    def option_at(self, row: int):
        if self.advice is None or not 0 <= row < len(self.advice.options):
            return None
        return self.advice.options[row]

    def _show_selected(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        o = self.option_at(rows[0].row()) if rows else None
        if o is None or self.advice is None:
            self.caption.setText("")
            return
        best = "the best card" if o is self.advice.best else "not the best"
        self.caption.setText(
            f"Playing <b>{card_label(o.card)}</b>: {o.points:+.2f} points to the end of the "
            f"play, {advice.value_text(o.win, self.advice.objective)} "
            f"{'expected ACC points' if self.advice.objective == 'acc' else 'to win'}; "
            f"{best}.")
        self.caption.setTextFormat(Qt.TextFormat.RichText)
