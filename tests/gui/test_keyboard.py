"""The whole game from the keyboard alone: keys go to the widget that has the focus, as a
person's would; nothing is clicked and no method of the window is called to act."""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from cribbage_gui.windows.menus import SHORTCUTS
from engine import Phase
from tests.gui.helpers import TIMEOUT, wait_for_input


def focused(window):
    """The widget the keyboard is on (the window's own when the platform has no active
    window)."""
    return QApplication.focusWidget() or window.focusWidget() or window


def press(qtbot, window, key, times=1):
    for _ in range(times):
        qtbot.keyClick(focused(window), key)


def ring_to(qtbot, window, card):
    """Move the table's focus ring onto ``card`` with Home and →."""
    assert focused(window) is window.table, "the cards have the keyboard at your turn"
    press(qtbot, window, Qt.Key.Key_Home)
    press(qtbot, window, Qt.Key.Key_Right, window.table.hand_order().index(card))
    assert window.card_focus.card == card
    assert window.card_focus.ring.isVisible()  # the focus is drawn


def take_turn_by_keys(qtbot, window, counts):
    wait_for_input(qtbot, window)
    if window.game_bar.continue_button.isVisible():
        press(qtbot, window, Qt.Key.Key_Return)
        return True
    obs = window.playing.obs
    if obs is None:
        return window.presenter.model.game_over is None
    if obs.phase is Phase.DISCARD:
        hand = window.table.hand_order()
        ring_to(qtbot, window, hand[1])
        press(qtbot, window, Qt.Key.Key_Space)  # chosen
        press(qtbot, window, Qt.Key.Key_Right, 2)
        press(qtbot, window, Qt.Key.Key_Return)  # Enter chooses the second card...
        assert window.table.selected == {hand[1], hand[3]}
        press(qtbot, window, Qt.Key.Key_Return)  # ...and with two chosen, throws them
    elif obs.phase is Phase.PLAY:
        card = obs.legal_cards[-1]
        ring_to(qtbot, window, card)
        press(qtbot, window, Qt.Key.Key_Return)
    elif obs.phase is Phase.COUNT:
        spin = window.game_bar.claim_spin
        assert focused(window) in (spin, spin.lineEdit()), "the count has the keyboard"
        claim = counts.pop(0) if counts else 0
        qtbot.keyClicks(focused(window), str(claim))
        press(qtbot, window, Qt.Key.Key_Return)
    return True


def test_a_whole_game_from_the_keyboard_and_its_review(qtbot, make_window):
    window = make_window(manual_count=True, muggins=True)
    window.activateWindow()
    window.games.start_match("random", seed=2024)
    counts = [29, 3, 0]  # too many (refused, then asked again), a miss, then 0s
    turns = 0
    while take_turn_by_keys(qtbot, window, counts):
        turns += 1
        assert turns < 2000
    over = window.presenter.model.game_over
    assert over is not None and max(over.scores) >= 121
    events = window.playing.controller.game.events
    assert any(getattr(e, "source", "") == "muggins" for e in events), \
        "a hand counted short by the keyboard was taken by muggins"
    # the game-over box: Tab to "Review game", Space presses it
    qtbot.waitUntil(lambda: window.dialogs.game_over_box is not None
                    and window.dialogs.game_over_box.isVisible(), timeout=TIMEOUT)
    box = window.dialogs.game_over_box
    for _ in range(8):
        if box.focusWidget() is box.review_button:
            break
        qtbot.keyClick(box.focusWidget() or box, Qt.Key.Key_Tab)
    assert box.focusWidget() is box.review_button
    qtbot.keyClick(box.review_button, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: bool(window.dialogs.review_windows), timeout=TIMEOUT)
    review = window.dialogs.review_windows[-1]
    assert not box.isVisible()
    qtbot.waitExposed(review)
    review.activateWindow()  # the window manager's part: a new window has the keyboard
    qtbot.waitUntil(review.isActiveWindow, timeout=TIMEOUT)
    end = review.position  # it opens at the game's end
    qtbot.keyClick(review.focusWidget() or review, Qt.Key.Key_Home)
    assert review.position < end
    start = review.position
    qtbot.keyClick(review.focusWidget() or review, Qt.Key.Key_Right)
    assert review.position == start + 1
    qtbot.keyClick(review.focusWidget() or review, Qt.Key.Key_End)
    assert review.position == end
    qtbot.keyClick(review.focusWidget() or review, Qt.Key.Key_Escape)
    assert not review.isVisible()


def test_the_arrows_stay_within_the_hand_and_space_chooses(qtbot, make_window):
    window = make_window()
    window.activateWindow()
    window.games.start_match("random", seed=7)
    qtbot.waitUntil(lambda: window.playing.obs is not None, timeout=TIMEOUT)
    assert focused(window) is window.table
    hand = window.table.hand_order()
    press(qtbot, window, Qt.Key.Key_Left, 3)  # past the left end: stays on the first
    assert window.card_focus.card == hand[0]
    press(qtbot, window, Qt.Key.Key_End)
    assert window.card_focus.card == hand[-1]
    press(qtbot, window, Qt.Key.Key_Right)
    assert window.card_focus.card == hand[-1]
    press(qtbot, window, Qt.Key.Key_Space)
    assert window.table.selected == {hand[-1]}
    press(qtbot, window, Qt.Key.Key_Space)  # Space again puts it back
    assert window.table.selected == set()
    # the ring sits on the card it names
    item = window.table.card_items[hand[-1]]
    assert window.card_focus.ring.pos() == item.pos()
    # the keyboard elsewhere: no ring; F6 brings it back to the cards
    window.game_bar.hint_button.setFocus()
    qtbot.waitUntil(lambda: not window.card_focus.ring.isVisible(), timeout=TIMEOUT)
    press(qtbot, window, Qt.Key.Key_F6)
    assert focused(window) is window.table and window.card_focus.ring.isVisible()


def test_every_key_is_in_the_help():
    from cribbage_gui.windows.help import page

    text = page("Keyboard shortcuts", SHORTCUTS)
    for keys in ("← →", "Space", "Enter", "F6", "Tab", "Esc"):
        assert keys in text
