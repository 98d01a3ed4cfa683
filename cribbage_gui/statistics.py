"""The Statistics window: results per opponent, points per deal, and two charts."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtWidgets import (
    QDialog,
    QGridLayout,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from cribbage_gui.history import History

pg.setConfigOptions(antialias=True, background="w", foreground="k")


class StatisticsWindow(QDialog):
    def __init__(self, history: History, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Statistics")
        self.resize(860, 720)
        layout = QVBoxLayout(self)
        totals = history.totals()
        rate = totals["wins"] / totals["games"] if totals["games"] else 0.0
        games = totals["games"]
        self.summary = QLabel(f"{games} game{'s' if games != 1 else ''} played, "
                              f"{totals['wins']} won ({rate:.0%})." if games
                              else "No games played yet.")
        layout.addWidget(self.summary)

        self.opponents = QTableWidget(0, 6)
        self.opponents.setHorizontalHeaderLabels(
            ["Opponent", "Games", "Wins", "Win rate", "Skunks given", "Skunks taken"])
        for row in history.by_opponent():
            r = self.opponents.rowCount()
            self.opponents.insertRow(r)
            for c, value in enumerate((row["opponent"], row["games"], row["wins"],
                                       f"{row['win_rate']:.0%}", row["skunks_given"],
                                       row["skunks_taken"])):
                self.opponents.setItem(r, c, QTableWidgetItem(str(value)))
        self.opponents.resizeColumnsToContents()
        self.opponents.setMaximumHeight(
            self.opponents.horizontalHeader().height() + 28 * max(2, self.opponents.rowCount())
            + 6)
        layout.addWidget(self.opponents)

        grid = QGridLayout()
        grid.addWidget(QLabel("<b>Your points per complete deal</b>"), 0, 0, 1, 5)
        for c, head in enumerate(("", "deals", "pegging", "hand", "crib")):
            grid.addWidget(QLabel(f"<i>{head}</i>"), 1, c)
        self.averages = history.per_deal_averages()
        for r, role in enumerate(("dealer", "pone"), start=2):
            a = self.averages[role]
            grid.addWidget(QLabel(f"as {role}"), r, 0)
            grid.addWidget(QLabel(str(a["deals"])), r, 1)
            for c, key in enumerate(("pegging", "hand", "crib"), start=2):
                grid.addWidget(QLabel(f"{a[key]:.2f}" if role == "dealer" or key != "crib"
                                      else "—"), r, c)
        layout.addLayout(grid)

        self.win_plot = pg.PlotWidget(title="Win rate over time")
        self.win_plot.setLabel("bottom", "games played")
        self.win_plot.setLabel("left", "win rate")
        self.win_plot.setYRange(0, 1)
        wins = np.array(history.win_history(), dtype=float)
        if len(wins):
            games = np.arange(1, len(wins) + 1)
            self.win_curve = self.win_plot.plot(games, np.cumsum(wins) / games,
                                                pen=pg.mkPen("#2f6fd6", width=2),
                                                symbol="o", symbolSize=6,
                                                symbolBrush="#2f6fd6", name="cumulative")
            self.win_plot.setXRange(0.5, max(5, len(wins)) + 0.5)
        self.win_plot.addLine(y=0.5, pen=pg.mkPen("#999", style=pg.QtCore.Qt.PenStyle.DashLine))
        layout.addWidget(self.win_plot, 1)

        self.hand_plot = pg.PlotWidget(title="Your hand scores")
        self.hand_plot.setLabel("bottom", "points")
        self.hand_plot.setLabel("left", "hands")
        counts = np.bincount(np.array(history.hand_scores(), dtype=int), minlength=30)[:30]
        self.hand_counts = counts
        self.hand_bars = pg.BarGraphItem(x=np.arange(30), height=counts, width=0.8,
                                         brush="#d23a3a")
        self.hand_plot.addItem(self.hand_bars)
        layout.addWidget(self.hand_plot, 1)
