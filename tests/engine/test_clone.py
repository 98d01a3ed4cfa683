"""GameState.clone(): equal to its original and independent of it, at any point of any
game (seeded or explicit chance, manual counting and pegging), and it plays on exactly as
the original would."""

from __future__ import annotations

import copy

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import TERMINAL, GameState


def random_step(game: GameState, rng: np.random.Generator) -> None:
    """One uniformly random legal step: of chance in an explicit-chance game (a card),
    else of the seat to act."""
    who = game.current_player()
    actions = game.legal_actions(who)
    game.apply(who, actions[rng.integers(len(actions))])


def walk(game: GameState, rng: np.random.Generator, steps: int) -> GameState:
    for _ in range(steps):
        if game.current_player() == TERMINAL:
            break
        random_step(game, rng)
    return game


GAMES = st.fixed_dictionaries({
    "seed": st.integers(0, 2**32),
    "chance": st.sampled_from(["seeded", "explicit"]),
    "manual_count": st.tuples(st.booleans(), st.booleans()),
    "manual_pegging": st.tuples(st.booleans(), st.booleans()),
    "muggins": st.booleans(),
})


@settings(max_examples=60, deadline=None)
@given(setup=GAMES, before=st.integers(0, 400), after=st.integers(1, 60),
       which=st.sampled_from(["original", "clone"]), play_seed=st.integers(0, 2**32))
def test_a_clone_is_equal_and_independent(setup, before, after, which, play_seed):
    rng = np.random.default_rng(play_seed)
    game = walk(GameState.new(**setup), rng, before)
    frozen = game.snapshot()
    twin = game.clone()
    assert twin == game and twin is not game
    assert twin.snapshot() == frozen
    # mutate one of the two: the other keeps the position it had
    moved, kept = (game, twin) if which == "original" else (twin, game)
    walk(moved, np.random.default_rng(play_seed + 1), after)
    assert kept.snapshot() == frozen
    # and the one kept plays on exactly as the one moved did (same choices, same chance:
    # the seeded deals drawn after the clone come from its own copy of the generators)
    walk(kept, np.random.default_rng(play_seed + 1), after)
    assert kept == moved


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), before=st.integers(0, 300))
def test_a_clone_equals_a_deep_copy_and_clones_of_clones_stay_apart(seed, before):
    rng = np.random.default_rng(seed)
    game = walk(GameState.new(seed), rng, before)
    deep = copy.deepcopy(game)
    first = game.clone()
    second = first.clone()
    assert first == deep == second == game
    for one in (game, first, second):  # each plays the same random game to its end
        walk(one, np.random.default_rng(seed + 7), 10_000)
    walk(deep, np.random.default_rng(seed + 7), 10_000)
    assert game == first == second == deep and game.is_over


def test_every_field_is_immutable_or_copied_by_clone():
    """clone() copies lists (``hands`` two levels), the play's array and (lazily) the
    generators, and shares the rest: a new mutable field must be added there."""
    immutable = (int, float, str, bool, tuple, type(None), np.ndarray, np.random.Generator)
    rng = np.random.default_rng(3)
    for setup in ({"seed": 1}, {"seed": 2, "chance": "explicit"},
                  {"seed": 3, "manual_count": (True, True), "manual_pegging": (True, False)}):
        game = GameState.new(**setup)
        for _ in range(250):
            for name, value in vars(game).items():
                if name == "hands":
                    assert all(type(h) is list for h in value)
                    continue
                if type(value) is list:
                    value = tuple(value)
                assert isinstance(value, immutable), name
                if isinstance(value, tuple):
                    for item in value:
                        hash(item)  # frozen: events, actions, cards, tuples of them
            if game.is_over:
                break
            random_step(game, rng)


def test_the_clone_benchmark_times_both_on_the_same_state():
    from engine.bench import bench_clone

    figures = bench_clone(1)
    assert figures["clone_us"] > 0 and figures["deepcopy_us"] > 0
    assert figures["clone_speedup"] == pytest.approx(figures["deepcopy_us"] / figures["clone_us"])
