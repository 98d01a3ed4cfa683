"""``mueller``: HALSCRIB (Hal Mueller, 1987), as the paper describes it.

**Score situation.** "Optimal" when the scores are within 15 points, "risky" when behind by
more than 15, "safe" when ahead by more than 15. Before the discard the end-game rules come
first, in this order (our reading of the paper's section "Optimal Strategy Selection"):

1. *Game in hand*: the four kept cards alone (before the cut) reach 121: safe, keeping the
   most points guaranteed (strategy 1, max four-card score).
2. *No skunk to win* (dealer): it expects to reach game, but the opponent counts first, has
   under 91 (or 61) and is expected to pass 90 (or 60): risky.
3. *Can reach game*: its score plus its expected pegging and best expected show reaches 121:
   safe.
4. *Opponent counts first and is expected to reach 121* (it is the dealer): risky.
5. *It counts first and the opponent is expected to reach 121* (it is the pone): safe when it
   is under 91 and expects to pass 90 (skunk), or under 61 and expects to pass 60 (double
   skunk).
6. Otherwise the score situation.

"Expected" uses typical per-deal points (Chambers, ACC: pone pegs 2.0 and holds 8.1; the
dealer pegs 3.5, holds 8.0 and cribs 4.7) for the opponent, and for itself the same pegging
figure plus the exact analysis of its own six cards.

**Discards** (7 strategies; the expected crib is exact over 45,540 cribs):
1 max four-card score; risky: 2 max(best five-card hand - min crib) as pone, 3 max(best
five-card hand + max crib) as dealer; optimal: 4 max(expected hand - expected crib) as pone,
5 max(expected hand + expected crib) as dealer; safe: 6 max(expected hand - max crib) as
pone, 7 max(expected hand + expected crib) as dealer, ties broken by the larger minimum hand
(the optimal dealer breaks ties by the larger expected hand).

**Pegging** by the current score difference: for each legal card the expected net pegging
score, the maximum net and the maximum opponent reply (``ai.pegging``); optimal takes the best
expected, safe the smallest maximum reply, risky the best maximum net (ties by expected).

**Mixed strategy.** On the opening lead with a pair in hand it leads from the pair with
probability 0.65 (optimal), 0.80 (safe), 0.50 (risky), otherwise the best other card. When it
can pair the opening lead it declines ("deviates from the greedy pair") with probability
0.65 (safe: ahead, it avoids inviting a pair royal), 0.50 (optimal), 0.35 (risky: behind, it
takes the variance). The rolls come from the player's own generator.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ai import _decide
from ai.base import Decision, Player, Reasoning
from ai.pegging import CardFigures
from engine import Observation, PlayCard, Toss, analyze_discards
from engine.analysis import DiscardOption
from engine.cards import Card, CardName, card_name, cards_with
from engine.scoring import score_four

# The decisions are the compiled kernels ``ai._decide.mueller_toss`` and ``mueller_play``
# (the compiled loop's own), with the figures above; here they are named for the reasoning.
STRATEGIES = ("optimal", "safe", "risky")  # by _decide's OPTIMAL, SAFE, RISKY
OPTIMAL, SAFE, RISKY = (STRATEGIES[i] for i in (_decide.OPTIMAL, _decide.SAFE, _decide.RISKY))
LEAD_PAIR = {name: float(_decide.LEAD_PAIR[i]) for i, name in enumerate(STRATEGIES)}
DECLINE_PAIR = {name: float(_decide.DECLINE_PAIR[i]) for i, name in enumerate(STRATEGIES)}
STRATEGY_NAMES = {
    1: "max four-card score",
    2: "max(best hand - min crib)",
    3: "max(best hand + max crib)",
    4: "max(expected hand - expected crib)",
    5: "max(expected hand + expected crib)",
    6: "max(expected hand - max crib)",
    7: "max(expected hand + expected crib), ties to the safer hand",
}
STRATEGY_OF = {1: SAFE, 2: RISKY, 3: RISKY, 4: OPTIMAL, 5: OPTIMAL, 6: SAFE, 7: SAFE}
RULES = {  # the end-game rule that chose the strategy (_decide.mueller_strategy's)
    _decide.GAME_IN_HAND: "its four cards alone reach 121",
    _decide.NO_SKUNK_TO_WIN:
        "it expects game, but the pone counts first and should escape the skunk",
    _decide.CAN_REACH_GAME: "it can reach game",
    _decide.PONE_REACHES_GAME: "the pone counts first and is expected to reach 121",
    _decide.ESCAPE_SKUNK: "the dealer is expected to reach 121; it can avoid the skunk",
    _decide.ESCAPE_DOUBLE_SKUNK:
        "the dealer is expected to reach 121; it can avoid the double skunk",
}
MIXED_KINDS = {_decide.LEAD_FROM_PAIR: "lead from a pair",
               _decide.PAIR_THE_LEAD: "pair the lead"}


@dataclass(frozen=True)
class Situation:
    my_score: int
    opponent_score: int
    dealer: bool

    @property
    def lead(self) -> int:
        return self.my_score - self.opponent_score

    def by_difference(self) -> str:
        return STRATEGIES[_decide.score_situation(self.my_score, self.opponent_score)]

    def lead_text(self) -> str:
        """"ahead by 20", "behind by 3" or "level"."""
        lead = self.lead
        return f"{'ahead' if lead > 0 else 'behind'} by {abs(lead)}" if lead else "level"


@dataclass(frozen=True)
class MuellerOption:
    """One keep/toss split with the figures the 7 strategies compare."""

    keep: tuple[Card, ...]
    toss: tuple[Card, Card]
    four_card: int
    hand_min: int
    hand_mean: float
    hand_max: int
    crib_min: int
    crib_mean: float
    crib_max: int

    def value(self, strategy: int) -> tuple[float, float]:
        """The strategy's value (with its tie-break) for this option: higher is better
        (``ai._decide.mueller_value``, the discard's own)."""
        return _decide.mueller_value(strategy, self.four_card, self.hand_min,
                                     float(self.hand_mean), self.hand_max, self.crib_min,
                                     float(self.crib_mean), self.crib_max)


@dataclass(frozen=True)
class MuellerDiscard(Reasoning):
    situation: Situation
    strategy: str  # optimal, safe or risky
    rule: str  # why: the end-game rule or the score difference
    strategy_number: int  # 1..7, see STRATEGY_NAMES
    options: tuple[MuellerOption, ...]
    chosen: int

    def summary(self, name: CardName = card_name) -> str:
        o = self.options[self.chosen]
        return (f"{self.strategy} ({self.rule}): {STRATEGY_NAMES[self.strategy_number]} "
                f"keeps {cards_with(o.keep, name)}")


@dataclass(frozen=True)
class MixedChoice:
    """A mixed-strategy roll: ``kind`` "lead from a pair" or "pair the lead";
    ``p_pure`` the probability of the greedy (pure) play; ``deviated`` when the roll sent it
    to another card."""

    kind: str
    p_pure: float
    roll: float
    deviated: bool


@dataclass(frozen=True)
class MuellerPlay(Reasoning):
    situation: Situation
    strategy: str
    figures: tuple[CardFigures, ...]
    chosen: Card
    mixed: MixedChoice | None

    def summary(self, name: CardName = card_name) -> str:
        mixed = ""
        if self.mixed is not None:
            mixed = f"; {self.mixed.kind}: {'deviated' if self.mixed.deviated else 'pure'}"
        return f"{self.strategy}: plays {name(self.chosen)}{mixed}"


def _figures(options: list[MuellerOption]) -> tuple[np.ndarray, ...]:
    """The options' figures as the kernels read them (four-card score, hand min, mean and
    max, crib min, mean and max)."""
    return (np.array([o.four_card for o in options], dtype=np.int64),
            np.array([o.hand_min for o in options], dtype=np.int64),
            np.array([o.hand_mean for o in options], dtype=np.float64),
            np.array([o.hand_max for o in options], dtype=np.int64),
            np.array([o.crib_min for o in options], dtype=np.int64),
            np.array([o.crib_mean for o in options], dtype=np.float64),
            np.array([o.crib_max for o in options], dtype=np.int64))


def choose_discard_strategy(situation: Situation, options: list[MuellerOption]
                            ) -> tuple[str, int, str]:
    """(strategy, strategy number 1..7, the rule that decided) for this deal
    (``ai._decide.mueller_strategy``)."""
    four, _, hand_mean, _, _, crib_mean, _ = _figures(options)
    number, rule = _decide.mueller_strategy(situation.my_score, situation.opponent_score,
                                            situation.dealer, hand_mean, crib_mean, four)
    return STRATEGY_OF[number], number, RULES.get(rule) or situation.lead_text()


def best_option(number: int, options: list[MuellerOption]) -> int:
    """The option strategy ``number`` keeps (``ai._decide.mueller_option``)."""
    four, hmin, hand_mean, hmax, cmin, crib_mean, cmax = _figures(options)
    order = np.arange(len(options), dtype=np.int64)
    return int(_decide.mueller_option(number, order, four, hmin, hand_mean, hmax, cmin,
                                      crib_mean, cmax))


def choose_play(strategy: str, figures: list[CardFigures]) -> CardFigures:
    """The card the pure strategy picks (``ai._decide.mueller_pure``)."""
    take = np.ones(len(figures), dtype=np.bool_)
    immediate = np.array([f.immediate for f in figures], dtype=np.float64)
    expected = np.array([f.expected for f in figures], dtype=np.float64)
    max_net = np.array([f.max_net for f in figures], dtype=np.float64)
    max_opp = np.array([f.max_opp for f in figures], dtype=np.float64)
    return figures[_decide.mueller_pure(STRATEGIES.index(strategy), take, immediate,
                                        expected, max_net, max_opp)]


class MuellerPlayer(Player):
    name = "mueller"

    def discard(self, obs: Observation) -> Decision:
        situation = Situation(obs.my_score, obs.opponent_score, obs.is_dealer)
        a, b, number, rule = _decide.mueller_toss(_decide.dealt_of(obs), obs.is_dealer,
                                                  obs.my_score, obs.opponent_score)
        toss = Toss(_decide.toss_of_positions(obs, a, b))
        options = [_option(o) for o in analyze_discards(obs.dealt, my_crib=obs.is_dealer)]
        chosen = next(i for i, o in enumerate(options) if Toss(o.toss) == toss)
        record = MuellerDiscard(situation, STRATEGY_OF[number], RULES.get(rule) or
                                situation.lead_text(), number, tuple(options), chosen)
        return Decision(toss, record)

    def play(self, obs: Observation) -> Decision:
        situation = Situation(obs.my_score, obs.opponent_score, obs.is_dealer)
        state, legal = _decide.play_state(obs)
        six, _, starter, played, _, n_played = _decide.deal_seen(obs)
        figures = np.zeros((4, 4))
        mixed = np.zeros(3)
        i = _decide.mueller_play(state, obs.seat, legal, self.rng, obs.my_score,
                                 obs.opponent_score, six, starter, played, n_played, figures,
                                 mixed)
        shown = tuple(CardFigures(card, int(figures[0, j]), float(figures[1, j]),
                                  float(figures[2, j]), int(figures[3, j]))
                      for j, card in enumerate(obs.hand) if legal[j])
        roll = None
        if mixed[0] != _decide.NOT_MIXED:
            p_pure, value = float(mixed[1]), float(mixed[2])
            roll = MixedChoice(MIXED_KINDS[int(mixed[0])], p_pure, value, value >= p_pure)
        record = MuellerPlay(situation, situation.by_difference(), shown, obs.hand[i], roll)
        return Decision(PlayCard(obs.hand[i]), record)


def _option(o: DiscardOption) -> MuellerOption:
    return MuellerOption(o.keep, o.toss, score_four(o.keep), o.hand_min, o.hand_mean,
                         o.hand_max, o.crib_min, o.crib_mean, o.crib_max)
