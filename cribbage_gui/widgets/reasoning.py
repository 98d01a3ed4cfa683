"""The reasoning inspector: your discard options, the computer's reasoning, and a review.

*Your discard*: all 15 keep/toss options with the exact statistics (``analyze_discards``)
and a pegging estimate, sortable, with a histogram of the kept hand over the 46 starters.
*Computer*: each decision's reasoning record, drawn for its kind. While you play, the
opponent's reasoning of the current deal stays hidden (it would show its cards) unless you
turn on "show the computer's reasoning now"; it appears when the deal is over. When two
computers play, everything is shown live. *Review*: after a game, your discards against the
best option, with the expected points lost.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QDockWidget,
    QLabel,
    QListWidget,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ai.match.driver import DecisionMade
from cribbage_gui.model import possessive
from engine import analyze_discards
from engine.cards import card_label
from engine.events import Dealt, GameOver

CHOSEN = QColor("#fff1b8")
SHORT = {"hand_max_min": "hand min", "hand_max_avg": "hand mean", "hand_max_med": "hand median",
         "hand_max_poss": "hand max", "crib_min_avg": "crib", "pegging_max_avg_gained":
         "peg gained mean", "pegging_max_med_gained": "peg gained median",
         "pegging_min_avg_given": "peg given"}


def labels(cards) -> str:
    return " ".join(card_label(c) for c in cards)


class NumberItem(QTableWidgetItem):
    """A cell that sorts by its number, not its text."""

    def __init__(self, value: float, text: str | None = None) -> None:
        if text is None:
            text = str(value) if isinstance(value, int) else f"{value:.2f}"
        super().__init__(text)
        self.value = value
        self.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

    def __lt__(self, other) -> bool:
        return self.value < getattr(other, "value", 0.0)


def _table(headers: list[str]) -> QTableWidget:
    table = QTableWidget(0, len(headers))
    table.setHorizontalHeaderLabels(headers)
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
    return table


def _fill(table: QTableWidget, rows: list[list], highlight: int | None = None) -> None:
    table.setSortingEnabled(False)
    table.setRowCount(len(rows))
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            item = value if isinstance(value, QTableWidgetItem) else (
                NumberItem(value) if isinstance(value, float | int) and not isinstance(
                    value, bool) else QTableWidgetItem(str(value)))
            if r == highlight:
                item.setBackground(CHOSEN)
            table.setItem(r, c, item)
    table.resizeColumnsToContents()


class DiscardTab(QWidget):
    HEADERS = ["Keep", "Toss", "Hand min", "mean", "median", "max", "Crib ±",
               "Pegging", "Net", "Net + peg", "Loss"]

    def __init__(self) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        self.title = QLabel("Your six cards appear here when you discard.")
        layout.addWidget(self.title)
        split = QSplitter(Qt.Orientation.Vertical)
        self.table = _table(self.HEADERS)
        self.table.itemSelectionChanged.connect(self._selected)
        split.addWidget(self.table)
        self.histogram = pg.PlotWidget(title="Kept hand over the 46 starters")
        self.histogram.setBackground("w")
        self.histogram.setLabel("bottom", "points")
        self.histogram.setLabel("left", "starters")
        self.bars = pg.BarGraphItem(x=np.arange(30), height=np.zeros(30), width=0.8,
                                    brush="#2f6fd6")
        self.histogram.addItem(self.bars)
        split.addWidget(self.histogram)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        layout.addWidget(split)
        self.options = []

    def _pegging_estimate(self, keep, my_crib: bool) -> float | None:
        """Expected points gained minus given in the play (greedy play statistics)."""
        from ai.training._index import hand_index
        from ai.training.weights import shipped_pegging_net

        try:
            net = shipped_pegging_net()
        except ValueError:  # the statistics file is missing or damaged: no estimate
            return None
        h = hand_index(np.array(sorted(keep), dtype=np.int64))
        return float(net[h, 0 if my_crib else 1])

    def show_options(self, six, my_crib: bool) -> None:
        self.options = analyze_discards(list(six), my_crib)
        whose = "your" if my_crib else "the opponent's"
        self.title.setText(f"{labels(six)}: the crib is {whose}. Exact over 46 starters and "
                           f"45,540 cribs per toss.")
        rows = []
        totals = []
        for o in self.options:
            peg = self._pegging_estimate(o.keep, my_crib)
            totals.append(o.net + (peg or 0.0))
            rows.append((o, peg))
        best = max(totals)
        table_rows = []
        for (o, peg), total in zip(rows, totals, strict=True):
            crib = o.crib_mean if my_crib else -o.crib_mean
            table_rows.append([
                labels(o.keep), labels(o.toss), int(o.hand_min), o.hand_mean, o.hand_median,
                int(o.hand_max), crib,
                NumberItem(peg, f"{peg:+.2f}") if peg is not None else "—", o.net, total,
                best - total])
        _fill(self.table, table_rows)
        self.table.setSortingEnabled(True)
        self.table.sortItems(9, Qt.SortOrder.DescendingOrder)
        self.table.selectRow(0)

    def _selected(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        if not rows or not self.options:
            return
        keep_text = self.table.item(rows[0].row(), 0).text()
        option = next(o for o in self.options if labels(o.keep) == keep_text)
        self.bars.setOpts(height=np.array(option.hand_histogram))


class ComputerTab(QWidget):
    """One decision's reasoning, chosen from the list of decisions shown so far."""

    def __init__(self) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        self.reveal = QCheckBox("Show the computer's reasoning now (it shows its cards)")
        layout.addWidget(self.reveal)
        self.decisions = QListWidget()
        self.decisions.setMaximumHeight(110)
        self.decisions.currentRowChanged.connect(self._show)
        layout.addWidget(self.decisions)
        self.text = QLabel("")
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.text)
        self.table = _table([])
        layout.addWidget(self.table, 1)
        self.charts = pg.GraphicsLayoutWidget()
        self.charts.setBackground("w")
        self.charts.setMinimumHeight(380)
        layout.addWidget(self.charts, 2)
        self.records: list[tuple[str, object]] = []

    def add(self, title: str, reasoning) -> None:
        self.records.append((title, reasoning))
        self.decisions.addItem(title)
        self.decisions.setCurrentRow(self.decisions.count() - 1)

    def clear(self) -> None:
        self.records.clear()
        self.decisions.clear()
        self.text.setText("")
        self.table.setRowCount(0)
        self.charts.clear()

    def _show(self, row: int) -> None:
        if not 0 <= row < len(self.records):
            return
        title, r = self.records[row]
        self.charts.clear()
        self.charts.setVisible(False)
        kind = type(r).__name__
        render = getattr(self, f"_render_{kind}", None)
        self.text.setText(f"<b>{title}</b>: {r.summary()}")
        if render is None:
            self.table.setColumnCount(0)
            self.table.setRowCount(0)
            return
        render(r)

    def _set_table(self, headers, rows, highlight=None) -> None:
        self.table.setColumnCount(len(headers))
        self.table.setHorizontalHeaderLabels(headers)
        _fill(self.table, rows, highlight)

    # one renderer per reasoning record
    def _render_WeightsDiscard(self, r) -> None:  # noqa: N802
        rows = [[labels(k), labels(t), r.p[j]] + [r.S[i][j] for i in range(len(r.S))]
                for j, (k, t) in enumerate(zip(r.keeps, r.tosses, strict=True))]
        self._set_table(["Keep", "Toss", "p = w·S"] + [s.replace("_", " ")
                                                        for s in r.strategies], rows, r.chosen)
        d, own, opp = r.position
        self.text.setText(self.text.text() + f"<br>Position: {'dealer' if d else 'pone'}, "
                          f"{own} to {opp}.")
        self.charts.setVisible(True)
        heat = self.charts.addPlot(title="S: strategies (rows) × options (columns)")
        image = pg.ImageItem(axisOrder="row-major")
        image.setImage(np.array(r.S), levels=(0, 1))
        image.setColorMap(pg.ColorMap([0, 1], [(255, 255, 255), (20, 20, 20)]))
        heat.addItem(image)
        heat.invertY(True)
        heat.getAxis("left").setTicks([[(i + 0.5, SHORT.get(s, s))
                                        for i, s in enumerate(r.strategies)]])
        marker = pg.PlotDataItem([r.chosen + 0.5], [-0.3], symbol="t", symbolBrush="#d23a3a",
                                 pen=None)
        heat.addItem(marker)
        bars = self.charts.addPlot(title="w at this position")
        bars.addItem(pg.BarGraphItem(x=np.arange(len(r.w)), height=np.array(r.w), width=0.7,
                                     brush="#2f6fd6"))
        self.charts.nextRow()
        values = self.charts.addPlot(title="p = w·S for the 15 options", colspan=2)
        colours = ["#d23a3a" if j == r.chosen else "#8a8f9c" for j in range(len(r.p))]
        values.addItem(pg.BarGraphItem(x=np.arange(len(r.p)), height=np.array(r.p),
                                       width=0.7, brushes=colours))

    def _render_MuellerDiscard(self, r) -> None:  # noqa: N802
        rows = [[labels(o.keep), labels(o.toss), int(o.four_card), o.hand_mean,
                 int(o.hand_max), int(o.crib_min), o.crib_mean, int(o.crib_max),
                 float(o.value(r.strategy_number)[0])] for o in r.options]
        self._set_table(["Keep", "Toss", "4-card", "Hand mean", "Hand max", "Crib min",
                         "Crib mean", "Crib max", f"Strategy {r.strategy_number}"], rows,
                        r.chosen)
        s = r.situation
        self.text.setText(self.text.text() + f"<br>Score {s.my_score} to {s.opponent_score}, "
                          f"{'dealer' if s.dealer else 'pone'}: <i>{r.strategy}</i> because "
                          f"{r.rule}.")

    def _render_MuellerPlay(self, r) -> None:  # noqa: N802
        rows = [[card_label(f.card), int(f.immediate), f.expected, f.max_net,
                 int(f.max_opp)] for f in r.figures]
        chosen = next(i for i, f in enumerate(r.figures) if f.card == r.chosen)
        self._set_table(["Card", "Now", "Expected net", "Max net", "Max reply"], rows, chosen)
        if r.mixed is not None:
            m = r.mixed
            self.text.setText(self.text.text() + f"<br>Mixed strategy ({m.kind}): pure play "
                              f"with probability {m.p_pure:.0%}, roll {m.roll:.2f}: "
                              f"{'deviated' if m.deviated else 'pure play'}.")

    def _render_EvolvedDiscard(self, r) -> None:  # noqa: N802
        rows = [[card_label(c), v, "thrown" if c in r.thrown else ""]
                for c, v in zip(r.cards, r.values, strict=True)]
        self._set_table(["Card", "Value", ""], rows)

    def _render_HeuristicDiscard(self, r) -> None:  # noqa: N802
        rows = [[labels(o.keep), labels(o.toss), o.hand_mean, o.crib_mean] for o in r.options]
        self._set_table(["Keep", "Toss", "Expected hand", "Expected crib"], rows, r.chosen)

    def _render_HeuristicPlay(self, r) -> None:  # noqa: N802
        rows = [[card_label(c.card), int(c.points), "yes" if c.makes_fifteen else "",
                 "yes" if c.from_pair else "", "yes" if c.dangerous else ""]
                for c in r.candidates]
        chosen = next(i for i, c in enumerate(r.candidates) if c.card == r.chosen)
        self._set_table(["Card", "Points now", "Makes 15", "From a pair", "Leaves 5/21 or "
                         "leads a 5"], rows, chosen)


    def _render_ExpertDiscard(self, r) -> None:  # noqa: N802
        rows = [[labels(o.keep), labels(o.toss), o.hand_mean, o.crib, o.pegging, o.net,
                 NumberItem(o.win, f"{o.win:.2%}")] for o in r.options]
        self._set_table(["Keep", "Toss", "Hand", "Crib ±", "Pegging", "Net",
                         "Win probability"], rows, r.chosen)
        dealer, own, opp = r.position
        self.text.setText(self.text.text() + f"<br>Position: {'dealer' if dealer else 'pone'}"
                          f", {own} to {opp}; the rest of the deal from {r.samples} real "
                          f"deals.")

    def _render_ExpertPlay(self, r) -> None:  # noqa: N802
        win = r.mode == "win"
        rows = [[card_label(c.card), NumberItem(c.value, f"{c.value:.1%}" if win
                                                else f"{c.value:+.2f}")]
                for c in r.candidates]
        self._set_table(["Card", "Win probability" if win else "Net points to the end of "
                         "the play"], rows, 0)
        if r.samples:
            self.text.setText(self.text.text() + f"<br>{r.samples} sampled hands for the "
                              f"opponent (effectively {r.effective_samples:.0f} after "
                              f"weighting by how likely it kept them), each searched to the "
                              f"end of the play.")


