"""Practice positions: the table as it was, the review's figures, the built-in set checked
against the exact analysis and the expert, the schedule and ratings, the command."""

from __future__ import annotations

import datetime as dt
import json
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai import make_player
from ai.advice import Memo, discard_advice, play_advice, reads_seen
from ai.match.driver import refereed_game
from cribbage_gui.cli import main
from cribbage_gui.services import gamefile
from cribbage_gui.services.practice import builtin
from cribbage_gui.services.practice.games import positions_from_folder, positions_from_game
from cribbage_gui.services.practice.judge import judge
from cribbage_gui.services.practice.positions import (
    PositionError,
    from_line,
    from_observation,
    read_lines,
    write_lines,
)
from cribbage_gui.services.practice.store import PracticeStore, open_store
from cribbage_gui.services.review import review_game
from engine import GameState, Phase, analyze_discards
from engine.cards import card_name
from engine.record import Replay

T0 = dt.datetime(2026, 11, 26, 12, 0, tzinfo=dt.UTC)
MEMO = Memo(4096)  # the game below is reviewed several ways: its advice worked out once


@cache
def heuristic_v_random():
    """A finished game of heuristic v random, as a game file, and its review."""
    _, game = refereed_game((make_player("heuristic"), make_player("random")), 4, 1)
    file = gamefile.make(game, ("heuristic", "random"))
    return file, review_game(game, file.players, memo=MEMO)


def decisions_of(seed: int):
    """Every discard and card to play of a game of heuristic v heuristic, as observed."""
    players = (make_player("heuristic", seed=1), make_player("heuristic", seed=2))
    game = GameState.new(seed)
    while not game.is_over:
        seat = game.current_player()
        obs = game.observation(seat)
        if (obs.phase is Phase.DISCARD and obs.toss is None) or \
                (obs.phase is Phase.PLAY and obs.legal_cards):
            yield obs
        game.apply(seat, players[seat].decide(obs).action)


# ---------------------------------------------------------------------------- positions
@settings(max_examples=4, deadline=None)
@given(st.integers(0, 2**31))
def test_a_position_line_gives_back_exactly_the_observation(seed):
    for obs in decisions_of(seed):
        position = from_observation(obs, source="test")
        again = from_line(json.loads(json.dumps(position.to_line())))
        assert again.table == obs and again.id == position.id and again.kind == position.kind


def test_a_set_round_trips_through_json_lines():
    positions = [from_observation(o) for o, _ in zip(decisions_of(3), range(30), strict=False)]
    assert [p.to_line() for p in read_lines(write_lines(positions))] == \
        [p.to_line() for p in positions]


@cache
def own_positions():
    """The marked decisions of :func:`heuristic_v_random` as positions (reviewed once)."""
    file, _ = heuristic_v_random()
    return tuple(positions_from_game(file, "a.crib.json", memo=MEMO))


def _line():
    return own_positions()[0].to_line()


def _bad(change):
    line = json.loads(json.dumps(_line()))
    change(line)
    return line


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(format="x"), "format"),
    (lambda d: d["table"].update(dealt=d["table"]["dealt"][:5]), "dealt"),
    (lambda d: d["table"]["dealt"].__setitem__(0, "ZZ"), "table.dealt"),
    (lambda d: d["table"]["dealt"].__setitem__(1, d["table"]["dealt"][0]), "duplicated"),
    (lambda d: d["table"].update(count=9), "count"),
    (lambda d: d["table"].update(scores=[121, 3]), "scores"),
    (lambda d: d.update(themes=["luck"]), "themes"),
    (lambda d: d.update(best=["2C", "3C"] if "2C" not in d["table"]["dealt"] else ["4D", "5D"]),
     "best"),
    (lambda d: d.update(seat=1 - d["seat"]), "seat"),
    (lambda d: d["table"]["scores"].__setitem__(0, d["table"]["scores"][0] + 1), "id"),
    (lambda d: d["table"].update(hand=["AS"]), "hand"),
    (lambda d: d.update(version=True), "version: should be 1, not true"),  # (True == 1)
    (lambda d: d.update(reads=[[0.0] * 4]), "reads"),
    (lambda d: d.update(reads=[[0.0] * 4, [0.0] * 3]), "reads"),
    (lambda d: d.update(reads=[[0.0] * 4, [0.0, 0.0, 0.0, 1.5]]), "reads"),
    (lambda d: d.update(reads=[[0.0] * 4, [0.0, 0.0, 0.0, "x"]]), "reads"),
])
def test_a_bad_line_is_refused_saying_what_is_wrong(change, words):
    with pytest.raises(PositionError, match=words):
        from_line(_bad(change))


