"""The practice set on disk: positions, answers, when each comes back, and the ratings.

One SQLite database (``ai.paths.PRACTICE_NAME`` in the data folder; the counting trainer
keeps its own tables in it). Each position has

- a **schedule**: an FSRS card (``fsrs``, the scheduler Anki uses): a wrong answer
  (``Rating.Again``) brings the position back within minutes, a right one (``Rating.Good``)
  after a growing interval;
- a **difficulty**: a rating with a deviation, as puzzle sites rate puzzles: each answer is a
  game between the player and the position, the player winning when right (``openskill``'s
  Bradley-Terry model, Weng and Lin's Bayesian approximation, on the Glicko scale: everyone
  starts at 1500 with a deviation of 350).

The player's rating moves with each answer. The next position (:meth:`PracticeStore.
next_position`) is the one most overdue; with none due, a new one of the player's own
first, the one rated nearest the player. A damaged database is set aside (never deleted) and
practice starts afresh, with a message; one that cannot be written at all (a read-only
folder) gives way to one in memory for the session (:func:`open_store`). A row that no
longer reads (its position, schedule or difficulty changed outside the program) is left out
of practice, kept as it is, and counted (:meth:`PracticeStore.unreadable`).

Each position keeps its variant (``variant``: "six-card", "five-card", "three-player" or
"four-player"), so practice can be limited to one (``variant=`` of :meth:`PracticeStore.
next_position` and :meth:`PracticeStore.next_due`). A practice file from before the variants
gains the column on opening, every position in it a six-card one (:data:`UPGRADES`).
"""

from __future__ import annotations

import datetime as _dt
import itertools
import json
import math
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fsrs import Card as FsrsCard
from fsrs import Rating as FsrsRating
from fsrs import Scheduler
from openskill.models import BradleyTerryFull

from cribbage_gui.services.history import failing_as
from cribbage_gui.services.practice.builtin import builtin_positions
from cribbage_gui.services.practice.database import PracticeError, open_database
from cribbage_gui.services.practice.positions import Position, PositionError, from_line
from engine.cards import card_name
from engine.rules import VARIANTS

START_RATING, START_DEVIATION = 1500.0, 350.0
ORIGINS = ("games", "import", "built-in")

SCHEMA = """
CREATE TABLE IF NOT EXISTS practice_positions (
    id TEXT PRIMARY KEY,
    origin TEXT NOT NULL,
    line TEXT NOT NULL,
    added_at TEXT NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    card TEXT,
    answered INTEGER NOT NULL DEFAULT 0,
    correct INTEGER NOT NULL DEFAULT 0,
    variant TEXT NOT NULL DEFAULT 'six-card'
);
CREATE TABLE IF NOT EXISTS practice_answers (
    id INTEGER PRIMARY KEY,
    position TEXT NOT NULL,
    at TEXT NOT NULL,
    chosen TEXT NOT NULL,
    correct INTEGER NOT NULL,
    points_lost REAL NOT NULL,
    win_lost REAL NOT NULL,
    seconds REAL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS practice_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS practice_scanned (game_id INTEGER PRIMARY KEY);
"""
# what a practice file of an earlier version lacks, added on opening (its rows kept):
# every position before the variants was a six-card one
UPGRADES = {"practice_positions": {"variant": "TEXT NOT NULL DEFAULT 'six-card'"}}


def upgrade(db) -> None:
    """Add the columns of :data:`UPGRADES` a practice file lacks."""
    with db:
        for table, added in UPGRADES.items():
            columns = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
            for name, kind in added.items():
                if name not in columns:
                    db.execute(f"ALTER TABLE {table} ADD COLUMN {name} {kind}")


# a store method whose SQLite failure is a PracticeError saying so, not a traceback
_guarded = failing_as(PracticeError, lambda store: f"the practice file {store.path}")


def _schedule(card: str) -> FsrsCard | None:
    """A position's schedule from its JSON; None if it no longer reads as one."""
    try:
        schedule = FsrsCard.from_dict(json.loads(card))
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return None
    return schedule if schedule.due.tzinfo is not None else None  # (compared with UTC)


def _numbers(*values: object) -> bool:
    """Are ``values`` all finite numbers (a difficulty as stored)?"""
    return all(isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)
               for v in values)


def _reads(line: str) -> bool:
    """Does ``line`` (a row's JSON) still read as a position?"""
    return PracticeStore._read(line) is not None


Row = tuple[Any, Any, Any, Any]  # a position's line, schedule, rating and deviation, as stored


