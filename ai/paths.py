"""Where the program keeps the user's files, and writing JSON so a crash never leaves half a
file. Shared by the headless commands (the tournament's database and ratings) and the
window (``cribbage_gui.table.saving``), which is why it lives here and not in the GUI.

The data folder is the platform's conventional one for "Cribbage" (``platformdirs``:
``~/.local/share/Cribbage`` on Linux, ``%LOCALAPPDATA%\\Cribbage`` on Windows,
``~/Library/Application Support/Cribbage`` on macOS); ``CRIBBAGE_DATA_DIR`` overrides it,
and ``CRIBBAGE_CACHE_DIR`` the cache folder.
"""

from __future__ import annotations

import json
import os
import stat
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.errors import CribbageError

APP_NAME = "Cribbage"
# the folder of the shipped tables, ratings and practice positions (the repository's assets/)
ASSETS = Path(__file__).resolve().parents[1] / "assets"
HISTORY_NAME = "history.sqlite3"  # games (the window) and tournaments (the command)
PRACTICE_NAME = "practice.sqlite3"  # practice positions, answers, ratings, counting drills


class DataFolderError(CribbageError):
    """The data folder cannot be made or used (a parent is a file, no permission)."""

    exit_status = 1


def _to_stderr(message: str) -> None:
    print(f"cribbage: {message}", file=sys.stderr)


def data_dir(notify: Callable[[str], None] = _to_stderr) -> Path:
    """The user's data folder for this application (created if missing). A file where the
    folder should be is set aside (renamed, kept) and the folder made, with ``notify``
    told (by default, a line on stderr); DataFolderError if it cannot be made."""
    override = os.environ.get("CRIBBAGE_DATA_DIR")
    if override:
        path = Path(override)
    else:
        import platformdirs

        path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    try:
        if path.exists() and not path.is_dir():
            moved = set_aside(path, "not-a-folder")
            notify(f"{path} was a file, not a folder: it was kept as {moved.name} and the "
                   f"data folder made in its place.")
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DataFolderError(f"the data folder {path} cannot be made "
                              f"({exc.strerror or exc}); set CRIBBAGE_DATA_DIR to a folder "
                              f"you can write") from exc
    return path


def cache_dir() -> Path:
    """The user's cache folder for this application: files the program can always write
    again (the sound effects). Not created here."""
    override = os.environ.get("CRIBBAGE_CACHE_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))


def write_atomic(path: Path, data: bytes, mode: int | None = None) -> None:
    """Write ``data`` to ``path`` so a crash leaves either the old or the new file: a
    temporary file in the same folder, flushed to disk, then renamed over the old one.
    ``mode`` sets the file's permissions (default: an existing file's, else readable by
    the user only). A symbolic link is written through, to the file it names (it was
    replaced by a file of its own, and the file it named kept its old contents)."""
    path = Path(path)
    if path.is_symlink():
        path = Path(os.path.realpath(path))
    if mode is None and path.is_file():
        mode = stat.S_IMODE(path.stat().st_mode)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_json_atomic(path: Path, data: Any) -> None:
    """Write ``data`` as JSON to ``path`` so a crash leaves either the old or the new file."""
    write_atomic(path, json.dumps(data, indent=1).encode("utf-8"))


def set_aside(path: Path, why: str = "corrupt") -> Path:
    """Rename an unreadable file (or a folder where a file should be) out of the way
    (``NAME.corrupt-STAMP.EXT``, so nothing the user saved is lost); return its new name.
    OSError if it cannot be renamed (a read-only folder)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.{why}-{stamp}{path.suffix}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.stem}.{why}-{stamp}-{n}{path.suffix}")
        n += 1
    path.rename(target)
    return target
