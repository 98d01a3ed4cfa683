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
from engine.rules import RULES, Rules, variant_name
from engine.state import GO, Action, GameState, PlayCard, Toss

STAT_COLUMNS = _simulate.STAT_COLUMNS


def simulate_random_games(n_games: int, seed: int, rules: Rules = RULES) -> np.ndarray:
    """Stats (n_games, 21) of ``n_games`` random-vs-random games (columns
    ``STAT_COLUMNS``) under ``rules``; seat 0 deals first in even-numbered games. Its
    columns are two seats': ``rules`` of two players (six-card or five-card); a table of
    three or four is :func:`simulate_variant_games`'s (ValueError says so).

    >>> from engine.rules import VARIANTS
    >>> simulate_random_games(1, 0, VARIANTS["three-player"])
    Traceback (most recent call last):
    ...
    ValueError: simulate_random_games plays two seats, not the 3 of three-player: ...
    """
    if n_games < 0:
        raise ValueError("n_games must be >= 0")
    if rules.players != 2:  # (its row would leave out the other seats, its deal alternate)
        raise ValueError(f"simulate_random_games plays two seats, not the {rules.players} of "
                         f"{variant_name(rules)}: use simulate_variant_games")
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
    scores: tuple[int, ...]  # by side
    decks: tuple[tuple[int, ...], ...]
    actions: tuple[tuple[int, Action], ...]
    points_by_source: dict[tuple[str, int], int]  # (source, seat) -> points pegged
    rules: Rules = RULES

    def replay(self) -> GameState:
        """The same game played through the ``GameState`` referee."""
        game = GameState.new(0, first_dealer=self.first_dealer, decks=list(self.decks),
                             rules=self.rules)
        for seat, action in self.actions:
            game.apply(seat, action)
        return game


def trace_random_game(seed: int, first_dealer: int, rules: Rules = RULES) -> TracedGame:
    """One random game of ``rules`` (any variant) with its decks and actions, which
    :meth:`TracedGame.replay` plays through the referee."""
    row, decks, actions = _simulate.trace_random_game(int(seed), int(first_dealer),
                                                      compiled_rules(rules))
    col = {name: i for i, name in enumerate(VARIANT_COLUMNS)}
    n_deals = int(row[col["deals"]])
    if n_deals > _simulate.MAX_TRACE_DEALS:
        raise ValueError(f"game with seed {seed} is too long to trace ({n_deals} deals)")
    moves: list[tuple[int, Action]] = []
    for kind, seat, a, b in actions:
        if kind == _simulate.ACT_TOSS:
            moves.append((int(seat), Toss((int(a),) if b < 0 else (int(a), int(b)))))
        elif kind == _simulate.ACT_PLAY:
            moves.append((int(seat), PlayCard(int(a))))
        elif kind == _simulate.ACT_GO:
            moves.append((int(seat), GO))
    players = rules.players
    return TracedGame(
        first_dealer=int(first_dealer), winner=int(row[col["winner"]]),
        scores=tuple(int(row[col[f"score{s}"]]) for s in range(rules.sides)),
        decks=tuple(tuple(int(c) for c in d) for d in decks[:n_deals]),
        actions=tuple(moves),
        points_by_source={(source, seat): int(row[col[f"{source}{seat}"]])
                          for source in ("pegging", "hand", "crib", "his_heels")
                          for seat in range(players)},
        rules=rules,
    )


VARIANT_COLUMNS = _simulate.VARIANT_COLUMNS


def simulate_variant_games(n_games: int, seed: int, rules: Rules) -> np.ndarray:
    """Rows (n_games, ``len(VARIANT_COLUMNS)``) of ``n_games`` games of random players
    under ``rules`` (any variant: ``engine.rules.VARIANTS``); seat ``g % players`` deals
    first in game ``g``. Scores are by side (a player, or a partnership); points by seat."""
    if n_games < 0:
        raise ValueError("n_games must be >= 0")
    return _simulate.simulate_variant_games(int(n_games), int(seed), compiled_rules(rules))


def summarize_variant_games(rows: np.ndarray, rules: Rules) -> dict[str, float]:
    """Each side's win rate, the first dealer's side's, deals per game, and points per
    complete deal by source (all seats together)."""
    col = {name: i for i, name in enumerate(VARIANT_COLUMNS)}
    games = len(rows)
    deals = rows[:, col["deals"]].sum()
    complete = deals - games
    winner = rows[:, col["winner"]]
    first_side = rows[:, col["first_dealer"]] % rules.sides
    out: dict[str, float] = {"games": games, "deals_per_game": float(deals / games),
                             "first_dealer_win_rate": float((winner == first_side).mean())}
    for side in range(rules.sides):
        out[f"side{side}_win_rate"] = float((winner == side).mean())
    for source in ("pegging", "hand", "crib", "his_heels"):
        total = sum(rows[:, col[f"{prefix}{source}{seat}"]].sum() * sign
                    for prefix, sign in (("", 1), ("final_deal_", -1))
                    for seat in range(rules.players))
        out[f"{source}_per_deal"] = float(total / complete) if complete else 0.0
    return out
