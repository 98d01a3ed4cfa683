"""The table model follows the driver's events from one seat's point of view."""

from ai import make_player
from ai.match import game_events
from cribbage_gui.app.texts import announce, says
from cribbage_gui.table.model import TableModel
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


def test_an_under_claimed_count_says_what_was_pegged_and_what_it_held():
    """Regression: "Your hand (…): 0: a pair is two." after claiming 0 for a pair."""
    model = TableModel(0, ("You", "Mueller"))
    hand, starter = parse_cards("5H 5C 9S JD"), parse_cards("2S")[0]
    model.apply(Show(0, "hand", tuple(hand), starter))
    pair = ScoreItem("pair", tuple(hand[:2]), 2)
    model.apply(Scored(0, 0, "hand", "claimed", (pair,), 0))
    assert model.log[-1].text == "Your hand (5♣ 5♥ 9♠ J♦ + 2♠): pegs 0 of the 2 it holds " \
                                 "(a pair is two)."
    model.apply(Show(1, "hand", tuple(hand), starter))
    model.apply(Scored(1, 2, "hand", "hand", (pair,), 2))
    assert model.log[-1].text.endswith("): 2: a pair is two.")


def test_cards_are_written_in_the_order_the_hand_is_drawn():
    """One order everywhere: the log, the hint and the tables list cards by rank, as the
    table draws the hand (it said "throw 9♦ and 2♠" where the Toss column said "2♠ 9♦")."""
    from cribbage_gui.app.texts import cards_and, cards_text
    from cribbage_gui.table.table_view import by_rank

    cards = parse_cards("9D 2S KH 2C")
    assert cards_text(cards) == "2♣ 2♠ 9♦ K♥" and cards_and(cards[:2]) == "2♠ and 9♦"
    assert [c for c in by_rank(cards)] == sorted(cards, key=lambda c: (c >> 2, c & 3))
    model = TableModel(0, ("You", "Mueller"))
    model.apply(Dealt(1, 1, (tuple(parse_cards("9D 2S KH 2C 5H 6H")),
                             tuple(parse_cards("AS AH AD AC 3S 3H")))))
    model.apply(Tossed(0, tuple(parse_cards("9D 2S"))))
    assert "throw 2♠ 9♦ to" in model.log[-1].text


def test_the_welcome_names_a_level_once():
    from ai import named_levels
    from cribbage_gui.dialogs.dialogs import level_label

    labels = {level.player.name: level_label(level) for level in named_levels()}
    assert labels["expert"].startswith("Expert (Elo ") and "Expert — Expert" not in \
        labels["expert"]
    assert labels["heuristic"].startswith("Hard — Heuristic")
