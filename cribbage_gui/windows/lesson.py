"""The main window's guided first game (Help → Learn to play): started against the
beginner with its first deals prepared, the coach above the table explaining each step
(:class:`~cribbage_gui.windows.coaching.Coaching`), skipped or closed at any moment."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ai import named_levels
from ai.paths import PRACTICE_NAME
from cribbage_gui.services import lessons

if TYPE_CHECKING:
    from cribbage_gui.windows.window_parts import Window


class Lesson:
    """The window's part that starts and ends the lesson."""

    def __init__(self, window: Window) -> None:
        self.w = window

    def drills(self) -> None:
        """The coach's Scoring drills (after the guided deals): the counting trainer, with
        one short drill for each way of scoring first."""
        w = self.w
        w.dialogs.counting_trainer(w.data_dir / PRACTICE_NAME, w.tell,
                                   drills=lessons.lesson_drills())

    def learn_to_play(self) -> None:
        """Help → Learn to play (a game in progress is saved first, to resume later)."""
        w = self.w
        if w.closing:
            return
        w.saved.save_before_leaving()
        w.watching.stop()
        w.game_bar.setVisible(True)
        opponent = named_levels()[0].player.name  # the beginner
        w.playing.start_lesson(opponent, lessons.LESSON_SEED, lessons.lesson_decks(),
                               lessons.lesson_cuts())
        w.follow.new_table((None, opponent))
        w.coaching.begin(w.presenter.shown_model().names, w.playing.current_setup().human_seat)
        w.settings.lesson = "taken"
        w.settings.save(w.qsettings)

    def skip_lesson(self) -> None:
        """The coach's Skip the lesson: the guidance ends, the game goes on as a normal
        game (still kept out of the history: its deals were prepared). After the lesson
        (the coach's Close) it only puts the panel away."""
        w = self.w
        coach = w.coaching.coach
        if coach is None:
            return
        finished = coach.quiet  # the lesson is over: the panel is only put away
        self.end()
        if finished:
            return
        w.settings.lesson = "skipped"
        w.settings.save(w.qsettings)
        w.tell("Lesson skipped: this game goes on without the coach (it stays out of your "
               "history). Game → New game starts a normal one.")

    def end(self) -> None:
        self.w.coaching.end()
