"""A match of several games (best of N) scored with ACC match points.

ACC game points: 2 for a win, 3 for a win by a skunk (a double skunk counts as a skunk).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.rules import match_points


@dataclass
class Series:
    """Best of ``length`` games (length 1: a single game)."""

    length: int = 1
    results: list[tuple[int, int]] = field(default_factory=list)  # (winner seat, skunk)

    def __post_init__(self) -> None:
        if self.length < 1 or self.length % 2 == 0:
            raise ValueError(f"a match is best of an odd number of games, not {self.length}")

    @property
    def target(self) -> int:
        """Games needed to win the match."""
        return self.length // 2 + 1

    def add(self, winner: int, skunk: int) -> None:
        if self.over:
            raise ValueError("the match is already decided")
        self.results.append((winner, skunk))

    def wins(self, seat: int) -> int:
        return sum(w == seat for w, _ in self.results)

    def points(self, seat: int) -> int:
        return sum(match_points(s) for w, s in self.results if w == seat)

    @property
    def over(self) -> bool:
        return max(self.wins(0), self.wins(1)) >= self.target

    @property
    def winner(self) -> int | None:
        for seat in (0, 1):
            if self.wins(seat) >= self.target:
                return seat
        return None

    @property
    def next_index(self) -> int:
        return len(self.results)
