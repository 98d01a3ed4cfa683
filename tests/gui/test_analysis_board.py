"""The analysis board (issue 38, point 8): any six cards or moment of the play set up, the
expert's whole analysis of it, bad positions refused, and the ways in (the menu after a
deal, a decision of the review, an answered practice position)."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt

from ai import advice
from ai.match.runner import run_match
from cribbage_gui.app.jobs import ADVICE_MEMO, wait_for_jobs
from cribbage_gui.services import gamefile
from cribbage_gui.services.board import (
    Setup,
    deal_decisions,
    deal_over_now,
    last_deal_over,
    observation_at,
    observation_of,
    parse_cards_text,
    parse_played,
    setup_of,
)
from cribbage_gui.services.gamefile import GameSaver
from cribbage_gui.services.practice.builtin import builtin_positions
from cribbage_gui.services.practice.store import PracticeStore
from cribbage_gui.table import accessibility
from cribbage_gui.windows.analysis_board import AnalysisBoard
from cribbage_gui.windows.practice_window import PracticeWindow
from cribbage_gui.windows.review_window import ReviewWindow
from engine.cards import parse_card
from engine.events import Dealt, GameOver, Played, StarterCut
from tests.gui.helpers import TIMEOUT, click_card, play_to_the_end, take_turn, wait_for_input

SIX = "5H 5C 5S JD 6D 7C"


@pytest.fixture(autouse=True)
def no_job_left():
    yield
    assert wait_for_jobs(TIMEOUT), "an analysis was left running"


def cards(text):
    return tuple(parse_card(t) for t in text.split())


def make_board(qtbot) -> AnalysisBoard:
    board = AnalysisBoard()
    qtbot.addWidget(board)
    board.resize(1100, 760)
    board.show()
    return board


def type_into(qtbot, field, text):
    field.setFocus()
    field.selectAll()
    qtbot.keyClicks(field, text)


def analyse(qtbot, board):
    with qtbot.waitSignal(board.analysed, timeout=TIMEOUT) as blocker:
        qtbot.mouseClick(board.analyse_button, Qt.MouseButton.LeftButton)
    return blocker.args[0]


def test_a_six_shows_the_15_options_the_advice_gives(qtbot):
    board = make_board(qtbot)
    type_into(qtbot, board.fields["six"], SIX)
    board.scores[0].setValue(100)
    board.scores[1].setValue(95)
    board.dealer.setCurrentIndex(board.dealer.findData(0))  # you deal
    shown = analyse(qtbot, board)
    obs = observation_of(Setup("discard", (100, 95), 0, cards(SIX)))
    assert board.obs == obs and obs.is_dealer
    expected = advice.discard_advice(obs, "win", ADVICE_MEMO)
    assert shown == expected
    table = board.discard.table
    assert table.rowCount() == 15
    assert set(board.discard.option_at(0).toss) == set(expected.best.toss)
    for row in range(15):
        option = board.discard.option_at(row)
        assert option == expected.option(option.toss)
        assert table.item(row, 6).value == pytest.approx(option.win)
        assert table.item(row, 5).value == pytest.approx(option.net)
    assert np.array_equal(board.discard.shown_heights, expected.best.hand_histogram)
    table.selectRow(7)
    assert np.array_equal(board.discard.shown_heights,
                          board.discard.option_at(7).hand_histogram)
    assert "your crib" in board.discard.title.text() and "100–95" in board.discard.title.text()


def test_cards_are_picked_with_the_mouse_and_a_seventh_is_refused(qtbot):
    board = make_board(qtbot)
    for name in SIX.split():
        qtbot.mouseClick(board.picker.buttons[parse_card(name)], Qt.MouseButton.LeftButton)
    assert board.fields["six"].text() == SIX
    assert all(board.picker.buttons[c].isChecked() for c in cards(SIX))
    qtbot.mouseClick(board.picker.buttons[parse_card("KS")], Qt.MouseButton.LeftButton)
    assert board.fields["six"].text() == SIX and "6 cards already" in board.message.text()
    assert not board.picker.buttons[parse_card("KS")].isChecked()
    qtbot.mouseClick(board.picker.buttons[parse_card("JD")], Qt.MouseButton.LeftButton)
    assert board.fields["six"].text() == "5H 5C 5S 6D 7C"  # picked again: taken out


def test_a_moment_of_the_play_shows_every_card_you_may_play(qtbot):
    board = make_board(qtbot)
    qtbot.mouseClick(board.play_mode, Qt.MouseButton.LeftButton)
    assert board.fields["hand"].isVisible() and not board.fields["six"].isVisible()
    type_into(qtbot, board.fields["hand"], "5H 2C 8S")
    type_into(qtbot, board.fields["toss"], "6D 7C")
    type_into(qtbot, board.fields["starter"], "2S")
    board.target.setCurrentIndex(board.target.findData("you"))
    qtbot.mouseClick(board.picker.buttons[parse_card("JD")], Qt.MouseButton.LeftButton)
    board.target.setCurrentIndex(board.target.findData("opp"))
    qtbot.mouseClick(board.picker.buttons[parse_card("9C")], Qt.MouseButton.LeftButton)
    assert board.fields["played"].text() == "you JD, opp 9C"
    shown = analyse(qtbot, board)
    obs = board.obs
    assert obs.count == 19 and obs.legal_cards == cards("5H 2C 8S")
    assert shown == advice.play_advice(obs, "win", ADVICE_MEMO)
    assert board.play.table.rowCount() == 3 == len(shown.options)
    assert [board.play.option_at(r) for r in range(3)] == list(shown.options)
    assert "count 19" in board.heading.text()


@pytest.mark.parametrize("mode, fields, score, words", [
    ("discard", {"six": SIX + " 8S"}, 0, "six cards: 7"),
    ("discard", {"six": "5H 5C 5S JD 6D 5H"}, 0, "5♥ is given twice"),
    ("discard", {"six": "5H 5C 5S JD 6D 7X"}, 0, "'7X' is not a card"),
    ("discard", {"six": SIX}, 130, "0 to 120"),
    ("play", {"hand": "5H 5C", "toss": "6D 7C", "starter": "2S",
              "played": "you JD, opp 9C, you 5S, opp KS"}, 0, "would make 34, over 31"),
    ("play", {"hand": "5H 5C 5S JD", "toss": "6D 7C", "starter": "2S 3S"}, 0,
     "starter is one card"),
])
def test_a_position_that_cannot_happen_is_refused_and_nothing_changes(qtbot, mode, fields,
                                                                      score, words):
    board = make_board(qtbot)
    type_into(qtbot, board.fields["six"], SIX)
    before = analyse(qtbot, board)
    setup, rows = board.setup, board.discard.table.rowCount()
    board.set_mode(mode)
    for key, text in fields.items():
        type_into(qtbot, board.fields[key], text)
    board.scores[0].setValue(score)
    with qtbot.waitSignal(board.refused, timeout=2000):
        qtbot.mouseClick(board.analyse_button, Qt.MouseButton.LeftButton)
    assert words in board.message.text() and board.message.text().startswith("Not analysed")
    assert board.setup == setup and board.discard.advice is before
    assert board.discard.table.rowCount() == rows
    assert board.pages.currentWidget() is board.discard  # the last analysis stays in sight


def test_the_board_is_used_from_the_keyboard_alone(qtbot):
    board = make_board(qtbot)
    board.activateWindow()
    board.picker.buttons[board.picker.focus_card].setFocus()
    for _ in range(4):  # A♣ -> 5♣
        qtbot.keyClick(board.picker.buttons[board.picker.focus_card], Qt.Key.Key_Right)
    qtbot.keyClick(board.picker.buttons[board.picker.focus_card], Qt.Key.Key_Down)  # 5♦
    qtbot.keyClick(board.picker.buttons[board.picker.focus_card], Qt.Key.Key_Space)
    assert board.fields["six"].text() == "5D"
    field = board.fields["six"]
    field.setFocus()
    qtbot.keyClicks(field, " 5C 5S JD 6D 7C")
    with qtbot.waitSignal(board.analysed, timeout=TIMEOUT):
        qtbot.keyClick(field, Qt.Key.Key_Return)
    assert board.discard.table.rowCount() == 15
    # one keyboard stop for the picker, and every control named for a screen reader
    stops = [b for b in board.picker.buttons.values()
             if b.focusPolicy() & Qt.FocusPolicy.TabFocus]
    assert len(stops) == 1
    controls = [*board.fields.values(), *board.scores, board.dealer, board.target,
                board.analyse_button, board.clear_button, board.discard_mode,
                board.play_mode, *board.picker.buttons.values(), board.discard.table]
    assert all(c.accessibleName() for c in controls)
    assert board.picker.buttons[cards("5D")[0]].accessibleName() == "Five of diamonds"
    assert accessibility.name_widgets(board) == []  # nothing left without a name


@pytest.fixture(scope="module")
def random_game(tmp_path_factory):
    folder = tmp_path_factory.mktemp("games")
    run_match("random", "random", 1, seed=9, save_games=GameSaver(str(folder)))
    (path,) = sorted(folder.glob("*.crib.json"))
    return path


def board_of(window) -> AnalysisBoard:
    boards = window.findChildren(AnalysisBoard)
    assert len(boards) == 1 and boards[0].isVisible()
    return boards[0]


@pytest.mark.parametrize("kind", ["discard", "play"])
def test_analyse_in_the_review_opens_the_decision_shown(qtbot, random_game, kind):
    file = gamefile.read(random_game)
    window = ReviewWindow(file)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.review is not None, timeout=TIMEOUT)
    window.go_to(next(p for p in range(len(window.events)) if p not in window.decision_at))
    assert not window.buttons["analyse"].isEnabled()  # no decision here
    d = next(d for d in window.review.decisions if d.kind == kind and d.seat == 1)
    window.go_to(window.position_of(d))
    assert window.buttons["analyse"].isEnabled()
    qtbot.mouseClick(window.buttons["analyse"], Qt.MouseButton.LeftButton)
    board = board_of(window)
    qtbot.waitUntil(lambda: board.shown is not None, timeout=TIMEOUT)
    obs = observation_at(file.game, d.action)
    assert board.setup == setup_of(obs) and board.mode == kind
    shown = board.shown
    best = tuple(shown.best.toss) if kind == "discard" else (shown.best.card,)
    assert set(best) == set(d.best)  # the review's best: the same question, the same answer


def test_analyse_on_an_answered_practice_position(qtbot, tmp_path):
    position = builtin_positions()[0]
    store = PracticeStore(tmp_path / "practice.sqlite3", builtin=[position])
    window = PracticeWindow(store, None, scan=False)
    qtbot.addWidget(window)
    window.resize(1024, 700)
    window.show()
    assert not window.buttons["analyse"].isEnabled()  # not before the answer
    for card in position.best:
        click_card(qtbot, window, card)
    with qtbot.waitSignal(window.judged, timeout=TIMEOUT):
        qtbot.mouseClick(window.buttons["answer"], Qt.MouseButton.LeftButton)
    assert window.buttons["analyse"].isEnabled()
    qtbot.mouseClick(window.buttons["analyse"], Qt.MouseButton.LeftButton)
    board = board_of(window)
    assert board.setup == setup_of(position.table)
    assert board.fields["six" if position.kind == "discard" else "hand"].text()


def test_the_menu_opens_the_last_deal_once_it_is_over(qtbot, make_window):
    window = make_window()
    action = window.menus.actions["analysis-board"]
    assert action.shortcut().toString() == "Ctrl+B"
    window.games.start_match("random", seed=5)
    take_turn(qtbot, window)  # the discard
    first = window.playing.shown_events
    action.trigger()
    board = board_of(window)
    assert board.setup is None and board.fields["six"].text() == ""  # the deal goes on
    six = next(e for e in first if type(e).__name__ == "Dealt").hands[
        window.playing.current_setup().human_seat]
    while window.presenter.shown_model().deal < 2 and take_turn(qtbot, window):
        pass
    action.trigger()
    assert board_of(window) is board
    assert set(board.setup.six) == set(six) and board.setup.scores == (0, 0)
    qtbot.waitUntil(lambda: board.shown is not None, timeout=TIMEOUT)


def shown_cards(board: AnalysisBoard) -> set[int]:
    """Every card the board's fields show."""
    found: set[int] = set()
    for key, field in board.fields.items():
        if key == "played":
            found |= {c for _, c in parse_played(field.text())}
        else:
            found |= set(parse_cards_text(field.text(), key))
    return found


