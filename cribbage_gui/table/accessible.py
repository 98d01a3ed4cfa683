"""Qt accessible interfaces for what Qt does not expose by itself: the table (its piles as
children, each pile's cards as theirs) and the board (its two score plates), and the
factory that gives them to Qt (``QAccessible.installFactory``; see
:mod:`cribbage_gui.table.accessibility` for why this way).

``CardItem`` is a ``QGraphicsObject``, so a ``QObject`` Qt can cache an interface for; the
piles and plates are small ``QObject`` children of their widget
(:mod:`cribbage_gui.table.words`), so Qt owns and frees their interfaces with them.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QPoint, QRect, QRectF
from PySide6.QtGui import QAccessible, QAccessibleObject
from PySide6.QtWidgets import QAccessibleWidget, QGraphicsView

from cribbage_gui.table.board import BoardWidget
from cribbage_gui.table.table_view import CardItem, TableView
from cribbage_gui.table.words import (
    PILES,
    Pile,
    Plate,
    board_summary,
    card_name,
    pile_items,
    pile_name,
    pile_of,
    piles_of,
    plate_name,
    table_description,
)


# ---------------------------------------------------------------------- the interfaces
def _global(view: QGraphicsView, rect: QRectF) -> QRect:
    poly = view.mapFromScene(rect).boundingRect()
    return QRect(view.viewport().mapToGlobal(poly.topLeft()), poly.size())


def _interface(obj: QObject | None):
    return QAccessible.queryAccessibleInterface(obj) if obj is not None else None


class TableAccessible(QAccessibleWidget):
    """The table: named "Card table", described by all its piles; children the piles."""

    def __init__(self, table: TableView) -> None:
        super().__init__(table, QAccessible.Role.Pane, "Card table")
        self.table = table

    def piles(self) -> list[Pile]:
        return piles_of(self.table)

    def text(self, t):
        if t == QAccessible.Text.Name:
            return self.table.accessibleName() or "Card table"
        if t == QAccessible.Text.Description:
            return table_description(self.table)
        return super().text(t)

    def childCount(self) -> int:  # noqa: N802 (Qt)
        return len(self.piles())

    def child(self, index: int):
        piles = self.piles()
        return _interface(piles[index]) if 0 <= index < len(piles) else None

    def indexOfChild(self, child) -> int:  # noqa: N802 (Qt)
        obj = child.object() if child is not None else None
        piles = self.piles()
        return piles.index(obj) if obj in piles else -1

    def focusChild(self):  # noqa: N802 (Qt)
        focus = getattr(self.table, "card_focus", None)
        if focus is None or focus.card is None or not self.table.hasFocus():
            return None
        item = self.table.card_items.get(focus.card)
        return _interface(item)

    def childAt(self, x: int, y: int):  # noqa: N802 (Qt)
        for pile in self.piles():
            iface = _interface(pile)
            if iface is not None and iface.rect().contains(x, y):
                return iface
        return None


class PileAccessible(QAccessibleObject):
    """A pile: its name lists its cards; its children are the cards."""

    def __init__(self, pile: Pile) -> None:
        super().__init__(pile)
        self.pile = pile

    def items(self) -> list[CardItem]:
        return pile_items(self.pile.table, self.pile.kind)

    def text(self, t):
        if t == QAccessible.Text.Name:
            return pile_name(self.pile.table, self.pile.kind)
        return ""

    def setText(self, _t, _text) -> None:  # noqa: N802 (Qt)
        return None

    def role(self):
        return QAccessible.Role.List

    def state(self):
        state = QAccessible.State()
        state.invisible = not self.items()
        return state

    def rect(self) -> QRect:
        items = self.items()
        if not items:
            return QRect()
        box = QRectF()
        for item in items:
            box = box.united(item.sceneBoundingRect())
        return _global(self.pile.table, box)

    def parent(self):
        return _interface(self.pile.table)

    def child(self, index: int):
        items = self.items()
        return _interface(items[index]) if 0 <= index < len(items) else None

    def childCount(self) -> int:  # noqa: N802 (Qt)
        return len(self.items())

    def indexOfChild(self, child) -> int:  # noqa: N802 (Qt)
        obj = child.object() if child is not None else None
        items = self.items()
        return items.index(obj) if obj in items else -1

    def childAt(self, x: int, y: int):  # noqa: N802 (Qt)
        for item in reversed(self.items()):
            iface = _interface(item)
            if iface is not None and iface.rect().contains(x, y):
                return iface
        return None

    def focusChild(self):  # noqa: N802 (Qt)
        return None

    def relations(self, _match=None):
        return []

    def window(self):
        return _interface(self.pile.table.window())


class _Leaf:
    """What an interface without children answers (a card, a score plate)."""

    def child(self, _index: int):
        return None

    def childCount(self) -> int:  # noqa: N802 (Qt)
        return 0

    def indexOfChild(self, _child) -> int:  # noqa: N802 (Qt)
        return -1

    def childAt(self, _x: int, _y: int):  # noqa: N802 (Qt)
        return None

    def focusChild(self):  # noqa: N802 (Qt)
        return None

    def relations(self, _match=None):
        return []


class CardAccessible(_Leaf, QAccessibleObject):
    """A card on the table: its words; selected when chosen for the crib; focused where the
    keyboard is; pressable (Space) when it is the player's to choose or play."""

    def __init__(self, item: CardItem) -> None:
        super().__init__(item)
        self.item = item

    def table(self) -> TableView | None:
        scene = self.item.scene()
        views = scene.views() if scene is not None else []
        return views[0] if views and isinstance(views[0], TableView) else None

    def pile(self) -> Pile | None:
        table = self.table()
        if table is None:
            return None
        if self.item is table.deck:
            return piles_of(table)[PILES.index("starter")]
        key = next((k for k, v in table.card_items.items() if v is self.item), None)
        return None if key is None else piles_of(table)[PILES.index(pile_of(table, key))]

    def text(self, t):
        table = self.table()
        if table is None:
            return "Card"
        if t == QAccessible.Text.Name:
            return card_name(table, self.item)
        if t == QAccessible.Text.Description:
            pile = self.pile()
            where = pile_name(table, pile.kind).split(":")[0] if pile is not None else ""
            notes = [where]
            if self.item.card in table.selected and pile is not None and pile.kind == "hand":
                notes.append("chosen for the crib")
            if self.item.highlight:
                notes.append("scoring")
            if self.item.dim:
                notes.append("from an earlier count")
            return ", ".join(n for n in notes if n)
        return ""

    def setText(self, _t, _text) -> None:  # noqa: N802 (Qt)
        return None

    def role(self):
        return QAccessible.Role.ListItem

    def state(self):
        state = QAccessible.State()
        table = self.table()
        if table is None:
            state.invisible = True
            return state
        mine = self.item.interactive
        state.focusable = mine
        state.selectable = mine
        state.selected = self.item.card in table.selected and self.item.card in \
            table.hand_order()
        focus = getattr(table, "card_focus", None)
        state.focused = bool(table.hasFocus() and focus is not None and focus.card is not None
                             and table.card_items.get(focus.card) is self.item)
        state.invisible = not self.item.isVisible()
        return state

    def rect(self) -> QRect:
        table = self.table()
        if table is None:
            return QRect()
        return _global(table, self.item.sceneBoundingRect())

    def parent(self):
        return _interface(self.pile())

    def window(self):
        table = self.table()
        return _interface(table.window()) if table is not None else None


