"""Matches between built-in players at compiled speed.

When both players of a game have a compiled decision (``ai._decide``: random, heuristic,
evolved, weights, mueller and the expert but expert:fit and an expert whose reads are
fitted during the game, ``reads=fit``, with or without their ``:FILE``
tables), :func:`play_games` plays the game in the compiled loop (``ai.match._loop``)
instead of through the referee and the Python players (which decide by the same kernels).
The game is the same: the same deal seed and player generators as
``ai.match.driver.game_events``, the same decisions, the same scores; the tests play both
paths and compare every action. What the compiled path cannot give is each decision's time,
so its results carry none (the match summary says so).
"""

from __future__ import annotations

import numpy as np

from ai._decide import KINDS, PLACEHOLDER_TABLES
from ai.base import Player
from ai.match import driver
from ai.match._loop import (
    DEALS,
    DEALT_BY,
    DECISIONS,
    MAX_ACTIONS,
    OUT_SIZE,
    POINTS,
    SCORES,
    SKUNK,
    WINNER,
    play_chunk,
    play_game,
)
from ai.match.driver import GameResult, game_seed, player_rng
from ai.match.tally import Tally
from engine import streams
from engine.actions import Go, PlayCard, Toss
from engine.deal import compiled_rules
from engine.events import SOURCES
from engine.roles import ROLE_NAMES
from engine.rules import RULES

_RULES = compiled_rules(RULES)  # the game the compiled loop plays
# what makes two plays of a game the same game (all of GameResult but the timing fields)
SAME_GAME_FIELDS = ("index", "seed", "first_dealer", "winner", "scores", "skunk", "deals",
                    "deals_dealt", "points", "role_points", "decisions")

def tables_of(player: Player) -> tuple[int, tuple] | None:
    """(kind, tables) of a player the compiled loop can play, or None."""
    from ai.players.evolved import EvolvedPlayer
    from ai.players.expert import Expert2026Player
    from ai.players.weights import WeightsPlayer

    kind = KINDS.get(player.name)
    if kind is None or type(player).__module__.split(".")[:2] != ["ai", "players"]:
        return None
    if getattr(player, "fits_opponent", False):  # expert:fit learns from the game's events
        return None
    if getattr(player, "reads_fitted", False):  # so does reading at the fitted sharpness
        return None
    tables = list(PLACEHOLDER_TABLES)
    if isinstance(player, EvolvedPlayer):
        tables[0] = np.ascontiguousarray(player.values, dtype=np.float64)
    elif isinstance(player, WeightsPlayer):
        tables[1:8] = player.kernel_tables()
    elif isinstance(player, Expert2026Player):
        tables[8] = player.kernel_tables()
    assert len(tables) == len(PLACEHOLDER_TABLES)
    return kind, tuple(tables)


def compiled(players: tuple[Player, Player]) -> bool:
    """Whether a game between these two players runs in the compiled loop."""
    return all(tables_of(p) is not None for p in players)


def play_games(players: tuple[Player, Player], seed: int, indices: list[int],
               first_dealer: int | None = None) -> list[GameResult]:
    """Games ``indices`` of a match seeded ``seed``, compiled; the same results as
    ``driver.play_game`` (``decision_seconds`` empty). ``first_dealer``: who deals first
    in every one of them (default: ``index % 2``)."""
    indices = list(indices)
    seeds, firsts, outs = _chunk(players, seed, indices, first_dealer)
    return [_result(outs[g], index, int(seeds[g]), int(firsts[g]))
            for g, index in enumerate(indices)]


def tally_games(players: tuple[Player, Player], seed: int, indices: list[int],
                first_dealer: int | None = None) -> Tally:
    """:func:`play_games`'s games counted (``Tally.of`` of its results), without making a
    result a game: what a long match keeps of them."""
    _, firsts, outs = _chunk(players, seed, list(indices), first_dealer)
    n = len(firsts)
    winner, skunk = outs[:, WINNER], outs[:, SKUNK]
    # (winner, skunk) pairs counted: [seat * 3 + skunk]
    by_skunk = np.bincount(winner * 3 + skunk, minlength=6).tolist()
    sums = outs.sum(axis=0)
    role_points = sums[POINTS:POINTS + 20].reshape(2, len(ROLE_NAMES), len(SOURCES))
    deals = int(sums[DEALS])
    return Tally(
        games=n, wins=[sum(by_skunk[0:3]), sum(by_skunk[3:6])],
        skunks=[by_skunk[1], by_skunk[4]], double_skunks=[by_skunk[2], by_skunk[5]],
        first_dealer_wins=int((winner == firsts).sum()), deals=deals,
        complete_deals=deals - n, deals_dealt=[int(sums[DEALT_BY]), int(sums[DEALT_BY + 1])],
        compiled=n, points=role_points.sum(axis=1), role_points=role_points.copy())


def traced_game(players: tuple[Player, Player], seed: int, index: int
                ) -> tuple[GameResult, list[tuple]]:
    """One game with its actions: ("toss", seat, (low card, high card)), ("play", seat,
    card) and ("go", seat), in order."""
    return next(_games(players, seed, [index], trace=True))


def replayed_game(seed: int, index: int, actions: list[tuple]):
    """The ``GameState`` of game ``index`` of a match seeded ``seed``, its actions applied
    (a :func:`traced_game` trace): the game the referee would have played."""
    from engine import GameState

    game = GameState.new(game_seed(seed, index), first_dealer=index % 2)
    for row in actions:
        if row[0] == "toss":
            game.apply(row[1], Toss(tuple(row[2])))
        elif row[0] == "play":
            game.apply(row[1], PlayCard(row[2]))
        else:
            game.apply(row[1], Go())
    return game


