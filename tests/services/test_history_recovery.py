"""One damaged page of a long history costs the rows on that page and no more: the history
is set aside (kept byte for byte), every other game is read back exactly as it was, and the
person is told in one sentence how many games came back and how many could not be read."""

from __future__ import annotations

import random
import shutil
import sqlite3

import pytest

from cribbage_gui.services.history import History, latest_game_file
from tests.ai.helpers import write_history

GAMES = 300


@pytest.fixture(scope="module")
def long_history(tmp_path_factory):
    """A history of 300 games with their records (three games played, each kept 100 times
    under its own seed: the pages are what matter here, not the play)."""
    return write_history(tmp_path_factory.mktemp("long") / "history.sqlite3", GAMES, 3)


def _point_child(data: bytearray, page_size: int, interior: int, cell: int, page: int
                 ) -> None:
    """Four bytes changed: cell ``cell`` of the interior page ``interior`` points at
    ``page`` (an interior cell starts with its child's page number)."""
    base = (interior - 1) * page_size
    at = int.from_bytes(data[base + 12 + 2 * cell:base + 14 + 2 * cell], "big")
    data[base + at:base + at + 4] = page.to_bytes(4, "big")


def _pages(path) -> dict[str, list[tuple[int, str, int]]]:
    """(page number, kind, rows on it) of each table's pages, in page order."""
    db = sqlite3.connect(path)
    try:
        rows = db.execute("SELECT name, pageno, pagetype, ncell FROM dbstat "
                          "ORDER BY pageno").fetchall()
    except sqlite3.OperationalError:
        pytest.skip("this SQLite has no dbstat table to find a table's pages with")
    finally:
        db.close()
    out: dict[str, list[tuple[int, str, int]]] = {}
    for name, page, kind, cells in rows:
        out.setdefault(name, []).append((page, kind, cells))
    return out


def _rows(path, table: str) -> dict[int, tuple]:
    db = sqlite3.connect(path)
    try:
        return {row[0]: row for row in db.execute(f"SELECT rowid, * FROM {table}")}
    finally:
        db.close()


@pytest.mark.parametrize("where", ["a page of games in the middle", "the games' index page",
                                   "the list of tables"])
