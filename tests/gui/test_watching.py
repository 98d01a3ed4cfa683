"""Watching computer players: in the window, from the command line, and run quickly."""

import os
import subprocess
import sys

import pyqtgraph as pg
import pytest
from PySide6.QtCore import Qt

from ai import make_player
from ai.match.driver import play_game
from ai.match.runner import run_match
from cribbage_gui.dialogs.quick_run import QuickRunWindow
from cribbage_gui.table.watching import WatchSetup

TIMEOUT = 60_000


def expected_results(players, seed, games):
    return [play_game(tuple(make_player(p) for p in players), seed, i) for i in range(games)]


def test_watching_plays_the_series_face_up_with_a_running_tally(qtbot, make_window):
    window = make_window()
    setup = WatchSetup(("mueller", "heuristic"), games=2, seed=4)
    window.watch.start_watching(setup, delay_ms=0)
    session = window.watching.session
    assert window.watch_bar.isVisible() and not window.game_bar.isVisible()
    assert window.presenter.model.reveal
    qtbot.waitUntil(lambda: window.presenter.model.deal >= 1 and
                    bool(window.presenter.model.hands[1]), timeout=TIMEOUT)
    # both hands are drawn face up
    for seat in (0, 1):
        for card in window.presenter.model.hands[seat]:
            assert window.table.card_items[card].face_up
    with qtbot.waitSignal(session.finished, timeout=TIMEOUT):
        pass
    expected = expected_results(setup.players, setup.seed, 2)
    assert [(o.winner, o.scores) for o in session.outcomes] == \
        [(r.winner, r.scores) for r in expected]
    wins_a = sum(r.winner == 0 for r in expected)
    tally = window.watch_bar.tally
    assert tally.full_text.startswith(f"Mueller {wins_a} – {2 - wins_a} Heuristic pegger ")
    assert "game 2 of 2" in tally.full_text
    assert tally.short_text == f"{wins_a} – {2 - wins_a} · game 2 of 2"
    # the names where they fit on one line; else the short tally, the names in its tooltip
    for width in (900, 120):
        tally.resize(width, tally.height())
        fits = tally.fontMetrics().horizontalAdvance(tally.full_text) <= width
        assert tally.text() == (tally.full_text if fits else tally.short_text)
        assert tally.toolTip() == ("" if fits else tally.full_text)
    assert tally.text() == tally.short_text  # 120 px: too narrow for the names
    # both players' reasoning was shown live
    titles = [t for t, _ in window.reasoning.computer.records]
    assert any("Mueller" in t for t in titles) and any("Heuristic" in t for t in titles)


def test_pause_and_step_show_one_event_at_a_time(qtbot, make_window):
    window = make_window()
    window.watch.start_watching(WatchSetup(("random", "random"), games=1, seed=2), delay_ms=0)
    shown = []
    window.presenter.shown.connect(shown.append)
    qtbot.waitUntil(lambda: len(shown) >= 3, timeout=TIMEOUT)
    qtbot.mouseClick(window.watch_bar.pause, Qt.MouseButton.LeftButton)
    assert window.presenter.paused
    qtbot.wait(50)
    count = len(shown)
    qtbot.wait(300)
    assert len(shown) == count, "nothing moves while paused"
    qtbot.waitUntil(lambda: bool(window.presenter.queue), timeout=TIMEOUT)
    for i in range(1, 4):
        if window.presenter._waiting_continue:
            break
        qtbot.mouseClick(window.watch_bar.step, Qt.MouseButton.LeftButton)
        assert len(shown) == count + i
    qtbot.mouseClick(window.watch_bar.pause, Qt.MouseButton.LeftButton)  # resume
    qtbot.waitUntil(lambda: window.presenter.model.game_over is not None, timeout=TIMEOUT)


def test_step_by_step_speed_pauses(qtbot, make_window):
    window = make_window()
    window.watch.start_watching(WatchSetup(("random", "heuristic"), games=1, seed=1))
    window.watch_bar.speed.setCurrentText("step by step")
    assert window.presenter.paused and window.watch_bar.pause.isChecked()
    window.watch_bar.speed.setCurrentText("instant")
    window.watch_bar.pause.setChecked(False)
    assert window.presenter.speed == 0.0 and not window.presenter.paused


