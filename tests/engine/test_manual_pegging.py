"""Manual pegging: a seat pegs its own points in the play, with muggins, as in Hessel's."""

import numpy as np
import pytest

from engine.cards import parse_card, parse_cards
from engine.errors import IllegalActionError
from engine.events import Claimed, Played, Scored
from engine.pegging import peg_points
from engine.state import Claim, GameState, Phase, PlayCard, stacked_deck, why_illegal
from tests.engine.helpers import DEALER, PONE, scored, toss_both

# pone KH 9H AH 5C, dealer QS 8S 7S 6S, starter 4C. The play: P:KH D:QS P:9H D:go P:AH
# (30; the pone's 5C does not fit: go for 1 to the pone), then D:8S P:5C D:7S D:6S (a run
# of four, 5-6-7-8, for the dealer, then the last card for 1).
PONE_SIX, DEALER_SIX, STARTER = "KH 9H AH 5C 2D 3D", "QS 8S 7S 6S 2H 3H", "4C"


def game_with(manual=(False, True), muggins=False, scores=(0, 0)):
    deck = stacked_deck(parse_cards(PONE_SIX), parse_cards(DEALER_SIX), parse_card(STARTER))
    game = GameState.new(1, first_dealer=DEALER, scores=scores, decks=[deck],
                         manual_pegging=manual, muggins=muggins)
    toss_both(game, "2D 3D", "2H 3H")
    return game


def play(game, seat, card):
    game.play(seat, parse_card(card))


def test_the_play_waits_for_a_claim_after_every_card_of_the_manual_seat():
    game = game_with()
    play(game, PONE, "KH")
    assert game.phase is Phase.PEG and game.to_play == PONE
    obs = game.observation(PONE)
    assert obs.legal_actions == tuple(Claim(p) for p in range(30))
    assert game.legal_actions(DEALER) == ()
    game.claim(PONE, 0)  # nothing for a king led: and the pause said nothing either
    assert game.phase is Phase.PLAY and game.to_play == DEALER
    claimed = [e for e in game.events if isinstance(e, Claimed)]
    assert [(c.seat, c.what, c.claimed, c.actual) for c in claimed] == [(PONE, "pegging", 0, 0)]
    assert scored(game) == []


def test_the_go_is_claimed_too():
    game = game_with()
    for seat, card, claim in ((PONE, "KH", 0), (DEALER, "QS", None), (PONE, "9H", 0)):
        play(game, seat, card)
        if claim is not None:
            game.claim(seat, claim)
    game.go(DEALER)
    play(game, PONE, "AH")
    game.claim(PONE, 0)  # 30: nothing for the card
    assert game.phase is Phase.PEG and game.to_play == PONE  # now the go
    game.claim(PONE, 1)
    assert scored(game) == [(PONE, 1, "go")]
    assert game.phase is Phase.PLAY and game.count == 0 and game.to_play == DEALER


def test_the_manual_dealer_pegs_a_run_and_the_last_card():
    game = game_with(manual=(True, False))
    for seat, card in ((PONE, "KH"), (DEALER, "QS")):
        play(game, seat, card)
    game.claim(DEALER, 0)  # 20: nothing
    play(game, PONE, "9H")
    game.go(DEALER)
    play(game, PONE, "AH")  # the go goes to the (automatic) pone
    play(game, DEALER, "8S")
    game.claim(DEALER, 0)
    play(game, PONE, "5C")
    play(game, DEALER, "7S")
    game.claim(DEALER, 0)
    play(game, DEALER, "6S")
    game.claim(DEALER, 4)  # the run of four
    game.claim(DEALER, 1)  # the last card
    assert scored(game)[:3] == [(PONE, 1, "go"), (DEALER, 4, "run of four"),
                                (DEALER, 1, "last card")]
    assert scored(game)[3] == (PONE, 6, "hand")  # and then the show, as usual


def dealer_to_the_run(game):
    for seat, card in ((PONE, "KH"), (DEALER, "QS")):
        play(game, seat, card)
    game.claim(DEALER, 0)
    play(game, PONE, "9H")
    game.go(DEALER)
    play(game, PONE, "AH")
    play(game, DEALER, "8S")
    game.claim(DEALER, 0)
    play(game, PONE, "5C")
    play(game, DEALER, "7S")
    game.claim(DEALER, 0)
    play(game, DEALER, "6S")


