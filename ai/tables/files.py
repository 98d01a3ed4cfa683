"""Reading and writing trained tables: ``.npz`` arrays plus a JSON sidecar saying how they
were made. Files are loaded with ``allow_pickle=False``; a missing or damaged file raises
:class:`TableFileError` naming the file and the command that rebuilds it. Writes are atomic.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import time
from pathlib import Path
from typing import Any

import numpy as np

from ai.paths import ASSETS, write_atomic
from engine import bounded
from engine.bounded import NotAFileError, check_regular
from engine.errors import CribbageError
from engine.roles import ROLES_FORMAT


class TableFileError(CribbageError):
    """A trained table that is missing, unreadable or of the wrong shape."""


class IncompleteTableError(TableFileError):
    """A table whose two files are not a whole pair: a sidecar without its ``.npz``, an
    ``.npz`` without its sidecar, or the two written for different tables. A run stopped
    between the two writes leaves this (``--resume`` then goes on from an earlier
    checkpoint: ``ai.training.checkpoints``)."""


def asset_path(name: str) -> Path:
    """Where a shipped table lives (``CRIBBAGE_ASSETS`` overrides the folder)."""
    return Path(os.environ.get("CRIBBAGE_ASSETS", ASSETS)) / name


def sidecar_path(path: Path) -> Path:
    return path.with_suffix(".json")


def save_table(path: Path, arrays: dict[str, np.ndarray], meta: dict[str, Any]) -> None:
    """Write ``path`` (.npz) and its sidecar, each atomically: the sidecar first, so the
    ``.npz``, the name every reader (and ``--resume``, and the window's list of
    checkpoints) looks for, appears only with its sidecar beside it. The sidecar holds the
    SHA-256 of the arrays' file, so a pair cut in two by a crash between the writes (a new
    sidecar beside an old table, or a sidecar alone) is refused when read
    (:class:`IncompleteTableError`), never read with the wrong meaning."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    np.savez_compressed(buffer, **arrays)  # type: ignore[arg-type]  # numpy's stub
    data = buffer.getvalue()
    meta = {**meta, "saved_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
            "sha256": hashlib.sha256(data).hexdigest()}
    for target, content in ((sidecar_path(path), json.dumps(meta, indent=1).encode()),
                            (path, data)):
        write_atomic(target, content, mode=0o644)  # shipped tables are readable by everyone


def rebuild_hint(path: Path, rebuild: str) -> str:
    """What to do about a bad table: rebuild a shipped one with its command; a file of the
    user's own is theirs to fix (rebuilding the shipped table would not help)."""
    path = Path(path)
    # (realpath: resolve() raises on a link to itself)
    if os.path.realpath(path) == os.path.realpath(asset_path(path.name)):
        return f"rebuild it with: {rebuild}"
    return "give a table written by `cribbage train` (without a file the shipped one is used)"


