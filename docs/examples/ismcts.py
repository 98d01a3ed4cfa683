"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley and
Whitehouse 2012) over the engine's public game API, as a worked example.

Each iteration draws one game the searching seat cannot tell from the real one
(``GameState.resample_from_infostate``), walks the tree down it choosing by UCB among the
actions legal in that draw (counting how often each was available), adds one node, plays
the rest of the deal at random on the draw, and backs up each seat's share of the deal's
points. Nodes are keyed by action id (``action_id``); the opponent's hidden throw is one
edge, as the searching seat cannot see which it was. The deal, not the game, is the
horizon: cribbage's deals are nearly independent, and a deal's points are what a decision
changes.

Used by ``docs/search-example.md`` and run by ``tests/engine/test_search_example.py``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from engine import TERMINAL, Action, GameState, Toss, action_id

HIDDEN_TOSS = -1  # the key of the opponent's throw, whichever cards it was


@dataclass
class Node:
    visits: int = 0
    available: int = 0  # iterations in which this node's action was legal
    points: float = 0.0  # the mover's share of the deal's points, summed over visits
    children: dict[int, Node] = field(default_factory=dict)


def _key(game: GameState, seat: int, who: int, action: Action) -> int:
    hidden = who != seat and isinstance(action, Toss)
    return HIDDEN_TOSS if hidden else action_id(action)


def _share(game: GameState, start: GameState, who: int) -> float:
    """``who``'s share of the points scored since ``start`` (0.5 if nobody scored), or 1
    and 0 at the game's end."""
    if game.current_player() == TERMINAL:
        return 1.0 if game.winner == who else 0.0
    mine = game.scores[who] - start.scores[who]
    theirs = game.scores[1 - who] - start.scores[1 - who]
    return 0.5 if mine + theirs == 0 else mine / (mine + theirs)


def ismcts(game: GameState, seat: int, iterations: int, rng: np.random.Generator,
           exploration: float = 0.7) -> Action:
    """The action ``seat`` should take in ``game`` after ``iterations`` iterations."""
    legal = game.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    root, deal = Node(), game.deal_number
    for _ in range(iterations):
        state = game.resample_from_infostate(seat, rng)
        node, path = root, []
        # selection and expansion, on this draw
        while state.current_player() != TERMINAL and state.deal_number == deal:
            who = state.current_player()
            moves = {_key(state, seat, who, a): a for a in state.legal_actions(who)}
            for key in moves:
                node.children.setdefault(key, Node()).available += 1
            fresh = [k for k in moves if node.children[k].visits == 0]
            if fresh:
                key = fresh[rng.integers(len(fresh))]
            else:
                key = max(moves, key=lambda k: _ucb(node.children[k], exploration))
            state.apply(who, moves[key])
            node = node.children[key]
            path.append((node, who))
            if fresh:
                break
        # a random play-out to the end of the deal
        while state.current_player() != TERMINAL and state.deal_number == deal:
            who = state.current_player()
            moves = state.legal_actions(who)
            state.apply(who, moves[rng.integers(len(moves))])
        for visited, who in path:
            visited.visits += 1
            visited.points += _share(state, game, who)
    best = max((k for k in root.children if k != HIDDEN_TOSS),
               key=lambda k: root.children[k].visits)
    return next(a for a in legal if action_id(a) == best)


def _ucb(node: Node, exploration: float) -> float:
    return node.points / node.visits + exploration * math.sqrt(
        math.log(node.available) / node.visits)


def random_action(game: GameState, seat: int, rng: np.random.Generator) -> Action:
    legal = game.legal_actions(seat)
    return legal[rng.integers(len(legal))]


def play_match(games: int, iterations: int, seed: int, opponent=random_action) -> int:
    """Games ISMCTS wins out of ``games`` against ``opponent(game, seat, rng)``, seats
    alternating, every game and every choice from ``seed``."""
    wins = 0
    for index in range(games):
        rng = np.random.default_rng([seed, index])
        game, searcher = GameState.new(int(rng.integers(2**62))), index % 2
        while (who := game.current_player()) != TERMINAL:
            action = ismcts(game, who, iterations, rng) if who == searcher \
                else opponent(game, who, rng)
            game.apply(who, action)
        wins += game.winner == searcher
    return wins


if __name__ == "__main__":
    print(f"ISMCTS won {play_match(games=20, iterations=16, seed=3)} of 20 against random")
