"""The analysis board's positions (cribbage_gui.services.board): a setup typed by hand gives
the observation the referee gives at that moment, and a setup that cannot happen is refused
with a reason."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from cribbage_gui.services.board import (
    BoardError,
    Setup,
    deal_decisions,
    deal_over_now,
    last_deal_over,
    observation_of,
    parse_cards_text,
    parse_played,
    played_text,
    setup_of,
)
from engine import GameState, Phase, PlayCard, Toss
from engine.cards import parse_card
from engine.events import Dealt, GameOver, Scored


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())


def decisions(seed: int):
    """Every observation at which a seat chooses (a toss, or a card among those that fit)
    in a game of random choices, with the game's events so far."""
    rng = np.random.default_rng(seed)
    game = GameState.new(seed)
    while not game.is_over:
        seat = game.current_player()
        obs = game.observation(seat)
        legal = game.legal_actions(seat)
        if obs.phase is Phase.DISCARD or (obs.phase is Phase.PLAY and obs.legal_cards):
            yield obs, tuple(game.events)
        game.apply(seat, legal[int(rng.integers(len(legal)))])


@pytest.mark.parametrize("seed", range(6))
def test_every_moment_of_a_game_comes_back_from_its_fields(seed):
    """The count, the cards since the last reset, the goes said, what fits: all follow from
    the cards played in order, as the referee has them (goes, 31s and the opponent running
    out of cards included)."""
    seen = {"discard": 0, "play": 0, "go": 0, "reset": 0}
    for obs, _ in decisions(seed):
        setup = setup_of(obs)
        # (whether the opponent has thrown yet is no part of a discard's question)
        referee = obs if obs.phase is Phase.PLAY else \
            replace(obs, opponent_tossed=False, opponent_cards_left=6)
        assert observation_of(setup) == referee
        if obs.phase is Phase.PLAY:
            # typed by hand: no order of the six known, the same moment otherwise
            typed = replace(setup, six=())
            again = observation_of(typed)
            assert replace(again, dealt=obs.dealt) == referee
            assert set(again.dealt) == set(obs.dealt)
            seen["go"] += any(obs.go_said)
            seen["reset"] += len(obs.current) < len(obs.played)
        seen[setup.kind] += 1
    assert seen["discard"] >= 2 and seen["play"] >= 10 and seen["reset"] >= 1


def test_goes_are_followed_over_many_games():
    goes = sum(any(obs.go_said) and observation_of(setup_of(obs)).go_said == obs.go_said
               for seed in range(6, 30) for obs, _ in decisions(seed)
               if obs.phase is Phase.PLAY)
    assert goes >= 5


def test_the_count_follows_the_cards_played():
    setup = Setup("play", (40, 52), dealer=1, hand=cards("5H 5C"), toss=cards("6D 7C"),
                  starter=parse_card("2S"), played=parse_played("you JD, opp 9C, you 5S"))
    obs = observation_of(setup)  # you lead (the pone), then it is the opponent's turn ...
    assert obs.count == 24 and obs.go_said == (False, True)  # ... who said go at 24
    assert obs.opponent_cards_left == 3 and obs.legal_cards == cards("5H 5C")
    assert obs.my_score == 40 and not obs.is_dealer
    after_31 = replace(setup, played=parse_played("you JD, opp 9C, you 5S, opp 7S"))
    obs = observation_of(after_31)  # 31: the count starts again, you lead (you did not
    assert obs.count == 0 and obs.current == () and obs.go_said == (False, False)  # play 31)


@pytest.mark.parametrize("setup, words", [
    (Setup("discard", six=cards("5H 5C 5S JD 6D 7C 8S")), "six cards: 7"),
    (Setup("discard", six=cards("5H 5C 5S JD 6D")), "six cards: 5"),
    (Setup("discard", six=cards("5H 5C 5S JD 6D 5H")), "5♥ is given twice"),
    (Setup("discard", (121, 0), six=cards("5H 5C 5S JD 6D 7C")), "0 to 120"),
    (Setup("discard", (0, -1), six=cards("5H 5C 5S JD 6D 7C")), "opponent's score"),
    (Setup("play", hand=cards("5H 5C 5S JD"), toss=cards("6D 7C"), starter=parse_card("JD")),
     "J♦ is given twice (your hand and the starter)"),
    (Setup("play", hand=cards("5H 5C 5S JD"), toss=cards("6D"), starter=parse_card("2S")),
     "toss is two cards"),
    (Setup("play", hand=cards("5H 5C 5S JD"), toss=cards("6D 7C")), "starter"),
    (Setup("play", hand=cards("5H 5C 5S"), toss=cards("6D 7C"), starter=parse_card("2S")),
     "keep four cards"),
    # you are the pone: you lead, not the opponent
    (Setup("play", hand=cards("5H 5C 5S JD"), toss=cards("6D 7C"), starter=parse_card("2S"),
           played=parse_played("opp 9C")), "your turn to lead"),
    # the dealer follows the pone's lead
    (Setup("play", dealer=0, hand=cards("5H 5C 5S JD"), toss=cards("6D 7C"),
           starter=parse_card("2S")), "opponent's turn"),
    # a count over 31: KS cannot follow at 24 while your 5H still fits
    (Setup("play", hand=cards("5H 5C"), toss=cards("6D 7C"), starter=parse_card("2S"),
           played=parse_played("you JD, opp 9C, you 5S, opp KS")), "would make 34, over 31"),
    # you cannot play two cards running while the opponent may still fit one at 15
    (Setup("play", hand=cards("5H 5C"), toss=cards("6D 7C"), starter=parse_card("2S"),
           played=parse_played("you JD, you 5S")), "opponent's turn"),
    (Setup("play", dealer=0, hand=cards("5H 5C 5S JD"), toss=cards("6D 7C"),
           starter=parse_card("2S"),
           played=parse_played("opp 9C, opp KS, opp KH, opp KC, opp QC")),
     "opponent keeps four cards: 5"),
])
def test_a_position_that_cannot_happen_is_refused_saying_why(setup, words):
    with pytest.raises(BoardError, match=words.replace("(", r"\(").replace(")", r"\)")):
        observation_of(setup)


