"""The counting trainer's attempts, kept in the practice database
(``ai.paths.PRACTICE_NAME`` in the data folder) in a table of its own,
``counting_attempts``; other tables of that file belong to the practice positions and are
never touched here. A damaged file is set aside (``ai.paths.set_aside``, renamed, never
deleted) with a message and a fresh one started. No Qt here.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import sqlite3
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from cribbage_gui.services.history import damaged
from cribbage_gui.services.practice.counting import CATEGORIES, KINDS, Verdict
from cribbage_gui.services.practice.database import PracticeError, open_database, set_aside_damaged
from engine.cards import card_names

SCHEMA = """
CREATE TABLE IF NOT EXISTS counting_attempts (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    kind TEXT NOT NULL,
    cards TEXT NOT NULL,
    starter TEXT,
    total INTEGER NOT NULL,
    answer INTEGER,
    seconds REAL NOT NULL,
    correct INTEGER NOT NULL,
    too_slow INTEGER NOT NULL,
    categories TEXT NOT NULL,
    missed TEXT NOT NULL
);
"""
RECENT = 5000  # the summary reads at most this many of the latest attempts


FRESH = "a new one started (your games' history is not in it)"


class CountingLogError(PracticeError):
    """The practice database cannot be used for a reason other than damage (a read-only
    folder, a full disk): the message says which."""

    exit_status = 1


@dataclass(frozen=True)
class CountingSummary:
    """What the trainer's attempts add up to: ``attempts``, ``correct``, ``mean_seconds``
    (None with no attempts), and by category how many drills held it (``seen``) and how
    many misses were blamed on it (``missed``)."""

    attempts: int = 0
    correct: int = 0
    mean_seconds: float | None = None
    seen: dict[str, int] = field(default_factory=dict)
    missed: dict[str, int] = field(default_factory=dict)

    @property
    def accuracy(self) -> float | None:
        return self.correct / self.attempts if self.attempts else None

    def missed_most(self, n: int = 3) -> list[tuple[str, int]]:
        """The ``n`` categories missed most often, most first (ties in
        ``CATEGORIES`` order)."""
        order = {c: i for i, c in enumerate(CATEGORIES)}
        ranked = sorted((c for c, k in self.missed.items() if k > 0),
                        key=lambda c: (-self.missed[c], order.get(c, len(order))))
        return [(c, self.missed[c]) for c in ranked[:n]]


def _words(text: str | None) -> list[str]:
    known = set(CATEGORIES)
    return [w for w in (text or "").split() if w in known]


class CountingLog:
    """The attempts table in the practice database at ``path``; ``on_problem(message)``
    is told when a damaged file is set aside."""

    def __init__(self, path: Path, on_problem: Callable[[str], None] | None = None) -> None:
        self.path = Path(path)
        self.on_problem = on_problem
        self.problems: list[str] = []
        self.db = self._open()

    def _open(self) -> sqlite3.Connection:
        return open_database(self.path, SCHEMA, self._told, FRESH)

    def _told(self, message: str) -> None:
        self.problems.append(message)
        if self.on_problem is not None:
            self.on_problem(message)

    def _set_aside(self) -> None:
        self._told(set_aside_damaged(self.path, FRESH))

    def _guarded(self, work: Callable[[sqlite3.Connection], object]) -> object:
        """Run ``work`` on the database; damage found now sets the file aside and tries
        once more on a fresh one."""
        try:
            return work(self.db)
        except sqlite3.Error as exc:
            if not damaged(exc):
                raise CountingLogError(f"the practice file {self.path} cannot be used "
                                       f"({exc})") from exc
        with contextlib.suppress(sqlite3.Error):
            self.db.close()
        self._set_aside()
        self.db = self._open()
        try:
            return work(self.db)
        except sqlite3.Error as exc:
            raise CountingLogError(f"the practice file {self.path} cannot be used "
                                   f"({exc})") from exc

    def close(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self.db.close()

    def record(self, verdict: Verdict) -> None:
        """Keep one judged attempt (in a transaction of its own)."""
        d = verdict.drill
        row = (_dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"), d.kind,
               card_names(d.cards), None if d.starter is None else card_names([d.starter]),
               d.total, verdict.answer, round(float(verdict.seconds), 2),
               int(verdict.correct), int(verdict.too_slow), " ".join(d.categories),
               " ".join(verdict.missed))

        def insert(db: sqlite3.Connection) -> None:
            with db:
                db.execute("INSERT INTO counting_attempts (at, kind, cards, starter, total, "
                           "answer, seconds, correct, too_slow, categories, missed) "
                           "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
        self._guarded(insert)

    def summary(self, kinds: tuple[str, ...] = KINDS) -> CountingSummary:
        """The latest :data:`RECENT` attempts of ``kinds`` added up."""
        marks = ", ".join("?" * len(kinds))

        def read(db: sqlite3.Connection) -> list[tuple]:
            return db.execute(f"SELECT correct, seconds, categories, missed FROM "
                              f"counting_attempts WHERE kind IN ({marks}) "
                              f"ORDER BY id DESC LIMIT ?", (*kinds, RECENT)).fetchall()
        rows = self._guarded(read)
        assert isinstance(rows, list)
        return _add_up(rows)


def _add_up(rows: list[tuple]) -> CountingSummary:
    if not rows:
        return CountingSummary()
    seen: Counter[str] = Counter()
    missed: Counter[str] = Counter()
    correct, seconds = 0, 0.0
    for right, secs, categories, blamed in rows:
        correct += bool(right)
        seconds += float(secs or 0.0)
        seen.update(_words(categories))
        missed.update(_words(blamed))
    return CountingSummary(len(rows), correct, seconds / len(rows), dict(seen), dict(missed))


def read_summary(path: Path) -> CountingSummary:
    """The summary of the practice database at ``path`` read without changing it (for
    the Statistics window): an empty one if the file or the table is missing;
    CountingLogError if it cannot be read."""
    path = Path(path)
    if not path.is_file():
        return CountingSummary()
    try:
        # (as a quoted URI: a folder whose name holds '#', '?' or '%' is read as it is)
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise CountingLogError(f"the practice file {path} cannot be read ({exc})") from exc
    try:
        rows = db.execute("SELECT correct, seconds, categories, missed FROM "
                          "counting_attempts ORDER BY id DESC LIMIT ?", (RECENT,)).fetchall()
    except sqlite3.Error as exc:
        if "no such table" in str(exc):
            return CountingSummary()
        raise CountingLogError(f"the practice file {path} cannot be read ({exc})") from exc
    finally:
        db.close()
    return _add_up(rows)
