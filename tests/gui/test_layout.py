"""The window at common sizes: usable at 1024x700 with the panels open, nothing cut off at
1366x768, and the geometry and the panels kept between sessions."""

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QAbstractButton, QLabel

from ai import advice
from tests.gui.conftest import make_settings
from tests.gui.helpers import TIMEOUT, wait_for_input


def settle(qtbot, window, size):
    window.resize(*size)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == size, timeout=3000)
    qtbot.wait(50)


def inside(widget, window) -> bool:
    top_left = widget.mapTo(window, widget.rect().topLeft())
    return QRect(0, 0, window.width(), window.height()).contains(
        QRect(top_left, widget.size()))


@pytest.mark.parametrize("size", [(1024, 700), (1366, 768), (1920, 1080)])
def test_the_window_takes_common_sizes_with_the_panels_open(qtbot, make_window, size):
    """Regression: the inspector's title did not wrap, so 1024x700 gave 1296x700."""
    window = make_window()
    window.games.start_match("random", seed=5)
    wait_for_input(qtbot, window)
    qtbot.waitUntil(lambda: window.reasoning.discard.advice is not None, timeout=TIMEOUT)
    settle(qtbot, window, size)
    assert window.reasoning.isVisible() and not window.reasoning.isFloating()
    for dock in (window.reasoning, window.heatmap, window.log, window.board_dock):
        assert not dock.isFloating()
    assert window.table.width() >= 420 and window.table.height() >= 300
    # every button and label of the bar under the table is whole and inside the window
    bar = window.game_bar
    for child in bar.findChildren(QAbstractButton) + bar.findChildren(QLabel):
        if child.isVisible() and isinstance(child, QAbstractButton):
            assert inside(child, window), child.text()
            assert child.width() >= child.minimumSizeHint().width()


def test_at_1366_the_discard_table_shows_every_column(qtbot, make_window):
    window = make_window()
    window.games.start_match("random", seed=5)
    settle(qtbot, window, (1366, 768))
    wait_for_input(qtbot, window)
    tab = window.reasoning.discard
    qtbot.waitUntil(lambda: tab.advice is not None, timeout=TIMEOUT)
    qtbot.wait(50)
    assert tab.table.hidden_columns == []
    header = tab.table.horizontalHeader()
    right = max(header.sectionViewportPosition(c) + header.sectionSize(c) for c in range(8))
    assert right <= tab.table.viewport().width() + 1


@pytest.mark.parametrize("length", [1, 3])  # a game; a match (a three-line caption)
def test_at_1024_the_discard_chart_stays_inside_its_panel(qtbot, make_window, length):
    """Regression: the caption's wrapped lines were not counted, so the splitter pushed the
    histogram's axis title ("hand points") out of the bottom of the panel."""
    window = make_window()
    window.games.start_match("random", seed=5, length=length)
    settle(qtbot, window, (1024, 700))
    wait_for_input(qtbot, window)
    tab = window.reasoning.discard
    qtbot.waitUntil(lambda: tab.advice is not None, timeout=TIMEOUT)
    qtbot.wait(50)
    bottom = tab.histogram.mapTo(tab, tab.histogram.rect().bottomLeft()).y()
    assert bottom <= tab.height()
    assert tab.caption.height() >= tab.caption.heightForWidth(tab.caption.width())
    # rows as tall as their text: most of the 15 options in sight (7 with Fusion's 30 px)
    table, viewport = tab.table, tab.table.viewport().rect()
    whole = [r for r in range(table.rowCount())
             if viewport.contains(table.visualRect(table.model().index(r, 0)))]
    assert len(whole) >= 8


