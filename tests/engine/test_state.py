"""The rules of the game, driven through scripted deals (each traced by hand in comments)."""

import numpy as np
import pytest

from engine.cards import parse_card, parse_cards
from engine.errors import IllegalActionError
from engine.events import CutForDeal, Dealt, GameOver, Scored, Show
from engine.state import GO, GameState, Phase, PlayCard, Toss
from tests.engine.helpers import (
    DEALER,
    PONE,
    play_randomly,
    run_moves,
    scored,
    scripted_game,
    toss_both,
    visible_cards,
)


def pegging(game):
    return [s for s in scored(game) if s[2] not in ("hand", "crib", "his heels")]


# ------------------------------------------------------------------ cut, deal, toss

def test_cut_for_deal_lower_card_deals_and_a_tie_recuts():
    game = GameState.new(1, cuts=[parse_cards("5H 5C"), parse_cards("9S 3D")])
    cuts = [e for e in game.events if isinstance(e, CutForDeal)]
    assert [c.dealer for c in cuts] == [None, 1]
    assert game.dealer == 1 and game.pone == 0


@pytest.mark.parametrize("seed", range(40))
def test_seeded_cut_gives_the_deal_to_the_lower_card(seed):
    game = GameState.new(seed)
    last = [e for e in game.events if isinstance(e, CutForDeal)][-1]
    assert last.cards[0] >> 2 != last.cards[1] >> 2
    assert game.dealer == (0 if last.cards[0] >> 2 < last.cards[1] >> 2 else 1)


def test_deal_six_each_pone_first_and_the_toss():
    game = scripted_game(pone="KH 9H AH 5C 2D 3D", dealer="QS 8S 7S 6S 2H 3H", starter="4C")
    dealt = next(e for e in game.events if isinstance(e, Dealt))
    assert dealt.hands[PONE] == tuple(parse_cards("KH 9H AH 5C 2D 3D"))
    assert game.observation(PONE).hand == tuple(parse_cards("KH 9H AH 5C 2D 3D"))
    assert len(game.legal_actions(PONE)) == 15
    game.toss(PONE, parse_cards("2D 3D"))
    assert game.legal_actions(PONE) == ()
    assert game.observation(PONE).kept == tuple(parse_cards("KH 9H AH 5C"))
    assert game.observation(DEALER).opponent_tossed
    assert game.phase is Phase.DISCARD and game.starter is None
    game.toss(DEALER, parse_cards("2H 3H"))
    assert game.phase is Phase.PLAY and game.starter == parse_card("4C")
    assert game.to_play == PONE  # pone leads
    assert sorted(game.crib) == sorted(parse_cards("2D 3D 2H 3H"))


def test_his_heels_scores_two_for_the_dealer_at_once():
    game = scripted_game(pone="2C 3C 4C 6H 7H 8H", dealer="2D 3D 4D 6S 7S 8S", starter="JD")
    toss_both(game, "2C 3C", "2D 3D")
    assert scored(game) == [(DEALER, 2, "his heels")]
    assert game.scores == [2, 0] and game.phase is Phase.PLAY


def test_win_on_his_heels():
    game = scripted_game(pone="2C 3C 4C 6H 7H 8H", dealer="2D 3D 4D 6S 7S 8S", starter="JD",
                         scores=(119, 50))
    toss_both(game, "2C 3C", "2D 3D")
    assert game.is_over and game.winner == DEALER and game.scores == [121, 50]
    assert game.events[-1] == GameOver(DEALER, (121, 50), skunk=2)  # 50 < 61: double skunk
    assert game.to_play is None
    with pytest.raises(IllegalActionError, match="game_over"):
        game.play(PONE, parse_card("4C"))


def test_win_in_the_middle_of_the_play():
    # pone 119 leads 5H; dealer pairs it (2); pone's 5D makes fifteen and a pair royal.
    game = scripted_game(pone="5H 5D KH QH 9S 8S", dealer="5C AS 2S 3D 7D TD", starter="4H",
                         scores=(100, 119))
    toss_both(game, "9S 8S", "7D TD")
    run_moves(game, "P:5H D:5C P:5D")
    assert pegging(game) == [(DEALER, 2, "pair"), (PONE, 8, "fifteen and pair royal")]
    assert game.winner == PONE and game.scores == [102, 121]
    assert game.events[-1] == GameOver(PONE, (102, 121), skunk=0)
    with pytest.raises(IllegalActionError):
        game.play(DEALER, parse_card("AS"))


