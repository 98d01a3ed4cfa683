"""Colours, fonts and sizes of the whole application, in one place, for light and dark.

Widgets never type a colour: they ask :func:`current` at paint time (``current().accent``)
and connect to :data:`signals.changed` if they cache anything (charts, labels). Qt widgets
(menus, tables, dialogs) take the theme's :class:`~PySide6.QtGui.QPalette`; pyqtgraph charts
are styled by :func:`style_chart`, which also restyles them when the theme changes.

The theme is ``"system"`` (follow the desktop's light or dark setting), ``"light"``,
``"dark"`` or ``"high-contrast"`` (white and yellow on black, thick outlines and focus
rectangles); the zoom scales the cards and the table's lettering (0.8 to 1.6), and the text
size (100 to 200%) scales the whole window's lettering and the cards with it.

Every text is drawn at a contrast of at least 4.5:1 (WCAG AA) against what is under it, on
every board wood and in every theme: :func:`board_colours` gives the board's ink for a wood
(dark on maple, light on the darker woods), and tests/gui/test_contrast.py checks them all.
"""

from __future__ import annotations

import contextlib
import weakref
from dataclasses import dataclass
from typing import TypedDict

import pyqtgraph as pg
import shiboken6
from PySide6.QtCore import QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QGuiApplication,
    QIcon,
    QPainter,
    QPalette,
    QPen,
    QPixmap,
)
from PySide6.QtWidgets import QProxyStyle, QStyle, QStyleFactory

THEMES = ("system", "light", "dark", "high-contrast")
# each seat's marker in charts, as its pegs on the board (round, diamond): colour is never
# the only sign of whose line it is
SEAT_SYMBOLS = ("o", "d", "s")
# the series of a chart with more lines (one per opponent): a shape each, as well as a colour
SERIES_SYMBOLS = ("o", "t", "s", "d", "star", "+")
TEXT_SIZES = (100, 125, 150, 175, 200)  # percent of the desktop's font
ZOOMS = (0.8, 0.9, 1.0, 1.15, 1.3, 1.45, 1.6)
CHART_TITLE = "10pt"  # chart titles: compact, so that they fit a narrow panel
FAMILY = "DejaVu Sans"  # shipped with most Linux desktops; Qt falls back elsewhere
SERIF = "DejaVu Serif"


@dataclass(frozen=True)
class Theme:
    """Every colour the application draws with (``#rrggbb`` or ``#aarrggbb``)."""

    name: str
    dark: bool
    # Qt's palette
    window: str
    base: str
    alternate: str
    text: str
    muted: str
    button: str
    highlight: str
    highlight_text: str
    link: str
    # the card table
    felt: tuple[str, str]  # centre, edge of the radial gradient
    table_text: str
    bubble: str  # announcement background
    bubble_text: str
    status_bubble: str
    glow: str  # cards of the score being announced
    hover: str
    dim: str  # over earlier cards of the play
    go_chip: str
    go_chip_text: str
    # the board
    pegs: tuple[str, str]  # seat 0, seat 1
    peg_text: tuple[str, str]  # the pegs' colours as text on the panels (readable on base)
    board_text: str
    board_line: str  # skunk lines
    board_hole: str
    badge: str
    badge_text: str
    board_plate: str
    shadow: str  # under pegs and lifted things
    # charts and tables
    accent: str  # the main series colour (blue)
    accent_2: str  # the second series and "chosen" markers (red)
    neutral: str  # other options
    good: str
    bad: str
    chosen_row: str
    chosen_row_text: str
    marks: tuple[str, str, str]  # the review's marks as text: inaccuracy, mistake, blunder
    chart_background: str
    chart_foreground: str
    # outlines: the cards' edge, and a factor on the width of edges and focus rectangles
    card_edge: str = "#8d8a80"
    outline: float = 1.0
    high_contrast: bool = False
    disabled: str = ""  # a disabled control's text (empty: the muted colour)
    third_peg: str = "#2e9e4f"  # the third player's pegs (three players), a square
    third_peg_text: str = "#23803f"  # and as text on the panels

    def peg(self, track: int) -> str:
        """The pegs' colour of a board's track (a player, or a partnership)."""
        return self.pegs[track] if track < 2 else self.third_peg

    def peg_text_of(self, track: int) -> str:
        """A track's colour as text on the panels."""
        return self.peg_text[track] if track < 2 else self.third_peg_text


