"""The history's recovery (``cribbage_gui.services.salvage`` reads a damaged file's raw pages) on
damaged and
hostile files: it returns, in bounded time and work, never raises, never changes the file
it reads, and what it writes is a sound database. Random damage is derandomized in the
suite (a few seconds); to search further:
``FUZZ_EXAMPLES=500 FUZZ_RANDOM=1 pytest -n 0 THIS_FILE``."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cribbage_gui.services import salvage
from cribbage_gui.services.history import SCHEMA, recover
from tests.ai.helpers import write_history

GAMES = 12
PAGE = 4096
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "25"))


@pytest.fixture(scope="module")
def history_file(tmp_path_factory) -> Path:
    """A small history whose games' records run over several overflow pages each."""
    path = write_history(tmp_path_factory.mktemp("fuzz") / "history.sqlite3", GAMES, 2)
    assert int.from_bytes(path.read_bytes()[16:18], "big") == PAGE
    return path


def _pages(path) -> list[tuple[str, int, str]]:
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT name, pageno, pagetype FROM dbstat ORDER BY pageno"
                          ).fetchall()
    except sqlite3.OperationalError:
        pytest.skip("this SQLite has no dbstat table to find a table's pages with")
    finally:
        db.close()


@st.composite
def damage(draw, size: int) -> list[tuple]:
    """Some of: random bytes over a page or part of one, single bytes changed, overflow
    pointers sent to themselves, another page, page 0 or past the end, a cut."""
    pages = size // PAGE
    steps = []
    for _ in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["page", "bytes", "pointer", "cut"]))
        page = draw(st.integers(1, pages))
        if kind == "page":
            start = draw(st.integers(100 if page == 1 else 0, PAGE - 1))
            end = draw(st.integers(start + 1, PAGE))
            steps.append((kind, (page - 1) * PAGE + start,
                          draw(st.binary(min_size=end - start, max_size=end - start))))
        elif kind == "bytes":
            steps.append((kind, draw(st.integers(0, size - 1)), draw(st.integers(0, 255))))
        elif kind == "pointer":
            target = draw(st.sampled_from([page, 0, pages + 1, 2**32 - 1])
                          | st.integers(2, pages))
            steps.append((kind, page, target))
        else:
            steps.append((kind, draw(st.integers(0, size)), None))
    return steps


def _damaged(data: bytes, steps: list[tuple]) -> bytes:
    out = bytearray(data)
    for kind, at, value in steps:
        if kind == "page":
            out[at:at + len(value)] = value
        elif kind == "bytes" and at < len(out):
            out[at] = value
        elif kind == "pointer" and at * PAGE <= len(out) and at > 1 and out[(at - 1) * PAGE] == 0:
            out[(at - 1) * PAGE:(at - 1) * PAGE + 4] = value.to_bytes(4, "big")  # (overflow)
        elif kind == "cut":
            del out[at:]
    return bytes(out)


@settings(max_examples=EXAMPLES, derandomize=not os.environ.get("FUZZ_RANDOM"),
          database=None, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                 HealthCheck.data_too_large])
@given(data=st.data())
def test_recovery_of_a_damaged_history_returns_soon_and_never_raises(history_file, tmp_path,
                                                                     data):
    original = history_file.read_bytes()
    damaged = _damaged(original, data.draw(damage(len(original))))
    folder = tmp_path / f"case{time.perf_counter_ns()}"
    folder.mkdir()
    path = folder / "history.sqlite3"
    path.write_bytes(damaged)
    start = time.perf_counter()
    message = recover(path)  # (whether SQLite sees the damage or not)
    assert time.perf_counter() - start < 10  # (0.1 s here: minutes is the failure)
    (aside,) = folder.glob("history.corrupt-*")
    assert aside.read_bytes() == damaged  # set aside as it was
    assert message.startswith("The game history was damaged") and "\n" not in message
    db = sqlite3.connect(path)
    try:
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master")}
        if "games" in tables:  # (a file cut to nothing gives back nothing)
            assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] <= GAMES
    finally:
        db.close()


def _varint(value: int) -> bytes:
    out = [value & 0x7F]
    value >>= 7
    while value:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    return bytes(reversed(out))


def _hostile(original, path) -> int:
    """``original`` with every overflow page of the games linked into one chain, and
    every leaf of the games replaced by cells that each claim a record of 2 GB starting
    on that chain; how many pages the file has."""
    data = bytearray(original.read_bytes())
    pages = _pages(original)
    chain = [p for name, p, kind in pages if name == "games" and kind == "overflow"]
    leaves = [p for name, p, kind in pages if name == "games" and kind == "leaf"]
    for page, after in zip(chain, [*chain[1:], 0], strict=True):
        data[(page - 1) * PAGE:(page - 1) * PAGE + 4] = after.to_bytes(4, "big")
    least = (PAGE - 12) * 32 // 255 - 23  # the smallest local part of a long record
    # a row of games' shape whose record is text of about 2 GB (the length picked so that
    # the cell holds exactly ``least`` bytes on its page)
    length = next(n for n in range(1 << 31, (1 << 31) + PAGE)
                  if (_header(n) + 10 + n - least) % (PAGE - 4) == 0)
    header = _header_bytes(length)
    size = len(header) + 10 + length
    local = (header + bytes(10) + b"a" * PAGE)[:least]
    rowid = 1000
    for leaf in leaves:
        page, end, cells = bytearray(PAGE), PAGE, []
        page[0] = 0x0D
        for _ in range(7):
            rowid += 1
            cells.append(_varint(size) + _varint(rowid) + local + chain[0].to_bytes(4, "big"))
        for i, cell in enumerate(cells):
            end -= len(cell)
            page[end:end + len(cell)] = cell
            page[8 + 2 * i:10 + 2 * i] = end.to_bytes(2, "big")
        page[3:5] = len(cells).to_bytes(2, "big")
        page[5:7] = end.to_bytes(2, "big")
        data[(leaf - 1) * PAGE:leaf * PAGE] = page
    path.write_bytes(bytes(data))
    return len(data) // PAGE


