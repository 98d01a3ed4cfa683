"""Tournaments: duplicate deals, the win matrix, ACC points, Elo ratings, the command."""

import json
import math
import sqlite3

import numpy as np
import pytest

from ai import available_players, make_player
from ai.match.driver import game_events, play_game
from ai.match.tournament import acc_net, elo, run_tournament
from engine.events import Dealt


def dealt_by_seat(players, seed, index):
    return [e.hands for e in game_events(players, seed, index) if isinstance(e, Dealt)]


def test_duplicate_games_deal_the_same_cards_to_the_same_seats():
    a = dealt_by_seat((make_player("heuristic"), make_player("random")), 7, 3)
    b = dealt_by_seat((make_player("random"), make_player("heuristic")), 7, 3)
    n = min(len(a), len(b))
    assert n >= 3 and a[:n] == b[:n]  # so each player holds each hand once


def test_a_small_round_robin_adds_up():
    players = ["random", "heuristic", "mueller"]
    r = run_tournament(players, 12, seed=5, duplicate=True)
    wins = np.array(r["win_matrix"])
    for row in r["pairs"]:
        i, j = players.index(row["a"]), players.index(row["b"])
        assert row["games"] == 12 == wins[i, j] + wins[j, i]
        assert row["wins_a"] == wins[i, j]
        lo, hi = row["ci95_a"]
        assert lo <= row["win_rate_a"] <= hi
    by_name = {p["name"]: p for p in r["players"]}
    assert by_name["random"]["elo"] < by_name["heuristic"]["elo"]
    for p in r["players"]:
        assert p["games"] == 24 and p["wins"] == wins[players.index(p["name"])].sum()
        assert 2 * p["wins"] <= p["acc_points"] <= 3 * p["wins"]
        lo, hi = p["elo_ci95"]
        assert lo < p["elo"] < hi
    assert math.isclose(np.mean([p["elo"] for p in r["players"]]), 1500)


def test_the_tournament_replays_the_same_games_as_single_matches():
    r = run_tournament(["heuristic", "mueller"], 4, seed=9, duplicate=True)
    # pair 0 plays with seed 9 + 0: games 0 and 1 as (heuristic, mueller) and swapped
    straight = [play_game((make_player("heuristic"), make_player("mueller")), 9, k)
                for k in range(2)]
    swapped = [play_game((make_player("mueller"), make_player("heuristic")), 9, k)
               for k in range(2)]
    heuristic_wins = sum(g.winner == 0 for g in straight) + sum(g.winner == 1
                                                                 for g in swapped)
    assert r["pairs"][0]["wins_a"] == heuristic_wins


def test_elo_is_the_maximum_likelihood_fit():
    wins = np.array([[0, 760], [240, 0]])
    ratings, errors = elo(wins)
    # 76% is 200 Elo points (less a hair from the half-game smoothing)
    assert 195 < ratings[0] - ratings[1] < 201
    # each rating's error is half the difference's: 400/ln 10 * sqrt(1 / (n p (1 - p))) / 2
    expected = 400 / math.log(10) * math.sqrt(1 / (1002 * 0.7605 * 0.2395)) / 2
    assert errors[0] == pytest.approx(errors[1]) == pytest.approx(expected, rel=0.01)
    wins = np.array([[0, 30, 55], [20, 0, 40], [5, 10, 0]])
    ratings, _ = elo(wins)
    games = wins + wins.T
    g = games + 1.0 * (games > 0)
    w = (wins + 0.5 * (games > 0)).sum(axis=1)
    p = [10 ** (x / 400) for x in ratings]
    for i in range(3):  # the likelihood equations: expected wins equal the wins
        expected = sum(g[i, j] * p[i] / (p[i] + p[j]) for j in range(3) if j != i)
        assert expected == pytest.approx(w[i], rel=1e-6)
    assert elo(np.array([[0, 50], [50, 0]]))[0] == pytest.approx([1500, 1500])


def test_bad_tournaments_are_refused_before_any_work():
    with pytest.raises(ValueError):
        run_tournament(["random"], 10)
    with pytest.raises(ValueError):
        run_tournament(["random", "random"], 10)
    with pytest.raises(Exception, match="nobody"):
        run_tournament(["random", "nobody"], 10)


def test_the_command_prints_stores_and_charts(tmp_path, capsys, monkeypatch):
    from cribbage_gui.cli import main

    monkeypatch.setenv("CRIBBAGE_DATA_DIR", str(tmp_path))
    out = tmp_path / "out"
    ratings = tmp_path / "ratings.json"
    command = ["tournament", "random", "heuristic", "--games", "6", "--duplicate",
               "--workers", "1", "--json", "--out", str(out), "--ratings-out", str(ratings)]
    for _ in range(2):  # (the command's own entry, in this process: no process start)
        assert main(command) == 0
        done = capsys.readouterr()
    results = json.loads(done.out)
    assert {p["name"] for p in results["players"]} == {"random", "heuristic"}
    assert (out / "results.png").stat().st_size > 10_000
    assert json.loads((out / "results.json").read_text())["pairs"] == results["pairs"]
    assert set(json.loads(ratings.read_text())["ratings"]) == {"random", "heuristic"}
    db = sqlite3.connect(tmp_path / "history.sqlite3")
    runs = db.execute("SELECT COUNT(*) FROM tournaments").fetchone()[0]
    rows = db.execute("SELECT name, elo FROM tournament_players").fetchall()
    db.close()
    assert runs == 2 and len(rows) == 4  # runs accumulate
    assert main(command[:-7] + ["--no-store"]) == 0
    text = capsys.readouterr().out
    assert "Elo" in text and "win rate of the row" in text


