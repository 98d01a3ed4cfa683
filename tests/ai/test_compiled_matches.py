"""Matches at compiled speed: the compiled loop (``ai.match.compiled``) plays the same
games as the referee and the Python players, action for action, for every pair of
built-in players. (``cribbage bench-match --verify N`` checks thousands of games a pair.)"""

import itertools

import numpy as np
import pytest

from ai.match import compiled, run_match
from ai.match.driver import game_seed
from ai.match.runner import play_chunk
from ai.match.tournament import run_tournament
from ai.players.heuristic import HeuristicPlayer
from ai.registry import make_player
from engine.actions import GO, PlayCard, Toss
from engine.state import GameState

PLAYERS = ("random", "heuristic", "evolved", "weights", "mueller", "expert")
PAIRS = list(itertools.combinations_with_replacement(PLAYERS, 2))


@pytest.mark.parametrize("a, b", PAIRS, ids=[f"{a}-{b}" for a, b in PAIRS])
def test_every_pair_plays_the_same_games_compiled_and_refereed(a, b, monkeypatch):
    """Same deals, same decisions (Mueller's mixed strategy and the expert's sampling
    drawn from the same generators), same scores and figures: both seat orders. (The
    expert reads at sharpnesses fitted during the game, which only the referee plays; its
    kernels run compiled with the reads fixed, as ``expert-2026-11``'s do.)"""
    monkeypatch.setenv("CRIBBAGE_EXPERT_PARTS", "reads=fixed lead=4 reply=2")
    games = 3 if "expert" in (a, b) else 10
    seed = PAIRS.index((a, b))
    assert compiled.differences(a, b, seed, list(range(games))) == []
    if a != b:
        assert compiled.differences(b, a, seed, list(range(games))) == []


def test_a_crib_that_never_scores_is_counted_the_same_way():
    """Game 320 of seed 0 (found by ``bench-match --verify 1000``): seat 1's cribs all
    count 0. The referee saw the zero counts and the compiled loop did not; both results
    now leave zero figures out, so the games compare equal."""
    result, _ = compiled.referee_trace((make_player("heuristic"), make_player("heuristic")),
                                       0, 320)
    assert (1, "dealer", "crib") not in result.role_points
    assert result.points[(1, "crib")] == 0 and result.deals_dealt[1] > 0
    assert compiled.differences("heuristic", "heuristic", 0, [320]) == []
    assert compiled.differences("mueller", "heuristic", 0, [38, 952]) == []


def test_a_different_decision_is_found(monkeypatch):
    """The comparison itself: a heuristic that, in the referee only, plays its last legal
    card instead of its choice differs from the compiled games."""
    choose = HeuristicPlayer.play

    def contrary(self, obs):
        decision = choose(self, obs)
        return type(decision)(PlayCard(obs.legal_cards[-1]), decision.reasoning)

    monkeypatch.setattr(HeuristicPlayer, "play", contrary)
    assert compiled.differences("mueller", "heuristic", 0, list(range(6))) != []


@pytest.mark.parametrize("a, b", [("mueller", "expert-2026-11"), ("weights", "evolved")])
def test_a_compiled_game_is_legal_move_by_move(a, b):
    """The compiled game's actions, replayed through the referee alone (no players), are
    every one legal and end with the compiled result."""
    for index in range(3):
        result, actions = compiled.traced_game((make_player(a), make_player(b)), 9, index)
        game = GameState.new(game_seed(9, index), first_dealer=index % 2)
        for action in actions:
            seat = action[1]
            if action[0] == "toss":
                game.apply(seat, Toss(action[2]))
            elif action[0] == "play":
                game.apply(seat, PlayCard(action[2]))
            else:
                game.apply(seat, GO)
        assert game.is_over
        assert (game.scores[0], game.scores[1]) == result.scores
        assert game.winner == result.winner


def test_only_built_in_players_run_compiled():
    class Imitation(HeuristicPlayer):  # a player of the same name from outside ai.players
        pass

    Imitation.__module__ = "my_bots"
    assert compiled.tables_of(Imitation()) is None
    assert not compiled.compiled((make_player("random"), Imitation()))
    assert compiled.compiled((make_player("weights"), make_player("expert-2026-11")))
    # the expert learns how its opponent reads from the game's events: refereed only
    assert not compiled.compiled((make_player("weights"), make_player("expert")))
    with pytest.raises(ValueError, match="compiled decision"):
        compiled.play_games((make_player("random"), Imitation()), 0, [0])
    [refereed] = play_chunk(("random", "heuristic", 0, [0], True))
    [fast] = play_chunk(("random", "heuristic", 0, [0]))
    assert not refereed.compiled and fast.compiled
    assert len(refereed.decision_seconds[0]) > 0 and fast.decision_seconds == ([], [])
    assert fast.scores == refereed.scores and fast.decisions == refereed.decisions


def test_a_match_says_how_its_games_were_played():
    fast = run_match("mueller", "heuristic", 8, seed=2)
    slow = run_match("mueller", "heuristic", 8, seed=2, referee=True)
    assert fast["compiled_games"] == 8 and slow["compiled_games"] == 0
    assert fast["decision_ms_median_a"] is None and slow["decision_ms_median_a"] > 0
    for key in ("wins_a", "wins_b", "skunks_a", "points_per_deal_a", "points_per_deal_b",
                "deals_per_game", "first_dealer_win_rate"):
        assert fast[key] == slow[key], key


def test_a_tournament_gives_the_same_table_either_way():
    names = ["random", "heuristic", "mueller"]
    fast = run_tournament(names, 4, seed=5, duplicate=True)
    slow = run_tournament(names, 4, seed=5, duplicate=True, referee=True)
    assert fast["pairs"] == slow["pairs"]
    assert [p["wins"] for p in fast["players"]] == [p["wins"] for p in slow["players"]]
    assert np.allclose([p["elo"] for p in fast["players"]],
                       [p["elo"] for p in slow["players"]])
