import pytest

from ai.pegging import card_figures
from ai.players.mueller import (
    DECLINE_PAIR,
    LEAD_PAIR,
    OPTIMAL,
    RISKY,
    SAFE,
    MuellerOption,
    MuellerPlayer,
    Situation,
    best_option,
    choose_discard_strategy,
    choose_play,
)
from engine.cards import parse_card, parse_cards
from engine.state import GameState, stacked_deck
from tests.ai.helpers import play_observation


def options(four_card=6, hand_mean=8.0, hand_max=16, crib=(0, 4.5, 14)):
    """Two options, the first dominating (enough for the rules, which read the best)."""
    first = MuellerOption(tuple(parse_cards("5H 5C JD QS")), tuple(parse_cards("2C 3D")),
                          four_card, 4, hand_mean, hand_max, *crib)
    second = MuellerOption(tuple(parse_cards("5H 5C 2C 3D")), tuple(parse_cards("JD QS")),
                           2, 2, 5.0, 12, 0, 4.0, 12)
    return [first, second]


@pytest.mark.parametrize("me,opp,dealer,strategy,number,why", [
    (50, 50, False, OPTIMAL, 4, "level"),
    (50, 50, True, OPTIMAL, 5, "level"),
    (60, 45, False, OPTIMAL, 4, "ahead by 15"),         # within 15: still optimal
    (61, 45, False, SAFE, 6, "ahead by 16"),
    (80, 60, True, SAFE, 7, "ahead by 20"),
    (45, 61, False, RISKY, 2, "behind by 16"),
    (60, 80, True, RISKY, 3, "behind by 20"),
    (115, 100, False, SAFE, 1, "four cards alone reach 121"),   # 115 + 6
    (115, 100, True, SAFE, 1, "four cards alone reach 121"),
    (111, 30, False, SAFE, 6, "can reach game"),        # 111 + 2.0 + 8.0 = 121
    (105, 30, True, SAFE, 7, "can reach game"),         # 105 + 3.5 + 8.0 + 4.5 = 121
    (90, 111, True, RISKY, 3, "pone counts first and is expected to reach 121"),
    (80, 110, False, SAFE, 6, "avoid the skunk"),      # 80 + 2 + 9 = 91 passes 90
    (51, 110, False, SAFE, 6, "avoid the double skunk"),   # 51 + 2 + 8 = 61 passes 60
    (40, 110, False, RISKY, 2, "behind by 70"),         # no line within reach
    (110, 82, True, RISKY, 3, "should escape the skunk"),
])
def test_discard_strategy_at_chosen_scores(me, opp, dealer, strategy, number, why):
    opts = options(hand_mean=9.0 if (me, opp) == (80, 110) else 8.0)
    got = choose_discard_strategy(Situation(me, opp, dealer), opts)
    assert got[:2] == (strategy, number)
    assert why in got[2]


def test_the_rules_read_the_exact_figures():
    # pone at 80, dealer at 110 (expected 110 + 3.5 + 8 + 4.7 = 126.2: reaches 121):
    # with an expected hand of 9, 80 + 2 + 9 = 91 passes 90: safe, to avoid the skunk;
    # with 8.0 it reaches only 90: the skunk line is out of reach, so by the score: risky.
    assert choose_discard_strategy(Situation(80, 110, False), options(hand_mean=9.0))[0] == SAFE
    assert choose_discard_strategy(Situation(80, 110, False), options(hand_mean=8.0))[0] == RISKY


@pytest.mark.parametrize("number,expected_keep", [
    (1, "5H 5C JD QS"), (4, "5H 5C JD QS"), (6, "5H 5C JD QS")])
def test_discard_takes_the_best_option_for_the_strategy(number, expected_keep):
    opts = options()
    best = best_option(number, opts)
    assert opts[best].keep == tuple(parse_cards(expected_keep))


def test_expected_pegging_figures_by_hand():
    # The opponent led KS (10); we hold only 5H. 5H makes fifteen: 2 now. The opponent has
    # one card, uniformly one of the 44 we have not seen (52 - our 6 dealt - KS - starter).
    # Its only scoring reply at 15 is a five (pair, 2): three fives are unseen.
    obs = play_observation("5H", current="KS", dealt_extra="2C 3C 4C 6D 7D", starter="AS",
                           opponent_cards=1)
    assert len(obs.unseen) == 44
    (f,) = card_figures(obs)
    assert f.immediate == 2 and f.max_opp == 2
    assert f.expected == pytest.approx(2 - 2 * 3 / 44)
    assert f.max_net == 2  # the opponent may hold no five