def test_analyse_beside_continue_opens_the_deal_just_over_and_never_a_live_one(qtbot,
                                                                            make_window):
    """Issue 38 point 8: once a deal is over and its last count waits for Continue,
    *Analyse* beside it opens the board at that deal (your six, the scores and the dealer
    at its start), each card you played in its list of decisions; while a deal is being
    played (your turns, the hands' counts before the crib's) it is nowhere, and the board
    shows only your cards and those the opponent played."""
    window = make_window()
    bar = window.game_bar
    window.games.start_match("random", seed=5)
    seat = window.playing.current_setup().human_seat
    while True:
        wait_for_input(qtbot, window)
        events = window.playing.shown_events
        if window.playing.obs is not None or not bar.continue_button.isVisible():
            assert not bar.analyse_button.isVisible()  # a deal being played
        elif not deal_over_now(events):
            assert not bar.analyse_button.isVisible()  # a hand's count: the crib to come
        else:
            break
        take_turn(qtbot, window)
    assert bar.analyse_button.isVisible() and bar.analyse_button.isEnabled()
    assert bar.continue_button.isDefault() and not bar.analyse_button.autoDefault()
    dealt = next(e for e in events if isinstance(e, Dealt))
    qtbot.mouseClick(bar.analyse_button, Qt.MouseButton.LeftButton)
    board = board_of(window)
    assert board.setup.six == tuple(dealt.hands[seat]) and board.setup.scores == (0, 0)
    assert board.setup.dealer == dealt.dealer and board.mode == "discard"
    assert shown_cards(board) == set(dealt.hands[seat])
    qtbot.waitUntil(lambda: board.shown is not None, timeout=TIMEOUT)
    # the deal's decisions, by keyboard: the discard, then each card you played
    decisions = deal_decisions(events, seat)
    assert board.deal_row.isVisible() and board.deal_choice.count() == len(decisions) > 1
    assert [board.deal_choice.itemText(i) for i in range(len(decisions))] == \
        [d.label for d in decisions]
    played = {e.card for e in events if isinstance(e, Played)}
    starter = next(e.card for e in events if isinstance(e, StarterCut))
    board.activateWindow()
    board.deal_choice.setFocus()
    for index in range(1, len(decisions)):
        with qtbot.waitSignal(board.analysed, timeout=TIMEOUT):
            qtbot.keyClick(board.deal_choice, Qt.Key.Key_Down)
        assert board.setup == decisions[index].setup and board.mode == "play"
        assert shown_cards(board) <= set(dealt.hands[seat]) | played | {starter}
        assert board.obs == observation_of(decisions[index].setup)
    # Continue: the next deal is dealt, and the button goes with the show's wait
    qtbot.mouseClick(bar.continue_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.playing.obs is not None, timeout=TIMEOUT)
    assert not bar.analyse_button.isVisible()


