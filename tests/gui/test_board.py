"""The board: readable at 1024x700, larger at 1920x1080, pegs that hop hole to hole."""

import pytest

from cribbage_gui.table.board import HOLES, BoardWidget


@pytest.mark.parametrize(("size", "peg", "points"), [((1024, 700), 10, 11),
                                                     ((1920, 1080), 14, 11)])
def test_the_board_is_readable_in_the_window(qtbot, make_window, size, peg, points):
    window = make_window()
    window.resize(*size)
    qtbot.waitUntil(lambda: window.board.height() >= 0.2 * size[1] - 2, timeout=3000)
    board = window.board
    assert board.width() >= size[0] - 20  # the whole width, above the panels
    assert 2 * board.peg_radius() >= peg
    assert board.number_font().pointSizeF() >= points
    # the holes of a pass are apart enough that neighbouring pegs do not merge
    assert board.hole(0, 2).x() - board.hole(0, 1).x() >= 2 * board.peg_radius()


def test_a_larger_window_gives_a_larger_board(qtbot, make_window):
    window = make_window()
    window.resize(1024, 700)
    qtbot.waitUntil(lambda: window.height() == 700, timeout=3000)
    small = window.board.peg_radius(), window.board.height()
    window.resize(1920, 1080)
    qtbot.waitUntil(lambda: window.board.height() > small[1], timeout=3000)
    assert window.board.peg_radius() > small[0]


def test_a_peg_hops_through_every_hole_on_its_way(qtbot):
    board = BoardWidget()
    qtbot.addWidget(board)
    board.resize(1200, 220)
    board.show()
    board.pace = 1.0
    board.peg_to(0, 5)
    board.peg_to(0, 9)  # the back peg (at 0) goes past the front one (5) to 9
    assert board.animating
    path, _ = board._flying[0]
    assert path[0] == board.hole(0, 0, 0)  # it leaves the back hole
    assert path[1:] == [board.hole(0, s, 1) for s in range(6, 10)]  # one hole at a time
    for k in range(1, len(path)):
        board._flying[0] = (path, float(k))
        assert board.peg_position(0) == path[min(k, len(path) - 1)] or k == len(path) - 1
    qtbot.waitUntil(lambda: not board.animating, timeout=5000)
    assert (board.scores[0], board.backs[0]) == (9, 5)


def test_with_animation_off_the_peg_is_there_at_once(qtbot):
    board = BoardWidget()
    qtbot.addWidget(board)
    board.show()
    board.pace = 0.0
    board.peg_to(1, 12)
    assert not board.animating and board.scores[1] == 12
    board.peg_to(1, HOLES + 1)
    assert board.hole(1, HOLES + 1) == board.hole(0, HOLES + 1)  # the one game hole


@pytest.mark.parametrize("width", [560, 800, 1900])
def test_hole_numbers_never_run_into_the_skunk_labels(qtbot, width):
    """On a narrow board (the review window at 1024x700) "double skunk" spans more than
    five holes: the numbers it would touch give way; on a wide one they all stay."""
    from PySide6.QtGui import QFontMetricsF

    from cribbage_gui.table.board import LINES, PER_PASS

    board = BoardWidget()
    qtbot.addWidget(board)
    board.resize(width, 150)
    board.show()
    labels = QFontMetricsF(board._line_font())
    numbers = QFontMetricsF(board.number_font())
    shown = []
    for marker in range(5, PER_PASS + 1, 5):
        for pass_index in range(3):
            score = pass_index * PER_PASS + marker
            if board._crowded_by_a_line(score):
                continue
            shown.append(score)
            x = board.hole(0, score).x()
            half = numbers.horizontalAdvance(str(score)) / 2
            for after, label in LINES.items():
                line_x, line_pass = board._line_x(after)
                if line_pass == pass_index:
                    assert abs(x - line_x) >= labels.horizontalAdvance(label) / 2 + half
    assert 60 not in shown and 90 not in shown  # the lines' own places
    if width >= 1900:
        assert {55, 65, 85, 95} <= set(shown)
    if width <= 560:
        assert 65 not in shown


def test_a_long_name_is_set_smaller_to_fit_its_plate_rather_than_cut(qtbot):
    from PySide6.QtGui import QFontMetricsF

    from cribbage_gui.app import theme

    short = BoardWidget.name_font("You", 17, 130)
    assert short == theme.font(17, bold=True)  # it fits as asked
    fitted = BoardWidget.name_font("Strategy weights", 17, 130)
    assert QFontMetricsF(fitted).horizontalAdvance("Strategy weights") <= 130
    assert QFontMetricsF(fitted).height() < QFontMetricsF(short).height()
    tiny = BoardWidget.name_font("A name far too long for any plate at all", 17, 130)
    assert QFontMetricsF(tiny).height() <= QFontMetricsF(BoardWidget.name_font(
        "x", 10, 130)).height()  # the floor: elided past 10 px
