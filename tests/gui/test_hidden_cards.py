"""One rule on every path that can show a game: the computer's cards are shown only once the
table has shown them, unless the game is over (the table and its log, undo, a game saved as
a file and opened again, the review window, `cribbage review`)."""

from __future__ import annotations

import json

from ai import gamefile
from cribbage_gui.review_window import BOTH, ReviewWindow
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
    window.start_match("random", seed=23)
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


def test_an_unfinished_game_saved_as_a_file_opens_as_the_person_saw_it(qtbot, make_window,
                                                                        tmp_path, capsys):
    window = make_window()
    window.start_match("random", seed=19)
    for _ in range(10):
        take_turn(qtbot, window)
    wait_for_input(qtbot, window)
    assert window.save_game_file(tmp_path / "unfinished")
    path = tmp_path / f"unfinished{gamefile.SUFFIX}"
    me = window.playing.setup.human_seat
    opened = window.open_game_file(path)
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
