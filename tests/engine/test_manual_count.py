"""Manual counting in the show, with and without muggins."""

import pytest

from engine.cards import parse_cards
from engine.errors import IllegalActionError
from engine.events import Claimed
from engine.state import Claim, GameState, Phase, stacked_deck
from tests.engine.helpers import DEALER, PONE, run_moves, scored, toss_both

# The deal of test_state.test_show_order_and_next_deal: pone's hand is worth 6, the
# dealer's 9 and the crib 16.
PONE_SIX, DEALER_SIX, STARTER = "KH 9H AH 5C 2D 3D", "QS 8S 7S 6S 2H 3H", "4C"
PLAY = "P:KH D:QS P:9H D:go P:AH D:8S P:5C D:7S D:6S"


def to_the_show(manual=(False, True), muggins=False, scores=(0, 0)):
    deck = stacked_deck(parse_cards(PONE_SIX), parse_cards(DEALER_SIX),
                        parse_cards(STARTER)[0])
    game = GameState.new(1, first_dealer=DEALER, scores=scores, decks=[deck],
                         manual_count=manual, muggins=muggins)
    toss_both(game, "2D 3D", "2H 3H")
    run_moves(game, PLAY)
    return game


def show_scores(game):
    return [s for s in scored(game) if s[2] in ("hand", "crib", "muggins")]


def test_the_show_waits_for_the_pone_to_count():
    game = to_the_show()
    assert game.phase is Phase.COUNT and game.to_play == PONE
    obs = game.observation(PONE)
    assert obs.show == (PONE, "hand", tuple(parse_cards("KH 9H AH 5C")))
    assert obs.legal_actions == tuple(Claim(p) for p in range(30))
    assert game.legal_actions(DEALER) == ()
    game.claim(PONE, 6)
    assert show_scores(game) == [(PONE, 6, "hand"), (DEALER, 9, "hand"), (DEALER, 16, "crib")]
    assert game.phase is Phase.DISCARD and game.deal_number == 2


def test_an_undercount_scores_the_claim_only():
    game = to_the_show()
    game.claim(PONE, 4)
    assert show_scores(game)[0] == (PONE, 4, "hand")
    claimed = next(e for e in game.events if isinstance(e, Claimed))
    assert (claimed.claimed, claimed.actual) == (4, 6)


def test_muggins_gives_the_missed_points_to_the_opponent():
    game = to_the_show(muggins=True)
    game.claim(PONE, 4)
    assert show_scores(game)[:2] == [(PONE, 4, "hand"), (DEALER, 2, "muggins")]


def test_an_overcount_is_corrected():
    game = to_the_show(muggins=True)
    game.claim(PONE, 12)
    assert show_scores(game)[:2] == [(PONE, 6, "hand"), (DEALER, 9, "hand")]


def test_a_manual_dealer_counts_hand_and_crib():
    game = to_the_show(manual=(True, False))
    assert game.phase is Phase.COUNT and game.to_play == DEALER
    assert game.observation(DEALER).show[1] == "hand"
    game.claim(DEALER, 9)
    seat, what, cards = game.observation(DEALER).show
    assert (seat, what, sorted(cards)) == (DEALER, "crib", sorted(parse_cards("2D 3D 2H 3H")))
    game.claim(DEALER, 16)
    assert show_scores(game) == [(PONE, 6, "hand"), (DEALER, 9, "hand"), (DEALER, 16, "crib")]


def test_muggins_can_win_the_game():
    game = to_the_show(muggins=True, scores=(110, 10))  # the dealer pegs 5: 115
    assert game.scores == [115, 11]
    game.claim(PONE, 0)
    assert game.winner == DEALER and game.scores == [121, 11]
    assert scored(game)[-1] == (DEALER, 6, "muggins")


@pytest.mark.parametrize("seat,points,message", [
    (DEALER, 6, "seat 1 is counting"), (PONE, 30, "0 to 29"), (PONE, -1, "0 to 29"),
    (PONE, "6", "0 to 29"), (PONE, True, "0 to 29"), (2, 6, "seat must be"),
])
def test_bad_claims_change_nothing(seat, points, message):
    game = to_the_show()
    before = game.snapshot()
    with pytest.raises(IllegalActionError, match=message):
        game.claim(seat, points)
    assert game.snapshot() == before


def test_claiming_outside_the_show_is_refused():
    game = GameState.new(3, manual_count=(True, True))
    with pytest.raises(IllegalActionError, match="discard phase"):
        game.apply(0, Claim(5))


def test_record_round_trip_with_claims():
    game = to_the_show(muggins=True)
    game.claim(PONE, 3)
    loaded = GameState.from_json(game.to_json())
    assert loaded == game and loaded.muggins and loaded.manual_count == (False, True)