def count_unreadable(rows: Iterable[Row], known: dict[str, bool] | None = None
                     ) -> tuple[int, dict[str, bool]]:
    """How many of ``rows`` (:meth:`PracticeStore.rows_to_count`) cannot be read, and
    whether each line not in ``known`` reads as a position. Reading a line takes about
    0.15 ms (10,000 positions: 1.5 s), so a window calls this off its thread and hands
    the lines to :meth:`PracticeStore.know_lines`."""
    known = known or {}
    checked: dict[str, bool] = {}
    count = 0
    for line, card, rating, deviation in rows:
        reads = known.get(line, checked.get(line))
        if reads is None:
            reads = checked[line] = _reads(line)
        count += not (reads and (card is None or _schedule(card) is not None)
                      and _numbers(rating, deviation))
    return count, checked


def _of_variant(variant: str | None, joined: str = "WHERE") -> str:
    """The SQL that keeps a variant's positions (none when ``variant`` is None)."""
    return "" if variant is None else f" {joined} variant = ?"


def _model() -> BradleyTerryFull:
    # the Glicko scale: openskill's defaults (25, 25/3, beta 25/6, tau 25/300) times 42
    return BradleyTerryFull(mu=START_RATING, sigma=START_DEVIATION,
                            beta=START_DEVIATION / 2, tau=START_DEVIATION / 100)


def now_utc() -> _dt.datetime:
    return _dt.datetime.now(_dt.UTC)


@dataclass(frozen=True)
class Answered:
    """What an answer changed: the player's rating, the position's, and when it is due."""

    correct: bool
    rating: float
    deviation: float
    rating_change: float
    position_rating: float
    due: _dt.datetime