def test_pone_counts_first_and_wins_before_the_dealer_counts():
    # Play (counts 1 7 9 16 19 20 24 29): the dealer's 5D completes a run of seven
    # (6 2 7 3 A 4 5) for 7, plus 1 for the last card: dealer 110 -> 118. Show: the pone's
    # AC 2C 3C 4C with KS is 12 (two fifteens, run of four, four-card flush): 115 -> 121.
    # The dealer's hand (6D 7D AD 5D: at least 9) would also have won, but counts second.
    game = scripted_game(pone="AC 2C 3C 4C QH QS", dealer="6D 7D AD 5D 9H 8H", starter="KS",
                         scores=(110, 115))
    toss_both(game, "QH QS", "9H 8H")
    run_moves(game, "P:AC D:6D P:2C D:7D P:3C D:AD P:4C D:5D")
    assert pegging(game) == [(DEALER, 7, "run of seven"), (DEALER, 1, "last card")]
    assert game.winner == PONE and game.scores == [118, 121]
    shows = [e for e in game.events if isinstance(e, Show)]
    assert [(s.seat, s.what) for s in shows] == [(PONE, "hand")]
    assert scored(game)[-1] == (PONE, 12, "hand")


def test_go_then_the_other_plays_on_then_last_card():
    # KH 10, QS 20, 9H 29: the dealer holds 8 7 6 and must say go; the pone plays on with
    # AH (30), cannot play 5C, and pegs 1 for the go. The dealer (who did not play the last
    # card) leads: 8S 8, 5C 13, 7S 20; the pone is out, the dealer plays on 6S 26 (run of
    # four 8 5 7 6) and pegs 1 for the last card.
    game = scripted_game(pone="KH 9H AH 5C 2D 3D", dealer="QS 8S 7S 6S 2H 3H", starter="4C")
    toss_both(game, "2D 3D", "2H 3H")
    run_moves(game, "P:KH D:QS P:9H")
    assert game.legal_actions(DEALER) == (GO,)
    run_moves(game, "D:go")
    assert game.to_play == PONE and game.legal_actions(PONE) == (PlayCard(parse_card("AH")),)
    run_moves(game, "P:AH")
    assert game.to_play == DEALER and game.count == 0
    run_moves(game, "D:8S P:5C D:7S D:6S")
    assert pegging(game) == [(PONE, 1, "go"), (DEALER, 4, "run of four"),
                             (DEALER, 1, "last card")]


def test_31_as_the_last_card_scores_two_not_three():
    # KH, QS, JH: 30 and a run of three (K Q J) for the pone; the dealer (7 8 5) says go;
    # the pone cannot play 9H or 2H: go for 1. Dealer leads 7S, 9H 16, 8S 24 (run of
    # three), 2H 26, and 5S makes 31 for 2 and nothing more: it is also the last card.
    game = scripted_game(pone="KH JH 9H 2H 3C 4C", dealer="QS 7S 8S 5S 3D 4D", starter="AC")
    toss_both(game, "3C 4C", "3D 4D")
    run_moves(game, "P:KH D:QS P:JH D:go D:7S P:9H D:8S P:2H D:5S")
    assert pegging(game) == [(PONE, 3, "run of three"), (PONE, 1, "go"),
                             (DEALER, 3, "run of three"), (DEALER, 2, "31")]
    assert game.deal_number == 2  # the play ended and the show went on


def test_runs_never_reach_across_a_reset():
    # KH QS 8H 3S = 31 for the dealer. After the reset 4H, 5S would run with the 3S before
    # the reset (3 4 5) but scores nothing; 9C 18, KD 28, last card to the dealer.
    game = scripted_game(pone="KH 8H 4H 9C 2C 2D", dealer="QS 3S 5S KD AC AD", starter="6C")
    toss_both(game, "2C 2D", "AC AD")
    run_moves(game, "P:KH D:QS P:8H D:3S")
    assert game.count == 0 and game.to_play == PONE  # the pone did not play the last card
    run_moves(game, "P:4H D:5S P:9C D:KD")
    assert pegging(game) == [(DEALER, 2, "31"), (DEALER, 1, "last card")]


