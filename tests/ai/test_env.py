"""The reinforcement-learning environments (ai.env): PettingZoo's API test, each seat's view
only, the action numbering, the rewards, seeds, and the Gymnasium environment against a
built-in player."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from ai.env import (
    AGENTS,
    GO_ACTION,
    N_ACTIONS,
    N_CARDS,
    OBSERVATION_SIZE,
    CribbageEnv,
    CribbageGymEnv,
    action_mask,
    decode_action,
    encode_action,
)
from engine import GameState
from engine.errors import IllegalActionError
from engine.state import TERMINAL

FINAL: dict[str, float] = {}  # each agent's reward as play_out last saw it, at the end


def play_out(env: CribbageEnv, seed: int, check=None) -> list[int]:
    """A game of random legal actions (the actions, in order); ``check(env, agent, obs)``
    at every live step; each agent's final reward into FINAL."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    actions = []
    FINAL.clear()
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            FINAL[agent] = reward
            env.step(None)
            continue
        if check is not None:
            check(env, agent, obs)
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        actions.append(action)
        env.step(action)
    return actions


def test_pettingzoo_api_test_passes():
    from pettingzoo.test import api_test

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice to flatten dict observations
        api_test(CribbageEnv(), num_cycles=2000)
        api_test(CribbageEnv(objective="acc"), num_cycles=500)


def test_each_agent_sees_its_own_cards_only_and_its_legal_actions():
    def check(env, agent, obs):
        game, seat = env.game, AGENTS.index(agent)
        assert game.current_player() == seat
        planes = obs["observation"][:7 * N_CARDS].reshape(7, N_CARDS)
        hidden = set(game.hands[1 - seat]) | set(game.tosses[1 - seat] or ()) \
            | {c for c in range(N_CARDS) if c not in game.dealt[0] + game.dealt[1]
               and c != game.starter}
        shown = {c for plane in planes[:7] for c in np.flatnonzero(plane)}
        assert not shown & hidden
        assert set(np.flatnonzero(planes[0])) == set(game.hands[seat])
        legal = {encode_action(a) for a in game.legal_actions(seat)}
        assert set(np.flatnonzero(obs["action_mask"])) == legal
        assert obs["observation"].shape == (OBSERVATION_SIZE,)
        assert obs["observation"].min() >= 0.0 and obs["observation"].max() <= 1.0

    env = CribbageEnv()
    for seed in range(4):
        play_out(env, seed, check)


def test_every_action_has_one_number_and_back():
    seen = set()
    for number in range(N_ACTIONS):
        action = decode_action(number)
        assert encode_action(action) == number
        seen.add(action)
    assert len(seen) == N_ACTIONS == 52 + 1 + 1326
    assert decode_action(GO_ACTION) == decode_action(52)
    with pytest.raises(ValueError):
        decode_action(N_ACTIONS)
    game = GameState.new(3)
    seat = game.current_player()
    assert action_mask(game, seat).sum() == 15  # the 15 throws of six cards
    assert action_mask(game, 1 - seat).sum() == 15  # both may throw (the pone first)


@pytest.mark.parametrize("objective", ["win", "acc"])
def test_the_rewards_are_the_games_returns_zero_sum(objective):
    env = CribbageEnv(objective=objective)
    for seed in range(3):
        play_out(env, seed)
        game = env.game
        assert game.current_player() == TERMINAL
        totals = FINAL
        assert sorted(totals) == list(AGENTS)
        assert totals[AGENTS[game.winner]] > 0 and sum(totals.values()) == 0
        expected = 1.0 if objective == "win" else (3.0 if game.skunk else 2.0)
        assert totals[AGENTS[game.winner]] == expected == game.returns(objective)[game.winner]


def test_a_seed_deals_the_same_game():
    first, second = CribbageEnv(), CribbageEnv()
    assert play_out(first, 7) == play_out(second, 7)
    assert first.game.snapshot() == second.game.snapshot()
    first.reset(seed=7)
    second.reset(seed=8)
    assert first.game.dealt != second.game.dealt


def test_an_illegal_action_is_refused_and_changes_nothing():
    env = CribbageEnv()
    env.reset(seed=2)
    before = env.game.snapshot()
    illegal = next(n for n in range(N_ACTIONS) if not env.observe(env.agent_selection)
                   ["action_mask"][n])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    assert env.game.snapshot() == before


@pytest.mark.parametrize("opponent", ["random", "mueller"])
def test_one_agent_against_a_built_in_player(opponent):
    env = CribbageGymEnv(opponent)
    rng = np.random.default_rng(1)
    for seed in range(3):
        obs, info = env.reset(seed=seed)
        assert env.game.current_player() == info["seat"] == env.seat
        over, reward = False, 0.0
        while not over:
            assert env.game.current_player() == env.seat
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, reward, over, truncated, info = env.step(action)
            assert not truncated
        won = env.game.winner == env.seat
        assert reward == (1.0 if won else -1.0) and info["winner"] == env.game.winner


