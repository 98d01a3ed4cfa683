"""Practise these now (issue 38, point 9): at a game's end and in its review, the person's
marked decisions of that game practised at once, in the game's order."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from cribbage_gui.app.jobs import ADVICE_MEMO, wait_for_jobs
from cribbage_gui.app.texts import YOU
from cribbage_gui.services.practice.games import positions_from_game
from cribbage_gui.table.game_over import GameOverDialog, GameSummary
from tests.gui.helpers import TIMEOUT, click_card, play_to_the_end
from tests.gui.test_practice_window import random_game_in_history

RATING_TIMEOUT = 120_000  # the first review of a game loads the expert


@pytest.fixture(autouse=True)
def no_job_left():
    yield
    assert wait_for_jobs(TIMEOUT), "a job was left running"


def answers(store) -> list[str]:
    return [pid for (pid,) in store.db.execute(
        "SELECT position FROM practice_answers ORDER BY id")]


def practise_in_order(qtbot, practice, expected) -> None:
    """The practice window shows ``expected`` one after another: the first answered with
    its best cards (the answer kept in the store), the rest skipped; then practice goes on
    as usual, saying how it went."""
    store = practice.store
    assert practice.in_session and practice.position.id == expected[0].id
    assert f"1 of {len(expected)}" in practice.source_label.text()
    for card in practice.position.best:
        click_card(qtbot, practice, card)
    with qtbot.waitSignal(practice.judged, timeout=RATING_TIMEOUT):
        qtbot.mouseClick(practice.buttons["answer"], Qt.MouseButton.LeftButton)
    assert answers(store) == [expected[0].id]
    for number, position in enumerate(expected[1:], start=2):
        qtbot.keyClick(practice, Qt.Key.Key_Return) if number == 2 else \
            qtbot.mouseClick(practice.buttons["skip"], Qt.MouseButton.LeftButton)
        assert practice.in_session and practice.position.id == position.id
        assert f"{number} of {len(expected)}" in practice.source_label.text()
    if len(expected) == 1:
        qtbot.keyClick(practice, Qt.Key.Key_Return)
    else:
        qtbot.mouseClick(practice.buttons["skip"], Qt.MouseButton.LeftButton)
    assert not practice.in_session and "Done with" in practice.status_label.text()
    assert answers(store) == [expected[0].id]  # a skip is not an answer


def test_the_game_over_box_practises_your_marked_decisions_now(qtbot, make_window):
    window = make_window()
    window.games.start_match("random", seed=11)
    play_to_the_end(qtbot, window)
    box = window.dialogs.game_over_box
    qtbot.waitUntil(lambda: box is not None and box.isVisible(), timeout=TIMEOUT)
    (button,) = box.practise_buttons
    qtbot.waitUntil(button.isEnabled, timeout=RATING_TIMEOUT)
    # the positions the review marks, of the person only, in the game's order
    game_id = window.playing.last_game_id
    file = window.history.game_file(game_id)
    expected = positions_from_game(file, f"history:{game_id}", "you", ADVICE_MEMO)
    assert expected and all(file.players[p.seat] == "you" for p in expected)
    noun = "mistake" if len(expected) == 1 else "mistakes"
    assert button.text() == f"&Practise your {len(expected)} {noun} now"
    assert button.accessibleName() == f"Practise your {len(expected)} {noun} now"
    assert button.isVisibleTo(box)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert not box.isVisible()
    practice = window.practice.window
    assert practice is not None and practice.isVisible() and not practice.scanning
    store = window.practice.store
    # kept as the search through the games keeps them: once, the game counted as searched
    held = [p.id for p in store.positions(["games"])]
    assert sorted(held) == sorted(p.id for p in expected) and store.scanned() == {game_id}
    practise_in_order(qtbot, practice, expected)


def summary() -> GameSummary:
    points = [{"pegging": 30, "hand": 60, "crib": 31, "his_heels": 0, "muggins": 0},
              {"pegging": 20, "hand": 50, "crib": 10, "his_heels": 2, "muggins": 0}]
    return GameSummary(("You", "Mueller"), 0, (121, 82), 1, points,
                       [(0, 0, 0), (1, 20, 10), (2, 121, 82)], "", "")


def test_the_button_waits_for_the_ratings_and_none_marked_is_no_button(qtbot):
    box = GameOverDialog(summary(), people=(YOU,))
    qtbot.addWidget(box)
    box.show()
    (button,) = box.practise_buttons
    assert button.isVisible() and not button.isEnabled() and "Rating" in button.toolTip()
    box.offer_practice([0])
    assert not button.isVisibleTo(box) and "nothing to practise" in box.practise_note.text()
    box.offer_practice([1])
    assert button.isVisible() and button.isEnabled()
    assert button.text() == "&Practise your 1 mistake now"
    chosen = []
    box.practise.connect(chosen.append)
    button.setFocus()  # a keyboard stop: Space presses it
    qtbot.keyClick(button, Qt.Key.Key_Space)
    assert chosen == [0] and not box.isVisible()
    # computers only (watching): no button at all
    watched = GameOverDialog(summary())
    qtbot.addWidget(watched)
    assert watched.practise_buttons == []


def test_two_people_each_practise_their_own(qtbot):
    box = GameOverDialog(summary(), people=("Ann", "Bob"))
    qtbot.addWidget(box)
    box.show()
    ann, bob = box.practise_buttons
    box.offer_practice([2, 0])
    assert ann.text() == "&Practise Ann's 2 mistakes now" and ann.isEnabled()
    assert not bob.isVisibleTo(box)
    chosen = []
    box.practise.connect(chosen.append)
    qtbot.mouseClick(ann, Qt.MouseButton.LeftButton)
    assert chosen == [0]


def test_the_review_practises_the_persons_marked_decisions_now(qtbot, make_window):
    window = make_window()
    game = random_game_in_history(window.history.path, 1, seed=5)
    _, game_id, _, players = game
    review = window.reviews.review_history_game(game_id)
    qtbot.addWidget(review)
    button = review.buttons["practise"]
    assert button.isVisibleTo(review) and not button.isEnabled()  # rating under way
    qtbot.waitUntil(lambda: review.review is not None, timeout=RATING_TIMEOUT)
    expected = positions_from_game(review.file, f"history:{game_id}", "you", ADVICE_MEMO)
    theirs = [d for d in review.review.decisions if d.mark and d.seat == 0]
    assert expected and theirs  # both random players err: only "you" is practised
    assert button.isEnabled() and f"your {len(expected)} mistake" in button.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.practice.window is not None, timeout=TIMEOUT)
    practice = window.practice.window
    assert [p.id for p in window.practice.store.positions(["games"])] == \
        [p.id for p in expected]
    practise_in_order(qtbot, practice, expected)
    review.close()


def test_a_review_of_computers_offers_no_practice(qtbot, tmp_path):
    from ai import make_player
    from ai.match.driver import refereed_game
    from cribbage_gui.services import gamefile
    from cribbage_gui.windows.review_window import ReviewWindow

    _, game = refereed_game((make_player("random", seed=1), make_player("random", seed=2)),
                            5, 0)
    review = ReviewWindow(gamefile.make(game, ("random", "heuristic")),
                          on_practise=lambda *args: None, start=False)
    qtbot.addWidget(review)
    review.show()
    assert not review.buttons["practise"].isVisibleTo(review)
