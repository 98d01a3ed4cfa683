"""Where the game keeps its files, and writing them so nothing the user saved is lost.

Writes are atomic (a temporary file in the same folder, flushed, then renamed over the old
one). A file that cannot be read is set aside under a new name with a clear message, never
overwritten or deleted.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QStandardPaths

SAVE_NAME = "current_game.json"
HISTORY_NAME = "history.sqlite3"


def data_dir() -> Path:
    """The user's data folder for this application (created if missing).

    ``CRIBBAGE_DATA_DIR`` overrides it (tests, portable installs)."""
    override = os.environ.get("CRIBBAGE_DATA_DIR")
    if override:
        path = Path(override)
    else:
        location = QStandardPaths.writableLocation(
            QStandardPaths.StandardLocation.AppDataLocation)
        path = Path(location) if location else Path.home() / ".cribbage"
    path.mkdir(parents=True, exist_ok=True)
    return path


def write_json_atomic(path: Path, data: Any) -> None:
    """Write ``data`` as JSON to ``path`` so a crash leaves either the old or the new file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def set_aside(path: Path) -> Path:
    """Rename an unreadable file out of the way; return its new name."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.corrupt-{stamp}{path.suffix}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.stem}.corrupt-{stamp}-{n}{path.suffix}")
        n += 1
    path.rename(target)
    return target


def read_json(path: Path) -> Any:
    """Parse a JSON file; raises ValueError with the file's name if it is not JSON."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"{path.name} is not valid JSON: {exc}") from exc
