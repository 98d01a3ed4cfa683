"""The main window, driven through its widgets with pytest-qt."""

import json

import pytest
from PySide6.QtCore import Qt

from ai import available_players, make_player
from cribbage_gui.app import theme
from cribbage_gui.app.texts import player_title
from cribbage_gui.table.saving import HISTORY_NAME, SAVE_NAME
from engine import Phase, score_breakdown
from engine.events import Claimed, GameOver, Played, Scored
from engine.scoring import count_aloud
from tests.gui.helpers import (
    TIMEOUT,
    click_card,
    my_hand,
    play_to_the_end,
    take_turn,
    wait_for_input,
)


def test_a_whole_game_against_random_through_the_widgets(qtbot, make_window):
    window = make_window()
    window.games.start_match("random", seed=11)
    over = play_to_the_end(qtbot, window)
    assert isinstance(over, GameOver)
    game = window.playing.controller.game
    assert game.is_over and tuple(game.scores) == over.scores
    assert tuple(window.board.scores) == over.scores
    assert window.history.totals()["games"] == 1
    assert not (window.data_dir / SAVE_NAME).exists()
    assert any("121" in m for m in window.messages)


def test_the_show_says_what_the_engine_counts(qtbot, make_window):
    window = make_window()
    window.games.start_match("heuristic", seed=4)
    checked = 0
    while checked < 3:
        wait_for_input(qtbot, window)
        if window.game_bar.continue_button.isVisible():
            show = window.presenter.model.show
            items = score_breakdown(show.cards, show.starter, is_crib=show.what == "crib")
            assert window.table.show_words.text == count_aloud(items)
            assert show.points == sum(i.points for i in items)
            checked += 1
        take_turn(qtbot, window)


def test_illegal_clicks_are_refused_and_change_nothing(qtbot, make_window):
    window = make_window()
    window.games.start_match("random", seed=21)
    # reach the play with a card that does not fit, or play on until one appears
    for _ in range(400):
        wait_for_input(qtbot, window)
        obs = window.playing.obs
        if obs is not None and obs.phase is Phase.PLAY:
            bad = [c for c in obs.hand if c not in obs.legal_cards]
            if bad:
                before = window.playing.controller.game.snapshot()
                click_card(qtbot, window, bad[0])
                assert window.messages[-1].startswith("That would make ")
                assert window.playing.obs is obs  # still waiting for a legal card
                assert window.playing.controller.game.snapshot() == before
                return
        take_turn(qtbot, window)
    raise AssertionError("no unplayable card came up in 400 turns")


def test_discard_needs_exactly_two(qtbot, make_window):
    window = make_window()
    window.games.start_match("random", seed=2)
    wait_for_input(qtbot, window)
    hand = my_hand(window)
    click_card(qtbot, window, hand[0])
    assert not window.game_bar.throw_button.isEnabled()
    click_card(qtbot, window, hand[1])
    click_card(qtbot, window, hand[2])
    assert window.messages[-1].startswith("Two cards only")
    assert window.table.selected == {hand[0], hand[1]}
    click_card(qtbot, window, hand[1])  # put one back
    assert window.table.selected == {hand[0]}
    click_card(qtbot, window, hand[3], double=True)  # double-click throws the pair
    qtbot.waitUntil(lambda: window.playing.controller.game.tosses[0] is not None, timeout=5000)
    assert set(window.playing.controller.game.tosses[0]) == {hand[0], hand[3]}


def test_keyboard_selects_and_throws(qtbot, make_window):
    window = make_window()
    window.games.start_match("random", seed=5)
    wait_for_input(qtbot, window)
    hand = window.table.hand_order()  # the keys count the cards as drawn, left to right
    qtbot.keyClick(window, Qt.Key.Key_2)
    qtbot.keyClick(window, Qt.Key.Key_5)
    assert window.table.selected == {hand[1], hand[4]}
    qtbot.keyClick(window, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.playing.controller.game.tosses[0] is not None, timeout=5000)
    assert set(window.playing.controller.game.tosses[0]) == {hand[1], hand[4]}


