"""Runs a game off the GUI thread and re-emits what happens as Qt signals.

The worker thread iterates the match driver (``ai.match.game_events``): computer moves are
computed there, so the window never freezes. Each event reaches the GUI thread through the
``game_event`` signal; when the person must decide, ``human_turn`` carries their observation and
the worker waits until :meth:`GameController.submit` hands in an action. :meth:`stop` ends
the game cleanly (the pending wait is cancelled and the thread joined), leaving the game in a
consistent state that can be saved.

At every turn of the person the worker notes a :class:`Checkpoint` (how many actions the
game holds and both players' random states), from which :meth:`GameController.rewound`
rebuilds the game exactly as it was then: that is undo.
"""

from __future__ import annotations

import threading
import traceback
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject, QThread, Signal

from ai import GameCancelled, HumanPlayer
from ai.base import Player, check_plays
from ai.match.driver import DecisionMade, GameStarted, game_events, game_seed
from ai.registry import make_builtin_player
from engine import Action, GameState
from engine.rules import VARIANT, Rules, variant_rules


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
    manual_pegging: bool = False
    undo: bool = False  # the person may take back a decision (a casual single game)
    # pass and play: people at one screen, every seat's name by seat (``opponent`` is then
    # TWO_PLAYERS; with two players both seats are people, with three or four the person's
    # and those of ``others`` that are TWO_PLAYERS); () against the computer
    people: tuple[str, ...] = ()
    assist: bool = False  # pass and play: both agreed to the hint and the inspector
    # a variant (``engine.rules.VARIANTS``): its name, and in a game of three or four the
    # registry names of the players in the other seats, in seat order from the person's
    # left (in four-player the second of them is the person's partner; TWO_PLAYERS: a
    # person at this screen)
    variant: str = VARIANT
    others: tuple[str, ...] = ()

    @property
    def two_players(self) -> bool:
        """People share this screen (pass and play): two, or in a variant of three or four
        two or more, with computer players in the other seats."""
        return len(self.people) >= 2

    def person_seats(self) -> tuple[int, ...]:
        """The seats of the people at this screen."""
        n = self.rules.players
        if not self.two_players:
            return (self.human_seat,)
        if n == 2:
            return (0, 1)
        return tuple(sorted({self.human_seat} | {
            (self.human_seat + 1 + i) % n for i, name in enumerate(self.others)
            if name == TWO_PLAYERS}))

    @property
    def rules(self) -> Rules:
        return variant_rules(self.variant)

    def computer_seats(self) -> dict[int, str]:
        """The computer players by seat (none in a two-player pass and play)."""
        n = self.rules.players
        if self.two_players and n == 2:
            return {}
        names = self.others if n > 2 else (self.opponent,)
        if len(names) != n - 1:
            raise ValueError(f"a {self.variant} game needs {n - 1} other players, "
                             f"not {len(names)}")
        if self.people and len(self.people) != n:
            raise ValueError(f"a {self.variant} game between people names all {n} seats")
        return {(self.human_seat + 1 + i) % n: name for i, name in enumerate(names)
                if name != TWO_PLAYERS}


TWO_PLAYERS = "human"  # the "opponent" of a pass-and-play game: another person


@dataclass(frozen=True)
class Checkpoint:
    """The game at one of the person's turns: enough to go back to it exactly."""

    state: GameState  # the game then (a clone: the game went on without it)
    rng_states: tuple  # both players' random states, by seat

    @property
    def actions(self) -> int:
        """How many actions the game held."""
        return len(self.state.actions)


