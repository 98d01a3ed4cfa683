"""The review window of a variant's game: five-card, three players and four in partnership
(``docs/variants.md``). Every seat's hands as they were at each decision, the sides' names
by compass point, each decision rated in points with its mark, the chart of the game by
side, and the main window opening a variant's game from a file and from the history."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt

from ai.match.variant import play_variant_game
from ai.registry import make_player
from cribbage_gui.app.texts import YOU
from cribbage_gui.services import gamefile
from cribbage_gui.windows.review_window import BOTH, ReviewWindow
from engine import GameState
from engine.events import Dealt, Scored
from engine.record import Replay
from engine.rules import VARIANTS
from tests.gui.helpers import TIMEOUT

REVIEW_TIMEOUT = 90_000


def variant_file(variant: str, players: tuple[str, ...], seed: int = 4) -> gamefile.GameFile:
    """A finished game of ``variant`` ("you" played by the heuristic player)."""
    seats = [make_player("heuristic" if p == "you" else p) for p in players]
    game = play_variant_game(seats, VARIANTS[variant], seed, 0)
    return gamefile.make(game, players)


def open_review(qtbot, file: gamefile.GameFile) -> ReviewWindow:
    window = ReviewWindow(file)
    qtbot.addWidget(window)
    window.resize(1280, 860)
    window.show()
    qtbot.waitUntil(lambda: window.review is not None, timeout=REVIEW_TIMEOUT)
    return window


def side_scores_after(events, position: int, rules) -> list[int]:
    scores = [0] * rules.sides
    for e in events[:position + 1]:
        if isinstance(e, Scored):
            scores[rules.side_of(e.seat)] = e.total
    return scores


def check_decisions_on_the_table(qtbot, window: ReviewWindow) -> None:
    """Step decision by decision with ↓ from the start: at each, the table holds every
    seat's cards exactly as the referee did before the decision, the chosen cards glow in
    the chooser's hand, and the list, the sentence and the options follow."""
    game, review = window.game, window.review
    before = [[list(h) for h in state.hands]
              for state, _s, _a in Replay(GameState, game.to_record())]
    qtbot.keyClick(window, Qt.Key.Key_Home)
    if window.position not in window.decision_at:
        qtbot.keyClick(window, Qt.Key.Key_Down)
    for index, d in enumerate(review.decisions):
        assert window.position == window.position_of(d), index
        assert window.decisions_table.currentRow() == index
        hands = before[d.action]
        model = window.table.model
        for seat in model.seats:  # every hand face up: the game is over
            assert sorted(model.hands[seat]) == sorted(hands[seat]), (index, seat)
        assert set(d.chosen) <= set(model.hands[d.seat])
        assert window.table.highlighted == set(d.chosen)
        if d.kind == "play":
            assert model.count == d.count
        sentence = window.decision_label.text()
        assert f"Deal {d.deal} · {window.names[d.seat]}" in sentence
        assert window.options_table.rowCount() == len(d.options)
        if index < 6:  # (the rest by the list: the keys are the same each time)
            qtbot.keyClick(window, Qt.Key.Key_Down)
        else:
            break


def check_marks(qtbot, window: ReviewWindow) -> None:
    """Each marked decision: its mark in the list (last column, in words), one spot on the
    chart on its side's score line, and N goes from one to the next."""
    review = window.review
    marked = [d for d in review.decisions if d.mark]
    assert marked, "a game with random players has marked decisions"
    mark_column = window.decisions_table.columnCount() - 1
    for i, d in enumerate(review.decisions):
        text = window.decisions_table.item(i, mark_column).text()
        assert (d.mark in text) if d.mark else text == ""
    spots = window.marks_plot.points()
    assert len(spots) == len(marked)
    for spot, d in zip(sorted(spots, key=lambda s: s.data()), marked, strict=True):
        position = window.position_of(d)
        assert spot.pos().x() == position
        side = window.rules.side_of(d.seat)
        assert spot.pos().y() == side_scores_after(window.events, position, window.rules)[side]
    window.go_to(window.position_of(marked[0]))
    assert marked[0].mark.capitalize() in window.decision_label.text()
    for d in marked[1:5]:
        qtbot.keyClick(window, Qt.Key.Key_N)
        assert window.position == window.position_of(d)
        assert d.mark.capitalize() in window.decision_label.text()