def test_stopping_a_series_stops_its_thread_and_a_new_game_can_start(qtbot, make_window):
    window = make_window()
    window.watch.start_watching(WatchSetup(("mueller", "mueller"), games=50, seed=1), delay_ms=0)
    controller = window.watching.session.controller
    qtbot.waitUntil(lambda: window.presenter.model.deal >= 2, timeout=TIMEOUT)
    qtbot.mouseClick(window.watch_bar.stop, Qt.MouseButton.LeftButton)
    assert window.watching.session is None and not controller.running
    assert not window.watch_bar.isVisible()
    window.games.start_match("random", seed=3)
    qtbot.waitUntil(lambda: window.playing.obs is not None, timeout=TIMEOUT)
    assert not window.presenter.model.reveal


def test_watching_saves_a_game_in_progress_first(qtbot, make_window):
    window = make_window()
    window.games.start_match("random", seed=3)
    qtbot.waitUntil(lambda: window.playing.obs is not None, timeout=TIMEOUT)
    window.watch.start_watching(WatchSetup(("random", "random"), games=1), delay_ms=0)
    assert window.saves.exists()
    assert any("saved" in m for m in window.messages)
    window.watch.stop_watching()
    window.saved.resume_saved_game()
    qtbot.waitUntil(lambda: window.playing.obs is not None, timeout=TIMEOUT)
    assert window.playing.setup.opponent == "random" and not window.presenter.model.reveal


def test_cribbage_watch_quits_when_done_with_one_summary_line(tmp_path):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "CRIBBAGE_DATA_DIR": str(tmp_path),
           "XDG_CONFIG_HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "cribbage_gui.cli", "watch", "random", "heuristic",
         "--games", "2", "--delay-ms", "0", "--quit-when-done"],
        capture_output=True, text=True, env=env, timeout=240)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1
    expected = expected_results(("random", "heuristic"), 0, 2)
    names = ("random", "heuristic")
    for i, r in enumerate(expected):
        assert (f"game {i + 1}: {names[r.winner]} wins {r.scores[r.winner]}-"
                f"{r.scores[1 - r.winner]}") in lines[0]


def test_watch_quit_when_done_ends_on_an_internal_error_with_one_line(
        qtbot, make_window, monkeypatch, capsys):
    """A script's `cribbage watch --quit-when-done` that fails inside gets one line on
    stderr and a failing status, not a dialog that waits for a click."""
    from ai.players.heuristic import HeuristicPlayer

    def broken(self, obs):
        raise RuntimeError("boom in the heuristic's play")

    monkeypatch.setattr(HeuristicPlayer, "play", broken)
    window = make_window()
    dialogs = []
    monkeypatch.setattr(window.dialogs, "internal_error", dialogs.append)
    window.watch.start_watching(WatchSetup(("random", "heuristic"), games=2, seed=1), delay_ms=0,
                          quit_when_done=True)
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=TIMEOUT)
    assert window.exit_status == 1 and dialogs == []
    assert not window.watching.active
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["cribbage watch: stopped by an internal error: RuntimeError: boom in the "
                   "heuristic's play"]


def test_an_internal_error_while_watching_in_the_window_is_shown(qtbot, make_window,
                                                                 monkeypatch):
    from ai.players.heuristic import HeuristicPlayer

    monkeypatch.setattr(HeuristicPlayer, "play", lambda self, obs: 1 / 0)
    window = make_window()
    dialogs = []
    monkeypatch.setattr(window.dialogs, "internal_error", dialogs.append)
    window.watch.start_watching(WatchSetup(("random", "heuristic"), games=2, seed=1), delay_ms=0)
    qtbot.waitUntil(lambda: dialogs != [], timeout=TIMEOUT)
    assert "ZeroDivisionError" in dialogs[0] and window.isVisible()
    assert window.exit_status is None


def test_cribbage_watch_refuses_an_unknown_player(tmp_path):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "CRIBBAGE_DATA_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "cribbage_gui.cli", "watch", "random",
                           "nobody", "--quit-when-done"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode != 0 and "nobody" in done.stderr
    assert "Traceback" not in done.stderr


