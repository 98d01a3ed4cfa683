"""Exact discard analysis: every way to keep four of six cards, with exact statistics.

For each of the 15 keep/toss splits: the kept hand's score with each of the 46 possible
starters (min, mean, median, max and the full distribution), and the crib's exact score
distribution over every opponent toss of 2 of the 46 unseen cards and every one of the 44
remaining starters (1,035 x 44 = 45,540 cribs, suits, flushes and nobs included). The
thesis precomputed this into a 20 GB database; here it takes about a millisecond.

It is by nature the two-player six-card game's: six cards dealt, two of them tossed, the
opponent's two among the 46 unseen. A variant (five cards dealt, a toss of one, three or
four seats) is not asked it: five cards are refused with the reason, and the variants'
players and advice count the kept hand over every starter themselves
(``engine.scoring.score_hand``).

>>> from engine.cards import parse_cards, card_names
>>> best = analyze_discards(parse_cards("5H 5C 5S JD 6D 7C"), my_crib=True)[0]
>>> card_names(best.keep), card_names(best.toss), round(best.net, 2)
('5H 5C 5S JD', '6D 7C', 21.59)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from engine import _analysis_kernels as _k
from engine.cards import Card, check_distinct
from engine.errors import CardError

N_CRIBS = _k.N_CRIBS  # 45,540 equally likely cribs per toss


@dataclass(frozen=True)
class DiscardOption:
    """One keep/toss split with its exact statistics.

    ``hand_scores[i]`` is the kept hand's score when ``starters[i]`` is cut;
    ``hand_histogram[s]`` counts the starters giving score ``s`` (46 in all);
    ``crib_histogram[s]`` counts the cribs scoring ``s`` (45,540 in all).
    ``net`` is ``hand_mean + crib_mean`` in your own crib, ``hand_mean - crib_mean`` in the
    opponent's.
    """

    keep: tuple[Card, ...]
    toss: tuple[Card, Card]
    my_crib: bool
    starters: tuple[Card, ...]
    hand_scores: tuple[int, ...]
    hand_histogram: tuple[int, ...]
    hand_min: int
    hand_mean: float
    hand_median: float
    hand_max: int
    crib_histogram: tuple[int, ...]
    crib_min: int
    crib_mean: float
    crib_max: int

    @property
    def net(self) -> float:
        return self.hand_mean + (self.crib_mean if self.my_crib else -self.crib_mean)


SPLITS = tuple((keep, tuple(i for i in range(6) if i not in keep))
               for keep in combinations(range(6), 4))
_KEEP_INDEX = np.array([k for k, _ in SPLITS], dtype=np.int64)
_TOSS_INDEX = np.array([t for _, t in SPLITS], dtype=np.int64)


def analyze_discards(six_cards: Sequence[Card], my_crib: bool) -> list[DiscardOption]:
    """All 15 splits of ``six_cards``, best first by ``net`` (ties: higher hand mean, then
    the order of the cards as given).

    ``my_crib`` is True for the dealer (the crib counts for you), False for the pone.
    The hand median over 46 starters is the mean of the 23rd and 24th smallest scores.
    """
    six = np.array(check_distinct(six_cards, "the six cards"), dtype=np.int64)
    if six.shape != (6,):
        raise CardError(f"the discard analysis needs exactly six cards (the two-player "
                        f"six-card game's deal), got {six.size}")
    keeps, tosses = six[_KEEP_INDEX], six[_TOSS_INDEX]
    starters, hand_scores, crib_hist = _k.analyze_six(six, keeps, tosses)
    scores = np.arange(crib_hist.shape[1])
    sorted_hands = np.sort(hand_scores, axis=1)
    starters_t = tuple(int(c) for c in starters)
    options = []
    for i in range(len(SPLITS)):
        crib = crib_hist[i]
        nonzero = np.flatnonzero(crib)
        options.append(DiscardOption(
            keep=tuple(int(c) for c in keeps[i]),
            toss=(int(tosses[i, 0]), int(tosses[i, 1])),
            my_crib=bool(my_crib),
            starters=starters_t,
            hand_scores=tuple(int(s) for s in hand_scores[i]),
            hand_histogram=tuple(int(c) for c in np.bincount(hand_scores[i],
                                                             minlength=len(scores))),
            hand_min=int(sorted_hands[i, 0]),
            hand_mean=float(hand_scores[i].mean()),
            hand_median=float(sorted_hands[i, 22] + sorted_hands[i, 23]) / 2,
            hand_max=int(sorted_hands[i, -1]),
            crib_histogram=tuple(int(c) for c in crib),
            crib_min=int(nonzero[0]),
            crib_mean=float(crib @ scores) / N_CRIBS,
            crib_max=int(nonzero[-1]),
        ))
    order = sorted(range(len(options)),
                   key=lambda i: (-options[i].net, -options[i].hand_mean, i))
    return [options[i] for i in order]
