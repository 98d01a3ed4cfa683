"""The review of a game: step through it event by event with the table and the board as they
were, every decision of both players rated by the expert (``cribbage_gui.services.review``), and a
chart of the
chance of winning over the game with the marked decisions on it (a game of a match scored in
ACC points is judged, and charted, by expected ACC points, as the computer plays there).

The rating runs in a worker thread (a decision takes tens of milliseconds), with progress;
the table can be stepped through meanwhile. Once it is done, *Practise these now* practises
the person's marked decisions of the game at once (the practice window's, given as
``on_practise``). Positions are the game's events: position ``p``
shows the table after the first ``p + 1`` events. A decision is shown just before it was
made (the six cards before the throw, the count before the card), its cards glowing, with
the options the expert weighed.
"""

from __future__ import annotations

import threading
import traceback
from collections.abc import Callable

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt, QThread, Signal
from PySide6.QtGui import QAction, QColor, QFontMetricsF, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from ai.advice import value_text
from cribbage_gui.app import theme
from cribbage_gui.app.axes import chart_axes
from cribbage_gui.app.jobs import ADVICE_MEMO, run_job
from cribbage_gui.app.narrow import CompactButton, ScrollingWords
from cribbage_gui.app.tables import (
    MARK_COLOURS,
    MARK_SIGNS,
    FitTable,
    NumberItem,
    cell,
    fill,
    fit_height,
    header_cell,
    make_table,
    mark_colour,
    mark_text,
)
from cribbage_gui.app.texts import YOU, cards_text, player_title, result_sentence, side_names
from cribbage_gui.services.board import Setup, observation_at, setup_of
from cribbage_gui.services.gamefile import GameFile
from cribbage_gui.services.practice.games import people_seats, positions_from_review
from cribbage_gui.services.review import (
    Cancelled,
    GameReview,
    ReviewedDecision,
    final_value,
    lost_text,
    marks_for,
    objective_of,
    rated_seats,
    review_game,
    seat_value,
)
from cribbage_gui.table.board import PEG_DOT, PLATE_NAME_PX, BoardWidget
from cribbage_gui.table.controls import FitLabel
from cribbage_gui.table.model import TableModel
from cribbage_gui.table.table_view import TableView
from cribbage_gui.windows.analysis_board import analyse_button
from cribbage_gui.windows.review_sides import (
    marks_title,
    score_axis,
    seat_titles,
    side_lines,
    side_scores,
    sides_line,
    symbol_of,
    variant_title,
)
from engine import GameState
from engine.events import Dealt, GameOver
from engine.record import Replay
from engine.rules import RULES, SKUNK_POINTS

BOTH = "both"  # the view that shows both hands (every hand, at a table of three or four)


def display_names(players: tuple[str, str]) -> tuple[str, str]:
    """The players as the window names them ("You", "Expert"); two of the same are told
    apart by seat."""
    titles = [YOU if p == "you" else player_title(p) for p in players]
    if titles[0] == titles[1]:
        titles = [f"{titles[0]} (seat {seat + 1})" for seat in (0, 1)]
    return titles[0], titles[1]


def event_positions(game: GameState) -> list[int]:
    """For each action of ``game``, the index of the first event it made."""
    steps = Replay(GameState, game.to_record())
    first: list[int] = []
    for state, _seat, _action in steps:
        first.append(len(state.events))
    return first



NAME_PX = 13.0  # the review board's names are read whole at this size at least


class ReviewBoard(BoardWidget):
    """The review's small board: its score plates as wide as the longer name needs at
    ``NAME_PX`` (up to a third of the board), so "Expert (deep, match)" is read whole rather
    than cut short; the full names and scores are in its tooltip and accessible name."""

    def _plate_width(self) -> float:
        base = super()._plate_width()
        dot = PLATE_NAME_PX * PEG_DOT  # the plate's peg dot at its largest, then the name
        metrics = QFontMetricsF(theme.font(NAME_PX, bold=True))
        need = max(metrics.horizontalAdvance(name) for name in self.names) + 2 * dot + 22
        return max(base, min(need, self._frame().width() * 0.34))

    def set_names(self, names) -> None:
        super().set_names(names)
        self._describe()

    def reset(self, scores=(0, 0), backs=(0, 0)) -> None:
        super().reset(scores, backs)
        self._describe()

    def _describe(self) -> None:
        text = ", ".join(f"{name} {score}" for name, score in zip(self.names, self.scores,
                                                                    strict=True))
        self.setToolTip(text)
        self.setAccessibleName(f"Board: {text}")

class ReviewWorker(QThread):
    """Rates the game's decisions off the GUI thread; ``cancel()`` stops it early."""

    progress = Signal(int, int)  # actions looked at, all the actions
    reviewed = Signal(object)  # GameReview
    failed = Signal(str)

    def __init__(self, game: GameState, players: tuple[str, ...], parent=None,
                 objective: str = "win") -> None:
        super().__init__(parent)
        self.game, self.players, self.objective = game, players, objective
        self._stop = threading.Event()

    def cancel(self) -> None:
        self._stop.set()

    def run(self) -> None:
        try:
            review = review_game(self.game, self.players,
                                 progress=lambda i, n: self.progress.emit(i, n),
                                 cancelled=self._stop.is_set, objective=self.objective,
                                 memo=ADVICE_MEMO)
        except Cancelled:
            return
        except Exception:  # shown in the window instead of dying silently in a thread
            self.failed.emit(traceback.format_exc())
            return
        self.reviewed.emit(review)


def column() -> tuple[QWidget, QVBoxLayout]:
    """A widget whose children stand one above the other, edge to edge."""
    widget = QWidget()
    layout = QVBoxLayout(widget)
    layout.setContentsMargins(0, 0, 0, 0)
    return widget, layout


