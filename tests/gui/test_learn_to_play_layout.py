"""Learn to play at every common window size and at 100% and 200% text: the coach's words
are never cut (the banner grows, then scrolls) and show three lines at least, and neither
the banner nor the bar of buttons (Hint, Continue) covers the table, whose cards stay
readable and whose hand stays clear of the cards played."""

import pytest
from PySide6.QtCore import QRect, QRectF, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.exceptions import TimeoutError

from cribbage_gui.app import theme
from cribbage_gui.services.lessons import STEPS, Said
from cribbage_gui.table.cards import CARD_RATIO
from tests.gui.helpers import take_turn
from tests.gui.test_learn_to_play import start_lesson

SIZES = [(1024, 700), (1280, 800), (1366, 768), (1920, 1080)]


@pytest.fixture
def normal_text():
    yield
    theme.set_text_size(100)


def settle(qtbot, window, size) -> list[str]:
    """Resize the window to ``size``; what kept it from that size. (At 200% text the
    window's minimum width, 1032 px, is the table's and the docks', another point of the
    issue: only the height, which the coach's banner would force, must be met.)"""
    window.resize(*size)
    try:
        qtbot.waitUntil(lambda: window.height() == size[1] and window.width() >= size[0],
                        timeout=1000)
    except TimeoutError:
        return [f"the window stays {window.width()}x{window.height()} (its minimum "
                f"{window.minimumSizeHint()}, the coach's {window.coach_panel.minimumSizeHint()})"]
    # until the layout rests: at 1366 px the docks rearrange, animated, after the resize
    last, still = None, 0
    for _ in range(40):
        qtbot.wait(15)
        now = (window.coach_panel.geometry(), window.table.geometry())
        still = still + 1 if now == last else 0
        last = now
        if still >= 3:
            break
    return []


def in_window(widget, window) -> QRect:
    return QRect(widget.mapTo(window, widget.rect().topLeft()), widget.size())


def words_cut(panel) -> list[str]:
    """The coach's words that cannot be read: a label shorter than its wrapped text, or
    words below the banner's edge with no scroll bar to reach them."""
    problems = []
    size = QApplication.instance().font().pointSizeF()
    for label in (panel.text, panel.next):
        if label.font().pointSizeF() != size:
            problems.append(f"{label.text()[:30]!r} at {label.font().pointSizeF()} pt, "
                            f"not the text size's {size}")
        if label.text() and label.height() < label.heightForWidth(label.width()):
            problems.append(f"{label.text()[:30]!r} cut: {label.height()} px of "
                            f"{label.heightForWidth(label.width())}")
    if not hasattr(panel, "words_box"):  # (the banner before it could scroll)
        return problems
    box, view = panel.words_box, panel.words_scroll.viewport()
    hidden = box.height() - view.height()
    bar = panel.words_scroll.verticalScrollBar()
    if hidden > 0 and not (bar.isVisible() and bar.maximum() >= hidden):
        problems.append(f"{hidden} px of words below the banner, no way to scroll")
    if box.width() > view.width():
        problems.append(f"words wider than the banner: {box.width()} > {view.width()}")
    return problems


