"""The environments' observable behaviour, pinned before their action numbering moved into
the engine (2026-11-28): the number of each action, and whole games from fixed seeds (each
observation, each action, the final state) in both environments. A trained agent's
numbers must keep meaning the same moves.

A final state is digested without ``play_steps``, the compiled play's working array, whose
layout is the engine's own: it grew to four seats for the variants (2026-11-29) with every
game, observation and other field unchanged (checked against the code before).
"""

from __future__ import annotations

import hashlib
import json

import numpy as np

from ai.env import N_ACTIONS, CribbageEnv, CribbageGymEnv, decode_action


def digest(value) -> str:
    return hashlib.sha256(json.dumps(value, default=str).encode()).hexdigest()[:16]


def final_state(game) -> dict:
    snapshot = game.snapshot()
    del snapshot["play_steps"]
    return snapshot


def test_the_action_numbering_is_unchanged():
    assert N_ACTIONS == 1379
    assert digest([repr(decode_action(n)) for n in range(N_ACTIONS)]) == "154196aa8b72eb67"


def test_pettingzoo_games_from_fixed_seeds_are_unchanged():
    env, seen = CribbageEnv(), []
    for seed in range(3):
        rng = np.random.default_rng(seed)
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            seen.append(digest(obs["observation"].tolist()))
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            seen.append(action)
            env.step(action)
        seen.append(digest(final_state(env.game)))
    assert digest(seen) == "444b32f94c9c2785"


def test_gymnasium_games_from_fixed_seeds_are_unchanged():
    env, seen = CribbageGymEnv("heuristic"), []
    for seed in range(3):
        rng = np.random.default_rng(seed)
        obs, _info = env.reset(seed=seed)
        over = False
        while not over:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, reward, over, _, _info = env.step(action)
            seen.append((action, reward, digest(obs["observation"].tolist())))
        seen.append(digest(final_state(env.game)))
    assert digest(seen) == "237f5508340c1a93"
