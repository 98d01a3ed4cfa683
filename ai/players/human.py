"""``human``: a player whose decisions come from outside, e.g. the GUI.

The match driver runs in a worker thread and calls :meth:`HumanPlayer.discard` or
:meth:`HumanPlayer.play`; those call ``on_turn(observation)`` (the GUI's cue to let the
person choose) and block until :meth:`submit` hands in a legal action. :meth:`cancel` ends
the wait with :class:`GameCancelled`, so the driver's thread can stop cleanly.
"""

from __future__ import annotations

import queue
from collections.abc import Callable
from dataclasses import dataclass

from ai.base import Decision, Player, Reasoning, Seed
from engine import Action, Observation, why_illegal
from engine.cards import CardName, card_name
from engine.rules import VARIANTS


class GameCancelled(Exception):
    """The game was stopped while waiting for the person's decision."""


@dataclass(frozen=True)
class HumanChoice(Reasoning):
    def summary(self, name: CardName = card_name) -> str:
        return "chosen by the player"


_CANCEL = object()


class HumanPlayer(Player):
    name = "human"
    variants = tuple(VARIANTS)  # a person plays any of them

    def __init__(self, seed: Seed = None,
                 on_turn: Callable[[Observation], None] | None = None) -> None:
        super().__init__(seed)
        self.on_turn = on_turn
        self._answers: queue.Queue = queue.Queue()

    def submit(self, action: Action) -> None:
        """Hand in the person's action (from any thread)."""
        self._answers.put(action)

    def cancel(self) -> None:
        """Stop waiting: the pending decision raises GameCancelled."""
        self._answers.put(_CANCEL)

    def _wait(self, obs: Observation) -> Decision:
        if self.on_turn is not None:
            self.on_turn(obs)
        while True:
            action = self._answers.get()
            if action is _CANCEL:
                raise GameCancelled()
            if why_illegal(obs, action) is None:
                return Decision(action, HumanChoice())
            # a front end should have refused it already; wait for a legal one

    def discard(self, obs: Observation) -> Decision:
        return self._wait(obs)

    def play(self, obs: Observation) -> Decision:
        return self._wait(obs)

    def count(self, obs: Observation) -> Decision:
        return self._wait(obs)

    def peg(self, obs: Observation) -> Decision:
        return self._wait(obs)
