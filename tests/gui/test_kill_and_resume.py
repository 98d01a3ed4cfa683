"""Nothing a player does is lost: a real window playing a game is killed (kill -9, SIGTERM,
Ctrl-C) and the next start resumes exactly where it was (the same cards, scores, random
states and play-by-play)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cribbage_gui.table import saving
from tests.gui.autoplay import digest, log_digest
from tests.gui.conftest import make_settings

AUTOPLAY = Path(__file__).with_name("autoplay.py")
ROOT = AUTOPLAY.parents[2]
LINE_TIMEOUT = 90  # seconds: a loaded machine starting Qt and numba


def _env(**extra) -> dict:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT),
           "PYTHONUNBUFFERED": "1", **extra}
    return env


def _read_until(proc, prefix: str) -> tuple[str, list[str]]:
    """Lines of the child until one starts with ``prefix``; (that line, all lines)."""
    lines = []
    deadline = time.monotonic() + LINE_TIMEOUT
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line.strip())
        if line.startswith(prefix):
            return line.strip(), lines
    proc.kill()
    raise AssertionError(f"no {prefix} line; got {lines[-5:]} and {proc.stderr.read()[-2000:]}")


def _autoplay(tmp_path, *args, **settings):
    qs = make_settings(tmp_path, **settings)
    return subprocess.Popen(
        [sys.executable, str(AUTOPLAY), str(tmp_path), qs.fileName(), *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env())


def _on_disk(folder: Path) -> str:
    return digest(saving.encode(saving.SaveStore(folder).read()))


def _resume_here(qtbot, make_window):
    """Start the window again on the same folder, resume, and wait for the person's turn,
    clicking Continue as a person would: a save made as a deal's last card was played
    resumes into that deal's show, which waits for Continue before the next deal's turn."""
    window = make_window(manual_count=True)
    window.games.startup(ask=lambda _summary: True)

    def turn() -> bool:
        if window.game_bar.continue_button.isVisible():
            window.game_bar.continue_button.click()
        return window.playing.obs is not None
    qtbot.waitUntil(turn, timeout=30_000)
    playing = window.playing
    saved = saving.SavedGame(playing.setup, playing.controller.game,
                             playing.controller.random_states(), playing.series,
                             playing.undo_used)
    return window, digest(saving.encode(saved))


@pytest.mark.parametrize("moment, deal", [("discard", 2), ("play", 1), ("show", 1)])
def test_kill_9_at_any_moment_resumes_exactly(qtbot, make_window, tmp_path, moment, deal):
    """Killed while the person chooses a throw, mid-count, or counting a hand: the next start
    holds the very same game (cards, scores, both random states) and play-by-play."""
    child = _autoplay(tmp_path, "11", "--stop", moment, "--deal", str(deal),
                      manual_count=True)
    ready, lines = _read_until(child, "READY")
    child.send_signal(signal.SIGKILL)
    child.wait(10)
    _, state, log = ready.split()
    assert any(line.startswith("SAVED") for line in lines)
    assert _on_disk(tmp_path) == state  # the last action is on disk
    window, resumed = _resume_here(qtbot, make_window)
    assert resumed == state
    assert log_digest(window) == log
    if moment == "show":
        assert window.game_bar.claim_button.isVisible()


def test_kill_9_at_a_random_moment_leaves_a_whole_save_of_the_last_action(
        qtbot, make_window, tmp_path):
    """No pause: the game runs as fast as it can and is killed at a random moment. The save
    on disk is whole and is the last action saved (or the one being saved then)."""
    child = _autoplay(tmp_path, "7")
    first, _ = _read_until(child, "SAVED")
    time.sleep(random.Random(os.getpid()).uniform(0.3, 1.5))
    child.send_signal(signal.SIGKILL)
    child.wait(10)
    # (the first save too: on a loaded machine it can be the only one before the kill)
    printed = [line.split() for line in [first, *child.stdout.read().splitlines()]
               if line.startswith("SAVED")]
    saved = saving.SaveStore(tmp_path).read()  # whole: it decodes and replays
    on_disk = digest(saving.encode(saved))
    known = {d for _, _, d in printed}
    last_actions = max((int(n) for _, n, _ in printed), default=0)
    assert on_disk in known or len(saved.game.actions) > last_actions
    if not saved.game.is_over:
        window, resumed = _resume_here(qtbot, make_window)
        assert window.playing.controller.game.actions[:len(saved.game.actions)] \
            == saved.game.actions


def test_a_save_made_as_a_deal_s_last_card_was_played_resumes_into_its_show(
        qtbot, make_window, tmp_path):
    """The moment a random kill finds about one time in sixteen: saved when the computer
    is to end a deal's play, the window dies. The next start plays that last action and
    shows the deal's show, waiting for Continue (the person has not seen it), then the next
    deal's throw."""
    import copy

    from ai.match.series import Series
    from cribbage_gui.table.controller import GameSetup
    from cribbage_gui.table.game import fresh_save
    from engine import Phase

    setup = GameSetup("random", seed=7)
    start = fresh_save(setup, Series(1))
    game, rng = start.game, random.Random(7)
    while True:
        seat = game.current_player()
        action = rng.choice(game.observation(seat).legal_actions)
        if seat == 1 and game.phase is Phase.PLAY:
            ahead = copy.deepcopy(game)
            ahead.apply(seat, action)
            if ahead.phase is not Phase.PLAY:
                break  # the computer's action that ends this play is next
        game.apply(seat, action)
    deal = game.observation(0).deal
    saving.SaveStore(tmp_path).write(
        saving.SavedGame(setup, game, start.rng_states, start.series))
    window = make_window()
    window.games.startup(ask=lambda _summary: True)
    continue_button = window.game_bar.continue_button
    qtbot.waitUntil(continue_button.isVisible, timeout=30_000)
    assert window.playing.obs is None  # the show first
    assert window.presenter.model.show is not None
    for _ in range(3):  # pone's hand, the dealer's, the crib
        qtbot.waitUntil(lambda: continue_button.isVisible()
                        or window.playing.obs is not None, timeout=30_000)
        if continue_button.isVisible():
            continue_button.click()
    qtbot.waitUntil(lambda: window.playing.obs is not None, timeout=30_000)
    assert window.playing.obs.phase is Phase.DISCARD and window.playing.obs.deal == deal + 1
    assert window.playing.controller.game.actions[:len(game.actions)] == game.actions