class BoardAccessible(QAccessibleWidget):
    """The board: "Cribbage board", described by the scores and whose crib it is; the
    two score plates as children."""

    def __init__(self, board: BoardWidget) -> None:
        super().__init__(board, QAccessible.Role.Graphic, "Cribbage board")
        self.board = board

    def plates(self) -> list[Plate]:
        plates = getattr(self.board, "a11y_plates", None)
        if plates is None:
            plates = [Plate(self.board, seat) for seat in (0, 1)]
            self.board.a11y_plates = plates  # type: ignore[attr-defined]
        return plates

    def text(self, t):
        if t == QAccessible.Text.Name:
            return f"Cribbage board: {board_summary(self.board)}"
        if t in (QAccessible.Text.Description, QAccessible.Text.Value):
            return board_summary(self.board)
        return super().text(t)

    def childCount(self) -> int:  # noqa: N802 (Qt)
        return 2

    def child(self, index: int):
        return _interface(self.plates()[index]) if index in (0, 1) else None

    def indexOfChild(self, child) -> int:  # noqa: N802 (Qt)
        obj = child.object() if child is not None else None
        plates = self.plates()
        return plates.index(obj) if obj in plates else -1


class PlateAccessible(_Leaf, QAccessibleObject):
    """One score plate: "Expert: 92 points, Expert's crib"."""

    def __init__(self, plate: Plate) -> None:
        super().__init__(plate)
        self.plate = plate

    def text(self, t):
        if t == QAccessible.Text.Name:
            return plate_name(self.plate.board, self.plate.seat)
        if t == QAccessible.Text.Value:
            return str(self.plate.board.scores[self.plate.seat])
        return ""

    def setText(self, _t, _text) -> None:  # noqa: N802 (Qt)
        return None

    def role(self):
        return QAccessible.Role.StaticText

    def state(self):
        return QAccessible.State()

    def rect(self) -> QRect:
        board = self.plate.board  # the plates fill the board's left end, one above the other
        half = board.height() // 2
        top = board.mapToGlobal(QPoint(0, half * self.plate.seat))
        return QRect(top.x(), top.y(), board.width() // 5, half)

    def parent(self):
        return _interface(self.plate.board)

    def window(self):
        return _interface(self.plate.board.window())


# ---------------------------------------------------------------------- wiring
_keep: dict[int, object] = {}  # Python's references to the interfaces Qt caches and frees


def factory(_class_name: str, obj: QObject):
    """The interface for ``obj`` when it is one of ours (None: Qt's own)."""
    iface: QAccessibleObject | None = None
    if isinstance(obj, TableView):
        iface = TableAccessible(obj)
    elif isinstance(obj, BoardWidget):
        iface = BoardAccessible(obj)
    elif isinstance(obj, Pile):
        iface = PileAccessible(obj)
    elif isinstance(obj, CardItem):
        iface = CardAccessible(obj)
    elif isinstance(obj, Plate):
        iface = PlateAccessible(obj)
    if iface is None:
        return None
    key = id(obj)
    _keep[key] = iface
    obj.destroyed.connect(lambda *_a: _keep.pop(key, None))
    return iface