def _types(length: int) -> list[int]:
    # id (the rowid), two texts, eight small integers, match_id, undo_used, players,
    # the record (text of ``length`` bytes), accuracy, two_players
    return [0, 13, 13, *[1] * 8, 0, 1, 13, 2 * length + 13, 0, 1]


def _header_bytes(length: int) -> bytes:
    body = b"".join(_varint(t) for t in _types(length))
    return _varint(len(body) + 1) + body


def _header(length: int) -> int:
    return len(_header_bytes(length))


def test_records_that_all_claim_one_long_overflow_chain_read_each_page_once(
        history_file, tmp_path, monkeypatch):
    """A hostile file whose every cell claims a huge record on the same chain of overflow
    pages: each cell read the whole chain again, so the work grew as cells times pages (a
    10 MB history took 2 s, a 100 MB one minutes). An overflow page belongs to one
    record: each is read at most once."""
    path = tmp_path / "hostile.sqlite3"
    pages = _hostile(history_file, path)
    reads = 0
    page = salvage._File.page

    def counted(self, number):
        nonlocal reads
        reads += 1
        return page(self, number)

    monkeypatch.setattr(salvage._File, "page", counted)
    copied = salvage.salvage(path, tmp_path / "new.sqlite3", SCHEMA)
    assert not copied["games"].whole and not copied["games"].rowids  # (none reads)
    assert reads <= 2 * pages


def test_a_rowid_changed_to_an_earlier_one_does_not_keep_the_first_pass_going_for_ever(
        tmp_path):
    """The first pass reads a table 200 rows at a time from the last rowid read; one cell's
    rowid changed (two bytes) to the last of the chunk before made each chunk end where
    the one before it had, and the recovery (at the window's start) never ended."""
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE t (a TEXT)")
    db.executemany("INSERT INTO t VALUES (?)", [("x" * 40,)] * 1000)
    db.commit()
    db.close()
    data = bytearray(path.read_bytes())
    # the cell of rowid 400: its payload's size (42), its rowid (400), its record's header
    at = data.index(bytes([42, 0x83, 0x10, 2]))
    data[at + 1:at + 3] = bytes([0x81, 0x48])  # rowid 200
    path.write_bytes(bytes(data))
    new = tmp_path / "new.sqlite3"
    subprocess.run([sys.executable, "-c", "import sys; from pathlib import Path; "
                    "from cribbage_gui.services.salvage import salvage; salvage(Path(sys.argv[1]), "
                    "Path(sys.argv[2]))", str(path), str(new)],
                   check=True, timeout=60, cwd=Path(__file__).parents[2])
    db = sqlite3.connect(new)
    rowids = [r for (r,) in db.execute("SELECT rowid FROM t ORDER BY rowid")]
    db.close()
    assert rowids == [r for r in range(1, 1001) if r != 400]  # (its cell now says 200)


def test_a_record_that_ends_before_its_tables_integer_key_is_read_not_a_traceback(tmp_path):
    """A table whose INTEGER PRIMARY KEY is not its first column, with records that end
    before it (a file changed outside the program; SQLite reads the rowid there): the
    rowid was put in the key's place past the record's end, an IndexError out of the
    recovery."""
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE notes (title TEXT)")
    db.executemany("INSERT INTO notes VALUES (?)", [(f"note {i} " * 20,) for i in range(2000)])
    db.commit()
    (root,) = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'notes'").fetchone()
    db.execute("PRAGMA writable_schema = ON")
    db.execute("UPDATE sqlite_master SET sql = 'CREATE TABLE notes (title TEXT, id INTEGER "
               "PRIMARY KEY)' WHERE name = 'notes'")
    db.commit()
    db.close()
    data = bytearray(path.read_bytes())
    data[(root - 1) * PAGE:root * PAGE] = bytes(range(256)) * (PAGE // 256)  # its root
    path.write_bytes(bytes(data))
    copied = salvage.salvage(path, tmp_path / "new.sqlite3")
    assert not copied["notes"].whole and copied["notes"].rowids == set(range(1, 2001))
    db = sqlite3.connect(tmp_path / "new.sqlite3")
    rows = db.execute("SELECT id, title FROM notes ORDER BY id").fetchall()
    db.close()
    assert rows == [(i + 1, f"note {i} " * 20) for i in range(2000)]
