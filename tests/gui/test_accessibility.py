"""What a screen reader finds: a name on every interactive element of the main window (its
widgets, its menus' actions, the table's piles and cards, the board's plates), and every
announcement sent as an accessible event."""

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QApplication, QWidget

from cribbage_gui.table import accessibility
from engine import Phase
from engine.cards import card_words
from tests.gui.helpers import TIMEOUT, click_card

NAME = QAccessible.Text.Name


def name_of(obj) -> str:
    iface = QAccessible.queryAccessibleInterface(obj)
    assert iface is not None, f"{obj!r} has no accessible interface"
    return iface.text(NAME).strip()


def tree(iface, depth=0):
    """Every accessible interface under ``iface``."""
    for i in range(iface.childCount()):
        child = iface.child(i)
        assert child is not None, f"child {i} of {iface.text(NAME)!r} is missing"
        yield child
        if depth < 10:
            yield from tree(child, depth + 1)


def test_every_interactive_element_has_a_name(qtbot, make_window):
    window = make_window()
    window.games.start_match("random", seed=11)
    qtbot.waitUntil(lambda: window.playing.obs is not None, timeout=TIMEOUT)
    widgets = [w for w in window.findChildren(QWidget) if accessibility.is_interactive(w)]
    assert len(widgets) > 20  # the walk sees the window's controls, the panels' too
    unnamed = [f"{type(w).__name__} in {accessibility.context_of(w)}" for w in widgets
               if not name_of(w)]
    assert unnamed == []
    # the menus' actions
    actions = [a for menu in window.menuBar().actions() for a in [menu, *(
        menu.menu().actions() if menu.menu() else [])] if not a.isSeparator()]
    assert len(actions) > 15 and all(a.text().replace("&", "").strip() for a in actions)
    # the tabs of every tab bar, everything under the table and the board
    everything = list(tree(QAccessible.queryAccessibleInterface(window)))
    tabs = [i for i in everything if i.role() == QAccessible.Role.PageTab]
    assert tabs and all(i.text(NAME) for i in tabs)
    for widget in (window.table, window.board):
        iface = QAccessible.queryAccessibleInterface(widget)
        under = list(tree(iface))
        assert under and all(i.text(NAME).strip() for i in under), \
            [i.role() for i in under if not i.text(NAME).strip()]


def test_the_table_names_its_piles_and_cards(qtbot, make_window):
    window = make_window()
    window.games.start_match("random", seed=11)
    qtbot.waitUntil(lambda: window.playing.obs is not None, timeout=TIMEOUT)
    table = QAccessible.queryAccessibleInterface(window.table)
    assert table.text(NAME) == "Card table"
    piles = {table.child(i).text(NAME).split(":")[0]: table.child(i)
             for i in range(table.childCount())}
    hand = window.table.hand_order()
    mine = piles["Your hand"]
    assert mine.text(NAME) == "Your hand: " + ", ".join(card_words(c) for c in hand)
    assert [mine.child(i).text(NAME) for i in range(mine.childCount())] == \
        [card_words(c) for c in hand]
    assert mine.child(0).parent().text(NAME) == mine.text(NAME)
    assert mine.indexOfChild(mine.child(2)) == 2
    theirs = piles["Random's hand"]
    hidden = window.presenter.model.hidden[window.presenter.model.opponent]
    assert hidden in (4, 6)  # the computer may have thrown already
    assert theirs.text(NAME) == f"Random's hand: {hidden} cards face down"
    assert theirs.childCount() == hidden
    assert {theirs.child(i).text(NAME) for i in range(theirs.childCount())} == \
        {"Face-down card"}
    # a card chosen for the crib says so, in its state and its pile's name
    click_card(qtbot, window, hand[0])
    first = mine.child(0)
    assert first.state().selected and not mine.child(1).state().selected
    assert mine.text(NAME).endswith(f"chosen for the crib: {card_words(hand[0])}")
    # the keyboard's card is the table's focused child
    window.table.setFocus()
    qtbot.keyClick(window.table, Qt.Key.Key_End)
    focus = table.focusChild()
    assert focus is not None and focus.text(NAME) == card_words(hand[-1])
    assert focus.state().focused
    # the board: the scores and whose crib, and a plate for each player
    board = QAccessible.queryAccessibleInterface(window.board)
    dealer = window.presenter.model.dealer
    crib = "your crib" if dealer == window.presenter.model.my_seat else "Random's crib"
    assert board.text(QAccessible.Text.Description) == f"You 0, Random 0, {crib}"
    assert board.text(NAME).startswith("Cribbage board")
    plates = [board.child(i).text(NAME) for i in range(board.childCount())]
    assert len(plates) == 2 and plates[0].startswith(window.board.names[0] + ": 0 points")