def test_the_gymnasium_checker_and_an_illegal_action_there():
    """Gymnasium's check_env steps with unmasked samples, mostly illegal: it passes with
    illegal_action="lose" (the default since 2026-11-28, as docs/rl-environments.md says),
    and with "raise" each raises."""
    from gymnasium.utils.env_checker import check_env

    env = CribbageGymEnv("mueller", illegal_action="lose")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env, skip_render_check=True)
        with pytest.raises(IllegalActionError):
            check_env(CribbageGymEnv("mueller", illegal_action="raise"),
                      skip_render_check=True)
    obs, _ = env.reset(seed=4)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, over, _, info = env.step(illegal)
    assert over and reward == -1.0 and info["illegal"]
    strict = CribbageGymEnv("random", seat=1, illegal_action="raise")
    obs, info = strict.reset(seed=4)
    assert info["seat"] == 1
    before = strict.game.snapshot()
    with pytest.raises(IllegalActionError):
        strict.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert strict.game.snapshot() == before


def _play_to_the_end(env: CribbageGymEnv, seed: int) -> float:
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    over, reward = False, 0.0
    while not over:
        obs, reward, over, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return reward


@pytest.mark.parametrize("illegal_action", ["raise", "lose"])
def test_a_step_after_the_end_raises_telling_to_reset(illegal_action):
    """It used to be refused as an illegal action, or with "lose" to give -1 after a won
    game; a game lost by an illegal action went on at the next step."""
    from gymnasium.error import ResetNeeded

    env = CribbageGymEnv("random", seat=0, illegal_action=illegal_action)
    won = next(seed for seed in range(20) if _play_to_the_end(env, seed) > 0)
    assert env.game.winner == 0
    for action in (0, int(np.flatnonzero(env._observation()["action_mask"] == 0)[0])):
        with pytest.raises(ResetNeeded, match=r"the game is over: call reset\(\)"):
            env.step(action)
    assert env.game.winner == 0
    obs, _ = env.reset(seed=won)
    if illegal_action == "lose":
        _, reward, over, _, info = env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
        assert over and reward == -1.0 and info["illegal"]
        before = env.game.snapshot()
        with pytest.raises(ResetNeeded, match="call reset"):
            env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        assert env.game.snapshot() == before
    with pytest.raises(RuntimeError, match="call reset"):  # (ResetNeeded is one too)
        CribbageGymEnv("random").step(0)


NOT_ACTIONS = ["123", 12.7, True, np.bool_(True), float("inf"), np.float64(3.0), None, [3],
               np.array([5])]


@pytest.mark.parametrize("action", NOT_ACTIONS, ids=repr)
@pytest.mark.parametrize("illegal_action", ["raise", "lose"])
def test_an_action_that_is_not_an_integer_is_refused_naming_it(action, illegal_action):
    """"123", 12.7 and True used to be taken as actions 123, 12 and 1, and inf raised
    OverflowError: now one TypeError, whatever illegal_action says (not a move at all)."""
    env = CribbageGymEnv("random", seat=0, illegal_action=illegal_action)
    env.reset(seed=3)
    before = env.game.snapshot()
    with pytest.raises(TypeError) as info:
        env.step(action)
    message = str(info.value)
    assert "an integer from 0 to 1378" in message and repr(action)[:4] in message, message
    assert env.game.snapshot() == before
    with pytest.raises(ValueError, match="no action numbered 1379"):
        env.step(N_ACTIONS)


@pytest.mark.parametrize("kind", [int, np.int64, np.int32, np.uint16, np.array])
def test_numpy_integers_are_actions(kind):
    env = CribbageGymEnv("random", seat=0)
    obs, _ = env.reset(seed=3)
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    env.step(kind(legal))
    assert env.game.tosses[0] is not None and decode_action(kind(legal)) == \
        decode_action(legal)


def test_the_pettingzoo_environment_refuses_what_is_not_an_action_or_an_agent():
    from gymnasium.error import ResetNeeded

    env = CribbageEnv()
    with pytest.raises(ResetNeeded, match=r"call reset\(\)"):
        env.step(0)
    env.reset(seed=2)
    before = env.game.snapshot()
    for action in NOT_ACTIONS:
        with pytest.raises(TypeError, match="an integer from 0 to 1378"):
            env.step(action)
    assert env.game.snapshot() == before
    for ask in (env.observe, env.action_space, env.observation_space):
        with pytest.raises(ValueError, match="unknown agent 'player_2': player_0 or player_1"):
            ask("player_2")
    play_out(env, 2)
    assert env.agents == []
    for action in (0, None):
        with pytest.raises(ResetNeeded, match=r"the game is over: call reset\(\)"):
            env.step(action)
    with pytest.raises(ResetNeeded, match="call reset"):
        env.last()


def test_bench_env_prints_both_speeds(capsys):
    from cribbage_gui.cli import main

    assert main(["bench-env", "--games", "3"]) == 0
    out = capsys.readouterr().out
    assert "PettingZoo AEC" in out and "Gymnasium against random" in out and "steps/s" in out
