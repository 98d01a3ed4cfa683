"""Runs a game off the GUI thread and re-emits what happens as Qt signals.

The worker thread iterates the match driver (``ai.match.game_events``): computer moves are
computed there, so the window never freezes. Each event reaches the GUI thread through the
``event`` signal; when the person must decide, ``human_turn`` carries their observation and
the worker waits until :meth:`GameController.submit` hands in an action. :meth:`stop` ends
the game cleanly (the pending wait is cancelled and the thread joined), leaving the game in a
consistent state that :meth:`save_state` can write.
"""

from __future__ import annotations

import traceback
from dataclasses import asdict, dataclass
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal

from ai import make_player
from ai.match.driver import game_events, game_seed
from ai.players.human import GameCancelled, HumanPlayer
from engine import Action, GameState

SAVE_FORMAT = "cribbage-save"
SAVE_VERSION = 1


@dataclass(frozen=True)
class GameSetup:
    """Who plays and how: the opponent's registry name, the person's seat, the seeds."""

    opponent: str
    seed: int
    index: int = 0
    human_seat: int = 0
    manual_count: bool = False
    muggins: bool = False
    first_dealer: int | None = None  # None: cut for the deal


class _Worker(QThread):
    event = Signal(object)
    human_turn = Signal(object)
    failed = Signal(str)

    def __init__(self, players, setup: GameSetup, game: GameState,
                 rng_states: tuple | None, report_from: int) -> None:
        super().__init__()
        self.players, self.setup, self.game, self.rng_states = players, setup, game, rng_states
        self.report_from = report_from

    def run(self) -> None:
        try:
            for event in game_events(self.players, self.setup.seed, self.setup.index,
                                     game=self.game, rng_states=self.rng_states,
                                     report_from=self.report_from):
                self.event.emit(event)
        except GameCancelled:
            pass
        except Exception:  # shown to the person instead of dying silently in a thread
            self.failed.emit(traceback.format_exc())


class GameController(QObject):
    event = Signal(object)
    human_turn = Signal(object)
    failed = Signal(str)
    game_finished = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setup: GameSetup | None = None
        self.game: GameState | None = None
        self.human: HumanPlayer | None = None
        self.players: tuple | None = None
        self._worker: _Worker | None = None

    @property
    def running(self) -> bool:
        return self._worker is not None and self._worker.isRunning()

    def start(self, setup: GameSetup, game: GameState | None = None,
              rng_states: tuple | None = None) -> None:
        """Start a new game (or continue ``game``, e.g. a resumed save)."""
        self.stop()
        self.setup = setup
        self.human = HumanPlayer()
        self.human.on_turn = self._on_turn
        opponent = make_player(setup.opponent)
        seats = [None, None]
        seats[setup.human_seat], seats[1 - setup.human_seat] = self.human, opponent
        self.players = tuple(seats)
        report_from = len(game.events) if game is not None else 0  # a new game: all
        if game is None:
            manual = [False, False]
            manual[setup.human_seat] = setup.manual_count
            game = GameState.new(game_seed(setup.seed, setup.index),
                                 first_dealer=setup.first_dealer,
                                 manual_count=tuple(manual), muggins=setup.muggins)
        self.game = game
        worker = _Worker(self.players, setup, game, rng_states, report_from)
        worker.event.connect(self._relay_event)
        worker.human_turn.connect(self._relay_turn)
        worker.failed.connect(self.failed)
        worker.finished.connect(self._on_finished)
        self._worker = worker
        worker.start()

    # a stopped worker's signals that were already posted may still arrive: drop them
    def _relay_event(self, event) -> None:
        if self._worker is not None and self.sender() is self._worker:
            self.event.emit(event)

    def _relay_turn(self, obs) -> None:
        if self._worker is not None and self.sender() is self._worker:
            self.human_turn.emit(obs)

    def _on_turn(self, obs) -> None:  # in the worker thread
        self._worker.human_turn.emit(obs)

    def _on_finished(self) -> None:
        if self.game is not None and self.game.is_over:
            self.game_finished.emit()

    def submit(self, action: Action) -> None:
        if self.human is not None:
            self.human.submit(action)

    def stop(self, timeout_ms: int = 10_000) -> None:
        """Cancel the person's pending decision and wait for the worker to finish."""
        if self._worker is None:
            return
        if self.human is not None:
            self.human.cancel()
        self._worker.wait(timeout_ms)
        self._worker = None

    # ------------------------------------------------------------------ saving
    def save_state(self) -> dict[str, Any]:
        """The running game as JSON-ready data: setup, record, players' random states.
        Call after :meth:`stop` (or while the worker waits for the person)."""
        if self.setup is None or self.game is None:
            raise RuntimeError("no game to save")
        return {
            "format": SAVE_FORMAT, "version": SAVE_VERSION,
            "setup": asdict(self.setup),
            "game": self.game.to_record(),
            "rng_states": [p.random_state() for p in self.players],
        }

    @staticmethod
    def load_state(data: Any) -> tuple[GameSetup, GameState, tuple]:
        """Check and rebuild a saved game; raises ValueError (RecordError) if it is bad."""
        from engine.errors import RecordError

        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise RecordError("not a saved cribbage game")
        if data.get("version") != SAVE_VERSION:
            raise RecordError(f"unsupported save version {data.get('version')!r}")
        try:
            setup = GameSetup(**data["setup"])
            rng_states = tuple(data["rng_states"])
            if len(rng_states) != 2:
                raise RecordError("a save needs two random states")
            for seat, state in enumerate(rng_states):  # check them now, not in the worker
                player = HumanPlayer() if seat == setup.human_seat \
                    else make_player(setup.opponent)
                player.restore_random_state(state)
        except (KeyError, TypeError) as exc:
            raise RecordError(f"malformed save: {exc!r}") from exc
        except ValueError as exc:
            raise RecordError(f"bad save: {exc}") from exc
        game = GameState.from_record(data["game"])
        return setup, game, rng_states
