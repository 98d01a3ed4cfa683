"""Small helpers for the inspector's tables: numeric sorting, sizing to content, the chosen
row marked in the theme's colours."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QAbstractItemView, QTableWidget, QTableWidgetItem

from cribbage_gui.app import theme

# the review's marks (cribbage_gui.services.review), as chess writes them; the chart's marker
# colours
MARK_COLOURS = {"inaccuracy": "#d9a400", "mistake": "#e8720c", "blunder": "#d43a3a"}
MARK_SIGNS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def mark_colour(mark: str) -> QColor:
    """A mark's colour as text in the current theme (darker on white, brighter on dark, so
    "?! inaccuracy" reads on both); ``MARK_COLOURS`` are the chart's markers."""
    return QColor(theme.current().marks[("inaccuracy", "mistake", "blunder").index(mark)])


def mark_text(mark: str | None) -> str:
    """"?? blunder", or "" for no mark."""
    return f"{MARK_SIGNS[mark]} {mark}" if mark else ""


class NumberItem(QTableWidgetItem):
    """A cell that sorts by its number, not its text."""

    def __init__(self, value: float, text: str | None = None, key=None) -> None:
        if text is None:
            text = str(value) if isinstance(value, int) else f"{value:.2f}"
        super().__init__(text)
        self.value = value
        self.key = value if key is None else key  # what sorting compares
        self.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

    def __lt__(self, other) -> bool:
        return self.key < getattr(other, "key", 0.0)


class FitTable(QTableWidget):
    """A table whose columns are as wide as their content; when the panel is too narrow
    for all of them, the least important are hidden (their figures stay in the rows'
    tooltips) instead of being clipped. ``priority``: columns, most important first
    (by default left to right). The room left over is shared out among the columns
    shown, none more than doubled, so a wide panel shows a table spread across it rather
    than bunched at the left or with one vast last column; what is still left goes to the
    last column (``stretch_last``) or stays blank."""

    def __init__(self, rows: int, columns: int) -> None:
        super().__init__(rows, columns)
        self.priority: list[int] | None = None
        self.stretch_last = True  # the last column takes the room left over

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt)
        super().resizeEvent(event)
        self.fit()

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt)
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:  # the text size setting: rows follow
            fit_rows(self)
            self.fit()

    def fit(self) -> None:
        """Show the most important columns that fit the width; size them to content."""
        n = self.columnCount()
        if n == 0:
            return
        order = [c for c in (self.priority or range(n)) if c < n]
        order += [c for c in range(n) if c not in order]
        header = self.horizontalHeader()
        least = header.minimumSectionSize()  # Qt widens a narrower column to this
        widths = {c: max(self.sizeHintForColumn(c) + 2, self._header_width(c) + 2, least)
                  for c in range(n)}
        room = self.viewport().width()
        shown, used = [], 0
        for i, c in enumerate(order):
            if i < 2 or used + widths[c] <= room:  # always the first two
                shown.append(c)
                used += widths[c]
        if room > used:
            share = (room - used) // len(shown)
            for c in shown:
                widths[c] += min(share, widths[c])
        for c in range(n):
            self.setColumnHidden(c, c not in shown)
            if c in shown:
                self.setColumnWidth(c, widths[c])
        header.setStretchLastSection(self.stretch_last)

    def _header_width(self, column: int) -> int:
        """The header's text and padding, with room for the sort arrow only where it is
        drawn (Qt reserves that room in every section)."""
        header = self.horizontalHeader()
        item = self.horizontalHeaderItem(column)
        text = item.text() if item is not None else ""
        width = header.fontMetrics().horizontalAdvance(text) + 14
        if self.isSortingEnabled() and header.sortIndicatorSection() == column:
            width += 18
        return width

    @property
    def hidden_columns(self) -> list[int]:
        return [c for c in range(self.columnCount()) if self.isColumnHidden(c)]


def make_table(headers: list[str], tips: dict[str, str] | None = None) -> FitTable:
    table = FitTable(0, len(headers))
    set_headers(table, headers, tips)
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setWordWrap(False)
    table.setTextElideMode(Qt.TextElideMode.ElideRight)
    table.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
    header = table.horizontalHeader()
    header.setMinimumSectionSize(28)
    header.setHighlightSections(False)
    fit_rows(table)
    return table


def fit_rows(table: QTableWidget) -> None:
    """Rows as tall as their text needs in the table's font now (Fusion's default, about
    30 px, showed 7 of the 15 discards at 1024x700; a height set once at 100% text cut the
    letters at 200%). A :class:`FitTable` calls it again when its font changes."""
    table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 8)


def set_headers(table: QTableWidget, headers: list[str],
                tips: dict[str, str] | None = None) -> None:
    table.setColumnCount(len(headers))
    for c, text in enumerate(headers):
        item = QTableWidgetItem(text)
        if tips and text in tips:
            item.setToolTip(tips[text])
        table.setHorizontalHeaderItem(c, item)


def cell(table: QTableWidget, row: int, column: int) -> QTableWidgetItem:
    """The item in a cell that :func:`fill` filled (Qt gives None for an empty cell)."""
    item = table.item(row, column)
    assert item is not None, f"no item in cell ({row}, {column})"
    return item


def header_cell(table: QTableWidget, column: int) -> QTableWidgetItem:
    """The header item of a column that :func:`set_headers` named."""
    item = table.horizontalHeaderItem(column)
    assert item is not None, f"column {column} has no header item"
    return item


def fill(table: QTableWidget, rows: list[list], highlight: int | None = None,
         tips: list[str] | None = None) -> None:
    """Rows of values (numbers sort as numbers); ``highlight`` marks one row; ``tips`` gives
    each row a tooltip. Columns are sized to their content and the last one stretches."""
    table.setSortingEnabled(False)
    table.setRowCount(len(rows))
    t = theme.current()
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            item = value if isinstance(value, QTableWidgetItem) else (
                NumberItem(value) if isinstance(value, float | int) and not isinstance(
                    value, bool) else QTableWidgetItem(str(value)))
            if r == highlight:
                item.setBackground(QColor(t.chosen_row))
                item.setForeground(QColor(t.chosen_row_text))
            if tips is not None:
                item.setToolTip(tips[r])
            table.setItem(r, c, item)
    fit_columns(table)


def fit_columns(table: QTableWidget) -> None:
    """Every column as wide as its content (a FitTable also hides what does not fit)."""
    if isinstance(table, FitTable):
        table.fit()
        return
    table.resizeColumnsToContents()
    table.horizontalHeader().setStretchLastSection(True)


def fit_height(table: QTableWidget) -> None:
    """Make ``table`` exactly as tall as its header and rows (a short summary table, with
    no scroll bar and no blank space under its last row)."""
    height = table.horizontalHeader().sizeHint().height() + sum(
        table.rowHeight(r) for r in range(table.rowCount())) + 2 * table.frameWidth() + 2
    table.setMinimumHeight(height)
    table.setMaximumHeight(height)
