"""Practice → Counting trainer: count a hand, a crib or what the play's last card pegs
before the clock runs out, then see every combination on the cards.

The drills, their scores and the judging come from :mod:`cribbage_gui.services.practice.counting`
(the
engine's own scoring); the attempts are kept by :mod:`cribbage_gui.services.practice.counting_log`.
This module only shows them and reads the person's answer.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import numpy as np
from PySide6.QtCore import QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QIcon, QIntValidator, QPainter, QPen, QPixmap, QRadialGradient
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from cribbage_gui.app import theme
from cribbage_gui.app.narrow import scrolling_down
from cribbage_gui.services.practice.counting import (
    CATEGORY_WORDS,
    KINDS,
    MAX_ANSWER,
    Drill,
    Verdict,
    judge,
    miss_rates,
    random_drill,
    weighted_drill,
)
from cribbage_gui.services.practice.counting_log import CountingLog
from cribbage_gui.table import accessibility
from cribbage_gui.table.cards import CARD_RATIO, paint_face
from engine.cards import card_label, card_words, cards_with
from engine.errors import CribbageError
from engine.scoring import ScoreItem

KIND_CHOICES = (("Hands", ("hand",)), ("Cribs", ("crib",)), ("The play", ("play",)),
                ("All three", KINDS))
MODES = ("Random", "What I miss most")
CARD_WIDTH = 78  # pixels at 100% text size
TICK_MS = 100  # the clock's redraw
ICON_CARDS = 5  # the list's card pictures are as wide as this many cards
ROWS_IN_SIGHT = 4  # the combinations' list is never shorter than this many rows
ICON_HEIGHT = 30
WAITING = "Every combination is listed here, and shown on the cards, once you answer."


def item_text(item: ScoreItem) -> str:
    """"fifteen for 2: 5♥ J♣"."""
    return f"{item.label} for {item.points}: {cards_with(item.cards, card_label)}"


def prompt_text(drill: Drill) -> str:
    """What the person is asked to count."""
    if drill.kind == "play":
        last = card_label(drill.cards[-1])
        counts = drill.running_counts
        before = f"the count was {counts[-2]} and " if len(counts) > 1 else ""
        return (f"<b>The play:</b> {before}the last card, {last}, makes it {counts[-1]}. "
                f"How many does it peg? (Not the go or the last card: only 15, 31, pairs "
                f"and runs.)")
    whose = "this hand" if drill.kind == "hand" else "this crib"
    return f"<b>Count {whose}:</b> the four cards and the starter."


def verdict_text(v: Verdict) -> str:
    """The verdict in a sentence or two (plain text)."""
    d = v.drill
    what = {"hand": "the hand has", "crib": "the crib has", "play": "the card pegs"}[d.kind]
    secs = f"{v.seconds:.1f} s"
    if v.correct:
        return f"Right: {d.total}, in {secs}."
    if v.answer is None:
        text = f"Time! {what.capitalize()} {d.total}."
    elif v.too_slow and v.answer == d.total:
        return (f"Right number, {d.total}, but too slow: {secs} of {d.limit:.0f} s. In a "
                f"game, count before your opponent calls muggins.")
    else:
        text = f"Not quite: you said {v.answer}; {what} {d.total} ({secs})."
        if v.too_slow:
            text += f" Too slow, too ({d.limit:.0f} s allowed)."
    if v.muggins:
        text += f" Muggins: {v.muggins} for your opponent."
    if v.over:
        text += f" That is {v.over} too many."
    return text


class CardRow(QWidget):
    """The drill's cards on a strip of felt, each with a caption below (the starter; the
    play's count after each card); the cards of a chosen combination lifted and ringed,
    the others dimmed."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.cards: list[int] = []
        self.captions: list[str] = []
        self.gap_before = -1  # the starter stands a little apart
        self.lit: set[int] = set()
        self.setAccessibleName("The cards")
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        theme.signals.changed.connect(self._restyle)  # methods: gone with the row
        theme.signals.text_sized.connect(self._resize)

    def _restyle(self, *_args) -> None:
        self.update()

    def _resize(self, *_args) -> None:
        self.updateGeometry()
        self.update()

    def set_cards(self, cards: Sequence[int], captions: Sequence[str],
                  gap_before: int = -1) -> None:
        self.cards, self.captions, self.gap_before = list(cards), list(captions), gap_before
        self.lit = set()
        words = ", ".join(card_words(c) + (f" ({cap})" if cap else "")
                          for c, cap in zip(self.cards, self.captions, strict=True))
        self.setAccessibleDescription(words)
        self.update()

    def set_lit(self, cards: Sequence[int]) -> None:
        self.lit = set(cards)
        self.update()

    def full_width(self) -> float:
        """A card's width at this text size, room allowing."""
        return CARD_WIDTH * theme.text_scale()

    def card_width(self, width: float | None = None) -> float:
        """A card's width: :meth:`full_width`, narrower where the row (``width``, default
        its own) is too narrow for its cards (a large text size in a small window)."""
        n = max(5, len(self.cards))
        row = self.width() if width is None else width
        return max(20.0, min(self.full_width(), row / (n * 1.12 + 0.9)))

    def _height_for(self, card: float) -> int:
        return int(card * CARD_RATIO + card * 0.9)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt)
        w = self.full_width()
        return QSize(int(w * 7.5), self._height_for(w))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt)
        return QSize(320, self._height_for(self.card_width(320)))

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt)
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt)
        """As tall as its cards at that width: narrowed cards leave no empty felt."""
        return self._height_for(self.card_width(width))

    def card_rects(self) -> list[QRectF]:
        """Where each card is drawn (before a lift)."""
        n = len(self.cards)
        if not n:
            return []
        w = self.card_width()
        step = min(w * 1.12, (self.width() - w * 1.2) / max(1, n))
        gap = w * 0.45 if 0 <= self.gap_before < n else 0.0
        width = step * (n - 1) + w + gap
        left = (self.width() - width) / 2
        top = w * 0.3
        rects = []
        for i in range(n):
            x = left + step * i + (gap if 0 <= self.gap_before <= i else 0.0)
            rects.append(QRectF(x, top, w, w * CARD_RATIO))
        return rects

    def paintEvent(self, _event) -> None:  # noqa: N802 (Qt)
        t = theme.current()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        area = QRectF(self.rect()).adjusted(1, 1, -1, -1)
        gradient = QRadialGradient(area.center(), max(area.width(), area.height()) * 0.7)
        gradient.setColorAt(0, QColor(t.felt[0]))
        gradient.setColorAt(1, QColor(t.felt[1]))
        painter.setPen(QPen(QColor(t.card_edge), t.outline))
        painter.setBrush(gradient)
        painter.drawRoundedRect(area, 10, 10)
        w = self.card_width()
        lift = w * 0.22
        caption_font = theme.font(max(11.0, w * 0.19), bold=True)
        painter.setFont(caption_font)
        for card, caption, rect in zip(self.cards, self.captions, self.card_rects(),
                                       strict=True):
            lit = card in self.lit
            shown = rect.translated(0, -lift) if lit else rect
            paint_face(painter, shown, card)
            if self.lit and not lit:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QColor(t.dim))
                painter.drawRoundedRect(shown, w * 0.08, w * 0.08)
            if lit:
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.setPen(QPen(QColor(t.highlight), max(3.0, w * 0.05) * t.outline))
                painter.drawRoundedRect(shown.adjusted(-2, -2, 2, 2), w * 0.1, w * 0.1)
            if caption:
                painter.setPen(QColor(t.table_text))
                below = QRectF(rect.left() - w * 0.3, rect.bottom() + w * 0.05,
                               w * 1.6, w * 0.4)
                painter.drawText(below, Qt.AlignmentFlag.AlignCenter, caption)
        painter.end()