def too_few_lines(panel) -> list[str]:
    """The coach's words with too few lines in sight: at 1024x700 and 200% text the banner
    showed one line of them at a time (issue 38). Five lines of the banner at least (or all
    it has), its words and *Next:* together, two at least of the words (three where *Next:*
    takes fewer than three)."""
    if not hasattr(panel, "words_box"):
        return []
    line = panel.text.fontMetrics().lineSpacing()
    view = panel.words_scroll.viewport()
    needed = -(-panel.words_box.heightForWidth(view.width()) // line)
    shown = view.height() // line
    after = round(panel.next.height() / line) if panel.next.text() else 0
    least = min(needed, 3 if after < 3 else 2)
    if shown < least or shown + after < min(5, needed + after):
        return [f"{shown} line(s) of the words in sight, of {needed}, and {after} of "
                f"Next (the banner {panel.height()} px, the words' most "
                f"{panel.words_scroll.maximumHeight()}, the table "
                f"{panel.window().table.height()} px)"]
    return []


# the least width of a card for its corner to be read at a glance (65 px at 1024x700 and
# 100% text; 59 at 200%, where the coach takes some of the table's height)
READABLE_CARD = 52


def covers(window) -> list[str]:
    """The banner or the bar of buttons over the table; a card of the hand over a card
    played, or a card out of the table."""
    problems = []
    table = in_window(window.table, window)
    for name, widget in (("coach", window.coach_panel), ("buttons", window.game_bar)):
        if widget.isVisible() and in_window(widget, window).intersects(table):
            problems.append(f"the {name} over the table: {in_window(widget, window)} "
                            f"{table}")
    if window.game_bar.isVisible() and not QRect(0, 0, window.width(), window.height()) \
            .contains(in_window(window.game_bar, window)):
        problems.append("the buttons leave the window")
    view = window.table
    model = window.presenter.shown_model()

    def rect(card):
        item = view.card_items.get(card)
        if item is None or not item.isVisible():
            return None
        return item.mapRectToScene(QRectF(0, 0, item.w, item.w * CARD_RATIO))

    if view.card_width() < READABLE_CARD:
        problems.append(f"cards {view.card_width():.0f} px wide, too small to read")
    seen = view.mapToScene(view.viewport().rect()).boundingRect().adjusted(-1, -1, 1, 1)
    for card in view.card_items:
        r = rect(card)
        if r is not None and not seen.contains(r):
            problems.append(f"card {card} out of the table: {r} {seen}")
    if model.show is None:
        hand = [r for c in model.hands[model.my_seat] if (r := rect(c)) is not None]
        played = [r for s in (0, 1) for c in model.played[s] if (r := rect(c)) is not None]
        problems += [f"a card played {p} over the hand {h}" for h in hand for p in played
                     if h.intersects(p)]
    return problems


def look(qtbot, window, step) -> list[str]:
    """The problems of the banner and the table with ``step`` said, at every size."""
    return [f"{step} at {size}: {p}" for size in SIZES for p in
            settle(qtbot, window, size) + words_cut(window.coach_panel)
            + too_few_lines(window.coach_panel) + covers(window)]


class _Blank(dict):
    def __missing__(self, key):
        return "the computer (Beginner)"  # as long as any blank's words


@pytest.mark.parametrize("scale", [100, 200])
def test_every_step_of_the_lesson_fits_every_window(qtbot, make_window, normal_text,
                                                    scale):
    """The guided game played through, each step looked at where the table stops on it
    (the show's with the count in words), then every step of :data:`STEPS` shown over the
    table of the last deal, at 1024x700, 1280x800, 1366x768 and 1920x1080."""
    window = make_window(text_size=scale)
    assert theme.text_scale() == scale / 100
    start_lesson(qtbot, window)
    coach = window.coaching.coach
    checked, problems = set(), []
    turns = 0
    while not coach.quiet:
        step = window.coach_panel.said.step if window.coach_panel.said else None
        if step and step not in checked:
            checked.add(step)
            problems += look(qtbot, window, step)
        assert take_turn(qtbot, window)
        turns += 1
        assert turns < 400
    problems += look(qtbot, window, "own")
    for key, step in STEPS.items():  # the steps the table passes without a stop too
        window.coach_panel.show_said(Said(key, step.title, step.text.format_map(_Blank()),
                                          step.next))
        problems += look(qtbot, window, key)
    assert not problems, "\n".join(problems[:20])
    assert len(checked) >= 15, f"{sorted(checked)} {coach.said}"  # stopped at most steps


def test_words_that_scroll_scroll_by_keyboard_and_each_step_reads_from_its_start(
        qtbot, make_window, normal_text):
    window = make_window(text_size=200)
    start_lesson(qtbot, window)
    assert not settle(qtbot, window, (1024, 700))
    panel = window.coach_panel
    long = STEPS["play"]
    panel.show_said(Said("play", long.title, long.text, long.next))
    qtbot.wait(30)
    bar = panel.words_scroll.verticalScrollBar()
    assert bar.isVisible() and bar.maximum() > 0  # more words than room: they scroll
    assert panel.words_scroll.focusPolicy() & Qt.FocusPolicy.TabFocus  # reachable by Tab
    scroll = panel.words_scroll
    assert scroll.accessibleName() and long.text in scroll.accessibleDescription()
    panel.words_scroll.setFocus()
    qtbot.keyClick(panel.words_scroll, Qt.Key.Key_PageDown)
    assert bar.value() > 0
    # the top line is whole: the viewport holds a whole number of lines
    line = panel.text.fontMetrics().lineSpacing()
    assert panel.words_scroll.viewport().height() % line == 0
    panel.show_said(Said("pair", "A pair", STEPS["pair"].text, STEPS["pair"].next))
    assert bar.value() == 0
    assert panel.next.isVisible() and panel.next.text().endswith(STEPS["pair"].next)
