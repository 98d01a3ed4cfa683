"""Widgets that keep a window within a small screen at a large text size (a 1024x700
laptop at 200% text): a row that wraps, a button no wider than its text, and words that
scroll rather than hold the window taller.

:class:`WrapRow` lays its widgets left to right, the first (a label: the tally, a title)
stretched over the row's spare room. Where they do not all fit, the first takes the width
it can do with (its ``minimumSizeHint``: a ``FitLabel``'s short text) and the others follow
it, as many to a row as fit, then on the rows below, pressed to the right as they stood.
Its height for a width is the rows' (the window's layout gives it that): at 200% text a
plain row of buttons needed more width than a 1024-pixel screen leaves it, and held its
window wider than the screen.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import (
    QFrame,
    QLabel,
    QLayout,
    QLayoutItem,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QWidget,
)


class WrapRow(QLayout):
    """Widgets in a row that wraps; the first stretches. ``rows(width)`` says how they
    stand at a width (for tests)."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 6) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self.setSpacing(spacing)
        self.setContentsMargins(0, 0, 0, 0)

    # ------------------------------------------------------------------ QLayout
    def addItem(self, item: QLayoutItem) -> None:  # noqa: N802 (Qt)
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 (Qt)
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 (Qt)
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:  # noqa: N802 (Qt)
        return Qt.Orientation.Horizontal

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt)
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt)
        return self._place(QRect(0, 0, width, 0), move=False)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt)
        shown = self._shown()
        m = self.contentsMargins()
        width = sum(i.sizeHint().width() for i in shown) + self.spacing() * max(0,
                                                                              len(shown) - 1)
        height = max((i.sizeHint().height() for i in shown), default=0)
        return QSize(width + m.left() + m.right(), height + m.top() + m.bottom())

    def minimumSize(self) -> QSize:  # noqa: N802 (Qt)
        """As narrow as the widest widget (each on a row of its own), one row tall (the
        height for the width given is :meth:`heightForWidth`'s)."""
        shown = self._shown()
        m = self.contentsMargins()
        width = max((self._least(i) for i in shown), default=0)
        height = max((i.sizeHint().height() for i in shown), default=0)
        return QSize(width + m.left() + m.right(), height + m.top() + m.bottom())

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802 (Qt)
        super().setGeometry(rect)
        self._place(rect, move=True)

    # ------------------------------------------------------------------ placing
    def _shown(self) -> list[QLayoutItem]:
        return [i for i in self._items if not i.isEmpty()]

    def _least(self, item: QLayoutItem) -> int:
        """The least width of ``item``: the first's own least (a label may shrink); the
        others' wanted width (a button is not squeezed)."""
        shown = self._shown()
        if shown and item is shown[0]:
            return item.minimumSize().width()
        return max(item.minimumSize().width(), item.sizeHint().width())

    def rows(self, width: int) -> list[list[QWidget | None]]:
        """The widgets of each row at ``width`` (the layout's own width, margins in)."""
        m = self.contentsMargins()
        return [[item.widget() for item, _w in row]
                for row in self._rows(width - m.left() - m.right())]

    def _rows(self, width: int) -> list[list[tuple[QLayoutItem, int]]]:
        shown = self._shown()
        if not shown:
            return []
        gap = self.spacing()
        first, rest = shown[0], shown[1:]
        wanted = [max(self._least(i), i.sizeHint().width()) for i in rest]
        rest_width = sum(wanted) + gap * len(rest)
        if first.sizeHint().width() + rest_width <= width or not rest:
            return [[(first, max(self._least(first), width - rest_width)),
                     *zip(rest, wanted, strict=True)]]
        # the first at the width it can do with (a FitLabel's short text), the others
        # after it as far as they go, then on the rows below
        widget = first.widget()
        tight = min(width, widget.minimumSizeHint().width() if widget is not None
                    else self._least(first))
        rows: list[list[tuple[QLayoutItem, int]]] = []
        row: list[tuple[QLayoutItem, int]] = [(first, tight)]
        used = tight
        for item, w in zip(rest, wanted, strict=True):
            if row and used + gap + w > width:
                rows.append(row)
                row, used = [], 0
            used += (gap if row else 0) + w
            row.append((item, w))
        rows.append(row)
        head = rows[0]  # the first takes its row's spare room
        head[0] = (first, tight + width - (sum(w for _i, w in head) + gap * (len(head) - 1)))
        return rows

    def _place(self, rect: QRect, move: bool) -> int:
        """Lay the widgets out in ``rect`` (or only measure); the height they take."""
        m = self.contentsMargins()
        inner = rect.adjusted(m.left(), m.top(), -m.right(), -m.bottom())
        gap = self.spacing()
        y = inner.y()
        for row in self._rows(inner.width()):
            height = max(item.sizeHint().height() for item, _w in row)
            if move:  # pressed to the right, as they stand in one row
                x = inner.right() + 1 - (sum(w for _i, w in row) + gap * (len(row) - 1))
                for item, w in row:
                    item.setGeometry(QRect(QPoint(max(inner.x(), x), y),
                                           QSize(min(w, inner.width()), height)))
                    x += w + gap
            y += height + gap
        return (y - gap - inner.y() if y > inner.y() else 0) + m.top() + m.bottom()


