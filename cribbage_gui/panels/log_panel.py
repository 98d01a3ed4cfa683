"""The play-by-play: every card, go, score and count of this game's deals, scrollable.

Fed the table model's :class:`~cribbage_gui.table.model.LogEntry` lines as they happen; each
deal starts with a heading, each player's lines take their peg colour, and the cards that
scored are written out with their suits.
"""

from __future__ import annotations

import html

from PySide6.QtGui import QTextBlockFormat, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QDockWidget, QTextBrowser

from cribbage_gui.app import theme
from cribbage_gui.table import accessibility

SUIT_SYMBOLS = "♣♦♥♠"
RED_SUITS = "♦♥"
INDENT = 10  # pixels: the lines of a deal under its heading (wrapped lines too)
# the lines a screen reader speaks as they are added: what the table does not announce
# itself (a go, a score, the show and the result are spoken from the table's banners)
SPOKEN_KINDS = ("deal", "toss", "starter", "play", "reset")


class LogDock(QDockWidget):
    def __init__(self, parent=None) -> None:
        super().__init__("Play by play", parent)
        self.setObjectName("log")
        self.view = QTextBrowser()
        self.view.setAccessibleName("Play by play")
        self.view.setAccessibleDescription("Every card, go, score and count of this game")
        self.view.setOpenLinks(False)
        self.view.document().setDocumentMargin(6)
        self.setWidget(self.view)
        self.setMinimumWidth(180)
        self.entries: list = []
        self.names = ("", "")
        self.sides = 2  # the scores kept: a seat's colour is its side's
        theme.signals.changed.connect(self.rebuild)  # a method: gone with the panel

    def begin(self, names, sides: int | None = None) -> None:
        """A new game's log: the players by seat, and the scores kept (a partnership's
        seats share a colour; by default one a player)."""
        self.names = tuple(names)
        self.sides = len(self.names) if sides is None else sides
        self.entries = []
        self.view.clear()

    def set_entries(self, entries) -> None:
        """Show exactly these entries (a new table, or after an undo)."""
        self.entries = list(entries)
        self.rebuild()

    def add(self, entry) -> None:
        self.entries.append(entry)
        bar = self.view.verticalScrollBar()
        at_end = bar.value() >= bar.maximum() - 4
        self._write(entry, self.entries[-2] if len(self.entries) > 1 else None)
        if entry.kind in SPOKEN_KINDS:
            accessibility.announce(self.view, entry.text)
        if at_end:
            bar.setValue(bar.maximum())

    def rebuild(self, *_theme) -> None:
        self.view.clear()
        previous = None
        for entry in self.entries:
            self._write(entry, previous)
            previous = entry
        bar = self.view.verticalScrollBar()
        bar.setValue(bar.maximum())

    def _write(self, e, previous) -> None:
        """One entry as a paragraph of its own: a deal's heading with space above it, the
        lines under it indented, a wrapped line keeping the indent (a hanging indent)."""
        cursor = QTextCursor(self.view.document())
        cursor.movePosition(QTextCursor.MoveOperation.End)
        heading = e.kind in ("deal", "game")
        block = QTextBlockFormat()
        block.setLeftMargin(0 if heading else INDENT)
        block.setTopMargin(8 if heading and previous is not None else 0)
        if previous is None and self.view.document().isEmpty():
            cursor.setBlockFormat(block)
        else:
            cursor.insertBlock(block, QTextCharFormat())
        cursor.insertHtml(self._html(e, previous))

    def text(self) -> str:
        return self.view.toPlainText()

    def _html(self, e, previous) -> str:
        t = theme.current()
        body = html.escape(e.text)
        for symbol in RED_SUITS:
            body = body.replace(symbol, f"<span style='color:{t.peg_text[0]}'>{symbol}</span>")
        if e.kind in ("deal", "game"):
            return f"<b>{body}</b>"
        colour = t.text if e.seat is None else t.peg_text_of(e.seat % self.sides)
        if e.kind == "score":
            body = f"<b>{body}</b>"
        elif e.kind in ("go", "reset", "end"):
            body = f"<i>{body}</i>"
        return f"<span style='color:{colour}'>{body}</span>"
