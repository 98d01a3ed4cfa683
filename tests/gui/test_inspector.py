"""The reasoning inspector: your discard options, the computer's reasoning, the review."""

import numpy as np
import pytest
from PySide6.QtCore import Qt

from ai import make_player
from ai.match.driver import DecisionMade, game_events
from cribbage_gui.widgets.reasoning import DiscardTab, ReasoningDock, labels
from engine import analyze_discards
from engine.cards import card_label, parse_cards
from engine.events import Dealt, GameOver
from tests.gui.helpers import wait_for_input


def table_rows(table):
    return [[table.item(r, c).text() for c in range(table.columnCount())]
            for r in range(table.rowCount())]


def row_of(table, keep_text):
    return next(r for r in range(table.rowCount()) if table.item(r, 0).text() == keep_text)


@pytest.mark.parametrize("my_crib", [True, False])
def test_the_discard_table_matches_analyze_discards(qtbot, my_crib):
    tab = DiscardTab()
    qtbot.addWidget(tab)
    six = parse_cards("5H 5C JD QS 4H 9C")
    tab.show_options(six, my_crib)
    options = analyze_discards(six, my_crib)
    assert tab.table.rowCount() == 15
    for o in options:
        r = row_of(tab.table, labels(o.keep))
        cells = [tab.table.item(r, c) for c in range(tab.table.columnCount())]
        assert cells[1].text() == labels(o.toss)
        assert cells[2].value == o.hand_min and cells[5].value == o.hand_max
        assert cells[3].value == pytest.approx(o.hand_mean)
        assert cells[4].value == pytest.approx(o.hand_median)
        assert cells[6].value == pytest.approx(o.crib_mean if my_crib else -o.crib_mean)
        assert cells[8].value == pytest.approx(o.net)
        # net + pegging = net plus the pegging estimate shown beside it
        assert cells[9].value == pytest.approx(o.net + cells[7].value)
    losses = [tab.table.item(r, 10).value for r in range(15)]
    assert min(losses) == pytest.approx(0.0) and all(v >= -1e-12 for v in losses)
    # sorted by net + pegging, best first, and the first row selected with its histogram
    totals = [tab.table.item(r, 9).value for r in range(15)]
    assert totals == sorted(totals, reverse=True)
    selected = next(o for o in options if labels(o.keep) == tab.table.item(0, 0).text())
    assert np.array_equal(tab.bars.opts["height"], np.array(selected.hand_histogram))
    assert sum(selected.hand_histogram) == 46


def test_the_table_sorts_by_number_and_the_histogram_follows_the_selection(qtbot):
    tab = DiscardTab()
    qtbot.addWidget(tab)
    six = parse_cards("AH 2C 3D KS QH 7C")
    tab.show_options(six, False)
    tab.table.sortItems(5, Qt.SortOrder.AscendingOrder)  # hand max, as numbers
    maxima = [tab.table.item(r, 5).value for r in range(15)]
    assert maxima == sorted(maxima)
    tab.table.selectRow(14)
    keep = tab.table.item(14, 0).text()
    option = next(o for o in analyze_discards(six, False) if labels(o.keep) == keep)
    assert np.array_equal(tab.bars.opts["height"], np.array(option.hand_histogram))


def test_the_window_shows_your_options_when_you_discard(qtbot, make_window):
    window = make_window()
    window.start_match("random", seed=5)
    wait_for_input(qtbot, window)
    obs = window.obs
    table = window.reasoning.discard.table
    expected = analyze_discards(list(obs.dealt), obs.is_dealer)
    assert sorted(table.item(r, 0).text() for r in range(15)) == \
        sorted(labels(o.keep) for o in expected)
    best = expected[0]
    assert table.item(row_of(table, labels(best.keep)), 8).value == pytest.approx(best.net)


def _events(players, seed=3):
    return list(game_events(tuple(make_player(p) for p in players), seed, 0))


def test_the_opponents_reasoning_is_held_until_the_deal_is_over(qtbot):
    dock = ReasoningDock()
    qtbot.addWidget(dock)
    dock.begin(("You", "Mueller"), my_seat=0)
    deal = 0
    seen_in_deal = 0
    for event in _events(("random", "mueller")):
        dock.on_event(event)
        if isinstance(event, Dealt):
            deal = event.deal
            seen_in_deal = len(dock.computer.records)
        # nothing of the current deal is visible while it is being played
        assert all(not title.startswith(f"Deal {deal}:") for title, _ in
                   dock.computer.records) or isinstance(event, GameOver)
        assert len(dock.computer.records) == seen_in_deal or isinstance(event, GameOver)
        if isinstance(event, DecisionMade) and event.seat == 1:
            assert dock.held, "the opponent's decision is kept back"
    # at the end of the game everything is shown, none of it the person's own decisions
    assert not dock.held and dock.computer.records
    assert all("Mueller" in title for title, _ in dock.computer.records)


