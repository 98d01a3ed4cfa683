"""Advice from the strongest player, for front ends: one measure of "best" everywhere.

The hint (:func:`hint`), the discard inspector's figures (:func:`discard_advice`) and the
review of a person's decisions (:func:`rate`) all ask the same player, ``expert``, with the
same random stream for the same moment of the game, so they never disagree: the option the
hint gives is the one the inspector puts first and the one the review calls best.

The expert reads the opponent's opening lead and its answer to a lead by how sharply the
game so far has shown this opponent to choose them (``ai.opponent.ReadFit``). The advice
for a card asks it as it would be at that moment of that game: pass ``reads`` (what
:func:`reads_seen` gives from the game's events so far; the window, the review and a
practice position from a game do). Without them the advisor is the expert at a game's
start, having seen nothing yet (the analysis board, the built-in practice set). A discard
reads nothing, so its advice never needs them.

In a match scored in ACC points (the window's best-of-N), the computer plays ``expert:acc``
and the advice asks it too (``objective="acc"``): "best" is then the most expected ACC
match points net (2 a win, 3 a skunk), and the figures are in those points.

The plain ranking players learn first (expected hand plus or minus the expected crib, with
the opponent's two crib cards random) is reported beside it (``plain_net``,
``Rating.plain_best``), as information rather than as a verdict.

In a variant (five-card, three players, four in partnership: ``obs.rules``) the advisor
is the variant expert (``ai.players.expert_variants``), which plays for expected points:
the records' objective is ``"points"`` and what has no meaning there is None (the chance
of winning; the two-player game's exact crib): see the end of this module.

Example::

    >>> from engine import GameState, Phase
    >>> game = GameState.new(7)
    >>> obs = game.observation(game.pone)
    >>> advice = discard_advice(obs)
    >>> set(advice.best.toss) == set(hint(obs).action.cards)
    True
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ai.base import Decision
from ai.opponent import ReadFit, Reads
from ai.opponent import reads_seen as reads_seen  # (front ends ask the advice for it)
from engine import Observation, Phase, PlayCard, Toss, analyze_discards
from engine.cards import Card
from engine.rules import RULES
from engine.scoring import score_hand

ADVISOR = "expert"
ADVISORS = {"win": ADVISOR, "acc": "expert:acc"}  # by objective: the game, or ACC points
_local = threading.local()


def advisor(objective: str = "win"):
    """This thread's instance of the advising player for ``objective`` (its tables load
    once per process)."""
    if objective not in ADVISORS:
        raise ValueError(f"unknown objective {objective!r}; one of {', '.join(ADVISORS)}")
    players = getattr(_local, "players", None)
    if players is None:
        players = _local.players = {}
    if objective not in players:
        from ai.registry import make_player

        players[objective] = make_player(ADVISORS[objective], seed=0)
    return players[objective]


def value_text(value: float | None, objective: str) -> str:
    """An option's figure as players read it: "54.1%" (the chance of winning) or "+0.42"
    (expected ACC points net); "—" for a figure a variant has not (None)."""
    if value is None:
        return "—"
    return f"{value:+.2f}" if objective == "acc" else f"{value:.1%}"


def lost_text(lost: float | None, objective: str) -> str:
    """What a choice gave up: "2.1%" or "0.12 pts" (ACC points); "—" for nothing, or for a
    figure a variant has not (None)."""
    if lost is None or lost < 5e-5:
        return "—"
    return f"{lost:.2f} pts" if objective == "acc" else f"{lost:.1%}"


def known(value: float | None) -> float:
    """A figure the two-player six-card game's advice always has (a chance of winning,
    the exact crib), for code that works on that game only; ValueError for a variant's
    None (it has no such figure)."""
    if value is None:
        raise ValueError("a variant's advice has no chance of winning or exact crib")
    return value


def sort_value(value: float | None) -> float:
    """A figure to sort a table's column by: a figure a variant has not (None) last."""
    return float("-inf") if value is None else value


def moment_seed(obs: Observation) -> int:
    """A seed fixed by what the observation shows, so asking twice gives the same answer."""
    key = repr((obs.seat, obs.deal, obs.dealer, obs.scores, obs.dealt, obs.hand, obs.played,
                obs.current, obs.count, obs.starter, obs.go_said, obs.toss)
               # (a variant's rules too; the six-card game's seeds are as they were)
               + (() if obs.rules == RULES else (obs.rules,))).encode()
    return int.from_bytes(hashlib.sha256(key).digest()[:8], "little")


