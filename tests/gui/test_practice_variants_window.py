"""The practice window in every variant: a three- or four-player position at its own table
(its seats, its board), answered by clicks or keys with a toss of one card, judged in
points; the Variant box; an old practice file opened by the window."""

import pytest
from PySide6.QtCore import Qt

from cribbage_gui.app.jobs import ADVICE_MEMO, wait_for_jobs
from cribbage_gui.services.practice.builtin import builtin_positions
from cribbage_gui.services.practice.judge import judge
from cribbage_gui.services.practice.store import PracticeStore
from cribbage_gui.windows.practice_window import PracticeWindow
from tests.gui.helpers import TIMEOUT, click_card
from tests.services.test_practice_variants import old_store, variant_positions


@pytest.fixture(autouse=True)
def no_job_left():
    yield
    assert wait_for_jobs(TIMEOUT), "a judging job was left running"


def open_window(qtbot, tmp_path, positions, builtin=()):
    store = PracticeStore(tmp_path / "practice.sqlite3", builtin=builtin)
    store.add(positions, "games")
    window = PracticeWindow(store, None, scan=False)
    qtbot.addWidget(window)
    window.resize(1024, 700)
    window.show()
    return window, store


def headers(table):
    return [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]


def test_a_three_player_toss_is_shown_at_its_table_and_judged_by_clicks(qtbot, tmp_path):
    position = variant_positions("three-player", "discard")[0]
    window, store = open_window(qtbot, tmp_path, [position])
    assert window.position == position
    obs = position.table
    model = window.table.model
    assert model.rules.players == 3 and sorted(window.table.hand_order()) == sorted(obs.dealt)
    for card in obs.dealt:
        assert window.table.card_items[card].face_up
    others = [s for s in range(3) if s != obs.seat]
    assert sum(model.hidden[s] for s in others) == obs.opponent_cards_left
    assert model.crib_backs == 1  # the crib's card from the deck
    assert window.board.tracks == 3 and list(window.board.names) == list(model.names)
    assert set(model.names) == {"You", "West", "East"}
    assert "three-player" in window.source_label.text()
    assert "throw one card" in window.task_label.text()
    # one card is the answer: a second click takes its place
    first, second = obs.dealt[0], obs.dealt[1]
    click_card(qtbot, window, first)
    assert window.selected == [first] and window.buttons["answer"].isEnabled()
    click_card(qtbot, window, second)
    assert window.selected == [second]
    best = judge(position, [second], ADVICE_MEMO).best
    wrong = next(c for c in obs.dealt if (c,) != best)
    click_card(qtbot, window, wrong)
    with qtbot.waitSignal(window.judged, timeout=TIMEOUT):
        qtbot.mouseClick(window.buttons["answer"], Qt.MouseButton.LeftButton)
    verdict = window.verdict
    assert not verdict.correct and verdict.objective == "points"
    assert verdict.chosen == (wrong,) and verdict.best == best
    assert f"{verdict.points_lost:.2f} points given up" in window.result_label.text()
    table = window.options_table
    assert table.rowCount() == 5 and "Win" not in headers(table)
    assert headers(table)[:5] == ["Throw", "Hand", "Crib", "Pegging", "Points"]
    notes = [table.item(r, table.columnCount() - 1).text() for r in range(5)]
    assert "★ best" in notes[0] and sum("◀ your answer" in n for n in notes) == 1
    assert store.summary()["answered"] == 1 and store.next_due("three-player") is not None
    assert not window.buttons["analyse"].isEnabled()  # (the six-card game's board only)


def test_a_four_player_card_is_answered_with_the_keys(qtbot, tmp_path):
    position = variant_positions("four-player", "play")[0]
    window, _ = open_window(qtbot, tmp_path, [position])
    obs = position.table
    assert window.board.tracks == 2  # partners: one score a side
    assert any(" and " in name for name in window.board.names)
    assert window.table.model.hidden[(obs.seat + 2) % 4] == obs.cards_left[(obs.seat + 2) % 4]
    assert f"the count is {obs.count}" in window.task_label.text()
    window.table.setFocus()
    cards = window.table.hand_order()
    index = next(i for i, c in enumerate(cards) if c in obs.legal_cards)
    qtbot.keyClick(window, Qt.Key(Qt.Key.Key_1 + index))
    assert window.selected == [cards[index]]
    with qtbot.waitSignal(window.judged, timeout=TIMEOUT):
        qtbot.keyClick(window, Qt.Key.Key_Return)
    verdict = window.verdict
    assert verdict.chosen == (cards[index],) and verdict.objective == "points"
    assert headers(window.options_table)[:3] == ["Card", "Pegs now", "Points"]
    assert "Win" not in headers(window.options_table)


