"""The practice window says how many positions of the practice file it could not read."""

import sqlite3

from ai.practice.builtin import builtin_positions
from ai.practice.store import PracticeStore
from cribbage_gui.practice_window import PracticeWindow


def test_the_window_says_how_many_positions_could_not_be_read(qtbot, tmp_path):
    positions = builtin_positions()[:3]
    path = tmp_path / "practice.sqlite3"
    PracticeStore(path, builtin=positions).close()
    db = sqlite3.connect(path)
    with db:
        db.execute("UPDATE practice_positions SET line = 'cut' WHERE id IN (?, ?)",
                   (positions[0].id, positions[1].id))
    db.close()
    store = PracticeStore(path, builtin=positions)
    window = PracticeWindow(store, None, scan=False)
    qtbot.addWidget(window)
    assert "2 of your positions could not be read" in window.status_label.text()
    assert window.position == positions[2]  # the one that reads
    store.close()
