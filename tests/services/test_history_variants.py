"""The history keeps each game's variant and gives the statistics per variant; a history
from before the variants is upgraded in place, every game kept as a six-card game."""

from __future__ import annotations

import sqlite3
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai import make_player
from ai.match.driver import refereed_game
from ai.match.variant import play_variant_game
from cribbage_gui.services.history import History, deal_rows
from cribbage_gui.services.review import review_game
from engine.events import Dealt, Scored
from engine.rules import VARIANTS, skunk_of

TABLES = {
    "five-card": ("expert", "random"),
    "three-player": ("heuristic", "random", "random"),
    "four-player": ("heuristic", "random", "heuristic", "random"),
}

# the history's tables as the version before the variants made them (its SCHEMA then)
OLD_SCHEMA = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY, finished_at TEXT NOT NULL, opponent TEXT NOT NULL,
    seed INTEGER NOT NULL, game_index INTEGER NOT NULL, human_seat INTEGER NOT NULL,
    human_score INTEGER NOT NULL, opponent_score INTEGER NOT NULL,
    human_won INTEGER NOT NULL, skunk INTEGER NOT NULL, deals INTEGER NOT NULL,
    match_id TEXT, undo_used INTEGER NOT NULL DEFAULT 0, players TEXT, record TEXT,
    accuracy REAL, two_players INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE deals (
    game_id INTEGER NOT NULL REFERENCES games(id), deal INTEGER NOT NULL,
    human_dealer INTEGER NOT NULL, complete INTEGER NOT NULL,
    human_pegging INTEGER, human_hand INTEGER, human_crib INTEGER,
    human_his_heels INTEGER, human_muggins INTEGER,
    opponent_pegging INTEGER, opponent_hand INTEGER, opponent_crib INTEGER,
    opponent_his_heels INTEGER, opponent_muggins INTEGER,
    human_hand_score INTEGER,
    PRIMARY KEY (game_id, deal)
);
"""


@cache
def variant_game(variant: str, seed: int = 2):
    names = TABLES[variant]
    return play_variant_game([make_player(n) for n in names], VARIANTS[variant], seed, 0)


def test_an_old_database_keeps_every_game_as_six_card(tmp_path):
    path = tmp_path / "history.sqlite3"
    _, game = refereed_game((make_player("random"), make_player("random")), 3)
    old = History(tmp_path / "scratch.sqlite3")  # the rows the old version wrote
    old.record_game(game.events, opponent="random", seed=3, game_index=0, human_seat=0,
                    players=("you", "random"), record=game.to_record())
    deals = old.db.execute("SELECT * FROM deals").fetchall()
    row = old.db.execute("SELECT * FROM games").fetchone()[:-1]  # (without the variant)
    old.close()
    db = sqlite3.connect(path)
    db.executescript(OLD_SCHEMA)
    db.execute(f"INSERT INTO games VALUES ({','.join('?' * len(row))})", row)
    db.executemany(f"INSERT INTO deals VALUES ({','.join('?' * len(deals[0]))})", deals)
    db.commit()
    db.close()

    history = History(path)
    try:
        (kept,) = history.games()
        assert kept["variant"] == "six-card" and kept["has_record"]
        assert history.totals() == {"games": 1, "wins": int(game.winner == 0)}
        assert history.per_deal_averages()["dealer"]["deals"] + \
            history.per_deal_averages()["pone"]["deals"] >= len(deals) - 1
        assert history.totals("three-player") == {"games": 0, "wins": 0}
        assert history.variants() == ["six-card"]
        assert history.game_file(kept["id"]).game.actions == game.actions
        # and a variant's game goes in beside it
        history.record_variant_game(variant_game("three-player"), TABLES["three-player"],
                                    (0,), ("random", "random"))
        assert history.variants() == ["six-card", "three-player"]
        assert history.totals()["games"] == 1 and history.totals("three-player")["games"] == 1
    finally:
        history.close()


@pytest.mark.parametrize("variant", list(TABLES))
def test_record_variant_game_keeps_the_persons_side_and_the_game(tmp_path, variant):
    game = variant_game(variant)
    rules = game.rules
    names = ("you", *TABLES[variant][1:])
    history = History(tmp_path / "history.sqlite3")
    try:
        game_id = history.record_variant_game(game, names, (0,), names[1:], match_id="7",
                                              seed=11, game_index=2)
        assert history.record_variant_game(game, names, (0,), names[1:], match_id="7",
                                           seed=11, game_index=2) == game_id  # once
        (row,) = history.games()
        mine = rules.side_of(0)
        assert row["variant"] == variant and row["opponent"] == ", ".join(names[1:])
        assert row["human_score"] == game.scores[mine]
        assert row["opponent_score"] == max(s for side, s in enumerate(game.scores)
                                            if side != mine)
        assert row["human_won"] == (game.winner == mine)
        (skunk,) = history.db.execute("SELECT skunk FROM games").fetchone()
        loser = row["opponent_score"] if row["human_won"] else row["human_score"]
        assert skunk == skunk_of(loser, rules)
        # its own figures, none of them the six-card game's
        assert history.totals(variant) == {"games": 1, "wins": int(row["human_won"])}
        assert history.totals() == {"games": 0, "wins": 0}
        assert [r["opponent"] for r in history.by_opponent(variant)] == [row["opponent"]]
        assert history.by_opponent() == [] and history.win_history() == []
        assert history.win_history(variant) == [int(row["human_won"])]
        deals = sum(history.per_deal_averages(variant)[r]["deals"] for r in ("dealer", "pone"))
        assert deals >= len([e for e in game.events if isinstance(e, Dealt)]) - 1
        assert history.per_deal_averages()["dealer"]["deals"] == 0
        assert len(history.hand_scores(variant)) >= deals and history.hand_scores() == []
        # opened again, it replays with every name, and reviews
        file = history.game_file(game_id)
        assert file.players == names and file.game.actions == game.actions
        assert file.game.rules == rules and file.context["match"] == "7"
        review = review_game(file.game, file.players)
        history.set_accuracy(game_id, review.summary[0].accuracy)
        assert [r["accuracy"] for r in history.accuracy_history(variant)] == [
            pytest.approx(review.summary[0].accuracy)]
        assert history.accuracy_history() == []
    finally:
        history.close()


def test_people_on_two_sides_play_each_other_not_the_computer(tmp_path):
    game = variant_game("four-player")
    history = History(tmp_path / "history.sqlite3")
    try:
        partners = history.record_variant_game(game, ("you", "random", "Ann", "random"),
                                               (0, 2), ("random", "random"))
        across = history.record_variant_game(variant_game("four-player", 3),
                                             ("you", "Bob", "heuristic", "random"), (0, 1),
                                             ("heuristic", "random"))
        games = {g["id"]: g for g in history.games()}
        assert not games[partners]["two_players"]  # partners against the computer
        assert games[across]["two_players"]
        assert games[across]["players"] == ("you", "Bob", "heuristic", "random")
        assert history.totals("four-player")["games"] == 1
        with pytest.raises(ValueError, match="needs 4 names"):
            history.record_variant_game(game, ("you", "random"), (0,), "random")
    finally:
        history.close()


@settings(max_examples=12, deadline=None)
@given(variant=st.sampled_from(list(TABLES)), seed=st.integers(0, 10_000),
       seat=st.integers(0, 3))
def test_a_deals_points_add_up_to_the_persons_side_score(variant, seed, seat):
    rules = VARIANTS[variant]
    seat %= rules.players
    game = play_variant_game([make_player("random") for _ in range(rules.players)], rules,
                             seed, 0)
    mine = rules.side_of(seat)
    first = next(i for i, e in enumerate(game.events) if isinstance(e, Dealt))
    before = [0] * rules.sides  # (three for last, before the first deal)
    for e in game.events[:first]:
        if isinstance(e, Scored):
            before[rules.side_of(e.seat)] = e.total
    rows = deal_rows(game.events, seat, rules)
    human = sum(p for r in rows for (side, _), p in r.points.items() if side == "human")
    others = sum(p for r in rows for (side, _), p in r.points.items() if side == "opponent")
    assert human == game.scores[mine] - before[mine]
    assert others == sum(game.scores) - game.scores[mine] - (sum(before) - before[mine])
    assert all(r.human_dealer == (rules.side_of(d) == mine) for r, d in zip(
        rows, [e.dealer for e in game.events if isinstance(e, Dealt)], strict=False))