def test_show_now_reveals_the_held_reasoning_at_once(qtbot):
    dock = ReasoningDock()
    qtbot.addWidget(dock)
    dock.begin(("You", "Mueller"), my_seat=0)
    events = _events(("random", "mueller"))
    first_deal_end = next(i for i, e in enumerate(events)
                          if isinstance(e, DecisionMade) and e.seat == 1
                          and not hasattr(e.decision.action, "cards"))
    for event in events[:first_deal_end + 1]:
        dock.on_event(event)
    held = len(dock.held)
    assert held >= 2 and not dock.computer.records
    dock.computer.reveal.setChecked(True)
    assert len(dock.computer.records) == held and not dock.held
    for event in events[first_deal_end + 1:]:  # live from now on
        dock.on_event(event)
        assert not dock.held


def test_when_computers_play_every_decision_is_live(qtbot):
    dock = ReasoningDock()
    qtbot.addWidget(dock)
    dock.begin(("Weights", "Evolved"), my_seat=None)
    decisions = 0
    for event in _events(("weights", "evolved")):
        dock.on_event(event)
        decisions += isinstance(event, DecisionMade)
        assert len(dock.computer.records) == decisions
    assert not dock.computer.reveal.isVisibleTo(dock)  # nothing to hide


@pytest.mark.parametrize("players", [("weights", "mueller"), ("evolved", "heuristic"),
                                     ("expert", "random")])
def test_every_kind_of_reasoning_is_drawn(qtbot, players):
    dock = ReasoningDock()
    qtbot.addWidget(dock)
    dock.begin(players, my_seat=None)
    for event in _events(players, seed=11)[:120]:
        dock.on_event(event)
    tab = dock.computer
    kinds = set()
    for row, (_title, record) in enumerate(tab.records):
        tab.decisions.setCurrentRow(row)
        kind = type(record).__name__
        kinds.add(kind)
        assert record.summary()[:20] in tab.text.text()
        if kind == "ExpertDiscard":
            wins = [tab.table.item(r, 6).value for r in range(15)]
            assert wins == [o.win for o in record.options]
            assert wins[record.chosen] == max(wins)
        if kind == "ExpertPlay":
            assert tab.table.rowCount() == len(record.candidates)
            assert tab.table.item(0, 0).text().startswith(
                card_label(record.chosen))
        if kind in ("WeightsDiscard", "MuellerDiscard", "HeuristicDiscard", "ExpertDiscard"):
            assert tab.table.rowCount() == 15
            chosen = record.chosen
            assert tab.table.item(chosen, 0).background().color().name() == "#fff1b8"
        if kind == "WeightsDiscard":
            assert tab.table.columnCount() == 3 + 8
            assert tab.table.item(record.chosen, 2).value == pytest.approx(record.p[
                record.chosen])
            assert tab.charts.isVisibleTo(tab)
        if kind == "EvolvedDiscard":
            assert tab.table.rowCount() == 6
            assert sorted(tab.table.item(r, 2).text() for r in range(6)).count("thrown") == 2
        if kind == "MuellerDiscard":
            assert record.strategy in tab.text.text()
    expected = {"weights": {"WeightsDiscard"}, "mueller": {"MuellerDiscard", "MuellerPlay"},
                "evolved": {"EvolvedDiscard"}, "heuristic": {"HeuristicDiscard",
                                                             "HeuristicPlay"},
                "expert": {"ExpertDiscard", "ExpertPlay"}, "random": set()}
    for p in players:
        assert expected[p] <= kinds


def test_the_review_lists_each_discard_with_the_points_lost(qtbot):
    dock = ReasoningDock()
    qtbot.addWidget(dock)
    dock.begin(("You", "Heuristic"), my_seat=0)
    events = _events(("random", "heuristic"), seed=7)
    for event in events:
        dock.on_event(event)
    mine = [e for e in events if isinstance(e, DecisionMade) and e.seat == 0
            and hasattr(e.decision.action, "cards")]
    rows = dock.review_tab.rows
    assert len(rows) == len(mine) > 0
    dealt = {e.deal: e for e in events if isinstance(e, Dealt)}
    for row, decision in zip(rows, mine, strict=True):
        deal = row[0]
        six = dealt[deal].hands[0]
        options = analyze_discards(list(six), dealt[deal].dealer == 0)
        thrown = next(o for o in options if set(o.toss) == set(decision.decision.action.cards))
        assert row[3] == labels(thrown.toss)
        assert row[-1] == pytest.approx(options[0].net - thrown.net)
        assert row[-1] >= 0
    assert f"{len(mine)} discards" in dock.review_tab.title.text()