def test_reading_a_set_names_the_bad_line_and_reads_nothing():
    good = json.dumps(_line())
    with pytest.raises(PositionError, match="line 3: not valid JSON"):
        read_lines(f"{good}\n\n{{oops\n{good}\n")
    with pytest.raises(PositionError, match="line 1:"):
        read_lines("[1, 2]\n")
    # what would end in a traceback from the JSON parser itself
    for hostile in ('{"seat": ' + "9" * 5000 + "}", "[" * 100_000, '{"deal": NaN}'):
        with pytest.raises(PositionError, match="line 2:"):
            read_lines(f"{good}\n{hostile}\n")


# ---------------------------------------------------------------------------- from games
def test_positions_from_a_game_are_its_marked_decisions_as_the_table_showed_them():
    file, review = heuristic_v_random()
    positions = own_positions()
    marked = [d for d in review.decisions if d.mark is not None]
    assert len(positions) == len(marked) >= 5
    states, states_before = {}, {}
    for i, (state, seat, _) in enumerate(Replay(GameState, file.game.to_record())):
        states[i] = state.observation(seat)
        states_before[i] = (GameState.from_record(state.to_record()), seat)
    for position, decision in zip(positions, marked, strict=True):
        line = position.to_line()
        # the review's own fields for the decision, and the table as it was
        for key in ("seat", "deal", "kind", "points_lost", "win_prob_lost", "mark"):
            assert line[key] == decision.to_dict()[key]
        assert line["chosen"] == [card_name(c) for c in decision.chosen]
        assert line["best"] == [card_name(c) for c in decision.best]
        assert line["source"] == "a.crib.json"
        assert position.table == states[decision.action]
        assert from_line(json.loads(json.dumps(line))).table == states[decision.action]
        table = line["table"]
        assert table["scores"] == list(decision.scores) and table["dealer"] == decision.dealer
        assert table["count"] == decision.count
        # a card to play carries what the game had shown of the opponent's leads and answers
        # by then (the review read it by them), and keeps it through its line
        state, seat = states_before[decision.action]
        assert position.reads == (reads_seen(state.events, seat) if position.kind == "play"
                                  else None)
        assert from_line(json.loads(json.dumps(line))).reads == position.reads
    assert any(p.reads is not None and any(map(any, p.reads)) for p in positions)
    assert {p.players[p.seat] for p in positions_from_game(file, "a", "random", MEMO)} == {"random"}


def test_judging_a_position_from_a_game_gives_the_review_s_figures():
    for other in own_positions():  # each as the review judged it (a card: with its reads)
        again = judge(other, other.chosen, MEMO)
        assert again.win_lost == pytest.approx(other.review["win_prob_lost"], abs=1e-6)
        assert again.best == other.best
    position = own_positions()[0]
    verdict = judge(position, position.chosen)
    assert not verdict.correct and verdict.best == position.best
    assert verdict.win_lost == pytest.approx(position.review["win_prob_lost"], abs=1e-6)
    assert verdict.points_lost == pytest.approx(position.review["points_lost"], abs=1e-4)
    assert judge(position, position.best).correct
    assert verdict.why and verdict.why.endswith(".")
    with pytest.raises(PositionError):
        judge(position, (position.table.dealt[0],) * 2)


