"""Advice from the strongest player, for front ends: one measure of "best" everywhere.

The hint (:func:`hint`), the discard inspector's figures (:func:`discard_advice`) and the
review of a person's decisions (:func:`rate`) all ask the same player, ``expert``, with the
same random stream for the same moment of the game, so they never disagree: the option the
hint gives is the one the inspector puts first and the one the review calls best.

The plain ranking players learn first (expected hand plus or minus the expected crib, with
the opponent's two crib cards random) is reported beside it (``plain_net``,
``Rating.plain_best``), as information rather than as a verdict.

Example::

    >>> from engine import GameState, Phase
    >>> game = GameState.new(7)
    >>> obs = game.observation(game.pone)
    >>> advice = discard_advice(obs)
    >>> advice.best.toss == hint(obs).action.cards
    True
"""

from __future__ import annotations

import hashlib
import threading
from dataclasses import dataclass

import numpy as np

from ai.base import Decision
from engine import Observation, Phase, PlayCard, Toss, analyze_discards
from engine.cards import Card

ADVISOR = "expert"
_local = threading.local()


def advisor():
    """This thread's instance of the advising player (its tables load once per process)."""
    player = getattr(_local, "player", None)
    if player is None:
        from ai.registry import make_player

        player = make_player(ADVISOR, seed=0)
        _local.player = player
    return player


def moment_seed(obs: Observation) -> int:
    """A seed fixed by what the observation shows, so asking twice gives the same answer."""
    key = repr((obs.seat, obs.deal, obs.dealer, obs.scores, obs.dealt, obs.hand, obs.played,
                obs.current, obs.count, obs.starter, obs.go_said, obs.toss)).encode()
    return int.from_bytes(hashlib.sha256(key).digest()[:8], "little")


def _advisor_at(obs: Observation):
    """The advisor, seated and seeded for this moment."""
    player = advisor()
    player.seat = obs.seat
    player.rng = np.random.default_rng(moment_seed(obs))
    return player


def _decide(obs: Observation) -> Decision:
    return _advisor_at(obs).decide(obs)


def hint(obs: Observation) -> Decision:
    """What the strongest player would do now (a discard or a card), with its reasoning."""
    return _decide(obs)


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
    crib_exact: float  # exact expected crib, opponent's cards random (+ yours, - theirs)
    crib: float  # expected crib as the advisor models the opponent's toss (signed)
    pegging: float  # expected pegging points gained minus given
    net: float  # hand + crib + pegging: the advisor's expected points
    plain_net: float  # hand + crib_exact: the classic ranking
    win: float  # probability of winning the game keeping this
    win_lost: float  # against the best option (0 for the best)
    points_lost: float  # the advisor's expected points against the best option


@dataclass(frozen=True)
class DiscardAdvice:
    dealt: tuple[Card, ...]
    my_crib: bool
    scores: tuple[int, int]  # (mine, the opponent's)
    options: tuple[DiscardChoice, ...]  # best first: by win probability, then points

    @property
    def best(self) -> DiscardChoice:
        return self.options[0]

    @property
    def plain_best(self) -> DiscardChoice:
        """The best option by expected hand plus or minus crib alone."""
        return max(self.options, key=lambda o: o.plain_net)

    def option(self, toss) -> DiscardChoice:
        """The option that throws ``toss`` (in any order)."""
        wanted = set(toss)
        return next(o for o in self.options if set(o.toss) == wanted)


def discard_advice(obs: Observation) -> DiscardAdvice:
    """Every keep/toss option of the observed six cards, best first, with exact hand
    statistics and the advisor's expected points and chance of winning."""
    if obs.phase is not Phase.DISCARD:
        raise ValueError("discard advice needs an observation of the discard")
    from ai.players.expert import ExpertDiscard  # loaded with the advisor

    reasoning = _decide(obs).reasoning
    assert isinstance(reasoning, ExpertDiscard)  # the advisor is the expert
    evaluated = {frozenset(o.toss): o for o in reasoning.options}
    exact = analyze_discards(list(obs.dealt), obs.is_dealer)
    sign = 1.0 if obs.is_dealer else -1.0
    rows = []
    for o in exact:
        e = evaluated[frozenset(o.toss)]
        rows.append((o, e))
    best = max(rows, key=lambda r: (round(r[1].win, 9), r[1].net))[1]
    choices = [DiscardChoice(
        keep=tuple(o.keep), toss=tuple(o.toss), hand_min=int(o.hand_min),
        hand_mean=float(o.hand_mean), hand_median=float(o.hand_median),
        hand_max=int(o.hand_max), hand_histogram=tuple(int(x) for x in o.hand_histogram),
        crib_exact=sign * float(o.crib_mean), crib=float(e.crib), pegging=float(e.pegging),
        net=float(e.net), plain_net=float(o.net), win=float(e.win),
        win_lost=max(0.0, float(best.win - e.win)), points_lost=float(best.net - e.net))
        for o, e in rows]
    choices.sort(key=lambda c: (-round(c.win, 9), -c.net))
    return DiscardAdvice(tuple(obs.dealt), obs.is_dealer, (obs.my_score, obs.opponent_score),
                         tuple(choices))