LIGHT = Theme(
    name="light", dark=False,
    window="#efefef", base="#ffffff", alternate="#f5f5f2", text="#1d1d1f", muted="#5f6368",
    button="#e8e8e8", highlight="#2f6fd6", highlight_text="#ffffff", link="#1f5fbf",
    felt=("#2c7649", "#17492c"), table_text="#f4faf5", bubble="#78000000",
    bubble_text="#fffaeb", status_bubble="#46000000", glow="#e6ffd24a", hover="#78ffffff",
    dim="#6e0a1e14", go_chip="#f2c14e", go_chip_text="#3a2a10",
    pegs=("#d23a3a", "#2f6fd6"), peg_text=("#c43030", "#2a62c4"), board_text="#f6efe2",
    board_line="#ffe7b0",
    board_hole="#c8140c06", badge="#f2c14e", badge_text="#3a2a10", board_plate="#3c000000",
    shadow="#5a000000",
    accent="#2f6fd6", accent_2="#d23a3a", neutral="#8a8f9c", good="#237a4b",
    bad="#c0392b", chosen_row="#fff1b8", chosen_row_text="#1d1d1f",
    marks=("#8a6500", "#b84d00", "#c0392b"),
    chart_background="#ffffff", chart_foreground="#222222",
)

DARK = Theme(
    name="dark", dark=True,
    window="#26282c", base="#1c1d20", alternate="#232428", text="#e6e6e6", muted="#a0a4ab",
    button="#33363b", highlight="#4f8ef0", highlight_text="#ffffff", link="#7fb0ff",
    felt=("#235c3b", "#0f2c1b"), table_text="#dfeadf", bubble="#a0000000",
    bubble_text="#fffaeb", status_bubble="#78000000", glow="#f0ffd24a", hover="#64ffffff",
    dim="#8c05100a", go_chip="#e0b040", go_chip_text="#2a1e08",
    third_peg="#45c06a", third_peg_text="#7fe09a",
    pegs=("#e05050", "#4f8ef0"), peg_text=("#ff8080", "#86b4ff"), board_text="#f6efe2",
    board_line="#ffe7b0",
    board_hole="#dc0a0603", badge="#e0b040", badge_text="#2a1e08", board_plate="#50000000",
    shadow="#78000000",
    accent="#5b9bff", accent_2="#ff6b6b", neutral="#8a8f9c", good="#4cc38a",
    bad="#ff6b6b", chosen_row="#5a4a12", chosen_row_text="#fff6d8",
    marks=("#f2c14e", "#ff9a4a", "#ff7b7b"),
    chart_background="#1c1d20", chart_foreground="#d8d8d8",
)

# White and yellow on black, for low vision: every text at least 7:1 (WCAG AAA), thick card
# edges, outlined buttons and fields, and a wide yellow focus rectangle (ReadableFusion).
HIGH_CONTRAST = Theme(
    name="high-contrast", dark=True,
    window="#000000", base="#000000", alternate="#141414", text="#ffffff", muted="#e6e6e6",
    button="#000000", highlight="#ffff00", highlight_text="#000000", link="#7fd4ff",
    felt=("#000000", "#000000"), table_text="#ffffff", bubble="#ffffff",
    bubble_text="#000000", status_bubble="#ffffff", glow="#ffffff00", hover="#ff00e5ff",
    dim="#b4000000", go_chip="#ffff00", go_chip_text="#000000",
    third_peg="#4dff88", third_peg_text="#8affb0",
    pegs=("#ff5a5a", "#4db8ff"), peg_text=("#ff9a9a", "#8fd0ff"), board_text="#ffffff",
    board_line="#ffff00",
    board_hole="#8c8c8c", badge="#ffff00", badge_text="#000000", board_plate="#000000",
    shadow="#00000000",
    accent="#4db8ff", accent_2="#ffff00", neutral="#b0b0b0", good="#66ff99",
    bad="#ff8080", chosen_row="#ffff00", chosen_row_text="#000000",
    marks=("#ffff00", "#ffb340", "#ff8080"),
    chart_background="#000000", chart_foreground="#ffffff",
    card_edge="#000000", outline=2.5, high_contrast=True, disabled="#8c8c8c",
)

