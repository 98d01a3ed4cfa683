"""``evolved``: Kendall & Shaw's evolved discarder, with their simple pegger.

Discard: the trained table's six values for this suitless hand and role (own crib or the
opponent's); it throws the two lowest (``ai.tables.evolved``). ``evolved:FILE`` loads
another table. Pegging, as in their match against Ultimate Cribbage: make fifteen if
possible, lead from a pair, otherwise the first playable card.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from ai import _decide
from ai.base import Decision, Player, Reasoning, Seed
from ai.tables import evolved as table
from ai.tables.index import hand_index
from engine import Observation, PlayCard, Toss
from engine.cards import Card, CardName, card_name, cards_with
from engine.roles import role_of

PEG_RULES = ("makes fifteen", "lead from a pair", "first playable card")  # evolved_play's


@dataclass(frozen=True)
class EvolvedDiscard(Reasoning):
    """The six cards in the table's order with their values; the two lowest are thrown."""

    cards: tuple[Card, ...]
    values: tuple[float, ...]
    my_crib: bool
    thrown: tuple[Card, Card]

    def summary(self, name: CardName = card_name) -> str:
        pairs = ", ".join(f"{name(c)} {v:.2f}" for c, v in zip(self.cards, self.values,
                                                                      strict=True))
        return f"values {pairs}: throws the two lowest, {cards_with(self.thrown, name)}"


@dataclass(frozen=True)
class SimplePlay(Reasoning):
    chosen: Card
    rule: str  # "makes fifteen", "lead from a pair" or "first playable card"

    def summary(self, name: CardName = card_name) -> str:
        return f"plays {name(self.chosen)}: {self.rule}"


@lru_cache(maxsize=4)
def _table(path: str | None):
    return table.load(Path(path) if path else None)[0]


def simple_peg(obs: Observation) -> tuple[Card, str]:
    """Kendall & Shaw's pegger (``ai._decide.evolved_play``): fifteen if possible, a lead
    from a pair, else the first playable card in hand order."""
    state, legal = _decide.play_state(obs)
    i, rule = _decide.evolved_play(state, obs.seat, legal)
    return obs.hand[i], PEG_RULES[rule]


class EvolvedPlayer(Player):
    name = "evolved"

    def __init__(self, seed: Seed = None, path: str | None = None) -> None:
        super().__init__(seed)
        self.values = _table(path)

    def discard(self, obs: Observation) -> Decision:
        a, b = _decide.evolved_toss(_decide.dealt_of(obs), obs.is_dealer, self.values)
        x, y = _decide.toss_of_positions(obs, a, b)
        ordered = table.positions_of(list(obs.dealt))  # the values shown, in table order
        row = self.values[hand_index(np.array(ordered, dtype=np.int64)),
                          role_of(obs.is_dealer)]
        record = EvolvedDiscard(tuple(ordered), tuple(float(v) for v in row), obs.is_dealer,
                                (min(x, y), max(x, y)))
        return Decision(Toss((x, y)), record)

    def play(self, obs: Observation) -> Decision:
        card, rule = simple_peg(obs)
        return Decision(PlayCard(card), SimplePlay(card, rule))