class PracticeStore:
    def __init__(self, path: Path, on_problem: Callable[[str], None] | None = None,
                 builtin: Iterable[Position] | None = None) -> None:
        self.path = path
        self.problems: list[str] = []
        self.scheduler = Scheduler(enable_fuzzing=False)
        self.model = _model()

        def told(message: str) -> None:
            self.problems.append(message)
            if on_problem is not None:
                on_problem(message)

        self.db = open_database(path, SCHEMA, told)
        try:
            upgrade(self.db)
        except sqlite3.Error as exc:  # (a file of an earlier version that cannot be written)
            self.db.close()
            raise PracticeError(f"the practice file {path} cannot be used ({exc})") from exc
        # whether each line seen reads as a position: reading one is slow (see
        # check_lines), and a line only changes when a row is written afresh
        self._lines: dict[str, bool] = {}
        try:
            self.add(builtin_positions() if builtin is None else builtin, "built-in")
        except BaseException:  # (a built-in set that cannot be read: nothing left open)
            self.db.close()
            raise

    def close(self) -> None:
        self.db.close()

    # ------------------------------------------------------------------ positions
    @_guarded
    def add(self, positions: Iterable[Position], origin: str) -> int:
        """Add the positions not already held (by id); how many were new."""
        if origin not in ORIGINS:
            raise ValueError(f"origin is one of {ORIGINS}")
        stamp = now_utc().isoformat()
        with self.db:
            before = self.db.total_changes
            self.db.executemany(
                "INSERT OR IGNORE INTO practice_positions (id, origin, line, added_at, "
                "rating, deviation, variant) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(p.id, origin, json.dumps(p.to_line()), stamp, START_RATING,
                  START_DEVIATION, p.variant) for p in positions])
            return self.db.total_changes - before

    @_guarded
    def positions(self, origins: Iterable[str] = ORIGINS) -> list[Position]:
        """The positions held from ``origins``, in the order added. A row that no longer
        reads (:meth:`unreadable` counts them) is left out, not fatal."""
        return [p for p, readable in self._rows(origins) if p is not None and readable]

    @_guarded
    def unreadable(self, origins: Iterable[str] = ORIGINS) -> int:
        """How many rows of positions from ``origins`` cannot be read: a line that is no
        longer a position, a schedule that is no longer one, a difficulty that is not a
        number (changed outside the program). Practice leaves them out; they stay in the
        file as they are until an answer to the same position writes them afresh. Each
        line not read before is read (slow: on the GUI thread, first
        :meth:`lines_to_check`)."""
        count, checked = count_unreadable(self.rows_to_count(origins), self._lines)
        self._lines.update(checked)
        return count

    @_guarded
    def rows_to_count(self, origins: Iterable[str] = ORIGINS) -> list[Row]:
        """The rows of positions from ``origins`` as stored, for :func:`count_unreadable`
        (fetching them is quick: 30 ms for 10,000)."""
        wanted = tuple(origins)
        return self.db.execute(
            f"SELECT line, card, rating, deviation FROM practice_positions WHERE origin IN "
            f"({', '.join('?' * len(wanted))}) ORDER BY rowid", wanted).fetchall()

    def known_lines(self) -> dict[str, bool]:
        """Whether each line read so far reads as a position (a copy)."""
        return dict(self._lines)

    def know_lines(self, checked: dict[str, bool]) -> None:
        """Keep what :func:`count_unreadable` found of the lines."""
        self._lines.update(checked)

    def _line_reads(self, line: str) -> bool:
        if line not in self._lines:
            self._lines[line] = _reads(line)
        return self._lines[line]

    def _rows(self, origins: Iterable[str]) -> Iterator[tuple[Position | None, bool]]:
        """Each row from ``origins`` in the order added: its position (None if the line does
        not read) and whether its schedule and difficulty read."""
        wanted = tuple(origins)
        for line, card, rating, deviation in self.db.execute(
                f"SELECT line, card, rating, deviation FROM practice_positions WHERE origin "
                f"IN ({', '.join('?' * len(wanted))}) ORDER BY rowid", wanted).fetchall():
            yield self._read(line), (card is None or _schedule(card) is not None) and \
                _numbers(rating, deviation)

    @staticmethod
    def _read(line: str) -> Position | None:
        try:
            return from_line(json.loads(line))
        except (PositionError, ValueError, TypeError, RecursionError):
            return None

    @_guarded
    def variants(self) -> list[str]:
        """The variants of the positions held, six-card first, then in the rules' order."""
        held = {v for (v,) in self.db.execute(
            "SELECT DISTINCT variant FROM practice_positions")}
        return [v for v in VARIANTS if v in held]

    @_guarded
    def position(self, position_id: str) -> Position | None:
        row = self.db.execute("SELECT line FROM practice_positions WHERE id = ?",
                              (position_id,)).fetchone()
        return None if row is None else self._read(row[0])

    @_guarded
    def difficulty(self, position_id: str) -> tuple[float, float]:
        row = self.db.execute("SELECT rating, deviation FROM practice_positions WHERE id = ?",
                              (position_id,)).fetchone()
        return (row[0], row[1]) if row is not None and _numbers(*row) else \
            (START_RATING, START_DEVIATION)

    @_guarded
    def next_position(self, now: _dt.datetime | None = None,
                      skip: Iterable[str] = (), variant: str | None = None
                      ) -> Position | None:
        """The position to practise now: the most overdue; else a new one (the player's
        own before the built-in, then the one rated nearest the player); else None (all
        caught up: :meth:`next_due` says when the next comes). ``variant``: only that
        variant's positions (None: every variant's)."""
        now = now or now_utc()
        skipped = set(skip)
        rows = self.db.execute(
            "SELECT id, line, card, rating, deviation, origin FROM practice_positions"
            + _of_variant(variant), () if variant is None else (variant,)).fetchall()
        due = []
        fresh = []
        player, _ = self.rating()
        for pid, line, card, rating, deviation, origin in rows:
            if pid in skipped or not _numbers(rating, deviation):
                continue
            if card is None:
                fresh.append((origin == "built-in", abs(rating - player), pid, line))
                continue
            schedule = _schedule(card)
            if schedule is not None and schedule.due <= now:
                due.append((schedule.due, pid, line))
        for _when, _pid, line in sorted(due):
            position = self._read(line)
            if position is not None:
                return position
        for *_, line in sorted(fresh):
            position = self._read(line)
            if position is not None:
                return position
        return None

    @_guarded
    def next_due(self, variant: str | None = None) -> _dt.datetime | None:
        """When the position that comes back first is due (None: none has a schedule);
        ``variant``: of that variant's positions."""
        return next(self._due(variant=variant), None)

    def _due(self, read: bool = True, variant: str | None = None
             ) -> Iterator[_dt.datetime]:
        """When each position with a schedule is due, soonest first (a row that does not
        read left out; its line read only when its turn comes; ``read`` False: a line
        never read counts as one that reads)."""
        rows = []
        for line, card, rating, deviation in self.db.execute(
                "SELECT line, card, rating, deviation FROM practice_positions "
                "WHERE card IS NOT NULL" + _of_variant(variant, "AND"),
                () if variant is None else (variant,)).fetchall():
            schedule = _schedule(card)
            if schedule is not None and _numbers(rating, deviation):
                rows.append((schedule.due, line))
        for when, line in sorted(rows, key=lambda row: row[0]):
            if self._line_reads(line) if read else self._lines.get(line, True):
                yield when

    # ------------------------------------------------------------------ answers
    @_guarded
    def rating(self) -> tuple[float, float]:
        """The player's rating and deviation."""
        row = self.db.execute("SELECT value FROM practice_meta WHERE key = 'player'"
                              ).fetchone()
        if row is None:
            return START_RATING, START_DEVIATION
        try:
            value = json.loads(row[0])
            return float(value["rating"]), float(value["deviation"])
        except (ValueError, KeyError, TypeError):
            return START_RATING, START_DEVIATION

    @_guarded
    def record(self, position: Position, chosen: tuple[int, ...], correct: bool,
               points_lost: float, win_lost: float, seconds: float | None = None,
               now: _dt.datetime | None = None) -> Answered:
        """Keep an answer: the schedule, both ratings and the log move together."""
        now = now or now_utc()
        self.add([position], "import")  # (a position not held yet: kept from now on)
        row = self.db.execute("SELECT card, rating, deviation FROM practice_positions "
                              "WHERE id = ?", (position.id,)).fetchone()
        # (a schedule or difficulty that no longer reads starts afresh with this answer)
        card = (None if row[0] is None else _schedule(row[0])) or FsrsCard()
        if not _numbers(row[1], row[2]):
            row = (row[0], START_RATING, START_DEVIATION)
        card, _log = self.scheduler.review_card(
            card, FsrsRating.Good if correct else FsrsRating.Again, review_datetime=now)
        mine, deviation = self.rating()
        player = self.model.rating(mu=mine, sigma=deviation)
        puzzle = self.model.rating(mu=row[1], sigma=row[2])
        [[player], [puzzle]] = self.model.rate([[player], [puzzle]],
                                               ranks=[0, 1] if correct else [1, 0])
        with self.db:
            self.db.execute(
                "UPDATE practice_positions SET card = ?, rating = ?, deviation = ?, "
                "answered = answered + 1, correct = correct + ? WHERE id = ?",
                (json.dumps(card.to_dict()), puzzle.mu, puzzle.sigma, int(correct),
                 position.id))
            self.db.execute(
                "INSERT OR REPLACE INTO practice_meta (key, value) VALUES ('player', ?)",
                (json.dumps({"rating": player.mu, "deviation": player.sigma}),))
            self.db.execute(
                "INSERT INTO practice_answers (position, at, chosen, correct, points_lost, "
                "win_lost, seconds, rating, deviation) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (position.id, now.isoformat(), " ".join(card_name(c) for c in chosen),
                 int(correct), float(points_lost), float(win_lost), seconds, player.mu,
                 player.sigma))
        return Answered(correct, player.mu, player.sigma, player.mu - mine, puzzle.mu,
                        card.due)

    # ------------------------------------------------------------------ history scans
    @_guarded
    def scanned(self) -> set[int]:
        """The history's games already searched for positions."""
        return {g for (g,) in self.db.execute("SELECT game_id FROM practice_scanned")}

    @_guarded
    def mark_scanned(self, game_id: int, positions: list[Position]) -> int:
        """Keep a game's positions and remember it was searched; how many were new."""
        added = self.add(positions, "games")
        with self.db:
            self.db.execute("INSERT OR IGNORE INTO practice_scanned VALUES (?)", (game_id,))
        return added

    # ------------------------------------------------------------------ statistics
    @_guarded
    def summary(self, now: _dt.datetime | None = None) -> dict[str, Any]:
        """Figures for Statistics: positions held (by origin), answers and the share
        right, the rating, positions due now, and the rating after each answer. Quick
        (the window asks on its thread): no position's line is read, so a position due
        whose line does not read counts as due until :meth:`unreadable` (or the practice
        window) has read it."""
        now = now or now_utc()
        held = dict(self.db.execute(
            "SELECT origin, COUNT(*) FROM practice_positions GROUP BY origin").fetchall())
        answered, right = self.db.execute(
            "SELECT COUNT(*), COALESCE(SUM(correct), 0) FROM practice_answers").fetchone()
        due = sum(1 for _ in itertools.takewhile(lambda when: when <= now,
                                                 self._due(read=False)))
        rating, deviation = self.rating()
        history = [r for (r,) in self.db.execute(
            "SELECT rating FROM practice_answers ORDER BY id")]
        return {"positions": {o: held.get(o, 0) for o in ORIGINS}, "answered": answered,
                "correct": right, "accuracy": (right / answered) if answered else None,
                "rating": rating, "deviation": deviation, "due": due,
                "rating_history": history}


def open_store(path: Path, builtin: Iterable[Position] | None = None
               ) -> tuple[PracticeStore, str | None]:
    """The practice database at ``path``, or one in memory for this session when it cannot
    be used at all; with a sentence for the person when something happened."""
    told: list[str] = []
    try:
        store = PracticeStore(path, told.append, builtin)
    except (PracticeError, OSError) as exc:
        store = PracticeStore(Path(":memory:"), builtin=builtin)
        told.append(f"Practice cannot be kept ({exc}): this session's answers will not be "
                    f"remembered.")
    return store, " ".join(told) or None
