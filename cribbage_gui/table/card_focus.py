"""Keyboard focus among the player's cards on the table, and the ring that shows it.

A :class:`CardFocus` watches a :class:`~cribbage_gui.table.table_view.TableView` through an
event filter (so the table's own code is untouched): while the table has the keyboard focus,
← → (and Home, End) move a focus ring along the player's hand and Space presses the card
under it, exactly as a click would (``card_clicked``). Enter is left to the window, which
knows what it means at this moment (throw, play, claim, continue). The ring is drawn by an
item of its own that follows the focused card as it flies or is lifted; when the table has
the focus but there is no card to stand on (the computer's turn), a frame around the felt
shows where the keyboard is.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsObject

from cribbage_gui.table.cards import CARD_RATIO

RING_Z = 90  # above every card, below nothing that matters (the bubbles are at 50, but a
# ring is only an outline: it never hides a bubble's words)
MOVES = {Qt.Key.Key_Left: -1, Qt.Key.Key_Right: +1}


class FocusRing(QGraphicsObject):
    """A two-tone outline (light inside, dark outside) that reads on every felt and card:
    ``w`` by ``h`` at the item's position, or the whole scene rectangle when ``frame``."""

    def __init__(self) -> None:
        super().__init__()
        self.w = 60.0
        self.h = 60.0 * CARD_RATIO
        self.setZValue(RING_Z)
        self.setVisible(False)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_size(self, w: float, h: float) -> None:
        if (w, h) != (self.w, self.h):
            self.prepareGeometryChange()
            self.w, self.h = w, h

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt)
        pad = max(10.0, self.w * 0.14)
        return QRectF(-pad, -pad, self.w + 2 * pad, self.h + 2 * pad)

    def paint(self, painter: QPainter, _option, _widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        gap = max(4.0, self.w * 0.06)
        line = max(3.0, self.w * 0.04)  # thicker with bigger cards
        radius = max(6.0, self.w * 0.1)
        rect = QRectF(-gap, -gap, self.w + 2 * gap, self.h + 2 * gap)
        painter.setPen(QPen(QColor("#101820"), line + 3))
        painter.drawRoundedRect(rect, radius, radius)
        painter.setPen(QPen(QColor("#ffffff"), line))
        painter.drawRoundedRect(rect, radius, radius)


class CardFocus(QObject):
    """Which of the player's cards the keyboard is on (``card``; None: none) on ``table``.

    ``moved`` is emitted with the card (or None) whenever the focus moves to another card;
    the screen reader's focus follows it (:mod:`cribbage_gui.table.accessibility`).
    """

    moved = Signal(object)

    def __init__(self, table) -> None:
        super().__init__(table)
        self.table = table
        self.card: int | None = None
        self._index = 0  # where the focus was, so it stays in place when its card is played
        self.ring = FocusRing()
        self.frame = FocusRing()
        for ring in (self.ring, self.frame):
            table.scene().addItem(ring)
        table.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        table.installEventFilter(self)
        table.scene().changed.connect(self.follow)

    def cards(self) -> list[int]:
        """The cards the focus moves among: the player's hand, left to right as drawn."""
        return self.table.hand_order()

    def focus_on(self, card: int) -> None:
        """Put the focus on ``card`` (one of the player's cards), e.g. after key 1-6."""
        cards = self.cards()
        if card in cards:
            self._index = cards.index(card)
            self._set(card)

    def step(self, by: int) -> None:
        cards = self.cards()
        if not cards:
            return
        here = cards.index(self.card) if self.card in cards else min(self._index,
                                                                     len(cards) - 1)
        self._index = max(0, min(len(cards) - 1, here + by))
        self._set(cards[self._index])

    def _set(self, card: int | None) -> None:
        changed = card != self.card
        self.card = card
        self.follow()
        if changed:
            self.moved.emit(card)

    def follow(self, *_regions) -> None:
        """Keep the ring on the focused card (or the frame round the felt): called whenever
        the scene changes, so it follows a card that flies or is lifted."""
        table = self.table
        cards = self.cards()
        if self.card not in cards:  # played, thrown or a new deal: the card in its place
            card = cards[min(self._index, len(cards) - 1)] if cards else None
            if card != self.card:
                self.card = card
                self.moved.emit(card)
        focused = table.hasFocus()
        item = table.card_items.get(self.card) if self.card is not None else None
        on_card = focused and item is not None and item.scene() is table.scene()
        if on_card:
            assert item is not None
            self.ring.set_size(item.w, item.w * CARD_RATIO)
            if self.ring.pos() != item.pos():
                self.ring.setPos(item.pos())
            if self.ring.scale() != item.scale():
                self.ring.setScale(item.scale())
        if self.ring.isVisible() != on_card:
            self.ring.setVisible(on_card)
        framed = focused and not on_card
        if framed:
            r = table.sceneRect()
            self.frame.set_size(r.width() - 16, r.height() - 16)
            self.frame.setPos(r.left() + 8, r.top() + 8)
        if self.frame.isVisible() != framed:
            self.frame.setVisible(framed)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt)
        if watched is not self.table:
            return False
        kind = event.type()
        if kind in (QEvent.Type.FocusIn, QEvent.Type.FocusOut):
            self.follow()
            if kind == QEvent.Type.FocusIn and self.card is not None:
                self.moved.emit(self.card)  # say where the keyboard is
            return False
        if kind != QEvent.Type.KeyPress:
            return False
        if event.modifiers() & (Qt.KeyboardModifier.ControlModifier
                                | Qt.KeyboardModifier.AltModifier
                                | Qt.KeyboardModifier.MetaModifier):
            return False
        key = event.key()
        if not self.cards():
            return False
        if key in MOVES:
            self.step(MOVES[key])
            return True
        if key in (Qt.Key.Key_Home, Qt.Key.Key_End):
            self.step(-99 if key == Qt.Key.Key_Home else 99)
            return True
        if key == Qt.Key.Key_Space and self.table.interactive and self.card is not None:
            self.table.card_clicked.emit(self.card)
            return True
        return False
