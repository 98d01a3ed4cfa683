"""The card table: hands, crib, deck and starter, the cards of the play, and the show.

It draws a :class:`~cribbage_gui.table.model.TableModel` and animates cards between places. It
knows no rules: clicks on the player's cards are reported with ``card_clicked`` and the
window decides what they mean.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QEasingCurve,
    QPointF,
    QPropertyAnimation,
    QRect,
    QRectF,
    QSizeF,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen, QRadialGradient
from PySide6.QtWidgets import (
    QGraphicsObject,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
)

from cribbage_gui.app import theme
from cribbage_gui.app.texts import in_order
from cribbage_gui.table.cards import CARD_RATIO, art_signals, paint_back, paint_face
from cribbage_gui.table.model import TableModel

# what a card's item on the table is kept under: a card in a hand (its number), a card
# elsewhere (("crib" | "starter" | "cut" | "played" | "show", card)), or one of the
# opponent's face-down cards (("back", seat, i))
CardKey = int | tuple[str, int] | tuple[str, int, int]


class CardItem(QGraphicsObject):
    """One card, face up (``card``) or face down; clickable when ``interactive``."""

    clicked = Signal(int)
    double_clicked = Signal(int)

    def __init__(self, card: int | None, width: float, back: str = "blue") -> None:
        super().__init__()
        self.card = card
        self.face_up = card is not None
        self.back = back
        self.w = width
        self.highlight = False
        self.selected = False
        self.dim = False
        self.interactive = False
        self._hover = False
        self.setAcceptHoverEvents(True)
        self._animation: QPropertyAnimation | None = None
        self.target = QPointF()  # where it is going (or is): the table keeps words off it

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt)
        pad = self.w * 0.06
        return QRectF(-pad, -pad, self.w + 2 * pad, self.w * CARD_RATIO + 2 * pad)

    def set_width(self, width: float) -> None:
        self.prepareGeometryChange()
        self.w = width
        self.update()

    def paint(self, painter: QPainter, _option, _widget=None) -> None:
        rect = QRectF(0, 0, self.w, self.w * CARD_RATIO)
        t = theme.current()
        glowing = self.highlight and not self.dim
        if glowing or (self._hover and self.interactive):
            glow = QColor(t.glow if glowing else t.hover)
            painter.setPen(QPen(glow, self.w * 0.07))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(-1, -1, 1, 1), self.w * 0.09, self.w * 0.09)
        if self.face_up and self.card is not None:
            paint_face(painter, rect, self.card, defer=True)
        else:
            paint_back(painter, rect, self.back, defer=True)
        if t.high_contrast:  # a thick edge: each card of a fan stands apart from the next
            # (all of it on the card: none lost on the felt), thinner on a small card, whose
            # corner letters are close to its edge
            edge = max(1.2, min(t.outline, self.w * 0.025))
            half = edge / 2
            painter.setPen(QPen(QColor(t.card_edge), edge))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(half, half, -half, -half), self.w * 0.08,
                                    self.w * 0.08)
        if self.dim:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(t.dim))
            painter.drawRoundedRect(rect, self.w * 0.08, self.w * 0.08)

    def move_to(self, pos: QPointF, ms: int) -> None:
        self.target = QPointF(pos)
        if self._animation is not None:
            self._animation.stop()
        if ms <= 0:
            self.setPos(pos)
            return
        anim = QPropertyAnimation(self, b"pos", self)
        anim.setDuration(ms)
        anim.setEndValue(pos)
        anim.setEasingCurve(QEasingCurve.Type.OutCubic)
        anim.start()
        self._animation = anim

    def hoverEnterEvent(self, event) -> None:  # noqa: N802
        self._hover = True
        self.update()

    def hoverLeaveEvent(self, event) -> None:  # noqa: N802
        self._hover = False
        self.update()

    def mousePressEvent(self, event) -> None:  # noqa: N802
        if self.interactive and self.card is not None:
            self.clicked.emit(self.card)
        event.accept()

    def mouseDoubleClickEvent(self, event) -> None:  # noqa: N802
        if self.interactive and self.card is not None:
            self.double_clicked.emit(self.card)
        event.accept()


class Bubble(QGraphicsObject):
    """A rounded label: announcements ("fifteen for 2"), the count, the show's words."""

    def __init__(self, role: str = "bubble") -> None:
        super().__init__()
        self.text = ""
        self.size = 16
        self.role = role  # the theme's fill colour: "bubble", "status_bubble" or "go_chip"
        self.max_width = 600.0
        # where the table would put it and at what size, before it moves off the cards
        self.anchor = QPointF()
        self.base_size = self.size

    def set_text(self, text: str, size: int | None = None) -> None:
        self.prepareGeometryChange()
        self.text = text
        if size is not None:
            self.size = self.base_size = size
        self.update()

    def set_size(self, size: int) -> None:
        """Letter ``size`` pixels tall (the table may shrink it to fit between the cards)."""
        if size != self.size:
            self.prepareGeometryChange()
            self.size = size
            self.update()

    def _font(self):
        return theme.font(self.size, bold=True)

    def _text_rect(self) -> QRectF:
        """The text's box, wrapped within ``max_width`` into lines of even length: a
        sentence that needs two lines is split near its middle, instead of leaving its last
        word alone on the second line."""
        key = (self.text, self.size, self.max_width, theme.zoom())
        if getattr(self, "_measured", (None,))[0] != key:
            self._measured = (key, balanced_text_rect(self._font(), self.text,
                                                       self.max_width))
        return self._measured[1]

    def _padding(self) -> tuple[float, float]:
        """Room around the text, growing with the lettering (12 and 6 px at 16 px)."""
        return max(12.0, self.size * 0.75), max(6.0, self.size * 0.375)

    def boundingRect(self) -> QRectF:  # noqa: N802
        if not self.text:
            return QRectF()
        r = self._text_rect()
        across, down = self._padding()
        # (one pixel to spare each side, so painting wraps exactly as measured)
        return QRectF(-r.width() / 2 - across - 1, -r.height() / 2 - down,
                      r.width() + 2 * across + 2, r.height() + 2 * down)

    def paint(self, painter: QPainter, _option, _widget=None) -> None:
        if not self.text:
            return
        rect = self.boundingRect()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        t = theme.current()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(getattr(t, self.role)))
        across, down = self._padding()
        painter.drawRoundedRect(rect, down * 1.6, down * 1.6)
        painter.setPen(QColor(t.go_chip_text if self.role == "go_chip" else t.bubble_text))
        painter.setFont(self._font())
        painter.drawText(rect.adjusted(across, down, -across, -down),
                         int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap),
                         self.text)


