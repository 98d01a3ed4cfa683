"""The main window's menu bar (Game, Practice, View, Help) from one table.

:data:`ITEMS` lists every command once: its id, its menu, its text, what it calls on the
window's parts, its key and when it is enabled. The menus decide nothing themselves; the
window asks :meth:`Menus.refresh` to re-read every ``enabled_when`` when the game moves.
:data:`SHORTCUTS` is the list of keys the help shows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu

Key = QKeySequence | QKeySequence.StandardKey
PANELS = "panels"  # where View lists the panels it shows and hides


@dataclass(frozen=True)
class Item:
    """One command of the menu bar. ``run`` and ``enabled_when`` take the main window."""

    id: str
    menu: str
    text: str
    run: Callable[[Any], object]
    key: Key | None = None
    enabled_when: Callable[[Any], bool] | None = None
    separated: bool = False  # a line above it


def _key(text: str) -> QKeySequence:
    return QKeySequence(text)


def _analysis_board(window) -> object:
    """Game → Analysis board… (the table's last deal once it is over)."""
    from cribbage_gui.windows.analysis_board import open_for_window  # built when asked for

    return open_for_window(window)


S = QKeySequence.StandardKey
ITEMS: tuple[Item, ...] = (
    Item("new", "&Game", "&New game…", lambda w: w.games.new_game_dialog(), S.New),
    Item("resume", "&Game", "&Resume saved game", lambda w: w.saved.resume_saved_game()),
    Item("open", "&Game", "&Open game…", lambda w: w.files.open_game_dialog(), S.Open),
    Item("save-as", "&Game", "Save game &as…", lambda w: w.files.save_game_dialog(),
         _key("Ctrl+Shift+S")),
    Item("review", "&Game", "Re&view game", lambda w: w.reviews.review_game(), _key("Ctrl+R")),
    Item("analysis-board", "&Game", "Analysis &board…", lambda w: _analysis_board(w),
         _key("Ctrl+B")),
    Item("undo", "&Game", "&Undo my last card or discard", lambda w: w.playing.undo(), S.Undo,
         enabled_when=lambda w: w.playing.can_undo),
    Item("watch", "&Game", "&Watch the computer play…", lambda w: w.watch.watch_dialog(),
         separated=True),
    Item("quick-run", "&Game", "Run games &quickly…", lambda w: w.watch.quick_run_dialog()),
    Item("statistics", "&Game", "&Statistics…", lambda w: w.show_statistics(),
         separated=True),
    Item("settings", "&Game", "Se&ttings…", lambda w: w.settings_dialog()),
    Item("quit", "&Game", "&Quit", lambda w: w.close(), S.Quit, separated=True),
    Item("practice", "&Practice", "Practice &positions…", lambda w: w.practice.positions()),
    Item("counting", "&Practice", "&Counting trainer…",
         lambda w: w.practice.counting_trainer()),
    Item("zoom-in", "&View", "Zoom &in", lambda w: w.zoom_by(+1), S.ZoomIn, separated=True),
    Item("zoom-out", "&View", "Zoom &out", lambda w: w.zoom_by(-1), S.ZoomOut),
    Item("zoom-normal", "&View", "&Normal size", lambda w: w.set_zoom(1.0), _key("Ctrl+0")),
    Item("cards", "&View", "Keyboard to your &cards", lambda w: w.keyboard.focus_cards(),
         QKeySequence(Qt.Key.Key_F6), separated=True),
    Item("reset-panels", "&View", "Reset the &panels", lambda w: w.docks.reset()),
    Item("learn", "&Help", "&Learn to play", lambda w: w.lesson.learn_to_play()),
    Item("how-to-play", "&Help", "&How to play", lambda w: w.show_help("How to play"),
         QKeySequence(Qt.Key.Key_F1)),
    Item("scoring", "&Help", "&Scoring", lambda w: w.show_help("Scoring")),
    Item("keys", "&Help", "&Keyboard shortcuts", lambda w: w.show_help("Keyboard shortcuts")),
    Item("about", "&Help", "&About Cribbage", lambda w: w.show_help("About"), separated=True),
)
MENUS = ("&Game", "&Practice", "&View", "&Help")  # (View lists the panels first)


class Menus:
    """The menu bar of ``window`` built from :data:`ITEMS`; View shows and hides
    ``panels``. ``actions[id]`` is each command's QAction."""

    def __init__(self, window: QMainWindow, panels: tuple[QDockWidget, ...],
                 items: tuple[Item, ...] = ITEMS) -> None:
        self.window, self.items = window, items
        self.actions: dict[str, QAction] = {}
        bar = window.menuBar()
        menus: dict[str, QMenu] = {}
        for title in MENUS:
            menu = menus[title] = bar.addMenu(title)
            menu.setAccessibleName(title.replace("&", ""))
            if title == "&View":
                for panel in panels:
                    menu.addAction(panel.toggleViewAction())
        for item in items:
            menu = menus[item.menu]
            if item.separated:
                menu.addSeparator()
            action = QAction(item.text, window)
            if item.key is not None:
                action.setShortcut(item.key)
            action.triggered.connect(lambda _checked=False, run=item.run: run(window))
            menu.addAction(action)
            self.actions[item.id] = action

    def refresh(self) -> None:
        """Enable each command whose ``enabled_when`` holds now."""
        for item in self.items:
            if item.enabled_when is not None:
                self.actions[item.id].setEnabled(bool(item.enabled_when(self.window)))


SHORTCUTS = (
    ("← →  Home End", "Move the ring along your cards (the table has the keyboard)"),
    ("Space", "Choose or play the card in the ring; otherwise continue the show"),
    ("1 – 6", "Choose or play a card of your hand (left to right)"),
    ("Enter", "Choose the card in the ring; with two chosen, throw them; play the card "
              "in the ring; claim your count; continue the show"),
    ("0 – 9, then Enter", "Counting or pegging by hand: type your points, then claim"),
    ("H", "Hint: what the strongest computer player would do"),
    ("F6", "Take the keyboard to your cards (from a panel)"),
    ("Tab / Shift+Tab", "Move between the cards, the buttons and the panels"),
    ("Ctrl+Z", "Undo your last discard or card (single games)"),
    ("Double-click", "Throw a card with the one already chosen"),
    ("Ctrl+N", "New game"),
    ("Ctrl+O / Ctrl+Shift+S", "Open a game file / save the game as a file"),
    ("Ctrl+R", "Review the game: every decision rated"),
    ("Ctrl+B", "The analysis board: any six cards or moment of the play, every option"),
    ("Alt+letter", "A menu, or a button of a dialog by its underlined letter"),
    ("Tab, then Space", "In the game-over box: move to a button (Review game…), press it"),
    ("Enter / Esc", "In a dialog: its default button / cancel"),
    ("← → ↑ ↓", "In a review: the previous / next event, decision"),
    ("Home End, PgUp PgDn, N P", "In a review: first / last event, deal, mistake"),
    ("Esc", "Close the review"),
    ("1 – 6, ← → Space, Enter", "In practice: choose cards, answer; Enter again: the next "
                                "position"),
    ("Ctrl++ / Ctrl+-", "Larger / smaller cards; Ctrl+0 normal size"),
    ("F1", "How to play"),
    ("Ctrl+Q", "Quit (a game in progress is saved)"),
)
