"""The main window's saved game: the game in progress kept between sessions (after every
action, by :class:`~cribbage_gui.table.saving.SaveStore`), offered again at the next start,
settled into the history when it had ended as the program stopped, and set aside (never
lost) when it cannot be read. One window holds the game at a time: another is told so and
offered a game of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer

from cribbage_gui.app.texts import player_title, result_sentence
from cribbage_gui.dialogs.elsewhere import ELSEWHERE, TAKE_OVER, ask_elsewhere
from cribbage_gui.services.history import HistoryError
from cribbage_gui.table.game import (
    fresh_save,
    next_setup,
    record_finished,
    side_titles,
    two_players_summary,
    variant_summary,
)
from cribbage_gui.table.saving import SavedGame
from engine.rules import VARIANT

if TYPE_CHECKING:
    from cribbage_gui.windows.window_parts import Window

RESUME_LATER = "Your game was saved: Game → Resume saved game brings it back."


class SavedGames:
    """The window's part that saves, offers and resumes the game in progress."""

    def __init__(self, window: Window) -> None:
        self.w = window

    def claim(self, elsewhere=None) -> bool:
        """Take the saved game for this window; when another window has it, say so and
        offer a game of this window's (False: the person chose to close this one)."""
        if self.w.saves.claim():
            return True
        self.w.saves.give_way()
        answer = (elsewhere or self.ask_elsewhere)()
        if not answer:
            QTimer.singleShot(0, self.w.close)
            return False
        if answer == TAKE_OVER and self.w.saves.take_over():
            self.w.tell("You took your game in progress over from the other computer's "
                        "window.")
        else:
            self.w.tell(f"{ELSEWHERE} This window's game is not saved between sessions.")
        return True

    def offer(self, ask=None) -> bool:
        """Offer to resume the saved game (a finished one settled first); True when it
        was resumed. Declined, it is discarded."""
        saved = self.read_saved()
        if saved is not None and saved.game.is_over:
            saved = self.settle_finished(saved)
        if saved is None:
            return False
        ask = ask or self.ask_resume
        if ask(self.saved_game_summary(saved)) and self.resume_saved(saved):
            return True
        self.w.saves.discard()
        return False

    def save_game(self) -> bool:
        """Stop the game and save it (if one is in progress); True if saved. (It was saved
        after its last action already: this adds nothing but the certainty.)"""
        saved = self.w.playing.saved()
        if saved is None or self.w.saves.disabled:
            return False
        try:
            self.w.saves.write(saved)
        except OSError as exc:
            self.w.tell(f"The game could not be saved: {exc}")
            return False
        return True

    def save_before_leaving(self) -> None:
        """A game in progress saved (with a line saying how to come back) before the table
        is given to something else: a lesson, a watch."""
        playing = self.w.playing
        game = playing.controller.game
        if playing.active and not playing.lesson and game is not None \
                and not game.is_over and self.save_game():
            self.w.tell(RESUME_LATER)

    def save_failed(self, why: str) -> None:
        if self.w.saves.elsewhere:  # (a window that did not start with a game: watching)
            self.w.tell(f"{ELSEWHERE} This window's game is not saved between sessions.")
            return
        self.w.tell(f"The game in progress cannot be saved ({why}): it will be lost if the "
                    f"program stops. Check the folder {self.w.data_dir}.")

    def keep_following(self, following: SavedGame | None) -> None:
        """A game just ended: the match's next game kept (should the program stop here),
        else the save removed; a lesson's game was never saved."""
        if self.w.playing.lesson:
            return  # a game saved before the lesson stays to resume
        if following is None:
            self.w.saves.discard()
            return
        try:
            self.w.saves.write(following)
        except OSError as exc:
            self.w.tell(f"The match could not be saved: {exc}")

    def read_saved(self) -> SavedGame | None:
        """The saved game, or None when there is none (or it cannot be read: then it is
        set aside with a message and everything else is kept)."""
        if self.w.saves.elsewhere or not self.w.saves.exists():
            return None
        try:
            return self.w.saves.read()
        except (ValueError, OSError) as exc:
            self.set_aside(exc)
            return None

    def saved_game_summary(self, saved: SavedGame | None = None) -> str | None:
        """A line describing the saved game, or None when there is none (or it is bad, in
        which case it is set aside with a message)."""
        saved = saved or self.read_saved()
        if saved is None:
            return None
        if saved.setup.two_players:
            return two_players_summary(saved)
        if saved.setup.variant != VARIANT:
            return variant_summary(saved)
        me, title = saved.setup.human_seat, player_title(saved.setup.opponent)
        scores = (f"you {saved.game.scores[me]}, {title} {saved.game.scores[1 - me]}")
        series = saved.series
        if series.length == 1:
            return f"Your game against {title}: {scores}"
        return (f"Your best of {series.length} against {title}: game "
                f"{saved.setup.index + 1}, {scores} (games you {series.wins(me)} – "
                f"{series.wins(1 - me)})")

    def set_aside(self, exc: Exception) -> None:
        try:
            moved = self.w.saves.set_aside()
        except OSError as err:  # e.g. a read-only folder: leave it where it is
            self.w.tell(f"The saved game could not be read ({exc}) nor set aside ({err}); "
                        f"a new game starts and the file is left as it is.")
            self.w.saves.disabled = True
            return
        self.w.tell(f"The saved game could not be read ({exc}); it was set aside as "
                    f"{moved.name} and a new game starts. Your history and settings are "
                    f"kept.")

    def settle_finished(self, saved: SavedGame) -> SavedGame | None:
        """A saved game that had ended when the program stopped (before the window showed
        its end): it goes into the history (once), and the match, if it goes on, continues
        with its next game (returned, saved)."""
        over = saved.game
        try:
            game_id = record_finished(self.w.history, saved)
        except HistoryError as exc:  # kept aside for a later start, never lost
            moved = self.w.saves.set_aside("unrecorded")
            self.w.tell(f"Your last game had ended when the program stopped, but the "
                        f"history cannot take it ({exc}); it is kept as {moved.name}.")
            return None
        winner = over.winner
        assert winner is not None, "only a finished game is settled"
        saved.series.add(winner, over.skunk)
        result = result_sentence(side_titles(saved.setup), winner, tuple(over.scores),
                                 over.skunk)
        self.w.playing.last_game_id = game_id
        following = fresh_save(next_setup(saved.setup, saved.series, winner),
                               saved.series) if saved.series.length > 1 \
            and not saved.series.over else None
        self.w.tell(f"Your last game had ended when the program stopped: {result}. It is "
                    f"in your history." + (" The match goes on." if following else ""))
        if following is None:
            self.w.saves.discard()
            return None
        self.w.saves.write(following)
        return following

    def resume_saved(self, saved: SavedGame | None = None) -> bool:
        """Resume the saved game; False (with a message) if it cannot be read."""
        saved = saved or self.read_saved()
        if saved is None:
            return False
        if saved.game.is_over:
            saved = self.settle_finished(saved)
            if saved is None:
                return False
        w = self.w
        w.games.clear_table()
        w.playing.resume(saved)
        seat = saved.setup.human_seat
        w.follow.new_table((None, saved.setup.opponent) if seat == 0
                           else (saved.setup.opponent, None))
        w.log.set_entries(w.presenter.shown_model().log)
        return True

    def ask_elsewhere(self) -> bool | str:
        return ask_elsewhere(self.w.dialogs, self.w.saves.holder())

    def ask_resume(self, summary: str) -> bool:
        return self.w.dialogs.ask("Resume?", f"{summary}.\n\nResume it? (No starts a new "
                                             f"game and discards the saved one.)")

    def resume_saved_game(self) -> None:
        """Game → Resume saved game (stopping whatever is on the table)."""
        if not self.w.saves.take_back():
            self.w.tell(ELSEWHERE)
            return
        if not self.w.saves.exists():
            self.w.tell("There is no saved game.")
            return
        self.w.watching.stop()
        self.w.playing.controller.stop()
        self.resume_saved()