def load_table(path: Path, expected: dict[str, tuple], rebuild: str
               ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """Load the arrays named in ``expected`` (name -> shape) and the sidecar (if any)."""
    path = Path(path)
    hint = rebuild_hint(path, rebuild)
    try:
        check_regular(path)
    except NotAFileError as exc:
        raise TableFileError(f"{path}: {exc}; {hint}") from exc
    if path.is_dir():  # ("" and "." too, which have no sidecar's name)
        raise TableFileError(f"{path}: a folder, not a table; {hint}")
    if not path.is_file():
        if sidecar_path(path).is_file():
            raise IncompleteTableError(
                f"{path}: only its sidecar {sidecar_path(path).name} is there, the table "
                f"itself was never written (a training run stopped while writing it); {hint}")
        raise TableFileError(f"{path}: no such file; {hint}")
    try:
        with np.load(path, allow_pickle=False) as data:
            for name, shape in expected.items():  # before a byte of data is unpacked
                check_header(data, name, shape)
            arrays = {name: data[name] for name in expected}
    except TableFileError as exc:
        raise TableFileError(f"{path}: {exc}; {hint}") from None
    except KeyError as exc:
        raise TableFileError(f"{path}: missing array {exc}; {hint}") from exc
    except ValueError as exc:
        if "Object arrays" in str(exc):  # numpy's refusal to unpickle: never loaded
            raise TableFileError(f"{path}: holds Python objects, not plain arrays (such "
                                 f"data is never loaded); {hint}") from exc
        why = "not an .npz file" if "pickle" in str(exc) else str(exc)  # numpy guessing
        raise TableFileError(f"{path}: damaged or not a table ({why}); {hint}") from exc
    except Exception as exc:  # zip or npy errors: the file is damaged
        raise TableFileError(f"{path}: damaged or not a table ({exc}); {hint}") from exc
    for name, shape in expected.items():
        a = arrays[name]
        if a.shape != shape:
            raise TableFileError(f"{path}: array {name!r} has shape {a.shape}, expected "
                                 f"{shape}; {hint}")
        if not np.all(np.isfinite(a)):
            raise TableFileError(f"{path}: array {name!r} holds NaN or infinite values; "
                                 f"{hint}")
    meta = read_sidecar(path, hint)
    if not meta:
        raise IncompleteTableError(
            f"{path}: its sidecar {sidecar_path(path).name} (how the table was made, and "
            f"which role is which) is missing, so it cannot be read safely; a training run "
            f"stopped while writing leaves this: {hint}")
    expected_sum = meta.get("sha256")
    if expected_sum is not None and expected_sum != file_sha256(path):
        raise IncompleteTableError(f"{path}: the table and its sidecar do not belong together "
                             f"(one was written without the other); {hint}")
    return arrays, meta


NUMBERS = "biuf"  # the kinds of array a table holds: booleans, integers, floats
MAX_ITEM = 8  # bytes of one number (int64, float64)


def array_header(data: Any, name: str) -> tuple[tuple[int, ...], np.dtype]:
    """The shape and type an ``.npz`` member (``data``: ``numpy.load``'s) declares, read from
    its header alone, nothing of its data; KeyError if there is no such member."""
    from numpy.lib import format as npy

    with data.zip.open(f"{name}.npy") as f:
        version = npy.read_magic(f)
        read = {(1, 0): npy.read_array_header_1_0, (2, 0): npy.read_array_header_2_0}.get(
            version)
        if read is None:
            raise TableFileError(f"array {name!r} is in .npy format {version}, not read")
        shape, _, dtype = read(f)
    return tuple(shape), dtype


def check_header(data: Any, name: str, shape: tuple[int, ...]) -> None:
    """TableFileError unless the member ``name`` declares ``shape`` and plain numbers: a
    4 MB file that declared 4 GB of one array had them unpacked (20 s and 4 GB of memory)
    before its shape was looked at."""
    found, dtype = array_header(data, name)
    if dtype.hasobject:
        raise TableFileError("holds Python objects, not plain arrays (such data is never "
                             "loaded)")
    if found != shape:
        raise TableFileError(f"array {name!r} has shape {found}, expected {shape}")
    if dtype.kind not in NUMBERS or dtype.itemsize > MAX_ITEM:
        raise TableFileError(f"array {name!r} holds {dtype}, not plain numbers")


def file_sha256(path: Path) -> str:
    """The SHA-256 of a file's bytes, as a sidecar records it."""
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def by_current_roles(path: Path, meta: dict[str, Any], array: np.ndarray, axis: int
                     ) -> np.ndarray:
    """``array`` with its role axis in the numbering of ``engine.roles`` (pone 0, dealer 1).
    A table saved before the numbering was recorded (no ``"roles"`` in its sidecar) had the
    dealer at 0 and is converted; a numbering this version does not know is refused."""
    roles = meta.get("roles")
    if roles is None:
        return np.ascontiguousarray(np.flip(array, axis=axis))
    if roles != ROLES_FORMAT:
        raise TableFileError(f"{path}: its roles are numbered {roles!r}, which this version "
                             f"does not read (it reads {ROLES_FORMAT!r})")
    return array


def read_sidecar(path: Path, hint: str = "") -> dict[str, Any]:
    """The sidecar of ``path`` ({} when there is none); ``hint`` ends the error message."""
    side = sidecar_path(Path(path))
    if not side.is_file():
        return {}
    try:
        meta = bounded.read_json(side, max_bytes=1_000_000)
    except (OSError, ValueError) as exc:
        raise TableFileError(f"{side}: unreadable sidecar ({exc})"
                             + (f"; {hint}" if hint else "")) from exc
    if not isinstance(meta, dict):
        raise TableFileError(f"{side}: a sidecar must be a JSON object"
                             + (f"; {hint}" if hint else ""))
    return meta



def resume_point(path: Path, meta: dict[str, Any], key: str, total: int, unit: str) -> int:
    """How much of a run the table at ``path`` has done (``meta[key]``, 0 when absent), for
    resuming it towards ``total``: a whole number from 0 to ``total``, else a
    :class:`TableFileError` saying so (a hand-edited or damaged sidecar, or a run already
    longer than the one asked for)."""
    done = meta.get(key, 0)
    side = sidecar_path(Path(path))
    if isinstance(done, bool) or not isinstance(done, int) or done < 0:
        raise TableFileError(f"{side}: {key} is {done!r}, not a number of {unit}; give a "
                             f"table or checkpoint written by `cribbage train`")
    if done > total:
        raise TableFileError(f"{path}: it has done {done:,} {unit} already, more than the "
                             f"{total:,} asked for; ask for more to go on from it")
    return done


def resume_value(path: Path, meta: dict[str, Any], key: str, default: float) -> float:
    """A finite number from the sidecar of ``path`` (``default`` when absent), else a
    :class:`TableFileError`."""
    value = meta.get(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) \
            or not np.isfinite(value):
        raise TableFileError(f"{sidecar_path(Path(path))}: {key} is {value!r}, not a "
                             f"number; give a table or checkpoint written by `cribbage train`")
    return float(value)
