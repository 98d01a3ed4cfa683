"""Driving the main window through its widgets, as a person would."""

from PySide6.QtCore import Qt

from engine import Phase

TIMEOUT = 90_000  # ms: the longest wait for the window, not a speed limit (a first, cold
# compilation of the advisor on a loaded two-core machine can take most of a minute)


def click_card(qtbot, window, card, double=False):
    item = window.table.card_items[card]
    pos = window.table.mapFromScene(item.sceneBoundingRect().center())
    qtbot.mouseClick(window.table.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    if double:  # a real double-click: press, release, then the double-click event
        qtbot.mouseDClick(window.table.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def my_hand(window):
    return list(window.presenter.model.hands[window.presenter.model.my_seat])


def wait_for_input(qtbot, window):
    """Until the person must act, the show waits for Continue, or the game is over."""
    qtbot.waitUntil(lambda: window.playing.obs is not None
                    or window.game_bar.continue_button.isVisible()
                    or window.presenter.model.game_over is not None, timeout=TIMEOUT)


def take_turn(qtbot, window, discard=lambda obs, hand: hand[:2],
              play=lambda obs: obs.legal_cards[0]):
    """Act on the current moment with clicks; return False once the game is over."""
    wait_for_input(qtbot, window)
    if window.game_bar.continue_button.isVisible():
        qtbot.mouseClick(window.game_bar.continue_button, Qt.MouseButton.LeftButton)
        return True
    obs = window.playing.obs
    if obs is None:
        return window.presenter.model.game_over is None
    if obs.phase is Phase.DISCARD:
        for card in discard(obs, my_hand(window)):
            click_card(qtbot, window, card)
        assert window.game_bar.throw_button.isEnabled()
        qtbot.mouseClick(window.game_bar.throw_button, Qt.MouseButton.LeftButton)
    elif obs.phase is Phase.PLAY:
        click_card(qtbot, window, play(obs))
    elif obs.phase is Phase.COUNT:
        raise AssertionError("manual counting is driven by its own test")
    return True


def play_to_the_end(qtbot, window, **policy):
    turns = 0
    while take_turn(qtbot, window, **policy):
        turns += 1
        assert turns < 2000
    return window.presenter.model.game_over