def balanced_text_rect(font, text: str, max_width: float) -> QRectF:
    """The box of ``text`` word-wrapped in ``font`` no wider than ``max_width``, at the
    narrowest width that needs no more lines than ``max_width`` does (so the lines come
    out about even)."""
    metrics = QFontMetricsF(font)
    flags = int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap)

    def box(width: float) -> QRectF:
        return metrics.boundingRect(QRectF(0, 0, width, 10_000), flags, text)

    widest = box(max_width)
    if widest.height() < 1.5 * metrics.lineSpacing():
        return widest  # one line
    low, high = max_width / 3, max_width
    for _ in range(10):
        middle = (low + high) / 2
        if box(middle).height() > widest.height() + 0.5:
            low = middle
        else:
            high = middle
    return box(high)


WORDS_ROOM = 466  # window pixels per 100% of the table's words: 150% at 700, 200% from 932


def by_rank(cards) -> list[int]:
    """Cards in rank order (ace low), suits in a fixed order within a rank: the order of
    every text too (``texts.in_order``)."""
    return in_order(cards)


class TableView(QGraphicsView):
    """Draws the model; emits ``card_clicked`` / ``card_double_clicked`` for own cards."""

    card_clicked = Signal(int)
    card_double_clicked = Signal(int)
    # every text the table shows in words (an announcement, the status, the show's count),
    # for a screen reader (cribbage_gui.table.accessibility)
    spoken = Signal(str)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self.setRenderHints(QPainter.RenderHint.Antialiasing
                            | QPainter.RenderHint.TextAntialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # (280: at 1024x700 and 200% text the coach of Learn to play needs the rest for
        # three lines of its words; the cards are then 56 px wide)
        self.setMinimumSize(420, 280)
        self.model: TableModel | None = None
        self.back = "blue"
        self.animation_ms = 300
        self.sort_hand = True
        self.zoom = 1.0
        self.selected: set[int] = set()
        self.interactive = False
        self.highlighted: set[int] = set()
        self.card_items: dict[CardKey, CardItem] = {}
        self.labels: dict[str, QGraphicsSimpleTextItem] = {}
        self.announcement = self._bubble(20)
        self.count_bubble = self._bubble(18)
        self.show_words = self._bubble(17)
        self.status = self._bubble(15, "status_bubble")
        # by seat (four: a variant's table seats up to four; with two, the last are empty)
        self.go_chips = [self._bubble(13, "go_chip") for _ in range(4)]
        self.deck = CardItem(None, 60, self.back)
        self.scene().addItem(self.deck)
        self.deck.setZValue(1)
        theme.signals.changed.connect(self._repaint_all)  # a method: gone with the table
        art_signals().rendered.connect(self._repaint_all)  # a resize's exact card pictures

    def _bubble(self, size: int, role: str = "bubble") -> Bubble:
        bubble = Bubble(role)
        bubble.set_text("", size)
        bubble.setZValue(50)
        self.scene().addItem(bubble)
        return bubble

    def _repaint_all(self, *_theme) -> None:
        for item in self.scene().items():
            item.update()
        self.resetCachedContent()
        self.viewport().update()

    # ------------------------------------------------------------------ painting
    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:  # noqa: N802
        scene = self.sceneRect()
        felt = theme.current().felt
        g = QRadialGradient(scene.center(), max(scene.width(), scene.height()) * 0.7)
        g.setColorAt(0, QColor(felt[0]))
        g.setColorAt(1, QColor(felt[1]))
        painter.fillRect(rect, g)

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        self.setSceneRect(QRectF(0, 0, self.viewport().width(), self.viewport().height()))
        self.refresh(animate=False)

    # ------------------------------------------------------------------ geometry
    def card_width(self, zoom: float | None = None) -> float:
        """A card's width: fits the play across and the three rows down, times the zoom
        (the window's zoom times the text size; never so large that the rows collide, which
        is where a larger text size stops growing the cards)."""
        z = self.zoom if zoom is None else zoom
        # the three rows and their margins (a quarter card and 0.6 of the words' height
        # each, as rows() places them) within the height: else, on a short table (a
        # laptop at 200% text, 300 px), the card played covers the hand
        rows = (self.sceneRect().height() - 1.2 * self.text_px(13)) / (3 * CARD_RATIO + 0.5)
        return max(36.0, min(self._fit_width(z), rows))

    def _fit_width(self, z: float) -> float:
        """A card's width by the table's width and height alone, times the zoom ``z``."""
        r = self.sceneRect()
        fit = min(r.width() / 9.6, r.height() / 5.6)
        return max(36.0, min(fit * z, r.width() / 8.2, r.height() / 4.6))

    def text_px(self, base: float) -> float:
        """Lettering on the table: ``base`` pixels at a 70-pixel card, scaled with the cards
        as they are at 100% text, then by the text size (the cards may stop growing before
        it, the words grow on), up to what the table's height allows."""
        # as far as the window allows: in a short window (a laptop's, at 200%) the words
        # stop growing where the show's lines and the bubbles would start to meet (the
        # window's height, not the table's, which the larger panels' text makes shorter)
        scale = min(theme.text_scale(), max(1.0, self.window().height() / WORDS_ROOM))
        plain = self._fit_width(self.zoom / theme.text_scale())
        return max(12.0 * scale, min(base * 2.2 * scale, base * scale * plain / 70))

    def rows(self) -> tuple[float, float, float]:
        """Tops of the three rows: the opponent's hand, the play, this player's hand. The
        play sits in the band between the hands, a little high, leaving room for the
        status line above this player's hand."""
        r = self.sceneRect()
        w = self.card_width()
        h = w * CARD_RATIO
        margin = w * 0.25 + self.text_px(13) * 0.6
        top, bottom = margin, r.bottom() - h - margin
        play = top + h + max(0.0, bottom - top - 2 * h) * 0.3
        return top, play, bottom

    def _hand_positions(self, n: int, y: float, spread: float,
                        centre: float | None = None) -> list[QPointF]:
        r = self.sceneRect()
        w = self.card_width()
        total = w + spread * (n - 1) if n else 0
        left = (r.center().x() if centre is None else centre) - total / 2
        return [QPointF(left + i * spread, y) for i in range(n)]

    def _columns(self) -> list[tuple[float, float]]:
        """The left and right of each other seat's place along the top, from the person's
        left round: the whole width for the opponent of two players, else equal columns."""
        r = self.sceneRect()
        m = self.model
        n = 1 if m is None else m.rules.players - 1
        if n == 1:
            return [(r.left(), r.right())]
        width = (r.width() - self.card_width() * 0.5) / n
        left = r.left() + self.card_width() * 0.25
        return [(left + i * width, left + (i + 1) * width) for i in range(n)]

    def _play_step(self) -> float:
        """How far apart the cards of the count lie: 0.45 of a card, closer when a count of
        three or four players' cards would reach the crib at the right."""
        w = self.card_width()
        m = self.model
        if m is None or m.rules.players == 2 or len(m.current) < 2:
            return w * 0.45
        room = self.sceneRect().right() - w * 2.6 - (self.sceneRect().center().x() - w * 1.6)
        return max(w * 0.18, min(w * 0.45, (room - w) / (len(m.current) - 1)))

    def hand_order(self) -> list[int]:
        """This player's cards left to right as drawn (keys 1-6 pick them in this order)."""
        m = self.model
        if m is None or not m.visible(m.my_seat):  # pass and play, while handed over
            return []
        mine = list(m.hands[m.my_seat])
        return by_rank(mine) if self.sort_hand else mine

    # ------------------------------------------------------------------ drawing the model
    def set_model(self, model: TableModel) -> None:
        self.model = model
        for item in self.card_items.values():
            self.scene().removeItem(item)
        self.card_items.clear()
        self.selected.clear()
        self.highlighted.clear()
        self.refresh(animate=False)

    def set_zoom(self, zoom: float) -> None:
        self.zoom = zoom
        self.refresh(animate=False)

    @staticmethod
    def _card_of(key: CardKey) -> int | None:
        if isinstance(key, int):
            return key
        return None if key[0] == "back" else key[1]

    def _item(self, key: CardKey, card: int | None, wanted: set[CardKey],
              from_seat: int | None = None) -> CardItem:
        """The item for ``key``, taken over from wherever the same card was shown before
        (or, for a card the opponent held face down, from one of those backs), so that it
        flies from there."""
        item = self.card_items.get(key)
        if item is None:
            known = self._card_of(key) if card is None else card
            previous = next((k for k in self.card_items if k not in wanted and k != key
                             and known is not None and self._card_of(k) == known), None)
            if previous is None and from_seat is not None:
                backs = [k for k in self.card_items if isinstance(k, tuple) and len(k) == 3
                         and k[0] == "back" and k[1] == from_seat and k not in wanted]
                previous = max(backs, key=lambda k: k[2]) if backs else None
            if previous is not None:
                item = self.card_items.pop(previous)
            else:
                item = CardItem(card, self.card_width(), self.back)
                item.clicked.connect(self.card_clicked)
                item.double_clicked.connect(self.card_double_clicked)
                item.setPos(self.deck.pos())
                self.scene().addItem(item)
            self.card_items[key] = item
        item.card = card
        item.face_up = card is not None
        item.back = self.back
        item.set_width(self.card_width())
        wanted.add(key)
        return item

    def refresh(self, animate: bool = True) -> None:
        """Place every card where the model says it is."""
        m = self.model
        r = self.sceneRect()
        w = self.card_width()
        h = w * CARD_RATIO
        ms = self.animation_ms if animate else 0
        margin = w * 0.25
        top_row, play_row, hand_row = self.rows()
        self.deck.set_width(w)
        self.deck.back = self.back
        self.deck.move_to(QPointF(margin, play_row), 0)
        self.deck.update()
        if m is None:
            return
        wanted: set[CardKey] = set()
        me = m.my_seat
        # the player's hand along the bottom, lifted when selected
        mine = self.hand_order()
        for i, (card, pos) in enumerate(zip(mine, self._hand_positions(
                len(mine), hand_row, w * 1.08), strict=True)):
            item = self._item(card, card, wanted)
            lift = h * 0.2 if card in self.selected else 0
            item.move_to(QPointF(pos.x(), pos.y() - lift), ms)
            item.interactive = self.interactive
            item.setZValue(10 + i)
        # the others' hands along the top: face down, unless revealed
        for seat, (left, right) in zip(m.others, self._columns(), strict=True):
            theirs = (by_rank(m.hands[seat]) if self.sort_hand else m.hands[seat]) \
                if m.visible(seat) else [None] * m.hidden[seat]
            spread = w * (1.08 if m.visible(seat) else 0.62)
            if m.rules.players > 2 and len(theirs) > 1:  # each hand within its column
                spread = min(spread, max(w * 0.2, (right - left - w * 1.15)
                                         / (len(theirs) - 1)))  # (a gap between hands)
            for i, (held, pos) in enumerate(zip(theirs, self._hand_positions(
                    len(theirs), top_row, spread, (left + right) / 2), strict=True)):
                key: CardKey = held if held is not None else ("back", seat, i)
                item = self._item(key, held, wanted)
                item.move_to(pos, ms)
                item.interactive = False
                item.setZValue(10 + i)
        # the crib beside the dealer (with more players, at the right of the play, where
        # the top row has no room); a card dealt to it from the deck face down, from the deck
        crib_cards: list[tuple[int, int | None]] = \
            [(seat, c) for seat in m.seats for c in m.tossed[seat]]
        crib_cards += [(-1, None)] * m.crib_backs
        if m.show is not None and m.show.what == "crib":
            crib_cards = []
        caption_px = self.text_px(11)
        crib_caption = self._label("crib", caption_px, bold=False)
        crib_caption.setVisible(m.dealer is not None and bool(crib_cards))
        if m.dealer is not None:
            crib_y = hand_row if m.dealer == me else top_row
            if m.rules.players > 2:
                crib_y = play_row
            for i, (seat, thrown) in enumerate(crib_cards):
                crib_key: CardKey = ("crib", thrown) if thrown is not None else ("back", -1, i)
                item = self._item(crib_key, None, wanted, from_seat=seat)
                # (stacked sideways only with more players: up, it met the hand above)
                rise = 0.04 if m.rules.players == 2 else 0.0
                item.move_to(QPointF(r.right() - w - margin - i * w * 0.08,
                                     crib_y - i * w * rise), ms)
                item.setZValue(5 + i)
            # named, above the pile at the bottom of the table, below it at the top
            crib_caption.setText("Crib")
            below = crib_y != hand_row
            crib_caption.setPos(
                r.right() - margin - w / 2 - crib_caption.boundingRect().width() / 2,
                crib_y + h + 2 if below else
                crib_y - w * 0.04 * len(crib_cards) - caption_px * 1.5)
        # the starter on the deck, named under it
        starter_caption = self._label("starter", caption_px, bold=False)
        starter_caption.setVisible(m.starter is not None and m.show is None)
        if m.starter is not None and m.show is None:
            item = self._item(("starter", m.starter), m.starter, wanted)
            item.move_to(QPointF(margin + w * 0.18, play_row + w * 0.1), ms)
            item.setZValue(3)
            starter_caption.setText("Starter")
            starter_caption.setPos(
                margin + w * 0.68 - starter_caption.boundingRect().width() / 2,
                play_row + w * 0.1 + h + 2)
        # the cut for deal, until the first deal: each player's card face up with their name
        # under it, seat 0's on the left as the announcement names them
        cutting = m.deal == 0 and bool(m.cuts)
        for seat in range(len(self.go_chips)):
            if seat >= m.rules.players:  # a label of a larger table before
                if f"cut{seat}" in self.labels:
                    self.labels[f"cut{seat}"].setVisible(False)
                continue
            label = self._label(f"cut{seat}", self.text_px(13))
            label.setVisible(cutting)
            if not cutting:
                continue
            card = m.cuts[-1][seat]
            # in the order the announcement names them: with two, 0.8 of a card either side
            side = 2 * seat - (m.rules.players - 1)
            x = r.center().x() - w / 2 + side * w * 0.8
            item = self._item(("cut", card), card, wanted)
            item.move_to(QPointF(x, play_row + h * 0.15), ms)
            item.setZValue(25)
            label.setText(m.names[seat])
            label.setPos(x + w / 2 - label.boundingRect().width() / 2,
                         play_row + h * 1.15 + self.text_px(13) * 0.4)
        # the play: the current count in the middle, earlier cards in front of each player
        current = [c for _, c in m.current]
        if m.show is None:
            step = self._play_step()
            for i, (seat, card) in enumerate(m.current):
                item = self._item(("played", card), card, wanted, from_seat=seat)
                item.move_to(QPointF(r.center().x() - w * 1.6 + i * step, play_row), ms)
                item.setZValue(20 + i)
                item.setScale(1.0)
                item.dim = False
            # cards of earlier counts: small and dimmed, left of the count, each player's
            # on their own side (the others' in one row, from the person's left round)
            theirs_before = 0
            for seat in (me, *m.others):
                earlier = [c for c in m.played[seat] if c not in current]
                y = play_row + (h * 0.52 if seat == me else -h * 0.25)
                first = 0 if seat == me else theirs_before
                if seat != me:
                    theirs_before += len(earlier)
                for i, card in enumerate(earlier, first):
                    item = self._item(("played", card), card, wanted, from_seat=seat)
                    item.move_to(QPointF(margin + w * 1.45 + i * w * 0.26, y), ms)
                    item.setZValue(15 + i)
                    item.setScale(0.72)
                    item.dim = True
        else:
            self._place_show(m, wanted, ms)
        for key in list(self.card_items):
            if key not in wanted:
                self.scene().removeItem(self.card_items.pop(key))
        for key, item in self.card_items.items():
            item.highlight = self._card_of(key) in self.highlighted
            item.update()
        self._place_bubbles(m, w, h)

    def _place_show(self, m: TableModel, wanted: set[CardKey], ms: int) -> None:
        r = self.sceneRect()
        w = self.card_width()
        h = w * CARD_RATIO
        show = m.show
        assert show is not None, "the show's cards are placed only in the show"
        cards = by_rank(show.cards) if self.sort_hand else list(show.cards)
        slots = len(cards) + 1.4  # the cards, a gap and the starter: 5.4 for a hand of four
        left = r.center().x() - (w * 1.1 * slots) / 2
        y = self.rows()[1] - h * 0.15
        for i, card in enumerate(cards):
            item = self._item(("show", card), card, wanted, from_seat=show.seat)
            item.move_to(QPointF(left + i * w * 1.1, y), ms)
            item.setZValue(30)
            item.setScale(1.0)
            item.dim = False
        item = self._item(("starter", show.starter), show.starter, wanted)
        item.move_to(QPointF(left + (slots - 1) * w * 1.1, y), ms)
        item.setZValue(30)

    def _place_bubbles(self, m: TableModel, w: float, h: float) -> None:
        r = self.sceneRect()
        top_row, play_row, hand_row = self.rows()
        last_x = r.center().x() - w * 1.6 + max(0, len(m.current) - 1) * self._play_step() + w
        self.count_bubble.set_text(f"{m.count}" if m.current and m.show is None else "",
                                   round(self.text_px(18)))
        self.count_bubble.setPos(last_x + w * 0.45, play_row + h / 2)
        self.announcement.size = round(self.text_px(19))
        self.announcement.max_width = r.width() * 0.62
        above = play_row - h * 0.15 - self.text_px(19) if m.show is not None \
            else play_row - self.text_px(19)
        self.announcement.setPos(r.center().x(), above)
        self.announcement.update()
        self._place_show_words()
        self.status.size = round(self.text_px(14))
        self.status.max_width = r.width() * 0.8
        self.status.setPos(r.center().x(), hand_row - h * 0.2 - self.text_px(14))
        self.status.update()
        columns = dict(zip(m.others, self._columns(), strict=True))
        for seat, chip in enumerate(self.go_chips):
            at = m.go_at[seat] if seat < m.rules.players and m.show is None else None
            chip.set_text("" if at is None else f"{m.names[seat]}: go at {at}",
                          round(self.text_px(13)))
            below = seat == m.my_seat
            if m.rules.players > 2 and not below and seat in columns:  # under their hand
                left, right = columns[seat]
                chip.setPos((left + right) / 2, top_row + h + self.text_px(13))
                continue
            chip.setPos(min(r.right() - w * 1.4, last_x + w * 1.9),
                        play_row + (h + self.text_px(13) if below else -self.text_px(13)))
        for seat in range(len(self.go_chips)):
            if seat >= m.rules.players and f"name{seat}" in self.labels:
                self.labels[f"name{seat}"].setVisible(False)  # a larger table's before
        for seat, y in ((m.my_seat, r.bottom() - self.text_px(13) * 1.35),
                        *((other, 3) for other in m.others)):
            label = self._label(f"name{seat}", self.text_px(13))
            label.setVisible(True)
            crib = " · crib" if m.dealer == seat else ""
            label.setText(m.names[seat] + crib)
            left, right = columns.get(seat, (r.left(), r.right()))
            label.setPos((left + right) / 2 - label.boundingRect().width() / 2, y)
        for bubble in (self.count_bubble, self.announcement, self.status, *self.go_chips):
            bubble.anchor, bubble.base_size = bubble.pos(), bubble.size
        self._arrange_bubbles()

    def _label(self, key: str, px: float, bold: bool = True) -> QGraphicsSimpleTextItem:
        """The table's lettering ``key`` (a player's name, a pile's caption), made once, in
        the theme's colour and a font of ``px`` pixels."""
        label = self.labels.get(key)
        if label is None:
            label = QGraphicsSimpleTextItem()
            self.scene().addItem(label)
            self.labels[key] = label
        label.setBrush(QColor(theme.current().table_text))
        label.setFont(theme.font(px, bold=bold))
        return label

    # ------------------------------------------------------------------ helpers for the window
    def set_interactive(self, on: bool) -> None:
        self.interactive = on
        for key, item in self.card_items.items():
            item.interactive = on and isinstance(key, int)
            item.update()

    def set_selected(self, cards: set[int]) -> None:
        self.selected = set(cards)
        self.refresh()

    def set_highlight(self, cards) -> None:
        """Glow around these cards (wherever they are), without moving anything."""
        self.highlighted = set(cards)
        for key, item in self.card_items.items():
            item.highlight = self._card_of(key) in self.highlighted
            item.update()

    def announce(self, text: str) -> None:
        self.announcement.set_text(text)
        self._arrange_bubbles()
        self.spoken.emit(text)

    def set_status(self, text: str) -> None:
        self.status.set_text(text)
        self._arrange_bubbles()
        self.spoken.emit(text)

    def set_show_words(self, text: str) -> None:
        self.show_words.set_text(text)
        self.spoken.emit(text)
        self._place_show_words()  # two lines are taller: keep it clear of the cards
        self._arrange_bubbles()

    def _place_show_words(self) -> None:
        """The count said aloud, its top just under the cards of the show."""
        r = self.sceneRect()
        h = self.card_width() * CARD_RATIO
        play_row = self.rows()[1]
        self.show_words.set_size(round(self.text_px(16)))
        self.show_words.base_size = self.show_words.size
        self.show_words.max_width = r.width() * 0.86
        below = self.show_words.boundingRect().height() / 2 + h * 0.06
        self.show_words.anchor = QPointF(r.center().x(), play_row + h * 0.85 + below)
        self.show_words.setPos(self.show_words.anchor)
        self.show_words.update()

    def in_sight(self) -> QRect:
        """What must stay readable when a box opens over the table at the game's end, in
        screen coordinates: the cards of the show (and the starter) and the words about
        them, the announcement and the show's count (an empty rectangle when none)."""
        area = QRectF()
        for key, item in self.card_items.items():
            if item.isVisible() and isinstance(key, tuple) and key[0] in ("show", "starter"):
                size = item.w * item.scale()
                area = area.united(QRectF(item.target, QSizeF(size, size * CARD_RATIO)))
        for bubble in (self.announcement, self.show_words):
            if bubble.isVisible() and bubble.text:
                area = area.united(bubble.sceneBoundingRect())
        if area.isEmpty():
            return QRect()
        box = self.mapFromScene(area).boundingRect()
        return QRect(self.viewport().mapToGlobal(box.topLeft()), box.size())

    # ------------------------------------------------------------------ words off the cards
    def _obstacles(self) -> tuple[list[QRectF], list[QRectF]]:
        """What words must never cover: every card on the table where it is going (the
        starter and the deck among them); and what they had better not: the names and the
        piles' captions."""
        cards = []
        for item in (self.deck, *self.card_items.values()):
            if item.isVisible():
                size = item.w * item.scale()
                cards.append(QRectF(item.target, QSizeF(size, size * CARD_RATIO)))
        labels = [label.sceneBoundingRect() for label in self.labels.values()
                  if label.isVisible() and label.text()]
        return cards, labels

    def _arrange_bubbles(self) -> None:
        """Put each bubble at the place nearest where it belongs that covers no card and,
        once placed, not the count: first at its own size clear of the names and the other
        bubbles too, then clear of the cards alone, then a little smaller, down to 60%."""
        if self.model is None:
            return
        cards, labels = self._obstacles()
        placed: list[QRectF] = []
        for bubble in (self.count_bubble, *self.go_chips, self.announcement, self.status,
                       self.show_words):
            if not bubble.text:
                continue
            self._place_clear(bubble, cards, labels + placed)
            placed.append(bubble.sceneBoundingRect())
            if bubble is self.count_bubble:
                cards = [*cards, placed[-1]]  # nothing covers the count either

    def _place_clear(self, bubble: Bubble, hard: list[QRectF], soft: list[QRectF]) -> None:
        base = bubble.base_size
        for shrink in (1.0, 0.9, 0.8, 0.7, 0.6):
            size = max(10, round(base * shrink))
            bubble.set_size(size)
            for obstacles in (hard + soft, hard):
                at = self._nearest_free(bubble.anchor, bubble.boundingRect(), obstacles)
                if at is not None:
                    bubble.setPos(at)
                    return
            if size == 10:
                break
        bubble.set_size(base)  # nowhere clear (a window far too small): where it belongs
        bubble.setPos(bubble.anchor)

    def _nearest_free(self, anchor: QPointF, box: QRectF,
                      obstacles: list[QRectF]) -> QPointF | None:
        """The centre nearest ``anchor`` (moving across costs half again as much as moving
        up or down) where ``box``, centred there, lies inside the table and a few pixels
        clear of every obstacle; None if there is no such place."""
        r = self.sceneRect()
        gap = 3.0
        half_w, half_h = box.width() / 2, box.height() / 2
        lo_x, hi_x = r.left() + half_w + 2, r.right() - half_w - 2
        lo_y, hi_y = r.top() + half_h + 2, r.bottom() - half_h - 2
        if lo_x > hi_x or lo_y > hi_y:
            return None
        step = max(8.0, self.card_width() * 0.4)
        reach = int(r.width() / step) + 1
        xs = sorted({min(max(anchor.x() + k * step, lo_x), hi_x) for k in range(-reach, reach + 1)},
                    key=lambda x: abs(x - anchor.x()))
        best: tuple[float, QPointF] | None = None
        for x in xs:
            if best is not None and 1.5 * abs(x - anchor.x()) >= best[0]:
                break  # further across cannot be nearer
            blocked = [(o.top() - half_h - gap, o.bottom() + half_h + gap) for o in obstacles
                       if o.left() - gap < x + half_w and o.right() + gap > x - half_w]
            ys = [anchor.y()] + [edge for pair in blocked for edge in pair]
            free = [y for y in (min(max(y, lo_y), hi_y) for y in ys)
                    if not any(top < y < bottom for top, bottom in blocked)]
            if not free:
                continue
            y = min(free, key=lambda y: abs(y - anchor.y()))
            cost = abs(y - anchor.y()) + 1.5 * abs(x - anchor.x())
            if best is None or cost < best[0]:
                best = (cost, QPointF(x, y))
        return None if best is None else best[1]