def test_show_order_and_next_deal():
    game = scripted_game(pone="KH 9H AH 5C 2D 3D", dealer="QS 8S 7S 6S 2H 3H", starter="4C")
    toss_both(game, "2D 3D", "2H 3H")
    run_moves(game, "P:KH D:QS P:9H D:go P:AH D:8S P:5C D:7S D:6S")
    shows = [e for e in game.events if isinstance(e, Show)]
    assert [(s.seat, s.what) for s in shows] == [(PONE, "hand"), (DEALER, "hand"),
                                                 (DEALER, "crib")]
    # pone KH 9H AH 5C + 4C: fifteens 9+A+5, K+5, K+A+4 = 6
    # dealer QS 8S 7S 6S + 4C: fifteen 8+7 (2), run 6 7 8 (3), four-card flush (4) = 9
    # crib 2D 3D 2H 3H + 4C: two pairs (4), double double run 2 3 4 (12), no fifteen = 16
    assert scored(game)[-3:] == [(PONE, 6, "hand"), (DEALER, 9, "hand"), (DEALER, 16, "crib")]
    assert game.deal_number == 2 and game.dealer == PONE and game.phase is Phase.DISCARD


# ------------------------------------------------------------------ illegal actions

def _unchanged(game, action):
    before = game.snapshot()
    with pytest.raises(IllegalActionError) as info:
        action()
    assert game.snapshot() == before
    return str(info.value)


def test_illegal_actions_raise_and_change_nothing():
    game = scripted_game(pone="KH 9H AH 5C 2D 3D", dealer="QS 8S 7S 6S 2H 3H", starter="4C")
    assert "discard phase" in _unchanged(game, lambda: game.play(PONE, parse_card("KH")))
    assert "exactly two" in _unchanged(game, lambda: game.toss(PONE, parse_cards("2D 3D KH")))
    assert "not in seat 1's hand" in _unchanged(
        game, lambda: game.toss(PONE, parse_cards("2D QS")))
    _unchanged(game, lambda: game.toss(PONE, [parse_card("2D"), parse_card("2D")]))
    _unchanged(game, lambda: game.toss(2, parse_cards("2D 3D")))
    game.toss(PONE, parse_cards("2D 3D"))
    assert "already tossed" in _unchanged(game, lambda: game.toss(PONE, parse_cards("KH 9H")))
    game.toss(DEALER, parse_cards("2H 3H"))
    assert "seat 1's turn" in _unchanged(game, lambda: game.play(DEALER, parse_card("QS")))
    assert "not in seat 1's hand" in _unchanged(game, lambda: game.play(PONE, parse_card("QS")))
    assert "cannot say go" in _unchanged(game, lambda: game.go(PONE))
    run_moves(game, "P:KH D:QS P:9H")
    assert "would make 37" in _unchanged(game, lambda: game.play(DEALER, parse_card("8S")))
    _unchanged(game, lambda: game.play(DEALER, 99))
    _unchanged(game, lambda: game.apply(DEALER, "go"))
    _unchanged(game, lambda: game.apply(DEALER, Toss((1, 2))))


def test_bad_setup():
    with pytest.raises(IllegalActionError):
        GameState.new(1, scores=(121, 0))
    with pytest.raises(IllegalActionError):
        GameState.new(1, first_dealer=2)
    with pytest.raises(IllegalActionError):
        GameState.new(1, decks=[list(range(51))])
    for seed in (-1, 1.5, "7"):
        with pytest.raises(IllegalActionError, match="seed"):
            GameState.new(seed)


# ------------------------------------------------------------------ observations

def test_observation_shows_own_cards_and_public_ones_only():
    game = scripted_game(pone="KH 9H AH 5C 2D 3D", dealer="QS 8S 7S 6S 2H 3H", starter="4C")
    toss_both(game, "2D 3D", "2H 3H")
    run_moves(game, "P:KH D:QS")
    obs = game.observation(PONE)
    assert obs.hand == tuple(parse_cards("9H AH 5C"))
    assert obs.toss == tuple(parse_cards("2D 3D"))
    assert obs.played == ((PONE, parse_card("KH")), (DEALER, parse_card("QS")))
    assert obs.count == 20 and obs.opponent_cards_left == 3 and obs.starter == parse_card("4C")
    assert not obs.is_dealer and obs.my_score == 0
    visible = visible_cards(obs)
    assert not visible & set(parse_cards("8S 7S 6S 2H 3H"))


