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

from ai import _decide
from ai.base import Decision, Player, Reasoning, Seed
from ai.tables import weights as model
from engine import Observation, PlayCard, Toss
from engine.cards import Card, CardName, card_name, cards_with
from engine.kernels import peg_points_seq
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
    blend = model.blend_of(Path(path) if path else None, meta)
    return weights, model.Matrix(pegging), blend


def greedy_play(obs: Observation) -> tuple[Card, int]:
    """The thesis's pegger (``ai._decide.weights_play``): the legal card scoring the most
    now, ties to the highest; with the points it scores."""
    state, _ = _decide.play_state(obs)
    card = obs.hand[_decide.weights_play(state, obs.seat)]
    seq = np.array([c for _, c in obs.current] + [card], dtype=np.int64)
    return card, int(peg_points_seq(seq, len(seq)))


class WeightsPlayer(Player):
    name = "weights"

    def __init__(self, seed: Seed = None, path: str | None = None) -> None:
        super().__init__(seed)
        self.weights, self.matrix, self.blend = _load(path)
        fp, ip = model.play_params(self.blend)
        gained_mean, gained_median, given_mean = self.matrix.peg
        self._tables = tuple(np.ascontiguousarray(a, dtype=dt) for a, dt in (
            (self.weights, np.float64), (fp, np.float64), (ip, np.int64),
            (gained_mean, np.float64), (gained_median, np.float64), (given_mean, np.float64),
            (self.matrix.crib_rank_mean, np.float64)))

    def kernel_tables(self) -> tuple[np.ndarray, ...]:
        """What ``ai._decide.weights_toss`` decides from: the weights W, the play's float
        and int parameters (``model.play_params``), the pegging means gained, medians
        gained and means given, and the rank crib means."""
        return self._tables

    def discard(self, obs: Observation) -> Decision:
        raw = np.empty((len(model.STRATEGIES), 15))
        S = np.empty_like(raw)
        keeps = np.empty((15, 4), dtype=np.int64)
        w = np.empty(len(model.STRATEGIES))
        _, _, chosen = _decide.weights_toss(_decide.dealt_of(obs), obs.is_dealer,
                                            obs.my_score, obs.opponent_score,
                                            *self._tables, raw, S, keeps, w)
        top = WINNING_SCORE - 1  # the table's last position
        d = role_of(obs.is_dealer)
        ordered = sorted(obs.dealt)
        p = w @ S
        tosses = tuple(model.toss_of(ordered, j) for j in range(15))
        record = WeightsDiscard(
            position=(d, min(top, obs.my_score), min(top, obs.opponent_score)),
            strategies=model.STRATEGIES,
            keeps=tuple(tuple(int(c) for c in row) for row in keeps), tosses=tosses,
            S=tuple(tuple(float(x) for x in row) for row in S),
            raw=tuple(tuple(float(x) for x in row) for row in raw),
            w=tuple(float(x) for x in w), p=tuple(float(x) for x in p), chosen=int(chosen))
        return Decision(Toss(tosses[chosen]), record)

    def play(self, obs: Observation) -> Decision:
        card, points = greedy_play(obs)
        return Decision(PlayCard(card), GreedyPlay(card, points))
