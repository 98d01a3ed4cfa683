"""The table in the real window at the common sizes: cards that grow with the window, and no
banner, chip or message ever over a card, the count or the starter."""

import pytest
from PySide6.QtCore import QRectF, Qt

from cribbage_gui.table.cards import CARD_RATIO
from engine import Phase
from tests.gui.helpers import TIMEOUT, click_card, my_hand, take_turn, wait_for_input
from tests.gui.test_layout import settle

SIZES = [(1024, 700), (1280, 800), (1366, 768), (1920, 1080)]
# a card's height in the window at 1024x700 before the cards were made to grow (63.8 px
# wide, 89 px tall): no window from 1024x700 up shows them smaller, but for the one pixel
# the three rows of the table and their margins need at 1024x700 (2d709b6: a card's width
# leaves them room, else the card played covered the edge of the hand), 88.1 px
CARD_HEIGHT_BEFORE = 88.0


def card_height(qtbot, window, size) -> float:
    settle(qtbot, window, size)
    table = window.table
    qtbot.waitUntil(lambda: table.sceneRect().width() == table.viewport().width())
    item = table.card_items[my_hand(window)[0]]
    return item.mapRectToScene(QRectF(0, 0, item.w, item.w * CARD_RATIO)).height()


def test_the_cards_grow_with_the_window(qtbot, make_window):
    window = make_window()
    window.games.start_match("random", seed=5)
    wait_for_input(qtbot, window)
    heights = {size: card_height(qtbot, window, size) for size in SIZES}
    small, large = heights[(1024, 700)], heights[(1920, 1080)]
    assert large >= 1.6 * small, heights
    for size, height in heights.items():
        assert height >= CARD_HEIGHT_BEFORE, (size, heights)
    # the lettering on the table and the board grow too
    table = window.table
    settle(qtbot, window, (1024, 700))
    small_text, small_board = table.text_px(19), window.board.number_font().pointSizeF()
    settle(qtbot, window, (1920, 1080))
    assert table.text_px(19) >= 1.5 * small_text
    assert window.board.number_font().pointSizeF() >= 1.3 * small_board


def test_the_size_setting_still_scales_the_cards(qtbot, make_window):
    window = make_window()
    window.games.start_match("random", seed=5)
    wait_for_input(qtbot, window)
    settle(qtbot, window, (1920, 1080))
    normal = window.table.card_width()
    window.table.set_zoom(0.8)
    assert window.table.card_width() < normal
    window.table.set_zoom(1.0)
    assert window.table.card_width() == normal


def covered(table) -> list[str]:
    """Every bubble that covers a card, the count or the starter, or leaves the table."""
    cards = [(item.card, item.mapRectToScene(QRectF(0, 0, item.w, item.w * CARD_RATIO)))
             for item in (table.deck, *table.card_items.values()) if item.isVisible()]
    count = table.count_bubble
    if count.isVisible() and count.text:
        cards.append(("the count", count.sceneBoundingRect()))
    problems = []
    for bubble in (count, *table.go_chips, table.announcement, table.status, table.show_words):
        if not (bubble.isVisible() and bubble.text):
            continue
        box = bubble.sceneBoundingRect()
        if not table.sceneRect().contains(box):
            problems.append(f"{bubble.text!r} leaves the table")
        problems += [f"{bubble.text!r} covers {what}" for what, rect in cards
                     if not (bubble is count and what == "the count") and box.intersects(rect)]
    return problems


def watch(table, monkeypatch) -> tuple[list[str], dict[str, int]]:
    """Check the table after every change a game makes to it; the problems found and how
    often each kind of word was seen."""
    problems: list[str] = []
    seen = {"count": 0, "go": 0, "announcement": 0, "status": 0, "show": 0}

    def checked(method):
        def call(*args, **kwargs):
            method(*args, **kwargs)
            problems.extend(covered(table))
            seen["count"] += bool(table.count_bubble.text)
            seen["go"] += any(chip.text for chip in table.go_chips)
            seen["announcement"] += bool(table.announcement.text)
            seen["status"] += bool(table.status.text)
            seen["show"] += bool(table.show_words.text)
        return call

    for name in ("refresh", "announce", "set_status", "set_show_words", "set_selected"):
        monkeypatch.setattr(table, name, checked(getattr(table, name)))
    return problems, seen


def hint(qtbot, window) -> None:
    qtbot.mouseClick(window.game_bar.hint_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.table.announcement.text.startswith("Hint"),
                    timeout=TIMEOUT)


@pytest.mark.parametrize("size", SIZES)
def test_no_word_covers_a_card_the_count_or_the_starter(qtbot, make_window, monkeypatch,
                                                        size):
    window = make_window()
    window.games.start_match("random", seed=3)
    settle(qtbot, window, size)
    problems, seen = watch(window.table, monkeypatch)
    refused = hinted_play = False
    deals = 0
    while deals < 2:
        wait_for_input(qtbot, window)
        obs = window.playing.obs
        if obs is not None and obs.phase is Phase.DISCARD:
            deals += 1
            hint(qtbot, window)  # "Hint: throw ..." with the two cards lifted
            problems += covered(window.table)
            assert take_turn(qtbot, window, discard=lambda obs, hand: [])  # the hint's two
            continue
        elif obs is not None and obs.phase is Phase.PLAY:
            illegal = [c for c in my_hand(window) if c not in obs.legal_cards]
            if illegal and not refused:  # "That would make 3x"
                click_card(qtbot, window, illegal[0])
                refused = True
                problems += covered(window.table)
            if not hinted_play:
                hint(qtbot, window)  # "Hint: play ..."
                hinted_play = True
                problems += covered(window.table)
        assert take_turn(qtbot, window)
    assert not problems, problems[:10]
    # the game went through the moments that matter, so the check above is not empty
    assert all(seen.values()), seen
