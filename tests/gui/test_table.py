"""The card table and the presenter: what glows and when, the go, the sorted hand, zoom."""

import pytest

from cribbage_gui.app.texts import ZERO_HAND, spoken_count
from cribbage_gui.table.board import BoardWidget
from cribbage_gui.table.model import TableModel
from cribbage_gui.table.presenter import Presenter
from cribbage_gui.table.table_view import TableView, by_rank
from engine.cards import parse_cards
from engine.events import (
    CountReset,
    Dealt,
    Played,
    SaidGo,
    Scored,
    Show,
    StarterCut,
    Tossed,
)
from engine.scoring import ScoreItem


@pytest.fixture
def table(qtbot):
    view, board = TableView(), BoardWidget()
    qtbot.addWidget(view)
    qtbot.addWidget(board)
    view.resize(900, 600)
    view.show()
    presenter = Presenter(view, board)
    presenter.set_pace(0.0, 0)
    presenter.begin(TableModel(0, ("You", "Mueller")))
    return view, presenter


def deal_events():
    mine = parse_cards("KH 5C 9D 2S 7H 8C")
    theirs = parse_cards("6D 4H JS QS 3C 10D")
    return [Dealt(1, 1, (mine, theirs)), Tossed(0, mine[4:6]), Tossed(1, theirs[4:6]),
            StarterCut(parse_cards("AH")[0])]


def glowing(view):
    return {item.card for item in view.card_items.values() if item.highlight and not item.dim}


def test_the_glow_marks_a_score_only_while_it_is_announced(table):
    """Regression: the gold glow stayed on through a go and onto the dimmed cards."""
    view, presenter = table
    k, five, nine = parse_cards("KH 5C 9D")
    six, four = parse_cards("6D 4H")
    for e in deal_events():
        presenter.feed_event(e)
    presenter.feed_event(Played(0, five, 5))
    presenter.feed_event(Played(1, parse_cards("JS")[0], 15))
    fifteen = (ScoreItem("fifteen", (five, parse_cards("JS")[0]), 2),)
    presenter.feed_event(Scored(1, 2, "pegging", "fifteen", fifteen, 2))
    assert glowing(view) == {five, parse_cards("JS")[0]}  # the score being announced
    presenter.feed_event(Played(0, k, 25))
    assert glowing(view) == set()  # the next card ends the announcement
    presenter.feed_event(Played(1, four, 29))
    presenter.feed_event(Scored(1, 1, "pegging", "go", (ScoreItem("go", (four,), 1),), 3))
    presenter.feed_event(SaidGo(0, 29))
    assert glowing(view) == set()
    presenter.feed_event(CountReset(29))
    presenter.feed_event(Played(0, nine, 9))
    assert glowing(view) == set()
    assert not any(item.highlight for item in view.card_items.values() if item.dim)


def test_the_glow_is_off_when_the_show_waits_for_a_count(table):
    view, presenter = table
    for e in deal_events():
        presenter.feed_event(e)
    five, jack = parse_cards("5C JS")
    presenter.feed_event(Played(0, five, 5))
    presenter.feed_event(Played(1, jack, 15))
    presenter.feed_event(Scored(1, 2, "pegging", "fifteen",
                                (ScoreItem("fifteen", (five, jack), 2),), 2))
    mine = parse_cards("KH 5C 9D 2S")
    presenter.feed_event(Show(0, "hand", mine, parse_cards("AH")[0]))
    assert glowing(view) == set()  # a manual count starts with nothing lit


def test_a_go_stays_on_the_table_until_the_count_resets(table):
    view, presenter = table
    for e in deal_events():
        presenter.feed_event(e)
    presenter.feed_event(Played(0, parse_cards("KH")[0], 10))
    presenter.feed_event(Played(1, parse_cards("JS")[0], 20))
    presenter.feed_event(Played(0, parse_cards("9D")[0], 29))
    presenter.feed_event(SaidGo(1, 29))
    assert view.go_chips[1].text == "Mueller: go at 29" and view.go_chips[0].text == ""
    presenter.feed_event(Played(0, parse_cards("2S")[0], 31))
    assert view.go_chips[1].text == "Mueller: go at 29"  # still standing
    presenter.feed_event(CountReset(31))
    assert view.go_chips[1].text == ""


@pytest.mark.parametrize("sort", [True, False])
def test_the_hand_is_sorted_by_rank_when_the_setting_says_so(table, sort):
    view, presenter = table
    view.sort_hand = sort
    dealt = deal_events()[0]
    presenter.feed_event(dealt)
    order = view.hand_order()
    assert order == (by_rank(dealt.hands[0]) if sort else list(dealt.hands[0]))
    xs = [view.card_items[c].pos().x() for c in order]
    assert xs == sorted(xs)  # drawn left to right in that order


def test_the_show_lays_the_hand_out_in_rank_order(table):
    view, presenter = table
    for e in deal_events():
        presenter.feed_event(e)
    hand = parse_cards("KH 5C 9D 2S")
    presenter.feed_event(Show(0, "hand", hand, parse_cards("AH")[0]))
    xs = {c: view.card_items[("show", c)].pos().x() for c in hand}
    assert sorted(hand, key=xs.get) == by_rank(hand)


def test_zoom_makes_the_cards_larger_within_the_table(table):
    view, _ = table
    normal = view.card_width()
    view.set_zoom(1.3)
    assert view.card_width() > normal
    view.set_zoom(1.6)
    assert view.card_width() * 1.4 * 3 < view.height()  # three rows still fit
    view.set_zoom(0.8)
    assert view.card_width() < normal


