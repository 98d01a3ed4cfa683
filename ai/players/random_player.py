"""``random``: a uniformly random legal toss and a uniformly random legal card."""

from __future__ import annotations

from dataclasses import dataclass

from ai.base import Decision, Player, Reasoning
from engine import Observation
from engine.cards import CardName, card_name


@dataclass(frozen=True)
class RandomChoice(Reasoning):
    """Picked uniformly at random, from ``options`` legal actions."""

    options: int

    def summary(self, name: CardName = card_name) -> str:
        return f"picked at random among {self.options} legal choices"


class RandomPlayer(Player):
    name = "random"

    def _pick(self, obs: Observation) -> Decision:
        actions = obs.legal_actions
        return Decision(actions[int(self.rng.integers(len(actions)))], RandomChoice(len(actions)))

    def discard(self, obs: Observation) -> Decision:
        return self._pick(obs)

    def play(self, obs: Observation) -> Decision:
        return self._pick(obs)
