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
import os
import shutil
import threading
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from ai import schema
from ai.base import check_plays
from ai.match.driver import game_seed
from ai.match.series import Series
from ai.paths import (  # noqa: F401 (the window's modules and tests find them here)
    APP_NAME,
    HISTORY_NAME,
    DataFolderError,
    cache_dir,
    data_dir,
    set_aside,
    write_json_atomic,
)
from cribbage_gui.table.controller import TWO_PLAYERS, GameSetup
from engine import GameState, bounded
from engine.errors import RecordError
from engine.rules import VARIANT, VARIANTS

SAVE_NAME = "current_game.json"
CLAIM_NAME = "current_game.lock"  # the window that has the saved game (SaveStore.claim)
CLAIM_WRITTEN_S = 5.0  # a lock older than this that names no window is damaged
SAVE_FORMAT = "cribbage-save"
SAVE_VERSION = 1
MAX_MATCH = 1001  # games in a match (best of)
MAX_PERSON = 24  # characters of a person's name (pass and play)


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
    """Parse a JSON file within ``engine.bounded``'s limits (size, nesting, number length);
    raises ValueError naming the file if it breaks one or is not JSON."""
    try:
        return bounded.read_json(path)
    except bounded.BoundedInputError as exc:
        raise ValueError(f"{path.name}: {exc}") from exc


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
        "setup": _setup_fields(saved.setup),
        "game": saved.game.to_record(),
        "rng_states": list(saved.rng_states),
        "series": {"length": saved.series.length, "results": saved.series.results},
        "undo_used": saved.undo_used,
    }


def _setup_fields(setup: GameSetup) -> dict[str, Any]:
    """The setup as data; a six-card game's as it always was (no variant, no others)."""
    fields = asdict(setup)
    if setup.variant == VARIANT:
        del fields["variant"], fields["others"]
    return fields


_Person = Annotated[str, Field(min_length=1, max_length=MAX_PERSON, strict=True)]


