"""Numba's on-disk cache of the kernels, kept from going stale across files.

Numba checks a cached function against its own source file only (the file's time and
size, stored in the cache's index). A kernel that calls a kernel of another file carries
the callee's compiled code inside it, so after an edit of the callee's file (or of a
constant it reads) numba would load the caller from the cache with the old callee in it:
the compiled match loop kept playing yesterday's players.

So the first kernel a module defines in a process (:func:`engine._kernels.kernel` calls
:func:`renew`) compares a stamp kept beside the module's cache files with a digest of every
source file of the engine and of the module's own top-level package (the kernels it may
call); when they differ, the module's cache files (``<module>.*.nbi`` and ``*.nbc``) are
deleted and the stamp rewritten, so every kernel of the module is compiled afresh. Only
numba's public, documented behaviour is relied on: the cache folder is the one the
dispatcher reports (``dispatcher.stats.cache_path``: the module's ``__pycache__``, or
``NUMBA_CACHE_DIR``, or numba's user-wide folder when the package's is read-only), and a
missing cache file is a cache miss. (Before, numba's private cache locators were replaced.)

Costs: about 3 ms a process for the digests; after an edit, a recompile of the modules of
the edited package (and of every package, for an edit of the engine). A process still
running the old code may save a kernel under the new stamp; the next edit renews it.
"""

from __future__ import annotations

import functools
import hashlib
import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Any

ENGINE = Path(__file__).resolve().parent
STAMP_SUFFIX = ".sources-sha256"  # <module>.sources-sha256 beside <module>.*.nbi


def package_root(py_file: str | Path) -> Path:
    """The top-level package directory holding ``py_file`` (its own folder if that is no
    package)."""
    folder = Path(py_file).resolve().parent
    while (folder.parent / "__init__.py").exists():
        folder = folder.parent
    return folder


@functools.cache
def package_digest(root: Path) -> str:
    """SHA-256 over the names and contents of every ``.py`` file under ``root`` (computed
    once a process: about 2 ms for the engine and the players)."""
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(str(path.relative_to(root)).encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()


def sources_stamp(py_file: str | Path) -> str:
    """What a kernel of ``py_file`` may have compiled into it: the engine's sources and
    those of its own top-level package."""
    roots = sorted({ENGINE, package_root(py_file)})
    return " ".join(package_digest(root) for root in roots) + "\n"


_renewed: set[str] = set()  # the source files whose cache was checked in this process


def renew(py_func: Callable[..., Any], cache_path: Callable[[], str]) -> bool:
    """Delete the cache files of ``py_func``'s module if the sources it may call changed
    since they were written (once a process per module); True if it deleted any.

    ``cache_path`` gives the folder numba keeps that module's cache in; it is asked only
    the first time a module is seen."""
    py_file = Path(inspect.getfile(py_func))
    if str(py_file) in _renewed:
        return False
    _renewed.add(str(py_file))
    folder = Path(cache_path())
    stem = py_file.stem
    stamp_file = folder / (stem + STAMP_SUFFIX)
    stamp = sources_stamp(py_file)
    try:
        if stamp_file.read_text() == stamp:
            return False
    except (OSError, UnicodeDecodeError):
        pass  # no stamp yet (or unreadable): whatever is cached may be stale
    stale = [p for pattern in (f"{stem}.*.nbi", f"{stem}.*.nbc") for p in folder.glob(pattern)]
    try:
        for path in stale:
            path.unlink(missing_ok=True)
        folder.mkdir(parents=True, exist_ok=True)
        stamp_file.write_text(stamp)
    except OSError:
        pass  # a folder numba cannot write either: it caches nothing there
    return bool(stale)