def test_every_announcement_is_sent_to_the_screen_reader(qtbot, make_window):
    window = make_window()
    spoken = []
    accessibility.signals.announced.connect(spoken.append)
    try:
        window.games.start_match("random", seed=11)
        qtbot.waitUntil(lambda: window.playing.obs is not None, timeout=TIMEOUT)
        assert any(s.startswith("Choose two cards") for s in spoken)  # whose turn
        hand = window.table.hand_order()
        for card in hand[:3]:  # a third card is refused, and the refusal said
            click_card(qtbot, window, card)
        assert any(s.startswith("Two cards only") for s in spoken)
        qtbot.waitUntil(lambda: f"{card_words(hand[1])} chosen" in spoken, timeout=TIMEOUT)
        assert f"{card_words(hand[2])} chosen" not in spoken  # the refused third
        window.table.setFocus()
        qtbot.keyClick(window.table, Qt.Key.Key_Home)
        qtbot.keyClick(window.table, Qt.Key.Key_Space)  # the first again: put back
        qtbot.waitUntil(lambda: f"{card_words(hand[0])} put back" in spoken, timeout=TIMEOUT)
        window.table.announce("Expert: fifteen for 2")  # what the table shows, it says
        assert spoken[-1] == "Expert: fifteen for 2"
        count = len(spoken)
        window.table.announce("")  # a banner cleared says nothing
        assert len(spoken) == count
    finally:
        accessibility.signals.announced.disconnect(spoken.append)


def test_a_play_and_a_go_are_spoken(qtbot, make_window):
    from tests.gui.helpers import take_turn

    window = make_window()
    spoken = []
    accessibility.signals.announced.connect(spoken.append)
    try:
        window.games.start_match("random", seed=5)
        while window.presenter.model.deal < 2 and take_turn(qtbot, window):
            pass
        log = [e.text for e in window.presenter.model.log if e.kind == "play"]
        assert log and set(log) <= set(spoken)  # every card played, as the log says it
        assert any(s.endswith(": go") for s in spoken) or not any(
            e.kind == "go" for e in window.presenter.model.log)
    finally:
        accessibility.signals.announced.disconnect(spoken.append)


def test_an_announcement_is_a_qt_accessible_event(qtbot, monkeypatch):
    """:func:`accessibility.announce` hands Qt an announcement event with the text (and
    nothing for a blank text)."""
    sent = []
    monkeypatch.setattr(accessibility.QAccessible, "updateAccessibility",
                        lambda event: sent.append((event.type(), event.message(),
                                                   event.politeness())))
    widget = QWidget()
    qtbot.addWidget(widget)
    accessibility.announce(widget, "  Expert:\n go ")
    accessibility.announce(widget, "Two cards only", assertive=True)
    accessibility.announce(widget, "   ")
    polite, assertive = QAccessible.AnnouncementPoliteness.Polite, \
        QAccessible.AnnouncementPoliteness.Assertive
    assert sent == [(QAccessible.Event.Announcement, "Expert: go", polite),
                    (QAccessible.Event.Announcement, "Two cards only", assertive)]
    assert QApplication.instance() is not None


def test_a_change_of_score_is_sent_from_the_board(qtbot, monkeypatch):
    from cribbage_gui.table.board import BoardWidget

    sent = []
    monkeypatch.setattr(accessibility.QAccessible, "updateAccessibility",
                        lambda event: sent.append((event.type(), event.value())))
    board = BoardWidget()
    qtbot.addWidget(board)
    board.set_names(("You", "Expert"))
    assert accessibility.board_changed(board)
    assert not accessibility.board_changed(board)  # nothing new: nothing sent
    board.peg_to(1, 12)
    board.set_dealer(1)
    assert accessibility.board_changed(board)
    assert sent[-1] == (QAccessible.Event.ValueChanged, "You 0, Expert 12, Expert's crib")
    assert len(sent) == 2


def test_a_refusal_leaves_the_status_line_once_the_game_moves_on(qtbot, make_window):
    """Regression (issue 38): "Two cards only…" stayed in the status line into the play."""
    window = make_window()
    window.games.start_match("random", seed=11)
    qtbot.waitUntil(lambda: window.playing.obs is not None, timeout=TIMEOUT)
    hand = window.table.hand_order()
    for card in hand[:3]:
        click_card(qtbot, window, card)
    status = window.statusBar()
    assert status.currentMessage().startswith("Two cards only")
    click_card(qtbot, window, hand[0])  # back to one: the refusal stays while discarding
    assert status.currentMessage().startswith("Two cards only")
    click_card(qtbot, window, hand[2])
    qtbot.mouseClick(window.game_bar.throw_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.playing.obs is not None
                    and window.playing.obs.phase is Phase.PLAY, timeout=TIMEOUT)
    assert not status.currentMessage().startswith("Two cards only")
