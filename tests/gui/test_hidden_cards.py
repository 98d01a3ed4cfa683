"""One rule on every path that can show a game: the computer's cards are shown only once the
table has shown them, unless the game is over (the table and its log, undo, a game saved as
a file and opened again, the review window, `cribbage review`)."""

from __future__ import annotations

import json

from cribbage_gui.services import gamefile
from cribbage_gui.windows.review_window import BOTH, ReviewWindow
from engine.cards import card_label
from engine.events import Show
from tests.gui.helpers import take_turn, wait_for_input

REVIEW_TIMEOUT = 120_000


def _shown_cards(game) -> set[int]:
    """Cards of this deal shown at the table: played, or laid out in the show."""
    cards: set[int] = set()
    for event in reversed(game.events):
        if type(event).__name__ == "Dealt":
            break
        if isinstance(event, Show):
            cards |= set(event.cards)
        elif type(event).__name__ == "Played":
            cards.add(event.card)
    return cards


def _deal_lines(window) -> str:
    """The play-by-play of the current deal, as the panel shows it."""
    text = window.log.text()
    return text[text.rfind("Deal "):]


def test_the_table_and_its_log_never_show_a_card_before_the_table_does(qtbot, make_window):
    window = make_window()
    window.games.start_match("random", seed=23)
    opponent = 1 - window.playing.setup.human_seat
    checked = undone = 0
    while checked < 25:
        wait_for_input(qtbot, window)
        game = window.playing.controller.game
        if window.playing.obs is not None:
            hidden = (set(game.hands[opponent]) | set(game.tosses[opponent] or ())) \
                - _shown_cards(game)
            lines = _deal_lines(window)
            assert not [c for c in hidden if card_label(c) in lines], lines
            model = window.presenter.model
            assert model.hands[opponent] == []  # face down on the table
            checked += 1
            if checked == 6 and window.playing.can_undo:  # undo shows nothing more
                assert window.playing.undo()
                undone += 1
                continue
        take_turn(qtbot, window)
    assert undone == 1


def test_between_two_people_no_panel_or_file_shows_a_hand_the_table_hides(qtbot,
                                                                           make_window):
    """Two people at one screen: at every moment either could look (each one's turn and
    every "pass to" cover), no hidden card of either hand is in the log, the status line,
    the inspector or the Computer panel, or on any card's tooltip; the game cannot be
    saved as a file before it is over."""
    from cribbage_gui.table.controller import TWO_PLAYERS
    from tests.gui.test_pass_and_play import NAMES, Referee, _secret, _wait

    window = make_window()
    window.games.start_match(TWO_PLAYERS, seed=29, people=NAMES)
    referee = Referee(qtbot, window)  # checks the table itself at every moment
    moments = 0
    while moments < 40 and referee.step():
        _wait(qtbot, window)
        if window.playing.obs is None and not window.playing.cover.covering:
            continue  # the show, or the game's end: the worker may be a deal ahead
        moments += 1
        game = window.playing.controller.game
        hidden = _secret(game, 0) | _secret(game, 1)
        if window.playing.obs is not None:  # the person's own hand is theirs to see
            hidden -= set(game.hands[window.playing.obs.seat])
        texts = [_deal_lines(window), window.statusBar().currentMessage(),
                 window.reasoning.discard.title.text(), window.reasoning.computer.text.text(),
                 *(item.toolTip() for item in window.table.card_items.values())]
        leaked = [card_label(c) for c in hidden if any(card_label(c) in t for t in texts)]
        assert not leaked, texts
        assert window.reasoning.computer.decisions.count() == 0
    assert referee.covers >= 4
    assert window.files.current_game_file()[0] is None
    assert not window.files.save_game_file(window.data_dir / "not-yet")
    assert "two players" in window.messages[-1]


def test_an_unfinished_game_saved_as_a_file_opens_as_the_person_saw_it(qtbot, make_window,
                                                                        tmp_path, capsys):
    window = make_window()
    window.games.start_match("random", seed=19)
    for _ in range(10):
        take_turn(qtbot, window)
    wait_for_input(qtbot, window)
    assert window.files.save_game_file(tmp_path / "unfinished")
    path = tmp_path / f"unfinished{gamefile.SUFFIX}"
    me = window.playing.setup.human_seat
    opened = window.files.open_game_file(path)
    assert isinstance(opened, ReviewWindow)
    assert opened.view == me and not opened.view_box.isEnabled()
    opened.set_view(BOTH)  # refused while the game is not over
    assert opened.view == me
    for position in range(len(opened.events)):
        opened.go_to(position)
        model = opened._model
        shown = any(isinstance(e, Show) and e.seat == 1 - me and e.what == "hand"
                    for e in opened.events[:position + 1]) and model.show is not None
        assert model.hands[1 - me] == [] or shown
    qtbot.waitUntil(lambda: opened.review is not None, timeout=REVIEW_TIMEOUT)
    assert {d.seat for d in opened.review.decisions} == {me}
    assert opened.summary_table.rowCount() == 1
    # the command line keeps the same rule
    from cribbage_gui.cli import main

    assert main(["review", str(path), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["rated_seats"] == [me]
    assert {d["seat"] for d in printed["decisions"]} == {me}
    assert main(["review", str(path)]) == 0
    assert "decisions are not shown" in capsys.readouterr().out
    opened.close()