def test_the_analyse_key_works_from_the_keyboard_at_a_deal_end(qtbot, make_window):
    """Alt+A presses *Analyse* (the table keeps the keyboard); Enter still continues."""
    window = make_window()
    window.games.start_match("random", seed=5)
    while not window.game_bar.analyse_button.isVisible():
        take_turn(qtbot, window)
        wait_for_input(qtbot, window)
    window.activateWindow()
    window.table.setFocus()
    qtbot.keyClick(window.table, Qt.Key.Key_A, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: bool(window.findChildren(AnalysisBoard)), timeout=2000)  # (a
    # mnemonic animates the click)
    board = board_of(window)
    six = last_deal_over(window.playing.shown_events, window.playing.current_setup()
                         .human_seat)
    assert six is not None and board.setup == six
    window.activateWindow()
    window.table.setFocus()
    qtbot.keyClick(window.table, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not window.game_bar.analyse_button.isVisible(), timeout=TIMEOUT)


def test_the_game_over_box_analyses_the_last_deal(qtbot, make_window):
    """*Analyse the last deal*: the deal that ended the game, its six and its start's
    scores; reached by the keyboard (Alt+L, and Tab), and not the default button (Enter
    plays again)."""
    window = make_window()
    window.games.start_match("random", seed=11)
    play_to_the_end(qtbot, window)
    box = window.dialogs.game_over_box
    qtbot.waitUntil(lambda: box is not None and box.isVisible(), timeout=TIMEOUT)
    button = box.analyse_button
    assert button.isVisibleTo(box) and button.isEnabled()
    assert box.again_button.isDefault() and not button.isDefault() \
        and not button.autoDefault()
    assert button.focusPolicy() & Qt.FocusPolicy.TabFocus and button.accessibleName()
    events = window.playing.shown_events
    expected = last_deal_over(events, window.playing.current_setup().human_seat)
    assert expected is not None and isinstance(events[-1], GameOver) or any(
        isinstance(e, GameOver) for e in events)
    last = max(i for i, e in enumerate(events) if isinstance(e, Dealt))
    assert expected.deal == events[last].deal  # the deal that ended the game
    box.activateWindow()
    qtbot.waitUntil(lambda: box.isActiveWindow(), timeout=2000)
    qtbot.keyClick(box, Qt.Key.Key_L, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: not box.isVisible(), timeout=2000)  # (an animated click)
    board = board_of(window)
    assert board.setup == expected and board.mode == "discard"
    assert board.deal_choice.count() == len(deal_decisions(events, expected.seat))


