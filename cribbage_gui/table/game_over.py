"""The end of a game: the result, points by source for both players, the score over the
deals, the review's headline, *Play again* / *New opponent*, *Practise these now*
(each person's marked decisions of the game, practised at once: offered once they are
rated, off the GUI thread), and *Analyse the last deal* (on the analysis board)."""

from __future__ import annotations

import html
from dataclasses import dataclass

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableWidget,
    QVBoxLayout,
)

from cribbage_gui.app import theme
from cribbage_gui.app.axes import chart_axes
from cribbage_gui.app.narrow import ScrollingWords, WrapRow
from cribbage_gui.app.tables import fill, make_table
from cribbage_gui.app.texts import YOU, result_sentence
from cribbage_gui.table.controls import FitLabel
from engine.events import SOURCES
from engine.rules import RULES, Rules

SYMBOLS = tuple(zip(theme.SEAT_SYMBOLS, ("●", "◆", "■"), strict=True))  # each seat's marker, as
# the pegs are (round, diamond): pyqtgraph's name, and as text
SOURCE_NAMES = {"pegging": "Pegging", "hand": "Hands", "crib": "Cribs",
                "his_heels": "His heels", "muggins": "Muggins"}


@dataclass(frozen=True)
class GameSummary:
    names: tuple[str, ...]  # by side: a player, or a partnership
    winner: int
    scores: tuple[int, ...]
    skunk: int
    points: list[dict[str, int]]  # by side, by source
    progress: list[tuple[int, ...]]  # (deal, score 0, score 1, ...) after each deal
    review: str  # the review's headline ("" when not rated)
    match: str  # the match score ("" for a single game)
    forfeit: str | None = None
    # the points that took the winner out, as the play-by-play said them (the cards of a
    # winning show are under this box): "" when unknown
    finish: str = ""
    rules: Rules = RULES  # the variant: its target and skunk lines