def _advisor_at(obs: Observation, objective: str = "win", reads: Reads | None = None):
    """The advisor, seated and seeded for this moment, reading the opponent by ``reads``
    (None: as at a game's start, having seen nothing yet)."""
    player = advisor(objective)
    player.seat = obs.seat
    player.rng = np.random.default_rng(moment_seed(obs))
    if getattr(player, "reads_fitted", False):
        player.read_fit = ReadFit.of(obs.seat, reads)
    return player


def _decide(obs: Observation, objective: str = "win", reads: Reads | None = None) -> Decision:
    return _advisor_at(obs, objective, reads).decide(obs)


def hint(obs: Observation, objective: str = "win", reads: Reads | None = None) -> Decision:
    """What the strongest player would do now (a discard or a card), with its reasoning;
    ``objective="acc"`` in a match scored in ACC points. ``reads``: what this game has
    shown of the opponent's leads and answers (:func:`reads_seen`; None: nothing yet)."""
    return _decide(obs, objective, reads)


# ---------------------------------------------------------------------------- discards
@dataclass(frozen=True)
class DiscardChoice:
    """One keep/toss option, with the exact statistics and the advisor's evaluation."""

    keep: tuple[Card, ...]
    toss: tuple[Card, ...]  # two cards
    hand_min: int
    hand_mean: float
    hand_median: float
    hand_max: int
    hand_histogram: tuple[int, ...]  # starters giving each hand score 0..29 (46 in all)
    crib_exact: float | None  # exact expected crib, opponent's cards random (+ yours,
    # - theirs); None in a variant
    crib: float  # expected crib as the advisor models the opponent's toss (signed)
    pegging: float  # expected pegging points gained minus given
    net: float  # hand + crib + pegging: the advisor's expected points
    plain_net: float | None  # hand + crib_exact: the classic ranking (None in a variant)
    win: float | None  # the objective's figure keeping this: the probability of winning the
    # game, or (objective "acc") the expected ACC match points net; None in a variant
    win_lost: float | None  # against the best option, in the same unit (0 for the best)
    points_lost: float  # the advisor's expected points against the best option


@dataclass(frozen=True)
class DiscardAdvice:
    dealt: tuple[Card, ...]
    my_crib: bool  # the crib is my side's (mine, or my partner's)
    scores: tuple[int, int]  # (mine, the best other side's)
    options: tuple[DiscardChoice, ...]  # best first: by the objective, then points
    objective: str = "win"  # or "acc": the options' win figures are ACC points; "points"
    # in a variant: ranked by expected points, no win figures
    variant: str = "six-card"

    @property
    def best(self) -> DiscardChoice:
        return self.options[0]

    @property
    def plain_best(self) -> DiscardChoice:
        """The best option by expected hand plus or minus crib alone (in a variant, which
        has no exact crib figure, the best)."""
        if self.objective == "points":
            return self.best
        return max(self.options, key=lambda o: o.plain_net or 0.0)

    def option(self, toss) -> DiscardChoice:
        """The option that throws ``toss`` (in any order)."""
        wanted = set(toss)
        return next(o for o in self.options if set(o.toss) == wanted)


class Memo:
    """The advice last worked out, kept to be asked again (the window asks the same question
    up to three times: a discard's figures for the inspector, for its rating, and for the
    review of the finished game). Shared by threads: a question another thread is working
    out is waited for rather than worked out twice. The answers are the same as asking
    afresh (the advisor is seeded by the moment, :func:`moment_seed`); they are kept by the
    observation, the objective and the advisor in use, the last ``size`` of them."""

    def __init__(self, size: int = 512) -> None:
        self.size = size
        self._lock = threading.Lock()
        self._done: OrderedDict = OrderedDict()
        self._pending: dict = {}

    def get(self, key, work: Callable):
        key = (advisor, *key)  # (advisor: the function in use, tests give a quicker one)
        with self._lock:
            if key in self._done:
                self._done.move_to_end(key)
                return self._done[key]
            pending = self._pending.get(key)
            if pending is None:
                pending = self._pending[key] = threading.Event()
                mine = True
            else:
                mine = False
        if not mine:
            pending.wait()
            with self._lock:
                if key in self._done:
                    return self._done[key]
            return work()  # the other thread failed: its error, if any, comes again here
        try:
            result = work()
            with self._lock:
                self._done[key] = result
                while len(self._done) > self.size:
                    self._done.popitem(last=False)
            return result
        finally:
            with self._lock:
                del self._pending[key]
            pending.set()


