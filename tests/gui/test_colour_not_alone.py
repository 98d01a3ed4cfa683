"""Colour is never the only signal: the players' pegs differ in shape, a chosen row carries a
◀ and bold type, the chart's chosen option a triangle, and each mark on the review's chart
its sign (?!, ?, ??) as well as its colour."""

import pytest
from PySide6.QtCore import QPointF

from ai import advice
from ai.base import Reasoning
from cribbage_gui.app import theme
from cribbage_gui.app.tables import MARK_SIGNS
from cribbage_gui.app.texts import cards_text
from cribbage_gui.panels.decisions import CHOSEN_SIGN, ComputerTab
from cribbage_gui.panels.reasoning import DiscardTab
from cribbage_gui.table.board import PEG_SHAPES, BoardWidget
from engine import GameState
from tests.gui.test_review_window import expert_v_random, open_review  # noqa: F401 (fixture)


def test_the_two_players_pegs_differ_in_shape(qtbot):
    """Seat 0's pegs are round, seat 1's diamonds: a point just beside a peg, past a
    circle's edge but inside the diamond's corner, is peg-coloured for the diamond only."""
    assert PEG_SHAPES[:2] == ("round", "diamond")
    board = BoardWidget()
    qtbot.addWidget(board)
    board.resize(1400, 300)  # pegs of some 8 pixels' radius
    board.pace = 0
    board.reset(scores=(10, 10), backs=(5, 5))
    image = board.grab().toImage()
    r = board.peg_radius()
    differs = []
    for seat in (0, 1):
        centre = board.hole(seat, 10, 1)
        beside = centre + QPointF(-1.15 * r, 0)  # (left: the shadow falls to the right)
        wood = centre + QPointF(-1.9 * r, 0)  # the same height: the same wood, no hole
        a, b = image.pixelColor(beside.toPoint()), image.pixelColor(wood.toPoint())
        distance = abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue())
        differs.append(distance > 60)  # (a circle's antialiased edge may tint it a little)
    assert differs == [False, True]


def test_a_third_players_pegs_are_square(qtbot):
    """Three players' board: the third track's pegs are squares (a point inside a square's
    corner, past a circle's edge, is peg-coloured for the square only)."""
    from engine.rules import VARIANTS

    assert PEG_SHAPES[2] == "square"
    board = BoardWidget()
    qtbot.addWidget(board)
    board.set_rules(VARIANTS["three-player"])
    board.resize(1400, 360)
    board.pace = 0
    board.reset(scores=(10, 10, 10), backs=(5, 5, 5))
    image = board.grab().toImage()
    r = board.peg_radius()
    differs = []
    for track in (0, 2):
        centre = board.hole(track, 10, 1)
        corner = centre + QPointF(-0.8 * r, -0.8 * r)  # up and left: clear of the shadow
        wood = centre + QPointF(-1.9 * r, -0.8 * r)
        a, b = image.pixelColor(corner.toPoint()), image.pixelColor(wood.toPoint())
        distance = abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue())
        differs.append(distance > 60)
    assert differs == [False, True]


def test_the_computers_chosen_option_is_marked_by_more_than_colour(qtbot):
    tab = ComputerTab()
    qtbot.addWidget(tab)
    tab._set_table(["Card", "Value"], [["5♥", 1.0], ["K♠", 2.0], ["2♣", 0.5]], highlight=1)
    first = [tab.table.item(r, 0) for r in range(3)]
    assert [c.text().endswith(CHOSEN_SIGN) for c in first] == [False, True, False]
    assert [tab.table.item(r, 1).font().bold() for r in range(3)] == [False, True, False]
    assert first[1].background().color().name() == theme.current().chosen_row


def test_the_weights_chart_puts_a_triangle_over_the_chosen_bar(qtbot):
    from tests.gui.test_inspector import _events

    tab = ComputerTab()
    qtbot.addWidget(tab)
    for event in _events(("weights", "random"), seed=11)[:40]:
        decision = getattr(event, "decision", None)
        reasoning = getattr(decision, "reasoning", None)
        if type(reasoning).__name__ == "WeightsDiscard":
            break
    else:
        pytest.fail("no weights discard in the first events")
    assert isinstance(reasoning, Reasoning)
    tab.add("a discard", reasoning)
    values = [item for item in tab.charts.ci.items
              if getattr(item, "titleLabel", None) is not None
              and item.titleLabel.text.startswith("p = w")][0]
    markers = [item for item in values.listDataItems()
               if item.opts.get("symbol") == "t"]
    assert len(markers) == 1
    xs, _ys = markers[0].getData()
    assert list(xs) == [reasoning.chosen]


def test_your_throw_in_the_discard_table_carries_a_sign(qtbot):
    tab = DiscardTab()
    qtbot.addWidget(tab)
    game = GameState.new(3)
    a = advice.discard_advice(game.observation(game.pone))
    tab.show_advice(a)
    thrown = a.options[-1].toss  # the worst throw: not on the first row
    tab.mark_thrown(thrown)
    tab.mark_thrown(thrown)  # marked twice: one sign
    rows = [r for r in range(tab.table.rowCount())
            if set(tab.option_at(r).toss) == set(thrown)]
    assert len(rows) == 1
    for r in range(tab.table.rowCount()):
        text = tab.table.item(r, 0).text()
        if r == rows[0]:
            assert text == cards_text(a.options[-1].keep) + CHOSEN_SIGN
            assert tab.table.item(r, 0).font().bold()
            assert tab.table.item(r, 0).toolTip().count("Your throw.") == 1
        else:
            assert not text.endswith(CHOSEN_SIGN)


def test_each_mark_on_the_review_chart_carries_its_sign(qtbot, expert_v_random):  # noqa: F811
    from cribbage_gui.services import gamefile

    window = open_review(qtbot, gamefile.read(expert_v_random))
    marked = [(i, d) for i, d in enumerate(window.review.decisions) if d.mark]
    assert marked, "the expert against random makes no marked decision?"
    signs = sorted((label.toPlainText(), round(label.pos().x(), 3))
                   for label in window.mark_signs)
    expected = sorted((MARK_SIGNS[d.mark], round(window.position_of(d), 3))
                      for _i, d in marked)
    assert signs == expected


def test_the_game_over_chart_marks_each_player_with_the_shape_of_their_pegs(qtbot):
    from cribbage_gui.table.game_over import GameOverDialog, GameSummary
    from engine.events import SOURCES

    points = [dict.fromkeys(SOURCES, 0) for _ in range(2)]
    summary = GameSummary(names=("You", "Expert"), winner=1, scores=(99, 121), skunk=0,
                          points=points, progress=[(0, 0, 0), (1, 50, 60), (2, 99, 121)],
                          review="", match="")
    box = GameOverDialog(summary)
    qtbot.addWidget(box)
    lines = box.chart.getPlotItem().listDataItems()
    assert [line.opts["symbol"] for line in lines] == list(theme.SEAT_SYMBOLS[:2])
    assert theme.SEAT_SYMBOLS == ("o", "d", "s")  # round, diamond, square: as the pegs
    assert PEG_SHAPES == ("round", "diamond", "square")
