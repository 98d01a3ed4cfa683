import dataclasses

import numpy as np
import pytest

from ai import Decision, Player, UnknownPlayerError, available_players, make_player
from ai.base import Reasoning
from ai.match import play_game
from engine import GameState, IllegalActionError, Toss

NAMES = [p.name for p in available_players()]


def test_registry_lists_every_level_weakest_first():
    assert NAMES[0] == "random"
    assert {"random", "heuristic", "mueller", "evolved", "weights"} <= set(NAMES)
    for info in available_players():
        assert info.title and info.description
        assert make_player(info.name).name == info.name


def test_the_2026_expert_is_kept_for_measuring_not_offered_as_a_level(monkeypatch):
    monkeypatch.setenv("CRIBBAGE_EXPERT_PARTS", "reads=fixed")  # fitted: refereed only
    from ai import named_levels
    from ai.match import compiled

    assert NAMES[-1] == "expert"  # the last is the strongest: the hint's
    assert "expert-2026" in NAMES
    assert "expert-2026" not in [lv.player.name for lv in named_levels()]
    assert compiled.differences("expert-2026", "mueller", 5, [0, 1]) == []
    assert compiled.differences("expert", "expert-2026", 5, [0]) == []
    assert "expert-2026-11" in NAMES
    assert "expert-2026-11" not in [lv.player.name for lv in named_levels()]
    assert compiled.differences("expert-2026-11", "mueller", 5, [0]) == []


def test_unknown_names_and_options_are_refused_clearly():
    with pytest.raises(UnknownPlayerError, match="known players: random, "):
        make_player("grandmaster")
    with pytest.raises(UnknownPlayerError, match="takes no options"):
        make_player("random:fast")
    assert isinstance(UnknownPlayerError("x"), ValueError)


@pytest.mark.parametrize("name", NAMES)
def test_every_decision_has_a_structured_reasoning_record(name):
    player = make_player(name, seed=1)
    game = GameState.new(3, first_dealer=0)
    opponent = make_player("random", seed=2)
    player.new_game(0)
    opponent.new_game(1)
    seen = 0
    while not game.is_over and seen < 40:
        seat = game.to_play if game.to_play is not None else \
            (0 if game.legal_actions(0) else 1)
        decision = (player if seat == 0 else opponent).decide(game.observation(seat))
        assert isinstance(decision, Decision)
        assert dataclasses.is_dataclass(decision.reasoning)
        assert isinstance(decision.reasoning, Reasoning)
        assert isinstance(decision.reasoning.summary(), str) and decision.reasoning.summary()
        game.apply(seat, decision.action)
        seen += seat == 0


def test_an_illegal_decision_is_refused():
    class Cheat(Player):
        name = "cheat"

        def discard(self, obs):
            return Decision(Toss((obs.unseen[0], obs.unseen[1])), Reasoning())

        def play(self, obs):
            raise AssertionError

    game = GameState.new(1)
    with pytest.raises(IllegalActionError, match="cheat chose an illegal action"):
        Cheat().decide(game.observation(0))


@pytest.mark.parametrize("name", NAMES)
def test_the_same_seed_replays_the_same_game(name):
    a = play_game((make_player(name), make_player("random")), seed=5, index=3)
    b = play_game((make_player(name), make_player("random")), seed=5, index=3)
    c = play_game((make_player(name), make_player("random")), seed=5, index=4)
    assert (a.scores, a.winner, a.deals) == (b.scores, b.winner, b.deals)
    assert (a.seed, a.scores) != (c.seed, c.scores)


def test_an_injected_generator_is_used():
    rng = np.random.default_rng(9)
    player = make_player("random", seed=rng)
    assert player.rng is rng


def test_a_toss_in_either_order_is_the_same_legal_toss():
    class Backwards(Player):
        name = "backwards"

        def discard(self, obs):
            return Decision(Toss((obs.dealt[1], obs.dealt[0])), Reasoning())

        def play(self, obs):
            raise AssertionError

    game = GameState.new(2)
    decision = Backwards().decide(game.observation(0))
    assert decision.action == Toss((game.observation(0).dealt[0], game.observation(0).dealt[1]))
    game.apply(0, decision.action)
