"""Counting a hand or crib with the starter: total, itemised breakdown, and the spoken count.

>>> from engine.cards import parse_cards, parse_card
>>> hand, starter = parse_cards("5H 5C 5S JD"), parse_card("5D")
>>> score_hand(hand, starter)
29
>>> count_aloud(score_breakdown(parse_cards("7H 8H 8C JS"), parse_card("3S")))
'fifteen two, fifteen four, a pair is six, and nobs is seven'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, product

import numpy as np

from engine import _kernels
from engine.cards import JACK, PIPS, Card, card_names, check_distinct
from engine.errors import CardError, DuplicateCardError

KINDS = ("fifteen", "pair", "run", "flush", "nobs")

NUMBER_WORDS = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
    "eighteen", "nineteen", "twenty", "twenty-one", "twenty-two", "twenty-three",
    "twenty-four", "twenty-five", "twenty-six", "twenty-seven", "twenty-eight",
    "twenty-nine", "thirty", "thirty-one",
)
_PAIR_NAMES = {2: "pair", 6: "pair royal", 12: "double pair royal"}


@dataclass(frozen=True)
class ScoreItem:
    """One scoring combination: ``kind`` is one of ``KINDS`` (or, in the play, ``"31"``,
    ``"go"``, ``"last card"``, ``"his heels"``), ``cards`` the cards that make it."""

    kind: str
    cards: tuple[Card, ...]
    points: int

    @property
    def label(self) -> str:
        """Short name as players say it: "fifteen", "pair royal", "run of four", ..."""
        if self.kind == "pair":
            return _PAIR_NAMES[self.points]
        if self.kind == "run":
            return f"run of {NUMBER_WORDS[len(self.cards)]}"
        if self.kind == "flush":
            return f"{NUMBER_WORDS[len(self.cards)]}-card flush"
        if self.kind == "nobs":
            return "his nobs"
        return self.kind

    def __str__(self) -> str:
        return f"{self.label} for {self.points} ({card_names(self.cards)})"


def _check_hand(hand: Sequence[Card], starter: Card, is_crib: bool = False
                ) -> tuple[list[Card], Card]:
    if is_crib and len(hand) != 4:
        raise CardError(f"a crib has exactly 4 cards (plus the starter), got {len(hand)}")
    if len(hand) not in (3, 4):
        raise CardError(f"a hand has 4 cards (3 in five-card cribbage) plus the starter, "
                        f"got {len(hand)}")
    cards = check_distinct([*hand, starter], "hand and starter")
    return cards[:-1], cards[-1]


def score_hand(hand: Sequence[Card], starter: Card, is_crib: bool = False) -> int:
    """Points in ``hand`` (4 cards, or 3 in five-card cribbage) with ``starter``: fifteens,
    pairs, runs, flush, nobs.

    A flush is every card of the hand in one suit (4, or 3 in a three-card hand), one more
    with the starter's suit too; in the crib (``is_crib=True``) a flush counts only when all
    five cards share a suit. His heels (a jack turned as starter) is not part of a hand's
    count.

    >>> from engine.cards import parse_cards, parse_card
    >>> score_hand(parse_cards("4H 5H 6H"), parse_card("KS"))  # 15 4, run of 3, flush 3
    10
    """
    h, s = _check_hand(hand, starter, is_crib)
    if len(h) == 3:
        return int(_kernels.score3(h[0], h[1], h[2], s))
    return int(_kernels.score5(h[0], h[1], h[2], h[3], s, bool(is_crib)))


def score_breakdown(hand: Sequence[Card], starter: Card, is_crib: bool = False
                    ) -> list[ScoreItem]:
    """Every scoring combination in ``hand`` with ``starter``, in counting order:
    fifteens, pairs (one item per rank: pair, pair royal, double pair royal), runs (one
    item per run, so a double run is two runs and a pair), flush, nobs.
    The points always add up to :func:`score_hand`."""
    hand, starter = _check_hand(hand, starter, is_crib)
    return _items(hand, starter, is_crib)


def score_four(hand: Sequence[Card]) -> int:
    """What four cards are worth before the starter is known: their fifteens, pairs, runs
    and a four-card flush (no nobs without a starter). A hand never counts less than this,
    whatever the cut.

    >>> from engine.cards import parse_cards
    >>> score_four(parse_cards("5H 5C JD QS"))  # four fifteens and a pair
    10
    """
    if len(hand) != 4:
        raise CardError(f"a hand has exactly 4 cards, got {len(hand)}")
    return sum(i.points for i in _items(check_distinct(hand, "the hand"), None, False))


def _items(hand: list[Card], starter: Card | None, is_crib: bool) -> list[ScoreItem]:
    cards = sorted(hand) + ([] if starter is None else [starter])
    items: list[ScoreItem] = []
    for size in range(2, len(cards) + 1):
        for combo in combinations(cards, size):
            if sum(PIPS[c] for c in combo) == 15:
                items.append(ScoreItem("fifteen", combo, 2))
    by_rank: dict[int, list[Card]] = {}
    for c in cards:
        by_rank.setdefault(c >> 2, []).append(c)
    for r in sorted(by_rank):
        group = by_rank[r]
        if len(group) >= 2:
            items.append(ScoreItem("pair", tuple(group), len(group) * (len(group) - 1)))
    items.extend(_runs(by_rank))
    items.extend(_flush(hand, starter, is_crib))
    if starter is not None:
        items.extend(ScoreItem("nobs", (c, starter), 1)
                     for c in hand if c >> 2 == JACK and c & 3 == starter & 3)
    return items


def _runs(by_rank: dict[int, list[Card]]) -> list[ScoreItem]:
    """Each run of the longest length >= 3 (a double run gives two items)."""
    ranks = sorted(by_rank)
    best: list[int] = []
    segment: list[int] = []
    for r in ranks:
        segment = segment + [r] if segment and r == segment[-1] + 1 else [r]
        if len(segment) > len(best):
            best = segment
    if len(best) < 3:
        return []
    return [ScoreItem("run", combo, len(best)) for combo in product(*(by_rank[r] for r in best))]


def _flush(hand: list[Card], starter: Card | None, is_crib: bool) -> list[ScoreItem]:
    suits = {c & 3 for c in hand}
    if len(suits) != 1:
        return []
    if starter is not None and starter & 3 in suits:
        return [ScoreItem("flush", (*sorted(hand), starter), len(hand) + 1)]
    return [] if is_crib else [ScoreItem("flush", tuple(sorted(hand)), len(hand))]


def count_aloud(items: Iterable[ScoreItem]) -> str:
    """The count as a player says it, with the running total after each phrase.

    A double (triple, double-double) run is said together with the pair(s) inside it, as
    players do: ``"fifteen two, and a double run of three is ten"``. A hand of no points is
    called "nineteen" (a score no hand can make).
    """
    items = list(items)
    total = 0
    phrases: list[str] = []

    def say(words: str, points: int, with_total: bool = True) -> None:
        nonlocal total
        total += points
        phrases.append(f"{words} is {NUMBER_WORDS[total]}" if with_total else words)

    for item in items:
        if item.kind == "fifteen":
            total += item.points
            phrases.append(f"fifteen {NUMBER_WORDS[total]}")
    runs = [i for i in items if i.kind == "run"]
    run_ranks = {c >> 2 for run in runs for c in run.cards}
    pairs = [i for i in items if i.kind == "pair"]
    inside = [p for p in pairs if p.cards[0] >> 2 in run_ranks]
    outside = [p for p in pairs if p.cards[0] >> 2 not in run_ranks]
    plain = [p for p in outside if p.points == 2]
    for p in outside:
        if p.points != 2:
            say(f"a {p.label}", p.points)
    if len(plain) == 2:
        say("two pairs", 4)
    elif plain:
        say("a pair", 2)
    if runs:
        length = NUMBER_WORDS[len(runs[0].cards)]
        name = {1: f"a run of {length}", 2: f"a double run of {length}",
                3: "a triple run", 4: "a double double run"}[len(runs)]
        say(name, sum(r.points for r in runs) + sum(p.points for p in inside))
    for item in items:
        if item.kind == "flush":
            say(f"a {NUMBER_WORDS[len(item.cards)]}-card flush", item.points)
        elif item.kind == "nobs":
            say("nobs", item.points)
    if not phrases:
        return "nineteen"
    if len(phrases) == 1:
        return phrases[0]
    return ", ".join(phrases[:-1]) + ", and " + phrases[-1]


def score_batch(hands: np.ndarray, starters: np.ndarray, is_crib: bool = False) -> np.ndarray:
    """Score many hands at once: ``hands`` (n, 4) and ``starters`` (n,) card numbers.

    Returns a uint8 array (n,). Validates shapes, card range and distinctness first.
    """
    hands, starters = np.ascontiguousarray(hands), np.ascontiguousarray(starters)
    if hands.dtype.kind not in "iu" or starters.dtype.kind not in "iu":
        raise CardError("hands and starters must be integer card numbers")
    if hands.ndim != 2 or hands.shape[1] != 4 or starters.shape != (hands.shape[0],):
        raise CardError(f"expected hands (n, 4) and starters (n,), got {hands.shape} and "
                        f"{starters.shape}")
    bad = _kernels.first_invalid_row(hands, starters)
    if bad >= 0:
        row = [*hands[bad], starters[bad]]
        if any(not 0 <= c <= 51 for c in row):
            raise CardError(f"row {bad} has a card number outside 0..51: {row}")
        raise DuplicateCardError(f"row {bad} repeats a card: {card_names(row)}")
    return _kernels.score_batch(hands, starters, bool(is_crib))


def hand_score_histogram(is_crib: bool = False) -> np.ndarray:
    """Counts (30,) of each score over all 12,994,800 (4-card hand, starter) combinations."""
    return _kernels.hand_score_histogram(bool(is_crib))
