"""Fast complete games between two uniformly random players (compiled loop).

A baseline for speed and for statistics: what the rules alone produce when nobody plays
well. ``GameState`` is the referee for real players; this loop follows it move for move
(the tests replay traced games through ``GameState``) but runs ~500x faster.

>>> summary = summarize_random_games(simulate_random_games(2000, seed=1))
>>> 8 < summary["deals_per_game"] < 17
True
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine import _simulate
from engine._deal import compiled_rules
from engine.rules import RULES, Rules
from engine.state import GO, Action, GameState, PlayCard, Toss

STAT_COLUMNS = _simulate.STAT_COLUMNS


def simulate_random_games(n_games: int, seed: int, rules: Rules = RULES) -> np.ndarray:
    """Stats (n_games, 21) of ``n_games`` random-vs-random games (columns
    ``STAT_COLUMNS``) under ``rules``; seat 0 deals first in even-numbered games."""
    if n_games < 0:
        raise ValueError("n_games must be >= 0")
    return _simulate.simulate_random_games(int(n_games), int(seed), compiled_rules(rules))


def summarize_random_games(stats: np.ndarray) -> dict[str, float]:
    """Win rates, deals per game, and points per complete deal by source (the deal in which
    a game ends is left out of the averages: its hands are usually never counted)."""
    col = {name: i for i, name in enumerate(STAT_COLUMNS)}
    games = len(stats)
    deals = stats[:, col["deals"]].sum()
    complete = deals - games
    out = {
        "games": games,
        "seat0_win_rate": float((stats[:, col["winner"]] == 0).mean()),
        "first_dealer_win_rate": float((stats[:, col["winner"]] ==
                                        stats[:, col["first_dealer"]]).mean()),
        "deals_per_game": float(deals / games),
    }
    for source in ("pegging", "hand", "crib", "his_heels"):
        total = sum(stats[:, col[f"{prefix}{source}{seat}"]].sum() * sign
                    for prefix, sign in (("", 1), ("final_deal_", -1)) for seat in (0, 1))
        out[f"{source}_per_deal"] = float(total / complete)
    return out


@dataclass(frozen=True)
class TracedGame:
    """One compiled random game with its chance outcomes and actions, for replay."""

    first_dealer: int
    winner: int
    scores: tuple[int, int]
    decks: tuple[tuple[int, ...], ...]
    actions: tuple[tuple[int, Action], ...]
    points_by_source: dict[tuple[str, int], int]  # (source, seat) -> points pegged

    def replay(self) -> GameState:
        """The same game played through the ``GameState`` referee."""
        game = GameState.new(0, first_dealer=self.first_dealer, decks=list(self.decks))
        for seat, action in self.actions:
            game.apply(seat, action)
        return game


def trace_random_game(seed: int, first_dealer: int, rules: Rules = RULES) -> TracedGame:
    stats, decks, actions = _simulate.trace_random_game(int(seed), int(first_dealer),
                                                        compiled_rules(rules))
    n_deals = int(stats[STAT_COLUMNS.index("deals")])
    if n_deals > _simulate.MAX_TRACE_DEALS:
        raise ValueError(f"game with seed {seed} is too long to trace ({n_deals} deals)")
    moves: list[tuple[int, Action]] = []
    for kind, seat, a, b in actions:
        if kind == _simulate.ACT_TOSS:
            moves.append((int(seat), Toss((int(a), int(b)))))
        elif kind == _simulate.ACT_PLAY:
            moves.append((int(seat), PlayCard(int(a))))
        elif kind == _simulate.ACT_GO:
            moves.append((int(seat), GO))
    return TracedGame(
        first_dealer=int(first_dealer), winner=int(stats[1]),
        scores=(int(stats[2]), int(stats[3])),
        decks=tuple(tuple(int(c) for c in d) for d in decks[:n_deals]),
        actions=tuple(moves),
        points_by_source={(source, seat): int(stats[STAT_COLUMNS.index(f"{source}{seat}")])
                          for source in ("pegging", "hand", "crib", "his_heels")
                          for seat in (0, 1)},
    )