class ReviewTab(QWidget):
    def __init__(self) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        self.title = QLabel("After each game, your discards are reviewed here.")
        self.title.setWordWrap(True)
        layout.addWidget(self.title)
        self.table = _table(["Deal", "Your six", "Crib", "You threw", "Best throw",
                             "Expected (yours)", "Expected (best)", "Lost"])
        layout.addWidget(self.table)
        self.rows: list[list] = []

    def review(self, decisions: list[tuple[int, tuple, bool, tuple]]) -> None:
        """``decisions``: (deal, six cards, my crib, toss) for each of the person's discards."""
        rows, lost = [], 0.0
        for deal, six, my_crib, toss in decisions:
            options = analyze_discards(list(six), my_crib)
            mine = next(o for o in options if set(o.toss) == set(toss))
            best = options[0]
            rows.append([deal, labels(six), "yours" if my_crib else "theirs",
                         labels(mine.toss), labels(best.toss), mine.net, best.net,
                         best.net - mine.net])
            lost += best.net - mine.net
        self.rows = rows
        _fill(self.table, rows)
        best_count = sum(1 for r in rows if r[-1] < 1e-9)
        self.title.setText(f"{len(rows)} discards: the best (by expected hand plus or minus "
                           f"crib) {best_count} times; {lost:.1f} expected points lost in all.")


