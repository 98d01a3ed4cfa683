"""Games between two people at one screen in the history: both names kept, left out of the
figures against the computer; and a history from before them is upgraded in place with
every game and deal it held."""

from __future__ import annotations

import sqlite3

from ai import make_player
from ai.match.driver import refereed_game
from cribbage_gui.services.history import SCHEMA, History


def _game(seed: int):
    _, game = refereed_game((make_player("random"), make_player("random")), seed)
    return game


def _record(history: History, seed: int, two: bool) -> int:
    game = _game(seed)
    return history.record_game(
        game.events, opponent="human" if two else "random", seed=seed, game_index=0,
        human_seat=0, players=("Ann", "Bob") if two else ("you", "random"),
        record=game.to_record(), two_players=two)


def test_two_people_games_keep_both_names_and_stay_out_of_the_computer_figures(tmp_path):
    history = History(tmp_path / "history.sqlite3")
    try:
        against = _record(history, 1, two=False)
        between = _record(history, 2, two=True)
        games = {g["id"]: g for g in history.games()}
        assert games[between]["two_players"] and games[between]["players"] == ("Ann", "Bob")
        assert not games[against]["two_players"] and games[against]["players"] is None
        assert history.totals()["games"] == 1
        assert [r["opponent"] for r in history.by_opponent()] == ["random"]
        assert len(history.win_history()) == 1
        deals_alone = history.per_deal_averages()
        (row,) = history.two_player_games()
        over = _game(2).events[-1]
        assert row["players"] == ("Ann", "Bob") and row["winner"] == over.winner
        assert row["scores"] == tuple(over.scores)
        assert history.game_file(between).players == ("Ann", "Bob")
        # a two-people game adds nothing to the person's per-deal figures
        _record(history, 3, two=True)
        assert history.per_deal_averages() == deals_alone
    finally:
        history.close()


def test_a_history_from_before_two_player_games_is_upgraded_and_keeps_everything(tmp_path):
    written = tmp_path / "written.sqlite3"
    history = History(written)
    ids = [_record(history, seed, two=False) for seed in (4, 5)]
    before = history.games()
    deals = history.db.execute("SELECT COUNT(*) FROM deals").fetchone()[0]
    history.close()
    # the same games as the previous version wrote them: no two_players column
    old_schema = SCHEMA.replace(",\n    two_players INTEGER NOT NULL DEFAULT 0", "")
    assert old_schema != SCHEMA
    path = tmp_path / "history.sqlite3"
    db = sqlite3.connect(path)
    with db:
        db.executescript(old_schema)
        columns = [r[1] for r in db.execute("PRAGMA table_info(games)")]
        assert "two_players" not in columns
        db.execute("ATTACH DATABASE ? AS written", (str(written),))
        names = ", ".join(columns)
        db.execute(f"INSERT INTO games ({names}) SELECT {names} FROM written.games")
        db.execute("INSERT INTO deals SELECT * FROM written.deals")
    db.close()

    upgraded = History(path)
    try:
        after = upgraded.games()
        assert [g["id"] for g in after] == ids[::-1]
        assert after == before  # every field, and none marked as between two people
        assert upgraded.db.execute("SELECT COUNT(*) FROM deals").fetchone()[0] == deals
        assert upgraded.totals()["games"] == 2
        new = _record(upgraded, 6, two=True)
        assert upgraded.two_player_games()[0]["id"] == new
    finally:
        upgraded.close()
