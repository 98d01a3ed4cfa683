"""The practice window: a position as it was at the table, chosen by click or key, judged
off the GUI thread, recorded and scheduled; positions found in the person's own games."""

import datetime as dt
import itertools

import pytest
from PySide6.QtCore import Qt

from cribbage_gui.app.jobs import ADVICE_MEMO, wait_for_jobs
from cribbage_gui.services.history import History
from cribbage_gui.services.practice.builtin import builtin_positions
from cribbage_gui.services.practice.judge import judge
from cribbage_gui.services.practice.store import PracticeStore
from cribbage_gui.windows.practice_window import PracticeWindow
from tests.gui.helpers import TIMEOUT, click_card

DISCARD, PLAY = 0, 27  # a discard as dealer, and a card to play at 15 (built-in)


@pytest.fixture(autouse=True)
def no_job_left():
    yield
    assert wait_for_jobs(TIMEOUT), "a judging job was left running"


def builtin(*indexes):
    positions = builtin_positions()
    return [positions[i] for i in indexes]


def open_window(qtbot, tmp_path, positions, history=None, scan=False, clock=None):
    store = PracticeStore(tmp_path / "practice.sqlite3", builtin=positions)
    kwargs = {} if clock is None else {"clock": clock}
    window = PracticeWindow(store, history, scan=scan, **kwargs)
    qtbot.addWidget(window)
    window.resize(1024, 700)
    window.show()
    return window, store


def best_of(position):
    """The best answer as the judge (the window's advisor) sees it."""
    return judge(position, position.best, ADVICE_MEMO).best


def answer_with(qtbot, window, cards):
    for card in cards:
        click_card(qtbot, window, card)
    assert window.buttons["answer"].isEnabled()
    with qtbot.waitSignal(window.judged, timeout=TIMEOUT):
        qtbot.mouseClick(window.buttons["answer"], Qt.MouseButton.LeftButton)
    return window.verdict


def test_the_menu_opens_the_practice_on_a_position(qtbot, make_window, tmp_path):
    window = make_window()
    window.practice.store = PracticeStore(tmp_path / "p.sqlite3", builtin=builtin(PLAY))
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Practice")
    action = next(a for a in menu.actions() if a.text() == "Practice &positions…")
    action.trigger()
    practice = window.practice.window
    assert practice is not None and practice.isVisible()
    assert practice.position == builtin(PLAY)[0]
    assert not practice.scanning  # an empty history: nothing to search
    assert "No finished games" in practice.status_label.text()


@pytest.mark.parametrize("index", [DISCARD, PLAY])
def test_the_table_is_the_position_as_it_was(qtbot, tmp_path, index):
    (position,) = builtin(index)
    window, _ = open_window(qtbot, tmp_path, [position])
    obs = position.table
    model = window.table.model
    mine = obs.dealt if position.kind == "discard" else obs.hand
    assert sorted(window.table.hand_order()) == sorted(mine)
    for card in mine:  # face up, the player's to click
        assert window.table.card_items[card].face_up
    assert model.hidden[1 - obs.seat] == obs.opponent_cards_left
    assert tuple(window.board.scores) == tuple(obs.scores)
    assert model.count == obs.count and model.current == list(obs.current)
    assert model.starter == obs.starter and model.dealer == obs.dealer
    for _seat, card in obs.current:  # the cards of this count, face up in the middle
        assert window.table.card_items[("played", card)].face_up
    if position.kind == "play":
        assert f"the count is {obs.count}" in window.task_label.text()
    assert "Built-in position" in window.source_label.text()


def test_the_best_answer_is_right_and_the_rating_goes_up(qtbot, tmp_path):
    (position,) = builtin(DISCARD)
    window, store = open_window(qtbot, tmp_path, [position])
    best = best_of(position)
    assert not window.options_table.isVisible()
    verdict = answer_with(qtbot, window, best)
    assert verdict.correct and window.result_label.text().count("✓ Right") == 1
    rating, _ = store.rating()
    assert rating > 1500 and "(+" in window.rating_label.text()
    summary = store.summary()
    assert summary["answered"] == 1 and summary["correct"] == 1
    assert window.buttons["next"].isEnabled() and not window.buttons["answer"].isEnabled()


