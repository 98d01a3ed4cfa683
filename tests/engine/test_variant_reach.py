"""What a variant can reach in the engine outside the referee: each part either takes the
variant (the refusals' words, a three-card hand counted on the command line) or is the
two-player six-card game's by nature and refuses a variant with a one-line reason (the
exact discard analysis, the two-seat random-game statistics), never a wrong answer."""

from __future__ import annotations

import pytest

from cribbage_gui.cli import main
from engine import GameState, PlayCard, Toss, why_illegal
from engine.analysis import analyze_discards
from engine.cards import parse_cards
from engine.errors import CardError
from engine.rules import VARIANTS
from engine.simulate import (
    simulate_random_games,
    simulate_variant_games,
    summarize_random_games,
)


@pytest.mark.parametrize("name,toss,dealt", [("five-card", "two cards", "two of your five"),
                                             ("three-player", "one card", "one of your five"),
                                             ("four-player", "one card", "one of your five"),
                                             ("six-card", "two cards", "two of your six")])
def test_a_refusal_in_the_discard_says_the_variants_numbers(name, toss, dealt):
    game = GameState.new(3, first_dealer=0, rules=VARIANTS[name])
    obs = game.observation(1)
    assert why_illegal(obs, PlayCard(obs.hand[0])) == f"throw {toss} to the crib first"
    assert why_illegal(obs, Toss(tuple(obs.dealt[:3]))) == f"choose {dealt} cards for the crib"
    assert why_illegal(obs, obs.legal_actions[0]) is None


@pytest.mark.parametrize("name", ["three-player", "four-player"])
def test_the_two_seat_random_games_refuse_a_table_of_more(name):
    """Their rows have two seats' columns and the first deal alternates between seats 0
    and 1: with more seats the others' points would be missing. The variants' own loop
    plays them."""
    with pytest.raises(ValueError, match="plays two seats.*use simulate_variant_games"):
        simulate_random_games(10, 1, VARIANTS[name])
    rows = simulate_variant_games(30, 1, VARIANTS[name])
    assert set(rows[:, 0]) == set(range(VARIANTS[name].players))  # every seat dealt first


def test_five_card_random_games_are_two_seats():
    summary = summarize_random_games(simulate_random_games(300, 2, VARIANTS["five-card"]))
    assert 0.3 < summary["seat0_win_rate"] < 0.7 and summary["hand_per_deal"] > 0


def test_the_exact_discard_analysis_refuses_a_five_card_deal():
    with pytest.raises(CardError, match="six cards \\(the two-player six-card game's deal\\)"):
        analyze_discards(parse_cards("5H 5C 5S JD 6D"), my_crib=True)


def test_count_takes_a_five_card_hand_of_three(capsys):
    code = main(["count", "4H", "5H", "6H", "-s", "KS"])
    out = capsys.readouterr().out
    assert code == 0 and out.strip().endswith("Total: 10")  # 15 for 4, a run 3, flush 3
    assert "flush" in out
    with pytest.raises(SystemExit) as info:  # a crib is four cards in every variant
        main(["count", "4H", "5H", "6H", "-s", "KS", "--crib"])
    assert info.value.code == 2
    assert "3 cards given" in capsys.readouterr().err
