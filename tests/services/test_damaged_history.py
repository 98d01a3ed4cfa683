"""A damaged history never crashes anything and never silently loses what can be read: it is
set aside (renamed, kept), a new one holds every row SQLite can still read, and the person
is told in one sentence."""

from __future__ import annotations

import contextlib
import random
import shutil
import sqlite3

import pytest

from ai import make_player
from ai.match.driver import refereed_game
from cribbage_gui.services.gamefile import GameFileError
from cribbage_gui.services.history import History, HistoryError, open_history

PAGE = 4096


@pytest.fixture(scope="module")
def history_file(tmp_path_factory):
    """A history of six games with their records (about 56 pages)."""
    path = tmp_path_factory.mktemp("history") / "history.sqlite3"
    history = History(path)
    for seed in range(6):
        _, game = refereed_game((make_player("random"), make_player("random")), seed)
        history.record_game(game.events, opponent="random", seed=seed, game_index=0,
                            human_seat=seed % 2, players=("you", "random") if seed % 2 == 0
                            else ("random", "you"), record=game.to_record())
    history.close()
    return path


def _everything(history: History) -> None:
    """Every read the window makes (the Statistics window, the review)."""
    history.totals(), history.by_opponent(), history.per_deal_averages()
    history.win_history(), history.hand_scores(), history.accuracy_history()
    for game in history.games():
        # a record damaged in its text is refused with a message; the rest is kept
        with contextlib.suppress(GameFileError):
            history.game_file(game["id"])
    history.latest_with_record()


def test_every_single_page_corruption_is_found_at_start_and_kept_aside(history_file,
                                                                      tmp_path):
    pages = history_file.stat().st_size // PAGE
    assert pages > 40
    kept_games = []
    for page in range(pages):
        path = tmp_path / f"p{page}" / "history.sqlite3"
        path.parent.mkdir()
        shutil.copy(history_file, path)
        damaged = bytearray(path.read_bytes())
        rng = random.Random(page)
        start = page * PAGE + (100 if page == 0 else 0)  # past the file's header
        damaged[start:start + 300] = bytes(rng.randrange(256) for _ in range(300))
        path.write_bytes(bytes(damaged))
        history, message = open_history(path)
        told = []
        history.on_problem = told.append
        _everything(history)
        assert not told, f"page {page}: damage found only later"
        aside = list(path.parent.glob("history.corrupt-*.sqlite3"))
        if message is not None:
            assert "set aside" in message and len(aside) == 1, page
            assert aside[0].read_bytes() == bytes(damaged)  # kept exactly as it was
        kept_games.append(history.totals()["games"])
        history.close()
    assert max(kept_games) == 6 and sum(kept_games) > 4 * pages  # most games survive


def test_a_file_that_is_not_a_database_or_a_folder_in_its_place_is_set_aside(tmp_path):
    path = tmp_path / "history.sqlite3"
    path.write_bytes(b"these are my notes, not a database" * 200)
    history, message = open_history(path)
    assert "set aside" in message and history.totals()["games"] == 0
    (aside,) = tmp_path.glob("history.corrupt-*.sqlite3")
    assert aside.read_bytes().startswith(b"these are my notes")
    history.close()
    folder = tmp_path / "other" / "history.sqlite3"
    folder.mkdir(parents=True)
    (folder / "inside.txt").write_text("kept")
    history, message = open_history(folder)
    assert "folder" in message
    (aside,) = folder.parent.glob("history.corrupt-*")
    assert (aside / "inside.txt").read_text() == "kept"
    history.close()


def test_damage_found_while_running_is_recovered_and_the_call_answered(history_file,
                                                                       tmp_path):
    path = tmp_path / "history.sqlite3"
    shutil.copy(history_file, path)
    told = []
    history = History(path, on_problem=told.append)

    class Damaged:  # the connection meets a damaged page once, as if read from disk now
        def __init__(self, db):
            self.db, self.failed = db, False

        def execute(self, *args):
            if not self.failed:
                self.failed = True
                raise sqlite3.DatabaseError("database disk image is malformed")
            return self.db.execute(*args)

        def __getattr__(self, name):
            return getattr(self.db, name)

    history.db = Damaged(history.db)
    assert history.totals()["games"] == 6  # answered from the recovered history
    assert len(told) == 1 and "6 games" in told[0]
    history.close()