_THEMES = {"light": LIGHT, "dark": DARK, "high-contrast": HIGH_CONTRAST}

# colours that are choices of their own, the same in both themes
CARD_BACKS = {  # name -> (base colour, pattern colour)
    "blue": ("#1f4e8c", "#6f9ad6"),
    "red": ("#9e1f2b", "#e07a84"),
    "green": ("#1d6b45", "#7cc49d"),
    "charcoal": ("#2d2f36", "#8a8f9c"),
    # a second design: a framed lattice drawn in code (cribbage_gui.table.cards)
    "blue lattice": ("#1f4e8c", "#6f9ad6"),
    "red lattice": ("#9e1f2b", "#e07a84"),
}
LATTICE = " lattice"  # the name's ending that picks the lattice design
BOARD_WOODS = {  # name -> (light, dark) of the wood's gradient
    "walnut": ("#8a5a33", "#5b3a1f"),
    "maple": ("#d9b27c", "#a8814e"),
    "cherry": ("#9b4a35", "#62291b"),
    "ebony": ("#4a4540", "#262320"),
}
# the ink of the board's lettering on each wood: light on the darker woods, dark on maple
# (cream numbers on maple were 1.8:1)
WOOD_INK = {"walnut": "light", "maple": "dark", "cherry": "light", "ebony": "light"}
CARD_FACE = {"red": "#c0152f", "black": "#1b1b1f", "paper": ("#ffffff", "#f1efe8"),
             "edge": "#8d8a80", "court": "#fbf6e6", "gold": "#d7b45a", "back_paper": "#fdfdfb"}


@dataclass(frozen=True)
class BoardColours:
    """What the board is painted with, for one wood in one theme."""

    wood: tuple[str, str]  # the top and the bottom of the wood's gradient
    edge: str  # the board's rim
    text: str  # the hole numbers, the players' names and scores
    line: str  # the skunk lines and their labels
    plate: str  # under a player's name and score (may be translucent)
    hole: str
    badge: str  # the dealer's CRIB badge
    badge_text: str


def board_colours(wood: str, t: Theme | None = None) -> BoardColours:
    """The board's colours for ``wood`` (a :data:`BOARD_WOODS` name) in theme ``t`` (the
    current one by default): light ink on the darker woods, dark ink on maple; the high
    contrast theme paints every wood black, with white numbers and yellow lines.

    >>> board_colours("maple", LIGHT).text
    '#1e1208'
    """
    t = current() if t is None else t
    light, dark = BOARD_WOODS.get(wood, BOARD_WOODS["walnut"])
    if t.high_contrast:
        return BoardColours(wood=("#000000", "#000000"), edge="#ffffff", text=t.board_text,
                            line=t.board_line, plate=t.board_plate, hole=t.board_hole,
                            badge=t.badge, badge_text=t.badge_text)
    edge = QColor(dark).darker(130).name()
    if WOOD_INK.get(wood) == "dark":
        return BoardColours(wood=(light, dark), edge=edge, text="#1e1208", line="#3a0a00",
                            plate="#50fff8ec", hole=t.board_hole, badge=t.badge,
                            badge_text=t.badge_text)
    return BoardColours(wood=(light, dark), edge=edge, text=t.board_text, line=t.board_line,
                        plate=t.board_plate, hole=t.board_hole, badge=t.badge,
                        badge_text=t.badge_text)


class _Signals(QObject):
    changed = Signal(object)  # the new Theme
    zoomed = Signal(float)
    text_sized = Signal(int)  # the new text size, in percent


signals = _Signals()


class _State(TypedDict):
    theme: Theme
    choice: str  # "system", "light", "dark" or "high-contrast"
    zoom: float
    text_size: int  # percent
    base_font: QFont | None  # the application's font at 100%, kept at the first change


_state: _State = {"theme": LIGHT, "choice": "system", "zoom": 1.0, "text_size": 100,
                  "base_font": None}
_charts: weakref.WeakSet = weakref.WeakSet()


def current() -> Theme:
    """The theme in use."""
    return _state["theme"]


def zoom() -> float:
    """The card and table-lettering scale (1.0 normal)."""
    return _state["zoom"]


