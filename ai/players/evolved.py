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

from ai.base import Decision, Player, Reasoning, Seed
from ai.tables import evolved as table
from engine import Observation, PlayCard, Toss
from engine.cards import PIPS, Card, CardName, card_name, cards_with


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
    """Kendall & Shaw's pegger: fifteen if possible, a lead from a pair, else the first
    playable card in hand order."""
    legal = obs.legal_cards
    for card in legal:
        if obs.count + PIPS[card] == 15:
            return card, "makes fifteen"
    if not obs.current:
        ranks = [c >> 2 for c in obs.hand]
        for card in legal:
            if ranks.count(card >> 2) >= 2:
                return card, "lead from a pair"
    return legal[0], "first playable card"


class EvolvedPlayer(Player):
    name = "evolved"

    def __init__(self, seed: Seed = None, path: str | None = None) -> None:
        super().__init__(seed)
        self.values = _table(path)

    def discard(self, obs: Observation) -> Decision:
        toss, row, ordered = table.choose(self.values, list(obs.dealt), obs.is_dealer)
        record = EvolvedDiscard(tuple(ordered), tuple(float(v) for v in row), obs.is_dealer,
                                toss)
        return Decision(Toss(toss), record)

    def play(self, obs: Observation) -> Decision:
        card, rule = simple_peg(obs)
        return Decision(PlayCard(card), SimplePlay(card, rule))
