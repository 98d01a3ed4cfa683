"""The Qt binding must not corrupt Python's reference counts while painting.

PySide6 6.12.0 under Python 3.11 drops a reference to None on every void QPainter call
(drawLine, setPen, fillPath, ...): the app aborts with "deallocating None" after a few
thousand paint calls. pyproject.toml excludes it; this test catches any such build.
"""

import sys

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage, QPainter, QPen


def test_painting_keeps_none_alive(qapp):
    image = QImage(64, 64, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    before = sys.getrefcount(None)
    for _ in range(500):
        painter.setPen(QPen(QColor("red"), 2))
        painter.drawLine(QPointF(1, 1), QPointF(40, 40))
    after = sys.getrefcount(None)
    painter.end()
    assert after >= before - 50, (
        f"the Qt binding lost {before - after} references to None in 1,000 paint calls: "
        f"this PySide6 build is broken on Python {sys.version.split()[0]}; "
        "install a version allowed by pyproject.toml")
