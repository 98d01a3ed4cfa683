"""The practice database file (``ai.paths.PRACTICE_NAME``), opened the one way its two users
need it: the practice positions (``cribbage_gui.services.practice.store``) and the counting
trainer's attempts
(``cribbage_gui.services.practice.counting_log``) each keep their own tables in it.

A damaged file is set aside (``ai.paths.set_aside``: renamed with its journal, never
deleted) and a fresh one started, with a sentence for the person; a file that cannot be
opened or written at all is a :class:`PracticeError`.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

from cribbage_gui.services.history import (
    HistoryError,
    clear_odd_leftovers,
    connect,
    damaged,
    set_aside_database,
)
from engine.bounded import not_a_file
from engine.errors import CribbageError


class PracticeError(CribbageError):
    """The practice database cannot be used (not damage: a full disk, a locked file, a
    folder that cannot be written)."""

    exit_status = 1


def open_database(path: Path, schema: str, on_problem: Callable[[str], None],
                  fresh: str = "practice starts afresh") -> sqlite3.Connection:
    """A connection to the practice database at ``path`` with ``schema``'s tables; a
    damaged file is set aside first (``on_problem`` told, ending with ``fresh``)."""
    try:
        clear_odd_leftovers(path, on_problem)
        db = _connect(path)
    except HistoryError as exc:  # (the history's words: say the practice file's)
        raise PracticeError(f"the practice file {path} cannot be opened "
                            f"({exc.__cause__ or exc})") from exc
    except sqlite3.DatabaseError as exc:
        if not damaged(exc):
            raise PracticeError(f"the practice file {path} cannot be opened ({exc})") \
                from exc
        on_problem(set_aside_damaged(path, fresh))
        db = _connect(path)
    try:
        with db:
            db.executescript(schema)
    except sqlite3.Error as exc:
        db.close()
        raise PracticeError(f"the practice file {path} cannot be used ({exc})") from exc
    return db


def set_aside_damaged(path: Path, fresh: str = "practice starts afresh") -> str:
    """Rename the damaged file at ``path`` (and SQLite's leftovers beside it) out of the
    way; the sentence saying so."""
    try:
        moved = set_aside_database(path)
    except HistoryError as exc:
        raise PracticeError(f"the practice file is damaged and {exc}") from exc
    kind = not_a_file(moved)
    was = f"was {kind}, not a file" if kind is not None else "was damaged"
    return f"The practice file {was}; it was set aside as {moved.name} and {fresh}."


def _connect(path: Path) -> sqlite3.Connection:
    try:
        return connect(path)
    except HistoryError as exc:  # (the history's words: say the practice file's)
        raise PracticeError(f"the practice file {path} cannot be opened "
                            f"({exc.__cause__ or exc})") from exc