def test_hint_suggests_the_strongest_players_choice(qtbot, make_window):
    window = make_window()
    window.games.start_match("random", seed=8)
    wait_for_input(qtbot, window)
    obs = window.playing.obs
    qtbot.mouseClick(window.game_bar.hint_button, Qt.MouseButton.LeftButton)
    expected = make_player(available_players()[-1].name, seed=0).decide(obs).action
    qtbot.waitUntil(lambda: window.table.selected == set(expected.cards), timeout=5000)
    assert window.game_bar.throw_button.isEnabled()


def test_the_status_line_drops_a_hint_once_it_is_followed(qtbot, make_window):
    """Regression: "Hint: throw ..." stayed in the status line through the play and the
    show; it goes when the person moves (it stays in the log), and a finished game's result
    goes when the next game's cut is on the table."""
    window = make_window()
    window.games.start_match("random", seed=8)
    wait_for_input(qtbot, window)
    qtbot.mouseClick(window.game_bar.hint_button, Qt.MouseButton.LeftButton)
    status = window.statusBar()
    qtbot.waitUntil(lambda: status.currentMessage().startswith("Hint: throw"), timeout=5000)
    hint = status.currentMessage()  # "Hint: throw A and B — keeps ...", no nested brackets
    assert " — keeps " in hint and "((" not in hint.replace(" ", "")
    qtbot.mouseClick(window.game_bar.throw_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: status.currentMessage() == "", timeout=5000)
    assert window.messages[-1].startswith("Hint: throw")
    window.tell("Random wins 121-99.")
    window.games.start_match("random", seed=9)
    qtbot.waitUntil(lambda: status.currentMessage() == "", timeout=5000)


def test_saving_on_close_and_resuming_restores_the_exact_state(qtbot, make_window):
    first = make_window()
    first.games.start_match("mueller", seed=31)
    for _ in range(12):
        take_turn(qtbot, first)
    wait_for_input(qtbot, first)
    snapshot = first.playing.controller.game.snapshot()
    first.close()
    saved = json.loads((first.data_dir / SAVE_NAME).read_text())
    assert saved["setup"]["opponent"] == "mueller"
    second = make_window()
    summary = second.saved.saved_game_summary()
    assert summary and "Mueller" in summary
    second.games.startup(ask=lambda text: True)
    assert second.playing.controller.game.snapshot() == snapshot
    assert tuple(second.board.scores) == tuple(snapshot["scores"])
    over = play_to_the_end(qtbot, second)
    assert isinstance(over, GameOver)


def test_a_corrupt_save_is_set_aside_and_the_app_still_starts(qtbot, make_window, tmp_path):
    (tmp_path / SAVE_NAME).write_text("{ this is not a game")
    window = make_window()
    window.games.startup(ask=lambda text: True)
    assert any("set aside" in m for m in window.messages)
    assert not (tmp_path / SAVE_NAME).exists()
    assert list(tmp_path.glob("current_game.corrupt-*.json"))
    qtbot.waitUntil(lambda: window.playing.obs is not None, timeout=10_000)  # a new game began


def test_a_tampered_save_is_refused(qtbot, make_window, tmp_path):
    first = make_window()
    first.games.start_match("random", seed=3)
    for _ in range(6):
        take_turn(qtbot, first)
    first.close()
    data = json.loads((tmp_path / SAVE_NAME).read_text())
    data["game"]["actions"][0][2] = ["AS", "AC"]
    (tmp_path / SAVE_NAME).write_text(json.dumps(data))
    second = make_window()
    assert second.saved.saved_game_summary() is None
    assert any("could not be read" in m for m in second.messages)


def test_a_corrupt_history_is_set_aside(qtbot, make_window, tmp_path):
    (tmp_path / HISTORY_NAME).write_bytes(b"definitely not sqlite" * 100)
    window = make_window()
    assert any("history was damaged" in m and "set aside" in m for m in window.messages)
    assert list(tmp_path.glob("history.corrupt-*.sqlite3"))
    assert window.history.totals()["games"] == 0