def check_chart(window: ReviewWindow) -> None:
    """A line a side, ending at each side's final score; no chance-of-winning curve; the
    variant's target and skunk lines."""
    rules, game = window.rules, window.game
    assert len(window.side_lines) == rules.sides
    for side, line in enumerate(window.side_lines):
        xs, ys = line.getData()
        assert len(xs) == len(window.events)
        assert ys[-1] == game.scores[side] and ys[0] == 0
        assert list(ys) == sorted(ys)  # a score only climbs
    xs, _ys = window.curve.getData()
    assert xs is None or len(xs) == 0
    levels = {round(item.value()) for item in window.chart.getPlotItem().items
              if type(item).__name__ == "InfiniteLine" and item.angle == 0}
    wanted = {rules.target, rules.skunk_line} | ({rules.double_skunk_line}
                                                  if rules.double_skunk_line > 0 else set())
    assert levels == wanted
    title = window.chart.getPlotItem().titleLabel.text
    assert f"Score to {rules.target}" in title
    assert all(name in title for name in window.side_labels)
    assert f"under {rules.skunk_line} a skunk" in window.chart.toolTip()


def test_three_players_reviewed_round_the_table(qtbot):
    file = variant_file("three-player", ("heuristic", "you", "random"))
    window = open_review(qtbot, file)
    review, rules = window.review, VARIANTS["three-player"]
    assert review.objective == "points" and review.variant == "three-player"
    # the names by compass point from the person's seat; who plays each in the view box
    assert window.names == ("East", YOU, "West")
    assert window.windowTitle() == "Review: You v West v East"
    assert [window.view_box.itemText(i) for i in range(window.view_box.count())] == [
        "every hand", "only East's (Heuristic pegger)", "only yours", "only West's (Random)"]
    assert window.view_box.accessibleName()
    headline = window.title.accessibleName()
    assert headline.startswith("Three players · You v West (Random) v East (Heuristic "
                               "pegger): ")
    # one row a seat; no "Win lost" column: the figures are points
    assert window.summary_table.rowCount() == 3
    headers = [window.decisions_table.horizontalHeaderItem(c).text()
               for c in range(window.decisions_table.columnCount())]
    assert headers == ["Deal", "Player", "Kind", "Choice", "Best", "Pts lost", "Mark"]
    assert window.options_table.columnCount() == 3
    assert window.board.tracks == 3 and window.board.target == 121
    check_decisions_on_the_table(qtbot, window)
    # a decision that lost points says so, in points
    lost = next(d for d in review.decisions if not d.is_best)
    window.go_to(window.position_of(lost))
    assert (f"Lost {lost.points_lost:.2f} expected points: {lost.win_best:+.2f} → "
            f"{lost.win_chosen:+.2f}") in window.decision_label.text()
    check_marks(qtbot, window)
    check_chart(window)
    # the board by side at each moment, and the dealer's side
    for position in (10, len(window.events) // 2, len(window.events) - 1):
        window.go_to(position)
        assert window.board.scores == side_scores_after(window.events, position, rules)
    # the analysis board is the two-player game's: not offered here
    assert not window.buttons["analyse"].isEnabled()
    assert not window.buttons["practise"].isVisible()


def test_four_players_in_partnership_reviewed_by_side(qtbot):
    file = variant_file("four-player", ("heuristic", "random", "heuristic", "random"))
    window = open_review(qtbot, file)
    # no one person at the table: seat 0 at the bottom, South
    assert window.names == ("South", "West", "North", "East")
    assert window.side_labels == ("South and North", "West and East")
    assert window.board.tracks == 2 and window.board.names == ["South and North",
                                                               "West and East"]
    assert window.title.accessibleName().startswith(
        "Four players · South (Heuristic pegger) and North (Heuristic pegger) v West "
        "(Random) and East (Random): ")
    assert window.summary_table.rowCount() == 4
    assert window.summary_table.item(1, 0).text() == "West (Random)"
    check_decisions_on_the_table(qtbot, window)
    check_marks(qtbot, window)
    check_chart(window)
    # one seat's view: the others' cards face down, the partner's too
    dealt = next(p for p, e in enumerate(window.events) if isinstance(e, Dealt))
    window.go_to(dealt)
    assert all(len(h) == 5 for h in window.table.model.hands)
    window.view_box.setFocus()
    window.view_box.setCurrentIndex(window.view_box.findData(1))  # only West's
    model = window.table.model
    assert window.view == 1 and model.my_seat == 1 and not model.reveal
    assert len(model.hands[1]) == 5
    assert all(model.hands[s] == [] and model.hidden[s] == 5 for s in (0, 2, 3))
    window.view_box.setCurrentIndex(window.view_box.findData(BOTH))
    assert window.table.model.reveal


def test_five_card_reviewed_to_61(qtbot):
    file = variant_file("five-card", ("you", "random"), seed=6)
    window = open_review(qtbot, file)
    assert window.names == (YOU, "Random")
    assert window.board.target == 61 and window.board.tracks == 2
    assert window.title.accessibleName().startswith("Five-card · You v Random: ")
    first = window.review.decisions[0]
    assert first.kind == "discard" and len(first.options) == 10  # two of five
    check_decisions_on_the_table(qtbot, window)
    assert len(window.table.model.hands[0]) in (3, 5)
    check_marks(qtbot, window)
    check_chart(window)


def test_a_variant_game_not_over_shows_the_person_s_view_only(qtbot):
    finished = variant_file("three-player", ("you", "random", "random"))
    half = len(finished.game.actions) // 2
    middle = next(GameState.from_record(state.to_record()) for i, (state, _s, _a)
                  in enumerate(Replay(GameState, finished.game.to_record())) if i == half)
    assert not middle.is_over
    window = open_review(qtbot, gamefile.make(middle, ("you", "random", "random")))
    assert window.view == 0 and not window.view_box.isEnabled()
    assert {d.seat for d in window.review.decisions} == {0}
    assert window.summary_table.rowCount() == 1
    dealt = next(p for p, e in enumerate(window.events) if isinstance(e, Dealt))
    window.go_to(dealt)
    model = window.table.model
    assert len(model.hands[0]) == 5 and model.hands[1] == model.hands[2] == []
    assert "not finished" in window.title.accessibleName()


# ---------------------------------------------------------------------------- the main window
def test_the_main_window_opens_a_variant_file_and_refuses_a_damaged_one(
        qtbot, make_window, tmp_path, monkeypatch):
    warnings = []
    monkeypatch.setattr("cribbage_gui.windows.window_dialogs.QMessageBox.warning",
                        lambda *args: warnings.append(args[2]))
    window = make_window()
    file = variant_file("four-player", ("you", "random", "heuristic", "random"))
    path = tmp_path / "four.crib.json"
    gamefile.write(path, file)
    # its last moves cut by hand (and no checksum to catch it): the record does not
    # replay to its events, so it is refused with its reason, and nothing is opened
    data = json.loads(path.read_text())
    data.pop("sha256")
    data["game"]["actions"] = data["game"]["actions"][:-3]
    bad = tmp_path / "bad.crib.json"
    bad.write_text(json.dumps(data))
    assert window.files.open_game_file(bad) is None
    assert "bad.crib.json" in window.messages[-1] and len(warnings) == 1
    assert "does not replay" in window.messages[-1]
    assert not window.dialogs.review_windows
    review = window.files.open_game_file(path)
    assert review is not None and review.isVisible()
    qtbot.waitUntil(lambda: review.review is not None, timeout=REVIEW_TIMEOUT)
    assert review.names == (YOU, "West", "North", "East")
    assert review.windowTitle() == "Review: four.crib.json"
    assert len(review.review.summary) == 4 and len(warnings) == 1


def test_the_game_over_box_reviews_a_variant_and_keeps_the_accuracy(qtbot, make_window):
    from tests.gui.helpers import play_to_the_end

    window = make_window()
    window.games.start_match("random", seed=5, variant="three-player",
                             others=("random", "random"))
    play_to_the_end(qtbot, window, discard=lambda obs, hand: hand[:1])
    qtbot.waitUntil(lambda: window.dialogs.game_over_box is not None, timeout=TIMEOUT)
    box = window.dialogs.game_over_box
    assert box.review_button.isVisible()
    # rated in the background, the person's accuracy kept under the variant
    qtbot.waitUntil(lambda: window.history.accuracy_history("three-player") != [],
                    timeout=REVIEW_TIMEOUT)
    assert window.history.accuracy_history() == []  # (the six-card figures apart)
    qtbot.mouseClick(box.review_button, Qt.MouseButton.LeftButton)
    review = window.dialogs.review_windows[-1]
    assert review.isVisible() and review.file.context["kind"] == "history"
    assert review.game.to_record() == window.playing.controller.game.to_record()
    qtbot.waitUntil(lambda: review.review is not None, timeout=REVIEW_TIMEOUT)
    seat = window.playing.setup.human_seat
    (row,) = window.history.accuracy_history("three-player")
    assert row["accuracy"] == pytest.approx(review.review.summary[seat].accuracy)
    assert review.names[seat] == YOU and review.rules == VARIANTS["three-player"]


def test_at_200_percent_a_four_player_review_fits_1024x700(qtbot):
    """Four summary rows and the decision's options at 200% text made the window 1024x883
    (its scale line drawn over the summary): now the summary keeps two rows in sight and
    scrolls to the rest."""
    from cribbage_gui.app import theme

    theme.set_text_size(200)
    try:
        window = open_review(qtbot, variant_file("four-player",
                                                 ("you", "random", "heuristic", "random")))
        qtbot.waitUntil(lambda: window.resize(1024, 700) or (window.width(), window.height())
                        == (1024, 700), timeout=3000)
        assert window.minimumSizeHint().height() <= 700
        assert window.minimumSizeHint().width() <= 1024
        summary = window.summary_table
        qtbot.waitUntil(lambda: summary.verticalScrollBar().maximum() > 0, timeout=2000)
        assert summary.viewport().height() >= 2 * summary.rowHeight(0) - 1
    finally:
        theme.set_text_size(100)
