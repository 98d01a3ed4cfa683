"""Practice in every variant: a five-card, three- or four-player position round-trips
exactly, a variant's game gives its marked decisions as positions of that variant, the
judge weighs a one-card toss in points, and an old practice file gains the variant."""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from functools import cache

import pytest

from ai import make_player
from ai.advice import Memo
from ai.match.variant import play_variant_game
from cribbage_gui.services import gamefile
from cribbage_gui.services.practice.builtin import builtin_positions
from cribbage_gui.services.practice.games import positions_from_game
from cribbage_gui.services.practice.judge import judge
from cribbage_gui.services.practice.positions import (
    Position,
    PositionError,
    from_line,
    from_observation,
)
from cribbage_gui.services.practice.store import PracticeStore
from cribbage_gui.services.review import review_game
from engine import GameState, Phase
from engine.record import Replay
from engine.rules import VARIANTS

T0 = dt.datetime(2026, 11, 29, 12, 0, tzinfo=dt.UTC)
MEMO = Memo(4096)


@cache
def variant_game(variant: str, seed: int = 3) -> gamefile.GameFile:
    """A finished game of ``variant``: "you" (playing at random) in seat 0, heuristic
    players in the others."""
    rules = VARIANTS[variant]
    players = [make_player("random", seed=seed)] + [make_player("heuristic")
                                                    for _ in range(rules.players - 1)]
    game = play_variant_game(players, rules, seed, 0)
    return gamefile.make(game, ("you",) + ("heuristic",) * (rules.players - 1))


def variant_positions(variant: str, kind: str, seat: int = 0, seed: int = 3
                      ) -> list[Position]:
    """Every ``kind`` decision of ``seat`` in :func:`variant_game`, as positions (quick:
    no review)."""
    file = variant_game(variant, seed)
    found = []
    for state, who, _action in Replay(GameState, file.game.to_record()):
        if who != seat:
            continue
        obs = state.observation(seat)
        wanted = Phase.DISCARD if kind == "discard" else Phase.PLAY
        if obs.phase is wanted and (kind == "discard" or len(obs.legal_cards) > 1):
            found.append(from_observation(obs, objective="points", source="history:7",
                                          players=file.players))
    return found


@pytest.mark.parametrize("variant", ["five-card", "three-player", "four-player"])
def test_a_variant_s_position_line_gives_back_exactly_the_observation(variant):
    file = variant_game(variant)
    seen = 0
    for state, seat, _action in Replay(GameState, file.game.to_record()):
        obs = state.observation(seat)
        if not ((obs.phase is Phase.DISCARD and obs.toss is None) or
                (obs.phase is Phase.PLAY and obs.legal_cards)):
            continue
        position = from_observation(obs, objective="points", players=file.players)
        line = json.loads(json.dumps(position.to_line()))
        assert line["variant"] == variant
        back = from_line(line)
        assert back.table == obs and back.id == position.id
        assert back.players == file.players and back.variant == variant
        seen += 1
    assert seen > 20


def test_a_six_card_line_is_as_it_was():
    position = builtin_positions()[0]
    line = position.to_line()
    assert "variant" not in line and position.variant == "six-card"
    assert from_line(line).id == line["id"]


def _variant_line():
    return json.loads(json.dumps(variant_positions("three-player", "discard")[0].to_line()))


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(objective="win"), "judged by points"),
    (lambda d: d.pop("variant"), "judged by points"),
    (lambda d: d["table"].update(scores=[1, 2]), "3 scores"),
    (lambda d: d["table"].update(go_said=[False, False]), "3 seats"),
    (lambda d: d["table"].update(dealt=d["table"]["dealt"] + ["2C"]), "five cards dealt"),
    (lambda d: d.update(players=["you", "heuristic"]), "players are 3"),
    (lambda d: d.update(variant="four-player"), "4 seats"),
])
def test_a_bad_variant_line_is_refused_saying_what_is_wrong(change, words):
    line = _variant_line()
    change(line)
    with pytest.raises(PositionError, match=words):
        from_line(line)


@pytest.mark.parametrize("variant", ["three-player", "four-player", "five-card"])
def test_a_variant_game_s_marked_decisions_become_its_positions(variant):
    file = variant_game(variant)
    found = positions_from_game(file, "history:7", "you", MEMO)
    review = review_game(file.game, file.players, memo=MEMO)
    marked = [d for d in review.decisions if d.seat == 0 and d.mark is not None]
    assert len(found) == len(marked) > 0
    for position, decision in zip(found, marked, strict=True):
        assert position.variant == variant and position.objective == "points"
        assert position.seat == 0 and position.players == file.players
        assert position.chosen == decision.chosen and position.best == decision.best
        assert position.review["points_lost"] == round(decision.points_lost, 4)
        # the answer given at the table is judged as the review judged it
        verdict = judge(position, position.chosen, MEMO)
        assert not verdict.correct and verdict.mode == verdict.objective == "points"
        assert verdict.points_lost == pytest.approx(decision.points_lost, abs=1e-9)
        assert verdict.win_lost == verdict.points_lost  # (points: the review's convention)
        assert from_line(json.loads(json.dumps(position.to_line()))).id == position.id