def system_is_dark() -> bool:
    """Does the desktop ask for dark colours? (Qt 6.5+; False when it cannot tell)."""
    app = QGuiApplication.instance()
    if not isinstance(app, QGuiApplication):  # none yet, or a QCoreApplication: no desktop
        return False
    try:
        return app.styleHints().colorScheme() == Qt.ColorScheme.Dark
    except AttributeError:  # an older Qt
        return False


def resolve(choice: str) -> Theme:
    """The theme for a setting: "light", "dark", or "system" (the desktop's)."""
    if choice not in THEMES:
        raise ValueError(f"unknown theme {choice!r}; choose from {', '.join(THEMES)}")
    if choice == "system":
        return DARK if system_is_dark() else LIGHT
    return _THEMES[choice]


def qpalette(t: Theme) -> QPalette:
    """Qt's palette for the theme (menus, tables, dialogs, text fields)."""
    p = QPalette()
    roles = {
        QPalette.ColorRole.Window: t.window, QPalette.ColorRole.WindowText: t.text,
        QPalette.ColorRole.Base: t.base, QPalette.ColorRole.AlternateBase: t.alternate,
        QPalette.ColorRole.Text: t.text, QPalette.ColorRole.Button: t.button,
        QPalette.ColorRole.ButtonText: t.text, QPalette.ColorRole.ToolTipBase: t.base,
        QPalette.ColorRole.ToolTipText: t.text, QPalette.ColorRole.Highlight: t.highlight,
        QPalette.ColorRole.HighlightedText: t.highlight_text, QPalette.ColorRole.Link: t.link,
        QPalette.ColorRole.PlaceholderText: t.muted, QPalette.ColorRole.BrightText: "#ffffff",
        QPalette.ColorRole.Light: QColor(t.button).lighter(130).name(),
        QPalette.ColorRole.Midlight: QColor(t.button).lighter(115).name(),
        QPalette.ColorRole.Mid: QColor(t.button).darker(130).name(),
        QPalette.ColorRole.Dark: QColor(t.button).darker(160).name(),
        QPalette.ColorRole.Shadow: "#000000",
    }
    for role, colour in roles.items():
        p.setColor(role, QColor(colour))
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text,
                 QPalette.ColorRole.ButtonText):
        p.setColor(QPalette.ColorGroup.Disabled, role, QColor(t.disabled or t.muted))
    return p


def apply(choice: str = "system") -> Theme:
    """Use the theme named by ``choice`` everywhere: Qt's palette, charts, the table and
    board (which repaint on :data:`signals.changed`). Returns the theme now in use."""
    t = resolve(choice)
    _state["choice"] = choice
    changed = t is not _state["theme"]
    _state["theme"] = t
    pg.setConfigOptions(background=t.chart_background, foreground=t.chart_foreground)
    app = QGuiApplication.instance()
    if app is not None:
        from PySide6.QtWidgets import QApplication

        if isinstance(app, QApplication):
            if changed or not isinstance(app.style(), ReadableFusion):
                app.setStyle(ReadableFusion())  # (anew: widgets fetch its icons again)
            app.setPalette(qpalette(t))
    for chart in list(_charts):
        if shiboken6.isValid(chart):  # a closed window's chart is gone on the C++ side
            _restyle(chart)
        else:
            _charts.discard(chart)
    if changed:
        signals.changed.emit(t)
    return t


