"""The expert at the variants' tables (``engine.rules.VARIANTS``: five-card, three players,
four in partnership): each option judged by playing the deal out over sampled cards
(``ai._variant``), with a reasoning record of every option's figures.

The two-player six-card expert (``ai.players.expert``) stands on tables built for that game;
here the expert maximises its side's weighed points over the deal: the kept hand's exact
value, the crib's, and the play's pegging, each side's points weighed by what they do to
this side's chance of winning (the slope of the variant's win table,
``ai.tables.variant_win``, at the scores). Near the end of the game it maximises the chance
of winning itself, read from the same table after each sampled deal (docs/variants.md).
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
    chance: float | None = None  # near the end: this side's chance of winning (it decides)


@dataclass(frozen=True)
class VariantExpertDiscard(Reasoning):
    """Every toss with its figures; ``chosen`` indexes ``options``; ``crib_sign`` is +1 when
    the crib is this side's, else minus its share against the other sides."""

    variant: str
    options: tuple[VariantOption, ...]
    chosen: int
    crib_sign: float
    samples: int
    # what a point of each side is worth to this one (this side's 1), by side, from the
    # variant's win table at the scores; the pegging and the crib are weighed so
    weights: tuple[float, ...] = ()
    chance: float | None = None  # this side's chance of winning before the deal

    def summary(self, name: CardName = card_name) -> str:
        o = self.options[self.chosen]
        end = (f", {o.chance:.0%} to win: the best chance of {len(self.options)}"
               if o.chance is not None else
               f": {o.value:.2f} expected points, the best of {len(self.options)}")
        return (f"keeps {cards_with(o.keep, name)}: hand {o.hand:.2f}, crib {o.crib:.2f}"
                f"{' (ours)' if self.crib_sign > 0 else ' (theirs)'}, pegging "
                f"{o.pegging:+.2f}{end} ({self.variant}, {self.samples} sampled deals)")


@dataclass(frozen=True)
class VariantCandidate:
    card: Card
    # this side's weighed net points from this card to the end of the play; near the end
    # of the game (the record's ``end``), its chance of winning
    value: float


@dataclass(frozen=True)
class VariantExpertPlay(Reasoning):
    variant: str
    candidates: tuple[VariantCandidate, ...]
    chosen: Card
    samples: int
    end: bool = False  # near the end of the game: the values are chances of winning

    def summary(self, name: CardName = card_name) -> str:
        best = next(c for c in self.candidates if c.card == self.chosen)
        what = (f"{best.value:.0%} to win" if self.end else
                f"{best.value:+.2f} net points to the end of the play")
        return (f"plays {name(self.chosen)}: {what} ({self.variant}, over {self.samples} "
                f"draws of the other hands)")


def _sides(obs: Observation) -> np.ndarray:
    return np.array([obs.rules.side_of(s) for s in range(obs.players)], dtype=np.int64)


def _other_weight(obs: Observation) -> float:
    """What the other sides' points weigh against this side's without a table: one over
    their number."""
    return 1.0 / (obs.rules.sides - 1)


WEIGHT_STEP = 4  # points either side of the score, for the table's slope
END_MARGIN = 2.0  # near the end: a side within this many deals' mean points of the target


@dataclass(frozen=True)
class _Position:
    """What the win table says of the scores: each side's weight (:data:`WEIGHT_STEP`),
    whether the game is near its end, this side's chance, and the table for the kernels."""

    weights: np.ndarray  # (4,) by side: this side's 1, the others' what a point costs
    end: bool
    chance: float
    T: np.ndarray
    scores: np.ndarray  # (sides,) int64


