"""``cribbage tournament P1 P2 ... --variant NAME``: every table of the variant's players,
every seating, the same deals at each, standings by entrant (partners share), the refusals
in one line, Ctrl-C keeping what finished."""

from __future__ import annotations

import itertools
import json
from collections import Counter

import pytest

from ai.match import variant_tournament
from ai.match.variant_tournament import run_variant_tournament, seatings, tables
from cribbage_gui.services import gamefile
from cribbage_gui.services.gamefile import GameSaver
from engine.events import Dealt
from engine.rules import VARIANTS


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_place_sits_at_every_seat_and_after_every_other_place(players):
    found = seatings(players)
    assert len(set(found)) == len(found) == {2: 2, 3: 6, 4: 8}[players]
    for place, seat in itertools.product(range(players), repeat=2):
        assert sum(s[seat] == place for s in found) == len(found) // players
    if players == 3:  # who sits on whose left: every ordered pair, as often
        after = Counter((s[i], s[(i + 1) % 3]) for s in found for i in range(3))
        assert set(after.values()) == {3} and len(after) == 6
    if players == 4:  # partners stay across
        assert {frozenset((s[0], s[2])) for s in found} == {frozenset((0, 2)),
                                                           frozenset((1, 3))}


def test_the_tables_are_every_set_and_every_split_into_partnerships():
    three = tables(5, VARIANTS["three-player"])
    assert len(three) == 10 and len({frozenset(t) for t in three}) == 10
    four = tables(5, VARIANTS["four-player"])
    assert len(four) == 15
    splits = {frozenset((frozenset((t[0], t[2])), frozenset((t[1], t[3])))) for t in four}
    assert len(splits) == 15  # each split of each four once


def test_a_three_player_tournament_plays_the_same_deals_at_every_seating(tmp_path):
    names = ["random", "heuristic", "random"]
    r = run_variant_tournament(names, VARIANTS["three-player"], 12, seed=4,
                               save_games=GameSaver(str(tmp_path), "tournament"))
    assert r["variant"] == "three-player" and not r["stopped_early"]
    assert [p["name"] for p in r["players"]] == ["random", "heuristic", "random (2)"]
    assert r["games_per_table"] == 12 and len(r["tables"]) == 1
    assert all(p["games"] == 12 for p in r["players"])
    assert sum(p["wins"] for p in r["players"]) == 12  # one winner a game
    lo, hi = r["players"][1]["ci95"]
    assert lo <= r["players"][1]["win_rate"] <= hi
    files = [gamefile.read(path) for path in sorted(tmp_path.glob("*.crib.json"))]
    assert len(files) == 12
    by_index: dict[int, list] = {}
    for file in files:
        assert file.context["seed"] == 4
        by_index.setdefault(file.context["index"], []).append(file)
    assert sorted(by_index) == [0, 1]
    for index, played in by_index.items():
        assert len({f.players for f in played}) == 6  # every seating once
        first = [next(e for e in f.game.events if isinstance(e, Dealt)) for f in played]
        assert len({(d.dealer, d.hands) for d in first}) == 1  # the same cards, seat by seat
        assert {f.game.first_dealer for f in played} == {index % 3}


def test_partners_share_their_wins_in_a_four_player_tournament():
    names = ["random", "heuristic", "random", "heuristic"]
    r = run_variant_tournament(names, VARIANTS["four-player"], 8, seed=2)
    assert len(r["tables"]) == 3 and r["even_share"] == 0.5
    for table in r["tables"]:
        wins = {row["name"]: row["wins"] for row in table["standings"]}
        for side in table["sides"]:
            assert len(side) == 2 and wins[side[0]] == wins[side[1]]
        assert sum(wins[side[0]] for side in table["sides"]) == table["games"] == 8
    # the heuristics together win their table, and lead the standings
    together = next(t for t in r["tables"]
                    if ["heuristic", "heuristic (2)"] in t["sides"])
    assert together["standings"][1]["wins"] >= 6
    rates = {p["name"]: p["win_rate"] for p in r["players"]}
    assert min(rates["heuristic"], rates["heuristic (2)"]) > \
        max(rates["random"], rates["random (2)"])


def test_the_command_line_prints_json_with_the_variant(capsys):
    from cribbage_gui.cli import main

    assert main(["tournament", "heuristic", "random", "random", "--variant", "five-card",
                 "-n", "4", "-j", "1", "--json", "--no-store"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["variant"] == "five-card" and len(out["tables"]) == 3
    assert out["games_per_table"] == 4 and out["seatings_per_table"] == 2
    assert [p["games"] for p in out["players"]] == [8, 8, 8]


def test_the_command_line_prints_the_standings_best_first(capsys):
    from cribbage_gui.cli import main

    assert main(["tournament", "random", "heuristic", "random", "--variant",
                 "three-player", "-n", "6", "-j", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("three-player: 3 players, 1 table, 6 games a table")
    rows = [line.split()[0] for line in out.splitlines()[3:6]]
    assert rows[0] == "heuristic"
    assert "an even share is 33.3% of the games" in out


@pytest.mark.parametrize("args, says", [
    (["random", "mueller", "random", "--variant", "three-player"],
     "mueller plays the two-player six-card game only, not three-player"),
    (["random", "heuristic", "expert", "--variant", "four-player"],
     "a four-player tournament needs at least 4 players, not 3"),
    (["random", "evolved", "--variant", "five-card"],
     "evolved plays the two-player six-card game only, not five-card"),
    (["random", "heuristic", "random", "--variant", "three-player", "--ratings-out",
      "r.json"], "--ratings-out rates the two-player six-card game only"),
])
def test_the_refusals_are_one_line_before_any_game(args, says, capsys, monkeypatch):
    from cribbage_gui.cli import main

    def no_games(job):
        raise AssertionError("a game was played")

    monkeypatch.setattr(variant_tournament, "play_table_chunk", no_games)
    with pytest.raises(SystemExit) as stop:
        main(["tournament", *args, "-j", "1"])
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and says in err


def test_ctrl_c_prints_what_finished_and_exits_130(tmp_path, capsys, monkeypatch):
    real = variant_tournament.play_variant_game

    def interrupted(players, rules, seed, index):
        if index == 1:
            raise KeyboardInterrupt
        return real(players, rules, seed, index)

    monkeypatch.setattr(variant_tournament, "play_variant_game", interrupted)
    from cribbage_gui.cli import main

    assert main(["tournament", "random", "random", "heuristic", "--variant",
                 "three-player", "-n", "18", "-j", "1", "--json",
                 "--save-games", str(tmp_path)]) == 130
    out = capsys.readouterr()
    results = json.loads(out.out)
    assert results["stopped_early"] and results["tables"][0]["games"] == 6
    assert "stopped early: 6 of 18 games finished" in out.err
    assert len(list(tmp_path.glob("*.crib.json"))) == 6
