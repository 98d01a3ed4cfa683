"""The main window's menu bar (Game, Practice, View, Help) and its keys.

The menus only name the window's commands (:class:`Commands`, which the window provides)
and the panels whose visibility View toggles; they decide nothing themselves.
:data:`SHORTCUTS` is the list of keys the help shows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu

from cribbage_gui.table.game import Playing


class Commands(Protocol):
    """What the menus ask of the window."""

    playing: Playing

    def new_game_dialog(self) -> None: ...
    def resume_saved_game(self) -> None: ...
    def open_game_dialog(self) -> None: ...
    def save_game_dialog(self) -> None: ...
    def review_game(self) -> object: ...
    def watch_dialog(self) -> None: ...
    def quick_run_dialog(self) -> None: ...
    def show_statistics(self) -> None: ...
    def practice_positions(self) -> object: ...
    def show_counting_trainer(self) -> None: ...
    def settings_dialog(self) -> None: ...
    def close(self) -> bool: ...
    def zoom_by(self, step: int) -> None: ...
    def set_zoom(self, factor: float, save: bool = True) -> None: ...
    def reset_layout(self) -> None: ...
    def show_help(self, topic: str = "How to play") -> None: ...
    def learn_to_play(self) -> None: ...
    def focus_cards(self) -> None: ...


@dataclass(frozen=True)
class MenuActions:
    """The actions the window enables or reads later."""

    new: QAction  # Game → New game…
    undo: QAction  # Game → Undo my last card or discard


def build_menus(window: QMainWindow, commands: Commands, panels: tuple[QDockWidget, ...]
                ) -> MenuActions:
    """Fill ``window``'s menu bar; View shows and hides ``panels``."""
    bar = window.menuBar()

    def add(menu: QMenu, text: str, slot: Callable[[], object],
            shortcut: QKeySequence | QKeySequence.StandardKey | None = None) -> QAction:
        action = QAction(text, window)
        if shortcut is not None:
            action.setShortcut(shortcut)
        action.triggered.connect(lambda _checked=False: slot())
        menu.addAction(action)
        return action

    c = commands
    menu = bar.addMenu("&Game")
    menu.setAccessibleName("Game")
    new = add(menu, "&New game…", c.new_game_dialog, QKeySequence.StandardKey.New)
    add(menu, "&Resume saved game", c.resume_saved_game)
    add(menu, "&Open game…", c.open_game_dialog, QKeySequence.StandardKey.Open)
    add(menu, "Save game &as…", c.save_game_dialog, QKeySequence("Ctrl+Shift+S"))
    add(menu, "Re&view game", c.review_game, QKeySequence("Ctrl+R"))
    undo = add(menu, "&Undo my last card or discard", lambda: c.playing.undo(),
               QKeySequence.StandardKey.Undo)
    menu.addSeparator()
    add(menu, "&Watch the computer play…", c.watch_dialog)
    add(menu, "Run games &quickly…", c.quick_run_dialog)
    menu.addSeparator()
    add(menu, "&Statistics…", c.show_statistics)
    add(menu, "Se&ttings…", c.settings_dialog)
    menu.addSeparator()
    add(menu, "&Quit", c.close, QKeySequence.StandardKey.Quit)
    practice = bar.addMenu("&Practice")
    practice.setAccessibleName("Practice")
    add(practice, "Practice &positions…", c.practice_positions)
    add(practice, "&Counting trainer…", c.show_counting_trainer)
    view = bar.addMenu("&View")
    view.setAccessibleName("View")
    for panel in panels:
        view.addAction(panel.toggleViewAction())
    view.addSeparator()
    add(view, "Zoom &in", lambda: c.zoom_by(+1), QKeySequence.StandardKey.ZoomIn)
    add(view, "Zoom &out", lambda: c.zoom_by(-1), QKeySequence.StandardKey.ZoomOut)
    add(view, "&Normal size", lambda: c.set_zoom(1.0), QKeySequence("Ctrl+0"))
    view.addSeparator()
    add(view, "Keyboard to your &cards", c.focus_cards, QKeySequence(Qt.Key.Key_F6))
    add(view, "Reset the &panels", c.reset_layout)
    help_menu = bar.addMenu("&Help")
    help_menu.setAccessibleName("Help")
    add(help_menu, "&Learn to play", c.learn_to_play)
    add(help_menu, "&How to play", lambda: c.show_help("How to play"),
        QKeySequence(Qt.Key.Key_F1))
    add(help_menu, "&Scoring", lambda: c.show_help("Scoring"))
    add(help_menu, "&Keyboard shortcuts", lambda: c.show_help("Keyboard shortcuts"))
    help_menu.addSeparator()
    add(help_menu, "&About Cribbage", lambda: c.show_help("About"))
    return MenuActions(new, undo)


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
