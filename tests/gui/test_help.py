"""Help: every topic opens, its card pictures are drawn, its counts are the engine's."""

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QTextDocument

from cribbage_gui.windows.help import TOPICS, HelpWindow, page
from engine.cards import parse_card, parse_cards
from engine.scoring import count_aloud, score_breakdown

SHORTCUTS = (("Enter", "throw"), ("Ctrl+Z", "undo"))


@pytest.fixture
def help_window(qtbot, tmp_path):
    window = HelpWindow(shortcuts=SHORTCUTS, data_dir=tmp_path, settings_path="/x/s.ini")
    qtbot.addWidget(window)
    window.show()
    return window


def test_every_topic_opens_by_name_and_by_click(help_window, qtbot):
    for topic in TOPICS:
        help_window.show_topic(topic)
        assert help_window.topic == topic
        assert help_window.browser.toPlainText().strip()
    item = help_window.topics.item(1)
    rect = help_window.topics.visualItemRect(item)
    qtbot.mouseClick(help_window.topics.viewport(), Qt.MouseButton.LeftButton,
                     pos=rect.center())
    assert help_window.topic == TOPICS[1]


def test_the_close_button_closes_the_help(help_window, qtbot):
    from PySide6.QtWidgets import QDialogButtonBox

    button = help_window.buttons.button(QDialogButtonBox.StandardButton.Close)
    assert button.isVisible()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert not help_window.isVisible()


def test_the_scoring_examples_are_counted_by_the_engine(help_window, qtbot):
    help_window.show_topic("Scoring")
    text = help_window.browser.toPlainText()
    for hand, starter, crib in (("5C 5H 5S JD", "5D", False), ("2H 6H 8H QH", "3C", True),
                                ("7H 8C 8D 9S", "4C", False)):
        items = score_breakdown(parse_cards(hand), parse_card(starter), crib)
        total = sum(i.points for i in items)
        assert f"{total} for the {'crib' if crib else 'hand'}" in text
        assert count_aloud(items) in text
    assert "29 for the hand" in text and "nineteen (no points)" in text
    # one row per kind of score: the 29's eight fifteens together, with their 16 points
    from cribbage_gui.windows.help import breakdown_table

    items = score_breakdown(parse_cards("5C 5H 5S JD"), parse_card("5D"), False)
    rows = breakdown_table(items).count("<tr>")
    assert rows == len({i.label for i in items}) == 3
    assert "8 × fifteen" in text and "2 × run of three" in text
    bar = help_window.browser.horizontalScrollBar()
    for width in (560, 780):  # the tables fit the page: no sideways scrolling
        help_window.resize(width, 600)
        qtbot.waitUntil(lambda w=width: help_window.width() == w, timeout=2000)
        qtbot.waitUntil(lambda: bar.maximum() == 0, timeout=2000)


def test_every_card_picture_is_drawn(help_window):
    for topic in TOPICS:
        help_window.show_topic(topic)
        for name in help_window.images():
            url = QUrl(name)
            image = help_window.browser.loadResource(
                int(QTextDocument.ResourceType.ImageResource.value), url)
            assert not image.isNull() and image.width() > 40, (topic, name)
    help_window.show_topic("Scoring")
    assert len(help_window.images()) >= 20  # five cards an example


def test_shortcuts_and_about(help_window, tmp_path):
    help_window.show_topic("Keyboard shortcuts")
    text = help_window.browser.toPlainText()
    assert "Ctrl+Z" in text and "undo" in text
    help_window.show_topic("About")
    text = help_window.browser.toPlainText()
    assert str(tmp_path) in text and "/x/s.ini" in text and "MIT" in text
    assert "Version" in text and "Qt" in text


def test_an_unknown_topic_is_refused(help_window):
    with pytest.raises(ValueError, match="no help topic 'Poker'"):
        help_window.show_topic("Poker")
    with pytest.raises(ValueError, match="topics: How to play"):
        page("Poker")


def test_f1_opens_the_help_on_how_to_play(qtbot, make_window):
    window = make_window()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=3000)  # shortcuts go to the active window
    qtbot.keyClick(window, Qt.Key.Key_F1)
    qtbot.waitUntil(lambda: window.dialogs.help_window is not None, timeout=3000)
    shown = window.dialogs.help_window
    assert shown.isVisible() and shown.topic == "How to play"
    window.show_help("Keyboard shortcuts")
    assert window.dialogs.help_window is shown  # one help window, opened again
    assert "Undo your last discard or card" in shown.browser.toPlainText()
