"""Undo: the person takes back a discard or a card in a casual game, and the game goes on
exactly as if the decision had not been made; matches have no undo; the history says."""

from PySide6.QtCore import Qt

from engine import Phase
from tests.gui.helpers import TIMEOUT, click_card, play_to_the_end, take_turn, wait_for_input


def until_play(qtbot, window, cards_played=1):
    while True:
        wait_for_input(qtbot, window)
        obs = window.playing.obs
        if obs is not None and obs.phase is Phase.PLAY and sum(
                s == obs.seat for s, _ in obs.played) >= cards_played - 1:
            return obs
        take_turn(qtbot, window)


def test_undo_takes_back_a_card_and_restores_the_exact_state(qtbot, make_window):
    window = make_window()
    window.games.start_match("mueller", seed=8)
    obs = until_play(qtbot, window)
    game = window.playing.controller.game
    before = game.snapshot()
    hand_before = window.table.hand_order()
    log_before = [e.text for e in window.presenter.model.log]
    click_card(qtbot, window, obs.legal_cards[0])
    qtbot.waitUntil(lambda: window.playing.obs is not None
                    and window.playing.obs is not obs, timeout=TIMEOUT)
    assert window.game_bar.undo_button.isEnabled()
    qtbot.mouseClick(window.game_bar.undo_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.playing.obs is not None, timeout=TIMEOUT)
    game = window.playing.controller.game
    assert game.snapshot() == before  # cards, scores, count, random states: all as before
    assert window.table.hand_order() == hand_before
    assert [e.text for e in window.presenter.model.log][:len(log_before)] == log_before
    assert [e.text for e in window.log.entries] == [e.text for e in
                                                     window.presenter.model.log]
    assert window.playing.undo_used


def test_undo_goes_back_to_the_state_kept_at_the_turn_not_a_replay(qtbot, make_window,
                                                                   monkeypatch):
    """The undo used to replay the game from its seed, every action again; now each of the
    person's turns keeps a clone of the game and the undo starts from a copy of it: no
    action is applied again, and the game is the one the turn saw, whole."""
    from engine import GameState

    window = make_window()
    window.games.start_match("mueller", seed=8)
    obs = until_play(qtbot, window, cards_played=2)
    before = window.playing.controller.game.clone()
    click_card(qtbot, window, obs.legal_cards[0])
    qtbot.waitUntil(lambda: window.playing.obs is not None
                    and window.playing.obs is not obs, timeout=TIMEOUT)
    applied: list = []
    real_apply = GameState.apply
    monkeypatch.setattr(GameState, "apply",
                        lambda game, seat, action: (applied.append(action),
                                                    real_apply(game, seat, action))[1])
    assert window.playing.undo()
    qtbot.waitUntil(lambda: window.playing.obs is not None, timeout=TIMEOUT)
    assert applied == []  # nothing replayed
    game = window.playing.controller.game
    assert game == before and game is not before


def test_the_same_decision_after_undo_gives_the_same_game(qtbot, make_window):
    """The computer's random state is restored too, so it answers as it did."""
    window = make_window()
    window.games.start_match("mueller", seed=12)
    obs = until_play(qtbot, window)
    card = obs.legal_cards[-1]
    click_card(qtbot, window, card)
    qtbot.waitUntil(lambda: window.playing.obs is not None and window.playing.obs is not obs,
                    timeout=TIMEOUT)
    first = window.playing.controller.game.snapshot()
    window.playing.undo()
    wait_for_input(qtbot, window)
    click_card(qtbot, window, card)
    qtbot.waitUntil(lambda: window.playing.controller.game.snapshot()["actions"]
                    == first["actions"], timeout=TIMEOUT)
    qtbot.waitUntil(lambda: window.playing.obs is not None, timeout=TIMEOUT)
    assert window.playing.controller.game.snapshot() == first


def test_undo_a_discard_and_the_history_records_that_undo_was_used(qtbot, make_window):
    window = make_window()
    window.games.start_match("random", seed=4)
    wait_for_input(qtbot, window)
    six = window.playing.obs.dealt
    hand = window.table.hand_order()
    for card in hand[:2]:
        click_card(qtbot, window, card)
    qtbot.mouseClick(window.game_bar.throw_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.playing.controller.game.tosses[0] is not None,
                    timeout=TIMEOUT)
    # Undo is offered from the next turn on: Ctrl+Z before it would be a key into nothing
    qtbot.waitUntil(window.menus.actions["undo"].isEnabled, timeout=TIMEOUT)
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: window.playing.obs is not None
                    and window.playing.obs.phase is Phase.DISCARD, timeout=TIMEOUT)
    assert window.playing.obs.dealt == six
    assert window.playing.controller.game.tosses[window.playing.obs.seat] is None
    assert window.playing.ratings == []  # the undone discard's rating is gone
    play_to_the_end(qtbot, window)
    row = window.history.db.execute("SELECT undo_used FROM games").fetchone()
    assert row == (1,)
    assert window.history.by_opponent()[0]["undo_games"] == 1


def test_there_is_no_undo_in_a_match(qtbot, make_window):
    window = make_window()
    window.games.start_match("random", seed=4, length=3)
    obs = until_play(qtbot, window)
    click_card(qtbot, window, obs.legal_cards[0])
    wait_for_input(qtbot, window)
    assert not window.game_bar.undo_button.isVisible()
    assert window.playing.undo() is False
    assert not window.playing.undo_used


def test_a_game_without_undo_is_recorded_as_such(qtbot, make_window):
    window = make_window()
    window.games.start_match("random", seed=11)
    play_to_the_end(qtbot, window)
    assert window.history.db.execute("SELECT undo_used FROM games").fetchone() == (0,)


def test_undo_of_a_card_that_was_no_real_choice(qtbot, make_window):
    """Regression: a card that was the only one to play is rated "no real choice" and its
    rating dropped; taking it back raised ValueError (the decision was no longer listed)."""
    window = make_window()
    window.games.start_match("mueller", seed=8)
    obs = until_play(qtbot, window)
    click_card(qtbot, window, obs.legal_cards[0])
    qtbot.waitUntil(lambda: window.playing.obs is not None
                    and window.playing.obs is not obs, timeout=TIMEOUT)
    playing = window.playing
    qtbot.waitUntil(lambda: len(playing.ratings) == len(playing._decisions), timeout=TIMEOUT)
    playing._rated(playing._decisions[-1], None)  # as for a lone card: nothing to rate
    before = len(playing.ratings)
    assert playing.undo()
    qtbot.waitUntil(lambda: playing.obs is not None, timeout=TIMEOUT)
    assert len(playing.ratings) == before  # the earlier decisions' ratings are kept
