"""The game in progress is saved after every action, and a save that holds a game that had
ended (the program stopped before the window showed its end) is settled at the next start."""

from __future__ import annotations

import contextlib
import json
import os
import random
import socket
import stat
import time

import pytest

from ai.match.series import Series
from cribbage_gui.table import saving
from cribbage_gui.table.controller import GameSetup
from cribbage_gui.table.game import fresh_save
from tests.gui.helpers import TIMEOUT, take_turn, wait_for_input


def _finished(setup: GameSetup, series: Series) -> saving.SavedGame:
    """A game of ``setup`` played to its end with random legal actions, as a save."""
    start = fresh_save(setup, series)
    game, rng = start.game, random.Random(setup.seed)
    while not game.is_over:
        seat = game.current_player()
        game.apply(seat, rng.choice(game.observation(seat).legal_actions))
    return saving.SavedGame(setup, game, start.rng_states, series)


def test_every_action_of_the_person_and_the_computer_is_saved_as_it_happens(qtbot,
                                                                           make_window):
    window = make_window()
    window.games.start_match("random", seed=21)
    for _ in range(8):
        take_turn(qtbot, window)
        wait_for_input(qtbot, window)
        if window.playing.obs is None:
            continue
        game = window.playing.controller.game
        # at the person's turn, the save on disk is the game exactly as it stands
        saved = window.saves.read()
        assert saved.game == game
        assert saved.rng_states == window.playing.controller.random_states()


def test_a_game_that_ended_unseen_goes_into_the_history_once(qtbot, make_window, tmp_path):
    over = _finished(GameSetup("random", seed=4), Series(1))
    store = saving.SaveStore(tmp_path)
    store.write(over)
    store.release()  # (as the window of the session before did)
    window = make_window()
    window.games.startup(ask=lambda _summary: False)
    assert [g["human_score"] for g in window.history.games()] == \
        [over.game.scores[0]]
    assert any("had ended" in m and "history" in m for m in window.messages)
    window.close()
    store.write(over)  # the same game again (kill -9 between the history and the save)
    store.release()
    again = make_window()
    again.games.startup(ask=lambda _summary: False)
    assert len(again.history.games()) == 1


def test_a_match_whose_game_ended_unseen_goes_on_with_its_next_game(qtbot, make_window,
                                                                    tmp_path):
    over = _finished(GameSetup("random", seed=8), Series(3))
    saving.SaveStore(tmp_path).write(over)
    window = make_window()
    asked = []
    window.games.startup(ask=lambda summary: asked.append(summary) or True)
    assert asked and "game 2" in asked[0]
    assert window.playing.series.results == [(over.game.winner, over.game.skunk)]
    assert window.playing.setup.index == 1
    assert window.playing.setup.first_dealer == 1 - over.game.winner
    assert len(window.history.games()) == 1


def test_a_save_that_cannot_be_written_is_said_once_and_the_game_goes_on(qtbot,
                                                                         make_window,
                                                                         tmp_path):
    blocked = tmp_path / saving.SAVE_NAME
    window = make_window()
    blocked.mkdir()  # a folder where the save goes: every write fails
    (blocked / "keep").write_text("x")
    window.games.start_match("random", seed=5)
    for _ in range(4):
        take_turn(qtbot, window)
    problems = [m for m in window.messages if "cannot be saved" in m]
    assert len(problems) == 1
    assert (blocked / "keep").read_text() == "x"  # nothing of the person's was touched
    assert window.playing.controller.game.actions  # the game went on


def test_a_damaged_save_never_stops_a_start_and_is_kept_aside(qtbot, make_window, tmp_path):
    """Each of these stopped every start with a traceback (RecursionError,
    IsADirectoryError, ...): now the save is set aside with one sentence, the history is
    kept, and a new game starts."""
    store = saving.SaveStore(tmp_path)
    cases = {"nested": "[" * 200_000 + "]" * 200_000,
             "digits": '{"format": "cribbage-save", "version": ' + "1" * 5000 + "}",
             "shape": '{"format": "cribbage-save", "version": 1, "setup": 5}',
             "binary": b"\xff\xfe\x00garbage",
             "folder": None,
             # issue 36: the window waited forever on a named pipe (and SIGTERM with it)
             "pipe": "fifo", "socket": "socket"}
    for name, content in cases.items():
        store.path.unlink(missing_ok=True)  # the last case's new game
        if content is None:
            store.path.mkdir()
            (store.path / "inside").write_text(name)
        elif content == "fifo":
            os.mkfifo(store.path)
        elif content == "socket":
            with contextlib.closing(socket.socket(socket.AF_UNIX)) as sock:
                sock.bind(str(store.path))
        elif isinstance(content, bytes):
            store.path.write_bytes(content)
        else:
            store.path.write_text(content)
        window = make_window()
        window.games.startup(ask=lambda _summary: True)
        told = [m for m in window.messages if "set aside" in m]
        assert len(told) == 1 and "\n" not in told[0], (name, window.messages)
        assert not store.path.exists()
        qtbot.waitUntil(lambda w=window: w.playing.obs is not None, timeout=TIMEOUT)
        window.close()
    kept = sorted(tmp_path.glob("current_game.corrupt-*"))
    assert len(kept) == len(cases)
    assert any(p.is_dir() and (p / "inside").read_text() == "folder" for p in kept)
    assert any(stat.S_ISFIFO(p.lstat().st_mode) for p in kept)
    assert any(stat.S_ISSOCK(p.lstat().st_mode) for p in kept)


