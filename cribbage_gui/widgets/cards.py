"""Playing cards drawn with vector paths, crisp at any size (no card art is shipped).

Suits are QPainterPaths in a unit square, so they never depend on the fonts installed;
only the rank letters use text. Number cards show the standard pip layouts; court cards a
framed panel with the rank letter and suit.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QTransform,
)

from cribbage_gui.theme import CARD_BACKS, CARD_FACE, font
from engine.cards import RANKS

RED = QColor(CARD_FACE["red"])
BLACK = QColor(CARD_FACE["black"])
CARD_RATIO = 1.4  # height / width

# Pip centres for number cards, in card fractions (x, y); flipped pips are in the lower half.
_L, _R = 0.35, 0.65
_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.5, 0.2), (0.5, 0.8)],
    3: [(0.5, 0.2), (0.5, 0.5), (0.5, 0.8)],
    4: [(x, y) for x in (_L, _R) for y in (0.2, 0.8)],
    5: [(x, y) for x in (_L, _R) for y in (0.2, 0.8)] + [(0.5, 0.5)],
    6: [(x, y) for x in (_L, _R) for y in (0.2, 0.5, 0.8)],
    7: [(x, y) for x in (_L, _R) for y in (0.2, 0.5, 0.8)] + [(0.5, 0.35)],
    8: [(x, y) for x in (_L, _R) for y in (0.2, 0.5, 0.8)] + [(0.5, 0.35), (0.5, 0.65)],
    9: [(x, y) for x in (_L, _R) for y in (0.2, 0.4, 0.6, 0.8)] + [(0.5, 0.5)],
    10: [(x, y) for x in (_L, _R) for y in (0.2, 0.4, 0.6, 0.8)]
    + [(0.5, 0.3), (0.5, 0.7)],
}


@cache
def suit_path(suit: int) -> QPainterPath:
    """The suit's shape in the unit square (0..1 both ways): clubs, diamonds, hearts, spades."""
    p = QPainterPath()
    if suit == 1:  # diamond
        p.moveTo(0.5, 0.0)
        p.quadTo(0.68, 0.28, 0.92, 0.5)
        p.quadTo(0.68, 0.72, 0.5, 1.0)
        p.quadTo(0.32, 0.72, 0.08, 0.5)
        p.quadTo(0.32, 0.28, 0.5, 0.0)
    elif suit == 2:  # heart
        p.moveTo(0.5, 0.28)
        p.cubicTo(0.5, 0.05, 0.05, 0.0, 0.04, 0.32)
        p.cubicTo(0.03, 0.6, 0.35, 0.75, 0.5, 1.0)
        p.cubicTo(0.65, 0.75, 0.97, 0.6, 0.96, 0.32)
        p.cubicTo(0.95, 0.0, 0.5, 0.05, 0.5, 0.28)
    elif suit == 3:  # spade: an upside-down heart on a stem
        p.moveTo(0.5, 0.0)
        p.cubicTo(0.35, 0.25, 0.03, 0.38, 0.04, 0.62)
        p.cubicTo(0.05, 0.88, 0.4, 0.9, 0.47, 0.72)
        p.quadTo(0.45, 0.9, 0.32, 1.0)
        p.lineTo(0.68, 1.0)
        p.quadTo(0.55, 0.9, 0.53, 0.72)
        p.cubicTo(0.6, 0.9, 0.95, 0.88, 0.96, 0.62)
        p.cubicTo(0.97, 0.38, 0.65, 0.25, 0.5, 0.0)
    else:  # club: three leaves and a stem
        for cx, cy in ((0.5, 0.26), (0.25, 0.56), (0.75, 0.56)):
            p.addEllipse(QPointF(cx, cy), 0.22, 0.22)
        stem = QPainterPath()
        stem.moveTo(0.46, 0.5)
        stem.quadTo(0.45, 0.88, 0.3, 1.0)
        stem.lineTo(0.7, 1.0)
        stem.quadTo(0.55, 0.88, 0.54, 0.5)
        stem.closeSubpath()
        p = p.united(stem)
    p.setFillRule(Qt.FillRule.WindingFill)
    return p


def suit_color(card: int) -> QColor:
    return RED if (card & 3) in (1, 2) else BLACK


def rank_text(card: int) -> str:
    return "10" if card >> 2 == 9 else RANKS[card >> 2]


def draw_suit(painter: QPainter, card: int, centre: QPointF, size: float,
              flipped: bool = False) -> None:
    t = QTransform()
    t.translate(centre.x(), centre.y())
    if flipped:
        t.rotate(180)
    t.scale(size, size)
    t.translate(-0.5, -0.5)
    painter.fillPath(t.map(suit_path(card & 3)), suit_color(card))