def test_one_damaged_page_costs_only_the_games_on_it(long_history, tmp_path, where):
    pages = _pages(long_history)
    page_size = sqlite3.connect(long_history).execute("PRAGMA page_size").fetchone()[0]
    if where == "a page of games in the middle":  # a leaf: the games on it are lost
        leaves = [(p, cells) for p, kind, cells in pages["games"] if kind == "leaf"]
        page, lost = leaves[len(leaves) // 2]
        assert lost >= 1
    elif where == "the games' index page":  # interior: it holds no game, only the way
        (page, _, _), = [p for p in pages["games"] if p[1] == "internal"]
        lost = 0
    else:  # page 1 past the file's header: the schema, which holds no game either
        page, lost = 1, 0
    path = tmp_path / "history.sqlite3"
    shutil.copy(long_history, path)
    data = bytearray(path.read_bytes())
    start = (page - 1) * page_size + (100 if page == 1 else 0)  # never the file's header
    rng = random.Random(page)
    data[start:page * page_size] = bytes(rng.randrange(256)
                                         for _ in range(page * page_size - start))
    path.write_bytes(bytes(data))
    told: list[str] = []
    latest_game_file(path, on_problem=told.append)  # what `cribbage review --last` reads
    (aside,) = tmp_path.glob("history.corrupt-*.sqlite3")
    assert aside.read_bytes() == bytes(data)  # kept exactly as it was
    (message,) = told
    assert "set aside" in message and aside.name in message
    if lost:
        assert f"{GAMES - lost} of its {GAMES} games" in message
        assert f"{lost} could not be read" in message
    else:
        assert f"all {GAMES} games" in message
    games, original = _rows(path, "games"), _rows(long_history, "games")
    assert len(games) == GAMES - lost
    assert all(games[i] == original[i] for i in games)  # read back exactly
    deals, original_deals = _rows(path, "deals"), _rows(long_history, "deals")
    assert deals == {k: row for k, row in original_deals.items() if row[1] in games}
    history = History(path)
    assert history.totals()["games"] == GAMES - lost
    history.close()


def test_a_list_of_tables_whose_damage_is_not_text_is_recovered_not_a_traceback(
        long_history, tmp_path):
    """SQLite's message for a damaged schema quotes the damaged name; bytes that are not
    UTF-8 there made Python's sqlite3 raise UnicodeDecodeError (not a sqlite3.Error), so
    `review --last` and the window's start ended in a traceback and nothing was set aside.
    (Found by feeding randomly damaged histories to the recovery.)"""
    path = tmp_path / "history.sqlite3"
    shutil.copy(long_history, path)
    db = sqlite3.connect(path)
    db.execute("PRAGMA writable_schema = ON")
    db.execute("UPDATE sqlite_master SET name = CAST(X'64ee6c73' AS TEXT), "
               "sql = 'CREATE TABLE deals(' WHERE name = 'deals'")
    db.commit()
    db.close()
    told: list[str] = []
    latest_game_file(path, on_problem=told.append)
    (message,) = told
    assert "set aside" in message and f"all {GAMES} games" in message
    assert _rows(path, "games") == _rows(long_history, "games")
    assert _rows(path, "deals") == _rows(long_history, "deals")  # read from their pages


def test_a_game_whose_text_is_not_utf8_is_damage_found_and_recovered(long_history, tmp_path):
    """One byte of a game's text changed to one that is not UTF-8 passes SQLite's check of
    the pages, and then the list of games failed at every call ('cannot be used'), the
    history never recovered. Now it is damage: set aside, and the other games kept."""
    path = tmp_path / "history.sqlite3"
    shutil.copy(long_history, path)
    data = bytearray(path.read_bytes())
    at = data.find(b"random", 8192)  # an opponent's name, in some game's row
    data[at] = 0xFF
    path.write_bytes(bytes(data))
    told: list[str] = []
    history = History(path, on_problem=told.append)
    try:
        games = history.games()
    finally:
        history.close()
    (message,) = told
    assert f"{GAMES - 1} of its {GAMES} games" in message and "1 could not be read" in message
    original = _rows(long_history, "games")
    assert len(games) == GAMES - 1
    assert all(original[g["id"]][3] == g["opponent"] for g in games)
    (aside,) = tmp_path.glob("history.corrupt-*.sqlite3")
    assert aside.read_bytes() == bytes(data)


def test_an_index_page_pointing_at_another_tables_page_gives_back_no_false_game(
        long_history, tmp_path):
    """One child pointer of the games' interior page changed (four bytes) to a page of
    deals: SQLite reads that page's deals as games and nothing past them, so the new
    history held 49 deals posing as games (opponent '1', finished at '4') and lacked
    the 101 games behind them, and said '200 of its 495 games'. Rows not shaped as
    their table's are left out, and every game is read from its own page."""
    pages = _pages(long_history)
    page_size = sqlite3.connect(long_history).execute("PRAGMA page_size").fetchone()[0]
    (interior, _, _), = [p for p in pages["games"] if p[1] == "internal"]
    deals_leaf = [p for p, kind, _ in pages["deals"] if kind == "leaf"][3]
    path = tmp_path / "history.sqlite3"
    data = bytearray(long_history.read_bytes())
    _point_child(data, page_size, interior, 100, deals_leaf)
    path.write_bytes(bytes(data))
    told: list[str] = []
    latest_game_file(path, on_problem=told.append)
    (message,) = told
    assert f"all {GAMES} games" in message
    assert _rows(path, "games") == _rows(long_history, "games")
    assert _rows(path, "deals") == _rows(long_history, "deals")


def test_a_history_in_a_folder_whose_name_has_uri_characters_is_recovered(long_history,
                                                                        tmp_path):
    """The damaged file was opened read-only as a URI with its path as it is: "#" ended the
    path and "%41" became "A", so a history in such a folder recovered nothing."""
    pages = _pages(long_history)
    page_size = sqlite3.connect(long_history).execute("PRAGMA page_size").fetchone()[0]
    leaves = [(p, cells) for p, kind, cells in pages["games"] if kind == "leaf"]
    page, lost = leaves[len(leaves) // 2]
    folder = tmp_path / "a#b%41?c"
    folder.mkdir()
    path = folder / "history.sqlite3"
    data = bytearray(long_history.read_bytes())
    data[(page - 1) * page_size:page * page_size] = bytes(page_size)
    path.write_bytes(bytes(data))
    told: list[str] = []
    History(path, on_problem=told.append).close()
    (message,) = told
    assert f"{GAMES - lost} of its {GAMES} games" in message, message
    assert len(_rows(path, "games")) == GAMES - lost


def test_a_page_of_deals_reached_only_through_the_games_index_is_read_as_deals(
        long_history, tmp_path):
    """The deals' interior page damaged too: the page of deals the games' interior page
    points at is reached from the games alone; its records are deals, read as deals (they
    were left out: taken for damaged games)."""
    pages = _pages(long_history)
    page_size = sqlite3.connect(long_history).execute("PRAGMA page_size").fetchone()[0]
    (games_interior, _, _), = [p for p in pages["games"] if p[1] == "internal"]
    (deals_interior, _, _), = [p for p in pages["deals"] if p[1] == "internal"]
    deals_leaf = [p for p, kind, _ in pages["deals"] if kind == "leaf"][3]
    path = tmp_path / "history.sqlite3"
    data = bytearray(long_history.read_bytes())
    _point_child(data, page_size, games_interior, 100, deals_leaf)
    data[(deals_interior - 1) * page_size:deals_interior * page_size] = bytes(page_size)
    path.write_bytes(bytes(data))
    told: list[str] = []
    latest_game_file(path, on_problem=told.append)
    assert f"all {GAMES} games" in told[0]
    assert _rows(path, "games") == _rows(long_history, "games")
    assert _rows(path, "deals") == _rows(long_history, "deals")
