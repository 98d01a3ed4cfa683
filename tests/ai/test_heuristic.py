import pytest

from ai.players.heuristic import HeuristicPlayer
from engine import analyze_discards
from engine.cards import card_name, parse_cards
from engine.state import GameState, stacked_deck
from tests.ai.helpers import play_observation


def chosen(obs):
    """(card, rule) the heuristic plays."""
    decision = HeuristicPlayer(seed=0).play(obs)
    return card_name(decision.action.card), decision.reasoning.rule


@pytest.mark.parametrize("hand,current,card,rule", [
    ("5C 9D KS", "QH", "5C", "most points now"),           # 15 for 2
    ("8C 7S 2D", "7D", "8C", "makes fifteen"),              # 15 or a pair: both 2; 15 wins
    ("3C 4C 9D", "5H 6S", "4C", "most points now"),         # 5 6 4 is a run of three
    ("4C 4D 9S KH", "", "4C", "lead from a pair"),          # lead from the pair of fours
    ("5C 5D 9S 3H", "", "9S", "highest card"),              # not a five, even from a pair
    ("KS 9H", "AD TC", "9H", "defence"),                    # K would leave 21
    ("5C 3H", "", "3H", "defence"),                         # don't lead a five
    ("KS 9H 7C", "AD 6D", "KS", "highest card"),            # nothing scores, nothing risky
])
def test_play_rules(hand, current, card, rule):
    assert chosen(play_observation(hand, current)) == (card, rule)


def test_the_greedy_rule_takes_the_bigger_score():
    # 7 7 on the table: a third 7 is a pair royal (6); 8 or A score nothing
    assert chosen(play_observation("7S 8C AC", "7D 7H")) == ("7S", "most points now")


def test_discard_keeps_the_best_expected_hand():
    deck = stacked_deck(parse_cards("5H 5C 5S JD 6D 7C"), parse_cards("AC 2C 3C 4C 8H 9H"))
    game = GameState.new(1, first_dealer=0, decks=[deck])
    obs = game.observation(1)  # the pone
    decision = HeuristicPlayer(seed=0).discard(obs)
    options = analyze_discards(obs.dealt, my_crib=False)
    best = max(o.hand_mean for o in options)
    kept = next(o for o in options if set(o.toss) == set(decision.action.cards))
    assert kept.hand_mean == best
    assert decision.reasoning.options[decision.reasoning.chosen].toss == kept.toss