# ---------------------------------------------------------------------------- the play
@dataclass(frozen=True)
class PlayOption:
    """One card (a rank: cards of one rank play alike), with the advisor's evaluation."""

    card: Card
    points: float  # expected net pegging points to the end of the play, playing it
    win: float  # probability of winning the game, playing it
    points_lost: float  # against the best option (negative: more points, fewer wins)
    win_lost: float  # against the best option (0 when it wins as often or more)


@dataclass(frozen=True)
class PlayAdvice:
    mode: str  # what the advisor plays for at this score: "points", or "win" near the end
    options: tuple[PlayOption, ...]  # the advisor's choice first, then by its measure
    samples: int  # sampled opponent hands

    @property
    def best(self) -> PlayOption:
        return self.options[0]

    def option(self, card: Card) -> PlayOption:
        """The option of ``card``'s rank."""
        return next(o for o in self.options if o.card >> 2 == card >> 2)


def play_advice(obs: Observation) -> PlayAdvice:
    """Every rank the observed player may play, with the advisor's expected points and
    chance of winning for each (one draw of the opponent's cards for both). The best is the
    hint's card: by points until a player reaches 86, by the chance of winning from there
    (``ai.players.expert.END_GAME``)."""
    if obs.phase is not Phase.PLAY or not obs.legal_cards:
        raise ValueError("play advice needs an observation of a card to play")
    from ai.players.expert import END_GAME

    points, win = _advisor_at(obs).evaluate_play(obs, ("points", "win"))
    primary = win if max(obs.scores) >= END_GAME else points
    p = {c.card >> 2: c.value for c in points.candidates}
    w = {c.card >> 2: min(1.0, max(0.0, c.value)) for c in win.candidates}  # sums' rounding
    best = primary.chosen >> 2
    options = tuple(PlayOption(c.card, p[c.card >> 2], w[c.card >> 2],
                               p[best] - p[c.card >> 2], max(0.0, w[best] - w[c.card >> 2]))
                    for c in primary.candidates)
    return PlayAdvice(primary.mode, options, primary.samples)


# ---------------------------------------------------------------------------- ratings
@dataclass(frozen=True)
class Rating:
    """How a decision compares with the advisor's best at the same moment.

    ``points_lost``: expected points given up (for a discard, hand + crib + pegging; for a
    card, net pegging points to the end of the play); ``win_lost``: probability of winning
    given up. ``mode`` is what "best" is measured by: the chance of winning for every
    discard and for a card from 86 points on, points for a card before; a negative
    ``points_lost`` means the choice scores more on average but wins less often."""

    kind: str  # "discard" or "play"
    deal: int
    chosen: tuple[Card, ...]  # the two cards thrown, or the card played
    best: tuple[Card, ...]
    points_lost: float | None
    win_lost: float | None
    plain_best: tuple[Card, ...] | None = None  # discards: best by hand ± crib alone
    options: int = 0  # how many different choices there were
    mode: str = "win"  # "win" or "points": what the best is best by

    @property
    def is_best(self) -> bool:
        lost = self.win_lost if self.mode == "win" else self.points_lost
        return lost is not None and lost <= 1e-9

    @property
    def plain_agrees(self) -> bool:
        return self.plain_best is None or set(self.plain_best) == set(self.best)


def rate(obs: Observation, action) -> Rating | None:
    """Rate ``action`` taken at ``obs`` against the advisor's best; None when there was no
    real choice (one card, or a go)."""
    if isinstance(action, Toss):
        advice = discard_advice(obs)
        mine = advice.option(action.cards)
        return Rating("discard", obs.deal, tuple(mine.toss), tuple(advice.best.toss),
                      mine.points_lost, mine.win_lost, tuple(advice.plain_best.toss),
                      len(advice.options))
    if isinstance(action, PlayCard):
        ranks = {c >> 2 for c in obs.legal_cards}
        if len(ranks) < 2:
            return None
        play = play_advice(obs)
        card = play.option(action.card)
        return Rating("play", obs.deal, (action.card,), (play.best.card,),
                      card.points_lost, card.win_lost, None, len(ranks), play.mode)
    return None
