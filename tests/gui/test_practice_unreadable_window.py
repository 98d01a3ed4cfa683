"""The practice window says how many positions of the practice file it could not read, and
reads their lines off the GUI thread (about 0.15 ms a line: 10,000 positions took 1.5 s
on it when the window opened)."""

import sqlite3
import threading

from cribbage_gui.services.practice.builtin import builtin_positions
from cribbage_gui.services.practice.store import PracticeStore
from cribbage_gui.windows.practice_window import PracticeWindow


def _damaged_store(path, positions) -> PracticeStore:
    PracticeStore(path, builtin=positions).close()
    db = sqlite3.connect(path)
    with db:
        db.execute("UPDATE practice_positions SET line = 'cut' WHERE id IN (?, ?)",
                   (positions[0].id, positions[1].id))
    db.close()
    return PracticeStore(path, builtin=positions)


def test_the_window_says_how_many_positions_could_not_be_read(qtbot, tmp_path):
    positions = builtin_positions()[:3]
    store = _damaged_store(tmp_path / "practice.sqlite3", positions)
    window = PracticeWindow(store, None, scan=False)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.unreadable_counted, timeout=10_000) as counted:
        pass
    assert counted.args == [2]
    assert "2 of your positions could not be read" in window.status_label.text()
    assert window.position == positions[2]  # the one that reads
    store.close()


def test_the_window_reads_the_positions_lines_off_its_thread(qtbot, tmp_path, monkeypatch):
    positions = builtin_positions()
    assert len(positions) >= 40
    store = _damaged_store(tmp_path / "practice.sqlite3", positions)
    on_gui, elsewhere = [], []
    read = PracticeStore._read

    def counted(line):
        gui = threading.current_thread() is threading.main_thread()
        (on_gui if gui else elsewhere).append(line)
        return read(line)

    monkeypatch.setattr(PracticeStore, "_read", staticmethod(counted))
    window = PracticeWindow(store, None, scan=False)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.unreadable_counted, timeout=10_000) as counted_signal:
        pass
    assert counted_signal.args == [2]
    assert len(on_gui) <= 3  # (the position shown, and the damaged ones passed over)
    assert len(elsewhere) == len(positions) - 1  # (the two damaged lines are one: 'cut')
    on_gui.clear()
    assert store.unreadable() == 2 and store.summary()["due"] == 0
    assert on_gui == []  # known now: nothing read again
    store.close()
