"""The advice's records (``ai.advice``) in a variant (five-card, three players, four in
partnership), from the variant expert's reasoning (``ai.players.expert_variants``).

The variant expert maximises its side's expected points over the deal; no table of the
chance of winning is built for a variant yet. So the records' figures are points, the
objective is ``"points"``, and what has no meaning there is None rather than a made-up
number: the chance of winning (``win``, ``win_lost``), and the two-player game's exact crib
with the opponent's cards random (``crib_exact``, ``plain_net``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ai.base import Decision
from engine import Observation
from engine.scoring import score_hand

if TYPE_CHECKING:
    from ai.advice import DiscardAdvice, PlayAdvice

POINTS = "points"  # the objective of a variant's advice: expected points, no chance to win


def hand_statistics(keep: tuple[int, ...], unseen: list[int]) -> tuple[int, float, float,
                                                                       int, tuple[int, ...]]:
    """The kept hand's show over every starter in ``unseen``: min, mean, median, max and
    the histogram of scores 0..29 (how many starters give each)."""
    scores = np.array([score_hand(keep, s) for s in unseen])
    histogram = np.bincount(scores, minlength=30)[:30]
    return (int(scores.min()), float(scores.mean()), float(np.median(scores)),
            int(scores.max()), tuple(int(x) for x in histogram))


def discard_advice(obs: Observation, decision: Decision) -> DiscardAdvice:
    """Every toss of the observed cards, the variant expert's best first (its order: the
    most expected points), from its ``decision`` at ``obs``."""
    from ai.advice import DiscardAdvice, DiscardChoice
    from ai.players.expert_variants import VariantExpertDiscard

    reasoning = decision.reasoning
    assert isinstance(reasoning, VariantExpertDiscard)
    unseen = [c for c in range(52) if c not in obs.dealt]
    best = reasoning.options[reasoning.chosen]
    order = sorted(range(len(reasoning.options)),
                   key=lambda i: (i != reasoning.chosen, -reasoning.options[i].value))
    choices = []
    for i in order:
        o = reasoning.options[i]
        low, mean, median, high, histogram = hand_statistics(o.keep, unseen)
        choices.append(DiscardChoice(
            keep=o.keep, toss=o.toss, hand_min=low, hand_mean=mean, hand_median=median,
            hand_max=high, hand_histogram=histogram, crib_exact=None,
            crib=reasoning.crib_sign * o.crib, pegging=o.pegging, net=o.value,
            plain_net=None, win=None, win_lost=None, points_lost=best.value - o.value))
    ours = obs.rules.side_of(obs.dealer) == obs.side
    return DiscardAdvice(tuple(obs.dealt), ours, (obs.my_score, obs.opponent_score),
                         tuple(choices), POINTS, reasoning.variant)


def play_advice(obs: Observation, decision: Decision) -> PlayAdvice:
    """Every rank the observed seat may play, the variant expert's card first, then by its
    net points to the end of the play, from its ``decision`` at ``obs``."""
    from ai.advice import PlayAdvice, PlayOption
    from ai.players.expert_variants import VariantExpertPlay

    reasoning = decision.reasoning
    assert isinstance(reasoning, VariantExpertPlay)
    by_rank: dict[int, tuple[int, float]] = {}
    for c in reasoning.candidates:  # cards of one rank play alike: the chosen card, or the
        rank = c.card >> 2          # first of its rank
        if rank not in by_rank or c.card == reasoning.chosen:
            by_rank[rank] = (c.card, c.value)
    best = by_rank[reasoning.chosen >> 2][1]
    ranks = sorted(by_rank, key=lambda r: (r != reasoning.chosen >> 2, -by_rank[r][1]))
    options = tuple(PlayOption(by_rank[r][0], by_rank[r][1], None, best - by_rank[r][1], None)
                    for r in ranks)
    return PlayAdvice(POINTS, options, reasoning.samples, POINTS, reasoning.variant)
