"""Two people at one computer (pass and play), through the real window with clicks: the
"pass to" cover at every change of the seat to decide, with no face-up card of either hand
while it is up; each person's view shows only their own hand; the hint and the inspector off
unless both allowed them; the history keeps both names; a game saved mid-way resumes."""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtCore import Qt

from cribbage_gui.app.settings import Settings
from cribbage_gui.dialogs.dialogs import NewGameDialog
from cribbage_gui.table import saving
from cribbage_gui.table.controller import TWO_PLAYERS
from engine import Phase
from engine.cards import card_label, card_words
from engine.events import Dealt, Played, Show
from tests.gui.helpers import TIMEOUT, click_card, my_hand

NAMES = ("Ann", "Bob")


def _shown_cards(game) -> set[int]:
    """Cards of this deal the table has shown both people: played, or laid out in the
    show, and the starter."""
    cards: set[int] = set()
    for event in reversed(game.events):
        if type(event).__name__ == "Dealt":
            break
        if isinstance(event, Show):
            cards |= set(event.cards) | {event.starter}
        elif isinstance(event, Played) or type(event).__name__ == "StarterCut":
            cards.add(event.card)
    return cards


def _secret(game, seat: int) -> set[int]:
    """``seat``'s cards the other person has not been shown: held, or thrown to the crib."""
    return (set(game.hands[seat]) | set(game.tosses[seat] or ())) - _shown_cards(game)


def _face_up(window) -> set[int]:
    """Every card drawn face up on the table now."""
    return {item.card for item in window.table.card_items.values()
            if item.face_up and item.card is not None and item.isVisible()}


def _deal_lines(window) -> str:
    text = window.log.text()
    return text[text.rfind("Deal "):]


def _wait(qtbot, window) -> None:
    p = window.playing
    qtbot.waitUntil(lambda: p.obs is not None or p.cover.covering
                    or window.game_bar.continue_button.isVisible()
                    or window.presenter.model.game_over is not None, timeout=TIMEOUT)


class Referee:
    """Plays a two-person game through the window's widgets and checks, at every moment a
    person could look, that nobody sees what is not theirs."""

    def __init__(self, qtbot, window) -> None:
        self.qtbot, self.window = qtbot, window
        self.viewer: int | None = None  # to whom the screen was last handed
        self.covers = 0
        self.seat_changes = 0
        self.last_seat: int | None = None
        self.turns = {0: 0, 1: 0}
        self.events = 0
        window.presenter.shown.connect(self._shown)
        self.counts: list[int] = []  # the seats that counted by hand, in order

    def _shown(self, event) -> None:
        """After every event the table shows: the hand of the person who does not have the
        screen is never face up; after a deal (both may have watched the show) neither."""
        model = self.window.presenter.model
        if model is None or not model.pass_and_play:
            return
        self.events += 1
        face_up = _face_up(self.window)
        assert not (face_up & set(model.hands[1 - model.my_seat]))
        if isinstance(event, Dealt) or model.covered:
            assert not (face_up & (set(model.hands[0]) | set(model.hands[1])))

    def step(self) -> bool:
        """One moment of the game; False once it is over."""
        qtbot, window = self.qtbot, self.window
        p = window.playing
        _wait(qtbot, window)
        game = p.controller.game
        if p.cover.covering:
            pending = p._handover
            assert pending is not None
            hidden = _secret(game, 0) | _secret(game, 1)
            assert not (_face_up(window) & hidden), "a hand shows behind the cover"
            assert window.table.hand_order() == []
            spoken = " | ".join(_accessible_texts(window.table))  # a screen reader's view
            assert "hidden until the screen is passed" in spoken
            assert not [c for c in hidden if card_words(c) in spoken], spoken
            assert NAMES[pending.seat] in p.cover.title.text()
            assert not window.game_bar.throw_button.isVisible()
            self.covers += 1
            qtbot.mouseClick(p.cover.button, Qt.MouseButton.LeftButton)
            self.viewer = pending.seat
            return True
        if window.game_bar.continue_button.isVisible():
            qtbot.mouseClick(window.game_bar.continue_button, Qt.MouseButton.LeftButton)
            return True
        obs = p.obs
        if obs is None:
            return window.presenter.model.game_over is None
        me, other = obs.seat, 1 - obs.seat
        # the person deciding is the one the screen was handed to, through the cover
        assert obs.seat == self.viewer
        if self.last_seat is not None and self.last_seat != obs.seat:
            self.seat_changes += 1
        self.last_seat = obs.seat
        self.turns[me] += 1
        face_up = _face_up(window)
        assert not (face_up & _secret(game, other)), "the other hand is face up"
        assert set(my_hand(window)) == set(game.hands[me])
        assert set(game.hands[me]) <= face_up  # their own hand, face up
        lines = _deal_lines(window)
        assert not [c for c in _secret(game, other) | (set(game.tosses[me] or ()) -
                                                       _shown_cards(game))
                    if card_label(c) in lines], lines
        if obs.phase is Phase.DISCARD:
            assert not window.game_bar.hint_button.isEnabled() or p.assisted
            for card in my_hand(window)[:2]:
                click_card(qtbot, window, card)
            qtbot.mouseClick(window.game_bar.throw_button, Qt.MouseButton.LeftButton)
        elif obs.phase is Phase.PLAY:
            click_card(qtbot, window, obs.legal_cards[0])
        elif obs.phase is Phase.COUNT:
            assert window.game_bar.claim_button.isVisible()
            self.counts.append(me)
            window.game_bar.claim_spin.setValue(0)  # an under-claim is allowed
            qtbot.mouseClick(window.game_bar.claim_button, Qt.MouseButton.LeftButton)
        else:
            raise AssertionError(f"unexpected phase {obs.phase}")
        return True