def test_analyse_and_continue_are_whole_at_every_size_and_text_size(qtbot, make_window):
    """Beside Continue at a deal's end: both buttons whole (their text uncut), inside the
    window, apart, and clear of the table, at the four sizes x 100 and 200% text x light
    and high contrast."""
    from PySide6.QtCore import QRect

    from cribbage_gui.app import theme

    window = make_window()
    window.games.start_match("random", seed=5)
    bar = window.game_bar
    while not bar.analyse_button.isVisible():
        take_turn(qtbot, window)
        wait_for_input(qtbot, window)

    def rect(widget) -> QRect:
        return QRect(widget.mapTo(window, widget.rect().topLeft()), widget.size())

    try:
        for theme_name in ("light", "high-contrast"):
            theme.apply(theme_name)
            for text in (100, 200):
                theme.set_text_size(text)
                window.set_zoom(window.settings.zoom, save=False)
                # the button widens the window by nothing (at 200% and 1024 px the
                # window's least width is already over 1024: issue 38, point 2)
                bar.analyse_button.setVisible(False)
                without = window.minimumSizeHint().width()
                bar.analyse_button.setVisible(True)
                assert window.minimumSizeHint().width() <= max(without, 1024), \
                    (theme_name, text)
                for size in ((1024, 700), (1280, 800), (1366, 768), (1920, 1080)):
                    window.resize(*size)
                    qtbot.wait(40)
                    where = (theme_name, text, size)
                    assert window.width() <= max(size[0], without), where
                    whole = QRect(0, 0, window.width(), window.height())
                    analyse, proceed = rect(bar.analyse_button), rect(bar.continue_button)
                    for button, place in ((bar.analyse_button, analyse),
                                          (bar.continue_button, proceed)):
                        assert button.isVisible(), where
                        assert whole.contains(place), where
                        assert button.width() >= button.minimumSizeHint().width(), where
                        assert not place.intersects(rect(window.table)), where
                    assert not analyse.intersects(proceed), where
    finally:
        theme.set_text_size(100)
        theme.apply("light")