def test_the_geometry_and_the_panels_are_kept_between_sessions(qtbot, tmp_path, make_window):
    first = make_window()
    settle(qtbot, first, (1500, 880))
    first.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, first.reasoning)
    first.heatmap.setVisible(False)
    qtbot.wait(50)
    width = first.reasoning.width()
    first.close()
    from cribbage_gui.windows.main_window import MainWindow

    second = MainWindow(data_dir=tmp_path, qsettings=make_settings(tmp_path))
    qtbot.addWidget(second)
    second.show()
    qtbot.wait(100)
    assert (second.width(), second.height()) == (1500, 880)
    assert second.dockWidgetArea(second.reasoning) == Qt.DockWidgetArea.LeftDockWidgetArea
    assert not second.heatmap.isVisible()
    assert abs(second.reasoning.width() - width) <= 4
    second.docks.reset()  # View → Reset the panels
    assert second.dockWidgetArea(second.reasoning) == Qt.DockWidgetArea.RightDockWidgetArea
    assert second.heatmap.isVisibleTo(second) or second.tabifiedDockWidgets(second.heatmap)
    second.close()


def test_the_hint_and_the_top_row_agree_in_the_window(qtbot, make_window):
    window = make_window()
    window.games.start_match("mueller", seed=44)
    wait_for_input(qtbot, window)
    obs = window.playing.obs
    tab = window.reasoning.discard
    qtbot.waitUntil(lambda: tab.advice is not None, timeout=TIMEOUT)
    qtbot.mouseClick(window.game_bar.hint_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(window.table.selected) == 2, timeout=TIMEOUT)
    assert window.table.selected == set(tab.option_at(0).toss)
    assert window.table.selected == set(advice.hint(obs).action.cards)


@pytest.mark.parametrize("size", [(1024, 700), (1920, 1080)])
def test_the_count_said_in_the_show_stays_clear_of_the_cards(qtbot, make_window, size):
    """Regression: a count long enough to take two lines was placed for one and covered the
    bottom of the cards at 1024x700."""
    from tests.gui.helpers import take_turn

    window = make_window()
    settle(qtbot, window, size)
    window.games.start_match("random", seed=5)
    while not window.game_bar.continue_button.isVisible():
        assert take_turn(qtbot, window)
    table = window.table
    table.set_show_words("fifteen two, fifteen four, fifteen six, fifteen eight, and a "
                         "double double run of four is twenty-four")
    words = table.show_words.sceneBoundingRect()
    cards = [item.sceneBoundingRect() for key, item in table.card_items.items()
             if key[0] in ("show", "starter")]
    assert len(cards) == 5
    assert words.height() > table.text_px(16) * 2  # two lines at least
    assert not any(words.intersects(card) for card in cards)
    assert table.sceneRect().contains(words)


@pytest.mark.parametrize("stretch_last", [False, True])
@pytest.mark.parametrize("width", [200, 900])
def test_a_table_spreads_across_a_wide_panel(qtbot, width, stretch_last):
    """Every table: on a wide panel the room left over is shared among the columns (none
    more than doubled), not left blank on the right nor given all to the last column (the
    discard inspector's "Lost" at 1920); on a narrow one the columns keep their content's
    width and the least important go."""
    from cribbage_gui.app.tables import fill, make_table

    table = make_table(["Player", "Accuracy", "Best", "Pts lost", "Win lost"])
    table.stretch_last = stretch_last
    qtbot.addWidget(table)
    table.resize(width, 200)
    table.show()
    fill(table, [["You", 81.0, "20/29", 9.5, "19.8%"], ["Expert", 100.0, "30/31", 0.0,
                                                           "0.0%"]])
    shown = [c for c in range(5) if not table.isColumnHidden(c)]
    content = {c: max(table.sizeHintForColumn(c), table._header_width(c)) + 2 for c in shown}
    widths = {c: table.columnWidth(c) for c in shown}
    room = table.viewport().width()
    if stretch_last:  # the last column's section takes what is left: measured apart
        assert widths.pop(shown[-1]) >= content[shown[-1]]
    assert sum(widths.values()) <= room
    assert all(content[c] <= widths[c] <= 2 * content[c] for c in widths)
    if width == 900:
        assert shown == list(range(5))
        assert all(widths[c] > content[c] for c in widths)  # each got a share
    else:
        assert table.hidden_columns and room - sum(widths.values()) < 2 * len(shown) + 70
