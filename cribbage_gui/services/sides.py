"""A game's figures by side: a player, or a partnership (four players keep one score a
side). With two players a side is a seat, and these are the figures the history keeps."""

from __future__ import annotations

from collections.abc import Iterable

from engine.events import SOURCES, Dealt, Scored
from engine.rules import RULES, Rules


def side_points(events: Iterable, rules: Rules = RULES) -> list[dict[str, int]]:
    """Each side's points in a game by source (pegging, hand, crib, his heels, muggins),
    from its Scored events: a partnership's are both partners'."""
    totals = [0] * rules.sides
    points = [{source: 0 for source in SOURCES} for _ in range(rules.sides)]
    for e in events:
        if isinstance(e, Scored):
            side = rules.side_of(e.seat)
            points[side][e.source] += e.total - totals[side]
            totals[side] = e.total
    return points


def side_scores_by_deal(events: Iterable, rules: Rules = RULES) -> list[tuple[int, ...]]:
    """(deal, side 0's score, side 1's, ...) at the end of each deal (and all 0 first)."""
    scores = [0] * rules.sides
    out = [(0, *scores)]
    deal = 0
    for e in events:
        if isinstance(e, Dealt):
            if deal:
                out.append((deal, *scores))
            deal = e.deal
        elif isinstance(e, Scored):
            scores[rules.side_of(e.seat)] = e.total
    if deal:
        out.append((deal, *scores))
    return out
