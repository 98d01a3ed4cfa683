"""Matches of the variants: ``cribbage match A B [C [D]] --variant NAME``, the random and
heuristic players at every table, the seeds' players refused, game files that record the
variant and every score."""

from __future__ import annotations

import json

import numpy as np
import pytest

from ai.match.variant import play_variant_game, run_variant_match
from ai.players.heuristic import HeuristicPlayer, variant_play
from ai.registry import make_player
from cribbage_gui.services import gamefile
from engine.events import Scored, Show
from engine.rules import VARIANTS
from engine.state import GameState, Phase
from tests.engine.variant_reference import show_points

TABLES = {
    "five-card": ["heuristic", "random"],
    "three-player": ["heuristic", "random", "random"],
    "four-player": ["heuristic", "random", "heuristic", "random"],
}


@pytest.mark.parametrize("variant", list(TABLES))
def test_the_heuristic_side_is_clearly_ahead_of_random(variant):
    summary = run_variant_match(TABLES[variant], VARIANTS[variant], 16, seed=3)
    assert summary["variant"] == variant and summary["games"] == 16
    assert summary["wins"][0] >= 12  # 90-94% over 100 games (docs/variants.md)
    if variant == "four-player":  # partners share their wins
        assert summary["wins"][0] == summary["wins"][2] == summary["side_wins"][0]
        assert summary["wins"][1] + summary["wins"][0] == 16
    else:
        assert sum(summary["wins"]) == 16


def test_a_variant_game_replays_from_its_seed():
    players = [make_player(n) for n in TABLES["three-player"]]
    one = play_variant_game(players, VARIANTS["three-player"], 5, 2)
    two = play_variant_game(players, VARIANTS["three-player"], 5, 2)
    assert one == two and one.dealer is not None and one.first_dealer == 2


def test_the_command_line_plays_saves_and_says_the_variant(tmp_path, capsys):
    from cribbage_gui.cli import main

    assert main(["match", "heuristic", "random", "heuristic", "random", "--variant",
                 "four-player", "--games", "3", "--json", "--save-games",
                 str(tmp_path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["variant"] == "four-player" and out["games"] == 3
    assert len(out["wins"]) == 4 and out["wins"][0] == out["wins"][2]
    files = sorted(tmp_path.glob("*.crib.json"))
    assert len(files) == 3
    for path in files:
        file = gamefile.read(path)
        assert file.players == ("heuristic", "random", "heuristic", "random")
        record = json.loads(path.read_text())["game"]
        assert record["variant"] == "four-player"
        assert all(len(cut.split()) == 4 for cut in record["cuts"])
        check_every_show(file.game)


def check_every_show(game: GameState) -> None:
    """Every hand and crib of the game counted as the slow reference counts it."""
    events = game.events
    shows = 0
    for i, event in enumerate(events):
        if isinstance(event, Show):
            scored = next(e for e in events[i + 1:] if isinstance(e, Scored))
            assert scored.points == show_points(list(event.cards), event.starter,
                                                event.what == "crib")
            shows += 1
    assert shows >= 1


@pytest.mark.parametrize("variant", ["five-card", "three-player"])
def test_every_show_of_a_variant_game_is_scored_right(variant):
    players = [make_player(n) for n in TABLES[variant]]
    for index in range(3):
        check_every_show(play_variant_game(players, VARIANTS[variant], 9, index))


@pytest.mark.parametrize("name", ["mueller", "evolved", "weights", "expert-2026"])
def test_the_seeds_players_are_refused_in_a_variant_with_one_line(name, capsys):
    from cribbage_gui.cli import main

    with pytest.raises(SystemExit) as stop:
        main(["match", name, "random", "--variant", "five-card", "-n", "1"])
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "plays the two-player six-card game only, not five-card" in err


def test_the_number_of_players_must_fit_the_variant(capsys):
    from cribbage_gui.cli import main

    for args, says in ((["random", "random", "--variant", "three-player"],
                        "three-player is played by 3 players, not 2"),
                       (["random", "random", "random"], "six-card is played by 2 players, not 3")):
        with pytest.raises(SystemExit) as stop:
            main(["match", *args])
        assert stop.value.code == 2 and says in capsys.readouterr().err


def test_the_heuristics_rules_in_python_are_the_compiled_ones():
    """The Python rules a variant plays by, asked of two-player six-card positions, choose
    the card the compiled kernels choose (same rules, same tie-breaks)."""
    player = HeuristicPlayer(0)
    rng = np.random.default_rng(1)
    compared = 0
    for seed in range(12):
        game = GameState.new(seed)
        while not game.is_over and compared < 400:
            seat = game.current_player()
            obs = game.observation(seat)
            if obs.phase is Phase.PLAY and len(obs.legal_cards) > 1:
                assert variant_play(obs).action == player.play(obs).action
                compared += 1
            actions = game.legal_actions(seat)
            game.apply(seat, actions[rng.integers(len(actions))])
    assert compared >= 300


def test_ctrl_c_keeps_the_games_finished(tmp_path, capsys, monkeypatch):
    """Ctrl-C in a variant's match: the games finished are printed and saved, one line
    says so, the exit status is 130."""
    from ai.match import variant
    from cribbage_gui.cli import main

    real = variant.play_variant_game

    def interrupted(players, rules, seed, index):
        if index == 2:
            raise KeyboardInterrupt
        return real(players, rules, seed, index)

    monkeypatch.setattr(variant, "play_variant_game", interrupted)
    assert main(["match", "random", "random", "random", "--variant", "three-player",
                 "-n", "10", "--json", "--save-games", str(tmp_path)]) == 130
    out = capsys.readouterr()
    assert json.loads(out.out)["games"] == 2
    assert "stopped early: 2 of 10 games finished" in out.err
    assert len(list(tmp_path.glob("*.crib.json"))) == 2