def _position(obs: Observation, use_table: bool = True) -> _Position:
    from ai.tables.variant_win import win_table

    rules = obs.rules
    me, sides = obs.side, rules.sides
    scores = np.array(obs.scores, dtype=np.int64)
    weights = np.zeros(4)
    weights[:sides] = -_other_weight(obs)
    weights[me] = 1.0
    table = win_table(rules)
    now = table.chance(scores, obs.dealer)[me]
    if not use_table:
        return _Position(weights, False, float(now), table.T, scores)
    slope = np.zeros(sides)
    for k in range(sides):
        up, down = scores.copy(), scores.copy()
        up[k] = min(scores[k] + WEIGHT_STEP, rules.target)
        down[k] = max(scores[k] - WEIGHT_STEP, 0)
        slope[k] = ((table.chance(up, obs.dealer)[me] - table.chance(down, obs.dealer)[me])
                    / (up[k] - down[k]))
    if slope[me] > 1e-4:  # else the game is all but decided: the plain weights
        weights[:sides] = np.clip(slope / slope[me], -3.0, 0.0)
        weights[me] = 1.0
    end = bool(scores.max() >= rules.target - END_MARGIN * table.mean_points.max())
    return _Position(weights, end, float(now), table.T, scores)


def chance_per_point(obs: Observation) -> float:
    """What a point of this side's is worth at the scores: the win table's slope in this
    side's own score (the chance of winning a point buys), at least 1e-4 (a game all but
    decided). Near the end the expert decides by chances; this puts them in points."""
    from ai.tables.variant_win import win_table

    rules, me = obs.rules, obs.side
    scores = np.array(obs.scores, dtype=np.int64)
    table = win_table(rules)
    up, down = scores.copy(), scores.copy()
    up[me] = min(scores[me] + WEIGHT_STEP, rules.target)
    down[me] = max(scores[me] - WEIGHT_STEP, 0)
    slope = (table.chance(up, obs.dealer)[me] - table.chance(down, obs.dealer)[me]) \
        / max(1, up[me] - down[me])
    return float(max(slope, 1e-4))


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
    at = _position(obs)
    figures = np.zeros((4, len(tosses)))
    _variant.discard_values(
        np.array(obs.dealt, dtype=np.int64), toss_at, obs.seat, obs.dealer, rules.players,
        rules.cards_dealt, rules.cards_to_crib, rules.crib_from_deck, rules.one_count,
        _sides(obs), at.weights, unseen, samples, _seed(rng), figures, at.end, rules.sides,
        at.scores, at.T)
    # the crib counts for its dealer's side, and against the others (a point's weight)
    crib_sign = float(at.weights[rules.side_of(obs.dealer)])
    values = figures[0] + crib_sign * figures[1] + figures[2]
    options = tuple(
        VariantOption(tuple(c for c in obs.dealt if c not in a.cards), tuple(a.cards),
                      float(figures[0, o]), float(figures[1, o]), float(figures[2, o]),
                      float(values[o]), float(figures[3, o]) if at.end else None)
        for o, a in enumerate(tosses))
    # near the end the chance decides, the expected points breaking ties
    chosen = int(np.argmax(figures[3] + 1e-3 * values if at.end else values))
    return Decision(tosses[chosen], VariantExpertDiscard(
        variant_name(rules), options, chosen, crib_sign, samples,
        tuple(float(w) for w in at.weights[:rules.sides]), at.chance))


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
    rules = obs.rules
    at = _position(obs)
    shown = np.zeros((4, 4), dtype=np.int64)
    n_shown = np.zeros(4, dtype=np.int64)
    for seat, card in obs.played:
        shown[seat, n_shown[seat]] = card
        n_shown[seat] += 1
    crib_known = np.zeros(4, dtype=np.int64)
    mine = tuple(obs.toss or ())  # this seat's toss: the crib's cards it knows
    crib_known[:len(mine)] = mine
    values = _variant.play_values(
        state, obs.seat, legal, _sides(obs), at.weights, unseen, samples, _seed(rng),
        at.end, shown, n_shown, crib_known, len(mine), obs.starter, obs.dealer, rules.kept,
        rules.sides, at.scores, at.T)
    i = int(np.argmax(values))
    candidates = tuple(VariantCandidate(card, float(values[j]))
                       for j, card in enumerate(obs.hand) if legal[j])
    return Decision(PlayCard(obs.hand[i]), VariantExpertPlay(
        variant_name(obs.rules), candidates, obs.hand[i], samples, at.end))
