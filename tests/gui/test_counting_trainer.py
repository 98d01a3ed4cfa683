"""Practice → Counting trainer: typed answers judged, a miss's combinations shown on the
cards, the clock, and the menu entry."""

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from cribbage_gui.services.practice.counting import make_drill
from cribbage_gui.services.practice.counting_log import CountingLog
from cribbage_gui.windows.counting_trainer import CountingTrainer
from engine.cards import card_label, parse_card, parse_cards


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def trainer(qtbot, tmp_path):
    clock = Clock()
    log = CountingLog(tmp_path / "practice.sqlite3")
    dialog = CountingTrainer(log, np.random.default_rng(5), clock=clock)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.clock_now = clock
    yield dialog
    dialog.close()
    log.close()


def crib():
    return make_drill("crib", parse_cards("JH 5H 6S 4H"), parse_card("4C"))


def answer(qtbot, dialog, text):
    qtbot.keyClicks(dialog.answer, text)
    qtbot.keyClick(dialog.answer, Qt.Key.Key_Return)


def test_a_right_answer_typed_and_entered_is_right(qtbot, trainer):
    trainer.new_drill(crib())
    assert trainer.answer.hasFocus()
    trainer.clock_now.now += 6.5
    with qtbot.waitSignal(trainer.judged) as judged:
        answer(qtbot, trainer, str(trainer.drill.total))
    verdict = judged.args[0]
    assert verdict.correct and verdict.seconds == pytest.approx(6.5)
    assert "Right: 14" in trainer.verdict_label.text()
    assert "1 of 1 right" in trainer.tally.text()
    assert trainer.log.summary().correct == 1
    qtbot.keyClick(trainer.next_button, Qt.Key.Key_Return)  # Enter again: the next drill
    assert trainer.verdict is None and trainer.answer.isEnabled()
    assert trainer.drill is not None


def test_a_miss_shows_every_combination_on_the_cards(qtbot, trainer):
    trainer.new_drill(crib())
    answer(qtbot, trainer, "10")
    verdict = trainer.verdict
    assert verdict is not None and not verdict.correct and verdict.muggins == 4
    assert "Muggins: 4 for your opponent" in trainer.verdict_label.text()
    items = trainer.drill.items
    assert trainer.items.count() == len(items) == 6
    for row, item in enumerate(items):
        text = trainer.items.item(row).text()
        assert text.startswith(f"{item.label} for {item.points}")
        assert all(card_label(c) in text for c in item.cards)
        trainer.items.setCurrentRow(row)
        assert trainer.row.lit == set(item.cards)  # lifted on the table
    assert "runs with pairs" in trainer.verdict_label.text()
    assert "double run of three is fourteen" in trainer.spoken.text()


def test_nothing_typed_is_not_judged(qtbot, trainer):
    trainer.new_drill(crib())
    qtbot.keyClick(trainer.answer, Qt.Key.Key_Return)
    assert trainer.verdict is None and "Type the points" in trainer.verdict_label.text()
    qtbot.keyClicks(trainer.answer, "1x2")  # the letter is refused
    assert trainer.answer.text() == "12"


def test_the_clock_running_out_ends_the_drill(qtbot, trainer):
    trainer.new_drill(make_drill("play", parse_cards("7H 8C")))
    trainer.clock_now.now += trainer.drill.limit + 0.1
    with qtbot.waitSignal(trainer.timed_out, timeout=5000):
        pass  # the clock's next tick sees the time is up
    verdict = trainer.verdict
    assert verdict is not None and verdict.answer is None and verdict.too_slow
    assert verdict.muggins == 2 and "Time!" in trainer.verdict_label.text()
    assert not trainer.answer.isEnabled()
    assert trainer.log.summary().missed == {"too-slow": 1}


def test_the_practice_menu_opens_the_trainer(qtbot, make_window):
    window = make_window()
    menus = {a.text(): a.menu() for a in window.menuBar().actions()}
    entry = next(a for a in menus["&Practice"].actions() if a.text() == "&Counting trainer…")
    entry.trigger()
    trainer = window.dialogs.counting_window
    assert trainer is not None and trainer.isVisible() and trainer.drill is not None
    qtbot.keyClicks(trainer.answer, str(trainer.drill.total))
    qtbot.keyClick(trainer.answer, Qt.Key.Key_Return)
    assert trainer.verdict is not None and trainer.verdict.correct
    assert (window.data_dir / "practice.sqlite3").is_file()
    trainer.next_button.click()
    unanswered = trainer.drill
    trainer.close()  # mid-drill: opened again, a fresh drill on a running clock
    assert not trainer.timer.isActive()
    entry.trigger()
    assert trainer.drill is not unanswered and trainer.timer.isActive()
    trainer.close()


def test_every_control_has_a_name_and_digits_typed_anywhere_go_to_the_answer(qtbot, trainer):
    from cribbage_gui.table import accessibility
    from tests.gui.test_accessibility import name_of

    trainer.new_drill(crib())
    answer(qtbot, trainer, "3")  # a miss: the list of combinations filled
    widgets = [w for w in trainer.findChildren(QWidget) if accessibility.is_interactive(w)]
    assert len(widgets) >= 6
    assert [type(w).__name__ for w in widgets if not name_of(w)] == []
    assert name_of(trainer.row) == "The cards" and "jack of hearts" in \
        trainer.row.accessibleDescription()
    trainer.new_drill(crib())
    trainer.next_button.setFocus()  # a button lets digits by: the dialog takes them
    qtbot.keyClick(trainer.next_button, Qt.Key.Key_1)
    qtbot.keyClick(trainer.focusWidget(), Qt.Key.Key_4)
    assert trainer.answer.text() == "14"