def referee_trace(players: tuple[Player, Player], seed: int, index: int
                  ) -> tuple[GameResult, list[tuple]]:
    """Game ``index`` played through the referee (``GameState`` and the Python players):
    its result and actions, in :func:`traced_game`'s form."""
    result, game = driver.refereed_game(players, seed, index)
    rows: list[tuple] = []
    for seat, action in game.actions:
        if isinstance(action, Toss):
            rows.append(("toss", seat, tuple(action.cards)))
        elif isinstance(action, PlayCard):
            rows.append(("play", seat, action.card))
        elif isinstance(action, Go):
            rows.append(("go", seat))
    return result, rows


def differences(name_a: str, name_b: str, seed: int, indices: list[int]) -> list[int]:
    """The games among ``indices`` that the compiled loop and the referee play differently
    (any action, or any figure of the result): an empty list when they agree."""
    from ai.registry import make_player

    differ = []
    for index in indices:
        fresh = [(make_player(name_a), make_player(name_b)) for _ in range(2)]
        result, actions = traced_game(fresh[0], seed, index)
        referee, referee_actions = referee_trace(fresh[1], seed, index)
        if actions != referee_actions or any(
                getattr(result, f) != getattr(referee, f) for f in SAME_GAME_FIELDS):
            differ.append(index)
        for pair in fresh:
            for player in pair:
                player.close()
    return differ


def _specs(players):
    specs = [tables_of(p) for p in players]
    if specs[0] is None or specs[1] is None:
        raise ValueError("both players need a compiled decision")
    return np.array([specs[0][0], specs[1][0]], dtype=np.int64), specs[0][1], specs[1][1]


# the match seeds and game indices below these have their streams derived in compiled
# code (a seed of two 32-bit words, an index that is an int64); past them, each game's
# generators are made in Python
_COMPILED_SEEDS, _COMPILED_INDICES = 2**64, 2**63


def _chunk(players, seed, indices, first_dealer):
    """Play games ``indices``: (their seeds, first dealers, ``OUT_SIZE`` rows), all in one
    compiled call where the match's streams can be derived there."""
    kinds, tables0, tables1 = _specs(players)
    n = len(indices)
    firsts = np.array([index % 2 if first_dealer is None else first_dealer
                       for index in indices], dtype=np.int64)
    seeds = np.zeros(n, dtype=np.int64)
    outs = np.zeros((n, OUT_SIZE), dtype=np.int64)
    generators = streams.reseedables(3)
    in_reach = 0 <= seed < _COMPILED_SEEDS and (
        not indices or (min(indices) >= 0 and max(indices) < _COMPILED_INDICES))
    if in_reach and generators is not None:
        play_chunk(kinds, tables0, tables1, *(g.generator for g in generators),
                   tuple(g.pcg for g in generators), tuple(g.buffered for g in generators),
                   streams.int_words(seed), np.array(indices, dtype=np.int64), firsts,
                   _RULES, seeds, outs)
        return seeds, firsts, outs
    no_trace = np.empty((1, 4), dtype=np.int64)
    for g, index in enumerate(indices):  # the streams made in Python, game by game
        seeds[g], _ = _play_one(kinds, tables0, tables1, seed, index, int(firsts[g]),
                                outs[g], no_trace)
    return seeds, firsts, outs


def _play_one(kinds, tables0, tables1, seed, index, first, out, actions) -> tuple[int, int]:
    """Game ``index`` with its generators made in Python: (its seed, its actions)."""
    game = game_seed(seed, index)
    deal_rng = np.random.default_rng(np.random.SeedSequence(game).spawn(2)[1])
    n = play_game(kinds, tables0, tables1, player_rng(seed, index, 0),
                  player_rng(seed, index, 1), deal_rng, first, _RULES, out, actions)
    return game, n


def _games(players, seed, indices, trace, first_dealer=None):
    kinds, tables0, tables1 = _specs(players)
    out = np.zeros(OUT_SIZE, dtype=np.int64)
    actions = np.empty((MAX_ACTIONS if trace else 1, 4), dtype=np.int64)
    for index in indices:
        first = index % 2 if first_dealer is None else first_dealer
        game, n = _play_one(kinds, tables0, tables1, seed, index, first, out, actions)
        yield _result(out, index, game, first), (_actions(actions, n) if trace else [])


def _result(out: np.ndarray, index: int, game: int, first_dealer: int) -> GameResult:
    role_points = {}
    points = {}
    for seat in (0, 1):
        for s, source in enumerate(SOURCES):
            total = 0
            for role, role_name in enumerate(ROLE_NAMES):
                value = int(out[POINTS + 10 * seat + 5 * role + s])
                total += value
                if value:
                    role_points[(seat, role_name, source)] = value
            points[(seat, source)] = total
    return GameResult(
        index=index, seed=game, first_dealer=first_dealer, winner=int(out[WINNER]),
        scores=(int(out[SCORES]), int(out[SCORES + 1])), skunk=int(out[SKUNK]),
        deals=int(out[DEALS]), deals_dealt=(int(out[DEALT_BY]), int(out[DEALT_BY + 1])),
        points=points, role_points=role_points, decision_seconds=([], []),
        decisions=(int(out[DECISIONS]), int(out[DECISIONS + 1])), compiled=True)


def _actions(actions: np.ndarray, n: int) -> list[tuple]:
    if n > actions.shape[0]:
        raise RuntimeError(f"the game took {n} actions, more than the trace holds")
    names = ("toss", "play", "go")
    rows: list[tuple] = []
    for kind, seat, a, b in actions[:n].tolist():
        if kind == 0:
            rows.append((names[kind], seat, (min(a, b), max(a, b))))
        elif kind == 1:
            rows.append((names[kind], seat, a))
        else:
            rows.append((names[kind], seat))
    return rows