def test_manual_counting_with_muggins(qtbot, make_window):
    window = make_window(manual_count=True, muggins=True)
    window.games.start_match("heuristic", seed=12)
    while True:
        wait_for_input(qtbot, window)
        obs = window.playing.obs
        if obs is not None and obs.phase is Phase.COUNT:
            break
        take_turn(qtbot, window)
    assert window.game_bar.claim_button.isVisible() and not window.game_bar.throw_button.isVisible()
    seat, what, cards = obs.show
    actual = sum(i.points for i in score_breakdown(cards, obs.starter, is_crib=what == "crib"))
    game = window.playing.controller.game
    claims = sum(isinstance(e, Claimed) for e in game.events)
    window.game_bar.claim_spin.setValue(0)  # claim nothing: muggins gives it all away
    qtbot.mouseClick(window.game_bar.claim_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: sum(isinstance(e, Claimed) for e in game.events) > claims,
                    timeout=5000)
    at = max(i for i, e in enumerate(game.events) if isinstance(e, Claimed))
    claimed = game.events[at]
    assert (claimed.seat, claimed.claimed, claimed.actual) == (seat, 0, actual)
    scored = [e for e in game.events[at:] if isinstance(e, Scored)]
    assert (scored[0].seat, scored[0].points) == (seat, 0)
    if actual:
        assert (scored[1].seat, scored[1].source, scored[1].points) == \
            (1 - seat, "muggins", actual)


def test_match_play_best_of_three(qtbot, make_window):
    window = make_window()
    window.games.start_match("random", seed=9, length=3)
    first = play_to_the_end(qtbot, window)
    assert "Next game" in window.dialogs.game_over_box.again_button.text()
    # at the game-over box the match is kept: its next game, not begun, is the save
    kept = window.saves.read()
    assert (kept.setup.index, len(kept.game.actions)) == (1, 0)
    assert kept.series.results == [(first.winner, first.skunk)]
    qtbot.mouseClick(window.dialogs.game_over_box.again_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.playing.setup.index == 1, timeout=5000)
    assert window.playing.setup.first_dealer == 1 - first.winner  # the loser deals first
    assert "Best of 3" in window.game_bar.match_label.text()
    # the play-by-play follows the new game (it kept game 1's lines)
    qtbot.waitUntil(lambda: window.playing.obs is not None, timeout=10_000)
    assert window.log.text().startswith("Game 2: You v Random")
    assert "Game 1" not in window.log.text()
    window.close()
    again = make_window()
    again.games.startup(ask=lambda summary: "game 2" in summary and "best of 3" in summary)
    assert again.playing.series.results == [(first.winner, first.skunk)]
    assert again.playing.setup.index == 1
    # a resumed game's play-by-play starts with its heading, then its deal
    lines = [entry.text for entry in again.presenter.model.log]
    assert lines[0] == "Game 2: You v Random" and lines[1].startswith("Deal 1")
    assert again.log.text().startswith("Game 2: You v Random")


def test_in_a_match_the_expert_plays_for_acc_points(qtbot, make_window):
    """A match is scored in ACC points (2 a win, 3 a skunk): the expert plays for them;
    a single game it plays to win. The Computer tab says which."""
    window = make_window(opponent="expert")
    window.games.start_match("expert", seed=9, length=3)
    seat = 1 - window.playing.setup.human_seat
    qtbot.waitUntil(lambda: window.playing.obs is not None, timeout=TIMEOUT)
    assert window.playing.setup.opponent == "expert:acc"
    assert window.playing.controller.players[seat].objective == "acc"
    assert window.presenter.model.names[seat] == "Expert (match)"
    assert player_title("expert:acc:deep") == "Expert (deep, match)"
    assert window.settings.opponent == "expert"  # the level chosen is unchanged
    tab = window.reasoning.computer
    tab.reveal.setChecked(True)
    qtbot.waitUntil(lambda: bool(tab.records), timeout=TIMEOUT)
    tab.decisions.setCurrentRow(0)
    assert tab.table.horizontalHeaderItem(2).text() == "ACC points"
    assert "ACC points net" in tab.text.text()
    window.games.start_match("expert", seed=9)
    qtbot.waitUntil(lambda: window.playing.obs is not None, timeout=TIMEOUT)
    assert window.playing.setup.opponent == "expert"
    assert window.playing.controller.players[seat].objective == "win"