def test_statistics_show_the_counting(qtbot, make_window):
    window = make_window()
    window.show_statistics()
    assert "No drills counted yet" in window.dialogs.stats_window.counting.text()
    window.dialogs.stats_window.close()
    window.practice.counting_trainer()
    trainer = window.dialogs.counting_window
    for typed in ("15", "14", "14"):  # right, then nobs missed twice
        trainer.new_drill(make_drill("hand", parse_cards("JH 5C 6D 6S"), parse_card("4H")))
        qtbot.keyClicks(trainer.answer, typed)
        qtbot.keyClick(trainer.answer, Qt.Key.Key_Return)
    assert trainer.drill.total == 15
    trainer.close()
    window.show_statistics()
    text = window.dialogs.stats_window.counting.text()
    assert text.startswith("3 drills counted, 33% right")
    assert "nobs (2)" in text


def test_the_cards_follow_the_text_size_and_fit_a_small_screen(qtbot):
    from cribbage_gui.app import theme

    dialog = CountingTrainer(None, np.random.default_rng(1))
    qtbot.addWidget(dialog)
    dialog.resize(1000, 680)
    dialog.show()
    dialog.new_drill(crib())
    normal = dialog.row.card_width()
    try:
        theme.set_text_size(200)
        assert dialog.row.card_width() > 1.8 * normal  # as large as the room allows
        assert dialog.minimumSizeHint().width() <= 1000  # a 1024-pixel screen holds it
        dialog.resize(640, 680)
        qtbot.waitUntil(lambda: dialog.row.width() < 640)
        rects = dialog.row.card_rects()
        assert rects[0].left() >= 0 and rects[-1].right() <= dialog.row.width()
    finally:
        theme.set_text_size(100)


def test_at_double_text_in_a_small_window_nothing_is_cut_off(qtbot, tmp_path):
    """Text at 200% on a 1024x700 screen (the dialog 760x640): the drill scrolls between
    the choices and the tally, so Close and the tally stay in sight; the combinations'
    list keeps room for several rows; a miss scrolls to its verdict and list; the felt is
    only as tall as the narrowed cards; the next drill scrolls back to its cards."""
    from PySide6.QtCore import QPoint, QRect

    from cribbage_gui.app import theme
    from cribbage_gui.windows import counting_trainer

    def shown(widget) -> bool:  # wholly inside the scroll area's view, or the dialog
        view = dialog.drill_area.viewport()
        inside = view if view.isAncestorOf(widget) else dialog
        rect = QRect(widget.mapTo(inside, QPoint(0, 0)), widget.size())
        return inside.rect().contains(rect)

    log = CountingLog(tmp_path / "practice.sqlite3")
    dialog = CountingTrainer(log, np.random.default_rng(5))
    qtbot.addWidget(dialog)
    try:
        theme.set_text_size(200)
        dialog.resize(760, 640)
        dialog.show()
        dialog.new_drill(crib())
        qtbot.waitUntil(lambda: dialog.row.width() > 0)
        close = dialog.findChild(counting_trainer.QDialogButtonBox)
        assert dialog.minimumSizeHint().height() <= 640
        assert dialog.height() <= 640
        assert shown(close) and shown(dialog.tally)
        assert dialog.drill_area.verticalScrollBar().maximum() > 0  # the drill scrolls
        assert shown(dialog.row) and shown(dialog.answer)
        assert dialog.row.height() == dialog.row.heightForWidth(dialog.row.width())
        assert dialog.row.height() < dialog.row.sizeHint().height()  # no empty felt
        row = dialog.items.fontMetrics().height()
        assert dialog.items.height() >= counting_trainer.ROWS_IN_SIGHT * row
        answer(qtbot, dialog, "10")
        qtbot.waitUntil(lambda: shown(dialog.verdict_label))
        assert dialog.items.visualItemRect(dialog.items.item(2)).bottom() \
            <= dialog.items.viewport().height()  # three combinations readable at once
        assert shown(close)
        dialog.new_drill(crib())
        assert dialog.drill_area.verticalScrollBar().value() == 0
    finally:
        theme.set_text_size(100)
        dialog.close()
        log.close()


def test_a_trainer_deleted_as_its_answer_is_judged_leaves_no_error(qtbot):
    """The scroll to the verdict waits for the layout (an event later); a dialog deleted
    meanwhile is not scrolled (that raised in a slot: a traceback on the terminal)."""
    from PySide6.QtCore import QCoreApplication, QEvent

    dialog = CountingTrainer(None, np.random.default_rng(1))
    dialog.show()
    dialog.new_drill(crib())
    dialog.answer.setText("3")
    dialog.submit()
    assert dialog.verdict is not None
    dialog.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    qtbot.wait(50)  # pytest-qt fails the test on an exception raised in a slot
