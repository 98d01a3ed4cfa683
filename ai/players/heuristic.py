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
from engine.cards import PIPS, Card, CardName, card_name, cards_with
from engine.pegging import peg_points
from engine.rules import RULES as GAME_RULES
from engine.rules import VARIANTS
from engine.scoring import score_hand

RULES = ("most points now", "makes fifteen", "lead from a pair", "defence", "highest card")


@dataclass(frozen=True)
class KeepOption:
    keep: tuple[Card, ...]
    toss: tuple[Card, ...]  # two cards (one with three or four players)
    hand_mean: float
    crib_mean: float  # in a variant: the tossed cards' own points (a pair, a fifteen)


@dataclass(frozen=True)
class HeuristicDiscard(Reasoning):
    """All 15 splits with their expected hand and crib; ``chosen`` indexes ``options``."""

    options: tuple[KeepOption, ...]
    chosen: int
    my_crib: bool

    def summary(self, name: CardName = card_name) -> str:
        o = self.options[self.chosen]
        starters = 52 - len(o.keep) - len(o.toss)
        return (f"keeps {cards_with(o.keep, name)}: the best expected hand "
                f"({o.hand_mean:.2f} points over the {starters} starters)")


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
    variants = tuple(VARIANTS)

    def discard(self, obs: Observation) -> Decision:
        if obs.rules != GAME_RULES:
            return variant_discard(obs)
        a, b = _decide.heuristic_toss(_decide.dealt_of(obs), obs.is_dealer)
        toss = Toss(_decide.toss_of_positions(obs, a, b))
        options = analyze_discards(obs.dealt, my_crib=obs.is_dealer)  # the figures shown
        chosen = next(i for i, o in enumerate(options) if Toss(o.toss) == toss)
        record = HeuristicDiscard(
            tuple(KeepOption(o.keep, o.toss, o.hand_mean, o.crib_mean) for o in options),
            chosen, obs.is_dealer)
        return Decision(toss, record)

    def play(self, obs: Observation) -> Decision:
        if obs.rules != GAME_RULES:
            return variant_play(obs)
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


# ------------------------------------------------------------------ the same rules, any variant
# The two-player six-card game takes the compiled kernels above (the compiled loop's own,
# pinned); another variant (three or four players, five cards) takes these, in Python: the
# same rules written over an observation of any table.


def variant_discard(obs: Observation) -> Decision:
    """Keep the cards with the best expected hand over every starter this seat has not
    seen (exact); ties: as dealer the toss with more points of its own (a pair, a fifteen),
    as pone fewer."""
    from ai._variant import kept_points  # (its kernels load only when a variant is played)

    unseen = [c for c in range(52) if c not in obs.dealt]
    options = []
    for action in obs.legal_actions:
        if not isinstance(action, Toss):
            continue
        toss = action.cards
        keep = tuple(c for c in obs.dealt if c not in toss)
        hand_mean = float(np.mean([score_hand(keep, s) for s in unseen]))
        own = kept_points(np.array(toss, dtype=np.int64), len(toss))  # a pair, a fifteen
        options.append(KeepOption(keep, tuple(toss), hand_mean, float(own)))
    sign = 1 if obs.is_dealer else -1
    chosen = max(range(len(options)),
                 key=lambda i: (round(options[i].hand_mean, 9), sign * options[i].crib_mean))
    return Decision(Toss(options[chosen].toss),
                    HeuristicDiscard(tuple(options), chosen, obs.is_dealer))


def variant_play(obs: Observation) -> Decision:
    """The rules of the module's docstring, in order, over any number of players."""
    sequence = [c for _, c in obs.current]
    leading = not sequence
    candidates = []
    for card in obs.legal_cards:
        new_count = obs.count + PIPS[card]
        from_pair = leading and PIPS[card] != 5 and any(
            c != card and c >> 2 == card >> 2 for c in obs.hand)
        dangerous = (leading and PIPS[card] == 5) or new_count in (5, 21)
        candidates.append(PlayCandidate(card, peg_points([*sequence, card]),
                                        new_count == 15, from_pair, dangerous))
    keys = [(c.points, c.makes_fifteen, c.from_pair, not c.dangerous, PIPS[c.card],
             c.card >> 2) for c in candidates]
    best = max(range(len(candidates)), key=lambda i: keys[i])
    rule = next((depth - 1 for depth in range(1, 5)  # the first rule that singled it out
                 if sum(1 for k in keys if k[:depth] == keys[best][:depth]) == 1), 4)
    chosen = candidates[best].card
    return Decision(PlayCard(chosen), HeuristicPlay(tuple(candidates), chosen, RULES[rule]))
