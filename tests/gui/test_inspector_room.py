"""The reasoning inspector's options at 200% text (issue 38): at 1366x768 it showed two or
three rows with their letters cut."""

import pytest

from cribbage_gui.app import theme
from tests.gui.helpers import TIMEOUT, wait_for_input

SIZES = ((1024, 700), (1280, 800), (1366, 768), (1920, 1080))


@pytest.mark.parametrize("theme_name", ["light", "high-contrast"])
def test_the_options_table_keeps_five_whole_rows_in_sight(qtbot, make_window, theme_name):
    """At each size and at 100 and 200% text: rows as tall as the text (its line and a
    margin), at least five of them wholly in sight in the table, and the table itself
    not cut by the panel (the tab scrolls instead)."""
    window = make_window()
    window.games.start_match("random", seed=2)
    wait_for_input(qtbot, window)
    tab = window.reasoning.discard
    qtbot.waitUntil(lambda: tab.advice is not None, timeout=TIMEOUT)
    window.reasoning.raise_()
    window.reasoning.tabs.setCurrentWidget(tab)
    theme.apply(theme_name)
    try:
        for text in (100, 200):
            theme.set_text_size(text)
            for size in SIZES:
                window.resize(*size)
                qtbot.wait(60)
                where = (theme_name, text, size)
                table = tab.table
                line = table.fontMetrics().height()
                assert table.rowHeight(0) >= line + 4, where  # letters whole
                in_sight = table.viewport().height() // table.rowHeight(0)
                assert in_sight >= min(5, table.rowCount()), (where, in_sight)
                # the table lies inside the scrolled page, which the scroll bar reaches
                page = tab.scroll_area.widget()
                assert page.rect().contains(table.geometry().translated(
                    table.parentWidget().mapTo(page, table.pos()) - table.pos())), where
                bar = tab.scroll_area.verticalScrollBar()
                assert bar.maximum() >= page.height() - tab.scroll_area.viewport().height() \
                    - 1, where
    finally:
        theme.set_text_size(100)
        theme.apply("light")
