"""The high contrast theme: chosen in the settings dialog (and by ``cribbage screenshots
--theme high-contrast``), followed by the whole window: the palette, the table's felt, the
board, the cards' edges, the charts; buttons and fields outlined, the focus in a wide yellow
frame."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QLineEdit, QPushButton, QVBoxLayout, QWidget

from cribbage_gui.app import theme
from tests.gui.helpers import wait_for_input
from tests.gui.test_text_size import choose_in_settings
from tests.gui.test_theme import contrast


@pytest.fixture
def restore_light():
    yield
    theme.apply("light")


def test_the_settings_dialog_switches_the_whole_window_to_high_contrast(
        qtbot, make_window, monkeypatch, restore_light):
    window = make_window(theme="light")
    window.games.start_match("random", seed=5)
    wait_for_input(qtbot, window)
    # the themes are listed system, light, dark, high contrast: three presses down
    choose_in_settings(qtbot, window, monkeypatch, "theme", 3)
    hc = theme.HIGH_CONTRAST
    assert window.settings.theme == "high-contrast"
    assert theme.current() is hc
    assert window.qsettings.value("theme") == "high-contrast"
    palette = QApplication.instance().palette()
    assert palette.color(QPalette.ColorRole.Window) == QColor(hc.window)
    assert palette.color(QPalette.ColorRole.Highlight) == QColor(hc.highlight)
    # the felt, in a corner of the table where nothing is drawn
    table = window.table.viewport().grab().toImage()
    assert table.pixelColor(table.width() - 3, table.height() // 2) == QColor(hc.felt[1])
    # the board is black, whatever its wood, with white numbers
    board = window.board.grab().toImage()
    assert board.pixelColor(board.width() // 2, board.height() - 12) == QColor("#000000")
    numbers = {board.pixelColor(x, y).name() for x in range(board.width())
               for y in range(6, 40)}
    assert "#ffffff" in numbers
    # the charts
    assert window.reasoning.discard.histogram.backgroundBrush().color() == \
        QColor(hc.chart_background)


def edge_lightness(name: str) -> list[int]:
    """The lightness of the pixels across a card's left edge (from 1 px outside to 4 px
    inside), the card painted by the table in theme ``name``."""
    from PySide6.QtGui import QImage, QPainter

    from cribbage_gui.table.table_view import CardItem

    theme.apply(name)
    card = CardItem(17, 100)
    image = QImage(140, 180, QImage.Format.Format_ARGB32)
    image.fill(QColor("#000000"))
    painter = QPainter(image)
    painter.translate(20, 20)
    card.paint(painter, None)
    painter.end()
    return [image.pixelColor(x, 90).lightness() for x in range(19, 25)]


def test_the_cards_have_a_thick_dark_edge_in_high_contrast(qtbot, restore_light):
    thick = edge_lightness("high-contrast")
    assert sum(v < 60 for v in thick[1:]) >= 2  # two dark pixels and more inside the edge
    assert thick[-1] > 200  # then the white paper
    thin = edge_lightness("light")
    assert sum(v < 60 for v in thin[1:]) < 2


def test_the_screenshots_command_accepts_high_contrast():
    import argparse

    from cribbage_gui.commands.screenshots import register

    parser = argparse.ArgumentParser()
    register(parser.add_subparsers())
    args = parser.parse_args(["screenshots", "--out", "shots", "--theme", "high-contrast"])
    assert args.theme == "high-contrast"
    with pytest.raises(SystemExit):
        parser.parse_args(["screenshots", "--out", "shots", "--theme", "purple"])


def _yellow(image) -> int:
    return sum(1 for x in range(image.width()) for y in range(image.height())
               if image.pixelColor(x, y).name() == theme.HIGH_CONTRAST.highlight)


def test_the_focused_control_has_a_wide_yellow_frame_and_the_others_a_white_edge(
        qtbot, restore_light):
    theme.apply("high-contrast")
    panel = QWidget()
    layout = QVBoxLayout(panel)
    first, second, field = QPushButton("Hint"), QPushButton("Undo"), QLineEdit("5")
    for widget in (first, second, field):
        layout.addWidget(widget)
    qtbot.addWidget(panel)
    panel.show()
    qtbot.waitExposed(panel)
    first.setFocus()
    qtbot.waitUntil(first.hasFocus)
    assert _yellow(first.grab().toImage()) > 2 * (first.width() + first.height())
    assert _yellow(second.grab().toImage()) == 0
    edge = second.grab().toImage()
    assert edge.pixelColor(1, edge.height() // 2).name() == theme.HIGH_CONTRAST.text
    qtbot.keyClick(first, Qt.Key.Key_Tab)  # the focus moves with the keyboard
    qtbot.waitUntil(second.hasFocus)
    assert _yellow(second.grab().toImage()) > 2 * (second.width() + second.height())
    assert _yellow(first.grab().toImage()) == 0


def test_a_disabled_button_is_told_from_an_enabled_one(qtbot, restore_light):
    """In high contrast an unavailable button (Hint before your turn) is grey with a dashed
    edge, not white on black like one that works; its text still readable (over 4.5:1)."""
    theme.apply("high-contrast")
    box = QWidget()
    layout = QVBoxLayout(box)
    buttons = [QPushButton("Hint"), QPushButton("Hint")]
    for button in buttons:
        layout.addWidget(button)
    buttons[1].setEnabled(False)
    qtbot.addWidget(box)
    box.show()
    qtbot.waitExposed(box)

    def brightest(button) -> int:
        image = button.grab().toImage()
        return max(image.pixelColor(x, y).lightness()
                   for x in range(image.width()) for y in range(image.height()))

    assert brightest(buttons[0]) >= 250  # white text and edge
    assert 110 < brightest(buttons[1]) < 200  # grey: not taken for an available button
    disabled = QApplication.instance().palette().color(QPalette.ColorGroup.Disabled,
                                                       QPalette.ColorRole.ButtonText)
    assert contrast(disabled.name(), theme.HIGH_CONTRAST.button) >= 4.5
