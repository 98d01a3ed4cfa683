"""The window's lesson part: the coach of the guided first game (Help → Learn to play)
wired to the table.

:class:`Coaching` passes what the table shows (the presenter's events and the person's
turns), the game's refusals and the clicks the table ignores to the lesson's
:class:`~cribbage_gui.services.lessons.Coach`, and shows its words in the
:class:`~cribbage_gui.panels.coach.CoachPanel`; after a step that needs reading it holds the
table until Continue. Starting the lesson game and what Skip means are the window's.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from ai.match.driver import GameStarted
from cribbage_gui.panels.coach import CoachPanel
from cribbage_gui.services.lessons import Coach, Said
from cribbage_gui.table import accessibility


class Coaching(QObject):
    """The coach of the lesson on the table, if any (``coach`` None otherwise)."""

    def __init__(self, panel: CoachPanel, presenter, playing, table, continue_button,
                 parent=None) -> None:
        super().__init__(parent)
        self.panel, self.presenter, self.playing = panel, presenter, playing
        self.continue_button = continue_button
        self.coach: Coach | None = None
        presenter.shown.connect(self._event)
        presenter.turn_ready.connect(self._turn)
        playing.refused.connect(self._refused)
        panel.watch_clicks(table)
        panel.idle_card_clicked.connect(self._idle_click)

    def begin(self, names: tuple[str, ...], seat: int) -> None:
        """A lesson starts: the coach's first words."""
        self.coach = Coach(names, seat)
        self.panel.show_said(self.coach.current)

    def end(self) -> None:
        """No lesson on the table any more: the panel goes."""
        self.coach = None
        self.panel.hide()

    def say(self, said: Said | None) -> None:
        """Show ``said`` (and have a screen reader speak it); hold the table after a step
        that needs reading."""
        if said is None or self.coach is None:
            return
        self.panel.show_said(said)
        accessibility.announce(self.panel, f"{said.title}. {said.text} Next: {said.next}",
                               assertive=said.title in ("Not that", "Not yet"))
        if said.wait:  # read before the game moves on
            self.presenter.hold()

    def _event(self, event) -> None:
        if self.coach is None:
            return
        if isinstance(event, GameStarted) and not self.playing.lesson:
            self.end()  # Play again after the lesson: a normal game
            return
        self.say(self.coach.on_event(event))

    def _turn(self, obs) -> None:
        pending = self.playing.obs  # None: the turn went behind a pass-and-play cover
        if self.coach is not None and pending is not None and pending is obs:
            self.say(self.coach.on_turn(pending))

    def _refused(self, message: str) -> None:
        if self.coach is not None:
            self.say(self.coach.on_refused(message))

    def _idle_click(self, _card: int) -> None:
        if self.coach is not None:
            self.say(self.coach.on_idle_click(self.continue_button.isVisible()))