def test_a_toss_of_one_card_is_judged_in_points_with_every_option():
    position = variant_positions("three-player", "discard")[0]
    obs = position.table
    assert position.size == 1 and len(obs.dealt) == 5
    with pytest.raises(PositionError, match="one card of the 5"):
        judge(position, obs.dealt[:2], MEMO)
    best = judge(position, obs.dealt[:1], MEMO).best
    verdict = judge(position, best, MEMO)
    assert verdict.correct and verdict.points_lost == pytest.approx(0.0, abs=1e-9)
    assert sorted(o.cards for o in verdict.options) == sorted((c,) for c in obs.dealt)
    assert [o.points for o in verdict.options] == sorted(
        (o.points for o in verdict.options), reverse=True)
    worst = verdict.options[-1].cards
    wrong = judge(position, worst, MEMO)
    assert not wrong.correct
    assert wrong.points_lost == pytest.approx(verdict.options[0].points
                                              - verdict.options[-1].points)
    assert "points better" in wrong.why or "close, but the best" in wrong.why


def test_a_card_in_four_players_is_judged_in_points():
    position = variant_positions("four-player", "play")[0]
    options = judge(position, position.table.legal_cards[:1], MEMO).options
    best = judge(position, options[0].cards, MEMO)
    assert best.correct and best.objective == "points"
    assert all(o.now is not None for o in best.options)


# ---------------------------------------------------------------------------- the store
OLD_SCHEMA = """
CREATE TABLE practice_positions (
    id TEXT PRIMARY KEY, origin TEXT NOT NULL, line TEXT NOT NULL, added_at TEXT NOT NULL,
    rating REAL NOT NULL, deviation REAL NOT NULL, card TEXT,
    answered INTEGER NOT NULL DEFAULT 0, correct INTEGER NOT NULL DEFAULT 0);
CREATE TABLE practice_answers (
    id INTEGER PRIMARY KEY, position TEXT NOT NULL, at TEXT NOT NULL, chosen TEXT NOT NULL,
    correct INTEGER NOT NULL, points_lost REAL NOT NULL, win_lost REAL NOT NULL,
    seconds REAL, rating REAL NOT NULL, deviation REAL NOT NULL);
CREATE TABLE practice_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE practice_scanned (game_id INTEGER PRIMARY KEY);
"""


def old_store(path, positions):
    """A practice file as the program kept it before the variants: no variant column, a
    position answered once, a game searched."""
    db = sqlite3.connect(path)
    with db:
        db.executescript(OLD_SCHEMA)
        db.executemany("INSERT INTO practice_positions (id, origin, line, added_at, rating, "
                       "deviation) VALUES (?, ?, ?, ?, 1500, 350)",
                       [(p.id, "games", json.dumps(p.to_line()), T0.isoformat())
                        for p in positions])
        db.execute("INSERT INTO practice_answers (position, at, chosen, correct, points_lost,"
                   " win_lost, rating, deviation) VALUES (?, ?, '5H JD', 0, 1.5, 0.02, 1480,"
                   " 330)", (positions[0].id, T0.isoformat()))
        db.execute("INSERT INTO practice_meta VALUES ('player', "
                   "'{\"rating\": 1480, \"deviation\": 330}')")
        db.execute("INSERT INTO practice_scanned VALUES (12)")
    db.close()


def test_an_old_practice_file_gains_the_variant_and_keeps_everything(tmp_path):
    path = tmp_path / "practice.sqlite3"
    old = builtin_positions()[:3]
    old_store(path, old)
    store = PracticeStore(path, builtin=())
    assert [p.id for p in store.positions()] == [p.id for p in old]
    assert store.variants() == ["six-card"] and store.scanned() == {12}
    assert store.rating() == (1480.0, 330.0) and store.summary()["answered"] == 1
    assert store.next_position(T0, variant="six-card").id == old[0].id
    assert store.next_position(T0, variant="three-player") is None
    mine = variant_positions("three-player", "discard")[:2]
    assert store.add(mine, "games") == 2
    assert store.variants() == ["six-card", "three-player"]
    assert store.next_position(T0, variant="three-player").id in {p.id for p in mine}
    store.record(mine[0], mine[0].table.dealt[:1], False, 2.0, 2.0, now=T0)
    assert store.next_due("three-player") is not None and store.next_due("six-card") is None
    store.close()
    again = PracticeStore(path, builtin=())  # (opened again: nothing added twice)
    columns = [row[1] for row in again.db.execute("PRAGMA table_info(practice_positions)")]
    assert columns.count("variant") == 1
    assert again.variants() == ["six-card", "three-player"]
    again.close()
