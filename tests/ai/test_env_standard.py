"""The environments as their ecosystems expect them: ``ai.env.env()`` in PettingZoo's
standard wrappers passes PettingZoo's API test, and ``CribbageGymEnv(...)`` with its
defaults passes Gymnasium's ``check_env``; an illegal action loses the game in both (the
documented behaviour, docs/rl-environments.md) instead of raising."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from ai.env import AGENTS, CribbageEnv, CribbageGymEnv, env


def test_env_is_wrapped_as_pettingzoos_classic_games_are():
    from pettingzoo.utils import wrappers

    layers, inner = [], env()
    while isinstance(inner, wrappers.BaseWrapper):
        layers.append(type(inner))
        inner = inner.env
    assert layers == [wrappers.OrderEnforcingWrapper, wrappers.AssertOutOfBoundsWrapper,
                      wrappers.TerminateIllegalWrapper]
    assert isinstance(inner, CribbageEnv)


@pytest.mark.parametrize("objective", ["win", "acc"])
def test_pettingzoo_api_test_passes_on_the_wrapped_env(objective):
    from pettingzoo.test import api_test

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice to flatten dict observations
        api_test(env(objective=objective), num_cycles=1000)


@pytest.mark.parametrize(("objective", "worst"), [("win", -1.0), ("acc", -3.0)])
def test_an_illegal_action_in_the_wrapped_env_loses_the_game(objective, worst):
    game = env(objective=objective)
    game.reset(seed=2)
    mover = game.agent_selection
    obs, _, _, _, _ = game.last()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the wrapper's own warning about the move
        game.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert all(game.terminations.values())
    assert game.rewards[mover] == worst and game.rewards[AGENTS[1 - AGENTS.index(mover)]] == 0
    with pytest.raises(AssertionError):  # outside the action space
        fresh = env()
        fresh.reset(seed=2)
        fresh.step(1379)


def test_the_wrapped_env_enforces_reset_first():
    from pettingzoo.utils.env import AECEnv

    game = env()
    assert isinstance(game, AECEnv)
    with pytest.raises(Exception, match="reset"):
        game.step(0)


@pytest.mark.parametrize("opponent", ["random", "mueller"])
def test_gymnasium_check_env_passes_with_the_defaults(opponent):
    from gymnasium.utils.env_checker import check_env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # no spec: it cannot try other render modes
        check_env(CribbageGymEnv(opponent))


def test_by_default_an_illegal_action_loses_the_gymnasium_game():
    environment = CribbageGymEnv("random", seat=0)
    obs, _ = environment.reset(seed=4)
    _, reward, over, truncated, info = environment.step(
        int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert over and not truncated and reward == -1.0 and info["illegal"]
