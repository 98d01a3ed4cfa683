"""What a screen reader finds in the window: the table's piles and cards, the board's score
plates, and every announcement spoken.

Qt makes widgets accessible, but the table's cards are ``QGraphicsItem``s, which Qt does not
expose at all, and the board is one painted widget. Of the ways to expose them (names on the
view alone, hidden proxy widgets standing in for the cards, or accessible interfaces of our
own), this module takes the last, because it is the only one that gives a screen reader the
real structure without duplicating the table in widgets that must be kept in step:

* :func:`install` adds a factory (``QAccessible.installFactory``) that gives the
  :class:`~cribbage_gui.widgets.table.TableView` an interface whose children are its piles
  (your hand, the opponent's hand, the crib, the starter and deck, the play, the show), each
  pile's children its cards (``CardItem`` is a ``QGraphicsObject``, so a ``QObject`` Qt can
  cache an interface for), and the :class:`~cribbage_gui.widgets.board.BoardWidget` an
  interface naming the scores ("You 87, Expert 92, Expert's crib") with the two score plates
  as children. The piles and plates are small ``QObject`` children of their widget, so Qt
  owns and frees their interfaces with them.
* Every text is computed when it is asked for, from the table's model and the board's
  state, so nothing has to be kept in step with the game.
* :func:`announce` sends a ``QAccessibleAnnouncementEvent`` (Qt 6.8 and later, which the
  project's PySide6 has) so the screen reader speaks an announcement without moving the
  focus, and emits :data:`signals`'s ``announced`` (the window's tests listen to it).
* The keyboard's card (:mod:`cribbage_gui.widgets.card_focus`) is the table's focus child,
  and each move of it is sent as a ``Focus`` event, so the reader names the card.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QPoint, QRect, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAccessible,
    QAccessibleAnnouncementEvent,
    QAccessibleEvent,
    QAccessibleObject,
    QAccessibleValueChangeEvent,
)
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSlider,
    QAbstractSpinBox,
    QAccessibleWidget,
    QComboBox,
    QDockWidget,
    QFrame,
    QGraphicsView,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListView,
    QMenu,
    QScrollBar,
    QStackedWidget,
    QTabBar,
    QTableView,
    QTabWidget,
    QTextEdit,
    QWidget,
)

from cribbage_gui.texts import YOU, crib_of, possessive
from cribbage_gui.widgets.board import BoardWidget
from cribbage_gui.widgets.table import CardItem, TableView
from engine.cards import card_words

PILES = ("hand", "opponent", "crib", "starter", "play", "show")


class _Signals(QObject):
    announced = Signal(str)  # the text of every announcement sent to the screen reader


signals = _Signals()


def announce(source: QObject, text: str, assertive: bool = False) -> None:
    """Have a screen reader speak ``text`` (an event about ``source``); ``assertive``
    interrupts what it is saying (a refused move), else it waits its turn. Blank texts
    (a bubble cleared) say nothing."""
    text = " ".join(text.split())
    if not text:
        return
    event = QAccessibleAnnouncementEvent(source, text)
    event.setPoliteness(QAccessible.AnnouncementPoliteness.Assertive if assertive
                        else QAccessible.AnnouncementPoliteness.Polite)
    QAccessible.updateAccessibility(event)
    signals.announced.emit(text)


def cards_words(cards) -> str:
    """``"five of hearts, jack of clubs"``."""
    return ", ".join(card_words(c) for c in cards)


# ---------------------------------------------------------------------- the table's words
class Pile(QObject):
    """One pile of the table, as a screen reader sees it (``kind`` in :data:`PILES`)."""

    def __init__(self, table: TableView, kind: str) -> None:
        super().__init__(table)
        self.table, self.kind = table, kind
        self.setObjectName(f"pile:{kind}")


def pile_of(table: TableView, key) -> str:
    """Which pile a card item kept under ``key`` belongs to."""
    m = table.model
    if isinstance(key, int):
        return "hand" if m is not None and key in m.hands[m.my_seat] else "opponent"
    return {"back": "opponent", "crib": "crib", "starter": "starter", "cut": "starter",
            "played": "play", "show": "show"}[key[0]]


def pile_items(table: TableView, kind: str) -> list[CardItem]:
    """The card items of a pile, left to right as drawn (the deck last in the starter's)."""
    items = [item for key, item in table.card_items.items() if pile_of(table, key) == kind]
    items.sort(key=lambda item: (item.pos().y() if kind == "play" else 0, item.pos().x()))
    if kind == "starter":
        items.append(table.deck)
    return items


def pile_name(table: TableView, kind: str) -> str:
    """``"Your hand: five of hearts, …"``, ``"Expert's hand: 4 cards face down"``, …"""
    m = table.model
    if m is None:
        return {"hand": "Your hand", "opponent": "Opponent's hand", "crib": "Crib",
                "starter": "Deck", "play": "The play", "show": "The show"}[kind]
    me, opp = m.my_seat, m.opponent
    if kind == "hand":
        cards = table.hand_order()
        chosen = [c for c in cards if c in table.selected]
        text = f"{possessive(m.names[me])} hand: " + (cards_words(cards) or "empty")
        return text + (f"; chosen for the crib: {cards_words(chosen)}" if chosen else "")
    if kind == "opponent":
        whose = possessive(m.names[opp])
        if m.visible(opp):
            return f"{whose} hand: " + (cards_words(m.hands[opp]) or "empty")
        hidden = m.hidden[opp]
        return f"{whose} hand: {hidden} card{'s' if hidden != 1 else ''} face down" \
            if hidden else f"{whose} hand: empty"
    if kind == "crib":
        count = sum(len(t) for t in m.tossed)
        owner = crib_of(m.names[m.dealer]) if m.dealer is not None else "the crib"
        owner = owner[0].upper() + owner[1:]
        return f"{owner}: {count} card{'s' if count != 1 else ''} face down" if count \
            else f"{owner}: empty"
    if kind == "starter":
        if m.deal == 0 and m.cuts:
            a, b = m.cuts[-1]
            return (f"Cut for deal: {m.names[0]} {card_words(a)}, "
                    f"{m.names[1]} {card_words(b)}")
        return f"Starter: {card_words(m.starter)}" if m.starter is not None \
            else "Deck: no starter cut yet"
    if kind == "play":
        if not m.current and not any(m.played):
            return "The play: no cards played"
        current = cards_words(c for _, c in m.current) or "none"
        text = f"The play: count {m.count}; this count's cards: {current}"
        for seat in (me, opp):
            earlier = [c for c in m.played[seat] if c not in {c for _, c in m.current}]
            if earlier:
                whose = possessive(m.names[seat])
                whose = whose.lower() if m.names[seat] == YOU else whose
                text += f"; {whose} earlier cards: {cards_words(earlier)}"
        for seat in (0, 1):
            if m.go_at[seat] is not None:
                text += f"; {m.names[seat]} said go at {m.go_at[seat]}"
        return text
    if m.show is None:
        return "The show: not yet"
    whose = possessive(m.names[m.show.seat])
    return (f"The show: {whose} {m.show.what}: {cards_words(m.show.cards)}, starter "
            f"{card_words(m.show.starter)}")


def card_name(table: TableView, item: CardItem) -> str:
    """A card's name as spoken: its words, or "face-down card" (or "deck")."""
    if item is table.deck:
        return "Deck"
    if not item.face_up or item.card is None:
        return "Face-down card"
    return card_words(item.card)


def table_description(table: TableView) -> str:
    """The whole table in a few sentences, what a reader says of the table itself."""
    piles = [pile_name(table, kind) for kind in PILES]
    words = [table.status.text, table.announcement.text, table.show_words.text]
    return ". ".join([w for w in words if w] + [p for p in piles if not p.endswith(
        ("empty", "not yet", "no cards played"))])


def board_summary(board: BoardWidget) -> str:
    """``"You 87, Expert 92, Expert's crib"``."""
    text = f"{board.names[0]} {board.scores[0]}, {board.names[1]} {board.scores[1]}"
    if board.dealer is not None:
        text += f", {crib_of(board.names[board.dealer])}"
    return text


class Plate(QObject):
    """One player's score plate on the board (``seat``)."""

    def __init__(self, board: BoardWidget, seat: int) -> None:
        super().__init__(board)
        self.board, self.seat = board, seat
        self.setObjectName(f"plate:{seat}")


def plate_name(board: BoardWidget, seat: int) -> str:
    """``"Expert: 92 points, deals (crib)"``."""
    text = f"{board.names[seat]}: {board.scores[seat]} points"
    if board.backs[seat] != board.scores[seat]:
        text += f" (back peg at {board.backs[seat]})"
    if board.dealer == seat:
        text += f", {crib_of(board.names[seat])}"
    return text


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


def piles_of(table: TableView) -> list[Pile]:
    piles = getattr(table, "a11y_piles", None)
    if piles is None:
        piles = [Pile(table, kind) for kind in PILES]
        table.a11y_piles = piles  # type: ignore[attr-defined]
    return piles


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


class CardAccessible(QAccessibleObject):
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


class PlateAccessible(QAccessibleObject):
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

    def window(self):
        return _interface(self.plate.board.window())


# ---------------------------------------------------------------------- wiring
_keep: dict[int, object] = {}  # Python's references to the interfaces Qt caches and frees


def _factory(_class_name: str, obj: QObject):
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


_installed = False


def install() -> None:
    """Add the factory for the table's and the board's interfaces (once a process)."""
    global _installed
    if not _installed:
        QAccessible.installFactory(_factory)
        _installed = True


def attach_table(table: TableView, focus=None) -> None:
    """Speak what ``table`` announces, and follow the keyboard's card ``focus`` (a
    :class:`~cribbage_gui.widgets.card_focus.CardFocus`) with focus events."""
    install()
    table.setAccessibleName("Card table")
    piles_of(table)
    table.spoken.connect(lambda text: announce(table, text))
    if focus is not None:
        table.card_focus = focus  # type: ignore[attr-defined]
        focus.moved.connect(lambda card: _focus_moved(table, card))
    # connected before the window's own handling of a click, so it sees the choice before
    table.card_clicked.connect(lambda card: _say_choice_after(table, card))


def _say_choice_after(table: TableView, card: int) -> None:
    """Once the click on ``card`` is handled, say what it did to the discard: "three of
    diamonds chosen" or "… put back" (a card played is said by the play by play, a refusal
    by the table)."""
    before = set(table.selected)

    def say() -> None:
        if card not in table.hand_order() or set(table.selected) == before:
            return
        announce(table, f"{card_words(card)} {'chosen' if card in table.selected else 'put back'}")
    QTimer.singleShot(0, say)


def board_changed(board: BoardWidget) -> bool:
    """Tell the screen reader the board's scores or crib changed, when they have (True
    then): a value-change event, so a reader watching the board says the new scores."""
    summary = board_summary(board)
    if getattr(board, "a11y_said", None) == summary:
        return False
    board.a11y_said = summary  # type: ignore[attr-defined]
    QAccessible.updateAccessibility(QAccessibleValueChangeEvent(board, summary))
    return True


def _focus_moved(table: TableView, card) -> None:
    item = table.card_items.get(card) if card is not None else None
    if item is None or not table.hasFocus():
        return
    QAccessible.updateAccessibility(QAccessibleEvent(item, QAccessible.Event.Focus))



# ---------------------------------------------------------------------- names for the rest
KINDS = ((QTabBar, "tabs"), (QTabWidget, "tabs"), (QTableView, "table"),
         (QListView, "list"), (QAbstractItemView, "list"), (QAbstractSpinBox, "number"),
         (QComboBox, "choice"), (QAbstractSlider, "slider"), (QTextEdit, "text"), (QLabel, "text"),
         (QAbstractScrollArea, "area"))


def is_interactive(widget: QWidget) -> bool:
    """A widget a person uses (presses, types in, moves through with Tab), as opposed to a
    part of one: Qt's own inner pieces (``qt_`` names: a spin box's editor, a table's
    corner), a scroll area's viewport, a table's headers and scroll bars (the reader names
    these by their role and their table)."""
    if widget.objectName().startswith("qt_") or isinstance(widget, QScrollBar | QHeaderView):
        return False
    parent = widget.parentWidget()
    if isinstance(parent, QAbstractScrollArea) and parent.viewport() is widget:
        return False
    return isinstance(widget, QAbstractButton | QTabBar | QMenu | QAbstractItemView
                      | QAbstractSpinBox | QComboBox | QLineEdit | QTextEdit) or bool(
        widget.focusPolicy() & Qt.FocusPolicy.TabFocus)


def context_of(widget: QWidget) -> str:
    """Where a widget is, in the words on the screen: the tab page it is on, else its
    panel's title, else its window's."""
    child, parent = widget, widget.parentWidget()
    while parent is not None:
        stack = parent.parentWidget()
        if isinstance(stack, QStackedWidget) and isinstance(stack.parentWidget(), QTabWidget):
            tabs = stack.parentWidget()
            assert isinstance(tabs, QTabWidget)
            index = tabs.indexOf(parent)
            if index >= 0:
                return tabs.tabText(index).replace("&", "")
        if isinstance(parent, QDockWidget):
            return parent.windowTitle()
        child, parent = parent, stack
    return child.windowTitle() or "Cribbage"


def fallback_name(widget: QWidget) -> str:
    """A name for a widget nobody named: its tooltip's first sentence, else what it is
    and where ("Computer: table")."""
    tip = " ".join(widget.toolTip().split())
    if tip and "<" not in tip:
        return tip.split(". ")[0].split(" (")[0]
    if isinstance(widget, QMenu):
        return widget.title().replace("&", "") or "Menu"
    title = getattr(getattr(widget, "plotItem", None), "titleLabel", None)
    if title is not None and str(getattr(title, "text", None) or ""):
        return f"{context_of(widget)}: chart, {title.text}"
    if type(widget).__name__.endswith(("PlotWidget", "LayoutWidget")):  # pyqtgraph's
        kind = "chart"
    else:
        kind = next((k for cls, k in KINDS if isinstance(widget, cls)), "control")
    frame = widget.parentWidget()
    combo = frame.parentWidget() if isinstance(frame, QFrame) else None
    if isinstance(widget, QListView) and isinstance(combo, QComboBox):  # a choice's popup
        return f"{combo.accessibleName() or context_of(combo)}: choices"
    return f"{context_of(widget)}: {kind}"


def name_widgets(root: QWidget) -> list[QWidget]:
    """Give every interactive widget under ``root`` (see :func:`is_interactive`) whose
    accessible interface has no name one from :func:`fallback_name`; returns those named.
    (Widgets named by their own code keep their names; this is the net under them.)"""
    named = []
    for widget in root.findChildren(QWidget):
        if not is_interactive(widget):
            continue
        iface = QAccessible.queryAccessibleInterface(widget)
        if iface is not None and iface.text(QAccessible.Text.Name).strip():
            continue
        widget.setAccessibleName(fallback_name(widget))
        named.append(widget)
    return named
