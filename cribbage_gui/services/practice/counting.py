"""The counting trainer's drills: count a hand, a crib or what the last card of the play
pegs, under a clock, judged with muggins. No Qt here; the scores come from the engine
(``engine.scoring.score_breakdown``, ``engine.pegging.peg_breakdown``), never from here.

A drill is judged by its exact total. Under-counting is a miss, and what the player left
the opponent pegs (muggins); over-counting is a miss too (no points for anyone). Each miss
is classified by the categories the player most likely did not get (:func:`missed_in`).

Categories (:data:`CATEGORIES`), the classic misses first:

- ``nobs``: the jack of the starter's suit in the hand or crib (1);
- ``flush-in-crib``: a crib whose four cards share a suit the starter does not: no flush
  (0 points: a trap for over-counting);
- ``runs-with-pairs``: a double, triple or double-double run, with the pairs inside it;
- ``flush``: a four- or five-card flush that counts;
- ``runs``, ``pairs``, ``fifteens``: the plain combinations;
- ``nothing``: a hand, crib or card that scores nothing (a trap for over-counting);
- ``pegging-run``, ``pegging-pair``, ``pegging-15``, ``pegging-31``: the play;
- ``over-count``: an answer above the total (with the categories above that explain it,
  when one does: a crib counted with its four-card flush);
- ``too-slow``: no answer, or one after the clock.

>>> from engine.cards import parse_cards, parse_card
>>> drill = make_drill("crib", parse_cards("2H 5H 8H QH"), parse_card("3C"))
>>> drill.total, drill.categories
(6, ('flush-in-crib', 'fifteens'))
>>> v = judge(drill, 10, seconds=6.0)
>>> v.correct, v.muggins, v.missed
(False, 0, ('flush-in-crib', 'over-count'))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from engine.cards import Card, check_distinct
from engine.pegging import count_of, peg_breakdown
from engine.rules import MAX_COUNT
from engine.scoring import ScoreItem, count_aloud, score_breakdown

KINDS = ("hand", "crib", "play")
CATEGORIES = ("nobs", "flush-in-crib", "runs-with-pairs", "flush", "runs", "pairs",
              "fifteens", "nothing", "pegging-run", "pegging-pair", "pegging-15",
              "pegging-31", "over-count", "too-slow")
CATEGORY_WORDS = {
    "nobs": "nobs", "flush-in-crib": "no four-card flush in the crib",
    "runs-with-pairs": "runs with pairs", "flush": "flushes", "runs": "runs",
    "pairs": "pairs", "fifteens": "fifteens", "nothing": "hands of nothing",
    "pegging-run": "runs in the play", "pegging-pair": "pairs in the play",
    "pegging-15": "fifteen in the play", "pegging-31": "thirty-one",
    "over-count": "counting too many", "too-slow": "too slow",
}
# seconds on the clock, as a real game gives a player to count before the other calls it
TIME_LIMITS = {"hand": 20.0, "crib": 20.0, "play": 10.0}
MAX_ANSWER = 99  # an answer above this is a typing slip, refused before judging
# how many candidate drills "what I miss most" draws to choose one from
CANDIDATES = 32
_ORDER = {c: i for i, c in enumerate(CATEGORIES)}


@dataclass(frozen=True)
class Drill:
    """One thing to count. ``cards``: the hand or crib's four cards, or the play's current
    count oldest first (the last card is the one that pegs); ``starter`` (None in the
    play); ``items`` the engine's breakdown, ``total`` their sum; ``categories`` what the
    drill holds (see the module); ``limit`` the seconds on the clock."""

    kind: str
    cards: tuple[Card, ...]
    starter: Card | None
    items: tuple[ScoreItem, ...]
    total: int
    categories: tuple[str, ...]
    limit: float

    @property
    def running_counts(self) -> tuple[int, ...]:
        """The play's count after each card (empty for a hand or crib)."""
        if self.kind != "play":
            return ()
        return tuple(count_of(self.cards[:i + 1]) for i in range(len(self.cards)))

    @property
    def spoken(self) -> str:
        """The count as a player says it ("fifteen two, ... and nobs is seven"); for the
        play, the items joined ("fifteen for 2, a pair for 2")."""
        if self.kind == "play":
            return ", ".join(f"{item.label} for {item.points}" for item in self.items) \
                or "nothing"
        return count_aloud(self.items)


