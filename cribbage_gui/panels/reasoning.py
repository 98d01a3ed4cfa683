"""The reasoning inspector: your discard options, the computer's reasoning, and a review.

*Your discard*: all 15 keep/toss options as the expert rates them (``ai.advice``): expected
hand, crib and pegging, the net, the chance of winning and what each gives up against the
best, best first (the option the hint gives); with a histogram of the selected option's
hand over the 46 starters. *Computer*: each decision's reasoning record, drawn for its kind.
While you play, the opponent's reasoning of the current deal stays hidden (it would show its
cards) unless you ask for it; it appears when the deal is over. When two computers play,
everything is shown live. *Review*: each of your decisions rated by the same evaluation as
the hint, with the points and the chance of winning it gave up.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QSplitter,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ai import advice
from ai.base import Reasoning
from ai.match.driver import DecisionMade
from cribbage_gui.app import theme
from cribbage_gui.app.axes import chart_axes
from cribbage_gui.app.jobs import ADVICE_MEMO, run_job
from cribbage_gui.app.narrow import scrolling_down
from cribbage_gui.app.tables import (
    NumberItem,
    cell,
    fill,
    fit_rows,
    header_cell,
    make_table,
    mark_colour,
    mark_text,
)
from cribbage_gui.app.texts import cards_text, possessive
from cribbage_gui.panels.decisions import ComputerTab, mark_chosen_row
from cribbage_gui.services.review import ACC_MARKS, MARKS, lost_text, mark_of
from engine.cards import card_label
from engine.events import Dealt, GameOver

POINTS = np.arange(30)
DISCARD_TIPS = {
    "Keep": "The four cards you keep", "Toss": "The two cards you throw to the crib",
    "Hand": "Expected points of the kept hand over every possible starter (exact: 46 with "
            "six cards dealt, 47 with five)",
    "Crib ±": "Expected crib, as the expert expects the opponent to throw: plus in your "
              "crib, minus in the opponent's",
    "Peg ±": "Expected pegging points gained minus given in the play",
    "Net": "Hand + crib + pegging: the expert's expected points for the deal",
    "Win": "The chance of winning the game keeping these four, from this score",
    "Lost": "Chance of winning given up against the best option",
}
ACC_TIPS = {  # the same columns in a match scored in ACC points
    "ACC": "Expected ACC match points net keeping these four (2 a win, 3 a skunk; what the "
           "opponent scores counts against you), from this score",
    "Lost": "Expected ACC points given up against the best option",
}


def percent(p: float) -> str:
    return f"{p:.1%}"


HEADROOM = 0.45  # above the top tick, so its label is not cut in half by the chart's edge


class LeastHeight(QWidget):
    """A scrolled page as tall as its least height for its width (or the view's, if
    taller): a scroll area asks a page of word-wrapped text for its preferred height,
    which gave the options' table more rows than needed and pushed the chart out of
    sight."""

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt)
        layout = self.layout()
        if layout is None:
            return super().heightForWidth(width)
        return layout.totalMinimumHeightForWidth(width)


class DiscardTab(QWidget):
    """The 15 options of the deal on the table, best first, and the selected one's hand."""

    HEADERS = ["Keep", "Toss", "Hand", "Crib ±", "Peg ±", "Net", "Win", "Lost"]
    MIN_ROWS = 5  # options always in sight (the panel scrolls when it is shorter)
    ready = Signal(object)  # DiscardAdvice, once shown

    def __init__(self) -> None:
        super().__init__()
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        # in a short panel (1366x768 at 200% text) the tab scrolls as one, so the table
        # keeps MIN_ROWS rows in sight and the chart its height, rather than both squeezed
        self.scroll_area = scrolling_down()
        outer.addWidget(self.scroll_area)
        content = LeastHeight()
        self.scroll_area.setWidget(content)
        layout = QVBoxLayout(content)
        layout.setContentsMargins(4, 4, 4, 4)
        self.title = QLabel("Your six cards appear here when you discard.")
        self.title.setWordWrap(True)
        layout.addWidget(self.title)
        split = QSplitter(Qt.Orientation.Vertical)
        split.setChildrenCollapsible(False)
        self.table = make_table(self.HEADERS, DISCARD_TIPS)
        self.table.priority = [1, 0, 6, 7, 5, 2, 3, 4]  # toss, keep, win, lost, net, ...
        self.table.itemSelectionChanged.connect(self._show_selected)
        self._fit_table()
        split.addWidget(self.table)
        chart = QWidget()
        box = QVBoxLayout(chart)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(2)
        self.caption = QLabel("")
        self.caption.setWordWrap(True)
        box.addWidget(self.caption)
        self.histogram = pg.PlotWidget(axisItems=chart_axes("left", "bottom"))
        self.histogram.setMinimumHeight(120)
        self.histogram.setLabel("bottom", "hand points")
        self.histogram.setLabel("left", "starters")
        self.histogram.setMouseEnabled(x=False, y=False)
        self.histogram.hideButtons()
        self.bars = pg.BarGraphItem(x=POINTS, height=np.zeros(30), width=0.8,
                                    brush=theme.current().accent)
        self.histogram.addItem(self.bars)
        theme.style_chart(self.histogram)
        theme.signals.changed.connect(self._restyle)  # a method: gone with the tab
        box.addWidget(self.histogram, 1)
        split.addWidget(chart)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setSizes([300, 200])
        layout.addWidget(split, 1)
        self.advice: advice.DiscardAdvice | None = None
        self.obs = None
        self.chosen: tuple | None = None
        self.objective = "win"  # or "acc" in a match: what "best" is (ReasoningDock.begin)
        self.clear()

    def _restyle(self, t) -> None:
        self.bars.setOpts(brush=t.accent)

    def _fit_table(self) -> None:
        """At least ``MIN_ROWS`` rows in sight, and never taller than the 15 rows: a tall
        panel's room beyond them goes to the chart. Rows as tall as the font needs."""
        fit_rows(self.table)
        self.table.setMinimumHeight(self.table_height(self.MIN_ROWS))
        self.table.setMaximumHeight(self.table_height(15))

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt)
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:  # the text size setting
            self._fit_table()
            self._fit_caption()

    def table_height(self, rows: int) -> int:
        """The table's height with ``rows`` rows in sight, its header and frame."""
        header = self.table.horizontalHeader().sizeHint().height()
        row = self.table.verticalHeader().defaultSectionSize()
        return header + rows * row + 2 * self.table.frameWidth() + 2

    # ------------------------------------------------------------------ what is shown
    def clear(self, text: str = "Your six cards appear here when you discard.") -> None:
        """Nothing to show: an empty table and an empty chart with sensible axes."""
        self.advice, self.obs, self.chosen = None, None, None
        self.title.setText(text)
        self.table.setRowCount(0)
        self._draw(None)

    def show_for(self, obs) -> None:
        """Ask the expert about the person's six cards (off the GUI thread); the table
        fills when the answer arrives, unless the deal has moved on."""
        crib = "your crib" if obs.is_dealer else "the opponent's crib"
        self.clear(f"{cards_text(obs.dealt)}, {crib}: working out the options…")
        self.obs = obs
        objective = self.objective
        run_job(self, obs, lambda: advice.discard_advice(obs, objective, ADVICE_MEMO),
                self._arrived)

    def _arrived(self, obs, result) -> None:
        if obs is not self.obs:
            return  # an earlier deal's answer
        if isinstance(result, Exception):
            self.title.setText(f"The options could not be worked out: {result}")
            return
        self.show_advice(result)

    def show_advice(self, a: advice.DiscardAdvice) -> None:
        self.advice = a
        crib = "your crib" if a.my_crib else "the opponent's crib"
        plain = a.plain_best
        note = "" if set(plain.toss) == set(a.best.toss) else (
            f" By expected hand ± crib alone, {cards_text(plain.toss)} would be first "
            f"({plain.plain_net:+.2f} against {a.best.plain_net:+.2f}).")
        acc = a.objective == "acc"
        measure = ("expected ACC match points" if acc else "expected points"
                   if a.objective == "points" else "the chance of winning")
        self.title.setText(
            f"<b>{cards_text(a.dealt)}</b>, {crib}, at {a.scores[0]}–{a.scores[1]}: best "
            f"first, by {measure} (the hint's choice).{note}")
        self._set_measure(a.objective)
        rows, tips = [], []
        for index, o in enumerate(a.options):
            rows.append([self._keep_item(cards_text(o.keep), index), cards_text(o.toss),
                         o.hand_mean,
                         NumberItem(o.crib, f"{o.crib:+.2f}"),
                         NumberItem(o.pegging, f"{o.pegging:+.2f}"),
                         NumberItem(o.net, f"{o.net:+.2f}"),
                         # equal chances sort as the advisor ranks them: by points, then
                         # in its order
                         NumberItem(advice.sort_value(o.win),
                                    advice.value_text(o.win, a.objective),
                                    (round(advice.sort_value(o.win), 9), o.net, -index)),
                         NumberItem(advice.sort_value(o.win_lost),
                                    advice.lost_text(o.win_lost, a.objective))])
            tips.append(f"Keep {cards_text(o.keep)}: hand min {o.hand_min}, mean "
                        f"{o.hand_mean:.2f}, median {o.hand_median:g}, max {o.hand_max} over "
                        f"{sum(o.hand_histogram)} starters; crib {o.crib:+.2f}"
                        + ("" if o.crib_exact is None or o.plain_net is None else
                           f" (with the opponent's cards random, exactly "
                           f"{o.crib_exact:+.2f}); hand ± crib {o.plain_net:+.2f}"))
        fill(self.table, rows, tips=tips)
        self.table.setSortingEnabled(True)
        # best first: by the chance of winning (a stable sort keeps the advisor's order of
        # equal chances, which is by expected points)
        self.table.horizontalHeader().setSortIndicator(6, Qt.SortOrder.DescendingOrder)
        self._mark_chosen()
        self.table.selectRow(0)
        self._show_selected()
        self.ready.emit(a)

    def _set_measure(self, objective: str) -> None:
        """The last two columns' headers and tips: the chance of winning, or in a match
        expected ACC points."""
        acc = objective == "acc"
        for column, (label, tip) in ((6, ("ACC", ACC_TIPS["ACC"]) if acc else
                                      ("Win", DISCARD_TIPS["Win"])),
                                     (7, ("Lost", ACC_TIPS["Lost"] if acc else
                                          DISCARD_TIPS["Lost"]))):
            item = header_cell(self.table, column)
            item.setText(label)
            item.setToolTip(tip)

    @staticmethod
    def _keep_item(text: str, index: int) -> QTableWidgetItem:
        item = QTableWidgetItem(text)
        item.setData(Qt.ItemDataRole.UserRole, index)
        return item

    def mark_thrown(self, toss) -> None:
        """Mark the option the person chose (after the throw)."""
        self.chosen = tuple(toss)
        self._mark_chosen()

    def _mark_chosen(self) -> None:
        if self.advice is None or self.chosen is None:
            return
        t = theme.current()
        for r in range(self.table.rowCount()):
            option = self.option_at(r)
            if option is not None and set(option.toss) == set(self.chosen):
                for c in range(self.table.columnCount()):
                    item = cell(self.table, r, c)
                    item.setBackground(pg.mkColor(t.chosen_row))
                    item.setForeground(pg.mkColor(t.chosen_row_text))
                mark_chosen_row(self.table, r, "Your throw. ")  # bold, and a ◀

    def option_at(self, row: int):
        item = self.table.item(row, 0)
        if item is None or self.advice is None:
            return None
        index = item.data(Qt.ItemDataRole.UserRole)
        return None if index is None else self.advice.options[index]

    def selected_option(self):
        rows = self.table.selectionModel().selectedRows()
        return self.option_at(rows[0].row()) if rows else None

    def _show_selected(self) -> None:
        self._draw(self.selected_option())

    def _draw(self, option) -> None:
        plot = self.histogram.getPlotItem()
        if option is None:
            self.bars.setOpts(height=np.zeros(30))
            self.caption.setText("The kept hand's score over every possible starter.")
            plot.setYRange(0, 10 + HEADROOM, padding=0)
        else:
            heights = np.array(option.hand_histogram)
            self.bars.setOpts(height=heights)
            self.caption.setText(
                f"Keeping <b>{cards_text(option.keep)}</b>, over the "
                f"{sum(option.hand_histogram)} starters: min "
                f"{option.hand_min}, mean {option.hand_mean:.2f}, median "
                f"{option.hand_median:g}, max {option.hand_max}.")
            plot.setYRange(0, max(4, int(heights.max()) + 1) + HEADROOM, padding=0)
        plot.setXRange(-0.6, max(12, (option.hand_max if option else 0) + 2) + 0.4, padding=0)
        theme.style_chart(self.histogram)
        self._fit_caption()

    def _fit_caption(self) -> None:
        """Give the caption the height its wrapped lines need, so the splitter takes it
        from the table above rather than pushing the chart's axis titles out of the panel
        (a word-wrapped label's height is not counted otherwise)."""
        width = max(1, self.caption.width())
        self.caption.setMinimumHeight(self.caption.heightForWidth(width))

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt)
        super().resizeEvent(event)
        self._fit_caption()

    @property
    def shown_heights(self) -> np.ndarray:
        return np.asarray(self.bars.opts["height"])


