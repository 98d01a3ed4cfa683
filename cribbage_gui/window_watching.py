"""The main window's watching mode (two computer players), quick runs, and the heatmap's
link to the game on the table."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QTimer

from cribbage_gui.model import TableModel, short_title
from cribbage_gui.watching import SPEEDS as WATCH_SPEEDS
from cribbage_gui.watching import WatchDialog, WatchSession


class WatchingMixin:
    """Methods of :class:`~cribbage_gui.main_window.MainWindow`."""

    # ------------------------------------------------------------------ the heatmap
    _weights_seat: int | None = None

    def _heatmap_shown(self, visible: bool) -> None:
        if visible and self.heatmap.weights is None:
            self._show_weights_of("weights")

    def _show_weights_of(self, name: str) -> None:
        """Show the weights table a ``weights`` player uses (when the panel is open)."""
        base, _, path = name.partition(":")
        if base != "weights" or (self.heatmap.weights is not None and not path
                                 and not self.heatmap.isVisible()):
            self.heatmap.clear_position()
            return
        from ai.training.files import asset_path
        from ai.training.weights import FILE

        try:
            self.heatmap.load_file(Path(path) if path else asset_path(FILE))
        except ValueError as exc:
            self.tell(str(exc))

    def _track_weights_position(self, _event) -> None:
        seat, m = self._weights_seat, self.presenter.model
        if seat is None or m is None or m.dealer is None:
            return
        self.heatmap.set_position(m.dealer == seat, m.scores[seat], m.scores[1 - seat])

    # ------------------------------------------------------------------ watching
    def watch_dialog(self) -> None:
        dialog = WatchDialog(self)
        if dialog.exec():
            self.start_watching(dialog.setup())

    def start_watching(self, setup, delay_ms: int | None = None,
                       quit_when_done: bool = False) -> None:
        """Watch ``setup.games`` games between two computer players, both hands face up."""
        game = self.controller.game
        if game is not None and not game.is_over and self.save_game():
            self.tell("Your game was saved: Game → Resume saved game brings it back.")
        self.controller.stop()
        self.stop_watching()
        self.quit_when_done = quit_when_done
        session = WatchSession(setup, self)
        self.watch = session
        names = tuple(short_title(n) for n in setup.players)
        self.presenter.begin(TableModel(0, names, reveal=True))
        self.reasoning.begin(names, None)
        seats = [i for i, n in enumerate(setup.players) if n.partition(":")[0] == "weights"]
        self._weights_seat = seats[0] if seats else None
        if seats:
            self._show_weights_of(setup.players[seats[0]])
        self.presenter.fixed_delay_ms = delay_ms
        session.controller.event.connect(self.presenter.feed_event)
        session.controller.failed.connect(self._on_failure)
        self.presenter.changed.connect(session.controller.consumed)
        session.finished.connect(self._watch_finished)
        self._set_controls(None)
        self.hint_button.setVisible(False)
        self.watch_bar.setVisible(True)
        self.watch_bar.tally.setText(session.tally())
        self._watch_speed(self.watch_bar.speed.currentText())
        self.match_label.setText("Watching")
        session.controller.start(setup)

    def _watch_speed(self, name: str) -> None:
        factor = WATCH_SPEEDS.get(name)
        if factor is None:  # step by step
            self.watch_bar.pause.setChecked(True)
            return
        self.presenter.speed = factor
        self.presenter.auto_advance_ms = max(1, int(1800 * factor))
        self.table.animation_ms = int(300 * factor)
        self.board.animation_ms = int(350 * factor)

    def _watch_finished(self) -> None:
        session = self.watch
        self.tell(f"Finished: {session.summary_line()}")
        if self.quit_when_done:
            print(session.summary_line(), flush=True)
            QTimer.singleShot(0, self.close)

    def stop_watching(self) -> None:
        session, self.watch = self.watch, None
        if session is None:
            return
        session.controller.stop()
        self.presenter.changed.disconnect(session.controller.consumed)
        self.presenter.fixed_delay_ms = None
        self.presenter.set_paused(False)
        self.watch_bar.setVisible(False)
        self.hint_button.setVisible(True)
        self.apply_settings()

    def quick_run_dialog(self) -> None:
        from cribbage_gui.quick_run import QuickRunWindow

        dialog = WatchDialog(self, quick=True)
        if dialog.exec():
            self.quick_window = QuickRunWindow(dialog.setup(), self)
            self.quick_window.show()
            self.quick_window.start()
