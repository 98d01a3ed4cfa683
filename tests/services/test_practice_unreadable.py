"""Practice rows that no longer read (a position's line, its schedule or its difficulty
changed outside the program) are left out of practice and of the export, never deleted,
never a traceback, and always counted: the command and the store say how many."""

from __future__ import annotations

import datetime as dt
import sqlite3

import pytest

from cribbage_gui.cli import main
from cribbage_gui.services.practice import builtin
from cribbage_gui.services.practice.store import PracticeStore

T0 = dt.datetime(2026, 11, 26, 12, 0, tzinfo=dt.UTC)
# what five rows were changed to: a line cut short, a line that is JSON but no position, a
# schedule that is not JSON, a schedule without its fields, a difficulty that is words
DAMAGE = [("line", "substr(line, 1, 50)"), ("line", "'{\"kind\": \"discard\"}'"),
          ("card", "'not a schedule'"), ("card", "'{\"due\": 3}'"), ("rating", "'hard'")]


def _practice(path, answered: int = 5):
    """Seven imported positions, ``answered`` of them answered; then five rows damaged."""
    positions = builtin.builtin_positions()[:7]
    store = PracticeStore(path, builtin=())
    store.add(positions, "import")
    for p in positions[:answered]:
        store.record(p, p.best, True, 0.0, 0.0, 5.0, T0)
    store.close()
    db = sqlite3.connect(path)
    with db:
        for (column, value), p in zip(DAMAGE, positions, strict=False):
            db.execute(f"UPDATE practice_positions SET {column} = {value} WHERE id = ?",
                       (p.id,))
    db.close()
    return positions


def test_the_store_counts_the_rows_it_cannot_read_and_goes_on_without_them(tmp_path):
    path = tmp_path / "practice.sqlite3"
    positions = _practice(path)
    store = PracticeStore(path, builtin=())
    assert store.unreadable() == 5
    assert store.unreadable(("games",)) == 0
    assert [p.id for p in store.positions()] == [p.id for p in positions[5:]]
    later = T0 + dt.timedelta(days=400)
    s = store.summary(later)
    assert s["answered"] == 5
    assert s["due"] == 0  # the answered rows are all damaged: none of them is due
    assert store.next_due() is None
    shown = store.next_position(later)
    assert shown is not None and shown.id in {p.id for p in positions[5:]}
    # an answer to a position whose schedule was damaged gives it a schedule again
    store.record(positions[2], positions[2].best, True, 0.0, 0.0, 5.0, later)
    assert store.unreadable() == 4
    store.close()
    db = sqlite3.connect(path)  # nothing was deleted
    assert db.execute("SELECT COUNT(*) FROM practice_positions").fetchone() == (7,)
    db.close()


def test_the_command_says_how_many_rows_it_could_not_read(tmp_path, capsys, monkeypatch):
    data = tmp_path / "data"
    data.mkdir()
    monkeypatch.setenv("CRIBBAGE_DATA_DIR", str(data))
    _practice(data / "practice.sqlite3", answered=0)
    out_file = tmp_path / "out.jsonl"
    assert main(["practice", "--export", str(out_file)]) == 0
    out, err = capsys.readouterr()
    assert "wrote 2 positions" in out and "5 could not be read" in out
    assert len(out_file.read_text().splitlines()) == 2
    assert main(["practice"]) == 0
    out, err = capsys.readouterr()
    assert "5 of your positions could not be read" in out and "Traceback" not in err


def test_the_command_with_every_answered_row_damaged_does_not_say_no_answers(
        tmp_path, capsys, monkeypatch):
    data = tmp_path / "data"
    data.mkdir()
    monkeypatch.setenv("CRIBBAGE_DATA_DIR", str(data))
    _practice(data / "practice.sqlite3")
    assert main(["practice"]) == 0
    out = capsys.readouterr().out
    assert "answered 5" in out and "5 of your positions could not be read" in out


@pytest.mark.parametrize("answered", [0, 5])
def test_nothing_unreadable_says_nothing(tmp_path, capsys, monkeypatch, answered):
    data = tmp_path / "data"
    data.mkdir()
    monkeypatch.setenv("CRIBBAGE_DATA_DIR", str(data))
    store = PracticeStore(data / "practice.sqlite3", builtin=())
    for p in builtin.builtin_positions()[:answered]:
        store.record(p, p.best, True, 0.0, 0.0, 5.0, T0)
    store.close()
    assert main(["practice", "--export", str(tmp_path / "out.jsonl")]) == 0
    assert main(["practice"]) == 0
    assert "could not be read" not in capsys.readouterr().out


def test_a_counting_row_that_is_not_text_does_not_set_the_practice_file_aside(tmp_path):
    """Text that is not UTF-8 is damage in the history, which is recovered row by row; in
    the practice file it would set aside every position and rating with it: the counting
    log says it cannot be used instead, and the file stays where it is."""
    from cribbage_gui.services.practice.counting_log import CountingLog, CountingLogError

    path = tmp_path / "practice.sqlite3"
    _practice(path, answered=0)
    told: list[str] = []
    log = CountingLog(path, told.append)
    with log.db:
        log.db.execute("INSERT INTO counting_attempts (at, kind, cards, total, seconds, "
                       "correct, too_slow, categories, missed) VALUES ('2026-11-26', 'hand', "
                       "'5H 5D 5C JS', 29, 3.0, 1, 0, CAST(X'ff41' AS TEXT), '')")
    with pytest.raises(CountingLogError, match="cannot be used"):
        log.summary()
    log.close()
    assert told == [] and list(tmp_path.iterdir()) == [path]
    assert len(PracticeStore(path, builtin=()).positions()) == 2


def test_the_figures_for_statistics_read_no_positions_line(tmp_path, monkeypatch):
    """Statistics asks for the figures on the GUI thread: reading every position's line
    there (0.15 ms each) took 1.3 s with 10,000 positions. The figures read none; a
    position due whose line does not read counts as due until a count has read it."""
    path = tmp_path / "practice.sqlite3"
    _practice(path)
    store = PracticeStore(path, builtin=())
    read = []
    monkeypatch.setattr(PracticeStore, "_read", staticmethod(
        lambda line, _read=PracticeStore._read: read.append(line) or _read(line)))
    later = T0 + dt.timedelta(days=400)
    s = store.summary(later)
    assert read == [] and s["answered"] == 5
    assert s["due"] == 2  # the two whose line was damaged, not read yet
    assert store.unreadable() == 5
    read.clear()
    assert store.summary(later)["due"] == 0 and read == []
    store.close()