# ------------------------------------------------------------------ records

def test_same_seed_same_game():
    a = play_randomly(GameState.new(11), np.random.default_rng(3))
    b = play_randomly(GameState.new(11), np.random.default_rng(3))
    assert a.events == b.events and a == b
    c = GameState.new(12)
    assert c.events[-1] != GameState.new(11).events[-1]


def test_json_round_trip_of_a_finished_game():
    game = play_randomly(GameState.new(5), np.random.default_rng(5))
    loaded = GameState.from_json(game.to_json())
    assert loaded == game
    assert loaded.to_record() == game.to_record()
    assert loaded.winner == game.winner and loaded.skunk == game.skunk


def test_json_round_trip_mid_game_then_both_continue_identically():
    game = GameState.new(8)
    rng = np.random.default_rng(1)
    for _ in range(60):
        seat = game.to_play if game.to_play is not None else \
            (0 if game.legal_actions(0) else 1)
        actions = game.legal_actions(seat)
        game.apply(seat, actions[rng.integers(len(actions))])
    loaded = GameState.from_json(game.to_json(indent=1))
    assert loaded == game
    play_randomly(game, np.random.default_rng(2))
    play_randomly(loaded, np.random.default_rng(2))
    assert loaded == game and loaded.is_over


def _tampered(record, change):
    import copy
    import json

    data = copy.deepcopy(record)
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize("change,message", [
    (lambda d: d["actions"].__setitem__(0, [0, "toss", ["AS", "AC"]]), "does not replay"),
    (lambda d: d["actions"].__setitem__(2, [0, "fly"]), "malformed action"),
    (lambda d: d["events"][-1].__setitem__("skunk", 2), "differ"),
    (lambda d: d["decks"].__setitem__(0, "ZZ" + d["decks"][0][2:]), "malformed card"),
    (lambda d: d.__setitem__("version", 99), "version"),
    (lambda d: d.__setitem__("format", "chess"), "not a cribbage game record"),
    (lambda d: d.pop("decks"), "malformed"),
    (lambda d: d.__setitem__("seed", "x"), "seed"),
    (lambda d: d["decks"].append(d["decks"][0]), "do not match"),
])
def test_corrupt_records_are_refused(change, message):
    from engine.errors import RecordError

    game = play_randomly(GameState.new(21), np.random.default_rng(0))
    with pytest.raises(RecordError, match=message):
        GameState.from_json(_tampered(game.to_record(), change))


def test_not_json_is_refused():
    from engine.errors import RecordError

    with pytest.raises(RecordError, match="must be JSON"):
        GameState.from_json("{not json")
    with pytest.raises(RecordError):
        GameState.from_json("[1, 2]")


def test_scores_and_events_agree():
    game = play_randomly(GameState.new(77), np.random.default_rng(77))
    totals = [0, 0]
    for e in game.events:
        if isinstance(e, Scored):
            totals[e.seat] = min(121, totals[e.seat] + e.points)
            assert e.total == totals[e.seat]
    assert totals == game.scores


def test_why_illegal_explains_in_players_words():
    from engine.state import Claim, why_illegal

    game = scripted_game(pone="KH 9H AH 5C 2D 3D", dealer="QS 8S 7S 6S 2H 3H", starter="4C")
    obs = game.observation(PONE)
    assert why_illegal(obs, PlayCard(parse_card("KH"))) == "throw two cards to the crib first"
    assert why_illegal(obs, Toss(tuple(parse_cards("2D 3D")))) is None
    assert "two of your six" in why_illegal(obs, Toss(tuple(parse_cards("2D QS"))))
    toss_both(game, "2D 3D", "2H 3H")
    run_moves(game, "P:KH D:QS P:9H")
    dealer = game.observation(DEALER)
    assert why_illegal(dealer, PlayCard(parse_card("8S"))) == "that would make 37"
    assert why_illegal(dealer, GO) is None
    pone = game.observation(PONE)
    assert why_illegal(pone, PlayCard(parse_card("AH"))) == "it is not your turn to play"
    assert why_illegal(pone, Claim(3)) == "there is nothing for you to count now"
    run_moves(game, "D:go")
    assert why_illegal(game.observation(PONE), GO) == "you have a card you can play"
    assert why_illegal(game.observation(PONE), PlayCard(parse_card("QS"))) == \
        "that card is not in your hand"
