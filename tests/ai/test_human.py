import threading

import pytest

from ai import make_player
from ai.match import game_events
from ai.players.human import GameCancelled, HumanPlayer
from engine import GO, Claim, GameState, PlayCard, Toss
from engine.events import GameOver


def test_the_human_answers_through_the_queue_and_bad_answers_are_ignored():
    game = GameState.new(5, first_dealer=1)
    obs = game.observation(0)
    human = HumanPlayer()
    asked = []
    human.on_turn = asked.append
    human.submit(PlayCard(obs.hand[0]))  # not now: ignored
    human.submit(Toss((obs.dealt[0], obs.dealt[1])))
    decision = human.decide(obs)
    assert asked == [obs] and decision.action == Toss((obs.dealt[0], obs.dealt[1]))


def test_cancel_ends_the_wait():
    human = HumanPlayer()
    result = []

    def run():
        try:
            human.decide(GameState.new(1).observation(0))
        except GameCancelled:
            result.append("cancelled")

    thread = threading.Thread(target=run)
    thread.start()
    human.cancel()
    thread.join(timeout=5)
    assert result == ["cancelled"] and not thread.is_alive()


def test_a_whole_game_with_a_scripted_human_who_counts_by_hand():
    """The human plays the first legal action and counts correctly, from another thread."""
    human = HumanPlayer()
    opponent = make_player("heuristic")

    def on_turn(obs):
        if obs.show is not None:
            human.submit(Claim(_true_count(obs)))
        else:
            human.submit(obs.legal_actions[0])

    human.on_turn = on_turn
    game = GameState.new(9, first_dealer=0, manual_count=(True, False))
    events = list(game_events((human, opponent), seed=9, game=game))
    assert isinstance(events[-1], GameOver)


def _true_count(obs):
    from engine import score_hand

    seat, what, cards = obs.show
    return score_hand(cards, obs.starter, is_crib=what == "crib")


def test_players_that_do_not_count_by_hand_refuse():
    from engine import IllegalActionError

    game = GameState.new(2, first_dealer=0, manual_count=(True, True))
    while game.phase.value != "count":
        seat = game.to_play if game.to_play is not None else \
            (0 if game.legal_actions(0) else 1)
        actions = game.legal_actions(seat)
        game.apply(seat, GO if actions == (GO,) else actions[0])
    with pytest.raises(IllegalActionError, match="does not count by hand"):
        make_player("mueller").decide(game.observation(game.to_play))
