"""The tick numbers a chart draws, as pyqtgraph lays them out, in the chart widget's pixels:
to check that they keep apart and lie inside the chart."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QRect, QRectF
from PySide6.QtGui import QPainter, QPicture


def plots_of(chart) -> list:
    if hasattr(chart, "getPlotItem"):
        return [chart.getPlotItem()]
    return [item for item in chart.ci.items if isinstance(item, pg.PlotItem)]


def drawn_labels(chart) -> list[tuple[str, str, QRect]]:
    """(axis side, text, rectangle in ``chart``'s pixels) of every tick label drawn on the
    chart's visible axes, exactly as the axes paint them."""
    labels = []
    for plot in plots_of(chart):
        for side in ("left", "bottom", "right", "top"):
            axis = plot.getAxis(side)
            if not axis.isVisible():
                continue
            picture = QPicture()
            painter = QPainter(picture)
            if axis.style["tickFont"] is not None:
                painter.setFont(axis.style["tickFont"])
            specs = axis.generateDrawSpecs(painter)
            painter.end()
            if specs is None:
                continue
            for rect, _flags, text in specs[2]:
                scene = axis.mapRectToScene(QRectF(rect))
                labels.append((side, text, chart.mapFromScene(scene).boundingRect()))
    return labels


def label_problems(chart, name: str) -> list[str]:
    """What is wrong with a chart's tick labels: two that overlap, or one outside the
    chart (cut). Empty when all is well."""
    labels = drawn_labels(chart)
    problems = []
    inside = chart.viewport().rect() if hasattr(chart, "viewport") else chart.rect()
    for i, (side, text, rect) in enumerate(labels):
        if not inside.contains(rect):
            problems.append(f"{name}: {side} {text!r} {rect.getRect()} cut by the chart's "
                            f"edge {inside.getRect()}")
        for other_side, other, rect2 in labels[i + 1:]:
            if rect.intersects(rect2):
                problems.append(f"{name}: {side} {text!r} {rect.getRect()} over "
                                f"{other_side} {other!r} {rect2.getRect()}")
    return problems