def test_after_your_go_the_count_starts_again():
    """No card of yours fits at 29 and no further card of the opponent's is given: you
    said go, they could not play either (or had none), and you lead the next count."""
    setup = Setup("play", hand=cards("KH QH"), toss=cards("6D 7C"), starter=parse_card("2S"),
                  played=parse_played("you JD, opp 9C, you 5S, opp 5D"))
    obs = observation_of(setup)
    assert obs.count == 0 and obs.current == () and obs.legal_cards == cards("KH QH")
    # had you played the last card, the opponent would lead after the go
    with pytest.raises(BoardError, match="opponent's turn"):
        observation_of(replace(setup, played=parse_played("you JD, opp 9C, you TS")))


def test_text_is_read_or_refused():
    assert parse_cards_text("5h, 10C  q♠", "x") == cards("5H TC QS")
    assert parse_played("you 5H; opp td,me 6c") == ((0, parse_card("5H")),
                                                   (1, parse_card("TD")),
                                                   (0, parse_card("6C")))
    assert played_text(parse_played("you 5H, opp TD")) == "you 5H, opp TD"
    with pytest.raises(BoardError, match="'5X' is not a card"):
        parse_cards_text("5H 5X", "Your six")
    with pytest.raises(BoardError, match="who played what"):
        parse_played("5H TD")


def test_the_last_deal_over_is_the_six_at_its_start():
    game = GameState.new(5)
    rng = np.random.default_rng(0)
    seat = 0
    first = game.observation(seat)
    assert last_deal_over(game.events, seat) is None  # the first deal goes on
    while game.observation(seat).deal == first.deal and not game.is_over:
        s = game.current_player()
        legal = game.legal_actions(s)
        if any(isinstance(a, Toss) for a in legal) or any(isinstance(a, PlayCard)
                                                          for a in legal):
            game.apply(s, legal[int(rng.integers(len(legal)))])
        else:
            game.apply(s, legal[0])
    setup = last_deal_over(game.events, seat)
    assert setup is not None and setup.six == first.dealt and setup.scores == first.scores
    assert setup.dealer == first.dealer and setup.deal == first.deal
    assert observation_of(setup).dealt == first.dealt


@pytest.mark.parametrize("seed", range(4))
def test_each_decision_of_a_deal_over_is_the_moment_the_referee_gave(seed):
    """Once a deal is over (its crib counted, or the game won), and only then, its decisions
    are the seat's discard and each card it played, each the very observation the seat
    chose at (the scores then, the cards played before it, its hand then), in order."""
    rng = np.random.default_rng(seed)
    game = GameState.new(seed)
    seat = seed % 2
    asked: dict[int, list] = {}  # the deal: the seat's observations at its decisions
    while not game.is_over:
        s = game.current_player()
        obs = game.observation(s)
        legal = game.legal_actions(s)
        if s == seat and (obs.phase is Phase.DISCARD or (obs.phase is Phase.PLAY
                                                         and obs.legal_cards)):
            asked.setdefault(obs.deal, []).append(obs)
        game.apply(s, legal[int(rng.integers(len(legal)))])
    events = tuple(game.events)
    ends: list[int] = []  # where each deal ends: its crib's count, or the game's end
    for i, e in enumerate(events):
        if (isinstance(e, Scored) and e.source == "crib") or (
                isinstance(e, GameOver) and (not ends or ends[-1] != i)):
            ends.append(i + 1)
    assert len(ends) == len(asked) >= 5  # (the game can end in a deal's count)
    for deal, end in enumerate(ends, start=1):
        so_far = events[:end]  # as the table has shown them: the deal's end waits there
        assert deal_over_now(so_far)
        assert not deal_over_now(events[:end - 1]) or isinstance(events[end - 1], GameOver)
        decisions = deal_decisions(so_far, seat)
        moments = asked[deal]
        assert len(decisions) == len(moments) and decisions[0].setup.deal == deal
        assert observation_of(decisions[0].setup) == replace(
            moments[0], opponent_tossed=False, opponent_cards_left=6)
        assert decisions[0].label == "Your discard"
        for number, (decision, obs) in enumerate(zip(decisions[1:], moments[1:],
                                                     strict=True), start=1):
            assert observation_of(decision.setup) == obs
            ordinal = ("1st", "2nd", "3rd", "4th")[number - 1]
            assert decision.label.startswith(f"Your {ordinal} card: ")
        if end < len(events):  # the next deal dealt: it goes on, the last one is over
            following = next(i for i in range(end, len(events))
                             if isinstance(events[i], Dealt))
            assert not deal_over_now(events[:following + 1])
            assert deal_decisions(events[:following + 1], seat) == decisions


def test_no_decision_of_a_deal_still_being_played():
    game = GameState.new(3)
    assert deal_decisions(game.events, 0) == () and not deal_over_now(game.events)
    while game.current_player() is not None and game.observation(0).deal == 1:
        s = game.current_player()
        game.apply(s, game.legal_actions(s)[0])
        first_over = deal_over_now(game.events)
        if game.observation(0).deal == 1 and not first_over:
            assert deal_decisions(game.events, 0) == ()  # the first deal goes on
    assert game.observation(0).deal == 2
    assert not deal_over_now(game.events)  # the second deal is dealt: it goes on
    assert deal_decisions(game.events, 0)[0].setup.deal == 1  # the first is over
