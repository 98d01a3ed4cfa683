"""The main window's saving and resuming: a game in progress is saved on close (atomically)
and offered back at start-up; an unreadable save is set aside, never lost."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QMessageBox

from ai.match.series import Series
from cribbage_gui import storage
from cribbage_gui.controller import GameController
from cribbage_gui.model import short_title


class SavingMixin:
    """Methods of :class:`~cribbage_gui.main_window.MainWindow`."""

    # ------------------------------------------------------------------ saving and resuming
    @property
    def save_path(self) -> Path:
        return self.data_dir / storage.SAVE_NAME

    def save_game(self) -> bool:
        """Stop the game and save it (if one is in progress); True if saved."""
        game = self.controller.game
        if game is None or game.is_over or self.controller.setup is None:
            self.controller.stop()
            return False
        self.controller.stop()
        data = self.controller.save_state()
        data["series"] = {"length": self.series.length, "results": self.series.results}
        storage.write_json_atomic(self.save_path, data)
        return True

    def _discard_save(self) -> None:
        self.save_path.unlink(missing_ok=True)

    def saved_game_summary(self) -> str | None:
        """A line describing the saved game, or None when there is none (or it is bad, in
        which case it is set aside with a message)."""
        if not self.save_path.exists():
            return None
        try:
            setup, game, _ = GameController.load_state(storage.read_json(self.save_path))
        except ValueError as exc:
            moved = storage.set_aside(self.save_path)
            self.tell(f"The saved game could not be read ({exc}); it was set aside as "
                      f"{moved.name}.")
            return None
        me = setup.human_seat
        return (f"Your game against {short_title(setup.opponent)}: you "
                f"{game.scores[me]}, {short_title(setup.opponent)} {game.scores[1 - me]}")

    def resume_saved(self) -> bool:
        """Resume the saved game; False (with a message) if it cannot be read."""
        try:
            data = storage.read_json(self.save_path)
            setup, game, rng_states = GameController.load_state(data)
            series = data.get("series", {"length": 1, "results": []})
            self.series = Series(int(series["length"]),
                                 [tuple(r) for r in series["results"]])
        except (ValueError, KeyError, TypeError) as exc:
            moved = storage.set_aside(self.save_path)
            self.tell(f"The saved game could not be read ({exc}); it was set aside as "
                      f"{moved.name}.")
            return False
        self._start_game(setup, game, rng_states)
        return True

    def startup(self, ask=None) -> None:
        """Offer to resume a saved game, else start a game against the last opponent.
        ``ask(summary) -> bool`` decides (by default a dialog)."""
        summary = self.saved_game_summary()
        if summary is not None:
            ask = ask or self._ask_resume
            if ask(summary) and self.resume_saved():
                return
            if self.save_path.exists():
                self._discard_save()
        QTimer.singleShot(0, lambda: self.start_match(self.settings.opponent))

    def _ask_resume(self, summary: str) -> bool:
        answer = QMessageBox.question(
            self, "Resume?", f"{summary}.\n\nResume it? (No starts a new game and discards "
                             f"the saved one.)")
        return answer == QMessageBox.StandardButton.Yes

    def resume_saved_game(self) -> None:
        """Game → Resume saved game (stopping whatever is on the table)."""
        if not self.save_path.exists():
            self.tell("There is no saved game.")
            return
        self.stop_watching()
        self.controller.stop()
        self.resume_saved()
