"""``random``: a uniformly random legal toss and a uniformly random legal card (the
compiled decisions of ``ai._decide``, one draw from the player's generator each)."""

from __future__ import annotations

from dataclasses import dataclass

from ai import _decide
from ai.base import Decision, Player, Reasoning
from engine import Observation, PlayCard, Toss
from engine.cards import CardName, card_name
from engine.rules import RULES, VARIANTS


@dataclass(frozen=True)
class RandomChoice(Reasoning):
    """Picked uniformly at random, from ``options`` legal actions."""

    options: int

    def summary(self, name: CardName = card_name) -> str:
        return f"picked at random among {self.options} legal choices"


class RandomPlayer(Player):
    name = "random"
    variants = tuple(VARIANTS)

    def discard(self, obs: Observation) -> Decision:
        if obs.rules != RULES:  # any variant: one draw among its legal tosses
            tosses = obs.legal_actions
            return Decision(tosses[int(self.rng.integers(len(tosses)))],
                            RandomChoice(len(tosses)))
        a, b = _decide.random_toss(self.rng)
        return Decision(Toss(_decide.toss_of_positions(obs, a, b)),
                        RandomChoice(len(obs.legal_actions)))

    def play(self, obs: Observation) -> Decision:
        if obs.rules != RULES:
            cards = obs.legal_cards
            return Decision(PlayCard(cards[int(self.rng.integers(len(cards)))]),
                            RandomChoice(len(cards)))
        _, legal = _decide.play_state(obs)
        i = _decide.random_play(self.rng, legal, len(obs.hand))
        return Decision(PlayCard(obs.hand[i]), RandomChoice(len(obs.legal_actions)))
