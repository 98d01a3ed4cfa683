"""A tournament's results as people and programs read them: the printed table and the
ratings file the registry reads (``assets/ratings.json``). The runs kept in the history
database are the application's (``cribbage_gui.services.tournament_runs``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ai.paths import write_json_atomic


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