def _start(window, assist=False, seed=5):
    window.games.start_match(TWO_PLAYERS, seed=seed, people=NAMES, assist=assist)
    assert window.playing.two_players


def _accessible_texts(widget) -> list[str]:
    """The names and descriptions a screen reader finds under ``widget``."""
    from PySide6.QtGui import QAccessible

    found, todo = [], [QAccessible.queryAccessibleInterface(widget)]
    while todo:
        iface = todo.pop()
        found += [iface.text(QAccessible.Text.Name), iface.text(QAccessible.Text.Description)]
        todo += [iface.child(i) for i in range(iface.childCount())]
    return found


def test_a_whole_game_between_two_people_hides_each_hand_from_the_other(qtbot, make_window):
    window = make_window()
    _start(window)
    assert window.presenter.model.names == NAMES
    assert "Ann v Bob" in window.game_bar.match_label.text()
    referee = Referee(qtbot, window)
    steps = 0
    while referee.step():
        steps += 1
        assert steps < 3000
    over = window.presenter.model.game_over
    assert over is not None and over.winner in (0, 1)
    assert referee.turns[0] > 4 and referee.turns[1] > 4  # both people played
    assert referee.seat_changes > 4
    assert referee.covers >= referee.seat_changes + 1  # every change, and the first turn
    assert referee.events > 100
    assert not window.playing.cover.covering
    # nothing of either person's decisions reached the panels: no ratings, no "computer"
    assert window.playing.ratings == []
    assert window.reasoning.computer.decisions.count() == 0
    # the history keeps both names, and the game is nobody's win against the computer
    history = window.history
    row = history.games()[0]
    assert row["two_players"] and row["players"] == NAMES
    assert history.two_player_games()[0]["winner"] == over.winner
    assert history.two_player_games()[0]["players"] == NAMES
    assert history.totals()["games"] == 0 and history.by_opponent() == []
    assert history.win_history() == []
    assert history.game_file(row["id"]).players == NAMES
    # the Statistics window lists it with both names and who won, apart from the figures
    from cribbage_gui.windows.statistics import StatisticsWindow

    stats = StatisticsWindow(history)
    qtbot.addWidget(stats)
    table = stats.games_table
    assert table.item(0, 1).text() == "Ann v Bob (at this screen)"
    assert table.item(0, 2).text().startswith(f"{NAMES[over.winner]} won")
    assert table.item(0, 3).text() == f"{over.scores[0]}–{over.scores[1]}"
    assert stats.summary.text() == "No games against the computer yet."
    assert stats.two_players.text().startswith("1 game between two players")
    # the finished game opens for review, both hands face up as at the end of any game
    review = window.reviews.review_game()
    assert review is not None and review.file.players == NAMES


def test_the_cover_is_lifted_from_the_keyboard(qtbot, make_window):
    window = make_window()
    _start(window)
    p = window.playing
    qtbot.waitUntil(lambda: p.cover.covering, timeout=TIMEOUT)
    assert p.cover.accessibleName() == f"Pass to {NAMES[p._handover.seat]}"
    qtbot.keyClick(p.cover.button, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: p.obs is not None, timeout=TIMEOUT)
    assert not p.cover.covering and window.table.hand_order()


