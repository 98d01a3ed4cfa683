"""A model of the opponent, fitted from the game so far: how sharply it keeps good hands, and
how much it prefers points in the play.

The expert samples the opponent's hidden cards in the play. Two habits of the opponent
weigh those samples:

- **Keeping** (``beta``): of its six cards it keeps four with probability proportional to
  exp(beta * their expected show over the starters) (``ai._expert.keep_weights``). A
  sensible player is near the expert's default (0.6); a random one is 0.
- **Pegging** (``temperature``): at each play it plays a rank that fits with probability
  proportional to exp(points pegged / temperature) (``ai._expert.play_likelihoods``); a
  greedy pegger has a low temperature; infinity (no preference) is the default, under which
  its plays say nothing about its cards.

Every deal that reaches the show reveals the opponent's four cards (its hand) and, from the
crib less this player's two, the two it threw: so its keep among its fifteen options and
each of its plays, with the cards it could have played instead, are known exactly. Each
habit is fitted by maximum a posteriori over a small grid of values, the prior putting most
of its weight on the default, so that an unknown opponent is the strong default until the
game shows otherwise, and a few deals of a clear habit move it.

:class:`ReadFit`, which the expert uses by default, fits a third habit the same way from
the same shows: how sharply the opponent's opening lead and its answer to a lead follow
their values (``ai.tables.lead_model``).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import numpy as np

from ai import _expert
from ai.tables.index import multiset_index
from ai.tables.lead_model import lead_probabilities, reply_probabilities
from engine.events import Dealt, Played, Show, Tossed
from engine.kernels import RANK_SCORES

BETAS = (0.0, 0.3, 0.6, 1.0, 1.5, 2.5)
DEFAULT_BETA = 0.6
TEMPERATURES = (0.5, 1.0, 2.0, 4.0, float("inf"))
DEFAULT_TEMPERATURE = float("inf")
PRIOR_AT_DEFAULT = 0.5  # the prior's weight on the default; the rest shared evenly
NO_SAMPLE = np.zeros((1, 0), dtype=np.int64)


def kept_value(ranks) -> float:
    """The expected show of four kept ranks over the starter (the 48 cards left, rank by
    rank; flushes and his nobs aside), as ``ai._expert.keep_weights`` values it."""
    left = np.full(13, 4.0)
    for r in ranks:
        left[r] -= 1
    scores = RANK_SCORES[ranks[0], ranks[1], ranks[2], ranks[3]]
    return float((left * scores).sum() / 48.0)


def keep_log_likelihood(six_ranks, kept_ranks, beta: float) -> float:
    """log P(keeping ``kept_ranks`` of ``six_ranks``) when a player keeps each of its fifteen
    options with probability proportional to exp(beta * its kept value)."""
    options = [sorted(k) for k in itertools.combinations(six_ranks, 4)]
    values = np.array([kept_value(k) for k in options])
    same = sum(k == sorted(kept_ranks) for k in options)  # equal options by rank
    if same == 0:
        raise ValueError(f"ranks {kept_ranks} are not four of {six_ranks}")
    chosen = kept_value(sorted(kept_ranks))
    top = beta * values.max()
    return float(np.log(same) + beta * chosen - top
                 - np.log(np.exp(beta * values - top).sum()))


def play_log_likelihood(played, played_by, seat: int, temperature: float) -> float:
    """log P(``seat``'s plays in one complete play) for a player preferring points at
    ``temperature``; ``played``/``played_by``: every card of the play in order."""
    out = np.ones(1)
    _expert.play_likelihoods(np.asarray(played, dtype=np.int64),
                             np.asarray(played_by, dtype=np.int64), len(played), 1 - seat,
                             NO_SAMPLE, 0, temperature, out)
    return float(np.log(out[0]))


def log_prior(grid, default) -> np.ndarray:
    rest = (1 - PRIOR_AT_DEFAULT) / (len(grid) - 1)
    return np.log(np.array([PRIOR_AT_DEFAULT if g == default else rest for g in grid]))


@dataclass
class _Deal:
    my_toss: tuple[int, ...] = ()
    plays: list[tuple[int, int]] = field(default_factory=list)  # (seat, card)
    their_hand: tuple[int, ...] | None = None
    crib: tuple[int, ...] | None = None


class OpponentModel:
    """Fitted from the events of one game as seat ``me`` sees them (:meth:`observe`, fed
    ``engine.events.seat_view`` events); :attr:`beta` and :attr:`temperature` are the
    current fits. ``keeps`` and ``plays`` count the opponent's revealed keeps and complete
    plays it was fitted on."""

    def __init__(self, me: int) -> None:
        self.me = me
        self.keep_ll = np.zeros(len(BETAS))  # log-likelihood summed over revealed keeps
        self.play_ll = np.zeros(len(TEMPERATURES))
        self.keeps = 0
        self.plays = 0
        self._deal: _Deal | None = None

    # ------------------------------------------------------------------ fits
    @property
    def beta(self) -> float:
        return BETAS[int(np.argmax(self.keep_ll + log_prior(BETAS, DEFAULT_BETA)))]

    @property
    def temperature(self) -> float:
        return TEMPERATURES[int(np.argmax(self.play_ll + log_prior(TEMPERATURES,
                                                                    DEFAULT_TEMPERATURE)))]

    def add_keep(self, six, kept) -> None:
        """One revealed keep: the opponent's six cards and the four it kept."""
        six_r, kept_r = [c >> 2 for c in six], [c >> 2 for c in kept]
        self.keep_ll += [keep_log_likelihood(six_r, kept_r, b) for b in BETAS]
        self.keeps += 1

    def add_play(self, played, played_by) -> None:
        """One complete play (every card of both players, in order)."""
        self.play_ll += [play_log_likelihood(played, played_by, 1 - self.me, t)
                         for t in TEMPERATURES]
        self.plays += 1

    # ------------------------------------------------------------------ events
    def observe(self, event) -> None:
        if isinstance(event, Dealt):
            self._deal = _Deal()
            return
        deal = self._deal
        if deal is None:  # joined mid-deal (a resumed game): wait for the next deal
            return
        if isinstance(event, Tossed) and event.seat == self.me:
            deal.my_toss = tuple(event.cards)
        elif isinstance(event, Played):
            deal.plays.append((event.seat, event.card))
        elif isinstance(event, Show):
            if event.what == "hand" and event.seat != self.me:
                deal.their_hand = tuple(event.cards)
            elif event.what == "crib":
                deal.crib = tuple(event.cards)
                self._learn(deal)
                self._deal = None

    def _learn(self, deal: _Deal) -> None:
        """The deal's show is complete: its keep and its play are known."""
        if deal.their_hand is None or len(deal.plays) != 8:
            return
        played = [c for _, c in deal.plays]
        if sorted(c for s, c in deal.plays if s != self.me) != sorted(deal.their_hand):
            return  # cannot happen in a legal game
        self.add_play(played, [s for s, _ in deal.plays])
        assert deal.crib is not None
        thrown = [c for c in deal.crib if c not in deal.my_toss]
        if len(deal.my_toss) == 2 and len(thrown) == 2:
            self.add_keep(tuple(deal.their_hand) + tuple(thrown), deal.their_hand)


# ---------------------------------------------------------------------- the first two cards
READ_BETAS = (0.0, 1.0, 2.0, 4.0)  # the sharpness of a lead or an answer, per point
# What a ReadFit has learned, hashable: (the leads' log-likelihoods at READ_BETAS, the
# answers'); all zeros, the prior, before the game shows a lead or an answer
Reads = tuple[tuple[float, ...], tuple[float, ...]]


@dataclass
class _Opening:
    dealer: int
    plays: list[tuple[int, int]] = field(default_factory=list)  # (seat, card), the first two


class ReadFit:
    """How sharply the opponent's opening lead (as pone) and its answer to my lead (as
    dealer) follow their values in ``ai.tables.lead_model``, fitted from the deals it has
    shown: a posterior over :data:`READ_BETAS` for each (a uniform prior; 0: any of its
    distinct ranks alike), from every deal whose show revealed the hand it chose from.

    Measured on 150 games each (2026-11-30; log-likelihood a choice at 0, 1, 2 and 4):
    ``expert-2026-11`` leads best at 3 to 4 and answers at 2; ``mueller`` leads at 2 and
    answers at 1; ``weights`` leads at 0 to 0.5 and answers at 1. One game shows four or
    five of each, so the posterior stays a mixture: :meth:`rows` reads each choice by
    ``sum over beta of P(beta | its choices so far) x P(choice | hand, beta)``, which is
    the chance of the choice given the hand with the sharpness unknown."""

    def __init__(self, me: int) -> None:
        self.me = me
        self.lead_ll = np.zeros(len(READ_BETAS))
        self.reply_ll = np.zeros(len(READ_BETAS))
        self.leads = 0
        self.replies = 0
        self._deal: _Opening | None = None

    @classmethod
    def of(cls, me: int, reads: Reads | None = None) -> ReadFit:
        """A fit for seat ``me`` that has learned ``reads`` (:meth:`reads`; None: nothing
        yet), to go on learning from the game's next events."""
        fit = cls(me)
        if reads is not None:
            lead, reply = reads
            if len(lead) != len(READ_BETAS) or len(reply) != len(READ_BETAS):
                raise ValueError(f"reads need {len(READ_BETAS)} figures each, not "
                                 f"{len(lead)} and {len(reply)}")
            fit.lead_ll[:], fit.reply_ll[:] = lead, reply
        return fit

    def reads(self) -> Reads:
        """What it has learned (hashable; :meth:`of` makes a fit that has learned it)."""
        return tuple(self.lead_ll.tolist()), tuple(self.reply_ll.tolist())

    @staticmethod
    def _posterior(ll: np.ndarray) -> np.ndarray:
        w = np.exp(ll - ll.max())
        return w / w.sum()

    def weights(self) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """(the leads' posterior over READ_BETAS, the answers')."""
        return (tuple(self._posterior(self.lead_ll).tolist()),
                tuple(self._posterior(self.reply_ll).tolist()))

    def add_lead(self, hand, lead: int) -> None:
        """The opponent as pone held ``hand`` (four cards) and led ``lead``."""
        a, t = _rank_hand(hand, lead)
        self.lead_ll += [np.log(lead_probabilities(b)[t, a]) for b in READ_BETAS]
        self.leads += 1

    def add_reply(self, hand, lead: int, reply: int) -> None:
        """The opponent as dealer held ``hand`` and answered my ``lead`` with ``reply``."""
        a, t = _rank_hand(hand, reply)
        row = 4 * (lead >> 2) + t
        self.reply_ll += [np.log(reply_probabilities(b)[row, a]) for b in READ_BETAS]
        self.replies += 1

    def rows(self) -> np.ndarray:
        """(56, 1820): the lead chances (4) and the answer chances (52) at the posterior,
        the rows ``ai.tables.lead_model.reading_rows`` gives at one sharpness."""
        lead_w, reply_w = self.weights()
        lead = sum(w * lead_probabilities(b) for w, b in zip(lead_w, READ_BETAS, strict=True))
        reply = sum(w * reply_probabilities(b) for w, b in zip(reply_w, READ_BETAS, strict=True))
        return np.concatenate([lead, reply])

    def observe(self, event) -> None:
        if isinstance(event, Dealt):  # the tables are of the six-card game of two
            six_card = len(event.hands) == 2 and len(event.hands[self.me]) == 6
            self._deal = _Opening(event.dealer) if six_card else None
            return
        deal = self._deal
        if deal is None:  # joined mid-deal (a resumed game), or a variant: not read
            return
        if isinstance(event, Played) and len(deal.plays) < 2:
            deal.plays.append((event.seat, event.card))
        elif isinstance(event, Show) and event.what == "hand" and event.seat != self.me:
            self._deal = None
            if len(deal.plays) < 2 or len(event.cards) != 4:
                return
            (first, lead), (second, reply) = deal.plays
            them = event.seat
            if deal.dealer == self.me and first == them:
                self.add_lead(event.cards, lead)
            elif deal.dealer == them and first == self.me and second == them:
                self.add_reply(event.cards, lead, reply)


def reads_seen(events, seat: int) -> Reads:
    """What seat ``seat``'s :class:`ReadFit` has learned after ``events`` (a game's events
    so far, from the start: every seat's or ``seat``'s view alike, since it reads only what
    the play and the show make public): what the expert in that seat reads the opponent by."""
    fit = ReadFit(seat)
    for event in events:
        fit.observe(event)
    return fit.reads()


def _rank_hand(hand, card: int) -> tuple[int, int]:
    """(the rank hand's index, the position of ``card``'s rank in its sorted ranks)."""
    ranks = sorted(c >> 2 for c in hand)
    if len(ranks) != 4 or card >> 2 not in ranks:
        raise ValueError(f"card {card} is not one of {tuple(hand)}")
    return int(multiset_index(np.array(ranks, dtype=np.int64))), ranks.index(card >> 2)