class _Worker(QThread):
    game_event = Signal(object)  # not "event": the name of QObject's event handler
    human_turn = Signal(object)
    failed = Signal(str)
    getting_ready = Signal(str)  # a computer's sentence while it gets ready; "" when done

    def __init__(self, players: tuple[Player, ...], setup: GameSetup, game: GameState,
                 rng_states: tuple | None, report_from: int,
                 on_action: Callable[[_Worker], None] | None = None) -> None:
        super().__init__()
        self.players, self.setup, self.game, self.rng_states = players, setup, game, rng_states
        self.report_from = report_from
        self.on_action = on_action
        self.cancelled = threading.Event()  # stopped while a computer was getting ready

    def _get_ready(self) -> None:
        """Each computer that must first work something out for this game does it now,
        saying so (``getting_ready``), not silently inside its first decision. The work
        runs in a thread of its own that this one waits for, so a game stopped meanwhile
        (the window closed, a new game) stops at once; the work finishes by itself, or
        with the program (its result is cached for the next game)."""
        said = False
        for player in self.players:
            text = player.getting_ready(self.setup.variant)
            if not text:
                continue
            self.getting_ready.emit(text)
            said = True
            failed: list[BaseException] = []

            def work(player=player, failed=failed) -> None:
                try:
                    player.get_ready(self.setup.variant)
                except Exception as exc:  # handed to the game's thread, which reports it
                    failed.append(exc)

            helper = threading.Thread(target=work, name="getting ready", daemon=True)
            helper.start()
            while helper.is_alive():
                if self.cancelled.wait(0.05):
                    raise GameCancelled()
            if failed:
                raise failed[0]
        if said:
            self.getting_ready.emit("")

    def run(self) -> None:
        try:
            self._get_ready()
            for event in game_events(self.players, self.setup.seed, self.setup.index,
                                     game=self.game, rng_states=self.rng_states,
                                     report_from=self.report_from):
                # the game as it stands after each action (and at its start) is complete
                # and consistent with both players' random states: the moment to save it
                if self.on_action is not None and isinstance(event, GameStarted
                                                             | DecisionMade):
                    self.on_action(self)
                self.game_event.emit(event)
        except GameCancelled:
            pass
        except Exception:  # shown to the person instead of dying silently in a thread
            self.failed.emit(traceback.format_exc())


def new_game(setup: GameSetup, decks: tuple = (), cuts: tuple = ()) -> GameState:
    """The game a setup starts (the person's seat counts or pegs by hand if asked);
    ``decks`` and ``cuts`` script its first deals and its cut for deal (the guided first
    game's prepared deals; see ``GameState.new``)."""
    rules = setup.rules
    manual = [False] * rules.players
    pegging = [False] * rules.players  # GameState.new's default, unless asked
    for seat in setup.person_seats():
        manual[seat] = setup.manual_count
        pegging[seat] = setup.manual_pegging
    return GameState.new(game_seed(setup.seed, setup.index), first_dealer=setup.first_dealer,
                         manual_count=tuple(manual), muggins=setup.muggins,
                         manual_pegging=tuple(pegging), decks=decks, cuts=cuts,
                         rules=rules)