# ---------------------------------------------------------------------------- the set
def test_every_built_in_answer_is_the_exact_analysis_s_and_the_expert_s():
    positions = builtin.builtin_positions()
    assert len(positions) >= 50
    for p in positions:
        obs = p.table
        assert p.themes == builtin.themes_of(p)
        if p.kind == "discard":
            exact = analyze_discards(list(obs.dealt), obs.is_dealer)
            assert set(exact[0].toss) == set(p.best)
            assert exact[0].net - exact[1].net >= builtin.DISCARD_MARGIN
            assert set(discard_advice(obs).best.toss) == set(p.best)
            continue
        play = play_advice(obs)
        ranked = play.options
        assert ranked[0].card >> 2 == p.best[0] >> 2
        if max(obs.scores) < builtin.END_GAME:
            assert play.mode == "points"
            assert ranked[0].points - max(o.points for o in ranked[1:]) >= builtin.PLAY_MARGIN
        else:
            assert ranked[0].win - max(o.win for o in ranked[1:]) >= builtin.END_MARGIN
            # near 121 the score changes the answer: not the card scoring the most points
            assert max(ranked, key=lambda o: o.points).card >> 2 != p.best[0] >> 2
            assert "counting-out" in p.themes


def test_the_built_in_set_covers_both_roles_the_play_and_every_theme():
    positions = builtin.builtin_positions()
    themes = [t for p in positions for t in p.themes]
    for theme in ("dealer", "pone", "fives", "balking", "the-count", "pegging-traps",
                  "counting-out"):
        assert themes.count(theme) >= 1, theme
    counts = {p.table.count for p in positions if p.kind == "play"}
    assert min(counts) == 0 and max(counts) >= 16


# ---------------------------------------------------------------------------- the store
def _store(tmp_path, positions=None):
    own = own_positions()
    return PracticeStore(tmp_path / "practice.sqlite3",
                         builtin=builtin.builtin_positions()[:3] if positions is None
                         else positions), own


def test_a_wrong_answer_comes_back_soon_and_a_right_one_later(tmp_path):
    store, own = _store(tmp_path)
    store.add(own, "games")
    first = store.next_position(T0)
    assert first is not None and first.source == "a.crib.json"  # own before built-in
    wrong = store.record(first, first.chosen, False, 2.0, 0.06, 12.0, T0)
    right_pos = store.next_position(T0)
    assert right_pos is not None and right_pos.id != first.id
    right = store.record(right_pos, right_pos.best, True, 0.0, 0.0, 8.0, T0)
    assert wrong.due - T0 <= dt.timedelta(minutes=10)
    assert right.due > wrong.due
    # the ratings move: the player down for a miss, the position up; then the reverse
    assert wrong.rating_change < 0 < right.rating_change
    assert wrong.position_rating > 1500 > right.position_rating
    assert store.rating()[1] < 350  # the deviation shrinks with answers
    # once due again, the missed position comes before any new one
    later = T0 + dt.timedelta(minutes=11)
    assert store.next_position(later).id == first.id
    s = store.summary(later)
    assert (s["answered"], s["correct"], s["accuracy"]) == (2, 1, 0.5)
    assert s["due"] >= 1 and len(s["rating_history"]) == 2
    assert s["positions"] == {"games": len(own), "import": 0, "built-in": 3}
    store.close()
    again = PracticeStore(tmp_path / "practice.sqlite3", builtin=())
    assert again.rating() == pytest.approx((right.rating, right.deviation))
    # a card kept from a game keeps what the game had shown of the opponent's reads
    assert {p.id: p.reads for p in again.positions(("games",))} == {p.id: p.reads for p in own}
    again.close()


def test_a_new_position_nearest_the_player_s_rating_comes_first(tmp_path):
    store, _ = _store(tmp_path)
    a, b, c = builtin.builtin_positions()[:3]
    store.record(a, a.best, False, 1, 0.1, None, T0)  # a gets harder, the player weaker
    nearest = store.next_position(T0, skip={a.id})
    mine = store.rating()[0]
    gaps = {p.id: abs(store.difficulty(p.id)[0] - mine) for p in (b, c)}
    assert nearest.id == min(gaps, key=gaps.get)