class ReadableFusion(QProxyStyle):
    """Fusion (the one style that honours a palette on every desktop), with what it draws
    too faintly drawn in the theme's muted text colour: the box of a check box and the ring
    of a radio button (Fusion draws them a shade darker than the window, which on a dark
    window leaves an unchecked box all but invisible, a setting switched off not to be
    told from no setting, and on the light one is under 2:1), and the panels' float and
    close buttons (grey on grey in the dark theme)."""

    def __init__(self) -> None:
        super().__init__(QStyleFactory.create("Fusion"))

    def standardIcon(self, icon, option=None, widget=None):  # noqa: N802 (Qt)
        if icon in _TITLE_ICONS:
            return _title_icon(icon, current())
        return super().standardIcon(icon, option, widget)

    def drawPrimitive(self, element, option, painter, widget=None):  # noqa: N802 (Qt)
        super().drawPrimitive(element, option, painter, widget)
        if element in _OUTLINED and current().high_contrast:
            _outline(painter, option, element == QStyle.PrimitiveElement.PE_FrameFocusRect)
        if element not in _INDICATORS:  # (every primitive comes here: the test first)
            return
        t = current()
        enabled = bool(option.state & QStyle.StateFlag.State_Enabled)
        # the box or ring that has the keyboard's focus in the highlight colour, drawn
        # whenever it has it (Fusion's focus frame waits for a first Tab, so a dialog that
        # opens on a choice would not show where the keyboard is)
        focused = enabled and bool(option.state & QStyle.StateFlag.State_HasFocus)
        width = 2.4 if focused else 1.2
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor(t.highlight if focused else t.muted if enabled
                                   else t.button), width))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        box = QRectF(option.rect).adjusted(width / 2, width / 2, -width / 2, -width / 2)
        if element == QStyle.PrimitiveElement.PE_IndicatorCheckBox:
            painter.drawRoundedRect(box, 2, 2)
        else:
            painter.drawEllipse(box)
        painter.restore()

    def drawComplexControl(self, control, option, painter, widget=None):  # noqa: N802 (Qt)
        super().drawComplexControl(control, option, painter, widget)
        if control in _OUTLINED_CONTROLS and current().high_contrast:
            _outline(painter, option)


def _outline(painter: QPainter, option, focus_frame: bool = False) -> None:
    """The high contrast theme's edge around a button or a field: white, a wide yellow one
    around the control that has the keyboard's focus, and a grey dashed one around a
    disabled control (its text grey too: an unavailable button is not to be taken for an
    available one)."""
    t = current()
    focused = focus_frame or bool(option.state & QStyle.StateFlag.State_HasFocus)
    enabled = focus_frame or bool(option.state & QStyle.StateFlag.State_Enabled)
    width = 3.0 if focused else 1.5
    painter.save()
    pen = QPen(QColor(t.highlight if focused else t.text if enabled
                      else t.disabled or t.muted), width)
    if not enabled:
        pen.setStyle(Qt.PenStyle.DashLine)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(QRectF(option.rect).adjusted(width / 2, width / 2, -width / 2,
                                                  -width / 2))
    painter.restore()


_INDICATORS = (QStyle.PrimitiveElement.PE_IndicatorCheckBox,
               QStyle.PrimitiveElement.PE_IndicatorRadioButton)
_OUTLINED = (QStyle.PrimitiveElement.PE_PanelButtonCommand,
             QStyle.PrimitiveElement.PE_FrameLineEdit,
             QStyle.PrimitiveElement.PE_FrameFocusRect)
_OUTLINED_CONTROLS = (QStyle.ComplexControl.CC_ComboBox, QStyle.ComplexControl.CC_SpinBox)
_CLOSE = (QStyle.StandardPixmap.SP_TitleBarCloseButton,
          QStyle.StandardPixmap.SP_DockWidgetCloseButton)
_TITLE_ICONS = (*_CLOSE, QStyle.StandardPixmap.SP_TitleBarNormalButton)


