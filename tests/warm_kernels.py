"""Compile the six players' match loop, and then the variants' kernels, into numba's cache
beside the tests.

``tests/conftest.py`` starts this in a process of its own when the suite runs on several
workers: the loop (``ai.match._loop.play_game``, with every player's decision inlined) takes
about 90 s to compile into an empty cache, and each worker compiled it for itself. Workers
that need it wait for this (``conftest.wait_for_the_loop``) and load it from the cache; the
tests that use it run last, so they rarely wait.

    python -m tests.warm_kernels READY_FILE
"""

import os
import sys
from pathlib import Path


def main(ready: str) -> int:
    if hasattr(os, "nice"):  # the tests first: this takes the CPU they leave
        os.nice(10)
    try:
        from ai.match import compiled
        from ai.registry import make_player

        # (the expert reads during the game, so the referee plays it; the kept one is compiled)
        compiled.play_games((make_player("expert-2026-11"), make_player("mueller")), 0, [0])
        warm_the_variants()
    finally:  # done or failed: the workers stop waiting either way
        Path(ready).write_text("ready\n")
    return 0


def warm_the_variants() -> None:
    """The variants' kernels (the expert's rollouts and search, its win tables' self-play
    and solver) and the tables themselves, into the caches the workers share: a game of
    each variant with the expert. Each worker compiled them for itself (about a minute of
    CPU each from an empty cache); the tests that use them are in LOOP_MODULES, so they
    run last, when these are ready (they do not wait for them)."""
    from ai.match.variant import play_variant_game
    from ai.registry import make_player
    from engine.rules import VARIANT, VARIANTS

    for name, rules in VARIANTS.items():
        if name != VARIANT:
            players = [make_player("expert")] + [make_player("heuristic")
                                                 for _ in range(rules.players - 1)]
            play_variant_game(players, rules, 1, 0)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
