"""The inspector's *Computer* tab: each computer decision's reasoning record, drawn for its
kind (strategy weights, Mueller, evolved, heuristic, expert), chosen from a list."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QLabel,
    QListWidget,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from ai.base import Reasoning
from cribbage_gui.app import theme
from cribbage_gui.app.axes import chart_axes
from cribbage_gui.app.tables import (
    NumberItem,
    fill,
    fit_columns,
    make_table,
    set_headers,
)
from cribbage_gui.app.texts import cards_text
from engine.cards import card_label

SHORT = {"hand_max_min": "hand min", "hand_max_avg": "hand mean", "hand_max_med": "hand median",
         "hand_max_poss": "hand max", "crib_min_avg": "crib", "pegging_max_avg_gained":
         "peg gained mean", "pegging_max_med_gained": "peg gained median",
         "pegging_min_avg_given": "peg given"}


CHART_HEIGHT = 190  # each row of charts, scrolled rather than squeezed
LIST_SHARE = 0.3  # of the tab's height, the most the list of decisions takes...
LIST_ROWS = 8  # ...unless that is fewer rows than this
TABLE_ROWS = 5  # a table shows at least this many rows (more scroll inside it)


CHOSEN_SIGN = " ◀"  # after the chosen row's first cell: more than its colour marks it


def mark_chosen_row(table, row: int, tip: str = "") -> None:
    """The chosen ``row`` of ``table`` (already in the theme's chosen colours) also in
    bold, with a ◀ after its first cell, so that colour is not its only sign; ``tip``
    goes before each cell's tooltip. Marking a row twice changes nothing."""
    for column in range(table.columnCount()):
        item = table.item(row, column)
        if item is None:
            continue
        font = item.font()
        font.setBold(True)
        item.setFont(font)
        if tip and not item.toolTip().startswith(tip):
            item.setToolTip(tip + item.toolTip())
    first = table.item(row, 0)
    if first is not None and not first.text().endswith(CHOSEN_SIGN):
        first.setText(first.text() + CHOSEN_SIGN)
    fit_columns(table)


class ComputerTab(QWidget):
    """One decision's reasoning, chosen from the list of decisions shown so far."""

    def __init__(self) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        self.reveal = QCheckBox("Show it now (reveals its cards)")
        self.reveal.setToolTip("Show the computer's reasoning as it decides. Otherwise a "
                               "deal's reasoning appears when the deal is over, so it never "
                               "gives the computer's cards away.")
        layout.addWidget(self.reveal)
        # the list is as tall as its rows (up to a share of the tab, then it scrolls) and
        # the chosen decision takes the rest: a game's first three decisions took half the
        # panel while the decision's table showed 8 of its 15 options
        self.decisions = QListWidget()
        self.decisions.setUniformItemSizes(True)
        self.decisions.currentRowChanged.connect(self._show)
        layout.addWidget(self.decisions)
        # the chosen decision: its sentence, its table and its charts, scrolled as one so
        # that each chart keeps a readable height in a short panel
        detail = QWidget()
        box = QVBoxLayout(detail)
        box.setContentsMargins(0, 0, 4, 0)
        self._detail_box = box
        self.text = QLabel("")
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        box.addWidget(self.text)
        self.table = make_table([])
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        box.addWidget(self.table)
        self.charts = pg.GraphicsLayoutWidget()
        theme.style_chart(self.charts)
        box.addWidget(self.charts)
        box.addStretch(1)
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QScrollArea.Shape.NoFrame)
        self.scroll_area.setWidget(detail)
        layout.addWidget(self.scroll_area, 1)
        # the table follows the room the detail has, whatever changed it (the tab's height,
        # the list's)
        self.scroll_area.viewport().installEventFilter(self)
        self._fit_list()
        self.records: list[tuple[str, Reasoning]] = []

    def add(self, title: str, reasoning: Reasoning) -> None:
        self.records.append((title, reasoning))
        self.decisions.addItem(title)
        self._fit_list()
        self.decisions.setCurrentRow(self.decisions.count() - 1)

    def clear(self) -> None:
        self.records.clear()
        self.decisions.clear()
        self.text.setText("")
        self.table.setRowCount(0)
        self.charts.clear()
        self._fit_list()

    # ------------------------------------------------------------------ room
    def list_row_height(self) -> int:
        if self.decisions.count():
            return max(1, self.decisions.sizeHintForRow(0))
        return self.decisions.fontMetrics().height() + 2

    def _fit_list(self) -> None:
        """The list as tall as its rows, up to ``LIST_SHARE`` of the tab (at least
        ``LIST_ROWS`` rows); past that it scrolls."""
        row = self.list_row_height()
        most = max(LIST_ROWS, int(self.height() * LIST_SHARE) // row)
        rows = min(max(1, self.decisions.count()), most)
        self.decisions.setFixedHeight(rows * row + 2 * self.decisions.frameWidth())
        current = self.decisions.currentItem()
        if current is not None:
            self.decisions.scrollToItem(current)

    def _fit_table(self) -> None:
        """The decision's table shows all its rows when the panel has the room (below its
        sentence), else as many as fit, at least ``TABLE_ROWS``; the rest scroll inside."""
        rows = self.table.rowCount()
        row = self.table.verticalHeader().defaultSectionSize()
        header = max(self.table.horizontalHeader().height(),
                     self.table.horizontalHeader().sizeHint().height())
        frame = 2 * self.table.frameWidth() + 2
        viewport = self.scroll_area.viewport()
        spacing = max(0, self._detail_box.spacing())
        # (one spacing: between the sentence and the table; what follows the table, the
        # charts, is below the fold and scrolls)
        room = viewport.height() - self.text.heightForWidth(viewport.width() - 4) \
            - spacing - header - frame
        shown = min(rows, max(TABLE_ROWS, room // row))
        self.table.setFixedHeight(header + shown * row + frame)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt)
        super().resizeEvent(event)
        self._fit_list()

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt)
        if event.type() == QEvent.Type.Resize and watched is self.scroll_area.viewport():
            self._fit_table()
        return super().eventFilter(watched, event)

    def _show(self, row: int) -> None:
        if not 0 <= row < len(self.records):
            return
        title, r = self.records[row]
        self.charts.clear()
        self.charts.setVisible(False)
        kind = type(r).__name__
        render = getattr(self, f"_render_{kind}", None)
        self.text.setText(f"<b>{title}</b>: {r.summary(card_label)}")
        if render is None:
            self.table.setColumnCount(0)
            self.table.setRowCount(0)
            return
        render(r)
        charted = self.charts.isVisibleTo(self)
        rows = self.charts.ci.layout.rowCount() if charted else 0
        self.charts.setFixedHeight(max(1, rows) * CHART_HEIGHT)
        self._fit_table()
        theme.style_chart(self.charts)
        self.scroll_area.verticalScrollBar().setValue(0)  # a new decision reads from its sentence

    def _set_table(self, headers, rows, highlight=None) -> None:
        set_headers(self.table, headers)
        fill(self.table, rows, highlight)
        if highlight is not None:
            mark_chosen_row(self.table, highlight)
        self._fit_table()

    def _more(self, html: str) -> None:
        self.text.setText(self.text.text() + "<br>" + html)

    # one renderer per reasoning record
    def _render_WeightsDiscard(self, r) -> None:  # noqa: N802
        t = theme.current()
        rows = [[cards_text(k), cards_text(s), r.p[j]] + [r.S[i][j] for i in range(len(r.S))]
                for j, (k, s) in enumerate(zip(r.keeps, r.tosses, strict=True))]
        self._set_table(["Keep", "Toss", "p = w·S"] + [SHORT.get(s, s.replace("_", " "))
                                                        for s in r.strategies], rows, r.chosen)
        d, own, opp = r.position
        self._more(f"Position: {'dealer' if d else 'pone'}, {own} to {opp}.")
        self.charts.setVisible(True)
        heat = self.charts.addPlot(title="S: strategies × options", axisItems=chart_axes())
        image = pg.ImageItem(axisOrder="row-major")
        image.setImage(np.array(r.S), levels=(0, 1))
        image.setColorMap(pg.ColorMap([0, 1], [(255, 255, 255), (20, 20, 20)]))
        heat.addItem(image)
        heat.invertY(True)
        heat.getAxis("left").setTicks([[(i + 0.5, SHORT.get(s, s))
                                        for i, s in enumerate(r.strategies)]])
        heat.addItem(pg.PlotDataItem([r.chosen + 0.5], [-0.3], symbol="t",
                                     symbolBrush=t.accent_2, pen=None))
        self.charts.nextRow()
        bars = self.charts.addPlot(title="w: weights at this score", axisItems=chart_axes())
        bars.addItem(pg.BarGraphItem(x=np.arange(len(r.w)), height=np.array(r.w), width=0.7,
                                     brush=t.accent))
        bars.getAxis("bottom").setTicks([[(i, str(i + 1)) for i in range(len(r.w))]])
        self.charts.nextRow()
        values = self.charts.addPlot(title="p = w·S per option", axisItems=chart_axes())
        colours = [t.accent_2 if j == r.chosen else t.neutral for j in range(len(r.p))]
        values.addItem(pg.BarGraphItem(x=np.arange(len(r.p)), height=np.array(r.p),
                                       width=0.7, brushes=colours))
        # the chosen bar carries a triangle above it too: its colour is not the only sign
        values.addItem(pg.PlotDataItem([r.chosen], [float(max(r.p[r.chosen], 0)) * 1.08],
                                       symbol="t", symbolBrush=t.accent_2,
                                       symbolPen=t.chart_foreground, pen=None))

    def _render_MuellerDiscard(self, r) -> None:  # noqa: N802
        rows = [[cards_text(o.keep), cards_text(o.toss), int(o.four_card), o.hand_mean,
                 int(o.hand_max), int(o.crib_min), o.crib_mean, int(o.crib_max),
                 float(o.value(r.strategy_number)[0])] for o in r.options]
        self._set_table(["Keep", "Toss", "4-card", "Hand mean", "Hand max", "Crib min",
                         "Crib mean", "Crib max", f"Strategy {r.strategy_number}"], rows,
                        r.chosen)
        s = r.situation
        self._more(f"Score {s.my_score} to {s.opponent_score}, "
                   f"{'dealer' if s.dealer else 'pone'}: <i>{r.strategy}</i> because "
                   f"{r.rule}.")

    def _render_MuellerPlay(self, r) -> None:  # noqa: N802
        rows = [[card_label(f.card), int(f.immediate), f.expected, f.max_net,
                 int(f.max_opp)] for f in r.figures]
        chosen = next(i for i, f in enumerate(r.figures) if f.card == r.chosen)
        self._set_table(["Card", "Now", "Expected net", "Max net", "Max reply"], rows, chosen)
        if r.mixed is not None:
            m = r.mixed
            self._more(f"Mixed strategy ({m.kind}): pure play with probability "
                       f"{m.p_pure:.0%}, roll {m.roll:.2f}: "
                       f"{'deviated' if m.deviated else 'pure play'}.")

    def _render_EvolvedDiscard(self, r) -> None:  # noqa: N802
        rows = [[card_label(c), v, "thrown" if c in r.thrown else ""]
                for c, v in zip(r.cards, r.values, strict=True)]
        self._set_table(["Card", "Value", ""], rows)

    def _render_HeuristicDiscard(self, r) -> None:  # noqa: N802
        rows = [[cards_text(o.keep), cards_text(o.toss), o.hand_mean, o.crib_mean]
                for o in r.options]
        self._set_table(["Keep", "Toss", "Expected hand", "Expected crib"], rows, r.chosen)

    def _render_HeuristicPlay(self, r) -> None:  # noqa: N802
        rows = [[card_label(c.card), int(c.points), "yes" if c.makes_fifteen else "",
                 "yes" if c.from_pair else "", "yes" if c.dangerous else ""]
                for c in r.candidates]
        chosen = next(i for i, c in enumerate(r.candidates) if c.card == r.chosen)
        self._set_table(["Card", "Points now", "Makes 15", "From a pair",
                         "Leaves 5/21 or leads a 5"], rows, chosen)

    def _render_ExpertDiscard(self, r) -> None:  # noqa: N802
        # the figure it chose by first, so it shows without scrolling in a narrow panel;
        # the rows in that figure's order (best first), the chosen one marked
        order = sorted(range(len(r.options)),
                       key=lambda i: (-r.options[i].win, -r.options[i].net))
        rows = [[cards_text(o.keep), cards_text(o.toss), NumberItem(o.win, r.value_text(o.win)),
                 o.hand_mean, *(NumberItem(x, f"{x:+.2f}") for x in (o.crib, o.pegging, o.net))]
                for o in (r.options[i] for i in order)]  # signed, as the inspector shows
        self._set_table(["Keep", "Toss", "ACC points" if r.objective == "acc" else "Win",
                         "Hand", "Crib ±", "Peg ±", "Net"], rows, order.index(r.chosen))
        dealer, own, opp = r.position
        self._more(f"Position: {'dealer' if dealer else 'pone'}, {own} to {opp}; the rest "
                   f"of the deal from {r.samples:,} real deals.")

    def _render_ExpertPlay(self, r) -> None:  # noqa: N802
        win = r.mode == "win"
        rows = [[card_label(c.card), NumberItem(c.value, f"{c.value:.1%}" if win
                                                else f"{c.value:+.2f}")]
                for c in r.candidates]
        header = {"win": "Win probability", "acc": "Expected ACC points net",
                  "points": "Net points to the end of the play"}[r.mode]
        self._set_table(["Card", header], rows, 0)
        if r.samples:
            model = f" Weighed by a model fitted from this game: {r.model_text()}." \
                if r.model is not None else ""
            read = (f" Each also weighed by how likely that hand was to make "
                    f"{r.read_text()} (0: any card alike)." if r.read else "")
            self._more(f"{r.samples} sampled hands for the opponent (effectively "
                       f"{r.effective_samples:.0f} after weighting by how likely it kept "
                       f"them), each searched to the end of the play.{model}{read}")
