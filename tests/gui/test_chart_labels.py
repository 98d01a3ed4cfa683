"""The charts' axis numbers at 100 and 200% text (issue 38): apart and whole in every chart
of the window, at each of the four sizes, in light and high contrast. Measured on the
labels pyqtgraph lays out (``AxisItem.generateDrawSpecs``: a rectangle per number)."""

import pyqtgraph as pg
import pytest

from cribbage_gui.app import theme
from cribbage_gui.app.axes import chart_axes
from tests.gui.chart_labels import drawn_labels, label_problems
from tests.gui.helpers import TIMEOUT, play_to_the_end

SIZES = ((1024, 700), (1280, 800), (1366, 768), (1920, 1080))


@pytest.fixture
def normal_size():
    yield
    theme.set_text_size(100)
    theme.apply("light")


def short_chart(qtbot, axes=None, height=110):
    chart = pg.PlotWidget(axisItems=axes) if axes is not None else pg.PlotWidget()
    qtbot.addWidget(chart)
    chart.resize(320, height)
    chart.setYRange(0, 4, padding=0)
    chart.setXRange(0, 30, padding=0)
    theme.style_chart(chart)
    chart.show()
    qtbot.wait(20)
    return chart


def test_a_short_chart_s_numbers_keep_apart_at_200_percent(qtbot, normal_size):
    """Regression: pyqtgraph's axis spaces its main ticks by the axis's length alone and
    always labels them, so in a short chart at 200% the numbers printed over each other
    whatever tick font it was given (as it still does here with its own axis)."""
    theme.set_text_size(200)
    plain = short_chart(qtbot)
    assert any("over" in p for p in label_problems(plain, "pyqtgraph's axis"))
    ours = short_chart(qtbot, chart_axes("left"))
    assert label_problems(ours, "ours") == []
    numbers = [text for side, text, _ in drawn_labels(ours) if side == "left"]
    assert len(numbers) >= 2 and numbers[0] == "0"  # still a scale, from its foot
    # at 100% the same chart keeps a number on every whole point
    theme.set_text_size(100)
    assert [t for s, t, _ in drawn_labels(ours) if s == "left"] == ["0", "1", "2", "3"]


def test_named_ticks_that_do_not_fit_are_thinned_never_stacked(qtbot, normal_size):
    """Labels set one by one (the strategies' names): every other one is left out
    rather than printed over its neighbour."""
    theme.set_text_size(200)
    chart = short_chart(qtbot, chart_axes(), height=160)
    names = ["hand min", "hand mean", "hand median", "hand max", "crib", "peg gained"]
    chart.getAxis("left").setTicks([[(i * 4 / 5, name) for i, name in enumerate(names)]])
    qtbot.wait(20)
    shown = [text for side, text, _ in drawn_labels(chart) if side == "left"]
    assert label_problems(chart, "names") == []
    assert shown[0] == "hand min" and 2 <= len(shown) < len(names)


@pytest.fixture
def finished(qtbot, make_window):
    """A game against the strategy weights played out: its game-over box, the
    reasoning of its decisions (the weights' charts) and its history."""
    window = make_window()
    window.games.start_match("weights", seed=11)
    play_to_the_end(qtbot, window)
    box = window.dialogs.game_over_box
    qtbot.waitUntil(lambda: box.isVisible(), timeout=TIMEOUT)
    return window, box


def window_charts(window, box, review) -> list:
    computer = window.reasoning.computer
    return [("game over", box.chart), ("review", review.chart),
            ("inspector", window.reasoning.discard.histogram),
            ("weights", computer.charts), ("heatmap", window.heatmap.plot_widget)]


@pytest.mark.parametrize("theme_name", ["light", "high-contrast"])
def test_every_chart_s_numbers_keep_apart_and_whole(qtbot, finished, normal_size,
                                                    theme_name):
    """At each size and text size, no two numbers of a chart overlap and none is cut by
    the chart's edge; and each chart still shows a scale (two numbers at least)."""
    window, box = finished
    theme.apply(theme_name)
    computer = window.reasoning.computer
    kinds = [type(r).__name__ for _, r in computer.records]
    computer.decisions.setCurrentRow(kinds.index("WeightsDiscard"))
    review = window.reviews.review_game()
    qtbot.waitUntil(lambda: review.review is not None, timeout=TIMEOUT)
    problems: list[str] = []
    for text in (100, 200):
        theme.set_text_size(text)
        for size in SIZES:
            where = f"{theme_name} {text}% {size[0]}x{size[1]}"
            window.resize(*size)
            review.resize(*size)
            window.dialogs.place_clear_of_board(box)
            window.show_statistics()
            stats = window.dialogs.stats_window
            qtbot.wait(60)
            charts = window_charts(window, box, review)
            for tab, chart in ((0, stats.win_plot), (0, stats.hand_plot),
                               (2, stats.accuracy_plot), (3, stats.practice_plot)):
                stats.tabs.setCurrentIndex(tab)
                qtbot.wait(30)
                charts.append((f"statistics {tab}", chart))
                problems += check(chart, f"{where} statistics {tab}")
            stats.close()
            for name, chart in charts[:5]:
                # (an axis lays its numbers out after the resize's events: let it settle)
                qtbot.waitUntil(lambda c=chart: len(drawn_labels(c)) >= 2, timeout=2000)
                problems += check(chart, f"{where} {name}")
    assert problems == []


def check(chart, where: str) -> list[str]:
    problems = label_problems(chart, where)
    if len(drawn_labels(chart)) < 2:
        problems.append(f"{where}: fewer than two numbers")
    return problems
