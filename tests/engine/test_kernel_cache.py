"""The kernels' on-disk cache is renewed when a kernel they call changes (engine._cache)."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from engine import _cache, _kernels
from engine.kernels import score5

REPO = Path(__file__).resolve().parents[2]


def test_the_engines_cache_is_stamped_with_the_sources_it_was_compiled_from():
    score5(0, 4, 8, 12, 16, False)
    folder = Path(score5.stats.cache_path)
    stamp = (folder / ("_kernels" + _cache.STAMP_SUFFIX)).read_text()
    assert stamp == _cache.sources_stamp(_kernels.__file__)
    assert _cache.package_digest(_cache.ENGINE) in stamp


def _module(tmp_path, name):
    """A function defined in a file ``pkg/<name>.py`` of a package under ``tmp_path``."""
    package = tmp_path / "pkg"
    package.mkdir(exist_ok=True)
    (package / "__init__.py").write_text("")
    (package / f"{name}.py").write_text("def f():\n    return 1\n")
    namespace: dict = {}
    code = compile((package / f"{name}.py").read_text(), str(package / f"{name}.py"), "exec")
    exec(code, namespace)
    return namespace["f"]


def test_a_stale_modules_cache_files_are_deleted_once_and_the_stamp_renewed(tmp_path):
    cache = tmp_path / "cache"
    cache.mkdir()
    mine = ["mod.f-1.py311.nbi", "mod.f-1.py311.1.nbc", "mod.g-5.py311.nbi"]
    others = ["modx.f-1.py311.nbi", "other.mod-1.py311.nbc", "mod.f-1.py311.pyc"]
    for name in mine + others:
        (cache / name).write_text("x")
    (cache / ("mod" + _cache.STAMP_SUFFIX)).write_text("an older digest\n")
    f = _module(tmp_path, "mod")

    assert _cache.renew(f, lambda: str(cache))
    assert sorted(p.name for p in cache.iterdir()) == sorted(others + ["mod.sources-sha256"])
    assert (cache / "mod.sources-sha256").read_text() == _cache.sources_stamp(
        tmp_path / "pkg" / "mod.py")
    (cache / mine[0]).write_text("x")  # compiled again in this process: kept
    assert not _cache.renew(f, lambda: pytest.fail("asked twice"))
    assert (cache / mine[0]).exists()


def test_a_module_whose_stamp_matches_keeps_its_cache(tmp_path):
    cache = tmp_path / "cache"
    cache.mkdir()
    f = _module(tmp_path, "kept")
    (cache / "kept.f-1.py311.nbi").write_text("x")
    (cache / ("kept" + _cache.STAMP_SUFFIX)).write_text(
        _cache.sources_stamp(tmp_path / "pkg" / "kept.py"))
    assert not _cache.renew(f, lambda: str(cache))
    assert (cache / "kept.f-1.py311.nbi").exists()


def test_a_cache_folder_not_made_yet_gets_its_stamp(tmp_path):
    f = _module(tmp_path, "fresh")
    assert not _cache.renew(f, lambda: str(tmp_path / "cache" / "sub"))
    assert (tmp_path / "cache" / "sub" / "fresh.sources-sha256").exists()


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