def discard_advice(obs: Observation, objective: str = "win",
                   memo: Memo | None = None) -> DiscardAdvice:
    """Every keep/toss option of the observed six cards, best first, with exact hand
    statistics and the advisor's expected points and chance of winning (or, objective
    "acc", expected ACC match points net). ``memo`` keeps the answer, or has it."""
    if memo is not None:
        return memo.get(("discard", objective, obs), lambda: discard_advice(obs, objective))
    if obs.phase is not Phase.DISCARD:
        raise ValueError("discard advice needs an observation of the discard")
    if obs.rules != RULES:
        return _variant_discard_advice(obs, _decide(obs))
    from ai.players.expert import ExpertDiscard  # loaded with the advisor
    from ai.tables.expert import acc_points

    reasoning = _decide(obs, objective).reasoning
    assert isinstance(reasoning, ExpertDiscard)  # the advisor is the expert
    evaluated = {frozenset(o.toss): o for o in reasoning.options}
    exact = analyze_discards(list(obs.dealt), obs.is_dealer)
    sign = 1.0 if obs.is_dealer else -1.0
    rows = []
    for o in exact:
        e = evaluated[frozenset(o.toss)]
        rows.append((o, e))
    best = max(rows, key=lambda r: (round(r[1].win, 9), r[1].net))[1]

    def figure(value: float) -> float:  # the objective's value in players' units
        return float(acc_points(value)) if objective == "acc" else float(value)

    choices = [DiscardChoice(
        keep=tuple(o.keep), toss=tuple(o.toss), hand_min=int(o.hand_min),
        hand_mean=float(o.hand_mean), hand_median=float(o.hand_median),
        hand_max=int(o.hand_max), hand_histogram=tuple(int(x) for x in o.hand_histogram),
        crib_exact=sign * float(o.crib_mean), crib=float(e.crib), pegging=float(e.pegging),
        net=float(e.net), plain_net=float(o.net), win=figure(e.win),
        win_lost=max(0.0, figure(best.win) - figure(e.win)),
        points_lost=float(best.net - e.net))
        for o, e in rows]
    # by the advisor's own ranking (its value to 1e-9, then points): the hint's order
    raw = {frozenset(e.toss): round(e.win, 9) for _, e in rows}
    choices.sort(key=lambda c: (-raw[frozenset(c.toss)], -c.net))
    return DiscardAdvice(tuple(obs.dealt), obs.is_dealer, (obs.my_score, obs.opponent_score),
                         tuple(choices), objective)


# ---------------------------------------------------------------------------- the play
@dataclass(frozen=True)
class PlayOption:
    """One card (a rank: cards of one rank play alike), with the advisor's evaluation."""

    card: Card
    points: float  # expected net pegging points to the end of the play, playing it (a
    # variant near its end: the chance of winning against the best's, in points)
    win: float | None  # the objective's figure playing it: the probability of winning the
    # game, or (objective "acc") the expected ACC match points net; None in a variant
    points_lost: float  # against the best option (negative: more points, fewer wins)
    win_lost: float | None  # against the best option (0 when it wins as often or more)


@dataclass(frozen=True)
class PlayAdvice:
    mode: str  # what the advisor plays for at this score: "points", or near the end its
    # objective ("win", or "acc"); always "points" in a variant
    options: tuple[PlayOption, ...]  # the advisor's choice first, then by its measure
    samples: int  # sampled opponent hands
    objective: str = "win"  # "points" in a variant (no win figures)
    variant: str = "six-card"

    @property
    def best(self) -> PlayOption:
        return self.options[0]

    def option(self, card: Card) -> PlayOption:
        """The option of ``card``'s rank."""
        return next(o for o in self.options if o.card >> 2 == card >> 2)