def test_the_variant_box_limits_practice_to_one_variant(qtbot, tmp_path):
    six = builtin_positions()[:2]
    three = variant_positions("three-player", "discard")[:2]
    window, _ = open_window(qtbot, tmp_path, three, builtin=six)
    box = window.variant_box
    assert box.isVisible() and box.accessibleName()
    assert [box.itemText(i) for i in range(box.count())] == [
        "Every variant", "Six-card (two players)", "Three players"]
    assert window.position.variant == "three-player"  # (the player's own first)
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_Down)  # six-card: the three-player position gives way
    assert window.variant == "six-card" and window.position.variant == "six-card"
    window.skip()
    window.skip()
    assert window.position is None  # every six-card position skipped: the others not shown
    qtbot.keyClick(box, Qt.Key.Key_Down)
    assert window.variant == "three-player" and window.position.variant == "three-player"


def test_the_variant_box_is_hidden_with_the_six_card_game_alone(qtbot, tmp_path):
    window, _ = open_window(qtbot, tmp_path, [], builtin=builtin_positions()[:2])
    assert not window.variant_box.isVisible() and window.variant is None
    assert window.position is not None and window.position.variant == "six-card"


def test_the_window_opens_an_old_practice_file(qtbot, tmp_path):
    path = tmp_path / "practice.sqlite3"
    old = builtin_positions()[:2]
    old_store(path, old)
    store = PracticeStore(path, builtin=())
    window = PracticeWindow(store, None, scan=False)
    qtbot.addWidget(window)
    window.show()
    assert window.position is not None and window.position.id in {p.id for p in old}
    assert "Rating 1480" in window.rating_label.text()
    assert not window.variant_box.isVisible()


def test_a_variant_s_table_in_the_practice_keeps_each_place_apart(qtbot, tmp_path):
    """At the four sizes x 100 and 200% text x light and high contrast, in the practice
    window's narrower table: each other seat's hand, the crib and the count apart and on
    the table (at 100% the words and your own hand too, as the game's tables are checked),
    and the Variant box whole, clear of the heading."""
    from PySide6.QtCore import QRect

    from cribbage_gui.app import theme
    from tests.gui.test_variant_table_geometry import SIZES, places, problems

    def early(variant):  # a card to play with cards in every hand, some on the table
        return next(p for p in variant_positions(variant, "play")
                    if p.table.current and all(p.table.cards_left))

    shown = [variant_positions("three-player", "discard")[0], early("three-player"),
             variant_positions("four-player", "discard")[0], early("four-player")]
    window, _ = open_window(qtbot, tmp_path, shown, builtin=builtin_positions()[:1])

    def rect(widget) -> QRect:
        return QRect(widget.mapTo(window, widget.rect().topLeft()), widget.size())

    found = []
    try:
        for theme_name in ("light", "high-contrast"):
            theme.apply(theme_name)
            for text in (100, 200):
                theme.set_text_size(text)
                for size in SIZES:
                    window.resize(*size)
                    qtbot.wait(30)
                    for position in shown:
                        window.next_position(position)
                        qtbot.wait(10)
                        where = (theme_name, text, size, position.variant, position.kind)
                        found += [(where, p) for p in problems(window.table, text == 100)]
                        held = set(places(window.table))  # (what was checked is there)
                        assert {"crib", "my hand"} <= held, where
                        assert sum(p.startswith("hand ") for p in held) == \
                            position.table.players - 1, where
                        box = rect(window.variant_box)
                        if not QRect(0, 0, window.width(), window.height()).contains(box) \
                                or box.intersects(rect(window.source_label)) \
                                or window.variant_box.width() < \
                                window.variant_box.minimumSizeHint().width():
                            found.append((where, "the Variant box"))
    finally:
        theme.set_text_size(100)
        theme.apply("light")
    assert not found, found[:10]