def test_a_match_between_two_people_is_scored_by_name_without_undo(qtbot, make_window):
    window = make_window()
    window.games.start_match(TWO_PLAYERS, seed=2, length=3, people=NAMES)
    p = window.playing
    assert p.setup.opponent == TWO_PLAYERS and not p.setup.undo and not p.can_undo
    assert p.match_line() == "Best of 3: Ann 0 – Bob 0 (match points 0 – 0)"
    following = p.next_save(winner=1)
    assert following is not None and following.setup.people == NAMES
    assert following.setup.first_dealer == 0  # the loser deals the next game
    assert saving.decode(saving.encode(following)).setup == following.setup


def test_counting_by_hand_hands_the_screen_to_each_counter(qtbot, make_window):
    window = make_window(manual_count=True)
    _start(window, seed=8)
    referee = Referee(qtbot, window)
    while len(referee.counts) < 2:
        assert referee.step()
    assert sorted(referee.counts) == [0, 1]  # both counted, each after the cover
    assert window.presenter.model.game_over is None


def test_the_hint_and_the_inspector_are_off_unless_both_allowed_them(qtbot, make_window):
    window = make_window()
    _start(window, assist=False)
    p = window.playing
    _wait(qtbot, window)
    assert p.cover.covering
    qtbot.mouseClick(p.cover.button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: p.obs is not None, timeout=TIMEOUT)
    assert p.obs.phase is Phase.DISCARD
    assert not p.assisted and not window.game_bar.hint_button.isEnabled()
    window.game_bar.hint_button.click()  # even if it were pressed
    qtbot.keyClick(window, Qt.Key.Key_H)
    assert window.table.selected == set() and not window.table.announcement.text
    assert window.reasoning.discard.advice is None  # the inspector shows nothing

    window.games.start_match(TWO_PLAYERS, seed=5, people=NAMES, assist=True)
    _wait(qtbot, window)
    qtbot.mouseClick(p.cover.button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: p.obs is not None, timeout=TIMEOUT)
    assert p.assisted and window.game_bar.hint_button.isEnabled()
    obs = p.obs
    qtbot.waitUntil(lambda: window.reasoning.discard.advice is not None, timeout=TIMEOUT)
    qtbot.mouseClick(window.game_bar.hint_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(window.table.selected) == 2, timeout=TIMEOUT)
    assert window.table.selected <= set(obs.hand)
    assert window.table.announcement.text.startswith("Hint: throw")
    # the hint's two are thrown; at the cover for the other person, the inspector empties
    qtbot.mouseClick(window.game_bar.throw_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: p.cover.covering, timeout=TIMEOUT)
    assert window.reasoning.discard.advice is None
    assert window.statusBar().currentMessage() == ""
    assert not window.table.announcement.text  # "Hint: throw …" named Ann's cards


def test_the_new_game_dialog_offers_two_players_and_remembers_their_names(qtbot, tmp_path):
    settings = Settings(player1="Cat", player2="Dan")
    dialog = NewGameDialog(settings)
    qtbot.addWidget(dialog)
    assert not dialog.names[0].isVisibleTo(dialog)  # a computer opponent: no names
    dialog.opponent.setCurrentIndex(dialog.opponent.findData(TWO_PLAYERS))
    assert dialog.names[0].isVisibleTo(dialog)
    assert [e.text() for e in dialog.names] == ["Cat", "Dan"]
    dialog.names[1].setText("  Eve\x07 ")
    dialog.agrees[0].setChecked(True)
    choice = dialog.choice()
    assert choice.opponent == TWO_PLAYERS and choice.people == ("Cat", "Eve")
    assert not choice.assist  # one of the two allowed it: not enough
    dialog.agrees[1].setChecked(True)
    assert dialog.choice().assist
    dialog.names[0].setText("")
    dialog.names[1].setText("")
    assert dialog.choice().people == ("Player 1", "Player 2")
    dialog.names[0].setText("Ann")
    dialog.names[1].setText("ann")  # the table must tell them apart
    assert dialog.choice().people == ("Ann (1)", "ann (2)")


def test_the_names_are_kept_in_the_settings(qtbot, make_window, monkeypatch):
    from cribbage_gui.dialogs.dialogs import NewGame

    window = make_window()
    monkeypatch.setattr(window.dialogs, "new_game",
                        lambda _s: NewGame(TWO_PLAYERS, 3, 1, ("Fay", "Gus"), False))
    window.games.new_game_dialog()
    assert window.playing.setup.people == ("Fay", "Gus")
    assert window.settings.opponent != TWO_PLAYERS  # the computer opponent is kept
    again = Settings.load(window.qsettings)
    assert (again.player1, again.player2) == ("Fay", "Gus")