def test_leftover_temporary_saves_are_removed_at_the_next_start(make_window, tmp_path):
    data = tmp_path
    leftover = data / "current_game.json.x1y2z3.tmp"
    leftover.write_text('{"format": "cribb')  # a write cut short by kill -9
    other = data / "notes.tmp"
    other.write_text("not ours")
    make_window()
    assert not leftover.exists()
    assert other.exists()  # only the saves' own temporaries


def _cribbage(tmp_path, welcomed: bool = True):
    """The real command, with its own data folder and settings (XDG_CONFIG_HOME)."""
    config = tmp_path / "config" / "Cribbage"
    config.mkdir(parents=True)
    (config / "Cribbage.conf").write_text(
        f"[General]\nwelcomed={'true' if welcomed else 'false'}\nspeed=instant\n"
        f"sound=false\nopponent=random\n")
    data = tmp_path / "data"
    proc = subprocess.Popen(
        [sys.executable, "-m", "cribbage_gui"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, cwd=ROOT,
        env=_env(CRIBBAGE_DATA_DIR=str(data), XDG_CONFIG_HOME=str(tmp_path / "config")))
    return proc, data


@pytest.mark.parametrize("signum, status", [(signal.SIGTERM, 0), (signal.SIGINT, 130)])
def test_sigterm_and_ctrl_c_save_and_close_cleanly(tmp_path, signum, status):
    """A logout (SIGTERM) or Ctrl-C in the terminal closes the window the normal way: the
    game is saved, the exit status is 0 or 130, and no traceback is printed."""
    proc, data = _cribbage(tmp_path)
    deadline = time.monotonic() + LINE_TIMEOUT
    while not (data / "current_game.json").exists() and time.monotonic() < deadline:
        assert proc.poll() is None, proc.stderr.read()
        time.sleep(0.2)
    time.sleep(0.5)  # into the event loop, a timer or two running
    proc.send_signal(signum)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == status, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    saved = saving.SaveStore(data).read()
    assert saved.setup.opponent == "random" and not saved.game.is_over
    assert (tmp_path / "config" / "Cribbage" / "Cribbage.conf").read_text().count("state=")


def test_ctrl_c_at_the_welcome_closes_it_and_the_window(tmp_path):
    proc, data = _cribbage(tmp_path, welcomed=False)
    time.sleep(0.2)
    deadline = time.monotonic() + LINE_TIMEOUT
    while not (data / "history.sqlite3").exists() and time.monotonic() < deadline:
        time.sleep(0.2)
    time.sleep(1.5)  # the welcome is open
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    assert not (data / "current_game.json").exists()  # no game was chosen
    assert "welcomed=true" not in (tmp_path / "config" / "Cribbage" / "Cribbage.conf").read_text()
