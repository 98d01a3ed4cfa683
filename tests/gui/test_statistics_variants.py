"""The Statistics window per variant: a combo box above the tabs chooses whose figures the
Summary and the Accuracy show, the six-card game's by default, as before the variants."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from ai import make_player
from ai.match.driver import refereed_game
from ai.match.variant import play_variant_game
from cribbage_gui.services.history import History
from cribbage_gui.windows.statistics import StatisticsWindow
from engine.rules import VARIANTS

THREE = ("you", "heuristic", "random")


@pytest.fixture
def history(tmp_path):
    history = History(tmp_path / "history.sqlite3")
    for seed in (1, 2):
        _, game = refereed_game((make_player("random"), make_player("random")), seed)
        history.record_game(game.events, opponent="random", seed=seed, game_index=0,
                            human_seat=0, players=("you", "random"), record=game.to_record())
    game = play_variant_game([make_player(n) for n in ("heuristic", "heuristic", "random")],
                             VARIANTS["three-player"], 5, 0)
    game_id = history.record_variant_game(game, THREE, (0,), THREE[1:])
    history.set_accuracy(game_id, 77.0)
    yield history
    history.close()


def curve_points(stats) -> int:
    xs = stats.win_curve.getData()[0]
    return 0 if xs is None else len(xs)


def texts(table, column: int = 0) -> list[str]:
    return [table.item(r, column).text() for r in range(table.rowCount())]


def test_the_six_card_figures_by_default_then_each_variant_from_the_keyboard(qtbot, history):
    stats = StatisticsWindow(history)
    qtbot.addWidget(stats)
    stats.show()
    box = stats.variant_box
    assert box.accessibleName() == "Variant" and box.currentText() == "Six-card (two players)"
    # the six-card game's figures, as before the variants: its two games only
    six = history.totals()
    assert six["games"] == 2
    assert stats.summary.text().startswith(f"2 games played, {six['wins']} won")
    assert texts(stats.opponents) == ["Random (Beginner)"]
    assert texts(stats.per_deal) == ["As dealer", "As pone", "Typical dealer", "Typical pone"]
    assert stats.hand_counts.sum() == len(history.hand_scores())
    assert curve_points(stats) == 2
    assert stats.accuracy_table.rowCount() == 0  # the reviewed game is a three-player one
    # Down, from the keyboard: five-card (no games), then three players
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_Down)
    assert box.currentData() == "five-card"
    assert stats.summary.text() == "No five-card (two players) games played yet."
    assert texts(stats.per_deal) == ["As dealer", "As pone"]  # no typical figures
    assert stats.opponents.rowCount() == 0 and stats.hand_counts.sum() == 0
    assert curve_points(stats) == 0
    qtbot.keyClick(box, Qt.Key.Key_Down)
    assert box.currentData() == "three-player"
    three = history.totals("three-player")
    assert three["games"] == 1
    assert stats.summary.text().startswith(f"1 game played, {three['wins']} won")
    assert texts(stats.opponents) == ["Heuristic pegger (Hard), Random (Beginner)"]
    assert texts(stats.per_deal) == ["As dealer", "Not dealing"]
    assert stats.hand_counts.sum() == len(history.hand_scores("three-player")) > 0
    assert curve_points(stats) == 1
    assert texts(stats.accuracy_table) == ["Heuristic pegger (Hard), Random (Beginner)"]
    assert texts(stats.accuracy_table, 2) == ["77"]
    assert list(stats.accuracy_series) == ["heuristic, random"]
    # and back: the six-card figures again
    qtbot.keyClick(box, Qt.Key.Key_Home)
    assert stats.summary.text().startswith("2 games played")
    assert stats.accuracy_table.rowCount() == 0 and not stats.accuracy_series


def test_the_games_tab_lists_every_variant_by_name(qtbot, history):
    stats = StatisticsWindow(history)
    qtbot.addWidget(stats)
    assert stats.games_table.rowCount() == 3
    assert texts(stats.games_table, 1)[0] == (
        "Heuristic pegger (Hard), Random (Beginner) (three players)")
    assert texts(stats.games_table, 1)[1:] == ["Random (Beginner)"] * 2
    items = [stats.variant_box.itemText(i) for i in range(stats.variant_box.count())]
    assert items == ["Six-card (two players)", "Five-card (two players)", "Three players",
                     "Four players (partners)"]


def test_alt_v_reaches_the_variant(qtbot, history):
    stats = StatisticsWindow(history)
    qtbot.addWidget(stats)
    stats.show()
    qtbot.waitExposed(stats)
    stats.activateWindow()
    stats.tabs.setFocus()
    qtbot.waitUntil(stats.tabs.hasFocus, timeout=2000)
    qtbot.keyClick(stats.tabs, Qt.Key.Key_V, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(stats.variant_box.hasFocus, timeout=2000)


def test_the_inspectors_tables_show_a_variants_advice_with_dashes(qtbot):
    """The discard and play tables take a variant's advice (no chance of winning: "—")."""
    from ai import advice
    from cribbage_gui.panels.play_options import PlayTab
    from cribbage_gui.panels.reasoning import DiscardTab
    from engine import PlayCard, Toss
    from engine.record import Replay
    from engine.state import GameState

    game = play_variant_game([make_player("random") for _ in range(3)],
                             VARIANTS["three-player"], 2, 0)
    moments = [(state.observation(seat), action)
               for state, seat, action in Replay(GameState, game.to_record())]
    obs = next(o for o, a in moments if isinstance(a, Toss))
    tab = DiscardTab()
    qtbot.addWidget(tab)
    tab.show_advice(advice.discard_advice(obs))
    assert tab.table.rowCount() == 5
    assert [tab.table.item(r, 6).text() for r in range(5)] == ["—"] * 5
    assert "expected points" in tab.title.text()
    obs = next(o for o, a in moments if isinstance(a, PlayCard)
               and len({c >> 2 for c in o.legal_cards}) > 1)
    play = PlayTab()
    qtbot.addWidget(play)
    play.show_advice(advice.play_advice(obs))
    assert play.table.rowCount() >= 2
    assert {play.table.item(r, 2).text() for r in range(play.table.rowCount())} == {"—"}
