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

import numpy as np

from ai import _decide
from ai.base import Decision, Player, Reasoning
from engine import Observation, PlayCard, Toss, analyze_discards
from engine.cards import Card, CardName, card_name, cards_with

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
    """The rules above are the compiled kernels ``ai._decide.heuristic_toss`` and
    ``heuristic_play`` (the compiled loop's own); this player shows their figures."""

    name = "heuristic"

    def discard(self, obs: Observation) -> Decision:
        a, b = _decide.heuristic_toss(_decide.dealt_of(obs), obs.is_dealer)
        toss = Toss(_decide.toss_of_positions(obs, a, b))
        options = analyze_discards(obs.dealt, my_crib=obs.is_dealer)  # the figures shown
        chosen = next(i for i, o in enumerate(options) if Toss(o.toss) == toss)
        record = HeuristicDiscard(
            tuple(KeepOption(o.keep, o.toss, o.hand_mean, o.crib_mean) for o in options),
            chosen, obs.is_dealer)
        return Decision(toss, record)

    def play(self, obs: Observation) -> Decision:
        state, legal = _decide.play_state(obs)
        figures = np.zeros((4, 4), dtype=np.int64)
        i, rule = _decide.heuristic_play(state, obs.seat, legal, figures)
        candidates = tuple(
            PlayCandidate(card=card, points=int(figures[0, j]),
                          makes_fifteen=bool(figures[1, j]), from_pair=bool(figures[2, j]),
                          dangerous=bool(figures[3, j]))
            for j, card in enumerate(obs.hand) if legal[j])
        chosen = obs.hand[i]
        return Decision(PlayCard(chosen), HeuristicPlay(candidates, chosen, RULES[rule]))