def test_a_game_saved_mid_way_resumes_behind_the_cover(qtbot, make_window, tmp_path):
    window = make_window()
    _start(window, seed=11)
    referee = Referee(qtbot, window)
    while referee.turns[0] + referee.turns[1] < 7:
        assert referee.step()
    _wait(qtbot, window)
    # what a kill -9 would leave: the save written after the last action
    crash = tmp_path / "crash"
    crash.mkdir()
    shutil.copy(tmp_path / saving.SAVE_NAME, crash / saving.SAVE_NAME)
    saved = saving.SaveStore(crash).read()
    assert saved.setup.people == NAMES and saved.setup.opponent == TWO_PLAYERS
    assert not saved.setup.undo
    actions = len(saved.game.actions)
    window.close()

    from cribbage_gui.windows.main_window import MainWindow
    from tests.gui.conftest import make_settings

    again = MainWindow(data_dir=crash, qsettings=make_settings(crash))
    qtbot.addWidget(again)
    again.show()
    try:
        summaries = []
        again.games.startup(ask=lambda summary: summaries.append(summary) or True)
        assert summaries and summaries[0].startswith("The game between Ann and Bob: Ann ")
        assert again.playing.two_players and again.presenter.model.names == NAMES
        assert len(again.playing.controller.game.actions) == actions
        _wait(qtbot, again)
        assert again.playing.cover.covering  # nobody's hand shows on opening
        resumed = Referee(qtbot, again)
        steps = 0
        while resumed.step():
            steps += 1
            assert steps < 3000
        assert again.history.games()[0]["players"] == NAMES
    finally:
        again.close()
        assert not again.playing.controller.running


@pytest.mark.parametrize("moment, deal", [("discard", 2), ("play", 1)])
def test_kill_9_mid_game_resumes_the_same_game_behind_the_cover(qtbot, make_window, tmp_path,
                                                                 moment, deal):
    """A real window playing a game between two people is killed (kill -9); the next start
    holds the very same game and play-by-play, and shows no hand until one is passed to."""
    import signal

    from tests.gui.autoplay import digest, log_digest
    from tests.gui.test_kill_and_resume import _autoplay, _read_until

    child = _autoplay(tmp_path, "13", "--two", "--stop", moment, "--deal", str(deal))
    ready, _lines = _read_until(child, "READY")
    child.send_signal(signal.SIGKILL)
    child.wait(10)
    _, state, log = ready.split()
    window = make_window()
    window.games.startup(ask=lambda _summary: True)
    p = window.playing
    qtbot.waitUntil(lambda: p.cover.covering, timeout=TIMEOUT)
    assert p.obs is None and window.table.hand_order() == []
    game = p.controller.game
    assert not (_face_up(window) & (_secret(game, 0) | _secret(game, 1)))
    pending = p._handover
    assert NAMES[pending.seat] in p.cover.title.text()
    qtbot.mouseClick(p.cover.button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: p.obs is not None, timeout=TIMEOUT)
    resumed = saving.SavedGame(p.setup, game, p.controller.random_states(), p.series,
                               p.undo_used)
    assert digest(saving.encode(resumed)) == state
    assert log_digest(window) == log
    assert set(game.hands[pending.seat]) <= _face_up(window)
    assert not (_face_up(window) & _secret(game, 1 - pending.seat))


def test_a_save_naming_people_is_checked(tmp_path):
    from engine.errors import RecordError

    data = _a_save(tmp_path)
    for bad in ({"people": ["Ann"]}, {"people": ["Ann", "x" * 200]},
                {"people": [], "opponent": TWO_PLAYERS},
                {"people": ["Ann", "Bob"], "opponent": "random"}):
        broken = {**data, "setup": {**data["setup"], **bad}}
        try:
            saving.decode(broken)
        except RecordError:
            continue
        raise AssertionError(f"accepted {bad}")
    good = {**data, "setup": {**data["setup"], "people": ["A\x1bnn", "Bob"],
                              "opponent": TWO_PLAYERS}}
    assert saving.decode(good).setup.people == ("Ann", "Bob")


def _a_save(tmp_path) -> dict:
    from ai.match.series import Series
    from cribbage_gui.table.controller import GameSetup
    from cribbage_gui.table.game import fresh_save

    setup = GameSetup(opponent="random", seed=4)
    return saving.encode(fresh_save(setup, Series(1)))
