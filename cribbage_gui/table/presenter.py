"""Shows the driver's events one at a time, at a pace a person can follow.

The controller's worker may run ahead (computer moves are quick); the presenter queues what
arrives and plays it back: each event updates the :class:`TableModel`, the table and board
animate, and the next event waits a moment that depends on the speed setting. The show
pauses until ``proceed()`` (the Continue button) or the auto-advance delay. When it reaches
the person's turn it emits ``turn_ready``: input is enabled only once the table shows
everything that happened before it.
"""

from __future__ import annotations

import time
from collections import deque

from PySide6.QtCore import QObject, QTimer, Signal

from ai.match.driver import DecisionMade, Forfeited, GameStarted
from cribbage_gui.app.texts import (
    SKUNK_WORDS,
    YOU,
    announce,
    possessive,
    result_sentence,
    says,
)
from cribbage_gui.table.model import TableModel
from engine.cards import card_label
from engine.events import (
    Claimed,
    CountReset,
    CutForDeal,
    Dealt,
    GameOver,
    Played,
    SaidGo,
    Scored,
    Show,
    StarterCut,
    Tossed,
)

PAUSES = {  # milliseconds at normal speed, after each kind of event
    CutForDeal: 1100, Dealt: 650, Tossed: 250, StarterCut: 700, Played: 550, SaidGo: 700,
    CountReset: 650, Show: 350, Claimed: 0, GameStarted: 0, DecisionMade: 0, Forfeited: 0,
}
SCORE_PAUSE = 1000
STEP_MS = 700  # per scoring item when the show highlights each one
CARD_MS = 300  # card flights (the pegs' pace is board.HOP_MS)


FRAME_S = 0.016  # the longest the pump keeps the GUI thread when there is no pause