def _title_icon(kind, t: Theme) -> QIcon:
    """A panel's close (×) or float (two windows) button, drawn in ``t``'s muted colour."""
    size, ratio = 16, 2
    pixmap = QPixmap(size * ratio, size * ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(ratio, ratio)
    painter.setPen(QPen(QColor(t.muted), 1.6))
    if kind in _CLOSE:
        painter.drawLine(QPointF(4.5, 4.5), QPointF(11.5, 11.5))
        painter.drawLine(QPointF(11.5, 4.5), QPointF(4.5, 11.5))
    else:
        painter.drawRect(QRectF(3.5, 6.5, 6, 6))
        painter.drawPolyline([QPointF(6.5, 6.5), QPointF(6.5, 3.5), QPointF(12.5, 3.5),
                              QPointF(12.5, 9.5), QPointF(9.5, 9.5)])
    painter.end()
    pixmap.setDevicePixelRatio(ratio)
    return QIcon(pixmap)


def follow_system() -> None:
    """Re-apply "system" when the desktop switches between light and dark."""
    app = QGuiApplication.instance()
    if not isinstance(app, QGuiApplication):  # none yet, or a QCoreApplication: no desktop
        return
    with contextlib.suppress(AttributeError):  # an older Qt has no colour scheme
        app.styleHints().colorSchemeChanged.connect(
            lambda _scheme: _state["choice"] == "system" and apply("system"))


def set_zoom(factor: float) -> float:
    """Scale the cards and the table's lettering; returns the factor in use."""
    factor = min(max(float(factor), ZOOMS[0]), ZOOMS[-1])
    if factor != _state["zoom"]:
        _state["zoom"] = factor
        signals.zoomed.emit(factor)
    return factor


def text_size() -> int:
    """The text and card size in percent (100 normal, up to 200)."""
    return _state["text_size"]


def text_scale() -> float:
    """The text and card size as a factor (1.0 to 2.0)."""
    return _state["text_size"] / 100


def set_text_size(percent: int) -> int:
    """Scale the application's font (panels, the log, menus, dialogs) to ``percent`` of the
    desktop's (clamped to 100-200); the window scales the table with
    :func:`text_scale`. Returns the size in use.

    Qt passes the application font to every widget that has not set a size of its own, so
    open panels and menus follow at once."""
    percent = int(min(max(round(percent), TEXT_SIZES[0]), TEXT_SIZES[-1]))
    app = QGuiApplication.instance()
    if isinstance(app, QGuiApplication):
        base = _state["base_font"]
        if base is None:
            base = _state["base_font"] = QFont(app.font())
        scaled = QFont(base)
        if base.pointSizeF() > 0:
            scaled.setPointSizeF(base.pointSizeF() * percent / 100)
        else:  # a font given in pixels
            scaled.setPixelSize(round(base.pixelSize() * percent / 100))
        if scaled != app.font():
            app.setFont(scaled)
    if percent != _state["text_size"]:
        _state["text_size"] = percent
        for chart in list(_charts):  # their tick numbers in the new size
            if shiboken6.isValid(chart):
                _restyle(chart)
        signals.text_sized.emit(percent)
    return percent


def font(pixels: float, bold: bool = False, serif: bool = False) -> QFont:
    """A font of ``pixels`` height (already scaled by the caller if it should zoom)."""
    f = QFont(SERIF if serif else FAMILY)
    f.setStyleHint(QFont.StyleHint.Serif if serif else QFont.StyleHint.SansSerif)
    f.setPixelSize(max(6, round(pixels)))
    f.setBold(bold)
    return f


def colour(value: str) -> QColor:
    """A QColor from a theme value (``#rrggbb`` or ``#aarrggbb``)."""
    return QColor(value)


# ---------------------------------------------------------------------------- charts
def style_chart(widget) -> None:
    """Give a pyqtgraph PlotWidget or GraphicsLayoutWidget the theme's colours, now and
    whenever the theme changes."""
    _charts.add(widget)
    _restyle(widget)


def _restyle(widget) -> None:
    t = current()
    widget.setBackground(t.chart_background)
    pen = pg.mkPen(t.chart_foreground)
    ticks = QFont(QGuiApplication.font())  # the numbers measured in the font drawn
    for plot in _plot_items(widget):
        for name in ("left", "bottom", "right", "top"):
            axis = plot.getAxis(name)
            axis.setPen(pen)
            axis.setTextPen(pen)
            # pyqtgraph spaces the ticks by the font it is given: without one it measured
            # another than it drew, and at 200% text the numbers printed over each other
            axis.setStyle(tickFont=ticks)
        title = plot.titleLabel
        if title is not None and title.text:
            title.setText(title.text, color=t.chart_foreground, size=CHART_TITLE)
            title.setMinimumWidth(0)  # a long title never widens a chart past its panel
        legend = plot.legend
        if legend is not None:
            legend.setLabelTextColor(t.chart_foreground)
            legend.setBrush(pg.mkBrush(QColor(t.chart_background).darker(105 if t.dark
                                                                          else 100)))


def _plot_items(widget) -> list:
    if hasattr(widget, "getPlotItem"):
        plot = widget.getPlotItem()  # (None once the chart is closed)
        return [plot] if plot is not None else []
    layout = getattr(widget, "ci", None)
    if layout is None:
        return []
    return [item for item in layout.items if isinstance(item, pg.PlotItem)]
