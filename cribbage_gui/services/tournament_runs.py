"""Tournament runs kept in the game history's database (tables ``tournaments`` and
``tournament_players``, beside the window's games), so that runs accumulate: checked before a
run plays (``cribbage tournament``), added when it ends whole.
"""

from __future__ import annotations

import datetime as _dt
import json
import sqlite3
import sys
from pathlib import Path
from typing import Any

from cribbage_gui.services.history import HistoryError, open_database

SCHEMA = """
CREATE TABLE IF NOT EXISTS tournaments (
    id INTEGER PRIMARY KEY,
    finished_at TEXT NOT NULL,
    players TEXT NOT NULL,
    games INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    duplicate INTEGER NOT NULL,
    results TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tournament_players (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    name TEXT NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    acc_points INTEGER NOT NULL,
    elo REAL NOT NULL,
    elo_low REAL NOT NULL,
    elo_high REAL NOT NULL,
    PRIMARY KEY (tournament_id, name)
);
"""


def _tell(message: str) -> None:
    print(f"cribbage: {message}", file=sys.stderr)


def check_history() -> Path:
    """The history database's path, checked before a tournament plays (not found unusable
    after it): a file that can be written in a folder that can be; a damaged one is
    recovered now (``cribbage_gui.services.history.recover``, with a line on stderr). HistoryError
    if it
    cannot be used."""
    from ai.paths import HISTORY_NAME, data_dir
    from engine.arguments import check_output_file

    path = data_dir() / HISTORY_NAME
    if path.exists():  # (what is not a file, a named pipe say, is set aside as damage is)
        open_database(path, _tell).close()
    return check_output_file(path)


def store(path: Path, results: dict[str, Any]) -> int:
    """Add a run to the database (a damaged one is recovered first, with a line on
    stderr); returns its id. HistoryError if the database cannot take it."""
    db = open_database(path, _tell)
    try:
        db.executescript(SCHEMA)
        with db:
            cur = db.execute(
                "INSERT INTO tournaments (finished_at, players, games, seed, duplicate, "
                "results) VALUES (?, ?, ?, ?, ?, ?)",
                (_dt.datetime.now().isoformat(timespec="seconds"),
                 json.dumps([p["name"] for p in results["players"]]),
                 results["games_per_pair"], results["seed"], int(results["duplicate"]),
                 json.dumps(results)))
            run = cur.lastrowid
            assert run is not None  # an INSERT always gives one
            db.executemany(
                "INSERT INTO tournament_players VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(run, p["name"], p["games"], p["wins"], p["acc_points"], p["elo"],
                  p["elo_ci95"][0], p["elo_ci95"][1]) for p in results["players"]])
        return run
    except sqlite3.Error as exc:
        raise HistoryError(f"the run was not added to the history {path} ({exc})") from exc
    finally:
        db.close()