def play_advice(obs: Observation, objective: str = "win",
                memo: Memo | None = None, reads: Reads | None = None) -> PlayAdvice:
    """Every rank the observed player may play, with the advisor's expected points and
    chance of winning for each (one draw of the opponent's cards for both). The best is the
    hint's card: by points until a player reaches 86, by the chance of winning from there
    (``ai.players.expert.END_GAME``). ``memo`` keeps the answer, or has it; ``reads``: as
    for :func:`hint`."""
    if obs.rules != RULES:
        reads = None  # a variant's expert reads no leads: one memo key with or without
    if memo is not None:
        return memo.get(("play", objective, obs, reads),
                        lambda: play_advice(obs, objective, reads=reads))
    if obs.phase is not Phase.PLAY or not obs.legal_cards:
        raise ValueError("play advice needs an observation of a card to play")
    if obs.rules != RULES:
        return _variant_play_advice(obs, _decide(obs))
    from ai.players.expert import END_GAME

    points, win = _advisor_at(obs, objective, reads).evaluate_play(obs, ("points", objective))
    primary = win if max(obs.scores) >= END_GAME else points
    p = {c.card >> 2: c.value for c in points.candidates}
    w = {c.card >> 2: c.value if objective == "acc" else min(1.0, max(0.0, c.value))
         for c in win.candidates}  # (a probability clipped for sums' rounding)
    best = primary.chosen >> 2
    options = tuple(PlayOption(c.card, p[c.card >> 2], w[c.card >> 2],
                               p[best] - p[c.card >> 2], max(0.0, w[best] - w[c.card >> 2]))
                    for c in primary.candidates)
    return PlayAdvice(primary.mode, options, primary.samples, objective)


# ---------------------------------------------------------------------------- ratings
# How close to the best a choice must be to count as the best: half the last digit the
# tables show (0.0% of the chance of winning, 0.00 ACC points or points), so a row never
# reads "0.0% lost" beside a different best card.
AS_GOOD = {"win": 0.0005, "acc": 0.005, "points": 0.005}


def as_good_as_best(lost: float | None, mode: str) -> bool:
    """Is a choice that gives up ``lost`` (in ``mode``'s unit) as good as the best, to
    the precision the review shows?"""
    return lost is not None and lost < AS_GOOD[mode]


@dataclass(frozen=True)
class Rating:
    """How a decision compares with the advisor's best at the same moment.

    ``points_lost``: expected points given up (for a discard, hand + crib + pegging; for a
    card, net pegging points to the end of the play); ``win_lost``: probability of winning
    given up (in a match scored in ACC points, expected ACC points given up). ``mode`` is
    what "best" is measured by: the objective ("win", or "acc") for every discard and for
    a card from 86 points on, points for a card before; a negative ``points_lost`` means
    the choice scores more on average but wins less often. In a variant both are
    ``"points"`` and ``win_lost`` is None (no chance of winning is worked out there)."""

    kind: str  # "discard" or "play"
    deal: int
    chosen: tuple[Card, ...]  # the two cards thrown, or the card played
    best: tuple[Card, ...]
    points_lost: float | None
    win_lost: float | None
    plain_best: tuple[Card, ...] | None = None  # discards: best by hand ± crib alone
    options: int = 0  # how many different choices there were
    mode: str = "win"  # "win", "acc" or "points": what the best is best by
    objective: str = "win"  # what win_lost measures: "win", or "acc" (ACC points);
    # "points" in a variant (win_lost None)

    @property
    def is_best(self) -> bool:
        return as_good_as_best(self.points_lost if self.mode == "points" else self.win_lost,
                               self.mode)

    @property
    def plain_agrees(self) -> bool:
        return self.plain_best is None or set(self.plain_best) == set(self.best)


def rate(obs: Observation, action, objective: str = "win",
         memo: Memo | None = None, reads: Reads | None = None) -> Rating | None:
    """Rate ``action`` taken at ``obs`` against the advisor's best (for ``objective``);
    None when there was no real choice (one card, or a go). ``memo``: see :class:`Memo`;
    ``reads``: as for :func:`hint` (a card's rating; a discard's reads nothing)."""
    if isinstance(action, Toss):
        advice = discard_advice(obs, objective, memo)
        mine = advice.option(action.cards)
        if advice.objective == "points":  # a variant: by expected points
            return Rating("discard", obs.deal, tuple(mine.toss), tuple(advice.best.toss),
                          mine.points_lost, None, None, len(advice.options), "points",
                          "points")
        return Rating("discard", obs.deal, tuple(mine.toss), tuple(advice.best.toss),
                      mine.points_lost, mine.win_lost, tuple(advice.plain_best.toss),
                      len(advice.options), objective, objective)
    if isinstance(action, PlayCard):
        ranks = {c >> 2 for c in obs.legal_cards}
        if len(ranks) < 2:
            return None
        play = play_advice(obs, objective, memo, reads)
        card = play.option(action.card)
        return Rating("play", obs.deal, (action.card,), (play.best.card,),
                      card.points_lost, card.win_lost, None, len(ranks), play.mode,
                      play.objective)
    return None


