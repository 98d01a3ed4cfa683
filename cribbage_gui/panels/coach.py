"""The coach of the guided first game: a banner above the table saying, as each step of the
game comes, what happened and what to do next, with a button to skip the lesson.

It only shows the words it is given (:class:`cribbage_gui.services.lessons.Said`); the lesson's
words and when they are said are :mod:`cribbage_gui.services.lessons`'.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
)

from cribbage_gui.app import theme
from cribbage_gui.services.lessons import Said


class CoachPanel(QFrame):
    """The lesson's banner; ``skipped`` when the person presses Skip the lesson, and
    ``idle_card_clicked`` (while shown) when a card of the table is clicked at a moment
    that asks nothing of the person (the table itself ignores such a click)."""

    skipped = Signal()
    idle_card_clicked = Signal(int)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("coach_panel")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.title = QLabel("")
        self.title.setObjectName("coach_title")
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.text = QLabel("")
        self.text.setTextFormat(Qt.TextFormat.PlainText)
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
        words = QVBoxLayout()
        words.setSpacing(2)
        words.addWidget(self.title)
        words.addWidget(self.text)
        words.addWidget(self.next)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.addLayout(words, 1)
        layout.addWidget(self.skip, 0, Qt.AlignmentFlag.AlignTop)
        self.said: Said | None = None
        self.hide()
        self._restyle()
        theme.signals.changed.connect(self._restyle)

    def watch_clicks(self, table: QGraphicsView) -> None:
        """Notice clicks on ``table``'s cards that the table does not take."""
        self._table = table
        table.viewport().installEventFilter(self)

    _table: QGraphicsView | None = None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt)
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
        self.title.setText(f"<b>{escape(said.title, quote=False)}</b>")
        self.text.setText(said.text)
        self.next.setText(f"<b>Next:</b> {escape(said.next, quote=False)}"
                          if said.next else "")
        self.setAccessibleDescription(f"{said.title}. {said.text} Next: {said.next}")
        self.show()

    def words(self) -> str:
        """The panel's words as shown (plain text)."""
        s = self.said
        return "" if s is None or not self.isVisible() else f"{s.title}. {s.text} {s.next}"

    def _restyle(self, *_theme) -> None:
        t = theme.current()
        self.setStyleSheet(
            f"QFrame#coach_panel {{ background: {t.base}; color: {t.text}; "
            f"border: 2px solid {t.accent}; border-radius: 6px; }}"
            f"QFrame#coach_panel QLabel {{ color: {t.text}; border: none; }}")
