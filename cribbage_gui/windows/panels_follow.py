"""The panels follow the table: a new table starts the reasoning, the log and the heatmap
afresh for its players; each event shown moves the play-by-play, the status line, the
heatmap's position (when a ``weights`` player sits) and the sound."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from cribbage_gui.table import accessibility
from engine.events import CutForDeal, Dealt, Played, SaidGo, Tossed

if TYPE_CHECKING:
    from cribbage_gui.table.model import TableModel
    from cribbage_gui.windows.window_parts import Window

WATCH_SOUND_MS = 200  # watching with shorter pauses than this makes no sound


class PanelsFollow:
    """The window's part that keeps the panels with the table."""

    weights_seat: int | None = None  # the seat of a ``weights`` player, if one sits
    _logged_model: TableModel | None = None  # the table whose lines the log shows

    def __init__(self, window: Window) -> None:
        self.w = window
        shown = window.presenter.shown
        shown.connect(window.reasoning.on_event)
        shown.connect(self.track_weights_position)
        shown.connect(self.log_event)
        shown.connect(self.status_follows)
        shown.connect(self.sound_event)
        shown.connect(lambda _event: accessibility.board_changed(window.board))
        window.playing.rewound.connect(self.rewound)
        window.playing.handing_over.connect(self.handing_over)
        window.heatmap.visibilityChanged.connect(self.heatmap_shown)

    def new_table(self, players) -> None:
        """A new table: the panels start afresh for these players."""
        w = self.w
        model = w.presenter.shown_model()
        names = model.names
        seat = None if w.watching.active else w.playing.current_setup().human_seat
        w.reasoning.begin(names, seat, "win" if seat is None else w.playing.objective)
        w.log.begin(names, model.rules.sides)
        accessibility.name_widgets(w.window())  # the panels' widgets, made for them
        weights = [i for i, n in enumerate(players) if n and n.partition(":")[0] == "weights"]
        self.weights_seat = weights[0] if weights else None
        if weights:
            self.show_weights_of(players[weights[0]])
        else:
            w.heatmap.clear_position()

    def status_follows(self, event) -> None:
        """The status line never describes a moment that has passed: a hint goes once the
        person has moved, and anything else (a finished game's result) once the next deal
        or cut for deal is on the table (the messages stay in the log)."""
        bar = self.w.statusBar()
        current = bar.currentMessage()
        if not current:
            return
        model = self.w.presenter.model
        mine = model is not None and getattr(event, "seat", None) == model.my_seat
        if isinstance(event, Dealt | CutForDeal) or (
                mine and isinstance(event, Tossed | Played | SaidGo)
                and current.startswith("Hint:")):
            bar.clearMessage()

    def log_event(self, _event) -> None:
        model, log = self.w.presenter.model, self.w.log
        if model is None:
            return
        if model is not self._logged_model:  # a new table (the next game of a match)
            self._logged_model = model
            log.set_entries(model.log)
            return
        while len(log.entries) < len(model.log):
            log.add(model.log[len(log.entries)])

    def handing_over(self, name: str) -> None:
        """Pass and play: the screen goes to ``name``; nothing of the last hand stays."""
        self.w.reasoning.discard.clear(
            f"Passed to {name}: the options appear when you discard."
            if self.w.playing.assisted
            else "Off in this game: it needs both players' consent when the game starts.")
        self.w.statusBar().clearMessage()

    def rewound(self, events) -> None:
        self.w.reasoning.replay(events)
        self.w.log.set_entries(self.w.presenter.shown_model().log)
        self.w.menus.refresh()

    def heatmap_shown(self, visible: bool) -> None:
        if visible and self.w.heatmap.weights is None:
            self.show_weights_of("weights")

    def show_weights_of(self, name: str) -> None:
        """Show the weights table a ``weights`` player uses (when the panel is open)."""
        heatmap = self.w.heatmap
        base, _, path = name.partition(":")
        if base != "weights" or (heatmap.weights is not None and not path
                                 and not heatmap.isVisible()):
            heatmap.clear_position()
            return
        from ai.strategy_weights import shipped_file

        try:
            heatmap.load_file(Path(path) if path else shipped_file())
        except ValueError as exc:
            self.w.tell(str(exc))

    def track_weights_position(self, _event) -> None:
        seat, m = self.weights_seat, self.w.presenter.model
        if seat is None or m is None or m.dealer is None:
            return
        self.w.heatmap.set_position(m.dealer == seat, m.scores[seat], m.scores[1 - seat])

    def sound_event(self, event) -> None:
        w = self.w
        if not w.watching.active:
            w.sound.event(event, w.presenter.shown_model().my_seat)
        elif (w.presenter.fixed_delay_ms or 0) >= WATCH_SOUND_MS:
            w.sound.event(event, None)  # a fast watch stays quiet