def icon_size(n: int, height: int = ICON_HEIGHT) -> QSize:
    """The size of a picture of ``n`` cards overlapping."""
    w = height / CARD_RATIO
    return QSize(int(w * 0.72 * (n - 1) + w) + 2, height + 2)


def cards_icon(cards: Sequence[int], height: int = ICON_HEIGHT) -> QIcon:
    """A small picture of ``cards`` side by side, for the list of combinations (as wide
    as five cards, so the texts beside the pictures line up)."""
    w = height / CARD_RATIO
    step = w * 0.72
    pixmap = QPixmap(icon_size(max(len(cards), ICON_CARDS), height))
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    for i, card in enumerate(cards):
        paint_face(painter, QRectF(1 + step * i, 1, w, height), card)
    painter.end()
    return QIcon(pixmap)


class CountingTrainer(QDialog):
    """The trainer. ``log`` keeps the attempts (None: not kept); ``rng`` draws the
    drills; ``clock`` gives seconds (``time.monotonic``; tests pass their own)."""

    judged = Signal(object)  # the Verdict
    timed_out = Signal()

    def __init__(self, log: CountingLog | None, rng: np.random.Generator, parent=None,
                 clock: Callable[[], float] = time.monotonic, note: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle("Counting trainer")
        self.log, self.rng, self.clock = log, rng, clock
        self.drill: Drill | None = None
        self.verdict: Verdict | None = None
        self.started = 0.0
        self.session: list[Verdict] = []
        self.queue: list[Drill] = []  # drills set to come first (the lesson's), in order
        outer = QVBoxLayout(self)

        top = QHBoxLayout()
        self.kind = QComboBox()
        self.kind.addItems([name for name, _ in KIND_CHOICES])
        self.kind.setAccessibleName("What to count")
        kind_label = QLabel("&Count:")
        kind_label.setBuddy(self.kind)
        self.mode = QComboBox()
        self.mode.addItems(MODES)
        self.mode.setAccessibleName("Which drills")
        self.mode.setToolTip("Random drills, or drills weighted toward what you have missed "
                             "most (nobs, the crib's flush, runs with pairs...)")
        mode_label = QLabel("&Drills:")
        mode_label.setBuddy(self.mode)
        self.next_button = QPushButton("&Next drill")
        self.next_button.setAccessibleName("Next drill")
        self.next_button.clicked.connect(lambda: self.new_drill())
        for widget in (kind_label, self.kind, mode_label, self.mode):
            top.addWidget(widget)
        top.addStretch(1)
        top.addWidget(self.next_button)
        outer.addLayout(top)

        # the drill, the answer and its verdict scroll between the choices above and the
        # tally and Close below, which stay in sight: at a large text size in a small
        # window they are taller than the dialog (Close was pushed off its bottom)
        body = QWidget()
        middle = QVBoxLayout(body)
        middle.setContentsMargins(0, 0, 0, 0)
        self.drill_area = scrolling_down(body)
        outer.addWidget(self.drill_area, 1)

        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.prompt.setAccessibleName("What to count")
        middle.addWidget(self.prompt)
        self.row = CardRow()
        middle.addWidget(self.row)

        clock_row = QHBoxLayout()
        self.clock_bar = QProgressBar()
        self.clock_bar.setRange(0, 1000)
        self.clock_bar.setTextVisible(False)
        self.clock_bar.setAccessibleName("Time left")
        self.clock_label = QLabel()
        self.clock_label.setMinimumWidth(self.clock_label.fontMetrics().horizontalAdvance(
            "Time left: 20 s "))
        clock_row.addWidget(self.clock_label)
        clock_row.addWidget(self.clock_bar, 1)
        middle.addLayout(clock_row)

        answer_row = QHBoxLayout()
        answer_label = QLabel("Your &points:")
        self.answer = QLineEdit()
        self.answer.setValidator(QIntValidator(0, MAX_ANSWER, self.answer))
        self.answer.setMaxLength(2)
        self.answer.setAccessibleName("Your points")
        self.answer.setPlaceholderText("type, then Enter")
        self.answer.setMaximumWidth(self.answer.fontMetrics().horizontalAdvance("0" * 16))
        answer_label.setBuddy(self.answer)
        # Enter: the dialog's default button (Claim, then Next drill) takes it
        self.count_button = QPushButton("C&laim")
        self.count_button.setAccessibleName("Claim these points")
        self.count_button.clicked.connect(self.submit)
        answer_row.addWidget(answer_label)
        answer_row.addWidget(self.answer)
        answer_row.addWidget(self.count_button)
        answer_row.addStretch(1)
        middle.addLayout(answer_row)

        self.verdict_label = QLabel()
        self.verdict_label.setWordWrap(True)
        self.verdict_label.setAccessibleName("Verdict")
        self.verdict_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        middle.addWidget(self.verdict_label)
        self.items = QListWidget()
        self.items.setAccessibleName("Every combination")
        self.items.setIconSize(icon_size(ICON_CARDS))
        self.items.currentRowChanged.connect(self._item_chosen)
        self._fit_list()
        theme.signals.text_sized.connect(self._fit_list)
        middle.addWidget(self.items, 1)
        self.spoken = QLabel()
        self.spoken.setWordWrap(True)
        self.spoken.setAccessibleName("The count said aloud")
        middle.addWidget(self.spoken)

        bottom = QHBoxLayout()
        self.tally = QLabel()
        self.tally.setAccessibleName("Tally")
        self.tally.setWordWrap(True)
        bottom.addWidget(self.tally, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        bottom.addWidget(buttons)
        outer.addLayout(bottom)
        self.note = note

        self.timer = QTimer(self)
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self.tick)
        self.finished.connect(lambda _result: self.timer.stop())
        theme.signals.changed.connect(self._restyle)
        self._show_tally()
        self.resize(760, 640)
        accessibility.name_widgets(self)  # the choices' popups

    def _fit_list(self, *_args) -> None:
        """The combinations' list at least :data:`ROWS_IN_SIGHT` rows tall at this text
        size (the scroll area above gives it the room)."""
        row = max(self.items.iconSize().height() + 4, self.items.fontMetrics().height() + 6)
        self.items.setMinimumHeight(ROWS_IN_SIGHT * row + 2 * self.items.frameWidth())

    # ------------------------------------------------------------------ drills
    def kinds(self) -> tuple[str, ...]:
        return KIND_CHOICES[self.kind.currentIndex()][1]

    def weighted(self) -> bool:
        return self.mode.currentIndex() == 1

    def set_drills(self, drills: Sequence[Drill]) -> None:
        """Give ``drills`` next, in order (Learn to play's drill of each way of scoring),
        then the trainer's own again."""
        self.queue = list(drills)

    def choose_drill(self) -> Drill:
        """The next drill: the next one set (:meth:`set_drills`), else at random, or
        weighted by the kept attempts' miss rates."""
        if self.queue:
            return self.queue.pop(0)
        kinds = self.kinds()
        if self.weighted() and self.log is not None:
            try:
                summary = self.log.summary(kinds)
            except CribbageError as exc:
                self._lost(exc)
            else:
                return weighted_drill(kinds, self.rng, miss_rates(summary.seen,
                                                                  summary.missed))
        return random_drill(kinds[int(self.rng.integers(len(kinds)))], self.rng)

    def new_drill(self, drill: Drill | None = None) -> None:
        """Show ``drill`` (or the next one chosen) and start its clock."""
        self.drill = drill if drill is not None else self.choose_drill()
        self.verdict = None
        d = self.drill
        if d.kind == "play":
            captions = [str(c) for c in d.running_counts]
            self.row.set_cards(d.cards, captions)
        else:
            assert d.starter is not None
            self.row.set_cards([*d.cards, d.starter], ["", "", "", "", "starter"],
                               gap_before=4)
        self.prompt.setText(prompt_text(d))
        self.drill_area.verticalScrollBar().setValue(0)  # the new cards in sight
        self.verdict_label.clear()
        self.items.clear()
        waiting = QListWidgetItem(WAITING)
        waiting.setFlags(Qt.ItemFlag.NoItemFlags)
        self.items.addItem(waiting)
        self.spoken.clear()
        self.answer.clear()
        self.answer.setEnabled(True)
        self.count_button.setEnabled(True)
        self.count_button.setDefault(True)
        self.next_button.setDefault(False)
        self.answer.setFocus()
        self.started = self.clock()
        self._show_clock(d.limit)
        self.timer.start()

    def remaining(self) -> float:
        if self.drill is None:
            return 0.0
        return self.drill.limit - (self.clock() - self.started)

    def tick(self) -> None:
        """The clock: redrawn; at zero the drill ends unanswered."""
        if self.drill is None or self.verdict is not None:
            self.timer.stop()
            return
        left = self.remaining()
        self._show_clock(left)
        if left <= 0:
            self.finish(None)
            self.timed_out.emit()

    def _show_clock(self, left: float) -> None:
        limit = self.drill.limit if self.drill is not None else 1.0
        left = max(0.0, left)
        self.clock_bar.setValue(round(1000 * left / limit))
        self.clock_label.setText(f"Time left: {left:.0f} s")
        self.clock_bar.setAccessibleDescription(f"{left:.0f} seconds left")

    def submit(self) -> None:
        """The typed answer, judged (nothing typed: a reminder, nothing judged)."""
        if self.drill is None or self.verdict is not None:
            return
        text = self.answer.text().strip()
        if not text.isdigit():
            self.verdict_label.setText("Type the points you count (a number), then Enter.")
            self.answer.setFocus()
            return
        self.finish(min(int(text), MAX_ANSWER))

    def finish(self, answer: int | None) -> Verdict:
        """Judge ``answer`` (None: the clock ran out), keep it and show the verdict."""
        assert self.drill is not None
        self.timer.stop()
        seconds = max(0.0, self.clock() - self.started)
        verdict = judge(self.drill, answer, seconds)
        self.verdict = verdict
        self._show_clock(self.drill.limit - seconds)  # stopped where it was
        self.session.append(verdict)
        if self.log is not None:
            try:
                self.log.record(verdict)
            except CribbageError as exc:
                self._lost(exc)
        self._show_verdict()
        self._show_tally()
        self.answer.setEnabled(False)
        self.count_button.setEnabled(False)
        self.count_button.setDefault(False)
        self.next_button.setDefault(True)
        self.next_button.setFocus()
        self.judged.emit(verdict)
        return verdict

    def _lost(self, exc: Exception) -> None:
        self.log = None
        self.note = f"Your answers cannot be kept: {exc}"
        self._show_tally()

    # ------------------------------------------------------------------ showing
    def _show_verdict(self) -> None:
        v = self.verdict
        if v is None:
            return
        t = theme.current()
        colour = t.good if v.correct else t.bad
        sign = "✓" if v.correct else "✗"
        lines = [f'<span style="color:{colour}; font-size:large"><b>{sign} '
                 f'{verdict_text(v)}</b></span>']
        missed = [CATEGORY_WORDS[c] for c in v.missed]
        if missed:
            lines.append("To practise: " + ", ".join(missed) + ".")
        if "flush-in-crib" in v.missed:
            lines.append("In the crib a flush counts only with the starter: all five "
                         "cards of one suit.")
        self.verdict_label.setText("<br>".join(lines))
        self.items.clear()
        for item in v.drill.items:
            entry = QListWidgetItem(cards_icon(item.cards), item_text(item))
            entry.setData(Qt.ItemDataRole.UserRole, list(item.cards))
            self.items.addItem(entry)
        if not v.drill.items:
            self.items.addItem("Nothing scores here." if v.drill.kind != "play"
                               else "The last card pegs nothing.")
        self.items.setCurrentRow(0)
        said = v.drill.spoken
        self.spoken.setText(f"Said aloud: “{said}”" if v.drill.kind != "play" and said
                            else "")
        QTimer.singleShot(0, self, self._scroll_to_verdict)  # once the layout has the text

    def _scroll_to_verdict(self) -> None:
        """Where the drill scrolls (a large text size in a small window): the verdict at
        the top, the combinations under it; where everything fits, nothing moves."""
        self.drill_area.ensureWidgetVisible(self.items, 0, 0)
        self.drill_area.ensureWidgetVisible(self.verdict_label, 0, 0)

    def _item_chosen(self, row: int) -> None:
        entry = self.items.item(row) if row >= 0 else None
        cards = entry.data(Qt.ItemDataRole.UserRole) if entry is not None else None
        self.row.set_lit(cards or [])

    def _show_tally(self) -> None:
        n = len(self.session)
        parts = []
        if n:
            right = sum(v.correct for v in self.session)
            mean = sum(v.seconds for v in self.session) / n
            parts.append(f"This session: {right} of {n} right ({right / n:.0%}), "
                         f"{mean:.1f} s a drill on average.")
        else:
            parts.append("Type the points and press Enter before the clock runs out. "
                         "What you leave uncounted, your opponent pegs (muggins).")
        if self.note:
            parts.append(self.note)
        self.tally.setText(" ".join(parts))

    def _restyle(self, *_args) -> None:
        self._show_verdict()

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt)
        """A digit typed anywhere in the dialog goes to the answer while a drill is on."""
        text = event.text()
        if text.isdigit() and self.answer.isEnabled():
            self.answer.setFocus()
            self.answer.insert(text)
            return
        super().keyPressEvent(event)
