"""The main window's keyboard: the cards' keys (1 – 6, Enter; Space continues), F6 to the
cards, and the keyboard brought back to the cards at each turn unless the person took it
to a panel on purpose."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QApplication

from engine import Phase

if TYPE_CHECKING:
    from cribbage_gui.windows.window_parts import Window


class Keyboard(QObject):
    """The window's part that keeps the keyboard with the cards. A QObject of the window's,
    so that the application's focus signal stops reaching it when the window is gone."""

    def __init__(self, window: Window) -> None:
        super().__init__(window.window())
        self.w = window
        window.presenter.turn_ready.connect(self.to_turn)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self.focus_changed)

    def focus_cards(self) -> None:
        """View → Keyboard to your cards (F6): the arrow keys move among your cards."""
        self.w.table.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def to_turn(self, obs) -> None:
        """At a discard or a card to play, the keyboard goes to the cards, unless the
        person has taken it to a panel (the log, the inspector) on purpose."""
        if obs.phase not in (Phase.DISCARD, Phase.PLAY):
            return
        focus = QApplication.focusWidget()
        central = self.w.centralWidget()
        if focus is None or focus is self.w or not focus.isVisible() or (
                central is not None and central.isAncestorOf(focus)):
            self.w.table.setFocus(Qt.FocusReason.OtherFocusReason)

    def focus_changed(self, old, new) -> None:
        """A control of the game bar that had the keyboard and went away (the count once
        claimed, Throw once thrown) hands it back to the cards, not to whatever Qt finds
        next in the window (a panel's tabs)."""
        bar = self.w.game_bar
        if old is not None and bar.isAncestorOf(old) and not old.isVisible() \
                and (new is None or not bar.isAncestorOf(new)):
            self.w.table.setFocus(Qt.FocusReason.OtherFocusReason)

    def focused_card(self) -> int | None:
        """The card under the keyboard's ring (None when the table does not have the
        keyboard)."""
        return self.w.card_focus.card if self.w.table.hasFocus() else None

    def key(self, key: int) -> bool:
        """A key the window did not otherwise take; True when it was the game's."""
        w, g, table = self.w, self.w.playing, self.w.table
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_6 and g.obs is not None:
            hand = table.hand_order()
            index = key - Qt.Key.Key_1
            if index < len(hand):
                w.card_focus.focus_on(hand[index])
                table.card_clicked.emit(hand[index])  # as a click on it
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            card = self.focused_card()
            if w.game_bar.continue_button.isVisible():
                w.presenter.proceed()
            elif g.obs is not None and g.obs.phase is Phase.DISCARD:
                if len(table.selected) < 2 and card is not None:
                    table.card_clicked.emit(card)  # chooses, as Space, until two are
                else:
                    g.throw()
            elif g.obs is not None and g.obs.phase is Phase.PLAY:
                if card is not None:
                    table.card_clicked.emit(card)
            elif g.obs is not None:
                g.claim()
            return True
        if key == Qt.Key.Key_Space:
            w.presenter.proceed()
            return True
        if key == Qt.Key.Key_H and g.obs is not None:
            g.hint()
            return True
        return False
