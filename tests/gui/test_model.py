"""The table model follows the driver's events from one seat's point of view."""

from ai import make_player
from ai.match import game_events
from cribbage_gui.model import TableModel
from cribbage_gui.texts import announce, says
from engine.cards import parse_cards
from engine.events import Dealt, GameOver, Played, Scored, Show, Tossed
from engine.scoring import ScoreItem


def watch(seat=0, reveal=False, seed=3):
    model = TableModel(seat, ("You", "Mueller"), reveal=reveal)
    events = list(game_events((make_player("heuristic"), make_player("mueller")), seed))
    seen = []
    for e in events:
        model.apply(e)
        seen.append((e, {
            "hands": [list(h) for h in model.hands], "hidden": list(model.hidden),
            "scores": list(model.scores), "count": model.count}))
    return model, seen


def test_the_opponents_cards_stay_hidden_until_shown():
    model, seen = watch()
    for e, state in seen:
        if isinstance(e, Dealt):
            assert state["hands"][0] == list(e.hands[0]) and state["hands"][1] == []
            assert state["hidden"] == [0, 6]
        if isinstance(e, Tossed) and e.seat == 1:
            assert state["hidden"][1] in (4, 0)
        if isinstance(e, Show) and e.seat == 1:
            assert state["hidden"][1] == 0


def test_scores_counts_and_back_pegs_follow_the_events():
    model, seen = watch()
    last = [0, 0]
    for e, state in seen:
        if isinstance(e, Scored):
            assert state["scores"][e.seat] == e.total
            last[e.seat] = e.total
        if isinstance(e, Played):
            assert state["count"] == e.count
    final = seen[-1][0]
    assert isinstance(final, GameOver) and model.game_over == final
    assert tuple(model.scores) == final.scores


def test_reveal_shows_both_hands():
    model, seen = watch(reveal=True)
    dealt = next(e for e, _ in seen if isinstance(e, Dealt))
    state = next(s for e, s in seen if e is dealt)
    assert state["hands"][1] == list(dealt.hands[1])


def test_announcements_in_players_words():
    five, ten = parse_cards("5H TD")
    e = Scored(0, 2, "pegging", "fifteen", (ScoreItem("fifteen", (ten, five), 2),), 12)
    assert announce(e.source, e.points, e.items) == "fifteen for 2"
    go = Scored(1, 1, "pegging", "go", (ScoreItem("go", (five,), 1),), 3)
    assert announce(go.source, go.points, go.items) == "go for 1"
    assert says("You", "deal") == "You deal" and says("Mueller", "deal") == "Mueller deals"


def test_a_computer_dealer_throws_to_their_own_crib():
    from engine.cards import parse_cards
    from engine.events import Dealt, Tossed

    model = TableModel(0, ("You", "Mueller"))
    mine = parse_cards("KH 5C 9D 2S 7H 8C")
    model.apply(Dealt(1, 1, (mine, ())))
    model.apply(Tossed(1, ()))
    model.apply(Tossed(0, mine[:2]))
    assert model.log[-2].text == "Mueller throws two cards to their own crib."
    assert model.log[-1].text.startswith("You throw ") and \
        model.log[-1].text.endswith("to Mueller's crib.")
    model.apply(Dealt(2, 0, (mine, ())))  # your deal: "your crib", as before
    model.apply(Tossed(1, ()))
    assert model.log[-1].text == "Mueller throws two cards to your crib."