class ReviewWindow(QWidget):
    """One game under review. ``on_reviewed(review)`` is called (on the GUI thread) once the
    rating is done, e.g. to keep the person's accuracy in the history."""

    position_changed = Signal(int)
    review_ready = Signal(object)  # GameReview

    def __init__(self, file: GameFile, parent=None, title: str | None = None,
                 on_reviewed: Callable[[GameReview], None] | None = None,
                 start: bool = True,
                 on_practise: Callable[[list, int | None, str], object] | None = None
                 ) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.file = file
        self.game = file.game
        self.rules = self.game.rules
        # a variant's game (five-card, three or four players): judged by expected points
        self.variant = self.rules != RULES
        # "acc": a game of a match; "points": a variant's (cribbage_gui.services.review)
        self.objective = "points" if self.variant else objective_of(file.context)
        self.events = list(self.game.events)
        self.first_event = event_positions(self.game)
        players = file.players
        # by seat; at a table of three or four by compass point from the person's seat
        self.names = seat_titles(players) if len(players) > 2 else \
            display_names((players[0], players[1]))
        self.side_labels = side_names(self.names, self.rules.sides)  # the scores' names
        self.scores_by_event = side_scores(self.events, self.rules) if self.variant else []
        self.on_reviewed = on_reviewed
        # "Practise these now": on_practise(positions, the game's id in the history or
        # None, what they are called), for the person's seats (two people: the one shown);
        # not a variant's decisions (practice takes the two-player six-card game)
        self.on_practise = on_practise
        self.people = () if self.variant else people_seats(list(players))
        self.review: GameReview | None = None
        self.decision_at: dict[int, int] = {}  # event position -> index in decisions
        self.position = -1
        # a game against the computer that is not over: the table as the person saw it,
        # and their decisions only (cribbage_gui.services.review.rated_seats); both hands once it
        # is over
        seats = rated_seats(self.game, players)
        self.view = BOTH if len(seats) == len(players) else seats[0]
        self._model: TableModel | None = None
        sides = self.rules.sides  # from the bottom seat's side round the table
        first = self.rules.side_of(self.bottom_seat) if self.rules.players > 2 else 0
        order = [(first + i) % sides for i in range(sides)]
        self.setWindowTitle(title or
                            f"Review: {' v '.join(self.side_labels[s] for s in order)}")
        self._build()
        self._resize_to_screen()
        self.worker: ReviewWorker | None = None
        self.go_to(len(self.events) - 1)
        if start:
            self.start_review()

    # ------------------------------------------------------------------ building
    def _build(self) -> None:
        """Top to bottom: the heading, the rating's progress, the table beside the
        decisions, the chart, and the buttons that move through the game."""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addLayout(self._build_heading())
        self.progress = rating_progress()
        layout.addWidget(self.progress)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self._build_table_side())
        right = self._build_decisions_side()
        split.addWidget(right)
        right.setMinimumWidth(340)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setChildrenCollapsible(False)
        self.split = split
        layout.addWidget(split, 1)
        self.chart = self._chart()
        layout.addWidget(self.chart)
        layout.addLayout(self._build_navigation())
        self._add_keys()

    def _build_heading(self) -> QHBoxLayout:
        """The game's result, and which hands the table shows."""
        top = QHBoxLayout()
        self.heading = top  # Analyse and Practise join it (the row of moves is full)
        # the headline where it fits, else the result alone (all of it in the tooltip)
        self.title = FitLabel()
        bold = self.title.font()
        bold.setBold(True)
        self.title.setFont(bold)
        headline = self._headline()
        self.title.set_texts(headline, headline.split(": ", 1)[-1])
        self.title.setAccessibleName(headline)
        top.addWidget(self.title, 1)
        top.addWidget(QLabel("Show"))
        self.view_box = view_box(self.names, self.view, self.file.players)
        self.view_box.currentIndexChanged.connect(
            lambda _i: self.set_view(self.view_box.currentData()))
        top.addWidget(self.view_box)
        return top

    def _build_table_side(self) -> QWidget:
        """The board and the table as they were, and what just happened."""
        left, left_layout = column()
        self.board = ReviewBoard()
        self.board.pace = 0.0
        if self.variant:  # a track a side, the variant's target and skunk lines
            self.board.set_rules(self.rules)
        left_layout.addWidget(self.board)
        self.table = TableView()
        self.table.animation_ms = 0
        self.table.setMinimumSize(380, 240)
        left_layout.addWidget(self.table, 1)
        self.event_label = QLabel("")
        self.event_label.setWordWrap(True)
        left_layout.addWidget(self.event_label)
        return left

    def _build_decisions_side(self) -> QWidget:
        """The players' summary, the list of decisions and the options of the one shown."""
        right, right_layout = column()
        self.summary_table = summary_table(self.objective)
        right_layout.addWidget(self.summary_table)
        self.scale_label = scale_label(self.objective)
        right_layout.addWidget(self.scale_label)
        filters = QHBoxLayout()
        filters.addWidget(QLabel("Decisions"))
        self.filter_box = filter_box()
        self.filter_box.currentIndexChanged.connect(lambda _i: self._apply_filter())
        filters.addWidget(self.filter_box)
        filters.addStretch(1)
        right_layout.addLayout(filters)
        self.decisions_table = decisions_table(self.objective)
        self.decisions_table.currentCellChanged.connect(self._decision_row_changed)
        right_layout.addWidget(self.decisions_table, 3)
        self.decision_label = QLabel("")
        self.decision_label.setWordWrap(True)
        self.decision_label.setTextFormat(Qt.TextFormat.RichText)
        # words that scroll where the window is short (1024x700 at 200% text)
        self.decision_words = ScrollingWords(self.decision_label)
        self.decision_words.setAccessibleName("The decision shown")
        right_layout.addWidget(self.decision_words)
        self.options_table = options_table(self.objective)
        right_layout.addWidget(self.options_table, 2)
        return right

    def _build_navigation(self) -> QHBoxLayout:
        """The buttons that move through the game (``buttons`` by name), and where it is."""
        nav = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for key, text, tip, slot in (
                ("first", "|◀", "The start (Home)", self.first),
                ("previous", "◀", "The previous event (←)", self.previous),
                ("next", "▶", "The next event (→)", self.next),
                ("last", "▶|", "The end (End)", self.last),
                ("previous_decision", "◀ decision", "The previous decision (↑)",
                 self.previous_decision),
                ("next_decision", "decision ▶", "The next decision (↓)", self.next_decision),
                ("previous_mark", "◀ mark", "The previous marked decision (P)",
                 self.previous_mark),
                ("next_mark", "mark ▶", "The next marked decision (N)", self.next_mark)):
            button = CompactButton(text)  # (the row fits 1024 px at 200% text)
            button.setToolTip(tip)
            button.setAutoDefault(False)
            button.clicked.connect(lambda _c=False, s=slot: s())
            nav.addWidget(button)
            self.buttons[key] = button
        self.position_label = FitLabel()  # "Deal 3 · step 52 of 182", or "52/182"
        self.position_label.setAccessibleName("Where in the game")
        nav.addWidget(self.position_label, 1)
        # the analysis board at the decision shown (issue 38)
        self.buttons["analyse"] = analyse_button(
            self, self._analysis_setup,
            lambda: not self.variant and self._decision_shown() is not None,
            self.position_changed, self.review_ready)
        # Analyse and Practise in the heading's spare room: in the row of moves they made
        # the window wider than a 1024-pixel screen
        self.heading.insertWidget(1, self.buttons["analyse"])
        practise = QPushButton("&Practise these now")
        practise.setAutoDefault(False)
        practise.clicked.connect(self.practise_now)
        practise.setVisible(bool(self.people) and self.on_practise is not None)
        self.buttons["practise"] = practise
        self.heading.insertWidget(2, practise)
        self._refresh_practise()
        return nav

    def practice_seats(self) -> tuple[int, ...]:
        """Whose marked decisions *Practise these now* takes: the person's (two people:
        the one whose hand is at the bottom)."""
        if len(self.people) < 2:
            return self.people
        return (self.bottom_seat,)

    def _practice_whose(self) -> str:
        seats = self.practice_seats()
        return "your" if not seats or self.names[seats[0]] == YOU else \
            f"{self.names[seats[0]]}'s"

    def _refresh_practise(self) -> None:
        """The button says how many of the decisions it would practise are marked;
        disabled, saying why, while the rating goes on or when none is."""
        button = self.buttons["practise"]
        whose = self._practice_whose()
        if self.review is None:
            button.setText("&Practise these now")
            tip = (f"Once {whose} decisions are rated, practise the ones marked ?!, ? or "
                   f"?? at once")
            count = 0
        else:
            seats = self.practice_seats()
            count = sum(1 for d in self.review.decisions
                        if d.mark is not None and d.seat in seats)
            noun = "mistake" if count == 1 else "mistakes"
            button.setText(f"&Practise {whose} {count} {noun} now" if count else
                           "&Practise these now")
            tip = (f"Practise {whose} {count} {noun} now: the decisions of this game marked "
                   f"?!, ? or ??, one after another in the game's order, before spaced "
                   f"repetition brings them back" if count else
                   f"None of {whose} decisions in this game is marked ?!, ? or ??: nothing "
                   f"to practise")
        button.setEnabled(count > 0 and not getattr(self, "_gathering", False))
        button.setToolTip(tip)
        button.setAccessibleName(button.text().replace("&", ""))
        button.setAccessibleDescription(tip)

    def practise_now(self) -> None:
        """The marked decisions as practice positions (made off the GUI thread: a replay
        of the game), then handed to ``on_practise``."""
        review, on_practise = self.review, self.on_practise
        if review is None or on_practise is None or getattr(self, "_gathering", False):
            return
        seats, whose = self.practice_seats(), self._practice_whose()
        context = self.file.context
        game_id = context.get("id") if context.get("kind") == "history" else None
        if not isinstance(game_id, int):
            game_id = None
        source = f"history:{game_id}" if game_id is not None else "a game reviewed"
        file = self.file
        self._gathering = True
        self._refresh_practise()

        def done(_tag, result) -> None:
            self._gathering = False
            self._refresh_practise()
            if isinstance(result, list):
                on_practise(result, game_id, f"{whose} mistakes in this game")
            else:
                self.decision_label.setText(f"These decisions cannot be practised: {result}")
        run_job(self, "practise", lambda: positions_from_review(file, review, source, seats),
                done)

    def _decision_shown(self) -> ReviewedDecision | None:
        index = self.decision_at.get(self.position)
        return None if self.review is None or index is None else self.review.decisions[index]

    def _analysis_setup(self) -> Setup | None:
        d = self._decision_shown()
        return None if d is None else setup_of(observation_at(self.game, d.action),
                                               d.objective)

    def _add_keys(self) -> None:
        """The arrows, Home, End, N, P and the page keys move; Escape closes."""
        for keys, slot in ((Qt.Key.Key_Left, self.previous), (Qt.Key.Key_Right, self.next),
                           (Qt.Key.Key_Home, self.first), (Qt.Key.Key_End, self.last),
                           (Qt.Key.Key_Up, self.previous_decision),
                           (Qt.Key.Key_Down, self.next_decision),
                           (Qt.Key.Key_N, self.next_mark), (Qt.Key.Key_P, self.previous_mark),
                           (Qt.Key.Key_PageUp, self.previous_deal),
                           (Qt.Key.Key_PageDown, self.next_deal)):
            action = QAction(self)
            action.setShortcut(QKeySequence(keys))
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            action.triggered.connect(lambda _c=False, s=slot: s())
            self.addAction(action)
        close = QAction(self)
        close.setShortcut(QKeySequence(Qt.Key.Key_Escape))
        close.triggered.connect(self.close)
        self.addAction(close)

    def _chart(self) -> pg.PlotWidget:
        t = theme.current()
        chart = pg.PlotWidget(axisItems=chart_axes())
        chart.setMouseEnabled(x=False, y=False)
        chart.hideButtons()
        chart.setMenuEnabled(False)
        chart.setLabel("bottom", "deal")
        chart.setXRange(0, max(1, len(self.events) - 1), padding=0.01)
        self.side_lines: list[pg.PlotDataItem] = []
        self.score_lines: list[pg.InfiniteLine] = []
        if self.variant:  # the score a side: a line each, the target and the skunk lines
            self.score_lines = score_axis(chart, self.rules)
            self.side_lines = side_lines(chart, self.side_labels, self.scores_by_event)
            middle: float | None = None
        elif self.objective == "acc":  # expected ACC points net, -3 (skunked) .. +3
            chart.setYRange(-SKUNK_POINTS, SKUNK_POINTS, padding=0.04)
            chart.getAxis("left").setTicks([[(v, f"{v:+d}" if v else "0")
                                             for v in (-3, -2, 0, 2, 3)]])
            middle = 0.0
        else:
            chart.setYRange(0, 100, padding=0.04)
            chart.getAxis("left").setTicks([[(0, "0%"), (50, "50%"), (100, "100%")]])
            middle = 50.0
        chart.getAxis("bottom").setTicks([[(p, str(e.deal)) for p, e in
                                           enumerate(self.events) if isinstance(e, Dealt)]])
        if middle is not None:
            chart.addItem(pg.InfiniteLine(pos=middle, angle=0, pen=pg.mkPen(
                t.neutral, style=Qt.PenStyle.DashLine)))
        self.curve = chart.plot([], [], pen=pg.mkPen(t.accent, width=2))
        self.marks_plot = pg.ScatterPlotItem(size=11, pen=pg.mkPen(t.chart_foreground))
        self.mark_signs: list[pg.TextItem] = []  # ?!, ? or ?? over each mark
        chart.addItem(self.marks_plot)
        # the position shown (not "cursor": the name of QWidget's mouse cursor)
        self.position_line = pg.InfiniteLine(pos=0, angle=90,
                                             pen=pg.mkPen(t.accent_2, width=1.5))
        chart.addItem(self.position_line)
        chart.scene().sigMouseClicked.connect(self._chart_clicked)
        if self.variant:
            chart.setTitle(marks_title(self.side_labels, self.rules.side_of(self.bottom_seat),
                                       self.rules.target))
        theme.style_chart(chart)
        return chart

    def showEvent(self, event) -> None:  # noqa: N802 (Qt)
        super().showEvent(event)
        if not getattr(self, "_sized", False):  # the panels' first share: 58% / 42%
            self._sized = True
            width = self.split.width()
            self.split.setSizes([int(width * 0.58), width - int(width * 0.58)])

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt)
        super().resizeEvent(event)
        h = self.height()  # the chart and the board share what the table can spare
        # a short window keeps the room for the decisions (the line is in the tooltips too)
        self.scale_label.setVisible(h >= 800 or self.objective == "acc")
        # (a laptop's 700 px at 200% text: 126, the decisions and their words the rest)
        self.chart.setFixedHeight(max(150, min(260, int(h * 0.24))) if h >= 760
                                  else max(110, int(h * 0.18)))
        self.board.setMaximumHeight(max(130, min(180, int(h * 0.2))))

    def _resize_to_screen(self) -> None:
        screen = self.screen()
        room = screen.availableGeometry() if screen is not None else None
        width, height = (1280, 860) if room is None else (
            min(1280, int(room.width() * 0.96)), min(860, int(room.height() * 0.94)))
        self.resize(width, height)

    def _headline(self) -> str:
        g = self.game
        names = " v ".join(self.names)
        bottom = self.rules.side_of(self.bottom_seat)  # the sides from the bottom seat's
        if self.variant:  # "Three players · You v West (Expert) v East (Random)"
            names = f"{variant_title(self.rules)} · " \
                f"{sides_line(self.file.players, self.names, self.rules, bottom)}"
        if g.winner is None:
            hidden = " · the computer's cards stay hidden until it is over" \
                if self.view != BOTH else ""
            return f"{names}: not finished ({'–'.join(map(str, g.scores))}){hidden}"
        over = next((e for e in reversed(self.events) if isinstance(e, GameOver)), None)
        skunk = over.skunk if over is not None else 0
        scores = tuple(g.scores)
        return f"{names}: {result_sentence(self.side_labels, g.winner, scores, skunk)}"

    # ------------------------------------------------------------------ the review
    def start_review(self) -> None:
        self.progress.setRange(0, max(1, len(self.first_event)))
        self.progress.setValue(0)
        self.progress.setVisible(True)
        # (a variant's is judged by points whatever it is asked: review_game's only measure)
        self.worker = ReviewWorker(self.game, self.file.players, self,
                                   "win" if self.variant else self.objective)
        self.worker.progress.connect(self._progress)
        self.worker.reviewed.connect(self.show_review)
        self.worker.failed.connect(self._failed)
        self.worker.start()

    def _progress(self, done: int, total: int) -> None:
        self.progress.setRange(0, total)
        self.progress.setValue(done)

    def _failed(self, details: str) -> None:
        self.progress.setVisible(False)
        self.decision_label.setText("The review stopped because of an internal error: "
                                    + details.strip().splitlines()[-1])

    @property
    def reviewing(self) -> bool:
        return self.worker is not None and self.worker.isRunning()

    def cancel(self, wait_ms: int = 10_000) -> None:
        if self.worker is not None:
            self.worker.cancel()
            self.worker.wait(wait_ms)

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt)
        self.cancel()
        super().closeEvent(event)

    def show_review(self, review: GameReview) -> None:
        """Fill the tables and the chart from a finished review."""
        self.review = review
        self.progress.setVisible(False)
        self.decision_at = {self.position_of(d): i for i, d in enumerate(review.decisions)}
        self._fill_summary()
        self._fill_decisions()
        self._draw_chart()
        self.go_to(self.position, force=True)
        self.review_ready.emit(review)
        self._refresh_practise()
        if self.on_reviewed is not None:
            self.on_reviewed(review)

    def _fill_summary(self) -> None:
        assert self.review is not None
        rows = []
        for seat, s in enumerate(self.review.summary):
            if seat not in self.review.seats:  # a computer's, while the game goes on
                continue
            n = max(1, s.decisions)  # the mean per decision: a sum of chances means nothing
            rows.append(self._columns([
                self.seat_label(seat), NumberItem(s.accuracy, f"{s.accuracy:.0f}"),
                NumberItem(s.best_rate, f"{s.best}/{s.decisions}"),
                NumberItem(s.points_lost / n, fixed(s.points_lost / n, 2)),
                NumberItem(s.win_prob_lost / n, lost_text(s.win_prob_lost / n,
                                                          self.objective)),
                *(s.marks.get(name, 0) for name in ("inaccuracy", "mistake", "blunder"))],
                4))
        fill(self.summary_table, rows)
        self._fit_summary()

    def _fit_summary(self) -> None:
        """The summary as tall as its rows; a table of three or four may shrink to two
        rows in sight and scroll to the rest, in a short window (1024x700 at 200% text)."""
        table = self.summary_table
        fit_height(table)
        rows = table.rowCount()
        if rows > 2:
            table.setMinimumHeight(table.maximumHeight() - sum(
                table.rowHeight(r) for r in range(2, rows)))
            table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)

    def _fill_decisions(self) -> None:
        assert self.review is not None
        rows, tips = [], []
        for d in self.review.decisions:
            mark = mark_text(d.mark)
            rows.append(self._columns([
                d.deal, self.names[d.seat], "throw" if d.kind == "discard" else "play",
                cards_text(d.chosen) + (f" (at {d.count})" if d.kind == "play" else ""),
                best_text(d, self.objective),
                NumberItem(d.points_lost, fixed(d.points_lost, 2)),
                NumberItem(d.win_prob_lost, lost_text(d.win_prob_lost, self.objective)),
                mark], 6))
            tips.append(self._sentence(d, html=False))
        table = self.decisions_table
        table.blockSignals(True)
        fill(table, rows, tips=tips)
        muted = QColor(theme.current().muted)
        for r, d in enumerate(self.review.decisions):
            for c in range(table.columnCount()):
                if d.mark and c == table.columnCount() - 1:  # the mark, last
                    cell(table, r, c).setForeground(mark_colour(d.mark))
                elif d.is_best:
                    cell(table, r, c).setForeground(muted)
        table.blockSignals(False)
        self._apply_filter()

    def _apply_filter(self) -> None:
        """Show all the decisions, those that lost something, or the marked ones."""
        key = self.filter_box.currentData()
        for r, d in enumerate(self.review.decisions if self.review else ()):
            shown = key == "all" or (key == "lost" and not d.is_best) or (
                key == "marked" and d.mark is not None)
            self.decisions_table.setRowHidden(r, not shown)

    def _draw_chart(self) -> None:
        assert self.review is not None, "the chart is drawn from a finished review"
        xs, ys = self._curve_points()
        self.curve.setData(xs, ys)
        t = theme.current()
        spots = []
        bottom = self.bottom_seat
        for i, d in enumerate(self.review.decisions):
            if d.mark:
                x = self.position_of(d)
                spots.append({"pos": (x, self._mark_y(d)),
                              "brush": pg.mkBrush(MARK_COLOURS[d.mark]),
                              "symbol": self._mark_symbol(d), "data": i})
        self.marks_plot.setData(spots)
        self.marks_plot.setPen(pg.mkPen(t.chart_foreground))
        # each mark's sign (?!, ?, ??) above it: its colour is not the only sign of its kind
        for label in self.mark_signs:
            self.chart.removeItem(label)
        self.mark_signs = []
        for spot in spots:
            sign = MARK_SIGNS[self.review.decisions[spot["data"]].mark]
            # above a mark in the chart's lower half, below one in its upper half: on a
            # short chart (a laptop at 200% text) a sign above a mark at 70% was cut off
            above = spot["pos"][1] <= (0.0 if self.objective == "acc" else
                                        self.rules.target / 2 if self.variant else 50.0)
            label = pg.TextItem(sign, color=t.chart_foreground,
                                anchor=(0.5, 1.15) if above else (0.5, -0.15))
            label.setPos(*spot["pos"])
            self.chart.addItem(label)
            self.mark_signs.append(label)
        if self.variant:  # the sides' scores: the marks on the side that chose
            self.chart.setTitle(marks_title(self.side_labels, self.rules.side_of(bottom),
                                            self.rules.target))
            theme.style_chart(self.chart)
            return
        who = self.names[bottom]
        if self.objective == "acc":
            chance = ("Your expected ACC points" if who == YOU
                      else f"{who}'s expected ACC points")
        else:
            chance = "Your chance of winning" if who == YOU else f"Chance that {who} wins"
        mine = "yours" if who == YOU else f"{who}'s"
        theirs = "" if self.review.withheld is not None else \
            f", ▼ {self.names[1 - bottom]}'s"  # a computer's, withheld while unfinished
        # the marks are named over their points (?!, ?, ??): no colour legend to cut the title
        self.chart.setTitle(f"{chance} after each decision · ● {mine}{theirs} marks · "
                            f"click to go there")
        theme.style_chart(self.chart)

    def _mark_y(self, d: ReviewedDecision) -> float:
        """Where a marked decision sits on the chart: on the chance of winning (or the
        expected ACC points) after it, or in a variant on its side's score line."""
        if self.variant:
            at = max(0, self.position_of(d))
            return float(self.scores_by_event[at][self.rules.side_of(d.seat)])
        return self._y(seat_value(d.win_chosen, d.seat, self.bottom_seat, self.objective))

    def _mark_symbol(self, d: ReviewedDecision) -> str:
        """● the bottom seat's marks, ▼ the other's (a variant's: by side round the
        table, ● the bottom seat's side, ▼ and ■ the others)."""
        if self.variant:
            return symbol_of(self.rules.side_of(d.seat), self.rules.side_of(self.bottom_seat),
                             self.rules.sides)
        return "o" if d.seat == self.bottom_seat else "t"

    def _y(self, value: float) -> float:
        """A value (the bottom seat's) on the chart: a chance in percent, or ACC points."""
        return value if self.objective == "acc" else 100 * value

    def _curve_points(self) -> tuple[np.ndarray, np.ndarray]:
        """The bottom seat's chance of winning (or expected ACC points): before the first
        decision, after each one, and what the game was worth at the end of a finished
        game."""
        xs: list[float] = []
        ys: list[float] = []
        if self.review is None or not self.review.decisions or self.variant:
            return np.array(xs), np.array(ys)
        bottom = self.bottom_seat

        def mine(d: ReviewedDecision, p: float) -> float:
            return self._y(seat_value(p, d.seat, bottom, self.objective))

        first = self.review.decisions[0]
        xs.append(0)
        ys.append(mine(first, first.win_best))
        for d in self.review.decisions:
            xs.append(self.position_of(d))
            ys.append(mine(d, d.win_chosen))
        if self.game.winner is not None:
            xs.append(len(self.events) - 1)
            loser = self.game.scores[1 - self.game.winner]
            ys.append(self._y(final_value(self.game.winner, loser, bottom, self.objective)))
        return np.array(xs, dtype=float), np.array(ys, dtype=float)

    def _chart_clicked(self, event) -> None:
        """A click on the chart jumps to the decision nearest to it."""
        if self.review is None or not self.review.decisions:
            return
        vb = self.chart.getPlotItem().vb
        if not vb.sceneBoundingRect().contains(event.scenePos()):
            return
        x = vb.mapSceneToView(event.scenePos()).x()
        self.jump_near(x)

    def jump_near(self, x: float) -> None:
        """Go to the decision whose point on the chart is nearest to ``x`` (events)."""
        positions = sorted(self.decision_at)
        if positions:
            self.go_to(min(positions, key=lambda p: abs(p - x)))

    # ------------------------------------------------------------------ moving
    def position_of(self, d: ReviewedDecision) -> int:
        """Where a decision is shown: just before it, with the cards it was made from (the
        count before the card, the six cards before the throw)."""
        return self.first_event[d.action] - 1

    @property
    def bottom_seat(self) -> int:
        if self.view != BOTH:
            return int(self.view)
        return self.file.players.index("you") if "you" in self.file.players else 0

    def set_view(self, view) -> None:
        """Both hands (``BOTH``), or only seat ``view``'s, as that player saw the table
        (fixed to the person's while a game against the computer is not over)."""
        if not self.view_box.isEnabled():
            return
        self.view = view
        self._refresh_practise()
        self.go_to(self.position, force=True)
        if self.review is not None:
            self._draw_chart()

    def go_to(self, position: int, force: bool = False) -> None:
        position = max(0, min(len(self.events) - 1, position))
        if position == self.position and not force:
            return
        forward = (not force and self._model is not None and position == self.position + 1)
        if forward:
            model = self._model
            assert model is not None
            model.apply(self.events[position])
        else:
            model = TableModel(self.bottom_seat, self.names, reveal=self.view == BOTH,
                               rules=self.rules)
            for event in self.events[:position + 1]:
                model.apply(event)
        self._model = model
        self.position = position
        if forward:
            self.table.refresh(animate=False)
        else:
            self.table.set_model(model)
        self.table.set_interactive(False)
        self.table.set_show_words(model.show.spoken if model.show else "")
        self.table.announce("")
        self.board.set_names(model.side_names)  # (a seat's, with two players)
        self.board.reset(model.scores, model.back_pegs)
        self.board.set_dealer(None if model.dealer is None else model.side_of(model.dealer))
        self.event_label.setText(model.log[-1].text if model.log else "")
        step = f"{position + 1} of {len(self.events)}"
        where = f"Deal {model.deal} · step {step}" if model.deal else f"Step {step}"
        self.position_label.set_texts(where, step)  # (the short one where the row is full)
        self.position_label.setAccessibleDescription(where)
        self.position_line.setValue(position)
        self._show_decision()
        self.position_changed.emit(position)

    def _show_decision(self) -> None:
        index = self.decision_at.get(self.position)
        table = self.decisions_table
        table.blockSignals(True)
        self.table.set_highlight(())
        if index is None:
            table.clearSelection()
        else:
            table.selectRow(index)
            column = next((c for c in range(table.columnCount())
                           if not table.isColumnHidden(c)), 0)
            # in the middle of the list: the decisions around it in sight, never half a row
            table.scrollToItem(cell(table, index, column),
                               QAbstractItemView.ScrollHint.PositionAtCenter)
        table.blockSignals(False)
        if self.review is None:
            self.decision_label.setText("The decisions are being rated…" if self.reviewing
                                        else "")
            fill(self.options_table, [])
            return
        if index is None:
            self.decision_label.setText("No decision here: ↑ ↓, a row above or a point on "
                                        "the chart go to the decisions.")
            fill(self.options_table, [])
            return
        d = self.review.decisions[index]
        self.decision_label.setText(self._sentence(d, html=True))
        self.table.set_highlight(d.chosen)  # the cards it chose, still in the hand
        rows, chosen = [], 0
        for r, o in enumerate(d.options):
            note = " ".join(filter(None, ("chosen" if o.cards == d.chosen else "",
                                          "best" if r == 0 else "")))
            if o.cards == d.chosen:
                chosen = r
            rows.append(self._columns([cards_text(o.cards),
                                       NumberItem(o.points, f"{o.points:+.2f}"),
                                       NumberItem(o.win, value_text(o.win, self.objective)),
                                       note], 2))
        fill(self.options_table, rows, highlight=chosen)

    def _sentence(self, d: ReviewedDecision, html: bool) -> str:
        """"Deal 5 · You threw 5♠ Q♣. Best: Q♣ 9♦ (by the chance of winning). Lost 2.92
        points; the chance of winning 47.1% → 39.7%. ? Mistake"."""
        who = self.names[d.seat]
        if d.kind == "discard":
            did = f"threw {cards_text(d.chosen)}"
        else:
            did = f"played {cards_text(d.chosen)} at {d.count}"
        head = f"Deal {d.deal} · {who} {did}."
        measure = "expected ACC points" if self.objective == "acc" else "the chance of winning"
        if self.objective == "points":  # a variant's: by expected points alone
            tail = "The best choice." if d.is_best else (
                f"Best: {cards_text(d.best)} (by expected points). Lost "
                f"{d.points_lost:.2f} expected points: {d.win_best:+.2f} → "
                f"{d.win_chosen:+.2f}.")
        elif d.is_best and gave_up_points(d):  # best by what it plays for, not by points
            tail = (f"The best choice by {measure}, though {d.points_lost:.2f} expected "
                    f"points below the option that scores most: at this score winning "
                    f"matters more than points.")
        elif d.is_best:
            tail = "The best choice."
        else:
            basis = ("points: before 86, the card that pegs the most to the end of the "
                     "play" if d.mode == "points" else measure)
            tail = (f"Best: {cards_text(d.best)} (by {basis}). Lost {d.points_lost:.2f} "
                    f"points; {measure} {value_text(d.win_best, self.objective)} → "
                    f"{value_text(d.win_chosen, self.objective)}.")
        mark = d.mark
        if html:
            head = f"<b>{head}</b>"
            if mark:
                tail += (f" <b style='color:{mark_colour(mark).name()}'>{MARK_SIGNS[mark]} "
                         f"{mark.capitalize()}</b>")
        elif mark:
            tail += f" {MARK_SIGNS[mark]} {mark.capitalize()}."
        return f"{head} {tail}"

    def first(self) -> None:
        self.go_to(0)

    def last(self) -> None:
        self.go_to(len(self.events) - 1)

    def next(self) -> None:
        self.go_to(self.position + 1)

    def previous(self) -> None:
        self.go_to(self.position - 1)

    def next_decision(self) -> None:
        later = [p for p in self.decision_at if p > self.position]
        if later:
            self.go_to(min(later))

    def previous_decision(self) -> None:
        earlier = [p for p in self.decision_at if p < self.position]
        if earlier:
            self.go_to(max(earlier))

    def _marked(self) -> list[int]:
        review = self.review
        return [p for p, i in self.decision_at.items() if review and review.decisions[i].mark]

    def next_mark(self) -> None:
        later = [p for p in self._marked() if p > self.position]
        if later:
            self.go_to(min(later))

    def previous_mark(self) -> None:
        earlier = [p for p in self._marked() if p < self.position]
        if earlier:
            self.go_to(max(earlier))

    def _deal_starts(self) -> list[int]:
        return [p for p, e in enumerate(self.events) if isinstance(e, Dealt)]

    def next_deal(self) -> None:
        later = [p for p in self._deal_starts() if p > self.position]
        self.go_to(min(later) if later else len(self.events) - 1)

    def previous_deal(self) -> None:
        earlier = [p for p in self._deal_starts() if p < self.position]
        self.go_to(max(earlier) if earlier else 0)

    def _columns(self, row: list, chance: int) -> list:
        """A table's row, without the column of the game's chance (at ``chance``) in a
        variant's review: judged by points, its figure is the points' again."""
        return row[:chance] + row[chance + 1:] if self.objective == "points" else row

    def seat_label(self, seat: int) -> str:
        """A seat's name with who played it at a table of three or four ("West
        (Expert)"), else its name."""
        name, player = self.names[seat], self.file.players[seat]
        if len(self.names) > 2 and player != "you":
            return f"{name} ({player_title(player)})"
        return name

    def _decision_row_changed(self, row: int, _column: int, _prev_row: int, _prev: int
                              ) -> None:
        if self.review is not None and 0 <= row < len(self.review.decisions):
            self.go_to(self.position_of(self.review.decisions[row]))


