"""A tournament's results as people and programs read them: the printed table, the ratings
file the registry reads (``assets/ratings.json``), and the runs kept in the history database
(tables ``tournaments`` and ``tournament_players``, beside the window's games), so runs
accumulate.
"""

from __future__ import annotations

import datetime as _dt
import json
import sqlite3
import sys
from pathlib import Path
from typing import Any

from ai.paths import write_json_atomic

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


def _column(header: str, cells: list[str]) -> int:
    return max(len(header), *(len(c) for c in cells)) if cells else len(header)


def format_table(r: dict[str, Any]) -> str:
    """The results as a table: the win-rate matrix, the ratings, the pairs' ACC points net.
    Every column is as wide as its widest cell, so long names or large counts stay in line."""
    players = [p["name"] for p in r["players"]]
    width = max(10, *(len(n) for n in players)) + 2
    rates = {(row["a"], row["b"]): (row["win_rate_a"], row["ci95_a"]) for row in r["pairs"]}
    matrix = []
    for a in players:
        cells = []
        for b in players:
            if a == b:
                cells.append("—")
            elif (a, b) in rates:
                w, (lo, hi) = rates[(a, b)]
                cells.append(f"{w:.1%} ({lo:.1%}-{hi:.1%})")
            else:
                w, (lo, hi) = rates[(b, a)]
                cells.append(f"{1 - w:.1%} ({1 - hi:.1%}-{1 - lo:.1%})")
        matrix.append(cells)
    cell = 2 + max(_column(n, [row[j] for row in matrix]) for j, n in enumerate(players))
    lines = [f"{len(players)} players, {r['games_per_pair']} games a pair"
             f"{' (duplicate deals)' if r['duplicate'] else ''}, seed {r['seed']} "
             f"({r['elapsed_s']:.0f} s)", "", "win rate of the row against the column "
             "(95% interval):", " " * width + "".join(f"{n:>{cell}}" for n in players)]
    lines += [f"{a:<{width}}" + "".join(f"{c:>{cell}}" for c in cells)
              for a, cells in zip(players, matrix, strict=True)]
    rated = all(p["elo"] is not None for p in r["players"])  # (not a run stopped early)
    ranked = sorted(r["players"], key=lambda p: -p["elo"] if rated else -p["wins"])
    intervals = [f"{p['elo_ci95'][0]:.0f}-{p['elo_ci95'][1]:.0f}" if rated else "-"
                 for p in ranked]
    elos = [f"{p['elo']:.0f}" if rated else "-" for p in ranked]
    wins = [f"{p['wins']}/{p['games']}" for p in ranked]
    iw, ww = 1 + _column("95% interval", intervals), 1 + _column("wins", wins)
    lines += ["" if rated else "\nnot rated: the run was stopped early",
              f"{'player':<{width}}{'Elo':>7}{'95% interval':>{iw}}{'wins':>{ww}} "
              f"{'ACC pts/game':>13} {'skunks':>8} {'skunked':>8} {'pts/deal':>9}"]
    for p, shown, interval, won in zip(ranked, elos, intervals, wins, strict=True):
        lines.append(f"{p['name']:<{width}}{shown:>7}{interval:>{iw}}{won:>{ww}} "
                     f"{p['acc_points_per_game']:>13.2f} "
                     f"{p['skunk_rate']:>8.1%} {p['skunked_rate']:>8.1%} "
                     f"{p['points_per_deal'].get('total', 0):>9.2f}")
    lines += ["", "ACC points net a game of the first against the second (95% interval):"]
    for row in r["pairs"]:
        lo, hi = row["acc_net_ci95_a"]
        lines.append(f"{row['a'] + ' v ' + row['b']:<{2 * width + 3}}"
                     f"{row['acc_net_a']:>+7.3f} ({lo:+.3f} to {hi:+.3f})")
    return "\n".join(lines)


def write_ratings(results: dict[str, Any], path: Path) -> None:
    data = {"seed": results["seed"], "duplicate": results["duplicate"],
            "games_per_pair": results["games_per_pair"],
            "ratings": {p["name"]: {"elo": round(p["elo"], 1),
                                    "ci95": [round(x, 1) for x in p["elo_ci95"]],
                                    "games": p["games"]} for p in results["players"]}}
    write_json_atomic(path, data)


def _tell(message: str) -> None:
    print(f"cribbage: {message}", file=sys.stderr)


def check_history() -> Path:
    """The history database's path, checked before a tournament plays (not found unusable
    after it): a file that can be written in a folder that can be; a damaged one is
    recovered now (``ai.history.recover``, with a line on stderr). HistoryError if it
    cannot be used."""
    from ai.history import open_database
    from ai.paths import HISTORY_NAME, data_dir
    from engine.arguments import check_output_file

    path = data_dir() / HISTORY_NAME
    if path.exists():  # (what is not a file, a named pipe say, is set aside as damage is)
        open_database(path, _tell).close()
    return check_output_file(path)


def store(path: Path, results: dict[str, Any]) -> int:
    """Add a run to the database (a damaged one is recovered first, with a line on
    stderr); returns its id. HistoryError if the database cannot take it."""
    from ai.history import HistoryError, open_database

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
