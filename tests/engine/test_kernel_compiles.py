"""Each kernel is compiled once in a process, by numba's supported means only.

Numba compiles a copy of a function for every distinct type of its arguments, and a
constant argument of a call from compiled code is typed by its value (``f(x, 0)`` and
``f(x, 1)`` were two copies). The kernels other kernels call have explicit signatures
(``engine._kernels.kernel``), so every call shares their one copy; these tests compile the
program's kernels from an empty cache and count the copies. A cached caller carries its
callees inside it and never compiles them, hence the empty cache.
"""

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

# the program's ways into its kernels: a short compiled match of every kind of player
# against another (a chunk, then a traced game: the two ways into the compiled loop), a
# refereed game of the Python players (the same decision kernels, called from Python), the
# engine's simulation, scoring and analysis
EXERCISE = r"""
import json, sys, types
import numpy as np
from ai.match import compiled, driver
from ai.registry import make_player
from engine.analysis import analyze_discards
from engine.scoring import score_batch, score_hand
from engine.simulate import simulate_random_games, trace_random_game

import os
# the compiled loop plays the expert's kernels with its reads fixed (fitted, it is refereed)
os.environ["CRIBBAGE_EXPERT_PARTS"] = "reads=fixed lead=4 reply=2"
kinds = ["random", "heuristic", "evolved", "weights", "mueller", "expert"]
for a, b in zip(kinds, kinds[1:] + kinds[:1]):
    compiled.play_games((make_player(a), make_player(b)), 0, [0])
compiled.traced_game((make_player("expert"), make_player("mueller")), 0, 1)
os.environ["CRIBBAGE_EXPERT_PARTS"] = ""
driver.play_game((make_player("expert"), make_player("mueller")), 0, 2)
simulate_random_games(20, 0)
trace_random_game(0, 0)
score_hand([0, 4, 8, 12], 16)
score_batch(np.array([[0, 4, 8, 12]], dtype=np.int8), np.array([16], dtype=np.int8))
analyze_discards([0, 5, 10, 15, 20, 25], True)

copies = {}
for name, module in list(sys.modules.items()):
    if not name.startswith(("engine", "ai")) or not isinstance(module, types.ModuleType):
        continue
    for attr, value in vars(module).items():
        py_func = getattr(value, "py_func", None)
        if py_func is not None and hasattr(value, "signatures") \
                and py_func.__module__ == name:
            copies[f"{name}.{attr}"] = [str(s) for s in value.signatures]
print(json.dumps(copies))
"""


@pytest.fixture(scope="module")
def copies(tmp_path_factory):
    """Kernel name -> the argument types of each compiled copy, after the program ran in a
    process of its own from an empty cache."""
    cache = tmp_path_factory.mktemp("numba-cache")
    env = dict(os.environ, PYTHONPATH=str(REPO), NUMBA_CACHE_DIR=str(cache))
    done = subprocess.run([sys.executable, "-c", EXERCISE], env=env, cwd=REPO,
                          capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.splitlines()[-1])


def test_no_kernel_is_compiled_twice(copies):
    twice = {name: sigs for name, sigs in copies.items() if len(sigs) > 1}
    assert twice == {}, f"kernels compiled more than once: {twice}"


def test_the_program_reaches_the_kernels_it_is_known_to_use(copies):
    """The exercise did compile: the match loop, the deck, the hand count, the play."""
    for name in ("ai.match._loop.play_game", "engine._kernels.shuffled_deck",
                 "engine._kernels.score5", "engine._play.play_card", "ai._decide.play_choice",
                 "engine._simulate.simulate_random_games", "ai.match._loop.play_chunk",
                 "ai.match._loop.match_streams", "engine.streams.put_words",
                 "ai._decide.expert_play", "ai._decide.mueller_play", "ai._expert._search",
                 "engine._simulate._random_game"):
        assert len(copies[name]) == 1, name


# ------------------------------------------------------------------ numba's internals
SOURCES = [p for folder in ("engine", "ai", "cribbage_gui", "tests")
           for p in sorted((REPO / folder).rglob("*.py"))]
PRIVATE_NAMES = {"get_call_template", "_locator_classes", "_can_compile", "_compiler"}


def numba_internals(source: str) -> list[str]:
    """What a module reaches of numba beyond its public names: imports of numba's
    submodules (``numba.core``, ``numba.np``...), ``numba._x`` (not its dunders), its
    private options (keywords beginning with an underscore, as ``_nrt`` was), and the
    internals the kernels once patched, by name."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.startswith("numba.")]
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith("numba."):
                found.append(node.module)
            elif node.module == "numba":
                found += [f"numba.{a.name}" for a in node.names if a.name.startswith("_")]
        elif isinstance(node, ast.Attribute):
            base = node.value
            if isinstance(base, ast.Name) and base.id == "numba" \
                    and (node.attr.startswith("_") and not node.attr.startswith("__")
                         or node.attr in {"core", "np"}):
                found.append(f"numba.{node.attr}")
            elif node.attr in PRIVATE_NAMES:
                found.append(node.attr)
        elif isinstance(node, ast.keyword) and node.arg and node.arg.startswith("_"):
            found.append(node.arg)
    return found


def test_the_scan_finds_what_the_kernels_once_did():
    patched = ("from numba.core import caching\n"
               "from numba.np.random.random_methods import random_interval\n"
               "import numba.core.typing\n"
               "from numba import _helperlib\n"
               "numba.core.config\n"
               "caching._CacheImpl._locator_classes = []\n"
               "dispatcher.get_call_template = by_type\n"
               "kernel(_nrt=False, _dbg=True)\n")
    assert sorted(numba_internals(patched)) == sorted([
        "numba.core", "numba.np.random.random_methods", "numba.core.typing",
        "numba._helperlib", "numba.core", "_locator_classes", "get_call_template", "_nrt",
        "_dbg"])
    assert numba_internals("from numba import njit, objmode\nnumba.njit(f)\n") == []


def test_no_module_uses_numbas_internals():
    found = {str(path.relative_to(REPO)): numba_internals(path.read_text(encoding="utf-8"))
             for path in SOURCES if path != Path(__file__)}  # not the scan's own examples
    assert {path: names for path, names in found.items() if names} == {}
