"""A training run's checkpoints (``OUT.ckpt-<done>.npz``, each with its JSON sidecar): their
names, the one ``--resume`` goes on from, and what a run stopped mid-write leaves behind.

A table is written sidecar first and its ``.npz`` last (``ai.tables.files.save_table``), so
a checkpoint whose ``.npz`` is there is whole. A ``kill -9`` between or during the writes
leaves a sidecar alone or a temporary file (``NAME.XXXXXXXX.tmp``); an earlier version,
which wrote the ``.npz`` first, left an ``.npz`` without its sidecar. Such a checkpoint is
never resumed from (:func:`resume_from` goes on from the newest whole one before it), and
the next run writing the same ``OUT`` clears it (:func:`remove_leftovers`: what holds no
table is removed, an ``.npz`` is set aside).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from glob import escape
from pathlib import Path
from typing import TypeVar

from ai.paths import set_aside
from ai.tables.files import (
    IncompleteTableError,
    TableFileError,
    file_sha256,
    read_sidecar,
    sidecar_path,
)

T = TypeVar("T")
_CHECKPOINT = re.compile(r"^(?P<run>.+)\.ckpt-(?P<done>\d+)\.npz$")


def checkpoint_path(out: Path, done: int) -> Path:
    """Where the checkpoint after ``done`` iterations (games) of the run writing ``out``
    goes.

    >>> checkpoint_path(Path("runs/w.npz"), 250000).as_posix()
    'runs/w.ckpt-250000.npz'
    """
    out = Path(out)
    return out.with_name(f"{out.stem}.ckpt-{done}.npz")


def checkpoints(out: Path) -> list[tuple[int, Path]]:
    """(done, path) of the ``.npz`` checkpoints of the run writing ``out``, oldest first
    (whole or not: see :func:`resume_from`)."""
    out = Path(out)
    found = []
    for path in out.parent.glob(f"{escape(out.stem)}.ckpt-*.npz"):
        m = _CHECKPOINT.match(path.name)
        if m and m["run"] == out.stem:
            found.append((int(m["done"]), path))
    return sorted(found)


def _run_and_done(path: Path) -> tuple[Path, int | None]:
    """The run's ``OUT`` and how far the checkpoint ``path`` is (None: not a checkpoint)."""
    m = _CHECKPOINT.match(path.name)
    if m:
        return path.with_name(m["run"] + ".npz"), int(m["done"])
    return path, None


def resume_from(path: Path, load: Callable[[Path], T],
                notify: Callable[[str], None] | None = None) -> tuple[Path, T]:
    """``load(path)``, with ``path``; but when ``path`` is a checkpoint (or a run's final
    table) cut short by a stop between its two writes (:class:`IncompleteTableError`), the
    newest whole checkpoint of the same run before it, and ``notify`` told which and why
    (by default a line on stderr). Still :class:`IncompleteTableError` if there is none;
    any other problem with a file is raised as it is."""
    path = Path(path)
    try:
        return path, load(path)
    except IncompleteTableError as exc:
        cut_short = exc
    out, done = _run_and_done(path)
    for earlier_done, earlier in reversed(checkpoints(out)):
        if done is not None and earlier_done >= done:
            continue
        try:
            loaded = load(earlier)
        except IncompleteTableError:
            continue
        why = _reason(path)
        (notify or _to_stderr)(f"{path.name} is incomplete ({why}); resuming from "
                               f"{earlier.name}, the newest whole checkpoint before it")
        return earlier, loaded
    raise IncompleteTableError(f"{cut_short}; and there is no whole checkpoint of the run "
                               f"before it to resume from") from cut_short


def _reason(path: Path) -> str:
    if not path.is_file():
        return "its sidecar was written, not the table: the run stopped between the two"
    if not sidecar_path(path).is_file():
        return "its sidecar is missing: the run stopped while writing it"
    return "it and its sidecar were written for different tables"


def _to_stderr(message: str) -> None:
    print(f"cribbage train: {message}", file=sys.stderr)


def remove_leftovers(out: Path, notify: Callable[[str], None] | None = None) -> list[Path]:
    """Clear what a stop mid-write left of the run writing ``out``. Its temporary files
    (``ai.paths.write_atomic``'s names) and its lone sidecars (written for a table that
    never was) are removed. A checkpoint's ``.npz`` without its sidecar (as the earlier
    order left it), or beside a sidecar written for another table, holds a table: it is set
    aside with its sidecar (``NAME.incomplete-STAMP.npz``, never deleted) and ``notify``
    told (by default a line on stderr). A checkpoint whose sidecar cannot be read is left
    alone (not ours to judge). Returns the files removed or set aside, by their old names."""
    out = Path(out)
    if not out.parent.is_dir():
        return []
    temporary = re.compile(rf"^{re.escape(out.stem)}(\.ckpt-\d+)?\.(npz|json)"
                           rf"\.[a-z0-9_]{{8}}\.tmp$")
    removed = [p for p in out.parent.glob(f"{escape(out.stem)}.*.tmp")
               if temporary.match(p.name)]
    for sidecar in out.parent.glob(f"{escape(out.stem)}.ckpt-*.json"):
        table = sidecar.with_suffix(".npz")
        m = _CHECKPOINT.match(table.name)
        if m and m["run"] == out.stem and not table.exists():
            removed.append(sidecar)
    for path in removed:
        path.unlink(missing_ok=True)
    for _, table in checkpoints(out):
        if _half_pair(table):
            why = _reason(table)
            moved = set_aside(table, "incomplete")
            removed.append(table)
            if sidecar_path(table).is_file():
                sidecar_path(table).rename(sidecar_path(moved))
                removed.append(sidecar_path(table))
            (notify or _to_stderr)(f"{table.name} is incomplete ({why}); set aside as "
                                   f"{moved.name}")
    return removed


def _half_pair(table: Path) -> bool:
    """Whether the checkpoint ``table`` lacks its sidecar or has another table's."""
    if not sidecar_path(table).is_file():
        return True
    try:
        expected = read_sidecar(table).get("sha256")
    except TableFileError:
        return False
    return isinstance(expected, str) and expected != file_sha256(table)