# ---------------------------------------------------------------------- the window's widgets
def view_box(names: tuple[str, ...], view: int | str,
             players: tuple[str, ...] = ()) -> QComboBox:
    """Both hands (every hand, at a table of three or four), or one player's view; fixed
    to ``view`` while it is not ``BOTH`` (a game against the computer that is not over).
    At a table of three or four each seat says who played it: "only West's (Expert)"."""
    box = QComboBox()
    many = len(names) > 2
    box.addItem("every hand" if many else "both hands", BOTH)
    for seat in range(len(names)):
        text = f"only {names[seat]}'s" if names[seat] != YOU else "only yours"
        if many and players and players[seat] != "you":
            text += f" ({player_title(players[seat])})"
        box.addItem(text, seat)
    box.setToolTip(("Every hand" if many else "Both hands")
                   + " face up, or the table as one player saw it")
    box.setAccessibleName("Show the hands")
    if view != BOTH:
        box.setCurrentIndex(box.findData(view))
        box.setEnabled(False)
        box.setToolTip("The game is not over: the computer's cards stay hidden until they "
                       "are shown at the table, and its decisions are not rated")
    return box


def gave_up_points(d: ReviewedDecision) -> bool:
    """Whether a decision gave up expected points that show at two places (0.01 or more,
    rounded), as a best choice by the chance of winning may."""
    return d.points_lost >= 0.005


