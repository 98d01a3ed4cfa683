"""Run N games between two computer players off the GUI thread and show the result."""

from __future__ import annotations

import os
import threading

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QThread, Signal
from PySide6.QtWidgets import QDialog, QLabel, QProgressBar, QPushButton, QVBoxLayout

from ai.match.runner import run_match
from cribbage_gui.app import theme
from cribbage_gui.app.axes import chart_axes
from cribbage_gui.app.texts import player_title
from engine.events import SOURCES


class _Runner(QThread):
    advanced = Signal(int)
    done = Signal(object)
    failed = Signal(str)

    def __init__(self, setup, cancel: threading.Event) -> None:
        super().__init__()
        self.setup, self.cancel = setup, cancel

    def run(self) -> None:
        try:
            a, b = self.setup.players
            summary = run_match(a, b, self.setup.games, self.setup.seed,
                                workers=min(2, os.cpu_count() or 1),
                                progress=self.advanced.emit, cancelled=self.cancel.is_set)
            self.done.emit(summary)
        except Exception as exc:  # reported in the window
            self.failed.emit(repr(exc))


class QuickRunWindow(QDialog):
    def __init__(self, setup, parent=None) -> None:
        super().__init__(parent)
        self.setup = setup
        a, b = (player_title(p) for p in setup.players)
        self.setWindowTitle(f"{a} v {b}: {setup.games:,} games")
        self.resize(720, 560)
        layout = QVBoxLayout(self)
        self.progress = QProgressBar()
        self.progress.setRange(0, setup.games)
        layout.addWidget(self.progress)
        self.result_label = QLabel("Playing…")
        self.result_label.setWordWrap(True)
        layout.addWidget(self.result_label)
        self.chart = pg.PlotWidget(title="Points per complete deal, by source",
                                   axisItems=chart_axes())
        self.chart.setLabel("left", "points per deal")
        theme.style_chart(self.chart)
        layout.addWidget(self.chart, 1)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.clicked.connect(self.cancel)
        layout.addWidget(self.cancel_button)
        self._cancel = threading.Event()
        self._runner: _Runner | None = None
        self.summary: dict | None = None

    def start(self) -> None:
        self._runner = _Runner(self.setup, self._cancel)
        self.done_games = 0
        self.progress.setValue(0)
        self._runner.advanced.connect(self._advanced)
        self._runner.done.connect(self._show)
        self._runner.failed.connect(lambda text: self.result_label.setText(f"Failed: {text}"))
        self._runner.start()

    def _advanced(self, n: int) -> None:
        self.done_games += n
        self.progress.setValue(self.done_games)

    @property
    def running(self) -> bool:
        return self._runner is not None and self._runner.isRunning()

    def cancel(self) -> None:
        self._cancel.set()

    def _show(self, s: dict) -> None:
        self.summary = s
        a, b = player_title(s["player_a"]), player_title(s["player_b"])
        lo, hi = s["ci95_a"]
        stopped = " (cancelled)" if s["games"] < self.setup.games else ""
        self.result_label.setText(
            f"<b>{a} {s['wins_a']} – {s['wins_b']} {b}</b>{stopped}: {a} won "
            f"{s['win_rate_a']:.1%} (95% CI {lo:.1%} to {hi:.1%}) of {s['games']} games.<br>"
            f"Skunks {s['skunks_a'] + s['double_skunks_a']} / "
            f"{s['skunks_b'] + s['double_skunks_b']}; first dealer won "
            f"{s['first_dealer_win_rate']:.1%}; {s['deals_per_game']:.2f} deals a game; "
            f"{s['games_per_s']:.0f} games/s.")
        sources = [src for src in SOURCES if s["points_per_deal_a"][src]
                   or s["points_per_deal_b"][src]]
        x = np.arange(len(sources))
        self.chart.clear()
        self.chart.addLegend()
        t = theme.current()
        for offset, side, colour, name in ((-0.2, "a", t.pegs[0], a), (0.2, "b", t.pegs[1], b)):
            heights = [s[f"points_per_deal_{side}"][src] for src in sources]
            self.chart.addItem(pg.BarGraphItem(x=x + offset, height=heights, width=0.38,
                                               brush=colour, name=name))
        self.chart.getAxis("bottom").setTicks([[(i, src.replace("_", " "))
                                                for i, src in enumerate(sources)]])
        self.cancel_button.setText("Close")
        self.cancel_button.clicked.disconnect()
        self.cancel_button.clicked.connect(self.close)

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt)
        self._cancel.set()
        if self._runner is not None:
            self._runner.wait(60_000)
        super().closeEvent(event)