@pytest.mark.parametrize("damage", [b"not a database at all" * 100, b"SQLite format 3\0" +
                                    b"\xff" * 5000])
def test_a_damaged_practice_file_is_set_aside_and_practice_goes_on(tmp_path, damage):
    path = tmp_path / "practice.sqlite3"
    path.write_bytes(damage)
    told = []
    store = PracticeStore(path, told.append, builtin=builtin.builtin_positions()[:2])
    assert told and "set aside" in told[0]
    assert [p.name for p in tmp_path.iterdir() if "corrupt" in p.name]
    assert len(store.positions()) == 2


def test_a_practice_file_that_cannot_be_opened_gives_way_to_one_in_memory(tmp_path):
    (tmp_path / "a file").write_text("")
    store, message = open_store(tmp_path / "a file" / "practice.sqlite3",
                                builtin=builtin.builtin_positions()[:1])
    assert message and "will not be remembered" in message
    position = store.next_position(T0)
    store.record(position, position.best, True, 0.0, 0.0, None, T0)  # works, for the session
    assert store.summary(T0)["answered"] == 1


# ---------------------------------------------------------------------------- the command
def _folder(tmp_path):
    file, _ = heuristic_v_random()
    games = tmp_path / "games"
    gamefile.write(games / "one.crib.json", file)
    (games / "broken.crib.json").write_text("{not json")
    return games


def test_from_games_prints_one_object_a_line_and_reports_a_bad_file(tmp_path, capsys,
                                                                    monkeypatch):
    monkeypatch.setenv("CRIBBAGE_DATA_DIR", str(tmp_path / "data"))
    games = _folder(tmp_path)
    assert main(["practice", "--from-games", str(games), "--player", "random", "--json"]) == 0
    out, err = capsys.readouterr()
    lines = [json.loads(x) for x in out.splitlines()]
    assert lines and all(x["players"][x["seat"]] == "random" and x["mark"] for x in lines)
    assert all(set(x) >= {"source", "seat", "deal", "kind", "chosen", "best", "points_lost",
                          "win_prob_lost", "mark", "table"} for x in lines)
    assert "broken.crib.json" in err
    # the same positions as the library gives
    expected = [p.to_line() for p in positions_from_folder(games, "random", memo=MEMO)]
    assert lines == expected
    (tmp_path / "mine.jsonl").write_text(out)
    assert main(["practice", "--import", str(tmp_path / "mine.jsonl")]) == 0
    assert f"imported {len(lines)} new" in capsys.readouterr().out
    assert main(["practice", "--export", str(tmp_path / "out.jsonl")]) == 0
    assert (tmp_path / "out.jsonl").read_text() == out


def test_an_import_with_a_bad_line_changes_nothing(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("CRIBBAGE_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "data").mkdir()
    good = json.dumps(_line())
    bad = tmp_path / "bad.jsonl"
    altered = good.replace('"count": ', '"count": 1')
    bad.write_text(f"{good}\n{altered}\n")
    with pytest.raises(SystemExit) as stop:
        main(["practice", "--import", str(bad)])
    assert stop.value.code == 2
    assert "line 2" in capsys.readouterr().err
    store = PracticeStore(tmp_path / "data" / "practice.sqlite3", builtin=())
    assert store.positions(("import",)) == []


@pytest.mark.parametrize("argv", [["--player", "you"], ["--json"], ["--all"],
                                  ["--import", "nowhere.jsonl"],
                                  ["--from-games", "nowhere"]])
def test_the_command_refuses_what_it_cannot_do_in_one_line(tmp_path, capsys, monkeypatch,
                                                           argv):
    monkeypatch.setenv("CRIBBAGE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as stop:
        main(["practice", *argv])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
