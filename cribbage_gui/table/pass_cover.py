"""The "pass to NAME" screen of a game between two people at one computer.

Between the turns of two people sharing the screen it lies over the whole table, opaque, so
neither hand can be seen while the computer changes hands; Continue (a click, Enter or
Space once the next person has the screen) lifts it. It only shows and tells: the game
(:class:`cribbage_gui.table.game.Playing`) decides when it goes up and what lifting it means.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QRadialGradient
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from cribbage_gui.app import theme


class PassCover(QWidget):
    """An opaque cover over ``over`` (the table), kept at its size; ``continued`` when the
    person it was passed to presses Continue."""

    continued = Signal()

    def __init__(self, over: QWidget) -> None:
        super().__init__(over)
        self.over = over
        self.setObjectName("pass_cover")
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.name = ""
        self.title = QLabel("", self)
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.title.setWordWrap(True)
        self.note = QLabel("", self)
        self.note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.note.setWordWrap(True)
        self.button = QPushButton("Continue", self)
        self.button.setDefault(True)
        self.button.setAutoDefault(True)
        self.button.clicked.connect(self._continue)
        layout = QVBoxLayout(self)
        layout.addStretch(2)
        layout.addWidget(self.title)
        layout.addWidget(self.note)
        layout.addSpacing(16)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(3)
        over.installEventFilter(self)
        self.hide()
        self._restyle()
        theme.signals.changed.connect(self._restyle)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt)
        if watched is self.over and event.type() == QEvent.Type.Resize:
            self.setGeometry(self.over.rect())
        return False

    def _restyle(self, *_theme) -> None:
        t = theme.current()
        self.title.setStyleSheet(f"color: {t.table_text}")
        self.note.setStyleSheet(f"color: {t.table_text}")
        self.title.setFont(theme.font(26, bold=True))
        self.note.setFont(theme.font(15))
        self.update()

    def paintEvent(self, _event) -> None:  # noqa: N802 (Qt)
        t = theme.current()
        painter = QPainter(self)
        r = self.rect()
        gradient = QRadialGradient(r.center(), max(r.width(), r.height()) * 0.7)
        gradient.setColorAt(0, QColor(t.felt[0]).darker(125))
        gradient.setColorAt(1, QColor(t.felt[1]).darker(125))
        painter.fillRect(r, gradient)

    def cover(self, name: str) -> None:
        """Hide the table: the screen goes to ``name`` next."""
        self.name = name
        self.title.setText(f"Pass to {name}")
        self.note.setText(f"Both hands are hidden. Press Continue when {name} is at the "
                          f"screen (and the other player is not looking).")
        self.button.setText(f"Continue as {name}")
        self.button.setAccessibleName(f"Continue: {name} is at the screen")
        self.setAccessibleName(f"Pass to {name}")
        self.setGeometry(self.over.rect())
        self.show()
        self.raise_()
        self.button.setFocus(Qt.FocusReason.OtherFocusReason)

    def lift(self) -> None:
        self.hide()

    @property
    def covering(self) -> bool:
        return not self.isHidden()

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt)
        # Enter or Space anywhere on the cover: the next person is at the screen
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self._continue()
            return
        super().keyPressEvent(event)

    def _continue(self) -> None:
        if self.covering:
            self.hide()
            self.continued.emit()
