"""Playing cards: the shipped SVG deck (``assets/cards``), or cards drawn in code.

The faces and the back come from a public-domain SVG deck with real court figures, drawn
by ``QSvgRenderer`` once per card, size and pixel ratio into a pixmap cache, so a repaint of
the table only copies pixmaps. If a card's file is missing or damaged, that card is drawn
the way it was before the deck was shipped: suits as QPainterPaths in a unit square (they
never depend on the fonts installed), number cards in the standard pip layouts, court cards
as a framed panel with the rank letter and suit.
"""

from __future__ import annotations

import gzip
import math
import re
import zlib
from collections import OrderedDict
from functools import cache
from pathlib import Path

from PySide6.QtCore import QByteArray, QObject, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QTransform,
)
from PySide6.QtSvg import QSvgRenderer

from cribbage_gui.app.theme import CARD_BACKS, CARD_FACE, LATTICE, font
from engine.cards import RANKS, SUITS

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


def paint_drawn_face(painter: QPainter, rect: QRectF, card: int) -> None:
    """Draw ``card`` face up filling ``rect`` (whose aspect should be CARD_RATIO) in code,
    without the SVG deck."""
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


def paint_drawn_back(painter: QPainter, rect: QRectF, style: str = "blue") -> None:
    """Draw a card back in one of ``CARD_BACKS`` in code: a framed lattice."""
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


# ---------------------------------------------------------------------- the SVG deck
ART_DIR = Path(__file__).resolve().parents[2] / "assets" / "cards"
BACK_GROUND = b"#0000df"  # back.svgz's ground colour, replaced by the chosen back's
BACK_PATTERN = b"#b3b3b3"  # ... and its pattern's darker grey, by the chosen back's lines
PIXMAP_CACHE_SIZE = 240  # a table shows ~25 cards; room for several sizes while resizing
RESIZE_SETTLE_MS = 120  # a size asked for no longer than this ago may still be changing
_pixmaps: OrderedDict[tuple[str, int, int], QPixmap] = OrderedDict()


class _Art(QObject):
    """Renders the cards a resize asked for once the size settles: while a window is being
    resized every step is a new size, and a court figure takes ~20 ms to render, so in
    the meantime the nearest size already rendered is drawn scaled. ``rendered`` tells the
    views to repaint with the exact pictures."""

    rendered = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.wanted: dict[str, tuple[int, int]] = {}  # name -> the latest size asked for
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(RESIZE_SETTLE_MS)
        self.timer.timeout.connect(self._render)

    def later(self, name: str, width: int, height: int) -> None:
        self.wanted[name] = (width, height)
        self.timer.start()  # (again: the size may still be changing)

    def _render(self) -> None:
        wanted, self.wanted = self.wanted, {}
        for name, (width, height) in wanted.items():
            _pixmap(name, width, height)
        if wanted:
            self.rendered.emit()


_art: _Art | None = None


def art_signals() -> _Art:
    """The object whose ``rendered`` signal says deferred card pictures are ready (made on
    first use, once a QApplication exists)."""
    global _art
    if _art is None:
        _art = _Art()
    return _art


def art_name(card: int) -> str:
    """The file of ``card``'s face in ``ART_DIR``: rank and suit as ``engine.cards`` spells
    them, e.g. ``art_name(38) == "TH.svgz"`` (the ten of hearts)."""
    return f"{RANKS[card >> 2]}{SUITS[card & 3]}.svgz"


_JACK_INDEX = re.compile(rb'<text[^>]*>\s*<tspan[^>]*>J</tspan>\s*</text>')
JACK_RAISE, JACK_SIZE = 8.0, b"40px"  # (the deck's other indices: 52.5 px)


def jack_index(data: bytes) -> bytes:
    """A jack's SVG with its two corner J's raised and smaller. The deck sets its indices
    in Arial, whose J sits on the line; where Arial is missing (most Linux desktops draw
    DejaVu Sans instead) the J's hook hangs below the line, under the suit's pip, and the
    corner read as "I" or "!". Raised so the hook clears the pip in either font."""
    def raised(match: re.Match) -> bytes:
        text = re.sub(rb'y="(-?[\d.]+)"',
                      lambda y: b'y="%.3f"' % (float(y.group(1)) - JACK_RAISE), match.group(0))
        return text.replace(b"font-size:52.5px", b"font-size:" + JACK_SIZE)
    return _JACK_INDEX.sub(raised, data)