def test_a_wrong_answer_shows_the_options_and_why_and_comes_back_soon(qtbot, tmp_path):
    positions = builtin(PLAY, DISCARD)
    now = dt.datetime(2026, 11, 26, 12, 0, tzinfo=dt.UTC)
    clock = [now]
    window, store = open_window(qtbot, tmp_path, positions, clock=lambda: clock[0])
    position = window.position  # whichever of the two comes first
    best = best_of(position)
    if position.kind == "play":
        wrong = [next(c for c in position.table.legal_cards if c not in best)]
    else:  # a pair of the dealt cards that is not the best throw
        wrong = next(list(pair) for pair in itertools.combinations(position.table.dealt, 2)
                     if set(pair) != set(best))
    verdict = answer_with(qtbot, window, wrong)
    assert not verdict.correct
    assert "✗ Not the best" in window.result_label.text()
    assert window.why_label.text() and window.options_table.isVisible()
    table = window.options_table
    assert table.rowCount() == len(verdict.options)
    notes = [table.item(r, table.columnCount() - 1).text() for r in range(table.rowCount())]
    assert "★ best" in notes[0] and sum("◀ your answer" in n for n in notes) == 1
    assert store.rating()[0] < 1500
    due = store.next_due()
    assert due is not None and due - now <= dt.timedelta(minutes=10)
    qtbot.mouseClick(window.buttons["next"], Qt.MouseButton.LeftButton)
    assert window.position.id != position.id  # not yet due: the next one
    window.skip()
    clock[0] = now + dt.timedelta(minutes=15)
    window.skipped.clear()
    window.next_position()
    assert window.position.id == position.id  # due again


def test_the_keyboard_chooses_and_answers(qtbot, tmp_path):
    (position,) = builtin(DISCARD)
    window, store = open_window(qtbot, tmp_path, [position])
    window.activateWindow()
    window.table.setFocus()
    order = window.table.hand_order()
    qtbot.keyClick(window.table, Qt.Key.Key_1)
    qtbot.keyClick(window.table, Qt.Key.Key_2)
    assert window.selected == order[:2]
    qtbot.keyClick(window.table, Qt.Key.Key_2)  # again: not chosen any more
    assert window.selected == order[:1]
    qtbot.keyClick(window.table, Qt.Key.Key_Right)  # the ring (on the second), then Space
    qtbot.keyClick(window.table, Qt.Key.Key_Space)
    assert window.selected == [order[0], order[2]]
    with qtbot.waitSignal(window.judged, timeout=TIMEOUT):
        qtbot.keyClick(window.table, Qt.Key.Key_Return)
    assert set(window.verdict.chosen) == {order[0], order[2]}
    assert store.summary()["answered"] == 1


def test_skip_and_the_nothing_due_state(qtbot, tmp_path):
    positions = builtin(DISCARD, PLAY)
    window, store = open_window(qtbot, tmp_path, positions)
    first = window.position
    qtbot.mouseClick(window.buttons["skip"], Qt.MouseButton.LeftButton)
    second = window.position
    assert second is not None and second.id != first.id
    qtbot.mouseClick(window.buttons["skip"], Qt.MouseButton.LeftButton)
    assert window.position is None and window.buttons["anyway"].isVisible()
    assert "skipped every position" in window.task_label.text()
    qtbot.mouseClick(window.buttons["anyway"], Qt.MouseButton.LeftButton)
    assert window.position is not None
    # answer both rightly: nothing is due and nothing new; the next is days away
    for _ in range(2):
        answer_with(qtbot, window, best_of(window.position))
        qtbot.mouseClick(window.buttons["next"], Qt.MouseButton.LeftButton)
    assert window.position is None
    assert "All caught up" in window.source_label.text()
    assert "comes back in" in window.task_label.text()
    assert window.buttons["anyway"].isVisible() and not window.buttons["skip"].isEnabled()
    qtbot.mouseClick(window.buttons["anyway"], Qt.MouseButton.LeftButton)
    assert window.position is not None and window.position.id in {first.id, second.id}


def random_game_in_history(path, seat, seed=5):
    """A finished game of two random players, one of them "you" in ``seat``, kept in a new
    history; its id and players. (A seed no other test reviews: nothing of it is in the
    advice memo, so its search takes a while.)"""
    from ai import make_player
    from ai.match.driver import refereed_game

    _, game = refereed_game((make_player("random", seed=1), make_player("random", seed=2)),
                            seed, 0)
    players = ("you", "random") if seat == 0 else ("random", "you")
    history = History(path)
    game_id = history.record_game(game.events, opponent="random", seed=seed, game_index=0,
                                  human_seat=seat, players=players, record=game.to_record())
    return history, game_id, game, players


