"""``weights``: the thesis's score-aware strategy weights (``ai.tables.weights``).

Discard: the 8 x 15 desirability matrix S for the deal, the weight vector w at the current
board position (dealer or pone, own score, opponent's score), p = w . S, keep argmax p.
``weights:FILE`` loads another table (for example random-initialised weights). Pegging: the
thesis's greedy one-ahead pegger (most points now, ties to the highest card), the same
compiled code the training uses.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from ai.base import Decision, Player, Reasoning, Seed
from ai.tables import weights as model
from ai.tables.weights_kernels import choose_option, greedy_card
from engine import Observation, PlayCard, Toss
from engine.cards import Card, CardName, card_name, cards_with
from engine.roles import role_of
from engine.rules import WINNING_SCORE


@dataclass(frozen=True)
class WeightsDiscard(Reasoning):
    """What the weights player compared: S (8 strategies x 15 options), the raw statistics
    behind it, w at this board position, p = w . S, and the chosen column."""

    position: tuple[int, int, int]  # (1 dealer / 0 pone, own score, opponent's score)
    strategies: tuple[str, ...]
    keeps: tuple[tuple[Card, ...], ...]
    tosses: tuple[tuple[Card, Card], ...]
    S: tuple[tuple[float, ...], ...]
    raw: tuple[tuple[float, ...], ...]
    w: tuple[float, ...]
    p: tuple[float, ...]
    chosen: int

    def summary(self, name: CardName = card_name) -> str:
        top = max(range(len(self.w)), key=self.w.__getitem__)
        keep = cards_with(self.keeps[self.chosen], name)
        return (f"keeps {keep} (p = {self.p[self.chosen]:.2f});"
                f" here the weights favour {self.strategies[top]} ({self.w[top]:.0%})")


@dataclass(frozen=True)
class GreedyPlay(Reasoning):
    chosen: Card
    points: int

    def summary(self, name: CardName = card_name) -> str:
        return f"plays {name(self.chosen)}: most points now ({self.points}), " \
               f"ties to the highest card"


@lru_cache(maxsize=8)
def _load(path: str | None):
    weights, meta = model.load(Path(path) if path else None)
    pegging = model.load_pegging_from(Path(path)) if path else None
    blend = float(meta.get("config", {}).get("blend", 1.0))
    return weights, model.Matrix(pegging), blend


def greedy_play(obs: Observation) -> tuple[Card, int]:
    """The thesis's pegger: the legal card scoring the most now, ties to the highest."""
    hand = np.array(obs.hand, dtype=np.int64)
    seq = np.zeros(len(obs.current) + 1, dtype=np.int64)
    seq[:-1] = [c for _, c in obs.current]
    k = greedy_card(hand, len(hand), seq, len(obs.current), obs.count)
    card = int(hand[k])
    seq[-1] = card
    from engine.kernels import peg_points_seq

    return card, int(peg_points_seq(seq, len(seq)))


class WeightsPlayer(Player):
    name = "weights"

    def __init__(self, seed: Seed = None, path: str | None = None) -> None:
        super().__init__(seed)
        self.weights, self.matrix, self.blend = _load(path)
        self._fp, self._ip = model.play_params(self.blend)

    def discard(self, obs: Observation) -> Decision:
        S, raw, keeps, ordered = self.matrix(list(obs.dealt), obs.is_dealer)
        d = role_of(obs.is_dealer)
        top = WINNING_SCORE - 1  # the table's last position
        own, opp = min(top, obs.my_score), min(top, obs.opponent_score)
        w = np.empty(len(model.STRATEGIES))
        # the training's own choice (same arithmetic, so near-ties break the same way)
        chosen = int(choose_option(self.weights, d, own, opp, S, False, self._fp,
                                      self._ip, np.zeros(15), w))
        p = w @ S
        tosses = tuple(model.toss_of(ordered, j) for j in range(15))
        record = WeightsDiscard(
            position=(d, own, opp), strategies=model.STRATEGIES,
            keeps=tuple(tuple(int(c) for c in row) for row in keeps), tosses=tosses,
            S=tuple(tuple(float(x) for x in row) for row in S),
            raw=tuple(tuple(float(x) for x in row) for row in raw),
            w=tuple(float(x) for x in w), p=tuple(float(x) for x in p), chosen=chosen)
        return Decision(Toss(tosses[chosen]), record)

    def play(self, obs: Observation) -> Decision:
        card, points = greedy_play(obs)
        return Decision(PlayCard(card), GreedyPlay(card, points))