ACC_LOST_TIP = ("Expected ACC match points given up (2 a win, 3 a skunk): in a match the "
                "expert plays for those. Cards are judged by points until a player has 86 "
                "and by ACC points from there")


class ReviewTab(QWidget):
    """Each of the person's decisions rated by the hint's evaluation, as the game goes."""

    HEADERS = ["Deal", "You", "Best", "Points lost", "Win lost", "Mark", "Hand ± crib"]
    TIPS = {"You": "What you did",
            "Best": "What the expert (and the hint) would do (✓: what you did)",
            "Mark": "As in the game's review: " + "; ".join(
                f"{mark_text(name)} from {win:.0%} of the game lost ({acc:g} ACC points in "
                f"a match)" for (name, win), (_, acc) in zip(reversed(MARKS),
                                                           reversed(ACC_MARKS), strict=True)),
            "Points lost": "Expected points given up: for a discard, hand + crib + pegging; "
                           "for a card, net pegging points to the end of the play",
            "Win lost": "Chance of winning given up. Cards are judged by points until a "
                        "player has 86 and by the chance of winning from there; both "
                        "figures are shown either way",
            "Hand ± crib": "What the plain ranking (expected hand ± crib, the opponent's "
                           "cards random) would throw, where it differs"}

    def __init__(self) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        self.title = QLabel("Your decisions are rated here as you play, by the same "
                            "evaluation the hint uses.")
        self.title.setWordWrap(True)
        layout.addWidget(self.title)
        self.table = make_table(self.HEADERS, self.TIPS)
        self.table.priority = [1, 2, 4, 5, 3, 0, 6]
        layout.addWidget(self.table, 1)
        self.ratings: list = []

    def show_ratings(self, ratings: list) -> None:
        self.ratings = list(ratings)
        rows = []
        acc = any(r.objective == "acc" for r in ratings)
        header = header_cell(self.table, 4)
        header.setText("ACC lost" if acc else "Win lost")
        header.setToolTip(ACC_LOST_TIP if acc else self.TIPS["Win lost"])
        marks = [None if r.win_lost is None else mark_of(r.win_lost, r.objective)
                 for r in ratings]
        for r, mark in zip(ratings, marks, strict=True):
            you = ("threw " if r.kind == "discard" else "played ") + cards_text(r.chosen)
            best = "✓" if r.is_best else cards_text(r.best)
            plain = "" if r.plain_agrees else f"would throw {cards_text(r.plain_best)}"
            # as good as the best (to the table's precision): nothing lost, never a minus
            points = None if r.points_lost is None else \
                max(0.0, r.points_lost) if r.is_best else r.points_lost
            rows.append([r.deal, you, best,
                         NumberItem(-1e9, "—") if points is None else
                         NumberItem(points, f"{points:.2f}"),
                         NumberItem(-1e9, "—") if r.win_lost is None else
                         NumberItem(r.win_lost, lost_text(r.win_lost, r.objective)),
                         mark_text(mark), plain])
        fill(self.table, rows)
        muted = QColor(theme.current().muted)
        for row, (r, mark) in enumerate(zip(ratings, marks, strict=True)):
            for column in range(self.table.columnCount()):
                if mark and column == 5:
                    cell(self.table, row, column).setForeground(mark_colour(mark))
                elif r.is_best:  # nothing to see: the eye goes to the rows that lost
                    cell(self.table, row, column).setForeground(muted)
        self.title.setText(self.headline())

    def headline(self) -> str:
        return review_headline(self.ratings)


