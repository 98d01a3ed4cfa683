"""The charts' axes: numbers spaced by the room their text takes, at any text size.

pyqtgraph's :class:`~pyqtgraph.AxisItem` spaces its main ticks by the axis's length alone
(at least 2.25 intervals, more on a longer axis) and always labels them; the tick font only
decides whether the finer ticks get numbers too and how wide the axis is. So at 200% text a
short chart printed its numbers over each other whatever font it was given. A
:class:`ChartAxis` widens the main spacing (1, 2, 5 times a power of ten) until a number's
text fits between two ticks, and drops any label that would still touch its neighbour or
leave the chart (labels given one by one with ``setTicks``, such as names).
"""

from __future__ import annotations

from math import floor, isclose, log10

import pyqtgraph as pg
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFont, QFontMetricsF, QGuiApplication

GAP = 0.35  # the least room between two numbers, in the font's line heights


class ChartAxis(pg.AxisItem):
    """An axis whose numbers never overlap: see the module's docstring."""

    def tick_font(self) -> QFont:
        font = self.style.get("tickFont")
        return QFont(font) if font is not None else QFont(QGuiApplication.font())

    def label_room(self, minVal: float, maxVal: float, spacing: float) -> float:  # noqa: N803
        """Pixels a tick needs along the axis for its number and a gap to the next: the
        number's height on an upright axis (as pyqtgraph lays it out, 0.8 of the line),
        the widest number on a level one."""
        metrics = QFontMetricsF(self.tick_font())
        gap = GAP * metrics.height()
        if self.orientation in ("left", "right"):
            return 0.8 * metrics.height() + gap
        first = floor(minVal / spacing) * spacing
        values = [first + i * spacing for i in range(int((maxVal - first) / spacing) + 2)]
        strings = self.tickStrings(values[:60], self.autoSIPrefixScale * self.scale, spacing)
        return max((metrics.horizontalAdvance(s) for s in strings), default=0.0) + gap

    def tickSpacing(self, minVal: float, maxVal: float,  # noqa: N802, N803 (pyqtgraph's)
                    size: float) -> list[tuple[float, float]]:
        levels = list(super().tickSpacing(minVal, maxVal, size))
        span = abs(maxVal - minVal)
        if self._tickSpacing is not None or not levels or span == 0 or size <= 0:
            return levels
        pixels = size / span  # per unit
        major = levels[0][0]
        for _ in range(30):  # (a power of ten every three steps: far past any axis)
            if major * pixels >= self.label_room(minVal, maxVal, major):
                break
            major = wider(major)
        finer = [(s, offset) for s, offset in levels[1:]
                 if s < major and isclose(major / s, round(major / s), rel_tol=1e-6)]
        return [(major, 0.0)] + finer

    def generateDrawSpecs(self, p):  # noqa: N802 (pyqtgraph's)
        specs = super().generateDrawSpecs(p)
        if specs is None:
            return None
        axis, ticks, texts = specs
        return axis, ticks, self.apart(texts)

    def apart(self, texts: list) -> list:
        """The labels to draw: in pyqtgraph's order (main ticks first), each kept only if
        it keeps a gap from those kept before and lies wholly inside the chart's view."""
        metrics = QFontMetricsF(self.tick_font())
        gap = GAP * metrics.height() / 2  # each side
        upright = self.orientation in ("left", "right")
        room = self.visible_rect()
        kept: list = []
        taken: list[QRectF] = []
        for rect, flags, text in texts:
            grown = rect.adjusted(0, -gap, 0, gap) if upright else rect.adjusted(-gap, 0,
                                                                                 gap, 0)
            if any(grown.intersects(other) for other in taken):
                continue
            if room is not None and not room.contains(rect):
                continue
            kept.append((rect, flags, text))
            taken.append(grown)
        return kept

    def visible_rect(self) -> QRectF | None:
        """The part of the scene the chart's view shows, in this axis's coordinates."""
        scene = self.scene()
        views = scene.views() if scene is not None else []
        if not views:
            return None
        view = views[0]
        shown = view.mapToScene(view.viewport().rect()).boundingRect()
        return self.mapRectFromScene(shown)


class IntegerAxis(ChartAxis):
    """An axis with ticks only at whole numbers (games, hands, starters: never 0.5)."""

    def tickSpacing(self, minVal: float, maxVal: float,  # noqa: N802, N803 (pyqtgraph's)
                    size: float) -> list[tuple[float, float]]:
        spacings: list[float] = []
        for spacing, _offset in super().tickSpacing(minVal, maxVal, size):
            whole = max(1.0, float(round(spacing)))
            if whole not in spacings:
                spacings.append(whole)
        return [(s, 0.0) for s in spacings]


def wider(spacing: float) -> float:
    """The next spacing of the 1, 2, 5 series: 1 -> 2 -> 5 -> 10 (times a power of ten).

    >>> [wider(x) for x in (0.1, 2, 5, 25)]
    [0.2, 5.0, 10.0, 50.0]
    """
    power = 10.0 ** floor(log10(spacing) + 1e-9)
    mantissa = spacing / power
    for step in (1.0, 2.0, 5.0, 10.0):
        if step > mantissa + 1e-9:
            return round(step * power, 12)
    return round(10.0 * power, 12)


def chart_axes(*whole: str) -> dict[str, ChartAxis]:
    """A chart's left and bottom axes (``axisItems`` for a PlotWidget or ``addPlot``: an
    axis given is shown, so only these two); those named in ``whole`` tick at whole
    numbers only."""
    return {side: (IntegerAxis if side in whole else ChartAxis)(side)
            for side in ("left", "bottom")}