def test_the_registry_shows_each_levels_measured_rating():
    rated = {p.name: p.rating for p in available_players() if p.level}
    assert all(r is not None for r in rated.values())
    for elo_, lo, hi in rated.values():
        assert lo < elo_ < hi
    assert rated["expert"][0] == max(r[0] for r in rated.values())
    assert rated["random"][0] == min(r[0] for r in rated.values())


def test_the_new_game_dialog_shows_the_ratings(qtbot):
    from PySide6.QtCore import Qt

    from cribbage_gui.dialogs.dialogs import NewGameDialog, Settings

    dialog = NewGameDialog(Settings())
    qtbot.addWidget(dialog)
    from cribbage_gui.table.controller import TWO_PLAYERS

    texts = [dialog.opponent.itemText(i) for i in range(dialog.opponent.count())
             if dialog.opponent.itemData(i) not in ("expert:deep", TWO_PLAYERS)]
    assert len(texts) == 6 and all("Elo" in t for t in texts)  # every level's rating
    deep = dialog.opponent.findData("expert:deep")  # not rated in the tournament: its
    tip = dialog.opponent.itemData(deep, Qt.ItemDataRole.ToolTipRole)  # own measure
    assert "four times" in tip and "4,000 duplicate games" in tip


def test_the_tournament_gives_each_pair_its_acc_points_net():
    r = run_tournament(["random", "heuristic"], games=12, seed=3, duplicate=True)
    pair = r["pairs"][0]
    by_name = {p["name"]: p for p in r["players"]}
    net = (by_name["random"]["acc_points"] - by_name["heuristic"]["acc_points"]) / 12
    assert pair["acc_net_a"] == pytest.approx(net)
    lo, hi = pair["acc_net_ci95_a"]
    assert lo <= net <= hi and hi - lo > 0


def test_duplicate_deals_are_paired_for_the_acc_interval():
    from ai.match.driver import GameResult

    def result(index, winner, skunk):
        return GameResult(index=index, seed=0, first_dealer=0, winner=winner,
                          scores=(121, 80), skunk=skunk, deals=9, deals_dealt=(4, 4))

    # each deal sequence split evenly between the two seatings: the net is exactly 0 and
    # every paired unit is 0, so the paired interval has no width; unpaired it has
    games = [(False, result(0, 0, 1)), (True, result(0, 0, 1)),
             (False, result(1, 1, 0)), (True, result(1, 1, 0))]
    assert acc_net(games, duplicate=True) == (0.0, [0.0, 0.0])
    net, (lo, hi) = acc_net(games, duplicate=False)
    assert net == 0.0 and lo < -1 and hi > 1



def test_the_printed_table_stays_in_line_with_wide_cells():
    """Intervals of 100.0%, long names and wins by the hundred thousand keep every column
    of the matrix and of the ratings in line, with room between them."""
    import re

    from ai.match.report import format_table

    for names in (["random", "heuristic", "mueller"], ["random", "an-engine-named-at-length"]):
        pairs = [{"a": a, "b": b, "games": 200_000, "win_rate_a": 1.0,
                  "ci95_a": [0.999, 1.0], "acc_net_a": 3.0, "acc_net_ci95_a": [2.9, 3.0]}
                 for i, a in enumerate(names) for b in names[i + 1:]]
        players = [{"name": n, "elo": 1500 + 400 * i, "elo_ci95": [1000 + i, 2000 + i],
                    "wins": 400_000 - i, "games": 400_000, "acc_points_per_game": 2.5,
                    "skunk_rate": 0.1, "skunked_rate": 0.1,
                    "points_per_deal": {"total": 9.0}} for i, n in enumerate(names)]
        lines = format_table({"players": players, "pairs": pairs, "duplicate": True,
                              "games_per_pair": 200_000, "seed": 1,
                              "elapsed_s": 10.0}).splitlines()
        start = lines.index("win rate of the row against the column (95% interval):") + 1
        matrix = lines[start:start + 1 + len(names)]
        ends = [[m.end() for m in re.finditer(r"\S+(?: \S+)*", row)] for row in matrix]
        assert all(len(e) == len(names) + 1 for e in ends[1:]), matrix  # apart
        assert all(e[1:] == ends[0] for e in ends[1:]), matrix  # under their headers
        top = next(i for i, line in enumerate(lines) if line.startswith("player"))
        ratings = lines[top:top + 1 + len(names)]
        assert len({line.index("wins") + 4 for line in ratings[:1]}
                   | {re.search(r"\d+/\d+", line).end() for line in ratings[1:]}) == 1