def test_a_history_that_cannot_be_opened_gives_way_to_one_in_memory(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("x")
    history, message = open_history(blocked / "history.sqlite3")  # under a file
    assert "cannot be kept" in message
    assert history.totals()["games"] == 0
    history.close()
    with pytest.raises(HistoryError):
        History(blocked / "history.sqlite3")


def test_the_commands_recover_a_damaged_history_and_a_data_folder_that_is_a_file(
        tmp_path, monkeypatch, capsys):
    from cribbage_gui.cli import main
    from cribbage_gui.services.tournament_runs import store

    data = tmp_path / "data"
    data.write_text("a file where the data folder goes")
    monkeypatch.setenv("CRIBBAGE_DATA_DIR", str(data))
    with pytest.raises(SystemExit) as info:
        main(["review", "--last"])
    err = capsys.readouterr().err
    assert info.value.code == 2 and "no game history yet" in err and "Traceback" not in err
    assert "was a file, not a folder" in err and data.is_dir()
    (kept,) = tmp_path.glob("data.not-a-folder-*")
    assert kept.read_text() == "a file where the data folder goes"
    history = data / "history.sqlite3"
    history.write_bytes(b"\0" * 5000)
    with pytest.raises(SystemExit) as info:
        main(["review", "--last"])
    err = capsys.readouterr().err
    assert info.value.code == 2 and "set aside" in err and "Traceback" not in err
    history.write_bytes(b"\0" * 5000)
    run = store(history, {"players": [{"name": "a", "games": 1, "wins": 1, "acc_points": 2,
                                       "elo": 1500.0, "elo_ci95": [1400.0, 1600.0]}],
                          "games_per_pair": 1, "seed": 0, "duplicate": False})
    assert run == 1 and "set aside" in capsys.readouterr().err


@pytest.mark.parametrize("kind", ["a named pipe", "a socket"])
def test_a_history_or_practice_file_that_is_not_a_file_is_set_aside_not_waited_on(
        tmp_path, monkeypatch, capsys, kind):
    """Issue 36: SQLite waited forever on a named pipe (and SIGTERM with it): ``review
    --last``, ``practice`` and a tournament's store each set it aside with one sentence."""
    import os
    import signal
    import socket
    import stat

    from cribbage_gui.cli import main

    def make(path):
        if kind == "a named pipe":
            os.mkfifo(path)
        else:
            with contextlib.closing(socket.socket(socket.AF_UNIX)) as sock:
                sock.bind(str(path))

    monkeypatch.setenv("CRIBBAGE_DATA_DIR", str(tmp_path))
    make(tmp_path / "history.sqlite3")
    make(tmp_path / "practice.sqlite3")
    previous = signal.signal(signal.SIGALRM, signal.default_int_handler)
    signal.alarm(60)  # a wait in SQLite would never return here
    try:
        with pytest.raises(SystemExit):
            main(["review", "--last"])
        assert main(["practice"]) == 0
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    err = capsys.readouterr().err
    assert f"The game history was {kind}, not a file; it was set aside as" in err
    assert f"The practice file was {kind}, not a file; it was set aside as" in err
    assert "Traceback" not in err
    test = stat.S_ISFIFO if kind == "a named pipe" else stat.S_ISSOCK
    for name in ("history", "practice"):
        (aside,) = tmp_path.glob(f"{name}.corrupt-*.sqlite3")
        assert test(aside.lstat().st_mode)


@pytest.mark.parametrize("name", ["history", "practice"])
def test_a_journal_that_is_not_a_file_is_not_waited_on(tmp_path, monkeypatch, capsys, name):
    """Found by the hostile pass: a named pipe where SQLite looks for the database's
    journal was opened by SQLite, and ``cribbage practice`` waited forever. The pipe is set
    aside under a name of its own (it cannot be SQLite's); the database, whole, stays where
    it is with everything in it."""
    import os
    import signal
    import stat

    from cribbage_gui.cli import main

    monkeypatch.setenv("CRIBBAGE_DATA_DIR", str(tmp_path))
    database = tmp_path / f"{name}.sqlite3"
    with contextlib.closing(sqlite3.connect(database)) as db:
        db.execute("CREATE TABLE kept (a)")
        db.commit()
    os.mkfifo(tmp_path / f"{name}.sqlite3-journal")
    previous = signal.signal(signal.SIGALRM, signal.default_int_handler)
    signal.alarm(60)  # a wait in SQLite would never return here
    try:
        if name == "history":
            with pytest.raises(SystemExit):
                main(["review", "--last"])
        else:
            assert main(["practice"]) == 0
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert "set aside" in capsys.readouterr().err
    (pipe,) = tmp_path.glob(f"{name}.not-a-file-*.sqlite3-journal")
    assert stat.S_ISFIFO(pipe.lstat().st_mode)
    assert not list(tmp_path.glob(f"{name}.corrupt-*"))
    with contextlib.closing(sqlite3.connect(database)) as db:
        assert ("kept",) in db.execute("SELECT name FROM sqlite_master").fetchall()


def test_a_pipe_as_a_journal_with_no_history_is_set_aside_alone(tmp_path):
    """Every start raised FileNotFoundError when the pipe had no database beside it (the
    database was set aside with it, and was not there)."""
    import os

    from cribbage_gui.services.history import open_history

    os.mkfifo(tmp_path / "history.sqlite3-journal")
    history, message = open_history(tmp_path / "history.sqlite3")
    assert message is not None and message.startswith(
        "history.sqlite3-journal was a named pipe, not a file; it was set aside as")
    assert history.totals()["games"] == 0
    history.close()
    assert len(list(tmp_path.glob("history.not-a-file-*.sqlite3-journal"))) == 1


def test_a_damaged_history_that_cannot_be_set_aside_gives_way_to_one_in_memory(
        tmp_path, monkeypatch, capsys):
    """A read-only data folder holding a damaged history: a PermissionError traceback at
    every start. The window keeps this session's games in memory and says why; review
    --last is one line."""
    from ai import paths
    from cribbage_gui.cli import main
    from cribbage_gui.services.history import open_history

    def read_only(path, why="corrupt"):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(paths, "set_aside", read_only)
    monkeypatch.setattr("cribbage_gui.services.history.set_aside", read_only)
    path = tmp_path / "history.sqlite3"
    path.write_bytes(b"not a database at all " * 300)
    history, message = open_history(path)
    assert message is not None and "cannot be kept" in message
    assert "Permission denied" in message
    assert history.totals()["games"] == 0
    history.close()
    monkeypatch.setenv("CRIBBAGE_DATA_DIR", str(tmp_path))
    with pytest.raises(SystemExit) as stopped:
        main(["review", "--last"])
    err = capsys.readouterr().err
    assert stopped.value.code == 1 and len(err.strip().splitlines()) == 1
    assert "cannot be set aside (Permission denied)" in err
    assert path.read_bytes().startswith(b"not a database")  # left as it was
