"""The review of a variant's game (five-card, three players, four in partnership): every
decision rated by the variant expert's expected points, by the service and the command
line (cribbage_gui.services.review)."""

from __future__ import annotations

import json
from functools import cache

import pytest

from ai.advice import hint
from ai.match.variant import play_variant_game
from ai.registry import make_player
from cribbage_gui.services import gamefile
from cribbage_gui.services.review import (
    POINTS_MARKS,
    format_review,
    mark_of,
    rated_seats,
    review_game,
)
from engine import PlayCard, Toss
from engine.record import Replay
from engine.rules import VARIANTS
from engine.state import GameState

TABLES = {
    "five-card": ("expert", "random"),
    "three-player": ("expert", "heuristic", "random"),
    "four-player": ("expert", "random", "expert", "random"),
}


@cache
def reviewed(variant: str):
    names = TABLES[variant]
    game = play_variant_game([make_player(n) for n in names], VARIANTS[variant], 4, 0)
    return game, review_game(game, names)


@pytest.mark.parametrize("variant", list(TABLES))
def test_every_seats_real_decisions_are_rated_in_points(variant):
    game, review = reviewed(variant)
    rules = game.rules
    assert review.variant == variant and review.objective == "points"
    assert review.seats == tuple(range(rules.players))  # the game is over: every seat
    assert review.scores == tuple(game.scores) and review.winner == game.winner
    assert review.curve == ()  # no chance of winning is worked out in a variant
    tosses = [i for i, (_, a) in enumerate(game.actions) if isinstance(a, Toss)]
    plays = [i for i, (_, a) in enumerate(game.actions) if isinstance(a, PlayCard)]
    rated = [d.action for d in review.decisions]
    assert set(tosses) <= set(rated) <= set(tosses) | set(plays)
    tosses_each = len([a for a in GameState.new(1, rules=rules).legal_actions(
        (GameState.new(1, rules=rules).dealer + 1) % rules.players)])
    states = {i: state.observation(seat) for i, (state, seat, _) in
              enumerate(Replay(GameState, game.to_record()))}
    for d in review.decisions:
        seat, action = game.actions[d.action]
        assert d.seat == seat and d.objective == d.mode == "points"
        assert set(d.chosen) == set(action.cards if d.kind == "discard" else (action.card,))
        assert d.best == d.options[0].cards
        assert d.win_prob_lost == d.points_lost >= -1e-9  # the measure is points
        assert d.win_best - d.win_chosen == pytest.approx(d.points_lost)
        assert d.mark == mark_of(d.points_lost, "points")
        assert len(d.scores) == rules.sides
        if d.kind == "discard":
            assert len(d.options) == tosses_each  # 10 in five-card, 5 with 3 or 4 seats
        else:
            assert len({o.cards[0] >> 2 for o in d.options}) == len(d.options) >= 2
    for d in review.decisions[:15]:  # the best is the hint's
        best = hint(states[d.action]).action
        if d.kind == "discard":
            assert set(best.cards) == set(d.best)
        else:
            assert best.card >> 2 == d.best[0] >> 2


@pytest.mark.parametrize("variant", list(TABLES))
def test_the_random_player_gives_up_more_than_the_expert(variant):
    _, review = reviewed(variant)
    summary = review.summary
    assert len(summary) == len(TABLES[variant])  # a row a seat
    expert, rand = summary[0], summary[TABLES[variant].index("random")]
    assert expert.decisions >= 10 and rand.decisions >= 10
    assert rand.points_lost > 3 * max(expert.points_lost, 1.0)
    assert expert.best_rate > rand.best_rate and expert.accuracy > rand.accuracy
    assert expert.accuracy > 85


def test_the_points_marks_are_one_two_and_four_points():
    assert dict(POINTS_MARKS) == {"blunder": 4.0, "mistake": 2.0, "inaccuracy": 1.0}
    assert [mark_of(x, "points") for x in (0.99, 1.0, 2.0, 4.0)] == [
        None, "inaccuracy", "mistake", "blunder"]


def test_an_unfinished_game_rates_only_the_persons_seat():
    rules = VARIANTS["four-player"]
    game = GameState.new(5, rules=rules)
    players = [make_player("random", seed=s) for s in range(4)]
    for seat, p in enumerate(players):
        p.new_game(seat)
    while game.deal_number < 3:
        seat = game.current_player()
        game.apply(seat, players[seat].decide(game.observation(seat)).action)
    names = ("expert", "random", "you", "random")
    assert rated_seats(game, names) == (2,)
    review = review_game(game, names)
    assert review.decisions and {d.seat for d in review.decisions} == {2}
    assert review.withheld_seats == (0, 1, 3) and review.winner is None
    text = format_review(review)
    assert "expert's and random's and random's decisions are not shown" in text
    with pytest.raises(ValueError, match="needs 4 names"):
        review_game(game, ("you", "random"))


def test_the_text_names_the_sides_and_the_variant():
    game, review = reviewed("four-player")
    first = format_review(review).splitlines()[0]
    assert first.startswith("expert & expert (seats 0, 2) v random & random (seats 1, 3), "
                            "four-player: ")
    winner = "expert & expert" if game.winner == 0 else "random & random"
    assert f"{winner} won {max(game.scores)}-{min(game.scores)}" in first
    text = format_review(reviewed("three-player")[1])
    assert text.startswith("expert (seat 0) v heuristic (seat 1) v random (seat 2), "
                           "three-player")
    assert "win lost" not in text and "judged by expected points" in text


@pytest.mark.parametrize("variant", ["five-card", "three-player"])
def test_cribbage_review_of_a_variant_file(tmp_path, capsys, variant):
    from cribbage_gui.cli import main

    names = TABLES[variant]
    assert main(["match", *names, "--variant", variant, "--games", "1", "--seed", "4",
                 "--save-games", str(tmp_path)]) == 0
    (path,) = tmp_path.iterdir()
    file = gamefile.read(path)
    with pytest.raises(gamefile.GameFileError, match=f"{variant} game"):
        file.pair  # noqa: B018 (still refused where two seats are needed)
    capsys.readouterr()
    assert main(["review", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["variant"] == variant and out["players"] == list(names)
    assert out["objective"] == "points" and len(out["summary"]) == len(names)
    assert out["rated_seats"] == list(range(len(names)))
    assert {d["kind"] for d in out["decisions"]} == {"discard", "play"}
    assert main(["review", str(path)]) == 0
    text = capsys.readouterr().out
    assert "accuracy" in text and all(n in text for n in names)
