"""The coach of the guided first game: a banner above the table saying, as each step of the
game comes, what happened and what to do next, with a button to skip the lesson.

The banner grows with its words up to a share of the window's height (:data:`MAX_SHARE`),
and scrolls beyond it, so at any text size its words are never cut and the table under it
keeps its room (the window's layout would otherwise squeeze the table and draw the bar of
buttons over it).

It only shows the words it is given (:class:`cribbage_gui.services.lessons.Said`); the lesson's
words and when they are said are :mod:`cribbage_gui.services.lessons`'.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QEvent, QObject, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QFrame,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from cribbage_gui.app import theme
from cribbage_gui.services.lessons import Said

# the most of its parent's height the banner takes (the table and its buttons keep the rest);
# longer words scroll
MAX_SHARE = 0.3


class CoachPanel(QFrame):
    """The lesson's banner; ``skipped`` when the person presses Skip the lesson, and
    ``idle_card_clicked`` (while shown) when a card of the table is clicked at a moment
    that asks nothing of the person (the table itself ignores such a click)."""

    skipped = Signal()
    shown = Signal(bool)  # the banner shown or hidden (the board gives it room)
    drills_asked = Signal()  # Scoring drills, offered once the guided deals are over
    idle_card_clicked = Signal(int)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("coach_panel")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.text = QLabel("")  # the step's title, in bold, then what happened
        self.text.setObjectName("coach_text")
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.next = QLabel("")
        self.next.setTextFormat(Qt.TextFormat.RichText)
        self.next.setWordWrap(True)
        self.skip = QPushButton("Skip the lesson")
        self.skip.setToolTip("End the guidance; the game goes on as a normal game")
        self.skip.setAccessibleName("Skip the lesson")
        self.skip.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # the cards keep the keyboard
        self.skip.clicked.connect(self.skipped)
        self.drills = QPushButton("Scoring drills")
        self.drills.setToolTip("A short drill for each way of scoring, in the counting "
                               "trainer")
        self.drills.setAccessibleName("Scoring drills")
        self.drills.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.drills.clicked.connect(self.drills_asked)
        self.drills.hide()
        self.words_box = QWidget()
        self.words_box.setObjectName("coach_words")
        words = QVBoxLayout(self.words_box)
        words.setContentsMargins(0, 0, 4, 0)
        words.addWidget(self.text)
        words.addStretch(1)
        self.words_scroll = _WordsScroll()
        self.words_scroll.setObjectName("coach_scroll")
        self.words_scroll.setWidget(self.words_box)
        self.words_scroll.setWidgetResizable(True)
        self.words_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.words_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.words_scroll.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Maximum)
        # reachable by Tab (the arrow keys and Page Down then scroll the words); the cards
        # keep the keyboard otherwise
        self.words_scroll.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.words_scroll.verticalScrollBar().setSingleStep(self.fontMetrics().lineSpacing())
        self.words_scroll.setAccessibleName("The coach's words")
        self.words_scroll.viewport().setAutoFillBackground(False)
        self.words_box.setAutoFillBackground(False)
        top = QHBoxLayout()
        top.addWidget(self.words_scroll, 1)
        top.addWidget(self.drills, 0, Qt.AlignmentFlag.AlignTop)
        top.addWidget(self.skip, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.setSpacing(2)
        layout.addLayout(top)
        layout.addWidget(self.next)  # what to do next stays in sight when the words scroll
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.said: Said | None = None
        self._watched_parent: QWidget | None = None
        self._short_at = (0, 0)  # the heights at which the banner last asked again
        self.hide()
        self._restyle()
        theme.signals.changed.connect(self._restyle)

    def watch_clicks(self, table: QGraphicsView) -> None:
        """Notice clicks on ``table``'s cards that the table does not take."""
        self._table = table
        table.viewport().installEventFilter(self)

    _table: QGraphicsView | None = None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt)
        if watched is self._watched_parent and event.type() == QEvent.Type.Resize:
            self.fit()
            return False
        table = self._table
        if table is not None and self.isVisible() and watched is table.viewport() \
                and event.type() == QEvent.Type.MouseButtonPress:
            at = event.position().toPoint()  # type: ignore[attr-defined]
            # the topmost card under the mouse (a focus ring may lie over it)
            cards = ((i, getattr(i, "card", None)) for i in table.items(at))
            item, card = next(((i, c) for i, c in cards if isinstance(c, int)), (None, None))
            if card is not None and not getattr(item, "interactive", True):
                self.idle_card_clicked.emit(card)
        return False

    def show_said(self, said: Said) -> None:
        """Show ``said``: its title, what happened, and (in bold) what to do next. Once
        the lesson is over (the person on their own) the button only closes the panel."""
        self.said = said
        done = said.step in ("own", "end")
        self.skip.setText("Close" if done else "Skip the lesson")
        self.skip.setAccessibleName(self.skip.text())
        self.drills.setVisible(done)  # after the guided deals: drill each way of scoring
        self.text.setText(f"<b>{escape(said.title, quote=False)}.</b> "
                           f"{escape(said.text, quote=False)}")
        self.next.setText(f"<b>Next:</b> {escape(said.next, quote=False)}"
                          if said.next else "")
        self.setAccessibleDescription(f"{said.title}. {said.text} Next: {said.next}")
        self.words_scroll.setAccessibleDescription(self.accessibleDescription())
        self.show()
        self.fit()
        self.words_scroll.verticalScrollBar().setValue(0)  # a new step reads from its start

    def fit(self) -> None:
        """Give the words the height they need at the banner's width, up to
        :data:`MAX_SHARE` of the parent's height (then they scroll)."""
        parent = self.parentWidget()
        if parent is not self._watched_parent:  # the window's layout gave it a parent
            if parent is not None:
                parent.installEventFilter(self)
            self._watched_parent = parent
        if not self.isVisible():
            return
        if self.text.font() != self.font():
            # (Qt does not pass a new application font on into the scroll area's words:
            # the text size would leave them at the size they were made with)
            sized = QFont(self.font())
            if sized.pointSizeF() > 0:  # said, so it is passed on
                sized.setPointSizeF(sized.pointSizeF())
            else:
                sized.setPixelSize(sized.pixelSize())
            self.text.setFont(sized)
        width = self.words_scroll.width()
        if width <= 0:
            return
        box = self.words_box
        needed = box.heightForWidth(width)
        if needed < 0:
            needed = box.sizeHint().height()
        room = max(self.fontMetrics().lineSpacing() * 3,
                   int(parent.height() * MAX_SHARE) - 12) if parent is not None else needed
        given = self.words_scroll.height()  # what the window's layout could give (at most room)
        scrolls = needed > min(given, room)
        if scrolls:  # the scroll bar takes some of the width: the words need more
            bar = self.words_scroll.verticalScrollBar().sizeHint().width()
            needed = box.heightForWidth(width - bar)
        # the scroll bar only when the words do not fit (Qt's own choice lags a resize and
        # can leave a needless bar over the words' right edge)
        self.words_scroll.setVerticalScrollBarPolicy(
            Qt.ScrollBarPolicy.ScrollBarAlwaysOn if scrolls
            else Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # what to do next, whole at this width (a wrapped label's own minimum is taller,
        # as if narrow, and would take the table's room)
        wanted = self.next.heightForWidth(self.width() - 20) if self.next.text() else 0
        if wanted >= 0 and self.next.height() != wanted:
            self.next.setFixedHeight(wanted)
        # as tall as the words up to room; a short window may give less, never under a line
        # and the Skip button (the window's layout shares what is left with the table)
        tallest = min(needed, room)
        least = min(tallest, max(self.fontMetrics().lineSpacing(),
                                 self.skip.sizeHint().height()))
        scroll = self.words_scroll
        if (scroll.minimumHeight(), scroll.maximumHeight(), scroll.wanted) != \
                (least, tallest, tallest):
            scroll.setMinimumHeight(least)
            scroll.setMaximumHeight(tallest)
            scroll.wanted = tallest  # asked of the window's layout, which gives it where it can
            scroll.updateGeometry()
            # (asked during the window layout's own pass, as the docks rearrange at a new
            # width, the request is lost: the banner asks itself, now and once the pass
            # is over)
            self._relayout()
            QTimer.singleShot(0, self._relayout)
        elif self.height() < self.sizeHint().height() and \
                self._short_at != (self.height(), parent.height() if parent else 0):
            # shorter than asked: the window's layout may have kept an old size hint (seen
            # as the docks rearrange at 1366 px); ask once more for this height
            self._short_at = (self.height(), parent.height() if parent else 0)
            QTimer.singleShot(0, self._relayout)
        # words that scroll show whole lines: the part of a line under the last whole one
        # is left blank rather than cut through the letters
        line = self.text.fontMetrics().lineSpacing()
        part = given % line if scrolls and given > line else 0
        self.words_scroll.setViewportMargins(0, 0, 0, part)

    def _relayout(self) -> None:
        layout = self.layout()
        if layout is not None:
            layout.invalidate()
        self.updateGeometry()  # (the window's layout keeps the banner's last size hint)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt)
        """No: fit() sets the words' heights for the banner's width. (The window's layout
        would take the wrapped words' height for a width as the banner's minimum, and
        squeeze the table under the bar of buttons.)"""
        return False

    def showEvent(self, event) -> None:  # noqa: N802 (Qt)
        super().showEvent(event)
        self.shown.emit(True)

    def hideEvent(self, event) -> None:  # noqa: N802 (Qt)
        super().hideEvent(event)
        self.shown.emit(False)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt)
        super().resizeEvent(event)
        self.fit()  # a new width wraps the words anew

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt)
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:  # the text size: taller words
            self.fit()

    def words(self) -> str:
        """The panel's words as shown (plain text)."""
        s = self.said
        return "" if s is None or not self.isVisible() else f"{s.title}. {s.text} {s.next}"

    def _restyle(self, *_theme) -> None:
        t = theme.current()
        self.setStyleSheet(
            f"QFrame#coach_panel {{ background: {t.base}; color: {t.text}; "
            f"border: 2px solid {t.accent}; border-radius: 6px; }}"
            f"QFrame#coach_panel QLabel {{ color: {t.text}; border: none; }}"
            f"QScrollArea#coach_scroll {{ background: transparent; "
            f"border: none; }}")


class _WordsScroll(QScrollArea):
    """The words' scroll area: it asks the window's layout for the height ``fit`` works
    out (the words at the banner's width, up to its share), not Qt's guess from the
    label's own size hint, which wraps the words as if wider (one or two lines of four
    were in sight at 1366x768)."""

    wanted = 0

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt)
        hint = super().sizeHint()
        return QSize(hint.width(), self.wanted) if self.wanted else hint
