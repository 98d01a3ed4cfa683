"""*Analyse* for the deal on the table once it is over: beside the show's Continue while the
last count waits, and *Analyse the last deal* in the game-over box. Each opens the analysis
board at that deal (your six cards, the scores and the dealer at its start; each card you
played in the board's list of the deal's decisions). Never while a deal is being played:
the board shows only your own cards and the opponent's as they were played."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cribbage_gui.services.board import deal_over_now

if TYPE_CHECKING:
    from cribbage_gui.windows.window_parts import Window


class DealAnalysis:
    """The window's part that offers the deal just over on the analysis board."""

    def __init__(self, window: Window) -> None:
        self.w = window
        self.button = window.game_bar.analyse_button
        self.waiting = False  # the show waits for Continue
        window.presenter.waiting_to_continue.connect(self._waiting)
        # (the crib's count is one of the game's events once shown: after the wait began)
        window.presenter.shown.connect(lambda _event: self.refresh())
        window.playing.rewound.connect(lambda _events: self.refresh())
        self.button.clicked.connect(self.open)

    def _waiting(self, waiting: bool) -> None:
        self.waiting = waiting
        self.refresh()

    def available(self) -> bool:
        """The show waits for Continue after a deal's last count (or the game's end), in a
        two-player six-card game against the computer (the board's)."""
        playing = self.w.playing
        return (self.waiting and playing.setup is not None and not self.w.watching.active
                and not playing.setup.two_players and playing.setup.variant == "six-card"
                and deal_over_now(playing.shown_events))

    def refresh(self) -> None:
        self.button.setVisible(self.available())

    def open(self):
        """The analysis board at the table's last deal (its discard, and its plays to
        choose from), even if the board has shown it before."""
        from cribbage_gui.windows.analysis_board import open_for_window  # built when asked

        return open_for_window(self.w, again=True)
