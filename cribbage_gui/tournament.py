"""``cribbage tournament``: a round robin with a table, JSON, a PNG chart and the database.

Results go into the history database (``tournaments`` and ``tournament_players``), so runs
accumulate; ``--ratings-out`` writes the ratings file the registry and the new-game dialog
show (``assets/ratings.json``).
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import sqlite3
from pathlib import Path
from typing import Any

import numpy as np
from tqdm import tqdm

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


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "tournament", help="a round robin between computer players, with Elo ratings",
        description="Every pair plays N games. --duplicate plays each sequence of deals "
                    "twice with the seats swapped, so the luck of the cards cancels. Prints "
                    "the win-rate matrix with 95%% intervals, ACC points, Elo ratings with "
                    "intervals, per-deal points and skunk rates; stores the run in the "
                    "history database.",
        epilog="example: cribbage tournament random heuristic mueller expert --games 2000 "
               "--duplicate --workers 2 --out results/")
    p.add_argument("players", nargs="+", metavar="PLAYER")
    p.add_argument("--games", "-n", type=int, default=200, help="games per pair")
    p.add_argument("--seed", "-s", type=int, default=0)
    p.add_argument("--duplicate", action="store_true")
    p.add_argument("--workers", "-j", type=int, default=os.cpu_count() or 1)
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--out", type=Path, help="write results.json and results.png here")
    p.add_argument("--ratings-out", type=Path, help="write the players' ratings (JSON)")
    p.add_argument("--no-store", action="store_true", help="do not add it to the database")
    p.set_defaults(handler=_tournament)


def _tournament(args: argparse.Namespace) -> int:
    from ai.match.tournament import run_tournament

    pairs = len(args.players) * (len(args.players) - 1) // 2
    total = pairs * (2 * ((args.games + 1) // 2) if args.duplicate else args.games)
    with tqdm(total=total, unit="game", desc="tournament", disable=None) as bar:
        results = run_tournament(args.players, args.games, args.seed, args.duplicate,
                                 args.workers, progress=bar.update)
    results["games_per_pair"] = args.games
    if args.json:
        print(json.dumps(results, indent=1))
    else:
        print(format_table(results))
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "results.json").write_text(json.dumps(results, indent=1))
        chart(results, args.out / "results.png")
    if args.ratings_out:
        write_ratings(results, args.ratings_out)
    if not args.no_store:
        from cribbage_gui.saving import HISTORY_NAME, data_dir

        store(data_dir() / HISTORY_NAME, results)
    return 0


def format_table(r: dict[str, Any]) -> str:
    players = [p["name"] for p in r["players"]]
    width = max(10, *(len(n) for n in players)) + 2
    lines = [f"{len(players)} players, {r['games_per_pair']} games a pair"
             f"{' (duplicate deals)' if r['duplicate'] else ''}, seed {r['seed']} "
             f"({r['elapsed_s']:.0f} s)", "", "win rate of the row against the column "
             "(95% interval):", " " * width + "".join(f"{n:>{width + 8}}" for n in players)]
    rates = {(row["a"], row["b"]): (row["win_rate_a"], row["ci95_a"]) for row in r["pairs"]}
    for a in players:
        cells = []
        for b in players:
            if a == b:
                cells.append(f"{'—':>{width + 8}}")
            elif (a, b) in rates:
                w, (lo, hi) = rates[(a, b)]
                cells.append(f"{w:>{width - 12}.1%} ({lo:.1%}-{hi:.1%})".rjust(width + 8))
            else:
                w, (lo, hi) = rates[(b, a)]
                cells.append(f"{1 - w:>{width - 12}.1%} ({1 - hi:.1%}-{1 - lo:.1%})"
                             .rjust(width + 8))
        lines.append(f"{a:<{width}}" + "".join(cells))
    lines += ["", f"{'player':<{width}}{'Elo':>7} {'95% interval':>15} {'wins':>12} "
                  f"{'ACC pts/game':>13} {'skunks':>8} {'skunked':>8} {'pts/deal':>9}"]
    for p in sorted(r["players"], key=lambda p: -p["elo"]):
        lo, hi = p["elo_ci95"]
        lines.append(f"{p['name']:<{width}}{p['elo']:>7.0f} {f'{lo:.0f}-{hi:.0f}':>15} "
                     f"{p['wins']:>6}/{p['games']:<5} {p['acc_points_per_game']:>13.2f} "
                     f"{p['skunk_rate']:>8.1%} {p['skunked_rate']:>8.1%} "
                     f"{p['points_per_deal'].get('total', 0):>9.2f}")
    return "\n".join(lines)


def write_ratings(results: dict[str, Any], path: Path) -> None:
    from cribbage_gui.saving import write_json_atomic

    data = {"seed": results["seed"], "duplicate": results["duplicate"],
            "games_per_pair": results["games_per_pair"],
            "ratings": {p["name"]: {"elo": round(p["elo"], 1),
                                    "ci95": [round(x, 1) for x in p["elo_ci95"]],
                                    "games": p["games"]} for p in results["players"]}}
    write_json_atomic(path, data)


def store(path: Path, results: dict[str, Any]) -> int:
    """Add a run to the database; returns its id."""
    db = sqlite3.connect(path)
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
            db.executemany(
                "INSERT INTO tournament_players VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(run, p["name"], p["games"], p["wins"], p["acc_points"], p["elo"],
                  p["elo_ci95"][0], p["elo_ci95"][1]) for p in results["players"]])
        return run
    finally:
        db.close()


def chart(results: dict[str, Any], path: Path) -> Path:
    """Elo ratings with their intervals, and the win-rate matrix, as one PNG."""
    import pyqtgraph as pg

    from cribbage_gui.plots import _app
    from cribbage_gui.theme import LIGHT

    app = _app()
    players = sorted(results["players"], key=lambda p: p["elo"])
    win = pg.GraphicsLayoutWidget()
    win.setBackground(LIGHT.chart_background)  # an image file: always light
    bars = win.addPlot(title="Elo rating (95% interval)")
    x = np.arange(len(players))
    elo = np.array([p["elo"] for p in players])
    lo = np.array([p["elo_ci95"][0] for p in players])
    hi = np.array([p["elo_ci95"][1] for p in players])
    base = float(min(lo)) - 50
    bars.addItem(pg.BarGraphItem(x=x, y0=base, height=elo - base, width=0.6, brush=LIGHT.accent))
    bars.addItem(pg.ErrorBarItem(x=x, y=elo, top=hi - elo, bottom=elo - lo, beam=0.25,
                                 pen=pg.mkPen("k", width=2)))
    bars.getAxis("bottom").setTicks([[(i, p["name"]) for i, p in enumerate(players)]])
    names = [p["name"] for p in results["players"]]
    wins = np.array(results["win_matrix"], dtype=float)
    games = wins + wins.T
    rate = np.divide(wins, games, out=np.full_like(wins, 0.5), where=games > 0)
    matrix = win.addPlot(title="Win rate of the row against the column")
    image = pg.ImageItem(axisOrder="row-major")
    image.setImage(rate, levels=(0.0, 1.0))
    image.setColorMap(pg.ColorMap([0.0, 0.5, 1.0], [(200, 40, 40), (255, 255, 255),
                                                    (40, 150, 60)]))
    matrix.addItem(image)
    matrix.invertY(True)
    for i in range(len(names)):
        for j in range(len(names)):
            if i != j:
                text = pg.TextItem(f"{rate[i, j]:.0%}", color="k", anchor=(0.5, 0.5))
                text.setPos(j + 0.5, i + 0.5)
                matrix.addItem(text)
    ticks = [[(i + 0.5, n) for i, n in enumerate(names)]]
    matrix.getAxis("left").setTicks(ticks)
    matrix.getAxis("bottom").setTicks(ticks)
    bars.getAxis("left").setWidth(50)
    matrix.getAxis("left").setWidth(max(60, 8 * max(len(n) for n in names)))
    for plot in (bars, matrix):
        for side in ("left", "bottom"):
            plot.getAxis(side).setTextPen("k")
    win.resize(1100, 480)
    app.processEvents()
    win.grab().save(str(path))
    win.close()
    return path