@dataclass(frozen=True)
class Verdict:
    """The judgement of one answer. ``answer`` None: the clock ran out first. ``muggins``
    the points the opponent pegs for what was under-counted; ``over`` the points counted
    too many; ``missed`` the categories blamed (empty when right)."""

    drill: Drill
    answer: int | None
    seconds: float
    correct: bool
    too_slow: bool
    muggins: int
    over: int
    missed: tuple[str, ...]


# --------------------------------------------------------------------------- drills
def item_category(kind: str, item: ScoreItem, items: Sequence[ScoreItem]) -> str:
    """The category of one of a drill's ``items`` (a pair whose rank is in a double run
    is ``runs-with-pairs``, as players count it with the run)."""
    if kind == "play":
        return {"run": "pegging-run", "pair": "pegging-pair", "fifteen": "pegging-15",
                "31": "pegging-31"}[item.kind]
    runs = [i for i in items if i.kind == "run"]
    if item.kind == "run":
        return "runs-with-pairs" if len(runs) > 1 else "runs"
    if item.kind == "pair":
        in_run = len(runs) > 1 and item.cards[0] >> 2 in {c >> 2 for c in runs[0].cards}
        return "runs-with-pairs" if in_run else "pairs"
    return {"fifteen": "fifteens", "flush": "flush", "nobs": "nobs"}[item.kind]


def _categories(kind: str, cards: Sequence[Card], starter: Card | None,
                items: Sequence[ScoreItem]) -> tuple[str, ...]:
    found = {item_category(kind, i, items) for i in items}
    if kind == "crib" and len({c & 3 for c in cards}) == 1 and starter is not None \
            and starter & 3 != cards[0] & 3:
        found.add("flush-in-crib")
    if not found:
        found.add("nothing")
    return tuple(sorted(found, key=_ORDER.__getitem__))


def make_drill(kind: str, cards: Sequence[Card], starter: Card | None = None) -> Drill:
    """The drill of ``kind`` for these cards: a hand or crib (four cards and ``starter``)
    or the play (``cards`` the current count, oldest first, at most 31; no starter).
    ValueError (a CardError) for cards that cannot be."""
    if kind not in KINDS:
        raise ValueError(f"a drill is one of {', '.join(KINDS)}, not {kind!r}")
    if kind == "play":
        if starter is not None:
            raise ValueError("a drill of the play has no starter")
        played = tuple(check_distinct(cards, "the play"))
        if not played:
            raise ValueError("a drill of the play needs at least one card")
        items = tuple(peg_breakdown(played))  # CardError past 31
    else:
        if starter is None:
            raise ValueError(f"a {kind} is counted with a starter")
        items = tuple(score_breakdown(cards, starter, is_crib=kind == "crib"))
        played = tuple(check_distinct(cards))
    total = sum(i.points for i in items)
    return Drill(kind, played, starter, items, total,
                 _categories(kind, played, starter, items), TIME_LIMITS[kind])


def random_drill(kind: str, rng: np.random.Generator) -> Drill:
    """A drill of ``kind`` drawn uniformly: five cards from a shuffled deck for a hand or
    crib; for the play, two to six cards laid while the count stays within 31. Since most
    random last cards peg nothing, a play drill is drawn again (up to eight times) half the
    time when its last card scores nothing, so about two in three score."""
    if kind not in KINDS:
        raise ValueError(f"a drill is one of {', '.join(KINDS)}, not {kind!r}")
    if kind != "play":
        deal = [int(c) for c in rng.choice(52, size=5, replace=False)]
        return make_drill(kind, deal[:4], deal[4])
    want_points = rng.random() < 0.5
    for _ in range(8):
        drill = make_drill("play", _random_play(rng))
        if drill.total or not want_points:
            return drill
    return drill


def _random_play(rng: np.random.Generator) -> list[Card]:
    length = int(rng.integers(2, 7))
    played: list[Card] = []
    for card in rng.permutation(52):
        if len(played) == length:
            break
        if count_of([*played, int(card)]) <= MAX_COUNT:
            played.append(int(card))
    return played


