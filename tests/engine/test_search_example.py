"""The information-set MCTS example of docs/search-example.md (docs/examples/ismcts.py):
it uses only the engine's public names, and it beats random players clearly (fixed seeds:
the same games every run)."""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path

import numpy as np

import engine

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "ismcts.py"


def load():
    spec = importlib.util.spec_from_file_location("ismcts_example", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # for its dataclass
    spec.loader.exec_module(module)
    return module


def test_the_example_uses_only_the_engines_public_names():
    tree = ast.parse(EXAMPLE.read_text())
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert node.module in ("__future__", "dataclasses", "engine"), node.module
            if node.module == "engine":
                imported |= {alias.name for alias in node.names}
        elif isinstance(node, ast.Import):
            assert {a.name for a in node.names} <= {"math", "numpy"}
    assert imported and imported <= set(engine.__all__)
    private = [n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)
               and n.attr.startswith("_") and not n.attr.startswith("__")]
    assert private == []


def test_ismcts_beats_uniformly_random_play():
    """17 of 20 at 16 iterations a decision (2026-11-28); a random player wins half."""
    assert load().play_match(games=20, iterations=16, seed=3) >= 15


def test_ismcts_beats_the_random_player():
    """The registry's ``random`` (its compiled uniform choices): 10 of 10 (2026-11-28)."""
    from ai.registry import make_player

    current = {}

    def registry_random(game, seat, rng):
        if current.get("game") is not game:  # a new game: a new player for it
            current["game"], current["player"] = game, make_player("random", seed=0)
            current["player"].new_game(seat, np.random.default_rng(rng.integers(2**62)))
        return current["player"].decide(game.observation(seat)).action

    wins = load().play_match(games=10, iterations=16, seed=5, opponent=registry_random)
    assert wins >= 8