def test_statistics_window_shows_the_history(qtbot, make_window):
    window = make_window()
    window.games.start_match("random", seed=11)
    play_to_the_end(qtbot, window)
    window.show_statistics()
    stats = window.dialogs.stats_window
    qtbot.addWidget(stats)
    assert stats.opponents.rowCount() == 1
    assert stats.opponents.item(0, 0).text() == "Random (Beginner)"  # a title, not a name
    assert stats.hand_counts.sum() >= 1
    assert stats.summary.text().startswith("1 game played")
    # your points a deal beside good players' (Chambers), totals added up
    per_deal = stats.per_deal
    assert [per_deal.item(r, 0).text() for r in range(4)] == [
        "As dealer", "As pone", "Typical dealer", "Typical pone"]
    dealer = stats.averages["dealer"]
    assert per_deal.item(0, 5).value == pytest.approx(
        dealer["pegging"] + dealer["hand"] + dealer["crib"])
    assert per_deal.item(2, 5).text() == "16.2" and per_deal.item(3, 5).text() == "10.1"
    assert per_deal.item(1, 4).text() == "—"  # the pone has no crib
    game = window.history.games()[0]  # the Games tab: the result in words, in its colour
    from cribbage_gui.windows.statistics import result_text

    result = stats.games_table.item(0, 2)
    assert result.text() == result_text(game) and result.text().startswith(
        "Won" if game["human_won"] else "Lost")
    assert result.foreground().color().name() == (
        theme.current().good if game["human_won"] else theme.current().bad)
    assert result_text({"human_won": True, "human_score": 121, "opponent_score": 60}) == \
        "Won, a double skunk"
    assert result_text({"human_won": False, "human_score": 90, "opponent_score": 121}) == \
        "Lost, a skunk"
    for table in (per_deal, stats.opponents):  # as tall as their rows: no scroll bar
        assert not table.verticalScrollBar().isVisible()
    from PySide6.QtWidgets import QDialogButtonBox

    close = stats.buttons.button(QDialogButtonBox.StandardButton.Close)
    qtbot.mouseClick(close, Qt.MouseButton.LeftButton)
    assert not stats.isVisible()


def test_settings_persist_and_bad_values_fall_back(qtbot, make_window, tmp_path):
    from PySide6.QtCore import QSettings

    from cribbage_gui.app.settings import Settings

    window = make_window(card_back="red", board_colour="ebony", speed="warp")
    assert window.settings.card_back == "red" and window.board.colour == "ebony"
    assert window.settings.speed == "normal"  # "warp" is not a speed
    window.settings.muggins = True
    window.settings.save(window.qsettings)
    again = Settings.load(QSettings(str(tmp_path / "settings.ini"),
                                    QSettings.Format.IniFormat))
    assert again.muggins and again.card_back == "red"


def test_new_game_dialog_lists_the_registry(qtbot, make_window):
    from ai import available_players, named_levels
    from cribbage_gui.dialogs.dialogs import NewGameDialog

    window = make_window()
    dialog = NewGameDialog(window.settings, window)
    qtbot.addWidget(dialog)
    names = [dialog.opponent.itemData(i) for i in range(dialog.opponent.count())]
    levels = [lv.player.name for lv in named_levels()]
    # the strongest last: the expert, deep; then two people at this computer
    assert names == levels + ["expert:deep", "human"]
    assert set(levels) == {p.name for p in available_players() if p.level}
    assert "expert-2026" not in names  # kept for measurements, not offered as a level
    assert "thinking longer" in dialog.opponent.itemText(len(levels))
    dialog.seed.setText("42")
    dialog.match.setCurrentIndex(2)
    assert dialog.choice()[1:] == (42, 5, (), False, "six-card", ())
    dialog.seed.setText("forty-two")
    dialog._accept()
    assert dialog.result() == 0  # refused: not a number


