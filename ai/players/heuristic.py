"""``heuristic``: the heuristic pegger, with an expected-hand discard.

Exactly what it does:

Discard: of the 15 ways to keep four cards, keep the one with the highest expected hand
score over the 46 possible starters (exact, ``engine.analysis``). Ties go to the larger
expected crib as dealer, the smaller as pone.

Play, in order (each rule only breaks the ties left by the one before):

1. Take points now: play a card that scores the most immediate points (the thesis's greedy
   one-ahead pegger).
2. Among cards scoring the same, prefer one that makes fifteen (Kendall & Shaw's routine).
3. When leading, lead from a pair (a pair invites the opponent to pair it, and the third card
   then makes a pair royal); fives excepted.
4. Defence, when no card scores: don't lead a five, and don't leave the count at 5 or 21
   (any ten-card would make 15 or 31 for the opponent).
5. Then the highest card (the thesis's tie-break: it keeps low cards for 31 and go).
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.base import Decision, Player, Reasoning
from engine import Observation, PlayCard, Toss, analyze_discards, peg_points
from engine.cards import FIVE, PIPS, Card, CardName, card_name, cards_with

RULES = ("most points now", "makes fifteen", "lead from a pair", "defence", "highest card")


@dataclass(frozen=True)
class KeepOption:
    keep: tuple[Card, ...]
    toss: tuple[Card, Card]
    hand_mean: float
    crib_mean: float


@dataclass(frozen=True)
class HeuristicDiscard(Reasoning):
    """All 15 splits with their expected hand and crib; ``chosen`` indexes ``options``."""

    options: tuple[KeepOption, ...]
    chosen: int
    my_crib: bool

    def summary(self, name: CardName = card_name) -> str:
        o = self.options[self.chosen]
        return (f"keeps {cards_with(o.keep, name)}: the best expected hand "
                f"({o.hand_mean:.2f} points over the 46 starters)")


@dataclass(frozen=True)
class PlayCandidate:
    card: Card
    points: int  # scored now
    makes_fifteen: bool
    from_pair: bool  # a lead from a pair (not fives)
    dangerous: bool  # leads a five, or leaves the count at 5 or 21


@dataclass(frozen=True)
class HeuristicPlay(Reasoning):
    """The candidates, the card chosen and the first rule that singled it out."""

    candidates: tuple[PlayCandidate, ...]
    chosen: Card
    rule: str

    def summary(self, name: CardName = card_name) -> str:
        return f"plays {name(self.chosen)}: {self.rule}"


class HeuristicPlayer(Player):
    name = "heuristic"

    def discard(self, obs: Observation) -> Decision:
        options = analyze_discards(obs.dealt, my_crib=obs.is_dealer)
        sign = 1 if obs.is_dealer else -1
        chosen = max(range(len(options)),
                     key=lambda i: (options[i].hand_mean, sign * options[i].crib_mean, -i))
        record = HeuristicDiscard(
            tuple(KeepOption(o.keep, o.toss, o.hand_mean, o.crib_mean) for o in options),
            chosen, obs.is_dealer)
        return Decision(Toss(options[chosen].toss), record)

    def play(self, obs: Observation) -> Decision:
        current = [c for _, c in obs.current]
        leading = not current
        ranks = [c >> 2 for c in obs.hand]
        candidates = []
        for card in obs.legal_cards:
            after = obs.count + PIPS[card]
            candidates.append(PlayCandidate(
                card=card,
                points=peg_points(current + [card]),
                makes_fifteen=after == 15,
                from_pair=leading and ranks.count(card >> 2) >= 2 and card >> 2 != FIVE,
                dangerous=(leading and card >> 2 == FIVE) or after in (5, 21),
            ))
        chosen, rule = choose(candidates)
        return Decision(PlayCard(chosen.card), HeuristicPlay(tuple(candidates), chosen.card,
                                                             rule))


def choose(candidates: list[PlayCandidate]) -> tuple[PlayCandidate, str]:
    """Apply the rules in order; return the card and the first rule that decided it."""
    keys = (
        lambda c: c.points,
        lambda c: c.makes_fifteen,
        lambda c: c.from_pair,
        lambda c: not c.dangerous if c.points == 0 else True,
        lambda c: (PIPS[c.card], c.card >> 2),
    )
    pool = list(candidates)
    for rule, key in zip(RULES, keys, strict=True):
        best = max(key(c) for c in pool)
        narrowed = [c for c in pool if key(c) == best]
        if len({c.card >> 2 for c in narrowed}) == 1 or rule == RULES[-1]:
            return narrowed[0], rule  # one rank left: suits make no difference in the play
        pool = narrowed
    raise AssertionError("unreachable")