def test_a_hand_with_no_points_is_called_nineteen_with_an_explanation():
    assert spoken_count(()) == ZERO_HAND == "nineteen (no points)"
    assert spoken_count((ScoreItem("fifteen", parse_cards("5H TD"), 2),)) == "fifteen two"


def test_the_cut_cards_are_named_until_the_deal(table):
    from engine.events import CutForDeal

    view, presenter = table
    jack, seven = parse_cards("JC 7D")
    presenter.feed_event(CutForDeal((jack, seven), 1))
    mine, theirs = view.labels["cut0"], view.labels["cut1"]
    assert mine.isVisible() and theirs.isVisible()
    assert (mine.text(), theirs.text()) == ("You", "Mueller")
    for label, card in ((mine, jack), (theirs, seven)):  # centred under its card
        item = view.card_items[("cut", card)]
        card_box = item.mapRectToScene(item.boundingRect())
        box = label.mapRectToScene(label.boundingRect())
        assert abs(box.center().x() - card_box.center().x()) < 2
        assert card_box.bottom() <= box.top() < card_box.bottom() + 30
    left, right = (view.card_items[("cut", c)].pos().x() for c in (jack, seven))
    assert left < right  # seat 0's first, as "Cut for deal: You J♣, Mueller 7♦" reads
    presenter.feed_event(deal_events()[0])
    assert not mine.isVisible() and not theirs.isVisible()


@pytest.mark.parametrize("text", [
    "Cut for deal: You J♣, Expert 7♦: Expert deals",
    "fifteen two, fifteen four, fifteen six, and a double run of four is sixteen",
    "Hint: play 7♥"])
def test_a_wrapped_announcement_is_split_into_even_lines(qtbot, text):
    """Regression: a sentence a little wider than the bubble left its last word alone on a
    second line; now the lines come out about even, and never more of them."""
    from PySide6.QtGui import QFontMetricsF

    from cribbage_gui.app import theme
    from cribbage_gui.table.table_view import balanced_text_rect

    font = theme.font(20, bold=True)
    metrics = QFontMetricsF(font)
    full = metrics.horizontalAdvance(text)
    width = full * 0.8  # one line is not enough
    box = balanced_text_rect(font, text, width)
    lines = round(box.height() / metrics.lineSpacing())
    assert lines == 2 and box.width() <= width
    assert box.width() < full * 0.62  # about half each, not 80% and a word
    short = balanced_text_rect(font, text, full + 10)  # fits on one line: left as it is
    assert round(short.height() / metrics.lineSpacing()) == 1


def test_the_crib_and_the_starter_are_named_on_the_table(table):
    view, presenter = table
    crib, starter = view.labels["crib"], view.labels["starter"]
    assert not crib.isVisible() and not starter.isVisible()  # nothing to name yet
    events = deal_events()  # Mueller (seat 1) deals: the crib lies by the top row
    presenter.feed_event(events[0])
    assert not crib.isVisible()
    for e in events[1:3]:
        presenter.feed_event(e)
    assert crib.isVisible() and crib.text() == "Crib" and not starter.isVisible()
    pad = next(item.w * 0.06 for key, item in view.card_items.items()
               if isinstance(key, tuple) and key[0] == "crib")
    piles = [item.mapRectToScene(item.boundingRect()).adjusted(pad, pad, -pad, -pad)
             for key, item in view.card_items.items()  # the cards' faces, without the glow
             if isinstance(key, tuple) and key[0] == "crib"]
    assert len(piles) == 4
    box = crib.mapRectToScene(crib.boundingRect())
    left = min(p.left() for p in piles)
    right = max(p.right() for p in piles)
    assert left - 5 <= box.center().x() <= right + 5  # under its pile
    assert box.top() >= max(p.bottom() for p in piles)
    presenter.feed_event(events[3])  # the starter
    assert starter.isVisible() and starter.text() == "Starter"
    card = view.card_items[("starter", parse_cards("AH")[0])]
    card_box = card.mapRectToScene(card.boundingRect())
    assert abs(starter.mapRectToScene(starter.boundingRect()).center().x()
               - card_box.center().x()) < 3


def test_a_game_won_in_the_show_says_whose_count_is_on_the_table(table):
    """Regression: "Mueller wins 121–101!" over the crib's cards, with nothing saying they
    are the crib (which holds the person's own throw, so it looked wrong)."""
    from engine.events import GameOver

    view, presenter = table
    starter = parse_cards("AH")[0]
    crib = parse_cards("6D 4H 7H 8C")
    for event in (*deal_events(), Show(1, "crib", tuple(crib), starter),
                  Scored(1, 6, "crib", "crib", (ScoreItem("run", tuple(crib[:3]), 3),
                                                 ScoreItem("fifteen", tuple(crib[2:]), 2)),
                         121), GameOver(1, (101, 121), 0)):
        presenter.feed_event(event)
        presenter.proceed()
    assert view.announcement.text == "Mueller wins 121–101 on their crib!"


def test_a_skunk_won_in_the_show_is_not_said_to_be_on_the_hand(table):
    """Regression (issue 38): "wins 121–80 with a skunk on their hand!"."""
    from engine.events import GameOver

    view, presenter = table
    starter = parse_cards("AH")[0]
    crib = parse_cards("6D 4H 7H 8C")
    for event in (*deal_events(), Show(1, "crib", tuple(crib), starter),
                  Scored(1, 6, "crib", "crib", (ScoreItem("run", tuple(crib[:3]), 3),
                                                 ScoreItem("fifteen", tuple(crib[2:]), 2)),
                         121), GameOver(1, (80, 121), 1)):
        presenter.feed_event(event)
        presenter.proceed()
    assert view.announcement.text == "Mueller wins 121–80 on their crib, with a skunk!"