def review_headline(ratings: list) -> str:
    """"9 decisions rated by the expert: the best 7 times; a decision gave up 0.14 expected
    points and 0.2% chance of winning on average." (a mean: a sum of chances of winning
    over a game means nothing to a player, and passes 100%)."""
    if not ratings:
        return "No decisions rated yet."
    best = sum(r.is_best for r in ratings)
    points = [r.points_lost for r in ratings if r.points_lost is not None]
    wins = [r.win_lost for r in ratings if r.win_lost is not None]
    point = sum(points) / max(1, len(points))
    win = sum(wins) / max(1, len(wins))
    n = len(ratings)
    given = (f"{win:.2f} expected ACC points" if any(r.objective == "acc" for r in ratings)
             else f"{win:.1%} chance of winning")
    return (f"{n} decision{'s' if n != 1 else ''} rated by the expert: the best {best} "
            f"time{'s' if best != 1 else ''}; a decision gave up {point:.2f} expected "
            f"points and {given} on average.")


class ReasoningDock(QDockWidget):
    """The inspector; the main window feeds it the events the table shows."""

    def __init__(self, parent=None) -> None:
        super().__init__("Reasoning", parent)
        self.setObjectName("reasoning")
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.discard = DiscardTab()
        self.computer = ComputerTab()
        self.review_tab = ReviewTab()
        self.tabs.addTab(self.discard, "Your discard")
        self.tabs.addTab(self.computer, "Computer")
        self.tabs.addTab(self.review_tab, "Review")
        self.setWidget(self.tabs)
        self.setMinimumWidth(260)
        self.names = ("", "")
        self.my_seat: int | None = 0  # None: watching, everything live
        self.held: list[tuple[str, Reasoning]] = []
        self._deal = 0
        self.computer.reveal.toggled.connect(self._release_held)

    def begin(self, names, my_seat: int | None, objective: str = "win") -> None:
        """A new game: ``objective`` is what the inspector and the review judge by (the
        game, or in a match ACC points)."""
        self.names, self.my_seat = names, my_seat
        self.discard.objective = objective
        self.held.clear()
        self.computer.clear()
        self.discard.clear()
        self.review_tab.show_ratings([])
        self.computer.reveal.setVisible(my_seat is not None)

    def replay(self, events) -> None:
        """Rebuild the computer's list from events shown again (after an undo)."""
        self.held.clear()
        self.computer.clear()
        for event in events:
            self.on_event(event)

    def on_event(self, event) -> None:
        if isinstance(event, Dealt):
            self._release_held()
            self._deal = event.deal
            self.discard.clear("The options for this deal appear when you discard.")
        elif isinstance(event, DecisionMade):
            self._decision(event)
        elif isinstance(event, GameOver):
            self._release_held()

    def _decision(self, e: DecisionMade) -> None:
        action = e.decision.action
        if self.my_seat is not None and e.seat == self.my_seat:
            if hasattr(action, "cards"):
                self.discard.mark_thrown(action.cards)
            return
        what = "discard" if hasattr(action, "cards") else (
            f"play {card_label(action.card)}" if hasattr(action, "card") else "go")
        title = f"Deal {self._deal}: {possessive(self.names[e.seat])} {what}"
        if self.my_seat is None or self.computer.reveal.isChecked():
            self.computer.add(title, e.decision.reasoning)
        else:
            self.held.append((title, e.decision.reasoning))

    def _release_held(self, *_args) -> None:
        for title, reasoning in self.held:
            self.computer.add(title, reasoning)
        self.held.clear()