def test_the_scan_adds_the_persons_marked_decisions_and_only_theirs(qtbot, tmp_path):
    from cribbage_gui.services.review import review_game

    history, game_id, game, players = random_game_in_history(tmp_path / "h.sqlite3", 1)
    window, store = open_window(qtbot, tmp_path, [], history=history, scan=True)
    assert window.scanning or store.scanned() == {game_id}
    qtbot.waitUntil(lambda: not window.scanning, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: store.scanned() == {game_id}, timeout=TIMEOUT)
    found = store.positions(["games"])
    review = review_game(game, players, memo=ADVICE_MEMO)
    mine = [d for d in review.decisions if d.mark and d.seat == 1]
    theirs = [d for d in review.decisions if d.mark and d.seat == 0]
    assert mine and theirs  # two random players: both make mistakes
    assert len(found) == len(mine)
    assert all(p.seat == 1 and p.source == f"history:{game_id}" for p in found)
    assert "new position" in window.status_label.text()
    # shown with where it came from, and searched once only
    window.next_position()
    assert window.position is not None and window.position.source == f"history:{game_id}"
    assert "Your game of" in window.source_label.text()
    window.find_positions()
    assert not window.scanning and "searched" in window.status_label.text()
    window.close()
    history.close()


def test_closing_during_a_scan_stops_it(qtbot, tmp_path):
    history, game_id, _, _ = random_game_in_history(tmp_path / "h.sqlite3", 0, seed=7)
    window, store = open_window(qtbot, tmp_path, builtin(DISCARD), history=history,
                                scan=True)
    assert window.scanning
    window.close()
    assert not window.scanning and not window.worker.isRunning()
    history.close()


def test_stop_looking_ends_the_search_and_gives_the_button_back(qtbot, tmp_path):
    history, _, _, _ = random_game_in_history(tmp_path / "h.sqlite3", 0, seed=7)
    window, store = open_window(qtbot, tmp_path, builtin(DISCARD), history=history,
                                scan=True)
    assert window.scanning and window.buttons["cancel"].isVisibleTo(window)
    assert not window.buttons["find"].isVisibleTo(window)
    qtbot.mouseClick(window.buttons["cancel"], Qt.MouseButton.LeftButton)
    assert not window.scanning and not window.worker.isRunning()
    assert "stopped" in window.status_label.text()
    assert window.buttons["find"].isVisibleTo(window)
    assert not window.buttons["cancel"].isVisibleTo(window)
    qtbot.wait(50)  # the thread's finished signal arrives later and changes nothing
    assert "stopped" in window.status_label.text()
    window.close()
    history.close()


def test_statistics_show_the_practice(qtbot, tmp_path):
    from cribbage_gui.windows.statistics import StatisticsWindow

    (position,) = builtin(PLAY)
    store = PracticeStore(tmp_path / "p.sqlite3", builtin=[position])
    store.record(position, position.best, True, 0.0, 0.0)
    history = History(tmp_path / "h.sqlite3")
    stats = StatisticsWindow(history, practice=store.summary())
    qtbot.addWidget(stats)
    text = stats.practice_label.text()
    assert "1 answer, 1 right (100%)" in text and "1 built in" in text
    rating = store.rating()[0]
    assert f"rating {rating:.0f}" in text
    xs, ys = stats.practice_curve.getData()
    assert list(xs) == [0, 1] and list(ys) == [1500, pytest.approx(rating)]
    history.close()


def test_a_damaged_practice_file_is_set_aside_with_a_message(qtbot, make_window):
    window = make_window()
    (window.data_dir / "practice.sqlite3").write_bytes(b"not a database" * 100)
    window.practice.positions()
    assert any("set aside" in m for m in window.messages)
    practice = window.practice.window
    assert practice.position is not None  # the built-in set, afresh
    assert "set aside" in practice.status_label.text()
    assert list(window.data_dir.glob("practice*corrupt*"))


def test_closing_the_main_window_stops_the_practice_search(qtbot, make_window, tmp_path):
    from ai import make_player
    from ai.match.driver import refereed_game

    window = make_window()
    window.practice.store = PracticeStore(tmp_path / "p.sqlite3", builtin=builtin(DISCARD))
    _, game = refereed_game((make_player("random", seed=3), make_player("random", seed=4)),
                            6, 0)
    window.history.record_game(game.events, opponent="random", seed=6, game_index=0,
                               human_seat=0, players=("you", "random"),
                               record=game.to_record())
    practice = window.practice.positions()
    assert practice.scanning
    window.close()
    assert not practice.isVisible() and not practice.worker.isRunning()


def test_a_position_s_mark_takes_its_article():
    """Regression (issue 38): "?! a inaccuracy"."""
    from dataclasses import replace

    from cribbage_gui.services.practice.builtin import builtin_positions
    from cribbage_gui.windows.practice_view import source_text

    built_in = builtin_positions()[0]
    position = replace(built_in, source="history:1", chosen=built_in.best)
    for mark, words in (("inaccuracy", "?! an inaccuracy"), ("mistake", "? a mistake"),
                        ("blunder", "?? a blunder")):
        text = source_text(replace(position, review={**position.review, "mark": mark}), {})
        assert text.endswith(words), text
