"""Practice → Practice positions…: a decision to answer again, shown as it was at the table.

The position comes from the practice store (:mod:`cribbage_gui.services.practice.store`: the most
overdue, else
a new one, the player's own first). The player chooses (click the cards, or 1–6 / ← → Space
and Enter, as at the table); the answer is judged off the GUI thread by the review's own
advisor (:func:`cribbage_gui.services.practice.judge.judge`), then the window shows right or wrong,
the options best first (the best and the answer marked in words), the one sentence of why and
the rating's change; the store schedules the position again (a wrong answer comes back
within minutes).

"Practise these now" (at a game's end and in its review: :meth:`PracticeWindow.practise`)
puts a game's marked decisions first, in the game's order, before anything the schedule
has due; their answers are kept as any other.

The player's finished games not yet searched are reviewed in a worker (:class:`ScanWorker`,
with progress, cancellable; closing the window stops it) and the marked decisions of the
person become positions.

Every variant: a position from a five-card, three- or four-player game is shown at that
variant's table (its seats, its board) and answered with its toss (one card with three or
four players); it is judged in points. When the practice holds positions of more than one
variant, the *Variant* box (Alt+V) limits practice to one of them.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from cribbage_gui.app import theme
from cribbage_gui.app.jobs import ADVICE_MEMO, run_job
from cribbage_gui.app.tables import FitTable, fill, make_table, set_headers
from cribbage_gui.app.texts import cards_text
from cribbage_gui.services.board import setup_of
from cribbage_gui.services.history import History, HistoryError
from cribbage_gui.services.practice.judge import Verdict, judge
from cribbage_gui.services.practice.positions import Position
from cribbage_gui.services.practice.store import (
    PracticeError,
    PracticeStore,
    count_unreadable,
    now_utc,
)
from cribbage_gui.table import accessibility
from cribbage_gui.table.card_focus import CardFocus
from cribbage_gui.table.model import TableModel
from cribbage_gui.table.table_view import TableView
from cribbage_gui.windows.analysis_board import analyse_button
from cribbage_gui.windows.practice_scan import ScanWorker
from cribbage_gui.windows.practice_view import (
    OPTION_HEADERS,
    OPTION_TIPS,
    VARIANT_CHOICES,
    card_symbols,
    due_text,
    headers_of,
    option_rows,
    priority_of,
    rating_text,
    source_text,
    table_model,
    task_text,
    themes_text,
    verdict_text,
)
from cribbage_gui.windows.review_window import ReviewBoard

_ready = False  # an answer has been judged in this program: the advisor is loaded


class PracticeWindow(QWidget):
    """The practice: one position at a time. ``clock`` gives the time (tests move it)."""

    judged = Signal(object)  # the Verdict, once shown
    unreadable_counted = Signal(int)  # how many positions could not be read, once counted

    def __init__(self, store: PracticeStore, history: History | None = None, parent=None,
                 scan: bool = True, clock: Callable = now_utc) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.store, self.history, self.clock = store, history, clock
        self.position: Position | None = None
        self.verdict: Verdict | None = None
        self.answered = None  # the store's Answered for the verdict shown
        self.selected: list[int] = []
        self.skipped: set[str] = set()
        self.shown_at = 0.0
        self.worker: ScanWorker | None = None
        self._scan_active = False
        self.found_count = 0  # positions the search under way has added
        self.dates: dict[int, str] = {}
        # "Practise these now": a game's positions still to come, in its order; what it
        # is called ("this game's mistakes"); how many it had, and the answers so far
        self.session: list[Position] = []
        self.session_name = ""
        self.session_total = 0
        self.session_answers: list[bool] = []
        self._from_session = False  # the position shown is the session's
        self.setWindowTitle("Practice positions")
        self._build()
        self._resize_to_screen()
        self.buttons["find"].setVisible(history is not None)
        self.options_table.setAccessibleName("The options, best first")
        accessibility.name_widgets(self)
        self.variant: str | None = None  # practice limited to this variant (None: every one)
        self.refresh_variants()
        if scan:
            self.find_positions()  # (first: the position shown knows a search is under way)
        self.next_position()
        if store.problems:  # a damaged practice file, set aside
            self._say(" ".join(store.problems))
        self.count_unreadable()

    def count_unreadable(self) -> None:
        """Say how many positions cannot be read (their lines are read off the GUI thread:
        10,000 take over a second); ``unreadable_counted`` when done."""
        try:
            rows, known = self.store.rows_to_count(), self.store.known_lines()
        except PracticeError:
            return
        run_job(self, "unreadable", lambda: count_unreadable(rows, known), self._counted)

    def _counted(self, _tag, result) -> None:
        if isinstance(result, Exception):
            return
        unreadable, checked = result
        self.store.know_lines(checked)
        if unreadable:
            note = (f"{unreadable} of your positions could not be read: "
                    f"{'it is' if unreadable == 1 else 'they are'} left out.")
            self._say(" ".join(filter(None, (self.status_label.text(), note))))
        self.unreadable_counted.emit(unreadable)

    # ------------------------------------------------------------------ variants
    def refresh_variants(self) -> None:
        """The Variant box: every variant the practice holds positions of, shown when there
        is more than one (a practice of the six-card game alone looks as it always has)."""
        try:
            held = self.store.variants()
        except PracticeError:
            held = []
        box = self.variant_box
        box.blockSignals(True)
        box.clear()
        box.addItem("Every variant", None)
        for name in held:
            box.addItem(VARIANT_CHOICES.get(name, name), name)
        index = box.findData(self.variant) if self.variant in held else 0
        box.setCurrentIndex(max(0, index))
        box.blockSignals(False)
        if self.variant not in held:
            self.variant = None
        for widget in (self.variant_label, self.variant_box):
            widget.setVisible(len(held) > 1)

    def _variant_chosen(self, index: int) -> None:
        """Practise the variant chosen: the position shown, if of another, gives way."""
        self.variant = self.variant_box.itemData(index)
        position = self.position
        if self.busy or (position is not None and self.verdict is None and (
                self.variant is None or position.variant == self.variant)):
            return
        self.next_position()

    # ------------------------------------------------------------------ building
    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        top = QHBoxLayout()
        self.source_label = QLabel("")
        self.source_label.setSizePolicy(QSizePolicy.Policy.Ignored,
                                        QSizePolicy.Policy.Preferred)
        top.addWidget(self.source_label, 1)
        self.rating_label = QLabel("")
        top.addWidget(self.rating_label)
        layout.addLayout(top)
        second = QHBoxLayout()  # the themes, and the Variant box (the heading keeps its row)
        self.themes_label = QLabel("")
        self.themes_label.setStyleSheet(f"color: {theme.current().muted}")
        second.addWidget(self.themes_label, 1)
        # practice limited to one variant (shown when the practice holds more than one)
        self.variant_label = QLabel("&Variant:")
        self.variant_box = QComboBox()
        self.variant_box.setAccessibleName("Practise the positions of this variant")
        self.variant_box.setToolTip("Practise the positions of one variant, or of every "
                                    "variant")
        self.variant_label.setBuddy(self.variant_box)
        self.variant_box.currentIndexChanged.connect(self._variant_chosen)
        second.addWidget(self.variant_label)
        second.addWidget(self.variant_box)
        layout.addLayout(second)
        split = QSplitter(Qt.Orientation.Horizontal)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        self.board = ReviewBoard()
        self.board.pace = 0.0
        left_layout.addWidget(self.board)
        self.table = TableView()
        self.table.animation_ms = 0
        self.table.setMinimumSize(380, 240)
        self.table.card_clicked.connect(self.card_clicked)
        self.table.card_double_clicked.connect(self.card_double_clicked)
        self.card_focus = CardFocus(self.table)
        accessibility.attach_table(self.table, self.card_focus)  # a screen reader hears it
        left_layout.addWidget(self.table, 1)
        self.task_label = QLabel("")
        self.task_label.setWordWrap(True)
        left_layout.addWidget(self.task_label)
        split.addWidget(left)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        self.result_label = QLabel("")
        self.result_label.setWordWrap(True)
        self.result_label.setTextFormat(Qt.TextFormat.RichText)
        right_layout.addWidget(self.result_label)
        self.why_label = QLabel("")
        self.why_label.setWordWrap(True)
        right_layout.addWidget(self.why_label)
        self.options_table: FitTable = make_table(OPTION_HEADERS["discard"], OPTION_TIPS)
        self.options_table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.options_table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.options_table.verticalHeader().setDefaultSectionSize(22)
        self.options_table.stretch_last = False
        # the words above take the height they need; the table the rest (it scrolls)
        self.options_table.setSizePolicy(QSizePolicy.Policy.Expanding,
                                         QSizePolicy.Policy.Ignored)
        right_layout.addWidget(self.options_table, 1)
        right_layout.addStretch(0)  # before the answer: the words at the top, not centred
        right.setMinimumWidth(340)
        split.addWidget(right)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setChildrenCollapsible(False)
        self.split = split
        layout.addWidget(split, 1)
        self.progress = QProgressBar()
        self.progress.setFormat("Looking for your mistakes: %v of %m games reviewed")
        self.progress.setTextVisible(True)
        self.progress.setVisible(False)
        layout.addWidget(self.progress)
        buttons = QHBoxLayout()
        self.status_label = QLabel("")
        self.status_label.setWordWrap(True)
        self.status_label.setSizePolicy(QSizePolicy.Policy.Ignored,
                                        QSizePolicy.Policy.Preferred)
        buttons.addWidget(self.status_label, 1)
        self.buttons: dict[str, QPushButton] = {}
        for key, text, tip, slot in (
                ("find", "&Find positions in my games",
                 "Review your finished games not searched yet: your marked decisions "
                 "become positions", self.find_positions),
                ("cancel", "&Stop looking", "Stop reviewing your games (the ones done are "
                 "kept)", self.cancel_scan),
                ("anyway", "Practise &anyway", "Nothing is due: practise the position "
                 "that comes back first", self.practise_anyway),
                ("skip", "S&kip", "Leave this position for now", self.skip),
                ("answer", "&Answer", "Judge the cards chosen (Enter)", self.answer),
                ("next", "&Next position", "The next position (Enter)", self.next_position)):
            button = QPushButton(text)
            button.setToolTip(tip)
            button.setAutoDefault(False)
            button.clicked.connect(lambda _c=False, s=slot: s())
            buttons.addWidget(button)
            self.buttons[key] = button
        self.buttons["cancel"].setVisible(False)
        # the analysis board at the position, once answered (issue 38)
        self.buttons["analyse"] = analyse_button(
            self, lambda: None if self.position is None or self.position.variant != "six-card"
            else setup_of(self.position.table, self.position.objective), lambda: False)
        buttons.insertWidget(buttons.count() - 1, self.buttons["analyse"])
        layout.addLayout(buttons)
        self._add_keys()

    def _add_keys(self) -> None:
        """Esc closes (1–6 and Enter: :meth:`keyPressEvent`, as on the main table)."""
        close = QAction(self)
        close.setShortcut(QKeySequence(Qt.Key.Key_Escape))
        close.triggered.connect(self.close)
        self.addAction(close)

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt)
        """1–6 choose a card (left to right), Enter answers or goes on; the keys the
        table and the buttons leave come here."""
        key = event.key()
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_6 and not event.modifiers() & (
                Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier):
            self.choose_index(key - Qt.Key.Key_1)
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.enter()
            return
        super().keyPressEvent(event)

    def showEvent(self, event) -> None:  # noqa: N802 (Qt)
        super().showEvent(event)
        if not getattr(self, "_sized", False):  # the table's first share: 58%
            self._sized = True
            width = self.split.width()
            self.split.setSizes([int(width * 0.58), width - int(width * 0.58)])
            self.table.setFocus()

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt)
        super().resizeEvent(event)
        self.board.setMaximumHeight(max(110, min(170, int(self.height() * 0.2))))

    def _resize_to_screen(self) -> None:
        screen = self.screen()
        room = screen.availableGeometry() if screen is not None else None
        self.resize(*((1180, 800) if room is None else (
            min(1180, int(room.width() * 0.96)), min(800, int(room.height() * 0.94)))))

    # ------------------------------------------------------------------ the position
    def practise(self, positions: list[Position], name: str = "this game's mistakes"
                 ) -> None:
        """Practise ``positions`` now, in this order, before what the schedule has due
        (their answers kept as any other's); then practice goes on as usual. ``name``
        says what they are in the window's heading."""
        self.session, self.session_name = list(positions), name
        self.session_total, self.session_answers = len(positions), []
        self.skipped -= {p.id for p in positions}
        if not self.busy:  # (an answer being judged: its verdict first, then Next)
            self.next_position()

    @property
    def in_session(self) -> bool:
        """The position shown is one of "Practise these now"'s."""
        return self._from_session

    def next_position(self, position: Position | None = None) -> None:
        """Show ``position``, else the next of "Practise these now", else the store's next
        (nothing due: say so)."""
        if self.busy:
            return
        from_session = position is None and bool(self.session)
        try:
            if from_session:
                position = self.session.pop(0)
            elif position is None:
                if self.session_total:
                    self._end_session()
                position = self.store.next_position(self.clock(), self.skipped, self.variant)
            rating, deviation = self.store.rating()
        except PracticeError as exc:
            self._say(f"Practice cannot go on: {exc}")
            return
        self.position, self.verdict, self.answered = position, None, None
        self._from_session = from_session
        self.selected = []
        self.rating_label.setText(rating_text(rating, deviation=deviation))
        self.result_label.setText("")
        self.why_label.setText("Your answer is judged by the expert, as the review judges "
                               "a decision: the options, best first, and why come here.")
        fill(self.options_table, [])
        self.options_table.setVisible(False)
        if position is None:
            self._show_caught_up()
            return
        heading = source_text(position, self.dates)
        if from_session:
            number = self.session_total - len(self.session)
            heading = (f"Practising {self.session_name}, {number} of {self.session_total}"
                       f" · {heading}")
        self.source_label.setText(f"<b>{heading}</b>")
        self.source_label.setToolTip(heading)  # (whole, where the row cuts it short)
        themes = themes_text(position)
        self.themes_label.setText(f"Themes: {themes}")
        self.themes_label.setVisible(bool(themes))
        self.task_label.setText(task_text(position))
        model = table_model(position)
        self._show_table(model)
        self.table.set_interactive(True)
        self.buttons["anyway"].setVisible(False)
        self.shown_at = time.monotonic()
        self._update_buttons()
        self.table.setFocus()

    def _end_session(self) -> None:
        """"Practise these now" is done: how it went, and that practice goes on."""
        right, answered = sum(self.session_answers), len(self.session_answers)
        total = self.session_total
        self.session_total, self.session_answers = 0, []
        self._say(f"Done with {self.session_name}: {right} of {answered} right"
                  + (f" ({total - answered} skipped)" if answered < total else "")
                  + ". They come back as your practice schedules them; here is your "
                    "practice as usual.")

    def _show_table(self, model: TableModel) -> None:
        self.table.set_model(model)
        self.table.set_selected(set())
        self.board.set_rules(model.rules)  # (a variant's: a track a side, its target)
        self.board.set_names(model.side_names)
        self.board.reset(tuple(model.scores), tuple(model.back_pegs))
        self.board.set_dealer(None if model.dealer is None else model.side_of(model.dealer))

    def _show_caught_up(self) -> None:
        """Nothing due and nothing new: when the next comes back, and "Practise anyway"."""
        self._show_table(TableModel(my_seat=0, names=("You", "Opponent")))
        self.table.set_interactive(False)
        self.source_label.setText("<b>All caught up</b>")
        self.themes_label.setVisible(False)
        try:
            due = self.store.next_due(self.variant)
        except PracticeError:
            due = None
        if self.skipped:
            self.task_label.setText("You have skipped every position left for now: "
                                    "Practise anyway brings them back.")
        elif due is None and self.scanning:
            self.task_label.setText("Your finished games are being reviewed: the decisions "
                                    "you got wrong there come here as positions.")
        elif due is None:
            self.task_label.setText("There are no positions to practise yet: finish a game "
                                    "against the computer, then find positions in your "
                                    "games.")
        else:
            local = due.astimezone()
            day = "" if local.date() == self.clock().astimezone().date() else \
                f" on {local.day} {local:%b}"
            self.task_label.setText(
                f"Nothing is due and nothing is new: the next position comes back "
                f"{due_text(due, self.clock())} (at {local:%H:%M}{day}). Practise anyway, "
                f"or come back then.")
        self.buttons["anyway"].setVisible(due is not None or bool(self.skipped))
        self._update_buttons()

    def practise_anyway(self) -> None:
        """The positions skipped, again; else the position that comes back first, now."""
        if self.skipped:
            self.skipped.clear()
            self.next_position()
            return
        try:
            due = self.store.next_due(self.variant)
            position = None if due is None else self.store.next_position(due, self.skipped,
                                                                          self.variant)
        except PracticeError as exc:
            self._say(f"Practice cannot go on: {exc}")
            return
        if position is not None:
            self.next_position(position)

    def skip(self) -> None:
        if self.position is not None and not self.busy:
            if not self._from_session:  # (one of "Practise these now": simply the next)
                self.skipped.add(self.position.id)
            self.next_position()

    @property
    def busy(self) -> bool:
        """An answer is being judged."""
        return getattr(self, "_judging", False)

    def _update_buttons(self) -> None:
        open_question = self.position is not None and self.verdict is None
        size = 1 if self.position is None else self.position.size
        self.buttons["answer"].setEnabled(open_question and not self.busy
                                          and len(self.selected) == size)
        self.buttons["skip"].setEnabled(open_question and not self.busy)
        self.buttons["next"].setEnabled(self.verdict is not None and not self.busy)
        # (the analysis board is the two-player six-card game's)
        self.buttons["analyse"].setEnabled(self.verdict is not None and not self.busy and
                                           self.position is not None and
                                           self.position.variant == "six-card")

    # ------------------------------------------------------------------ choosing
    def card_clicked(self, card: int) -> None:
        position = self.position
        if position is None or self.verdict is not None or self.busy:
            return
        if card not in self.table.hand_order():
            return
        if card in self.selected:
            self.selected.remove(card)
        else:
            size = position.size
            if position.kind == "play" and card not in position.table.legal_cards:
                self.task_label.setText(f"{cards_text([card])} would take the count past "
                                        f"31: choose another card. {task_text(position)}")
                return
            self.selected = (self.selected + [card])[-size:]
        self.table.set_selected(set(self.selected))
        self.card_focus.focus_on(card)
        self._update_buttons()

    def card_double_clicked(self, card: int) -> None:
        if card not in self.selected:
            self.card_clicked(card)
        self.answer()

    def choose_index(self, index: int) -> None:
        """Key 1–6: the card at ``index``, left to right as drawn."""
        cards = self.table.hand_order()
        if 0 <= index < len(cards):
            self.card_clicked(cards[index])

    def enter(self) -> None:
        """Enter: answer with the cards chosen; after the verdict, the next position; with
        the keyboard on a card and nothing complete, choose it."""
        if self.verdict is not None:
            self.next_position()
        elif self.buttons["answer"].isEnabled():
            self.answer()
        elif self.card_focus.card is not None and self.table.hasFocus():
            self.card_clicked(self.card_focus.card)

    # ------------------------------------------------------------------ judging
    def answer(self) -> None:
        """Judge the cards chosen, off the GUI thread."""
        position = self.position
        if position is None or self.verdict is not None or self.busy:
            return
        if len(self.selected) != position.size:
            return
        chosen = tuple(self.selected)
        seconds = time.monotonic() - self.shown_at
        self._judging = True
        self.table.set_interactive(False)
        self._update_buttons()
        self.result_label.setText("Judging your answer…" if _ready else
                                  "Judging your answer… (the first takes longer: the expert "
                                  "is getting ready)")

        def work() -> Verdict:
            return judge(position, chosen, ADVICE_MEMO)

        run_job(self, (position.id, chosen, seconds), work, self._judged)

    def _judged(self, tag, result) -> None:
        global _ready
        _ready = True
        self._judging = False
        position_id, chosen, seconds = tag
        position = self.position
        if position is None or position.id != position_id:
            return
        if not isinstance(result, Verdict):
            self.result_label.setText(f"The answer could not be judged: {result}")
            self.table.set_interactive(True)
            self._update_buttons()
            return
        self.verdict = result
        if self._from_session:
            self.session_answers.append(result.correct)
        now = self.clock()
        try:
            self.answered = self.store.record(position, chosen, result.correct,
                                              result.points_lost, result.win_lost,
                                              round(seconds, 1), now)
        except PracticeError as exc:
            self.answered = None
            self._say(f"The answer was judged but not kept: {exc}")
        self._show_verdict(result, now)
        self.judged.emit(result)

    def _show_verdict(self, verdict: Verdict, now) -> None:
        t = theme.current()
        colour = t.good if verdict.correct else t.bad
        text = f"<b style='color:{colour}'>{verdict_text(verdict)}</b>"
        if self.answered is not None:
            a = self.answered
            text += (f"<br>{rating_text(a.rating, a.rating_change)} · this position comes "
                     f"back {due_text(a.due, now)}.")
            self.rating_label.setText(rating_text(a.rating, a.rating_change))
        self.result_label.setText(text)
        self.why_label.setText(card_symbols(verdict.why))
        accessibility.announce(self, f"{verdict_text(verdict)} {card_symbols(verdict.why)}")
        table = self.options_table
        set_headers(table, headers_of(verdict), OPTION_TIPS)
        table.priority = priority_of(verdict)
        rows, answer = option_rows(verdict)
        table.setVisible(True)
        fill(table, rows, highlight=answer)
        # on the table: the answer stays lifted, the best glows
        self.table.set_highlight(verdict.best)
        self.task_label.setText(f"Your answer is lifted; the best ({cards_text(verdict.best)}"
                                f") glows. Next position: Enter.")
        self._update_buttons()
        self.buttons["next"].setFocus()

    # ------------------------------------------------------------------ your games
    def find_positions(self) -> None:
        """Review the history's finished games not searched yet, in a worker."""
        if self.history is None or self.scanning:
            return
        try:
            rows = self.history.games()
            done = self.store.scanned()
        except (HistoryError, PracticeError) as exc:
            self._say(f"Your games cannot be searched: {exc}")
            return
        self.dates = {r["id"]: r["finished_at"] for r in rows}
        todo = [(r["id"], r["human_seat"]) for r in reversed(rows)  # oldest first
                if r["has_record"] and not r["two_players"] and r["id"] not in done]
        if not todo:
            self._say("Every game of yours has been searched for positions." if any(
                r["has_record"] and not r["two_players"] for r in rows) else
                "No finished games of yours yet: once you have played, your mistakes in "
                "them become positions here.")
            return
        self.found_count = 0
        self.progress.setRange(0, len(todo))
        self.progress.setValue(0)
        self.progress.setVisible(True)
        self.buttons["find"].setVisible(False)
        self.buttons["cancel"].setVisible(True)
        self.worker = ScanWorker(self.history.path, todo, self)
        self.worker.progress.connect(self._scan_progress)
        self.worker.found.connect(self._scan_found)
        self.worker.failed.connect(lambda why: self._say(f"Looking through your games "
                                                         f"stopped: {why}"))
        self.worker.finished.connect(self._scan_finished)
        self._scan_active = True
        self.worker.start()

    @property
    def scanning(self) -> bool:
        """A search is under way: from its start until the window has taken its end (the
        thread's ``finished`` reaches the window a moment after the thread stops)."""
        return self._scan_active

    def _scan_progress(self, done: int, total: int) -> None:
        self.progress.setRange(0, total)
        self.progress.setValue(done)

    def _scan_found(self, game_id: int, positions: list) -> None:
        try:
            self.found_count += self.store.mark_scanned(game_id, positions)
        except PracticeError as exc:
            self._say(f"Positions from your games cannot be kept: {exc}")
            return
        if positions:  # (a variant's first positions: the Variant box appears)
            self.refresh_variants()

    def _end_scan(self) -> bool:
        """Put the buttons back once a search has ended; False if it had ended already."""
        if not self._scan_active:
            return False
        self._scan_active = False
        self.progress.setVisible(False)
        self.buttons["find"].setVisible(self.history is not None)
        self.buttons["cancel"].setVisible(False)
        return True

    def _scan_finished(self) -> None:
        if not self._end_scan():
            return  # a cancelled search, ended already
        n = self.found_count
        self._say(f"{n} new position{'s' * (n != 1)} from your games." if n else
                  "No new positions in your games (your decisions there were close to the "
                  "best).")
        if self.position is None and n:
            self.next_position()

    def cancel_scan(self, wait_ms: int = 10_000) -> None:
        if self.worker is not None:
            self.worker.cancel()
            if self.worker.wait(wait_ms) and self._end_scan():
                self._say("The search was stopped; what it found in the games reviewed "
                          "so far is kept.")

    def _say(self, text: str) -> None:
        self.status_label.setText(text)
        self.status_label.setToolTip(text)

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt)
        self.cancel_scan()
        super().closeEvent(event)