class GameOverDialog(QDialog):
    """The summary of a finished game; ``choice`` says which button closed it."""

    again = Signal()
    new_opponent = Signal()
    review = Signal()
    practise = Signal(int)  # which of ``people`` chose to practise their marked decisions
    analyse = Signal()  # the last deal on the analysis board

    def __init__(self, summary: GameSummary, next_label: str = "Play again",
                 parent=None, people: tuple[str, ...] = (), analysable: bool = False,
                 reviewable: bool = True) -> None:
        super().__init__(parent)
        self.summary = summary
        self.setWindowTitle("Game over")
        self.setMinimumWidth(360)
        layout = QVBoxLayout(self)
        s = summary
        headline = result_sentence(s.names, s.winner, s.scores, s.skunk)
        won = s.names[s.winner] == YOU
        t = theme.current()
        colour = t.good if won else (t.bad if YOU in s.names else t.text)
        self.headline = QLabel(f"<h2 style='color:{colour}'>{headline}!</h2>")
        self.headline.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.headline)
        lines = []
        if s.forfeit:
            lines.append(s.forfeit)
        elif s.finish:
            lines.append(f"<b>The last points:</b> {html.escape(s.finish)}")
        if s.skunk:
            line = s.rules.double_skunk_line if s.skunk == 2 else s.rules.skunk_line
            losers = [name for side, name in enumerate(s.names)
                      if side != s.winner and s.scores[side] < line]
            kind = "a double skunk" if s.skunk == 2 else "a skunk"
            lines.append(f"{' and '.join(losers)} finished below {line}: {kind} "
                         f"(worth 3 match points under ACC rules).")
        if s.match:
            lines.append(s.match)
        if s.review:
            lines.append(f"<b>Review:</b> {s.review}")
        self.details = QLabel("<br>".join(lines))
        self.details.setWordWrap(True)
        # three lines at least, scrolling where the box is short (at 1024x700 and 200% text
        # the words needed 168 px of a box that fits under the board, and were cut)
        self.details_words = ScrollingWords(self.details, least_lines=3)
        self.details_words.setAccessibleName("The game's summary")
        layout.addWidget(self.details_words)
        body = QHBoxLayout()
        self.points = self._points_table()
        body.addWidget(self.points, 0, Qt.AlignmentFlag.AlignTop)
        self.chart = self._chart()
        body.addWidget(self.chart, 1)
        layout.addLayout(body, 1)
        self.practise_buttons = self._practise_row(layout, people, analysable)
        # a row that wraps, not a QDialogButtonBox: at 200% text its one row was about 650
        # px wide, and the box could not be narrowed beside the winning show on a laptop
        self.button_row = WrapRow()
        self.button_row.addWidget(QLabel(""))  # the spare room, left of the buttons
        self.again_button = QPushButton(next_label)
        self.again_button.setDefault(True)  # Enter plays again (Escape closes: QDialog)
        self.new_button = QPushButton("New opponent…")
        self.review_button = QPushButton("Review game")
        self.review_button.setToolTip("Step through the game with every decision rated "
                                      "(Ctrl+R)")
        self.close_button = QPushButton("Close")
        for button, slot in ((self.again_button, self._again), (self.new_button, self._new),
                             (self.review_button, self._review),
                             (self.close_button, self.reject)):
            button.clicked.connect(slot)
            self.button_row.addWidget(button)
        self.review_button.setVisible(reviewable)  # (not a variant's game, yet)
        layout.addLayout(self.button_row)
        # larger text: a larger box, as far as its window allows (the chart takes the rest)
        least = self.minimumSizeHint()
        w, h = max(640, least.width()), max(420, least.height())
        if parent is not None:
            w, h = min(w, parent.width() - 16), min(h, parent.height() - 16)
        w = max(w, least.width())
        self.resize(w, max(h, self.least_height(w)))

    def least_height(self, width: int) -> int:
        """The least height of the box at ``width``: its rows of buttons wrapped as they
        must at that width (a top-level window's least height is its layout's for one row
        of each)."""
        layout = self.layout()
        assert layout is not None
        m = layout.contentsMargins()
        inner = width - m.left() - m.right()
        extra = sum(max(0, row.heightForWidth(inner) - row.minimumSize().height())
                    for row in (self.practise_row, self.button_row) if row.count())
        return self.minimumSizeHint().height() + extra

    def _practise_row(self, layout: QVBoxLayout, people: tuple[str, ...],
                      analysable: bool) -> list[QPushButton]:
        """A "Practise these now" button for each of ``people`` (the names as the table
        shows them: "You", or two people's), on a row of their own (the row of buttons
        below stays as wide as it was), waiting for the ratings: :meth:`offer_practice`;
        first on it, *Analyse the last deal* when ``analysable`` (a game against the
        computer: the deal that ended it, on the analysis board)."""
        # the note first (it takes the spare room), then the buttons: a row that wraps
        row = self.practise_row = WrapRow()
        self.practise_note = FitLabel()
        row.addWidget(self.practise_note)
        self.analyse_button = QPushButton("Analyse the &last deal")
        self.analyse_button.setAutoDefault(False)  # the default stays the next game
        self.analyse_button.setToolTip("The deal that ended the game on the analysis board: "
                                       "your discard and each card you played, every option "
                                       "and the chance of winning")
        self.analyse_button.setAccessibleName("Analyse the last deal on the analysis board")
        self.analyse_button.clicked.connect(self._analyse)
        self.analyse_button.setVisible(analysable)
        if analysable:
            row.addWidget(self.analyse_button)
        found = []
        for index, name in enumerate(people):
            whose = "your" if name == YOU else f"{name}'s"
            button = QPushButton(f"&Practise {whose} mistakes now" if len(people) > 1 else
                                 "&Practise these now")
            button.setEnabled(False)
            button.setAutoDefault(False)
            button.setToolTip(f"Rating {whose} decisions in this game: once they are "
                              f"rated, practise the ones marked ?!, ? or ?? at once")
            button.setAccessibleName(button.text().replace("&", ""))
            button.setAccessibleDescription(button.toolTip())
            button.clicked.connect(lambda _c=False, i=index: self._practise(i))
            row.addWidget(button)
            found.append(button)
        rating = "" if not people else "Rating your decisions…" if people == (YOU,) \
            else "Rating the decisions…"
        self.practise_note.set_texts(rating, "Rating…" if rating else "")
        self.practise_note.setStyleSheet(f"color: {theme.current().muted}")
        if people or analysable:
            layout.addLayout(row)
        self.people = people
        self.offered: list[int] | None = None  # the counts offered, once rated
        return found

    def offer_practice(self, counts: list[int]) -> None:
        """The ratings are in: ``counts[i]`` of the decisions of ``people[i]`` are marked.
        A person with some: their button, with the count; with none: no button."""
        self.offered = list(counts)
        for name, button, count in zip(self.people, self.practise_buttons, counts,
                                       strict=True):
            whose = "your" if name == YOU else f"{name}'s"
            noun = "mistake" if count == 1 else "mistakes"
            text = f"Practise {whose} {count} {noun} now"
            button.setText(f"&{text}")
            button.setToolTip(f"{text}: the decisions of this game marked ?!, ? or ?? (see "
                              f"Review game), one after another in the game's order, before "
                              f"spaced repetition brings them back")
            button.setAccessibleName(text)
            button.setAccessibleDescription(button.toolTip())
            button.setEnabled(count > 0)
            button.setVisible(count > 0)
        marked = sum(counts)
        self.practise_note.set_texts(
            "" if marked else "No decision of this game was marked ?!, ? or ??: "
                              "nothing to practise.",
            "" if marked else "None marked: nothing to practise.")
        # the row that appeared takes its room: a box at its least would otherwise draw
        # it over the points table
        width = max(self.width(), self.minimumSizeHint().width())
        if self.least_height(width) > self.height() or width > self.width():
            self.resize(width, max(self.height(), self.least_height(width)))

    def _practise(self, index: int) -> None:
        self.accept()
        self.practise.emit(index)

    def _points_table(self) -> QTableWidget:
        s = self.summary
        sides = range(len(s.names))
        sources = [src for src in SOURCES if any(s.points[side][src] for side in sides)
                   or src in ("pegging", "hand", "crib")]
        table = make_table(["", *s.names])
        rows = [[SOURCE_NAMES[src], *(s.points[side][src] for side in sides)]
                for src in sources]
        rows.append(["Total", *s.scores])
        fill(table, rows, highlight=len(rows) - 1)
        table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        table.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # a figure to read: no focus frame
        table.horizontalHeader().setStretchLastSection(False)
        table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        table.resizeColumnsToContents()
        for c in range(1, len(s.names) + 1):
            table.setColumnWidth(c, max(table.columnWidth(c), 64))
        width = sum(table.columnWidth(c) for c in range(len(s.names) + 1)) + 4
        table.setFixedWidth(width)
        height = table.horizontalHeader().height() + sum(
            table.rowHeight(r) for r in range(table.rowCount())) + 6
        table.setMaximumHeight(height)
        table.setMinimumHeight(height)
        return table

    def _chart(self) -> pg.PlotWidget:
        s = self.summary
        t = theme.current()
        chart = pg.PlotWidget(axisItems=chart_axes("bottom"))
        # the legend is the title's second line, above the plot, so it never hides a line
        # (inside the plot it sat over the loser's line or a skunk line's label); each
        # player's marker has its own shape too, not only its colour
        chart.setTitle(f"Score after each deal<br>{self.legend_html()}")
        plot = chart.getPlotItem()
        self.legend = plot.titleLabel
        plot.layout.removeItem(self.legend)  # across the axis too: room for longer names
        plot.layout.addItem(self.legend, 0, 0, 1, 3)
        chart.setLabel("bottom", "deal")
        chart.setMouseEnabled(x=False, y=False)
        chart.hideButtons()
        deals = np.array([p[0] for p in s.progress], dtype=float)
        self.lines: list[tuple[np.ndarray, np.ndarray]] = []
        for seat in range(len(s.names)):
            scores = np.array([p[1 + seat] for p in s.progress], dtype=float)
            self.lines.append((deals, scores))
            chart.plot(deals, scores, name=s.names[seat],
                       pen=pg.mkPen(t.peg(seat), width=2.5), symbol=SYMBOLS[seat][0],
                       symbolSize=7, symbolBrush=t.peg(seat), symbolPen=None)
        self.skunk_lines: list[pg.InfiniteLine] = []
        for line, label in ((s.rules.skunk_line - 0.5, "skunk"),
                            (s.rules.double_skunk_line - 0.5, "double skunk")):
            if line < 0:
                continue  # no double skunk (five-card)
            self.skunk_lines.append(pg.InfiniteLine(pos=line, angle=0, pen=pg.mkPen(
                t.neutral, style=Qt.PenStyle.DashLine), label=label,
                labelOpts={"position": 0.02, "color": t.muted, "anchors": [(0, 1), (0, 1)]}))
            chart.addItem(self.skunk_lines[-1])
        chart.setYRange(0, s.rules.target, padding=0.02)
        chart.setXRange(0, max(1.0, deals.max()), padding=0.04)
        # (the points table's height at 200% text; narrow enough that the box fits beside
        # the winning show on a 1024-pixel screen at 200% text)
        chart.setMinimumSize(150, 150)
        self.legend.setText(f"Score after each deal<br>{self.legend_html(True)}")
        chart.setMinimumWidth(max(150, round(self.legend.item.boundingRect().width()) + 8))
        # a figure to read, not a control: Tab goes from the buttons to the buttons (its
        # figures are in the points table and the play-by-play)
        chart.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        chart.setAccessibleName("Score after each deal")
        theme.style_chart(chart)
        return chart

    def showEvent(self, event) -> None:  # noqa: N802 (Qt)
        super().showEvent(event)
        self.again_button.setFocus()  # the keyboard starts on the next game
        self.label_skunk_lines()

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt)
        """The legend one name under the other where the chart is too narrow for both on
        one line (the box narrowed beside the winning show)."""
        super().resizeEvent(event)
        self.legend.setText(f"Score after each deal<br>{self.legend_html()}")
        if self.legend.item.boundingRect().width() > self.chart.width() - 4:
            self.legend.setText(f"Score after each deal<br>{self.legend_html(True)}")
        self.label_skunk_lines()

    def label_skunk_lines(self) -> None:
        """The skunk lines' names where the plot has room for them: in a small chart (the
        box narrowed beside the winning show, a large text) they would print over each
        other and the lines; the summary above says any skunk in words."""
        plot = self.chart.getPlotItem().vb.sceneBoundingRect()
        wide = max(line.label.boundingRect().width() for line in self.skunk_lines)
        tall = max(line.label.boundingRect().height() for line in self.skunk_lines)
        room = plot.width() >= 1.6 * wide and plot.height() >= 5 * tall  # (both, or neither)
        for line in self.skunk_lines:
            line.label.setVisible(room)

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt)
        """A frame in every theme: over the table (black on black in high contrast) the
        box's edge would otherwise be lost and the cards under it look sliced."""
        super().paintEvent(event)
        t = theme.current()
        painter = QPainter(self)
        width = 3 if t.high_contrast else 2
        painter.setPen(QPen(QColor(t.text if t.high_contrast else t.muted), width))
        painter.drawRect(QRectF(self.rect()).adjusted(width / 2, width / 2, -width / 2,
                                                      -width / 2))
        painter.end()

    def legend_html(self, stacked: bool = False) -> str:
        """"━●━ You   ━■━ Expert", each sample in its player's colour (``stacked``: one
        name under the other)."""
        t = theme.current()
        return ("<br>" if stacked else "&nbsp;&nbsp;&nbsp;").join(
            f"<span style='color:{t.peg(seat)}'>━{SYMBOLS[seat][1]}━</span>&nbsp;"
            f"{html.escape(self.summary.names[seat])}" for seat in range(len(self.summary.names)))

    def plotted_points(self, step: float = 0.1) -> list[QPointF]:
        """Where the lines run on the screen (scene coordinates): every point, and the
        segments between them sampled every ``step`` of a deal."""
        vb = self.chart.getPlotItem().vb
        points = []
        for deals, scores in self.lines:
            for i in range(len(deals)):
                points.append(QPointF(deals[i], scores[i]))
                if i + 1 < len(deals):
                    n = max(1, int((deals[i + 1] - deals[i]) / step))
                    points += [QPointF(deals[i] + (deals[i + 1] - deals[i]) * k / n,
                                       scores[i] + (scores[i + 1] - scores[i]) * k / n)
                               for k in range(1, n)]
        return [vb.mapViewToScene(point) for point in points]

    def _again(self) -> None:
        self.accept()
        self.again.emit()

    def _analyse(self) -> None:
        self.accept()
        self.analyse.emit()

    def _review(self) -> None:
        self.accept()
        self.review.emit()

    def _new(self) -> None:
        self.accept()
        self.new_opponent.emit()