@pytest.mark.parametrize("opponent", ["ext:touch {made}", " EXT:touch {made}",
                                      "Ext: touch {made} --fast"])
def test_a_saved_game_never_runs_a_program(qtbot, make_window, tmp_path, opponent):
    """Issue 36: a save edited to name ``ext:touch /tmp/x`` as the opponent ran it when the
    game was resumed. A save names only our players: this one is set aside, saying which
    program it named and that nothing ran, before any offer to resume it."""
    made = tmp_path / "ran"
    store = saving.SaveStore(tmp_path)
    data = saving.encode(fresh_save(GameSetup("mueller", seed=4), Series(1)))
    data["setup"]["opponent"] = opponent.format(made=made)
    store.path.write_text(json.dumps(data))
    offered = []
    window = make_window()
    window.games.startup(ask=lambda summary: offered.append(summary) or True)
    qtbot.waitUntil(lambda: window.playing.obs is not None, timeout=TIMEOUT)
    assert not offered and not made.exists()
    told = [m for m in window.messages if "set aside" in m]
    assert len(told) == 1 and "outside program, 'touch /" in told[0], told
    assert "nothing was run" in told[0]
    assert window.playing.current_setup().opponent == "mueller"  # (the settings' player)
    (aside,) = tmp_path.glob("current_game.corrupt-*.json")
    assert json.loads(aside.read_text())["setup"]["opponent"] == opponent.format(made=made)
    time.sleep(0.5)  # (a program started in the background would have run by now)
    assert not made.exists()


@pytest.mark.parametrize("field,value", [("version", True), ("version", 1.0),
                                         ("series", {"length": 3, "results": [[0, True]]}),
                                         ("series", {"length": 3, "results": [[True, 0]]})])
def test_a_save_whose_numbers_are_true_is_refused(field, value):
    """JSON's true equals Python's 1: it passed as version 1, a seat or a skunk."""
    data = saving.encode(fresh_save(GameSetup("mueller", seed=4), Series(3)))
    saving.decode(json.loads(json.dumps(data)))  # (the save as written reads)
    data[field] = value
    with pytest.raises(ValueError):
        saving.decode(json.loads(json.dumps(data)))


def test_a_settings_file_that_is_a_named_pipe_is_set_aside_not_waited_on(
        qapp, tmp_path, monkeypatch):
    """QSettings waited forever on a named pipe in its place (issue 36), before the window
    existed; now it is set aside with one sentence and the settings start afresh."""
    from PySide6.QtCore import QCoreApplication

    from cribbage_gui.app.settings import set_aside_odd_settings_file

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    names = QCoreApplication.organizationName(), QCoreApplication.applicationName()
    QCoreApplication.setOrganizationName("Cribbage")
    QCoreApplication.setApplicationName("Cribbage")
    try:
        assert set_aside_odd_settings_file() == (None, True)  # nothing there to say
        (tmp_path / "Cribbage").mkdir()
        os.mkfifo(tmp_path / "Cribbage" / "Cribbage.conf")
        said, readable = set_aside_odd_settings_file()
    finally:
        QCoreApplication.setOrganizationName(names[0])
        QCoreApplication.setApplicationName(names[1])
    assert said is not None and said.startswith("The settings file was a named pipe")
    assert readable
    (aside,) = (tmp_path / "Cribbage").glob("Cribbage.not-a-file-*.conf")
    assert stat.S_ISFIFO(aside.lstat().st_mode)
    assert not (tmp_path / "Cribbage" / "Cribbage.conf").exists()


def test_a_settings_pipe_that_cannot_be_set_aside_is_not_read(qapp, tmp_path, monkeypatch):
    """In a read-only folder the pipe stays: QSettings waited on it forever. The session's
    settings live in a temporary file instead, and the window says so."""
    from PySide6.QtCore import QCoreApplication

    from ai import paths
    from cribbage_gui.windows.main_window import MainWindow

    def read_only(path, why="corrupt"):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(paths, "set_aside", read_only)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("CRIBBAGE_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "config" / "Cribbage").mkdir(parents=True)
    os.mkfifo(tmp_path / "config" / "Cribbage" / "Cribbage.conf")
    names = QCoreApplication.organizationName(), QCoreApplication.applicationName()
    QCoreApplication.setOrganizationName("Cribbage")
    QCoreApplication.setApplicationName("Cribbage")
    try:
        window = MainWindow()
        window.settings.save(window.qsettings)  # (a write goes to the temporary file)
        window.close()
    finally:
        QCoreApplication.setOrganizationName(names[0])
        QCoreApplication.setApplicationName(names[1])
    assert any("cannot be set aside" in m and "not kept" in m for m in window.messages)
    assert stat.S_ISFIFO((tmp_path / "config" / "Cribbage" / "Cribbage.conf").stat().st_mode)
