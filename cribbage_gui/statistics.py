"""The Statistics window: results per opponent, points per deal, and two charts."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
)

from ai import level_of
from ai.history import History
from cribbage_gui import theme
from cribbage_gui.texts import player_title
from cribbage_gui.widgets.tables import fill, make_table


def opponent_name(name: str) -> str:
    """"Mueller (Very hard)"."""
    level, title = level_of(name), player_title(name)
    return title + (f" ({level.name})" if level and level.name != title else "")


class StatisticsWindow(QDialog):
    def __init__(self, history: History, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Statistics")
        self.resize(880, 680)
        layout = QVBoxLayout(self)
        totals = history.totals()
        rate = totals["wins"] / totals["games"] if totals["games"] else 0.0
        games = totals["games"]
        self.summary = QLabel(f"{games} game{'s' if games != 1 else ''} played, "
                              f"{totals['wins']} won ({rate:.0%})." if games
                              else "No games played yet.")
        layout.addWidget(self.summary)

        self.opponents = make_table(["Opponent", "Games", "Wins", "Win rate",
                                     "Skunks given", "Skunks taken", "With undo"],
                                    {"With undo": "Games in which you took a decision back"})
        self.opponents.stretch_last = False
        rows = [[opponent_name(r["opponent"]), r["games"], r["wins"], f"{r['win_rate']:.0%}",
                 r["skunks_given"], r["skunks_taken"], r["undo_games"] or 0]
                for r in history.by_opponent()]
        fill(self.opponents, rows)
        self.opponents.setMaximumHeight(
            self.opponents.horizontalHeader().height() + 28 * max(2, len(rows)) + 6)
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

        t = theme.current()
        charts = QHBoxLayout()
        self.win_plot = pg.PlotWidget(axisItems={"bottom": theme.IntegerAxis("bottom")})
        self.win_plot.setTitle("Win rate over time")
        self.win_plot.setLabel("bottom", "games played")
        self.win_plot.setLabel("left", "win rate")
        self.win_plot.setYRange(0, 1)
        wins = np.array(history.win_history(), dtype=float)
        if len(wins):
            games = np.arange(1, len(wins) + 1)
            self.win_curve = self.win_plot.plot(games, np.cumsum(wins) / games,
                                                pen=pg.mkPen(t.accent, width=2),
                                                symbol="o", symbolSize=6,
                                                symbolBrush=t.accent, name="cumulative")
        self.win_plot.setXRange(0.5, max(5, len(wins)) + 0.5, padding=0)
        self.win_plot.addLine(y=0.5, pen=pg.mkPen(t.neutral, style=Qt.PenStyle.DashLine))
        theme.style_chart(self.win_plot)
        charts.addWidget(self.win_plot, 1)

        self.hand_plot = pg.PlotWidget(axisItems={"left": theme.IntegerAxis("left"),
                                                  "bottom": theme.IntegerAxis("bottom")})
        self.hand_plot.setTitle("Your hand scores")
        self.hand_plot.setLabel("bottom", "points")
        self.hand_plot.setLabel("left", "hands")
        counts = np.bincount(np.array(history.hand_scores(), dtype=int), minlength=30)[:30]
        self.hand_counts = counts
        self.hand_bars = pg.BarGraphItem(x=np.arange(30), height=counts, width=0.8,
                                         brush=t.accent_2)
        self.hand_plot.addItem(self.hand_bars)
        self.hand_plot.setYRange(0, max(4, int(counts.max()) + 1), padding=0)
        theme.style_chart(self.hand_plot)
        charts.addWidget(self.hand_plot, 1)
        layout.addLayout(charts, 1)
