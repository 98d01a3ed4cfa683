"""Numba's on-disk cache of the kernels, kept from going stale across files.

Numba checks a cached function against its own source file only. A kernel that calls a
kernel of another file carries the callee's compiled code inside it, so after an edit of the
callee's file (or of a constant it reads) numba would load the caller from the cache with the
old callee in it: the compiled match loop kept playing yesterday's players. Here a kernel's
cache is also stamped with a digest of every source file of its own top-level package and of
the engine (the kernels it may call), so any change there recompiles what depends on it.

Only functions compiled through :func:`engine._kernels.kernel` are stamped so (it marks them
with :data:`MARK`); every other numba user keeps numba's own cache locators.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path
from typing import Any

from numba.core import caching

MARK = "_cribbage_kernel"  # set on a kernel's Python function by engine._kernels.kernel
ENGINE = Path(__file__).resolve().parent


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


class _Stamped:
    """A cache locator whose stamp also covers the kernels a kernel may call."""

    _py_file: str

    def get_source_stamp(self) -> Any:
        own = super().get_source_stamp()  # type: ignore[misc]  # numba's locator, mixed in
        return (own, package_digest(ENGINE), package_digest(package_root(self._py_file)))

    @classmethod
    def from_function(cls, py_func: Any, py_file: str) -> Any:
        if not getattr(py_func, MARK, False):
            return None
        return super().from_function(py_func, py_file)  # type: ignore[misc]


def _install() -> bool:
    """Put the stamped locators first in numba's list (the user's NUMBA_CACHE_DIR first, as
    numba orders its own). False, and numba's own behaviour, if numba has changed shape."""
    impl = getattr(caching, "CacheImpl", None) or getattr(caching, "_CacheImpl", None)
    user = getattr(caching, "UserProvidedCacheLocator", None) or \
        getattr(caching, "_UserProvidedCacheLocator", None)
    in_tree = getattr(caching, "InTreeCacheLocator", None) or \
        getattr(caching, "_InTreeCacheLocator", None)
    if impl is None or user is None or in_tree is None:
        return False
    if any(issubclass(c, _Stamped) for c in impl._locator_classes):
        return True
    stamped = [type("StampedUserProvidedCacheLocator", (_Stamped, user), {}),
               type("StampedInTreeCacheLocator", (_Stamped, in_tree), {})]
    impl._locator_classes = stamped + list(impl._locator_classes)
    return True


INSTALLED = _install()