def best_text(d: ReviewedDecision, objective: str) -> str:
    """The decisions table's *Best*: the best choice, or ✓ when it was this one, saying
    "by win" (or "by ACC") when it gave up points to be best by what it plays for."""
    if not d.is_best:
        return cards_text(d.best)
    if gave_up_points(d):
        return "✓ by ACC" if objective == "acc" else "✓ by win"
    return "✓"


def rating_progress() -> QProgressBar:
    progress = QProgressBar()
    progress.setFormat("Rating the decisions: %v of %m moves looked at")
    progress.setTextVisible(True)
    return progress


def lost_header(objective: str) -> str:
    """The column of what a decision gave up: ACC points in a match, else the game."""
    return "ACC lost" if objective == "acc" else "Win lost"


def summary_table(objective: str) -> FitTable:
    """Each player's accuracy, best choices, losses and marks (headed in the marks'
    colours). A variant's (objective ``"points"``) has no column of the game's chance
    lost: its decisions are judged by points alone."""
    acc, lost = objective == "acc", lost_header(objective)
    points = objective == "points"
    (_, blunder), (_, mistake), (_, inaccuracy) = marks_for(objective)
    lost = f"{lost} avg"  # a decision's mean: a sum of chances over a game means nothing
    by = "points" if points else acc  # what a mark's threshold is in
    stake = "ACC points" if acc else "expected points" if points else "winning chances"
    table = make_table(
        [c for c in ("Player", "Accuracy", "Best", "Pts lost avg", lost, "?!", "?", "??")
         if not (points and c == lost)],
        {"Accuracy": f"The share of the {stake} "
                     "at stake in the player's decisions that it kept: 100 is always "
                     "the best, choosing at random about 50",
         "Best": "Decisions where the player chose the best",
         "Pts lost avg": "Expected points given up in a decision, on average",
         lost: ("Expected ACC match points given up (a win is 2, a skunk 3)" if acc
                else "Chance of winning given up") + " in a decision, on average",
         "?!": f"Inaccuracies: {_measure(inaccuracy, by)} to "
               f"{_measure(mistake, by)} lost",
         "?": f"Mistakes: {_measure(mistake, by)} to {_measure(blunder, by)} lost",
         "??": f"Blunders: {_measure(blunder, by)} or more lost"})
    table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
    table.stretch_last = False
    # narrow, the marks stay and the averages go to the rows' tooltips first; the columns
    # shown always fit (FitTable), so no scroll bar takes the second row's room
    table.priority = [0, 1, 4, 5, 6, 2, 3] if points else [0, 1, 5, 6, 7, 2, 4, 3]
    table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # fit_height
    first = table.columnCount() - 3  # the marks' columns, last
    for c, name in ((first, "inaccuracy"), (first + 1, "mistake"), (first + 2, "blunder")):
        header_cell(table, c).setForeground(mark_colour(name))
    return table