def test_expected_pegging_with_two_opponent_cards():
    # Same, but the opponent holds two cards: P(at least one of 3 fives among 2 of 44)
    obs = play_observation("5H", current="KS", dealt_extra="2C 3C 4C 6D 7D", starter="AS",
                           opponent_cards=2)
    (f,) = card_figures(obs)
    p_five = 1 - (41 * 40) / (44 * 43)
    assert f.expected == pytest.approx(2 - 2 * p_five)


def test_pair_royal_and_the_double_pair_royal_threat():
    # 7D 7H on the table (14); we hold 7S and 2C. 7S: pair royal, 6 now, count 21. The
    # opponent's replies at 21: the last 7 (7C) makes a double pair royal (12); any of the
    # 16 ten-cards makes 31 (2). One opponent card from the 44 unseen.
    # (we played 7D, the opponent 7H)
    obs = play_observation("7S 2C", current="7D 7H", dealt_extra="AC 3C 4C",
                           starter="AS", opponent_cards=1)
    n = len(obs.unseen)
    assert n == 52 - 6 - 1 - 1  # our six, the starter, the opponent's 7H
    f7 = next(f for f in card_figures(obs) if f.card == parse_card("7S"))
    assert f7.immediate == 6 and f7.max_opp == 12
    # E[best reply] = P(best >= 1) + P(best >= 2) + 10 P(best >= 3)
    e_reply = 2 * (1 + 16) / n + 10 * 1 / n
    assert f7.expected == pytest.approx(6 - e_reply)


def test_safe_risky_and_optimal_pick_by_their_own_figure():
    obs = play_observation("7S 2C", current="7D 7H", dealt_extra="AC 3C 4C",
                           starter="AS", opponent_cards=1)
    figures = card_figures(obs)
    seven = next(f for f in figures if f.card == parse_card("7S"))
    two = next(f for f in figures if f.card == parse_card("2C"))
    assert choose_play(OPTIMAL, figures) == seven  # 6 now is worth the risk on average
    assert two.max_opp < seven.max_opp
    assert choose_play(SAFE, figures) == two  # avoids the double pair royal
    assert choose_play(RISKY, figures) == max(figures, key=lambda f: (f.max_net, f.expected))


def _opening(pone_hand, dealer_hand, scores):
    deck = stacked_deck(parse_cards(pone_hand), parse_cards(dealer_hand), parse_card("AS"))
    game = GameState.new(1, first_dealer=0, scores=scores, decks=[deck])
    return game


@pytest.mark.parametrize("scores,strategy", [((50, 50), OPTIMAL), ((50, 70), SAFE),
                                             ((70, 50), RISKY)])
def test_lead_from_a_pair_frequency(scores, strategy):
    # seat 1 is the pone, scores are (dealer, pone)
    game = _opening("4C 4D 9S KH 2H 3H", "6C 7C 8D QD JC TC", scores)
    game.toss(1, parse_cards("2H 3H"))
    game.toss(0, parse_cards("JC TC"))
    obs = game.observation(1)
    player = MuellerPlayer(seed=123)
    trials = 4000
    led_pair = 0
    for _ in range(trials):
        decision = player.play(obs)
        mixed = decision.reasoning.mixed
        assert mixed.kind == "lead from a pair" and mixed.p_pure == LEAD_PAIR[strategy]
        from_pair = decision.action.card >> 2 == 3
        assert from_pair != mixed.deviated
        led_pair += from_pair
    p = LEAD_PAIR[strategy]
    assert abs(led_pair / trials - p) < 4 * (p * (1 - p) / trials) ** 0.5


@pytest.mark.parametrize("scores,strategy", [((50, 50), OPTIMAL), ((70, 50), SAFE),
                                             ((50, 70), RISKY)])
def test_declining_to_pair_the_lead_frequency(scores, strategy):
    game = _opening("9D 4D 8S KH 2H 3H", "9S 7C 5D QD JC TC", scores)
    game.toss(1, parse_cards("2H 3H"))
    game.toss(0, parse_cards("JC TC"))
    game.play(1, parse_card("9D"))
    obs = game.observation(0)  # the dealer can pair the nine
    player = MuellerPlayer(seed=321)
    trials = 4000
    declined = 0
    for _ in range(trials):
        decision = player.play(obs)
        assert decision.reasoning.mixed.kind == "pair the lead"
        declined += decision.action.card != parse_card("9S")
    p = DECLINE_PAIR[strategy]
    assert abs(declined / trials - p) < 4 * (p * (1 - p) / trials) ** 0.5


def test_no_mixing_without_a_choice():
    obs = play_observation("9S", current="9D", dealt_extra="AC 2C 3C 4C 5C",
                           opponent_cards=3)
    assert MuellerPlayer(seed=1).play(obs).reasoning.mixed is None
