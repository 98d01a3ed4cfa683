"""A match's figures added up game by game, so that a run of any length keeps no game.

A :class:`Tally` holds counts and sums (wins, skunks, deals, points by seat, role and
source) and a histogram of the decision times; tallies of separate chunks of games merge by
addition, in any order, and give exactly the figures the games themselves would
(``summary``: the match summary of ``cribbage match``). :class:`NetStats` and
:class:`MatchStats` hold the sums behind the ACC points intervals of tournaments and of
best-of matches, and compute them exactly (integer sums, one rounding at the end).

>>> from ai.match.driver import GameResult
>>> won = GameResult(index=0, seed=0, first_dealer=0, winner=0, scores=(121, 80), skunk=0,
...                  deals=9, deals_dealt=(4, 4))
>>> t = Tally.of([won, won])
>>> t.games, t.wins
(2, [2, 0])
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from ai.match.driver import GameResult
from ai.match.series import match_points
from engine.events import SOURCES
from engine.roles import ROLE_NAMES

FORFEITS_KEPT = 20  # the forfeits a summary names (the first, by game index)


def wilson_interval(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% confidence interval of a win rate (Wilson score interval)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


# ------------------------------------------------------------------------ decision times
TIME_FLOOR_MS = 1e-4  # the first bin's lower edge (0.1 microseconds)
TIME_RATIO = 1.01  # each bin 1% wider than the one before: a quantile within 0.5%
TIME_BINS = 2400  # up to 1e-4 ms * 1.01 ** 2400, about 38 minutes


@dataclass
class Times:
    """One seat's decision times as a histogram of bins 1% wide (sparse: the bins used and
    their counts), so that many games' times take a few kilobytes; its quantiles are within
    half a percent of the exact ones."""

    bins: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int32))
    counts: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))

    @classmethod
    def of(cls, seconds: Iterable[float]) -> Times:
        ms = np.asarray(list(seconds), dtype=np.float64) * 1e3
        if ms.size == 0:
            return cls()
        k = np.floor(np.log(np.maximum(ms, TIME_FLOOR_MS) / TIME_FLOOR_MS)
                     / math.log(TIME_RATIO))
        bins, counts = np.unique(np.clip(k, 0, TIME_BINS - 1).astype(np.int32),
                                 return_counts=True)
        return cls(bins, counts.astype(np.int64))

    @property
    def n(self) -> int:
        return int(self.counts.sum())

    def merged(self, other: Times) -> Times:
        if other.bins.size == 0:
            return self
        if self.bins.size == 0:
            return other
        bins, where = np.unique(np.concatenate([self.bins, other.bins]), return_inverse=True)
        counts = np.zeros(bins.size, dtype=np.int64)
        np.add.at(counts, where, np.concatenate([self.counts, other.counts]))
        return Times(bins, counts)

    def quantile(self, q: float) -> float | None:
        """The ``q`` quantile in ms (interpolated between the neighbouring ranks, as
        ``numpy.percentile`` and ``statistics.median`` do), or None without any times."""
        n = self.n
        if n == 0:
            return None
        rank = q * (n - 1)
        below, frac = int(math.floor(rank)), rank - math.floor(rank)
        ends = np.cumsum(self.counts)  # ranks 0 .. ends[i] - 1 fall in bins[: i + 1]

        def value(r: int) -> float:
            k = int(self.bins[int(np.searchsorted(ends, r, side="right"))])
            return TIME_FLOOR_MS * TIME_RATIO ** (k + 0.5)  # the bin's geometric middle

        low = value(below)
        return low if frac == 0 else low + (value(min(below + 1, n - 1)) - low) * frac


# ------------------------------------------------------------------------------- tally
@dataclass
class Tally:
    """Counts and sums over a set of games, seat 0 (A) and seat 1 (B) as they sat."""

    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    skunks: list[int] = field(default_factory=lambda: [0, 0])  # wins by a skunk (1)
    double_skunks: list[int] = field(default_factory=lambda: [0, 0])  # by a double (2)
    forfeited: list[int] = field(default_factory=lambda: [0, 0])  # games each seat forfeited
    first_dealer_wins: int = 0
    deals: int = 0
    complete_deals: int = 0
    deals_dealt: list[int] = field(default_factory=lambda: [0, 0])  # complete deals dealt
    compiled: int = 0
    # points of the complete deals by [seat, source], and by [seat, role, source] (roles in
    # engine.roles.ROLE_NAMES order, sources in engine.events.SOURCES order)
    points: np.ndarray = field(default_factory=lambda: np.zeros((2, len(SOURCES)),
                                                                dtype=np.int64))
    role_points: np.ndarray = field(default_factory=lambda: np.zeros(
        (2, len(ROLE_NAMES), len(SOURCES)), dtype=np.int64))
    forfeits: list[tuple[int, str]] = field(default_factory=list)  # (game index, reason)
    # each seat's decision times (None: no game timed them, as in the compiled loop; a
    # long run holds thousands of tallies at once)
    times: list[Times] | None = None

    @classmethod
    def of(cls, results: Iterable[GameResult]) -> Tally:
        tally = cls()
        for result in results:
            tally.add(result)
        return tally

    def add(self, r: GameResult) -> None:
        """Count one game."""
        self.games += 1
        self.wins[r.winner] += 1
        if r.skunk == 1:
            self.skunks[r.winner] += 1
        elif r.skunk == 2:
            self.double_skunks[r.winner] += 1
        if r.forfeit:
            self.forfeited[1 - r.winner] += 1
            self._keep_forfeits([(r.index, r.forfeit)])
        self.first_dealer_wins += r.winner == r.first_dealer
        self.deals += r.deals
        self.complete_deals += r.complete_deals
        for seat in (0, 1):
            self.deals_dealt[seat] += r.deals_dealt[seat]
        self.compiled += r.compiled
        for s, source in enumerate(SOURCES):
            for seat in (0, 1):
                self.points[seat, s] += r.points.get((seat, source), 0)
                for role, role_name in enumerate(ROLE_NAMES):
                    self.role_points[seat, role, s] += r.role_points.get(
                        (seat, role_name, source), 0)
        if r.decision_seconds[0] or r.decision_seconds[1]:
            self._add_times([Times.of(r.decision_seconds[seat]) for seat in (0, 1)])

    def merge(self, other: Tally) -> Tally:
        """Add ``other``'s games to these; returns self."""
        self.games += other.games
        for mine, theirs in ((self.wins, other.wins), (self.skunks, other.skunks),
                             (self.double_skunks, other.double_skunks),
                             (self.forfeited, other.forfeited),
                             (self.deals_dealt, other.deals_dealt)):
            mine[0] += theirs[0]
            mine[1] += theirs[1]
        self.first_dealer_wins += other.first_dealer_wins
        self.deals += other.deals
        self.complete_deals += other.complete_deals
        self.compiled += other.compiled
        self.points += other.points
        self.role_points += other.role_points
        self._keep_forfeits(other.forfeits)
        if other.times is not None:
            self._add_times(other.times)
        return self

    def _add_times(self, times: list[Times]) -> None:
        mine = self.times or [Times(), Times()]
        self.times = [mine[seat].merged(times[seat]) for seat in (0, 1)]

    def _keep_forfeits(self, more: list[tuple[int, str]]) -> None:
        self.forfeits = sorted(self.forfeits + more)[:FORFEITS_KEPT]

    def acc_points(self, seat: int) -> int:
        """ACC game points of ``seat``'s wins (2 a win, 3 a skunk or double skunk)."""
        by_skunk = self.skunks[seat] + self.double_skunks[seat]
        return match_points(0) * (self.wins[seat] - by_skunk) + match_points(1) * by_skunk

    def summary(self, names: tuple[str, str], elapsed: float, seed: int) -> dict[str, Any]:
        """The match figures: wins with a 95% interval, skunks, first-dealer win rate,
        points per complete deal by source and role, deals per game, speed and decision
        times (the median and 95th percentile, to within half a percent)."""
        n = self.games
        summary: dict[str, Any] = {
            "player_a": names[0], "player_b": names[1], "seed": seed, "games": n,
            "wins_a": self.wins[0], "wins_b": self.wins[1],
            "win_rate_a": self.wins[0] / n if n else 0.0,
            "ci95_a": list(wilson_interval(self.wins[0], n)),
            "first_dealer_win_rate": self.first_dealer_wins / n if n else 0.0,
            "deals_per_game": self.deals / n if n else 0.0,
            "elapsed_s": elapsed,
            "forfeits_a": self.forfeited[0],
            "forfeits_b": self.forfeited[1],
            "forfeit_reasons": [f"game {index}: {why}" for index, why in self.forfeits],
            "games_per_s": n / elapsed if elapsed > 0 else 0.0,
            # games played in the compiled loop (no decision times: the figures are None)
            "compiled_games": self.compiled,
        }
        complete = max(self.complete_deals, 1)
        for seat, side in ((0, "a"), (1, "b")):
            summary[f"skunks_{side}"] = self.skunks[seat]
            summary[f"double_skunks_{side}"] = self.double_skunks[seat]
            times = self.times[seat] if self.times else Times()
            summary[f"decision_ms_median_{side}"] = times.quantile(0.5)
            summary[f"decision_ms_p95_{side}"] = times.quantile(0.95)
            per_deal = {source: int(self.points[seat, s]) / complete
                        for s, source in enumerate(SOURCES)}
            per_deal["total"] = sum(per_deal.values())
            summary[f"points_per_deal_{side}"] = per_deal
            by_role = {}
            for role_name in ("dealer", "pone"):
                role = ROLE_NAMES.index(role_name)
                deals = self.deals_dealt[seat if role_name == "dealer" else 1 - seat]
                figures: dict[str, Any] = {
                    source: int(self.role_points[seat, role, s]) / max(deals, 1)
                    for s, source in enumerate(SOURCES)}
                figures["total"] = sum(figures.values())
                figures["deals"] = deals
                by_role[role_name] = figures
            summary[f"points_per_deal_by_role_{side}"] = by_role
        return summary


