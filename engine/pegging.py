"""The play (pegging): points for a card played, and which cards may be played.

``played`` is always the cards of the *current count* (since the last reset), oldest first.

>>> from engine.cards import parse_cards
>>> peg_points(parse_cards("3H 4C 2D 5S"))
4
>>> peg_points(parse_cards("7H 7C 7D"))
6
>>> [str(i) for i in peg_breakdown(parse_cards("KH 5C"))]
['fifteen for 2 (KH 5C)']
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import PIPS, Card, check_distinct
from engine.errors import CardError
from engine.rules import MAX_COUNT
from engine.scoring import ScoreItem


def count_of(cards: Sequence[Card]) -> int:
    """Total pip value of ``cards`` (the running count)."""
    return sum(PIPS[c] for c in cards)


def peg_breakdown(played: Sequence[Card]) -> list[ScoreItem]:
    """What the last card of ``played`` scores, item by item.

    Kinds: ``"fifteen"`` (2), ``"31"`` (2), ``"pair"`` (2, 6 or 12 for the same rank
    played consecutively at the end) and ``"run"`` (the longest run of 3..7 cards formed by
    the most recent cards, in any order; a repeated rank breaks it). The one point for a go
    or the last card is not here: it depends on what the players hold next, so the game
    state awards it.
    """
    played = check_distinct(played, "the current count")
    total = count_of(played)
    if total > MAX_COUNT:
        raise CardError(f"the count would be {total}, over {MAX_COUNT}")
    if not played:
        return []
    items: list[ScoreItem] = []
    if total == 15:
        items.append(ScoreItem("fifteen", tuple(played), 2))
    elif total == MAX_COUNT:
        items.append(ScoreItem("31", tuple(played), 2))
    last_rank = played[-1] >> 2
    same = 1
    while same < len(played) and played[-1 - same] >> 2 == last_rank:
        same += 1
    if same >= 2:
        items.append(ScoreItem("pair", tuple(played[-same:]), same * (same - 1)))
    for length in range(min(len(played), 7), 2, -1):
        tail = [c >> 2 for c in played[-length:]]
        if len(set(tail)) == length and max(tail) - min(tail) == length - 1:
            items.append(ScoreItem("run", tuple(played[-length:]), length))
            break
    return items


def peg_points(played: Sequence[Card]) -> int:
    """Points earned by the last card of ``played`` (the current count, oldest first)."""
    return sum(item.points for item in peg_breakdown(played))
