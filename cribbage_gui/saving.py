"""Where the game keeps its files, and saving a game so nothing the user saved is lost.

The data folder is ``ai.paths.data_dir()`` (the platform's conventional folder for
"Cribbage", from ``platformdirs``; ``CRIBBAGE_DATA_DIR`` overrides it). Earlier versions
used a doubled folder (``.../Cribbage/Cribbage``); its files are moved into the new folder
once, never overwriting anything there.

Writes are atomic (a temporary file in the same folder, flushed, then renamed over the old
one). A file that cannot be read is set aside under a new name with a clear message, never
overwritten or deleted.
"""

from __future__ import annotations

import contextlib
import json
import shutil
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ai.match.series import Series
from ai.paths import (  # noqa: F401 (the window's modules and tests find them here)
    APP_NAME,
    HISTORY_NAME,
    cache_dir,
    data_dir,
    set_aside,
    write_json_atomic,
)
from cribbage_gui.controller import GameSetup
from engine import GameState
from engine.errors import RecordError

SAVE_NAME = "current_game.json"
SAVE_FORMAT = "cribbage-save"
SAVE_VERSION = 1


# ---------------------------------------------------------------------------- the folder
def legacy_data_dir() -> Path | None:
    """The doubled folder earlier versions used (Qt's AppDataLocation for an organisation
    and an application both named "Cribbage"), or None when there is none."""
    from PySide6.QtCore import QCoreApplication, QStandardPaths

    names = QCoreApplication.organizationName(), QCoreApplication.applicationName()
    QCoreApplication.setOrganizationName(APP_NAME)
    QCoreApplication.setApplicationName(APP_NAME)
    try:
        location = QStandardPaths.writableLocation(
            QStandardPaths.StandardLocation.AppDataLocation)
    finally:
        QCoreApplication.setOrganizationName(names[0])
        QCoreApplication.setApplicationName(names[1])
    return Path(location) if location else None


def migrate(old: Path | None, new: Path) -> str | None:
    """Move the files of the old data folder into ``new`` (a file already in ``new`` is
    kept, and the old one moved beside it under another name). Returns a message for the
    person, or None when there was nothing to move."""
    if old is None or not old.is_dir() or old.resolve() == new.resolve():
        return None
    moved = []
    for item in sorted(old.iterdir()):
        target = new / item.name
        if target.exists():
            target = new / f"{item.stem}.from-old-folder{item.suffix}"
            n = 1
            while target.exists():
                target = new / f"{item.stem}.from-old-folder-{n}{item.suffix}"
                n += 1
        shutil.move(str(item), str(target))
        moved.append(target.name)
    with contextlib.suppress(OSError):  # something else appeared there: leave it
        old.rmdir()
    if not moved:
        return None
    return f"Your saved game and history moved from {old} to {new}."


def read_json(path: Path) -> Any:
    """Parse a JSON file; raises ValueError with the file's name if it is not JSON."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"{path.name} is not valid JSON: {exc}") from exc


# ---------------------------------------------------------------------------- saved games
@dataclass(frozen=True)
class SavedGame:
    setup: GameSetup
    game: GameState
    rng_states: tuple
    series: Series
    undo_used: bool = False


def encode(saved: SavedGame) -> dict[str, Any]:
    """A saved game as JSON-ready data."""
    return {
        "format": SAVE_FORMAT, "version": SAVE_VERSION,
        "setup": asdict(saved.setup),
        "game": saved.game.to_record(),
        "rng_states": list(saved.rng_states),
        "series": {"length": saved.series.length, "results": saved.series.results},
        "undo_used": saved.undo_used,
    }


def decode(data: Any) -> SavedGame:
    """Check and rebuild a saved game; raises RecordError (a ValueError) if it is bad."""
    from ai import make_player
    from ai.players.human import HumanPlayer

    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise RecordError("not a saved cribbage game")
    if data.get("version") != SAVE_VERSION:
        raise RecordError(f"unsupported save version {data.get('version')!r}")
    try:
        setup = GameSetup(**data["setup"])
        rng_states = tuple(data["rng_states"])
        if len(rng_states) != 2:
            raise RecordError("a save needs two random states")
        for seat, state in enumerate(rng_states):  # check them now, not in the worker
            player = HumanPlayer() if seat == setup.human_seat \
                else make_player(setup.opponent)
            player.restore_random_state(state)
        series_data = data.get("series", {"length": 1, "results": []})
        series = Series(int(series_data["length"]),
                        [tuple(r) for r in series_data["results"]])
        undo_used = bool(data.get("undo_used", False))
    except (KeyError, TypeError) as exc:
        raise RecordError(f"malformed save: {exc!r}") from exc
    except RecordError:
        raise
    except ValueError as exc:
        raise RecordError(f"bad save: {exc}") from exc
    game = GameState.from_record(data["game"])
    return SavedGame(setup, game, rng_states, series, undo_used)


class SaveStore:
    """The one saved game in progress, in the data folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    @property
    def path(self) -> Path:
        return self.folder / SAVE_NAME

    def exists(self) -> bool:
        return self.path.exists()

    def write(self, saved: SavedGame) -> None:
        write_json_atomic(self.path, encode(saved))

    def read(self) -> SavedGame:
        """The saved game; raises ValueError (and changes nothing) if it cannot be read."""
        return decode(read_json(self.path))

    def discard(self) -> None:
        self.path.unlink(missing_ok=True)

    def set_aside(self) -> Path:
        return set_aside(self.path)