# ---------------------------------------------------------------------------- variants
# The variant expert maximises its side's expected points over the deal; no table of the
# chance of winning is built for a variant yet. So a variant's records are in points, their
# objective is "points", and what has no meaning there is None rather than a made-up
# number: the chance of winning (win, win_lost) and the two-player game's exact crib with
# the opponent's cards random (crib_exact, plain_net).
POINTS = "points"  # the objective of a variant's advice: expected points, no chance to win


def _hand_statistics(keep: tuple[int, ...], unseen: list[int]) -> tuple[int, float, float,
                                                                       int, tuple[int, ...]]:
    """The kept hand's show over every starter in ``unseen``: min, mean, median, max and
    the histogram of scores 0..29 (how many starters give each)."""
    scores = np.array([score_hand(keep, s) for s in unseen])
    histogram = np.bincount(scores, minlength=30)[:30]
    return (int(scores.min()), float(scores.mean()), float(np.median(scores)),
            int(scores.max()), tuple(int(x) for x in histogram))


def _variant_discard_advice(obs: Observation, decision: Decision) -> DiscardAdvice:
    """Every toss of the observed cards, the variant expert's best first (its order: the
    most expected points), from its ``decision`` at ``obs``."""
    from ai.players.expert_variants import VariantExpertDiscard, chance_per_point

    reasoning = decision.reasoning
    assert isinstance(reasoning, VariantExpertDiscard)
    unseen = [c for c in range(52) if c not in obs.dealt]
    best = reasoning.options[reasoning.chosen]
    # near the end of the game the expert decides by its chance of winning (each option's
    # ``chance``): the options are ranked by it, and what one gives up is that chance in
    # points (the win table's worth of a point at the scores)
    end = best.chance is not None
    worth = chance_per_point(obs) if end else 1.0
    order = sorted(range(len(reasoning.options)), key=lambda i: (
        i != reasoning.chosen, -(reasoning.options[i].chance or 0.0),
        -reasoning.options[i].value))
    choices = []
    for i in order:
        o = reasoning.options[i]
        low, mean, median, high, histogram = _hand_statistics(o.keep, unseen)
        lost = best.value - o.value
        if best.chance is not None and o.chance is not None:  # (the expert's choice
            # breaks a near tie of chances by points: never a loss below 0)
            lost = max(0.0, best.chance - o.chance) / worth
        choices.append(DiscardChoice(
            keep=o.keep, toss=o.toss, hand_min=low, hand_mean=mean, hand_median=median,
            hand_max=high, hand_histogram=histogram, crib_exact=None,
            crib=reasoning.crib_sign * o.crib, pegging=o.pegging, net=o.value,
            plain_net=None, win=o.chance,
            win_lost=None if best.chance is None or o.chance is None
            else max(0.0, best.chance - o.chance), points_lost=lost))
    ours = obs.rules.side_of(obs.dealer) == obs.side
    return DiscardAdvice(tuple(obs.dealt), ours, (obs.my_score, obs.opponent_score),
                         tuple(choices), POINTS, reasoning.variant)


def _variant_play_advice(obs: Observation, decision: Decision) -> PlayAdvice:
    """Every rank the observed seat may play, the variant expert's card first, then by its
    net points to the end of the play, from its ``decision`` at ``obs``."""
    from ai.players.expert_variants import VariantExpertPlay, chance_per_point

    reasoning = decision.reasoning
    assert isinstance(reasoning, VariantExpertPlay)
    by_rank: dict[int, tuple[int, float]] = {}
    for c in reasoning.candidates:  # cards of one rank play alike: the chosen card, or the
        rank = c.card >> 2          # first of its rank
        if rank not in by_rank or c.card == reasoning.chosen:
            by_rank[rank] = (c.card, c.value)
    best = by_rank[reasoning.chosen >> 2][1]
    ranks = sorted(by_rank, key=lambda r: (r != reasoning.chosen >> 2, -by_rank[r][1]))
    if reasoning.end:  # near the end the values are chances of winning: in points, each
        # option's worth against the best (the win table's worth of a point)
        worth = chance_per_point(obs)
        options = tuple(PlayOption(by_rank[r][0], (by_rank[r][1] - best) / worth,
                                   by_rank[r][1], (best - by_rank[r][1]) / worth,
                                   best - by_rank[r][1]) for r in ranks)
    else:
        options = tuple(PlayOption(by_rank[r][0], by_rank[r][1], None,
                                   best - by_rank[r][1], None) for r in ranks)
    return PlayAdvice(POINTS, options, reasoning.samples, POINTS, reasoning.variant)