def scale_label(objective: str) -> QLabel:
    """What an accuracy of 100 and 50 mean (and, in a match, what the review judges by)."""
    scale = QLabel("Accuracy: 100 is always the best choice; choosing at random scores "
                   "about 50." + (" A game of a match: judged by expected ACC points "
                                  "(2 a win, 3 a skunk), as the computer plays there."
                                  if objective == "acc" else
                                  " A variant's game: judged by the expected points each "
                                  "choice gave up (no chance of winning is worked out in a "
                                  "variant)." if objective == "points" else ""))
    scale.setWordWrap(True)
    scale.setStyleSheet(f"color: {theme.current().muted}")
    return scale


def filter_box() -> QComboBox:
    box = QComboBox()
    for text, key in (("all", "all"), ("not the best", "lost"), ("marked", "marked")):
        box.addItem(text, key)
    box.setToolTip("Which decisions the list shows (↑ ↓ and the chart go through all of "
                   "them)")
    return box


def decisions_table(objective: str) -> FitTable:
    """Every decision rated, one a row; narrow, it keeps the choice and the mark (a
    variant's: no column of the game's chance lost)."""
    lost = lost_header(objective)
    points = objective == "points"
    table = make_table(
        [c for c in ("Deal", "Player", "Kind", "Choice", "Best", "Pts lost", lost, "Mark")
         if not (points and c == lost)],
        {"Pts lost": "Expected points lost against the best",
         lost: ("Expected ACC match points" if objective == "acc" else "Chance of winning")
         + " lost against the best",
         "Best": "The best choice (✓: this was it; ✓ by win: best by the chance of "
                 "winning, though it gave up expected points)"})
    table.verticalHeader().setDefaultSectionSize(22)
    table.stretch_last = False
    table.priority = [3, 6, 1, 4, 5, 0, 2] if points else [3, 7, 1, 4, 6, 5, 0, 2]
    return table