@cache
def _renderer(name: str) -> QSvgRenderer | None:
    """The renderer of a face (``art_name``) or of a back (``"back:" + style``); None when
    its file is missing or damaged, and the card is then drawn in code."""
    back = name.startswith("back:")
    path = ART_DIR / ("back.svgz" if back else name)
    try:
        data = gzip.decompress(path.read_bytes())
    except (OSError, EOFError, zlib.error, gzip.BadGzipFile):
        return None
    if name.startswith("J"):
        data = jack_index(data)
    if back:
        ground, pattern = CARD_BACKS.get(name[5:], CARD_BACKS["blue"])
        data = data.replace(BACK_GROUND, ground.encode()).replace(BACK_PATTERN,
                                                                  pattern.encode())
    renderer = QSvgRenderer(QByteArray(data))
    return renderer if renderer.isValid() else None


def clear_art_cache() -> None:
    """Forget the loaded SVG files and their pixmaps (after ``ART_DIR`` changed: tests)."""
    _renderer.cache_clear()
    _pixmaps.clear()


def _pixmap(name: str, width: int, height: int) -> QPixmap | None:
    """The card ``name`` rendered at exactly ``width`` x ``height`` device pixels, cached."""
    key = (name, width, height)
    pixmap = _pixmaps.get(key)
    if pixmap is not None:
        _pixmaps.move_to_end(key)
        return pixmap
    renderer = _renderer(name)
    if renderer is None:
        return None
    pixmap = QPixmap(width, height)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter, QRectF(0, 0, width, height))
    painter.end()
    _pixmaps[key] = pixmap
    if len(_pixmaps) > PIXMAP_CACHE_SIZE:
        _pixmaps.popitem(last=False)
    return pixmap


def _nearest_cached(name: str, width: int) -> QPixmap | None:
    sizes = [key for key in _pixmaps if key[0] == name]
    if not sizes:
        return None
    return _pixmaps[min(sizes, key=lambda key: abs(key[1] - width))]


def _draw_art(painter: QPainter, rect: QRectF, name: str, defer: bool = False) -> bool:
    """Copy the cached pixmap of ``name`` into ``rect``, sized for the painter's scale and
    the screen's pixel ratio and put on whole device pixels (so it stays sharp); False if
    the card has no usable art. With ``defer``, a size not rendered yet is drawn from the
    nearest size that is, and rendered once the size stops changing (``art_signals``)."""
    device = painter.device()
    ratio = device.devicePixelRatioF() if device is not None else 1.0
    world = painter.worldTransform()
    scale = math.hypot(world.m11(), world.m12())  # device pixels per unit along x
    width = max(1, round(rect.width() * scale * ratio))
    height = max(1, round(rect.height() * scale * ratio))
    nearest = _nearest_cached(name, width) if defer and (name, width, height) not in _pixmaps \
        else None
    if nearest is not None:
        art_signals().later(name, width, height)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.drawPixmap(rect, nearest, QRectF(nearest.rect()))
        painter.restore()
        return True
    pixmap = _pixmap(name, width, height)
    if pixmap is None:
        return False
    if world.isRotating() or world.m11() <= 0 or abs(world.m22() - world.m11()) > 1e-6:
        painter.save()  # turned, mirrored or stretched: let the painter map it
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.drawPixmap(rect, pixmap, QRectF(pixmap.rect()))
        painter.restore()
        return True
    corner = world.map(rect.topLeft())
    painter.save()
    painter.resetTransform()
    pixmap.setDevicePixelRatio(ratio)
    painter.drawPixmap(QPointF(round(corner.x() * ratio) / ratio,
                               round(corner.y() * ratio) / ratio), pixmap)
    painter.restore()
    return True


def paint_face(painter: QPainter, rect: QRectF, card: int, defer: bool = False) -> None:
    """Draw ``card`` face up filling ``rect`` (whose aspect should be CARD_RATIO): the SVG
    deck's face, or the face drawn in code if its file is missing or damaged. ``defer``:
    see ``_draw_art`` (for views that repaint on ``art_signals().rendered``)."""
    if not _draw_art(painter, rect, art_name(card), defer):
        paint_drawn_face(painter, rect, card)


def paint_back(painter: QPainter, rect: QRectF, style: str = "blue",
               defer: bool = False) -> None:
    """Draw a card back in one of ``CARD_BACKS``: the SVG deck's pattern in its colours
    (drawn in code if the back's file is missing or damaged), or for a ``"... lattice"``
    style the framed lattice drawn in code, the second design."""
    if style in CARD_BACKS and style.endswith(LATTICE):
        paint_drawn_back(painter, rect, style)
        return
    if not _draw_art(painter, rect, "back:" + (style if style in CARD_BACKS else "blue"),
                     defer):
        paint_drawn_back(painter, rect, style)