class ReasoningDock(QDockWidget):
    """The inspector; the main window feeds it the events the table shows."""

    def __init__(self, parent=None) -> None:
        super().__init__("Reasoning", parent)
        self.setObjectName("reasoning")
        self.tabs = QTabWidget()
        self.discard = DiscardTab()
        self.computer = ComputerTab()
        self.review_tab = ReviewTab()
        self.tabs.addTab(self.discard, "Your discard")
        self.tabs.addTab(self.computer, "Computer")
        self.tabs.addTab(self.review_tab, "Review")
        self.setWidget(self.tabs)
        self.names = ("", "")
        self.my_seat: int | None = 0  # None: watching, everything live
        self.held: list[tuple[str, object]] = []
        self.my_discards: list[tuple[int, tuple, bool, tuple]] = []
        self._deal = 0
        self._dealt: tuple = ()
        self._dealer = 0
        self.computer.reveal.toggled.connect(self._release_held)

    def begin(self, names, my_seat: int | None) -> None:
        self.names, self.my_seat = names, my_seat
        self.held.clear()
        self.my_discards.clear()
        self.computer.clear()
        self.computer.reveal.setVisible(my_seat is not None)

    def on_event(self, event) -> None:
        if isinstance(event, Dealt):
            self._release_held()
            self._deal, self._dealer = event.deal, event.dealer
            if self.my_seat is not None:
                self._dealt = event.hands[self.my_seat]
        elif isinstance(event, DecisionMade):
            self._decision(event)
        elif isinstance(event, GameOver):
            self._release_held()
            if self.my_seat is not None and self.my_discards:
                self.review_tab.review(self.my_discards)

    def _decision(self, e: DecisionMade) -> None:
        action = e.decision.action
        what = "discard" if hasattr(action, "cards") else (
            f"play {card_label(action.card)}" if hasattr(action, "card") else "go")
        if self.my_seat is not None and e.seat == self.my_seat:
            if hasattr(action, "cards"):
                self.my_discards.append((self._deal, self._dealt, self._dealer == e.seat,
                                         action.cards))
            return
        title = f"Deal {self._deal}: {possessive(self.names[e.seat])} {what}"
        if self.my_seat is None or self.computer.reveal.isChecked():
            self.computer.add(title, e.decision.reasoning)
        else:
            self.held.append((title, e.decision.reasoning))

    def _release_held(self, *_args) -> None:
        for title, reasoning in self.held:
            self.computer.add(title, reasoning)
        self.held.clear()