class CompactButton(QPushButton):
    """A push button as wide as its text and a little room, not the style's least width
    (about 80 px at any text size: four arrow buttons, "|◀" to "▶|", took 344 px of a
    1024-pixel row at 200% text)."""

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt)
        hint = super().sizeHint()
        metrics = self.fontMetrics()
        width = metrics.horizontalAdvance(self.text().replace("&", "")) + metrics.height()
        return QSize(min(hint.width(), width), hint.height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt)
        return self.sizeHint()


def scrolling_down(widget: QWidget | None = None) -> QScrollArea:
    """A frameless area that scrolls ``widget`` up and down only (it takes the area's
    width): what keeps a tall page within a short window at a large text size."""
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    if widget is not None:
        area.setWidget(widget)
    return area


class ScrollingWords(QScrollArea):
    """A word-wrapped label that asks for the height of its words at its width, and
    scrolls when the window cannot give that (at least ``least_lines`` lines): a long
    sentence under a short window held it taller than the screen."""

    def __init__(self, label: QLabel, least_lines: int = 2) -> None:
        super().__init__()
        self.label, self.least_lines = label, least_lines
        self._margining = False
        label.setWordWrap(True)
        self.setWidget(label)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # the arrow keys scroll the words
        self.viewport().setAutoFillBackground(False)
        label.setAutoFillBackground(False)
        self.viewport().installEventFilter(self)  # new words: a new height asked for

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt)
        if watched is self.viewport() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()
        return super().eventFilter(watched, event)

    def words_height(self) -> int:
        """The words' height at the width they have."""
        width = self.viewport().width() if self.isVisible() else self.width()
        need = self.label.heightForWidth(max(1, width))
        return need if need >= 0 else self.label.sizeHint().height()

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt)
        return QSize(super().sizeHint().width(), self.words_height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt)
        lines = self.label.fontMetrics().lineSpacing() * self.least_lines
        return QSize(super().minimumSizeHint().width(), min(lines, self.words_height()))

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt)
        super().resizeEvent(event)
        if event.oldSize().width() != event.size().width():
            self.updateGeometry()  # a new width wraps the words anew
        # words that scroll show whole lines: the part of a line under the last whole one
        # is left blank rather than cut through the letters
        line = self.label.fontMetrics().lineSpacing()
        height = event.size().height()
        scrolls = self.words_height() > height
        part = height % line if scrolls and height > line else 0
        if height - part < self.least_lines * line:  # never fewer than the least lines
            part = 0  # (rich text's lines are not always the font's: a part line then)
        if self.viewportMargins().bottom() != part and not self._margining:
            self._margining = True  # (setting them sends this widget a resize again)
            try:
                self.setViewportMargins(0, 0, 0, part)
            finally:
                self._margining = False
