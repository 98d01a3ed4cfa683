"""Slow, obviously-correct references the fast code is compared against.

They follow the rule book literally (every subset of cards is examined) and share no code
with the engine except the card encoding (rank = card // 4, suit = card % 4).
"""

from itertools import combinations


def value(card: int) -> int:
    return min(card // 4 + 1, 10)


def is_run(cards) -> bool:
    ranks = sorted(c // 4 for c in cards)
    return all(b == a + 1 for a, b in zip(ranks, ranks[1:], strict=False))


def reference_score(hand, starter, is_crib=False) -> int:
    """Count a hand by the rule book: every subset of the five cards is examined."""
    five = list(hand) + [starter]
    points = 0
    for size in range(2, 6):
        for combo in combinations(five, size):
            if sum(value(c) for c in combo) == 15:
                points += 2
    for a, b in combinations(five, 2):
        if a // 4 == b // 4:
            points += 2
    for size in (5, 4, 3):  # only the longest runs count
        runs = [combo for combo in combinations(five, size) if is_run(combo)]
        if runs:
            points += size * len(runs)
            break
    hand_suits = {c % 4 for c in hand}
    if len(hand_suits) == 1:
        if starter % 4 in hand_suits:
            points += 5
        elif not is_crib:
            points += 4
    points += sum(1 for c in hand if c // 4 == 10 and c % 4 == starter % 4)
    return points


def reference_peg(played) -> int:
    """Points for the last card of ``played``, by the rule book."""
    if not played:
        return 0
    points = 0
    total = sum(value(c) for c in played)
    if total in (15, 31):
        points += 2
    same = 1
    while same < len(played) and played[-1 - same] // 4 == played[-1] // 4:
        same += 1
    points += {1: 0, 2: 2, 3: 6, 4: 12}[same]
    for length in range(len(played), 2, -1):
        tail = played[-length:]
        if len({c // 4 for c in tail}) == length and is_run(tail):
            points += length
            break
    return points