def _outline(rect: QRectF) -> QPainterPath:
    path = QPainterPath()
    radius = rect.width() * 0.08
    path.addRoundedRect(rect, radius, radius)
    return path


def paint_face(painter: QPainter, rect: QRectF, card: int) -> None:
    """Draw ``card`` face up filling ``rect`` (whose aspect should be CARD_RATIO)."""
    w, h = rect.width(), rect.height()
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    outline = _outline(rect)
    gradient = QLinearGradient(rect.topLeft(), rect.bottomRight())
    gradient.setColorAt(0, QColor(CARD_FACE["paper"][0]))
    gradient.setColorAt(1, QColor(CARD_FACE["paper"][1]))
    painter.fillPath(outline, QBrush(gradient))
    painter.setPen(QPen(QColor(CARD_FACE["edge"]), max(1.0, w * 0.012)))
    painter.drawPath(outline)
    colour = suit_color(card)
    # corner indices
    index = font(w * (0.17 if card >> 2 == 9 else 0.2), bold=True)
    if card >> 2 == 9:
        index.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 85)
    painter.setFont(index)
    painter.setPen(colour)
    for flipped in (False, True):
        painter.save()
        if flipped:
            painter.translate(rect.center())
            painter.rotate(180)
            painter.translate(-rect.center())
        text_rect = QRectF(rect.left() + w * 0.02, rect.top() + h * 0.025, w * 0.22, h * 0.15)
        painter.drawText(text_rect, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                         rank_text(card))
        draw_suit(painter, card, QPointF(rect.left() + w * 0.13, rect.top() + h * 0.215),
                  w * 0.13)
        painter.restore()
    rank = card >> 2
    if rank <= 9:
        pip = w * (0.34 if rank == 0 else 0.18)
        for fx, fy in _PIPS[rank + 1]:
            centre = QPointF(rect.left() + fx * w, rect.top() + (0.1 + 0.8 * fy) * h)
            draw_suit(painter, card, centre, pip, flipped=fy > 0.5)
    else:
        panel = QRectF(rect.left() + w * 0.26, rect.top() + h * 0.16, w * 0.48, h * 0.68)
        painter.setPen(QPen(colour, max(1.0, w * 0.012)))
        painter.setBrush(QColor(CARD_FACE["court"]))
        painter.drawRoundedRect(panel, w * 0.03, w * 0.03)
        painter.setPen(QPen(QColor(CARD_FACE["gold"]), max(1.0, w * 0.02)))
        painter.drawRoundedRect(panel.adjusted(w * 0.025, w * 0.025, -w * 0.025, -w * 0.025),
                                w * 0.02, w * 0.02)
        painter.setFont(font(max(8, int(w * 0.34)), bold=True, serif=True))
        painter.setPen(colour)
        letter = QRectF(panel.left(), panel.top() + panel.height() * 0.08, panel.width(),
                        panel.height() * 0.5)
        painter.drawText(letter, Qt.AlignmentFlag.AlignCenter, RANKS[rank])
        draw_suit(painter, card, QPointF(panel.center().x(),
                                         panel.top() + panel.height() * 0.72), w * 0.22)
    painter.restore()


def paint_back(painter: QPainter, rect: QRectF, style: str = "blue") -> None:
    """Draw a card back in one of ``CARD_BACKS``: a framed lattice."""
    base, line = CARD_BACKS.get(style, CARD_BACKS["blue"])
    w = rect.width()
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    outline = _outline(rect)
    painter.fillPath(outline, QColor(CARD_FACE["back_paper"]))
    painter.setPen(QPen(QColor(CARD_FACE["edge"]), max(1.0, w * 0.012)))
    painter.drawPath(outline)
    inner = rect.adjusted(w * 0.07, w * 0.07, -w * 0.07, -w * 0.07)
    inner_path = _outline(inner)
    painter.fillPath(inner_path, QColor(base))
    painter.setClipPath(inner_path)
    painter.setPen(QPen(QColor(line), max(1.0, w * 0.018)))
    step = w * 0.11
    span = inner.width() + inner.height()
    x = -span
    while x < span:
        painter.drawLine(QPointF(inner.left() + x, inner.top()),
                         QPointF(inner.left() + x + inner.height(), inner.bottom()))
        painter.drawLine(QPointF(inner.left() + x, inner.bottom()),
                         QPointF(inner.left() + x + inner.height(), inner.top()))
        x += step
    painter.setClipping(False)
    painter.setPen(QPen(QColor(line), max(1.0, w * 0.02)))
    painter.drawPath(_outline(inner.adjusted(w * 0.04, w * 0.04, -w * 0.04, -w * 0.04)))
    painter.restore()
