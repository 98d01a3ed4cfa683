"""What a screen reader finds in the window: the table's piles and cards, the board's score
plates, and every announcement spoken.

Qt makes widgets accessible, but the table's cards are ``QGraphicsItem``s, which Qt does not
expose at all, and the board is one painted widget. Of the ways to expose them (names on the
view alone, hidden proxy widgets standing in for the cards, or accessible interfaces of our
own), this module takes the last, because it is the only one that gives a screen reader the
real structure without duplicating the table in widgets that must be kept in step:

* :func:`install` adds a factory (``QAccessible.installFactory``,
  :mod:`cribbage_gui.table.accessible`) that gives the
  :class:`~cribbage_gui.table.table_view.TableView` an interface whose children are its piles
  (your hand, the opponent's hand, the crib, the starter and deck, the play, the show), each
  pile's children its cards (``CardItem`` is a ``QGraphicsObject``, so a ``QObject`` Qt can
  cache an interface for), and the :class:`~cribbage_gui.table.board.BoardWidget` an
  interface naming the scores ("You 87, Expert 92, Expert's crib") with the two score plates
  as children. The piles and plates are small ``QObject`` children of their widget, so Qt
  owns and frees their interfaces with them.
* Every text (:mod:`cribbage_gui.table.words`) is computed when it is asked for, from
  the table's model and the board's state, so nothing has to be kept in step with the game.
* :func:`announce` sends a ``QAccessibleAnnouncementEvent`` (Qt 6.8 and later, which the
  project's PySide6 has) so the screen reader speaks an announcement without moving the
  focus, and emits :data:`signals`'s ``announced`` (the window's tests listen to it).
* The keyboard's card (:mod:`cribbage_gui.table.card_focus`) is the table's focus child,
  and each move of it is sent as a ``Focus`` event, so the reader names the card.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAccessible,
    QAccessibleAnnouncementEvent,
    QAccessibleEvent,
    QAccessibleValueChangeEvent,
)
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSlider,
    QAbstractSpinBox,
    QComboBox,
    QDockWidget,
    QFrame,
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

from cribbage_gui.table.accessible import factory
from cribbage_gui.table.board import BoardWidget
from cribbage_gui.table.table_view import TableView
from cribbage_gui.table.words import board_summary, piles_of
from engine.cards import card_words


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


_installed = False


def install() -> None:
    """Add the factory for the table's and the board's interfaces (once a process)."""
    global _installed
    if not _installed:
        QAccessible.installFactory(factory)
        _installed = True


def attach_table(table: TableView, focus=None) -> None:
    """Speak what ``table`` announces, and follow the keyboard's card ``focus`` (a
    :class:`~cribbage_gui.table.card_focus.CardFocus`) with focus events."""
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
