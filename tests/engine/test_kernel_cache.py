"""The kernels' on-disk cache is renewed when a kernel they call changes (engine._cache)."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from engine import _cache
from engine.kernels import score5

REPO = Path(__file__).resolve().parents[2]


def test_the_engines_kernels_are_cached_with_the_stamped_locator():
    assert _cache.INSTALLED
    score5(0, 4, 8, 12, 16, False)
    locator = score5._cache._impl.locator
    assert isinstance(locator, _cache._Stamped)
    stamp = locator.get_source_stamp()
    assert stamp[1] == _cache.package_digest(_cache.ENGINE)


def test_the_digest_covers_every_file_of_the_package(tmp_path):
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    for name in ("__init__.py", "sub/__init__.py", "sub/a.py"):
        (package / name).write_text("X = 1\n")
    assert _cache.package_root(package / "sub" / "a.py") == package
    before = _cache.package_digest.__wrapped__(package)
    (package / "sub" / "a.py").write_text("X = 2\n")
    edited = _cache.package_digest.__wrapped__(package)
    (package / "b.py").write_text("")
    added = _cache.package_digest.__wrapped__(package)
    assert len({before, edited, added}) == 3


CALLER = """
from engine.kernels import kernel
from pkg.callee import value

@kernel
def caller():
    return value() * 10

print(caller())
"""


def test_editing_a_callees_file_recompiles_its_caller(tmp_path):
    """Numba alone would load ``caller`` from its cache with the old ``value`` in it (its
    own file did not change): 10 again instead of 20."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "callee.py").write_text("from engine.kernels import kernel\n\n@kernel\n"
                                       "def value():\n    return 1\n")
    (package / "caller.py").write_text(textwrap.dedent(CALLER))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(REPO)]),
               NUMBA_CACHE_DIR=str(tmp_path / "cache"))

    def run() -> str:
        done = subprocess.run([sys.executable, "-m", "pkg.caller"], env=env, cwd=tmp_path,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    assert run() == "10"
    assert any((tmp_path / "cache").rglob("caller.caller-*.nbi"))
    assert run() == "10"  # from the cache
    (package / "callee.py").write_text("from engine.kernels import kernel\n\n@kernel\n"
                                       "def value():\n    return 2\n")
    assert run() == "20"