# --------------------------------------------------------------- ACC points intervals
def _variance(n: int, total: int, squares: int) -> Fraction:
    """The sample variance (n - 1 in the denominator) of n numbers from their sum and the
    sum of their squares, exactly."""
    return Fraction(n * squares - total * total, n * (n - 1))


@dataclass
class NetStats:
    """The sums behind a pair's ACC points net a game (the first player's points minus the
    other's) and its interval over units: a game, or with duplicate deals the two games of
    one deal sequence (whose luck of the cards cancels). Each unit's value is its games'
    mean; the sums are kept of twice it, a whole number (a unit has one or two games)."""

    units: int = 0
    games: int = 0
    points: int = 0  # the net points of every game
    twice: int = 0  # the sum of each unit's value times two
    twice_squared: int = 0  # the sum of its squares

    def add_unit(self, nets: list[int]) -> None:
        """A unit of one or two games, with the first player's net points in each."""
        if len(nets) not in (1, 2):
            raise ValueError(f"a unit is one or two games, not {len(nets)}")
        twice = sum(nets) * 2 // len(nets)
        self.units += 1
        self.games += len(nets)
        self.points += sum(nets)
        self.twice += twice
        self.twice_squared += twice * twice

    def merge(self, other: NetStats) -> NetStats:
        self.units += other.units
        self.games += other.games
        self.points += other.points
        self.twice += other.twice
        self.twice_squared += other.twice_squared
        return self

    def figures(self) -> tuple[float, list[float]]:
        """The net a game and its 95% interval (normal, over units)."""
        if self.units == 0:
            return 0.0, [0.0, 0.0]
        mean = self.points / self.games
        if self.units < 2:
            return mean, [mean, mean]
        variance = _variance(self.units, self.twice, self.twice_squared) / 4
        half = 1.96 * math.sqrt(float(variance)) / math.sqrt(self.units)
        return mean, [mean - half, mean + half]