class _Setup(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    opponent: schema.Name
    seed: schema.NonNegative
    index: Annotated[StrictInt, Field(ge=0, le=MAX_MATCH)] = 0
    human_seat: schema.Seat = 0
    manual_count: StrictBool = False
    muggins: StrictBool = False
    first_dealer: schema.Seat | None = None
    manual_pegging: StrictBool = False
    undo: StrictBool = False
    # pass and play: the names by seat (two, or a variant's every seat)
    people: Annotated[tuple[_Person, ...], Field(max_length=4)] = ()
    assist: StrictBool = False
    variant: Annotated[StrictStr, Field(max_length=20)] = VARIANT  # VARIANTS' (checked)
    others: Annotated[tuple[schema.Name, ...], Field(max_length=3)] = ()


class _Series(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    length: Annotated[StrictInt, Field(ge=1, le=MAX_MATCH)] = 1
    results: Annotated[list[tuple[schema.Seat, schema.Skunk]],
                       Field(max_length=MAX_MATCH)] = []


class SaveModel(BaseModel):
    """The shape of ``current_game.json`` (see :func:`encode`)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["cribbage-save"]
    version: schema.Version
    setup: _Setup
    game: schema.GameRecord
    rng_states: schema.Seats[dict[str, Any]]  # by seat
    series: _Series = _Series()
    undo_used: StrictBool = False


def decode(data: Any) -> SavedGame:
    """Check and rebuild a saved game; raises RecordError (a ValueError) if it is bad: not
    the shape of a save (:class:`SaveModel`), a game that does not replay or was not dealt
    from the setup's seed, random states a player cannot take, or a match already over."""
    from ai import HumanPlayer
    from ai.registry import make_builtin_player

    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise RecordError("not a saved cribbage game")
    version = data.get("version")
    if type(version) is not int or version != SAVE_VERSION:  # (JSON's true equals 1)
        raise RecordError(f"unsupported save version {bounded.json_text(version, 20)}")
    model = schema.check(SaveModel, data)
    fields = model.setup.model_dump()
    # names a person typed, shown on the table and the board: no control characters
    fields["people"] = tuple(person_name(n, "?") for n in fields["people"])
    if fields["variant"] not in VARIANTS:
        raise RecordError(f"unknown variant {bounded.json_text(fields['variant'], 20)}")
    setup = GameSetup(**fields)
    if setup.two_players != (setup.opponent == TWO_PLAYERS):
        raise RecordError("a game between two people names both of them, and only such a "
                          "game has no computer opponent")
    try:
        series = Series(model.series.length, [(w, k) for w, k in model.series.results])
        if series.over:
            raise RecordError("the match it belongs to is already decided")
        if setup.rules.players == 2 and (setup.others or len(setup.people) not in (0, 2)):
            raise RecordError("a game of two names one opponent, or two people")
        computers = setup.computer_seats()  # (a ValueError: the wrong number of players)
        if len(model.rng_states) != setup.rules.players:
            raise RecordError(f"a {setup.variant} game keeps {setup.rules.players} random "
                              f"states, not {len(model.rng_states)}")
        for seat, state in enumerate(model.rng_states):  # check them now, not in the worker
            # a file never starts a program: an outside engine is refused here
            player = make_builtin_player(computers[seat]) if seat in computers \
                else HumanPlayer()
            check_plays(player, setup.variant)
            player.restore_random_state(state)
    except RecordError:
        raise
    except ValueError as exc:  # an unknown or outside opponent, a random state it cannot
        raise RecordError(f"bad save: {bounded.clean(exc, 200)}") from exc  # take
    game = GameState.from_record(data["game"], seeded=True)
    if game.rules != setup.rules:
        raise RecordError(f"its game is not a {setup.variant} game")
    if game.seed != game_seed(setup.seed, setup.index):
        raise RecordError("its game was not dealt from its setup's seed")
    return SavedGame(setup, game, tuple(model.rng_states), series, model.undo_used)


def person_name(text: object, default: str) -> str:
    """A name a person gave (pass and play), fit for the table: control characters gone,
    spaces trimmed, at most :data:`MAX_PERSON` characters; ``default`` if nothing is left."""
    cleaned = bounded.clean(str(text), MAX_PERSON).strip() if text is not None else ""
    return cleaned or default


def _this_host() -> str:
    """This computer's name as Qt writes it in a lock."""
    from PySide6.QtCore import QSysInfo

    return QSysInfo.machineHostName()


def _alive(pid: int) -> bool:
    """Whether a process ``pid`` runs on this computer (one of another user's too)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # (another user's: it runs)
        return True
    return True


class SaveElsewhere(OSError):
    """The saved game is another window's (see :meth:`SaveStore.claim`)."""


class SaveStore:
    """The one saved game in progress, in the data folder. Written after every action of
    the game (from the game's thread, hence the lock), read at the next start.

    One window at a time has it: the window claims it (:meth:`claim`, a ``QLockFile``
    beside it, :data:`CLAIM_NAME`) before reading or writing it. Two windows sharing it
    both played it and overwrote each other's saves, and one could look ahead at the other's
    cards. A window that crashed, or was killed, leaves its claim on disk, but a claim
    whose process is gone is stale and taken over.

    ``disabled`` (a damaged save that could not even be set aside, e.g. in a read-only
    folder; or the save held by another window) leaves the file as it is: nothing is
    written over it, set aside or removed."""

    def __init__(self, folder: Path) -> None:
        from PySide6.QtCore import QLockFile

        self.folder = folder
        self.disabled = False
        self._lock = threading.Lock()
        self._claim = QLockFile(str(folder / CLAIM_NAME))
        # held as long as the window is open: never stale by age, only when its process is
        # gone (Qt compares the process id and name written in it)
        self._claim.setStaleLockTime(0)
        self.claim_problem: str | None = None  # why it could not be made at all, if so
        self.elsewhere = False  # another window has it (give_way)

    def claim(self) -> bool:
        """Hold the saved game for this window: True if it does (now, or already), False
        when another running window holds it. A folder where no lock can be made (read
        only) cannot be shared either: True, and :attr:`claim_problem` says why."""
        from PySide6.QtCore import QLockFile

        with self._lock:
            if self._claim.isLocked():
                return True
            if not self._set_aside_odd_claim():  # (Qt would read a named pipe forever)
                return True
            if self._claim.tryLock(0):
                return True
            if self._claim.error() == QLockFile.LockError.LockFailedError:
                # a window of this computer whose process is gone, whose lock Qt could not
                # remove (a read-only file): moved aside, as the stale lock it is
                pid, host, _ = self._claim.getLockInfo()
                if host == _this_host() and pid > 0 and not _alive(pid):
                    with contextlib.suppress(OSError):
                        set_aside(self.folder / CLAIM_NAME, "stale")
                        return self._claim.tryLock(0) or self._claim.error() != \
                            QLockFile.LockError.LockFailedError
                return False
            self.claim_problem = f"the lock {CLAIM_NAME} cannot be made"
            return True

    def _set_aside_odd_claim(self) -> bool:
        """A lock that is not a file (a named pipe, which Qt would read forever; a folder; a
        link, to itself or to nothing) is set aside, as a damaged file is, before Qt reads
        it; so is one that does not say whose it is (empty after a power cut, or damaged),
        which Qt would take for a live window's forever (with no age limit it is never
        stale) once it is older than a window takes to write its own. False when such a
        lock is there and cannot be moved: Qt must not read it."""
        path = self.folder / CLAIM_NAME
        kind = None
        try:
            kind = bounded.not_a_file(path)
            if kind is not None or path.is_symlink():  # (a lock is never a link)
                set_aside(path, "not-a-file")
            elif path.exists() and self._claim.getLockInfo()[0] <= 0 and \
                    time.time() - path.stat().st_mtime > CLAIM_WRITTEN_S:
                set_aside(path, "corrupt")
        except OSError as exc:  # (a read-only folder: it stays, and no lock is taken)
            self.claim_problem = f"{CLAIM_NAME} is in the way ({exc.strerror or exc})"
            return kind is None and not path.is_symlink()
        return True

    def holder(self) -> str | None:
        """The computer whose window holds the saved game, when it is not this one (a data
        folder shared or synchronised between computers, or one whose name changed), which
        this one cannot ask whether that window still runs; None when it is this one."""
        host = self._claim.getLockInfo()[1]
        return host if host and host != _this_host() else None

    def take_over(self) -> bool:
        """Take the saved game from a lock this computer cannot judge (:meth:`holder`), as
        the person asked: the lock is set aside (kept) and this window's made."""
        with self._lock, contextlib.suppress(OSError):
            set_aside(self.folder / CLAIM_NAME, "taken-over")
        if self.claim():
            self.disabled = self.elsewhere = False
            return True
        return False

    def give_way(self) -> None:
        """Another window has the saved game: leave it alone (not read, written, set aside
        or removed) until :meth:`take_back`."""
        self.disabled = self.elsewhere = True

    def take_back(self) -> bool:
        """After :meth:`give_way`: the saved game, if the other window has let it go."""
        if self.elsewhere and self.claim():
            self.disabled = self.elsewhere = False
        return not self.elsewhere

    def release(self) -> None:
        """Let another window have the saved game (this window closes)."""
        with self._lock:
            if self._claim.isLocked():
                self._claim.unlock()

    @property
    def path(self) -> Path:
        return self.folder / SAVE_NAME

    def exists(self) -> bool:
        return self.path.exists() or self.path.is_symlink()

    def write(self, saved: SavedGame) -> None:
        """Write atomically (the old save stays whole until the new one is complete);
        OSError if the folder cannot take it, :class:`SaveElsewhere` if another window has
        the saved game."""
        if self.disabled:
            return
        if not self.claim():  # (said once: from now on this window leaves it alone)
            self.give_way()
            raise SaveElsewhere("another Cribbage window has the saved game")
        data = encode(saved)
        with self._lock:
            write_json_atomic(self.path, data)

    def read(self) -> SavedGame:
        """The saved game; raises ValueError (and changes nothing) if it cannot be read,
        OSError if it cannot be opened (a folder in its place, no permission)."""
        return decode(read_json(self.path))

    def discard(self) -> None:
        if self.disabled:
            return
        with self._lock, contextlib.suppress(FileNotFoundError):
            self.path.unlink()

    def remove_leftovers(self) -> list[Path]:
        """Remove the temporary files of saves a killed program left half-written
        (``current_game.json.*.tmp``); returns them."""
        removed = []
        with contextlib.suppress(OSError):
            for leftover in self.folder.glob(f"{SAVE_NAME}.*.tmp"):
                with contextlib.suppress(OSError):
                    leftover.unlink()
                    removed.append(leftover)
        return removed

    def set_aside(self, why: str = "corrupt") -> Path:
        with self._lock:
            return set_aside(self.path, why)