class GameController(QObject):
    """Runs one game at a time in a worker thread (see the module docstring).

    ``autosave(game, rng_states)``, when set, is called in the worker thread at the start of
    each game and after every action (the person's or the computer's), with the game and
    both players' random states at that moment: enough to resume it exactly. Calls from a
    game that has since been stopped are never made.
    """

    game_event = Signal(object)  # not "event": the name of QObject's event handler
    human_turn = Signal(object)
    failed = Signal(str)
    getting_ready = Signal(str)  # a computer's sentence while it gets ready; "" when done

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setup: GameSetup | None = None
        self.game: GameState | None = None
        self.human: HumanPlayer | None = None  # the person whose decision is awaited
        self.humans: tuple[HumanPlayer, ...] = ()  # every person at the table
        self.players: tuple[Player, ...] | None = None  # by seat
        self.checkpoints: list[Checkpoint] = []
        self.autosave: Callable[[GameState, tuple], None] | None = None
        self._worker: _Worker | None = None
        self._save_lock = threading.Lock()

    @property
    def running(self) -> bool:
        return self._worker is not None and self._worker.isRunning()

    def start(self, setup: GameSetup, game: GameState | None = None,
              rng_states: tuple | None = None, decks: tuple = (), cuts: tuple = ()) -> None:
        """Start a new game (or continue ``game``, e.g. a resumed save); a new game's first
        deals and cut for deal may be scripted (``decks``, ``cuts``: see :func:`new_game`)."""
        self.stop()
        self.setup = setup
        self.human = HumanPlayer()
        # (the window offers only our players; a setup is never a way to run a program)
        computers = {seat: make_builtin_player(name, where="a game in the window")
                     for seat, name in setup.computer_seats().items()}
        for computer in computers.values():
            check_plays(computer, setup.variant)
        # a person in each seat that is not the computer's (pass and play: several)
        seats = setup.person_seats()
        people = {seat: self.human if seat == seats[0] else HumanPlayer() for seat in seats}
        self.humans = tuple(people.values())
        self.players = tuple(computers[seat] if seat in computers else people[seat]
                             for seat in range(setup.rules.players))
        report_from = len(game.events) if game is not None else 0  # a new game: all
        if game is None:
            game = new_game(setup, decks, cuts)
            self.checkpoints = []
        self.game = game
        worker = _Worker(self.players, setup, game, rng_states, report_from,
                         on_action=self._save_point)
        for human in self.humans:
            human.on_turn = lambda obs, human=human: self._on_turn(worker, obs, human)
        worker.game_event.connect(self._relay_event)
        worker.human_turn.connect(self._relay_turn)
        worker.failed.connect(self.failed)
        worker.getting_ready.connect(self._relay_ready)
        self._worker = worker
        worker.start()

    def _save_point(self, worker: _Worker) -> None:  # in the worker thread
        with self._save_lock:  # never a stopped game's save after the next game's
            if self.autosave is None or worker is not self._worker:
                return
            self.autosave(worker.game, tuple(p.random_state() for p in worker.players))

    # a stopped worker's signals that were already posted may still arrive: drop them
    def _relay_event(self, event) -> None:
        if self._worker is not None and self.sender() is self._worker:
            self.game_event.emit(event)

    def _relay_ready(self, text: str) -> None:
        if self._worker is not None and self.sender() is self._worker:
            self.getting_ready.emit(text)

    def _relay_turn(self, obs) -> None:
        if self._worker is not None and self.sender() is self._worker:
            self.human_turn.emit(obs)

    def _on_turn(self, worker: _Worker, obs, human: HumanPlayer) -> None:  # in the worker
        # thread, which now waits for the person
        if worker is not self._worker:  # stopped meanwhile
            raise GameCancelled()
        self.human = human  # the one whose answer submit() hands in
        self.checkpoints.append(Checkpoint(worker.game.clone(),  # (a few microseconds)
                                           tuple(p.random_state() for p in worker.players)))
        worker.human_turn.emit(obs)

    def random_states(self) -> tuple:
        """Both players' random states (while the worker waits, or after :meth:`stop`)."""
        if self.players is None:
            raise RuntimeError("no game has started: there are no players")
        return tuple(p.random_state() for p in self.players)

    def submit(self, action: Action) -> None:
        if self.human is not None:
            self.human.submit(action)

    def stop(self, timeout_ms: int = 10_000) -> None:
        """Cancel the person's pending decision and wait for the worker to finish."""
        if self._worker is None:
            return
        for human in self.humans:
            human.cancel()
        with self._save_lock:  # a save under way finishes; none of this game follows it
            worker, self._worker = self._worker, None
        worker.cancelled.set()
        worker.wait(timeout_ms)

    def rewound(self, checkpoint: Checkpoint) -> GameState:
        """The game as it was at ``checkpoint`` (a copy: the checkpoint stays as it was)."""
        if self.game is None:
            raise RuntimeError("no game has started: there is nothing to rewind")
        return checkpoint.state.clone()
