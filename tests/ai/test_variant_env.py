"""The environments in the variants: ``ai.env.env(variant=...)`` with one agent a seat,
PettingZoo's own API test, random agents playing whole games with legal actions only,
what each seat may see, the rewards by side, and the Gymnasium env against named players."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test  # noqa: E402

from ai.env import (  # noqa: E402
    N_CARDS,
    CribbageEnv,
    CribbageGymEnv,
    env,
    game_action,
    observation_size,
)
from engine.actions import Toss  # noqa: E402
from engine.rules import VARIANTS  # noqa: E402
from engine.state import Phase  # noqa: E402

VARIANT_NAMES = ["five-card", "three-player", "four-player"]


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_pettingzoo_api_test_passes_on_each_variant(variant):
    game = env(variant=variant)
    api_test(game, num_cycles=200)
    bare = CribbageEnv(variant=variant)
    api_test(bare, num_cycles=200)
    players = VARIANTS[variant].players
    assert game.possible_agents == [f"player_{seat}" for seat in range(players)]
    assert game.observation_space("player_0")["observation"].shape == \
        (observation_size(VARIANTS[variant]),)


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_random_agents_play_fifty_games_to_the_engines_end(variant):
    """Random agents, drawing from the mask only, play 50 games: every action legal in
    the engine, and the rewards the engine's winner's, by side (partners share)."""
    rules = VARIANTS[variant]
    game = env(variant=variant)
    rng = np.random.default_rng(5)
    for number in range(50):
        game.reset(seed=number)
        raw = game.unwrapped
        totals = dict.fromkeys(game.possible_agents, 0.0)
        for agent in game.agent_iter():
            obs, reward, terminated, truncated, _ = game.last()
            totals[agent] += reward
            if terminated or truncated:
                game.step(None)
                continue
            seat = game.possible_agents.index(agent)
            assert raw.game.current_player() == seat
            choice = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            assert game_action(raw.game, choice) in raw.game.legal_actions(seat)
            game.step(choice)
        engine = raw.game
        assert engine.is_over and max(engine.scores) >= rules.target
        winners = [a for a, total in totals.items() if total > 0]
        assert winners == [a for s, a in enumerate(game.possible_agents)
                           if rules.side_of(s) == engine.winner]
        # +1 to the winning side; the losers share -1 (zero-sum, GameState.returns)
        assert totals == dict(zip(game.possible_agents, engine.returns(), strict=True))
        assert all(totals[a] == 1.0 for a in winners)
        assert sum(totals.values()) == pytest.approx(0.0)


def test_partners_share_the_reward_and_three_losers_share_the_loss():
    for variant, losses in (("four-player", {-1.0}), ("three-player", {-0.5})):
        game = CribbageEnv(variant=variant)
        game.reset(seed=3)
        rng = np.random.default_rng(0)
        while game.agents and not all(game.terminations.values()):
            mask = game.observe(game.agent_selection)["action_mask"]
            game.step(int(rng.choice(np.flatnonzero(mask))))
        rules = VARIANTS[variant]
        rewards = [game.rewards[a] for a in game.possible_agents]
        side = game.game.winner
        assert {r for s, r in enumerate(rewards) if rules.side_of(s) == side} == {1.0}
        assert {r for s, r in enumerate(rewards) if rules.side_of(s) != side} == losses


@pytest.mark.parametrize("variant", ["three-player", "four-player"])
def test_each_seat_sees_only_its_own_cards(variant):
    """Through a whole game: no seat's observation holds another's unplayed cards (its
    partner's neither), nor the crib's card from the deck."""
    game = CribbageEnv(variant=variant)
    game.reset(seed=11)
    rng = np.random.default_rng(1)
    players = VARIANTS[variant].players
    checked = 0
    while game.agents and not all(game.terminations.values()):
        engine = game.game
        public = {c for _, c in engine.played}
        if engine.starter is not None:
            public.add(engine.starter)
        for seat, agent in enumerate(game.possible_agents):
            vector = game.observe(agent)["observation"]
            seen = set(np.flatnonzero(vector[:(5 + players) * N_CARDS]) % N_CARDS)
            own = set(engine.dealt[seat])
            others = {c for s in range(players) if s != seat for c in engine.hands[s]}
            hidden = (others | set(engine.deck_crib)) - public - own
            assert not seen & hidden
            checked += 1
        mask = game.observe(game.agent_selection)["action_mask"]
        game.step(int(rng.choice(np.flatnonzero(mask))))
    assert checked > 100


def test_a_one_card_toss_is_the_cards_number_in_the_discard():
    game = CribbageEnv(variant="three-player")
    game.reset(seed=2)
    engine = game.game
    seat = engine.current_player()
    mask = game.observe(game.agent_selection)["action_mask"]
    assert engine.phase is Phase.DISCARD
    assert sorted(np.flatnonzero(mask)) == sorted(engine.dealt[seat])  # one of five
    card = engine.dealt[seat][0]
    assert game_action(engine, card) == Toss((card,))
    game.step(card)
    assert engine.tosses[seat] == (card,)


def test_the_observation_places_the_other_seats_from_each_seat():
    """The first card played lands in the player's own plane for it, and in the plane of
    'one seat to the right' (the last plane of played cards) for its left-hand neighbour."""
    game = CribbageEnv(variant="three-player")
    game.reset(seed=4)
    rng = np.random.default_rng(2)
    engine = game.game
    while not engine.played:
        mask = game.observe(game.agent_selection)["action_mask"]
        game.step(int(rng.choice(np.flatnonzero(mask))))
    by, card = engine.played[0]
    for seat, agent in enumerate(game.possible_agents):
        planes = game.observe(agent)["observation"][:8 * N_CARDS].reshape(8, N_CARDS)
        place = (by - seat) % 3
        assert planes[4 + place, card] == 1
        assert planes[4:7, card].sum() == 1


@pytest.mark.parametrize("variant, opponents",
                         [("three-player", "heuristic"),
                          ("four-player", ("random", "heuristic", "random")),
                          ("five-card", "random")])
def test_the_gymnasium_env_plays_a_variant_against_named_players(variant, opponents):
    gym = CribbageGymEnv(opponents, variant=variant)
    rng = np.random.default_rng(0)
    seats = set()
    for number in range(6):
        obs, info = gym.reset(seed=number)
        seats.add(info["seat"])
        over = False
        while not over:
            assert gym.game.current_player() == gym.seat
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, reward, over, _, info = gym.step(action)
        assert reward == gym.game.returns()[gym.seat]
    assert len(seats) > 1


def test_the_gymnasium_env_refuses_a_player_of_the_two_player_game_only():
    with pytest.raises(ValueError, match="mueller plays the two-player six-card game only"):
        CribbageGymEnv("mueller", variant="three-player")
    with pytest.raises(ValueError, match="four-player needs 3 opponents, not 2"):
        CribbageGymEnv(("random", "random"), variant="four-player")


@pytest.mark.parametrize("variant", ["three-player", "four-player"])
def test_gymnasiums_checker_passes_on_a_variant(variant):
    from gymnasium.utils.env_checker import check_env

    check_env(CribbageGymEnv("random", variant=variant), skip_render_check=True)