def test_run_games_quickly_shows_the_match_result(qtbot):
    setup = WatchSetup(("heuristic", "random"), games=24, seed=6)
    window = QuickRunWindow(setup)
    qtbot.addWidget(window)
    window.show()
    window.start()
    qtbot.waitUntil(lambda: window.summary is not None, timeout=TIMEOUT)
    s = window.summary
    direct = run_match("heuristic", "random", 24, seed=6)
    assert (s["wins_a"], s["wins_b"]) == (direct["wins_a"], direct["wins_b"])
    assert window.progress.value() == 24
    lo, hi = s["ci95_a"]
    assert f"{lo:.1%} to {hi:.1%}" in window.result_label.text()
    bars = [i for i in window.chart.getPlotItem().items if isinstance(i, pg.BarGraphItem)]
    assert len(bars) == 2  # one series per player
    assert window.cancel_button.text() == "Close"
    window.close()
    assert not window.running


def test_run_games_quickly_can_be_cancelled(qtbot):
    window = QuickRunWindow(WatchSetup(("mueller", "mueller"), games=20_000, seed=1))
    qtbot.addWidget(window)
    window.start()
    qtbot.waitUntil(lambda: window.progress.value() > 0, timeout=TIMEOUT)
    qtbot.mouseClick(window.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.summary is not None, timeout=TIMEOUT)
    assert 0 < window.summary["games"] < 20_000
    assert "(cancelled)" in window.result_label.text()
    qtbot.waitUntil(lambda: not window.running, timeout=TIMEOUT)


@pytest.mark.parametrize("seat", [0, 1])
def test_the_heatmap_marker_follows_a_weights_player_being_watched(qtbot, make_window, seat):
    window = make_window()
    players = ("weights", "random") if seat == 0 else ("random", "weights")
    window.watch.start_watching(WatchSetup(players, games=1, seed=2), delay_ms=0)
    assert window.heatmap.weights is not None
    qtbot.waitUntil(lambda: window.presenter.model.game_over is not None, timeout=TIMEOUT)
    m = window.presenter.model
    dealer, own, opp = window.heatmap.position
    assert (own, opp) == (min(120, m.scores[seat]), min(120, m.scores[1 - seat]))
    decisions = [r for t, r in window.reasoning.computer.records
                 if type(r).__name__ == "WeightsDiscard"]
    assert decisions and all(len(r.w) == 8 for r in decisions)


def test_an_external_engine_that_crashes_is_shown_forfeiting(qtbot, make_window, tmp_path):
    crasher = tmp_path / "crasher.py"
    crasher.write_text("import sys\nfor line in sys.stdin:\n    if '\"discard\"' in line:\n"
                       "        sys.exit(2)\n")
    window = make_window()
    setup = WatchSetup((f"ext:{sys.executable} {crasher}", "random"), games=2, seed=1)
    window.watch.start_watching(setup, delay_ms=0)
    qtbot.waitUntil(lambda: len(window.watching.session.outcomes) == 2, timeout=TIMEOUT)
    assert [o.winner for o in window.watching.session.outcomes] == [1, 1]
    assert any("forfeits" in line.text and "exited" in line.text
               for line in window.presenter.model.log)
    assert "forfeits (the engine exited (status 2))" in window.table.announcement.text


def test_a_watched_engine_that_dies_is_said_to_forfeit_not_to_lose_0_0(tmp_path):
    """`cribbage watch ... --quit-when-done` with an external engine that exits at once: the
    summary says it forfeited and why (it read "random wins 0-0"), as `cribbage match`
    reports forfeits."""
    engine = tmp_path / "dies.sh"
    engine.write_text("#!/bin/sh\nexit 3\n")
    engine.chmod(0o755)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "CRIBBAGE_DATA_DIR": str(tmp_path),
           "XDG_CONFIG_HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "cribbage_gui.cli", "watch", "random", f"ext:{engine}",
         "--games", "2", "--delay-ms", "0", "--quit-when-done"],
        capture_output=True, text=True, env=env, timeout=240)
    assert done.returncode == 0, done.stderr
    line = done.stdout.strip()
    assert "\n" not in line and "Traceback" not in done.stderr
    # (why: "the engine exited (status 3)", or "stopped reading" when the move was sent
    # before it had gone; the race is the engine's)
    for game in (1, 2):
        assert f"game {game}: random wins 0-0 (ext:{engine} forfeits: the engine " in line, line
    assert "exited (status 3)" in line or "stopped reading" in line, line