def miss_rates(seen: Mapping[str, int], missed: Mapping[str, int]) -> dict[str, float]:
    """Each category's miss rate, smoothed: (misses + 1) / (drills holding it + 2), so a
    category never met counts as 0.5 and one answered right ten times out of ten as 1/12.

    >>> miss_rates({"nobs": 10, "runs": 2}, {"nobs": 8})["nobs"]
    0.75
    """
    return {c: (missed.get(c, 0) + 1) / (seen.get(c, 0) + 2) for c in CATEGORIES}


def weighted_drill(kinds: Sequence[str], rng: np.random.Generator,
                   rates: Mapping[str, float], candidates: int = CANDIDATES) -> Drill:
    """A drill weighted toward what the player misses: ``candidates`` drills are drawn
    (:func:`random_drill`, each of a kind drawn from ``kinds``), and one is chosen with
    probability proportional to the square of the highest miss rate (``rates``, from
    :func:`miss_rates`) among the categories it holds. A player who missed nobs nine
    times in ten, and fifteens and pairs seldom, meets nobs about four times as often
    as at random (tested)."""
    pool = [random_drill(kinds[int(rng.integers(len(kinds)))], rng)
            for _ in range(max(1, candidates))]
    weights = np.array([max(rates.get(c, 0.5) for c in d.categories) ** 2 for d in pool])
    if not weights.sum() > 0:
        weights = np.ones(len(pool))
    return pool[int(rng.choice(len(pool), p=weights / weights.sum()))]


# --------------------------------------------------------------------------- judging
def judge(drill: Drill, answer: int | None, seconds: float) -> Verdict:
    """Judge ``answer`` (None: the clock ran out with none) given after ``seconds``.

    Right: the exact total within the clock. An answer after the clock is a miss "too
    slow" even if the number is right (in a game the opponent would have called muggins
    by then). Under-counting gives the opponent the difference (muggins); over-counting
    is a miss with no points for anyone."""
    if answer is not None and not 0 <= answer <= MAX_ANSWER:
        raise ValueError(f"a count is a number from 0 to {MAX_ANSWER}, not {answer}")
    too_slow = answer is None or seconds > drill.limit
    counted = 0 if answer is None else answer
    muggins = max(0, drill.total - counted)
    over = max(0, counted - drill.total)
    correct = not too_slow and counted == drill.total
    missed: tuple[str, ...] = ()
    if not correct:
        missed = missed_in(drill, answer)
        if too_slow:
            missed = (*missed, "too-slow")
    return Verdict(drill, answer, seconds, correct, too_slow, muggins, over, missed)


def missed_in(drill: Drill, answer: int | None) -> tuple[str, ...]:
    """The categories to blame for ``answer`` (None: no answer, nothing blamed but the
    clock). Under: the categories of the fewest items of the drill whose points add up to
    the shortfall (ties: the classic misses, earlier in :data:`CATEGORIES`, first); if no
    items add up to it, every category the drill holds. Over: ``over-count``, with
    ``flush-in-crib`` when the crib's four-card flush was counted (4 too many) and
    ``nothing`` when the drill scores nothing.

    >>> from engine.cards import parse_cards, parse_card
    >>> d = make_drill("hand", parse_cards("JH 5C 6D 6S"), parse_card("4H"))
    >>> d.total, missed_in(d, d.total - 1)
    (15, ('nobs',))
    """
    if answer is None or answer == drill.total:
        return ()
    if answer > drill.total:
        blamed = {"over-count"}
        if "flush-in-crib" in drill.categories and answer - drill.total == 4:
            blamed.add("flush-in-crib")
        if drill.total == 0:
            blamed.add("nothing")
        return tuple(sorted(blamed, key=_ORDER.__getitem__))
    shortfall = drill.total - answer
    cats = [item_category(drill.kind, i, drill.items) for i in drill.items]
    # fewest items adding up to the shortfall: best[points] = (items, ranks, categories)
    best: dict[int, tuple[int, tuple[int, ...], frozenset[str]]] = {0: (0, (), frozenset())}
    for item, cat in zip(drill.items, cats, strict=True):
        for points, (n, ranks, chosen) in sorted(best.items(), reverse=True):
            total = points + item.points
            if total > shortfall:
                continue
            candidate = (n + 1, tuple(sorted((*ranks, _ORDER[cat]))), chosen | {cat})
            if total not in best or candidate[:2] < best[total][:2]:
                best[total] = candidate
    chosen = best[shortfall][2] if shortfall in best else frozenset(cats)
    return tuple(sorted(chosen, key=_ORDER.__getitem__))
