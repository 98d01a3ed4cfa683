"""The expert at the variants' tables (``engine.rules.VARIANTS``: five-card, three players,
four in partnership): each option judged by playing the deal out over sampled cards
(``ai._variant``), with a reasoning record of every option's figures.

The two-player six-card expert (``ai.players.expert``) stands on tables built for that game
(the chance of winning at every score, the pegging of every pair of hands); here the expert
maximises its side's expected points over the deal instead: the kept hand's exact value,
the crib's, and the play's net pegging against the other sides. A win table for each
variant is not built yet (docs/variants.md).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ai import _variant
from ai.base import Decision, Reasoning
from engine import Observation, PlayCard, Toss
from engine.cards import Card, CardName, card_name, cards_with

PLAY_SAMPLES = 400  # draws of the other seats' cards behind each card's value
DISCARD_SAMPLES = 200  # sampled deals behind each toss's crib and pegging


@dataclass(frozen=True)
class VariantOption:
    keep: tuple[Card, ...]
    toss: tuple[Card, ...]
    hand: float  # the kept hand's mean over every unseen starter (exact)
    crib: float  # the crib's mean, for its dealer (sampled deals)
    pegging: float  # this side's net pegging over the deal (sampled deals played out)
    value: float  # hand + the crib's sign times crib + pegging


@dataclass(frozen=True)
class VariantExpertDiscard(Reasoning):
    """Every toss with its figures; ``chosen`` indexes ``options``; ``crib_sign`` is +1 when
    the crib is this side's, else minus its share against the other sides."""

    variant: str
    options: tuple[VariantOption, ...]
    chosen: int
    crib_sign: float
    samples: int

    def summary(self, name: CardName = card_name) -> str:
        o = self.options[self.chosen]
        return (f"keeps {cards_with(o.keep, name)}: hand {o.hand:.2f}, crib {o.crib:.2f}"
                f"{' (ours)' if self.crib_sign > 0 else ' (theirs)'}, pegging "
                f"{o.pegging:+.2f}: {o.value:.2f} expected points, the best of "
                f"{len(self.options)} ({self.variant}, {self.samples} sampled deals)")


@dataclass(frozen=True)
class VariantCandidate:
    card: Card
    value: float  # this side's net points from this card to the end of the play


@dataclass(frozen=True)
class VariantExpertPlay(Reasoning):
    variant: str
    candidates: tuple[VariantCandidate, ...]
    chosen: Card
    samples: int

    def summary(self, name: CardName = card_name) -> str:
        best = next(c for c in self.candidates if c.card == self.chosen)
        return (f"plays {name(self.chosen)}: {best.value:+.2f} net points to the end of the "
                f"play ({self.variant}, over {self.samples} draws of the other hands)")


def _sides(obs: Observation) -> np.ndarray:
    return np.array([obs.rules.side_of(s) for s in range(obs.players)], dtype=np.int64)


def _other_weight(obs: Observation) -> float:
    """What the other sides' points weigh against this side's: one over their number."""
    return 1.0 / (obs.rules.sides - 1)


def _seed(rng: np.random.Generator) -> int:
    """A seed for the kernel's own stream (numba's ``np.random.seed`` takes 32 bits)."""
    return int(rng.integers(0, np.iinfo(np.int32).max))


def discard(obs: Observation, rng: np.random.Generator, samples: int = DISCARD_SAMPLES
            ) -> Decision:
    from engine.rules import variant_name

    rules = obs.rules
    tosses = [a for a in obs.legal_actions if isinstance(a, Toss)]
    index = {card: i for i, card in enumerate(obs.dealt)}
    toss_at = np.array([[index[a.cards[0]], index[a.cards[1]] if len(a.cards) > 1 else -1]
                        for a in tosses], dtype=np.int64)
    unseen = np.array([c for c in range(52) if c not in obs.dealt], dtype=np.int64)
    figures = np.zeros((3, len(tosses)))
    _variant.discard_values(
        np.array(obs.dealt, dtype=np.int64), toss_at, obs.seat, obs.dealer, rules.players,
        rules.cards_dealt, rules.cards_to_crib, rules.crib_from_deck, rules.one_count,
        _sides(obs), _other_weight(obs), unseen, samples, _seed(rng), figures)
    # the crib counts for its dealer's side, and against the others (their share of it)
    crib_sign = 1.0 if rules.side_of(obs.dealer) == obs.side else -_other_weight(obs)
    values = figures[0] + crib_sign * figures[1] + figures[2]
    options = tuple(
        VariantOption(tuple(c for c in obs.dealt if c not in a.cards), tuple(a.cards),
                      float(figures[0, o]), float(figures[1, o]), float(figures[2, o]),
                      float(values[o]))
        for o, a in enumerate(tosses))
    chosen = int(np.argmax(values))
    return Decision(tosses[chosen], VariantExpertDiscard(
        variant_name(rules), options, chosen, crib_sign, samples))


def play(obs: Observation, rng: np.random.Generator, samples: int = PLAY_SAMPLES
         ) -> Decision:
    from engine.rules import variant_name

    state, legal = _variant.play_state_of(obs)
    seen = set(obs.dealt) | {c for _, c in obs.played} | {obs.starter}
    unseen = np.array([c for c in range(52) if c not in seen], dtype=np.int64)
    if len({c >> 2 for c in obs.legal_cards}) == 1:  # one rank fits: nothing to weigh
        card = obs.legal_cards[0]
        return Decision(PlayCard(card), VariantExpertPlay(
            variant_name(obs.rules), (VariantCandidate(card, 0.0),), card, 0))
    values = _variant.play_values(state, obs.seat, legal, _sides(obs), _other_weight(obs),
                                  unseen, samples, _seed(rng))
    i = int(np.argmax(values))
    candidates = tuple(VariantCandidate(card, float(values[j]))
                       for j, card in enumerate(obs.hand) if legal[j])
    return Decision(PlayCard(obs.hand[i]), VariantExpertPlay(
        variant_name(obs.rules), candidates, obs.hand[i], samples))