class Presenter(QObject):
    turn_ready = Signal(object)  # the person's Observation
    waiting_to_continue = Signal(bool)
    game_over = Signal(object)  # GameOver
    changed = Signal()  # after every event shown
    shown = Signal(object)  # the event just shown

    def __init__(self, table, board, parent=None) -> None:
        super().__init__(parent)
        self.table, self.board = table, board
        self.model: TableModel | None = None
        self.queue: deque = deque()
        self.speed = 1.0
        self.auto_advance_ms = 0  # 0: wait for Continue
        self.fixed_delay_ms: int | None = None  # a uniform pause after every event
        self.paused = False  # pause and step, when watching
        self._waiting_continue = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._pump)
        self._auto = QTimer(self)
        self._auto.setSingleShot(True)
        self._auto.timeout.connect(self.proceed)
        self._steps: list = []
        self._step_timer = QTimer(self)
        self._step_timer.timeout.connect(self._next_step)

    # ------------------------------------------------------------------ control
    def set_pace(self, factor: float, auto_advance_ms: int) -> None:
        """The animation speed (1 normal, 0 instant) and the show's auto-advance (0: wait
        for Continue), for the table, the board and the pauses between events."""
        self.speed = factor
        self.auto_advance_ms = auto_advance_ms
        self.table.animation_ms = int(CARD_MS * factor)
        self.board.pace = factor

    def begin(self, model: TableModel) -> None:
        self.queue.clear()
        self._timer.stop()
        self._auto.stop()
        self._step_timer.stop()
        if self._waiting_continue:  # a game stopped at a pause: its Continue goes with it
            self._waiting_continue = False
            self.waiting_to_continue.emit(False)
        self.table.set_show_words("")  # (and the last show's count)
        self._show_model(model)

    def _show_model(self, model: TableModel) -> None:
        self.model = model
        self.table.set_model(model)
        self.board.set_rules(model.rules)
        self.board.set_names(model.side_names)
        self.board.reset(model.scores, model.back_pegs)
        self.board.set_dealer(None if model.dealer is None else model.side_of(model.dealer))

    def set_paused(self, paused: bool) -> None:
        self.paused = paused
        if paused:
            self._auto.stop()  # a waiting show stays until stepped or resumed
        elif self._waiting_continue:
            self._start_auto_advance()
        else:
            self._kick()

    def _start_auto_advance(self) -> None:
        advance = self.auto_advance_ms if self.fixed_delay_ms is None \
            else max(1, self.fixed_delay_ms)
        if advance > 0 and not self.paused:
            self._auto.start(advance)

    def step(self) -> None:
        """Show the next event (while paused); continue a waiting show."""
        if self._waiting_continue:
            self.proceed()
            return
        if self.queue and not self._timer.isActive():
            self._pump(limit=1)

    def shown_model(self) -> TableModel:
        """The model on the table: :meth:`begin` puts one there before any event comes."""
        assert self.model is not None, "events are shown only after begin()"
        return self.model

    def catch_up(self, events) -> None:
        """Apply past events at once, without animation (a resumed game)."""
        m = self.shown_model()
        for event in events:
            m.apply(event)
        self.table.refresh(animate=False)
        self.board.reset(m.scores, m.back_pegs)
        self.board.set_dealer(None if m.dealer is None else m.side_of(m.dealer))
        self.table.announce("")
        self.table.set_show_words(m.show.spoken if m.show else "")

    def feed_event(self, event) -> None:
        self.queue.append(("event", event))
        self._kick()

    def feed_turn(self, obs) -> None:
        self.queue.append(("turn", obs))
        self._kick()

    @property
    def idle(self) -> bool:
        """Nothing left to show and nothing to wait for."""
        return not self.queue and not self._timer.isActive() and not self._waiting_continue

    def proceed(self) -> None:
        """Continue after a pause in the show (button, Space, or the auto-advance timer)."""
        if not self._waiting_continue:
            return
        self._auto.stop()
        self._step_timer.stop()
        self.table.set_highlight(())
        self._waiting_continue = False
        self.waiting_to_continue.emit(False)
        self._kick()

    def hold(self) -> None:
        """Wait for Continue after the event just shown (the lesson's coach, so its words
        can be read before the game moves on); the auto-advance setting applies."""
        if self._waiting_continue:
            return
        self._timer.stop()
        self._waiting_continue = True
        self.waiting_to_continue.emit(True)
        self._start_auto_advance()

    def _kick(self) -> None:
        if not self._waiting_continue and not self._timer.isActive() and not self.paused:
            self._pump()

    def _ms(self, base: int) -> int:
        if self.fixed_delay_ms is not None:
            return self.fixed_delay_ms
        return int(base * self.speed)

    # ------------------------------------------------------------------ the pump
    def _pump(self, limit: int | None = None) -> None:
        """Show queued events until one needs a pause (the timer calls back), the show
        waits for Continue, the person's turn comes, or (paused) ``limit`` events."""
        shown = 0
        started = time.perf_counter()
        while self.queue and not self._waiting_continue:
            if (self.paused and limit is None) or (limit is not None and shown >= limit):
                return
            kind, item = self.queue.popleft()
            if kind == "turn":
                self.turn_ready.emit(item)
                return
            pause = self._show_event(item)
            shown += 1
            self.shown.emit(item)
            self.changed.emit()
            if self._waiting_continue or limit is not None:
                continue
            # watching with no delay: back to the event loop every frame (~16 ms), so the
            # window paints and answers the mouse however fast the events come
            if pause > 0 or (self.fixed_delay_ms is not None
                             and time.perf_counter() - started > FRAME_S):
                self._timer.start(pause)
                return

    def _show_event(self, e) -> int:
        """Apply one event to the model and the widgets; return the pause after it."""
        m = self.shown_model()
        if isinstance(e, GameStarted) and m.game_over is not None:
            # the next game of a series: a fresh table with the same players and view
            m = TableModel(m.my_seat, m.names, reveal=m.reveal,
                           pass_and_play=m.pass_and_play, covered=m.pass_and_play,
                           rules=m.rules, people_seats=m.people_seats)
            self._show_model(m)
        m.apply(e)
        t = self.table
        if not isinstance(e, Scored | DecisionMade):
            t.set_highlight(())  # a glow marks only the score being announced
        if isinstance(e, CutForDeal):
            who = "tie: cut again" if e.dealer is None else says(m.names[e.dealer], "deal")
            cuts = ", ".join(f"{m.names[seat]} {card_label(card)}"
                             for seat, card in enumerate(e.cards))
            t.announce(f"Cut for deal: {cuts}: {who}")
        elif isinstance(e, Dealt):
            t.announce("")
            t.set_show_words("")
            self.board.set_dealer(m.side_of(e.dealer))
        elif isinstance(e, Played):
            t.announce("")
        elif isinstance(e, SaidGo):
            t.announce(f"{m.names[e.seat]}: go")
        elif isinstance(e, Show):
            whose = possessive(m.names[e.seat])
            t.announce(f"The show: {whose.lower() if whose == 'Your' else whose} {e.what}")
            t.set_show_words("")
        elif isinstance(e, Claimed):
            if e.claimed < e.actual:
                t.announce(f"Claimed {e.claimed}; the {e.what} holds {e.actual}")
        elif isinstance(e, Scored):
            return self._show_score(e)
        elif isinstance(e, GameOver | Forfeited):
            over = m.game_over
            assert over is not None, "the model keeps the game's end it has just applied"
            result = result_sentence(m.side_names, over.winner, over.scores, 0)
            if m.show is not None and m.side_of(m.show.seat) == over.winner \
                    and not m.forfeit:
                # the cards on the table are the count that won: say whose they are (a
                # crib holds the loser's throw too, which looks wrong without a word)
                own = "your" if m.names[m.show.seat] == YOU else "their" \
                    if m.rules.sides == m.rules.players else possessive(m.names[m.show.seat])
                result += f" on {own} {m.show.what}" + ("," if over.skunk else "")
            result += SKUNK_WORDS[over.skunk]  # after the hand: not a skunk "on their hand"
            t.announce(f"{m.forfeit} {result}!" if m.forfeit else f"{result}!")
            t.refresh()
            self.game_over.emit(over)
            return 0
        t.refresh()
        return self._ms(PAUSES.get(type(e), 300) if not (
            isinstance(e, Played | Tossed) and e.seat == m.my_seat) else 200)

    def _show_score(self, e: Scored) -> int:
        m, t = self.shown_model(), self.table
        side = m.side_of(e.seat)
        self.board.peg_to(side, e.total, m.back_pegs[side])
        if e.source in ("hand", "crib"):
            t.refresh()
            t.set_show_words(m.show.spoken if m.show else "")
            self._steps = [item.cards for item in e.items]
            if self._steps and self.speed > 0:
                self._step_timer.start(max(150, self._ms(STEP_MS)))
                self._next_step()
            self._waiting_continue = True
            self.waiting_to_continue.emit(True)
            self._start_auto_advance()
            return 0
        t.announce(f"{m.names[e.seat]}: {announce(e.source, e.points, e.items, e.reason)}")
        t.set_highlight(c for item in e.items for c in item.cards
                        if e.source == "pegging")
        t.refresh()
        return self._ms(SCORE_PAUSE)

    def _next_step(self) -> None:
        if not self._steps:
            self._step_timer.stop()
            self.table.set_highlight(())
            return
        self.table.set_highlight(self._steps.pop(0))
