"""The main window's watching: Game → Watch the computer play… (two computer players,
both hands face up, at the table's pace) and Run games quickly… (games in worker
processes, figures only). A game in progress is saved first, to resume later."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer

from cribbage_gui.table.watching import WatchSetup

if TYPE_CHECKING:
    from cribbage_gui.windows.window_parts import Window


class WatchControls:
    """The window's part that starts, follows and stops a watch."""

    def __init__(self, window: Window) -> None:
        self.w = window
        watching = window.watching
        watching.started.connect(self.started)
        watching.stopped.connect(self.stopped)
        watching.finished.connect(self.finished)

    def watch_dialog(self) -> None:
        setup = self.w.dialogs.watch()
        if setup is not None:
            self.start_watching(setup)

    def start_watching(self, setup: WatchSetup, delay_ms: int | None = None,
                       quit_when_done: bool = False) -> None:
        """Watch ``setup.games`` games between two computer players, both hands face up."""
        from ai import make_player
        from engine.errors import CribbageError

        w = self.w
        try:  # a shipped table damaged: said before anything on the table changes
            for name in setup.players:
                make_player(name).close()
        except CribbageError as exc:
            w.tell(f"The computer cannot play: {exc}")
            return
        w.saved.save_before_leaving()
        w.lesson.end()
        w.playing.stop()
        w.watching.start(setup, delay_ms, quit_when_done)

    def started(self, setup: WatchSetup) -> None:
        self.w.game_bar.setVisible(False)
        self.w.follow.new_table(setup.players)

    def stopped(self) -> None:
        self.w.game_bar.setVisible(True)
        self.w.apply_settings()

    def finished(self, line: str) -> None:
        if self.w.watching.quit_when_done:
            print(line, flush=True)
            QTimer.singleShot(0, self.w.close)

    def failed_unattended(self, details: str) -> bool:
        """`cribbage watch --quit-when-done` is run by scripts: an internal error is one
        line and a failing status, not a dialog that waits for a click nobody will give.
        True when that was the case."""
        w = self.w
        if not (w.watching.active and w.watching.quit_when_done):
            return False
        lines = details.strip().splitlines() or ["(no details)"]
        print(f"cribbage watch: stopped by an internal error: {lines[-1]}",
              file=sys.stderr, flush=True)
        w.exit_status = 1
        w.watching.stop()
        QTimer.singleShot(0, w.close)
        return True

    def stop_watching(self) -> None:
        self.w.watching.stop()

    def quick_run_dialog(self) -> None:
        setup = self.w.dialogs.watch(quick=True)
        if setup is not None:
            self.w.dialogs.quick_run(setup)
