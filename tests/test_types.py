"""The engine, the AI layer and the GUI type-check (mypy, configured in pyproject.toml)."""

import tomllib
from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"engine", "ai", "cribbage_gui"}


def test_all_three_packages_are_checked():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    assert set(config["files"]) == PACKAGES


def test_engine_ai_and_gui_type_check(monkeypatch):
    monkeypatch.chdir(ROOT)
    out, err, status = api.run(["--no-error-summary", "--cache-dir", str(ROOT / ".mypy_cache")])
    assert status == 0, out + err
