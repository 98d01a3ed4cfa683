"""The main window's docks: the board across the top, the panels (the reasoning, the heatmap
and the play-by-play) tabbed on the right, and from ``WIDE`` pixels the play-by-play in a
column of its own on the left.

The default arrangement follows the window's width until the person moves a panel; from
then on their arrangement stays. The window's geometry and its docks are kept in QSettings
between sessions (a layout saved by another ``LAYOUT_VERSION`` is not restored).
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QByteArray, QSettings, QSize, Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDockWidget, QMainWindow, QTabBar, QWidget

LAYOUT_VERSION = 2  # a saved dock layout from another version is not restored
WIDE = 1300  # from this width the play-by-play has its own column


def board_dock(window: QMainWindow, board: QWidget) -> QDockWidget:
    """The board in a fixed dock across the top of ``window`` (no title bar, no moving)."""
    dock = QDockWidget("Board", window)
    dock.setObjectName("board")
    dock.setWidget(board)
    dock.setTitleBarWidget(QWidget())
    dock.setFeatures(QDockWidget.DockWidgetFeature.NoDockWidgetFeatures)
    window.setCorner(Qt.Corner.TopLeftCorner, Qt.DockWidgetArea.TopDockWidgetArea)
    window.setCorner(Qt.Corner.TopRightCorner, Qt.DockWidgetArea.TopDockWidgetArea)
    window.addDockWidget(Qt.DockWidgetArea.TopDockWidgetArea, dock)
    return dock


class DockLayout:
    """The arrangement of ``window``'s docks; see the module docstring. ``panels`` are the
    reasoning, the heatmap and the play-by-play, in that order."""

    def __init__(self, window: QMainWindow, board: QDockWidget,
                 panels: tuple[QDockWidget, QDockWidget, QDockWidget],
                 qsettings: QSettings) -> None:
        self.window, self.board, self.panels, self.qsettings = window, board, panels, qsettings
        self.auto = True  # the default panels follow the width, until moved
        self.coach_shown = False  # Learn to play's coach over the table: a shorter board
        self.wide = False  # the default arrangement's width class (set by arrange_default)
        self.arranging = False  # the layout itself is moving the docks, not the person
        self._asked = QSize()  # the size last asked for, kept when the docks are rearranged
        window.setDockOptions(QMainWindow.DockOption.AnimatedDocks
                              | QMainWindow.DockOption.AllowTabbedDocks)
        for dock in panels:
            dock.dockLocationChanged.connect(self._panels_moved)
            dock.topLevelChanged.connect(self._panels_moved)
        self.arrange_default(wide=False)

    def arrange_default(self, wide: bool) -> None:
        """The panels on the right, tabbed; from ``WIDE`` pixels the play-by-play on the
        left in a column of its own."""
        window = self.window
        reasoning, heatmap, log = self.panels
        self.arranging = True
        self.wide = wide
        right = Qt.DockWidgetArea.RightDockWidgetArea
        for dock in self.panels:
            dock.setFloating(False)
            window.addDockWidget(right, dock)
        window.tabifyDockWidget(reasoning, heatmap)
        if wide:
            window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, log)
            window.resizeDocks([log], [max(220, int(window.width() * 0.14))],
                               Qt.Orientation.Horizontal)
        else:
            window.tabifyDockWidget(reasoning, log)
        window.resizeDocks([reasoning], [max(500, int(window.width() * 0.3)) if wide else 330],
                           Qt.Orientation.Horizontal)
        reasoning.raise_()
        self.arranging = False
        QTimer.singleShot(0, self.whole_tab_names)

    def whole_tab_names(self) -> None:
        """The tabs of tabbed panels say their names whole ("Reasoning", not "Rea…" at
        200% text); where they do not all fit, the tab bar scrolls. Qt makes a tab bar
        for each group of tabbed panels as it forms: called after every arrangement."""
        direct = Qt.FindChildOption.FindDirectChildrenOnly
        for bar in self.window.findChildren(QTabBar, options=direct):
            bar.setElideMode(Qt.TextElideMode.ElideNone)
            bar.setUsesScrollButtons(True)

    def _panels_moved(self, *_args) -> None:
        QTimer.singleShot(0, self.whole_tab_names)
        if not self.arranging:
            self.auto = False  # the person arranged them: keep their layout

    def resized(self, size: QSize) -> None:
        """The window was resized (to ``size``): the board keeps its share of the height,
        and the default panels follow the width."""
        self.size_board()
        if self.arranging:
            return
        self._asked = size
        wide = self.window.width() >= WIDE
        if self.auto and wide != self.wide:
            # rearranging the docks inside a resize makes Qt grow the window: do it just
            # after, and keep the size last asked for
            self.wide = wide
            QTimer.singleShot(0, self._rearrange)

    def _rearrange(self) -> None:
        if self.auto:
            self.arrange_default(self.wide)
            self.arranging = True
            self.window.resize(self._asked)
            self.arranging = False
            self.size_board()

    def size_board(self) -> None:
        """The board takes about a quarter of the window's height (a fifth while the
        lesson's coach is shown over the table), and all of its width."""
        share = 0.19 if self.coach_shown else 0.24
        self.window.resizeDocks([self.board],
                                [int(min(300, max(130, self.window.height() * share)))],
                                Qt.Orientation.Vertical)

    def coach_shown_changed(self, shown: bool) -> None:
        """Learn to play's coach shown or hidden: its words take some of the board's
        height (at 1024x700 and 200% text they had one line)."""
        if shown != self.coach_shown and shiboken6.isValid(self.window):  # (not when
            # the window is being destroyed)
            self.coach_shown = shown
            self.size_board()

    def reset(self) -> None:
        """View → Reset the panels: the default layout for this width, all panels shown."""
        for dock in self.panels:
            dock.setVisible(True)
        self.auto = True
        self.arrange_default(wide=self.window.width() >= WIDE)

    # ------------------------------------------------------------------ kept between sessions
    def restore(self) -> None:
        """The geometry and the docks of the last session, if it saved this version's."""
        qs = self.qsettings
        geometry, state = qs.value("window/geometry"), qs.value("window/state")
        if stored_int(qs.value("window/layout", 0)) == LAYOUT_VERSION and geometry is not None:
            self.arranging = True
            self.window.restoreGeometry(QByteArray(geometry))
            if state is not None and self.window.restoreState(QByteArray(state),
                                                              LAYOUT_VERSION):
                self.auto = False
            self.arranging = False
            QTimer.singleShot(0, self.whole_tab_names)

    def save(self) -> None:
        qs = self.qsettings
        qs.setValue("window/geometry", self.window.saveGeometry())
        qs.setValue("window/state", self.window.saveState(LAYOUT_VERSION))
        qs.setValue("window/layout", LAYOUT_VERSION)
        qs.sync()


def stored_int(value: object) -> int:
    """A whole number kept in QSettings (an INI file gives it back as text; 0 if unset)."""
    return int(value) if isinstance(value, int | float | str) and value else 0


def first_size() -> tuple[int, int]:
    """The window's size at the very first start: 1400x900, or 90% of a smaller screen."""
    screen = QGuiApplication.primaryScreen()
    if screen is None:
        return 1400, 900
    room = screen.availableGeometry()
    return min(1400, int(room.width() * 0.9)), min(900, int(room.height() * 0.9))