def options_table(objective: str) -> FitTable:
    """The options the expert weighed for the decision shown."""
    chance = "ACC points" if objective == "acc" else "Win chance"
    table = make_table(
        [c for c in ("Option", "Exp. points", chance, "")
         if not (objective == "points" and c == chance)],
        {"Exp. points": "The expert's expected points: for a discard the hand, plus "
                        "the crib (minus the opponent's), plus the net pegging; for a "
                        "card the net pegging to the end of the play",
         "ACC points": "The expected ACC match points net with this option (+2 a win, "
                       "+3 a skunk; negative: a loss)",
         "Win chance": "The chance of winning the game with this option"})
    table.verticalHeader().setDefaultSectionSize(22)
    table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
    # a card played has at most four options: all of them in sight, even at 1024x700
    table.setMinimumHeight(table.horizontalHeader().sizeHint().height()
                           + 4 * table.verticalHeader().defaultSectionSize() + 6)
    return table


def _measure(threshold: float, acc: bool | str) -> str:
    """A mark's threshold: "5% of the game", "0.2 ACC points", or (``acc`` "points": a
    variant's) "2 points"."""
    if acc == "points":
        return f"{threshold:g} point{'s' if threshold != 1 else ''}"
    return f"{threshold:g} ACC points" if acc else f"{threshold:.0%} of the game"


def fixed(value: float, places: int = 1) -> str:
    """``value`` to ``places`` decimal places, without a minus sign on zero ("-0.0": a
    choice that gives up a few hundredths of a point less than nothing)."""
    text = f"{value:.{places}f}"
    return text[1:] if text.startswith("-") and float(text) == 0 else text