@pytest.mark.parametrize(("muggins", "expected"), [
    (False, [(DEALER, 1, "claimed")]),
    (True, [(DEALER, 1, "claimed"), (PONE, 3, "muggins")]),
])
def test_an_underclaim_pegs_the_claim_and_muggins_takes_the_rest(muggins, expected):
    game = game_with(manual=(True, False), muggins=muggins)
    dealer_to_the_run(game)
    before = len(game.events)
    game.claim(DEALER, 1)  # misses three of the run's four
    assert scored(game, before) == expected
    muggins_events = [e for e in game.events[before:] if isinstance(e, Scored)
                      and e.source == "muggins"]
    assert all(e.items[0].kind == "run" for e in muggins_events)


def test_an_overclaim_is_corrected():
    game = game_with(manual=(True, False), muggins=True)
    dealer_to_the_run(game)
    before = len(game.events)
    game.claim(DEALER, 12)
    assert scored(game, before) == [(DEALER, 4, "run of four")]


def test_a_claim_that_reaches_121_ends_the_game():
    game = game_with(manual=(True, False), scores=(117, 50))
    dealer_to_the_run(game)
    game.claim(DEALER, 4)
    assert game.winner == DEALER and game.is_over and game.scores == [121, 51]


def test_muggins_can_win_the_game_in_the_play():
    game = game_with(manual=(True, False), muggins=True, scores=(10, 118))
    dealer_to_the_run(game)
    game.claim(DEALER, 0)
    assert game.winner == PONE and game.scores[PONE] == 121


def test_nothing_else_is_allowed_while_a_claim_waits():
    game = game_with(manual=(True, False))
    play(game, PONE, "KH")
    play(game, DEALER, "QS")
    before = game.snapshot()
    obs = game.observation(DEALER)
    assert why_illegal(obs, PlayCard(obs.hand[0])) == "peg your points for that card first"
    assert why_illegal(game.observation(PONE), Claim(2)) == \
        "there is nothing for you to count now"
    with pytest.raises(IllegalActionError):
        game.play(PONE, parse_card("9H"))
    with pytest.raises(IllegalActionError, match="seat 0 is counting"):
        game.claim(PONE, 0)
    with pytest.raises(IllegalActionError, match="0 to 29"):
        game.claim(DEALER, 30)
    assert game.snapshot() == before


def test_a_record_with_manual_pegging_replays_and_refuses_tampering():
    game = game_with(manual=(True, False), muggins=True)
    dealer_to_the_run(game)
    game.claim(DEALER, 2)
    loaded = GameState.from_json(game.to_json())
    assert loaded == game and loaded.manual_pegging == (True, False)
    record = game.to_record()
    claims = [i for i, a in enumerate(record["actions"]) if a[1] == "claim"]
    record["actions"][claims[-1]][2] = 4  # a different claim: different events
    with pytest.raises(ValueError, match="events differ"):
        GameState.from_record(record)


def correct_claim(game: GameState) -> int:
    """What a player who never misses claims: the card's points, or the go's one."""
    seat = game.to_play
    last = game.events[-1]
    if isinstance(last, Played) and last.seat == seat:
        return peg_points([c for _, c in game.current])
    return 1


@pytest.mark.parametrize("seed", range(6))
def test_claiming_exactly_right_scores_exactly_as_the_automatic_game(seed):
    """Every score, in the same order, over many random games: manual pegging adds only
    the Claimed events (both seats peg by hand here)."""
    rng = np.random.default_rng(seed)
    for game_index in range(40):
        manual = GameState.new(1000 * seed + game_index, manual_pegging=(True, True),
                               muggins=True)
        auto = GameState.new(1000 * seed + game_index)
        while not auto.is_over:
            if manual.phase is Phase.PEG:
                manual.claim(manual.to_play, correct_claim(manual))
                continue
            seat = auto.to_play if auto.to_play is not None else \
                (0 if auto.legal_actions(0) else 1)
            actions = auto.legal_actions(seat)
            action = actions[rng.integers(len(actions))]
            auto.apply(seat, action)
            manual.apply(seat, action)
        while manual.phase is Phase.PEG:
            manual.claim(manual.to_play, correct_claim(manual))
        assert manual.is_over
        assert [e for e in manual.events if not isinstance(e, Claimed)] == auto.events
        assert manual.scores == auto.scores