def test_manual_pegging_with_muggins_through_the_widgets(qtbot, make_window):
    from engine.pegging import peg_points

    window = make_window(manual_pegging=True, muggins=True)
    window.games.start_match("heuristic", seed=6)
    game = window.playing.controller.game
    assert game.manual_pegging == (True, False)
    missed = 0
    for _ in range(300):
        wait_for_input(qtbot, window)
        obs = window.playing.obs
        if obs is not None and obs.phase is Phase.PEG:
            bar = window.game_bar
            assert bar.claim_button.isVisible() and bar.claim_button.text() == "Peg"
            assert bar.claim_spin.prefix() == "Peg: " and bar.claim_spin.hasFocus()
            assert window.table.status.text.startswith("Peg your point")
            last = game.events[-1]
            actual = peg_points([c for _, c in game.current]) if isinstance(
                last, Played) and last.seat == 0 else 1
            claims = sum(isinstance(e, Claimed) for e in game.events)
            if actual and not missed:  # miss the first points: muggins takes them
                bar.claim_spin.setValue(0)
                qtbot.mouseClick(bar.claim_button, Qt.MouseButton.LeftButton)
                qtbot.waitUntil(lambda n=claims: sum(isinstance(e, Claimed)
                                                     for e in game.events) > n, timeout=5000)
                at = max(i for i, e in enumerate(game.events) if isinstance(e, Claimed))
                muggins = [e for e in game.events[at:] if isinstance(e, Scored)]
                assert (muggins[0].seat, muggins[0].source, muggins[0].points) == \
                    (1, "muggins", actual)
                missed = actual
                break
            bar.claim_spin.setValue(actual)  # the right count, typed, then Enter
            qtbot.keyClick(window, Qt.Key.Key_Return)
            qtbot.waitUntil(lambda n=claims: sum(isinstance(e, Claimed)
                                                 for e in game.events) > n, timeout=5000)
            continue
        if obs is not None and obs.phase is Phase.COUNT:
            raise AssertionError("the show is counted automatically here")
        take_turn(qtbot, window)
    assert missed, "no pegging points came up"


def test_a_game_against_the_deep_expert(qtbot, make_window):
    from cribbage_gui.app.settings import Settings

    window = make_window(opponent="expert:deep")
    assert window.settings.opponent == "expert:deep"  # a setting kept between sessions
    assert Settings.load(window.qsettings).opponent == "expert:deep"
    window.games.start_match("expert:deep", seed=5)
    qtbot.waitUntil(lambda: window.playing.obs is not None, timeout=TIMEOUT)
    assert window.presenter.model.names[1 - window.playing.setup.human_seat] == \
        "Expert (deep)"
    assert window.playing.controller.players[1 - window.playing.setup.human_seat].deep


def test_a_damaged_shipped_table_says_why_the_game_cannot_start(qtbot, make_window, tmp_path,
                                                                monkeypatch):
    """The expert's lead table damaged in the installed assets: starting a game against it
    tells the person which file and how to rebuild it (no traceback, no thread left)."""
    import shutil

    from ai.paths import ASSETS

    assets = tmp_path / "assets"
    shutil.copytree(ASSETS, assets)
    (assets / "expert_leads.npz").write_bytes(b"PK\x03\x04 not a table")
    monkeypatch.setenv("CRIBBAGE_ASSETS", str(assets))
    window = make_window(opponent="expert")
    window.games.start_match("expert", seed=9, length=1)
    said = [m for m in window.messages if m.startswith("The game cannot start")]
    assert said and "expert_leads.npz" in said[-1]
    assert "cribbage train expert-leads" in said[-1]
    assert not window.playing.controller.running
    # watching the expert play: said before the table changes
    from cribbage_gui.table.watching import WatchSetup

    window.watch.start_watching(WatchSetup(("expert", "mueller"), games=1, seed=5),
                                delay_ms=0)
    said = [m for m in window.messages if m.startswith("The computer cannot play")]
    assert said and "expert_leads.npz" in said[-1]
    assert not window.watching.active and window.game_bar.isVisible()