@dataclass
class MatchStats:
    """The sums behind the figures of best-of matches: matches won, ACC points a game and
    A's net a game with its interval (a ratio of sums over matches, by the delta method)."""

    matches: int = 0
    won_a: int = 0
    points_a: int = 0
    points_b: int = 0
    games: int = 0
    net: int = 0  # the sum over matches of A's net points
    net_squared: int = 0
    net_games: int = 0  # the sum of each match's net times its games
    games_squared: int = 0

    def add_match(self, games: list[GameResult], length: int) -> None:
        """One finished match of best of ``length``, its games in order."""
        points = [sum(match_points(g.skunk) for g in games if g.winner == seat) for seat in (0, 1)]
        net, count = points[0] - points[1], len(games)
        self.matches += 1
        self.won_a += sum(g.winner == 0 for g in games) >= length // 2 + 1
        self.points_a += points[0]
        self.points_b += points[1]
        self.games += count
        self.net += net
        self.net_squared += net * net
        self.net_games += net * count
        self.games_squared += count * count

    def merge(self, other: MatchStats) -> MatchStats:
        for name in ("matches", "won_a", "points_a", "points_b", "games", "net",
                     "net_squared", "net_games", "games_squared"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        return self

    def figures(self, length: int) -> dict[str, Any]:
        """Matches won by each side (A's 95% interval), ACC points a game, A's net a game
        (zero matches, when a run was stopped before any finished: zeros)."""
        n = self.matches
        if n == 0:
            return {"best_of": length, "matches": 0, "match_wins_a": 0, "match_wins_b": 0,
                    "match_win_rate_a": 0.0, "match_ci95_a": [0.0, 1.0],
                    "games_per_match": 0.0, "acc_points_per_game_a": 0.0,
                    "acc_points_per_game_b": 0.0, "acc_net_per_game_a": 0.0,
                    "acc_net_ci95_a": [0.0, 0.0]}
        ratio = self.net / self.games
        if n > 1:  # the ratio estimator's standard error (delta method), from exact sums
            r = Fraction(self.net, self.games)
            residuals = (self.net_squared - 2 * r * self.net_games
                         + r * r * self.games_squared)
            se = math.sqrt(float(residuals / (n - 1) / n)) / (self.games / n)
        else:
            se = 0.0
        lo, hi = wilson_interval(self.won_a, n)
        return {"best_of": length, "matches": n, "match_wins_a": self.won_a,
                "match_wins_b": n - self.won_a, "match_win_rate_a": self.won_a / n,
                "match_ci95_a": [lo, hi], "games_per_match": self.games / n,
                "acc_points_per_game_a": self.points_a / self.games,
                "acc_points_per_game_b": self.points_b / self.games,
                "acc_net_per_game_a": ratio,
                "acc_net_ci95_a": [ratio - 1.96 * se, ratio + 1.96 * se]}
