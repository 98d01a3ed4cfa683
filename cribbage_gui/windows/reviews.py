"""The main window's reviews: Game → Review game (the game on the table once it is over,
else the latest game of the history), a game of the history reviewed from Statistics, and
each finished game rated in the background so that Statistics can follow the person's
accuracy (the review window rates it the same way; a variant's game in expected points)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cribbage_gui.app.jobs import ADVICE_MEMO, run_job
from cribbage_gui.services import gamefile
from cribbage_gui.services.history import HistoryError
from cribbage_gui.services.practice.games import positions_from_review
from cribbage_gui.services.review import GameReview, review_game
from engine import GameState

if TYPE_CHECKING:
    from cribbage_gui.windows.window_parts import Window


class Reviews:
    """The window's part that opens reviews and keeps the person's accuracy."""

    last_accuracy: float | None = None  # the accuracy of the game rated last

    def __init__(self, window: Window) -> None:
        self.w = window

    def review_game(self):
        """Game → Review game: the game on the table once it is over (a game against the
        computer is not reviewed while it goes on: the review shows both hands), else the
        latest game in the history. Returns the review window, or None."""
        playing, watching = self.w.playing, self.w.watching
        if watching.active or playing.setup is None:
            files = watching.files()
            if files:
                return self.open_review(files[-1])
        game = playing.controller.game
        if game is not None and game.is_over and playing.setup is not None:
            game_id = getattr(playing, "last_game_id", None)
            if game_id is not None:
                return self.review_history_game(game_id)
        try:
            latest = self.w.history.latest_with_record()
        except HistoryError as exc:
            self.w.tell(f"There is no game to review: {exc}")
            return None
        if latest is None:
            self.w.tell("There is no finished game to review yet.")
            return None
        return self.review_history_game(latest)

    def review_history_game(self, game_id: int):
        """Review a game of the history; the person's accuracy in it is kept there."""
        try:
            file = self.w.history.game_file(game_id)
        except (gamefile.GameFileError, HistoryError) as exc:
            self.w.tell(f"The game cannot be reviewed: {exc}")
            return None
        seat = file.players.index("you") if "you" in file.players else None

        def keep(review: GameReview) -> None:
            if seat is not None:
                self.keep_accuracy(game_id, review.summary[seat].accuracy)
        return self.open_review(file, on_reviewed=keep)

    def open_review(self, file: gamefile.GameFile, title: str | None = None,
                    on_reviewed=None):
        return self.w.dialogs.review(file, title=title, on_reviewed=on_reviewed,
                                     on_practise=self.w.practice.practise_now)

    def keep_accuracy(self, game_id: int, accuracy: float) -> None:
        try:
            self.w.history.set_accuracy(game_id, accuracy)
        except HistoryError as exc:
            self.w.tell(f"The game's accuracy was not kept: {exc}")

    def rate_finished_game(self, people: tuple[int, ...] = (),
                           on_positions: Callable[[dict[int, list]], None] | None = None
                           ) -> None:
        """Rate the game just finished in the background (off the GUI thread): the
        person's accuracy is kept in the history, and the marked decisions of ``people``
        (seats) handed to ``on_positions`` as practice positions by seat (the review's
        own: the same advisor and marks)."""
        playing = self.w.playing
        game_id = getattr(playing, "last_game_id", None)
        game, setup = playing.controller.game, playing.setup
        if game is None or setup is None:
            return
        # a variant's game is rated in expected points (review_game), its accuracy kept
        # as a six-card game's, its marked decisions practised as a six-card game's
        record, seat = game.to_record(), setup.human_seat
        players, objective = tuple(playing.file_players()), playing.objective
        keep = game_id is not None and not setup.two_players  # (two people: no "your")
        if not keep and on_positions is None:
            return
        source = f"history:{game_id}" if game_id is not None else "the game just played"

        def work() -> tuple[float | None, dict[int, list]]:
            state = GameState.from_record(record)
            review = review_game(state, players, objective=objective, memo=ADVICE_MEMO)
            file = gamefile.make(state, players, {"objective": objective})
            found = positions_from_review(file, review, source, people) if people else []
            return review.summary[seat].accuracy, {
                s: [p for p in found if p.seat == s] for s in people}

        def done(_tag, result) -> None:
            if not isinstance(result, tuple):
                self.w.tell(f"The game could not be rated: {result}")
                return
            accuracy, positions = result
            if keep and game_id is not None:
                self.keep_accuracy(game_id, accuracy)
                self.last_accuracy = accuracy
            if on_positions is not None:
                on_positions(positions)
        run_job(self.w.window(), ("accuracy", game_id), work, done)
