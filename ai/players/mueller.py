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

from ai.base import Decision, Player, Reasoning
from ai.pegging import CardFigures, card_figures
from engine import Observation, PlayCard, Toss, analyze_discards
from engine.analysis import DiscardOption
from engine.cards import Card, CardName, card_name, cards_with
from engine.rules import DOUBLE_SKUNK_LINE, SKUNK_LINE, WINNING_SCORE
from engine.scoring import score_four

OPTIMAL, SAFE, RISKY = "optimal", "safe", "risky"
MARGIN = 15
TYPICAL = {  # points per deal (Chambers, ACC tips 3 and 6)
    "pone": {"pegging": 2.0, "hand": 8.1, "crib": 0.0},
    "dealer": {"pegging": 3.5, "hand": 8.0, "crib": 4.7},
}
LEAD_PAIR = {OPTIMAL: 0.65, SAFE: 0.80, RISKY: 0.50}
DECLINE_PAIR = {SAFE: 0.65, OPTIMAL: 0.50, RISKY: 0.35}
STRATEGY_NAMES = {
    1: "max four-card score",
    2: "max(best hand - min crib)",
    3: "max(best hand + max crib)",
    4: "max(expected hand - expected crib)",
    5: "max(expected hand + expected crib)",
    6: "max(expected hand - max crib)",
    7: "max(expected hand + expected crib), ties to the safer hand",
}


@dataclass(frozen=True)
class Situation:
    my_score: int
    opponent_score: int
    dealer: bool

    @property
    def lead(self) -> int:
        return self.my_score - self.opponent_score

    def by_difference(self) -> str:
        if self.lead > MARGIN:
            return SAFE
        if self.lead < -MARGIN:
            return RISKY
        return OPTIMAL


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

    def value(self, strategy: int) -> tuple[float, ...]:
        """The strategy's value (with its tie-break) for this option: higher is better."""
        return {
            1: (self.four_card, self.hand_mean),
            2: (self.hand_max - self.crib_min, self.hand_mean),
            3: (self.hand_max + self.crib_max, self.hand_mean),
            4: (self.hand_mean - self.crib_mean,),
            5: (self.hand_mean + self.crib_mean, self.hand_mean),
            6: (self.hand_mean - self.crib_max, self.hand_min),
            7: (self.hand_mean + self.crib_mean, self.hand_min),
        }[strategy]


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


def choose_discard_strategy(situation: Situation, options: list[MuellerOption]
                            ) -> tuple[str, int, str]:
    """(strategy, strategy number 1..7, the rule that decided) for this deal."""
    me, opp, dealer = situation.my_score, situation.opponent_score, situation.dealer
    mine = TYPICAL["dealer" if dealer else "pone"]
    theirs = TYPICAL["pone" if dealer else "dealer"]
    best_show = max(o.hand_mean + (o.crib_mean if dealer else 0.0) for o in options)
    my_expected = me + mine["pegging"] + best_show
    opp_expected = opp + theirs["pegging"] + theirs["hand"] + theirs["crib"]
    numbers = {SAFE: 7 if dealer else 6, OPTIMAL: 5 if dealer else 4,
               RISKY: 3 if dealer else 2}

    if me + max(o.four_card for o in options) >= WINNING_SCORE:
        return SAFE, 1, "its four cards alone reach 121"
    if dealer and my_expected >= WINNING_SCORE and any(
            opp < line <= opp_expected for line in (SKUNK_LINE, DOUBLE_SKUNK_LINE)):
        return RISKY, numbers[RISKY], \
            "it expects game, but the pone counts first and should escape the skunk"
    if my_expected >= WINNING_SCORE:
        return SAFE, numbers[SAFE], "it can reach game"
    if dealer and opp_expected >= WINNING_SCORE:
        return RISKY, numbers[RISKY], "the pone counts first and is expected to reach 121"
    if not dealer and opp_expected >= WINNING_SCORE:
        for line, what in ((SKUNK_LINE, "skunk"), (DOUBLE_SKUNK_LINE, "double skunk")):
            if me < line <= my_expected:
                return SAFE, numbers[SAFE], \
                    f"the dealer is expected to reach 121; it can avoid the {what}"
    strategy = situation.by_difference()
    lead = situation.lead
    why = f"{'ahead' if lead > 0 else 'behind'} by {abs(lead)}" if lead else "level"
    return strategy, numbers[strategy], why


def choose_play(strategy: str, figures: list[CardFigures]) -> CardFigures:
    """The card the pure strategy picks."""
    if strategy == SAFE:
        return max(figures, key=lambda f: (-f.max_opp, f.expected))
    if strategy == RISKY:
        return max(figures, key=lambda f: (f.max_net, f.expected))
    return max(figures, key=lambda f: (f.expected, f.immediate))


class MuellerPlayer(Player):
    name = "mueller"

    def discard(self, obs: Observation) -> Decision:
        situation = Situation(obs.my_score, obs.opponent_score, obs.is_dealer)
        options = [_option(o) for o in analyze_discards(obs.dealt, my_crib=obs.is_dealer)]
        strategy, number, rule = choose_discard_strategy(situation, options)
        chosen = max(range(len(options)), key=lambda i: (options[i].value(number), -i))
        record = MuellerDiscard(situation, strategy, rule, number, tuple(options), chosen)
        return Decision(Toss(options[chosen].toss), record)

    def play(self, obs: Observation) -> Decision:
        situation = Situation(obs.my_score, obs.opponent_score, obs.is_dealer)
        strategy = situation.by_difference()
        figures = card_figures(obs)
        choice, mixed = self._mixed(obs, strategy, figures)
        if choice is None:
            choice = choose_play(strategy, figures)
        record = MuellerPlay(situation, strategy, tuple(figures), choice.card, mixed)
        return Decision(PlayCard(choice.card), record)

    def _mixed(self, obs: Observation, strategy: str, figures: list[CardFigures]
               ) -> tuple[CardFigures | None, MixedChoice | None]:
        """The opening lead with a pair, and the reply that could pair the opening lead."""
        ranks = [f.card >> 2 for f in figures]
        if not obs.played:
            pure = [f for f in figures if ranks.count(f.card >> 2) >= 2]
            kind, p_pure = "lead from a pair", LEAD_PAIR[strategy]
        elif len(obs.played) == 1:
            lead_rank = obs.played[0][1] >> 2
            pure = [f for f in figures if f.card >> 2 == lead_rank]
            kind, p_pure = "pair the lead", 1.0 - DECLINE_PAIR[strategy]
        else:
            return None, None
        others = [f for f in figures if f not in pure]
        if not pure or not others:
            return None, None  # no choice to mix
        roll = float(self.rng.random())
        deviated = roll >= p_pure
        choice = choose_play(strategy, others if deviated else pure)
        return choice, MixedChoice(kind, p_pure, roll, deviated)


def _option(o: DiscardOption) -> MuellerOption:
    return MuellerOption(o.keep, o.toss, score_four(o.keep), o.hand_min, o.hand_mean,
                         o.hand_max, o.crib_min, o.crib_mean, o.crib_max)
